#include "labelsuggester.h"

#include "predictor.h"

#include <QFileInfo>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

namespace gp {

LabelSuggester::Result LabelSuggester::run(
    const Options &o, const gp::CancelToken &cancel, const gp::Progress &progress)
{
    Result r;
    if (o.strategy == LabelSuggestions::Strategy::Uniform) {
        // Nothing to learn from the model: the list's order, without running it.
        r.order = o.images;
        return r;
    }
    Predictor predictor;
    PredictorOptions po;
    po.model = o.model;
    po.imgsz = o.imgsz;
    po.conf = o.conf;
    po.iou = o.iou;
    po.device = o.device;
    if (!predictor.load(po, &r.error))
        return r;
    std::vector<LabelSuggestions::Evidence> evidence;
    QStringList ranked;
    const int total = int(o.images.size());
    for (int i = 0; i < total; ++i) {
        if (cancel.isCancelled()) {
            r.cancelled = true;
            return r;
        }
        const QString &file = o.images[i];
        const cv::Mat image = cv::imread(file.toStdString(), cv::IMREAD_COLOR);
        std::vector<std::vector<PoseDetection>> found;
        std::vector<std::vector<float>> features;
        QString why;
        cv::Mat mirrored;
        if (!image.empty())
            cv::flip(image, mirrored, 1);
        if (image.empty()) {
            ++r.failed;
            r.error = tr("%1 does not decode").arg(QFileInfo(file).fileName());
        } else if (!predictor.predict({ image, mirrored }, &found, &why, &features) || found.size() != 2) {
            ++r.failed;
            r.error = why;
        } else {
            LabelSuggestions::Evidence e;
            e.uncertainty = LabelSuggestions::uncertainty(
                found[0], LabelSuggestions::unmirror(found[1], image.cols, o.flipIndex));
            if (!features.empty())
                e.features = features.front();
            r.uncertainty.insert(file, e.uncertainty);
            evidence.push_back(std::move(e));
            ranked << file;
        }
        progress.report(i + 1, total);
    }
    for (int i : LabelSuggestions::rank(evidence, o.strategy, o.clusters))
        r.order << ranked[i];
    return r;
}

} // namespace gp
