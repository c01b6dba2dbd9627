// A main() for the libFuzzer targets in an ordinary build (GCC, no sanitizers): each seed of
// the corpus and each crash found earlier (regressions/), then a fixed number of mutations of
// them drawn from a fixed seed, so that the test is the same on every run and takes seconds.
// The sanitizer build (GP_FUZZ=ON, clang) links the same targets with libFuzzer instead.
//   fuzz_x <corpus dir>... [--runs N] [--seed S]

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <random>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

// Tokens the formats are made of, for the mutator to splice in.
const char *const kTokens[] = { "{", "}", "[", "]", ":", ",", "\"", "-", ".", "0", "1", "-1", "1e308", "nan", "inf",
    "\n", " ", "  - ", "null", "true", "0.5", "999999999999", "&a", "*a", "!!str", "\xff", "..", "/", "\\u0000",
    "\"images\"", "\"annotations\"", "\"frames\"", "kpt_shape", "flip_idx", "names", "keypoints", "file_name" };

QByteArray mutate(QByteArray in, std::mt19937_64 &rng, const std::vector<QByteArray> &corpus)
{
    const int steps = 1 + int(rng() % 4);
    for (int s = 0; s < steps; ++s) {
        const qsizetype n = in.size();
        const qsizetype at = n ? qsizetype(rng() % uint64_t(n + 1)) : 0;
        switch (rng() % 7) {
        case 0: // flip a bit
            if (n)
                in[at % n] = char(in[at % n] ^ (1 << (rng() % 8)));
            break;
        case 1: // a random byte
            if (n)
                in[at % n] = char(rng());
            break;
        case 2: // cut
            in.truncate(at);
            break;
        case 3: // erase a run
            in.remove(at, qsizetype(rng() % 16));
            break;
        case 4: // insert a token
            in.insert(at, kTokens[rng() % (sizeof(kTokens) / sizeof(*kTokens))]);
            break;
        case 5: // repeat a run (deep nesting, long lines)
            if (n) {
                const QByteArray run = in.mid(at % n, 1 + qsizetype(rng() % 8));
                in.insert(at, run.repeated(1 + int(rng() % 64)));
            }
            break;
        default: // splice with another input
            if (!corpus.empty()) {
                const QByteArray &other = corpus[rng() % corpus.size()];
                in = in.left(at) + other.mid(other.isEmpty() ? 0 : qsizetype(rng() % uint64_t(other.size())));
            }
            break;
        }
    }
    return in.left(1 << 16);
}

void runOne(const QByteArray &input)
{
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.constData()), size_t(input.size()));
}

} // namespace

int main(int argc, char **argv)
{
    long runs = 2000;
    uint64_t seed = 15;
    std::vector<QByteArray> corpus;
    for (int i = 1; i < argc; ++i) {
        if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
            runs = std::atol(argv[++i]);
            continue;
        }
        if (!std::strcmp(argv[i], "--seed") && i + 1 < argc) {
            seed = std::strtoull(argv[++i], nullptr, 10);
            continue;
        }
        const QString path = QString::fromLocal8Bit(argv[i]);
        QStringList files { path };
        if (QFileInfo(path).isDir()) {
            files.clear();
            for (const QString &name : QDir(path).entryList(QDir::Files | QDir::Hidden, QDir::Name))
                files << QDir(path).filePath(name);
        }
        for (const QString &f : files) {
            QFile file(f);
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "%s: cannot read\n", qPrintable(f));
                return 2;
            }
            corpus.push_back(file.readAll());
        }
    }
    if (corpus.empty())
        corpus.emplace_back();
    for (const QByteArray &input : corpus)
        runOne(input);
    std::mt19937_64 rng(seed);
    for (long r = 0; r < runs; ++r)
        runOne(mutate(corpus[rng() % corpus.size()], rng, corpus));
    std::printf("%zu inputs and %ld mutations (seed %llu): no crash\n", corpus.size(), runs,
        static_cast<unsigned long long>(seed));
    return 0;
}
