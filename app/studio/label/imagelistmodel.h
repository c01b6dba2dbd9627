#pragma once

#include "labelstatus.h"

#include <QAbstractListModel>
#include <QHash>
#include <QIcon>
#include <QImage>
#include <QPixmap>
#include <QSet>
#include <QStringList>

#include <utility>

#include <vector>

class BackgroundJob;

// The images of one split with their label status, for the Label workspace's list.
class ImageListModel : public QAbstractListModel
{
    Q_OBJECT

public:
    using Status = gp::LabelStatus::State;
    struct Entry
    {
        QString file; // absolute path
        QString displayName; // relative to the split's image folder
        Status status = Status::Unlabelled;
        // Labelled only: some object has a point not labelled (v=0), so it may be unfinished.
        bool partial = false;
        // Labelled by a model (pre-labelling) and not reviewed by a person yet.
        bool needsReview = false;
        // Of its points, how many a person has not confirmed yet and how many of those the
        // model was not sure of (PointOrigins); shown while it needs review.
        int toConfirm = 0;
        int doubtful = 0;
        // Its scenario tags (scenarios.yaml), sorted.
        QStringList tags;
    };
    struct Counts
    {
        int images = 0, labelled = 0, empty = 0, unlabelled = 0;
        int partial = 0; // of the labelled ones
        int needsReview = 0;
        Counts &operator+=(const Counts &o);
    };
    enum Role { FileRole = Qt::UserRole + 1, StatusRole, PartialRole, NeedsReviewRole, TagsRole, SuggestedRankRole };
    // What the list's filter offers.
    enum class Filter { All, Unlabelled, Partial, Complete, Empty, NeedsReview };

    static constexpr QSize kThumbnailSize { 96, 54 };

    explicit ImageListModel(QObject *parent = nullptr);
    ~ImageListModel() override;

    // A row for an image of ImageStatus::scan().
    static Entry entryOf(const gp::ImageStatus &image);
    static bool matches(const Entry &entry, Filter filter);
    static Counts countsOf(const std::vector<Entry> &entries);
    static QString statusName(Status status);
    static QString statusName(const Entry &entry);
    // Updates one image's status (after its labels were saved).
    void setStatus(int row, Status status, bool partial);
    void setNeedsReview(int row, bool needsReview);
    void setToConfirm(int row, int toConfirm, int doubtful);
    // The scenario tags of the rows whose files are keys.
    void setTags(const QHash<QString, QStringList> &tagsByFile);
    // Where each suggested image comes in the order to label them (0 first; LabelSuggestions),
    // over all splits; shown before its name. Kept when the entries change.
    void setSuggestedRanks(const QHash<QString, int> &ranks);
    // -1 when not suggested.
    int suggestedRank(const QString &file) const { return m_ranks.value(file, -1); }
    bool hasSuggestions() const { return !m_ranks.isEmpty(); }

    void setEntries(std::vector<Entry> entries);
    const std::vector<Entry> &entries() const { return m_entries; }
    const Entry &entry(int row) const { return m_entries.at(size_t(row)); }
    int rowOf(const QString &file) const;
    Counts counts() const { return countsOf(m_entries); }
    // Re-reads the translated texts (after a language change).
    void retranslate();
    // Thumbnails (kThumbnailSize, with the status dot in a corner) instead of status icons.
    // They are decoded off the GUI thread as rows are shown; until then the icon stands in.
    void setThumbnailsShown(bool shown);
    bool thumbnailsShown() const { return m_thumbnails; }
    bool hasThumbnail(const QString &file) const { return m_thumbs.contains(file); }

    int rowCount(const QModelIndex &parent = QModelIndex()) const override;
    QVariant data(const QModelIndex &index, int role) const override;

private:
    QIcon iconFor(Status status) const;

    std::vector<Entry> m_entries;
    QHash<QString, int> m_ranks;
    QIcon iconFor(const Entry &entry) const;
    QPixmap thumbnailFor(const Entry &entry) const;
    void startThumbnailJob() const;
    void thumbnailsReady();

    using ThumbnailBatch = std::vector<std::pair<QString, QImage>>;

    mutable QIcon m_icons[3];
    mutable QIcon m_partialIcon;
    mutable QIcon m_reviewIcon;
    bool m_thumbnails = false;
    QHash<QString, QPixmap> m_thumbs;
    mutable QStringList m_thumbQueue;
    mutable QSet<QString> m_thumbRequested;
    mutable bool m_thumbJobPending = false;
    BackgroundJob *m_thumbJob;
};
