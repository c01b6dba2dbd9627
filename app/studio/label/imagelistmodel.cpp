#include "imagelistmodel.h"

#include "backgroundjob.h"

#include <QDir>
#include <QImageReader>
#include <QPainter>
#include <QPixmap>

using gp::ImageStatus;

namespace {
constexpr int kThumbnailsPerJob = 8;
} // namespace

ImageListModel::Counts &ImageListModel::Counts::operator+=(const Counts &o)
{
    images += o.images;
    labelled += o.labelled;
    empty += o.empty;
    unlabelled += o.unlabelled;
    partial += o.partial;
    needsReview += o.needsReview;
    return *this;
}

ImageListModel::ImageListModel(QObject *parent)
    : QAbstractListModel(parent)
    , m_thumbJob(new BackgroundJob(this))
{
    connect(m_thumbJob, &BackgroundJob::finished, this, &ImageListModel::thumbnailsReady);
}

ImageListModel::~ImageListModel() = default;

void ImageListModel::setThumbnailsShown(bool shown)
{
    if (shown == m_thumbnails)
        return;
    m_thumbnails = shown;
    if (!m_entries.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), { Qt::DecorationRole });
}

void ImageListModel::startThumbnailJob() const
{
    // Not isRunning(): a job that has finished but whose finished() is still queued would be
    // replaced by the next start(), and its batch lost with its signal.
    if (m_thumbJobPending || m_thumbQueue.isEmpty())
        return;
    m_thumbJobPending = true;
    const QStringList files = m_thumbQueue.mid(0, kThumbnailsPerJob);
    m_thumbQueue.remove(0, files.size());
    m_thumbJob->start([files](const gp::CancelToken &cancel, const gp::Progress &) {
        ThumbnailBatch out;
        for (const QString &file : files) {
            if (cancel.isCancelled())
                break;
            QImageReader reader(file);
            reader.setAutoTransform(true);
            const QSize size = reader.size();
            // Decoding at the small size is what makes a 4K JPEG cheap here.
            if (size.isValid())
                reader.setScaledSize(size.scaled(kThumbnailSize, Qt::KeepAspectRatio).expandedTo(QSize(1, 1)));
            QImage image = reader.read();
            if (!image.isNull() && image.size() != image.size().scaled(kThumbnailSize, Qt::KeepAspectRatio))
                image = image.scaled(kThumbnailSize, Qt::KeepAspectRatio, Qt::SmoothTransformation);
            out.emplace_back(file, std::move(image));
        }
        return out;
    });
}

void ImageListModel::thumbnailsReady()
{
    m_thumbJobPending = false;
    const auto batch = m_thumbJob->result<ThumbnailBatch>();
    for (const auto &[file, image] : batch) {
        // A file that does not decode gets an empty thumbnail: the status icon stays.
        m_thumbs.insert(file, image.isNull() ? QPixmap() : QPixmap::fromImage(image));
        const int row = rowOf(file);
        if (row >= 0)
            Q_EMIT dataChanged(index(row), index(row), { Qt::DecorationRole });
    }
    startThumbnailJob();
}

QPixmap ImageListModel::thumbnailFor(const Entry &e) const
{
    const auto it = m_thumbs.constFind(e.file);
    if (it == m_thumbs.cend()) {
        if (!m_thumbRequested.contains(e.file)) {
            m_thumbRequested.insert(e.file);
            m_thumbQueue.append(e.file);
            startThumbnailJob();
        }
        return {};
    }
    if (it->isNull())
        return {};
    QPixmap out(kThumbnailSize);
    out.fill(Qt::transparent);
    QPainter p(&out);
    const QPoint at((kThumbnailSize.width() - it->width()) / 2, (kThumbnailSize.height() - it->height()) / 2);
    p.drawPixmap(at, *it);
    p.drawPixmap(0, 0, iconFor(e).pixmap(16, 16));
    p.end();
    return out;
}

bool ImageListModel::matches(const Entry &e, Filter filter)
{
    switch (filter) {
    case Filter::All:
        return true;
    case Filter::Unlabelled:
        return e.status == Status::Unlabelled;
    case Filter::Partial:
        return e.status == Status::Labelled && e.partial;
    case Filter::Complete:
        return e.status == Status::Labelled && !e.partial;
    case Filter::Empty:
        return e.status == Status::Empty;
    case Filter::NeedsReview:
        return e.needsReview;
    }
    return true;
}

void ImageListModel::setNeedsReview(int row, bool needsReview)
{
    if (row < 0 || row >= rowCount() || m_entries[size_t(row)].needsReview == needsReview)
        return;
    m_entries[size_t(row)].needsReview = needsReview;
    Q_EMIT dataChanged(index(row), index(row));
}

void ImageListModel::setToConfirm(int row, int toConfirm, int doubtful)
{
    if (row < 0 || row >= rowCount())
        return;
    Entry &e = m_entries[size_t(row)];
    if (e.toConfirm == toConfirm && e.doubtful == doubtful)
        return;
    e.toConfirm = toConfirm;
    e.doubtful = doubtful;
    Q_EMIT dataChanged(index(row), index(row));
}

void ImageListModel::setTags(const QHash<QString, QStringList> &tagsByFile)
{
    int first = -1, last = -1;
    for (size_t i = 0; i < m_entries.size(); ++i) {
        const auto it = tagsByFile.constFind(m_entries[i].file);
        if (it == tagsByFile.cend() || *it == m_entries[i].tags)
            continue;
        m_entries[i].tags = *it;
        first = first < 0 ? int(i) : first;
        last = int(i);
    }
    if (first >= 0)
        Q_EMIT dataChanged(index(first), index(last));
}

void ImageListModel::setStatus(int row, Status status, bool partial)
{
    if (row < 0 || row >= rowCount())
        return;
    Entry &e = m_entries[size_t(row)];
    if (e.status == status && e.partial == partial)
        return;
    e.status = status;
    e.partial = partial;
    Q_EMIT dataChanged(index(row), index(row));
}

ImageListModel::Entry ImageListModel::entryOf(const ImageStatus &image)
{
    return Entry { image.file, image.displayName, image.status.state, image.status.partial, false, {} };
}

ImageListModel::Counts ImageListModel::countsOf(const std::vector<Entry> &entries)
{
    Counts c;
    for (const Entry &e : entries) {
        ++c.images;
        c.needsReview += e.needsReview;
        switch (e.status) {
        case Status::Labelled:
            ++c.labelled;
            c.partial += e.partial;
            break;
        case Status::Empty:
            ++c.empty;
            break;
        case Status::Unlabelled:
            ++c.unlabelled;
            break;
        }
    }
    return c;
}

QString ImageListModel::statusName(Status status)
{
    switch (status) {
    case Status::Labelled:
        return tr("labelled");
    case Status::Empty:
        return tr("empty (background, no objects)");
    case Status::Unlabelled:
        break;
    }
    return tr("unlabelled");
}

QString ImageListModel::statusName(const Entry &entry)
{
    if (entry.needsReview && entry.status == Status::Labelled) {
        if (entry.toConfirm > 0)
            //: Labels written by a model; %1 points a person has not confirmed yet, %2 of
            //: them the model was unsure of.
            return tr("labelled by the model, needs review: %1 points to confirm, %2 doubtful")
                .arg(entry.toConfirm)
                .arg(entry.doubtful);
        //: Labels written by a model (pre-labelling) that a person has not checked yet.
        return tr("labelled by the model, needs review");
    }
    if (entry.status == Status::Labelled)
        return entry.partial ? tr("labelled, some points absent (partial)")
                             : tr("labelled, every point placed (complete)");
    return statusName(entry.status);
}

void ImageListModel::setEntries(std::vector<Entry> entries)
{
    beginResetModel();
    m_entries = std::move(entries);
    // Thumbnails asked for but not decoded yet are asked for again when their rows show.
    for (const QString &file : std::as_const(m_thumbQueue))
        m_thumbRequested.remove(file);
    m_thumbQueue.clear();
    endResetModel();
}

void ImageListModel::setSuggestedRanks(const QHash<QString, int> &ranks)
{
    m_ranks = ranks;
    if (!m_entries.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), { Qt::DisplayRole, SuggestedRankRole });
}

int ImageListModel::rowOf(const QString &file) const
{
    for (size_t i = 0; i < m_entries.size(); ++i)
        if (m_entries[i].file == file)
            return int(i);
    return -1;
}

void ImageListModel::retranslate()
{
    if (!m_entries.empty())
        Q_EMIT dataChanged(index(0), index(rowCount() - 1), { Qt::ToolTipRole });
}

int ImageListModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_entries.size());
}

QVariant ImageListModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount())
        return {};
    const Entry &e = m_entries[size_t(index.row())];
    switch (role) {
    case Qt::DisplayRole:
        if (const int rank = suggestedRank(e.file); rank >= 0)
            //: The image list: an image's place in the suggested order, then its name.
            return tr("#%1  %2").arg(rank + 1).arg(e.displayName);
        return e.displayName;
    case Qt::ToolTipRole:
        if (!e.tags.isEmpty())
            //: The image list's tooltip: the scenario tags of an image (scenarios.yaml).
            return QStringLiteral("%1\n%2\n%3")
                .arg(QDir::toNativeSeparators(e.file), statusName(e),
                    tr("Scenarios: %1").arg(e.tags.join(QLatin1String(", "))));
        return QStringLiteral("%1\n%2").arg(QDir::toNativeSeparators(e.file), statusName(e));
    case Qt::DecorationRole:
        if (m_thumbnails) {
            const QPixmap thumb = thumbnailFor(e);
            if (!thumb.isNull())
                return thumb;
        }
        return iconFor(e);
    case FileRole:
        return e.file;
    case StatusRole:
        return int(e.status);
    case PartialRole:
        return e.partial;
    case NeedsReviewRole:
        return e.needsReview;
    case TagsRole:
        return e.tags;
    case SuggestedRankRole:
        return suggestedRank(e.file);
    default:
        return {};
    }
}

QIcon ImageListModel::iconFor(Status status) const
{
    QIcon &icon = m_icons[int(status)];
    if (!icon.isNull())
        return icon;
    // A filled green dot: labelled; a grey ring: empty; an amber ring: not labelled yet.
    QPixmap pm(16, 16);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r(3, 3, 10, 10);
    switch (status) {
    case Status::Labelled:
        p.setPen(QPen(QColor(0x1b, 0x5e, 0x20), 1));
        p.setBrush(QColor(0x43, 0xa0, 0x47));
        break;
    case Status::Empty:
        p.setPen(QPen(QColor(0x75, 0x75, 0x75), 2));
        p.setBrush(QColor(0xbd, 0xbd, 0xbd));
        break;
    case Status::Unlabelled:
        p.setPen(QPen(QColor(0xef, 0x6c, 0x00), 2));
        p.setBrush(Qt::NoBrush);
        break;
    }
    p.drawEllipse(r);
    p.end();
    icon = QIcon(pm);
    return icon;
}

QIcon ImageListModel::iconFor(const Entry &entry) const
{
    if (entry.needsReview) {
        if (!m_reviewIcon.isNull())
            return m_reviewIcon;
        // A violet dot with a white centre: labelled by the model, to be reviewed.
        QPixmap pm(16, 16);
        pm.fill(Qt::transparent);
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        p.setPen(QPen(QColor(0x4a, 0x14, 0x8c), 1));
        p.setBrush(QColor(0x8e, 0x24, 0xaa));
        p.drawEllipse(QRectF(2, 2, 12, 12));
        p.setPen(Qt::NoPen);
        p.setBrush(Qt::white);
        p.drawEllipse(QRectF(6, 6, 4, 4));
        p.end();
        m_reviewIcon = QIcon(pm);
        return m_reviewIcon;
    }
    if (entry.status != Status::Labelled || !entry.partial)
        return iconFor(entry.status);
    if (!m_partialIcon.isNull())
        return m_partialIcon;
    // Half a green dot: labelled, with points still absent.
    QPixmap pm(16, 16);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    const QRectF r(3, 3, 10, 10);
    p.setPen(Qt::NoPen);
    p.setBrush(QColor(0x43, 0xa0, 0x47));
    p.drawPie(r, 90 * 16, 180 * 16);
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(QColor(0x1b, 0x5e, 0x20), 1));
    p.drawEllipse(r);
    p.end();
    m_partialIcon = QIcon(pm);
    return m_partialIcon;
}
