/* SPDX-License-Identifier: MIT */

/*
 * Tests of blending in sw_fragops_color(): every equation and every
 * factor (as source and as destination factor) on a float target, an
 * 8-bit unorm target (the fast path) and a 16-bit snorm target (the
 * general path with fixed-point clamping), against a reference computed
 * here in double from the formulas of GL 4.6 core, 17.3.6; separate
 * alpha, per-target enables, constant colour clamping, sRGB blending and
 * bit-exactness of the 8-bit fast paths against the general path.
 */
#include <math.h>

#include "sw_fragops_test.h"

static const float src_color[4] = { 0.2f, 0.7f, 1.3f, 0.6f };
static const float src1_color[4] = { 0.9f, 0.1f, 0.4f, 0.3f };
static const float dst_color[4] = { 0.5f, 0.25f, 0.75f, 0.4f };
static const float const_color[4] = { 0.3f, 1.6f, 0.9f, 0.2f };
/* For the snorm target: negative values and values below -1. */
static const float src_snorm[4] = { -0.4f, 0.7f, -1.5f, 0.6f };
static const float dst_snorm[4] = { -0.5f, 0.25f, 0.75f, -0.4f };

static double
ref_factor(unsigned f, unsigned c, const double s[4], const double s1[4],
           const double d[4], const double k[4])
{
   switch (f) {
   case PIPE_BLENDFACTOR_ONE:
      return 1;
   case PIPE_BLENDFACTOR_SRC_COLOR:
      return s[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA:
      return s[3];
   case PIPE_BLENDFACTOR_DST_ALPHA:
      return d[3];
   case PIPE_BLENDFACTOR_DST_COLOR:
      return d[c];
   case PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE:
      return c == 3 ? 1 : fmin(s[3], 1 - d[3]);
   case PIPE_BLENDFACTOR_CONST_COLOR:
      return k[c];
   case PIPE_BLENDFACTOR_CONST_ALPHA:
      return k[3];
   case PIPE_BLENDFACTOR_SRC1_COLOR:
      return s1[c];
   case PIPE_BLENDFACTOR_SRC1_ALPHA:
      return s1[3];
   case PIPE_BLENDFACTOR_ZERO:
      return 0;
   case PIPE_BLENDFACTOR_INV_SRC_COLOR:
      return 1 - s[c];
   case PIPE_BLENDFACTOR_INV_SRC_ALPHA:
      return 1 - s[3];
   case PIPE_BLENDFACTOR_INV_DST_ALPHA:
      return 1 - d[3];
   case PIPE_BLENDFACTOR_INV_DST_COLOR:
      return 1 - d[c];
   case PIPE_BLENDFACTOR_INV_CONST_COLOR:
      return 1 - k[c];
   case PIPE_BLENDFACTOR_INV_CONST_ALPHA:
      return 1 - k[3];
   case PIPE_BLENDFACTOR_INV_SRC1_COLOR:
      return 1 - s1[c];
   case PIPE_BLENDFACTOR_INV_SRC1_ALPHA:
      return 1 - s1[3];
   }
   fail();
   return 0;
}

struct target {
   enum pipe_format format;
   /** Fixed point: range [lo, 1] for inputs and factors. */
   bool fixed;
   double lo;
   /** Allowed difference after the round trip through the format. */
   double tol;
};

static const struct target targets[] = {
   { PIPE_FORMAT_R32G32B32A32_FLOAT, false, 0, 1e-6 },
   { PIPE_FORMAT_R8G8B8A8_UNORM, true, 0, 1.01 / 255 },
   { PIPE_FORMAT_R16G16B16A16_SNORM, true, -1, 1.01 / 32767 },
};

static double
clampd(double v, const struct target *t)
{
   if (!t->fixed)
      return v;
   return v < t->lo ? t->lo : v > 1 ? 1 : v;
}

/** The blended colour GL prescribes, before conversion to the format. */
static void
ref_blend(const struct target *t, const struct pipe_rt_blend_state *rb,
          const float src[4], const float src1[4], const float dst[4],
          const float k[4], double out[4])
{
   double s[4], s1[4], d[4], kk[4];
   for (unsigned c = 0; c < 4; c++) {
      s[c] = clampd(src[c], t);
      s1[c] = clampd(src1[c], t);
      d[c] = dst[c];
      kk[c] = clampd(k[c], t);
   }
   for (unsigned c = 0; c < 4; c++) {
      unsigned func = c < 3 ? rb->rgb_func : rb->alpha_func;
      unsigned sfac = c < 3 ? rb->rgb_src_factor : rb->alpha_src_factor;
      unsigned dfac = c < 3 ? rb->rgb_dst_factor : rb->alpha_dst_factor;
      double sf = clampd(ref_factor(sfac, c, s, s1, d, kk), t);
      double df = clampd(ref_factor(dfac, c, s, s1, d, kk), t);
      switch (func) {
      case PIPE_BLEND_ADD:
         out[c] = s[c] * sf + d[c] * df;
         break;
      case PIPE_BLEND_SUBTRACT:
         out[c] = s[c] * sf - d[c] * df;
         break;
      case PIPE_BLEND_REVERSE_SUBTRACT:
         out[c] = d[c] * df - s[c] * sf;
         break;
      case PIPE_BLEND_MIN:
         out[c] = fmin(s[c], d[c]);
         break;
      case PIPE_BLEND_MAX:
         out[c] = fmax(s[c], d[c]);
         break;
      }
      out[c] = clampd(out[c], t);
   }
}

/**
 * Fills a 2x2 target with @p dst, draws a quad of @p src / @p src1 with
 * blend state @p rb and checks every pixel against ref_blend().
 */
static void
check_blend(struct fo_env *e, const struct target *t,
            const struct pipe_rt_blend_state *rb, const float src[4],
            const float src1[4], const float dst[4])
{
   struct pipe_resource *r = fo_add_cbuf(e, 0, t->format, 2, 2, 1, 1);
   const struct u_format_desc *d = u_format_description(t->format);
   for (unsigned i = 0; i < 4; i++)
      d->pack_rgba_float(fo_texel(r, 0, 0, i & 1, i >> 1), dst);
   float dst_read[4];
   d->unpack_rgba_float(fo_texel(r, 0, 0, 0, 0), dst_read);

   e->blend.base.rt[0] = *rb;
   memcpy(e->sw.blend_color.color, const_color, sizeof(const_color));
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++) {
      fo_quad_color(&q, 0, i, src[0], src[1], src[2], src[3]);
      for (unsigned c = 0; c < 4; c++)
         q.color1[c][i] = u_format_float_to_bits(src1[c]);
   }
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);

   double want[4];
   ref_blend(t, rb, src, src1, dst_read, const_color, want);
   for (unsigned i = 0; i < 4; i++) {
      float got[4];
      d->unpack_rgba_float(fo_texel(r, 0, 0, i & 1, i >> 1), got);
      for (unsigned c = 0; c < 4; c++) {
         double tol = t->tol * fmax(1.0, fabs(want[c]));
         if (fabs(got[c] - want[c]) > tol) {
            print_error("%s: pixel %u component %u: got %.9g, want %.9g\n",
                        d->short_name, i, c, got[c], want[c]);
            fail();
         }
      }
   }
}

static struct pipe_rt_blend_state
rt_blend(unsigned func, unsigned sf, unsigned df)
{
   return (struct pipe_rt_blend_state){
      .blend_enable = true,
      .rgb_func = func,
      .rgb_src_factor = sf,
      .rgb_dst_factor = df,
      .alpha_func = func,
      .alpha_src_factor = sf,
      .alpha_dst_factor = df,
      .colormask = PIPE_MASK_RGBA,
   };
}

static void
check_all_targets(struct fo_env *e, const struct pipe_rt_blend_state *rb)
{
   for (unsigned t = 0; t < 3; t++) {
      bool snorm = targets[t].lo < 0;
      check_blend(e, &targets[t], rb, snorm ? src_snorm : src_color, src1_color,
                  snorm ? dst_snorm : dst_color);
   }
}

static void
test_blend_equation(void **state)
{
   struct fo_env *e = *state;
   unsigned func = (unsigned)e->param;
   struct pipe_rt_blend_state rb = rt_blend(func, PIPE_BLENDFACTOR_SRC_ALPHA,
                                            PIPE_BLENDFACTOR_INV_SRC_ALPHA);
   check_all_targets(e, &rb);
   rb = rt_blend(func, PIPE_BLENDFACTOR_DST_COLOR, PIPE_BLENDFACTOR_SRC_COLOR);
   check_all_targets(e, &rb);
}

static void
test_blend_factor(void **state)
{
   struct fo_env *e = *state;
   unsigned f = (unsigned)e->param;
   /* As source factor, with a destination factor that keeps dst in. */
   struct pipe_rt_blend_state rb =
      rt_blend(PIPE_BLEND_ADD, f, PIPE_BLENDFACTOR_ONE);
   check_all_targets(e, &rb);
   /* As destination factor. */
   rb = rt_blend(PIPE_BLEND_REVERSE_SUBTRACT, PIPE_BLENDFACTOR_ONE, f);
   check_all_targets(e, &rb);
   /* Alone. */
   rb = rt_blend(PIPE_BLEND_ADD, PIPE_BLENDFACTOR_ZERO, f);
   check_all_targets(e, &rb);
}

static void
test_separate_alpha(void **state)
{
   struct fo_env *e = *state;
   struct pipe_rt_blend_state rb = {
      .blend_enable = true,
      .rgb_func = PIPE_BLEND_ADD,
      .rgb_src_factor = PIPE_BLENDFACTOR_ONE,
      .rgb_dst_factor = PIPE_BLENDFACTOR_ONE,
      .alpha_func = PIPE_BLEND_SUBTRACT,
      .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
      .alpha_dst_factor = PIPE_BLENDFACTOR_DST_ALPHA,
      .colormask = PIPE_MASK_RGBA,
   };
   check_all_targets(e, &rb);

   /* And explicitly: RGB adds, alpha is 0.6 - 0.4 * 0.4. */
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1);
   float *px = (float *)fo_texel(r, 0, 0, 0, 0);
   memcpy(px, dst_color, sizeof(dst_color));
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0);
   q.coverage[0] = 1;
   fo_quad_color(&q, 0, 0, 0.2f, 0.7f, 1.3f, 0.6f);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   assert_float_equal(px[0], 0.7, 1e-6);
   assert_float_equal(px[2], 2.05, 1e-6);
   assert_float_equal(px[3], 0.6 - 0.16, 1e-6);
}

/* independent_blend_enable: each target its own state; otherwise rt[0]
 * applies to all. */
static void
test_independent_blend(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r0 =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1);
   struct pipe_resource *r1 =
      fo_add_cbuf(e, 1, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 1);
   e->blend.base.rt[0] =
      rt_blend(PIPE_BLEND_ADD, PIPE_BLENDFACTOR_ONE, PIPE_BLENDFACTOR_ONE);
   e->blend.base.rt[1].blend_enable = false;
   e->blend.base.rt[1].colormask = PIPE_MASK_RGBA;

   for (unsigned independent = 0; independent < 2; independent++) {
      e->blend.base.independent_blend_enable = independent;
      const float one[4] = { 1, 1, 1, 1 };
      memcpy(fo_texel(r0, 0, 0, 0, 0), one, 16);
      memcpy(fo_texel(r1, 0, 0, 0, 0), one, 16);
      struct sw_fragops_state *fo = fo_prepare(e);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 0);
      q.coverage[0] = 1;
      fo_quad_color(&q, 0, 0, 0.5f, 0.5f, 0.5f, 0.5f);
      fo_quad_color(&q, 1, 0, 0.25f, 0.25f, 0.25f, 0.25f);
      sw_fragops_color(fo, &q);
      sw_fragops_release(fo);
      const float *p0 = (const float *)fo_texel(r0, 0, 0, 0, 0);
      const float *p1 = (const float *)fo_texel(r1, 0, 0, 0, 0);
      assert_true(p0[0] == 1.5f);
      assert_true(p1[0] == (independent ? 0.25f : 1.25f));
   }
}

/* Fixed-point targets clamp the constant colour; float ones do not. */
static void
test_constant_color_clamp(void **state)
{
   struct fo_env *e = *state;
   e->blend.base.rt[0] = rt_blend(PIPE_BLEND_ADD, PIPE_BLENDFACTOR_CONST_COLOR,
                                  PIPE_BLENDFACTOR_ZERO);
   e->sw.blend_color = (struct pipe_blend_color){ { 2.0f, 0.5f, 0, 0 } };
   const enum pipe_format formats[2] = { PIPE_FORMAT_R8G8B8A8_UNORM,
                                         PIPE_FORMAT_R32G32B32A32_FLOAT };
   const float want[2] = { 0.4f, 0.8f };
   for (unsigned f = 0; f < 2; f++) {
      struct pipe_resource *r = fo_add_cbuf(e, 0, formats[f], 2, 2, 1, 1);
      struct sw_fragops_state *fo = fo_prepare(e);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 1);
      for (unsigned i = 0; i < 4; i++)
         fo_quad_color(&q, 0, i, 0.4f, 0.4f, 0, 0);
      sw_fragops_color(fo, &q);
      sw_fragops_release(fo);
      float got[4];
      u_format_description(formats[f])
         ->unpack_rgba_float(fo_texel(r, 0, 0, 1, 1), got);
      assert_float_equal(got[0], want[f], 0.5 / 255);
      assert_float_equal(got[1], 0.2, 0.5 / 255);
   }
}

/* sRGB: the destination is decoded, blending happens in linear space and
 * the result is encoded (GL 4.6 core, 17.3.6 and 17.3.7). */
static double
srgb_encode(double l)
{
   l = l < 0 ? 0 : l > 1 ? 1 : l;
   return l < 0.0031308 ? 12.92 * l : 1.055 * pow(l, 1 / 2.4) - 0.055;
}

static double
srgb_decode(double s)
{
   return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4);
}

static void
test_srgb_blend(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_SRGB, 2, 2, 1, 1);
   e->blend.base.rt[0] =
      rt_blend(PIPE_BLEND_ADD, PIPE_BLENDFACTOR_ONE, PIPE_BLENDFACTOR_ONE);
   const uint8_t dst[4] = { 188, 100, 0, 64 };
   memcpy(fo_texel(r, 0, 0, 0, 0), dst, 4);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0);
   q.coverage[0] = 1;
   fo_quad_color(&q, 0, 0, 0.25f, 0.1f, 0.5f, 0.25f);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   const uint8_t *got = fo_texel(r, 0, 0, 0, 0);
   const double add[3] = { 0.25, 0.1, 0.5 };
   for (unsigned c = 0; c < 3; c++) {
      double lin = srgb_decode(dst[c] / 255.0) + add[c];
      long want = lround(srgb_encode(lin) * 255);
      assert_int_equal(got[c], want);
   }
   /* Alpha is linear: 64/255 + 0.25. */
   assert_int_equal(got[3], lround((64 / 255.0 + 0.25) * 255));
}

/* The 8-bit fast paths give exactly the bytes of the general path (here:
 * the R and G channels of R8G8_UNORM, which takes the general path). */
static void
test_fast_path_exact(void **state)
{
   struct fo_env *e = *state;
   const struct pipe_rt_blend_state modes[3] = {
      { .blend_enable = false, .colormask = PIPE_MASK_RGBA },
      rt_blend(PIPE_BLEND_ADD, PIPE_BLENDFACTOR_SRC_ALPHA,
               PIPE_BLENDFACTOR_INV_SRC_ALPHA),
      rt_blend(PIPE_BLEND_SUBTRACT, PIPE_BLENDFACTOR_SRC_COLOR,
               PIPE_BLENDFACTOR_DST_ALPHA),
   };
   const enum pipe_format fast[2] = { PIPE_FORMAT_R8G8B8A8_UNORM,
                                      PIPE_FORMAT_B8G8R8A8_UNORM };
   for (unsigned m = 0; m < 3; m++) {
      for (unsigned f = 0; f < 2; f++) {
         e->sw.framebuffer.nr_cbufs = 0;
         struct pipe_resource *a = fo_add_cbuf(e, 0, fast[f], 16, 16, 1, 1);
         struct pipe_resource *b =
            fo_add_cbuf(e, 1, PIPE_FORMAT_R8G8_UNORM, 16, 16, 1, 1);
         e->blend.base.independent_blend_enable = false;
         e->blend.base.rt[0] = modes[m];
         unsigned seed = 1234;
         for (unsigned y = 0; y < 16; y++) {
            for (unsigned x = 0; x < 16; x++) {
               uint8_t *pa = fo_texel(a, 0, 0, x, y);
               uint8_t *pb = fo_texel(b, 0, 0, x, y);
               for (unsigned c = 0; c < 4; c++) {
                  seed = seed * 1103515245u + 12345u;
                  pa[c] = (uint8_t)(seed >> 16);
               }
               /* R, G of the fast target equal R, G of R8G8. */
               pb[0] = pa[f ? 2 : 0];
               pb[1] = pa[1];
               /* The fast target's alpha is 1 for R8G8's read-back: make
                * the destination alpha equal. */
               pa[3] = 255;
            }
         }
         struct sw_fragops_state *fo = fo_prepare(e);
         for (unsigned y = 0; y < 16; y += 2) {
            for (unsigned x = 0; x < 16; x += 2) {
               struct sw_quad q;
               fo_quad(&q, x, y, 1);
               for (unsigned i = 0; i < 4; i++) {
                  float v[4];
                  for (unsigned c = 0; c < 4; c++) {
                     seed = seed * 1103515245u + 12345u;
                     v[c] = (float)(seed >> 8 & 0xffff) / 60000.0f - 0.05f;
                  }
                  fo_quad_color(&q, 0, i, v[0], v[1], v[2], v[3]);
                  fo_quad_color(&q, 1, i, v[0], v[1], v[2], v[3]);
               }
               sw_fragops_color(fo, &q);
            }
         }
         sw_fragops_release(fo);
         for (unsigned y = 0; y < 16; y++) {
            for (unsigned x = 0; x < 16; x++) {
               const uint8_t *pa = fo_texel(a, 0, 0, x, y);
               const uint8_t *pb = fo_texel(b, 0, 0, x, y);
               assert_int_equal(pa[f ? 2 : 0], pb[0]);
               assert_int_equal(pa[1], pb[1]);
            }
         }
      }
   }
}

/* R11G11B10 float blending (unsigned floats: negative results give 0). */
static void
test_blend_packed_float(void **state)
{
   struct fo_env *e = *state;
   struct pipe_resource *r =
      fo_add_cbuf(e, 0, PIPE_FORMAT_R11G11B10_FLOAT, 2, 2, 1, 1);
   const struct u_format_desc *d = u_format_description(r->format);
   const float dst[4] = { 2.0f, 0.5f, 0.25f, 1.0f };
   d->pack_rgba_float(fo_texel(r, 0, 0, 0, 0), dst);
   e->blend.base.rt[0] =
      rt_blend(PIPE_BLEND_SUBTRACT, PIPE_BLENDFACTOR_ONE, PIPE_BLENDFACTOR_ONE);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0);
   q.coverage[0] = 1;
   fo_quad_color(&q, 0, 0, 3.0f, 0.25f, 0.75f, 1.0f);
   sw_fragops_color(fo, &q);
   sw_fragops_release(fo);
   float got[4];
   d->unpack_rgba_float(fo_texel(r, 0, 0, 0, 0), got);
   assert_true(got[0] == 1.0f);
   assert_true(got[1] == 0.0f);
   assert_true(got[2] == 0.5f);
}

#define EQ_TEST(f) \
   FO_TEST_P("blend_eq_" #f, test_blend_equation, PIPE_BLEND_##f)
#define FACTOR_TEST(f) \
   FO_TEST_P("blend_factor_" #f, test_blend_factor, PIPE_BLENDFACTOR_##f)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      EQ_TEST(ADD),
      EQ_TEST(SUBTRACT),
      EQ_TEST(REVERSE_SUBTRACT),
      EQ_TEST(MIN),
      EQ_TEST(MAX),
      FACTOR_TEST(ONE),
      FACTOR_TEST(SRC_COLOR),
      FACTOR_TEST(SRC_ALPHA),
      FACTOR_TEST(DST_ALPHA),
      FACTOR_TEST(DST_COLOR),
      FACTOR_TEST(SRC_ALPHA_SATURATE),
      FACTOR_TEST(CONST_COLOR),
      FACTOR_TEST(CONST_ALPHA),
      FACTOR_TEST(SRC1_COLOR),
      FACTOR_TEST(SRC1_ALPHA),
      FACTOR_TEST(ZERO),
      FACTOR_TEST(INV_SRC_COLOR),
      FACTOR_TEST(INV_SRC_ALPHA),
      FACTOR_TEST(INV_DST_ALPHA),
      FACTOR_TEST(INV_DST_COLOR),
      FACTOR_TEST(INV_CONST_COLOR),
      FACTOR_TEST(INV_CONST_ALPHA),
      FACTOR_TEST(INV_SRC1_COLOR),
      FACTOR_TEST(INV_SRC1_ALPHA),
      FO_TEST(test_separate_alpha),
      FO_TEST(test_independent_blend),
      FO_TEST(test_constant_color_clamp),
      FO_TEST(test_srgb_blend),
      FO_TEST(test_fast_path_exact),
      FO_TEST(test_blend_packed_float),
   };
   return cmocka_run_group_tests(tests, fo_group_setup, fo_group_teardown);
}
