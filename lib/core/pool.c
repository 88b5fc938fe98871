#include "core/pool.h"

#include <pthread.h>
#include <stdatomic.h>
#include <unistd.h>

#include "accelsel/common.h"
#include "core/alloc.h"
#include "core/error.h"

/* The failure reported is that of the lowest failing task: tasks are handed
 * out in index order and a handed-out task runs to its end, so every task
 * below a failing one ran, and that task is the one a single thread stops
 * at, whatever the thread count. Its error detail, set on the thread that
 * ran it, is carried to the caller. */
typedef struct pool_run {
    asel_task_fn fn;
    void *ctx;
    size_t n_tasks;
    atomic_size_t next;
    atomic_int stop;
    pthread_mutex_t lock; /* guards the three below */
    size_t failed;        /* the lowest failing task; n_tasks if none */
    int status;
    asel_error_record error;
} pool_run;

typedef struct pool_worker {
    pool_run *run;
    size_t id;
} pool_worker;

size_t asel_pool_threads(unsigned int n_threads, size_t n_tasks)
{
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    size_t cores = online > 0 ? (size_t)online : 1;
    size_t cap = cores > ACCELSEL_MAX_THREADS ? cores : ACCELSEL_MAX_THREADS;
    size_t n = n_threads == 0 ? cores : n_threads;
    if (n > cap)
        n = cap;
    if (n > n_tasks)
        n = n_tasks;
    return n == 0 ? 1 : n;
}

static void work(pool_run *run, size_t worker)
{
    for (;;) {
        if (atomic_load(&run->stop))
            return;
        size_t i = atomic_fetch_add(&run->next, 1);
        if (i >= run->n_tasks)
            return;
        int rc = run->fn(run->ctx, i, worker);
        if (rc != 0) {
            atomic_store(&run->stop, 1);
            pthread_mutex_lock(&run->lock);
            if (i < run->failed) {
                run->failed = i;
                run->status = rc;
                asel_error_save(&run->error);
            }
            pthread_mutex_unlock(&run->lock);
        }
    }
}

static void *thread_main(void *arg)
{
    pool_worker *w = arg;
    work(w->run, w->id);
    return NULL;
}

int asel_pool_run(size_t n_workers, size_t n_tasks, asel_task_fn fn, void *ctx)
{
    pool_run run = {.fn = fn, .ctx = ctx, .n_tasks = n_tasks, .failed = n_tasks,
                    .lock = PTHREAD_MUTEX_INITIALIZER};
    atomic_init(&run.next, 0);
    atomic_init(&run.stop, 0);
    pthread_t *threads = NULL;
    pool_worker *workers = NULL;
    size_t started = 0;
    if (n_workers > 1) {
        threads = asel_calloc(n_workers, sizeof *threads);
        workers = asel_calloc(n_workers, sizeof *workers);
    }
    /* Worker 0 is the calling thread; if threads cannot be had, it does all
     * the work alone, which gives the same results. */
    if (threads != NULL && workers != NULL) {
        for (size_t w = 1; w < n_workers; w++) {
            workers[w] = (pool_worker){&run, w};
            if (pthread_create(&threads[w], NULL, thread_main, &workers[w]) != 0)
                break;
            started = w;
        }
    }
    work(&run, 0);
    for (size_t w = 1; w <= started; w++)
        pthread_join(threads[w], NULL);
    asel_free(threads);
    asel_free(workers);
    pthread_mutex_destroy(&run.lock);
    if (run.status != 0)
        asel_error_restore(&run.error);
    return run.status;
}
