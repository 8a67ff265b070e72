# lit configuration for Sprig. Substitutions:
#   %sprigxx      build/bin/sprig++ (clang++-22 + plugin + runtime)
#   %sprigcc      build/bin/sprigcc (clang-22 in C mode + plugin + runtime)
#   %sprig_scale  build/bin/sprig-scale (the work/span profiler's runner and plotter)
#   %sprig_port   build/bin/sprig-port (Cilk source to Sprig, docs/porting.md)
#   %clangxx      plain clang++-22 (the serial elision: attributes ignored), plus
#                 $SPRIGTEST_LIT_CXXFLAGS if set (sanitizer runs)
#   %clangc       plain clang-22 in C mode (the serial elision of C), plus the same flags
#   %cc_elision   the C compiler of the C tests' serial elision: gcc if it is on the PATH
#                 (GNU's C, whose default gnu17 takes [[...]]), else %clangc
#   %plugin       path of SprigFrontend.so, the clang plugin (for -fplugin= / -cc1 -load)
#   %passplugin   path of SprigPlugin.so, the LLVM pass plugin (opt -load-pass-plugin=)
#   %opt          opt-22 with SprigPlugin.so loaded
#   %sprig_inc    Sprig's include directory
#   %sprig_src    the source tree (examples/, bench/)
#   %run_p        test/lit/run_p.sh: run a program at several SPRIG_NWORKERS, compare
#                 each output with the serial elision's
#   %run_opts     test/lit/run_opts.sh SRC OUT [FLAGS]: the serial elision against
#                 sprig++ -O0..-O3, each through run_p.sh
#   %run_opts_c   the same for a C file: %cc_elision against sprigcc -O0..-O3
#   %run_same     test/lit/run_same.sh SRC OUT [FLAGS]: sprig++ -O0..-O3 at P=1..16, each
#                 output equal to the first (no serial elision: sprig::dprand); %run_same_c
#                 the same with sprigcc
#   %run_opts_mix test/lit/run_opts_mix.sh CSRC CXXSRC OUT [FLAGS]: a program of a C and
#                 a C++ file, the elision (%cc_elision, g++ or clang++) against sprigcc +
#                 sprig++ -O0..-O3, linked by sprig++
#   %sprig_lib    the directory of libsprig.so (hand-lowered tests link it directly)
#   %expect_exit  test/lit/runtime/Inputs/expect_exit.sh STATUS CMD...: succeeds only if
#                 CMD exits with exactly STATUS (lit's `not` only knows "non-zero")
import os
import sys
import lit.formats

config.name = "Sprig"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".cpp", ".c", ".ll", ".test"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.sprig_obj_root, "test", "lit")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
for var in ["SPRIG_NWORKERS", "SPRIG_STATS", "SPRIG_TRACE", "SPRIG_STACKSIZE",
            "SPRIG_DEQUE_DEPTH"]:
    config.environment.pop(var, None)
config.environment["SPRIGTEST_RUN_REPEAT"] = os.environ.get("SPRIGTEST_RUN_REPEAT", "3")

config.substitutions.append(("%sprigxx", config.sprig_driver))
config.substitutions.append(("%sprigcc", config.sprig_c_driver))
# %sprig_scale: build/bin/sprig-scale, the profiler's runner and plotter.
config.substitutions.append(
    ("%sprig_scale", os.path.join(os.path.dirname(config.sprig_driver), "sprig-scale")))
# %sprig_port: build/bin/sprig-port, the Cilk-to-Sprig converter.
config.substitutions.append(
    ("%sprig_port", os.path.join(os.path.dirname(config.sprig_driver), "sprig-port")))
config.substitutions.append(("%python", sys.executable))
# SPRIGTEST_LIT_CXXFLAGS (e.g. -fsanitize=thread) is appended to %clangxx: with a sanitizer
# build's lit directory, the hand-lowered and runtime tests build under that sanitizer
# (docs/sanitizers.md). Empty by default.
_extra = os.environ.get("SPRIGTEST_LIT_CXXFLAGS", "").strip()
config.substitutions.append(("%clangxx", config.clangxx + (" " + _extra if _extra else "")))
config.substitutions.append(("%clangc", config.clang + (" " + _extra if _extra else "")))
# The C elision: gcc when there is one (a second compiler: the attributes ignored by
# GNU's rules too), else clang in C mode. Its C++ partner for mixed programs likewise.
import shutil
_gcc, _gxx = shutil.which("gcc"), shutil.which("g++")
_cc_elision = _gcc if _gcc else config.clang
_cxx_elision = _gxx if _gcc and _gxx else config.clangxx
config.substitutions.append(("%cc_elision", _cc_elision))
config.substitutions.append(("%plugin", config.sprig_plugin))
config.substitutions.append(("%passplugin", config.sprig_pass_plugin))
config.substitutions.append(
    ("%opt", os.path.join(config.llvm_tools_dir, "opt") + " -load-pass-plugin=" +
     config.sprig_pass_plugin))
config.substitutions.append(("%sprig_inc", os.path.join(config.sprig_src_root, "include")))
config.substitutions.append(("%sprig_lib", config.sprig_runtime_dir))
config.substitutions.append(("%sprig_obj", config.sprig_obj_root))
config.substitutions.append(("%sprig_src", config.sprig_src_root))
# (%run_opts_c and %run_opts_mix before %run_opts, whose name begins theirs)
config.substitutions.append(
    ("%run_opts_mix", " ".join([os.path.join(config.test_source_root, "run_opts_mix.sh"),
                                config.sprig_c_driver, config.sprig_driver, _cc_elision,
                                _cxx_elision])))
config.substitutions.append(
    ("%run_opts_c", " ".join([os.path.join(config.test_source_root, "run_opts.sh"),
                              config.sprig_c_driver, _cc_elision])))
# %run_opts SRC OUT [FLAGS]: serial elision vs sprig++ -O0..-O3, each at P=1,2,4,8.
config.substitutions.append(
    ("%run_opts", " ".join([os.path.join(config.test_source_root, "run_opts.sh"),
                            config.sprig_driver, config.clangxx])))
# %run_same SRC OUT [FLAGS] / %run_same_c: sprig++ (sprigcc) -O0..-O3, each at P=1, 2, 3,
# 4, 8, 16: every output equal to the first (sprig::dprand; no elision to compare with).
# (%run_same_c first: %run_same begins its name)
config.substitutions.append(
    ("%run_same_c", " ".join([os.path.join(config.test_source_root, "run_same.sh"),
                              config.sprig_c_driver])))
config.substitutions.append(
    ("%run_same", " ".join([os.path.join(config.test_source_root, "run_same.sh"),
                            config.sprig_driver])))
# (before %run_p, of which it is an extension)
config.substitutions.append(("%run_p", os.path.join(config.test_source_root, "run_p.sh")))
config.substitutions.append(
    ("%expect_exit", os.path.join(config.test_source_root, "runtime", "Inputs", "expect_exit.sh")))

# Feature "x86_64": tests that check x86-64 code generation.
import platform
if platform.machine() in ("x86_64", "AMD64"):
    config.available_features.add("x86_64")

# Feature "avx2": this machine's CPU runs AVX2 code (exec tests built with -mavx2).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        if " avx2" in cpuinfo.read():
            config.available_features.add("avx2")
except OSError:
    pass

# Feature "openmp": clang++ -fopenmp links (libomp-22-dev).
if os.path.exists(os.path.join(os.path.dirname(config.clangxx), "..", "lib", "libomp.so")):
    config.available_features.add("openmp")

# Feature "gxx": GNU g++ is on the PATH (the serial elision with another compiler).
import shutil
if shutil.which("g++"):
    config.available_features.add("gxx")
    config.substitutions.append(("%gxx", shutil.which("g++")))
# Feature "gcc": GNU gcc is on the PATH (the serial elision of C with another compiler).
if shutil.which("gcc"):
    config.available_features.add("gcc")
    config.substitutions.append(("%gcc", shutil.which("gcc")))

# Feature "mpi": Open MPI's wrapper and launcher (libopenmpi-dev, openmpi-bin; a test
# dependency, scripts/install-deps.sh). Without them mpi/hybrid.test is UNSUPPORTED: say
# why, where lit's output shows it (ctest reports lit-mpi as Skipped).
if shutil.which("mpicxx") and shutil.which("mpirun"):
    config.available_features.add("mpi")
else:
    lit_config.note("feature 'mpi' off, mpi/hybrid.test UNSUPPORTED: no mpicxx or mpirun "
                    "on the PATH (Debian packages libopenmpi-dev openmpi-bin; "
                    "scripts/install-deps.sh installs them)")

# Feature "dpkg": dpkg-deb is on the PATH (the Debian package's test unpacks it).
if shutil.which("dpkg-deb") and shutil.which("cpack"):
    config.available_features.add("dpkg")

# Feature "sanitizer-runtimes": this build has libsprig-tsan and libsprig-asan (CMake
# option SPRIG_SANITIZER_RUNTIMES, on by default; the assertion build's tree turns it off),
# which sprig++ -fsanitize=thread|address links.
if getattr(config, "sprig_sanitizer_runtimes", "ON").upper() in ("ON", "1", "TRUE", "YES", "Y"):
    config.available_features.add("sanitizer-runtimes")

# Features "tsan" / "asan": $SPRIGTEST_LIT_CXXFLAGS builds the tests' programs under
# ThreadSanitizer / AddressSanitizer (the tsan-lit / asan-lit ctest entries,
# test/CMakeLists.txt). As with clang, the last -fsanitize= / -fno-sanitize= naming one
# wins.
_sanitized = {}
for _flag in _extra.split():
    _on = _flag.startswith("-fsanitize=")
    if not (_on or _flag.startswith("-fno-sanitize=")):
        continue
    _kinds = _flag.split("=", 1)[1].split(",")
    for _kind, _feature in (("thread", "tsan"), ("address", "asan")):
        if _kind in _kinds or (not _on and "all" in _kinds):
            _sanitized[_feature] = _on
config.available_features.update(f for f, on in _sanitized.items() if on)
