<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>AboutDialog</name>
    <message>
        <location filename="../app/studio/shell/aboutdialog.cpp" line="+64"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+7"/>
        <location line="+14"/>
        <source>Qt %1 (built with %2)</source>
        <translation>Qt %1（编译时为 %2）</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+14"/>
        <source>LibTorch %1 (%2)</source>
        <translation>LibTorch %1（%2）</translation>
    </message>
    <message>
        <location line="-13"/>
        <location line="+14"/>
        <source>OpenCV %1</source>
        <translation>OpenCV %1</translation>
    </message>
    <message>
        <location line="-6"/>
        <source>About GripperPose Studio</source>
        <translation>关于 GripperPose Studio</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>GripperPose Studio %1</source>
        <translation>GripperPose Studio %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label, train and watch YOLOv8-pose keypoints of a humanoid robot&apos;s two grippers.</source>
        <translation>为人形机器人的两个夹爪标注、训练并查看 YOLOv8-pose 关键点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Compute devices:</source>
        <translation>计算设备：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version (GPL-3.0-or-later). It comes with ABSOLUTELY NO WARRANTY.</source>
        <translation>本程序是自由软件：您可以依据自由软件基金会发布的 GNU 通用公共许可证第 3 版或（由您选择）任何更高版本（GPL-3.0-or-later）的条款重新分发和/或修改本程序。本程序不提供任何担保。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Copy Versions</source>
        <translation>复制版本信息(&amp;C)</translation>
    </message>
</context>
<context>
    <name>AmdgpuSysfsBackend</name>
    <message>
        <location filename="../core/telemetry/amdgpusysfsbackend.cpp" line="+51"/>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>AMD GPU (device %1)</source>
        <translation>AMD GPU（设备 %1）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no amdgpu card under %1</source>
        <translation>%1 下没有 amdgpu 显卡</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1，%n 个设备</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>AnnotatedExport</name>
    <message>
        <location filename="../core/analysis/annotatedexport.cpp" line="+37"/>
        <source>%1: cannot be put in place of %2</source>
        <translation>%1：无法替换 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>the tracks do not match the analysed video (%1 of %2 frames)</source>
        <translation>轨迹与已分析的视频不符（%2 帧中的 %1 帧）</translation>
    </message>
</context>
<context>
    <name>AnnotationCanvas</name>
    <message>
        <location filename="../widgets/annotationcanvasactions.cpp" line="+58"/>
        <source>Skip the next point (absent, v=0)</source>
        <translation>跳过下一个点（缺失，v=0）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Toggle occluded (v=1) on the hovered or selected point</source>
        <translation>切换悬停点或选中点的遮挡状态（v=1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Clear the hovered or selected point</source>
        <translation>清除悬停点或选中点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Start a new object</source>
        <translation>开始一个新目标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Select the next object</source>
        <translation>选择下一个目标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Delete the selected object</source>
        <translation>删除选中的目标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Swap left and right of the hovered or selected object</source>
        <translation>交换悬停或选中目标的左右</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Accept the model&apos;s points of the hovered or selected object</source>
        <translation>接受悬停或选中目标中模型给出的点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Accept every confident point of the image, then go to the next doubtful one</source>
        <translation>接受本图像中所有置信的点，然后转到下一个存疑的点</translation>
    </message>
    <message>
        <location line="-12"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Show or hide point names</source>
        <translation>显示或隐藏点名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the image to the window</source>
        <translation>使图像适应窗口</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Zoom to actual size (1:1)</source>
        <translation>缩放到实际大小（1:1）</translation>
    </message>
    <message>
        <location filename="../widgets/annotationcanvas.cpp" line="+612"/>
        <source>New object: %1 (%2)</source>
        <extracomment>Beside the cursor: the first point of an object not started yet and its side.</extracomment>
        <translation>新目标：%1（%2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (%2)</source>
        <extracomment>Beside the cursor: the point the next click places and its side, &quot;left_wrist (left)&quot;.</extracomment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>AssistController</name>
    <message>
        <location filename="../app/studio/label/assistcontroller.cpp" line="+186"/>
        <source>Labelled by a model, every point confirmed: accept the labels or reject them.</source>
        <extracomment>The banner over an image a model labelled, once every point is confirmed.</extracomment>
        <translation>由模型标注，所有点均已确认：接受或拒绝这些标注。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Labelled by a model: %1 points to confirm, %2 doubtful (hollow). Drag a wrong point and its gripper follows; Enter accepts the confident ones.</source>
        <extracomment>The banner over an image a model labelled; %1 points are unconfirmed, %2 of them doubtful (hollow).</extracomment>
        <translation>由模型标注：%1 个点待确认，其中 %2 个存疑（空心）。拖动错误的点，其所在夹爪的其余点会随之移动；按 Enter 接受置信的点。</translation>
    </message>
</context>
<context>
    <name>AssistSettingsDialog</name>
    <message>
        <location filename="../app/studio/label/assistsettingsdialog.cpp" line="+28"/>
        <source>Correcting a proposed point moves the rest of its gripper</source>
        <translation>修正一个建议点时，其所在夹爪的其余点随之移动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From three corrected points on, also open or close its fingers (shapes learned from your labels)</source>
        <translation>修正三个点之后，还会张开或闭合其手指（形状从您的标注中学习）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>After a correction, the model looks again at a crop around the object</source>
        <translation>修正之后，模型再看一次目标周围的裁剪区域</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>…and at every proposed object when its image comes up</source>
        <translation>……并在图像打开时对每个建议的目标也这样做</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accepting an image moves on to the next one</source>
        <translation>接受一张图像后转到下一张</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Which images Suggest What to Label Next puts first: those the model is least sure of, one from each kind of scene in turn; the least sure overall; or the list&apos;s order</source>
        <translation>“建议下一批标注”把哪些图像排在前面：模型最没把握的，按场景类型轮流各取一张；整体最没把握的；或按列表顺序</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Pre-label and Review Settings</source>
        <translation>预标注与审核设置</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep detections with confidence at least</source>
        <translation>保留置信度不低于此值的检测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge detections overlapping by IoU above</source>
        <translation>合并 IoU 高于此值的重叠检测</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A proposed point is doubtful below confidence</source>
        <translation>建议点的置信度低于此值时视为存疑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Suggest labelling next</source>
        <translation>建议下一批标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A weak model finds many faint objects that are not there; a higher value keeps fewer false objects to delete.</source>
        <translation>较弱的模型会找到许多并不存在的模糊目标；值越高，需要删除的误检目标越少。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Non-maximum suppression: a lower value merges more of a weak model&apos;s duplicates.</source>
        <translation>非极大值抑制：值越低，合并的弱模型重复检测越多。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Doubtful points are drawn hollow, and accepting the confident points leaves them for you to check.</source>
        <translation>存疑的点绘制为空心，接受置信的点时会保留它们供您检查。</translation>
    </message>
</context>
<context>
    <name>CheckCommand</name>
    <message>
        <location filename="../app/cli/checkcommand.cpp" line="+18"/>
        <source>validate a dataset: data.yaml, every image and every label line</source>
        <translation>校验数据集：data.yaml、每张图像和每行标签</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the dataset&apos;s data.yaml</source>
        <translation>数据集的 data.yaml</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder for the label cache (empty: .gripperpose-cache beside data.yaml)</source>
        <translation>标签缓存文件夹（为空：data.yaml 旁的 .gripperpose-cache）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Checking %1</source>
        <translation>正在检查 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>check</source>
        <translation>检查</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: %2 images (%3 labelled, %4 background, %5 unlabelled; skipped: %6 unreadable images, %7 with bad labels), %8 instances; keypoints %9 visible, %10 occluded, %11 absent</source>
        <translation>%1：%2 张图像（%3 张已标注，%4 张背景，%5 张未标注；已跳过：%6 张无法读取的图像，%7 张标签有误），%8 个实例；关键点 %9 个可见，%10 个被遮挡，%11 个缺失</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>The dataset cannot be used for training or validation until these are fixed:</source>
        <translation>修复以下问题之前，该数据集无法用于训练或验证：</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>%n of them stop(s) training (listed above).</source>
        <translation>
            <numerusform>其中 %n 个会阻止训练（见上文）。</numerusform>
        </translation>
    </message>
    <message>
        <location line="-9"/>
        <source>No problems found.</source>
        <translation>未发现问题。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Problems by kind:</source>
        <translation>按类型统计的问题：</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>in %n file(s); the bad items are skipped.</source>
        <translation>
            <numerusform>分布在 %n 个文件中；有问题的条目将被跳过。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChecksPanel</name>
    <message>
        <location filename="../app/studio/label/checkspanel.cpp" line="+81"/>
        <source>Checking the labels…</source>
        <translation>正在检查标注…</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Run the checks to list suspicious labels.</source>
        <translation>运行检查以列出可疑的标注。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No suspicious labels found.</source>
        <translation>未发现可疑的标注。</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n suspicious label(s); click one to open it</source>
        <translation>
            <numerusform>%n 个可疑标注；点击即可打开</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Run Checks</source>
        <translation>运行检查(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Look through every label of the dataset for points outside their box or the image, left and right likely swapped, and objects labelled twice</source>
        <translation>检查数据集中的每个标注，找出超出框或图像的点、可能左右颠倒的目标以及重复标注的目标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Image</source>
        <translation>图像</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
</context>
<context>
    <name>Cli</name>
    <message>
        <location filename="../app/cli/main.cpp" line="+31"/>
        <source>usage: gripperpose COMMAND [key=value ...]</source>
        <translation>用法：gripperpose COMMAND [key=value ...]</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Commands:</source>
        <translation>命令：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>`gripperpose COMMAND --help` lists the keys of a command.</source>
        <translation>`gripperpose COMMAND --help` 列出某个命令的所有键。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>usage: gripperpose %1 [key=value ...]</source>
        <translation>用法：gripperpose %1 [key=value ...]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>(optional)</source>
        <translation>(可选)</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>(required)</source>
        <translation>(必填)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(default %1)</source>
        <translation>(默认 %1)</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>unknown command &quot;%1&quot;</source>
        <translation>未知命令“%1”</translation>
    </message>
</context>
<context>
    <name>CliArgs</name>
    <message>
        <location filename="../app/cli/cliargs.cpp" line="+16"/>
        <source>&quot;%1&quot; is not of the form key=value; valid keys: %2</source>
        <translation>“%1”不是 key=value 格式；有效的键：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>unknown key &quot;%1&quot;; valid keys: %2</source>
        <translation>未知的键“%1”；有效的键：%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>missing required key %1= (%2)</source>
        <translation>缺少必填的键 %1=（%2）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1=%2 is not a whole number</source>
        <translation>%1=%2 不是整数</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1=%2 is not a number</source>
        <translation>%1=%2 不是数字</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1=%2 must be true or false</source>
        <translation>%1=%2 必须为 true 或 false</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1=%2 must be a size: W,H or N</source>
        <translation>%1=%2 必须是尺寸：W,H 或 N</translation>
    </message>
</context>
<context>
    <name>CocoIo</name>
    <message>
        <location filename="../core/dataset/cocoio.cpp" line="+70"/>
        <source>cannot open: %1</source>
        <translation>无法打开：%1</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>a COCO file needs &quot;images&quot;, &quot;annotations&quot; and &quot;categories&quot; lists</source>
        <translation>COCO 文件需要 &quot;images&quot;、&quot;annotations&quot; 和 &quot;categories&quot; 列表</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>image id %1 is used by %2 images (%3); all of them are skipped, since their annotations cannot be told apart</source>
        <translation>图像 id %1 被 %2 张图像使用（%3）；由于无法区分它们的标注，这些图像全部跳过</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>its id is used twice</source>
        <translation>其 id 被重复使用</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>image %1: file_name &quot;%2&quot; leaves the image folder; refused</source>
        <translation>图像 %1：file_name &quot;%2&quot; 超出了图像文件夹；已拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its file_name is refused</source>
        <translation>其 file_name 被拒绝</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>images %1 and %2 are both &quot;%3&quot;; image %2 and its annotations are skipped</source>
        <translation>图像 %1 和 %2 都是 &quot;%3&quot;；跳过图像 %2 及其标注</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>its file_name is used by image %1</source>
        <translation>其 file_name 已被图像 %1 使用</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>image %1 (%2): no width/height and the file cannot be read</source>
        <translation>图像 %1（%2）：没有 width/height，且文件无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>its size is unknown</source>
        <translation>其尺寸未知</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>annotation %1 belongs to image %2, which is skipped (%3)</source>
        <translation>标注 %1 属于图像 %2，该图像已跳过（%3）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>annotation %1 refers to an unknown image or category</source>
        <translation>标注 %1 引用了未知的图像或类别</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>annotation %1 has %2 keypoint values; expected %3 (%4 keypoints × 3)</source>
        <translation>标注 %1 有 %2 个关键点数值；应为 %3 个（%4 个关键点 × 3）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>annotation %1: the box has no area (width %2, height %3)</source>
        <translation>标注 %1：边界框面积为零（宽 %2，高 %3）</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+3"/>
        <source>unexpected structure: %1</source>
        <translation>意外的结构：%1</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>CocoToYoloCommand</name>
    <message>
        <location filename="../app/cli/cococommands.cpp" line="+51"/>
        <source>convert COCO keypoints JSON into an Ultralytics pose dataset</source>
        <translation>将 COCO 关键点 JSON 转换为 Ultralytics 姿态数据集</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the COCO keypoints file</source>
        <translation>COCO 关键点文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>folder the COCO file_name values are relative to</source>
        <translation>COCO file_name 值所相对的文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>output dataset folder</source>
        <translation>输出数据集文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>split to write the images into</source>
        <translation>图像写入的数据子集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skeleton JSON (default: the 14-point gripper)</source>
        <translation>骨架 JSON（默认：14 点夹爪）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>add to a folder that already holds a dataset (nothing there is overwritten)</source>
        <translation>添加到已有数据集的文件夹（不覆盖其中任何内容）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>wrote %1 images; %2 problems skipped</source>
        <translation>已写入 %1 张图像；跳过了 %2 个问题</translation>
    </message>
</context>
<context>
    <name>Communicator</name>
    <message>
        <location filename="../core/train/communicator.cpp" line="+66"/>
        <source>rank %1 of %2 could not join the run at %3:%4 within %5 s: %6</source>
        <translation>第 %1 个进程（共 %2 个）未能在 %5 秒内加入位于 %3:%4 的训练：%6</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>this build cannot train on several devices: it was built without Gloo (install libgloo-dev and rebuild)</source>
        <translation>此版本无法在多个设备上训练：构建时未包含 Gloo（请安装 libgloo-dev 后重新构建）</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>rank %1 lost the other processes of the run: %2</source>
        <translation>第 %1 个进程与训练中的其他进程失去联系：%2</translation>
    </message>
    <message>
        <location line="+160"/>
        <source>the run was stopped with %1 processes and resumes with %2: the step in progress is the same up to rounding, not bit for bit</source>
        <translation>训练停止时有 %1 个进程，恢复时有 %2 个：进行中的这一步仅在舍入误差范围内相同，并非逐位一致</translation>
    </message>
</context>
<context>
    <name>ComputeDevice</name>
    <message>
        <location filename="../core/telemetry/computedevices.cpp" line="+49"/>
        <source>CPU (%1 threads)</source>
        <translation>CPU（%1 线程）</translation>
    </message>
</context>
<context>
    <name>ConfigField</name>
    <message>
        <location filename="../app/studio/train/configfield.cpp" line="+115"/>
        <source>Default in the recipe: %1; Ultralytics&apos; default: %2</source>
        <translation>配方默认值：%1；Ultralytics 默认值：%2</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+1"/>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
</context>
<context>
    <name>DatasetCheckPanel</name>
    <message>
        <location filename="../app/studio/train/datasetcheckpanel.cpp" line="+182"/>
        <location line="+114"/>
        <source>No project is open.</source>
        <translation>未打开项目。</translation>
    </message>
    <message>
        <location line="-110"/>
        <source>Dataset: %1</source>
        <translation>数据集：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checking every image and label line…</source>
        <translation>正在检查每张图像和每行标签…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Not checked yet.</source>
        <translation>尚未检查。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Check cancelled; the counts below are incomplete.</source>
        <translation>检查已取消；下方的统计不完整。</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Checked %n image(s) in %1 s: no problems found.</source>
        <translation>
            <numerusform>已在 %1 秒内检查 %n 张图像：未发现问题。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Checked %n image(s) in %1 s.</source>
        <translation>
            <numerusform>已在 %1 秒内检查 %n 张图像。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Found %n problem(s); the bad items are skipped in training.</source>
        <translation>
            <numerusform>发现 %n 个问题；训练时将跳过有问题的条目。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Images</source>
        <translation>图像</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Labelled</source>
        <translation>已标注</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Background (empty labels)</source>
        <translation>背景（空标签）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Unlabelled</source>
        <translation>未标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Instances</source>
        <translation>实例</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Visible points</source>
        <translation>可见点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Occluded points</source>
        <translation>遮挡点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Absent points</source>
        <translation>缺失点</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <location line="+29"/>
        <location line="+5"/>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <location line="-5"/>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Message</source>
        <translation>信息</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>Problems by kind (%1)</source>
        <translation>按类型统计的问题（%1）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Problems by kind</source>
        <translation>按类型统计的问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Problems (file:line and what was expected)</source>
        <translation>问题（文件:行号及预期内容）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dataset: being checked…</source>
        <translation>数据集：正在检查…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Dataset: not checked yet.</source>
        <translation>数据集：尚未检查。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 %2</source>
        <comment>number of images, split name</comment>
        <translation>%2 %1 张</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Dataset: %n image(s) (%1)</source>
        <translation>
            <numerusform>数据集：%n 张图像（%1）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no problems found</source>
        <translation>未发现问题</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>%n problem(s), listed under Dataset; bad items are skipped in training</source>
        <translation>
            <numerusform>%n 个问题，列在“数据集”页；训练时会跳过有问题的条目</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Dataset check</source>
        <translation>数据集检查</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Check Again</source>
        <translation>重新检查(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decode every image and validate every label line again</source>
        <translation>重新解码每张图像并校验每行标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%v / %m images</source>
        <translation>%v / %m 张图像</translation>
    </message>
</context>
<context>
    <name>DatasetChecker</name>
    <message>
        <location filename="../core/dataset/datasetchecker.cpp" line="+127"/>
        <source>no image with this name in %1</source>
        <translation>%1 中没有此名称的图像</translation>
    </message>
</context>
<context>
    <name>DatasetConfig</name>
    <message>
        <location filename="../core/dataset/datasetconfig.cpp" line="+38"/>
        <source>cannot open the file: %1</source>
        <translation>无法打开文件：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>not valid YAML: %1</source>
        <translation>不是有效的 YAML：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>expected a mapping of keys (path, train, val, kpt_shape, names)</source>
        <translation>应为键的映射（path、train、val、kpt_shape、names）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>&quot;%1&quot; must be one folder or list file</source>
        <translation>&quot;%1&quot; 必须是一个文件夹或列表文件</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&quot;train&quot; is missing</source>
        <translation>缺少 &quot;train&quot;</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&quot;val&quot; is missing</source>
        <translation>缺少 &quot;val&quot;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&quot;kpt_shape&quot; must be [keypoints, 2 or 3]</source>
        <translation>&quot;kpt_shape&quot; 必须为 [关键点数, 2 或 3]</translation>
    </message>
    <message>
        <location line="+113"/>
        <source>&quot;names&quot; is missing or lists no class</source>
        <translation>缺少 &quot;names&quot;，或其中没有列出任何类别</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>&quot;flip_idx&quot; must be a list</source>
        <translation>&quot;flip_idx&quot; 必须是列表</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;names&quot; ids must be 0, 1, 2, ... without gaps</source>
        <translation>&quot;names&quot; 的 id 必须是连续的 0, 1, 2, ...</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>unexpected value: %1</source>
        <translation>意外的值：%1</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>&quot;kpt_shape&quot; asks for more than %1 keypoints; it must be [1 to %1 keypoints, 2 or 3]</source>
        <translation>&quot;kpt_shape&quot; 要求超过 %1 个关键点；它必须是 [1 到 %1 个关键点, 2 或 3]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&quot;kpt_shape&quot; [%1, %2] must be [1 to %3 keypoints, 2 or 3]</source>
        <translation>&quot;kpt_shape&quot; [%1, %2] 必须是 [1 到 %3 个关键点, 2 或 3]</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>&quot;flip_idx&quot; must be a permutation of 0..%1 (kpt_shape has %2 keypoints); got %3 entries</source>
        <translation>&quot;flip_idx&quot; 必须是 0..%1 的一个排列（kpt_shape 有 %2 个关键点）；实际有 %3 项</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;flip_idx&quot; must swap pairs: %1 maps to %2 but %2 does not map back</source>
        <translation>&quot;flip_idx&quot; 必须成对交换：%1 映射到 %2，但 %2 没有映射回来</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>the image cannot be read</source>
        <translation>图像无法读取</translation>
    </message>
</context>
<context>
    <name>DatasetConverter</name>
    <message>
        <location filename="../core/dataset/datasetconverter.cpp" line="+65"/>
        <source>%1 already holds a dataset (data.yaml, images/ or labels/); pass merge=true to add the COCO images to it (nothing there is overwritten), or choose an empty folder</source>
        <translation>%1 中已有数据集（data.yaml、images/ 或 labels/）；传入 merge=true 可将 COCO 图像添加进去（不覆盖其中任何内容），或选择一个空文件夹</translation>
    </message>
    <message>
        <location line="+17"/>
        <location line="+94"/>
        <source>%1: cannot read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <location line="-88"/>
        <source>%1 says kpt_shape [%2, %3]; the COCO keypoints have %4 points</source>
        <translation>%1 中 kpt_shape 为 [%2, %3]；而 COCO 关键点有 %4 个点</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the COCO categories (%1) are not data.yaml&apos;s names (%2): class ids would not match</source>
        <translation>COCO 类别（%1）与 data.yaml 的 names（%2）不同：类别 id 将无法对应</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: cannot create folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>image %1 does not exist</source>
        <translation>图像 %1 不存在</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 and an image imported before it share the label file %2; %1 is skipped</source>
        <translation>%1 与之前导入的某张图像共用标签文件 %2；跳过 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>already exists with other labels and is kept; the COCO objects of %1 are not imported</source>
        <translation>已存在且标签不同，予以保留；不导入 %1 的 COCO 目标</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>already exists with other content and is kept; %1 is not imported</source>
        <translation>已存在且内容不同，予以保留；不导入 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: cannot copy to %2</source>
        <translation>%1：无法复制到 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>data.yaml is kept as it is and does not use %1; add it to a split to train on the imported images</source>
        <translation>data.yaml 保持不变，且未使用 %1；要用导入的图像训练，请将其加入某个划分</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1 has %2 keypoints; the skeleton has %3</source>
        <translation>%1 有 %2 个关键点；骨架有 %3 个</translation>
    </message>
</context>
<context>
    <name>DatasetIssue</name>
    <message>
        <location filename="../core/annotation/datasetissue.cpp" line="+25"/>
        <source>invalid data.yaml</source>
        <translation>data.yaml 无效</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>flip_idx not a permutation</source>
        <translation>flip_idx 不是排列</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>wrong column count</source>
        <translation>列数错误</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not a number</source>
        <translation>不是数字</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>coordinate outside [0, 1]</source>
        <translation>坐标超出 [0, 1]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown class</source>
        <translation>未知类别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bad visibility</source>
        <translation>可见性值错误</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>duplicate line</source>
        <translation>重复行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>image missing</source>
        <translation>图像缺失</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>image does not decode</source>
        <translation>图像无法解码</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>path escapes the image root</source>
        <translation>路径超出图像根目录</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unknown image or category</source>
        <translation>未知图像或类别</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>box without area</source>
        <translation>面积为零的边界框</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>label file unreadable</source>
        <translation>标签文件无法读取</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>split without images</source>
        <translation>划分中没有图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no usable labels</source>
        <translation>没有可用的标签</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>duplicate id or file name</source>
        <translation>重复的 id 或文件名</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>existing file kept</source>
        <translation>保留已有文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>split without objects</source>
        <translation>划分中没有目标</translation>
    </message>
</context>
<context>
    <name>DemoVideo</name>
    <message>
        <location filename="../core/dataset/demovideo.cpp" line="+301"/>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1: cannot open a video writer (neither MPEG-4 nor Motion JPEG)</source>
        <translation>%1：无法打开视频写入器（MPEG-4 和 Motion JPEG 均不可用）</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the video was written with %2 frames but reads back with %3</source>
        <translation>%1：视频写入了 %2 帧，但读回时为 %3 帧</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>DetectionCache</name>
    <message>
        <location filename="../app/studio/video/predictioncontroller.cpp" line="+302"/>
        <source>%1: no frame could be analysed</source>
        <translation>%1：没有任何一帧能被分析</translation>
    </message>
    <message>
        <location filename="../core/analysis/detectioncache.cpp" line="+164"/>
        <location line="+30"/>
        <source>%1: cannot write the prediction cache (%2)</source>
        <translation>%1：无法写入预测缓存（%2）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot read the prediction cache (%2)</source>
        <translation>%1：无法读取预测缓存（%2）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: not a prediction cache of this version (the header does not parse)</source>
        <translation>%1：不是此版本的预测缓存（文件头无法解析）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: the cached predictions are from another model (%2); analyse again</source>
        <translation>%1：缓存的预测来自另一个模型（%2）；请重新分析</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the video changed since it was analysed; analyse again</source>
        <translation>%1：视频在分析后已更改；请重新分析</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the cached predictions were made with other settings (image size %2, conf %3, iou %4, enhance %5)</source>
        <extracomment>%5 is an enhancement key: none, clahe or gamma.</extracomment>
        <translation>%1：缓存的预测使用了其他设置（图像尺寸 %2，置信度 %3，IoU %4，增强 %5）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: the header gives %2 frames of %3 keypoints</source>
        <translation>%1：文件头给出 %2 帧、每帧 %3 个关键点</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+19"/>
        <source>%1: truncated or corrupt at frame %2 of %3</source>
        <translation>%1：在第 %2 帧（共 %3 帧）处被截断或损坏</translation>
    </message>
</context>
<context>
    <name>DeviceChooser</name>
    <message>
        <location filename="../app/studio/train/devicechooser.cpp" line="+147"/>
        <source>Automatic (the first GPU, else the CPU)</source>
        <translation>自动（首个 GPU，没有则用 CPU）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>CPU: %1</source>
        <translation>CPU：%1</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>memory unknown</source>
        <translation>显存未知</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>GPU %1: %2 (%3)</source>
        <translation>GPU %1：%2（%3）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>GPU %1 (not found on this machine)</source>
        <translation>GPU %1（本机上未找到）</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n GPU(s) train data-parallel, one process each; batch must be a multiple of %n.</source>
        <translation>
            <numerusform>%n 个 GPU 以数据并行方式训练，每个 GPU 一个进程；batch 必须是 %n 的倍数。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>DistributedEnv</name>
    <message>
        <location filename="../core/train/distributedenv.cpp" line="+19"/>
        <source>%1=%2 is not a number</source>
        <translation>%1=%2 不是数字</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>RANK=%1 must lie in [0, WORLD_SIZE=%2)</source>
        <translation>RANK=%1 必须位于 [0, WORLD_SIZE=%2) 之内</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>LOCAL_RANK=%1 must lie in [0, LOCAL_WORLD_SIZE=%2) and LOCAL_WORLD_SIZE at most WORLD_SIZE=%3</source>
        <translation>LOCAL_RANK=%1 必须位于 [0, LOCAL_WORLD_SIZE=%2) 之内，且 LOCAL_WORLD_SIZE 不得超过 WORLD_SIZE=%3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>MASTER_PORT=%1 is not a TCP port</source>
        <translation>MASTER_PORT=%1 不是有效的 TCP 端口</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MASTER_ADDR is empty</source>
        <translation>MASTER_ADDR 为空</translation>
    </message>
</context>
<context>
    <name>DistributedLauncher</name>
    <message>
        <location filename="../core/train/distributedlauncher.cpp" line="+60"/>
        <source>cannot start the worker for rank %1 (%2): %3</source>
        <translation>无法启动第 %1 个工作进程（%2）：%3</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>the worker for rank %1 did not end and was stopped</source>
        <translation>第 %1 个工作进程未能结束，已被终止</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the worker for rank %1 crashed or was killed</source>
        <translation>第 %1 个工作进程崩溃或被杀死</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the worker for rank %1 failed (exit code %2)</source>
        <translation>第 %1 个工作进程失败（退出码 %2）</translation>
    </message>
</context>
<context>
    <name>EpochMetricsFile</name>
    <message>
        <location filename="../core/train/epochmetricsfile.cpp" line="+110"/>
        <source>%1: not JSON (%2 at byte %3)</source>
        <translation>%1：不是 JSON（第 %3 字节处%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: version %2, expected %3</source>
        <translation>%1：版本为 %2，应为 %3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected an epoch of 1 or more and its metrics</source>
        <translation>%1：应包含不小于 1 的轮次及其指标</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>ExportCommand</name>
    <message>
        <location filename="../app/cli/exportcommand.cpp" line="+19"/>
        <source>export a model to ONNX (fp32, fp16 or INT8; decoded or raw outputs) for deployment</source>
        <translation>将模型导出为 ONNX（fp32、fp16 或 INT8；解码或原始输出）用于部署</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>checkpoint, weight file, or a model name (random weights)</source>
        <translation>检查点、权重文件或模型名称（随机权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>export format (onnx)</source>
        <translation>导出格式（onnx）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>square input size, a multiple of 32</source>
        <translation>正方形输入尺寸，32 的倍数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch size of the input</source>
        <translation>输入的批大小</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>leave the batch size open</source>
        <translation>批大小不固定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fp16 weights, input and output</source>
        <translation>fp16 权重、输入和输出</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>INT8 QDQ post-training quantisation (needs data=)</source>
        <translation>INT8 QDQ 训练后量化（需要 data=）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>data.yaml: INT8 calibration images and class names</source>
        <translation>data.yaml：INT8 校准图像和类别名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>split whose images calibrate INT8</source>
        <translation>用于 INT8 校准图像的数据划分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>INT8 calibration images: a share of the split in (0, 1], or a number of images</source>
        <translation>INT8 校准图像：数据划分中的比例 (0, 1]，或图像数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>INT8 activation ranges: minmax or percentile</source>
        <translation>INT8 激活范围：minmax 或 percentile</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>share of the values kept by calib=percentile</source>
        <translation>calib=percentile 保留的数值比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ONNX opset, 11 to 17 (INT8: 13 to 17)</source>
        <translation>ONNX opset，11 到 17（INT8：13 到 17）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>decoded (Ultralytics&apos; output0) or raw (head outputs, for OpenCV DNN and `gripperpose predict`)</source>
        <translation>decoded（Ultralytics 的 output0）或 raw（检测头输出，用于 OpenCV DNN 和 `gripperpose predict`）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the .onnx file (default: beside the weights)</source>
        <translation>.onnx 文件（默认：权重文件旁）</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>format=%1 is not supported; the export format is onnx</source>
        <translation>不支持 format=%1；导出格式为 onnx</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>layout must be decoded or raw (got &quot;%1&quot;)</source>
        <translation>layout 必须为 decoded 或 raw（得到 &quot;%1&quot;）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>calib must be minmax or percentile (got &quot;%1&quot;)</source>
        <translation>calib 必须为 minmax 或 percentile（得到 &quot;%1&quot;）</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>calibrate</source>
        <translation>校准</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>weights: %1</source>
        <translation>权重：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>INT8: %1 convolutions quantised, activation ranges (%2) from %3 images in %4 s</source>
        <translation>INT8：已量化 %1 个卷积，激活范围（%2）来自 %3 张图像，用时 %4 秒</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 nodes, opset %2: %3</source>
        <translation>%1 个节点，opset %2：%3</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>ONNX checker and shape inference passed</source>
        <translation>ONNX 检查器和形状推断均已通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Exported %1 (%2 MB) in %3 s</source>
        <translation>已导出 %1（%2 MB），用时 %3 秒</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>To predict with it in this program (OpenCV DNN), export with layout=raw.</source>
        <translation>要在本程序中用它预测（OpenCV DNN），请以 layout=raw 导出。</translation>
    </message>
</context>
<context>
    <name>FrameImportController</name>
    <message>
        <location filename="../app/studio/label/frameimportcontroller.cpp" line="+41"/>
        <location line="+5"/>
        <source>Import Frames from a Video</source>
        <translation>从视频导入帧</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Videos (*.mp4 *.avi *.mov *.mkv *.webm *.m4v);;All files (*)</source>
        <translation>视频 (*.mp4 *.avi *.mov *.mkv *.webm *.m4v);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Import every N-th frame into the %1 split; N:</source>
        <translation>每 N 帧取一帧导入 %1 子集；N：</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Importing frames from %1…</source>
        <translation>正在从 %1 导入帧…</translation>
    </message>
</context>
<context>
    <name>FrameImporter</name>
    <message>
        <location filename="../core/dataset/frameimporter.cpp" line="+27"/>
        <source>every N-th frame needs N of 1 or more, not %1</source>
        <translation>每 N 帧取一帧要求 N 至少为 1，而不是 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: cannot open the video</source>
        <translation>%1：无法打开视频</translation>
    </message>
    <message>
        <location line="+4"/>
        <location line="+55"/>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <location line="-30"/>
        <source>%1: frame %2 does not decode</source>
        <translation>%1：第 %2 帧无法解码</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="-11"/>
        <source>no frame is shown</source>
        <translation>当前没有显示帧</translation>
    </message>
</context>
<context>
    <name>FrameOverlay</name>
    <message>
        <location filename="../app/studio/video/frameoverlay.cpp" line="+59"/>
        <source>Ground truth from %1</source>
        <translation>真值来自 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No ground-truth file (the video&apos;s name with .json) beside this video</source>
        <translation>此视频旁没有真值文件（与视频同名的 .json 文件）</translation>
    </message>
    <message numerus="yes">
        <location line="+59"/>
        <source>live · %1 ms · p50 %2 ms, p95 %3 ms over %n frame(s)</source>
        <extracomment>The live mode&apos;s time from the frame on screen to its result; then the median and 95th percentile of that time over the frames since live mode was turned on.</extracomment>
        <translation>
            <numerusform>实时 · %1 毫秒 · %n 帧中 p50 %2 毫秒、p95 %3 毫秒</numerusform>
        </translation>
    </message>
    <message>
        <location line="+11"/>
        <source>ground-truth error %1 px</source>
        <extracomment>The mean distance between the ground truth&apos;s keypoints and the predicted ones.</extracomment>
        <translation>真值误差 %1 px</translation>
    </message>
</context>
<context>
    <name>FrameReader</name>
    <message>
        <location filename="../core/video/framereader.cpp" line="+57"/>
        <source>no source given</source>
        <translation>未指定来源</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cannot open camera %1</source>
        <translation>无法打开摄像头 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>cannot open stream %1</source>
        <translation>无法打开视频流 %1</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: no images found</source>
        <translation>%1：未找到图像</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: cannot decode the video (unknown format, or the file is truncated or corrupt)</source>
        <translation>%1：无法解码视频（格式未知，或文件被截断或已损坏）</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>%1: the image does not decode; skipped</source>
        <translation>%1：图像无法解码，已跳过</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1: the source stopped delivering frames (disconnected) after %2 frames</source>
        <translation>%1：来源在 %2 帧后停止提供帧（已断开）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: truncated or corrupt: decoded %2 of %3 frames; %4 could not be read</source>
        <translation>%1：文件被截断或已损坏：已解码 %3 帧中的 %2 帧；%4 帧无法读取</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>%1: %2 unreadable frame(s) before frame %3</source>
        <translation>%1：第 %3 帧之前有 %2 帧无法读取</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1: frame %2 is outside the source (%3 frames)</source>
        <translation>%1：第 %2 帧超出了源的范围（共 %3 帧）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: a live source cannot seek</source>
        <translation>%1：实时源无法跳转</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1: cannot reopen the video</source>
        <translation>%1：无法重新打开视频</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1: only video files have a frame index</source>
        <translation>%1：只有视频文件才有帧索引</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="-99"/>
        <source>%1: frame %2 cannot be reached (the file ends after frame %3)</source>
        <translation>%1：无法到达第 %2 帧（文件在第 %3 帧后结束）</translation>
    </message>
</context>
<context>
    <name>FrameSender</name>
    <message>
        <location filename="../app/studio/video/framesender.cpp" line="+43"/>
        <source>The %1 split is a list file, not a folder: add the frame by hand.</source>
        <extracomment>%1 is the name of the dataset split (train, val); it is not translated.</extracomment>
        <translation>%1 划分是列表文件而不是文件夹：请手动添加该帧。</translation>
    </message>
    <message numerus="yes">
        <location line="+57"/>
        <source>Sending %n frame(s) to labelling…</source>
        <extracomment>%n is how many frames go to the Label workspace.</extracomment>
        <translation>
            <numerusform>正在将 %n 帧发送到标注…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>GpuPanel</name>
    <message>
        <location filename="../widgets/gpupanel.cpp" line="+83"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Temp (edge/junction/mem)</source>
        <translation>温度（边缘/结点/显存）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Power (avg/cap)</source>
        <translation>功耗（平均/上限）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SCLK</source>
        <translation>SCLK</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MCLK</source>
        <translation>MCLK</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fan</source>
        <translation>风扇</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>VRAM%</source>
        <translation>显存%</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU%</source>
        <translation>GPU%</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Shader (graphics) clock</source>
        <translation>着色器（图形）时钟频率 (SCLK)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory clock</source>
        <translation>显存时钟频率 (MCLK)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Share of the last interval the GPU was busy</source>
        <translation>上一采样间隔内 GPU 处于忙碌状态的时间占比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No GPU figures: only the CPU and memory are shown.</source>
        <translation>没有 GPU 数据：仅显示 CPU 和内存。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Telemetry: starting…</source>
        <translation>遥测：正在启动…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Telemetry: %1</source>
        <translation>遥测：%1</translation>
    </message>
</context>
<context>
    <name>HotkeyDialog</name>
    <message>
        <location filename="../app/studio/label/hotkeydialog.cpp" line="+20"/>
        <source>Restore &amp;Defaults</source>
        <translation>恢复默认(&amp;D)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Label Workspace Shortcuts</source>
        <translation>标注工作区快捷键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Click a key to change it; the change applies at once and is remembered.</source>
        <translation>点击某个按键即可更改；更改立即生效并会被保存。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Key</source>
        <translation>按键</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>Place the next point (in skeleton order)</source>
        <translation>放置下一个点（按骨架顺序）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left click</source>
        <translation>左键单击</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Place the next point as occluded</source>
        <translation>将下一个点放置为遮挡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shift+Left click</source>
        <translation>Shift+左键单击</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag the point</source>
        <translation>拖动该点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Move a point (a model&apos;s: the rest of its gripper follows)</source>
        <translation>移动一个点（模型给出的点：其夹爪的其余点随之移动）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move a point and mark it occluded</source>
        <translation>移动一个点并标记为遮挡</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shift+drag the point</source>
        <translation>Shift+拖动该点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move a whole gripper</source>
        <translation>移动整个夹爪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Alt+drag one of its points</source>
        <translation>Alt+拖动其中一个点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rotate a gripper about its centre</source>
        <translation>绕中心旋转夹爪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Alt+mouse wheel over it</source>
        <translation>在其上 Alt+鼠标滚轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scale a gripper about its centre</source>
        <translation>绕中心缩放夹爪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Alt+Shift+mouse wheel over it</source>
        <translation>在其上 Alt+Shift+鼠标滚轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resize or move the box of a complete object</source>
        <translation>调整完整目标的框大小或移动框</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Drag a handle or the edge (Ctrl: at any time)</source>
        <translation>拖动控制柄或边缘（按住 Ctrl：任何时候均可）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Zoom around the cursor</source>
        <translation>以光标为中心缩放</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pan</source>
        <translation>平移</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Middle drag, or Space+drag</source>
        <translation>中键拖动，或 Space+拖动</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next / previous image</source>
        <translation>下一张 / 上一张图像</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right or Page Down / Left or Page Up</source>
        <translation>Right 或 Page Down / Left 或 Page Up</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Jump to a point</source>
        <translation>跳转到某个点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Click its name in the point list</source>
        <translation>在点列表中点击其名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Copy the previous image&apos;s objects</source>
        <translation>复制上一张图像的目标</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>C</source>
        <translation>C</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark the image as background (no object), reviewed</source>
        <translation>把图像标记为背景（没有目标），视为已审核</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>B</source>
        <translation>B</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Select several images</source>
        <translation>选择多张图像</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ctrl+click or Shift+click in the image list; Ctrl+A</source>
        <translation>在图像列表中 Ctrl+单击或 Shift+单击；Ctrl+A</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tag or untag the selected images with one of the first nine scenario tags</source>
        <translation>为所选图像添加或移除前九个场景标签之一</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Alt+1 … Alt+9</source>
        <translation>Alt+1 … Alt+9</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a new scenario tag for the selected images</source>
        <translation>为所选图像输入新的场景标签</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ctrl+T</source>
        <translation>Ctrl+T</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This list</source>
        <translation>显示此列表</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>F1 or ?</source>
        <translation>F1 或 ?</translation>
    </message>
</context>
<context>
    <name>ImageBrowser</name>
    <message>
        <location filename="../app/studio/label/imagebrowser.cpp" line="+203"/>
        <location line="+384"/>
        <source>Reading labels…</source>
        <extracomment>Shown in the status bar while a project&apos;s images and labels are read.</extracomment>
        <translation>正在读取标注…</translation>
    </message>
    <message numerus="yes">
        <location line="-101"/>
        <source>Train (%n image(s))</source>
        <translation>
            <numerusform>训练集（%n 张图像）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Val (%n image(s))</source>
        <translation>
            <numerusform>验证集（%n 张图像）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Test (%n image(s))</source>
        <translation>
            <numerusform>测试集（%n 张图像）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+18"/>
        <source>All images</source>
        <translation>全部图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Unlabelled</source>
        <translation>未标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Partial (points absent)</source>
        <translation>部分标注（有缺失点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Complete</source>
        <translation>完成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Empty (background)</source>
        <translation>空（背景）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Needs review (pre-labelled)</source>
        <translation>待审核（预标注）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Any scenario</source>
        <extracomment>The image list&apos;s scenario filter: which tags to show.</extracomment>
        <translation>任意场景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No scenario tag</source>
        <translation>无场景标签</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 (%2)</source>
        <extracomment>The scenario filter&apos;s entry for one tag: &quot;occlusion (12)&quot;, images of the split.</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message numerus="yes">
        <location line="+55"/>
        <source>%n image(s): %1 labelled (%2 partial), %3 empty, %4 unlabelled</source>
        <translation>
            <numerusform>%n 张图像：%1 张已标注（%2 张部分标注），%3 张空，%4 张未标注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n need(s) review</source>
        <extracomment>Images labelled by a model that a person has not checked yet.</extracomment>
        <translation>
            <numerusform>%n 张待审核</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n shown</source>
        <translation>
            <numerusform>显示 %n 张</numerusform>
        </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;Split:</source>
        <translation>子集(&amp;S)：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search image names</source>
        <translation>搜索图像名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the images with this label status</source>
        <translation>仅显示具有此标注状态的图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show only the images with this scenario tag (scenarios.yaml), or those with none</source>
        <translation>只显示带有此场景标签（scenarios.yaml）的图像，或没有任何标签的图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>T&amp;humbnails</source>
        <translation>缩略图(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Su&amp;ggested first</source>
        <translation>建议优先(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The images the model suggests labelling next come first, numbered in order (Pre-label ▸ Suggest What to Label Next)</source>
        <translation>模型建议下一批标注的图像排在最前面并按顺序编号（预标注 ▸ 建议下一批标注）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Green: complete · half green: some points absent · grey: empty label file (background) · amber ring: not labelled yet · violet: labelled by a model, needs review</source>
        <translation>绿色：完成 · 半绿：部分点缺失 · 灰色：空标签文件（背景） · 琥珀色圆环：尚未标注 · 紫色：由模型标注，待审核</translation>
    </message>
</context>
<context>
    <name>ImageCheck</name>
    <message>
        <location filename="../core/dataset/imagecheck.cpp" line="+42"/>
        <source>not an image the trainer reads: its first bytes are none of JPEG, PNG, BMP, WebP or TIFF</source>
        <translation>不是训练器可读取的图像：其开头字节不属于 JPEG、PNG、BMP、WebP 或 TIFF</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 × %2 pixels is more than the limit of %3 megapixels</source>
        <translation>%1 × %2 像素超过了 %3 百万像素的上限</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the JPEG file is truncated (it does not end with the end-of-image marker)</source>
        <translation>JPEG 文件被截断（未以图像结束标记结尾）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the PNG file is truncated (it does not end with the IEND chunk)</source>
        <translation>PNG 文件被截断（未以 IEND 块结尾）</translation>
    </message>
    <message>
        <location line="+47"/>
        <location line="+39"/>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>the image does not decode: %1</source>
        <translation>图像无法解码：%1</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>the image does not decode</source>
        <translation>图像无法解码</translation>
    </message>
</context>
<context>
    <name>ImageEnhancement</name>
    <message>
        <location filename="../core/video/imageenhancement.cpp" line="+45"/>
        <source>None</source>
        <extracomment>No image enhancement before inference.</extracomment>
        <translation>无</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Local contrast (CLAHE)</source>
        <extracomment>CLAHE: contrast-limited adaptive histogram equalisation.</extracomment>
        <translation>局部对比度（CLAHE）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Brighten (gamma)</source>
        <translation>提亮（伽马）</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>enhance must be one of %1 (got &quot;%2&quot;)</source>
        <translation>enhance 必须是 %1 之一（得到 &quot;%2&quot;）</translation>
    </message>
</context>
<context>
    <name>ImageInfoLabel</name>
    <message>
        <location filename="../app/studio/label/imageinfolabel.cpp" line="+29"/>
        <source>No project is open. Use File ▸ Open Project… or File ▸ New Project…</source>
        <translation>未打开项目。请使用 文件 ▸ 打开项目… 或 文件 ▸ 新建项目…</translation>
    </message>
    <message numerus="yes">
        <location line="+9"/>
        <source>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 pixels, %n object(s)</source>
        <translation>
            <numerusform>&lt;b&gt;%1&lt;/b&gt;&lt;br&gt;%2 × %3 像素，%n 个目标</numerusform>
        </translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Labelled by a model: check it, then Accept (%1) or Reject (%2).</source>
        <translation>由模型标注：请检查，然后接受（%1）或拒绝（%2）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Not saved: %1. The edit is kept and saving is retried; you are asked before it could be lost.</source>
        <translation>未保存：%1。编辑内容已保留并会自动重试保存；在它可能丢失之前会先询问您。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Edits to this image are not saved: its label file has lines that could not be read (below). Fix or remove them first.</source>
        <translation>对此图像的编辑不会保存：其标签文件中有无法读取的行（见下方）。请先修正或删除这些行。</translation>
    </message>
</context>
<context>
    <name>ImageListModel</name>
    <message>
        <location filename="../app/studio/label/imagelistmodel.cpp" line="+208"/>
        <source>labelled</source>
        <translation>已标注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>empty (background, no objects)</source>
        <translation>空（背景，无目标）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unlabelled</source>
        <translation>未标注</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>labelled by the model, needs review: %1 points to confirm, %2 doubtful</source>
        <extracomment>Labels written by a model; %1 points a person has not confirmed yet, %2 of them the model was unsure of.</extracomment>
        <translation>由模型标注，需要审核：%1 个点待确认，%2 个存疑</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>labelled by the model, needs review</source>
        <extracomment>Labels written by a model (pre-labelling) that a person has not checked yet.</extracomment>
        <translation>由模型标注，待审核</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>labelled, some points absent (partial)</source>
        <translation>已标注，部分点缺失（部分标注）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>labelled, every point placed (complete)</source>
        <translation>已标注，所有点均已放置（完成）</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>#%1  %2</source>
        <extracomment>The image list: an image&apos;s place in the suggested order, then its name.</extracomment>
        <translation>#%1  %2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Scenarios: %1</source>
        <extracomment>The image list&apos;s tooltip: the scenario tags of an image (scenarios.yaml).</extracomment>
        <translation>场景：%1</translation>
    </message>
</context>
<context>
    <name>ImageLoader</name>
    <message>
        <location filename="../app/studio/label/imageloader.cpp" line="+41"/>
        <source>the image does not decode: %1</source>
        <translation>图像无法解码：%1</translation>
    </message>
</context>
<context>
    <name>ImageView</name>
    <message>
        <location filename="../widgets/imageview.cpp" line="+205"/>
        <source>No image</source>
        <translation>无图像</translation>
    </message>
</context>
<context>
    <name>ImportCommand</name>
    <message>
        <location filename="../app/cli/importcommand.cpp" line="+12"/>
        <source>import YOLOv8-pose weights (.pt state dict or TorchScript) into a checkpoint</source>
        <translation>将 YOLOv8-pose 权重（.pt state dict 或 TorchScript）导入为检查点</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>state dict (.pt) or TorchScript file with Ultralytics names</source>
        <translation>使用 Ultralytics 命名的 state dict（.pt）或 TorchScript 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint to write</source>
        <translation>要写入的检查点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>target model (default: as the file)</source>
        <translation>目标模型（默认：与文件相同）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>target keypoint shape, e.g. 14,3 (default: as the file)</source>
        <translation>目标关键点形状，例如 14,3（默认：与文件相同）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>target number of classes (default: as the file)</source>
        <translation>目标类别数（默认：与文件相同）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
</context>
<context>
    <name>InferenceModel</name>
    <message>
        <location filename="../core/model/inferencemodel.cpp" line="+18"/>
        <source>%1 does not exist (and is not a model name such as yolov8s-pose)</source>
        <translation>%1 不存在（也不是 yolov8s-pose 这样的模型名称）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>random initialisation</source>
        <translation>随机初始化</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>checkpoint</source>
        <translation>检查点</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>checkpoint (EMA weights)</source>
        <translation>检查点（EMA 权重）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: not a YOLOv8-pose weight file (no pose head found)</source>
        <translation>%1：不是 YOLOv8-pose 权重文件（未找到姿态检测头）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1: no tensor fits a %2 model</source>
        <translation>%1：没有张量适合 %2 模型</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: cannot load the model: %2</source>
        <translation>%1：无法加载模型：%2</translation>
    </message>
</context>
<context>
    <name>InfoCommand</name>
    <message>
        <location filename="../app/cli/infocommand.cpp" line="+24"/>
        <source>print library versions, the compute devices found and the GPU telemetry backend</source>
        <translation>打印库版本、找到的计算设备以及 GPU 遥测后端</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>GripperPose Studio %1</source>
        <translation>GripperPose Studio %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Qt %1, LibTorch %2 (%3), OpenCV %4</source>
        <translation>Qt %1，LibTorch %2（%3），OpenCV %4</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Compute devices:</source>
        <translation>计算设备：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
</context>
<context>
    <name>JobProgressDialog</name>
    <message>
        <location filename="../app/studio/jobs/jobprogressdialog.cpp" line="+12"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>JobStatusWidget</name>
    <message>
        <location filename="../app/studio/jobs/jobstatuswidget.cpp" line="+27"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>KeypointErrorTable</name>
    <message>
        <location filename="../widgets/keypointerrortable.cpp" line="+150"/>
        <location line="+82"/>
        <source>All images</source>
        <translation>全部图像</translation>
    </message>
    <message numerus="yes">
        <location line="-49"/>
        <source>%n point(s), mean error relative to the object&apos;s size %1</source>
        <translation>
            <numerusform>%n 个点，平均误差相对于目标尺寸为 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+19"/>
        <source>keypoints %1 (left) and %2 (right)</source>
        <translation>关键点 %1（左）和 %2（右）</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Joint</source>
        <translation>关节</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left visible px</source>
        <translation>左·可见 px</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left occluded px</source>
        <translation>左·遮挡 px</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Left OKS</source>
        <translation>左 OKS</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Right visible px</source>
        <translation>右·可见 px</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right occluded px</source>
        <translation>右·遮挡 px</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Right OKS</source>
        <translation>右 OKS</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keypoint errors after epoch %1 (mean distance in pixels of the network input, for points labelled visible and occluded; OKS per point, 1 is perfect)</source>
        <translation>第 %1 轮后的关键点误差（按网络输入像素计的平均距离，分别统计标注为可见和遮挡的点；每个点的 OKS，1 为完美）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keypoint errors appear after the first validation.</source>
        <translation>第一次验证后将在此显示关键点误差。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Scenario:</source>
        <translation>场景：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The val images tagged with a scenario in scenarios.yaml (untagged ones are normal), or all of them</source>
        <translation>在 scenarios.yaml 中标记了某个场景的验证图像（未标记的属于“正常”），或全部验证图像</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n image(s): pose mAP50-95 %1, box mAP50-95 %2</source>
        <translation>
            <numerusform>%n 张图像：姿态 mAP50-95 %1，框 mAP50-95 %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>LabelActions</name>
    <message>
        <location filename="../app/studio/label/labelactions.cpp" line="+96"/>
        <source>%1 (%2)</source>
        <extracomment>A tooltip followed by its key, e.g. &quot;Undo the last edit (Ctrl+Z)&quot;.</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Next Image</source>
        <translation>下一张图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Previous Image</source>
        <translation>上一张图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last edit</source>
        <translation>撤销上一次编辑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Redo the edit undone last</source>
        <translation>重做最近撤销的编辑</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New Object</source>
        <translation>新建目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start a new object; the next click places its first point</source>
        <translation>开始一个新目标；下一次点击放置其第一个点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete Object</source>
        <translation>删除目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the selected object</source>
        <translation>删除选中的目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swap L/R</source>
        <translation>交换左右</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Swap the left and right points of the selected object</source>
        <translation>交换选中目标的左右点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Background</source>
        <translation>背景</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The image shows no object: remove its objects and save it as a background image, reviewed (B)</source>
        <translation>图像中没有目标：删除其中的目标，并保存为已审核的背景图像（B）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Copy Previous</source>
        <translation>复制上一张</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace this image&apos;s objects with those of the image shown before it; on a sequence of frames, only the points that held still over the last frames (C)</source>
        <translation>用上一张图像的目标替换本图像的目标；在连续帧上，只复制最近几帧中保持不动的点（C）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fit the image to the window</source>
        <translation>使图像适应窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>1:1</source>
        <translation>1:1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show the image at its actual size</source>
        <translation>以实际大小显示图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Import Frames…</source>
        <translation>导入帧…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Add every N-th frame of a video to this split, to be labelled</source>
        <translation>将视频中每 N 帧中的一帧加入此子集，以供标注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pre-label</source>
        <extracomment>A button with a menu: label images with a trained model.</extracomment>
        <translation>预标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label images with a trained model as a starting point; they are marked &quot;needs review&quot; until you accept them</source>
        <translation>先用训练好的模型标注图像作为起点；在您接受之前，这些图像标记为“待审核”</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pre-label This Image</source>
        <translation>预标注此图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label this image with a trained model; the result is marked &quot;needs review&quot;</source>
        <translation>用训练好的模型标注此图像；结果标记为“待审核”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pre-label All Unlabelled Images…</source>
        <translation>预标注所有未标注图像…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Label every unlabelled image of the project with a trained model, in the background; images with labels are never touched</source>
        <translation>在后台用训练好的模型标注项目中所有未标注的图像；已有标注的图像不会被改动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Accept</source>
        <extracomment>Accept the labels a model wrote (pre-labelling) after checking them.</extracomment>
        <translation>接受</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The model&apos;s labels are right (after your fixes): clear &quot;needs review&quot; (%1)</source>
        <translation>模型的标注（经您修正后）正确：清除“待审核”（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reject</source>
        <extracomment>Reject the labels a model wrote (pre-labelling): they are deleted.</extracomment>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Delete the model&apos;s labels of this image; it is unlabelled again (%1)</source>
        <translation>删除模型为此图像生成的标注；图像恢复为未标注（%1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Accept Object</source>
        <translation>接受目标</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Confirm the model&apos;s points of the hovered or selected object</source>
        <translation>确认悬停或选中目标中模型给出的点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Accept Confident Points</source>
        <translation>接受置信的点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Confirm every point the model was sure of, then go to the next doubtful (hollow) one</source>
        <translation>确认模型有把握的所有点，然后转到下一个存疑（空心）的点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Train on My Labels, then Pre-label Again</source>
        <translation>用我的标注训练，然后重新预标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fine-tune the project&apos;s model on every accepted label (shown in the Train workspace), then pre-label the unlabelled images and revise the ones under review with it; your points never move</source>
        <translation>用所有已接受的标注微调项目的模型（在“训练”工作区中显示），然后用它预标注未标注的图像并修订待审核的图像；您放置的点不会移动</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Suggest What to Label Next</source>
        <translation>建议下一批标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Rank the images nobody has reviewed by how unsure the model is of them (it looks at each image and at its mirror image), covering every kind of scene; the list shows them first, numbered</source>
        <translation>按模型的把握程度为尚未审核的图像排序（模型同时查看每张图像及其镜像），并覆盖各类场景；列表将它们排在最前面并编号</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Pre-label and Review Settings…</source>
        <translation>预标注与审核设置…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Which detections pre-labelling keeps, and below which confidence a proposed point is doubtful</source>
        <translation>预标注保留哪些检测，以及建议点的置信度低于多少时视为存疑</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Shortcuts…</source>
        <translation>快捷键…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>List every key and mouse gesture, and change the keys (F1)</source>
        <translation>列出所有按键和鼠标操作，并可更改按键（F1）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Click: place the next point · %1: skip · %2: occluded · %3: clear · %4: new object · %5: next object · %6: swap left/right · %7: undo · wheel: zoom · middle or Space+drag: pan · → / ←: next and previous image · F1: all shortcuts</source>
        <extracomment>%1..%7 are key names (S, O, Del, N, Tab, F, Ctrl+Z), which the user can rebind.</extracomment>
        <translation>单击：放置下一个点 · %1：跳过 · %2：遮挡 · %3：清除 · %4：新建目标 · %5：下一个目标 · %6：交换左右 · %7：撤销 · 滚轮：缩放 · 中键或 Space+拖动：平移 · → / ←：下一张和上一张图像 · F1：全部快捷键</translation>
    </message>
</context>
<context>
    <name>LabelAudit</name>
    <message>
        <location filename="../core/dataset/labelaudit.cpp" line="+116"/>
        <source>Outside the image</source>
        <translation>超出图像</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Point outside its box</source>
        <translation>点超出框</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Left and right swapped?</source>
        <translation>左右颠倒？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Duplicate object</source>
        <translation>重复目标</translation>
    </message>
    <message numerus="yes">
        <location line="+13"/>
        <source>Object %1: %2 and %n more point(s) lie outside the image</source>
        <extracomment>%1 is the object&apos;s number, %2 a keypoint name; %n how many other points.</extracomment>
        <translation>
            <numerusform>目标 %1：%2 及另外 %n 个点超出图像</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Object %1: %2 lies outside the image</source>
        <translation>目标 %1：%2 超出图像</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Object %1: %2 and %n more point(s) lie outside its box</source>
        <extracomment>%1 is the object&apos;s number, %2 a keypoint name; %n how many other points.</extracomment>
        <translation>
            <numerusform>目标 %1：%2 及另外 %n 个点超出其框</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Object %1: %2 lies outside its box</source>
        <translation>目标 %1：%2 超出其框</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Object %1: its left and right sides look mirrored; left and right may be swapped (F swaps them)</source>
        <extracomment>%1 is the object&apos;s number. Seen along the fingers, the left gripper should be on the left.</extracomment>
        <translation>目标 %1：左右两侧看起来是镜像的；左右可能颠倒了（按 F 交换）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Object %1 repeats object %2 (same box and points)</source>
        <extracomment>%1 and %2 are object numbers.</extracomment>
        <translation>目标 %1 与目标 %2 重复（框和点都相同）</translation>
    </message>
</context>
<context>
    <name>LabelFile</name>
    <message>
        <location filename="../core/annotation/labelfile.cpp" line="+61"/>
        <source>it is a folder, not a file</source>
        <translation>它是文件夹，而不是文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the label file cannot be read (%1); its image is skipped</source>
        <translation>标签文件无法读取（%1）；已跳过其图像</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>kpt_shape [%1, %2] cannot describe a label line</source>
        <translation>kpt_shape [%1, %2] 无法描述标签行</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>expected %1 columns (class, 4 box values and %2 keypoints × %3 for kpt_shape [%2, %3]), found %4</source>
        <translation>应为 %1 列（类别、4 个框数值以及 %2 个关键点 × %3，对应 kpt_shape [%2, %3]），实际为 %4 列</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>column %1 (&quot;%2&quot;) is not a number</source>
        <translation>第 %1 列（&quot;%2&quot;）不是数字</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>class %1 is not one of the %2 classes in names (0..%3)</source>
        <translation>类别 %1 不在 names 的 %2 个类别中（0..%3）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>box value %1</source>
        <translation>框数值 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keypoint %1</source>
        <translation>关键点 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is %2; normalised coordinates must lie in [0, 1]</source>
        <translation>%1 为 %2；归一化坐标必须位于 [0, 1]</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the box has no area (width %1, height %2); both must be more than 0</source>
        <translation>边界框面积为零（宽 %1，高 %2）；两者都必须大于 0</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>keypoint %1 has visibility %2; expected 0 (absent), 1 (occluded) or 2 (visible)</source>
        <translation>关键点 %1 的可见性为 %2；应为 0（缺失）、1（遮挡）或 2（可见）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>the same object is written twice; the copy is ignored</source>
        <translation>同一目标被写入了两次；重复项已忽略</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
</context>
<context>
    <name>LabelSuggester</name>
    <message>
        <location filename="../core/infer/labelsuggester.cpp" line="+48"/>
        <source>%1 does not decode</source>
        <translation>%1 无法解码</translation>
    </message>
</context>
<context>
    <name>LabelSuggestions</name>
    <message>
        <location filename="../core/infer/labelsuggestions.cpp" line="+38"/>
        <source>In list order</source>
        <translation>按列表顺序</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Least sure first</source>
        <translation>最没把握的优先</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Least sure of each kind of scene</source>
        <translation>每类场景中最没把握的</translation>
    </message>
</context>
<context>
    <name>LabelWorkspace</name>
    <message>
        <location filename="../app/studio/label/labelworkspace.cpp" line="+156"/>
        <source>%1 had been changed by another program since it was shown here. Your edit is saved; the other version is kept as %2.</source>
        <extracomment>%1 is a label file, %2 where the other program&apos;s version of it is kept.</extracomment>
        <translation>%1 在此显示后已被其他程序修改。您的编辑已保存；另一版本保存为 %2。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 was changed by another program; it is shown as it is now.</source>
        <extracomment>%1 is a label file another program (an editor, another studio) wrote.</extracomment>
        <translation>%1 已被其他程序修改；现按其当前内容显示。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 was deleted or moved by another program.</source>
        <extracomment>%1 is an image file that disappeared while shown.</extracomment>
        <translation>%1 已被其他程序删除或移动。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 was deleted or moved by another program. Its labels stay in %2.</source>
        <translation>%1 已被其他程序删除或移动。其标注仍保留在 %2。</translation>
    </message>
    <message>
        <location line="+562"/>
        <source>No project is open.</source>
        <translation>未打开项目。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Reading labels…</source>
        <translation>正在读取标注…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This split has no images.</source>
        <translation>此子集中没有图像。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>Labelled by a model: fix what is wrong, then accept the labels or reject them.</source>
        <extracomment>The banner over an image whose labels a model wrote (pre-labelling).</extracomment>
        <translation>由模型标注：请修正错误之处，然后接受或拒绝这些标注。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Labels</source>
        <extracomment>Side panel tab: the objects and points of the image shown.</extracomment>
        <translation>图像标注</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Checks</source>
        <extracomment>Side panel tab: suspicious labels found in the whole dataset.</extracomment>
        <translation>检查</translation>
    </message>
</context>
<context>
    <name>LoopController</name>
    <message>
        <location filename="../app/studio/shell/loopcontroller.cpp" line="+37"/>
        <source>Round %1: the new model pre-labelled %2 image(s) and revised %3 under review; %4 proposed point(s) changed</source>
        <extracomment>The labelling loop; %1 is the round, %2..%4 counts.</extracomment>
        <translation>第 %1 轮：新模型预标注了 %2 张图像，修订了 %3 张待审核图像；%4 个建议点发生了变化</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>Round %1: pre-labelling with the new model failed: %2</source>
        <translation>第 %1 轮：用新模型预标注失败：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+19"/>
        <source>; %n image(s) suggested for review, the first one shown</source>
        <translation>
            <numerusform>；建议审核 %n 张图像，已显示第一张</numerusform>
        </translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No project is open.</source>
        <translation>没有打开的项目。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A training run is in progress; the loop trains when it is done.</source>
        <translation>正在进行一次训练；请在其结束后再运行循环训练。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The image shown has labels that could not be saved.</source>
        <translation>当前图像有未能保存的标注。</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Round %1 stopped before a model was saved.</source>
        <translation>第 %1 轮在保存模型之前已停止。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Round %1 failed: %2</source>
        <translation>第 %1 轮失败：%2</translation>
    </message>
</context>
<context>
    <name>LoopDataset</name>
    <message>
        <location filename="../core/dataset/loopdataset.cpp" line="+45"/>
        <source>No accepted labels to train on yet: label some images, or accept the ones a model labelled</source>
        <translation>还没有可用于训练的已接受标注：请标注一些图像，或接受模型标注的图像</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>%1 cannot be created</source>
        <translation>无法创建 %1</translation>
    </message>
</context>
<context>
    <name>LossPlot</name>
    <message>
        <location filename="../widgets/lossplot.cpp" line="+73"/>
        <source>%1 (each batch)</source>
        <translation>%1（每个批次）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (smoothed)</source>
        <translation>%1（平滑）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 (epoch)</source>
        <translation>%1（每轮）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>val %1</source>
        <translation>验证 %1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+178"/>
        <source>epoch</source>
        <translation>轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <location line="+63"/>
        <source>val</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation losses per epoch (dashed)</source>
        <translation>每轮的验证损失（虚线）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last 200 batches</source>
        <translation>最近 200 个批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last 1,000 batches</source>
        <translation>最近 1,000 个批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>All batches</source>
        <translation>全部批次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>box</source>
        <comment>loss component</comment>
        <translation>box</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>pose</source>
        <comment>loss component</comment>
        <translation>pose</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>kobj</source>
        <comment>loss component</comment>
        <translation>kobj</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cls</source>
        <comment>loss component</comment>
        <translation>cls</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>dfl</source>
        <comment>loss component</comment>
        <translation>dfl</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Show the %1 loss (train/%1_loss)</source>
        <translation>显示 %1 损失（train/%1_loss）</translation>
    </message>
</context>
<context>
    <name>LrPlot</name>
    <message>
        <location filename="../widgets/lrplot.cpp" line="+29"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>epoch</source>
        <translation>轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>learning rate</source>
        <translation>学习率</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../app/studio/shell/mainwindow.cpp" line="+241"/>
        <source>Label</source>
        <comment>workspace</comment>
        <translation>标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train</source>
        <comment>workspace</comment>
        <translation>训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Video</source>
        <comment>workspace</comment>
        <translation>视频</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse the images and their keypoint labels</source>
        <translation>浏览图像及其关键点标注</translation>
    </message>
    <message>
        <location line="-152"/>
        <source>The Video workspace uses %1</source>
        <translation>视频工作区使用 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Round %1: training on %2 accepted image(s), validating on %3; the run shows in the Train workspace</source>
        <extracomment>%1 is the loop&apos;s round, %2 and %3 image counts.</extracomment>
        <translation>第 %1 轮：用 %2 张已接受的图像训练，用 %3 张验证；训练过程显示在“训练”工作区中</translation>
    </message>
    <message numerus="yes">
        <location line="+12"/>
        <source>%n image(s) ranked: the list shows them first, numbered; → goes through them in order</source>
        <extracomment>%n images ranked by Suggest What to Label Next.</extracomment>
        <translation>
            <numerusform>已为 %n 张图像排序：列表将它们排在最前面并编号；按 → 依次浏览</numerusform>
        </translation>
    </message>
    <message>
        <location line="+125"/>
        <source>Set up, start, watch, stop and resume training</source>
        <translation>设置、启动、查看、停止和恢复训练</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play a video frame by frame with keypoints drawn over it</source>
        <translation>逐帧播放视频，并在其上绘制关键点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;New Project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Open Project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open &amp;Demo Project</source>
        <translation>打开演示项目(&amp;D)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Label Workspace</source>
        <translation>标注工作区(&amp;L)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Train Workspace</source>
        <translation>训练工作区(&amp;T)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Video Workspace</source>
        <translation>视频工作区(&amp;V)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Reset Layout</source>
        <translation>重置布局(&amp;R)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Put every panel of every workspace back where it was at first</source>
        <translation>将每个工作区的所有面板恢复到初始位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;About GripperPose Studio…</source>
        <translation>关于 GripperPose Studio(&amp;A)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>About &amp;Qt…</source>
        <translation>关于 Qt(&amp;Q)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <location line="+249"/>
        <location line="+23"/>
        <location line="+4"/>
        <source>Demo Project</source>
        <translation>演示项目</translation>
    </message>
    <message>
        <location line="-275"/>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>A run is training. Stop it and quit? It saves a checkpoint you can resume.</source>
        <translation>有一个运行正在训练。要停止它并退出吗？停止时会保存一个可恢复的检查点。</translation>
    </message>
    <message>
        <location line="+71"/>
        <source>Training in Progress</source>
        <translation>正在训练</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Stop Training</source>
        <translation>停止训练</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Stopping the run and saving a resumable checkpoint…</source>
        <translation>正在停止运行并保存可恢复的检查点…</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>a run is training in the current project; stop it first</source>
        <translation>当前项目中有运行正在训练；请先停止它</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>The project %1 could not be opened: %2</source>
        <translation>无法打开项目 %1：%2</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>This project is also open in another GripperPose Studio (%1). Both can label it: an image the other saves is shown again here, and an edit written over the other&apos;s keeps its version in .gripperpose/conflicts/.</source>
        <extracomment>%1 says which process has the project open (&quot;process 1234 on lab-pc&quot;).</extracomment>
        <translation>此项目也在另一个 GripperPose Studio 中打开（%1）。两者都可以标注：对方保存的图像会在此重新显示，覆盖对方修改的编辑会将对方版本保存在 .gripperpose/conflicts/ 中。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>data.yaml has %n problem(s); see the Train workspace.</source>
        <translation>
            <numerusform>data.yaml 有 %n 个问题；请查看训练工作区。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>A run is training in this project. Stop it and open %1? It saves a checkpoint you can resume.</source>
        <translation>此项目中有一个运行正在训练。要停止它并打开 %1 吗？停止时会保存一个可恢复的检查点。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cannot open the project %1:
%2</source>
        <translation>无法打开项目 %1：
%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>The last project %1 could not be opened: %2</source>
        <translation>无法打开上次的项目 %1：%2</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Generating the demo project in %1…</source>
        <translation>正在 %1 中生成演示项目…</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Demo project cancelled. File ▸ Open Demo Project generates it again.</source>
        <translation>演示项目已取消。可通过 文件 ▸ 打开演示项目 重新生成。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>The demo project could not be generated:
%1</source>
        <translation>无法生成演示项目：
%1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>New Project: Choose an Empty Folder</source>
        <translation>新建项目：选择一个空文件夹</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 already holds a project; it was opened.</source>
        <translation>%1 中已有项目；已将其打开。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Cannot create a project in %1:
%2</source>
        <translation>无法在 %1 中创建项目：
%2</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open Project: Choose a Folder with data.yaml</source>
        <translation>打开项目：选择包含 data.yaml 的文件夹</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>No recent projects</source>
        <translation>没有最近的项目</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No project open</source>
        <translation>未打开项目</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Project: %1 (also open in another studio)</source>
        <translation>项目：%1（也在另一个 Studio 中打开）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Project: %1</source>
        <translation>项目：%1</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 %2</source>
        <comment>number of images, split name (train, val)</comment>
        <translation>%2 %1 张</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n image(s) (%1): %2 labelled, %3 empty, %4 unlabelled</source>
        <translation>
            <numerusform>%n 张图像（%1）：%2 张已标注，%3 张空，%4 张未标注</numerusform>
        </translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 — GripperPose Studio</source>
        <translation>%1 — GripperPose Studio</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GripperPose Studio</source>
        <translation>GripperPose Studio</translation>
    </message>
</context>
<context>
    <name>MetricsPlot</name>
    <message>
        <location filename="../widgets/metricsplot.cpp" line="+63"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>epoch</source>
        <translation>轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>metric</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>best: epoch %1 (fitness %2)</source>
        <translation>最佳：第 %1 轮（适应度 %2）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>best</source>
        <translation>最佳</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Box</source>
        <translation>框</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box metrics (solid lines, circles): matched by IoU</source>
        <translation>框指标（实线、圆点）：按 IoU 匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pose</source>
        <translation>姿态</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pose metrics (dashed lines, squares): matched by keypoint similarity (OKS)</source>
        <translation>姿态指标（虚线、方块）：按关键点相似度（OKS）匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>precision</source>
        <translation>精确率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>recall</source>
        <translation>召回率</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mAP50</source>
        <comment>metric</comment>
        <translation>mAP50</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>mAP50-95</source>
        <comment>metric</comment>
        <translation>mAP50-95</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>results.csv: metrics/%1(B) and metrics/%1(P)</source>
        <translation>results.csv：metrics/%1(B) 和 metrics/%1(P)</translation>
    </message>
</context>
<context>
    <name>MetricsText</name>
    <message>
        <location filename="../core/train/metricstext.cpp" line="+7"/>
        <source>Box P %1 R %2 mAP50 %3 mAP50-95 %4 | Pose P %5 R %6 mAP50 %7 mAP50-95 %8</source>
        <translation>框 P %1 R %2 mAP50 %3 mAP50-95 %4 | 姿态 P %5 R %6 mAP50 %7 mAP50-95 %8</translation>
    </message>
</context>
<context>
    <name>ModelCommand</name>
    <message>
        <location filename="../app/cli/modelcommand.cpp" line="+11"/>
        <source>print a model&apos;s layer table, parameter count and GFLOPs</source>
        <translation>打印模型的层表、参数量和 GFLOPs</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>yolov8n-pose ... yolov8x-pose</source>
        <translation>yolov8n-pose ... yolov8x-pose</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keypoints per object and values per keypoint (2 or 3)</source>
        <translation>每个目标的关键点数和每个关键点的数值个数（2 或 3）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number of classes</source>
        <translation>类别数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>input size for the shapes and GFLOPs</source>
        <translation>用于计算形状和 GFLOPs 的输入尺寸</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>imgsz must be a positive multiple of 32</source>
        <translation>imgsz 必须是 32 的正整数倍</translation>
    </message>
</context>
<context>
    <name>ModelExporter</name>
    <message>
        <location filename="../core/export/modelexporter.cpp" line="+79"/>
        <source>imgsz must be a positive multiple of 32 (got %1)</source>
        <translation>imgsz 必须是 32 的正整数倍（得到 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>batch must be at least 1 (got %1)</source>
        <translation>batch 至少为 1（得到 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>opset must be between 11 and 17 (got %1)</source>
        <translation>opset 必须在 11 到 17 之间（得到 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>half and int8 exclude each other: an INT8 export keeps its float parts in fp32</source>
        <translation>half 与 int8 互斥：INT8 导出的浮点部分保持 fp32</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>int8 needs opset 13 or later (per-channel DequantizeLinear); got %1</source>
        <translation>int8 需要 opset 13 或更高（逐通道 DequantizeLinear）；得到 %1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>int8=true needs data=DATA.yaml: its images calibrate the activation ranges</source>
        <translation>int8=true 需要 data=DATA.yaml：用其图像校准激活范围</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>fraction must be a share of the images in (0, 1] or a number of images (got %1)</source>
        <translation>fraction 必须是 (0, 1] 内的图像比例或图像数量（得到 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>percentile must be in (50, 100] (got %1)</source>
        <translation>percentile 必须在 (50, 100] 内（得到 %1）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>no output file given (out=)</source>
        <translation>未指定输出文件（out=）</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>%1: cannot read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>%1 has no %2 split to calibrate on</source>
        <translation>%1 没有可用于校准的 %2 划分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: the %2 split has no images to calibrate on</source>
        <translation>%1：%2 划分中没有可用于校准的图像</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: does not decode; skipped</source>
        <translation>%1：无法解码；已跳过</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: none of the %2 calibration images decodes</source>
        <translation>%1：%2 张校准图像均无法解码</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>%1: the model does not serialise (over 2 GB?)</source>
        <translation>%1：模型无法序列化（超过 2 GB？）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: the exported graph fails the ONNX checker: %2</source>
        <translation>%1：导出的计算图未通过 ONNX 检查器：%2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: export failed: %2</source>
        <translation>%1：导出失败：%2</translation>
    </message>
</context>
<context>
    <name>ModelPanel</name>
    <message>
        <location filename="../app/studio/video/modelpanel.cpp" line="+113"/>
        <source>No model</source>
        <translation>无模型</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Analysing…</source>
        <translation>正在分析…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 of %2 frames analysed</source>
        <translation>已分析 %1/%2 帧</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Model…</source>
        <translation>模型…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A checkpoint, imported Ultralytics weights or an exported ONNX model</source>
        <translation>检查点、导入的 Ultralytics 权重或导出的 ONNX 模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Image size</source>
        <translation>图像尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Enhance</source>
        <translation>增强</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Corrects dark footage before the model sees it (shown as the model sees it); the analysis is made again for another setting</source>
        <translation>在模型处理之前校正昏暗画面（按模型所见显示）；更换设置后需重新分析</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Live: infer the frame on screen</source>
        <translation>实时：推理屏幕上的帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Only the loop range</source>
        <translation>仅循环区间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Analyse</source>
        <translation>分析</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run the model over the whole video in the background and keep every frame&apos;s detections beside the video, so scrubbing needs no inference</source>
        <translation>在后台对整个视频运行模型，并将每帧的检测结果保存在视频旁，拖动时无需再推理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Annotated video, JSON Lines and CSV with the current settings</source>
        <translation>按当前设置导出带标注的视频、JSON Lines 和 CSV</translation>
    </message>
</context>
<context>
    <name>MonitorCommand</name>
    <message>
        <location filename="../app/cli/monitorcommand.cpp" line="+17"/>
        <source>show GPU and host telemetry every second, like rocm-smi (Ctrl+C stops)</source>
        <translation>像 rocm-smi 一样每秒显示 GPU 和主机遥测数据（按 Ctrl+C 停止）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>seconds between samples</source>
        <translation>两次采样之间的秒数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stop after this many samples (0: until Ctrl+C)</source>
        <translation>采样这么多次后停止（0：直到按下 Ctrl+C）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>also append the samples to telemetry.csv in this run folder</source>
        <translation>同时将采样追加到此运行文件夹中的 telemetry.csv</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>interval must be between 0.01 and 3600 seconds and count at least 0</source>
        <translation>interval 必须在 0.01 到 3600 秒之间，count 至少为 0</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Appending to %1</source>
        <translation>正在追加到 %1</translation>
    </message>
</context>
<context>
    <name>NvmlBackend</name>
    <message>
        <location filename="../core/telemetry/nvmlbackend.cpp" line="+34"/>
        <source>%1 (status %2)</source>
        <translation>%1（状态 %2）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>status %1</source>
        <translation>状态 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>library not loaded: %1</source>
        <translation>未能加载库：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 lacks nvmlInit_v2, nvmlDeviceGetCount_v2, nvmlDeviceGetHandleByIndex_v2 or nvmlShutdown</source>
        <translation>%1 缺少 nvmlInit_v2、nvmlDeviceGetCount_v2、nvmlDeviceGetHandleByIndex_v2 或 nvmlShutdown</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>nvmlInit_v2 failed: %1</source>
        <translation>nvmlInit_v2 失败：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>nvmlDeviceGetCount_v2 failed: %1</source>
        <translation>nvmlDeviceGetCount_v2 失败：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no NVIDIA GPU found</source>
        <translation>未找到 NVIDIA GPU</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1，%n 个设备</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OnnxModelInfo</name>
    <message>
        <location filename="../core/export/onnxmodelinfo.cpp" line="+343"/>
        <source>metadata &quot;%1&quot; is not a Python literal: %2</source>
        <translation>元数据 &quot;%1&quot; 不是 Python 字面量：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>metadata &quot;names&quot; is not a dictionary</source>
        <translation>元数据 &quot;names&quot; 不是字典</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>metadata &quot;names&quot; must map 0, 1, ... to strings</source>
        <translation>元数据 &quot;names&quot; 必须将 0、1、……映射到字符串</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>metadata &quot;kpt_shape&quot; must be [K, 2] or [K, 3]</source>
        <translation>元数据 &quot;kpt_shape&quot; 必须为 [K, 2] 或 [K, 3]</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>metadata &quot;imgsz&quot; must be a size</source>
        <translation>元数据 &quot;imgsz&quot; 必须是尺寸</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>metadata &quot;imgsz&quot; is not square (%1x%2); only square inputs are supported</source>
        <translation>元数据 &quot;imgsz&quot; 不是正方形（%1x%2）；仅支持正方形输入</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>metadata &quot;%1&quot; is not an integer</source>
        <translation>元数据 &quot;%1&quot; 不是整数</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>metadata &quot;flip_idx&quot; is not a list of integers</source>
        <translation>元数据 &quot;flip_idx&quot; 不是整数列表</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>metadata &quot;layout&quot; must be decoded or raw (got &quot;%1&quot;)</source>
        <translation>元数据 &quot;layout&quot; 必须为 decoded 或 raw（得到 &quot;%1&quot;）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: not an ONNX model (the file is truncated or corrupt: it does not parse as an ONNX protobuf)</source>
        <translation>%1：不是 ONNX 模型（文件被截断或已损坏：无法按 ONNX protobuf 解析）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: not an ONNX model (no graph, nodes or outputs; truncated?)</source>
        <translation>%1：不是 ONNX 模型（没有计算图、节点或输出；被截断？）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1: truncated or corrupt: the weights &quot;%2&quot; hold %3 of %4 values</source>
        <translation>%1：文件被截断或已损坏：权重 &quot;%2&quot; 只有 %4 个值中的 %3 个</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: the ONNX checker refuses it: %2</source>
        <translation>%1：ONNX 检查器拒绝了它：%2</translation>
    </message>
</context>
<context>
    <name>OnnxNetwork</name>
    <message>
        <location filename="../core/export/onnxnetwork.cpp" line="+111"/>
        <source>%1: not a pose export of this program or of Ultralytics (inputs %2, outputs %3)</source>
        <translation>%1：不是本程序或 Ultralytics 导出的姿态模型（输入 %2，输出 %3）</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>%1: the outputs do not fit its metadata (%2 classes, %3 keypoints x %4)</source>
        <translation>%1：输出与其元数据不符（%2 个类别，%3 个关键点 x %4）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1 is an INT8 (QDQ) export, which OpenCV DNN %2 cannot run; run it in ONNX Runtime (docs/DEPLOY.md) or predict from the fp32 export</source>
        <translation>%1 是 INT8（QDQ）导出，OpenCV DNN %2 无法运行；请在 ONNX Runtime 中运行（docs/DEPLOY.md），或用 fp32 导出进行预测</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 is an fp16 export (half=true), which OpenCV DNN %2 cannot read (%3); export it without half=true to predict with it here, or run it in ONNX Runtime</source>
        <translation>%1 是 fp16 导出（half=true），OpenCV DNN %2 无法读取（%3）；要在此处预测，请不带 half=true 重新导出，或在 ONNX Runtime 中运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 has the decoded layout, which OpenCV DNN %2 cannot run (%3); export it again with layout=raw to predict with it here</source>
        <translation>%1 为 decoded 布局，OpenCV DNN %2 无法运行（%3）；要在此处预测，请以 layout=raw 重新导出</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: OpenCV DNN %2 cannot run it: %3</source>
        <translation>%1：OpenCV DNN %2 无法运行它：%3</translation>
    </message>
</context>
<context>
    <name>OverlayPanel</name>
    <message>
        <location filename="../app/studio/video/overlaypanel.cpp" line="+78"/>
        <source>Points</source>
        <translation>关键点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Smoothed</source>
        <translation>平滑后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw</source>
        <translation>原始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Both (raw ghosted)</source>
        <translation>两者（原始半透明）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Boxes</source>
        <translation>边界框</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skeleton</source>
        <translation>骨架</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Track IDs</source>
        <translation>轨迹 ID</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Point names</source>
        <translation>关键点名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Confidence as transparency</source>
        <translation>以透明度表示置信度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hollow below threshold</source>
        <translation>低于阈值时画空心</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Points below the keypoint threshold are drawn hollow (unchecked: hidden)</source>
        <translation>低于关键点阈值的点画成空心（不勾选：隐藏）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Trail</source>
        <translation>轨迹尾迹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> frames</source>
        <translation> 帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show &amp;ground truth</source>
        <translation>显示真值(&amp;G)</translation>
    </message>
</context>
<context>
    <name>PlotPanel</name>
    <message>
        <location filename="../widgets/plotpanel.cpp" line="+555"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1: cannot write the image</source>
        <translation>%1：无法写入图像</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export Plot as PNG</source>
        <translation>将图表导出为 PNG</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export Plot as CSV</source>
        <translation>将图表导出为 CSV</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <location line="+35"/>
        <source>%1: %2 at %3 %4</source>
        <translation>%1：%2（%3 %4）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Log</source>
        <translation>对数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Logarithmic y axis</source>
        <translation>y 轴使用对数刻度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Ignore outliers</source>
        <translation>忽略离群值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit the y axis to the 2nd to 98th percentile of the values shown, so one diverged batch does not flatten the curve</source>
        <translation>按所显示数值的第 2 至第 98 百分位设置 y 轴范围，避免单个发散的批次把曲线压平</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fit</source>
        <translation>适应窗口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back to the automatic view (the wheel zooms, dragging pans)</source>
        <translation>回到自动视图（滚轮缩放，拖动平移）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>PNG…</source>
        <translation>PNG…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the plot as a PNG image</source>
        <translation>将图表保存为 PNG 图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV…</source>
        <translation>CSV…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the points of the plot as CSV (series, x, y)</source>
        <translation>将图表中的点保存为 CSV（series, x, y）</translation>
    </message>
</context>
<context>
    <name>PointOrigins</name>
    <message>
        <location filename="../core/dataset/pointorigins.cpp" line="+59"/>
        <source>%1 could not be removed</source>
        <translation>无法删除 %1</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+12"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 is not a record of point origins: %2</source>
        <extracomment>%1 is a file name, %2 the parser&apos;s message.</extracomment>
        <translation>%1 不是点来源记录：%2</translation>
    </message>
</context>
<context>
    <name>PointsPanel</name>
    <message>
        <location filename="../app/studio/label/pointspanel.cpp" line="+102"/>
        <source>Objects</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skeleton points (click one to place it next)</source>
        <translation>骨架点（点击某个点，将其设为下一个放置的点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Point &amp;numbers</source>
        <translation>点编号(&amp;N)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Point na&amp;mes</source>
        <translation>点名称(&amp;M)</translation>
    </message>
    <message>
        <location line="+28"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Point</source>
        <translation>点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Object %1</source>
        <translation>目标 %1</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1 (%2 side). Click to place it next.</source>
        <translation>%1（%2）。点击即可将其设为下一个要放置的点。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>visible</source>
        <translation>可见</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>occluded</source>
        <translation>遮挡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>absent</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1, model %2%</source>
        <extracomment>%1 is the point&apos;s visibility, %2 the model&apos;s confidence in percent.</extracomment>
        <translation>%1，模型 %2%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1, refit %2%</source>
        <extracomment>A model&apos;s point moved along with a person&apos;s correction.</extracomment>
        <translation>%1，随动 %2%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Proposed by the model, not confirmed by a person yet: drag it to correct it, or accept it.</source>
        <translation>由模型建议，尚未经人确认：拖动以修正，或接受它。</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Object %1: %2 of %3 points, fixed box</source>
        <extracomment>The box was set by hand (or read from a file as it was) and does not follow the points.</extracomment>
        <translation>目标 %1：%2 / %3 个点，固定框</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Object %1: %2 of %3 points</source>
        <translation>目标 %1：%2 / %3 个点</translation>
    </message>
</context>
<context>
    <name>PoseOverlayView</name>
    <message>
        <location filename="../widgets/poseoverlayview.cpp" line="+117"/>
        <source>#%1 (bridged)</source>
        <translation>#%1（桥接）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>#%1 · %2</source>
        <translation>#%1 · %2</translation>
    </message>
</context>
<context>
    <name>PreLabeller</name>
    <message>
        <location filename="../core/infer/prelabeller.cpp" line="+53"/>
        <source>%1 has label lines that do not read; its labels were left as they are</source>
        <translation>%1 中有无法读取的标注行；其标注保持不变</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 predicts %2 keypoints, the project&apos;s skeleton has %3</source>
        <extracomment>%1 is a file or model name; %2 and %3 are keypoint counts.</extracomment>
        <translation>%1 预测 %2 个关键点，而项目的骨架有 %3 个</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>%1 does not decode</source>
        <translation>%1 无法解码</translation>
    </message>
</context>
<context>
    <name>PredictCommand</name>
    <message>
        <location filename="../app/cli/predictcommand.cpp" line="+42"/>
        <source>predict keypoints on a video, camera, stream or images, with tracking and temporal smoothing</source>
        <translation>在视频、摄像头、视频流或图像上预测关键点，并进行跟踪和时间平滑</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>checkpoint, weight file, .onnx export (layout=raw), or a model name (random weights)</source>
        <translation>检查点、权重文件、.onnx 导出（layout=raw）或模型名称（随机权重）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>video file, camera index, stream URL, image, folder or glob</source>
        <translation>视频文件、摄像头编号、视频流 URL、图像、文件夹或通配符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network input size</source>
        <translation>网络输入尺寸</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>confidence threshold</source>
        <translation>置信度阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NMS IoU threshold</source>
        <translation>NMS IoU 阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maximum detections per frame</source>
        <translation>每帧最大检测数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>frames per forward pass (0: automatic, 1 for live sources and on the CPU, 8 on a GPU)</source>
        <translation>每次前向传播的帧数（0：自动；实时源和 CPU 上为 1，GPU 上为 8）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>inference threads, each with a copy of the model (0: automatic, one per core for files on the CPU, else one)</source>
        <translation>推理线程数，每个线程持有一份模型（0：自动；CPU 上处理文件时每个核心一个，否则一个）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cpu or a GPU index (empty: the first GPU, else the CPU)</source>
        <translation>cpu 或 GPU 编号（留空：第一块 GPU，否则使用 CPU）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fp16 on a GPU</source>
        <translation>在 GPU 上使用 fp16</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bfloat16 weights and activations on the CPU or a GPU (opt-in; docs/BENCHMARKS.md gives its accuracy)</source>
        <translation>在 CPU 或 GPU 上以 bfloat16 运行权重和激活（需手动开启；精度见 docs/BENCHMARKS.md）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>process every N-th frame</source>
        <translation>每 N 帧处理一帧</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>process at most this many frames per second of video (0: all)</source>
        <translation>每秒视频最多处理这么多帧（0：全部）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>drop old frames rather than fall behind (on for live sources)</source>
        <translation>丢弃旧帧以免落后（实时来源始终开启）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>stop after this many frames (-1: all)</source>
        <translation>处理这么多帧后停止（-1：全部）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>correction of each frame before inference: %1 (for dark footage)</source>
        <translation>推理前对每帧的校正：%1（用于昏暗画面）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>smoothing preset: %1 (min_cutoff, beta, kpt_conf and max_gap given as keys override it)</source>
        <translation>平滑预设：%1（作为参数给出的 min_cutoff、beta、kpt_conf 和 max_gap 会覆盖它）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keypoint smoothing: one_euro or none</source>
        <translation>关键点平滑：one_euro 或 none</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One Euro minimum cutoff (Hz)</source>
        <translation>One Euro 最小截止频率（Hz）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One Euro speed coefficient</source>
        <translation>One Euro 速度系数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One Euro derivative cutoff (Hz)</source>
        <translation>One Euro 导数截止频率（Hz）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keypoint confidence below which it counts as occluded</source>
        <translation>低于此置信度的关键点视为被遮挡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frames an occlusion is bridged (0: never)</source>
        <translation>遮挡时补全的最大帧数（0：不补全）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>annotated video (images for image sources): a path, or true for the run folder</source>
        <translation>标注视频（图像来源则为标注图像）：路径，或 true 表示写入运行文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON Lines: a file path, or true for the run folder</source>
        <translation>JSON Lines：文件路径，或 true 表示写入运行文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>CSV: a file path, or true for the run folder</source>
        <translation>CSV：文件路径，或 true 表示写入运行文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>draw the raw keypoints instead of the smoothed ones</source>
        <translation>绘制原始关键点而不是平滑后的关键点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>draw keypoint names</source>
        <translation>绘制关键点名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>folder of the runs</source>
        <translation>运行结果文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run name</source>
        <translation>运行名称</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>imgsz must be a multiple of 32; vid_stride at least 1; batch, workers, max_gap, beta and target_fps not negative; min_cutoff and d_cutoff positive</source>
        <translation>imgsz 必须是 32 的倍数；vid_stride 至少为 1；batch、workers、max_gap、beta 和 target_fps 不能为负；min_cutoff 和 d_cutoff 必须为正</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>smooth must be one_euro or none (got &quot;%1&quot;)</source>
        <translation>smooth 必须是 one_euro 或 none（收到“%1”）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>temporal must be one of %1 (got &quot;%2&quot;)</source>
        <translation>temporal 必须是 %1 之一（得到 &quot;%2&quot;）</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>smoothing: temporal=%1, min_cutoff %2, beta %3, kpt_conf %4, max_gap %5%6</source>
        <extracomment>The temporal stage&apos;s settings of this run; %1 is a preset key such as fast_motion.</extracomment>
        <translation>平滑：temporal=%1，min_cutoff %2，beta %3，kpt_conf %4，max_gap %5%6</translation>
    </message>
    <message>
        <location line="+6"/>
        <source> (smoothing off)</source>
        <translation>（平滑关闭）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>predict</source>
        <translation>预测</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1 frames processed, %2 dropped, %3 failed, mean %4 fps</source>
        <translation>已处理 %1 帧，丢弃 %2 帧，失败 %3 帧，平均 %4 fps</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 inference workers, batch %2; latency from decoding to output: p50 %3 ms, p95 %4 ms, max %5 ms</source>
        <extracomment>%1 workers (inference threads), %2 frames per forward pass, latencies in milliseconds.</extracomment>
        <translation>%1 个推理线程，批大小 %2；从解码到输出的延迟：p50 %3 毫秒，p95 %4 毫秒，最大 %5 毫秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>in %1, out %2, dropped %3, failed %4, busy %5 ms</source>
        <translation>输入 %1，输出 %2，丢弃 %3，失败 %4，忙碌 %5 毫秒</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>written: %1</source>
        <translation>已写入：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
</context>
<context>
    <name>PredictionController</name>
    <message numerus="yes">
        <location filename="../app/studio/video/predictioncontroller.cpp" line="-217"/>
        <source>Analysed %n frame(s)</source>
        <translation>
            <numerusform>已分析 %n 帧</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source> at %1 fps</source>
        <translation>，%1 fps</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (cancelled: the frames analysed so far are kept)</source>
        <translation>（已取消：保留已分析的帧）</translation>
    </message>
    <message numerus="yes">
        <location line="+18"/>
        <source>Export cancelled after %n frame(s)</source>
        <translation>
            <numerusform>导出在 %n 帧后取消</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Exported %n frame(s)</source>
        <translation>
            <numerusform>已导出 %n 帧</numerusform>
        </translation>
    </message>
    <message>
        <location line="+113"/>
        <source>%1: made for %2 frames, the video has %3</source>
        <translation>%1：为 %2 帧生成，但视频有 %3 帧</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>Open a video file first (cameras and streams are inferred live).</source>
        <translation>请先打开视频文件（摄像头和视频流采用实时推理）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Choose a model first.</source>
        <translation>请先选择模型。</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>Analyse the video before exporting it.</source>
        <translation>导出前请先分析视频。</translation>
    </message>
</context>
<context>
    <name>PredictionLabeller</name>
    <message>
        <location filename="../core/analysis/predictionlabeller.cpp" line="+41"/>
        <source>%1 frames but %2 prediction lists</source>
        <translation>%1 帧，但有 %2 个预测列表</translation>
    </message>
    <message>
        <location line="+57"/>
        <source>The frames were written, but their &quot;needs review&quot; marks were not: %1</source>
        <translation>帧已写入，但其“需要审核”标记未写入：%1</translation>
    </message>
</context>
<context>
    <name>PredictionWriter</name>
    <message>
        <location filename="../core/infer/predictionwriter.cpp" line="+41"/>
        <location line="+52"/>
        <location line="+46"/>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>cannot write the video %1 (no MPEG-4 encoder?)</source>
        <translation>无法写入视频 %1（没有 MPEG-4 编码器？）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>the image could not be encoded</source>
        <translation>图像无法编码</translation>
    </message>
</context>
<context>
    <name>Predictor</name>
    <message>
        <location filename="../core/infer/predictor.cpp" line="+103"/>
        <source>imgsz must be a positive multiple of 32 (got %1)</source>
        <translation>imgsz 必须是 32 的正整数倍（收到 %1）</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>ONNX (%1, %2 layout, %3 px) in OpenCV DNN</source>
        <extracomment>%1 is a precision (fp32, fp16), %2 a layout (raw, decoded), %3 an image size.</extracomment>
        <translation>ONNX（%1，%2 布局，%3 像素），由 OpenCV DNN 运行</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>%1: bf16 applies to checkpoints and weight files; an .onnx export keeps the precision it was exported with</source>
        <extracomment>bf16 is a number format; an .onnx export carries its own (fp32, fp16 or INT8).</extracomment>
        <translation>%1：bf16 只适用于检查点和权重文件；.onnx 导出文件保持导出时的精度</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>bf16 needs a CPU whose convolutions run in bf16 (AVX512-BF16, AVX-512 or AMX); this one has none: run without bf16=true</source>
        <translation>bf16 需要能以 bf16 运行卷积的 CPU（AVX512-BF16、AVX-512 或 AMX）；本机 CPU 不支持：请去掉 bf16=true 再运行</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1, bf16</source>
        <extracomment>%1 describes the weights (&quot;checkpoint (EMA)&quot;); bf16 is the number format they run in.</extracomment>
        <translation>%1，bf16</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1: cannot load the model: %2</source>
        <translation>%1：无法加载模型：%2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>no model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <location line="+82"/>
        <source>inference failed: %1</source>
        <translation>推理失败：%1</translation>
    </message>
    <message>
        <location filename="../core/analysis/livepredictor.cpp" line="+44"/>
        <source>no model is loaded</source>
        <translation>未加载模型</translation>
    </message>
</context>
<context>
    <name>PrelabelController</name>
    <message>
        <location filename="../app/studio/label/prelabelcontroller.cpp" line="+61"/>
        <source>Pre-label with a Trained Model</source>
        <translation>使用训练好的模型预标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoints, weights and ONNX exports (*.ckpt *.pt *.pth *.torchscript *.onnx);;All files (*)</source>
        <translation>检查点、权重与 ONNX 导出文件 (*.ckpt *.pt *.pth *.torchscript *.onnx);;所有文件 (*)</translation>
    </message>
    <message numerus="yes">
        <location line="+17"/>
        <source>Pre-labelling %n image(s)…</source>
        <extracomment>%n is how many images the model labels.</extracomment>
        <translation>
            <numerusform>正在预标注 %n 张图像…</numerusform>
        </translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1 could not be deleted</source>
        <translation>无法删除 %1</translation>
    </message>
</context>
<context>
    <name>ProgressText</name>
    <message>
        <location filename="../app/studio/jobs/progresstext.cpp" line="+10"/>
        <source>%1 s</source>
        <extracomment>A duration in seconds.</extracomment>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 min %2 s</source>
        <extracomment>A duration in minutes and seconds.</extracomment>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 h %2 min</source>
        <extracomment>A duration in hours and minutes.</extracomment>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 · about %2 left</source>
        <extracomment>Progress: the counts, then the time left, e.g. &quot;120 of 400 · about 2 min left&quot;.</extracomment>
        <translation>%1 · 约剩 %2</translation>
    </message>
</context>
<context>
    <name>Project</name>
    <message>
        <location filename="../core/dataset/project.cpp" line="+36"/>
        <source>%1: cannot read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>%1 has %2 keypoints but data.yaml&apos;s kpt_shape says %3</source>
        <translation>%1 有 %2 个关键点，但 data.yaml 的 kpt_shape 为 %3</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1: cannot create folder %2</source>
        <translation>%1：无法创建文件夹 %2</translation>
    </message>
</context>
<context>
    <name>ProjectLock</name>
    <message>
        <location filename="../core/dataset/projectlock.cpp" line="+22"/>
        <source>process %1 on %2</source>
        <extracomment>%1 is a process id, %2 a host name.</extracomment>
        <translation>%2 上的进程 %1</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 cannot be written (is the project folder read-only?)</source>
        <extracomment>%1 is the lock file that could not be written.</extracomment>
        <translation>无法写入 %1（项目文件夹是否只读？）</translation>
    </message>
</context>
<context>
    <name>ResultsCsv</name>
    <message>
        <location filename="../core/train/resultscsv.cpp" line="+77"/>
        <source>%1: empty; expected a header line</source>
        <translation>%1：文件为空；应有一行表头</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1:1: no &quot;epoch&quot; column; not a results.csv</source>
        <translation>%1:1：没有 &quot;epoch&quot; 列；不是 results.csv</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1:%2: expected %3 values, found %4; the row is skipped</source>
        <translation>%1:%2：应有 %3 个值，实际为 %4 个；已跳过该行</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1:%2: &quot;%3&quot; is not a number (column %4); the row is skipped</source>
        <translation>%1:%2：&quot;%3&quot; 不是数字（第 %4 列）；已跳过该行</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
</context>
<context>
    <name>ReviewState</name>
    <message>
        <location filename="../core/dataset/reviewstate.cpp" line="+27"/>
        <location line="+30"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>%1 is not a review list: %2</source>
        <extracomment>%1 is a file name, %2 the parser&apos;s message.</extracomment>
        <translation>%1 不是审核列表：%2</translation>
    </message>
</context>
<context>
    <name>RocmSmiBackend</name>
    <message>
        <location filename="../core/telemetry/rocmsmibackend.cpp" line="+64"/>
        <source>%1 (status %2)</source>
        <translation>%1（状态 %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>status %1</source>
        <translation>状态 %1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>library not loaded: %1</source>
        <translation>未能加载库：%1</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 lacks rsmi_init, rsmi_num_monitor_devices or rsmi_shut_down</source>
        <translation>%1 缺少 rsmi_init、rsmi_num_monitor_devices 或 rsmi_shut_down</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>no GPU driver: %1 does not exist</source>
        <translation>没有 GPU 驱动：%1 不存在</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>rsmi_init failed: %1</source>
        <translation>rsmi_init 失败：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>rsmi_num_monitor_devices failed: %1</source>
        <translation>rsmi_num_monitor_devices 失败：%1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no AMD GPU found</source>
        <translation>未找到 AMD GPU</translation>
    </message>
    <message numerus="yes">
        <location line="+33"/>
        <source>%1, %n device(s)</source>
        <translation>
            <numerusform>%1，%n 个设备</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>RunCatalog</name>
    <message>
        <location filename="../core/train/runcatalog.cpp" line="+116"/>
        <source>no epoch yet</source>
        <translation>尚无完成的轮次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>training (another process)</source>
        <translation>训练中（另一个进程）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stopped — resumable</source>
        <translation>已停止 — 可恢复</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished (early stop)</source>
        <translation>已完成（提前停止）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
</context>
<context>
    <name>RunFolder</name>
    <message>
        <location filename="../core/train/runfolder.cpp" line="+52"/>
        <source>%1 is being trained by another process (PID %2 on %3); wait for it to finish or stop it, or train into another run folder (name=…)</source>
        <translation>%1 正由另一个进程训练（%3 上的 PID %2）；请等待它结束或停止它，或训练到另一个运行文件夹（name=…）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: cannot create the lock file %2 (is the folder writable?)</source>
        <translation>%1：无法创建锁文件 %2（该文件夹是否可写？）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>removed %1, left by an interrupted save</source>
        <translation>已删除 %1（中断的保存留下的文件）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>finished saving best.ckpt of epoch %1, which a kill interrupted</source>
        <translation>已完成第 %1 轮 best.ckpt 的保存（此前被强制终止打断）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>removed best.next.ckpt: last.ckpt does not name it as the best</source>
        <translation>已删除 best.next.ckpt：last.ckpt 并未将其记为最佳</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot rename it to %2</source>
        <translation>%1：无法将其重命名为 %2</translation>
    </message>
</context>
<context>
    <name>RunSetupForm</name>
    <message>
        <location filename="../app/studio/train/runsetupform.cpp" line="+112"/>
        <source>Model and run</source>
        <translation>模型与运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Schedule</source>
        <translation>训练计划</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Augmentation</source>
        <translation>数据增强</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Loss gains</source>
        <translation>损失权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <location line="+128"/>
        <source>no project is open</source>
        <translation>没有打开的项目</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: the dataset&apos;s data.yaml is missing</source>
        <translation>%1：数据集的 data.yaml 不存在</translation>
    </message>
    <message>
        <location line="+26"/>
        <location line="+127"/>
        <source>GripperPose recipe (default)</source>
        <translation>GripperPose 配方（默认）</translation>
    </message>
    <message>
        <location line="-126"/>
        <location line="+127"/>
        <source>Ultralytics defaults</source>
        <translation>Ultralytics 默认值</translation>
    </message>
    <message>
        <location line="-103"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Save Preset</source>
        <translation>保存预设</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Preset name:</source>
        <translation>预设名称：</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Load Settings</source>
        <translation>加载设置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Training settings (*.yaml *.yml)</source>
        <translation>训练设置 (*.yaml *.yml)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Load Settings from a Run</source>
        <translation>从运行加载设置</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Start from Weights</source>
        <translation>从权重开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Checkpoints and weights (*.ckpt *.pt *.pth *.torchscript);;All files (*)</source>
        <translation>检查点和权重 (*.ckpt *.pt *.pth *.torchscript);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Preset:</source>
        <translation>预设：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save Preset…</source>
        <translation>保存预设…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save these settings as a named preset (YAML with args.yaml&apos;s keys)</source>
        <translation>将这些设置保存为命名预设（使用 args.yaml 键的 YAML）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load File…</source>
        <translation>加载文件…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load settings from a YAML file with args.yaml&apos;s keys</source>
        <translation>从使用 args.yaml 键的 YAML 文件加载设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>From Run…</source>
        <translation>来自运行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Load the settings of an earlier run (its args.yaml)</source>
        <translation>加载先前某次运行的设置（其 args.yaml）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start from a checkpoint or from Ultralytics weights (imported on the fly)</source>
        <translation>从检查点或 Ultralytics 权重开始（即时导入）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Dataset: not checked yet.</source>
        <translation>数据集：尚未检查。</translation>
    </message>
</context>
<context>
    <name>RunSummaryPanel</name>
    <message>
        <location filename="../app/studio/train/runsummarypanel.cpp" line="+62"/>
        <source>No run finished yet</source>
        <translation>尚无已结束的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>When a run ends, its best epoch, metrics, time and weights are summed up here.</source>
        <translation>运行结束后，这里会汇总其最佳轮次、指标、用时和权重。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopped — resumable</source>
        <translation>已停止 — 可恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finished early: no improvement for the patience epochs</source>
        <translation>提前结束：在 patience 设定的轮次内没有提升</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%n epoch(s) in %1</source>
        <translation>
            <numerusform>%n 轮，用时 %1</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Best epoch %1 (fitness %2)</source>
        <translation>最佳轮次 %1（适应度 %2）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Box: P %1  R %2  mAP50 %3  mAP50-95 %4</source>
        <translation>框：P %1  R %2  mAP50 %3  mAP50-95 %4</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Pose: P %1  R %2  mAP50 %3  mAP50-95 %4</source>
        <translation>姿态：P %1  R %2  mAP50 %3  mAP50-95 %4</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Best weights: %1</source>
        <translation>最佳权重：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Last weights: %1</source>
        <translation>最新权重：%1</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open Weights in Video Workspace</source>
        <translation>在视频工作区中打开权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch a video with this run&apos;s best weights</source>
        <translation>用此运行的最佳权重观看视频</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open Run Folder</source>
        <translation>打开运行文件夹</translation>
    </message>
</context>
<context>
    <name>RunsPanel</name>
    <message>
        <location filename="../app/studio/train/runspanel.cpp" line="+286"/>
        <source>training here</source>
        <translation>正在此处训练</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 / %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 (epoch %2)</source>
        <translation>%1（第 %2 轮）</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Epochs</source>
        <translation>轮数</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Best pose mAP50-95</source>
        <translation>最佳姿态 mAP50-95</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <location line="-146"/>
        <source>%1 holds no training run: a run folder has args.yaml or results.csv.</source>
        <translation>%1 中没有训练运行：运行文件夹应包含 args.yaml 或 results.csv。</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Open Run Folder</source>
        <translation>打开运行文件夹</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>%1 (%2)</source>
        <extracomment>%1 a run&apos;s name, %2 the folder that holds it.</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Runs of this project, also those started with gripperpose train, and run folders opened from anywhere. Tick runs to overlay their curves; double-click one to watch it.</source>
        <translation>本项目的运行（包括用 gripperpose train 启动的运行），以及从任意位置打开的运行文件夹。勾选运行以叠加其曲线；双击某个运行以查看它。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open Run Folder…</source>
        <translation>打开运行文件夹…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch or compare a run kept anywhere: another disk, an older project, or gripperpose train project=…</source>
        <translation>查看或比较保存在任意位置的运行：另一块磁盘、旧项目，或 gripperpose train project=…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove from List</source>
        <translation>从列表中移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop listing this opened folder&apos;s runs (nothing is deleted)</source>
        <translation>不再列出此已打开文件夹中的运行（不删除任何文件）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Watch</source>
        <translation>查看</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show this run&apos;s curves on the dashboard and follow it as it grows</source>
        <translation>在仪表板上显示此运行的曲线，并随其更新而跟随</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Resume</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Continue a stopped or crashed run from its last checkpoint</source>
        <translation>从最新检查点继续已停止或崩溃的运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extend by</source>
        <translation>延长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Train a finished run for more epochs</source>
        <translation>让已完成的运行再训练若干轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> epochs</source>
        <translation> 轮</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Open in Video</source>
        <translation>在视频中打开</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Use this run&apos;s best weights in the Video workspace</source>
        <translation>在视频工作区中使用此运行的最佳权重</translation>
    </message>
</context>
<context>
    <name>ScenarioTagController</name>
    <message numerus="yes">
        <location filename="../app/studio/label/scenariotagcommand.cpp" line="+13"/>
        <source>Tag %n image(s) %1</source>
        <extracomment>An undo step; %1 is a scenario tag.</extracomment>
        <translation>
            <numerusform>为 %n 张图像加上标签 %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>Untag %n image(s) %1</source>
        <translation>
            <numerusform>移除 %n 张图像的标签 %1</numerusform>
        </translation>
    </message>
    <message>
        <location filename="../app/studio/label/scenariotagcontroller.cpp" line="+108"/>
        <source>Type a name for the tag.</source>
        <translation>请输入标签名称。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&quot;%1&quot;: a tag may hold letters, digits, _ and - only.</source>
        <translation>“%1”：标签只能包含字母、数字、_ 和 -。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;%1&quot;: a tag needs a letter or a digit.</source>
        <translation>“%1”：标签至少需要一个字母或数字。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&quot;%1&quot;: a tag has at most %2 characters.</source>
        <translation>“%1”：标签最多 %2 个字符。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;%1&quot; is what validation calls the untagged images; choose another name.</source>
        <translation>“%1”是验证时对未标记图像的称呼，请换一个名称。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The scenario tags are still being read.</source>
        <translation>仍在读取场景标签。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tagging is off until %1 reads: %2</source>
        <translation>在 %1 能够读取之前无法打标签：%2</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>%1 changed on disk and does not read now; the tags are kept here until it does: %2</source>
        <translation>%1 已在磁盘上被修改，目前无法读取；在能读取之前，标签保留在这里：%2</translation>
    </message>
</context>
<context>
    <name>ScenarioTagPanel</name>
    <message>
        <location filename="../app/studio/label/scenariotagpanel.cpp" line="+222"/>
        <source>%1 (%2 of %3)</source>
        <translation>%1（%3 张中 %2 张）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>A gripper partly hidden: by what it holds, the other arm or a person.</source>
        <translation>夹爪被部分遮挡：被所持物体、另一只手臂或人遮挡。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Fast arm motion, with motion blur.</source>
        <translation>手臂快速运动，带有运动模糊。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Low light, with noise.</source>
        <translation>低光照，带有噪声。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 tags or untags the selected images.</source>
        <translation>%1 为所选图像加上或移除此标签。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Scenario tags of %1</source>
        <extracomment>Above the scenario tag boxes; %1 is the image shown.</extracomment>
        <translation>%1 的场景标签</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>Scenario tags of the %n selected image(s)</source>
        <translation>
            <numerusform>所选 %n 张图像的场景标签</numerusform>
        </translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Scenario tags</source>
        <translation>场景标签</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Tagging is off until scenarios.yaml reads (it is not written over): %1</source>
        <translation>在 scenarios.yaml 能够读取之前无法打标签（不会覆盖该文件）：%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading scenario tags…</source>
        <translation>正在读取场景标签…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tags not saved: %1. They are kept here and saving is retried; you are asked before they could be lost.</source>
        <translation>标签未保存：%1。标签已保留并会自动重试保存；在它们可能丢失之前会先询问您。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Select All</source>
        <translation>全选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Selects every image the list shows (Ctrl+A in the list); Ctrl+click and Shift+click select several</source>
        <translation>选中列表中显示的所有图像（在列表中按 Ctrl+A）；Ctrl+单击和 Shift+单击可多选</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>New tag (%1)</source>
        <translation>新标签（%1）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a tag and press Enter to give it to the selected images</source>
        <translation>输入标签并按回车，将其加到所选图像上</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Add</source>
        <extracomment>Gives the typed scenario tag to the selected images.</extracomment>
        <translation>添加</translation>
    </message>
</context>
<context>
    <name>ScenarioTags</name>
    <message>
        <location filename="../core/dataset/scenariotags.cpp" line="+34"/>
        <source>%1: expected tags, each with a list of image paths</source>
        <translation>%1：应为若干标签，每个标签带一个图像路径列表</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>%1: the tag &quot;%2&quot; must list paths</source>
        <translation>%1：标签“%2”必须列出路径</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>A scenario tag needs a name.</source>
        <translation>场景标签需要一个名称。</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1 is tagged %2 by the pattern %3 in %4; edit that file to untag it</source>
        <translation>%1 由 %4 中的模式 %3 标记为 %2；请编辑该文件以取消此标签</translation>
    </message>
</context>
<context>
    <name>Scenarios</name>
    <message>
        <location filename="../core/dataset/scenario.cpp" line="+48"/>
        <source>Normal</source>
        <comment>scenario</comment>
        <translation>正常</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occlusion</source>
        <comment>scenario</comment>
        <translation>遮挡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fast motion</source>
        <comment>scenario</comment>
        <translation>快速运动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Low light</source>
        <comment>scenario</comment>
        <translation>弱光</translation>
    </message>
</context>
<context>
    <name>Skeleton</name>
    <message>
        <location filename="../core/skeleton/skeleton.cpp" line="+84"/>
        <source>not valid JSON: %1 at offset %2</source>
        <translation>不是有效的 JSON：%1（偏移量 %2）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>not a skeleton file (&quot;format&quot; must be &quot;%1&quot;)</source>
        <translation>不是骨架文件（&quot;format&quot; 必须为 &quot;%1&quot;）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>skeleton version %1 is newer than this program understands (%2)</source>
        <translation>骨架版本 %1 高于本程序支持的版本（%2）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>keypoint %1: side must be left, right or center</source>
        <translation>关键点 %1：side 必须为 left、right 或 center</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>&quot;flip_pairs&quot; must be a list of [i, j] pairs</source>
        <translation>&quot;flip_pairs&quot; 必须是 [i, j] 对的列表</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&quot;edges&quot; must be a list of [i, j] pairs</source>
        <translation>&quot;edges&quot; 必须是 [i, j] 对的列表</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>colour &quot;%1&quot; for side %2 is not a valid colour</source>
        <translation>side %2 的颜色 &quot;%1&quot; 不是有效的颜色</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the skeleton has no keypoints</source>
        <translation>骨架中没有关键点</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>keypoint %1 has no name</source>
        <translation>关键点 %1 没有名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keypoint name &quot;%1&quot; is used twice</source>
        <translation>关键点名称 &quot;%1&quot; 被使用了两次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>keypoint %1 (%2): sigma must be positive</source>
        <translation>关键点 %1（%2）：sigma 必须为正数</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>flip pair [%1, %2] refers to a keypoint outside 0..%3</source>
        <translation>翻转对 [%1, %2] 引用了 0..%3 之外的关键点</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>flip pair [%1, %2] pairs a keypoint with itself</source>
        <translation>翻转对 [%1, %2] 将关键点与自身配对</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>flip pairs are not a permutation: keypoint %1 or %2 appears in two pairs</source>
        <translation>翻转对不构成排列：关键点 %1 或 %2 出现在两个对中</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>edge [%1, %2] refers to a keypoint outside 0..%3</source>
        <translation>边 [%1, %2] 引用了 0..%3 之外的关键点</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>edge [%1, %2] joins a keypoint to itself</source>
        <translation>边 [%1, %2] 将关键点与自身相连</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>edge [%1, %2] is listed twice</source>
        <translation>边 [%1, %2] 被列出了两次</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>left</source>
        <translation>左</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>right</source>
        <translation>右</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>center</source>
        <translation>中</translation>
    </message>
</context>
<context>
    <name>SmoothingPanel</name>
    <message>
        <location filename="../widgets/smoothingpanel.cpp" line="+132"/>
        <source>%1 Hz</source>
        <extracomment>Hz: hertz, the unit of the filter&apos;s cutoff frequency.</extracomment>
        <translation>%1 Hz</translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n frame(s)</source>
        <translation>
            <numerusform>%n 帧</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Preset</source>
        <translation>预设</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Starting points tuned per kind of footage; the sliders fine-tune them</source>
        <translation>按画面类型调好的起点；可用滑块微调</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Min cutoff</source>
        <translation>最小截止频率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One Euro filter: lower smooths slow motion more (less jitter, more lag)</source>
        <translation>One Euro 滤波器：越低则慢速运动越平滑（抖动更少，延迟更大）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Beta</source>
        <translation>Beta</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>One Euro filter: higher follows fast motion sooner (less lag, more jitter)</source>
        <translation>One Euro 滤波器：越高则更快跟上快速运动（延迟更小，抖动更多）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keypoint threshold</source>
        <translation>关键点阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Points the network is less sure of count as occluded (hidden or hollow)</source>
        <translation>网络把握较低的点视为被遮挡（隐藏或空心）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Bridge occlusions</source>
        <translation>桥接遮挡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Longest occlusion bridged from the last motion; 0 never bridges</source>
        <translation>按最近运动桥接的最长遮挡；0 表示不桥接</translation>
    </message>
</context>
<context>
    <name>SplitScan</name>
    <message>
        <location filename="../core/dataset/splitscan.cpp" line="+71"/>
        <source>the %1 images &quot;%2&quot; do not exist</source>
        <translation>%1 图像 &quot;%2&quot; 不存在</translation>
    </message>
    <message numerus="yes">
        <location line="+16"/>
        <source>none of the %n label line(s) of the %1 split can be used</source>
        <translation>
            <numerusform>%1 划分的 %n 行标签全都无法使用</numerusform>
        </translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the labels have %1 columns, which fits kpt_shape %2, but data.yaml says kpt_shape [%3, %4] (%5 columns)</source>
        <translation>标签有 %1 列，符合 kpt_shape %2，但 data.yaml 中 kpt_shape 为 [%3, %4]（%5 列）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>the %1 split has no images (in %2)</source>
        <translation>%1 划分中没有图像（位于 %2）</translation>
    </message>
    <message numerus="yes">
        <location line="+1"/>
        <source>the %1 split has no usable image: all %n image(s) are skipped (see the problems above)</source>
        <translation>
            <numerusform>%1 划分中没有可用的图像：全部 %n 张图像均被跳过（见上面的问题）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+5"/>
        <source>the %1 split has no labelled object: its %n usable image(s) are all background</source>
        <translation>
            <numerusform>%1 划分中没有已标注的目标：其 %n 张可用图像全是背景</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+14"/>
        <source>the %1 split has no labelled object, so every metric on it is zero: %2 of its %n usable image(s) have no label file and the rest are background</source>
        <translation>
            <numerusform>%1 划分中没有任何已标注的目标，因此其上的所有指标都为零：%n 张可用图像中有 %2 张没有标签文件，其余为背景</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SuggestionController</name>
    <message>
        <location filename="../app/studio/label/suggestioncontroller.cpp" line="+32"/>
        <source>No model to suggest with: pre-label with a trained model, or train on your labels, first.</source>
        <translation>没有可用于建议的模型：请先用训练好的模型预标注，或用您的标注训练。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Every image has been reviewed: there is nothing left to suggest.</source>
        <translation>所有图像都已审核：没有可建议的图像。</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Looking for the images to label next in %n image(s)…</source>
        <extracomment>%n is how many images the model looks at.</extracomment>
        <translation>
            <numerusform>正在 %n 张图像中寻找下一批要标注的图像…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SynthCommand</name>
    <message>
        <location filename="../app/cli/synthcommand.cpp" line="+16"/>
        <source>write a synthetic gripper dataset (images, labels, data.yaml) and a demo video</source>
        <translation>生成合成的夹爪数据集（图像、标签、data.yaml）和一段演示视频</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>output folder</source>
        <translation>输出文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number of images (train + val)</source>
        <translation>图像数量（train + val）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>image size W,H</source>
        <translation>图像尺寸 W,H</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random seed; the same seed gives the same files</source>
        <translation>随机种子；相同的种子生成相同的文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fraction of images in the val split</source>
        <translation>val 子集中图像所占的比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frames of the demo video (0: none)</source>
        <translation>演示视频的帧数（0：不生成）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>frame rate of the demo video</source>
        <translation>演示视频的帧率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>none, occlusion, fast_motion, low_light or mixed (all four, one video each); the hard images and videos are tagged in scenarios.yaml</source>
        <translation>none、occlusion、fast_motion、low_light 或 mixed（四种场景，每种一个视频）；困难场景的图像和视频在 scenarios.yaml 中标记</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>n must be at least 1, val in [0, 1], video_frames ≥ 0, fps &gt; 0 and seed ≥ 0</source>
        <translation>n 至少为 1，val 在 [0, 1] 内，video_frames ≥ 0，fps &gt; 0 且 seed ≥ 0</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>scenario=%1 must be none, occlusion, fast_motion, low_light or mixed</source>
        <translation>scenario=%1 必须是 none、occlusion、fast_motion、low_light 或 mixed</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>synth</source>
        <translation>合成</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>wrote %1 images and %n %2-frame video(s) to %3 in %4 s</source>
        <translation>
            <numerusform>已将 %1 张图像和 %n 个 %2 帧视频写入 %3，用时 %4 秒</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>SynthGenerator</name>
    <message>
        <location filename="../core/dataset/synthgenerator.cpp" line="+92"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>%1 already exists and is not empty; the new project is in %2</source>
        <translation>%1 已存在且不为空；新项目位于 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: cannot rename to %2</source>
        <translation>%1：无法重命名为 %2</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>No output folder given</source>
        <translation>未指定输出文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The image size %1x%2 is too small; both sides must be at least %3 pixels</source>
        <translation>图像尺寸 %1x%2 太小；两边都必须至少为 %3 像素</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Invalid options: count and frames must not be negative, the val fraction must be in [0, 1] and the frame rate positive</source>
        <translation>选项无效：数量和帧数不能为负，val 比例必须在 [0, 1] 内，帧率必须为正</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>The generator draws the %1-keypoint gripper skeleton; skeleton &quot;%2&quot; has %3 keypoints</source>
        <translation>生成器绘制的是 %1 个关键点的夹爪骨架；骨架“%2”有 %3 个关键点</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: cannot encode the image</source>
        <translation>%1：无法编码图像</translation>
    </message>
</context>
<context>
    <name>TelemetryCsv</name>
    <message>
        <location filename="../core/telemetry/telemetrycsv.cpp" line="+111"/>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>%1:1: not a telemetry file (no &quot;time&quot; column in the header)</source>
        <translation>%1:1：不是遥测文件（表头中没有 &quot;time&quot; 列）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1:%2: expected %3 columns, found %4</source>
        <translation>%1:%2：应有 %3 列，实际为 %4 列</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>%1:%2: &quot;%3&quot; is not a time (expected ISO 8601, e.g. 2024-05-01T12:00:00.000Z)</source>
        <translation>%1:%2：&quot;%3&quot; 不是时间（应为 ISO 8601 格式，例如 2024-05-01T12:00:00.000Z）</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>%1:%2: the %3 column is not a number</source>
        <translation>%1:%2：%3 列不是数字</translation>
    </message>
</context>
<context>
    <name>TelemetryCsvWriter</name>
    <message>
        <location filename="../core/telemetry/telemetrycsvwriter.cpp" line="+12"/>
        <source>%1: cannot open for writing: %2</source>
        <translation>%1：无法打开以写入：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <location line="+17"/>
        <location line="+11"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="-19"/>
        <source>%1: exists with other columns; not appending to it</source>
        <translation>%1：已存在且列不同；不会向其追加</translation>
    </message>
</context>
<context>
    <name>TelemetryFormat</name>
    <message>
        <location filename="../core/telemetry/telemetryformat.cpp" line="+9"/>
        <source>N/A</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1°C</source>
        <translation>%1°C</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>%1 MHz</source>
        <translation>%1 MHz</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 rpm</source>
        <translation>%1 转/分</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 GiB</source>
        <translation>%1 GiB</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 (%2 / %3 GiB)</source>
        <translation>%1（%2 / %3 GiB）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>%1 / %2 GiB</source>
        <translation>%1 / %2 GiB</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>CPU %1 · RAM %2 · this process %3</source>
        <translation>CPU %1 · 内存 %2 · 本进程 %3</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>ROCm SMI</source>
        <translation>ROCm SMI</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>NVML</source>
        <translation>NVML</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>amdgpu sysfs</source>
        <translation>amdgpu sysfs</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: in use (%2)</source>
        <translation>%1：正在使用（%2）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>TelemetryMonitor</name>
    <message>
        <location filename="../core/telemetry/telemetrymonitor.cpp" line="+20"/>
        <source>not tried</source>
        <translation>未尝试</translation>
    </message>
</context>
<context>
    <name>TelemetrySparklines</name>
    <message>
        <location filename="../widgets/telemetrysparklines.cpp" line="+44"/>
        <source>GPU %</source>
        <translation>GPU %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>VRAM %</source>
        <translation>显存 %</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Temp °C</source>
        <translation>温度 °C</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Power W</source>
        <translation>功耗 W</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>CPU %</source>
        <translation>CPU %</translation>
    </message>
</context>
<context>
    <name>TelemetryTable</name>
    <message>
        <location filename="../app/cli/telemetrytable.cpp" line="+35"/>
        <source>Telemetry: %1</source>
        <translation>遥测：%1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Device</source>
        <translation>设备</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Temp (edge/junction/mem)</source>
        <translation>温度（边缘/结点/显存）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Power (avg/cap)</source>
        <translation>功耗（平均/上限）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>SCLK</source>
        <translation>SCLK</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>MCLK</source>
        <translation>MCLK</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Fan</source>
        <translation>风扇</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>VRAM%</source>
        <translation>显存%</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>GPU%</source>
        <translation>GPU%</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
</context>
<context>
    <name>TemporalPresets</name>
    <message>
        <location filename="../core/analysis/temporalpresets.cpp" line="+43"/>
        <source>Default</source>
        <translation>默认</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Steady</source>
        <translation>平稳</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Fast motion</source>
        <translation>快速运动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occlusion</source>
        <translation>遮挡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Low light</source>
        <translation>弱光</translation>
    </message>
</context>
<context>
    <name>TimelineStrips</name>
    <message>
        <location filename="../widgets/timelinestrips.cpp" line="+242"/>
        <source>Jitter</source>
        <translation>抖动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Occluded</source>
        <translation>遮挡</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Tracks</source>
        <translation>轨迹</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <location line="+36"/>
        <source>Analyse the video to see its confidence, jitter and occlusions here</source>
        <translation>分析视频后，此处显示其置信度、抖动和遮挡</translation>
    </message>
</context>
<context>
    <name>TrainAlert</name>
    <message>
        <location filename="../app/studio/train/trainalert.cpp" line="+21"/>
        <source>The loss is not finite</source>
        <translation>损失为非有限值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Lower lr0, turn AMP off (amp=off), or check the labels named in the log; then resume or start again.</source>
        <translation>请降低 lr0、关闭 AMP（amp=off）或检查日志中列出的标签；然后恢复或重新开始。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start again with the smaller batch the message names (or a smaller imgsz); the last checkpoint is kept.</source>
        <translation>请用消息中建议的较小 batch（或较小的 imgsz）重新开始；最新检查点会保留。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Free space on the disk of %1, then resume the run: the previous checkpoint is intact.</source>
        <translation>请释放 %1 所在磁盘的空间，然后恢复运行：之前的检查点完好无损。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The dataset is missing</source>
        <translation>数据集不存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Check that %1 and its images and labels folders exist (a removed or unmounted disk?).</source>
        <translation>请检查 %1 及其 images 和 labels 文件夹是否存在（磁盘是否已移除或未挂载？）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Training failed</source>
        <translation>训练失败</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The log below has the details; the last checkpoint, if any, can be resumed.</source>
        <translation>详情见下方日志；如有最新检查点，可从它恢复。</translation>
    </message>
</context>
<context>
    <name>TrainBanner</name>
    <message>
        <location filename="../app/studio/train/trainbanner.cpp" line="+60"/>
        <source>Dismiss</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>TrainCommand</name>
    <message>
        <location filename="../app/cli/traincommand.cpp" line="+59"/>
        <source>Training %1 (%2 parameters) on %3 (%4), run folder %5</source>
        <translation>正在 %3（%4）上训练 %1（%2 个参数），运行文件夹 %5</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1 train images (%2 instances), %3 val images, %4 batches per epoch</source>
        <translation>%1 张训练图像（%2 个实例），%3 张验证图像，每轮 %4 个批次</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 dataset problems (bad items are skipped):</source>
        <translation>数据集问题 %1 个（有问题的条目将被跳过）：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>box   pose   kobj   cls    dfl   instances</source>
        <translation>box   pose   kobj   cls    dfl   实例数</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>  (best)</source>
        <translation>  （最佳）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>mAP50-95 box/pose by scenario: %1</source>
        <translation>按场景的 mAP50-95（框/姿态）：%1</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Stopped; resume with: gripperpose train resume=%1</source>
        <translation>已停止；可用以下命令继续：gripperpose train resume=%1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stopped early: no improvement for the patience epochs.</source>
        <translation>已提前停止：在 patience 设定的轮次内没有提升。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>%1 epochs in %2 s; no weights were saved.</source>
        <translation>%1 轮，用时 %2 秒；没有保存任何权重。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>%1 epochs in %2 s. Weights: %3</source>
        <translation>%1 轮，用时 %2 秒。权重：%3</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1 epochs in %2 s; best fitness %3. Weights: %4</source>
        <translation>%1 轮，用时 %2 秒；最佳适应度 %3。权重：%4</translation>
    </message>
    <message>
        <location line="+58"/>
        <source>train YOLOv8-pose (Ultralytics keys: data= model= epochs= imgsz= batch= device= …)</source>
        <translation>训练 YOLOv8-pose（Ultralytics 键：data= model= epochs= imgsz= batch= device= …）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>gripperpose (the recipe) or ultralytics (Ultralytics&apos; own defaults)</source>
        <translation>gripperpose（本项目的训练方案）或 ultralytics（Ultralytics 自身的默认值）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>defaults=%1 must be gripperpose or ultralytics</source>
        <translation>defaults=%1 必须为 gripperpose 或 ultralytics</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>missing data= (the dataset&apos;s data.yaml) or resume= (a run&apos;s weights/last.ckpt)</source>
        <translation>缺少 data=（数据集的 data.yaml）或 resume=（某次运行的 weights/last.ckpt）</translation>
    </message>
</context>
<context>
    <name>TrainController</name>
    <message>
        <location filename="../app/studio/train/traincontroller.cpp" line="+69"/>
        <source>a training run is already in progress; stop it first</source>
        <translation>已有训练运行在进行中；请先停止它</translation>
    </message>
</context>
<context>
    <name>TrainDashboard</name>
    <message>
        <location filename="../app/studio/train/traindashboard.cpp" line="+196"/>
        <source>Training %1 (%2 parameters) on %3 (%4), run folder %5</source>
        <translation>正在 %3（%4）上训练 %1（%2 个参数），运行文件夹 %5</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 train images (%2 instances), %3 val images, %4 batches per epoch</source>
        <translation>%1 张训练图像（%2 个实例），%3 张验证图像，每轮 %4 个批次</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Resumed at epoch %1 of %2</source>
        <translation>从第 %1 轮（共 %2 轮）恢复</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Epoch %1/%2: loss box %3 pose %4 kobj %5 cls %6 dfl %7</source>
        <translation>第 %1/%2 轮：损失 box %3 pose %4 kobj %5 cls %6 dfl %7</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>  (best)</source>
        <translation>  （最佳）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message numerus="yes">
        <location line="+10"/>
        <source>Stopped after %n epoch(s) — resumable: %1</source>
        <translation>
            <numerusform>在 %n 轮后停止 — 可恢复：%1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Finished early after %n epoch(s): no improvement for the patience epochs.</source>
        <translation>
            <numerusform>在 %n 轮后提前结束：在 patience 设定的轮次内没有提升。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>Finished: %n epoch(s) in %1.</source>
        <translation>
            <numerusform>已完成：%n 轮，用时 %1。</numerusform>
        </translation>
    </message>
    <message>
        <location line="+85"/>
        <source>Worst images</source>
        <translation>最差图像</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keypoints</source>
        <translation>关键点</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Log</source>
        <translation>日志</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>No run yet: set up a run and press Start, or watch one from the Runs tab.</source>
        <translation>尚无运行：请设置运行并点击“开始”，或在“运行”页中查看一个运行。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Watching %1 (read from its files)</source>
        <translation>正在查看 %1（从其文件读取）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Run %1 on %2</source>
        <translation>运行 %1，设备 %2</translation>
    </message>
</context>
<context>
    <name>TrainDataset</name>
    <message>
        <location filename="../core/train/traindataset.cpp" line="+22"/>
        <source>%1: %2; skipped</source>
        <translation>%1：%2；已跳过</translation>
    </message>
</context>
<context>
    <name>TrainLogPanel</name>
    <message>
        <location filename="../app/studio/train/trainlogpanel.cpp" line="+26"/>
        <source>error: </source>
        <translation>错误：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warning: </source>
        <translation>警告：</translation>
    </message>
</context>
<context>
    <name>TrainProgressPanel</name>
    <message>
        <location filename="../widgets/trainprogresspanel.cpp" line="+61"/>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 min %2 s</source>
        <translation>%1 分 %2 秒</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1 h %2 min</source>
        <translation>%1 小时 %2 分</translation>
    </message>
    <message>
        <location line="+125"/>
        <source>epoch %v of %m</source>
        <translation>第 %v 轮，共 %m 轮</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>no run</source>
        <translation>无运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch %v of %m</source>
        <translation>第 %v 批，共 %m 批</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation: batch %v of %m</source>
        <translation>验证：第 %v 批，共 %m 批</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>validation</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Speed: %1 img/s</source>
        <translation>速度：%1 张/秒</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Left: epoch %1, run %2</source>
        <translation>剩余：本轮 %1，整个运行 %2</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Best: fitness %1 at epoch %2</source>
        <translation>最佳：适应度 %1，第 %2 轮</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Best: –</source>
        <translation>最佳：–</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Early stop: %1 of %2 epochs without improvement</source>
        <translation>提前停止：已连续 %1 轮没有提升（上限 %2 轮）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Early stop: off</source>
        <translation>提前停止：关闭</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Skipped steps (non-finite loss): %1</source>
        <translation>跳过的步数（损失为非有限值）：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Epoch</source>
        <translation>轮次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Validation</source>
        <translation>验证</translation>
    </message>
</context>
<context>
    <name>TrainWorkspace</name>
    <message>
        <location filename="../app/studio/train/trainworkspace.cpp" line="+286"/>
        <source>Starting: reading the dataset and building the model…</source>
        <translation>正在启动：读取数据集并构建模型…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Stopping after this batch; a resumable checkpoint is saved…</source>
        <translation>将在本批次后停止；正在保存可恢复的检查点…</translation>
    </message>
    <message>
        <location line="+61"/>
        <source>Train with these settings (Ctrl+Return)</source>
        <translation>使用这些设置训练（Ctrl+Return）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Training %1.</source>
        <translation>正在训练 %1。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Setup</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Runs</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dataset</source>
        <translation>数据集</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stop after the batch in progress and save a resumable checkpoint</source>
        <translation>在当前批次结束后停止，并保存可恢复的检查点</translation>
    </message>
</context>
<context>
    <name>Trainer</name>
    <message>
        <location filename="../core/train/trainingrun.cpp" line="+53"/>
        <source>%1: the saved training settings are unreadable: %2</source>
        <translation>%1：保存的训练设置无法读取：%2</translation>
    </message>
    <message>
        <location filename="../core/train/trainingrunsetup.cpp" line="+58"/>
        <source>%1 finished all %2 epochs; pass epochs=N with N &gt; %2 to extend it</source>
        <translation>%1 已完成全部 %2 轮；如需继续训练，请传入 epochs=N 且 N &gt; %2</translation>
    </message>
    <message>
        <location line="+54"/>
        <source>device=%1 trains with one process per device: start it with gripperpose train, which starts them, or set RANK, WORLD_SIZE, MASTER_ADDR and MASTER_PORT as for torchrun</source>
        <translation>device=%1 需要每个设备一个进程：请用 gripperpose train 启动（它会启动这些进程），或像 torchrun 一样设置 RANK、WORLD_SIZE、MASTER_ADDR 和 MASTER_PORT</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>device=%1 names %2 devices but %3 processes run on this machine</source>
        <translation>device=%1 指定了 %2 个设备，但本机运行着 %3 个进程</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>device=%1 is not available (found %2 GPU(s)); use device=cpu</source>
        <translation>device=%1 不可用（找到 %2 块 GPU）；请使用 device=cpu</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>amp=fp16 needs a GPU; on the CPU use amp=off or amp=bf16</source>
        <translation>amp=fp16 需要 GPU；在 CPU 上请使用 amp=off 或 amp=bf16</translation>
    </message>
    <message>
        <location line="+50"/>
        <source>%1 does not fit %2: %3</source>
        <translation>%1 与 %2 不匹配：%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>train: from scratch (%1)</source>
        <translation>train：从头训练（%1）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>train: from %1</source>
        <translation>train：从 %1 开始</translation>
    </message>
    <message>
        <location line="+45"/>
        <source>%1: cannot create the run folder</source>
        <translation>%1：无法创建运行文件夹</translation>
    </message>
    <message>
        <location filename="../core/train/trainingrun.cpp" line="+330"/>
        <location filename="../core/train/trainingrunsetup.cpp" line="+6"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location filename="../core/train/trainingrunsetup.cpp" line="-177"/>
        <source>%1 (rank 0 of %2 processes, device=%3)</source>
        <translation>%1（%2 个进程中的第 0 个，device=%3）</translation>
    </message>
    <message>
        <location line="+205"/>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <location filename="../core/train/trainingrun.cpp" line="-167"/>
        <source>the loss was not finite for %1 batches in a row (epoch %2, batch %3); lower lr0 (now %4) or check the labels</source>
        <translation>损失连续 %1 个批次为非有限值（第 %2 轮，第 %3 批）；请降低 lr0（当前为 %4）或检查标签</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>epoch %1, batch %2: the loss is not finite; the step is skipped</source>
        <translation>第 %1 轮，第 %2 批：损失为非有限值；已跳过此步</translation>
    </message>
    <message>
        <location line="-46"/>
        <source>the weights of the %1 processes differ after epoch %2; the run is stopped</source>
        <translation>第 %2 轮结束后 %1 个进程的权重不一致；训练已停止</translation>
    </message>
    <message>
        <location line="+181"/>
        <source>saving the checkpoint failed: %1</source>
        <translation>保存检查点失败：%1</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>saving the checkpoint failed, the previous one is kept: %1</source>
        <translation>保存检查点失败，已保留上一个检查点：%1</translation>
    </message>
    <message>
        <location line="-246"/>
        <source>out of memory at batch=%1, imgsz=%2; try batch=%3</source>
        <translation>在 batch=%1、imgsz=%2 时内存不足；请尝试 batch=%3</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>training failed: %1</source>
        <translation>训练失败：%1</translation>
    </message>
</context>
<context>
    <name>TrainingConfig</name>
    <message>
        <location filename="../core/train/trainingconfig.cpp" line="+26"/>
        <source>dataset data.yaml</source>
        <translation>数据集 data.yaml</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder for the label cache (empty: .gripperpose-cache beside data.yaml)</source>
        <translation>标签缓存文件夹（为空：data.yaml 旁的 .gripperpose-cache）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>yolov8{n,s,m,l,x}-pose, a checkpoint or a weight file to start from</source>
        <translation>yolov8{n,s,m,l,x}-pose，或作为起点的检查点或权重文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder of the runs</source>
        <translation>运行结果的文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run name (a number is appended when it exists)</source>
        <translation>运行名称（已存在时追加编号）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reuse an existing run folder</source>
        <translation>复用已有的运行文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>checkpoint to resume (weights/last)</source>
        <translation>要恢复训练的检查点（weights/last）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cpu, a GPU index, or several for one process each: 0,1 or cpu,cpu (empty: the first GPU, else the CPU)</source>
        <translation>cpu、GPU 编号，或多个设备（每个一个进程）：0,1 或 cpu,cpu（留空：第一个 GPU，否则为 CPU）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>number of epochs</source>
        <translation>训练轮次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>stop after this many epochs without a better fitness</source>
        <translation>适应度连续这么多轮没有提升时停止</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>images per batch</source>
        <translation>每批图像数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>network input size (multiple of 32)</source>
        <translation>网络输入尺寸（32 的倍数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>data loading threads (0: in the training thread)</source>
        <translation>数据加载线程数（0：在训练线程中加载）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>random seed</source>
        <translation>随机种子</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>use deterministic algorithms</source>
        <translation>使用确定性算法</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SGD, Adam, AdamW, MuSGD or auto</source>
        <translation>SGD、Adam、AdamW、MuSGD 或 auto</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>initial learning rate</source>
        <translation>初始学习率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>final learning rate as a fraction of lr0</source>
        <translation>最终学习率占 lr0 的比例</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>SGD momentum / Adam beta1</source>
        <translation>SGD 动量 / Adam beta1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weight decay (scaled by batch/nbs)</source>
        <translation>权重衰减（按 batch/nbs 缩放）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>warmup epochs</source>
        <translation>预热轮次</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>momentum at the start of warmup</source>
        <translation>预热开始时的动量</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>bias learning rate at the start of warmup</source>
        <translation>预热开始时的偏置学习率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cosine learning-rate schedule (else linear)</source>
        <translation>余弦学习率调度（否则为线性）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>nominal batch size for gradient accumulation</source>
        <translation>梯度累积的名义批大小</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>mixed precision: auto (GPU: fp16; CPU: bf16 where the CPU has it natively, else fp32), off, fp16 or bf16</source>
        <translation>混合精度：auto（GPU：fp16；CPU：原生支持时用 bf16，否则用 fp32）、off、fp16 或 bf16</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>keep an exponential moving average of the weights</source>
        <translation>保留权重的指数移动平均</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>gradient norm clipping (0: off)</source>
        <translation>梯度范数裁剪（0：关闭）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>box loss gain</source>
        <translation>框损失增益</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>class loss gain</source>
        <translation>分类损失增益</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>distribution focal loss gain</source>
        <translation>分布焦点损失（DFL）增益</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keypoint location loss gain</source>
        <translation>关键点位置损失增益</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keypoint visibility loss gain</source>
        <translation>关键点可见性损失增益</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>hue augmentation (fraction)</source>
        <translation>色调增强（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>saturation augmentation (fraction)</source>
        <translation>饱和度增强（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>value augmentation (fraction)</source>
        <translation>明度增强（比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rotation (± degrees)</source>
        <translation>旋转（± 度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>translation (± fraction)</source>
        <translation>平移（± 比例）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>scale (± gain)</source>
        <translation>缩放（± 增益）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>shear (± degrees)</source>
        <translation>剪切（± 度）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>perspective (± fraction, 0-0.001)</source>
        <translation>透视（± 比例，0-0.001）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vertical flip probability</source>
        <translation>垂直翻转概率</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>horizontal flip probability (swaps left/right keypoints)</source>
        <translation>水平翻转概率（交换左右关键点）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mosaic probability</source>
        <translation>mosaic 概率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>mixup probability</source>
        <translation>mixup 概率</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gaussian blur probability (sigma 0.5-2 px at 640)</source>
        <translation>高斯模糊概率（640 下 sigma 0.5-2 像素）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>motion blur probability (random direction, up to 60 px per frame at 720p)</source>
        <translation>运动模糊概率（方向随机，720p 下每帧最多 60 像素）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>low-light probability (exposure 3-25 %, gamma, colour cast, sensor noise)</source>
        <translation>低光照概率（曝光 3-25 %、伽马、偏色、传感器噪声）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Gaussian sensor noise probability (sigma 2-10 levels)</source>
        <translation>高斯传感器噪声概率（sigma 2-10 级）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>occluder paste probability: covers 20-60 % of one gripper, covered points become occluded (v=1)</source>
        <translation>遮挡物粘贴概率：遮住一个夹爪的 20-60 %，被遮住的点变为遮挡（v=1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>turn mosaic off for the last N epochs</source>
        <translation>最后 N 轮关闭 mosaic</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validate after every epoch</source>
        <translation>每轮结束后进行验证</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation confidence threshold</source>
        <translation>验证时的置信度阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>validation NMS IoU threshold</source>
        <translation>验证时的 NMS IoU 阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maximum detections per image</source>
        <translation>每张图像的最大检测数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fraction of the train images to use</source>
        <translation>使用的训练图像比例</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>also save weights every N epochs (-1: off)</source>
        <translation>另外每 N 轮保存一次权重（-1：关闭）</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>unknown training key &quot;%1&quot;</source>
        <translation>未知的训练键“%1”</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>%1=%2: not a valid value</source>
        <translation>%1=%2：不是有效的值</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>epochs must be at least 1</source>
        <translation>epochs 至少为 1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>batch must be at least 1</source>
        <translation>batch 至少为 1</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>imgsz=%1 must be a positive multiple of 32 (the largest stride)</source>
        <translation>imgsz=%1 必须是 32（最大步幅）的正整数倍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>workers must not be negative</source>
        <translation>workers 不能为负</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lr0 and lrf must be positive</source>
        <translation>lr0 和 lrf 必须为正</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>optimizer=%1 must be SGD, Adam, AdamW, MuSGD or auto</source>
        <translation>optimizer=%1 必须是 SGD、Adam、AdamW、MuSGD 或 auto</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>amp=%1 must be auto, off, fp16 or bf16</source>
        <translation>amp=%1 必须为 auto、off、fp16 或 bf16</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1 must lie in [0, 1]</source>
        <translation>%1 必须位于 [0, 1] 内</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>conf must lie in [0, 1) and iou in (0, 1]</source>
        <translation>conf 必须位于 [0, 1) 内，iou 必须位于 (0, 1] 内</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>device=%1: &quot;%2&quot; is neither cpu nor a GPU index</source>
        <translation>device=%1：“%2”既不是 cpu 也不是 GPU 编号</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>device=%1 mixes the CPU and GPUs; train on one kind</source>
        <translation>device=%1 混用了 CPU 和 GPU；请只用一种</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>device=%1 names a GPU twice</source>
        <translation>device=%1 重复指定了同一个 GPU</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>batch=%1 must be a multiple of the %2 devices (each trains on batch/%2 images)</source>
        <translation>batch=%1 必须是设备数 %2 的整数倍（每个设备训练 batch/%2 张图像）</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>expected a mapping of training keys</source>
        <translation>应为训练键的映射</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>not valid YAML: %1</source>
        <translation>不是有效的 YAML：%1</translation>
    </message>
</context>
<context>
    <name>TrainingData</name>
    <message>
        <location filename="../core/train/trainingdata.cpp" line="+20"/>
        <source>%1: cannot read</source>
        <translation>%1：无法读取</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>data.yaml has no %1 split</source>
        <translation>data.yaml 中没有 %1 划分</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1 was written by an earlier version of GripperPose Studio in Ultralytics&apos; place for its own cache; it is removed so that Ultralytics works again</source>
        <translation>%1 是旧版 GripperPose Studio 写在 Ultralytics 自身缓存位置上的文件；已将其删除，以便 Ultralytics 恢复正常</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 cannot be used:</source>
        <translation>%1 无法使用：</translation>
    </message>
</context>
<context>
    <name>TrainingSession</name>
    <message>
        <location filename="../core/train/trainingsession.cpp" line="+44"/>
        <source>rank %1: %2</source>
        <translation>第 %1 个进程：%2</translation>
    </message>
</context>
<context>
    <name>UnsavedEditsPrompt</name>
    <message>
        <location filename="../app/studio/label/unsavededitsprompt.cpp" line="+28"/>
        <source>Labels Not Saved</source>
        <translation>标注未保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The labels of %1 could not be saved:
%2

They are kept here and saved as soon as that works. Leave the image and lose them?</source>
        <translation>%1 的标注无法保存：
%2

它们保留在这里，一旦可以写入就会保存。要离开此图像并丢弃它们吗？</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Scenario Tags Not Saved</source>
        <translation>场景标签未保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>The scenario tags could not be saved:
%1

They are kept here and saved as soon as that works. Close the project and lose them?</source>
        <translation>场景标签无法保存：
%1

它们保留在这里，一旦可以写入就会保存。要关闭项目并丢弃它们吗？</translation>
    </message>
</context>
<context>
    <name>ValCommand</name>
    <message>
        <location filename="../app/cli/valcommand.cpp" line="+18"/>
        <source>validate a checkpoint or weight file: box and pose P, R, mAP50, mAP50-95 and per-keypoint errors</source>
        <translation>验证检查点或权重文件：框和姿态的 P、R、mAP50、mAP50-95 以及每个关键点的误差</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the dataset&apos;s data.yaml</source>
        <translation>数据集的 data.yaml</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train, val or test</source>
        <translation>train、val 或 test</translation>
    </message>
    <message>
        <location line="-2"/>
        <source>checkpoint (weights/best.ckpt), weight file or .onnx export (layout=raw)</source>
        <translation>检查点（weights/best.ckpt）、权重文件或 .onnx 导出（layout=raw）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>network input size (an .onnx file uses its own)</source>
        <translation>网络输入尺寸（.onnx 文件使用其自身的尺寸）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>images per batch</source>
        <translation>每批图像数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cpu or a GPU index (empty: the first GPU, else the CPU)</source>
        <translation>cpu 或 GPU 编号（留空：第一块 GPU，没有则用 CPU）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>run a checkpoint or weight file in bfloat16, as predict bf16=true does (metrics only, no loss)</source>
        <translation>以 bfloat16 运行检查点或权重文件，与 predict bf16=true 相同（只计算指标，不计算损失）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>confidence threshold</source>
        <translation>置信度阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>NMS IoU threshold</source>
        <translation>NMS IoU 阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maximum detections per image</source>
        <translation>每张图像的最大检测数</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>correction of each image before inference: %1 (for dark footage)</source>
        <translation>推理前对每张图像的校正：%1（用于昏暗画面）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder of the runs</source>
        <translation>运行结果的文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>run name</source>
        <translation>运行名称</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>folder for the label cache (empty: .gripperpose-cache beside data.yaml)</source>
        <translation>标签缓存文件夹（为空：data.yaml 旁的 .gripperpose-cache）</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>imgsz must be a multiple of 32 and batch at least 1</source>
        <translation>imgsz 必须是 32 的倍数，且 batch 至少为 1</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>val</source>
        <translation>验证</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 images, %2 instances, %3 images/s</source>
        <translation>%1 张图像，%2 个实例，%3 张/秒</translation>
    </message>
    <message>
        <location line="-77"/>
        <source>P</source>
        <translation>P</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R</source>
        <translation>R</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Box</source>
        <translation>框</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Pose</source>
        <translation>姿态</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>fitness %1</source>
        <translation>适应度 %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per keypoint (matched at OKS ≥ 0.5): mean error px, mean OKS</source>
        <translation>每个关键点（按 OKS ≥ 0.5 匹配）：平均误差（像素）、平均 OKS</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>visible: %1 px (%2), occluded: %3 px (%4)</source>
        <translation>可见：%1 px（%2），遮挡：%3 px（%4）</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Scenario %1: %2 images, %3 instances</source>
        <translation>场景 %1：%2 张图像，%3 个实例</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>metrics written to %1</source>
        <translation>指标已写入 %1</translation>
    </message>
</context>
<context>
    <name>ValImageStrip</name>
    <message>
        <location filename="../widgets/valimagestrip.cpp" line="+109"/>
        <source>%1: cannot read the image</source>
        <translation>%1：无法读取图像</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>%1
OKS %2 (the lowest of its objects); click to open it in the Label workspace</source>
        <translation>%1
OKS %2（其目标中最低者）；点击可在标注工作区中打开</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>OKS %1</source>
        <translation>OKS %1</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Worst validation images after epoch %1 (lowest OKS first; white rings: labels, dots: the model). Click one to fix or check its labels.</source>
        <translation>第 %1 轮后最差的验证图像（OKS 最低的在前；白色圆环：标签，圆点：模型预测）。点击一张可修正或检查其标签。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The validation images the model does worst on appear after the first validation.</source>
        <translation>第一次验证后，这里会显示模型表现最差的验证图像。</translation>
    </message>
</context>
<context>
    <name>ValidationRunner</name>
    <message>
        <location filename="../core/train/validationrunner.cpp" line="+48"/>
        <source>%1: bf16 applies to checkpoints and weight files; an .onnx export keeps the precision it was exported with</source>
        <translation>%1：bf16 只适用于检查点和权重文件；.onnx 导出文件保持导出时的精度</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1 predicts %3 classes and %4x%5 keypoints; %2 has %6 classes and %7x%8 keypoints</source>
        <extracomment>%1 is a model file, %2 a data.yaml; the numbers are class and keypoint counts.</extracomment>
        <translation>%1 预测 %3 个类别和 %4x%5 个关键点；%2 有 %6 个类别和 %7x%8 个关键点</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>%1 does not fit %2: %3</source>
        <translation>%1 与 %2 不匹配：%3</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1: no tensor fits a %2 model</source>
        <translation>%1：没有与 %2 模型匹配的张量</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>bf16 needs a CPU whose convolutions run in bf16 (AVX512-BF16, AVX-512 or AMX); this one has none: run without bf16=true</source>
        <translation>bf16 需要能以 bf16 运行卷积的 CPU（AVX512-BF16、AVX-512 或 AMX）；本机 CPU 不支持：请去掉 bf16=true 再运行</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>%1: cannot write: %2</source>
        <translation>%1：无法写入：%2</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>validation failed: %1</source>
        <translation>验证失败：%1</translation>
    </message>
</context>
<context>
    <name>VideoDecoder</name>
    <message>
        <location filename="../core/video/videodecoder.cpp" line="+21"/>
        <source>%1: no such file</source>
        <translation>%1：文件不存在</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: not a video this build can decode</source>
        <translation>%1：不是此版本能够解码的视频</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>%1: the video reports no frames (truncated or a stream without an index)</source>
        <translation>%1：视频报告没有帧（文件不完整，或是没有索引的流）</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>%1 is not a camera or a stream</source>
        <translation>%1 不是摄像头或视频流</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+27"/>
        <source>no video is open</source>
        <translation>没有打开的视频</translation>
    </message>
    <message>
        <location line="-20"/>
        <source>%1: no more frames</source>
        <translation>%1：没有更多帧</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>%1: frame %2 is past the last frame %3</source>
        <translation>%1：第 %2 帧超出了最后一帧 %3</translation>
    </message>
    <message>
        <location line="+31"/>
        <location line="+16"/>
        <source>%1: frame %2 could not be decoded (the file may be truncated)</source>
        <translation>%1：第 %2 帧无法解码（文件可能不完整）</translation>
    </message>
</context>
<context>
    <name>VideoPipeline</name>
    <message>
        <location filename="../core/infer/videopipeline.cpp" line="+151"/>
        <source>%1 stage failed: %2</source>
        <translation>%1 阶段失败：%2</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 stage failed</source>
        <translation>%1 阶段失败</translation>
    </message>
    <message>
        <location line="+153"/>
        <source>frames %1-%2: %3</source>
        <translation>第 %1-%2 帧：%3</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the detector returned no result</source>
        <translation>检测器没有返回结果</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>the pipeline is already running</source>
        <translation>流水线已在运行</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>vid_stride and the queue size must be at least 1; batch and workers at least 0 (automatic)</source>
        <translation>vid_stride 和队列大小至少为 1；batch 和 workers 至少为 0（自动）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>the frame range %1-%2 is empty</source>
        <translation>帧范围 %1-%2 为空</translation>
    </message>
</context>
<context>
    <name>VideoTimeline</name>
    <message>
        <location filename="../widgets/videotimeline.cpp" line="+125"/>
        <source>Pause (Space)</source>
        <translation>暂停（Space）</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Play (Space)</source>
        <translation>播放（Space）</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>No video</source>
        <translation>无视频</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Frame %1 / %2 · %3 / %4</source>
        <translation>帧 %1 / %2 · %3 / %4</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Previous frame</source>
        <translation>上一帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next frame</source>
        <translation>下一帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Drag to scrub through the video frame by frame</source>
        <translation>拖动以逐帧浏览视频</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>−10</source>
        <extracomment>A button that steps 10 frames back.</extracomment>
        <translation>−10</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>+10</source>
        <extracomment>A button that steps 10 frames forward.</extracomment>
        <translation>+10</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>[</source>
        <extracomment>The button that starts the loop range.</extracomment>
        <translation>[</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>]</source>
        <extracomment>The button that ends the loop range.</extracomment>
        <translation>]</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Back 10 frames</source>
        <translation>后退 10 帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Forward 10 frames</source>
        <translation>前进 10 帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Go to…</source>
        <translation>跳转…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Type a frame number (120) or a time (1:02.5 or 62.5s) and press Enter</source>
        <translation>输入帧号（120）或时间（1:02.5 或 62.5s）后按回车</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Playback speed</source>
        <translation>播放速度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Start the loop range at this frame</source>
        <translation>循环区间从此帧开始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>End the loop range at this frame</source>
        <translation>循环区间在此帧结束</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Loop</source>
        <translation>循环</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Play frames %1 to %2 over and over</source>
        <translation>反复播放第 %1 到 %2 帧</translation>
    </message>
</context>
<context>
    <name>VideoTruth</name>
    <message>
        <location filename="../core/dataset/videotruth.cpp" line="+22"/>
        <source>%1: cannot read: %2</source>
        <translation>%1：无法读取：%2</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>%1: not JSON: %2 at offset %3</source>
        <translation>%1：不是 JSON：%2（偏移量 %3）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>%1: expected an object with a &quot;frames&quot; array</source>
        <translation>%1：应为包含 &quot;frames&quot; 数组的对象</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>%1: frames[%2]</source>
        <translation>%1：frames[%2]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1: &quot;frame&quot; missing or not a number</source>
        <translation>%1：&quot;frame&quot; 缺失或不是数字</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>%1.instances[%2]: expected a box of 4 numbers and %3 keypoints, found %4 and %5</source>
        <translation>%1.instances[%2]：应为 4 个数值的框和 %3 个关键点，实际为 %4 和 %5</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>%1.instances[%2]: a keypoint must be [x, y] or [x, y, v]</source>
        <translation>%1.instances[%2]：关键点必须为 [x, y] 或 [x, y, v]</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>%1.instances[%2]: visibility must be 0, 1 or 2</source>
        <translation>%1.instances[%2]：可见性必须为 0、1 或 2</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>track %1</source>
        <translation>轨迹 %1</translation>
    </message>
</context>
<context>
    <name>VideoWorkspace</name>
    <message>
        <location filename="../app/studio/video/videoworkspace.cpp" line="+311"/>
        <source>Open Video</source>
        <translation>打开视频</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Videos (*.mp4 *.avi *.mkv *.mov *.webm);;All files (*)</source>
        <translation>视频 (*.mp4 *.avi *.mkv *.mov *.webm);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Open Camera or Stream</source>
        <translation>打开摄像头或视频流</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Camera number (0 for the first) or stream address (rtsp://…, http://…):</source>
        <translation>摄像头编号（第一个为 0）或视频流地址（rtsp://…、http://…）：</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Choose a Model</source>
        <translation>选择模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Models (*.ckpt *.pt *.pth *.torchscript *.onnx);;All files (*)</source>
        <translation>模型 (*.ckpt *.pt *.pth *.torchscript *.onnx);;所有文件 (*)</translation>
    </message>
    <message>
        <location line="+160"/>
        <source>No video open</source>
        <translation>未打开视频</translation>
    </message>
    <message>
        <location line="+5"/>
        <location line="+12"/>
        <source>Opening…</source>
        <translation>正在打开…</translation>
    </message>
    <message>
        <location line="-10"/>
        <source>%1 × %2 · live</source>
        <translation>%1 × %2 · 实时</translation>
    </message>
    <message numerus="yes">
        <location line="+2"/>
        <source>%1 × %2 · %3 fps · %n frame(s)</source>
        <translation>
            <numerusform>%1 × %2 · %3 fps · %n 帧</numerusform>
        </translation>
    </message>
    <message>
        <location line="+92"/>
        <source>Open a video file of a project first.</source>
        <translation>请先打开项目中的视频文件。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Analyse the video first: the frames between are filled from the model&apos;s tracks.</source>
        <translation>请先分析视频：中间帧根据模型的轨迹填充。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Frames are being sent to labelling already.</source>
        <translation>已有帧正在发送到标注。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Correct at least two frames of this video in the Label workspace (%1 images, accepted) first: the frames between them are filled from those.</source>
        <extracomment>%1 is a split (train).</extracomment>
        <translation>请先在标注工作区校正该视频的至少两帧（%1 图像，已接受）：它们之间的帧据此填充。</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>The corrected frames of this video are consecutive: there is no frame between them to fill.</source>
        <translation>该视频已校正的帧是连续的：它们之间没有可填充的帧。</translation>
    </message>
    <message numerus="yes">
        <location line="+8"/>
        <source>%n corrected frame(s) have labels that do not read: left out</source>
        <extracomment>%n labelled frames whose label files do not read.</extracomment>
        <translation>
            <numerusform>%n 个已校正帧的标注无法读取：已跳过</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+7"/>
        <source>%n frame(s) sent to labelling</source>
        <translation>
            <numerusform>已将 %n 帧发送到标注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <location line="+3"/>
        <source>%n were in the dataset already (left alone)</source>
        <translation>
            <numerusform>%n 帧已在数据集中（保持不变）</numerusform>
        </translation>
    </message>
    <message>
        <location line="+34"/>
        <source>Camera / Stream…</source>
        <translation>摄像头 / 视频流…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Fill Between Corrected Frames</source>
        <translation>填充校正帧之间的帧(&amp;F)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Carry your corrections on this video&apos;s labelled frames to the frames between them (the model&apos;s tracks, shifted by the corrections; interpolation where the model lost the object), written for review, the frame that most needs a look first</source>
        <translation>把您在该视频已标注帧上的校正传递到它们之间的帧（模型的轨迹按校正平移；模型丢失目标处使用插值），写入后待审核，最需要查看的帧排在最前</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Add the frame on screen to the project&apos;s train images, with the predictions as labels marked &quot;needs review&quot;, and open it in the Label workspace (%1)</source>
        <extracomment>%1 is a key (E).</extracomment>
        <translation>将屏幕上的帧加入项目的训练图像，以预测作为标注并标记为“需要审核”，然后在标注工作区中打开（%1）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Overlay</source>
        <translation>叠加显示</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Smoothing</source>
        <translation>平滑</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Worst Frames</source>
        <translation>最差帧</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Previous frame</source>
        <translation>上一帧</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Next frame</source>
        <translation>下一帧</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Back 10 frames</source>
        <translation>后退 10 帧</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Forward 10 frames</source>
        <translation>前进 10 帧</translation>
    </message>
    <message>
        <location line="-177"/>
        <source>Open a video to play it frame by frame.</source>
        <translation>打开视频以逐帧播放。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Analysing the video…</source>
        <translation>正在分析视频…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Export Annotated Video</source>
        <translation>导出带标注的视频</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Annotated video and per-frame keypoints (*.mp4)</source>
        <translation>带标注的视频和逐帧关键点 (*.mp4)</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Exporting %1…</source>
        <translation>正在导出 %1…</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Open a project and a video first.</source>
        <translation>请先打开一个项目和一个视频。</translation>
    </message>
    <message>
        <location line="+111"/>
        <source>&amp;Open Video…</source>
        <translation>打开视频(&amp;O)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Play / Pause</source>
        <translation>播放 / 暂停</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Label This Frame</source>
        <translation>标注此帧(&amp;L)</translation>
    </message>
</context>
<context>
    <name>WorstFrames</name>
    <message>
        <location filename="../core/analysis/worstframes.cpp" line="+86"/>
        <source>Low confidence</source>
        <translation>低置信度</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jump</source>
        <translation>跳变</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Jitter</source>
        <translation>抖动</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Track switch</source>
        <translation>轨迹切换</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Left/right swap</source>
        <translation>左右互换</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>px</source>
        <extracomment>Unit after a number of pixels.</extracomment>
        <translation>px</translation>
    </message>
</context>
<context>
    <name>WorstFramesPanel</name>
    <message>
        <location filename="../app/studio/video/worstframespanel.cpp" line="+157"/>
        <source>no analysis</source>
        <translation>未分析</translation>
    </message>
    <message numerus="yes">
        <location line="+6"/>
        <source>%n frame(s) selected</source>
        <translation>
            <numerusform>已选中 %n 帧</numerusform>
        </translation>
    </message>
    <message>
        <location line="+5"/>
        <source>track started or ended</source>
        <translation>轨迹开始或结束</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Frame %1 · %2</source>
        <translation>第 %1 帧 · %2</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Criterion</source>
        <translation>标准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Threshold</source>
        <translation>阈值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Frames with a confidence below, or a jump, jitter or swap above this value count</source>
        <translation>置信度低于此值，或跳变、抖动、互换高于此值的帧计入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Show</source>
        <translation>显示</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Spread over the video</source>
        <translation>分布于整个视频</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Pick frames far apart rather than the worst neighbours of one bad moment</source>
        <translation>选取相隔较远的帧，而不是同一糟糕时刻的相邻最差帧</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Split</source>
        <translation>划分</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Send Frames to Labelling</source>
        <translation>发送帧到标注</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Writes the selected frames (all listed when none is selected) into the split with the predictions as labels, marked &quot;needs review&quot;; existing images are never overwritten</source>
        <translation>将选中的帧（未选中时为列出的全部帧）写入该划分，以预测作为标注并标记为“需要审核”；不会覆盖已有图像</translation>
    </message>
</context>
<context>
    <name>WritableFolder</name>
    <message>
        <location filename="../core/dataset/writablefolder.cpp" line="+21"/>
        <source>%1 does not exist</source>
        <translation>%1 不存在</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>%1 is a file, not a folder</source>
        <translation>%1 是文件，而不是文件夹</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the folder %1 is read-only</source>
        <translation>文件夹 %1 是只读的</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>the folder cannot be created</source>
        <translation>无法创建该文件夹</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>%1: cannot write there: %2</source>
        <translation>%1：无法写入该处：%2</translation>
    </message>
</context>
<context>
    <name>YoloToCocoCommand</name>
    <message>
        <location filename="../app/cli/cococommands.cpp" line="+6"/>
        <source>write one split of an Ultralytics pose dataset as COCO keypoints JSON</source>
        <translation>将 Ultralytics 姿态数据集的一个子集写为 COCO 关键点 JSON</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>the dataset&apos;s data.yaml</source>
        <translation>数据集的 data.yaml</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>train, val or test</source>
        <translation>train、val 或 test</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the COCO JSON file to write</source>
        <translation>要写入的 COCO JSON 文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>skeleton JSON (default: the 14-point gripper)</source>
        <translation>骨架 JSON（默认：14 点夹爪）</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>wrote %1 images to %2; %3 problems skipped</source>
        <translation>已将 %1 张图像写入 %2；跳过了 %3 个问题</translation>
    </message>
</context>
<context>
    <name>gp::AnnotationDocument</name>
    <message>
        <location filename="../core/annotation/annotationdocument.cpp" line="+248"/>
        <location line="+40"/>
        <source>Place %1</source>
        <translation>放置 %1</translation>
    </message>
    <message>
        <location line="-23"/>
        <location line="+11"/>
        <source>Skip %1</source>
        <translation>跳过 %1</translation>
    </message>
    <message>
        <location line="+103"/>
        <location line="+40"/>
        <source>Move %1</source>
        <translation>移动 %1</translation>
    </message>
    <message>
        <location line="-16"/>
        <source>Move the %1 gripper of object %2</source>
        <extracomment>%1 is a side of the skeleton (&quot;left&quot; or &quot;right&quot;), %2 an object&apos;s number.</extracomment>
        <translation>移动目标 %2 的%1夹爪</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Accept object %1</source>
        <translation>接受目标 %1</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Accept the confident points</source>
        <translation>接受置信的点</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Accept every point</source>
        <translation>接受所有点</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Mark %1 occluded</source>
        <translation>将 %1 标为遮挡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark %1 visible</source>
        <translation>将 %1 标为可见</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mark %1 absent</source>
        <translation>将 %1 标为缺失</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>Clear %1</source>
        <translation>清除 %1</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>New object</source>
        <translation>新建目标</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Delete object %1</source>
        <translation>删除目标 %1</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Adjust box of object %1</source>
        <translation>调整目标 %1 的框</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Fit box of object %1 to its points</source>
        <translation>使目标 %1 的框贴合其关键点</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Swap left and right of object %1</source>
        <translation>交换目标 %1 的左右点</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Mark as background</source>
        <translation>标记为背景</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Copy objects</source>
        <translation>复制目标</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>The project folder %1 is gone (renamed, moved or deleted?). The edit is kept here and written as soon as the folder is back.</source>
        <translation>项目文件夹 %1 不见了（被重命名、移动或删除？）。编辑保留在此，文件夹恢复后立即写入。</translation>
    </message>
    <message>
        <location line="+53"/>
        <source>%1 was changed by another program, and its version could not be kept as %2; the edit made here is not written over it.</source>
        <translation>%1 已被其他程序修改，且无法将其版本保存为 %2；此处的编辑不会覆盖它。</translation>
    </message>
</context>
</TS>
