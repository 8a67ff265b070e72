// Exceptions across spawn and sync (issue 5), against the serial elision at
// SPRIG_NWORKERS=1,2,4,8, with a live-object counter proving nothing leaks:
// a loop of 64 spawns where one throws; a depth-10 spawn tree whose leaf throws; three
// children, two throwing different types (the first in serial order wins); a throwing
// argument copy (thrown in the parent, before the spawn); a catch inside the child; an
// exception from the continuation while children still run; a child and the
// continuation both throwing (the child's, earlier in serial order, wins).
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// RUN: %sprigxx -O0 %s -o %t.par0
// RUN: %run_p %t.serial %t.par0 | FileCheck %s
// CHECK: loop64: leaf 37
// CHECK-NEXT: live after loop64: 0
// CHECK-NEXT: tree: E1 at 0
// CHECK-NEXT: live after tree: 0
// CHECK-NEXT: two_types: E1 1
// CHECK-NEXT: bad_copy caught copy after 3 spawns
// CHECK: inner_catch: 18
// CHECK-NEXT: cont: continuation
// CHECK-NEXT: both: E1 1
// CHECK-NEXT: live at end: 0
#include <atomic>
#include <cstdio>
#include <stdexcept>
#include <string>
static std::atomic<long> live{0};
struct Obj {  // live-object counter: every construction matched by a destruction
  long v;
  explicit Obj(long v = 0) : v(v) { live++; }
  Obj(const Obj &o) : v(o.v) { live++; }
  ~Obj() { live--; }
};
struct E1 { int where; };
struct E2 { std::string what; };
long work(int n) { return n < 2 ? n : work(n - 1) + work(n - 2); }
long leaf(int i, Obj o) {
  Obj local(i);
  long w = work(18);
  if (i == 37) throw std::runtime_error("leaf 37");
  return w + o.v;
}
long loop64() {
  long r[64];
  Obj keep(1);
  for (int i = 0; i < 64; ++i) [[sprig::spawn]] r[i] = leaf(i, Obj(i));
  [[sprig::sync]];
  long s = 0;
  for (long x : r) s += x;
  return s;
}
long tree(int d) {
  Obj here(d);
  if (d == 0) throw E1{d};
  long a, b;
  [[sprig::spawn]] a = tree(d - 1);
  [[sprig::spawn]] b = work(15);
  [[sprig::sync]];
  return a + b;
}
long thrower(int k) {
  work(20 - 3 * k);
  if (k == 1) throw E1{1};
  if (k == 2) throw E2{"two"};
  return k;
}
long two_types() {
  long a, b, c;
  [[sprig::spawn]] a = thrower(0);
  [[sprig::spawn]] b = thrower(1);  // first thrower in serial order: E1 must win
  [[sprig::spawn]] c = thrower(2);
  [[sprig::sync]];
  return a + b + c;
}
struct BadCopy {
  int n;
  explicit BadCopy(int n) : n(n) {}
  BadCopy(const BadCopy &o) : n(o.n) { if (n == 3) throw E2{"copy"}; }
};
long takes(BadCopy b) { return work(10) + b.n; }
long bad_copy() {
  long r[6] = {0};
  int spawned = 0;
  try {
    for (int i = 0; i < 6; ++i) {
      BadCopy b(i);
      [[sprig::spawn]] r[i] = takes(b);  // copy of b throws in the parent at i == 3
      spawned++;
    }
    [[sprig::sync]];
  } catch (E2 &e) {
    std::printf("bad_copy caught %s after %d spawns\n", e.what.c_str(), spawned);
  }
  return r[0] + r[1] + r[2];
}
long catches(int i) {
  try {
    if (i % 3 == 0) throw E1{i};
    return i;
  } catch (E1 &e) {
    return -e.where;
  }
}
long inner_catch() {
  long r[9];
  for (int i = 0; i < 9; ++i) [[sprig::spawn]] r[i] = catches(i);
  [[sprig::sync]];
  long s = 0;
  for (long x : r) s += x;
  return s;
}
long continuation_throws() {
  long a, b;
  Obj guard(5);
  [[sprig::spawn]] a = work(24);
  [[sprig::spawn]] b = work(23);
  if (work(10) == 55) throw E2{"continuation"};
  [[sprig::sync]];
  return a + b;
}
long both_throw() {  // child spawned first throws too: serial order says the child's wins
  long a;
  [[sprig::spawn]] a = thrower(1);
  work(21);
  throw E2{"continuation"};
  return a;
}
int main() {
  try { loop64(); } catch (std::exception &e) { std::printf("loop64: %s\n", e.what()); }
  std::printf("live after loop64: %ld\n", live.load());
  try { tree(10); } catch (E1 &e) { std::printf("tree: E1 at %d\n", e.where); }
  std::printf("live after tree: %ld\n", live.load());
  try { two_types(); } catch (E1 &e) { std::printf("two_types: E1 %d\n", e.where); }
  catch (E2 &e) { std::printf("two_types: E2 %s\n", e.what.c_str()); }
  std::printf("bad_copy: %ld\n", bad_copy());
  std::printf("inner_catch: %ld\n", inner_catch());
  try { continuation_throws(); } catch (E2 &e) { std::printf("cont: %s\n", e.what.c_str()); }
  try { both_throw(); } catch (E1 &e) { std::printf("both: E1 %d\n", e.where); }
  catch (E2 &e) { std::printf("both: E2 %s\n", e.what.c_str()); }
  std::printf("live at end: %ld\n", live.load());
}
