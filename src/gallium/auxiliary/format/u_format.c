/* SPDX-License-Identifier: MIT */

/*
 * Lookups in the generated format table and the row helpers of u_format.h.
 * Each helper fetches the per-texel function once and loops.  Compressed
 * blocks are decoded by u_format_s3tc.c, u_format_rgtc.c and
 * u_format_etc.c.
 */
#include "u_format.h"

#include <stddef.h>
#include <string.h>

#include "u_format_compressed.h"

const struct u_format_desc *
u_format_description(enum pipe_format format)
{
   if ((unsigned)format >= PIPE_FORMAT_COUNT)
      return NULL;
   return &u_format_descs[format];
}

unsigned
u_format_get_blocksize(enum pipe_format format)
{
   const struct u_format_desc *desc = u_format_description(format);
   return desc ? desc->block_bytes : 0;
}

/* The descriptor of format if it has @p field, else NULL. */
#define DESC_WITH(format, field)                                 \
   (u_format_description(format) && u_format_descs[format].field \
       ? &u_format_descs[format]                                 \
       : NULL)

bool
u_format_unpack_rgba(enum pipe_format format, const void *src, float *dst,
                     unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, unpack_rgba_float);
   if (!desc)
      return false;
   const uint8_t *s = src;
   for (unsigned i = 0; i < n; i++)
      desc->unpack_rgba_float(s + (size_t)i * desc->block_bytes, dst + 4 * i);
   return true;
}

bool
u_format_pack_rgba(enum pipe_format format, void *dst, const float *src,
                   unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, pack_rgba_float);
   if (!desc)
      return false;
   uint8_t *d = dst;
   for (unsigned i = 0; i < n; i++)
      desc->pack_rgba_float(d + (size_t)i * desc->block_bytes, src + 4 * i);
   return true;
}

bool
u_format_unpack_rgba_uint(enum pipe_format format, const void *src,
                          uint32_t *dst, unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, unpack_rgba_uint);
   if (!desc)
      return false;
   const uint8_t *s = src;
   for (unsigned i = 0; i < n; i++)
      desc->unpack_rgba_uint(s + (size_t)i * desc->block_bytes, dst + 4 * i);
   return true;
}

bool
u_format_pack_rgba_uint(enum pipe_format format, void *dst, const uint32_t *src,
                        unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, pack_rgba_uint);
   if (!desc)
      return false;
   uint8_t *d = dst;
   for (unsigned i = 0; i < n; i++)
      desc->pack_rgba_uint(d + (size_t)i * desc->block_bytes, src + 4 * i);
   return true;
}

bool
u_format_unpack_rgba_sint(enum pipe_format format, const void *src,
                          int32_t *dst, unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, unpack_rgba_sint);
   if (!desc)
      return false;
   const uint8_t *s = src;
   for (unsigned i = 0; i < n; i++)
      desc->unpack_rgba_sint(s + (size_t)i * desc->block_bytes, dst + 4 * i);
   return true;
}

bool
u_format_pack_rgba_sint(enum pipe_format format, void *dst, const int32_t *src,
                        unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, pack_rgba_sint);
   if (!desc)
      return false;
   uint8_t *d = dst;
   for (unsigned i = 0; i < n; i++)
      desc->pack_rgba_sint(d + (size_t)i * desc->block_bytes, src + 4 * i);
   return true;
}

bool
u_format_unpack_z_float(enum pipe_format format, const void *src, float *dst,
                        unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, unpack_z_float);
   if (!desc)
      return false;
   const uint8_t *s = src;
   for (unsigned i = 0; i < n; i++)
      dst[i] = desc->unpack_z_float(s + (size_t)i * desc->block_bytes);
   return true;
}

bool
u_format_pack_z_float(enum pipe_format format, void *dst, const float *src,
                      unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, pack_z_float);
   if (!desc)
      return false;
   uint8_t *d = dst;
   for (unsigned i = 0; i < n; i++)
      desc->pack_z_float(d + (size_t)i * desc->block_bytes, src[i]);
   return true;
}

bool
u_format_unpack_s_uint8(enum pipe_format format, const void *src, uint8_t *dst,
                        unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, unpack_s_uint8);
   if (!desc)
      return false;
   const uint8_t *s = src;
   for (unsigned i = 0; i < n; i++)
      dst[i] = desc->unpack_s_uint8(s + (size_t)i * desc->block_bytes);
   return true;
}

bool
u_format_pack_s_uint8(enum pipe_format format, void *dst, const uint8_t *src,
                      unsigned n)
{
   const struct u_format_desc *desc = DESC_WITH(format, pack_s_uint8);
   if (!desc)
      return false;
   uint8_t *d = dst;
   for (unsigned i = 0; i < n; i++)
      desc->pack_s_uint8(d + (size_t)i * desc->block_bytes, src[i]);
   return true;
}

bool
u_format_unpack_block_rgba(enum pipe_format format, const void *block,
                           float out[4][4][4])
{
   const struct u_format_desc *desc = u_format_description(format);
   if (!desc || !desc->is_compressed)
      return false;
   if (desc->layout == U_FORMAT_LAYOUT_S3TC)
      return u_format_s3tc_unpack_block_rgba(format, block, out);
   if (desc->layout == U_FORMAT_LAYOUT_ETC)
      return u_format_etc_unpack_block_rgba(format, block, out);
   return u_format_rgtc_unpack_block_rgba(format, block, out);
}

bool
u_format_unpack_block_rgba8(enum pipe_format format, const void *block,
                            uint8_t out[4][4][4])
{
   const struct u_format_desc *desc = u_format_description(format);
   if (!desc || !desc->is_compressed)
      return false;
   if (desc->layout == U_FORMAT_LAYOUT_S3TC)
      return u_format_s3tc_unpack_block_rgba8(format, block, out);
   if (desc->layout == U_FORMAT_LAYOUT_ETC)
      return u_format_etc_unpack_block_rgba8(format, block, out);
   return u_format_rgtc_unpack_block_rgba8(format, block, out);
}

bool
u_format_fetch_texel_rgba(enum pipe_format format, const void *data,
                          unsigned row_stride_bytes, unsigned x, unsigned y,
                          float out[4])
{
   const struct u_format_desc *desc = u_format_description(format);
   if (!desc || !desc->block_bytes)
      return false;

   const uint8_t *block = (const uint8_t *)data +
                          (size_t)(y / desc->block_height) * row_stride_bytes +
                          (size_t)(x / desc->block_width) * desc->block_bytes;
   if (!desc->is_compressed) {
      if (!desc->unpack_rgba_float)
         return false;
      desc->unpack_rgba_float(block, out);
      return true;
   }

   float texels[4][4][4];
   if (!u_format_unpack_block_rgba(format, block, texels))
      return false;
   memcpy(out, texels[y % 4][x % 4], sizeof(texels[0][0]));
   return true;
}
