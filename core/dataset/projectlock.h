#pragma once

#include <QCoreApplication>
#include <QString>

#include <memory>

class QLockFile;

namespace gp {

// A studio's hold on the project it has open: .gripperpose/studio.lock (a QLockFile, stale only
// when its process is gone, never by age). A second studio on the same project does not get it
// and is told who has it; it opens the project all the same, since both can label safely: an
// image the other saves is shown again (ShownFileWatcher), and an edit written over the other's
// keeps that version aside (AnnotationDocument::otherVersionKept). Released when destroyed.
class ProjectLock
{
    Q_DECLARE_TR_FUNCTIONS(ProjectLock)

public:
    explicit ProjectLock(const QString &projectDir);
    ~ProjectLock();
    ProjectLock(const ProjectLock &) = delete;
    ProjectLock &operator=(const ProjectLock &) = delete;

    bool isHeld() const { return m_lock != nullptr; }
    // Who has the project when another studio does ("process 1234 on lab-pc"); else empty.
    QString otherHolder() const { return m_otherHolder; }
    // Why the lock could not be written (a read-only folder); else empty.
    QString error() const { return m_error; }

private:
    std::unique_ptr<QLockFile> m_lock;
    QString m_otherHolder;
    QString m_error;
};

} // namespace gp
