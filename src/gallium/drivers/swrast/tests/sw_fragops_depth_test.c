/* SPDX-License-Identifier: MIT */

/*
 * Tests of sw_fragops_depth_stencil(): every depth function, depth
 * formats round trips (Z16, Z24S8, S8Z24, Z24X8, Z32F, Z32F_S8X24), every
 * stencil op in each of its three places, stencil functions and masks,
 * two-sided stencil, depth bounds, alpha test, alpha to coverage, sample
 * mask, multisample planes, layers and occlusion counts.  Expected values
 * are written out in the tests or computed with plain C comparisons.
 */
#include <math.h>

#include "sw_fragops_test.h"

static const struct u_format_desc *
zs_desc(struct fo_env *e)
{
   return u_format_description(e->zs.format);
}

static void
fill_depth(struct fo_env *e, unsigned w, unsigned h, float z)
{
   const struct u_format_desc *d = zs_desc(e);
   for (unsigned y = 0; y < h; y++) {
      for (unsigned x = 0; x < w; x++) {
         for (unsigned s = 0; s < sw_resource(e->zs_res)->nr_samples; s++)
            d->pack_z_float(fo_texel(e->zs_res, 0, s, x, y), z);
      }
   }
}

static float
read_depth(struct fo_env *e, unsigned layer, unsigned sample, unsigned x,
           unsigned y)
{
   return zs_desc(e)->unpack_z_float(fo_texel(e->zs_res, layer, sample, x, y));
}

static uint8_t
read_stencil(struct fo_env *e, unsigned x, unsigned y)
{
   return zs_desc(e)->unpack_s_uint8(fo_texel(e->zs_res, 0, 0, x, y));
}

static void
write_stencil(struct fo_env *e, unsigned x, unsigned y, uint8_t s)
{
   zs_desc(e)->pack_s_uint8(fo_texel(e->zs_res, 0, 0, x, y), s);
}

static bool
ref_compare(unsigned func, double a, double b)
{
   switch (func) {
   case PIPE_FUNC_LESS:
      return a < b;
   case PIPE_FUNC_EQUAL:
      return a == b;
   case PIPE_FUNC_LEQUAL:
      return a <= b;
   case PIPE_FUNC_GREATER:
      return a > b;
   case PIPE_FUNC_NOTEQUAL:
      return a != b;
   case PIPE_FUNC_GEQUAL:
      return a >= b;
   case PIPE_FUNC_ALWAYS:
      return true;
   default:
      return false;
   }
}

/* Depth 0.5 stored; fragments at 0.25, 0.5, 0.75 and a value that
 * converts to the same 24-bit code as 0.5. */
static void
test_depth_func(void **state)
{
   struct fo_env *e = *state;
   unsigned func = (unsigned)e->param;
   fo_set_zs(e, PIPE_FORMAT_Z24_UNORM_S8_UINT, 4, 4, 1, 1);
   fill_depth(e, 4, 4, 0.5f);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = func;
   struct sw_fragops_state *fo = fo_prepare(e);

   const float z[4] = { 0.25f, 0.5f, 0.75f, 0.5f + 0x1p-24f };
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, z[i]);
   unsigned passed = sw_fragops_depth_stencil(fo, &q, false);

   unsigned expected = 0;
   for (unsigned i = 0; i < 4; i++) {
      double zi = i == 3 ? 0.5 : z[i];
      bool pass = ref_compare(func, zi, 0.5);
      expected += pass;
      assert_int_equal(q.coverage[i], pass ? 1 : 0);
      float stored = read_depth(e, 0, 0, i & 1, i >> 1);
      double code = round((pass ? zi : 0.5) * 0xffffff);
      float want = (float)(code / 0xffffff);
      assert_float_equal(stored, want, 1e-9);
   }
   assert_int_equal(passed, expected);
   sw_fragops_release(fo);
}

static void
test_depth_writemask_off(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z32_FLOAT, 2, 2, 1, 1);
   fill_depth(e, 2, 2, 0.5f);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.func = PIPE_FUNC_LESS;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, 0.125f);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 4);
   for (unsigned i = 0; i < 4; i++)
      assert_true(read_depth(e, 0, 0, i & 1, i >> 1) == 0.5f);
   sw_fragops_release(fo);
}

static void
test_depth_disabled_no_write(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z16_UNORM, 2, 2, 1, 1);
   fill_depth(e, 2, 2, 0.25f);
   e->dsa.base.depth.enabled = false;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = PIPE_FUNC_NEVER;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, 0.75f);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 4);
   uint16_t v;
   memcpy(&v, fo_texel(e->zs_res, 0, 0, 1, 1), 2);
   assert_int_equal(v, 0x4000); /* round(0.25 * 65535) */
   sw_fragops_release(fo);
}

/* Writes 0, 1/3, 0.5 and 1 with ALWAYS, checks the raw codes, then
 * checks that EQUAL passes and LESS fails for the same fragments and that
 * the stencil bits of combined formats are untouched. */
static void
test_depth_round_trip(void **state)
{
   struct fo_env *e = *state;
   enum pipe_format format = (enum pipe_format)e->param;
   fo_set_zs(e, format, 2, 2, 1, 1);
   const struct u_format_desc *d = zs_desc(e);
   bool has_stencil = d->is_stencil;
   if (has_stencil) {
      for (unsigned i = 0; i < 4; i++)
         write_stencil(e, i & 1, i >> 1, 0xa5);
   }
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = PIPE_FUNC_ALWAYS;
   struct sw_fragops_state *fo = fo_prepare(e);
   const float z[4] = { 0.0f, 1.0f / 3.0f, 0.5f, 1.0f };
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, z[i]);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 4);
   sw_fragops_release(fo);

   const struct u_format_channel *ch = &d->channel[d->swizzle[0]];
   for (unsigned i = 0; i < 4; i++) {
      const uint8_t *t = fo_texel(e->zs_res, 0, 0, i & 1, i >> 1);
      if (ch->type == U_FORMAT_TYPE_FLOAT) {
         float f;
         memcpy(&f, t, 4); /* the low word in both float formats */
         assert_true(f == z[i]);
      } else {
         uint64_t w = 0;
         memcpy(&w, t, d->block_bytes);
         uint32_t code = (uint32_t)((w >> ch->shift) & ((1u << ch->size) - 1));
         uint32_t want = (uint32_t)floor(z[i] * ((1u << ch->size) - 1) + 0.5);
         assert_int_equal(code, want);
      }
      if (has_stencil)
         assert_int_equal(read_stencil(e, i & 1, i >> 1), 0xa5);
   }

   e->dsa.base.depth.func = PIPE_FUNC_EQUAL;
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, z[i]);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 4);
   sw_fragops_release(fo);

   e->dsa.base.depth.func = PIPE_FUNC_LESS;
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, z[i]);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 0);
   sw_fragops_release(fo);
}

/* Unorm buffers clamp to [0, 1]; float buffers store what they get. */
static void
test_depth_clamp_unorm(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z16_UNORM, 2, 2, 1, 1);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = PIPE_FUNC_ALWAYS;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   fo_quad_depth(&q, 0, 1.5f);
   fo_quad_depth(&q, 1, -0.25f);
   fo_quad_depth(&q, 2, 0.51f / 65535.0f); /* rounds up */
   fo_quad_depth(&q, 3, 0.49f / 65535.0f); /* rounds down */
   sw_fragops_depth_stencil(fo, &q, false);
   const uint16_t want[4] = { 0xffff, 0, 1, 0 };
   for (unsigned i = 0; i < 4; i++) {
      uint16_t v;
      memcpy(&v, fo_texel(e->zs_res, 0, 0, i & 1, i >> 1), 2);
      assert_int_equal(v, want[i]);
   }
   sw_fragops_release(fo);

   fo_set_zs(e, PIPE_FORMAT_Z32_FLOAT, 2, 2, 1, 1);
   fo = fo_prepare(e);
   sw_fragops_depth_stencil(fo, &q, false);
   assert_true(read_depth(e, 0, 0, 0, 0) == 1.5f);
   assert_true(read_depth(e, 0, 0, 1, 0) == -0.25f);
   sw_fragops_release(fo);
}

/* op results for stored 0, 1, 254, 255 with ref 0x5a. */
static const uint8_t stencil_op_results[8][4] = {
   [PIPE_STENCIL_OP_KEEP] = { 0, 1, 254, 255 },
   [PIPE_STENCIL_OP_ZERO] = { 0, 0, 0, 0 },
   [PIPE_STENCIL_OP_REPLACE] = { 0x5a, 0x5a, 0x5a, 0x5a },
   [PIPE_STENCIL_OP_INCR] = { 1, 2, 255, 255 },
   [PIPE_STENCIL_OP_DECR] = { 0, 0, 253, 254 },
   [PIPE_STENCIL_OP_INCR_WRAP] = { 1, 2, 255, 0 },
   [PIPE_STENCIL_OP_DECR_WRAP] = { 255, 0, 253, 254 },
   [PIPE_STENCIL_OP_INVERT] = { 255, 254, 1, 0 },
};

static const uint8_t stencil_start[4] = { 0, 1, 254, 255 };

/* Runs one quad with the stencil state set up by the caller and checks
 * that the stencil values became stencil_op_results[op]. */
static void
check_stencil_op(struct fo_env *e, unsigned op, unsigned expect_pass)
{
   for (unsigned i = 0; i < 4; i++)
      write_stencil(e, i & 1, i >> 1, stencil_start[i]);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, 0.5f);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), expect_pass);
   for (unsigned i = 0; i < 4; i++)
      assert_int_equal(read_stencil(e, i & 1, i >> 1),
                       stencil_op_results[op][i]);
   sw_fragops_release(fo);
}

static void
test_stencil_op(void **state)
{
   struct fo_env *e = *state;
   unsigned op = (unsigned)e->param;
   fo_set_zs(e, PIPE_FORMAT_Z24_UNORM_S8_UINT, 2, 2, 1, 1);
   struct pipe_stencil_state *st = &e->dsa.base.stencil[0];
   st->enabled = true;
   st->valuemask = 0xff;
   st->writemask = 0xff;
   e->sw.stencil_ref.ref_value[0] = 0x5a;

   /* Stencil test fails: fail_op. */
   st->func = PIPE_FUNC_NEVER;
   st->fail_op = op;
   check_stencil_op(e, op, 0);

   /* Stencil passes, depth fails: zfail_op. */
   st->func = PIPE_FUNC_ALWAYS;
   st->fail_op = PIPE_STENCIL_OP_KEEP;
   st->zfail_op = op;
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.func = PIPE_FUNC_NEVER;
   check_stencil_op(e, op, 0);

   /* Both pass: zpass_op. */
   st->zfail_op = PIPE_STENCIL_OP_KEEP;
   st->zpass_op = op;
   e->dsa.base.depth.func = PIPE_FUNC_ALWAYS;
   check_stencil_op(e, op, 4);

   /* Both pass without a depth test. */
   e->dsa.base.depth.enabled = false;
   check_stencil_op(e, op, 4);
}

static void
test_stencil_funcs_valuemask(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_S8_UINT, 2, 2, 1, 1);
   const uint8_t stored[4] = { 0x12, 0x13, 0x14, 0xf3 };
   struct pipe_stencil_state *st = &e->dsa.base.stencil[0];
   st->enabled = true;
   st->valuemask = 0x0f;
   st->writemask = 0xff;
   e->sw.stencil_ref.ref_value[0] = 0x23; /* masked: 3 */
   for (unsigned func = 0; func < 8; func++) {
      st->func = func;
      for (unsigned i = 0; i < 4; i++)
         write_stencil(e, i & 1, i >> 1, stored[i]);
      struct sw_fragops_state *fo = fo_prepare(e);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 1);
      unsigned n = sw_fragops_depth_stencil(fo, &q, false);
      unsigned expected = 0;
      for (unsigned i = 0; i < 4; i++) {
         bool pass = ref_compare(func, 0x23 & 0x0f, stored[i] & 0x0f);
         expected += pass;
         assert_int_equal(q.coverage[i], pass);
      }
      assert_int_equal(n, expected);
      sw_fragops_release(fo);
   }
}

static void
test_stencil_writemask(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z24_UNORM_S8_UINT, 2, 2, 1, 1);
   struct pipe_stencil_state *st = &e->dsa.base.stencil[0];
   st->enabled = true;
   st->func = PIPE_FUNC_ALWAYS;
   st->zpass_op = PIPE_STENCIL_OP_REPLACE;
   st->valuemask = 0xff;
   st->writemask = 0x0f;
   e->sw.stencil_ref.ref_value[0] = 0x55;
   for (unsigned i = 0; i < 4; i++)
      write_stencil(e, i & 1, i >> 1, 0xa0);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   q.coverage[3] = 0;
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 3);
   assert_int_equal(read_stencil(e, 0, 0), 0xa5);
   assert_int_equal(read_stencil(e, 1, 1), 0xa0); /* not covered */
   sw_fragops_release(fo);
}

static void
run_face(struct fo_env *e, bool front)
{
   for (unsigned i = 0; i < 4; i++)
      write_stencil(e, i & 1, i >> 1, 0);
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   q.front_facing = front;
   sw_fragops_depth_stencil(fo, &q, false);
   sw_fragops_release(fo);
}

static void
test_stencil_two_sided(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z24_UNORM_S8_UINT, 2, 2, 1, 1);
   for (unsigned f = 0; f < 2; f++) {
      struct pipe_stencil_state *st = &e->dsa.base.stencil[f];
      st->enabled = true;
      st->func = PIPE_FUNC_ALWAYS;
      st->valuemask = 0xff;
      st->writemask = 0xff;
   }
   e->dsa.base.stencil[0].zpass_op = PIPE_STENCIL_OP_REPLACE;
   e->dsa.base.stencil[1].zpass_op = PIPE_STENCIL_OP_INVERT;
   e->sw.stencil_ref.ref_value[0] = 7;
   e->sw.stencil_ref.ref_value[1] = 9;

   run_face(e, true);
   assert_int_equal(read_stencil(e, 0, 0), 7);
   run_face(e, false);
   assert_int_equal(read_stencil(e, 0, 0), 0xff);

   /* The back state's function and reference apply to back faces. */
   e->dsa.base.stencil[1].func = PIPE_FUNC_EQUAL;
   e->dsa.base.stencil[1].zpass_op = PIPE_STENCIL_OP_REPLACE;
   e->dsa.base.stencil[1].fail_op = PIPE_STENCIL_OP_INCR;
   run_face(e, false);
   assert_int_equal(read_stencil(e, 1, 0), 1); /* 9 != 0: fail_op */

   /* One-sided: the front state and reference apply to both. */
   e->dsa.base.stencil[1].enabled = false;
   run_face(e, false);
   assert_int_equal(read_stencil(e, 1, 1), 7);
}

static void
test_stencil_and_depth_float(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z32_FLOAT_S8X24_UINT, 2, 2, 1, 1);
   fill_depth(e, 2, 2, 0.5f);
   for (unsigned i = 0; i < 4; i++)
      write_stencil(e, i & 1, i >> 1, 10);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = PIPE_FUNC_LESS;
   struct pipe_stencil_state *st = &e->dsa.base.stencil[0];
   st->enabled = true;
   st->func = PIPE_FUNC_ALWAYS;
   st->zpass_op = PIPE_STENCIL_OP_INCR;
   st->zfail_op = PIPE_STENCIL_OP_DECR;
   st->valuemask = st->writemask = 0xff;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   const float z[4] = { 0.25f, 0.75f, 0.5f, 0.4999999f };
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, z[i]);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 2);
   const uint8_t want_s[4] = { 11, 9, 9, 11 };
   const float want_z[4] = { 0.25f, 0.5f, 0.5f, 0.4999999f };
   for (unsigned i = 0; i < 4; i++) {
      assert_int_equal(read_stencil(e, i & 1, i >> 1), want_s[i]);
      assert_true(read_depth(e, 0, 0, i & 1, i >> 1) == want_z[i]);
   }
   sw_fragops_release(fo);
}

static void
test_depth_bounds(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z24_UNORM_S8_UINT, 2, 2, 1, 1);
   const float stored[4] = { 0.1f, 0.4f, 0.6f, 0.9f };
   for (unsigned i = 0; i < 4; i++) {
      zs_desc(e)->pack_z_float(fo_texel(e->zs_res, 0, 0, i & 1, i >> 1),
                               stored[i]);
   }
   e->dsa.base.depth.bounds_test = true;
   e->dsa.base.depth.bounds_min = 0.3f;
   e->dsa.base.depth.bounds_max = 0.7f;
   struct pipe_stencil_state *st = &e->dsa.base.stencil[0];
   st->enabled = true;
   st->func = PIPE_FUNC_NEVER;
   st->fail_op = PIPE_STENCIL_OP_INCR;
   st->valuemask = st->writemask = 0xff;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 0);
   /* Only the samples inside the bounds reached the stencil test. */
   const uint8_t want[4] = { 0, 1, 1, 0 };
   for (unsigned i = 0; i < 4; i++)
      assert_int_equal(read_stencil(e, i & 1, i >> 1), want[i]);
   sw_fragops_release(fo);

   st->enabled = false;
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 1);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 2);
   assert_int_equal(q.coverage[0], 0);
   assert_int_equal(q.coverage[1], 1);
   assert_int_equal(q.coverage[2], 1);
   assert_int_equal(q.coverage[3], 0);
   sw_fragops_release(fo);
}

static void
test_alpha_test(void **state)
{
   struct fo_env *e = *state;
   fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   const float alpha[4] = { 0.25f, 0.5f, 0.75f, NAN };
   e->dsa.base.alpha.enabled = true;
   e->dsa.base.alpha.ref_value = 0.5f;
   for (unsigned func = 0; func < 8; func++) {
      e->dsa.base.alpha.func = func;
      struct sw_fragops_state *fo = fo_prepare(e);
      assert_int_equal(sw_fragops_early_depth_ok(fo), func == PIPE_FUNC_ALWAYS);
      struct sw_quad q;
      fo_quad(&q, 0, 0, 1);
      for (unsigned i = 0; i < 4; i++)
         fo_quad_color(&q, 0, i, 0, 0, 0, alpha[i]);
      struct sw_quad early = q;
      assert_int_equal(sw_fragops_depth_stencil(fo, &early, false), 4);
      unsigned n = sw_fragops_depth_stencil(fo, &q, true);
      unsigned expected = 0;
      for (unsigned i = 0; i < 4; i++) {
         bool pass = i == 3
                        ? func == PIPE_FUNC_ALWAYS || func == PIPE_FUNC_NOTEQUAL
                        : ref_compare(func, alpha[i], 0.5);
         expected += pass;
         assert_int_equal(q.coverage[i], pass);
      }
      assert_int_equal(n, expected);
      sw_fragops_release(fo);
   }
}

/* 4x multisampled float depth: each sample has its own depth and plane. */
static void
test_multisample_depth(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z32_FLOAT, 2, 2, 1, 4);
   fill_depth(e, 2, 2, 0.5f);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = PIPE_FUNC_LESS;
   struct sw_fragops_state *fo = fo_prepare(e);
   assert_int_equal(sw_fragops_num_samples(fo), 4);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0xf);
   q.coverage[1] = 0x3;
   q.coverage[2] = 0;
   for (unsigned i = 0; i < 4; i++) {
      for (unsigned s = 0; s < 4; s++)
         q.depth[i][s] = s & 1 ? 0.75f : 0.25f - 0.0625f * (float)s;
   }
   /* pixel 0: samples 0, 2 pass; pixel 1: sample 0; pixel 3: 0, 2. */
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 5);
   assert_int_equal(q.coverage[0], 0x5);
   assert_int_equal(q.coverage[1], 0x1);
   assert_int_equal(q.coverage[2], 0);
   assert_int_equal(q.coverage[3], 0x5);
   assert_true(read_depth(e, 0, 0, 0, 0) == 0.25f);
   assert_true(read_depth(e, 0, 1, 0, 0) == 0.5f);
   assert_true(read_depth(e, 0, 2, 0, 0) == 0.125f);
   assert_true(read_depth(e, 0, 2, 1, 0) == 0.5f); /* not covered */
   assert_true(read_depth(e, 0, 0, 0, 1) == 0.5f);
   sw_fragops_release(fo);
}

static void
test_sample_mask(void **state)
{
   struct fo_env *e = *state;
   fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 4);
   e->sw.sample_mask = 0x5;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0xf);
   q.coverage[1] = 0x2;
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 6);
   assert_int_equal(q.coverage[0], 0x5);
   assert_int_equal(q.coverage[1], 0);
   sw_fragops_release(fo);

   /* Not applied when multisampling is off in the rasterizer... */
   e->rast.base.multisample = false;
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 0xf);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 16);
   sw_fragops_release(fo);

   /* ...nor on single-sampled framebuffers. */
   e->rast.base.multisample = true;
   e->sw.sample_mask = 0;
   fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   fo = fo_prepare(e);
   assert_int_equal(sw_fragops_num_samples(fo), 1);
   fo_quad(&q, 0, 0, 1);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 4);
   sw_fragops_release(fo);
}

static void
test_alpha_to_coverage(void **state)
{
   struct fo_env *e = *state;
   fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 4);
   e->blend.base.alpha_to_coverage = true;
   struct sw_fragops_state *fo = fo_prepare(e);
   assert_false(sw_fragops_early_depth_ok(fo));
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0xf);
   const float alpha[4] = { 0.0f, 0.3f, 0.5f, 1.0f };
   for (unsigned i = 0; i < 4; i++)
      fo_quad_color(&q, 0, i, 1, 1, 1, alpha[i]);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, true), 0 + 1 + 2 + 4);
   assert_int_equal(q.coverage[0], 0x0);
   assert_int_equal(q.coverage[1], 0x1);
   assert_int_equal(q.coverage[2], 0x3);
   assert_int_equal(q.coverage[3], 0xf);
   sw_fragops_release(fo);

   /* Single-sampled: no effect. */
   fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   fo = fo_prepare(e);
   assert_true(sw_fragops_early_depth_ok(fo));
   fo_quad(&q, 0, 0, 1);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, true), 4);
   sw_fragops_release(fo);
}

/* With an integer colour buffer 0, the alpha test, alpha to coverage and
 * alpha to one are skipped. */
static void
test_alpha_ops_integer_target(void **state)
{
   struct fo_env *e = *state;
   fo_add_cbuf(e, 0, PIPE_FORMAT_R32G32B32A32_UINT, 2, 2, 1, 4);
   e->dsa.base.alpha.enabled = true;
   e->dsa.base.alpha.func = PIPE_FUNC_NEVER;
   e->blend.base.alpha_to_coverage = true;
   struct sw_fragops_state *fo = fo_prepare(e);
   assert_true(sw_fragops_early_depth_ok(fo));
   struct sw_quad q;
   fo_quad(&q, 0, 0, 0xf);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, true), 16);
   sw_fragops_release(fo);

   /* The same with a float target: nothing passes the alpha test. */
   fo_add_cbuf(e, 0, PIPE_FORMAT_R32G32B32A32_FLOAT, 2, 2, 1, 4);
   fo = fo_prepare(e);
   assert_false(sw_fragops_early_depth_ok(fo));
   fo_quad(&q, 0, 0, 0xf);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, true), 0);
   sw_fragops_release(fo);
}

static void
test_no_depth_buffer(void **state)
{
   struct fo_env *e = *state;
   fo_add_cbuf(e, 0, PIPE_FORMAT_R8G8B8A8_UNORM, 2, 2, 1, 1);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.func = PIPE_FUNC_NEVER;
   e->dsa.base.stencil[0].enabled = true;
   e->dsa.base.stencil[0].func = PIPE_FUNC_NEVER;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 0, 0, 1);
   q.coverage[2] = 0;
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 3);
   sw_fragops_release(fo);

   /* A depth-only buffer: the stencil test passes. */
   fo_set_zs(e, PIPE_FORMAT_Z16_UNORM, 2, 2, 1, 1);
   e->dsa.base.depth.func = PIPE_FUNC_ALWAYS;
   fo = fo_prepare(e);
   fo_quad(&q, 0, 0, 1);
   assert_int_equal(sw_fragops_depth_stencil(fo, &q, false), 4);
   sw_fragops_release(fo);
}

static void
test_depth_layers_and_edges(void **state)
{
   struct fo_env *e = *state;
   fo_set_zs(e, PIPE_FORMAT_Z32_FLOAT, 3, 3, 2, 1);
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   e->dsa.base.depth.func = PIPE_FUNC_ALWAYS;
   struct sw_fragops_state *fo = fo_prepare(e);
   struct sw_quad q;
   fo_quad(&q, 2, 2, 1); /* only pixel 0 is inside the 3x3 surface */
   q.layer = 1;
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, 0.75f);
   sw_fragops_depth_stencil(fo, &q, false);
   assert_true(read_depth(e, 1, 0, 2, 2) == 0.75f);
   assert_true(read_depth(e, 0, 0, 2, 2) == 0.0f);

   q.layer = 2; /* outside the surface: no effect */
   for (unsigned i = 0; i < 4; i++)
      fo_quad_depth(&q, i, 0.25f);
   sw_fragops_depth_stencil(fo, &q, false);
   assert_true(read_depth(e, 1, 0, 2, 2) == 0.75f);
   sw_fragops_release(fo);
}

/* Runs random quads through the depth-only fast path and, with a depth
 * bounds test that always passes, through the general path: both must
 * give the same coverage and the same depth buffer. */
static void
run_random_depth(struct fo_env *e, bool general, uint8_t *cov_out)
{
   const struct u_format_desc *d = zs_desc(e);
   unsigned seed = 99;
   for (unsigned y = 0; y < 8; y++) {
      for (unsigned x = 0; x < 8; x++) {
         seed = seed * 1103515245u + 12345u;
         d->pack_z_float(fo_texel(e->zs_res, 0, 0, x, y),
                         (float)(seed >> 16 & 0xff) / 255.0f);
      }
   }
   e->dsa.base.depth.bounds_test = general;
   e->dsa.base.depth.bounds_min = -1.0f;
   e->dsa.base.depth.bounds_max = 2.0f;
   e->dsa.base.depth.enabled = true;
   e->dsa.base.depth.writemask = true;
   unsigned n = 0;
   for (unsigned func = 0; func < 8; func++) {
      e->dsa.base.depth.func = func;
      struct sw_fragops_state *fo = fo_prepare(e);
      for (unsigned y = 0; y < 8; y += 2) {
         for (unsigned x = 0; x < 8; x += 2) {
            struct sw_quad q;
            fo_quad(&q, x, y, 1);
            for (unsigned i = 0; i < 4; i++) {
               seed = seed * 1103515245u + 12345u;
               /* Values on and between the codes, and outside [0, 1]. */
               float z = (float)(seed >> 12 & 0xfff) / 3000.0f - 0.1f;
               if (seed & 0x100)
                  z = (float)(seed >> 20 & 0xff) / 255.0f;
               fo_quad_depth(&q, i, z);
            }
            sw_fragops_depth_stencil(fo, &q, false);
            for (unsigned i = 0; i < 4; i++)
               cov_out[n++] = q.coverage[i];
         }
      }
      sw_fragops_release(fo);
   }
}

static void
test_depth_fast_matches_general(void **state)
{
   struct fo_env *e = *state;
   const enum pipe_format formats[] = {
      PIPE_FORMAT_Z16_UNORM,
      PIPE_FORMAT_Z24_UNORM_S8_UINT,
      PIPE_FORMAT_S8_UINT_Z24_UNORM,
      PIPE_FORMAT_Z24X8_UNORM,
      PIPE_FORMAT_X8Z24_UNORM,
      PIPE_FORMAT_Z32_FLOAT,
      PIPE_FORMAT_Z32_FLOAT_S8X24_UINT,
   };
   for (unsigned f = 0; f < 7; f++) {
      uint8_t cov[2][8 * 16 * 4];
      uint8_t img[2][8][8 * 8];
      memset(img, 0, sizeof(img));
      for (unsigned general = 0; general < 2; general++) {
         fo_set_zs(e, formats[f], 8, 8, 1, 1);
         run_random_depth(e, general, cov[general]);
         for (unsigned p = 0; p < 64; p++) {
            memcpy(&img[general][p / 8][(p % 8) * 8],
                   fo_texel(e->zs_res, 0, 0, p % 8, p / 8),
                   zs_desc(e)->block_bytes);
         }
      }
      assert_memory_equal(cov[0], cov[1], sizeof(cov[0]));
      assert_memory_equal(img[0], img[1], sizeof(img[0]));
   }
}

#define FUNC_TEST(f) FO_TEST_P("depth_func_" #f, test_depth_func, PIPE_FUNC_##f)
#define OP_TEST(o) \
   FO_TEST_P("stencil_op_" #o, test_stencil_op, PIPE_STENCIL_OP_##o)
#define FMT_TEST(f) \
   FO_TEST_P("depth_round_trip_" #f, test_depth_round_trip, PIPE_FORMAT_##f)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      FUNC_TEST(NEVER),
      FUNC_TEST(LESS),
      FUNC_TEST(EQUAL),
      FUNC_TEST(LEQUAL),
      FUNC_TEST(GREATER),
      FUNC_TEST(NOTEQUAL),
      FUNC_TEST(GEQUAL),
      FUNC_TEST(ALWAYS),
      FO_TEST(test_depth_writemask_off),
      FO_TEST(test_depth_disabled_no_write),
      FMT_TEST(Z16_UNORM),
      FMT_TEST(Z24_UNORM_S8_UINT),
      FMT_TEST(S8_UINT_Z24_UNORM),
      FMT_TEST(Z24X8_UNORM),
      FMT_TEST(X8Z24_UNORM),
      FMT_TEST(Z32_FLOAT),
      FMT_TEST(Z32_FLOAT_S8X24_UINT),
      FO_TEST(test_depth_clamp_unorm),
      FO_TEST(test_depth_fast_matches_general),
      OP_TEST(KEEP),
      OP_TEST(ZERO),
      OP_TEST(REPLACE),
      OP_TEST(INCR),
      OP_TEST(DECR),
      OP_TEST(INCR_WRAP),
      OP_TEST(DECR_WRAP),
      OP_TEST(INVERT),
      FO_TEST(test_stencil_funcs_valuemask),
      FO_TEST(test_stencil_writemask),
      FO_TEST(test_stencil_two_sided),
      FO_TEST(test_stencil_and_depth_float),
      FO_TEST(test_depth_bounds),
      FO_TEST(test_alpha_test),
      FO_TEST(test_multisample_depth),
      FO_TEST(test_sample_mask),
      FO_TEST(test_alpha_to_coverage),
      FO_TEST(test_alpha_ops_integer_target),
      FO_TEST(test_no_depth_buffer),
      FO_TEST(test_depth_layers_and_edges),
   };
   return cmocka_run_group_tests(tests, fo_group_setup, fo_group_teardown);
}
