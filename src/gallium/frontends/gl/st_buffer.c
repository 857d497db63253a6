/* SPDX-License-Identifier: MIT */

/*
 * Buffer objects: names, binding points and storage (glGenBuffers,
 * glDeleteBuffers, glIsBuffer, glBindBuffer[Base|Range], glBufferData,
 * glBufferSubData, glGetBufferSubData) and the glGet answers of the
 * bindings.  Mapping, copies and parameter queries are in
 * st_buffer_map.c.
 *
 * A buffer is shared by the contexts of a share group: the name table
 * (st_shared::buffers, under st_shared::mutex) holds one reference, each
 * binding another.  glDeleteBuffers removes the name and drops the
 * table's reference; bindings in other contexts keep the object alive
 * (marked deleted) until they let go.  The storage is one PIPE_BUFFER
 * resource made by glBufferData with every bind flag a GL buffer can be
 * used for, since any buffer may later be bound to any target.
 */
#include <assert.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_attrib.h"
#include "st_buffer_priv.h"
#include "st_context.h"
#include "st_get.h"
#include "st_names.h"
#include "st_query.h"
#include "st_vertex.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"

void
st_buffer_reference(struct st_buffer **slot, struct st_buffer *buf)
{
   struct st_buffer *old = *slot;
   if (old == buf)
      return;
   if (buf)
      atomic_fetch_add(&buf->refcount, 1);
   *slot = buf;
   if (old && atomic_fetch_sub(&old->refcount, 1) == 1) {
      pipe_resource_ref(&old->resource, NULL);
      free(old);
   }
}

static struct st_buffer *
buffer_create(GLuint name)
{
   struct st_buffer *buf = calloc(1, sizeof(*buf));
   if (!buf)
      return NULL;
   atomic_init(&buf->refcount, 1);
   buf->name = name;
   buf->usage = GL_STATIC_DRAW;
   return buf;
}

struct st_buffer *
st_buffer_lookup(struct st_context *ctx, GLuint name)
{
   if (name == 0)
      return NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_buffer *buf = st_names_lookup(ctx->shared->buffers, name);
   mtx_unlock(&ctx->shared->mutex);
   return buf;
}

static void
drop_table_ref(GLuint name, void *object, void *data)
{
   struct st_buffer *buf = object;
   buf->deleted = true;
   st_buffer_reference(&buf, NULL);
}

void
st_buffer_free_shared(struct st_names *buffers)
{
   if (buffers)
      st_names_foreach(buffers, drop_table_ref, NULL);
}

/** The non-indexed binding points of @p bs. */
#define NUM_SLOTS 8
static void
binding_slots(struct st_buffer_state *bs, struct st_buffer **out[NUM_SLOTS])
{
   struct st_buffer **slots[NUM_SLOTS] = {
      &bs->array,        &bs->copy_read, &bs->copy_write, &bs->pixel_pack,
      &bs->pixel_unpack, &bs->texture,   &bs->xfb,        &bs->uniform,
   };
   memcpy(out, slots, sizeof(slots));
}

void
st_buffer_init(struct st_context *ctx)
{
   ctx->buffer = calloc(1, sizeof(*ctx->buffer));
}

void
st_buffer_fini(struct st_context *ctx)
{
   struct st_buffer_state *bs = ctx->buffer;
   if (!bs)
      return;
   struct st_buffer **slots[NUM_SLOTS];
   binding_slots(bs, slots);
   for (unsigned i = 0; i < NUM_SLOTS; i++)
      st_buffer_reference(slots[i], NULL);
   for (unsigned i = 0; i < ST_MAX_UNIFORM_BUFFER_BINDINGS; i++)
      st_buffer_reference(&bs->uniform_bindings[i].buffer, NULL);
   free(bs);
   ctx->buffer = NULL;
}

struct st_buffer **
st_buffer_target_slot(struct st_context *ctx, GLenum target, bool *element)
{
   struct st_buffer_state *bs = ctx->buffer;
   /* ES 2.0 has only the vertex targets; ES 3.0 lacks texture buffers. */
   bool es3 = !ctx->es || ctx->version >= 30;
   *element = false;
   switch (target) {
   case GL_ARRAY_BUFFER:
      return &bs->array;
   case GL_ELEMENT_ARRAY_BUFFER:
      *element = true;
      return NULL;
   case GL_COPY_READ_BUFFER:
      return es3 ? &bs->copy_read : NULL;
   case GL_COPY_WRITE_BUFFER:
      return es3 ? &bs->copy_write : NULL;
   case GL_PIXEL_PACK_BUFFER:
      return es3 ? &bs->pixel_pack : NULL;
   case GL_PIXEL_UNPACK_BUFFER:
      return es3 ? &bs->pixel_unpack : NULL;
   case GL_TRANSFORM_FEEDBACK_BUFFER:
      return es3 ? &bs->xfb : NULL;
   case GL_UNIFORM_BUFFER:
      return es3 ? &bs->uniform : NULL;
   case GL_TEXTURE_BUFFER:
      return ctx->es ? NULL : &bs->texture;
   default:
      return NULL;
   }
}

struct st_buffer *
st_buffer_bound(struct st_context *ctx, GLenum target)
{
   bool element;
   struct st_buffer **slot = st_buffer_target_slot(ctx, target, &element);
   if (element)
      return st_vertex_element_buffer(ctx);
   return slot ? *slot : NULL;
}

struct st_buffer *
st_buffer_swap_binding(struct st_context *ctx, GLenum target,
                       struct st_buffer *buf)
{
   bool element;
   struct st_buffer **slot = st_buffer_target_slot(ctx, target, &element);
   assert(slot);
   struct st_buffer *old = *slot;
   *slot = buf;
   return old;
}

struct st_buffer *
st_buffer_get_target(struct st_context *ctx, GLenum target, const char *func)
{
   bool element;
   struct st_buffer **slot = st_buffer_target_slot(ctx, target, &element);
   if (!slot && !element) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return NULL;
   }
   struct st_buffer *buf = element ? st_vertex_element_buffer(ctx) : *slot;
   if (!buf)
      st_error(ctx, GL_INVALID_OPERATION, "%s(no buffer bound to %s)", func,
               st_enum_name(target));
   return buf;
}

const struct st_buffer_binding *
st_buffer_uniform_binding(struct st_context *ctx, unsigned index)
{
   return &ctx->buffer->uniform_bindings[index];
}

bool
st_buffer_is_mapped(const struct st_buffer *buf)
{
   return buf && buf->map_pointer && !(buf->map_access & GL_MAP_PERSISTENT_BIT);
}

void *
st_buffer_map_internal(struct st_context *ctx, struct st_buffer *buf,
                       GLintptr offset, GLsizeiptr size, bool write,
                       struct pipe_transfer **transfer)
{
   *transfer = NULL;
   if (!buf || !buf->resource || offset < 0 || size <= 0 ||
       offset > buf->size || size > buf->size - offset)
      return NULL;
   struct pipe_box box = {
      .x = (int)offset, .width = (int)size, .height = 1, .depth = 1
   };
   unsigned usage = PIPE_MAP_READ | (write ? PIPE_MAP_WRITE : 0);
   return ctx->pipe->buffer_map(ctx->pipe, buf->resource, 0, usage, &box,
                                transfer);
}

void
st_buffer_unmap_internal(struct st_context *ctx, struct pipe_transfer *transfer)
{
   if (transfer)
      ctx->pipe->buffer_unmap(ctx->pipe, transfer);
}

/* ---- names ---- */

void
api_GenBuffers(struct st_context *ctx, GLsizei n, GLuint *buffers)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenBuffers(n=%d)", n);
      return;
   }
   if (n == 0 || !buffers)
      return;
   mtx_lock(&ctx->shared->mutex);
   bool ok = st_names_gen(ctx->shared->buffers, n, buffers);
   mtx_unlock(&ctx->shared->mutex);
   if (!ok)
      st_out_of_memory(ctx, "glGenBuffers");
}

GLboolean
api_IsBuffer(struct st_context *ctx, GLuint buffer)
{
   /* A name only reserved by glGenBuffers is not a buffer yet. */
   return st_buffer_lookup(ctx, buffer) ? GL_TRUE : GL_FALSE;
}

/** Resets every binding of @p buf in this context to 0 (glDeleteBuffers). */
static void
unbind_everywhere(struct st_context *ctx, struct st_buffer *buf)
{
   struct st_buffer_state *bs = ctx->buffer;
   struct st_buffer **slots[NUM_SLOTS];
   binding_slots(bs, slots);
   for (unsigned i = 0; i < NUM_SLOTS; i++) {
      if (*slots[i] == buf)
         st_buffer_reference(slots[i], NULL);
   }
   for (unsigned i = 0; i < ST_MAX_UNIFORM_BUFFER_BINDINGS; i++) {
      struct st_buffer_binding *b = &bs->uniform_bindings[i];
      if (b->buffer == buf) {
         st_buffer_reference(&b->buffer, NULL);
         b->offset = b->size = 0;
         ctx->dirty |= ST_DIRTY_CONSTANTS;
      }
   }
   /* Transform feedback bindings cannot change while it is active. */
   if (!st_xfb_is_active(ctx)) {
      for (unsigned i = 0; i < ST_MAX_XFB_BUFFERS; i++) {
         const struct st_buffer_binding *b = st_xfb_binding(ctx, i);
         if (b && b->buffer == buf)
            st_xfb_bind_buffer(ctx, i, NULL, 0, 0);
      }
   }
   st_vertex_unbind_buffer(ctx, buf);
}

void
api_DeleteBuffers(struct st_context *ctx, GLsizei n, const GLuint *buffers)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteBuffers(n=%d)", n);
      return;
   }
   if (!buffers)
      return;
   st_flush_vertices(ctx);
   for (GLsizei i = 0; i < n; i++) {
      if (buffers[i] == 0)
         continue;
      mtx_lock(&ctx->shared->mutex);
      struct st_buffer *buf = st_names_lookup(ctx->shared->buffers, buffers[i]);
      if (buf || st_names_is_used(ctx->shared->buffers, buffers[i]))
         st_names_remove(ctx->shared->buffers, buffers[i]);
      mtx_unlock(&ctx->shared->mutex);
      if (!buf)
         continue;
      /* GL 4.6 core, 6.3.1: "If a buffer object is deleted while it is
       * mapped, ... the buffer is unmapped". */
      if (buf->map_pointer)
         st_buffer_unmap(ctx, buf);
      buf->deleted = true;
      unbind_everywhere(ctx, buf);
      st_buffer_reference(&buf, NULL);
   }
}

/**
 * The buffer for glBindBuffer* of @p name (NULL for 0), created on first
 * bind; *@p ok is false after an error.
 */
static struct st_buffer *
buffer_for_bind(struct st_context *ctx, GLuint name, const char *func, bool *ok)
{
   *ok = true;
   if (name == 0)
      return NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_buffer *buf = st_names_lookup(ctx->shared->buffers, name);
   if (!buf) {
      /* GL 4.6 core, 6.1: core contexts only bind generated names; the
       * compatibility profile and ES create the object for any name. */
      if (ctx->core && !st_names_is_used(ctx->shared->buffers, name)) {
         mtx_unlock(&ctx->shared->mutex);
         st_error(ctx, GL_INVALID_OPERATION, "%s(buffer=%u not generated)",
                  func, name);
         *ok = false;
         return NULL;
      }
      buf = buffer_create(name);
      if (!buf || !st_names_insert(ctx->shared->buffers, name, buf)) {
         free(buf);
         mtx_unlock(&ctx->shared->mutex);
         st_out_of_memory(ctx, func);
         *ok = false;
         return NULL;
      }
   }
   mtx_unlock(&ctx->shared->mutex);
   return buf;
}

void
api_BindBuffer(struct st_context *ctx, GLenum target, GLuint buffer)
{
   bool element;
   struct st_buffer **slot = st_buffer_target_slot(ctx, target, &element);
   if (!slot && !element) {
      st_error(ctx, GL_INVALID_ENUM, "glBindBuffer(target=%s)",
               st_enum_name(target));
      return;
   }
   bool ok;
   struct st_buffer *buf = buffer_for_bind(ctx, buffer, "glBindBuffer", &ok);
   if (!ok)
      return;
   if (element) {
      st_vertex_bind_element_buffer(ctx, buf);
      return;
   }
   if (*slot == buf)
      return;
   /* No drawing state changes: the array binding is read by
    * glVertexAttribPointer, the others by the commands that use them. */
   st_buffer_reference(slot, buf);
}

/** The common part of glBindBufferBase and glBindBufferRange (@p range:
 * offset and size were given). */
static void
bind_buffer_range(struct st_context *ctx, GLenum target, GLuint index,
                  GLuint buffer, GLintptr offset, GLsizeiptr size, bool range,
                  const char *func)
{
   unsigned max;
   if (target == GL_UNIFORM_BUFFER && (!ctx->es || ctx->version >= 30)) {
      max = ST_MAX_UNIFORM_BUFFER_BINDINGS;
   } else if (target == GL_TRANSFORM_FEEDBACK_BUFFER &&
              (!ctx->es || ctx->version >= 30)) {
      max = ST_MAX_XFB_BUFFERS;
   } else {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   if (index >= max) {
      st_error(ctx, GL_INVALID_VALUE, "%s(index=%u)", func, index);
      return;
   }
   if (range && buffer != 0) {
      if (offset < 0 || size <= 0) {
         st_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld, size=%ld)", func,
                  (long)offset, (long)size);
         return;
      }
      if (target == GL_UNIFORM_BUFFER) {
         int align = ctx->screen->get_param(
            ctx->screen, PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT);
         if (align > 1 && offset % align != 0) {
            st_error(ctx, GL_INVALID_VALUE,
                     "%s(offset=%ld not a multiple of %d)", func, (long)offset,
                     align);
            return;
         }
      } else if (offset % 4 != 0 || size % 4 != 0) {
         /* GL 4.6 core, 13.2.2: both multiples of four. */
         st_error(ctx, GL_INVALID_VALUE,
                  "%s(offset=%ld, size=%ld not multiples of 4)", func,
                  (long)offset, (long)size);
         return;
      }
   }
   if (target == GL_TRANSFORM_FEEDBACK_BUFFER && st_xfb_is_active(ctx)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(transform feedback is active)",
               func);
      return;
   }
   bool ok;
   struct st_buffer *buf = buffer_for_bind(ctx, buffer, func, &ok);
   if (!ok)
      return;
   if (!range) {
      offset = 0;
      size = 0;
   }
   st_flush_vertices(ctx);
   struct st_buffer_state *bs = ctx->buffer;
   if (target == GL_UNIFORM_BUFFER) {
      st_buffer_reference(&bs->uniform, buf);
      struct st_buffer_binding *b = &bs->uniform_bindings[index];
      st_buffer_reference(&b->buffer, buf);
      b->offset = buf ? offset : 0;
      b->size = buf ? size : 0;
      ctx->dirty |= ST_DIRTY_CONSTANTS;
   } else {
      st_buffer_reference(&bs->xfb, buf);
      st_xfb_bind_buffer(ctx, index, buf, buf ? offset : 0, buf ? size : 0);
   }
}

void
api_BindBufferBase(struct st_context *ctx, GLenum target, GLuint index,
                   GLuint buffer)
{
   bind_buffer_range(ctx, target, index, buffer, 0, 0, false,
                     "glBindBufferBase");
}

void
api_BindBufferRange(struct st_context *ctx, GLenum target, GLuint index,
                    GLuint buffer, GLintptr offset, GLsizeiptr size)
{
   bind_buffer_range(ctx, target, index, buffer, offset, size, true,
                     "glBindBufferRange");
}

/* ---- storage ---- */

static bool
valid_usage(struct st_context *ctx, GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW:
   case GL_STATIC_DRAW:
   case GL_DYNAMIC_DRAW:
      return true;
   case GL_STREAM_READ:
   case GL_STREAM_COPY:
   case GL_STATIC_READ:
   case GL_STATIC_COPY:
   case GL_DYNAMIC_READ:
   case GL_DYNAMIC_COPY:
      return !ctx->es || ctx->version >= 30;
   default:
      return false;
   }
}

static enum pipe_resource_usage
pipe_usage(GLenum usage)
{
   switch (usage) {
   case GL_STREAM_DRAW:
   case GL_STREAM_COPY:
      return PIPE_USAGE_STREAM;
   case GL_STREAM_READ:
   case GL_STATIC_READ:
   case GL_DYNAMIC_READ:
      return PIPE_USAGE_STAGING;
   case GL_DYNAMIC_DRAW:
   case GL_DYNAMIC_COPY:
      return PIPE_USAGE_DYNAMIC;
   default:
      return PIPE_USAGE_DEFAULT;
   }
}

/** Every use of a GL buffer: any buffer may be bound to any target. */
#define BUFFER_BINDS                                      \
   (PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |    \
    PIPE_BIND_CONSTANT_BUFFER | PIPE_BIND_STREAM_OUTPUT | \
    PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_LINEAR)

void
api_BufferData(struct st_context *ctx, GLenum target, GLsizeiptr size,
               const void *data, GLenum usage)
{
   if (size < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glBufferData(size=%ld)", (long)size);
      return;
   }
   if (!valid_usage(ctx, usage)) {
      st_error(ctx, GL_INVALID_ENUM, "glBufferData(usage=%s)",
               st_enum_name(usage));
      return;
   }
   struct st_buffer *buf = st_buffer_get_target(ctx, target, "glBufferData");
   if (!buf)
      return;
   if ((uint64_t)size > UINT_MAX || (uint64_t)size > INT_MAX) {
      st_out_of_memory(ctx, "glBufferData");
      return;
   }
   struct pipe_resource *res = NULL;
   if (size > 0) {
      struct pipe_resource templ = {
         .target = PIPE_BUFFER,
         .format = PIPE_FORMAT_R8_UNORM,
         .width0 = (unsigned)size,
         .height0 = 1,
         .depth0 = 1,
         .array_size = 1,
         .usage = pipe_usage(usage),
         .bind = BUFFER_BINDS,
      };
      res = ctx->screen->resource_create(ctx->screen, &templ);
      if (!res) {
         st_out_of_memory(ctx, "glBufferData");
         return;
      }
      if (data)
         ctx->pipe->buffer_subdata(ctx->pipe, res, PIPE_MAP_WRITE, 0,
                                   (unsigned)size, data);
   }
   st_flush_vertices(ctx);
   if (buf->map_pointer)
      st_buffer_unmap(ctx, buf);
   pipe_resource_ref(&buf->resource, NULL);
   buf->resource = res;
   buf->size = size;
   buf->usage = usage;
   /* Vertex buffers, uniform buffers and stream-output targets name the
    * resource, which just changed. */
   ctx->dirty |=
      ST_DIRTY_VERTEX | ST_DIRTY_CONSTANTS | ST_DIRTY_XFB | ST_DIRTY_TEXTURES;
}

/**
 * The buffer of glBufferSubData / glGetBufferSubData after their common
 * checks (GL 4.6 core, 6.2.1 and 6.6), NULL after an error.
 */
static struct st_buffer *
sub_data_buffer(struct st_context *ctx, GLenum target, GLintptr offset,
                GLsizeiptr size, const char *func)
{
   struct st_buffer *buf = st_buffer_get_target(ctx, target, func);
   if (!buf)
      return NULL;
   if (offset < 0 || size < 0 || offset > buf->size ||
       size > buf->size - offset) {
      st_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld, size=%ld)", func,
               (long)offset, (long)size);
      return NULL;
   }
   if (st_buffer_is_mapped(buf)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(buffer is mapped)", func);
      return NULL;
   }
   return buf;
}

void
api_BufferSubData(struct st_context *ctx, GLenum target, GLintptr offset,
                  GLsizeiptr size, const void *data)
{
   struct st_buffer *buf =
      sub_data_buffer(ctx, target, offset, size, "glBufferSubData");
   if (!buf || size == 0 || !data)
      return;
   st_flush_vertices(ctx);
   ctx->pipe->buffer_subdata(ctx->pipe, buf->resource, PIPE_MAP_WRITE,
                             (unsigned)offset, (unsigned)size, data);
}

void
api_GetBufferSubData(struct st_context *ctx, GLenum target, GLintptr offset,
                     GLsizeiptr size, void *data)
{
   struct st_buffer *buf =
      sub_data_buffer(ctx, target, offset, size, "glGetBufferSubData");
   if (!buf || size == 0 || !data)
      return;
   st_flush_vertices(ctx);
   struct pipe_transfer *transfer;
   void *map = st_buffer_map_internal(ctx, buf, offset, size, false, &transfer);
   if (!map) {
      st_out_of_memory(ctx, "glGetBufferSubData");
      return;
   }
   memcpy(data, map, (size_t)size);
   st_buffer_unmap_internal(ctx, transfer);
}

/* ---- glGet ---- */

static void
value_name(struct st_value *v, const struct st_buffer *buf)
{
   st_value_int(v, buf ? (GLint)buf->name : 0);
}

bool
st_buffer_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   struct st_buffer_state *bs = ctx->buffer;
   if (index < 0) {
      GLenum target;
      switch (pname) {
      case GL_ARRAY_BUFFER_BINDING:
         target = GL_ARRAY_BUFFER;
         break;
      case GL_ELEMENT_ARRAY_BUFFER_BINDING:
         target = GL_ELEMENT_ARRAY_BUFFER;
         break;
      case GL_COPY_READ_BUFFER_BINDING:
         target = GL_COPY_READ_BUFFER;
         break;
      case GL_COPY_WRITE_BUFFER_BINDING:
         target = GL_COPY_WRITE_BUFFER;
         break;
      case GL_PIXEL_PACK_BUFFER_BINDING:
         target = GL_PIXEL_PACK_BUFFER;
         break;
      case GL_PIXEL_UNPACK_BUFFER_BINDING:
         target = GL_PIXEL_UNPACK_BUFFER;
         break;
      case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
         target = GL_TRANSFORM_FEEDBACK_BUFFER;
         break;
      case GL_UNIFORM_BUFFER_BINDING:
         target = GL_UNIFORM_BUFFER;
         break;
      case GL_TEXTURE_BUFFER_BINDING:
         target = GL_TEXTURE_BUFFER;
         break;
      default:
         return false;
      }
      bool element;
      if (!st_buffer_target_slot(ctx, target, &element) && !element)
         return false;
      value_name(v, st_buffer_bound(ctx, target));
      return true;
   }

   switch (pname) {
   case GL_UNIFORM_BUFFER_BINDING:
   case GL_UNIFORM_BUFFER_START:
   case GL_UNIFORM_BUFFER_SIZE: {
      if (ctx->es && ctx->version < 30)
         return false;
      if ((unsigned)index >= ST_MAX_UNIFORM_BUFFER_BINDINGS) {
         st_error(ctx, GL_INVALID_VALUE, "glGet(%s, index=%d)",
                  st_enum_name(pname), index);
         return true;
      }
      const struct st_buffer_binding *b = &bs->uniform_bindings[index];
      if (pname == GL_UNIFORM_BUFFER_BINDING) {
         value_name(v, b->buffer);
      } else {
         v->type = ST_VALUE_INT64;
         v->count = 1;
         v->i64[0] = pname == GL_UNIFORM_BUFFER_START ? b->offset : b->size;
      }
      return true;
   }
   default:
      return false;
   }
}

/* ---- the pixel buffer bindings of GL_CLIENT_PIXEL_STORE_BIT ---- */

struct pixel_buffers {
   struct st_buffer *pack, *unpack;
};

static void
save_pixel_buffers(struct st_context *ctx, void *data)
{
   struct pixel_buffers *d = data;
   d->pack = d->unpack = NULL;
   st_buffer_reference(&d->pack, ctx->buffer->pixel_pack);
   st_buffer_reference(&d->unpack, ctx->buffer->pixel_unpack);
}

static void
restore_pixel_buffers(struct st_context *ctx, const void *data)
{
   const struct pixel_buffers *d = data;
   st_buffer_reference(&ctx->buffer->pixel_pack, d->pack);
   st_buffer_reference(&ctx->buffer->pixel_unpack, d->unpack);
}

static void
release_pixel_buffers(struct st_context *ctx, void *data)
{
   (void)ctx;
   struct pixel_buffers *d = data;
   st_buffer_reference(&d->pack, NULL);
   st_buffer_reference(&d->unpack, NULL);
}

const struct st_attrib_saver st_buffer_saver_pixel_store = {
   .mask = GL_CLIENT_PIXEL_STORE_BIT,
   .client = true,
   .size = sizeof(struct pixel_buffers),
   .save = save_pixel_buffers,
   .restore = restore_pixel_buffers,
   .release = release_pixel_buffers,
};
