#pragma once

#include <QString>
#include <QStringList>

namespace gp {

// A library opened at run time with dlopen, closed on destruction. The vendor monitoring
// libraries are opened this way so that no build needs ROCm or CUDA.
class SharedLibrary
{
public:
    SharedLibrary() = default;
    ~SharedLibrary();
    SharedLibrary(const SharedLibrary &) = delete;
    SharedLibrary &operator=(const SharedLibrary &) = delete;

    // Opens the first of `names` (file names searched by the loader, or paths) that loads.
    // On failure `why` gets each name's loader message.
    bool open(const QStringList &names, QString *why);
    void close();
    bool isOpen() const { return m_handle != nullptr; }
    // The name from the list that loaded.
    QString name() const { return m_name; }

    // The address of a C function, or nullptr when the library does not export it.
    template<typename F> F function(const char *symbol) const { return reinterpret_cast<F>(address(symbol)); }
    void *address(const char *symbol) const;

private:
    void *m_handle = nullptr;
    QString m_name;
};

} // namespace gp
