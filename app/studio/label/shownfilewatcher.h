#pragma once

#include <QObject>
#include <QString>

class QFileSystemWatcher;
class QTimer;

namespace gp {
class AnnotationDocument;
}

// The image on screen and its label file, watched for what other programs do to them while the
// studio runs: a text editor or Ultralytics tooling rewriting the labels, another studio saving
// the same image, the image deleted or moved. It watches the files and their folders (an atomic
// save replaces the file, which a file watch alone loses) and, a moment after the last change,
// compares the label file with what the document last read or wrote (its fingerprint), so that
// the studio's own saves never count.
class ShownFileWatcher : public QObject
{
    Q_OBJECT

public:
    static constexpr int kSettleMs = 150; // a burst of changes (write, rename) is looked at once

    ShownFileWatcher(const gp::AnnotationDocument *document, QObject *parent = nullptr);

    // Watches `imageFile` and the document's label file (empty: nothing).
    void watch(const QString &imageFile);

Q_SIGNALS:
    // The label file differs from what the document holds and no edit of the document is
    // waiting to be written (one that is keeps the other version aside when it is written).
    void labelsChangedElsewhere(const QString &imageFile);
    // The image file is gone; said once per image shown.
    void imageGone(const QString &imageFile);

private:
    void look();

    const gp::AnnotationDocument *m_document;
    QFileSystemWatcher *m_watcher;
    QTimer *m_settle;
    QString m_imageFile;
    bool m_goneSaid = false;
};
