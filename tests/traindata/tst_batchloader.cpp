#include "batchloader.h"
#include "labelcache.h"
#include "skeleton.h"
#include "synthgenerator.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <opencv2/core.hpp>

#include <algorithm>
#include <thread>

using gp::Augmenter;
using gp::BatchLoader;
using gp::DatasetConfig;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::LabelCache;
using gp::LoadedImageCache;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::TrainDataset;
using gp::TrainingConfig;
using gp::TrainSample;

class TestBatchLoader : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void sameBatchesForAnyWorkerCount();
    void epochsDiffer();
    void fractionAndBatchCount();
    void stopMidEpoch();
    void ranksShareEachBatch();
    void ranksArePaddedToEqualCounts();
    void labelCacheReusesUnchangedFiles();
    void mosaicDecodesEachImageOnce();
    void cacheEvictsLeastRecentlyUsed();

private:
    std::vector<ImageAnnotation> annotations(LabelCache::Stats *stats = nullptr);

    QTemporaryDir m_dir;
    DatasetConfig m_config;
};

void TestBatchLoader::initTestCase()
{
    SynthOptions o;
    o.outDir = m_dir.path();
    o.count = 10;
    o.imageSize = QSize(160, 96);
    o.seed = 11;
    o.valFraction = 0.2;
    o.videoFrames = 0;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    DatasetIssueList issues;
    const auto c = DatasetConfig::load(m_dir.filePath(QStringLiteral("data.yaml")), &issues);
    QVERIFY(c);
    m_config = *c;
}

std::vector<ImageAnnotation> TestBatchLoader::annotations(LabelCache::Stats *stats)
{
    DatasetIssueList issues;
    auto a = LabelCache::load(m_config, QStringLiteral("train"), &issues, stats);
    return a;
}

void TestBatchLoader::sameBatchesForAnyWorkerCount()
{
    const TrainDataset ds(annotations());
    TrainingConfig c;
    c.imgsz = 96;
    const Augmenter aug(c, m_config.flipIdx);
    auto epoch = [&](int workers) {
        BatchLoader loader(ds, aug, c, { 3, workers, 2, 42, true, 1.0 });
        loader.startEpoch(2, true);
        std::vector<BatchLoader::Batch> out;
        while (auto b = loader.next())
            out.push_back(std::move(*b));
        return out;
    };
    const auto serial = epoch(0), threaded = epoch(3);
    QCOMPARE(serial.size(), size_t(3)); // 8 train images, batch 3
    QCOMPARE(threaded.size(), serial.size());
    for (size_t b = 0; b < serial.size(); ++b) {
        QCOMPARE(threaded[b].index, int(b));
        QCOMPARE(threaded[b].images, serial[b].images);
        for (size_t i = 0; i < serial[b].samples.size(); ++i) {
            QCOMPARE(threaded[b].samples[i].image.size(), cv::Size(96, 96));
            QCOMPARE(cv::norm(threaded[b].samples[i].image, serial[b].samples[i].image, cv::NORM_L1), 0.0);
            QVERIFY(threaded[b].samples[i].instances == serial[b].samples[i].instances);
        }
    }
}

void TestBatchLoader::epochsDiffer()
{
    const TrainDataset ds(annotations());
    TrainingConfig c;
    c.imgsz = 64;
    const Augmenter aug(c, m_config.flipIdx);
    BatchLoader loader(ds, aug, c, { 8, 0, 2, 1, true, 1.0 });
    loader.startEpoch(0, true);
    const auto a = loader.next();
    loader.startEpoch(1, true);
    const auto b = loader.next();
    QVERIFY(a && b);
    QVERIFY(a->images != b->images || cv::norm(a->samples[0].image, b->samples[0].image, cv::NORM_L1) > 0);
}

void TestBatchLoader::fractionAndBatchCount()
{
    const TrainDataset ds(annotations());
    TrainingConfig c;
    c.imgsz = 64;
    const Augmenter aug(c, m_config.flipIdx);
    QCOMPARE(BatchLoader(ds, aug, c, { 4, 0, 2, 0, true, 1.0 }).batchesPerEpoch(), 2);
    QCOMPARE(BatchLoader(ds, aug, c, { 4, 0, 2, 0, true, 0.5 }).batchesPerEpoch(), 1);
    QCOMPARE(BatchLoader(ds, aug, c, { 3, 0, 2, 0, true, 1.0 }).batchesPerEpoch(), 3);
}

void TestBatchLoader::stopMidEpoch()
{
    const TrainDataset ds(annotations());
    TrainingConfig c;
    c.imgsz = 64;
    const Augmenter aug(c, m_config.flipIdx);
    BatchLoader loader(ds, aug, c, { 1, 2, 1, 0, true, 1.0 });
    loader.startEpoch(0, true);
    QVERIFY(loader.next());
    loader.stop(); // workers blocked on the full prefetch queue must wake and leave
    QVERIFY(true);
}

void TestBatchLoader::ranksShareEachBatch()
{
    // Two ranks' slices of every batch are, in order, the batch a single process builds:
    // the same images with the same augmentation.
    const TrainDataset ds(annotations());
    TrainingConfig c;
    c.imgsz = 64;
    const Augmenter aug(c, m_config.flipIdx);
    BatchLoader single(ds, aug, c, { 4, 0, 2, 7, true, 1.0 });
    BatchLoader rank0(ds, aug, c, { 4, 1, 2, 7, true, 1.0, 0, 2 });
    BatchLoader rank1(ds, aug, c, { 4, 2, 2, 7, true, 1.0, 1, 2 });
    QCOMPARE(rank0.batchesPerEpoch(), single.batchesPerEpoch());
    QCOMPARE(rank1.batchesPerEpoch(), single.batchesPerEpoch());
    for (BatchLoader *l : { &single, &rank0, &rank1 })
        l->startEpoch(3, true);
    int batches = 0;
    while (auto whole = single.next()) {
        const auto a = rank0.next(), b = rank1.next();
        QVERIFY(a && b);
        QCOMPARE(a->samples.size(), size_t(2));
        QCOMPARE(b->samples.size(), size_t(2));
        std::vector<size_t> joined = a->images;
        joined.insert(joined.end(), b->images.begin(), b->images.end());
        QCOMPARE(joined, whole->images);
        for (size_t i = 0; i < 4; ++i) {
            const TrainSample &s = i < 2 ? a->samples[i] : b->samples[i - 2];
            QCOMPARE(cv::norm(s.image, whole->samples[i].image, cv::NORM_L1), 0.0);
            QVERIFY(s.instances == whole->samples[i].instances);
        }
        ++batches;
    }
    QCOMPARE(batches, 2); // 8 train images, batch 4
    QVERIFY(!rank0.next() && !rank1.next());
}

void TestBatchLoader::ranksArePaddedToEqualCounts()
{
    // 8 images over 3 ranks: the order is padded to 9 so that each rank trains on 3 images
    // in 3 batches (of 1) and none waits in a collective for a batch it does not have.
    const TrainDataset ds(annotations());
    TrainingConfig c;
    c.imgsz = 64;
    const Augmenter aug(c, m_config.flipIdx);
    std::vector<size_t> seen;
    for (int rank = 0; rank < 3; ++rank) {
        BatchLoader l(ds, aug, c, { 3, 0, 2, 1, true, 1.0, rank, 3 });
        QCOMPARE(l.batchesPerEpoch(), 3);
        l.startEpoch(0, false);
        int batches = 0;
        while (auto b = l.next()) {
            QCOMPARE(b->samples.size(), size_t(1));
            QCOMPARE(l.localBatchSize(b->index), 1);
            seen.insert(seen.end(), b->images.begin(), b->images.end());
            ++batches;
        }
        QCOMPARE(batches, 3);
    }
    std::sort(seen.begin(), seen.end());
    QCOMPARE(seen.size(), size_t(9));
    QCOMPARE(std::unique(seen.begin(), seen.end()) - seen.begin(), 8L); // every image, one twice
}

void TestBatchLoader::labelCacheReusesUnchangedFiles()
{
    QFile::remove(LabelCache::cacheFile(m_config, QStringLiteral("train")));
    LabelCache::Stats first, second, third;
    const auto a = annotations(&first);
    QCOMPARE(first.parsed, 8);
    QVERIFY(first.written);
    QVERIFY(QFile::exists(LabelCache::cacheFile(m_config, QStringLiteral("train"))));
    const auto b = annotations(&second);
    QCOMPARE(second.reused, 8);
    QCOMPARE(second.parsed, 0);
    QVERIFY(a == b);
    // Changing one label file re-parses that one only, and its problem is reported.
    const QString label = DatasetConfig::labelFileFor(a[2].imagePath);
    QFile f(label);
    QVERIFY(f.open(QIODevice::Append));
    f.write("0 0.5 0.5 2.0 0.1\n");
    f.close();
    DatasetIssueList issues;
    LabelCache::load(m_config, QStringLiteral("train"), &issues, &third);
    QCOMPARE(third.parsed, 1);
    QCOMPARE(third.reused, 7);
    QCOMPARE(issues.count(DatasetIssue::Kind::ColumnCount), 1);
    // Reported again from the cache on the next run.
    DatasetIssueList again;
    LabelCache::load(m_config, QStringLiteral("train"), &again);
    QCOMPARE(again.count(DatasetIssue::Kind::ColumnCount), 1);
}

void TestBatchLoader::mosaicDecodesEachImageOnce()
{
    // Mosaic without mixup, one image per batch, n ≤ 8 images: the cache holds the whole
    // split, so each file is decoded once in two epochs; the other 3 · n + 4 · n loads (the
    // second epoch's own images included) come from the cache.
    const TrainDataset ds(annotations());
    const size_t n = ds.size();
    QVERIFY(n >= 4 && n <= 8); // labelCacheReusesUnchangedFiles may have spoilt one label
    TrainingConfig c;
    c.imgsz = 64;
    c.mixup = 0;
    const Augmenter aug(c, m_config.flipIdx);
    BatchLoader loader(ds, aug, c, { 1, 0, 2, 3, true, 1.0 });
    for (int epoch = 0; epoch < 2; ++epoch) {
        loader.startEpoch(epoch, true);
        while (loader.next()) { }
    }
    QCOMPARE(loader.cache().misses(), n);
    QCOMPARE(loader.cache().hits() + loader.cache().misses(), 2 * n * 4);
    // Without mosaic nothing is kept or looked up.
    loader.startEpoch(2, false);
    while (loader.next()) { }
    QCOMPARE(loader.cache().hits() + loader.cache().misses(), 2 * n * 4);
}

void TestBatchLoader::cacheEvictsLeastRecentlyUsed()
{
    LoadedImageCache cache(2);
    int decodes = 0;
    auto get = [&](size_t i, bool ok = true) {
        return cache.get(i, [&](bool *loaded) {
            ++decodes;
            *loaded = ok;
            return TrainSample { cv::Mat(2, 2, CV_8UC3, cv::Scalar::all(double(i))), {} };
        });
    };
    get(1);
    get(2);
    QCOMPARE(get(1).image.at<cv::Vec3b>(0, 0)[0], uchar(1)); // 1 is now the most recent
    get(3); // evicts 2
    QCOMPARE(decodes, 3);
    get(1);
    QCOMPARE(decodes, 3);
    get(2);
    QCOMPARE(decodes, 4);
    QCOMPARE(cache.size(), size_t(2));
    // A failed decode is not kept: its problem is reported at every use.
    get(7, false);
    get(7, false);
    QCOMPARE(decodes, 6);
    QCOMPARE(cache.hits(), size_t(2));
    QCOMPARE(cache.misses(), size_t(6));
}

QTEST_GUILESS_MAIN(TestBatchLoader)
#include "tst_batchloader.moc"
