/* SPDX-License-Identifier: MIT */

/*
 * Pack-then-unpack round trips, one test per format.  Each test packs
 * representative values, unpacks them, and checks the result against what
 * the channel can hold, computed here from the descriptor alone:
 *
 * - unorm/snorm: the value clamped to the range, within half a step;
 *   sRGB channels within half a step after re-encoding;
 * - 16-bit float: exactly u_half's round-to-nearest-even value; 32 and
 *   64-bit float: exact; 10/11-bit unsigned float: within half a mantissa step;
 * - integers: the value clamped to the channel's range;
 * - constant swizzles give 0 or 1.
 *
 * Then packing the unpacked texel must reproduce the packed bytes exactly
 * (quantisation is idempotent).  Depth/stencil formats check that depth
 * and stencil survive and do not disturb each other.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "gallium/auxiliary/format/u_format.h"
#include "util/u_half.h"

static const float float_values[] = {
   0.0f,  1.0f,  0.5f, 0.25f, 0.1f,   0.9f,   1.0f / 3, 0.75f,
   -0.5f, -1.0f, 2.0f, -2.0f, 0.001f, 100.0f, 0.999f,   -0.3f,
};
#define NUM_FLOAT (sizeof(float_values) / sizeof(float_values[0]))

static const uint32_t uint_values[] = {
   0,    1,    2,     5,     127,   128,        255,        256,
   1023, 1024, 32767, 65535, 65536, 0x7fffffff, 0x80000000, 0xffffffff,
};
#define NUM_UINT (sizeof(uint_values) / sizeof(uint_values[0]))

static const int32_t sint_values[] = {
   0,      1,     -1,     127,       -128,      128, -129, 32767,
   -32768, 40000, -40000, INT32_MAX, INT32_MIN, 5,   -5,   1000,
};
#define NUM_SINT (sizeof(sint_values) / sizeof(sint_values[0]))

static double
srgb_encode(double l)
{
   l = l < 0 ? 0 : l > 1 ? 1 : l;
   return l < 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055;
}

/* Which RGBA component packs channel c: the first that names it. */
static int
source_of(const struct u_format_desc *d, unsigned c)
{
   for (unsigned j = 0; j < 4; j++) {
      if (d->swizzle[j] == c)
         return (int)j;
   }
   return -1;
}

static void
check_float_channel(const struct u_format_desc *d, unsigned j, float in,
                    float out)
{
   const struct u_format_channel *c = &d->channel[d->swizzle[j]];
   bool srgb = d->colorspace == U_FORMAT_COLORSPACE_SRGB &&
               d->swizzle[j] != d->swizzle[3];
   double steps = ldexp(1, c->size) - 1;

   switch (c->type) {
   case U_FORMAT_TYPE_UNORM:
      if (srgb) {
         assert_true(fabs(srgb_encode(out) - srgb_encode(in)) * 255 <=
                     0.5 + 1e-4);
      } else {
         double v = in < 0 ? 0 : in > 1 ? 1 : in;
         assert_true(fabs(out - v) <= 0.5 / steps + FLT_EPSILON);
         assert_true(out >= 0 && out <= 1);
      }
      break;
   case U_FORMAT_TYPE_SNORM: {
      double v = in < -1 ? -1 : in > 1 ? 1 : in;
      assert_true(fabs(out - v) <=
                  0.5 / (ldexp(1, c->size - 1) - 1) + FLT_EPSILON);
      break;
   }
   case U_FORMAT_TYPE_FLOAT:
      if (d->layout == U_FORMAT_LAYOUT_RGB9E5) {
         /* All three share the largest component's exponent. */
         assert_true(in <= 0 ? out == 0 : fabs(out - in) <= 100.0 / 512);
      } else if (c->size == 32 || c->size == 64) {
         assert_true(out == in);
      } else if (c->size == 16) {
         assert_true(out == u_half_to_float(u_float_to_half_rtne(in)));
      } else {
         unsigned mbits = c->size - 5;
         assert_true(in <= 0 ? out == 0
                             : fabs(out - in) <= ldexp(in, -(int)mbits - 1));
      }
      break;
   default:
      fail_msg("channel type %d in a float format", c->type);
   }
}

static void
roundtrip_float(const struct u_format_desc *d)
{
   for (unsigned k = 0; k < NUM_FLOAT; k++) {
      float in[4], out[4], again[4];
      uint8_t packed[32], repacked[32];
      for (unsigned j = 0; j < 4; j++)
         in[j] = float_values[(k + 5 * j) % NUM_FLOAT];
      memset(packed, 0, sizeof(packed));
      memset(repacked, 0, sizeof(repacked));
      d->pack_rgba_float(packed, in);
      d->unpack_rgba_float(packed, out);
      for (unsigned j = 0; j < 4; j++) {
         enum u_format_swizzle s = d->swizzle[j];
         if (s == U_FORMAT_SWIZZLE_0 || s == U_FORMAT_SWIZZLE_1) {
            assert_true(out[j] == (s == U_FORMAT_SWIZZLE_1 ? 1.0f : 0.0f));
            continue;
         }
         int src = source_of(d, s);
         check_float_channel(d, j, in[src], out[j]);
      }
      d->pack_rgba_float(repacked, out);
      assert_memory_equal(packed, repacked, d->block_bytes);
      d->unpack_rgba_float(repacked, again);
      assert_memory_equal(out, again, sizeof(out));
   }
}

static void
roundtrip_uint(const struct u_format_desc *d)
{
   for (unsigned k = 0; k < NUM_UINT; k++) {
      uint32_t in[4], out[4];
      uint8_t packed[32], repacked[32];
      for (unsigned j = 0; j < 4; j++)
         in[j] = uint_values[(k + 5 * j) % NUM_UINT];
      memset(packed, 0, sizeof(packed));
      memset(repacked, 0, sizeof(repacked));
      d->pack_rgba_uint(packed, in);
      d->unpack_rgba_uint(packed, out);
      for (unsigned j = 0; j < 4; j++) {
         enum u_format_swizzle s = d->swizzle[j];
         if (s == U_FORMAT_SWIZZLE_0 || s == U_FORMAT_SWIZZLE_1) {
            assert_int_equal(out[j], s == U_FORMAT_SWIZZLE_1);
            continue;
         }
         unsigned size = d->channel[s].size;
         uint32_t max = size == 32 ? 0xffffffffu : (1u << size) - 1;
         uint32_t v = in[source_of(d, s)];
         assert_int_equal(out[j], v > max ? max : v);
      }
      d->pack_rgba_uint(repacked, out);
      assert_memory_equal(packed, repacked, d->block_bytes);
   }
}

static void
roundtrip_sint(const struct u_format_desc *d)
{
   for (unsigned k = 0; k < NUM_SINT; k++) {
      int32_t in[4], out[4];
      uint8_t packed[32], repacked[32];
      for (unsigned j = 0; j < 4; j++)
         in[j] = sint_values[(k + 5 * j) % NUM_SINT];
      memset(packed, 0, sizeof(packed));
      memset(repacked, 0, sizeof(repacked));
      d->pack_rgba_sint(packed, in);
      d->unpack_rgba_sint(packed, out);
      for (unsigned j = 0; j < 4; j++) {
         enum u_format_swizzle s = d->swizzle[j];
         if (s == U_FORMAT_SWIZZLE_0 || s == U_FORMAT_SWIZZLE_1) {
            assert_int_equal(out[j], s == U_FORMAT_SWIZZLE_1);
            continue;
         }
         unsigned size = d->channel[s].size;
         int64_t max = ((int64_t)1 << (size - 1)) - 1, min = -max - 1;
         int64_t v = in[source_of(d, s)];
         assert_true(out[j] == (v > max ? max : v < min ? min : v));
      }
      d->pack_rgba_sint(repacked, out);
      assert_memory_equal(packed, repacked, d->block_bytes);
   }
}

static void
roundtrip_zs(const struct u_format_desc *d)
{
   static const float z_values[] = { 0, 1, 0.5f, 0.25f, 0.3f, 0.999f, 2, -1 };
   static const uint8_t s_values[] = { 0, 1, 0x80, 0xff, 0x5a };
   uint8_t b[16];

   for (unsigned k = 0; k < 8; k++) {
      uint8_t s = s_values[k % 5];
      float z = z_values[k];
      memset(b, 0, sizeof(b));
      if (d->is_stencil)
         d->pack_s_uint8(b, s);
      if (d->is_depth) {
         const struct u_format_channel *c = &d->channel[d->swizzle[0]];
         d->pack_z_float(b, z);
         float out = d->unpack_z_float(b);
         if (c->type == U_FORMAT_TYPE_FLOAT) {
            assert_true(out == z);
         } else {
            double v = z < 0 ? 0 : z > 1 ? 1 : z;
            assert_true(fabs(out - v) <=
                        0.5 / (ldexp(1, c->size) - 1) + FLT_EPSILON);
         }
         /* Through the 32-bit unorm view and back is lossless for unorm
          * depth; it clamps float depth. */
         uint32_t zu = d->unpack_z_uint32(b);
         float before = d->unpack_z_float(b);
         d->pack_z_uint32(b, zu);
         float after = d->unpack_z_float(b);
         if (c->type == U_FORMAT_TYPE_FLOAT)
            assert_true(fabsf(after - fminf(fmaxf(before, 0), 1)) <= 1e-7f);
         else
            assert_true(after == before);
      }
      if (d->is_stencil)
         assert_int_equal(d->unpack_s_uint8(b), s);
   }
}

static void
roundtrip(void **state)
{
   const struct u_format_desc *d = *state;

   if (d->is_compressed) {
      /* Descriptor only: block decoding is not written yet, and the row
       * helpers must say so rather than produce garbage. */
      float f[4];
      uint8_t b[16] = { 0 };
      assert_false(u_format_unpack_rgba(d->format, b, f, 1));
      assert_false(u_format_pack_rgba(d->format, b, f, 1));
   } else if (d->colorspace == U_FORMAT_COLORSPACE_ZS)
      roundtrip_zs(d);
   else if (d->unpack_rgba_uint)
      roundtrip_uint(d);
   else if (d->unpack_rgba_sint)
      roundtrip_sint(d);
   else
      roundtrip_float(d);
}

int
main(void)
{
   struct CMUnitTest tests[PIPE_FORMAT_COUNT];
   unsigned n = 0;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      tests[n++] = (struct CMUnitTest){
         .name = u_format_descs[f].name,
         .test_func = roundtrip,
         .initial_state = (void *)&u_format_descs[f],
      };
   }
   return _cmocka_run_group_tests("u_format_roundtrip", tests, n, NULL, NULL);
}
