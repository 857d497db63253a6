/* SPDX-License-Identifier: MIT */

/*
 * Tests of swrast queries: occlusion counters and predicates over the
 * context's running counter (the fragment stage's additions are simulated
 * here), nesting and restarting, timestamps and elapsed time, the queries
 * that have no begin, and the render condition with each query kind.
 */
#include <stdlib.h>

#include "sw_context.h"
#include "sw_test_util.h"
#include "util/u_time.h"

static void
add_samples(struct pipe_context *ctx, uint64_t n)
{
   atomic_fetch_add(&sw_context(ctx)->counters.samples_passed, n);
}

static void
occlusion_counts_between_begin_and_end(void **state)
{
   struct pipe_context *ctx = ((struct sw_test *)*state)->ctx;
   struct pipe_query *outer =
      ctx->create_query(ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   struct pipe_query *inner =
      ctx->create_query(ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
   add_samples(ctx, 5); /* before: not counted */
   assert_true(ctx->begin_query(ctx, outer));
   add_samples(ctx, 7);
   assert_true(ctx->begin_query(ctx, inner));
   assert_int_equal(
      sw_context(ctx)->active_queries[PIPE_QUERY_OCCLUSION_PREDICATE], 1);
   assert_true(ctx->end_query(ctx, inner));
   add_samples(ctx, 3);
   assert_true(ctx->end_query(ctx, outer));
   add_samples(ctx, 100); /* after: not counted */
   union pipe_query_result r;
   assert_true(ctx->get_query_result(ctx, outer, false, &r));
   assert_int_equal(r.u64, 10);
   assert_true(ctx->get_query_result(ctx, inner, true, &r));
   assert_false(r.b);
   /* Restarting resets. */
   ctx->begin_query(ctx, inner);
   add_samples(ctx, 1);
   ctx->end_query(ctx, inner);
   ctx->get_query_result(ctx, inner, true, &r);
   assert_true(r.b);
   ctx->begin_query(ctx, outer);
   ctx->end_query(ctx, outer);
   ctx->get_query_result(ctx, outer, true, &r);
   assert_int_equal(r.u64, 0);
   assert_int_equal(
      sw_context(ctx)->active_queries[PIPE_QUERY_OCCLUSION_COUNTER], 0);
   ctx->destroy_query(ctx, outer);
   ctx->destroy_query(ctx, inner);
}

static void
time_queries(void **state)
{
   struct sw_test *t = *state;
   struct pipe_context *ctx = t->ctx;
   struct pipe_query *ts = ctx->create_query(ctx, PIPE_QUERY_TIMESTAMP, 0);
   struct pipe_query *el = ctx->create_query(ctx, PIPE_QUERY_TIME_ELAPSED, 0);
   struct pipe_query *fin = ctx->create_query(ctx, PIPE_QUERY_GPU_FINISHED, 0);
   /* Timestamps and "finished" have no begin. */
   assert_false(ctx->begin_query(ctx, ts));
   assert_false(ctx->begin_query(ctx, fin));
   uint64_t before = t->screen->get_timestamp(t->screen);
   assert_true(ctx->begin_query(ctx, el));
   u_time_sleep_ns(2000000);
   ctx->end_query(ctx, el);
   ctx->end_query(ctx, ts);
   ctx->end_query(ctx, fin);
   uint64_t after = t->screen->get_timestamp(t->screen);
   union pipe_query_result r;
   ctx->get_query_result(ctx, el, true, &r);
   assert_true(r.u64 >= 2000000 && r.u64 <= after - before);
   ctx->get_query_result(ctx, ts, true, &r);
   assert_true(r.u64 >= before && r.u64 <= after);
   ctx->get_query_result(ctx, fin, false, &r);
   assert_true(r.b);
   ctx->destroy_query(ctx, ts);
   ctx->destroy_query(ctx, el);
   ctx->destroy_query(ctx, fin);
   assert_null(ctx->create_query(ctx, PIPE_QUERY_TYPES, 0));
}

static void
render_condition_by_query_kind(void **state)
{
   struct pipe_context *ctx = ((struct sw_test *)*state)->ctx;
   struct sw_context *sw = sw_context(ctx);
   struct pipe_query *q =
      ctx->create_query(ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
   ctx->begin_query(ctx, q);
   add_samples(ctx, 2);
   ctx->end_query(ctx, q);
   ctx->render_condition(ctx, q, false, PIPE_RENDER_COND_WAIT);
   assert_true(sw_check_render_condition(sw)); /* samples passed */
   ctx->render_condition(ctx, q, true, PIPE_RENDER_COND_NO_WAIT);
   assert_false(sw_check_render_condition(sw));
   ctx->render_condition(ctx, NULL, true, 0);
   assert_true(sw_check_render_condition(sw));
   /* Destroying the condition's query clears the condition. */
   ctx->render_condition(ctx, q, true, 0);
   ctx->destroy_query(ctx, q);
   assert_true(sw_check_render_condition(sw));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(occlusion_counts_between_begin_and_end,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(time_queries, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(render_condition_by_query_kind,
                                      sw_test_setup, sw_test_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
