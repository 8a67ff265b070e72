// A translation unit without <sprig/rng.h> (dprand-unknown.cpp): its spawns keep no
// pedigree. Its child sleeps, so that at P = 2 its continuation is stolen.
#include <chrono>
#include <cstdint>
#include <thread>

uint64_t draw_in_continuation();

static void sleepy() { std::this_thread::sleep_for(std::chrono::milliseconds(300)); }

uint64_t spawner_without_pedigree() {
  [[sprig::spawn]] sleepy();
  uint64_t v = draw_in_continuation();
  [[sprig::sync]];
  return v;
}
