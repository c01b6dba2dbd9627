#include "assistcontroller.h"

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "assistsettingsdialog.h"
#include "backgroundjob.h"
#include "labelcache.h"
#include "livepredictor.h"
#include "pointorigins.h"
#include "project.h"
#include "reviewstate.h"
#include "zoomedproposal.h"

#include <QSettings>

namespace {
const QString kConf = QStringLiteral("label/prelabelConf");
const QString kIou = QStringLiteral("label/prelabelIou");
const QString kDoubtful = QStringLiteral("label/doubtful");
const QString kRefit = QStringLiteral("label/refit");
const QString kArticulation = QStringLiteral("label/refitArticulation");
const QString kZoom = QStringLiteral("label/zoomedProposal");
const QString kAcceptMovesOn = QStringLiteral("label/acceptMovesOn");
const QString kSuggest = QStringLiteral("label/suggest");
} // namespace

AssistController::AssistController(gp::AnnotationDocument *document, AnnotationCanvas *canvas, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_canvas(canvas)
    , m_job(new BackgroundJob(this))
{
    const QSettings settings;
    Settings s;
    s.conf = settings.value(kConf, s.conf).toDouble();
    s.iou = settings.value(kIou, s.iou).toDouble();
    s.doubtful = settings.value(kDoubtful, s.doubtful).toDouble();
    s.refit = settings.value(kRefit, s.refit).toBool();
    s.articulation = settings.value(kArticulation, s.articulation).toBool();
    s.zoom = settings.value(kZoom, s.zoom).toBool();
    s.acceptMovesOn = settings.value(kAcceptMovesOn, s.acceptMovesOn).toBool();
    gp::LabelSuggestions::parse(settings.value(kSuggest).toString(), &s.suggest);
    m_settings = s;
    m_canvas->setDoubtfulThreshold(s.doubtful);
    m_document->setRefitEnabled(s.refit);
    connect(m_canvas, &AnnotationCanvas::pointDragged, this, &AssistController::lookAgain);
    connect(m_job, &BackgroundJob::finished, this, [this] {
        m_models = m_job->result<std::vector<gp::ShapeModel>>();
        int valid = 0;
        for (const gp::ShapeModel &m : m_models)
            valid += m.isValid() ? 1 : 0;
        m_document->setShapeModels(m_settings.articulation ? m_models : std::vector<gp::ShapeModel>());
        Q_EMIT shapesLearned(valid);
    });
}

AssistController::~AssistController()
{
    m_job->stop();
}

void AssistController::setModel(const QString &model, int imgsz)
{
    m_model = model;
    m_imgsz = imgsz;
}

bool AssistController::ensurePredictor()
{
    if (m_model.isEmpty())
        return false;
    if (!m_predictor)
        m_predictor = std::make_unique<gp::LivePredictor>();
    gp::PredictorOptions o;
    o.model = m_model;
    o.imgsz = m_imgsz;
    o.conf = 0.05; // the object is there: take what the network sees
    o.iou = m_settings.iou;
    QString error;
    return m_predictor->ensureLoaded(o, &error);
}

void AssistController::lookAgainAtAll(const QImage &image, std::vector<gp::PoseInstance> *instances)
{
    if (!m_settings.zoomFirst || image.isNull() || !ensurePredictor())
        return;
    for (gp::PoseInstance &object : *instances) {
        bool untouched = true, any = false;
        for (const gp::Keypoint &k : object.keypoints) {
            any = any || k.isLabelled();
            untouched = untouched && (!k.isLabelled() || k.origin == gp::Keypoint::Origin::Model);
        }
        if (!any || !untouched)
            continue;
        QString error;
        const auto seen = gp::ZoomedProposal::run(*m_predictor, image, object, &error);
        ++m_zoomRuns;
        if (!seen)
            continue;
        for (size_t k = 0; k < object.keypoints.size() && k < seen->keypoints.size(); ++k)
            if (object.keypoints[k].isLabelled() && seen->keypoints[k].isLabelled()) {
                object.keypoints[k].x = seen->keypoints[k].x;
                object.keypoints[k].y = seen->keypoints[k].y;
                object.keypoints[k].confidence = seen->keypoints[k].confidence;
            }
    }
}

void AssistController::lookAgain(int instance, int keypoint, int dragId)
{
    const int group = m_document->skeleton().partOf(keypoint);
    if (!m_settings.zoom || m_model.isEmpty() || group < 0 || instance < 0 || instance >= m_document->instanceCount())
        return;
    const gp::PoseInstance &object = m_document->instances()[size_t(instance)];
    bool proposals = false;
    const std::vector<int> members = m_document->skeleton().partGroups()[size_t(group)];
    for (int k : members)
        proposals = proposals || object.keypoints[size_t(k)].isProposal();
    if (!proposals)
        return;
    if (!ensurePredictor())
        return;
    QString error;
    const auto seen = gp::ZoomedProposal::run(*m_predictor, m_canvas->image(), object, &error);
    ++m_zoomRuns;
    if (seen)
        m_document->reproposePart(instance, group, seen->keypoints, dragId, keypoint);
}

void AssistController::setProject(std::shared_ptr<const gp::Project> project, const gp::ReviewState &review)
{
    m_job->stop();
    m_project = std::move(project);
    m_models.clear();
    m_document->setShapeModels({});
    learnShapes(review);
}

void AssistController::setSettings(const Settings &s)
{
    m_settings = s;
    QSettings settings;
    settings.setValue(kConf, s.conf);
    settings.setValue(kIou, s.iou);
    settings.setValue(kDoubtful, s.doubtful);
    settings.setValue(kRefit, s.refit);
    settings.setValue(kArticulation, s.articulation);
    settings.setValue(kZoom, s.zoom);
    settings.setValue(kAcceptMovesOn, s.acceptMovesOn);
    settings.setValue(kSuggest, gp::LabelSuggestions::key(s.suggest));
    m_canvas->setDoubtfulThreshold(s.doubtful);
    m_document->setRefitEnabled(s.refit);
    m_document->setShapeModels(s.articulation ? m_models : std::vector<gp::ShapeModel>());
}

bool AssistController::editSettings(QWidget *parent)
{
    AssistSettingsDialog dialog(m_settings, parent);
    if (dialog.exec() != QDialog::Accepted)
        return false;
    setSettings(dialog.settings());
    return true;
}

bool AssistController::applyOrigins(
    const QString &imageFile, std::vector<gp::PoseInstance> *instances, bool awaitingReview, QString *error) const
{
    return !m_project || gp::PointOrigins::apply(m_project->dir(), imageFile, instances, awaitingReview, error);
}

bool AssistController::recordOrigins(const QString &imageFile, QString *error) const
{
    return !m_project || gp::PointOrigins::write(m_project->dir(), imageFile, m_document->instances(), error);
}

int AssistController::doubtfulCount() const
{
    return m_document->doubtfulCount(m_settings.doubtful);
}

QString AssistController::reviewText() const
{
    const int proposals = m_document->proposalCount();
    if (proposals == 0)
        //: The banner over an image a model labelled, once every point is confirmed.
        return tr("Labelled by a model, every point confirmed: accept the labels or reject them.");
    //: The banner over an image a model labelled; %1 points are unconfirmed, %2 of them doubtful (hollow).
    return tr("Labelled by a model: %1 points to confirm, %2 doubtful (hollow). Drag a wrong point and its "
              "gripper follows; Enter accepts the confident ones.")
        .arg(proposals)
        .arg(doubtfulCount());
}

void AssistController::learnShapes(const gp::ReviewState &review)
{
    if (!m_project)
        return;
    const gp::DatasetConfig config = m_project->config();
    const std::vector<std::vector<int>> groups = m_project->skeleton().partGroups();
    m_job->start([config, groups, review](const gp::CancelToken &cancel, const gp::Progress &) {
        std::vector<gp::PoseInstance> instances;
        for (const QString &split : config.splits()) {
            if (cancel.isCancelled())
                return std::vector<gp::ShapeModel>();
            gp::LabelCache::Options o;
            o.depth = gp::ImageCheck::Depth::Structure;
            o.cancel = cancel;
            for (const gp::ImageAnnotation &a : gp::LabelCache::scan(config, split, o).usable())
                // A person's labels only: a model's unreviewed guesses would teach the shapes
                // the model's own mistakes.
                if (!review.contains(a.imagePath))
                    instances.insert(instances.end(), a.instances.begin(), a.instances.end());
        }
        return gp::ShapeModel::learnParts(instances, groups);
    });
}

bool AssistController::isLearning() const
{
    return m_job->isRunning();
}
