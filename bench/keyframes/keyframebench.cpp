// gp_bench_keyframes: how far a video's corrected keyframes carry (docs/BENCHMARKS.md, "The
// labelling loop", video). A generated video with its ground truth; the model's answer on every
// frame; then, for each keyframe spacing, keyframes set to the truth (a person's corrections)
// and the frames between filled by KeyframeFill, against interpolation alone (no model). Each
// filled point is scored against the truth at 1280x720's tolerance, and the human actions the
// video would take are bounded: the keyframes labelled as the simulated annotator labels by hand
// (7.46 actions per gripper, BENCHMARKS), plus at least one drag per filled gripper out of
// tolerance (at most one per point).
//
//   gp_bench_keyframes video=FILE.mp4 model=FILE [imgsz=320] [conf=0.25] [spacing=5,10,25,50,100]
//                      [tolerance=4]

#include "framereader.h"
#include "keyframefill.h"
#include "predictor.h"
#include "videoframe_p.h"
#include "videotruth.h"

#include <QCoreApplication>
#include <QMap>
#include <QStringList>

#include <cmath>
#include <cstdio>

using namespace gp;

namespace {

constexpr double kManualPerGripper = 7.46;

struct Score
{
    long points = 0, within = 0, grippersOut = 0, pointsOut = 0, frames = 0, framesWithin = 0, missed = 0;
};

// Filled objects matched to the truth's by mean point distance; a truth object with no fill is missed.
void score(const std::vector<PoseInstance> &filled, const std::vector<PoseInstance> &truth, double tolerance, Score *s)
{
    std::vector<bool> used(filled.size(), false);
    bool frameWithin = true;
    for (const PoseInstance &t : truth) {
        int best = -1;
        double bestDistance = 1e18;
        for (size_t i = 0; i < filled.size(); ++i) {
            if (used[i])
                continue;
            double sum = 0;
            int n = 0;
            for (size_t k = 0; k < t.keypoints.size() && k < filled[i].keypoints.size(); ++k)
                if (t.keypoints[k].isLabelled() && filled[i].keypoints[k].isLabelled()) {
                    sum += std::hypot(
                        t.keypoints[k].x - filled[i].keypoints[k].x, t.keypoints[k].y - filled[i].keypoints[k].y);
                    ++n;
                }
            if (n && sum / n < bestDistance) {
                bestDistance = sum / n;
                best = int(i);
            }
        }
        if (best < 0) {
            ++s->missed;
            frameWithin = false;
            continue;
        }
        used[size_t(best)] = true;
        // The gripper halves: left points 0..6, right 7..13.
        for (size_t half = 0; half < 2; ++half) {
            long out = 0;
            for (size_t k = half * 7; k < half * 7 + 7 && k < t.keypoints.size(); ++k) {
                if (!t.keypoints[k].isLabelled())
                    continue;
                ++s->points;
                const Keypoint &f = filled[size_t(best)].keypoints[k];
                const bool ok
                    = f.isLabelled() && std::hypot(f.x - t.keypoints[k].x, f.y - t.keypoints[k].y) <= tolerance;
                s->within += ok ? 1 : 0;
                out += ok ? 0 : 1;
            }
            s->pointsOut += out;
            s->grippersOut += out > 0 ? 1 : 0;
            frameWithin = frameWithin && out == 0;
        }
    }
    ++s->frames;
    s->framesWithin += frameWithin ? 1 : 0;
}

} // namespace

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    QMap<QString, QString> a { { QStringLiteral("imgsz"), QStringLiteral("320") },
        { QStringLiteral("conf"), QStringLiteral("0.25") },
        { QStringLiteral("spacing"), QStringLiteral("5,10,25,50,100") },
        { QStringLiteral("tolerance"), QStringLiteral("4") } };
    for (int i = 1; i < argc; ++i) {
        const QString arg = QString::fromLocal8Bit(argv[i]);
        const int eq = arg.indexOf(QLatin1Char('='));
        if (eq > 0)
            a[arg.left(eq)] = arg.mid(eq + 1);
    }
    if (!a.contains(QStringLiteral("video")) || !a.contains(QStringLiteral("model"))) {
        std::fprintf(stderr, "usage: gp_bench_keyframes video=FILE model=FILE [imgsz=320] [spacing=5,10,25]\n");
        return 2;
    }
    QString error;
    const QString video = a.value(QStringLiteral("video"));
    const auto truth = VideoTruth::load(VideoTruth::sidecarFor(video), 14, &error);
    if (!truth) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    Predictor predictor;
    PredictorOptions po;
    po.model = a.value(QStringLiteral("model"));
    po.imgsz = a.value(QStringLiteral("imgsz")).toInt();
    po.conf = a.value(QStringLiteral("conf")).toDouble();
    po.iou = 0.5;
    FrameReader reader;
    if (!predictor.load(po, &error) || !reader.open(video, &error)) {
        std::fprintf(stderr, "%s\n", qPrintable(error));
        return 1;
    }
    // The model's answer on every frame.
    std::vector<std::vector<PoseDetection>> answers;
    QSizeF frameSize;
    for (;;) {
        VideoFrame frame;
        QString message;
        const FrameReader::Status st = reader.read(&frame, &message);
        if (st == FrameReader::Status::End)
            break;
        std::vector<std::vector<PoseDetection>> found;
        if (st != FrameReader::Status::Ok || !predictor.predict({ frame.image }, &found, &error)) {
            answers.emplace_back();
            continue;
        }
        frameSize = QSizeF(frame.image.cols, frame.image.rows);
        answers.push_back(found.front());
    }
    const int frames = int(answers.size());
    const double tolerance = a.value(QStringLiteral("tolerance")).toDouble() * frameSize.width() / 1280.0;
    int objects = 0;
    for (int f = 0; f < frames; ++f)
        objects += truth->frame(f) ? int(truth->frame(f)->annotation.instances.size()) : 0;
    std::printf("%d frames, %.2f robots per frame on average, tolerance %.2f px at %gx%g\n", frames,
        double(objects) / std::max(1, frames), tolerance, frameSize.width(), frameSize.height());
    std::printf(
        "| keyframe every | keyframes | fill: points within | frames all within | grippers out | actions (at "
        "least, at most) | interpolation alone: points within | frames all within | actions (at least, at most) |\n");
    std::printf("| --- | --- | --- | --- | --- | --- | --- | --- | --- |\n");
    for (const QString &sp : a.value(QStringLiteral("spacing")).split(QLatin1Char(','))) {
        const int spacing = sp.toInt();
        if (spacing < 2)
            continue;
        std::map<qint64, std::vector<PoseInstance>> keyframes;
        int keyGrippers = 0;
        for (int f = 0; f < frames; f += spacing) {
            keyframes[f] = truth->frame(f)->annotation.instances;
            keyGrippers += 2 * int(keyframes[f].size());
        }
        if (keyframes.rbegin()->first != frames - 1) {
            keyframes[frames - 1] = truth->frame(frames - 1)->annotation.instances;
            keyGrippers += 2 * int(keyframes[frames - 1].size());
        }
        const auto withModel = KeyframeFill::fill(
            keyframes, [&](qint64 f) { return answers[size_t(f)]; }, frameSize);
        const auto alone = KeyframeFill::fill(
            keyframes, [](qint64) { return std::vector<PoseDetection>(); }, frameSize);
        Score m, i;
        for (const auto &[f, fill] : withModel)
            score(fill.objects, truth->frame(int(f))->annotation.instances, tolerance, &m);
        for (const auto &[f, fill] : alone)
            score(fill.objects, truth->frame(int(f))->annotation.instances, tolerance, &i);
        const double keyActions = kManualPerGripper * keyGrippers;
        std::printf("| %d | %zu | %.3f | %ld of %ld | %ld | %.0f – %.0f | %.3f | %ld of %ld | %.0f – %.0f |\n", spacing,
            keyframes.size(), double(m.within) / std::max(1L, m.points), m.framesWithin, m.frames, m.grippersOut,
            keyActions + m.grippersOut, keyActions + m.pointsOut, double(i.within) / std::max(1L, i.points),
            i.framesWithin, i.frames, keyActions + i.grippersOut, keyActions + i.pointsOut);
    }
    return 0;
}
