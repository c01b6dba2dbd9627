#include "trainlogpanel.h"

#include <QDateTime>
#include <QPlainTextEdit>
#include <QVBoxLayout>

TrainLogPanel::TrainLogPanel(QWidget *parent)
    : QWidget(parent)
    , m_log(new QPlainTextEdit(this))
{
    m_log->setReadOnly(true);
    m_log->setMaximumBlockCount(kMaxLines);
    m_log->setLineWrapMode(QPlainTextEdit::NoWrap);
    QFont mono = m_log->font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_log->setFont(mono);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_log);
}

void TrainLogPanel::append(const QString &line, Level level)
{
    const QString time = QDateTime::currentDateTime().toString(QStringLiteral("HH:mm:ss"));
    const QString prefix = level == Level::Error ? tr("error: ")
        : level == Level::Warning                ? tr("warning: ")
                                                 : QString();
    for (const QString &l : line.split(QLatin1Char('\n')))
        m_log->appendPlainText(QStringLiteral("%1  %2%3").arg(time, prefix, l));
}

void TrainLogPanel::clear()
{
    m_log->clear();
}

QString TrainLogPanel::text() const
{
    return m_log->toPlainText();
}
