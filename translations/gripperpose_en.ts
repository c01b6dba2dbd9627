<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
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
        <location line="+0"/>
        <source>in %n file(s); the bad items are skipped.</source>
        <translation>
            <numerusform>in %n file; the bad items are skipped.</numerusform>
            <numerusform>in %n files; the bad items are skipped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelWorkspace</name>
    <message numerus="yes">
        <location filename="../app/studio/labelworkspace.cpp" line="+356"/>
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
        <location line="+243"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n objects</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+27"/>
        <source>%n image(s): %1 labelled (%2 partial), %3 empty, %4 unlabelled</source>
        <translation>
            <numerusform>%n image: %1 labelled (%2 partial), %3 empty, %4 unlabelled</numerusform>
            <numerusform>%n images: %1 labelled (%2 partial), %3 empty, %4 unlabelled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n shown</source>
        <translation>
            <numerusform>%n shown</numerusform>
            <numerusform>%n shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../app/studio/mainwindow.cpp" line="+283"/>
        <source>data.yaml has %n problem(s); see the Train workspace.</source>
        <translation>
            <numerusform>data.yaml has %n problem; see the Train workspace.</numerusform>
            <numerusform>data.yaml has %n problems; see the Train workspace.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+164"/>
        <source>%n image(s) (%1): %2 labelled, %3 empty, %4 unlabelled</source>
        <translation>
            <numerusform>%n image (%1): %2 labelled, %3 empty, %4 unlabelled</numerusform>
            <numerusform>%n images (%1): %2 labelled, %3 empty, %4 unlabelled</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrainWorkspace</name>
    <message numerus="yes">
        <location filename="../app/studio/trainworkspace.cpp" line="+208"/>
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
        <location filename="../app/studio/videoworkspace.cpp" line="+252"/>
        <source>%1 × %2 · %3 fps · %n frame(s)</source>
        <translation>
            <numerusform>%1 × %2 · %3 fps · %n frame</numerusform>
            <numerusform>%1 × %2 · %3 fps · %n frames</numerusform>
        </translation>
    </message>
</context>
</TS>
