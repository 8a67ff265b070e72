// std::string results, in both forms: assignment to an existing string (including an
// element of an array) and declaration of a new one; long strings (heap storage).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: build(0..15): {{[0-9a-f]+}} length=
// CHECK: tree(9): {{[0-9a-f]+}} length=
#include <cstdint>
#include <cstdio>
#include <string>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

std::string piece(int i) {
  long w = fib(19 + i % 4);
  return "<piece " + std::to_string(i) + " " + std::to_string(w) + " " +
         std::string(30 + i, char('a' + i % 26)) + ">";
}

// Declaration form, recursively: a string built from two spawned halves.
std::string tree(int depth, int id) {
  if (depth == 0)
    return piece(id);
  [[sprig::spawn]] std::string left = tree(depth - 1, 2 * id);
  std::string right = tree(depth - 1, 2 * id + 1);
  [[sprig::sync]];
  return "(" + left + "|" + right + ")";
}

static uint64_t hash(const std::string &s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s)
    h = (h ^ c) * 1099511628211ull;
  return h;
}

// Assignment form, into strings the caller owns (through references).
void pair(std::string &a, std::string &b, int i) {
  [[sprig::spawn]] a = piece(i);
  [[sprig::spawn]] b = piece(i + 1);
}

int main() {
  std::string parts[16];
  for (auto &p : parts)
    p = "old value that must be replaced by the spawned result";
  for (int i = 0; i < 16; i += 2)
    [[sprig::spawn]] pair(parts[i], parts[i + 1], i);
  std::string extra = "old value";
  [[sprig::spawn]] extra = piece(99);
  [[sprig::sync]];
  std::string all;
  for (auto &p : parts)
    all += p;
  all += extra;
  std::printf("build(0..15): %016llx length=%zu\n", (unsigned long long)hash(all),
              all.size());
  std::string t = tree(9, 1);
  std::printf("tree(9): %016llx length=%zu\n", (unsigned long long)hash(t), t.size());
}
