/* SPDX-License-Identifier: MIT */

/*
 * ETC1, ETC2 and EAC block decoding: OES_compressed_ETC1_RGB8_texture and
 * the OpenGL ES 3.0 specification, annex C (the same text is in GL 4.3's
 * appendix C and the Khronos Data Format specification).
 *
 * Blocks are read as big-endian 64-bit words w, bit 63 being the top bit
 * of the first byte.  Texel (x, y) of a block is number i = 4 x + y
 * (column after column): in a colour block its 2-bit index has the high
 * bit at w bit 16 + i and the low bit at bit i; in an EAC block its 3-bit
 * index is bits 47 - 3 i .. 45 - 3 i.
 *
 * Colour blocks (64 bits).  Bit 33 is "diff" (ETC1/ETC2 RGB) or "opaque"
 * (punch-through formats), bit 32 "flip".
 * - individual (diff 0, not punch-through): two 4-bit base colours,
 *   R1 R2 G1 G2 B1 B2 in bits 63..40;
 * - differential: 5-bit bases R, G, B in bits 63..59, 55..51, 47..43 and
 *   3-bit two's-complement deltas after each; the second base colour is
 *   base + delta.  In ETC2 a component that leaves 0..31 selects another
 *   mode instead: red T, else green H, else blue planar.
 * In those two modes bits 39..37 and 36..34 choose the intensity table of
 * sub-block 1 and 2; the sub-blocks are the left and right 2x4 halves
 * (flip 0) or the top and bottom 4x2 halves (flip 1).  Index 0..3 adds
 * +a, +b, -a, -b of the table to every component, clamped to 0..255.
 * - T and H: two 4-bit base colours and a distance d from a table of 8;
 *   the index picks one of four paint colours directly.
 * - planar: colours O, H, V (RGB 676 bits) extrapolated across the block.
 * Punch-through alpha, opaque bit 0: in the individual/differential mode
 * index 2 is transparent black and index 0 adds nothing; in T and H mode
 * index 2 is transparent black.  Planar blocks are always opaque.
 *
 * EAC blocks (64 bits): base codeword (bits 63..56), multiplier (55..52),
 * modifier table (51..48) and 16 3-bit indices.  RGBA8 ETC2 has an 8-bit
 * alpha block, clamp(base + modifier * multiplier, 0, 255), before its
 * colour block.  R11 is one 11-bit block, RG11 two (red then green):
 * unsigned clamp(8 base + 4 + 8 modifier multiplier, 0, 2047), signed
 * clamp(8 base + 8 modifier multiplier, -1023, 1023) with a signed base
 * (-128 read as -127); a multiplier of 0 stands for 1/8.  They read as
 * v / 2047 and v / 1023.
 *
 * sRGB formats decode in sRGB space; their float results go through
 * u_format_srgb8_to_linear[] afterwards.
 */
#include "u_format_compressed.h"

#include "u_format_convert.h"

static const int etc_intensity[8][2] = {
   { 2, 8 },   { 5, 17 },  { 9, 29 },   { 13, 42 },
   { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};

static const int etc_distance[8] = { 3, 6, 11, 16, 23, 32, 41, 64 };

static const int eac_modifier[16][8] = {
   { -3, -6, -9, -15, 2, 5, 8, 14 }, { -3, -7, -10, -13, 2, 6, 9, 12 },
   { -2, -5, -8, -13, 1, 4, 7, 12 }, { -2, -4, -6, -13, 1, 3, 5, 12 },
   { -3, -6, -8, -12, 2, 5, 7, 11 }, { -3, -7, -9, -11, 2, 6, 8, 10 },
   { -4, -7, -8, -11, 3, 6, 7, 10 }, { -3, -5, -8, -11, 2, 4, 7, 10 },
   { -2, -6, -8, -10, 1, 5, 7, 9 },  { -2, -5, -8, -10, 1, 4, 7, 9 },
   { -2, -4, -8, -10, 1, 3, 7, 9 },  { -2, -5, -7, -10, 1, 4, 6, 9 },
   { -3, -4, -7, -10, 2, 3, 6, 9 },  { -1, -2, -3, -10, 0, 1, 2, 9 },
   { -4, -6, -8, -9, 3, 5, 7, 8 },   { -3, -5, -7, -9, 2, 4, 6, 8 },
};

static uint64_t
read_be64(const uint8_t *b)
{
   uint64_t w = 0;
   for (unsigned k = 0; k < 8; k++)
      w = (w << 8) | b[k];
   return w;
}

/* Bits hi..lo of w. */
static int
bits(uint64_t w, unsigned hi, unsigned lo)
{
   return (int)((w >> lo) & ((1ull << (hi - lo + 1)) - 1));
}

static int
clamp_int(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* Widening by bit replication. */
static int
ext4(int v)
{
   return (v << 4) | v;
}

static int
ext5(int v)
{
   return (v << 3) | (v >> 2);
}

static int
ext6(int v)
{
   return (v << 2) | (v >> 4);
}

static int
ext7(int v)
{
   return (v << 1) | (v >> 6);
}

/* A 3-bit two's-complement delta. */
static int
delta3(int v)
{
   return v >= 4 ? v - 8 : v;
}

static int
color_index(uint64_t w, unsigned x, unsigned y)
{
   unsigned i = 4 * x + y;
   return (int)((((w >> (16 + i)) & 1) << 1) | ((w >> i) & 1));
}

static void
put(uint8_t t[4], int r, int g, int b, int a)
{
   t[0] = (uint8_t)clamp_int(r, 0, 255);
   t[1] = (uint8_t)clamp_int(g, 0, 255);
   t[2] = (uint8_t)clamp_int(b, 0, 255);
   t[3] = (uint8_t)a;
}

/* Individual and differential modes: base colours c[2][3]. */
static void
decode_subblocks(uint64_t w, const int c[2][3], bool transparent_mode,
                 uint8_t out[4][4][4])
{
   int table[2] = { bits(w, 39, 37), bits(w, 36, 34) };
   bool flip = bits(w, 32, 32);
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         unsigned s = flip ? y >= 2 : x >= 2;
         int idx = color_index(w, x, y);
         if (transparent_mode && idx == 2) {
            put(out[y][x], 0, 0, 0, 0);
            continue;
         }
         int m = etc_intensity[table[s]][idx & 1];
         if (idx & 2)
            m = -m;
         if (transparent_mode && idx == 0)
            m = 0;
         put(out[y][x], c[s][0] + m, c[s][1] + m, c[s][2] + m, 255);
      }
   }
}

/* T and H modes: four paint colours p[4][3]. */
static void
decode_paint(uint64_t w, const int p[4][3], bool transparent_mode,
             uint8_t out[4][4][4])
{
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         int idx = color_index(w, x, y);
         if (transparent_mode && idx == 2)
            put(out[y][x], 0, 0, 0, 0);
         else
            put(out[y][x], p[idx][0], p[idx][1], p[idx][2], 255);
      }
   }
}

static void
decode_t(uint64_t w, bool transparent_mode, uint8_t out[4][4][4])
{
   int c1[3] = { ext4((bits(w, 60, 59) << 2) | bits(w, 57, 56)),
                 ext4(bits(w, 55, 52)), ext4(bits(w, 51, 48)) };
   int c2[3] = { ext4(bits(w, 47, 44)), ext4(bits(w, 43, 40)),
                 ext4(bits(w, 39, 36)) };
   int d = etc_distance[(bits(w, 35, 34) << 1) | bits(w, 32, 32)];
   int p[4][3];
   for (unsigned k = 0; k < 3; k++) {
      p[0][k] = c1[k];
      p[1][k] = c2[k] + d;
      p[2][k] = c2[k];
      p[3][k] = c2[k] - d;
   }
   decode_paint(w, p, transparent_mode, out);
}

static void
decode_h(uint64_t w, bool transparent_mode, uint8_t out[4][4][4])
{
   int r1 = bits(w, 62, 59);
   int g1 = (bits(w, 58, 56) << 1) | bits(w, 52, 52);
   int b1 = (bits(w, 51, 51) << 3) | bits(w, 49, 47);
   int r2 = bits(w, 46, 43), g2 = bits(w, 42, 39), b2 = bits(w, 38, 35);
   /* The order of the base colours supplies the distance's low bit. */
   int order = ((r1 << 8) | (g1 << 4) | b1) >= ((r2 << 8) | (g2 << 4) | b2);
   int d =
      etc_distance[(bits(w, 34, 34) << 2) | (bits(w, 32, 32) << 1) | order];
   int c1[3] = { ext4(r1), ext4(g1), ext4(b1) };
   int c2[3] = { ext4(r2), ext4(g2), ext4(b2) };
   int p[4][3];
   for (unsigned k = 0; k < 3; k++) {
      p[0][k] = c1[k] + d;
      p[1][k] = c1[k] - d;
      p[2][k] = c2[k] + d;
      p[3][k] = c2[k] - d;
   }
   decode_paint(w, p, transparent_mode, out);
}

static void
decode_planar(uint64_t w, uint8_t out[4][4][4])
{
   int o[3] = {
      ext6(bits(w, 62, 57)), ext7((bits(w, 56, 56) << 6) | bits(w, 54, 49)),
      ext6((bits(w, 48, 48) << 5) | (bits(w, 44, 43) << 3) | bits(w, 41, 39))
   };
   int h[3] = { ext6((bits(w, 38, 34) << 1) | bits(w, 32, 32)),
                ext7(bits(w, 31, 25)), ext6(bits(w, 24, 19)) };
   int v[3] = { ext6(bits(w, 18, 13)), ext7(bits(w, 12, 6)),
                ext6(bits(w, 5, 0)) };
   for (int y = 0; y < 4; y++) {
      for (int x = 0; x < 4; x++) {
         int c[3];
         for (unsigned k = 0; k < 3; k++)
            c[k] = (x * (h[k] - o[k]) + y * (v[k] - o[k]) + 4 * o[k] + 2) >> 2;
         put(out[y][x], c[0], c[1], c[2], 255);
      }
   }
}

/*
 * One colour block.  @p etc2 selects the T, H and planar modes (ETC1
 * leaves overflowing deltas undefined; they wrap here); @p punch reads
 * bit 33 as the opaque bit of the punch-through formats.
 */
static void
decode_color(const uint8_t *block, bool etc2, bool punch, uint8_t out[4][4][4])
{
   uint64_t w = read_be64(block);
   bool diff = bits(w, 33, 33);
   int c[2][3];
   if (!punch && !diff) {
      for (unsigned k = 0; k < 3; k++) {
         c[0][k] = ext4(bits(w, 63 - 8 * k, 60 - 8 * k));
         c[1][k] = ext4(bits(w, 59 - 8 * k, 56 - 8 * k));
      }
      decode_subblocks(w, c, false, out);
      return;
   }
   bool transparent_mode = punch && !diff;
   int base[3], second[3];
   for (unsigned k = 0; k < 3; k++) {
      base[k] = bits(w, 63 - 8 * k, 59 - 8 * k);
      second[k] = base[k] + delta3(bits(w, 58 - 8 * k, 56 - 8 * k));
   }
   if (etc2 && (second[0] < 0 || second[0] > 31)) {
      decode_t(w, transparent_mode, out);
      return;
   }
   if (etc2 && (second[1] < 0 || second[1] > 31)) {
      decode_h(w, transparent_mode, out);
      return;
   }
   if (etc2 && (second[2] < 0 || second[2] > 31)) {
      decode_planar(w, out);
      return;
   }
   for (unsigned k = 0; k < 3; k++) {
      c[0][k] = ext5(base[k]);
      c[1][k] = ext5(second[k] & 31);
   }
   decode_subblocks(w, c, transparent_mode, out);
}

static int
eac_index(uint64_t w, unsigned x, unsigned y)
{
   return bits(w, 47 - 3 * (4 * x + y), 45 - 3 * (4 * x + y));
}

/* The 8-bit EAC alpha block, texel (x, y) at out[4 y + x]. */
static void
eac_alpha8(const uint8_t block[8], uint8_t out[16])
{
   uint64_t w = read_be64(block);
   int base = bits(w, 63, 56), mul = bits(w, 55, 52);
   const int *mod = eac_modifier[bits(w, 51, 48)];
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++)
         out[4 * y + x] =
            (uint8_t)clamp_int(base + mod[eac_index(w, x, y)] * mul, 0, 255);
   }
}

void
u_format_eac11_block(const uint8_t block[8], bool snorm, int out[16])
{
   uint64_t w = read_be64(block);
   int mul = bits(w, 55, 52);
   const int *mod = eac_modifier[bits(w, 51, 48)];
   int base = bits(w, 63, 56);
   if (snorm) {
      base = base >= 128 ? base - 256 : base;
      if (base == -128)
         base = -127;
   }
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         int m = mod[eac_index(w, x, y)];
         int step = mul ? m * mul * 8 : m;
         out[4 * y + x] = snorm ? clamp_int(base * 8 + step, -1023, 1023)
                                : clamp_int(base * 8 + 4 + step, 0, 2047);
      }
   }
}

enum etc_kind {
   ETC_KIND_ETC1,
   ETC_KIND_RGB8,
   ETC_KIND_RGB8A1,
   ETC_KIND_RGBA8,
   ETC_KIND_R11,
   ETC_KIND_RG11,
};

struct etc_info {
   enum etc_kind kind;
   bool srgb;
   bool snorm;
};

static bool
etc_info(enum pipe_format format, struct etc_info *info)
{
   info->srgb = false;
   info->snorm = false;
   switch (format) {
   case PIPE_FORMAT_ETC1_RGB8:
      info->kind = ETC_KIND_ETC1;
      return true;
   case PIPE_FORMAT_ETC2_SRGB8:
      info->srgb = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RGB8:
      info->kind = ETC_KIND_RGB8;
      return true;
   case PIPE_FORMAT_ETC2_SRGB8A1:
      info->srgb = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RGB8A1:
      info->kind = ETC_KIND_RGB8A1;
      return true;
   case PIPE_FORMAT_ETC2_SRGBA8:
      info->srgb = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RGBA8:
      info->kind = ETC_KIND_RGBA8;
      return true;
   case PIPE_FORMAT_ETC2_R11_SNORM:
      info->snorm = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_R11_UNORM:
      info->kind = ETC_KIND_R11;
      return true;
   case PIPE_FORMAT_ETC2_RG11_SNORM:
      info->snorm = true;
      /* fallthrough */
   case PIPE_FORMAT_ETC2_RG11_UNORM:
      info->kind = ETC_KIND_RG11;
      return true;
   default:
      return false;
   }
}

/* The colour formats to 8-bit codes. */
static void
decode_rgba8(const struct etc_info *info, const uint8_t *b,
             uint8_t out[4][4][4])
{
   switch (info->kind) {
   case ETC_KIND_ETC1:
      decode_color(b, false, false, out);
      break;
   case ETC_KIND_RGB8:
      decode_color(b, true, false, out);
      break;
   case ETC_KIND_RGB8A1:
      decode_color(b, true, true, out);
      break;
   default: {
      uint8_t a[16];
      eac_alpha8(b, a);
      decode_color(b + 8, true, false, out);
      for (unsigned i = 0; i < 16; i++)
         out[i / 4][i % 4][3] = a[i];
      break;
   }
   }
}

/* R11 / RG11 to their 11-bit values, v[channel][4 y + x]. */
static void
decode_eac11(const struct etc_info *info, const uint8_t *b, int v[2][16])
{
   unsigned channels = info->kind == ETC_KIND_RG11 ? 2 : 1;
   for (unsigned i = 0; i < 16; i++)
      v[1][i] = 0;
   for (unsigned c = 0; c < channels; c++)
      u_format_eac11_block(b + 8 * c, info->snorm, v[c]);
}

bool
u_format_etc_unpack_block_rgba8(enum pipe_format format, const void *block,
                                uint8_t out[4][4][4])
{
   struct etc_info info;
   if (!etc_info(format, &info) || info.snorm)
      return false;
   if (info.kind != ETC_KIND_R11 && info.kind != ETC_KIND_RG11) {
      decode_rgba8(&info, block, out);
      return true;
   }
   int v[2][16];
   decode_eac11(&info, block, v);
   for (unsigned i = 0; i < 16; i++) {
      uint8_t *t = out[i / 4][i % 4];
      t[0] = (uint8_t)((v[0][i] * 255 + 1023) / 2047);
      t[1] = (uint8_t)((v[1][i] * 255 + 1023) / 2047);
      t[2] = 0;
      t[3] = 255;
   }
   return true;
}

bool
u_format_etc_unpack_block_rgba(enum pipe_format format, const void *block,
                               float out[4][4][4])
{
   struct etc_info info;
   if (!etc_info(format, &info))
      return false;
   if (info.kind == ETC_KIND_R11 || info.kind == ETC_KIND_RG11) {
      int v[2][16];
      decode_eac11(&info, block, v);
      float scale = info.snorm ? 1.0f / 1023.0f : 1.0f / 2047.0f;
      for (unsigned i = 0; i < 16; i++) {
         float *t = out[i / 4][i % 4];
         t[0] = (float)v[0][i] * scale;
         t[1] = (float)v[1][i] * scale;
         t[2] = 0.0f;
         t[3] = 1.0f;
      }
      return true;
   }
   uint8_t codes[4][4][4];
   decode_rgba8(&info, block, codes);
   for (unsigned y = 0; y < 4; y++) {
      for (unsigned x = 0; x < 4; x++) {
         for (unsigned c = 0; c < 4; c++) {
            uint8_t v = codes[y][x][c];
            out[y][x][c] = info.srgb && c < 3 ? u_format_srgb8_to_linear[v]
                                              : (float)v / 255.0f;
         }
      }
   }
   return true;
}
