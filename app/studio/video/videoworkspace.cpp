#include "videoworkspace.h"

#include "frameimporter.h"
#include "imageview.h"
#include "project.h"
#include "synthgenerator.h"
#include "videotimeline.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QThread>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

VideoWorkspace::VideoWorkspace(QWidget *parent)
    : QWidget(parent)
    , m_thread(new QThread(this))
    , m_reader(new VideoReader)
    , m_timer(new QTimer(this))
    , m_openButton(new QPushButton(this))
    , m_fileLabel(new QLabel(this))
    , m_showTruth(new QCheckBox(this))
    , m_infoLabel(new QLabel(this))
    , m_view(new ImageView(Skeleton::defaultGripper(), this))
    , m_timeline(new VideoTimeline(this))
    , m_playAction(new QAction(this))
    , m_addFrameAction(new QAction(this))
    , m_addFrameButton(new QPushButton(this))
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
    m_showTruth->setChecked(true);
    m_showTruth->setEnabled(false);

    auto *top = new QHBoxLayout;
    top->addWidget(m_openButton);
    top->addWidget(m_fileLabel, 1);
    top->addWidget(m_infoLabel);
    top->addWidget(m_showTruth);
    top->addWidget(m_addFrameButton);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_timeline);

    m_playAction->setShortcut(QKeySequence(Qt::Key_Space));
    m_playAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(m_playAction);
    connect(m_playAction, &QAction::triggered, this, &VideoWorkspace::togglePlay);
    m_addFrameAction->setShortcut(QKeySequence(Qt::Key_E));
    m_addFrameAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    addAction(m_addFrameAction);
    connect(m_addFrameAction, &QAction::triggered, this, [this] { addCurrentFrame(); });
    connect(m_addFrameButton, &QPushButton::clicked, this, [this] { addCurrentFrame(); });
    m_addFrameButton->setEnabled(false);
    connect(m_openButton, &QPushButton::clicked, this, &VideoWorkspace::openVideoDialog);
    connect(m_showTruth, &QCheckBox::toggled, this, &VideoWorkspace::updateOverlay);
    connect(m_timeline, &VideoTimeline::frameRequested, this, &VideoWorkspace::seek);
    connect(m_timeline, &VideoTimeline::playToggled, this, [this](bool playing) { playing ? play() : pause(); });

    retranslateUi();
}

VideoWorkspace::~VideoWorkspace()
{
    m_timer->stop();
    m_thread->quit();
    m_thread->wait();
}

void VideoWorkspace::setProject(std::shared_ptr<const Project> project)
{
    m_project = std::move(project);
    closeVideo();
    if (m_project) {
        m_view->setSkeleton(m_project->skeleton());
        const QString demo = QDir(m_project->dir()).filePath(SynthGenerator::videoFileName());
        if (QFileInfo::exists(demo))
            openVideo(demo);
    }
    updateInfo();
}

void VideoWorkspace::openVideo(const QString &file)
{
    pause();
    m_opening = file;
    m_error.clear();
    m_truth.reset();
    m_truthError.clear();
    m_info = VideoInfo();
    m_requestedFrame = -1;
    m_shownFrame = -1;
    m_shownImage = QImage();
    m_addFrameButton->setEnabled(false);
    m_view->clear();
    m_timeline->setFrameCount(0);
    QMetaObject::invokeMethod(
        m_reader, [reader = m_reader, file] { reader->open(file); }, Qt::QueuedConnection);
    updateInfo();
}

void VideoWorkspace::closeVideo()
{
    pause();
    m_opening.clear();
    m_error.clear();
    m_truth.reset();
    m_truthError.clear();
    m_info = VideoInfo();
    m_requestedFrame = -1;
    m_shownFrame = -1;
    m_shownImage = QImage();
    m_addFrameButton->setEnabled(false);
    m_view->clear();
    m_timeline->setFrameCount(0);
    QMetaObject::invokeMethod(
        m_reader, [reader = m_reader] { reader->close(); }, Qt::QueuedConnection);
    updateInfo();
}

void VideoWorkspace::openVideoDialog()
{
    const QString start = !m_info.file.isEmpty() ? QFileInfo(m_info.file).absolutePath()
        : m_project                              ? m_project->dir()
                                                 : QDir::homePath();
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Open Video"), start, tr("Videos (*.mp4 *.avi *.mkv *.mov *.webm);;All files (*)"));
    if (!file.isEmpty())
        openVideo(file);
}

bool VideoWorkspace::isPlaying() const
{
    return m_timer->isActive();
}

bool VideoWorkspace::isBusy() const
{
    return !m_opening.isEmpty() || (m_requestedFrame >= 0 && m_requestedFrame != m_shownFrame && m_error.isEmpty());
}

void VideoWorkspace::onOpened(const VideoInfo &info)
{
    if (info.file != m_opening)
        return; // superseded by a later open
    m_opening.clear();
    m_info = info;
    const QString sidecar = VideoTruth::sidecarFor(info.file);
    if (QFileInfo::exists(sidecar)) {
        const int k = m_project ? m_project->skeleton().keypointCount() : m_view->skeleton().keypointCount();
        m_truth = VideoTruth::load(sidecar, k, &m_truthError);
    }
    m_showTruth->setEnabled(m_truth.has_value());
    m_timeline->setFps(info.fps);
    m_timeline->setFrameCount(int(info.frameCount));
    m_timer->setInterval(std::max(1, int(std::lround(1000.0 / info.fps))));
    updateInfo();
    seek(0);
    Q_EMIT videoOpened(info.file);
}

void VideoWorkspace::onFailed(const QString &message)
{
    if (!m_opening.isEmpty())
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
    m_reader->requestFrame(frame);
}

void VideoWorkspace::onFrame(int index, const QImage &image)
{
    if (m_info.frameCount <= 0)
        return;
    m_shownFrame = index;
    m_shownImage = image;
    m_addFrameButton->setEnabled(m_project != nullptr && !image.isNull());
    m_view->setImage(image);
    updateOverlay();
    if (!isPlaying())
        m_timeline->setCurrentFrame(m_requestedFrame);
    Q_EMIT frameShown(index);
}

void VideoWorkspace::onTick()
{
    // Decode at most one frame ahead: when decoding is slower than the frame rate the
    // video plays slower rather than piling up requests.
    if (m_requestedFrame != m_shownFrame)
        return;
    if (m_shownFrame + 1 >= m_info.frameCount) {
        pause();
        return;
    }
    seek(m_shownFrame + 1);
}

void VideoWorkspace::play()
{
    if (m_info.frameCount <= 0)
        return;
    if (m_shownFrame + 1 >= m_info.frameCount)
        seek(0);
    m_timer->start();
    m_timeline->setPlaying(true);
}

void VideoWorkspace::pause()
{
    m_timer->stop();
    m_timeline->setPlaying(false);
}

void VideoWorkspace::togglePlay()
{
    isPlaying() ? pause() : play();
}

void VideoWorkspace::updateOverlay()
{
    const VideoTruth::Frame *f = m_truth && m_showTruth->isChecked() ? m_truth->frame(m_shownFrame) : nullptr;
    m_view->setAnnotation(f ? f->annotation : ImageAnnotation());
    m_view->setInstanceCaptions(f ? m_truth->captions(m_shownFrame) : QStringList());
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
    } else if (m_info.frameCount > 0) {
        m_infoLabel->setText(tr("%1 × %2 · %3 fps · %n frame(s)", nullptr, m_info.frameCount)
                                 .arg(m_info.size.width())
                                 .arg(m_info.size.height())
                                 .arg(m_info.fps, 0, 'g', 4));
    } else {
        m_infoLabel->clear();
    }
    if (m_truth)
        m_showTruth->setToolTip(tr("Ground truth from %1").arg(QDir::toNativeSeparators(m_truth->file())));
    else if (!m_truthError.isEmpty())
        m_showTruth->setToolTip(m_truthError);
    else
        m_showTruth->setToolTip(tr("No ground-truth file (the video's name with .json) beside this video"));
    m_view->setPlaceholderText(!m_error.isEmpty() ? m_error
            : !m_opening.isEmpty()                ? tr("Opening…")
                                                  : tr("Open a video to play it frame by frame."));
}

QString VideoWorkspace::addCurrentFrame(QString *error)
{
    QString why, file;
    bool existed = false;
    const QString split = QStringLiteral("train");
    if (!m_project || m_shownFrame < 0 || m_shownImage.isNull())
        why = tr("Open a project and a video first.");
    else if (!QFileInfo(m_project->config().imagesDir(split)).isDir()
        && QFileInfo::exists(m_project->config().imagesDir(split)))
        //: "train" is the name of the dataset split; it is not translated.
        why = tr("The train split is a list file, not a folder: add the frame by hand.");
    else if (!FrameImporter::writeFrame(
                 m_shownImage, m_project->config().imagesDir(split), m_info.file, m_shownFrame, &file, &existed, &why))
        file.clear();
    if (file.isEmpty()) {
        m_error = why;
        updateInfo();
        if (error)
            *error = why;
        return {};
    }
    Q_EMIT frameAdded(file, split);
    return file;
}

void VideoWorkspace::retranslateUi()
{
    m_openButton->setText(tr("&Open Video…"));
    m_showTruth->setText(tr("Show &ground truth"));
    m_playAction->setText(tr("Play / Pause"));
    m_addFrameButton->setText(tr("&Label This Frame"));
    //: %1 is a key (E).
    m_addFrameButton->setToolTip(tr("Add the frame on screen to the project's train images and open it in the Label "
                                    "workspace (%1)")
                                     .arg(m_addFrameAction->shortcut().toString(QKeySequence::NativeText)));
    updateInfo();
}

void VideoWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
