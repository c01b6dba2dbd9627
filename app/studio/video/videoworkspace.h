#pragma once

#include "videoreader.h"
#include "videotruth.h"

#include <QElapsedTimer>
#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>

class ImageView;
class Project;
class QAction;
class QCheckBox;
class QLabel;
class QPushButton;
class QThread;
class QTimer;
class VideoTimeline;

// The Video workspace at this stage: open a video, play it and scrub it frame by frame,
// with the ground truth of a sidecar JSON file (videos/demo.json) drawn over it. The
// decoding runs in a VideoReader on its own thread.
class VideoWorkspace : public QWidget
{
    Q_OBJECT

public:
    explicit VideoWorkspace(QWidget *parent = nullptr);
    ~VideoWorkspace() override;

    // Opens the project's videos/demo.mp4 when there is one.
    void setProject(std::shared_ptr<const Project> project);
    // Opens `file` (asynchronously); videoOpened() or videoFailed() follows.
    void openVideo(const QString &file);
    void closeVideo();
    // The weights to predict with (a checkpoint or weight file), e.g. a run's best.ckpt
    // handed over by the Train workspace; modelChanged() follows.
    void setModel(const QString &weights)
    {
        m_model = weights;
        Q_EMIT modelChanged(weights);
    }
    const QString &model() const { return m_model; }

    const VideoInfo &videoInfo() const { return m_info; }
    int shownFrame() const { return m_shownFrame; }
    bool isPlaying() const;
    bool hasGroundTruth() const { return m_truth.has_value(); }
    const VideoTruth *groundTruth() const { return m_truth ? &*m_truth : nullptr; }
    // Opening or decoding a requested frame.
    bool isBusy() const;

    ImageView *imageView() const { return m_view; }
    VideoTimeline *timeline() const { return m_timeline; }
    QCheckBox *groundTruthBox() const { return m_showTruth; }
    QPushButton *addFrameButton() const { return m_addFrameButton; }

public Q_SLOTS:
    void seek(int frame);
    void play();
    void pause();
    void togglePlay();
    void openVideoDialog();
    // Writes the frame on screen into the project's train split (as the frame importer
    // names it; an existing file is kept) and emits frameAdded(). Empty on failure, with
    // the message shown and in *error.
    QString addCurrentFrame(QString *error = nullptr);

Q_SIGNALS:
    void videoOpened(const QString &file);
    void videoFailed(const QString &message);
    void frameShown(int frame);
    // A frame was added to (or was already in) the dataset: label it.
    void frameAdded(const QString &imageFile, const QString &split);
    void modelChanged(const QString &weights);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void onOpened(const VideoInfo &info);
    void onFailed(const QString &message);
    void onFrame(int index, const QImage &image);
    void onTick();
    void updateOverlay();
    void updateInfo();

    std::shared_ptr<const Project> m_project;
    QThread *m_thread;
    VideoReader *m_reader;
    VideoInfo m_info;
    std::optional<VideoTruth> m_truth;
    QString m_truthError;
    QString m_error;
    QString m_opening;
    int m_requestedFrame = -1;
    int m_shownFrame = -1;
    QTimer *m_timer;

    QPushButton *m_openButton;
    QLabel *m_fileLabel;
    QCheckBox *m_showTruth;
    QLabel *m_infoLabel;
    ImageView *m_view;
    VideoTimeline *m_timeline;
    QAction *m_playAction;
    QAction *m_addFrameAction;
    QPushButton *m_addFrameButton;
    QImage m_shownImage;
    QString m_model;
};
