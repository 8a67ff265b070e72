"""Compile every example and every Sprig benchmark with sprig++ -fsyntax-only -Werror and
fail on the first diagnostic: the thread-bound warnings (-Wsprig-lock-across-spawn,
-Wsprig-thread-identity) must flag none of them, nor must any other check.

    no_diagnostics.py SPRIGXX SOURCE_ROOT
"""
import glob
import os
import subprocess
import sys

sprigxx, root = sys.argv[1], sys.argv[2]
files = sorted(glob.glob(os.path.join(root, "examples", "*.cpp")) +
               glob.glob(os.path.join(root, "bench", "*", "sprig*.cpp")))
# bench/micro needs Google Benchmark's header, which only `make bench` installs.
files = [f for f in files if os.sep + "micro" + os.sep not in f]
if len(files) < 20:
    sys.exit(f"only {len(files)} sources found under {root}")
bad = 0
for f in files:
    r = subprocess.run([sprigxx, "-std=c++17", "-fsyntax-only", "-Werror",
                        "-I" + os.path.join(root, "include"), "-I" + os.path.join(root, "bench"),
                        f], capture_output=True, text=True)
    if r.returncode != 0 or r.stderr.strip():
        bad += 1
        print(f"{os.path.relpath(f, root)}:\n{r.stderr}")
print(f"checked {len(files)} sources, {bad} with diagnostics")
sys.exit(1 if bad else 0)
