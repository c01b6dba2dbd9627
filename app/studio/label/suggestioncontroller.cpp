#include "suggestioncontroller.h"

#include "backgroundjob.h"
#include "jobprogressdialog.h"

#include <QTimer>

using gp::LabelSuggester;

SuggestionController::SuggestionController(QWidget *window)
    : QObject(window)
    , m_window(window)
    , m_job(new BackgroundJob(this))
{
    connect(
        m_job, &BackgroundJob::finished, this, [this] { Q_EMIT finished(m_job->result<LabelSuggester::Result>()); });
}

SuggestionController::~SuggestionController() = default;

bool SuggestionController::isRunning() const
{
    return m_job->isRunning();
}

void SuggestionController::start(const LabelSuggester::Options &o)
{
    if (m_job->isRunning())
        return;
    if (o.model.isEmpty() || o.images.isEmpty()) {
        LabelSuggester::Result r;
        r.error = o.model.isEmpty() ? tr("No model to suggest with: pre-label with a trained model, or train on "
                                         "your labels, first.")
                                    : tr("Every image has been reviewed: there is nothing left to suggest.");
        // Queued, as a job's end would be: a caller connects after starting.
        QTimer::singleShot(0, this, [this, r] { Q_EMIT finished(r); });
        return;
    }
    m_job->start([o](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return LabelSuggester::run(o, cancel, progress);
    });
    //: %n is how many images the model looks at.
    JobProgressDialog::open(
        m_job, tr("Looking for the images to label next in %n image(s)…", nullptr, int(o.images.size())), m_window);
}
