#include "videotimeline.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include <algorithm>
#include <cmath>

VideoTimeline::VideoTimeline(QWidget *parent)
    : QWidget(parent)
    , m_play(new QToolButton(this))
    , m_prev(new QToolButton(this))
    , m_next(new QToolButton(this))
    , m_slider(new QSlider(Qt::Horizontal, this))
    , m_counter(new QLabel(this))
{
    m_prev->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    m_next->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    m_prev->setAutoRepeat(true);
    m_next->setAutoRepeat(true);
    m_slider->setTracking(true);
    m_counter->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_counter->setMinimumWidth(m_counter->fontMetrics().horizontalAdvance(QStringLiteral("0000 / 0000 · 00:00.00 / 00:00.00")));

    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_play);
    layout->addWidget(m_prev);
    layout->addWidget(m_next);
    layout->addWidget(m_slider, 1);
    layout->addWidget(m_counter);

    connect(m_play, &QToolButton::clicked, this, [this] {
        setPlaying(!m_playing);
        Q_EMIT playToggled(m_playing);
    });
    connect(m_prev, &QToolButton::clicked, this, [this] { step(-1); });
    connect(m_next, &QToolButton::clicked, this, [this] { step(1); });
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
    for (QWidget *w : {static_cast<QWidget *>(m_play), static_cast<QWidget *>(m_prev),
                       static_cast<QWidget *>(m_next), static_cast<QWidget *>(m_slider)})
        w->setEnabled(m_count > 0);
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

QString VideoTimeline::formatTime(double seconds)
{
    seconds = std::max(0.0, seconds);
    const int minutes = int(seconds / 60.0);
    return QStringLiteral("%1:%2").arg(minutes, 2, 10, QLatin1Char('0')).arg(seconds - minutes * 60.0, 5, 'f', 2, QLatin1Char('0'));
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
    setPlaying(m_playing);
    updateCounter();
}

void VideoTimeline::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
