#include "telemetrycsvwriter.h"

#include "telemetrycsv.h"

namespace gp {

bool TelemetryCsvWriter::open(const QString &path, QString *error)
{
    m_file.close();
    m_file.setFileName(path);
    if (!m_file.open(QIODevice::ReadWrite | QIODevice::Append)) {
        *error = tr("%1: cannot open for writing: %2").arg(path, m_file.errorString());
        return false;
    }
    if (m_file.size() == 0) {
        const QByteArray header = TelemetryCsv::header().toUtf8();
        if (m_file.write(header) != header.size() || !m_file.flush()) {
            *error = tr("%1: cannot write: %2").arg(path, m_file.errorString());
            m_file.close();
            return false;
        }
        return true;
    }
    QFile existing(path);
    const QByteArray firstLine = existing.open(QIODevice::ReadOnly) ? existing.readLine() : QByteArray();
    if (QString::fromUtf8(firstLine) != TelemetryCsv::header()) {
        *error = tr("%1: exists with other columns; not appending to it").arg(path);
        m_file.close();
        return false;
    }
    // A run killed mid-line leaves a partial last line: end it, so that it stays one bad
    // line (skipped with a message when read) instead of swallowing the next row.
    existing.seek(existing.size() - 1);
    if (existing.read(1) != "\n" && (m_file.write("\n") != 1 || !m_file.flush())) {
        *error = tr("%1: cannot write: %2").arg(path, m_file.errorString());
        m_file.close();
        return false;
    }
    return true;
}

bool TelemetryCsvWriter::append(const TelemetrySample &sample, QString *error)
{
    const QByteArray bytes = TelemetryCsv::rows(sample).toUtf8();
    if (!m_file.isOpen() || m_file.write(bytes) != bytes.size() || !m_file.flush()) {
        *error = tr("%1: cannot write: %2").arg(m_file.fileName(), m_file.errorString());
        return false;
    }
    return true;
}

} // namespace gp
