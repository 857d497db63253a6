/* SPDX-License-Identifier: MIT */

/*
 * Image commands in display lists (glTexImage*, glTexSubImage*,
 * glCompressedTex*, glDrawPixels, glBitmap, glPolygonStipple).
 *
 * GL 3.0 compatibility, 5.4: "pixel data ... are unpacked ... when the
 * command is compiled into the display list": the client state in
 * effect then (the unpack state, the pixel unpack buffer) decides what
 * the list holds.  The record keeps the bytes the command would read
 * from its pointer under that state, and the state itself; replay sets
 * that unpack state with no unpack buffer around the api_ call, so the
 * command reads the copy exactly as it would have read the original.
 */
#include "st_buffer.h"
#include "st_dlist_priv.h"
#include "st_pixels.h"

/* ---- sizes ---- */

size_t
st_dlist_size_bitmap(struct st_context *ctx, GLsizei width, GLsizei height)
{
   const struct st_pixelstore *u = &ctx->state.unpack;
   if (width <= 0 || height <= 0)
      return 0;
   /* GL 3.0 compatibility, 3.7.4: bitmaps are rows of bits padded to the
    * alignment in bytes. */
   size_t row_bits = u->row_length > 0 ? (size_t)u->row_length : (size_t)width;
   size_t align = u->alignment > 0 ? (size_t)u->alignment : 1;
   size_t stride = (row_bits + 8 * align - 1) / (8 * align) * align;
   size_t skip_rows = u->skip_rows > 0 ? (size_t)u->skip_rows : 0;
   size_t skip_pixels = u->skip_pixels > 0 ? (size_t)u->skip_pixels : 0;
   return (skip_rows + (size_t)height - 1) * stride +
          (skip_pixels + (size_t)width + 7) / 8;
}

size_t
st_dlist_size_stipple(struct st_context *ctx)
{
   return st_dlist_size_bitmap(ctx, 32, 32);
}

size_t
st_dlist_size_image3d(struct st_context *ctx, GLenum format, GLenum type,
                      GLsizei width, GLsizei height, GLsizei depth)
{
   if (type == GL_BITMAP)
      return depth == 1 ? st_dlist_size_bitmap(ctx, width, height) : 0;
   if (st_pixels_bytes_per_pixel(format, type) == 0)
      return 0;
   struct st_pixels_layout layout;
   st_pixels_layout(&ctx->state.unpack, format, type, width, height, depth,
                    &layout);
   return layout.size;
}

size_t
st_dlist_size_image2d(struct st_context *ctx, GLenum format, GLenum type,
                      GLsizei width, GLsizei height)
{
   return st_dlist_size_image3d(ctx, format, type, width, height, 1);
}

size_t
st_dlist_size_image1d(struct st_context *ctx, GLenum format, GLenum type,
                      GLsizei width)
{
   return st_dlist_size_image3d(ctx, format, type, width, 1, 1);
}

bool
st_dlist_is_proxy_target(GLenum target)
{
   switch (target) {
   case GL_PROXY_TEXTURE_1D:
   case GL_PROXY_TEXTURE_2D:
   case GL_PROXY_TEXTURE_3D:
   case GL_PROXY_TEXTURE_CUBE_MAP:
   case GL_PROXY_TEXTURE_RECTANGLE:
   case GL_PROXY_TEXTURE_1D_ARRAY:
   case GL_PROXY_TEXTURE_2D_ARRAY:
      return true;
   default:
      return false;
   }
}

/* ---- compile ---- */

bool
st_dlist_image_map(struct st_context *ctx, const void *pixels, size_t bytes,
                   struct st_dlist_image *image, const char *func)
{
   image->data = pixels;
   image->size = pixels ? bytes : 0;
   image->transfer = NULL;
   image->unpack = ctx->state.unpack;
   struct st_buffer *buf = st_buffer_bound(ctx, GL_PIXEL_UNPACK_BUFFER);
   if (!buf)
      return true;
   uintptr_t offset = (uintptr_t)pixels;
   if (st_buffer_is_mapped(buf)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(the pixel unpack buffer is "
               "mapped)",
               func);
      return false;
   }
   if (offset > (uintptr_t)buf->size ||
       bytes > (size_t)((uintptr_t)buf->size - offset)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(%zu bytes at offset %zu are outside the pixel unpack "
               "buffer)",
               func, bytes, (size_t)offset);
      return false;
   }
   image->size = bytes;
   image->data = NULL;
   if (!bytes)
      return true;
   image->data = st_buffer_map_internal(
      ctx, buf, (GLintptr)offset, (GLsizeiptr)bytes, false, &image->transfer);
   if (!image->data) {
      st_out_of_memory(ctx, func);
      return false;
   }
   return true;
}

void
st_dlist_image_unmap(struct st_context *ctx, struct st_dlist_image *image)
{
   if (image->transfer)
      st_buffer_unmap_internal(ctx, image->transfer);
   image->transfer = NULL;
}

void
st_dlist_save_unpack(struct st_context *ctx, const struct st_dlist_image *image,
                     union st_dlist_node *n)
{
   (void)ctx;
   memcpy(n, &image->unpack, sizeof(image->unpack));
}

/* ---- replay ---- */

void
st_dlist_unpack_begin(struct st_context *ctx, const union st_dlist_node *n,
                      struct st_dlist_unpack *saved)
{
   saved->unpack = ctx->state.unpack;
   memcpy(&ctx->state.unpack, n, sizeof(ctx->state.unpack));
   saved->buffer = st_buffer_swap_binding(ctx, GL_PIXEL_UNPACK_BUFFER, NULL);
}

void
st_dlist_unpack_end(struct st_context *ctx, struct st_dlist_unpack *saved)
{
   ctx->state.unpack = saved->unpack;
   st_buffer_swap_binding(ctx, GL_PIXEL_UNPACK_BUFFER, saved->buffer);
}
