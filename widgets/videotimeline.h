#pragma once

#include <QWidget>

class QComboBox;
class QLabel;
class QLineEdit;
class QSlider;
class QToolButton;

// The transport of a video view: play/pause, step ±1 and ±10 frames, a frame slider, a
// counter "Frame 12 / 179 · 00:00.40", a field to jump to a frame or a time, the playback
// speed, and a loop range. Frame numbers start at 0 as in the ground-truth and prediction
// files. It holds no timer: it reports what the user asks for.
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
    // Playback speed factor (1: the video's rate).
    double speed() const;
    void setSpeed(double factor);
    // The loop range (inclusive); looping plays it over and over.
    bool isLooping() const;
    void setLooping(bool loop);
    int loopStart() const { return m_loopIn; }
    int loopEnd() const { return m_loopOut; }
    void setLoopRange(int first, int last);
    // Steps by `delta` frames (clamped), as the buttons do.
    void step(int delta);

    QSlider *slider() const { return m_slider; }
    QToolButton *playButton() const { return m_play; }
    QToolButton *previousButton() const { return m_prev; }
    QToolButton *nextButton() const { return m_next; }
    QToolButton *back10Button() const { return m_back10; }
    QToolButton *forward10Button() const { return m_forward10; }
    QLineEdit *gotoField() const { return m_goto; }
    QComboBox *speedBox() const { return m_speed; }
    QToolButton *loopButton() const { return m_loop; }

    static QString formatTime(double seconds);
    // A frame number ("120") or a time ("1:02.5", "62.5s") as a frame index of a video of
    // `fps` and `count` frames; -1 when the text is neither.
    static int parsePosition(const QString &text, double fps, int count);

Q_SIGNALS:
    // The user moved the slider or stepped.
    void frameRequested(int frame);
    void playToggled(bool playing);
    void speedChanged(double factor);
    void loopChanged(bool looping, int first, int last);

protected:
    void changeEvent(QEvent *event) override;

private:
    void retranslateUi();
    void updateCounter();
    void jumpToField();

    QToolButton *m_play;
    QToolButton *m_back10;
    QToolButton *m_prev;
    QToolButton *m_next;
    QToolButton *m_forward10;
    QSlider *m_slider;
    QLabel *m_counter;
    QLineEdit *m_goto;
    QComboBox *m_speed;
    QToolButton *m_setLoopIn;
    QToolButton *m_setLoopOut;
    QToolButton *m_loop;
    int m_loopIn = 0;
    int m_loopOut = 0;
    int m_count = 0;
    int m_frame = 0;
    double m_fps = 30.0;
    bool m_playing = false;
};
