#include "languages.h"

#include <QLibraryInfo>
#include <QLocale>

std::vector<Languages::Language> Languages::available()
{
    return { { QStringLiteral("en"), QStringLiteral("English") },
        { QStringLiteral("zh_CN"), QStringLiteral("简体中文") } };
}

QString Languages::systemDefault()
{
    return QLocale::system().language() == QLocale::Chinese ? QStringLiteral("zh_CN") : QStringLiteral("en");
}

Languages::~Languages()
{
    if (m_translator)
        QCoreApplication::removeTranslator(m_translator.get());
    if (m_qtTranslator)
        QCoreApplication::removeTranslator(m_qtTranslator.get());
}

bool Languages::apply(const QString &code)
{
    auto translator = std::make_unique<QTranslator>();
    if (!translator->load(QStringLiteral(":/i18n/gripperpose_%1.qm").arg(code)))
        return false;
    // Qt's own strings (standard buttons, dialogs) come from the system's Qt translations.
    auto qtTranslator = std::make_unique<QTranslator>();
    const bool haveQt
        = qtTranslator->load(QStringLiteral("qtbase_") + code, QLibraryInfo::path(QLibraryInfo::TranslationsPath));
    if (m_translator)
        QCoreApplication::removeTranslator(m_translator.get());
    if (m_qtTranslator)
        QCoreApplication::removeTranslator(m_qtTranslator.get());
    m_translator = std::move(translator);
    m_qtTranslator = haveQt ? std::move(qtTranslator) : nullptr;
    QCoreApplication::installTranslator(m_translator.get());
    if (m_qtTranslator)
        QCoreApplication::installTranslator(m_qtTranslator.get());
    m_current = code;
    return true;
}
