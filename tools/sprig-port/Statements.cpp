// The statement conversions: cilk_spawn, cilk_sync, cilk_for (with its grainsize
// pragma), cilk_scope, and OpenCilk reducer variables (T cilk_reducer(I, R) x), in both
// spellings (cilk_* macros and the _Cilk_* / _Hyperobject keywords).
#include "Tokens.h"

#include <map>

using namespace clang;

namespace sprigport {

static bool isSpawn(const Tok &t) {
  return t.isIdent("cilk_spawn") || t.isIdent("_Cilk_spawn");
}
static bool isSync(const Tok &t) {
  return t.isIdent("cilk_sync") || t.isIdent("_Cilk_sync");
}
static bool isFor(const Tok &t) { return t.isIdent("cilk_for") || t.isIdent("_Cilk_for"); }
static bool isScope(const Tok &t) {
  return t.isIdent("cilk_scope") || t.isIdent("_Cilk_scope");
}
static bool isReducer(const Tok &t) {
  return t.isIdent("cilk_reducer") || t.isIdent("_Hyperobject");
}

static std::string kw(const Tok &t) { return t.text.str(); }

// Does toks[b..e) hold a '=' or ',' outside brackets and template arguments?
static bool hasTopLevelAssignOrComma(const std::vector<Tok> &toks, size_t b, size_t e) {
  int angle = 0;
  for (size_t k = b; k < e; ++k) {
    const Tok &t = toks[k];
    if (t.is(tok::l_paren) || t.is(tok::l_square) || t.is(tok::l_brace)) {
      size_t c = matchForward(toks, k);
      if (c == npos || c >= e)
        return true;
      k = c;
    } else if (t.is(tok::less)) {
      ++angle;
    } else if (t.is(tok::greater)) {
      --angle;
    } else if (t.is(tok::greatergreater)) {
      angle -= 2;
    } else if (angle <= 0 &&
               (t.is(tok::equal) || t.is(tok::comma) || isCompoundAssign(t))) {
      return true;
    }
  }
  return false;
}

static void convertSpawn(Source &src, size_t i) {
  const std::vector<Tok> &toks = src.toks;
  const Tok &sp = toks[i];
  const std::string k = kw(sp);
  if (i + 1 >= toks.size()) {
    src.leftover(sp.begin, k + " at the end of the file: nothing to spawn");
    return;
  }
  if (toks[i + 1].is(tok::l_brace)) {
    // A spawned block; what it may not contain (a spawn of its own, a return, ...)
    // sprig++ reports, naming the fix (docs/forms.md).
    src.replaceTok(sp, "[[sprig::spawn]]");
    return;
  }
  StmtStart s = findStatementStart(toks, i);
  if (s.nested) {
    src.leftover(sp.begin, k + " inside an expression (an argument, a condition, a for "
                               "header, an operand of ?:): Sprig spawns whole "
                               "statements; spawn into a variable first: "
                               "[[sprig::spawn]] T x = f(args);");
    return;
  }
  if (s.start < i) {
    const Tok &last = toks[i - 1];
    if (last.isIdent("return")) {
      src.leftover(sp.begin, "return " + k +
                                 " f(): Sprig does not spawn a return (it "
                                 "would wait for the child at once); write "
                                 "r = f(args); and return r after the sync");
      return;
    }
    // x = cilk_spawn f(); and x op= cilk_spawn f(); (any compound assignment: the
    // update runs in the child when the call returns, as in OpenCilk).
    if (!(last.is(tok::equal) || isCompoundAssign(last)) ||
        hasTopLevelAssignOrComma(toks, s.start, i - 1)) {
      src.leftover(sp.begin, k + " inside an expression: Sprig spawns only f(args);, "
                                 "x = f(args);, x op= f(args); and T x = f(args); spawn "
                                 "into a variable and use it after the sync");
      return;
    }
  }
  for (size_t k2 = s.start; k2 + 1 < i; ++k2)
    if (toks[k2].isIdent("auto") &&
        (toks[k2 + 1].is(tok::l_square) ||
         ((toks[k2 + 1].is(tok::amp) || toks[k2 + 1].is(tok::ampamp)) && k2 + 2 < i &&
          toks[k2 + 2].is(tok::l_square)))) {
      src.leftover(sp.begin, "a spawn into structured bindings (auto [a, b] = " + k +
                                 " f()): the bindings are not variables of their own; "
                                 "spawn into auto t = f(args) and unpack it after the "
                                 "sync");
      return;
    }
  size_t close = parseCall(toks, i + 1);
  if (close == npos) {
    src.leftover(sp.begin, k + " of an expression that is not a call: Sprig spawns "
                               "calls only; compute it directly, or spawn a call that "
                               "computes it");
    return;
  }
  if (close + 1 >= toks.size() || !toks[close + 1].is(tok::semi)) {
    src.leftover(sp.begin, k + " of a call inside a larger expression: Sprig spawns the "
                               "call alone; spawn it into a variable and combine after "
                               "the sync");
    return;
  }
  const Tok &first = toks[s.start];
  if (s.braceless)
    src.insert(first.begin, "{ ");
  if (s.start == i) {
    src.replaceTok(sp, "[[sprig::spawn]]");
  } else {
    src.insert(first.begin, "[[sprig::spawn]] ");
    src.eraseTokAndBlanks(sp);
  }
  if (s.braceless)
    src.insert(toks[close + 1].end, " }");
}

static void convertSync(Source &src, size_t i) {
  const std::vector<Tok> &toks = src.toks;
  const Tok &t = toks[i];
  StmtStart s = findStatementStart(toks, i);
  if (s.nested || s.start != i || i + 1 >= toks.size() || !toks[i + 1].is(tok::semi)) {
    src.leftover(t.begin, kw(t) + " not as a statement of its own: write " + kw(t) +
                              "; as a statement");
    return;
  }
  if (s.braceless)
    src.insert(t.begin, "{ ");
  src.replaceTok(t, "[[sprig::sync]]");
  if (s.braceless)
    src.insert(toks[i + 1].end, " }");
}

static void convertFor(Source &src, size_t i, const std::string *grain) {
  const std::vector<Tok> &toks = src.toks;
  const Tok &t = toks[i];
  const std::string k = kw(t);
  if (i + 1 >= toks.size() || !toks[i + 1].is(tok::l_paren)) {
    src.leftover(t.begin, k + " without a header: convert the loop by hand");
    return;
  }
  size_t close = matchForward(toks, i + 1);
  if (close == npos || close + 1 >= toks.size()) {
    src.leftover(t.begin, k + " whose header or body cannot be parsed: convert the loop "
                              "by hand");
    return;
  }
  // The header's top-level ';' and ':'.
  std::vector<size_t> semis;
  bool colon = false;
  for (size_t k2 = i + 2; k2 < close; ++k2) {
    if (isOpen(toks[k2])) {
      k2 = matchForward(toks, k2);
      continue;
    }
    if (toks[k2].is(tok::semi))
      semis.push_back(k2);
    if (toks[k2].is(tok::colon))
      colon = true;
  }
  if (semis.size() != 2) {
    src.leftover(t.begin, colon ? k + " over a range: Sprig's parallel loop is not "
                                      "range-based; iterate over an index or iterator: "
                                      "for (long i = 0; i < n; ++i)"
                                : k + " whose header cannot be parsed: convert the loop "
                                      "by hand");
    return;
  }
  // The init must declare the loop variable: at least a type and a name before '='.
  size_t initB = i + 2, initE = semis[0];
  size_t eq = npos;
  for (size_t k2 = initB; k2 < initE; ++k2)
    if (toks[k2].is(tok::equal) || toks[k2].is(tok::l_paren) || toks[k2].is(tok::l_brace)) {
      eq = k2;
      break;
    }
  if (eq == npos || eq - initB < 2) {
    src.leftover(t.begin, k +
                              " without a loop variable declared in its header: Sprig's "
                              "parallel loop owns its variable; declare it there: " +
                              k + " (long i = 0; ...)");
    return;
  }
  if (hasTopLevelAssignOrComma(toks, eq + 1, initE) || [&] {
        for (size_t k2 = initB; k2 < eq; ++k2)
          if (toks[k2].is(tok::comma))
            return true;
        return false;
      }()) {
    src.leftover(t.begin, k + " with more than one variable in its header: Sprig's "
                              "parallel loop has one; compute the others from it in the "
                              "body");
    return;
  }
  std::string attr = "[[sprig::parallel_for]] ";
  if (grain)
    attr += "[[sprig::grainsize(" + *grain + ")]] ";
  src.replaceTok(t, attr + "for");
}

static void convertReducer(Source &src, size_t i) {
  const std::vector<Tok> &toks = src.toks;
  const Tok &t = toks[i];
  const std::string k = kw(t);
  const std::string why =
      "a hyperobject type (" + k +
      " in a typedef, alias, pointer, parameter or template "
      "argument): Sprig's [[sprig::reducer(I, R)]] goes on a variable only; declare the "
      "variable with it, or use sprig::reducer<Monoid> (docs/reducers.md)";
  if (i + 1 >= toks.size() || !toks[i + 1].is(tok::l_paren)) {
    src.leftover(t.begin, why);
    return;
  }
  size_t close = matchForward(toks, i + 1);
  if (close == npos || close + 2 >= toks.size() || close == i + 2) {
    src.leftover(t.begin, why);
    return;
  }
  const Tok &name = toks[close + 1], &after = toks[close + 2];
  StmtStart s = findStatementStart(toks, i);
  bool ok = name.is(tok::raw_identifier) && !s.nested && s.start < i &&
            (after.is(tok::semi) || after.is(tok::equal) || after.is(tok::l_brace) ||
             after.is(tok::l_paren) || after.is(tok::l_square));
  for (size_t k2 = s.start; ok && k2 < i; ++k2)
    if (toks[k2].isIdent("typedef") || toks[k2].isIdent("using") ||
        toks[k2].isIdent("template") || toks[k2].is(tok::star) || toks[k2].is(tok::amp))
      ok = false;
  if (!ok) {
    src.leftover(t.begin, why);
    return;
  }
  std::string args =
      src.text.substr(toks[i + 2].begin, toks[close - 1].end - toks[i + 2].begin);
  src.insert(toks[s.start].begin, "[[sprig::reducer(" + args + ")]] ");
  src.replace(t.begin, name.begin, "");
}

// '#pragma cilk ...': a grainsize before a cilk_for becomes [[sprig::grainsize(N)]] and
// the line goes; anything else is a leftover. Cilk names in other directives (macros,
// conditions on __cilk) are leftovers too. Returns the grainsize for each cilk_for.
static std::map<size_t, std::string> convertDirectives(Source &src) {
  std::map<size_t, std::string> grains;
  for (const Directive &d : src.dirs) {
    if (d.toks.size() < 2)
      continue;
    const Tok &name = d.toks[1];
    if (name.isIdent("include") || name.isIdent("include_next") || name.isIdent("import"))
      continue;  // Names.cpp
    if (name.isIdent("pragma") && d.toks.size() >= 3 && d.toks[2].isIdent("cilk")) {
      size_t b = 4;
      if (d.toks.size() >= 4 && d.toks[3].isIdent("grainsize")) {
        if (b < d.toks.size() && d.toks[b].is(tok::equal))
          ++b;
        size_t e = d.toks.size();
        if (b + 1 < e && d.toks[b].is(tok::l_paren) && d.toks[e - 1].is(tok::r_paren) &&
            matchForward(d.toks, b) == e - 1) {
          ++b;
          --e;
        }
        if (b < e && d.nextTok < src.toks.size() && isFor(src.toks[d.nextTok])) {
          grains[d.nextTok] =
              src.text.substr(d.toks[b].begin, d.toks[e - 1].end - d.toks[b].begin);
          src.replace(d.lineBegin, d.lineEnd, "");
          continue;
        }
        src.leftover(d.begin, "#pragma cilk grainsize not directly before a cilk_for (or "
                              "without a value): put [[sprig::grainsize(N)]] after "
                              "[[sprig::parallel_for]] on the loop by hand");
        continue;
      }
      src.leftover(d.begin,
                   "#pragma cilk " +
                       (d.toks.size() >= 4 ? d.toks[3].text.str() : std::string()) +
                       ": Sprig has no equivalent; remove it");
      continue;
    }
    for (const Tok &t : d.toks) {
      llvm::StringRef w = t.text;
      if (t.is(tok::raw_identifier) &&
          (w.starts_with("cilk_") || w.starts_with("_Cilk_") || w == "_Hyperobject" ||
           w.starts_with("__cilk") || w == "cilk")) {
        src.leftover(d.begin, "Cilk names in a preprocessor directive (" + w.str() +
                                  "): sprig-port converts code, not macros or "
                                  "conditions; convert this directive by hand (Sprig "
                                  "defines no __cilk)");
        break;
      }
    }
  }
  return grains;
}

void convertStatements(Source &src) {
  std::map<size_t, std::string> grains = convertDirectives(src);
  for (size_t i = 0; i < src.toks.size(); ++i) {
    const Tok &t = src.toks[i];
    if (t.kind != tok::raw_identifier)
      continue;
    if (isSpawn(t)) {
      convertSpawn(src, i);
    } else if (isSync(t)) {
      convertSync(src, i);
    } else if (isFor(t)) {
      auto g = grains.find(i);
      convertFor(src, i, g == grains.end() ? nullptr : &g->second);
    } else if (isScope(t)) {
      if (i + 1 < src.toks.size() && src.toks[i + 1].is(tok::l_brace))
        src.replaceTok(t, "[[sprig::scope]]");
      else
        src.leftover(t.begin, kw(t) + " not before a block: write " + kw(t) +
                                  " { ... } around the statements it waits for");
    } else if (isReducer(t)) {
      convertReducer(src, i);
    } else if (t.text.starts_with("_Cilk_")) {
      src.leftover(t.begin, kw(t) + ": a Cilk keyword sprig-port does not convert; "
                                    "convert it by hand (docs/porting.md)");
    }
  }
}

}  // namespace sprigport
