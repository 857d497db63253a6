/* SPDX-License-Identifier: MIT */

/*
 * float <-> half conversions with integer operations only, so that results
 * depend neither on the FPU rounding mode nor on flush-to-zero settings.
 *
 * float -> half, finite input: compute the magnitude truncated to half
 * precision (q, already an encoded half) and what truncation dropped (rem),
 * in units where half an ulp of the result is half_ulp.  Then add 1 to q if
 * the rounding mode asks for it.  Adding 1 to an encoding adds one ulp, and
 * the carry does the right thing at every boundary: from the largest
 * subnormal to the smallest normal, from one binade to the next, and from
 * 65504 to infinity.  Only magnitudes >= 2^16, which no mode rounds to a
 * finite value other than 65504, are handled apart.
 *
 * The three public entry points share one always-inline worker; with a
 * constant mode the compiler drops the mode switch.
 */
#include "util/u_half.h"

#include <assert.h>
#include <string.h>

#define FLOAT_EXP_MASK  0x7f800000u
#define FLOAT_MANT_MASK 0x007fffffu
/** Float exponent bias minus half exponent bias. */
#define REBIAS (127 - 15)

static inline uint32_t
float_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static inline float
bits_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

static inline uint16_t
nan_to_half(uint16_t sign, uint32_t abs_bits)
{
   /* Keep the quiet bit and the top of the payload; a signalling NaN whose
    * kept bits are all zero must not turn into infinity. */
   uint16_t mant = (abs_bits >> 13) & U_HALF_MANT_MASK;
   if (mant == 0)
      mant = 1;
   return sign | U_HALF_INF | mant;
}

static inline __attribute__((always_inline)) uint16_t
float_to_half(float f, enum u_round_mode mode)
{
   uint32_t x = float_bits(f);
   uint16_t sign = (x >> 16) & U_HALF_SIGN_BIT;
   bool neg = sign != 0;
   uint32_t ax = x & 0x7fffffffu;

   if (ax >= FLOAT_EXP_MASK) {
      if (ax == FLOAT_EXP_MASK)
         return sign | U_HALF_INF;
      return nan_to_half(sign, ax);
   }

   /* |f| >= 2^16: past 65520, so every mode is decided by direction only. */
   if (ax >= 0x47800000u) {
      bool to_inf = mode == U_ROUND_NEAREST_EVEN ||
                    (mode == U_ROUND_UP && !neg) ||
                    (mode == U_ROUND_DOWN && neg);
      return sign | (to_inf ? U_HALF_INF : U_HALF_MAX);
   }

   uint32_t q, rem, half_ulp;
   if (ax >= 0x38800000u) {
      /* |f| >= 2^-14: a normal half.  Rebias the exponent, drop the low 13
       * mantissa bits. */
      q = (ax - ((uint32_t)REBIAS << 23)) >> 13;
      rem = ax & 0x1fffu;
      half_ulp = 0x1000u;
   } else {
      /* A subnormal half or zero: q = |f| / 2^-24.  With e the biased float
       * exponent and sig the significand with its implicit bit,
       * |f| = sig * 2^(e - 150), so q = sig >> (126 - e).  Float
       * subnormals are e = 1 without the implicit bit.  shift >= 14. */
      uint32_t e = ax >> 23;
      uint32_t sig = (ax & FLOAT_MANT_MASK) | (e ? 0x800000u : 0);
      uint32_t shift = 126 - (e ? e : 1);
      if (shift > 24) {
         /* sig < 2^24, so |f| < 2^-25: strictly less than half of the
          * smallest subnormal.  Only "is it zero" matters. */
         q = 0;
         rem = sig != 0;
         half_ulp = 2;
      } else {
         q = sig >> shift;
         rem = sig & ((1u << shift) - 1);
         half_ulp = 1u << (shift - 1);
      }
   }

   bool up = false;
   switch (mode) {
   case U_ROUND_NEAREST_EVEN:
      up = rem > half_ulp || (rem == half_ulp && (q & 1));
      break;
   case U_ROUND_TOWARD_ZERO:
      break;
   case U_ROUND_UP:
      up = rem != 0 && !neg;
      break;
   case U_ROUND_DOWN:
      up = rem != 0 && neg;
      break;
   }
   return sign | (uint16_t)(q + up);
}

uint16_t
u_float_to_half(float f, enum u_round_mode mode)
{
   assert(mode <= U_ROUND_DOWN);
   return float_to_half(f, mode);
}

uint16_t
u_float_to_half_rtne(float f)
{
   return float_to_half(f, U_ROUND_NEAREST_EVEN);
}

uint16_t
u_float_to_half_rtz(float f)
{
   return float_to_half(f, U_ROUND_TOWARD_ZERO);
}

float
u_half_to_float(uint16_t h)
{
   uint32_t sign = (uint32_t)(h & U_HALF_SIGN_BIT) << 16;
   uint32_t e = (h & U_HALF_EXP_MASK) >> 10;
   uint32_t mant = h & U_HALF_MANT_MASK;

   if (e == 0x1f)
      return bits_float(sign | FLOAT_EXP_MASK | mant << 13);
   if (e != 0)
      return bits_float(sign | (e + REBIAS) << 23 | mant << 13);
   if (mant == 0)
      return bits_float(sign);

   /* Subnormal half: mant * 2^-24 with its top set bit at position p
    * (0..9) is 1.xxx * 2^(p - 24), a normal float. */
   uint32_t p = 31 - (uint32_t)__builtin_clz(mant);
   uint32_t fmant = (mant << (23 - p)) & FLOAT_MANT_MASK;
   return bits_float(sign | (p - 24 + 127) << 23 | fmant);
}
