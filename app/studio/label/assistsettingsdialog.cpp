#include "assistsettingsdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace {
QDoubleSpinBox *unitBox(double value, QWidget *parent)
{
    auto *box = new QDoubleSpinBox(parent);
    box->setRange(0.0, 1.0);
    box->setDecimals(2);
    box->setSingleStep(0.05);
    box->setValue(value);
    return box;
}
} // namespace

AssistSettingsDialog::AssistSettingsDialog(const AssistController::Settings &s, QWidget *parent)
    : QDialog(parent)
    , m_conf(unitBox(s.conf, this))
    , m_iou(unitBox(s.iou, this))
    , m_doubtful(unitBox(s.doubtful, this))
    , m_refit(new QCheckBox(tr("Correcting a proposed point moves the rest of its gripper"), this))
    , m_articulation(new QCheckBox(tr("From three corrected points on, also open or close its fingers "
                                      "(shapes learned from your labels)"),
          this))
    , m_zoom(new QCheckBox(tr("After a correction, the model looks again at a crop around the object"), this))
    , m_zoomFirst(new QCheckBox(tr("…and at every proposed object when its image comes up"), this))
    , m_acceptMovesOn(new QCheckBox(tr("Accepting an image moves on to the next one"), this))
    , m_suggest(new QComboBox(this))
{
    using S = gp::LabelSuggestions::Strategy;
    for (S strategy : { S::Mixed, S::Uncertainty, S::Uniform })
        m_suggest->addItem(gp::LabelSuggestions::displayName(strategy), int(strategy));
    m_suggest->setCurrentIndex(m_suggest->findData(int(s.suggest)));
    m_suggest->setToolTip(tr("Which images Suggest What to Label Next puts first: those the model is least sure "
                             "of, one from each kind of scene in turn; the least sure overall; or the list's order"));
    m_zoomFirst->setChecked(s.zoomFirst);
    m_acceptMovesOn->setChecked(s.acceptMovesOn);
    m_zoom->setChecked(s.zoom);
    m_refit->setChecked(s.refit);
    m_articulation->setChecked(s.articulation);
    m_articulation->setEnabled(s.refit);
    connect(m_refit, &QCheckBox::toggled, m_articulation, &QWidget::setEnabled);
    setWindowTitle(tr("Pre-label and Review Settings"));
    auto *form = new QFormLayout;
    form->addRow(tr("Keep detections with confidence at least"), m_conf);
    form->addRow(tr("Merge detections overlapping by IoU above"), m_iou);
    form->addRow(tr("A proposed point is doubtful below confidence"), m_doubtful);
    form->addRow(tr("Suggest labelling next"), m_suggest);
    m_conf->setToolTip(tr("A weak model finds many faint objects that are not there; a higher value keeps "
                          "fewer false objects to delete."));
    m_iou->setToolTip(tr("Non-maximum suppression: a lower value merges more of a weak model's duplicates."));
    m_doubtful->setToolTip(tr("Doubtful points are drawn hollow, and accepting the confident points leaves "
                              "them for you to check."));
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_refit);
    layout->addWidget(m_articulation);
    layout->addWidget(m_zoom);
    layout->addWidget(m_zoomFirst);
    layout->addWidget(m_acceptMovesOn);
    layout->addWidget(buttons);
}

AssistController::Settings AssistSettingsDialog::settings() const
{
    return { m_conf->value(), m_iou->value(), m_doubtful->value(), m_refit->isChecked(), m_articulation->isChecked(),
        m_zoom->isChecked(), m_zoomFirst->isChecked(), m_acceptMovesOn->isChecked(),
        gp::LabelSuggestions::Strategy(m_suggest->currentData().toInt()) };
}
