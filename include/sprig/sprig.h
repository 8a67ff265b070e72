/*===- sprig/sprig.h - Sprig's public header (optional) ---------------------===*
 *
 * Sprig needs no header: the two attributes are the whole language.
 *
 *   [[sprig::spawn]] f(args);          run f(args) as a child that may run in parallel
 *   [[sprig::spawn]] lhs = f(args);    ... and assign its result to lhs
 *   [[sprig::spawn]] T x = f(args);    ... and initialise the local x with it
 *   [[sprig::sync]];                   wait for every child spawned by this call
 *
 * What a spawn evaluates before the child may run in parallel with the code after it
 * (the continuation): the callee, the arguments (copies into by-value parameters
 * included) and the assignment target, in C++'s order. The call itself, the store of its
 * result and the destruction of argument temporaries belong to the child. x and lhs are
 * ready after the next sync. Every function that spawns syncs before it returns, on
 * every path, exceptions included; the sync comes before the return value is computed
 * and before any local of the function is destroyed.
 *
 * Exceptions: one thrown by a child reaches its parent at the next sync (explicit or
 * implicit). If several children of one sync throw, the one spawned first is rethrown
 * and the others are destroyed; all children still finish first. An exception thrown
 * while computing the arguments is thrown in the parent, at the spawn.
 *
 * Blocking: a sync never blocks a worker while work exists; it suspends the function and
 * the worker goes stealing. Avoid blocking system calls and locks held across a spawn in
 * fine-grained code: they block a worker of the pool.
 *
 * Not allowed (compile errors that say why): spawning anything but a call, arguments on
 * the attributes, spawns in coroutines, in statement expressions, in catch handlers.
 *
 * C: the same attributes with sprigcc (C23 attribute syntax, which clang 22 also takes
 * in C11 and C17); this header is C as well as C++.
 *
 * The serial elision: any other compiler ignores the attributes and builds the same
 * program, run serially (clang/clang++ -Wno-unknown-attributes, gcc/g++ -Wno-attributes;
 * including this header silences those warnings, see below). This header compiles
 * everywhere; its functions then describe a single worker.
 *
 * Environment: SPRIG_NWORKERS (workers; default: CPUs available), SPRIG_STACKSIZE (stack
 * of a stolen continuation; default 1M), SPRIG_STATS=1, SPRIG_TRACE, SPRIG_DEQUE_DEPTH,
 * SPRIG_DISPLAY_ENV=1 (print the settings at start). A bad value is a warning naming the
 * value used instead, never an exit (docs/environment.md).
 *===----------------------------------------------------------------------===*/
#ifndef SPRIG_SPRIG_H
#define SPRIG_SPRIG_H

/* The serial elision: a compiler without the plugin ignores [[sprig::spawn]] and
 * [[sprig::sync]] but warns about each. Neither g++ nor clang++ has a switch for one
 * attribute namespace on statements (g++'s -Wno-attributes=sprig:: leaves "attributes at
 * the beginning of statement are ignored"), so this header turns the unknown-attribute
 * warning off for the rest of the translation unit: -Wunknown-attributes under clang,
 * -Wattributes under g++ (which also silences its other attribute warnings). Define
 * SPRIG_KEEP_ATTRIBUTE_WARNINGS before including it to keep them. With sprig++ the
 * attributes are known and nothing is changed. */
#if !defined(__SPRIG__) && !defined(SPRIG_RUNTIME_BUILD) &&                                \
    !defined(SPRIG_KEEP_ATTRIBUTE_WARNINGS)
#if defined(__clang__)
#pragma clang diagnostic ignored "-Wunknown-attributes"
#elif defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wattributes"
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__SPRIG__) || defined(SPRIG_RUNTIME_BUILD)
/* Workers the runtime uses (SPRIG_NWORKERS or the CPUs available); starts no thread. */
int sprig_nworkers(void);
/* Index of the worker running the caller, 0..nworkers-1, or -1 when the thread runs no
 * Sprig computation (a thread becomes a worker at the first spawn of its outermost
 * spawning function). A continuation can move between workers at a spawn or a sync, so
 * the value is only good until the next one. */
int sprig_worker_id(void);
/* Set the number of workers (1..1024), overriding SPRIG_NWORKERS, before the first
 * spawn of the process starts the pool: 0 on success, -1 if n is out of range or the pool
 * has started already (its size is fixed then; nothing changes). */
int sprig_set_nworkers(int n);
#else
static inline int sprig_nworkers(void) { return 1; }
static inline int sprig_worker_id(void) { return 0; }
/* The serial elision runs on one worker whatever is asked. */
static inline int sprig_set_nworkers(int n) { return n >= 1 && n <= 1024 ? 0 : -1; }
#endif

#ifdef __cplusplus
} /* extern "C" */

namespace sprig {
inline int nworkers() { return sprig_nworkers(); }
inline int worker_id() { return sprig_worker_id(); }
// Before the first spawn: true if the pool will have n workers (sprig_set_nworkers).
inline bool set_nworkers(int n) { return sprig_set_nworkers(n) == 0; }
}  // namespace sprig
#endif

#endif /* SPRIG_SPRIG_H */
