/* SPDX-License-Identifier: MIT */

/*
 * One texel of one level of a texture, in any format of the format table.
 *
 * Texels come out as four 32-bit words: floats for normalized, float and
 * depth formats (sRGB already decoded to linear by the format's unpack),
 * integer bits for pure integer formats.  Depth formats give (d, 0, 0, 1),
 * stencil formats (s, 0, 0, 1) as integers: what GL 3.3 core calls the
 * RED depth texture mode; the state tracker expresses the other modes as
 * view swizzles.  Coordinates outside the level read the sampler's border
 * colour (the wrap code only produces such coordinates for the border
 * modes).  RGBA8 and BGRA8 unorm, the common case, are read directly.
 */
#include <string.h>

#include "pipe/p_format.h"
#include "sw_tex_priv.h"
#include "u_format_convert.h"

void
sw_tex_level_size(const struct sw_tex_unit *u, unsigned level, unsigned size[3])
{
   const struct sw_resource *r = u->res;
   size[0] = r->level_width[level];
   size[1] = r->level_height[level];
   size[2] = r->base.target == PIPE_TEXTURE_3D ? r->level_layers[level] : 1;
}

static void
border(const struct sw_tex_unit *u, uint32_t out[4])
{
   memcpy(out, u->border.ui, 4 * sizeof(uint32_t));
}

static const float unorm8[256] = {
#define U8(i)    (float)(i) / 255.0f
#define U8x4(i)  U8(i), U8(i + 1), U8(i + 2), U8(i + 3)
#define U8x16(i) U8x4(i), U8x4(i + 4), U8x4(i + 8), U8x4(i + 12)
#define U8x64(i) U8x16(i), U8x16(i + 16), U8x16(i + 32), U8x16(i + 48)
   U8x64(0),
   U8x64(64),
   U8x64(128),
   U8x64(192),
#undef U8x64
#undef U8x16
#undef U8x4
#undef U8
};

void
sw_tex_fetch(const struct sw_tex_unit *u, unsigned level,
             const struct sw_texel_coord *c, uint32_t out[4])
{
   const struct sw_resource *r = u->res;
   if (r->base.target == PIPE_BUFFER) {
      /* Buffer textures: x is the element; the view bounds the range. */
      unsigned bytes = u->desc->block_bytes;
      if (c->x < 0 || (uint64_t)(c->x + 1) * bytes > u->view->buffer_size ||
          u->view->buffer_offset + (uint64_t)(c->x + 1) * bytes >
             r->base.width0) {
         memset(out, 0, 4 * sizeof(uint32_t));
         return;
      }
   } else {
      unsigned size[3];
      sw_tex_level_size(u, level, size);
      unsigned layers =
         r->base.target == PIPE_TEXTURE_3D ? size[2] : r->level_layers[level];
      if (c->x < 0 || c->y < 0 || c->z < 0 || (unsigned)c->x >= size[0] ||
          (unsigned)c->y >= size[1] || (unsigned)c->z >= layers ||
          c->sample >= r->nr_samples) {
         border(u, out);
         return;
      }
   }
   const uint8_t *p =
      r->base.target == PIPE_BUFFER
         ? r->data + u->view->buffer_offset +
              (size_t)c->x * u->desc->block_bytes
         : sw_resource_texel(r, level, (unsigned)c->z, c->sample,
                             (unsigned)c->x, (unsigned)c->y);
   float *f = (float *)out;

   switch (u->format) {
   case PIPE_FORMAT_R8G8B8A8_UNORM:
      f[0] = unorm8[p[0]];
      f[1] = unorm8[p[1]];
      f[2] = unorm8[p[2]];
      f[3] = unorm8[p[3]];
      return;
   case PIPE_FORMAT_B8G8R8A8_UNORM:
      f[0] = unorm8[p[2]];
      f[1] = unorm8[p[1]];
      f[2] = unorm8[p[0]];
      f[3] = unorm8[p[3]];
      return;
   default:
      break;
   }

   if (u->desc->is_compressed) {
      unsigned bx = (unsigned)c->x % r->block_width;
      unsigned by = (unsigned)c->y % r->block_height;
      if (!u_format_fetch_texel_rgba(u->format, p, 0, bx, by, f))
         memset(out, 0, 4 * sizeof(uint32_t));
      return;
   }
   if (u->stencil) {
      uint8_t s = 0;
      u_format_unpack_s_uint8(u->format, p, &s, 1);
      out[0] = s;
      out[1] = out[2] = 0;
      out[3] = 1;
      return;
   }
   if (u->depth) {
      f[0] = 0.0f;
      u_format_unpack_z_float(u->format, p, &f[0], 1);
      f[1] = f[2] = 0.0f;
      f[3] = 1.0f;
      return;
   }
   bool ok;
   switch (u->kind) {
   case SW_TEX_UINT:
      ok = u_format_unpack_rgba_uint(u->format, p, out, 1);
      break;
   case SW_TEX_SINT:
      ok = u_format_unpack_rgba_sint(u->format, p, (int32_t *)out, 1);
      break;
   default:
      ok = u_format_unpack_rgba(u->format, p, f, 1);
      break;
   }
   if (!ok)
      memset(out, 0, 4 * sizeof(uint32_t));
}

void
sw_tex_swizzle(const struct sw_tex_unit *u, uint32_t v[4])
{
   uint32_t one = u->kind == SW_TEX_FLOAT ? u_format_float_to_bits(1.0f) : 1;
   uint32_t in[4];
   memcpy(in, v, sizeof(in));
   for (unsigned i = 0; i < 4; i++) {
      switch (u->swizzle[i]) {
      case PIPE_SWIZZLE_X:
      case PIPE_SWIZZLE_Y:
      case PIPE_SWIZZLE_Z:
      case PIPE_SWIZZLE_W:
         v[i] = in[u->swizzle[i] - PIPE_SWIZZLE_X];
         break;
      case PIPE_SWIZZLE_0:
         v[i] = 0;
         break;
      default:
         v[i] = one;
         break;
      }
   }
}
