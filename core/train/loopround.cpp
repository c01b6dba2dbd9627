#include "loopround.h"

#include "runcatalog.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace gp {

LoopRound::Start LoopRound::startFrom(const QString &preferred, const QString &runsDir, int imgsz)
{
    Start s;
    s.imgsz = imgsz;
    QString runDir;
    if (!preferred.isEmpty() && QFileInfo(preferred).isFile()) {
        s.model = preferred;
        s.fromScratch = false;
        // A run's checkpoint: its run folder is two levels up (weights/best.ckpt).
        runDir = QFileInfo(preferred).absoluteDir().absoluteFilePath(QStringLiteral(".."));
    } else {
        RunRecord newest;
        for (const RunRecord &r : RunCatalog::scan(runsDir))
            if (!r.bestWeights.isEmpty() && (newest.bestWeights.isEmpty() || r.modified > newest.modified))
                newest = r;
        if (!newest.bestWeights.isEmpty()) {
            s.model = newest.bestWeights;
            s.fromScratch = false;
            runDir = newest.dir;
        } else {
            s.model = QStringLiteral("yolov8n-pose");
        }
    }
    QFile args(QDir(runDir).filePath(QStringLiteral("args.yaml")));
    if (!runDir.isEmpty() && args.open(QIODevice::ReadOnly)) {
        QString error;
        if (const auto c = TrainingConfig::fromYaml(QString::fromUtf8(args.readAll()), &error))
            s.imgsz = c->imgsz;
    }
    return s;
}

TrainingConfig LoopRound::config(const Start &start, const QString &dataYaml, const QString &runsDir)
{
    TrainingConfig c;
    c.data = dataYaml;
    c.model = start.model;
    c.imgsz = start.imgsz;
    c.project = runsDir;
    c.name = QStringLiteral("loop");
    if (start.fromScratch) {
        c.epochs = kScratchEpochs;
    } else {
        c.epochs = kFineTuneEpochs;
        c.lr0 = kFineTuneLr0;
        c.warmupEpochs = kFineTuneWarmup;
        c.closeMosaic = kFineTuneCloseMosaic;
        c.patience = kFineTuneEpochs;
    }
    return c;
}

} // namespace gp
