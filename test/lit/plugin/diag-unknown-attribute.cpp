// A misspelt attribute in the sprig:: namespace is an error (not clang's "unknown
// attribute ignored" warning) with a suggestion; a name far from both gets the list.
// RUN: %clangxx -fsyntax-only -Xclang -verify -fplugin=%plugin -I%sprig_inc %s

int f(int);

void misspelt() {
  [[sprig::spwan]] f(1); // expected-error {{unknown attribute 'sprig::spwan'; did you mean 'sprig::spawn'?}}
  [[sprig::synk]];       // expected-error {{unknown attribute 'sprig::synk'; did you mean 'sprig::sync'?}}
}

void far_name() {
  [[sprig::concurrent]] f(1); // expected-error {{unknown attribute 'sprig::concurrent'; Sprig's attributes are 'sprig::spawn', 'sprig::sync', 'sprig::scope', 'sprig::parallel_for', 'sprig::grainsize', 'sprig::reducer' and 'sprig::allow_thread_bound'}}
}

void loops(int n, int *a) {
  [[sprig::parallel_fr]] for (int i = 0; i < n; ++i) a[i] = i; // expected-error {{unknown attribute 'sprig::parallel_fr'; did you mean 'sprig::parallel_for'?}}
  [[sprig::parallel_for]] [[sprig::grain_size(8)]] for (int i = 0; i < n; ++i) a[i] = i; // expected-error {{unknown attribute 'sprig::grain_size'; did you mean 'sprig::grainsize'?}}
}
void g() {
  [[sprig::reduce]] long r; // expected-error {{unknown attribute 'sprig::reduce'; did you mean 'sprig::reducer'?}}
  (void)r;
}
