#include "trainingconfig.h"

#include <yaml-cpp/yaml.h>

#include <variant>

namespace gp {

namespace {

using Member
    = std::variant<int TrainingConfig::*, double TrainingConfig::*, bool TrainingConfig::*, QString TrainingConfig::*>;

struct Field
{
    const char *key;
    Member member;
    const char *help;
};

// The table behind keys(), set(), get() and args.yaml: one line per key.
const std::vector<Field> &fields()
{
    using C = TrainingConfig;
    static const std::vector<Field> table {
        { "data", &C::data, QT_TRANSLATE_NOOP("TrainingConfig", "dataset data.yaml") },
        { "cache_dir", &C::cacheDir,
            QT_TRANSLATE_NOOP(
                "TrainingConfig", "folder for the label cache (empty: .gripperpose-cache beside data.yaml)") },
        { "model", &C::model,
            QT_TRANSLATE_NOOP(
                "TrainingConfig", "yolov8{n,s,m,l,x}-pose, a checkpoint or a weight file to start from") },
        { "project", &C::project, QT_TRANSLATE_NOOP("TrainingConfig", "folder of the runs") },
        { "name", &C::name, QT_TRANSLATE_NOOP("TrainingConfig", "run name (a number is appended when it exists)") },
        { "exist_ok", &C::existOk, QT_TRANSLATE_NOOP("TrainingConfig", "reuse an existing run folder") },
        { "resume", &C::resume, QT_TRANSLATE_NOOP("TrainingConfig", "checkpoint to resume (weights/last)") },
        { "device", &C::device,
            QT_TRANSLATE_NOOP("TrainingConfig",
                "cpu, a GPU index, or several for one process each: 0,1 or cpu,cpu (empty: the first GPU, else the "
                "CPU)") },
        { "epochs", &C::epochs, QT_TRANSLATE_NOOP("TrainingConfig", "number of epochs") },
        { "patience", &C::patience,
            QT_TRANSLATE_NOOP("TrainingConfig", "stop after this many epochs without a better fitness") },
        { "batch", &C::batch, QT_TRANSLATE_NOOP("TrainingConfig", "images per batch") },
        { "imgsz", &C::imgsz, QT_TRANSLATE_NOOP("TrainingConfig", "network input size (multiple of 32)") },
        { "workers", &C::workers,
            QT_TRANSLATE_NOOP("TrainingConfig", "data loading threads (0: in the training thread)") },
        { "seed", &C::seed, QT_TRANSLATE_NOOP("TrainingConfig", "random seed") },
        { "deterministic", &C::deterministic, QT_TRANSLATE_NOOP("TrainingConfig", "use deterministic algorithms") },
        { "optimizer", &C::optimizer, QT_TRANSLATE_NOOP("TrainingConfig", "SGD, Adam, AdamW, MuSGD or auto") },
        { "lr0", &C::lr0, QT_TRANSLATE_NOOP("TrainingConfig", "initial learning rate") },
        { "lrf", &C::lrf, QT_TRANSLATE_NOOP("TrainingConfig", "final learning rate as a fraction of lr0") },
        { "momentum", &C::momentum, QT_TRANSLATE_NOOP("TrainingConfig", "SGD momentum / Adam beta1") },
        { "weight_decay", &C::weightDecay, QT_TRANSLATE_NOOP("TrainingConfig", "weight decay (scaled by batch/nbs)") },
        { "warmup_epochs", &C::warmupEpochs, QT_TRANSLATE_NOOP("TrainingConfig", "warmup epochs") },
        { "warmup_momentum", &C::warmupMomentum,
            QT_TRANSLATE_NOOP("TrainingConfig", "momentum at the start of warmup") },
        { "warmup_bias_lr", &C::warmupBiasLr,
            QT_TRANSLATE_NOOP("TrainingConfig", "bias learning rate at the start of warmup") },
        { "cos_lr", &C::cosLr, QT_TRANSLATE_NOOP("TrainingConfig", "cosine learning-rate schedule (else linear)") },
        { "nbs", &C::nbs, QT_TRANSLATE_NOOP("TrainingConfig", "nominal batch size for gradient accumulation") },
        { "amp", &C::amp,
            QT_TRANSLATE_NOOP("TrainingConfig",
                "mixed precision: auto (GPU: fp16; CPU: bf16 where the CPU has it natively, else fp32), off, fp16 or "
                "bf16") },
        { "ema", &C::ema, QT_TRANSLATE_NOOP("TrainingConfig", "keep an exponential moving average of the weights") },
        { "clip_grad", &C::clipGrad, QT_TRANSLATE_NOOP("TrainingConfig", "gradient norm clipping (0: off)") },
        { "box", &C::box, QT_TRANSLATE_NOOP("TrainingConfig", "box loss gain") },
        { "cls", &C::cls, QT_TRANSLATE_NOOP("TrainingConfig", "class loss gain") },
        { "dfl", &C::dfl, QT_TRANSLATE_NOOP("TrainingConfig", "distribution focal loss gain") },
        { "pose", &C::pose, QT_TRANSLATE_NOOP("TrainingConfig", "keypoint location loss gain") },
        { "kobj", &C::kobj, QT_TRANSLATE_NOOP("TrainingConfig", "keypoint visibility loss gain") },
        { "hsv_h", &C::hsvH, QT_TRANSLATE_NOOP("TrainingConfig", "hue augmentation (fraction)") },
        { "hsv_s", &C::hsvS, QT_TRANSLATE_NOOP("TrainingConfig", "saturation augmentation (fraction)") },
        { "hsv_v", &C::hsvV, QT_TRANSLATE_NOOP("TrainingConfig", "value augmentation (fraction)") },
        { "degrees", &C::degrees, QT_TRANSLATE_NOOP("TrainingConfig", "rotation (± degrees)") },
        { "translate", &C::translate, QT_TRANSLATE_NOOP("TrainingConfig", "translation (± fraction)") },
        { "scale", &C::scale, QT_TRANSLATE_NOOP("TrainingConfig", "scale (± gain)") },
        { "shear", &C::shear, QT_TRANSLATE_NOOP("TrainingConfig", "shear (± degrees)") },
        { "perspective", &C::perspective, QT_TRANSLATE_NOOP("TrainingConfig", "perspective (± fraction, 0-0.001)") },
        { "flipud", &C::flipud, QT_TRANSLATE_NOOP("TrainingConfig", "vertical flip probability") },
        { "fliplr", &C::fliplr,
            QT_TRANSLATE_NOOP("TrainingConfig", "horizontal flip probability (swaps left/right keypoints)") },
        { "mosaic", &C::mosaic, QT_TRANSLATE_NOOP("TrainingConfig", "mosaic probability") },
        { "mixup", &C::mixup, QT_TRANSLATE_NOOP("TrainingConfig", "mixup probability") },
        { "blur", &C::blur, QT_TRANSLATE_NOOP("TrainingConfig", "Gaussian blur probability (sigma 0.5-2 px at 640)") },
        { "motion_blur", &C::motionBlur,
            QT_TRANSLATE_NOOP(
                "TrainingConfig", "motion blur probability (random direction, up to 60 px per frame at 720p)") },
        { "low_light", &C::lowLight,
            QT_TRANSLATE_NOOP(
                "TrainingConfig", "low-light probability (exposure 3-25 %, gamma, colour cast, sensor noise)") },
        { "noise", &C::noise,
            QT_TRANSLATE_NOOP("TrainingConfig", "Gaussian sensor noise probability (sigma 2-10 levels)") },
        { "erasing", &C::erasing,
            QT_TRANSLATE_NOOP("TrainingConfig",
                "occluder paste probability: covers 20-60 % of one gripper, covered points become occluded (v=1)") },
        { "close_mosaic", &C::closeMosaic,
            QT_TRANSLATE_NOOP("TrainingConfig", "turn mosaic off for the last N epochs") },
        { "val", &C::val, QT_TRANSLATE_NOOP("TrainingConfig", "validate after every epoch") },
        { "conf", &C::conf, QT_TRANSLATE_NOOP("TrainingConfig", "validation confidence threshold") },
        { "iou", &C::iou, QT_TRANSLATE_NOOP("TrainingConfig", "validation NMS IoU threshold") },
        { "max_det", &C::maxDet, QT_TRANSLATE_NOOP("TrainingConfig", "maximum detections per image") },
        { "fraction", &C::fraction, QT_TRANSLATE_NOOP("TrainingConfig", "fraction of the train images to use") },
        { "save_period", &C::savePeriod,
            QT_TRANSLATE_NOOP("TrainingConfig", "also save weights every N epochs (-1: off)") },
    };
    return table;
}

const Field *findField(const QString &key)
{
    for (const Field &f : fields())
        if (key == QLatin1String(f.key))
            return &f;
    return nullptr;
}

} // namespace

std::vector<TrainingConfig::Key> TrainingConfig::keys()
{
    std::vector<Key> out;
    for (const Field &f : fields())
        out.push_back({ QLatin1String(f.key), QCoreApplication::translate("TrainingConfig", f.help) });
    return out;
}

bool TrainingConfig::set(const QString &key, const QString &value, QString *error)
{
    const Field *f = findField(key);
    if (!f) {
        *error = tr("unknown training key \"%1\"").arg(key);
        return false;
    }
    bool ok = true;
    std::visit(
        [&](auto member) {
            using T = std::decay_t<decltype(this->*member)>;
            if constexpr (std::is_same_v<T, int>) {
                const int v = value.toInt(&ok);
                if (ok)
                    this->*member = v;
            } else if constexpr (std::is_same_v<T, double>) {
                const double v = value.toDouble(&ok);
                if (ok)
                    this->*member = v;
            } else if constexpr (std::is_same_v<T, bool>) {
                const QString v = value.toLower();
                ok = v == QLatin1String("true") || v == QLatin1String("false") || v == QLatin1String("1")
                    || v == QLatin1String("0");
                if (ok)
                    this->*member = v == QLatin1String("true") || v == QLatin1String("1");
            } else {
                this->*member = value;
            }
        },
        f->member);
    if (!ok)
        *error = tr("%1=%2: not a valid value").arg(key, value);
    return ok;
}

QString TrainingConfig::get(const QString &key) const
{
    const Field *f = findField(key);
    if (!f)
        return QString();
    return std::visit(
        [&](auto member) -> QString {
            const auto &v = this->*member;
            using T = std::decay_t<decltype(v)>;
            if constexpr (std::is_same_v<T, bool>)
                return v ? QStringLiteral("true") : QStringLiteral("false");
            else if constexpr (std::is_same_v<T, QString>)
                return v;
            else
                return QString::number(v);
        },
        f->member);
}

TrainingConfig TrainingConfig::ultralyticsDefaults()
{
    TrainingConfig c;
    c.optimizer = QStringLiteral("auto");
    c.lr0 = 0.01;
    c.cosLr = false;
    c.patience = 100;
    c.mixup = 0.0;
    c.degrees = 0.0;
    c.shear = 0.0;
    c.workers = 8;
    return c;
}

QStringList TrainingConfig::validate() const
{
    QStringList p;
    auto check = [&](bool ok, const QString &msg) {
        if (!ok)
            p << msg;
    };
    check(epochs >= 1, tr("epochs must be at least 1"));
    check(batch >= 1, tr("batch must be at least 1"));
    check(imgsz >= 32 && imgsz % 32 == 0,
        tr("imgsz=%1 must be a positive multiple of 32 (the largest stride)").arg(imgsz));
    check(workers >= 0, tr("workers must not be negative"));
    check(lr0 > 0 && lrf > 0, tr("lr0 and lrf must be positive"));
    check(QStringList({ QStringLiteral("SGD"), QStringLiteral("Adam"), QStringLiteral("AdamW"), QStringLiteral("MuSGD"),
                          QStringLiteral("auto") })
              .contains(optimizer),
        tr("optimizer=%1 must be SGD, Adam, AdamW, MuSGD or auto").arg(optimizer));
    check(QStringList({ QStringLiteral("auto"), QStringLiteral("off"), QStringLiteral("fp16"), QStringLiteral("bf16") })
              .contains(amp),
        tr("amp=%1 must be auto, off, fp16 or bf16").arg(amp));
    for (const auto &[v, key] : { std::pair { flipud, "flipud" }, { fliplr, "fliplr" }, { mosaic, "mosaic" },
             { mixup, "mixup" }, { blur, "blur" }, { motionBlur, "motion_blur" }, { lowLight, "low_light" },
             { noise, "noise" }, { erasing, "erasing" }, { fraction, "fraction" } })
        check(v >= 0 && v <= 1, tr("%1 must lie in [0, 1]").arg(QLatin1String(key)));
    check(conf >= 0 && conf < 1 && iou > 0 && iou <= 1, tr("conf must lie in [0, 1) and iou in (0, 1]"));
    const QStringList devs = devices();
    for (const QString &d : devs) {
        bool gpu = false;
        d.toUInt(&gpu);
        check(gpu || d == QLatin1String("cpu"), tr("device=%1: \"%2\" is neither cpu nor a GPU index").arg(device, d));
    }
    if (devs.size() > 1) {
        check(devs.count(QStringLiteral("cpu")) == 0 || devs.count(QStringLiteral("cpu")) == devs.size(),
            tr("device=%1 mixes the CPU and GPUs; train on one kind").arg(device));
        QStringList unique = devs;
        check(devs.count(QStringLiteral("cpu")) > 0 || unique.removeDuplicates() == 0,
            tr("device=%1 names a GPU twice").arg(device));
        check(batch % devs.size() == 0,
            tr("batch=%1 must be a multiple of the %2 devices (each trains on batch/%2 images)")
                .arg(batch)
                .arg(devs.size()));
    }
    return p;
}

QStringList TrainingConfig::devices() const
{
    QStringList out;
    for (QString d : device.split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        d = d.trimmed().toLower();
        if (d.startsWith(QLatin1String("cuda:")))
            d = d.mid(5);
        if (!d.isEmpty() && d != QLatin1String("auto"))
            out << d;
    }
    return out;
}

QString TrainingConfig::toYaml() const
{
    YAML::Emitter out;
    out << YAML::BeginMap;
    for (const Field &f : fields()) {
        out << YAML::Key << f.key << YAML::Value;
        std::visit(
            [&](auto member) {
                const auto &v = this->*member;
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, QString>)
                    out << v.toStdString();
                else
                    out << v;
            },
            f.member);
    }
    out << YAML::EndMap;
    return QString::fromUtf8(out.c_str()) + QLatin1Char('\n');
}

std::optional<TrainingConfig> TrainingConfig::fromYaml(const QString &text, QString *error)
{
    TrainingConfig c;
    try {
        const YAML::Node root = YAML::Load(text.toStdString());
        if (!root.IsMap()) {
            *error = tr("expected a mapping of training keys");
            return std::nullopt;
        }
        for (const auto &kv : root) {
            const QString key = QString::fromStdString(kv.first.as<std::string>());
            const QString value = kv.second.IsNull() ? QString() : QString::fromStdString(kv.second.as<std::string>());
            if (!c.set(key, value, error))
                return std::nullopt;
        }
    } catch (const YAML::Exception &e) {
        *error = tr("not valid YAML: %1").arg(QString::fromStdString(e.msg));
        return std::nullopt;
    }
    return c;
}

} // namespace gp
