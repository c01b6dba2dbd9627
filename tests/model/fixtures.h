#pragma once

// Helpers shared by the model tests (torch translation units only): reading the reference
// fixtures of GP_REFERENCE_DIR (see shared/reference/yolov8-pose-facts.md).

#include "roundingcheck.h"

#include <torch/torch.h>

#include <QFile>
#include <QString>
#include <QStringList>

#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace fixtures {

inline QString path(const char *name)
{
    return QStringLiteral(GP_REFERENCE_DIR "/") + QLatin1String(name);
}

inline std::map<std::string, torch::Tensor> loadTensorDict(const QString &file)
{
    std::map<std::string, torch::Tensor> out;
    std::ifstream in(file.toStdString(), std::ios::binary);
    if (!in)
        return out;
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const c10::IValue root = torch::pickle_load(bytes);
    for (const auto &e : root.toGenericDict())
        out[e.key().toStringRef()] = e.value().toTensor();
    return out;
}

// The "model.*" entries of a fixture, in file order.
inline std::vector<std::pair<std::string, torch::Tensor>> modelEntries(const QString &file)
{
    std::vector<std::pair<std::string, torch::Tensor>> out;
    std::ifstream in(file.toStdString(), std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const c10::IValue root = torch::pickle_load(bytes);
    for (const auto &e : root.toGenericDict()) {
        if (e.key().toStringRef().rfind("model.", 0) == 0)
            out.emplace_back(e.key().toStringRef(), e.value().toTensor());
    }
    return out;
}

struct StateEntry
{
    std::string name;
    std::string dtype;
    std::vector<int64_t> shape;
};

// yolov8{n,s}_pose_k14_state_dict.txt: "name dtype [d0, d1, ...]" per line, '#' comments.
inline std::vector<StateEntry> readStateDictText(const QString &file)
{
    std::vector<StateEntry> out;
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly | QIODevice::Text))
        return out;
    while (!f.atEnd()) {
        const QString line = QString::fromUtf8(f.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')))
            continue;
        const int sp1 = line.indexOf(QLatin1Char(' '));
        const int sp2 = line.indexOf(QLatin1Char(' '), sp1 + 1);
        StateEntry e;
        e.name = line.left(sp1).toStdString();
        e.dtype = line.mid(sp1 + 1, sp2 - sp1 - 1).toStdString();
        QString dims = line.mid(sp2 + 1);
        dims.remove(QLatin1Char('[')).remove(QLatin1Char(']'));
        for (const QString &d : dims.split(QLatin1Char(','), Qt::SkipEmptyParts))
            e.shape.push_back(d.trimmed().toLongLong());
        out.push_back(e);
    }
    return out;
}

// max over elements of |a - b| / (atol + rtol |b|): <= 1 means within tolerance.
inline double toleranceRatio(const torch::Tensor &a, const torch::Tensor &b, double atol, double rtol)
{
    const torch::Tensor ad = a.to(torch::kDouble), bd = b.to(torch::kDouble);
    return ((ad - bd).abs() / (atol + rtol * bd.abs())).max().item<double>();
}

inline const char *dtypeName(c10::ScalarType t)
{
    switch (t) {
    case torch::kFloat:
        return "float32";
    case torch::kLong:
        return "int64";
    case torch::kDouble:
        return "float64";
    case torch::kHalf:
        return "float16";
    default:
        return "other";
    }
}

} // namespace fixtures
