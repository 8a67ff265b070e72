// One Cilk source file as sprig-port sees it: its text, its tokens from Clang's raw lexer
// (comments and whitespace are not tokens, so they are never touched), its preprocessor
// directives, the byte-range edits made to it, and the leftovers found in it.
#ifndef SPRIG_PORT_SOURCE_H
#define SPRIG_PORT_SOURCE_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"
#include <cstddef>
#include <string>
#include <vector>

namespace sprigport {

struct Tok {
  clang::tok::TokenKind kind;
  size_t begin, end;     // byte offsets in the file
  llvm::StringRef text;  // the spelling as written
  bool is(clang::tok::TokenKind k) const { return kind == k; }
  bool isIdent(llvm::StringRef s) const {
    return kind == clang::tok::raw_identifier && text == s;
  }
};

// A preprocessor directive: the '#' at the start of a line up to the end of its line
// (continuations included). Its tokens are not in Source::toks.
struct Directive {
  size_t begin, end;          // '#' .. the last token's end
  size_t lineBegin, lineEnd;  // the whole line, lineEnd past its newline
  std::vector<Tok> toks;      // '#', the name, the rest
  size_t nextTok;             // index in Source::toks of the first token after it
};

struct Edit {
  size_t begin, end;
  std::string text;
  unsigned order;  // insertions at one offset apply in the order they were made
};

struct Leftover {
  size_t offset;
  std::string why;
};

class Source {
public:
  Source(std::string path, std::string text);

  const std::string path;
  const std::string text;
  std::vector<Tok> toks;        // every token outside directives, in order
  std::vector<Directive> dirs;  // every directive, in order

  void replace(size_t begin, size_t end, std::string with);
  void insert(size_t at, std::string what) { replace(at, at, std::move(what)); }
  void replaceTok(const Tok &t, std::string with) {
    replace(t.begin, t.end, std::move(with));
  }
  // Remove a token and the blanks (spaces, tabs) after it.
  void eraseTokAndBlanks(const Tok &t);
  void leftover(size_t offset, std::string why);

  unsigned line(size_t offset) const;
  std::string result() const;  // the text with every edit applied
  const std::vector<Leftover> &leftovers() const { return left; }

private:
  std::vector<Edit> edits;
  std::vector<Leftover> left;
};

// The conversions (one file each): Statements.cpp (spawn, sync, for, scope, grainsize
// pragmas, reducer variables), Names.cpp (includes, reducer types, runtime functions).
void convertStatements(Source &src);
void convertNames(Source &src);

}  // namespace sprigport

#endif
