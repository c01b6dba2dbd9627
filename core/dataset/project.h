#pragma once

#include "datasetconfig.h"
#include "skeleton.h"

#include <QCoreApplication>
#include <QString>

#include <optional>

namespace gp {

// A GripperPose project: a folder holding data.yaml (the Ultralytics dataset), the
// skeleton (skeleton.json) and the training runs (runs/).
class Project
{
    Q_DECLARE_TR_FUNCTIONS(Project)

public:
    // Opens an existing project folder (or the folder of a data.yaml). A missing
    // skeleton.json falls back to the default gripper skeleton.
    static std::optional<Project> open(const QString &dirOrYaml, QString *error);
    // Creates an empty project with the given skeleton.
    static std::optional<Project> create(const QString &dir, const Skeleton &skeleton, QString *error);
    static bool isProject(const QString &dir);
    // The skeleton.json beside a data.yaml, or the default gripper skeleton when there is
    // none or it does not load.
    static Skeleton skeletonForDataset(const QString &dataYaml);

    QString dir() const { return m_dir; }
    QString name() const;
    QString dataYaml() const;
    QString skeletonFile() const;
    QString runsDir() const;
    const DatasetConfig &config() const { return m_config; }
    const Skeleton &skeleton() const { return m_skeleton; }
    // Problems found while opening (invalid keys in data.yaml, ...).
    const DatasetIssueList &issues() const { return m_issues; }

private:
    QString m_dir;
    DatasetConfig m_config;
    Skeleton m_skeleton;
    DatasetIssueList m_issues;
};

} // namespace gp
