#pragma once

#include <QList>
#include <QObject>
#include <QPointer>
#include <QString>

#include <functional>
#include <vector>

class QSplitter;
class QTabWidget;

// A workspace's arrangement as the person left it: the sizes of its splitters and the tab
// chosen in its tab widgets, kept in QSettings under layout/<scope>/<objectName> the moment
// they change, and put back when the workspace is built again. reset() returns to the
// arrangement the workspace was designed with (View ▸ Reset Layout) and forgets the saved one.
//
// Each tracked widget needs an objectName unique within the scope: it is the settings key.
// A saved state that no longer fits (a splitter that gained a pane) is ignored.
class LayoutMemory : public QObject
{
    Q_OBJECT

public:
    explicit LayoutMemory(const QString &scope, QObject *parent = nullptr);

    using Sizes = std::function<QList<int>()>;
    // `defaults`: the sizes reset() gives back, set now too (in proportion: the splitter
    // scales them to its size).
    void track(QSplitter *splitter, const QList<int> &defaults);
    // The splitter as it is now (its stretch factors and size hints) unless a saved state
    // replaces it; reset() sets the sizes `defaults` computes then, from the splitter's size.
    void track(QSplitter *splitter, Sizes defaults);
    void track(QTabWidget *tabs, int defaultIndex = 0);
    void reset();

    QString key(const QObject *widget) const;

private:
    struct Splitter
    {
        QPointer<QSplitter> widget;
        Sizes defaults;
    };
    struct Tabs
    {
        QPointer<QTabWidget> widget;
        int defaultIndex = 0;
    };

    QString m_scope;
    std::vector<Splitter> m_splitters;
    std::vector<Tabs> m_tabs;
    bool m_resetting = false;
};
