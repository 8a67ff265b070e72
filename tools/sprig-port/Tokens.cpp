// Token-level helpers: brackets, statement starts, call expressions (Tokens.h).
#include "Tokens.h"

using namespace clang;

namespace sprigport {

bool isOpen(const Tok &t) {
  return t.is(tok::l_paren) || t.is(tok::l_square) || t.is(tok::l_brace);
}
bool isClose(const Tok &t) {
  return t.is(tok::r_paren) || t.is(tok::r_square) || t.is(tok::r_brace);
}

size_t matchForward(const std::vector<Tok> &toks, size_t i) {
  int depth = 0;
  for (size_t k = i; k < toks.size(); ++k) {
    if (isOpen(toks[k]))
      ++depth;
    else if (isClose(toks[k]) && --depth == 0)
      return k;
  }
  return npos;
}

size_t matchBackward(const std::vector<Tok> &toks, size_t i) {
  int depth = 0;
  for (size_t k = i + 1; k-- > 0;) {
    if (isClose(toks[k]))
      ++depth;
    else if (isOpen(toks[k]) && --depth == 0)
      return k;
  }
  return npos;
}

static bool isHeaderKeyword(const Tok &t) {
  return t.isIdent("if") || t.isIdent("for") || t.isIdent("while") || t.isIdent("switch") ||
         t.isIdent("cilk_for") || t.isIdent("_Cilk_for");
}

StmtStart findStatementStart(const std::vector<Tok> &toks, size_t i) {
  StmtStart s;
  size_t j = i;
  while (j > 0) {
    const Tok &t = toks[j - 1];
    if (t.is(tok::r_paren) || t.is(tok::r_square)) {
      size_t o = matchBackward(toks, j - 1);
      if (o == npos)
        break;
      if (t.is(tok::r_paren) && o > 0 &&
          (isHeaderKeyword(toks[o - 1]) ||
           (o > 1 && toks[o - 1].isIdent("constexpr") && toks[o - 2].isIdent("if")))) {
        s.start = j;
        s.braceless = true;
        return s;
      }
      j = o;
      continue;
    }
    if (t.is(tok::l_paren) || t.is(tok::l_square)) {
      s.start = j;
      s.nested = true;
      return s;
    }
    if (t.is(tok::colon)) {
      // A label's or a case's ':' ends the statement before; a conditional operator's
      // (c ? a : b) or a range-based for's does not.
      StmtStart outer = findStatementStart(toks, j - 1);
      bool conditional = outer.nested;
      for (size_t k = outer.start; !conditional && k + 1 < j; ++k) {
        if (toks[k].is(tok::l_paren) || toks[k].is(tok::l_square) ||
            toks[k].is(tok::l_brace)) {
          size_t c = matchForward(toks, k);
          if (c == npos || c >= j - 1)
            break;
          k = c;
        } else if (toks[k].is(tok::question)) {
          conditional = true;
        }
      }
      s.start = j;
      s.nested = conditional;
      return s;
    }
    if (t.is(tok::semi) || t.is(tok::l_brace) || t.is(tok::r_brace)) {
      s.start = j;
      return s;
    }
    if (t.isIdent("else") || t.isIdent("do")) {
      s.start = j;
      s.braceless = true;
      return s;
    }
    --j;
  }
  s.start = 0;
  return s;
}

AngleClose matchAngle(const std::vector<Tok> &toks, size_t i) {
  AngleClose r;
  int depth = 0;
  for (size_t k = i; k < toks.size(); ++k) {
    const Tok &t = toks[k];
    if (t.is(tok::less)) {
      ++depth;
    } else if (t.is(tok::greater)) {
      if (--depth == 0) {
        r.offset = t.end;
        r.tok = k;
        return r;
      }
    } else if (t.is(tok::greatergreater)) {
      if (depth == 1) {  // the first '>' closes ours
        r.offset = t.begin + 1;
        r.tok = k;
        return r;
      }
      depth -= 2;
      if (depth == 0) {
        r.offset = t.end;
        r.tok = k;
        return r;
      }
    } else if (t.is(tok::l_paren) || t.is(tok::l_square)) {
      k = matchForward(toks, k);
      if (k == npos)
        return r;
    } else if (t.is(tok::semi) || t.is(tok::l_brace) || t.is(tok::r_brace) ||
               t.is(tok::r_paren) || t.is(tok::ampamp) || t.is(tok::pipepipe)) {
      return r;
    }
  }
  return r;
}

size_t parseCall(const std::vector<Tok> &toks, size_t i) {
  size_t k = i, n = toks.size();
  auto at = [&](size_t x) -> const Tok * { return x < n ? &toks[x] : nullptr; };
  if (at(k) && at(k)->is(tok::coloncolon))
    ++k;
  if (!at(k))
    return npos;
  if (at(k)->is(tok::raw_identifier)) {
    llvm::StringRef w = at(k)->text;
    if (w == "new" || w == "delete" || w == "sizeof" || w == "throw")
      return npos;
    ++k;
  } else if (at(k)->is(tok::l_paren)) {
    k = matchForward(toks, k);
    if (k == npos)
      return npos;
    ++k;
  } else if (at(k)->is(tok::l_square)) {  // a lambda: [captures](params) specs { body }
    k = matchForward(toks, k);
    if (k == npos)
      return npos;
    while (at(k) && !at(k)->is(tok::l_brace) && !at(k)->is(tok::semi))
      ++k;
    if (!at(k) || !at(k)->is(tok::l_brace))
      return npos;
    k = matchForward(toks, k);
    if (k == npos)
      return npos;
    ++k;
  } else {
    return npos;
  }
  bool call = false;
  while (at(k)) {
    const Tok &t = *at(k);
    if ((t.is(tok::coloncolon) || t.is(tok::period) || t.is(tok::arrow)) && at(k + 1)) {
      size_t m = k + 1;
      if (at(m)->isIdent("template") && at(m + 1))
        ++m;
      if (!at(m)->is(tok::raw_identifier) && !at(m)->is(tok::tilde))
        break;
      if (at(m)->is(tok::tilde))
        ++m;
      k = m + 1;
      call = false;
      continue;
    }
    if (t.is(tok::less)) {
      AngleClose c = matchAngle(toks, k);
      // Template arguments only if the '>' ends its token and a call or '::' follows.
      if (c.tok == npos || c.offset != toks[c.tok].end || !at(c.tok + 1) ||
          !(at(c.tok + 1)->is(tok::l_paren) || at(c.tok + 1)->is(tok::coloncolon)))
        break;
      k = c.tok + 1;
      call = false;
      continue;
    }
    if (t.is(tok::l_paren) || t.is(tok::l_square)) {
      size_t c = matchForward(toks, k);
      if (c == npos)
        return npos;
      call = t.is(tok::l_paren);
      k = c + 1;
      continue;
    }
    break;
  }
  return call ? k - 1 : npos;
}

bool isCompoundAssign(const Tok &t) {
  switch (t.kind) {
  case tok::plusequal:
  case tok::minusequal:
  case tok::starequal:
  case tok::slashequal:
  case tok::percentequal:
  case tok::ampequal:
  case tok::pipeequal:
  case tok::caretequal:
  case tok::lesslessequal:
  case tok::greatergreaterequal:
    return true;
  default:
    return false;
  }
}

}  // namespace sprigport
