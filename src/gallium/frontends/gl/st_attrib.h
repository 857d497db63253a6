/* SPDX-License-Identifier: MIT */

/*
 * The attribute stacks (compatibility; GL 3.0 compatibility, 6.1.14):
 * glPushAttrib / glPopAttrib and glPushClientAttrib / glPopClientAttrib
 * (st_attrib.c).
 *
 * Each module saves its own state: it defines a struct st_attrib_saver
 * per piece of state (a group bit of GL 2.1 tables 6.3 - 6.40, the bytes
 * it needs, a save and a restore function) and st_attrib.c's table lists
 * it.  glPushAttrib(mask) calls the save of every saver whose bit is in
 * mask into one block; glPopAttrib calls their restores in the same order
 * and marks all state dirty.  A restore writes the state back the way the
 * module's own entry points would (references of bound objects, derived
 * state), but without their validation: the values were valid when
 * saved.  A module adding state to a group (the raster position to
 * GL_CURRENT_BIT, the accumulation clear value to GL_ACCUM_BUFFER_BIT...)
 * adds a saver and one line to the table.
 *
 * A saver may hold references in its saved bytes (texture objects, buffer
 * objects): its release function (if any) drops them when the block is
 * freed without a restore (the context is destroyed with a non-empty
 * stack) and after a restore.
 */
#ifndef ST_ATTRIB_H
#define ST_ATTRIB_H

#include <stdbool.h>
#include <stddef.h>

#include "st_gl.h"

struct st_context;
struct st_value;

/** GL_MAX_ATTRIB_STACK_DEPTH and GL_MAX_CLIENT_ATTRIB_STACK_DEPTH. */
#define ST_MAX_ATTRIB_STACK_DEPTH 16

struct st_attrib_saver {
   /** The GL_*_BIT (of glPushAttrib, or of glPushClientAttrib when
    * client) this state belongs to. */
   GLbitfield mask;
   bool client;
   /** Bytes save() writes. */
   size_t size;
   void (*save)(struct st_context *ctx, void *data);
   void (*restore)(struct st_context *ctx, const void *data);
   /** Drops references held in @p data; NULL if it holds none. */
   void (*release)(struct st_context *ctx, void *data);
};

void st_attrib_init(struct st_context *ctx);
void st_attrib_fini(struct st_context *ctx);

/** glGet of GL_ATTRIB_STACK_DEPTH, GL_CLIENT_ATTRIB_STACK_DEPTH and their
 * limits; false for other pnames. */
bool st_attrib_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);

/* The savers of the modules (listed in st_attrib.c). */

/* st_attrib_state.c: the simple fixed state (st_state.h). */
extern const struct st_attrib_saver st_state_saver_point;
extern const struct st_attrib_saver st_state_saver_line;
extern const struct st_attrib_saver st_state_saver_polygon;
extern const struct st_attrib_saver st_state_saver_polygon_stipple;
extern const struct st_attrib_saver st_state_saver_lighting;
extern const struct st_attrib_saver st_state_saver_depth;
extern const struct st_attrib_saver st_state_saver_stencil;
extern const struct st_attrib_saver st_state_saver_viewport;
extern const struct st_attrib_saver st_state_saver_transform;
extern const struct st_attrib_saver st_state_saver_enable;
extern const struct st_attrib_saver st_state_saver_color;
extern const struct st_attrib_saver st_state_saver_hint;
extern const struct st_attrib_saver st_state_saver_scissor;
extern const struct st_attrib_saver st_state_saver_multisample;
extern const struct st_attrib_saver st_state_saver_pixel_store;

/* st_eval.c: the evaluator enables and grids (st_eval.h). */
extern const struct st_attrib_saver st_eval_saver_eval;
extern const struct st_attrib_saver st_eval_saver_enable;

/* st_raster_pos.c, st_pixel_transfer.c, st_accum.c: the raster
 * position, the pixel transfer modes, the accumulation clear value. */
extern const struct st_attrib_saver st_raster_saver_current;
extern const struct st_attrib_saver st_raster_saver_pixel_mode;
extern const struct st_attrib_saver st_raster_saver_accum;

/* st_compat_attrib.c: the fixed-function state (st_compat.h). */
extern const struct st_attrib_saver st_compat_saver_point;
extern const struct st_attrib_saver st_compat_saver_lighting;
extern const struct st_attrib_saver st_compat_saver_fog;
extern const struct st_attrib_saver st_compat_saver_transform;
extern const struct st_attrib_saver st_compat_saver_enable;
extern const struct st_attrib_saver st_compat_saver_color;
extern const struct st_attrib_saver st_compat_saver_texture;

/* st_texture_attrib.c: texture units, bindings and bound objects. */
extern const struct st_attrib_saver st_texture_saver_texture;

/* st_vertex_push.c: current values and the client vertex arrays. */
extern const struct st_attrib_saver st_vertex_saver_current;
extern const struct st_attrib_saver st_vertex_saver_arrays;

/* st_buffer.c: the pixel buffer bindings. */
extern const struct st_attrib_saver st_buffer_saver_pixel_store;

/* st_fb_attrib.c: draw and read buffers. */
extern const struct st_attrib_saver st_fb_saver_color;
extern const struct st_attrib_saver st_fb_saver_pixel;

/* st_dlist.c: glListBase. */
extern const struct st_attrib_saver st_dlist_saver_list;

#endif
