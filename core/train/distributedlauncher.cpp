#include "distributedlauncher.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <unistd.h>

namespace gp {

DistributedLauncher::~DistributedLauncher()
{
    for (auto &w : m_workers)
        if (w->state() != QProcess::NotRunning) {
            w->kill();
            w->waitForFinished(5000);
        }
}

int DistributedLauncher::freePort()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd < 0)
        return 29500;
    sockaddr_in a {};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    socklen_t len = sizeof a;
    int port = 29500;
    if (::bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) == 0
        && ::getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) == 0)
        port = ntohs(a.sin_port);
    ::close(fd);
    return port;
}

bool DistributedLauncher::start(const QString &program, const QStringList &arguments, int worldSize, QString *error)
{
    m_env = DistributedEnv {};
    m_env.worldSize = worldSize;
    m_env.localWorldSize = worldSize;
    m_env.masterAddr = QStringLiteral("127.0.0.1");
    m_env.masterPort = freePort();
    for (int rank = 1; rank < worldSize; ++rank) {
        DistributedEnv e = m_env;
        e.rank = rank;
        e.localRank = rank;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        e.addTo(env);
        auto w = std::make_unique<QProcess>();
        w->setProcessEnvironment(env);
        w->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        w->setStandardOutputFile(QProcess::nullDevice());
        // A worker whose parent died (even by SIGKILL) is stopped rather than left waiting.
        w->setChildProcessModifier([] { ::prctl(PR_SET_PDEATHSIG, SIGTERM); });
        w->start(program, arguments);
        if (!w->waitForStarted(10000)) {
            *error = tr("cannot start the worker for rank %1 (%2): %3").arg(rank).arg(program, w->errorString());
            return false;
        }
        m_workers.push_back(std::move(w));
    }
    return true;
}

QStringList DistributedLauncher::finish(int graceMs)
{
    QStringList failed;
    for (size_t i = 0; i < m_workers.size(); ++i) {
        QProcess &w = *m_workers[i];
        if (w.state() != QProcess::NotRunning && !w.waitForFinished(graceMs)) {
            w.kill();
            w.waitForFinished(5000);
            failed << tr("the worker for rank %1 did not end and was stopped").arg(i + 1);
        } else if (w.exitStatus() != QProcess::NormalExit) {
            failed << tr("the worker for rank %1 crashed or was killed").arg(i + 1);
        } else if (w.exitCode() != 0) {
            failed << tr("the worker for rank %1 failed (exit code %2)").arg(i + 1).arg(w.exitCode());
        }
    }
    m_workers.clear();
    return failed;
}

} // namespace gp
