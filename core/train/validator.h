#pragma once

#include "canceltoken.h"
#include "imageenhancement.h"
#include "poseevaluator.h"
#include "poselosstypes.h"
#include "progress.h"

#include <QCoreApplication>
#include <QString>

#include <map>

namespace gp {

// `gripperpose val`: a model checkpoint (or imported weights) on a dataset split with the
// reference validation recipe (rectangular batches, conf 0.001, NMS IoU 0.7, max_det 300,
// box IoU and keypoint OKS matching at 0.50:0.95). Writes metrics.json into its run folder.
struct ValidationRequest
{
    QString model; // checkpoint or weight file
    QString data; // data.yaml
    QString cacheDir; // label cache folder (empty: .gripperpose-cache beside data.yaml)
    QString split = QStringLiteral("val");
    int imgsz = 640;
    int batch = 16;
    QString device; // "", "cpu", "0"
    double conf = 0.001, iou = 0.7;
    int maxDet = 300;
    // A correction of each image before the letterbox, as `predict enhance=` does (dark footage).
    Enhancement enhance = Enhancement::None;
    // A checkpoint or weight file run in bfloat16 (as `predict bf16=true`): metrics only, no loss.
    bool bf16 = false;
    int workers = 4;
    QString project = QStringLiteral("runs/pose");
    QString name = QStringLiteral("val");
    bool existOk = false;
};

struct ValidationReport
{
    PoseMetrics metrics;
    gp::PoseLossItems loss;
    int images = 0;
    double seconds = 0;
    double imagesPerSecond = 0;
    QString runDir;
    QString metricsFile;
    QStringList problems; // dataset problems found while loading
    // Per scenario tag of the split (scenarios.yaml), untagged images as "normal"; empty
    // when nothing is tagged.
    std::map<QString, PoseMetrics> scenarios;
};

class ValidationRunner
{
    Q_DECLARE_TR_FUNCTIONS(ValidationRunner)

public:
    // False with *error when the model or data cannot be used, or when cancelled. Progress
    // counts batches.
    static bool run(const ValidationRequest &request, ValidationReport *report, QString *error,
        const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
    // metrics.json: the results.csv keys plus the per-keypoint table, and the same for each
    // scenario tag under "scenarios".
    static QByteArray metricsJson(const ValidationReport &report, const QStringList &keypointNames);
};

} // namespace gp
