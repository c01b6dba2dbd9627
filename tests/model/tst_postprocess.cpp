// The shared decode / post-process module: DFL + keypoint decoding from the raw fixture
// outputs, NMS against the reference rows (nms_img0/1), NMS semantics, the letterbox.

#include "fixtures.h"
#include "postprocess.h"

#include <opencv2/core.hpp>

#include <QTest>

using namespace gp;

class TestPostprocess : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void initTestCase();
    void anchors();
    void decodeFromRaw();
    void nmsMatchesReference_data();
    void nmsMatchesReference();
    void nmsSemantics();
    void nmsClassAware();
    void nmsLimits();
    void letterbox_data();
    void letterbox();
    void letterboxImage();
    void rowsToSource();

private:
    std::map<std::string, torch::Tensor> m_ref;
};

void TestPostprocess::initTestCase()
{
    const QString file = fixtures::path("yolov8n_pose_k14.pt");
    QVERIFY2(QFile::exists(file), qPrintable(file));
    m_ref = fixtures::loadTensorDict(file);
}

void TestPostprocess::anchors()
{
    const AnchorGrid a
        = makeAnchors({ { 32, 32 }, { 16, 16 }, { 8, 8 } }, { 8, 16, 32 }, torch::TensorOptions(torch::kFloat));
    QVERIFY(torch::equal(a.points, m_ref.at("anchors")));
    QVERIFY(torch::equal(a.strides, m_ref.at("strides")));
}

void TestPostprocess::decodeFromRaw()
{
    RawHeadOutput raw;
    raw.boxes = m_ref.at("raw_boxes");
    raw.scores = m_ref.at("raw_scores");
    raw.kpts = m_ref.at("raw_kpts");
    raw.grids = { { 32, 32 }, { 16, 16 }, { 8, 8 } };
    const torch::Tensor out = decodeHead(raw, { 8, 16, 32 }, 14, 3);
    const double diff = fixtures::maxAbsDiff(out, m_ref.at("output_decoded"));
    qInfo("decode(raw) vs output_decoded max |diff| %.3g", diff);
    QVERIFY(diff <= 1e-3);
    // Keypoints alone are exact up to float rounding.
    QVERIFY(fixtures::maxAbsDiff(out.slice(1, 5), m_ref.at("output_decoded").slice(1, 5)) <= 1e-4);
}

void TestPostprocess::nmsMatchesReference_data()
{
    QTest::addColumn<int>("image");
    QTest::newRow("nms_img0") << 0;
    QTest::newRow("nms_img1") << 1;
}

void TestPostprocess::nmsMatchesReference()
{
    QFETCH(int, image);
    const auto rows = nonMaxSuppression(m_ref.at("output_decoded"), 1, NmsOptions::validation());
    QCOMPARE(int(rows.size()), 2);
    const torch::Tensor &ref = m_ref.at("nms_img" + std::to_string(image));
    const torch::Tensor &got = rows[size_t(image)];
    QCOMPARE(got.size(0), ref.size(0));
    QCOMPARE(got.size(1), int64_t(48));
    const double diff = fixtures::maxAbsDiff(got, ref);
    qInfo("nms_img%d: %lld rows, max |diff| %.3g", image, (long long)got.size(0), diff);
    QVERIFY(diff <= 1e-4);
    // Sorted by decreasing confidence.
    const torch::Tensor conf = got.select(1, 4);
    QVERIFY(torch::all(conf.slice(0, 0, -1) >= conf.slice(0, 1)).item<bool>());
}

void TestPostprocess::nmsSemantics()
{
    // Two boxes with IoU exactly 0.5: kept at threshold 0.5 (suppression needs IoU > thr).
    torch::Tensor boxes
        = torch::tensor({ 0.f, 0.f, 2.f, 1.f, 1.f, 0.f, 3.f, 1.f, 10.f, 10.f, 11.f, 11.f }).view({ 3, 4 });
    // IoU(box0, box1) = 1 / 3.
    torch::Tensor scores = torch::tensor({ 0.9f, 0.8f, 0.95f });
    torch::Tensor keep = nms(boxes, scores, 1.0 / 3.0);
    QCOMPARE(keep.size(0), int64_t(3));
    QCOMPARE(keep[0].item<int64_t>(), int64_t(2));
    keep = nms(boxes, scores, 0.3);
    QCOMPARE(keep.size(0), int64_t(2));
    QCOMPARE(keep[1].item<int64_t>(), int64_t(0));
    // Equal scores keep input order.
    keep = nms(
        torch::tensor({ 0.f, 0.f, 1.f, 1.f, 5.f, 5.f, 6.f, 6.f }).view({ 2, 4 }), torch::tensor({ 0.5f, 0.5f }), 0.5);
    QCOMPARE(keep[0].item<int64_t>(), int64_t(0));
    QCOMPARE(keep[1].item<int64_t>(), int64_t(1));
    QCOMPARE(nms(torch::empty({ 0, 4 }), torch::empty({ 0 }), 0.5).size(0), int64_t(0));
}

namespace {
// decoded [1, 4 + nc + 0, n] from rows of (cx, cy, w, h, class scores...).
torch::Tensor decodedFrom(const std::vector<std::vector<float>> &rows)
{
    std::vector<torch::Tensor> cols;
    for (const auto &r : rows)
        cols.push_back(torch::tensor(r));
    return torch::stack(cols, 1).unsqueeze(0);
}
} // namespace

void TestPostprocess::nmsClassAware()
{
    // Two identical boxes of different classes both survive; agnostic NMS keeps one.
    const torch::Tensor d = decodedFrom({ { 50, 50, 20, 20, 0.9f, 0.1f }, { 50, 50, 20, 20, 0.2f, 0.8f } });
    NmsOptions o;
    auto rows = nonMaxSuppression(d, 2, o);
    QCOMPARE(rows[0].size(0), int64_t(2));
    QCOMPARE(rows[0][0][5].item<float>(), 0.f);
    QCOMPARE(rows[0][1][5].item<float>(), 1.f);
    QCOMPARE(rows[0][0][0].item<float>(), 40.f); // x1 = cx - w/2
    QCOMPARE(rows[0][0][3].item<float>(), 60.f);
    o.agnostic = true;
    rows = nonMaxSuppression(d, 2, o);
    QCOMPARE(rows[0].size(0), int64_t(1));
    o.agnostic = false;
    o.classes = { 1 };
    rows = nonMaxSuppression(d, 2, o);
    QCOMPARE(rows[0].size(0), int64_t(1));
    QCOMPARE(rows[0][0][5].item<float>(), 1.f);
}

void TestPostprocess::nmsLimits()
{
    std::vector<std::vector<float>> r;
    for (int i = 0; i < 10; ++i)
        r.push_back({ float(30 * i + 10), 10, 8, 8, 0.1f + 0.05f * i });
    const torch::Tensor d = decodedFrom(r);
    NmsOptions o;
    o.conf = 0.25; // strictly greater: 0.25 itself (i = 3) is dropped
    QCOMPARE(nonMaxSuppression(d, 1, o)[0].size(0), int64_t(6));
    o.maxDet = 4;
    auto rows = nonMaxSuppression(d, 1, o);
    QCOMPARE(rows[0].size(0), int64_t(4));
    QVERIFY(std::abs(rows[0][0][4].item<float>() - 0.55f) < 1e-6);
    o.conf = 0.9;
    rows = nonMaxSuppression(d, 1, o);
    QCOMPARE(rows[0].size(0), int64_t(0));
    QCOMPARE(rows[0].size(1), int64_t(6));
}

void TestPostprocess::letterbox_data()
{
    QTest::addColumn<int>("sw");
    QTest::addColumn<int>("sh");
    QTest::addColumn<int>("dst");
    QTest::addColumn<bool>("scaleUp");
    QTest::addColumn<int>("autoStride");
    QTest::addColumn<double>("gain");
    QTest::addColumn<int>("rw");
    QTest::addColumn<int>("rh");
    QTest::addColumn<int>("left");
    QTest::addColumn<int>("top");
    QTest::addColumn<int>("right");
    QTest::addColumn<int>("bottom");
    QTest::newRow("1280x720") << 1280 << 720 << 640 << true << 0 << 0.5 << 640 << 360 << 0 << 140 << 0 << 140;
    QTest::newRow("720x1280") << 720 << 1280 << 640 << true << 0 << 0.5 << 360 << 640 << 140 << 0 << 140 << 0;
    QTest::newRow("square") << 640 << 640 << 640 << true << 0 << 1.0 << 640 << 640 << 0 << 0 << 0 << 0;
    QTest::newRow("small, no scale-up") << 100 << 50 << 640 << false << 0 << 1.0 << 100 << 50 << 270 << 295 << 270
                                        << 295;
    QTest::newRow("odd padding") << 1000 << 999 << 640 << true << 0 << 0.64 << 640 << 639 << 0 << 0 << 0 << 1;
    QTest::newRow("rect (auto 32)") << 1280 << 720 << 640 << true << 32 << 0.5 << 640 << 360 << 0 << 12 << 0 << 12;
}

void TestPostprocess::letterbox()
{
    QFETCH(int, sw);
    QFETCH(int, sh);
    QFETCH(int, dst);
    QFETCH(bool, scaleUp);
    QFETCH(int, autoStride);
    QFETCH(double, gain);
    QFETCH(int, rw);
    QFETCH(int, rh);
    QFETCH(int, left);
    QFETCH(int, top);
    QFETCH(int, right);
    QFETCH(int, bottom);
    const LetterboxTransform t = LetterboxTransform::make(sw, sh, dst, dst, scaleUp, true, autoStride);
    QCOMPARE(t.gain, gain);
    QCOMPARE(t.resizedWidth, rw);
    QCOMPARE(t.resizedHeight, rh);
    QCOMPARE(t.padLeft, left);
    QCOMPARE(t.padTop, top);
    QCOMPARE(t.padRight, right);
    QCOMPARE(t.padBottom, bottom);
    QCOMPARE(t.dstWidth, rw + left + right);
    QCOMPARE(t.dstHeight, rh + top + bottom);
    // Round trip.
    for (const QPointF &p : { QPointF(0, 0), QPointF(sw * 0.3, sh * 0.7), QPointF(sw, sh) }) {
        const QPointF back = t.toSource(t.toLetterbox(p));
        QVERIFY(std::abs(back.x() - p.x()) < 1e-9 && std::abs(back.y() - p.y()) < 1e-9);
    }
    // Source corners land on the image area inside the padding.
    QCOMPARE(t.toLetterbox(QPointF(0, 0)), QPointF(left, top));
    const QRectF clipped = t.toSource(QRectF(QPointF(-5, -5), QPointF(dst + 5, dst + 5)));
    QCOMPARE(clipped, QRectF(0, 0, sw, sh));
}

void TestPostprocess::letterboxImage()
{
    cv::Mat img(720, 1280, CV_8UC3, cv::Scalar(0, 0, 255)); // BGR red
    const LetterboxTransform t = LetterboxTransform::make(1280, 720, 640);
    const torch::Tensor x = gp::letterboxImage(img, t);
    QCOMPARE(x.sizes().vec(), (std::vector<int64_t> { 3, 640, 640 }));
    QVERIFY(std::abs(x[0][0][0].item<float>() - 114.f / 255.f) < 1e-6); // padding
    QCOMPARE(x[0][320][320].item<float>(), 1.f); // R channel of red
    QCOMPARE(x[2][320][320].item<float>(), 0.f);
    QCOMPARE(x[0][140][0].item<float>(), 1.f); // first image row
    QVERIFY(std::abs(x[0][139][0].item<float>() - 114.f / 255.f) < 1e-6);
}

void TestPostprocess::rowsToSource()
{
    const LetterboxTransform t = LetterboxTransform::make(1280, 720, 640);
    // One row: box (100, 150)-(300, 500), conf, class, 2 keypoints (x, y, v).
    torch::Tensor rows
        = torch::tensor({ 100.f, 150.f, 300.f, 500.f, 0.9f, 0.f, 320.f, 140.f, 0.7f, 700.f, 600.f, 0.2f })
              .view({ 1, 12 });
    gp::rowsToSource(rows, t, 3);
    const std::vector<float> expected = { 200.f, 20.f, 600.f, 720.f, 0.9f, 0.f, 640.f, 0.f, 0.7f, 1280.f, 720.f, 0.2f };
    for (size_t i = 0; i < expected.size(); ++i)
        QCOMPARE(rows[0][int64_t(i)].item<float>(), expected[i]);
}

QTEST_GUILESS_MAIN(TestPostprocess)
#include "tst_postprocess.moc"
