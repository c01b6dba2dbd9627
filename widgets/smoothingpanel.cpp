#include "smoothingpanel.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QSignalBlocker>
#include <QSlider>

#include <algorithm>
#include <cmath>

using gp::TemporalOptions;
using gp::TemporalPresets;

namespace {

// min cutoff: 0.05 .. 20 Hz; beta: 0 (position 0), then 0.001 .. 2 on a log scale.
constexpr double kCutoffMin = 0.05, kCutoffMax = 20.0;
constexpr double kBetaMin = 0.001, kBetaMax = 2.0;
constexpr int kSteps = 200;

} // namespace

SmoothingPanel::SmoothingPanel(QWidget *parent)
    : QWidget(parent)
    , m_preset(new QComboBox(this))
    , m_minCutoff(new QSlider(Qt::Horizontal, this))
    , m_beta(new QSlider(Qt::Horizontal, this))
    , m_keypointConf(new QSlider(Qt::Horizontal, this))
    , m_maxGap(new QSlider(Qt::Horizontal, this))
    , m_presetLabel(new QLabel(this))
    , m_minCutoffLabel(new QLabel(this))
    , m_betaLabel(new QLabel(this))
    , m_keypointConfLabel(new QLabel(this))
    , m_maxGapLabel(new QLabel(this))
    , m_minCutoffValue(new QLabel(this))
    , m_betaValue(new QLabel(this))
    , m_keypointConfValue(new QLabel(this))
    , m_maxGapValue(new QLabel(this))
{
    m_minCutoff->setRange(0, kSteps);
    m_beta->setRange(0, kSteps);
    m_keypointConf->setRange(0, 100);
    m_maxGap->setRange(0, 60);
    for (QLabel *l : { m_minCutoffValue, m_betaValue, m_keypointConfValue, m_maxGapValue }) {
        l->setMinimumWidth(l->fontMetrics().horizontalAdvance(QStringLiteral("00.000 Hz")));
        l->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
    }
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_presetLabel, 0, 0);
    grid->addWidget(m_preset, 0, 1, 1, 2);
    const std::pair<QLabel *, QSlider *> rows[] = { { m_minCutoffLabel, m_minCutoff }, { m_betaLabel, m_beta },
        { m_keypointConfLabel, m_keypointConf }, { m_maxGapLabel, m_maxGap } };
    QLabel *values[] = { m_minCutoffValue, m_betaValue, m_keypointConfValue, m_maxGapValue };
    for (int i = 0; i < 4; ++i) {
        grid->addWidget(rows[i].first, i + 1, 0);
        grid->addWidget(rows[i].second, i + 1, 1);
        grid->addWidget(values[i], i + 1, 2);
        connect(rows[i].second, &QSlider::valueChanged, this, &SmoothingPanel::fromSliders);
    }
    grid->setColumnStretch(1, 1);
    for (TemporalPresets::Preset p : TemporalPresets::all())
        m_preset->addItem(QString(), int(p));
    connect(m_preset, &QComboBox::activated, this,
        [this](int index) { applyPreset(TemporalPresets::Preset(m_preset->itemData(index).toInt())); });
    setOptions(TemporalOptions());
    retranslateUi();
}

int SmoothingPanel::minCutoffToSlider(double hz)
{
    const double t = std::log(std::clamp(hz, kCutoffMin, kCutoffMax) / kCutoffMin) / std::log(kCutoffMax / kCutoffMin);
    return int(std::lround(t * kSteps));
}

double SmoothingPanel::sliderToMinCutoff(int position)
{
    return kCutoffMin * std::pow(kCutoffMax / kCutoffMin, double(position) / kSteps);
}

int SmoothingPanel::betaToSlider(double beta)
{
    if (beta <= 0)
        return 0;
    const double t = std::log(std::clamp(beta, kBetaMin, kBetaMax) / kBetaMin) / std::log(kBetaMax / kBetaMin);
    return 1 + int(std::lround(t * (kSteps - 1)));
}

double SmoothingPanel::sliderToBeta(int position)
{
    return position <= 0 ? 0.0 : kBetaMin * std::pow(kBetaMax / kBetaMin, double(position - 1) / (kSteps - 1));
}

void SmoothingPanel::setOptions(const TemporalOptions &options)
{
    m_options = options;
    m_updating = true;
    m_minCutoff->setValue(minCutoffToSlider(options.filter.minCutoff));
    m_beta->setValue(betaToSlider(options.filter.beta));
    m_keypointConf->setValue(int(std::lround(options.keypointConf * 100)));
    m_maxGap->setValue(options.maxGap);
    m_updating = false;
    showValues();
}

void SmoothingPanel::applyPreset(TemporalPresets::Preset preset)
{
    setOptions(TemporalPresets::apply(preset, m_options));
    const QSignalBlocker block(m_preset);
    m_preset->setCurrentIndex(m_preset->findData(int(preset)));
    Q_EMIT optionsChanged(m_options);
}

void SmoothingPanel::fromSliders()
{
    if (m_updating)
        return;
    m_options.smooth = true;
    m_options.filter.minCutoff = sliderToMinCutoff(m_minCutoff->value());
    m_options.filter.beta = sliderToBeta(m_beta->value());
    m_options.keypointConf = m_keypointConf->value() / 100.0;
    m_options.maxGap = m_maxGap->value();
    showValues();
    Q_EMIT optionsChanged(m_options);
}

void SmoothingPanel::showValues()
{
    //: Hz: hertz, the unit of the filter's cutoff frequency.
    m_minCutoffValue->setText(tr("%1 Hz").arg(m_options.filter.minCutoff, 0, 'g', 3));
    m_betaValue->setText(QString::number(m_options.filter.beta, 'g', 3));
    m_keypointConfValue->setText(QString::number(m_options.keypointConf, 'f', 2));
    m_maxGapValue->setText(tr("%n frame(s)", nullptr, m_options.maxGap));
}

void SmoothingPanel::retranslateUi()
{
    m_presetLabel->setText(tr("Preset"));
    for (int i = 0; i < m_preset->count(); ++i)
        m_preset->setItemText(i, TemporalPresets::name(TemporalPresets::Preset(m_preset->itemData(i).toInt())));
    m_preset->setToolTip(tr("Starting points tuned per kind of footage; the sliders fine-tune them"));
    m_minCutoffLabel->setText(tr("Min cutoff"));
    m_minCutoff->setToolTip(tr("One Euro filter: lower smooths slow motion more (less jitter, more lag)"));
    m_betaLabel->setText(tr("Beta"));
    m_beta->setToolTip(tr("One Euro filter: higher follows fast motion sooner (less lag, more jitter)"));
    m_keypointConfLabel->setText(tr("Keypoint threshold"));
    m_keypointConf->setToolTip(tr("Points the network is less sure of count as occluded (hidden or hollow)"));
    m_maxGapLabel->setText(tr("Bridge occlusions"));
    m_maxGap->setToolTip(tr("Longest occlusion bridged from the last motion; 0 never bridges"));
    showValues();
}

void SmoothingPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
