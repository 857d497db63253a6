/* SPDX-License-Identifier: MIT */

/*
 * The draw commands of GL 3.3 and ES 3.0: glDrawArrays[Instanced],
 * glDrawElements[Instanced][BaseVertex], glDrawRangeElements[BaseVertex],
 * glMultiDrawArrays, glMultiDrawElements[BaseVertex], and the draw of
 * immediate-mode vertices.
 *
 * Each command checks its parameters (mode, counts, index type), then the
 * state (a vertex array object in core, no mapped buffer in use), then
 * st_validate_draw() (framebuffer, program, transform feedback mode),
 * binds the vertex elements and buffers (st_draw_vertices.c) and calls
 * draw_vbo.  GL primitive enums equal enum pipe_prim_type, quads and
 * polygons included, so modes pass through unchanged.  Multi-draws are
 * loops of single draws, as the specification defines them.
 *
 * Indices: from the element array buffer (offset in indices when the
 * offset is a multiple of the index size, otherwise the buffer is mapped
 * and read as user indices for the draw), or from client memory in the
 * compatibility profile and ES.
 */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "glapi_api.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_draw_priv.h"
#include "st_program.h"
#include "st_render_mode.h"
#include "st_validate.h"
#include "st_vertex_priv.h"
#include "pipe/p_context.h"

static bool
valid_mode(struct st_context *ctx, GLenum mode)
{
   if (mode <= GL_TRIANGLE_FAN)
      return true;
   if (mode <= GL_POLYGON)
      return st_is_compat(ctx);
   if (mode <= GL_TRIANGLE_STRIP_ADJACENCY)
      return st_is_desktop(ctx, 32);
   return false;
}

unsigned
st_vertex_index_size(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT:
      return 2;
   case GL_UNSIGNED_INT:
      return 4;
   default:
      return 0;
   }
}

/** The parameter checks of every draw: mode and (for indexed draws) the
 * index type. */
static bool
check_params(struct st_context *ctx, GLenum mode, GLenum type, bool indexed,
             const char *func)
{
   if (!valid_mode(ctx, mode)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(mode=%s)", func, st_enum_name(mode));
      return false;
   }
   if (indexed && !st_vertex_index_size(type)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(type=%s)", func, st_enum_name(type));
      return false;
   }
   return true;
}

/** Whether an array or index buffer the draw would read is mapped
 * (GL 4.6 core, 6.3.2: GL_INVALID_OPERATION). */
static bool
buffers_mapped(struct st_context *ctx, bool indexed)
{
   const struct st_vao *vao = ctx->vertex->vao;
   if (indexed && st_buffer_is_mapped(vao->element_buffer))
      return true;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++) {
      if (vao->arrays[i].enabled && st_buffer_is_mapped(vao->arrays[i].buffer))
         return true;
   }
   return false;
}

/** The state checks of every draw (after the parameter checks). */
static bool
check_state(struct st_context *ctx, GLenum mode, bool indexed, const char *func)
{
   struct st_vertex_state *vs = ctx->vertex;
   if (!st_program_gs_accepts_mode(ctx, mode)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(mode=%s does not match the geometry shader's input)", func,
               st_enum_name(mode));
      return false;
   }
   if (ctx->core && vs->vao == vs->default_vao) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no vertex array object bound)",
               func);
      return false;
   }
   if (buffers_mapped(ctx, indexed)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(a buffer in use is mapped)",
               func);
      return false;
   }
   if (indexed && !vs->vao->element_buffer && ctx->core) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no element array buffer bound)",
               func);
      return false;
   }
   return true;
}

/** The smallest and largest of @p count indices of @p size bytes, the
 * restart index left out; false when every index is a restart. */
static bool
index_bounds(const struct pipe_draw_info *info, const uint8_t *indices,
             unsigned count, unsigned *min, unsigned *max)
{
   unsigned lo = UINT32_MAX, hi = 0;
   for (unsigned i = 0; i < count; i++) {
      unsigned idx;
      if (info->index_size == 1) {
         idx = indices[i];
      } else if (info->index_size == 2) {
         uint16_t v;
         memcpy(&v, indices + 2 * (size_t)i, 2);
         idx = v;
      } else {
         uint32_t v;
         memcpy(&v, indices + 4 * (size_t)i, 4);
         idx = v;
      }
      if (info->primitive_restart && idx == info->restart_index)
         continue;
      lo = idx < lo ? idx : lo;
      hi = idx > hi ? idx : hi;
   }
   *min = lo;
   *max = hi;
   return lo <= hi;
}

/**
 * The bounds of the indices of an indexed draw (@p ebo: the index buffer
 * when info->index is a resource), the restart index left out; false
 * when there is none.  The bounds of
 * glDrawRangeElements are not trusted: arrays are converted over this
 * range, and reading outside a converted array must not happen.
 */
static bool
indexed_range(struct st_context *ctx, const struct pipe_draw_info *info,
              const struct pipe_draw_start_count_bias *draw,
              struct st_buffer *ebo, unsigned *min, unsigned *max)
{
   size_t first = (size_t)draw->start * info->index_size;
   size_t bytes = (size_t)draw->count * info->index_size;
   bool found;
   if (info->has_user_indices) {
      found = index_bounds(info, (const uint8_t *)info->index.user + first,
                           draw->count, min, max);
   } else {
      if (first >= (size_t)ebo->size)
         return false;
      if (bytes > (size_t)ebo->size - first)
         bytes = (size_t)ebo->size - first;
      struct pipe_transfer *transfer;
      const uint8_t *map = st_buffer_map_internal(
         ctx, ebo, (GLintptr)first, (GLsizeiptr)bytes, false, &transfer);
      if (!map)
         return false;
      found = index_bounds(info, map, (unsigned)(bytes / info->index_size), min,
                           max);
      st_buffer_unmap_internal(ctx, transfer);
   }
   return found;
}

/**
 * Binds the vertices and draws; @p info's mode is set here.  @p ebo: the
 * index buffer of an indexed draw reading a resource.  Arrays in client
 * memory or of types the pipe cannot read need the vertex range: for
 * indexed draws it is found by reading the indices, and given to the
 * driver as the index bounds when the application gave none.
 */
static void
draw_vbo(struct st_context *ctx, GLenum mode, struct pipe_draw_info *info,
         const struct pipe_draw_start_count_bias *draw,
         const union st_current *immediate, struct st_buffer *ebo,
         const char *func)
{
   struct st_draw_range range = { .instances = info->instance_count };
   bool have_range = false;
   if (!immediate && st_draw_needs_range(ctx)) {
      if (!info->index_size) {
         range.min = draw->start;
         range.max = draw->start + draw->count - 1;
         have_range = true;
      } else {
         unsigned min, max;
         if (indexed_range(ctx, info, draw, ebo, &min, &max)) {
            if (info->min_index == 0 && info->max_index == ~0u) {
               info->min_index = min;
               info->max_index = max;
            }
            /* The vertices read: the biased indices, those below zero
             * reading nothing. */
            int64_t lo = (int64_t)min + draw->index_bias;
            int64_t hi = (int64_t)max + draw->index_bias;
            if (hi >= 0 && lo <= UINT32_MAX) {
               have_range = true;
               range.min = lo < 0 ? 0 : (unsigned)lo;
               range.max = hi > UINT32_MAX ? UINT32_MAX : (unsigned)hi;
            }
         }
      }
   }
   if (!st_draw_setup_vertices(ctx, immediate, have_range ? &range : NULL)) {
      st_draw_release_vertices(ctx);
      st_out_of_memory(ctx, func);
      return;
   }
   info->mode = mode;
   if (st_render_mode(ctx) != GL_RENDER)
      st_render_mode_draw(ctx, info, draw, func);
   else
      ctx->pipe->draw_vbo(ctx->pipe, info, draw, 1);
   st_draw_release_vertices(ctx);
}

/* ---- non-indexed ---- */

static void
draw_arrays(struct st_context *ctx, GLenum mode, GLint first, GLsizei count,
            GLsizei instances, const char *func)
{
   if (first < 0 || count < 0 || instances < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(first=%d, count=%d, instances=%d)",
               func, first, count, instances);
      return;
   }
   if (!check_state(ctx, mode, false, func))
      return;
   st_flush_vertices(ctx);
   if (!st_validate_draw(ctx, mode, func) || count == 0 || instances == 0)
      return;
   struct pipe_draw_info info = {
      .instance_count = (unsigned)instances,
      .min_index = (unsigned)first,
      .max_index = (unsigned)first + (unsigned)count - 1,
   };
   struct pipe_draw_start_count_bias draw = {
      .start = (unsigned)first,
      .count = (unsigned)count,
   };
   draw_vbo(ctx, mode, &info, &draw, NULL, NULL, func);
}

void
api_DrawArrays(struct st_context *ctx, GLenum mode, GLint first, GLsizei count)
{
   if (check_params(ctx, mode, 0, false, "glDrawArrays"))
      draw_arrays(ctx, mode, first, count, 1, "glDrawArrays");
}

void
api_DrawArraysInstanced(struct st_context *ctx, GLenum mode, GLint first,
                        GLsizei count, GLsizei instancecount)
{
   if (check_params(ctx, mode, 0, false, "glDrawArraysInstanced"))
      draw_arrays(ctx, mode, first, count, instancecount,
                  "glDrawArraysInstanced");
}

void
api_MultiDrawArrays(struct st_context *ctx, GLenum mode, const GLint *first,
                    const GLsizei *count, GLsizei drawcount)
{
   static const char func[] = "glMultiDrawArrays";
   if (!check_params(ctx, mode, 0, false, func))
      return;
   if (drawcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(drawcount=%d)", func, drawcount);
      return;
   }
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i] < 0 || first[i] < 0) {
         st_error(ctx, GL_INVALID_VALUE, "%s(first[%d]=%d, count[%d]=%d)", func,
                  i, first[i], i, count[i]);
         return;
      }
   }
   for (GLsizei i = 0; i < drawcount; i++)
      draw_arrays(ctx, mode, first[i], count[i], 1, func);
}

void
st_draw_immediate(struct st_context *ctx, GLenum mode,
                  const union st_current *vertices, unsigned count)
{
   if (!st_validate_draw(ctx, mode, "glEnd"))
      return;
   struct pipe_draw_info info = {
      .instance_count = 1,
      .max_index = count - 1,
   };
   struct pipe_draw_start_count_bias draw = { .count = count };
   draw_vbo(ctx, mode, &info, &draw, vertices, NULL, "glEnd");
}

/* ---- indexed ---- */

struct elements_draw {
   GLenum mode;
   GLsizei count;
   GLenum type;
   const void *indices;
   GLsizei instances;
   GLint basevertex;
   /* glDrawRangeElements bounds (else 0 and ~0). */
   GLuint start, end;
};

static void
draw_elements(struct st_context *ctx, const struct elements_draw *d,
              const char *func)
{
   if (d->count < 0 || d->instances < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(count=%d, instances=%d)", func,
               d->count, d->instances);
      return;
   }
   if (!check_state(ctx, d->mode, true, func))
      return;
   st_flush_vertices(ctx);
   if (!st_validate_draw(ctx, d->mode, func) || d->count == 0 ||
       d->instances == 0)
      return;

   unsigned size = st_vertex_index_size(d->type);
   struct pipe_draw_info info = {
      .index_size = size,
      .instance_count = (unsigned)d->instances,
      .min_index = d->start,
      .max_index = d->end,
   };
   struct pipe_draw_start_count_bias draw = {
      .count = (unsigned)d->count,
      .index_bias = d->basevertex,
   };
   /* GL 4.6 core, 10.3.6: the fixed index is the largest value of the
    * index type. */
   if (ctx->state.primitive_restart_fixed_index) {
      info.primitive_restart = true;
      info.restart_index = size == 4 ? UINT32_MAX : (1u << (8 * size)) - 1;
   } else if (ctx->state.primitive_restart) {
      info.primitive_restart = true;
      info.restart_index = ctx->state.primitive_restart_index;
   }

   struct st_buffer *ebo = ctx->vertex->vao->element_buffer;
   struct pipe_transfer *transfer = NULL;
   if (!ebo) {
      if (!d->indices)
         return;
      info.has_user_indices = true;
      info.index.user = d->indices;
   } else {
      uintptr_t offset = (uintptr_t)d->indices;
      if (!ebo->resource || offset >= (uintptr_t)ebo->size)
         return;
      if (offset % size == 0) {
         info.index.resource = ebo->resource;
         draw.start = (unsigned)(offset / size);
      } else {
         /* The pipe counts in indices: read an unaligned list from a
          * mapping instead. */
         const void *map = st_buffer_map_internal(
            ctx, ebo, (GLintptr)offset, ebo->size - (GLsizeiptr)offset, false,
            &transfer);
         if (!map) {
            st_out_of_memory(ctx, func);
            return;
         }
         info.has_user_indices = true;
         info.index.user = map;
         uint64_t avail = (uint64_t)(ebo->size - (GLsizeiptr)offset) / size;
         if (draw.count > avail)
            draw.count = (unsigned)avail;
      }
   }
   draw_vbo(ctx, d->mode, &info, &draw, NULL, ebo, func);
   st_buffer_unmap_internal(ctx, transfer);
}

static void
elements(struct st_context *ctx, GLenum mode, GLsizei count, GLenum type,
         const void *indices, GLsizei instances, GLint basevertex,
         const char *func)
{
   if (!check_params(ctx, mode, type, true, func))
      return;
   const struct elements_draw d = {
      .mode = mode,
      .count = count,
      .type = type,
      .indices = indices,
      .instances = instances,
      .basevertex = basevertex,
      .start = 0,
      .end = ~0u,
   };
   draw_elements(ctx, &d, func);
}

void
api_DrawElements(struct st_context *ctx, GLenum mode, GLsizei count,
                 GLenum type, const void *indices)
{
   elements(ctx, mode, count, type, indices, 1, 0, "glDrawElements");
}

void
api_DrawElementsBaseVertex(struct st_context *ctx, GLenum mode, GLsizei count,
                           GLenum type, const void *indices, GLint basevertex)
{
   elements(ctx, mode, count, type, indices, 1, basevertex,
            "glDrawElementsBaseVertex");
}

void
api_DrawElementsInstanced(struct st_context *ctx, GLenum mode, GLsizei count,
                          GLenum type, const void *indices,
                          GLsizei instancecount)
{
   elements(ctx, mode, count, type, indices, instancecount, 0,
            "glDrawElementsInstanced");
}

void
api_DrawElementsInstancedBaseVertex(struct st_context *ctx, GLenum mode,
                                    GLsizei count, GLenum type,
                                    const void *indices, GLsizei instancecount,
                                    GLint basevertex)
{
   elements(ctx, mode, count, type, indices, instancecount, basevertex,
            "glDrawElementsInstancedBaseVertex");
}

static void
range_elements(struct st_context *ctx, GLenum mode, GLuint start, GLuint end,
               GLsizei count, GLenum type, const void *indices,
               GLint basevertex, const char *func)
{
   if (!check_params(ctx, mode, type, true, func))
      return;
   if (end < start) {
      st_error(ctx, GL_INVALID_VALUE, "%s(start=%u, end=%u)", func, start, end);
      return;
   }
   /* The bounds are a promise about the indices before the bias; an
    * application that breaks it gets what the indices say, so they are
    * only passed on as hints. */
   const struct elements_draw d = {
      .mode = mode,
      .count = count,
      .type = type,
      .indices = indices,
      .instances = 1,
      .basevertex = basevertex,
      .start = start,
      .end = end,
   };
   draw_elements(ctx, &d, func);
}

void
api_DrawRangeElements(struct st_context *ctx, GLenum mode, GLuint start,
                      GLuint end, GLsizei count, GLenum type,
                      const void *indices)
{
   range_elements(ctx, mode, start, end, count, type, indices, 0,
                  "glDrawRangeElements");
}

void
api_DrawRangeElementsBaseVertex(struct st_context *ctx, GLenum mode,
                                GLuint start, GLuint end, GLsizei count,
                                GLenum type, const void *indices,
                                GLint basevertex)
{
   range_elements(ctx, mode, start, end, count, type, indices, basevertex,
                  "glDrawRangeElementsBaseVertex");
}

static void
multi_elements(struct st_context *ctx, GLenum mode, const GLsizei *count,
               GLenum type, const void *const *indices, GLsizei drawcount,
               const GLint *basevertex, const char *func)
{
   if (!check_params(ctx, mode, type, true, func))
      return;
   if (drawcount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(drawcount=%d)", func, drawcount);
      return;
   }
   for (GLsizei i = 0; i < drawcount; i++) {
      if (count[i] < 0) {
         st_error(ctx, GL_INVALID_VALUE, "%s(count[%d]=%d)", func, i, count[i]);
         return;
      }
   }
   for (GLsizei i = 0; i < drawcount; i++) {
      const struct elements_draw d = {
         .mode = mode,
         .count = count[i],
         .type = type,
         .indices = indices[i],
         .instances = 1,
         .basevertex = basevertex ? basevertex[i] : 0,
         .end = ~0u,
      };
      draw_elements(ctx, &d, func);
   }
}

void
api_MultiDrawElements(struct st_context *ctx, GLenum mode, const GLsizei *count,
                      GLenum type, const void *const *indices,
                      GLsizei drawcount)
{
   multi_elements(ctx, mode, count, type, indices, drawcount, NULL,
                  "glMultiDrawElements");
}

void
api_MultiDrawElementsBaseVertex(struct st_context *ctx, GLenum mode,
                                const GLsizei *count, GLenum type,
                                const void *const *indices, GLsizei drawcount,
                                const GLint *basevertex)
{
   multi_elements(ctx, mode, count, type, indices, drawcount, basevertex,
                  "glMultiDrawElementsBaseVertex");
}
