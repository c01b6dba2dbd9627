// libFuzzer target: the COCO keypoints importer (CocoIo::parse), with 14 keypoints and, when
// the first byte is odd, 17 (a COCO-person file).

#include "cocoio.h"

#include <cstddef>
#include <cstdint>

using gp::CocoIo;
using gp::DatasetIssueList;
using gp::ImageAnnotation;
using gp::PoseInstance;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    const int keypoints = data[0] % 2 ? 17 : 14;
    DatasetIssueList issues;
    const auto dataset = CocoIo::parse(QByteArray(reinterpret_cast<const char *>(data + 1), qsizetype(size - 1)),
        QStringLiteral("/fuzz/annotations.json"), QStringLiteral("/fuzz/images"), keypoints, &issues);
    if (!dataset)
        return 0;
    for (const ImageAnnotation &image : dataset->images) {
        if (!image.imagePath.startsWith(QLatin1String("/fuzz/images/")))
            __builtin_trap(); // a file_name escaped the image root
        for (const PoseInstance &object : image.instances)
            if (int(object.keypoints.size()) != keypoints)
                __builtin_trap();
    }
    return 0;
}
