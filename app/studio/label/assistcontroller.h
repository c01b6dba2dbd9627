#pragma once

#include "labelsuggestions.h"
#include "poseinstance.h"
#include "shapemodel.h"

#include <QObject>
#include <QString>

#include <memory>
#include <vector>

class AnnotationCanvas;
class QWidget;
class BackgroundJob;
namespace gp {
class AnnotationDocument;
class LivePredictor;
class Project;
class ReviewState;
} // namespace gp

// Model-assisted correction in the Label workspace, beside the canvas and the document that
// do the editing: the point origins kept beside the labels (given to an image's points when
// it is shown, recorded after each save), the shape models the refits bend by (learned from
// the project's labels in the background when a project opens), and the settings a review
// runs with (pre-labelling's confidence and NMS IoU, the confidence below which a proposal is
// doubtful), remembered across sessions.
class AssistController : public QObject
{
    Q_OBJECT

public:
    struct Settings
    {
        // A weak model proposes many faint duplicates: pre-labelling keeps fewer than
        // prediction does (conf 0.25, IoU 0.7) by default.
        double conf = 0.5;
        double iou = 0.5;
        double doubtful = 0.5;
        // A correction moves the rest of its gripper (GripperRefit), and from three corrected
        // points bends it by the learned shapes.
        bool refit = true;
        bool articulation = true;
        // After a correction, the model looks again at a crop around the object
        // (ZoomedProposal) and the gripper's other proposals take what it sees there. Off by
        // default: with the study's models it saved under 1 % of the actions at 3.5 times the
        // GUI time (docs/BENCHMARKS.md, "Correct, don't place").
        bool zoom = false;
        // The same second look at every proposed object when its image comes up.
        bool zoomFirst = false;
        // Accepting an image's review moves on to the next image.
        bool acceptMovesOn = true;
        // The order "Suggest What to Label Next" proposes (docs/BENCHMARKS.md, "The labelling loop").
        gp::LabelSuggestions::Strategy suggest = gp::LabelSuggestions::Strategy::Mixed;
    };

    AssistController(gp::AnnotationDocument *document, AnnotationCanvas *canvas, QObject *parent = nullptr);
    ~AssistController() override;

    // `review`: the images whose labels a person has not reviewed, left out of the shapes.
    void setProject(std::shared_ptr<const gp::Project> project, const gp::ReviewState &review);

    Settings settings() const { return m_settings; }
    // Applies (the canvas's hollow points, the document's accept threshold) and remembers.
    void setSettings(const Settings &settings);
    // The settings dialog over `parent`; true when they changed.
    bool editSettings(QWidget *parent);
    // The learned shape models (one per skeleton part group; invalid where too few labels).
    const std::vector<gp::ShapeModel> &shapeModels() const { return m_models; }

    // The instances read from an image's label file, with their recorded origins. While the
    // image awaits review, points with no record (changed outside the studio) are doubtful.
    // False with *error when the record does not read (the points stay a person's).
    bool applyOrigins(
        const QString &imageFile, std::vector<gp::PoseInstance> *instances, bool awaitingReview, QString *error) const;
    // Records the origins of what the document holds for `imageFile` (after its labels were saved).
    bool recordOrigins(const QString &imageFile, QString *error) const;
    // The doubtful points of the image shown.
    int doubtfulCount() const;
    // The review banner's text for the image shown: what is left to confirm.
    QString reviewText() const;

    // The model for the second look (the one pre-labelling uses).
    void setModel(const QString &model, int imgsz);
    // How many second looks ran.
    int zoomRuns() const { return m_zoomRuns; }
    // The second look at every object of an image as it comes up, for the objects still as the
    // model proposed them (none of their points moved or confirmed yet).
    void lookAgainAtAll(const QImage &image, std::vector<gp::PoseInstance> *instances);

    // Learns the shape models again from every reviewed label (in the background).
    void learnShapes(const gp::ReviewState &review);
    bool isLearning() const;

Q_SIGNALS:
    void shapesLearned(int groupsWithModel);

private:
    void lookAgain(int instance, int keypoint, int dragId);
    bool ensurePredictor();

    gp::AnnotationDocument *m_document;
    AnnotationCanvas *m_canvas;
    std::shared_ptr<const gp::Project> m_project;
    Settings m_settings;
    BackgroundJob *m_job;
    std::vector<gp::ShapeModel> m_models; // learned; given to the document while articulation is on
    std::unique_ptr<gp::LivePredictor> m_predictor;
    QString m_model;
    int m_imgsz = 640;
    int m_zoomRuns = 0;
};
