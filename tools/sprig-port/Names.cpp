// The name conversions: Cilk headers, the reducer library's types (OpenCilk's and Cilk
// Plus's cilk::reducer<cilk::op_*>, Cilk Plus's cilk::reducer_op*), the legacy reducer
// wrappers' operators on variables declared in the file, and the runtime functions
// (__cilkrts_*). Cilk Plus's C reducer macros are leftovers.
#include "Tokens.h"

#include <map>
#include <set>

using namespace clang;

namespace sprigport {

// <cilk/X> -> <sprig/Y>, or "" when there is no equivalent.
static std::string mapHeader(llvm::StringRef x) {
  if (x == "cilk.h" || x == "cilk_api.h" || x == "cilk_stub.h")
    return "sprig/sprig.h";
  if (x.starts_with("reducer") || x.ends_with("_reducer.h"))
    return "sprig/reducer.h";
  return "";
}

static void convertIncludes(Source &src) {
  std::set<std::string> have;
  for (const Directive &d : src.dirs)
    if (d.toks.size() >= 3 && d.toks[1].isIdent("include")) {
      std::string h = src.text.substr(d.toks[2].begin, d.end - d.toks[2].begin);
      if (h.size() > 2 && (h.rfind("<sprig/", 0) == 0 || h.rfind("\"sprig/", 0) == 0))
        have.insert(h.substr(1, h.size() - 2));
    }
  for (const Directive &d : src.dirs) {
    if (d.toks.size() < 3 ||
        !(d.toks[1].isIdent("include") || d.toks[1].isIdent("include_next")))
      continue;
    std::string h = src.text.substr(d.toks[2].begin, d.end - d.toks[2].begin);
    if (h.size() < 8 || !(h.rfind("<cilk/", 0) == 0 || h.rfind("\"cilk/", 0) == 0))
      continue;
    std::string file = h.substr(6, h.size() - 7);
    std::string to = mapHeader(file);
    if (file == "cilkscale.h") {
      src.leftover(d.begin, "#include " + h +
                                ": Cilkscale's probes are Sprig's "
                                "sprig::scale::probe (<sprig/scale.h>, "
                                "sprig++ --scale, docs/scale.md)");
      continue;
    }
    if (to.empty()) {
      src.leftover(d.begin, "#include " + h +
                                ": Sprig has no such header; remove it and "
                                "convert what it provided by hand");
      continue;
    }
    if (have.count(to)) {
      src.replace(d.lineBegin, d.lineEnd, "");  // a duplicate after the mapping
      continue;
    }
    have.insert(to);
    src.replace(d.toks[2].begin, d.end, "<" + to + ">");
  }
}

// cilk::reducer_opadd<T> and its kind: the Sprig monoid, and whether it takes the
// template arguments of the old name.
struct Legacy {
  const char *monoid;
  bool templated;
};
static const std::map<std::string, Legacy> &legacyReducers() {
  static const std::map<std::string, Legacy> m = {
      {"reducer_opadd", {"op_add", true}},
      {"reducer_opmul", {"op_mul", true}},
      {"reducer_opand", {"op_and", true}},
      {"reducer_opor", {"op_or", true}},
      {"reducer_opxor", {"op_xor", true}},
      {"reducer_min", {"op_min", true}},
      {"reducer_max", {"op_max", true}},
      {"reducer_list_append", {"op_list_append", true}},
      {"reducer_list_prepend", {"op_list_prepend", true}},
      {"reducer_basic_string", {"op_basic_string", true}},
      {"reducer_vector", {"op_vector", true}},
      {"reducer_string", {"op_string", false}},
      {"reducer_wstring", {"op_basic_string<wchar_t>", false}},
  };
  return m;
}

// Names in namespace cilk with the same name in namespace sprig.
static bool sameInSprig(llvm::StringRef x) {
  static const std::set<std::string> s = {
      "reducer",         "op_add",    "op_mul",   "op_min",         "op_max",
      "op_and",          "op_or",     "op_xor",   "op_list_append", "op_list_prepend",
      "op_basic_string", "op_string", "op_vector"};
  return s.count(x.str());
}

static std::string reasonFor(llvm::StringRef x) {
  if (x.ends_with("_reducer") || x == "holder" || x.starts_with("hyperobject"))
    return "cilk::" + x.str() +
           " is a hyperobject (holder) type Sprig does not have: "
           "declare the variable [[sprig::reducer(identity, reduce)]] T x with your own "
           "void(void *) identity and void(void *, void *) reduce, or use "
           "sprig::reducer<sprig::op_...<T>> and *x (docs/porting.md)";
  if (x == "op_wstring")
    return "";
  if (x == "monoid_base")
    return "a Cilk Plus monoid: derive from sprig::monoid_base<T> with static "
           "reduce(T *left, T *right) and identity(T *) (docs/reducers.md)";
  return "cilk::" + x.str() + " has no Sprig equivalent: convert it by hand";
}

static bool isCilkName(const std::vector<Tok> &toks, size_t i) {
  return toks[i].isIdent("cilk") && i + 2 < toks.size() &&
         toks[i + 1].is(tok::coloncolon) && toks[i + 2].is(tok::raw_identifier);
}

// A variable declared with an old reducer name: its name, its declaration's token, and
// the tokens where that declaration is in scope.
struct LegacyVar {
  std::string name;
  size_t decl, from, to;
};

// The scope of the declaration at toks[d]: to the end of the enclosing block; for a
// parameter, the function's body; at namespace scope, the rest of the file.
static LegacyVar legacyScope(const std::vector<Tok> &toks, size_t d) {
  LegacyVar v{toks[d].text.str(), d, d, toks.size()};
  int depth = 0;
  for (size_t k = d; k-- > 0;) {
    if (isClose(toks[k])) {
      ++depth;
    } else if (isOpen(toks[k]) && depth-- == 0) {
      size_t c = matchForward(toks, k);
      if (c == npos)
        return v;
      if (toks[k].is(tok::l_paren)) {  // a parameter: the body after the ')'
        size_t b = c + 1;
        while (b < toks.size() && !toks[b].is(tok::l_brace) && !toks[b].is(tok::semi))
          ++b;
        size_t e = b < toks.size() && toks[b].is(tok::l_brace) ? matchForward(toks, b) : c;
        v.to = e == npos ? toks.size() : e;
      } else {
        v.to = c;
      }
      return v;
    }
  }
  return v;
}

static void convertLegacyUses(Source &src, const std::vector<LegacyVar> &vars) {
  const std::vector<Tok> &toks = src.toks;
  for (size_t i = 0; i < toks.size(); ++i) {
    const Tok &t = toks[i];
    if (t.kind != tok::raw_identifier)
      continue;
    bool in = false;
    for (const LegacyVar &v : vars)
      if (v.name == t.text && i > v.decl && i >= v.from && i < v.to)
        in = true;
    if (!in)
      continue;
    if (i > 0 && (toks[i - 1].is(tok::period) || toks[i - 1].is(tok::arrow) ||
                  toks[i - 1].is(tok::coloncolon)))
      continue;
    if (i + 1 >= toks.size())
      continue;
    const Tok &n = toks[i + 1];
    bool pre = i > 0 && (toks[i - 1].is(tok::plusplus) || toks[i - 1].is(tok::minusminus));
    if (isCompoundAssign(n) || pre) {
      src.insert(t.begin, "*");
    } else if (n.is(tok::plusplus) || n.is(tok::minusminus)) {
      src.insert(t.begin, "(*");
      src.insert(t.end, ")");
    } else if (n.is(tok::period) && i + 2 < toks.size() &&
               toks[i + 2].is(tok::raw_identifier)) {
      llvm::StringRef m = toks[i + 2].text;
      if (m == "get_value" || m == "set_value" || m == "move_in" || m == "move_out")
        continue;
      if (m == "get_reference") {
        src.replaceTok(toks[i + 2], "view");
      } else if (m == "calc_min" || m == "calc_max") {
        src.leftover(t.begin, t.text.str() + "." + m.str() + "(v): write *" + t.text.str() +
                                  " = std::" + m.substr(5).str() + "(*" + t.text.str() +
                                  ", v) (Sprig's op_min/op_max reducers have no calc_*)");
      } else {
        src.replaceTok(n, "->");  // a method of the view: r.push_back(x) -> r->push_back(x)
      }
    }
  }
}

static void convertReducerTypes(Source &src) {
  const std::vector<Tok> &toks = src.toks;
  std::vector<LegacyVar> legacyVars;
  for (size_t i = 0; i < toks.size(); ++i) {
    if (!isCilkName(toks, i))
      continue;
    const Tok &cilk = toks[i], &name = toks[i + 2];
    llvm::StringRef x = name.text;
    if (sameInSprig(x)) {
      src.replaceTok(cilk, "sprig");
      continue;
    }
    if (x == "op_wstring") {
      src.replace(cilk.begin, name.end, "sprig::op_basic_string<wchar_t>");
      continue;
    }
    auto l = legacyReducers().find(x.str());
    if (l == legacyReducers().end()) {
      src.leftover(cilk.begin, reasonFor(x));
      continue;
    }
    size_t after;  // the token after the type
    if (l->second.templated) {
      if (i + 3 >= toks.size() || !toks[i + 3].is(tok::less)) {
        src.leftover(cilk.begin, "cilk::" + x.str() +
                                     " without template arguments: "
                                     "convert it by hand");
        continue;
      }
      AngleClose c = matchAngle(toks, i + 3);
      if (c.tok == npos) {
        src.leftover(cilk.begin, "cilk::" + x.str() +
                                     " with template arguments that "
                                     "cannot be parsed: convert it by hand");
        continue;
      }
      src.replace(cilk.begin, name.end,
                  std::string("sprig::reducer<sprig::") + l->second.monoid);
      src.insert(c.offset, ">");
      after = c.offset == toks[c.tok].end ? c.tok + 1 : npos;
    } else {
      src.replace(cilk.begin, name.end,
                  std::string("sprig::reducer<sprig::") + l->second.monoid + ">");
      after = i + 3;
    }
    // A variable (or reference parameter) of the legacy type: its wrapper operators.
    if (after != npos && after < toks.size() && toks[after].is(tok::amp))
      ++after;
    if (after != npos && after + 1 < toks.size() && toks[after].is(tok::raw_identifier) &&
        !toks[after + 1].is(tok::coloncolon)) {
      legacyVars.push_back(legacyScope(toks, after));
    }
  }
  convertLegacyUses(src, legacyVars);
}

static void convertRuntimeAndMacros(Source &src) {
  for (const Tok &t : src.toks) {
    if (t.kind != tok::raw_identifier)
      continue;
    llvm::StringRef w = t.text;
    if (w == "__cilkrts_get_nworkers" || w == "__cilkrts_get_total_workers") {
      src.replaceTok(t, "sprig_nworkers");
    } else if (w == "__cilkrts_get_worker_number") {
      src.replaceTok(t, "sprig_worker_id");
    } else if (w == "__cilkrts_set_param") {
      src.leftover(t.begin,
                   "__cilkrts_set_param: set the worker count with SPRIG_NWORKERS=N "
                   "in the environment, or call sprig_set_nworkers(N) "
                   "(<sprig/sprig.h>) before the first spawn");
    } else if (w.starts_with("__cilkrts_")) {
      src.leftover(t.begin, w.str() + ": no Sprig equivalent (<sprig/sprig.h> has "
                                      "sprig_nworkers, sprig_worker_id, "
                                      "sprig_set_nworkers)");
    } else if (w.starts_with("CILK_C_") || w == "REDUCER_VIEW") {
      src.leftover(t.begin, w.str() + ": a Cilk Plus C reducer macro; Sprig has no C "
                                      "reducer header yet: in C++ use "
                                      "sprig::reducer<sprig::op_...<T>> or "
                                      "[[sprig::reducer(identity, reduce)]] T x");
    }
  }
}

void convertNames(Source &src) {
  convertIncludes(src);
  convertReducerTypes(src);
  convertRuntimeAndMacros(src);
}

}  // namespace sprigport
