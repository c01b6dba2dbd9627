// The studio on every screen: each workspace opened on screens of 1280×720, 1920×1080 and
// 2560×1440 pixels at scale factors 1, 1.5 and 2, and on a 1366×768 laptop, in English and in
// Chinese. On each the window must fit the screen and every key widget must lie inside it
// with a visible size. The screens are the offscreen platform's, described in a configuration
// file written before the application starts: a screen of P pixels at scale S is P/S logical
// pixels with a device pixel ratio of S, as QT_SCALE_FACTOR would make it. Also: a dark
// palette reaches the plots, the plots draw at the screen's pixel ratio, the layout is
// remembered and View ▸ Reset Layout restores it. With GP_SCREENSHOT_DIR set it saves every
// screen (screens/<workspace>-<screen>-<language>.png).

#include "annotationcanvas.h"
#include "annotationdocument.h"
#include "gpupanel.h"
#include "imagebrowser.h"
#include "labelworkspace.h"
#include "languages.h"
#include "lossplot.h"
#include "lrplot.h"
#include "mainwindow.h"
#include "mainwindowfixture.h"
#include "metricsplot.h"
#include "modelpanel.h"
#include "pointspanel.h"
#include "poseoverlayview.h"
#include "telemetrysparklines.h"
#include "traindashboard.h"
#include "trainworkspace.h"
#include "videotimeline.h"
#include "videoworkspace.h"

#include "qcustomplot.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QListView>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStyleFactory>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeWidget>

#include <cmath>

namespace {

struct ScreenSpec
{
    int width; // physical pixels
    int height;
    double scale;
    QString name() const { return QStringLiteral("%1x%2@%3").arg(width).arg(height).arg(scale); }
    QSize logical() const { return QSize(int(std::floor(width / scale)), int(std::floor(height / scale))); }
};

// 1280×720 at 150 % and 200 % (853×480 and 640×360 logical) is no screen anyone has: a panel
// that small is never scaled. The studio's smallest is 1280×720 logical, which 1920×1080 at
// 150 % and 2560×1440 at 200 % also give; 960×540 (1920×1080 at 200 %) is below it too.
const ScreenSpec kScreens[]
    = { { 1280, 720, 1 }, { 1280, 720, 1.5 }, { 1280, 720, 2 }, { 1366, 768, 1 }, { 1920, 1080, 1 },
          { 1920, 1080, 1.5 }, { 1920, 1080, 2 }, { 2560, 1440, 1 }, { 2560, 1440, 1.5 }, { 2560, 1440, 2 } };
constexpr QSize kSmallestSupported(1280, 720);

// The offscreen platform's screens, side by side; returns the file to pass as configfile=.
QString writeScreenConfig(const QString &dir)
{
    QJsonArray screens;
    int x = 0;
    for (const ScreenSpec &s : kScreens) {
        const QSize logical = s.logical();
        screens.append(QJsonObject { { QStringLiteral("name"), s.name() }, { QStringLiteral("x"), x },
            { QStringLiteral("y"), 0 }, { QStringLiteral("width"), logical.width() },
            { QStringLiteral("height"), logical.height() }, { QStringLiteral("logicalDpi"), 96 },
            { QStringLiteral("logicalBaseDpi"), 96 }, { QStringLiteral("dpr"), s.scale } });
        x += logical.width();
    }
    const QString file = QDir(dir).filePath(QStringLiteral("screens.json"));
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(QJsonDocument(QJsonObject { { QStringLiteral("screens"), screens } }).toJson());
    return file;
}

QScreen *screenNamed(const QString &name)
{
    for (QScreen *s : QGuiApplication::screens())
        if (s->name() == name)
            return s;
    return nullptr;
}

// What a person must be able to see and reach in each workspace.
QList<QPair<QString, QWidget *>> keyWidgets(MainWindow &w, MainWindow::Workspace workspace)
{
    switch (workspace) {
    case MainWindow::Workspace::Label: {
        LabelWorkspace *l = w.labelWorkspace();
        return { { QStringLiteral("canvas"), l->canvas() }, { QStringLiteral("image list"), l->imageList() },
            { QStringLiteral("points panel"), l->pointTable() } };
    }
    case MainWindow::Workspace::Train: {
        TrainWorkspace *t = w.trainWorkspace();
        TrainDashboard *d = t->dashboard();
        return { { QStringLiteral("loss plot"), d->lossPlot() }, { QStringLiteral("metrics plot"), d->metricsPlot() },
            { QStringLiteral("learning-rate plot"), d->lrPlot() },
            { QStringLiteral("telemetry sparklines"), d->sparklines() },
            { QStringLiteral("telemetry table"), d->gpuPanel() }, { QStringLiteral("Start"), t->startButton() },
            { QStringLiteral("Stop"), t->stopButton() } };
    }
    case MainWindow::Workspace::Video: {
        VideoWorkspace *v = w.videoWorkspace();
        return { { QStringLiteral("view"), v->imageView() }, { QStringLiteral("timeline"), v->timeline() },
            { QStringLiteral("model panel"), v->modelPanel() } };
    }
    }
    return {};
}

QString workspaceName(MainWindow::Workspace w)
{
    switch (w) {
    case MainWindow::Workspace::Label:
        return QStringLiteral("label");
    case MainWindow::Workspace::Train:
        return QStringLiteral("train");
    case MainWindow::Workspace::Video:
        return QStringLiteral("video");
    }
    return {};
}

// Why a key widget cannot be seen whole, or empty when it can: it must be shown, have a size,
// lie inside the window and not be cut by a parent (a scroll area, a splitter).
QString unseen(QWidget *widget, const QWidget *window)
{
    if (!widget->isVisible())
        return QStringLiteral("hidden");
    if (widget->width() <= 0 || widget->height() <= 0)
        return QStringLiteral("size %1x%2").arg(widget->width()).arg(widget->height());
    const QRect inWindow(widget->mapTo(window, QPoint(0, 0)), widget->size());
    if (!window->rect().contains(inWindow))
        return QStringLiteral("at %1,%2 %3x%4, outside the window's %5x%6")
            .arg(inWindow.x())
            .arg(inWindow.y())
            .arg(inWindow.width())
            .arg(inWindow.height())
            .arg(window->width())
            .arg(window->height());
    // What its parents let show: each clips it to its own rectangle (a scroll area's viewport,
    // a splitter's pane).
    QRect visible = inWindow;
    for (const QWidget *p = widget->parentWidget(); p && p != window; p = p->parentWidget())
        visible &= QRect(p->mapTo(window, QPoint(0, 0)), p->size());
    if (visible.width() < widget->width() || visible.height() < widget->height())
        return QStringLiteral("cut to %1x%2 of %3x%4")
            .arg(visible.width())
            .arg(visible.height())
            .arg(widget->width())
            .arg(widget->height());
    return {};
}

void saveScreenshot(QWidget &w, const QString &name)
{
    if (!qEnvironmentVariableIsSet("GP_SCREENSHOT_DIR"))
        return;
    QDir dir(qEnvironmentVariable("GP_SCREENSHOT_DIR"));
    dir.mkpath(QStringLiteral("screens"));
    w.grab().save(dir.filePath(QStringLiteral("screens/%1.png").arg(name)));
}

} // namespace

class TestScreenFit : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase()
    {
        mainwindowtest::prepare(m_tmp, m_languages, &m_project);
        QCOMPARE(QGuiApplication::screens().size(), int(std::size(kScreens)));
    }
    void init() { QSettings().clear(); }
    void fitsEveryScreen_data();
    void fitsEveryScreen();
    void plotsFollowTheScreensPixelRatio();
    void pointHandlesAtTwice();
    void darkPaletteReachesThePlots();
    void layoutIsRememberedAndReset();

private:
    QTemporaryDir m_tmp;
    Languages m_languages;
    QString m_project;
};

void TestScreenFit::fitsEveryScreen_data()
{
    QTest::addColumn<QString>("screen");
    QTest::addColumn<QString>("language");
    for (const ScreenSpec &s : kScreens)
        for (const QString &language : { QStringLiteral("en"), QStringLiteral("zh_CN") })
            QTest::newRow(qPrintable(s.name() + QLatin1Char('/') + language)) << s.name() << language;
}

void TestScreenFit::fitsEveryScreen()
{
    QFETCH(QString, screen);
    QFETCH(QString, language);
    QScreen *target = screenNamed(screen);
    QVERIFY(target);
    QVERIFY(m_languages.apply(language));
    const QSize available = target->availableGeometry().size();
    const bool supported
        = available.width() >= kSmallestSupported.width() && available.height() >= kSmallestSupported.height();

    MainWindow w(&m_languages);
    w.setScreen(target);
    w.move(target->availableGeometry().topLeft());
    mainwindowtest::openWindow(w, m_project);

    // The window's smallest size fits the smallest supported screen, and the window fits its own.
    QVERIFY2(w.minimumSizeHint().width() <= kSmallestSupported.width()
            && w.minimumSizeHint().height() <= kSmallestSupported.height(),
        qPrintable(QStringLiteral("minimum %1x%2").arg(w.minimumSizeHint().width()).arg(w.minimumSizeHint().height())));
    if (!supported)
        QSKIP(qPrintable(QStringLiteral("%1 logical pixels: below the smallest supported screen (%2x%3)")
                             .arg(QStringLiteral("%1x%2").arg(available.width()).arg(available.height()))
                             .arg(kSmallestSupported.width())
                             .arg(kSmallestSupported.height())));
    QCOMPARE(w.screen(), target);
    QVERIFY(qFuzzyCompare(w.devicePixelRatioF(), target->devicePixelRatio()));
    QVERIFY2(target->availableGeometry().contains(w.frameGeometry()),
        qPrintable(QStringLiteral("window %1x%2 at %3,%4 on a screen of %5x%6")
                       .arg(w.frameGeometry().width())
                       .arg(w.frameGeometry().height())
                       .arg(w.frameGeometry().x())
                       .arg(w.frameGeometry().y())
                       .arg(available.width())
                       .arg(available.height())));

    for (const auto workspace :
        { MainWindow::Workspace::Label, MainWindow::Workspace::Train, MainWindow::Workspace::Video }) {
        w.setWorkspace(workspace);
        QTest::qWait(50); // the layouts settle
        for (const auto &[name, widget] : keyWidgets(w, workspace)) {
            const QString why = unseen(widget, &w);
            QVERIFY2(why.isEmpty(),
                qPrintable(workspaceName(workspace) + QStringLiteral(": ") + name + QStringLiteral(" ") + why));
        }
        saveScreenshot(w, QStringLiteral("%1-%2-%3").arg(workspaceName(workspace), screen, language));
    }
    QVERIFY(m_languages.apply(QStringLiteral("en")));
}

void TestScreenFit::plotsFollowTheScreensPixelRatio()
{
    // Built on the first screen (1×), shown on a 2× one: every plot draws at 2×.
    MainWindow w(&m_languages);
    QScreen *twice = screenNamed(QStringLiteral("2560x1440@2"));
    QVERIFY(twice);
    w.setScreen(twice);
    w.move(twice->availableGeometry().topLeft());
    mainwindowtest::openWindow(w, m_project);
    w.setWorkspace(MainWindow::Workspace::Train);
    QTest::qWait(50);
    const auto plots = w.trainWorkspace()->findChildren<QCustomPlot *>();
    QVERIFY(plots.size() >= 4);
    for (QCustomPlot *plot : plots)
        QTRY_COMPARE(plot->bufferDevicePixelRatio(), 2.0);
    // And back at 1× on the first screen.
    QScreen *once = screenNamed(QStringLiteral("1920x1080@1"));
    w.setScreen(once);
    w.move(once->availableGeometry().topLeft());
    for (QCustomPlot *plot : plots)
        QTRY_COMPARE(plot->bufferDevicePixelRatio(), 1.0);
}

void TestScreenFit::pointHandlesAtTwice()
{
    // On a 2× screen a point's grab area is as wide in logical pixels as at 1×, so twice as
    // many device pixels: a press at its edge still takes the point, and the drag moves it.
    MainWindow w(&m_languages);
    QScreen *twice = screenNamed(QStringLiteral("2560x1440@2"));
    w.setScreen(twice);
    w.move(twice->availableGeometry().topLeft());
    mainwindowtest::openWindow(w, m_project);
    w.setWorkspace(MainWindow::Workspace::Label);
    LabelWorkspace *l = w.labelWorkspace();
    QTRY_VERIFY_WITH_TIMEOUT(l->document()->instanceCount() > 0, mainwindowtest::kSlowMachineMs);
    AnnotationCanvas *canvas = l->canvas();
    QCOMPARE(canvas->devicePixelRatioF(), 2.0);
    // The first visible point of the first object, and a press just inside its grab radius.
    const auto &points = l->document()->instances()[0].keypoints;
    int k = 0;
    while (k < int(points.size()) && points[size_t(k)].visibility != gp::Keypoint::Visible)
        ++k;
    QVERIFY(k < int(points.size()));
    const QPointF before = canvas->imageToView(QPointF(points[size_t(k)].x, points[size_t(k)].y));
    const QPoint press = (before + QPointF(AnnotationCanvas::kGrabRadius - 2, 0)).toPoint();
    QTest::mousePress(canvas, Qt::LeftButton, Qt::NoModifier, press);
    for (int s = 1; s <= 5; ++s)
        QTest::mouseMove(canvas, press + QPoint(0, 6 * s));
    QTest::mouseRelease(canvas, Qt::LeftButton, Qt::NoModifier, press + QPoint(0, 30));
    const auto &moved = l->document()->instances()[0].keypoints[size_t(k)];
    const QPointF after = canvas->imageToView(QPointF(moved.x, moved.y));
    // Moved with the mouse: 30 logical pixels down, within the rounding of a view pixel.
    QVERIFY2(std::abs(after.y() - before.y() - 30) < 1.5 && std::abs(after.x() - before.x()) < 1.5,
        qPrintable(
            QStringLiteral("from %1,%2 to %3,%4").arg(before.x()).arg(before.y()).arg(after.x()).arg(after.y())));
    QTest::keyClick(canvas, Qt::Key_Z, Qt::ControlModifier); // the project stays as generated
}

void TestScreenFit::darkPaletteReachesThePlots()
{
    // setStyle deletes the style it replaces: keep its name.
    const QString oldStyle = QApplication::style()->name();
    const QPalette oldPalette = QApplication::palette();
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    // A dark palette as a desktop's dark theme gives it.
    QPalette dark;
    dark.setColor(QPalette::Window, QColor(45, 45, 48));
    dark.setColor(QPalette::WindowText, QColor(230, 230, 230));
    dark.setColor(QPalette::Base, QColor(30, 30, 32));
    dark.setColor(QPalette::AlternateBase, QColor(50, 50, 54));
    dark.setColor(QPalette::Text, QColor(230, 230, 230));
    dark.setColor(QPalette::Button, QColor(55, 55, 60));
    dark.setColor(QPalette::ButtonText, QColor(230, 230, 230));
    dark.setColor(QPalette::Highlight, QColor(42, 130, 218));
    dark.setColor(QPalette::HighlightedText, Qt::white);
    dark.setColor(QPalette::ToolTipBase, QColor(60, 60, 64));
    dark.setColor(QPalette::ToolTipText, QColor(230, 230, 230));
    QApplication::setPalette(dark);
    {
        MainWindow w(&m_languages);
        QScreen *laptop = screenNamed(QStringLiteral("1366x768@1"));
        w.setScreen(laptop);
        w.move(laptop->availableGeometry().topLeft());
        mainwindowtest::openWindow(w, m_project);
        for (const auto workspace :
            { MainWindow::Workspace::Label, MainWindow::Workspace::Train, MainWindow::Workspace::Video }) {
            w.setWorkspace(workspace);
            QTest::qWait(50);
            saveScreenshot(w, QStringLiteral("%1-dark").arg(workspaceName(workspace)));
        }
        // Every plot: the palette's base behind, its text colour on the axes and the legend.
        const auto plots = w.trainWorkspace()->findChildren<QCustomPlot *>();
        QVERIFY(!plots.isEmpty());
        for (QCustomPlot *plot : plots) {
            // Its corner, outside the axes, is the background.
            QCOMPARE(plot->grab().toImage().pixelColor(1, 1), dark.color(QPalette::Base));
            for (QCPAxisRect *rect : plot->axisRects())
                for (QCPAxis *axis : rect->axes())
                    QCOMPARE(axis->tickLabelColor(), dark.color(QPalette::Text));
            if (plot->legend) // the sparklines have none
                QCOMPARE(plot->legend->textColor(), dark.color(QPalette::Text));
        }
    }
    QApplication::setPalette(oldPalette);
    QApplication::setStyle(oldStyle);
}

void TestScreenFit::layoutIsRememberedAndReset()
{
    QScreen *laptop = screenNamed(QStringLiteral("1366x768@1"));
    QList<int> designed;
    QList<int> dragged;
    {
        MainWindow w(&m_languages);
        w.setScreen(laptop);
        w.move(laptop->availableGeometry().topLeft());
        mainwindowtest::openWindow(w, m_project);
        w.setWorkspace(MainWindow::Workspace::Label);
        QTest::qWait(50);
        auto *columns = w.labelWorkspace()->findChild<QSplitter *>(QStringLiteral("columns"));
        QVERIFY(columns);
        designed = columns->sizes();
        // Drag the handle between the list and the canvas 120 pixels to the right, with the mouse.
        QSplitterHandle *handle = columns->handle(1);
        const QPoint grip = handle->rect().center();
        QTest::mousePress(handle, Qt::LeftButton, {}, grip);
        QMouseEvent move(QEvent::MouseMove, QPointF(grip + QPoint(120, 0)),
            handle->mapToGlobal(QPointF(grip + QPoint(120, 0))), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(handle, &move);
        QTest::mouseRelease(handle, Qt::LeftButton, {}, grip + QPoint(120, 0));
        dragged = columns->sizes();
        QCOMPARE(dragged.at(0), designed.at(0) + 120);
        // The Train workspace's side tab: Runs.
        w.trainWorkspace()->sideTabs()->setCurrentIndex(1);
    }
    {
        // A new window has them as they were left.
        MainWindow w(&m_languages);
        w.setScreen(laptop);
        w.move(laptop->availableGeometry().topLeft());
        mainwindowtest::openWindow(w, m_project);
        w.setWorkspace(MainWindow::Workspace::Label);
        QTest::qWait(50);
        auto *columns = w.labelWorkspace()->findChild<QSplitter *>(QStringLiteral("columns"));
        QCOMPARE(columns->sizes(), dragged);
        QCOMPARE(w.trainWorkspace()->sideTabs()->currentIndex(), 1);

        // View ▸ Reset Layout: as designed, and forgotten.
        QVERIFY(w.resetLayoutAction()->isEnabled());
        w.resetLayoutAction()->trigger();
        QCOMPARE(columns->sizes(), designed);
        QCOMPARE(w.trainWorkspace()->sideTabs()->currentIndex(), 0);
        QVERIFY(!QSettings().contains(QStringLiteral("layout/label/columns")));
    }
}

int main(int argc, char **argv)
{
    // The screens exist only if the platform reads them before the application starts.
    QTemporaryDir config;
    const QString file = writeScreenConfig(config.path());
    if (file.isEmpty())
        return 1;
    qputenv("QT_QPA_PLATFORM", QByteArrayLiteral("offscreen:configfile=") + QFile::encodeName(file));
    QApplication app(argc, argv);
    TestScreenFit t;
    return QTest::qExec(&t, argc, argv);
}

#include "tst_screenfit.moc"
