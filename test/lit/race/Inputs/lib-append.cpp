// A library function (library-function.cpp): appends to a caller's buffer, unguarded.
void append_to(long *buf, long *len, long v) {
  buf[*len] = v;
  *len = *len + 1;
}
