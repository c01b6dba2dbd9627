// HeapTrimmer gives back to the system what a worker thread freed but the C library kept: a
// thread allocates 200 MB in small blocks and frees 99 of each 100 (the rest stay in use, as
// live data does between freed blocks in a long session). Its resident memory stays until the
// trim, which must return most of it.

#include "heaptrimmer.h"

#include <QFile>
#include <QTest>

#include <algorithm>
#include <cstdlib>

#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#include <malloc.h>
#include <unistd.h>

namespace {

double residentMiB()
{
    QFile f(QStringLiteral("/proc/self/statm"));
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    const QList<QByteArray> fields = f.readAll().split(' ');
    return fields.value(1).toDouble() * double(sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0);
}

} // namespace

class TestHeapTrimmer : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase() { QVERIFY(HeapTrimmer::limitArenas()); }

    void threadsShareTwoHeaps()
    {
        // Eight threads that allocate at once would each get a heap of their own; with the
        // limit they share two (glibc's malloc_info lists one <heap> per arena).
        std::vector<std::thread> threads;
        for (int t = 0; t < 8; ++t)
            threads.emplace_back([] {
                std::vector<void *> blocks;
                for (int i = 0; i < 64; ++i)
                    blocks.push_back(std::malloc(4096));
                std::this_thread::sleep_for(std::chrono::milliseconds(50));
                for (void *b : blocks)
                    std::free(b);
            });
        for (std::thread &t : threads)
            t.join();
        char *text = nullptr;
        size_t size = 0;
        FILE *f = open_memstream(&text, &size);
        QVERIFY(f);
        malloc_info(0, f);
        std::fclose(f);
        const QByteArray xml(text, int(size));
        std::free(text);
        QCOMPARE(xml.count("<heap nr="), 2);
    }

    void freedMemoryGoesBackToTheSystem()
    {
        if (residentMiB() < 0)
            QSKIP("no /proc/self/statm here");
        constexpr size_t kBlock = 2048, kBlocks = 100 * 1000; // 195 MiB
        std::vector<char *> kept;
        const double before = residentMiB();
        std::thread worker([&] {
            std::vector<char *> blocks(kBlocks);
            for (char *&b : blocks) {
                b = static_cast<char *>(std::malloc(kBlock));
                std::fill(b, b + kBlock, char(1)); // touched: resident
            }
            for (size_t i = 0; i < kBlocks; ++i) {
                if (i % 100 == 99)
                    kept.push_back(blocks[i]);
                else
                    std::free(blocks[i]);
            }
        });
        worker.join();
        const double freedButKept = residentMiB();
        // What 99 % of 195 MiB freed leaves resident, less some slack for the C library's own
        // bookkeeping.
        constexpr double kFreedMiB = 0.99 * kBlock * kBlocks / (1024.0 * 1024.0);
        if (freedButKept - before < 0.5 * kFreedMiB)
            QSKIP("this C library returned the memory at free(): nothing to trim");
        QVERIFY(HeapTrimmer::trimNow());
        const double trimmed = residentMiB();
        // Most of it back: the pages wholly inside freed runs (each run between kept blocks is
        // 99 blocks, 198 KiB: all but its two partial pages), so well over half.
        QVERIFY2(freedButKept - trimmed > 0.5 * kFreedMiB,
            qPrintable(QStringLiteral("resident %1 MiB before, %2 MiB with the freed blocks, %3 MiB after the trim")
                           .arg(before)
                           .arg(freedButKept)
                           .arg(trimmed)));
        for (char *b : kept)
            std::free(b);
    }
};

QTEST_GUILESS_MAIN(TestHeapTrimmer)
#include "tst_heaptrimmer.moc"
