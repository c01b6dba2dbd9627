#include "cocoio.h"
#include "savefilecommit.h"

#include "skeleton.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <optional>
#include <stdexcept>

namespace gp {

using nlohmann::json;

namespace {

using Kind = DatasetIssue::Kind;

// Image sides beyond this are taken for a broken width/height, and the file is asked instead.
constexpr long long kMaxSide = 1 << 20;

// A whole number from a JSON value, or nothing (a fraction, a string, out of range): ids and
// sizes are read through this so that no value converts to an integer it does not fit.
std::optional<long long> wholeNumber(const json &v)
{
    if (v.is_number_unsigned())
        return v.get<unsigned long long>() <= (1ULL << 53) ? std::optional<long long>(v.get<long long>())
                                                           : std::nullopt;
    if (v.is_number_integer())
        return v.get<long long>();
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (std::isfinite(d) && d == std::floor(d) && std::abs(d) <= double(1LL << 53))
            return (long long)d;
    }
    return std::nullopt;
}

// A structure problem found by this reader (nlohmann's own are json::exception).
struct BadStructure : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

} // namespace

bool CocoIo::isSafeRelativePath(const QString &fileName)
{
    if (fileName.isEmpty() || QDir::isAbsolutePath(fileName) || fileName.startsWith(QLatin1Char('\\'))
        || (fileName.size() > 1 && fileName[1] == QLatin1Char(':')))
        return false;
    const QString clean = QDir::cleanPath(QString(fileName).replace(QLatin1Char('\\'), QLatin1Char('/')));
    return clean != QLatin1String("..") && !clean.startsWith(QLatin1String("../"));
}

std::optional<CocoIo::Dataset> CocoIo::read(
    const QString &jsonFile, const QString &imageRoot, int keypointCount, DatasetIssueList *issues)
{
    QFile f(jsonFile);
    if (!f.open(QIODevice::ReadOnly)) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("cannot open: %1").arg(f.errorString()));
        return std::nullopt;
    }
    return parse(f.readAll(), jsonFile, imageRoot, keypointCount, issues);
}

std::optional<CocoIo::Dataset> CocoIo::parse(const QByteArray &text, const QString &jsonFile, const QString &imageRoot,
    int keypointCount, DatasetIssueList *issues)
{
    json doc;
    try {
        doc = json::parse(text.begin(), text.end());
    } catch (const json::exception &e) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("not valid JSON: %1").arg(QString::fromUtf8(e.what())));
        return std::nullopt;
    }
    if (!doc.is_object() || !doc.contains("images") || !doc.contains("annotations") || !doc.contains("categories")
        || !doc["images"].is_array() || !doc["annotations"].is_array() || !doc["categories"].is_array()) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0,
            tr("a COCO file needs \"images\", \"annotations\" and \"categories\" lists"));
        return std::nullopt;
    }
    Dataset ds;
    std::map<long long, int> categoryIndex;
    std::map<long long, size_t> imageIndex;
    // Images left out, by id, with why: their annotations are skipped with them.
    std::map<long long, QString> skippedImages;
    try {
        for (const json &c : doc["categories"]) {
            const auto id = wholeNumber(c.at("id"));
            if (!id)
                throw BadStructure("a category id is not a whole number");
            categoryIndex[*id] = int(ds.categories.size());
            const json name = c.value("name", json("object"));
            ds.categories << (name.is_string() ? QString::fromStdString(name.get<std::string>())
                                               : QStringLiteral("object"));
            if (ds.keypointNames.isEmpty() && c.contains("keypoints") && c["keypoints"].is_array())
                for (const json &k : c["keypoints"])
                    ds.keypointNames << QString::fromStdString(k.get<std::string>());
        }

        // Ids used by more than one image: the annotations cannot say which image they mean.
        std::map<long long, QStringList> namesById;
        for (const json &im : doc["images"])
            if (const auto id = im.is_object() && im.contains("id") ? wholeNumber(im["id"]) : std::nullopt)
                namesById[*id] << (im.contains("file_name") && im["file_name"].is_string()
                        ? QString::fromStdString(im["file_name"].get<std::string>())
                        : QStringLiteral("?"));
        for (const auto &[id, names] : namesById)
            if (names.size() > 1) {
                issues->add(Kind::DuplicateEntry, jsonFile, 0,
                    tr("image id %1 is used by %2 images (%3); all of them are skipped, since their "
                       "annotations cannot be told apart")
                        .arg(id)
                        .arg(names.size())
                        .arg(names.join(QStringLiteral(", "))));
                skippedImages[id] = tr("its id is used twice");
            }

        const QDir root(imageRoot);
        std::map<QString, long long> idByName;
        for (const json &im : doc["images"]) {
            const auto id = wholeNumber(im.at("id"));
            if (!id)
                throw BadStructure("an image id is not a whole number");
            if (skippedImages.count(*id))
                continue;
            const QString name = QString::fromStdString(im.at("file_name").get<std::string>());
            if (!isSafeRelativePath(name)) {
                issues->add(Kind::UnsafePath, jsonFile, 0,
                    tr("image %1: file_name \"%2\" leaves the image folder; refused").arg(*id).arg(name));
                skippedImages[*id] = tr("its file_name is refused");
                continue;
            }
            const QString clean = QDir::cleanPath(QString(name).replace(QLatin1Char('\\'), QLatin1Char('/')));
            if (const auto seen = idByName.find(clean); seen != idByName.end()) {
                issues->add(Kind::DuplicateEntry, jsonFile, 0,
                    tr("images %1 and %2 are both \"%3\"; image %2 and its annotations are skipped")
                        .arg(seen->second)
                        .arg(*id)
                        .arg(clean));
                skippedImages[*id] = tr("its file_name is used by image %1").arg(seen->second);
                continue;
            }
            ImageAnnotation a;
            a.imagePath = QDir::cleanPath(root.absoluteFilePath(clean));
            const auto width = im.contains("width") ? wholeNumber(im["width"]) : std::nullopt;
            const auto height = im.contains("height") ? wholeNumber(im["height"]) : std::nullopt;
            if (width && height && *width > 0 && *height > 0 && *width <= kMaxSide && *height <= kMaxSide)
                a.imageSize = QSize(int(*width), int(*height));
            else
                a.imageSize = QImageReader(a.imagePath).size();
            if (!a.imageSize.isValid() || a.imageSize.isEmpty()) {
                issues->add(Kind::ImageUndecodable, jsonFile, 0,
                    tr("image %1 (%2): no width/height and the file cannot be read").arg(*id).arg(name));
                skippedImages[*id] = tr("its size is unknown");
                continue;
            }
            idByName[clean] = *id;
            imageIndex[*id] = ds.images.size();
            ds.images.push_back(a);
            ds.fileNames << clean;
        }
        int annIndex = 0;
        for (const json &an : doc["annotations"]) {
            ++annIndex;
            const auto annId = an.contains("id") ? wholeNumber(an["id"]) : std::nullopt;
            const QString which = QString::number(annId ? *annId : annIndex);
            const auto imageId = wholeNumber(an.at("image_id"));
            const auto categoryId = an.contains("category_id") ? wholeNumber(an["category_id"]) : std::nullopt;
            if (imageId && skippedImages.count(*imageId)) {
                issues->add(Kind::BadReference, jsonFile, 0,
                    tr("annotation %1 belongs to image %2, which is skipped (%3)")
                        .arg(which)
                        .arg(*imageId)
                        .arg(skippedImages[*imageId]));
                continue;
            }
            const auto img = imageId ? imageIndex.find(*imageId) : imageIndex.end();
            const auto cat = categoryId ? categoryIndex.find(*categoryId) : categoryIndex.end();
            if (img == imageIndex.end() || cat == categoryIndex.end()) {
                issues->add(Kind::BadReference, jsonFile, 0,
                    tr("annotation %1 refers to an unknown image or category").arg(which));
                continue;
            }
            const json kps = an.value("keypoints", json::array());
            if (!kps.is_array() || int(kps.size()) != 3 * keypointCount) {
                issues->add(Kind::ColumnCount, jsonFile, 0,
                    tr("annotation %1 has %2 keypoint values; expected %3 (%4 keypoints × 3)")
                        .arg(which)
                        .arg(kps.size())
                        .arg(3 * keypointCount)
                        .arg(keypointCount));
                continue;
            }
            PoseInstance inst;
            inst.classId = cat->second;
            const json &bb = an.at("bbox");
            inst.box = QRectF(
                bb.at(0).get<double>(), bb.at(1).get<double>(), bb.at(2).get<double>(), bb.at(3).get<double>());
            if (!(inst.box.width() > 0 && inst.box.height() > 0)) {
                issues->add(Kind::EmptyBox, jsonFile, 0,
                    tr("annotation %1: the box has no area (width %2, height %3)")
                        .arg(which)
                        .arg(inst.box.width())
                        .arg(inst.box.height()));
                continue;
            }
            for (int k = 0; k < keypointCount; ++k) {
                // Visibility is 0, 1 or 2; read as a number so that 2.0 or 1e300 cannot overflow an int.
                const double v = kps[size_t(3 * k + 2)].get<double>();
                inst.keypoints.push_back({ kps[size_t(3 * k)].get<double>(), kps[size_t(3 * k + 1)].get<double>(),
                    int(std::clamp(std::isfinite(v) ? std::round(v) : 0.0, 0.0, 2.0)) });
            }
            ds.images[img->second].instances.push_back(std::move(inst));
        }
    } catch (const json::exception &e) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("unexpected structure: %1").arg(QString::fromUtf8(e.what())));
        return std::nullopt;
    } catch (const BadStructure &e) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("unexpected structure: %1").arg(QString::fromUtf8(e.what())));
        return std::nullopt;
    }
    return ds;
}

bool CocoIo::write(
    const QString &jsonFile, const Dataset &dataset, const Skeleton &skeleton, const QString &imageRoot, QString *error)
{
    json images = json::array(), annotations = json::array(), categories = json::array();
    json names = json::array(), edges = json::array();
    for (const Skeleton::Point &p : skeleton.points())
        names.push_back(p.name.toStdString());
    for (const auto &[i, j] : skeleton.edges())
        edges.push_back({ i + 1, j + 1 }); // COCO skeletons are 1-based
    for (int c = 0; c < dataset.categories.size(); ++c)
        categories.push_back({ { "id", c + 1 }, { "name", dataset.categories[c].toStdString() },
            { "supercategory", "robot" }, { "keypoints", names }, { "skeleton", edges } });
    const QDir root(imageRoot);
    long long annId = 1;
    for (size_t i = 0; i < dataset.images.size(); ++i) {
        const ImageAnnotation &a = dataset.images[i];
        const long long imageId = (long long)(i + 1);
        images.push_back({ { "id", imageId }, { "file_name", root.relativeFilePath(a.imagePath).toStdString() },
            { "width", a.imageSize.width() }, { "height", a.imageSize.height() } });
        for (const PoseInstance &inst : a.instances) {
            json kps = json::array();
            int labelled = 0;
            for (const Keypoint &k : inst.keypoints) {
                kps.push_back(k.x);
                kps.push_back(k.y);
                kps.push_back(k.visibility);
                labelled += k.isLabelled();
            }
            annotations.push_back({ { "id", annId++ }, { "image_id", imageId }, { "category_id", inst.classId + 1 },
                { "bbox", { inst.box.x(), inst.box.y(), inst.box.width(), inst.box.height() } },
                { "area", inst.box.width() * inst.box.height() }, { "iscrowd", 0 }, { "num_keypoints", labelled },
                { "keypoints", kps } });
        }
    }
    const json doc = { { "info", { { "description", "GripperPose Studio export" } } }, { "images", images },
        { "annotations", annotations }, { "categories", categories } };
    QSaveFile f(jsonFile);
    const std::string text = doc.dump(1);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) < 0 || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(jsonFile, f.errorString());
        return false;
    }
    return true;
}

} // namespace gp
