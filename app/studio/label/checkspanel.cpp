#include "checkspanel.h"

#include "backgroundjob.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <QFileInfo>

using gp::DatasetConfig;
using gp::LabelAudit;
using gp::Skeleton;

namespace {
constexpr int kRowRole = Qt::UserRole + 1;
}

ChecksPanel::ChecksPanel(QWidget *parent)
    : QWidget(parent)
    , m_job(new BackgroundJob(this))
    , m_run(new QPushButton(this))
    , m_summary(new QLabel(this))
    , m_tree(new QTreeWidget(this))
{
    m_tree->setRootIsDecorated(false);
    m_tree->setUniformRowHeights(true);
    m_tree->setColumnCount(2);
    m_tree->setWordWrap(false);
    m_tree->setTextElideMode(Qt::ElideMiddle);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_summary->setWordWrap(true);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto *top = new QHBoxLayout;
    top->addWidget(m_run);
    top->addWidget(m_summary, 1);
    layout->addLayout(top);
    layout->addWidget(m_tree, 1);
    connect(m_run, &QPushButton::clicked, this, &ChecksPanel::run);
    connect(m_job, &BackgroundJob::finished, this, &ChecksPanel::auditFinished);
    auto open = [this](QTreeWidgetItem *item) {
        const int i = item ? item->data(0, kRowRole).toInt() : -1;
        if (i >= 0 && size_t(i) < m_rows.size())
            Q_EMIT activated(m_rows[size_t(i)].file, m_rows[size_t(i)].split, m_rows[size_t(i)].finding.instance);
    };
    connect(m_tree, &QTreeWidget::itemClicked, this, open);
    connect(m_tree, &QTreeWidget::itemActivated, this, open);
    retranslateUi();
}

ChecksPanel::~ChecksPanel() = default;

bool ChecksPanel::isRunning() const
{
    return m_job->isRunning();
}

void ChecksPanel::setDataset(const DatasetConfig &config, const Skeleton &skeleton)
{
    m_job->stop();
    m_config = config;
    m_skeleton = skeleton;
    m_hasDataset = true;
    m_ran = false;
    m_rows.clear();
    fill();
}

void ChecksPanel::run()
{
    if (!m_hasDataset || m_job->isRunning())
        return;
    m_rows.clear();
    m_tree->clear();
    m_run->setEnabled(false);
    m_summary->setText(tr("Checking the labels…"));
    const DatasetConfig config = m_config;
    const Skeleton skeleton = m_skeleton;
    m_job->start([config, skeleton](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return LabelAudit::auditDataset(config, skeleton, cancel, progress);
    });
}

void ChecksPanel::auditFinished()
{
    m_rows = m_job->result<std::vector<Row>>();
    m_ran = true;
    m_run->setEnabled(true);
    fill();
    Q_EMIT finished(int(m_rows.size()));
}

void ChecksPanel::fill()
{
    m_tree->clear();
    QList<QTreeWidgetItem *> items;
    for (size_t i = 0; i < m_rows.size(); ++i) {
        const Row &r = m_rows[i];
        auto *item = new QTreeWidgetItem;
        item->setText(0, QFileInfo(r.file).fileName());
        item->setText(1, LabelAudit::kindName(r.finding.kind));
        const QString text = LabelAudit::describe(r.finding, m_skeleton);
        item->setToolTip(0, m_config.displayName(r.file) + QLatin1Char('\n') + text);
        item->setToolTip(1, text);
        item->setData(0, kRowRole, int(i));
        items << item;
    }
    m_tree->addTopLevelItems(items);
    m_tree->header()->setSectionResizeMode(0, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
    if (m_job->isRunning())
        return;
    if (!m_hasDataset)
        m_summary->clear();
    else if (!m_ran)
        m_summary->setText(tr("Run the checks to list suspicious labels."));
    else if (m_rows.empty())
        m_summary->setText(tr("No suspicious labels found."));
    else
        m_summary->setText(tr("%n suspicious label(s); click one to open it", nullptr, int(m_rows.size())));
}

void ChecksPanel::retranslateUi()
{
    m_run->setText(tr("&Run Checks"));
    m_run->setToolTip(tr("Look through every label of the dataset for points outside their box or the image, "
                         "left and right likely swapped, and objects labelled twice"));
    m_tree->setHeaderLabels({ tr("Image"), tr("Problem") });
    fill();
}

void ChecksPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
