#pragma once

#include "backgroundjob.h"

#include <QPointer>
#include <QProgressDialog>
#include <QString>

// A window-modal progress dialog bound to a BackgroundJob: a bar with the counts and the
// time left under `label`, Cancel cancels the job, and the dialog closes itself when the job
// finishes. Shown only when the job lasts longer than a moment.
class JobProgressDialog : public QProgressDialog
{
    Q_OBJECT

public:
    JobProgressDialog(BackgroundJob *job, const QString &label, QWidget *parent);

    // Opens one for `job` (deleted when closed) and returns it.
    static JobProgressDialog *open(BackgroundJob *job, const QString &label, QWidget *parent);

private:
    void update(qint64 done, qint64 total);

    QPointer<BackgroundJob> m_job;
    QString m_label;
};
