/* SPDX-License-Identifier: MIT */

/*
 * glGetTexImage (GL 4.6 core, 8.11.4): an image's texels through
 * st_pixels_pack() into client memory or the pixel pack buffer.
 *
 * Luminance and intensity images read back as the compatibility
 * profile's glGetTexImage (GL 4.6 compatibility, 8.11.4) says: L -> (L, 0, 0, 1),
 * LA -> (L, 0, 0, A), I -> (I, 0, 0, 1); their texels go through RGBA
 * floats first to get that.
 */
#include <stdlib.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "st_pixels.h"
#include "st_raster.h"
#include "st_texture_priv.h"

/* Whether the texels of base format @p base need the glGetTexImage
 * mapping of luminance and intensity. */
static bool
needs_rebase(GLenum base, enum pipe_format format)
{
   const struct u_format_desc *d = u_format_description(format);
   return (base == GL_LUMINANCE || base == GL_LUMINANCE_ALPHA ||
           base == GL_INTENSITY) &&
          d && !d->is_compressed && d->unpack_rgba_float;
}

/* Packs texels through RGBA floats: of a luminance or intensity image
 * (@p rebase) with G = B = 0 (and A = 1 but for luminance-alpha), and
 * with the compatibility profile's pixel transfer operations (GL 3.0
 * compatibility 6.1.4: "as for ReadPixels"). */
static bool
pack_rebased(struct st_context *ctx, bool rebase,
             const struct st_pixelstore *store, GLenum base, GLenum format,
             GLenum type, void *dst, GLsizei w, GLsizei h, GLsizei d,
             enum pipe_format texels, const uint8_t *map, size_t stride,
             size_t image_stride)
{
   size_t n = (size_t)w * (size_t)h * (size_t)d;
   float *rgba = malloc(n * 4 * sizeof(float));
   if (!rgba)
      return false;
   float *p = rgba;
   for (GLsizei z = 0; z < d; z++) {
      for (GLsizei y = 0; y < h; y++, p += 4 * (size_t)w) {
         u_format_unpack_rgba(texels, map + z * image_stride + y * stride, p,
                              (unsigned)w);
         for (GLsizei x = 0; rebase && x < w; x++) {
            p[4 * x + 1] = p[4 * x + 2] = 0.0f;
            if (base != GL_LUMINANCE_ALPHA)
               p[4 * x + 3] = 1.0f;
         }
      }
   }
   st_pixel_transfer_rgba(ctx, rgba, n, false);
   bool ok = st_pixels_pack(store, format, type, dst, w, h, d,
                            PIPE_FORMAT_R32G32B32A32_FLOAT, rgba,
                            (size_t)w * 16, (size_t)w * (size_t)h * 16, false);
   free(rgba);
   return ok;
}

void
api_GetTexImage(struct st_context *ctx, GLenum target, GLint level,
                GLenum format, GLenum type, void *pixels)
{
   const char *func = "glGetTexImage";
   unsigned face = 0;
   if (target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_BUFFER ||
       target == GL_TEXTURE_2D_MULTISAMPLE ||
       target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   struct st_texture_object *tex =
      st_texture_for_target(ctx, target, true, &face, func);
   if (!tex)
      return;
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, tex->target, &t))
      t = ST_TEX_2D;
   if (level < 0 || (unsigned)level >= st_texture_max_levels(ctx, t)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   GLenum err = st_pixels_check_format_type(ctx, format, type);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(format=%s, type=%s)", func, st_enum_name(format),
               st_enum_name(type));
      return;
   }
   const struct st_texture_image *img = &tex->image[face][level];
   if (img->format == PIPE_FORMAT_NONE)
      return;
   /* GL 4.6 core, 8.11.4: the format must have what the image has. */
   GLenum base = st_base_format(img->internal_format);
   bool depth_image = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
   bool ok_format = format == GL_DEPTH_COMPONENT ? depth_image
                    : format == GL_DEPTH_STENCIL ? base == GL_DEPTH_STENCIL
                    : format == GL_STENCIL_INDEX
                       ? base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX
                       : !depth_image;
   if (!ok_format) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(format=%s for a %s image)", func,
               st_enum_name(format), st_enum_name(img->internal_format));
      return;
   }
   GLsizei w = img->width, h = img->height, d = img->depth;
   unsigned dims =
      tex->target == GL_TEXTURE_3D || tex->target == GL_TEXTURE_2D_ARRAY ? 3
      : tex->target == GL_TEXTURE_1D                                     ? 1
                                                                         : 2;
   struct st_pixelstore store;
   st_teximage_store(&ctx->state.pack, dims, &store);
   struct pipe_transfer *pbo;
   bool failed;
   void *dst = st_pixels_map_checked(ctx, true, &store, format, type, w, h, d,
                                     pixels, &pbo, func, &failed);
   if (failed || !dst)
      return;
   struct pipe_transfer *transfer;
   size_t stride, image_stride;
   void *map =
      st_teximage_map(ctx, tex, face, (unsigned)level, 0, 0, 0, w, h, d,
                      PIPE_MAP_READ, &transfer, &stride, &image_stride);
   if (!map) {
      st_out_of_memory(ctx, func);
   } else {
      bool ok;
      if (st_teximage_is_legacy(img)) {
         ok = st_teximage_legacy_read(img, &store, format, type, dst, w, h, d,
                                      map, stride, image_stride);
      } else {
         bool rebase = needs_rebase(base, img->format) &&
                       format != GL_LUMINANCE && format != GL_LUMINANCE_ALPHA;
         const struct u_format_desc *fd = u_format_description(img->format);
         bool transferred = st_pixel_transfer_image_needed(ctx, format, type) &&
                            fd && !fd->is_compressed && fd->unpack_rgba_float &&
                            !fd->is_pure_uint && !fd->is_pure_sint;
         ok =
            rebase || transferred
               ? pack_rebased(ctx, rebase, &store, base, format, type, dst, w,
                              h, d, img->format, map, stride, image_stride)
               : st_pixels_pack(&store, format, type, dst, w, h, d, img->format,
                                map, stride, image_stride, false);
      }
      if (!ok)
         st_error(ctx, GL_INVALID_OPERATION, "%s(cannot convert %s to %s/%s)",
                  func, st_enum_name(img->internal_format),
                  st_enum_name(format), st_enum_name(type));
      ctx->pipe->texture_unmap(ctx->pipe, transfer);
   }
   st_pixels_unmap(ctx, pbo);
}
