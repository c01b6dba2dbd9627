#pragma once

#include <QObject>

class QCustomPlot;

// Keeps a QCustomPlot readable wherever it is shown: its background, axes, tick labels,
// grid and legend take the widget's palette (a dark desktop gets a dark plot, not a white
// box), and its drawing buffer follows the device pixel ratio of the screen it is on
// (QCustomPlot reads the ratio once, when it is built, so a plot moved to a 2× screen would
// otherwise be drawn at 1× and scaled up, blurred). Install once per plot; it follows palette
// and screen changes by itself and redraws.
class PlotTheme : public QObject
{
    Q_OBJECT

public:
    static void install(QCustomPlot *plot);
    // The palette's colours on the plot's elements (without a redraw).
    static void apply(QCustomPlot *plot);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    using QObject::QObject;
};
