#include "pointspanel.h"

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "skeleton.h"

#include <QCheckBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSignalBlocker>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

using gp::AnnotationDocument;
using gp::Keypoint;
using gp::PoseInstance;
using gp::Skeleton;

namespace {

QIcon drawSwatch(const QColor &color)
{
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color.darker(160), 1));
    p.setBrush(color);
    p.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    return QIcon(pm);
}

int labelledCount(const PoseInstance &inst)
{
    return int(
        std::count_if(inst.keypoints.begin(), inst.keypoints.end(), [](const Keypoint &k) { return k.isLabelled(); }));
}

const QColor kNextPoint(0xff, 0xe0, 0x82);

} // namespace

PointsPanel::PointsPanel(AnnotationDocument *document, AnnotationCanvas *canvas, QWidget *parent)
    : QWidget(parent)
    , m_document(document)
    , m_canvas(canvas)
    , m_objectsTitle(new QLabel(this))
    , m_objects(new QListWidget(this))
    , m_pointsTitle(new QLabel(this))
    , m_points(new QTreeWidget(this))
    , m_showNames(new QCheckBox(this))
    , m_showNumbers(new QCheckBox(this))
{
    m_points->setRootIsDecorated(false);
    m_points->setUniformRowHeights(true);
    m_points->setSelectionMode(QAbstractItemView::SingleSelection);
    m_objects->setSelectionMode(QAbstractItemView::SingleSelection);
    m_objects->setMaximumHeight(120);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_objectsTitle);
    layout->addWidget(m_objects);
    layout->addWidget(m_pointsTitle);
    layout->addWidget(m_points, 1);
    auto *toggles = new QHBoxLayout;
    toggles->addWidget(m_showNames);
    toggles->addWidget(m_showNumbers);
    toggles->addStretch(1);
    layout->addLayout(toggles);

    connect(m_showNumbers, &QCheckBox::toggled, m_canvas, &ImageView::setShowKeypointNumbers);
    connect(m_showNames, &QCheckBox::toggled, m_canvas, &AnnotationCanvas::setShowNames);
    connect(m_canvas, &AnnotationCanvas::showNamesChanged, m_showNames, &QCheckBox::setChecked);
    // A click on a point's name makes it the next one to place.
    connect(m_points, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) {
        m_document->setNextKeypoint(m_points->indexOfTopLevelItem(item));
        m_canvas->setFocus();
    });
    connect(m_objects, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0)
            m_document->setCurrentInstance(row);
    });
    connect(m_document, &AnnotationDocument::cursorChanged, this, &PointsPanel::refresh);
    retranslateUi();
}

void PointsPanel::refresh()
{
    updatePointTable();
    updateObjectList();
}

void PointsPanel::retranslateUi()
{
    m_objectsTitle->setText(tr("Objects"));
    m_pointsTitle->setText(tr("Skeleton points (click one to place it next)"));
    m_showNumbers->setText(tr("Point &numbers"));
    m_showNames->setText(tr("Point na&mes"));
    refresh();
}

void PointsPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

const QIcon &PointsPanel::swatch(const QColor &color)
{
    // One icon per colour for the panel's life: a fresh QIcon on every refresh gets a fresh
    // QPixmapCache key each time it is painted, so over hours of editing the cache fills with
    // dead entries and its clean-up walks them on the GUI thread (a soak sampled 250 ms there).
    auto it = m_swatches.find(color.rgba());
    if (it == m_swatches.end())
        it = m_swatches.insert(color.rgba(), drawSwatch(color));
    return *it;
}

void PointsPanel::updatePointTable()
{
    const Skeleton &skeleton = m_canvas->skeleton();
    const auto &instances = m_document->instances();
    const int current = m_document->currentInstance();
    const int next = m_document->nextKeypoint();
    QStringList headers { tr("#"), tr("Point") };
    for (size_t i = 0; i < instances.size(); ++i)
        headers << tr("Object %1").arg(i + 1);
    const QSignalBlocker block(m_points);
    m_points->clear();
    m_points->setColumnCount(int(headers.size()));
    m_points->setHeaderLabels(headers);
    QFont bold = m_points->font();
    bold.setBold(true);
    if (current >= 0 && current < int(instances.size()))
        m_points->headerItem()->setFont(current + 2, bold);
    for (int k = 0; k < skeleton.keypointCount(); ++k) {
        const Skeleton::Point &pt = skeleton.points()[size_t(k)];
        auto *item = new QTreeWidgetItem(m_points);
        item->setText(0, QString::number(k));
        item->setText(1, pt.name);
        item->setIcon(1, swatch(skeleton.pointColor(k)));
        item->setToolTip(1, tr("%1 (%2 side). Click to place it next.").arg(pt.name, Skeleton::sideName(pt.side)));
        for (size_t i = 0; i < instances.size(); ++i) {
            const auto &kps = instances[i].keypoints;
            const int v = size_t(k) < kps.size() ? kps[size_t(k)].visibility : int(Keypoint::Absent);
            QString text = v == Keypoint::Visible ? tr("visible")
                : v == Keypoint::Occluded         ? tr("occluded")
                                                  : tr("absent");
            // Who put it there: a person's point says nothing more; a proposal says whose
            // and how sure the model was.
            if (v != Keypoint::Absent && kps[size_t(k)].isProposal()) {
                const Keypoint &p = kps[size_t(k)];
                //: %1 is the point's visibility, %2 the model's confidence in percent.
                text = p.origin == Keypoint::Origin::Model
                    ? tr("%1, model %2%").arg(text).arg(qRound(p.confidence * 100))
                    //: A model's point moved along with a person's correction.
                    : tr("%1, refit %2%").arg(text).arg(qRound(p.confidence * 100));
                item->setToolTip(int(i) + 2,
                    tr("Proposed by the model, not confirmed by a person yet: drag it to "
                       "correct it, or accept it."));
            }
            item->setText(int(i) + 2, text);
            if (v == Keypoint::Absent)
                item->setForeground(int(i) + 2, palette().color(QPalette::Disabled, QPalette::Text));
        }
        if (k == next && m_document->isLoaded()) {
            // The point the next click places.
            for (int c = 0; c < m_points->columnCount(); ++c) {
                item->setBackground(c, kNextPoint);
                item->setForeground(c, Qt::black);
                item->setFont(c, bold);
            }
            item->setText(0, QStringLiteral("▶ %1").arg(k));
        }
    }
    m_points->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (next >= 0 && next < m_points->topLevelItemCount())
        m_points->scrollToItem(m_points->topLevelItem(next));
}

void PointsPanel::updateObjectList()
{
    const QSignalBlocker block(m_objects);
    m_objects->clear();
    const int n = m_canvas->skeleton().keypointCount();
    const auto &instances = m_document->instances();
    for (size_t i = 0; i < instances.size(); ++i) {
        QString text;
        if (m_document->isBoxManual(int(i)))
            //: The box was set by hand (or read from a file as it was) and does not follow the points.
            text = tr("Object %1: %2 of %3 points, fixed box");
        else
            text = tr("Object %1: %2 of %3 points");
        m_objects->addItem(text.arg(i + 1).arg(labelledCount(instances[i])).arg(n));
    }
    if (m_document->currentInstance() >= 0)
        m_objects->setCurrentRow(m_document->currentInstance());
}
