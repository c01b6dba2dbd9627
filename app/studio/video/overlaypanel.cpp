#include "overlaypanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QSpinBox>

OverlayPanel::OverlayPanel(QWidget *parent)
    : QWidget(parent)
    , m_points(new QComboBox(this))
    , m_boxes(new QCheckBox(this))
    , m_skeleton(new QCheckBox(this))
    , m_names(new QCheckBox(this))
    , m_ids(new QCheckBox(this))
    , m_alpha(new QCheckBox(this))
    , m_hollow(new QCheckBox(this))
    , m_trail(new QSpinBox(this))
    , m_truth(new QCheckBox(this))
    , m_pointsLabel(new QLabel(this))
    , m_trailLabel(new QLabel(this))
{
    for (auto p : { OverlayOptions::Points::Smoothed, OverlayOptions::Points::Raw, OverlayOptions::Points::Both })
        m_points->addItem(QString(), int(p));
    for (QCheckBox *b : { m_boxes, m_skeleton, m_ids, m_alpha, m_hollow, m_truth })
        b->setChecked(true);
    m_truth->setEnabled(false);
    m_trail->setRange(0, 120);
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_pointsLabel, 0, 0);
    grid->addWidget(m_points, 0, 1);
    grid->addWidget(m_boxes, 1, 0);
    grid->addWidget(m_skeleton, 1, 1);
    grid->addWidget(m_ids, 2, 0);
    grid->addWidget(m_names, 2, 1);
    grid->addWidget(m_alpha, 3, 0);
    grid->addWidget(m_hollow, 3, 1);
    grid->addWidget(m_trailLabel, 4, 0);
    grid->addWidget(m_trail, 4, 1);
    grid->addWidget(m_truth, 5, 0, 1, 2);
    connect(m_points, &QComboBox::currentIndexChanged, this, &OverlayPanel::changed);
    for (QCheckBox *b : { m_boxes, m_skeleton, m_names, m_ids, m_alpha, m_hollow, m_truth })
        connect(b, &QCheckBox::toggled, this, &OverlayPanel::changed);
    connect(m_trail, &QSpinBox::valueChanged, this, &OverlayPanel::changed);
    retranslateUi();
}

OverlayOptions OverlayPanel::options(double keypointConf) const
{
    OverlayOptions o;
    o.points = OverlayOptions::Points(m_points->currentData().toInt());
    o.boxes = m_boxes->isChecked();
    o.skeleton = m_skeleton->isChecked();
    o.names = m_names->isChecked();
    o.trackIds = m_ids->isChecked();
    o.confidenceAsAlpha = m_alpha->isChecked();
    o.hollowBelow = m_hollow->isChecked();
    o.trail = m_trail->value();
    o.keypointConf = keypointConf;
    return o;
}

bool OverlayPanel::showTruth() const
{
    return m_truth->isEnabled() && m_truth->isChecked();
}

void OverlayPanel::setTruthAvailable(bool available, const QString &toolTip)
{
    m_truth->setEnabled(available);
    m_truth->setToolTip(toolTip);
}

void OverlayPanel::retranslateUi()
{
    m_pointsLabel->setText(tr("Points"));
    m_points->setItemText(0, tr("Smoothed"));
    m_points->setItemText(1, tr("Raw"));
    m_points->setItemText(2, tr("Both (raw ghosted)"));
    m_boxes->setText(tr("Boxes"));
    m_skeleton->setText(tr("Skeleton"));
    m_ids->setText(tr("Track IDs"));
    m_names->setText(tr("Point names"));
    m_alpha->setText(tr("Confidence as transparency"));
    m_hollow->setText(tr("Hollow below threshold"));
    m_hollow->setToolTip(tr("Points below the keypoint threshold are drawn hollow (unchecked: hidden)"));
    m_trailLabel->setText(tr("Trail"));
    m_trail->setSuffix(tr(" frames"));
    m_trail->setSpecialValueText(tr("off"));
    m_truth->setText(tr("Show &ground truth"));
}

void OverlayPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
