#pragma once

#include "backgroundjob.h"

#include <QString>
#include <QWidget>

class QLabel;
class QProgressBar;
class QToolButton;

// A BackgroundJob in the status bar: what it does, a small bar with the counts and the
// time left, and a button that cancels it. Hidden while no job is tracked.
class JobStatusWidget : public QWidget
{
    Q_OBJECT

public:
    explicit JobStatusWidget(QWidget *parent = nullptr);

    // Follows `job` until it finishes; `label` says what it does ("Reading labels…").
    void track(BackgroundJob *job, const QString &label);
    QString text() const;

private:
    void update(qint64 done, qint64 total);
    void untrack();

    BackgroundJob *m_job = nullptr;
    QString m_label;
    QLabel *m_text;
    QProgressBar *m_bar;
    QToolButton *m_cancel;
};
