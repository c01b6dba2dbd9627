#include "frameimportcontroller.h"

#include "backgroundjob.h"
#include "jobprogressdialog.h"
#include "project.h"

#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QWidget>

using gp::FrameImporter;
using gp::Project;

FrameImportController::FrameImportController(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::finished, this,
        [this] { Q_EMIT finished(m_split, m_job->result<FrameImporter::Result>()); });
}

FrameImportController::~FrameImportController() = default;

void FrameImportController::setProject(std::shared_ptr<const Project> project)
{
    m_job->stop();
    m_project = std::move(project);
}

bool FrameImportController::isRunning() const
{
    return m_job->isRunning();
}

void FrameImportController::importInteractive(const QString &split)
{
    if (!m_project || m_job->isRunning())
        return;
    const QString video = QFileDialog::getOpenFileName(m_window, tr("Import Frames from a Video"), m_project->dir(),
        tr("Videos (*.mp4 *.avi *.mov *.mkv *.webm *.m4v);;All files (*)"));
    if (video.isEmpty())
        return;
    bool ok = false;
    const int n = QInputDialog::getInt(m_window, tr("Import Frames from a Video"),
        tr("Import every N-th frame into the %1 split; N:").arg(split), 10, 1, 1000000, 1, &ok);
    if (ok)
        import(video, split, n);
}

void FrameImportController::import(const QString &video, const QString &split, int everyNth)
{
    if (!m_project || m_job->isRunning() || m_project->config().imagesDir(split).isEmpty())
        return;
    FrameImporter::Options o;
    o.video = video;
    o.imagesDir = m_project->config().imagesDir(split);
    o.everyNth = everyNth;
    m_split = split;
    m_job->start([o](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return FrameImporter::run(o, cancel, progress);
    });
    JobProgressDialog::open(m_job, tr("Importing frames from %1…").arg(QFileInfo(video).fileName()), m_window);
}
