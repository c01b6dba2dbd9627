#pragma once

#include <QStyledItemDelegate>

// Draws a row of the Label workspace's image list with the image's scenario tags as small
// badges at its right end (ImageListModel::TagsRole); the name gives way to them. When they
// do not fit, the first ones are shown and "+N" stands for the rest (all are in the tooltip).
class ImageListDelegate : public QStyledItemDelegate
{
    Q_OBJECT

public:
    using QStyledItemDelegate::QStyledItemDelegate;

    void paint(QPainter *painter, const QStyleOptionViewItem &option, const QModelIndex &index) const override;

    // The colour of a tag's badge: the generator's tags their own, others from the name.
    static QColor colourOf(const QString &tag);
};
