#pragma once

#include <cstdint>
#include <random>

namespace gp {

// The random source of the augmentations: one per sample, seeded from (seed, epoch,
// index) so that a batch is the same whichever worker thread builds it.
class AugmentRng
{
public:
    AugmentRng(uint64_t seed, uint64_t epoch, uint64_t index)
        : m_gen(mix(seed, epoch, index))
    { }

    // Uniform in [a, b).
    double uniform(double a, double b) { return a + (b - a) * double(m_gen() >> 11) * 0x1.0p-53; }
    bool chance(double p) { return p > 0 && uniform(0, 1) < p; }
    // Uniform integer in [0, n).
    uint64_t below(uint64_t n) { return n ? m_gen() % n : 0; }
    double beta(double a, double b)
    {
        const double x = std::gamma_distribution<double>(a, 1.0)(m_gen);
        const double y = std::gamma_distribution<double>(b, 1.0)(m_gen);
        return x / (x + y);
    }

private:
    static uint64_t mix(uint64_t seed, uint64_t epoch, uint64_t index)
    {
        // splitmix64 over the three numbers: nearby inputs give unrelated streams.
        uint64_t z
            = seed * 0x9E3779B97F4A7C15ULL ^ (epoch + 1) * 0xBF58476D1CE4E5B9ULL ^ (index + 1) * 0x94D049BB133111EBULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

    std::mt19937_64 m_gen;
};

} // namespace gp
