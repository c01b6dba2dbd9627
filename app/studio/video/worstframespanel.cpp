#include "worstframespanel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QVBoxLayout>

using gp::QualitySeries;
using gp::WorstFrames;

WorstFramesPanel::WorstFramesPanel(QWidget *parent)
    : QWidget(parent)
    , m_criterion(new QComboBox(this))
    , m_threshold(new QDoubleSpinBox(this))
    , m_countLabel(new QLabel(this))
    , m_n(new QSpinBox(this))
    , m_spread(new QCheckBox(this))
    , m_list(new QListWidget(this))
    , m_split(new QComboBox(this))
    , m_send(new QPushButton(this))
    , m_criterionLabel(new QLabel(this))
    , m_thresholdLabel(new QLabel(this))
    , m_nLabel(new QLabel(this))
    , m_splitLabel(new QLabel(this))
{
    for (WorstFrames::Criterion c : WorstFrames::all())
        m_criterion->addItem(QString(), int(c));
    m_threshold->setDecimals(2);
    m_threshold->setRange(0.0, 10000.0);
    m_n->setRange(1, 1000);
    m_n->setValue(20);
    m_spread->setChecked(true);
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    // Split names are the dataset's folder names: not translated.
    m_split->addItems({ QStringLiteral("train"), QStringLiteral("val") });

    auto *form = new QFormLayout;
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(m_criterionLabel, m_criterion);
    auto *thresholdRow = new QHBoxLayout;
    thresholdRow->addWidget(m_threshold, 1);
    thresholdRow->addWidget(m_countLabel);
    form->addRow(m_thresholdLabel, thresholdRow);
    auto *nRow = new QHBoxLayout;
    nRow->addWidget(m_n);
    nRow->addWidget(m_spread, 1);
    form->addRow(m_nLabel, nRow);
    auto *sendRow = new QHBoxLayout;
    sendRow->addWidget(m_splitLabel);
    sendRow->addWidget(m_split);
    sendRow->addWidget(m_send, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(form);
    layout->addWidget(m_list, 1);
    layout->addLayout(sendRow);

    connect(m_criterion, &QComboBox::currentIndexChanged, this, &WorstFramesPanel::criterionChanged);
    connect(m_threshold, &QDoubleSpinBox::valueChanged, this, &WorstFramesPanel::refresh);
    connect(m_n, &QSpinBox::valueChanged, this, &WorstFramesPanel::refresh);
    connect(m_spread, &QCheckBox::toggled, this, &WorstFramesPanel::refresh);
    connect(m_list, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row < int(m_frames.size()))
            Q_EMIT frameActivated(int(m_frames[size_t(row)]));
    });
    connect(m_list, &QListWidget::itemClicked, this, [this](QListWidgetItem *item) {
        const int row = m_list->row(item);
        if (row >= 0 && row < int(m_frames.size()))
            Q_EMIT frameActivated(int(m_frames[size_t(row)]));
    });
    connect(m_send, &QPushButton::clicked, this, [this] {
        const std::vector<qint64> frames = framesToSend();
        if (!frames.empty())
            Q_EMIT sendRequested(frames, split());
    });
    criterionChanged();
    retranslateUi();
}

void WorstFramesPanel::setSeries(const QualitySeries *series)
{
    m_series = series;
    refresh();
}

WorstFrames::Criterion WorstFramesPanel::criterion() const
{
    return WorstFrames::Criterion(m_criterion->currentData().toInt());
}

void WorstFramesPanel::setCriterion(WorstFrames::Criterion criterion)
{
    m_criterion->setCurrentIndex(m_criterion->findData(int(criterion)));
}

double WorstFramesPanel::threshold() const
{
    return m_threshold->value();
}

void WorstFramesPanel::setThreshold(double threshold)
{
    m_threshold->setValue(threshold);
}

void WorstFramesPanel::setCount(int n)
{
    m_n->setValue(n);
}

void WorstFramesPanel::setSpread(bool spread)
{
    m_spread->setChecked(spread);
}

QString WorstFramesPanel::split() const
{
    return m_split->currentText();
}

std::vector<qint64> WorstFramesPanel::framesToSend() const
{
    std::vector<qint64> out;
    for (int row = 0; row < m_list->count(); ++row)
        if (m_list->item(row)->isSelected() && row < int(m_frames.size()))
            out.push_back(m_frames[size_t(row)]);
    return out.empty() ? m_frames : out;
}

void WorstFramesPanel::criterionChanged()
{
    const WorstFrames::Criterion c = criterion();
    const QSignalBlocker block(m_threshold);
    const bool confidence = c == WorstFrames::Criterion::LowConfidence;
    m_threshold->setSingleStep(confidence ? 0.05 : 1.0);
    m_threshold->setMaximum(confidence ? 1.0 : 10000.0);
    m_threshold->setValue(WorstFrames::defaultThreshold(c));
    m_threshold->setEnabled(c != WorstFrames::Criterion::TrackSwitch);
    m_threshold->setSuffix(WorstFrames::unit(c).isEmpty() ? QString() : QLatin1Char(' ') + WorstFrames::unit(c));
    refresh();
}

void WorstFramesPanel::refresh()
{
    m_list->clear();
    m_frames.clear();
    m_selectedCount = 0;
    if (!m_series || m_series->frameCount() == 0) {
        m_countLabel->setText(tr("no analysis"));
        m_send->setEnabled(false);
        return;
    }
    const WorstFrames::Criterion c = criterion();
    m_selectedCount = WorstFrames::count(*m_series, c, threshold());
    m_countLabel->setText(tr("%n frame(s) selected", nullptr, int(m_selectedCount)));
    const QString unit = WorstFrames::unit(c);
    for (const WorstFrames::Entry &e :
        WorstFrames::rank(*m_series, c, threshold(), m_n->value(), m_spread->isChecked())) {
        m_frames.push_back(e.frame);
        const QString value = c == WorstFrames::Criterion::TrackSwitch ? tr("track started or ended")
            : unit.isEmpty()                                           ? QString::number(e.value, 'f', 2)
                             : QStringLiteral("%1 %2").arg(e.value, 0, 'f', 1).arg(unit);
        m_list->addItem(tr("Frame %1 · %2").arg(e.frame).arg(value));
    }
    m_send->setEnabled(!m_frames.empty());
}

void WorstFramesPanel::retranslateUi()
{
    for (int i = 0; i < m_criterion->count(); ++i)
        m_criterion->setItemText(i, WorstFrames::name(WorstFrames::Criterion(m_criterion->itemData(i).toInt())));
    m_criterionLabel->setText(tr("Criterion"));
    m_thresholdLabel->setText(tr("Threshold"));
    m_threshold->setToolTip(tr("Frames with a confidence below, or a jump, jitter or swap above this value count"));
    m_nLabel->setText(tr("Show"));
    m_spread->setText(tr("Spread over the video"));
    m_spread->setToolTip(tr("Pick frames far apart rather than the worst neighbours of one bad moment"));
    m_splitLabel->setText(tr("Split"));
    m_send->setText(tr("Send Frames to Labelling"));
    m_send->setToolTip(tr("Writes the selected frames (all listed when none is selected) into the split with the "
                          "predictions as labels, marked \"needs review\"; existing images are never overwritten"));
    refresh();
}

void WorstFramesPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
