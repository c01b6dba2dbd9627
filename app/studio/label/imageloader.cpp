#include "imageloader.h"

#include "backgroundjob.h"
#include "labelfile.h"

#include <QImageReader>

using gp::DatasetConfig;
using gp::DatasetIssue;

ImageLoader::ImageLoader(QObject *parent)
    : QObject(parent)
    , m_job(new BackgroundJob(this))
{
    connect(m_job, &BackgroundJob::finished, this, &ImageLoader::finished);
}

bool ImageLoader::isLoading() const
{
    return m_job->isRunning();
}

void ImageLoader::request(const QString &file)
{
    m_wanted = file;
    if (!m_job->isRunning())
        start(file);
}

void ImageLoader::start(const QString &file)
{
    const DatasetConfig config = m_config;
    m_job->start([config, file](const gp::CancelToken &, const gp::Progress &) {
        Loaded l;
        l.file = file;
        QImageReader reader(file);
        reader.setAutoTransform(true);
        l.image = reader.read();
        if (l.image.isNull())
            l.issues.add(DatasetIssue::Kind::ImageUndecodable, config.displayName(file), 0,
                tr("the image does not decode: %1").arg(reader.errorString()));
        l.labelPrint = gp::LabelFile::fingerprint(DatasetConfig::labelFileFor(file));
        l.annotation = config.loadAnnotation(file, &l.issues);
        return l;
    });
}

void ImageLoader::finished()
{
    const Loaded result = m_job->result<Loaded>();
    if (result.file != m_wanted) {
        start(m_wanted); // the wish moved on while this one decoded
        return;
    }
    Q_EMIT loaded(result);
}
