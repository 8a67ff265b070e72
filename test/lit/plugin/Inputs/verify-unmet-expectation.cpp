// Not a test: an -verify expectation that is never met (see ../verify-unmet-expectation.cpp).
int f(int);
void g() {
  f(1); // expected-error {{this diagnostic is never produced}}
}
