#include "keypointerrortable.h"

#include "scenario.h"

#include <QComboBox>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>

using gp::KeypointErrorStats;
using gp::PoseMetrics;
using gp::Skeleton;

namespace {

QString stripSide(const QString &name)
{
    for (const char *prefix : { "left_", "right_", "l_", "r_" })
        if (name.startsWith(QLatin1String(prefix)))
            return name.mid(int(qstrlen(prefix)));
    return name;
}

} // namespace

KeypointErrorTable::KeypointErrorTable(const Skeleton &skeleton, QWidget *parent)
    : QWidget(parent)
    , m_caption(new QLabel(this))
    , m_scenarioLabel(new QLabel(this))
    , m_scenarioBox(new QComboBox(this))
    , m_summary(new QLabel(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
{
    m_caption->setWordWrap(true);
    m_scenarioBox->setObjectName(QStringLiteral("scenario"));
    m_scenarioBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_scenarioLabel->setBuddy(m_scenarioBox);
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    connect(m_scenarioBox, qOverload<int>(&QComboBox::currentIndexChanged), this, [this](int index) {
        if (!m_fillingScenarios && index >= 0)
            setScenario(m_scenarioBox->itemData(index).toString());
    });
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionMode(QAbstractItemView::NoSelection);
    m_table->verticalHeader()->hide();
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(NameColumn, QHeaderView::Stretch);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_caption);
    auto *scenarioRow = new QHBoxLayout;
    scenarioRow->addWidget(m_scenarioLabel);
    scenarioRow->addWidget(m_scenarioBox);
    scenarioRow->addWidget(m_summary, 1);
    layout->addLayout(scenarioRow);
    layout->addWidget(m_table, 1);
    fillScenarios();
    setSkeleton(skeleton);
    retranslateUi();
}

QString KeypointErrorTable::jointName(const QString &left, const QString &right)
{
    if (left.isEmpty())
        return stripSide(right);
    if (right.isEmpty())
        return stripSide(left);
    const QString a = stripSide(left), b = stripSide(right);
    return a == b ? a : QStringLiteral("%1 / %2").arg(left, right);
}

void KeypointErrorTable::setSkeleton(const Skeleton &skeleton)
{
    m_skeleton = skeleton;
    m_rows.clear();
    const int n = skeleton.keypointCount();
    std::vector<int> partner(size_t(n), -1);
    for (const auto &[a, b] : skeleton.flipPairs())
        if (a >= 0 && b >= 0 && a < n && b < n) {
            partner[size_t(a)] = b;
            partner[size_t(b)] = a;
        }
    std::vector<bool> done(size_t(n), false);
    for (int k = 0; k < n; ++k) {
        if (done[size_t(k)])
            continue;
        const int p = partner[size_t(k)];
        const bool kIsRight = skeleton.points()[size_t(k)].side == Skeleton::Side::Right;
        if (p < 0)
            m_rows.emplace_back(kIsRight ? -1 : k, kIsRight ? k : -1);
        else
            m_rows.emplace_back(kIsRight ? p : k, kIsRight ? k : p);
        done[size_t(k)] = true;
        if (p >= 0)
            done[size_t(p)] = true;
    }
    fill();
}

void KeypointErrorTable::setMetrics(const PoseMetrics &metrics, int epoch, std::map<QString, PoseMetrics> scenarios)
{
    m_metrics = metrics;
    m_scenarios = std::move(scenarios);
    m_epoch = epoch;
    fillScenarios();
    fill();
    retranslateUi();
}

void KeypointErrorTable::clear()
{
    m_metrics.reset();
    m_scenarios.clear();
    m_epoch = -1;
    fillScenarios();
    fill();
    retranslateUi();
}

void KeypointErrorTable::setScenario(const QString &tag)
{
    m_scenario = tag;
    fillScenarios();
    fill();
    retranslateUi();
}

const PoseMetrics *KeypointErrorTable::shownMetrics() const
{
    if (!m_metrics)
        return nullptr;
    const auto it = m_scenarios.find(m_scenario);
    return it != m_scenarios.end() ? &it->second : &*m_metrics;
}

QString KeypointErrorTable::scenarioName(const QString &tag)
{
    return gp::Scenarios::displayName(tag);
}

void KeypointErrorTable::fillScenarios()
{
    m_fillingScenarios = true;
    m_scenarioBox->clear();
    m_scenarioBox->addItem(tr("All images"), QString());
    for (const auto &[tag, m] : m_scenarios)
        m_scenarioBox->addItem(scenarioName(tag), tag);
    const int shown = m_scenarioBox->findData(m_scenarios.count(m_scenario) ? m_scenario : QString());
    m_scenarioBox->setCurrentIndex(std::max(0, shown));
    m_fillingScenarios = false;
    const bool any = !m_scenarios.empty();
    m_scenarioLabel->setVisible(any);
    m_scenarioBox->setVisible(any);
    m_summary->setVisible(any);
}

void KeypointErrorTable::fill()
{
    m_table->setRowCount(int(m_rows.size()));
    const PoseMetrics *metrics = shownMetrics();
    double worst = 0;
    if (metrics)
        for (const auto *v : { &metrics->perKeypointVisible, &metrics->perKeypointOccluded })
            for (const KeypointErrorStats &s : *v)
                if (s.count > 0)
                    worst = std::max(worst, s.meanPixelError);
    auto stats = [&](const std::vector<KeypointErrorStats> &v, int k) -> const KeypointErrorStats * {
        return k >= 0 && size_t(k) < v.size() ? &v[size_t(k)] : nullptr;
    };
    auto errorItem = [&](const KeypointErrorStats *s) {
        auto *item = new QTableWidgetItem;
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        if (!s || s->count == 0) {
            item->setText(QStringLiteral("–"));
            return item;
        }
        item->setText(QString::number(s->meanPixelError, 'f', 2));
        item->setToolTip(tr("%n point(s), mean error relative to the object's size %1", nullptr, s->count)
                             .arg(s->meanScaledError, 0, 'f', 3));
        // Red in proportion to the worst error in the table.
        const double f = worst > 0 ? s->meanPixelError / worst : 0;
        item->setBackground(QColor::fromRgbF(1.0, 1.0 - 0.55 * f, 1.0 - 0.55 * f));
        item->setForeground(Qt::black);
        return item;
    };
    auto oksItem = [&](const KeypointErrorStats *s) {
        auto *item
            = new QTableWidgetItem(s && s->count > 0 ? QString::number(s->meanOks, 'f', 3) : QStringLiteral("–"));
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        return item;
    };
    const auto &points = m_skeleton.points();
    for (int r = 0; r < int(m_rows.size()); ++r) {
        const auto [l, rt] = m_rows[size_t(r)];
        auto *name = new QTableWidgetItem(
            jointName(l >= 0 ? points[size_t(l)].name : QString(), rt >= 0 ? points[size_t(rt)].name : QString()));
        name->setToolTip(tr("keypoints %1 (left) and %2 (right)")
                             .arg(l >= 0 ? QString::number(l) : QStringLiteral("–"),
                                 rt >= 0 ? QString::number(rt) : QStringLiteral("–")));
        m_table->setItem(r, NameColumn, name);
        if (!metrics) {
            for (int c = 1; c < ColumnCount; ++c)
                m_table->setItem(r, c, new QTableWidgetItem);
            continue;
        }
        m_table->setItem(r, LeftVisibleColumn, errorItem(stats(metrics->perKeypointVisible, l)));
        m_table->setItem(r, LeftOccludedColumn, errorItem(stats(metrics->perKeypointOccluded, l)));
        m_table->setItem(r, LeftOksColumn, oksItem(stats(metrics->perKeypoint, l)));
        m_table->setItem(r, RightVisibleColumn, errorItem(stats(metrics->perKeypointVisible, rt)));
        m_table->setItem(r, RightOccludedColumn, errorItem(stats(metrics->perKeypointOccluded, rt)));
        m_table->setItem(r, RightOksColumn, oksItem(stats(metrics->perKeypoint, rt)));
    }
}

void KeypointErrorTable::retranslateUi()
{
    m_table->setHorizontalHeaderLabels({ tr("Joint"), tr("Left visible px"), tr("Left occluded px"), tr("Left OKS"),
        tr("Right visible px"), tr("Right occluded px"), tr("Right OKS") });
    m_caption->setText(m_epoch >= 0
            ? tr("Keypoint errors after epoch %1 (mean distance in pixels of the network input, for points labelled "
                 "visible and occluded; OKS per point, 1 is perfect)")
                  .arg(m_epoch + 1)
            : tr("Keypoint errors appear after the first validation."));
    m_scenarioLabel->setText(tr("Scenario:"));
    m_scenarioBox->setToolTip(tr("The val images tagged with a scenario in scenarios.yaml (untagged ones are "
                                 "normal), or all of them"));
    m_scenarioBox->setItemText(0, tr("All images"));
    for (int i = 1; i < m_scenarioBox->count(); ++i)
        m_scenarioBox->setItemText(i, scenarioName(m_scenarioBox->itemData(i).toString()));
    const PoseMetrics *m = shownMetrics();
    m_summary->setText(m ? tr("%n image(s): pose mAP50-95 %1, box mAP50-95 %2", nullptr, m->images)
                               .arg(m->pose.map, 0, 'f', 3)
                               .arg(m->box.map, 0, 'f', 3)
                         : QString());
}

void KeypointErrorTable::changeEvent(QEvent *event)
{
    if (event->type() == QEvent::LanguageChange) {
        retranslateUi();
        fill();
    }
    QWidget::changeEvent(event);
}
