// `gripperpose`: everything that needs no screen, with Ultralytics-style key=value
// arguments (`gripperpose synth out=demo n=200`).

#include "checkcommand.h"
#include "cococommands.h"
#include "computethreads.h"
#include "exportcommand.h"
#include "importcommand.h"
#include "infocommand.h"
#include "languages.h"
#include "modelcommand.h"
#include "monitorcommand.h"
#include "predictcommand.h"
#include "synthcommand.h"
#include "traincommand.h"
#include "valcommand.h"

#include <QCoreApplication>

#include <memory>

namespace {

struct Cli
{
    Q_DECLARE_TR_FUNCTIONS(Cli)
};

void printUsage(const std::vector<std::unique_ptr<CliCommand>> &commands, QTextStream &out)
{
    out << Cli::tr("usage: gripperpose COMMAND [key=value ...]") << "\n\n" << Cli::tr("Commands:") << '\n';
    for (const auto &c : commands)
        out << "  " << c->name().leftJustified(12) << c->summary() << '\n';
    out << '\n' << Cli::tr("`gripperpose COMMAND --help` lists the keys of a command.") << '\n';
}

void printHelp(const CliCommand &c, QTextStream &out)
{
    out << Cli::tr("usage: gripperpose %1 [key=value ...]").arg(c.name()) << "\n\n" << c.summary() << "\n\n";
    for (const CliOption &o : c.options()) {
        const QString def = o.defaultValue.isEmpty() ? (o.optional ? Cli::tr("(optional)") : Cli::tr("(required)"))
                                                     : Cli::tr("(default %1)").arg(o.defaultValue);
        out << "  " << (o.key + QLatin1Char('=')).leftJustified(14) << o.help << ' ' << def << '\n';
    }
}

} // namespace

int main(int argc, char *argv[])
{
    configureComputeThreads(argv);
    QCoreApplication app(argc, argv);
    QCoreApplication::setOrganizationName(QStringLiteral("GripperPose"));
    QCoreApplication::setApplicationName(QStringLiteral("gripperpose"));
    QCoreApplication::setApplicationVersion(QStringLiteral(GP_VERSION));
    Languages languages;
    languages.apply(qEnvironmentVariable("GRIPPERPOSE_LANG", Languages::systemDefault()));

    QTextStream out(stdout);
    QTextStream err(stderr);
    std::vector<std::unique_ptr<CliCommand>> commands;
    commands.push_back(std::make_unique<SynthCommand>());
    commands.push_back(std::make_unique<CheckCommand>());
    commands.push_back(std::make_unique<CocoToYoloCommand>());
    commands.push_back(std::make_unique<YoloToCocoCommand>());
    commands.push_back(std::make_unique<TrainCommand>());
    commands.push_back(std::make_unique<ValCommand>());
    commands.push_back(std::make_unique<PredictCommand>());
    commands.push_back(std::make_unique<ExportCommand>());
    commands.push_back(std::make_unique<ModelCommand>());
    commands.push_back(std::make_unique<ImportCommand>());
    commands.push_back(std::make_unique<InfoCommand>());
    commands.push_back(std::make_unique<MonitorCommand>());

    QStringList args = app.arguments().mid(1);
    if (args.isEmpty() || args.first() == QLatin1String("--help") || args.first() == QLatin1String("-h")
        || args.first() == QLatin1String("help")) {
        printUsage(commands, out);
        return args.isEmpty() ? 2 : 0;
    }
    if (args.first() == QLatin1String("--version")) {
        out << QCoreApplication::applicationVersion() << '\n';
        return 0;
    }
    const QString name = args.takeFirst();
    for (const auto &c : commands) {
        if (c->name() != name)
            continue;
        if (args.contains(QLatin1String("--help")) || args.contains(QLatin1String("-h"))) {
            printHelp(*c, out);
            return 0;
        }
        QString error;
        const auto parsed = CliArgs::parse(args, c->options(), &error);
        if (!parsed) {
            err << QStringLiteral("gripperpose %1: ").arg(name) << error << '\n';
            return 2;
        }
        return c->run(*parsed, out, err);
    }
    err << Cli::tr("unknown command \"%1\"").arg(name) << "\n\n";
    printUsage(commands, err);
    return 2;
}
