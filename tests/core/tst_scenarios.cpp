// The hard scenarios: scenarios.yaml read, written and matched (files and globs, untagging,
// a bad file refused); what each style does to a picture, measured on it (the occlusion
// scenario covers 20-70 % of a gripper, motion blur smears a point into a line along the
// motion and as long as it, low light keeps about the exposure's share of the light with
// noise that grows with the signal); and the generator's scenario datasets (every hard image
// and video tagged, the same seed the same files, no scenario the same files as before).

#include "datasetconfig.h"
#include "gripperscene_p.h"
#include "scenario.h"
#include "scenariostyle_p.h"
#include "scenariotags.h"
#include "skeleton.h"
#include "synthgenerator.h"
#include "videotruth.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <opencv2/imgproc.hpp>

#include <cmath>
#include <set>

using gp::GripperScene;
using gp::Scenario;
using gp::Scenarios;
using gp::ScenarioStyle;
using gp::ScenarioTags;
using gp::SceneRandom;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;
using gp::VideoTruth;

namespace {

QByteArray hashOf(const QString &file)
{
    QFile f(file);
    return f.open(QIODevice::ReadOnly) ? QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1) : QByteArray();
}

} // namespace

class TestScenarios : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void namesRoundTrip();
    void tagsReadWriteAndMatch();
    void tagsRefuseBadFiles();
    void tagsOfManyFilesAndAllOrNothingUntag();
    void occlusionCoversPartOfAGripper();
    void motionBlurSmearsAlongTheMotion();
    void lowLightDarkensWithSignalDependentNoise();
    void generatorTagsEveryHardImageAndVideo();
    void noScenarioKeepsTheUsualFiles();

private:
    QTemporaryDir m_dir;
};

void TestScenarios::namesRoundTrip()
{
    for (Scenario s : { Scenario::Normal, Scenario::Occlusion, Scenario::FastMotion, Scenario::LowLight })
        QCOMPARE(Scenarios::parse(Scenarios::name(s)), std::optional<Scenario>(s));
    QCOMPARE(Scenarios::hardNames(), (QStringList { "occlusion", "fast_motion", "low_light" }));
    QVERIFY(!Scenarios::parse(QStringLiteral("dusk")));
}

void TestScenarios::tagsReadWriteAndMatch()
{
    const QString dir = m_dir.filePath(QStringLiteral("tags"));
    QVERIFY(QDir().mkpath(dir + QStringLiteral("/images/train")));
    QFile f(ScenarioTags::fileFor(dir));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("# mine\nlow_light:\n  - images/train/night_*.jpg\nocclusion: images/train/a.jpg\nempty:\n");
    f.close();

    ScenarioTags tags;
    QString error;
    QVERIFY2(tags.load(dir, &error), qPrintable(error));
    const QString a = dir + QStringLiteral("/images/train/a.jpg");
    const QString night = dir + QStringLiteral("/images/train/night_07.jpg");
    QCOMPARE(tags.tags(), (QStringList { "low_light", "occlusion" }));
    QCOMPARE(tags.tagsOf(a), QStringList { "occlusion" });
    QCOMPARE(tags.tagsOf(night), QStringList { "low_light" });
    QVERIFY(tags.tagsOf(dir + QStringLiteral("/images/train/day_07.jpg")).isEmpty());

    // Several at once; a glob's file cannot be untagged alone, and says which glob.
    QVERIFY(tags.setTag({ a, night }, QStringLiteral("hard_for_me"), true));
    QVERIFY(!tags.setTag({ night }, QStringLiteral("low_light"), false, &error));
    QVERIFY(error.contains(QLatin1String("night_*.jpg")));
    QVERIFY(tags.setTag({ a }, QStringLiteral("occlusion"), false, &error));
    QVERIFY2(tags.save(&error), qPrintable(error));

    ScenarioTags back;
    QVERIFY2(back.load(dir, &error), qPrintable(error));
    QCOMPARE(back.tagsOf(a), QStringList { "hard_for_me" });
    QCOMPARE(back.tagsOf(night), (QStringList { "hard_for_me", "low_light" }));
    QCOMPARE(back.tags(), (QStringList { "hard_for_me", "low_light" }));
}

void TestScenarios::tagsRefuseBadFiles()
{
    const QString dir = m_dir.filePath(QStringLiteral("bad"));
    QVERIFY(QDir().mkpath(dir));
    for (const QByteArray &text : { QByteArrayLiteral("- a\n- b\n"), QByteArrayLiteral("occlusion: {a: 1}\n"),
             QByteArrayLiteral("occlusion: [unclosed\n") }) {
        QFile f(ScenarioTags::fileFor(dir));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(text);
        f.close();
        ScenarioTags tags;
        QString error;
        QVERIFY2(!tags.load(dir, &error), text.constData());
        QVERIFY(error.contains(QLatin1String("scenarios.yaml")));
        QVERIFY(tags.isEmpty());
    }
}

// tagsOfEach answers what tagsOf answers for each file; an untag that a glob refuses for
// one file leaves every file's tags as they were; a path written as "./x" is untagged too.
void TestScenarios::tagsOfManyFilesAndAllOrNothingUntag()
{
    const QString dir = m_dir.filePath(QStringLiteral("many"));
    QVERIFY(QDir().mkpath(dir));
    QFile f(ScenarioTags::fileFor(dir));
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write("low_light: [images/train/night_*.jpg, ./images/val/v1.jpg]\nglare: [images/train/a.jpg, "
            "images/train/night_2.jpg]\n");
    f.close();
    ScenarioTags tags;
    QString error;
    QVERIFY2(tags.load(dir, &error), qPrintable(error));
    QStringList files;
    for (const char *name : { "images/train/a.jpg", "images/train/night_1.jpg", "images/train/night_2.jpg",
             "images/val/v1.jpg", "images/val/v2.jpg", "images/train/night_1.png" })
        files << QDir(dir).filePath(QString::fromLatin1(name));
    const std::vector<QStringList> each = tags.tagsOfEach(files);
    QCOMPARE(int(each.size()), int(files.size()));
    for (int i = 0; i < files.size(); ++i)
        QCOMPARE(each[size_t(i)], tags.tagsOf(files[i]));
    QCOMPARE(each[2], (QStringList { "glare", "low_light" }));
    QVERIFY(each[4].isEmpty());

    // a.jpg could go, night_1 cannot (the glob): neither goes.
    QVERIFY(!tags.setTag({ files[3], files[1] }, QStringLiteral("low_light"), false, &error));
    QVERIFY2(error.contains(QLatin1String("night_*.jpg")) && error.contains(QLatin1String("scenarios.yaml")),
        qPrintable(error));
    QCOMPARE(tags.tagsOf(files[3]), QStringList { "low_light" });
    QVERIFY(tags.setTag({ files[3] }, QStringLiteral("low_light"), false, &error));
    QVERIFY(tags.tagsOf(files[3]).isEmpty());
    // Tagging what a glob already tags adds nothing; the same file twice is listed once.
    QVERIFY(tags.setTag({ files[1], files[4], files[4] }, QStringLiteral("low_light"), true));
    QVERIFY2(tags.save(&error), qPrintable(error));
    QFile back(ScenarioTags::fileFor(dir));
    QVERIFY(back.open(QIODevice::ReadOnly));
    const QByteArray text = back.readAll();
    QCOMPARE(text.count("images/val/v2.jpg"), 1);
    QVERIFY(!text.contains("night_1.jpg"));
    QVERIFY(!tags.setTag({ files[0] }, QStringLiteral("  "), true, &error));
}

void TestScenarios::occlusionCoversPartOfAGripper()
{
    // Over many scenes, each robot has one gripper covered by 20 to 70 % of its pixels
    // (the style tries a dozen occluders and keeps the closest: nearly always inside).
    int robots = 0, inside = 0;
    for (std::uint64_t seed = 1; seed <= 30; ++seed) {
        SceneRandom rng(seed);
        GripperScene scene = GripperScene::randomStill(cv::Size(640, 360), rng);
        SceneRandom hard(seed + 1000);
        ScenarioStyle::occlude(scene, hard);
        const GripperScene::Rendered r = scene.render();
        for (const auto &c : r.covered) {
            ++robots;
            const double most = std::max(c[0], c[1]);
            inside += most >= 0.2 && most <= 0.7;
        }
    }
    QVERIFY(robots >= 20);
    QVERIFY2(inside >= robots * 9 / 10, qPrintable(QStringLiteral("%1 of %2").arg(inside).arg(robots)));
}

void TestScenarios::motionBlurSmearsAlongTheMotion()
{
    // One white pixel moving 20 px to the right and 10 down becomes a line through it of that
    // direction and length, with its light conserved.
    cv::Mat image = cv::Mat::zeros(101, 101, CV_8UC3);
    image.at<cv::Vec3b>(50, 50) = cv::Vec3b(255, 255, 255);
    cv::Mat grey;
    ScenarioStyle::applyMotionBlur(image, cv::Point2d(20, 10));
    cv::cvtColor(image, grey, cv::COLOR_BGR2GRAY);
    const cv::Moments m = cv::moments(grey, false);
    QVERIFY(std::abs(m.m10 / m.m00 - 50) < 0.6);
    QVERIFY(std::abs(m.m01 / m.m00 - 50) < 0.6);
    // The principal axis of the smear: its direction and its length (a uniform segment of
    // length L has a variance of L^2 / 12 along it).
    const double mu20 = m.mu20 / m.m00, mu02 = m.mu02 / m.m00, mu11 = m.mu11 / m.m00;
    const double angle = 0.5 * std::atan2(2 * mu11, mu20 - mu02);
    QVERIFY2(std::abs(angle - std::atan2(10.0, 20.0)) < 0.05, qPrintable(QString::number(angle)));
    const double major = 0.5 * (mu20 + mu02) + std::sqrt(0.25 * (mu20 - mu02) * (mu20 - mu02) + mu11 * mu11);
    const double length = std::sqrt(12 * major);
    QVERIFY2(std::abs(length - std::hypot(20.0, 10.0)) < 2.0, qPrintable(QString::number(length)));
    QVERIFY(std::abs(cv::sum(grey)[0] - 255.0) < 12.0); // rounding of the spread-out light

    // With a mask, only the masked thing moves; the rest of the picture stays.
    cv::Mat scene(60, 60, CV_8UC3, cv::Scalar(40, 40, 40));
    cv::rectangle(scene, cv::Rect(25, 25, 10, 10), cv::Scalar(250, 250, 250), cv::FILLED);
    cv::Mat mask = cv::Mat::zeros(scene.size(), CV_8U);
    mask(cv::Rect(25, 25, 10, 10)).setTo(255);
    ScenarioStyle::applyMotionBlur(scene, cv::Point2d(0, 16), mask);
    QCOMPARE(scene.at<cv::Vec3b>(30, 5), cv::Vec3b(40, 40, 40)); // beside the path
    QVERIFY(scene.at<cv::Vec3b>(20, 30)[0] > 60); // smeared up the path
    QVERIFY(scene.at<cv::Vec3b>(40, 30)[0] > 60); // and down
}

void TestScenarios::lowLightDarkensWithSignalDependentNoise()
{
    ScenarioStyle::LowLight l;
    l.exposure = 0.1;
    l.gamma = 1.0;
    l.shotNoise = 8.0;
    l.readNoise = 0.0;
    // Two flat patches: the display value of 10 % of their linear light, and more noise on
    // the bright one (shot noise has a variance proportional to the signal).
    cv::Mat image(200, 400, CV_8UC3, cv::Scalar(0, 0, 0));
    image(cv::Rect(0, 0, 200, 200)).setTo(cv::Scalar(100, 100, 100));
    image(cv::Rect(200, 0, 200, 200)).setTo(cv::Scalar(240, 240, 240));
    ScenarioStyle::applyLowLight(image, l, 7);
    // In linear light (display value ^ 2.2) the noise's standard deviation is
    // sqrt(shot^2 * signal) / 255: 2.6 times larger on the bright patch.
    cv::Mat linear;
    image.convertTo(linear, CV_64FC3, 1.0 / 255.0);
    cv::pow(linear, 2.2, linear);
    auto stats = [&](int x0) {
        cv::Scalar mean, sd;
        cv::meanStdDev(linear(cv::Rect(x0, 0, 200, 200)), mean, sd);
        return std::pair { mean[0], sd[0] };
    };
    const auto [darkMean, darkSd] = stats(0);
    const auto [brightMean, brightSd] = stats(200);
    auto signal = [](double v) { return std::pow(v / 255.0, 2.2) * 0.1; };
    auto noise = [&](double v) { return std::sqrt(l.shotNoise * l.shotNoise * signal(v)) / 255.0; };
    QVERIFY2(std::abs(darkMean / signal(100) - 1) < 0.05, qPrintable(QString::number(darkMean / signal(100))));
    QVERIFY2(std::abs(brightMean / signal(240) - 1) < 0.05, qPrintable(QString::number(brightMean / signal(240))));
    // 8-bit steps add their own spread on the dark patch: a loose bound there.
    QVERIFY2(std::abs(brightSd / noise(240) - 1) < 0.15, qPrintable(QString::number(brightSd / noise(240))));
    QVERIFY2(brightSd > 1.8 * darkSd, qPrintable(QStringLiteral("%1 %2").arg(brightSd).arg(darkSd)));
}

void TestScenarios::generatorTagsEveryHardImageAndVideo()
{
    SynthOptions o;
    o.outDir = m_dir.filePath(QStringLiteral("mixed"));
    o.count = 12;
    o.imageSize = QSize(160, 96);
    o.seed = 9;
    o.videoFrames = 6;
    o.scenarios = { Scenario::Normal, Scenario::Occlusion, Scenario::FastMotion, Scenario::LowLight };
    const SynthGenerator generator(Skeleton::defaultGripper(), o);
    QString error;
    QVERIFY2(generator.run(&error), qPrintable(error));

    ScenarioTags tags;
    QVERIFY2(tags.load(o.outDir, &error), qPrintable(error));
    std::set<int> seen;
    for (int i = 0; i < o.count; ++i) {
        const Scenario s = generator.scenarioOf(i);
        seen.insert(int(s));
        const QString image = QDir(o.outDir).filePath(generator.imageFileName(i));
        QCOMPARE(tags.tagsOf(image), s == Scenario::Normal ? QStringList() : QStringList { Scenarios::name(s) });
    }
    QVERIFY(seen.size() >= 3);
    // One video per scenario, each tagged (but the normal one) and with its truth.
    for (Scenario s : generator.videoScenarios()) {
        const QString base = QDir(o.outDir).filePath(QStringLiteral("videos/") + SynthGenerator::videoBaseName(s));
        const auto truth = VideoTruth::load(base + QStringLiteral(".json"), 14, &error);
        QVERIFY2(truth, qPrintable(error));
        QCOMPARE(truth->frameCount(), o.videoFrames);
        QVERIFY(QFile::exists(truth->videoFile()));
        QCOMPARE(tags.tagsOf(truth->videoFile()),
            s == Scenario::Normal ? QStringList() : QStringList { Scenarios::name(s) });
    }
    // The same seed, the same images and labels.
    SynthOptions again = o;
    again.outDir = m_dir.filePath(QStringLiteral("mixed2"));
    again.videoFrames = 0;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), again).run(&error), qPrintable(error));
    for (int i = 0; i < o.count; ++i) {
        const QString rel = generator.imageFileName(i);
        QCOMPARE(hashOf(QDir(again.outDir).filePath(rel)), hashOf(QDir(o.outDir).filePath(rel)));
    }
}

void TestScenarios::noScenarioKeepsTheUsualFiles()
{
    // Without a scenario nothing is tagged, and the pictures are the ones the other
    // scenarios' images are made from where they are normal.
    SynthOptions plain;
    plain.outDir = m_dir.filePath(QStringLiteral("plain"));
    plain.count = 8;
    plain.imageSize = QSize(160, 96);
    plain.seed = 9;
    plain.videoFrames = 0;
    QString error;
    QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), plain).run(&error), qPrintable(error));
    QVERIFY(!QFile::exists(ScenarioTags::fileFor(plain.outDir)));

    SynthOptions mixed = plain;
    mixed.outDir = m_dir.filePath(QStringLiteral("mixed3"));
    mixed.scenarios = { Scenario::Normal, Scenario::LowLight };
    const SynthGenerator generator(Skeleton::defaultGripper(), mixed);
    QVERIFY2(generator.run(&error), qPrintable(error));
    int normal = 0;
    for (int i = 0; i < mixed.count; ++i) {
        const QString rel = generator.imageFileName(i);
        const bool same = hashOf(QDir(plain.outDir).filePath(rel)) == hashOf(QDir(mixed.outDir).filePath(rel));
        QCOMPARE(same, generator.scenarioOf(i) == Scenario::Normal);
        normal += same;
    }
    QVERIFY(normal > 0 && normal < mixed.count);
}

QTEST_GUILESS_MAIN(TestScenarios)
#include "tst_scenarios.moc"
