/* SPDX-License-Identifier: MIT */

/*
 * The state of st_raster*.c, st_pixel_transfer.c, st_draw_pixels.c,
 * st_copy_pixels.c and st_accum.c (st_raster.h).
 */
#ifndef ST_RASTER_PRIV_H
#define ST_RASTER_PRIV_H

#include <stdbool.h>
#include <stddef.h>

#include "st_compat.h"
#include "st_gl.h"
#include "st_raster.h"
#include "st_render_mode.h"

/** GL_MAX_PIXEL_MAP_TABLE (GL 3.0 compatibility, table 6.64: at least
 * 32). */
#define ST_MAX_PIXEL_MAP_TABLE 256

/** The ten pixel maps, in the order of GL_PIXEL_MAP_I_TO_I ..
 * GL_PIXEL_MAP_A_TO_A (0x0C70 .. 0x0C79). */
#define ST_NUM_PIXEL_MAPS 10

/** The raster position (GL 3.0 compatibility, 2.18): GL_CURRENT_BIT. */
struct st_raster_pos {
   /** Window x, y, z and the clip w. */
   GLfloat win[4];
   GLfloat distance;
   GLfloat color[4];
   GLfloat secondary_color[4];
   GLfloat texcoord[ST_MAX_FF_TEXTURE_UNITS][4];
   bool valid;
};

struct st_pixel_map {
   unsigned size;
   GLfloat values[ST_MAX_PIXEL_MAP_TABLE];
};

struct st_raster_state {
   struct st_raster_pos pos;
   struct st_pixel_mode mode;
   struct st_pixel_map maps[ST_NUM_PIXEL_MAPS];
   /** glClearAccum (GL_ACCUM_BUFFER_BIT). */
   GLfloat accum_clear[4];
   /** The accumulation buffer of the draw framebuffer (st_accum.c):
    * accum_width x accum_height RGBA floats, NULL until first used. */
   GLfloat *accum;
   unsigned accum_width, accum_height;
};

struct pipe_transfer;
struct st_value;

/** glGet of the raster position (st_raster_pos.c; st_raster_get()). */
bool st_raster_pos_get(struct st_context *ctx, GLenum pname,
                       struct st_value *v);

/**
 * Reads a @p width x @p height rectangle at (@p x, @p y) of the read
 * framebuffer's @p which (GL_COLOR: RGBA floats, GL_DEPTH: floats,
 * GL_STENCIL: GLuints) into @p out, rows bottom first (st_copy_pixels.c).
 * @p inside tells the pixels that lie in the buffer (the others are 0).
 * False after an error (raised, naming @p func).
 */
bool st_raster_read_rect(struct st_context *ctx, GLenum which, GLint x, GLint y,
                         GLsizei width, GLsizei height, void *out, bool *inside,
                         const char *func);

/** glGet of GL_ACCUM_*_BITS (st_accum.c; st_raster_get()). */
bool st_accum_get(struct st_context *ctx, GLenum pname, struct st_value *v);

/** The raster position as feedback reports it. */
void st_raster_feedback_vertex(struct st_context *ctx,
                               struct st_feedback_vertex *out);

/**
 * Draws fragments through the current fragment stage and per-fragment
 * operations (st_draw_pixels.c): @p width x @p height pixels whose lower
 * left corner is at window (@p x, @p y), each pixel a zoom_x x zoom_y
 * rectangle (GL 3.0 compatibility, 3.7.4 "Final Conversion" and
 * "Conversion to Fragments").  @p rgba (NULL: the raster colour) gives
 * colours, @p z (NULL: the raster z) depths; @p mask (NULL: all) says
 * which pixels make fragments.  Rows bottom first.
 */
void st_draw_fragments(struct st_context *ctx, GLfloat x, GLfloat y,
                       GLsizei width, GLsizei height, GLfloat zoom_x,
                       GLfloat zoom_y, const GLfloat *rgba, const GLfloat *z,
                       const bool *mask);

/**
 * Writes stencil indices to the draw framebuffer's stencil buffer
 * (st_draw_pixels.c): pixel (i, j) to the zoomed rectangle at window
 * (@p x, @p y), under the scissor and the front stencil write mask.
 */
void st_draw_stencil(struct st_context *ctx, GLfloat x, GLfloat y,
                     GLsizei width, GLsizei height, GLfloat zoom_x,
                     GLfloat zoom_y, const GLuint *stencil);

#endif
