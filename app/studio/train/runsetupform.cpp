#include "runsetupform.h"
#include "savefilecommit.h"

#include "configfield.h"
#include "devicechooser.h"
#include "project.h"

#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QSaveFile>
#include <QScrollArea>
#include <QStandardPaths>
#include <QVBoxLayout>

using gp::ComputeDevice;
using gp::Project;
using gp::TrainingConfig;

namespace {

enum PresetIndex { RecipePreset = 0, UltralyticsPreset = 1, FirstSavedPreset = 2 };

// The message is about `key` when it names it as a word ("imgsz=70 must…", "lr0 and lrf…").
bool mentions(const QString &message, const QString &key)
{
    return message.contains(QRegularExpression(
        QStringLiteral("(^|[^A-Za-z0-9_])%1([^A-Za-z0-9_]|$)").arg(QRegularExpression::escape(key))));
}

} // namespace

RunSetupForm::RunSetupForm(QWidget *parent)
    : QWidget(parent)
    , m_datasetLabel(new QLabel(this))
    , m_presetLabel(new QLabel(this))
    , m_presetBox(new QComboBox(this))
    , m_saveButton(new QPushButton(this))
    , m_loadButton(new QPushButton(this))
    , m_fromRunButton(new QPushButton(this))
    , m_browseModel(new QPushButton(this))
    , m_deviceLabel(new QLabel(QStringLiteral("device"), this))
    , m_devices(new DeviceChooser(this))
    , m_problemLabel(new QLabel(this))
{
    m_datasetLabel->setWordWrap(true);
    m_problemLabel->setWordWrap(true);
    m_problemLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_problemLabel->setStyleSheet(QStringLiteral("color: #c0392b;"));
    m_devices->setObjectName(QStringLiteral("field_device"));

    auto *presets = new QHBoxLayout;
    presets->addWidget(m_presetLabel);
    presets->addWidget(m_presetBox, 1);
    auto *presetButtons = new QHBoxLayout;
    presetButtons->addWidget(m_saveButton);
    presetButtons->addWidget(m_loadButton);
    presetButtons->addWidget(m_fromRunButton);

    auto *body = new QWidget;
    auto *bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(0, 0, 4, 0);
    m_filling = true;
    buildFields();
    for (QGroupBox *g : m_groupBoxes)
        bodyLayout->addWidget(g);
    bodyLayout->addStretch(1);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(body);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_datasetLabel);
    layout->addLayout(presets);
    layout->addLayout(presetButtons);
    layout->addWidget(scroll, 1);
    layout->addWidget(m_problemLabel);

    connect(m_presetBox, qOverload<int>(&QComboBox::activated), this, &RunSetupForm::onPresetChosen);
    connect(m_saveButton, &QPushButton::clicked, this, &RunSetupForm::savePresetDialog);
    connect(m_loadButton, &QPushButton::clicked, this, &RunSetupForm::loadPresetDialog);
    connect(m_fromRunButton, &QPushButton::clicked, this, &RunSetupForm::loadFromRunDialog);
    connect(m_browseModel, &QPushButton::clicked, this, &RunSetupForm::browseModel);
    connect(m_devices, &DeviceChooser::edited, this, &RunSetupForm::validate);
    for (ConfigField *f : std::as_const(m_fields))
        connect(f, &ConfigField::edited, this, &RunSetupForm::validate);
    fillPresets();
    applyRecipe();
    m_filling = false;
    retranslateUi();
    validate();
}

RunSetupForm::~RunSetupForm() = default;

std::vector<RunSetupForm::Group> RunSetupForm::groups()
{
    auto keys = [](const char *list) { return QString::fromLatin1(list).split(QLatin1Char(' ')); };
    return {
        { QT_TR_NOOP("Model and run"), keys("model name") },
        { QT_TR_NOOP("Schedule"),
            keys("epochs patience batch imgsz close_mosaic fraction save_period seed deterministic") },
        { QT_TR_NOOP("Hardware"), keys("device workers amp") },
        { QT_TR_NOOP("Optimizer"),
            keys("optimizer lr0 lrf cos_lr momentum weight_decay warmup_epochs warmup_momentum warmup_bias_lr nbs "
                 "clip_grad ema") },
        { QT_TR_NOOP("Augmentation"),
            keys("mosaic mixup hsv_h hsv_s hsv_v degrees translate scale shear perspective flipud fliplr") },
        { QT_TR_NOOP("Loss gains"), keys("box pose kobj cls dfl") },
        { QT_TR_NOOP("Validation"), keys("val conf iou max_det") },
    };
}

bool RunSetupForm::isProjectKey(const QString &key)
{
    return key == QLatin1String("data") || key == QLatin1String("project") || key == QLatin1String("resume")
        || key == QLatin1String("exist_ok");
}

void RunSetupForm::buildFields()
{
    // Every key of the trainer has a place: those no group names go under "Other", so a
    // key added to TrainingConfig appears here without touching the form.
    std::vector<Group> all = groups();
    QStringList placed;
    for (const Group &g : all)
        placed += g.keys;
    Group other { QT_TR_NOOP("Other"), {} };
    for (const TrainingConfig::Key &k : TrainingConfig::keys())
        if (!placed.contains(k.name) && !isProjectKey(k.name))
            other.keys << k.name;
    if (!other.keys.isEmpty())
        all.push_back(other);
    QMap<QString, TrainingConfig::Key> byName;
    for (const TrainingConfig::Key &k : TrainingConfig::keys())
        byName.insert(k.name, k);
    for (const Group &g : all) {
        auto *box = new QGroupBox(this);
        auto *form = new QFormLayout(box);
        form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
        for (const QString &key : g.keys) {
            if (!byName.contains(key))
                continue; // a key this build of the trainer does not have
            if (key == QLatin1String("device")) {
                m_deviceLabel->setToolTip(byName[key].help);
                form->addRow(m_deviceLabel, m_devices);
                continue;
            }
            auto *field = new ConfigField(byName[key], box);
            m_fields.insert(key, field);
            if (key == QLatin1String("model")) {
                auto *row = new QHBoxLayout;
                row->addWidget(field->editor(), 1);
                row->addWidget(m_browseModel);
                form->addRow(field->label(), row);
            } else {
                form->addRow(field->label(), field->editor());
            }
        }
        m_groupBoxes.push_back(box);
        m_groupTitles.push_back(g.title);
    }
}

void RunSetupForm::setProject(std::shared_ptr<const Project> project)
{
    m_project = std::move(project);
    fillPresets();
    validate();
}

void RunSetupForm::setDevices(const std::vector<ComputeDevice> &devices)
{
    m_devices->setDevices(devices);
    validate();
}

void RunSetupForm::setDatasetSummary(const QString &text)
{
    m_datasetLabel->setText(text);
}

TrainingConfig RunSetupForm::config() const
{
    TrainingConfig c;
    QString ignored;
    for (ConfigField *f : std::as_const(m_fields))
        c.set(f->key(), f->text(), &ignored);
    c.device = m_devices->text();
    if (m_project) {
        c.data = m_project->dataYaml();
        c.project = QDir(m_project->runsDir()).filePath(QStringLiteral("pose"));
    }
    return c;
}

QStringList RunSetupForm::explicitKeys() const
{
    const TrainingConfig recipe;
    const TrainingConfig c = config();
    QStringList keys;
    for (const TrainingConfig::Key &k : TrainingConfig::keys())
        if (k.name == QLatin1String("data") || k.name == QLatin1String("project") || k.name == QLatin1String("name")
            || c.get(k.name) != recipe.get(k.name))
            keys << k.name;
    return keys;
}

void RunSetupForm::setConfig(const TrainingConfig &config)
{
    m_filling = true;
    for (ConfigField *f : std::as_const(m_fields))
        f->setText(config.get(f->key()));
    m_devices->setText(config.device);
    m_filling = false;
    validate();
}

void RunSetupForm::applyRecipe()
{
    setConfig(TrainingConfig());
    m_presetBox->setCurrentIndex(RecipePreset);
}

void RunSetupForm::applyUltralyticsDefaults()
{
    setConfig(TrainingConfig::ultralyticsDefaults());
    m_presetBox->setCurrentIndex(UltralyticsPreset);
}

void RunSetupForm::validate()
{
    if (m_filling)
        return;
    // What `gripperpose train` does with the same text: set() each key, then validate().
    QMap<QString, QStringList> fieldErrors;
    QStringList problems;
    TrainingConfig c = config();
    for (ConfigField *f : std::as_const(m_fields)) {
        QString error;
        TrainingConfig probe;
        if (!probe.set(f->key(), f->text(), &error)) {
            fieldErrors[f->key()] << error;
            problems << error;
        }
    }
    for (const QString &message : c.validate()) {
        problems << message;
        for (ConfigField *f : std::as_const(m_fields))
            if (mentions(message, f->key()))
                fieldErrors[f->key()] << message;
        if (mentions(message, QStringLiteral("device")))
            fieldErrors[QStringLiteral("device")] << message;
    }
    if (!m_project)
        problems << tr("no project is open");
    else if (!QFileInfo::exists(m_project->dataYaml()))
        problems << tr("%1: the dataset's data.yaml is missing").arg(QDir::toNativeSeparators(m_project->dataYaml()));
    for (ConfigField *f : std::as_const(m_fields))
        f->setError(fieldErrors.value(f->key()).join(QLatin1Char('\n')));
    const QString deviceError = fieldErrors.value(QStringLiteral("device")).join(QLatin1Char('\n'));
    m_devices->setStyleSheet(
        deviceError.isEmpty() ? QString() : QStringLiteral("#field_device { border: 2px solid #c0392b; }"));
    m_devices->setToolTip(deviceError);
    problems.removeDuplicates();
    const bool wasValid = m_problems.isEmpty();
    m_problems = problems;
    m_problemLabel->setText(problems.join(QLatin1Char('\n')));
    m_problemLabel->setVisible(!problems.isEmpty());
    Q_EMIT edited();
    if (wasValid != m_problems.isEmpty())
        Q_EMIT validityChanged(m_problems.isEmpty());
}

QString RunSetupForm::presetFolder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath(QStringLiteral("presets"));
}

void RunSetupForm::fillPresets()
{
    const QString current = m_presetBox->currentText();
    m_presetBox->clear();
    m_presetBox->addItem(tr("GripperPose recipe (default)"));
    m_presetBox->addItem(tr("Ultralytics defaults"));
    const QDir dir(presetFolder());
    for (const QFileInfo &f : dir.entryInfoList({ QStringLiteral("*.yaml") }, QDir::Files, QDir::Name))
        m_presetBox->addItem(f.completeBaseName(), f.absoluteFilePath());
    const int i = m_presetBox->findText(current);
    m_presetBox->setCurrentIndex(std::max(0, i));
}

void RunSetupForm::onPresetChosen(int index)
{
    QString error;
    if (index == RecipePreset)
        applyRecipe();
    else if (index == UltralyticsPreset)
        applyUltralyticsDefaults();
    else if (!loadPreset(m_presetBox->itemData(index).toString(), &error))
        showProblem(error);
}

bool RunSetupForm::savePreset(const QString &file, QString *error) const
{
    QDir().mkpath(QFileInfo(file).absolutePath());
    QSaveFile out(file);
    if (!out.open(QIODevice::WriteOnly) || out.write(config().toYaml().toUtf8()) < 0 || !gp::commitSaveFile(out)) {
        *error = tr("%1: cannot write: %2").arg(file, out.errorString());
        return false;
    }
    return true;
}

bool RunSetupForm::loadPreset(const QString &file, QString *error)
{
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot read: %2").arg(file, in.errorString());
        return false;
    }
    QString why;
    const auto loaded = TrainingConfig::fromYaml(QString::fromUtf8(in.readAll()), &why);
    if (!loaded) {
        *error = tr("%1: %2").arg(file, why);
        return false;
    }
    setConfig(*loaded);
    return true;
}

bool RunSetupForm::loadFromRun(const QString &runDir, QString *error)
{
    return loadPreset(QDir(runDir).filePath(QStringLiteral("args.yaml")), error);
}

void RunSetupForm::savePresetDialog()
{
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save Preset"), tr("Preset name:"), QLineEdit::Normal,
        m_presetBox->currentIndex() >= FirstSavedPreset ? m_presetBox->currentText() : QString(), &ok)
                             .trimmed();
    if (!ok || name.isEmpty())
        return;
    QString safe = name;
    safe.replace(QRegularExpression(QStringLiteral("[/\\\\:*?\"<>|]")), QStringLiteral("_"));
    QString error;
    if (!savePreset(QDir(presetFolder()).filePath(safe + QStringLiteral(".yaml")), &error)) {
        showProblem(error);
        return;
    }
    fillPresets();
    m_presetBox->setCurrentIndex(std::max(0, m_presetBox->findText(safe)));
}

void RunSetupForm::loadPresetDialog()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Load Settings"), presetFolder(), tr("Training settings (*.yaml *.yml)"));
    QString error;
    if (!file.isEmpty() && !loadPreset(file, &error))
        showProblem(error);
}

void RunSetupForm::loadFromRunDialog()
{
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Load Settings from a Run"),
        m_project ? QDir(m_project->runsDir()).filePath(QStringLiteral("pose")) : QString());
    QString error;
    if (!dir.isEmpty() && !loadFromRun(dir, &error))
        showProblem(error);
}

void RunSetupForm::browseModel()
{
    const QString file
        = QFileDialog::getOpenFileName(this, tr("Start from Weights"), m_project ? m_project->runsDir() : QString(),
            tr("Checkpoints and weights (*.ckpt *.pt *.pth *.torchscript);;All files (*)"));
    if (file.isEmpty())
        return;
    m_fields.value(QStringLiteral("model"))->setText(file);
    validate();
}

void RunSetupForm::showProblem(const QString &message)
{
    m_problemLabel->setText(message);
    m_problemLabel->setVisible(true);
}

void RunSetupForm::retranslateUi()
{
    for (size_t i = 0; i < m_groupBoxes.size(); ++i)
        m_groupBoxes[i]->setTitle(tr(m_groupTitles[i]));
    for (const TrainingConfig::Key &k : TrainingConfig::keys()) {
        if (ConfigField *f = m_fields.value(k.name))
            f->setHelp(k.help);
        if (k.name == QLatin1String("device"))
            m_deviceLabel->setToolTip(k.help);
    }
    m_presetLabel->setText(tr("Preset:"));
    m_saveButton->setText(tr("Save Preset…"));
    m_saveButton->setToolTip(tr("Save these settings as a named preset (YAML with args.yaml's keys)"));
    m_loadButton->setText(tr("Load File…"));
    m_loadButton->setToolTip(tr("Load settings from a YAML file with args.yaml's keys"));
    m_fromRunButton->setText(tr("From Run…"));
    m_fromRunButton->setToolTip(tr("Load the settings of an earlier run (its args.yaml)"));
    m_browseModel->setText(tr("Browse…"));
    m_browseModel->setToolTip(tr("Start from a checkpoint or from Ultralytics weights (imported on the fly)"));
    if (m_presetBox->count() >= FirstSavedPreset) {
        m_presetBox->setItemText(RecipePreset, tr("GripperPose recipe (default)"));
        m_presetBox->setItemText(UltralyticsPreset, tr("Ultralytics defaults"));
    }
    if (m_datasetLabel->text().isEmpty())
        m_datasetLabel->setText(tr("Dataset: not checked yet."));
}

void RunSetupForm::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        validate();
    }
    QWidget::changeEvent(event);
}
