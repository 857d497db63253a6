/* SPDX-License-Identifier: MIT */

/*
 * Buffer objects (st_buffer.c, st_buffer_map.c): glGenBuffers, glBindBuffer[Base|Range],
 * glBufferData, glBufferSubData, glGetBufferSubData, glMapBuffer[Range],
 * glFlushMappedBufferRange, glUnmapBuffer, glCopyBufferSubData,
 * glGetBufferParameter*, glGetBufferPointerv, glIsBuffer, and the
 * non-indexed and uniform-buffer indexed binding points.  The element
 * array binding belongs to the vertex array object (st_vertex.h); the
 * transform feedback indexed bindings to the transform feedback object
 * (st_query.h).
 */
#ifndef ST_BUFFER_H
#define ST_BUFFER_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>

#include "st_gl.h"

struct pipe_resource;
struct pipe_transfer;
struct st_context;
struct st_names;

#define ST_MAX_UNIFORM_BUFFER_BINDINGS 36

/** A buffer object, shared by the contexts of a share group. */
struct st_buffer {
   atomic_int refcount;
   GLuint name;
   /** NULL until the first glBufferData (size 0 keeps it NULL). */
   struct pipe_resource *resource;
   GLsizeiptr size;
   GLenum usage;
   /** Deleted by glDeleteBuffers but still referenced by bindings. */
   bool deleted;
   /* The mapping (glMapBufferRange), pointer NULL when unmapped. */
   void *map_pointer;
   GLintptr map_offset;
   GLsizeiptr map_length;
   GLbitfield map_access;
   struct pipe_transfer *transfer;
};

/** A binding point of glBindBufferRange / glBindBufferBase (size 0:
 * the whole buffer, whatever its size when used). */
struct st_buffer_binding {
   struct st_buffer *buffer;
   GLintptr offset;
   GLsizeiptr size;
};

void st_buffer_init(struct st_context *ctx);
void st_buffer_fini(struct st_context *ctx);

/** Drops the name table's reference of every buffer in @p buffers
 * (st_shared::buffers) when the share group ends; call before
 * st_names_destroy(). */
void st_buffer_free_shared(struct st_names *buffers);

/** The buffer named @p name in the share group, NULL if none. */
struct st_buffer *st_buffer_lookup(struct st_context *ctx, GLuint name);
/** *slot = buf with reference counting (either may be NULL); the last
 * reference frees the buffer and its resource. */
void st_buffer_reference(struct st_buffer **slot, struct st_buffer *buf);

/** The buffer bound to a non-indexed @p target (GL_ARRAY_BUFFER,
 * GL_ELEMENT_ARRAY_BUFFER (the VAO's), GL_PIXEL_PACK_BUFFER, ...), NULL
 * if none; also NULL for an unknown target. */
struct st_buffer *st_buffer_bound(struct st_context *ctx, GLenum target);
/**
 * Binds @p buf (NULL: none) to the non-indexed @p target (not
 * GL_ELEMENT_ARRAY_BUFFER) without the checks of glBindBuffer, for the
 * state tracker's own save and restore (display-list replay, attribute
 * stacks): the binding's reference moves to the caller, who gets the
 * previous buffer, and @p buf's reference moves to the binding.
 */
struct st_buffer *st_buffer_swap_binding(struct st_context *ctx, GLenum target,
                                         struct st_buffer *buf);
/** Uniform buffer binding @p index (< ST_MAX_UNIFORM_BUFFER_BINDINGS). */
const struct st_buffer_binding *
st_buffer_uniform_binding(struct st_context *ctx, unsigned index);

/**
 * Maps @p size bytes at @p offset of @p buf for the state tracker's own
 * use (PBO transfers, client reads), waiting for rendering that uses it;
 * @p write: the caller writes.  NULL if the buffer has no storage or the
 * range is outside it.  Unmap with st_buffer_unmap_internal().
 */
void *st_buffer_map_internal(struct st_context *ctx, struct st_buffer *buf,
                             GLintptr offset, GLsizeiptr size, bool write,
                             struct pipe_transfer **transfer);
void st_buffer_unmap_internal(struct st_context *ctx,
                              struct pipe_transfer *transfer);

/** Whether @p buf is mapped in a way that forbids GL using it now
 * (mapped without GL_MAP_PERSISTENT_BIT). */
bool st_buffer_is_mapped(const struct st_buffer *buf);

/**
 * The client memory of @p size bytes at @p pointer, or in the bound pixel
 * pack (@p pack) / unpack buffer at offset @p pointer, mapped into
 * *@p transfer (for data the pixel store state does not lay out: pixel
 * maps, bitmaps, the polygon stipple).  NULL with *@p failed set after
 * GL_INVALID_OPERATION (mapped buffer, range outside it) or an
 * out-of-memory error; NULL without for a NULL pointer and no buffer.
 * Release with st_buffer_unmap_client().
 */
void *st_buffer_map_client(struct st_context *ctx, bool pack,
                           const void *pointer, size_t size,
                           struct pipe_transfer **transfer, const char *func,
                           bool *failed);
void st_buffer_unmap_client(struct st_context *ctx,
                            struct pipe_transfer *transfer);

#endif
