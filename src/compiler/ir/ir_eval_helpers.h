/* SPDX-License-Identifier: MIT */

/*
 * The operations of ir_opcodes.py that are more than a C operator, with the
 * edge cases the IR defines (see each opcode's doc line): integer
 * arithmetic wraps, division by zero gives 0, shifts take their count
 * modulo the bit size, float to integer conversions saturate.
 *
 * Integer operands arrive as 64-bit values, sign- or zero-extended from
 * their bit size, and results are truncated to the destination size by the
 * caller, so arithmetic here runs on uint64_t to make wrapping defined.
 */
#ifndef IR_EVAL_HELPERS_H
#define IR_EVAL_HELPERS_H

#include <math.h>
#include <stdbool.h>
#include <stdint.h>

#include "util/u_half.h"

static inline float
ir_fsat_f(float a)
{
   return a > 0.0f ? (a < 1.0f ? a : 1.0f) : 0.0f;
}
static inline double
ir_fsat_d(double a)
{
   return a > 0.0 ? (a < 1.0 ? a : 1.0) : 0.0;
}
#define ir_fsat(a) _Generic((a), float : ir_fsat_f, default : ir_fsat_d)(a)

/* IEEE 754-2008 minNum/maxNum: a NaN operand loses; unlike C's fmin(),
 * which may return either zero, -0 orders below +0, so results do not
 * depend on the operand order or on the C library. */
static inline float
ir_fmin_f(float a, float b)
{
   if (a != a)
      return b;
   if (b != b)
      return a;
   if (a == b)
      return signbit(a) ? a : b;
   return a < b ? a : b;
}
static inline float
ir_fmax_f(float a, float b)
{
   if (a != a)
      return b;
   if (b != b)
      return a;
   if (a == b)
      return signbit(a) ? b : a;
   return a > b ? a : b;
}
static inline double
ir_fmin_d(double a, double b)
{
   if (a != a)
      return b;
   if (b != b)
      return a;
   if (a == b)
      return signbit(a) ? a : b;
   return a < b ? a : b;
}
static inline double
ir_fmax_d(double a, double b)
{
   if (a != a)
      return b;
   if (b != b)
      return a;
   if (a == b)
      return signbit(a) ? b : a;
   return a > b ? a : b;
}
#define ir_fmin(a, b) \
   _Generic((a), float : ir_fmin_f, default : ir_fmin_d)(a, b)
#define ir_fmax(a, b) \
   _Generic((a), float : ir_fmax_f, default : ir_fmax_d)(a, b)

static inline double
ir_fsign_d(double a)
{
   return a > 0.0 ? 1.0 : (a < 0.0 ? -1.0 : a);
}
#define ir_fsign(a) ((__typeof__(a))ir_fsign_d(a))

static inline float
ir_ffract_f(float a)
{
   return a - floorf(a);
}
static inline double
ir_ffract_d(double a)
{
   return a - floor(a);
}
#define ir_ffract(a) \
   _Generic((a), float : ir_ffract_f, default : ir_ffract_d)(a)

static inline double
ir_ldexp_d(double a, int64_t e)
{
   if (e > 4096)
      e = 4096;
   if (e < -4096)
      e = -4096;
   return ldexp(a, (int)e);
}
#define ir_ldexp(a, e) ((__typeof__(a))ir_ldexp_d((a), (e)))

static inline int64_t
ir_ineg(int64_t a)
{
   return (int64_t)(0 - (uint64_t)a);
}
static inline int64_t
ir_iabs(int64_t a)
{
   return a < 0 ? ir_ineg(a) : a;
}
static inline int64_t
ir_iadd(int64_t a, int64_t b)
{
   return (int64_t)((uint64_t)a + (uint64_t)b);
}
static inline int64_t
ir_isub(int64_t a, int64_t b)
{
   return (int64_t)((uint64_t)a - (uint64_t)b);
}
static inline int64_t
ir_imul(int64_t a, int64_t b)
{
   return (int64_t)((uint64_t)a * (uint64_t)b);
}
static inline int64_t
ir_imul_high(int64_t a, int64_t b, unsigned bits)
{
   __int128 p = (__int128)a * b;
   return (int64_t)(p >> bits);
}
static inline uint64_t
ir_umul_high(uint64_t a, uint64_t b, unsigned bits)
{
   unsigned __int128 p = (unsigned __int128)a * b;
   return (uint64_t)(p >> bits);
}
static inline int64_t
ir_idiv(int64_t a, int64_t b)
{
   if (b == 0)
      return 0;
   if (b == -1)
      return ir_ineg(a);
   return a / b;
}
static inline uint64_t
ir_udiv(uint64_t a, uint64_t b)
{
   return b ? a / b : 0;
}
static inline int64_t
ir_irem(int64_t a, int64_t b)
{
   if (b == 0 || b == -1)
      return 0;
   return a % b;
}
static inline int64_t
ir_imod(int64_t a, int64_t b)
{
   int64_t r = ir_irem(a, b);
   return (r != 0 && ((r < 0) != (b < 0))) ? r + b : r;
}
static inline uint64_t
ir_umod(uint64_t a, uint64_t b)
{
   return b ? a % b : 0;
}
static inline int64_t
ir_ishl(int64_t a, uint64_t b, unsigned bits)
{
   return (int64_t)((uint64_t)a << (b & (bits - 1)));
}
static inline int64_t
ir_ishr(int64_t a, uint64_t b, unsigned bits)
{
   return a >> (b & (bits - 1));
}
static inline uint64_t
ir_ushr(uint64_t a, uint64_t b, unsigned bits)
{
   return a >> (b & (bits - 1));
}
static inline uint64_t
ir_uadd_carry(uint64_t a, uint64_t b, unsigned bits)
{
   uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
   return ((a + b) & mask) < a;
}
static inline uint64_t
ir_bitfield_reverse(uint64_t a)
{
   uint32_t v = (uint32_t)a, r = 0;
   for (unsigned i = 0; i < 32; i++)
      r |= ((v >> i) & 1u) << (31 - i);
   return r;
}
static inline uint64_t
ir_bit_count(uint64_t a)
{
   return (uint64_t)__builtin_popcountll(a);
}
static inline int64_t
ir_ufind_msb(uint64_t a, unsigned bits)
{
   (void)bits;
   return a ? 63 - __builtin_clzll(a) : -1;
}
static inline int64_t
ir_ifind_msb(int64_t a, unsigned bits)
{
   /* For negative values, the highest 0 bit; the sign extension to 64
    * bits does not change which bit that is. */
   uint64_t v = a < 0 ? ~(uint64_t)a : (uint64_t)a;
   (void)bits;
   return v ? 63 - __builtin_clzll(v) : -1;
}
static inline int64_t
ir_find_lsb(int64_t a)
{
   return a ? __builtin_ctzll((uint64_t)a) : -1;
}
/* GLSL leaves offsets and counts outside [0, 32] undefined; these give 0
 * there (and for a zero count), never undefined C. */
static inline uint64_t
ir_ubfe(uint64_t a, int64_t off, int64_t count)
{
   if (count <= 0 || off < 0 || off > 31 || count > 32 || off + count > 32)
      return 0;
   return ((uint32_t)a >> off) & (count == 32 ? ~0u : (1u << count) - 1);
}
static inline int64_t
ir_ibfe(int64_t a, int64_t off, int64_t count)
{
   if (count <= 0 || off < 0 || off > 31 || count > 32 || off + count > 32)
      return 0;
   uint32_t v = (uint32_t)a << (32 - off - count);
   return (int32_t)v >> (32 - count);
}
static inline uint64_t
ir_bfi(uint64_t base, uint64_t insert, int64_t off, int64_t count)
{
   if (count <= 0 || off < 0 || off > 31 || count > 32 || off + count > 32)
      return (uint32_t)base;
   uint32_t mask = (count == 32 ? ~0u : (1u << count) - 1) << off;
   return ((uint32_t)base & ~mask) | (((uint32_t)insert << off) & mask);
}
static inline int64_t
ir_f2i(double a, unsigned bits)
{
   double lo = -ldexp(1.0, (int)bits - 1);
   double hi = ldexp(1.0, (int)bits - 1);
   if (isnan(a))
      return 0;
   if (a <= lo)
      return bits == 64 ? INT64_MIN : (int64_t)lo;
   if (a >= hi)
      return bits == 64 ? INT64_MAX : (int64_t)hi - 1;
   return (int64_t)a;
}
static inline uint64_t
ir_f2u(double a, unsigned bits)
{
   double hi = ldexp(1.0, (int)bits);
   if (isnan(a) || a <= 0.0)
      return 0;
   if (a >= hi)
      return bits == 64 ? UINT64_MAX : (uint64_t)hi - 1;
   return (uint64_t)a;
}

/* Packing, GLSL 4.60 section 8.4. */
static inline uint64_t
ir_pack_half_2x16(float x, float y)
{
   return (uint32_t)u_float_to_half_rtne(x) |
          ((uint32_t)u_float_to_half_rtne(y) << 16);
}
static inline void
ir_unpack_half_2x16(uint64_t v, float *x, float *y)
{
   *x = u_half_to_float((uint16_t)v);
   *y = u_half_to_float((uint16_t)(v >> 16));
}
static inline uint32_t
ir_unorm(float x, float scale)
{
   return (uint32_t)nearbyintf(ir_fsat_f(x) * scale);
}
static inline uint32_t
ir_snorm(float x, float scale, uint32_t mask)
{
   float c = x > 1.0f ? 1.0f : (x < -1.0f ? -1.0f : (x == x ? x : 0.0f));
   return (uint32_t)(int32_t)nearbyintf(c * scale) & mask;
}
static inline uint64_t
ir_pack_unorm_2x16(float x, float y)
{
   return ir_unorm(x, 65535.0f) | (ir_unorm(y, 65535.0f) << 16);
}
static inline uint64_t
ir_pack_snorm_2x16(float x, float y)
{
   return ir_snorm(x, 32767.0f, 0xffff) | (ir_snorm(y, 32767.0f, 0xffff) << 16);
}
static inline void
ir_unpack_unorm_2x16(uint64_t v, float *x, float *y)
{
   *x = (float)(v & 0xffff) / 65535.0f;
   *y = (float)((v >> 16) & 0xffff) / 65535.0f;
}
static inline float
ir_snorm_unpack(int32_t v, float scale)
{
   float f = (float)v / scale;
   return f < -1.0f ? -1.0f : f;
}
static inline void
ir_unpack_snorm_2x16(uint64_t v, float *x, float *y)
{
   *x = ir_snorm_unpack((int16_t)(v & 0xffff), 32767.0f);
   *y = ir_snorm_unpack((int16_t)((v >> 16) & 0xffff), 32767.0f);
}
static inline uint64_t
ir_pack_unorm_4x8(const float *s)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < 4; i++)
      r |= (uint64_t)ir_unorm(s[i], 255.0f) << (8 * i);
   return r;
}
static inline uint64_t
ir_pack_snorm_4x8(const float *s)
{
   uint64_t r = 0;
   for (unsigned i = 0; i < 4; i++)
      r |= (uint64_t)ir_snorm(s[i], 127.0f, 0xff) << (8 * i);
   return r;
}
static inline void
ir_unpack_unorm_4x8(uint64_t v, float *d)
{
   for (unsigned i = 0; i < 4; i++)
      d[i] = (float)((v >> (8 * i)) & 0xff) / 255.0f;
}
static inline void
ir_unpack_snorm_4x8(uint64_t v, float *d)
{
   for (unsigned i = 0; i < 4; i++)
      d[i] = ir_snorm_unpack((int8_t)((v >> (8 * i)) & 0xff), 127.0f);
}

#endif
