#include "gpupanel.h"

#include "telemetryformat.h"
#include "telemetrysampler.h"

#include <QEvent>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

using gp::GpuSample;
using gp::TelemetryBackendReport;
using gp::TelemetryFormat;
using gp::TelemetrySample;
using gp::TelemetrySampler;

GpuPanel::GpuPanel(TelemetrySampler *sampler, QWidget *parent)
    : QWidget(parent)
    , m_backend(new QLabel(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
    , m_noGpu(new QLabel(this))
    , m_host(new QLabel(this))
{
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_backend);
    layout->addWidget(m_table);
    layout->addWidget(m_noGpu);
    layout->addWidget(m_host);
    layout->addStretch(1);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    // As tall as its rows: the panel sits beside plots, and a few GPUs need a few lines.
    m_table->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_table->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Maximum);
    m_noGpu->setWordWrap(true);
    m_noGpu->hide();
    // Long backend and host lines wrap rather than set the dashboard's minimum width.
    m_backend->setWordWrap(true);
    m_host->setWordWrap(true);
    m_host->setTextInteractionFlags(Qt::TextSelectableByMouse);

    if (sampler) {
        connect(sampler, &TelemetrySampler::sampled, this, &GpuPanel::setSample);
        connect(sampler, &TelemetrySampler::backendChosen, this, &GpuPanel::setBackendReport);
        const TelemetryBackendReport report = sampler->report();
        if (!report.backend.isEmpty())
            m_report = report;
        m_sample = sampler->latest();
    }
    retranslateUi();
}

void GpuPanel::setSample(const TelemetrySample &sample)
{
    m_sample = sample;
    showSample();
    // A sample names its backend, so the label is right even without a report.
    if (!m_report || m_report->backend != sample.backend)
        showBackend();
}

void GpuPanel::setBackendReport(const TelemetryBackendReport &report)
{
    m_report = report;
    showBackend();
}

void GpuPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}

void GpuPanel::retranslateUi()
{
    m_table->setHorizontalHeaderLabels({ tr("Device"), tr("Name"), tr("Temp (edge/junction/mem)"),
        tr("Power (avg/cap)"), tr("SCLK"), tr("MCLK"), tr("Fan"), tr("VRAM%"), tr("GPU%") });
    m_table->horizontalHeaderItem(SclkColumn)->setToolTip(tr("Shader (graphics) clock"));
    m_table->horizontalHeaderItem(MclkColumn)->setToolTip(tr("Memory clock"));
    m_table->horizontalHeaderItem(BusyColumn)->setToolTip(tr("Share of the last interval the GPU was busy"));
    m_noGpu->setText(tr("No GPU figures: only the CPU and memory are shown."));
    showBackend();
    showSample();
}

void GpuPanel::showBackend()
{
    const QString id = m_report ? m_report->backend : m_sample ? m_sample->backend : QString();
    if (id.isEmpty()) {
        m_backend->setText(tr("Telemetry: starting…"));
        m_backend->setToolTip(QString());
        return;
    }
    m_backend->setText(tr("Telemetry: %1").arg(TelemetryFormat::backendTitle(id)));
    m_backend->setToolTip(
        m_report && m_report->backend == id ? TelemetryFormat::attempts(*m_report).join(QLatin1Char('\n')) : QString());
}

void GpuPanel::showSample()
{
    if (!m_sample) {
        m_table->setRowCount(0);
        m_host->setText(QString());
        return;
    }
    const std::vector<GpuSample> &gpus = m_sample->gpus;
    m_table->setRowCount(int(gpus.size()));
    for (int row = 0; row < int(gpus.size()); ++row) {
        const GpuSample &g = gpus[size_t(row)];
        const QString cells[ColumnCount] = { QString::number(g.index),
            g.name.isEmpty() ? TelemetryFormat::notAvailable() : g.name, TelemetryFormat::temperatures(g),
            TelemetryFormat::power(g), TelemetryFormat::clock(g.sclkMHz), TelemetryFormat::clock(g.mclkMHz),
            TelemetryFormat::fan(g), TelemetryFormat::vram(g), TelemetryFormat::percent(g.busyPercent) };
        for (int column = 0; column < ColumnCount; ++column) {
            // Items are kept and their text replaced, so a repaint each second does not
            // reset the view.
            QTableWidgetItem *item = m_table->item(row, column);
            if (!item) {
                item = new QTableWidgetItem;
                item->setTextAlignment(
                    column == NameColumn ? Qt::AlignLeft | Qt::AlignVCenter : Qt::AlignRight | Qt::AlignVCenter);
                m_table->setItem(row, column, item);
            }
            if (item->text() != cells[column])
                item->setText(cells[column]);
        }
    }
    // No GPU: a line says so in place of an empty table (the plots above need the height).
    m_noGpu->setVisible(gpus.empty());
    m_table->setVisible(!gpus.empty());
    m_host->setText(TelemetryFormat::host(m_sample->host));
}
