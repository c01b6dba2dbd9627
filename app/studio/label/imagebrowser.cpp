#include "imagebrowser.h"

#include "scenario.h"

#include "backgroundjob.h"
#include "datasetconfig.h"
#include "imagefiltermodel.h"
#include "imagelistdelegate.h"
#include "pointorigins.h"
#include "project.h"
#include "reviewstate.h"
#include "scenariotagcontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QSet>
#include <QSettings>
#include <QSignalBlocker>
#include <QVBoxLayout>

#include <algorithm>

using gp::DatasetConfig;
using gp::ImageStatus;
using gp::LabelStatus;
using gp::Project;
using gp::ReviewState;
using gp::Scenarios;

namespace {
// The tag of an entry of the scenario filter (Qt::UserRole holds the kind of filter).
constexpr int kTagRole = Qt::UserRole + 1;
} // namespace

ImageBrowser::ImageBrowser(QWidget *parent)
    : QWidget(parent)
    , m_job(new BackgroundJob(this))
    , m_splitBox(new QComboBox(this))
    , m_splitLabel(new QLabel(this))
    , m_search(new QLineEdit(this))
    , m_filterBox(new QComboBox(this))
    , m_tagFilterBox(new QComboBox(this))
    , m_list(new QListView(this))
    , m_model(new ImageListModel(this))
    , m_filter(new ImageFilterModel(m_model, this))
    , m_thumbnails(new QCheckBox(this))
    , m_suggestedFirst(new QCheckBox(this))
    , m_counts(new QLabel(this))
{
    // Rows stay put while their status changes: labelling the image shown under the
    // "Unlabelled" filter must not make it vanish from under the cursor (and open another).
    m_filter->setDynamicSortFilter(false);
    m_list->setModel(m_filter);
    m_list->setItemDelegate(new ImageListDelegate(m_list));
    m_list->setUniformItemSizes(true);
    // Several images are selected to tag them at once; the current one is the one shown.
    m_list->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_counts->setWordWrap(true);
    m_splitLabel->setBuddy(m_splitBox);
    m_search->setClearButtonEnabled(true);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *splitRow = new QHBoxLayout;
    splitRow->addWidget(m_splitLabel);
    splitRow->addWidget(m_splitBox, 1);
    layout->addLayout(splitRow);
    layout->addWidget(m_search);
    layout->addWidget(m_filterBox);
    layout->addWidget(m_tagFilterBox);
    layout->addWidget(m_list, 1);
    auto *viewRow = new QHBoxLayout;
    viewRow->addWidget(m_thumbnails);
    viewRow->addWidget(m_suggestedFirst);
    viewRow->addStretch(1);
    layout->addLayout(viewRow);
    layout->addWidget(m_counts);
    m_suggestedFirst->setObjectName(QStringLiteral("suggestedFirst"));
    m_list->setObjectName(QStringLiteral("imageList"));
    m_suggestedFirst->setEnabled(false);

    connect(m_job, &BackgroundJob::finished, this, &ImageBrowser::listingFinished);
    connect(m_splitBox, &QComboBox::currentIndexChanged, this,
        [this](int) { showSplit(m_splitBox->currentData().toString()); });
    connect(m_filterBox, &QComboBox::currentIndexChanged, this, [this](int) {
        m_filter->setStatusFilter(ImageListModel::Filter(m_filterBox->currentData().toInt()));
        showFirstIfNone();
    });
    connect(m_tagFilterBox, &QComboBox::currentIndexChanged, this, [this](int) { applyTagFilter(); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setSearchText(text.trimmed());
        showFirstIfNone();
    });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this,
        [this] { Q_EMIT currentFileChanged(currentFile()); });
    connect(m_list->selectionModel(), &QItemSelectionModel::selectionChanged, this, &ImageBrowser::selectionChanged);
    // Rows that go (another split, a filter) leave the selection without selectionChanged().
    connect(m_filter, &QAbstractItemModel::modelReset, this, &ImageBrowser::selectionChanged);
    connect(m_filter, &QAbstractItemModel::layoutChanged, this, &ImageBrowser::selectionChanged);
    connect(m_filter, &QAbstractItemModel::rowsRemoved, this, &ImageBrowser::selectionChanged);
    connect(m_thumbnails, &QCheckBox::toggled, this, [this](bool on) {
        m_list->setIconSize(on ? ImageListModel::kThumbnailSize : QSize(16, 16));
        m_model->setThumbnailsShown(on);
        QSettings().setValue(QStringLiteral("label/thumbnails"), on);
    });
    m_thumbnails->setChecked(QSettings().value(QStringLiteral("label/thumbnails"), false).toBool());
    connect(m_suggestedFirst, &QCheckBox::toggled, this, [this](bool on) {
        m_filter->setSuggestedFirst(on);
        if (m_list->currentIndex().isValid())
            m_list->scrollTo(m_list->currentIndex());
    });
}

void ImageBrowser::setSuggestions(const QStringList &order)
{
    m_suggestions = order;
    QHash<QString, int> ranks;
    for (int i = 0; i < order.size(); ++i)
        ranks.insert(order[i], i);
    m_model->setSuggestedRanks(ranks);
    m_suggestedFirst->setEnabled(!order.isEmpty());
    if (m_suggestedFirst->isChecked())
        m_filter->invalidate(); // the new order
    else
        m_suggestedFirst->setChecked(!order.isEmpty());
}

ImageBrowser::~ImageBrowser() = default;

void ImageBrowser::setScenarioTags(const ScenarioTagController *tags)
{
    m_tags = tags;
    connect(tags, &ScenarioTagController::tagsChanged, this, &ImageBrowser::refreshTags);
}

void ImageBrowser::showFirstIfNone()
{
    if (!m_list->currentIndex().isValid() && m_filter->rowCount() > 0)
        m_list->setCurrentIndex(m_filter->index(0, 0));
    updateCountsLabel();
}

void ImageBrowser::setProject(std::shared_ptr<const Project> project, const ReviewState *review)
{
    m_job->stop();
    m_project = std::move(project);
    m_review = review;
    m_entries.clear();
    m_pendingSelect.clear();
    m_pendingSplits = m_project ? m_project->config().splits() : QStringList();
    fillSplitBox();
    showSplit(currentSplit());
    if (!m_pendingSplits.isEmpty())
        startListing();
    updateCountsLabel();
    Q_EMIT countsChanged();
}

bool ImageBrowser::isListing() const
{
    return m_job->isRunning();
}

bool ImageBrowser::rescan(const QStringList &splits)
{
    if (!m_project)
        return false;
    for (const QString &split : splits)
        if (m_project->config().splits().contains(split) && !m_pendingSplits.contains(split))
            m_pendingSplits << split;
    if (m_pendingSplits.isEmpty())
        return isListing();
    if (!m_job->isRunning())
        startListing();
    return true;
}

void ImageBrowser::startListing()
{
    const DatasetConfig config = m_project->config();
    const QStringList splits = m_pendingSplits;
    m_pendingSplits.clear();
    m_job->start([config, splits](const gp::CancelToken &cancel, const gp::Progress &progress) {
        Listing listing;
        int64_t before = 0; // images of the splits already read
        for (const QString &split : splits) {
            int64_t inSplit = 0;
            listing[split] = ImageStatus::scan(config, split, cancel, [&](int64_t done, int64_t total) {
                inSplit = total;
                progress.report(before + done, before + total);
            });
            before += inSplit;
        }
        return listing;
    });
    //: Shown in the status bar while a project's images and labels are read.
    Q_EMIT jobStarted(m_job, tr("Reading labels…"));
}

void ImageBrowser::listingFinished()
{
    if (m_job->wasCancelled())
        return;
    const QString selected = currentFile();
    for (const auto &[split, images] : m_job->result<Listing>()) {
        std::vector<ImageListModel::Entry> &entries = m_entries[split];
        entries.clear();
        entries.reserve(images.size());
        QStringList files;
        files.reserve(qsizetype(images.size()));
        for (const ImageStatus &image : images) {
            ImageListModel::Entry e = ImageListModel::entryOf(image);
            e.needsReview = m_review && e.status == ImageListModel::Status::Labelled && m_review->contains(e.file);
            if (e.needsReview)
                std::tie(e.toConfirm, e.doubtful)
                    = gp::PointOrigins::count(m_project->dir(), e.file, m_doubtfulThreshold);
            files << e.file;
            entries.push_back(std::move(e));
        }
        // One pass over scenarios.yaml's patterns for the whole split (tags still being
        // read arrive with tagsChanged()).
        if (m_tags && !m_tags->tags().isEmpty()) {
            const std::vector<QStringList> tags = m_tags->tags().tagsOfEach(files);
            for (size_t i = 0; i < entries.size(); ++i)
                entries[i].tags = tags[i];
        }
    }
    fillSplitBox();
    if (!selected.isEmpty() && m_model->rowOf(selected) >= 0) {
        // The same split around the same image: it stays selected and shown as it is.
        m_model->setEntries(m_entries[currentSplit()]);
        m_filter->invalidate();
        setCurrentRow(m_model->rowOf(selected));
        updateCountsLabel();
    } else {
        showSplit(currentSplit());
    }
    if (!m_pendingSelect.isEmpty() && !splitOf(m_pendingSelect).isEmpty()) {
        const QString file = m_pendingSelect;
        m_pendingSelect.clear();
        select(file);
    }
    if (!m_pendingSplits.isEmpty())
        startListing();
    Q_EMIT countsChanged();
    Q_EMIT listed();
}

QStringList ImageBrowser::splits() const
{
    return m_project ? m_project->config().splits() : QStringList();
}

QString ImageBrowser::currentSplit() const
{
    return m_splitBox->currentData().toString();
}

void ImageBrowser::setCurrentSplit(const QString &split)
{
    const int i = m_splitBox->findData(split);
    if (i >= 0)
        m_splitBox->setCurrentIndex(i);
}

int ImageBrowser::currentRow() const
{
    const QModelIndex i = m_filter->mapToSource(m_list->currentIndex());
    return i.isValid() ? i.row() : -1;
}

void ImageBrowser::setCurrentRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex shown = m_filter->mapFromSource(m_model->index(row));
    if (shown.isValid())
        m_list->setCurrentIndex(shown);
}

QString ImageBrowser::currentFile() const
{
    const int row = currentRow();
    return row >= 0 ? m_model->entry(row).file : QString();
}

QStringList ImageBrowser::selectedFiles() const
{
    std::vector<int> rows;
    for (const QModelIndex &shown : m_list->selectionModel()->selectedRows())
        rows.push_back(m_filter->mapToSource(shown).row());
    std::sort(rows.begin(), rows.end());
    QStringList out;
    out.reserve(qsizetype(rows.size()));
    for (int row : rows)
        if (row >= 0)
            out << m_model->entry(row).file;
    if (out.isEmpty() && !currentFile().isEmpty())
        out << currentFile();
    return out;
}

void ImageBrowser::selectAllShown()
{
    m_list->selectAll();
}

void ImageBrowser::refreshTags(const QStringList &files)
{
    QStringList which = files;
    if (which.isEmpty())
        for (const auto &[split, entries] : m_entries)
            for (const ImageListModel::Entry &e : entries)
                which << e.file;
    const std::vector<QStringList> tags
        = m_tags ? m_tags->tags().tagsOfEach(which) : std::vector<QStringList>(size_t(which.size()));
    QHash<QString, QStringList> byFile;
    byFile.reserve(which.size());
    for (qsizetype i = 0; i < which.size(); ++i)
        byFile.insert(which[i], tags[size_t(i)]);
    for (auto &[split, entries] : m_entries)
        for (ImageListModel::Entry &e : entries)
            if (const auto it = byFile.constFind(e.file); it != byFile.cend())
                e.tags = *it;
    m_model->setTags(byFile);
    fillTagFilterBox();
    // Rows stay put while their tags change (as for a status, see the constructor); all of
    // them read again (a new file) are filtered again.
    if (files.isEmpty() && m_filter->tagFilter() != ImageFilterModel::TagFilter::Any) {
        m_filter->invalidate();
        showFirstIfNone();
    }
    updateCountsLabel();
}

void ImageBrowser::moveSelection(int step)
{
    const int rows = m_filter->rowCount();
    if (rows == 0)
        return;
    const int at = m_list->currentIndex().isValid() ? m_list->currentIndex().row() : -step;
    const int to = std::clamp(at + step, 0, rows - 1);
    if (to != at)
        m_list->setCurrentIndex(m_filter->index(to, 0));
}

bool ImageBrowser::select(const QString &file, const QString &split)
{
    QString in = splitOf(file);
    const auto given = m_entries.find(split);
    if (given != m_entries.end())
        for (const ImageListModel::Entry &e : given->second)
            if (e.file == file)
                in = split; // a file two splits list opens where it was asked for
    if (in.isEmpty()) {
        // Not listed yet (a rescan may be reading it): selected when it is.
        if (isListing())
            m_pendingSelect = file;
        return false;
    }
    setCurrentSplit(in);
    const int row = m_model->rowOf(file);
    if (row < 0)
        return false;
    // The filters or the search may hide it: show everything.
    if (!m_filter->mapFromSource(m_model->index(row)).isValid()) {
        m_search->clear();
        m_filterBox->setCurrentIndex(m_filterBox->findData(int(ImageListModel::Filter::All)));
        m_tagFilterBox->setCurrentIndex(0);
    }
    setCurrentRow(row);
    return true;
}

ImageListModel::Entry *ImageBrowser::findEntry(const QString &file, QString *split)
{
    for (auto &[s, entries] : m_entries)
        for (ImageListModel::Entry &e : entries)
            if (e.file == file) {
                if (split)
                    *split = s;
                return &e;
            }
    return nullptr;
}

void ImageBrowser::setStatus(const QString &file, const LabelStatus &status)
{
    if (ImageListModel::Entry *e = findEntry(file)) {
        e->status = status.state;
        e->partial = status.partial;
    }
    if (const int row = m_model->rowOf(file); row >= 0)
        m_model->setStatus(row, status.state, status.partial);
    updateCountsLabel();
    Q_EMIT countsChanged();
}

void ImageBrowser::setToConfirm(const QString &file, int toConfirm, int doubtful)
{
    if (ImageListModel::Entry *e = findEntry(file)) {
        e->toConfirm = toConfirm;
        e->doubtful = doubtful;
    }
    if (const int row = m_model->rowOf(file); row >= 0)
        m_model->setToConfirm(row, toConfirm, doubtful);
}

void ImageBrowser::setNeedsReview(const QString &file, bool needsReview)
{
    if (ImageListModel::Entry *e = findEntry(file))
        e->needsReview = needsReview;
    if (const int row = m_model->rowOf(file); row >= 0)
        m_model->setNeedsReview(row, needsReview);
    updateCountsLabel();
    Q_EMIT countsChanged();
}

QStringList ImageBrowser::files(ImageListModel::Status status) const
{
    QStringList out;
    for (const auto &[split, entries] : m_entries)
        for (const ImageListModel::Entry &e : entries)
            if (e.status == status)
                out << e.file;
    return out;
}

QStringList ImageBrowser::unreviewedFiles() const
{
    // From the disk and the review state, not the list's flags: a status the list has not
    // caught up with yet must not offer a person's finished image again.
    QStringList out;
    QSet<QString> seen;
    for (const auto &[split, entries] : m_entries)
        for (const ImageListModel::Entry &e : entries) {
            const bool underReview = m_review && m_review->contains(e.file);
            if ((underReview || !QFileInfo::exists(DatasetConfig::labelFileFor(e.file))) && !seen.contains(e.file)) {
                out << e.file;
                seen.insert(e.file);
            }
        }
    return out;
}

QString ImageBrowser::splitOf(const QString &file) const
{
    for (const auto &[split, entries] : m_entries)
        for (const ImageListModel::Entry &e : entries)
            if (e.file == file)
                return split;
    return QString();
}

ImageListModel::Counts ImageBrowser::splitCounts(const QString &split) const
{
    const auto it = m_entries.find(split);
    return it == m_entries.end() ? ImageListModel::Counts() : ImageListModel::countsOf(it->second);
}

ImageListModel::Counts ImageBrowser::totalCounts() const
{
    ImageListModel::Counts c;
    for (const auto &[split, entries] : m_entries)
        c += ImageListModel::countsOf(entries);
    return c;
}

void ImageBrowser::fillSplitBox()
{
    const QString previous = currentSplit();
    {
        const QSignalBlocker block(m_splitBox);
        m_splitBox->clear();
        for (const QString &split : splits()) {
            const auto it = m_entries.find(split);
            const int n = it == m_entries.end() ? 0 : int(it->second.size());
            QString title;
            if (split == QLatin1String("train"))
                title = tr("Train (%n image(s))", nullptr, n);
            else if (split == QLatin1String("val"))
                title = tr("Val (%n image(s))", nullptr, n);
            else if (split == QLatin1String("test"))
                title = tr("Test (%n image(s))", nullptr, n);
            else
                title = QStringLiteral("%1 (%2)").arg(split).arg(n);
            m_splitBox->addItem(title, split);
        }
        const int keep = m_splitBox->findData(previous);
        m_splitBox->setCurrentIndex(keep >= 0 ? keep : 0);
    }
    m_splitBox->setEnabled(m_splitBox->count() > 0);
}

void ImageBrowser::fillFilterBox()
{
    using F = ImageListModel::Filter;
    const int keep = m_filterBox->currentIndex();
    const QSignalBlocker block(m_filterBox);
    m_filterBox->clear();
    // The list's filter: which images to show.
    m_filterBox->addItem(tr("All images"), int(F::All));
    m_filterBox->addItem(tr("Unlabelled"), int(F::Unlabelled));
    m_filterBox->addItem(tr("Partial (points absent)"), int(F::Partial));
    m_filterBox->addItem(tr("Complete"), int(F::Complete));
    m_filterBox->addItem(tr("Empty (background)"), int(F::Empty));
    m_filterBox->addItem(tr("Needs review (pre-labelled)"), int(F::NeedsReview));
    m_filterBox->setCurrentIndex(keep >= 0 ? keep : 0);
}

void ImageBrowser::fillTagFilterBox()
{
    using T = ImageFilterModel::TagFilter;
    const QSignalBlocker block(m_tagFilterBox);
    m_tagFilterBox->clear();
    //: The image list's scenario filter: which tags to show.
    m_tagFilterBox->addItem(tr("Any scenario"), int(T::Any));
    m_tagFilterBox->addItem(tr("No scenario tag"), int(T::Untagged));
    std::map<QString, int> counts;
    for (const ImageListModel::Entry &e : m_model->entries())
        for (const QString &tag : e.tags)
            ++counts[tag];
    QStringList offered = m_tags ? m_tags->offeredTags() : QStringList();
    for (const auto &[tag, n] : counts)
        if (!offered.contains(tag))
            offered << tag;
    for (const QString &tag : offered) {
        //: The scenario filter's entry for one tag: "occlusion (12)", images of the split.
        m_tagFilterBox->addItem(
            tr("%1 (%2)").arg(Scenarios::displayName(tag)).arg(counts.count(tag) ? counts.at(tag) : 0), int(T::Tagged));
        m_tagFilterBox->setItemData(m_tagFilterBox->count() - 1, tag, kTagRole);
    }
    int keep = 0;
    for (int i = 0; i < m_tagFilterBox->count(); ++i)
        if (T(m_tagFilterBox->itemData(i).toInt()) == m_filter->tagFilter()
            && m_tagFilterBox->itemData(i, kTagRole).toString() == m_filter->filterTag())
            keep = i;
    m_tagFilterBox->setCurrentIndex(keep);
    if (keep == 0 && m_filter->tagFilter() != T::Any)
        applyTagFilter(); // its tag is gone
}

void ImageBrowser::applyTagFilter()
{
    m_filter->setTagFilter(ImageFilterModel::TagFilter(m_tagFilterBox->currentData().toInt()),
        m_tagFilterBox->currentData(kTagRole).toString());
    showFirstIfNone();
}

void ImageBrowser::showSplit(const QString &split)
{
    const auto it = m_entries.find(split);
    m_model->setEntries(it == m_entries.end() ? std::vector<ImageListModel::Entry>() : it->second);
    if (m_filter->suggestedFirst())
        m_filter->invalidate(); // the suggested order, over the new rows
    fillTagFilterBox(); // the counts are the split's
    updateCountsLabel();
    if (m_model->rowCount() == 0) {
        Q_EMIT currentFileChanged(QString());
        return;
    }
    // Start on the first image that has objects, so the labels are in view.
    int first = 0;
    for (int r = 0; r < m_model->rowCount(); ++r)
        if (m_model->entry(r).status == ImageListModel::Status::Labelled) {
            first = r;
            break;
        }
    setCurrentRow(first);
    if (currentRow() < 0 && m_filter->rowCount() > 0)
        m_list->setCurrentIndex(m_filter->index(0, 0));
}

void ImageBrowser::updateCountsLabel()
{
    if (!m_project) {
        m_counts->clear();
        return;
    }
    if (isListing() && m_entries.empty()) {
        m_counts->setText(tr("Reading labels…"));
        return;
    }
    const ImageListModel::Counts c = m_model->counts();
    QString text = tr("%n image(s): %1 labelled (%2 partial), %3 empty, %4 unlabelled", nullptr, c.images)
                       .arg(c.labelled)
                       .arg(c.partial)
                       .arg(c.empty)
                       .arg(c.unlabelled);
    if (c.needsReview > 0)
        //: Images labelled by a model that a person has not checked yet.
        text += QLatin1Char('\n') + tr("%n need(s) review", nullptr, c.needsReview);
    if (m_filter->rowCount() != m_model->rowCount())
        text += QLatin1Char('\n') + tr("%n shown", nullptr, m_filter->rowCount());
    m_counts->setText(text);
}

void ImageBrowser::retranslateUi()
{
    m_splitLabel->setText(tr("&Split:"));
    m_search->setPlaceholderText(tr("Search image names"));
    m_filterBox->setToolTip(tr("Show only the images with this label status"));
    m_tagFilterBox->setToolTip(tr("Show only the images with this scenario tag (scenarios.yaml), or those with none"));
    m_thumbnails->setText(tr("T&humbnails"));
    m_suggestedFirst->setText(tr("Su&ggested first"));
    m_suggestedFirst->setToolTip(tr("The images the model suggests labelling next come first, numbered in "
                                    "order (Pre-label ▸ Suggest What to Label Next)"));
    m_list->setToolTip(tr("Green: complete · half green: some points absent · grey: empty label file (background) · "
                          "amber ring: not labelled yet · violet: labelled by a model, needs review"));
    m_model->retranslate();
    fillSplitBox();
    fillFilterBox();
    fillTagFilterBox();
    updateCountsLabel();
}
