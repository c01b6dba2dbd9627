#include "shownfilewatcher.h"

#include "annotationdocument.h"
#include "labelfile.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

ShownFileWatcher::ShownFileWatcher(const gp::AnnotationDocument *document, QObject *parent)
    : QObject(parent)
    , m_document(document)
    , m_watcher(new QFileSystemWatcher(this))
    , m_settle(new QTimer(this))
{
    m_settle->setSingleShot(true);
    m_settle->setInterval(kSettleMs);
    connect(m_settle, &QTimer::timeout, this, &ShownFileWatcher::look);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_settle, qOverload<>(&QTimer::start));
    connect(m_watcher, &QFileSystemWatcher::directoryChanged, m_settle, qOverload<>(&QTimer::start));
}

void ShownFileWatcher::watch(const QString &imageFile)
{
    if (!m_watcher->files().isEmpty())
        m_watcher->removePaths(m_watcher->files());
    if (!m_watcher->directories().isEmpty())
        m_watcher->removePaths(m_watcher->directories());
    m_settle->stop();
    m_goneSaid = imageFile != m_imageFile ? false : m_goneSaid;
    m_imageFile = imageFile;
    if (imageFile.isEmpty())
        return;
    QStringList paths { imageFile, QFileInfo(imageFile).absolutePath() };
    const QString labelFile = m_document->labelFile();
    if (!labelFile.isEmpty()) {
        paths << QFileInfo(labelFile).absolutePath();
        if (QFileInfo::exists(labelFile))
            paths << labelFile;
    }
    paths.removeDuplicates();
    m_watcher->addPaths(paths); // a path that cannot be watched (gone already) is left out
}

void ShownFileWatcher::look()
{
    if (m_imageFile.isEmpty())
        return;
    if (!m_goneSaid && !QFileInfo::exists(m_imageFile)) {
        m_goneSaid = true;
        Q_EMIT imageGone(m_imageFile);
    }
    const QString labelFile = m_document->labelFile();
    // The file watch is lost when a save replaces the file: taken again whenever it exists.
    if (!labelFile.isEmpty() && QFileInfo::exists(labelFile) && !m_watcher->files().contains(labelFile))
        m_watcher->addPath(labelFile);
    if (labelFile.isEmpty() || m_document->hasUnsavedChanges() || m_document->inInteraction())
        return;
    if (gp::LabelFile::fingerprint(labelFile) != m_document->diskPrint())
        Q_EMIT labelsChangedElsewhere(m_imageFile);
}
