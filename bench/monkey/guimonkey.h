#pragma once

#include "poseinstance.h"
#include "stallsampler.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QString>
#include <QStringList>
#include <QTimer>

#include <functional>
#include <map>
#include <memory>
#include <random>
#include <vector>

class MainWindow;

// A person using the studio at random, to find what no scripted test does: it fires random but
// valid user actions from a seeded generator at the real main window, through Qt Test's mouse and
// key events (switch workspaces and images; place, drag, delete and undo points; mark occluded;
// tag scenarios; start, stop and resume a short training run; scrub a video, change its
// smoothing, analyse it with the run's newest checkpoint and export it, send a frame to Label;
// open another project and come back), and after every action
// checks what must always hold:
// - the labels on disk are the labels shown, once saved (to the written precision);
// - no label file it touched is half-written (every line parses);
// - an undo restores the image as it was before the edit it undoes;
// - no modal dialog is left open;
// - the GUI thread never works more than kMaxStallMs on end (its own CPU time, so that a busy
//   machine does not pass for a stall; the monkey's own checks are not counted).
// A failure names the seed and the actions up to it, enough to replay them.
class GuiMonkey : public QObject
{
    Q_OBJECT

public:
    static constexpr double kMaxStallMs = 200.0;

    struct Options
    {
        quint32 seed = 1;
        int actions = 300;
        // Include the training actions: a run of `trainingEpochs` small epochs (imgsz 64) on
        // the project, started, stopped, resumed or extended at random.
        bool training = true;
        int trainingEpochs = 1;
        // The soak: a run is kept training all along (started, or resumed, whenever none is),
        // and never stopped at random.
        bool trainingThroughout = false;
        // A second project opened and left now and then; empty: none.
        QString otherProject;
        // A file to which every label save is appended as it lands ("<label file>\t<SHA-1 of
        // its bytes>", synced to disk): what a kill test checks the project against.
        QString journal;
        // A stretch over kMaxStallMs breaks the run; the soak instead reports it with its stack
        // and goes on, so that hours of the other invariants are not cut short by one.
        bool stallBreaksRun = true;
        // Only the video's actions: open, scrub, analyse with the run's newest checkpoint, export
        // (a kill test's phase that kills during analyses and exports).
        bool videoOnly = false;
        // Called after every action (the soak samples memory here).
        std::function<void(int action)> afterAction;
    };

    GuiMonkey(MainWindow *window, const QString &project, Options options);

    // Runs the actions; false at the first broken invariant, with the report in *failure.
    bool run(QString *failure);
    // The invariants now (empty when they hold), and the event loop let run for `ms` with the
    // GUI thread's work measured: for tests that the checks catch what they are for.
    QString checkNow() { return check(); }
    void idle(int ms) { settle(ms); }
    const QStringList &actionLog() const { return m_log; }
    double longestStallMs() const { return m_longestStall; }
    // The GUI thread's stack, sampled during the longest stretch past half the limit (empty
    // when none came near it).
    QStringList longestStallStacks() const { return m_sampler->longestStacks(); }
    const QString &longestStallWhere() const { return m_stallWhere; }
    int actionsDone() const { return m_done; }
    std::map<QString, int> actionCounts() const { return m_counts; }

private:
    struct Action
    {
        QString name;
        int weight;
        std::function<void()> run;
    };

    // The actions.
    void switchWorkspace();
    void nextImage(int step);
    void clickListRow();
    void placePoint();
    void dragPoint();
    void pointKey(Qt::Key key);
    void undo();
    void redo();
    void newObject();
    void toggleTag();
    void startTraining();
    void stopTraining();
    void resumeTraining();
    void scrubVideo();
    void stepVideo();
    void changeSmoothing();
    void sendFrameToLabel();
    void analyseVideo();
    void exportVideo();
    void openOtherProjectAndBack();

    // Helpers.
    bool showLabel();
    int randomInt(int lo, int hi);
    // A labelled point of the image shown (instance, keypoint), or {-1, -1}.
    std::pair<int, int> randomLabelledPoint();
    QPointF viewPointOf(int instance, int keypoint) const;
    // Sends one input event (or a few) and measures the GUI thread's CPU time for it.
    void timed(const std::function<void()> &input);
    void settle(int ms);
    void startMeter();
    void stopMeter();
    void stretchEnded(double spentMs);
    void noteSnapshotBeforeEdit();
    void journalSave(const QString &labelFile);
    // "event\t<what>" in the journal, synced: a kill test knows what was under way.
    void journalEvent(const QString &what);
    // Waits (the event loop running) while `busy` holds, at most `ms`.
    void waitWhile(const std::function<bool()> &busy, int ms);
    bool showVideo();

    // The invariants; empty when all hold.
    QString check();
    QString checkLabelsOnDisk() const;
    QString checkTouchedFiles() const;

    MainWindow *m_window;
    QString m_project;
    Options m_options;
    std::mt19937 m_rng;
    QStringList m_log;
    std::map<QString, int> m_counts;
    int m_done = 0;
    // GUI-thread CPU time, measured between 5 ms ticks while the monkey waits.
    QTimer m_tick;
    double m_lastCpuMs = 0;
    bool m_metering = false;
    double m_longestStall = 0;
    QString m_stallWhere;
    std::unique_ptr<StallSampler> m_sampler;
    // Undo: the image's instances before each edit, by the undo index the edit started at.
    QString m_snapshotFile;
    std::map<int, std::vector<gp::PoseInstance>> m_beforeEdit;
    QString m_undoViolation;
    QStringList m_touchedFiles;
};
