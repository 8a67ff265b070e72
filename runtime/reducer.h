//===- runtime/reducer.h - reducer views across steals and syncs -----------===//
//
// What runtime/reducer.cpp exports to the scheduler's slow paths (the user's side is
// include/sprig/reducer.h; the maps, runtime/view_map.h).
//===----------------------------------------------------------------------===//
#pragma once
#include "sprig/abi.h"

namespace sprig {

struct Worker;

bool reducer_reserve(Worker *w);  // before a steal's CAS; false: no memory, do not steal
void reducer_steal(Worker *w, sprig_frame *f);  // a thief starts a piece of f
void reducer_piece_ends(Worker *w, sprig_frame *f, bool at_sync);  // this strand ends one
void reducer_resume(Worker *w, sprig_frame *f);                    // f resumed at its sync
// A continuation suspends at a scope's exit: its strand does not end (its piece stays
// open); its map is parked in the scope record and taken up again by the resumer.
void *reducer_park(Worker *w);
void reducer_unpark(Worker *w, void *views);
void reducer_root_taken_back();  // a root frame back on its thread
void reducer_print_counts();     // SPRIGTEST_REDUCER_COUNTS, at exit

}  // namespace sprig
