#pragma once

// Public header (no LibTorch): the pose-loss numbers the trainer reports to the GUI and
// the gains it is configured with.

namespace gp {

// Loss gains (Ultralytics' hyperparameter names box, pose, kobj, cls, dfl).
struct PoseLossGains
{
    double box = 7.5;
    double pose = 12.0;
    double kobj = 1.0;
    double cls = 0.5;
    double dfl = 1.5;
};

// The five loss components with their gains applied, not multiplied by the batch size
// (what the progress bar averages; results.csv's train/box_loss ... train/dfl_loss).
struct PoseLossItems
{
    double box = 0.0;
    double pose = 0.0;
    double kobj = 0.0;
    double cls = 0.0;
    double dfl = 0.0;

    double sum() const { return box + pose + kobj + cls + dfl; }
    PoseLossItems &operator+=(const PoseLossItems &o)
    {
        box += o.box;
        pose += o.pose;
        kobj += o.kobj;
        cls += o.cls;
        dfl += o.dfl;
        return *this;
    }
    PoseLossItems operator*(double f) const { return { box * f, pose * f, kobj * f, cls * f, dfl * f }; }
};

} // namespace gp
