<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AmdgpuSysfsBackend</name>
    <message numerus="yes">
        <location filename="../core/telemetry/amdgpusysfsbackend.cpp" line="+86"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform>
            <numerusform>%1, %n devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>CheckCommand</name>
    <message numerus="yes">
        <location filename="../app/cli/checkcommand.cpp" line="+71"/>
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n problem</numerusform>
            <numerusform>%n problems</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>in %n file(s); the bad items are skipped.</source>
        <translation>
            <numerusform>in %n file; the bad items are skipped.</numerusform>
            <numerusform>in %n files; the bad items are skipped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChecksPanel</name>
    <message numerus="yes">
        <location filename="../app/studio/label/checkspanel.cpp" line="+121"/>
        <source>%n suspicious label(s); click one to open it</source>
        <translation>
            <numerusform>%n suspicious label; click to open it</numerusform>
            <numerusform>%n suspicious labels; click one to open it</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageBrowser</name>
    <message numerus="yes">
        <location filename="../app/studio/label/imagebrowser.cpp" line="+329"/>
        <source>Train (%n image(s))</source>
        <translation>
            <numerusform>Train (%n image)</numerusform>
            <numerusform>Train (%n images)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Val (%n image(s))</source>
        <translation>
            <numerusform>Val (%n image)</numerusform>
            <numerusform>Val (%n images)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Test (%n image(s))</source>
        <translation>
            <numerusform>Test (%n image)</numerusform>
            <numerusform>Test (%n images)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+59"/>
        <source>%n image(s): %1 labelled (%2 partial), %3 empty, %4 unlabelled</source>
        <translation>
            <numerusform>%n image: %1 labelled (%2 partial), %3 empty, %4 unlabelled</numerusform>
            <numerusform>%n images: %1 labelled (%2 partial), %3 empty, %4 unlabelled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n need(s) review</source>
        <extracomment>Images labelled by a model that a person has not checked yet.</extracomment>
        <translation>
            <numerusform>%n needs review</numerusform>
            <numerusform>%n need review</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n shown</source>
        <translation>
            <numerusform>%n shown</numerusform>
            <numerusform>%n shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelAudit</name>
    <message numerus="yes">
        <location filename="../core/dataset/labelaudit.cpp" line="+133"/>
        <source>Object %1: %2 and %n more point(s) lie outside the image</source>
        <extracomment>%1 is the object&apos;s number, %2 a keypoint name; %n how many other points.</extracomment>
        <translation>
            <numerusform>Object %1: %2 and %n more point lie outside the image</numerusform>
            <numerusform>Object %1: %2 and %n more points lie outside the image</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>Object %1: %2 and %n more point(s) lie outside its box</source>
        <extracomment>%1 is the object&apos;s number, %2 a keypoint name; %n how many other points.</extracomment>
        <translation>
            <numerusform>Object %1: %2 and %n more point lie outside its box</numerusform>
            <numerusform>Object %1: %2 and %n more points lie outside its box</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelWorkspace</name>
    <message numerus="yes">
        <location filename="../app/studio/label/labelworkspace.cpp" line="+549"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../app/studio/shell/mainwindow.cpp" line="+301"/>
        <source>data.yaml has %n problem(s); see the Train workspace.</source>
        <translation>
            <numerusform>data.yaml has %n problem; see the Train workspace.</numerusform>
            <numerusform>data.yaml has %n problems; see the Train workspace.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+148"/>
        <source>%n image(s) (%1): %2 labelled, %3 empty, %4 unlabelled</source>
        <translation>
            <numerusform>%n image (%1): %2 labelled, %3 empty, %4 unlabelled</numerusform>
            <numerusform>%n images (%1): %2 labelled, %3 empty, %4 unlabelled</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>NvmlBackend</name>
    <message numerus="yes">
        <location filename="../core/telemetry/nvmlbackend.cpp" line="+84"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform>
            <numerusform>%1, %n devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrelabelController</name>
    <message numerus="yes">
        <location filename="../app/studio/label/prelabelcontroller.cpp" line="+62"/>
        <source>Pre-labelling %n image(s)…</source>
        <extracomment>%n is how many images the model labels.</extracomment>
        <translation>
            <numerusform>Pre-labelling %n image…</numerusform>
            <numerusform>Pre-labelling %n images…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RocmSmiBackend</name>
    <message numerus="yes">
        <location filename="../core/telemetry/rocmsmibackend.cpp" line="+124"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform>
            <numerusform>%1, %n devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SynthCommand</name>
    <message numerus="yes">
        <location filename="../app/cli/synthcommand.cpp" line="+74"/>
        <source>wrote %1 images and %n %2-frame video(s) to %3 in %4 s</source>
        <translation>
            <numerusform>wrote %1 images and %n %2-frame video to %3 in %4 s</numerusform>
            <numerusform>wrote %1 images and %n %2-frame videos to %3 in %4 s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrainWorkspace</name>
    <message numerus="yes">
        <location filename="../app/studio/train/trainworkspace.cpp" line="+211"/>
        <source>Checked %n image(s) in %1 s: no problems found.</source>
        <translation>
            <numerusform>Checked %n image in %1 s: no problems found.</numerusform>
            <numerusform>Checked %n images in %1 s: no problems found.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Checked %n image(s) in %1 s.</source>
        <translation>
            <numerusform>Checked %n image in %1 s.</numerusform>
            <numerusform>Checked %n images in %1 s.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Found %n problem(s); the bad items are skipped in training.</source>
        <translation>
            <numerusform>Found %n problem; the bad items are skipped in training.</numerusform>
            <numerusform>Found %n problems; the bad items are skipped in training.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VideoWorkspace</name>
    <message numerus="yes">
        <location filename="../app/studio/video/videoworkspace.cpp" line="+270"/>
        <source>%1 × %2 · %3 fps · %n frame(s)</source>
        <translation>
            <numerusform>%1 × %2 · %3 fps · %n frame</numerusform>
            <numerusform>%1 × %2 · %3 fps · %n frames</numerusform>
        </translation>
    </message>
</context>
</TS>
