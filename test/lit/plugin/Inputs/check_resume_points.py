#!/usr/bin/env python3
"""check_resume_points.py FILE.s...

The invariant return-address continuations rely on (docs/design.md, "Continuations"):
at the return address of a resume-point call -- a spawn helper (`*.sprig.spawn.N`) or
__sprig_sync_capture -- nothing is live in registers but %rbp and %rsp, and nothing in
the flags. A thief enters there with only those two set (and %rsp on another stack), so
the code after the call must read every value from memory first.

For each such call in x86-64 AT&T assembly from clang -S, the straight-line code after it
is scanned (through fall-through labels and conditional branches, up to the next call,
unconditional jump or return): every register it reads must have been written after the
call, %rbp, %rsp and %rip aside, and a flag reader (jcc, setcc, cmovcc, adc, sbb) must
follow a flag writer. The scan is conservative about writes (an instruction's last
register operand is written, and also read unless the mnemonic is a pure write; the
implicit operands of mul, div and the sign extensions of %rax are known), so a violation
it reports is real; it can miss other implicit reads.

Prints one line per call checked and "resume points: N checked, M violations"; exits 1
on a violation or when no resume point was found.
"""
import re
import sys

FAMILIES = {}
for n in "abcd":
    for r in (f"r{n}x", f"e{n}x", f"{n}x", f"{n}l", f"{n}h"):
        FAMILIES[r] = f"r{n}x"
for n in ("si", "di", "bp", "sp"):
    for r in (f"r{n}", f"e{n}", n, f"{n}l"):
        FAMILIES[r] = f"r{n}"
for i in range(8, 16):
    for r in (f"r{i}", f"r{i}d", f"r{i}w", f"r{i}b"):
        FAMILIES[r] = f"r{i}"
for i in range(32):
    for k in ("xmm", "ymm", "zmm"):
        FAMILIES[f"{k}{i}"] = f"xmm{i}"
FAMILIES["rip"] = "rip"
ALWAYS_LIVE = {"rbp", "rsp", "rip"}

PURE_WRITE = re.compile(r"^(mov|lea|set|pop|cvt|vmov|vcvt|vbroadcast|pxor|xorps|xorpd)")
ZERO_IDIOM = re.compile(r"^(xor|sub|pxor|xorps|xorpd|vpxor|vxorps)")
FLAG_READER = re.compile(r"^(j(?!mp)[a-z]+|set[a-z]+|cmov[a-z]+|adc|sbb)")
FLAG_WRITER = re.compile(
    r"^(add|sub|and|or|xor|cmp|test|inc|dec|neg|sh[lr]|sa[lr]|ro[lr]|imul|mul|bt|"
    r"ucomis|comis|vucomis|vcomis|lock)")
RESUME_CALL = re.compile(r"^\s*callq?\s+(\S*\.sprig\.spawn\.\d+|\*__sprig_sync_capture@)")
STOP = re.compile(r"^(call|jmp|ret|ud2)")
REG = re.compile(r"%([a-z0-9]+)")


def split_operands(s):
    out, depth, cur = [], 0, ""
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        if ch == "," and depth == 0:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    if cur.strip():
        out.append(cur.strip())
    return out


def family(name):
    return FAMILIES.get(name)


def check_after(lines, start, where):
    """Scan from lines[start]; return a list of violation strings."""
    written, flags_ok, bad = set(), False, []
    for ln in lines[start:]:
        code = ln.split("#", 1)[0].strip()
        if not code or code.endswith(":") or code.startswith("."):
            continue  # blank, comment, label (fall-through), directive
        parts = code.split(None, 1)
        mnem, ops = parts[0], split_operands(parts[1]) if len(parts) > 1 else []
        if STOP.match(mnem):
            break
        if FLAG_READER.match(mnem) and not flags_ok:
            bad.append(f"{where}: '{code}' reads flags not set since the call")
        reads, writes = set(), set()
        if (len(ops) == 2 and ZERO_IDIOM.match(mnem) and ops[0] == ops[1] and
                ops[0].startswith("%")):
            written.add(family(ops[0][1:]))  # xor %r, %r: a write only
            if FLAG_WRITER.match(mnem):
                flags_ok = True
            continue
        # Implicit operands of the common ones: one-operand mul/imul/div/idiv (rdx:rax),
        # the sign extensions of rax.
        if re.match(r"^i?(mul|div)[bwlq]?$", mnem) and len(ops) == 1:
            reads.add("rax")
            if "div" in mnem:
                reads.add("rdx")
            writes.update(("rax", "rdx"))
        elif mnem in ("cqto", "cltd", "cwtd"):
            reads.add("rax")
            writes.add("rdx")
        elif mnem in ("cltq", "cwtl", "cbtw"):
            reads.add("rax")
            writes.add("rax")
        pure = PURE_WRITE.match(mnem) or (mnem.startswith("imul") and len(ops) == 3)
        for k, op in enumerate(ops):
            regs = [family(r) for r in REG.findall(op)]
            regs = [r for r in regs if r]
            if "(" in op:
                reads.update(regs)  # address registers
            elif k == len(ops) - 1 and regs:
                writes.update(regs)
                if not pure:
                    reads.update(regs)
            else:
                reads.update(regs)
        for r in sorted(reads - written - ALWAYS_LIVE):
            bad.append(f"{where}: '{code}' reads %{r}, not written since the call")
        written |= writes
        if FLAG_WRITER.match(mnem):
            flags_ok = True
    return bad


def main():
    checked, violations = 0, []
    for path in sys.argv[1:]:
        with open(path) as f:
            lines = f.read().splitlines()
        func = "?"
        for i, ln in enumerate(lines):
            m = re.match(r"^([A-Za-z_][\w.$]*):", ln)
            if m:
                func = m.group(1)
            if RESUME_CALL.match(ln):
                checked += 1
                where = f"{path}:{i + 1} ({func}, after '{ln.strip()}')"
                bad = check_after(lines, i + 1, where)
                violations += bad
                print(f"checked {func}: {ln.strip()}: {'ok' if not bad else 'VIOLATION'}")
    for v in violations:
        print("violation:", v)
    print(f"resume points: {checked} checked, {len(violations)} violations")
    return 1 if violations or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
