#include "configfield.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>

using gp::TrainingConfig;

ConfigField::ConfigField(const TrainingConfig::Key &key, QWidget *parent)
    : QObject(parent)
    , m_key(key.name)
    , m_help(key.help)
    , m_label(new QLabel(key.name, parent))
{
    const QStringList options = choices(m_key);
    if (isBoolean(m_key)) {
        m_check = new QCheckBox(parent);
        m_editor = m_check;
        connect(m_check, &QCheckBox::toggled, this, &ConfigField::edited);
    } else if (!options.isEmpty()) {
        m_combo = new QComboBox(parent);
        m_combo->addItems(options);
        // A model is also a checkpoint or a weight file: any path may be typed.
        m_combo->setEditable(m_key == QLatin1String("model"));
        m_editor = m_combo;
        connect(m_combo, &QComboBox::currentTextChanged, this, &ConfigField::edited);
    } else {
        m_line = new QLineEdit(parent);
        m_editor = m_line;
        connect(m_line, &QLineEdit::textEdited, this, &ConfigField::edited);
    }
    m_editor->setObjectName(QStringLiteral("field_") + m_key);
    QFont mono = m_label->font();
    mono.setFamily(QStringLiteral("monospace"));
    mono.setStyleHint(QFont::Monospace);
    m_label->setFont(mono);
    m_label->setBuddy(m_editor);
    updateToolTip();
}

QStringList ConfigField::choices(const QString &key)
{
    if (key == QLatin1String("optimizer"))
        return { QStringLiteral("AdamW"), QStringLiteral("SGD"), QStringLiteral("Adam"), QStringLiteral("MuSGD"),
            QStringLiteral("auto") };
    if (key == QLatin1String("amp"))
        return { QStringLiteral("auto"), QStringLiteral("off"), QStringLiteral("fp16"), QStringLiteral("bf16") };
    if (key == QLatin1String("model"))
        return { QStringLiteral("yolov8n-pose"), QStringLiteral("yolov8s-pose"), QStringLiteral("yolov8m-pose"),
            QStringLiteral("yolov8l-pose"), QStringLiteral("yolov8x-pose") };
    return {};
}

bool ConfigField::isBoolean(const QString &key)
{
    // The recipe's own value says the key's type: "true"/"false" only for booleans.
    const QString v = TrainingConfig().get(key);
    return v == QLatin1String("true") || v == QLatin1String("false");
}

QString ConfigField::text() const
{
    if (m_check)
        return m_check->isChecked() ? QStringLiteral("true") : QStringLiteral("false");
    if (m_combo)
        return m_combo->currentText().trimmed();
    return m_line->text().trimmed();
}

void ConfigField::setText(const QString &text)
{
    const QSignalBlocker block(m_editor);
    if (m_check) {
        m_check->setChecked(text == QLatin1String("true") || text == QLatin1String("1"));
    } else if (m_combo) {
        const int i = m_combo->findText(text);
        if (i >= 0)
            m_combo->setCurrentIndex(i);
        else if (m_combo->isEditable())
            m_combo->setEditText(text);
        else {
            // A value the list does not have (a newer key's value): shown, and checked as typed.
            m_combo->addItem(text);
            m_combo->setCurrentIndex(m_combo->count() - 1);
        }
    } else {
        m_line->setText(text);
    }
}

void ConfigField::setError(const QString &message)
{
    if (message == m_error)
        return;
    m_error = message;
    // A red frame, as Qt's own invalid inputs look.
    m_editor->setStyleSheet(m_error.isEmpty()
            ? QString()
            : QStringLiteral("#%1 { border: 2px solid #c0392b; }").arg(m_editor->objectName()));
    updateToolTip();
}

void ConfigField::setHelp(const QString &help)
{
    m_help = help;
    updateToolTip();
}

void ConfigField::updateToolTip()
{
    const QString recipe = TrainingConfig().get(m_key);
    const QString ultralytics = TrainingConfig::ultralyticsDefaults().get(m_key);
    QString tip = QStringLiteral("<b>%1</b>: %2<br>").arg(m_key, m_help.toHtmlEscaped())
        + tr("Default in the recipe: %1; Ultralytics' default: %2")
              .arg(recipe.isEmpty() ? tr("(empty)") : recipe.toHtmlEscaped(),
                  ultralytics.isEmpty() ? tr("(empty)") : ultralytics.toHtmlEscaped());
    if (!m_error.isEmpty())
        tip += QStringLiteral("<br><span style=\"color:#c0392b\">%1</span>").arg(m_error.toHtmlEscaped());
    m_editor->setToolTip(tip);
    m_label->setToolTip(tip);
}
