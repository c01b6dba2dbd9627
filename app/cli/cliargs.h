#pragma once

#include <QCoreApplication>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

// One `key=value` argument a subcommand accepts, with its default and help text.
struct CliOption
{
    QString key;
    QString defaultValue; // empty: required unless `optional`
    QString help;
    bool optional = false;
};

// Ultralytics-style `key=value` arguments, checked against a command's options: unknown
// keys and missing required keys are errors that list what is valid.
class CliArgs
{
    Q_DECLARE_TR_FUNCTIONS(CliArgs)

public:
    static std::optional<CliArgs> parse(const QStringList &args, const std::vector<CliOption> &options, QString *error);

    QString value(const QString &key) const { return m_values.value(key); }
    bool isSet(const QString &key) const { return m_explicit.contains(key); }
    // Typed access; on a malformed value returns nothing and sets *error.
    std::optional<int> intValue(const QString &key, QString *error) const;
    std::optional<double> doubleValue(const QString &key, QString *error) const;
    std::optional<bool> boolValue(const QString &key, QString *error) const;
    // "W,H" or "N" (square).
    std::optional<std::pair<int, int>> sizeValue(const QString &key, QString *error) const;

private:
    QMap<QString, QString> m_values;
    QStringList m_explicit;
};
