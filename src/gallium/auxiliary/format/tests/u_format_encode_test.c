/* SPDX-License-Identifier: MIT */

/*
 * Exact encodings of known values, worked out by hand from the GL 4.6
 * rules quoted in u_format_convert.h, and exhaustive checks of the
 * conversion helpers where the input space is small.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "gallium/auxiliary/format/u_format.h"
#include "gallium/auxiliary/format/u_format_convert.h"

static void
pack1(enum pipe_format f, const float rgba[4], uint8_t *out)
{
   memset(out, 0xcd, 16);
   assert_true(u_format_pack_rgba(f, out, rgba, 1));
}

static uint32_t
word32(const uint8_t *b)
{
   uint32_t w;
   memcpy(&w, b, 4);
   return w;
}

static uint16_t
word16(const uint8_t *b)
{
   uint16_t w;
   memcpy(&w, b, 2);
   return w;
}

static void
rgba8_unorm(void **state)
{
   (void)state;
   uint8_t b[16];
   pack1(PIPE_FORMAT_R8G8B8A8_UNORM, (float[4]){ 1, 0.5f, 0, 1 }, b);
   assert_memory_equal(b, ((uint8_t[]){ 0xff, 0x80, 0x00, 0xff, 0xcd }), 5);
   pack1(PIPE_FORMAT_B8G8R8A8_UNORM, (float[4]){ 1, 0.5f, 0, 1 }, b);
   assert_memory_equal(b, ((uint8_t[]){ 0x00, 0x80, 0xff, 0xff }), 4);
   /* Clamping and NaN. */
   pack1(PIPE_FORMAT_R8G8B8A8_UNORM, (float[4]){ -3, 7, NAN, INFINITY }, b);
   assert_memory_equal(b, ((uint8_t[]){ 0x00, 0xff, 0x00, 0xff }), 4);

   float f[4];
   assert_true(u_format_unpack_rgba(
      PIPE_FORMAT_R8G8B8A8_UNORM, (uint8_t[]){ 0xff, 0x80, 0x00, 0x33 }, f, 1));
   assert_true(f[0] == 1.0f && f[1] == 128.0f / 255 && f[2] == 0.0f &&
               f[3] == 0.2f);
}

static void
snorm(void **state)
{
   (void)state;
   uint8_t b[16];
   pack1(PIPE_FORMAT_R8G8_SNORM, (float[4]){ -1, 1, 0, 0 }, b);
   assert_int_equal(b[0], 0x81);
   assert_int_equal(b[1], 0x7f);
   pack1(PIPE_FORMAT_R16_SNORM, (float[4]){ -0.5f, 0, 0, 0 }, b);
   assert_int_equal(word16(b), 0xc000); /* round(-0.5 * 32767) = -16384 */

   /* GL 4.6 core, 2.3.5.1: -128 and -127 both mean -1. */
   float f[4];
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R8G8_SNORM,
                                    (uint8_t[]){ 0x80, 0x81 }, f, 1));
   assert_true(f[0] == -1.0f && f[1] == -1.0f && f[2] == 0 && f[3] == 1);
}

static void
half_and_float(void **state)
{
   (void)state;
   uint8_t b[16];
   pack1(PIPE_FORMAT_R16G16_FLOAT, (float[4]){ 1, -2, 0, 0 }, b);
   assert_int_equal(word32(b), 0xc0003c00);
   pack1(PIPE_FORMAT_R32_FLOAT, (float[4]){ 1, 0, 0, 0 }, b);
   assert_int_equal(word32(b), 0x3f800000);
}

static void
srgb(void **state)
{
   (void)state;
   uint8_t b[16];
   /* 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354, * 255 = 187.5 -> 188. Alpha is
    * linear: 0.5 * 255 = 127.5 -> 128. */
   pack1(PIPE_FORMAT_R8G8B8A8_SRGB, (float[4]){ 0.5f, 0.5f, 0.5f, 0.5f }, b);
   assert_memory_equal(b, ((uint8_t[]){ 0xbc, 0xbc, 0xbc, 0x80 }), 4);
   pack1(PIPE_FORMAT_B8G8R8A8_SRGB, (float[4]){ 1, 0.5f, 0, 1 }, b);
   assert_memory_equal(b, ((uint8_t[]){ 0x00, 0xbc, 0xff, 0xff }), 4);
   pack1(PIPE_FORMAT_L8A8_SRGB, (float[4]){ 0.5f, 0, 0, 0.5f }, b);
   assert_memory_equal(b, ((uint8_t[]){ 0xbc, 0x80 }), 2);

   assert_true(u_format_srgb8_to_linear[0] == 0.0f);
   assert_true(u_format_srgb8_to_linear[255] == 1.0f);
   /* ((188/255 + 0.055) / 1.055)^2.4 = 0.50289 */
   assert_true(fabsf(u_format_srgb8_to_linear[188] - 0.50289f) < 1e-5f);

   /* The generated table matches the formula, and every code survives
    * decode + encode. */
   for (unsigned i = 0; i < 256; i++) {
      float t = u_format_srgb8_to_linear[i];
      float r = u_format_srgb_to_linear(i / 255.0f);
      assert_true(fabsf(t - r) <= 2e-7f * (t > 1e-3f ? t : 1e-3f));
      assert_int_equal(u_format_linear_to_srgb8(t), i);
   }
   assert_int_equal(u_format_linear_to_srgb8(NAN), 0);
   assert_int_equal(u_format_linear_to_srgb8(-1), 0);
   assert_int_equal(u_format_linear_to_srgb8(2), 255);
}

static void
r11g11b10(void **state)
{
   (void)state;
   uint8_t b[16];
   /* 1.0 = 2^0: exponent 15, mantissa 0 -> 15 << 6 (11 bits) and
    * 15 << 5 (10 bits). */
   pack1(PIPE_FORMAT_R11G11B10_FLOAT, (float[4]){ 1, 0, 0, 1 }, b);
   assert_int_equal(word32(b), 0x3c0);
   pack1(PIPE_FORMAT_R11G11B10_FLOAT, (float[4]){ 1, 1, 1, 1 }, b);
   assert_int_equal(word32(b), 0x3c0 | 0x3c0 << 11 | 0x1e0u << 22);
   /* Negative -> 0, huge -> largest finite (65024 = 0x7bf), inf -> inf. */
   pack1(PIPE_FORMAT_R11G11B10_FLOAT, (float[4]){ -1, 1e9f, INFINITY, 0 }, b);
   assert_int_equal(word32(b), 0 | 0x7bf << 11 | 0x3e0u << 22);

   float f[4];
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R11G11B10_FLOAT,
                                    (uint8_t[]){ 0xc0, 0x03, 0, 0 }, f, 1));
   assert_true(f[0] == 1.0f && f[1] == 0 && f[2] == 0 && f[3] == 1.0f);

   /* Every finite code round-trips, for both widths. */
   for (unsigned m = 5; m <= 6; m++) {
      for (uint32_t c = 0; c < (31u << m); c++)
         assert_int_equal(
            u_format_float_to_ufloat(u_format_ufloat_to_float(c, m), m), c);
   }
   /* Ties go to the even mantissa: 1 + 1/128 is halfway between mantissa
    * 0 and 1 of exponent 15; 1 + 3/128 halfway between 1 and 2. */
   assert_int_equal(u_format_float_to_ufloat(1.0f + 1.0f / 128, 6), 0x3c0);
   assert_int_equal(u_format_float_to_ufloat(1.0f + 3.0f / 128, 6), 0x3c2);
   /* Smallest subnormal 2^-20 and half of it (a tie, to even: 0). */
   assert_int_equal(u_format_float_to_ufloat(ldexpf(1, -20), 6), 1);
   assert_int_equal(u_format_float_to_ufloat(ldexpf(1, -21), 6), 0);
   uint32_t nan = u_format_float_to_ufloat(NAN, 6);
   assert_true((nan >> 6) == 31 && (nan & 0x3f) != 0);
   assert_true(isnan(u_format_ufloat_to_float(nan, 6)));
}

static void
rgb9e5(void **state)
{
   (void)state;
   uint8_t b[16];
   /* maxc = 1: exp_shared = 0 + 1 + 15 = 16, scale 2^(16-15-9) = 2^-8:
    * mantissas 256, 128, 64. */
   pack1(PIPE_FORMAT_R9G9B9E5_FLOAT, (float[4]){ 1, 0.5f, 0.25f, 0 }, b);
   assert_int_equal(word32(b), 256 | 128 << 9 | 64 << 18 | 16u << 27);
   float f[4];
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R9G9B9E5_FLOAT, b, f, 1));
   assert_true(f[0] == 1 && f[1] == 0.5f && f[2] == 0.25f && f[3] == 1);

   /* maxc = 1 - 2^-11: exp_shared' = 15 but maxs rounds to 512, so the
    * exponent becomes 16 and the mantissa 256. */
   uint32_t w =
      u_format_float3_to_rgb9e5((float[3]){ 1 - ldexpf(1, -11), 0, 0 });
   assert_int_equal(w, 256 | 16u << 27);
   /* Clamp to sharedexp_max = 511/512 * 2^16; negative and NaN to 0. */
   w = u_format_float3_to_rgb9e5((float[3]){ 1e10f, -5, NAN });
   assert_int_equal(w, 511 | 31u << 27);
   assert_int_equal(u_format_float3_to_rgb9e5((float[3]){ 0, 0, 0 }), 0);
}

static void
packed_16_and_32(void **state)
{
   (void)state;
   uint8_t b[16];
   pack1(PIPE_FORMAT_B5G6R5_UNORM, (float[4]){ 1, 0, 0, 0 }, b);
   assert_int_equal(word16(b), 0xf800);
   pack1(PIPE_FORMAT_B5G6R5_UNORM, (float[4]){ 0, 1, 0, 0 }, b);
   assert_int_equal(word16(b), 0x07e0);
   pack1(PIPE_FORMAT_B5G5R5A1_UNORM, (float[4]){ 0, 0, 1, 1 }, b);
   assert_int_equal(word16(b), 0x801f);
   pack1(PIPE_FORMAT_B4G4R4A4_UNORM, (float[4]){ 1, 0, 0, 0.2f }, b);
   assert_int_equal(word16(b), 0x3f00);
   pack1(PIPE_FORMAT_R10G10B10A2_UNORM, (float[4]){ 1, 0, 0, 1 }, b);
   assert_int_equal(word32(b), 0xc00003ff);

   uint32_t u[4] = { 1023, 0, 5000, 3 };
   assert_true(u_format_pack_rgba_uint(PIPE_FORMAT_R10G10B10A2_UINT, b, u, 1));
   assert_int_equal(word32(b), 0xfff003ff);
}

/* The 2_10_10_10_REV vertex formats: signed fields sign-extend, snorm
 * maps the most negative code to -1 like the one above it, and the BGRA
 * order keeps blue in the low bits. */
static void
vertex_10_10_10_2(void **state)
{
   (void)state;
   /* r = -511 (0x201), g = 511 (0x1ff), b = 0, a = -1 (0b11). */
   uint32_t word = 0x201u | (0x1ffu << 10) | (0x3u << 30);
   float f[4];
   assert_true(
      u_format_unpack_rgba(PIPE_FORMAT_R10G10B10A2_SNORM, &word, f, 1));
   assert_true(f[0] == -1.0f && f[1] == 1.0f && f[2] == 0.0f && f[3] == -1.0f);
   int32_t i[4];
   assert_true(
      u_format_unpack_rgba_sint(PIPE_FORMAT_R10G10B10A2_SINT, &word, i, 1));
   assert_true(i[0] == -511 && i[1] == 511 && i[2] == 0 && i[3] == -1);
   uint32_t w = 0x3ffu; /* only the low field: blue for BGRA */
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_B10G10R10A2_UNORM, &w, f, 1));
   assert_true(f[0] == 0.0f && f[1] == 0.0f && f[2] == 1.0f && f[3] == 0.0f);
}

static void
integers(void **state)
{
   (void)state;
   uint8_t b[16];
   assert_true(u_format_pack_rgba_uint(PIPE_FORMAT_R8G8_UINT, b,
                                       (uint32_t[4]){ 300, 7, 9, 9 }, 1));
   assert_memory_equal(b, ((uint8_t[]){ 0xff, 0x07 }), 2);
   assert_true(u_format_pack_rgba_sint(PIPE_FORMAT_R8G8_SINT, b,
                                       (int32_t[4]){ -300, -1, 0, 0 }, 1));
   assert_memory_equal(b, ((uint8_t[]){ 0x80, 0xff }), 2);
   int32_t s[4];
   assert_true(u_format_unpack_rgba_sint(PIPE_FORMAT_R16_SINT,
                                         (uint8_t[]){ 0x00, 0x80 }, s, 1));
   assert_true(s[0] == -32768 && s[1] == 0 && s[2] == 0 && s[3] == 1);
}

static void
luminance_alpha_intensity(void **state)
{
   (void)state;
   float f[4];
   const uint8_t v[2] = { 0x33, 0x66 };
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_L8_UNORM, v, f, 1));
   assert_true(f[0] == 0.2f && f[1] == 0.2f && f[2] == 0.2f && f[3] == 1);
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_A8_UNORM, v, f, 1));
   assert_true(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0.2f);
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_I8_UNORM, v, f, 1));
   assert_true(f[0] == 0.2f && f[1] == 0.2f && f[2] == 0.2f && f[3] == 0.2f);
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_L8A8_UNORM, v, f, 1));
   assert_true(f[0] == 0.2f && f[2] == 0.2f && f[3] == 0.4f);

   /* L takes R, A takes A when packing. */
   uint8_t b[16];
   pack1(PIPE_FORMAT_L8A8_UNORM, (float[4]){ 0.2f, 1, 1, 0.4f }, b);
   assert_memory_equal(b, v, 2);
   pack1(PIPE_FORMAT_A8_UNORM, (float[4]){ 1, 1, 1, 0.2f }, b);
   assert_int_equal(b[0], 0x33);
}

static void
depth_stencil(void **state)
{
   (void)state;
   uint8_t b[16];
   memset(b, 0, sizeof(b));
   const uint8_t s = 0x12;

   assert_true(u_format_pack_z_float(PIPE_FORMAT_Z24_UNORM_S8_UINT, b,
                                     (float[]){ 1.0f }, 1));
   assert_true(u_format_pack_s_uint8(PIPE_FORMAT_Z24_UNORM_S8_UINT, b, &s, 1));
   assert_int_equal(word32(b), 0x12ffffff);

   memset(b, 0, sizeof(b));
   assert_true(u_format_pack_z_float(PIPE_FORMAT_S8_UINT_Z24_UNORM, b,
                                     (float[]){ 1.0f }, 1));
   assert_true(u_format_pack_s_uint8(PIPE_FORMAT_S8_UINT_Z24_UNORM, b, &s, 1));
   assert_int_equal(word32(b), 0xffffff12);

   memset(b, 0, sizeof(b));
   assert_true(
      u_format_pack_z_float(PIPE_FORMAT_Z24X8_UNORM, b, (float[]){ 1.0f }, 1));
   assert_int_equal(word32(b), 0x00ffffff);
   memset(b, 0, sizeof(b));
   assert_true(
      u_format_pack_z_float(PIPE_FORMAT_X8Z24_UNORM, b, (float[]){ 1.0f }, 1));
   assert_int_equal(word32(b), 0xffffff00);

   memset(b, 0xee, sizeof(b));
   const uint8_t seven = 7;
   assert_true(u_format_pack_z_float(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, b,
                                     (float[]){ 0.5f }, 1));
   assert_true(
      u_format_pack_s_uint8(PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, b, &seven, 1));
   /* Pack functions modify only their channel: the X24 bits stay. */
   assert_memory_equal(b, ((uint8_t[]){ 0, 0, 0, 0x3f, 7, 0xee, 0xee, 0xee }),
                       8);

   const struct u_format_desc *d = u_format_description(PIPE_FORMAT_Z16_UNORM);
   d->pack_z_float(b, 0.5f);
   assert_int_equal(word16(b), 0x8000); /* 32767.5 rounds up */
   assert_int_equal(d->unpack_z_uint32(b), 0x80008000);
   d->pack_z_uint32(b, 0xffffffff);
   assert_int_equal(word16(b), 0xffff);

   d = u_format_description(PIPE_FORMAT_Z32_FLOAT);
   d->pack_z_uint32(b, 0xffffffff);
   assert_true(d->unpack_z_float(b) == 1.0f);
   assert_int_equal(d->unpack_z_uint32(b), 0xffffffff);
}

static void
unorm24_widening(void **state)
{
   (void)state;
   /* The promise of u_format_unorm_to_unorm32(): within one unit. */
   for (uint32_t v = 0; v < (1u << 24); v += 1 + (v & 7)) {
      double exact = floor((double)v * 4294967295.0 / 16777215.0 + 0.5);
      double got = u_format_unorm_to_unorm32(v, 24);
      assert_true(fabs(got - exact) <= 1.0);
   }
   assert_int_equal(u_format_unorm_to_unorm32(0xffffff, 24), 0xffffffff);
   assert_int_equal(u_format_unorm_to_unorm32(0xffff, 16), 0xffffffff);
}

/* GL 3.3 DOUBLE vertex attributes: unpacking rounds each double to the
 * nearest float (C's double-to-float conversion; too large magnitudes give
 * infinity), packing widens floats exactly. */
static void
doubles(void **state)
{
   (void)state;
   const double in[4] = { 1.5, -2.25, 1e300, NAN };
   float f[4];
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R64G64B64A64_FLOAT, in, f, 1));
   assert_true(f[0] == 1.5f && f[1] == -2.25f);
   assert_true(isinf(f[2]) && f[2] > 0);
   assert_true(isnan(f[3]));

   /* Rounding to nearest: 1 + 2^-30 is 1.0f, 0.1 the float nearest it. */
   const double r[3] = { 1.0 + ldexp(1, -30), 0.1, -1e300 };
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R64G64B64_FLOAT, r, f, 1));
   assert_true(f[0] == 1.0f && f[1] == 0.1f && isinf(f[2]) && f[2] < 0);
   assert_true(f[3] == 1.0f);

   /* Missing components come from the swizzle (x001, xy01). */
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R64_FLOAT, in, f, 1));
   assert_true(f[0] == 1.5f && f[1] == 0 && f[2] == 0 && f[3] == 1);
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_R64G64_FLOAT, in, f, 1));
   assert_true(f[0] == 1.5f && f[1] == -2.25f && f[2] == 0 && f[3] == 1);

   /* Packing writes 8-byte doubles, only the channels the format has. */
   uint8_t b[40];
   memset(b, 0xcd, sizeof(b));
   assert_true(u_format_pack_rgba(PIPE_FORMAT_R64G64_FLOAT, b,
                                  (float[4]){ 0.1f, -3, 7, 9 }, 1));
   double d[2];
   memcpy(d, b, sizeof(d));
   assert_true(d[0] == (double)0.1f && d[1] == -3.0);
   assert_int_equal(b[16], 0xcd);
   assert_int_equal(u_format_get_blocksize(PIPE_FORMAT_R64G64B64A64_FLOAT), 32);
}

static void
row_helpers(void **state)
{
   (void)state;
   const float src[12] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0 };
   uint8_t b[6];
   assert_true(u_format_pack_rgba(PIPE_FORMAT_B5G6R5_UNORM, b, src, 3));
   assert_int_equal(word16(b), 0xf800);
   assert_int_equal(word16(b + 2), 0x07e0);
   assert_int_equal(word16(b + 4), 0x001f);
   float dst[12];
   assert_true(u_format_unpack_rgba(PIPE_FORMAT_B5G6R5_UNORM, b, dst, 3));
   const float expect[12] = { 1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1 };
   assert_memory_equal(dst, expect, sizeof(expect));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(rgba8_unorm),
      cmocka_unit_test(snorm),
      cmocka_unit_test(half_and_float),
      cmocka_unit_test(srgb),
      cmocka_unit_test(r11g11b10),
      cmocka_unit_test(rgb9e5),
      cmocka_unit_test(packed_16_and_32),
      cmocka_unit_test(vertex_10_10_10_2),
      cmocka_unit_test(integers),
      cmocka_unit_test(luminance_alpha_intensity),
      cmocka_unit_test(depth_stencil),
      cmocka_unit_test(unorm24_widening),
      cmocka_unit_test(doubles),
      cmocka_unit_test(row_helpers),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
