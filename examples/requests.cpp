// requests: a server-shaped program. Several request threads (the application's own,
// not Sprig's) each handle a stream of requests, and each request calls a spawning
// function: every call is a root computation. Any thread may do this at any time, and
// no request waits for another. While fewer roots run than there are workers, a request
// joins the pool and its spawns run in parallel. Once the request threads fill the pool,
// further requests run the serial elision the compiler keeps of the function, at the
// serial program's speed, because spare parallelism is gone anyway (docs/design.md,
// "Roots").
// Build: sprig++ -O2 requests.cpp -o requests;  run: ./requests [threads] [requests each]
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

// One request: count the subsets of v[0..n) whose sum is `target` (a small search).
long count_subsets(const int *v, int n, long target) {
  if (n == 0)
    return target == 0;
  if (n < 10) {  // small: serially
    long with = count_subsets(v + 1, n - 1, target - v[0]);
    return with + count_subsets(v + 1, n - 1, target);
  }
  long with;
  [[sprig::spawn]] with = count_subsets(v + 1, n - 1, target - v[0]);
  long without = count_subsets(v + 1, n - 1, target);
  [[sprig::sync]];
  return with + without;
}

// The same search without any attribute, for the check.
long expected_subsets(const int *v, int n, long target) {
  if (n == 0)
    return target == 0;
  return expected_subsets(v + 1, n - 1, target - v[0]) +
         expected_subsets(v + 1, n - 1, target);
}

int main(int argc, char **argv) {
  int threads = argc > 1 ? std::atoi(argv[1]) : 8;
  int each = argc > 2 ? std::atoi(argv[2]) : 40;
  if (threads < 1 || each < 1) {
    std::fprintf(stderr, "usage: %s [threads >= 1] [requests per thread >= 1]\n", argv[0]);
    return 2;
  }
  const int n = 16;
  std::vector<int> v(n);
  for (int i = 0; i < n; ++i)
    v[i] = 1 + (i * 7) % 11;
  // Each request asks for a different target, so answers differ from request to request.
  std::vector<long> expect(64);
  for (int k = 0; k < 64; ++k)
    expect[k] = expected_subsets(v.data(), n, k);

  std::atomic<long> wrong{0}, done{0};
  auto t0 = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t)
    pool.emplace_back([&, t] {
      for (int r = 0; r < each; ++r) {
        int k = (t * 13 + r * 5) % 64;
        if (count_subsets(v.data(), n, k) != expect[k])
          wrong++;
        done++;
      }
    });
  for (auto &th : pool)
    th.join();
  double sec = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  if (wrong.load() != 0) {
    std::printf("requests: WRONG: %ld of %ld answers differ from the serial search\n",
                wrong.load(), done.load());
    return 1;
  }
  std::printf("requests: %d threads x %d requests, every answer right, ok\n", threads,
              each);
  std::fprintf(stderr, "time: %.3f s\n", sec);
  return 0;
}
