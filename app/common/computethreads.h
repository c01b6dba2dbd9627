#pragma once

// Thread settings both executables need before any library starts its threads:
// - OpenBLAS (Debian's LibTorch calls the system BLAS) runs one thread per caller, since
//   LibTorch already runs as many intra-op threads as cores; otherwise the two
//   oversubscribe the cores.
// - OpenMP threads wait passively: the data-loader threads run beside the intra-op
//   threads, and spinning waiters made training steps more than ten times slower on a
//   busy 2-core machine (docs/BENCHMARKS.md).
// Both libraries read their variables when they are loaded, before main(), so when one is
// unset this sets it and re-executes the program once (same process id, same arguments).
// Values the user has set are left alone.
void configureComputeThreads(char *argv[]);
