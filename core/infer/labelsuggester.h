#pragma once

#include "canceltoken.h"
#include "labelsuggestions.h"
#include "progress.h"

#include <QCoreApplication>
#include <QHash>
#include <QString>
#include <QStringList>

#include <vector>

namespace gp {

// Runs a model over the images a person has not reviewed yet, each image and its mirror
// image, and ranks them by LabelSuggestions: which to label next. Reads images, writes
// nothing. Run it on a worker thread; it makes its own Predictor there.
class LabelSuggester
{
    Q_DECLARE_TR_FUNCTIONS(LabelSuggester)

public:
    struct Options
    {
        QString model; // checkpoint, weight file or model name (see PredictorOptions)
        int imgsz = 640;
        double conf = 0.25;
        double iou = 0.7;
        QString device;
        QStringList images; // absolute paths, in the list's order
        std::vector<int> flipIndex; // the project's flip_idx
        LabelSuggestions::Strategy strategy = LabelSuggestions::Strategy::Mixed;
        // Kinds of scene to cover (k-means clusters): about the size of a batch a person
        // labels between two training rounds.
        int clusters = 8;
    };
    struct Result
    {
        QStringList order; // every image that decoded, the first to label first
        QHash<QString, double> uncertainty;
        int failed = 0; // did not decode
        bool cancelled = false;
        QString error; // the model did not load (nothing ranked), or the last failure
    };

    // Progress counts images.
    static Result run(const Options &options, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
};

} // namespace gp
