<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>AmdgpuSysfsBackend</name>
    <message numerus="yes">
        <location filename="../core/telemetry/amdgpusysfsbackend.cpp" line="+88"/>
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
        <location filename="../app/cli/checkcommand.cpp" line="+91"/>
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
    <message numerus="yes">
        <location line="+2"/>
        <source>%n of them stop(s) training (listed above).</source>
        <translation>
            <numerusform>%n of them stops training (listed above).</numerusform>
            <numerusform>%n of them stop training (listed above).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChecksPanel</name>
    <message numerus="yes">
        <location filename="../app/studio/label/checkspanel.cpp" line="+125"/>
        <source>%n suspicious label(s); click one to open it</source>
        <translation>
            <numerusform>%n suspicious label; click to open it</numerusform>
            <numerusform>%n suspicious labels; click one to open it</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DatasetCheckPanel</name>
    <message numerus="yes">
        <location filename="../app/studio/train/datasetcheckpanel.cpp" line="+198"/>
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
    <message numerus="yes">
        <location line="+104"/>
        <source>Dataset: %n image(s) (%1)</source>
        <translation>
            <numerusform>Dataset: %n image (%1)</numerusform>
            <numerusform>Dataset: %n images (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+4"/>
        <source>%n problem(s), listed under Dataset; bad items are skipped in training</source>
        <translation>
            <numerusform>%n problem, listed under Dataset; bad items are skipped in training</numerusform>
            <numerusform>%n problems, listed under Dataset; bad items are skipped in training</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DeviceChooser</name>
    <message numerus="yes">
        <location filename="../app/studio/train/devicechooser.cpp" line="+164"/>
        <source>%n GPU(s) train data-parallel, one process each; batch must be a multiple of %n.</source>
        <translation>
            <numerusform>%n GPU trains data-parallel, one process each; batch must be a multiple of %n.</numerusform>
            <numerusform>%n GPUs train data-parallel, one process each; batch must be a multiple of %n.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FrameOverlay</name>
    <message numerus="yes">
        <location filename="../app/studio/video/frameoverlay.cpp" line="+120"/>
        <source>live · %1 ms · p50 %2 ms, p95 %3 ms over %n frame(s)</source>
        <extracomment>The live mode&apos;s time from the frame on screen to its result; then the median and 95th percentile of that time over the frames since live mode was turned on.</extracomment>
        <translation>
            <numerusform>live · %1 ms · p50 %2 ms, p95 %3 ms over %n frame</numerusform>
            <numerusform>live · %1 ms · p50 %2 ms, p95 %3 ms over %n frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>FrameSender</name>
    <message numerus="yes">
        <location filename="../app/studio/video/framesender.cpp" line="+100"/>
        <source>Sending %n frame(s) to labelling…</source>
        <extracomment>%n is how many frames go to the Label workspace.</extracomment>
        <translation>
            <numerusform>Sending %n frame to labelling…</numerusform>
            <numerusform>Sending %n frames to labelling…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ImageBrowser</name>
    <message numerus="yes">
        <location filename="../app/studio/label/imagebrowser.cpp" line="+486"/>
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
        <location line="+101"/>
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
    <name>ImageInfoLabel</name>
    <message numerus="yes">
        <location filename="../app/studio/label/imageinfolabel.cpp" line="+38"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object</numerusform>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n objects</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>KeypointErrorTable</name>
    <message numerus="yes">
        <location filename="../widgets/keypointerrortable.cpp" line="+183"/>
        <source>%n point(s), mean error relative to the object&apos;s size %1</source>
        <translation>
            <numerusform>%n point, mean error relative to the object&apos;s size %1</numerusform>
            <numerusform>%n points, mean error relative to the object&apos;s size %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+53"/>
        <source>%n image(s): pose mAP50-95 %1, box mAP50-95 %2</source>
        <translation>
            <numerusform>%n image: pose mAP50-95 %1, box mAP50-95 %2</numerusform>
            <numerusform>%n images: pose mAP50-95 %1, box mAP50-95 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelAudit</name>
    <message numerus="yes">
        <location filename="../core/dataset/labelaudit.cpp" line="+135"/>
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
    <name>LoopController</name>
    <message numerus="yes">
        <location filename="../app/studio/shell/loopcontroller.cpp" line="+52"/>
        <source>; %n image(s) suggested for review, the first one shown</source>
        <translation>
            <numerusform>; %n image suggested for review, the first one shown</numerusform>
            <numerusform>; %n images suggested for review, the first one shown</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message numerus="yes">
        <location filename="../app/studio/shell/mainwindow.cpp" line="+120"/>
        <source>%n image(s) ranked: the list shows them first, numbered; → goes through them in order</source>
        <extracomment>%n images ranked by Suggest What to Label Next.</extracomment>
        <translation>
            <numerusform>%n image ranked: the list shows it first, numbered; → goes through them in order</numerusform>
            <numerusform>%n images ranked: the list shows them first, numbered; → goes through them in order</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+335"/>
        <source>data.yaml has %n problem(s); see the Train workspace.</source>
        <translation>
            <numerusform>data.yaml has %n problem; see the Train workspace.</numerusform>
            <numerusform>data.yaml has %n problems; see the Train workspace.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+159"/>
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
        <location filename="../core/telemetry/nvmlbackend.cpp" line="+86"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform>
            <numerusform>%1, %n devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PredictionController</name>
    <message numerus="yes">
        <location filename="../app/studio/video/predictioncontroller.cpp" line="+85"/>
        <source>Analysed %n frame(s)</source>
        <translation>
            <numerusform>Analysed %n frame</numerusform>
            <numerusform>Analysed %n frames</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+22"/>
        <source>Export cancelled after %n frame(s)</source>
        <translation>
            <numerusform>Export cancelled after %n frame</numerusform>
            <numerusform>Export cancelled after %n frames</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Exported %n frame(s)</source>
        <translation>
            <numerusform>Exported %n frame</numerusform>
            <numerusform>Exported %n frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>PrelabelController</name>
    <message numerus="yes">
        <location filename="../app/studio/label/prelabelcontroller.cpp" line="+79"/>
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
        <location filename="../core/telemetry/rocmsmibackend.cpp" line="+134"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1, %n device</numerusform>
            <numerusform>%1, %n devices</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunSummaryPanel</name>
    <message numerus="yes">
        <location filename="../app/studio/train/runsummarypanel.cpp" line="+97"/>
        <source>%n epoch(s) in %1</source>
        <translation>
            <numerusform>%n epoch in %1</numerusform>
            <numerusform>%n epochs in %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScenarioTagController</name>
    <message numerus="yes">
        <location filename="../app/studio/label/scenariotagcommand.cpp" line="+13"/>
        <source>Tag %n image(s) %1</source>
        <extracomment>An undo step; %1 is a scenario tag.</extracomment>
        <translation>
            <numerusform>Tag %n image %1</numerusform>
            <numerusform>Tag %n images %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Untag %n image(s) %1</source>
        <translation>
            <numerusform>Untag %n image %1</numerusform>
            <numerusform>Untag %n images %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ScenarioTagPanel</name>
    <message numerus="yes">
        <location filename="../app/studio/label/scenariotagpanel.cpp" line="+248"/>
        <source>Scenario tags of the %n selected image(s)</source>
        <translation>
            <numerusform>Scenario tags of the %n selected image</numerusform>
            <numerusform>Scenario tags of the %n selected images</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SmoothingPanel</name>
    <message numerus="yes">
        <location filename="../widgets/smoothingpanel.cpp" line="+135"/>
        <source>%n frame(s)</source>
        <translation>
            <numerusform>%n frame</numerusform>
            <numerusform>%n frames</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SplitScan</name>
    <message numerus="yes">
        <location filename="../core/dataset/splitscan.cpp" line="+87"/>
        <source>none of the %n label line(s) of the %1 split can be used</source>
        <translation>
            <numerusform>the %n label line of the %1 split cannot be used</numerusform>
            <numerusform>none of the %n label lines of the %1 split can be used</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+15"/>
        <source>the %1 split has no usable image: all %n image(s) are skipped (see the problems above)</source>
        <translation>
            <numerusform>the %1 split has no usable image: its %n image is skipped (see the problems above)</numerusform>
            <numerusform>the %1 split has no usable image: all %n images are skipped (see the problems above)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>the %1 split has no labelled object: its %n usable image(s) are all background</source>
        <translation>
            <numerusform>the %1 split has no labelled object: its %n usable image is background</numerusform>
            <numerusform>the %1 split has no labelled object: its %n usable images are all background</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>the %1 split has no labelled object, so every metric on it is zero: %2 of its %n usable image(s) have no label file and the rest are background</source>
        <translation>
            <numerusform>the %1 split has no labelled object, so every metric on it is zero: %2 of its %n usable image has no label file and the rest are background</numerusform>
            <numerusform>the %1 split has no labelled object, so every metric on it is zero: %2 of its %n usable images have no label file and the rest are background</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SuggestionController</name>
    <message numerus="yes">
        <location filename="../app/studio/label/suggestioncontroller.cpp" line="+44"/>
        <source>Looking for the images to label next in %n image(s)…</source>
        <extracomment>%n is how many images the model looks at.</extracomment>
        <translation>
            <numerusform>Looking for the images to label next in %n image…</numerusform>
            <numerusform>Looking for the images to label next in %n images…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SynthCommand</name>
    <message numerus="yes">
        <location filename="../app/cli/synthcommand.cpp" line="+80"/>
        <source>wrote %1 images and %n %2-frame video(s) to %3 in %4 s</source>
        <translation>
            <numerusform>wrote %1 images and %n %2-frame video to %3 in %4 s</numerusform>
            <numerusform>wrote %1 images and %n %2-frame videos to %3 in %4 s</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>TrainDashboard</name>
    <message numerus="yes">
        <location filename="../app/studio/train/traindashboard.cpp" line="+283"/>
        <source>Stopped after %n epoch(s) — resumable: %1</source>
        <translation>
            <numerusform>Stopped after %n epoch — resumable: %1</numerusform>
            <numerusform>Stopped after %n epochs — resumable: %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Finished early after %n epoch(s): no improvement for the patience epochs.</source>
        <translation>
            <numerusform>Finished early after %n epoch: no improvement for the patience epochs.</numerusform>
            <numerusform>Finished early after %n epochs: no improvement for the patience epochs.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Finished: %n epoch(s) in %1.</source>
        <translation>
            <numerusform>Finished: %n epoch in %1.</numerusform>
            <numerusform>Finished: %n epochs in %1.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>VideoWorkspace</name>
    <message numerus="yes">
        <location filename="../app/studio/video/videoworkspace.cpp" line="+514"/>
        <source>%1 × %2 · %3 fps · %n frame(s)</source>
        <translation>
            <numerusform>%1 × %2 · %3 fps · %n frame</numerusform>
            <numerusform>%1 × %2 · %3 fps · %n frames</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+127"/>
        <source>%n corrected frame(s) have labels that do not read: left out</source>
        <extracomment>%n labelled frames whose label files do not read.</extracomment>
        <translation>
            <numerusform>%n corrected frame has labels that do not read: left out</numerusform>
            <numerusform>%n corrected frames have labels that do not read: left out</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n frame(s) sent to labelling</source>
        <translation>
            <numerusform>%n frame sent to labelling</numerusform>
            <numerusform>%n frames sent to labelling</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n were in the dataset already (left alone)</source>
        <translation>
            <numerusform>%n was in the dataset already (left alone)</numerusform>
            <numerusform>%n were in the dataset already (left alone)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>WorstFramesPanel</name>
    <message numerus="yes">
        <location filename="../app/studio/video/worstframespanel.cpp" line="+163"/>
        <source>%n frame(s) selected</source>
        <translation>
            <numerusform>%n frame selected</numerusform>
            <numerusform>%n frames selected</numerusform>
        </translation>
    </message>
</context>
</TS>
