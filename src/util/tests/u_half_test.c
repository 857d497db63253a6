/* SPDX-License-Identifier: MIT */

/*
 * Tests of u_half against references written differently from the code
 * under test: halves are decoded with ldexp(), and float -> half is done in
 * double arithmetic by locating the two halves around the input in the
 * sorted table of all finite halves and choosing one by the rounding mode.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <string.h>

#include "util/u_half.h"

#define NUM_MODES 4
/** Number of positive finite halves, 0 .. 0x7bff. */
#define NUM_FINITE 0x7c00
#define NUM_RANDOM (2 * 1000 * 1000)

static const enum u_round_mode modes[NUM_MODES] = {
   U_ROUND_NEAREST_EVEN,
   U_ROUND_TOWARD_ZERO,
   U_ROUND_UP,
   U_ROUND_DOWN,
};

/** Value of every positive finite half, ascending (the encoding is). */
static double half_value[NUM_FINITE];

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static float
bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

/** The reference decoder for finite halves. */
static double
ref_half_to_double(uint16_t h)
{
   int e = (h >> 10) & 0x1f;
   int m = h & 0x3ff;
   double v = e == 0 ? ldexp(m, -24) : ldexp(m + 1024, e - 25);
   return (h & 0x8000) ? -v : v;
}

static int
setup_table(void **state)
{
   for (unsigned h = 0; h < NUM_FINITE; h++)
      half_value[h] = ref_half_to_double((uint16_t)h);
   return 0;
}

/** The finite halves around a finite float, by magnitude. */
struct bracket {
   uint16_t sign;
   /** Largest half magnitude <= |f|. */
   uint16_t lo;
   /** lo + 1 (0x7c00, infinity, past 65504). */
   uint16_t hi;
   bool exact;
   /** For ties-to-even: -1 nearer lo, 1 nearer hi, 0 a tie. */
   int nearer;
};

static struct bracket
ref_bracket(float f)
{
   struct bracket b = { .sign = signbit(f) ? 0x8000 : 0 };
   double a = fabs((double)f);

   /* Binary search: half_value[lo] <= a < half_value[hi] (or hi = end). */
   unsigned lo = 0, hi = NUM_FINITE;
   while (hi - lo > 1) {
      unsigned mid = (lo + hi) / 2;
      if (half_value[mid] <= a)
         lo = mid;
      else
         hi = mid;
   }
   b.lo = (uint16_t)lo;
   b.hi = (uint16_t)(lo + 1);
   b.exact = half_value[lo] == a;

   /* Beyond 65504 the next value with an unbounded exponent is 2^16; IEEE
    * rounds to infinity whatever would round to it.  The differences are
    * exact in double: both operands are multiples of the float's ulp and
    * differ by less than a half ulp. */
   double hi_value = lo + 1 == NUM_FINITE ? 65536.0 : half_value[lo + 1];
   double d_lo = a - half_value[lo];
   double d_hi = hi_value - a;
   b.nearer = d_lo < d_hi ? -1 : d_lo > d_hi ? 1 : 0;
   return b;
}

static uint16_t
ref_choose(const struct bracket *b, enum u_round_mode mode)
{
   if (b->exact)
      return b->sign | b->lo;

   bool away = false;
   switch (mode) {
   case U_ROUND_NEAREST_EVEN:
      away = b->nearer > 0 || (b->nearer == 0 && (b->lo & 1));
      break;
   case U_ROUND_TOWARD_ZERO:
      away = false;
      break;
   case U_ROUND_UP:
      away = b->sign == 0;
      break;
   case U_ROUND_DOWN:
      away = b->sign != 0;
      break;
   }
   return b->sign | (away ? b->hi : b->lo);
}

/** Compares all conversions of one non-NaN float with the reference. */
static void
check_float(float f)
{
   uint32_t u = fbits(f);

   if (isinf(f)) {
      uint16_t want = (u >> 16 & 0x8000) | U_HALF_INF;
      for (unsigned i = 0; i < NUM_MODES; i++) {
         if (u_float_to_half(f, modes[i]) != want)
            fail_msg("inf 0x%08x mode %u", u, i);
      }
      return;
   }

   struct bracket b = ref_bracket(f);
   for (unsigned i = 0; i < NUM_MODES; i++) {
      uint16_t want = ref_choose(&b, modes[i]);
      uint16_t got = u_float_to_half(f, modes[i]);
      if (got != want) {
         fail_msg("float 0x%08x (%a) mode %u: got 0x%04x, want 0x%04x", u,
                  (double)f, i, got, want);
      }
   }
   uint16_t rtne = ref_choose(&b, U_ROUND_NEAREST_EVEN);
   uint16_t rtz = ref_choose(&b, U_ROUND_TOWARD_ZERO);
   if (u_float_to_half_rtne(f) != rtne || u_float_to_half_rtz(f) != rtz)
      fail_msg("float 0x%08x: fast paths disagree", u);
}

/** Checks the NaN rules of u_half.h for a float NaN. */
static void
check_nan(float f)
{
   uint32_t u = fbits(f);
   for (unsigned i = 0; i < NUM_MODES; i++) {
      uint16_t h = u_float_to_half(f, modes[i]);
      bool quiet = (u >> 22) & 1;
      unsigned payload = (u >> 13) & 0x1ff;
      unsigned want_payload = payload == 0 && !quiet ? 1 : payload;
      if (!u_half_is_nan(h) || u_half_sign_bit(h) != !!(u >> 31) ||
          !!(h & U_HALF_QUIET_BIT) != quiet || (h & 0x1ff) != want_payload)
         fail_msg("NaN 0x%08x mode %u gave 0x%04x", u, i, h);
   }
   uint16_t rtne = u_float_to_half_rtne(f);
   uint16_t rtz = u_float_to_half_rtz(f);
   if (rtne != u_float_to_half(f, U_ROUND_NEAREST_EVEN) ||
       rtz != u_float_to_half(f, U_ROUND_TOWARD_ZERO))
      fail_msg("NaN 0x%08x: fast paths disagree", u);
}

static void
check_any(float f)
{
   if (isnan(f))
      check_nan(f);
   else
      check_float(f);
}

static void
half_to_float_all(void **state)
{
   for (unsigned i = 0; i < 0x10000; i++) {
      uint16_t h = (uint16_t)i;
      float f = u_half_to_float(h);
      uint32_t u = fbits(f);
      unsigned e = (h >> 10) & 0x1f, m = h & 0x3ff;

      assert_int_equal(u >> 31, h >> 15);
      if (e == 0x1f && m == 0) {
         assert_true(isinf(f));
      } else if (e == 0x1f) {
         /* NaN: payload moved to the top of the float mantissa. */
         assert_true(isnan(f));
         assert_int_equal((u >> 23) & 0xff, 0xff);
         assert_int_equal((u >> 13) & 0x3ff, m);
         assert_int_equal(u & 0x1fff, 0);
      } else {
         double want = ref_half_to_double(h);
         if ((double)f != want)
            fail_msg("half 0x%04x: got %a, want %a", h, (double)f, want);
      }
   }
}

static void
predicates(void **state)
{
   unsigned nans = 0, infs = 0, zeros = 0, subnormals = 0, finite = 0;
   for (unsigned i = 0; i < 0x10000; i++) {
      uint16_t h = (uint16_t)i;
      float f = u_half_to_float(h);
      assert_int_equal(u_half_is_nan(h), !!isnan(f));
      assert_int_equal(u_half_is_inf(h), !!isinf(f));
      assert_int_equal(u_half_is_finite(h), !!isfinite(f));
      assert_int_equal(u_half_is_zero(h), f == 0.0f);
      assert_int_equal(u_half_sign_bit(h), !!signbit(f));
      nans += u_half_is_nan(h);
      infs += u_half_is_inf(h);
      zeros += u_half_is_zero(h);
      subnormals += u_half_is_subnormal(h);
      finite += u_half_is_finite(h);
   }
   assert_int_equal(nans, 2 * 1023);
   assert_int_equal(infs, 2);
   assert_int_equal(zeros, 2);
   assert_int_equal(subnormals, 2 * 1023);
   assert_int_equal(finite, 2 * 0x7c00);
}

static void
round_trip(void **state)
{
   for (unsigned i = 0; i < 0x10000; i++) {
      uint16_t h = (uint16_t)i;
      if (u_half_is_nan(h))
         continue;
      float f = u_half_to_float(h);
      for (unsigned m = 0; m < NUM_MODES; m++) {
         if (u_float_to_half(f, modes[m]) != h)
            fail_msg("half 0x%04x mode %u does not round-trip", h, m);
      }
      assert_int_equal(u_float_to_half_rtne(f), h);
      assert_int_equal(u_float_to_half_rtz(f), h);
   }
}

static void
nan_round_trip(void **state)
{
   /* Every half NaN survives half -> float -> half bit for bit. */
   for (unsigned i = 0; i < 0x10000; i++) {
      uint16_t h = (uint16_t)i;
      if (!u_half_is_nan(h))
         continue;
      float f = u_half_to_float(h);
      for (unsigned m = 0; m < NUM_MODES; m++)
         assert_int_equal(u_float_to_half(f, modes[m]), h);
   }
}

static void
known_values(void **state)
{
   /* Hand-computed answers, independent of both implementations. */
   assert_int_equal(u_float_to_half_rtne(1.0f), 0x3c00);
   assert_int_equal(u_float_to_half_rtne(-2.0f), 0xc000);
   assert_int_equal(u_float_to_half_rtne(0.0f), 0x0000);
   assert_int_equal(u_float_to_half_rtne(-0.0f), 0x8000);
   assert_int_equal(u_float_to_half_rtne(65504.0f), 0x7bff);
   assert_int_equal(u_float_to_half_rtne(0x1p-14f), 0x0400);
   assert_int_equal(u_float_to_half_rtne(0x1p-24f), 0x0001);

   /* 1 + 2^-11 is a tie between 0x3c00 and 0x3c01: even wins. */
   assert_int_equal(u_float_to_half_rtne(1.0f + 0x1p-11f), 0x3c00);
   assert_int_equal(u_float_to_half_rtne(1.0f + 0x3p-11f), 0x3c02);
   assert_int_equal(u_float_to_half(1.0f + 0x1p-11f, U_ROUND_UP), 0x3c01);
   assert_int_equal(u_float_to_half(-1.0f - 0x1p-11f, U_ROUND_UP), 0xbc00);
   assert_int_equal(u_float_to_half(-1.0f - 0x1p-11f, U_ROUND_DOWN), 0xbc01);

   /* Overflow per mode. */
   assert_int_equal(u_float_to_half_rtne(65519.0f), 0x7bff);
   assert_int_equal(u_float_to_half_rtne(65520.0f), 0x7c00);
   assert_int_equal(u_float_to_half_rtne(-1e6f), 0xfc00);
   assert_int_equal(u_float_to_half_rtz(1e6f), 0x7bff);
   assert_int_equal(u_float_to_half_rtz(-FLT_MAX), 0xfbff);
   assert_int_equal(u_float_to_half(65505.0f, U_ROUND_UP), 0x7c00);
   assert_int_equal(u_float_to_half(1e6f, U_ROUND_UP), 0x7c00);
   assert_int_equal(u_float_to_half(-1e6f, U_ROUND_UP), 0xfbff);
   assert_int_equal(u_float_to_half(1e6f, U_ROUND_DOWN), 0x7bff);
   assert_int_equal(u_float_to_half(-1e6f, U_ROUND_DOWN), 0xfc00);
   assert_int_equal(u_float_to_half(-65505.0f, U_ROUND_DOWN), 0xfc00);

   /* Infinity is exact, not an overflow. */
   for (unsigned m = 0; m < NUM_MODES; m++) {
      assert_int_equal(u_float_to_half(INFINITY, modes[m]), 0x7c00);
      assert_int_equal(u_float_to_half(-INFINITY, modes[m]), 0xfc00);
   }

   /* Underflow: 2^-25 is a tie between 0 and 2^-24. */
   assert_int_equal(u_float_to_half_rtne(0x1p-25f), 0x0000);
   assert_int_equal(u_float_to_half_rtne(-0x1p-25f), 0x8000);
   assert_int_equal(u_float_to_half_rtne(0x1.000002p-25f), 0x0001);
   assert_int_equal(u_float_to_half_rtne(0x3p-25f), 0x0002);
   assert_int_equal(u_float_to_half_rtne(0x5p-25f), 0x0002);
   assert_int_equal(u_float_to_half(FLT_TRUE_MIN, U_ROUND_UP), 0x0001);
   assert_int_equal(u_float_to_half(FLT_TRUE_MIN, U_ROUND_DOWN), 0x0000);
   assert_int_equal(u_float_to_half(-FLT_TRUE_MIN, U_ROUND_UP), 0x8000);
   assert_int_equal(u_float_to_half(-FLT_TRUE_MIN, U_ROUND_DOWN), 0x8001);
   /* 0x1.ffcp-15 is the midpoint of the largest subnormal and 2^-14. */
   assert_int_equal(u_float_to_half_rtz(0x1.ffcp-15f), 0x03ff);
   assert_int_equal(u_float_to_half_rtne(0x1.ffcp-15f), 0x0400);
   assert_int_equal(u_float_to_half(0x1.ffcp-15f, U_ROUND_DOWN), 0x03ff);
   /* The largest subnormal rounds up into the smallest normal. */
   assert_int_equal(u_float_to_half_rtne(0x1.ffep-15f), 0x0400);

   /* NaNs: quiet stays quiet, signalling stays a NaN, sign and top payload
    * bits kept. */
   assert_int_equal(u_float_to_half_rtne(bitsf(0x7fc00000)), 0x7e00);
   assert_int_equal(u_float_to_half_rtne(bitsf(0xffc00000)), 0xfe00);
   assert_int_equal(u_float_to_half_rtz(bitsf(0x7fd56000)), 0x7eab);
   assert_int_equal(u_float_to_half_rtne(bitsf(0x7f800001)), 0x7c01);
   assert_int_equal(u_float_to_half(bitsf(0xff801fff), U_ROUND_UP), 0xfc01);
   assert_int_equal(u_float_to_half_rtne(bitsf(0x7f802000)), 0x7c01);
   assert_int_equal(u_float_to_half_rtne(bitsf(0x7fbfe000)), 0x7dff);
   assert_int_equal(fbits(u_half_to_float(0x7e00)), 0x7fc00000);
   assert_int_equal(fbits(u_half_to_float(0xfc01)), 0xff802000);
}

static void
neighbours(void **state)
{
   /* For every pair of adjacent halves (including 65504 and the "next"
    * value 2^16): both ends, the midpoint, and one float ulp either side of
    * each, with both signs. */
   for (unsigned lo = 0; lo < NUM_FINITE; lo++) {
      double lo_value = half_value[lo];
      double hi_value = lo + 1 == NUM_FINITE ? 65536.0 : half_value[lo + 1];
      /* Exact in float: a midpoint needs 12 significant bits. */
      float points[3] = {
         (float)lo_value,
         (float)((lo_value + hi_value) / 2),
         (float)hi_value,
      };
      assert_true((double)points[1] == (lo_value + hi_value) / 2);
      for (unsigned p = 0; p < 3; p++) {
         for (int s = 0; s < 2; s++) {
            float x = s ? -points[p] : points[p];
            check_float(x);
            check_float(nextafterf(x, INFINITY));
            check_float(nextafterf(x, -INFINITY));
         }
      }
   }
}

static void
float_boundaries(void **state)
{
   static const uint32_t special[] = {
      0x00000000,                         /* 0 */
      0x00000001,                         /* smallest float subnormal */
      0x00000002, 0x00400000, 0x007fffff, /* largest float subnormal */
      0x00800000,                         /* FLT_MIN */
      0x00800001, 0x7f7fffff,             /* FLT_MAX */
      0x7f7ffffe, 0x7f000000, 0x7f800000, /* inf */
      0x33000000,                         /* 2^-25 */
      0x32ffffff, 0x33000001, 0x33400000, /* 1.5 * 2^-25 */
      0x337fffff, 0x33800000,             /* 2^-24 */
      0x33800001, 0x33c00000,             /* 1.5 * 2^-24: tie, to 2 */
      0x34200000,                         /* 2.5 * 2^-24: tie, to 2 */
      0x32800000,                         /* 2^-26 */
      0x387fc000,                         /* 0x3ff largest half subnormal */
      0x387fe000,                         /* its midpoint with 2^-14 */
      0x387fffff, 0x38800000,             /* 2^-14 */
      0x38000000,                         /* 2^-15 */
      0x477fe000,                         /* 65504 */
      0x477fe001, 0x477fefff, 0x477ff000, /* 65520 */
      0x477ff001, 0x477fffff, 0x47800000, /* 65536 */
      0x47800001, 0x4f000000, 0x3f800000, /* 1.0 */
      0x3f801000,                         /* 1 + 2^-11 */
      0x3f803000, 0x3f7fffff, 0x3f7ff000,
   };
   for (unsigned i = 0; i < sizeof(special) / sizeof(special[0]); i++) {
      check_float(bitsf(special[i]));
      check_float(bitsf(special[i] | 0x80000000u));
   }

   /* Every float exponent, with mantissas around the half rounding
    * boundary of the low bits (0x0fff, 0x1000, 0x1001 patterns). */
   static const uint32_t mants[] = {
      0x000000, 0x000001, 0x000fff, 0x001000, 0x001001, 0x001fff,
      0x002000, 0x003000, 0x7fe000, 0x7ff000, 0x7fffff, 0x400000,
   };
   for (uint32_t e = 0; e < 255; e++) {
      for (unsigned i = 0; i < sizeof(mants) / sizeof(mants[0]); i++) {
         check_float(bitsf(e << 23 | mants[i]));
         check_float(bitsf(0x80000000u | e << 23 | mants[i]));
      }
   }
}

static uint64_t
splitmix64(uint64_t *s)
{
   uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
   z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
   z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
   return z ^ (z >> 31);
}

static void
random_bits(void **state)
{
   uint64_t seed = 0x1d1a5eedull;
   for (unsigned i = 0; i < NUM_RANDOM; i++) {
      uint64_t r = splitmix64(&seed);
      check_any(bitsf((uint32_t)r));
      check_any(bitsf((uint32_t)(r >> 32)));
   }
}

static void
random_half_range(void **state)
{
   /* Most random bit patterns are far outside the half range; these have a
    * float exponent from 2^-27 to 2^17. */
   uint64_t seed = 0x4a1fu;
   for (unsigned i = 0; i < NUM_RANDOM; i++) {
      uint64_t r = splitmix64(&seed);
      uint32_t e = 100 + (uint32_t)(r >> 32) % 45;
      uint32_t u = (uint32_t)(r & 0x807fffffu) | e << 23;
      check_float(bitsf(u));
   }
}

static void
random_nans(void **state)
{
   uint64_t seed = 0x7f8u;
   for (unsigned i = 0; i < 100000; i++) {
      uint32_t u = (uint32_t)splitmix64(&seed) | 0x7f800000u;
      if ((u & 0x7fffff) == 0)
         continue;
      check_nan(bitsf(u));
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(half_to_float_all), cmocka_unit_test(predicates),
      cmocka_unit_test(round_trip),        cmocka_unit_test(nan_round_trip),
      cmocka_unit_test(known_values),      cmocka_unit_test(neighbours),
      cmocka_unit_test(float_boundaries),  cmocka_unit_test(random_bits),
      cmocka_unit_test(random_half_range), cmocka_unit_test(random_nans),
   };
   return cmocka_run_group_tests(tests, setup_table, NULL);
}
