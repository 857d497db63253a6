/* SPDX-License-Identifier: MIT */

/*
 * IEEE 754 binary16 ("half") conversions.
 *
 * A half is 1 sign bit, 5 exponent bits (bias 15) and 10 mantissa bits:
 * normals cover 2^-14 .. 65504, subnormals are multiples of 2^-24, exponent
 * 31 encodes infinity (mantissa 0) or NaN.
 *
 * half -> float is exact: every half is a float.
 *
 * float -> half rounds as IEEE 754-2008 section 4.3 says for the chosen
 * mode:
 *
 * - U_ROUND_NEAREST_EVEN: the nearest half, ties to the even mantissa.
 *   Magnitudes >= 65520 (the midpoint between 65504 and 2^16) overflow to
 *   infinity.
 * - U_ROUND_TOWARD_ZERO: truncation; overflow gives +-65504, never infinity.
 * - U_ROUND_UP (toward +inf): positive overflow gives +inf, negative
 *   overflow -65504; any nonzero positive remainder bumps the result up.
 * - U_ROUND_DOWN (toward -inf): the mirror image of U_ROUND_UP.
 *
 * Values too small for the smallest subnormal (2^-24) round to a signed zero
 * or to +-2^-24 by the same rules (2^-25 exactly is a tie and goes to zero
 * under U_ROUND_NEAREST_EVEN).  The sign of zero is always kept.
 *
 * Infinities convert to infinities in every mode: they are exact, not an
 * overflow.
 *
 * NaNs are converted bit-wise, never through arithmetic, so nothing is lost
 * that fits: the sign is kept, the quiet bit (the top mantissa bit) is
 * kept, and the top 9 payload bits below it are kept (float -> half drops
 * the low 13 payload bits; half -> float pads them with zeros).  A
 * signalling float NaN whose kept bits would all be zero gets mantissa bit 0
 * set, so that it stays a (signalling) NaN instead of becoming infinity.
 * Hardware conversions usually quiet signalling NaNs; these functions do
 * not, callers that need that can OR in U_HALF_QUIET_BIT.
 */
#ifndef U_HALF_H
#define U_HALF_H

#include <stdbool.h>
#include <stdint.h>

/** Rounding direction of a float -> half conversion. */
enum u_round_mode {
   /** To nearest, ties to even (the IEEE default). */
   U_ROUND_NEAREST_EVEN,
   /** Toward zero (truncate). */
   U_ROUND_TOWARD_ZERO,
   /** Toward +infinity. */
   U_ROUND_UP,
   /** Toward -infinity. */
   U_ROUND_DOWN,
};

#define U_HALF_SIGN_BIT  0x8000
#define U_HALF_EXP_MASK  0x7c00
#define U_HALF_MANT_MASK 0x03ff
#define U_HALF_QUIET_BIT 0x0200
/** +infinity. */
#define U_HALF_INF 0x7c00
/** 65504, the largest finite half. */
#define U_HALF_MAX 0x7bff
/** 2^-14, the smallest positive normal half. */
#define U_HALF_MIN_NORMAL 0x0400
/** 2^-24, the smallest positive subnormal half. */
#define U_HALF_MIN_SUBNORM 0x0001
/** A positive quiet NaN without payload, for callers that need one. */
#define U_HALF_DEFAULT_NAN 0x7e00

/** Converts @p f to a half, rounding as @p mode says (see above). */
uint16_t u_float_to_half(float f, enum u_round_mode mode);

/** u_float_to_half(f, U_ROUND_NEAREST_EVEN), specialised. */
uint16_t u_float_to_half_rtne(float f);

/** u_float_to_half(f, U_ROUND_TOWARD_ZERO), specialised. */
uint16_t u_float_to_half_rtz(float f);

/** Converts half @p h to float; exact, NaN payloads kept as described. */
float u_half_to_float(uint16_t h);

/** Whether @p h is a NaN (quiet or signalling). */
static inline bool
u_half_is_nan(uint16_t h)
{
   return (h & 0x7fff) > U_HALF_INF;
}

/** Whether @p h is +infinity or -infinity. */
static inline bool
u_half_is_inf(uint16_t h)
{
   return (h & 0x7fff) == U_HALF_INF;
}

/** Whether @p h is neither infinite nor NaN. */
static inline bool
u_half_is_finite(uint16_t h)
{
   return (h & U_HALF_EXP_MASK) != U_HALF_EXP_MASK;
}

/** Whether @p h is +0 or -0. */
static inline bool
u_half_is_zero(uint16_t h)
{
   return (h & 0x7fff) == 0;
}

/** Whether @p h is a nonzero subnormal. */
static inline bool
u_half_is_subnormal(uint16_t h)
{
   return (h & U_HALF_EXP_MASK) == 0 && (h & U_HALF_MANT_MASK) != 0;
}

/** Whether the sign bit of @p h is set (also for -0 and NaNs). */
static inline bool
u_half_sign_bit(uint16_t h)
{
   return (h & U_HALF_SIGN_BIT) != 0;
}

#endif
