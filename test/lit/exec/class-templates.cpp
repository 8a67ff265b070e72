// Spawns in member functions of class templates (instantiated for two types), spawning
// other members of the same object and of other objects.
// RUN: %clangxx -O2 -Wno-unknown-attributes %s -o %t.serial
// RUN: %sprigxx -O2 %s -o %t.par
// RUN: %run_p %t.serial %t.par | FileCheck %s
// CHECK: Tree<long>: size=262143 sum=34359607296 height=18
// CHECK: Tree<double>: size=262143 sum=34359607296 height=18
#include <cstdio>
#include <memory>

template <class T> class Tree {
public:
  Tree(int depth, long id) : value(T(id)) {
    if (depth > 0) {
      left = std::make_unique<Tree>(depth - 1, 2 * id);
      right = std::make_unique<Tree>(depth - 1, 2 * id + 1);
    }
  }
  long size() const {
    if (!left)
      return 1;
    [[sprig::spawn]] long l = left->size();
    long r = right->size();
    [[sprig::sync]];
    return l + r + 1;
  }
  T sum() const {
    if (!left)
      return value;
    T l, r;
    [[sprig::spawn]] l = left->sum();
    [[sprig::spawn]] r = right->sum();
    [[sprig::sync]];
    return l + r + value;
  }
  int height() const;

private:
  T value;
  std::unique_ptr<Tree> left, right;
};

template <class T> int Tree<T>::height() const {
  if (!left)
    return 0;
  int hl, hr;
  [[sprig::spawn]] hl = left->height();
  hr = right->height();
  [[sprig::sync]];
  return 1 + (hl > hr ? hl : hr);
}

template <class T> void report(const char *name) {
  Tree<T> t(17, 1);
  std::printf("%s: size=%ld sum=%.0f height=%d\n", name, t.size(), (double)t.sum(),
              t.height() + 1);
}

int main() {
  report<long>("Tree<long>");
  report<double>("Tree<double>");
}
