#include "videotimeline.h"

#include "flowlayout.h"

#include <QComboBox>
#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

VideoTimeline::VideoTimeline(QWidget *parent)
    : QWidget(parent)
    , m_play(new QToolButton(this))
    , m_back10(new QToolButton(this))
    , m_prev(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_forward10(new QToolButton(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_counter(new QLabel(this))
    , m_goto(new QLineEdit(this))
    , m_speed(new QComboBox(this))
    , m_setLoopIn(new QToolButton(this))
    , m_setLoopOut(new QToolButton(this))
    , m_loop(new QToolButton(this))
{
    m_prev->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_next->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_prev->setAutoRepeat(true);
    m_next->setAutoRepeat(true);
    m_back10->setAutoRepeat(true);
    m_forward10->setAutoRepeat(true);
    m_goto->setMaximumWidth(m_goto->fontMetrics().horizontalAdvance(QStringLiteral("00:00.00000")));
    for (double f : { 0.25, 0.5, 1.0, 2.0, 4.0 })
        m_speed->addItem(QStringLiteral("%1×").arg(f), f);
    m_speed->setCurrentIndex(2);
    m_loop->setCheckable(true);
    m_slider->setTracking(true);
    m_counter->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_counter->setMinimumWidth(
        m_counter->fontMetrics().horizontalAdvance(QStringLiteral("0000 / 0000 · 00:00.00 / 00:00.00")));

    // The slider across the whole width, the controls below it: on a narrow window the
    // controls wrap (FlowLayout) and the slider keeps its length.
    auto *controls = new FlowLayout;
    controls->setContentsMargins(0, 0, 0, 0);
    controls->setSpacing(2);
    for (QWidget *w : std::initializer_list<QWidget *> { m_play, m_back10, m_prev, m_next, m_forward10, m_counter,
             m_goto, m_speed, m_setLoopIn, m_loop, m_setLoopOut })
        controls->addWidget(w);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_slider);
    layout->addLayout(controls);

    connect(m_play, &QToolButton::clicked, this, [this] {
        setPlaying(!m_playing);
        Q_EMIT playToggled(m_playing);
    });
    connect(m_prev, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { step(1); });
    connect(m_back10, &QToolButton::clicked, this, [this] { step(-10); });
    connect(m_forward10, &QToolButton::clicked, this, [this] { step(10); });
    connect(m_goto, &QLineEdit::returnPressed, this, &VideoTimeline::jumpToField);
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] { Q_EMIT speedChanged(speed()); });
    connect(m_loop, &QToolButton::toggled, this, [this](bool on) { Q_EMIT loopChanged(on, m_loopIn, m_loopOut); });
    connect(m_setLoopIn, &QToolButton::clicked, this, [this] { setLoopRange(m_frame, std::max(m_frame, m_loopOut)); });
    connect(m_setLoopOut, &QToolButton::clicked, this, [this] { setLoopRange(std::min(m_frame, m_loopIn), m_frame); });
    connect(m_slider, &QSlider::valueChanged, this, [this](int value) {
        m_frame = value;
        updateCounter();
        Q_EMIT frameRequested(value);
    });
    setFrameCount(0);
    setPlaying(false);
    retranslateUi();
}

void VideoTimeline::setFrameCount(int count)
{
    m_count = std::max(0, count);
    {
        const QSignalBlocker block(m_slider);
        m_slider->setRange(0, std::max(0, m_count - 1));
        m_slider->setPageStep(std::max(1, int(std::lround(m_fps))));
    }
    m_frame = std::clamp(m_frame, 0, std::max(0, m_count - 1));
    for (QWidget *w : { static_cast<QWidget *>(m_play), static_cast<QWidget *>(m_prev), static_cast<QWidget *>(m_next),
             static_cast<QWidget *>(m_slider), static_cast<QWidget *>(m_back10), static_cast<QWidget *>(m_forward10),
             static_cast<QWidget *>(m_goto), static_cast<QWidget *>(m_setLoopIn), static_cast<QWidget *>(m_setLoopOut),
             static_cast<QWidget *>(m_loop) })
        w->setEnabled(m_count > 0);
    m_loopIn = 0;
    m_loopOut = std::max(0, m_count - 1);
    updateCounter();
}

void VideoTimeline::setFps(double fps)
{
    m_fps = fps > 0 ? fps : 30.0;
    m_slider->setPageStep(std::max(1, int(std::lround(m_fps))));
    updateCounter();
}

void VideoTimeline::setCurrentFrame(int frame)
{
    m_frame = std::clamp(frame, 0, std::max(0, m_count - 1));
    const QSignalBlocker block(m_slider);
    m_slider->setValue(m_frame);
    updateCounter();
}

void VideoTimeline::setPlaying(bool playing)
{
    m_playing = playing;
    m_play->setIcon(style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    m_play->setToolTip(playing ? tr("Pause (Space)") : tr("Play (Space)"));
}

void VideoTimeline::step(int delta)
{
    if (m_count <= 0)
        return;
    m_slider->setValue(std::clamp(m_frame + delta, 0, m_count - 1));
}

double VideoTimeline::speed() const
{
    return m_speed->currentData().toDouble();
}

void VideoTimeline::setSpeed(double factor)
{
    const int i = m_speed->findData(factor);
    if (i >= 0)
        m_speed->setCurrentIndex(i);
}

bool VideoTimeline::isLooping() const
{
    return m_loop->isChecked();
}

void VideoTimeline::setLooping(bool loop)
{
    m_loop->setChecked(loop);
}

void VideoTimeline::setLoopRange(int first, int last)
{
    const int end = std::max(0, m_count - 1);
    m_loopIn = std::clamp(std::min(first, last), 0, end);
    m_loopOut = std::clamp(std::max(first, last), 0, end);
    retranslateUi();
    Q_EMIT loopChanged(isLooping(), m_loopIn, m_loopOut);
}

void VideoTimeline::jumpToField()
{
    const int frame = parsePosition(m_goto->text(), m_fps, m_count);
    if (frame < 0) {
        m_goto->selectAll();
        return;
    }
    m_goto->clear();
    m_slider->setValue(frame);
}

int VideoTimeline::parsePosition(const QString &text, double fps, int count)
{
    static const QRegularExpression kFrame(QStringLiteral("^\\s*(\\d+)\\s*$"));
    static const QRegularExpression kTime(QStringLiteral("^\\s*(?:(\\d+):)?(\\d+(?:\\.\\d*)?)\\s*s?\\s*$"));
    if (count <= 0 || fps <= 0)
        return -1;
    double frame = -1;
    if (const auto m = kFrame.match(text); m.hasMatch()) {
        frame = m.captured(1).toDouble();
    } else if (const auto t = kTime.match(text); t.hasMatch()
               && (text.contains(QLatin1Char(':')) || text.contains(QLatin1Char('.'))
                   || text.trimmed().endsWith(QLatin1Char('s')))) {
        const double seconds = t.captured(1).toDouble() * 60.0 + t.captured(2).toDouble();
        frame = std::floor(seconds * fps + 1e-6);
    } else {
        return -1;
    }
    return int(std::clamp(frame, 0.0, double(count - 1)));
}

QString VideoTimeline::formatTime(double seconds)
{
    seconds = std::max(0.0, seconds);
    const int minutes = int(seconds / 60.0);
    return QStringLiteral("%1:%2")
        .arg(minutes, 2, 10, QLatin1Char('0'))
        .arg(seconds - minutes * 60.0, 5, 'f', 2, QLatin1Char('0'));
}

void VideoTimeline::updateCounter()
{
    if (m_count <= 0) {
        m_counter->setText(tr("No video"));
        return;
    }
    m_counter->setText(tr("Frame %1 / %2 · %3 / %4")
                           .arg(m_frame)
                           .arg(m_count - 1)
                           .arg(formatTime(m_frame / m_fps), formatTime((m_count - 1) / m_fps)));
}

void VideoTimeline::retranslateUi()
{
    m_prev->setToolTip(tr("Previous frame"));
    m_next->setToolTip(tr("Next frame"));
    m_slider->setToolTip(tr("Drag to scrub through the video frame by frame"));
    //: A button that steps 10 frames back.
    m_back10->setText(tr("−10"));
    //: A button that steps 10 frames forward.
    m_forward10->setText(tr("+10"));
    //: The button that starts the loop range.
    m_setLoopIn->setText(tr("["));
    //: The button that ends the loop range.
    m_setLoopOut->setText(tr("]"));
    m_back10->setToolTip(tr("Back 10 frames"));
    m_forward10->setToolTip(tr("Forward 10 frames"));
    m_goto->setPlaceholderText(tr("Go to…"));
    m_goto->setToolTip(tr("Type a frame number (120) or a time (1:02.5 or 62.5s) and press Enter"));
    m_speed->setToolTip(tr("Playback speed"));
    m_setLoopIn->setToolTip(tr("Start the loop range at this frame"));
    m_setLoopOut->setToolTip(tr("End the loop range at this frame"));
    m_loop->setText(tr("Loop"));
    m_loop->setToolTip(tr("Play frames %1 to %2 over and over").arg(m_loopIn).arg(m_loopOut));
    setPlaying(m_playing);
    updateCounter();
}

void VideoTimeline::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
