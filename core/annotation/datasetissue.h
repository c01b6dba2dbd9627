#pragma once

#include <QCoreApplication>
#include <QString>

#include <map>
#include <vector>

namespace gp {

// One problem found in a user's input: which file, which line (0 when the problem is
// about the whole file) and what was expected. Problems with one image or one label line
// are counted and the image is skipped; the fatal kinds (see isFatal) make the whole
// dataset unusable, and training and validation refuse to start on them.
struct DatasetIssue
{
    enum class Kind {
        ConfigInvalid, // data.yaml unreadable or a key missing / malformed
        FlipIdxInvalid, // flip_idx is not a permutation of 0..K-1
        ColumnCount, // label line width disagrees with kpt_shape
        NotANumber, // a field does not parse as a number
        CoordinateOutOfRange, // a normalised coordinate outside [0, 1]
        UnknownClass, // class id not in names
        BadVisibility, // visibility not 0, 1 or 2
        DuplicateLine, // the same object written twice
        ImageMissing, // a label file whose image does not exist
        ImageUndecodable, // an image that does not decode
        UnsafePath, // a path (COCO file_name) escaping the image root
        BadReference, // a COCO annotation referring to an unknown image / category
        EmptyBox, // a box of zero width or height
        LabelUnreadable, // a label file that exists but cannot be read (a folder, no permission)
        SplitEmpty, // a split with no usable image
        LabelsUnusable, // a split whose label lines all fail (kpt_shape disagrees with the labels, ...)
        DuplicateEntry, // a COCO image id or file name used twice
        ExistingFile, // a file an import would overwrite, left alone
        NoObjects, // a val/test split without one labelled object: its metrics would all be zero
    };

    Kind kind = Kind::ConfigInvalid;
    QString file;
    int line = 0;
    QString message;

    // "file:line: message", the form compilers use, so editors can jump to it.
    QString toString() const;
    static QString kindName(Kind kind);
    static std::vector<Kind> allKinds();
    // Kinds that make the dataset as a whole unusable: data.yaml problems, a split without
    // images, labels none of which can be used.
    static bool isFatal(Kind kind);
    bool isFatal() const { return isFatal(kind); }
};

// The issues of a whole scan plus a count per kind.
struct DatasetIssueList
{
    std::vector<DatasetIssue> issues;

    void add(DatasetIssue::Kind kind, const QString &file, int line, const QString &message)
    {
        issues.push_back({ kind, file, line, message });
    }
    void append(const DatasetIssueList &other)
    {
        issues.insert(issues.end(), other.issues.begin(), other.issues.end());
    }
    // Appends the issues of `other` that this list does not hold yet (two passes over the
    // same data.yaml find the same problems).
    void appendNew(const DatasetIssueList &other);
    // The fatal issues, in order.
    DatasetIssueList fatal() const;
    bool isEmpty() const { return issues.empty(); }
    size_t size() const { return issues.size(); }
    std::map<DatasetIssue::Kind, int> countByKind() const;
    int count(DatasetIssue::Kind kind) const;
};

} // namespace gp
