#pragma once

namespace gp {

// One labelled keypoint in image pixels. Visibility follows the Ultralytics/COCO
// convention: 2 visible, 1 labelled but occluded, 0 not labelled (x, y meaningless).
//
// Where it came from is kept beside it: a person's point is confirmed; a model's, and one a
// refit moved after a person's correction of its neighbours, is a proposal with the model's
// confidence in it. The label files hold none of this (PointOrigins keeps it beside them).
struct Keypoint
{
    enum Visibility { Absent = 0, Occluded = 1, Visible = 2 };
    enum class Origin : unsigned char { Person, Model, Refit };

    double x = 0.0;
    double y = 0.0;
    int visibility = Absent;
    Origin origin = Origin::Person;
    float confidence = 1.0f; // the model's, for a proposal; 1 for a person's point

    bool isLabelled() const { return visibility != Absent; }
    bool isProposal() const { return isLabelled() && origin != Origin::Person; }
    // A proposal the model was not sure of: drawn hollow and reviewed first.
    bool isDoubtful(double threshold) const { return isProposal() && confidence < threshold; }
    bool operator==(const Keypoint &o) const
    {
        return x == o.x && y == o.y && visibility == o.visibility && origin == o.origin && confidence == o.confidence;
    }
};

} // namespace gp
