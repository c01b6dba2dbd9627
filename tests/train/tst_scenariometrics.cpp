// Per-scenario validation metrics: the metrics validation reports for a scenario tag are the
// metrics of a validation of exactly the images with that tag, and a scenario where the
// predictions are worse scores worse. The predictions come from an oracle network that
// returns each image's ground truth (moved by a known amount per image), so the expected
// values follow from the definitions: exact predictions score 1.

#include "averageprecision.h"
#include "scenario.h"
#include "scenariotags.h"
#include "skeleton.h"
#include "synthgenerator.h"
#include "trainingdata.h"
#include "validator_p.h"

#include <QTemporaryDir>
#include <QTest>

#include <torch/torch.h>

#include <cmath>

using namespace gp;

namespace {

constexpr int kImgsz = 320;
constexpr int kKeypoints = 14;

// How far the oracle moves the keypoints of an image: the occluded scenario's images are
// predicted 4 px off, every other image exactly.
double keypointShift(const QStringList &tags)
{
    return tags.contains(QStringLiteral("occlusion")) ? 4.0 : 0.0;
}

// The decoded output [1, 4 + 1 + 3K, N] for one image: its instances where the letterbox
// puts them (scale and centred padding of a square imgsz input), class score 0.9.
torch::Tensor oracle(const ImageAnnotation &image, double shift)
{
    const double w = image.imageSize.width(), h = image.imageSize.height();
    const double r = std::min(kImgsz / w, kImgsz / h);
    const double padX = (kImgsz - std::round(w * r)) / 2.0, padY = (kImgsz - std::round(h * r)) / 2.0;
    const double left = std::round(padX - 0.1), top = std::round(padY - 0.1);
    const int n = std::max<int>(1, int(image.instances.size()));
    torch::Tensor out = torch::zeros({ 1, 5 + 3 * kKeypoints, n });
    auto a = out.accessor<float, 3>();
    for (int i = 0; i < int(image.instances.size()); ++i) {
        const PoseInstance &p = image.instances[size_t(i)];
        a[0][0][i] = float(p.box.center().x() * r + left);
        a[0][1][i] = float(p.box.center().y() * r + top);
        a[0][2][i] = float(p.box.width() * r);
        a[0][3][i] = float(p.box.height() * r);
        a[0][4][i] = 0.9f;
        for (int k = 0; k < kKeypoints; ++k) {
            const Keypoint &kp = p.keypoints[size_t(k)];
            a[0][5 + 3 * k][i] = float(kp.x * r + left + shift);
            a[0][6 + 3 * k][i] = float(kp.y * r + top);
            a[0][7 + 3 * k][i] = 0.9f;
        }
    }
    return out;
}

ValOutcome validateWithOracle(
    const std::vector<ImageAnnotation> &images, const std::vector<QStringList> &tags, bool perScenario)
{
    const TrainDataset set { std::vector<ImageAnnotation>(images) };
    ValOptions o;
    o.sigmas.assign(kKeypoints, 1.0 / kKeypoints);
    if (perScenario)
        o.imageTags = tags;
    ModelSpec spec;
    spec.numKeypoints = kKeypoints;
    // One image per batch, in dataset order: the n-th call is the n-th image.
    size_t call = 0;
    const DecodedForward forward = [&](const torch::Tensor &) {
        const size_t i = call++;
        return oracle(images[i], keypointShift(tags[i]));
    };
    return validate(spec, forward, set, squareBatches(set, kImgsz, 1), kImgsz, o);
}

void compareMetrics(const PoseMetrics &a, const PoseMetrics &b)
{
    QCOMPARE(a.images, b.images);
    QCOMPARE(a.instances, b.instances);
    for (const auto &[x, y] : { std::pair { &a.box, &b.box }, std::pair { &a.pose, &b.pose } }) {
        QCOMPARE(x->precision, y->precision);
        QCOMPARE(x->recall, y->recall);
        QCOMPARE(x->map50, y->map50);
        QCOMPARE(x->map, y->map);
    }
    QCOMPARE(a.perKeypoint.size(), b.perKeypoint.size());
    for (size_t k = 0; k < a.perKeypoint.size(); ++k) {
        QCOMPARE(a.perKeypoint[k].count, b.perKeypoint[k].count);
        QCOMPARE(a.perKeypoint[k].meanPixelError, b.perKeypoint[k].meanPixelError);
    }
    QCOMPARE(a.occluded.count, b.occluded.count);
    QCOMPARE(a.visible.count, b.visible.count);
}

} // namespace

class TestScenarioMetrics : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void eachTagScoresItsOwnImages();
    void untaggedDatasetHasNoScenarios();

private:
    QTemporaryDir m_dir;
    QString m_yaml;
};

void TestScenarioMetrics::initTestCase()
{
    SynthOptions o;
    o.outDir = m_dir.path();
    o.count = 40;
    o.imageSize = QSize(320, 192);
    o.seed = 11;
    o.valFraction = 0.5;
    o.videoFrames = 0;
    o.scenarios = { Scenario::Normal, Scenario::Occlusion, Scenario::FastMotion, Scenario::LowLight };
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
    m_yaml = m_dir.filePath(QStringLiteral("data.yaml"));
}

void TestScenarioMetrics::eachTagScoresItsOwnImages()
{
    QString error;
    const auto data = TrainingData::forValidation(m_yaml, QStringLiteral("val"), QString(), &error);
    QVERIFY2(data, qPrintable(error));
    QCOMPARE(data->valTags.size(), data->val.size());
    // The tags are scenarios.yaml's, read independently here.
    ScenarioTags tags;
    QVERIFY2(tags.load(m_dir.path(), &error), qPrintable(error));
    for (size_t i = 0; i < data->val.size(); ++i)
        QCOMPARE(data->valTags[i], tags.tagsOf(data->val[i].imagePath));

    const ValOutcome all = validateWithOracle(data->val, data->valTags, true);
    QVERIFY(!all.scenarios.empty());
    QVERIFY(all.scenarios.count(QStringLiteral("normal")));
    QVERIFY(all.scenarios.count(QStringLiteral("occlusion")));
    int images = 0;
    for (const auto &[tag, m] : all.scenarios) {
        std::vector<ImageAnnotation> subset;
        std::vector<QStringList> subsetTags;
        for (size_t i = 0; i < data->val.size(); ++i) {
            const QStringList &t = data->valTags[i];
            if (t.contains(tag) || (t.isEmpty() && tag == QLatin1String("normal"))) {
                subset.push_back(data->val[i]);
                subsetTags.push_back(t);
            }
        }
        const ValOutcome alone = validateWithOracle(subset, subsetTags, false);
        QVERIFY(alone.scenarios.empty());
        compareMetrics(m, alone.metrics);
        images += m.images;
    }
    // Each synthetic image is one scenario: the tags partition the split.
    QCOMPARE(images, all.images);

    // Exact predictions score the AP of a perfect curve (0.995 under Ultralytics' 101-point
    // interpolation, whose definition tst_poseevaluator checks against its fixture); the
    // shifted ones of the occlusion images score less.
    const double perfect = AveragePrecision::computeAp({ 1.0 }, { 1.0 }, AveragePrecision::EndSentinel::Current);
    QVERIFY(perfect > 0.99);
    const PoseMetrics &normal = all.scenarios.at(QStringLiteral("normal"));
    const PoseMetrics &occlusion = all.scenarios.at(QStringLiteral("occlusion"));
    QCOMPARE(normal.pose.map, perfect);
    QCOMPARE(normal.box.map, perfect);
    QCOMPARE(occlusion.box.map, perfect);
    QVERIFY(occlusion.pose.map < 0.99);
    QVERIFY(occlusion.perKeypoint[0].meanPixelError > 3.0);
    QVERIFY(normal.perKeypoint[0].meanPixelError < 1e-3); // float rounding of the letterbox
    // The overall figure lies between the two.
    QVERIFY(all.metrics.pose.map < normal.pose.map && all.metrics.pose.map > occlusion.pose.map);
}

void TestScenarioMetrics::untaggedDatasetHasNoScenarios()
{
    QFile::remove(ScenarioTags::fileFor(m_dir.path()));
    QString error;
    const auto data = TrainingData::forValidation(m_yaml, QStringLiteral("val"), QString(), &error);
    QVERIFY2(data, qPrintable(error));
    for (const QStringList &t : data->valTags)
        QVERIFY(t.isEmpty());
    const ValOutcome all = validateWithOracle(data->val, data->valTags, true);
    QVERIFY(all.scenarios.empty());
    QVERIFY(all.images > 0);
}

QTEST_GUILESS_MAIN(TestScenarioMetrics)
#include "tst_scenariometrics.moc"
