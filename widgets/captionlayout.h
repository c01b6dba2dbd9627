#pragma once

#include <QRectF>
#include <QSizeF>

#include <vector>

// Places the small text tags drawn at boxes over an image (a track's "#3 · 0.91", a ground
// truth's "track 3") so that no tag hides another: each tag goes to the first free place
// around its box — above it at the left, above at the right, below at the left, below at
// the right, inside the top corners — and, when every one of those is taken, above the
// box, stacked over the tags already there. Places inside `bounds` (the widget) come
// first. Rectangles in view pixels; the layout remembers every tag it placed and any
// rectangle reserved beforehand (a status line).
class CaptionLayout
{
public:
    explicit CaptionLayout(const QRectF &bounds);

    // A rectangle no tag may cover.
    void reserve(const QRectF &rect);
    // Where a tag of `size` goes for `box`; it is reserved from then on.
    QRectF place(const QRectF &box, const QSizeF &size);
    const std::vector<QRectF> &taken() const { return m_taken; }

private:
    bool isFree(const QRectF &rect) const;

    QRectF m_bounds;
    std::vector<QRectF> m_taken;
};
