/* SPDX-License-Identifier: MIT */

/*
 * Tests of the swrast screen: capabilities, format support as derived from
 * the format table, fences, timestamps and context creation.
 */
#include <stdlib.h>

#include "sw_test_util.h"
#include "util/u_time.h"

static void
caps_are_sane(void **state)
{
   struct sw_test *t = *state;
   struct pipe_screen *s = t->screen;
   assert_int_equal(s->get_param(s, PIPE_CAP_MAX_TEXTURE_2D_SIZE), 8192);
   assert_int_equal(s->get_param(s, PIPE_CAP_MAX_RENDER_TARGETS), 8);
   assert_int_equal(s->get_param(s, PIPE_CAP_MAX_SAMPLES), 4);
   assert_int_equal(s->get_param(s, PIPE_CAP_GLSL_FEATURE_LEVEL), 330);
   assert_int_equal(s->get_param(s, PIPE_CAP_MAX_VERTEX_ATTRIBS), 32);
   assert_int_equal(s->get_param(s, PIPE_CAP_PRIMITIVE_RESTART), 1);
   assert_int_equal(s->get_param(s, PIPE_CAP_INSTANCING), 1);
   assert_int_equal(s->get_param(s, PIPE_CAP_ACCELERATED), 0);
   assert_int_equal(s->get_param(s, PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS), 4);
   assert_int_equal(s->get_param(s, PIPE_CAP_COUNT), 0);
   assert_int_equal(s->get_param(s, PIPE_CAP_POLYGON_STIPPLE), 1);
   /* 2^(levels - 1) is the largest size. */
   assert_int_equal(
      1 << (s->get_param(s, PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS) - 1),
      s->get_param(s, PIPE_CAP_MAX_TEXTURE_2D_SIZE));
   assert_true(s->get_paramf(s, PIPE_CAPF_MAX_POINT_SIZE) >= 64.0f);
   assert_true(s->get_paramf(s, PIPE_CAPF_MIN_LINE_WIDTH) == 1.0f);
   assert_non_null(s->get_name(s));
   assert_string_equal(s->get_vendor(s), "Indium");
   assert_non_null(s->get_compiler_options(s, PIPE_SHADER_FRAGMENT));
}

static void
shader_caps(void **state)
{
   struct pipe_screen *s = ((struct sw_test *)*state)->screen;
   assert_int_equal(
      s->get_shader_param(s, PIPE_SHADER_VERTEX, PIPE_SHADER_CAP_SUPPORTED), 1);
   assert_int_equal(
      s->get_shader_param(s, PIPE_SHADER_FRAGMENT, PIPE_SHADER_CAP_SUPPORTED),
      1);
   /* Run by the interpreter (sw_draw_gs.c). */
   assert_int_equal(
      s->get_shader_param(s, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_SUPPORTED),
      1);
   assert_int_equal(
      s->get_shader_param(s, PIPE_SHADER_VERTEX, PIPE_SHADER_CAP_MAX_INPUTS),
      32);
   assert_true(s->get_shader_param(s, PIPE_SHADER_FRAGMENT,
                                   PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE) >=
               16384);
}

static void
format_support(void **state)
{
   struct pipe_screen *s = ((struct sw_test *)*state)->screen;
   const unsigned rt = PIPE_BIND_RENDER_TARGET, ds = PIPE_BIND_DEPTH_STENCIL;
   const unsigned tex = PIPE_BIND_SAMPLER_VIEW, vb = PIPE_BIND_VERTEX_BUFFER;
#define SUP(f, tgt, n, b) \
   s->is_format_supported(s, PIPE_FORMAT_##f, PIPE_##tgt, n, b)
   assert_true(SUP(R8G8B8A8_UNORM, TEXTURE_2D, 0, rt | tex));
   assert_true(SUP(R8G8B8A8_UNORM, TEXTURE_2D, 1, rt | PIPE_BIND_BLENDABLE));
   assert_true(SUP(R32G32B32A32_UINT, TEXTURE_2D, 0, rt));
   assert_false(SUP(R32G32B32A32_UINT, TEXTURE_2D, 0, PIPE_BIND_BLENDABLE));
   assert_true(SUP(B8G8R8A8_SRGB, TEXTURE_2D, 0, rt));
   assert_false(SUP(R9G9B9E5_FLOAT, TEXTURE_2D, 0, rt));
   assert_true(SUP(R9G9B9E5_FLOAT, TEXTURE_2D, 0, tex));
   assert_false(SUP(DXT1_RGBA, TEXTURE_2D, 0, rt));
   assert_true(SUP(DXT1_RGBA, TEXTURE_2D, 0, tex));
   assert_true(SUP(RGTC2_SNORM, TEXTURE_2D_ARRAY, 0, tex));
   assert_false(SUP(DXT5_RGBA, TEXTURE_3D, 0, tex));
   assert_true(SUP(Z24_UNORM_S8_UINT, TEXTURE_2D, 0, ds | tex));
   assert_true(SUP(Z32_FLOAT_S8X24_UINT, TEXTURE_CUBE, 0, ds));
   assert_false(SUP(Z24_UNORM_S8_UINT, TEXTURE_2D, 0, rt));
   assert_false(SUP(R8G8B8A8_UNORM, TEXTURE_2D, 0, ds));
   /* Vertex formats: plain colour formats only. */
   assert_true(SUP(R32G32B32_FLOAT, BUFFER, 0, vb));
   assert_true(SUP(R16G16_SNORM, BUFFER, 0, vb));
   assert_true(SUP(R8G8B8A8_UINT, BUFFER, 0, vb));
   assert_true(SUP(R10G10B10A2_UNORM, BUFFER, 0, vb));
   assert_false(SUP(R8G8B8A8_SRGB, BUFFER, 0, vb));
   assert_false(SUP(Z16_UNORM, BUFFER, 0, vb));
   /* Buffer textures, and no depth buffer textures. */
   assert_true(SUP(R32G32B32A32_FLOAT, BUFFER, 0, tex));
   assert_false(SUP(Z32_FLOAT, BUFFER, 0, tex));
   assert_true(SUP(NONE, BUFFER, 0, PIPE_BIND_INDEX_BUFFER));
   /* Multisampling: 4x colour and depth of 2D targets only. */
   assert_true(SUP(R8G8B8A8_UNORM, TEXTURE_2D, 4, rt));
   assert_true(SUP(Z24_UNORM_S8_UINT, TEXTURE_2D_ARRAY, 4, ds));
   assert_false(SUP(R8G8B8A8_UNORM, TEXTURE_2D, 2, rt));
   assert_false(SUP(R8G8B8A8_UNORM, TEXTURE_3D, 4, rt));
   assert_false(SUP(R8G8B8A8_UNORM, TEXTURE_2D, 4, tex));
   /* Display targets. */
   assert_true(
      SUP(B8G8R8A8_UNORM, TEXTURE_2D, 0, rt | PIPE_BIND_DISPLAY_TARGET));
   assert_false(
      SUP(R16G16B16A16_FLOAT, TEXTURE_2D, 0, PIPE_BIND_DISPLAY_TARGET));
   /* Nonsense. */
   assert_false(SUP(COUNT, TEXTURE_2D, 0, tex));
   assert_false(s->is_format_supported(s, PIPE_FORMAT_R8_UNORM,
                                       PIPE_MAX_TEXTURE_TYPES, 0, tex));
#undef SUP
}

/** Every format said to be renderable can be created as a render target
 * and every sampleable one as a texture. */
static void
supported_formats_create(void **state)
{
   struct pipe_screen *s = ((struct sw_test *)*state)->screen;
   unsigned created = 0;
   for (unsigned f = 1; f < PIPE_FORMAT_COUNT; f++) {
      unsigned binds[] = { PIPE_BIND_RENDER_TARGET, PIPE_BIND_DEPTH_STENCIL,
                           PIPE_BIND_SAMPLER_VIEW };
      for (unsigned b = 0; b < 3; b++) {
         if (!s->is_format_supported(s, f, PIPE_TEXTURE_2D, 0, binds[b]))
            continue;
         struct pipe_resource templ =
            sw_test_templ(PIPE_TEXTURE_2D, f, 13, 7, 1, 1, 3);
         templ.bind = binds[b];
         struct pipe_resource *r = s->resource_create(s, &templ);
         assert_non_null(r);
         pipe_resource_ref(&r, NULL);
         created++;
      }
   }
   assert_true(created > 150);
}

static void
fences_signal(void **state)
{
   struct sw_test *t = *state;
   struct pipe_fence_handle *f = NULL, *g = NULL;
   t->ctx->flush(t->ctx, &f, 0);
   assert_non_null(f);
   assert_true(t->screen->fence_finish(t->screen, t->ctx, f, 0));
   t->screen->fence_reference(t->screen, &g, f);
   assert_ptr_equal(g, f);
   t->screen->fence_reference(t->screen, &f, NULL);
   assert_null(f);
   /* g still holds the fence: a second flush replaces it. */
   t->ctx->flush(t->ctx, &g, 0);
   assert_non_null(g);
   t->screen->fence_reference(t->screen, &g, NULL);
   t->ctx->flush(t->ctx, NULL, PIPE_FLUSH_END_OF_FRAME);
}

static void
timestamps_advance(void **state)
{
   struct pipe_screen *s = ((struct sw_test *)*state)->screen;
   uint64_t a = s->get_timestamp(s);
   u_time_sleep_ns(1000000);
   uint64_t b = s->get_timestamp(s);
   assert_true(b >= a + 1000000);
}

static void
two_contexts_share_resources(void **state)
{
   struct sw_test *t = *state;
   struct pipe_context *c2 = t->screen->context_create(t->screen, NULL, 0);
   assert_non_null(c2);
   struct pipe_resource *buf = sw_test_buffer(t, 64, NULL);
   uint32_t v = 0xdeadbeef, r = 0;
   c2->buffer_subdata(c2, buf, PIPE_MAP_WRITE, 8, 4, &v);
   struct pipe_box box = { 8, 0, 0, 4, 1, 1 };
   struct pipe_transfer *tr;
   void *p = t->ctx->buffer_map(t->ctx, buf, 0, PIPE_MAP_READ, &box, &tr);
   assert_non_null(p);
   memcpy(&r, p, 4);
   t->ctx->buffer_unmap(t->ctx, tr);
   assert_int_equal(r, v);
   pipe_resource_ref(&buf, NULL);
   c2->destroy(c2);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(caps_are_sane, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(shader_caps, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(format_support, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(supported_formats_create, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(fences_signal, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(timestamps_advance, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(two_contexts_share_resources,
                                      sw_test_setup, sw_test_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
