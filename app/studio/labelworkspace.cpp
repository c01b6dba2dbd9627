#include "labelworkspace.h"

#include "imageview.h"
#include "project.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QImageReader>
#include <QLabel>
#include <QListView>
#include <QPainter>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace {

QIcon sideSwatch(const QColor &color)
{
    QPixmap pm(12, 12);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing);
    p.setPen(QPen(color.darker(160), 1));
    p.setBrush(color);
    p.drawEllipse(QRectF(1.5, 1.5, 9, 9));
    return QIcon(pm);
}

} // namespace

LabelWorkspace::LabelWorkspace(QWidget *parent)
    : QWidget(parent)
    , m_splitBox(new QComboBox(this))
    , m_splitLabel(new QLabel(this))
    , m_list(new QListView(this))
    , m_model(new ImageListModel(this))
    , m_counts(new QLabel(this))
    , m_view(new ImageView(Skeleton::defaultGripper(), this))
    , m_pointsTitle(new QLabel(this))
    , m_showNumbers(new QCheckBox(this))
    , m_points(new QTreeWidget(this))
    , m_info(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_next(new QAction(this))
    , m_previous(new QAction(this))
{
    m_list->setModel(m_model);
    m_list->setUniformItemSizes(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_counts->setWordWrap(true);
    m_splitLabel->setBuddy(m_splitBox);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *splitRow = new QHBoxLayout;
    splitRow->addWidget(m_splitLabel);
    splitRow->addWidget(m_splitBox, 1);
    leftLayout->addLayout(splitRow);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(m_counts);

    m_points->setRootIsDecorated(false);
    m_points->setUniformRowHeights(true);
    m_points->setSelectionMode(QAbstractItemView::SingleSelection);
    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setWordWrap(true);
    m_hint->setEnabled(false);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_pointsTitle);
    rightLayout->addWidget(m_points, 1);
    rightLayout->addWidget(m_showNumbers);
    rightLayout->addWidget(m_info);
    rightLayout->addWidget(m_hint);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_view);
    splitter->addWidget(right);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    splitter->setSizes({240, 900, 300});
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    m_next->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown)});
    m_previous->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    for (QAction *a : {m_next, m_previous}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    connect(m_next, &QAction::triggered, this, &LabelWorkspace::nextImage);
    connect(m_previous, &QAction::triggered, this, &LabelWorkspace::previousImage);

    connect(m_splitBox, &QComboBox::currentIndexChanged, this,
            [this](int) { showSplit(m_splitBox->currentData().toString()); });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { requestLoad(); });
    connect(&m_loader, &QFutureWatcher<Loaded>::finished, this, &LabelWorkspace::loadFinished);
    connect(m_showNumbers, &QCheckBox::toggled, m_view, &ImageView::setShowKeypointNumbers);
    connect(m_points, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem *item) {
        m_view->setHighlightedKeypoint(item ? m_points->indexOfTopLevelItem(item) : -1);
    });

    retranslateUi();
}

LabelWorkspace::~LabelWorkspace()
{
    m_loader.waitForFinished();
}

void LabelWorkspace::setProject(std::shared_ptr<const Project> project)
{
    m_project = std::move(project);
    m_entries.clear();
    m_shownFile.clear();
    m_current = Loaded();
    m_view->clear();
    if (m_project) {
        m_view->setSkeleton(m_project->skeleton());
        for (const QString &split : m_project->config().splits())
            m_entries[split] = ImageListModel::scan(m_project->config(), split);
    }
    fillSplitBox();
    showSplit(currentSplit());
    updatePointTable();
    updateInfo();
    Q_EMIT countsChanged();
}

QStringList LabelWorkspace::splits() const
{
    return m_project ? m_project->config().splits() : QStringList();
}

QString LabelWorkspace::currentSplit() const
{
    return m_splitBox->currentData().toString();
}

void LabelWorkspace::setCurrentSplit(const QString &split)
{
    const int i = m_splitBox->findData(split);
    if (i >= 0)
        m_splitBox->setCurrentIndex(i);
}

int LabelWorkspace::currentRow() const
{
    return m_list->currentIndex().isValid() ? m_list->currentIndex().row() : -1;
}

void LabelWorkspace::setCurrentRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    m_list->setCurrentIndex(m_model->index(row));
}

void LabelWorkspace::nextImage()
{
    setCurrentRow(currentRow() + 1);
}

void LabelWorkspace::previousImage()
{
    setCurrentRow(std::max(0, currentRow() - 1));
}

bool LabelWorkspace::isBusy() const
{
    return m_loader.isRunning();
}

ImageListModel::Counts LabelWorkspace::splitCounts(const QString &split) const
{
    const auto it = m_entries.find(split);
    return it == m_entries.end() ? ImageListModel::Counts() : ImageListModel::countsOf(it->second);
}

ImageListModel::Counts LabelWorkspace::totalCounts() const
{
    ImageListModel::Counts c;
    for (const auto &[split, entries] : m_entries)
        c += ImageListModel::countsOf(entries);
    return c;
}

void LabelWorkspace::fillSplitBox()
{
    const QString previous = currentSplit();
    {
        const QSignalBlocker block(m_splitBox);
        m_splitBox->clear();
        for (const QString &split : splits()) {
            const int n = int(m_entries[split].size());
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

void LabelWorkspace::showSplit(const QString &split)
{
    const auto it = m_entries.find(split);
    m_model->setEntries(it == m_entries.end() ? std::vector<ImageListModel::Entry>() : it->second);
    updateCountsLabel();
    if (m_model->rowCount() > 0) {
        // Start on the first image that has objects, so the labels are in view.
        int first = 0;
        for (int r = 0; r < m_model->rowCount(); ++r)
            if (m_model->entry(r).status == ImageListModel::Status::Labelled) {
                first = r;
                break;
            }
        setCurrentRow(first);
    } else {
        m_view->clear();
        m_shownFile.clear();
        m_current = Loaded();
        updatePointTable();
        updateInfo();
    }
}

void LabelWorkspace::requestLoad()
{
    if (!m_project || currentRow() < 0)
        return;
    const QString file = m_model->entry(currentRow()).file;
    if (m_loader.isRunning()) {
        // loadFinished() picks the newest selection up; nothing queues behind it.
        return;
    }
    m_loadingFile = file;
    const DatasetConfig config = m_project->config();
    m_loader.setFuture(QtConcurrent::run([config, file] {
        Loaded l;
        l.file = file;
        QImageReader reader(file);
        reader.setAutoTransform(true);
        l.image = reader.read();
        if (l.image.isNull())
            l.issues.add(DatasetIssue::Kind::ImageUndecodable, config.displayName(file), 0,
                         LabelWorkspace::tr("the image does not decode: %1").arg(reader.errorString()));
        l.annotation = config.loadAnnotation(file, &l.issues);
        return l;
    }));
}

void LabelWorkspace::loadFinished()
{
    const Loaded loaded = m_loader.future().result();
    const QString wanted = currentRow() >= 0 ? m_model->entry(currentRow()).file : QString();
    if (loaded.file != wanted) {
        requestLoad(); // the selection moved on while this one decoded
        return;
    }
    showLoaded(loaded);
}

void LabelWorkspace::showLoaded(const Loaded &loaded)
{
    m_current = loaded;
    m_shownFile = loaded.file;
    m_view->setImage(loaded.image);
    m_view->setAnnotation(loaded.annotation);
    QStringList captions;
    for (size_t i = 0; i < loaded.annotation.instances.size(); ++i)
        captions << QString::number(i + 1);
    m_view->setInstanceCaptions(captions);
    updatePointTable();
    updateInfo();
    Q_EMIT imageShown(loaded.file);
}

void LabelWorkspace::updatePointTable()
{
    const int highlighted = m_points->currentItem() ? m_points->indexOfTopLevelItem(m_points->currentItem()) : -1;
    const Skeleton &skeleton = m_view->skeleton();
    const auto &instances = m_current.annotation.instances;
    QStringList headers{tr("#"), tr("Point")};
    for (size_t i = 0; i < instances.size(); ++i)
        headers << tr("Object %1").arg(i + 1);
    const QSignalBlocker block(m_points);
    m_points->clear();
    m_points->setColumnCount(int(headers.size()));
    m_points->setHeaderLabels(headers);
    for (int k = 0; k < skeleton.keypointCount(); ++k) {
        const Skeleton::Point &pt = skeleton.points()[size_t(k)];
        auto *item = new QTreeWidgetItem(m_points);
        item->setText(0, QString::number(k));
        item->setText(1, pt.name);
        item->setIcon(1, sideSwatch(skeleton.pointColor(k)));
        item->setToolTip(1, tr("%1 (%2 side)").arg(pt.name, Skeleton::sideName(pt.side)));
        for (size_t i = 0; i < instances.size(); ++i) {
            const auto &kps = instances[i].keypoints;
            const int v = size_t(k) < kps.size() ? kps[size_t(k)].visibility : int(Keypoint::Absent);
            const QString text = v == Keypoint::Visible ? tr("visible") : v == Keypoint::Occluded ? tr("occluded") : tr("absent");
            item->setText(int(i) + 2, text);
            if (v == Keypoint::Absent)
                item->setForeground(int(i) + 2, palette().color(QPalette::Disabled, QPalette::Text));
        }
    }
    m_points->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    if (highlighted >= 0 && highlighted < m_points->topLevelItemCount())
        m_points->setCurrentItem(m_points->topLevelItem(highlighted));
}

void LabelWorkspace::updateInfo()
{
    if (!m_project) {
        m_info->setText(tr("No project is open. Use File ▸ Open Project… or File ▸ New Project…"));
        m_view->setPlaceholderText(tr("No project is open."));
        return;
    }
    m_view->setPlaceholderText(m_model->rowCount() == 0 ? tr("This split has no images.") : tr("Loading…"));
    if (m_shownFile.isEmpty()) {
        m_info->clear();
        return;
    }
    const auto &a = m_current.annotation;
    QString text = tr("<b>%1</b><br>%2 × %3 pixels, %n object(s)", nullptr, int(a.instances.size()))
                       .arg(QFileInfo(m_shownFile).fileName().toHtmlEscaped())
                       .arg(a.imageSize.width())
                       .arg(a.imageSize.height());
    const int row = m_model->rowOf(m_shownFile);
    if (row >= 0)
        text += QStringLiteral("<br>") + ImageListModel::statusName(m_model->entry(row).status).toHtmlEscaped();
    for (const DatasetIssue &issue : m_current.issues.issues)
        text += QStringLiteral("<br><span style=\"color:#c62828\">%1</span>").arg(issue.toString().toHtmlEscaped());
    m_info->setText(text);
}

void LabelWorkspace::updateCountsLabel()
{
    if (!m_project) {
        m_counts->clear();
        return;
    }
    const ImageListModel::Counts c = m_model->counts();
    m_counts->setText(tr("%n image(s): %1 labelled, %2 empty, %3 unlabelled", nullptr, c.images)
                          .arg(c.labelled)
                          .arg(c.empty)
                          .arg(c.unlabelled));
}

void LabelWorkspace::retranslateUi()
{
    m_splitLabel->setText(tr("&Split:"));
    m_pointsTitle->setText(tr("Skeleton points"));
    m_showNumbers->setText(tr("Show point &numbers"));
    m_next->setText(tr("Next Image"));
    m_previous->setText(tr("Previous Image"));
    m_hint->setText(tr("→ / ← next and previous image · wheel: zoom · drag: pan · double-click: fit"));
    m_list->setToolTip(tr("Green: labelled · grey: empty label file (background) · amber ring: not labelled yet"));
    m_model->retranslate();
    fillSplitBox();
    updateCountsLabel();
    updatePointTable();
    updateInfo();
}

void LabelWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
