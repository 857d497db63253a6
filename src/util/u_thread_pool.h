/* SPDX-License-Identifier: MIT */

/*
 * A fixed set of worker threads running jobs from one FIFO queue, for work
 * that splits into independent pieces (the CPU driver's tile rasterization).
 *
 * A job is a function and a pointer.  It also gets the index of the thread
 * running it, in [0, num_threads): no two jobs run with the same index at
 * the same time, so jobs can use per-thread scratch memory indexed by it.
 *
 * A pool of 0 threads runs every job inline, inside submit, on the
 * caller's thread, with index 0: deterministic, for debugging and for
 * single-core machines.
 *
 * Waiting:
 *
 * - u_thread_pool_wait() returns when the pool is idle: every job
 *   submitted before the call has finished, and so have the jobs those
 *   submitted.  Jobs other threads submit meanwhile are waited for too.
 * - A struct u_job_batch counts the outstanding jobs of one group, so that
 *   each caller (for example each context sharing the pool) waits for its
 *   own jobs only.
 *
 * Jobs may submit further jobs, to any batch.  A job may wait for a batch:
 * while that batch is unfinished, the waiting worker runs other queued jobs
 * instead of sleeping, so fork-join inside jobs cannot deadlock the pool
 * (as long as the jobs waited for do not wait, in turn, for the waiting
 * job).  A job must not call u_thread_pool_wait() or u_thread_pool_destroy()
 * on its own pool: it would wait for itself.
 *
 * Workers sleep on condition variables; nothing spins.  Worker threads
 * block all signals, so the application's handlers run on its own threads.
 */
#ifndef U_THREAD_POOL_H
#define U_THREAD_POOL_H

#include <stdbool.h>

/** The most threads a pool gets; larger requests are clamped. */
#define U_THREAD_POOL_MAX_THREADS 1024

struct u_thread_pool;

/** A job: @p thread_index is in [0, num_threads), 0 for inline pools. */
typedef void (*u_thread_pool_job_fn)(void *data, unsigned thread_index);

/**
 * Jobs of one group.  Set up with u_job_batch_init(); nothing to free.
 * The fields are private to u_thread_pool.c.
 */
struct u_job_batch {
   /** The pool its jobs go to. */
   struct u_thread_pool *pool;
   /** Submitted and unfinished jobs; guarded by the pool's lock. */
   unsigned pending;
};

/**
 * Starts a pool of @p num_threads workers (0: run jobs inline).  Returns
 * NULL if memory or threads could not be had.
 */
struct u_thread_pool *u_thread_pool_create(unsigned num_threads);

/**
 * Finishes all queued jobs, stops the workers and frees @p pool (NULL is
 * allowed).  No other thread may submit to the pool during the call.
 */
void u_thread_pool_destroy(struct u_thread_pool *pool);

/**
 * Queues @p fn(@p data, thread_index).  Returns false, without queueing,
 * if the queue could not grow.  Jobs start in submission order.
 */
bool u_thread_pool_submit(struct u_thread_pool *pool, u_thread_pool_job_fn fn,
                          void *data);

/** Waits until the pool is idle (see the top of this file). */
void u_thread_pool_wait(struct u_thread_pool *pool);

/** The number of worker threads; 0 for an inline pool. */
unsigned u_thread_pool_num_threads(const struct u_thread_pool *pool);

/** Prepares @p batch for jobs submitted to @p pool. */
void u_job_batch_init(struct u_job_batch *batch, struct u_thread_pool *pool);

/**
 * u_thread_pool_submit() that counts the job in @p batch, which must have
 * been initialised for @p pool.
 */
bool u_thread_pool_submit_batch(struct u_thread_pool *pool,
                                struct u_job_batch *batch,
                                u_thread_pool_job_fn fn, void *data);

/**
 * Waits until every job of @p batch has finished, including jobs added to
 * the batch while waiting.  Called from a job of the same pool, the caller
 * runs queued jobs while it waits.
 */
void u_job_batch_wait(struct u_job_batch *batch);

/** The number of online processors, at least 1. */
unsigned u_cpu_count(void);

/**
 * Thread count for a pool: INDIUM_NUM_THREADS if it is a valid
 * non-negative integer (0 means inline), else u_cpu_count(); at most
 * U_THREAD_POOL_MAX_THREADS.
 */
unsigned u_thread_pool_default_threads(void);

#endif
