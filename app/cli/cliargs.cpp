#include "cliargs.h"

std::optional<CliArgs> CliArgs::parse(const QStringList &args, const std::vector<CliOption> &options, QString *error)
{
    CliArgs a;
    QStringList valid;
    for (const CliOption &o : options) {
        valid << o.key;
        if (!o.defaultValue.isEmpty())
            a.m_values.insert(o.key, o.defaultValue);
    }
    for (const QString &arg : args) {
        const int eq = arg.indexOf(QLatin1Char('='));
        if (eq <= 0) {
            *error
                = tr("\"%1\" is not of the form key=value; valid keys: %2").arg(arg, valid.join(QLatin1String(", ")));
            return std::nullopt;
        }
        const QString key = arg.left(eq);
        if (!valid.contains(key)) {
            *error = tr("unknown key \"%1\"; valid keys: %2").arg(key, valid.join(QLatin1String(", ")));
            return std::nullopt;
        }
        a.m_values.insert(key, arg.mid(eq + 1));
        a.m_explicit << key;
    }
    for (const CliOption &o : options)
        if (!o.optional && a.m_values.value(o.key).isEmpty()) {
            *error = tr("missing required key %1= (%2)").arg(o.key, o.help);
            return std::nullopt;
        }
    return a;
}

std::optional<int> CliArgs::intValue(const QString &key, QString *error) const
{
    bool ok = false;
    const int v = value(key).toInt(&ok);
    if (!ok) {
        *error = tr("%1=%2 is not a whole number").arg(key, value(key));
        return std::nullopt;
    }
    return v;
}

std::optional<double> CliArgs::doubleValue(const QString &key, QString *error) const
{
    bool ok = false;
    const double v = value(key).toDouble(&ok);
    if (!ok) {
        *error = tr("%1=%2 is not a number").arg(key, value(key));
        return std::nullopt;
    }
    return v;
}

std::optional<bool> CliArgs::boolValue(const QString &key, QString *error) const
{
    const QString v = value(key).toLower();
    if (v == QLatin1String("true") || v == QLatin1String("1") || v == QLatin1String("yes"))
        return true;
    if (v == QLatin1String("false") || v == QLatin1String("0") || v == QLatin1String("no"))
        return false;
    *error = tr("%1=%2 must be true or false").arg(key, value(key));
    return std::nullopt;
}

std::optional<std::pair<int, int>> CliArgs::sizeValue(const QString &key, QString *error) const
{
    const QStringList parts = value(key).split(QLatin1Char(','));
    bool ok1 = false, ok2 = true;
    const int w = parts.value(0).toInt(&ok1);
    const int h = parts.size() > 1 ? parts.value(1).toInt(&ok2) : w;
    if (parts.size() > 2 || !ok1 || !ok2 || w <= 0 || h <= 0) {
        *error = tr("%1=%2 must be a size: W,H or N").arg(key, value(key));
        return std::nullopt;
    }
    return std::pair { w, h };
}
