// A child process for tst_annotationcanvas's kill test: opens an AnnotationCanvas on a
// 400x300 image, clicks points one by one and prints "placed <i>" after each click, then
// waits to be killed. Arguments: label file, number of points, milliseconds between clicks.

#include "annotationcanvas.h"
#include "annotationdocument.h"

#include <QApplication>
#include <QTest>

#include <cstdio>

using gp::AnnotationDocument;
using gp::ImageAnnotation;
using gp::Skeleton;

int main(int argc, char *argv[])
{
    QApplication app(argc, argv);
    const QStringList args = app.arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: %s LABEL_FILE COUNT DELAY_MS\n", argv[0]);
        return 2;
    }
    const int count = args[2].toInt();
    const int delay = args[3].toInt();
    AnnotationDocument doc(Skeleton::defaultGripper());
    AnnotationCanvas canvas(&doc, Skeleton::defaultGripper());
    QImage image(400, 300, QImage::Format_RGB32);
    image.fill(Qt::darkGray);
    canvas.resize(800, 600);
    canvas.setImage(image);
    ImageAnnotation a;
    a.imageSize = image.size();
    doc.load(a, args[1]);
    canvas.show();
    if (!QTest::qWaitForWindowExposed(&canvas))
        return 3;
    for (int i = 0; i < count; ++i) {
        const QPoint at(2 * (60 + 20 * i), 2 * (80 + (i % 5) * 25));
        QTest::mouseClick(&canvas, Qt::LeftButton, Qt::NoModifier, at);
        std::printf("placed %d\n", i);
        std::fflush(stdout);
        QTest::qWait(delay);
    }
    for (;;)
        QTest::qWait(1000);
}
