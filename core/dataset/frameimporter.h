#pragma once

#include "canceltoken.h"
#include "progress.h"

#include <QCoreApplication>
#include <QImage>
#include <QString>

namespace gp {

// Takes frames out of a video into a dataset's image folder, so they can be labelled:
// every N-th frame (by exact frame index, read sequentially), or one given frame. Frames
// are written as JPEG files named `<video name>_<frame index, 6 digits>.jpg`, each
// atomically; a file that exists already is left alone (its labels may be done) and counted.
class FrameImporter
{
    Q_DECLARE_TR_FUNCTIONS(FrameImporter)

public:
    struct Options
    {
        QString video;
        QString imagesDir; // e.g. <dataset>/images/train
        int everyNth = 10; // 1: every frame
        int firstFrame = 0;
        int lastFrame = -1; // inclusive; -1: to the end
        int jpegQuality = 95;
    };
    struct Result
    {
        int written = 0;
        int skippedExisting = 0;
        int framesRead = 0;
        bool cancelled = false;
        QString error; // empty on success
        QStringList files; // written, absolute
    };

    static QString frameFileName(const QString &video, int frameIndex);
    // Writes one frame already decoded (e.g. the one on screen) under its importer name, the
    // same way run() does. A file that exists is left alone: *existed, and true.
    static bool writeFrame(const QImage &image, const QString &imagesDir, const QString &video, int frameIndex,
        QString *file, bool *existed, QString *error, int jpegQuality = 95);
    // Progress: frames read of the frames the video announces (-1 when unknown).
    static Result run(const Options &options, const gp::CancelToken &cancel = {}, const gp::Progress &progress = {});
};

} // namespace gp
