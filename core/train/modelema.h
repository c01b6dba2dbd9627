#pragma once

// Internal (torch-only): the exponential moving average of the model's weights that is
// validated and saved as `best` (Ultralytics' ModelEMA: decay 0.9999 ramped in over
// tau = 2000 updates, applied to every floating-point parameter and buffer).

#include "posemodel.h"

namespace gp {

class ModelEma
{
public:
    ModelEma(const ModelSpec &spec, const PoseModel &model, double decay = 0.9999, double tau = 2000.0);

    void update(const PoseModel &model);
    PoseModel &model() { return m_ema; }
    long long updates() const { return m_updates; }
    void setUpdates(long long n) { m_updates = n; }
    double currentDecay() const;

private:
    PoseModel m_ema;
    double m_decay;
    double m_tau;
    long long m_updates = 0;
};

} // namespace gp
