/* SPDX-License-Identifier: MIT */

/*
 * glCopyPixels (GL 3.0 compatibility, 4.3.3) and the framebuffer reads
 * it shares with the accumulation buffer (st_raster_read_rect()).
 *
 * "CopyPixels ... behaves as if the pixels were read with ReadPixels
 * (without the pack state) and drawn with DrawPixels": the rectangle is
 * read into floats (colours, depths) or integers (stencil), the pixel
 * transfer operations are applied, and the result is drawn at the raster
 * position under the zoom (st_draw_fragments(), st_draw_stencil()).
 * Source pixels outside the read buffer are undefined (4.3.3): they make
 * no fragments here.
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "st_context.h"
#include "st_fb.h"
#include "st_fb_priv.h"
#include "st_pixels.h"
#include "st_raster_priv.h"

bool
st_raster_read_rect(struct st_context *ctx, GLenum which, GLint x, GLint y,
                    GLsizei width, GLsizei height, void *out, bool *inside,
                    const char *func)
{
   struct pipe_resource *res;
   unsigned level, layer;
   if (!st_fb_read_source(ctx, which, func, &res, &level, &layer))
      return false;
   if (res->nr_samples > 1 && ctx->fb->read->name) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(multisampled read framebuffer)",
               func);
      return false;
   }
   GLenum format = which == GL_DEPTH     ? GL_DEPTH_COMPONENT
                   : which == GL_STENCIL ? GL_STENCIL_INDEX
                                         : GL_RGBA;
   GLenum type = which == GL_STENCIL ? GL_UNSIGNED_INT : GL_FLOAT;
   size_t bpp = which == GL_COLOR ? 16 : 4;
   size_t n = (size_t)width * (size_t)height;
   memset(out, 0, n * bpp);
   memset(inside, 0, n);

   unsigned img_w = pipe_minify(res->width0, level);
   unsigned img_h = pipe_minify(res->height0, level);
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + width, y1 = (int64_t)y + height;
   if (x1 > img_w)
      x1 = img_w;
   if (y1 > img_h)
      y1 = img_h;
   if (x0 >= x1 || y0 >= y1)
      return true;

   struct pipe_resource *src_res = res;
   if (res->nr_samples > 1) {
      src_res = st_fb_resolve_copy(ctx, res, layer);
      if (!src_res) {
         st_out_of_memory(ctx, func);
         return false;
      }
      layer = 0;
   }
   struct pipe_box box = {
      .x = (int)x0,
      .y = (int)y0,
      .z = (int)layer,
      .width = (int)(x1 - x0),
      .height = (int)(y1 - y0),
      .depth = 1,
   };
   struct pipe_transfer *t;
   const void *src = ctx->pipe->texture_map(ctx->pipe, src_res, level,
                                            PIPE_MAP_READ, &box, &t);
   bool ok = src != NULL;
   if (ok) {
      /* Rows of the whole rectangle, the read part at its place. */
      struct st_pixelstore store = {
         .alignment = 1,
         .row_length = width,
         .skip_pixels = (GLint)(x0 - x),
         .skip_rows = (GLint)(y0 - y),
      };
      ok = st_pixels_pack(&store, format, type, out, box.width, box.height, 1,
                          src_res->format, src, t->stride, t->layer_stride,
                          false);
      ctx->pipe->texture_unmap(ctx->pipe, t);
   } else {
      st_out_of_memory(ctx, func);
   }
   if (src_res != res)
      pipe_resource_ref(&src_res, NULL);
   if (!ok)
      return false;
   for (int64_t j = y0 - y; j < y1 - y; j++)
      memset(inside + (size_t)j * (size_t)width + (size_t)(x0 - x), 1,
             (size_t)(x1 - x0));
   return true;
}

void
api_CopyPixels(struct st_context *ctx, GLint x, GLint y, GLsizei width,
               GLsizei height, GLenum type)
{
   static const char func[] = "glCopyPixels";
   struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   if (type != GL_COLOR && type != GL_DEPTH && type != GL_STENCIL &&
       type != GL_DEPTH_STENCIL) {
      st_error(ctx, GL_INVALID_ENUM, "%s(type=%s)", func, st_enum_name(type));
      return;
   }
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(width=%d, height=%d)", func, width,
               height);
      return;
   }
   st_flush_vertices(ctx);
   struct pipe_framebuffer_state fbs;
   if (!st_fb_validate_draw(ctx, func, &fbs))
      return;
   bool depth = type == GL_DEPTH || type == GL_DEPTH_STENCIL;
   bool stencil = type == GL_STENCIL || type == GL_DEPTH_STENCIL;
   struct pipe_resource *res;
   unsigned level, layer;
   if ((depth && (!st_fb_draw_has_depth(ctx) ||
                  !st_fb_read_image(ctx, GL_DEPTH, &res, &level, &layer))) ||
       (stencil &&
        (!st_fb_draw_has_stencil(ctx) ||
         !st_fb_read_image(ctx, GL_STENCIL, &res, &level, &layer)))) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(type=%s without the buffer)",
               func, st_enum_name(type));
      return;
   }
   if (!rs->pos.valid)
      return;
   if (st_render_mode(ctx) != GL_RENDER) {
      struct st_feedback_vertex fv;
      st_raster_feedback_vertex(ctx, &fv);
      st_feedback_pixel_token(ctx, GL_COPY_PIXEL_TOKEN, &fv);
      return;
   }
   if (width == 0 || height == 0)
      return;

   size_t n = (size_t)width * (size_t)height;
   bool *inside = malloc(n);
   GLfloat *values = malloc(n * 4 * sizeof(GLfloat));
   GLuint *s = stencil ? malloc(n * sizeof(GLuint)) : NULL;
   if (!inside || !values || (stencil && !s)) {
      st_out_of_memory(ctx, func);
      goto out;
   }
   GLfloat rx = rs->pos.win[0], ry = rs->pos.win[1];
   GLfloat zx = rs->mode.zoom_x, zy = rs->mode.zoom_y;
   if (!depth && !stencil) {
      if (!st_raster_read_rect(ctx, GL_COLOR, x, y, width, height, values,
                               inside, func))
         goto out;
      st_pixel_transfer_rgba(ctx, values, n, true);
      st_draw_fragments(ctx, rx, ry, width, height, zx, zy, values, NULL,
                        inside);
      goto out;
   }
   if (depth) {
      if (!st_raster_read_rect(ctx, GL_DEPTH, x, y, width, height, values,
                               inside, func))
         goto out;
      st_pixel_transfer_depth(ctx, values, n);
      st_draw_fragments(ctx, rx, ry, width, height, zx, zy, NULL, values,
                        inside);
   }
   if (stencil) {
      if (!st_raster_read_rect(ctx, GL_STENCIL, x, y, width, height, s, inside,
                               func))
         goto out;
      st_pixel_transfer_stencil(ctx, s, n);
      st_draw_stencil(ctx, rx, ry, width, height, zx, zy, s);
   }
out:
   free(inside);
   free(values);
   free(s);
}
