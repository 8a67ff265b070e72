//===- runtime/overflow.h - stack overflows reported as such ---------------===//
#pragma once

namespace sprig {

// SIGSEGV on an alternate stack, per thread (the handler is installed once).
void install_overflow_handler_for_thread();

}  // namespace sprig
