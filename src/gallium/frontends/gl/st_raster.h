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
#include <stddef.h>

#include "st_gl.h"
#include "st_state.h"

struct st_buffer;
struct st_context;
struct st_value;

/** The pixel transfer and zoom state: GL_PIXEL_MODE_BIT (with the read
 * buffer, st_fb_saver_pixel). */
struct st_pixel_mode {
   bool map_color, map_stencil;
   GLint index_shift, index_offset;
   /** GL_RED_SCALE .. GL_ALPHA_SCALE and _BIAS. */
   GLfloat scale[4], bias[4];
   GLfloat depth_scale, depth_bias;
   GLfloat zoom_x, zoom_y;
};

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

/**
 * Reads the colour or stencil indices of a client image of @p type
 * (GL_BITMAP, GL_UNSIGNED_BYTE .. GL_FLOAT) laid out by @p store, from
 * client memory or the bound pixel unpack buffer: a malloc'd array of
 * @p width x @p height x @p depth floats, NULL with *@p failed after an
 * error (raised, naming @p func) and NULL without for no data.
 */
GLfloat *st_pixel_read_indices(struct st_context *ctx,
                               const struct st_pixelstore *store, GLenum type,
                               const void *pixels, GLsizei width,
                               GLsizei height, GLsizei depth, const char *func,
                               bool *failed);

/** Whether @p type is a type of colour and stencil index images. */
bool st_pixel_index_type_valid(GLenum type);

/** Colour indices to RGBA (3.7.5: index shift and offset, then the
 * I_TO_R .. I_TO_A maps, which RGBA mode always applies). */
void st_pixel_index_to_rgba(struct st_context *ctx, const GLfloat *index,
                            size_t n, GLfloat *rgba);

/** Whether a glTexImage* / glTexSubImage* image of @p format / @p type
 * needs the pixel transfer operations (compatibility): a colour index
 * image, or a colour image while scale, bias or maps change values. */
bool st_pixel_transfer_image_needed(struct st_context *ctx, GLenum format,
                                    GLenum type);

/**
 * Such an image as RGBA floats (tight rows, malloc'd) with the transfer
 * operations applied, read under @p store from client memory or the
 * unpack buffer; NULL with *@p failed after an error (raised), NULL
 * without for no data.
 */
GLfloat *st_pixel_transfer_image(struct st_context *ctx,
                                 const struct st_pixelstore *store,
                                 GLenum format, GLenum type, const void *pixels,
                                 GLsizei width, GLsizei height, GLsizei depth,
                                 const char *func, bool *failed);

/** While the converted image is given as GL_RGBA / GL_FLOAT client
 * memory: tight unpack state, no unpack buffer, no transfer
 * operations; _end puts them back. */
struct st_pixel_plain_source {
   struct st_pixelstore unpack;
   struct st_buffer *pbo;
   struct st_pixel_mode mode;
};
void st_pixel_transfer_plain_begin(struct st_context *ctx,
                                   struct st_pixel_plain_source *save);
void st_pixel_transfer_plain_end(struct st_context *ctx,
                                 struct st_pixel_plain_source *save);

/** Whether any colour transfer operation changes values (scale not 1,
 * bias not 0 or GL_MAP_COLOR): plain copies must then convert. */
bool st_pixel_transfer_color_active(struct st_context *ctx);

#endif
