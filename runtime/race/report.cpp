//===- runtime/race/report.cpp - distinct races, symbolized at exit --------===//
#include "report.h"
#include <cstdio>
#include <cstdlib>
#include <dlfcn.h>
#include <map>
#include <set>
#include <unistd.h>
#include <utility>

namespace sprig::race {

namespace {
// (a 32-bit value, a pc) -> one key. Code addresses fit in 47 bits.
std::uint64_t key(std::uint32_t n, std::uintptr_t pc) {
  return std::uint64_t(pc) * 0x9E3779B97F4A7C15ull ^
         (std::uint64_t(n) << 1 | 1) * 0xC2B2AE3D27D4EB4Full;
}
}  // namespace

std::uint32_t Stacks::push(std::uint32_t parent, std::uintptr_t pc) {
  std::uint64_t k = key(parent, pc);
  auto it = index_.find(k);
  if (it != index_.end() && nodes_[it->second].parent == parent &&
      nodes_[it->second].pc == pc)
    return it->second;
  std::uint32_t n = static_cast<std::uint32_t>(nodes_.size());
  nodes_.push_back({parent, pc});
  index_[k] = n;  // a (rare) collision only costs a duplicate node
  return n;
}

std::vector<std::uintptr_t> Stacks::unwind(std::uint32_t n) const {
  std::vector<std::uintptr_t> out;
  for (; n && out.size() < 64; n = nodes_[n].parent)
    out.push_back(nodes_[n].pc);
  return out;
}

std::uint32_t Locations::intern(std::uintptr_t pc, std::uint32_t stack) {
  std::uint64_t k = key(stack, pc);
  auto it = index_.find(k);
  if (it != index_.end() && locs_[it->second].pc == pc && locs_[it->second].stack == stack)
    return it->second;
  std::uint32_t i = static_cast<std::uint32_t>(locs_.size());
  locs_.push_back({pc, stack});
  index_[k] = i;
  return i;
}

void Reports::add(const Race &r, const Locations &locs) {
  std::uintptr_t a = locs.pc(r.earlier), b = locs.pc(r.later);
  if (a > b)
    std::swap(a, b);
  if (seen_.emplace(a, b, r.earlier_kind * 2 + r.later_kind).second)
    races_.push_back(r);
}

namespace {

// pc -> "function at file:line:column" (or the module and offset).
using Symbols = std::map<std::uintptr_t, std::string>;

const char *symbolizer() {
  if (const char *e = std::getenv("SPRIG_SYMBOLIZER"))
    return e;
  for (const char *p : {"/usr/lib/llvm-22/bin/llvm-symbolizer",
                        "/usr/bin/llvm-symbolizer-22", "/usr/bin/llvm-symbolizer"})
    if (access(p, X_OK) == 0)
      return p;
  return nullptr;
}

Symbols symbolize(const std::set<std::uintptr_t> &pcs) {
  Symbols out;
  // Module -> (offset, pc).
  std::map<std::string, std::vector<std::pair<std::uintptr_t, std::uintptr_t>>> mods;
  for (std::uintptr_t pc : pcs) {
    Dl_info info;
    if (pc && dladdr(reinterpret_cast<void *>(pc - 1), &info) && info.dli_fname) {
      std::uintptr_t off = pc - 1 - reinterpret_cast<std::uintptr_t>(info.dli_fbase);
      mods[info.dli_fname].push_back({off, pc});
      char buf[64];
      std::snprintf(buf, sizeof buf, "+0x%llx", static_cast<unsigned long long>(off));
      out[pc] = std::string(info.dli_fname) + buf;
    } else {
      char buf[32];
      std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(pc));
      out[pc] = buf;
    }
  }
  const char *tool = symbolizer();
  if (!tool)
    return out;
  for (auto &[mod, list] : mods) {
    std::string cmd =
        std::string(tool) + " --demangle --functions=linkage --obj='" + mod + "'";
    for (auto &[off, pc] : list) {
      char buf[32];
      std::snprintf(buf, sizeof buf, " 0x%llx", static_cast<unsigned long long>(off));
      cmd += buf;
    }
    cmd += " 2>/dev/null";
    std::FILE *p = popen(cmd.c_str(), "r");
    if (!p)
      continue;
    // Per address: function, file:line:column (one pair per inlined frame), blank line.
    std::size_t k = 0;
    std::string fn, loc;
    char line[4096];
    int state = 0;  // 0: expecting a function of a new address, 1: its location, 2: more
    while (std::fgets(line, sizeof line, p) && k < list.size()) {
      std::string s(line);
      while (!s.empty() && (s.back() == '\n' || s.back() == '\r'))
        s.pop_back();
      if (s.empty()) {
        if (state)
          out[list[k].second] = fn + " at " + loc;
        ++k;
        state = 0;
        continue;
      }
      if (state == 0) {
        fn = s;
        state = 1;
      } else if (state == 1) {
        loc = s;  // the innermost frame: the access's own line
        state = 2;
      }
    }
    pclose(p);
  }
  return out;
}

const char *kind_name(Access k) { return k == kWrite ? "write" : "read"; }

}  // namespace

void Reports::print(const Locations &locs, const Stacks &stacks) const {
  std::set<std::uintptr_t> pcs;
  for (const Race &r : races_)
    for (std::uint32_t l : {r.earlier, r.later}) {
      pcs.insert(locs.pc(l));
      for (std::uintptr_t pc : stacks.unwind(locs.stack(l)))
        pcs.insert(pc);
    }
  Symbols sym = symbolize(pcs);
  auto name = [&](std::uintptr_t pc) {
    auto it = sym.find(pc);
    return it == sym.end() ? std::string("?") : it->second;
  };
  // A call stack, innermost first: runs of one frame (a divide-and-conquer recursion)
  // said once with their count; nothing below main.
  auto print_stack = [&](std::uint32_t stack) {
    std::vector<std::uintptr_t> frames = stacks.unwind(stack);
    for (std::size_t i = 0; i < frames.size();) {
      std::string n = name(frames[i]);
      if (n.rfind("__libc_start", 0) == 0)
        break;
      std::size_t j = i + 1;
      while (j < frames.size() && name(frames[j]) == n)
        ++j;
      if (j - i > 1)
        std::fprintf(stderr, "    called from %s (%zu calls deep)\n", n.c_str(), j - i);
      else
        std::fprintf(stderr, "    called from %s\n", n.c_str());
      i = j;
    }
  };
  for (const Race &r : races_) {
    std::fprintf(stderr,
                 "==================\n"
                 "sprig race: determinacy race on %p\n"
                 "  %s at %s\n",
                 reinterpret_cast<void *>(r.addr), kind_name(r.later_kind),
                 name(locs.pc(r.later)).c_str());
    print_stack(locs.stack(r.later));
    std::fprintf(stderr, "  logically parallel with the earlier %s at %s\n",
                 kind_name(r.earlier_kind), name(locs.pc(r.earlier)).c_str());
    print_stack(locs.stack(r.earlier));
  }
  std::fprintf(stderr, "==================\nsprig race: %zu distinct race%s\n",
               races_.size(), races_.size() == 1 ? "" : "s");
}

}  // namespace sprig::race
