#include "computethreads.h"

#include <cstdlib>
#include <unistd.h>
#include <utility>

void configureComputeThreads(char *argv[])
{
    bool changed = false;
    for (const auto &[name, value] :
        { std::pair { "OMP_WAIT_POLICY", "PASSIVE" }, std::pair { "OPENBLAS_NUM_THREADS", "1" } })
        if (!std::getenv(name)) {
            setenv(name, value, 1);
            changed = true;
        }
    if (changed)
        execv("/proc/self/exe", argv); // returns only on failure; then run with what we have
}
