/* SPDX-License-Identifier: MIT */

/*
 * Vertex capture: the draw's vertex stage through the pipe, its outputs
 * read back (st_vertex_capture.h).
 *
 * The draw is sent again as points, with a copy of the vertex shader
 * whose stream output writes the asked-for slots (st_program_capture.c)
 * into a buffer of this module, and a rasterizer state that discards
 * everything.  As points, each vertex the draw reads is one primitive of
 * stream output, in draw order, so the buffer holds the vertices as the
 * caller assembles them; a PRIMITIVES_EMITTED query tells how many were
 * written (restart indices write nothing).
 *
 * The pipe state this changes (vertex shader, rasterizer, stream-output
 * targets) is put back or marked dirty before returning, so the next
 * draw binds the GL state's again.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "st_context.h"
#include "st_draw_priv.h"
#include "st_program.h"
#include "st_query.h"
#include "st_validate.h"
#include "st_vertex_capture.h"
#include "st_vertex_priv.h"

/** The pipe objects of one capture. */
struct capture_objects {
   struct pipe_resource *buffer;
   struct pipe_stream_output_target *target;
   struct pipe_query *query;
};

static void
objects_fini(struct st_context *ctx, struct capture_objects *o)
{
   if (o->query)
      ctx->pipe->destroy_query(ctx->pipe, o->query);
   pipe_so_target_ref(&o->target, NULL);
   pipe_resource_ref(&o->buffer, NULL);
}

static bool
objects_init(struct st_context *ctx, unsigned bytes, struct capture_objects *o)
{
   struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .format = PIPE_FORMAT_R8_UNORM,
      .width0 = bytes,
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
      .usage = PIPE_USAGE_STAGING,
      .bind = PIPE_BIND_STREAM_OUTPUT,
   };
   struct pipe_context *pipe = ctx->pipe;
   o->buffer = ctx->screen->resource_create(ctx->screen, &templ);
   if (o->buffer)
      o->target = pipe->create_stream_output_target(pipe, o->buffer, 0, bytes);
   if (o->target)
      o->query = pipe->create_query(pipe, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
   return o->query != NULL;
}

/** Copies the first @p n vertices of @p stride floats out of the buffer
 * into out->data. */
static bool
read_back(struct st_context *ctx, struct capture_objects *o, unsigned n,
          unsigned stride, struct st_vertex_capture *out)
{
   size_t bytes = (size_t)n * stride * sizeof(float);
   out->data = malloc(bytes);
   if (!out->data)
      return false;
   struct pipe_box box = {
      .width = (int)bytes,
      .height = 1,
      .depth = 1,
   };
   struct pipe_transfer *transfer;
   const void *map = ctx->pipe->buffer_map(ctx->pipe, o->buffer, 0,
                                           PIPE_MAP_READ, &box, &transfer);
   if (!map)
      return false;
   memcpy(out->data, map, bytes);
   ctx->pipe->buffer_unmap(ctx->pipe, transfer);
   out->num_vertices = n;
   return true;
}

/** Draws @p info / @p draw as points into the bound capture targets and
 * returns how many vertices were written. */
static unsigned
draw_points(struct st_context *ctx, struct capture_objects *o,
            const struct pipe_draw_info *info,
            const struct pipe_draw_start_count_bias *draw)
{
   struct pipe_context *pipe = ctx->pipe;
   st_xfb_unbind_targets(ctx);
   const unsigned offset = 0;
   pipe->set_stream_output_targets(pipe, 1, &o->target, &offset);
   bool counting = pipe->begin_query(pipe, o->query);
   struct pipe_draw_info points = *info;
   points.mode = PIPE_PRIM_POINTS;
   pipe->draw_vbo(pipe, &points, draw, 1);
   union pipe_query_result r = { 0 };
   if (counting) {
      pipe->end_query(pipe, o->query);
      pipe->get_query_result(pipe, o->query, true, &r);
   }
   pipe->set_stream_output_targets(pipe, 0, NULL, NULL);
   return r.u64 > UINT32_MAX ? UINT32_MAX : (unsigned)r.u64;
}

bool
st_vertex_capture_draw(struct st_context *ctx,
                       const struct pipe_draw_info *info,
                       const struct pipe_draw_start_count_bias *draw,
                       uint64_t slots, struct st_vertex_capture *out,
                       const char *func)
{
   memset(out, 0, sizeof(*out));
   uint64_t max_vertices = (uint64_t)draw->count * info->instance_count;
   if (max_vertices == 0)
      return true;
   uint64_t captured;
   if (!st_program_bind_capture_vs(ctx, slots, &captured)) {
      st_out_of_memory(ctx, func);
      return false;
   }
   out->slots = captured;
   out->stride = 4 * (unsigned)__builtin_popcountll(captured);
   /* A shader writing none of the slots gives nothing to read. */
   bool ok = true;
   if (out->stride) {
      uint64_t bytes = max_vertices * out->stride * sizeof(float);
      struct capture_objects o = { 0 };
      ok = bytes <= INT_MAX && objects_init(ctx, (unsigned)bytes, &o);
      if (!ok) {
         st_out_of_memory(ctx, func);
      } else if (st_validate_bind_discard_rasterizer(ctx, func)) {
         unsigned n = draw_points(ctx, &o, info, draw);
         if (n > max_vertices)
            n = (unsigned)max_vertices;
         ok = read_back(ctx, &o, n, out->stride, out);
         if (!ok)
            st_out_of_memory(ctx, func);
      } else {
         ok = false;
      }
      objects_fini(ctx, &o);
   }
   st_program_unbind_capture_vs(ctx);
   return ok;
}

bool
st_vertex_capture_current(struct st_context *ctx, const GLfloat pos[4],
                          uint64_t slots, struct st_vertex_capture *out,
                          const char *func)
{
   memset(out, 0, sizeof(*out));
   if (!st_program_validate(ctx, func))
      return false;
   struct st_vertex_state *vs = ctx->vertex;
   union st_current vertex[ST_MAX_ATTRIB_LOCATIONS];
   memcpy(vertex, vs->current, sizeof(vertex));
   memcpy(vertex[0].f, pos, sizeof(vertex[0].f));
   memcpy(vertex[ST_ATTRIB_VERTEX].f, pos, sizeof(vertex[0].f));
   if (!st_draw_setup_vertices(ctx, vertex, NULL)) {
      st_draw_release_vertices(ctx);
      st_out_of_memory(ctx, func);
      return false;
   }
   const struct pipe_draw_info info = { .instance_count = 1 };
   const struct pipe_draw_start_count_bias draw = { .count = 1 };
   bool ok = st_vertex_capture_draw(ctx, &info, &draw, slots, out, func);
   st_draw_release_vertices(ctx);
   return ok && out->num_vertices == 1;
}

void
st_vertex_capture_fini(struct st_vertex_capture *c)
{
   free(c->data);
   memset(c, 0, sizeof(*c));
}
