#include "imagelistdelegate.h"

#include "imagelistmodel.h"
#include "scenario.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

using gp::Scenario;
using gp::Scenarios;

namespace {
constexpr int kPadding = 4; // inside a badge, left and right
constexpr int kGap = 3; // between badges
// At most this share of the row goes to badges; the name keeps the rest.
constexpr double kMaxBadgeShare = 0.55;
} // namespace

QColor ImageListDelegate::colourOf(const QString &tag)
{
    if (const std::optional<Scenario> s = Scenarios::parse(tag)) {
        switch (*s) {
        case Scenario::Occlusion:
            return QColor(0x6d, 0x4c, 0x41);
        case Scenario::FastMotion:
            return QColor(0x15, 0x65, 0xc0);
        case Scenario::LowLight:
            return QColor(0x37, 0x47, 0x4f);
        case Scenario::Normal:
            break;
        }
    }
    // Stable across runs (qHash is seeded per process).
    uint h = 0;
    for (const QChar c : tag)
        h = h * 31 + c.unicode();
    return QColor::fromHsv(int(h % 360), 150, 150);
}

void ImageListDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const
{
    const QStringList tags = index.data(ImageListModel::TagsRole).toStringList();
    if (tags.isEmpty()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QFont small = option.font;
    small.setPointSizeF(option.font.pointSizeF() * 0.8);
    const QFontMetrics fm(small);
    const int room = int(option.rect.width() * kMaxBadgeShare);
    // Which badges fit, first to last; the rest become "+N".
    QStringList shown;
    int width = 0;
    for (qsizetype i = 0; i < tags.size(); ++i) {
        const int w = fm.horizontalAdvance(tags[i]) + 2 * kPadding + kGap;
        const int rest = i + 1 < tags.size()
            ? fm.horizontalAdvance(QStringLiteral("+%1").arg(tags.size() - i - 1)) + 2 * kPadding + kGap
            : 0;
        if (width + w + rest > room && !shown.isEmpty())
            break;
        shown << tags[i];
        width += w;
    }
    const QString more = shown.size() < tags.size() ? QStringLiteral("+%1").arg(tags.size() - shown.size()) : QString();
    if (!more.isEmpty())
        width += fm.horizontalAdvance(more) + 2 * kPadding + kGap;
    width = std::min(width, room);

    QStyleOptionViewItem rest = option;
    rest.rect.setRight(option.rect.right() - width);
    QStyledItemDelegate::paint(painter, rest, index);
    // The selection background under the badges too.
    QStyleOptionViewItem strip = option;
    strip.rect.setLeft(rest.rect.right() + 1);
    initStyleOption(&strip, index);
    strip.text.clear();
    strip.icon = QIcon();
    strip.features &= ~QStyleOptionViewItem::HasDecoration;
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    style->drawControl(QStyle::CE_ItemViewItem, &strip, painter, widget);

    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    painter->setFont(small);
    const int h = std::min(option.rect.height() - 2, fm.height() + 2);
    int x = rest.rect.right() + kGap;
    const int y = option.rect.center().y() - h / 2;
    auto badge = [&](const QString &text, const QColor &colour) {
        const int w = fm.horizontalAdvance(text) + 2 * kPadding;
        const QRect r(x, y, std::min(w, option.rect.right() - x), h);
        QPainterPath path;
        path.addRoundedRect(QRectF(r), h / 2.0, h / 2.0);
        painter->fillPath(path, colour);
        painter->setPen(Qt::white);
        painter->drawText(r, Qt::AlignCenter, fm.elidedText(text, Qt::ElideRight, r.width() - 2));
        x += w + kGap;
    };
    for (const QString &tag : shown)
        badge(tag, colourOf(tag));
    if (!more.isEmpty())
        badge(more, QColor(0x75, 0x75, 0x75));
    painter->restore();
}
