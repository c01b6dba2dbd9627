#pragma once

#include <cstdint>
#include <random>

namespace gp {

// Random numbers that are the same on every platform: std::mt19937_64 is specified
// bit for bit, the standard distributions are not, so the transforms are our own.
class SceneRandom
{
public:
    explicit SceneRandom(std::uint64_t seed)
        : m_engine(seed)
    { }
    // A well-mixed seed for stream `b` of seed `a` (splitmix64 finaliser).
    static std::uint64_t mix(std::uint64_t a, std::uint64_t b);

    std::uint64_t bits() { return m_engine(); }
    double uniform(); // [0, 1)
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    double logUniform(double lo, double hi);
    double normal(double mean, double sd);
    int integer(int lo, int hi); // lo..hi inclusive
    bool chance(double p) { return uniform() < p; }

private:
    std::mt19937_64 m_engine;
};

} // namespace gp
