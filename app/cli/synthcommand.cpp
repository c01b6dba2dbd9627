#include "synthcommand.h"

#include "progressbar.h"
#include "synthgenerator.h"

#include <QElapsedTimer>

using gp::Scenario;
using gp::Scenarios;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

QString SynthCommand::summary() const
{
    return tr("write a synthetic gripper dataset (images, labels, data.yaml) and a demo video");
}

std::vector<CliOption> SynthCommand::options() const
{
    return { { QStringLiteral("out"), QString(), tr("output folder") },
        { QStringLiteral("n"), QStringLiteral("200"), tr("number of images (train + val)") },
        { QStringLiteral("imgsz"), QStringLiteral("1280,720"), tr("image size W,H") },
        { QStringLiteral("seed"), QStringLiteral("0"), tr("random seed; the same seed gives the same files") },
        { QStringLiteral("val"), QStringLiteral("0.2"), tr("fraction of images in the val split") },
        { QStringLiteral("video_frames"), QStringLiteral("180"), tr("frames of the demo video (0: none)") },
        { QStringLiteral("fps"), QStringLiteral("30"), tr("frame rate of the demo video") },
        { QStringLiteral("scenario"), QStringLiteral("none"),
            tr("none, occlusion, fast_motion, low_light or mixed (all four, one video each); the hard images and "
               "videos are tagged in scenarios.yaml") } };
}

int SynthCommand::run(const CliArgs &args, QTextStream &out, QTextStream &err)
{
    QString error;
    SynthOptions o;
    o.outDir = args.value(QStringLiteral("out"));
    const auto n = args.intValue(QStringLiteral("n"), &error);
    const auto size = args.sizeValue(QStringLiteral("imgsz"), &error);
    const auto seed = args.intValue(QStringLiteral("seed"), &error);
    const auto val = args.doubleValue(QStringLiteral("val"), &error);
    const auto frames = args.intValue(QStringLiteral("video_frames"), &error);
    const auto fps = args.doubleValue(QStringLiteral("fps"), &error);
    if (!n || !size || !seed || !val || !frames || !fps) {
        err << error << '\n';
        return 2;
    }
    if (*n < 1 || *val < 0 || *val > 1 || *frames < 0 || *fps <= 0 || *seed < 0) {
        err << tr("n must be at least 1, val in [0, 1], video_frames ≥ 0, fps > 0 and seed ≥ 0") << '\n';
        return 2;
    }
    o.count = *n;
    o.imageSize = QSize(size->first, size->second);
    o.seed = quint64(*seed);
    o.valFraction = *val;
    o.videoFrames = *frames;
    o.videoFps = *fps;
    const QString scenario = args.value(QStringLiteral("scenario"));
    if (scenario == QLatin1String("mixed")) {
        o.scenarios = { Scenario::Normal };
        for (Scenario s : Scenarios::hard())
            o.scenarios.push_back(s);
    } else if (const auto s = Scenarios::parse(scenario); s && *s != Scenario::Normal) {
        o.scenarios = { *s };
    } else if (scenario != QLatin1String("none")) {
        err << tr("scenario=%1 must be none, occlusion, fast_motion, low_light or mixed").arg(scenario) << '\n';
        return 2;
    }

    QElapsedTimer clock;
    clock.start();
    const SynthGenerator gen(Skeleton::defaultGripper(), o);
    const int videos = o.videoFrames > 0 ? int(gen.videoScenarios().size()) : 0;
    ProgressBar bar(err, tr("synth"), o.count + o.videoFrames * videos);
    if (!gen.run(&error, {}, [&](int64_t done, int64_t) { bar.update(int(done)); })) {
        err << '\n' << error << '\n';
        return 1;
    }
    bar.finish();
    out << tr("wrote %1 images and %n %2-frame video(s) to %3 in %4 s", nullptr, videos)
               .arg(o.count)
               .arg(o.videoFrames)
               .arg(o.outDir)
               .arg(clock.elapsed() / 1000.0, 0, 'f', 1)
        << '\n';
    return 0;
}
