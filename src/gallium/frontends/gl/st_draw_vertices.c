/* SPDX-License-Identifier: MIT */

/*
 * The vertex elements and vertex buffers of a draw.
 *
 * For every input location the vertex shader reads
 * (st_program_vs_inputs()), element `location` comes from:
 *  - the immediate-mode vertices of glBegin/glEnd when drawing those
 *    (one interleaved user buffer, 16 bytes per location);
 *  - else the enabled array of that location (st_vertex_array_for()),
 *    from its buffer resource or client memory (a user buffer, valid
 *    until the draw returns, p_state.h);
 *  - else the current value: one user buffer with stride 0 over all the
 *    current values.
 * In polygon modes LINE and POINT (compatibility) element
 * ST_ATTRIB_EDGE_FLAG carries the edge flags, from the same sources.
 * Arrays of one buffer with one stride share a vertex buffer (offsets go
 * in src_offset), so interleaved arrays use one buffer slot.  Arrays of
 * types the format table lacks (GL_FIXED, normalized 32-bit integers)
 * are converted to floats over the vertices the draw reads.
 *
 * Vertex elements CSOs are cached by their elements: a scene reuses a
 * handful of layouts.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "st_buffer.h"
#include "st_context.h"
#include "st_draw_priv.h"
#include "st_program.h"
#include "st_vertex_priv.h"
#include "pipe/p_context.h"
#include "util/u_hash.h"

/** The cache key: zeroed beyond count so that it hashes as bytes. */
struct velems_key {
   unsigned count;
   struct pipe_vertex_element elements[PIPE_MAX_ATTRIBS];
};

static uint32_t
key_hash(const void *key)
{
   return u_hash_data(key, sizeof(struct velems_key));
}

static bool
key_equal(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct velems_key)) == 0;
}

void
st_draw_fini(struct st_context *ctx)
{
   struct st_vertex_state *vs = ctx->vertex;
   st_draw_release_vertices(ctx);
   if (!vs->velems_cache)
      return;
   if (vs->bound_velems)
      ctx->pipe->bind_vertex_elements_state(ctx->pipe, NULL);
   vs->bound_velems = NULL;
   for (struct u_hash_entry *e =
           u_hash_table_next_entry(vs->velems_cache, NULL);
        e; e = u_hash_table_next_entry(vs->velems_cache, e)) {
      ctx->pipe->delete_vertex_elements_state(ctx->pipe, e->data);
      free((void *)e->key);
   }
   u_hash_table_destroy(vs->velems_cache, NULL);
   vs->velems_cache = NULL;
}

/** The CSO for @p key, created and cached on first use; NULL when out of
 * memory. */
static void *
velems_cso(struct st_context *ctx, const struct velems_key *key)
{
   struct st_vertex_state *vs = ctx->vertex;
   if (!vs->velems_cache) {
      vs->velems_cache = u_hash_table_create(NULL, key_hash, key_equal);
      if (!vs->velems_cache)
         return NULL;
   }
   struct u_hash_entry *e = u_hash_table_search(vs->velems_cache, key);
   if (e)
      return e->data;
   struct velems_key *copy = malloc(sizeof(*copy));
   if (!copy)
      return NULL;
   *copy = *key;
   void *cso = ctx->pipe->create_vertex_elements_state(ctx->pipe, key->count,
                                                       key->elements);
   if (!cso || !u_hash_table_insert(vs->velems_cache, copy, cso)) {
      if (cso)
         ctx->pipe->delete_vertex_elements_state(ctx->pipe, cso);
      free(copy);
      return NULL;
   }
   return cso;
}

/* Formats by component count - 1. */
#define FMT4(a, b, c, d)                                                 \
   {                                                                     \
      PIPE_FORMAT_##a, PIPE_FORMAT_##b, PIPE_FORMAT_##c, PIPE_FORMAT_##d \
   }
static const enum pipe_format fmt_f32[4] =
   FMT4(R32_FLOAT, R32G32_FLOAT, R32G32B32_FLOAT, R32G32B32A32_FLOAT);
static const enum pipe_format fmt_f16[4] =
   FMT4(R16_FLOAT, R16G16_FLOAT, R16G16B16_FLOAT, R16G16B16A16_FLOAT);
static const enum pipe_format fmt_f64[4] =
   FMT4(R64_FLOAT, R64G64_FLOAT, R64G64B64_FLOAT, R64G64B64A64_FLOAT);
static const enum pipe_format fmt_s8n[4] =
   FMT4(R8_SNORM, R8G8_SNORM, R8G8B8_SNORM, R8G8B8A8_SNORM);
static const enum pipe_format fmt_s8i[4] =
   FMT4(R8_SINT, R8G8_SINT, R8G8B8_SINT, R8G8B8A8_SINT);
static const enum pipe_format fmt_u8n[4] =
   FMT4(R8_UNORM, R8G8_UNORM, R8G8B8_UNORM, R8G8B8A8_UNORM);
static const enum pipe_format fmt_u8i[4] =
   FMT4(R8_UINT, R8G8_UINT, R8G8B8_UINT, R8G8B8A8_UINT);
static const enum pipe_format fmt_s16n[4] =
   FMT4(R16_SNORM, R16G16_SNORM, R16G16B16_SNORM, R16G16B16A16_SNORM);
static const enum pipe_format fmt_s16i[4] =
   FMT4(R16_SINT, R16G16_SINT, R16G16B16_SINT, R16G16B16A16_SINT);
static const enum pipe_format fmt_u16n[4] =
   FMT4(R16_UNORM, R16G16_UNORM, R16G16B16_UNORM, R16G16B16A16_UNORM);
static const enum pipe_format fmt_u16i[4] =
   FMT4(R16_UINT, R16G16_UINT, R16G16B16_UINT, R16G16B16A16_UINT);
static const enum pipe_format fmt_s32i[4] =
   FMT4(R32_SINT, R32G32_SINT, R32G32B32_SINT, R32G32B32A32_SINT);
static const enum pipe_format fmt_u32i[4] =
   FMT4(R32_UINT, R32G32_UINT, R32G32B32_UINT, R32G32B32A32_UINT);

/*
 * Non-normalized integer arrays use the pure integer formats: the driver
 * converts them to floats for float inputs (p_state.h).
 * PIPE_FORMAT_NONE for what the format table lacks (normalized 32-bit
 * integers, GL_FIXED): those arrays read as the current value.
 */
enum pipe_format
st_vertex_array_format(const struct st_array *a)
{
   bool bgra = a->size == GL_BGRA;
   unsigned i = (bgra ? 4 : (unsigned)a->size) - 1;
   bool norm = a->normalized && !a->integer;
   switch (a->type) {
   case GL_FLOAT:
      return fmt_f32[i];
   case GL_HALF_FLOAT:
      return fmt_f16[i];
   case GL_DOUBLE:
      return fmt_f64[i];
   case GL_BYTE:
      return norm ? fmt_s8n[i] : fmt_s8i[i];
   case GL_UNSIGNED_BYTE:
      if (bgra)
         return PIPE_FORMAT_B8G8R8A8_UNORM;
      return norm ? fmt_u8n[i] : fmt_u8i[i];
   case GL_SHORT:
      return norm ? fmt_s16n[i] : fmt_s16i[i];
   case GL_UNSIGNED_SHORT:
      return norm ? fmt_u16n[i] : fmt_u16i[i];
   case GL_INT:
      return norm ? PIPE_FORMAT_NONE : fmt_s32i[i];
   case GL_UNSIGNED_INT:
      return norm ? PIPE_FORMAT_NONE : fmt_u32i[i];
   case GL_INT_2_10_10_10_REV:
      if (bgra)
         return PIPE_FORMAT_B10G10R10A2_SNORM;
      return norm ? PIPE_FORMAT_R10G10B10A2_SNORM
                  : PIPE_FORMAT_R10G10B10A2_SINT;
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      if (bgra)
         return PIPE_FORMAT_B10G10R10A2_UNORM;
      return norm ? PIPE_FORMAT_R10G10B10A2_UNORM
                  : PIPE_FORMAT_R10G10B10A2_UINT;
   default:
      return PIPE_FORMAT_NONE;
   }
}

static enum pipe_format
current_format(uint8_t kind)
{
   switch (kind) {
   case ST_CURRENT_INT:
      return PIPE_FORMAT_R32G32B32A32_SINT;
   case ST_CURRENT_UINT:
      return PIPE_FORMAT_R32G32B32A32_UINT;
   default:
      return PIPE_FORMAT_R32G32B32A32_FLOAT;
   }
}

struct vb_list {
   struct pipe_vertex_buffer vb[PIPE_MAX_ATTRIBS];
   unsigned count;
};

/** The buffer slot for an array and the element's offset in it. */
static unsigned
array_vb(struct vb_list *list, const struct st_array *a, unsigned *offset)
{
   unsigned stride = (unsigned)a->stride;
   if (a->buffer) {
      uintptr_t off = (uintptr_t)a->pointer;
      *offset = (unsigned)off;
      for (unsigned i = 0; i < list->count; i++) {
         const struct pipe_vertex_buffer *vb = &list->vb[i];
         if (!vb->is_user_buffer &&
             vb->buffer.resource == a->buffer->resource && vb->stride == stride)
            return i;
      }
      list->vb[list->count] = (struct pipe_vertex_buffer){
         .stride = stride,
         .buffer.resource = a->buffer->resource,
      };
      return list->count++;
   }
   /* Client memory: share a buffer when this array starts within the
    * first element of another one of the same stride (interleaved). */
   const uint8_t *p = a->pointer;
   for (unsigned i = 0; i < list->count; i++) {
      const struct pipe_vertex_buffer *vb = &list->vb[i];
      const uint8_t *base = vb->buffer.user;
      if (vb->is_user_buffer && vb->stride == stride && stride && p >= base &&
          (size_t)(p - base) < stride) {
         *offset = (unsigned)(p - base);
         return i;
      }
   }
   *offset = 0;
   list->vb[list->count] = (struct pipe_vertex_buffer){
      .stride = stride,
      .is_user_buffer = true,
      .buffer.user = p,
   };
   return list->count++;
}

/** The slot of a user buffer @p data with @p stride (added once). */
static unsigned
user_vb(struct vb_list *list, const void *data, unsigned stride)
{
   for (unsigned i = 0; i < list->count; i++) {
      if (list->vb[i].is_user_buffer && list->vb[i].buffer.user == data &&
          list->vb[i].stride == stride)
         return i;
   }
   list->vb[list->count] = (struct pipe_vertex_buffer){
      .stride = stride,
      .is_user_buffer = true,
      .buffer.user = data,
   };
   return list->count++;
}

/** Whether an array's pointer can be read at all. */
static bool
array_readable(const struct st_array *a)
{
   if (!a->buffer)
      return a->pointer != NULL;
   return a->buffer->resource && (uintptr_t)a->pointer <= INT32_MAX;
}

/** Whether an array has a type the pipe cannot read (GL_FIXED,
 * normalized 32-bit integers) and is converted to floats. */
static bool
needs_conversion(const struct st_array *a)
{
   return st_vertex_array_format(a) == PIPE_FORMAT_NONE &&
          (a->type == GL_FIXED || a->type == GL_INT ||
           a->type == GL_UNSIGNED_INT);
}

bool
st_draw_needs_range(struct st_context *ctx)
{
   uint32_t inputs = st_program_vs_inputs(ctx);
   for (unsigned loc = 0; loc < ST_MAX_ATTRIB_LOCATIONS; loc++) {
      if (!(inputs & (1u << loc)))
         continue;
      const struct st_array *a = st_vertex_array_for(ctx, loc);
      if (a && array_readable(a) && (!a->buffer || needs_conversion(a)))
         return true;
   }
   return false;
}

/** The most vertices converted for one array of one draw (1 GiB). */
#define MAX_CONVERTED_VERTICES (1u << 26)

/** One component of a GL_FIXED or normalized 32-bit integer array. */
static GLfloat
convert_component(GLenum type, const uint8_t *p)
{
   uint32_t u;
   memcpy(&u, p, 4);
   switch (type) {
   case GL_FIXED:
      return (GLfloat)((int32_t)u / 65536.0);
   case GL_INT:
      /* GL 4.6 core, 2.3.5.1: max(c / (2^31 - 1), -1). */
      return (GLfloat)fmax((int32_t)u / 2147483647.0, -1.0);
   default:
      return (GLfloat)(u / 4294967295.0);
   }
}

/**
 * Converts the elements @p range covers of array @p a into four floats
 * each; returns the buffer (owned by the vertex state until
 * st_draw_release_vertices()) and *@p first, the first element in it,
 * or NULL when out of memory.
 */
static const GLfloat *
convert_array(struct st_context *ctx, const struct st_array *a,
              const struct st_draw_range *range, unsigned *first)
{
   struct st_vertex_state *vs = ctx->vertex;
   unsigned last;
   if (a->divisor) {
      *first = 0;
      last = range->instances ? (range->instances - 1) / a->divisor : 0;
   } else {
      *first = range->min;
      last = range->max;
   }
   uint64_t n = (uint64_t)last - *first + 1;
   unsigned comps = (unsigned)a->size;
   uint64_t stride = (uint64_t)a->stride;
   uint64_t start = (uintptr_t)a->pointer + *first * stride;
   uint64_t bytes = (n - 1) * stride + comps * 4;
   /* A range this large comes from stray indices; refuse it as out of
    * memory rather than allocating gigabytes. */
   if (n > MAX_CONVERTED_VERTICES)
      return NULL;
   const uint8_t *src = NULL;
   struct pipe_transfer *transfer = NULL;
   if (!a->buffer) {
      src = (const uint8_t *)a->pointer + (size_t)(*first * stride);
   } else {
      /* Elements past the end of the buffer are left (0, 0, 0, 1). */
      if (start >= (uint64_t)a->buffer->size)
         bytes = 0;
      else if (bytes > (uint64_t)a->buffer->size - start)
         bytes = (uint64_t)a->buffer->size - start;
      if (bytes)
         src = st_buffer_map_internal(ctx, a->buffer, (GLintptr)start,
                                      (GLsizeiptr)bytes, false, &transfer);
   }
   GLfloat *out = malloc((size_t)n * 16);
   if (!out) {
      st_buffer_unmap_internal(ctx, transfer);
      return NULL;
   }
   for (uint64_t i = 0; i < n; i++) {
      GLfloat *v = out + 4 * i;
      v[0] = v[1] = v[2] = 0;
      v[3] = 1;
      if (!src || i * stride + comps * 4 > bytes)
         continue;
      for (unsigned c = 0; c < comps; c++)
         v[c] = convert_component(a->type, src + i * stride + 4 * c);
   }
   st_buffer_unmap_internal(ctx, transfer);
   vs->converted[vs->num_converted++] = out;
   return out;
}

void
st_draw_release_vertices(struct st_context *ctx)
{
   struct st_vertex_state *vs = ctx->vertex;
   for (unsigned i = 0; i < vs->num_converted; i++)
      free(vs->converted[i]);
   vs->num_converted = 0;
}

/**
 * Element @p e for array @p a, converted to floats over @p range; false
 * when out of memory.
 */
static bool
converted_element(struct st_context *ctx, struct vb_list *list,
                  const struct st_array *a, const struct st_draw_range *range,
                  struct pipe_vertex_element *e)
{
   unsigned first;
   const GLfloat *data = convert_array(ctx, a, range, &first);
   if (!data)
      return false;
   /* The driver reads element i at buffer + i * 16: shift the base so
    * that element `first` is the buffer's start. */
   list->vb[list->count] = (struct pipe_vertex_buffer){
      .stride = 16,
      .is_user_buffer = true,
      .buffer.user = (const void *)((uintptr_t)data - (uintptr_t)first * 16),
   };
   e->vertex_buffer_index = list->count++;
   e->src_offset = 0;
   e->instance_divisor = a->divisor;
   e->src_format = PIPE_FORMAT_R32G32B32A32_FLOAT;
   return true;
}

/**
 * The edge flag element (polygon modes LINE and POINT): from the
 * immediate-mode vertices, the enabled edge flag array, or the current
 * edge flag.
 */
static void
edge_flag_element(struct st_context *ctx, struct vb_list *list,
                  const union st_current *immediate,
                  struct pipe_vertex_element *e)
{
   struct st_vertex_state *vs = ctx->vertex;
   const struct st_array *a = &vs->vao->edge_flag;
   e->edge_flag = true;
   if (immediate) {
      e->vertex_buffer_index =
         user_vb(list, immediate, ST_MAX_ATTRIB_LOCATIONS * sizeof(*immediate));
      e->src_offset = ST_ATTRIB_EDGE_FLAG * sizeof(*immediate);
      e->src_format = PIPE_FORMAT_R32_FLOAT;
   } else if (a->enabled && array_readable(a) &&
              st_vertex_array_format(a) != PIPE_FORMAT_NONE) {
      e->vertex_buffer_index = array_vb(list, a, &e->src_offset);
      e->src_format = st_vertex_array_format(a);
   } else {
      e->vertex_buffer_index = user_vb(list, vs->current, 0);
      e->src_offset = ST_ATTRIB_EDGE_FLAG * sizeof(vs->current[0]);
      e->src_format = PIPE_FORMAT_R32_FLOAT;
   }
}

bool
st_draw_setup_vertices(struct st_context *ctx,
                       const union st_current *immediate,
                       const struct st_draw_range *range)
{
   struct st_vertex_state *vs = ctx->vertex;
   uint32_t inputs = st_program_vs_inputs(ctx);
   struct velems_key key;
   memset(&key, 0, sizeof(key));
   struct vb_list list = { .count = 0 };
   st_draw_release_vertices(ctx);

   for (unsigned loc = 0;
        loc < PIPE_MAX_ATTRIBS && loc < ST_MAX_ATTRIB_LOCATIONS; loc++) {
      if (!(inputs & (1u << loc)))
         continue;
      struct pipe_vertex_element *e = &key.elements[loc];
      key.count = loc + 1;
      if (immediate) {
         e->vertex_buffer_index = user_vb(
            &list, immediate, ST_MAX_ATTRIB_LOCATIONS * sizeof(*immediate));
         e->src_offset = loc * sizeof(*immediate);
         e->src_format = current_format(vs->current_kind[loc]);
         continue;
      }
      const struct st_array *a = st_vertex_array_for(ctx, loc);
      /* Arrays that read nothing (no storage, a NULL client pointer)
       * give the current value. */
      if (a && !array_readable(a))
         a = NULL;
      enum pipe_format format =
         a ? st_vertex_array_format(a) : PIPE_FORMAT_NONE;
      if (format != PIPE_FORMAT_NONE) {
         e->vertex_buffer_index = array_vb(&list, a, &e->src_offset);
         e->instance_divisor = a->divisor;
         e->src_format = format;
      } else if (a && range && needs_conversion(a)) {
         if (!converted_element(ctx, &list, a, range, e))
            return false;
      } else {
         e->vertex_buffer_index = user_vb(&list, vs->current, 0);
         e->src_offset = loc * sizeof(vs->current[0]);
         e->src_format = current_format(vs->current_kind[loc]);
      }
   }

   if (st_is_compat(ctx) && (ctx->state.polygon_mode_front != GL_FILL ||
                             ctx->state.polygon_mode_back != GL_FILL)) {
      edge_flag_element(ctx, &list, immediate,
                        &key.elements[ST_ATTRIB_EDGE_FLAG]);
      key.count = ST_ATTRIB_EDGE_FLAG + 1;
   }

   void *cso = velems_cso(ctx, &key);
   if (!cso)
      return false;
   if (cso != vs->bound_velems) {
      ctx->pipe->bind_vertex_elements_state(ctx->pipe, cso);
      vs->bound_velems = cso;
   }
   ctx->pipe->set_vertex_buffers(ctx->pipe, 0, list.count, list.vb);
   /* Drop the buffers a previous draw left beyond these. */
   if (list.count < PIPE_MAX_ATTRIBS)
      ctx->pipe->set_vertex_buffers(ctx->pipe, list.count,
                                    PIPE_MAX_ATTRIBS - list.count, NULL);
   return true;
}
