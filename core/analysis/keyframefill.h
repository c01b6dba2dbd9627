#pragma once

#include "posedetection.h"
#include "poseinstance.h"

#include <QSizeF>
#include <QtGlobal>

#include <map>
#include <vector>

namespace gp {

// Carries a person's corrections on a few frames of a video (keyframes) to the frames between
// them. Each object of a keyframe is paired with the nearest object of the next keyframe; on a
// frame between them its points are the model's answer for that frame, shifted by the
// correction interpolated between the two keyframes (the person's point minus the model's, at
// each end), so the model's motion is kept and its bias removed. Where the model lost the
// object on that frame (followed from keyframe A, its answer vanished), the two keyframes'
// points interpolated alone. Every point it sets is a Refit proposal for a person to review, its
// confidence the model's score (0 where interpolated alone).
class KeyframeFill
{
public:
    struct Frame
    {
        std::vector<PoseInstance> objects;
        // How much this frame needs a look, in [0, 1]: where the shifted model and the plain
        // interpolation part most (over the object's box diagonal, a tenth of it scoring 1),
        // or one minus its least confident point, whichever is larger; 1 where interpolated alone.
        double reviewPriority = 0.0;
    };

    // `keyframes`: frame → the objects a person confirmed there. `model(frame)` gives the
    // model's answer on a frame (the video's predictions; empty where it found nothing).
    // Returns every frame strictly between two consecutive keyframes. A point that lands
    // outside the frame (`frameSize`, when given) is absent, as a pre-label's would be.
    template<typename Model>
    static std::map<qint64, Frame> fill(
        const std::map<qint64, std::vector<PoseInstance>> &keyframes, Model model, const QSizeF &frameSize = QSizeF())
    {
        std::map<qint64, Frame> out;
        for (auto a = keyframes.begin(), b = std::next(a); a != keyframes.end() && b != keyframes.end(); ++a, ++b) {
            std::vector<std::vector<PoseDetection>> answers;
            for (qint64 f = a->first; f <= b->first; ++f)
                answers.push_back(model(f));
            std::vector<Frame> frames = segment(a->second, b->second, answers, frameSize);
            for (size_t i = 0; i < frames.size(); ++i)
                out[a->first + 1 + qint64(i)] = std::move(frames[i]);
        }
        return out;
    }

    // The frames strictly between keyframe A and keyframe B; `answers` holds the model's answer
    // on every frame from A to B, both included. The model's object is followed frame by frame
    // from its answer nearest the person's object on A (its own motion, however it curves).
    static std::vector<Frame> segment(const std::vector<PoseInstance> &a, const std::vector<PoseInstance> &b,
        const std::vector<std::vector<PoseDetection>> &answers, const QSizeF &frameSize = QSizeF());

    // The model's answer nearest to `object` (mean distance over the points both have), or -1
    // when none is within half the object's box diagonal.
    static int nearest(const PoseInstance &object, const std::vector<PoseDetection> &answers);

private:
    static PoseInstance interpolated(const PoseInstance &a, const PoseInstance &b, double t);
    // The model's answer `here` moved by the correction interpolated between A and B; raises
    // *priority to this object's.
    static PoseInstance shifted(const PoseInstance &a, const PoseInstance &b, const PoseDetection &atA,
        const PoseDetection &atB, const PoseDetection &here, double t, double *priority);
    static PoseInstance asObject(const PoseDetection &d);
};

} // namespace gp
