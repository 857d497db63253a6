/* SPDX-License-Identifier: MIT */

/*
 * Transform feedback (GL 4.6 chapter 13.2, ES 3.0 2.15): objects with
 * their GL_TRANSFORM_FEEDBACK_BUFFER bindings, glBegin / glPause /
 * glResume / glEndTransformFeedback, and the stream-output targets bound
 * for draws.
 *
 * Where capture resumes: a pipe keeps appending to the targets it has
 * bound, but forgets its position once they are unbound (a pause, or
 * another module's draw).  So the object counts what it wrote: a
 * PIPE_QUERY_PRIMITIVES_EMITTED query runs while its targets are bound
 * (a "segment"), and each new binding starts at the bytes the finished
 * segments wrote.
 */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_link.h"
#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_inlines.h"
#include "pipe/p_state.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_get.h"
#include "st_names.h"
#include "st_program.h"
#include "st_query.h"
#include "st_query_priv.h"

struct st_xfb {
   GLuint name;
   bool active, paused;
   /** The primitiveMode of glBeginTransformFeedback. */
   GLenum mode;
   struct st_buffer_binding bindings[ST_MAX_XFB_BUFFERS];

   /** Primitives written by the finished segments of this Begin. */
   uint64_t prims_written;
   /** Counts the current segment; running while counting. */
   struct pipe_query *segment;
   bool counting;
   struct pipe_stream_output_target *targets[ST_MAX_XFB_BUFFERS];
};

static struct st_xfb *
xfb_create(GLuint name)
{
   struct st_xfb *xfb = calloc(1, sizeof(*xfb));
   if (xfb)
      xfb->name = name;
   return xfb;
}

static void
xfb_destroy(struct st_context *ctx, struct st_xfb *xfb)
{
   if (!xfb)
      return;
   for (unsigned i = 0; i < ST_MAX_XFB_BUFFERS; i++) {
      st_buffer_reference(&xfb->bindings[i].buffer, NULL);
      pipe_so_target_ref(&xfb->targets[i], NULL);
   }
   if (xfb->segment)
      ctx->pipe->destroy_query(ctx->pipe, xfb->segment);
   free(xfb);
}

bool
st_xfb_init(struct st_context *ctx)
{
   struct st_query_state *qs = ctx->query;
   qs->xfbs = st_names_create();
   qs->xfb_default = xfb_create(0);
   qs->xfb = qs->xfb_default;
   return qs->xfbs && qs->xfb_default;
}

static void
free_xfb(GLuint name, void *object, void *data)
{
   xfb_destroy(data, object);
}

void
st_xfb_fini(struct st_context *ctx)
{
   struct st_query_state *qs = ctx->query;
   if (qs->pipe_xfb)
      ctx->pipe->set_stream_output_targets(ctx->pipe, 0, NULL, NULL);
   qs->pipe_xfb = NULL;
   if (qs->xfbs) {
      st_names_foreach(qs->xfbs, free_xfb, ctx);
      st_names_destroy(qs->xfbs);
      qs->xfbs = NULL;
   }
   xfb_destroy(ctx, qs->xfb_default);
   qs->xfb_default = qs->xfb = NULL;
}

/* ---- segments and targets ---- */

/** Adds what the current segment wrote to prims_written. */
static void
end_segment(struct st_context *ctx, struct st_xfb *xfb)
{
   if (!xfb->counting)
      return;
   ctx->pipe->end_query(ctx->pipe, xfb->segment);
   union pipe_query_result r;
   if (ctx->pipe->get_query_result(ctx->pipe, xfb->segment, true, &r))
      xfb->prims_written += r.u64;
   xfb->counting = false;
}

static void
unbind_targets(struct st_context *ctx)
{
   struct st_query_state *qs = ctx->query;
   if (!qs->pipe_xfb)
      return;
   end_segment(ctx, qs->pipe_xfb);
   ctx->pipe->set_stream_output_targets(ctx->pipe, 0, NULL, NULL);
   qs->pipe_xfb = NULL;
}

void
st_xfb_unbind_targets(struct st_context *ctx)
{
   if (ctx->query)
      unbind_targets(ctx);
}

static unsigned
verts_per_prim(GLenum mode)
{
   return mode == GL_POINTS ? 1 : mode == GL_LINES ? 2 : 3;
}

/** The bytes of binding @p b that capture may use (0: none). */
static unsigned
binding_size(const struct st_buffer_binding *b)
{
   if (!b->buffer || !b->buffer->resource || b->offset >= b->buffer->size)
      return 0;
   GLsizeiptr size = b->buffer->size - b->offset;
   if (b->size && b->size < size)
      size = b->size;
   return size > UINT_MAX ? UINT_MAX : (unsigned)size;
}

/**
 * Binds the stream-output targets of @p xfb for the program's stream
 * output, starting after what earlier segments wrote, and starts a
 * segment.  False (out of memory raised) if a target cannot be made.
 */
static bool
bind_targets(struct st_context *ctx, struct st_xfb *xfb, const char *func)
{
   unsigned num_buffers;
   const struct pipe_stream_output_info *so =
      st_program_xfb_info(ctx, &num_buffers);
   if (num_buffers > ST_MAX_XFB_BUFFERS)
      num_buffers = ST_MAX_XFB_BUFFERS;
   unbind_targets(ctx);

   unsigned offsets[ST_MAX_XFB_BUFFERS] = { 0 };
   for (unsigned i = 0; i < num_buffers; i++) {
      const struct st_buffer_binding *b = &xfb->bindings[i];
      unsigned size = binding_size(b);
      struct pipe_stream_output_target *t = xfb->targets[i];
      if (!size) {
         pipe_so_target_ref(&xfb->targets[i], NULL);
         continue;
      }
      if (!t || t->buffer != b->buffer->resource ||
          t->buffer_offset != (unsigned)b->offset || t->buffer_size != size) {
         t = ctx->pipe->create_stream_output_target(
            ctx->pipe, b->buffer->resource, (unsigned)b->offset, size);
         if (!t) {
            st_out_of_memory(ctx, func);
            return false;
         }
         pipe_so_target_ref(&xfb->targets[i], NULL);
         xfb->targets[i] = t;
      }
      uint64_t bytes = xfb->prims_written * verts_per_prim(xfb->mode) *
                       (so ? so->stride[i] : 0) * 4;
      offsets[i] = bytes > size ? size : (unsigned)bytes;
   }
   ctx->pipe->set_stream_output_targets(ctx->pipe, num_buffers, xfb->targets,
                                        offsets);
   ctx->query->pipe_xfb = xfb;
   xfb->counting = ctx->pipe->begin_query(ctx->pipe, xfb->segment);
   return true;
}

bool
st_xfb_validate_draw(struct st_context *ctx, GLenum mode, const char *func)
{
   struct st_query_state *qs = ctx->query;
   if (!qs)
      return true;
   struct st_xfb *xfb = qs->xfb;
   if (!xfb->active || xfb->paused) {
      unbind_targets(ctx);
      return true;
   }
   /* ES 3.0 captures only draws without indices whose mode is exactly
    * primitiveMode; GL also takes strips, loops and fans (and quads and
    * polygons in the compatibility profile) of the same kind, as the
    * last vertex stage outputs them. */
   if (ctx->es && strstr(func, "Elements")) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(transform feedback is active)",
               func);
      return false;
   }
   GLenum prim = ctx->es ? mode : st_program_output_primitive(ctx, mode);
   if (prim != xfb->mode) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(mode=%s while transform feedback captures %s)", func,
               st_enum_name(mode), st_enum_name(xfb->mode));
      return false;
   }
   if (qs->pipe_xfb == xfb && !(ctx->dirty & ST_DIRTY_XFB))
      return true;
   return bind_targets(ctx, xfb, func);
}

/* ---- begin / end ---- */

void
api_BeginTransformFeedback(struct st_context *ctx, GLenum primitiveMode)
{
   if (primitiveMode != GL_POINTS && primitiveMode != GL_LINES &&
       primitiveMode != GL_TRIANGLES) {
      st_error(ctx, GL_INVALID_ENUM,
               "glBeginTransformFeedback(primitiveMode=%s)",
               st_enum_name(primitiveMode));
      return;
   }
   struct st_query_state *qs = ctx->query;
   if (!qs) {
      st_out_of_memory(ctx, "glBeginTransformFeedback");
      return;
   }
   struct st_xfb *xfb = qs->xfb;
   if (xfb->active) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBeginTransformFeedback(already active)");
      return;
   }
   const struct glsl_program *prog = st_program_current(ctx);
   if (!prog || !prog->num_xfb_varyings) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBeginTransformFeedback(no program with transform feedback "
               "varyings)");
      return;
   }
   for (unsigned i = 0; i < ST_MAX_XFB_BUFFERS; i++) {
      if (prog->xfb_stride[i] && !xfb->bindings[i].buffer) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glBeginTransformFeedback(no buffer bound to index %u)", i);
         return;
      }
   }
   if (!xfb->segment) {
      xfb->segment =
         ctx->pipe->create_query(ctx->pipe, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
      if (!xfb->segment) {
         st_out_of_memory(ctx, "glBeginTransformFeedback");
         return;
      }
   }
   st_flush_vertices(ctx);
   xfb->active = true;
   xfb->paused = false;
   xfb->mode = primitiveMode;
   xfb->prims_written = 0;
   ctx->dirty |= ST_DIRTY_XFB;
}

void
api_EndTransformFeedback(struct st_context *ctx)
{
   struct st_xfb *xfb = ctx->query ? ctx->query->xfb : NULL;
   if (!xfb || !xfb->active) {
      st_error(ctx, GL_INVALID_OPERATION, "glEndTransformFeedback(not active)");
      return;
   }
   st_flush_vertices(ctx);
   unbind_targets(ctx);
   xfb->active = false;
   xfb->paused = false;
   ctx->dirty |= ST_DIRTY_XFB;
}

void
api_PauseTransformFeedback(struct st_context *ctx)
{
   struct st_xfb *xfb = ctx->query ? ctx->query->xfb : NULL;
   if (!xfb || !xfb->active || xfb->paused) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glPauseTransformFeedback(not active or already paused)");
      return;
   }
   st_flush_vertices(ctx);
   unbind_targets(ctx);
   xfb->paused = true;
   ctx->dirty |= ST_DIRTY_XFB;
}

void
api_ResumeTransformFeedback(struct st_context *ctx)
{
   struct st_xfb *xfb = ctx->query ? ctx->query->xfb : NULL;
   if (!xfb || !xfb->active || !xfb->paused) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glResumeTransformFeedback(not active or not paused)");
      return;
   }
   st_flush_vertices(ctx);
   xfb->paused = false;
   ctx->dirty |= ST_DIRTY_XFB;
}

bool
st_xfb_is_active(struct st_context *ctx)
{
   return ctx->query && ctx->query->xfb->active;
}

/* ---- buffer bindings ---- */

const struct st_buffer_binding *
st_xfb_binding(struct st_context *ctx, unsigned index)
{
   if (!ctx->query || index >= ST_MAX_XFB_BUFFERS)
      return NULL;
   return &ctx->query->xfb->bindings[index];
}

void
st_xfb_bind_buffer(struct st_context *ctx, unsigned index,
                   struct st_buffer *buffer, GLintptr offset, GLsizeiptr size)
{
   if (!ctx->query || index >= ST_MAX_XFB_BUFFERS)
      return;
   struct st_buffer_binding *b = &ctx->query->xfb->bindings[index];
   st_buffer_reference(&b->buffer, buffer);
   b->offset = buffer ? offset : 0;
   b->size = buffer ? size : 0;
   ctx->dirty |= ST_DIRTY_XFB;
}

/* ---- objects ---- */

void
api_GenTransformFeedbacks(struct st_context *ctx, GLsizei n, GLuint *ids)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenTransformFeedbacks(n=%d)", n);
      return;
   }
   if (n == 0 || !ids)
      return;
   if (!ctx->query || !st_names_gen(ctx->query->xfbs, n, ids))
      st_out_of_memory(ctx, "glGenTransformFeedbacks");
}

GLboolean
api_IsTransformFeedback(struct st_context *ctx, GLuint id)
{
   /* An object exists from its first glBindTransformFeedback. */
   return id && ctx->query && st_names_lookup(ctx->query->xfbs, id) ? GL_TRUE
                                                                    : GL_FALSE;
}

void
api_BindTransformFeedback(struct st_context *ctx, GLenum target, GLuint id)
{
   if (target != GL_TRANSFORM_FEEDBACK) {
      st_error(ctx, GL_INVALID_ENUM, "glBindTransformFeedback(target=%s)",
               st_enum_name(target));
      return;
   }
   struct st_query_state *qs = ctx->query;
   if (!qs) {
      st_out_of_memory(ctx, "glBindTransformFeedback");
      return;
   }
   if (qs->xfb->active && !qs->xfb->paused) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBindTransformFeedback(transform feedback is active)");
      return;
   }
   struct st_xfb *xfb = qs->xfb_default;
   if (id) {
      if (!st_names_is_used(qs->xfbs, id)) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glBindTransformFeedback(id=%u is not a name from "
                  "glGenTransformFeedbacks)",
                  id);
         return;
      }
      xfb = st_names_lookup(qs->xfbs, id);
      if (!xfb) {
         xfb = xfb_create(id);
         if (!xfb || !st_names_insert(qs->xfbs, id, xfb)) {
            xfb_destroy(ctx, xfb);
            st_out_of_memory(ctx, "glBindTransformFeedback");
            return;
         }
      }
   }
   if (xfb == qs->xfb)
      return;
   st_flush_vertices(ctx);
   qs->xfb = xfb;
   ctx->dirty |= ST_DIRTY_XFB;
}

void
api_DeleteTransformFeedbacks(struct st_context *ctx, GLsizei n,
                             const GLuint *ids)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteTransformFeedbacks(n=%d)", n);
      return;
   }
   struct st_query_state *qs = ctx->query;
   if (!qs || !ids)
      return;
   /* Nothing is deleted if one of them is active. */
   for (GLsizei i = 0; i < n; i++) {
      const struct st_xfb *xfb =
         ids[i] ? st_names_lookup(qs->xfbs, ids[i]) : NULL;
      if (xfb && xfb->active) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glDeleteTransformFeedbacks(%u is active)", ids[i]);
         return;
      }
   }
   for (GLsizei i = 0; i < n; i++) {
      if (ids[i] == 0 || !st_names_is_used(qs->xfbs, ids[i]))
         continue;
      struct st_xfb *xfb = st_names_lookup(qs->xfbs, ids[i]);
      if (xfb) {
         st_flush_vertices(ctx);
         if (qs->xfb == xfb) {
            qs->xfb = qs->xfb_default;
            ctx->dirty |= ST_DIRTY_XFB;
         }
         if (qs->pipe_xfb == xfb)
            unbind_targets(ctx);
         xfb_destroy(ctx, xfb);
      }
      st_names_remove(qs->xfbs, ids[i]);
   }
}

/* ---- glGet ---- */

bool
st_xfb_get(struct st_context *ctx, GLenum pname, int index, struct st_value *v)
{
   bool es3 = ctx->es && ctx->version >= 30;
   if (ctx->es && !es3)
      return false;
   const struct st_xfb *xfb = ctx->query ? ctx->query->xfb : NULL;
   if (index < 0) {
      /* The generic GL_TRANSFORM_FEEDBACK_BUFFER_BINDING is st_buffer.c's. */
      switch (pname) {
      case GL_TRANSFORM_FEEDBACK_BINDING:
         if (!es3)
            return false;
         st_value_int(v, xfb ? (GLint)xfb->name : 0);
         return true;
      case GL_TRANSFORM_FEEDBACK_ACTIVE:
         if (!es3)
            return false;
         st_value_bool(v, xfb && xfb->active);
         return true;
      case GL_TRANSFORM_FEEDBACK_PAUSED:
         if (!es3)
            return false;
         st_value_bool(v, xfb && xfb->paused);
         return true;
      default:
         return false;
      }
   }
   if (pname != GL_TRANSFORM_FEEDBACK_BUFFER_BINDING &&
       pname != GL_TRANSFORM_FEEDBACK_BUFFER_START &&
       pname != GL_TRANSFORM_FEEDBACK_BUFFER_SIZE)
      return false;
   if ((unsigned)index >= ST_MAX_XFB_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, "glGet(%s, index=%d)",
               st_enum_name(pname), index);
      v->count = 0;
      return true;
   }
   if (!xfb) {
      st_out_of_memory(ctx, "glGet");
      v->count = 0;
      return true;
   }
   const struct st_buffer_binding *b = &xfb->bindings[index];
   v->type = ST_VALUE_INT64;
   v->count = 1;
   if (pname == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING)
      v->i64[0] = b->buffer ? b->buffer->name : 0;
   else if (pname == GL_TRANSFORM_FEEDBACK_BUFFER_START)
      v->i64[0] = b->offset;
   else
      v->i64[0] = b->size;
   return true;
}
