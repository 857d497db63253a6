/* SPDX-License-Identifier: MIT */

/*
 * The thread pool: one mutex guards the queue (a growable ring buffer),
 * the counters and every batch's pending count.
 *
 * Three condition variables:
 * - work_cond: a worker waits for a job or for shutdown;
 * - idle_cond: u_thread_pool_wait() waits for queue empty and no job
 *   running;
 * - batch_cond: u_job_batch_wait() waits for a batch to reach zero.
 *   Workers helping inside u_job_batch_wait() also need to hear about new
 *   jobs, so submit broadcasts it while such helpers sleep.
 *
 * Shutdown sets a flag; a worker leaves only when the flag is set and the
 * queue is empty, so destroy drains the queue, including jobs that running
 * jobs submit while it waits.
 */
#include "util/u_thread_pool.h"

#include <assert.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/u_debug.h"

/** Initial ring size; it doubles as needed and never shrinks. */
#define INITIAL_QUEUE_SIZE 64

struct job {
   u_thread_pool_job_fn fn;
   void *data;
   /** NULL for jobs without a batch. */
   struct u_job_batch *batch;
};

struct worker {
   struct u_thread_pool *pool;
   unsigned index;
   pthread_t thread;
};

struct u_thread_pool {
   pthread_mutex_t lock;
   pthread_cond_t work_cond;
   pthread_cond_t idle_cond;
   pthread_cond_t batch_cond;

   /** Ring buffer of queued jobs: count of them, from head, mod capacity. */
   struct job *queue;
   unsigned capacity;
   unsigned head;
   unsigned count;

   /** Jobs running now (a helping worker's outer job included). */
   unsigned active;
   /** Workers asleep in u_job_batch_wait() that would run queued jobs. */
   unsigned helpers_waiting;
   bool shutdown;

   unsigned num_threads;
   /** Threads actually started (fewer if creation failed). */
   unsigned num_started;
   struct worker *workers;
};

/** The worker this thread is, NULL on non-pool threads. */
static _Thread_local struct worker *current_worker;

static bool
is_own_worker(const struct u_thread_pool *pool)
{
   return current_worker && current_worker->pool == pool;
}

/**
 * Runs the job at the head of the queue.  Called and returns with the lock
 * held; the job runs unlocked.
 */
static void
run_one_locked(struct u_thread_pool *pool, unsigned thread_index)
{
   struct job job = pool->queue[pool->head];
   pool->head = (pool->head + 1) % pool->capacity;
   pool->count--;
   pool->active++;
   pthread_mutex_unlock(&pool->lock);

   job.fn(job.data, thread_index);

   pthread_mutex_lock(&pool->lock);
   pool->active--;
   if (job.batch && --job.batch->pending == 0)
      pthread_cond_broadcast(&pool->batch_cond);
   if (pool->active == 0 && pool->count == 0)
      pthread_cond_broadcast(&pool->idle_cond);
}

static void *
worker_main(void *arg)
{
   struct worker *w = arg;
   struct u_thread_pool *pool = w->pool;
   current_worker = w;

   pthread_mutex_lock(&pool->lock);
   for (;;) {
      while (pool->count == 0 && !pool->shutdown)
         pthread_cond_wait(&pool->work_cond, &pool->lock);
      if (pool->count == 0)
         break;
      run_one_locked(pool, w->index);
   }
   pthread_mutex_unlock(&pool->lock);
   return NULL;
}

struct u_thread_pool *
u_thread_pool_create(unsigned num_threads)
{
   struct u_thread_pool *pool = calloc(1, sizeof(*pool));
   if (!pool)
      return NULL;

   /* Default attributes: on Linux these initialisers cannot fail. */
   pthread_mutex_init(&pool->lock, NULL);
   pthread_cond_init(&pool->work_cond, NULL);
   pthread_cond_init(&pool->idle_cond, NULL);
   pthread_cond_init(&pool->batch_cond, NULL);

   if (num_threads > U_THREAD_POOL_MAX_THREADS)
      num_threads = U_THREAD_POOL_MAX_THREADS;
   pool->num_threads = num_threads;
   if (num_threads == 0)
      return pool;

   pool->capacity = INITIAL_QUEUE_SIZE;
   pool->queue = malloc(pool->capacity * sizeof(*pool->queue));
   pool->workers = calloc(num_threads, sizeof(*pool->workers));
   if (!pool->queue || !pool->workers)
      goto fail;

   /* Workers inherit the signal mask: block everything while starting
    * them, so that signals go to the application's threads. */
   sigset_t all, old;
   sigfillset(&all);
   pthread_sigmask(SIG_SETMASK, &all, &old);
   for (unsigned i = 0; i < num_threads; i++) {
      struct worker *w = &pool->workers[i];
      w->pool = pool;
      w->index = i;
      if (pthread_create(&w->thread, NULL, worker_main, w) != 0)
         break;
      pool->num_started++;
   }
   pthread_sigmask(SIG_SETMASK, &old, NULL);
   if (pool->num_started < num_threads)
      goto fail;
   return pool;

fail:
   u_thread_pool_destroy(pool);
   return NULL;
}

void
u_thread_pool_destroy(struct u_thread_pool *pool)
{
   if (!pool)
      return;
   assert(!is_own_worker(pool) && "a job cannot destroy its own pool");

   pthread_mutex_lock(&pool->lock);
   pool->shutdown = true;
   pthread_cond_broadcast(&pool->work_cond);
   pthread_mutex_unlock(&pool->lock);

   for (unsigned i = 0; i < pool->num_started; i++)
      pthread_join(pool->workers[i].thread, NULL);

   pthread_cond_destroy(&pool->batch_cond);
   pthread_cond_destroy(&pool->idle_cond);
   pthread_cond_destroy(&pool->work_cond);
   pthread_mutex_destroy(&pool->lock);
   free(pool->workers);
   free(pool->queue);
   free(pool);
}

/** Doubles the ring, unrolling it to start at 0.  Called locked. */
static bool
grow_queue(struct u_thread_pool *pool)
{
   if (pool->capacity > UINT32_MAX / 2 ||
       (size_t)pool->capacity * 2 > SIZE_MAX / sizeof(struct job))
      return false;
   unsigned capacity = pool->capacity * 2;
   struct job *queue = malloc((size_t)capacity * sizeof(*queue));
   if (!queue)
      return false;
   for (unsigned i = 0; i < pool->count; i++)
      queue[i] = pool->queue[(pool->head + i) % pool->capacity];
   free(pool->queue);
   pool->queue = queue;
   pool->capacity = capacity;
   pool->head = 0;
   return true;
}

bool
u_thread_pool_submit_batch(struct u_thread_pool *pool,
                           struct u_job_batch *batch, u_thread_pool_job_fn fn,
                           void *data)
{
   assert(!batch || batch->pool == pool);

   if (pool->num_threads == 0) {
      fn(data, 0);
      return true;
   }

   pthread_mutex_lock(&pool->lock);
   if (pool->count == pool->capacity && !grow_queue(pool)) {
      pthread_mutex_unlock(&pool->lock);
      return false;
   }
   unsigned tail = (pool->head + pool->count) % pool->capacity;
   pool->queue[tail] = (struct job){ .fn = fn, .data = data, .batch = batch };
   pool->count++;
   if (batch)
      batch->pending++;
   pthread_cond_signal(&pool->work_cond);
   if (pool->helpers_waiting)
      pthread_cond_broadcast(&pool->batch_cond);
   pthread_mutex_unlock(&pool->lock);
   return true;
}

bool
u_thread_pool_submit(struct u_thread_pool *pool, u_thread_pool_job_fn fn,
                     void *data)
{
   return u_thread_pool_submit_batch(pool, NULL, fn, data);
}

void
u_thread_pool_wait(struct u_thread_pool *pool)
{
   if (pool->num_threads == 0)
      return;
   /* A job waiting for an idle pool would wait for itself. */
   assert(!is_own_worker(pool) && "u_thread_pool_wait() called from a job");
   if (is_own_worker(pool))
      return;

   pthread_mutex_lock(&pool->lock);
   while (pool->count != 0 || pool->active != 0)
      pthread_cond_wait(&pool->idle_cond, &pool->lock);
   pthread_mutex_unlock(&pool->lock);
}

unsigned
u_thread_pool_num_threads(const struct u_thread_pool *pool)
{
   return pool->num_threads;
}

void
u_job_batch_init(struct u_job_batch *batch, struct u_thread_pool *pool)
{
   batch->pool = pool;
   batch->pending = 0;
}

void
u_job_batch_wait(struct u_job_batch *batch)
{
   struct u_thread_pool *pool = batch->pool;
   if (pool->num_threads == 0)
      return;

   struct worker *self = is_own_worker(pool) ? current_worker : NULL;
   pthread_mutex_lock(&pool->lock);
   while (batch->pending != 0) {
      if (self && pool->count != 0) {
         run_one_locked(pool, self->index);
         continue;
      }
      if (self)
         pool->helpers_waiting++;
      pthread_cond_wait(&pool->batch_cond, &pool->lock);
      if (self)
         pool->helpers_waiting--;
   }
   pthread_mutex_unlock(&pool->lock);
}

unsigned
u_cpu_count(void)
{
   long n = sysconf(_SC_NPROCESSORS_ONLN);
   if (n < 1)
      return 1;
   return n > (long)UINT_MAX ? UINT_MAX : (unsigned)n;
}

unsigned
u_thread_pool_default_threads(void)
{
   long n = u_debug_get_int("INDIUM_NUM_THREADS", -1);
   if (n < 0)
      return u_cpu_count();
   return n > U_THREAD_POOL_MAX_THREADS ? U_THREAD_POOL_MAX_THREADS
                                        : (unsigned)n;
}
