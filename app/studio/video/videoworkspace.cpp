#include "videoworkspace.h"

#include "backgroundjob.h"
#include "detectioncache.h"
#include "flowlayout.h"
#include "frameimporter.h"
#include "frameoverlay.h"
#include "framereader.h"
#include "framesender.h"
#include "jobprogressdialog.h"
#include "keyframefill.h"
#include "layoutmemory.h"
#include "modelpanel.h"
#include "overlaypanel.h"
#include "poseoverlayview.h"
#include "predictioncontroller.h"
#include "project.h"
#include "smoothingpanel.h"
#include "synthgenerator.h"
#include "timelinestrips.h"
#include "videokeyframes.h"
#include "videotimeline.h"
#include "worstframespanel.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QSpinBox>
#include <QSplitter>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

using gp::DetectionCache;
using gp::FrameReader;
using gp::ImageAnnotation;
using gp::ImageEnhancement;
using gp::OutputOptions;
using gp::PoseQuality;
using gp::PredictionLabeller;
using gp::Project;
using gp::QualitySeries;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::TemporalOptions;
using gp::TrackedPose;
using gp::VideoInfo;
using gp::VideoTruth;

VideoWorkspace::VideoWorkspace(QWidget *parent)
    : QWidget(parent)
    , m_thread(new QThread(this))
    , m_reader(new VideoReader)
    , m_predictions(new PredictionController(this))
    , m_timer(new QTimer(this))
    , m_indexJob(new BackgroundJob(this))
    , m_sender(new FrameSender(this))
    , m_openButton(new QPushButton(this))
    , m_liveButton(new QPushButton(this))
    , m_fileLabel(new QLabel(this))
    , m_infoLabel(new QLabel(this))
    , m_view(new PoseOverlayView(Skeleton::defaultGripper(), this))
    , m_strips(new TimelineStrips(this))
    , m_timeline(new VideoTimeline(this))
    , m_playAction(new QAction(this))
    , m_addFrameAction(new QAction(this))
    , m_addFrameButton(new QPushButton(this))
    , m_fillButton(new QPushButton(this))
{
    m_thread->setObjectName(QStringLiteral("VideoReader"));
    m_reader->moveToThread(m_thread);
    connect(m_thread, &QThread::finished, m_reader, &QObject::deleteLater);
    connect(m_reader, &VideoReader::opened, this, &VideoWorkspace::onOpened);
    connect(m_reader, &VideoReader::failed, this, &VideoWorkspace::onFailed);
    connect(m_reader, &VideoReader::frameReady, this, &VideoWorkspace::onFrame);
    m_thread->start();

    m_timer->setTimerType(Qt::PreciseTimer);
    connect(m_timer, &QTimer::timeout, this, &VideoWorkspace::onTick);

    m_fileLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_fileLabel->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_infoLabel->setWordWrap(false);

    // Wraps onto a second line on a narrow window (FlowLayout) rather than widening it.
    auto *top = new FlowLayout;
    top->setContentsMargins(0, 0, 0, 0);
    top->addWidget(m_openButton);
    top->addWidget(m_liveButton);
    top->addWidget(m_fileLabel);
    top->addWidget(m_infoLabel);
    top->addWidget(m_addFrameButton);
    top->addWidget(m_fillButton);
    m_fillButton->setObjectName(QStringLiteral("fillBetweenKeyframes"));
    connect(m_fillButton, &QPushButton::clicked, this, [this] {
        QString error;
        if (!fillBetweenKeyframes(QStringLiteral("train"), &error))
            m_model->setStatus(error);
    });
    auto *center = new QWidget(this);
    auto *centerLayout = new QVBoxLayout(center);
    centerLayout->setContentsMargins(0, 0, 0, 0);
    centerLayout->addLayout(top);
    centerLayout->addWidget(m_view, 1);
    centerLayout->addWidget(m_strips);
    centerLayout->addWidget(m_timeline);
    auto *split = new QSplitter(Qt::Horizontal, this);
    split->setObjectName(QStringLiteral("videoAndPanels"));
    split->addWidget(center);
    split->addWidget(buildSidePanel());
    m_frameOverlay = new FrameOverlay(m_view, m_predictions, m_model, m_overlay, m_smoothing, this);
    split->setStretchFactor(0, 1);
    split->setCollapsible(0, false);
    m_layout = new LayoutMemory(QStringLiteral("video"), this);
    m_layout->track(split, [split] {
        const int panel = split->widget(1)->minimumSizeHint().width();
        return QList<int> { std::max(1, split->width() - panel), panel };
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(split);

    auto addAction = [this](QAction *a, const QKeySequence &key) {
        a->setShortcut(key);
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        QWidget::addAction(a);
    };
    addAction(m_playAction, QKeySequence(Qt::Key_Space));
    connect(m_playAction, &QAction::triggered, this, &VideoWorkspace::togglePlay);
    addAction(m_addFrameAction, QKeySequence(Qt::Key_E));
    connect(m_addFrameAction, &QAction::triggered, this, [this] { addCurrentFrame(); });
    const std::pair<QKeySequence, int> steps[] = { { Qt::Key_Left, -1 }, { Qt::Key_Right, 1 },
        { Qt::SHIFT | Qt::Key_Left, -10 }, { Qt::SHIFT | Qt::Key_Right, 10 } };
    for (const auto &[key, delta] : steps) {
        auto *a = new QAction(this);
        addAction(a, key);
        connect(a, &QAction::triggered, this, [this, d = delta] { m_timeline->step(d); });
        m_stepActions.push_back(a);
    }
    connect(m_addFrameButton, &QPushButton::clicked, this, [this] { addCurrentFrame(); });
    m_addFrameButton->setEnabled(false);
    connect(m_openButton, &QPushButton::clicked, this, &VideoWorkspace::openVideoDialog);
    connect(m_liveButton, &QPushButton::clicked, this, &VideoWorkspace::openLiveDialog);
    connect(m_timeline, &VideoTimeline::frameRequested, this, &VideoWorkspace::seek);
    connect(m_strips, &TimelineStrips::frameRequested, this, &VideoWorkspace::seek);
    connect(m_timeline, &VideoTimeline::playToggled, this, [this](bool playing) { playing ? play() : pause(); });
    connect(m_timeline, &VideoTimeline::speedChanged, this, &VideoWorkspace::updateTimer);
    connect(m_timeline, &VideoTimeline::loopChanged, this,
        [this](bool on, int first, int last) { m_strips->setLoopRange(on, first, last); });

    connect(m_predictions, &PredictionController::tracksChanged, this, &VideoWorkspace::tracksChanged);
    connect(m_predictions, &PredictionController::analysisChanged, this, &VideoWorkspace::updateModelInfo);
    connect(m_predictions, &PredictionController::analysisFinished, m_model, &ModelPanel::setStatus);
    connect(m_predictions, &PredictionController::exportFinished, m_model, &ModelPanel::setStatus);
    connect(m_predictions, &PredictionController::problem, m_model, &ModelPanel::setStatus);
    connect(m_smoothing, &SmoothingPanel::optionsChanged, this, [this](const TemporalOptions &o) {
        m_predictions->setTemporalOptions(o);
        m_frameOverlay->refresh();
    });
    connect(m_overlay, &OverlayPanel::changed, m_frameOverlay, &FrameOverlay::refresh);
    connect(m_model, &ModelPanel::liveToggled, m_frameOverlay, &FrameOverlay::setLive);
    connect(m_model, &ModelPanel::enhancementChanged, m_frameOverlay, &FrameOverlay::enhancementChanged);
    connect(m_predictions, &PredictionController::settingsAdopted, m_frameOverlay, &FrameOverlay::enhancementChanged);
    connect(m_worst, &WorstFramesPanel::frameActivated, this, &VideoWorkspace::seek);
    connect(m_worst, &WorstFramesPanel::sendRequested, this, &VideoWorkspace::sendFrames);
    connect(m_indexJob, &BackgroundJob::finished, this, [this] {
        const auto table = m_indexJob->result<std::vector<double>>();
        if (!table.empty())
            QMetaObject::invokeMethod(
                m_reader, [reader = m_reader, table] { reader->setTimestampTable(table); }, Qt::QueuedConnection);
    });
    connect(m_sender, &FrameSender::sent, this, &VideoWorkspace::sendDone);
    m_predictions->setTemporalOptions(m_smoothing->options());
    retranslateUi();
}

void VideoWorkspace::resetLayout()
{
    m_layout->reset();
}

VideoWorkspace::~VideoWorkspace()
{
    m_timer->stop();
    m_indexJob->stop();
    m_thread->quit();
    m_thread->wait();
}

QWidget *VideoWorkspace::buildSidePanel()
{
    auto *panel = new QWidget;
    auto *v = new QVBoxLayout(panel);
    auto group = [this, v](QWidget *content, int stretch = 0) {
        auto *box = new QGroupBox;
        auto *l = new QVBoxLayout(box);
        l->addWidget(content);
        v->addWidget(box, stretch);
        m_groups.push_back(box);
    };
    m_model = new ModelPanel(m_predictions);
    group(m_model);
    m_overlay = new OverlayPanel;
    group(m_overlay);
    m_smoothing = new SmoothingPanel;
    group(m_smoothing);
    m_worst = new WorstFramesPanel;
    group(m_worst, 1);

    connect(m_model, &ModelPanel::chooseModelRequested, this, &VideoWorkspace::chooseModel);
    connect(m_model, &ModelPanel::analyseRequested, this, &VideoWorkspace::analyse);
    connect(m_model, &ModelPanel::exportRequested, this, &VideoWorkspace::exportDialog);

    auto *scroll = new QScrollArea(this);
    scroll->setWidget(panel);
    scroll->setWidgetResizable(true);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    scroll->setMinimumWidth(panel->sizeHint().width() + 24);
    return scroll;
}

bool VideoWorkspace::hasGroundTruth() const
{
    return m_frameOverlay->hasTruth();
}

const VideoTruth *VideoWorkspace::groundTruth() const
{
    return m_frameOverlay->truth();
}

QCheckBox *VideoWorkspace::groundTruthBox() const
{
    return m_overlay->truthBox();
}

void VideoWorkspace::setProject(std::shared_ptr<const Project> project)
{
    m_project = std::move(project);
    closeVideo();
    if (m_project) {
        m_view->setSkeleton(m_project->skeleton());
        m_strips->setSkeleton(m_project->skeleton());
        m_predictions->setSkeleton(m_project->skeleton());
        const QString demo = QDir(m_project->dir()).filePath(SynthGenerator::videoFileName());
        if (QFileInfo::exists(demo))
            openVideo(demo);
    }
    updateInfo();
}

void VideoWorkspace::resetVideo(const QString &opening)
{
    pause();
    m_indexJob->stop();
    m_opening = opening;
    m_error.clear();
    m_info = VideoInfo();
    m_requestedFrame = -1;
    m_shownFrame = -1;
    m_shownImage = QImage();
    m_addFrameButton->setEnabled(false);
    m_frameOverlay->clear();
    m_timeline->setFrameCount(0);
    m_strips->setFrameCount(0);
    m_predictions->setVideo(QString(), 0);
}

void VideoWorkspace::openVideo(const QString &file)
{
    resetVideo(file);
    QMetaObject::invokeMethod(
        m_reader, [reader = m_reader, file] { reader->open(file); }, Qt::QueuedConnection);
    updateInfo();
}

void VideoWorkspace::openLive(const QString &source)
{
    resetVideo(source);
    QMetaObject::invokeMethod(
        m_reader, [reader = m_reader, source] { reader->openLive(source); }, Qt::QueuedConnection);
    updateInfo();
}

void VideoWorkspace::closeVideo()
{
    resetVideo(QString());
    QMetaObject::invokeMethod(
        m_reader, [reader = m_reader] { reader->close(); }, Qt::QueuedConnection);
    updateInfo();
}

void VideoWorkspace::openVideoDialog()
{
    const QString start = !m_info.file.isEmpty() && !m_info.live ? QFileInfo(m_info.file).absolutePath()
        : m_project                                              ? m_project->dir()
                                                                 : QDir::homePath();
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open Video"), start, tr("Videos (*.mp4 *.avi *.mkv *.mov *.webm);;All files (*)"));
    if (!file.isEmpty())
        openVideo(file);
}

void VideoWorkspace::openLiveDialog()
{
    bool ok = false;
    const QString source = QInputDialog::getText(this, tr("Open Camera or Stream"),
        tr("Camera number (0 for the first) or stream address (rtsp://…, http://…):"), QLineEdit::Normal,
        QStringLiteral("0"), &ok);
    if (ok && !source.trimmed().isEmpty())
        openLive(source.trimmed());
}

void VideoWorkspace::setModel(const QString &model)
{
    m_predictions->setModel(model);
    updateModelInfo();
    if (!m_shownImage.isNull())
        m_predictions->requestLive(m_shownFrame, m_shownImage);
}

QString VideoWorkspace::model() const
{
    return m_predictions->model();
}

void VideoWorkspace::chooseModel()
{
    const QString start = !m_predictions->model().isEmpty() ? QFileInfo(m_predictions->model()).absolutePath()
        : m_project                                         ? m_project->dir()
                                                            : QDir::homePath();
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Choose a Model"), start, tr("Models (*.ckpt *.pt *.pth *.torchscript *.onnx);;All files (*)"));
    if (!file.isEmpty())
        setModel(file);
}

bool VideoWorkspace::isPlaying() const
{
    return m_timer->isActive() || (m_info.live && m_timeline->isPlaying());
}

bool VideoWorkspace::isBusy() const
{
    return !m_opening.isEmpty() || m_predictions->isBusy() || m_sender->isRunning()
        || (m_requestedFrame >= 0 && m_requestedFrame != m_shownFrame && m_error.isEmpty());
}

void VideoWorkspace::onOpened(const VideoInfo &info)
{
    if (info.file != m_opening)
        return; // superseded by a later open
    m_opening.clear();
    m_info = info;
    m_frameOverlay->loadTruth(info);
    m_timeline->setFps(info.fps);
    m_timeline->setFrameCount(info.live ? 0 : int(info.frameCount));
    m_strips->setFrameCount(info.live ? 0 : info.frameCount);
    m_predictions->setVideo(info.file, info.live ? -1 : info.frameCount);
    updateTimer();
    updateInfo();
    updateModelInfo();
    if (info.live) {
        m_timeline->setPlaying(true);
    } else {
        startIndexPass();
        seek(0);
    }
    Q_EMIT videoOpened(info.file);
}

void VideoWorkspace::startIndexPass()
{
    // With the whole table of timestamps, a seek is identified exactly (variable frame
    // rates too); an analysis already stored it.
    const DetectionCache *cache = m_predictions->cache();
    if (cache && cache->hasCompleteTimestamps()) {
        QMetaObject::invokeMethod(
            m_reader, [reader = m_reader, table = cache->timestamps()] { reader->setTimestampTable(table); },
            Qt::QueuedConnection);
        return;
    }
    m_indexJob->start([file = m_info.file](const gp::CancelToken &cancel, const gp::Progress &progress) {
        std::vector<double> table;
        QString error;
        FrameReader::indexTimestamps(file, &table, &error, cancel, progress);
        return table;
    });
}

void VideoWorkspace::onFailed(const QString &message)
{
    m_opening.clear();
    m_error = message;
    pause();
    updateInfo();
    Q_EMIT videoFailed(message);
}

void VideoWorkspace::seek(int frame)
{
    if (m_info.frameCount <= 0)
        return;
    frame = std::clamp(frame, 0, int(m_info.frameCount) - 1);
    m_error.clear();
    m_requestedFrame = frame;
    m_timeline->setCurrentFrame(frame);
    m_strips->setCurrentFrame(frame);
    m_reader->requestFrame(frame);
}

void VideoWorkspace::onFrame(int index, const QImage &image)
{
    if (m_info.frameCount == 0)
        return;
    m_shownFrame = index;
    m_shownImage = image;
    m_addFrameButton->setEnabled(m_project != nullptr && !image.isNull() && !m_info.live);
    m_frameOverlay->showFrame(index, image);
    if (!isPlaying() && !m_info.live) {
        m_timeline->setCurrentFrame(m_requestedFrame);
        m_strips->setCurrentFrame(m_requestedFrame);
    }
    Q_EMIT frameShown(index);
}

void VideoWorkspace::onTick()
{
    // Decode at most one frame ahead: when decoding is slower than the frame rate the
    // video plays slower rather than piling up requests.
    if (m_requestedFrame != m_shownFrame)
        return;
    const bool loop = m_timeline->isLooping();
    const int last = loop ? m_timeline->loopEnd() : int(m_info.frameCount) - 1;
    if (m_shownFrame + 1 > last) {
        if (loop)
            seek(m_timeline->loopStart());
        else
            pause();
        return;
    }
    seek(m_shownFrame + 1);
}

void VideoWorkspace::updateTimer()
{
    const double fps = std::max(1.0, m_info.fps) * std::max(0.01, m_timeline->speed());
    m_timer->setInterval(std::max(1, int(std::lround(1000.0 / fps))));
}

void VideoWorkspace::play()
{
    if (m_info.live) {
        QMetaObject::invokeMethod(
            m_reader, [r = m_reader] { r->setLiveRunning(true); }, Qt::QueuedConnection);
        m_timeline->setPlaying(true);
        return;
    }
    if (m_info.frameCount <= 0)
        return;
    if (m_shownFrame + 1 >= m_info.frameCount)
        seek(m_timeline->isLooping() ? m_timeline->loopStart() : 0);
    m_timer->start();
    m_timeline->setPlaying(true);
}

void VideoWorkspace::pause()
{
    if (m_info.live)
        QMetaObject::invokeMethod(
            m_reader, [r = m_reader] { r->setLiveRunning(false); }, Qt::QueuedConnection);
    m_timer->stop();
    m_timeline->setPlaying(false);
}

void VideoWorkspace::togglePlay()
{
    isPlaying() ? pause() : play();
}

void VideoWorkspace::tracksChanged()
{
    const QualitySeries &q = m_predictions->series();
    m_strips->setSeries(q);
    m_worst->setSeries(q.frameCount() > 0 ? &q : nullptr);
    m_frameOverlay->refresh();
    updateModelInfo();
}

void VideoWorkspace::updateInfo()
{
    const QString file = !m_opening.isEmpty() ? m_opening : m_info.file;
    m_fileLabel->setText(file.isEmpty() ? tr("No video open") : QDir::toNativeSeparators(file));
    m_fileLabel->setToolTip(file);
    if (!m_error.isEmpty()) {
        m_infoLabel->setText(QStringLiteral("<span style=\"color:#c62828\">%1</span>").arg(m_error.toHtmlEscaped()));
    } else if (!m_opening.isEmpty()) {
        m_infoLabel->setText(tr("Opening…"));
    } else if (m_info.live) {
        m_infoLabel->setText(tr("%1 × %2 · live").arg(m_info.size.width()).arg(m_info.size.height()));
    } else if (m_info.frameCount > 0) {
        m_infoLabel->setText(tr("%1 × %2 · %3 fps · %n frame(s)", nullptr, m_info.frameCount)
                                 .arg(m_info.size.width())
                                 .arg(m_info.size.height())
                                 .arg(m_info.fps, 0, 'g', 4));
    } else {
        m_infoLabel->clear();
    }
    m_view->setPlaceholderText(!m_error.isEmpty() ? m_error
            : !m_opening.isEmpty()                ? tr("Opening…")
                                                  : tr("Open a video to play it frame by frame."));
}

void VideoWorkspace::updateModelInfo()
{
    m_model->updateInfo(!m_info.live && m_info.frameCount > 0);
}

void VideoWorkspace::analyse()
{
    const bool range = m_model->rangeOnly() && m_timeline->isLooping();
    m_model->setStatus(QString());
    m_model->applySettings();
    m_predictions->analyse(range ? m_timeline->loopStart() : 0, range ? m_timeline->loopEnd() : -1);
    if (m_predictions->analysisJob()->isRunning())
        JobProgressDialog::open(m_predictions->analysisJob(), tr("Analysing the video…"), this);
    updateModelInfo();
}

void VideoWorkspace::exportDialog()
{
    const QString base = QFileInfo(m_info.file).completeBaseName();
    const QString start = QFileInfo(m_info.file).absolutePath() + QLatin1Char('/') + base + QStringLiteral("_pose.mp4");
    const QString video = QFileDialog::getSaveFileName(
        this, tr("Export Annotated Video"), start, tr("Annotated video and per-frame keypoints (*.mp4)"));
    if (video.isEmpty())
        return;
    const QString stem = video.left(video.size() - QFileInfo(video).suffix().size() - 1);
    OutputOptions o;
    o.videoPath = video;
    o.jsonPath = stem + QStringLiteral(".jsonl");
    o.csvPath = stem + QStringLiteral(".csv");
    const OverlayOptions overlay = m_overlay->options(m_smoothing->options().keypointConf);
    o.showRaw = overlay.points == OverlayOptions::Points::Raw;
    o.drawNames = overlay.names;
    QString error;
    if (!m_predictions->exportVideo(o, &error)) {
        m_model->setStatus(error);
    } else {
        JobProgressDialog::open(m_predictions->exportJob(), tr("Exporting %1…").arg(QFileInfo(video).fileName()), this);
        m_model->setStatus(QString());
    }
}

QString VideoWorkspace::addCurrentFrame(QString *error)
{
    QString why, file;
    QStringList reviewed;
    const QString split = QStringLiteral("train");
    if (!m_project || m_shownFrame < 0 || m_shownImage.isNull() || m_info.live)
        why = tr("Open a project and a video first.");
    else
        file = m_sender->addFrame(*m_project, split, m_info.file, m_shownFrame, m_shownImage, m_view->prediction(),
            m_view->skeleton().keypointCount(), &reviewed, &why);
    if (file.isEmpty()) {
        m_error = why;
        updateInfo();
        if (error)
            *error = why;
        return {};
    }
    if (!reviewed.isEmpty())
        Q_EMIT framesSentForReview(reviewed);
    Q_EMIT frameAdded(file, split);
    return file;
}

void VideoWorkspace::sendFrames(const std::vector<qint64> &frames, const QString &split)
{
    if (!m_project || !m_predictions->cache() || frames.empty())
        return;
    std::vector<std::vector<TrackedPose>> tracks;
    for (qint64 f : frames)
        tracks.push_back(m_predictions->tracksAt(f));
    m_sender->send(*m_project, split, m_info.file, m_view->skeleton().keypointCount(), frames, tracks);
}

bool VideoWorkspace::fillBetweenKeyframes(const QString &split, QString *error)
{
    QString why;
    int unreadable = 0;
    std::map<qint64, std::vector<gp::PoseInstance>> keyframes;
    if (!m_project || m_info.live)
        why = tr("Open a video file of a project first.");
    else if (!m_predictions->cache())
        why = tr("Analyse the video first: the frames between are filled from the model's tracks.");
    else if (m_sender->isRunning())
        why = tr("Frames are being sent to labelling already.");
    else
        keyframes
            = gp::VideoKeyframes::collect(m_project->config(), m_project->dir(), split, m_info.file, &unreadable, &why);
    if (why.isEmpty() && keyframes.size() < 2)
        //: %1 is a split (train).
        why = tr("Correct at least two frames of this video in the Label workspace (%1 images, accepted) first: "
                 "the frames between them are filled from those.")
                  .arg(split);
    const auto filled = why.isEmpty()
        ? gp::KeyframeFill::fill(
            keyframes, [this](qint64 f) { return gp::PredictionLabeller::fromTracks(m_predictions->tracksAt(f)); },
            QSizeF(m_info.size))
        : std::map<qint64, gp::KeyframeFill::Frame>();
    std::vector<qint64> frames;
    std::vector<std::vector<gp::PoseInstance>> objects;
    m_fillPriority.clear();
    for (const auto &[frame, fill] : filled) {
        frames.push_back(frame);
        objects.push_back(fill.objects);
        m_fillPriority[frame] = fill.reviewPriority;
    }
    if (why.isEmpty() && frames.empty())
        why = tr("The corrected frames of this video are consecutive: there is no frame between them to fill.");
    if (!why.isEmpty()) {
        if (error)
            *error = why;
        return false;
    }
    if (unreadable > 0)
        //: %n labelled frames whose label files do not read.
        m_model->setStatus(tr("%n corrected frame(s) have labels that do not read: left out", nullptr, unreadable));
    m_sender->sendObjects(*m_project, split, m_info.file, m_view->skeleton().keypointCount(), frames, objects);
    return true;
}

void VideoWorkspace::sendDone(const PredictionLabeller::Result &r, const QString &split)
{
    QString status = tr("%n frame(s) sent to labelling", nullptr, int(r.written.size()));
    if (!r.existing.isEmpty())
        status
            += QLatin1Char('\n') + tr("%n were in the dataset already (left alone)", nullptr, int(r.existing.size()));
    if (!r.error.isEmpty())
        status += QLatin1Char('\n') + r.error;
    m_model->setStatus(status);
    if (!r.written.isEmpty())
        Q_EMIT framesSentForReview(r.written);
    Q_EMIT framesSent(int(r.written.size()), int(r.existing.size()));
    if (!m_fillPriority.empty()) {
        // Filled frames: reviewed in the order of need, the frame the model lost or parted most first.
        std::vector<std::pair<double, QString>> order;
        const QString images = m_project->config().imagesDir(split);
        for (const auto &[frame, priority] : std::exchange(m_fillPriority, {})) {
            const QString file = QDir(images).filePath(gp::FrameImporter::frameFileName(m_info.file, int(frame)));
            if (r.written.contains(file))
                order.emplace_back(-priority, file);
        }
        std::stable_sort(order.begin(), order.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
        QStringList files;
        for (const auto &[key, file] : order)
            files << file;
        if (!files.isEmpty()) {
            Q_EMIT reviewOrder(files);
            Q_EMIT frameAdded(files.first(), split);
            return;
        }
    }
    const QStringList shown = r.written + r.existing;
    if (!shown.isEmpty())
        Q_EMIT frameAdded(shown.first(), split);
}

void VideoWorkspace::retranslateUi()
{
    m_openButton->setText(tr("&Open Video…"));
    m_liveButton->setText(tr("Camera / Stream…"));
    m_playAction->setText(tr("Play / Pause"));
    m_addFrameButton->setText(tr("&Label This Frame"));
    m_fillButton->setText(tr("&Fill Between Corrected Frames"));
    m_fillButton->setToolTip(tr("Carry your corrections on this video's labelled frames to the frames between them "
                                "(the model's tracks, shifted by the corrections; interpolation where the model lost "
                                "the object), written for review, the frame that most needs a look first"));
    //: %1 is a key (E).
    m_addFrameButton->setToolTip(tr("Add the frame on screen to the project's train images, with the predictions as "
                                    "labels marked \"needs review\", and open it in the Label workspace (%1)")
                                     .arg(m_addFrameAction->shortcut().toString(QKeySequence::NativeText)));
    const QString titles[] = { tr("Model"), tr("Overlay"), tr("Smoothing"), tr("Worst Frames") };
    for (size_t i = 0; i < m_groups.size() && i < 4; ++i)
        m_groups[i]->setTitle(titles[i]);
    const QString stepNames[]
        = { tr("Previous frame"), tr("Next frame"), tr("Back 10 frames"), tr("Forward 10 frames") };
    for (size_t i = 0; i < m_stepActions.size(); ++i)
        m_stepActions[i]->setText(stepNames[i]);
    updateInfo();
    updateModelInfo();
}

void VideoWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
