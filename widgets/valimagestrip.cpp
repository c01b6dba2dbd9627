#include "valimagestrip.h"

#include <QEvent>
#include <QFileInfo>
#include <QImageReader>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QVBoxLayout>

#include <cmath>

using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;
using gp::ValImageResult;

namespace {

// How much room around the worst object the thumbnail keeps, as a fraction of its size.
constexpr double kCropMargin = 0.35;

QRectF instanceBounds(const PoseInstance &inst)
{
    QRectF r = inst.box;
    for (const Keypoint &k : inst.keypoints)
        if (k.isLabelled())
            r = r.united(QRectF(k.x - 1, k.y - 1, 2, 2));
    return r;
}

void drawInstance(
    QPainter &p, const PoseInstance &inst, const Skeleton &skeleton, const QTransform &t, bool truth, double scale)
{
    const auto &kps = inst.keypoints;
    auto at = [&](int i) { return t.map(QPointF(kps[size_t(i)].x, kps[size_t(i)].y)); };
    const double r = std::max(2.0, 3.0 * scale);
    if (!truth) {
        for (const auto &[a, b] : skeleton.edges()) {
            if (a >= int(kps.size()) || b >= int(kps.size()) || !kps[size_t(a)].isLabelled()
                || !kps[size_t(b)].isLabelled())
                continue;
            p.setPen(QPen(skeleton.pointColor(a), std::max(1.0, 1.5 * scale)));
            p.drawLine(at(a), at(b));
        }
    }
    for (int i = 0; i < int(kps.size()); ++i) {
        if (!kps[size_t(i)].isLabelled())
            continue;
        const QPointF c = at(i);
        if (truth) {
            // Labelled points: white rings (dashed when occluded), under the predictions.
            p.setBrush(Qt::NoBrush);
            p.setPen(QPen(Qt::white, std::max(1.0, 1.5 * scale),
                kps[size_t(i)].visibility == Keypoint::Occluded ? Qt::DotLine : Qt::SolidLine));
            p.drawEllipse(c, r + 1.5, r + 1.5);
        } else {
            p.setPen(QPen(Qt::black, 0.8));
            p.setBrush(i < skeleton.keypointCount() ? skeleton.pointColor(i) : QColor(Qt::yellow));
            p.drawEllipse(c, r * 0.8, r * 0.8);
        }
    }
}

} // namespace

ValImageStrip::ValImageStrip(QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel(this))
    , m_list(new QListWidget(this))
{
    m_caption->setWordWrap(true);
    m_list->setViewMode(QListView::IconMode);
    m_list->setFlow(QListView::LeftToRight);
    m_list->setWrapping(false);
    m_list->setMovement(QListView::Static);
    m_list->setResizeMode(QListView::Adjust);
    m_list->setIconSize(QSize(kThumbnailHeight * 4 / 3, kThumbnailHeight));
    m_list->setSpacing(4);
    m_list->setUniformItemSizes(false);
    m_list->setHorizontalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    // As tall as a row of thumbnails with their captions where there is room; on a short
    // screen less, scrolling (the dashboard's plots need the height more).
    m_list->setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
    m_list->setMaximumHeight(kThumbnailHeight + m_list->fontMetrics().height() * 2 + 28);
    m_list->setMinimumHeight(m_list->fontMetrics().height() * 4);
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        const int i = m_list->row(item);
        if (i >= 0 && i < int(m_items.size()))
            Q_EMIT imageActivated(m_items[size_t(i)].imagePath, m_items[size_t(i)].instance);
    });
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    layout->addWidget(m_list);
    retranslateUi();
}

QImage ValImageStrip::renderThumbnail(const ValImageResult &result, const Skeleton &skeleton, int height)
{
    QImageReader reader(result.imagePath);
    QImage image = reader.read();
    if (image.isNull()) {
        QImage tile(height * 4 / 3, height, QImage::Format_RGB32);
        tile.fill(QColor(96, 96, 96));
        QPainter p(&tile);
        p.setPen(Qt::white);
        p.drawText(tile.rect().adjusted(4, 4, -4, -4), Qt::AlignCenter | Qt::TextWordWrap,
            tr("%1: cannot read the image").arg(QFileInfo(result.imagePath).fileName()));
        return tile;
    }
    // Labels are in the label file's pixels (the size it was labelled at).
    const double sx = result.imageSize.width() > 0 ? double(image.width()) / result.imageSize.width() : 1.0;
    const double sy = result.imageSize.height() > 0 ? double(image.height()) / result.imageSize.height() : 1.0;
    QRectF crop(0, 0, result.imageSize.width() > 0 ? result.imageSize.width() : image.width(),
        result.imageSize.height() > 0 ? result.imageSize.height() : image.height());
    if (result.worstInstance >= 0 && result.worstInstance < int(result.truth.size())) {
        QRectF r = instanceBounds(result.truth[size_t(result.worstInstance)]);
        const double m = kCropMargin * std::max(r.width(), r.height());
        r.adjust(-m, -m, m, m);
        // At least 4:3, so a thin object still shows its surroundings.
        if (r.width() < r.height() * 4 / 3) {
            const double grow = (r.height() * 4 / 3 - r.width()) / 2;
            r.adjust(-grow, 0, grow, 0);
        }
        crop = r.intersected(crop);
    }
    const QRect source = QRectF(crop.x() * sx, crop.y() * sy, crop.width() * sx, crop.height() * sy).toAlignedRect();
    const QImage cropped = image.copy(source.intersected(image.rect()));
    QImage thumb = cropped.scaledToHeight(height, Qt::SmoothTransformation).convertToFormat(QImage::Format_RGB32);
    const double scale = double(thumb.height()) / std::max(1.0, crop.height());
    QTransform t;
    t.scale(scale, scale);
    t.translate(-crop.x(), -crop.y());
    QPainter p(&thumb);
    p.setRenderHint(QPainter::Antialiasing);
    const double drawScale = std::clamp(scale * 4, 0.6, 1.5);
    for (const PoseInstance &inst : result.truth)
        drawInstance(p, inst, skeleton, t, true, drawScale);
    for (const PoseInstance &inst : result.predictions)
        drawInstance(p, inst, skeleton, t, false, drawScale);
    return thumb;
}

void ValImageStrip::setItems(std::vector<Item> items, int epoch)
{
    m_items = std::move(items);
    m_epoch = epoch;
    m_list->clear();
    for (const Item &it : m_items) {
        auto *li = new QListWidgetItem(QIcon(QPixmap::fromImage(it.thumbnail)), QString(), m_list);
        li->setToolTip(tr("%1\nOKS %2 (the lowest of its objects); click to open it in the Label workspace")
                           .arg(QFileInfo(it.imagePath).fileName())
                           .arg(it.oks, 0, 'f', 3));
        li->setSizeHint(
            QSize(std::max(60, it.thumbnail.width()) + 8, kThumbnailHeight + m_list->fontMetrics().height() + 12));
    }
    retranslateUi();
}

void ValImageStrip::clear()
{
    setItems({}, -1);
}

int ValImageStrip::count() const
{
    return int(m_items.size());
}

void ValImageStrip::retranslateUi()
{
    for (int i = 0; i < m_list->count() && i < int(m_items.size()); ++i)
        m_list->item(i)->setText(tr("OKS %1").arg(m_items[size_t(i)].oks, 0, 'f', 2));
    m_caption->setText(m_epoch >= 0 ? tr("Worst validation images after epoch %1 (lowest OKS first; white rings: "
                                         "labels, dots: the model). Click one to fix or check its labels.")
                                          .arg(m_epoch + 1)
                                    : tr("The validation images the model does worst on appear after the first "
                                         "validation."));
}

void ValImageStrip::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
