#pragma once

#include <QCoreApplication>
#include <QImage>
#include <QString>
#include <QStringList>

#include <optional>

namespace gp {

// Test-time help for dark footage: a contrast or brightness correction of the decoded image
// before it is letterboxed for the network (`enhance=` of predict and val, and the Video
// workspace). Torch-free and the same for every caller: the OpenCV form is in
// imageenhancement_p.h, the QImage form below is for screens and tests.
enum class Enhancement { None, Clahe, Gamma };

class ImageEnhancement
{
    Q_DECLARE_TR_FUNCTIONS(ImageEnhancement)

public:
    // Contrast-limited adaptive histogram equalisation of the lightness (CIE L*a*b* L), in
    // tiles of 8 x 8 over the image, each tile's histogram clipped at this multiple of the
    // mean bin so noise is not blown up into texture.
    static constexpr double kClaheClipLimit = 2.0;
    static constexpr int kClaheTiles = 8;
    // Gamma: every channel through v' = v^gamma with the exponent that takes the image's
    // mean luminance (Rec. 601 grey, 0..1) to kGammaTarget. Never darkens (gamma <= 1), and
    // never below kGammaMin, so a black frame is not turned into amplified noise.
    static constexpr double kGammaTarget = 0.5;
    static constexpr double kGammaMin = 0.2;

    // "none", "clahe", "gamma": the values of the enhance= key.
    static QString key(Enhancement e);
    static std::optional<Enhancement> parse(const QString &key);
    static QStringList keys();
    // What a command says when `enhance=key` is not one of keys().
    static QString unknownKeyMessage(const QString &key);
    // The name on screen.
    static QString displayName(Enhancement e);
    // The exponent gamma correction uses for an image of this mean luminance (0..1).
    static double gammaFor(double meanLuminance);
    // The corrected image (RGB888); `image` itself for None or a null image.
    static QImage apply(const QImage &image, Enhancement e);
};

} // namespace gp
