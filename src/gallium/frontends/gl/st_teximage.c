/* SPDX-License-Identifier: MIT */

/*
 * glTexImage1D/2D/3D and glTexSubImage1D/2D/3D, including the proxy
 * targets, plus the image checks and texel access the other image entry
 * points share (st_teximage_*, st_texture_priv.h).
 *
 * Checks follow GL 4.6 core 8.5 / ES 3.0.5 3.8.3 in the order of the
 * specification's error list; everything is validated before the image
 * changes.  Texels are written through a texture map of the image's
 * location and st_pixels_unpack().
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "st_pixels.h"
#include "st_raster.h"
#include "st_texture_priv.h"

/* The targets of glTexImage<dims>D; proxies when @p proxy. */
bool
st_teximage_target(struct st_context *ctx, unsigned dims, GLenum target,
                   bool allow_proxy, enum st_tex_target *t, bool *proxy,
                   unsigned *face)
{
   *face = 0;
   *proxy = false;
   if (allow_proxy && st_tex_proxy_index(ctx, target, t)) {
      *proxy = true;
   } else if (dims == 2 && target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
              target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      *t = ST_TEX_CUBE;
      *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      return true;
   } else if (!st_tex_target_index(ctx, target, t)) {
      return false;
   }
   switch (*t) {
   case ST_TEX_1D:
      return dims == 1;
   case ST_TEX_2D:
   case ST_TEX_1D_ARRAY:
   case ST_TEX_RECT:
      return dims == 2;
   case ST_TEX_CUBE:
      /* Only the faces take images, but the cube proxy does. */
      return dims == 2 && *proxy;
   case ST_TEX_3D:
   case ST_TEX_2D_ARRAY:
      return dims == 3;
   default:
      return false;
   }
}

/* Checks the size of an image of @p level; GL_NO_ERROR or the error. */
GLenum
st_teximage_check_size(struct st_context *ctx, enum st_tex_target t,
                       GLint level, GLsizei width, GLsizei height,
                       GLsizei depth, GLint border)
{
   if (level < 0 || (unsigned)level >= st_texture_max_levels(ctx, t) ||
       (t == ST_TEX_RECT && level != 0))
      return GL_INVALID_VALUE;
   if (width < 0 || height < 0 || depth < 0)
      return GL_INVALID_VALUE;
   if (border != 0)
      return GL_INVALID_VALUE;
   unsigned max = st_texture_max_size(ctx, t) >> level;
   if (!max)
      max = 1;
   unsigned layers_max = (unsigned)ctx->screen->get_param(
      ctx->screen, PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS);
   if ((unsigned)width > max)
      return GL_INVALID_VALUE;
   switch (t) {
   case ST_TEX_1D_ARRAY:
      if ((unsigned)height > layers_max)
         return GL_INVALID_VALUE;
      break;
   case ST_TEX_2D_ARRAY:
   case ST_TEX_2D_MS_ARRAY:
      if ((unsigned)height > max || (unsigned)depth > layers_max)
         return GL_INVALID_VALUE;
      break;
   case ST_TEX_3D:
      if ((unsigned)height > max || (unsigned)depth > max)
         return GL_INVALID_VALUE;
      break;
   case ST_TEX_CUBE:
      if ((unsigned)height > max || width != height)
         return GL_INVALID_VALUE;
      break;
   case ST_TEX_1D:
      break;
   default:
      if ((unsigned)height > max)
         return GL_INVALID_VALUE;
      break;
   }
   return GL_NO_ERROR;
}

/* GL 4.6 core, 8.5: the client format must suit the internal format. */
GLenum
st_teximage_check_formats(struct st_context *ctx, enum st_tex_target t,
                          GLenum internal_format, GLenum format, GLenum type)
{
   GLenum base = st_base_format(internal_format);
   bool depth = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL;
   bool client_depth =
      format == GL_DEPTH_COMPONENT || format == GL_DEPTH_STENCIL;
   if (depth != client_depth)
      return GL_INVALID_OPERATION;
   if (base == GL_DEPTH_STENCIL && format != GL_DEPTH_STENCIL && ctx->es)
      return GL_INVALID_OPERATION;
   if (base == GL_STENCIL_INDEX || format == GL_STENCIL_INDEX)
      return GL_INVALID_OPERATION;
   if (depth && t == ST_TEX_3D)
      return GL_INVALID_OPERATION;
   bool integer = st_format_is_integer(internal_format);
   bool client_integer =
      format == GL_RED_INTEGER || format == GL_RG_INTEGER ||
      format == GL_RGB_INTEGER || format == GL_RGBA_INTEGER ||
      format == GL_BGR_INTEGER || format == GL_BGRA_INTEGER ||
      format == GL_GREEN_INTEGER || format == GL_BLUE_INTEGER ||
      format == GL_ALPHA_INTEGER || format == GL_LUMINANCE_INTEGER_EXT ||
      format == GL_LUMINANCE_ALPHA_INTEGER_EXT;
   if (integer != client_integer)
      return GL_INVALID_OPERATION;
   /* Uncompressed data for a block format: only RGTC has an encoder
    * (st_rgtc_encode.c). */
   if (st_format_is_compressed(internal_format) &&
       internal_format != GL_COMPRESSED_RED_RGTC1 &&
       internal_format != GL_COMPRESSED_SIGNED_RED_RGTC1 &&
       internal_format != GL_COMPRESSED_RG_RGTC2 &&
       internal_format != GL_COMPRESSED_SIGNED_RG_RGTC2)
      return GL_INVALID_OPERATION;
   if (ctx->es) {
      /* ES 3.0.5, table 3.2: an unsized internal format must equal the
       * format, a sized one must have its base format. */
      GLenum fbase = format == GL_RED_INTEGER    ? GL_RED
                     : format == GL_RG_INTEGER   ? GL_RG
                     : format == GL_RGB_INTEGER  ? GL_RGB
                     : format == GL_RGBA_INTEGER ? GL_RGBA
                                                 : format;
      if (base != fbase)
         return GL_INVALID_OPERATION;
      if (internal_format == base && internal_format != format)
         return GL_INVALID_OPERATION;
   }
   return GL_NO_ERROR;
}

/* The pixel store of a <dims>D transfer: 1D and 2D ignore what they
 * have no dimension for. */
void
st_teximage_store(const struct st_pixelstore *in, unsigned dims,
                  struct st_pixelstore *out)
{
   *out = *in;
   if (dims < 3) {
      out->skip_images = 0;
      out->image_height = 0;
   }
   if (dims < 2)
      out->skip_rows = 0;
}

void *
st_teximage_map(struct st_context *ctx, struct st_texture_object *tex,
                unsigned face, unsigned level, GLint x, GLint y, GLint z,
                GLsizei w, GLsizei h, GLsizei d, unsigned usage,
                struct pipe_transfer **transfer, size_t *row_stride,
                size_t *image_stride)
{
   unsigned res_level, res_layer;
   struct pipe_resource *res =
      st_texture_image_location(tex, face, level, &res_level, &res_layer);
   if (!res)
      return NULL;
   struct pipe_box box;
   if (tex->target == GL_TEXTURE_1D_ARRAY) {
      /* GL rows are the layers. */
      box = (struct pipe_box){ x, 0, (int)res_layer + y, w, 1, h };
   } else {
      box = (struct pipe_box){ x, y, (int)res_layer + z, w, h, d };
   }
   void *map =
      ctx->pipe->texture_map(ctx->pipe, res, res_level, usage, &box, transfer);
   if (!map)
      return NULL;
   if (tex->target == GL_TEXTURE_1D_ARRAY) {
      *row_stride = (*transfer)->layer_stride;
      *image_stride = (*transfer)->layer_stride * (size_t)h;
   } else {
      *row_stride = (*transfer)->stride;
      *image_stride = (*transfer)->layer_stride;
   }
   return map;
}

/* Compresses a whole image of client pixels (RGTC only). */
static bool
write_compressed(struct st_context *ctx, struct st_texture_object *tex,
                 unsigned face, unsigned level, GLsizei w, GLsizei h, GLsizei d,
                 GLenum format, GLenum type, const void *pixels,
                 const struct st_pixelstore *store)
{
   enum pipe_format pformat = tex->image[face][level].format;
   size_t slice = (size_t)w * (size_t)h * 4;
   float *rgba = malloc(slice * (size_t)d * sizeof(float));
   if (!rgba) {
      st_out_of_memory(ctx, "glTexImage");
      return true;
   }
   bool ok = st_pixels_unpack(store, format, type, pixels, w, h, d,
                              PIPE_FORMAT_R32G32B32A32_FLOAT, rgba,
                              (size_t)w * 16, slice * sizeof(float));
   struct pipe_transfer *transfer = NULL;
   size_t stride, image_stride;
   uint8_t *map = ok ? st_teximage_map(ctx, tex, face, level, 0, 0, 0, w, h, d,
                                       PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE,
                                       &transfer, &stride, &image_stride)
                     : NULL;
   for (GLsizei z = 0; map && z < d; z++)
      ok = st_rgtc_encode(pformat, rgba + slice * (size_t)z, (unsigned)w,
                          (unsigned)h, map + z * image_stride, stride) &&
           ok;
   if (transfer)
      ctx->pipe->texture_unmap(ctx->pipe, transfer);
   free(rgba);
   return ok;
}

/* Writes client pixels into a region of an image; false if they cannot
 * be converted (the caller's error). */
bool
st_teximage_write(struct st_context *ctx, struct st_texture_object *tex,
                  unsigned face, unsigned level, GLint x, GLint y, GLint z,
                  GLsizei w, GLsizei h, GLsizei d, GLenum format, GLenum type,
                  const void *pixels, const struct st_pixelstore *store)
{
   if (!pixels || !w || !h || !d)
      return true;
   if (u_format_description(tex->image[face][level].format)->is_compressed)
      return write_compressed(ctx, tex, face, level, w, h, d, format, type,
                              pixels, store);
   struct pipe_transfer *transfer;
   size_t stride, image_stride;
   void *map = st_teximage_map(ctx, tex, face, level, x, y, z, w, h, d,
                               PIPE_MAP_WRITE | PIPE_MAP_DISCARD_RANGE,
                               &transfer, &stride, &image_stride);
   if (!map) {
      st_out_of_memory(ctx, "glTexImage");
      return true;
   }
   const struct st_texture_image *img = &tex->image[face][level];
   bool ok = st_teximage_is_legacy(img)
                ? st_teximage_legacy_write(img, store, format, type, pixels, w,
                                           h, d, map, stride, image_stride)
                : st_pixels_unpack(store, format, type, pixels, w, h, d,
                                   img->format, map, stride, image_stride);
   ctx->pipe->texture_unmap(ctx->pipe, transfer);
   return ok;
}

/* GL 4.6 core, 8.14.4: with GL_GENERATE_MIPMAP, writing the base level
 * regenerates the levels below it. */
void
st_teximage_written(struct st_context *ctx, struct st_texture_object *tex,
                    unsigned level)
{
   if (tex->generate_mipmap && (GLint)level == tex->base_level)
      st_mipmap_generate(ctx, tex);
   st_texture_changed(ctx, tex);
}

static void
tex_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
          GLint internal_format, GLsizei width, GLsizei height, GLsizei depth,
          GLint border, GLenum format, GLenum type, const void *pixels,
          const char *func)
{
   /* Compatibility: colour index images and the pixel transfer
    * operations (GL 3.0 compatibility 3.7.5) are applied first, then
    * the image goes on as RGBA floats. */
   if (st_pixel_transfer_image_needed(ctx, format, type)) {
      struct st_pixelstore store;
      st_teximage_store(&ctx->state.unpack, dims, &store);
      bool failed;
      GLfloat *rgba = st_pixel_transfer_image(
         ctx, &store, format, type, pixels, width, dims >= 2 ? height : 1,
         dims == 3 ? depth : 1, func, &failed);
      if (failed)
         return;
      struct st_pixel_plain_source save;
      st_pixel_transfer_plain_begin(ctx, &save);
      tex_image(ctx, dims, target, level, internal_format, width, height, depth,
                border, GL_RGBA, GL_FLOAT, rgba, func);
      st_pixel_transfer_plain_end(ctx, &save);
      free(rgba);
      return;
   }
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   bool proxy;
   unsigned face;
   if (!st_teximage_target(ctx, dims, target, true, &t, &proxy, &face)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   GLenum err = st_pixels_check_format_type(ctx, format, type);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(format=%s, type=%s)", func, st_enum_name(format),
               st_enum_name(type));
      return;
   }
   GLenum ifmt = (GLenum)internal_format;
   if (!st_format_is_valid(ctx, ifmt)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(internalformat=%s)", func,
               st_enum_name(ifmt));
      return;
   }
   if (dims == 1)
      height = 1;
   if (dims <= 2)
      depth = 1;
   err = st_teximage_check_size(ctx, t, level, width, height, depth, border);
   if (err != GL_NO_ERROR &&
       !(proxy && level >= 0 && width >= 0 && height >= 0 && depth >= 0 &&
         border == 0 && (unsigned)level < st_texture_max_levels(ctx, t))) {
      st_error(ctx, err, "%s(level=%d, size=%dx%dx%d, border=%d)", func, level,
               width, height, depth, border);
      return;
   }
   GLenum ferr = st_teximage_check_formats(ctx, t, ifmt, format, type);
   if (ferr != GL_NO_ERROR) {
      st_error(ctx, ferr, "%s(internalformat=%s, format=%s, type=%s)", func,
               st_enum_name(ifmt), st_enum_name(format), st_enum_name(type));
      return;
   }
   enum pipe_format pformat = st_choose_format(
      ctx, ifmt, format, type, st_tex_target_pipe(t), PIPE_BIND_SAMPLER_VIEW);

   if (proxy) {
      /* GL 4.6 core, 8.22: an image the implementation cannot hold
       * leaves every proxy state of the level zero. */
      struct st_texture_object *p = ts->proxies[t];
      for (unsigned f = 0; f < 6; f++) {
         if (t != ST_TEX_CUBE && f)
            break;
         st_texture_clear_image(p, f, (unsigned)level);
         if (err == GL_NO_ERROR && pformat != PIPE_FORMAT_NONE) {
            struct st_texture_image *img = &p->image[f][level];
            img->internal_format = ifmt;
            img->format = pformat;
            img->width = width;
            img->height = height;
            img->depth = depth;
         }
      }
      return;
   }

   struct st_texture_object *tex = ts->bound[ts->active_unit][t];
   if (tex->immutable) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(immutable texture)", func);
      return;
   }
   if (pformat == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_VALUE, "%s(internalformat=%s unsupported)", func,
               st_enum_name(ifmt));
      return;
   }
   struct st_pixelstore store;
   st_teximage_store(&ctx->state.unpack, dims, &store);
   struct pipe_transfer *pbo;
   bool failed;
   const void *src =
      st_pixels_map_checked(ctx, false, &store, format, type, width, height,
                            depth, pixels, &pbo, func, &failed);
   if (failed)
      return;

   st_flush_vertices(ctx);
   if (!width || !height || !depth) {
      st_texture_clear_image(tex, face, (unsigned)level);
      st_texture_changed(ctx, tex);
   } else if (!st_texture_define_image(ctx, tex, face, (unsigned)level, ifmt,
                                       pformat, width, height, depth, 0,
                                       true)) {
      st_out_of_memory(ctx, func);
   } else {
      if (!st_teximage_write(ctx, tex, face, (unsigned)level, 0, 0, 0, width,
                             height, depth, format, type, src, &store))
         st_error(ctx, GL_INVALID_OPERATION, "%s(cannot convert %s/%s to %s)",
                  func, st_enum_name(format), st_enum_name(type),
                  st_enum_name(ifmt));
      st_teximage_written(ctx, tex, (unsigned)level);
   }
   st_pixels_unmap(ctx, pbo);
}

void
api_TexImage1D(struct st_context *ctx, GLenum target, GLint level,
               GLint internalformat, GLsizei width, GLint border, GLenum format,
               GLenum type, const void *pixels)
{
   tex_image(ctx, 1, target, level, internalformat, width, 1, 1, border, format,
             type, pixels, "glTexImage1D");
}

void
api_TexImage2D(struct st_context *ctx, GLenum target, GLint level,
               GLint internalformat, GLsizei width, GLsizei height,
               GLint border, GLenum format, GLenum type, const void *pixels)
{
   tex_image(ctx, 2, target, level, internalformat, width, height, 1, border,
             format, type, pixels, "glTexImage2D");
}

void
api_TexImage3D(struct st_context *ctx, GLenum target, GLint level,
               GLint internalformat, GLsizei width, GLsizei height,
               GLsizei depth, GLint border, GLenum format, GLenum type,
               const void *pixels)
{
   tex_image(ctx, 3, target, level, internalformat, width, height, depth,
             border, format, type, pixels, "glTexImage3D");
}

/* ---- glTexSubImage ---- */

/* The image a sub-image call names, after the target, level and region
 * checks shared by glTexSubImage, glCopyTexSubImage and
 * glCompressedTexSubImage (GL 4.6 core, 8.6).  NULL on error (raised). */
struct st_texture_object *
st_teximage_sub_target(struct st_context *ctx, unsigned dims, GLenum target,
                       GLint level, GLint x, GLint y, GLint z, GLsizei w,
                       GLsizei h, GLsizei d, unsigned *face, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   bool proxy;
   if (!st_teximage_target(ctx, dims, target, false, &t, &proxy, face)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return NULL;
   }
   if (level < 0 || (unsigned)level >= st_texture_max_levels(ctx, t)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return NULL;
   }
   if (w < 0 || h < 0 || d < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(size=%dx%dx%d)", func, w, h, d);
      return NULL;
   }
   struct st_texture_object *tex = ts->bound[ts->active_unit][t];
   const struct st_texture_image *img = &tex->image[*face][level];
   if (img->format == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(level %d has no image)", func,
               level);
      return NULL;
   }
   if (x < 0 || y < 0 || z < 0 || (int64_t)x + w > img->width ||
       (int64_t)y + h > img->height || (int64_t)z + d > img->depth) {
      st_error(ctx, GL_INVALID_VALUE,
               "%s(region %d,%d,%d %dx%dx%d outside the %dx%dx%d image)", func,
               x, y, z, w, h, d, img->width, img->height, img->depth);
      return NULL;
   }
   return tex;
}

static void
tex_sub_image(struct st_context *ctx, unsigned dims, GLenum target, GLint level,
              GLint x, GLint y, GLint z, GLsizei w, GLsizei h, GLsizei d,
              GLenum format, GLenum type, const void *pixels, const char *func)
{
   if (st_pixel_transfer_image_needed(ctx, format, type)) {
      struct st_pixelstore store;
      st_teximage_store(&ctx->state.unpack, dims, &store);
      bool failed;
      GLfloat *rgba = st_pixel_transfer_image(ctx, &store, format, type, pixels,
                                              w, dims >= 2 ? h : 1,
                                              dims == 3 ? d : 1, func, &failed);
      if (failed)
         return;
      struct st_pixel_plain_source save;
      st_pixel_transfer_plain_begin(ctx, &save);
      tex_sub_image(ctx, dims, target, level, x, y, z, w, h, d, GL_RGBA,
                    GL_FLOAT, rgba, func);
      st_pixel_transfer_plain_end(ctx, &save);
      free(rgba);
      return;
   }
   unsigned face;
   GLenum err = st_pixels_check_format_type(ctx, format, type);
   struct st_texture_object *tex = st_teximage_sub_target(
      ctx, dims, target, level, x, y, z, w, h, d, &face, func);
   if (!tex)
      return;
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(format=%s, type=%s)", func, st_enum_name(format),
               st_enum_name(type));
      return;
   }
   const struct st_texture_image *img = &tex->image[face][level];
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, tex->target, &t))
      t = ST_TEX_2D;
   err = st_teximage_check_formats(ctx, t, img->internal_format, format, type);
   if (err == GL_NO_ERROR && st_format_is_compressed(img->internal_format))
      err = GL_INVALID_OPERATION;
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(format=%s for a %s image)", func,
               st_enum_name(format), st_enum_name(img->internal_format));
      return;
   }
   struct st_pixelstore store;
   st_teximage_store(&ctx->state.unpack, dims, &store);
   struct pipe_transfer *pbo;
   bool failed;
   const void *src = st_pixels_map_checked(ctx, false, &store, format, type, w,
                                           h, d, pixels, &pbo, func, &failed);
   if (failed)
      return;
   st_flush_vertices(ctx);
   if (!st_teximage_write(ctx, tex, face, (unsigned)level, x, y, z, w, h, d,
                          format, type, src, &store))
      st_error(ctx, GL_INVALID_OPERATION, "%s(cannot convert %s/%s to %s)",
               func, st_enum_name(format), st_enum_name(type),
               st_enum_name(img->internal_format));
   st_pixels_unmap(ctx, pbo);
   st_teximage_written(ctx, tex, (unsigned)level);
}

void
api_TexSubImage1D(struct st_context *ctx, GLenum target, GLint level,
                  GLint xoffset, GLsizei width, GLenum format, GLenum type,
                  const void *pixels)
{
   tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1, format,
                 type, pixels, "glTexSubImage1D");
}

void
api_TexSubImage2D(struct st_context *ctx, GLenum target, GLint level,
                  GLint xoffset, GLint yoffset, GLsizei width, GLsizei height,
                  GLenum format, GLenum type, const void *pixels)
{
   tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width, height, 1,
                 format, type, pixels, "glTexSubImage2D");
}

void
api_TexSubImage3D(struct st_context *ctx, GLenum target, GLint level,
                  GLint xoffset, GLint yoffset, GLint zoffset, GLsizei width,
                  GLsizei height, GLsizei depth, GLenum format, GLenum type,
                  const void *pixels)
{
   tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset, width,
                 height, depth, format, type, pixels, "glTexSubImage3D");
}
