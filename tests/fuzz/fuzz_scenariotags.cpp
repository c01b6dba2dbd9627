// libFuzzer target: scenarios.yaml (ScenarioTags::load reads it from a dataset folder: the
// input is written there), then every tag is matched against a few paths.

#include "scenariotags.h"

#include <QFile>
#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

using gp::ScenarioTags;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QTemporaryDir dir;
    QFile f(ScenarioTags::fileFor(dir.path()));
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate))
        return 0;
    f.write(reinterpret_cast<const char *>(data), qint64(size));
    f.close();
    ScenarioTags tags;
    QString error;
    if (!tags.load(dir.path(), &error))
        return 0;
    for (const char *path : { "/images/train/a.jpg", "/images/val/sub/b.png", "" })
        for (const QString &tag : tags.tagsOf(dir.path() + QLatin1String(path)))
            if (!tags.tags().contains(tag))
                __builtin_trap();
    return 0;
}
