#pragma once

#include <QWidget>

class QLabel;
class QSlider;
class QToolButton;

// The transport of a video view: play/pause, step back/forward, a frame slider and a
// counter "Frame 12 / 179 · 00:00.40". Frame numbers start at 0 as in the ground-truth
// and prediction files. It holds no timer: it reports what the user asks for.
class VideoTimeline : public QWidget
{
    Q_OBJECT

public:
    explicit VideoTimeline(QWidget *parent = nullptr);

    // 0 frames disables the controls.
    void setFrameCount(int count);
    int frameCount() const { return m_count; }
    void setFps(double fps);
    double fps() const { return m_fps; }
    // Moves the slider without emitting frameRequested.
    void setCurrentFrame(int frame);
    int currentFrame() const { return m_frame; }
    void setPlaying(bool playing);
    bool isPlaying() const { return m_playing; }

    QSlider *slider() const { return m_slider; }
    QToolButton *playButton() const { return m_play; }
    QToolButton *previousButton() const { return m_prev; }
    QToolButton *nextButton() const { return m_next; }

    static QString formatTime(double seconds);

Q_SIGNALS:
    // The user moved the slider or stepped.
    void frameRequested(int frame);
    void playToggled(bool playing);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateCounter();
    void step(int delta);

    QToolButton *m_play;
    QToolButton *m_prev;
    QToolButton *m_next;
    QSlider *m_slider;
    QLabel *m_counter;
    int m_count = 0;
    int m_frame = 0;
    double m_fps = 30.0;
    bool m_playing = false;
};
