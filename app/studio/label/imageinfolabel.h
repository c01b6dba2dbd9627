#pragma once

#include "datasetissue.h"

#include <QLabel>
#include <QSize>

// What the Label workspace says under the points about the image shown: its name, size,
// objects and label status, whether a model labelled it (and the keys that accept or reject
// that), and what is wrong: a save that failed, label lines that do not read (the image is
// then not written over). Without a project, why none is open.
class ImageInfoLabel : public QLabel
{
    Q_OBJECT

public:
    struct Shown
    {
        QString file;
        QSize size;
        int objects = 0;
        QString status; // ImageListModel::statusName(); empty when not listed
        bool needsReview = false;
        QString acceptKey, rejectKey;
        QString saveError;
        bool readOnly = false;
        gp::DatasetIssueList issues;
        QString diskNotice; // what another program did to the files shown
    };

    explicit ImageInfoLabel(QWidget *parent = nullptr);

    void showImage(const Shown &shown);
    // `openFailure`: why the last project could not be opened (empty: none was tried).
    void showNoProject(const QString &openFailure);
};
