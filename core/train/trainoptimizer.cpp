#include "trainoptimizer.h"

#include "musgd.h"

#include <cmath>
#include <map>

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

// Python's round() and NumPy's np.round(): halves go to the even neighbour (2.5 -> 2), which
// is what Ultralytics' accumulate ramp and warmup length use; std::lround would give 3.
int roundHalfEven(double x)
{
    return int(std::nearbyint(x));
}

} // namespace

TrainOptimizer::TrainOptimizer(
    PoseModelImpl &model, const TrainingConfig &config, int iterationsPerEpoch, int trainImages)
    : m_config(config)
{
    m_accumulate = std::max(roundHalfEven(double(config.nbs) / config.batch), 1);
    const double decay = config.weightDecay * config.batch * m_accumulate / config.nbs;

    m_name = config.optimizer;
    m_lr0 = config.lr0;
    m_momentum = config.momentum;
    m_warmupBiasLr = config.warmupBiasLr;
    if (m_name == QLatin1String("auto")) {
        // Ultralytics' choice: AdamW with a class-count-fitted lr for short runs, MuSGD
        // otherwise (8.4; 8.3 took plain SGD).
        const int nc = model.spec().numClasses;
        const long long iterations
            = (long long)std::ceil(double(trainImages) / std::max(config.batch, config.nbs)) * config.epochs;
        if (iterations > 10000) {
            m_name = QStringLiteral("MuSGD");
            m_lr0 = 0.01;
        } else {
            m_name = QStringLiteral("AdamW");
            m_lr0 = std::round(0.002 * 5 / (4 + nc) * 1e6) / 1e6;
        }
        m_momentum = 0.9;
        m_warmupBiasLr = 0.0; // no higher bias lr for Adam
    }

    // Ultralytics' groups: biases, weights with decay, normalisation weights; MuSGD moves every
    // matrix and convolution filter into a Muon group and gives the head's class branch (cv3)
    // three times the learning rate.
    const bool muon = m_name == QLatin1String("MuSGD");
    const std::string boostedPrefix = "model." + std::to_string(model.model->size() - 1) + ".cv3";
    std::map<std::pair<GroupKind, bool>, std::vector<torch::Tensor>> members;
    for (const auto &item : model.named_modules()) {
        const bool isNorm = item.value()->as<torch::nn::BatchNorm2d>() != nullptr;
        const bool boosted = muon && item.key().rfind(boostedPrefix, 0) == 0;
        for (const auto &p : item.value()->named_parameters(/*recurse=*/false)) {
            if (!p.value().requires_grad())
                continue; // the fixed DFL bins
            const int64_t dims = p.value().dim();
            const GroupKind kind = muon && (dims == 2 || dims == 4) ? GroupKind::Muon
                : p.key().find("bias") != std::string::npos         ? GroupKind::Bias
                : isNorm                                            ? GroupKind::Norm
                                                                    : GroupKind::Weight;
            members[{ kind, boosted }].push_back(p.value());
        }
    }
    std::vector<torch::optim::OptimizerParamGroup> groups;
    for (const bool boosted : { false, true })
        for (const GroupKind kind : { GroupKind::Bias, GroupKind::Weight, GroupKind::Norm, GroupKind::Muon }) {
            auto it = members.find({ kind, boosted });
            // The three plain groups always exist (results.csv reports lr/pg0..2).
            if ((it == members.end() || it->second.empty()) && (boosted || kind == GroupKind::Muon))
                continue;
            const double wd = kind == GroupKind::Weight || kind == GroupKind::Muon ? decay : 0.0;
            std::unique_ptr<torch::optim::OptimizerOptions> o;
            if (m_name == QLatin1String("SGD"))
                o = std::make_unique<torch::optim::SGDOptions>(
                    torch::optim::SGDOptions(m_lr0).momentum(m_momentum).nesterov(true).weight_decay(wd));
            else if (muon)
                o = std::make_unique<MuSGDOptions>(MuSGDOptions(m_lr0)
                                                       .momentum(m_momentum)
                                                       .nesterov(true)
                                                       .weight_decay(wd)
                                                       .use_muon(kind == GroupKind::Muon));
            else if (m_name == QLatin1String("Adam"))
                o = std::make_unique<torch::optim::AdamOptions>(
                    torch::optim::AdamOptions(m_lr0).betas({ m_momentum, 0.999 }).weight_decay(wd));
            else
                o = std::make_unique<torch::optim::AdamWOptions>(
                    torch::optim::AdamWOptions(m_lr0).betas({ m_momentum, 0.999 }).weight_decay(wd));
            groups.emplace_back(it == members.end() ? std::vector<torch::Tensor> {} : it->second, std::move(o));
            m_groups.push_back({ kind, boosted ? 3.0 : 1.0 });
        }
    if (m_name == QLatin1String("SGD"))
        m_optimizer = std::make_unique<torch::optim::SGD>(std::move(groups), torch::optim::SGDOptions(m_lr0));
    else if (muon)
        m_optimizer = std::make_unique<MuSGD>(std::move(groups), MuSGDOptions(m_lr0));
    else if (m_name == QLatin1String("Adam"))
        m_optimizer = std::make_unique<torch::optim::Adam>(std::move(groups), torch::optim::AdamOptions(m_lr0));
    else
        m_optimizer = std::make_unique<torch::optim::AdamW>(std::move(groups), torch::optim::AdamWOptions(m_lr0));
    // At least 100 warmup iterations, as Ultralytics.
    m_warmupIterations
        = config.warmupEpochs > 0 ? std::max(roundHalfEven(config.warmupEpochs * iterationsPerEpoch), 100) : -1;
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
    if (momentum) {
        if (auto *sgd = dynamic_cast<torch::optim::SGDOptions *>(&options))
            sgd->momentum(*momentum);
        else if (auto *mu = dynamic_cast<MuSGDOptions *>(&options))
            mu->momentum(*momentum);
    }
}

int TrainOptimizer::schedule(int ni, int epoch)
{
    const double target = m_lr0 * factor(epoch);
    if (ni > m_warmupIterations) {
        for (size_t g = 0; g < m_groups.size(); ++g)
            setGroup(g, target * m_groups[g].lrScale, std::nullopt);
        if (m_warmupIterations >= 0 && ni == m_warmupIterations + 1)
            for (size_t g = 0; g < m_groups.size(); ++g)
                setGroup(g, target * m_groups[g].lrScale, m_momentum);
        return m_accumulate;
    }
    const double w = m_warmupIterations;
    for (size_t g = 0; g < m_groups.size(); ++g)
        setGroup(g,
            interp(ni, 0, w, m_groups[g].kind == GroupKind::Bias ? m_warmupBiasLr : 0.0, target * m_groups[g].lrScale),
            interp(ni, 0, w, m_config.warmupMomentum, m_momentum));
    return std::max(1, roundHalfEven(interp(ni, 0, w, 1, double(m_config.nbs) / m_config.batch)));
}

std::array<double, 3> TrainOptimizer::learningRates() const
{
    // The first three groups are always the plain bias, weight and norm groups; reported in
    // Ultralytics' order (its lr/pg0..2 columns): weights with decay, norm weights, biases.
    const auto lr = [this](size_t g) { return m_optimizer->param_groups()[g].options().get_lr(); };
    return { lr(1), lr(2), lr(0) };
}

std::vector<TrainOptimizer::GroupInfo> TrainOptimizer::groups() const
{
    std::vector<GroupInfo> out;
    for (size_t g = 0; g < m_groups.size(); ++g) {
        const auto &group = m_optimizer->param_groups()[g];
        out.push_back({ m_groups[g].kind, m_groups[g].lrScale, group.params(), group.options().get_lr() });
    }
    return out;
}

} // namespace gp
