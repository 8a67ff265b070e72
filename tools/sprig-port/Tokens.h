// Token-level helpers shared by the conversions: matching brackets, finding the start of
// the statement a token is in, and reading a call expression.
#ifndef SPRIG_PORT_TOKENS_H
#define SPRIG_PORT_TOKENS_H

#include "Source.h"

namespace sprigport {

constexpr size_t npos = size_t(-1);

bool isOpen(const Tok &t);
bool isClose(const Tok &t);
// The index of the bracket matching toks[i] ('(' '[' '{' forwards, ')' ']' '}' backwards),
// or npos.
size_t matchForward(const std::vector<Tok> &toks, size_t i);
size_t matchBackward(const std::vector<Tok> &toks, size_t i);

// Where the statement holding toks[i] starts. nested: toks[i] is inside parentheses or
// brackets of that statement (an argument, a condition, a for header), so it is part of
// an expression, not a statement of its own. braceless: the statement is the body of an
// if/for/while/switch/else/do without braces.
struct StmtStart {
  size_t start = 0;
  bool nested = false;
  bool braceless = false;
};
StmtStart findStatementStart(const std::vector<Tok> &toks, size_t i);

// A postfix expression starting at toks[i] (a name, qualified names, member access,
// template arguments, subscripts, a parenthesised callee, a lambda) whose last part is a
// call: the index of the call's ')', or npos if it does not end with a call.
size_t parseCall(const std::vector<Tok> &toks, size_t i);

// Template arguments opening at toks[i] ('<'): the byte offset just past the closing '>'
// (which may be the first half of a '>>' token), and the index of that token; npos if
// none.
struct AngleClose {
  size_t offset = npos;
  size_t tok = npos;
};
AngleClose matchAngle(const std::vector<Tok> &toks, size_t i);

bool isCompoundAssign(const Tok &t);

}  // namespace sprigport

#endif
