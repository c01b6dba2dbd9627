#include "framesender.h"

#include "backgroundjob.h"
#include "frameimporter.h"
#include "jobprogressdialog.h"
#include "project.h"

#include <QFileInfo>
#include <QWidget>

using gp::FrameImporter;
using gp::PoseDetection;
using gp::PredictionLabeller;
using gp::Project;
using gp::TrackedPose;

FrameSender::FrameSender(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::finished, this,
        [this] { Q_EMIT sent(m_job->result<PredictionLabeller::Result>(), m_split); });
}

FrameSender::~FrameSender()
{
    m_job->stop();
}

bool FrameSender::isRunning() const
{
    return m_job->isRunning();
}

QString FrameSender::addFrame(const Project &project, const QString &split, const QString &video, qint64 frame,
    const QImage &image, const std::vector<TrackedPose> &tracks, int keypointCount, QStringList *reviewed,
    QString *error)
{
    const QString imagesDir = project.config().imagesDir(split);
    if (!QFileInfo(imagesDir).isDir() && QFileInfo::exists(imagesDir)) {
        //: %1 is the name of the dataset split (train, val); it is not translated.
        *error = tr("The %1 split is a list file, not a folder: add the frame by hand.").arg(split);
        return {};
    }
    const std::vector<PoseDetection> predictions = PredictionLabeller::fromTracks(tracks);
    if (predictions.empty()) {
        // Nothing to label it with: the image alone, for a person to label.
        QString file;
        bool existed = false;
        if (!FrameImporter::writeFrame(image, imagesDir, video, int(frame), &file, &existed, error))
            return {};
        return file;
    }
    PredictionLabeller::Options o;
    o.video = video;
    o.projectDir = project.dir();
    o.imagesDir = imagesDir;
    o.keypointCount = keypointCount;
    o.frames = { frame };
    o.predictions = { predictions };
    const PredictionLabeller::Result r = PredictionLabeller::run(o);
    *reviewed << r.written;
    *error = r.error;
    return !r.written.isEmpty() ? r.written.first() : !r.existing.isEmpty() ? r.existing.first() : QString();
}

void FrameSender::send(const Project &project, const QString &split, const QString &video, int keypointCount,
    const std::vector<qint64> &frames, const std::vector<std::vector<TrackedPose>> &tracks)
{
    PredictionLabeller::Options o;
    for (const std::vector<TrackedPose> &t : tracks)
        o.predictions.push_back(PredictionLabeller::fromTracks(t));
    start(std::move(o), project, split, video, keypointCount, frames);
}

void FrameSender::sendObjects(const Project &project, const QString &split, const QString &video, int keypointCount,
    const std::vector<qint64> &frames, const std::vector<std::vector<gp::PoseInstance>> &objects)
{
    PredictionLabeller::Options o;
    o.objects = objects;
    start(std::move(o), project, split, video, keypointCount, frames);
}

void FrameSender::start(PredictionLabeller::Options o, const Project &project, const QString &split,
    const QString &video, int keypointCount, const std::vector<qint64> &frames)
{
    if (m_job->isRunning() || frames.empty())
        return;
    o.video = video;
    o.projectDir = project.dir();
    o.imagesDir = project.config().imagesDir(split);
    o.keypointCount = keypointCount;
    o.frames = frames;
    m_split = split;
    m_job->start([o](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return PredictionLabeller::run(o, cancel, progress);
    });
    //: %n is how many frames go to the Label workspace.
    JobProgressDialog::open(m_job, tr("Sending %n frame(s) to labelling…", nullptr, int(frames.size())), m_window);
}
