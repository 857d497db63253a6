/* SPDX-License-Identifier: MIT */

/*
 * Per-channel conversions used by the generated pack/unpack functions of
 * u_format_table.c.  The generator decides which conversion a channel
 * needs; the formulas live here.
 *
 * - unorm -> float: v / (2^n - 1)                   (GL 4.6 core, 2.3.5.1)
 * - float -> unorm: clamp to [0, 1], multiply by 2^n - 1, round to nearest
 *   (halves round up); NaN gives 0.                 (GL 4.6 core, 2.3.5.2)
 * - snorm -> float: max(v / (2^(n-1) - 1), -1)      (GL 4.6 core, 2.3.5.1)
 * - float -> snorm: clamp to [-1, 1], multiply by 2^(n-1) - 1, round to
 *   nearest (halves away from zero); NaN gives 0.
 * - integers are clamped to the channel's range on pack.
 * - sRGB: the transfer function of GL 4.6 core, 8.24 (decode) and 17.3.7
 *   (encode), evaluated in double precision.
 * - unsigned 11 and 10-bit floats: GL 4.6 core, 2.3.4.3 and 2.3.4.4, round
 *   to nearest even; negative values and -inf give 0, finite values above
 *   the largest finite value give that value, NaN gives a NaN.
 * - RGB9E5: GL 4.6 core, 8.25 (see u_format_convert.c).
 *
 * The arithmetic is done in double so that 24 and 32-bit channels convert
 * exactly as the formulas say.
 */
#ifndef U_FORMAT_CONVERT_H
#define U_FORMAT_CONVERT_H

#include <math.h>
#include <stdint.h>
#include <string.h>

#include "util/u_half.h"

/** 2^n - 1 for 1 <= n <= 32. */
static inline uint32_t
u_format_max_unorm(unsigned bits)
{
   return bits >= 32 ? 0xffffffffu : (1u << bits) - 1;
}

static inline float
u_format_unorm_to_float(uint32_t v, unsigned bits)
{
   return (float)((double)v / (double)u_format_max_unorm(bits));
}

static inline uint32_t
u_format_float_to_unorm(float f, unsigned bits)
{
   if (!(f > 0.0f)) /* also NaN */
      return 0;
   if (f >= 1.0f)
      return u_format_max_unorm(bits);
   return (uint32_t)floor((double)f * u_format_max_unorm(bits) + 0.5);
}

/**
 * Widens an @p bits-bit unorm (16 <= bits <= 32) to 32 bits by bit
 * replication: exact for 16 and 32 bits, within one unit of
 * round(v * (2^32 - 1) / (2^bits - 1)) otherwise.
 */
static inline uint32_t
u_format_unorm_to_unorm32(uint32_t v, unsigned bits)
{
   if (bits >= 32)
      return v;
   return (v << (32 - bits)) | (v >> (2 * bits - 32));
}

/** Sign-extends the low @p bits bits of @p v. */
static inline int32_t
u_format_sign_extend(uint32_t v, unsigned bits)
{
   if (bits >= 32)
      return (int32_t)v;
   uint32_t sign = 1u << (bits - 1);
   v &= (sign << 1) - 1;
   return (int32_t)((v ^ sign) - sign);
}

static inline float
u_format_snorm_to_float(uint32_t raw, unsigned bits)
{
   double max = (double)(u_format_max_unorm(bits - 1));
   double f = u_format_sign_extend(raw, bits) / max;
   return (float)(f < -1.0 ? -1.0 : f);
}

/** Returns the two's complement encoding in the low @p bits bits. */
static inline uint32_t
u_format_float_to_snorm(float f, unsigned bits)
{
   double max = (double)u_format_max_unorm(bits - 1);
   double c = f != f ? 0.0 : f < -1.0f ? -1.0 : f > 1.0f ? 1.0 : f;
   int64_t v = (int64_t)round(c * max);
   return (uint32_t)v & u_format_max_unorm(bits);
}

static inline uint32_t
u_format_clamp_uint(uint32_t v, unsigned bits)
{
   uint32_t max = u_format_max_unorm(bits);
   return v > max ? max : v;
}

/** Clamps @p v to a @p bits-bit signed range, returns its encoding. */
static inline uint32_t
u_format_clamp_sint(int32_t v, unsigned bits)
{
   int32_t max = (int32_t)u_format_max_unorm(bits - 1);
   int32_t min = -max - 1;
   v = v > max ? max : v < min ? min : v;
   return (uint32_t)v & u_format_max_unorm(bits);
}

static inline float
u_format_bits_to_float(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
}

static inline uint32_t
u_format_float_to_bits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

/** The decoded value of each 8-bit sRGB code (generated). */
extern const float u_format_srgb8_to_linear[256];

/** sRGB decode of a value in [0, 1]; GL 4.6 core, 8.24. */
float u_format_srgb_to_linear(float s);

/** sRGB encode, clamped to [0, 1]; GL 4.6 core, 17.3.7. */
float u_format_linear_to_srgb(float l);

/** sRGB encode to an 8-bit code: u_format_linear_to_srgb() then unorm. */
static inline uint32_t
u_format_linear_to_srgb8(float l)
{
   return u_format_float_to_unorm(u_format_linear_to_srgb(l), 8);
}

/** Unsigned float with a 5-bit exponent and @p mbits mantissa bits. */
float u_format_ufloat_to_float(uint32_t v, unsigned mbits);
uint32_t u_format_float_to_ufloat(float f, unsigned mbits);

/** GL 4.6 core, 8.25: three floats to an R9G9B9E5 word and back. */
uint32_t u_format_float3_to_rgb9e5(const float rgb[3]);
void u_format_rgb9e5_to_float3(uint32_t v, float rgb[3]);

#endif
