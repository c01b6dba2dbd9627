// The training loader's augmented samples written out, for comparing what reaches the loss
// with Ultralytics' samples of the same dataset (bench/ultralytics/dump_augment_samples.py
// writes those the same way, bench/ultralytics/loss_on_samples.py scores both with one model
// and one loss). Each sample becomes NNNNNN.png (BGR, imgsz × imgsz) and NNNNNN.txt, one
// line per instance in the YOLO pose layout: class, box centre and size, then x y v per
// keypoint, all normalised by the image size.
//   gp_dump_samples DATA.yaml IMGSZ PASSES mosaic|nomosaic OUTDIR [SEED]

#include "batchloader.h"
#include "datasetconfig.h"
#include "labelcache.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QTextStream>

#include <opencv2/imgcodecs.hpp>

#include <cstdio>

using gp::Augmenter;
using gp::BatchLoader;
using gp::DatasetConfig;
using gp::DatasetIssueList;
using gp::LabelCache;
using gp::TrainDataset;
using gp::TrainingConfig;

namespace {

bool writeSample(const gp::TrainSample &s, const QString &stem)
{
    if (!cv::imwrite((stem + QStringLiteral(".png")).toStdString(), s.image))
        return false;
    QFile f(stem + QStringLiteral(".txt"));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Text))
        return false;
    QTextStream out(&f);
    out.setRealNumberPrecision(8);
    const double w = s.image.cols, h = s.image.rows;
    for (const gp::PoseInstance &inst : s.instances) {
        const QRectF &b = inst.box;
        out << 0 << ' ' << b.center().x() / w << ' ' << b.center().y() / h << ' ' << b.width() / w << ' '
            << b.height() / h;
        for (const gp::Keypoint &k : inst.keypoints)
            out << ' ' << k.x / w << ' ' << k.y / h << ' ' << k.visibility;
        out << '\n';
    }
    return true;
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const QStringList a = app.arguments();
    if (a.size() < 6 || (a[4] != QLatin1String("mosaic") && a[4] != QLatin1String("nomosaic"))) {
        std::fprintf(stderr, "usage: gp_dump_samples DATA.yaml IMGSZ PASSES mosaic|nomosaic OUTDIR [SEED]\n");
        return 2;
    }
    DatasetIssueList issues;
    const auto data = DatasetConfig::load(a[1], &issues);
    if (!data) {
        std::fprintf(stderr, "%s\n", qPrintable(issues.issues.empty() ? a[1] : issues.issues.front().toString()));
        return 1;
    }
    const TrainDataset set(LabelCache::load(*data, QStringLiteral("train"), &issues));
    TrainingConfig cfg; // the product recipe: TrainingConfig's defaults at this image size
    cfg.imgsz = a[2].toInt();
    const int passes = a[3].toInt();
    const bool mosaic = a[4] == QLatin1String("mosaic");
    const QDir out(a[5]);
    if (!QDir().mkpath(out.path()))
        return 1;
    const Augmenter aug(cfg, data->flipIdx);
    BatchLoader loader(set, aug, cfg, { cfg.batch, 0, 2, a.value(6).toULongLong(), true, 1.0 });
    int n = 0;
    for (int epoch = 0; epoch < passes; ++epoch) {
        loader.startEpoch(epoch, mosaic);
        while (auto b = loader.next())
            for (const gp::TrainSample &s : b->samples)
                if (!writeSample(s, out.filePath(QStringLiteral("%1").arg(n++, 6, 10, QLatin1Char('0'))))) {
                    std::fprintf(stderr, "%s: cannot write sample %d\n", qPrintable(out.path()), n - 1);
                    return 1;
                }
    }
    std::printf("%d samples written to %s\n", n, qPrintable(out.path()));
    return 0;
}
