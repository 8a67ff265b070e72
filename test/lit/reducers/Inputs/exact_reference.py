"""The exact sums of Inputs/exact_cases.cpp's cases, computed with fractions and
rounded once to nearest-even (Python's int / int is correctly rounded; float32 by hand),
compared with the C++ program's output on stdin. Prints the mismatches and a count."""
import struct
import sys
from fractions import Fraction

M = (1 << 64) - 1


def mix64(z):
    z &= M
    z = ((z ^ (z >> 30)) * 0xbf58476d1ce4e5b9) & M
    z = ((z ^ (z >> 27)) * 0x94d049bb133111eb) & M
    return z ^ (z >> 31)


def from_bits(u):
    return struct.unpack("<d", struct.pack("<Q", u & M))[0]


def fbits(u):
    return struct.unpack("<f", struct.pack("<I", u & 0xffffffff))[0]


def bits_of(d):
    return struct.unpack("<Q", struct.pack("<d", d))[0]


def many_term(c, h, i, t):
    sig = h & ((1 << 52) - 1)
    neg = 1 << 63
    minus5in8 = neg if (h >> 61) < 3 else 0
    v = c % 5
    if v == 0:
        return from_bits(((1 << 52) - 1) | ((991 + 32 * ((h >> 60) & 1)) << 52))
    if v == 1:
        return from_bits(sig | ((991 + 32 * ((h >> 56) & 1)) << 52) | minus5in8)
    if v == 2:
        return from_bits(sig | ((1984 + (h >> 56) % 63) << 52) | (neg if h >> 63 else 0))
    if v == 3:
        if i % 4097 == 4096:
            return from_bits((bits_of(t[-1]) + (12 << 52)) | neg)
        if i % 4097 != 0:
            return t[-1]
        return from_bits(sig | ((2015 - 32 * ((h >> 56) & 1)) << 52))
    return from_bits(sig | ((31 * ((h >> 56) & 1)) << 52) | minus5in8)


def terms(kind, c):
    t = []
    s = mix64(c * 7 + kind * 1000003)
    if kind == 5:
        n = 6 * 4097 if c % 5 == 3 else 20000 + s % 10000
        for i in range(n):
            t.append(many_term(c, mix64(s + i + 1), i, t))
        if c % 5 == 3:
            t.append(1.5)
        return t
    n = 1 + s % 64
    for i in range(n):
        h = mix64(s + i + 1)
        if kind == 0:
            u = h & ~(0x7ff << 52) & M
            u |= ((h >> 20) % 0x7ff) << 52
            t.append(from_bits(u))
        elif kind == 1:
            u = (h & ((1 << 52) - 1)) | ((1023 + (h >> 60) % 4) << 52)
            if h & (1 << 59):
                u |= 1 << 63
            x = from_bits(u)
            t.append(x)
            t.append(-x * (1.0 if (h >> 58) & 1 else 0.5))
        elif kind == 2:
            u = (h & ((1 << 52) - 1)) | ((2046 - (h >> 61) % 2) << 52)
            if h & (1 << 58):
                u |= 1 << 63
            t.append(from_bits(u))
        elif kind == 3:
            if i == 0:
                t.append(1.0 + float(h >> 12) * 2.0 ** -52)
            elif i % 3 == 0:
                t.append(2.0 ** (-1074 + h % 8))
            else:
                t.append(2.0 ** -53 if h & 1 else -(2.0 ** -53))
        else:
            u = (h & 0xffffffff) & ~(0xff << 23)
            u |= ((h >> 40) % 0xff) << 23
            t.append(fbits(u))
    return t


def round_double(x):
    if x == 0:
        return 0.0
    try:
        return x.numerator / x.denominator
    except OverflowError:
        return float("inf") if x > 0 else float("-inf")


def round_float(x):
    """x rounded once to binary32, nearest-even, as the float's bits."""
    if x == 0:
        return 0
    sign = x < 0
    a = -x if sign else x
    e = a.numerator.bit_length() - a.denominator.bit_length()
    if Fraction(2) ** e > a:
        e -= 1
    q = max(e - 23, -149)
    n = round(a / Fraction(2) ** q)  # half to even
    v = n * Fraction(2) ** q
    if v >= Fraction(2) ** 128:
        bits = 0x7f800000
    else:
        bits = struct.unpack("<I", struct.pack("<f", float(v)))[0]  # exact
    return bits | (0x80000000 if sign else 0)


def main():
    bad = 0
    lines = 0
    for line in sys.stdin:
        kind, c, _, dbits, _, fb = line.split()
        kind, c = int(kind), int(c)
        ts = terms(kind, c)
        if kind == 5:  # many terms: integers in units of 2^-1074, then one fraction
            units = 0
            for t in ts:
                num, den = t.as_integer_ratio()
                units += num * ((1 << 1074) // den)
            exact = Fraction(units, 1 << 1074)
        else:
            exact = sum((Fraction(t) for t in ts), Fraction(0))
        want_d = struct.unpack("<Q", struct.pack("<d", round_double(exact)))[0]
        lines += 1
        if want_d != int(dbits, 16):
            bad += 1
            print(f"double mismatch kind {kind} case {c}: got {dbits} want {want_d:016x}")
        if kind == 4:
            fexact = sum((Fraction(t) for t in ts), Fraction(0))
            want_f = round_float(fexact)
            if want_f != int(fb, 16):
                bad += 1
                print(f"float mismatch kind {kind} case {c}: got {fb} want {want_f:08x}")
    print(f"cases {lines} mismatches {bad}")
    return 1 if bad or lines == 0 else 0


sys.exit(main())
