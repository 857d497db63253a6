/* SPDX-License-Identifier: MIT */

/*
 * Client pixels to and from the images of EXT_texture_integer's
 * luminance, alpha and intensity formats, which Indium stores in red (and
 * green) channels (st_format.c; the sampler view swizzle puts them in
 * place, st_texvalidate.c).
 *
 * Both directions go through RGBA 32-bit integers, so every client format
 * works the same way:
 *
 * - Unpacking (glTexImage, glTexSubImage) converts the client pixels to
 *   RGBA and keeps the components of the base format (GL 3.0
 *   compatibility, 3.8.1 table 3.15): L and I from R, A from A, LA from
 *   R and A.
 * - Packing (glGetTexImage) assigns the stored components as GL 3.0
 *   compatibility 6.1.4 table 6.1 says, L -> (L, 0, 0, 1),
 *   A -> (0, 0, 0, A), I -> (I, 0, 0, 1), LA -> (L, 0, 0, A), and packs
 *   that RGBA into the client format.
 */
#include <stdlib.h>

#include "st_pixels.h"
#include "st_texture_priv.h"

bool
st_teximage_is_legacy(const struct st_texture_image *img)
{
   GLenum base = st_base_format(img->internal_format);
   return st_format_legacy_channel(img->format, base, 0) != -2;
}

/* The RGBA integer format with the signedness of @p format. */
static enum pipe_format
rgba_format(enum pipe_format format)
{
   const struct u_format_desc *d = u_format_description(format);
   return d && d->is_pure_sint ? PIPE_FORMAT_R32G32B32A32_SINT
                               : PIPE_FORMAT_R32G32B32A32_UINT;
}

static bool
pack_row(enum pipe_format format, void *dst, const uint32_t *rgba, unsigned n)
{
   if (rgba_format(format) == PIPE_FORMAT_R32G32B32A32_SINT)
      return u_format_pack_rgba_sint(format, dst, (const int32_t *)rgba, n);
   return u_format_pack_rgba_uint(format, dst, rgba, n);
}

static bool
unpack_row(enum pipe_format format, const void *src, uint32_t *rgba, unsigned n)
{
   if (rgba_format(format) == PIPE_FORMAT_R32G32B32A32_SINT)
      return u_format_unpack_rgba_sint(format, src, (int32_t *)rgba, n);
   return u_format_unpack_rgba_uint(format, src, rgba, n);
}

/* A temporary RGBA image of @p w x @p h x @p d texels, NULL if too large
 * or out of memory. */
static uint32_t *
alloc_rgba(GLsizei w, GLsizei h, GLsizei d)
{
   size_t n = (size_t)w * (size_t)h;
   if (n / (size_t)w != (size_t)h || n * (size_t)d / (size_t)d != n)
      return NULL;
   n *= (size_t)d;
   if (n > SIZE_MAX / 16)
      return NULL;
   return malloc(n * 16);
}

bool
st_teximage_legacy_write(const struct st_texture_image *img,
                         const struct st_pixelstore *store, GLenum format,
                         GLenum type, const void *pixels, GLsizei w, GLsizei h,
                         GLsizei d, uint8_t *map, size_t stride,
                         size_t image_stride)
{
   if (w <= 0 || h <= 0 || d <= 0)
      return true;
   uint32_t *rgba = alloc_rgba(w, h, d);
   if (!rgba)
      return false;
   size_t row = (size_t)w * 4;
   enum pipe_format tmp = rgba_format(img->format);
   bool ok = st_pixels_unpack(store, format, type, pixels, w, h, d, tmp, rgba,
                              row * 4, row * 4 * (size_t)h);
   GLenum base = st_base_format(img->internal_format);
   uint32_t *p = rgba;
   for (GLsizei z = 0; ok && z < d; z++) {
      for (GLsizei y = 0; ok && y < h; y++, p += row) {
         for (GLsizei x = 0; x < w; x++) {
            uint32_t *t = p + 4 * x;
            /* Storage: red holds L, I or A; green the A of LA. */
            t[0] = base == GL_ALPHA ? t[3] : t[0];
            t[1] = base == GL_LUMINANCE_ALPHA ? t[3] : 0;
            t[2] = 0;
            t[3] = 0;
         }
         ok = pack_row(img->format, map + z * image_stride + y * stride, p,
                       (unsigned)w);
      }
   }
   free(rgba);
   return ok;
}

bool
st_teximage_legacy_read(const struct st_texture_image *img,
                        const struct st_pixelstore *store, GLenum format,
                        GLenum type, void *dst, GLsizei w, GLsizei h, GLsizei d,
                        const uint8_t *map, size_t stride, size_t image_stride)
{
   if (w <= 0 || h <= 0 || d <= 0)
      return true;
   uint32_t *rgba = alloc_rgba(w, h, d);
   if (!rgba)
      return false;
   size_t row = (size_t)w * 4;
   GLenum base = st_base_format(img->internal_format);
   bool ok = true;
   uint32_t *p = rgba;
   for (GLsizei z = 0; ok && z < d; z++) {
      for (GLsizei y = 0; ok && y < h; y++, p += row) {
         ok = unpack_row(img->format, map + z * image_stride + y * stride, p,
                         (unsigned)w);
         for (GLsizei x = 0; ok && x < w; x++) {
            uint32_t *t = p + 4 * x;
            uint32_t v = t[0], a = t[1];
            t[0] = base == GL_ALPHA ? 0 : v;
            t[1] = 0;
            t[2] = 0;
            t[3] = base == GL_ALPHA ? v : base == GL_LUMINANCE_ALPHA ? a : 1;
         }
      }
   }
   if (ok)
      ok = st_pixels_pack(store, format, type, dst, w, h, d,
                          rgba_format(img->format), rgba, row * 4,
                          row * 4 * (size_t)h, false);
   free(rgba);
   return ok;
}
