#!/usr/bin/env python3
"""Random fork-join program generator for Sprig (see docs/fuzz.md).

    gen.py SEED [--avoid feature,...] [--lang c++|c]

prints one self-contained C++17 program (--lang c: a C program, in the C dialect its
third line names, `// c-std: ...`, chosen by SEED among C11, C17, C23, GNU11 and GNU17),
deterministic for SEED. The program is race-free by construction and its output is
deterministic, so its serial elision (any C++ or C compiler, attributes ignored) and its
parallel build (sprig++, sprigcc) must print the same thing and exit with the same status
at any worker count. Both languages come from one generator: the features that only one
has are in CXX_ONLY and C_ONLY (`gen.py --list-features` shows the language of each), and
the C program throws nothing (C has no exceptions: no window is ever opened).

How race freedom is kept (docs/fuzz.md has the full rules):
  * every spawn writes a destination the generating snippet declared fresh; a destination
    is folded into the function's checksum `h` only right after a sync (pending folds);
  * the continuation only reads read-only locals (the parameters d and s, objects set up in
    the prologue) and variables of its own; two children never share a destination;
  * children never print; global state is std::atomic counters updated with fetch_add;
  * after a spawn that may throw and before the next sync on that path (a "window"), the
    parallel continuation still runs, so the window is generated in *pure* mode: no
    globals, no objects whose destructor counts, no out-parameter writes, no try blocks,
    and only variables that die with the exception are written;
  * a may-throw spawn inside a try block is always synced inside that try block.
"""
import argparse
import math
import random
import sys

# feature name -> short description (docs/fuzz.md lists the same)
FEATURES = {
    # spawn forms
    'form-call-stmt': 'call statement f(args);',
    'form-void-cast': '(void)f(args);',
    'form-assign-local': 'x = f() into a local',
    'form-assign-field': 'p.x = f() into a struct field',
    'form-assign-array': 'a[i] = f() with a computed index',
    'form-assign-vector': 'v[i] = f() into a std::vector element',
    'form-assign-vecvec': 'vv[i][j] = f() into a vector of vectors',
    'form-assign-ptr': '*p = f() through a pointer',
    'form-assign-ref': 'r = f() through a reference',
    'form-assign-outparam': "*out = f() / out = f() into the caller's out parameter",
    'form-assign-overaligned': 'x = f() into an alignas(32/64) local',
    'form-assign-class': 'std::string/std::vector/Trk/Big = f() (class assignment)',
    'form-decl': 'T x = f()',
    'form-decl-brace': 'T x{f()}',
    'form-decl-auto': 'auto x = f()',
    'form-decl-string': 'std::string x = f()',
    'form-decl-vector': 'std::vector<u64> x = f()',
    'form-decl-dtor': 'Trk x = f() (non-trivial destructor)',
    'form-decl-big': 'Big x = f() (88-byte struct)',
    'form-conv-int-long': 'long x = int_call()',
    'form-conv-cstr-string': 'std::string s = const_char_ptr_call()',
    'form-cast': 'explicit casts of the result',
    'form-compound-assign': 'x op= f() (+= -= *= ^= |= &= on u64, += -= *= on double, '
                            'std::string +=), into a local, an array element or a '
                            'two-child destination',
    'form-if-init': 'if ([[sprig::spawn]] T x = f(); cond)',
    'form-range-for': 'spawn in a range-for body',
    # callees
    'callee-free': 'free function',
    'callee-static': 'static function',
    'callee-member': 'member function',
    'callee-virtual': 'virtual function through a base pointer',
    'callee-fn-template': 'function template',
    'callee-class-template': 'class template member',
    'callee-lambda-val': 'lambda capturing by value',
    'callee-lambda-ref': 'lambda capturing by reference',
    'callee-functor': 'functor',
    'callee-fnptr': 'function pointer',
    'callee-fnptr-array': 'array of function pointers',
    'callee-std-function': 'std::function',
    'callee-ptrmem-obj': '(obj.*pm)(...)',
    'callee-ptrmem-ptr': '(p->*pm)(...)',
    'callee-strlen': 'std::strlen',
    'callee-memcpy': 'std::memcpy',
    'callee-sqrt': 'std::sqrt',
    'callee-atomic': 'callee updating a global atomic',
    'callee-writer': 'void callee writing through its pointer/reference parameter',
    'callee-thrower': 'callee that may throw',
    'callee-spawning': 'nested spawning (a spawned function that spawns)',
    'callee-spawning-member': 'spawning member function',
    'callee-spawning-template': 'spawning function template',
    # arguments
    'arg-byval-mutated': 'struct by value, mutated by the continuation',
    'arg-string-mutated': 'std::string by value, mutated by the continuation',
    'arg-side-effect': 'i++ in an argument',
    'arg-call': 'a call as an argument',
    'arg-spawner-call': 'a spawning function called in an argument',
    'arg-temporary': 'temporaries as arguments',
    'arg-many': '8-12 arguments incl. doubles',
    'arg-big': 'Big (88 bytes) by value, mutated by the continuation',
    'arg-overaligned': 'pointer to an alignas(64) local array',
    'arg-vector-ref': 'const std::vector<u64>& to a read-only local',
    # control flow
    'loop-for': 'for loop that spawns',
    'loop-while': 'while loop that spawns',
    'loop-do': 'do loop that spawns',
    'loop-break': 'break in a spawning loop',
    'loop-continue': 'continue in a spawning loop',
    'loop-sync-inside': 'sync inside the loop body',
    'loop-sync-after': 'sync after the loop',
    'loop-throw': 'may-throw spawns in a loop (first exception in serial order wins)',
    'loop-parallel-for': '[[sprig::parallel_for]] loop whose iterations spawn (each writes its own slot)',
    'loop-parallel-for-break': '[[sprig::parallel_for]] loop with a break (first break wins; the body '
                               'touches no global state, only the slots before the break are read)',
    'if-else': 'spawns in if/else branches',
    'switch': 'spawns in switch cases',
    'switch-fallthrough': 'fallthrough between spawning cases',
    'goto': 'forward goto over a spawn',
    'goto-into-block': 'goto to a label inside a block',
    'early-return': 'return with children outstanding (implicit sync)',
    'implicit-sync-return': 'final return with no explicit sync',
    'try-catch': 'spawns in a try block',
    'catch-all': 'catch (...)',
    'throw-child': 'a spawned child throws',
    'throw-continuation': 'the continuation throws while children run',
    'throw-argument': "a spawned call's argument throws",
    'throw-escapes': 'an exception leaves a spawning function',
    'function-try-block': 'spawning function with a function-try-block',
    'noexcept-fn': 'noexcept spawning function with its own try/catch',
    'nested-block': 'nested blocks with their own syncs',
    'main-spawn': 'main itself spawns',
    'recursion': 'spawning functions call each other recursively (depth-bounded)',
    'dtor-guard': 'object with a destructor alive across spawn and sync (local checksum)',
    'dtor-atomic': 'Trk alive across spawns (destructor adds to a global atomic)',
    'continuation-work': 'the continuation calls functions while children run',
    # scoped sync and spawned blocks
    'scope': '[[sprig::scope]] { spawns } with the results read right after the block',
    'scope-loop': 'a loop whose body is a scope left by continue/break after a spawn',
    'cancel': 'sprig_cancel() right after a spawn (the rest of the epoch\'s children see '
              'sprig_cancelled(); the next sync ends it), and sprig_cancelled() polled into an '
              'unprinted global in continuation work (the walk over the strand\'s ancestors)',
    'dprand': 'sprig_dprand() draws (the program includes sprig/rng.h, so every spawn and '
              'parallel loop keeps the pedigree) mixed with continuation work\'s values into '
              'fz_dp, printed as a last line "DP <hex>" that run.py compares across the '
              'parallel runs (the elision cannot see the spawn tree)',
    'scope-precise': 'a child spawned right before a scope, read only after a later sync '
                     '(the scope does not wait for it: it may still run after the scope)',
    'spawned-block': '[[sprig::spawn]] { locals; calls; } writing an enclosing variable',
    # C only (--lang c)
    'form-assign-struct': 'b = f() assigning a whole struct (Big)',
    'form-assign-atomic': 'x = f() into an _Atomic local (the store stays atomic)',
    'form-assign-register': 'x = f() into a register local',
    'form-decl-cstr': 'const char *x = f()',
    'callee-variadic': 'variadic function (stdarg.h)',
    'callee-fnptr-deref': '(*fp)(...) through a function pointer',
    'reducer-global': 'file-scope [[sprig::reducer]] (a non-commutative affine map) '
                      'updated by leaf callees',
    'reducer-local': 'local [[sprig::reducer]] updated by continuations and parallel-loop '
                     'iterations, read after the sync',
    'vla': 'variable-length array written by spawns (also in loop bodies)',
    'alloca': 'alloca buffer written by spawns (also in loops: lives until return)',
}

# Features only one language has (the rest are generated in both). In C mode the C++-only
# ones are avoided, and the other way round.
CXX_ONLY = {
    'form-assign-vector', 'form-assign-vecvec', 'form-assign-ref', 'form-assign-class',
    'form-decl-auto', 'form-decl-string', 'form-decl-vector', 'form-decl-dtor',
    'form-conv-cstr-string', 'form-if-init', 'form-range-for', 'callee-member',
    'callee-virtual', 'callee-fn-template', 'callee-class-template', 'callee-lambda-val',
    'callee-lambda-ref', 'callee-functor', 'callee-std-function', 'callee-ptrmem-obj',
    'callee-ptrmem-ptr', 'callee-spawning-member', 'callee-spawning-template',
    'arg-string-mutated', 'arg-vector-ref', 'noexcept-fn', 'dtor-guard', 'dtor-atomic',
    'callee-thrower', 'throw-child', 'throw-continuation', 'throw-argument', 'throw-escapes',
    'try-catch', 'catch-all', 'loop-throw', 'function-try-block'}
C_ONLY = {'form-assign-struct', 'form-assign-atomic', 'form-assign-register', 'form-decl-cstr',
          'callee-variadic', 'callee-fnptr-deref', 'reducer-global', 'reducer-local', 'vla',
          'alloca'}
# The C dialects of --lang c (one per seed); the serial elision's gcc takes [[...]] only in
# its GNU dialects and C2x, so run.py builds c11/c17 programs there as gnu11/gnu17.
C_STDS = ['c11', 'c17', 'c23', 'gnu11', 'gnu17']


def lang_of(feat):
    return 'c++' if feat in CXX_ONLY else 'c' if feat in C_ONLY else 'both'


def c_std(seed):
    """The C dialect of the C program of a seed (its own stream: the program's draws
    do not depend on it)."""
    return random.Random(seed * 31 + 5).choice(C_STDS)

U64_MASK = (1 << 64) - 1

# avoiding any of these avoids them all (a program then throws nothing)
EXCEPTION_FEATURES = {'callee-thrower', 'throw-child', 'throw-continuation', 'throw-argument',
                      'throw-escapes', 'try-catch', 'catch-all', 'loop-throw', 'function-try-block'}


class Callee:
    """Something that can be called: kind of result, parameter kinds, call text."""

    def __init__(self, name, ret, params, fmt, feature, pure=True, throws=False,
                 spawner=None, prologue=(), stmt_only=False):
        self.name = name
        self.ret = ret              # u64 int long double str cstr vec trk big void
        self.params = params        # list of argument kinds (see Gen.arg)
        self.fmt = fmt              # str.format pattern over the argument texts
        self.feature = feature
        self.pure = pure            # touches no global state (transitively)
        self.throws = throws        # may throw FuzzErr
        self.spawner = spawner      # FnInfo when the callee itself spawns
        self.prologue = list(prologue)  # lines a caller needs at its top (objects ...)
        self.stmt_only = stmt_only  # only as a call statement (void result)


class FnInfo:
    def __init__(self, idx, kind, pure, throws):
        self.idx = idx
        self.name = 's%d' % idx
        self.kind = kind        # plain static noexcept fntry template member outptr outref
        self.pure = pure
        self.throws = throws    # an exception may leave it
        self.tmpl_k = None
        self.calls = 0          # spawning-function calls (times loop trips) in its body
        self.body = None
        self.callers = 0


class Lvl:
    """One block being generated."""

    def __init__(self, parent=None, **kw):
        self.parent = parent
        self.pending = []     # expressions to fold into h after the next sync
        self.pure = parent.pure if parent else False
        self.throw_ok = parent.throw_ok if parent else False
        self.in_loop = parent.in_loop if parent else False
        self.nest = parent.nest + 1 if parent else 0
        self.mult = parent.mult if parent else 1
        self.in_try = parent.in_try if parent else False
        # a parallel loop's body with a break (iterations after it may or may not run):
        # no draws there, so the draws of a run do not depend on the schedule
        self.no_draw = parent.no_draw if parent else False
        for k, v in kw.items():
            setattr(self, k, v)

    def all_pending(self):
        l, out = self, []
        while l:
            out += l.pending
            l = l.parent
        return out


def ind(lines, n=1):
    return ['  ' * n + l if l else l for l in lines]


class Gen:
    def __init__(self, seed, avoid, lang='c++'):
        self.seed = seed
        self.r = random.Random(seed * 7919 + 17)
        self.lang = lang
        self.C = lang == 'c'
        self.user_avoid = set(avoid)
        # The breaks of parallel loops draw from a stream of their own: a program none of
        # whose loops got a break is the one this seed made before the feature (the
        # regression seeds of test/lit/race/fuzz-regress.test and friends keep theirs).
        self.rbrk = random.Random(seed * 7919 + 23)
        # Cancels too (a stream of their own: the programs of earlier seeds only gain the
        # cancel lines).
        self.rcan = random.Random(seed * 7919 + 29)
        # Draws of sprig_dprand: a stream of their own too; a program draws or not as a
        # whole (it includes sprig/rng.h, which turns on the pedigree at every spawn).
        self.rdp = random.Random(seed * 7919 + 31)
        self.draws = self.rdp.random() < 0.5 and 'dprand' not in set(avoid)
        self.avoid = set(avoid)
        if self.avoid & EXCEPTION_FEATURES:
            # no exceptions at all: no callee that throws, no throw, no try block
            self.avoid |= EXCEPTION_FEATURES
        # the other language's features (C: no exceptions either)
        self.avoid |= CXX_ONLY if self.C else C_ONLY
        self.red_local = None  # C: the local reducer of the function being generated
        self.arg_impure = None  # C: an argument of the call being made has a global effect
        self.used = set()
        self.uid = 0
        self.defs = []        # leaf definitions
        self.leaves = []      # Callee
        self.fns = []         # FnInfo
        self.spawners = []    # Callee for each FnInfo
        self.fn = None        # FnInfo being generated (None: main)
        self.prologue = None  # dict line -> None (ordered) for the current function
        self.in_main = False
        self.main_prints = 0

    # ---------------------------------------------------------------- helpers
    def ok(self, feat):
        return feat not in self.avoid

    def use(self, *feats):
        for f in feats:
            assert f in FEATURES, f
            self.used.add(f)

    def new(self, prefix):
        self.uid += 1
        return '%s%d' % (prefix, self.uid)

    def c(self, lo=1, hi=999):
        return self.r.randint(lo, hi)

    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def wpick(self, items):
        """items: list of (weight, value)"""
        tot = sum(w for w, _ in items)
        x = self.r.random() * tot
        for w, v in items:
            x -= w
            if x < 0:
                return v
        return items[-1][1]

    def cond(self):
        """A runtime condition on the read-only parameters."""
        m = self.pick([2, 3, 4, 5])
        return '((s ^ %dULL) + (u64)d) %% %d == %d' % (self.c(), m, self.r.randrange(m))

    # ---------------------------------------------------------------- C and C++ spellings
    def zi(self):
        """An all-zero aggregate initializer ({} is C23's, not C11's)."""
        return '{0}' if self.C else '{}'

    def std(self, name):
        return name if self.C else 'std::' + name

    def pt_init(self, x, y):
        return (' = {%s, %s}' if self.C else '{%s, %s}') % (x, y)

    def big_zero(self):
        return ' = {{0}, 0.0}' if self.C else '{}'

    # ---------------------------------------------------------------- leaves
    def make_leaves(self):
        kinds = [
            ('free', 'callee-free'), ('static', 'callee-static'), ('member', 'callee-member'),
            ('virtual', 'callee-virtual'), ('ftmpl', 'callee-fn-template'),
            ('ctmpl', 'callee-class-template'), ('lamval', 'callee-lambda-val'),
            ('lamref', 'callee-lambda-ref'), ('functor', 'callee-functor'),
            ('fnptr', 'callee-fnptr'), ('fparr', 'callee-fnptr-array'),
            ('stdfn', 'callee-std-function'), ('pmobj', 'callee-ptrmem-obj'),
            ('pmptr', 'callee-ptrmem-ptr'), ('strlen', 'callee-strlen'),
            ('sqrt', 'callee-sqrt'), ('int', 'form-conv-int-long'),
            ('double', 'form-cast'), ('str', 'arg-string-mutated'),
            ('cstr', 'form-conv-cstr-string'), ('vec', 'form-decl-vector'),
            ('trk', 'form-decl-dtor'), ('big', 'arg-big'), ('pt', 'arg-byval-mutated'),
            ('many', 'arg-many'), ('aligned', 'arg-overaligned'),
            ('vref', 'arg-vector-ref'), ('atomic', 'callee-atomic'),
            ('vatomic', 'callee-atomic'), ('writer', 'callee-writer'),
            ('thrower', 'callee-thrower'), ('thrower', 'callee-thrower'),
        ]
        if self.C:
            # what C has (writer: through a pointer); the C-only kinds
            kinds = [('free', 'callee-free'), ('static', 'callee-static'),
                     ('fnptr', 'callee-fnptr'), ('fparr', 'callee-fnptr-array'),
                     ('strlen', 'callee-strlen'), ('sqrt', 'callee-sqrt'),
                     ('int', 'form-conv-int-long'), ('double', 'form-cast'),
                     ('cstr', 'form-decl-cstr'), ('big', 'arg-big'), ('big', 'form-assign-struct'),
                     ('pt', 'arg-byval-mutated'), ('many', 'arg-many'),
                     ('aligned', 'arg-overaligned'), ('atomic', 'callee-atomic'),
                     ('vatomic', 'callee-atomic'), ('writer', 'callee-writer'),
                     ('variadic', 'callee-variadic'), ('variadic', 'callee-variadic'),
                     ('red', 'reducer-global'), ('red', 'reducer-global')]
        kinds = [k for k in kinds if self.ok(k[1])]
        n = self.r.randint(9, 16)
        chosen = self.r.sample(kinds, min(n, len(kinds)))
        # always a couple of plain free functions (used for arguments and fallbacks)
        chosen = [('free', 'callee-free'), ('free', 'callee-free')] + chosen
        for kind, _ in chosen:
            getattr(self, 'leaf_' + kind)(self.new(''))

    def arith(self, args, n=None):
        """Body lines computing u64 r from u64 expressions args (bounded loop)."""
        n = n or self.r.randint(3, 24)
        k1, k2 = self.c(3, 99991) | 1, self.c(1, 63)
        lines = ['u64 r = %dULL;' % self.c()]
        lines.append('for (int i = 0; i < %d; ++i)' % n)
        terms = ' + '.join('(%s)' % a for a in args) if args else '0'
        lines.append('  r = r * %dULL + ((%s) ^ (u64)i) + (r >> %d);' % (k1, terms, k2))
        return lines

    def add_leaf(self, cal, defn):
        self.defs.append(defn)
        self.leaves.append(cal)
        return cal

    def leaf_free(self, i, static=False):
        name = 'lf' + i
        body = self.arith(['a', 'b * %dULL' % self.c()])
        d = '%su64 %s(u64 a, u64 b) {\n%s\n  return r;\n}' % (
            'static ' if static else '', name, '\n'.join(ind(body)))
        return self.add_leaf(Callee(name, 'u64', ['u', 'u'], name + '({0}, {1})',
                                    'callee-static' if static else 'callee-free'), d)

    def leaf_static(self, i):
        return self.leaf_free(i, static=True)

    def leaf_member(self, i):
        st = 'Calc' + i
        body = self.arith(['x', 'k', 'y'])
        d = 'struct %s {\n  u64 k;\n  u64 go(u64 x, u64 y) const {\n%s\n    return r;\n  }\n};' % (
            st, '\n'.join(ind(body, 2)))
        obj = 'calc' + i
        return self.add_leaf(Callee(st, 'u64', ['u', 'u'], obj + '.go({0}, {1})', 'callee-member',
                                    prologue=['const %s %s{%dULL};' % (st, obj, self.c())]), d)

    def leaf_virtual(self, i):
        self.need_vbase = True
        st = 'VD' + i
        body = self.arith(['x', 'k'])
        d = 'struct %s : VBase {\n  u64 k;\n  explicit %s(u64 k) : k(k) {}\n' \
            '  u64 v(u64 x) const override {\n%s\n    return r;\n  }\n};' % (
                st, st, '\n'.join(ind(body, 2)))
        obj, ptr = 'vd' + i, 'vb' + i
        return self.add_leaf(Callee(st, 'u64', ['u'], ptr + '->v({0})', 'callee-virtual',
                                    prologue=['const %s %s(%dULL);' % (st, obj, self.c()),
                                              'const VBase *%s = &%s;' % (ptr, obj)]), d)

    def leaf_ftmpl(self, i):
        name = 'tf' + i
        d = 'template <class T>\nT %s(T a, T b) {\n  T r = a;\n  for (int i = 0; i < %d; ++i)\n' \
            '    r = r * (T)%d + (b ^ (T)i);\n  return r;\n}' % (name, self.c(2, 20), self.c(3, 999))
        return self.add_leaf(Callee(name, 'u64', ['u', 'u'], name + '<u64>({0}, {1})',
                                    'callee-fn-template'), d)

    def leaf_ctmpl(self, i):
        name = 'CT' + i
        k = self.c(2, 9)
        body = self.arith(['x', '(u64)K'])
        d = 'template <int K>\nstruct %s {\n  static u64 run(u64 x) {\n%s\n    return r;\n  }\n' \
            '  u64 get(u64 x) const { return run(x) ^ (u64)K; }\n};' % (name, '\n'.join(ind(body, 2)))
        if self.chance(0.5):
            return self.add_leaf(Callee(name, 'u64', ['u'], '%s<%d>::run({0})' % (name, k),
                                        'callee-class-template'), d)
        obj = 'ct' + i
        return self.add_leaf(Callee(name, 'u64', ['u'], obj + '.get({0})', 'callee-class-template',
                                    prologue=['const %s<%d> %s{};' % (name, k, obj)]), d)

    def leaf_lamval(self, i):
        lam, cap = 'lv' + i, 'cap' + i
        return self.add_leaf(Callee(lam, 'u64', ['u'], lam + '({0})', 'callee-lambda-val',
                                    prologue=['u64 %s = s * %dULL + 1;' % (cap, self.c()),
                                              'auto %s = [=](u64 x) { return x * %dULL + %s + (u64)d; };'
                                              % (lam, self.c(), cap)]), None)

    def leaf_lamref(self, i):
        lam, cap = 'lr' + i, 'rb' + i
        return self.add_leaf(Callee(lam, 'u64', ['u', 'u'], lam + '({0}, {1})', 'callee-lambda-ref',
                                    prologue=['u64 %s = s ^ %dULL;' % (cap, self.c()),
                                              'auto %s = [&](u64 x, u64 y) { return (x + %s) * %dULL + (y >> 3) + s; };'
                                              % (lam, cap, self.c())]), None)

    def leaf_functor(self, i):
        st, obj = 'Fn' + i, 'fn' + i
        body = self.arith(['x', 'k'])
        d = 'struct %s {\n  u64 k;\n  u64 operator()(u64 x) const {\n%s\n    return r;\n  }\n};' % (
            st, '\n'.join(ind(body, 2)))
        return self.add_leaf(Callee(st, 'u64', ['u'], obj + '({0})', 'callee-functor',
                                    prologue=['const %s %s{%dULL};' % (st, obj, self.c())]), d)

    def leaf_fnptr(self, i):
        t1, t2, fp = 'fpa' + i, 'fpb' + i, 'fp' + i
        d = 'static u64 %s(u64 a, u64 b) { return a * %dULL + b; }\n' \
            'static u64 %s(u64 a, u64 b) { return (a ^ b) * %dULL; }' % (t1, self.c(), t2, self.c())
        fmt, feat = fp + '({0}, {1})', 'callee-fnptr'
        if self.C and self.ok('callee-fnptr-deref') and self.chance(0.5):
            fmt, feat = '(*' + fp + ')({0}, {1})', 'callee-fnptr-deref'
        return self.add_leaf(Callee(fp, 'u64', ['u', 'u'], fmt, feat,
                                    prologue=['u64 (*%s)(u64, u64) = (s & 1) ? &%s : &%s;' % (fp, t1, t2)]), d)

    def leaf_fparr(self, i):
        arr = 'fpt' + i
        fs = []
        lines = []
        for j in range(3):
            f = '%s_%d' % (arr, j)
            fs.append(f)
            lines.append('static u64 %s(u64 x) { return x * %dULL + %d; }' % (f, self.c(), self.c()))
        lines.append('static u64 (*const %s[3])(u64) = {%s};' % (arr, ', '.join(fs)))
        return self.add_leaf(Callee(arr, 'u64', ['u', 'u'], arr + '[({0}) % 3]({1})',
                                    'callee-fnptr-array'), '\n'.join(lines))

    def leaf_stdfn(self, i):
        sf = 'sf' + i
        if self.leaves and self.chance(0.5):
            tgt = self.pick([l for l in self.leaves if l.name.startswith('lf') and l.params == ['u', 'u']] or [None])
        else:
            tgt = None
        if tgt is not None:
            init = '[](u64 x) { return %s; }' % tgt.fmt.format('x', '%dULL' % self.c())
        else:
            init = '[](u64 x) { return x * %dULL + 7; }' % self.c()
        return self.add_leaf(Callee(sf, 'u64', ['u'], sf + '({0})', 'callee-std-function',
                                    prologue=['const std::function<u64(u64)> %s = %s;' % (sf, init)]), None)

    def leaf_pmobj(self, i, via_ptr=False):
        st, obj, pm = 'PM' + i, 'pmo' + i, 'pm' + i
        d = 'struct %s {\n  u64 k;\n  u64 a(u64 x) const { return x * k + %d; }\n' \
            '  u64 b(u64 x) const { return (x ^ k) + %d; }\n};' % (st, self.c(), self.c())
        pro = ['const %s %s{%dULL};' % (st, obj, self.c()),
               'u64 (%s::*%s)(u64) const = (s & 2) ? &%s::a : &%s::b;' % (st, pm, st, st)]
        if via_ptr:
            pro.append('const %s *%sp = &%s;' % (st, obj, obj))
            fmt = '(%sp->*%s)({0})' % (obj, pm)
        else:
            fmt = '(%s.*%s)({0})' % (obj, pm)
        return self.add_leaf(Callee(st, 'u64', ['u'], fmt,
                                    'callee-ptrmem-ptr' if via_ptr else 'callee-ptrmem-obj',
                                    prologue=pro), d)

    def leaf_pmptr(self, i):
        return self.leaf_pmobj(i, via_ptr=True)

    def leaf_strlen(self, i):
        return self.add_leaf(Callee('strlen', 'u64', ['cstr'], self.std('strlen') + '({0})',
                                    'callee-strlen'), None)

    def leaf_sqrt(self, i):
        return self.add_leaf(Callee('sqrt', 'double', ['dbl'], self.std('sqrt') + '({0})',
                                    'callee-sqrt'), None)

    def leaf_int(self, i):
        name = 'li' + i
        d = 'int %s(u64 a) { return (int)((a * %dULL) %% 10007ULL); }' % (name, self.c())
        return self.add_leaf(Callee(name, 'int', ['u'], name + '({0})', 'callee-free'), d)

    def leaf_double(self, i):
        name = 'ld' + i
        d = 'double %s(double x, u64 a) { return x * 0.5 + (double)(a %% %dULL) * 0.25; }' % (name, self.c(10, 5000))
        return self.add_leaf(Callee(name, 'double', ['dbl', 'u'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_str(self, i):
        name = 'ls' + i
        d = 'std::string %s(u64 a, std::string t) {\n  std::string r = t;\n  r += std::to_string(a %% %dULL);\n' \
            '  if (r.size() > 40) r.erase(0, r.size() - 40);\n  return r;\n}' % (name, self.c(10, 99999))
        return self.add_leaf(Callee(name, 'str', ['u', 'str'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_cstr(self, i):
        name = 'lc' + i
        words = ['"alpha"', '"beta"', '"gamma"', '"delta"', '"epsilon"', '"zeta"']
        self.r.shuffle(words)
        d = 'const char *%s(u64 a) {\n  static const char *const t[] = {%s};\n  return t[a %% %d];\n}' % (
            name, ', '.join(words), len(words))
        return self.add_leaf(Callee(name, 'cstr', ['u'], name + '({0})',
                                    'form-decl-cstr' if self.C else 'callee-free'), d)

    def leaf_vec(self, i):
        name = 'lvec' + i
        d = 'std::vector<u64> %s(u64 a, u64 n) {\n  std::vector<u64> v;\n' \
            '  for (u64 i = 0; i < n %% 5 + 1; ++i) v.push_back(a * i + %dULL);\n  return v;\n}' % (name, self.c())
        return self.add_leaf(Callee(name, 'vec', ['u', 'u'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_trk(self, i):
        name = 'lt' + i
        d = 'Trk %s(u64 a) { return Trk(a %% %dULL + 1); }' % (name, self.c(10, 9999))
        return self.add_leaf(Callee(name, 'trk', ['u'], name + '({0})', 'callee-free', pure=False), d)

    def leaf_big(self, i):
        name = 'lb' + i
        d = 'Big %s(Big b, u64 a) {\n  b.a[a %% 9] += a;\n  b.d += 1.5;\n  return b;\n}' % name
        return self.add_leaf(Callee(name, 'big', ['big', 'u'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_pt(self, i):
        name = 'lp' + i
        d = 'u64 %s(Pt p, u64 a) { return p.x * %dULL + p.y + a; }' % (name, self.c())
        return self.add_leaf(Callee(name, 'u64', ['pt', 'u'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_many(self, i):
        name = 'lm' + i
        n = self.r.randint(8, 12)
        kinds = ['u'] * n
        for j in self.r.sample(range(n), self.r.randint(2, min(4, n))):
            kinds[j] = 'dbl'
        for j in range(n):
            if kinds[j] == 'u' and self.chance(0.2):
                kinds[j] = 'int'
        ps, terms = [], []
        for j, k in enumerate(kinds):
            t = {'u': 'u64', 'dbl': 'double', 'int': 'int'}[k]
            ps.append('%s p%d' % (t, j))
            if k == 'dbl':
                terms.append('(u64)(long long)(p%d * 8.0)' % j)
            elif k == 'int':
                terms.append('(u64)(long long)p%d' % j)
            else:
                terms.append('p%d' % j)
        body = ['u64 r = 0;'] + ['r = r * %dULL + %s;' % (self.c(3, 999), t) for t in terms]
        d = 'u64 %s(%s) {\n%s\n  return r;\n}' % (name, ', '.join(ps), '\n'.join(ind(body)))
        fmt = name + '(' + ', '.join('{%d}' % j for j in range(n)) + ')'
        return self.add_leaf(Callee(name, 'u64', kinds, fmt, 'arg-many'), d)

    def leaf_aligned(self, i):
        name = 'la' + i
        d = 'u64 %s(const u64 *p, u64 a) {\n  u64 r = a;\n  for (int i = 0; i < 8; ++i) r = r * 31 + p[i];\n' \
            '  return r;\n}' % name
        return self.add_leaf(Callee(name, 'u64', ['alp', 'u'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_vref(self, i):
        name = 'lvr' + i
        d = 'u64 %s(const std::vector<u64> &v, u64 a) {\n  u64 r = a;\n  for (u64 x : v) r = r * 131 + x;\n' \
            '  return r;\n}' % name
        return self.add_leaf(Callee(name, 'u64', ['vref', 'u'], name + '({0}, {1})', 'callee-free'), d)

    def leaf_atomic(self, i):
        name = 'lat' + i
        if self.C:
            d = 'u64 %s(u64 a) {\n  atomic_fetch_add_explicit(&g_acc, a %% %dULL, memory_order_relaxed);\n' \
                '  return a * %dULL + 1;\n}' % (name, self.c(10, 9999), self.c())
        else:
            d = 'u64 %s(u64 a) {\n  g_acc.fetch_add(a %% %dULL, std::memory_order_relaxed);\n  return a * %dULL + 1;\n}' % (
                name, self.c(10, 9999), self.c())
        return self.add_leaf(Callee(name, 'u64', ['u'], name + '({0})', 'callee-atomic', pure=False), d)

    def leaf_vatomic(self, i):
        name = 'lva' + i
        if self.C:
            d = 'void %s(u64 a, u64 b) {\n  atomic_fetch_add_explicit(&g_acc2, (a ^ b) %% %dULL, ' \
                'memory_order_relaxed);\n}' % (name, self.c(10, 9999))
        else:
            d = 'void %s(u64 a, u64 b) {\n  g_acc2.fetch_add((a ^ b) %% %dULL, std::memory_order_relaxed);\n}' % (
                name, self.c(10, 9999))
        return self.add_leaf(Callee(name, 'void', ['u', 'u'], name + '({0}, {1})', 'callee-atomic',
                                    pure=False, stmt_only=True), d)

    def leaf_writer(self, i):
        name = 'lw' + i
        if self.C or self.chance(0.5):
            d = 'void %s(u64 *out, u64 a) { *out = a * %dULL + %d; }' % (name, self.c(), self.c())
            return self.add_leaf(Callee(name, 'void', ['outp', 'u'], name + '({0}, {1})', 'callee-writer',
                                        stmt_only=True), d)
        d = 'void %s(u64 &out, u64 a) { out = (a ^ %dULL) + %d; }' % (name, self.c(), self.c())
        return self.add_leaf(Callee(name, 'void', ['outr', 'u'], name + '({0}, {1})', 'callee-writer',
                                    stmt_only=True), d)

    def leaf_variadic(self, i):
        """C: a variadic function (its u64 arguments read with va_arg)."""
        name = 'lvd' + i
        n = self.r.randint(1, 4)
        d = 'u64 %s(int n, ...) {\n  va_list ap;\n  va_start(ap, n);\n  u64 r = %dULL;\n' \
            '  for (int i = 0; i < n; ++i)\n    r = r * %dULL + va_arg(ap, u64);\n  va_end(ap);\n' \
            '  return r;\n}' % (name, self.c(), self.c(3, 999))
        fmt = '%s(%d, %s)' % (name, n, ', '.join('{%d}' % j for j in range(n)))
        return self.add_leaf(Callee(name, 'u64', ['u'] * n, fmt, 'callee-variadic'), d)

    def leaf_red(self, i):
        """C: updates the file-scope reducer g_red (a non-commutative affine map: only
        the serial order of the updates gives the elision's value)."""
        name = 'lrd' + i
        d = 'u64 %s(u64 a) {\n  rd_app(&g_red, %dULL, a %% %dULL);\n  return a * %dULL + %d;\n}' % (
            name, self.c(3, 99999) | 1, self.c(10, 9999), self.c(), self.c())
        return self.add_leaf(Callee(name, 'u64', ['u'], name + '({0})', 'reducer-global',
                                    pure=False), d)

    def leaf_thrower(self, i):
        name = 'lx' + i
        m = self.pick([3, 4, 5, 7])
        body = self.arith(['a', 'b'], n=self.r.randint(2, 10))
        d = 'u64 %s(u64 a, u64 b) {\n%s\n  if (r %% %d == %d) throw FuzzErr{r %% 1000};\n  return r;\n}' % (
            name, '\n'.join(ind(body)), m, self.r.randrange(m))
        return self.add_leaf(Callee(name, 'u64', ['u', 'u'], name + '({0}, {1})', 'callee-thrower',
                                    throws=True), d)

    # ---------------------------------------------------------------- spawning fns
    def plan_fns(self):
        n = self.r.randint(2, 5)
        kinds = [('plain', None), ('static', None), ('noexcept', 'noexcept-fn'),
                 ('fntry', 'function-try-block'), ('template', 'callee-spawning-template'),
                 ('member', 'callee-spawning-member'), ('outptr', 'form-assign-outparam'),
                 ('outref', 'form-assign-outparam')]
        kinds = [k for k, f in kinds if f is None or self.ok(f)]
        if self.C:  # no references in C
            kinds = [k for k in kinds if k != 'outref']
        exc_ok = self.ok('throw-escapes') and self.ok('callee-thrower')
        for i in range(n):
            kind = self.pick(kinds)
            pure = self.chance(0.35)
            throws = kind not in ('noexcept', 'fntry') and exc_ok and self.chance(0.4)
            f = FnInfo(i, kind, pure, throws)
            self.fns.append(f)
            name = f.name
            if kind == 'template':
                f.tmpl_k = self.c(1, 9)
                cal = Callee(name, 'u64', ['u'], '%s<%d>(d - 1, {0})' % (name, f.tmpl_k), 'callee-spawning')
            elif kind == 'member':
                obj = 'so%d' % i
                cal = Callee(name, 'u64', ['u'], obj + '.run(d - 1, {0})', 'callee-spawning',
                             prologue=['const S%d %s{%dULL};' % (i, obj, self.c())])
            elif kind == 'outptr':
                cal = Callee(name, 'u64', ['u', 'outp'], name + '(d - 1, {0}, {1})', 'callee-spawning')
            elif kind == 'outref':
                cal = Callee(name, 'u64', ['u', 'outr'], name + '(d - 1, {0}, {1})', 'callee-spawning')
            else:
                cal = Callee(name, 'u64', ['u'], name + '(d - 1, {0})', 'callee-spawning')
            cal.pure, cal.throws, cal.spawner = pure, throws, f
            self.spawners.append(cal)

    def signature(self, f, proto):
        if f.kind == 'member':
            return None
        params = 'int d, u64 s'
        if f.kind == 'outptr':
            params += ', u64 *out'
        elif f.kind == 'outref':
            params += ', u64 &out'
        pre = ''
        if f.kind == 'template':
            pre = 'template <int K>\n'
        if f.kind == 'static':
            pre = 'static '
        post = ' noexcept' if f.kind == 'noexcept' else ''
        return '%su64 %s(%s)%s' % (pre, f.name, params, post)

    # ---------------------------------------------------------------- callee choice
    def callees(self, lvl, direct=False, ret=None, allow_void=True, pure_only=False):
        """Callees usable here. direct: called in the continuation (not spawned).
        pure_only: only callees with no global effect (C: see args_for)."""
        out = []
        for cal in self.leaves + self.spawners:
            if (lvl.pure or (self.fn and self.fn.pure) or pure_only) and not cal.pure:
                continue
            if cal.throws and not lvl.throw_ok:
                continue
            if cal.stmt_only and not allow_void:
                continue
            if ret is not None and cal.ret not in ret:
                continue
            if cal.spawner is not None:
                if not self.ok('callee-spawning') and not self.ok('recursion'):
                    continue
            if cal.feature == 'callee-atomic' and lvl.pure:
                continue
            out.append(cal)
        return out

    def choose_callee(self, lvl, **kw):
        cs = self.callees(lvl, **kw)
        if not cs:
            return None
        ws = []
        for cal in cs:
            w = 1.0
            if cal.spawner is not None:
                w = 2.0 if lvl.mult <= 2 else 0.5
            if cal.throws:
                w = 1.5
            if cal.ret in ('int', 'str', 'cstr', 'vec', 'trk', 'big'):
                w = 2.0
            ws.append((w, cal))
        return self.wpick(ws)

    def note_callee(self, cal, lvl):
        self.use(cal.feature)
        for p in cal.prologue:
            self.prologue[p] = None
        if cal.spawner is not None:
            self.use('callee-spawning')
            if self.fn is not None:
                self.use('recursion')
            cal.spawner.callers += 1
            if self.fn is not None:
                self.fn.calls += lvl.mult
            else:
                self.main_calls += lvl.mult
        if cal.throws and cal.spawner is not None:
            self.use('throw-escapes')

    # ---------------------------------------------------------------- arguments
    def arg(self, kind, lvl, pre, post, argdepth=0):
        """An argument of the given kind; may add declarations (pre), statements after
        the spawn (post) and pending folds."""
        r = self.r
        if kind == 'u':
            x = r.random()
            if x < 0.25:
                return '%dULL' % self.c()
            if x < 0.45:
                return 's' if self.chance(0.5) else '(s ^ %dULL)' % self.c()
            if x < 0.55:
                return '(u64)d * %dULL' % self.c()
            if x < 0.65 and self.ok('arg-side-effect'):
                v = self.new('ctr')
                pre.append('u64 %s = %dULL;' % (v, self.c()))
                post.append('%s += %d;' % (v, self.c()))
                lvl.pending.append(v)
                self.use('arg-side-effect')
                return '%s++' % v
            if x < 0.85 and argdepth == 0 and self.ok('arg-call'):
                cal = self.choose_callee(lvl, direct=True, ret=('u64',), allow_void=False,
                                         pure_only=bool(self.arg_impure))
                if cal is not None:
                    if self.arg_impure is not None and not cal.pure:
                        self.arg_impure = True
                    if cal.spawner is not None:
                        if lvl.mult > 2 or not self.ok('arg-spawner-call'):
                            return 's'
                        self.use('arg-spawner-call')
                    if cal.throws:
                        self.use('throw-argument')
                    self.note_callee(cal, lvl)
                    self.use('arg-call')
                    return self.call_text(cal, lvl, pre, post, argdepth + 1)
            return '(s + %dULL)' % self.c()
        if kind == 'int':
            return self.pick(['%d' % self.c(0, 99), 'd', '(int)(s %% %d)' % self.c(2, 50)])
        if kind == 'dbl':
            return self.pick(['%d.25' % self.c(0, 999), '(double)(s % 1000) * 0.5', '(double)d + 0.75'])
        if kind == 'cstr':
            return self.pick(['"%s"' % ('x' * self.c(0, 12)), 'g_words[s % 4]', 'g_words[(u64)d % 4]'])
        if kind == 'str':
            if self.chance(0.5) and self.ok('arg-string-mutated'):
                v = self.new('str')
                pre.append('std::string %s = "v%d";' % (v, self.c()))
                post.append('%s += "%s";' % (v, 'q' * self.c(1, 20)))
                lvl.pending.append('hs(%s)' % v)
                self.use('arg-string-mutated')
                return v
            self.use('arg-temporary')
            return self.pick(['std::string("t%d")' % self.c(), 'std::to_string(s %% %d)' % self.c(2, 9999),
                              'std::string(%d, \'z\')' % self.c(0, 30)])
        if kind == 'pt':
            if self.chance(0.5) and self.ok('arg-byval-mutated'):
                v = self.new('pt')
                pre.append('Pt %s%s;' % (v, self.pt_init('%dULL' % self.c(), 's')))
                post.append('%s.x += %d; %s.y ^= %dULL;' % (v, self.c(), v, self.c()))
                lvl.pending.append('%s.x + %s.y' % (v, v))
                self.use('arg-byval-mutated')
                return v
            self.use('arg-temporary')
            return ('(Pt){%dULL, s + %dULL}' if self.C else 'Pt{%dULL, s + %dULL}') % (self.c(), self.c())
        if kind == 'big':
            v = self.new('big')
            pre.append('Big %s%s; %s.a[%d] = s; %s.d = %d.5;' % (v, self.big_zero(), v, self.c(0, 8), v,
                                                                  self.c(0, 99)))
            post.append('%s.a[%d] += %d; %s.d += 1.0;' % (v, self.c(0, 8), self.c(), v))
            lvl.pending.append('hb(%s)' % v)
            self.use('arg-big')
            return v
        if kind == 'alp':
            v = self.new('alg')
            al = self.pick([32, 64])
            # In a loop, the array may be read by a child after its iteration's scope has
            # ended (sync after the loop): then it must outlive the loop (a static, with
            # constants only, so its value does not depend on which call initialises it).
            if lvl.in_loop:
                pre.append('alignas(%d) static const u64 %s[8] = {%dULL, 2, 3, 4, 5, 6, 7, %dULL};'
                           % (al, v, self.c(), self.c()))
            else:
                pre.append('alignas(%d) u64 %s[8] = {s, %dULL, 3, 4, 5, 6, 7, %dULL};'
                           % (al, v, self.c(), self.c()))
                # Folded after the block's sync, so the block syncs before it ends (and
                # the array dies): a child may still be reading it (fuzz seed 71365).
                lvl.pending.append('hsa(%s, 8)' % v)
            self.use('arg-overaligned')
            return v
        if kind == 'vref':
            v = self.new('rov')
            if lvl.in_loop:  # outlives the loop, as above (fuzz seed 5153)
                pre.append('static const std::vector<u64> %s{%dULL, %dULL, %dULL};'
                           % (v, self.c(), self.c(), self.c()))
            else:
                pre.append('const std::vector<u64> %s{s, %dULL, %dULL};' % (v, self.c(), self.c()))
                lvl.pending.append('hv(%s)' % v)  # the block syncs before it dies (as above)
            self.use('arg-vector-ref')
            return v
        if kind in ('outp', 'outr'):
            v = self.new('o')
            pre.append('u64 %s = 0;' % v)
            lvl.pending.append(v)
            return ('&' + v) if kind == 'outp' else v
        raise AssertionError(kind)

    def args_for(self, cal, lvl, pre, post, argdepth=0):
        """The argument texts of a call. C leaves the order in which a call's arguments
        are evaluated unspecified (gcc goes right to left, clang left to right), and the
        updates of the reducer g_red do not commute: in C at most one argument of a call
        may call something with a global effect (fuzz seeds 66, 72 and 76, gen.py --lang
        c, differed from their gcc elision, not from clang's). C++ programs keep their
        draws: both their builds are clang's, and their global effects commute."""
        if not self.C:
            return [self.arg(k, lvl, pre, post, argdepth) for k in cal.params]
        saved, self.arg_impure = self.arg_impure, False
        try:
            return [self.arg(k, lvl, pre, post, argdepth) for k in cal.params]
        finally:
            self.arg_impure = saved

    def call_text(self, cal, lvl, pre, post, argdepth=0):
        return cal.fmt.format(*self.args_for(cal, lvl, pre, post, argdepth))

    # ---------------------------------------------------------------- folding
    def fold_of(self, ty, v):
        return {'u64': v, 'int': '(u64)(long long)%s' % v, 'long': '(u64)%s' % v,
                'double': 'hd(%s)' % v, 'str': 'hs(%s)' % v, 'cstr': 'hc(%s)' % v,
                'vec': 'hv(%s)' % v, 'trk': '%s.v' % v, 'big': 'hb(%s)' % v}[ty]

    def counter_arg(self, cal, args, lvl, lines):
        """A counter declared before a loop; its first u64 argument becomes `counter++`
        (a side effect evaluated in the parent, before each spawn)."""
        ctr = self.new('rc')
        lines.append('u64 %s = %dULL;' % (ctr, self.c()))
        lvl.pending.append(ctr)
        for i, p in enumerate(cal.params):
            if p == 'u':
                args[i] = '%s++' % ctr
                self.use('arg-side-effect')
                break

    def flush(self, lvl, lines, explicit=True):
        lines.append('[[sprig::sync]];')
        for e in lvl.pending:
            lines.append('h = mix(h, %s);' % e)
        if self.in_main and lvl.pending:
            self.main_prints += 1
            lines.append('%s("m%d %%llu\\n", h);' % (self.std('printf'), self.main_prints))
        lvl.pending = []
        lvl.pure = False

    # ---------------------------------------------------------------- spawns
    U64_COMPOUND = ['+=', '-=', '*=', '^=', '|=', '&=']

    def spawn_stmt(self, lvl, dest=None):
        """One spawn. dest: an lvalue text of type u64 declared by the caller (whose fold
        the caller registers). Returns lines."""
        pre, post, lines = [], [], []
        if dest is not None:
            cal = self.choose_callee(lvl, ret=('u64', 'int', 'double'), allow_void=False)
        else:
            cal = self.choose_callee(lvl)
        if cal is None:
            return []
        self.note_callee(cal, lvl)
        text = self.call_text(cal, lvl, pre, post)
        sp = '[[sprig::spawn]] '
        throws = cal.throws
        if throws:
            self.use('throw-child')
        if dest is not None:
            if cal.ret == 'double':
                text = '(u64)' + text
                self.use('form-cast')
            elif cal.ret == 'int':
                text = '(u64)' + text if self.chance(0.5) else text
            op = '='
            if self.ok('form-compound-assign') and self.chance(0.15):
                # each child has its own destination: its update races with nothing
                self.use('form-compound-assign')
                op = self.pick(self.U64_COMPOUND)
            lines = pre + [sp + '%s %s %s;' % (dest, op, text)] + post
            if throws:
                lvl.pure = True
            return lines
        ret = cal.ret
        forms = []
        if ret == 'void':
            forms = ['call']
        elif ret == 'u64':
            forms = ['local', 'field', 'array', 'vector', 'vecvec', 'ptr', 'ref', 'overaligned',
                     'decl', 'brace', 'auto', 'castdecl', 'voidcast', 'call', 'compound',
                     'compoundarr']
            if self.fn is not None and self.fn.kind in ('outptr', 'outref') and not self.out_done \
                    and lvl.nest == 0 and not lvl.pure:
                forms += ['outparam'] * 4
        elif ret == 'int':
            forms = ['local', 'conv', 'auto', 'castassign', 'intbrace', 'compound']
        elif ret == 'double':
            forms = ['dlocal', 'castdecl', 'castassign', 'dcompound']
        elif ret in ('str', 'cstr'):
            forms = ['classdecl', 'classdecl', 'classassign', 'strcompound']
            if ret == 'str':
                forms += ['brace', 'auto']
        elif ret in ('vec', 'trk', 'big'):
            forms = ['classdecl', 'classdecl', 'classassign', 'brace', 'auto']
        if self.C:
            forms = {'void': ['call'],
                     'u64': ['local', 'field', 'array', 'ptr', 'overaligned', 'decl', 'brace',
                             'castdecl', 'voidcast', 'call', 'compound', 'compoundarr', 'atomic',
                             'register'] + [f for f in forms if f == 'outparam'],
                     'int': ['local', 'conv', 'castassign', 'intbrace', 'compound'],
                     'double': forms,
                     'cstr': ['cdecl', 'cdecl', 'cassign'],
                     'big': ['bigdecl', 'bigdecl', 'bigassign']}[ret]
        featmap = {'local': 'form-assign-local', 'field': 'form-assign-field', 'array': 'form-assign-array',
                   'vector': 'form-assign-vector', 'vecvec': 'form-assign-vecvec', 'ptr': 'form-assign-ptr',
                   'ref': 'form-assign-ref', 'overaligned': 'form-assign-overaligned', 'decl': 'form-decl',
                   'brace': 'form-decl-brace', 'auto': 'form-decl-auto', 'castdecl': 'form-cast',
                   'castassign': 'form-cast', 'voidcast': 'form-void-cast', 'call': 'form-call-stmt',
                   'outparam': 'form-assign-outparam', 'conv': 'form-conv-int-long',
                   'intbrace': 'form-decl-brace', 'dlocal': 'form-assign-local',
                   'classassign': 'form-assign-class', 'compound': 'form-compound-assign',
                   'compoundarr': 'form-compound-assign', 'dcompound': 'form-compound-assign',
                   'strcompound': 'form-compound-assign', 'atomic': 'form-assign-atomic',
                   'register': 'form-assign-register', 'cdecl': 'form-decl-cstr',
                   'cassign': 'form-assign-local', 'bigdecl': 'form-decl-big',
                   'bigassign': 'form-assign-struct'}
        forms = [f for f in forms if f == 'classdecl' or self.ok(featmap[f])] or forms[:1]
        form = self.pick(forms)
        v = self.new('v')
        ty = {'u64': 'u64', 'int': 'int', 'double': 'double', 'str': 'std::string', 'cstr': 'std::string',
              'vec': 'std::vector<u64>', 'trk': 'Trk', 'big': 'Big'}.get(ret)
        if form in featmap:
            self.use(featmap[form])
        if form == 'local':
            pre.append('u64 %s = 0;' % v)
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append(v)
        elif form == 'field':
            pre.append('Pt %s%s;' % (v, ' = {0, 0}' if self.C else '{}'))
            lines = [sp + '%s.%s = %s;' % (v, self.pick('xy'), text)]
            lvl.pending.append('%s.x + %s.y' % (v, v))
        elif form == 'array':
            n = self.pick([2, 4, 8])
            pre.append('u64 %s[%d] = %s;' % (v, n, self.zi()))
            lines = [sp + '%s[(s + (u64)d * %dULL) %% %d] = %s;' % (v, self.c(), n, text)]
            lvl.pending.append('hsa(%s, %d)' % (v, n))
        elif form == 'vector':
            n = self.c(1, 5)
            pre.append('std::vector<u64> %s(%d);' % (v, n))
            lines = [sp + '%s[%d] = %s;' % (v, self.r.randrange(n), text)]
            lvl.pending.append('hv(%s)' % v)
        elif form == 'vecvec':
            pre.append('std::vector<std::vector<u64>> %s(3, std::vector<u64>(2));' % v)
            lines = [sp + '%s[(s %% 3)][%d] = %s;' % (v, self.r.randrange(2), text)]
            lvl.pending.append('hv(%s[0]) + hv(%s[1]) * 3 + hv(%s[2]) * 7' % (v, v, v))
        elif form == 'ptr':
            pre += ['u64 %s = 0;' % v, 'u64 *%sp = &%s;' % (v, v)]
            lines = [sp + '*%sp = %s;' % (v, text)]
            lvl.pending.append(v)
        elif form == 'ref':
            pre += ['u64 %s = 0;' % v, 'u64 &%sr = %s;' % (v, v)]
            lines = [sp + '%sr = %s;' % (v, text)]
            lvl.pending.append(v)
        elif form == 'overaligned':
            al = self.pick([32, 64])
            if self.chance(0.5):
                pre.append('alignas(%d) u64 %s = 0;' % (al, v))
                lines = [sp + '%s = %s;' % (v, text)]
                lvl.pending.append(v)
            else:
                pre.append('alignas(%d) u64 %s[4] = %s;' % (al, v, self.zi()))
                lines = [sp + '%s[%d] = %s;' % (v, self.r.randrange(4), text)]
                lvl.pending.append('hsa(%s, 4)' % v)
        elif form == 'outparam':
            self.out_done = True
            tgt = '*out' if self.fn.kind == 'outptr' else 'out'
            lines = [sp + '%s = %s;' % (tgt, text)]
        elif form == 'decl':
            lines = [sp + 'u64 %s = %s;' % (v, text)]
            lvl.pending.append(v)
        elif form == 'brace':
            lines = [sp + ('%s %s = {%s};' if self.C else '%s %s{%s};') % (ty, v, text)]
            lvl.pending.append(self.fold_of(ret, v))
        elif form == 'auto':
            lines = [sp + 'auto %s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of(ret, v))
        elif form == 'intbrace':
            lines = [sp + ('int %s = {%s};' if self.C else 'int %s{%s};') % (v, text)]
            lvl.pending.append(self.fold_of('int', v))
        elif form == 'conv':
            lines = [sp + 'long %s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('long', v))
        elif form == 'castdecl':
            if ret == 'double':
                c = self.pick(['(u64)%s', '(unsigned long long)%s'] if self.C else
                              ['(u64)%s', 'static_cast<u64>(%s)', 'u64(%s)'])
                lines = [sp + 'u64 %s = %s;' % (v, c % text)]
                lvl.pending.append(v)
            else:
                c = self.pick(['(long)%s', '(long)(u64)%s'] if self.C else
                              ['(long)%s', 'static_cast<long>(%s)', 'long(%s)'])
                lines = [sp + 'long %s = %s;' % (v, c % text)]
                lvl.pending.append(self.fold_of('long', v))
        elif form == 'castassign':
            if ret == 'double':
                pre.append('u64 %s = 0;' % v)
                lines = [sp + '%s = (u64)%s;' % (v, text)]
                lvl.pending.append(v)
            else:
                pre.append('long %s = 0;' % v)
                lines = [sp + '%s = (long)%s;' % (v, text)]
                lvl.pending.append(self.fold_of('long', v))
        elif form == 'dlocal':
            pre.append('double %s = 0;' % v)
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('double', v))
        elif form == 'compound':
            # u64 x op= call (an int result converts to u64 in the child); the operators
            # whose result is defined for every operand (no division, no shift)
            pre.append('u64 %s = %dULL;' % (v, self.c()))
            lines = [sp + '%s %s %s;' % (v, self.pick(self.U64_COMPOUND), text)]
            lvl.pending.append(v)
        elif form == 'compoundarr':
            n = self.pick([2, 4])
            pre.append('u64 %s[%d] = {%dULL, %dULL};' % (v, n, self.c(), self.c()))
            lines = [sp + '%s[(s + %dULL) %% %d] %s %s;' % (v, self.c(), n,
                                                          self.pick(self.U64_COMPOUND), text)]
            lvl.pending.append('hsa(%s, %d)' % (v, n))
        elif form == 'dcompound':
            pre.append('double %s = %d.5;' % (v, self.c()))
            # (no /=: a zero result would make an infinity, which hd cannot convert)
            lines = [sp + '%s %s %s;' % (v, self.pick(['+=', '-=', '*=']), text)]
            lvl.pending.append(self.fold_of('double', v))
        elif form == 'strcompound':
            # std::string's member operator+=, from a std::string or a const char *
            pre.append('std::string %s = "%s";' % (v, self.pick(['', 'a', 'xyz'])))
            lines = [sp + '%s += %s;' % (v, text)]
            lvl.pending.append(self.fold_of('str', v))
        elif form == 'atomic':
            # C: the child's store to an _Atomic stays atomic
            pre.append('_Atomic u64 %s = 0;' % v)
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append('(u64)%s' % v)
        elif form == 'register':
            pre.append('register u64 %s = 0;' % v)
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append(v)
        elif form == 'cdecl':
            lines = [sp + 'const char *%s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('cstr', v))
        elif form == 'cassign':
            pre.append('const char *%s = "";' % v)
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('cstr', v))
        elif form == 'bigdecl':
            lines = [sp + 'Big %s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('big', v))
        elif form == 'bigassign':
            pre.append('Big %s%s;' % (v, self.big_zero()))
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('big', v))
        elif form == 'voidcast':
            lines = [sp + '(void)%s;' % text]
        elif form == 'call':
            lines = [sp + '%s;' % text]
        elif form == 'classdecl':
            self.use({'str': 'form-decl-string', 'cstr': 'form-conv-cstr-string', 'vec': 'form-decl-vector',
                      'trk': 'form-decl-dtor', 'big': 'form-decl-big'}[ret])
            lines = [sp + '%s %s = %s;' % (ty, v, text)]
            lvl.pending.append(self.fold_of('str' if ret == 'cstr' else ret, v))
        elif form == 'classassign':
            if ret == 'trk':
                pre.append('Trk %s(0);' % v)
            else:
                pre.append('%s %s{};' % (ty, v))
            lines = [sp + '%s = %s;' % (v, text)]
            lvl.pending.append(self.fold_of('str' if ret == 'cstr' else ret, v))
        else:
            raise AssertionError(form)
        if throws:
            lvl.pure = True
        return pre + lines + post

    # ---------------------------------------------------------------- statements
    def gen_block(self, lvl, n):
        lines = []
        for _ in range(n):
            lines += self.gen_stmt(lvl)
        return lines

    def close(self, lvl, lines, force=False):
        """End of a block: sync if its own variables are pending (or forced)."""
        if lvl.pending or (force and lvl.pure):
            self.flush(lvl, lines)
            return True
        return False

    def gen_stmt(self, lvl):
        deep = lvl.nest >= 3
        opts = [(6, 'spawn'), (2, 'spawn2'), (2, 'work'), (1.5, 'sync')]
        if not deep:
            if self.ok('loop-for') or self.ok('loop-while') or self.ok('loop-do'):
                opts.append((2, 'loop'))
            if self.ok('form-range-for'):
                opts.append((1, 'rangefor'))
            if self.ok('loop-parallel-for'):
                opts.append((1.2, 'pfor'))
            if self.ok('if-else'):
                opts.append((1.5, 'if'))
            if self.ok('switch'):
                opts.append((1, 'switch'))
            if self.ok('goto'):
                opts.append((0.8, 'goto'))
            if not lvl.pure and self.ok('try-catch') and self.ok('callee-thrower'):
                opts.append((1.5, 'try'))
            if not lvl.pure and self.ok('dtor-guard'):
                opts.append((1, 'guard'))
            if self.ok('form-if-init'):
                opts.append((1, 'ifinit'))
            if self.ok('scope'):
                opts.append((0.5, 'scope'))
            if self.ok('scope-loop'):
                opts.append((0.4, 'scopeloop'))
            if self.ok('spawned-block'):
                opts.append((0.6, 'block'))
        if self.fn is not None and self.ok('early-return') and lvl.nest <= 3:
            opts.append((0.6, 'ret'))
        if lvl.throw_ok and self.ok('throw-continuation'):
            opts.append((0.6, 'throw'))
        if not lvl.pure and not (self.fn and self.fn.pure) and self.ok('dtor-atomic'):
            opts.append((0.5, 'trk'))
        if self.ok('callee-memcpy'):
            opts.append((0.5, 'memcpy'))
        if self.C:
            if not deep and self.ok('vla'):
                opts.append((0.6, 'vla'))
            if not deep and self.ok('alloca'):
                opts.append((0.5, 'alloca'))
            if self.red_local is not None:
                opts.append((0.8, 'redupd'))
            if not deep:
                opts.append((0.8, 'nest'))
        kind = self.wpick(opts)
        return getattr(self, 'st_' + kind)(lvl)

    def st_spawn(self, lvl):
        lines = self.spawn_stmt(lvl)
        if lines and self.rcan.random() < 0.1 and self.ok('cancel'):
            # Right after a direct spawn, so the function spawns (sprig_cancel() elsewhere
            # is a compile error); nothing reads what a cancel changes.
            self.use('cancel')
            lines.append('sprig_cancel();')
        if lines and self.draws and not lvl.no_draw and self.rdp.random() < 0.3:
            # the continuation draws while the child may run (its position: the rank
            # after the spawn's)
            self.use('dprand')
            lines.append('fz_dp += mix(FZ_DPRAND(), %dULL);' % self.rdp.randrange(1 << 30))
        return lines

    def st_vla(self, lvl):
        """C: a variable-length array (its length from the parameters) that one or two
        children write (different elements); folded after the block's sync, so the block
        syncs before the array dies."""
        self.use('vla')
        v, n, j = self.new('va'), self.new('vn'), self.new('vj')
        lines = ['const int %s = %d + (int)((s ^ %dULL) %% %d);' % (n, self.r.randint(2, 4), self.c(),
                                                                 self.r.randint(2, 5)),
                 'u64 %s[%s];' % (v, n),
                 'for (int %si = 0; %si < %s; ++%si)' % (v, v, n, v),
                 '  %s[%si] = %dULL + (u64)%si;' % (v, v, self.c(), v),
                 'const int %s = (int)((s + (u64)d * %dULL) %% (u64)%s);' % (j, self.c(), n)]
        lvl.pending.append('hsa(%s, %s)' % (v, n))
        lines += self.spawn_stmt(lvl, dest='%s[%s]' % (v, j))
        if self.chance(0.5):
            if self.chance(0.5):
                lines += self.st_work(lvl)
            lines += self.spawn_stmt(lvl, dest='%s[(%s + 1) %% %s]' % (v, j, n))
        return lines

    def st_alloca(self, lvl):
        """C: an alloca buffer (alive until the function returns, also when made in a
        loop) that one or two children write."""
        self.use('alloca')
        v, n = self.new('ab'), self.new('an')
        lines = ['const int %s = %d + (int)(s %% %d);' % (n, self.r.randint(2, 4), self.r.randint(1, 4)),
                 'u64 *%s = (u64 *)alloca((u64)%s * sizeof(u64));' % (v, n),
                 'memset(%s, %d, (u64)%s * sizeof(u64));' % (v, self.r.randint(0, 255), n)]
        lvl.pending.append('hsa(%s, %s)' % (v, n))
        j = '(int)((s ^ %dULL) %% (u64)%s)' % (self.c(), n)
        lines += self.spawn_stmt(lvl, dest='%s[%s]' % (v, j))
        if self.chance(0.4):
            lines += self.spawn_stmt(lvl, dest='%s[(%s + 1) %% %s]' % (v, j, n))
        return lines

    def red_update(self, val):
        """C: an update of the local reducer (a strand's view): through a call taking its
        address, or by its fields."""
        k = self.c(3, 99999) | 1
        if self.chance(0.5):
            return ['rd_app(&%s, %dULL, %s);' % (self.red_local, k, val)]
        return ['%s.b = %s.b * %dULL + (%s);' % (self.red_local, self.red_local, k, val),
                '%s.a *= %dULL;' % (self.red_local, k)]

    def st_redupd(self, lvl):
        self.use('reducer-local')
        return self.red_update(self.pick(['s', '(u64)d * %dULL' % self.c(), '(s ^ %dULL)' % self.c()]))

    def st_spawn2(self, lvl):
        """Two children writing disjoint parts of one object."""
        v = self.new('d')
        shape = self.pick(['field', 'array'] if self.C else ['field', 'array', 'vector'])
        if shape == 'field':
            self.use('form-assign-field')
            lines = ['Pt %s%s;' % (v, ' = {0, 0}' if self.C else '{}')]
            a, b = v + '.x', v + '.y'
            fold = '%s.x * 3 + %s.y' % (v, v)
        elif shape == 'array':
            self.use('form-assign-array')
            lines = ['u64 %s[4] = %s;' % (v, self.zi()), 'const u64 %si = (s + %dULL) & 3;' % (v, self.c())]
            a, b = '%s[%si]' % (v, v), '%s[%si ^ 1]' % (v, v)
            fold = 'hsa(%s, 4)' % v
        else:
            self.use('form-assign-vector')
            lines = ['std::vector<u64> %s(2);' % v]
            a, b = v + '[0]', v + '[1]'
            fold = 'hv(%s)' % v
        lvl.pending.append(fold)
        lines += self.spawn_stmt(lvl, dest=a)
        if self.chance(0.5):
            lines += self.st_work(lvl)
        lines += self.spawn_stmt(lvl, dest=b)
        return lines

    def st_work(self, lvl):
        """Continuation work: a direct call into a fresh variable."""
        cal = self.choose_callee(lvl, direct=True, ret=('u64',), allow_void=False)
        if cal is None:
            return []
        self.note_callee(cal, lvl)
        self.use('continuation-work')
        if cal.throws:
            self.use('throw-continuation')
        pre, post = [], []
        text = self.call_text(cal, lvl, pre, post)
        v = self.new('w')
        lvl.pending.append(v)
        poll = []
        if self.rcan.random() < 0.15 and self.ok('cancel'):
            self.use('cancel')
            poll = ['fz_seen += (unsigned)sprig_cancelled();']
        if self.draws and not lvl.no_draw and self.rdp.random() < 0.6:
            # the draw tied to this site and to the value just computed, so that two
            # strands' draws swapped would change the sum
            self.use('dprand')
            poll.append('fz_dp += mix(FZ_DPRAND(), %s ^ %dULL);' % (v, self.rdp.randrange(1 << 30)))
        return pre + ['u64 %s = %s;' % (v, text)] + post + poll

    def st_sync(self, lvl):
        lines = []
        if lvl.pending or lvl.pure or self.chance(0.3):
            self.flush(lvl, lines)
        return lines

    def sub(self, lvl, **kw):
        return Lvl(lvl, **kw)

    def st_loop(self, lvl):
        kinds = [k for k in ('for', 'while', 'do') if self.ok('loop-' + k)]
        kind = self.pick(kinds)
        self.use('loop-' + kind)
        n = self.r.randint(2, 5)
        sync_inside = self.chance(0.4) and self.ok('loop-sync-inside')
        # pure body: throwers allowed in every iteration; otherwise, with no sync inside,
        # throwers are not allowed in the body.
        body_pure = lvl.pure or (lvl.throw_ok and not sync_inside and self.chance(0.4)
                                 and self.ok('loop-throw'))
        body = self.sub(lvl, in_loop=True, mult=lvl.mult * n, pure=body_pure)
        if not body_pure and not sync_inside:
            body.throw_ok = False
        k = self.new('k')
        slots = self.new('sl')
        lines = []
        if self.C or self.chance(0.5):
            lines.append('u64 %s[%d] = %s;' % (slots, n, self.zi()))
            slot = '%s[%s]' % (slots, k)
            fold = 'hsa(%s, %d)' % (slots, n)
            self.use('form-assign-array')
        else:
            lines.append('std::vector<u64> %s(%d);' % (slots, n))
            slot = '%s[%s]' % (slots, k)
            fold = 'hv(%s)' % slots
            self.use('form-assign-vector')
        lvl.pending.append(fold)
        acc = None
        if sync_inside:
            acc = self.new('acc')
            lines.append('u64 %s = 0;' % acc)
        b = []
        if kind != 'for':
            b.append('int %s = %s_n++;' % (k, k))
        if self.chance(0.4) and self.ok('loop-continue'):
            self.use('loop-continue')
            b.append('if (%s == %d) continue;' % (k, self.r.randrange(n)))
        if self.chance(0.3) and self.ok('loop-break'):
            self.use('loop-break')
            b.append('if (%s == %d && (s & 1)) break;' % (k, self.r.randint(1, n - 1)))
        # the slot spawn: the slot (outer pending) is written once per iteration
        b += self.spawn_stmt_slot(body, slot, k)
        if body.nest < 3 and self.chance(0.5):
            b += self.gen_block(body, self.r.randint(1, 2))
        if sync_inside:
            self.use('loop-sync-inside')
            self.flush(body, b)
            b.append('%s = mix(%s, %s);' % (acc, acc, slot))
        else:
            self.use('loop-sync-inside' if self.close(body, b) else 'loop-sync-after')
        if body_pure and lvl.throw_ok:
            self.use('loop-throw')
        if kind == 'for':
            lines.append('for (int %s = 0; %s < %d; ++%s) {' % (k, k, n, k))
            lines += ind(b)
            lines.append('}')
        elif kind == 'while':
            lines.append('int %s_n = 0;' % k)
            lines.append('while (%s_n < %d) {' % (k, n))
            lines += ind(b)
            lines.append('}')
        else:
            lines.append('int %s_n = 0;' % k)
            lines.append('do {')
            lines += ind(b)
            lines.append('} while (%s_n < %d);' % (k, n))
        if acc:
            lvl.pending.append(acc)
        lvl.pure = lvl.pure or body.pure or body_pure
        return lines

    def st_pfor(self, lvl):
        """[[sprig::parallel_for]]: iterations may run in parallel, so iteration k writes
        only slot k (a spawned child, and maybe a continuation call combined after the
        iteration's own sync); the body never throws."""
        self.use('loop-parallel-for')
        n = self.r.randint(1, 12)
        # break: iterations after the breaking one may or may not run, so the body is
        # pure (no global state) and only the slots the serial loop wrote are read.
        brk = None
        if self.rbrk.random() < 0.3 and self.ok('loop-parallel-for-break'):
            self.use('loop-parallel-for-break')
            brk = (self.rbrk.randrange(n + 2), self.rbrk.random() < 0.5)  # (k, at the start)
        body = self.sub(lvl, in_loop=True, mult=lvl.mult * n, throw_ok=False,
                        **({'pure': True, 'no_draw': True} if brk else {}))
        k = self.new('k')
        slots = self.new('sl')
        if self.C:
            self.use('form-assign-array')
            lines = ['u64 %s[%d] = {0};' % (slots, n)]
        else:
            self.use('form-assign-vector')
            lines = ['std::vector<u64> %s(%d);' % (slots, n)]
        slot = '%s[%s]' % (slots, k)
        b = []
        if brk and brk[1]:
            b.append('if (%s == %d) break;' % (k, brk[0]))
        if self.chance(0.3) and self.ok('loop-continue'):
            self.use('loop-continue')
            b.append('if (%s == %d) continue;' % (k, self.r.randrange(n)))
        b += self.spawn_stmt_slot(body, slot, k)
        cal = None
        if self.chance(0.5):
            cal = self.choose_callee(body, direct=True, ret=('u64',), allow_void=False)
        if cal is not None:
            self.note_callee(cal, body)
            pre, post = [], []
            text = self.call_text(cal, body, pre, post)
            w = self.new('pw')
            b += pre + ['u64 %s = %s;' % (w, text)] + post
            b.append('[[sprig::sync]];')
            b.append('%s = mix(%s, %s);' % (slot, slot, w))
        elif self.chance(0.5):
            b.append('[[sprig::sync]];')  # else the iteration's implicit sync
        if self.C and self.red_local is not None and self.chance(0.6):
            # C: the iterations update the local reducer (each its own strand's view; the
            # updates of iterations after a break are discarded, as the serial loop never
            # makes them)
            self.use('reducer-local')
            b += self.red_update('(u64)%s * %dULL + s' % (k, self.c()))
        if brk and not brk[1]:
            b.append('if (%s == %d) break;' % (k, brk[0]))
        grain = '' if self.chance(0.6) else '[[sprig::grainsize(%d)]] ' % self.r.randint(1, 4)
        lines.append('[[sprig::parallel_for]] %sfor (int %s = 0; %s < %d; ++%s) {' %
                     (grain, k, k, n, k))
        lines += ind(b)
        lines.append('}')
        data = slots if self.C else slots + '.data()'
        if brk:
            # the serial loop wrote the slots before k (and k's own when the break is last)
            upto = min(n, brk[0] + (0 if brk[1] else 1))
            lvl.pending.append('hsa(%s, %d)' % (data, upto))
        else:
            lvl.pending.append('hsa(%s, %d)' % (slots, n) if self.C else 'hv(%s)' % slots)
        return lines

    def spawn_stmt_slot(self, body, slot, k):
        cal = self.choose_callee(body, ret=('u64',), allow_void=False)
        if cal is None:
            return []
        self.note_callee(cal, body)
        pre, post = [], []
        args = self.args_for(cal, body, pre, post)
        # make the first u64 argument depend on the iteration
        for i, p in enumerate(cal.params):
            if p == 'u':
                args[i] = '(u64)%s * %dULL + s' % (k, self.c())
                break
        text = cal.fmt.format(*args)
        if cal.throws:
            self.use('throw-child')
            body.pure = True
        return pre + ['[[sprig::spawn]] %s = %s;' % (slot, text)] + post

    def st_scope(self, lvl):
        """[[sprig::scope]]: spawns into variables declared before the block, read right
        after it (no sync of their own: the scope's exit waits for them). Children
        spawned before the scope stay pending at lvl (the scope need not wait for
        them)."""
        lines = []
        if self.ok('scope-precise') and self.chance(0.5):
            # A child spawned just before the scope: the scope's exit does not wait for
            # it, so it may still run after the scope; its result is read after the
            # next sync of lvl only.
            pv = self.new('sp')
            sp = self.spawn_stmt(lvl, dest=pv)
            if sp:
                self.use('scope-precise')
                lines += ['u64 %s = 0;' % pv] + sp
                lvl.pending.append(pv)
        body = self.sub(lvl)
        vs = [self.new('sc') for _ in range(self.r.randint(1, 2))]
        lines += ['u64 %s = 0;' % v for v in vs]
        b = []
        for v in vs:
            b += self.spawn_stmt(body, dest=v)
            if self.chance(0.3):
                b += self.st_work(body)
        if body.nest < 3 and self.chance(0.3):
            b += self.gen_block(body, 1)
        if body.pending:
            # the block's own variables (counters, continuation work) die with it
            self.flush(body, b)
        self.use('scope')
        lines += ['[[sprig::scope]] {'] + ind(b) + ['}']
        r = self.new('scr')
        lines.append('const u64 %s = %s;' % (r, ' ^ '.join('mix(%dULL, %s)' % (self.c(), v)
                                                             for v in vs)))
        # (a child of the scope that threw was rethrown at its exit: lvl.pure unchanged)
        lvl.pending.append(r)
        return lines

    def st_scopeloop(self, lvl):
        """A loop whose body is a scope: iteration k spawns into slot k, may leave the
        scope by continue or break right after, and the slot is read after the scope.
        A child spawned before the loop may still run through all of its scopes."""
        pre = []
        if self.ok('scope-precise') and self.chance(0.4):
            pv = self.new('sp')
            sp = self.spawn_stmt(lvl, dest=pv)
            if sp:
                self.use('scope-precise')
                pre = ['u64 %s = 0;' % pv] + sp
                lvl.pending.append(pv)
        n = self.r.randint(2, 5)
        body = self.sub(lvl, in_loop=True, mult=lvl.mult * n)
        k, slots, acc = self.new('k'), self.new('ss'), self.new('sa')
        b = self.spawn_stmt_slot(body, '%s[%s]' % (slots, k), k)
        if not b:
            return pre
        if body.pending:
            self.flush(body, b)
        if self.chance(0.5):
            b.append('if (%s == %d) continue;' % (k, self.r.randrange(n)))
        if self.chance(0.4):
            b.append('if (%s == %d && (s & 1)) break;' % (k, self.r.randint(1, n - 1)))
        self.use('scope-loop')
        lines = pre + ['u64 %s[%d] = %s;' % (slots, n, self.zi()), 'u64 %s = 0;' % acc,
                       'for (int %s = 0; %s < %d; ++%s) {' % (k, k, n, k)]
        lines += ind(['[[sprig::scope]] {'] + ind(b) + ['}',
                      '%s = mix(%s, %s[%s]);' % (acc, acc, slots, k)])
        lines.append('}')
        lvl.pending.append(acc)
        return lines

    def st_block(self, lvl):
        """[[sprig::spawn]] { ... }: a direct call with its argument set-up, all in the
        child, into a block local, then into an enclosing variable (read after the
        sync)."""
        body = self.sub(lvl)
        cal = self.choose_callee(body, direct=True, ret=('u64',), allow_void=False)
        if cal is None:
            return []
        self.note_callee(cal, body)
        pre, post = [], []
        text = self.call_text(cal, body, pre, post)
        v, t = self.new('bk'), self.new('bt')
        b = pre + ['u64 %s = %s;' % (t, text)] + post
        # what the arguments' set-up registered lives in the block: fold it there
        for e in body.pending:
            b.append('%s = mix(%s, %s);' % (t, t, e))
        b.append('%s = %s ^ %dULL;' % (v, t, self.c()))
        self.use('spawned-block')
        if lvl.throw_ok:
            lvl.pure = True  # the block may throw: the continuation stays pure until the sync
            if cal.throws:
                self.use('throw-child')
        lvl.pending.append(v)
        return ['u64 %s = 0;' % v, '[[sprig::spawn]] {'] + ind(b) + ['}']

    def st_rangefor(self, lvl):
        self.use('form-range-for')
        n = self.r.randint(2, 4)
        v = self.new('rv')
        body = self.sub(lvl, in_loop=True, mult=lvl.mult * n)
        body.throw_ok = False
        if lvl.pure:
            body.pure = True
        cal = self.choose_callee(body, ret=('u64',), allow_void=False)
        if cal is None:
            return []
        self.note_callee(cal, body)
        pre, post = [], []
        args = self.args_for(cal, body, pre, post)
        lines = ['std::vector<u64> %s(%d);' % (v, n)]
        lvl.pending.append('hv(%s)' % v)
        if pre or post:
            # per-iteration declarations: braces
            self.counter_arg(cal, args, lvl, lines)
            lines.append('for (auto &%se : %s) {' % (v, v))
            inner = pre + ['[[sprig::spawn]] %se = %s;' % (v, cal.fmt.format(*args))] + post
            self.close(body, inner)
            lines += ind(inner)
            lines.append('}')
        elif self.chance(0.5):
            inp = self.new('ri')
            j = self.new('rj')
            lines.append('const u64 %s[%d] = {%s};' % (inp, n, ', '.join('%dULL' % self.c() for _ in range(n))))
            lines.append('int %s = 0;' % j)
            for i, p in enumerate(cal.params):
                if p == 'u':
                    args[i] = '%se' % v
                    break
            lines.append('for (u64 %se : %s)' % (v, inp))
            lines.append('  [[sprig::spawn]] %s[%s++] = %s;' % (v, j, cal.fmt.format(*args)))
            lvl.pending.append('(u64)%s' % j)
        else:
            self.counter_arg(cal, args, lvl, lines)
            lines.append('for (auto &%se : %s)' % (v, v))
            lines.append('  [[sprig::spawn]] %se = %s;' % (v, cal.fmt.format(*args)))
        if self.chance(0.5):
            self.flush(lvl, lines)
        return lines

    def branch(self, lvl, dest):
        """Body of a conditional branch: a spawn into dest and maybe more."""
        br = self.sub(lvl)
        b = self.spawn_stmt(br, dest=dest)
        if br.nest < 3 and self.chance(0.5):
            b += self.gen_block(br, self.r.randint(1, 2))
        self.close(br, b)
        lvl.pure = lvl.pure or br.pure
        return b

    def st_if(self, lvl):
        self.use('if-else')
        a, b = self.new('ia'), self.new('ib')
        lines = ['u64 %s = 0, %s = 0;' % (a, b)]
        lvl.pending += [a, b]
        lines.append('if (%s) {' % self.cond())
        lines += ind(self.branch(lvl, a))
        if self.chance(0.5):
            lines.append('} else if (%s) {' % self.cond())
            lines += ind(self.branch(lvl, b))
        lines.append('} else {')
        lines += ind(self.branch(lvl, self.pick([a, b])))
        lines.append('}')
        return lines

    def st_switch(self, lvl):
        self.use('switch')
        nc = self.r.randint(2, 4)
        v = self.new('sw')
        lines = ['u64 %s[%d] = %s;' % (v, nc + 1, self.zi())]
        lvl.pending.append('hsa(%s, %d)' % (v, nc + 1))
        lines.append('switch ((s ^ %dULL) %% %d) {' % (self.c(), nc + 1))
        for i in range(nc):
            lines.append('case %d:' % i)
            body = self.branch(lvl, '%s[%d]' % (v, i))
            if self.chance(0.5):
                lines += ind(['{'] + ind(body) + ['}'])
            else:
                # no declarations directly under a case label: braces if any
                if any(not l.startswith(('[[sprig::spawn]] %s' % v, 'h = ', '[[sprig::sync]]'))
                       for l in body):
                    lines += ind(['{'] + ind(body) + ['}'])
                else:
                    lines += ind(body)
            if i < nc - 1 and self.chance(0.4) and self.ok('switch-fallthrough'):
                self.use('switch-fallthrough')
                lines.append('  [[fallthrough]];')
            else:
                lines.append('  break;')
        lines.append('default:')
        if self.chance(0.5):
            body = self.branch(lvl, '%s[%d]' % (v, nc))
            lines += ind(['{'] + ind(body) + ['}'])
        lines.append('  break;')
        lines.append('}')
        return lines

    def st_goto(self, lvl):
        self.use('goto')
        lab = self.new('L')
        a, b, c = self.new('ga'), self.new('gb'), self.new('gc')
        lines = ['u64 %s = 0, %s = 0, %s = 0;' % (a, b, c)]
        lvl.pending += [a, b, c]
        was_pure = [lvl.pure]

        def one(dest):
            # in braces: the goto must not bypass a declaration that is in scope at the label
            # the window a throwing spawn opens goes on over the label (linear order)
            g = self.sub(lvl, pure=was_pure[0])
            body = self.spawn_stmt(g, dest=dest)
            was_pure[0] = was_pure[0] or g.pure
            self.close(g, body)
            if len(body) == 1:
                return body
            return ['{'] + ind(body) + ['}']

        lines.append('if (%s) goto %s;' % (self.cond(), lab))
        lines += one(a)
        if self.chance(0.5) and self.ok('goto-into-block'):
            self.use('goto-into-block')
            inner = one(b)
            tail = one(c)
            lines.append('{')
            lines += ind(inner)
            if len(tail) == 1 and self.chance(0.5):
                lines.append('%s: %s' % (lab, tail[0]))
            else:
                lines.append('%s:;' % lab)
                lines += ind(tail)
            lines.append('}')
        else:
            tail = one(c)
            if len(tail) == 1 and self.chance(0.5):
                lines.append('%s: %s' % (lab, tail[0]))
            else:
                lines.append('%s:;' % lab)
                lines += tail
        lvl.pure = was_pure[0]
        return lines

    def ret_expr(self, lvl):
        e = 'mix(h, sink)'
        for p in lvl.all_pending():
            e = 'mix(%s, %s)' % (e, p)
        if self.red_local is not None:  # read after the return's implicit sync
            e = 'mix(%s, hrd(%s))' % (e, self.red_local)
        return e

    def st_ret(self, lvl):
        self.use('early-return')
        return ['if (%s)' % self.cond(), '  return %s;' % self.ret_expr(lvl)]

    def st_throw(self, lvl):
        self.use('throw-continuation')
        return ['if (%s)' % self.cond(), '  throw FuzzErr{%dULL};' % self.c()]

    def st_try(self, lvl):
        self.use('try-catch')
        t = self.sub(lvl, throw_ok=True, in_try=True, pure=False)
        # start with a throw source most of the time
        lines = []
        body = []
        if self.chance(0.7):
            thr = [c for c in self.callees(t, ret=('u64',), allow_void=False) if c.throws]
            if thr:
                body += self.gen_block(t, self.r.randint(0, 1))
                # force a throwing spawn
                saved = self.leaves, self.spawners
                self.leaves = [c for c in self.leaves if c.throws] or self.leaves
                self.spawners = [c for c in self.spawners if c.throws]
                body += self.spawn_stmt(t)
                self.leaves, self.spawners = saved
        body += self.gen_block(t, self.r.randint(1, 3))
        self.close(t, body, force=True)
        lines.append('try {')
        lines += ind(body)
        hk = self.r.random()
        if hk < 0.2 and self.ok('catch-all'):
            self.use('catch-all')
            lines.append('} catch (...) {')
            lines.append('  h = mix(h, %dULL);' % self.c())
        elif hk < 0.4:
            lines.append('} catch (const std::exception &) {')
            lines.append('  h = mix(h, 1ULL);')
            lines.append('} catch (const FuzzErr &e) {')
            lines.append('  h = mix(h, 0xE000ULL + e.code);')
        else:
            lines.append('} catch (const FuzzErr &e) {')
            lines.append('  h = mix(h, 0xE000ULL + e.code);')
        lines.append('}')
        if self.in_main:
            self.main_prints += 1
            lines.append('std::printf("m%d %%llu\\n", h);' % self.main_prints)
        return lines

    def st_guard(self, lvl):
        self.use('dtor-guard', 'nested-block')
        g = self.sub(lvl)
        body = ['Guard %s{&sink, %dULL};' % (self.new('gd'), self.c())]
        body += self.gen_block(g, self.r.randint(1, 3))
        self.close(g, body)
        lvl.pure = g.pure
        return ['{'] + ind(body) + ['}']

    def st_nest(self, lvl):
        """C: a nested block with its own sync (C++ has st_guard's, with a Guard)."""
        self.use('nested-block')
        g = self.sub(lvl)
        body = self.gen_block(g, self.r.randint(1, 3))
        self.close(g, body)
        return ['{'] + ind(body) + ['}']

    def st_ifinit(self, lvl):
        self.use('form-if-init')
        cal = self.choose_callee(lvl, ret=('u64', 'int', 'str', 'vec'), allow_void=False)
        if cal is None:
            return []
        self.note_callee(cal, lvl)
        pre, post = [], []
        text = self.call_text(cal, lvl, pre, post)
        v = self.new('x')
        ty = {'u64': 'u64', 'int': 'long', 'str': 'std::string', 'vec': 'std::vector<u64>'}[cal.ret]
        fold = self.fold_of({'int': 'long'}.get(cal.ret, cal.ret), v)
        t = self.sub(lvl)
        if cal.throws:
            self.use('throw-child')
            t.pure = True
        e = self.sub(lvl, pure=t.pure)
        lines = pre + ['if ([[sprig::spawn]] %s %s = %s; %s) {' % (ty, v, text, self.cond())]
        tb = []
        if self.chance(0.4):
            tb += self.gen_block(t, 1)
        t.pending.append(fold)
        self.flush(t, tb)
        lines += ind(tb)
        lines.append('} else {')
        eb = []
        if self.chance(0.4):
            eb += self.gen_block(e, 1)
        e.pending.append('%s + 1' % fold)
        self.flush(e, eb)
        lines += ind(eb)
        lines.append('}')
        lines += post
        return lines

    def st_trk(self, lvl):
        self.use('dtor-atomic')
        return ['Trk %s(%dULL);' % (self.new('tk'), self.c())]

    def st_memcpy(self, lvl):
        self.use('callee-memcpy', 'form-call-stmt')
        v = self.new('mb')
        n = self.c(1, 16)
        lvl.pending.append('hm(%s, 16)' % v)
        return ['char %s[16] = %s;' % (v, self.zi()),
                '[[sprig::spawn]] %s(%s, g_text + (s %% 8), %d);' % (self.std('memcpy'), v, n)]

    # ---------------------------------------------------------------- functions
    def gen_fn(self, f):
        self.fn = f
        feat = {'noexcept': 'noexcept-fn', 'fntry': 'function-try-block', 'member': 'callee-spawning-member',
                'template': 'callee-spawning-template', 'static': 'callee-static'}.get(f.kind)
        if feat:
            self.use(feat)
        self.prologue = {}
        self.out_done = False
        self.red_local = None
        if self.C and self.ok('reducer-local') and self.chance(0.4):
            self.red_local = self.new('red')
            self.use('reducer-local')
        top = Lvl(None, throw_ok=f.throws or f.kind == 'fntry')
        body = self.gen_block(top, self.r.randint(3, 7))
        if f.kind in ('outptr', 'outref') and not self.out_done:
            tgt = '*out' if f.kind == 'outptr' else 'out'
            cal = self.choose_callee(Lvl(None), ret=('u64',), allow_void=False)
            if cal is not None and not top.pure:
                self.note_callee(cal, top)
                pre, post = [], []
                text = self.call_text(cal, top, pre, post)
                self.use('form-assign-outparam')
                body += pre + ['[[sprig::spawn]] %s = %s;' % (tgt, text)] + post
        if self.chance(0.3) and self.ok('implicit-sync-return'):
            self.use('implicit-sync-return')
            body.append('return %s;' % self.ret_expr(top))
        else:
            self.flush(top, body)
            if self.red_local is not None:
                body.append('h = mix(h, hrd(%s));' % self.red_local)
            body.append('return mix(h, sink);')
        k = f.tmpl_k if f.kind == 'template' else self.c()
        base = self.pick(self.leaves[:2])
        head = ['if (d <= 0)', '  return %s;' % base.fmt.format('s', '%dULL' % k),
                'u64 h = s ^ %dULL;' % self.c(), 'u64 sink = 0;']
        if f.kind == 'template':
            head[2] = 'u64 h = s ^ (u64)K;'
        head += list(self.prologue)
        if self.red_local is not None:
            head.append('[[sprig::reducer(rd_id, rd_red)]] Rd %s = {1, 0};' % self.red_local)
        lines = head + body
        if f.kind == 'fntry':
            return ['try {'] + ind(lines) + ['} catch (const FuzzErr &e) {',
                                             '  return mix(s, 0xF000ULL + e.code);', '}']
        return ['{'] + ind(lines) + ['}']

    def gen_main(self, depth):
        self.fn = None
        self.in_main = True
        self.prologue = {}
        self.main_calls = 0
        self.use('main-spawn')
        self.red_local = None
        if self.C and self.ok('reducer-local') and self.chance(0.3):
            self.red_local = self.new('red')
            self.use('reducer-local')
        top = Lvl(None, throw_ok=False)
        body = self.gen_block(top, self.r.randint(3, 6))
        # make sure every spawning function is reached
        for cal in self.spawners:
            if cal.spawner.callers == 0:
                pre, post = [], []
                lv = Lvl(None, throw_ok=True)
                self.note_callee(cal, lv)
                text = self.call_text(cal, lv, pre, post)
                v = self.new('r')
                inner = pre + ['[[sprig::spawn]] u64 %s = %s;' % (v, text)] + post
                lv.pending.append(v)
                self.flush(lv, inner)
                if not self.ok('try-catch'):
                    body += ['{'] + ind(inner) + ['}']
                    continue
                self.use('try-catch')
                body += ['try {'] + ind(inner) + ['} catch (const FuzzErr &e) {',
                                                  '  h = mix(h, 0xE000ULL + e.code);', '}']
        self.flush(top, body)
        lines = ['int d = %d;' % depth, 'u64 s = %dULL;' % self.c(1, 10 ** 9), 'u64 h = 0;', 'u64 sink = 0;']
        lines += list(self.prologue)
        if self.red_local is not None:
            lines.append('[[sprig::reducer(rd_id, rd_red)]] Rd %s = {1, 0};' % self.red_local)
            body.append('h = mix(h, hrd(%s));' % self.red_local)
        lines += body
        if self.C:
            lines += ['printf("h %llu sink %llu acc %llu acc2 %llu red %llu\\n", h, sink,',
                      '       (u64)atomic_load(&g_acc), (u64)atomic_load(&g_acc2), hrd(g_red));']
        else:
            lines += ['std::printf("h %llu sink %llu acc %llu acc2 %llu trk %llu live %lld\\n", h, sink,',
                      '            (u64)g_acc.load(), (u64)g_acc2.load(), (u64)g_trk.load(), (long long)g_live.load());']
        lines.append('return (int)(mix(h, sink) % 7);')
        self.in_main = False
        self.red_local = None
        return ['int main(void) {' if self.C else 'int main() {'] + ind(lines) + ['}']

    # ---------------------------------------------------------------- program
    def program(self):
        self.need_vbase = False
        self.make_leaves()
        self.plan_fns()
        fn_bodies = []
        for f in self.fns:
            fn_bodies.append(self.gen_fn(f))
        # depth from the branching factor: about B^D calls at most
        b = max([f.calls for f in self.fns] + [1])
        main_lines = self.gen_main(0)
        depth = 1
        while depth < 5 and (b ** depth) * max(1, self.main_calls) <= 3000:
            depth += 1
        main_lines[1] = '  int d = %d;' % depth
        if len(self.fns) > 0:
            self.use('recursion') if any(f.calls for f in self.fns) else None
        out = []
        # what the user avoided (with all exceptions if any): not the other language's
        avoid = self.user_avoid | (EXCEPTION_FEATURES if self.user_avoid & EXCEPTION_FEATURES else set())
        if self.C:
            flags = ('--lang c' + (' avoid=' + ','.join(sorted(avoid)) if avoid else ''))
            out.append('// sprig fuzz seed %d; flags: %s\n// features: %s\n// c-std: %s\n'
                       '// Generated by test/fuzz/gen.py --lang c; race-free by construction '
                       '(docs/fuzz.md).' % (self.seed, flags, ' '.join(sorted(self.used)), c_std(self.seed)))
            out.append('#define FZ_DRAWS %d' % (1 if 'dprand' in self.used else 0))
            out.append(PRELUDE_C)
        else:
            flags = ('avoid=' + ','.join(sorted(avoid))) if avoid else 'none'
            out.append('// sprig fuzz seed %d; flags: %s\n// features: %s\n'
                       '// Generated by test/fuzz/gen.py; race-free by construction (docs/fuzz.md).'
                       % (self.seed, flags, ' '.join(sorted(self.used))))
            out.append('#define FZ_DRAWS %d' % (1 if 'dprand' in self.used else 0))
            out.append(PRELUDE)
        if self.need_vbase:
            out.append('struct VBase {\n  virtual ~VBase() {}\n  virtual u64 v(u64 x) const = 0;\n};')
        for d in self.defs:
            if d:
                out.append(d)
        # prototypes
        for f in self.fns:
            if f.kind == 'member':
                out.append('struct S%d {\n  u64 k;\n  u64 run(int d, u64 s) const;\n};' % f.idx)
            else:
                out.append(self.signature(f, True) + ';')
        for f, body in zip(self.fns, fn_bodies):
            if f.kind == 'member':
                sig = 'u64 S%d::run(int d, u64 s) const' % f.idx
            else:
                sig = self.signature(f, False)
            if f.kind == 'fntry':
                out.append(sig + '\n' + '\n'.join(body))
            else:
                out.append(sig + ' ' + '\n'.join(body))
        # explicit instantiation is implicit through calls; make sure templates used
        out.append('\n'.join(main_lines))
        return '\n\n'.join(out) + '\n'


# The checksum helpers both preludes share (C and C++ alike).
MIX = r'''static inline u64 mix(u64 h, u64 v) {
  h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h * 0x100000001b3ULL;
}
'''
HASHES = r'''static u64 hsa(const u64 *a, int n) {
  u64 h = (u64)n;
  for (int i = 0; i < n; ++i) h = mix(h, a[i]);
  return h;
}
static u64 hm(const char *a, int n) {
  u64 h = 7;
  for (int i = 0; i < n; ++i) h = mix(h, (unsigned char)a[i]);
  return h;
}
static u64 hd(double x) { return (u64)(long long)(x * 16.0); }
'''

PRELUDE = r'''#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <functional>
#include <string>
#include <vector>

// sprig_cancel() / sprig_cancelled() (sprig/cancel.h); the serial elision cancels nothing.
// The programs never let a result depend on a cancel: fz_seen is never printed.
#if defined(__SPRIG__)
#include <sprig/cancel.h>
#else
static inline void sprig_cancel(void) {}
static inline int sprig_cancelled(void) { return 0; }
#endif

typedef unsigned long long u64;

// sprig_dprand() (sprig/rng.h, included only by programs that draw: it turns on the
// pedigree at every spawn). The draws go into fz_dp, an order-free sum, printed last
// ("DP <hex>", at exit): run.py compares it across the parallel runs, not with the serial
// elision (which cannot see the spawn tree and draws nothing here).
#if defined(__SPRIG__) && FZ_DRAWS
#include <sprig/rng.h>
#define FZ_DPRAND() ((unsigned long long)sprig_dprand())
#else
#define FZ_DPRAND() 0ULL
#endif

static std::atomic<unsigned> fz_seen{0};
static std::atomic<u64> fz_dp{0};
#if FZ_DRAWS
__attribute__((destructor)) static void fz_dp_print(void) { printf("DP %llx\n", (u64)fz_dp); }
#endif
static std::atomic<u64> g_acc{0};
static std::atomic<u64> g_acc2{0};
static std::atomic<u64> g_trk{0};
static std::atomic<long long> g_live{0};
static const char g_text[32] = "abcdefghijklmnopqrstuvwxyz01234";
static const char *const g_words[4] = {"one", "three", "fifteen", ""};

''' + MIX + r'''static u64 hs(const std::string &s) {
  u64 h = 1469598103934665603ULL;
  for (unsigned char c : s) h = (h ^ c) * 1099511628211ULL;
  return h ^ s.size();
}
static u64 hc(const char *s) { return hs(std::string(s)); }
static u64 hv(const std::vector<u64> &v) {
  u64 h = v.size();
  for (u64 x : v) h = mix(h, x);
  return h;
}
''' + HASHES + r'''
struct FuzzErr {
  u64 code;
};
struct Pt {
  u64 x, y;
};
struct Big {
  u64 a[10];
  double d;
};
static u64 hb(const Big &b) { return hsa(b.a, 10) ^ hd(b.d); }
// non-trivial destructor: adds to a global atomic (commutative)
struct Trk {
  u64 v;
  explicit Trk(u64 v) : v(v) { g_live.fetch_add(1); }
  Trk(const Trk &o) : v(o.v) { g_live.fetch_add(1); }
  Trk &operator=(const Trk &o) { v = o.v; return *this; }
  ~Trk() {
    g_trk.fetch_add(v * 3 + 1);
    g_live.fetch_sub(1);
  }
};
// non-trivial destructor: adds to the function's own checksum `sink`
struct Guard {
  u64 *sink;
  u64 v;
  ~Guard() { *sink = *sink * 31 + v; }
};'''


PRELUDE_C = r'''#include <alloca.h>
#include <math.h>
#include <stdalign.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

// sprig_cancel() / sprig_cancelled() (sprig/cancel.h); the serial elision cancels nothing.
// The programs never let a result depend on a cancel: fz_seen is never printed.
#if defined(__SPRIG__)
#include <sprig/cancel.h>
#else
static inline void sprig_cancel(void) {}
static inline int sprig_cancelled(void) { return 0; }
#endif

typedef unsigned long long u64;

// sprig_dprand() (sprig/rng.h, included only by programs that draw: it turns on the
// pedigree at every spawn). The draws go into fz_dp, an order-free sum, printed last
// ("DP <hex>", at exit): run.py compares it across the parallel runs, not with the serial
// elision (which cannot see the spawn tree and draws nothing here).
#if defined(__SPRIG__) && FZ_DRAWS
#include <sprig/rng.h>
#define FZ_DPRAND() ((unsigned long long)sprig_dprand())
#else
#define FZ_DPRAND() 0ULL
#endif

static _Atomic unsigned fz_seen = 0;
static _Atomic u64 fz_dp = 0;
#if FZ_DRAWS
__attribute__((destructor)) static void fz_dp_print(void) { printf("DP %llx\n", (u64)fz_dp); }
#endif
static _Atomic u64 g_acc = 0;
static _Atomic u64 g_acc2 = 0;
static const char g_text[32] = "abcdefghijklmnopqrstuvwxyz01234";
static const char *const g_words[4] = {"one", "three", "fifteen", ""};

''' + MIX + r'''static u64 hc(const char *s) {
  u64 h = 1469598103934665603ULL, n = 0;
  for (; *s; ++s, ++n) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
  return h ^ n;
}
''' + HASHES + r'''
typedef struct {
  u64 x, y;
} Pt;
typedef struct {
  u64 a[10];
  double d;
} Big;
static u64 hb(Big b) { return hsa(b.a, 10) ^ hd(b.d); }

// The reducers' monoid: affine maps x -> a*x + b (mod 2^64) under composition, associative
// but not commutative, so a view merged out of serial order gives another value.
typedef struct {
  u64 a, b;
} Rd;
static void rd_id(void *v) {
  ((Rd *)v)->a = 1;
  ((Rd *)v)->b = 0;
}
// left := left then right
static void rd_red(void *l, void *r) {
  Rd *L = (Rd *)l;
  const Rd *R = (const Rd *)r;
  L->b = R->a * L->b + R->b;
  L->a = R->a * L->a;
}
static inline void rd_app(Rd *r, u64 k, u64 v) {
  r->b = r->b * k + v;
  r->a *= k;
}
static u64 hrd(Rd r) { return mix(r.a, r.b); }
[[sprig::reducer(rd_id, rd_red)]] Rd g_red = {1, 0};'''


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('seed', type=int, nargs='?')
    ap.add_argument('--avoid', default='', help='comma-separated feature names to leave out')
    ap.add_argument('--lang', default='c++', choices=['c++', 'c'],
                    help='the language of the program (default c++)')
    ap.add_argument('--list-features', action='store_true',
                    help='the features and their languages (c++, c or both); with --lang, '
                         'only those of that language')
    a = ap.parse_args()
    if a.list_features:
        given = any(x == '--lang' or x.startswith('--lang=') for x in sys.argv[1:])
        for k, v in FEATURES.items():
            if not given or lang_of(k) in ('both', a.lang):
                print('%-28s %-5s %s' % (k, lang_of(k), v))
        return
    if a.seed is None:
        ap.error('a seed is required')
    avoid = [x for x in a.avoid.split(',') if x]
    for x in avoid:
        if x not in FEATURES:
            sys.exit('gen.py: unknown feature %r (--list-features)' % x)
    sys.stdout.write(Gen(a.seed, avoid, a.lang).program())


if __name__ == '__main__':
    main()
