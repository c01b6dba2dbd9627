#pragma once

#include "posedetection.h"
#include "predictionlabeller.h"

#include <QImage>
#include <QObject>
#include <QString>
#include <QStringList>

#include <vector>

class BackgroundJob;
class QWidget;
namespace gp {
class Project;
} // namespace gp

// Sends frames of the video to labelling: one frame at once ("Label this frame": the
// image, with the predictions on screen as its labels marked needs review when there are
// any), or many in the background behind a progress dialog (PredictionLabeller).
class FrameSender : public QObject
{
    Q_OBJECT

public:
    // Dialogs open over `window`.
    explicit FrameSender(QWidget *window);
    ~FrameSender() override;

    // The image file (written, or there already); empty with *error on failure. Images
    // written with labels are added to *reviewed.
    QString addFrame(const gp::Project &project, const QString &split, const QString &video, qint64 frame,
        const QImage &image, const std::vector<gp::TrackedPose> &tracks, int keypointCount, QStringList *reviewed,
        QString *error);
    // `tracks[i]` are frame `frames[i]`'s; sent() follows.
    void send(const gp::Project &project, const QString &split, const QString &video, int keypointCount,
        const std::vector<qint64> &frames, const std::vector<std::vector<gp::TrackedPose>> &tracks);
    // The same with the objects to write (each point's origin kept), `objects[i]` frame `frames[i]`'s.
    void sendObjects(const gp::Project &project, const QString &split, const QString &video, int keypointCount,
        const std::vector<qint64> &frames, const std::vector<std::vector<gp::PoseInstance>> &objects);
    bool isRunning() const;
    BackgroundJob *job() const { return m_job; }

Q_SIGNALS:
    void sent(const gp::PredictionLabeller::Result &result, const QString &split);

private:
    void start(gp::PredictionLabeller::Options options, const gp::Project &project, const QString &split,
        const QString &video, int keypointCount, const std::vector<qint64> &frames);

    QWidget *m_window;
    BackgroundJob *m_job;
    QString m_split;
};
