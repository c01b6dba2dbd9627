#include "jobprogressdialog.h"

#include "backgroundjob.h"
#include "progresstext.h"

namespace {
// Jobs that end sooner never show a dialog.
constexpr int kMinimumDurationMs = 300;
} // namespace

JobProgressDialog::JobProgressDialog(BackgroundJob *job, const QString &label, QWidget *parent)
    : QProgressDialog(label, tr("Cancel"), 0, 0, parent)
    , m_job(job)
    , m_label(label)
{
    setWindowModality(Qt::WindowModal);
    setMinimumDuration(kMinimumDurationMs);
    setAutoClose(false);
    setAutoReset(false);
    setMinimumWidth(420);
    // Through the guard: closing the dialog because the job is being destroyed cancels nothing.
    connect(this, &QProgressDialog::canceled, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    connect(job, &BackgroundJob::progressChanged, this, &JobProgressDialog::update);
    connect(job, &BackgroundJob::finished, this, &QProgressDialog::close);
    connect(job, &QObject::destroyed, this, &QProgressDialog::close);
}

JobProgressDialog *JobProgressDialog::open(BackgroundJob *job, const QString &label, QWidget *parent)
{
    auto *dialog = new JobProgressDialog(job, label, parent);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setValue(0);
    return dialog;
}

void JobProgressDialog::update(qint64 done, qint64 total)
{
    if (wasCanceled())
        return;
    if (total > 0 && total <= std::numeric_limits<int>::max()) {
        setMaximum(int(total));
        setValue(int(std::min(done, total)));
    }
    setLabelText(m_label + QLatin1Char('\n') + ProgressText::counts(done, total, m_job ? m_job->etaSeconds() : -1.0));
}
