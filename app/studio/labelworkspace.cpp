#include "labelworkspace.h"

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "checkspanel.h"
#include "hotkeydialog.h"
#include "imagefiltermodel.h"
#include "pointspanel.h"
#include "project.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImageReader>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QListView>
#include <QListWidget>
#include <QProgressDialog>
#include <QTimer>
#include <QSettings>
#include <QSignalBlocker>
#include <QSplitter>
#include <QTabWidget>
#include <QMenu>
#include <QToolBar>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoStack>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

LabelWorkspace::LabelWorkspace(QWidget *parent)
    : QWidget(parent)
    , m_document(new AnnotationDocument(Skeleton::defaultGripper(), this))
    , m_splitBox(new QComboBox(this))
    , m_splitLabel(new QLabel(this))
    , m_search(new QLineEdit(this))
    , m_filterBox(new QComboBox(this))
    , m_list(new QListView(this))
    , m_model(new ImageListModel(this))
    , m_filter(new ImageFilterModel(m_model, this))
    , m_counts(new QLabel(this))
    , m_toolBar(new QToolBar(this))
    , m_canvas(new AnnotationCanvas(m_document, Skeleton::defaultGripper(), this))
    , m_pointsPanel(new PointsPanel(m_document, m_canvas, this))
    , m_thumbnails(new QCheckBox(this))
    , m_sideTabs(new QTabWidget(this))
    , m_checks(new ChecksPanel(this))
    , m_info(new QLabel(this))
    , m_hint(new QLabel(this))
    , m_next(new QAction(this))
    , m_previous(new QAction(this))
    , m_undo(new QAction(this))
    , m_redo(new QAction(this))
    , m_newObject(new QAction(this))
    , m_deleteObject(new QAction(this))
    , m_swap(new QAction(this))
    , m_copyPrevious(new QAction(this))
    , m_fit(new QAction(this))
    , m_actualSize(new QAction(this))
    , m_shortcuts(new QAction(this))
    , m_importFrames(new QAction(this))
    , m_prelabelImage(new QAction(this))
    , m_prelabelAll(new QAction(this))
    , m_accept(new QAction(this))
    , m_reject(new QAction(this))
    , m_prelabelButton(new QToolButton(this))
    , m_reviewBar(new QWidget(this))
    , m_reviewText(new QLabel(this))
{
    HotkeyDialog::loadBindings(m_canvas);
    // Rows stay put while their status changes: labelling the image shown under the
    // "Unlabelled" filter must not make it vanish from under the cursor (and open another).
    m_filter->setDynamicSortFilter(false);
    m_list->setModel(m_filter);
    m_list->setUniformItemSizes(true);
    m_list->setSelectionMode(QAbstractItemView::SingleSelection);
    m_list->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_counts->setWordWrap(true);
    m_splitLabel->setBuddy(m_splitBox);
    m_search->setClearButtonEnabled(true);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    auto *splitRow = new QHBoxLayout;
    splitRow->addWidget(m_splitLabel);
    splitRow->addWidget(m_splitBox, 1);
    leftLayout->addLayout(splitRow);
    leftLayout->addWidget(m_search);
    leftLayout->addWidget(m_filterBox);
    leftLayout->addWidget(m_list, 1);
    leftLayout->addWidget(m_thumbnails);
    leftLayout->addWidget(m_counts);

    m_toolBar->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_toolBar->setIconSize(QSize(16, 16));
    for (QAction *a : {m_undo, m_redo})
        m_toolBar->addAction(a);
    m_toolBar->addSeparator();
    for (QAction *a : {m_newObject, m_deleteObject, m_swap, m_copyPrevious})
        m_toolBar->addAction(a);
    m_toolBar->addSeparator();
    for (QAction *a : {m_fit, m_actualSize})
        m_toolBar->addAction(a);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_importFrames);
    m_toolBar->addSeparator();
    // One button: a click pre-labels this image, its menu all unlabelled ones.
    auto *prelabelMenu = new QMenu(this);
    prelabelMenu->addAction(m_prelabelImage);
    prelabelMenu->addAction(m_prelabelAll);
    m_prelabelButton->setMenu(prelabelMenu);
    m_prelabelButton->setPopupMode(QToolButton::InstantPopup);
    m_prelabelButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_prelabelButton->setAutoRaise(true);
    m_toolBar->addWidget(m_prelabelButton);
    m_toolBar->addSeparator();
    m_toolBar->addAction(m_shortcuts);

    auto *centre = new QWidget(this);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(2);
    centreLayout->addWidget(m_toolBar);
    // Shown while the image's labels were written by a model and not reviewed yet.
    m_reviewBar->setAutoFillBackground(true);
    QPalette reviewPalette = m_reviewBar->palette();
    reviewPalette.setColor(QPalette::Window, QColor(0xf3, 0xe5, 0xf5));
    reviewPalette.setColor(QPalette::WindowText, QColor(0x4a, 0x14, 0x8c));
    m_reviewBar->setPalette(reviewPalette);
    auto *reviewLayout = new QHBoxLayout(m_reviewBar);
    reviewLayout->setContentsMargins(6, 3, 6, 3);
    reviewLayout->addWidget(m_reviewText, 1);
    auto *acceptButton = new QToolButton(m_reviewBar);
    acceptButton->setDefaultAction(m_accept);
    acceptButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    auto *rejectButton = new QToolButton(m_reviewBar);
    rejectButton->setDefaultAction(m_reject);
    rejectButton->setToolButtonStyle(Qt::ToolButtonTextOnly);
    reviewLayout->addWidget(acceptButton);
    reviewLayout->addWidget(rejectButton);
    m_reviewBar->hide();
    centreLayout->addWidget(m_reviewBar);
    centreLayout->addWidget(m_canvas, 1);

    m_info->setWordWrap(true);
    m_info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_hint->setWordWrap(true);
    m_hint->setEnabled(false);

    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_pointsPanel, 1);
    rightLayout->addWidget(m_info);
    rightLayout->addWidget(m_hint);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(centre);
    m_sideTabs->addTab(right, QString());
    m_sideTabs->addTab(m_checks, QString());
    m_sideTabs->setDocumentMode(true);
    splitter->addWidget(m_sideTabs);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    splitter->setSizes({230, 900, 330});
    splitter->setChildrenCollapsible(false);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    m_next->setShortcuts({QKeySequence(Qt::Key_Right), QKeySequence(Qt::Key_PageDown)});
    m_previous->setShortcuts({QKeySequence(Qt::Key_Left), QKeySequence(Qt::Key_PageUp)});
    m_shortcuts->setShortcuts({QKeySequence(Qt::Key_F1), QKeySequence(Qt::Key_Question)});
    m_copyPrevious->setShortcut(QKeySequence(Qt::Key_C));
    m_accept->setShortcut(QKeySequence(Qt::Key_A));
    // A modifier: rejecting deletes the model's labels.
    m_reject->setShortcut(QKeySequence(Qt::SHIFT | Qt::Key_R));
    for (QAction *a : {m_next, m_previous, m_shortcuts, m_copyPrevious, m_accept, m_reject}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    // With the focus elsewhere in the workspace (the list, the panels) the canvas's keys for
    // these still work; on the canvas the canvas takes them first.
    for (QAction *a : {m_undo, m_redo, m_newObject, m_deleteObject, m_swap, m_fit, m_actualSize}) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        addAction(a);
    }
    connect(m_next, &QAction::triggered, this, &LabelWorkspace::nextImage);
    connect(m_previous, &QAction::triggered, this, &LabelWorkspace::previousImage);
    connect(m_shortcuts, &QAction::triggered, this, &LabelWorkspace::showShortcuts);
    // The canvas's own keys do these; the buttons are for the mouse.
    connect(m_undo, &QAction::triggered, m_document->undoStack(), &QUndoStack::undo);
    connect(m_redo, &QAction::triggered, m_document->undoStack(), &QUndoStack::redo);
    connect(m_newObject, &QAction::triggered, this, [this] { m_canvas->trigger(AnnotationCanvas::Action::NewInstance); });
    connect(m_deleteObject, &QAction::triggered, this,
            [this] { m_canvas->trigger(AnnotationCanvas::Action::DeleteInstance); });
    connect(m_swap, &QAction::triggered, this, [this] { m_canvas->trigger(AnnotationCanvas::Action::SwapLeftRight); });
    connect(m_copyPrevious, &QAction::triggered, this, &LabelWorkspace::copyPreviousObjects);
    connect(m_importFrames, &QAction::triggered, this, &LabelWorkspace::importFramesInteractive);
    connect(&m_importer, &QFutureWatcher<FrameImporter::Result>::finished, this, &LabelWorkspace::importFinished);
    connect(m_prelabelImage, &QAction::triggered, this, &LabelWorkspace::prelabelCurrent);
    connect(m_prelabelAll, &QAction::triggered, this, &LabelWorkspace::prelabelUnlabelled);
    connect(m_accept, &QAction::triggered, this, &LabelWorkspace::acceptReview);
    connect(m_reject, &QAction::triggered, this, &LabelWorkspace::rejectReview);
    connect(&m_prelabeller, &QFutureWatcher<PreLabeller::Result>::finished, this, &LabelWorkspace::prelabelDone);
    connect(m_fit, &QAction::triggered, m_canvas, &ImageView::fitToWindow);
    connect(m_actualSize, &QAction::triggered, m_canvas, &ImageView::zoomToActualSize);
    connect(m_document->undoStack(), &QUndoStack::canUndoChanged, this, &LabelWorkspace::updateActions);
    connect(m_document->undoStack(), &QUndoStack::canRedoChanged, this, &LabelWorkspace::updateActions);

    connect(m_splitBox, &QComboBox::currentIndexChanged, this,
            [this](int) { showSplit(m_splitBox->currentData().toString()); });
    connect(m_filterBox, &QComboBox::currentIndexChanged, this, [this](int) {
        m_filter->setStatusFilter(ImageListModel::Filter(m_filterBox->currentData().toInt()));
        if (!m_list->currentIndex().isValid() && m_filter->rowCount() > 0)
            m_list->setCurrentIndex(m_filter->index(0, 0));
        updateCountsLabel();
    });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_filter->setSearchText(text.trimmed());
        if (!m_list->currentIndex().isValid() && m_filter->rowCount() > 0)
            m_list->setCurrentIndex(m_filter->index(0, 0));
        updateCountsLabel();
    });
    connect(m_list->selectionModel(), &QItemSelectionModel::currentChanged, this, [this] { requestLoad(); });
    connect(&m_loader, &QFutureWatcher<Loaded>::finished, this, &LabelWorkspace::loadFinished);
    connect(m_thumbnails, &QCheckBox::toggled, this, [this](bool on) {
        m_list->setIconSize(on ? ImageListModel::kThumbnailSize : QSize(16, 16));
        m_model->setThumbnailsShown(on);
        QSettings().setValue(QStringLiteral("label/thumbnails"), on);
    });
    m_thumbnails->setChecked(QSettings().value(QStringLiteral("label/thumbnails"), false).toBool());
    connect(m_document, &AnnotationDocument::changed, this, &LabelWorkspace::documentChanged);
    connect(m_document, &AnnotationDocument::saved, this, &LabelWorkspace::labelsSaved);
    connect(m_document, &AnnotationDocument::saveFailed, this, [this](const QString &message) {
        m_saveError = message;
        updateInfo();
    });

    connect(m_checks, &ChecksPanel::activated, this,
            [this](const QString &file, const QString &split, int instance) { openImage(file, split, instance); });
    connect(m_sideTabs, &QTabWidget::currentChanged, this, [this](int index) {
        QSettings().setValue(QStringLiteral("label/sideTab"), index);
        // The first look at the Checks tab runs them.
        if (m_sideTabs->widget(index) == m_checks && m_project && !m_checks->hasRun() && !m_checks->isRunning())
            m_checks->run();
    });
    m_sideTabs->setCurrentIndex(QSettings().value(QStringLiteral("label/sideTab"), 0).toInt());

    retranslateUi();
    updateActions();
}

LabelWorkspace::~LabelWorkspace()
{
    m_cancelImport = true;
    m_cancelPrelabel = true;
    m_importer.waitForFinished();
    m_prelabeller.waitForFinished();
    m_loader.waitForFinished();
    m_document->flush();
    // The document (a child) outlives the members; its undo stack's last signals must not reach them.
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    disconnect(m_document, nullptr, this, nullptr);
}

void LabelWorkspace::setProject(std::shared_ptr<const Project> project)
{
    m_document->clear();
    m_project = std::move(project);
    m_entries.clear();
    m_shownFile.clear();
    m_issues = DatasetIssueList();
    m_previousObjects.clear();
    m_canvas->clear();
    m_review = ReviewState();
    if (m_project) {
        m_canvas->setSkeleton(m_project->skeleton());
        m_document->setSkeleton(m_project->skeleton());
        QString error;
        if (!m_review.load(m_project->dir(), &error))
            m_saveError = error;
        for (const QString &split : m_project->config().splits())
            m_entries[split] = scanSplit(split);
    }
    if (m_project) {
        m_checks->setDataset(m_project->config(), m_project->skeleton());
        if (m_sideTabs->currentWidget() == m_checks)
            m_checks->run();
    } else {
        m_checks->setDataset(DatasetConfig(), Skeleton::defaultGripper());
    }
    fillSplitBox();
    showSplit(currentSplit());
    m_pointsPanel->refresh();
    updateInfo();
    updateActions();
    Q_EMIT countsChanged();
}

QTreeWidget *LabelWorkspace::pointTable() const
{
    return m_pointsPanel->pointTable();
}

QListWidget *LabelWorkspace::objectList() const
{
    return m_pointsPanel->objectList();
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

ImageView *LabelWorkspace::imageView() const
{
    return m_canvas;
}

int LabelWorkspace::currentRow() const
{
    const QModelIndex i = m_filter->mapToSource(m_list->currentIndex());
    return i.isValid() ? i.row() : -1;
}

void LabelWorkspace::setCurrentRow(int row)
{
    if (row < 0 || row >= m_model->rowCount())
        return;
    const QModelIndex shown = m_filter->mapFromSource(m_model->index(row));
    if (shown.isValid())
        m_list->setCurrentIndex(shown);
}

void LabelWorkspace::moveSelection(int step)
{
    const int rows = m_filter->rowCount();
    if (rows == 0)
        return;
    const int at = m_list->currentIndex().isValid() ? m_list->currentIndex().row() : -step;
    const int to = std::clamp(at + step, 0, rows - 1);
    if (to != at)
        m_list->setCurrentIndex(m_filter->index(to, 0));
}

void LabelWorkspace::nextImage()
{
    moveSelection(1);
}

void LabelWorkspace::previousImage()
{
    moveSelection(-1);
}

bool LabelWorkspace::isBusy() const
{
    return m_loader.isRunning() || m_importer.isRunning() || m_prelabeller.isRunning() || m_checks->isRunning();
}

void LabelWorkspace::importFramesInteractive()
{
    if (!m_project || m_importer.isRunning())
        return;
    const QString video = QFileDialog::getOpenFileName(
        this, tr("Import Frames from a Video"), m_project->dir(),
        tr("Videos (*.mp4 *.avi *.mov *.mkv *.webm *.m4v);;All files (*)"));
    if (video.isEmpty())
        return;
    bool ok = false;
    const int n = QInputDialog::getInt(this, tr("Import Frames from a Video"),
                                       tr("Import every N-th frame into the %1 split; N:").arg(currentSplit()), 10, 1,
                                       1000000, 1, &ok);
    if (ok)
        importFrames(video, currentSplit(), n);
}

void LabelWorkspace::importFrames(const QString &video, const QString &split, int everyNth)
{
    if (!m_project || m_importer.isRunning() || m_project->config().imagesDir(split).isEmpty())
        return;
    FrameImporter::Options o;
    o.video = video;
    o.imagesDir = m_project->config().imagesDir(split);
    o.everyNth = everyNth;
    m_importSplit = split;
    m_cancelImport = false;
    m_importFrame = 0;
    m_importProgress = new QProgressDialog(tr("Importing frames from %1…").arg(QFileInfo(video).fileName()),
                                           tr("Cancel"), 0, 0, this);
    m_importProgress->setAttribute(Qt::WA_DeleteOnClose);
    m_importProgress->setMinimumDuration(300);
    connect(m_importProgress, &QProgressDialog::canceled, this, [this] { m_cancelImport = true; });
    auto *tick = new QTimer(m_importProgress);
    connect(tick, &QTimer::timeout, m_importProgress, [this] {
        if (m_importProgress)
            m_importProgress->setLabelText(tr("Importing frames: frame %1 read").arg(m_importFrame.load()));
    });
    tick->start(200);
    std::atomic_bool *cancel = &m_cancelImport;
    std::atomic_int *frame = &m_importFrame;
    m_importer.setFuture(QtConcurrent::run([o, cancel, frame] {
        return FrameImporter::run(o, cancel, [frame](int index, int) { *frame = index + 1; });
    }));
}

void LabelWorkspace::importFinished()
{
    const FrameImporter::Result r = m_importer.future().result();
    if (m_importProgress) {
        m_importProgress->close();
        m_importProgress = nullptr;
    }
    rescanSplit(m_importSplit);
    Q_EMIT framesImported(r.written, r.skippedExisting, r.error);
    Q_EMIT countsChanged();
}

void LabelWorkspace::rescanSplit(const QString &split)
{
    if (!m_project || !m_entries.count(split))
        return;
    m_entries[split] = scanSplit(split);
    fillSplitBox();
    if (split != currentSplit())
        return;
    const QString shown = m_shownFile;
    m_model->setEntries(m_entries[split]);
    m_filter->invalidate();
    setCurrentRow(m_model->rowOf(shown)); // the same image: requestLoad() keeps it as it is
    updateCountsLabel();
}

std::vector<ImageListModel::Entry> LabelWorkspace::scanSplit(const QString &split) const
{
    std::vector<ImageListModel::Entry> entries = ImageListModel::scan(m_project->config(), split);
    if (m_review.size() > 0)
        for (ImageListModel::Entry &e : entries)
            e.needsReview = e.status == ImageListModel::Status::Labelled && m_review.contains(e.file);
    return entries;
}

void LabelWorkspace::openImage(const QString &file, const QString &split, int instance)
{
    if (!m_project)
        return;
    QString in = split;
    if (in.isEmpty() || !m_entries.count(in))
        for (const auto &[s, entries] : m_entries)
            for (const ImageListModel::Entry &e : entries)
                if (e.file == file)
                    in = s;
    if (!m_entries.count(in))
        return;
    setCurrentSplit(in);
    const int row = m_model->rowOf(file);
    if (row < 0)
        return;
    // The filter or the search may hide it: show everything.
    if (!m_filter->mapFromSource(m_model->index(row)).isValid()) {
        m_search->clear();
        m_filterBox->setCurrentIndex(m_filterBox->findData(int(ImageListModel::Filter::All)));
    }
    m_pendingSelectFile = file;
    m_pendingSelectInstance = instance;
    if (file == m_shownFile && m_document->isLoaded() && !m_loader.isRunning()) {
        m_pendingSelectFile.clear();
        if (instance >= 0 && instance < m_document->instanceCount())
            m_document->setCurrentInstance(instance);
    }
    setCurrentRow(row);
    m_canvas->setFocus();
}

void LabelWorkspace::showNewImage(const QString &file, const QString &split)
{
    if (!m_project || !m_entries.count(split))
        return;
    rescanSplit(split);
    Q_EMIT countsChanged();
    openImage(file, split);
}

void LabelWorkspace::setPrelabelModel(const QString &model, int imgsz, double conf)
{
    m_prelabelOptions.model = model;
    m_prelabelOptions.imgsz = imgsz;
    m_prelabelOptions.conf = conf;
}

void LabelWorkspace::prelabelCurrent()
{
    if (!m_shownFile.isEmpty())
        prelabel({m_shownFile});
}

void LabelWorkspace::prelabelUnlabelled()
{
    QStringList files;
    for (const auto &[split, entries] : m_entries)
        for (const ImageListModel::Entry &e : entries)
            if (e.status == ImageListModel::Status::Unlabelled)
                files << e.file;
    if (!files.isEmpty())
        prelabel(files);
}

void LabelWorkspace::prelabel(const QStringList &images)
{
    if (!m_project || m_prelabeller.isRunning() || images.isEmpty())
        return;
    if (m_prelabelOptions.model.isEmpty()) {
        const QString model = QFileDialog::getOpenFileName(
            this, tr("Pre-label with a Trained Model"), m_project->runsDir(),
            tr("Checkpoints and weights (*.ckpt *.pt *.pth *.torchscript);;All files (*)"));
        if (model.isEmpty())
            return;
        m_prelabelOptions.model = model;
    }
    PreLabeller::Options o = m_prelabelOptions;
    o.images = images;
    o.keypointCount = m_project->skeleton().keypointCount();
    o.keypointDims = m_project->config().keypointDims;
    m_cancelPrelabel = false;
    m_prelabelDone = 0;
    m_prelabelTotal = int(images.size());
    //: %n is how many images the model labels.
    m_prelabelProgress = new QProgressDialog(tr("Pre-labelling %n image(s)…", nullptr, int(images.size())), tr("Cancel"),
                                             0, int(images.size()), this);
    m_prelabelProgress->setAttribute(Qt::WA_DeleteOnClose);
    m_prelabelProgress->setMinimumDuration(300);
    connect(m_prelabelProgress, &QProgressDialog::canceled, this, [this] { m_cancelPrelabel = true; });
    auto *tick = new QTimer(m_prelabelProgress);
    connect(tick, &QTimer::timeout, m_prelabelProgress, [this] {
        if (m_prelabelProgress && !m_prelabelProgress->wasCanceled())
            m_prelabelProgress->setValue(m_prelabelDone.load());
    });
    tick->start(200);
    std::atomic_bool *cancel = &m_cancelPrelabel;
    std::atomic_int *done = &m_prelabelDone;
    m_prelabeller.setFuture(QtConcurrent::run([o, cancel, done] {
        return PreLabeller::run(o, cancel, [done](int n, int) { *done = n; });
    }));
    updateActions();
}

void LabelWorkspace::prelabelDone()
{
    const PreLabeller::Result r = m_prelabeller.future().result();
    if (m_prelabelProgress) {
        m_prelabelProgress->close();
        m_prelabelProgress = nullptr;
    }
    if (!r.written.isEmpty()) {
        m_review.add(r.written);
        QString error;
        if (!m_review.save(&error))
            m_saveError = error;
        m_forceReload = r.written.contains(m_shownFile);
        for (const auto &[split, entries] : m_entries)
            rescanSplit(split);
        if (m_forceReload)
            reloadShown();
    }
    updateInfo();
    updateActions();
    Q_EMIT prelabelFinished(int(r.written.size()), r.skippedLabelled, r.error);
    Q_EMIT countsChanged();
}

void LabelWorkspace::reloadShown()
{
    m_forceReload = true;
    requestLoad();
}

void LabelWorkspace::setShownReview(bool needsReview)
{
    const int row = m_model->rowOf(m_shownFile);
    if (row >= 0)
        m_model->setNeedsReview(row, needsReview);
    auto it = m_entries.find(currentSplit());
    if (it != m_entries.end() && row >= 0 && size_t(row) < it->second.size())
        it->second[size_t(row)].needsReview = needsReview;
    updateCountsLabel();
    updateInfo();
    updateActions();
    Q_EMIT countsChanged();
}

void LabelWorkspace::acceptReview()
{
    if (m_shownFile.isEmpty() || !m_review.contains(m_shownFile))
        return;
    m_document->flush();
    m_review.remove(m_shownFile);
    QString error;
    if (!m_review.save(&error))
        m_saveError = error;
    setShownReview(false);
}

void LabelWorkspace::rejectReview()
{
    if (m_shownFile.isEmpty() || !m_review.contains(m_shownFile))
        return;
    m_document->flush();
    const QString labelFile = DatasetConfig::labelFileFor(m_shownFile);
    if (QFile::exists(labelFile) && !QFile::remove(labelFile)) {
        m_saveError = tr("%1 could not be deleted").arg(QDir::toNativeSeparators(labelFile));
        updateInfo();
        return;
    }
    m_review.remove(m_shownFile);
    QString error;
    if (!m_review.save(&error))
        m_saveError = error;
    const int row = m_model->rowOf(m_shownFile);
    if (row >= 0)
        m_model->setStatus(row, ImageListModel::Status::Unlabelled, false);
    auto it = m_entries.find(currentSplit());
    if (it != m_entries.end() && row >= 0 && size_t(row) < it->second.size()) {
        it->second[size_t(row)].status = ImageListModel::Status::Unlabelled;
        it->second[size_t(row)].partial = false;
    }
    setShownReview(false);
    // The document still holds the model's objects: read the image again, without them.
    m_document->clear();
    reloadShown();
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

void LabelWorkspace::fillFilterBox()
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
        if (currentRow() < 0 && m_filter->rowCount() > 0)
            m_list->setCurrentIndex(m_filter->index(0, 0));
    } else {
        m_document->clear();
        m_canvas->clear();
        m_shownFile.clear();
        m_issues = DatasetIssueList();
        m_pointsPanel->refresh();
        updateInfo();
    }
}

void LabelWorkspace::requestLoad()
{
    if (!m_project || currentRow() < 0)
        return;
    const QString file = m_model->entry(currentRow()).file;
    if (file == m_shownFile && !m_loader.isRunning() && m_document->isLoaded() && !m_forceReload)
        return; // already on screen (the list was rebuilt around it)
    m_forceReload = false;
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
    // The outgoing image's pending drag is written while its row is still the shown one.
    m_document->flush();
    // What the outgoing image holds is the starting point "copy previous" offers.
    if (m_document->isLoaded() && m_document->instanceCount() > 0 && loaded.file != m_shownFile) {
        m_previousObjects = m_document->instances();
        m_previousSize = m_document->annotation().imageSize;
    }
    m_shownFile = loaded.file;
    m_issues = loaded.issues;
    m_saveError.clear();
    m_canvas->setImage(loaded.image);
    // An image that does not decode is shown as an issue and never written over.
    // A label file with lines that do not read is not written over either: saving would drop them.
    m_readOnly = loaded.image.isNull() || !loaded.issues.issues.empty();
    const QString labelFile = m_readOnly ? QString() : DatasetConfig::labelFileFor(loaded.file);
    m_document->load(loaded.annotation, labelFile, m_project ? m_project->config().keypointDims : 3);
    m_pointsPanel->refresh();
    updateInfo();
    updateActions();
    if (!m_pendingSelectFile.isEmpty() && m_pendingSelectFile == loaded.file) {
        if (m_pendingSelectInstance >= 0 && m_pendingSelectInstance < m_document->instanceCount())
            m_document->setCurrentInstance(m_pendingSelectInstance);
        m_pendingSelectFile.clear();
    }
    Q_EMIT imageShown(loaded.file);
}

void LabelWorkspace::copyPreviousObjects()
{
    if (m_previousObjects.empty() || !m_document->isLoaded())
        return;
    std::vector<PoseInstance> objects = m_previousObjects;
    const QSize now = m_document->annotation().imageSize;
    if (m_previousSize.isValid() && now.isValid() && now != m_previousSize) {
        const double sx = double(now.width()) / m_previousSize.width();
        const double sy = double(now.height()) / m_previousSize.height();
        for (PoseInstance &inst : objects) {
            inst.box = QRectF(inst.box.x() * sx, inst.box.y() * sy, inst.box.width() * sx, inst.box.height() * sy);
            for (Keypoint &k : inst.keypoints) {
                k.x *= sx;
                k.y *= sy;
            }
        }
    }
    m_document->replaceInstances(objects);
}

void LabelWorkspace::showShortcuts()
{
    HotkeyDialog dialog(m_canvas, this);
    dialog.exec();
    retranslateUi(); // the tooltips and the hint name the keys
}

void LabelWorkspace::documentChanged()
{
    m_pointsPanel->refresh();
    updateInfo();
    updateActions();
}

void LabelWorkspace::labelsSaved(const QString &labelFile)
{
    m_saveError.clear();
    // The image's status in the list follows what was written.
    const int row = m_model->rowOf(m_shownFile);
    if (row < 0 || DatasetConfig::labelFileFor(m_shownFile) != labelFile)
        return;
    bool partial = false;
    const ImageListModel::Status status = ImageListModel::statusOf(labelFile, m_project ? m_project->config().keypointDims : 3, &partial);
    m_model->setStatus(row, status, partial);
    auto it = m_entries.find(currentSplit());
    if (it != m_entries.end() && size_t(row) < it->second.size()) {
        it->second[size_t(row)].status = status;
        it->second[size_t(row)].partial = partial;
    }
    updateCountsLabel();
    updateInfo();
    Q_EMIT countsChanged();
}

void LabelWorkspace::updateInfo()
{
    if (!m_project) {
        m_info->setText(tr("No project is open. Use File ▸ Open Project… or File ▸ New Project…"));
        m_canvas->setPlaceholderText(tr("No project is open."));
        return;
    }
    m_canvas->setPlaceholderText(m_model->rowCount() == 0 ? tr("This split has no images.") : tr("Loading…"));
    if (m_shownFile.isEmpty()) {
        m_info->clear();
        return;
    }
    const auto &a = m_document->annotation();
    QString text = tr("<b>%1</b><br>%2 × %3 pixels, %n object(s)", nullptr, int(a.instances.size()))
                       .arg(QFileInfo(m_shownFile).fileName().toHtmlEscaped())
                       .arg(a.imageSize.width())
                       .arg(a.imageSize.height());
    const int row = m_model->rowOf(m_shownFile);
    if (row >= 0)
        text += QStringLiteral("<br>") + ImageListModel::statusName(m_model->entry(row)).toHtmlEscaped();
    if (row >= 0 && m_model->entry(row).needsReview)
        text += QStringLiteral("<br><span style=\"color:#8e24aa\">%1</span>")
                    .arg(tr("Labelled by a model: check it, then Accept (%1) or Reject (%2).")
                             .arg(m_accept->shortcut().toString(QKeySequence::NativeText),
                                  m_reject->shortcut().toString(QKeySequence::NativeText))
                             .toHtmlEscaped());
    if (!m_saveError.isEmpty())
        text += QStringLiteral("<br><span style=\"color:#c62828\">%1</span>")
                    .arg(tr("Not saved: %1").arg(m_saveError).toHtmlEscaped());
    else if (m_readOnly && !m_issues.issues.empty())
        text += QStringLiteral("<br><span style=\"color:#c62828\">%1</span>")
                    .arg(tr("Edits to this image are not saved: its label file has lines that could not be read "
                            "(below). Fix or remove them first.")
                             .toHtmlEscaped());
    for (const DatasetIssue &issue : m_issues.issues)
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

void LabelWorkspace::updateActions()
{
    const bool loaded = m_document->isLoaded();
    const bool hasObject = loaded && m_document->currentInstance() >= 0;
    m_undo->setEnabled(m_document->undoStack()->canUndo());
    m_redo->setEnabled(m_document->undoStack()->canRedo());
    m_newObject->setEnabled(loaded);
    m_deleteObject->setEnabled(hasObject);
    m_swap->setEnabled(hasObject);
    m_copyPrevious->setEnabled(loaded && !m_previousObjects.empty());
    m_fit->setEnabled(loaded);
    m_actualSize->setEnabled(loaded);
    m_importFrames->setEnabled(m_project != nullptr);
    m_prelabelImage->setEnabled(loaded && !m_prelabeller.isRunning() && m_model->rowOf(m_shownFile) >= 0
                                && m_model->entry(m_model->rowOf(m_shownFile)).status == ImageListModel::Status::Unlabelled);
    m_prelabelAll->setEnabled(m_project != nullptr && !m_prelabeller.isRunning());
    m_prelabelButton->setEnabled(m_prelabelAll->isEnabled());
    const bool review = loaded && m_review.contains(m_shownFile);
    m_accept->setEnabled(review);
    m_reject->setEnabled(review);
    m_reviewBar->setVisible(review);
}

void LabelWorkspace::retranslateUi()
{
    using A = AnnotationCanvas::Action;
    auto withKey = [this](const QString &text, A action) {
        const QString key = m_canvas->binding(action).toString(QKeySequence::NativeText);
        //: A tooltip followed by its key, e.g. "Undo the last edit (Ctrl+Z)".
        return key.isEmpty() ? text : tr("%1 (%2)").arg(text, key);
    };
    m_undo->setShortcut(m_canvas->binding(A::Undo));
    m_redo->setShortcut(m_canvas->binding(A::Redo));
    m_newObject->setShortcut(m_canvas->binding(A::NewInstance));
    m_deleteObject->setShortcut(m_canvas->binding(A::DeleteInstance));
    m_swap->setShortcut(m_canvas->binding(A::SwapLeftRight));
    m_fit->setShortcut(m_canvas->binding(A::FitToWindow));
    m_actualSize->setShortcut(m_canvas->binding(A::ActualSize));
    m_splitLabel->setText(tr("&Split:"));
    m_search->setPlaceholderText(tr("Search image names"));
    m_filterBox->setToolTip(tr("Show only the images with this label status"));
    m_thumbnails->setText(tr("T&humbnails"));
    m_next->setText(tr("Next Image"));
    m_previous->setText(tr("Previous Image"));
    m_undo->setText(tr("Undo"));
    m_undo->setToolTip(withKey(tr("Undo the last edit"), A::Undo));
    m_redo->setText(tr("Redo"));
    m_redo->setToolTip(withKey(tr("Redo the edit undone last"), A::Redo));
    m_newObject->setText(tr("New Object"));
    m_newObject->setToolTip(withKey(tr("Start a new object; the next click places its first point"), A::NewInstance));
    m_deleteObject->setText(tr("Delete Object"));
    m_deleteObject->setToolTip(withKey(tr("Delete the selected object"), A::DeleteInstance));
    m_swap->setText(tr("Swap L/R"));
    m_swap->setToolTip(withKey(tr("Swap the left and right points of the selected object"), A::SwapLeftRight));
    m_copyPrevious->setText(tr("Copy Previous"));
    m_copyPrevious->setToolTip(tr("Replace this image's objects with those of the image shown before it (C)"));
    m_fit->setText(tr("Fit"));
    m_fit->setToolTip(withKey(tr("Fit the image to the window"), A::FitToWindow));
    m_actualSize->setText(tr("1:1"));
    m_actualSize->setToolTip(withKey(tr("Show the image at its actual size"), A::ActualSize));
    m_importFrames->setText(tr("Import Frames…"));
    m_importFrames->setToolTip(tr("Add every N-th frame of a video to this split, to be labelled"));
    //: A button with a menu: label images with a trained model.
    m_prelabelButton->setText(tr("Pre-label"));
    m_prelabelButton->setToolTip(tr("Label images with a trained model as a starting point; they are marked "
                                    "\"needs review\" until you accept them"));
    m_prelabelImage->setText(tr("Pre-label This Image"));
    //: The banner over an image whose labels a model wrote (pre-labelling).
    m_reviewText->setText(tr("Labelled by a model: fix what is wrong, then accept the labels or reject them."));
    m_prelabelImage->setToolTip(tr("Label this image with a trained model; the result is marked \"needs review\""));
    m_prelabelAll->setText(tr("Pre-label All Unlabelled Images…"));
    m_prelabelAll->setToolTip(tr("Label every unlabelled image of the project with a trained model, in the background; "
                                 "images with labels are never touched"));
    //: Accept the labels a model wrote (pre-labelling) after checking them.
    m_accept->setText(tr("Accept"));
    m_accept->setToolTip(tr("The model's labels are right (after your fixes): clear \"needs review\" (%1)")
                             .arg(m_accept->shortcut().toString(QKeySequence::NativeText)));
    //: Reject the labels a model wrote (pre-labelling): they are deleted.
    m_reject->setText(tr("Reject"));
    m_reject->setToolTip(tr("Delete the model's labels of this image; it is unlabelled again (%1)")
                             .arg(m_reject->shortcut().toString(QKeySequence::NativeText)));
    //: Side panel tab: the objects and points of the image shown.
    m_sideTabs->setTabText(0, tr("Labels"));
    //: Side panel tab: suspicious labels found in the whole dataset.
    m_sideTabs->setTabText(1, tr("Checks"));
    m_shortcuts->setText(tr("Shortcuts…"));
    m_shortcuts->setToolTip(tr("List every key and mouse gesture, and change the keys (F1)"));
    auto key = [this](A action) { return m_canvas->binding(action).toString(QKeySequence::NativeText); };
    //: %1..%7 are key names (S, O, Del, N, Tab, F, Ctrl+Z), which the user can rebind.
    m_hint->setText(tr("Click: place the next point · %1: skip · %2: occluded · %3: clear · %4: new object · "
                       "%5: next object · %6: swap left/right · %7: undo · wheel: zoom · middle or "
                       "Space+drag: pan · → / ←: next and previous image · F1: all shortcuts")
                        .arg(key(A::SkipPoint), key(A::ToggleOccluded), key(A::ClearPoint), key(A::NewInstance),
                             key(A::NextInstance), key(A::SwapLeftRight), key(A::Undo)));
    m_list->setToolTip(tr("Green: complete · half green: some points absent · grey: empty label file (background) · "
                          "amber ring: not labelled yet · violet: labelled by a model, needs review"));
    m_model->retranslate();
    fillSplitBox();
    fillFilterBox();
    updateCountsLabel();
    updateInfo();
}

void LabelWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
