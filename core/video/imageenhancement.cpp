#include "imageenhancement_p.h"

#include "imageconversion_p.h"

#include <opencv2/core.hpp>
#include <opencv2/imgproc.hpp>

#include <algorithm>
#include <cmath>

namespace gp {

QString ImageEnhancement::key(Enhancement e)
{
    switch (e) {
    case Enhancement::None:
        return QStringLiteral("none");
    case Enhancement::Clahe:
        return QStringLiteral("clahe");
    case Enhancement::Gamma:
        return QStringLiteral("gamma");
    }
    return {};
}

std::optional<Enhancement> ImageEnhancement::parse(const QString &key)
{
    const QString k = key.trimmed().toLower();
    for (Enhancement e : { Enhancement::None, Enhancement::Clahe, Enhancement::Gamma })
        if (k == ImageEnhancement::key(e))
            return e;
    return std::nullopt;
}

QStringList ImageEnhancement::keys()
{
    return { key(Enhancement::None), key(Enhancement::Clahe), key(Enhancement::Gamma) };
}

QString ImageEnhancement::displayName(Enhancement e)
{
    switch (e) {
    case Enhancement::None:
        //: No image enhancement before inference.
        return tr("None");
    case Enhancement::Clahe:
        //: CLAHE: contrast-limited adaptive histogram equalisation.
        return tr("Local contrast (CLAHE)");
    case Enhancement::Gamma:
        return tr("Brighten (gamma)");
    }
    return {};
}

double ImageEnhancement::gammaFor(double meanLuminance)
{
    if (!(meanLuminance > 0.0) || meanLuminance >= kGammaTarget)
        return 1.0;
    return std::clamp(std::log(kGammaTarget) / std::log(meanLuminance), kGammaMin, 1.0);
}

QImage ImageEnhancement::apply(const QImage &image, Enhancement e)
{
    if (image.isNull() || e == Enhancement::None)
        return image;
    return gp::toQImage(gp::enhanced(gp::toBgrMat(image), e));
}

cv::Mat enhanced(const cv::Mat &bgr, Enhancement e)
{
    if (e == Enhancement::None || bgr.empty())
        return bgr;
    cv::Mat out;
    if (e == Enhancement::Clahe) {
        // Equalise lightness only: the colours keep their hue and saturation.
        cv::Mat lab;
        cv::cvtColor(bgr, lab, cv::COLOR_BGR2Lab);
        std::vector<cv::Mat> channels;
        cv::split(lab, channels);
        const cv::Ptr<cv::CLAHE> clahe = cv::createCLAHE(
            ImageEnhancement::kClaheClipLimit, cv::Size(ImageEnhancement::kClaheTiles, ImageEnhancement::kClaheTiles));
        clahe->apply(channels[0], channels[0]);
        cv::merge(channels, lab);
        cv::cvtColor(lab, out, cv::COLOR_Lab2BGR);
        return out;
    }
    cv::Mat grey;
    cv::cvtColor(bgr, grey, cv::COLOR_BGR2GRAY);
    const double gamma = ImageEnhancement::gammaFor(cv::mean(grey)[0] / 255.0);
    if (gamma >= 1.0)
        return bgr.clone();
    cv::Mat lut(1, 256, CV_8U);
    for (int v = 0; v < 256; ++v)
        lut.at<uchar>(v) = cv::saturate_cast<uchar>(std::lround(255.0 * std::pow(v / 255.0, gamma)));
    cv::LUT(bgr, lut, out);
    return out;
}

QString ImageEnhancement::unknownKeyMessage(const QString &key)
{
    return tr("enhance must be one of %1 (got \"%2\")").arg(keys().join(QStringLiteral(", ")), key);
}

} // namespace gp
