/* SPDX-License-Identifier: MIT */

/*
 * The per-sample tests of the fragment operations: sample mask, alpha
 * test, alpha to coverage, depth bounds, stencil and depth, with the
 * stencil and depth writes they cause (sw_fragops_depth_stencil()).
 *
 * Order (GL 4.6 compatibility profile, 17.3, with EXT_depth_bounds_test
 * placed before the stencil test as Vulkan does): multisample coverage
 * operations, alpha test, depth bounds, stencil test, depth test.  A
 * sample failing the bounds test is dropped without stencil updates; a
 * sample failing the stencil test gets fail_op; one passing the stencil
 * test but failing depth gets zfail_op; one passing both gets zpass_op and
 * its depth written (when the depth test is on and writes are enabled:
 * GL 4.6 core, Depth Buffer Test: "If depth testing is disabled ... the
 * depth buffer is not updated").
 *
 * Depth values: a fixed-point buffer compares and stores the fragment's
 * depth converted as GL 4.6 core, 2.3.5.2 says (clamped to
 * [0, 1], multiplied by 2^n - 1, rounded to nearest), so a fragment
 * passes EQUAL against a value written by an identical fragment and LESS
 * compares what is stored.  The comparisons are done on 32-bit widened
 * codes (u_format_unorm_to_unorm32(), monotonic and one-to-one), which is
 * what the format table's unpack_z_uint32 returns for every unorm depth
 * layout.  Float buffers compare and store the float unchanged (the
 * rasterizer has done any clamping).
 *
 * The common case, a depth test without stencil and bounds on a 16-bit,
 * 24-bit or 32-bit float depth, reads and writes the depth bits directly
 * (depth_only_quad()), comparing the format's codes (the same order as
 * the widened codes).
 *
 * Without a depth (stencil) buffer the depth (stencil) test passes and
 * nothing is written.  The tests run per covered sample: each sample has
 * its own depth and stencil value in its plane of the surface.
 */
#include <string.h>

#include "sw_fragops_priv.h"

static uint8_t
stencil_op(unsigned op, uint8_t s, uint8_t ref)
{
   switch (op) {
   case PIPE_STENCIL_OP_ZERO:
      return 0;
   case PIPE_STENCIL_OP_REPLACE:
      return ref;
   case PIPE_STENCIL_OP_INCR:
      return s == 0xff ? s : (uint8_t)(s + 1);
   case PIPE_STENCIL_OP_DECR:
      return s == 0 ? s : (uint8_t)(s - 1);
   case PIPE_STENCIL_OP_INCR_WRAP:
      return (uint8_t)(s + 1);
   case PIPE_STENCIL_OP_DECR_WRAP:
      return (uint8_t)(s - 1);
   case PIPE_STENCIL_OP_INVERT:
      return (uint8_t)~s;
   default: /* KEEP */
      return s;
   }
}

/** Applies stencil @p op to the stencil value @p s stored at @p texel. */
static void
stencil_update(const struct sw_fragops_state *fo, unsigned face, unsigned op,
               uint8_t *texel, uint8_t s)
{
   if (op == PIPE_STENCIL_OP_KEEP)
      return;
   uint8_t wm = fo->face[face].writemask;
   uint8_t v = stencil_op(op, s, fo->face[face].ref);
   uint8_t n = (uint8_t)((s & ~wm) | (v & wm));
   if (n != s)
      fo->zs_desc->pack_s_uint8(texel, n);
}

/** The fragment depth @p z as the buffer's 32-bit widened unorm code. */
static uint32_t
depth_to_unorm32(const struct sw_fragops_state *fo, float z)
{
   uint32_t v = fo->depth_bits <= 24
                   ? sw_fragops_float_to_unorm(z, (1u << fo->depth_bits) - 1)
                   : u_format_float_to_unorm(z, fo->depth_bits);
   return u_format_unorm_to_unorm32(v, fo->depth_bits);
}

/** Bounds, stencil and depth tests of one sample; true if it passes. */
static bool
sample_tests(const struct sw_fragops_state *fo, unsigned face, uint8_t *texel,
             float z)
{
   const struct u_format_desc *d = fo->zs_desc;
   if (fo->bounds_test) {
      float stored = d->unpack_z_float(texel);
      if (!(stored >= fo->bounds_min && stored <= fo->bounds_max))
         return false;
   }

   uint8_t s = 0;
   if (fo->stencil_test) {
      uint8_t vm = fo->face[face].valuemask;
      s = d->unpack_s_uint8(texel);
      if (!sw_fragops_compare_u32(fo->face[face].func, fo->face[face].ref & vm,
                                  s & vm)) {
         stencil_update(fo, face, fo->face[face].fail_op, texel, s);
         return false;
      }
   }

   if (fo->depth_test) {
      bool pass;
      uint32_t zu = 0;
      if (fo->depth_float) {
         pass =
            sw_fragops_compare_f32(fo->depth_func, z, d->unpack_z_float(texel));
      } else {
         zu = depth_to_unorm32(fo, z);
         pass = sw_fragops_compare_u32(fo->depth_func, zu,
                                       d->unpack_z_uint32(texel));
      }
      if (!pass) {
         if (fo->stencil_test)
            stencil_update(fo, face, fo->face[face].zfail_op, texel, s);
         return false;
      }
      if (fo->stencil_test)
         stencil_update(fo, face, fo->face[face].zpass_op, texel, s);
      if (fo->depth_write) {
         if (fo->depth_float)
            d->pack_z_float(texel, z);
         else
            d->pack_z_uint32(texel, zu);
      }
      return true;
   }

   if (fo->stencil_test)
      stencil_update(fo, face, fo->face[face].zpass_op, texel, s);
   return true;
}

static void
depth_stencil_quad(const struct sw_fragops_state *fo, struct sw_quad *q)
{
   uint8_t *px[4];
   if (!sw_fragops_quad_texels(&fo->zs, q, px))
      return;
   unsigned face = q->front_facing ? 0 : 1;
   for (unsigned i = 0; i < 4; i++) {
      unsigned cov = q->coverage[i];
      if (!cov || !px[i])
         continue;
      for (unsigned s = 0; s < fo->num_samples; s++) {
         if (!(cov & (1u << s)))
            continue;
         unsigned plane = s < fo->zs.nr_samples ? s : 0;
         uint8_t *texel = px[i] + plane * fo->zs.sample_stride;
         if (!sample_tests(fo, face, texel, q->depth[i][s]))
            cov &= ~(1u << s);
      }
      q->coverage[i] = (uint8_t)cov;
   }
}

/**
 * The depth test and write of one sample without stencil or bounds,
 * reading the depth bits directly (fo->z_layout); gives the same results
 * as sample_tests(), comparing the format's codes rather than widened
 * ones.
 */
static inline bool
depth_only_sample(const struct sw_fragops_state *fo, uint8_t *texel, float z)
{
   switch (fo->z_layout) {
   case SW_FRAGOPS_Z_UNORM16: {
      uint16_t old;
      memcpy(&old, texel, sizeof(old));
      uint32_t v = sw_fragops_float_to_unorm(z, 0xffff);
      if (!sw_fragops_compare_u32(fo->depth_func, v, old))
         return false;
      if (fo->depth_write) {
         uint16_t n = (uint16_t)v;
         memcpy(texel, &n, sizeof(n));
      }
      return true;
   }
   case SW_FRAGOPS_Z_UNORM24_LO:
   case SW_FRAGOPS_Z_UNORM24_HI: {
      unsigned shift = fo->z_layout == SW_FRAGOPS_Z_UNORM24_HI ? 8 : 0;
      uint32_t w;
      memcpy(&w, texel, sizeof(w));
      uint32_t v = sw_fragops_float_to_unorm(z, 0xffffff);
      if (!sw_fragops_compare_u32(fo->depth_func, v, (w >> shift) & 0xffffff))
         return false;
      if (fo->depth_write) {
         w = (w & ~(0xffffffu << shift)) | v << shift;
         memcpy(texel, &w, sizeof(w));
      }
      return true;
   }
   default: { /* SW_FRAGOPS_Z_FLOAT32 */
      float old;
      memcpy(&old, texel, sizeof(old));
      if (!sw_fragops_compare_f32(fo->depth_func, z, old))
         return false;
      if (fo->depth_write)
         memcpy(texel, &z, sizeof(z));
      return true;
   }
   }
}

static void
depth_only_quad(const struct sw_fragops_state *fo, struct sw_quad *q)
{
   uint8_t *px[4];
   if (!sw_fragops_quad_texels(&fo->zs, q, px))
      return;
   for (unsigned i = 0; i < 4; i++) {
      unsigned cov = q->coverage[i];
      if (!cov || !px[i])
         continue;
      if (fo->num_samples == 1) {
         if (!depth_only_sample(fo, px[i], q->depth[i][0]))
            q->coverage[i] = 0;
         continue;
      }
      for (unsigned s = 0; s < fo->num_samples; s++) {
         if (!(cov & (1u << s)))
            continue;
         unsigned plane = s < fo->zs.nr_samples ? s : 0;
         uint8_t *texel = px[i] + plane * fo->zs.sample_stride;
         if (!depth_only_sample(fo, texel, q->depth[i][s]))
            cov &= ~(1u << s);
      }
      q->coverage[i] = (uint8_t)cov;
   }
}

/** Alpha of colour output 0 of pixel @p i as the tests see it. */
static float
pixel_alpha(const struct sw_fragops_state *fo, const struct sw_quad *q,
            unsigned i)
{
   float a = sw_fragops_as_float(q->color[0][3][i]);
   return fo->clamp_fragment_color ? sw_fragops_clampf(a, 0.0f, 1.0f) : a;
}

/**
 * GL 4.6 core, multisample fragment operations: alpha to coverage makes
 * a mask whose share of set bits is proportional to alpha; here the first
 * round(alpha * samples) samples.
 */
static uint8_t
alpha_coverage(const struct sw_fragops_state *fo, float alpha)
{
   float a = sw_fragops_clampf(alpha, 0.0f, 1.0f);
   unsigned n = (unsigned)(a * (float)fo->num_samples + 0.5f);
   return (uint8_t)((1u << n) - 1);
}

static void
alpha_ops(const struct sw_fragops_state *fo, struct sw_quad *q)
{
   for (unsigned i = 0; i < 4; i++) {
      if (!q->coverage[i])
         continue;
      float a = pixel_alpha(fo, q, i);
      if (fo->alpha_test &&
          !sw_fragops_compare_f32(fo->alpha_func, a, fo->alpha_ref)) {
         q->coverage[i] = 0;
         continue;
      }
      if (fo->alpha_to_coverage)
         q->coverage[i] &= alpha_coverage(fo, a);
   }
}

unsigned
sw_fragops_depth_stencil(const struct sw_fragops_state *fo, struct sw_quad *q,
                         bool with_alpha_test)
{
   for (unsigned i = 0; i < 4; i++)
      q->coverage[i] &= fo->coverage_mask;
   if (with_alpha_test && (fo->alpha_test || fo->alpha_to_coverage))
      alpha_ops(fo, q);
   if (fo->z_layout != SW_FRAGOPS_Z_NONE)
      depth_only_quad(fo, q);
   else if (fo->zs_active)
      depth_stencil_quad(fo, q);
   return sw_fragops_coverage_count(q->coverage[0]) +
          sw_fragops_coverage_count(q->coverage[1]) +
          sw_fragops_coverage_count(q->coverage[2]) +
          sw_fragops_coverage_count(q->coverage[3]);
}
