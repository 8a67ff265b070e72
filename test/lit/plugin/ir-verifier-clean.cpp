// The lowered IR passes the LLVM verifier (clang's release builds skip it, so invalid
// IR would otherwise only show up as a crash in a later pass, or not at all): spawns
// and syncs in try blocks, catch handlers, loops, switches, with cleanups, in every
// form. Checked on the -O0 output (the lowering's own IR, before optimisation), on
// -O2, and on -O0 under AddressSanitizer.
// RUN: %sprigxx -O0 -S -emit-llvm %s -o %t.O0.ll
// RUN: opt -passes=verify -disable-output %t.O0.ll
// RUN: %sprigxx -O2 -S -emit-llvm %s -o %t.O2.ll
// RUN: opt -passes=verify -disable-output %t.O2.ll
// AddressSanitizer makes clang emit lifetime markers at -O0 too (locals in the frame
// must not leave one on a frame GEP, in the parent or cloned into a helper).
// RUN: %sprigxx -fsanitize=address -O0 -S -emit-llvm %s -o %t.asan.ll
// RUN: opt -passes=verify -disable-output %t.asan.ll

#include <stdexcept>
#include <string>

long f(int);
std::string s(int);
void g(std::string, int);

long in_try(int n) {
  long a = 0;
  try {
    std::string local = s(n);
    [[sprig::spawn]] a = f(n);
    [[sprig::spawn]] g(local, n);
    [[sprig::sync]];
  } catch (const std::exception &) {
    return -1;
  }
  return a;
}

long after_catch(int n) {  // (a spawn inside a handler is an error: diag-spawn-in-catch)
  bool caught = false;
  try {
    throw std::runtime_error("x");
  } catch (const std::runtime_error &) {
    caught = true;
  }
  long a;
  [[sprig::spawn]] a = f(n + caught);
  [[sprig::sync]];
  return a;
}

long in_loop_switch(int n) {
  long t = 0;
  for (int i = 0; i < n; ++i) {
    std::string name = s(i);
    switch (i % 3) {
    case 0: {
      [[sprig::spawn]] long x = f(i);
      [[sprig::sync]];
      t += x;
      break;
    }
    case 1:
      [[sprig::spawn]] g(name, i);
      break;
    default:
      [[sprig::spawn]] name = s(i + 1);
    }
  }
  return t;
}

long fn_try(int n) try {
  [[sprig::spawn]] std::string r = s(n);
  [[sprig::sync]];
  return (long)r.size();
} catch (...) {
  return -1;
}
