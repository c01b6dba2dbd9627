#include "prelabelcontroller.h"

#include "backgroundjob.h"
#include "datasetconfig.h"
#include "jobprogressdialog.h"
#include "pointorigins.h"
#include "project.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QWidget>

using gp::DatasetConfig;
using gp::PreLabeller;
using gp::Project;
using gp::ReviewState;

PrelabelController::PrelabelController(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::finished, this, &PrelabelController::done);
}

PrelabelController::~PrelabelController() = default;

bool PrelabelController::setProject(std::shared_ptr<const Project> project, QString *error)
{
    m_job->stop();
    m_project = std::move(project);
    m_review = ReviewState();
    return !m_project || m_review.load(m_project->dir(), error);
}

void PrelabelController::setModel(const QString &model, int imgsz)
{
    m_options.model = model;
    m_options.imgsz = imgsz;
}

void PrelabelController::setThresholds(double conf, double iou)
{
    m_options.conf = conf;
    m_options.iou = iou;
}

bool PrelabelController::isRunning() const
{
    return m_job->isRunning();
}

void PrelabelController::start(
    const QStringList &images, const QStringList &revise, const std::vector<gp::ShapeModel> &shapeModels)
{
    if (!m_project || m_job->isRunning() || (images.isEmpty() && revise.isEmpty()))
        return;
    if (m_options.model.isEmpty()) {
        const QString model
            = QFileDialog::getOpenFileName(m_window, tr("Pre-label with a Trained Model"), m_project->runsDir(),
                tr("Checkpoints, weights and ONNX exports (*.ckpt *.pt *.pth *.torchscript *.onnx);;All files (*)"));
        if (model.isEmpty())
            return;
        m_options.model = model;
    }
    PreLabeller::Options o = m_options;
    o.images = images + revise;
    o.revise = revise;
    o.skeleton = m_project->skeleton();
    o.shapeModels = shapeModels;
    o.keypointCount = m_project->skeleton().keypointCount();
    o.keypointDims = m_project->config().keypointDims;
    o.projectDir = m_project->dir();
    m_job->start([o](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return PreLabeller::run(o, cancel, progress);
    });
    //: %n is how many images the model labels.
    JobProgressDialog::open(m_job, tr("Pre-labelling %n image(s)…", nullptr, int(o.images.size())), m_window);
    Q_EMIT started();
}

void PrelabelController::done()
{
    const auto r = m_job->result<PreLabeller::Result>();
    QString error;
    if (!r.written.isEmpty()) {
        m_review.add(r.written);
        m_review.save(&error);
    }
    Q_EMIT finished(r, error);
}

bool PrelabelController::accept(const QString &imageFile, QString *error)
{
    if (!m_review.contains(imageFile))
        return true;
    m_review.remove(imageFile);
    return m_review.save(error);
}

bool PrelabelController::reject(const QString &imageFile, QString *error)
{
    const QString labelFile = DatasetConfig::labelFileFor(imageFile);
    if (QFile::exists(labelFile) && !QFile::remove(labelFile)) {
        *error = tr("%1 could not be deleted").arg(QDir::toNativeSeparators(labelFile));
        return false;
    }
    // Its origins go with it.
    if (m_project && !gp::PointOrigins::write(m_project->dir(), imageFile, {}, error))
        return false;
    m_review.remove(imageFile);
    return m_review.save(error);
}

bool PrelabelController::markNeedsReview(const QStringList &imageFiles, QString *error)
{
    if (!m_project || imageFiles.isEmpty())
        return true;
    m_review.add(imageFiles);
    return m_review.save(error);
}
