#pragma once

#include <QElapsedTimer>
#include <QString>
#include <QTextStream>

// A one-line progress bar on a terminal: `label [#####.....] done/total rate/s ETA m:ss`.
// Redraws at most 10 times a second; prints plain lines when not on a terminal.
class ProgressBar
{
public:
    ProgressBar(QTextStream &stream, QString label, int total);
    void update(int done, const QString &suffix = QString());
    void finish(const QString &suffix = QString());

private:
    void draw(int done, const QString &suffix);

    QTextStream &m_stream;
    QString m_label;
    int m_total;
    bool m_tty;
    int m_lastPercent = -1;
    QElapsedTimer m_clock;
    qint64 m_lastDraw = -1000;
};
