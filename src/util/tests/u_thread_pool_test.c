/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <unistd.h>

#include "util/u_thread_pool.h"
#include "util/u_time.h"

#define NUM_JOBS 10000

/** A door jobs wait at until the test opens it. */
struct gate {
   pthread_mutex_t lock;
   pthread_cond_t cond;
   bool open;
   /** Jobs that arrived at the gate. */
   unsigned arrived;
};

static void
gate_init(struct gate *g)
{
   pthread_mutex_init(&g->lock, NULL);
   pthread_cond_init(&g->cond, NULL);
   g->open = false;
   g->arrived = 0;
}

static void
gate_pass(struct gate *g)
{
   pthread_mutex_lock(&g->lock);
   g->arrived++;
   pthread_cond_broadcast(&g->cond);
   while (!g->open)
      pthread_cond_wait(&g->cond, &g->lock);
   pthread_mutex_unlock(&g->lock);
}

/** Waits until @p n jobs are blocked at the gate. */
static void
gate_wait_arrived(struct gate *g, unsigned n)
{
   pthread_mutex_lock(&g->lock);
   while (g->arrived < n)
      pthread_cond_wait(&g->cond, &g->lock);
   pthread_mutex_unlock(&g->lock);
}

static void
gate_open(struct gate *g)
{
   pthread_mutex_lock(&g->lock);
   g->open = true;
   pthread_cond_broadcast(&g->cond);
   pthread_mutex_unlock(&g->lock);
}

static void
gate_fini(struct gate *g)
{
   pthread_cond_destroy(&g->cond);
   pthread_mutex_destroy(&g->lock);
}

struct counters {
   atomic_uint total;
   atomic_uint bad_index;
   unsigned num_threads;
   /** Times each job ran. */
   atomic_uint runs[NUM_JOBS];
   /** Per-thread scratch, written without atomics. */
   unsigned per_thread[64];
   /** Whether a job with that index is running now. */
   atomic_bool busy[64];
   atomic_uint overlaps;
};

struct job_arg {
   struct counters *c;
   unsigned id;
};

static void
count_job(void *data, unsigned thread_index)
{
   struct job_arg *a = data;
   struct counters *c = a->c;
   unsigned limit = c->num_threads ? c->num_threads : 1;
   if (thread_index >= limit) {
      atomic_fetch_add(&c->bad_index, 1);
      return;
   }
   if (atomic_exchange(&c->busy[thread_index], true))
      atomic_fetch_add(&c->overlaps, 1);
   c->per_thread[thread_index]++;
   atomic_fetch_add(&c->runs[a->id], 1);
   atomic_fetch_add(&c->total, 1);
   atomic_store(&c->busy[thread_index], false);
}

static void
run_counting(unsigned num_threads)
{
   struct u_thread_pool *pool = u_thread_pool_create(num_threads);
   assert_non_null(pool);
   assert_int_equal(u_thread_pool_num_threads(pool), num_threads);

   struct counters *c = calloc(1, sizeof(*c));
   struct job_arg *args = calloc(NUM_JOBS, sizeof(*args));
   c->num_threads = num_threads;
   for (unsigned i = 0; i < NUM_JOBS; i++) {
      args[i] = (struct job_arg){ .c = c, .id = i };
      assert_true(u_thread_pool_submit(pool, count_job, &args[i]));
   }
   u_thread_pool_wait(pool);

   assert_int_equal(atomic_load(&c->total), NUM_JOBS);
   assert_int_equal(atomic_load(&c->bad_index), 0);
   assert_int_equal(atomic_load(&c->overlaps), 0);
   unsigned sum = 0;
   for (unsigned t = 0; t < 64; t++)
      sum += c->per_thread[t];
   assert_int_equal(sum, NUM_JOBS);
   for (unsigned i = 0; i < NUM_JOBS; i++)
      assert_int_equal(atomic_load(&c->runs[i]), 1);

   u_thread_pool_destroy(pool);
   free(args);
   free(c);
}

static void
ten_thousand_jobs(void **state)
{
   run_counting(4);
}

static void
thread_index_range(void **state)
{
   /* More threads than cores, and a single thread. */
   run_counting(1);
   run_counting(3);
   run_counting(16);
}

struct slow_arg {
   int *done;
};

static void
slow_job(void *data, unsigned thread_index)
{
   struct slow_arg *a = data;
   u_time_sleep_ns(20000);
   /* A plain store: wait() must order it before the caller's reads. */
   *a->done = 1;
}

static void
wait_semantics(void **state)
{
   struct u_thread_pool *pool = u_thread_pool_create(3);
   assert_non_null(pool);

   /* Waiting on an idle pool returns at once. */
   u_thread_pool_wait(pool);

   enum {
      N = 200
   };
   int done[N] = { 0 };
   struct slow_arg args[N];
   for (unsigned round = 0; round < 2; round++) {
      for (unsigned i = 0; i < N; i++) {
         done[i] = 0;
         args[i].done = &done[i];
         assert_true(u_thread_pool_submit(pool, slow_job, &args[i]));
      }
      u_thread_pool_wait(pool);
      for (unsigned i = 0; i < N; i++)
         assert_int_equal(done[i], 1);
   }
   u_thread_pool_wait(pool);
   u_thread_pool_destroy(pool);
}

struct gated_arg {
   struct gate *gate;
   atomic_uint *done;
};

static void
gated_job(void *data, unsigned thread_index)
{
   struct gated_arg *a = data;
   gate_pass(a->gate);
   atomic_fetch_add(a->done, 1);
}

static void
quick_job(void *data, unsigned thread_index)
{
   atomic_fetch_add((atomic_uint *)data, 1);
}

static void
batches_independent(void **state)
{
   struct u_thread_pool *pool = u_thread_pool_create(4);
   assert_non_null(pool);
   struct gate gate;
   gate_init(&gate);

   /* Batch a: two jobs stuck at the gate, holding two workers. */
   struct u_job_batch a, b;
   u_job_batch_init(&a, pool);
   u_job_batch_init(&b, pool);
   atomic_uint a_done = 0, b_done = 0;
   struct gated_arg ga = { .gate = &gate, .done = &a_done };
   assert_true(u_thread_pool_submit_batch(pool, &a, gated_job, &ga));
   assert_true(u_thread_pool_submit_batch(pool, &a, gated_job, &ga));
   gate_wait_arrived(&gate, 2);

   /* Batch b finishes on the other two workers while a is stuck. */
   for (unsigned i = 0; i < 500; i++)
      assert_true(u_thread_pool_submit_batch(pool, &b, quick_job, &b_done));
   u_job_batch_wait(&b);
   assert_int_equal(atomic_load(&b_done), 500);
   assert_int_equal(atomic_load(&a_done), 0);

   /* Waiting on a finished batch, or an empty one, returns at once. */
   u_job_batch_wait(&b);
   struct u_job_batch empty;
   u_job_batch_init(&empty, pool);
   u_job_batch_wait(&empty);

   gate_open(&gate);
   u_job_batch_wait(&a);
   assert_int_equal(atomic_load(&a_done), 2);

   /* Batches are reusable. */
   for (unsigned i = 0; i < 100; i++)
      assert_true(u_thread_pool_submit_batch(pool, &a, quick_job, &a_done));
   u_job_batch_wait(&a);
   assert_int_equal(atomic_load(&a_done), 102);

   u_thread_pool_destroy(pool);
   gate_fini(&gate);
}

struct fifo {
   struct gate *gate;
   unsigned order[1000];
   unsigned n;
};

struct fifo_arg {
   struct fifo *f;
   unsigned id;
};

static void
fifo_job(void *data, unsigned thread_index)
{
   struct fifo_arg *a = data;
   if (a->f->gate)
      gate_pass(a->f->gate);
   /* One worker: no two jobs run at once. */
   a->f->order[a->f->n++] = a->id;
}

static void
fifo_order_and_queue_growth(void **state)
{
   struct u_thread_pool *pool = u_thread_pool_create(1);
   assert_non_null(pool);
   struct fifo *f = calloc(1, sizeof(*f));
   struct fifo_arg args[1000];
   for (unsigned i = 0; i < 1000; i++)
      args[i] = (struct fifo_arg){ .f = f, .id = i };

   /* Move the ring's head away from 0 ... */
   for (unsigned i = 0; i < 50; i++)
      assert_true(u_thread_pool_submit(pool, fifo_job, &args[i]));
   u_thread_pool_wait(pool);

   /* ... then block the worker and queue enough to wrap and grow. */
   struct gate gate;
   gate_init(&gate);
   f->gate = &gate;
   assert_true(u_thread_pool_submit(pool, fifo_job, &args[50]));
   gate_wait_arrived(&gate, 1);
   for (unsigned i = 51; i < 1000; i++)
      assert_true(u_thread_pool_submit(pool, fifo_job, &args[i]));
   gate_open(&gate);
   u_thread_pool_wait(pool);

   assert_int_equal(f->n, 1000);
   for (unsigned i = 0; i < 1000; i++)
      assert_int_equal(f->order[i], i);

   u_thread_pool_destroy(pool);
   gate_fini(&gate);
   free(f);
}

static void
sleepy_count_job(void *data, unsigned thread_index)
{
   u_time_sleep_ns(1000);
   atomic_fetch_add((atomic_uint *)data, 1);
}

struct tree {
   struct u_thread_pool *pool;
   struct u_job_batch *batch;
   atomic_uint nodes;
   atomic_uint failures;
};

struct tree_node {
   struct tree *t;
   unsigned depth;
};

/** Each node below depth 4 submits four children: 341 nodes in all. */
static void
tree_job(void *data, unsigned thread_index)
{
   struct tree_node *n = data;
   struct tree *t = n->t;
   atomic_fetch_add(&t->nodes, 1);
   if (n->depth < 4) {
      for (unsigned i = 0; i < 4; i++) {
         struct tree_node *child = malloc(sizeof(*child));
         *child = (struct tree_node){ .t = t, .depth = n->depth + 1 };
         bool ok = t->batch ? u_thread_pool_submit_batch(t->pool, t->batch,
                                                         tree_job, child)
                            : u_thread_pool_submit(t->pool, tree_job, child);
         if (!ok)
            atomic_fetch_add(&t->failures, 1);
      }
   }
   free(n);
}

static void
start_tree(struct tree *t, struct u_thread_pool *pool,
           struct u_job_batch *batch)
{
   t->pool = pool;
   t->batch = batch;
   atomic_init(&t->nodes, 0);
   atomic_init(&t->failures, 0);
   struct tree_node *root = malloc(sizeof(*root));
   *root = (struct tree_node){ .t = t, .depth = 0 };
   if (batch)
      assert_true(u_thread_pool_submit_batch(pool, batch, tree_job, root));
   else
      assert_true(u_thread_pool_submit(pool, tree_job, root));
}

static void
destroy_with_pending(void **state)
{
   for (unsigned threads = 1; threads <= 3; threads++) {
      atomic_uint count = 0;
      struct u_thread_pool *pool = u_thread_pool_create(threads);
      assert_non_null(pool);
      for (unsigned i = 0; i < 500; i++)
         assert_true(u_thread_pool_submit(pool, sleepy_count_job, &count));
      /* Jobs submitted by jobs while destroy drains run too. */
      struct tree t;
      start_tree(&t, pool, NULL);
      u_thread_pool_destroy(pool);
      assert_int_equal(atomic_load(&count), 500);
      assert_int_equal(atomic_load(&t.nodes), 341);
   }
}

static void
create_destroy_churn(void **state)
{
   u_thread_pool_destroy(NULL);
   for (unsigned i = 0; i < 50; i++) {
      struct u_thread_pool *pool = u_thread_pool_create(i % 4);
      assert_non_null(pool);
      u_thread_pool_destroy(pool);
   }
}

struct inline_state {
   pthread_t caller;
   unsigned order[64];
   unsigned n;
   bool wrong_thread;
   struct u_thread_pool *pool;
   struct u_job_batch *batch;
};

struct inline_arg {
   struct inline_state *s;
   unsigned id;
   unsigned children;
   unsigned seen_index;
};

static void
inline_job(void *data, unsigned thread_index)
{
   struct inline_arg *a = data;
   struct inline_state *s = a->s;
   if (!pthread_equal(pthread_self(), s->caller))
      s->wrong_thread = true;
   a->seen_index = thread_index;
   s->order[s->n++] = a->id;
   for (unsigned i = 0; i < a->children; i++) {
      struct inline_arg child = { .s = s, .id = a->id * 10 + i + 1 };
      u_thread_pool_submit_batch(s->pool, s->batch, inline_job, &child);
   }
}

static void
inline_mode(void **state)
{
   struct u_thread_pool *pool = u_thread_pool_create(0);
   assert_non_null(pool);
   assert_int_equal(u_thread_pool_num_threads(pool), 0);

   struct u_job_batch batch;
   u_job_batch_init(&batch, pool);
   struct inline_state s = {
      .caller = pthread_self(),
      .pool = pool,
      .batch = &batch,
   };

   /* A job has run by the time submit returns, with index 0. */
   struct inline_arg a = { .s = &s, .id = 7, .seen_index = 99 };
   assert_true(u_thread_pool_submit(pool, inline_job, &a));
   assert_int_equal(s.n, 1);
   assert_int_equal(a.seen_index, 0);

   /* Nested submission runs depth-first, deterministically. */
   struct inline_arg b = { .s = &s, .id = 1, .children = 2 };
   assert_true(u_thread_pool_submit_batch(pool, &batch, inline_job, &b));
   u_job_batch_wait(&batch);
   u_thread_pool_wait(pool);
   static const unsigned want[] = { 7, 1, 11, 12 };
   assert_int_equal(s.n, 4);
   for (unsigned i = 0; i < 4; i++)
      assert_int_equal(s.order[i], want[i]);
   assert_false(s.wrong_thread);

   u_thread_pool_destroy(pool);
}

static void
nested_submit(void **state)
{
   for (unsigned threads = 0; threads <= 4; threads++) {
      struct u_thread_pool *pool = u_thread_pool_create(threads);
      assert_non_null(pool);

      /* Batch wait covers the children the jobs add to the batch. */
      struct u_job_batch batch;
      u_job_batch_init(&batch, pool);
      struct tree t;
      start_tree(&t, pool, &batch);
      u_job_batch_wait(&batch);
      assert_int_equal(atomic_load(&t.nodes), 341);
      assert_int_equal(atomic_load(&t.failures), 0);

      /* Pool wait covers children submitted outside any batch. */
      struct tree t2;
      start_tree(&t2, pool, NULL);
      u_thread_pool_wait(pool);
      assert_int_equal(atomic_load(&t2.nodes), 341);

      u_thread_pool_destroy(pool);
   }
}

struct fork_arg {
   struct u_thread_pool *pool;
   atomic_uint sum;
   atomic_uint *total;
};

static void
fork_child(void *data, unsigned thread_index)
{
   struct fork_arg *p = data;
   atomic_fetch_add(&p->sum, 1);
}

/** Forks 8 children into its own batch and joins them. */
static void
fork_parent(void *data, unsigned thread_index)
{
   struct fork_arg *p = data;
   struct u_job_batch batch;
   u_job_batch_init(&batch, p->pool);
   for (unsigned i = 0; i < 8; i++)
      u_thread_pool_submit_batch(p->pool, &batch, fork_child, p);
   u_job_batch_wait(&batch);
   if (atomic_load(&p->sum) == 8)
      atomic_fetch_add(p->total, 1);
}

static void
fork_join_in_jobs(void **state)
{
   /* With one thread only a helping wait avoids the deadlock. */
   for (unsigned threads = 0; threads <= 3; threads++) {
      struct u_thread_pool *pool = u_thread_pool_create(threads);
      assert_non_null(pool);
      atomic_uint joined = 0;
      struct fork_arg parents[16];
      for (unsigned i = 0; i < 16; i++) {
         parents[i].pool = pool;
         atomic_init(&parents[i].sum, 0);
         parents[i].total = &joined;
         assert_true(u_thread_pool_submit(pool, fork_parent, &parents[i]));
      }
      u_thread_pool_wait(pool);
      assert_int_equal(atomic_load(&joined), 16);
      u_thread_pool_destroy(pool);
   }
}

static void
default_threads(void **state)
{
   unsigned cpus = u_cpu_count();
   assert_true(cpus >= 1);
   long online = sysconf(_SC_NPROCESSORS_ONLN);
   if (online > 0)
      assert_int_equal(cpus, online);

   unsetenv("INDIUM_NUM_THREADS");
   assert_int_equal(u_thread_pool_default_threads(), cpus);
   setenv("INDIUM_NUM_THREADS", "3", 1);
   assert_int_equal(u_thread_pool_default_threads(), 3);
   setenv("INDIUM_NUM_THREADS", "0", 1);
   assert_int_equal(u_thread_pool_default_threads(), 0);
   setenv("INDIUM_NUM_THREADS", "0x10", 1);
   assert_int_equal(u_thread_pool_default_threads(), 16);
   setenv("INDIUM_NUM_THREADS", "lots", 1);
   assert_int_equal(u_thread_pool_default_threads(), cpus);
   setenv("INDIUM_NUM_THREADS", "-2", 1);
   assert_int_equal(u_thread_pool_default_threads(), cpus);
   setenv("INDIUM_NUM_THREADS", "1000000", 1);
   assert_int_equal(u_thread_pool_default_threads(), U_THREAD_POOL_MAX_THREADS);
   unsetenv("INDIUM_NUM_THREADS");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(ten_thousand_jobs),
      cmocka_unit_test(thread_index_range),
      cmocka_unit_test(wait_semantics),
      cmocka_unit_test(batches_independent),
      cmocka_unit_test(fifo_order_and_queue_growth),
      cmocka_unit_test(destroy_with_pending),
      cmocka_unit_test(create_destroy_churn),
      cmocka_unit_test(inline_mode),
      cmocka_unit_test(nested_submit),
      cmocka_unit_test(fork_join_in_jobs),
      cmocka_unit_test(default_threads),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
