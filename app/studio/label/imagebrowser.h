#pragma once

#include "backgroundjob.h"
#include "imagelistmodel.h"
#include "labelstatus.h"

#include <QStringList>
#include <QWidget>

#include <map>
#include <memory>
#include <vector>

class ImageFilterModel;
class ScenarioTagController;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
namespace gp {
class Project;
class ReviewState;
} // namespace gp

// The Label workspace's list of images: the project's splits, each image with its label
// status and scenario tags, searched and filtered (by status and by tag), with counts. The
// statuses come from the label cache on a background job (LabelStatus::scan), so a project
// of tens of thousands of images opens without stalling the window; the list fills when
// they are read. Several images can be selected (Ctrl/Shift+click, Ctrl+A) to tag them
// together; the image shown is the current one.
class ImageBrowser : public QWidget
{
    Q_OBJECT

public:
    explicit ImageBrowser(QWidget *parent = nullptr);
    ~ImageBrowser() override;

    // Lists the project's images in the background; `review` (owned by the caller, may be
    // null) tells which images need review.
    void setProject(std::shared_ptr<const gp::Project> project, const gp::ReviewState *review);
    // Where the images' scenario tags come from (owned by the caller); the list follows its
    // changes by itself.
    void setScenarioTags(const ScenarioTagController *tags);
    // The listing is still being read.
    bool isListing() const;

    QStringList splits() const;
    QString currentSplit() const;
    void setCurrentSplit(const QString &split);
    // Rows of model() (all images of the split, whatever the filter shows).
    int currentRow() const;
    void setCurrentRow(int row);
    QString currentFile() const;
    // The selected images, in list order; the current one when none is selected.
    QStringList selectedFiles() const;
    // Selects every image the filter and the search show.
    void selectAllShown();
    void moveSelection(int step);
    // Selects `file` (in `split`, or wherever it is), showing it even if the filter or
    // the search hides it. False when it is not listed.
    bool select(const QString &file, const QString &split = QString());
    // Reads these splits again in the background (after images were added); listed() follows.
    // False when there is nothing to read.
    bool rescan(const QStringList &splits);
    // Updates one image after its labels changed.
    void setStatus(const QString &file, const gp::LabelStatus &status);
    void setNeedsReview(const QString &file, bool needsReview);
    // The image's unconfirmed and doubtful points (the review's state), shown in the list.
    void setToConfirm(const QString &file, int toConfirm, int doubtful);
    // Listed images a person has not reviewed (not labelled, or a model's labels under
    // review), split by split in list order.
    QStringList unreviewedFiles() const;
    // The images to label next, the first first (LabelSuggester): numbered in the list, which
    // shows them first (→ then follows the suggestions) until "Suggested first" is unticked.
    void setSuggestions(const QStringList &order);
    QStringList suggestions() const { return m_suggestions; }
    // The confidence below which a listed image's proposals count as doubtful.
    void setDoubtfulThreshold(double threshold) { m_doubtfulThreshold = threshold; }

    // Listed images with this status, over all splits.
    QStringList files(ImageListModel::Status status) const;
    // The split that lists `file` (empty when none does).
    QString splitOf(const QString &file) const;
    ImageListModel::Counts totalCounts() const;
    ImageListModel::Counts splitCounts(const QString &split) const;

    QListView *list() const { return m_list; }
    ImageListModel *model() const { return m_model; }
    ImageFilterModel *filter() const { return m_filter; }
    QComboBox *splitBox() const { return m_splitBox; }
    QComboBox *statusFilterBox() const { return m_filterBox; }
    QComboBox *tagFilterBox() const { return m_tagFilterBox; }
    QLineEdit *searchEdit() const { return m_search; }
    QCheckBox *thumbnailsBox() const { return m_thumbnails; }
    BackgroundJob *listingJob() const { return m_job; }

    void retranslateUi();

Q_SIGNALS:
    // The selected image changed (empty: none).
    void currentFileChanged(const QString &file);
    // Which images are selected changed (see selectedFiles()).
    void selectionChanged();
    void countsChanged();
    // A listing (the whole project, or a rescan) was read and is shown.
    void listed();
    // A background job started that the window may show in its status bar.
    void jobStarted(BackgroundJob *job, const QString &label);

private:
    using Listing = std::map<QString, std::vector<gp::ImageStatus>>;

    void startListing();
    void listingFinished();
    void fillSplitBox();
    void fillFilterBox();
    void fillTagFilterBox();
    void applyTagFilter();
    // Reads these files' tags again (empty: every listed file's).
    void refreshTags(const QStringList &files);
    void showFirstIfNone();
    void showSplit(const QString &split);
    void updateCountsLabel();
    ImageListModel::Entry *findEntry(const QString &file, QString *split = nullptr);

    std::shared_ptr<const gp::Project> m_project;
    double m_doubtfulThreshold = 0.5;
    const gp::ReviewState *m_review = nullptr;
    const ScenarioTagController *m_tags = nullptr;
    std::map<QString, std::vector<ImageListModel::Entry>> m_entries; // by split
    QStringList m_pendingSplits; // to list once the running job is done
    QString m_pendingSelect; // a file to select once it is listed

    BackgroundJob *m_job;
    QComboBox *m_splitBox;
    QLabel *m_splitLabel;
    QLineEdit *m_search;
    QComboBox *m_filterBox;
    QComboBox *m_tagFilterBox;
    QListView *m_list;
    ImageListModel *m_model;
    ImageFilterModel *m_filter;
    QCheckBox *m_thumbnails;
    QCheckBox *m_suggestedFirst;
    QStringList m_suggestions;
    QLabel *m_counts;
};
