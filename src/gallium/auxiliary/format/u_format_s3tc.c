/* SPDX-License-Identifier: MIT */

/*
 * S3TC block decoding, EXT_texture_compression_s3tc (version 1.6).
 *
 * A DXT1 block is 64 bits: two RGB565 colours c0, c1 (little-endian
 * 16-bit words, red in bits 15:11) and a 32-bit word of 2-bit codes, texel
 * (x, y) in bits 2 * (4 * y + x).  If c0 > c1 (as unsigned words) the codes
 * select c0, c1, (2 c0 + c1) / 3, (c0 + 2 c1) / 3; otherwise c0, c1,
 * (c0 + c1) / 2 and black, which is transparent (alpha 0) for DXT1 RGBA
 * and opaque for DXT1 RGB.
 *
 * DXT3 and DXT5 blocks are 64 bits of alpha followed by a DXT1 colour
 * block that always uses the four-colour mode (Khronos Data Format 1.3,
 * BC2: "the two code bits always use the non-transparent encodings").
 * DXT3 alpha: 4 bits per texel, texel i in bits 4 i, value a / 15.  DXT5
 * alpha: endpoints a0, a1 (bytes 0 and 1) and a 48-bit word of 3-bit codes
 * (texel i in bits 3 i); see u_format_rgtc.c, which shares that block.
 *
 * Decoding works on 8-bit codes, like the hardware: 565 endpoints are
 * widened by bit replication, as hardware and Mesa do (within one code of
 * round(v * 255 / 31) and round(v * 255 / 63)), and the interpolants are
 * rounded to the nearest code.  The float results are those codes / 255,
 * or for sRGB formats R, G and B through u_format_srgb8_to_linear[]:
 * EXT_texture_sRGB decodes after decompression, so interpolation happens
 * in sRGB space.
 */
#include "u_format_compressed.h"

#include "u_format_convert.h"

enum s3tc_alpha {
   S3TC_ALPHA_NONE,   /* DXT1 RGB: black code is opaque */
   S3TC_ALPHA_1BIT,   /* DXT1 RGBA: black code is transparent */
   S3TC_ALPHA_4BIT,   /* DXT3 */
   S3TC_ALPHA_INTERP, /* DXT5 */
};

struct s3tc_info {
   enum s3tc_alpha alpha;
   bool srgb;
};

static bool
s3tc_info(enum pipe_format format, struct s3tc_info *info)
{
   switch (format) {
   case PIPE_FORMAT_DXT1_RGB:
   case PIPE_FORMAT_DXT1_SRGB:
      info->alpha = S3TC_ALPHA_NONE;
      break;
   case PIPE_FORMAT_DXT1_RGBA:
   case PIPE_FORMAT_DXT1_SRGBA:
      info->alpha = S3TC_ALPHA_1BIT;
      break;
   case PIPE_FORMAT_DXT3_RGBA:
   case PIPE_FORMAT_DXT3_SRGBA:
      info->alpha = S3TC_ALPHA_4BIT;
      break;
   case PIPE_FORMAT_DXT5_RGBA:
   case PIPE_FORMAT_DXT5_SRGBA:
      info->alpha = S3TC_ALPHA_INTERP;
      break;
   default:
      return false;
   }
   info->srgb = u_format_descs[format].colorspace == U_FORMAT_COLORSPACE_SRGB;
   return true;
}

static void
rgb565_to_rgb8(uint16_t c, uint8_t rgb[3])
{
   unsigned r = c >> 11, g = (c >> 5) & 0x3f, b = c & 0x1f;
   rgb[0] = (uint8_t)((r << 3) | (r >> 2));
   rgb[1] = (uint8_t)((g << 2) | (g >> 4));
   rgb[2] = (uint8_t)((b << 3) | (b >> 2));
}

/* The colour half of a block; @p four_colour forces the c0 > c1 mode. */
static void
decode_colour(const uint8_t *b, bool four_colour, bool black_transparent,
              uint8_t out[4][4][4])
{
   uint16_t c0 = (uint16_t)(b[0] | b[1] << 8);
   uint16_t c1 = (uint16_t)(b[2] | b[3] << 8);
   uint32_t codes = (uint32_t)b[4] | (uint32_t)b[5] << 8 |
                    (uint32_t)b[6] << 16 | (uint32_t)b[7] << 24;

   uint8_t pal[4][4];
   rgb565_to_rgb8(c0, pal[0]);
   rgb565_to_rgb8(c1, pal[1]);
   pal[0][3] = pal[1][3] = pal[2][3] = pal[3][3] = 255;
   for (unsigned c = 0; c < 3; c++) {
      unsigned p0 = pal[0][c], p1 = pal[1][c];
      if (four_colour || c0 > c1) {
         pal[2][c] = (uint8_t)((2 * p0 + p1 + 1) / 3);
         pal[3][c] = (uint8_t)((p0 + 2 * p1 + 1) / 3);
      } else {
         pal[2][c] = (uint8_t)((p0 + p1 + 1) / 2);
         pal[3][c] = 0;
      }
   }
   if (!four_colour && c0 <= c1 && black_transparent)
      pal[3][3] = 0;

   for (unsigned i = 0; i < 16; i++) {
      const uint8_t *p = pal[(codes >> (2 * i)) & 3];
      for (unsigned c = 0; c < 4; c++)
         out[i / 4][i % 4][c] = p[c];
   }
}

bool
u_format_s3tc_unpack_block_rgba8(enum pipe_format format, const void *block,
                                 uint8_t out[4][4][4])
{
   struct s3tc_info info;
   if (!s3tc_info(format, &info))
      return false;

   const uint8_t *b = block;
   if (info.alpha == S3TC_ALPHA_NONE || info.alpha == S3TC_ALPHA_1BIT) {
      decode_colour(b, false, info.alpha == S3TC_ALPHA_1BIT, out);
      return true;
   }

   decode_colour(b + 8, true, false, out);
   if (info.alpha == S3TC_ALPHA_4BIT) {
      for (unsigned i = 0; i < 16; i++) {
         unsigned a = (b[i / 2] >> (4 * (i % 2))) & 0xf;
         out[i / 4][i % 4][3] = (uint8_t)(a * 17);
      }
   } else {
      uint8_t a[16];
      u_format_alpha_block_unorm8(b, a);
      for (unsigned i = 0; i < 16; i++)
         out[i / 4][i % 4][3] = a[i];
   }
   return true;
}

bool
u_format_s3tc_unpack_block_rgba(enum pipe_format format, const void *block,
                                float out[4][4][4])
{
   struct s3tc_info info;
   uint8_t codes[4][4][4];
   if (!s3tc_info(format, &info) ||
       !u_format_s3tc_unpack_block_rgba8(format, block, codes))
      return false;

   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         for (unsigned c = 0; c < 4; c++) {
            uint8_t v = codes[y][x][c];
            out[y][x][c] = info.srgb && c < 3 ? u_format_srgb8_to_linear[v]
                                              : u_format_unorm_to_float(v, 8);
         }
      }
   }
   return true;
}
