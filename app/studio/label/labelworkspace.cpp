#include "labelworkspace.h"

#include "layoutmemory.h"

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "assistcontroller.h"
#include "checkspanel.h"
#include "frameimportcontroller.h"
#include "hotkeydialog.h"
#include "imagebrowser.h"
#include "imagefiltermodel.h"
#include "imageinfolabel.h"
#include "labelactions.h"
#include "labelfile.h"
#include "labelstatus.h"
#include "pointspanel.h"
#include "prelabelcontroller.h"
#include "project.h"
#include "scenariotagcontroller.h"
#include "scenariotagpanel.h"
#include "shownfilewatcher.h"
#include "stablepoints.h"
#include "suggestioncontroller.h"
#include "unsavededitsprompt.h"

#include <QAction>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QSettings>
#include <QSplitter>
#include <QTabWidget>
#include <QToolBar>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>

using gp::AnnotationDocument;
using gp::DatasetConfig;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::FrameImporter;
using gp::Keypoint;
using gp::LabelStatus;
using gp::PoseInstance;
using gp::PreLabeller;
using gp::Project;
using gp::Skeleton;

LabelWorkspace::LabelWorkspace(QWidget *parent)
    : QWidget(parent)
    , m_document(new AnnotationDocument(Skeleton::defaultGripper(), this))
    , m_browser(new ImageBrowser(this))
    , m_loader(new ImageLoader(this))
    , m_fileWatch(new ShownFileWatcher(m_document, this))
    , m_prelabel(new PrelabelController(this))
    , m_suggest(new SuggestionController(this))
    , m_tags(new ScenarioTagController(m_document->undoStack(), this))
    , m_tagPanel(new ScenarioTagPanel(m_tags, m_browser, this))
    , m_importer(new FrameImportController(this))
    , m_actions(new LabelActions(this))
    , m_canvas(new AnnotationCanvas(m_document, Skeleton::defaultGripper(), this))
    , m_pointsPanel(new PointsPanel(m_document, m_canvas, this))
    , m_sideTabs(new QTabWidget(this))
    , m_checks(new ChecksPanel(this))
    , m_info(new ImageInfoLabel(this))
    , m_hint(new QLabel(this))
    , m_reviewBar(new QWidget(this))
    , m_reviewText(new QLabel(this))
{
    m_assist = new AssistController(m_document, m_canvas, this);
    m_browser->setDoubtfulThreshold(m_assist->settings().doubtful);
    HotkeyDialog::loadBindings(m_canvas);

    m_hint->setWordWrap(true);
    m_hint->setEnabled(false);
    auto *right = new QWidget(this);
    auto *rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    rightLayout->addWidget(m_pointsPanel, 1);
    rightLayout->addWidget(m_info);
    rightLayout->addWidget(m_hint);

    m_browser->setScenarioTags(m_tags);
    m_tagPanel->addShortcutsTo(this);
    auto *left = new QSplitter(Qt::Vertical, this);
    left->setObjectName(QStringLiteral("listAndTags"));
    left->addWidget(m_browser);
    left->addWidget(m_tagPanel);
    left->setStretchFactor(0, 1);
    left->setChildrenCollapsible(false);
    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->setObjectName(QStringLiteral("columns"));
    splitter->addWidget(left);
    splitter->addWidget(createToolBarAndCanvas());
    m_sideTabs->addTab(right, QString());
    m_sideTabs->addTab(m_checks, QString());
    m_sideTabs->setDocumentMode(true);
    splitter->addWidget(m_sideTabs);
    splitter->setStretchFactor(0, 0);
    splitter->setStretchFactor(1, 1);
    splitter->setStretchFactor(2, 0);
    // The list and the side panel fold away to the window's edge (drag them shut); the
    // canvas never does.
    splitter->setCollapsible(1, false);
    m_sideTabs->setObjectName(QStringLiteral("sideTabs"));
    m_layout = new LayoutMemory(QStringLiteral("label"), this);
    m_layout->track(splitter, { 230, 900, 330 });
    m_layout->track(left, [this, left] {
        const int tags = m_tagPanel->sizeHint().height();
        return QList<int> { std::max(1, left->height() - tags), tags };
    });
    m_layout->track(m_sideTabs);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(splitter);

    createActions();

    connect(m_browser, &ImageBrowser::currentFileChanged, this, [this] { requestLoad(); });
    connect(m_browser, &ImageBrowser::countsChanged, this, [this] {
        updateInfo();
        updateActions();
        Q_EMIT countsChanged();
    });
    connect(m_browser, &ImageBrowser::jobStarted, this, &LabelWorkspace::jobStarted);
    connect(m_browser, &ImageBrowser::listed, this, [this] {
        if (m_browser->isListing())
            return; // more splits to read
        const auto callbacks = std::move(m_afterListing);
        m_afterListing.clear();
        for (const auto &then : callbacks)
            then();
    });
    connect(m_loader, &ImageLoader::loaded, this, &LabelWorkspace::showLoaded);
    connect(m_importer, &FrameImportController::finished, this, &LabelWorkspace::importDone);
    connect(m_prelabel, &PrelabelController::started, this, &LabelWorkspace::updateActions);
    connect(m_prelabel, &PrelabelController::finished, this,
        [this](const PreLabeller::Result &r, const QString &saveError) {
            prelabelDone(r.written, r.revised, r.skippedLabelled, r.changedPoints, r.error, saveError);
        });
    connect(m_document, &AnnotationDocument::changed, this, &LabelWorkspace::documentChanged);
    connect(m_document, &AnnotationDocument::saved, this, &LabelWorkspace::labelsSaved);
    connect(m_document, &AnnotationDocument::saveFailed, this, [this](const QString &message) {
        m_saveError = message;
        updateInfo();
    });
    // What other programs do to the files on screen is said, and what the person did is kept.
    connect(m_document, &AnnotationDocument::otherVersionKept, this,
        [this](const QString &labelFile, const QString &keptAs) {
            //: %1 is a label file, %2 where the other program's version of it is kept.
            sayDiskNotice(tr("%1 had been changed by another program since it was shown here. Your edit is saved; "
                             "the other version is kept as %2.")
                              .arg(QDir::toNativeSeparators(labelFile), QDir::toNativeSeparators(keptAs)));
        });
    connect(m_fileWatch, &ShownFileWatcher::labelsChangedElsewhere, this, [this](const QString &imageFile) {
        if (imageFile != m_shownFile)
            return;
        //: %1 is a label file another program (an editor, another studio) wrote.
        sayDiskNotice(tr("%1 was changed by another program; it is shown as it is now.")
                          .arg(QDir::toNativeSeparators(m_document->labelFile())));
        requestLoad(true);
    });
    connect(m_fileWatch, &ShownFileWatcher::imageGone, this, [this](const QString &imageFile) {
        if (imageFile != m_shownFile)
            return;
        //: %1 is an image file that disappeared while shown.
        sayDiskNotice(m_document->labelFile().isEmpty()
                ? tr("%1 was deleted or moved by another program.").arg(QDir::toNativeSeparators(imageFile))
                : tr("%1 was deleted or moved by another program. Its labels stay in %2.")
                      .arg(QDir::toNativeSeparators(imageFile), QDir::toNativeSeparators(m_document->labelFile())));
    });
    connect(m_document->undoStack(), &QUndoStack::canUndoChanged, this, &LabelWorkspace::updateActions);
    connect(m_document->undoStack(), &QUndoStack::canRedoChanged, this, &LabelWorkspace::updateActions);

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
    m_document->flush();
    // The document (a child) outlives the members; its undo stack's last signals must not reach them.
    disconnect(m_document->undoStack(), nullptr, this, nullptr);
    disconnect(m_document, nullptr, this, nullptr);
}

QWidget *LabelWorkspace::createToolBarAndCanvas()
{
    auto *centre = new QWidget(this);
    auto *centreLayout = new QVBoxLayout(centre);
    centreLayout->setContentsMargins(0, 0, 0, 0);
    centreLayout->setSpacing(2);
    centreLayout->addWidget(m_actions->createToolBar(centre));
    // Shown while the image's labels were written by a model and not reviewed yet.
    m_reviewBar->setAutoFillBackground(true);
    QPalette reviewPalette = m_reviewBar->palette();
    reviewPalette.setColor(QPalette::Window, QColor(0xf3, 0xe5, 0xf5));
    reviewPalette.setColor(QPalette::WindowText, QColor(0x4a, 0x14, 0x8c));
    m_reviewBar->setPalette(reviewPalette);
    auto *reviewLayout = new QHBoxLayout(m_reviewBar);
    reviewLayout->setContentsMargins(6, 3, 6, 3);
    reviewLayout->addWidget(m_reviewText, 1);
    for (QAction *a : { m_actions->acceptConfident, m_actions->acceptObject, m_actions->accept, m_actions->reject }) {
        auto *button = new QToolButton(m_reviewBar);
        button->setDefaultAction(a);
        button->setToolButtonStyle(Qt::ToolButtonTextOnly);
        reviewLayout->addWidget(button);
    }
    m_reviewBar->hide();
    centreLayout->addWidget(m_reviewBar);
    centreLayout->addWidget(m_canvas, 1);
    return centre;
}

void LabelWorkspace::createActions()
{
    connect(m_actions->next, &QAction::triggered, this, &LabelWorkspace::nextImage);
    connect(m_actions->previous, &QAction::triggered, this, &LabelWorkspace::previousImage);
    connect(m_actions->shortcuts, &QAction::triggered, this, &LabelWorkspace::showShortcuts);
    // The canvas's own keys do these; the buttons are for the mouse.
    connect(m_actions->undo, &QAction::triggered, m_document->undoStack(), &QUndoStack::undo);
    connect(m_actions->redo, &QAction::triggered, m_document->undoStack(), &QUndoStack::redo);
    connect(m_actions->newObject, &QAction::triggered, this,
        [this] { m_canvas->trigger(AnnotationCanvas::Action::NewInstance); });
    connect(m_actions->deleteObject, &QAction::triggered, this,
        [this] { m_canvas->trigger(AnnotationCanvas::Action::DeleteInstance); });
    connect(m_actions->swap, &QAction::triggered, this,
        [this] { m_canvas->trigger(AnnotationCanvas::Action::SwapLeftRight); });
    connect(m_actions->copyPrevious, &QAction::triggered, this, &LabelWorkspace::copyPreviousObjects);
    connect(m_actions->markBackground, &QAction::triggered, this, [this] {
        if (m_readOnly || !m_document->isLoaded())
            return;
        m_document->markBackground();
        // Reviewed: a model's proposals for it were all false.
        if (m_prelabel->needsReview(m_shownFile))
            acceptReview();
    });
    connect(m_actions->importFrames, &QAction::triggered, this, &LabelWorkspace::importFramesInteractive);
    connect(m_actions->prelabelImage, &QAction::triggered, this, &LabelWorkspace::prelabelCurrent);
    connect(m_actions->prelabelAll, &QAction::triggered, this, &LabelWorkspace::prelabelUnlabelled);
    connect(m_actions->accept, &QAction::triggered, this, &LabelWorkspace::acceptReview);
    connect(m_actions->acceptObject, &QAction::triggered, this,
        [this] { m_canvas->trigger(AnnotationCanvas::Action::AcceptObject); });
    connect(m_actions->acceptConfident, &QAction::triggered, this,
        [this] { m_canvas->trigger(AnnotationCanvas::Action::AcceptConfident); });
    connect(m_actions->assistSettings, &QAction::triggered, this, [this] {
        if (m_assist->editSettings(this)) {
            m_browser->setDoubtfulThreshold(m_assist->settings().doubtful);
            updateActions();
        }
    });
    connect(m_actions->trainOnLabels, &QAction::triggered, this, &LabelWorkspace::trainOnLabelsRequested);
    connect(m_actions->suggestNext, &QAction::triggered, this, &LabelWorkspace::suggestNext);
    connect(m_suggest, &SuggestionController::finished, this, [this](const gp::LabelSuggester::Result &r) {
        if (!r.cancelled && !r.order.isEmpty()) {
            m_browser->setSuggestions(r.order);
            m_browser->select(r.order.front());
        }
        updateActions();
        Q_EMIT suggestionsReady(r.cancelled ? 0 : int(r.order.size()), r.error);
    });
    connect(m_actions->reject, &QAction::triggered, this, &LabelWorkspace::rejectReview);
    connect(m_actions->fit, &QAction::triggered, m_canvas, &ImageView::fitToWindow);
    connect(m_actions->actualSize, &QAction::triggered, m_canvas, &ImageView::zoomToActualSize);
}

void LabelWorkspace::setProject(std::shared_ptr<const Project> project)
{
    m_document->clear();
    m_project = std::move(project);
    m_document->setProjectRoot(m_project ? m_project->dir() : QString());
    m_fileWatch->watch(QString());
    m_diskNotice.clear();
    m_shownFile.clear();
    m_issues = DatasetIssueList();
    m_saveError.clear();
    m_openFailure.clear();
    m_previous.clear();
    m_canvas->clear();
    QString error;
    if (!m_prelabel->setProject(m_project, &error))
        m_saveError = error;
    m_assist->setProject(m_project, m_prelabel->review());
    m_importer->setProject(m_project);
    m_tags->setDataset(m_project ? m_project->dir() : QString());
    if (m_project) {
        m_canvas->setSkeleton(m_project->skeleton());
        m_document->setSkeleton(m_project->skeleton());
        m_loader->setConfig(m_project->config());
        m_checks->setDataset(m_project->config(), m_project->skeleton());
        if (m_sideTabs->currentWidget() == m_checks)
            m_checks->run();
    } else {
        m_checks->setDataset(DatasetConfig(), Skeleton::defaultGripper());
    }
    m_browser->setProject(m_project, &m_prelabel->review());
    m_pointsPanel->refresh();
    updateInfo();
    updateActions();
    Q_EMIT countsChanged();
}

void LabelWorkspace::showOpenFailure(const QString &message)
{
    m_openFailure = message;
    updateInfo();
}

bool LabelWorkspace::confirmLeavingImage()
{
    return UnsavedEditsPrompt::confirmLabels(this, m_document, m_shownFile);
}

bool LabelWorkspace::confirmClosingProject()
{
    return confirmLeavingImage() && UnsavedEditsPrompt::confirmTags(this, m_tags);
}

QStringList LabelWorkspace::splits() const
{
    return m_browser->splits();
}

QString LabelWorkspace::currentSplit() const
{
    return m_browser->currentSplit();
}

void LabelWorkspace::setCurrentSplit(const QString &split)
{
    m_browser->setCurrentSplit(split);
}

ImageView *LabelWorkspace::imageView() const
{
    return m_canvas;
}

int LabelWorkspace::currentRow() const
{
    return m_browser->currentRow();
}

void LabelWorkspace::setCurrentRow(int row)
{
    m_browser->setCurrentRow(row);
}

void LabelWorkspace::resetLayout()
{
    m_layout->reset();
}

void LabelWorkspace::nextImage()
{
    m_browser->moveSelection(1);
}

void LabelWorkspace::previousImage()
{
    m_browser->moveSelection(-1);
}

bool LabelWorkspace::isBusy() const
{
    return m_browser->isListing() || m_tags->isLoading() || m_loader->isLoading() || m_importer->isRunning()
        || m_prelabel->isRunning() || m_suggest->isRunning() || m_checks->isRunning();
}

ImageListModel::Counts LabelWorkspace::splitCounts(const QString &split) const
{
    return m_browser->splitCounts(split);
}

ImageListModel::Counts LabelWorkspace::totalCounts() const
{
    return m_browser->totalCounts();
}

void LabelWorkspace::importFramesInteractive()
{
    m_importer->importInteractive(currentSplit());
}

void LabelWorkspace::importFrames(const QString &video, const QString &split, int everyNth)
{
    m_importer->import(video, split, everyNth);
}

void LabelWorkspace::rescanThen(const QStringList &splits, std::function<void()> then)
{
    if (m_browser->rescan(splits))
        m_afterListing.push_back(std::move(then));
    else
        then();
}

void LabelWorkspace::importDone(const QString &split, const FrameImporter::Result &r)
{
    // Reported once the new images are in the list.
    rescanThen({ split }, [this, r] { Q_EMIT framesImported(r.written, r.skippedExisting, r.error); });
}

void LabelWorkspace::openImage(const QString &file, const QString &split, int instance)
{
    if (!m_project)
        return;
    m_pendingSelectFile = file;
    m_pendingSelectInstance = instance;
    if (file == m_shownFile && m_document->isLoaded() && !m_loader->isLoading()) {
        m_pendingSelectFile.clear();
        if (instance >= 0 && instance < m_document->instanceCount())
            m_document->setCurrentInstance(instance);
    }
    m_browser->select(file, split);
    m_canvas->setFocus();
}

void LabelWorkspace::showNewImage(const QString &file, const QString &split)
{
    if (!m_project)
        return;
    // Listed when the rescan is read; opened then.
    m_browser->rescan({ split });
    openImage(file, split);
}

void LabelWorkspace::markNeedsReview(const QStringList &imageFiles)
{
    QString error;
    if (!m_prelabel->markNeedsReview(imageFiles, &error)) {
        m_saveError = error;
        updateInfo();
    }
    for (const QString &file : imageFiles)
        m_browser->setNeedsReview(file, true);
}

void LabelWorkspace::setPrelabelModel(const QString &model, int imgsz, double conf)
{
    m_prelabel->setModel(model, imgsz);
    m_assist->setModel(model, imgsz);
    AssistController::Settings s = m_assist->settings();
    s.conf = conf;
    m_assist->setSettings(s);
}

QString LabelWorkspace::prelabelModel() const
{
    return m_prelabel->model();
}

int LabelWorkspace::prelabelImgsz() const
{
    return m_prelabel->imgsz();
}

const gp::ReviewState &LabelWorkspace::review() const
{
    return m_prelabel->review();
}

bool LabelWorkspace::needsReview(const QString &imageFile) const
{
    return m_prelabel->needsReview(imageFile);
}

void LabelWorkspace::prelabelCurrent()
{
    if (!m_shownFile.isEmpty())
        prelabel({ m_shownFile });
}

void LabelWorkspace::prelabelUnlabelled()
{
    const QStringList files = m_browser->files(ImageListModel::Status::Unlabelled);
    if (!files.isEmpty())
        prelabel(files);
}

void LabelWorkspace::prelabel(const QStringList &images)
{
    m_prelabel->setThresholds(m_assist->settings().conf, m_assist->settings().iou);
    m_prelabel->start(images);
    // The model chosen (maybe just now) also takes the second looks after corrections.
    m_assist->setModel(m_prelabel->model(), m_prelabel->imgsz());
}

void LabelWorkspace::prelabelRound(const QString &model, int imgsz)
{
    m_prelabel->setModel(model, imgsz);
    m_prelabel->setThresholds(m_assist->settings().conf, m_assist->settings().iou);
    m_assist->setModel(model, imgsz);
    m_round = true;
    m_prelabel->start(
        m_browser->files(ImageListModel::Status::Unlabelled), m_prelabel->review().files(), m_assist->shapeModels());
    if (!m_prelabel->isRunning()) {
        m_round = false;
        Q_EMIT roundPrelabelled(0, 0, 0, QString());
    }
}

QStringList LabelWorkspace::suggestions() const
{
    return m_browser->suggestions();
}

void LabelWorkspace::showSuggestions(const QStringList &order)
{
    m_browser->setSuggestions(order);
}

void LabelWorkspace::suggestNext()
{
    if (!m_project || m_suggest->isRunning())
        return;
    gp::LabelSuggester::Options o;
    o.model = m_prelabel->model();
    o.imgsz = m_prelabel->imgsz();
    o.conf = m_assist->settings().conf;
    o.iou = m_assist->settings().iou;
    o.images = m_browser->unreviewedFiles();
    o.flipIndex = m_project->skeleton().flipIndex();
    o.strategy = m_assist->settings().suggest;
    m_suggest->start(o);
    updateActions();
}

void LabelWorkspace::prelabelDone(const QStringList &written, const QStringList &revised, int skippedLabelled,
    int changedPoints, const QString &error, const QString &saveError)
{
    if (!saveError.isEmpty())
        m_saveError = saveError;
    if (written.contains(m_shownFile) || revised.contains(m_shownFile))
        requestLoad(true);
    if (std::exchange(m_round, false))
        Q_EMIT roundPrelabelled(int(written.size()), int(revised.size()), changedPoints, error);
    updateInfo();
    updateActions();
    // Reported once the list shows the new labels.
    rescanThen(written.isEmpty() ? QStringList() : m_browser->splits(), [this, written, skippedLabelled, error] {
        Q_EMIT prelabelFinished(int(written.size()), skippedLabelled, error);
    });
}

void LabelWorkspace::acceptReview()
{
    if (m_shownFile.isEmpty() || !m_prelabel->needsReview(m_shownFile))
        return;
    // Accepting the image confirms every point a person left as the model put it.
    m_document->acceptAll();
    m_document->flush();
    QString error;
    if (!m_prelabel->accept(m_shownFile, &error))
        m_saveError = error;
    m_browser->setNeedsReview(m_shownFile, false);
    if (m_assist->settings().acceptMovesOn && m_saveError.isEmpty())
        nextImage();
}

void LabelWorkspace::rejectReview()
{
    if (m_shownFile.isEmpty() || !m_prelabel->needsReview(m_shownFile))
        return;
    m_document->flush();
    QString error;
    if (!m_prelabel->reject(m_shownFile, &error)) {
        m_saveError = error;
        updateInfo();
        return;
    }
    m_browser->setStatus(m_shownFile, LabelStatus());
    m_browser->setNeedsReview(m_shownFile, false);
    // The document still holds the model's objects: read the image again, without them.
    m_document->clear();
    requestLoad(true);
}

void LabelWorkspace::requestLoad(bool force)
{
    if (!m_project)
        return;
    const QString file = m_browser->currentFile();
    // An image whose labels could not be written is left only when the user says so.
    if (file != m_shownFile && m_document->isLoaded() && !confirmLeavingImage()) {
        if (!m_shownFile.isEmpty())
            m_browser->select(m_shownFile); // back to it (this call returns at once then)
        return;
    }
    if (file.isEmpty()) {
        if (imageModel()->rowCount() == 0) {
            m_document->clear();
            m_canvas->clear();
            m_shownFile.clear();
            m_issues = DatasetIssueList();
            m_pointsPanel->refresh();
            updateInfo();
        }
        return;
    }
    if (!force && file == m_shownFile && !m_loader->isLoading() && m_document->isLoaded())
        return; // already on screen (the list was rebuilt around it)
    m_loader->request(file);
}

void LabelWorkspace::showLoaded(const ImageLoader::Loaded &result)
{
    // The outgoing image's pending drag is written while its row is still the shown one.
    m_document->flush();
    // Labels that changed since the loader read them (saved here while the image's reload was
    // on the way, or written by another program) are read again: what is shown is what is on
    // disk. (An image that does not decode is never written; its issues stay as they are.)
    ImageLoader::Loaded loaded = result;
    if (m_project && !loaded.image.isNull()) {
        const QByteArray now = gp::LabelFile::fingerprint(DatasetConfig::labelFileFor(loaded.file));
        if (now != loaded.labelPrint) {
            loaded.issues = DatasetIssueList();
            loaded.annotation = m_project->config().loadAnnotation(loaded.file, &loaded.issues);
            loaded.labelPrint = now;
        }
    }
    // What the outgoing image holds is the starting point "copy previous" offers.
    if (m_document->isLoaded() && m_document->instanceCount() > 0 && loaded.file != m_shownFile) {
        m_previous.emplace_back(m_document->instances(), m_document->annotation().imageSize);
        if (m_previous.size() > kPreviousFrames)
            m_previous.pop_front();
    }
    if (loaded.file != m_shownFile)
        m_diskNotice.clear();
    m_shownFile = loaded.file;
    m_issues = loaded.issues;
    m_saveError.clear();
    m_canvas->setImage(loaded.image);
    // An image that does not decode is shown as an issue and never written over.
    // A label file with lines that do not read is not written over either: saving would drop them.
    m_readOnly = loaded.image.isNull() || !loaded.issues.issues.empty();
    const QString labelFile = m_readOnly ? QString() : DatasetConfig::labelFileFor(loaded.file);
    gp::ImageAnnotation annotation = loaded.annotation;
    QString originsError;
    if (!m_assist->applyOrigins(
            loaded.file, &annotation.instances, m_prelabel->needsReview(loaded.file), &originsError))
        m_saveError = originsError;
    if (m_prelabel->needsReview(loaded.file))
        m_assist->lookAgainAtAll(loaded.image, &annotation.instances);
    m_document->load(annotation, labelFile, m_project ? m_project->config().keypointDims : 3, loaded.labelPrint);
    m_fileWatch->watch(loaded.file);
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
    if (m_previous.empty() || !m_document->isLoaded())
        return;
    // Every earlier image in this one's pixels.
    const QSize now = m_document->annotation().imageSize;
    std::vector<std::vector<PoseInstance>> frames;
    for (const auto &[objects, size] : m_previous) {
        frames.push_back(objects);
        if (!size.isValid() || !now.isValid() || size == now)
            continue;
        const double sx = double(now.width()) / size.width();
        const double sy = double(now.height()) / size.height();
        for (PoseInstance &inst : frames.back()) {
            inst.box = QRectF(inst.box.x() * sx, inst.box.y() * sy, inst.box.width() * sx, inst.box.height() * sy);
            for (Keypoint &k : inst.keypoints) {
                k.x *= sx;
                k.y *= sy;
            }
        }
    }
    // On a sequence of frames only the points that held still within the labelling tolerance
    // (4 px at 1280 wide) are copied; the moving ones are left to place. Images that are not a
    // sequence share no object, and their objects are copied whole.
    const double tolerance = 4.0 * std::max(1, now.width()) / 1280.0;
    m_document->replaceInstances(gp::StablePoints::keep(frames, tolerance));
}

void LabelWorkspace::showShortcuts()
{
    HotkeyDialog dialog(m_canvas, this);
    dialog.exec();
    retranslateUi(); // the tooltips and the hint name the keys
}

void LabelWorkspace::documentChanged()
{
    if (!m_shownFile.isEmpty() && m_prelabel->needsReview(m_shownFile))
        m_browser->setToConfirm(m_shownFile, m_document->proposalCount(), m_assist->doubtfulCount());
    m_pointsPanel->refresh();
    updateInfo();
    updateActions();
}

void LabelWorkspace::labelsSaved(const QString &labelFile)
{
    m_saveError.clear();
    // The image's status in the list follows what was written.
    if (m_shownFile.isEmpty() || DatasetConfig::labelFileFor(m_shownFile) != labelFile)
        return;
    m_browser->setStatus(m_shownFile,
        LabelStatus::of(true, m_document->instances(), false, m_project ? m_project->config().keypointDims : 3));
    // The origins follow the label file they describe.
    QString error;
    if (!m_assist->recordOrigins(m_shownFile, &error))
        m_saveError = error;
    updateInfo();
}

void LabelWorkspace::updateInfo()
{
    if (!m_project) {
        m_info->showNoProject(m_openFailure);
        m_canvas->setPlaceholderText(m_openFailure.isEmpty() ? tr("No project is open.") : m_openFailure);
        return;
    }
    m_canvas->setPlaceholderText(m_browser->isListing() && imageModel()->rowCount() == 0 ? tr("Reading labels…")
            : imageModel()->rowCount() == 0 ? tr("This split has no images.")
                                            : tr("Loading…"));
    const int row = imageModel()->rowOf(m_shownFile);
    ImageInfoLabel::Shown shown { m_shownFile, m_document->annotation().imageSize, m_document->instanceCount(),
        row >= 0 ? ImageListModel::statusName(imageModel()->entry(row)) : QString(),
        row >= 0 && imageModel()->entry(row).needsReview,
        m_actions->accept->shortcut().toString(QKeySequence::NativeText),
        m_actions->reject->shortcut().toString(QKeySequence::NativeText), m_saveError, m_readOnly, m_issues,
        m_diskNotice };
    m_info->showImage(shown);
}

void LabelWorkspace::sayDiskNotice(const QString &text)
{
    m_diskNotice = text;
    updateInfo();
    Q_EMIT diskNotice(text);
}

void LabelWorkspace::updateActions()
{
    const bool loaded = m_document->isLoaded();
    const bool hasObject = loaded && m_document->currentInstance() >= 0;
    m_actions->undo->setEnabled(m_document->undoStack()->canUndo());
    m_actions->redo->setEnabled(m_document->undoStack()->canRedo());
    m_actions->newObject->setEnabled(loaded);
    m_actions->deleteObject->setEnabled(hasObject);
    m_actions->swap->setEnabled(hasObject);
    m_actions->copyPrevious->setEnabled(loaded && !m_previous.empty());
    m_actions->markBackground->setEnabled(loaded && !m_readOnly);
    m_actions->fit->setEnabled(loaded);
    m_actions->actualSize->setEnabled(loaded);
    m_actions->importFrames->setEnabled(m_project != nullptr);
    const int row = imageModel()->rowOf(m_shownFile);
    m_actions->prelabelImage->setEnabled(loaded && !m_prelabel->isRunning() && row >= 0
        && imageModel()->entry(row).status == ImageListModel::Status::Unlabelled);
    m_actions->prelabelAll->setEnabled(m_project != nullptr && !m_prelabel->isRunning());
    m_actions->prelabelButton->setEnabled(m_actions->prelabelAll->isEnabled());
    m_actions->suggestNext->setEnabled(m_project != nullptr && !m_suggest->isRunning() && !m_prelabel->isRunning());
    const bool review = loaded && m_prelabel->needsReview(m_shownFile);
    m_actions->accept->setEnabled(review);
    m_actions->reject->setEnabled(review);
    m_reviewBar->setVisible(review);
    if (review)
        m_reviewText->setText(m_assist->reviewText());
}

void LabelWorkspace::retranslateUi()
{
    m_actions->retranslate(*m_canvas);
    //: The banner over an image whose labels a model wrote (pre-labelling).
    m_reviewText->setText(tr("Labelled by a model: fix what is wrong, then accept the labels or reject them."));
    //: Side panel tab: the objects and points of the image shown.
    m_sideTabs->setTabText(0, tr("Labels"));
    //: Side panel tab: suspicious labels found in the whole dataset.
    m_sideTabs->setTabText(1, tr("Checks"));
    m_hint->setText(LabelActions::hint(*m_canvas));
    m_browser->retranslateUi();
    updateInfo();
}

void LabelWorkspace::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
