#include "checkpoint_p.h"
#include "savefilecommit.h"

#include <QDateTime>
#include <QDir>
#include <QFileInfo>
#include <QSaveFile>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <set>
#include <sstream>

#ifdef Q_OS_UNIX
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace gp {

namespace {

const char *const kFormat = "gripperpose-checkpoint";

// FNV-1a (64-bit) over names, dtypes, shapes and bytes.
struct Hasher
{
    uint64_t h = 1469598103934665603ULL;
    void bytes(const void *data, size_t n)
    {
        const auto *p = static_cast<const unsigned char *>(data);
        for (size_t i = 0; i < n; ++i) {
            h ^= p[i];
            h *= 1099511628211ULL;
        }
    }
    void words(const void *data, size_t n)
    {
        // 8 bytes at a time, then the tail byte-wise.
        const auto *p = static_cast<const unsigned char *>(data);
        size_t i = 0;
        for (; i + 8 <= n; i += 8) {
            uint64_t w;
            std::memcpy(&w, p + i, 8);
            h ^= w;
            h *= 1099511628211ULL;
            h ^= h >> 29;
        }
        bytes(p + i, n - i);
    }
    void text(const std::string &s) { bytes(s.data(), s.size()), bytes("\0", 1); }
};

int64_t checksum(const NamedTensors &tensors)
{
    Hasher hs;
    for (const auto &e : tensors) {
        hs.text(e.first);
        hs.text(std::string(c10::toString(e.second.scalar_type())));
        hs.text(shapeText(e.second.sizes()));
        const torch::Tensor t = e.second.contiguous();
        hs.words(t.data_ptr(), size_t(t.numel()) * t.element_size());
    }
    return int64_t(hs.h & 0x7fffffffffffffffULL);
}

int64_t checksum(const std::string &bytes)
{
    Hasher hs;
    hs.words(bytes.data(), bytes.size());
    return int64_t(hs.h & 0x7fffffffffffffffULL);
}

c10::Dict<std::string, at::Tensor> toDict(const NamedTensors &t)
{
    c10::Dict<std::string, at::Tensor> d;
    for (const auto &e : t)
        d.insert(e.first, e.second);
    return d;
}

std::string str(const QString &s)
{
    return s.toStdString();
}

[[noreturn]] void fail(const QString &path, const std::string &why)
{
    throw CheckpointError("checkpoint '" + path.toStdString() + "': " + why);
}

void writeAtomically(const QString &path, const std::vector<char> &bytes)
{
    const QFileInfo fi(path);
    const QString dir = fi.absolutePath();
    if (!QDir().mkpath(dir))
        fail(path, "cannot create the folder " + str(dir));
#ifdef Q_OS_UNIX
    std::string tmpl = str(dir + QLatin1Char('/') + QLatin1Char('.') + fi.fileName()) + ".tmp-XXXXXX";
    std::vector<char> name(tmpl.begin(), tmpl.end());
    name.push_back('\0');
    const int fd = ::mkstemp(name.data());
    if (fd < 0)
        fail(path, std::string("cannot create a temporary file: ") + std::strerror(errno));
    const std::string tmp(name.data());
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            const std::string why = std::strerror(errno);
            ::close(fd);
            ::unlink(tmp.c_str());
            fail(path, "write failed: " + why);
        }
        done += size_t(n);
    }
    ::fchmod(fd, 0644);
    if (::fsync(fd) != 0 || ::close(fd) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        fail(path, "flushing to disk failed: " + why);
    }
    if (::rename(tmp.c_str(), str(fi.absoluteFilePath()).c_str()) != 0) {
        const std::string why = std::strerror(errno);
        ::unlink(tmp.c_str());
        fail(path, "rename failed: " + why);
    }
    const int dfd = ::open(str(dir).c_str(), O_RDONLY | O_DIRECTORY);
    if (dfd >= 0) {
        ::fsync(dfd);
        ::close(dfd);
    }
#else
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        fail(path, str(f.errorString()));
    if (f.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()) || !gp::commitSaveFile(f))
        fail(path, str(f.errorString()));
#endif
}

c10::IValue lookup(const c10::Dict<c10::IValue, c10::IValue> &d, const char *key)
{
    auto it = d.find(c10::IValue(std::string(key)));
    return it == d.end() ? c10::IValue() : it->value();
}

QString stringField(const c10::Dict<c10::IValue, c10::IValue> &d, const char *key)
{
    const c10::IValue v = lookup(d, key);
    return v.isString() ? QString::fromStdString(v.toStringRef()) : QString();
}

int64_t intField(const c10::Dict<c10::IValue, c10::IValue> &d, const char *key, int64_t def)
{
    const c10::IValue v = lookup(d, key);
    return v.isInt() ? v.toInt() : def;
}

NamedTensors tensorsField(const QString &path, const c10::Dict<c10::IValue, c10::IValue> &d, const char *key)
{
    NamedTensors out;
    const c10::IValue v = lookup(d, key);
    if (v.isNone())
        return out;
    if (!v.isGenericDict())
        fail(path, std::string("entry '") + key + "' is not a dictionary of tensors");
    for (const auto &e : v.toGenericDict()) {
        if (!e.key().isString() || !e.value().isTensor())
            fail(path, std::string("entry '") + key + "' holds something other than named tensors");
        out.emplace_back(e.key().toStringRef(), e.value().toTensor());
    }
    return out;
}

CheckpointData parse(const QString &path, const c10::IValue &root, bool withTensors)
{
    if (!root.isGenericDict())
        fail(path, "not a GripperPose checkpoint (the archive holds no dictionary)");
    const auto d = root.toGenericDict();
    const QString format = stringField(d, "format");
    if (format != QLatin1String(kFormat)) {
        bool tensorsOnly = true;
        for (const auto &e : d)
            tensorsOnly = tensorsOnly && e.value().isTensor();
        fail(path,
            tensorsOnly ? "not a GripperPose checkpoint but a plain state dict; bring it in with "
                          "`gripperpose import weights=FILE out=CKPT`"
                        : "not a GripperPose checkpoint (no 'format' entry)");
    }
    const int64_t version = intField(d, "version", 0);
    if (version < 1 || version > CheckpointInfo::kFormatVersion)
        fail(path,
            "format version " + std::to_string(version) + " is not supported (this program reads up to "
                + std::to_string(CheckpointInfo::kFormatVersion) + "); update GripperPose Studio");
    CheckpointData data;
    CheckpointInfo &info = data.info;
    const auto scale = ModelSpec::parseScale(stringField(d, "scale"));
    if (!scale)
        fail(path, "unknown model scale '" + str(stringField(d, "scale")) + "'");
    info.spec.scale = *scale;
    info.spec.numClasses = int(intField(d, "nc", 0));
    const c10::IValue kpt = lookup(d, "kpt_shape");
    if (!kpt.isIntList() || kpt.toIntList().size() != 2)
        fail(path, "entry 'kpt_shape' is missing or malformed");
    info.spec.numKeypoints = int(kpt.toIntList().get(0));
    info.spec.keypointDims = int(kpt.toIntList().get(1));
    const QString problem = info.spec.validate();
    if (!problem.isEmpty())
        fail(path, str(problem));
    info.epoch = int(intField(d, "epoch", -1));
    const c10::IValue best = lookup(d, "best_fitness");
    info.bestFitness = best.isDouble() ? best.toDouble() : 0.0;
    info.trainingConfig = stringField(d, "train_args");
    info.metricsHistory = stringField(d, "metrics");
    info.trainerState = stringField(d, "trainer_state");
    info.skeletonJson = stringField(d, "skeleton");
    info.source = stringField(d, "source");
    info.createdAt = stringField(d, "date");
    info.programVersion = stringField(d, "program_version");
    info.emaUpdates = intField(d, "ema_updates", 0);
    info.fused = intField(d, "fused", 0) != 0;

    const c10::IValue sums = lookup(d, "checksums");
    if (!sums.isGenericDict())
        fail(path, "checksums are missing; the file is corrupt");
    const auto sumDict = sums.toGenericDict();
    data.model = tensorsField(path, d, "model");
    data.ema = tensorsField(path, d, "ema");
    data.pendingGradients = tensorsField(path, d, "pending_grads");
    const c10::IValue opt = lookup(d, "optimizer");
    if (opt.isTensor()) {
        const torch::Tensor t = opt.toTensor().contiguous();
        data.optimizerState.assign(static_cast<const char *>(t.data_ptr()), size_t(t.numel()));
    }
    if (data.model.empty())
        fail(path, "it holds no model weights");
    if (checksum(data.model) != intField(sumDict, "model", -1))
        fail(path, "the model weights do not match their checksum; the file is corrupt");
    if (checksum(data.ema) != intField(sumDict, "ema", -1))
        fail(path, "the EMA weights do not match their checksum; the file is corrupt");
    if (checksum(data.optimizerState) != intField(sumDict, "optimizer", -1))
        fail(path, "the optimizer state does not match its checksum; the file is corrupt");
    if (!data.pendingGradients.empty() && checksum(data.pendingGradients) != intField(sumDict, "pending_grads", -1))
        fail(path, "the pending gradients do not match their checksum; the file is corrupt");
    info.hasEma = !data.ema.empty();
    info.hasOptimizer = !data.optimizerState.empty();
    if (!withTensors) {
        data.model.clear();
        data.ema.clear();
        data.optimizerState.clear();
        data.pendingGradients.clear();
    }
    return data;
}

CheckpointData read(const QString &path, bool withTensors)
{
    const QFileInfo fi(path);
    if (!fi.exists())
        fail(path, "the file does not exist");
    std::ifstream in(str(path), std::ios::binary);
    if (!in)
        fail(path, "cannot open the file");
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (bytes.size() < 22 || bytes[0] != 'P' || bytes[1] != 'K')
        fail(path, bytes.empty() ? "the file is empty" : "not a GripperPose checkpoint (not a torch archive)");
    c10::IValue root;
    try {
        root = torch::pickle_load(bytes);
    } catch (const std::exception &e) {
        const std::string why = e.what();
        fail(path, "the file is truncated or corrupt (" + why.substr(0, why.find('\n')) + ")");
    }
    return parse(path, root, withTensors);
}

} // namespace

NamedTensors captureState(const torch::nn::Module &module)
{
    NamedTensors out;
    for (const auto &e : modelState(module))
        out.emplace_back(e.first, e.second.detach().to(torch::kCPU).contiguous().clone());
    return out;
}

void restoreState(torch::nn::Module &module, const NamedTensors &state, const std::string &what)
{
    torch::NoGradGuard noGrad;
    const NamedTensors targets = modelState(module);
    std::map<std::string, torch::Tensor> src(state.begin(), state.end());
    for (const auto &t : targets) {
        auto it = src.find(t.first);
        if (it == src.end())
            throw CheckpointError(what + " weights lack '" + t.first + "'");
        if (!it->second.sizes().equals(t.second.sizes()))
            throw CheckpointError(what + " weights: '" + t.first + "' has shape " + shapeText(it->second.sizes())
                + ", the model expects " + shapeText(t.second.sizes()));
    }
    if (src.size() != targets.size()) {
        std::set<std::string> names;
        for (const auto &t : targets)
            names.insert(t.first);
        for (const auto &e : state) {
            if (!names.count(e.first))
                throw CheckpointError(what + " weights have '" + e.first + "', which the model does not");
        }
    }
    for (const auto &t : targets) {
        torch::Tensor dst = t.second;
        dst.copy_(src[t.first]);
    }
}

void saveCheckpoint(const QString &path, const CheckpointData &data)
{
    const CheckpointInfo &info = data.info;
    c10::impl::GenericDict d(c10::StringType::get(), c10::AnyType::get());
    d.insert(std::string("format"), std::string(kFormat));
    d.insert(std::string("version"), int64_t(CheckpointInfo::kFormatVersion));
    d.insert(std::string("scale"), str(ModelSpec::scaleName(info.spec.scale)));
    d.insert(std::string("model_name"), str(info.spec.name()));
    d.insert(std::string("nc"), int64_t(info.spec.numClasses));
    d.insert(std::string("kpt_shape"), c10::List<int64_t>({ info.spec.numKeypoints, info.spec.keypointDims }));
    d.insert(std::string("epoch"), int64_t(info.epoch));
    d.insert(std::string("best_fitness"), info.bestFitness);
    d.insert(std::string("train_args"), str(info.trainingConfig));
    d.insert(std::string("metrics"), str(info.metricsHistory));
    d.insert(std::string("trainer_state"), str(info.trainerState));
    d.insert(std::string("skeleton"), str(info.skeletonJson));
    d.insert(std::string("source"), str(info.source));
    d.insert(std::string("date"),
        str(info.createdAt.isEmpty() ? QDateTime::currentDateTimeUtc().toString(Qt::ISODate) : info.createdAt));
    d.insert(std::string("program_version"),
        str(info.programVersion.isEmpty() ? QStringLiteral(GP_MODEL_VERSION) : info.programVersion));
    d.insert(std::string("ema_updates"), int64_t(info.emaUpdates));
    d.insert(std::string("fused"), int64_t(info.fused ? 1 : 0));
    d.insert(std::string("model"), toDict(data.model));
    if (!data.ema.empty())
        d.insert(std::string("ema"), toDict(data.ema));
    if (!data.optimizerState.empty()) {
        torch::Tensor opt = torch::empty({ int64_t(data.optimizerState.size()) }, torch::kUInt8);
        std::memcpy(opt.data_ptr(), data.optimizerState.data(), data.optimizerState.size());
        d.insert(std::string("optimizer"), opt);
    }
    if (!data.pendingGradients.empty())
        d.insert(std::string("pending_grads"), toDict(data.pendingGradients));
    c10::impl::GenericDict sums(c10::StringType::get(), c10::IntType::get());
    sums.insert(std::string("model"), checksum(data.model));
    sums.insert(std::string("ema"), checksum(data.ema));
    sums.insert(std::string("optimizer"), checksum(data.optimizerState));
    if (!data.pendingGradients.empty())
        sums.insert(std::string("pending_grads"), checksum(data.pendingGradients));
    d.insert(std::string("checksums"), sums);
    std::vector<char> bytes;
    try {
        bytes = torch::pickle_save(c10::IValue(d));
    } catch (const std::exception &e) {
        fail(path, std::string("cannot serialise: ") + e.what());
    }
    writeAtomically(path, bytes);
}

CheckpointData loadCheckpoint(const QString &path)
{
    return read(path, true);
}

CheckpointData loadCheckpoint(const QString &path, const ModelSpec &expected)
{
    CheckpointData data = read(path, true);
    const QString mismatch = checkpointMismatch(data.info, expected);
    if (!mismatch.isEmpty())
        fail(path, str(mismatch));
    return data;
}

std::string serializeOptimizer(const torch::optim::Optimizer &optimizer)
{
    torch::serialize::OutputArchive archive;
    optimizer.save(archive);
    std::ostringstream out;
    archive.save_to(out);
    return out.str();
}

void deserializeOptimizer(torch::optim::Optimizer &optimizer, const std::string &bytes)
{
    std::istringstream in(bytes);
    torch::serialize::InputArchive archive;
    archive.load_from(in);
    optimizer.load(archive);
}

bool readCheckpointInfo(const QString &path, CheckpointInfo *info, QString *error)
{
    try {
        gp::CheckpointData data = gp::loadCheckpoint(path);
        if (info)
            *info = data.info;
        return true;
    } catch (const std::exception &e) {
        if (error)
            *error = QString::fromStdString(e.what());
        return false;
    }
}

QString checkpointMismatch(const CheckpointInfo &info, const ModelSpec &spec)
{
    QStringList diffs;
    if (info.spec.scale != spec.scale)
        diffs << QStringLiteral("model scale %1 (checkpoint) vs %2 (expected)").arg(info.spec.name(), spec.name());
    if (info.spec.numClasses != spec.numClasses)
        diffs << QStringLiteral("%1 classes (checkpoint) vs %2 (expected)")
                     .arg(info.spec.numClasses)
                     .arg(spec.numClasses);
    if (info.spec.numKeypoints != spec.numKeypoints || info.spec.keypointDims != spec.keypointDims)
        diffs << QStringLiteral("kpt_shape [%1, %2] (checkpoint) vs [%3, %4] (expected)")
                     .arg(info.spec.numKeypoints)
                     .arg(info.spec.keypointDims)
                     .arg(spec.numKeypoints)
                     .arg(spec.keypointDims);
    if (diffs.isEmpty())
        return {};
    return QStringLiteral("the checkpoint does not fit this model: %1").arg(diffs.join(QStringLiteral("; ")));
}

} // namespace gp
