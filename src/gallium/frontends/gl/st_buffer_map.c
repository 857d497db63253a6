/* SPDX-License-Identifier: MIT */

/*
 * Buffer mapping and the buffer commands that do not change bindings:
 * glMapBuffer, glMapBufferRange, glFlushMappedBufferRange, glUnmapBuffer,
 * glCopyBufferSubData, glGetBufferParameteriv / i64v and
 * glGetBufferPointerv.
 *
 * A mapping is one pipe transfer of the mapped range; GL's access bits
 * translate one to one into PIPE_MAP_* flags, so invalidation,
 * unsynchronized mapping and explicit flushing are the driver's business.
 */
#include <stdint.h>
#include <string.h>

#include "glapi_api.h"
#include "st_buffer_priv.h"
#include "st_context.h"
#include "pipe/p_context.h"

/** The access bits of GL 3.3 / ES 3.0 (no persistent mappings). */
#define MAP_ACCESS_BITS                                                \
   (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | \
    GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT |         \
    GL_MAP_UNSYNCHRONIZED_BIT)

void
st_buffer_unmap(struct st_context *ctx, struct st_buffer *buf)
{
   if (buf->transfer)
      ctx->pipe->buffer_unmap(ctx->pipe, buf->transfer);
   buf->transfer = NULL;
   buf->map_pointer = NULL;
   buf->map_offset = 0;
   buf->map_length = 0;
   buf->map_access = 0;
}

static unsigned
pipe_map_flags(GLbitfield access)
{
   unsigned usage = 0;
   if (access & GL_MAP_READ_BIT)
      usage |= PIPE_MAP_READ;
   if (access & GL_MAP_WRITE_BIT)
      usage |= PIPE_MAP_WRITE;
   if (access & GL_MAP_INVALIDATE_RANGE_BIT)
      usage |= PIPE_MAP_DISCARD_RANGE;
   if (access & GL_MAP_INVALIDATE_BUFFER_BIT)
      usage |= PIPE_MAP_DISCARD_WHOLE_RESOURCE;
   if (access & GL_MAP_UNSYNCHRONIZED_BIT)
      usage |= PIPE_MAP_UNSYNCHRONIZED;
   if (access & GL_MAP_FLUSH_EXPLICIT_BIT)
      usage |= PIPE_MAP_FLUSH_EXPLICIT;
   return usage;
}

/** Maps a range that passed every check. */
static void *
map_range(struct st_context *ctx, struct st_buffer *buf, GLintptr offset,
          GLsizeiptr length, GLbitfield access, const char *func)
{
   st_flush_vertices(ctx);
   struct pipe_box box = {
      .x = (int)offset, .width = (int)length, .height = 1, .depth = 1
   };
   struct pipe_transfer *transfer = NULL;
   void *ptr = ctx->pipe->buffer_map(ctx->pipe, buf->resource, 0,
                                     pipe_map_flags(access), &box, &transfer);
   if (!ptr) {
      st_out_of_memory(ctx, func);
      return NULL;
   }
   buf->transfer = transfer;
   buf->map_pointer = ptr;
   buf->map_offset = offset;
   buf->map_length = length;
   buf->map_access = access;
   return ptr;
}

void *
api_MapBufferRange(struct st_context *ctx, GLenum target, GLintptr offset,
                   GLsizeiptr length, GLbitfield access)
{
   static const char func[] = "glMapBufferRange";
   struct st_buffer *buf = st_buffer_get_target(ctx, target, func);
   if (!buf)
      return NULL;
   /* GL 4.6 core, 6.3: the errors in the order the specification lists
    * them. */
   if (offset < 0 || length < 0 || offset > buf->size ||
       length > buf->size - offset) {
      st_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld, length=%ld)", func,
               (long)offset, (long)length);
      return NULL;
   }
   if (access & ~(GLbitfield)MAP_ACCESS_BITS) {
      st_error(ctx, GL_INVALID_VALUE, "%s(access=0x%x)", func, access);
      return NULL;
   }
   if (length == 0) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(length=0)", func);
      return NULL;
   }
   if (buf->map_pointer) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(already mapped)", func);
      return NULL;
   }
   if (!(access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT))) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(access=0x%x has neither read nor write)", func, access);
      return NULL;
   }
   if ((access & GL_MAP_READ_BIT) &&
       (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
                  GL_MAP_UNSYNCHRONIZED_BIT))) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(access=0x%x: read with invalidate or unsynchronized)", func,
               access);
      return NULL;
   }
   if ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !(access & GL_MAP_WRITE_BIT)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(access=0x%x: flush explicit without write)", func, access);
      return NULL;
   }
   return map_range(ctx, buf, offset, length, access, func);
}

void *
api_MapBuffer(struct st_context *ctx, GLenum target, GLenum access)
{
   static const char func[] = "glMapBuffer";
   GLbitfield bits;
   switch (access) {
   case GL_READ_ONLY:
      bits = GL_MAP_READ_BIT;
      break;
   case GL_WRITE_ONLY:
      bits = GL_MAP_WRITE_BIT;
      break;
   case GL_READ_WRITE:
      bits = GL_MAP_READ_BIT | GL_MAP_WRITE_BIT;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "%s(access=%s)", func,
               st_enum_name(access));
      return NULL;
   }
   struct st_buffer *buf = st_buffer_get_target(ctx, target, func);
   if (!buf)
      return NULL;
   if (buf->map_pointer) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(already mapped)", func);
      return NULL;
   }
   /* Equivalent to glMapBufferRange(0, BUFFER_SIZE) (GL 4.6 core, 6.3),
    * whose zero length is an error. */
   if (buf->size == 0) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(buffer has no storage)", func);
      return NULL;
   }
   return map_range(ctx, buf, 0, buf->size, bits, func);
}

void
api_FlushMappedBufferRange(struct st_context *ctx, GLenum target,
                           GLintptr offset, GLsizeiptr length)
{
   static const char func[] = "glFlushMappedBufferRange";
   struct st_buffer *buf = st_buffer_get_target(ctx, target, func);
   if (!buf)
      return;
   if (!buf->map_pointer || !(buf->map_access & GL_MAP_FLUSH_EXPLICIT_BIT)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(buffer not mapped with GL_MAP_FLUSH_EXPLICIT_BIT)", func);
      return;
   }
   if (offset < 0 || length < 0 || offset > buf->map_length ||
       length > buf->map_length - offset) {
      st_error(ctx, GL_INVALID_VALUE, "%s(offset=%ld, length=%ld)", func,
               (long)offset, (long)length);
      return;
   }
   if (length == 0)
      return;
   struct pipe_box box = {
      .x = (int)offset, .width = (int)length, .height = 1, .depth = 1
   };
   ctx->pipe->transfer_flush_region(ctx->pipe, buf->transfer, &box);
}

GLboolean
api_UnmapBuffer(struct st_context *ctx, GLenum target)
{
   struct st_buffer *buf = st_buffer_get_target(ctx, target, "glUnmapBuffer");
   if (!buf)
      return GL_FALSE;
   if (!buf->map_pointer) {
      st_error(ctx, GL_INVALID_OPERATION, "glUnmapBuffer(not mapped)");
      return GL_FALSE;
   }
   st_buffer_unmap(ctx, buf);
   /* Memory is never lost on this implementation. */
   return GL_TRUE;
}

void
api_CopyBufferSubData(struct st_context *ctx, GLenum readTarget,
                      GLenum writeTarget, GLintptr readOffset,
                      GLintptr writeOffset, GLsizeiptr size)
{
   static const char func[] = "glCopyBufferSubData";
   struct st_buffer *src = st_buffer_get_target(ctx, readTarget, func);
   if (!src)
      return;
   struct st_buffer *dst = st_buffer_get_target(ctx, writeTarget, func);
   if (!dst)
      return;
   if (st_buffer_is_mapped(src) || st_buffer_is_mapped(dst)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(buffer is mapped)", func);
      return;
   }
   if (readOffset < 0 || writeOffset < 0 || size < 0 ||
       readOffset > src->size || size > src->size - readOffset ||
       writeOffset > dst->size || size > dst->size - writeOffset) {
      st_error(ctx, GL_INVALID_VALUE,
               "%s(readOffset=%ld, writeOffset=%ld, size=%ld)", func,
               (long)readOffset, (long)writeOffset, (long)size);
      return;
   }
   /* GL 4.6 core, 6.6: "the ranges ... overlap" in one buffer. */
   if (src == dst && readOffset < writeOffset + size &&
       writeOffset < readOffset + size) {
      st_error(ctx, GL_INVALID_VALUE, "%s(overlapping ranges)", func);
      return;
   }
   if (size == 0)
      return;
   st_flush_vertices(ctx);
   struct pipe_box box = {
      .x = (int)readOffset, .width = (int)size, .height = 1, .depth = 1
   };
   ctx->pipe->resource_copy_region(ctx->pipe, dst->resource, 0,
                                   (unsigned)writeOffset, 0, 0, src->resource,
                                   0, &box);
}

/** GL_BUFFER_ACCESS from the access bits of the mapping (GL 4.6 core,
 * table 6.3; GL_READ_WRITE when unmapped). */
static GLenum
buffer_access(const struct st_buffer *buf)
{
   GLbitfield rw = buf->map_access & (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
   if (rw == GL_MAP_READ_BIT)
      return GL_READ_ONLY;
   if (rw == GL_MAP_WRITE_BIT)
      return GL_WRITE_ONLY;
   return GL_READ_WRITE;
}

/** A buffer parameter as a 64-bit value; false (error raised) for a
 * pname the context does not have. */
static bool
buffer_parameter(struct st_context *ctx, GLenum target, GLenum pname,
                 GLint64 *out, const char *func)
{
   bool es2 = ctx->es && ctx->version < 30;
   bool known;
   switch (pname) {
   case GL_BUFFER_SIZE:
   case GL_BUFFER_USAGE:
      known = true;
      break;
   case GL_BUFFER_ACCESS:
      known = !ctx->es;
      break;
   case GL_BUFFER_ACCESS_FLAGS:
   case GL_BUFFER_MAPPED:
   case GL_BUFFER_MAP_OFFSET:
   case GL_BUFFER_MAP_LENGTH:
      known = !es2;
      break;
   default:
      known = false;
      break;
   }
   if (!known) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return false;
   }
   struct st_buffer *buf = st_buffer_get_target(ctx, target, func);
   if (!buf)
      return false;
   switch (pname) {
   case GL_BUFFER_SIZE:
      *out = buf->size;
      break;
   case GL_BUFFER_USAGE:
      *out = buf->usage;
      break;
   case GL_BUFFER_ACCESS:
      *out = buffer_access(buf);
      break;
   case GL_BUFFER_ACCESS_FLAGS:
      *out = buf->map_access;
      break;
   case GL_BUFFER_MAPPED:
      *out = buf->map_pointer ? GL_TRUE : GL_FALSE;
      break;
   case GL_BUFFER_MAP_OFFSET:
      *out = buf->map_offset;
      break;
   default:
      *out = buf->map_length;
      break;
   }
   return true;
}

void
api_GetBufferParameteriv(struct st_context *ctx, GLenum target, GLenum pname,
                         GLint *params)
{
   GLint64 v;
   if (buffer_parameter(ctx, target, pname, &v, "glGetBufferParameteriv") &&
       params) {
      /* Sizes past 2^31 - 1 clamp (GL 4.6 core, 2.2.2). */
      *params = v > INT32_MAX ? INT32_MAX : (GLint)v;
   }
}

void
api_GetBufferParameteri64v(struct st_context *ctx, GLenum target, GLenum pname,
                           GLint64 *params)
{
   GLint64 v;
   if (buffer_parameter(ctx, target, pname, &v, "glGetBufferParameteri64v") &&
       params)
      *params = v;
}

void
api_GetBufferPointerv(struct st_context *ctx, GLenum target, GLenum pname,
                      void **params)
{
   if (pname != GL_BUFFER_MAP_POINTER) {
      st_error(ctx, GL_INVALID_ENUM, "glGetBufferPointerv(pname=%s)",
               st_enum_name(pname));
      return;
   }
   struct st_buffer *buf =
      st_buffer_get_target(ctx, target, "glGetBufferPointerv");
   if (buf && params)
      *params = buf->map_pointer;
}

void *
st_buffer_map_client(struct st_context *ctx, bool pack, const void *pointer,
                     size_t size, struct pipe_transfer **transfer,
                     const char *func, bool *failed)
{
   *transfer = NULL;
   *failed = false;
   struct st_buffer *buf = st_buffer_bound(ctx, pack ? GL_PIXEL_PACK_BUFFER
                                                     : GL_PIXEL_UNPACK_BUFFER);
   if (!buf)
      return (void *)pointer;
   uintptr_t offset = (uintptr_t)pointer;
   *failed = true;
   if (st_buffer_is_mapped(buf)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s: the pixel buffer is mapped",
               func);
      return NULL;
   }
   if (offset > (uintptr_t)buf->size || size > (size_t)buf->size - offset) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s: %zu bytes at offset %zu are outside the pixel buffer", func,
               size, (size_t)offset);
      return NULL;
   }
   void *p = st_buffer_map_internal(ctx, buf, (GLintptr)offset,
                                    (GLsizeiptr)size, pack, transfer);
   if (!p) {
      st_out_of_memory(ctx, func);
      return NULL;
   }
   *failed = false;
   return p;
}

void
st_buffer_unmap_client(struct st_context *ctx, struct pipe_transfer *transfer)
{
   if (transfer)
      st_buffer_unmap_internal(ctx, transfer);
}
