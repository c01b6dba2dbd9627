#pragma once

#include "backgroundjob.h"
#include "datasetissue.h"
#include "frameimporter.h"
#include "imageannotation.h"
#include "imagebrowser.h"
#include "imagelistmodel.h"
#include "imageloader.h"
#include "pointspanel.h"

#include <QSet>
#include <QWidget>

#include <deque>
#include <functional>
#include <memory>
#include <vector>

class AnnotationCanvas;
class LayoutMemory;
class AssistController;
class ChecksPanel;
class FrameImportController;
class ImageBrowser;
class ImageFilterModel;
class ImageInfoLabel;
class ImageView;
class LabelActions;
class PointsPanel;
class PrelabelController;
class SuggestionController;
class ScenarioTagController;
class ScenarioTagPanel;
class ShownFileWatcher;
class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QListWidget;
class QTabWidget;
class QToolBar;
class QToolButton;
class QTreeWidget;
namespace gp {
class AnnotationDocument;
class ReviewState;
class Project;
} // namespace gp

// The Label workspace: the project's images (ImageBrowser), the selected one in an
// AnnotationCanvas that edits its labels through an AnnotationDocument (undo, autosave),
// the skeleton's points and the image's objects (PointsPanel), the dataset's suspicious
// labels (ChecksPanel), pre-labelling and review (PrelabelController) and frames taken from
// a video (FrameImportController), the scenario tags of the selected images
// (ScenarioTagPanel over ScenarioTagController). Images are decoded off the GUI thread
// (ImageLoader).
class LabelWorkspace : public QWidget
{
    Q_OBJECT

public:
    explicit LabelWorkspace(QWidget *parent = nullptr);
    ~LabelWorkspace() override;

    void setProject(std::shared_ptr<const gp::Project> project);
    // Shown in place of a project when one could not be opened.
    void showOpenFailure(const QString &message);
    // Before the shown image is left (another image, project or quit): writes its pending
    // labels; when that fails, asks whether to retry, discard them or stay. True: go on.
    bool confirmLeavingImage();
    // Before the project is closed (another project, quit): the image's labels as above,
    // then the scenario tags that could not be written. True: go on.
    bool confirmClosingProject();

    QStringList splits() const;
    QString currentSplit() const;
    void setCurrentSplit(const QString &split);
    // Rows of imageModel() (all images of the split, whatever the filter shows).
    int currentRow() const;
    void setCurrentRow(int row);
    // The image shown (its labels loaded); empty while none is.
    QString shownFile() const { return m_shownFile; }
    bool isBusy() const;

    // All splits together.
    ImageListModel::Counts totalCounts() const;
    ImageListModel::Counts splitCounts(const QString &split) const;

    ImageBrowser *browser() const { return m_browser; }
    ImageView *imageView() const;
    AnnotationCanvas *canvas() const { return m_canvas; }
    gp::AnnotationDocument *document() const { return m_document; }
    QListView *imageList() const { return m_browser->list(); }
    ImageListModel *imageModel() const { return m_browser->model(); }
    // The last Suggest What to Label Next's order (empty before one).
    QStringList suggestions() const;
    // An order to review images in from elsewhere (frames filled between a video's keyframes):
    // the list numbers them and shows them first, as it does suggestions.
    void showSuggestions(const QStringList &order);
    ImageFilterModel *filterModel() const { return m_browser->filter(); }
    QTreeWidget *pointTable() const { return m_pointsPanel->pointTable(); }
    QListWidget *objectList() const { return m_pointsPanel->objectList(); }
    QComboBox *splitBox() const { return m_browser->splitBox(); }
    QComboBox *statusFilterBox() const { return m_browser->statusFilterBox(); }
    QLineEdit *searchEdit() const { return m_browser->searchEdit(); }
    QCheckBox *thumbnailsBox() const { return m_browser->thumbnailsBox(); }
    ChecksPanel *checksPanel() const { return m_checks; }
    ScenarioTagPanel *tagPanel() const { return m_tagPanel; }
    ScenarioTagController *tagController() const { return m_tags; }
    QTabWidget *sideTabs() const { return m_sideTabs; }
    // The banner with Accept and Reject, shown while the image needs review.
    QWidget *reviewBar() const { return m_reviewBar; }
    // Point origins, shape models and the review's settings (model-assisted correction).
    AssistController *assist() const { return m_assist; }

public Q_SLOTS:
    // The splitters and side tabs as designed (View ▸ Reset Layout).
    void resetLayout();
    void nextImage();
    void previousImage();
    // Replaces the shown image's objects with the previously shown image's (one undo step).
    void copyPreviousObjects();
    void showShortcuts();
    // Asks for a video and N, then imports every N-th frame into the current split.
    void importFramesInteractive();
    // Imports in the background (progress shown, cancellable); framesImported() follows.
    void importFrames(const QString &video, const QString &split, int everyNth);

    // Shows an image of the project (whatever the filter) and selects one of its objects.
    void openImage(const QString &file, const QString &split = QString(), int instance = -1);
    // An image just written into a split (e.g. a video frame): lists it and opens it.
    void showNewImage(const QString &file, const QString &split);
    // Images labelled elsewhere by a model (the Video workspace's frames) need review.
    void markNeedsReview(const QStringList &imageFiles);
    // Pre-labelling with a trained model: the images without labels get the model's
    // objects, marked "needs review" until accepted. Asks for a checkpoint when none is set.
    void prelabelCurrent();
    void prelabelUnlabelled();
    // In the background (progress shown, cancellable); prelabelFinished() follows.
    void prelabel(const QStringList &images);
    // The labelling loop's pre-labelling with a newly trained model: the unlabelled images, and
    // the proposals of the images under review revised (a person's points never move);
    // roundPrelabelled() follows.
    void prelabelRound(const QString &model, int imgsz);
    // Ranks the images nobody has reviewed with the pre-labelling model (the review settings'
    // strategy), in the background; the list shows them first, numbered, the first one is
    // shown, and suggestionsReady() follows.
    void suggestNext();
    // The shown image's review: Accept keeps its labels and clears the mark; Reject
    // deletes the model's labels, so the image is unlabelled again.
    void acceptReview();
    void rejectReview();

public:
    // The checkpoint (or model name) pre-labelling uses, and its confidence threshold (the
    // assist settings' `conf`).
    void setPrelabelModel(const QString &model, int imgsz = 640, double conf = 0.5);
    QString prelabelModel() const;
    int prelabelImgsz() const;
    // Which images hold a model's labels a person has not accepted yet.
    const gp::ReviewState &review() const;
    bool needsReview(const QString &imageFile) const;

Q_SIGNALS:
    void countsChanged();
    // The image and its labels are on screen.
    void imageShown(const QString &file);
    void framesImported(int written, int skippedExisting, const QString &error);
    void prelabelFinished(int written, int skippedLabelled, const QString &error);
    // The labelling loop: "Train on My Labels" was asked for (LoopController trains).
    void trainOnLabelsRequested();
    // A round's pre-labelling with the newly trained model finished: images newly labelled,
    // images under review revised, and how many proposals changed.
    void roundPrelabelled(int written, int revised, int changedPoints, const QString &error);
    // Suggest What to Label Next finished: how many images it ranked, or why none.
    void suggestionsReady(int ranked, const QString &error);
    // Something another program did to the project's files on screen (the window's status bar
    // says it too).
    void diskNotice(const QString &text);
    // A background job the window may show in its status bar.
    void jobStarted(BackgroundJob *job, const QString &label);

protected:
    void changeEvent(QEvent *event) override;

private:
    QWidget *createToolBarAndCanvas();
    void createActions();
    void retranslateUi();
    void requestLoad(bool force = false);
    void showLoaded(const ImageLoader::Loaded &loaded);
    void documentChanged();
    void labelsSaved(const QString &labelFile);
    void importDone(const QString &split, const gp::FrameImporter::Result &result);
    void prelabelDone(const QStringList &written, const QStringList &revised, int skippedLabelled, int changedPoints,
        const QString &error, const QString &saveError);
    void updateInfo();
    void sayDiskNotice(const QString &text);
    void updateActions();

    // Runs `then` once the browser has read the splits again (at once when none is read).
    void rescanThen(const QStringList &splits, std::function<void()> then);

    std::shared_ptr<const gp::Project> m_project;
    std::vector<std::function<void()>> m_afterListing;

    gp::AnnotationDocument *m_document;
    ImageBrowser *m_browser;
    ImageLoader *m_loader;
    ShownFileWatcher *m_fileWatch;
    PrelabelController *m_prelabel;
    SuggestionController *m_suggest;
    bool m_round = false; // the pre-labelling running is a loop round's
    AssistController *m_assist = nullptr;
    ScenarioTagController *m_tags;
    ScenarioTagPanel *m_tagPanel;
    FrameImportController *m_importer;
    LabelActions *m_actions;
    AnnotationCanvas *m_canvas;
    PointsPanel *m_pointsPanel;
    QTabWidget *m_sideTabs;
    LayoutMemory *m_layout;
    ChecksPanel *m_checks;
    QString m_pendingSelectFile;
    int m_pendingSelectInstance = -1;
    ImageInfoLabel *m_info;
    QLabel *m_hint;
    QWidget *m_reviewBar;
    QLabel *m_reviewText;

    QString m_shownFile;
    gp::DatasetIssueList m_issues;
    QString m_saveError;
    QString m_diskNotice; // what another program did to the files on screen
    QString m_openFailure; // why the last project could not be opened (shown while none is)
    bool m_readOnly = false;
    // The objects of the last images left (the newest last, at most kPreviousFrames) with their
    // sizes: "copy previous" copies the newest one's points that held still over them.
    static constexpr size_t kPreviousFrames = 3;
    std::deque<std::pair<std::vector<gp::PoseInstance>, QSize>> m_previous;
};
