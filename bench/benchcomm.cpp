// The cost of data-parallel training's collectives: summing a model's gradients over two
// ranks (one flat fp32 buffer, what Communicator::sumGradients sends each optimizer step)
// and the per-batch flag and loss exchanges, over Gloo on the loopback. The two ranks are
// threads of this process, each with its own store client and process group, so this is
// Gloo's transport and reduction cost without any network. Numbers go to docs/BENCHMARKS.md.
//   gp_bench_comm [REPS]

#include "communicator.h"
#include "distributedlauncher.h"
#include "modelspec.h"
#include "posemodel.h"

#include <QCoreApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <future>

using gp::DistributedEnv;
using gp::DistributedLauncher;
using gp::ModelSpec;

namespace {

// Median milliseconds of `reps` runs of op on both ranks at once.
template<typename Op> double medianMs(gp::Communicator &a, gp::Communicator &b, int reps, Op op)
{
    std::vector<double> ms;
    for (int i = 0; i < reps + 1; ++i) {
        QElapsedTimer t;
        t.start();
        auto other = std::async(std::launch::async, [&] { op(b); });
        op(a);
        other.get();
        if (i > 0) // the first call sets up buffers
            ms.push_back(t.nsecsElapsed() / 1e6);
    }
    std::sort(ms.begin(), ms.end());
    return ms[ms.size() / 2];
}

} // namespace

int main(int argc, char *argv[])
{
    QCoreApplication app(argc, argv);
    const int reps = argc > 1 ? std::max(1, atoi(argv[1])) : 20;
    DistributedEnv env;
    env.worldSize = env.localWorldSize = 2;
    env.masterPort = DistributedLauncher::freePort();
    auto join = [env](int rank) {
        DistributedEnv e = env;
        e.rank = e.localRank = rank;
        QString error;
        auto c = gp::Communicator::connect(e, std::chrono::seconds(30), std::chrono::seconds(60), &error);
        if (!c)
            std::fprintf(stderr, "%s\n", qPrintable(error));
        return c;
    };
    auto second = std::async(std::launch::async, join, 1);
    auto a = join(0);
    auto b = second.get();
    if (!a || !b)
        return 1;

    std::printf("collective,elements,MB,median_ms,GB/s\n");
    for (const char *scale : { "n", "s" }) {
        ModelSpec spec;
        spec.scale = *ModelSpec::parseScale(QString::fromLatin1(scale));
        spec.numKeypoints = 14;
        std::array<gp::PoseModel, 2> models { gp::PoseModel(spec), gp::PoseModel(spec) };
        for (auto &m : models)
            for (auto &p : m->parameters())
                p.mutable_grad() = torch::randn_like(p);
        int64_t elements = 0;
        for (auto &p : models[0]->parameters())
            elements += p.numel();
        const double ms = medianMs(
            *a, *b, reps, [&](gp::Communicator &c) { c.sumGradients(models[size_t(c.rank())]->parameters()); });
        const double mb = elements * 4 / 1e6;
        std::printf("sumGradients yolov8%s-pose,%lld,%.1f,%.2f,%.2f\n", scale, (long long)elements, mb, ms, mb / ms);
    }
    const double flag = medianMs(*a, *b, reps * 10, [](gp::Communicator &c) { c.any(false); });
    std::printf("any (one int),1,0.0,%.3f,\n", flag);
    const double stats = medianMs(*a, *b, reps * 10, [](gp::Communicator &c) {
        torch::Tensor s = torch::zeros({ 7 }, torch::kDouble);
        c.allReduceSum(s);
    });
    std::printf("loss items (7 doubles),7,0.0,%.3f,\n", stats);
    return 0;
}
