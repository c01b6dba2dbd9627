#include "trainbanner.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>

TrainBanner::TrainBanner(QWidget *parent)
    : QWidget(parent)
    , m_text(new QLabel(this))
    , m_dismiss(new QPushButton(this))
{
    setObjectName(QStringLiteral("trainBanner"));
    setAttribute(Qt::WA_StyledBackground, true);
    m_text->setWordWrap(true);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    auto *layout = new QHBoxLayout(this);
    layout->setContentsMargins(8, 4, 8, 4);
    layout->addWidget(m_text, 1);
    layout->addWidget(m_dismiss, 0, Qt::AlignTop);
    connect(m_dismiss, &QPushButton::clicked, this, &TrainBanner::dismiss);
    hide();
    retranslateUi();
}

void TrainBanner::showAlert(const TrainAlert &alert)
{
    m_alert = alert;
    setStyleSheet(QStringLiteral("#trainBanner { background: #fdecea; border: 1px solid #c0392b; } "
                                 "#trainBanner QLabel { color: #7b1e16; }"));
    m_text->setText(QStringLiteral("<b>%1</b><br>%2<br><i>%3</i>")
                        .arg(alert.title.toHtmlEscaped(),
                            alert.message.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")),
                            alert.advice.toHtmlEscaped()));
    show();
}

void TrainBanner::showNotice(const QString &text)
{
    m_alert.reset();
    setStyleSheet(QStringLiteral("#trainBanner { background: #e8f6ec; border: 1px solid #2c8a4b; } "
                                 "#trainBanner QLabel { color: #1d5c32; }"));
    m_text->setText(text.toHtmlEscaped().replace(QLatin1Char('\n'), QStringLiteral("<br>")));
    show();
}

void TrainBanner::dismiss()
{
    m_alert.reset();
    hide();
}

QString TrainBanner::text() const
{
    return m_text->text();
}

void TrainBanner::retranslateUi()
{
    m_dismiss->setText(tr("Dismiss"));
}

void TrainBanner::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
