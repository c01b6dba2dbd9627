#include "jobstatuswidget.h"

#include "backgroundjob.h"
#include "progresstext.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QStyle>
#include <QToolButton>

JobStatusWidget::JobStatusWidget(QWidget *parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
    , m_bar(new QProgressBar(this))
    , m_cancel(new QToolButton(this))
{
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_text);
    layout->addWidget(m_bar);
    layout->addWidget(m_cancel);
    m_bar->setMaximumWidth(140);
    m_bar->setTextVisible(false);
    m_cancel->setAutoRaise(true);
    m_cancel->setIcon(style()->standardIcon(QStyle::SP_DialogCancelButton));
    m_cancel->setToolTip(tr("Cancel"));
    connect(m_cancel, &QToolButton::clicked, this, [this] {
        if (m_job)
            m_job->cancel();
    });
    hide();
}

void JobStatusWidget::track(BackgroundJob *job, const QString &label)
{
    untrack();
    m_job = job;
    m_label = label;
    connect(job, &BackgroundJob::progressChanged, this, &JobStatusWidget::update);
    connect(job, &BackgroundJob::finished, this, &JobStatusWidget::untrack);
    connect(job, &QObject::destroyed, this, [this] {
        m_job = nullptr;
        untrack();
    });
    m_bar->setRange(0, 0); // busy until the first count
    m_text->setText(label);
    show();
}

QString JobStatusWidget::text() const
{
    return m_text->text();
}

void JobStatusWidget::update(qint64 done, qint64 total)
{
    if (total > 0 && total <= std::numeric_limits<int>::max()) {
        m_bar->setRange(0, int(total));
        m_bar->setValue(int(std::min(done, total)));
    }
    m_text->setText(m_label + QLatin1Char(' ') + ProgressText::counts(done, total, m_job ? m_job->etaSeconds() : -1.0));
}

void JobStatusWidget::untrack()
{
    if (m_job)
        disconnect(m_job, nullptr, this, nullptr);
    m_job = nullptr;
    hide();
}
