#pragma once

#include "datasetconfig.h"
#include "datasetissue.h"
#include "imageannotation.h"

#include <QImage>
#include <QObject>
#include <QString>

class BackgroundJob;

// Decodes the image to show and reads its labels off the GUI thread. While one decodes,
// further requests only change which file is wanted: when it is done the newest wanted
// file is decoded next, so scrolling through a list never queues up stale decodes.
class ImageLoader : public QObject
{
    Q_OBJECT

public:
    struct Loaded
    {
        QString file;
        QImage image; // null: the image does not decode (issues say why)
        gp::ImageAnnotation annotation;
        // LabelFile::fingerprint() of the label file, taken before it was read.
        QByteArray labelPrint;
        gp::DatasetIssueList issues;
    };

    explicit ImageLoader(QObject *parent = nullptr);

    void setConfig(const gp::DatasetConfig &config) { m_config = config; }
    void request(const QString &file);
    bool isLoading() const;
    QString wanted() const { return m_wanted; }

Q_SIGNALS:
    // The wanted file, decoded.
    void loaded(const ImageLoader::Loaded &loaded);

private:
    void start(const QString &file);
    void finished();

    gp::DatasetConfig m_config;
    QString m_wanted;
    BackgroundJob *m_job;
};
