#pragma once

#include "datasetissue.h"
#include "frameimporter.h"
#include "imageannotation.h"
#include "imagelistmodel.h"
#include "prelabeller.h"
#include "reviewstate.h"

#include <QFutureWatcher>
#include <QImage>
#include <QWidget>

#include <atomic>
#include <map>
#include <memory>

class AnnotationCanvas;
class ChecksPanel;
class AnnotationDocument;
class ImageFilterModel;
class ImageView;
class PointsPanel;
class Project;
class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QListWidget;
class QProgressDialog;
class QTabWidget;
class QToolBar;
class QToolButton;
class QTreeWidget;

// The Label workspace: the project's images by split with their label status (filtered
// and searched), the selected image in an AnnotationCanvas that edits its labels through
// an AnnotationDocument (undo, autosave), the skeleton's points with the next one
// highlighted, and the image's objects. Images are decoded off the GUI thread.
class LabelWorkspace : public QWidget
{
    Q_OBJECT

public:
    explicit LabelWorkspace(QWidget *parent = nullptr);
    ~LabelWorkspace() override;

    void setProject(std::shared_ptr<const Project> project);

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

    ImageView *imageView() const;
    AnnotationCanvas *canvas() const { return m_canvas; }
    AnnotationDocument *document() const { return m_document; }
    QListView *imageList() const { return m_list; }
    ImageListModel *imageModel() const { return m_model; }
    ImageFilterModel *filterModel() const { return m_filter; }
    QTreeWidget *pointTable() const;
    QListWidget *objectList() const;
    QComboBox *splitBox() const { return m_splitBox; }
    QComboBox *statusFilterBox() const { return m_filterBox; }
    QLineEdit *searchEdit() const { return m_search; }
    QCheckBox *thumbnailsBox() const { return m_thumbnails; }
    ChecksPanel *checksPanel() const { return m_checks; }
    QTabWidget *sideTabs() const { return m_sideTabs; }
    // The banner with Accept and Reject, shown while the image needs review.
    QWidget *reviewBar() const { return m_reviewBar; }

public Q_SLOTS:
    void nextImage();
    void previousImage();
    // Replaces the shown image's objects with the previously shown image's (one undo step).
    void copyPreviousObjects();
    void showShortcuts();
    // Asks for a video and N, then imports every N-th frame into the current split.
    void importFramesInteractive();
    // Imports in the background (progress shown, cancellable); framesImported() follows.
    void importFrames(const QString &video, const QString &split, int everyNth);

    // Pre-labelling with a trained model: the images without labels get the model's
    // objects, marked "needs review" until accepted. Asks for a checkpoint when none is set.
    // Shows an image of the project (whatever the filter) and selects one of its objects.
    void openImage(const QString &file, const QString &split = QString(), int instance = -1);
    // An image just written into a split (e.g. a video frame): lists it and opens it.
    void showNewImage(const QString &file, const QString &split);
    void prelabelCurrent();
    void prelabelUnlabelled();
    // In the background (progress shown, cancellable); prelabelFinished() follows.
    void prelabel(const QStringList &images);
    // The shown image's review: Accept keeps its labels and clears the mark; Reject
    // deletes the model's labels, so the image is unlabelled again.
    void acceptReview();
    void rejectReview();

public:
    // The checkpoint (or model name) pre-labelling uses.
    void setPrelabelModel(const QString &model, int imgsz = 640, double conf = 0.25);
    QString prelabelModel() const { return m_prelabelOptions.model; }
    bool needsReview(const QString &imageFile) const { return m_review.contains(imageFile); }

Q_SIGNALS:
    void countsChanged();
    // The image and its labels are on screen.
    void imageShown(const QString &file);
    void framesImported(int written, int skippedExisting, const QString &error);
    void prelabelFinished(int written, int skippedLabelled, const QString &error);

protected:
    void changeEvent(QEvent *event) override;

private:
    struct Loaded
    {
        QString file;
        QImage image;
        ImageAnnotation annotation;
        DatasetIssueList issues;
    };

    void retranslateUi();
    void fillSplitBox();
    void fillFilterBox();
    void showSplit(const QString &split);
    void requestLoad();
    void loadFinished();
    void showLoaded(const Loaded &loaded);
    void documentChanged();
    void labelsSaved(const QString &labelFile);
    void updateInfo();
    void updateCountsLabel();
    void updateActions();
    void moveSelection(int step);
    void rescanSplit(const QString &split);
    void importFinished();
    void prelabelDone();
    std::vector<ImageListModel::Entry> scanSplit(const QString &split) const;
    void setShownReview(bool needsReview);
    void reloadShown();

    std::shared_ptr<const Project> m_project;
    std::map<QString, std::vector<ImageListModel::Entry>> m_entries; // by split

    AnnotationDocument *m_document;
    QComboBox *m_splitBox;
    QLabel *m_splitLabel;
    QLineEdit *m_search;
    QComboBox *m_filterBox;
    QListView *m_list;
    ImageListModel *m_model;
    ImageFilterModel *m_filter;
    QLabel *m_counts;
    QToolBar *m_toolBar;
    AnnotationCanvas *m_canvas;
    PointsPanel *m_pointsPanel;
    QCheckBox *m_thumbnails;
    QTabWidget *m_sideTabs;
    ChecksPanel *m_checks;
    QString m_pendingSelectFile;
    int m_pendingSelectInstance = -1;
    QLabel *m_info;
    QLabel *m_hint;
    QAction *m_next;
    QAction *m_previous;
    QAction *m_undo;
    QAction *m_redo;
    QAction *m_newObject;
    QAction *m_deleteObject;
    QAction *m_swap;
    QAction *m_copyPrevious;
    QAction *m_fit;
    QAction *m_actualSize;
    QAction *m_shortcuts;
    QAction *m_importFrames;
    QAction *m_prelabelImage;
    QAction *m_prelabelAll;
    QAction *m_accept;
    QAction *m_reject;
    QToolButton *m_prelabelButton;
    QWidget *m_reviewBar;
    QLabel *m_reviewText;

    QFutureWatcher<Loaded> m_loader;
    QFutureWatcher<FrameImporter::Result> m_importer;
    std::atomic_bool m_cancelImport{false};
    std::atomic_int m_importFrame{0};
    QString m_importSplit;
    QProgressDialog *m_importProgress = nullptr;
    ReviewState m_review;
    PreLabeller::Options m_prelabelOptions;
    QFutureWatcher<PreLabeller::Result> m_prelabeller;
    std::atomic_bool m_cancelPrelabel{false};
    std::atomic_int m_prelabelDone{0};
    std::atomic_int m_prelabelTotal{0};
    QProgressDialog *m_prelabelProgress = nullptr;
    bool m_forceReload = false;
    QString m_loadingFile;
    QString m_shownFile;
    DatasetIssueList m_issues;
    QString m_saveError;
    bool m_readOnly = false;
    // The objects of the image shown before this one, for copyPreviousObjects().
    std::vector<PoseInstance> m_previousObjects;
    QSize m_previousSize;
};
