#include "inferencemodel.h"

#include "checkpoint_p.h"
#include "weightimport_p.h"

#include <QFileInfo>

namespace gp {

bool InferenceModel::load(const QString &path, QString *error)
{
    model = PoseModel(nullptr);
    try {
        if (!QFileInfo::exists(path)) {
            QString why;
            const auto scale = ModelSpec::parseScale(path, &why);
            if (!scale) {
                *error = tr("%1 does not exist (and is not a model name such as yolov8s-pose)").arg(path);
                return false;
            }
            spec = ModelSpec();
            spec.scale = *scale;
            torch::manual_seed(0);
            model = PoseModel(spec);
            description = tr("random initialisation");
        } else {
            CheckpointInfo ck;
            QString why;
            if (readCheckpointInfo(path, &ck, &why)) {
                spec = ck.spec;
                const CheckpointData c = loadCheckpoint(path, spec);
                PoseModel m(spec);
                if (ck.fused)
                    m->fuse();
                restoreState(*m, c.ema.empty() ? c.model : c.ema);
                model = m;
                description = c.ema.empty() ? tr("checkpoint") : tr("checkpoint (EMA weights)");
                skeletonJson = ck.skeletonJson;
                trainingConfig = ck.trainingConfig;
            } else {
                QString format;
                const NamedTensors tensors = readWeightFile(path.toStdString(), &format);
                const auto inferred = inferModelSpec(tensors);
                if (!inferred) {
                    *error = tr("%1: not a YOLOv8-pose weight file (no pose head found)").arg(path);
                    return false;
                }
                spec = *inferred;
                PoseModel m(spec);
                const WeightImportSummary s = applyWeights(*m, tensors);
                if (s.copied == 0) {
                    *error = tr("%1: no tensor fits a %2 model").arg(path, spec.name());
                    return false;
                }
                model = m;
                description = format;
            }
        }
        model->eval();
        return true;
    } catch (const std::exception &e) {
        model = PoseModel(nullptr);
        *error = tr("%1: cannot load the model: %2")
                     .arg(path, QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return false;
    }
}

} // namespace gp
