/* SPDX-License-Identifier: MIT */

/*
 * Compressed block decoding (u_format_s3tc.c, u_format_rgtc.c): blocks
 * built by hand, one per decoding mode of EXT_texture_compression_s3tc and
 * ARB_texture_compression_rgtc, with results worked out from the specs'
 * formulas, and texel fetches across block boundaries.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <string.h>

#include "gallium/auxiliary/format/u_format.h"
#include "gallium/auxiliary/format/u_format_convert.h"

#define EPS 1e-6f

/* A DXT1 colour block: 565 endpoints and one 2-bit code per texel. */
static void
colour_block(uint8_t b[8], uint16_t c0, uint16_t c1, const unsigned codes[16])
{
   uint32_t bits = 0;
   for (unsigned i = 0; i < 16; i++)
      bits |= (uint32_t)codes[i] << (2 * i);
   b[0] = c0 & 0xff;
   b[1] = c0 >> 8;
   b[2] = c1 & 0xff;
   b[3] = c1 >> 8;
   for (unsigned k = 0; k < 4; k++)
      b[4 + k] = (uint8_t)(bits >> (8 * k));
}

/* A DXT5 alpha / RGTC block: endpoints and one 3-bit code per texel. */
static void
alpha_block(uint8_t b[8], uint8_t e0, uint8_t e1, const unsigned codes[16])
{
   uint64_t bits = 0;
   for (unsigned i = 0; i < 16; i++)
      bits |= (uint64_t)codes[i] << (3 * i);
   b[0] = e0;
   b[1] = e1;
   for (unsigned k = 0; k < 6; k++)
      b[2 + k] = (uint8_t)(bits >> (8 * k));
}

/* Texel i = 4 y + x of a decoded block. */
static const float *
texel(float out[4][4][4], unsigned i)
{
   return out[i / 4][i % 4];
}

static void
expect_rgba8(const uint8_t *t, unsigned r, unsigned g, unsigned b, unsigned a)
{
   assert_int_equal(t[0], r);
   assert_int_equal(t[1], g);
   assert_int_equal(t[2], b);
   assert_int_equal(t[3], a);
}

static void
expect_rgba(const float *t, float r, float g, float b, float a)
{
   assert_float_equal(t[0], r, EPS);
   assert_float_equal(t[1], g, EPS);
   assert_float_equal(t[2], b, EPS);
   assert_float_equal(t[3], a, EPS);
}

/* Codes 0, 1, 2, 3 in texels 0..3, code 0 elsewhere. */
static const unsigned codes_0123[16] = { 0, 1, 2, 3 };
/* Texel i has code i % 8. */
static const unsigned codes_mod8[16] = { 0, 1, 2, 3, 4, 5, 6, 7,
                                         0, 1, 2, 3, 4, 5, 6, 7 };

static void
rgb565_widening(void **state)
{
   (void)state;
   /* Endpoints widen by bit replication, within one code of
    * round(v * 255 / max). */
   for (unsigned v = 0; v < 64; v++) {
      uint8_t b[8];
      uint8_t out[4][4][4];
      unsigned rb = v & 31;
      colour_block(b, (uint16_t)(rb << 11 | v << 5 | rb), 0, codes_0123);
      assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_DXT1_RGB, b, out));
      unsigned r8 = rb << 3 | rb >> 2, g8 = v << 2 | v >> 4;
      expect_rgba8(out[0][0], r8, g8, r8, 255);
      int dr = (int)r8 - (int)((rb * 255 * 2 + 31) / 62);
      int dg = (int)g8 - (int)((v * 255 * 2 + 63) / 126);
      assert_true(dr >= -1 && dr <= 1 && dg >= -1 && dg <= 1);
   }
}

static void
dxt1_four_colour(void **state)
{
   (void)state;
   uint8_t b[8];
   /* c0 = red > c1 = blue: c2 = 2/3 c0 + 1/3 c1, c3 = 1/3 c0 + 2/3 c1. */
   colour_block(b, 0xf800, 0x001f, codes_0123);
   for (unsigned f = 0; f < 2; f++) {
      enum pipe_format fmt = f ? PIPE_FORMAT_DXT1_RGBA : PIPE_FORMAT_DXT1_RGB;
      uint8_t o8[4][4][4];
      assert_true(u_format_unpack_block_rgba8(fmt, b, o8));
      expect_rgba8(o8[0][0], 255, 0, 0, 255);
      expect_rgba8(o8[0][1], 0, 0, 255, 255);
      expect_rgba8(o8[0][2], 170, 0, 85, 255);
      expect_rgba8(o8[0][3], 85, 0, 170, 255);
      expect_rgba8(o8[3][3], 255, 0, 0, 255);

      float o[4][4][4];
      assert_true(u_format_unpack_block_rgba(fmt, b, o));
      expect_rgba(texel(o, 0), 1, 0, 0, 1);
      expect_rgba(texel(o, 1), 0, 0, 1, 1);
      expect_rgba(texel(o, 2), 2.0f / 3, 0, 1.0f / 3, 1);
      expect_rgba(texel(o, 3), 1.0f / 3, 0, 2.0f / 3, 1);
   }
}

static void
dxt1_three_colour(void **state)
{
   (void)state;
   uint8_t b[8];
   float o[4][4][4];
   /* c0 = blue <= c1 = red: c2 = (c0 + c1) / 2, c3 = black. */
   colour_block(b, 0x001f, 0xf800, codes_0123);

   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT1_RGBA, b, o));
   expect_rgba(texel(o, 0), 0, 0, 1, 1);
   expect_rgba(texel(o, 1), 1, 0, 0, 1);
   expect_rgba(texel(o, 2), 128.0f / 255, 0, 128.0f / 255, 1);
   /* DXT1 RGBA: transparent black. */
   expect_rgba(texel(o, 3), 0, 0, 0, 0);

   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT1_RGB, b, o));
   expect_rgba(texel(o, 2), 128.0f / 255, 0, 128.0f / 255, 1);
   /* DXT1 RGB: opaque black. */
   expect_rgba(texel(o, 3), 0, 0, 0, 1);

   /* c0 == c1 is the three-colour mode too. */
   colour_block(b, 0xffff, 0xffff, codes_0123);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT1_RGBA, b, o));
   expect_rgba(texel(o, 2), 1, 1, 1, 1);
   expect_rgba(texel(o, 3), 0, 0, 0, 0);
}

static void
dxt3_alpha(void **state)
{
   (void)state;
   /* Nibble i is texel i's alpha, low nibble first; colour codes all 3
    * with c0 < c1, which DXT3 still decodes in the four-colour mode. */
   uint8_t b[16] = { 0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe };
   static const unsigned threes[16] = { 3, 3, 3, 3, 3, 3, 3, 3,
                                        3, 3, 3, 3, 3, 3, 3, 3 };
   colour_block(b + 8, 0x001f, 0xf800, threes);

   uint8_t o8[4][4][4];
   float o[4][4][4];
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_DXT3_RGBA, b, o8));
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT3_RGBA, b, o));
   for (unsigned i = 0; i < 16; i++) {
      expect_rgba8(o8[i / 4][i % 4], 170, 0, 85, 17 * i);
      expect_rgba(texel(o, i), 2.0f / 3, 0, 1.0f / 3, i / 15.0f);
   }
}

static void
dxt5_alpha(void **state)
{
   (void)state;
   uint8_t b[16];
   uint8_t o8[4][4][4];
   float o[4][4][4];
   colour_block(b + 8, 0xffff, 0x0000, codes_0123);

   /* a0 > a1: eight values, (6 a0 + a1) / 7 ... (a0 + 6 a1) / 7. */
   alpha_block(b, 255, 0, codes_mod8);
   static const uint8_t eight[8] = { 255, 0, 219, 182, 146, 109, 73, 36 };
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_DXT5_RGBA, b, o8));
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT5_RGBA, b, o));
   for (unsigned i = 0; i < 16; i++) {
      assert_int_equal(o8[i / 4][i % 4][3], eight[i % 8]);
      assert_float_equal(texel(o, i)[3], eight[i % 8] / 255.0f, EPS);
   }
   expect_rgba8(o8[0][0], 255, 255, 255, 255);
   expect_rgba8(o8[0][1], 0, 0, 0, 0);

   /* a0 <= a1: six values, (4 a0 + a1) / 5 ... then 0 and 255. */
   alpha_block(b, 0, 255, codes_mod8);
   static const uint8_t six[8] = { 0, 255, 51, 102, 153, 204, 0, 255 };
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_DXT5_RGBA, b, o8));
   for (unsigned i = 0; i < 16; i++)
      assert_int_equal(o8[i / 4][i % 4][3], six[i % 8]);

   /* Six-value mode between other endpoints: 6 and 7 are still 0, 255. */
   alpha_block(b, 100, 200, codes_mod8);
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_DXT5_RGBA, b, o8));
   static const uint8_t six2[8] = { 100, 200, 120, 140, 160, 180, 0, 255 };
   for (unsigned i = 0; i < 8; i++)
      assert_int_equal(o8[i / 4][i % 4][3], six2[i]);
}

static void
srgb_variants(void **state)
{
   (void)state;
   uint8_t b[16];
   uint8_t o8[4][4][4];
   float o[4][4][4];

   colour_block(b, 0xf800, 0x001f, codes_0123);
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_DXT1_SRGB, b, o8));
   expect_rgba8(o8[0][2], 170, 0, 85, 255); /* codes stay sRGB */
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT1_SRGB, b, o));
   expect_rgba(texel(o, 2), u_format_srgb8_to_linear[170], 0,
               u_format_srgb8_to_linear[85], 1);
   expect_rgba(texel(o, 3), u_format_srgb8_to_linear[85], 0,
               u_format_srgb8_to_linear[170], 1);

   colour_block(b, 0x001f, 0xf800, codes_0123);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT1_SRGBA, b, o));
   expect_rgba(texel(o, 2), u_format_srgb8_to_linear[128], 0,
               u_format_srgb8_to_linear[128], 1);
   expect_rgba(texel(o, 3), 0, 0, 0, 0);

   /* Alpha is linear. */
   memcpy(b, (uint8_t[]){ 0x10, 0x32, 0x54, 0x76, 0x98, 0xba, 0xdc, 0xfe }, 8);
   colour_block(b + 8, 0xf800, 0x001f, codes_0123);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT3_SRGBA, b, o));
   expect_rgba(texel(o, 2), u_format_srgb8_to_linear[170], 0,
               u_format_srgb8_to_linear[85], 2.0f / 15);
   alpha_block(b, 0, 255, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT5_SRGBA, b, o));
   expect_rgba(texel(o, 3), u_format_srgb8_to_linear[85], 0,
               u_format_srgb8_to_linear[170], 102.0f / 255);
}

static void
rgtc1_unorm(void **state)
{
   (void)state;
   uint8_t b[8];
   float o[4][4][4];
   uint8_t o8[4][4][4];

   /* Eight values, exact: red_k = ((8 - k) red_0 + (k - 1) red_1) / 7. */
   alpha_block(b, 255, 0, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC1_UNORM, b, o));
   static const float eight[8] = { 1,        0,        6 / 7.0f, 5 / 7.0f,
                                   4 / 7.0f, 3 / 7.0f, 2 / 7.0f, 1 / 7.0f };
   for (unsigned i = 0; i < 16; i++)
      expect_rgba(texel(o, i), eight[i % 8], 0, 0, 1);
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_RGTC1_UNORM, b, o8));
   expect_rgba8(o8[0][2], 219, 0, 0, 255);

   /* Six values, then 0 and 1. */
   alpha_block(b, 0, 255, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC1_UNORM, b, o));
   static const float six[8] = { 0, 1, 0.2f, 0.4f, 0.6f, 0.8f, 0, 1 };
   for (unsigned i = 0; i < 16; i++)
      expect_rgba(texel(o, i), six[i % 8], 0, 0, 1);
}

static void
rgtc1_snorm(void **state)
{
   (void)state;
   uint8_t b[8];
   float o[4][4][4];
   uint8_t o8[4][4][4];

   /* 127 > -128: eight values; -128 reads as -127, i.e. -1.0. */
   alpha_block(b, 0x7f, 0x80, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC1_SNORM, b, o));
   static const float eight[8] = { 1,        -1,        5 / 7.0f,  3 / 7.0f,
                                   1 / 7.0f, -1 / 7.0f, -3 / 7.0f, -5 / 7.0f };
   for (unsigned i = 0; i < 16; i++)
      expect_rgba(texel(o, i), eight[i % 8], 0, 0, 1);

   /* -128 <= 127 as signed values: six values, then -1 and 1. */
   alpha_block(b, 0x80, 0x7f, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC1_SNORM, b, o));
   static const float six[8] = { -1, 1, -0.6f, -0.2f, 0.2f, 0.6f, -1, 1 };
   for (unsigned i = 0; i < 16; i++)
      expect_rgba(texel(o, i), six[i % 8], 0, 0, 1);

   /* -127 > -128, both -1.0: every value is -1. */
   alpha_block(b, 0x81, 0x80, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC1_SNORM, b, o));
   for (unsigned i = 0; i < 16; i++)
      expect_rgba(texel(o, i), -1, 0, 0, 1);

   /* Signed endpoints 0 and 64 (= 64/127), six-value mode. */
   alpha_block(b, 0x00, 0x40, codes_mod8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC1_SNORM, b, o));
   expect_rgba(texel(o, 1), 64 / 127.0f, 0, 0, 1);
   expect_rgba(texel(o, 2), 64 / 127.0f / 5, 0, 0, 1);

   /* No 8-bit unorm result for snorm. */
   assert_false(u_format_unpack_block_rgba8(PIPE_FORMAT_RGTC1_SNORM, b, o8));
}

static void
rgtc2(void **state)
{
   (void)state;
   uint8_t b[16];
   float o[4][4][4];
   uint8_t o8[4][4][4];
   static const unsigned zeros[16] = { 0 };

   /* Red: six-value block; green: a constant 0x33. */
   alpha_block(b, 0, 255, codes_mod8);
   alpha_block(b + 8, 0x33, 0x00, zeros);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC2_UNORM, b, o));
   static const float six[8] = { 0, 1, 0.2f, 0.4f, 0.6f, 0.8f, 0, 1 };
   for (unsigned i = 0; i < 16; i++)
      expect_rgba(texel(o, i), six[i % 8], 0.2f, 0, 1);
   assert_true(u_format_unpack_block_rgba8(PIPE_FORMAT_RGTC2_UNORM, b, o8));
   expect_rgba8(o8[0][3], 102, 0x33, 0, 255);

   /* Snorm: red 127/-128 eight values, green -128 constant. */
   alpha_block(b, 0x7f, 0x80, codes_mod8);
   alpha_block(b + 8, 0x80, 0x7f, zeros);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_RGTC2_SNORM, b, o));
   expect_rgba(texel(o, 2), 5 / 7.0f, -1, 0, 1);
   expect_rgba(texel(o, 7), -5 / 7.0f, -1, 0, 1);
}

static void
fetch_across_blocks(void **state)
{
   (void)state;
   /* An 8x8 DXT1 RGBA image, 2x2 blocks, rows of blocks 24 bytes apart
    * (8 bytes of padding).  Blocks (0,0), (1,0), (0,1) are solid red,
    * green, blue; block (1,1) is the four-colour block of
    * dxt1_four_colour(), whose first row holds its four colours. */
   uint8_t image[48];
   memset(image, 0xee, sizeof(image));
   static const unsigned zeros[16] = { 0 };
   colour_block(image + 0, 0xf800, 0, zeros);
   colour_block(image + 8, 0x07e0, 0, zeros);
   colour_block(image + 24, 0x001f, 0, zeros);
   colour_block(image + 32, 0xf800, 0x001f, codes_0123);

   float t[4];
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_DXT1_RGBA, image, 24, 3, 3, t));
   expect_rgba(t, 1, 0, 0, 1);
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_DXT1_RGBA, image, 24, 4, 3, t));
   expect_rgba(t, 0, 1, 0, 1);
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_DXT1_RGBA, image, 24, 3, 4, t));
   expect_rgba(t, 0, 0, 1, 1);
   static const float row[4][3] = { { 1, 0, 0 },
                                    { 0, 0, 1 },
                                    { 2.0f / 3, 0, 1.0f / 3 },
                                    { 1.0f / 3, 0, 2.0f / 3 } };
   for (unsigned x = 4; x < 8; x++) {
      assert_true(
         u_format_fetch_texel_rgba(PIPE_FORMAT_DXT1_RGBA, image, 24, x, 4, t));
      expect_rgba(t, row[x - 4][0], row[x - 4][1], row[x - 4][2], 1);
   }
   /* Texel (7, 7) has code 0 in block (1, 1). */
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_DXT1_RGBA, image, 24, 7, 7, t));
   expect_rgba(t, 1, 0, 0, 1);

   /* RGTC1: the second block of a row. */
   uint8_t rgtc[16];
   alpha_block(rgtc, 0, 0, zeros);
   alpha_block(rgtc + 8, 0, 255, codes_mod8);
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_RGTC1_UNORM, rgtc, 16, 7, 1, t));
   expect_rgba(t, 1, 0, 0, 1); /* texel 7 of the block: code 7 */
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_RGTC1_UNORM, rgtc, 16, 6, 0, t));
   expect_rgba(t, 0.2f, 0, 0, 1);

   /* Plain formats fetch one texel; rows are row_stride_bytes apart. */
   uint8_t rgba[2 * 12] = { 0 };
   memcpy(rgba + 12 + 4, (uint8_t[]){ 0xff, 0x00, 0x33, 0xff }, 4);
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_R8G8B8A8_UNORM, rgba, 12, 1, 1, t));
   expect_rgba(t, 1, 0, 0.2f, 1);
}

static void
rejections(void **state)
{
   (void)state;
   uint8_t b[16] = { 0 };
   float o[4][4][4];
   uint8_t o8[4][4][4];
   float t[4];
   assert_false(u_format_unpack_block_rgba(PIPE_FORMAT_R8G8B8A8_UNORM, b, o));
   assert_false(u_format_unpack_block_rgba(PIPE_FORMAT_NONE, b, o));
   assert_false(u_format_unpack_block_rgba(PIPE_FORMAT_COUNT, b, o));
   assert_false(u_format_unpack_block_rgba8(PIPE_FORMAT_R8_UNORM, b, o8));
   assert_false(u_format_fetch_texel_rgba(PIPE_FORMAT_NONE, b, 4, 0, 0, t));
   assert_false(u_format_fetch_texel_rgba(PIPE_FORMAT_R8_UINT, b, 4, 0, 0, t));
   assert_false(
      u_format_fetch_texel_rgba(PIPE_FORMAT_Z16_UNORM, b, 4, 0, 0, t));
   /* Every compressed format decodes. */
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      if (u_format_descs[f].is_compressed)
         assert_true(u_format_unpack_block_rgba(f, b, o));
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(rgb565_widening),
      cmocka_unit_test(dxt1_four_colour),
      cmocka_unit_test(dxt1_three_colour),
      cmocka_unit_test(dxt3_alpha),
      cmocka_unit_test(dxt5_alpha),
      cmocka_unit_test(srgb_variants),
      cmocka_unit_test(rgtc1_unorm),
      cmocka_unit_test(rgtc1_snorm),
      cmocka_unit_test(rgtc2),
      cmocka_unit_test(fetch_across_blocks),
      cmocka_unit_test(rejections),
   };
   return cmocka_run_group_tests_name("u_format_compressed", tests, NULL, NULL);
}
