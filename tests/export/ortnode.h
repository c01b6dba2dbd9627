#pragma once

// ONNX Runtime as an independent checker (and stopwatch) of exported files: npm's
// onnxruntime-node (CPU) runs scripts/onnxruntime-run.cjs, which reads a batch of images
// from a file and writes the outputs back. scripts/setup.sh installs it into
// .deps/ort-node; GP_ORT_NODE_MODULES and GP_SOURCE_DIR come from CMake. Shared by the
// export tests and gp_bench_export. Torch translation units only.

#include <torch/torch.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QStandardPaths>
#include <QString>

#include <map>

namespace ortnode {

inline QString script()
{
    return QStringLiteral(GP_SOURCE_DIR "/scripts/onnxruntime-run.cjs");
}

inline QString modules()
{
    return QStringLiteral(GP_ORT_NODE_MODULES);
}

// Empty when ONNX Runtime can run here. Otherwise why not; *canInstall tells whether node
// and npm are there (so that onnxruntime-node could have been installed, and its absence is
// a failure rather than a reason to skip).
inline QString unavailable(bool *canInstall)
{
    const bool node = !QStandardPaths::findExecutable(QStringLiteral("node")).isEmpty();
    const bool npm = !QStandardPaths::findExecutable(QStringLiteral("npm")).isEmpty();
    *canInstall = node && npm;
    if (!node || !npm)
        return QStringLiteral("Node.js (node and npm) is not installed, so ONNX Runtime (npm's onnxruntime-node) "
                              "cannot run the exported files");
    if (!QFileInfo::exists(modules() + QStringLiteral("/onnxruntime-node/package.json")))
        return QStringLiteral("onnxruntime-node is not installed in %1: run scripts/setup.sh build (its npm step "
                              "installs it)")
            .arg(modules());
    return QString();
}

struct Run
{
    QString error; // empty on success
    std::map<QString, torch::Tensor> outputs; // float32, as ONNX Runtime returned them
    QJsonObject result; // result.json: names, shapes, version, latency
};

// Runs `model` on images [n, 3, h, w] in chunks of `batch` (0: all at once).
inline Run run(const QString &model, const torch::Tensor &images, int batch, const QString &workDir, int threads = 1,
    int repeat = 0, int warmup = 1)
{
    Run r;
    QDir().mkpath(workDir);
    const QString input = workDir + QStringLiteral("/input.bin");
    const torch::Tensor x = images.to(torch::kCPU, torch::kFloat).contiguous();
    {
        QFile f(input);
        if (!f.open(QIODevice::WriteOnly)
            || f.write(static_cast<const char *>(x.data_ptr()), qint64(x.numel() * 4)) != qint64(x.numel() * 4)) {
            r.error = QStringLiteral("cannot write %1").arg(input);
            return r;
        }
    }
    const QString outDir = workDir + QStringLiteral("/out");
    QDir(outDir).removeRecursively();
    QJsonObject job { { QStringLiteral("model"), QFileInfo(model).absoluteFilePath() },
        { QStringLiteral("input"), input },
        { QStringLiteral("dims"),
            QJsonArray { qint64(x.size(0)), qint64(x.size(1)), qint64(x.size(2)), qint64(x.size(3)) } },
        { QStringLiteral("batch"), batch > 0 ? batch : int(x.size(0)) }, { QStringLiteral("outDir"), outDir },
        { QStringLiteral("threads"), threads }, { QStringLiteral("repeat"), repeat },
        { QStringLiteral("warmup"), warmup } };
    const QString jobFile = workDir + QStringLiteral("/job.json");
    {
        QFile f(jobFile);
        if (!f.open(QIODevice::WriteOnly) || f.write(QJsonDocument(job).toJson()) < 0) {
            r.error = QStringLiteral("cannot write %1").arg(jobFile);
            return r;
        }
    }
    QProcess p;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QStringLiteral("NODE_PATH"), modules());
    p.setProcessEnvironment(env);
    p.start(QStringLiteral("node"), { script(), jobFile });
    if (!p.waitForFinished(600000) || p.exitStatus() != QProcess::NormalExit || p.exitCode() != 0) {
        r.error = QStringLiteral("ONNX Runtime failed on %1: %2")
                      .arg(model, QString::fromUtf8(p.readAllStandardError()).trimmed());
        return r;
    }
    QFile rf(outDir + QStringLiteral("/result.json"));
    if (!rf.open(QIODevice::ReadOnly)) {
        r.error = QStringLiteral("no result.json in %1").arg(outDir);
        return r;
    }
    r.result = QJsonDocument::fromJson(rf.readAll()).object();
    for (const QJsonValue &o : r.result.value(QStringLiteral("outputs")).toArray()) {
        const QString name = o.toObject().value(QStringLiteral("name")).toString();
        std::vector<int64_t> dims;
        for (const QJsonValue &d : o.toObject().value(QStringLiteral("dims")).toArray())
            dims.push_back(d.toInteger());
        QFile f(outDir + QLatin1Char('/') + name + QStringLiteral(".bin"));
        if (!f.open(QIODevice::ReadOnly)) {
            r.error = QStringLiteral("no output %1").arg(name);
            return r;
        }
        QByteArray bytes = f.readAll();
        torch::Tensor t = torch::empty(dims, torch::kFloat);
        if (qint64(bytes.size()) != qint64(t.numel() * 4)) {
            r.error = QStringLiteral("output %1 has %2 bytes for %3 values").arg(name).arg(bytes.size()).arg(t.numel());
            return r;
        }
        std::memcpy(t.data_ptr(), bytes.constData(), size_t(bytes.size()));
        r.outputs[name] = t;
    }
    return r;
}

} // namespace ortnode
