// libFuzzer target: one Ultralytics pose label file (LabelFile::parse), under every format
// the first two bytes choose. Checks beyond "no crash": what parses is written back and
// reads again to as many objects with nothing rejected.

#include "labelfile.h"

#include <cstddef>
#include <cstdint>

using gp::DatasetIssueList;
using gp::LabelFile;
using gp::PoseInstance;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 2)
        return 0;
    LabelFile::Format format;
    format.keypointCount = data[0] % 20; // 0..19, 14 the product's
    format.keypointDims = 2 + data[1] % 2;
    format.classCount = 1 + (data[1] >> 4) % 3;
    const QSize imageSize(64 + data[0] % 7, 48);
    const QByteArray text(reinterpret_cast<const char *>(data + 2), qsizetype(size - 2));
    DatasetIssueList issues;
    LabelFile::Outcome outcome;
    const std::vector<PoseInstance> objects
        = LabelFile::parse(text, imageSize, format, &issues, QStringLiteral("fuzz.txt"), &outcome);
    if (!format.isValid())
        return 0;
    const QByteArray again = LabelFile::serialize(objects, imageSize, format.keypointDims);
    DatasetIssueList issues2;
    LabelFile::Outcome outcome2;
    const std::vector<PoseInstance> reread
        = LabelFile::parse(again, imageSize, format, &issues2, QStringLiteral("fuzz.txt"), &outcome2);
    if (reread.size() != objects.size() || outcome2.rejected != 0)
        __builtin_trap(); // what we write must read back
    return 0;
}
