// A spawned block runs as the child: it cannot return from the enclosing function, nor
// break, continue or goto out of itself, and no goto can jump into it. Each is an error
// that names the fix; nor can an enclosing switch's case label sit in it. Jumps that stay
// inside the block are fine.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

int jumps(int n) {
  int r = 0;
  [[sprig::spawn]] {
    if (n)
      return 1; // expected-error {{a spawned block cannot return from the enclosing function; assign the value to a variable and return after '[[sprig::sync]];'}}
  }
  for (int i = 0; i < n; ++i) {
    [[sprig::spawn]] {
      if (f(i))
        break; // expected-error {{a spawned block cannot 'break' out of itself (it runs as the child; the statement after it is the parent's); set a flag in the block and test it after '[[sprig::sync]];'}}
      if (f(i + 1))
        continue; // expected-error {{a spawned block cannot 'continue' out of itself}}
    }
  }
  switch (n) {
  case 1:
    [[sprig::spawn]] {
      break; // expected-error {{a spawned block cannot 'break' out of itself}}
    }
  }
  [[sprig::spawn]] {
    if (f(2))
      goto out; // expected-error {{a spawned block cannot 'goto' out of itself}}
  }
  goto in; // expected-error {{'goto' cannot jump into a spawned block from outside it; move the label out of the block}}
  [[sprig::spawn]] {
  in:
    r = f(3);
  }
  [[sprig::spawn]] { // fine: every jump stays inside
    for (int i = 0; i < n; ++i) {
      if (f(i))
        break;
      if (f(i + 1))
        continue;
      switch (i) {
      case 0:
        break;
      }
    }
    int k = 0;
  again:
    if (++k < n)
      goto again;
    auto g = [] { return 2; }; // a lambda's return is its own
    r += g();
  }
  switch (n) {
  case 0:
    [[sprig::spawn]] {
      r = f(4);
    case 1: // expected-error {{the enclosing 'switch' cannot jump into a spawned block from outside it; move the 'case' or 'default' label out of the block}}
      r = f(5);
    default: // expected-error {{the enclosing 'switch' cannot jump into a spawned block}}
      r = f(6);
    }
  }
  [[sprig::sync]];
out:
  return r;
}
