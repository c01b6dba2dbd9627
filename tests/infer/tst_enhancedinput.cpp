// enhance= changes what the network sees, and in the same way in predict and in val: the
// correction is applied to the decoded image, before the letterbox. A dark image with an
// enhancement must give exactly what the same network gives, without one, on the image
// corrected here independently (its definition, not the library's code); and it must
// differ from the dark image as it is. Were the correction applied after the letterbox,
// the grey padding would enter the image's mean and change the exponent (and the resize
// would blend corrected and uncorrected values differently), so the two would not agree.
//
// The dark images are grey blocks of 40, 60, 70 and 85 in equal numbers: their mean
// luminance is exactly 63.75 / 255 = 0.25, so gamma correction uses the exponent
// log 0.5 / log 0.25 = 1/2, and each value v becomes round(255 · sqrt(v / 255)).

#include "predictor.h"
#include "sensitivecheckpoint.h"
#include "validator.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>

using gp::Enhancement;
using gp::ImageEnhancement;
using gp::PoseDetection;
using gp::Predictor;
using gp::PredictorOptions;
using gp::ValidationReport;
using gp::ValidationRequest;
using gp::ValidationRunner;

namespace {

constexpr int kBlock = 16;
constexpr int kWidth = 320; // 20 x 11 blocks: a multiple of four, so the four values
constexpr int kHeight = 176; // appear equally often (not square: the letterbox pads)

cv::Mat darkImage(unsigned seed)
{
    const int bx = kWidth / kBlock, by = kHeight / kBlock;
    std::vector<uchar> values;
    for (int i = 0; i < bx * by; ++i)
        values.push_back(uchar(std::array<int, 4> { 40, 60, 70, 85 }[size_t(i % 4)]));
    std::shuffle(values.begin(), values.end(), std::mt19937(seed));
    cv::Mat m(kHeight, kWidth, CV_8UC3);
    for (int y = 0; y < by; ++y)
        for (int x = 0; x < bx; ++x)
            m(cv::Rect(x * kBlock, y * kBlock, kBlock, kBlock)).setTo(cv::Scalar::all(values[size_t(y * bx + x)]));
    return m;
}

// Gamma correction by its definition, for an image of mean luminance 0.25 (exponent 1/2).
cv::Mat gammaByDefinition(const cv::Mat &dark)
{
    cv::Mat out = dark.clone(); // continuous: every byte of every channel in a row
    for (size_t i = 0; i < out.total() * out.elemSize(); ++i)
        out.data[i] = uchar(std::lround(255.0 * std::sqrt(out.data[i] / 255.0)));
    return out;
}

// CLAHE of the L*a*b* lightness (clip 2, 8 x 8 tiles), written out with OpenCV's own calls.
cv::Mat claheDirect(const cv::Mat &bgr)
{
    cv::Mat lab, out;
    cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
    std::vector<cv::Mat> ch;
    cv::split(lab, ch);
    cv::createCLAHE(2.0, cv::Size(8, 8))->apply(ch[0], ch[0]);
    cv::merge(ch, lab);
    cv::cvtColor(lab, out, cv::COLOR_Lab2BGR);
    return out;
}

// The largest difference between two result lists (infinite when their sizes differ).
double difference(const std::vector<PoseDetection> &a, const std::vector<PoseDetection> &b)
{
    if (a.size() != b.size())
        return INFINITY;
    double d = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        d = std::max({ d, std::abs(a[i].score - b[i].score), std::abs(a[i].box.x1 - b[i].box.x1),
            std::abs(a[i].box.y1 - b[i].box.y1), std::abs(a[i].box.x2 - b[i].box.x2),
            std::abs(a[i].box.y2 - b[i].box.y2) });
        for (size_t k = 0; k < a[i].keypoints.size(); ++k)
            d = std::max({ d, std::abs(a[i].keypoints[k].x - b[i].keypoints[k].x),
                std::abs(a[i].keypoints[k].y - b[i].keypoints[k].y),
                std::abs(a[i].keypoints[k].conf - b[i].keypoints[k].conf) });
    }
    return d;
}

bool writeText(const QString &file, const QByteArray &text)
{
    QFile f(file);
    return f.open(QIODevice::WriteOnly) && f.write(text) == text.size();
}

// A one-split dataset of `images` (PNG, lossless) with one labelled gripper each.
bool writeDataset(const QString &dir, const std::vector<cv::Mat> &images)
{
    for (const char *split : { "train", "val" }) {
        QDir().mkpath(dir + QStringLiteral("/images/") + QLatin1String(split));
        QDir().mkpath(dir + QStringLiteral("/labels/") + QLatin1String(split));
        for (size_t i = 0; i < images.size(); ++i) {
            const QString image
                = dir + QStringLiteral("/images/") + QLatin1String(split) + QStringLiteral("/img%1.png").arg(i);
            if (!cv::imwrite(image.toStdString(), images[i]))
                return false;
            QByteArray label = "0 0.5 0.5 0.4 0.5";
            for (int k = 0; k < 14; ++k)
                label += QByteArray(" ") + QByteArray::number(0.32 + 0.025 * k, 'f', 4) + " "
                    + QByteArray::number(0.3 + 0.03 * (k % 7), 'f', 4) + " 2";
            if (!writeText(
                    dir + QStringLiteral("/labels/") + QLatin1String(split) + QStringLiteral("/img%1.txt").arg(i),
                    label + "\n"))
                return false;
        }
    }
    return writeText(dir + QStringLiteral("/data.yaml"),
        "path: " + dir.toUtf8()
            + "\ntrain: images/train\nval: images/val\nkpt_shape: [14, 3]\n"
              "flip_idx: [7, 8, 9, 10, 11, 12, 13, 0, 1, 2, 3, 4, 5, 6]\nnames:\n  0: gripper\n");
}

} // namespace

class TestEnhancedInput : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;
    QString m_checkpoint;

    PredictorOptions options(Enhancement e) const
    {
        PredictorOptions o;
        o.model = m_checkpoint;
        o.imgsz = 64;
        o.conf = 0.0; // every candidate, so the results carry what the network computed
        o.maxDet = 50;
        o.device = QStringLiteral("cpu");
        o.enhance = e;
        return o;
    }

    bool validate(const QString &data, Enhancement e, ValidationReport *report, QString *error)
    {
        ValidationRequest r;
        r.model = m_checkpoint;
        r.data = data;
        r.imgsz = 64;
        r.batch = 4;
        r.device = QStringLiteral("cpu");
        r.workers = 1;
        r.enhance = e;
        r.project = m_dir.filePath(QStringLiteral("runs"));
        r.name = QStringLiteral("val");
        r.existOk = true;
        return ValidationRunner::run(r, report, error);
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        torch::set_num_threads(1);
        // Random weights in a checkpoint (what predict and val both load).
        m_checkpoint = m_dir.filePath(QStringLiteral("random.ckpt"));
        testsupport::writeSensitiveCheckpoint(m_checkpoint);
    }

    void darkImageIsWhatTheDefinitionSays()
    {
        const cv::Mat dark = darkImage(1);
        cv::Mat grey;
        cv::cvtColor(dark, grey, cv::COLOR_BGR2GRAY);
        QCOMPARE(cv::mean(grey)[0], 63.75);
        QCOMPARE(ImageEnhancement::gammaFor(0.25), 0.5);
    }

    void predictEnhancesBeforeTheLetterbox_data()
    {
        QTest::addColumn<int>("enhance");
        QTest::newRow("gamma") << int(Enhancement::Gamma);
        QTest::newRow("clahe") << int(Enhancement::Clahe);
    }

    void predictEnhancesBeforeTheLetterbox()
    {
        QFETCH(int, enhance);
        const Enhancement e = Enhancement(enhance);
        const std::vector<cv::Mat> dark { darkImage(1), darkImage(2) };
        std::vector<cv::Mat> corrected;
        for (const cv::Mat &m : dark)
            corrected.push_back(e == Enhancement::Gamma ? gammaByDefinition(m) : claheDirect(m));
        // A change of the pixels the network can see (CLAHE's clip limit keeps it small on
        // flat blocks: 8 levels here; gamma moves 40 to 101).
        QVERIFY(cv::norm(corrected[0], dark[0], cv::NORM_INF) >= (e == Enhancement::Gamma ? 60 : 4));

        QString error;
        Predictor enhancing, plain;
        QVERIFY2(enhancing.load(options(e), &error), qPrintable(error));
        QVERIFY2(plain.load(options(Enhancement::None), &error), qPrintable(error));
        std::vector<std::vector<PoseDetection>> withEnhance, onCorrected, onDark;
        QVERIFY2(enhancing.predict(dark, &withEnhance, &error), qPrintable(error));
        QVERIFY2(plain.predict(corrected, &onCorrected, &error), qPrintable(error));
        QVERIFY2(plain.predict(dark, &onDark, &error), qPrintable(error));
        for (size_t i = 0; i < dark.size(); ++i) {
            QVERIFY(!withEnhance[i].empty());
            // The network saw the corrected image: the same results, to the last bit.
            QCOMPARE(difference(withEnhance[i], onCorrected[i]), 0.0);
            // And not the dark one: the results move by more than a rounding error.
            const double moved = difference(withEnhance[i], onDark[i]);
            QVERIFY2(moved > 1e-3, qPrintable(QString::number(moved)));
        }
        // Switching the correction on a loaded predictor (the live mode does) takes effect.
        std::vector<std::vector<PoseDetection>> switched;
        plain.setEnhancement(e);
        QVERIFY(plain.predict(dark, &switched, &error));
        QCOMPARE(difference(switched[0], onCorrected[0]), 0.0);
    }

    void valEnhancesBeforeTheLetterbox()
    {
        // The same labels on the dark images and on the images corrected here. What val's
        // network saw shows in its loss, a smooth function of every output.
        std::vector<cv::Mat> dark, corrected;
        for (unsigned s = 1; s <= 4; ++s) {
            dark.push_back(darkImage(s));
            corrected.push_back(gammaByDefinition(dark.back()));
        }
        const QString darkDir = m_dir.filePath(QStringLiteral("dark"));
        const QString correctedDir = m_dir.filePath(QStringLiteral("corrected"));
        QVERIFY(writeDataset(darkDir, dark));
        QVERIFY(writeDataset(correctedDir, corrected));
        QString error;
        ValidationReport gamma, reference, plain;
        QVERIFY2(
            validate(darkDir + QStringLiteral("/data.yaml"), Enhancement::Gamma, &gamma, &error), qPrintable(error));
        QVERIFY2(validate(correctedDir + QStringLiteral("/data.yaml"), Enhancement::None, &reference, &error),
            qPrintable(error));
        QVERIFY2(
            validate(darkDir + QStringLiteral("/data.yaml"), Enhancement::None, &plain, &error), qPrintable(error));
        QCOMPARE(gamma.images, 4);
        QVERIFY(gamma.loss.sum() > 0);
        auto relative = [](double a, double b) { return std::abs(a - b) / std::max(1e-12, std::abs(b)); };
        const double items[][3] = { { gamma.loss.box, reference.loss.box, plain.loss.box },
            { gamma.loss.pose, reference.loss.pose, plain.loss.pose },
            { gamma.loss.kobj, reference.loss.kobj, plain.loss.kobj },
            { gamma.loss.cls, reference.loss.cls, plain.loss.cls } };
        double moved = 0;
        for (const auto &item : items) {
            QVERIFY2(relative(item[0], item[1]) < 1e-6,
                qPrintable(QStringLiteral("%1 against %2").arg(item[0], 0, 'g', 10).arg(item[1], 0, 'g', 10)));
            moved = std::max(moved, relative(item[0], item[2]));
        }
        QVERIFY2(moved > 1e-4, qPrintable(QString::number(moved)));
    }
};

QTEST_GUILESS_MAIN(TestEnhancedInput)
#include "tst_enhancedinput.moc"
