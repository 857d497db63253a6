/* SPDX-License-Identifier: MIT */

/*
 * glReadPixels and glReadnPixels (GL 3.3 core 4.3.1, ES 3.0 4.3.1).
 *
 * The read buffer's level and layer are mapped (which waits for the
 * rendering into them), the requested rectangle is clipped to the image
 * (pixels outside it leave client memory as it was, GL 4.6 18.2.6), and
 * st_pixels_pack() converts the rows into client memory or the pixel pack
 * buffer, under the pack state with the skips moved to the clipped
 * rectangle.  A multisampled window buffer is resolved into a temporary
 * single-sampled copy first (reading a multisampled framebuffer object is
 * an error).
 *
 * ES accepts only RGBA / UNSIGNED_BYTE for normalized buffers, RGBA_INTEGER
 * with INT or UNSIGNED_INT for integer buffers, RGBA / FLOAT for float
 * buffers, RGBA / UNSIGNED_INT_2_10_10_10_REV for RGB10_A2, and the
 * implementation's read format and type (ES 3.0 4.3.1, table 3.2).
 */
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_get.h"
#include "st_pixels.h"
#include "st_raster.h"

/** Whether @p format is one of the *_INTEGER client formats. */
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

/** The ES 3.0 rule for the format/type of a colour read of @p res. */
static bool
es_color_pair_ok(struct st_context *ctx, GLenum format, GLenum type,
                 const struct u_format_desc *d)
{
   if (d->is_pure_uint)
      return format == GL_RGBA_INTEGER && type == GL_UNSIGNED_INT;
   if (d->is_pure_sint)
      return format == GL_RGBA_INTEGER && type == GL_INT;
   if (format == GL_RGBA && type == GL_UNSIGNED_BYTE)
      return d->channel[0].type != U_FORMAT_TYPE_FLOAT;
   if (format == GL_RGBA && type == GL_FLOAT)
      return d->channel[0].type == U_FORMAT_TYPE_FLOAT;
   if (format == GL_RGBA && type == GL_UNSIGNED_INT_2_10_10_10_REV)
      return d->format == PIPE_FORMAT_R10G10B10A2_UNORM;
   /* The implementation's own pair. */
   struct st_value vf = { 0 }, vt = { 0 };
   return st_fb_get(ctx, GL_IMPLEMENTATION_COLOR_READ_FORMAT, -1, &vf) &&
          st_fb_get(ctx, GL_IMPLEMENTATION_COLOR_READ_TYPE, -1, &vt) &&
          vf.count && vt.count && (GLenum)vf.i[0] == format &&
          (GLenum)vt.i[0] == type;
}

/** Which buffer @p format reads: GL_COLOR, GL_DEPTH, GL_STENCIL or
 * GL_DEPTH_STENCIL. */
static GLenum
source_of(GLenum format)
{
   switch (format) {
   case GL_DEPTH_COMPONENT:
      return GL_DEPTH;
   case GL_STENCIL_INDEX:
      return GL_STENCIL;
   case GL_DEPTH_STENCIL:
      return GL_DEPTH_STENCIL;
   default:
      return GL_COLOR;
   }
}

struct pipe_resource *
st_fb_resolve_copy(struct st_context *ctx, struct pipe_resource *res,
                   unsigned layer)
{
   const struct u_format_desc *d = u_format_description(res->format);
   bool zs = d && (d->is_depth || d->is_stencil);
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = res->format,
      .width0 = res->width0,
      .height0 = res->height0,
      .depth0 = 1,
      .array_size = 1,
      .bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET,
      .usage = PIPE_USAGE_STAGING,
   };
   struct pipe_resource *copy =
      ctx->screen->resource_create(ctx->screen, &templ);
   if (!copy)
      return NULL;
   struct pipe_blit_info blit = {
      .dst = { .resource = copy,
               .format = res->format,
               .box = { 0, 0, 0, (int)res->width0, (int)res->height0, 1 } },
      .src = { .resource = res,
               .format = res->format,
               .box = { 0, 0, (int)layer, (int)res->width0, (int)res->height0,
                        1 } },
      .mask = PIPE_MASK_RGBA | PIPE_MASK_ZS,
      .filter = PIPE_TEX_FILTER_NEAREST,
   };
   ctx->pipe->blit(ctx->pipe, &blit);
   return copy;
}

/* Compatibility: colours through the pixel transfer operations (GL 3.0
 * compatibility 4.3.2, "Conversion of RGBA values": scale and bias,
 * the RGBA maps) on their way out, by way of RGBA floats. */
static bool
pack_transferred(struct st_context *ctx, const struct st_pixelstore *store,
                 GLenum format, GLenum type, void *dst,
                 const struct pipe_box *box, enum pipe_format src_format,
                 const void *src, const struct pipe_transfer *t, bool clamp)
{
   size_t n = (size_t)box->width * (size_t)box->height;
   size_t row = (size_t)box->width * 4 * sizeof(GLfloat);
   GLfloat *rgba = malloc(n * 4 * sizeof(GLfloat));
   if (!rgba)
      return false;
   const struct st_pixelstore tight = { .alignment = 1 };
   bool ok =
      st_pixels_pack(&tight, GL_RGBA, GL_FLOAT, rgba, box->width, box->height,
                     1, src_format, src, t->stride, t->layer_stride, clamp);
   if (ok) {
      st_pixel_transfer_rgba(ctx, rgba, n, clamp);
      ok = st_pixels_pack(store, format, type, dst, box->width, box->height, 1,
                          PIPE_FORMAT_R32G32B32A32_FLOAT, rgba, row,
                          row * (size_t)box->height, clamp);
   }
   free(rgba);
   return ok;
}

static void
read_pixels(struct st_context *ctx, GLint x, GLint y, GLsizei width,
            GLsizei height, GLenum format, GLenum type, GLsizei buf_size,
            void *pixels, const char *func)
{
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(width=%d, height=%d)", func, width,
               height);
      return;
   }
   GLenum error = st_pixels_check_format_type(ctx, format, type);
   if (error == GL_NO_ERROR && format == GL_COLOR_INDEX)
      error = GL_INVALID_OPERATION; /* no colour-index buffers */
   if (error == GL_NO_ERROR && ctx->es && source_of(format) != GL_COLOR)
      error = GL_INVALID_ENUM;
   if (error != GL_NO_ERROR) {
      st_error(ctx, error, "%s(format=%s, type=%s)", func, st_enum_name(format),
               st_enum_name(type));
      return;
   }
   st_flush_vertices(ctx);

   GLenum which = source_of(format);
   struct pipe_resource *res;
   unsigned level, layer;
   if (!st_fb_read_source(ctx, which == GL_DEPTH_STENCIL ? GL_DEPTH : which,
                          func, &res, &level, &layer))
      return;
   if (which == GL_DEPTH_STENCIL) {
      struct pipe_resource *sres;
      unsigned slevel, slayer;
      if (!st_fb_read_source(ctx, GL_STENCIL, func, &sres, &slevel, &slayer))
         return;
      if (sres != res) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(depth and stencil in different buffers)", func);
         return;
      }
   }
   const struct u_format_desc *d = u_format_description(res->format);
   if (!d)
      return;
   bool multisampled = res->nr_samples > 1;
   if (multisampled && ctx->fb->read->name) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(multisampled read framebuffer)",
               func);
      return;
   }
   if (which == GL_COLOR) {
      bool int_buffer = d->is_pure_uint || d->is_pure_sint;
      if (int_buffer != is_integer_format(format)) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(format=%s with a%s buffer)",
                  func, st_enum_name(format),
                  int_buffer ? "n integer" : " non-integer");
         return;
      }
      if (ctx->es && !es_color_pair_ok(ctx, format, type, d)) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(format=%s, type=%s)", func,
                  st_enum_name(format), st_enum_name(type));
         return;
      }
   }
   const struct st_pixelstore *pack = &ctx->state.pack;
   if (buf_size >= 0) {
      struct st_pixels_layout layout;
      st_pixels_layout(pack, format, type, width, height, 1, &layout);
      if (layout.size > (size_t)buf_size) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(bufSize=%d < %zu)", func,
                  buf_size, layout.size);
         return;
      }
   }

   /* Clip to the image: the rest of the rectangle is not written. */
   unsigned img_w = pipe_minify(res->width0, level);
   unsigned img_h = pipe_minify(res->height0, level);
   int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
   int64_t x1 = (int64_t)x + width, y1 = (int64_t)y + height;
   if (x1 > img_w)
      x1 = img_w;
   if (y1 > img_h)
      y1 = img_h;

   struct pipe_transfer *dst_transfer;
   void *dst = st_pixels_map(ctx, true, pack, format, type, width, height, 1,
                             pixels, &dst_transfer, func);
   if (!dst || x0 >= x1 || y0 >= y1) {
      st_pixels_unmap(ctx, dst_transfer);
      return;
   }

   struct pipe_resource *src_res = res;
   if (multisampled) {
      src_res = st_fb_resolve_copy(ctx, res, layer);
      if (!src_res) {
         st_pixels_unmap(ctx, dst_transfer);
         st_out_of_memory(ctx, func);
         return;
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
   struct pipe_transfer *src_transfer;
   const void *src = ctx->pipe->texture_map(ctx->pipe, src_res, level,
                                            PIPE_MAP_READ, &box, &src_transfer);
   if (!src) {
      st_pixels_unmap(ctx, dst_transfer);
      if (src_res != res)
         pipe_resource_ref(&src_res, NULL);
      st_out_of_memory(ctx, func);
      return;
   }

   /* The clipped rectangle starts (x0 - x, y0 - y) pixels into the
    * client's rectangle. */
   struct st_pixelstore store = *pack;
   store.skip_pixels += (GLint)(x0 - x);
   store.skip_rows += (GLint)(y0 - y);
   if (!store.row_length)
      store.row_length = width;
   /* GL_CLAMP_READ_COLOR (GL 4.6 18.2.8): FIXED_ONLY clamps unorm
    * buffers; snorm values stay in [-1, 1] unclamped. */
   GLenum clamp_mode = ctx->es ? GL_FIXED_ONLY : ctx->state.clamp_read_color;
   bool float_buffer = d->channel[0].type == U_FORMAT_TYPE_FLOAT ||
                       d->channel[0].type == U_FORMAT_TYPE_SNORM;
   bool clamp =
      which == GL_COLOR &&
      (clamp_mode == GL_TRUE || (clamp_mode == GL_FIXED_ONLY && !float_buffer));
   bool ok;
   if (which == GL_COLOR && !is_integer_format(format) &&
       st_pixel_transfer_color_active(ctx))
      ok = pack_transferred(ctx, &store, format, type, dst, &box,
                            src_res->format, src, src_transfer, clamp);
   else
      ok = st_pixels_pack(&store, format, type, dst, box.width, box.height, 1,
                          src_res->format, src, src_transfer->stride,
                          src_transfer->layer_stride, clamp);
   ctx->pipe->texture_unmap(ctx->pipe, src_transfer);
   st_pixels_unmap(ctx, dst_transfer);
   if (src_res != res)
      pipe_resource_ref(&src_res, NULL);
   if (!ok)
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(cannot convert %s to format=%s, type=%s)", func,
               d->short_name, st_enum_name(format), st_enum_name(type));
}

void
api_ReadPixels(struct st_context *ctx, GLint x, GLint y, GLsizei width,
               GLsizei height, GLenum format, GLenum type, void *pixels)
{
   read_pixels(ctx, x, y, width, height, format, type, -1, pixels,
               "glReadPixels");
}

void
api_ReadnPixels(struct st_context *ctx, GLint x, GLint y, GLsizei width,
                GLsizei height, GLenum format, GLenum type, GLsizei bufSize,
                void *data)
{
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glReadnPixels(bufSize=%d)", bufSize);
      return;
   }
   read_pixels(ctx, x, y, width, height, format, type, bufSize, data,
               "glReadnPixels");
}
