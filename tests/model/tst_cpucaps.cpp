// Which kernel families this process computes with: ATen's vector kernels (its CPU capability),
// oneDNN's instruction set and OpenBLAS's core type. Registered natively, where it only reports
// them, and as tst_cpucaps_avx2 (tests/CMakeLists.txt), where it checks that each cap in the
// environment took effect: a cap that Debian's build ignored would leave the AVX2 registrations
// running the native kernels and covering nothing.

#include <torch/torch.h>

#include <QTest>

#include <dlfcn.h>

namespace {

// ATen reports its dispatch level in its build summary ("CPU capability usage: AVX2").
QString atenCapability()
{
    const QString config = QString::fromStdString(at::show_config());
    const QString key = QStringLiteral("CPU capability usage:");
    const int at = config.indexOf(key);
    if (at < 0)
        return {};
    return config.mid(at + key.size()).section(QLatin1Char('\n'), 0, 0).trimmed();
}

// oneDNN's dnnl_get_effective_cpu_isa() and OpenBLAS's openblas_get_corename(), looked up in
// the libraries LibTorch loaded (no headers of theirs are needed).
int onednnIsa(bool *found)
{
    using Fn = int (*)();
    const auto fn = reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, "dnnl_get_effective_cpu_isa"));
    *found = fn != nullptr;
    return fn ? fn() : 0;
}

QString openblasCore()
{
    using Fn = char *(*)();
    const auto fn = reinterpret_cast<Fn>(dlsym(RTLD_DEFAULT, "openblas_get_corename"));
    return fn ? QString::fromLatin1(fn()).trimmed() : QString();
}

// dnnl_cpu_isa_t is a bit mask: each instruction set adds bits to the one below it, and
// dnnl_cpu_isa_avx2 is 0x7; nothing wider than AVX2 has only those bits.
constexpr int kOnednnAvx2 = 0x7;

} // namespace

class TestCpuCaps : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void reportsAndHonoursCaps()
    {
        // Make oneDNN initialise its dispatcher the way a convolution does.
        torch::NoGradGuard noGrad;
        torch::conv2d(torch::ones({ 1, 8, 8, 8 }), torch::ones({ 8, 8, 3, 3 }));
        bool haveOnednn = false;
        const int isa = onednnIsa(&haveOnednn);
        const QString aten = atenCapability();
        const QString core = openblasCore();
        qInfo("ATen CPU capability: %s; oneDNN ISA: 0x%x%s; OpenBLAS core: %s", qPrintable(aten), isa,
            haveOnednn ? "" : " (oneDNN not loaded)", qPrintable(core.isEmpty() ? QStringLiteral("?") : core));
        QVERIFY(!aten.isEmpty());

        if (qgetenv("ATEN_CPU_CAPABILITY") == "avx2")
            QVERIFY2(aten == QLatin1String("AVX2") || aten == QLatin1String("NO AVX"), qPrintable(aten));
        if (qgetenv("ONEDNN_MAX_CPU_ISA") == "AVX2" && haveOnednn)
            QVERIFY2((isa & ~kOnednnAvx2) == 0, qPrintable(QString::number(isa, 16)));
        if (qgetenv("OPENBLAS_CORETYPE") == "Haswell" && !core.isEmpty())
            QCOMPARE(core, QStringLiteral("Haswell"));
    }
};

QTEST_GUILESS_MAIN(TestCpuCaps)
#include "tst_cpucaps.moc"
