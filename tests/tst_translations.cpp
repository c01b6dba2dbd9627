#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

// Every tr() string in the sources must have a finished translation in each .ts file:
// lupdate is run on the sources into a copy of the file and nothing may be left
// unfinished.
class TestTranslations : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void complete_data();
    void complete();
};

void TestTranslations::complete_data()
{
    QTest::addColumn<QString>("language");
    QTest::addColumn<bool>("pluralOnly");
    QTest::newRow("Simplified Chinese") << "zh_CN" << false;
    QTest::newRow("English (plural forms)") << "en" << true;
}

void TestTranslations::complete()
{
    QFETCH(QString, language);
    QFETCH(bool, pluralOnly);
    QTemporaryDir dir;
    const QString ts = dir.filePath(QStringLiteral("check.ts"));
    QVERIFY(QFile::copy(QStringLiteral(GP_SOURCE_DIR "/translations/gripperpose_%1.ts").arg(language), ts));
    QFile::setPermissions(ts, QFile::ReadOwner | QFile::WriteOwner);
    QStringList args { QStringLiteral("-silent"), QStringLiteral("-no-obsolete"), QStringLiteral("-source-language"),
        QStringLiteral("en"), QStringLiteral("-target-language"), language };
    if (pluralOnly)
        args << QStringLiteral("-pluralonly");
    for (const char *d : { "app", "widgets", "core" })
        args << QStringLiteral(GP_SOURCE_DIR "/") + QLatin1String(d);
    args << QStringLiteral("-ts") << ts;
    QProcess p;
    p.start(QStringLiteral(GP_LUPDATE), args);
    QVERIFY(p.waitForFinished(120000));
    QCOMPARE(p.exitCode(), 0);
    QFile f(ts);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QString text = QString::fromUtf8(f.readAll());
    // List the untranslated source strings so the failure says what to translate.
    static const QRegularExpression unfinished(QStringLiteral(
        "<source>([^<]*)</source>(?:\\s*<comment>[^<]*</comment>)?\\s*<translation[^>]*type=\"unfinished\""));
    QStringList missing;
    for (auto it = unfinished.globalMatch(text); it.hasNext();)
        missing << it.next().captured(1);
    QVERIFY2(missing.isEmpty(),
        qPrintable(QStringLiteral("%1 untranslated (run scripts/update-translations.sh): %2")
                       .arg(missing.size())
                       .arg(missing.join(QStringLiteral(" | ")))));
    QVERIFY(text.contains(QStringLiteral("<message")));
}

QTEST_GUILESS_MAIN(TestTranslations)
#include "tst_translations.moc"
