// [[sprig::parallel_for]] over pointers and random-access iterators, against the serial
// elision at -O0..-O3 and P=1,2,4,8: std::vector (iterator and const_iterator, with
// != and <, steps of 1 and 3, counting down), std::deque and std::string iterators,
// pointers, and a class iterator of our own that has only the random-access operators
// (its operators are found by overload resolution, as in the serial loop).
// RUN: %run_opts %s %t | FileCheck %s
// CHECK: vector 15000 1667 const 7500
// CHECK: down {{-?[0-9]+}}
// CHECK: deque 4000 string 64000
// CHECK: pointer {{-?[0-9]+}}
// CHECK: custom 1200 empty 0
#include <cstddef>
#include <cstdio>
#include <deque>
#include <string>
#include <vector>

// A random-access iterator with just what the loop needs: ==, !=, <, -, + n, ++, +=, *.
struct Idx {
  long *base;
  std::ptrdiff_t pos;
  long &operator*() const { return base[pos]; }
  Idx &operator++() { ++pos; return *this; }
  Idx &operator+=(std::ptrdiff_t d) { pos += d; return *this; }
  friend Idx operator+(Idx a, std::ptrdiff_t d) { return {a.base, a.pos + d}; }
  friend std::ptrdiff_t operator-(const Idx &a, const Idx &b) { return a.pos - b.pos; }
  friend bool operator<(const Idx &a, const Idx &b) { return a.pos < b.pos; }
  friend bool operator!=(const Idx &a, const Idx &b) { return a.pos != b.pos; }
  friend bool operator==(const Idx &a, const Idx &b) { return a.pos == b.pos; }
};

int main() {
  std::vector<long> v(5000, 1);
  [[sprig::parallel_for]] for (auto it = v.begin(); it != v.end(); ++it) *it += 2;
  long sv = 0, every3 = 0, sc = 0;
  for (long x : v) sv += x;
  [[sprig::parallel_for]] for (auto it = v.begin(); it < v.end(); it += 3) *it = 1;
  for (long x : v) every3 += x == 1;
  std::vector<int> w(2500, 3);
  std::vector<long> out(2500);
  [[sprig::parallel_for]] for (std::vector<int>::const_iterator it = w.cbegin(); it != w.cend(); ++it)
    out[it - w.cbegin()] = *it;
  for (long x : out) sc += x;
  std::printf("vector %ld %ld const %ld\n", sv, every3, sc);

  std::vector<long> d(3000);
  [[sprig::parallel_for]] for (auto it = d.end(); it != d.begin(); --it) *(it - 1) = (it - d.begin()) * 7 % 101;
  long hd = 0;
  for (long x : d) hd = hd * 31 + x;
  std::printf("down %ld\n", hd);

  std::deque<int> q(2000, 1);
  [[sprig::parallel_for]] for (auto it = q.begin(); it != q.end(); ++it) *it = 2;
  std::string str(1000, 'a');
  [[sprig::parallel_for]] for (auto it = str.begin(); it != str.end(); ++it) *it = '@';
  long sq = 0, ss = 0;
  for (int x : q) sq += x;
  for (char c : str) ss += c;
  std::printf("deque %ld string %ld\n", sq, ss);

  std::vector<long> p(4000);
  long *first = p.data();
  [[sprig::parallel_for]] [[sprig::grainsize(7)]] for (long *q2 = first + p.size(); q2 > first; --q2)
    q2[-1] = (q2 - first) * (q2 - first) % 997;
  long hp = 0;
  for (long x : p) hp = hp * 31 + x;
  std::printf("pointer %ld\n", hp);

  std::vector<long> c(600, 1);
  Idx b{c.data(), 0}, e{c.data(), 600};
  [[sprig::parallel_for]] for (Idx it = b; it != e; ++it) *it += 1;
  long scu = 0;
  for (long x : c) scu += x;
  int empty = 0;
  [[sprig::parallel_for]] for (Idx it = e; it < b; it += 2) empty = 1;
  std::printf("custom %ld empty %d\n", scu, empty);
}
