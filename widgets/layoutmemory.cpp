#include "layoutmemory.h"

#include <QSettings>
#include <QSplitter>
#include <QTabWidget>

LayoutMemory::LayoutMemory(const QString &scope, QObject *parent)
    : QObject(parent)
    , m_scope(scope)
{ }

QString LayoutMemory::key(const QObject *widget) const
{
    Q_ASSERT(!widget->objectName().isEmpty());
    return QStringLiteral("layout/%1/%2").arg(m_scope, widget->objectName());
}

void LayoutMemory::track(QSplitter *splitter, const QList<int> &defaults)
{
    splitter->setSizes(defaults);
    track(splitter, Sizes([defaults] { return defaults; }));
}

void LayoutMemory::track(QSplitter *splitter, Sizes defaults)
{
    const QByteArray saved = QSettings().value(key(splitter)).toByteArray();
    // restoreState refuses a state of another pane count or orientation and keeps the defaults.
    if (!saved.isEmpty())
        splitter->restoreState(saved);
    m_splitters.push_back({ splitter, std::move(defaults) });
    connect(splitter, &QSplitter::splitterMoved, this, [this, splitter] {
        if (!m_resetting)
            QSettings().setValue(key(splitter), splitter->saveState());
    });
}

void LayoutMemory::track(QTabWidget *tabs, int defaultIndex)
{
    const int saved = QSettings().value(key(tabs), defaultIndex).toInt();
    tabs->setCurrentIndex(saved >= 0 && saved < tabs->count() ? saved : defaultIndex);
    m_tabs.push_back({ tabs, defaultIndex });
    connect(tabs, &QTabWidget::currentChanged, this, [this, tabs](int index) {
        if (!m_resetting)
            QSettings().setValue(key(tabs), index);
    });
}

void LayoutMemory::reset()
{
    m_resetting = true;
    QSettings settings;
    for (const Splitter &s : m_splitters) {
        if (!s.widget)
            continue;
        settings.remove(key(s.widget));
        // Collapsed panes open again.
        s.widget->setSizes(s.defaults());
    }
    for (const Tabs &t : m_tabs) {
        if (!t.widget)
            continue;
        settings.remove(key(t.widget));
        t.widget->setCurrentIndex(t.defaultIndex);
    }
    m_resetting = false;
}
