#pragma once

#include "trainingconfig.h"

#include <QObject>
#include <QStringList>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QWidget;

// The editor of one training key in the run setup form, made from the key itself: a check
// box for a true/false key, a list for a key with fixed choices (optimizer, amp, model
// scales, editable where a path is also valid), a line edit otherwise. Its tooltip says what
// the key does and both defaults (the product's recipe and Ultralytics'). The value is
// text, as on the command line, so the form checks it with the very code the CLI uses.
class ConfigField : public QObject
{
    Q_OBJECT

public:
    ConfigField(const gp::TrainingConfig::Key &key, QWidget *parent);

    const QString &key() const { return m_key; }
    // The editor to put in a layout, and its label.
    QWidget *editor() const { return m_editor; }
    QLabel *label() const { return m_label; }
    QString text() const;
    void setText(const QString &text);
    // An empty message clears the error; otherwise the editor is marked and says why.
    void setError(const QString &message);
    const QString &error() const { return m_error; }
    void setHelp(const QString &help);

    // The choices a key offers in the form (empty: free text).
    static QStringList choices(const QString &key);
    static bool isBoolean(const QString &key);

Q_SIGNALS:
    void edited();

private:
    void updateToolTip();

    QString m_key;
    QString m_help;
    QString m_error;
    QLabel *m_label;
    QWidget *m_editor = nullptr;
    QCheckBox *m_check = nullptr;
    QComboBox *m_combo = nullptr;
    QLineEdit *m_line = nullptr;
};
