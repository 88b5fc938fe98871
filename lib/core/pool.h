/* Run independent tasks on a few threads for the length of one call.
 * No persistent pool: a call spawns its workers and joins them, so the library
 * holds no threads and no global state between calls. */
#ifndef ASEL_POOL_H
#define ASEL_POOL_H

#include <stddef.h>

/* Task @p index of @p n; @p worker is the 0-based thread number (for
 * per-thread scratch). Returns 0 or a negative status, which stops the
 * remaining tasks. */
typedef int (*asel_task_fn)(void *ctx, size_t index, size_t worker);

/* Number of threads to use for a request of @p n_threads (0 = all online
 * cores), never more than @p n_tasks, nor than max(online cores,
 * ACCELSEL_MAX_THREADS), and never less than 1. */
size_t asel_pool_threads(unsigned int n_threads, size_t n_tasks);

/* Run tasks 0..n_tasks-1 on @p n_workers threads (from asel_pool_threads()).
 * Tasks are handed out dynamically; a task's result must not depend on which
 * worker runs it. Returns 0, or the status of the lowest-numbered failing
 * task with its error detail set on the calling thread: the failure one
 * thread would stop at, whatever the number of workers. Threads that cannot
 * be started leave the work to the calling thread, which gives the same
 * results, so this fails only through tasks. */
int asel_pool_run(size_t n_workers, size_t n_tasks, asel_task_fn fn, void *ctx);

#endif
