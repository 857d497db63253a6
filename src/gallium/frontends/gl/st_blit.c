/* SPDX-License-Identifier: MIT */

/*
 * glBlitFramebuffer (GL 3.3 core 4.3.2, ES 3.0 4.3.3): a scaled, filtered
 * and format-converting copy from the read framebuffer to the draw
 * framebuffer, one pipe_context::blit per colour draw buffer plus one for
 * depth and stencil.
 *
 * Coordinates: the destination rectangle is made positive; when exactly
 * one of the two rectangles is mirrored along an axis, the source box gets
 * a negative size on that axis (the pipe blit mirrors then).  Window y is
 * the memory row, so no flipping is needed otherwise.  The scissor test
 * applies to the destination; buffers named in the mask that either
 * framebuffer lacks are skipped silently (GL 4.6 18.3.1).
 */
#include <stdlib.h>

#include "pipe/p_context.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_validate.h"

static bool
is_uint(const struct u_format_desc *d)
{
   return d && d->is_pure_uint;
}

static bool
is_sint(const struct u_format_desc *d)
{
   return d && d->is_pure_sint;
}

/** One axis: positive destination [*d0, *d0 + *dw), source start and
 * signed size; false if a size does not fit an int. */
static bool
axis(GLint s0, GLint s1, GLint d0, GLint d1, int *sx, int *sw, int *dx, int *dw)
{
   int64_t sw64 = (int64_t)s1 - s0, dw64 = (int64_t)d1 - d0;
   if (sw64 > INT32_MAX || sw64 < -INT32_MAX || dw64 > INT32_MAX ||
       dw64 < -INT32_MAX)
      return false;
   int64_t start = s0;
   if (dw64 < 0) {
      /* Mirror the destination back to positive by mirroring the
       * source. */
      dw64 = -dw64;
      start = s1;
      sw64 = -sw64;
      d0 = d1;
   }
   *sx = (int)start;
   *sw = (int)sw64;
   *dx = d0;
   *dw = (int)dw64;
   return true;
}

static void
scissor_of(struct st_context *ctx, struct pipe_blit_info *info)
{
   if (!ctx->state.scissor_test)
      return;
   const GLint *s = ctx->state.scissor;
   int64_t x0 = s[0] > 0 ? s[0] : 0, y0 = s[1] > 0 ? s[1] : 0;
   int64_t x1 = (int64_t)s[0] + s[2], y1 = (int64_t)s[1] + s[3];
   info->scissor_enable = true;
   info->scissor.minx = (unsigned)x0;
   info->scissor.miny = (unsigned)y0;
   info->scissor.maxx = x1 < x0           ? (unsigned)x0
                        : x1 > UINT32_MAX ? UINT32_MAX
                                          : (unsigned)x1;
   info->scissor.maxy = y1 < y0           ? (unsigned)y0
                        : y1 > UINT32_MAX ? UINT32_MAX
                                          : (unsigned)y1;
}

void
api_BlitFramebuffer(struct st_context *ctx, GLint srcX0, GLint srcY0,
                    GLint srcX1, GLint srcY1, GLint dstX0, GLint dstY0,
                    GLint dstX1, GLint dstY1, GLbitfield mask, GLenum filter)
{
   const char *func = "glBlitFramebuffer";
   const GLbitfield all =
      GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
   if (mask & ~all) {
      st_error(ctx, GL_INVALID_VALUE, "%s(mask=0x%x)", func, mask);
      return;
   }
   if (filter != GL_NEAREST && filter != GL_LINEAR) {
      st_error(ctx, GL_INVALID_ENUM, "%s(filter=%s)", func,
               st_enum_name(filter));
      return;
   }
   if (filter == GL_LINEAR &&
       (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT))) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(GL_LINEAR with depth or stencil)",
               func);
      return;
   }
   struct st_fb_state *fbs = ctx->fb;
   GLenum status = st_fb_status(ctx, fbs->read, true);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
               "%s(read framebuffer incomplete: %s)", func,
               st_enum_name(status));
      return;
   }
   st_flush_vertices(ctx);
   if (!st_validate_framebuffer(ctx, func))
      return;
   const struct pipe_framebuffer_state *dst = &fbs->state;
   if (dst->samples > 1) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(multisampled draw framebuffer)",
               func);
      return;
   }

   struct pipe_blit_info info = {
      .filter =
         filter == GL_LINEAR ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST,
      .render_condition_enable = true,
   };
   if (!axis(srcX0, srcX1, dstX0, dstX1, &info.src.box.x, &info.src.box.width,
             &info.dst.box.x, &info.dst.box.width) ||
       !axis(srcY0, srcY1, dstY0, dstY1, &info.src.box.y, &info.src.box.height,
             &info.dst.box.y, &info.dst.box.height))
      return;
   info.src.box.depth = info.dst.box.depth = 1;
   /* A multisampled read is a resolve: same size (ES 3.0: the same
    * rectangle). */
   bool same_size = srcX1 - (int64_t)srcX0 == dstX1 - (int64_t)dstX0 &&
                    srcY1 - (int64_t)srcY0 == dstY1 - (int64_t)dstY0;
   if (ctx->es)
      same_size =
         srcX0 == dstX0 && srcX1 == dstX1 && srcY0 == dstY0 && srcY1 == dstY1;
   scissor_of(ctx, &info);

   /* Sources: each missing one drops its bit. */
   struct pipe_resource *color_src = NULL, *z_src = NULL, *s_src = NULL;
   unsigned color_level = 0, color_layer = 0, z_level = 0, z_layer = 0;
   unsigned s_level = 0, s_layer = 0;
   if (mask & GL_COLOR_BUFFER_BIT)
      st_fb_read_image(ctx, GL_COLOR, &color_src, &color_level, &color_layer);
   if (mask & GL_DEPTH_BUFFER_BIT)
      st_fb_read_image(ctx, GL_DEPTH, &z_src, &z_level, &z_layer);
   if (mask & GL_STENCIL_BUFFER_BIT)
      st_fb_read_image(ctx, GL_STENCIL, &s_src, &s_level, &s_layer);
   if (z_src && s_src && z_src != s_src) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(depth and stencil read from different buffers)", func);
      return;
   }

   /* Colour checks, against every draw buffer. */
   enum pipe_format src_format = PIPE_FORMAT_NONE;
   if (color_src) {
      src_format = st_fb_render_format(ctx, color_src->format);
      const struct u_format_desc *sd = u_format_description(src_format);
      for (unsigned i = 0; i < dst->nr_cbufs; i++) {
         if (!dst->cbufs[i])
            continue;
         const struct u_format_desc *dd =
            u_format_description(dst->cbufs[i]->format);
         if (is_uint(sd) != is_uint(dd) || is_sint(sd) != is_sint(dd)) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(integer and non-integer colour buffers)", func);
            return;
         }
         if ((is_uint(sd) || is_sint(sd)) && filter == GL_LINEAR) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(GL_LINEAR with integer colour buffers)", func);
            return;
         }
         if (color_src->nr_samples > 1 &&
             (dst->cbufs[i]->format != src_format || !same_size)) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(multisampled read with other format or size)", func);
            return;
         }
      }
   }
   struct pipe_resource *zs_src = z_src ? z_src : s_src;
   struct pipe_surface *zs_dst = dst->zsbuf;
   unsigned zs_mask = 0;
   if (zs_src && zs_dst) {
      const struct u_format_desc *dd = u_format_description(zs_dst->format);
      if (z_src && dd->is_depth)
         zs_mask |= PIPE_MASK_Z;
      if (s_src && dd->is_stencil)
         zs_mask |= PIPE_MASK_S;
      /* GL 3.3 4.3.2: depth and stencil formats must match. */
      if (zs_mask && zs_dst->format != zs_src->format) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(depth/stencil formats differ)",
                  func);
         return;
      }
      if (zs_mask && zs_src->nr_samples > 1 && !same_size) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(multisampled read with another size)", func);
         return;
      }
   }

   struct pipe_context *pipe = ctx->pipe;
   if (color_src) {
      info.src.resource = color_src;
      info.src.level = color_level;
      info.src.box.z = (int)color_layer;
      info.src.format = src_format;
      info.mask = PIPE_MASK_RGBA;
      for (unsigned i = 0; i < dst->nr_cbufs; i++) {
         struct pipe_surface *s = dst->cbufs[i];
         if (!s)
            continue;
         info.dst.resource = s->resource;
         info.dst.level = s->level;
         info.dst.box.z = (int)s->first_layer;
         info.dst.format = s->format;
         pipe->blit(pipe, &info);
      }
   }
   if (zs_mask) {
      info.src.resource = zs_src;
      info.src.level = z_src ? z_level : s_level;
      info.src.box.z = (int)(z_src ? z_layer : s_layer);
      info.src.format = zs_src->format;
      info.dst.resource = zs_dst->resource;
      info.dst.level = zs_dst->level;
      info.dst.box.z = (int)zs_dst->first_layer;
      info.dst.format = zs_dst->format;
      info.mask = zs_mask;
      info.filter = PIPE_TEX_FILTER_NEAREST;
      pipe->blit(pipe, &info);
   }
}
