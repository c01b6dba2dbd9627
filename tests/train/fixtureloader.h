#pragma once

// Loads a tensors-only .pt fixture (a pickled dict name -> tensor) from the reference folder.

#include <torch/torch.h>

#include <fstream>
#include <iterator>
#include <map>
#include <string>
#include <vector>

namespace gptest {

using TensorMap = std::map<std::string, torch::Tensor>;

inline TensorMap loadTensorFixture(const std::string &path)
{
    TensorMap out;
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return out;
    const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const c10::IValue value = torch::pickle_load(bytes);
    for (const auto &entry : value.toGenericDict())
        out.emplace(entry.key().toStringRef(), entry.value().toTensor());
    return out;
}

inline const TensorMap &poseLossFixture()
{
    static const TensorMap map = loadTensorFixture(GP_REFERENCE_DIR "/pose_loss_k14.pt");
    return map;
}

inline double maxAbsDiff(const torch::Tensor &a, const torch::Tensor &b)
{
    if (a.numel() == 0)
        return 0.0;
    return (a.to(torch::kDouble) - b.to(torch::kDouble)).abs().max().item<double>();
}

// Largest |a - b| / (atol + rtol |b|): <= 1 when every element is within tolerance.
inline double toleranceRatio(const torch::Tensor &a, const torch::Tensor &b, double rtol, double atol)
{
    if (a.numel() == 0)
        return 0.0;
    const torch::Tensor ad = a.to(torch::kDouble);
    const torch::Tensor bd = b.to(torch::kDouble);
    return ((ad - bd).abs() / (atol + rtol * bd.abs())).max().item<double>();
}

} // namespace gptest
