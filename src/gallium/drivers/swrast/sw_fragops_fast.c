/* SPDX-License-Identifier: MIT */

/*
 * Specialised colour stores for the most common render targets, 8-bit
 * RGBA and BGRA unorm (window system buffers, GL_RGBA8 textures), chosen
 * once per draw by sw_fragops_prepare() through
 * sw_fragops_rt_choose_fast():
 *
 * - copy:  no blending, no logic op, full colour mask: four conversions
 *          and one 32-bit store per pixel (the fill-rate case);
 * - over:  the usual transparency blend, ADD with SRC_ALPHA and
 *          INV_SRC_ALPHA for RGB and alpha, full colour mask;
 * - blend: any blend equation and any colour mask, reading and writing
 *          the texel as one 32-bit word.
 *
 * Each gives exactly the bytes the general store (sw_fragops_color.c)
 * gives: the destination is decoded with fo->unorm8 (the same values as
 * the format table's unpack), colours are encoded with
 * sw_fragops_float_to_unorm8() (the same as its pack) and the blend
 * arithmetic is the same expression in float.  Logic ops and everything
 * else go to the general store.
 */
#include <string.h>

#include "sw_fragops_priv.h"

/** Bit positions of R, G, B, A in the 32-bit texel. */
struct shifts {
   unsigned s[4];
};

static struct shifts
rt_shifts(const struct sw_fragops_rt *rt)
{
   bool bgra = rt->desc->format == PIPE_FORMAT_B8G8R8A8_UNORM;
   return (struct shifts){ { bgra ? 16u : 0u, 8u, bgra ? 0u : 16u, 24u } };
}

static uint32_t
encode(const struct shifts *sh, const float c[4])
{
   return sw_fragops_float_to_unorm8(c[0]) << sh->s[0] |
          sw_fragops_float_to_unorm8(c[1]) << sh->s[1] |
          sw_fragops_float_to_unorm8(c[2]) << sh->s[2] |
          sw_fragops_float_to_unorm8(c[3]) << sh->s[3];
}

static void
decode(const struct sw_fragops_state *fo, const struct shifts *sh, uint32_t w,
       float c[4])
{
   for (unsigned k = 0; k < 4; k++)
      c[k] = fo->unorm8[(w >> sh->s[k]) & 0xffu];
}

/** The source colour of pixel @p i clamped to [0, 1]. */
static void
source(const struct sw_fragops_state *fo, const uint32_t color[4][4],
       unsigned i, float c[4])
{
   for (unsigned k = 0; k < 4; k++)
      c[k] = sw_fragops_clampf(sw_fragops_as_float(color[k][i]), 0.0f, 1.0f);
   if (fo->alpha_to_one)
      c[3] = 1.0f;
}

static inline uint8_t *
sample_texel(const struct sw_fragops_rt *rt, uint8_t *px, unsigned s)
{
   unsigned plane = s < rt->surf.nr_samples ? s : 0;
   return px + plane * rt->surf.sample_stride;
}

static void
store_copy(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
           const struct sw_quad *q)
{
   uint8_t *px[4];
   if (!sw_fragops_quad_texels(&rt->surf, q, px))
      return;
   const struct shifts sh = rt_shifts(rt);
   for (unsigned i = 0; i < 4; i++) {
      unsigned cov = q->coverage[i] & fo->coverage_mask;
      if (!cov || !px[i])
         continue;
      float c[4];
      source(fo, q->color[rt->index], i, c);
      uint32_t w = encode(&sh, c);
      if (fo->num_samples == 1) {
         memcpy(px[i], &w, sizeof(w));
         continue;
      }
      for (unsigned s = 0; s < fo->num_samples; s++) {
         if (cov & (1u << s))
            memcpy(sample_texel(rt, px[i], s), &w, sizeof(w));
      }
   }
}

static void
store_over(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
           const struct sw_quad *q)
{
   uint8_t *px[4];
   if (!sw_fragops_quad_texels(&rt->surf, q, px))
      return;
   const struct shifts sh = rt_shifts(rt);
   for (unsigned i = 0; i < 4; i++) {
      unsigned cov = q->coverage[i] & fo->coverage_mask;
      if (!cov || !px[i])
         continue;
      float src[4];
      source(fo, q->color[rt->index], i, src);
      float sf = src[3], df = 1.0f - src[3];
      for (unsigned s = 0; s < fo->num_samples; s++) {
         if (!(cov & (1u << s)))
            continue;
         uint8_t *p = sample_texel(rt, px[i], s);
         uint32_t w;
         memcpy(&w, p, sizeof(w));
         float dst[4], out[4];
         decode(fo, &sh, w, dst);
         for (unsigned k = 0; k < 4; k++)
            out[k] = src[k] * sf + dst[k] * df;
         w = encode(&sh, out);
         memcpy(p, &w, sizeof(w));
      }
   }
}

static void
store_blend(const struct sw_fragops_state *fo, const struct sw_fragops_rt *rt,
            const struct sw_quad *q)
{
   uint8_t *px[4];
   if (!sw_fragops_quad_texels(&rt->surf, q, px))
      return;
   const struct shifts sh = rt_shifts(rt);
   uint32_t mask;
   memcpy(&mask, rt->byte_mask, sizeof(mask));
   for (unsigned i = 0; i < 4; i++) {
      unsigned cov = q->coverage[i] & fo->coverage_mask;
      if (!cov || !px[i])
         continue;
      float src[4], src1[4] = { 0.0f, 0.0f, 0.0f, 0.0f };
      source(fo, q->color[rt->index], i, src);
      if (rt->dual_source) {
         for (unsigned k = 0; k < 4; k++) {
            src1[k] = sw_fragops_clampf(sw_fragops_as_float(q->color1[k][i]),
                                        0.0f, 1.0f);
         }
      }
      uint32_t color = rt->blend ? 0 : encode(&sh, src);
      for (unsigned s = 0; s < fo->num_samples; s++) {
         if (!(cov & (1u << s)))
            continue;
         uint8_t *p = sample_texel(rt, px[i], s);
         uint32_t w;
         memcpy(&w, p, sizeof(w));
         if (rt->blend) {
            float dst[4], out[4];
            decode(fo, &sh, w, dst);
            sw_fragops_blend(rt, src, src1, dst, out);
            color = encode(&sh, out);
         }
         w = (w & ~mask) | (color & mask);
         memcpy(p, &w, sizeof(w));
      }
   }
}

static bool
is_over(const struct sw_fragops_blend_eq *eq)
{
   return eq->func == PIPE_BLEND_ADD && eq->src == PIPE_BLENDFACTOR_SRC_ALPHA &&
          eq->dst == PIPE_BLENDFACTOR_INV_SRC_ALPHA;
}

sw_fragops_rt_fn
sw_fragops_rt_choose_fast(const struct sw_fragops_rt *rt)
{
   enum pipe_format f = rt->desc->format;
   if (f != PIPE_FORMAT_R8G8B8A8_UNORM && f != PIPE_FORMAT_B8G8R8A8_UNORM)
      return NULL;
   if (rt->logicop || rt->kind != SW_FRAGOPS_KIND_FLOAT)
      return NULL;
   if (!rt->blend && rt->full_mask)
      return store_copy;
   if (rt->blend && rt->full_mask && is_over(&rt->rgb) && is_over(&rt->alpha))
      return store_over;
   return store_blend;
}
