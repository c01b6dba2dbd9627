#pragma once

#include <QWidget>

class QPlainTextEdit;

// The run's log: what the command line prints (start, each epoch's metrics, warnings, the
// end), each line with its time; the last kMaxLines lines are kept.
class TrainLogPanel : public QWidget
{
    Q_OBJECT

public:
    enum class Level { Info, Warning, Error };
    static constexpr int kMaxLines = 5000;

    explicit TrainLogPanel(QWidget *parent = nullptr);

    void append(const QString &line, Level level = Level::Info);
    void clear();
    QString text() const;
    QPlainTextEdit *log() const { return m_log; }

private:
    QPlainTextEdit *m_log;
};
