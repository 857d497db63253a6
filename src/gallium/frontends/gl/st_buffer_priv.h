/* SPDX-License-Identifier: MIT */

/*
 * What st_buffer.c and st_buffer_map.c share: the context's binding
 * points and the target check of every entry point that names a target.
 */
#ifndef ST_BUFFER_PRIV_H
#define ST_BUFFER_PRIV_H

#include <stdbool.h>

#include "st_buffer.h"

struct st_buffer_state {
   /* The non-indexed binding points (the element array buffer lives in
    * the vertex array object). */
   struct st_buffer *array;
   struct st_buffer *copy_read, *copy_write;
   struct st_buffer *pixel_pack, *pixel_unpack;
   struct st_buffer *texture;
   struct st_buffer *xfb;
   struct st_buffer *uniform;
   struct st_buffer_binding uniform_bindings[ST_MAX_UNIFORM_BUFFER_BINDINGS];
};

/**
 * The binding slot of a non-indexed @p target in this context's API, NULL
 * for targets it does not have.  GL_ELEMENT_ARRAY_BUFFER has no slot here
 * (it is the vertex array object's): *@p element is set for it instead.
 */
struct st_buffer **st_buffer_target_slot(struct st_context *ctx, GLenum target,
                                         bool *element);

/**
 * The buffer bound to @p target for an entry point that works on it:
 * raises GL_INVALID_ENUM for a bad target and GL_INVALID_OPERATION when
 * nothing is bound (naming @p func); NULL then.
 */
struct st_buffer *st_buffer_get_target(struct st_context *ctx, GLenum target,
                                       const char *func);

/** Unmaps a buffer mapped by glMapBuffer[Range]. */
void st_buffer_unmap(struct st_context *ctx, struct st_buffer *buf);

#endif
