#include "scenariotagpanel.h"

#include "scenario.h"

#include "imagebrowser.h"
#include "scenariotagcontroller.h"

#include <QAction>
#include <QCheckBox>
#include <QCompleter>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QSignalBlocker>
#include <QStringListModel>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <map>

using gp::Scenario;
using gp::Scenarios;

namespace {
// Rows of tags shown before the list scrolls.
constexpr int kVisibleTags = 6;
} // namespace

ScenarioTagPanel::ScenarioTagPanel(ScenarioTagController *tags, ImageBrowser *browser, QWidget *parent)
    : QWidget(parent)
    , m_tags(tags)
    , m_browser(browser)
    , m_title(new QLabel(this))
    , m_selectAll(new QToolButton(this))
    , m_scroll(new QScrollArea(this))
    , m_boxes(new QWidget(this))
    , m_boxLayout(new QVBoxLayout(m_boxes))
    , m_newTag(new QLineEdit(this))
    , m_completions(new QStringListModel(this))
    , m_add(new QToolButton(this))
    , m_message(new QLabel(this))
    , m_focusAction(new QAction(this))
{
    setObjectName(QStringLiteral("scenarioTagPanel"));
    m_title->setTextFormat(Qt::PlainText);
    // Elided to the column's width (a long file name never widens it).
    m_title->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_selectAll->setAutoRaise(true);
    m_boxLayout->setContentsMargins(2, 0, 0, 0);
    m_boxLayout->setSpacing(0);
    m_scroll->setWidget(m_boxes);
    m_scroll->setWidgetResizable(true);
    m_scroll->setFrameShape(QFrame::NoFrame);
    m_scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto *completer = new QCompleter(m_completions, this);
    completer->setCaseSensitivity(Qt::CaseInsensitive);
    completer->setFilterMode(Qt::MatchContains);
    m_newTag->setCompleter(completer);
    m_newTag->setClearButtonEnabled(true);
    m_add->setToolButtonStyle(Qt::ToolButtonTextOnly);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->setObjectName(QStringLiteral("scenarioTagMessage"));
    m_message->hide();

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->setSpacing(2);
    auto *header = new QHBoxLayout;
    header->addWidget(m_title, 1);
    header->addWidget(m_selectAll, 0, Qt::AlignTop);
    layout->addLayout(header);
    layout->addWidget(m_scroll);
    auto *newRow = new QHBoxLayout;
    newRow->addWidget(m_newTag, 1);
    newRow->addWidget(m_add);
    layout->addLayout(newRow);
    layout->addWidget(m_message);

    m_focusAction->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
    connect(m_focusAction, &QAction::triggered, this, &ScenarioTagPanel::focusNewTag);
    for (int i = 0; i < kShortcutTags; ++i) {
        auto *a = new QAction(this);
        a->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
        connect(a, &QAction::triggered, this, [this, i] { toggleTag(i); });
        m_toggleActions.push_back(a);
    }
    connect(m_selectAll, &QToolButton::clicked, m_browser, &ImageBrowser::selectAllShown);
    connect(m_add, &QToolButton::clicked, this, &ScenarioTagPanel::addTypedTag);
    connect(m_newTag, &QLineEdit::returnPressed, this, &ScenarioTagPanel::addTypedTag);
    connect(m_newTag, &QLineEdit::textChanged, this, [this] {
        if (!m_refusal.isEmpty()) {
            m_refusal.clear();
            showMessage();
        }
    });
    connect(m_browser, &ImageBrowser::selectionChanged, this, &ScenarioTagPanel::refresh);
    connect(m_browser, &ImageBrowser::currentFileChanged, this, [this] {
        m_refusal.clear(); // it was about the image left
        refresh();
    });
    connect(m_tags, &ScenarioTagController::loaded, this, &ScenarioTagPanel::refresh);
    connect(m_tags, &ScenarioTagController::tagsChanged, this, &ScenarioTagPanel::refresh);
    connect(m_tags, &ScenarioTagController::saveStateChanged, this, &ScenarioTagPanel::refresh);
    connect(m_tags, &ScenarioTagController::refused, this, [this](const QString &message) {
        m_refusal = message;
        refresh();
    });
    retranslateUi();
}

void ScenarioTagPanel::addShortcutsTo(QWidget *host)
{
    for (QAction *a : m_toggleActions) {
        a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        host->addAction(a);
    }
    m_focusAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    host->addAction(m_focusAction);
}

void ScenarioTagPanel::focusNewTag()
{
    m_newTag->setFocus(Qt::ShortcutFocusReason);
    m_newTag->selectAll();
}

QCheckBox *ScenarioTagPanel::checkBox(const QString &tag) const
{
    const qsizetype i = m_shown.indexOf(tag);
    return i >= 0 ? m_checks[size_t(i)] : nullptr;
}

void ScenarioTagPanel::toggleTag(int index)
{
    if (index < 0 || index >= m_shown.size() || !m_checks[size_t(index)]->isEnabled())
        return;
    setTag(m_shown[index], m_checks[size_t(index)]->checkState() != Qt::Checked);
}

void ScenarioTagPanel::setTag(const QString &tag, bool on)
{
    const QStringList files = m_browser->selectedFiles();
    if (files.isEmpty())
        return;
    QString error;
    if (m_tags->setTag(files, tag, on, &error))
        m_refusal.clear();
    else
        m_refusal = error;
    refresh(); // also after a refusal: the box shows what is, not what was clicked
}

void ScenarioTagPanel::addTypedTag()
{
    QString error;
    const QString tag = ScenarioTagController::tagFromText(m_newTag->text(), &error);
    if (tag.isEmpty()) {
        m_refusal = error;
        showMessage();
        return;
    }
    setTag(tag, true);
    if (m_refusal.isEmpty())
        m_newTag->clear();
}

void ScenarioTagPanel::rebuildBoxes(const QStringList &tags)
{
    const bool hadFocus = m_boxes->isAncestorOf(focusWidget());
    const QString focused = hadFocus
        ? m_shown.value(qsizetype(std::find(m_checks.begin(), m_checks.end(), focusWidget()) - m_checks.begin()))
        : QString();
    // Later: a box's own click can be what removed its tag (the last image untagged).
    for (QCheckBox *box : m_checks) {
        m_boxLayout->removeWidget(box);
        box->hide();
        box->deleteLater();
    }
    m_checks.clear();
    m_shown = tags;
    for (const QString &tag : tags) {
        auto *box = new QCheckBox(m_boxes);
        box->setObjectName(QStringLiteral("tag-") + tag);
        connect(box, &QCheckBox::clicked, this, [this, box, tag] { setTag(tag, box->checkState() == Qt::Checked); });
        m_boxLayout->addWidget(box);
        m_checks.push_back(box);
        if (tag == focused)
            box->setFocus();
    }
    m_completions->setStringList(tags);
    const int row = m_checks.empty() ? 0 : m_checks.front()->sizeHint().height();
    m_scroll->setFixedHeight(row * std::min(int(tags.size()), kVisibleTags) + 2);
}

void ScenarioTagPanel::refresh()
{
    const QStringList offered = m_tags->offeredTags();
    if (offered != m_shown)
        rebuildBoxes(offered);
    const QStringList files = m_browser->selectedFiles();
    const bool usable = m_tags->isReady() && !files.isEmpty();
    std::map<QString, int> counts;
    if (usable)
        for (const QStringList &tags : m_tags->tags().tagsOfEach(files))
            for (const QString &tag : tags)
                ++counts[tag];
    const int n = int(files.size());
    for (size_t i = 0; i < m_checks.size(); ++i) {
        QCheckBox *box = m_checks[i];
        const QString &tag = m_shown[qsizetype(i)];
        const int with = counts.count(tag) ? counts.at(tag) : 0;
        const QSignalBlocker block(box);
        box->setTristate(with > 0 && with < n);
        box->setCheckState(with == 0 ? Qt::Unchecked : with == n ? Qt::Checked : Qt::PartiallyChecked);
        //: A scenario tag that some of the selected images have: "occlusion (2 of 5)".
        const QString name = Scenarios::displayName(tag);
        box->setText(box->isTristate() ? tr("%1 (%2 of %3)").arg(name).arg(with).arg(n) : name);
        QString tip;
        switch (Scenarios::parse(tag).value_or(Scenario::Normal)) {
        case Scenario::Occlusion:
            tip = tr("A gripper partly hidden: by what it holds, the other arm or a person.");
            break;
        case Scenario::FastMotion:
            tip = tr("Fast arm motion, with motion blur.");
            break;
        case Scenario::LowLight:
            tip = tr("Low light, with noise.");
            break;
        case Scenario::Normal: // a tag of the user's own, or "normal": no description
            break;
        }
        if (i < size_t(kShortcutTags))
            tip += (tip.isEmpty() ? QString() : QStringLiteral("\n"))
                + tr("%1 tags or untags the selected images.")
                      .arg(m_toggleActions[i]->shortcut().toString(QKeySequence::NativeText));
        box->setToolTip(tip);
        box->setEnabled(usable);
    }
    if (files.size() == 1)
        //: Above the scenario tag boxes; %1 is the image shown.
        m_titleText = tr("Scenario tags of %1").arg(QFileInfo(files.front()).fileName());
    else if (files.size() > 1)
        m_titleText = tr("Scenario tags of the %n selected image(s)", nullptr, n);
    else
        m_titleText = tr("Scenario tags");
    elideTitle();
    m_newTag->setEnabled(usable);
    m_add->setEnabled(usable);
    showMessage();
}

void ScenarioTagPanel::elideTitle()
{
    m_title->setText(m_title->fontMetrics().elidedText(m_titleText, Qt::ElideMiddle, std::max(40, m_title->width())));
    m_title->setToolTip(m_titleText);
}

void ScenarioTagPanel::resizeEvent(QResizeEvent *event)
{
    QWidget::resizeEvent(event);
    elideTitle();
}

void ScenarioTagPanel::showMessage()
{
    QStringList lines;
    if (!m_tags->readError().isEmpty())
        lines << tr("Tagging is off until scenarios.yaml reads (it is not written over): %1").arg(m_tags->readError());
    else if (m_tags->isLoading())
        lines << tr("Reading scenario tags…");
    if (!m_tags->saveError().isEmpty())
        lines << tr("Tags not saved: %1. They are kept here and saving is retried; you are asked before they could "
                    "be lost.")
                     .arg(m_tags->saveError());
    if (!m_refusal.isEmpty())
        lines << m_refusal;
    const bool error = !m_tags->readError().isEmpty() || !m_tags->saveError().isEmpty() || !m_refusal.isEmpty();
    m_message->setStyleSheet(error ? QStringLiteral("color: #c62828") : QString());
    m_message->setText(lines.join(QLatin1Char('\n')));
    m_message->setVisible(!lines.isEmpty());
}

void ScenarioTagPanel::retranslateUi()
{
    m_selectAll->setText(tr("Select All"));
    m_selectAll->setToolTip(tr("Selects every image the list shows (Ctrl+A in the list); Ctrl+click and "
                               "Shift+click select several"));
    m_newTag->setPlaceholderText(tr("New tag (%1)").arg(m_focusAction->shortcut().toString(QKeySequence::NativeText)));
    m_newTag->setToolTip(tr("Type a tag and press Enter to give it to the selected images"));
    //: Gives the typed scenario tag to the selected images.
    m_add->setText(tr("Add"));
    refresh();
}

void ScenarioTagPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
