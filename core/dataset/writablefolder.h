#pragma once

#include <QCoreApplication>
#include <QString>

namespace gp {

// Creating an output folder (a run, a prediction folder) with a message that says why it
// failed in words: the part of the path that is a file, or the folder that is read-only.
class WritableFolder
{
    Q_DECLARE_TR_FUNCTIONS(WritableFolder)

public:
    // Creates `dir` and its parents; false with *error when it cannot be created or written to.
    static bool make(const QString &dir, QString *error);
    // Why `dir` cannot be created or written to, for a message; empty when it can.
    static QString problem(const QString &dir);
};

} // namespace gp
