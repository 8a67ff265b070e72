//===- runtime/fork.h - fork(): the child process gets a fresh runtime -----===//
#pragma once

namespace sprig {

// pthread_atfork handlers, installed once at process start.
void install_fork_handlers();
// Forget every worker (the child of a fork from a thread that runs no computation).
void reset_after_fork();

}  // namespace sprig
