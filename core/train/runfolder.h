#pragma once

#include <QCoreApplication>
#include <QString>

#include <functional>
#include <memory>

class QLockFile;

namespace gp {

// The files of one training run that must agree with each other after a kill at any
// instant: weights/last.ckpt, weights/best.ckpt and the epoch each belongs to.
//
// An epoch is saved in this order, each step atomic (temporary file + rename):
//   1. the best weights (when the epoch is the best so far) to weights/best.next.ckpt,
//   2. weights/last.ckpt, which records the best fitness and so names that epoch's best,
//   3. best.next.ckpt renamed to best.ckpt.
// A kill before 2 leaves the previous last and best, which agree; a kill between 2 and 3
// leaves a last whose best is best.next: recover() finishes the rename when the two carry
// the same epoch and removes best.next otherwise. Partial temporary files of a killed write
// are removed too.
//
// The run folder is locked (QLockFile, `.train.lock`) while a process trains into it, so a
// second process cannot write into a running run; a lock left by a killed process is stale
// (its PID is gone) and taken over.
class RunFolder
{
    Q_DECLARE_TR_FUNCTIONS(RunFolder)

public:
    // GRIPPERPOSE_FAILPOINT=N makes the process kill itself (SIGKILL) at the N-th call of
    // failpoint(): the reliability tests kill a run between every two file operations of a
    // save and resume it.
    static constexpr const char *kFailpointVariable = "GRIPPERPOSE_FAILPOINT";

    explicit RunFolder(const QString &dir);
    ~RunFolder();
    RunFolder(const RunFolder &) = delete;
    RunFolder &operator=(const RunFolder &) = delete;

    QString dir() const { return m_dir; }
    QString lastPath() const;
    QString bestPath() const;
    QString pendingBestPath() const;
    QString lockPath() const;

    // Takes the run's lock for the life of this object; false with a message naming the
    // process that holds it.
    bool lock(QString *error);

    // Settles a save a kill interrupted (see above). `epochOf` reads the epoch a checkpoint
    // belongs to (-1 when unreadable). `resuming`: false for a fresh run, which keeps no
    // pending best of an earlier one. Returns what it did, for the log (empty: nothing).
    QString recover(bool resuming, const std::function<int(const QString &)> &epochOf);

    // Step 3 of a save.
    bool promotePendingBest(QString *error);

    // The paths a finished run may name: those that exist, else empty.
    static QString existing(const QString &path);

    // A kill point for the tests (see kFailpointVariable); does nothing unless set.
    void failpoint();

private:
    QString m_dir;
    std::unique_ptr<QLockFile> m_lock;
    int m_failAt = 0; // 0: never
    int m_failpoints = 0;
};

} // namespace gp
