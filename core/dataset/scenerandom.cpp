#include "scenerandom.h"

#include <algorithm>
#include <cmath>

namespace gp {

namespace {
constexpr double kPi = 3.14159265358979323846;
}

std::uint64_t SceneRandom::mix(std::uint64_t a, std::uint64_t b)
{
    std::uint64_t z = a + 0x9e3779b97f4a7c15ull * (b + 1);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

double SceneRandom::uniform()
{
    return double(m_engine() >> 11) * (1.0 / 9007199254740992.0);
}

double SceneRandom::logUniform(double lo, double hi)
{
    return lo * std::exp(uniform() * std::log(hi / lo));
}

double SceneRandom::normal(double mean, double sd)
{
    // Box-Muller; 1 - u keeps the logarithm finite.
    const double u1 = 1.0 - uniform(), u2 = uniform();
    return mean + sd * std::sqrt(-2.0 * std::log(u1)) * std::cos(2 * kPi * u2);
}

int SceneRandom::integer(int lo, int hi)
{
    return lo + int(std::min<double>(hi - lo, std::floor(uniform() * (hi - lo + 1))));
}

} // namespace gp
