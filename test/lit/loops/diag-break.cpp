// break in [[sprig::parallel_for]] (docs/forms.md): a `break` of the body's top level
// ends the loop, as in the serial loop: no diagnostic, wherever it sits in the body's
// statements (an if, a block, a try block or a handler, a label). A break inside an
// inner loop or switch is that statement's, and one in a nested parallel loop's body
// ends the nested loop. Still errors: a break out of a spawned block in the body (the
// spawned block's own rule), and return and goto out (diag-return.cpp, diag-goto.cpp).
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s
void g(int);
void f(int n, int *a) {
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
    for (int j = 0; j < 3; ++j)
      if (j == 1) break;
    switch (i) { case 1: break; default: break; }
    if (a[i]) break;
    [[sprig::parallel_for]] for (int j = 0; j < n; ++j)
      if (a[j] == i) break;
    try { if (a[i] < 0) break; } catch (...) { break; }
    { int x = a[i] + 1; if (x == 3) { g(x); break; } }
  again:
    if (a[i] == 7) { a[i] = 8; goto again; }
    while (true) break;
    auto l = [&] { for (;;) break; };
    l();
  }
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) break;
  [[sprig::parallel_for]] for (int i = 0; i < n; ++i) {
    [[sprig::spawn]] { if (a[i]) break; } // expected-error {{a spawned block cannot 'break' out of itself}}
  }
}
