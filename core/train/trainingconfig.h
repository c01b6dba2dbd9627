#pragma once

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace gp {

// Every setting of a training run, under Ultralytics' key names so that
// `gripperpose train epochs=50 lr0=0.01 …` reads like `yolo pose train …`. The member
// initialisers are GripperPose's recipe (DESIGN.md); `defaults=ultralytics` selects
// Ultralytics' own defaults (8.4 default.yaml) where the two differ. Written to and read
// from a run's args.yaml, so a run can be repeated.
struct TrainingConfig
{
    Q_DECLARE_TR_FUNCTIONS(TrainingConfig)

public:
    QString data; // data.yaml
    QString cacheDir; // label cache folder (empty: .gripperpose-cache beside data.yaml)
    QString model = QStringLiteral("yolov8s-pose"); // scale name, a checkpoint or an imported weight file
    QString project = QStringLiteral("runs/pose");
    QString name = QStringLiteral("train");
    bool existOk = false;
    QString resume; // checkpoint to resume from
    QString device = QStringLiteral(""); // "" auto, "cpu", "0", "0,1"
    int epochs = 100;
    int patience = 20;
    int batch = 16;
    int imgsz = 640;
    int workers = 4;
    int seed = 0;
    bool deterministic = true;
    QString optimizer = QStringLiteral("AdamW"); // SGD, Adam, AdamW, MuSGD, auto
    double lr0 = 0.001;
    double lrf = 0.01;
    double momentum = 0.937;
    double weightDecay = 0.0005;
    double warmupEpochs = 3.0;
    double warmupMomentum = 0.8;
    double warmupBiasLr = 0.1;
    bool cosLr = true;
    int nbs = 64;
    QString amp = QStringLiteral("auto"); // auto (GPU: fp16; CPU: bf16 where native, else fp32), off, fp16, bf16
    bool ema = true;
    double clipGrad = 10.0;
    // Loss gains.
    double box = 7.5, cls = 0.5, dfl = 1.5, pose = 12.0, kobj = 1.0;
    // Augmentation.
    double hsvH = 0.015, hsvS = 0.7, hsvV = 0.4;
    double degrees = 10.0, translate = 0.1, scale = 0.5, shear = 2.0, perspective = 0.0;
    double flipud = 0.0, fliplr = 0.5;
    double mosaic = 1.0, mixup = 0.1;
    // Hard-scenario augmentations (probabilities; ScenarioAugmenter). Off by default: the
    // product recipe stays Ultralytics' so the two train alike.
    double blur = 0.0, motionBlur = 0.0, lowLight = 0.0, noise = 0.0, erasing = 0.0;
    int closeMosaic = 10;
    // Validation.
    bool val = true;
    double conf = 0.001, iou = 0.7;
    int maxDet = 300;
    double fraction = 1.0; // use this fraction of the train images
    int savePeriod = -1; // also keep weights/epochN every N epochs

    // One settable key: its name, help and how to read and print it.
    struct Key
    {
        QString name;
        QString help;
    };
    static std::vector<Key> keys();

    // Sets `key` from its text form; false with *error when the key or value is invalid.
    bool set(const QString &key, const QString &value, QString *error);
    QString get(const QString &key) const;

    // Ultralytics' defaults for the keys where the recipe differs.
    static TrainingConfig ultralyticsDefaults();
    // Range and consistency checks; empty when the config can run.
    QStringList validate() const;
    // The entries of `device`, normalised: empty for auto, else "cpu" or GPU indices ("0").
    // Several entries train data-parallel, one process per entry ("cpu,cpu" splits the
    // CPU's cores between two processes, for machines with several sockets).
    QStringList devices() const;

    QString toYaml() const;
    static std::optional<TrainingConfig> fromYaml(const QString &text, QString *error);
};

} // namespace gp
