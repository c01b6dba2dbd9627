#include "sharedlibrary.h"

#include <dlfcn.h>

namespace gp {

SharedLibrary::~SharedLibrary()
{
    close();
}

bool SharedLibrary::open(const QStringList &names, QString *why)
{
    close();
    QStringList failures;
    for (const QString &name : names) {
        // RTLD_LOCAL: the vendor library's symbols must not satisfy anyone else's lookups.
        m_handle = dlopen(name.toLocal8Bit().constData(), RTLD_NOW | RTLD_LOCAL);
        if (m_handle) {
            m_name = name;
            return true;
        }
        const char *message = dlerror();
        failures << (message ? QString::fromLocal8Bit(message) : name);
    }
    if (why)
        *why = failures.isEmpty() ? QStringLiteral("no library names given") : failures.join(QStringLiteral("; "));
    return false;
}

void SharedLibrary::close()
{
    if (m_handle)
        dlclose(m_handle);
    m_handle = nullptr;
    m_name.clear();
}

void *SharedLibrary::address(const char *symbol) const
{
    return m_handle ? dlsym(m_handle, symbol) : nullptr;
}

} // namespace gp
