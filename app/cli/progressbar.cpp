#include "progressbar.h"

#include <unistd.h>

ProgressBar::ProgressBar(QTextStream &stream, QString label, int total)
    : m_stream(stream)
    , m_label(std::move(label))
    , m_total(std::max(total, 1))
    , m_tty(isatty(STDERR_FILENO))
{
    m_clock.start();
}

void ProgressBar::update(int done, const QString &suffix)
{
    const qint64 now = m_clock.elapsed();
    const int percent = int(100LL * done / m_total);
    // On a terminal redraw at 10 Hz; in a log, one line per 10 %.
    if (m_tty ? now - m_lastDraw < 100 : percent / 10 == m_lastPercent / 10)
        return;
    m_lastDraw = now;
    m_lastPercent = percent;
    draw(done, suffix);
}

void ProgressBar::finish(const QString &suffix)
{
    draw(m_total, suffix);
    if (m_tty)
        m_stream << '\n';
    m_stream.flush();
}

void ProgressBar::draw(int done, const QString &suffix)
{
    constexpr int kWidth = 30;
    const double secs = m_clock.elapsed() / 1000.0;
    const double rate = secs > 0 ? done / secs : 0.0;
    const int eta = rate > 0 ? int((m_total - done) / rate) : 0;
    const int filled = kWidth * done / m_total;
    const QString bar = QString(filled, QLatin1Char('#')) + QString(kWidth - filled, QLatin1Char('.'));
    const QString line = QStringLiteral("%1 [%2] %3/%4 %5/s ETA %6:%7 %8")
                             .arg(m_label, bar)
                             .arg(done)
                             .arg(m_total)
                             .arg(rate, 0, 'f', 1)
                             .arg(eta / 60)
                             .arg(eta % 60, 2, 10, QLatin1Char('0'))
                             .arg(suffix);
    m_stream << (m_tty ? QStringLiteral("\r") + line : line + QLatin1Char('\n'));
    m_stream.flush();
}
