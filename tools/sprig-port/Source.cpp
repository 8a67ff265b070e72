// Source: lexing a file with Clang's raw lexer, and rewriting it by byte ranges.
#include "Source.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Token.h"
#include <algorithm>

using namespace clang;

namespace sprigport {

static LangOptions cxxOptions() {
  LangOptions o;
  o.CPlusPlus = o.CPlusPlus11 = o.CPlusPlus14 = o.CPlusPlus17 = o.CPlusPlus20 = 1;
  o.LineComment = 1;
  o.Bool = 1;
  o.Digraphs = 1;
  return o;
}

Source::Source(std::string p, std::string t) : path(std::move(p)), text(std::move(t)) {
  LangOptions opts = cxxOptions();
  // Locations are offsets from a base of 1 (0 is the invalid location).
  const SourceLocation base = SourceLocation::getFromRawEncoding(1);
  const char *start = text.data();
  Lexer lex(base, opts, start, start, start + text.size());
  lex.SetCommentRetentionState(false);
  Directive *dir = nullptr;
  Token raw;
  for (;;) {
    lex.LexFromRawLexer(raw);
    if (raw.is(tok::eof))
      break;
    Tok tk;
    tk.kind = raw.getKind();
    tk.begin = raw.getLocation().getRawEncoding() - 1;
    tk.end = tk.begin + raw.getLength();
    tk.text = llvm::StringRef(start + tk.begin, raw.getLength());
    if (raw.isAtStartOfLine() || tk.begin == 0)
      dir = nullptr;
    if (!dir && raw.is(tok::hash) && (raw.isAtStartOfLine() || tk.begin == 0)) {
      dirs.push_back({});
      dir = &dirs.back();
      dir->begin = tk.begin;
      dir->lineBegin = text.rfind('\n', tk.begin == 0 ? 0 : tk.begin - 1);
      dir->lineBegin =
          tk.begin == 0 || dir->lineBegin == std::string::npos ? 0 : dir->lineBegin + 1;
      dir->nextTok = toks.size();
    }
    if (dir) {
      dir->toks.push_back(tk);
      dir->end = tk.end;
      size_t nl = text.find('\n', tk.end);
      dir->lineEnd = nl == std::string::npos ? text.size() : nl + 1;
      continue;
    }
    toks.push_back(tk);
  }
}

void Source::replace(size_t begin, size_t end, std::string with) {
  edits.push_back({begin, end, std::move(with), unsigned(edits.size())});
}

void Source::eraseTokAndBlanks(const Tok &t) {
  size_t e = t.end;
  while (e < text.size() && (text[e] == ' ' || text[e] == '\t'))
    ++e;
  replace(t.begin, e, "");
}

void Source::leftover(size_t offset, std::string why) {
  for (const Leftover &l : left)
    if (line(l.offset) == line(offset) && l.why == why)
      return;
  left.push_back({offset, std::move(why)});
}

unsigned Source::line(size_t offset) const {
  return 1 + unsigned(std::count(text.begin(), text.begin() + std::min(offset, text.size()),
                                 '\n'));
}

std::string Source::result() const {
  std::vector<const Edit *> sorted;
  for (const Edit &e : edits)
    sorted.push_back(&e);
  // By position; at one position, insertions first (in the order made), then a
  // replacement of a range starting there.
  std::sort(sorted.begin(), sorted.end(), [](const Edit *a, const Edit *b) {
    if (a->begin != b->begin)
      return a->begin < b->begin;
    bool ai = a->begin == a->end, bi = b->begin == b->end;
    if (ai != bi)
      return ai;
    return a->order < b->order;
  });
  std::string out;
  size_t pos = 0;
  for (const Edit *e : sorted) {
    if (e->begin < pos)  // overlaps an earlier edit: the earlier one wins
      continue;
    out.append(text, pos, e->begin - pos);
    out += e->text;
    pos = e->end;
  }
  out.append(text, pos, std::string::npos);
  return out;
}

}  // namespace sprigport
