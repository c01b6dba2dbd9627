// libFuzzer target: data.yaml (DatasetConfig::parse, which validates kpt_shape, flip_idx
// and names); a config it accepts is written back and must load again.

#include "datasetconfig.h"

#include <QTemporaryDir>

#include <cstddef>
#include <cstdint>

using gp::DatasetConfig;
using gp::DatasetIssueList;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const QTemporaryDir dir; // one folder for the whole run: a relative yaml resolves into it
    const QString yaml = dir.filePath(QStringLiteral("data.yaml"));
    DatasetIssueList issues;
    const auto config
        = DatasetConfig::parse(QByteArray(reinterpret_cast<const char *>(data), qsizetype(size)), yaml, &issues);
    if (!config || !config->validate().fatal().isEmpty())
        return 0;
    QString error;
    if (!config->save(yaml, &error))
        return 0;
    DatasetIssueList again;
    if (!DatasetConfig::load(yaml, &again))
        __builtin_trap(); // a valid config we wrote must read back
    return 0;
}
