/* SPDX-License-Identifier: MIT */

/*
 * Query objects (GL 4.6 chapter 4.2, ES 3.0 2.13) and conditional
 * rendering: each query object wraps one pipe query of the type of its
 * target, created at its first glBeginQuery / glQueryCounter.  Results
 * come from get_query_result(); a GL result that does not fit the type
 * asked for saturates.
 */

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include "glapi_api.h"
#include "glapi_extensions.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "st_context.h"
#include "st_get.h"
#include "st_names.h"
#include "st_query.h"
#include "st_query_priv.h"

struct st_query {
   GLuint name;
   /** The target of its first use (fixed from then on). */
   GLenum target;
   struct pipe_query *pq;
   bool active;
};

void
st_query_init(struct st_context *ctx)
{
   struct st_query_state *qs = calloc(1, sizeof(*qs));
   if (!qs)
      return;
   qs->queries = st_names_create();
   ctx->query = qs;
   if (!qs->queries || !st_xfb_init(ctx))
      st_query_fini(ctx);
}

static void
free_query(GLuint name, void *object, void *data)
{
   struct st_context *ctx = data;
   struct st_query *q = object;
   if (q->pq)
      ctx->pipe->destroy_query(ctx->pipe, q->pq);
   free(q);
}

void
st_query_fini(struct st_context *ctx)
{
   struct st_query_state *qs = ctx->query;
   if (!qs)
      return;
   st_xfb_fini(ctx);
   if (qs->condition)
      ctx->pipe->render_condition(ctx->pipe, NULL, false, 0);
   if (qs->queries) {
      st_names_foreach(qs->queries, free_query, ctx);
      st_names_destroy(qs->queries);
   }
   free(qs);
   ctx->query = NULL;
}

/* ---- targets ---- */

static bool
has_timer(const struct st_context *ctx)
{
   return !ctx->es &&
          (ctx->version >= 33 || st_has_extension(ctx, ST_EXT_ARB_timer_query));
}

/** The slot of @p target if the context has that target, else -1. */
static int
query_slot(const struct st_context *ctx, GLenum target)
{
   bool es3 = ctx->es && ctx->version >= 30;
   switch (target) {
   case GL_SAMPLES_PASSED:
      return ctx->es ? -1 : ST_QUERY_SAMPLES_PASSED;
   case GL_ANY_SAMPLES_PASSED:
      return es3 || (!ctx->es &&
                     (ctx->version >= 33 ||
                      st_has_extension(ctx, ST_EXT_ARB_occlusion_query2)))
                ? ST_QUERY_ANY_SAMPLES_PASSED
                : -1;
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      return es3 || (!ctx->es &&
                     st_has_extension(ctx, ST_EXT_ARB_ES3_compatibility))
                ? ST_QUERY_ANY_SAMPLES_PASSED_CONSERVATIVE
                : -1;
   case GL_PRIMITIVES_GENERATED:
      return ctx->es ? -1 : ST_QUERY_PRIMITIVES_GENERATED;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      return !ctx->es || es3 ? ST_QUERY_XFB_PRIMITIVES_WRITTEN : -1;
   case GL_TIME_ELAPSED:
      return has_timer(ctx) ? ST_QUERY_TIME_ELAPSED : -1;
   default:
      return -1;
   }
}

static unsigned
pipe_query_type(GLenum target)
{
   switch (target) {
   case GL_SAMPLES_PASSED:
      return PIPE_QUERY_OCCLUSION_COUNTER;
   case GL_ANY_SAMPLES_PASSED:
      return PIPE_QUERY_OCCLUSION_PREDICATE;
   case GL_ANY_SAMPLES_PASSED_CONSERVATIVE:
      return PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE;
   case GL_PRIMITIVES_GENERATED:
      return PIPE_QUERY_PRIMITIVES_GENERATED;
   case GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN:
      return PIPE_QUERY_PRIMITIVES_EMITTED;
   case GL_TIME_ELAPSED:
      return PIPE_QUERY_TIME_ELAPSED;
   default:
      return PIPE_QUERY_TIMESTAMP;
   }
}

static bool
is_predicate(GLenum target)
{
   return target == GL_ANY_SAMPLES_PASSED ||
          target == GL_ANY_SAMPLES_PASSED_CONSERVATIVE;
}

/* ---- names ---- */

void
api_GenQueries(struct st_context *ctx, GLsizei n, GLuint *ids)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenQueries(n=%d)", n);
      return;
   }
   if (n == 0 || !ids)
      return;
   if (!ctx->query || !st_names_gen(ctx->query->queries, n, ids))
      st_out_of_memory(ctx, "glGenQueries");
}

static struct st_query *
lookup(struct st_context *ctx, GLuint id)
{
   if (!ctx->query || id == 0)
      return NULL;
   return st_names_lookup(ctx->query->queries, id);
}

GLboolean
api_IsQuery(struct st_context *ctx, GLuint id)
{
   /* A name only reserved by glGenQueries is not a query object yet. */
   return lookup(ctx, id) ? GL_TRUE : GL_FALSE;
}

static void
end_condition(struct st_context *ctx)
{
   ctx->pipe->render_condition(ctx->pipe, NULL, false, 0);
   ctx->query->condition = NULL;
}

void
api_DeleteQueries(struct st_context *ctx, GLsizei n, const GLuint *ids)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteQueries(n=%d)", n);
      return;
   }
   struct st_query_state *qs = ctx->query;
   if (!qs || !ids)
      return;
   for (GLsizei i = 0; i < n; i++) {
      if (ids[i] == 0 || !st_names_is_used(qs->queries, ids[i]))
         continue;
      struct st_query *q = st_names_lookup(qs->queries, ids[i]);
      if (q) {
         st_flush_vertices(ctx);
         /* Deleting an active query ends it (GL 4.6, 4.2.1). */
         if (q->active) {
            ctx->pipe->end_query(ctx->pipe, q->pq);
            for (unsigned s = 0; s < ST_QUERY_SLOTS; s++) {
               if (qs->active[s] == q)
                  qs->active[s] = NULL;
            }
         }
         if (qs->condition == q)
            end_condition(ctx);
         free_query(ids[i], q, ctx);
      }
      st_names_remove(qs->queries, ids[i]);
   }
}

/* ---- begin / end ---- */

/**
 * The query object @p id for a use with @p target by @p func: it must be
 * a name from glGenQueries, not active, and of @p target if used before.
 * Creates the object and its pipe query at the first use.  NULL after
 * raising the error.
 */
static struct st_query *
query_for_use(struct st_context *ctx, GLuint id, GLenum target,
              const char *func)
{
   struct st_query_state *qs = ctx->query;
   if (id == 0 || !st_names_is_used(qs->queries, id)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(id=%u is not a query name)", func,
               id);
      return NULL;
   }
   struct st_query *q = st_names_lookup(qs->queries, id);
   if (q) {
      if (q->active) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(query %u is active)", func,
                  id);
         return NULL;
      }
      if (q->target != target) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(query %u has target %s, not %s)", func, id,
                  st_enum_name(q->target), st_enum_name(target));
         return NULL;
      }
      return q;
   }
   q = calloc(1, sizeof(*q));
   if (!q) {
      st_out_of_memory(ctx, func);
      return NULL;
   }
   q->name = id;
   q->target = target;
   q->pq = ctx->pipe->create_query(ctx->pipe, pipe_query_type(target), 0);
   if (!q->pq || !st_names_insert(qs->queries, id, q)) {
      free_query(id, q, ctx);
      st_out_of_memory(ctx, func);
      return NULL;
   }
   return q;
}

void
api_BeginQuery(struct st_context *ctx, GLenum target, GLuint id)
{
   int slot = query_slot(ctx, target);
   if (slot < 0) {
      st_error(ctx, GL_INVALID_ENUM, "glBeginQuery(target=%s)",
               st_enum_name(target));
      return;
   }
   struct st_query_state *qs = ctx->query;
   if (!qs) {
      st_out_of_memory(ctx, "glBeginQuery");
      return;
   }
   if (qs->active[slot]) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBeginQuery(a %s query is already active)",
               st_enum_name(target));
      return;
   }
   struct st_query *q = query_for_use(ctx, id, target, "glBeginQuery");
   if (!q)
      return;
   /* Vertices queued before glBeginQuery do not count. */
   st_flush_vertices(ctx);
   if (!ctx->pipe->begin_query(ctx->pipe, q->pq)) {
      st_out_of_memory(ctx, "glBeginQuery");
      return;
   }
   q->active = true;
   qs->active[slot] = q;
}

void
api_EndQuery(struct st_context *ctx, GLenum target)
{
   int slot = query_slot(ctx, target);
   if (slot < 0) {
      st_error(ctx, GL_INVALID_ENUM, "glEndQuery(target=%s)",
               st_enum_name(target));
      return;
   }
   struct st_query_state *qs = ctx->query;
   struct st_query *q = qs ? qs->active[slot] : NULL;
   if (!q) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndQuery(no active %s query)",
               st_enum_name(target));
      return;
   }
   /* Vertices queued before glEndQuery count. */
   st_flush_vertices(ctx);
   ctx->pipe->end_query(ctx->pipe, q->pq);
   q->active = false;
   qs->active[slot] = NULL;
}

void
api_QueryCounter(struct st_context *ctx, GLuint id, GLenum target)
{
   if (target != GL_TIMESTAMP || !has_timer(ctx)) {
      st_error(ctx, GL_INVALID_ENUM, "glQueryCounter(target=%s)",
               st_enum_name(target));
      return;
   }
   if (!ctx->query) {
      st_out_of_memory(ctx, "glQueryCounter");
      return;
   }
   struct st_query *q = query_for_use(ctx, id, target, "glQueryCounter");
   if (!q)
      return;
   /* The time stamp is taken when earlier commands are done. */
   st_flush_vertices(ctx);
   ctx->pipe->end_query(ctx->pipe, q->pq);
}

/* ---- results ---- */

void
api_GetQueryiv(struct st_context *ctx, GLenum target, GLenum pname,
               GLint *params)
{
   int slot = query_slot(ctx, target);
   bool timestamp = target == GL_TIMESTAMP && has_timer(ctx);
   if (slot < 0 && !timestamp) {
      st_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(target=%s)",
               st_enum_name(target));
      return;
   }
   GLint value;
   if (pname == GL_CURRENT_QUERY) {
      const struct st_query *q =
         slot >= 0 && ctx->query ? ctx->query->active[slot] : NULL;
      value = q ? (GLint)q->name : 0;
   } else if (pname == GL_QUERY_COUNTER_BITS && !ctx->es) {
      /* The predicates answer true or false; counters are 64-bit. */
      value = is_predicate(target) ? 1 : 64;
   } else {
      st_error(ctx, GL_INVALID_ENUM, "glGetQueryiv(pname=%s)",
               st_enum_name(pname));
      return;
   }
   if (params)
      *params = value;
}

/**
 * The value of @p pname (GL_QUERY_RESULT or GL_QUERY_RESULT_AVAILABLE) of
 * query @p id into *@p out; false after raising the error.
 */
static bool
query_result(struct st_context *ctx, GLuint id, GLenum pname, uint64_t *out,
             const char *func)
{
   if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return false;
   }
   struct st_query *q = lookup(ctx, id);
   if (!q) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(id=%u is not a query object)",
               func, id);
      return false;
   }
   if (q->active) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(query %u is active)", func, id);
      return false;
   }
   bool wait = pname == GL_QUERY_RESULT;
   union pipe_query_result r;
   bool ready = ctx->pipe->get_query_result(ctx->pipe, q->pq, false, &r);
   if (!ready && wait) {
      /* The work the query measures must be submitted before waiting. */
      ctx->pipe->flush(ctx->pipe, NULL, 0);
      ready = ctx->pipe->get_query_result(ctx->pipe, q->pq, true, &r);
   }
   if (!wait)
      *out = ready;
   else if (!ready)
      *out = 0;
   else if (pipe_query_type(q->target) == PIPE_QUERY_OCCLUSION_PREDICATE ||
            pipe_query_type(q->target) ==
               PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE)
      *out = r.b;
   else
      *out = r.u64;
   return true;
}

void
api_GetQueryObjectiv(struct st_context *ctx, GLuint id, GLenum pname,
                     GLint *params)
{
   uint64_t v;
   if (query_result(ctx, id, pname, &v, "glGetQueryObjectiv") && params)
      *params = v > INT_MAX ? INT_MAX : (GLint)v;
}

void
api_GetQueryObjectuiv(struct st_context *ctx, GLuint id, GLenum pname,
                      GLuint *params)
{
   uint64_t v;
   if (query_result(ctx, id, pname, &v, "glGetQueryObjectuiv") && params)
      *params = v > UINT_MAX ? UINT_MAX : (GLuint)v;
}

void
api_GetQueryObjecti64v(struct st_context *ctx, GLuint id, GLenum pname,
                       GLint64 *params)
{
   uint64_t v;
   if (query_result(ctx, id, pname, &v, "glGetQueryObjecti64v") && params)
      *params = v > INT64_MAX ? INT64_MAX : (GLint64)v;
}

void
api_GetQueryObjectui64v(struct st_context *ctx, GLuint id, GLenum pname,
                        GLuint64 *params)
{
   uint64_t v;
   if (query_result(ctx, id, pname, &v, "glGetQueryObjectui64v") && params)
      *params = v;
}

/* ---- conditional rendering ---- */

void
api_BeginConditionalRender(struct st_context *ctx, GLuint id, GLenum mode)
{
   unsigned pipe_mode;
   switch (mode) {
   case GL_QUERY_WAIT:
      pipe_mode = PIPE_RENDER_COND_WAIT;
      break;
   case GL_QUERY_NO_WAIT:
      pipe_mode = PIPE_RENDER_COND_NO_WAIT;
      break;
   case GL_QUERY_BY_REGION_WAIT:
      pipe_mode = PIPE_RENDER_COND_BY_REGION_WAIT;
      break;
   case GL_QUERY_BY_REGION_NO_WAIT:
      pipe_mode = PIPE_RENDER_COND_BY_REGION_NO_WAIT;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glBeginConditionalRender(mode=%s)",
               st_enum_name(mode));
      return;
   }
   struct st_query_state *qs = ctx->query;
   if (!qs) {
      st_out_of_memory(ctx, "glBeginConditionalRender");
      return;
   }
   if (qs->condition) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBeginConditionalRender(already active)");
      return;
   }
   struct st_query *q = lookup(ctx, id);
   if (!q) {
      st_error(ctx, GL_INVALID_VALUE,
               "glBeginConditionalRender(id=%u is not a query object)", id);
      return;
   }
   if (q->active ||
       (q->target != GL_SAMPLES_PASSED && q->target != GL_ANY_SAMPLES_PASSED &&
        q->target != GL_ANY_SAMPLES_PASSED_CONSERVATIVE)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBeginConditionalRender(query %u is active or not an "
               "occlusion query)",
               id);
      return;
   }
   st_flush_vertices(ctx);
   /* Draw only if samples passed: skip when the result is false. */
   ctx->pipe->render_condition(ctx->pipe, q->pq, false, pipe_mode);
   qs->condition = q;
}

void
api_EndConditionalRender(struct st_context *ctx)
{
   if (!ctx->query || !ctx->query->condition) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndConditionalRender(not active)");
      return;
   }
   st_flush_vertices(ctx);
   end_condition(ctx);
}

/* ---- glGet ---- */

bool
st_query_get(struct st_context *ctx, GLenum pname, int index,
             struct st_value *v)
{
   if (pname == GL_TIMESTAMP && index < 0 && has_timer(ctx)) {
      v->type = ST_VALUE_INT64;
      v->count = 1;
      v->i64[0] = (GLint64)ctx->screen->get_timestamp(ctx->screen);
      return true;
   }
   return st_xfb_get(ctx, pname, index, v);
}
