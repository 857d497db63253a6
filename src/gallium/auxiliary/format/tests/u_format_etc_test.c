/* SPDX-License-Identifier: MIT */

/*
 * ETC1 / ETC2 / EAC decoding (u_format_etc.c): one hand-built block per
 * mode of the ES 3.0 specification's annex C (individual, differential,
 * flipped, T, H in both orders, planar with and without clamping, the
 * punch-through variants, EAC alpha and R11/RG11, unsigned and signed,
 * with multiplier 0, clamping at both ends and the -128 base), the
 * expected texels worked out by hand from the annex's formulas.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "gallium/auxiliary/format/u_format.h"
#include "gallium/auxiliary/format/u_format_compressed.h"
#include "gallium/auxiliary/format/u_format_convert.h"

/* A block under construction: bits 63..0 as the annex numbers them. */
static void
set(uint64_t *w, unsigned hi, unsigned lo, uint64_t v)
{
   uint64_t mask = ((1ull << (hi - lo + 1)) - 1) << lo;
   *w = (*w & ~mask) | ((v << lo) & mask);
}

static void
store(uint64_t w, uint8_t b[8])
{
   for (unsigned k = 0; k < 8; k++)
      b[k] = (uint8_t)(w >> (56 - 8 * k));
}

/* The 2-bit index of colour texel (x, y). */
static void
set_index(uint64_t *w, unsigned x, unsigned y, unsigned idx)
{
   unsigned i = 4 * x + y;
   set(w, 16 + i, 16 + i, idx >> 1);
   set(w, i, i, idx & 1);
}

/* The 3-bit index of EAC texel (x, y). */
static void
set_eac_index(uint64_t *w, unsigned x, unsigned y, unsigned idx)
{
   unsigned i = 4 * x + y;
   set(w, 47 - 3 * i, 45 - 3 * i, idx);
}

static void
expect(const uint8_t t[4], unsigned r, unsigned g, unsigned b, unsigned a)
{
   assert_int_equal(t[0], r);
   assert_int_equal(t[1], g);
   assert_int_equal(t[2], b);
   assert_int_equal(t[3], a);
}

static void
decode8(enum pipe_format f, const uint8_t *block, uint8_t out[4][4][4])
{
   assert_true(u_format_unpack_block_rgba8(f, block, out));
}

/*
 * Individual mode: bases (A, 5, 0) and (3, C, F) in 4 bits, tables 0
 * (2, 8) and 7 (47, 183).
 */
static uint64_t
individual_block(bool flip)
{
   uint64_t w = 0;
   set(&w, 63, 60, 0xA);
   set(&w, 59, 56, 0x3);
   set(&w, 55, 52, 0x5);
   set(&w, 51, 48, 0xC);
   set(&w, 47, 44, 0x0);
   set(&w, 43, 40, 0xF);
   set(&w, 39, 37, 0);
   set(&w, 36, 34, 7);
   set(&w, 33, 33, 0);
   set(&w, 32, 32, flip);
   set_index(&w, 1, 0, 1);
   set_index(&w, 0, 1, 2);
   set_index(&w, 1, 1, 3);
   set_index(&w, 2, 0, 1);
   set_index(&w, 3, 3, 3);
   set_index(&w, 2, 1, 0);
   set_index(&w, 3, 0, 2);
   return w;
}

static void
test_etc1_individual(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   store(individual_block(false), b);
   decode8(PIPE_FORMAT_ETC1_RGB8, b, out);
   /* Sub-block 1 (x < 2): base (170, 85, 0). */
   expect(out[0][0], 172, 87, 2, 255);
   expect(out[0][1], 178, 93, 8, 255);
   expect(out[1][0], 168, 83, 0, 255); /* blue clamps at 0 */
   expect(out[1][1], 162, 77, 0, 255);
   expect(out[3][0], 172, 87, 2, 255);
   /* Sub-block 2: base (51, 204, 255). */
   expect(out[0][2], 234, 255, 255, 255);
   expect(out[3][3], 0, 21, 72, 255);
   expect(out[1][2], 98, 251, 255, 255);
   expect(out[0][3], 4, 157, 208, 255);
   expect(out[2][2], 98, 251, 255, 255);

   /* ETC2 RGB8 reads the same block the same way. */
   uint8_t out2[4][4][4];
   decode8(PIPE_FORMAT_ETC2_RGB8, b, out2);
   assert_memory_equal(out, out2, sizeof(out));
}

static void
test_etc1_flip(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   store(individual_block(true), b);
   decode8(PIPE_FORMAT_ETC1_RGB8, b, out);
   /* Flipped: sub-block 1 is the top two rows. */
   expect(out[0][2], 178, 93, 8, 255);   /* (2, 0) index 1 = +8 */
   expect(out[1][3], 172, 87, 2, 255);   /* (3, 1) index 0 = +2 */
   expect(out[2][0], 98, 251, 255, 255); /* (0, 2) index 0 = +47 */
   expect(out[3][3], 0, 21, 72, 255);    /* (3, 3) index 3 = -183 */
}

/*
 * Differential mode: red 20 - 4 = 16, green 0 + 3, blue 31 + 0; tables 1
 * (5, 17) and 4 (18, 60).  Bit 33 is @p diff (the opaque bit of A1).
 */
static uint64_t
differential_block(bool diff)
{
   uint64_t w = 0;
   set(&w, 63, 59, 20);
   set(&w, 58, 56, 4); /* -4 */
   set(&w, 55, 51, 0);
   set(&w, 50, 48, 3);
   set(&w, 47, 43, 31);
   set(&w, 42, 40, 0);
   set(&w, 39, 37, 1);
   set(&w, 36, 34, 4);
   set(&w, 33, 33, diff);
   set_index(&w, 1, 1, 3);
   set_index(&w, 2, 0, 1);
   set_index(&w, 3, 3, 2);
   return w;
}

static void
test_differential(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   store(differential_block(true), b);
   for (unsigned k = 0; k < 2; k++) {
      decode8(k ? PIPE_FORMAT_ETC2_RGB8 : PIPE_FORMAT_ETC1_RGB8, b, out);
      /* Bases (165, 0, 255) and (132, 24, 255). */
      expect(out[0][0], 170, 5, 255, 255);
      expect(out[1][1], 148, 0, 238, 255);
      expect(out[0][2], 192, 84, 255, 255);
      expect(out[3][3], 114, 6, 237, 255);
      expect(out[0][3], 150, 42, 255, 255);
   }
}

/* T mode: red 30 + 3 overflows.  Colours (B, 4, 8), (1, E, 7), d = 32. */
static uint64_t
t_block(bool diff)
{
   uint64_t w = 0;
   set(&w, 63, 61, 7);
   set(&w, 60, 59, 2); /* R1 = 1011 */
   set(&w, 58, 58, 0);
   set(&w, 57, 56, 3);
   set(&w, 55, 52, 0x4);
   set(&w, 51, 48, 0x8);
   set(&w, 47, 44, 0x1);
   set(&w, 43, 40, 0xE);
   set(&w, 39, 36, 0x7);
   set(&w, 35, 34, 2); /* distance index 101 */
   set(&w, 33, 33, diff);
   set(&w, 32, 32, 1);
   set_index(&w, 1, 0, 1);
   set_index(&w, 2, 0, 2);
   set_index(&w, 3, 0, 3);
   return w;
}

static void
test_t_mode(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   store(t_block(true), b);
   decode8(PIPE_FORMAT_ETC2_RGB8, b, out);
   expect(out[0][0], 187, 68, 136, 255);
   expect(out[0][1], 49, 255, 151, 255);
   expect(out[0][2], 17, 238, 119, 255);
   expect(out[0][3], 0, 206, 87, 255);

   /* Punch-through, opaque: the same colours. */
   uint8_t a1[4][4][4];
   decode8(PIPE_FORMAT_ETC2_RGB8A1, b, a1);
   assert_memory_equal(out, a1, sizeof(out));

   /* Not opaque: index 2 is transparent black. */
   store(t_block(false), b);
   decode8(PIPE_FORMAT_ETC2_RGB8A1, b, a1);
   expect(a1[0][0], 187, 68, 136, 255);
   expect(a1[0][1], 49, 255, 151, 255);
   expect(a1[0][2], 0, 0, 0, 0);
   expect(a1[0][3], 0, 206, 87, 255);
}

/*
 * H mode: green 1 - 3 overflows (red 9 + 3 does not).  @p swap exchanges
 * the two base colours (R1 G1 B1) = (9, 6, A) and (3, F, 1), which flips
 * the distance's low bit: d index 101 (32) or 100 (23).
 */
static uint64_t
h_block(bool swap, bool diff)
{
   unsigned r1 = swap ? 0x3 : 0x9, r2 = swap ? 0x9 : 0x3;
   uint64_t w = 0;
   set(&w, 63, 63, 0);
   set(&w, 62, 59, r1);
   set(&w, 58, 56, 3); /* G1 = 0110 */
   set(&w, 55, 53, 0);
   set(&w, 52, 52, 0);
   set(&w, 51, 51, 1); /* B1 = 1010 */
   set(&w, 50, 50, 1);
   set(&w, 49, 47, 2);
   set(&w, 46, 43, r2);
   set(&w, 42, 39, 0xF);
   set(&w, 38, 35, 0x1);
   set(&w, 34, 34, 1);
   set(&w, 33, 33, diff);
   set(&w, 32, 32, 0);
   set_index(&w, 1, 0, 1);
   set_index(&w, 2, 0, 2);
   set_index(&w, 3, 0, 3);
   return w;
}

static void
test_h_mode(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   store(h_block(false, true), b);
   decode8(PIPE_FORMAT_ETC2_RGB8, b, out);
   /* (153, 102, 170) and (51, 255, 17), d = 32. */
   expect(out[0][0], 185, 134, 202, 255);
   expect(out[0][1], 121, 70, 138, 255);
   expect(out[0][2], 83, 255, 49, 255);
   expect(out[0][3], 19, 223, 0, 255);

   store(h_block(true, true), b);
   decode8(PIPE_FORMAT_ETC2_RGB8, b, out);
   /* (51, 102, 170) and (153, 255, 17), d = 23. */
   expect(out[0][0], 74, 125, 193, 255);
   expect(out[0][1], 28, 79, 147, 255);
   expect(out[0][2], 176, 255, 40, 255);
   expect(out[0][3], 130, 232, 0, 255);

   store(h_block(true, false), b);
   decode8(PIPE_FORMAT_ETC2_SRGB8A1, b, out);
   expect(out[0][1], 28, 79, 147, 255);
   expect(out[0][2], 0, 0, 0, 0);
}

/*
 * Planar mode: blue 2 - 3 overflows.  O = (32, 64, 19), H = (63, 0, 32),
 * V = (@p rv, @p gv, 19) in 6/7/6 bits.
 */
static uint64_t
planar_block(unsigned rv, unsigned gv, bool diff)
{
   uint64_t w = 0;
   set(&w, 63, 63, 0);
   set(&w, 62, 57, 32);
   set(&w, 56, 56, 1); /* GO = 1000000 */
   set(&w, 55, 55, 0);
   set(&w, 54, 49, 0);
   set(&w, 48, 48, 0); /* BO = 010011 */
   set(&w, 47, 45, 0);
   set(&w, 44, 43, 2);
   set(&w, 42, 42, 1);
   set(&w, 41, 39, 3);
   set(&w, 38, 34, 31); /* RH = 111111 */
   set(&w, 33, 33, diff);
   set(&w, 32, 32, 1);
   set(&w, 31, 25, 0);
   set(&w, 24, 19, 32);
   set(&w, 18, 13, rv);
   set(&w, 12, 6, gv);
   set(&w, 5, 0, 19);
   return w;
}

static void
test_planar(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   store(planar_block(0, 127, true), b);
   decode8(PIPE_FORMAT_ETC2_RGB8, b, out);
   /* O = (130, 129, 77), H = (255, 0, 130), V = (0, 255, 77). */
   expect(out[0][0], 130, 129, 77, 255);
   expect(out[0][3], 224, 32, 117, 255);
   expect(out[3][0], 33, 224, 77, 255);
   expect(out[3][3], 126, 127, 117, 255);
   expect(out[2][1], 96, 160, 90, 255);

   /* V = (255, 0, 77): red runs past 255 and green below 0. */
   store(planar_block(63, 0, true), b);
   decode8(PIPE_FORMAT_ETC2_RGB8, b, out);
   expect(out[3][3], 255, 0, 117, 255);
   expect(out[1][1], 193, 65, 90, 255);

   /* Planar blocks of the punch-through formats are opaque whatever
    * bit 33 says. */
   store(planar_block(0, 127, false), b);
   decode8(PIPE_FORMAT_ETC2_RGB8A1, b, out);
   expect(out[0][0], 130, 129, 77, 255);
   expect(out[0][3], 224, 32, 117, 255);
}

static void
test_punchthrough_differential(void **state)
{
   (void)state;
   uint8_t b[8], out[4][4][4];
   /* Opaque: plain differential. */
   store(differential_block(true), b);
   decode8(PIPE_FORMAT_ETC2_RGB8A1, b, out);
   expect(out[0][0], 170, 5, 255, 255);
   expect(out[3][3], 114, 6, 237, 255);

   /* Not opaque: index 0 is the base colour, 2 transparent, 1 and 3
    * keep the large modifiers; bit 33 = 0 is no individual block. */
   store(differential_block(false), b);
   decode8(PIPE_FORMAT_ETC2_RGB8A1, b, out);
   expect(out[0][0], 165, 0, 255, 255);
   expect(out[1][1], 148, 0, 238, 255);
   expect(out[0][2], 192, 84, 255, 255);
   expect(out[3][3], 0, 0, 0, 0);
   expect(out[0][3], 132, 24, 255, 255);
}

/* An EAC block; texel (x, y) gets index (4 x + y) % 8. */
static uint64_t
eac_block(unsigned base, unsigned mul, unsigned table)
{
   uint64_t w = 0;
   set(&w, 63, 56, base);
   set(&w, 55, 52, mul);
   set(&w, 51, 48, table);
   for (unsigned x = 0; x < 4; x++) {
      for (unsigned y = 0; y < 4; y++)
         set_eac_index(&w, x, y, (4 * x + y) % 8);
   }
   return w;
}

static void
test_rgba8_eac_alpha(void **state)
{
   (void)state;
   uint8_t b[16], out[4][4][4];
   store(eac_block(100, 3, 13), b);
   store(individual_block(false), b + 8);
   decode8(PIPE_FORMAT_ETC2_RGBA8, b, out);
   /* Table 13: -1 -2 -3 -10 0 1 2 9, times 3. */
   expect(out[0][0], 172, 87, 2, 97);
   expect(out[1][0], 168, 83, 0, 94);
   expect(out[3][0], 172, 87, 2, 70);
   expect(out[0][1], 178, 93, 8, 100);
   expect(out[3][1], 172, 87, 2, 127);

   /* Clamping: 250 + 14 * 15 and 5 - 15 * 15, table 0. */
   store(eac_block(250, 15, 0), b);
   decode8(PIPE_FORMAT_ETC2_SRGBA8, b, out);
   assert_int_equal(out[3][1][3], 255);
   assert_int_equal(out[3][0][3], 25);
   store(eac_block(5, 15, 0), b);
   decode8(PIPE_FORMAT_ETC2_RGBA8, b, out);
   assert_int_equal(out[3][0][3], 0);
   assert_int_equal(out[0][1][3], 35); /* 5 + 2 * 15 */
}

static void
test_r11_unsigned(void **state)
{
   (void)state;
   uint8_t b[8];
   int v[16];
   /* Table 3: -2 -4 -6 -13 1 3 5 12; 1604 + 16 m. */
   store(eac_block(200, 2, 3), b);
   u_format_eac11_block(b, false, v);
   assert_int_equal(v[0], 1572);
   assert_int_equal(v[4 * 3 + 0], 1396);
   assert_int_equal(v[4 * 3 + 1], 1796);
   assert_int_equal(v[4 * 0 + 1], 1620);

   /* Multiplier 0 counts as 1/8: 1604 + m. */
   store(eac_block(200, 0, 3), b);
   u_format_eac11_block(b, false, v);
   assert_int_equal(v[4 * 3 + 0], 1591);
   assert_int_equal(v[4 * 3 + 1], 1616);

   /* Clamping at 2047 and 0, table 0 (-15 ... +14), multiplier 15. */
   store(eac_block(255, 15, 0), b);
   u_format_eac11_block(b, false, v);
   assert_int_equal(v[4 * 3 + 1], 2047);
   store(eac_block(0, 15, 0), b);
   u_format_eac11_block(b, false, v);
   assert_int_equal(v[4 * 3 + 0], 0);
   assert_int_equal(v[4 * 0 + 1], 4 + 2 * 15 * 8); /* index 4: +2 */

   float out[4][4][4];
   store(eac_block(200, 2, 3), b);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_ETC2_R11_UNORM, b, out));
   assert_float_equal(out[0][0][0], 1572.0f / 2047.0f, 1e-7f);
   assert_float_equal(out[0][0][1], 0.0f, 0.0f);
   assert_float_equal(out[0][0][3], 1.0f, 0.0f);
   uint8_t out8[4][4][4];
   decode8(PIPE_FORMAT_ETC2_R11_UNORM, b, out8);
   expect(out8[0][0], 196, 0, 0, 255); /* 1572 * 255 / 2047 = 195.8 */
}

static void
test_r11_signed(void **state)
{
   (void)state;
   uint8_t b[8];
   int v[16];
   /* Base -100: -800 + 16 m. */
   store(eac_block(0x9c, 2, 3), b);
   u_format_eac11_block(b, true, v);
   assert_int_equal(v[0], -832);
   assert_int_equal(v[4 * 3 + 1], -608);
   /* Multiplier 0: -800 + m, no +4. */
   store(eac_block(0x9c, 0, 3), b);
   u_format_eac11_block(b, true, v);
   assert_int_equal(v[4 * 3 + 0], -813);
   /* -128 reads as -127: -1016, not -1024 clamped to -1023. */
   store(eac_block(0x80, 0, 13), b);
   u_format_eac11_block(b, true, v);
   assert_int_equal(v[4 * 0 + 1], -1016); /* index 4: 0 */
   /* Clamping at 1023 and -1023. */
   store(eac_block(127, 15, 0), b);
   u_format_eac11_block(b, true, v);
   assert_int_equal(v[4 * 3 + 1], 1023);
   store(eac_block(0x81, 15, 0), b);
   u_format_eac11_block(b, true, v);
   assert_int_equal(v[4 * 3 + 0], -1023);

   float out[4][4][4];
   store(eac_block(0x9c, 2, 3), b);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_ETC2_R11_SNORM, b, out));
   assert_float_equal(out[0][0][0], -832.0f / 1023.0f, 1e-7f);
   /* No 8-bit unorm result for signed data. */
   uint8_t out8[4][4][4];
   assert_false(
      u_format_unpack_block_rgba8(PIPE_FORMAT_ETC2_R11_SNORM, b, out8));
}

static void
test_rg11(void **state)
{
   (void)state;
   uint8_t b[16];
   float out[4][4][4];
   store(eac_block(200, 2, 3), b);
   store(eac_block(0x9c, 2, 3), b + 8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_ETC2_RG11_UNORM, b, out));
   assert_float_equal(out[0][0][0], 1572.0f / 2047.0f, 1e-7f);
   /* 0x9c unsigned: 1248 + 4 - 32. */
   assert_float_equal(out[0][0][1], 1220.0f / 2047.0f, 1e-7f);
   assert_float_equal(out[0][0][2], 0.0f, 0.0f);

   store(eac_block(0x9c, 2, 3), b);
   store(eac_block(200, 2, 3), b + 8);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_ETC2_RG11_SNORM, b, out));
   assert_float_equal(out[0][0][0], -832.0f / 1023.0f, 1e-7f);
   /* 200 signed is -56: -448 - 32. */
   assert_float_equal(out[0][0][1], -480.0f / 1023.0f, 1e-7f);
   assert_float_equal(out[0][0][3], 1.0f, 0.0f);
}

static void
test_srgb_float(void **state)
{
   (void)state;
   uint8_t b[8];
   float out[4][4][4];
   store(individual_block(false), b);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_ETC2_SRGB8, b, out));
   assert_float_equal(out[0][0][0], u_format_srgb8_to_linear[172], 1e-7f);
   assert_float_equal(out[0][0][2], u_format_srgb8_to_linear[2], 1e-7f);
   assert_float_equal(out[0][0][3], 1.0f, 0.0f);
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_ETC2_RGB8, b, out));
   assert_float_equal(out[0][0][0], 172.0f / 255.0f, 1e-7f);
}

static void
test_descriptors(void **state)
{
   (void)state;
   static const struct {
      enum pipe_format f;
      unsigned bytes;
   } fs[] = {
      { PIPE_FORMAT_ETC1_RGB8, 8 },        { PIPE_FORMAT_ETC2_RGB8, 8 },
      { PIPE_FORMAT_ETC2_SRGB8, 8 },       { PIPE_FORMAT_ETC2_RGB8A1, 8 },
      { PIPE_FORMAT_ETC2_SRGB8A1, 8 },     { PIPE_FORMAT_ETC2_RGBA8, 16 },
      { PIPE_FORMAT_ETC2_SRGBA8, 16 },     { PIPE_FORMAT_ETC2_R11_UNORM, 8 },
      { PIPE_FORMAT_ETC2_R11_SNORM, 8 },   { PIPE_FORMAT_ETC2_RG11_UNORM, 16 },
      { PIPE_FORMAT_ETC2_RG11_SNORM, 16 },
   };
   for (unsigned i = 0; i < sizeof(fs) / sizeof(fs[0]); i++) {
      const struct u_format_desc *d = u_format_description(fs[i].f);
      assert_true(d->is_compressed);
      assert_int_equal(d->layout, U_FORMAT_LAYOUT_ETC);
      assert_int_equal(d->block_bytes, fs[i].bytes);
   }
   /* Not ETC: the family decoder declines. */
   uint8_t b[16] = { 0 }, out[4][4][4];
   assert_false(u_format_etc_unpack_block_rgba8(PIPE_FORMAT_DXT1_RGB, b, out));
}

/* Texel fetches pick the right block and texel. */
static void
test_fetch(void **state)
{
   (void)state;
   uint8_t img[16];
   store(differential_block(true), img);
   store(t_block(true), img + 8);
   float t[4];
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_ETC2_RGB8, img, 16, 7, 0, t));
   assert_float_equal(t[0], 0.0f, 0.0f); /* T block (3, 0) */
   assert_float_equal(t[1], 206.0f / 255.0f, 1e-7f);
   assert_true(
      u_format_fetch_texel_rgba(PIPE_FORMAT_ETC2_RGB8, img, 16, 2, 0, t));
   assert_float_equal(t[0], 192.0f / 255.0f, 1e-7f);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_etc1_individual),
      cmocka_unit_test(test_etc1_flip),
      cmocka_unit_test(test_differential),
      cmocka_unit_test(test_t_mode),
      cmocka_unit_test(test_h_mode),
      cmocka_unit_test(test_planar),
      cmocka_unit_test(test_punchthrough_differential),
      cmocka_unit_test(test_rgba8_eac_alpha),
      cmocka_unit_test(test_r11_unsigned),
      cmocka_unit_test(test_r11_signed),
      cmocka_unit_test(test_rg11),
      cmocka_unit_test(test_srgb_float),
      cmocka_unit_test(test_descriptors),
      cmocka_unit_test(test_fetch),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
