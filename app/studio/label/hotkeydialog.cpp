#include "hotkeydialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace {
const QString kGroup = QStringLiteral("label/keys");
} // namespace

HotkeyDialog::HotkeyDialog(AnnotationCanvas *canvas, QWidget *parent)
    : QDialog(parent)
    , m_canvas(canvas)
    , m_table(new QTableWidget(this))
    , m_defaults(new QPushButton(tr("Restore &Defaults"), this))
{
    setWindowTitle(tr("Label Workspace Shortcuts"));
    auto *intro = new QLabel(tr("Click a key to change it; the change applies at once and is remembered."), this);
    intro->setWordWrap(true);
    m_table->setColumnCount(2);
    m_table->setHorizontalHeaderLabels({ tr("Action"), tr("Key") });
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(false);
    m_table->setFocusPolicy(Qt::NoFocus);
    m_table->verticalHeader()->setDefaultSectionSize(QKeySequenceEdit().sizeHint().height() + 4);

    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    buttons->addButton(m_defaults, QDialogButtonBox::ResetRole);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_defaults, &QPushButton::clicked, this, &HotkeyDialog::restoreDefaults);

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addWidget(m_table, 1);
    layout->addWidget(buttons);
    resize(720, 640);
    fill();
}

void HotkeyDialog::fill()
{
    // Fixed gestures first, then the rebindable keys.
    const QList<QPair<QString, QString>> fixed = {
        { tr("Place the next point (in skeleton order)"), tr("Left click") },
        { tr("Place the next point as occluded"), tr("Shift+Left click") },
        { tr("Move a point (a model's: the rest of its gripper follows)"), tr("Drag the point") },
        { tr("Move a point and mark it occluded"), tr("Shift+drag the point") },
        { tr("Move a whole gripper"), tr("Alt+drag one of its points") },
        { tr("Rotate a gripper about its centre"), tr("Alt+mouse wheel over it") },
        { tr("Scale a gripper about its centre"), tr("Alt+Shift+mouse wheel over it") },
        { tr("Resize or move the box of a complete object"), tr("Drag a handle or the edge (Ctrl: at any time)") },
        { tr("Zoom around the cursor"), tr("Mouse wheel") },
        { tr("Pan"), tr("Middle drag, or Space+drag") },
        { tr("Next / previous image"), tr("Right or Page Down / Left or Page Up") },
        { tr("Jump to a point"), tr("Click its name in the point list") },
        { tr("Copy the previous image's objects"), tr("C") },
        { tr("Mark the image as background (no object), reviewed"), tr("B") },
        { tr("Select several images"), tr("Ctrl+click or Shift+click in the image list; Ctrl+A") },
        { tr("Tag or untag the selected images with one of the first nine scenario tags"), tr("Alt+1 … Alt+9") },
        { tr("Type a new scenario tag for the selected images"), tr("Ctrl+T") },
        { tr("This list"), tr("F1 or ?") },
    };
    const QList<AnnotationCanvas::Action> actions = AnnotationCanvas::actions();
    m_table->setRowCount(int(fixed.size() + actions.size()));
    int row = 0;
    for (const auto &[what, how] : fixed) {
        m_table->setItem(row, 0, new QTableWidgetItem(what));
        auto *item = new QTableWidgetItem(how);
        item->setFlags(Qt::ItemIsEnabled);
        m_table->setItem(row, 1, item);
        ++row;
    }
    for (AnnotationCanvas::Action a : actions) {
        m_table->setItem(row, 0, new QTableWidgetItem(AnnotationCanvas::actionText(a)));
        auto *edit = new QKeySequenceEdit(m_canvas->binding(a), m_table);
        edit->setObjectName(AnnotationCanvas::actionKey(a));
        connect(edit, &QKeySequenceEdit::editingFinished, this, [this, a, edit] {
            // One key, not a chord: the canvas reacts to single key presses.
            QKeySequence keys = edit->keySequence();
            if (keys.count() > 1)
                keys = QKeySequence(keys[0]);
            edit->setKeySequence(keys);
            // A key does one thing: another action that had it loses it.
            for (AnnotationCanvas::Action other : AnnotationCanvas::actions()) {
                if (other == a || keys.isEmpty() || m_canvas->binding(other) != keys)
                    continue;
                m_canvas->setBinding(other, QKeySequence());
                if (auto *otherEdit = findChild<QKeySequenceEdit *>(AnnotationCanvas::actionKey(other)))
                    otherEdit->clear();
            }
            m_canvas->setBinding(a, keys);
            saveBindings(m_canvas);
        });
        m_table->setCellWidget(row, 1, edit);
        ++row;
    }
}

void HotkeyDialog::restoreDefaults()
{
    for (AnnotationCanvas::Action a : AnnotationCanvas::actions())
        m_canvas->setBinding(a, AnnotationCanvas::defaultBinding(a));
    QSettings().remove(kGroup);
    fill();
}

void HotkeyDialog::loadBindings(AnnotationCanvas *canvas)
{
    QSettings settings;
    settings.beginGroup(kGroup);
    for (AnnotationCanvas::Action a : AnnotationCanvas::actions()) {
        const QString key = AnnotationCanvas::actionKey(a);
        if (settings.contains(key))
            canvas->setBinding(a, QKeySequence(settings.value(key).toString(), QKeySequence::PortableText));
    }
}

void HotkeyDialog::saveBindings(const AnnotationCanvas *canvas)
{
    QSettings settings;
    settings.beginGroup(kGroup);
    for (AnnotationCanvas::Action a : AnnotationCanvas::actions()) {
        const QString key = AnnotationCanvas::actionKey(a);
        const QKeySequence keys = canvas->binding(a);
        if (keys == AnnotationCanvas::defaultBinding(a))
            settings.remove(key);
        else
            settings.setValue(key, keys.toString(QKeySequence::PortableText));
    }
}
