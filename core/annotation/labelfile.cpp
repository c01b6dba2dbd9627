#include "labelfile.h"
#include "savefilecommit.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QSet>

#include <algorithm>
#include <cmath>
#include <set>

namespace gp {

namespace {

using Kind = DatasetIssue::Kind;

bool inUnitRange(double v)
{
    return v >= 0.0 && v <= 1.0;
}

// Coordinates are written with this many decimals (serialize()). A line is judged by the
// values it will have once written: a box narrower than that is empty, two lines that differ
// only beyond it are one object, and a 2-value keypoint at (0, 0) then is absent — so that a
// file reads the same after the app has saved it (found by fuzzing: two lines "0.300" and
// "0.3000" were two objects until saved, then one).
constexpr int kDecimals = 6;
constexpr double kScale = 1e6;

qint64 asWritten(double v)
{
    return qint64(std::llround(v * kScale));
}

} // namespace

bool LabelFile::Format::isValid() const
{
    return keypointCount > 0 && keypointCount <= kMaxKeypoints && (keypointDims == 2 || keypointDims == 3)
        && classCount >= 0;
}

std::vector<PoseInstance> LabelFile::read(const QString &labelFile, const QSize &imageSize, const Format &format,
    DatasetIssueList *issues, const QString &displayName, Outcome *outcome)
{
    Outcome local;
    Outcome &o = outcome ? *outcome : local;
    o = Outcome();
    const QString name = displayName.isEmpty() ? labelFile : displayName;
    const QFileInfo fi(labelFile);
    // A dangling symlink is a label that cannot be read, not a missing one.
    if (!fi.exists() && !fi.isSymLink())
        return {};
    o.exists = true;
    QFile f(labelFile);
    if (fi.isDir() || !f.open(QIODevice::ReadOnly)) {
        o.readable = false;
        const QString why = fi.isDir() ? tr("it is a folder, not a file") : f.errorString();
        issues->add(
            Kind::LabelUnreadable, name, 0, tr("the label file cannot be read (%1); its image is skipped").arg(why));
        return {};
    }
    return parse(f.readAll(), imageSize, format, issues, name, &o);
}

std::vector<PoseInstance> LabelFile::parse(const QByteArray &text, const QSize &imageSize, const Format &format,
    DatasetIssueList *issues, const QString &name, Outcome *outcome)
{
    Outcome local;
    Outcome &o = outcome ? *outcome : local;
    o.lines = o.rejected = 0;
    o.wrongWidths.clear();
    std::vector<PoseInstance> out;
    if (!format.isValid()) {
        // Callers validate kpt_shape first; this keeps a bad one from sizing anything here.
        issues->add(Kind::ConfigInvalid, name, 0,
            tr("kpt_shape [%1, %2] cannot describe a label line").arg(format.keypointCount).arg(format.keypointDims));
        o.rejected = 1;
        return out;
    }
    const int columns = format.columns();
    const double w = imageSize.width(), h = imageSize.height();
    std::set<std::vector<qint64>> seenObjects;
    const QList<QByteArray> lines = text.split('\n');
    for (int li = 0; li < lines.size(); ++li) {
        const int lineNo = li + 1;
        const QByteArray line = lines[li].simplified();
        if (line.isEmpty())
            continue;
        ++o.lines;
        // Counted as rejected unless the line makes it to the end of the loop body.
        ++o.rejected;
        const QByteArrayList tok = line.split(' ');
        if (tok.size() != columns) {
            o.wrongWidths.push_back(int(tok.size()));
            issues->add(Kind::ColumnCount, name, lineNo,
                tr("expected %1 columns (class, 4 box values and %2 keypoints × %3 for kpt_shape [%2, %3]), found %4")
                    .arg(columns)
                    .arg(format.keypointCount)
                    .arg(format.keypointDims)
                    .arg(tok.size()));
            continue;
        }
        std::vector<double> v(static_cast<size_t>(columns));
        int bad = -1;
        for (int i = 0; i < columns && bad < 0; ++i) {
            bool ok = false;
            v[size_t(i)] = tok[i].toDouble(&ok);
            if (!ok || !std::isfinite(v[size_t(i)]))
                bad = i;
        }
        if (bad >= 0) {
            issues->add(Kind::NotANumber, name, lineNo,
                tr("column %1 (\"%2\") is not a number").arg(bad + 1).arg(QString::fromUtf8(tok[bad])));
            continue;
        }
        const double cls = v[0];
        if (cls != std::floor(cls) || cls < 0 || cls >= format.classCount) {
            issues->add(Kind::UnknownClass, name, lineNo,
                tr("class %1 is not one of the %2 classes in names (0..%3)")
                    .arg(QString::fromUtf8(tok[0]))
                    .arg(format.classCount)
                    .arg(format.classCount - 1));
            continue;
        }
        int outOfRange = -1;
        for (int i = 1; i < columns && outOfRange < 0; ++i) {
            const bool isVisibility = format.keypointDims == 3 && i >= 5 && (i - 5) % 3 == 2;
            if (!isVisibility && !inUnitRange(v[size_t(i)]))
                outOfRange = i;
        }
        if (outOfRange >= 0) {
            const QString what = outOfRange < 5 ? tr("box value %1").arg(outOfRange)
                                                : tr("keypoint %1").arg((outOfRange - 5) / format.keypointDims);
            issues->add(Kind::CoordinateOutOfRange, name, lineNo,
                tr("%1 is %2; normalised coordinates must lie in [0, 1]").arg(what).arg(v[size_t(outOfRange)]));
            continue;
        }
        if (asWritten(v[3]) <= 0 || asWritten(v[4]) <= 0) {
            issues->add(Kind::EmptyBox, name, lineNo,
                tr("the box has no area (width %1, height %2); both must be more than 0").arg(v[3]).arg(v[4]));
            continue;
        }
        PoseInstance inst;
        inst.classId = int(cls);
        inst.box = QRectF((v[1] - v[3] / 2) * w, (v[2] - v[4] / 2) * h, v[3] * w, v[4] * h);
        bool badVis = false;
        for (int k = 0; k < format.keypointCount; ++k) {
            const size_t at = size_t(5 + k * format.keypointDims);
            Keypoint kp { v[at] * w, v[at + 1] * h, Keypoint::Visible };
            if (format.keypointDims == 3) {
                const double vis = v[at + 2];
                if (vis != 0.0 && vis != 1.0 && vis != 2.0) {
                    issues->add(Kind::BadVisibility, name, lineNo,
                        tr("keypoint %1 has visibility %2; expected 0 (absent), 1 (occluded) or 2 (visible)")
                            .arg(k)
                            .arg(QString::fromUtf8(tok[int(at + 2)])));
                    badVis = true;
                    break;
                }
                kp.visibility = int(vis);
            } else if (asWritten(v[at]) == 0 && asWritten(v[at + 1]) == 0) {
                kp.visibility = Keypoint::Absent;
            }
            inst.keypoints.push_back(kp);
        }
        if (badVis)
            continue;
        --o.rejected;
        std::vector<qint64> written(v.size());
        std::transform(v.begin(), v.end(), written.begin(), asWritten);
        if (!seenObjects.insert(std::move(written)).second) {
            issues->add(Kind::DuplicateLine, name, lineNo, tr("the same object is written twice; the copy is ignored"));
            continue;
        }
        out.push_back(std::move(inst));
    }
    return out;
}

QByteArray LabelFile::serialize(const std::vector<PoseInstance> &instances, const QSize &imageSize, int keypointDims)
{
    const double w = imageSize.width(), h = imageSize.height();
    auto num = [](double x) { return QByteArray::number(std::clamp(x, 0.0, 1.0), 'f', kDecimals); };
    QByteArray out;
    // An object written exactly as an earlier one (two objects that became the same one, as
    // far as six decimals tell) is written once: readers keep one of two identical lines
    // (ours, as DuplicateLine; Ultralytics, as duplicate labels removed), so a second line
    // would read back as nothing and make the file disagree with what was saved.
    QSet<QByteArray> written;
    for (const PoseInstance &inst : instances) {
        QByteArray line;
        const QRectF b = inst.box;
        line += QByteArray::number(inst.classId);
        for (double x : { b.center().x() / w, b.center().y() / h, b.width() / w, b.height() / h })
            line += ' ' + num(x);
        for (const Keypoint &kp : inst.keypoints) {
            // Coordinates of absent points are kept as written: nothing the user typed is dropped.
            line += ' ' + num(kp.x / w) + ' ' + num(kp.y / h);
            if (keypointDims == 3)
                line += ' ' + QByteArray::number(kp.visibility);
        }
        line += '\n';
        if (!written.contains(line)) {
            written.insert(line);
            out += line;
        }
    }
    return out;
}

QByteArray LabelFile::fingerprint(const QString &labelFile)
{
    QFile f(labelFile);
    if (!f.open(QIODevice::ReadOnly))
        return f.exists() ? QByteArrayLiteral("unreadable") : QByteArrayLiteral("absent");
    return QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1).toHex();
}

bool LabelFile::write(const QString &labelFile, const std::vector<PoseInstance> &instances, const QSize &imageSize,
    int keypointDims, QString *error)
{
    QDir().mkpath(QFileInfo(labelFile).absolutePath());
    QSaveFile f(labelFile);
    if (!f.open(QIODevice::WriteOnly) || f.write(serialize(instances, imageSize, keypointDims)) < 0
        || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(labelFile, f.errorString());
        return false;
    }
    return true;
}

} // namespace gp
