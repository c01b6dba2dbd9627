#include "progresstext.h"

#include <cmath>

QString ProgressText::duration(double seconds)
{
    const qint64 s = qint64(std::llround(std::max(0.0, seconds)));
    if (s < 60)
        //: A duration in seconds.
        return tr("%1 s").arg(s);
    if (s < 3600)
        //: A duration in minutes and seconds.
        return tr("%1 min %2 s").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    //: A duration in hours and minutes.
    return tr("%1 h %2 min").arg(s / 3600).arg((s % 3600) / 60, 2, 10, QLatin1Char('0'));
}

QString ProgressText::counts(qint64 done, qint64 total, double etaSeconds)
{
    QString text = total >= 0 ? tr("%1 of %2").arg(done).arg(total) : QString::number(done);
    if (etaSeconds >= 0)
        //: Progress: the counts, then the time left, e.g. "120 of 400 · about 2 min left".
        text = tr("%1 · about %2 left").arg(text, duration(etaSeconds));
    return text;
}
