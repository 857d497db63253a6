/* SPDX-License-Identifier: MIT */

/*
 * Pixel rectangles and the raster position (compatibility): glRasterPos*
 * and glWindowPos* (st_raster_pos.c, GL 3.0 compatibility 2.18), the
 * pixel transfer state glPixelZoom, glPixelTransfer*, glPixelMap* and
 * glGetPixelMap* (st_pixel_transfer.c, 3.7.3), glDrawPixels and glBitmap
 * (st_draw_pixels.c, 3.7.4 and 3.8), glCopyPixels (st_copy_pixels.c,
 * 4.3.3) and the accumulation buffer (st_accum.c, 4.2.4).
 *
 * The state lives in ctx->raster (st_raster_priv.h), NULL in core and
 * ES contexts, whose entry points never reach this module.
 */
#ifndef ST_RASTER_H
#define ST_RASTER_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;
struct st_value;

void st_raster_init(struct st_context *ctx);
void st_raster_fini(struct st_context *ctx);

/** glGet of the raster position, pixel transfer, pixel zoom, pixel map
 * and accumulation state; false for other pnames. */
bool st_raster_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);

/**
 * Applies the colour pixel transfer operations of GL 3.0 compatibility
 * 3.7.5 (scale and bias, then GL_MAP_COLOR's R_TO_R... maps, each
 * clamped to [0, 1] when @p clamp) to @p n RGBA floats in place.
 */
void st_pixel_transfer_rgba(struct st_context *ctx, GLfloat *rgba, size_t n,
                            bool clamp);

/** Depth scale and bias (3.7.5 "Arithmetic on Components"), then
 * clamped to [0, 1], on @p n depths in place. */
void st_pixel_transfer_depth(struct st_context *ctx, GLfloat *z, size_t n);

/** Index shift and offset, then GL_MAP_STENCIL's S_TO_S map, on @p n
 * stencil indices in place (3.7.5 "Arithmetic on Indices"). */
void st_pixel_transfer_stencil(struct st_context *ctx, GLuint *s, size_t n);

/** glClear of GL_ACCUM_BUFFER_BIT: the accumulation buffer (if the
 * draw framebuffer has one) to the glClearAccum value, inside the
 * scissor box (st_accum.c). */
void st_accum_clear(struct st_context *ctx);

/** Whether any colour transfer operation changes values (scale not 1,
 * bias not 0 or GL_MAP_COLOR): plain copies must then convert. */
bool st_pixel_transfer_color_active(struct st_context *ctx);

#endif
