/* SPDX-License-Identifier: MIT */

/*
 * glCompressedTexImage*, glCompressedTexSubImage* and
 * glGetCompressedTexImage for the block formats the screen samples (RGTC,
 * S3TC; GL 4.6 core, 8.7; ETC1, ETC2 and EAC in ES).  Compressed data is tightly packed rows of
 * 4x4 blocks: the pixel store state does not apply to it.
 */
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "st_buffer.h"
#include "st_pixels.h"
#include "st_texture_priv.h"

/* Bytes of a w x h x d region of a block format. */
static uint64_t
compressed_size(enum pipe_format format, GLsizei w, GLsizei h, GLsizei d)
{
   const struct u_format_desc *desc = u_format_description(format);
   uint64_t bw = ((uint64_t)w + desc->block_width - 1) / desc->block_width;
   uint64_t bh = ((uint64_t)h + desc->block_height - 1) / desc->block_height;
   return bw * bh * (uint64_t)d * desc->block_bytes;
}

/* The client data, or the pixel unpack buffer's bytes at offset @p data
 * (checked against the buffer).  *failed: an error was raised. */
static const void *
map_data(struct st_context *ctx, bool pack, const void *data, GLsizei size,
         struct pipe_transfer **transfer, bool *failed, const char *func)
{
   *transfer = NULL;
   *failed = false;
   struct st_buffer *buf = st_buffer_bound(ctx, pack ? GL_PIXEL_PACK_BUFFER
                                                     : GL_PIXEL_UNPACK_BUFFER);
   if (!buf)
      return data;
   uintptr_t offset = (uintptr_t)data;
   if (st_buffer_is_mapped(buf) || offset > (uintptr_t)buf->size ||
       (uintptr_t)size > (uintptr_t)buf->size - offset) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(pixel buffer mapped or too small)", func);
      *failed = true;
      return NULL;
   }
   if (!size)
      return NULL;
   void *map =
      st_buffer_map_internal(ctx, buf, (GLintptr)offset, size, pack, transfer);
   if (!map) {
      st_out_of_memory(ctx, func);
      *failed = true;
   }
   return map;
}

/* Copies blocks between client memory and an image region. */
static void
copy_blocks(struct st_context *ctx, struct st_texture_object *tex,
            unsigned face, unsigned level, GLint x, GLint y, GLint z, GLsizei w,
            GLsizei h, GLsizei d, void *client, bool read)
{
   if (!client || !w || !h || !d)
      return;
   const struct st_texture_image *img = &tex->image[face][level];
   const struct u_format_desc *desc = u_format_description(img->format);
   struct pipe_transfer *transfer;
   size_t stride, image_stride;
   void *map = st_teximage_map(ctx, tex, face, level, x, y, z, w, h, d,
                               read ? PIPE_MAP_READ : PIPE_MAP_WRITE, &transfer,
                               &stride, &image_stride);
   if (!map) {
      st_out_of_memory(ctx, "glCompressedTexImage");
      return;
   }
   size_t row = (size_t)((w + desc->block_width - 1) / desc->block_width) *
                desc->block_bytes;
   unsigned rows =
      (unsigned)((h + desc->block_height - 1) / desc->block_height);
   uint8_t *c = client;
   for (GLsizei k = 0; k < d; k++) {
      for (unsigned r = 0; r < rows; r++) {
         uint8_t *t = (uint8_t *)map + k * image_stride + r * stride;
         if (read)
            memcpy(c, t, row);
         else
            memcpy(t, c, row);
         c += row;
      }
   }
   ctx->pipe->texture_unmap(ctx->pipe, transfer);
}

static void
compressed_tex_image(struct st_context *ctx, unsigned dims, GLenum target,
                     GLint level, GLenum internal_format, GLsizei width,
                     GLsizei height, GLsizei depth, GLint border,
                     GLsizei image_size, const void *data, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   bool proxy;
   unsigned face;
   if (!st_teximage_target(ctx, dims, target, true, &t, &proxy, &face)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   if (!st_format_is_valid(ctx, internal_format) ||
       !st_format_is_compressed(internal_format)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(internalformat=%s)", func,
               st_enum_name(internal_format));
      return;
   }
   if (dims < 2)
      height = 1;
   if (dims < 3)
      depth = 1;
   GLenum err =
      st_teximage_check_size(ctx, t, level, width, height, depth, border);
   if (err != GL_NO_ERROR && !proxy) {
      st_error(ctx, err, "%s(level=%d, size=%dx%dx%d, border=%d)", func, level,
               width, height, depth, border);
      return;
   }
   enum pipe_format pformat =
      st_choose_format(ctx, internal_format, GL_NONE, GL_NONE,
                       st_tex_target_pipe(t), PIPE_BIND_SAMPLER_VIEW);
   if (pformat == PIPE_FORMAT_NONE) {
      /* Block formats exist for 2D images (and their arrays and cube
       * faces) only. */
      st_error(ctx, GL_INVALID_OPERATION, "%s(%s for %s)", func,
               st_enum_name(internal_format), st_enum_name(target));
      return;
   }
   if (proxy) {
      struct st_texture_object *p = ts->proxies[t];
      st_texture_clear_image(p, face, (unsigned)level);
      if (err == GL_NO_ERROR) {
         struct st_texture_image *img = &p->image[face][level];
         img->internal_format = internal_format;
         img->format = pformat;
         img->width = width;
         img->height = height;
         img->depth = depth;
      }
      return;
   }
   if (image_size < 0 ||
       (uint64_t)image_size != compressed_size(pformat, width, height, depth)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(imageSize=%d)", func, image_size);
      return;
   }
   struct st_texture_object *tex = ts->bound[ts->active_unit][t];
   if (tex->immutable) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(immutable texture)", func);
      return;
   }
   struct pipe_transfer *pbo;
   bool failed;
   const void *src =
      map_data(ctx, false, data, image_size, &pbo, &failed, func);
   if (failed)
      return;
   st_flush_vertices(ctx);
   if (!width || !height || !depth) {
      st_texture_clear_image(tex, face, (unsigned)level);
   } else if (!st_texture_define_image(ctx, tex, face, (unsigned)level,
                                       internal_format, pformat, width, height,
                                       depth, 0, true)) {
      st_out_of_memory(ctx, func);
   } else {
      copy_blocks(ctx, tex, face, (unsigned)level, 0, 0, 0, width, height,
                  depth, (void *)src, false);
   }
   if (pbo)
      st_buffer_unmap_internal(ctx, pbo);
   st_texture_changed(ctx, tex);
}

void
api_CompressedTexImage1D(struct st_context *ctx, GLenum target, GLint level,
                         GLenum internalformat, GLsizei width, GLint border,
                         GLsizei imageSize, const void *data)
{
   compressed_tex_image(ctx, 1, target, level, internalformat, width, 1, 1,
                        border, imageSize, data, "glCompressedTexImage1D");
}

void
api_CompressedTexImage2D(struct st_context *ctx, GLenum target, GLint level,
                         GLenum internalformat, GLsizei width, GLsizei height,
                         GLint border, GLsizei imageSize, const void *data)
{
   compressed_tex_image(ctx, 2, target, level, internalformat, width, height, 1,
                        border, imageSize, data, "glCompressedTexImage2D");
}

void
api_CompressedTexImage3D(struct st_context *ctx, GLenum target, GLint level,
                         GLenum internalformat, GLsizei width, GLsizei height,
                         GLsizei depth, GLint border, GLsizei imageSize,
                         const void *data)
{
   compressed_tex_image(ctx, 3, target, level, internalformat, width, height,
                        depth, border, imageSize, data,
                        "glCompressedTexImage3D");
}

static void
compressed_tex_sub_image(struct st_context *ctx, unsigned dims, GLenum target,
                         GLint level, GLint x, GLint y, GLint z, GLsizei w,
                         GLsizei h, GLsizei d, GLenum format,
                         GLsizei image_size, const void *data, const char *func)
{
   unsigned face;
   struct st_texture_object *tex = st_teximage_sub_target(
      ctx, dims, target, level, x, y, z, w, h, d, &face, func);
   if (!tex)
      return;
   const struct st_texture_image *img = &tex->image[face][level];
   if (!st_format_is_compressed(format) || format != img->internal_format) {
      st_error(ctx,
               st_format_is_compressed(format) ? GL_INVALID_OPERATION
                                               : GL_INVALID_ENUM,
               "%s(format=%s for a %s image)", func, st_enum_name(format),
               st_enum_name(img->internal_format));
      return;
   }
   /* OES_compressed_ETC1_RGB8_texture: ETC1 images are replaced whole. */
   if (format == GL_ETC1_RGB8_OES) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(format=GL_ETC1_RGB8_OES)", func);
      return;
   }
   /* GL 4.6 core, 8.7: regions start on block boundaries and end on one
    * or at the image's edge. */
   if (x % 4 || y % 4 || (w % 4 && x + w != img->width) ||
       (h % 4 && y + h != img->height)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(region %d,%d %dx%d not on 4x4 blocks)", func, x, y, w, h);
      return;
   }
   if (image_size < 0 ||
       (uint64_t)image_size != compressed_size(img->format, w, h, d)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(imageSize=%d)", func, image_size);
      return;
   }
   struct pipe_transfer *pbo;
   bool failed;
   const void *src =
      map_data(ctx, false, data, image_size, &pbo, &failed, func);
   if (failed)
      return;
   st_flush_vertices(ctx);
   copy_blocks(ctx, tex, face, (unsigned)level, x, y, z, w, h, d, (void *)src,
               false);
   if (pbo)
      st_buffer_unmap_internal(ctx, pbo);
   st_texture_changed(ctx, tex);
}

void
api_CompressedTexSubImage1D(struct st_context *ctx, GLenum target, GLint level,
                            GLint xoffset, GLsizei width, GLenum format,
                            GLsizei imageSize, const void *data)
{
   compressed_tex_sub_image(ctx, 1, target, level, xoffset, 0, 0, width, 1, 1,
                            format, imageSize, data,
                            "glCompressedTexSubImage1D");
}

void
api_CompressedTexSubImage2D(struct st_context *ctx, GLenum target, GLint level,
                            GLint xoffset, GLint yoffset, GLsizei width,
                            GLsizei height, GLenum format, GLsizei imageSize,
                            const void *data)
{
   compressed_tex_sub_image(ctx, 2, target, level, xoffset, yoffset, 0, width,
                            height, 1, format, imageSize, data,
                            "glCompressedTexSubImage2D");
}

void
api_CompressedTexSubImage3D(struct st_context *ctx, GLenum target, GLint level,
                            GLint xoffset, GLint yoffset, GLint zoffset,
                            GLsizei width, GLsizei height, GLsizei depth,
                            GLenum format, GLsizei imageSize, const void *data)
{
   compressed_tex_sub_image(ctx, 3, target, level, xoffset, yoffset, zoffset,
                            width, height, depth, format, imageSize, data,
                            "glCompressedTexSubImage3D");
}

void
api_GetCompressedTexImage(struct st_context *ctx, GLenum target, GLint level,
                          void *img)
{
   const char *func = "glGetCompressedTexImage";
   unsigned face;
   struct st_texture_object *tex =
      target == GL_TEXTURE_CUBE_MAP
         ? NULL
         : st_texture_for_target(ctx, target, true, &face, func);
   if (!tex || target == GL_TEXTURE_BUFFER ||
       target == GL_TEXTURE_2D_MULTISAMPLE ||
       target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY) {
      if (tex || target == GL_TEXTURE_CUBE_MAP)
         st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
                  st_enum_name(target));
      return;
   }
   if (level < 0 || level >= ST_MAX_TEXTURE_LEVELS) {
      st_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   const struct st_texture_image *image = &tex->image[face][level];
   if (image->format == PIPE_FORMAT_NONE ||
       !st_format_is_compressed(image->internal_format)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(image not compressed)", func);
      return;
   }
   GLsizei d = tex->target == GL_TEXTURE_1D_ARRAY ? 1 : image->depth;
   uint64_t size =
      compressed_size(image->format, image->width, image->height, d);
   struct pipe_transfer *pbo;
   bool failed;
   void *dst =
      (void *)map_data(ctx, true, img, (GLsizei)size, &pbo, &failed, func);
   if (failed)
      return;
   copy_blocks(ctx, tex, face, (unsigned)level, 0, 0, 0, image->width,
               image->height, d, dst, true);
   if (pbo)
      st_buffer_unmap_internal(ctx, pbo);
}
