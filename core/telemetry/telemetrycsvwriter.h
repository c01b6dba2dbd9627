#pragma once

#include "telemetrysample.h"

#include <QCoreApplication>
#include <QFile>

namespace gp {

// Appends samples to a telemetry.csv (see TelemetryCsv), one flushed line per GPU, so a
// run that stops or crashes keeps every sample written before.
class TelemetryCsvWriter
{
    Q_DECLARE_TR_FUNCTIONS(TelemetryCsvWriter)

public:
    // Opens `path` for appending: a new or empty file gets the header; an existing file
    // must have the same header (a resumed run continues its file), or it is refused.
    bool open(const QString &path, QString *error);
    bool isOpen() const { return m_file.isOpen(); }
    QString path() const { return m_file.fileName(); }
    bool append(const TelemetrySample &sample, QString *error);
    void close() { m_file.close(); }

private:
    QFile m_file;
};

} // namespace gp
