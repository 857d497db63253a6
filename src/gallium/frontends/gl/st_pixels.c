/* SPDX-License-Identifier: MIT */

/*
 * Pixel transfer rules: glPixelStore, the client format/type checks, the
 * memory layout the pixel store state gives an image (GL 4.6 core,
 * 8.4.4.1 "Unpacking"), and pixel buffer objects.  The conversions
 * themselves are st_pixels_convert.c's.
 */
#include <math.h>
#include <stdint.h>

#include "glapi_api.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_get.h"
#include "st_pixels.h"

/* ---- glPixelStore ---- */

static void
pixel_store(struct st_context *ctx, GLenum pname, GLint value, const char *func)
{
   bool es = ctx->es;
   struct st_pixelstore *pack = &ctx->state.pack, *unpack = &ctx->state.unpack;
   GLint *target = NULL;
   bool *flag = NULL;
   bool is_alignment = false;

   switch (pname) {
   case GL_PACK_ALIGNMENT:
      target = &pack->alignment;
      is_alignment = true;
      break;
   case GL_UNPACK_ALIGNMENT:
      target = &unpack->alignment;
      is_alignment = true;
      break;
   case GL_PACK_ROW_LENGTH:
      target = &pack->row_length;
      break;
   case GL_UNPACK_ROW_LENGTH:
      target = &unpack->row_length;
      break;
   case GL_PACK_SKIP_PIXELS:
      target = &pack->skip_pixels;
      break;
   case GL_UNPACK_SKIP_PIXELS:
      target = &unpack->skip_pixels;
      break;
   case GL_PACK_SKIP_ROWS:
      target = &pack->skip_rows;
      break;
   case GL_UNPACK_SKIP_ROWS:
      target = &unpack->skip_rows;
      break;
   case GL_UNPACK_IMAGE_HEIGHT:
      target = &unpack->image_height;
      break;
   case GL_UNPACK_SKIP_IMAGES:
      target = &unpack->skip_images;
      break;
   case GL_PACK_IMAGE_HEIGHT:
      if (!es)
         target = &pack->image_height;
      break;
   case GL_PACK_SKIP_IMAGES:
      if (!es)
         target = &pack->skip_images;
      break;
   case GL_PACK_SWAP_BYTES:
      if (!es)
         flag = &pack->swap_bytes;
      break;
   case GL_UNPACK_SWAP_BYTES:
      if (!es)
         flag = &unpack->swap_bytes;
      break;
   case GL_PACK_LSB_FIRST:
      if (!es)
         flag = &pack->lsb_first;
      break;
   case GL_UNPACK_LSB_FIRST:
      if (!es)
         flag = &unpack->lsb_first;
      break;
   default:
      break;
   }
   if (!target && !flag) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (target && value < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(%s=%d)", func, st_enum_name(pname),
               value);
      return;
   }
   if (is_alignment && value != 1 && value != 2 && value != 4 && value != 8) {
      st_error(ctx, GL_INVALID_VALUE, "%s(%s=%d)", func, st_enum_name(pname),
               value);
      return;
   }
   if (target)
      *target = value;
   else
      *flag = value != 0;
}

void
api_PixelStorei(struct st_context *ctx, GLenum pname, GLint param)
{
   pixel_store(ctx, pname, param, "glPixelStorei");
}

void
api_PixelStoref(struct st_context *ctx, GLenum pname, GLfloat param)
{
   /* GL 4.6 core, 8.4.1: floats are rounded to the nearest integer;
    * booleans are false for 0 only. */
   GLint value;
   if (param != param)
      value = 0;
   else if (param >= 2147483647.0f)
      value = INT32_MAX;
   else if (param <= -2147483648.0f)
      value = INT32_MIN;
   else
      value = (GLint)lroundf(param);
   if (param != 0.0f && value == 0 &&
       (pname == GL_PACK_SWAP_BYTES || pname == GL_UNPACK_SWAP_BYTES ||
        pname == GL_PACK_LSB_FIRST || pname == GL_UNPACK_LSB_FIRST))
      value = 1;
   pixel_store(ctx, pname, value, "glPixelStoref");
}

bool
st_pixels_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct st_pixelstore *pack = &ctx->state.pack,
                              *unpack = &ctx->state.unpack;
   bool es = ctx->es;
   switch (pname) {
   case GL_PACK_ALIGNMENT:
      st_value_int(v, pack->alignment);
      return true;
   case GL_UNPACK_ALIGNMENT:
      st_value_int(v, unpack->alignment);
      return true;
   case GL_PACK_ROW_LENGTH:
      st_value_int(v, pack->row_length);
      return true;
   case GL_UNPACK_ROW_LENGTH:
      st_value_int(v, unpack->row_length);
      return true;
   case GL_PACK_SKIP_PIXELS:
      st_value_int(v, pack->skip_pixels);
      return true;
   case GL_UNPACK_SKIP_PIXELS:
      st_value_int(v, unpack->skip_pixels);
      return true;
   case GL_PACK_SKIP_ROWS:
      st_value_int(v, pack->skip_rows);
      return true;
   case GL_UNPACK_SKIP_ROWS:
      st_value_int(v, unpack->skip_rows);
      return true;
   case GL_UNPACK_IMAGE_HEIGHT:
      st_value_int(v, unpack->image_height);
      return true;
   case GL_UNPACK_SKIP_IMAGES:
      st_value_int(v, unpack->skip_images);
      return true;
   default:
      break;
   }
   if (es)
      return false;
   switch (pname) {
   case GL_PACK_IMAGE_HEIGHT:
      st_value_int(v, pack->image_height);
      return true;
   case GL_PACK_SKIP_IMAGES:
      st_value_int(v, pack->skip_images);
      return true;
   case GL_PACK_SWAP_BYTES:
      st_value_bool(v, pack->swap_bytes);
      return true;
   case GL_UNPACK_SWAP_BYTES:
      st_value_bool(v, unpack->swap_bytes);
      return true;
   case GL_PACK_LSB_FIRST:
      st_value_bool(v, pack->lsb_first);
      return true;
   case GL_UNPACK_LSB_FIRST:
      st_value_bool(v, unpack->lsb_first);
      return true;
   default:
      return false;
   }
}

/* ---- formats and types ---- */

/* Components of a client format, 0 for unknown formats. */
static unsigned
format_components(GLenum format)
{
   switch (format) {
   case GL_RED:
   case GL_GREEN:
   case GL_BLUE:
   case GL_ALPHA:
   case GL_LUMINANCE:
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_ALPHA_INTEGER:
   case GL_LUMINANCE_INTEGER_EXT:
   case GL_DEPTH_COMPONENT:
   case GL_STENCIL_INDEX:
      return 1;
   case GL_RG:
   case GL_RG_INTEGER:
   case GL_LUMINANCE_ALPHA:
   case GL_LUMINANCE_ALPHA_INTEGER_EXT:
   case GL_DEPTH_STENCIL:
      return 2;
   case GL_RGB:
   case GL_BGR:
   case GL_RGB_INTEGER:
   case GL_BGR_INTEGER:
      return 3;
   case GL_RGBA:
   case GL_BGRA:
   case GL_ABGR_EXT:
   case GL_RGBA_INTEGER:
   case GL_BGRA_INTEGER:
      return 4;
   default:
      return 0;
   }
}

static bool
format_is_integer(GLenum format)
{
   switch (format) {
   case GL_RED_INTEGER:
   case GL_GREEN_INTEGER:
   case GL_BLUE_INTEGER:
   case GL_ALPHA_INTEGER:
   case GL_RG_INTEGER:
   case GL_RGB_INTEGER:
   case GL_BGR_INTEGER:
   case GL_RGBA_INTEGER:
   case GL_BGRA_INTEGER:
   case GL_LUMINANCE_INTEGER_EXT:
   case GL_LUMINANCE_ALPHA_INTEGER_EXT:
      return true;
   default:
      return false;
   }
}

/* Formats that exist only in the compatibility profile. */
static bool
format_is_compat_only(GLenum format)
{
   switch (format) {
   case GL_ALPHA:
   case GL_LUMINANCE:
   case GL_LUMINANCE_ALPHA:
   case GL_ALPHA_INTEGER:
   case GL_LUMINANCE_INTEGER_EXT:
   case GL_LUMINANCE_ALPHA_INTEGER_EXT:
   case GL_ABGR_EXT:
      return true;
   default:
      return false;
   }
}

/* Bytes of one element of a non-packed type, 0 for packed or unknown. */
static unsigned
type_size(GLenum type)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
   case GL_BYTE:
      return 1;
   case GL_UNSIGNED_SHORT:
   case GL_SHORT:
   case GL_HALF_FLOAT:
      return 2;
   case GL_UNSIGNED_INT:
   case GL_INT:
   case GL_FLOAT:
      return 4;
   default:
      return 0;
   }
}

/* Bytes of one pixel of a packed type and the components it holds. */
static unsigned
packed_size(GLenum type, unsigned *components)
{
   switch (type) {
   case GL_UNSIGNED_BYTE_3_3_2:
   case GL_UNSIGNED_BYTE_2_3_3_REV:
      *components = 3;
      return 1;
   case GL_UNSIGNED_SHORT_5_6_5:
   case GL_UNSIGNED_SHORT_5_6_5_REV:
      *components = 3;
      return 2;
   case GL_UNSIGNED_SHORT_4_4_4_4:
   case GL_UNSIGNED_SHORT_4_4_4_4_REV:
   case GL_UNSIGNED_SHORT_5_5_5_1:
   case GL_UNSIGNED_SHORT_1_5_5_5_REV:
      *components = 4;
      return 2;
   case GL_UNSIGNED_INT_8_8_8_8:
   case GL_UNSIGNED_INT_8_8_8_8_REV:
   case GL_UNSIGNED_INT_10_10_10_2:
   case GL_UNSIGNED_INT_2_10_10_10_REV:
      *components = 4;
      return 4;
   case GL_UNSIGNED_INT_10F_11F_11F_REV:
   case GL_UNSIGNED_INT_5_9_9_9_REV:
      *components = 3;
      return 4;
   case GL_UNSIGNED_INT_24_8:
      *components = 2;
      return 4;
   case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
      *components = 2;
      return 8;
   default:
      *components = 0;
      return 0;
   }
}

unsigned
st_pixels_bytes_per_pixel(GLenum format, GLenum type)
{
   unsigned n;
   unsigned packed = packed_size(type, &n);
   if (packed)
      return packed;
   return format_components(format) * type_size(type);
}

/* ES 3.0, table 3.2: the format/type pairs of ES. */
static bool
es_pair_ok(GLenum format, GLenum type)
{
   bool small_int = type == GL_UNSIGNED_BYTE || type == GL_BYTE ||
                    type == GL_UNSIGNED_SHORT || type == GL_SHORT ||
                    type == GL_UNSIGNED_INT || type == GL_INT;
   bool norm = type == GL_UNSIGNED_BYTE || type == GL_BYTE ||
               type == GL_HALF_FLOAT || type == GL_FLOAT;
   switch (format) {
   case GL_RGBA:
      return norm || type == GL_UNSIGNED_SHORT_4_4_4_4 ||
             type == GL_UNSIGNED_SHORT_5_5_5_1 ||
             type == GL_UNSIGNED_INT_2_10_10_10_REV;
   case GL_RGB:
      return norm || type == GL_UNSIGNED_SHORT_5_6_5 ||
             type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
             type == GL_UNSIGNED_INT_5_9_9_9_REV;
   case GL_RG:
   case GL_RED:
      return norm;
   case GL_RGBA_INTEGER:
      return small_int || type == GL_UNSIGNED_INT_2_10_10_10_REV;
   case GL_RGB_INTEGER:
   case GL_RG_INTEGER:
   case GL_RED_INTEGER:
      return small_int;
   case GL_DEPTH_COMPONENT:
      return type == GL_UNSIGNED_SHORT || type == GL_UNSIGNED_INT ||
             type == GL_FLOAT;
   case GL_DEPTH_STENCIL:
      return type == GL_UNSIGNED_INT_24_8 ||
             type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV;
   case GL_LUMINANCE_ALPHA:
   case GL_LUMINANCE:
   case GL_ALPHA:
      return type == GL_UNSIGNED_BYTE || type == GL_HALF_FLOAT ||
             type == GL_FLOAT;
   case GL_STENCIL_INDEX:
      return type == GL_UNSIGNED_BYTE;
   default:
      return false;
   }
}

GLenum
st_pixels_check_format_type(struct st_context *ctx, GLenum format, GLenum type)
{
   unsigned nc = format_components(format);
   if (!nc || (format_is_compat_only(format) && !st_is_compat(ctx) &&
               !(ctx->es && (format == GL_ALPHA || format == GL_LUMINANCE ||
                             format == GL_LUMINANCE_ALPHA))))
      return GL_INVALID_ENUM;
   if (ctx->es &&
       (format == GL_GREEN || format == GL_BLUE || format == GL_BGR ||
        format == GL_BGRA || format == GL_GREEN_INTEGER ||
        format == GL_BLUE_INTEGER || format == GL_BGR_INTEGER ||
        format == GL_BGRA_INTEGER ||
        (format_is_integer(format) && format_is_compat_only(format))))
      return GL_INVALID_ENUM;

   unsigned packed_components;
   bool packed = packed_size(type, &packed_components) != 0;
   if (!packed && !type_size(type))
      return GL_INVALID_ENUM;

   if (ctx->es)
      return es_pair_ok(format, type) ? GL_NO_ERROR : GL_INVALID_OPERATION;

   /* GL 3.0, 3.7.2 (and EXT_texture_integer's errors): "If format is one
    * of the integer component formats ... and type is FLOAT, the error
    * INVALID_ENUM occurs"; later versions extend it to every float type. */
   bool integer = format_is_integer(format);
   if (integer && (type == GL_FLOAT || type == GL_HALF_FLOAT ||
                   type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
                   type == GL_UNSIGNED_INT_5_9_9_9_REV))
      return GL_INVALID_ENUM;

   /* GL 4.6 core, 8.4.4.2: packed types need the format with their
    * number of components; depth/stencil types need DEPTH_STENCIL. */
   if (format == GL_DEPTH_STENCIL)
      return type == GL_UNSIGNED_INT_24_8 ||
                   type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV
                ? GL_NO_ERROR
                : GL_INVALID_OPERATION;
   if (packed) {
      if (type == GL_UNSIGNED_INT_24_8 ||
          type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV)
         return GL_INVALID_OPERATION;
      if (format == GL_DEPTH_COMPONENT || format == GL_STENCIL_INDEX)
         return GL_INVALID_OPERATION;
      if (packed_components != nc)
         return GL_INVALID_OPERATION;
      /* Table 8.8: the three-component packings take RGB (and
       * RGB_INTEGER) only, not BGR. */
      if (packed_components == 3 && format != GL_RGB &&
          format != GL_RGB_INTEGER)
         return GL_INVALID_OPERATION;
      /* The float packings are RGB only. */
      if ((type == GL_UNSIGNED_INT_10F_11F_11F_REV ||
           type == GL_UNSIGNED_INT_5_9_9_9_REV) &&
          format != GL_RGB)
         return GL_INVALID_OPERATION;
   }
   return GL_NO_ERROR;
}

/* ---- layout ---- */

void
st_pixels_layout(const struct st_pixelstore *store, GLenum format, GLenum type,
                 GLsizei width, GLsizei height, GLsizei depth,
                 struct st_pixels_layout *out)
{
   size_t bpp = st_pixels_bytes_per_pixel(format, type);
   unsigned dummy;
   size_t elem = packed_size(type, &dummy) ? bpp : type_size(type);
   size_t row_pixels = store->row_length > 0 ? (size_t)store->row_length
                                             : (size_t)(width > 0 ? width : 0);
   size_t row = bpp * row_pixels;
   size_t align = store->alignment > 0 ? (size_t)store->alignment : 1;
   /* GL 4.6 core, 8.4.4.1: rows are padded to the alignment unless an
    * element is at least as large as it. */
   if (elem < align)
      row = (row + align - 1) / align * align;
   size_t rows = store->image_height > 0 ? (size_t)store->image_height
                                         : (size_t)(height > 0 ? height : 0);
   out->row_stride = row;
   out->image_stride = row * rows;
   out->offset = (size_t)store->skip_pixels * bpp +
                 (size_t)store->skip_rows * row +
                 (size_t)store->skip_images * out->image_stride;
   if (width <= 0 || height <= 0 || depth <= 0) {
      out->size = 0;
      return;
   }
   out->size = out->offset + (size_t)(depth - 1) * out->image_stride +
               (size_t)(height - 1) * row + (size_t)width * bpp;
}

/* ---- pixel buffer objects ---- */

void *
st_pixels_map_checked(struct st_context *ctx, bool pack,
                      const struct st_pixelstore *store, GLenum format,
                      GLenum type, GLsizei width, GLsizei height, GLsizei depth,
                      const void *pixels, struct pipe_transfer **transfer,
                      const char *func, bool *failed)
{
   *transfer = NULL;
   *failed = false;
   struct st_buffer *buf = st_buffer_bound(ctx, pack ? GL_PIXEL_PACK_BUFFER
                                                     : GL_PIXEL_UNPACK_BUFFER);
   if (!buf)
      return (void *)pixels;

   struct st_pixels_layout layout;
   st_pixels_layout(store, format, type, width, height, depth, &layout);
   uintptr_t offset = (uintptr_t)pixels;
   if (st_buffer_is_mapped(buf)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(pixel %s buffer is mapped)", func,
               pack ? "pack" : "unpack");
      *failed = true;
      return NULL;
   }
   if (offset > (uintptr_t)buf->size ||
       layout.size > (uintptr_t)buf->size - offset) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(access out of bounds of the pixel %s buffer)", func,
               pack ? "pack" : "unpack");
      *failed = true;
      return NULL;
   }
   /* GL 4.6 core, 8.4.4.1: the offset must be a multiple of the type's
    * size. */
   unsigned n;
   unsigned elem = packed_size(type, &n)
                      ? st_pixels_bytes_per_pixel(format, type)
                      : type_size(type);
   if (elem > 1 && offset % elem) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(buffer offset %zu not a multiple of the type size)", func,
               (size_t)offset);
      *failed = true;
      return NULL;
   }
   if (!layout.size)
      return NULL;
   void *map = st_buffer_map_internal(ctx, buf, (GLintptr)offset,
                                      (GLsizeiptr)layout.size, pack, transfer);
   if (!map) {
      st_out_of_memory(ctx, func);
      *failed = true;
      return NULL;
   }
   return map;
}

void *
st_pixels_map(struct st_context *ctx, bool pack,
              const struct st_pixelstore *store, GLenum format, GLenum type,
              GLsizei width, GLsizei height, GLsizei depth, const void *pixels,
              struct pipe_transfer **transfer, const char *func)
{
   bool failed;
   return st_pixels_map_checked(ctx, pack, store, format, type, width, height,
                                depth, pixels, transfer, func, &failed);
}

void
st_pixels_unmap(struct st_context *ctx, struct pipe_transfer *transfer)
{
   if (transfer)
      st_buffer_unmap_internal(ctx, transfer);
}
