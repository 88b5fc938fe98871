/* The scheduler's worker threads: each pass hands them the pending jobs to
 * prepare and decide; they take the next index as they come free. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

#include "scheduler.h"

struct pool {
    pthread_mutex_t lock;
    pthread_cond_t work, idle;
    pthread_t *tid;
    size_t n_threads, busy;
    unsigned long round; /* counts the calls of pool_run() */
    int stop;
    void (*fn)(void *ctx, size_t i);
    void *ctx;
    size_t n;
    atomic_size_t next;
};

/* Take items of the current round until none is left. */
static void drain(pool *p)
{
    for (size_t i; (i = atomic_fetch_add(&p->next, 1)) < p->n;)
        p->fn(p->ctx, i);
}

static void *worker(void *arg)
{
    pool *p = arg;
    unsigned long seen = 0;
    pthread_mutex_lock(&p->lock);
    for (;;) {
        while (!p->stop && p->round == seen)
            pthread_cond_wait(&p->work, &p->lock);
        if (p->stop)
            break;
        seen = p->round;
        pthread_mutex_unlock(&p->lock);
        drain(p);
        pthread_mutex_lock(&p->lock);
        if (--p->busy == 0)
            pthread_cond_signal(&p->idle);
    }
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

pool *pool_new(size_t n_threads)
{
    pool *p = calloc(1, sizeof *p);
    if (p == NULL)
        return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->work, NULL);
    pthread_cond_init(&p->idle, NULL);
    p->tid = calloc(n_threads ? n_threads : 1, sizeof *p->tid);
    for (; p->tid != NULL && p->n_threads < n_threads && n_threads > 1; p->n_threads++)
        if (pthread_create(&p->tid[p->n_threads], NULL, worker, p) != 0)
            break;
    if (p->tid == NULL || (n_threads > 1 && p->n_threads < n_threads)) {
        pool_free(p);
        return NULL;
    }
    return p;
}

void pool_run(pool *p, void (*fn)(void *ctx, size_t i), void *ctx, size_t n)
{
    if (p->n_threads == 0) {
        for (size_t i = 0; i < n; i++)
            fn(ctx, i);
        return;
    }
    pthread_mutex_lock(&p->lock);
    p->fn = fn, p->ctx = ctx, p->n = n;
    atomic_store(&p->next, 0);
    p->busy = p->n_threads;
    p->round++;
    pthread_cond_broadcast(&p->work);
    while (p->busy > 0)
        pthread_cond_wait(&p->idle, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

void pool_free(pool *p)
{
    if (p == NULL)
        return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_cond_broadcast(&p->work);
    pthread_mutex_unlock(&p->lock);
    for (size_t t = 0; t < p->n_threads; t++)
        pthread_join(p->tid[t], NULL);
    pthread_cond_destroy(&p->idle);
    pthread_cond_destroy(&p->work);
    pthread_mutex_destroy(&p->lock);
    free(p->tid);
    free(p);
}
