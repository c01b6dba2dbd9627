#pragma once

#include "posedetection.h"
#include "predictionlabeller.h"
#include "videoreader.h"
#include "videotruth.h"

#include <QImage>
#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class BackgroundJob;
class FrameOverlay;
class FrameSender;
class LayoutMemory;
class ModelPanel;
class OverlayPanel;
class PoseOverlayView;
class PredictionController;
class QAction;
class QCheckBox;
class QDoubleSpinBox;
class QGroupBox;
class QLabel;
class QPushButton;
class QSpinBox;
class QThread;
class QTimer;
class SmoothingPanel;
class TimelineStrips;
class VideoTimeline;
class WorstFramesPanel;
namespace gp {
class Project;
} // namespace gp

// The Video workspace: play and scrub a video file frame-accurately (or watch a camera or a
// stream) with the model's predictions drawn over it. A model runs live on the frame on
// screen, or analyses the whole video (or the loop range) in the background; after that,
// scrubbing shows predictions with no inference, the smoothing sliders re-run the temporal
// stage over the cached detections at once, the strips under the slider show confidence,
// jitter, occlusions and track changes, and the worst frames go to labelling with the
// predictions as labels. Decoding runs in a VideoReader on its own thread; the model side
// is a PredictionController.
class VideoWorkspace : public QWidget
{
    Q_OBJECT

public:
    explicit VideoWorkspace(QWidget *parent = nullptr);
    ~VideoWorkspace() override;

    // Opens the project's videos/demo.mp4 when there is one.
    void setProject(std::shared_ptr<const gp::Project> project);
    // Opens `file` (asynchronously); videoOpened() or videoFailed() follows.
    void openVideo(const QString &file);
    // A camera index ("0") or a stream URL.
    void openLive(const QString &source);
    void closeVideo();
    // The model predictions come from (setModel() below; the Train workspace hands a run's weights over).
    QString model() const;

    const gp::VideoInfo &videoInfo() const { return m_info; }
    int shownFrame() const { return m_shownFrame; }
    bool isPlaying() const;
    bool hasGroundTruth() const;
    const gp::VideoTruth *groundTruth() const;
    // Opening, decoding a requested frame, or a background job of the model.
    bool isBusy() const;

    PoseOverlayView *imageView() const { return m_view; }
    VideoTimeline *timeline() const { return m_timeline; }
    TimelineStrips *strips() const { return m_strips; }
    SmoothingPanel *smoothingPanel() const { return m_smoothing; }
    WorstFramesPanel *worstFramesPanel() const { return m_worst; }
    OverlayPanel *overlayPanel() const { return m_overlay; }
    PredictionController *predictions() const { return m_predictions; }
    QCheckBox *groundTruthBox() const;
    QPushButton *addFrameButton() const { return m_addFrameButton; }
    QPushButton *fillButton() const { return m_fillButton; }
    ModelPanel *modelPanel() const { return m_model; }
    FrameSender *sender() const { return m_sender; }

public Q_SLOTS:
    // The splitter as designed (View ▸ Reset Layout).
    void resetLayout();
    void seek(int frame);
    void play();
    void pause();
    void togglePlay();
    void openVideoDialog();
    void openLiveDialog();
    // The model the predictions come from: a checkpoint, imported Ultralytics weights, an
    // exported .onnx model, or a model name.
    void setModel(const QString &model);
    void chooseModel();
    void analyse();
    void exportDialog();
    // Writes the frame on screen into the project's train split (as the frame importer
    // names it; an existing file is kept) with the predictions on screen as its labels,
    // marked needs review (without predictions: the image alone), and emits frameAdded().
    // Empty on failure, with the message shown and in *error.
    QString addCurrentFrame(QString *error = nullptr);
    // In the background: the frames into `split` with their predictions as labels.
    void sendFrames(const std::vector<qint64> &frames, const QString &split);
    // The frames of this video a person corrected in `split` (VideoKeyframes) carry their
    // corrections to the frames between them (KeyframeFill, over the analysis' tracks): those
    // are written in the background, marked needs review, and reviewOrder() names them, the one
    // that most needs a look first. False (and *error) when there is nothing to fill.
    bool fillBetweenKeyframes(const QString &split = QStringLiteral("train"), QString *error = nullptr);

Q_SIGNALS:
    void videoOpened(const QString &file);
    void videoFailed(const QString &message);
    void frameShown(int frame);
    // A frame was added to (or was already in) the dataset: label it.
    void frameAdded(const QString &imageFile, const QString &split);
    // Images written with a model's labels, marked "needs review" (emitted before frameAdded()).
    void framesSentForReview(const QStringList &imageFiles);
    void framesSent(int written, int existing);
    // Frames filled between keyframes were written: the order to review them in.
    void reviewOrder(const QStringList &imageFiles);

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *buildSidePanel();
    void retranslateUi();
    void resetVideo(const QString &opening);
    void onOpened(const gp::VideoInfo &info);
    void onFailed(const QString &message);
    void onFrame(int index, const QImage &image);
    void onTick();
    void updateInfo();
    void updateModelInfo();
    void updateTimer();
    void tracksChanged();
    void startIndexPass();
    void sendDone(const gp::PredictionLabeller::Result &result, const QString &split);

    std::shared_ptr<const gp::Project> m_project;
    QThread *m_thread;
    VideoReader *m_reader;
    PredictionController *m_predictions;
    gp::VideoInfo m_info;
    QString m_error;
    QString m_opening;
    int m_requestedFrame = -1;
    int m_shownFrame = -1;
    QTimer *m_timer;
    LayoutMemory *m_layout = nullptr;
    BackgroundJob *m_indexJob;
    FrameSender *m_sender;
    FrameOverlay *m_frameOverlay = nullptr;

    QPushButton *m_openButton;
    QPushButton *m_liveButton;
    QLabel *m_fileLabel;
    QLabel *m_infoLabel;
    PoseOverlayView *m_view;
    TimelineStrips *m_strips;
    VideoTimeline *m_timeline;
    ModelPanel *m_model;
    OverlayPanel *m_overlay;
    SmoothingPanel *m_smoothing;
    WorstFramesPanel *m_worst;
    std::vector<QGroupBox *> m_groups;
    QAction *m_playAction;
    QAction *m_addFrameAction;
    std::vector<QAction *> m_stepActions;
    QPushButton *m_addFrameButton;
    QPushButton *m_fillButton;
    // The frames being filled between keyframes, with how much each needs a look.
    std::map<qint64, double> m_fillPriority;
    QImage m_shownImage;
};
