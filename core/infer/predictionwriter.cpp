#include "predictionwriter_p.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <opencv2/videoio.hpp>

#include <array>
#include <cmath>

namespace gp {

namespace {

double r2(double v)
{
    return std::round(v * 100.0) / 100.0;
}

double r4(double v)
{
    return std::round(v * 10000.0) / 10000.0;
}

cv::Scalar bgr(const QColor &c)
{
    return cv::Scalar(c.blue(), c.green(), c.red());
}

bool openText(std::unique_ptr<QFile> &file, const QString &path, QString *error)
{
    if (path.isEmpty())
        return true;
    QDir().mkpath(QFileInfo(path).absolutePath());
    file = std::make_unique<QFile>(path);
    if (!file->open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = PredictionWriter::tr("cannot write %1: %2").arg(path, file->errorString());
        file.reset();
        return false;
    }
    return true;
}

QString num(double v)
{
    return QString::number(r2(v), 'f', 2);
}

} // namespace

struct PredictionWriter::Private
{
    cv::VideoWriter video;
};

PredictionWriter::PredictionWriter(Skeleton skeleton, OutputOptions options)
    : m_skeleton(std::move(skeleton))
    , m_options(std::move(options))
    , d(std::make_unique<Private>())
{ }

PredictionWriter::~PredictionWriter()
{
    close();
}

bool PredictionWriter::open(QString *error)
{
    return openText(m_json, m_options.jsonPath, error) && openText(m_csv, m_options.csvPath, error);
}

void PredictionWriter::close()
{
    if (m_json)
        m_json->close();
    if (m_csv)
        m_csv->close();
    m_json.reset();
    m_csv.reset();
    if (d->video.isOpened())
        d->video.release();
}

bool PredictionWriter::write(const FramePrediction &p, const cv::Mat &image, QString *error)
{
    if (m_json) {
        const QByteArray line = toJsonLine(p) + '\n';
        if (m_json->write(line) != line.size()) {
            *error = tr("cannot write %1: %2").arg(m_options.jsonPath, m_json->errorString());
            return false;
        }
        m_json->flush();
    }
    if (m_csv) {
        const int nk = !p.tracks.empty() ? int(p.tracks.front().keypoints.size())
            : !p.detections.empty()      ? int(p.detections.front().keypoints.size())
                                         : m_skeleton.keypointCount();
        if (!m_csvHeader) {
            m_csv->write(csvHeader(nk));
            m_csvHeader = true;
        }
        m_csv->write(toCsvRows(p));
        m_csv->flush();
    }
    if (!m_options.videoPath.isEmpty() && !m_videoFailed && !image.empty()) {
        if (!d->video.isOpened()) {
            QDir().mkpath(QFileInfo(m_options.videoPath).absolutePath());
            const double fps = m_options.fps > 0 ? m_options.fps : 30.0;
            if (!d->video.open(m_options.videoPath.toStdString(), cv::VideoWriter::fourcc('m', 'p', '4', 'v'), fps,
                    image.size())) {
                m_videoFailed = true;
                *error = tr("cannot write the video %1 (no MPEG-4 encoder?)").arg(m_options.videoPath);
                return false;
            }
        }
        cv::Mat canvas = image.clone();
        draw(canvas, p, m_skeleton, m_options.showRaw, m_options.drawNames, m_options.keypointConf);
        d->video.write(canvas);
    }
    if (!m_options.imageDir.isEmpty() && !image.empty()) {
        QDir().mkpath(m_options.imageDir);
        const QString name = p.sourcePath.isEmpty()
            ? QStringLiteral("frame_%1.jpg").arg(p.frameIndex, 6, 10, QLatin1Char('0'))
            : QFileInfo(p.sourcePath).fileName();
        cv::Mat canvas = image.clone();
        draw(canvas, p, m_skeleton, m_options.showRaw, m_options.drawNames, m_options.keypointConf);
        const QString path = QDir(m_options.imageDir).filePath(name);
        bool ok = false;
        try {
            ok = cv::imwrite(path.toStdString(), canvas);
        } catch (const cv::Exception &) {
            ok = false;
        }
        if (!ok) {
            *error = tr("cannot write %1: %2").arg(path, tr("the image could not be encoded"));
            return false;
        }
    }
    ++m_frames;
    return true;
}

void PredictionWriter::draw(cv::Mat &image, const FramePrediction &p, const Skeleton &skeleton, bool showRaw,
    bool drawNames, double keypointConf)
{
    const int thick = std::max(1, int(std::lround(std::max(image.cols, image.rows) / 640.0)));
    auto drawOne
        = [&](const PoseBox &box, const std::vector<std::array<double, 4>> &pts, const QString &label, bool bridged) {
              const cv::Scalar boxColor = bridged ? cv::Scalar(160, 160, 160) : cv::Scalar(56, 56, 255);
              cv::rectangle(image, cv::Point(int(box.x1), int(box.y1)), cv::Point(int(box.x2), int(box.y2)), boxColor,
                  thick, cv::LINE_AA);
              if (!label.isEmpty())
                  cv::putText(image, label.toStdString(), cv::Point(int(box.x1), std::max(12, int(box.y1) - 4)),
                      cv::FONT_HERSHEY_SIMPLEX, 0.4 * thick, boxColor, thick, cv::LINE_AA);
              // pts: x, y, shown (1/0), inferred (1/0)
              const auto &points = skeleton.points();
              for (const auto &[a, b] : skeleton.edges()) {
                  if (a >= int(pts.size()) || b >= int(pts.size()) || !pts[size_t(a)][2] || !pts[size_t(b)][2])
                      continue;
                  const Skeleton::Side sa = a < int(points.size()) ? points[size_t(a)].side : Skeleton::Side::Center;
                  const Skeleton::Side sb = b < int(points.size()) ? points[size_t(b)].side : Skeleton::Side::Center;
                  const cv::Scalar c = bgr(skeleton.sideColor(sa == sb ? sa : Skeleton::Side::Center));
                  cv::line(image, cv::Point(int(pts[size_t(a)][0]), int(pts[size_t(a)][1])),
                      cv::Point(int(pts[size_t(b)][0]), int(pts[size_t(b)][1])), c, thick, cv::LINE_AA);
              }
              for (size_t k = 0; k < pts.size(); ++k) {
                  if (!pts[k][2])
                      continue;
                  const cv::Scalar c = k < points.size() ? bgr(skeleton.pointColor(int(k))) : cv::Scalar(255, 255, 255);
                  const cv::Point pt { int(pts[k][0]), int(pts[k][1]) };
                  if (pts[k][3])
                      cv::circle(image, pt, 3 * thick, c, 1, cv::LINE_AA); // bridged: hollow
                  else
                      cv::circle(image, pt, 3 * thick, c, cv::FILLED, cv::LINE_AA);
                  if (drawNames && k < points.size())
                      cv::putText(image, points[k].name.toStdString(), pt + cv::Point(4, -4), cv::FONT_HERSHEY_SIMPLEX,
                          0.35 * thick, c, 1, cv::LINE_AA);
              }
          };
    if (p.tracked) {
        for (const TrackedPose &t : p.tracks) {
            std::vector<std::array<double, 4>> pts;
            for (const TrackedKeypoint &k : t.keypoints) {
                if (showRaw)
                    pts.push_back({ k.rawX, k.rawY, k.conf >= keypointConf ? 1.0 : 0.0, 0.0 });
                else
                    pts.push_back(
                        { k.x, k.y, (k.conf >= keypointConf || k.inferred) ? 1.0 : 0.0, k.inferred ? 1.0 : 0.0 });
            }
            drawOne(showRaw ? t.rawBox : t.box, pts, QStringLiteral("#%1 %2").arg(t.trackId).arg(t.score, 0, 'f', 2),
                t.bridged);
        }
    } else {
        for (const PoseDetection &d : p.detections) {
            std::vector<std::array<double, 4>> pts;
            for (const PoseKeypoint &k : d.keypoints)
                pts.push_back({ k.x, k.y, k.conf >= keypointConf ? 1.0 : 0.0, 0.0 });
            drawOne(d.box, pts, QString::number(d.score, 'f', 2), false);
        }
    }
}

QByteArray PredictionWriter::toJsonLine(const FramePrediction &p)
{
    nlohmann::json j;
    j["frame"] = p.frameIndex;
    j["timestamp_ms"] = r2(p.timestampMs);
    if (!p.sourcePath.isEmpty())
        j["image"] = p.sourcePath.toStdString();
    j["width"] = p.width;
    j["height"] = p.height;
    nlohmann::json instances = nlohmann::json::array();
    auto box = [](const PoseBox &b) { return nlohmann::json::array({ r2(b.x1), r2(b.y1), r2(b.x2), r2(b.y2) }); };
    if (p.tracked) {
        for (const TrackedPose &t : p.tracks) {
            nlohmann::json o;
            o["track"] = t.trackId;
            o["box"] = box(t.box);
            o["raw_box"] = box(t.rawBox);
            o["score"] = r4(t.score);
            o["class"] = t.cls;
            o["bridged"] = t.bridged;
            nlohmann::json k = nlohmann::json::array(), raw = nlohmann::json::array(), inf = nlohmann::json::array();
            for (const TrackedKeypoint &q : t.keypoints) {
                k.push_back({ r2(q.x), r2(q.y), r4(q.conf) });
                raw.push_back({ r2(q.rawX), r2(q.rawY) });
                inf.push_back(q.inferred);
            }
            o["keypoints"] = k;
            o["raw_keypoints"] = raw;
            o["inferred"] = inf;
            instances.push_back(o);
        }
    } else {
        for (const PoseDetection &d : p.detections) {
            nlohmann::json o;
            o["box"] = box(d.box);
            o["score"] = r4(d.score);
            o["class"] = d.cls;
            nlohmann::json k = nlohmann::json::array();
            for (const PoseKeypoint &q : d.keypoints)
                k.push_back({ r2(q.x), r2(q.y), r4(q.conf) });
            o["keypoints"] = k;
            instances.push_back(o);
        }
    }
    j["instances"] = instances;
    return QByteArray::fromStdString(j.dump());
}

QByteArray PredictionWriter::csvHeader(int keypoints)
{
    QString h = QStringLiteral("frame,timestamp_ms,track,x1,y1,x2,y2,score,class");
    for (int k = 0; k < keypoints; ++k)
        h += QStringLiteral(",k%1_x,k%1_y,k%1_conf,k%1_raw_x,k%1_raw_y,k%1_inferred").arg(k);
    return h.toUtf8() + '\n';
}

QByteArray PredictionWriter::toCsvRows(const FramePrediction &p)
{
    QByteArray out;
    auto row = [&](int track, const PoseBox &b, double score, int cls, const std::vector<TrackedKeypoint> &kp) {
        QStringList f { QString::number(p.frameIndex), num(p.timestampMs), QString::number(track), num(b.x1), num(b.y1),
            num(b.x2), num(b.y2), QString::number(score, 'f', 4), QString::number(cls) };
        for (const TrackedKeypoint &q : kp)
            f << num(q.x) << num(q.y) << QString::number(q.conf, 'f', 4) << num(q.rawX) << num(q.rawY)
              << QString::number(q.inferred ? 1 : 0);
        out += f.join(QLatin1Char(',')).toUtf8() + '\n';
    };
    if (p.tracked) {
        for (const TrackedPose &t : p.tracks)
            row(t.trackId, t.box, t.score, t.cls, t.keypoints);
    } else {
        for (const PoseDetection &d : p.detections) {
            std::vector<TrackedKeypoint> kp;
            for (const PoseKeypoint &q : d.keypoints)
                kp.push_back({ q.x, q.y, q.conf, q.x, q.y, false });
            row(-1, d.box, d.score, d.cls, kp);
        }
    }
    return out;
}

} // namespace gp
