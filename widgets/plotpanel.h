#pragma once

#include "traininghistory.h"

#include <QColor>
#include <QElapsedTimer>
#include <QPointer>
#include <QVector>
#include <QWidget>

#include <vector>

class QCPGraph;
class QCPItemText;
class QCPItemTracer;
class QCPRange;
class QCustomPlot;
class FlowLayout;
class QLabel;
class QTimer;
class QToolButton;

// A training plot with the dashboard's controls: zoom and pan with the mouse (wheel, drag;
// "Fit" returns to the automatic view), a read-out of the point nearest the cursor, a log
// scale, "ignore outliers" (the y range follows the 2nd to 98th percentile of what is
// shown, so one diverged batch does not flatten the curve), and export as PNG or CSV.
// Subclasses fill the graphs from the live run's history and the runs it is compared with
// in rebuild(). Redraws are throttled: scheduleRebuild() may be called for every batch,
// the plot is updated and drawn at most once per kMinRedrawIntervalMs; when the history only
// gained batches, subclasses add just those (extend()).
class PlotPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kMinRedrawIntervalMs = 250;
    static constexpr int kDefaultLegendRows = 2;
    static constexpr QSize kMinimumPlotSize { 120, 60 };

    explicit PlotPanel(QWidget *parent = nullptr);
    ~PlotPanel() override;

    // The run being trained or watched (not owned; it must outlive the panel or be reset).
    void setHistory(const gp::TrainingHistory *history);
    const gp::TrainingHistory *history() const { return m_history; }
    // Runs overlaid for comparison, each drawn in its own colour.
    void setComparison(std::vector<gp::TrainingHistory> runs);
    const std::vector<gp::TrainingHistory> &comparison() const { return m_comparison; }
    static QColor runColor(int index);

    QCustomPlot *plot() const { return m_plot; }
    bool isLogScale() const { return m_logScale; }
    bool ignoresOutliers() const { return m_ignoreOutliers; }
    // False while the user has zoomed or panned; fitView() makes it true again.
    bool isAutoRange() const { return m_autoRange; }
    int redrawCount() const { return m_redraws; }
    // A throttled redraw waits at least this long after it is asked for: plots asked by the
    // same event (an epoch's end) then draw in different passes of the event loop, which
    // answers input between them, instead of in one long one.
    void setRedrawDelay(int ms) { m_redrawDelayMs = ms; }

    // The visible graphs' points as CSV: series,x,y (every point of a series, also where the
    // plot draws fewer).
    QString csv() const;
    bool exportCsv(const QString &file, QString *error) const;
    bool exportPng(const QString &file, QString *error);
    // The read-out for a position on the plot (widget pixels): the nearest point of a visible
    // graph within a few pixels; empty when none.
    QString readoutAt(const QPointF &pos);
    QLabel *readoutLabel() const { return m_readout; }
    // Every graph with at least one point, by name (tests and the comparison check use it).
    QCPGraph *graph(const QString &name) const;

public Q_SLOTS:
    void scheduleRebuild();
    // Rebuilds every graph from the history now.
    void rebuildNow();
    // Brings the plot up to date now, as the throttled redraw does: only the new batches when
    // that is all that changed (extend()), else a rebuild.
    void updateNow();
    void setLogScale(bool on);
    void setIgnoreOutliers(bool on);
    void fitView();
    void exportPngDialog();
    void exportCsvDialog();

Q_SIGNALS:
    void redrawn();
    void xRangeChanged(double lower, double upper);

protected:
    // Fills the graphs (clearPlot() first); the base then fits the axes and draws.
    virtual void rebuild() = 0;
    // Adds to the graphs what the history gained since they were built, its batches from
    // `from` on (nothing else changed: the same history, its earlier batches as they were),
    // without clearing them, so a redraw late in a long run does not redo every batch. False
    // when the subclass cannot; then everything is rebuilt.
    virtual bool extend(size_t from);
    // The x range the automatic view shows; by default all data.
    virtual bool automaticXRange(double *lower, double *upper) const;
    virtual void retranslateUi();
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    // The user zoomed or panned along x, or "Fit" brought back the automatic view.
    virtual void viewChanged();
    // Every point of a graph that is drawn with fewer (the CSV export takes these); false
    // when the graph's data is all of it.
    virtual bool fullSeries(const QCPGraph *graph, QVector<double> *x, QVector<double> *y) const;
    // The legend (below the plot) fills columns of this many entries.
    void setLegendRows(int rows);

    void clearPlot();
    QCPGraph *addLine(const QString &name, const QColor &color, Qt::PenStyle style = Qt::SolidLine, double width = 1.6);
    QCPGraph *addPoints(const QString &name, const QColor &color, double size = 2.5);
    // Marks an x position with a vertical line and a label (the best epoch); `brief` is the
    // label where the whole text has no room.
    void addMarker(double x, const QString &text, const QString &brief, const QColor &color);
    void addToolWidget(QWidget *widget);
    void setAxisLabels(const QString &x, const QString &y);

    // Whether the history is the one the graphs were last built or extended from and only
    // gained batches since (not set again, not a new or resumed run): a rebuild for another
    // reason (a toggle, the window) may then keep what it derived from the earlier batches.
    bool historyOnlyGrew() const;

private:
    void noteBuilt();
    void onMouseMove(QMouseEvent *event);
    void fitAxes();
    void fitLegend();
    void fitToAxisRect();
    // Skips markers of line graphs that would lie closer than twice their size on an axis
    // rect `width` pixels wide.
    void thinMarkers(int width);
    void draw();
    // Every x and y of the visible graphs inside [xLower, xUpper].
    std::vector<double> visibleValues(double xLower, double xUpper) const;

    const gp::TrainingHistory *m_history = nullptr;
    std::vector<gp::TrainingHistory> m_comparison;
    QCustomPlot *m_plot;
    FlowLayout *m_tools;
    QToolButton *m_logButton;
    QToolButton *m_outlierButton;
    QToolButton *m_fitButton;
    QToolButton *m_pngButton;
    QToolButton *m_csvButton;
    QLabel *m_readout;
    QCPItemTracer *m_tracer = nullptr;
    QTimer *m_throttle;
    QElapsedTimer m_sinceRedraw;
    bool m_pending = false;
    // What the graphs were last built from: a change other than new batches rebuilds all.
    bool m_needRebuild = true;
    const gp::TrainingHistory *m_builtHistory = nullptr;
    bool m_historySet = true; // setHistory() since the last build
    size_t m_builtBatches = 0;
    quint64 m_builtCuts = 0;
    bool m_logScale = false;
    bool m_ignoreOutliers = false;
    bool m_autoRange = true;
    bool m_settingRange = false;
    int m_redraws = 0;
    int m_redrawDelayMs = 0;
    int m_legendRows = kDefaultLegendRows;
    struct Marker
    {
        QPointer<QCPItemText> label;
        double x = 0;
        QString text;
        QString brief;
    };
    std::vector<Marker> m_markers;
};
