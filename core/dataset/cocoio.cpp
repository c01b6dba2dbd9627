#include "cocoio.h"

#include "skeleton.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImageReader>
#include <QSaveFile>

#include <nlohmann/json.hpp>

#include <map>

using nlohmann::json;

namespace {
using Kind = DatasetIssue::Kind;
}

bool CocoIo::isSafeRelativePath(const QString &fileName)
{
    if (fileName.isEmpty() || QDir::isAbsolutePath(fileName) || fileName.startsWith(QLatin1Char('\\'))
        || (fileName.size() > 1 && fileName[1] == QLatin1Char(':')))
        return false;
    const QString clean = QDir::cleanPath(QString(fileName).replace(QLatin1Char('\\'), QLatin1Char('/')));
    return clean != QLatin1String("..") && !clean.startsWith(QLatin1String("../"));
}

std::optional<CocoIo::Dataset> CocoIo::read(const QString &jsonFile, const QString &imageRoot, int keypointCount,
                                            DatasetIssueList *issues)
{
    QFile f(jsonFile);
    if (!f.open(QIODevice::ReadOnly)) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("cannot open: %1").arg(f.errorString()));
        return std::nullopt;
    }
    json doc;
    try {
        doc = json::parse(f.readAll().toStdString());
    } catch (const json::exception &e) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("not valid JSON: %1").arg(QString::fromUtf8(e.what())));
        return std::nullopt;
    }
    if (!doc.is_object() || !doc.contains("images") || !doc.contains("annotations") || !doc.contains("categories")) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("a COCO file needs \"images\", \"annotations\" and \"categories\""));
        return std::nullopt;
    }
    Dataset ds;
    std::map<long long, int> categoryIndex;
    std::map<long long, size_t> imageIndex;
    try {
        for (const json &c : doc["categories"]) {
            categoryIndex[c.at("id").get<long long>()] = int(ds.categories.size());
            ds.categories << QString::fromStdString(c.value("name", std::string("object")));
            if (ds.keypointNames.isEmpty() && c.contains("keypoints"))
                for (const json &k : c["keypoints"])
                    ds.keypointNames << QString::fromStdString(k.get<std::string>());
        }
        const QDir root(imageRoot);
        for (const json &im : doc["images"]) {
            const long long id = im.at("id").get<long long>();
            const QString name = QString::fromStdString(im.at("file_name").get<std::string>());
            if (!isSafeRelativePath(name)) {
                issues->add(Kind::UnsafePath, jsonFile, 0,
                            tr("image %1: file_name \"%2\" leaves the image folder; refused").arg(id).arg(name));
                continue;
            }
            ImageAnnotation a;
            a.imagePath = QDir::cleanPath(root.absoluteFilePath(name));
            a.imageSize = QSize(im.value("width", 0), im.value("height", 0));
            if (!a.imageSize.isValid() || a.imageSize.isEmpty())
                a.imageSize = QImageReader(a.imagePath).size();
            if (!a.imageSize.isValid()) {
                issues->add(Kind::ImageUndecodable, jsonFile, 0,
                            tr("image %1 (%2): no width/height and the file cannot be read").arg(id).arg(name));
                continue;
            }
            imageIndex[id] = ds.images.size();
            ds.images.push_back(a);
        }
        int annIndex = 0;
        for (const json &an : doc["annotations"]) {
            ++annIndex;
            const long long imageId = an.at("image_id").get<long long>();
            const auto img = imageIndex.find(imageId);
            const auto cat = categoryIndex.find(an.value("category_id", -1LL));
            if (img == imageIndex.end() || cat == categoryIndex.end()) {
                issues->add(Kind::BadReference, jsonFile, 0,
                            tr("annotation %1 refers to an unknown image or category").arg(an.value("id", annIndex)));
                continue;
            }
            const json &kps = an.value("keypoints", json::array());
            if (int(kps.size()) != 3 * keypointCount) {
                issues->add(Kind::ColumnCount, jsonFile, 0,
                            tr("annotation %1 has %2 keypoint values; expected %3 (%4 keypoints × 3)")
                                .arg(an.value("id", annIndex))
                                .arg(kps.size())
                                .arg(3 * keypointCount)
                                .arg(keypointCount));
                continue;
            }
            PoseInstance inst;
            inst.classId = cat->second;
            const json &bb = an.at("bbox");
            inst.box = QRectF(bb.at(0).get<double>(), bb.at(1).get<double>(), bb.at(2).get<double>(), bb.at(3).get<double>());
            for (int k = 0; k < keypointCount; ++k)
                inst.keypoints.push_back({kps[size_t(3 * k)].get<double>(), kps[size_t(3 * k + 1)].get<double>(),
                                          std::clamp(kps[size_t(3 * k + 2)].get<int>(), 0, 2)});
            ds.images[img->second].instances.push_back(std::move(inst));
        }
    } catch (const json::exception &e) {
        issues->add(Kind::ConfigInvalid, jsonFile, 0, tr("unexpected structure: %1").arg(QString::fromUtf8(e.what())));
        return std::nullopt;
    }
    return ds;
}

bool CocoIo::write(const QString &jsonFile, const Dataset &dataset, const Skeleton &skeleton, const QString &imageRoot,
                   QString *error)
{
    json images = json::array(), annotations = json::array(), categories = json::array();
    json names = json::array(), edges = json::array();
    for (const Skeleton::Point &p : skeleton.points())
        names.push_back(p.name.toStdString());
    for (const auto &[i, j] : skeleton.edges())
        edges.push_back({i + 1, j + 1}); // COCO skeletons are 1-based
    for (int c = 0; c < dataset.categories.size(); ++c)
        categories.push_back({{"id", c + 1},
                              {"name", dataset.categories[c].toStdString()},
                              {"supercategory", "robot"},
                              {"keypoints", names},
                              {"skeleton", edges}});
    const QDir root(imageRoot);
    long long annId = 1;
    for (size_t i = 0; i < dataset.images.size(); ++i) {
        const ImageAnnotation &a = dataset.images[i];
        const long long imageId = (long long)(i + 1);
        images.push_back({{"id", imageId},
                          {"file_name", root.relativeFilePath(a.imagePath).toStdString()},
                          {"width", a.imageSize.width()},
                          {"height", a.imageSize.height()}});
        for (const PoseInstance &inst : a.instances) {
            json kps = json::array();
            int labelled = 0;
            for (const Keypoint &k : inst.keypoints) {
                kps.push_back(k.x);
                kps.push_back(k.y);
                kps.push_back(k.visibility);
                labelled += k.isLabelled();
            }
            annotations.push_back({{"id", annId++},
                                   {"image_id", imageId},
                                   {"category_id", inst.classId + 1},
                                   {"bbox", {inst.box.x(), inst.box.y(), inst.box.width(), inst.box.height()}},
                                   {"area", inst.box.width() * inst.box.height()},
                                   {"iscrowd", 0},
                                   {"num_keypoints", labelled},
                                   {"keypoints", kps}});
        }
    }
    const json doc = {{"info", {{"description", "GripperPose Studio export"}}},
                      {"images", images},
                      {"annotations", annotations},
                      {"categories", categories}};
    QSaveFile f(jsonFile);
    const std::string text = doc.dump(1);
    if (!f.open(QIODevice::WriteOnly) || f.write(text.data(), qint64(text.size())) < 0 || !f.commit()) {
        *error = tr("%1: cannot write: %2").arg(jsonFile, f.errorString());
        return false;
    }
    return true;
}
