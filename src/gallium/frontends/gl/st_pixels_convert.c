/* SPDX-License-Identifier: MIT */

/*
 * Conversion between client pixels (any GL format and type, laid out by
 * the pixel store state) and texels of a pipe format.
 *
 * A row at a time, pixels travel through one of four intermediate forms:
 * RGBA floats (normalized and float colours), RGBA 32-bit integers
 * (*_INTEGER formats and integer textures), depth floats and stencil
 * bytes.  The client side is decoded/encoded here (GL 4.6 core, 8.4.4
 * and 18.2: normalized fixed-point conversions of 2.3.5, packed types of
 * table 8.8, swap bytes); the pipe side goes through u_format's row
 * helpers.  sRGB textures take and give their encoded values unchanged,
 * so their texels are converted as the matching linear format.  When the
 * client layout is exactly the pipe format's (and no bytes are swapped),
 * rows are copied.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_format.h"
#include "st_pixels.h"
#include "util/u_half.h"
#include "u_format_convert.h"

/* Where a client component goes: an RGBA slot, or one of these. */
enum slot {
   SLOT_R,
   SLOT_G,
   SLOT_B,
   SLOT_A,
   SLOT_L, /* luminance: R, G and B on unpack; R on pack */
   SLOT_Z,
   SLOT_S,
};

enum kind {
   KIND_FLOAT,
   KIND_INT,
   KIND_DEPTH,
   KIND_STENCIL,
   KIND_ZS
};

struct client {
   unsigned nc;
   enum slot slot[4];
   enum kind kind;
   GLenum type;
   unsigned bpp;
   bool swap;
};

static bool
client_init(struct client *c, GLenum format, GLenum type, bool swap)
{
   static const struct {
      GLenum format;
      unsigned nc;
      enum slot slot[4];
      enum kind kind;
   } table[] = {
      { GL_RED, 1, { SLOT_R }, KIND_FLOAT },
      { GL_GREEN, 1, { SLOT_G }, KIND_FLOAT },
      { GL_BLUE, 1, { SLOT_B }, KIND_FLOAT },
      { GL_ALPHA, 1, { SLOT_A }, KIND_FLOAT },
      { GL_LUMINANCE, 1, { SLOT_L }, KIND_FLOAT },
      { GL_LUMINANCE_ALPHA, 2, { SLOT_L, SLOT_A }, KIND_FLOAT },
      { GL_RG, 2, { SLOT_R, SLOT_G }, KIND_FLOAT },
      { GL_RGB, 3, { SLOT_R, SLOT_G, SLOT_B }, KIND_FLOAT },
      { GL_BGR, 3, { SLOT_B, SLOT_G, SLOT_R }, KIND_FLOAT },
      { GL_RGBA, 4, { SLOT_R, SLOT_G, SLOT_B, SLOT_A }, KIND_FLOAT },
      { GL_BGRA, 4, { SLOT_B, SLOT_G, SLOT_R, SLOT_A }, KIND_FLOAT },
      /* EXT_abgr. */
      { GL_ABGR_EXT, 4, { SLOT_A, SLOT_B, SLOT_G, SLOT_R }, KIND_FLOAT },
      { GL_RED_INTEGER, 1, { SLOT_R }, KIND_INT },
      { GL_GREEN_INTEGER, 1, { SLOT_G }, KIND_INT },
      { GL_BLUE_INTEGER, 1, { SLOT_B }, KIND_INT },
      { GL_ALPHA_INTEGER, 1, { SLOT_A }, KIND_INT },
      { GL_LUMINANCE_INTEGER_EXT, 1, { SLOT_L }, KIND_INT },
      { GL_LUMINANCE_ALPHA_INTEGER_EXT, 2, { SLOT_L, SLOT_A }, KIND_INT },
      { GL_RG_INTEGER, 2, { SLOT_R, SLOT_G }, KIND_INT },
      { GL_RGB_INTEGER, 3, { SLOT_R, SLOT_G, SLOT_B }, KIND_INT },
      { GL_BGR_INTEGER, 3, { SLOT_B, SLOT_G, SLOT_R }, KIND_INT },
      { GL_RGBA_INTEGER, 4, { SLOT_R, SLOT_G, SLOT_B, SLOT_A }, KIND_INT },
      { GL_BGRA_INTEGER, 4, { SLOT_B, SLOT_G, SLOT_R, SLOT_A }, KIND_INT },
      { GL_DEPTH_COMPONENT, 1, { SLOT_Z }, KIND_DEPTH },
      { GL_STENCIL_INDEX, 1, { SLOT_S }, KIND_STENCIL },
      { GL_DEPTH_STENCIL, 2, { SLOT_Z, SLOT_S }, KIND_ZS },
   };
   for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      if (table[i].format != format)
         continue;
      c->nc = table[i].nc;
      memcpy(c->slot, table[i].slot, sizeof(c->slot));
      c->kind = table[i].kind;
      c->type = type;
      c->bpp = st_pixels_bytes_per_pixel(format, type);
      c->swap = swap;
      return c->bpp != 0;
   }
   return false;
}

/* ---- packed types ---- */

struct field {
   uint8_t shift, bits;
};

struct packed {
   GLenum type;
   unsigned bytes;
   struct field f[4];
};

static const struct packed packed_types[] = {
   { GL_UNSIGNED_BYTE_3_3_2, 1, { { 5, 3 }, { 2, 3 }, { 0, 2 } } },
   { GL_UNSIGNED_BYTE_2_3_3_REV, 1, { { 0, 3 }, { 3, 3 }, { 6, 2 } } },
   { GL_UNSIGNED_SHORT_5_6_5, 2, { { 11, 5 }, { 5, 6 }, { 0, 5 } } },
   { GL_UNSIGNED_SHORT_5_6_5_REV, 2, { { 0, 5 }, { 5, 6 }, { 11, 5 } } },
   { GL_UNSIGNED_SHORT_4_4_4_4,
     2,
     { { 12, 4 }, { 8, 4 }, { 4, 4 }, { 0, 4 } } },
   { GL_UNSIGNED_SHORT_4_4_4_4_REV,
     2,
     { { 0, 4 }, { 4, 4 }, { 8, 4 }, { 12, 4 } } },
   { GL_UNSIGNED_SHORT_5_5_5_1,
     2,
     { { 11, 5 }, { 6, 5 }, { 1, 5 }, { 0, 1 } } },
   { GL_UNSIGNED_SHORT_1_5_5_5_REV,
     2,
     { { 0, 5 }, { 5, 5 }, { 10, 5 }, { 15, 1 } } },
   { GL_UNSIGNED_INT_8_8_8_8, 4, { { 24, 8 }, { 16, 8 }, { 8, 8 }, { 0, 8 } } },
   { GL_UNSIGNED_INT_8_8_8_8_REV,
     4,
     { { 0, 8 }, { 8, 8 }, { 16, 8 }, { 24, 8 } } },
   { GL_UNSIGNED_INT_10_10_10_2,
     4,
     { { 22, 10 }, { 12, 10 }, { 2, 10 }, { 0, 2 } } },
   { GL_UNSIGNED_INT_2_10_10_10_REV,
     4,
     { { 0, 10 }, { 10, 10 }, { 20, 10 }, { 30, 2 } } },
   { GL_UNSIGNED_INT_10F_11F_11F_REV,
     4,
     { { 0, 11 }, { 11, 11 }, { 22, 10 } } },
   { GL_UNSIGNED_INT_24_8, 4, { { 8, 24 }, { 0, 8 } } },
};

static const struct packed *
find_packed(GLenum type)
{
   for (size_t i = 0; i < sizeof(packed_types) / sizeof(packed_types[0]); i++) {
      if (packed_types[i].type == type)
         return &packed_types[i];
   }
   return NULL;
}

static uint32_t
read_word(const uint8_t *p, unsigned bytes, bool swap)
{
   uint32_t v = 0;
   for (unsigned i = 0; i < bytes; i++) {
      unsigned b = swap ? bytes - 1 - i : i;
      v |= (uint32_t)p[b] << (8 * i);
   }
   return v;
}

static void
write_word(uint8_t *p, unsigned bytes, bool swap, uint32_t v)
{
   for (unsigned i = 0; i < bytes; i++) {
      unsigned b = swap ? bytes - 1 - i : i;
      p[b] = (uint8_t)(v >> (8 * i));
   }
}

/* ---- one pixel, client to intermediate ----
 * Values: f[] for float kinds (the normalized conversion applied), i[] the
 * integer value (integer formats, stencil). */

struct value {
   double f[4];
   int64_t i[4];
};

static void
decode_element(GLenum type, const uint8_t *p, bool swap, bool integer,
               double *f, int64_t *i)
{
   uint32_t u;
   switch (type) {
   case GL_UNSIGNED_BYTE:
      *i = p[0];
      *f = integer ? *i : p[0] / 255.0;
      return;
   case GL_BYTE:
      *i = (int8_t)p[0];
      *f = integer ? *i : fmax(*i / 127.0, -1.0);
      return;
   case GL_UNSIGNED_SHORT:
      *i = read_word(p, 2, swap);
      *f = integer ? *i : *i / 65535.0;
      return;
   case GL_SHORT:
      *i = (int16_t)read_word(p, 2, swap);
      *f = integer ? *i : fmax(*i / 32767.0, -1.0);
      return;
   case GL_UNSIGNED_INT:
      *i = read_word(p, 4, swap);
      *f = integer ? *i : *i / 4294967295.0;
      return;
   case GL_INT:
      *i = (int32_t)read_word(p, 4, swap);
      *f = integer ? *i : fmax(*i / 2147483647.0, -1.0);
      return;
   case GL_HALF_FLOAT:
      *f = u_half_to_float((uint16_t)read_word(p, 2, swap));
      *i = (int64_t)*f;
      return;
   case GL_FLOAT:
      u = read_word(p, 4, swap);
      *f = u_format_bits_to_float(u);
      *i = *f != *f ? 0 : (int64_t)fmax(fmin(*f, 4294967295.0), -2147483648.0);
      return;
   default:
      *f = 0;
      *i = 0;
      return;
   }
}

static void
decode_pixel(const struct client *c, const uint8_t *p, struct value *v)
{
   bool integer = c->kind == KIND_INT || c->kind == KIND_STENCIL;
   if (c->type == GL_UNSIGNED_INT_5_9_9_9_REV) {
      float rgb[3];
      u_format_rgb9e5_to_float3(read_word(p, 4, c->swap), rgb);
      for (unsigned k = 0; k < 3; k++) {
         v->f[k] = rgb[k];
         v->i[k] = 0;
      }
      return;
   }
   if (c->type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
      v->f[0] = u_format_bits_to_float(read_word(p, 4, c->swap));
      v->i[1] = read_word(p + 4, 4, c->swap) & 0xff;
      v->f[1] = (double)v->i[1];
      v->i[0] = 0;
      return;
   }
   const struct packed *pk = find_packed(c->type);
   if (pk) {
      uint32_t w = read_word(p, pk->bytes, c->swap);
      for (unsigned k = 0; k < c->nc; k++) {
         uint32_t bits = pk->f[k].bits;
         uint32_t raw = (w >> pk->f[k].shift) & u_format_max_unorm(bits);
         v->i[k] = raw;
         if (c->type == GL_UNSIGNED_INT_10F_11F_11F_REV)
            v->f[k] = u_format_ufloat_to_float(raw, bits - 5);
         else if (c->kind == KIND_INT || (c->kind == KIND_ZS && k == 1))
            v->f[k] = raw;
         else
            v->f[k] = raw / (double)u_format_max_unorm(bits);
      }
      return;
   }
   unsigned size = c->bpp / c->nc;
   for (unsigned k = 0; k < c->nc; k++)
      decode_element(c->type, p + k * size, c->swap, integer, &v->f[k],
                     &v->i[k]);
}

/* ---- one pixel, intermediate to client ---- */

static double
clampd(double x, double lo, double hi)
{
   return x != x ? 0.0 : x < lo ? lo : x > hi ? hi : x;
}

static void
encode_element(GLenum type, uint8_t *p, bool swap, bool integer, double f,
               int64_t i)
{
   switch (type) {
   case GL_UNSIGNED_BYTE:
      p[0] = integer ? (uint8_t)(i < 0     ? 0
                                 : i > 255 ? 255
                                           : i)
                     : (uint8_t)u_format_float_to_unorm((float)f, 8);
      return;
   case GL_BYTE:
      p[0] = integer ? (uint8_t)(int8_t)(i < -128  ? -128
                                         : i > 127 ? 127
                                                   : i)
                     : (uint8_t)u_format_float_to_snorm((float)f, 8);
      return;
   case GL_UNSIGNED_SHORT:
      write_word(p, 2, swap,
                 integer ? (uint32_t)(i < 0       ? 0
                                      : i > 65535 ? 65535
                                                  : i)
                         : u_format_float_to_unorm((float)f, 16));
      return;
   case GL_SHORT:
      write_word(p, 2, swap,
                 integer ? (uint32_t)(uint16_t)(int16_t)(i < -32768  ? -32768
                                                         : i > 32767 ? 32767
                                                                     : i)
                         : u_format_float_to_snorm((float)f, 16));
      return;
   case GL_UNSIGNED_INT:
      if (integer)
         write_word(p, 4, swap,
                    (uint32_t)(i < 0              ? 0
                               : i > 4294967295ll ? 4294967295ll
                                                  : i));
      else
         write_word(p, 4, swap,
                    f >= 1.0
                       ? 0xffffffffu
                       : (uint32_t)floor(clampd(f, 0, 1) * 4294967295.0 + 0.5));
      return;
   case GL_INT:
      if (integer)
         write_word(p, 4, swap,
                    (uint32_t)(int32_t)(i < INT32_MIN   ? INT32_MIN
                                        : i > INT32_MAX ? INT32_MAX
                                                        : i));
      else
         write_word(
            p, 4, swap,
            (uint32_t)(int32_t)llround(clampd(f, -1, 1) * 2147483647.0));
      return;
   case GL_HALF_FLOAT:
      write_word(p, 2, swap, u_float_to_half_rtne((float)(integer ? i : f)));
      return;
   case GL_FLOAT:
      write_word(p, 4, swap, u_format_float_to_bits((float)(integer ? i : f)));
      return;
   default:
      return;
   }
}

static void
encode_pixel(const struct client *c, uint8_t *p, const struct value *v)
{
   bool integer = c->kind == KIND_INT || c->kind == KIND_STENCIL;
   if (c->type == GL_UNSIGNED_INT_5_9_9_9_REV) {
      float rgb[3] = { (float)v->f[0], (float)v->f[1], (float)v->f[2] };
      write_word(p, 4, c->swap, u_format_float3_to_rgb9e5(rgb));
      return;
   }
   if (c->type == GL_FLOAT_32_UNSIGNED_INT_24_8_REV) {
      write_word(p, 4, c->swap, u_format_float_to_bits((float)v->f[0]));
      write_word(p + 4, 4, c->swap, (uint32_t)(v->i[1] & 0xff));
      return;
   }
   const struct packed *pk = find_packed(c->type);
   if (pk) {
      uint32_t w = 0;
      for (unsigned k = 0; k < c->nc; k++) {
         unsigned bits = pk->f[k].bits;
         uint32_t max = u_format_max_unorm(bits);
         uint32_t raw;
         if (c->type == GL_UNSIGNED_INT_10F_11F_11F_REV)
            raw = u_format_float_to_ufloat((float)v->f[k], bits - 5);
         else if (c->kind == KIND_INT || (c->kind == KIND_ZS && k == 1))
            raw = v->i[k] < 0 ? 0 : v->i[k] > max ? max : (uint32_t)v->i[k];
         else
            raw = u_format_float_to_unorm((float)v->f[k], bits);
         w |= (raw & max) << pk->f[k].shift;
      }
      write_word(p, pk->bytes, c->swap, w);
      return;
   }
   unsigned size = c->bpp / c->nc;
   for (unsigned k = 0; k < c->nc; k++)
      encode_element(c->type, p + k * size, c->swap, integer, v->f[k], v->i[k]);
}

/* ---- the pipe side ---- */

/* sRGB texels are moved as stored (GL does not convert on transfers). */
static enum pipe_format
linear_format(enum pipe_format f)
{
   switch (f) {
   case PIPE_FORMAT_R8G8B8A8_SRGB:
      return PIPE_FORMAT_R8G8B8A8_UNORM;
   case PIPE_FORMAT_R8G8B8_SRGB:
      return PIPE_FORMAT_R8G8B8_UNORM;
   case PIPE_FORMAT_B8G8R8A8_SRGB:
      return PIPE_FORMAT_B8G8R8A8_UNORM;
   case PIPE_FORMAT_L8_SRGB:
      return PIPE_FORMAT_L8_UNORM;
   case PIPE_FORMAT_L8A8_SRGB:
      return PIPE_FORMAT_L8A8_UNORM;
   default:
      return f;
   }
}

static enum kind
pipe_kind(const struct u_format_desc *d)
{
   if (d->is_depth && d->is_stencil)
      return KIND_ZS;
   if (d->is_depth)
      return KIND_DEPTH;
   if (d->is_stencil)
      return KIND_STENCIL;
   if (d->is_pure_uint || d->is_pure_sint)
      return KIND_INT;
   return KIND_FLOAT;
}

/* Whether client pixels of kind @p client can go to or come from texels
 * of kind @p texels. */
static bool
kinds_match(enum kind client, enum kind texels)
{
   if (client == texels)
      return true;
   /* Depth or stencil alone to or from a combined format; depth and
    * stencil data to a depth format (GL 4.6 core, 8.5: the stencil
    * values are dropped). */
   return (texels == KIND_ZS &&
           (client == KIND_DEPTH || client == KIND_STENCIL)) ||
          (texels == KIND_DEPTH && client == KIND_ZS);
}

enum pipe_format
st_pixels_client_format(GLenum format, GLenum type)
{
   static const struct {
      GLenum format, type;
      enum pipe_format pipe;
   } table[] = {
      { GL_RGBA, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8G8B8A8_UNORM },
      { GL_RGBA, GL_UNSIGNED_INT_8_8_8_8_REV, PIPE_FORMAT_R8G8B8A8_UNORM },
      { GL_BGRA, GL_UNSIGNED_BYTE, PIPE_FORMAT_B8G8R8A8_UNORM },
      { GL_BGRA, GL_UNSIGNED_INT_8_8_8_8_REV, PIPE_FORMAT_B8G8R8A8_UNORM },
      { GL_RGB, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8G8B8_UNORM },
      { GL_RG, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8G8_UNORM },
      { GL_RED, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8_UNORM },
      { GL_RGBA, GL_BYTE, PIPE_FORMAT_R8G8B8A8_SNORM },
      { GL_RGB, GL_BYTE, PIPE_FORMAT_R8G8B8_SNORM },
      { GL_RG, GL_BYTE, PIPE_FORMAT_R8G8_SNORM },
      { GL_RED, GL_BYTE, PIPE_FORMAT_R8_SNORM },
      { GL_RGBA, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16G16B16A16_UNORM },
      { GL_RGB, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16G16B16_UNORM },
      { GL_RG, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16G16_UNORM },
      { GL_RED, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16_UNORM },
      { GL_RGBA, GL_SHORT, PIPE_FORMAT_R16G16B16A16_SNORM },
      { GL_RGB, GL_SHORT, PIPE_FORMAT_R16G16B16_SNORM },
      { GL_RG, GL_SHORT, PIPE_FORMAT_R16G16_SNORM },
      { GL_RED, GL_SHORT, PIPE_FORMAT_R16_SNORM },
      { GL_RGBA, GL_HALF_FLOAT, PIPE_FORMAT_R16G16B16A16_FLOAT },
      { GL_RGB, GL_HALF_FLOAT, PIPE_FORMAT_R16G16B16_FLOAT },
      { GL_RG, GL_HALF_FLOAT, PIPE_FORMAT_R16G16_FLOAT },
      { GL_RED, GL_HALF_FLOAT, PIPE_FORMAT_R16_FLOAT },
      { GL_RGBA, GL_FLOAT, PIPE_FORMAT_R32G32B32A32_FLOAT },
      { GL_RGB, GL_FLOAT, PIPE_FORMAT_R32G32B32_FLOAT },
      { GL_RG, GL_FLOAT, PIPE_FORMAT_R32G32_FLOAT },
      { GL_RED, GL_FLOAT, PIPE_FORMAT_R32_FLOAT },
      { GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8G8B8A8_UINT },
      { GL_RGB_INTEGER, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8G8B8_UINT },
      { GL_RG_INTEGER, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8G8_UINT },
      { GL_RED_INTEGER, GL_UNSIGNED_BYTE, PIPE_FORMAT_R8_UINT },
      { GL_RGBA_INTEGER, GL_BYTE, PIPE_FORMAT_R8G8B8A8_SINT },
      { GL_RGB_INTEGER, GL_BYTE, PIPE_FORMAT_R8G8B8_SINT },
      { GL_RG_INTEGER, GL_BYTE, PIPE_FORMAT_R8G8_SINT },
      { GL_RED_INTEGER, GL_BYTE, PIPE_FORMAT_R8_SINT },
      { GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16G16B16A16_UINT },
      { GL_RGB_INTEGER, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16G16B16_UINT },
      { GL_RG_INTEGER, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16G16_UINT },
      { GL_RED_INTEGER, GL_UNSIGNED_SHORT, PIPE_FORMAT_R16_UINT },
      { GL_RGBA_INTEGER, GL_SHORT, PIPE_FORMAT_R16G16B16A16_SINT },
      { GL_RGB_INTEGER, GL_SHORT, PIPE_FORMAT_R16G16B16_SINT },
      { GL_RG_INTEGER, GL_SHORT, PIPE_FORMAT_R16G16_SINT },
      { GL_RED_INTEGER, GL_SHORT, PIPE_FORMAT_R16_SINT },
      { GL_RGBA_INTEGER, GL_UNSIGNED_INT, PIPE_FORMAT_R32G32B32A32_UINT },
      { GL_RGB_INTEGER, GL_UNSIGNED_INT, PIPE_FORMAT_R32G32B32_UINT },
      { GL_RG_INTEGER, GL_UNSIGNED_INT, PIPE_FORMAT_R32G32_UINT },
      { GL_RED_INTEGER, GL_UNSIGNED_INT, PIPE_FORMAT_R32_UINT },
      { GL_RGBA_INTEGER, GL_INT, PIPE_FORMAT_R32G32B32A32_SINT },
      { GL_RGB_INTEGER, GL_INT, PIPE_FORMAT_R32G32B32_SINT },
      { GL_RG_INTEGER, GL_INT, PIPE_FORMAT_R32G32_SINT },
      { GL_RED_INTEGER, GL_INT, PIPE_FORMAT_R32_SINT },
      { GL_RGB, GL_UNSIGNED_SHORT_5_6_5, PIPE_FORMAT_B5G6R5_UNORM },
      { GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4_REV, PIPE_FORMAT_B4G4R4A4_UNORM },
      { GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV, PIPE_FORMAT_B5G5R5A1_UNORM },
      { GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV,
        PIPE_FORMAT_R10G10B10A2_UNORM },
      { GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV,
        PIPE_FORMAT_R10G10B10A2_UINT },
      { GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, PIPE_FORMAT_R11G11B10_FLOAT },
      { GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, PIPE_FORMAT_R9G9B9E5_FLOAT },
      { GL_ALPHA, GL_UNSIGNED_BYTE, PIPE_FORMAT_A8_UNORM },
      { GL_LUMINANCE, GL_UNSIGNED_BYTE, PIPE_FORMAT_L8_UNORM },
      { GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, PIPE_FORMAT_L8A8_UNORM },
      { GL_ALPHA, GL_FLOAT, PIPE_FORMAT_A32_FLOAT },
      { GL_LUMINANCE, GL_FLOAT, PIPE_FORMAT_L32_FLOAT },
      { GL_LUMINANCE_ALPHA, GL_FLOAT, PIPE_FORMAT_L32A32_FLOAT },
      { GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, PIPE_FORMAT_Z16_UNORM },
      { GL_DEPTH_COMPONENT, GL_FLOAT, PIPE_FORMAT_Z32_FLOAT },
      { GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, PIPE_FORMAT_S8_UINT_Z24_UNORM },
      { GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV,
        PIPE_FORMAT_Z32_FLOAT_S8X24_UINT },
      { GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, PIPE_FORMAT_S8_UINT },
   };
   for (size_t i = 0; i < sizeof(table) / sizeof(table[0]); i++) {
      if (table[i].format == format && table[i].type == type)
         return table[i].pipe;
   }
   return PIPE_FORMAT_NONE;
}

/* Temporary rows of one conversion. */
struct rows {
   float *f;    /* 4 per texel */
   uint32_t *u; /* 4 per texel (also the sint values) */
   float *z;
   uint8_t *s;
};

static bool
rows_alloc(struct rows *r, size_t width)
{
   r->f = malloc(width * 4 * sizeof(float));
   r->u = malloc(width * 4 * sizeof(uint32_t));
   r->z = malloc(width * sizeof(float));
   r->s = malloc(width);
   return r->f && r->u && r->z && r->s;
}

static void
rows_free(struct rows *r)
{
   free(r->f);
   free(r->u);
   free(r->z);
   free(r->s);
}

/* Whether the client data of @p c may be plain copies of texels. */
static bool
can_copy(const struct client *c, GLenum format, enum pipe_format texels)
{
   return !c->swap && st_pixels_client_format(format, c->type) == texels;
}

static void
rgba_from_value(const struct client *c, const struct value *v, float *f,
                uint32_t *u, bool sint)
{
   float fo[4] = { 0, 0, 0, 1 };
   int64_t io[4] = { 0, 0, 0, 1 };
   for (unsigned k = 0; k < c->nc; k++) {
      enum slot s = c->slot[k];
      if (s == SLOT_L) {
         for (unsigned j = 0; j < 3; j++) {
            fo[j] = (float)v->f[k];
            io[j] = v->i[k];
         }
      } else if (s <= SLOT_A) {
         fo[s] = (float)v->f[k];
         io[s] = v->i[k];
      }
   }
   for (unsigned j = 0; j < 4; j++) {
      f[j] = fo[j];
      if (sint)
         u[j] = (uint32_t)(int32_t)(io[j] < INT32_MIN   ? INT32_MIN
                                    : io[j] > INT32_MAX ? INT32_MAX
                                                        : io[j]);
      else
         u[j] = (uint32_t)(io[j] < 0            ? 0
                           : io[j] > UINT32_MAX ? UINT32_MAX
                                                : io[j]);
   }
}

bool
st_pixels_unpack(const struct st_pixelstore *store, GLenum format, GLenum type,
                 const void *src, GLsizei width, GLsizei height, GLsizei depth,
                 enum pipe_format dst_format, void *dst, size_t dst_stride,
                 size_t dst_image_stride)
{
   struct client c;
   if (!client_init(&c, format, type, store->swap_bytes))
      return false;
   enum pipe_format texels = linear_format(dst_format);
   const struct u_format_desc *d = u_format_description(texels);
   if (!d || d->is_compressed || !kinds_match(c.kind, pipe_kind(d)))
      return false;
   if (width <= 0 || height <= 0 || depth <= 0)
      return true;

   struct st_pixels_layout layout;
   st_pixels_layout(store, format, type, width, height, depth, &layout);
   const uint8_t *base = (const uint8_t *)src + layout.offset;
   size_t row_bytes = (size_t)width * d->block_bytes;

   if (can_copy(&c, format, texels)) {
      for (GLsizei z = 0; z < depth; z++) {
         for (GLsizei y = 0; y < height; y++) {
            memcpy((uint8_t *)dst + z * dst_image_stride + y * dst_stride,
                   base + z * layout.image_stride + y * layout.row_stride,
                   row_bytes);
         }
      }
      return true;
   }

   struct rows r;
   bool ok = rows_alloc(&r, (size_t)width);
   for (GLsizei z = 0; ok && z < depth; z++) {
      for (GLsizei y = 0; ok && y < height; y++) {
         const uint8_t *in =
            base + z * layout.image_stride + y * layout.row_stride;
         uint8_t *out = (uint8_t *)dst + z * dst_image_stride + y * dst_stride;
         for (GLsizei x = 0; x < width; x++) {
            struct value v = { { 0 } };
            decode_pixel(&c, in + (size_t)x * c.bpp, &v);
            if (c.kind == KIND_FLOAT || c.kind == KIND_INT) {
               rgba_from_value(&c, &v, &r.f[4 * x], &r.u[4 * x],
                               d->is_pure_sint);
               continue;
            }
            for (unsigned k = 0; k < c.nc; k++) {
               if (c.slot[k] == SLOT_Z)
                  r.z[x] = (float)clampd(v.f[k], 0.0, 1.0);
               else
                  r.s[x] = (uint8_t)v.i[k];
            }
         }
         switch (c.kind) {
         case KIND_FLOAT:
            ok = u_format_pack_rgba(texels, out, r.f, (unsigned)width);
            break;
         case KIND_INT:
            ok =
               d->is_pure_sint
                  ? u_format_pack_rgba_sint(texels, out, (int32_t *)r.u,
                                            (unsigned)width)
                  : u_format_pack_rgba_uint(texels, out, r.u, (unsigned)width);
            break;
         case KIND_DEPTH:
            ok = u_format_pack_z_float(texels, out, r.z, (unsigned)width);
            break;
         case KIND_STENCIL:
            ok = u_format_pack_s_uint8(texels, out, r.s, (unsigned)width);
            break;
         case KIND_ZS:
            ok = u_format_pack_z_float(texels, out, r.z, (unsigned)width) &&
                 (!d->is_stencil ||
                  u_format_pack_s_uint8(texels, out, r.s, (unsigned)width));
            break;
         }
      }
   }
   rows_free(&r);
   return ok;
}

/* Reads row @p y of image @p src into the intermediate rows. */
static bool
read_texels(const struct u_format_desc *d, enum pipe_format texels,
            enum kind kind, const uint8_t *image, size_t stride, unsigned y,
            unsigned width, struct rows *r)
{
   if (d->is_compressed) {
      for (unsigned x = 0; x < width; x++) {
         if (!u_format_fetch_texel_rgba(texels, image, (unsigned)stride, x, y,
                                        &r->f[4 * x]))
            return false;
      }
      return true;
   }
   const uint8_t *row = image + y * stride;
   switch (kind) {
   case KIND_FLOAT:
      return u_format_unpack_rgba(texels, row, r->f, width);
   case KIND_INT:
      return d->is_pure_sint
                ? u_format_unpack_rgba_sint(texels, row, (int32_t *)r->u, width)
                : u_format_unpack_rgba_uint(texels, row, r->u, width);
   default: {
      bool ok = true;
      if (d->is_depth)
         ok = u_format_unpack_z_float(texels, row, r->z, width);
      if (ok && d->is_stencil)
         ok = u_format_unpack_s_uint8(texels, row, r->s, width);
      return ok;
   }
   }
}

bool
st_pixels_pack(const struct st_pixelstore *store, GLenum format, GLenum type,
               void *dst, GLsizei width, GLsizei height, GLsizei depth,
               enum pipe_format src_format, const void *src, size_t src_stride,
               size_t src_image_stride, bool clamp)
{
   struct client c;
   if (!client_init(&c, format, type, store->swap_bytes))
      return false;
   enum pipe_format texels = linear_format(src_format);
   const struct u_format_desc *d = u_format_description(texels);
   if (!d)
      return false;
   enum kind tk = pipe_kind(d);
   if (!kinds_match(c.kind, tk))
      return false;
   if (width <= 0 || height <= 0 || depth <= 0)
      return true;

   struct st_pixels_layout layout;
   st_pixels_layout(store, format, type, width, height, depth, &layout);
   uint8_t *base = (uint8_t *)dst + layout.offset;

   if (!clamp && can_copy(&c, format, texels)) {
      size_t row_bytes = (size_t)width * d->block_bytes;
      for (GLsizei z = 0; z < depth; z++) {
         for (GLsizei y = 0; y < height; y++) {
            memcpy(base + z * layout.image_stride + y * layout.row_stride,
                   (const uint8_t *)src + z * src_image_stride + y * src_stride,
                   row_bytes);
         }
      }
      return true;
   }

   struct rows r;
   bool ok = rows_alloc(&r, (size_t)width);
   for (GLsizei z = 0; ok && z < depth; z++) {
      const uint8_t *image = (const uint8_t *)src + z * src_image_stride;
      for (GLsizei y = 0; ok && y < height; y++) {
         ok = read_texels(d, texels, tk, image, src_stride, (unsigned)y,
                          (unsigned)width, &r);
         uint8_t *out = base + z * layout.image_stride + y * layout.row_stride;
         for (GLsizei x = 0; ok && x < width; x++) {
            struct value v;
            for (unsigned k = 0; k < c.nc; k++) {
               enum slot s = c.slot[k];
               unsigned j = s == SLOT_L ? 0 : (unsigned)s;
               if (s == SLOT_Z) {
                  v.f[k] = r.z[x];
                  v.i[k] = 0;
               } else if (s == SLOT_S) {
                  uint8_t st = d->is_stencil ? r.s[x] : 0;
                  v.f[k] = st;
                  v.i[k] = st;
               } else if (c.kind == KIND_INT) {
                  v.i[k] = d->is_pure_sint ? (int64_t)(int32_t)r.u[4 * x + j]
                                           : (int64_t)r.u[4 * x + j];
                  v.f[k] = (double)v.i[k];
               } else {
                  double f = r.f[4 * x + j];
                  v.f[k] = clamp ? clampd(f, 0.0, 1.0) : f;
                  v.i[k] = 0;
               }
            }
            encode_pixel(&c, out + (size_t)x * c.bpp, &v);
         }
      }
   }
   rows_free(&r);
   return ok;
}
