// [[sprig::scope]] { ... }: the children spawned in the block are done when control
// leaves it, by falling off its end, break, continue, return or goto; nested scopes,
// loops around scopes, and a spawn before the scope (synced by the sync after it). Each
// result is read right after the scope, with no [[sprig::sync]] of its own: a missing
// sync reads a result the child has not written yet. Compared with the serial elision
// at -O0..-O3, P = 1, 2, 4, 8.
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: end: 6765 4181
// CHECK: break: 3 last=610
// CHECK: continue: 5 sum=6710
// CHECK: return: 10946
// CHECK: goto: 377 233
// CHECK: nested: 6765 4181 2584 1597
// CHECK: loop: 0 1 1 2 3 5 8 13 21 34 55 89
// CHECK: before: 6765 (before scope) 4181 (in scope) 10946
// CHECK: empty and spawn-free: 7
// CHECK: template: 832040
// CHECK: lambda: 2584
// CHECK: parallel_for: 0 1 1 2 3 5 8 13 21 34 55 89 144 233 377 610
// CHECK: catch handler: 55
// CHECK: loops and switch inside: 52562
#include <cstdio>

long fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
void fib_into(long *out, int n) { *out = fib(n); }

void fall_off_end() {
  long a = 0, b = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] fib_into(&a, 20);
    [[sprig::spawn]] b = fib(19);
  }
  std::printf("end: %ld %ld\n", a, b);
}

void leave_by_break() {
  long r[8] = {};
  int i = 0;
  for (;;) {
    [[sprig::scope]] {
      [[sprig::spawn]] fib_into(&r[i], 12 + i);
      if (i == 3)
        break;
      ++i;
    }
  }
  std::printf("break: %d last=%ld\n", i, r[i]);
}

void leave_by_continue() {
  long sum = 0;
  int n = 0;
  for (int i = 0; i < 10; ++i) {
    long v = 0;
    [[sprig::scope]] {
      [[sprig::spawn]] fib_into(&v, 10 + i);
      if (i % 2 == 0)
        continue;
      ++n;
    }
    sum += v;  // only the odd i reach here; v complete either way
  }
  std::printf("continue: %d sum=%ld\n", n, sum);
}

long leave_by_return(int n) {
  long a = 0, b = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] fib_into(&a, n - 1);
    [[sprig::spawn]] fib_into(&b, n - 2);
    if (n > 2)
      return a + b;
  }
  return -1;
}

void leave_by_goto() {
  long a = 0, b = 0;
  int round = 0;
again:
  [[sprig::scope]] {
    [[sprig::spawn]] fib_into(&a, 14);
    if (round++ == 0)
      goto again;  // leaves the scope and enters it again
    [[sprig::spawn]] fib_into(&b, 13);
    if (round == 2)
      goto out;
    b = -1;
  }
out:
  std::printf("goto: %ld %ld\n", a, b);
}

void nested() {
  long a = 0, b = 0, c = 0, d = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] fib_into(&a, 20);
    [[sprig::scope]] {
      [[sprig::spawn]] fib_into(&c, 18);
      [[sprig::scope]] { [[sprig::spawn]] fib_into(&d, 17); }
      long d2 = d;  // the innermost scope's child is done
      d = d2;
    }
    long c2 = c;  // the middle scope's child is done
    [[sprig::spawn]] fib_into(&b, 19);
    c = c2;
  }
  std::printf("nested: %ld %ld %ld %ld\n", a, b, c, d);
}

void loop_around() {
  long r[12] = {};
  for (int i = 0; i < 12; i += 2) {
    [[sprig::scope]] {
      [[sprig::spawn]] fib_into(&r[i], i);
      [[sprig::spawn]] fib_into(&r[i + 1], i + 1);
    }
    // both children of this round are done
    if (r[i] != fib(i) || r[i + 1] != fib(i + 1))
      std::printf("round %d not synced\n", i);
  }
  std::printf("loop:");
  for (long v : r)
    std::printf(" %ld", v);
  std::printf("\n");
}

void before_scope() {
  long a = 0, b = 0;
  [[sprig::spawn]] fib_into(&a, 20);
  [[sprig::scope]] { [[sprig::spawn]] fib_into(&b, 19); }
  long b2 = b;  // the scope's child is done; a is synced only below
  [[sprig::sync]];
  std::printf("before: %ld (before scope) %ld (in scope) %ld\n", a, b2, a + b2);
}

int spawn_free(int x) {
  [[sprig::scope]] {}
  [[sprig::scope]] { x += 3; }
  return x;
}

template <int N> long tfib() {
  long a = 0, b = 0;
  [[sprig::scope]] {
    [[sprig::spawn]] fib_into(&a, N - 1);
    [[sprig::spawn]] fib_into(&b, N - 2);
  }
  return a + b;
}

void in_parallel_for() {
  long r[16] = {}, s[16] = {};
  [[sprig::parallel_for]] for (int i = 0; i < 16; ++i) {
    [[sprig::scope]] { [[sprig::spawn]] fib_into(&s[i], i); }
    r[i] = s[i];  // the iteration's own child is done
  }
  std::printf("parallel_for:");
  for (long v : r)
    std::printf(" %ld", v);
  std::printf("\n");
}

void in_catch(int n) {
  long a = 0;
  try {
    if (n > 0)
      throw n;
  } catch (int k) {
    [[sprig::scope]] { a = fib(k); }  // a scope in a handler waits for nothing
  }
  std::printf("catch handler: %ld\n", a);
}

// Jumps that stay inside a scope (an inner loop's break, a switch's break) do not leave
// it; a break out of a nested scope inside a switch case leaves that scope only.
long loops_and_switch_inside(int n) {
  long total = 0;
  for (int i = 0; i < n; ++i) {
    long r[5] = {};
    [[sprig::scope]] {
      for (int j = 0; j < 4; ++j) {
        [[sprig::spawn]] r[j] = fib(10 + i + j);
        if (j == 2 && i % 2)
          break;
      }
      switch (i % 3) {
      case 0:
        [[sprig::spawn]] r[4] = fib(5);
        break;
      case 1: {
        [[sprig::scope]] {
          [[sprig::spawn]] r[4] = fib(6);
          if (i > 2)
            break;
        }
      } break;
      default:
        break;
      }
    }
    total += r[0] + r[1] + r[2] + r[3] + r[4];
  }
  return total;
}

int main() {
  fall_off_end();
  leave_by_break();
  leave_by_continue();
  std::printf("return: %ld\n", leave_by_return(21));
  leave_by_goto();
  nested();
  loop_around();
  before_scope();
  std::printf("empty and spawn-free: %d\n", spawn_free(4));
  std::printf("template: %ld\n", tfib<30>());
  auto lam = [](int n) {
    long a = 0, b = 0;
    [[sprig::scope]] {
      [[sprig::spawn]] fib_into(&a, n - 1);
      b = fib(n - 2);
    }
    return a + b;
  };
  std::printf("lambda: %ld\n", lam(18));
  in_parallel_for();
  in_catch(10);
  std::printf("loops and switch inside: %ld\n", loops_and_switch_inside(9));
}
