#include "imageinfolabel.h"

#include <QFileInfo>

using gp::DatasetIssue;

namespace {

QString red(const QString &text)
{
    return QStringLiteral("<br><span style=\"color:#c62828\">%1</span>").arg(text.toHtmlEscaped());
}

} // namespace

ImageInfoLabel::ImageInfoLabel(QWidget *parent)
    : QLabel(parent)
{
    setObjectName(QStringLiteral("labelInfo"));
    setWordWrap(true);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
}

void ImageInfoLabel::showNoProject(const QString &openFailure)
{
    if (!openFailure.isEmpty())
        setText(QStringLiteral("<span style=\"color:#c62828\">%1</span>").arg(openFailure.toHtmlEscaped()));
    else
        setText(tr("No project is open. Use File ▸ Open Project… or File ▸ New Project…"));
}

void ImageInfoLabel::showImage(const Shown &s)
{
    if (s.file.isEmpty()) {
        clear();
        return;
    }
    QString text = tr("<b>%1</b><br>%2 × %3 pixels, %n object(s)", nullptr, s.objects)
                       .arg(QFileInfo(s.file).fileName().toHtmlEscaped())
                       .arg(s.size.width())
                       .arg(s.size.height());
    if (!s.status.isEmpty())
        text += QStringLiteral("<br>") + s.status.toHtmlEscaped();
    if (s.needsReview)
        text += QStringLiteral("<br><span style=\"color:#8e24aa\">%1</span>")
                    .arg(tr("Labelled by a model: check it, then Accept (%1) or Reject (%2).")
                             .arg(s.acceptKey, s.rejectKey)
                             .toHtmlEscaped());
    if (!s.saveError.isEmpty())
        text += red(tr("Not saved: %1. The edit is kept and saving is retried; you are asked before it could be lost.")
                        .arg(s.saveError));
    else if (s.readOnly && !s.issues.issues.empty())
        text += red(tr("Edits to this image are not saved: its label file has lines that could not be read "
                       "(below). Fix or remove them first."));
    for (const DatasetIssue &issue : s.issues.issues)
        text += red(issue.toString());
    if (!s.diskNotice.isEmpty())
        text += QStringLiteral("<br><span style=\"color:#e65100\">%1</span>").arg(s.diskNotice.toHtmlEscaped());
    setText(text);
}
