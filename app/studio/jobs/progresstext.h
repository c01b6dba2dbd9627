#pragma once

#include <QCoreApplication>
#include <QString>

// The words a progress display uses: "120 of 400 · about 2 min left".
class ProgressText
{
    Q_DECLARE_TR_FUNCTIONS(ProgressText)

public:
    // "45 s", "3 min 05 s", "2 h 10 min".
    static QString duration(double seconds);
    // `total` < 0: unknown; `etaSeconds` < 0: unknown.
    static QString counts(qint64 done, qint64 total, double etaSeconds);
};
