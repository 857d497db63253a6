/* SPDX-License-Identifier: MIT */

/*
 * Tests of the colour stores of sw_fragops_color() other than blending:
 * the 16 logic ops on unorm, snorm-free integer and packed targets,
 * colour masks on array, bitfield and luminance/alpha formats, integer
 * targets and their clamping, sRGB encoding, colour clamping,
 * multisample coverage and replication, alpha to one, the written-outputs
 * mask, layers and surface edges, and the byte order of the RGBA8/BGRA8
 * fast path.
 */
#include <math.h>

#include "sw_fragops_test.h"

/** GL's logical operations, written out one by one. */
static uint32_t
ref_logic(unsigned op, uint32_t s, uint32_t d)
{
   switch (op) {
   case PIPE_LOGICOP_CLEAR:
      return 0;
   case PIPE_LOGICOP_NOR:
      return ~(s | d);
   case PIPE_LOGICOP_AND_INVERTED:
      return ~s & d;
   case PIPE_LOGICOP_COPY_INVERTED:
      return ~s;
   case PIPE_LOGICOP_AND_REVERSE:
      return s & ~d;
   case PIPE_LOGICOP_INVERT:
      return ~d;
   case PIPE_LOGICOP_XOR:
      return s ^ d;
   case PIPE_LOGICOP_NAND:
      return ~(s & d);
   case PIPE_LOGICOP_AND:
      return s & d;
   case PIPE_LOGICOP_EQUIV:
      return ~(s ^ d);
   case PIPE_LOGICOP_NOOP:
      return d;
   case PIPE_LOGICOP_OR_INVERTED:
      return ~s | d;
   case PIPE_LOGICOP_COPY:
      return s;
   case PIPE_LOGICOP_OR_REVERSE:
      return s | ~d;
   case PIPE_LOGICOP_OR:
      return s | d;
   default:
      return ~0u;
   }
}

static void
test_logicop(void **state)
{
   struct fo_env *e = *state;
   unsigned op = (unsigned)e->param;
   e->blend.base.logicop_enable = true;
   e->blend.base.logicop_func = op;
   /* Blending is off while the logic op is on. */
   e->blend.base.rt[0] =
      (struct pipe_rt_blend_state){ .blend_enable = true,
                                    .rgb_src_factor = PIPE_BLENDFACTOR_ZERO,
                                    .alpha_src_factor = PIPE_BLENDFACTOR_ZERO,
                                    .colormask = PIPE_MASK_RGBA };

   /* 8-bit unorm: source 0.8, 0.2, 1.0, 0 -> 204, 51, 255, 0. */
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   const uint32_t dst = 0x5ac3f00fu;
   memcpy(fo_texel(r, 0, 0, 0, 0), &dst, 4);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0);
   q.coverage[0] = 1;
   fo_quad_color(&q, 0, 0, 0.8f, 0.2f, 1.0f, 0.0f);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   uint32_t got;
   memcpy(&got, fo_texel(r, 0, 0, 0, 0), 4);
   assert_int_equal(got, ref_logic(op, 0x00ff33ccu, dst));

   /* 32-bit integer. */
   r = fo_add_cbuf(e, 0, PIPE_FORMAT_R32_UINT, 2, 2, 1, 1);
   const uint32_t dst32 = 0x12345678u;
   memcpy(fo_texel(r, 0, 0, 1, 1), &dst32, 4);
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 0);
   q.coverage[3] = 1;
   fo_quad_icolor(&q, 0, 3, 0xdeadbeefu, 0, 0, 0);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   memcpy(&got, fo_texel(r, 0, 0, 1, 1), 4);
   assert_int_equal(got, ref_logic(op, 0xdeadbeefu, dst32));

   /* A packed 16-bit format with a colour mask: B5G6R5, green kept. */
   e->blend.base.rt[0].colormask = PIPE_MASK_R | PIPE_MASK_B;
   r = fo_add_cbuf(e, 0, PIPE_FORMAT_B5G6R5_UNORM, 2, 2, 1, 1);
   const uint16_t dst16 = 0xa5c3;
   memcpy(fo_texel(r, 0, 0, 0, 1), &dst16, 2);
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 0);
   q.coverage[2] = 1;
   fo_quad_color(&q, 0, 2, 1.0f, 1.0f, 0.0f, 1.0f); /* R = 31, B = 0 */
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   uint16_t got16;
   memcpy(&got16, fo_texel(r, 0, 0, 0, 1), 2);
   uint16_t mask = 0xf81f; /* R 15:11, B 4:0 */
   uint16_t logic = (uint16_t)ref_logic(op, 0xf800u | 0x07e0u, dst16);
   assert_int_equal(got16, (dst16 & ~mask) | (logic & mask));
}

/* Float and sRGB targets ignore the logic op, and do not blend either. */
static void
test_logicop_float_ignored(void **state)
{
   struct fo_env *e = *state;
   e->blend.base.logicop_enable = true;
   e->blend.base.logicop_func = PIPE_LOGICOP_CLEAR;
   e->blend.base.rt[0] = (struct pipe_rt_blend_state){
      .blend_enable = true,
      .rgb_src_factor = PIPE_BLENDFACTOR_ZERO,
      .rgb_dst_factor = PIPE_BLENDFACTOR_ONE,
      .alpha_src_factor = PIPE_BLENDFACTOR_ZERO,
      .alpha_dst_factor = PIPE_BLENDFACTOR_ONE,
      .colormask = PIPE_MASK_RGBA,
   };
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1);
   struct pipe_resource *s =
      fo_add_cbuf(e, 1, PIPE_FORMAT_R8G8B8A8_SRGB, 2, 2, 1, 1);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++) {
      fo_quad_color(&q, 0, i, 1.5f, -2.0f, 0.25f, 3.0f);
      fo_quad_color(&q, 1, i, 1.0f, 0.0f, 1.0f, 0.0f);
   }
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   const float *f = (const float *)fo_texel(r, 0, 0, 1, 0);
   assert_true(f[0] == 1.5f && f[1] == -2.0f && f[2] == 0.25f && f[3] == 3.0f);
   const uint8_t *b = fo_texel(s, 0, 0, 1, 0);
   assert_int_equal(b[0], 255);
   assert_int_equal(b[1], 0);
   assert_int_equal(b[2], 255);
   assert_int_equal(b[3], 0);
}

static void
test_colormask_rgba8(void **state)
{
   struct fo_env *e = *state;
   const enum pipe_format formats[2] = { PIPE_FORMAT_R8G8B8A8_UNORM,
                                         PIPE_FORMAT_B8G8R8A8_UNORM };
   for (unsigned f = 0; f < 2; f++) {
      for (unsigned blend = 0; blend < 2; blend++) {
         struct pipe_resource *r = fo_add_cbuf(e, 0, formats[f], 2, 2, 1, 1);
         e->blend.base.rt[0] = (struct pipe_rt_blend_state){
            .blend_enable = blend,
            .rgb_src_factor = PIPE_BLENDFACTOR_ONE,
            .rgb_dst_factor = PIPE_BLENDFACTOR_ONE,
            .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
            .alpha_dst_factor = PIPE_BLENDFACTOR_ONE,
            .colormask = PIPE_MASK_G | PIPE_MASK_A,
         };
         const uint8_t dst[4] = { 10, 20, 30, 40 };
         memcpy(fo_texel(r, 0, 0, 1, 1), dst, 4);
         struct sw_fragops_state *fo = fo_prepare(e);
         struct sw_quad q;
         fo_quad(&q, 0, 0, 1);
         for (unsigned i = 0; i < 4; i++)
            fo_quad_color(&q, 0, i, 1.0f, 100 / 255.0f, 1.0f, 50 / 255.0f);
         sw_fragops_color(fo, &q);
         sw_fragops_release(fo);
         const uint8_t *got = fo_texel(r, 0, 0, 1, 1);
         assert_int_equal(got[0], 10);
         assert_int_equal(got[1], blend ? 120 : 100);
         assert_int_equal(got[2], 30);
         assert_int_equal(got[3], blend ? 90 : 50);
      }
   }
}

static void
test_colormask_formats(void **state)
{
   struct fo_env *e = *state;
   /* B5G6R5 with only green. */
   e->blend.base.rt[0].colormask = PIPE_MASK_G;
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_B5G6R5_UNORM, 2, 2, 1, 1);
   const uint16_t dst = 0xffff;
   memcpy(fo_texel(r, 0, 0, 0, 0), &dst, 2);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   fo_quad_color(&q, 0, 0, 0, 0, 0, 0);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   uint16_t got;
   memcpy(&got, fo_texel(r, 0, 0, 0, 0), 2);
   assert_int_equal(got, 0xf81f);

   /* Float RGBA without blue and alpha. */
   e->blend.base.rt[0].colormask = PIPE_MASK_R | PIPE_MASK_G;
   r = fo_add_cbuf(e, 0, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1);
   const float fd[4] = { 9, 9, 9, 9 };
   memcpy(fo_texel(r, 0, 0, 0, 0), fd, 16);
   fo = fo_prepare(e);
   fo_quad_color(&q, 0, 0, 1, 2, 3, 4);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   const float *f = (const float *)fo_texel(r, 0, 0, 0, 0);
   assert_true(f[0] == 1 && f[1] == 2 && f[2] == 9 && f[3] == 9);

   /* Luminance is written through R, alpha through A. */
   e->blend.base.rt[0].colormask = PIPE_MASK_A;
   r = fo_add_cbuf(e, 0, PIPE_FORMAT_L8A8_UNORM, 2, 2, 1, 1);
   fo = fo_prepare(e);
   fo_quad_color(&q, 0, 0, 1, 1, 1, 1);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   assert_int_equal(fo_texel(r, 0, 0, 0, 0)[0], 0);
   assert_int_equal(fo_texel(r, 0, 0, 0, 0)[1], 255);

   /* A colour mask without R: an L8 target is not written at all. */
   r = fo_add_cbuf(e, 0, PIPE_FORMAT_L8_UNORM, 2, 2, 1, 1);
   e->blend.base.rt[0].colormask = PIPE_MASK_G | PIPE_MASK_B | PIPE_MASK_A;
   fo = fo_prepare(e);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   assert_int_equal(fo_texel(r, 0, 0, 0, 0)[0], 0);
   e->blend.base.rt[0].colormask = PIPE_MASK_R;
   fo = fo_prepare(e);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   assert_int_equal(fo_texel(r, 0, 0, 0, 0)[0], 255);
}

/* L, A and I formats take R, A and R. */
static void
test_luminance_alpha_intensity(void **state)
{
   struct fo_env *e = *state;
   const struct {
      enum pipe_format format;
      uint8_t want[2];
      unsigned bytes;
   } cases[] = {
      { PIPE_FORMAT_L8_UNORM, { 51 }, 1 },
      { PIPE_FORMAT_A8_UNORM, { 204 }, 1 },
      { PIPE_FORMAT_I8_UNORM, { 51 }, 1 },
      { PIPE_FORMAT_L8A8_UNORM, { 51, 204 }, 2 },
   };
   for (unsigned k = 0; k < 4; k++) {
      struct pipe_resource *r = fo_add_cbuf(e, 0, cases[k].format, 2, 2, 1, 1);
      struct sw_fragops_state *fo = fo_prepare(e);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 1);
      for (unsigned i = 0; i < 4; i++)
         fo_quad_color(&q, 0, i, 0.2f, 0.4f, 0.6f, 0.8f);
      sw_fragops_color(fo, &q);
      sw_fragops_release(fo);
      for (unsigned b = 0; b < cases[k].bytes; b++)
         assert_int_equal(fo_texel(r, 0, 0, 1, 0)[b], cases[k].want[b]);
   }
}

static void
test_integer_targets(void **state)
{
   struct fo_env *e = *state;
   /* Blending is ignored on integer targets. */
   e->blend.base.rt[0] = (struct pipe_rt_blend_state){
      .blend_enable = true,
      .rgb_src_factor = PIPE_BLENDFACTOR_ZERO,
      .alpha_src_factor = PIPE_BLENDFACTOR_ZERO,
      .colormask = PIPE_MASK_RGBA,
   };
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UINT, 2, 2, 1, 1);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   fo_quad_icolor(&q, 0, 0, 300, 7, 0, 0xffffffffu);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   const uint8_t *b = fo_texel(r, 0, 0, 0, 0);
   assert_int_equal(b[0], 255);
   assert_int_equal(b[1], 7);
   assert_int_equal(b[2], 0);
   assert_int_equal(b[3], 255);

   r = fo_add_cbuf(e, 0, PIPE_FORMAT_R16G16B16A16_SINT, 2, 2, 1, 1);
   fo = fo_prepare(e);
   fo_quad_icolor(&q, 0, 0, (uint32_t)-40000, 40000, (uint32_t)-5, 5);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   int16_t s[4];
   memcpy(s, fo_texel(r, 0, 0, 0, 0), 8);
   assert_int_equal(s[0], -32768);
   assert_int_equal(s[1], 32767);
   assert_int_equal(s[2], -5);
   assert_int_equal(s[3], 5);

   r = fo_add_cbuf(e, 0, PIPE_FORMAT_R10G10B10A2_UINT, 2, 2, 1, 1);
   fo = fo_prepare(e);
   fo_quad_icolor(&q, 0, 0, 1023, 2000, 1, 3);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   uint32_t w;
   memcpy(&w, fo_texel(r, 0, 0, 0, 0), 4);
   assert_int_equal(w, 1023u | 1023u << 10 | 1u << 20 | 3u << 30);
}

static void
test_srgb_store(void **state)
{
   struct fo_env *e = *state;
   const enum pipe_format formats[2] = { PIPE_FORMAT_R8G8B8A8_SRGB,
                                         PIPE_FORMAT_B8G8R8A8_SRGB };
   for (unsigned f = 0; f < 2; f++) {
      struct pipe_resource *r = fo_add_cbuf(e, 0, formats[f], 2, 2, 1, 1);
      struct sw_fragops_state *fo = fo_prepare(e);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 1);
      for (unsigned i = 0; i < 4; i++)
         fo_quad_color(&q, 0, i, 0.5f, 0.001f, 1.0f, 0.5f);
      sw_fragops_color(fo, &q);
      sw_fragops_release(fo);
      const uint8_t *b = fo_texel(r, 0, 0, 0, 1);
      /* 1.055 * 0.5^(1/2.4) - 0.055 = 0.7354 -> 188; 12.92 * 0.001 =
       * 0.01292 -> 3; alpha stays linear: 128. */
      assert_int_equal(b[f ? 2 : 0], 188);
      assert_int_equal(b[1], 3);
      assert_int_equal(b[f ? 0 : 2], 255);
      assert_int_equal(b[3], 128);
   }
}

/* Fragment colour clamping: float targets clamp only when asked; snorm
 * and unorm targets always clamp to their range. */
static void
test_color_clamping(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R16G16B16A16_FLOAT, 2, 2, 1, 1);
   const struct u_format_desc *d = u_format_description(r->format);
   for (unsigned clamp = 0; clamp < 2; clamp++) {
      e->rast.base.clamp_fragment_color = clamp;
      struct sw_fragops_state *fo = fo_prepare(e);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 1);
      fo_quad_color(&q, 0, 0, 1.5f, -0.5f, 0.25f, 2.0f);
      sw_fragops_color(fo, &q);
      sw_fragops_release(fo);
      float got[4];
      d->unpack_rgba_float(fo_texel(r, 0, 0, 0, 0), got);
      assert_true(got[0] == (clamp ? 1.0f : 1.5f));
      assert_true(got[1] == (clamp ? 0.0f : -0.5f));
      assert_true(got[2] == 0.25f);
      assert_true(got[3] == (clamp ? 1.0f : 2.0f));
   }

   e->rast.base.clamp_fragment_color = false;
   r = fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_SNORM, 2, 2, 1, 1);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   fo_quad_color(&q, 0, 0, -2.0f, 2.0f, -0.5f, 0.0f);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   const int8_t *s = (const int8_t *)fo_texel(r, 0, 0, 0, 0);
   assert_int_equal(s[0], -127);
   assert_int_equal(s[1], 127);
   assert_int_equal(s[2], -64);
   assert_int_equal(s[3], 0);
}

/* One colour per pixel, stored in the covered samples only. */
static void
test_multisample_color(void **state)
{
   struct fo_env *e = *state;
   const enum pipe_format formats[2] = { PIPE_FORMAT_R8G8B8A8_UNORM,
                                         PIPE_FORMAT_R16G16B16A16_UNORM };
   for (unsigned f = 0; f < 2; f++) {
      for (unsigned blend = 0; blend < 2; blend++) {
         struct pipe_resource *r = fo_add_cbuf(e, 0, formats[f], 2, 2, 1, 4);
         const struct u_format_desc *d = u_format_description(formats[f]);
         /* Different destinations per sample. */
         for (unsigned s = 0; s < 4; s++) {
            const float c[4] = { 0.25f * (float)s, 0, 0, 0 };
            d->pack_rgba_float(fo_texel(r, 0, s, 1, 0), c);
         }
         e->blend.base.rt[0] = (struct pipe_rt_blend_state){
            .blend_enable = blend,
            .rgb_src_factor = PIPE_BLENDFACTOR_ONE,
            .rgb_dst_factor = PIPE_BLENDFACTOR_ONE,
            .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
            .alpha_dst_factor = PIPE_BLENDFACTOR_ONE,
            .colormask = PIPE_MASK_RGBA,
         };
         struct sw_fragops_state *fo = fo_prepare(e);
         assert_int_equal(sw_fragops_num_samples(fo), 4);
         struct sw_quad q;
         fo_quad(&q, 0, 0, 0);
         q.coverage[1] = 0x5;
         fo_quad_color(&q, 0, 1, 0.25f, 1.0f, 0, 1.0f);
         sw_fragops_color(fo, &q);
         sw_fragops_release(fo);
         for (unsigned s = 0; s < 4; s++) {
            float got[4];
            d->unpack_rgba_float(fo_texel(r, 0, s, 1, 0), got);
            bool covered = s == 0 || s == 2;
            float want_r = covered ? (blend ? 0.25f * (float)s + 0.25f : 0.25f)
                                   : 0.25f * (float)s;
            assert_float_equal(got[0], want_r, 2.5 / 255);
            assert_true(got[1] == (covered ? 1.0f : 0.0f));
         }
         /* Pixels without coverage are untouched. */
         float got[4];
         d->unpack_rgba_float(fo_texel(r, 0, 0, 0, 0), got);
         assert_true(got[1] == 0.0f);
      }
   }
}

static void
test_alpha_to_one(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 4);
   e->blend.base.alpha_to_one = true;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0xf);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_color(&q, 0, i, 0, 0, 0, 0.25f);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   assert_int_equal(fo_texel(r, 0, 3, 1, 1)[3], 255);
}

/* Only render targets the shader wrote change. */
static void
test_color_written(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r0 =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   struct pipe_resource *r1 =
      fo_add_cbuf(e, 1, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   q.color_written = 0x2;
   for (unsigned i = 0; i < 4; i++) {
      fo_quad_color(&q, 0, i, 1, 1, 1, 1);
      fo_quad_color(&q, 1, i, 1, 1, 1, 1);
   }
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   assert_int_equal(fo_texel(r0, 0, 0, 0, 0)[0], 0);
   assert_int_equal(fo_texel(r1, 0, 0, 0, 0)[0], 255);
}

/* The quad's layer picks the layer of the surfaces; pixels outside the
 * surface and layers past its end are not written. */
static void
test_layers_and_edges(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R32_FLOAT, 3, 3, 3, 1);
   e->cbufs[0].first_layer = 1; /* layers 1 and 2 */
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 2, 2, 1);
   for (unsigned layer = 0; layer < 3; layer++) {
      q.layer = layer;
      for (unsigned i = 0; i < 4; i++)
         fo_quad_color(&q, 0, i, 1.0f + (float)layer, 0, 0, 0);
      sw_fragops_color(fo, &q);
   }
   sw_fragops_release(fo);
   float v;
   memcpy(&v, fo_texel(r, 0, 0, 2, 2), 4);
   assert_true(v == 0.0f);
   memcpy(&v, fo_texel(r, 1, 0, 2, 2), 4);
   assert_true(v == 1.0f);
   memcpy(&v, fo_texel(r, 2, 0, 2, 2), 4);
   assert_true(v == 2.0f);
}

/* Byte order of the fast path, single- and multisampled. */
static void
test_fast_copy_byte_order(void **state)
{
   struct fo_env *e = *state;
   const enum pipe_format formats[2] = { PIPE_FORMAT_R8G8B8A8_UNORM,
                                         PIPE_FORMAT_B8G8R8A8_UNORM };
   for (unsigned f = 0; f < 2; f++) {
      for (unsigned samples = 1; samples <= 4; samples += 3) {
         struct pipe_resource *r =
            fo_add_cbuf(e, 0, formats[f], 4, 4, 1, samples);
         struct sw_fragops_state *fo = fo_prepare(e);
         struct sw_quad q;
         fo_quad(&q, 2, 2, samples == 1 ? 1 : 0xb);
         q.coverage[0] = 0;
         for (unsigned i = 0; i < 4; i++)
            fo_quad_color(&q, 0, i, 1.0f, 0.5f, 0.2f, 0.0f);
         sw_fragops_color(fo, &q);
         sw_fragops_release(fo);
         for (unsigned s = 0; s < samples; s++) {
            const uint8_t *b = fo_texel(r, 0, s, 3, 3);
            bool covered = samples == 1 || s != 2;
            const uint8_t want[4] = { f ? 51 : 255, 128, f ? 255 : 51, 0 };
            for (unsigned c = 0; c < 4; c++)
               assert_int_equal(b[c], covered ? want[c] : 0);
            assert_int_equal(fo_texel(r, 0, s, 2, 2)[0], 0);
         }
      }
   }
}

#define LOGIC_TEST(o) FO_TEST_P("logicop_" #o, test_logicop, PIPE_LOGICOP_##o)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      LOGIC_TEST(CLEAR),
      LOGIC_TEST(NOR),
      LOGIC_TEST(AND_INVERTED),
      LOGIC_TEST(COPY_INVERTED),
      LOGIC_TEST(AND_REVERSE),
      LOGIC_TEST(INVERT),
      LOGIC_TEST(XOR),
      LOGIC_TEST(NAND),
      LOGIC_TEST(AND),
      LOGIC_TEST(EQUIV),
      LOGIC_TEST(NOOP),
      LOGIC_TEST(OR_INVERTED),
      LOGIC_TEST(COPY),
      LOGIC_TEST(OR_REVERSE),
      LOGIC_TEST(OR),
      LOGIC_TEST(SET),
      FO_TEST(test_logicop_float_ignored),
      FO_TEST(test_colormask_rgba8),
      FO_TEST(test_colormask_formats),
      FO_TEST(test_luminance_alpha_intensity),
      FO_TEST(test_integer_targets),
      FO_TEST(test_srgb_store),
      FO_TEST(test_color_clamping),
      FO_TEST(test_multisample_color),
      FO_TEST(test_alpha_to_one),
      FO_TEST(test_color_written),
      FO_TEST(test_layers_and_edges),
      FO_TEST(test_fast_copy_byte_order),
   };
   return cmocka_run_group_tests(tests, fo_group_setup, fo_group_teardown);
}
