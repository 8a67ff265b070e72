// Distributed nqueens: MPI ranks share the first row's columns, and inside each rank
// Sprig's workers search its part of the tree in parallel. This is the hybrid layout of
// the field (MPI across machines, a fork-join runtime within each): a rank is one
// process with SPRIG_NWORKERS workers; only the main thread calls MPI
// (MPI_THREAD_FUNNELED), since a spawning function returns on the thread that called it.
//
// Build (examples/mpi/README.md):
//   sprig++ -O2 $(mpicxx --showme:compile) nqueens_mpi.cpp $(mpicxx --showme:link) -o nq
// Run:  mpirun -np 2 env SPRIG_NWORKERS=2 ./nq 12
// The serial elision builds with plain mpicxx and prints the same count.
#include <cstdio>
#include <cstdlib>
#include <mpi.h>

// Solutions with queens already on the columns/diagonals set in the three masks.
static void solve(int n, unsigned cols, unsigned diag1, unsigned diag2, long *count) {
  unsigned full = (1u << n) - 1;
  if (cols == full) {
    *count = 1;
    return;
  }
  long sub[32] = {0};  // one slot per column: children never share one
  unsigned free = full & ~(cols | diag1 | diag2);
  for (int c = 0; c < n; ++c) {
    unsigned bit = 1u << c;
    if (free & bit) {
      [[sprig::spawn]] solve(n, cols | bit, (diag1 | bit) << 1, (diag2 | bit) >> 1,
                             &sub[c]);
    }
  }
  [[sprig::sync]];
  long total = 0;
  for (int c = 0; c < n; ++c)
    total += sub[c];
  *count = total;
}

// This rank's share: the first-row columns c with c % size == rank, searched in parallel.
static void my_share(int n, int rank, int size, long *count) {
  long sub[32] = {0};
  for (int c = rank; c < n; c += size) {
    unsigned bit = 1u << c;
    [[sprig::spawn]] solve(n, bit, bit << 1, bit >> 1, &sub[c]);
  }
  [[sprig::sync]];
  long total = 0;
  for (int c = 0; c < n; ++c)
    total += sub[c];
  *count = total;
}

int main(int argc, char **argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int n = argc > 1 ? std::atoi(argv[1]) : 12;
  if (n < 1 || n > 16) {
    if (rank == 0)
      std::fprintf(stderr, "nqueens_mpi: n must be 1..16\n");
    MPI_Finalize();
    return 2;
  }
  long mine = 0, total = 0;
  double t0 = MPI_Wtime();
  my_share(n, rank, size, &mine);
  MPI_Reduce(&mine, &total, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
  double s = MPI_Wtime() - t0;
  static const long known[] = {1,   1,   0,    0,     2,     10,     4,       40,      92,
                               352, 724, 2680, 14200, 73712, 365596, 2279184, 14772512};
  int status = 0;
  if (rank == 0) {
    std::printf("nqueens(%d) = %ld on %d ranks%s\n", n, total, size,
                total == known[n] ? "" : " WRONG");
    std::fprintf(stderr, "%.3f s\n", s);
    status = total == known[n] ? 0 : 1;
  }
  MPI_Finalize();
  return status;
}
