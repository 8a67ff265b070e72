#!/usr/bin/env python3
"""bench/report.py - turn one run of the benchmark suite into docs/bench/results.md and
the gnuplot scripts of its plots: speedup.png (overhead on one core and speedup at the
largest P) and scaling-<benchmark>.png (speedup against P, one line per competitor, and
the ideal speedup P). Called by `scripts/bench.sh --report OUT` (and `make bench`); reads
only what bench/run.sh measured into OUT (runs.tsv, logs/, the microbenchmarks' JSON in
micro/, the wake-up samples in wakeup/, machine.txt), never edits by hand. The gnuplot
scripts go to OUT/plots/; bench.sh runs them.
"""
import argparse
import csv
import json
import os
import re
import math
import statistics
import sys
from collections import defaultdict

COMPETITORS = ["sprig", "tbb", "omp"]
LABEL = {"serial": "serial", "calls": "serial, a call per node", "sprig": "Sprig",
         "tbb": "oneTBB task_group", "omp": "OpenMP tasks"}
# The parallel-loop benchmarks use each peer's loop construct instead of its tasks.
LOOP_BENCHES = {"ploop", "pimbalance", "heat", "daxpy", "tinyloop"}
LOOP_LABEL = {"sprig": "Sprig [[parallel_for]]", "tbb": "oneTBB parallel_for",
              "omp": "OpenMP parallel for"}


# The reduction benchmark: each peer's own reduction.
REDUCE_BENCHES = {"sumreduce"}
REDUCE_LABEL = {"sprig": "Sprig reducer in [[parallel_for]]", "tbb": "oneTBB parallel_reduce",
                "omp": "OpenMP reduction(+)"}


# The first-solution search (issue 35): each peer's cancellation; its full search
# (firstsol_full) is the same programs with the cancellation compiled out.
FIRSTSOL, FIRSTSOL_FULL = "firstsol", "firstsol_full"
FIRSTSOL_LABEL = {"sprig": "Sprig sprig::cancel", "tbb": "oneTBB task_group::cancel"}
FIRSTSOL_TARGET = 10  # issue 35: the first-solution search ends 10x sooner at P = 2


def label(bench, competitor):
    if bench == FIRSTSOL and competitor in FIRSTSOL_LABEL:
        return FIRSTSOL_LABEL[competitor]
    if bench in REDUCE_BENCHES and competitor in REDUCE_LABEL:
        return REDUCE_LABEL[competitor]
    if bench in LOOP_BENCHES and competitor in LOOP_LABEL:
        return LOOP_LABEL[competitor]
    return LABEL[competitor]
COLOR = {"sprig": "#d95f02", "tbb": "#1b9e77", "omp": "#7570b3"}
INPUT = {
    "fib": "n = 36, no cutoff (24.2 M spawns)",
    "nqueens": "n = 12 (14,200 solutions)",
    "cilksort": "10^7 ints; cutoffs 2048 / 2048 / 20 (Cilk-5)",
    "matmul": "1024 x 1024 doubles, 32 x 32 leaves",
    "uts": "geometric tree, mean 4 children, depth 12: 9,949,419 nodes",
    "knapsack": "61 items, strongly correlated; incumbent starts at the optimum",
    "spawnloop": "10^6 spawns of a tiny function in one loop",
    "tinyloop": "spawnloop's 10^6 tiny calls as a parallel loop (Sprig: [[sprig::parallel_for]]; "
                "oneTBB: parallel_for; OpenMP: parallel for, static)",
    "ploop": "a balanced parallel loop: 2 x 10^6 iterations (Sprig: "
             "[[sprig::parallel_for]]; oneTBB: parallel_for; OpenMP: parallel for, static)",
    "pimbalance": "an imbalanced parallel loop: 10^5 iterations whose work grows from 1 to "
                  "100 units along the range (Sprig: [[sprig::parallel_for]]; "
                  "oneTBB: parallel_for; OpenMP: parallel for, dynamic 16)",
    "heat": "the heat stencil: 100 steps on a 1024 x 1024 grid of doubles, a parallel loop "
            "over the rows per step (Sprig: [[sprig::parallel_for]]; oneTBB: parallel_for; "
            "OpenMP: parallel for, static)",
    "daxpy": "the memory-bound loop: y = 2x + y over 10^8 doubles, the second pass timed "
             "(the first, untimed, lets each competitor's threads touch the memory; Sprig: "
             "[[sprig::parallel_for]]; oneTBB: parallel_for; OpenMP: parallel for, static)",
    "sumreduce": "a sum reduction: 10^8 longs, the second pass timed (Sprig: a "
                 "sprig::reducer<op_add> updated in a [[sprig::parallel_for]] body; oneTBB: "
                 "parallel_reduce; OpenMP: parallel for reduction(+:s), static)",
    "firstsol": "first-solution n-queens, n = 15: a task per safe square, the search ends "
                "at the first board claimed (Sprig: sprig::cancel() in the spawn loops, "
                "sprig::cancelled() polled; oneTBB: task_group::cancel() on the root "
                "group, is_current_task_group_canceling() polled); no OpenMP program",
    "firstsol_full": "firstsol's tree searched to the end, n = 15 (2,279,184 boards, "
                     "171 M nodes): the same programs without the cancellation",
}


def gp_text(s):
    """A string for gnuplot's enhanced text mode, in single quotes."""
    return s.replace("_", "\\_").replace("'", "''")


def median(xs):
    return statistics.median(xs) if xs else None


def fmt_s(x):
    if x is None:
        return "-"
    if x >= 10:
        return f"{x:.1f}"
    if x >= 1:
        return f"{x:.2f}"
    if x >= 0.01:
        return f"{x:.3f}"
    if x >= 0.001:
        return f"{x:.4f}"
    return f"{x:.1e}"  # a first-solution search: microseconds, not 0.0000


def fmt_r(x):
    return "-" if x is None else (f"{x:.2f}" if x < 100 else f"{x:.0f}")


def fmt_mib(kb):
    return "-" if kb is None else f"{kb / 1024:.1f}"


def more_or_less(a, b, unit="ns"):
    """"X ns more than" / "X ns less than" / "the same as": a compared with b, both
    measured, so that the sentence says what the figures say."""
    d = a - b
    if round(d, 1) == 0:
        return "the same as"
    return f"{abs(d):.1f} {unit} {'more' if d > 0 else 'less'} than"


def times_slower_or_faster(t_new, t_ref):
    """"2.31 times slower" / "1.50 times faster" / "as fast": t_new against t_ref."""
    if not t_new or not t_ref:
        return None
    r = t_new / t_ref
    if round(r, 2) == 1:
        return "as fast"
    return f"{r:.2f} times slower" if r > 1 else f"{1 / r:.2f} times faster"


def list_or_none(items):
    return ", ".join(items) if items else "none"


# Work per unit of the inputs whose per-iteration cost the report computes from T_S
# (bench/<b>/config.hpp; only when the run used the suite's size): units of work in all.
def _pimbalance_units(n=100_000):
    return sum(1 + 99 * i // n for i in range(n))


UNITS = {"ploop": (2_000_000, "iteration"), "pimbalance": (None, "unit")}


def read_machine(path):
    m = {}
    with open(path) as f:
        for line in f:
            k, _, v = line.rstrip("\n").partition("=")
            m[k] = v
    return m


def read_runs(path):
    cells = defaultdict(lambda: {"t": [], "rss": []})
    with open(path) as f:
        for row in csv.DictReader(f, delimiter="\t"):
            key = (row["bench"], row["competitor"], int(row["P"]))
            cells[key]["t"].append(float(row["seconds"]))
            cells[key]["rss"].append(int(row["rss_kb"]))
    return cells


def micro_stats(path):
    """name -> (median, min) over the repetitions, in ns per iteration, from Google
    Benchmark's JSON: wall time for benchmarks that asked for it (UseRealTime), else CPU
    time."""
    out = {}
    if not os.path.exists(path):
        return out
    with open(path) as f:
        data = json.load(f)
    scale = {"ns": 1.0, "us": 1e3, "ms": 1e6, "s": 1e9}
    reps = defaultdict(list)
    for b in data.get("benchmarks", []):
        if b.get("run_type") != "iteration" or b.get("error_occurred"):
            continue
        name = b.get("run_name", b["name"])
        t = b["real_time"] if "real_time" in name else b["cpu_time"]
        reps[name.split("/")[0]].append(t * scale[b.get("time_unit", "ns")])
        if "to_thief_ns" in b:
            reps["to_thief_ns"].append(b["to_thief_ns"])
    for name, ts in reps.items():
        out[name] = (statistics.median(ts), min(ts))
    return out


def scale_kernel(logs, bench, reps):
    """(work s, parallelism, burdened parallelism) of the "kernel" row of the last
    --scale report of `bench` (bench.sh writes logs/<bench>.scale.rep<r>.csv), or None."""
    for r in range(int(reps), 0, -1):
        path = os.path.join(logs, f"{bench}.scale.rep{r}.csv")
        if not os.path.exists(path):
            continue
        with open(path, newline="") as f:
            rows = [x for x in csv.DictReader(f) if x.get("tag") == "kernel"]
        if rows:
            x = rows[-1]
            return (float(x["work"]), float(x["parallelism"]),
                    float(x["burdened_parallelism"]))
    return None


def steal_counts(err_path):
    iters = steals = susp = None
    if os.path.exists(err_path):
        text = open(err_path).read()
        m = re.search(r"ran (\d+) forced-steal iterations", text)
        if m:
            iters = int(m.group(1))
        m = re.search(r"^\s*total\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)", text, re.M)
        if m:
            steals, susp = int(m.group(2)), int(m.group(4))
    return iters, steals, susp


def fmt_cell(sp, tp, n, reps):
    more = "" if n >= reps else f" [{n} runs]"
    return f"{fmt_r(sp)} ({fmt_s(tp)} s){more}"


def scaling_section(w, benches, PS, P, caps, scaling_rows, mach):
    """Per benchmark: rows = competitors, columns = P, cells = TS/TP (TP), and its plot."""
    reps = int(mach["reps"])
    w("## Scaling")
    w("")
    cap = (f" The machine's parallel capacity at P = {P} (above): "
           f"{statistics.median(caps):.2f}." if caps else "")
    w(f"Speedup over the serial program, T_S / T_P, and T_P in seconds, at every P of the "
      f"run (BENCH_PS = {' '.join(map(str, PS))}); medians of {reps} runs (a cell with "
      f"fewer says so: BENCH_CELL_SECONDS). Each plot draws T_S / T_P against P, one line "
      f"per competitor, with the ideal speedup P dashed.{cap}")
    w("")
    head = " | ".join(f"P={p}" for p in PS)
    for b in benches:
        rows = scaling_rows(b)
        w(f"### {b}")
        w("")
        w(f"| competitor | {head} |")
        w("|---|" + "--:|" * len(PS))
        for c in COMPETITORS:
            cells = [fmt_cell(*rows[c][p], reps) if p in rows[c] else "-" for p in PS]
            w(f"| {label(b, c)} | {' | '.join(cells)} |")
        w("")
        w(f"![{b}: speedup against P](scaling-{b}.png)")
        w("")


def write_scaling_plot(b, rows, PS, mach, plots, docs):
    """plots/scaling-<b>.{dat,gp}; the .gp draws docs/scaling-<b>.png."""
    dat = os.path.join(plots, f"scaling-{b}.dat")
    caps = [float(x) for x in mach.get("capacity", "").split()]
    P = max(PS)
    with open(dat, "w") as f:
        for c in COMPETITORS:
            f.write(f"# {c}: P speedup\n")
            pts = sorted(rows[c].items())
            for p, (sp, _tp, _n) in pts:
                f.write(f"{p} {sp}\n")
            if not pts:
                f.write("1 NaN\n")
            f.write("\n\n")
        f.write(f"# capacity at P = {P}\n{P} {statistics.median(caps) if caps else 'NaN'}\n")
    sps = [sp for c in COMPETITORS for (sp, _t, _n) in rows[c].values()]
    ymax = max(sps + [P]) * 1.12
    xtics = ", ".join(f'"{p}" {p}' for p in PS)
    lines = [f"'{dat}' index {i} using 1:2 with linespoints lw 2 pt 7 ps 1.1 "
             f"lc rgb '{COLOR[c]}' title '{gp_text(label(b, c))}'"
             for i, c in enumerate(COMPETITORS)]
    if caps:
        lines.append(f"'{dat}' index {len(COMPETITORS)} using 1:2 with points pt 6 ps 2 "
                     f"lc rgb '#cc0000' title 'measured capacity at P = {P}'")
    png = os.path.join(docs, f"scaling-{b}.png")
    gp = f"""set terminal pngcairo size 720,480 enhanced font 'DejaVu Sans,10'
set output '{png}'
set title "{gp_text(b)}: speedup over the serial program, T_S / T_P\\n{gp_text(mach['cpu'])}, {mach['cores']} cores, medians of {mach['reps']} runs" font ',11'
set xlabel 'P (workers / threads)'
set ylabel 'T_S / T_P'
set xrange [0:{P * 1.05:.3f}]
set xtics ({xtics})
set yrange [0:{ymax:.3f}]
set grid xtics ytics lc rgb '#dddddd'
set key top left
set samples 2
plot x with lines dt 2 lw 1.5 lc rgb '#444444' title 'ideal: P', \\
     {', '.join(lines)}
"""
    with open(os.path.join(plots, f"scaling-{b}.gp"), "w") as f:
        f.write(gp)


def read_wakeup(folder):
    """P -> (samples in us, timeouts, sleep ms) from wakeup/wakeup.P<p>.out."""
    out = {}
    if not os.path.isdir(folder):
        return out
    for name in os.listdir(folder):
        m = re.fullmatch(r"wakeup\.P(\d+)\.out", name)
        if not m:
            continue
        us, timeouts, sleep = [], 0, None
        with open(os.path.join(folder, name)) as f:
            for line in f:
                k, _, v = line.strip().partition(" ")
                if k == "SAMPLE_US":
                    us.append(float(v))
                elif k == "TIMEOUTS":
                    timeouts = int(v)
                elif k == "SLEEP_MS":
                    sleep = int(v)
        out[int(m.group(1))] = (us, timeouts, sleep)
    return out


def nearest_rank(xs, q):
    xs = sorted(xs)
    return xs[max(0, math.ceil(q * len(xs)) - 1)]


WAKEUP_TARGET_US = 50  # the wake-up latency issue's target
# Issue 7's targets: Sprig's TS/TP on these benchmarks, and T_POVER / T_P (paired).
SPEEDUP_TARGET = 1.9
SPEEDUP_TARGET_BENCHES = ["fib", "nqueens", "uts", "cilksort"]
OVERSUB_TARGET = 1.1


def stop_latency(logs, bench, competitor, p):
    """Median over the runs of "stopped X s after the claim" (bench/firstsol/config.hpp
    writes it on stderr): how long the search ran on once a board was claimed."""
    xs = []
    if os.path.isdir(logs):
        for name in os.listdir(logs):
            if re.fullmatch(rf"{bench}\.{competitor}\.P{p}\.rep\d+\.err", name):
                m = re.search(r"stopped ([0-9.]+) s after the claim",
                              open(os.path.join(logs, name)).read())
                if m:
                    xs.append(float(m.group(1)))
    return median(xs)


def firstsol_section(w, cell, PS, logs):
    """First-solution time against the full search of the same tree, per competitor and
    P, and issue 35's target at P = 2."""
    w("### First solution against the full search (issue 35, docs/cancel.md)")
    w("")
    w(f"T_first: `{FIRSTSOL}`, the search ended by each peer's cancellation once a board "
      f"is claimed; T_full: `{FIRSTSOL_FULL}`, the same programs searching the whole tree. "
      f"Stop: how long the search ran on after the claim (median over the runs, from the "
      f"program's stderr). The target: Sprig's T_full / T_first >= {FIRSTSOL_TARGET} at "
      f"P = 2. The serial search stops at the first board in column order; a parallel "
      f"one at whichever board a worker completes first, so T_first also depends on where "
      f"the workers happen to search.")
    w("")
    w("| competitor | P | T_first (s) | T_full (s) | T_full / T_first | stop (us) |")
    w("|---|--:|--:|--:|--:|--:|")
    met = None
    for c in ["serial"] + COMPETITORS:
        for p in ([1] if c == "serial" else PS):
            tf, tt = cell(FIRSTSOL, c, p)[0], cell(FIRSTSOL_FULL, c, p)[0]
            if tf is None and tt is None:
                continue
            ratio = tt / tf if tf and tt else None
            lat = stop_latency(logs, FIRSTSOL, c, p)
            w(f"| {label(FIRSTSOL, c)} | {p} | {fmt_s(tf)} | {fmt_s(tt)} | "
              f"{'-' if ratio is None else f'{ratio:,.0f}'} | "
              f"{'-' if lat is None else f'{lat * 1e6:,.1f}'} |")
            if c == "sprig" and p == 2 and ratio is not None:
                met = ratio
    w("")
    if met is not None:
        w(f"- Sprig at P = 2: T_full / T_first = {met:,.0f}, "
          f"{'meeting' if met >= FIRSTSOL_TARGET else '**missing**'} the target "
          f"({FIRSTSOL_TARGET}).")
        w("")


def wakeup_section(w, folder):
    wk = read_wakeup(folder)
    if not wk:
        return
    sleeps = sorted({s for (_u, _t, s) in wk.values() if s is not None})
    w("## Wake-up latency")
    w("")
    w("`bench/wakeup/sprig.cpp`: the time from a push by a busy worker, while every other "
      "worker is asleep, until a woken worker starts running the stolen continuation. "
      f"Before each sample the spawning worker sleeps {'/'.join(map(str, sleeps))} ms "
      "(the others pass their spin and yield phases and sleep on the futex); then it "
      "reads t0, spawns a child that spins until released, and the continuation, which "
      "only a thief can run, reads t1 and releases it. Sprig only; steady_clock; "
      f"percentiles by nearest rank. The target is below {WAKEUP_TARGET_US} us.")
    w("")
    w("| P | samples | median (us) | 90th percentile (us) | min (us) | max (us) | "
      "no thief within 1 s |")
    w("|--:|--:|--:|--:|--:|--:|--:|")
    for p in sorted(wk):
        us, to, _s = wk[p]
        if us:
            w(f"| {p} | {len(us)} | {nearest_rank(us, 0.5):.1f} | "
              f"{nearest_rank(us, 0.9):.1f} | {min(us):.1f} | {max(us):.1f} | {to} |")
        else:
            w(f"| {p} | 0 | - | - | - | - | {to} |")
    w("")
    for p in sorted(wk):
        us = wk[p][0]
        if not us:
            continue
        med = nearest_rank(us, 0.5)
        within = sum(1 for x in us if x < WAKEUP_TARGET_US)
        w(f"- P = {p}: median {med:.1f} us, "
          + (f"{med / WAKEUP_TARGET_US:.1f} times the target" if med >= WAKEUP_TARGET_US
             else f"{WAKEUP_TARGET_US - med:.1f} us under the target")
          + f"; {within} of {len(us)} samples under {WAKEUP_TARGET_US} us.")
    w("")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--raw", required=True, help="bench/run.sh's output folder")
    ap.add_argument("--docs", required=True, help="where results.md and the PNGs go")
    a = ap.parse_args()
    a.micro = os.path.join(a.raw, "micro")
    a.work = a.raw
    plots = os.path.join(a.raw, "plots")
    os.makedirs(plots, exist_ok=True)

    mach = read_machine(os.path.join(a.raw, "machine.txt"))
    cells = read_runs(os.path.join(a.raw, "runs.tsv"))
    P = int(mach["pmax"])
    PS = [int(x) for x in mach.get("ps", f"1 {P}").split()]
    benches = mach["benches"].split()

    def mean_ci(ts):
        # Two-sided 95% Student's t quantiles for n - 1 = 1..30 degrees of freedom.
        tq = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201,
              2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074,
              2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042]
        n = len(ts)
        mean = sum(ts) / n
        if n < 2:
            return mean, None
        sd = statistics.stdev(ts)
        t = tq[n - 2] if n - 2 < len(tq) else 1.96
        return mean, t * sd / math.sqrt(n)

    def cell(b, c, p):
        x = cells.get((b, c, p))
        return (median(x["t"]), max(x["rss"]), len(x["t"]), min(x["t"]), max(x["t"])) \
            if x else (None, None, 0, None, None)

    def scaling_rows(b):
        """competitor -> {P: (TS/TP, TP, runs)} over the Ps of the run."""
        ts = cell(b, "serial", 1)[0]
        out = {}
        for c in COMPETITORS:
            out[c] = {}
            for p in PS:
                tp, _, n, _, _ = cell(b, c, p)
                if tp:
                    out[c][p] = (ts / tp, tp, n)
        return out

    rows = []  # (bench, competitor, TS, T1, TP, T1/TS, TS/TP, rss1, rssP, runs)
    plot = []  # (bench, competitor, T1/TS, TS/TP)
    for b in benches:
        ts, rss_s, n_s, _, _ = cell(b, "serial", 1)
        if ts is None:
            sys.exit(f"report.py: no serial runs of {b}")
        rows.append((b, "serial", ts, ts, None, 1.0, None, rss_s, None, f"{n_s}"))
        tc, rss_c, n_c, _, _ = cell(b, "calls", 1)
        if tc is not None:
            rows.append((b, "calls", ts, tc, None, tc / ts, None, rss_c, None, f"{n_c}"))
        for c in COMPETITORS:
            t1, rss1, n1, _, _ = cell(b, c, 1)
            tp, rssp, np_, _, _ = cell(b, c, P)
            ov = t1 / ts if t1 else None
            sp = ts / tp if tp else None
            rows.append((b, c, ts, t1, tp, ov, sp, rss1, rssp,
                         f"{n1}" if n1 == np_ or P == 1 else f"{n1} / {np_}"))
            plot.append((b, c, ov, sp))

    md = []
    w = md.append
    w("# Sprig benchmark results")
    w("")
    w("Generated by `scripts/bench.sh` (`make bench`) from one run; do not edit by hand.")
    if set(benches) != set(mach.get("all_benches", mach["benches"]).split()):
        w(f"**Partial run** (BENCH_ONLY): {' '.join(benches)}.")
    w("")
    w("## Machine")
    w("")
    if mach.get("sizes"):
        w(f"- **Not the suite's inputs** (BENCH_SIZE_*): {mach['sizes']}; a check of the "
          f"harness, not results")
    w(f"- CPU: {mach['cpu']}, {mach['cores']} cores; runs at P = "
      f"{', '.join(map(str, PS))} (\"Scaling\"; the tables before it: P = 1 and P = {P})")
    w(f"- Kernel: {mach['kernel']}" + (f"; {mach['os']}" if mach.get("os") else ""))
    w(f"- Compiler: {mach['cxx']}; {mach['sprig']}")
    if mach.get("build_host") and mach.get("host") and mach["build_host"] != mach["host"]:
        w(f"- Built on {mach['build_host']} ({mach.get('build_os', '?')}, "
          f"{mach.get('build_date', '?')}) with `scripts/bench.sh --build-only`, run on "
          f"{mach['host']} with the folder's own copies of the shared libraries")
    w(f"- Libraries: {mach['tbb']}, {mach['omp']}, {mach['gbench']}")
    w(f"- Sprig commit: {mach['commit']}")
    w(f"- Date: {mach['date']}; the suite took {int(mach['elapsed']) // 60} min "
      f"{int(mach['elapsed']) % 60} s")
    w(f"- Load average (1, 5, 15 min) before: {mach['load_start']}; after: "
      f"{mach['load_end']}. A load above the suite's own means other processes shared "
      f"the cores: T_P suffers first.")
    caps = [float(x) for x in mach.get("capacity", "").split()]
    if caps:
        w(f"- **Parallel capacity at P = {P}: {statistics.median(caps):.2f}** (median; "
          f"{min(caps):.2f} to {max(caps):.2f} over {len(caps)} probes before and after "
          f"the suite). `bench/common/capacity.cpp` runs a compute-bound spin loop on 1 "
          f"thread, then on {P} threads at once, each doing the same amount: capacity = "
          f"{P} T(1) / T({P}). It is the best TS/T{P} any program can reach on this "
          f"machine as it was during the run ({P} on an idle machine with {P} real "
          f"cores); judge the speedups below against it, not against {P}.")
    w("")
    w("## Suite")
    w("")
    w(f"Medians of {mach['reps']} runs. T_S: the serial program (the serial elision of the "
      f"Sprig program, built with clang++-22 -O2); T_1, T_{P}: the competitor with 1 and "
      f"{P} workers/threads (SPRIG_NWORKERS, TBB `global_control`, OMP_NUM_THREADS). "
      f"T1/TS is the overhead of parallel code on one core (1 = free), TS/T{P} the speedup "
      f"over the serial program. Peak RSS: the largest maximum resident set size over the "
      f"runs (`/usr/bin/time -f %M`), whole process. Times are of the kernel only: input "
      f"set-up, the check of the answer and thread-pool start-up are outside the timer. "
      f"Every answer was checked in the program and against the serial program's.")
    w("")
    w(f"| benchmark | competitor | T_S (s) | T_1 (s) | T_{P} (s) | T1/TS | TS/T{P} | "
      f"peak RSS P=1 (MiB) | peak RSS P={P} (MiB) | runs |")
    w("|---|---|--:|--:|--:|--:|--:|--:|--:|--:|")
    for (b, c, ts, t1, tp, ov, sp, r1, rp, n) in rows:
        w(f"| {b} | {label(b, c)} | {fmt_s(ts)} | {fmt_s(t1)} | {fmt_s(tp)} | {fmt_r(ov)} | "
          f"{fmt_r(sp)} | {fmt_mib(r1)} | {fmt_mib(rp)} | {n} |")
    w("")
    w("Inputs (fixed in each `bench/<benchmark>/config.hpp`):")
    w("")
    overridden = {x.split("=")[0] for x in mach.get("sizes", "").split()}
    for b in benches:
        extra = ""
        ts = cell(b, "serial", 1)[0]
        if b in UNITS and b not in overridden and ts:
            n, what = UNITS[b]
            n = n or _pimbalance_units()
            extra = f"; in this run's serial program {ts / n * 1e9:.0f} ns per {what}"
        w(f"- **{b}**: {INPUT.get(b, '')}{extra}")
    w("")
    if any(c == "calls" for (_, c, *_r) in rows):
        ts = cell("fib", "serial", 1)[0]
        tc = cell("fib", "calls", 1)[0]
        t1 = cell("fib", "sprig", 1)[0]
        if ts and tc and t1:
            w("### fib: T_calls (for issue 7)")
            w("")
            w("clang -O2 turns one of the two recursive calls of the serial fib into a loop "
              "(tail-recursion elimination with an accumulator), so T_S is not a call per "
              "node. `bench/fib/calls.cpp` is the same serial fib with "
              "`__attribute__((noinline, disable_tail_calls))`: one real call per node.")
            w("")
            w(f"| T_S (s) | T_calls (s) | Sprig T_1 (s) | T_1 / T_calls | T_calls / T_S |")
            w("|--:|--:|--:|--:|--:|")
            w(f"| {fmt_s(ts)} | {fmt_s(tc)} | {fmt_s(t1)} | {fmt_r(t1 / tc)} | "
              f"{fmt_r(tc / ts)} |")
            w("")

    PO = int(mach.get("pover", "0") or 0)
    w(f"### Issue 7 targets: Sprig's speedup, and oversubscription")
    w("")
    w(f"TS/T{P} >= {SPEEDUP_TARGET} is the target for "
      f"{', '.join(SPEEDUP_TARGET_BENCHES[:-1])} and {SPEEDUP_TARGET_BENCHES[-1]} (read it "
      f"against the "
      f"capacity above). " + (f"T_{PO}: Sprig with SPRIG_NWORKERS={PO}, more workers than "
      f"the {mach['cores']} cores; the target is T_{PO} <= {OVERSUB_TARGET} T_{P}. Paired: "
      f"the median, "
      f"over repetitions, of T_{PO}/T_{P} within one repetition (the two run back to "
      f"back)." if PO else ""))
    w("")
    speed_met, speed_missed, over_met, over_missed = [], [], [], []
    if PO:
        w(f"| benchmark | Sprig T1/TS | Sprig T1/T{P} | Sprig TS/T{P} | T_{PO} (s) | "
          f"T_{PO} / T_{P} (medians) | T_{PO} / T_{P} (paired) |")
        w("|---|--:|--:|--:|--:|--:|--:|")
    else:
        w(f"| benchmark | Sprig T1/TS | Sprig T1/T{P} | Sprig TS/T{P} |")
        w("|---|--:|--:|--:|")
    for b in benches:
        ts = cell(b, "serial", 1)[0]
        t1 = cell(b, "sprig", 1)[0]
        tp = cell(b, "sprig", P)[0]
        row = (f"| {b} | {fmt_r(t1 / ts if t1 and ts else None)} | "
               f"{fmt_r(t1 / tp if t1 and tp else None)} | "
               f"{fmt_r(ts / tp if ts and tp else None)} |")
        if b in SPEEDUP_TARGET_BENCHES and ts and tp:
            (speed_met if ts / tp >= SPEEDUP_TARGET else speed_missed).append(
                f"{b} ({fmt_r(ts / tp)})")
        if PO:
            to = cell(b, "sprig", PO)[0]
            # Paired: the median over repetitions of T_PO / T_P from the same repetition
            # (run back to back), less exposed to the machine's drift than a ratio of
            # medians taken from different repetitions.
            xo = cells.get((b, "sprig", PO), {"t": []})["t"]
            xp = cells.get((b, "sprig", P), {"t": []})["t"]
            paired = (statistics.median([o / q for o, q in zip(xo, xp)])
                      if xo and len(xo) == len(xp) else None)
            row += (f" {fmt_s(to)} | {fmt_r(to / tp if to and tp else None)} | "
                    f"{fmt_r(paired)} |")
            if paired is not None:
                (over_met if paired <= OVERSUB_TARGET else over_missed).append(
                    f"{b} ({fmt_r(paired)})")
        w(row)
    w("")
    if speed_met or speed_missed:
        w(f"- TS/T{P} >= {SPEEDUP_TARGET} in this run: {list_or_none(speed_met)}; below it: "
          f"{list_or_none(speed_missed)}"
          + (f" (capacity {statistics.median(caps):.2f})" if caps else "") + ".")
    if over_met or over_missed:
        w(f"- T_{PO} / T_{P} (paired) <= {OVERSUB_TARGET} in this run: "
          f"{list_or_none(over_met)}; above it: {list_or_none(over_missed)}.")
    if speed_met or speed_missed or over_met or over_missed:
        w("")

    if FIRSTSOL in benches and FIRSTSOL_FULL in benches:
        firstsol_section(w, cell, sorted(set(PS)), os.path.join(a.raw, "logs"))

    # The work/span profiler (issue 18): its overhead on T_1, and what it reports for the
    # kernel (the "kernel" probe of bench/common/bench.hpp) in the last repetition.
    if any(cells.get((b, "scale", 1)) for b in benches):
        w("### The work/span profiler (`sprig++ --scale`, issue 18)")
        w("")
        w("The profiler's program runs serially and counts instructions; overhead = its "
          "T_1 / Sprig's T_1 (the targets: within 2x on fib, 20% on the coarse "
          "benchmarks). Parallelism and burdened parallelism of the timed kernel, from its "
          "report (docs/scale.md).")
        w("")
        w("| benchmark | Sprig T_1 (s) | --scale T_1 (s) | overhead | kernel work (s) | "
          "parallelism | burdened parallelism |")
        w("|---|--:|--:|--:|--:|--:|--:|")
        for b in benches:
            t1 = cell(b, "sprig", 1)[0]
            tsc = cell(b, "scale", 1)[0]
            if tsc is None:
                continue
            kern = scale_kernel(os.path.join(a.work, "logs"), b, mach["reps"])
            kw, kp, kb = (fmt_s(kern[0]), f"{kern[1]:.1f}", f"{kern[2]:.2f}") if kern \
                else ("-", "-", "-")
            w(f"| {b} | {fmt_s(t1)} | {fmt_s(tsc)} | "
              f"{fmt_r(tsc / t1 if t1 and tsc else None)} | {kw} | {kp} | {kb} |")
        w("")

    w("### Spread")
    w("")
    w("Minimum / median / maximum of each cell, seconds, and the mean with its 95% "
      "confidence interval (Student's t over the runs: mean +- t(0.975, n-1) s / sqrt(n)). "
      "With n runs, [min, max] is itself a confidence interval for the median at level "
      f"1 - 2^(1-n) ({100 * (1 - 2 ** (1 - int(mach['reps']))):.0f}% for {mach['reps']} "
      f"runs).")
    w("")
    w(f"| benchmark | competitor | P | min | median | max | mean +- 95% CI | runs |")
    w("|---|---|--:|--:|--:|--:|--:|--:|")
    for b in benches:
        for c in ["serial", "calls"] + COMPETITORS:
            for p in sorted(set(PS) | {PO} - {0}):
                med, _, n, lo, hi = cell(b, c, p)
                if n:
                    mean, half = mean_ci(cells[(b, c, p)]["t"])
                    ci = f"{fmt_s(mean)} +- {fmt_s(half)}" if half is not None else "-"
                    w(f"| {b} | {c} | {p} | {fmt_s(lo)} | {fmt_s(med)} | {fmt_s(hi)} | "
                      f"{ci} | {n} |")
    w("")

    scaling_section(w, benches, PS, P, caps, scaling_rows, mach)

    # ---- micro ----
    sp = micro_stats(os.path.join(a.micro, "spawn.json"))
    st = micro_stats(os.path.join(a.micro, "steal.json"))
    tb = micro_stats(os.path.join(a.micro, "tbb.json"))
    om = micro_stats(os.path.join(a.micro, "omp.json"))
    iters, steals, susp = steal_counts(os.path.join(a.micro, "steal.err"))
    w("## Microbenchmarks")
    w("")
    if mach.get("micro") == "skipped":
        w("Not run this time (BENCH_SKIP_MICRO=1): the table below is empty.")
        w("")
    w(f"Google Benchmark (`bench/micro/`), median and minimum of {mach['reps']} "
      f"repetitions. Spawn "
      f"costs with SPRIG_NWORKERS=1 (nothing is ever stolen: the fast path alone); the "
      f"steal with SPRIG_NWORKERS=2. Times are CPU time per iteration (less sensitive to "
      f"other processes on the machine), except the steal's, which is wall time (a steal "
      f"is a wait for the other worker).")
    w("")
    w("| benchmark | what one iteration does | ns per iteration (median) | (min) |")
    w("|---|---|--:|--:|")
    desc = [
        ("BM_call", sp, "call an empty `noinline` function"),
        ("BM_call_wrapper", sp, "call a `noinline` function that calls it"),
        ("BM_spawn_sync", sp, "`[[sprig::spawn]] empty(); [[sprig::sync]];` inside one "
                              "spawning function"),
        ("BM_spawn_only", sp, "`[[sprig::spawn]] empty();` (one sync after the loop)"),
        ("BM_spawning_call", sp, "call a function that does spawn `empty()` + sync: "
                                 "BM_spawn_sync plus entering/leaving a spawning frame"),
        ("BM_root_call", sp, "the same call from a thread that is no worker: a root entry "
                             "(bind the thread as a worker, unbind it at the exit)"),
        ("BM_reducer_sum_double", sp, "a `[[sprig::parallel_for]]` adding 2^16 doubles to "
                                      "a `reducer<op_add<double>>`, 1 worker"),
        ("BM_reducer_sum_exact", sp, "the same with `op_add_exact<double>` (the exact sum, "
                                     "rounded once)"),
        ("BM_fib_calls", sp, "fib(20) serial, a real call per node (10,945 internal "
                             "nodes; T_calls)"),
        ("BM_fib_external", sp, "fib(20) spawning, a function with external linkage, 1 "
                                "worker"),
        ("BM_fib_static", sp, "the same, a `static` function"),
        ("BM_fib_indirect", sp, "the same, spawned through a function pointer"),
        ("BM_tbb_run_wait", tb, "oneTBB, 1 thread: `task_group g; g.run(empty); g.wait();`"),
        ("BM_omp_task_taskwait", om, "OpenMP, 1 thread: `#pragma omp task empty();` + "
                                     "`taskwait` (libomp runs it undeferred)"),
        ("BM_steal_roundtrip", st, "Sprig, 2 workers: one forced steal (see below), wall "
                                   "time"),
    ]
    for name, src, d in desc:
        v = src.get(name)
        w(f"| {name} | {d} | {'-' if v is None else f'{v[0]:,.1f}'} | "
          f"{'-' if v is None else f'{v[1]:,.1f}'} |")
    w("")
    sp = {k: v[0] for k, v in sp.items()}
    st_min = {k: v[1] for k, v in st.items()}
    st = {k: v[0] for k, v in st.items()}
    if sp.get("BM_fib_calls"):
        kinds = [(k, sp.get(f"BM_fib_{k}")) for k in ("external", "static", "indirect")]
        kinds = [(k, v) for k, v in kinds if v]
        if kinds:
            w("- fib(20) at 1 worker, T_1 / T_calls by the kind of function spawned: " +
              ", ".join(f"{k} {v / sp['BM_fib_calls']:.2f}" for k, v in kinds) + ".")
    if sp.get("BM_spawn_sync") and sp.get("BM_call"):
        w(f"- A spawn+sync that is never stolen costs "
          f"{more_or_less(sp['BM_spawn_sync'], sp['BM_call'])} the call it replaces "
          f"({sp['BM_spawn_sync'] / sp['BM_call']:.1f}x).")
    if sp.get("BM_spawning_call") and sp.get("BM_call_wrapper"):
        w(f"- Calling a function that spawns once and syncs costs "
          f"{more_or_less(sp['BM_spawning_call'], sp['BM_call_wrapper'])} calling one "
          f"that makes the same call plainly.")
    if sp.get("BM_root_call") and sp.get("BM_spawning_call"):
        w(f"- Entering a spawning function from a thread that is no worker (a root: the "
          f"thread is bound as a worker and unbound at the exit) costs "
          f"{more_or_less(sp['BM_root_call'], sp['BM_spawning_call'])} the same call "
          f"from inside a spawning frame ({sp['BM_root_call']:.1f} ns in all).")
    if sp.get("BM_reducer_sum_exact") and sp.get("BM_reducer_sum_double"):
        n = 1 << 16
        ratio = sp["BM_reducer_sum_exact"] / sp["BM_reducer_sum_double"]
        w(f"- An exact floating-point sum (`op_add_exact<double>`) costs "
          f"{sp['BM_reducer_sum_exact'] / n:.2f} ns per update against "
          f"{sp['BM_reducer_sum_double'] / n:.2f} ns for `op_add<double>`: {ratio:.1f}x "
          f"({'within' if ratio <= 3.0 else 'above'} the 3x that issue 35 allows).")
    if st.get("BM_steal_roundtrip"):
        w(f"- One forced steal round trip: {st['BM_steal_roundtrip'] / 1000:.1f} us (median; "
          f"best repetition {st_min['BM_steal_roundtrip'] / 1000:.1f} us)"
          + (f", of which {st['to_thief_ns'] / 1000:.1f} us from the spawn until the "
             f"continuation started on the thief (the rest: the sync and the join back)"
             if st.get("to_thief_ns") else "") + ". An "
          f"iteration spawns a child that spins until the parent's continuation has run on "
          f"the other worker; the continuation releases the child and waits at the sync "
          f"(suspended) until the child returns and resumes it. So it includes the thief's "
          f"latency in noticing the work (the idle worker spins, then yields, then sleeps "
          f"until a push wakes it), the steal, the move of the continuation to a fiber, a "
          f"suspended sync and the resumption, and it is sensitive to other load on the "
          f"cores (one core spins while the other must steal).")
    if iters is not None and steals is not None:
        extra = steals - iters
        w(f"- Cross-check (SPRIG_STATS=1): the program counted {iters} forced-steal "
          f"iterations; the runtime counted {steals} steals and {susp} suspended syncs in "
          f"the process: "
          + (f"{extra} steals more than iterations (steals outside the counted iterations: "
             f"Google Benchmark's warm-up call, the workers' start)." if extra > 0 else
             "as many steals as iterations." if extra == 0 else
             f"**{-extra} steals fewer than iterations**: an iteration without a steal "
             f"(the program or the runtime miscounts)."))
    w("")
    wakeup_section(w, os.path.join(a.raw, "wakeup"))
    w("## Notes")
    w("")
    w("- All competitors run the same algorithm with the same cutoffs and the same "
      "sequential leaf code (`config.hpp`); each Sprig program is the serial program "
      "plus attributes; TBB uses one `tbb::task_group` per spawning call; OpenMP uses "
      "`#pragma omp task` / `taskwait` inside `parallel` + `single`.")
    tiny = [b for b in ["fib", "knapsack", "uts", "spawnloop"] if b in benches]
    if tiny:
        omp = []
        for b in tiny:
            cmp = times_slower_or_faster(cell(b, "omp", P)[0], cell(b, "omp", 1)[0])
            if cmp:
                omp.append(f"{b} {cmp}")
        w(f"- {', '.join(tiny)} have (almost) no work per task: they measure the cost of a "
          f"task more than parallel speed."
          + (f" OpenMP tasks (libomp) on {P} threads against 1 in this run: "
             f"{'; '.join(omp)} (not profiled)." if omp and P > 1 else ""))
    w("- knapsack: Cilk-5's branch and bound, but the shared best value starts at the "
      "optimum (dynamic programming, before the timer), so every competitor and schedule "
      "searches the same tree; otherwise the tree searched depends on the order branches "
      "run in and the numbers would compare luck.")
    if caps:
        cap = statistics.median(caps)
        above = [f"{b} {label(b, c)} {fmt_r(sp)} (its T1/TS: {fmt_r(ov)})"
                 for (b, c, ov, sp) in plot if sp and sp > cap]
        w(f"- Judge speedups against the parallel capacity measured above ({cap:.2f} at "
          f"P = {P}), not against P; any other process on the machine shows up as noise "
          f"in T_P (see the load average and the spread table). TS/T{P} above the "
          f"capacity in this run: {list_or_none(above)}.")
    else:
        w("- Any other process on the machine shows up as noise in T_P (see the load "
          "average and the spread table).")
    w("")
    w("![overhead and speedup](speedup.png)")
    w("")
    os.makedirs(a.docs, exist_ok=True)
    with open(os.path.join(a.docs, "results.md"), "w") as f:
        f.write("\n".join(md))

    # ---- plot data and gnuplot script ----
    dat = os.path.join(plots, "speedup.dat")
    width = 0.26
    with open(dat, "w") as f:
        f.write("# x bench competitor_index overhead speedup xlo xhi\n")
        for i, b in enumerate(benches):
            for j, c in enumerate(COMPETITORS):
                ov = next((o for (bb, cc, o, s) in plot if bb == b and cc == c), None)
                sv = next((s for (bb, cc, o, s) in plot if bb == b and cc == c), None)
                x = i + (j - 1) * width
                f.write(f"{x:.3f} {b} {j} {ov if ov else 'NaN'} {sv if sv else 'NaN'} "
                        f"{x - width / 2 * 0.92:.3f} {x + width / 2 * 0.92:.3f}\n")
    xtics = ", ".join(f'"{b}" {i}' for i, b in enumerate(benches))
    ovs = [o for (_, _, o, _) in plot if o]
    sps = [s for (_, _, _, s) in plot if s]
    ymax_ov = max(ovs + [2]) * 2.2
    ymin_ov = min(ovs + [1]) / 1.6
    ymax_sp = max(sps + [P]) * 1.22
    png = os.path.join(a.docs, "speedup.png")
    cap = statistics.median(caps) if caps else None
    cap_txt = f"{cap:.2f}" if cap else "n/a"
    cap_arrow = (f"set arrow 4 from -0.6,{cap:.3f} to {len(benches) - 0.4},{cap:.3f} nohead "
                 f"dt 3 lw 2 lc rgb '#cc0000'\n" if cap else "")
    n = len(benches)
    gp = f"""set terminal pngcairo size 1700,650 enhanced font 'DejaVu Sans,11'
set output '{png}'
set multiplot layout 1,2 title "Sprig benchmark suite: {mach['cpu']}, {mach['cores']} cores, {mach['date']} (medians of {mach['reps']} runs)" font ',13'
set style fill solid 0.9 border -1
set grid ytics lc rgb '#dddddd'
set xtics ({xtics}) nomirror
set xrange [-0.6:{n - 0.4}]
set key top left
set title 'Overhead on one core: T_1 / T_S  (1 = free; log scale)'
set logscale y
set yrange [{ymin_ov:.3f}:{ymax_ov:.3f}]
set ytics (0.5, 1, 2, 5, 10, 20, 50, 100, 200, 500)
set arrow 1 from -0.6,1 to {n - 0.4},1 nohead dt 2 lc rgb '#444444'
plot '{dat}' using 1:($3==0 ? $4 : 1/0):6:7:(1):4 with boxxyerror lc rgb '{COLOR['sprig']}' title '{gp_text(LABEL['sprig'])}', \\
     '' using 1:($3==1 ? $4 : 1/0):6:7:(1):4 with boxxyerror lc rgb '{COLOR['tbb']}' title '{gp_text(LABEL['tbb'])}', \\
     '' using 1:($3==2 ? $4 : 1/0):6:7:(1):4 with boxxyerror lc rgb '{COLOR['omp']}' title '{gp_text(LABEL['omp'])}', \\
     '' using 1:($4*1.12):(sprintf('%.1f', $4)) with labels font ',7.5' notitle
unset logscale y
unset arrow 1
set title 'Speedup over serial with P = {P}: T_S / T_{P}  (dashed: P; dotted: measured capacity {cap_txt})'
set yrange [0:{ymax_sp:.3f}]
set ytics auto
set arrow 2 from -0.6,{P} to {n - 0.4},{P} nohead dt 2 lc rgb '#444444'
set arrow 3 from -0.6,1 to {n - 0.4},1 nohead lc rgb '#999999'
{cap_arrow}plot '{dat}' using 1:($3==0 ? $5 : 1/0):6:7:(0):5 with boxxyerror lc rgb '{COLOR['sprig']}' title '{gp_text(LABEL['sprig'])}', \\
     '' using 1:($3==1 ? $5 : 1/0):6:7:(0):5 with boxxyerror lc rgb '{COLOR['tbb']}' title '{gp_text(LABEL['tbb'])}', \\
     '' using 1:($3==2 ? $5 : 1/0):6:7:(0):5 with boxxyerror lc rgb '{COLOR['omp']}' title '{gp_text(LABEL['omp'])}', \\
     '' using 1:($5+{ymax_sp / 40:.3f}):(sprintf('%.2f', $5)) with labels font ',7.5' notitle
unset multiplot
"""
    with open(os.path.join(plots, "speedup.gp"), "w") as f:
        f.write(gp)
    for b in benches:
        write_scaling_plot(b, scaling_rows(b), PS, mach, plots, a.docs)


if __name__ == "__main__":
    main()
