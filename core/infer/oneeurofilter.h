#pragma once

namespace gp {

// The One Euro filter (Casiez, Roussel, Vogel, CHI 2012) for one scalar signal: a first-order
// low-pass filter whose cutoff rises with the signal's speed, so slow motion is smoothed
// strongly (little jitter) and fast motion follows with little lag.
//   alpha(fc, dt) = 1 / (1 + tau / dt), tau = 1 / (2 pi fc)
//   dx  = (x - x_prev_hat) / dt,   dx_hat = alpha(d_cutoff, dt) dx + (1 - alpha) dx_prev_hat
//   fc  = min_cutoff + beta |dx_hat|
//   x_hat = alpha(fc, dt) x + (1 - alpha) x_prev_hat
// The first sample passes through unchanged (dx_hat = 0).
struct OneEuroParams
{
    double minCutoff = 1.0; // Hz
    double beta = 0.0; // 1/px: how fast the cutoff rises with speed
    double dCutoff = 1.0; // Hz, for the derivative
};

class OneEuroFilter
{
public:
    OneEuroFilter() = default;

    // dt in seconds (> 0; non-positive values use the previous interval, or 1/30 s).
    double filter(double x, double dt, const OneEuroParams &p);
    void reset() { m_initialised = false; }
    bool isInitialised() const { return m_initialised; }
    double value() const { return m_x; }
    double derivative() const { return m_dx; } // units per second

    static double alpha(double cutoff, double dt);

private:
    bool m_initialised = false;
    double m_x = 0.0;
    double m_dx = 0.0;
    double m_lastDt = 1.0 / 30.0;
};

} // namespace gp
