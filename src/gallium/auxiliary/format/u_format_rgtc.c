/* SPDX-License-Identifier: MIT */

/*
 * RGTC block decoding, ARB_texture_compression_rgtc, and the interpolated
 * 64-bit block it shares with DXT5 alpha (EXT_texture_compression_s3tc).
 *
 * The block: endpoints e0 = byte 0, e1 = byte 1, then a 48-bit
 * little-endian word of 3-bit codes, texel i = 4 y + x in bits 3 i.  Code
 * 0 is e0, code 1 is e1.  If e0 > e1, codes 2..7 are
 * ((8 - k) e0 + (k - 1) e1) / 7; otherwise codes 2..5 are
 * ((6 - k) e0 + (k - 1) e1) / 5, code 6 is the minimum (0, or -1.0 for
 * snorm) and code 7 the maximum (255, or 1.0).
 *
 * RGTC1 is one such block for red; RGTC2 is two, red then green.  For the
 * snorm formats the endpoints are signed bytes, compared as signed
 * values; -128 decodes as -127 (that is -1.0), as the spec's signed
 * conversion requires, so the results lie in [-1, 1].
 *
 * The float results follow the formulas exactly (one rounding to float);
 * the 8-bit results, used by DXT5 and the rgba8 path, round the
 * interpolants to the nearest code (halves cannot occur).
 */
#include "u_format_compressed.h"

/* Texel i's 3-bit code. */
static unsigned
alpha_code(const uint8_t b[8], unsigned i)
{
   uint64_t bits = 0;
   for (unsigned k = 0; k < 6; k++)
      bits |= (uint64_t)b[2 + k] << (8 * k);
   return (unsigned)(bits >> (3 * i)) & 7;
}

void
u_format_alpha_block_unorm8(const uint8_t block[8], uint8_t out[16])
{
   unsigned e0 = block[0], e1 = block[1];
   uint8_t pal[8] = { (uint8_t)e0, (uint8_t)e1 };
   if (e0 > e1) {
      for (unsigned k = 2; k < 8; k++)
         pal[k] = (uint8_t)(((8 - k) * e0 + (k - 1) * e1 + 3) / 7);
   } else {
      for (unsigned k = 2; k < 6; k++)
         pal[k] = (uint8_t)(((6 - k) * e0 + (k - 1) * e1 + 2) / 5);
      pal[6] = 0;
      pal[7] = 255;
   }
   for (unsigned i = 0; i < 16; i++)
      out[i] = pal[alpha_code(block, i)];
}

void
u_format_alpha_block_float(const uint8_t block[8], bool snorm, float out[16])
{
   int e0, e1;
   double max, min;
   if (snorm) {
      e0 = (int8_t)block[0];
      e1 = (int8_t)block[1];
      max = 127.0;
      min = -1.0;
   } else {
      e0 = block[0];
      e1 = block[1];
      max = 255.0;
      min = 0.0;
   }
   bool eight = e0 > e1;
   /* ARB_texture_compression_rgtc: -128 is read as -127. */
   double v0 = (e0 < -127 ? -127 : e0) / max;
   double v1 = (e1 < -127 ? -127 : e1) / max;

   float pal[8] = { (float)v0, (float)v1 };
   if (eight) {
      for (unsigned k = 2; k < 8; k++)
         pal[k] = (float)(((8 - k) * v0 + (k - 1) * v1) / 7.0);
   } else {
      for (unsigned k = 2; k < 6; k++)
         pal[k] = (float)(((6 - k) * v0 + (k - 1) * v1) / 5.0);
      pal[6] = (float)min;
      pal[7] = 1.0f;
   }
   for (unsigned i = 0; i < 16; i++)
      out[i] = pal[alpha_code(block, i)];
}

/* Channels (1 or 2) and signedness of an RGTC format. */
static bool
rgtc_info(enum pipe_format format, unsigned *channels, bool *snorm)
{
   switch (format) {
   case PIPE_FORMAT_RGTC1_UNORM:
   case PIPE_FORMAT_RGTC1_SNORM:
      *channels = 1;
      break;
   case PIPE_FORMAT_RGTC2_UNORM:
   case PIPE_FORMAT_RGTC2_SNORM:
      *channels = 2;
      break;
   default:
      return false;
   }
   *snorm =
      format == PIPE_FORMAT_RGTC1_SNORM || format == PIPE_FORMAT_RGTC2_SNORM;
   return true;
}

bool
u_format_rgtc_unpack_block_rgba8(enum pipe_format format, const void *block,
                                 uint8_t out[4][4][4])
{
   unsigned channels;
   bool snorm;
   if (!rgtc_info(format, &channels, &snorm) || snorm)
      return false;

   const uint8_t *b = block;
   uint8_t v[2][16] = { { 0 } };
   for (unsigned c = 0; c < channels; c++)
      u_format_alpha_block_unorm8(b + 8 * c, v[c]);
   for (unsigned i = 0; i < 16; i++) {
      uint8_t *t = out[i / 4][i % 4];
      t[0] = v[0][i];
      t[1] = v[1][i];
      t[2] = 0;
      t[3] = 255;
   }
   return true;
}

bool
u_format_rgtc_unpack_block_rgba(enum pipe_format format, const void *block,
                                float out[4][4][4])
{
   unsigned channels;
   bool snorm;
   if (!rgtc_info(format, &channels, &snorm))
      return false;

   const uint8_t *b = block;
   float v[2][16] = { { 0 } };
   for (unsigned c = 0; c < channels; c++)
      u_format_alpha_block_float(b + 8 * c, snorm, v[c]);
   for (unsigned i = 0; i < 16; i++) {
      float *t = out[i / 4][i % 4];
      t[0] = v[0][i];
      t[1] = v[1][i];
      t[2] = 0.0f;
      t[3] = 1.0f;
   }
   return true;
}
