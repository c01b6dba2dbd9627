#pragma once

#include "datasetissue.h"
#include "imageannotation.h"
#include "imagelistmodel.h"

#include <QFutureWatcher>
#include <QImage>
#include <QWidget>

#include <map>
#include <memory>

class ImageView;
class Project;
class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QListView;
class QTreeWidget;

// The Label workspace: the project's images by split with their label status, the
// selected image with its labels in an ImageView, and the skeleton's points beside it.
// Read-only for now; images are decoded off the GUI thread.
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
    int currentRow() const;
    void setCurrentRow(int row);
    // The image shown (its labels loaded); empty while none is.
    QString shownFile() const { return m_shownFile; }
    bool isBusy() const;

    // All splits together.
    ImageListModel::Counts totalCounts() const;
    ImageListModel::Counts splitCounts(const QString &split) const;

    ImageView *imageView() const { return m_view; }
    QListView *imageList() const { return m_list; }
    ImageListModel *imageModel() const { return m_model; }
    QTreeWidget *pointTable() const { return m_points; }
    QComboBox *splitBox() const { return m_splitBox; }

public Q_SLOTS:
    void nextImage();
    void previousImage();

Q_SIGNALS:
    void countsChanged();
    // The image and its labels are on screen.
    void imageShown(const QString &file);

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
    void showSplit(const QString &split);
    void requestLoad();
    void loadFinished();
    void showLoaded(const Loaded &loaded);
    void updatePointTable();
    void updateInfo();
    void updateCountsLabel();

    std::shared_ptr<const Project> m_project;
    std::map<QString, std::vector<ImageListModel::Entry>> m_entries; // by split

    QComboBox *m_splitBox;
    QLabel *m_splitLabel;
    QListView *m_list;
    ImageListModel *m_model;
    QLabel *m_counts;
    ImageView *m_view;
    QLabel *m_pointsTitle;
    QCheckBox *m_showNumbers;
    QTreeWidget *m_points;
    QLabel *m_info;
    QLabel *m_hint;
    QAction *m_next;
    QAction *m_previous;

    QFutureWatcher<Loaded> m_loader;
    QString m_loadingFile;
    QString m_shownFile;
    Loaded m_current;
};
