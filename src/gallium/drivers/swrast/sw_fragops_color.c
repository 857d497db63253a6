/* SPDX-License-Identifier: MIT */

/*
 * The general colour store of the fragment operations: any renderable
 * format, blending, logic op, colour masks, sRGB, integer targets and
 * multisampling (sw_fragops_rt_general()), and the blend equation shared
 * with the fast paths (sw_fragops_blend()).
 *
 * Per pixel of the quad, for one render target:
 *
 * 1. Source colour.  Float targets: the shader's floats, alpha replaced
 *    by 1 for alpha to one, clamped to the target's range when it is
 *    fixed-point or fragment colour clamping is on (GL 4.6 core, 17.3.6:
 *    "If the color buffer is fixed-point, the components of the source
 *    and destination values and blend factors are each clamped to [0, 1]
 *    or [-1, 1] respectively for an unsigned normalized or signed
 *    normalized color buffer prior to evaluating the blend equation").
 *    Integer targets: the shader's 32-bit integers, clamped to the
 *    channels when packed (the format table's pack functions clamp).
 * 2. Without blending or logic op the colour is packed once and stored in
 *    every covered sample (one colour per pixel, replicated).  Blending
 *    reads each covered sample's destination (unpacked to float; sRGB
 *    targets decode to linear in the format table), blends in float and
 *    packs (sRGB targets encode).  The logic op packs the source once and
 *    combines it bitwise with each sample's packed destination (GL 4.6
 *    core, Logical Operation: on the stored bits of fixed-point and integer
 *    buffers).
 * 3. Colour mask: the bytes of the new texel pass through the byte mask
 *    prepared from the colour mask (sw_fragops.c); a full mask stores the
 *    texel whole.
 */
#include <string.h>

#include "sw_fragops_priv.h"

static float
blend_factor(unsigned f, unsigned c, const float src[4], const float src1[4],
             const float dst[4], const float k[4])
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE:
      return 1.0f;
   case PIPE_BLENDFACTOR_SRC_COLOR:
      return src[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA:
      return src[3];
   case PIPE_BLENDFACTOR_DST_ALPHA:
      return dst[3];
   case PIPE_BLENDFACTOR_DST_COLOR:
      return dst[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE: {
      /* GL 4.6 core, table 17.2: (f, f, f, 1), f = min(As, 1 - Ad). */
      if (c == 3)
         return 1.0f;
      float inv = 1.0f - dst[3];
      return src[3] < inv ? src[3] : inv;
   }
   case PIPE_BLENDFACTOR_CONST_COLOR:
      return k[c];
   case PIPE_BLENDFACTOR_CONST_ALPHA:
      return k[3];
   case PIPE_BLENDFACTOR_SRC1_COLOR:
      return src1[c];
   case PIPE_BLENDFACTOR_SRC1_ALPHA:
      return src1[3];
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:
      return 1.0f - src[c];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:
      return 1.0f - src[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
      return 1.0f - dst[3];
   case PIPE_BLENDFACTOR_INV_DST_COLOR:
      return 1.0f - dst[c];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR:
      return 1.0f - k[c];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:
      return 1.0f - k[3];
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR:
      return 1.0f - src1[c];
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA:
      return 1.0f - src1[3];
   default: /* ZERO */
      return 0.0f;
   }
}

static float
blend_component(const struct sw_fragops_rt *rt,
                const struct sw_fragops_blend_eq *eq, unsigned c,
                const float src[4], const float src1[4], const float dst[4],
                const float k[4])
{
   float s = src[c], d = dst[c];
   switch (eq->func) {
   case PIPE_BLEND_MIN:
      return s < d ? s : d;
   case PIPE_BLEND_MAX:
      return s > d ? s : d;
   default:
      break;
   }
   float sf = blend_factor(eq->src, c, src, src1, dst, k);
   float df = blend_factor(eq->dst, c, src, src1, dst, k);
   if (rt->fixed_point) {
      sf = sw_fragops_clampf(sf, rt->fixed_lo, 1.0f);
      df = sw_fragops_clampf(df, rt->fixed_lo, 1.0f);
   }
   switch (eq->func) {
   case PIPE_BLEND_SUBTRACT:
      return s * sf - d * df;
   case PIPE_BLEND_REVERSE_SUBTRACT:
      return d * df - s * sf;
   default: /* ADD */
      return s * sf + d * df;
   }
}

void
sw_fragops_blend(const struct sw_fragops_rt *rt, const float src[4],
                 const float src1[4], const float dst[4], float out[4])
{
   const float *k = rt->blend_color;
   for (unsigned c = 0; c < 3; c++)
      out[c] = blend_component(rt, &rt->rgb, c, src, src1, dst, k);
   out[3] = blend_component(rt, &rt->alpha, 3, src, src1, dst, k);
}

/** GL's logical operations, as the truth table of enum pipe_logicop. */
static uint8_t
logic_byte(unsigned func, uint8_t s, uint8_t d)
{
   uint8_t r = 0;
   if (func & 1)
      r |= (uint8_t)(~s & ~d);
   if (func & 2)
      r |= (uint8_t)(~s & d);
   if (func & 4)
      r |= (uint8_t)(s & ~d);
   if (func & 8)
      r |= (uint8_t)(s & d);
   return r;
}

/** Stores @p texel at @p dst through the colour mask. */
static void
write_texel(const struct sw_fragops_rt *rt, uint8_t *dst, const uint8_t *texel)
{
   unsigned n = rt->surf.bpp;
   if (rt->full_mask) {
      memcpy(dst, texel, n);
      return;
   }
   for (unsigned b = 0; b < n; b++) {
      uint8_t m = rt->byte_mask[b];
      dst[b] = (uint8_t)((dst[b] & ~m) | (texel[b] & m));
   }
}

/** Stores the packed source @p texel in every covered sample of a pixel
 * (@p px: sample 0), through the logic op when it is on. */
static void
store_samples(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
              uint8_t *px, unsigned cov, const uint8_t *texel)
{
   for (unsigned s = 0; s < fo->num_samples; s++) {
      if (!(cov & (1u << s)))
         continue;
      unsigned plane = s < rt->surf.nr_samples ? s : 0;
      uint8_t *dst = px + plane * rt->surf.sample_stride;
      if (rt->logicop) {
         uint8_t out[16];
         for (unsigned b = 0; b < rt->surf.bpp; b++)
            out[b] = logic_byte(rt->logicop_func, texel[b], dst[b]);
         write_texel(rt, dst, out);
      } else {
         write_texel(rt, dst, texel);
      }
   }
}

static void
load_source(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
            const uint32_t color[4][4], unsigned i, bool is_src0, float out[4])
{
   for (unsigned c = 0; c < 4; c++)
      out[c] = sw_fragops_as_float(color[c][i]);
   if (is_src0 && fo->alpha_to_one)
      out[3] = 1.0f;
   if (rt->clamp) {
      for (unsigned c = 0; c < 4; c++)
         out[c] = sw_fragops_clampf(out[c], rt->clamp_lo, 1.0f);
   }
}

static void
float_pixel(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
            const struct sw_quad *q, unsigned i, uint8_t *px, unsigned cov)
{
   const struct u_format_desc *d = rt->desc;
   float src[4], src1[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
   uint8_t texel[16];
   load_source(fo, rt, q->color[rt->index], i, true, src);
   if (!rt->blend) {
      d->pack_rgba_float(texel, src);
      store_samples(fo, rt, px, cov, texel);
      return;
   }

   if (rt->dual_source)
      load_source(fo, rt, q->color1, i, false, src1);
   float dst[4] = { 0.0f, 0.0f, 0.0f, 0.0f }, out[4];
   if (!rt->blend_reads_dst) {
      sw_fragops_blend(rt, src, src1, dst, out);
      d->pack_rgba_float(texel, out);
      store_samples(fo, rt, px, cov, texel);
      return;
   }
   for (unsigned s = 0; s < fo->num_samples; s++) {
      if (!(cov & (1u << s)))
         continue;
      unsigned plane = s < rt->surf.nr_samples ? s : 0;
      uint8_t *p = px + plane * rt->surf.sample_stride;
      d->unpack_rgba_float(p, dst);
      sw_fragops_blend(rt, src, src1, dst, out);
      d->pack_rgba_float(texel, out);
      write_texel(rt, p, texel);
   }
}

static void
int_pixel(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
          const struct sw_quad *q, unsigned i, uint8_t *px, unsigned cov)
{
   uint8_t texel[16];
   uint32_t v[4];
   for (unsigned c = 0; c < 4; c++)
      v[c] = q->color[rt->index][c][i];
   if (rt->kind == SW_FRAGOPS_KIND_UINT) {
      rt->desc->pack_rgba_uint(texel, v);
   } else {
      int32_t sv[4];
      memcpy(sv, v, sizeof(sv));
      rt->desc->pack_rgba_sint(texel, sv);
   }
   store_samples(fo, rt, px, cov, texel);
}

void
sw_fragops_rt_general(const struct sw_fragops_state *fo,
                      const struct sw_fragops_rt *rt, const struct sw_quad *q)
{
   uint8_t *px[4];
   if (!sw_fragops_quad_texels(&rt->surf, q, px))
      return;
   for (unsigned i = 0; i < 4; i++) {
      unsigned cov = q->coverage[i] & fo->coverage_mask;
      if (!cov || !px[i])
         continue;
      if (rt->kind == SW_FRAGOPS_KIND_FLOAT)
         float_pixel(fo, rt, q, i, px[i], cov);
      else
         int_pixel(fo, rt, q, i, px[i], cov);
   }
}
