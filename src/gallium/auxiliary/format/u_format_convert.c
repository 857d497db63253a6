/* SPDX-License-Identifier: MIT */

/*
 * The conversions of u_format_convert.h that are too long to inline: the
 * sRGB transfer function, unsigned small floats and the shared-exponent
 * RGB9E5 format.
 */
#include "u_format_convert.h"

float
u_format_srgb_to_linear(float s)
{
   /* GL 4.6 core, 8.24:
    *   cl = cs / 12.92                     if cs <= 0.04045
    *   cl = ((cs + 0.055) / 1.055)^2.4     if cs > 0.04045 */
   if (!(s > 0.0f))
      return 0.0f;
   if (s >= 1.0f)
      return 1.0f;
   if (s <= 0.04045f)
      return (float)(s / 12.92);
   return (float)pow((s + 0.055) / 1.055, 2.4);
}

float
u_format_linear_to_srgb(float l)
{
   /* GL 4.6 core, 17.3.7 (the spec's 0.41666 is 1 / 2.4, used exactly):
    *   cs = 0                              if cl is NaN or cl <= 0
    *   cs = 12.92 * cl                     if 0 < cl < 0.0031308
    *   cs = 1.055 * cl^0.41666 - 0.055     if 0.0031308 <= cl < 1
    *   cs = 1                              if cl >= 1 */
   if (!(l > 0.0f))
      return 0.0f;
   if (l >= 1.0f)
      return 1.0f;
   if (l < 0.0031308f)
      return (float)(12.92 * l);
   return (float)(1.055 * pow(l, 1.0 / 2.4) - 0.055);
}

float
u_format_ufloat_to_float(uint32_t v, unsigned mbits)
{
   /* GL 4.6 core, 2.3.4.3: E = 0, M = 0 is 0; E = 0 is 2^-14 * M / 2^m;
    * 0 < E < 31 is 2^(E-15) * (1 + M / 2^m); E = 31 is inf (M = 0) or NaN. */
   unsigned e = (v >> mbits) & 0x1f;
   unsigned m = v & ((1u << mbits) - 1);
   if (e == 31)
      return m ? NAN : INFINITY;
   if (e == 0)
      return (float)ldexp(m, -14 - (int)mbits);
   return (float)ldexp(m + (1u << mbits), (int)e - 15 - (int)mbits);
}

uint32_t
u_format_float_to_ufloat(float f, unsigned mbits)
{
   const uint32_t max_finite = (30u << mbits) | ((1u << mbits) - 1);

   if (f != f)
      return (31u << mbits) | (1u << (mbits - 1));
   if (!(f > 0.0f)) /* negative values, -inf and zeros */
      return 0;
   if (isinf(f))
      return 31u << mbits;
   if (f >= u_format_ufloat_to_float(max_finite, mbits))
      return max_finite;

   /* Below 2^-14 the value is a multiple of 2^(-14 - m); above, a
    * mantissa of m bits under exponent e.  A rounding carry out of the
    * mantissa bumps the exponent, which is exactly the next value. */
   int e;
   frexp(f, &e); /* f = x * 2^e, 0.5 <= x < 1 */
   e -= 1;       /* f = y * 2^e, 1 <= y < 2 */
   if (e < -14) {
      return (uint32_t)nearbyint(ldexp(f, 14 + (int)mbits));
   }
   double mant = ldexp(f, (int)mbits - e) - (double)(1u << mbits);
   return ((uint32_t)(e + 15) << mbits) + (uint32_t)nearbyint(mant);
}

/* GL 4.6 core, 8.25: N = 9 mantissa bits, B = 15 exponent bias, Emax = 31. */
#define RGB9E5_N    9
#define RGB9E5_B    15
#define RGB9E5_EMAX 31

uint32_t
u_format_float3_to_rgb9e5(const float rgb[3])
{
   /* sharedexp_max = (2^N - 1) / 2^N * 2^(Emax - B) */
   const double sharedexp_max =
      ldexp((1 << RGB9E5_N) - 1, RGB9E5_EMAX - RGB9E5_B - RGB9E5_N);
   double c[3], maxc = 0.0;

   for (unsigned i = 0; i < 3; i++) {
      /* rc = max(0, min(sharedexp_max, r)); NaN counts as 0. */
      double v = rgb[i];
      c[i] = !(v > 0.0) ? 0.0 : v > sharedexp_max ? sharedexp_max : v;
      if (c[i] > maxc)
         maxc = c[i];
   }

   /* exp_shared' = max(-B - 1, floor(log2(maxc))) + 1 + B */
   int floor_log2 = -RGB9E5_B - 1;
   if (maxc > 0.0) {
      int e;
      frexp(maxc, &e);
      if (e - 1 > floor_log2)
         floor_log2 = e - 1;
   }
   int exp_shared = floor_log2 + 1 + RGB9E5_B;

   /* maxs = floor(maxc / 2^(exp_shared' - B - N) + 0.5); if maxs == 2^N
    * the exponent is one too small. */
   double maxs = floor(ldexp(maxc, -(exp_shared - RGB9E5_B - RGB9E5_N)) + 0.5);
   if (maxs >= (double)(1 << RGB9E5_N))
      exp_shared++;

   uint32_t word = (uint32_t)exp_shared << 27;
   for (unsigned i = 0; i < 3; i++) {
      double s = floor(ldexp(c[i], -(exp_shared - RGB9E5_B - RGB9E5_N)) + 0.5);
      word |= (uint32_t)s << (9 * i);
   }
   return word;
}

void
u_format_rgb9e5_to_float3(uint32_t v, float rgb[3])
{
   /* r = rs * 2^(exp_shared - B - N) */
   int e = (int)(v >> 27) - RGB9E5_B - RGB9E5_N;
   for (unsigned i = 0; i < 3; i++)
      rgb[i] = (float)ldexp((v >> (9 * i)) & 0x1ff, e);
}
