#pragma once

#include "frameimporter.h"

#include <QObject>
#include <QString>

#include <memory>

class BackgroundJob;
class QWidget;
namespace gp {
class Project;
} // namespace gp

// Takes frames of a video into a split of the project, to be labelled: asks for the video
// and N, then runs FrameImporter in the background behind a progress dialog (cancellable).
class FrameImportController : public QObject
{
    Q_OBJECT

public:
    // Dialogs open over `window`.
    explicit FrameImportController(QWidget *window);
    ~FrameImportController() override;

    void setProject(std::shared_ptr<const gp::Project> project);
    bool isRunning() const;

    // Asks for a video and N, then imports every N-th frame into `split`.
    void importInteractive(const QString &split);
    // Imports in the background; finished() follows.
    void import(const QString &video, const QString &split, int everyNth);

Q_SIGNALS:
    void finished(const QString &split, const gp::FrameImporter::Result &result);

private:
    QWidget *m_window;
    std::shared_ptr<const gp::Project> m_project;
    QString m_split;
    BackgroundJob *m_job;
};
