#include "oneeurofilter.h"

#include <cmath>

namespace gp {

double OneEuroFilter::alpha(double cutoff, double dt)
{
    const double tau = 1.0 / (2.0 * M_PI * cutoff);
    return 1.0 / (1.0 + tau / dt);
}

double OneEuroFilter::filter(double x, double dt, const OneEuroParams &p)
{
    if (!(dt > 0))
        dt = m_lastDt;
    m_lastDt = dt;
    if (!m_initialised) {
        m_initialised = true;
        m_x = x;
        m_dx = 0.0;
        return m_x;
    }
    const double dx = (x - m_x) / dt;
    const double ad = alpha(p.dCutoff, dt);
    m_dx = ad * dx + (1.0 - ad) * m_dx;
    const double cutoff = p.minCutoff + p.beta * std::abs(m_dx);
    const double a = alpha(cutoff, dt);
    m_x = a * x + (1.0 - a) * m_x;
    return m_x;
}

} // namespace gp
