/* SPDX-License-Identifier: MIT */

/*
 * Tests of swrast clears: every renderable colour format and every depth/
 * stencil format, checked texel by texel through transfers against the
 * format's own pack function; scissored clears, one-aspect depth/stencil
 * clears that keep the other aspect, layered surfaces, every sample of a
 * multisampled surface, clear_render_target/clear_depth_stencil
 * rectangles and the render condition.
 */
#include <math.h>
#include <stdlib.h>

#include "sw_resource.h"
#include "sw_test_util.h"
#include "pipe/p_format.h"

#define W 7
#define H 5

static struct pipe_resource *
make_rt(struct sw_test *t, enum pipe_format f, unsigned bind, unsigned layers,
        unsigned samples)
{
   struct pipe_resource templ =
      sw_test_templ(layers > 1 ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D, f, W,
                    H, 1, layers, 0);
   templ.bind = bind;
   templ.nr_samples = samples;
   struct pipe_resource *r = t->screen->resource_create(t->screen, &templ);
   assert_non_null(r);
   return r;
}

static void
bind_fb(struct sw_test *t, struct pipe_surface *cbuf, struct pipe_surface *zs)
{
   struct pipe_framebuffer_state fb = {
      .width = W,
      .height = H,
      .layers = 1,
      .nr_cbufs = cbuf ? 1 : 0,
      .cbufs = { cbuf },
      .zsbuf = zs,
   };
   t->ctx->set_framebuffer_state(t->ctx, &fb);
}

static bool
in_rect(unsigned x, unsigned y, const struct pipe_scissor_state *r)
{
   return !r || (x >= r->minx && x < r->maxx && y >= r->miny && y < r->maxy);
}

static void
check_color_format(struct sw_test *t, enum pipe_format f,
                   const struct pipe_scissor_state *scissor)
{
   const struct u_format_desc *d = u_format_description(f);
   struct pipe_resource *r = make_rt(t, f, PIPE_BIND_RENDER_TARGET, 2, 0);
   struct pipe_surface *s = sw_test_surface(t, r, f, 0, 1, 1);
   bind_fb(t, s, NULL);
   union pipe_color_union c;
   uint8_t want[16] = { 0 };
   if (d->is_pure_uint) {
      c = (union pipe_color_union){ .ui = { 1, 2, 3, 4 } };
      assert_true(u_format_pack_rgba_uint(f, want, c.ui, 1));
   } else if (d->is_pure_sint) {
      c = (union pipe_color_union){ .i = { -1, 2, -3, 4 } };
      assert_true(u_format_pack_rgba_sint(f, want, c.i, 1));
   } else {
      c = (union pipe_color_union){ .f = { 0.25f, 0.5f, 0.75f, 1.0f } };
      assert_true(u_format_pack_rgba(f, want, c.f, 1));
   }
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR0, scissor, &c, 0.0, 0);
   static const uint8_t zero[16];
   for (unsigned z = 0; z < 2; z++) {
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            uint8_t got[16];
            sw_test_read_texel(t, r, 0, x, y, z, got, d->block_bytes);
            bool hit = z == 1 && in_rect(x, y, scissor);
            if (memcmp(got, hit ? want : zero, d->block_bytes) != 0)
               fail_msg("%s texel (%u, %u, %u)", d->name, x, y, z);
         }
      }
   }
   bind_fb(t, NULL, NULL);
   pipe_surface_ref(&s, NULL);
   pipe_resource_ref(&r, NULL);
}

static void
every_color_format(void **state)
{
   struct sw_test *t = *state;
   unsigned n = 0;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      if (!t->screen->is_format_supported(t->screen, f, PIPE_TEXTURE_2D, 0,
                                          PIPE_BIND_RENDER_TARGET))
         continue;
      check_color_format(t, f, NULL);
      n++;
   }
   assert_true(n >= 70);
}

static void
scissored_color(void **state)
{
   struct sw_test *t = *state;
   struct pipe_scissor_state sc = { 2, 1, 5, 4 };
   check_color_format(t, PIPE_FORMAT_R8G8B8A8_UNORM, &sc);
   check_color_format(t, PIPE_FORMAT_R32G32_SINT, &sc);
   struct pipe_scissor_state beyond = { 5, 3, 100, 100 };
   check_color_format(t, PIPE_FORMAT_B5G6R5_UNORM, &beyond);
}

static void
every_depth_stencil_format(void **state)
{
   struct sw_test *t = *state;
   unsigned n = 0;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      if (!t->screen->is_format_supported(t->screen, f, PIPE_TEXTURE_2D, 0,
                                          PIPE_BIND_DEPTH_STENCIL))
         continue;
      const struct u_format_desc *d = u_format_description(f);
      struct pipe_resource *r = make_rt(t, f, PIPE_BIND_DEPTH_STENCIL, 1, 0);
      struct pipe_surface *s = sw_test_surface(t, r, f, 0, 0, 0);
      bind_fb(t, NULL, s);
      t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTHSTENCIL, NULL, NULL, 1.0, 0x55);
      struct pipe_scissor_state sc = { 1, 1, 3, 2 };
      t->ctx->clear(t->ctx, PIPE_CLEAR_DEPTH, &sc, NULL, 0.25, 0);
      t->ctx->clear(t->ctx, PIPE_CLEAR_STENCIL, &sc, NULL, 0.0, 0xa3);
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            uint8_t texel[16];
            sw_test_read_texel(t, r, 0, x, y, 0, texel, d->block_bytes);
            bool hit = in_rect(x, y, &sc);
            if (d->is_depth) {
               float z;
               assert_true(u_format_unpack_z_float(f, texel, &z, 1));
               assert_true(fabsf(z - (hit ? 0.25f : 1.0f)) < 1e-4f);
            }
            if (d->is_stencil) {
               uint8_t st;
               assert_true(u_format_unpack_s_uint8(f, texel, &st, 1));
               assert_int_equal(st, hit ? 0xa3 : 0x55);
            }
         }
      }
      bind_fb(t, NULL, NULL);
      pipe_surface_ref(&s, NULL);
      pipe_resource_ref(&r, NULL);
      n++;
   }
   assert_true(n >= 6);
}

static void
multisample_every_sample(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_R32_FLOAT;
   struct pipe_resource *r = make_rt(t, f, PIPE_BIND_RENDER_TARGET, 1, 4);
   struct pipe_surface *s = sw_test_surface(t, r, f, 0, 0, 0);
   union pipe_color_union c = { .f = { 0.5f, 0, 0, 0 } };
   t->ctx->clear_render_target(t->ctx, s, &c, 1, 2, 2, 100);
   const struct sw_resource *sr = sw_resource(r);
   for (unsigned smp = 0; smp < 4; smp++) {
      for (unsigned y = 0; y < H; y++) {
         for (unsigned x = 0; x < W; x++) {
            float v;
            memcpy(&v, sw_resource_texel(sr, 0, 0, smp, x, y), 4);
            bool hit = x >= 1 && x < 3 && y >= 2;
            assert_true(v == (hit ? 0.5f : 0.0f));
         }
      }
   }
   pipe_surface_ref(&s, NULL);
   pipe_resource_ref(&r, NULL);
}

static void
clear_depth_stencil_rect(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_Z24_UNORM_S8_UINT;
   struct pipe_resource *r = make_rt(t, f, PIPE_BIND_DEPTH_STENCIL, 3, 0);
   struct pipe_surface *s = sw_test_surface(t, r, f, 0, 1, 2);
   t->ctx->clear_depth_stencil(t->ctx, s, PIPE_CLEAR_STENCIL, 0.0, 9, 0, 0, 2,
                               2);
   for (unsigned z = 0; z < 3; z++) {
      uint8_t texel[4], st;
      sw_test_read_texel(t, r, 0, 1, 1, z, texel, 4);
      u_format_unpack_s_uint8(f, texel, &st, 1);
      assert_int_equal(st, z ? 9 : 0);
      sw_test_read_texel(t, r, 0, 2, 1, z, texel, 4);
      u_format_unpack_s_uint8(f, texel, &st, 1);
      assert_int_equal(st, 0);
   }
   pipe_surface_ref(&s, NULL);
   pipe_resource_ref(&r, NULL);
}

static void
render_condition_skips_clear(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_R8_UINT;
   struct pipe_resource *r = make_rt(t, f, PIPE_BIND_RENDER_TARGET, 1, 0);
   struct pipe_surface *s = sw_test_surface(t, r, f, 0, 0, 0);
   bind_fb(t, s, NULL);
   /* An occlusion query that saw nothing: result 0. */
   struct pipe_query *q =
      t->ctx->create_query(t->ctx, PIPE_QUERY_OCCLUSION_PREDICATE, 0);
   t->ctx->begin_query(t->ctx, q);
   t->ctx->end_query(t->ctx, q);
   union pipe_color_union c = { .ui = { 7, 0, 0, 0 } };
   t->ctx->render_condition(t->ctx, q, false, PIPE_RENDER_COND_WAIT);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR0, NULL, &c, 0.0, 0);
   uint8_t v;
   sw_test_read_texel(t, r, 0, 0, 0, 0, &v, 1);
   assert_int_equal(v, 0);
   /* Inverted condition: drawing happens. */
   t->ctx->render_condition(t->ctx, q, true, PIPE_RENDER_COND_WAIT);
   t->ctx->clear(t->ctx, PIPE_CLEAR_COLOR0, NULL, &c, 0.0, 0);
   sw_test_read_texel(t, r, 0, 0, 0, 0, &v, 1);
   assert_int_equal(v, 7);
   t->ctx->render_condition(t->ctx, NULL, false, 0);
   t->ctx->destroy_query(t->ctx, q);
   bind_fb(t, NULL, NULL);
   pipe_surface_ref(&s, NULL);
   pipe_resource_ref(&r, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(every_color_format, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(scissored_color, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(every_depth_stencil_format, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(multisample_every_sample, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(clear_depth_stencil_rect, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(render_condition_skips_clear,
                                      sw_test_setup, sw_test_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
