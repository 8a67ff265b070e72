#!/usr/bin/env python3
"""Differential runner for the Sprig fuzzer (docs/fuzz.md).

    run.py --seeds A..B [--jobs 2] [--opt-levels O0,O1,O2,O3,Os] [--g] [--workers 1,2,4,8]
           [--repeat K] [--keep DIR] [--sprigxx PATH] [--timeout S] [--scale | --race]
           [--lang c [--sprigcc PATH] [--serial-cc alternate|gcc|clang]]

For each seed: gen.py writes a program; it is built as its serial elision
(clang++-22 -O2 -Wno-unknown-attributes) and with sprig++ (one optimisation level per seed,
cycling through --opt-levels by seed; -g on every third seed, or on all with --g); the serial
program runs once, the parallel one `repeat` times at each worker count and once with the
serial gate forced up (SPRIGTEST_SERIAL_ROOTS=1: the serial clones run); stdout and exit
status must be identical. With --lang c the programs are C (gen.py --lang c, in the C
dialect each names), the serial elision is built by gcc on even seeds and clang-22 on odd
ones (--serial-cc), the parallel build by sprigcc. With --scale the program is built with
sprig++ --scale (the work/span profiler, docs/scale.md): it runs once (serially) and its report must hold up
(span <= work <= ..., the whole-program row last). With --race it is built with
sprig++ --race (the race detector, docs/race.md): one run, the serial elision's output,
and no race reported (the generated programs are race-free). Every failure leaves a standalone
reproducer in the keep directory. The last line is a summary; the exit status is 0 only if every program is ok.

Classes: ok, mismatch (other output or exit status), crash (killed by a signal, or exit
status >= 128, e.g. the runtime's stack-overflow exit 134), hang (over --timeout),
compiler-crash (sprig++ died or timed out), internal-error (sprig++ reported an internal
error or a broken module), rejected (sprig++ refused a program the serial compiler
accepts), gen-error (the serial build or run failed: a generator bug).
"""
import argparse
import concurrent.futures
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CLASSES = ['ok', 'mismatch', 'crash', 'hang', 'compiler-crash', 'internal-error', 'rejected',
           'gen-error']
STD = ['-std=c++17']
# gcc takes [[...]] attributes in its GNU dialects and C2x only: the strict dialects of
# gen.py --lang c are built there as their GNU twins (the programs use no GNU extension
# but alloca, which glibc's <alloca.h> declares in every dialect).
GCC_STD = {'c11': 'gnu11', 'c17': 'gnu17', 'c23': 'c2x', 'gnu11': 'gnu11', 'gnu17': 'gnu17'}
# The headers of gen.py's prelude (precompiled with --pch).
PRELUDE_INCLUDES = ['#include <atomic>', '#include <cmath>', '#include <cstdio>',
                    '#include <cstring>', '#include <exception>', '#include <functional>',
                    '#include <string>', '#include <vector>']
PLUGIN_LOAD_RE = re.compile(r'(unable|could not|cannot) (to )?load plugin|'
                            r'cannot open shared object|error loading plugin|undefined symbol',
                            re.I)
print_lock = threading.Lock()
# The last line of a program that draws (gen.py's feature dprand): the sum of its
# sprig_dprand() draws. Not the serial elision's (it cannot see the spawn tree), so it is
# taken out before that comparison and compared across the parallel runs instead.
DP_RE = re.compile(r'^DP [0-9a-f]+\n?', re.M)


def split_dp(out):
    m = DP_RE.search(out)
    return DP_RE.sub('', out), (m.group(0).strip() if m else None)


def log(*a):
    with print_lock:
        print(*a, flush=True)


def parse_seeds(text):
    out = []
    for part in text.split(','):
        part = part.strip()
        if not part:
            continue
        if '..' in part:
            a, b = part.split('..', 1)
            out += list(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def run(cmd, timeout, env=None, cwd=None):
    """(returncode or 'timeout', stdout, stderr); kills the whole process group on timeout."""
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
                         start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        return p.returncode, out.decode('utf-8', 'replace'), err.decode('utf-8', 'replace')
    except subprocess.TimeoutExpired:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        out, err = p.communicate()
        return 'timeout', out.decode('utf-8', 'replace'), err.decode('utf-8', 'replace')


def check_scale_report(path):
    """What is wrong with a work/span report in instructions (docs/scale.md), or ''."""
    try:
        with open(path) as f:
            lines = f.read().splitlines()
    except OSError as e:
        return 'no report: %s' % e
    if not lines or lines[0] != 'tag,work,span,parallelism,burdened_span,burdened_parallelism':
        return 'bad header: %r' % (lines[:1],)
    if len(lines) < 2 or not lines[-1].startswith(','):
        return 'no whole-program row last'
    work, span, _, bspan, _ = lines[-1].split(',')[1:]
    work, span, bspan = int(work), int(span), int(bspan)
    if not 0 < span <= work:
        return 'whole program: span %d, work %d' % (span, work)
    if bspan < span:
        return 'whole program: burdened span %d < span %d' % (bspan, span)
    return ''


def describe_rc(rc):
    if rc == 'timeout':
        return 'timeout'
    if rc < 0:
        try:
            return 'signal %s' % signal.Signals(-rc).name
        except ValueError:
            return 'signal %d' % -rc
    return 'exit %d' % rc


def classify_compile(rc, out):
    if rc == 'timeout':
        return 'compiler-crash'
    if rc < 0 or 'PLEASE submit a bug report' in out or 'Stack dump:' in out:
        return 'compiler-crash'
    if 'internal error' in out or 'Broken module' in out or 'LLVM ERROR' in out \
            or 'verif' in out.lower() and 'error' in out.lower():
        return 'internal-error'
    return 'rejected'


class Runner:
    def __init__(self, a):
        self.a = a
        self.keep = os.path.abspath(a.keep)
        self.counts = {c: 0 for c in CLASSES}
        self.features = {}
        self.lock = threading.Lock()
        self.failures = []
        self.pch_lock = threading.Lock()
        self.pchs = {}
        self.pch_dir = tempfile.mkdtemp(prefix='sprig-fuzz-pch-') if a.pch else None
        self.C = a.lang == 'c'
        self.par_cc = a.sprigcc if self.C else a.sprigxx  # the parallel build's driver

    def c_cmds(self, seed, src, path, flags, exe_serial, exe_par, tool):
        """--lang c: (serial, parallel) command lines. The dialect is the program's
        (`// c-std:`); the serial compiler gcc or clang-22, alternating by seed."""
        m = re.search(r'^// c-std: (\S+)$', src, re.M)
        std = m.group(1) if m else 'c17'
        which = self.a.serial_cc
        if which == 'alternate':
            which = 'gcc' if seed % 2 == 0 else 'clang'
        if which == 'gcc':
            ser = [self.a.gcc, '-std=' + GCC_STD.get(std, std), '-Wno-attributes']
        else:
            ser = [self.a.cc, '-std=' + std, '-Wno-unknown-attributes']
        ser += ['-' + self.a.serial_opt, path, '-o', exe_serial, '-lm']
        par = [self.a.sprigcc] + tool + ['-std=' + std] + flags + [path, '-o', exe_par, '-lm']
        return ser, par

    def pch_args(self, which, opt):
        """--pch: the standard headers every program includes, precompiled once per
        compiler and optimisation level (about half of each compile was parsing them).
        The programs' own #include lines then find their include guards set."""
        if not self.a.pch:
            return []
        key = '%s%s' % (which, opt[0])
        with self.pch_lock:
            path = self.pchs.get(key)
            if path is None:
                path = os.path.join(self.pch_dir, key + '.pch')
                hdr = os.path.join(self.pch_dir, 'prelude.h')
                if not os.path.exists(hdr):
                    with open(hdr, 'w') as f:
                        f.write(''.join(l + '\n' for l in PRELUDE_INCLUDES))
                if which == 'serial':
                    cmd = [self.a.clangxx] + STD + opt + ['-x', 'c++-header', hdr, '-o', path]
                else:  # as sprig++ compiles (it links with -pthread)
                    cmd = [self.a.sprigxx] + STD + opt + ['-pthread', '-c', '-x', 'c++-header',
                                                         hdr, '-o', path]
                rc, out, err = run(cmd, 300)
                if rc != 0:
                    sys.exit('run.py: cannot precompile the prelude (%s): %s' % (
                        ' '.join(cmd), (out + err)[-2000:]))
                self.pchs[key] = path
        return ['-include-pch', path]

    def flags_for(self, seed):
        levels = self.a.opt_levels
        opt = '-' + levels[seed % len(levels)]
        g = self.a.g or (self.a.g_every and seed % 3 == 0)
        return [opt] + (['-g'] if g else [])

    def compile(self, cmd):
        for attempt in range(4):
            rc, out, err = run(cmd, self.a.compile_timeout)
            text = out + err
            if rc != 0 and rc != 'timeout' and PLUGIN_LOAD_RE.search(text):
                # the plugin is being rebuilt: wait and retry
                time.sleep(30)
                continue
            return rc, text
        return rc, text

    def stamp(self):
        """Modification times of the toolchain (sprig++, the plugin, the runtime, the ABI
        bitcode): another engineer may be rebuilding it while we run."""
        files = [self.par_cc]
        lib = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(self.par_cc))), 'lib')
        for dp, _, fs in os.walk(lib):
            files += [os.path.join(dp, f) for f in fs]
        out = []
        for f in files:
            try:
                out.append((f, os.stat(f).st_mtime))
            except OSError:
                out.append((f, None))
        return tuple(sorted(out))

    def settle(self):
        """Wait while the toolchain changed in the last 20 s (a rebuild in progress)."""
        for _ in range(30):
            st = self.stamp()
            newest = max([m for _, m in st if m is not None] + [0])
            if time.time() - newest > 20 and all(m is not None for _, m in st):
                return
            time.sleep(10)

    def one(self, seed):
        a = self.a
        for attempt in range(3):
            self.settle()
            before = self.stamp()
            work = tempfile.mkdtemp(prefix='sprig-fuzz-%d-' % seed, dir=a.tmp)
            try:
                res = self._one(seed, work)
            finally:
                if not a.keep_work:
                    shutil.rmtree(work, ignore_errors=True)
            if res[0] == 'ok' or self.stamp() == before:
                break
            log('seed %d: %s while the toolchain changed: trying again' % (seed, res[0]))
        return self.report(seed, *res[:-1], **res[-1])

    def _one(self, seed, work):
        a = self.a
        gen = [sys.executable, os.path.join(HERE, 'gen.py'), str(seed)]
        if a.avoid:
            gen += ['--avoid', a.avoid]
        if self.C:
            gen += ['--lang', 'c']
        rc, src, err = run(gen, 60)
        if rc != 0:
            return self.result('gen-error', None, [], 'gen.py failed: %s\n%s' % (describe_rc(rc), err))
        m = re.search(r'^// features: (.*)$', src, re.M)
        feats = m.group(1).split() if m else []
        cpp = os.path.join(work, 'fuzz%d.%s' % (seed, 'c' if self.C else 'cpp'))
        with open(cpp, 'w') as f:
            f.write(src)
        flags = self.flags_for(seed)
        ser, par = os.path.join(work, 'serial'), os.path.join(work, 'par')
        sopt = ['-' + a.serial_opt]
        tool = ['--scale'] if a.scale else ['--race'] if a.race else []
        if self.C:
            ser_cmd, par_cmd = self.c_cmds(seed, src, cpp, flags, ser, par, tool)
        else:
            ser_cmd = [a.clangxx] + STD + sopt + ['-Wno-unknown-attributes'] + \
                self.pch_args('serial', sopt) + [cpp, '-o', ser]
            par_cmd = [a.sprigxx] + tool + STD + flags + \
                self.pch_args('sprig', flags[:1]) + [cpp, '-o', par]
        cmds = {'serial': ser_cmd, 'parallel': par_cmd}
        rc, out = self.compile(ser_cmd)
        if rc != 0:
            return self.result('gen-error', src, flags,
                               'serial build failed (%s):\n%s' % (describe_rc(rc), out[-4000:]), cmds)
        rc, out = self.compile(par_cmd)
        if rc != 0:
            cls = classify_compile(rc, out)
            return self.result(cls, src, flags,
                               '%s failed (%s):\n%s' % (os.path.basename(par_cmd[0]), describe_rc(rc),
                                                        out[-4000:]), cmds)
        env = dict(os.environ)
        rc, sout, serr = run([ser], a.timeout, env=env)
        if rc == 'timeout' or rc < 0 or rc >= 126:
            return self.result('gen-error', src, flags,
                               'serial run failed (%s)\nstdout:\n%s\nstderr:\n%s' % (
                                   describe_rc(rc), sout[-2000:], serr[-2000:]), cmds)
        expected = (rc, split_dp(sout)[0])
        # The draws of every parallel run agree, where every run makes the same draws:
        # not if a child may throw (how much of its continuation runs then depends on the
        # schedule: a scope's exit rethrows a child's exception only if it has come,
        # docs/rng.md; a serial clone lets it leave at once), nor with a parallel loop
        # that breaks (iterations after the break may or may not run, and the functions
        # they call may draw).
        dp_ref = None
        dp_check = not ({'throw-child', 'loop-parallel-for-break'} & set(feats))
        # Each worker count `repeat` times; then once with the serial gate forced up
        # (SPRIGTEST_SERIAL_ROOTS=1): every root runs the serial clones the plugin keeps
        # of the spawning functions (plugin/early/SerialClone.cpp), which must be the elision.
        runs = [(p, rep, None) for p in a.workers for rep in range(a.repeat)]
        if a.serial_roots and not a.scale and not a.race:
            runs.append((2, 0, 'serial-roots'))
        # And once in the runtime's schedule-stress mode (SPRIGTEST_STRESS=<seed>):
        # thieves never back off and force every request at once, owners yield at random
        # slow paths, so steals happen in every program, not only where children run long.
        if a.stress and not a.scale and not a.race:
            runs.append((4, 0, 'stress'))
        if a.race:  # the race detector's build: serial, one run; generated programs
            runs = [(a.workers[-1], 0, None)]  # are race-free, so it must say nothing
        report = os.path.join(work, 'scale.csv')
        if a.scale:  # the profiler's build: serial, one run; its report must hold up
            runs = [(a.workers[-1], 0, None)]
            env['SPRIG_SCALE_OUT'] = report
            env['SPRIG_SCALE_UNIT'] = 'instructions'
        for p, rep, mode in runs:
            env['SPRIG_NWORKERS'] = str(p)
            env.pop('SPRIGTEST_SERIAL_ROOTS', None)
            env.pop('SPRIGTEST_STRESS', None)
            if mode == 'serial-roots':
                env['SPRIGTEST_SERIAL_ROOTS'] = '1'
            elif mode == 'stress':
                env['SPRIGTEST_STRESS'] = str(seed + 1)
            t0 = time.time()
            prc, pout, perr = run([par], a.timeout, env=env)
            pout, dp = split_dp(pout) if isinstance(pout, str) else (pout, None)
            if (prc, pout) == expected:
                if dp is None or a.scale or a.race or not dp_check:
                    continue
                if dp_ref is None:
                    dp_ref = (dp, p, rep, mode)
                    continue
                if dp == dp_ref[0]:
                    continue
                return self.result('mismatch', src, flags,
                                   'sprig_dprand: %sSPRIG_NWORKERS=%d run %d drew %s, but '
                                   'SPRIG_NWORKERS=%d run %d (%s) drew %s' % (
                                       mode + ' ' if mode else '', p, rep, dp, dp_ref[1],
                                       dp_ref[2], dp_ref[3] or 'plain', dp_ref[0]), cmds,
                                   workers=p)
            if prc == 'timeout':
                cls = 'hang'
            elif prc < 0 or prc >= 128:
                cls = 'crash'
            else:
                cls = 'mismatch'
            detail = ('%sSPRIG_NWORKERS=%d run %d: %s after %.1f s\n'
                      '--- expected (serial elision, %s):\n%s\n--- observed (%s, %s):\n%s'
                      '\n--- stderr:\n%s' % ({'serial-roots': 'SPRIGTEST_SERIAL_ROOTS=1 ',
                                               'stress': 'SPRIGTEST_STRESS=%d ' % (seed + 1)
                                               }.get(mode, ''),
                                              p, rep, cls, time.time() - t0, describe_rc(rc),
                                              sout.rstrip()[-3000:], os.path.basename(self.par_cc),
                                              describe_rc(prc),
                                              pout.rstrip()[-3000:], perr.rstrip()[-2000:]))
            return self.result(cls, src, flags, detail, cmds, workers=p)
        if a.race and 'sprig race' in perr:
            return self.result('mismatch', src, flags,
                               'sprig++ --race reported a race in a race-free program:\n' +
                               perr[-4000:], cmds)
        if a.scale:
            bad = check_scale_report(report)
            if bad:
                return self.result('mismatch', src, flags, 'sprig++ --scale report: ' + bad, cmds)
        return self.result('ok', src, flags, '', cmds, feats=feats)

    @staticmethod
    def result(cls, src, flags, detail, cmds=None, workers=None, feats=None):
        return (cls, src, flags, detail, cmds, {'workers': workers, 'feats': feats})

    def report(self, seed, cls, src, flags, detail, cmds=None, workers=None, feats=None):
        with self.lock:
            self.counts[cls] += 1
            for f in feats or []:
                self.features[f] = self.features.get(f, 0) + 1
        if cls == 'ok':
            if self.a.verbose:
                log('seed %d: ok (%s)' % (seed, ' '.join(flags)))
            return cls
        with self.lock:
            self.failures.append((seed, cls))
        path = None
        if src is not None:
            os.makedirs(self.keep, exist_ok=True)
            path = os.path.join(self.keep, 'seed%d-%s.%s' % (seed, cls, 'c' if self.C else 'cpp'))
            q = lambda c: ' '.join(shlex.quote(x) for x in c)
            name = os.path.basename(path)
            if self.C:
                tool = ['--scale'] if self.a.scale else ['--race'] if self.a.race else []
                serial, sprig = self.c_cmds(seed, src, name, flags, 'serial', 'par', tool)
                serial = [x if x != '-' + self.a.serial_opt else '-O2' for x in serial]
            else:
                sprig = [self.a.sprigxx] + STD + flags + [name, '-o', 'par']
                serial = [self.a.clangxx] + STD + ['-O2', '-Wno-unknown-attributes', name, '-o', 'serial']
            head = ['sprig fuzz reproducer: seed %d, flags %s, classification: %s' % (
                seed, ' '.join(flags), cls),
                'generated by: test/fuzz/gen.py %d%s%s' % (seed, ' --lang c' if self.C else '',
                                                         (' --avoid ' + self.a.avoid) if self.a.avoid else ''),
                'reproduce:',
                '  ' + q(serial),
                '  ' + q(sprig),
                '  ./serial; echo "exit $?"',
                '  SPRIG_NWORKERS=%s ./par; echo "exit $?"   (repeat: may need several runs)' % (workers or 2),
                '']
            head += detail.rstrip().split('\n')
            body = '\n'.join('// ' + l if l else '//' for l in head)
            body = body.replace('*/', '* /')
            with open(path, 'w') as f:
                f.write(body + '\n\n' + src)
        first = detail.strip().split('\n')
        log('seed %d: %s (%s)%s: %s' % (seed, cls, ' '.join(flags), ' -> ' + path if path else '',
                                       ' | '.join(first[:3])[:300]))
        return cls

    def main(self):
        seeds = self.a.seed_list
        t0 = time.time()
        with concurrent.futures.ThreadPoolExecutor(max_workers=self.a.jobs) as ex:
            list(ex.map(self.one, seeds))
        c = self.counts
        if self.a.coverage:
            log('coverage (programs using each feature, of %d ok):' % c['ok'])
            sys.path.insert(0, HERE)
            sys.dont_write_bytecode = True
            import gen
            for f in gen.FEATURES:
                if gen.lang_of(f) in ('both', self.a.lang):
                    log('  %-28s %d' % (f, self.features.get(f, 0)))
        log('fuzz: %d programs: %s  (%.0f s)' % (
            len(seeds), ' '.join('%s=%d' % (k, c[k]) for k in CLASSES), time.time() - t0))
        return 0 if c['ok'] == len(seeds) else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--seeds', required=True, help='A..B, or a comma-separated list of seeds and ranges')
    ap.add_argument('--jobs', type=int, default=2, help='programs in flight at once (default 2)')
    ap.add_argument('--opt-levels', default='O0,O1,O2,O3,Os',
                    help='levels for sprig++, one per seed, cycled by seed (default O0,O1,O2,O3,Os)')
    ap.add_argument('--g', action='store_true', help='-g on every parallel build (default: every 3rd seed)')
    ap.add_argument('--no-g', dest='g_every', action='store_false', help='never add -g')
    ap.add_argument('--workers', default='1,2,4,8', help='SPRIG_NWORKERS values (default 1,2,4,8)')
    ap.add_argument('--repeat', type=int, default=2, help='runs per worker count (default 2)')
    ap.add_argument('--no-stress', dest='stress', action='store_false',
                    help='skip the run in the schedule-stress mode (SPRIGTEST_STRESS)')
    ap.add_argument('--no-serial-roots', dest='serial_roots', action='store_false',
                    help='skip the run with the serial gate forced up (SPRIGTEST_SERIAL_ROOTS=1)')
    ap.add_argument('--keep', default=os.path.join(ROOT, 'build', 'fuzz-failures'),
                    help='where reproducers go (default build/fuzz-failures)')
    ap.add_argument('--sprigxx', default=os.path.join(ROOT, 'build', 'bin', 'sprig++'))
    ap.add_argument('--clangxx', default='clang++-22', help='compiler of the serial elision')
    ap.add_argument('--timeout', type=float, default=20, help='seconds per program run (default 20)')
    ap.add_argument('--compile-timeout', type=float, default=300)
    ap.add_argument('--avoid', default='', help='passed to gen.py --avoid')
    ap.add_argument('--coverage', action='store_true', help='print how many ok programs use each feature')
    ap.add_argument('--keep-work', action='store_true', help='keep the temporary build folders')
    ap.add_argument('--serial-opt', default='O2',
                    help='optimisation level of the serial elision (default O2; O0 compiles '
                         'faster: the programs are free of undefined behaviour)')
    ap.add_argument('--pch', action='store_true',
                    help='precompile the standard headers of the prelude once per compiler '
                         'and -O level (long runs: about 1.7 times as many programs an hour; '
                         'the reproducers left behind build without it)')
    ap.add_argument('--tmp', default=None, help='folder for temporary build folders')
    ap.add_argument('--race', action='store_true',
                    help='build with sprig++ --race (the race detector): one serial run '
                         'against the serial elision, and no race may be reported')
    ap.add_argument('--scale', action='store_true',
                    help='build with sprig++ --scale (the work/span profiler): one serial '
                         'run against the serial elision, and its report checked')
    ap.add_argument('--lang', default='c++', choices=['c++', 'c'],
                    help='the programs\' language (default c++); c: gen.py --lang c, built by '
                         'sprigcc against gcc or clang-22 (--serial-cc)')
    ap.add_argument('--sprigcc', default=os.path.join(ROOT, 'build', 'bin', 'sprigcc'),
                    help='the C driver (--lang c; default build/bin/sprigcc)')
    ap.add_argument('--serial-cc', default='alternate', choices=['alternate', 'gcc', 'clang'],
                    help='--lang c: the serial elision\'s compiler (default: gcc on even seeds, '
                         'clang-22 on odd ones)')
    ap.add_argument('--gcc', default='gcc', help='--lang c: gcc for the serial elision')
    ap.add_argument('--cc', default='clang-22', help='--lang c: clang for the serial elision')
    ap.add_argument('-v', '--verbose', action='store_true')
    a = ap.parse_args()
    a.seed_list = parse_seeds(a.seeds)
    a.opt_levels = [x.strip().lstrip('-') for x in a.opt_levels.split(',') if x.strip()]
    a.workers = [int(x) for x in a.workers.split(',') if x.strip()]
    if a.lang == 'c':
        if a.pch:
            sys.exit('run.py: --pch is for C++ programs (the C prelude\'s headers are small: '
                     'nothing worth precompiling); leave it out with --lang c')
        if not os.path.exists(a.sprigcc):
            sys.exit('run.py: no sprigcc at %s (build first, or --sprigcc)' % a.sprigcc)
    elif not os.path.exists(a.sprigxx):
        sys.exit('run.py: no sprig++ at %s (build first, or --sprigxx)' % a.sprigxx)
    sys.exit(Runner(a).main())


if __name__ == '__main__':
    main()
