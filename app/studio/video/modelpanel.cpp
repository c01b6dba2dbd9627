#include "modelpanel.h"

#include "backgroundjob.h"
#include "detectioncache.h"
#include "predictioncontroller.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

using gp::DetectionCache;
using gp::Enhancement;
using gp::ImageEnhancement;
using gp::PredictorOptions;

ModelPanel::ModelPanel(PredictionController *predictions, QWidget *parent)
    : QWidget(parent)
    , m_predictions(predictions)
    , m_model(new QPushButton(this))
    , m_modelLabel(new QLabel(this))
    , m_imgszLabel(new QLabel(this))
    , m_imgsz(new QSpinBox(this))
    , m_confLabel(new QLabel(this))
    , m_conf(new QDoubleSpinBox(this))
    , m_enhanceLabel(new QLabel(this))
    , m_enhance(new QComboBox(this))
    , m_live(new QCheckBox(this))
    , m_range(new QCheckBox(this))
    , m_analyse(new QPushButton(this))
    , m_export(new QPushButton(this))
    , m_status(new QLabel(this))
{
    m_modelLabel->setWordWrap(true);
    m_modelLabel->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_imgsz->setRange(32, 4096);
    m_imgsz->setSingleStep(32);
    m_imgsz->setValue(predictions->predictorOptions().imgsz);
    m_conf->setRange(0.0, 1.0);
    m_conf->setSingleStep(0.05);
    m_conf->setValue(predictions->predictorOptions().conf);
    m_status->setWordWrap(true);
    auto *form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(m_model, m_modelLabel);
    form->addRow(m_imgszLabel, m_imgsz);
    form->addRow(m_confLabel, m_conf);
    form->addRow(m_enhanceLabel, m_enhance);
    for (Enhancement e : { Enhancement::None, Enhancement::Clahe, Enhancement::Gamma })
        m_enhance->addItem(QString(), int(e));
    m_enhance->setCurrentIndex(m_enhance->findData(int(predictions->enhancement())));
    form->addRow(m_live);
    form->addRow(m_range);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_analyse);
    buttons->addWidget(m_export);
    form->addRow(buttons);
    form->addRow(m_status);

    connect(m_model, &QPushButton::clicked, this, &ModelPanel::chooseModelRequested);
    connect(predictions, &PredictionController::settingsAdopted, this, &ModelPanel::showSettings);
    connect(m_imgsz, &QSpinBox::editingFinished, this, &ModelPanel::applySettings);
    connect(m_conf, &QDoubleSpinBox::editingFinished, this, &ModelPanel::applySettings);
    connect(m_live, &QCheckBox::toggled, this, &ModelPanel::liveToggled);
    connect(m_enhance, &QComboBox::currentIndexChanged, this, [this](int index) {
        m_predictions->setEnhancement(Enhancement(m_enhance->itemData(index).toInt()));
        updateInfo(m_videoFile);
        Q_EMIT enhancementChanged();
    });
    connect(m_analyse, &QPushButton::clicked, this, &ModelPanel::analyseRequested);
    connect(m_export, &QPushButton::clicked, this, &ModelPanel::exportRequested);
    retranslateUi();
}

void ModelPanel::showSettings()
{
    const PredictorOptions o = m_predictions->predictorOptions();
    const QSignalBlocker b1(m_imgsz), b2(m_conf), b3(m_enhance);
    m_imgsz->setValue(o.imgsz);
    m_conf->setValue(o.conf);
    m_enhance->setCurrentIndex(m_enhance->findData(int(o.enhance)));
}

void ModelPanel::applySettings()
{
    m_predictions->setModelSettings(m_imgsz->value(), m_conf->value());
    updateInfo(m_videoFile);
}

bool ModelPanel::rangeOnly() const
{
    return m_range->isChecked();
}

void ModelPanel::setStatus(const QString &text)
{
    m_statusText = text;
    updateInfo(m_videoFile);
}

void ModelPanel::updateInfo(bool videoFile)
{
    m_videoFile = videoFile;
    const QString model = m_predictions->model();
    m_modelLabel->setText(model.isEmpty() ? tr("No model") : QFileInfo(model).fileName());
    m_modelLabel->setToolTip(QDir::toNativeSeparators(model));
    const DetectionCache *cache = m_predictions->cache();
    const bool analysing = m_predictions->analysisJob()->isRunning();
    QString text;
    if (analysing)
        text = tr("Analysing…");
    else if (cache)
        text = tr("%1 of %2 frames analysed").arg(cache->analysedFrames()).arg(cache->frameCount());
    else if (!m_predictions->cacheMessage().isEmpty())
        text = m_predictions->cacheMessage();
    if (!m_statusText.isEmpty())
        text = text.isEmpty() ? m_statusText : text + QLatin1Char('\n') + m_statusText;
    m_status->setText(text);
    m_analyse->setEnabled(videoFile && !model.isEmpty() && !analysing);
    m_export->setEnabled(cache != nullptr && !m_predictions->exportJob()->isRunning());
    m_range->setEnabled(videoFile);
}

void ModelPanel::retranslateUi()
{
    m_model->setText(tr("Model…"));
    m_model->setToolTip(tr("A checkpoint, imported Ultralytics weights or an exported ONNX model"));
    m_imgszLabel->setText(tr("Image size"));
    m_confLabel->setText(tr("Confidence"));
    m_enhanceLabel->setText(tr("Enhance"));
    for (int i = 0; i < m_enhance->count(); ++i)
        m_enhance->setItemText(i, ImageEnhancement::displayName(Enhancement(m_enhance->itemData(i).toInt())));
    m_enhance->setToolTip(tr("Corrects dark footage before the model sees it (shown as the model sees it); "
                             "the analysis is made again for another setting"));
    m_live->setText(tr("Live: infer the frame on screen"));
    m_range->setText(tr("Only the loop range"));
    m_analyse->setText(tr("Analyse"));
    m_analyse->setToolTip(tr("Run the model over the whole video in the background and keep every frame's "
                             "detections beside the video, so scrubbing needs no inference"));
    m_export->setText(tr("Export…"));
    m_export->setToolTip(tr("Annotated video, JSON Lines and CSV with the current settings"));
    updateInfo(m_videoFile);
}

void ModelPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
