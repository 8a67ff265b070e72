#!/usr/bin/env python3
"""Checks a work/span report (docs/scale.md) against expressions.

usage: csv_check.py REPORT.csv EXPR...

The report must parse: the header is exactly
  tag,work,span,parallelism,burdened_span,burdened_parallelism
every row has six fields, numbers where numbers belong, span <= work, parallelism =
work/span (to 0.1%), and the last row is the whole program (an empty tag). Each EXPR is
a Python expression over `r`, a dict from tag to a dict of the five figures (the program
row under ''), and `rows`, the list of (tag, figures) in order; each must be true.
"""
import csv
import sys

HEADER = ["tag", "work", "span", "parallelism", "burdened_span", "burdened_parallelism"]


def fail(msg):
    print("csv_check: " + msg, file=sys.stderr)
    sys.exit(1)


def main():
    path, exprs = sys.argv[1], sys.argv[2:]
    with open(path, newline="") as f:
        table = list(csv.reader(f))
    if not table or table[0] != HEADER:
        fail("bad header: %r" % (table[0] if table else None))
    rows = []
    for line in table[1:]:
        if len(line) != 6:
            fail("row with %d fields: %r" % (len(line), line))
        try:
            fig = dict(zip(HEADER[1:], (float(x) for x in line[1:])))
        except ValueError:
            fail("not a number in %r" % (line,))
        if fig["span"] > fig["work"] * (1 + 1e-9):
            fail("span > work in %r" % (line,))
        if fig["span"] > 0:
            want = fig["work"] / fig["span"]
            if abs(fig["parallelism"] - want) > 1e-3 * want:
                fail("parallelism %g != work/span %g in %r" % (fig["parallelism"], want, line))
        rows.append((line[0], fig))
    if not rows or rows[-1][0] != "":
        fail("the last row is not the whole program (empty tag)")
    r = {}
    for tag, fig in rows:
        r.setdefault(tag, fig)
    for e in exprs:
        try:
            ok = eval(e, {"r": r, "rows": rows, "min": min, "max": max, "abs": abs})
        except Exception as ex:  # a missing tag, a typo
            fail("%s: %s: %s" % (e, type(ex).__name__, ex))
        if not ok:
            fail("false: %s\n  rows: %r" % (e, rows))
    print("csv_check: ok (%d rows, %d checks)" % (len(rows), len(exprs)))


main()
