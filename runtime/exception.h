//===- runtime/exception.h - exceptions of children, rethrown at the sync --===//
#pragma once
#include "sprig/abi.h"
#include <cstdint>
#include <exception>

namespace sprig {

// Set SPRIG_FRAME_EXCEPTION if a child left an exception (the resumer of a sync).
void frame_note_exceptions(sprig_frame *f);
// For tests: the word of the thrown object's header that holds the child's number.
uintptr_t *exception_child_slot_for_test(const std::exception_ptr &e);

}  // namespace sprig
