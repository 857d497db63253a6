/* SPDX-License-Identifier: MIT */

/*
 * Fragment-stage tests of the rasterizer, through the pipe interface:
 * coarse and fine derivatives across partially covered quads (helper
 * lanes), discard, gl_FragDepth (written and tested), several render
 * targets, draw order of overlapping fragments with early and late depth
 * tests, and occlusion counting.
 */
#include "sw_raster_test_util.h"

#define S 64

static float *
put(float *v, float x, float y, float z, float r, float g, float b)
{
   const float d[8] = { x, y, z, 1, r, g, b, 1 };
   memcpy(v, d, sizeof(d));
   return v + 8;
}

/* f = x * y of gl_FragCoord: ddx_fine = y of the pixel's row, ddx_coarse
 * = y of the quad's top row, ddy_fine = x of the pixel's column,
 * ddy_coarse = x of the quad's left column, including at the edges of a
 * triangle where quads are partly covered. */
static void
derivatives(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "var system_value vec4 @gl_FragCoord location=0\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @gl_FragCoord\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = fmul %1.x, %1.y\n"
                "    %3:32 = ddx_fine %2\n"
                "    %4:32 = ddx_coarse %2\n"
                "    %5:32 = ddy_fine %2\n"
                "    %6:32 = ddy_coarse %2\n"
                "    %7:32x4 = vec4 %3, %4, %5, %6\n"
                "    %8:32 = deref_var @c\n"
                "    store_deref %8, %7 write_mask=15\n"
                "}\n");
   rtest_clear(rt, -1, -1, -1, -1);
   float v[3 * 8], *o = v;
   o = put(o, 3.3f, 1.7f, 0, 0, 0, 0);
   o = put(o, 61.1f, 20.2f, 0, 0, 0, 0);
   put(o, 12.6f, 59.9f, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   unsigned covered = 0, partial_quads = 0;
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         float c[4];
         rtest_read(rt, x, y, c);
         if (c[0] == -1.0f)
            continue;
         covered++;
         unsigned qx = x & ~1u, qy = y & ~1u;
         assert_true(c[0] == y + 0.5f);
         assert_true(c[1] == qy + 0.5f);
         assert_true(c[2] == x + 0.5f);
         assert_true(c[3] == qx + 0.5f);
         /* Count covered pixels whose quad neighbour is not covered. */
         float n[4];
         rtest_read(rt, x ^ 1u, y, n);
         partial_quads += n[0] == -1.0f;
      }
   }
   assert_true(covered > 1000);
   assert_true(partial_quads > 20);
   rtest_destroy(rt);
}

/* discard where x < 20: those pixels keep the clear colour. */
static void
discard(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "var system_value vec4 @gl_FragCoord location=0\n"
                "var shader_in vec4 @v location=32\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @gl_FragCoord\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = load_const 20.0\n"
                "    %3:1 = flt %1.x, %2\n"
                "    discard_if %3\n"
                "    %4:32 = deref_var @v\n"
                "    %5:32x4 = load_deref %4\n"
                "    %6:32 = deref_var @c\n"
                "    store_deref %6, %5 write_mask=15\n"
                "}\n");
   float v[3 * 8], *o = v;
   o = put(o, -10, -10, 0, 1, 0, 0);
   o = put(o, 200, -10, 0, 1, 0, 0);
   put(o, -10, 200, 0, 1, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   for (unsigned y = 0; y < S; y += 5) {
      for (unsigned x = 0; x < S; x++) {
         float c[4];
         rtest_read(rt, x, y, c);
         assert_true(c[0] == (x >= 20 ? 1.0f : 0.0f));
      }
   }
   rtest_destroy(rt);
}

static float
read_depth(struct rtest *rt, unsigned x, unsigned y)
{
   const struct u_format_desc *d = u_format_description(rt->zsformat);
   return d->unpack_z_float(
      sw_resource_texel(sw_resource(rt->zsbuf), 0, 0, 0, x, y));
}

static const char fs_frag_depth[] =
   "shader fragment\n"
   "var system_value vec4 @gl_FragCoord location=0\n"
   "var shader_out vec4 @c location=0\n"
   "var shader_out float @gl_FragDepth location=8\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @gl_FragCoord\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = load_const 0.01\n"
   "    %3:32 = fmul %1.x, %2\n"
   "    %4:32 = deref_var @gl_FragDepth\n"
   "    store_deref %4, %3 write_mask=1\n"
   "    %5:32 = load_const 1.0\n"
   "    %6:32 = load_const 0.0\n"
   "    %7:32x4 = vec4 %5, %6, %6, %5\n"
   "    %8:32 = deref_var @c\n"
   "    store_deref %8, %7 write_mask=15\n"
   "}\n";

/* The shader's depth (x / 100) is tested and stored; a later draw at
 * depth 0.1 passes LESS only where x / 100 > 0.1. */
static void
frag_depth(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z32_FLOAT, 1);
   rt->dsa.depth.enabled = true;
   rt->dsa.depth.writemask = true;
   rt->dsa.depth.func = PIPE_FUNC_LESS;
   rtest_bind_states(rt);
   rtest_fs(rt, fs_frag_depth);
   float v[3 * 8], *o = v;
   o = put(o, -10, -10, 0.5f, 0, 0, 0);
   o = put(o, 200, -10, 0.5f, 0, 0, 0);
   put(o, -10, 200, 0.5f, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   for (unsigned x = 0; x < S; x++)
      assert_true(fabsf(read_depth(rt, x, 7) - (x + 0.5f) * 0.01f) < 1e-7f);

   rtest_fs(rt, rtest_fs_var0);
   for (unsigned i = 0; i < 3; i++) {
      v[i * 8 + 2] = -0.8f; /* window depth 0.1 */
      v[i * 8 + 4] = 0;
      v[i * 8 + 5] = 1;
   }
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   for (unsigned x = 0; x < S; x++) {
      float c[4];
      rtest_read(rt, x, 7, c);
      bool second = (x + 0.5f) * 0.01f > 0.1f;
      assert_true(c[1] == (second ? 1.0f : 0.0f));
      assert_true(c[0] == (second ? 0.0f : 1.0f));
   }
   rtest_destroy(rt);
}

/* Two render targets get their own outputs. */
static void
multiple_render_targets(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   struct pipe_resource templ = *rt->cbuf;
   pipe_reference_init(&templ.reference, 1);
   templ.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   struct pipe_resource *res2 = rt->screen->resource_create(rt->screen, &templ);
   assert_non_null(res2);
   struct pipe_surface st = { .format = PIPE_FORMAT_R8G8B8A8_UNORM };
   struct pipe_surface *surf2 = rt->ctx->create_surface(rt->ctx, res2, &st);
   assert_non_null(surf2);
   struct pipe_framebuffer_state fb = {
      .width = S,
      .height = S,
      .layers = 1,
      .samples = 1,
      .nr_cbufs = 2,
      .cbufs = { rt->csurf, surf2 },
   };
   rt->ctx->set_framebuffer_state(rt->ctx, &fb);
   rt->blend.rt[1].colormask = PIPE_MASK_RGBA;
   rt->blend.independent_blend_enable = true;
   rtest_bind_states(rt);
   rtest_fs(rt, "shader fragment\n"
                "var shader_in vec4 @v location=32\n"
                "var shader_out vec4 @c0 location=0\n"
                "var shader_out vec4 @c1 location=1\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @v\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = deref_var @c0\n"
                "    store_deref %2, %1 write_mask=15\n"
                "    %3:32x4 = mov %1.wzyx\n"
                "    %4:32 = deref_var @c1\n"
                "    store_deref %4, %3 write_mask=15\n"
                "}\n");
   float v[3 * 8], *o = v;
   o = put(o, 0, 0, 0, 0.25f, 0.5f, 0);
   o = put(o, 40, 0, 0, 0.25f, 0.5f, 0);
   put(o, 0, 40, 0, 0.25f, 0.5f, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   float c[4];
   rtest_read(rt, 5, 5, c);
   assert_true(c[0] == 0.25f && c[1] == 0.5f && c[2] == 0 && c[3] == 1);
   const uint8_t *p = sw_resource_texel(sw_resource(res2), 0, 0, 0, 5, 5);
   assert_int_equal(p[0], 255);
   assert_int_equal(p[1], 0);
   assert_int_equal(p[2], 128);
   assert_int_equal(p[3], 64);
   p = sw_resource_texel(sw_resource(res2), 0, 0, 0, 50, 50);
   assert_int_equal(p[0] | p[1] | p[2] | p[3], 0);

   struct pipe_framebuffer_state none = { 0 };
   rt->ctx->set_framebuffer_state(rt->ctx, &none);
   pipe_surface_ref(&surf2, NULL);
   pipe_resource_ref(&res2, NULL);
   rtest_framebuffer(rt);
   rtest_destroy(rt);
}

static const char fs_var0_discard_never[] =
   "shader fragment\n"
   "var shader_in vec4 @v location=32\n"
   "var shader_out vec4 @c location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @v\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = load_const -1.0\n"
   "    %3:1 = flt %1.x, %2\n"
   "    discard_if %3\n"
   "    %4:32 = deref_var @c\n"
   "    store_deref %4, %1 write_mask=15\n"
   "}\n";

/* Many small overlapping triangles in one draw (so quads of different
 * triangles share a shader batch), with LESS depth test: every pixel ends
 * with the nearest triangle's colour, with early tests (plain shader) and
 * late ones (a shader that may discard); the occlusion counter counts the
 * samples that passed. */
static void
draw_order_and_depth(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z32_FLOAT, 1);
   rt->dsa.depth.enabled = true;
   rt->dsa.depth.writemask = true;
   rt->dsa.depth.func = PIPE_FUNC_LESS;
   rtest_bind_states(rt);
   /* 8 layers of the same 4x4-pixel squares: layer k at depth z_k, drawn
    * in the order 3 1 6 0 7 2 5 4; the nearest is layer 0. */
   static const unsigned order[8] = { 3, 1, 6, 0, 7, 2, 5, 4 };
   static float v[8 * 64 * 6 * 8];
   float *o = v;
   for (unsigned i = 0; i < 8; i++) {
      unsigned k = order[i];
      float z = -0.9f + 0.2f * (float)k;
      for (unsigned sy = 0; sy < 8; sy++) {
         for (unsigned sx = 0; sx < 8; sx++) {
            float x0 = sx * 4.0f, y0 = sy * 4.0f;
            float r = (float)k / 8.0f;
            o = put(o, x0, y0, z, r, 1, 0);
            o = put(o, x0 + 4, y0, z, r, 1, 0);
            o = put(o, x0 + 4, y0 + 4, z, r, 1, 0);
            o = put(o, x0, y0, z, r, 1, 0);
            o = put(o, x0 + 4, y0 + 4, z, r, 1, 0);
            o = put(o, x0, y0 + 4, z, r, 1, 0);
         }
      }
   }
   unsigned n = (unsigned)(o - v) / 8;
   for (unsigned late = 0; late < 2; late++) {
      rtest_fs(rt, late ? fs_var0_discard_never : rtest_fs_var0);
      rtest_clear(rt, 0, 0, 0, 0);
      struct pipe_query *q =
         rt->ctx->create_query(rt->ctx, PIPE_QUERY_OCCLUSION_COUNTER, 0);
      assert_non_null(q);
      rt->ctx->begin_query(rt->ctx, q);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
      rt->ctx->end_query(rt->ctx, q);
      union pipe_query_result res;
      assert_true(rt->ctx->get_query_result(rt->ctx, q, true, &res));
      rt->ctx->destroy_query(rt->ctx, q);
      /* Layers 3, 1 and 0 pass in that order (32 x 32 pixels each). */
      assert_int_equal(res.u64, 3 * 32 * 32);
      for (unsigned y = 0; y < S; y++) {
         for (unsigned x = 0; x < S; x++) {
            float c[4];
            rtest_read(rt, x, y, c);
            bool in = x < 32 && y < 32;
            assert_true(c[0] == 0.0f);
            assert_true(c[1] == (in ? 1.0f : 0.0f));
         }
      }
   }
   rtest_destroy(rt);
}

/* The default uniform block comes from constant buffer 0 (the byte
 * offsets of driver_location), uniform block 0 from buffer 1. */
static void
uniforms_and_blocks(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "type B = struct { vec4 a; vec4 b; }\n"
                "var uniform vec4 @u0 driver_location=16\n"
                "var uniform vec4 @u1 driver_location=32\n"
                "var ubo B @blk\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @u0\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = deref_var @u1\n"
                "    %3:32x4 = load_deref %2\n"
                "    %4:32 = deref_var @blk\n"
                "    %5:32 = deref_struct %4.b\n"
                "    %6:32x4 = load_deref %5\n"
                "    %7:32x4 = fmul %1, %3\n"
                "    %8:32x4 = fadd %7, %6\n"
                "    %9:32 = deref_var @c\n"
                "    store_deref %9, %8 write_mask=15\n"
                "}\n");
   static const float block0[12] = { 9, 9, 9, 9, 1, 2, 3, 4, 0.5f, 0.5f, 2, 2 };
   static const float block1[8] = { 7, 7, 7, 7, 0.25f, 0, 1, 0 };
   struct pipe_constant_buffer cb = { .user_buffer = block0,
                                      .buffer_size = sizeof(block0) };
   rt->ctx->set_constant_buffer(rt->ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
   cb.user_buffer = block1;
   cb.buffer_size = sizeof(block1);
   rt->ctx->set_constant_buffer(rt->ctx, PIPE_SHADER_FRAGMENT, 1, &cb);
   float v[3 * 8], *o = v;
   o = put(o, 0, 0, 0, 0, 0, 0);
   o = put(o, 40, 0, 0, 0, 0, 0);
   put(o, 0, 40, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   float c[4];
   rtest_read(rt, 5, 5, c);
   assert_true(c[0] == 0.75f && c[1] == 1.0f && c[2] == 7.0f && c[3] == 8.0f);
   rt->ctx->set_constant_buffer(rt->ctx, PIPE_SHADER_FRAGMENT, 0, NULL);
   rt->ctx->set_constant_buffer(rt->ctx, PIPE_SHADER_FRAGMENT, 1, NULL);
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(derivatives),
      cmocka_unit_test(discard),
      cmocka_unit_test(frag_depth),
      cmocka_unit_test(multiple_render_targets),
      cmocka_unit_test(draw_order_and_depth),
      cmocka_unit_test(uniforms_and_blocks),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
