#pragma once

#include <QStringList>
#include <QWidget>

#include <vector>

class ImageBrowser;
class QAction;
class QCheckBox;
class QLabel;
class QLineEdit;
class QScrollArea;
class QStringListModel;
class QToolButton;
class QVBoxLayout;
class ScenarioTagController;

// The scenario field of the Label workspace: the tags of the images selected in the list
// (the image shown when one is), each a check box — checked when every selected image has
// it, half-checked when some do — that tags or untags them all. The generator's tags are
// always offered, then the project's own; a new one is typed (with completion) and Enter
// tags the selection with it. Alt+1…Alt+9 toggle the first nine tags, Ctrl+T goes to the
// new-tag field. Refusals, a scenarios.yaml that does not read and a write that failed are
// said here. Follows the list's selection and the tags by itself.
class ScenarioTagPanel : public QWidget
{
    Q_OBJECT

public:
    static constexpr int kShortcutTags = 9;

    ScenarioTagPanel(ScenarioTagController *tags, ImageBrowser *browser, QWidget *parent = nullptr);

    // The keys work wherever the focus is inside `host` (the workspace).
    void addShortcutsTo(QWidget *host);
    // Ctrl+T: the new-tag field, focused.
    void focusNewTag();
    // Tags the selection with the n-th offered tag, or untags it when every image has it.
    void toggleTag(int index);

    QStringList shownTags() const { return m_shown; }
    QCheckBox *checkBox(const QString &tag) const;
    QLineEdit *newTagEdit() const { return m_newTag; }
    QToolButton *addButton() const { return m_add; }
    QToolButton *selectAllButton() const { return m_selectAll; }
    QLabel *messageLabel() const { return m_message; }

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void retranslateUi();
    void refresh();
    void rebuildBoxes(const QStringList &tags);
    void setTag(const QString &tag, bool on);
    void addTypedTag();
    void showMessage();
    void elideTitle();

    ScenarioTagController *m_tags;
    ImageBrowser *m_browser;
    QLabel *m_title;
    QString m_titleText;
    QToolButton *m_selectAll;
    QScrollArea *m_scroll;
    QWidget *m_boxes;
    QVBoxLayout *m_boxLayout;
    std::vector<QCheckBox *> m_checks; // one per tag of m_shown
    QStringList m_shown;
    QLineEdit *m_newTag;
    QStringListModel *m_completions;
    QToolButton *m_add;
    QLabel *m_message;
    QAction *m_focusAction;
    std::vector<QAction *> m_toggleActions;
    QString m_refusal; // why the last change was not made
};
