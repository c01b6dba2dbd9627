#include "captionlayout.h"

#include <algorithm>

namespace {

// Stacking above a box tries at most this many tag heights before giving up (the first
// candidate is then used, overlapping, rather than a tag far from its box).
constexpr int kMaxStack = 12;

} // namespace

CaptionLayout::CaptionLayout(const QRectF &bounds)
    : m_bounds(bounds)
{ }

void CaptionLayout::reserve(const QRectF &rect)
{
    if (!rect.isEmpty())
        m_taken.push_back(rect);
}

bool CaptionLayout::isFree(const QRectF &rect) const
{
    // Touching edges are allowed: the tags are opaque, so only a shared area hides text.
    return std::none_of(m_taken.begin(), m_taken.end(), [&rect](const QRectF &t) {
        const QRectF overlap = t.intersected(rect);
        return overlap.width() > 0.5 && overlap.height() > 0.5;
    });
}

QRectF CaptionLayout::place(const QRectF &box, const QSizeF &size)
{
    const double w = size.width(), h = size.height();
    const QRectF aboveLeft(box.left(), box.top() - h, w, h);
    const QRectF candidates[] = {
        aboveLeft,
        QRectF(box.right() - w, box.top() - h, w, h),
        QRectF(box.left(), box.bottom(), w, h),
        QRectF(box.right() - w, box.bottom(), w, h),
        QRectF(box.left(), box.top(), w, h),
        QRectF(box.right() - w, box.top(), w, h),
    };
    auto inside = [this](const QRectF &r) { return m_bounds.isEmpty() || m_bounds.contains(r); };
    QRectF chosen;
    bool found = false;
    // Inside the widget first; then anywhere free (a box at the image's edge).
    for (bool needInside : { true, false }) {
        for (const QRectF &c : candidates) {
            if ((!needInside || inside(c)) && isFree(c)) {
                chosen = c;
                found = true;
                break;
            }
        }
        if (found)
            break;
    }
    for (int i = 1; !found && i <= kMaxStack; ++i) {
        const QRectF up = aboveLeft.translated(0, -h * i);
        const QRectF down = candidates[2].translated(0, h * i);
        for (const QRectF &c : { up, down }) {
            if (inside(c) && isFree(c)) {
                chosen = c;
                found = true;
                break;
            }
        }
    }
    if (!found)
        chosen = aboveLeft;
    m_taken.push_back(chosen);
    return chosen;
}
