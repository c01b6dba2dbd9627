#include "skeleton.h"
#include "savefilecommit.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>

#include <algorithm>
#include <set>

namespace gp {

namespace {

constexpr auto kFormat = "gripperpose-skeleton";
constexpr int kVersion = 1;

std::optional<Skeleton::Side> parseSide(const QString &s)
{
    if (s == QLatin1String("left"))
        return Skeleton::Side::Left;
    if (s == QLatin1String("right"))
        return Skeleton::Side::Right;
    if (s == QLatin1String("center") || s.isEmpty())
        return Skeleton::Side::Center;
    return std::nullopt;
}

QString sideKey(Skeleton::Side side)
{
    switch (side) {
    case Skeleton::Side::Left:
        return QStringLiteral("left");
    case Skeleton::Side::Right:
        return QStringLiteral("right");
    case Skeleton::Side::Center:
        break;
    }
    return QStringLiteral("center");
}

bool readPairs(const QJsonValue &v, std::vector<std::pair<int, int>> *out)
{
    if (!v.isArray())
        return false;
    for (const QJsonValue &p : v.toArray()) {
        const QJsonArray a = p.toArray();
        if (a.size() != 2 || !a[0].isDouble() || !a[1].isDouble())
            return false;
        out->emplace_back(a[0].toInt(), a[1].toInt());
    }
    return true;
}

QJsonArray writePairs(const std::vector<std::pair<int, int>> &pairs)
{
    QJsonArray a;
    for (const auto &[i, j] : pairs)
        a.append(QJsonArray { i, j });
    return a;
}

} // namespace

Skeleton Skeleton::defaultGripper()
{
    QFile f(QStringLiteral(":/skeletons/gripper14.json"));
    QString error;
    std::optional<Skeleton> s;
    if (f.open(QIODevice::ReadOnly))
        s = fromJson(f.readAll(), &error);
    // The resource is compiled in and covered by tests; failing here is a build defect.
    Q_ASSERT_X(s, "Skeleton::defaultGripper", qPrintable(error));
    return s ? *s : Skeleton();
}

std::optional<Skeleton> Skeleton::fromJson(const QByteArray &json, QString *error)
{
    QJsonParseError perr;
    const QJsonDocument doc = QJsonDocument::fromJson(json, &perr);
    if (doc.isNull()) {
        *error = tr("not valid JSON: %1 at offset %2").arg(perr.errorString()).arg(perr.offset);
        return std::nullopt;
    }
    const QJsonObject o = doc.object();
    if (o.value(QLatin1String("format")).toString() != QLatin1String(kFormat)) {
        *error = tr("not a skeleton file (\"format\" must be \"%1\")").arg(QLatin1String(kFormat));
        return std::nullopt;
    }
    if (o.value(QLatin1String("version")).toInt() > kVersion) {
        *error = tr("skeleton version %1 is newer than this program understands (%2)")
                     .arg(o.value(QLatin1String("version")).toInt())
                     .arg(kVersion);
        return std::nullopt;
    }
    Skeleton s;
    s.m_name = o.value(QLatin1String("name")).toString();
    s.m_description = o.value(QLatin1String("description")).toString();
    const QJsonArray kps = o.value(QLatin1String("keypoints")).toArray();
    for (int i = 0; i < kps.size(); ++i) {
        const QJsonObject k = kps[i].toObject();
        Point p;
        p.name = k.value(QLatin1String("name")).toString();
        const auto side = parseSide(k.value(QLatin1String("side")).toString());
        if (!side) {
            *error = tr("keypoint %1: side must be left, right or center").arg(i);
            return std::nullopt;
        }
        p.side = *side;
        p.sigma = k.value(QLatin1String("sigma")).toDouble(-1.0);
        s.m_points.push_back(p);
    }
    if (!readPairs(o.value(QLatin1String("flip_pairs")), &s.m_flipPairs)) {
        *error = tr("\"flip_pairs\" must be a list of [i, j] pairs");
        return std::nullopt;
    }
    if (!readPairs(o.value(QLatin1String("edges")), &s.m_edges)) {
        *error = tr("\"edges\" must be a list of [i, j] pairs");
        return std::nullopt;
    }
    const QJsonObject colors = o.value(QLatin1String("colors")).toObject();
    for (Side side : { Side::Left, Side::Right, Side::Center }) {
        const QString c = colors.value(sideKey(side)).toString();
        if (c.isEmpty())
            continue;
        if (!QColor::isValidColorName(c)) {
            *error = tr("colour \"%1\" for side %2 is not a valid colour").arg(c, sideKey(side));
            return std::nullopt;
        }
        s.setSideColor(side, QColor::fromString(c));
    }
    const QStringList problems = s.validate();
    if (!problems.isEmpty()) {
        *error = problems.join(QLatin1String("; "));
        return std::nullopt;
    }
    return s;
}

std::optional<Skeleton> Skeleton::load(const QString &path, QString *error)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        *error = tr("%1: cannot open: %2").arg(path, f.errorString());
        return std::nullopt;
    }
    QString why;
    auto s = fromJson(f.readAll(), &why);
    if (!s)
        *error = tr("%1: %2").arg(path, why);
    return s;
}

QByteArray Skeleton::toJson() const
{
    QJsonObject o;
    o.insert(QLatin1String("format"), QLatin1String(kFormat));
    o.insert(QLatin1String("version"), kVersion);
    o.insert(QLatin1String("name"), m_name);
    if (!m_description.isEmpty())
        o.insert(QLatin1String("description"), m_description);
    QJsonArray kps;
    for (const Point &p : m_points)
        kps.append(QJsonObject { { QLatin1String("name"), p.name }, { QLatin1String("side"), sideKey(p.side) },
            { QLatin1String("sigma"), p.sigma } });
    o.insert(QLatin1String("keypoints"), kps);
    o.insert(QLatin1String("flip_pairs"), writePairs(m_flipPairs));
    o.insert(QLatin1String("edges"), writePairs(m_edges));
    o.insert(QLatin1String("colors"),
        QJsonObject { { QLatin1String("left"), m_left.name() }, { QLatin1String("right"), m_right.name() },
            { QLatin1String("center"), m_center.name() } });
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

bool Skeleton::save(const QString &path, QString *error) const
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(toJson()) < 0 || !gp::commitSaveFile(f)) {
        *error = tr("%1: cannot write: %2").arg(path, f.errorString());
        return false;
    }
    return true;
}

QStringList Skeleton::validate() const
{
    QStringList problems;
    const int n = keypointCount();
    if (n == 0)
        problems << tr("the skeleton has no keypoints");
    std::set<QString> names;
    for (int i = 0; i < n; ++i) {
        const Point &p = m_points[size_t(i)];
        if (p.name.isEmpty())
            problems << tr("keypoint %1 has no name").arg(i);
        else if (!names.insert(p.name).second)
            problems << tr("keypoint name \"%1\" is used twice").arg(p.name);
        if (!(p.sigma > 0.0))
            problems << tr("keypoint %1 (%2): sigma must be positive").arg(i).arg(p.name);
    }
    std::vector<int> seen(size_t(std::max(n, 0)), 0);
    for (const auto &[i, j] : m_flipPairs) {
        if (i < 0 || j < 0 || i >= n || j >= n) {
            problems << tr("flip pair [%1, %2] refers to a keypoint outside 0..%3").arg(i).arg(j).arg(n - 1);
            continue;
        }
        if (i == j)
            problems << tr("flip pair [%1, %2] pairs a keypoint with itself").arg(i).arg(j);
        if (++seen[size_t(i)] > 1 || ++seen[size_t(j)] > 1)
            problems << tr("flip pairs are not a permutation: keypoint %1 or %2 appears in two pairs").arg(i).arg(j);
    }
    std::set<std::pair<int, int>> edgeSet;
    for (const auto &[i, j] : m_edges) {
        if (i < 0 || j < 0 || i >= n || j >= n)
            problems << tr("edge [%1, %2] refers to a keypoint outside 0..%3").arg(i).arg(j).arg(n - 1);
        else if (i == j)
            problems << tr("edge [%1, %2] joins a keypoint to itself").arg(i).arg(j);
        else if (!edgeSet.insert({ std::min(i, j), std::max(i, j) }).second)
            problems << tr("edge [%1, %2] is listed twice").arg(i).arg(j);
    }
    return problems;
}

std::vector<int> Skeleton::flipIndex() const
{
    std::vector<int> idx(m_points.size());
    for (size_t i = 0; i < idx.size(); ++i)
        idx[i] = int(i);
    for (const auto &[i, j] : m_flipPairs) {
        idx[size_t(i)] = j;
        idx[size_t(j)] = i;
    }
    return idx;
}

std::vector<std::vector<int>> Skeleton::partGroups() const
{
    std::vector<std::vector<int>> groups;
    for (const Side side : { Side::Left, Side::Right }) {
        std::vector<int> g;
        for (int k = 0; k < keypointCount(); ++k)
            if (m_points[size_t(k)].side == side)
                g.push_back(k);
        if (g.size() >= 2)
            groups.push_back(std::move(g));
    }
    return groups;
}

int Skeleton::partOf(int keypoint) const
{
    const auto groups = partGroups();
    for (size_t g = 0; g < groups.size(); ++g)
        if (std::find(groups[g].begin(), groups[g].end(), keypoint) != groups[g].end())
            return int(g);
    return -1;
}

std::vector<double> Skeleton::sigmas() const
{
    std::vector<double> s;
    s.reserve(m_points.size());
    for (const Point &p : m_points)
        s.push_back(p.sigma);
    return s;
}

QColor Skeleton::sideColor(Side side) const
{
    switch (side) {
    case Side::Left:
        return m_left;
    case Side::Right:
        return m_right;
    case Side::Center:
        break;
    }
    return m_center;
}

QString Skeleton::sideName(Side side)
{
    switch (side) {
    case Side::Left:
        return tr("left");
    case Side::Right:
        return tr("right");
    case Side::Center:
        break;
    }
    return tr("center");
}

void Skeleton::setSideColor(Side side, const QColor &color)
{
    (side == Side::Left ? m_left : side == Side::Right ? m_right : m_center) = color;
}

bool Skeleton::operator==(const Skeleton &o) const
{
    auto samePoints = [&] {
        if (m_points.size() != o.m_points.size())
            return false;
        for (size_t i = 0; i < m_points.size(); ++i)
            if (m_points[i].name != o.m_points[i].name || m_points[i].side != o.m_points[i].side
                || m_points[i].sigma != o.m_points[i].sigma)
                return false;
        return true;
    };
    return m_name == o.m_name && samePoints() && m_edges == o.m_edges && m_flipPairs == o.m_flipPairs
        && m_left == o.m_left && m_right == o.m_right && m_center == o.m_center;
}

} // namespace gp
