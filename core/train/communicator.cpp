#include "communicator.h"

#ifdef GP_WITH_GLOO
#include <torch/csrc/distributed/c10d/PrefixStore.hpp>
#include <torch/csrc/distributed/c10d/ProcessGroupGloo.hpp>
#include <torch/csrc/distributed/c10d/TCPStore.hpp>
#endif

#include <stdexcept>

namespace gp {

struct Communicator::Private
{
    int rank = 0;
    int world = 1;
#ifdef GP_WITH_GLOO
    c10::intrusive_ptr<c10d::ProcessGroupGloo> group;
#endif
};

Communicator::Communicator()
    : d(std::make_unique<Private>())
{ }

Communicator::~Communicator() = default;

int Communicator::rank() const
{
    return d->rank;
}

int Communicator::worldSize() const
{
    return d->world;
}

std::unique_ptr<Communicator> Communicator::connect(
    const DistributedEnv &env, std::chrono::seconds rendezvous, std::chrono::seconds collective, QString *error)
{
#ifdef GP_WITH_GLOO
    std::unique_ptr<Communicator> c(new Communicator);
    c->d->rank = env.rank;
    c->d->world = env.worldSize;
    try {
        c10d::TCPStoreOptions o;
        o.port = uint16_t(env.masterPort);
        o.isServer = env.isMain();
        o.numWorkers = size_t(env.worldSize);
        o.timeout = rendezvous;
        auto store = c10::make_intrusive<c10d::TCPStore>(env.masterAddr.toStdString(), o);
        auto options = c10d::ProcessGroupGloo::Options::create(collective);
        // GLOO_SOCKET_IFNAME picks the network interface as in PyTorch; a run on one machine
        // stays on the loopback; otherwise the address this host's name resolves to.
        const QByteArray ifname = qgetenv("GLOO_SOCKET_IFNAME");
        if (!ifname.isEmpty())
            options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForInterface(ifname.toStdString()));
        else if (env.masterAddr.startsWith(QLatin1String("127.")) || env.masterAddr == QLatin1String("localhost")
            || env.masterAddr == QLatin1String("::1"))
            options->devices.push_back(c10d::ProcessGroupGloo::createDeviceForHostname("127.0.0.1"));
        else
            options->devices.push_back(c10d::ProcessGroupGloo::createDefaultDevice());
        c->d->group = c10::make_intrusive<c10d::ProcessGroupGloo>(
            c10::make_intrusive<c10d::PrefixStore>("gp", store), env.rank, env.worldSize, options);
    } catch (const std::exception &e) {
        *error = tr("rank %1 of %2 could not join the run at %3:%4 within %5 s: %6")
                     .arg(env.rank)
                     .arg(env.worldSize)
                     .arg(env.masterAddr)
                     .arg(env.masterPort)
                     .arg(rendezvous.count())
                     .arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0));
        return nullptr;
    }
    return c;
#else
    Q_UNUSED(env);
    Q_UNUSED(rendezvous);
    Q_UNUSED(collective);
    *error
        = tr("this build cannot train on several devices: it was built without Gloo (install libgloo-dev and rebuild)");
    return nullptr;
#endif
}

namespace {

// Gloo reduces host memory: GPU tensors go through a CPU copy and come back.
template<typename Op> void onHost(std::vector<torch::Tensor> &tensors, Op op)
{
    std::vector<torch::Tensor> host;
    host.reserve(tensors.size());
    for (const torch::Tensor &t : tensors)
        host.push_back(t.is_cpu() ? t.contiguous() : t.to(torch::kCPU).contiguous());
    op(host);
    for (size_t i = 0; i < tensors.size(); ++i)
        if (!host[i].is_same(tensors[i]))
            tensors[i].copy_(host[i]);
}

[[noreturn]] void lost(int rank, const std::exception &e)
{
    throw std::runtime_error(Communicator::tr("rank %1 lost the other processes of the run: %2")
                                 .arg(rank)
                                 .arg(QString::fromUtf8(e.what()).section(QLatin1Char('\n'), 0, 0))
                                 .toStdString());
}

} // namespace

void Communicator::broadcast(std::vector<torch::Tensor> &tensors, int root)
{
#ifdef GP_WITH_GLOO
    try {
        onHost(tensors, [&](std::vector<torch::Tensor> &host) {
            c10d::BroadcastOptions o;
            o.rootRank = root;
            d->group->broadcast(host, o)->wait();
        });
    } catch (const std::exception &e) {
        lost(d->rank, e);
    }
#else
    Q_UNUSED(tensors);
    Q_UNUSED(root);
#endif
}

void Communicator::allReduceSum(torch::Tensor &tensor)
{
#ifdef GP_WITH_GLOO
    try {
        std::vector<torch::Tensor> one { tensor };
        onHost(one, [&](std::vector<torch::Tensor> &host) { d->group->allreduce(host)->wait(); });
    } catch (const std::exception &e) {
        lost(d->rank, e);
    }
#else
    Q_UNUSED(tensor);
#endif
}

void Communicator::barrier()
{
#ifdef GP_WITH_GLOO
    try {
        d->group->barrier()->wait();
    } catch (const std::exception &e) {
        lost(d->rank, e);
    }
#endif
}

bool Communicator::any(bool local)
{
    torch::Tensor flag = torch::full({ 1 }, local ? 1 : 0, torch::kInt);
    allReduceSum(flag);
    return flag.item<int>() > 0;
}

void Communicator::broadcastModule(torch::nn::Module &module)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> tensors;
    for (const torch::Tensor &p : module.parameters())
        tensors.push_back(p.data());
    for (const torch::Tensor &b : module.buffers())
        tensors.push_back(b);
    // One broadcast per tensor keeps dtypes apart (BatchNorm counts are int64); this runs once.
    for (torch::Tensor &t : tensors) {
        std::vector<torch::Tensor> one { t };
        broadcast(one);
    }
}

std::vector<torch::Tensor> Communicator::gatherOnRankZero(const torch::Tensor &mine)
{
    // Rank by rank as broadcasts (Gloo's gather needs equal shapes anyway; this runs only
    // when a run stops inside an accumulation).
    std::vector<torch::Tensor> out;
    for (int r = 0; r < d->world; ++r) {
        std::vector<torch::Tensor> one { r == d->rank ? mine.contiguous() : torch::empty_like(mine) };
        broadcast(one, r);
        if (d->rank == 0)
            out.push_back(one[0]);
    }
    return out;
}

void Communicator::sumGradients(const std::vector<torch::Tensor> &parameters)
{
    // One flat buffer: one collective per step instead of one per tensor.
    torch::Tensor bucket = flattenGradients(parameters);
    if (bucket.numel() == 0)
        return;
    allReduceSum(bucket);
    assignGradients(parameters, bucket);
}

bool Communicator::parametersAgree(const std::vector<torch::Tensor> &parameters)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> parts;
    for (const torch::Tensor &p : parameters)
        parts.push_back(p.detach().to(torch::kCPU, torch::kDouble).reshape({ -1 }));
    const torch::Tensor all = torch::cat(parts);
    // Two checksums: the plain sum and one weighted by position, so that swapped values count.
    const torch::Tensor weights = torch::arange(all.numel(), all.options()).fmod(9973).add_(1);
    std::vector<torch::Tensor> mine { torch::stack({ all.sum(), (all * weights).sum() }) };
    std::vector<torch::Tensor> root { mine[0].clone() };
    broadcast(root);
    return !any(!torch::equal(mine[0], root[0]));
}

torch::Tensor flattenGradients(const std::vector<torch::Tensor> &parameters)
{
    torch::NoGradGuard noGrad;
    std::vector<torch::Tensor> flat;
    for (const torch::Tensor &p : parameters)
        if (p.requires_grad())
            flat.push_back(p.grad().defined() ? p.grad().reshape({ -1 }).to(torch::kFloat)
                                              : torch::zeros({ p.numel() }, p.options().dtype(torch::kFloat)));
    return flat.empty() ? torch::empty({ 0 }) : torch::cat(flat);
}

void assignGradients(const std::vector<torch::Tensor> &parameters, const torch::Tensor &flat)
{
    torch::NoGradGuard noGrad;
    int64_t offset = 0;
    for (torch::Tensor p : parameters) {
        if (!p.requires_grad())
            continue;
        const int64_t n = p.numel();
        TORCH_CHECK(offset + n <= flat.numel(), "the flat gradients are shorter than the parameters");
        const torch::Tensor part = flat.narrow(0, offset, n).view(p.sizes()).to(p.device(), p.scalar_type());
        if (p.grad().defined())
            p.mutable_grad().copy_(part);
        else
            p.mutable_grad() = part.clone();
        offset += n;
    }
    TORCH_CHECK(offset == flat.numel(), "the flat gradients do not fit the parameters");
}

QString restoreRankGradients(const std::vector<torch::Tensor> &parameters,
    const std::vector<std::pair<std::string, torch::Tensor>> &saved, const DistributedEnv &dist)
{
    if (saved.empty())
        return QString();
    if (int(saved.size()) == dist.worldSize) {
        const std::string mine = "rank" + std::to_string(dist.rank);
        for (const auto &[name, flat] : saved)
            if (name == mine)
                assignGradients(parameters, flat);
        return QString();
    }
    if (!dist.isMain())
        return QString();
    torch::Tensor sum = saved.front().second.clone();
    for (size_t r = 1; r < saved.size(); ++r)
        sum += saved[r].second;
    assignGradients(parameters, sum);
    return Communicator::tr("the run was stopped with %1 processes and resumes with %2: the step in progress is the "
                            "same up to rounding, not bit for bit")
        .arg(saved.size())
        .arg(dist.worldSize);
}

} // namespace gp
