#pragma once

#include "prelabeller.h"
#include "reviewstate.h"
#include "shapemodel.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>

class BackgroundJob;
class QWidget;
namespace gp {
class Project;
} // namespace gp

// Pre-labelling with a trained model and the review that follows it: runs PreLabeller in
// the background behind a progress dialog (cancellable), keeps the project's ReviewState
// (which images hold a model's labels a person has not checked), and accepts or rejects an
// image's model labels.
class PrelabelController : public QObject
{
    Q_OBJECT

public:
    // Dialogs open over `window`.
    explicit PrelabelController(QWidget *window);
    ~PrelabelController() override;

    // Reads the project's review state; false with *error when it does not parse (it is
    // empty then).
    bool setProject(std::shared_ptr<const gp::Project> project, QString *error);
    const gp::ReviewState &review() const { return m_review; }
    bool needsReview(const QString &imageFile) const { return m_review.contains(imageFile); }

    // The checkpoint (or model name) pre-labelling uses.
    void setModel(const QString &model, int imgsz = 640);
    // Which detections become labels: confidence at least `conf`, duplicates above `iou` suppressed.
    void setThresholds(double conf, double iou);
    QString model() const { return m_options.model; }
    int imgsz() const { return m_options.imgsz; }
    bool isRunning() const;

    // In the background (asks for a checkpoint when none is set); finished() follows.
    // `revise`: images under review whose proposals the model may revise (a person's points
    // never move; ProposalRevision), with the shape models of the project's grippers.
    void start(
        const QStringList &images, const QStringList &revise = {}, const std::vector<gp::ShapeModel> &shapeModels = {});
    // Keeps the image's labels and clears its mark.
    bool accept(const QString &imageFile, QString *error);
    // Deletes the image's label file and its mark: it is unlabelled again.
    bool reject(const QString &imageFile, QString *error);
    // Images a model labelled elsewhere (the Video workspace) need review; saves the state.
    bool markNeedsReview(const QStringList &imageFiles, QString *error);

Q_SIGNALS:
    void started();
    // The images written are marked "needs review" already; *saveError (may be empty)
    // says when the mark could not be saved.
    void finished(const gp::PreLabeller::Result &result, const QString &saveError);

private:
    void done();

    QWidget *m_window;
    std::shared_ptr<const gp::Project> m_project;
    gp::ReviewState m_review;
    gp::PreLabeller::Options m_options;
    BackgroundJob *m_job;
};
