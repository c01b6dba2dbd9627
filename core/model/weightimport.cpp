#include "weightimport_p.h"

#include "checkpoint_p.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/csrc/jit/serialization/unpickler.h>
#include <torch/script.h>

#include <QDateTime>
#include <QFileInfo>

#include <fstream>
#include <map>
#include <set>

namespace gp {

namespace {

std::vector<char> readFileBytes(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        throw WeightFileError("cannot open '" + path + "'");
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    return bytes;
}

bool contains(const std::vector<char> &bytes, const std::string &needle)
{
    return std::search(bytes.begin(), bytes.end(), needle.begin(), needle.end()) != bytes.end();
}

// Tensors of a (possibly nested) dict: the flat name -> tensor entries.
bool collectTensorDict(const c10::IValue &value, NamedTensors *out)
{
    if (!value.isGenericDict())
        return false;
    for (const auto &entry : value.toGenericDict()) {
        if (entry.key().isString() && entry.value().isTensor())
            out->emplace_back(entry.key().toStringRef(), entry.value().toTensor());
    }
    return !out->empty();
}

NamedTensors fromPickle(const c10::IValue &root, const std::string &path, QString *format)
{
    if (!root.isGenericDict())
        throw WeightFileError("'" + path + "' is a torch file but holds no dictionary of tensors");
    const c10::Dict<c10::IValue, c10::IValue> dict = root.toGenericDict();
    auto get = [&](const char *key) -> c10::IValue {
        auto it = dict.find(c10::IValue(std::string(key)));
        return it == dict.end() ? c10::IValue() : it->value();
    };
    const c10::IValue fmt = get("format");
    if (fmt.isString() && fmt.toStringRef() == "gripperpose-checkpoint") {
        // Verified load (checksums) through the checkpoint reader.
        CheckpointData data = loadCheckpoint(QString::fromStdString(path));
        if (format)
            *format = QStringLiteral("GripperPose checkpoint");
        return data.ema.empty() ? data.model : data.ema;
    }
    NamedTensors flat;
    if (collectTensorDict(root, &flat)) {
        if (format)
            *format = QStringLiteral("state dict");
        return flat;
    }
    for (const char *key : { "ema", "model", "state_dict", "model_state_dict" }) {
        NamedTensors nested;
        if (collectTensorDict(get(key), &nested)) {
            if (format)
                *format = QStringLiteral("state dict (under '%1')").arg(QLatin1String(key));
            return nested;
        }
    }
    throw WeightFileError("'" + path + "' holds a dictionary but no tensors with parameter names");
}

bool hasModelNames(const NamedTensors &t)
{
    for (const auto &e : t) {
        if (e.first.rfind("model.", 0) == 0)
            return true;
    }
    return false;
}

// "module.model.0..." (DataParallel) -> "model.0...".
void stripPrefixes(NamedTensors &t)
{
    if (hasModelNames(t))
        return;
    for (const char *prefix : { "module.", "_orig_mod." }) {
        const std::string p(prefix);
        bool all = !t.empty();
        for (const auto &e : t)
            all = all && e.first.rfind(p, 0) == 0;
        if (all) {
            for (auto &e : t)
                e.first = e.first.substr(p.size());
            return;
        }
    }
}

// torch::pickle_load maps collections.OrderedDict to None (it only expects one as the empty
// backward-hooks argument of a tensor), but torch.save(model.state_dict()) writes exactly
// that at the top: an OrderedDict whose "_metadata" attribute a final BUILD sets. Such a
// file is read with its pickle stream rewritten, keeping every offset:
//   GLOBAL collections.OrderedDict, BINPUT 0, EMPTY_TUPLE, REDUCE, BINPUT 1   (31 bytes)
// becomes
//   MARK, GLOBAL collections.OrderedDict, BINPUT 0, BININT1 0, DICT           (31 bytes)
// i.e. a plain dict (with one extra non-string key, ignored) while memo 0 still holds the
// OrderedDict global that every tensor's backward hooks use; and the stream stops where
// the "_metadata" state would begin.
c10::IValue loadOrderedDictPickle(const std::string &path)
{
    caffe2::serialize::PyTorchStreamReader reader(path);
    auto record = reader.getRecord("data.pkl");
    std::string pk(static_cast<const char *>(std::get<0>(record).get()), std::get<1>(record));
    const std::string global = "ccollections\nOrderedDict\n";
    const std::string head = std::string("\x80\x02", 2) + global + std::string("q\x00)Rq\x01", 6);
    if (pk.compare(0, head.size(), head) != 0)
        throw WeightFileError("unsupported pickle layout");
    const std::string replacement = "(" + global
        + std::string("q\x00K\x00"
                      "d",
            5);
    pk.replace(2, head.size() - 2, replacement);
    const std::string meta = std::string("X\x09\x00\x00\x00", 5) + "_metadata";
    const size_t m = pk.rfind(meta);
    if (m != std::string::npos) {
        for (size_t memo : { size_t(0), size_t(2), size_t(5) }) {
            if (m >= memo + 2 && pk[m - memo - 1] == '}' && (pk[m - memo - 2] == 'u' || pk[m - memo - 2] == 's')) {
                pk[m - memo - 1] = '.'; // STOP: the dict of tensors is complete here
                break;
            }
        }
    }
    size_t pos = 0;
    auto read = [&](char *buf, size_t n) {
        const size_t k = std::min(n, pk.size() - pos);
        std::memcpy(buf, pk.data() + pos, k);
        pos += k;
        return k;
    };
    auto readRecord = [&](const std::string &name) {
        const std::string key = reader.hasRecord("data/" + name) ? "data/" + name : name;
        return std::get<0>(reader.getRecord(key));
    };
    torch::jit::Unpickler unpickler(read, nullptr, nullptr, readRecord, c10::nullopt);
    unpickler.set_version(reader.version());
    return unpickler.parse_ivalue();
}

} // namespace

std::string shapeText(at::IntArrayRef sizes)
{
    std::string s = "[";
    for (size_t i = 0; i < sizes.size(); ++i) {
        if (i)
            s += ", ";
        s += std::to_string(sizes[i]);
    }
    return s + "]";
}

NamedTensors readWeightFile(const std::string &path, QString *format)
{
    const QFileInfo fi(QString::fromStdString(path));
    if (!fi.exists())
        throw WeightFileError("weights file '" + path + "' does not exist");
    if (!fi.isFile())
        throw WeightFileError("'" + path + "' is not a file");
    const std::vector<char> bytes = readFileBytes(path);
    if (bytes.size() < 4 || !(bytes[0] == 'P' && bytes[1] == 'K' && bytes[2] == 3 && bytes[3] == 4)) {
        if (!bytes.empty() && (unsigned char)bytes[0] == 0x80)
            throw WeightFileError("'" + path
                + "' is a legacy (pre-1.6) torch pickle file; re-save it with a recent torch "
                  "(torch.save(model.state_dict(), FILE))");
        if (contains(bytes, "onnx") || contains(bytes, "ONNX"))
            throw WeightFileError("'" + path
                + "' looks like an ONNX model; import needs a .pt state dict or a "
                  "TorchScript export");
        throw WeightFileError("'" + path
            + "' is not a torch file (no zip archive): expected a .pt state dict, a "
              "TorchScript export or a GripperPose checkpoint");
    }
    NamedTensors tensors;
    std::string pickleError;
    try {
        const c10::IValue root = torch::pickle_load(bytes);
        tensors = fromPickle(root, path, format);
    } catch (const CheckpointError &) {
        throw;
    } catch (const WeightFileError &) {
        throw;
    } catch (const std::exception &e) {
        pickleError = e.what();
    }
    if (tensors.empty() && contains(bytes, "collections\nOrderedDict")) {
        try {
            tensors = fromPickle(loadOrderedDictPickle(path), path, format);
        } catch (const std::exception &e) {
            tensors.clear();
            pickleError = e.what();
        }
    }
    if (tensors.empty()) {
        // Not a plain pickle: a TorchScript archive?
        try {
            torch::jit::Module m = torch::jit::load(path, torch::kCPU);
            for (const auto &p : m.named_parameters(true))
                tensors.emplace_back(p.name, p.value);
            for (const auto &b : m.named_buffers(true))
                tensors.emplace_back(b.name, b.value);
            if (format)
                *format = QStringLiteral("TorchScript");
        } catch (const std::exception &e) {
            if (contains(bytes, "ultralytics.nn") || contains(bytes, "ultralytics/nn"))
                throw WeightFileError("'" + path
                    + "' is an Ultralytics training checkpoint (pickled Python objects), which only Python can "
                      "read: export it with `yolo export model=FILE format=torchscript`, or save "
                      "model.state_dict() with torch.save");
            std::string first = pickleError.substr(0, pickleError.find('\n'));
            std::string second = std::string(e.what()).substr(0, std::string(e.what()).find('\n'));
            throw WeightFileError("'" + path + "' is not a model this program can read (as a state dict: " + first
                + "; as TorchScript: " + second + ")");
        }
        if (tensors.empty())
            throw WeightFileError("'" + path + "' is a TorchScript module without parameters");
    }
    stripPrefixes(tensors);
    return tensors;
}

std::optional<ModelSpec> inferModelSpec(const NamedTensors &tensors)
{
    std::map<std::string, torch::Tensor> byName(tensors.begin(), tensors.end());
    auto shapeOf = [&](const std::string &n) -> std::vector<int64_t> {
        auto it = byName.find(n);
        return it == byName.end() ? std::vector<int64_t> {} : it->second.sizes().vec();
    };
    const auto first = shapeOf("model.0.conv.weight");
    const auto cls = shapeOf("model.22.cv3.0.2.weight");
    const auto kpt = shapeOf("model.22.cv4.0.2.weight");
    if (first.size() != 4 || cls.size() != 4 || kpt.size() != 4)
        return std::nullopt;
    // Bottlenecks in layer 4 tell the depth.
    int repeats4 = 0;
    while (byName.count("model.4.m." + std::to_string(repeats4) + ".cv1.conv.weight"))
        ++repeats4;
    for (ModelScale s : { ModelScale::N, ModelScale::S, ModelScale::M, ModelScale::L, ModelScale::X }) {
        ModelSpec spec;
        spec.scale = s;
        if (spec.channels(64) == first[0] && spec.repeats(6) == repeats4) {
            spec.numClasses = int(cls[0]);
            const int nk = int(kpt[0]);
            spec.keypointDims = nk % 3 == 0 ? 3 : 2;
            spec.numKeypoints = nk / spec.keypointDims;
            return spec;
        }
    }
    return std::nullopt;
}

WeightImportSummary applyWeights(torch::nn::Module &module, const NamedTensors &tensors)
{
    torch::NoGradGuard noGrad;
    WeightImportSummary summary;
    std::map<std::string, torch::Tensor> file;
    for (const auto &e : tensors)
        file[e.first] = e.second;
    std::set<std::string> used;
    const NamedTensors targets = modelState(module);
    std::map<std::string, torch::Tensor> target(targets.begin(), targets.end());
    summary.modelTensors = int(targets.size());

    auto copyInto = [&](torch::Tensor &dst, const torch::Tensor &src) {
        dst.copy_(src.to(dst.device(), dst.scalar_type()).view(dst.sizes()));
        summary.copiedElements += dst.numel();
        ++summary.copied;
    };

    const std::string bnSuffix = ".bn.weight";
    std::set<std::string> handled;
    // Fused conv entries for an unfused model.
    for (const auto &t : targets) {
        const std::string &name = t.first;
        if (name.size() <= bnSuffix.size() || name.compare(name.size() - bnSuffix.size(), bnSuffix.size(), bnSuffix))
            continue;
        const std::string base = name.substr(0, name.size() - bnSuffix.size());
        if (file.count(name) || !file.count(base + ".conv.weight") || !file.count(base + ".conv.bias"))
            continue;
        torch::Tensor convW = target[base + ".conv.weight"];
        const torch::Tensor &srcW = file[base + ".conv.weight"];
        const torch::Tensor &srcB = file[base + ".conv.bias"];
        if (!srcW.sizes().equals(convW.sizes()) || srcB.numel() != convW.size(0))
            continue;
        // BN(x) = (x - mean) / sqrt(var + eps) * w + b with mean 0, var 1 - eps, w 1: x + b.
        const double eps = 1e-3;
        copyInto(convW, srcW);
        target[base + ".bn.weight"].fill_(1.0);
        copyInto(target[base + ".bn.bias"], srcB);
        target[base + ".bn.running_mean"].zero_();
        target[base + ".bn.running_var"].fill_(1.0 - eps);
        target[base + ".bn.num_batches_tracked"].zero_();
        summary.copied += 4; // bn weight, mean, var, num_batches_tracked set too
        for (const char *s : { ".conv.weight", ".bn.weight", ".bn.bias", ".bn.running_mean", ".bn.running_var",
                 ".bn.num_batches_tracked" })
            handled.insert(base + s);
        used.insert(base + ".conv.weight");
        used.insert(base + ".conv.bias");
        ++summary.unfusedConvs;
    }
    // A module (e.g. a BatchNorm) is taken whole or not at all: when one of its tensors has
    // another shape, all of them keep their initial values and are listed.
    auto moduleOf = [](const std::string &n) { return n.substr(0, n.rfind('.')); };
    std::set<std::string> mismatchedModules;
    for (const auto &t : targets) {
        auto it = file.find(t.first);
        if (!handled.count(t.first) && it != file.end() && !it->second.sizes().equals(t.second.sizes()))
            mismatchedModules.insert(moduleOf(t.first));
    }
    for (const auto &t : targets) {
        const std::string &name = t.first;
        if (handled.count(name))
            continue;
        auto it = file.find(name);
        if (it != file.end() && mismatchedModules.count(moduleOf(name))) {
            used.insert(name);
            summary.shapeMismatches.push_back(
                { QString::fromStdString(name), QString::fromStdString(shapeText(it->second.sizes())),
                    QString::fromStdString(shapeText(t.second.sizes())) });
            continue;
        }
        if (it == file.end()) {
            summary.missing << QString::fromStdString(name);
            continue;
        }
        used.insert(name);
        torch::Tensor dst = t.second;
        if (!it->second.sizes().equals(dst.sizes())) {
            summary.shapeMismatches.push_back(
                { QString::fromStdString(name), QString::fromStdString(shapeText(it->second.sizes())),
                    QString::fromStdString(shapeText(dst.sizes())) });
            continue;
        }
        copyInto(dst, it->second);
    }
    for (const auto &e : tensors) {
        if (!used.count(e.first))
            summary.unexpected << QString::fromStdString(e.first);
    }
    return summary;
}

WeightImportSummary importWeights(PoseModelImpl &model, const std::string &path)
{
    QString format;
    const NamedTensors tensors = readWeightFile(path, &format);
    WeightImportSummary summary = applyWeights(model, tensors);
    summary.file = QString::fromStdString(path);
    summary.format = format;
    summary.spec = model.spec();
    if (summary.copied == 0)
        throw WeightFileError("'" + path + "' has no tensor that fits " + model.spec().name().toStdString()
            + " (are these YOLOv8-pose weights with Ultralytics names?)");
    return summary;
}

QString WeightImportSummary::toText() const
{
    QString t;
    t += QStringLiteral("Imported %1 (%2) into %3, nc=%4, kpt_shape=[%5, %6]\n")
             .arg(file, format, spec.name())
             .arg(spec.numClasses)
             .arg(spec.numKeypoints)
             .arg(spec.keypointDims);
    t += QStringLiteral("  copied: %1 of %2 tensors (%3 values)\n").arg(copied).arg(modelTensors).arg(copiedElements);
    if (unfusedConvs)
        t += QStringLiteral("  fused convolutions split into conv + BatchNorm: %1\n").arg(unfusedConvs);
    if (!shapeMismatches.empty()) {
        t += QStringLiteral("  re-initialised (shape differs), %1:\n").arg(shapeMismatches.size());
        for (const Mismatch &m : shapeMismatches)
            t += QStringLiteral("    %1: file %2, model %3\n").arg(m.name, m.fileShape, m.modelShape);
    }
    if (!missing.isEmpty())
        t += QStringLiteral("  not in the file (left initialised), %1: %2\n")
                 .arg(missing.size())
                 .arg(missing.join(QStringLiteral(", ")));
    if (!unexpected.isEmpty())
        t += QStringLiteral("  in the file but not used, %1: %2\n")
                 .arg(unexpected.size())
                 .arg(unexpected.join(QStringLiteral(", ")));
    return t;
}

std::optional<WeightFileInfo> inspectWeightFile(const QString &path, QString *error)
{
    try {
        WeightFileInfo info;
        const gp::NamedTensors t = gp::readWeightFile(path.toStdString(), &info.format);
        info.tensors = int(t.size());
        bool hasBn = false, hasConvBias = false;
        for (const auto &e : t) {
            hasBn = hasBn || e.first.find(".bn.") != std::string::npos;
            hasConvBias
                = hasConvBias || (e.first.size() > 10 && e.first.compare(e.first.size() - 10, 10, ".conv.bias") == 0);
        }
        info.fused = hasConvBias && !hasBn;
        info.spec = gp::inferModelSpec(t);
        return info;
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return std::nullopt;
    }
}

bool importWeightsToCheckpoint(const QString &weightsPath, const QString &checkpointPath,
    const std::optional<ModelSpec> &specIn, WeightImportSummary *summaryOut, QString *error)
{
    try {
        QString format;
        const gp::NamedTensors tensors = gp::readWeightFile(weightsPath.toStdString(), &format);
        std::optional<ModelSpec> spec = specIn ? specIn : gp::inferModelSpec(tensors);
        if (!spec)
            throw gp::WeightFileError("cannot tell the model scale from '" + weightsPath.toStdString()
                + "': give model=yolov8X-pose and kpt_shape=K,D");
        gp::PoseModel model(*spec);
        WeightImportSummary summary = gp::applyWeights(*model, tensors);
        summary.file = weightsPath;
        summary.format = format;
        summary.spec = *spec;
        if (summary.copied == 0)
            throw gp::WeightFileError(
                "'" + weightsPath.toStdString() + "' has no tensor that fits " + spec->name().toStdString());
        gp::CheckpointData data;
        data.info.spec = *spec;
        data.info.epoch = -1;
        data.info.source = QStringLiteral("import: %1").arg(QFileInfo(weightsPath).fileName());
        data.info.trainingConfig = QString();
        data.model = gp::captureState(*model);
        gp::saveCheckpoint(checkpointPath, data);
        if (summaryOut)
            *summaryOut = summary;
        return true;
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

} // namespace gp
