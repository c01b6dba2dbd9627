#include "trainoptimizer.h"

#include <cmath>

namespace gp {

namespace {

constexpr double kPi = 3.14159265358979323846;

double interp(double x, double x0, double x1, double y0, double y1)
{
    if (x <= x0)
        return y0;
    if (x >= x1)
        return y1;
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0);
}

} // namespace

TrainOptimizer::TrainOptimizer(PoseModelImpl &model, const TrainingConfig &config, int iterationsPerEpoch, int trainImages)
    : m_config(config)
{
    m_accumulate = std::max(int(std::lround(double(config.nbs) / config.batch)), 1);
    const double decay = config.weightDecay * config.batch * m_accumulate / config.nbs;

    m_name = config.optimizer;
    m_lr0 = config.lr0;
    m_momentum = config.momentum;
    m_warmupBiasLr = config.warmupBiasLr;
    if (m_name == QLatin1String("auto")) {
        // Ultralytics' choice: AdamW with a class-count-fitted lr for short runs, SGD otherwise.
        const int nc = model.spec().numClasses;
        const long long iterations =
            (long long)std::ceil(double(trainImages) / std::max(config.batch, config.nbs)) * config.epochs;
        if (iterations > 10000) {
            m_name = QStringLiteral("SGD");
            m_lr0 = 0.01;
        } else {
            m_name = QStringLiteral("AdamW");
            m_lr0 = std::round(0.002 * 5 / (4 + nc) * 1e6) / 1e6;
        }
        m_momentum = 0.9;
        m_warmupBiasLr = 0.0; // no higher bias lr for Adam
    }

    std::vector<torch::Tensor> biases, decayed, norms;
    for (const auto &item : model.named_modules()) {
        const bool isNorm = item.value()->as<torch::nn::BatchNorm2d>() != nullptr;
        for (const auto &p : item.value()->named_parameters(/*recurse=*/false)) {
            if (!p.value().requires_grad())
                continue; // the fixed DFL bins
            if (p.key().find("bias") != std::string::npos)
                biases.push_back(p.value());
            else if (isNorm)
                norms.push_back(p.value());
            else
                decayed.push_back(p.value());
        }
    }
    if (m_name == QLatin1String("SGD")) {
        auto o = [&](double wd) { return torch::optim::SGDOptions(m_lr0).momentum(m_momentum).nesterov(true).weight_decay(wd); };
        m_optimizer = std::make_unique<torch::optim::SGD>(
            std::vector<torch::optim::OptimizerParamGroup>{{biases, std::make_unique<torch::optim::SGDOptions>(o(0.0))},
                                                           {decayed, std::make_unique<torch::optim::SGDOptions>(o(decay))},
                                                           {norms, std::make_unique<torch::optim::SGDOptions>(o(0.0))}},
            o(0.0));
    } else if (m_name == QLatin1String("Adam")) {
        auto o = [&](double wd) { return torch::optim::AdamOptions(m_lr0).betas({m_momentum, 0.999}).weight_decay(wd); };
        m_optimizer = std::make_unique<torch::optim::Adam>(
            std::vector<torch::optim::OptimizerParamGroup>{{biases, std::make_unique<torch::optim::AdamOptions>(o(0.0))},
                                                           {decayed, std::make_unique<torch::optim::AdamOptions>(o(decay))},
                                                           {norms, std::make_unique<torch::optim::AdamOptions>(o(0.0))}},
            o(0.0));
    } else {
        auto o = [&](double wd) { return torch::optim::AdamWOptions(m_lr0).betas({m_momentum, 0.999}).weight_decay(wd); };
        m_optimizer = std::make_unique<torch::optim::AdamW>(
            std::vector<torch::optim::OptimizerParamGroup>{{biases, std::make_unique<torch::optim::AdamWOptions>(o(0.0))},
                                                           {decayed, std::make_unique<torch::optim::AdamWOptions>(o(decay))},
                                                           {norms, std::make_unique<torch::optim::AdamWOptions>(o(0.0))}},
            o(0.0));
    }
    // At least 100 warmup iterations, as Ultralytics.
    m_warmupIterations = config.warmupEpochs > 0
                             ? std::max(int(std::lround(config.warmupEpochs * iterationsPerEpoch)), 100)
                             : -1;
}

double TrainOptimizer::factor(int epoch) const
{
    const double e = m_config.epochs;
    if (m_config.cosLr)
        return ((1 - std::cos(epoch * kPi / e)) / 2) * (m_config.lrf - 1) + 1;
    return std::max(1 - epoch / e, 0.0) * (1.0 - m_config.lrf) + m_config.lrf;
}

void TrainOptimizer::setGroup(size_t group, double lr, std::optional<double> momentum)
{
    auto &options = m_optimizer->param_groups()[group].options();
    options.set_lr(lr);
    if (momentum)
        if (auto *sgd = dynamic_cast<torch::optim::SGDOptions *>(&options))
            sgd->momentum(*momentum);
}

int TrainOptimizer::schedule(int ni, int epoch)
{
    const double target = m_lr0 * factor(epoch);
    if (ni > m_warmupIterations) {
        for (size_t g = 0; g < 3; ++g)
            setGroup(g, target, std::nullopt);
        if (m_warmupIterations >= 0 && ni == m_warmupIterations + 1)
            for (size_t g = 0; g < 3; ++g)
                setGroup(g, target, m_momentum);
        return m_accumulate;
    }
    const double w = m_warmupIterations;
    for (size_t g = 0; g < 3; ++g)
        setGroup(g, interp(ni, 0, w, g == 0 ? m_warmupBiasLr : 0.0, target),
                 interp(ni, 0, w, m_config.warmupMomentum, m_momentum));
    return std::max(1, int(std::lround(interp(ni, 0, w, 1, double(m_config.nbs) / m_config.batch))));
}

std::array<double, 3> TrainOptimizer::learningRates() const
{
    std::array<double, 3> lr{};
    for (size_t g = 0; g < 3; ++g)
        lr[g] = m_optimizer->param_groups()[g].options().get_lr();
    return lr;
}

} // namespace gp

