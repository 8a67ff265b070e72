#!/usr/bin/env python3
"""fib's parallelism by hand, against the profiler's.

usage: fib_model.py REPORT.csv LO HI FACTOR

The DAG of fib(n) as Sprig runs it, each strand one unit: fib(0) and fib(1) are one
strand; fib(n) is strand A (up to the spawn), the child fib(n-1) in parallel with the
continuation (strand B, the call fib(n-2), strand C), the sync, strand D. So
  W(n) = 4 + W(n-1) + W(n-2)
  S(n) = 2 + max(S(n-1), 2 + S(n-2))
The report (rows fibLO..fibHI) must give, for every n, a parallelism within FACTOR of
W(n)/S(n), and it must grow with n as the model's does (each step's ratio within FACTOR
of the model's step).
"""
import csv
import sys

path, lo, hi, factor = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4])
W, S = {0: 1, 1: 1}, {0: 1, 1: 1}
for n in range(2, hi + 1):
    W[n] = 4 + W[n - 1] + W[n - 2]
    S[n] = 2 + max(S[n - 1], 2 + S[n - 2])
with open(path, newline="") as f:
    rows = {r["tag"]: float(r["parallelism"]) for r in csv.DictReader(f)}
bad = 0
prev = None
for n in range(lo, hi + 1):
    got, model = rows["fib%d" % n], W[n] / S[n]
    ok = model / factor <= got <= model * factor
    if prev is not None:
        step, mstep = got / prev[0], model / prev[1]
        ok = ok and mstep / factor <= step <= mstep * factor
    print("fib(%2d): parallelism %10.2f, hand count %10.2f (W=%d S=%d) %s"
          % (n, got, model, W[n], S[n], "ok" if ok else "OUT OF RANGE"))
    bad += not ok
    prev = (got, model)
sys.exit(1 if bad else 0)
