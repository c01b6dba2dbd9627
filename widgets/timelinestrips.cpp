#include "timelinestrips.h"

#include <QEvent>
#include <QFontMetrics>
#include <QMouseEvent>
#include <QPainter>

#include <algorithm>
#include <cmath>

using gp::QualitySeries;
using gp::Skeleton;

TimelineStrips::TimelineStrips(QWidget *parent)
    : QWidget(parent)
    , m_skeleton(Skeleton::defaultGripper())
{
    setSkeleton(m_skeleton);
    setMouseTracking(false);
}

void TimelineStrips::setSkeleton(const Skeleton &skeleton)
{
    m_skeleton = skeleton;
    m_labelLine = -1;
    m_keypointOrder.clear();
    for (Skeleton::Side side : { Skeleton::Side::Left, Skeleton::Side::Right, Skeleton::Side::Center })
        for (int k = 0; k < skeleton.keypointCount(); ++k)
            if (skeleton.points()[size_t(k)].side == side)
                m_keypointOrder.push_back(k);
    rebuild();
    updateGeometry();
}

void TimelineStrips::setSeries(const QualitySeries &series, double jitterScale)
{
    m_series = series;
    m_jitterScale = jitterScale > 0 ? jitterScale : 8.0;
    if (series.frameCount() > 0)
        m_count = series.frameCount();
    rebuild();
}

void TimelineStrips::clear()
{
    m_series = QualitySeries();
    rebuild();
}

void TimelineStrips::setFrameCount(qint64 count)
{
    m_count = std::max<qint64>(0, count);
    rebuild();
}

void TimelineStrips::setCurrentFrame(qint64 frame)
{
    if (frame == m_frame)
        return;
    m_frame = frame;
    update();
}

void TimelineStrips::setLoopRange(bool shown, qint64 first, qint64 last)
{
    m_loopShown = shown;
    m_loopFirst = first;
    m_loopLast = last;
    update();
}

int TimelineStrips::rowOfKeypoint(int k) const
{
    const auto it = std::find(m_keypointOrder.begin(), m_keypointOrder.end(), k);
    return it == m_keypointOrder.end() ? -1 : int(it - m_keypointOrder.begin());
}

int TimelineStrips::rowOf(Row row) const
{
    return int(m_keypointOrder.size()) + int(row);
}

QColor TimelineStrips::heat(double v)
{
    // Red (bad) through amber to green (good): a colour scale readable by most colour-blind
    // people would need blue too; the rows' labels carry the meaning.
    v = std::clamp(v, 0.0, 1.0);
    return QColor::fromHsvF(float(v * 0.33), 0.85f, 0.55f + 0.4f * float(v));
}

void TimelineStrips::rebuild()
{
    const int rows = int(m_keypointOrder.size()) + 3;
    const qint64 n = m_series.frameCount();
    if (n <= 0) {
        m_image = QImage();
        update();
        return;
    }
    const int cols = int(std::min<qint64>(n, kMaxColumns));
    m_image = QImage(cols, rows, QImage::Format_RGB32);
    m_image.fill(QColor(60, 60, 60));
    const int K = m_series.keypointCount;
    for (int c = 0; c < cols; ++c) {
        const qint64 first = qint64(c) * n / cols;
        const qint64 last = std::max(first + 1, qint64(c + 1) * n / cols);
        // The worst frame of the bucket shows: the lowest confidence, the largest jitter.
        for (int r = 0; r < int(m_keypointOrder.size()); ++r) {
            const int k = m_keypointOrder[size_t(r)];
            if (k >= K)
                continue;
            double worst = 2.0;
            for (qint64 f = first; f < last; ++f) {
                const float v = m_series.keypoint(f, k);
                if (!std::isnan(v))
                    worst = std::min(worst, double(v));
            }
            if (worst <= 1.0)
                m_image.setPixelColor(c, r, heat(worst));
        }
        double jitter = -1.0;
        int occl = 0;
        bool change = false;
        for (qint64 f = first; f < last; ++f) {
            const float j = m_series.jitter[size_t(f)];
            if (!std::isnan(j))
                jitter = std::max(jitter, double(j));
            occl = std::max(occl, int(m_series.occlusion[size_t(f)]));
            change = change || m_series.trackChange[size_t(f)];
        }
        if (jitter >= 0)
            m_image.setPixelColor(c, rowOf(Row::Jitter), heat(1.0 - jitter / m_jitterScale));
        if (occl > 0)
            m_image.setPixelColor(c, rowOf(Row::Occlusion), occl == 2 ? QColor(198, 40, 40) : QColor(255, 167, 38));
        if (change)
            m_image.setPixelColor(c, rowOf(Row::TrackChange), QColor(66, 165, 245));
    }
    update();
}

QFont TimelineStrips::labelFont() const
{
    QFont small = font();
    small.setPointSizeF(std::max(6.0, small.pointSizeF() * 0.8));
    return small;
}

std::pair<int, int> TimelineStrips::groupOf(int row) const
{
    const int keypoints = int(m_keypointOrder.size());
    if (row < 0 || row >= keypoints)
        return { row, row + 1 };
    auto sideOf = [this](int r) { return m_skeleton.points()[size_t(m_keypointOrder[size_t(r)])].side; };
    int first = row, last = row + 1;
    while (first > 0 && sideOf(first - 1) == sideOf(row))
        --first;
    while (last < keypoints && sideOf(last) == sideOf(row))
        ++last;
    return { first, last };
}

int TimelineStrips::labelLineHeight() const
{
    // The labels' own glyphs count: a fallback font (Chinese) can be taller than the font's
    // line; one pixel more keeps two labels from touching.
    // Measured once per font, language and skeleton (painting asks for it per row).
    if (m_labelLine < 0) {
        const QFontMetrics fm(labelFont());
        int line = fm.height();
        for (int row = 0; row < int(m_keypointOrder.size()) + 3; row = groupOf(row).second)
            line = std::max(line, fm.boundingRect(rowLabel(row)).height());
        m_labelLine = line + 1;
    }
    return m_labelLine;
}

int TimelineStrips::rowHeight(int row) const
{
    // Every label gets the height of a line of its font (the rows of a side share theirs),
    // so two labels never overlap, in any language's font.
    const int line = labelLineHeight();
    const auto [first, last] = groupOf(row);
    const int base = row < int(m_keypointOrder.size()) ? kKeypointRowHeight : kRowHeight;
    return std::max(base, (line + (last - first) - 1) / (last - first));
}

int TimelineStrips::rowTop(int row) const
{
    int y = 0;
    for (int r = 0; r < row; ++r)
        y += rowHeight(r) + (r == int(m_keypointOrder.size()) - 1 ? kGroupGap : 0);
    return y;
}

QRect TimelineStrips::labelRect(int row) const
{
    const auto [first, last] = groupOf(row);
    const int top = stripRect().top() + rowTop(first);
    return QRect(0, top, kLabelWidth - 10, rowTop(last - 1) + rowHeight(last - 1) - rowTop(first));
}

QRect TimelineStrips::stripRect() const
{
    return QRect(kLabelWidth, 1, std::max(1, width() - kLabelWidth - 2), height() - 2);
}

QSize TimelineStrips::sizeHint() const
{
    const int rows = int(m_keypointOrder.size()) + 3;
    return { 600, rowTop(rows) + 2 };
}

QSize TimelineStrips::minimumSizeHint() const
{
    return { 200, sizeHint().height() };
}

qint64 TimelineStrips::frameAtX(int x) const
{
    const QRect r = stripRect();
    if (m_count <= 0)
        return 0;
    const double t = std::clamp(double(x - r.left()) / r.width(), 0.0, 1.0);
    return std::min<qint64>(m_count - 1, qint64(t * m_count));
}

int TimelineStrips::xOfFrame(qint64 frame) const
{
    const QRect r = stripRect();
    return m_count > 0 ? r.left() + int((frame + 0.5) * r.width() / double(m_count)) : r.left();
}

QString TimelineStrips::rowLabel(int row) const
{
    const int keypoints = int(m_keypointOrder.size());
    if (row < keypoints) {
        const Skeleton::Side side = m_skeleton.points()[size_t(m_keypointOrder[size_t(row)])].side;
        return side == Skeleton::Side::Center ? tr("Confidence") : Skeleton::sideName(side);
    }
    switch (Row(row - keypoints)) {
    case Row::Jitter:
        return tr("Jitter");
    case Row::Occlusion:
        return tr("Occluded");
    case Row::TrackChange:
        return tr("Tracks");
    }
    return {};
}

void TimelineStrips::paintEvent(QPaintEvent *)
{
    QPainter p(this);
    p.fillRect(rect(), palette().window());
    const QRect r = stripRect();
    p.setFont(labelFont());
    p.setPen(palette().color(QPalette::WindowText));
    const int keypoints = int(m_keypointOrder.size());
    for (int row = 0; row < keypoints + 3; row = groupOf(row).second) {
        const QRect label = labelRect(row);
        if (row < keypoints) {
            const Skeleton::Side side = m_skeleton.points()[size_t(m_keypointOrder[size_t(row)])].side;
            p.fillRect(QRect(kLabelWidth - 4, label.top(), 3, label.height()), m_skeleton.sideColor(side));
        }
        p.drawText(label, Qt::AlignRight | Qt::AlignVCenter, rowLabel(row));
    }
    if (!m_image.isNull()) {
        for (int row = 0; row < m_image.height(); ++row) {
            const QRect target(r.left(), r.top() + rowTop(row), r.width(), rowHeight(row));
            p.drawImage(target, m_image, QRect(0, row, m_image.width(), 1));
        }
    } else {
        p.fillRect(QRect(r.left(), r.top(), r.width(), rowTop(keypoints + 3)), QColor(60, 60, 60));
        p.drawText(r, Qt::AlignCenter, tr("Analyse the video to see its confidence, jitter and occlusions here"));
    }
    if (m_count > 0) {
        if (m_loopShown) {
            const int x1 = xOfFrame(m_loopFirst), x2 = xOfFrame(m_loopLast);
            p.fillRect(QRect(x1, r.top(), std::max(1, x2 - x1), r.height()), QColor(255, 255, 255, 40));
        }
        const int x = xOfFrame(m_frame);
        p.setPen(QPen(Qt::white, 1));
        p.drawLine(x, r.top(), x, r.bottom());
    }
}

void TimelineStrips::mousePressEvent(QMouseEvent *event)
{
    if (event->button() == Qt::LeftButton && m_count > 0 && event->position().x() >= kLabelWidth)
        Q_EMIT frameRequested(int(frameAtX(int(event->position().x()))));
}

void TimelineStrips::mouseMoveEvent(QMouseEvent *event)
{
    if ((event->buttons() & Qt::LeftButton) && m_count > 0)
        Q_EMIT frameRequested(int(frameAtX(int(event->position().x()))));
}

void TimelineStrips::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::FontChange) {
        m_labelLine = -1;
        updateGeometry(); // the rows follow the labels' height
    }
    if (event->type() == QEvent::LanguageChange)
        update();
    QWidget::changeEvent(event);
}
