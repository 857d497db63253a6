/* SPDX-License-Identifier: MIT */

/*
 * glDrawPixels and glBitmap (GL 3.0 compatibility, 3.7.4 and 3.8), and
 * the fragment emission glCopyPixels shares (st_raster_priv.h).
 *
 * Fragments go through the pipe like a primitive's, so the fragment
 * stage (texturing, colour sum, fog, or the application's fragment
 * shader) and every per-fragment operation apply: each pixel is a
 * primitive of its own, a point of size 1 at the centre of its zoomed
 * rectangle when the zoom is 1 either way, else a quad over the
 * rectangle (its pixel centres are the fragments, 3.7.4 "Conversion to
 * Fragments").  A vertex carries the pixel's colour and depth and the
 * raster position's secondary colour, texture coordinates and distance
 * (as the fog coordinate); the fixed-function vertex stage passes them
 * through (st_compat_set_window_pass()).  Meanwhile the viewport is the
 * whole framebuffer with depth range [0, 1] (positions are given in
 * clip coordinates made from window ones), and the state that applies
 * to primitives but not to pixel rectangles — culling, polygon modes,
 * stipple, offset, smoothing, point size and sprites, user clip planes —
 * is set aside, then put back.
 *
 * Stencil indices do not make fragments (3.7.4 "Final Conversion": they
 * are written to the stencil buffer under the write mask): they are
 * written through a mapping of the stencil buffer, inside the scissor.
 *
 * A vertex stage of the application's program is not replaced: with one
 * bound, pixel rectangles go through it (TODO(#7): bind a pass-through
 * vertex shader with the application's fragment stage).
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_fb.h"
#include "st_fb_priv.h"
#include "st_pixels.h"
#include "st_raster_priv.h"
#include "st_vertex_priv.h"

/** Vertices per draw: bounds the memory of one batch (512 bytes each). */
#define BATCH_VERTICES 4096

struct pixel_draw {
   struct st_state saved;
   GLfloat fb_w, fb_h;
   /** The vertex every one starts from: current values, raster's. */
   union st_current templ[ST_MAX_ATTRIB_LOCATIONS];
   union st_current *batch;
   unsigned count;
   GLenum mode;
};

static void
flush_batch(struct st_context *ctx, struct pixel_draw *d)
{
   if (d->count)
      st_draw_immediate(ctx, d->mode, d->batch, d->count);
   d->count = 0;
}

static void
emit(struct st_context *ctx, struct pixel_draw *d, GLfloat x, GLfloat y,
     GLfloat z, const GLfloat *rgba)
{
   if (d->count == BATCH_VERTICES)
      flush_batch(ctx, d);
   union st_current *v = d->batch + (size_t)d->count * ST_MAX_ATTRIB_LOCATIONS;
   memcpy(v, d->templ, sizeof(d->templ));
   GLfloat pos[4] = { 2.0f * x / d->fb_w - 1.0f, 2.0f * y / d->fb_h - 1.0f,
                      2.0f * z - 1.0f, 1.0f };
   memcpy(v[0].f, pos, sizeof(pos));
   memcpy(v[ST_ATTRIB_VERTEX].f, pos, sizeof(pos));
   if (rgba)
      memcpy(v[ST_ATTRIB_COLOR].f, rgba, 4 * sizeof(GLfloat));
   d->count++;
}

/* Sets aside the primitive-only state; false (nothing to draw) without
 * a framebuffer size or memory. */
static bool
begin_draw(struct st_context *ctx, struct pixel_draw *d, bool quads)
{
   unsigned w, h, samples;
   if (!st_fb_size(ctx, ctx->fb->draw, false, &w, &h, &samples) || !w || !h)
      return false;
   d->batch = malloc((size_t)BATCH_VERTICES * sizeof(d->templ));
   if (!d->batch) {
      st_out_of_memory(ctx, "glDrawPixels");
      return false;
   }
   d->fb_w = (GLfloat)w;
   d->fb_h = (GLfloat)h;
   d->count = 0;
   d->mode = quads ? GL_QUADS : GL_POINTS;

   const struct st_raster_pos *rp = &ctx->raster->pos;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++)
      st_vertex_current_value(ctx, i, d->templ[i].f);
   memcpy(d->templ[ST_ATTRIB_COLOR].f, rp->color, sizeof(rp->color));
   memcpy(d->templ[ST_ATTRIB_COLOR1].f, rp->secondary_color,
          sizeof(rp->secondary_color));
   const GLfloat fog[4] = { rp->distance, 0, 0, 1 };
   memcpy(d->templ[ST_ATTRIB_FOG].f, fog, sizeof(fog));
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++)
      memcpy(d->templ[ST_ATTRIB_TEX(u)].f, rp->texcoord[u],
             sizeof(rp->texcoord[u]));

   st_flush_vertices(ctx);
   struct st_state *s = &ctx->state;
   d->saved = *s;
   s->cull_face = false;
   s->polygon_mode_front = s->polygon_mode_back = GL_FILL;
   s->polygon_stipple = false;
   s->polygon_smooth = false;
   s->polygon_offset_fill = false;
   s->polygon_offset_point = false;
   s->point_smooth = false;
   s->point_sprite = false;
   s->program_point_size = false;
   s->point_size = 1.0f;
   s->clip_planes_enabled = 0;
   s->depth_clamp = false;
   s->viewport[0] = s->viewport[1] = 0;
   s->viewport[2] = (GLint)w;
   s->viewport[3] = (GLint)h;
   s->depth_near = 0.0;
   s->depth_far = 1.0;
   st_compat_set_window_pass(ctx, true);
   ctx->dirty |= ST_DIRTY_RASTERIZER | ST_DIRTY_VIEWPORT | ST_DIRTY_CLIP |
                 ST_DIRTY_PROGRAM | ST_DIRTY_COMPAT;
   return true;
}

static void
end_draw(struct st_context *ctx, struct pixel_draw *d)
{
   flush_batch(ctx, d);
   free(d->batch);
   /* The draw may have recorded nothing else in the state (errors
    * only), so the saved copy is the whole truth. */
   ctx->state = d->saved;
   st_compat_set_window_pass(ctx, false);
   ctx->dirty |= ST_DIRTY_RASTERIZER | ST_DIRTY_VIEWPORT | ST_DIRTY_CLIP |
                 ST_DIRTY_PROGRAM | ST_DIRTY_COMPAT;
}

void
st_draw_fragments(struct st_context *ctx, GLfloat x, GLfloat y, GLsizei width,
                  GLsizei height, GLfloat zoom_x, GLfloat zoom_y,
                  const GLfloat *rgba, const GLfloat *z, const bool *mask)
{
   if (width <= 0 || height <= 0 || zoom_x == 0.0f || zoom_y == 0.0f)
      return;
   bool quads = fabsf(zoom_x) != 1.0f || fabsf(zoom_y) != 1.0f;
   struct pixel_draw d;
   if (!begin_draw(ctx, &d, quads))
      return;
   GLfloat raster_z = ctx->raster->pos.win[2];
   for (GLsizei j = 0; j < height; j++) {
      for (GLsizei i = 0; i < width; i++) {
         size_t k = (size_t)j * (size_t)width + (size_t)i;
         if (mask && !mask[k])
            continue;
         const GLfloat *c = rgba ? rgba + 4 * k : NULL;
         GLfloat depth = z ? z[k] : raster_z;
         GLfloat x0 = x + zoom_x * (GLfloat)i, x1 = x0 + zoom_x;
         GLfloat y0 = y + zoom_y * (GLfloat)j, y1 = y0 + zoom_y;
         if (!quads) {
            emit(ctx, &d, 0.5f * (x0 + x1), 0.5f * (y0 + y1), depth, c);
            continue;
         }
         if (d.count + 4 > BATCH_VERTICES)
            flush_batch(ctx, &d);
         /* Counter-clockwise whatever the zoom signs: culling is off
          * anyway, the order only keeps the quad convex. */
         emit(ctx, &d, x0, y0, depth, c);
         emit(ctx, &d, x1, y0, depth, c);
         emit(ctx, &d, x1, y1, depth, c);
         emit(ctx, &d, x0, y1, depth, c);
      }
   }
   end_draw(ctx, &d);
}

/* ---- stencil ---- */

/* Where the stencil byte of a texel of @p format is; false if it has
 * none. */
static bool
stencil_layout(enum pipe_format format, unsigned *offset, unsigned *bytes)
{
   switch (format) {
   case PIPE_FORMAT_S8_UINT:
      *offset = 0;
      *bytes = 1;
      return true;
   case PIPE_FORMAT_S8_UINT_Z24_UNORM:
      *offset = 0;
      *bytes = 4;
      return true;
   case PIPE_FORMAT_Z24_UNORM_S8_UINT:
      *offset = 3;
      *bytes = 4;
      return true;
   case PIPE_FORMAT_Z32_FLOAT_S8X24_UINT:
      *offset = 4;
      *bytes = 8;
      return true;
   default:
      return false;
   }
}

void
st_draw_stencil(struct st_context *ctx, GLfloat x, GLfloat y, GLsizei width,
                GLsizei height, GLfloat zoom_x, GLfloat zoom_y,
                const GLuint *stencil)
{
   struct pipe_framebuffer_state fbs;
   st_flush_vertices(ctx);
   if (!st_fb_validate_draw(ctx, "glDrawPixels", &fbs) || !fbs.zsbuf)
      return;
   struct pipe_surface *surf = fbs.zsbuf;
   unsigned offset, bytes;
   if (!stencil_layout(surf->format, &offset, &bytes))
      return;
   /* The window rectangle the pixels cover, inside the buffer and the
    * scissor. */
   GLfloat fx0 = x, fx1 = x + zoom_x * (GLfloat)width;
   GLfloat fy0 = y, fy1 = y + zoom_y * (GLfloat)height;
   if (fx1 < fx0) {
      GLfloat t = fx0;
      fx0 = fx1;
      fx1 = t;
   }
   if (fy1 < fy0) {
      GLfloat t = fy0;
      fy0 = fy1;
      fy1 = t;
   }
   /* Pixel centres inside [f0, f1): columns ceil(f0 - 0.5) ..
    * ceil(f1 - 0.5) - 1. */
   int64_t bx0 = (int64_t)ceilf(fx0 - 0.5f), bx1 = (int64_t)ceilf(fx1 - 0.5f);
   int64_t by0 = (int64_t)ceilf(fy0 - 0.5f), by1 = (int64_t)ceilf(fy1 - 0.5f);
   int64_t lim_x0 = 0, lim_y0 = 0, lim_x1 = surf->width, lim_y1 = surf->height;
   if (ctx->state.scissor_test) {
      const GLint *sc = ctx->state.scissor;
      lim_x0 = sc[0] > 0 ? sc[0] : 0;
      lim_y0 = sc[1] > 0 ? sc[1] : 0;
      if ((int64_t)sc[0] + sc[2] < lim_x1)
         lim_x1 = (int64_t)sc[0] + sc[2];
      if ((int64_t)sc[1] + sc[3] < lim_y1)
         lim_y1 = (int64_t)sc[1] + sc[3];
   }
   if (bx0 < lim_x0)
      bx0 = lim_x0;
   if (by0 < lim_y0)
      by0 = lim_y0;
   if (bx1 > lim_x1)
      bx1 = lim_x1;
   if (by1 > lim_y1)
      by1 = lim_y1;
   if (bx0 >= bx1 || by0 >= by1)
      return;
   struct pipe_box box = {
      .x = (int)bx0,
      .y = (int)by0,
      .z = (int)surf->first_layer,
      .width = (int)(bx1 - bx0),
      .height = (int)(by1 - by0),
      .depth = 1,
   };
   struct pipe_transfer *t;
   uint8_t *map = ctx->pipe->texture_map(ctx->pipe, surf->resource, surf->level,
                                         PIPE_MAP_READ_WRITE, &box, &t);
   if (!map) {
      st_out_of_memory(ctx, "glDrawPixels");
      return;
   }
   uint8_t write_mask = (uint8_t)ctx->state.stencil[0].write_mask;
   unsigned samples =
      surf->resource->nr_samples > 1 ? surf->resource->nr_samples : 1;
   for (int64_t wy = by0; wy < by1; wy++) {
      /* The source row whose zoomed rectangle holds this centre. */
      int64_t j = (int64_t)floorf(((GLfloat)wy + 0.5f - y) / zoom_y);
      if (j < 0 || j >= height)
         continue;
      uint8_t *row = map + (size_t)(wy - by0) * t->stride;
      for (int64_t wx = bx0; wx < bx1; wx++) {
         int64_t i = (int64_t)floorf(((GLfloat)wx + 0.5f - x) / zoom_x);
         if (i < 0 || i >= width)
            continue;
         uint8_t s = (uint8_t)stencil[j * width + i];
         for (unsigned smp = 0; smp < samples; smp++) {
            uint8_t *p =
               row + ((size_t)(wx - bx0) * samples + smp) * bytes + offset;
            *p = (uint8_t)((*p & ~write_mask) | (s & write_mask));
         }
      }
   }
   ctx->pipe->texture_unmap(ctx->pipe, t);
}

/* ---- glDrawPixels ---- */

static bool
is_integer_format(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_ALPHA_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_RGBA_INTEGER:
   case GL_BGR_INTEGER:
   case GL_BGRA_INTEGER:
      return true;
   default:
      return false;
   }
}

/* A colour index image (to RGBA through the I_TO_* maps) or a stencil
 * bitmap. */
static void
draw_indices(struct st_context *ctx, GLenum format, GLenum type, GLsizei width,
             GLsizei height, const void *pixels)
{
   struct st_raster_state *rs = ctx->raster;
   bool failed;
   GLfloat *index =
      st_pixel_read_indices(ctx, &ctx->state.unpack, type, pixels, width,
                            height, 1, "glDrawPixels", &failed);
   if (!index)
      return;
   size_t n = (size_t)width * (size_t)height;
   GLfloat x = rs->pos.win[0], y = rs->pos.win[1];
   GLfloat zx = rs->mode.zoom_x, zy = rs->mode.zoom_y;
   if (format == GL_COLOR_INDEX) {
      GLfloat *rgba = malloc(n * 4 * sizeof(GLfloat));
      if (rgba) {
         st_pixel_index_to_rgba(ctx, index, n, rgba);
         st_draw_fragments(ctx, x, y, width, height, zx, zy, rgba, NULL, NULL);
      } else {
         st_out_of_memory(ctx, "glDrawPixels");
      }
      free(rgba);
   } else {
      GLuint *s = malloc(n * sizeof(GLuint));
      if (s) {
         for (size_t k = 0; k < n; k++)
            s[k] = (GLuint)index[k];
         st_pixel_transfer_stencil(ctx, s, n);
         st_draw_stencil(ctx, x, y, width, height, zx, zy, s);
      } else {
         st_out_of_memory(ctx, "glDrawPixels");
      }
      free(s);
   }
   free(index);
}

void
api_DrawPixels(struct st_context *ctx, GLsizei width, GLsizei height,
               GLenum format, GLenum type, const void *pixels)
{
   static const char func[] = "glDrawPixels";
   struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(width=%d, height=%d)", func, width,
               height);
      return;
   }
   /* Index images (GL_BITMAP included) are read here, the others by
    * st_pixels. */
   bool index_image = format == GL_COLOR_INDEX ||
                      (format == GL_STENCIL_INDEX && type == GL_BITMAP);
   GLenum error =
      index_image
         ? st_pixel_index_type_valid(type) ? GL_NO_ERROR : GL_INVALID_ENUM
         : st_pixels_check_format_type(ctx, format, type);
   if (error != GL_NO_ERROR) {
      st_error(ctx, error, "%s(format=%s, type=%s)", func, st_enum_name(format),
               st_enum_name(type));
      return;
   }
   /* GL 3.0 compatibility, 3.7.4: integer formats need an integer
    * fragment colour (none here). */
   if (is_integer_format(format)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(format=%s)", func,
               st_enum_name(format));
      return;
   }
   bool depth = format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   bool stencil = format == GL_STENCIL_INDEX || format == GL_DEPTH_STENCIL;
   if ((depth && !st_fb_draw_has_depth(ctx)) ||
       (stencil && !st_fb_draw_has_stencil(ctx))) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(format=%s without the buffer)",
               func, st_enum_name(format));
      return;
   }
   if (!rs->pos.valid)
      return;
   if (st_render_mode(ctx) != GL_RENDER) {
      struct st_feedback_vertex fv;
      st_raster_feedback_vertex(ctx, &fv);
      st_feedback_pixel_token(ctx, GL_DRAW_PIXEL_TOKEN, &fv);
      return;
   }

   if (index_image) {
      draw_indices(ctx, format, type, width, height, pixels);
      return;
   }

   const struct st_pixelstore *store = &ctx->state.unpack;
   struct pipe_transfer *transfer;
   bool failed;
   const void *src =
      st_pixels_map_checked(ctx, false, store, format, type, width, height, 1,
                            pixels, &transfer, func, &failed);
   if (!src) {
      st_pixels_unmap(ctx, transfer);
      return;
   }
   size_t n = (size_t)width * (size_t)height;
   enum pipe_format dst =
      format == GL_DEPTH_STENCIL     ? PIPE_FORMAT_Z32_FLOAT_S8X24_UINT
      : format == GL_DEPTH_COMPONENT ? PIPE_FORMAT_Z32_FLOAT
      : format == GL_STENCIL_INDEX   ? PIPE_FORMAT_S8_UINT
                                     : PIPE_FORMAT_R32G32B32A32_FLOAT;
   unsigned bpp = dst == PIPE_FORMAT_Z32_FLOAT_S8X24_UINT ? 8
                  : dst == PIPE_FORMAT_R32G32B32A32_FLOAT ? 16
                  : dst == PIPE_FORMAT_S8_UINT            ? 1
                                                          : 4;
   uint8_t *texels = malloc(n * bpp + 1);
   GLfloat *z = depth ? malloc(n * sizeof(GLfloat) + 1) : NULL;
   GLuint *s = stencil ? malloc(n * sizeof(GLuint) + 1) : NULL;
   if (!texels || (depth && !z) || (stencil && !s)) {
      st_out_of_memory(ctx, func);
      goto out;
   }
   if (!st_pixels_unpack(store, format, type, src, width, height, 1, dst,
                         texels, (size_t)width * bpp, n * bpp)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(cannot convert format=%s, type=%s)", func,
               st_enum_name(format), st_enum_name(type));
      goto out;
   }
   st_pixels_unmap(ctx, transfer);
   transfer = NULL;

   GLfloat x = rs->pos.win[0], y = rs->pos.win[1];
   GLfloat zx = rs->mode.zoom_x, zy = rs->mode.zoom_y;
   if (!depth && !stencil) {
      st_pixel_transfer_rgba(ctx, (GLfloat *)texels, n, true);
      st_draw_fragments(ctx, x, y, width, height, zx, zy, (GLfloat *)texels,
                        NULL, NULL);
      goto out;
   }
   for (size_t k = 0; k < n; k++) {
      if (depth)
         memcpy(&z[k], texels + k * bpp, 4);
      if (stencil)
         s[k] = texels[k * bpp + (depth ? 4 : 0)];
   }
   if (depth) {
      st_pixel_transfer_depth(ctx, z, n);
      st_draw_fragments(ctx, x, y, width, height, zx, zy, NULL, z, NULL);
   }
   if (stencil) {
      st_pixel_transfer_stencil(ctx, s, n);
      st_draw_stencil(ctx, x, y, width, height, zx, zy, s);
   }
out:
   st_pixels_unmap(ctx, transfer);
   free(texels);
   free(z);
   free(s);
}

/* ---- glBitmap ---- */

void
api_Bitmap(struct st_context *ctx, GLsizei width, GLsizei height, GLfloat xorig,
           GLfloat yorig, GLfloat xmove, GLfloat ymove, const GLubyte *bitmap)
{
   static const char func[] = "glBitmap";
   struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(width=%d, height=%d)", func, width,
               height);
      return;
   }
   if (!rs->pos.valid)
      return;
   if (st_render_mode(ctx) != GL_RENDER) {
      struct st_feedback_vertex fv;
      st_raster_feedback_vertex(ctx, &fv);
      st_feedback_pixel_token(ctx, GL_BITMAP_TOKEN, &fv);
   } else if (width > 0 && height > 0) {
      const struct st_pixelstore *store = &ctx->state.unpack;
      /* Rows are whole bytes padded to the alignment (3.7.4 "Unpacking",
       * "Bitmap"). */
      size_t row_len =
         store->row_length > 0 ? (size_t)store->row_length : (size_t)width;
      size_t align = store->alignment > 0 ? (size_t)store->alignment : 1;
      size_t stride = (row_len + 8 * align - 1) / (8 * align) * align;
      size_t skip_bits =
         store->skip_pixels > 0 ? (size_t)store->skip_pixels : 0;
      size_t skip_rows = store->skip_rows > 0 ? (size_t)store->skip_rows : 0;
      size_t size = (skip_rows + (size_t)height - 1) * stride +
                    (skip_bits + (size_t)width + 7) / 8;
      struct pipe_transfer *transfer;
      bool failed;
      const uint8_t *src = st_buffer_map_client(ctx, false, bitmap, size,
                                                &transfer, func, &failed);
      if (failed)
         return;
      size_t n = (size_t)width * (size_t)height;
      bool *mask = src ? malloc(n) : NULL;
      if (src && !mask) {
         st_buffer_unmap_client(ctx, transfer);
         st_out_of_memory(ctx, func);
         return;
      }
      if (src) {
         for (GLsizei j = 0; j < height; j++) {
            const uint8_t *row = src + (skip_rows + (size_t)j) * stride;
            for (GLsizei i = 0; i < width; i++) {
               size_t bit = skip_bits + (size_t)i;
               uint8_t m = store->lsb_first ? (uint8_t)(1u << (bit % 8))
                                            : (uint8_t)(0x80u >> (bit % 8));
               mask[(size_t)j * width + i] = (row[bit / 8] & m) != 0;
            }
         }
         st_buffer_unmap_client(ctx, transfer);
         /* 3.8: fragments at (floor(xr - xo) + i, floor(yr - yo) + j).
          * The raster position comes out of a transform: 241.99998 is
          * meant as 242, so the floor gets a little slack (as Mesa's
          * 1e-4). */
         const GLfloat slack = 1e-4f;
         st_draw_fragments(ctx, floorf(rs->pos.win[0] - xorig + slack),
                           floorf(rs->pos.win[1] - yorig + slack), width,
                           height, 1.0f, 1.0f, NULL, NULL, mask);
         free(mask);
      }
   }
   st_flush_vertices(ctx);
   rs->pos.win[0] += xmove;
   rs->pos.win[1] += ymove;
}
