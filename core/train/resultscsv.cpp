#include "resultscsv.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>

namespace gp {

namespace {

// Where each value of a row goes, by Ultralytics' column name.
using Setter = void (*)(EpochReport &, double);

const QHash<QString, Setter> &columnSetters()
{
    static const QHash<QString, Setter> table {
        { QStringLiteral("time"), [](EpochReport &e, double v) { e.seconds = v; } },
        { QStringLiteral("train/box_loss"), [](EpochReport &e, double v) { e.trainLoss.box = v; } },
        { QStringLiteral("train/pose_loss"), [](EpochReport &e, double v) { e.trainLoss.pose = v; } },
        { QStringLiteral("train/kobj_loss"), [](EpochReport &e, double v) { e.trainLoss.kobj = v; } },
        { QStringLiteral("train/cls_loss"), [](EpochReport &e, double v) { e.trainLoss.cls = v; } },
        { QStringLiteral("train/dfl_loss"), [](EpochReport &e, double v) { e.trainLoss.dfl = v; } },
        { QStringLiteral("metrics/precision(B)"), [](EpochReport &e, double v) { e.metrics.box.precision = v; } },
        { QStringLiteral("metrics/recall(B)"), [](EpochReport &e, double v) { e.metrics.box.recall = v; } },
        { QStringLiteral("metrics/mAP50(B)"), [](EpochReport &e, double v) { e.metrics.box.map50 = v; } },
        { QStringLiteral("metrics/mAP50-95(B)"), [](EpochReport &e, double v) { e.metrics.box.map = v; } },
        { QStringLiteral("metrics/precision(P)"), [](EpochReport &e, double v) { e.metrics.pose.precision = v; } },
        { QStringLiteral("metrics/recall(P)"), [](EpochReport &e, double v) { e.metrics.pose.recall = v; } },
        { QStringLiteral("metrics/mAP50(P)"), [](EpochReport &e, double v) { e.metrics.pose.map50 = v; } },
        { QStringLiteral("metrics/mAP50-95(P)"), [](EpochReport &e, double v) { e.metrics.pose.map = v; } },
        { QStringLiteral("val/box_loss"), [](EpochReport &e, double v) { e.valLoss.box = v; } },
        { QStringLiteral("val/pose_loss"), [](EpochReport &e, double v) { e.valLoss.pose = v; } },
        { QStringLiteral("val/kobj_loss"), [](EpochReport &e, double v) { e.valLoss.kobj = v; } },
        { QStringLiteral("val/cls_loss"), [](EpochReport &e, double v) { e.valLoss.cls = v; } },
        { QStringLiteral("val/dfl_loss"), [](EpochReport &e, double v) { e.valLoss.dfl = v; } },
        { QStringLiteral("lr/pg0"), [](EpochReport &e, double v) { e.lr[0] = v; } },
        { QStringLiteral("lr/pg1"), [](EpochReport &e, double v) { e.lr[1] = v; } },
        { QStringLiteral("lr/pg2"), [](EpochReport &e, double v) { e.lr[2] = v; } },
    };
    return table;
}

} // namespace

double ResultsCsv::fitness(const EpochReport &epoch)
{
    return epoch.validated ? epoch.metrics.box.map + epoch.metrics.pose.map : -epoch.trainLoss.sum();
}

void ResultsCsv::markBest(std::vector<EpochReport> &epochs)
{
    // The trainer starts from a best fitness of -1 and improves on a strictly greater one.
    double best = -1.0;
    int without = 0;
    for (EpochReport &e : epochs) {
        const double f = fitness(e);
        e.best = f > best;
        if (e.best) {
            best = f;
            without = 0;
        } else {
            ++without;
        }
        e.epochsWithoutImprovement = without;
    }
}

ResultsCsv::Contents ResultsCsv::parse(const QString &text, const QString &fileName)
{
    Contents out;
    const QString name = QFileInfo(fileName).fileName();
    QStringList lines = text.split(QLatin1Char('\n'));
    const bool lastComplete = text.endsWith(QLatin1Char('\n'));
    if (!lines.isEmpty() && lines.last().isEmpty())
        lines.removeLast();
    if (lines.isEmpty()) {
        out.problems << tr("%1: empty; expected a header line").arg(name);
        return out;
    }
    QStringList header = lines.first().split(QLatin1Char(','));
    for (QString &h : header)
        h = h.trimmed();
    const int epochColumn = int(header.indexOf(QStringLiteral("epoch")));
    if (epochColumn < 0) {
        out.problems << tr("%1:1: no \"epoch\" column; not a results.csv").arg(name);
        return out;
    }
    std::vector<Setter> setters;
    for (const QString &h : header)
        setters.push_back(columnSetters().value(h, nullptr));
    for (int l = 1; l < lines.size(); ++l) {
        const QString line = lines[l].trimmed();
        if (line.isEmpty())
            continue;
        const bool beingWritten = l == lines.size() - 1 && !lastComplete;
        const QStringList cells = line.split(QLatin1Char(','));
        if (cells.size() != header.size()) {
            if (!beingWritten)
                out.problems << tr("%1:%2: expected %3 values, found %4; the row is skipped")
                                    .arg(name)
                                    .arg(l + 1)
                                    .arg(header.size())
                                    .arg(cells.size());
            continue;
        }
        EpochReport e;
        bool rowOk = true;
        bool anyValidation = false;
        for (int c = 0; c < cells.size() && rowOk; ++c) {
            bool ok = false;
            const double v = cells[c].trimmed().toDouble(&ok);
            if (!ok) {
                if (!beingWritten)
                    out.problems << tr("%1:%2: \"%3\" is not a number (column %4); the row is skipped")
                                        .arg(name)
                                        .arg(l + 1)
                                        .arg(cells[c].trimmed(), header[c]);
                rowOk = false;
                break;
            }
            if (c == epochColumn)
                e.epoch = int(v) - 1; // 1-based in the file
            else if (setters[size_t(c)])
                setters[size_t(c)](e, v);
            if (v != 0
                && (header[c].startsWith(QLatin1String("metrics/")) || header[c].startsWith(QLatin1String("val/"))))
                anyValidation = true;
        }
        if (!rowOk)
            continue;
        // A row of zeros in every validation column is an epoch that was not validated.
        e.validated = anyValidation;
        e.metrics.fitness = e.metrics.box.map + e.metrics.pose.map;
        out.epochs.push_back(e);
    }
    markBest(out.epochs);
    return out;
}

ResultsCsv::Contents ResultsCsv::read(const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Contents out;
        out.problems << tr("%1: cannot read: %2").arg(path, f.errorString());
        return out;
    }
    return parse(QString::fromUtf8(f.readAll()), path);
}

} // namespace gp
