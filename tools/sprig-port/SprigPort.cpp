// sprig-port: converts Cilk source (OpenCilk 2.x and Cilk Plus spellings) to Sprig.
//
//   sprig-port FILE...       print each converted file on stdout
//   sprig-port -i FILE...    rewrite the files in place
//
// It reads each file with Clang's lexer in raw mode (no preprocessing, no parsing: the
// tokens of the file as written) and rewrites byte ranges of it, so comments, whitespace,
// layout and everything it does not convert stay exactly as they were. It converts
//   cilk_spawn f(args);          -> [[sprig::spawn]] f(args);
//   x = cilk_spawn f(args);      -> [[sprig::spawn]] x = f(args);
//   x op= cilk_spawn f(args);    -> [[sprig::spawn]] x op= f(args);   (any compound op=)
//   T x = cilk_spawn f(args);    -> [[sprig::spawn]] T x = f(args);
//     (a brace-less if/for/while/else/do body gets braces around the spawn)
//   cilk_sync;                   -> [[sprig::sync]];
//   cilk_for (...)               -> [[sprig::parallel_for]] for (...)
//   #pragma cilk grainsize [=] N -> [[sprig::grainsize(N)]] on the next cilk_for
//   T cilk_reducer(I, R) x;      -> [[sprig::reducer(I, R)]] T x;
//   cilk::reducer<cilk::op_add<T>>, cilk::reducer_opadd<T>, ...
//                                -> sprig::reducer<sprig::op_add<T>>
//     (the old wrappers' r += v, ++r, r.push_back(v) on variables declared in the file
//     become *r += v, ++*r, r->push_back(v))
//   #include <cilk/cilk.h>, <cilk/cilk_api.h> -> <sprig/sprig.h>
//   #include <cilk/reducer*.h>, <cilk/*_reducer.h>
//                                -> <sprig/reducer.h> (duplicate includes dropped)
//   __cilkrts_get_nworkers()     -> sprig_nworkers()
//   __cilkrts_get_worker_number() -> sprig_worker_id()
//   cilk_scope { ... }           -> [[sprig::scope]] { ... }
//   cilk_spawn { ... }           -> [[sprig::spawn]] { ... }
// and the _Cilk_spawn / _Cilk_sync / _Cilk_for / _Cilk_scope / _Hyperobject keywords as
// the macros. What Sprig cannot express yet (return cilk_spawn, spawns inside expressions,
// hyperobject types, C reducer macros,
// __cilkrts_set_param, Cilk names in macros, other _Cilk_ keywords) stays as it
// is and is reported on stderr as FILE:LINE: why, each reason saying what to do. Exit
// status: 0 when all converted, 1 when something was left, 2 for a usage or I/O error.
// docs/porting.md has the whole table.
//
// Source.cpp lexes a file and applies the edits, Tokens.cpp holds the token helpers,
// Statements.cpp and Names.cpp the conversions.
#include "Source.h"

#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace sprigport;

static const char *usage =
    "usage: sprig-port [-i] FILE...\n"
    "Converts Cilk source (OpenCilk 2.x, Cilk Plus) to Sprig.\n"
    "  (default)  print each converted file on stdout\n"
    "  -i         rewrite the files in place\n"
    "  -h         this help\n"
    "What cannot be converted is left as it is and listed on stderr as FILE:LINE: why.\n"
    "Exit status: 0 all converted, 1 something left to convert by hand, 2 usage or I/O "
    "error.\n";

int main(int argc, char **argv) {
  bool inPlace = false;
  std::vector<std::string> files;
  bool options = true;
  for (int a = 1; a < argc; ++a) {
    std::string arg = argv[a];
    if (options && arg == "--") {
      options = false;
    } else if (options && (arg == "-h" || arg == "--help")) {
      std::fputs(usage, stdout);
      return 0;
    } else if (options && arg == "-i") {
      inPlace = true;
    } else if (options && arg.size() > 1 && arg[0] == '-') {
      std::fprintf(stderr, "sprig-port: unknown option '%s'\n%s", arg.c_str(), usage);
      return 2;
    } else {
      files.push_back(arg);
    }
  }
  if (files.empty()) {
    std::fprintf(stderr, "sprig-port: no input files\n%s", usage);
    return 2;
  }
  // Read every file first: an unreadable one is an error before anything is written.
  std::vector<std::string> texts;
  for (const std::string &f : files) {
    std::ifstream in(f, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "sprig-port: cannot read '%s': %s\n", f.c_str(),
                   std::strerror(errno));
      return 2;
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    texts.push_back(ss.str());
  }
  bool left = false;
  for (size_t k = 0; k < files.size(); ++k) {
    Source src(files[k], texts[k]);
    convertStatements(src);
    convertNames(src);
    std::string out = src.result();
    if (inPlace) {
      if (out != src.text) {
        std::ofstream o(files[k], std::ios::binary | std::ios::trunc);
        o << out;
        o.close();
        if (!o) {
          std::fprintf(stderr, "sprig-port: cannot write '%s'\n", files[k].c_str());
          return 2;
        }
      }
    } else {
      std::fwrite(out.data(), 1, out.size(), stdout);
    }
    std::vector<Leftover> ls = src.leftovers();
    std::sort(ls.begin(), ls.end(), [](const Leftover &a, const Leftover &b) {
      return a.offset != b.offset ? a.offset < b.offset : a.why < b.why;
    });
    for (const Leftover &l : ls)
      std::fprintf(stderr, "%s:%u: %s\n", files[k].c_str(), src.line(l.offset),
                   l.why.c_str());
    left |= !ls.empty();
  }
  std::fflush(stdout);
  return left ? 1 : 0;
}
