#include "datasetissue.h"

#include <algorithm>

namespace gp {

namespace {
struct IssueTr
{
    Q_DECLARE_TR_FUNCTIONS(DatasetIssue)
};
} // namespace

QString DatasetIssue::toString() const
{
    if (line > 0)
        return QStringLiteral("%1:%2: %3").arg(file).arg(line).arg(message);
    return QStringLiteral("%1: %2").arg(file, message);
}

QString DatasetIssue::kindName(Kind kind)
{
    switch (kind) {
    case Kind::ConfigInvalid:
        return IssueTr::tr("invalid data.yaml");
    case Kind::FlipIdxInvalid:
        return IssueTr::tr("flip_idx not a permutation");
    case Kind::ColumnCount:
        return IssueTr::tr("wrong column count");
    case Kind::NotANumber:
        return IssueTr::tr("not a number");
    case Kind::CoordinateOutOfRange:
        return IssueTr::tr("coordinate outside [0, 1]");
    case Kind::UnknownClass:
        return IssueTr::tr("unknown class");
    case Kind::BadVisibility:
        return IssueTr::tr("bad visibility");
    case Kind::DuplicateLine:
        return IssueTr::tr("duplicate line");
    case Kind::ImageMissing:
        return IssueTr::tr("image missing");
    case Kind::ImageUndecodable:
        return IssueTr::tr("image does not decode");
    case Kind::UnsafePath:
        return IssueTr::tr("path escapes the image root");
    case Kind::BadReference:
        return IssueTr::tr("unknown image or category");
    case Kind::EmptyBox:
        return IssueTr::tr("box without area");
    case Kind::LabelUnreadable:
        return IssueTr::tr("label file unreadable");
    case Kind::SplitEmpty:
        return IssueTr::tr("split without images");
    case Kind::LabelsUnusable:
        return IssueTr::tr("no usable labels");
    case Kind::DuplicateEntry:
        return IssueTr::tr("duplicate id or file name");
    case Kind::ExistingFile:
        return IssueTr::tr("existing file kept");
    case Kind::NoObjects:
        return IssueTr::tr("split without objects");
    }
    return QString();
}

std::vector<DatasetIssue::Kind> DatasetIssue::allKinds()
{
    return { Kind::ConfigInvalid, Kind::FlipIdxInvalid, Kind::ColumnCount, Kind::NotANumber, Kind::CoordinateOutOfRange,
        Kind::UnknownClass, Kind::BadVisibility, Kind::DuplicateLine, Kind::ImageMissing, Kind::ImageUndecodable,
        Kind::UnsafePath, Kind::BadReference, Kind::EmptyBox, Kind::LabelUnreadable, Kind::SplitEmpty,
        Kind::LabelsUnusable, Kind::DuplicateEntry, Kind::ExistingFile, Kind::NoObjects };
}

bool DatasetIssue::isFatal(Kind kind)
{
    return kind == Kind::ConfigInvalid || kind == Kind::FlipIdxInvalid || kind == Kind::SplitEmpty
        || kind == Kind::LabelsUnusable;
}

void DatasetIssueList::appendNew(const DatasetIssueList &other)
{
    for (const DatasetIssue &i : other.issues) {
        const bool known = std::any_of(issues.begin(), issues.end(), [&](const DatasetIssue &o) {
            return o.kind == i.kind && o.file == i.file && o.line == i.line && o.message == i.message;
        });
        if (!known)
            issues.push_back(i);
    }
}

DatasetIssueList DatasetIssueList::fatal() const
{
    DatasetIssueList out;
    for (const DatasetIssue &i : issues)
        if (i.isFatal())
            out.issues.push_back(i);
    return out;
}

std::map<DatasetIssue::Kind, int> DatasetIssueList::countByKind() const
{
    std::map<DatasetIssue::Kind, int> counts;
    for (const DatasetIssue &i : issues)
        ++counts[i.kind];
    return counts;
}

int DatasetIssueList::count(DatasetIssue::Kind kind) const
{
    int n = 0;
    for (const DatasetIssue &i : issues)
        n += i.kind == kind;
    return n;
}

} // namespace gp
