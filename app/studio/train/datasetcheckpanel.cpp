#include "datasetcheckpanel.h"

#include "backgroundjob.h"
#include "project.h"

#include <QDir>
#include <QEvent>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

using gp::DatasetChecker;
using gp::DatasetIssue;
using gp::DatasetIssueList;
using gp::Project;

namespace {

QTableWidget *makeTable(QWidget *parent)
{
    auto *t = new QTableWidget(parent);
    t->setEditTriggers(QAbstractItemView::NoEditTriggers);
    t->setSelectionBehavior(QAbstractItemView::SelectRows);
    t->setAlternatingRowColors(true);
    t->verticalHeader()->setVisible(false);
    t->setWordWrap(false);
    return t;
}

QTableWidgetItem *numberItem(int n)
{
    auto *item = new QTableWidgetItem;
    item->setData(Qt::DisplayRole, n);
    item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

DatasetCheckPanel::DatasetCheckPanel(QWidget *parent)
    : QWidget(parent)
    , m_scan(new BackgroundJob(this))
    , m_datasetBox(new QGroupBox(this))
    , m_dataYaml(new QLabel(this))
    , m_checkButton(new QPushButton(this))
    , m_cancelButton(new QPushButton(this))
    , m_progress(new QProgressBar(this))
    , m_status(new QLabel(this))
    , m_summary(makeTable(this))
    , m_kindsTitle(new QLabel(this))
    , m_kinds(makeTable(this))
    , m_problemsTitle(new QLabel(this))
    , m_problems(makeTable(this))
{
    m_dataYaml->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_status->setWordWrap(true);
    m_problems->setSortingEnabled(true);
    m_kinds->setSortingEnabled(true);

    auto *controls = new QHBoxLayout;
    controls->addWidget(m_checkButton);
    controls->addWidget(m_progress, 1);
    controls->addWidget(m_cancelButton);

    auto *kindsPane = new QWidget(this);
    auto *kindsLayout = new QVBoxLayout(kindsPane);
    kindsLayout->setContentsMargins(0, 0, 0, 0);
    kindsLayout->addWidget(m_kindsTitle);
    kindsLayout->addWidget(m_kinds);
    m_summary->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    m_summary->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_summary->setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_summary->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Maximum);
    m_summary->verticalHeader()->setVisible(true);
    auto *counts = new QHBoxLayout;
    counts->addWidget(m_summary, 0, Qt::AlignTop);
    counts->addWidget(kindsPane, 1);

    auto *datasetLayout = new QVBoxLayout(m_datasetBox);
    datasetLayout->addWidget(m_dataYaml);
    datasetLayout->addLayout(controls);
    datasetLayout->addWidget(m_status);
    datasetLayout->addLayout(counts);
    datasetLayout->addWidget(m_problemsTitle);
    datasetLayout->addWidget(m_problems, 1);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_datasetBox);

    connect(m_checkButton, &QPushButton::clicked, this, &DatasetCheckPanel::startCheck);
    connect(m_cancelButton, &QPushButton::clicked, this, &DatasetCheckPanel::cancelCheck);
    connect(m_scan, &BackgroundJob::progressChanged, this, &DatasetCheckPanel::onProgress);
    connect(m_scan, &BackgroundJob::finished, this, [this] { onFinished(m_scan->result<DatasetChecker::Report>()); });

    retranslateUi();
    updateState();
}

DatasetCheckPanel::~DatasetCheckPanel() = default;

void DatasetCheckPanel::setProject(std::shared_ptr<const Project> project)
{
    m_scan->stop();
    m_project = std::move(project);
    m_report.reset();
    m_checkWanted = m_project != nullptr;
    m_progress->setValue(0);
    fillReport();
    updateState();
    if (m_checkWanted && isVisible())
        startCheck();
}

bool DatasetCheckPanel::isBusy() const
{
    return m_scan->isRunning() || (m_checkWanted && isVisible());
}

void DatasetCheckPanel::startCheckIfWanted()
{
    if (m_checkWanted)
        startCheck();
}

void DatasetCheckPanel::startCheck()
{
    if (!m_project)
        return;
    m_checkWanted = false;
    m_report.reset();
    m_progress->setRange(0, 0); // busy until the checker knows its total
    const DatasetChecker checker(m_project->config());
    m_scan->start([checker](const gp::CancelToken &cancel, const gp::Progress &progress) {
        return checker.run(cancel, progress);
    });
    fillReport();
    updateState();
}

void DatasetCheckPanel::cancelCheck()
{
    m_scan->cancel();
}

void DatasetCheckPanel::onProgress(qint64 done, qint64 total)
{
    m_progress->setRange(0, int(std::max<qint64>(1, total)));
    m_progress->setValue(int(done));
}

void DatasetCheckPanel::onFinished(const DatasetChecker::Report &report)
{
    m_lastElapsedMs = qint64(m_scan->elapsedSeconds() * 1000);
    m_report = report;
    // Problems found while opening data.yaml come first, as `gripperpose check` prints them.
    if (m_project && !m_project->issues().isEmpty()) {
        DatasetIssueList all = m_project->issues();
        all.append(report.issues);
        m_report->issues = all;
    }
    m_progress->setRange(0, std::max(1, report.totalImages()));
    m_progress->setValue(report.cancelled ? m_progress->value() : m_progress->maximum());
    fillReport();
    updateState();
    Q_EMIT checkFinished();
}

void DatasetCheckPanel::updateState()
{
    Q_EMIT summaryChanged(summary());
    const bool running = m_scan->isRunning();
    m_checkButton->setEnabled(m_project && !running);
    m_cancelButton->setEnabled(running);
    m_progress->setEnabled(m_project != nullptr);
    if (!m_project) {
        m_dataYaml->setText(tr("No project is open."));
        m_status->clear();
        return;
    }
    m_dataYaml->setText(tr("Dataset: %1").arg(QDir::toNativeSeparators(m_project->dataYaml())));
    if (running) {
        m_status->setText(tr("Checking every image and label line…"));
    } else if (!m_report) {
        m_status->setText(tr("Not checked yet."));
    } else {
        const int problems = int(m_report->issues.size());
        const QString seconds = QString::number(m_lastElapsedMs / 1000.0, 'f', 1);
        if (m_report->cancelled)
            m_status->setText(tr("Check cancelled; the counts below are incomplete."));
        else if (problems == 0)
            m_status->setText(
                tr("Checked %n image(s) in %1 s: no problems found.", nullptr, m_report->totalImages()).arg(seconds));
        else
            m_status->setText(tr("Checked %n image(s) in %1 s.", nullptr, m_report->totalImages()).arg(seconds)
                + QLatin1Char(' ')
                + tr("Found %n problem(s); the bad items are skipped in training.", nullptr, problems));
    }
}

void DatasetCheckPanel::fillReport()
{
    // One column per split (and the total), one row per measure.
    const QStringList measures { tr("Images"), tr("Labelled"), tr("Background (empty labels)"), tr("Unlabelled"),
        tr("Unreadable"), tr("Instances"), tr("Visible points"), tr("Occluded points"), tr("Absent points") };
    std::vector<std::pair<QString, DatasetChecker::SplitSummary>> columns;
    if (m_report) {
        DatasetChecker::SplitSummary total;
        for (const auto &[split, s] : m_report->splits) {
            columns.emplace_back(split, s);
            total.images += s.images;
            total.labelled += s.labelled;
            total.background += s.background;
            total.unlabelled += s.unlabelled;
            total.badImages += s.badImages;
            total.instances += s.instances;
            total.visible += s.visible;
            total.occluded += s.occluded;
            total.absent += s.absent;
        }
        if (columns.size() > 1)
            columns.emplace_back(tr("Total"), total);
    }
    m_summary->clear();
    m_summary->setRowCount(int(measures.size()));
    m_summary->setVerticalHeaderLabels(measures);
    m_summary->setColumnCount(int(columns.size()));
    QStringList headers;
    for (int c = 0; c < int(columns.size()); ++c) {
        const auto &s = columns[size_t(c)].second;
        headers << columns[size_t(c)].first;
        const int values[] = { s.images, s.labelled, s.background, s.unlabelled, s.badImages, s.instances, s.visible,
            s.occluded, s.absent };
        for (int r = 0; r < int(measures.size()); ++r)
            m_summary->setItem(r, c, numberItem(values[r]));
    }
    m_summary->setHorizontalHeaderLabels(headers);
    if (columns.size() > 1) {
        QFont bold = m_summary->font();
        bold.setBold(true);
        for (int r = 0; r < m_summary->rowCount(); ++r)
            m_summary->item(r, m_summary->columnCount() - 1)->setFont(bold);
    }
    m_summary->resizeColumnsToContents();
    for (int c = 0; c < m_summary->columnCount(); ++c)
        m_summary->setColumnWidth(c, std::max(80, m_summary->columnWidth(c) + 12));

    m_kinds->setSortingEnabled(false);
    m_kinds->clear();
    m_kinds->setColumnCount(2);
    m_kinds->setHorizontalHeaderLabels({ tr("Kind"), tr("Count") });
    m_kinds->setRowCount(0);
    m_problems->setSortingEnabled(false);
    m_problems->clear();
    m_problems->setColumnCount(3);
    m_problems->setHorizontalHeaderLabels({ tr("Kind"), tr("Location"), tr("Message") });
    m_problems->setRowCount(0);
    if (m_report) {
        for (const auto &[kind, n] : m_report->issues.countByKind()) {
            const int row = m_kinds->rowCount();
            m_kinds->insertRow(row);
            m_kinds->setItem(row, 0, new QTableWidgetItem(DatasetIssue::kindName(kind)));
            m_kinds->setItem(row, 1, numberItem(n));
        }
        m_problems->setRowCount(int(m_report->issues.size()));
        int row = 0;
        for (const DatasetIssue &i : m_report->issues.issues) {
            const QString location = i.line > 0 ? QStringLiteral("%1:%2").arg(i.file).arg(i.line) : i.file;
            m_problems->setItem(row, 0, new QTableWidgetItem(DatasetIssue::kindName(i.kind)));
            auto *loc = new QTableWidgetItem(location);
            loc->setToolTip(location);
            m_problems->setItem(row, 1, loc);
            auto *msg = new QTableWidgetItem(i.message);
            msg->setToolTip(i.toString());
            m_problems->setItem(row, 2, msg);
            ++row;
        }
    }
    m_kinds->setSortingEnabled(true);
    m_problems->setSortingEnabled(true);
    m_kinds->resizeColumnsToContents();
    m_problems->resizeColumnsToContents();
    m_problems->horizontalHeader()->setStretchLastSection(true);
    m_kindsTitle->setText(m_report ? tr("Problems by kind (%1)").arg(m_report->issues.size()) : tr("Problems by kind"));
    m_problemsTitle->setText(tr("Problems (file:line and what was expected)"));
}

QString DatasetCheckPanel::summary() const
{
    if (!m_project)
        return tr("No project is open.");
    if (m_scan->isRunning())
        return tr("Dataset: being checked…");
    if (!m_report)
        return tr("Dataset: not checked yet.");
    QStringList splits;
    for (const auto &[split, s] : m_report->splits)
        splits << tr("%1 %2", "number of images, split name").arg(s.images).arg(split);
    const int problems = int(m_report->issues.size());
    QString text
        = tr("Dataset: %n image(s) (%1)", nullptr, m_report->totalImages()).arg(splits.join(QStringLiteral(", ")));
    text += QStringLiteral("; ")
        + (problems == 0
                ? tr("no problems found")
                : tr("%n problem(s), listed under Dataset; bad items are skipped in training", nullptr, problems));
    return text;
}

void DatasetCheckPanel::retranslateUi()
{
    m_datasetBox->setTitle(tr("Dataset check"));
    m_checkButton->setText(tr("&Check Again"));
    m_checkButton->setToolTip(tr("Decode every image and validate every label line again"));
    m_cancelButton->setText(tr("Cancel"));
    m_progress->setFormat(tr("%v / %m images"));
    fillReport();
    updateState();
}

void DatasetCheckPanel::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_checkWanted)
        startCheck();
}

void DatasetCheckPanel::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange)
        retranslateUi();
    QWidget::changeEvent(event);
}
