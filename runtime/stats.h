//===- runtime/stats.h - SPRIG_STATS=1: a table per worker at exit ---------===//
#pragma once

namespace sprig {

void print_stats();

}  // namespace sprig
