#include "plottheme.h"

#include "qcustomplot.h"

#include <QEvent>

namespace {

void styleAxis(QCPAxis *axis, const QPalette &palette)
{
    const QColor text = palette.color(QPalette::Text);
    QColor grid = text;
    grid.setAlpha(40);
    QColor subGrid = text;
    subGrid.setAlpha(18);
    axis->setBasePen(QPen(text, 1));
    axis->setTickPen(QPen(text, 1));
    axis->setSubTickPen(QPen(text, 1));
    axis->setTickLabelColor(text);
    axis->setLabelColor(text);
    axis->grid()->setPen(QPen(grid, 1, Qt::DotLine));
    axis->grid()->setSubGridPen(QPen(subGrid, 1, Qt::DotLine));
    axis->grid()->setZeroLinePen(Qt::NoPen);
}

} // namespace

void PlotTheme::install(QCustomPlot *plot)
{
    apply(plot);
    plot->installEventFilter(new PlotTheme(plot));
}

void PlotTheme::apply(QCustomPlot *plot)
{
    const QPalette palette = plot->palette();
    plot->setBackground(palette.brush(QPalette::Base));
    for (QCPAxisRect *rect : plot->axisRects()) {
        rect->setBackground(Qt::NoBrush);
        for (QCPAxis *axis : rect->axes())
            styleAxis(axis, palette);
    }
    if (plot->legend) {
        plot->legend->setTextColor(palette.color(QPalette::Text));
        plot->legend->setSelectedTextColor(palette.color(QPalette::HighlightedText));
    }
}

bool PlotTheme::eventFilter(QObject *watched, QEvent *event)
{
    auto *plot = static_cast<QCustomPlot *>(watched);
    switch (event->type()) {
    case QEvent::PaletteChange:
        apply(plot);
        plot->replot(QCustomPlot::rpQueuedReplot);
        break;
    case QEvent::Show:
    case QEvent::ScreenChangeInternal:
        if (!qFuzzyCompare(plot->bufferDevicePixelRatio(), plot->devicePixelRatioF())) {
            plot->setBufferDevicePixelRatio(plot->devicePixelRatioF());
            plot->replot(QCustomPlot::rpQueuedReplot);
        }
        break;
    default:
        break;
    }
    return false;
}
