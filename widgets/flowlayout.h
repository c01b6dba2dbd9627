#pragma once

#include <QLayout>
#include <QList>

// Lays its widgets out left to right and wraps them onto further lines when the width runs
// out, so that a row of tools (a plot's series and buttons) never sets a panel's minimum
// width beyond its widest tool: on a narrow screen the row takes two lines instead of
// pushing the window off the screen.
class FlowLayout : public QLayout
{
public:
    explicit FlowLayout(QWidget *parent = nullptr);
    ~FlowLayout() override;

    void addItem(QLayoutItem *item) override;
    void insertWidget(int index, QWidget *widget);
    int count() const override;
    QLayoutItem *itemAt(int index) const override;
    QLayoutItem *takeAt(int index) override;
    Qt::Orientations expandingDirections() const override;
    bool hasHeightForWidth() const override;
    int heightForWidth(int width) const override;
    QSize minimumSize() const override;
    QSize sizeHint() const override;
    void setGeometry(const QRect &rect) override;

private:
    // Places the items in `rect` (only measures when `apply` is false); returns the height used.
    int arrange(const QRect &rect, bool apply) const;
    int spacingOrDefault() const;

    QList<QLayoutItem *> m_items;
};
