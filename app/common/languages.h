#pragma once

#include <QCoreApplication>
#include <QString>
#include <QTranslator>

#include <memory>
#include <vector>

// The user-interface languages and the translator that applies one of them. Both
// executables own one instance (no global); switching installs the new translator and
// Qt sends QEvent::LanguageChange to every widget.
class Languages
{
    Q_DECLARE_TR_FUNCTIONS(Languages)

public:
    struct Language
    {
        QString code; // "en", "zh_CN"
        QString nativeName; // "English", "简体中文"
    };

    static std::vector<Language> available();
    // "zh_CN" for a Chinese system locale, otherwise "en".
    static QString systemDefault();

    ~Languages();
    // Installs the translation for `code` (replacing the previous one). Returns false
    // when no translation with that code is compiled in.
    bool apply(const QString &code);
    QString current() const { return m_current; }

private:
    std::unique_ptr<QTranslator> m_translator;
    std::unique_ptr<QTranslator> m_qtTranslator;
    QString m_current;
};
