/* SPDX-License-Identifier: MIT */

/*
 * Queries and conditional rendering of swrast.
 *
 * The context keeps running counters (struct sw_counters): the fragment
 * stage adds samples that passed, the draw stage adds primitives generated
 * and written to stream output.  A query snapshots the counter it watches
 * at begin_query and again at end_query; its result is the difference.
 * Time queries snapshot u_time_ns() the same way.  Everything has finished
 * when end_query returns, so results are always available.
 *
 * Stream-output overflow: primitives_so_needed counts primitives that the
 * draw stage could not write for lack of room; an overflow predicate is
 * true if it grew between begin and end.
 */
#include <stdlib.h>

#include "sw_context.h"
#include "util/u_time.h"

struct pipe_query {
   unsigned type;
   unsigned index;
   bool active;
   /** Counter values at begin (start) and end (end). */
   uint64_t start[2], end[2];
};

/** The counters a query type watches: up to two values. */
static void
read_counters(struct sw_context *sw, unsigned type, uint64_t out[2])
{
   out[0] = out[1] = 0;
   switch (type) {
   case PIPE_QUERY_OCCLUSION_COUNTER:
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
      out[0] = atomic_load(&sw->counters.samples_passed);
      break;
   case PIPE_QUERY_TIMESTAMP:
   case PIPE_QUERY_TIME_ELAPSED:
      out[0] = (uint64_t)u_time_ns();
      break;
   case PIPE_QUERY_PRIMITIVES_GENERATED:
      out[0] = sw->counters.primitives_generated;
      break;
   case PIPE_QUERY_PRIMITIVES_EMITTED:
      out[0] = sw->counters.primitives_emitted;
      break;
   case PIPE_QUERY_SO_STATISTICS:
      out[0] = sw->counters.primitives_emitted;
      out[1] =
         sw->counters.primitives_emitted + sw->counters.primitives_so_needed;
      break;
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
      out[0] = sw->counters.primitives_so_needed;
      break;
   default:
      break;
   }
}

static struct pipe_query *
sw_create_query(struct pipe_context *ctx, unsigned type, unsigned index)
{
   if (type >= PIPE_QUERY_TYPES)
      return NULL;
   struct pipe_query *q = calloc(1, sizeof(*q));
   if (!q)
      return NULL;
   q->type = type;
   q->index = index;
   return q;
}

static void
sw_destroy_query(struct pipe_context *ctx, struct pipe_query *q)
{
   struct sw_context *sw = sw_context(ctx);
   if (!q)
      return;
   if (q->active)
      sw->active_queries[q->type]--;
   if (sw->render_cond_query == q)
      sw->render_cond_query = NULL;
   free(q);
}

static bool
sw_begin_query(struct pipe_context *ctx, struct pipe_query *q)
{
   struct sw_context *sw = sw_context(ctx);
   /* These have no begin: the result is taken at end_query. */
   if (q->type == PIPE_QUERY_TIMESTAMP || q->type == PIPE_QUERY_GPU_FINISHED)
      return false;
   if (!q->active)
      sw->active_queries[q->type]++;
   q->active = true;
   read_counters(sw, q->type, q->start);
   q->end[0] = q->start[0];
   q->end[1] = q->start[1];
   return true;
}

static bool
sw_end_query(struct pipe_context *ctx, struct pipe_query *q)
{
   struct sw_context *sw = sw_context(ctx);
   if (q->active)
      sw->active_queries[q->type]--;
   q->active = false;
   read_counters(sw, q->type, q->end);
   return true;
}

static bool
sw_get_query_result(struct pipe_context *ctx, struct pipe_query *q, bool wait,
                    union pipe_query_result *result)
{
   uint64_t d0 = q->end[0] - q->start[0];
   uint64_t d1 = q->end[1] - q->start[1];
   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
      result->b = d0 != 0;
      break;
   case PIPE_QUERY_GPU_FINISHED:
      result->b = true;
      break;
   case PIPE_QUERY_TIMESTAMP:
      result->u64 = q->end[0];
      break;
   case PIPE_QUERY_SO_STATISTICS:
      result->so_statistics.num_primitives_written = d0;
      result->so_statistics.primitives_storage_needed = d1;
      break;
   default:
      result->u64 = d0;
      break;
   }
   return true;
}

static void
sw_render_condition(struct pipe_context *ctx, struct pipe_query *query,
                    bool condition, unsigned mode)
{
   struct sw_context *sw = sw_context(ctx);
   sw->render_cond_query = query;
   sw->render_cond_condition = condition;
   sw->render_cond_mode = mode;
}

bool
sw_check_render_condition(struct sw_context *sw)
{
   struct pipe_query *q = sw->render_cond_query;
   if (!q)
      return true;
   union pipe_query_result r;
   sw_get_query_result(&sw->base, q, true, &r);
   bool value;
   switch (q->type) {
   case PIPE_QUERY_OCCLUSION_PREDICATE:
   case PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE:
   case PIPE_QUERY_SO_OVERFLOW_PREDICATE:
   case PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE:
   case PIPE_QUERY_GPU_FINISHED:
      value = r.b;
      break;
   case PIPE_QUERY_SO_STATISTICS:
      value = r.so_statistics.num_primitives_written != 0;
      break;
   default:
      value = r.u64 != 0;
      break;
   }
   return value != sw->render_cond_condition;
}

void
sw_init_query_functions(struct sw_context *sw)
{
   struct pipe_context *ctx = &sw->base;
   ctx->create_query = sw_create_query;
   ctx->destroy_query = sw_destroy_query;
   ctx->begin_query = sw_begin_query;
   ctx->end_query = sw_end_query;
   ctx->get_query_result = sw_get_query_result;
   ctx->render_condition = sw_render_condition;
}
