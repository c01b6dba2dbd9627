// Time to switch images in the Label workspace (docs/BENCHMARKS.md, "Labelling"): from the
// key press that asks for the next image to the image and its labels painted on the canvas,
// for 1280x720 and 3840x2160 JPEG frames. It prints timings (QBENCHMARK) and asserts none.

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "labelworkspace.h"
#include "project.h"
#include "synthgenerator.h"

#include <QElapsedTimer>
#include <QListView>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>

using gp::Project;
using gp::Skeleton;
using gp::SynthGenerator;
using gp::SynthOptions;

class BenchLabelSwitch : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
        QCoreApplication::setApplicationName(QStringLiteral("GripperPose Studio Label Bench"));
        QStandardPaths::setTestModeEnabled(true);
        QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, m_tmp.filePath(QStringLiteral("settings")));
        QSettings().clear();
    }

    void switchImage_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::newRow("1280x720") << QSize(1280, 720);
        QTest::newRow("3840x2160") << QSize(3840, 2160);
    }

    void switchImage()
    {
        QFETCH(QSize, size);
        const QString dir = m_tmp.filePath(QStringLiteral("p%1x%2").arg(size.width()).arg(size.height()));
        SynthOptions o;
        o.outDir = dir;
        o.count = 6;
        o.valFraction = 0.0;
        o.imageSize = size;
        o.seed = 11;
        o.videoFrames = 0;
        QString error;
        QVERIFY2(SynthGenerator(Skeleton::defaultGripper(), o).run(&error), qPrintable(error));
        auto project = Project::open(dir, &error);
        QVERIFY2(project, qPrintable(error));

        LabelWorkspace ws;
        ws.resize(1600, 1000);
        ws.setProject(std::make_shared<const Project>(*project));
        ws.show();
        QVERIFY(QTest::qWaitForWindowExposed(&ws));
        QTRY_VERIFY(!ws.shownFile().isEmpty() && !ws.isBusy());
        const int rows = ws.imageModel()->rowCount();
        QVERIFY(rows >= 2);
        ws.setCurrentRow(0);
        QTRY_COMPARE(ws.shownFile(), ws.imageModel()->entry(0).file);

        // Right arrow / Left arrow, alternately, each until the new image is painted.
        QSignalSpy shown(&ws, &LabelWorkspace::imageShown);
        std::vector<double> ms;
        int step = 0;
        auto switchOnce = [&] {
            const int forward = (step++ / (rows - 1)) % 2 == 0;
            const int before = int(shown.count());
            QElapsedTimer t;
            t.start();
            QTest::keyClick(ws.imageList(), forward ? Qt::Key_Right : Qt::Key_Left);
            while (shown.count() == before)
                QCoreApplication::processEvents(QEventLoop::WaitForMoreEvents, 5);
            ws.canvas()->repaint();
            ms.push_back(t.nsecsElapsed() / 1e6);
        };
        ws.imageList()->setFocus();
        QBENCHMARK
        {
            switchOnce();
        }
        std::sort(ms.begin(), ms.end());
        qInfo("%dx%d: %zu switches, median %.1f ms, min %.1f ms, max %.1f ms", size.width(), size.height(), ms.size(),
            ms[ms.size() / 2], ms.front(), ms.back());
    }

private:
    QTemporaryDir m_tmp;
};

QTEST_MAIN(BenchLabelSwitch)
#include "bench_labelswitch.moc"
