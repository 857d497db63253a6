/* SPDX-License-Identifier: MIT */

/*
 * glCopyTexImage1D/2D and glCopyTexSubImage1D/2D/3D (GL 4.6 core, 8.6):
 * a region of the read framebuffer's read buffer (st_fb_read_source) is
 * blitted into an image, converting formats on the way (pipe->blit).
 * Window y is the memory row of both (st_texture.h), so rows copy
 * straight.  Parts of the region outside the read buffer are undefined
 * in GL; they are left as they were.
 */
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "st_fb.h"
#include "st_pixels.h"
#include "st_texture_priv.h"

/* What the read framebuffer must provide for @p internal_format. */
static GLenum
source_buffer(GLenum internal_format)
{
   GLenum base = st_base_format(internal_format);
   return base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL ? GL_DEPTH
                                                                 : GL_COLOR;
}

/* GL 4.6 core, 8.6: integer images copy from integer buffers only. */
static bool
check_source(struct st_context *ctx, GLenum internal_format,
             const struct pipe_resource *src, const char *func)
{
   const struct u_format_desc *d = u_format_description(src->format);
   bool src_integer =
      d && (d->is_pure_uint || d->is_pure_sint) && !d->is_stencil;
   if (st_format_is_integer(internal_format) != src_integer) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(integer and non-integer formats)",
               func);
      return false;
   }
   return true;
}

/* Copies read buffer pixels (x, y) w x h into the image at (dx, dy, dz);
 * false (error raised) when the read framebuffer cannot be read. */
static bool
copy_pixels(struct st_context *ctx, struct st_texture_object *tex,
            unsigned face, unsigned level, GLint dx, GLint dy, GLint dz,
            GLint x, GLint y, GLsizei w, GLsizei h, const char *func)
{
   const struct st_texture_image *img = &tex->image[face][level];
   struct pipe_resource *src;
   unsigned src_level, src_layer;
   if (!st_fb_read_source(ctx, source_buffer(img->internal_format), func, &src,
                          &src_level, &src_layer))
      return false;
   if (!check_source(ctx, img->internal_format, src, func))
      return false;
   /* Clip the region to the read buffer. */
   GLint sw = (GLint)pipe_minify(src->width0, src_level);
   GLint sh = (GLint)pipe_minify(src->height0, src_level);
   if (x < 0) {
      dx -= x;
      w += x;
      x = 0;
   }
   if (y < 0) {
      dy -= y;
      h += y;
      y = 0;
   }
   if (x + w > sw)
      w = sw - x;
   if (y + h > sh)
      h = sh - y;
   if (w <= 0 || h <= 0)
      return true;

   unsigned res_level, res_layer;
   struct pipe_resource *dst =
      st_texture_image_location(tex, face, level, &res_level, &res_layer);
   if (!dst)
      return true;
   const struct u_format_desc *d = u_format_description(img->format);
   struct pipe_blit_info blit;
   memset(&blit, 0, sizeof(blit));
   blit.src.resource = src;
   blit.src.level = src_level;
   blit.src.format = src->format;
   blit.dst.resource = dst;
   blit.dst.level = res_level;
   blit.dst.format = img->format;
   blit.mask =
      d->is_depth || d->is_stencil
         ? ((d->is_depth ? PIPE_MASK_Z : 0) |
            (d->is_stencil && u_format_description(src->format)->is_stencil
                ? PIPE_MASK_S
                : 0))
         : PIPE_MASK_RGBA;
   blit.filter = PIPE_TEX_FILTER_NEAREST;
   if (tex->target == GL_TEXTURE_1D_ARRAY) {
      /* Each row goes to a layer. */
      for (GLsizei r = 0; r < h; r++) {
         blit.src.box = (struct pipe_box){ x, y + r, (int)src_layer, w, 1, 1 };
         blit.dst.box =
            (struct pipe_box){ dx, 0, (int)res_layer + dy + r, w, 1, 1 };
         ctx->pipe->blit(ctx->pipe, &blit);
      }
      return true;
   }
   blit.src.box = (struct pipe_box){ x, y, (int)src_layer, w, h, 1 };
   blit.dst.box = (struct pipe_box){ dx, dy, (int)res_layer + dz, w, h, 1 };
   ctx->pipe->blit(ctx->pipe, &blit);
   return true;
}

static void
copy_tex_image(struct st_context *ctx, unsigned dims, GLenum target,
               GLint level, GLenum internal_format, GLint x, GLint y,
               GLsizei width, GLsizei height, GLint border, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   bool proxy;
   unsigned face;
   if (!st_teximage_target(ctx, dims, target, false, &t, &proxy, &face) ||
       t == ST_TEX_2D_MS || t == ST_TEX_2D_MS_ARRAY) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   if (!st_format_is_valid(ctx, internal_format) ||
       st_format_is_compressed(internal_format) ||
       st_base_format(internal_format) == GL_STENCIL_INDEX) {
      st_error(ctx, GL_INVALID_VALUE, "%s(internalformat=%s)", func,
               st_enum_name(internal_format));
      return;
   }
   if (dims < 2)
      height = 1;
   GLenum err = st_teximage_check_size(ctx, t, level, width, height, 1, border);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(level=%d, size=%dx%d, border=%d)", func, level,
               width, height, border);
      return;
   }
   struct st_texture_object *tex = ts->bound[ts->active_unit][t];
   if (tex->immutable) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(immutable texture)", func);
      return;
   }
   enum pipe_format pformat =
      st_choose_format(ctx, internal_format, GL_NONE, GL_NONE,
                       st_tex_target_pipe(t), PIPE_BIND_SAMPLER_VIEW);
   if (pformat == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_VALUE, "%s(internalformat=%s unsupported)", func,
               st_enum_name(internal_format));
      return;
   }
   /* Check the source before the image changes. */
   struct pipe_resource *src;
   unsigned src_level, src_layer;
   if (!st_fb_read_source(ctx, source_buffer(internal_format), func, &src,
                          &src_level, &src_layer) ||
       !check_source(ctx, internal_format, src, func))
      return;
   st_flush_vertices(ctx);
   if (!width || !height) {
      st_texture_clear_image(tex, face, (unsigned)level);
      st_texture_changed(ctx, tex);
      return;
   }
   if (!st_texture_define_image(ctx, tex, face, (unsigned)level,
                                internal_format, pformat, width, height, 1, 0,
                                true)) {
      st_out_of_memory(ctx, func);
      return;
   }
   copy_pixels(ctx, tex, face, (unsigned)level, 0, 0, 0, x, y, width, height,
               func);
   st_teximage_written(ctx, tex, (unsigned)level);
}

void
api_CopyTexImage1D(struct st_context *ctx, GLenum target, GLint level,
                   GLenum internalformat, GLint x, GLint y, GLsizei width,
                   GLint border)
{
   copy_tex_image(ctx, 1, target, level, internalformat, x, y, width, 1, border,
                  "glCopyTexImage1D");
}

void
api_CopyTexImage2D(struct st_context *ctx, GLenum target, GLint level,
                   GLenum internalformat, GLint x, GLint y, GLsizei width,
                   GLsizei height, GLint border)
{
   copy_tex_image(ctx, 2, target, level, internalformat, x, y, width, height,
                  border, "glCopyTexImage2D");
}

static void
copy_tex_sub_image(struct st_context *ctx, unsigned dims, GLenum target,
                   GLint level, GLint dx, GLint dy, GLint dz, GLint x, GLint y,
                   GLsizei w, GLsizei h, const char *func)
{
   unsigned face;
   struct st_texture_object *tex = st_teximage_sub_target(
      ctx, dims, target, level, dx, dy, dz, w, h, 1, &face, func);
   if (!tex)
      return;
   if (st_format_is_compressed(tex->image[face][level].internal_format)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(compressed image)", func);
      return;
   }
   st_flush_vertices(ctx);
   if (copy_pixels(ctx, tex, face, (unsigned)level, dx, dy, dz, x, y, w, h,
                   func))
      st_teximage_written(ctx, tex, (unsigned)level);
}

void
api_CopyTexSubImage1D(struct st_context *ctx, GLenum target, GLint level,
                      GLint xoffset, GLint x, GLint y, GLsizei width)
{
   copy_tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, x, y, width, 1,
                      "glCopyTexSubImage1D");
}

void
api_CopyTexSubImage2D(struct st_context *ctx, GLenum target, GLint level,
                      GLint xoffset, GLint yoffset, GLint x, GLint y,
                      GLsizei width, GLsizei height)
{
   copy_tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, x, y, width,
                      height, "glCopyTexSubImage2D");
}

void
api_CopyTexSubImage3D(struct st_context *ctx, GLenum target, GLint level,
                      GLint xoffset, GLint yoffset, GLint zoffset, GLint x,
                      GLint y, GLsizei width, GLsizei height)
{
   copy_tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, x, y,
                      width, height, "glCopyTexSubImage3D");
}
