/* SPDX-License-Identifier: MIT */

/* Pixel transfer: layouts, conversions between client formats/types and
 * pipe formats (called directly), glPixelStore and the format/type
 * checks (through GL). */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "pipe/p_defines.h"
#include "st_pixels.h"
#include "st_test_util.h"

static struct st_pixelstore
default_store(void)
{
   struct st_pixelstore s = { .alignment = 4 };
   return s;
}

static void
layout_alignment_and_skips(void **state)
{
   struct st_pixelstore s = default_store();
   struct st_pixels_layout l;
   /* 3 RGB bytes per pixel, 5 pixels: 15 bytes padded to 16. */
   st_pixels_layout(&s, GL_RGB, GL_UNSIGNED_BYTE, 5, 2, 1, &l);
   assert_int_equal(l.row_stride, 16);
   assert_int_equal(l.offset, 0);
   assert_int_equal(l.size, 16 + 15);
   /* Row length, skips; float elements are as large as the alignment. */
   s.row_length = 10;
   s.skip_pixels = 2;
   s.skip_rows = 3;
   st_pixels_layout(&s, GL_RGBA, GL_FLOAT, 4, 2, 1, &l);
   assert_int_equal(l.row_stride, 160);
   assert_int_equal(l.offset, 3 * 160 + 2 * 16);
   assert_int_equal(l.size, l.offset + 160 + 4 * 16);
   /* Image height and skipped images for 3D. */
   s = default_store();
   s.alignment = 1;
   s.image_height = 4;
   s.skip_images = 1;
   st_pixels_layout(&s, GL_RED, GL_UNSIGNED_BYTE, 3, 2, 2, &l);
   assert_int_equal(l.row_stride, 3);
   assert_int_equal(l.image_stride, 12);
   assert_int_equal(l.offset, 12);
   assert_int_equal(l.size, 12 + 12 + 3 + 3);
   /* Elements of 2 bytes with alignment 8. */
   s = default_store();
   s.alignment = 8;
   st_pixels_layout(&s, GL_RGB, GL_UNSIGNED_SHORT, 3, 1, 1, &l);
   assert_int_equal(l.row_stride, 24);
}

static void
unpack_rgb_padded_rows(void **state)
{
   struct st_pixelstore s = default_store();
   /* Two rows of 3 RGB pixels, rows padded to 12 bytes. */
   const uint8_t src[] = { 1,    2,  3,  4,  5,  6,  7,  8,  9,  0xee, 0xee,
                           0xee, 10, 11, 12, 13, 14, 15, 16, 17, 18 };
   uint8_t dst[2][3][4];
   memset(dst, 0, sizeof(dst));
   assert_true(st_pixels_unpack(&s, GL_RGB, GL_UNSIGNED_BYTE, src, 3, 2, 1,
                                PIPE_FORMAT_R8G8B8A8_UNORM, dst, 12, 24));
   assert_int_equal(dst[0][0][0], 1);
   assert_int_equal(dst[0][2][2], 9);
   assert_int_equal(dst[0][2][3], 255);
   assert_int_equal(dst[1][0][0], 10);
   assert_int_equal(dst[1][2][2], 18);
}

static void
unpack_bgra_and_packed(void **state)
{
   struct st_pixelstore s = default_store();
   const uint8_t bgra[] = { 10, 20, 30, 40 };
   uint8_t out[4];
   assert_true(st_pixels_unpack(&s, GL_BGRA, GL_UNSIGNED_BYTE, bgra, 1, 1, 1,
                                PIPE_FORMAT_R8G8B8A8_UNORM, out, 4, 4));
   assert_int_equal(out[0], 30);
   assert_int_equal(out[1], 20);
   assert_int_equal(out[2], 10);
   assert_int_equal(out[3], 40);

   /* EXT_abgr: A, B, G, R in memory; with a packed type the first
    * component (A) takes the top bits. */
   const uint8_t abgr[] = { 40, 30, 20, 10 };
   assert_true(st_pixels_unpack(&s, GL_ABGR_EXT, GL_UNSIGNED_BYTE, abgr, 1, 1,
                                1, PIPE_FORMAT_R8G8B8A8_UNORM, out, 4, 4));
   assert_int_equal(out[0], 10);
   assert_int_equal(out[1], 20);
   assert_int_equal(out[2], 30);
   assert_int_equal(out[3], 40);
   const uint32_t abgr8888 = 0x11223344u;
   assert_true(st_pixels_unpack(&s, GL_ABGR_EXT, GL_UNSIGNED_INT_8_8_8_8,
                                &abgr8888, 1, 1, 1, PIPE_FORMAT_R8G8B8A8_UNORM,
                                out, 4, 4));
   assert_int_equal(out[0], 0x44);
   assert_int_equal(out[3], 0x11);
   const uint8_t rgba[] = { 1, 2, 3, 4 };
   uint8_t packed[4];
   assert_true(st_pixels_pack(&s, GL_ABGR_EXT, GL_UNSIGNED_BYTE, packed, 1, 1,
                              1, PIPE_FORMAT_R8G8B8A8_UNORM, rgba, 4, 4,
                              false));
   const uint8_t abgr_packed[] = { 4, 3, 2, 1 };
   assert_memory_equal(packed, abgr_packed, 4);

   /* 5_6_5: red in the top bits. */
   const uint16_t rgb565 = (31u << 11) | (0u << 5) | 31u;
   assert_true(st_pixels_unpack(&s, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &rgb565, 1,
                                1, 1, PIPE_FORMAT_R8G8B8A8_UNORM, out, 4, 4));
   assert_int_equal(out[0], 255);
   assert_int_equal(out[1], 0);
   assert_int_equal(out[2], 255);
   assert_int_equal(out[3], 255);

   /* 8_8_8_8: first component in the top byte. */
   const uint32_t rgba8888 = 0x11223344u;
   assert_true(st_pixels_unpack(&s, GL_RGBA, GL_UNSIGNED_INT_8_8_8_8, &rgba8888,
                                1, 1, 1, PIPE_FORMAT_R8G8B8A8_UNORM, out, 4,
                                4));
   assert_int_equal(out[0], 0x11);
   assert_int_equal(out[3], 0x44);

   /* Luminance fills red, green and blue. */
   const uint8_t lum = 77;
   assert_true(st_pixels_unpack(&s, GL_LUMINANCE, GL_UNSIGNED_BYTE, &lum, 1, 1,
                                1, PIPE_FORMAT_R8G8B8A8_UNORM, out, 4, 4));
   assert_int_equal(out[0], 77);
   assert_int_equal(out[1], 77);
   assert_int_equal(out[2], 77);
   assert_int_equal(out[3], 255);
}

static void
unpack_float_and_swap_bytes(void **state)
{
   struct st_pixelstore s = default_store();
   const float f[4] = { 0.0f, 0.5f, 1.5f, -1.0f };
   uint8_t out[4];
   assert_true(st_pixels_unpack(&s, GL_RGBA, GL_FLOAT, f, 1, 1, 1,
                                PIPE_FORMAT_R8G8B8A8_UNORM, out, 4, 4));
   assert_int_equal(out[0], 0);
   assert_int_equal(out[1], 128);
   assert_int_equal(out[2], 255);
   assert_int_equal(out[3], 0);

   s.swap_bytes = true;
   const uint16_t us = 0xff00; /* 0x00ff once swapped */
   uint16_t r16;
   assert_true(st_pixels_unpack(&s, GL_RED, GL_UNSIGNED_SHORT, &us, 1, 1, 1,
                                PIPE_FORMAT_R16_UNORM, &r16, 2, 2));
   assert_int_equal(r16, 0x00ff);
}

static void
pack_conversions(void **state)
{
   struct st_pixelstore s = default_store();
   const uint8_t texel[4] = { 255, 0, 51, 255 };
   float f[4];
   assert_true(st_pixels_pack(&s, GL_RGBA, GL_FLOAT, f, 1, 1, 1,
                              PIPE_FORMAT_R8G8B8A8_UNORM, texel, 4, 4, false));
   assert_true(f[0] == 1.0f && f[1] == 0.0f && f[3] == 1.0f);
   assert_float_equal(f[2], 0.2f, 1e-6);

   uint32_t rev = 0;
   assert_true(st_pixels_pack(&s, GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, &rev, 1,
                              1, 1, PIPE_FORMAT_R8G8B8A8_UNORM, texel, 4, 4,
                              false));
   /* BGRA with B in the low byte. */
   assert_int_equal(rev, 0xffff0033u);

   uint16_t p4444 = 0;
   assert_true(st_pixels_pack(&s, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, &p4444, 1,
                              1, 1, PIPE_FORMAT_R8G8B8A8_UNORM, texel, 4, 4,
                              false));
   assert_int_equal(p4444, 0xf03f);

   /* Integers stay integers; integer to normalized is refused. */
   const uint32_t big = 100000;
   uint32_t ui = 0;
   assert_true(st_pixels_pack(&s, GL_RED_INTEGER, GL_UNSIGNED_INT, &ui, 1, 1, 1,
                              PIPE_FORMAT_R32_UINT, &big, 4, 4, false));
   assert_int_equal(ui, 100000);
   assert_false(st_pixels_pack(&s, GL_RGBA, GL_UNSIGNED_BYTE, &ui, 1, 1, 1,
                               PIPE_FORMAT_R32_UINT, &big, 4, 4, false));
   assert_false(st_pixels_unpack(&s, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, texel,
                                 1, 1, 1, PIPE_FORMAT_R8G8B8A8_UNORM, &ui, 4,
                                 4));
}

static void
depth_stencil_round_trip(void **state)
{
   struct st_pixelstore s = default_store();
   /* UNSIGNED_INT_24_8: depth in the top 24 bits, stencil below. */
   const uint32_t in[2] = { (0x800000u << 8) | 0x5a, (0xffffffu << 8) | 7 };
   uint32_t texels[2] = { 0, 0 };
   assert_true(st_pixels_unpack(&s, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, in,
                                2, 1, 1, PIPE_FORMAT_Z24_UNORM_S8_UINT, texels,
                                8, 8));
   uint32_t out[2] = { 0, 0 };
   assert_true(st_pixels_pack(&s, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, out,
                              2, 1, 1, PIPE_FORMAT_Z24_UNORM_S8_UINT, texels, 8,
                              8, false));
   assert_int_equal(out[0], in[0]);
   assert_int_equal(out[1], in[1]);

   float depth[2];
   assert_true(st_pixels_pack(&s, GL_DEPTH_COMPONENT, GL_FLOAT, depth, 2, 1, 1,
                              PIPE_FORMAT_Z24_UNORM_S8_UINT, texels, 8, 8,
                              false));
   assert_float_equal(depth[1], 1.0f, 1e-7);
   assert_float_equal(depth[0], 0x800000 / (double)0xffffff, 1e-6);
}

/* ---- through GL ---- */

static void
pixel_store_errors(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 3);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPixelStorei(GL_PACK_ROW_LENGTH, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPixelStorei(0x1234, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glPixelStoref(GL_UNPACK_ALIGNMENT, 2.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint v = 0;
   glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
   assert_int_equal(v, 2);
   glPixelStoref(GL_PACK_ROW_LENGTH, 2.8f);
   glGetIntegerv(GL_PACK_ROW_LENGTH, &v);
   assert_int_equal(v, 3);
   glPixelStorei(GL_UNPACK_SWAP_BYTES, 5);
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_UNPACK_SWAP_BYTES, &b);
   assert_int_equal(b, GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

static void
format_type_errors(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_int_equal(st_pixels_check_format_type(ctx, GL_RGBA, GL_FLOAT),
                    GL_NO_ERROR);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4),
      GL_INVALID_OPERATION);
   assert_int_equal(st_pixels_check_format_type(ctx, GL_RGBA_INTEGER, GL_FLOAT),
                    GL_INVALID_ENUM);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_RED_INTEGER, GL_HALF_FLOAT),
      GL_INVALID_ENUM);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_LUMINANCE, GL_UNSIGNED_BYTE),
      GL_INVALID_ENUM);
   assert_int_equal(st_pixels_check_format_type(ctx, GL_RGBA, 0x1234),
                    GL_INVALID_ENUM);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_DEPTH_STENCIL, GL_UNSIGNED_BYTE),
      GL_INVALID_OPERATION);
   /* EXT_abgr is a compatibility-profile extension. */
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_ABGR_EXT, GL_UNSIGNED_BYTE),
      GL_INVALID_ENUM);
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(ctx);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_ABGR_EXT, GL_UNSIGNED_BYTE),
      GL_NO_ERROR);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_ABGR_EXT, GL_UNSIGNED_SHORT_5_6_5),
      GL_INVALID_OPERATION);
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_RGBA, GL_UNSIGNED_SHORT),
      GL_INVALID_OPERATION);
   assert_int_equal(
      st_pixels_check_format_type(ctx, GL_LUMINANCE, GL_UNSIGNED_BYTE),
      GL_NO_ERROR);
   assert_int_equal(st_pixels_check_format_type(ctx, GL_BGRA, GL_UNSIGNED_BYTE),
                    GL_INVALID_ENUM);
   st_test_context_destroy(ctx);
}

static void
choose_format_fallbacks(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_int_equal(st_choose_format(ctx, GL_RGBA8, GL_NONE, GL_NONE,
                                     PIPE_TEXTURE_2D, PIPE_BIND_SAMPLER_VIEW),
                    PIPE_FORMAT_R8G8B8A8_UNORM);
   assert_int_equal(st_choose_format(ctx, GL_DEPTH24_STENCIL8, GL_NONE, GL_NONE,
                                     PIPE_TEXTURE_2D, PIPE_BIND_DEPTH_STENCIL),
                    PIPE_FORMAT_Z24_UNORM_S8_UINT);
   /* Luminance is not a core internal format. */
   assert_int_equal(st_choose_format(ctx, GL_LUMINANCE8, GL_NONE, GL_NONE,
                                     PIPE_TEXTURE_2D, PIPE_BIND_SAMPLER_VIEW),
                    PIPE_FORMAT_NONE);
   assert_int_equal(st_base_format(GL_RGB10_A2UI), GL_RGBA);
   assert_true(st_format_is_integer(GL_RGB10_A2UI));
   assert_false(st_format_is_integer(GL_RGB10_A2));
   st_test_context_destroy(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(layout_alignment_and_skips),
      cmocka_unit_test(unpack_rgb_padded_rows),
      cmocka_unit_test(unpack_bgra_and_packed),
      cmocka_unit_test(unpack_float_and_swap_bytes),
      cmocka_unit_test(pack_conversions),
      cmocka_unit_test(depth_stencil_round_trip),
      cmocka_unit_test(pixel_store_errors),
      cmocka_unit_test(format_type_errors),
      cmocka_unit_test(choose_format_fallbacks),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
