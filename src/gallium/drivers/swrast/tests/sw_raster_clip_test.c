/* SPDX-License-Identifier: MIT */

/*
 * Clipping tests of the rasterizer, through the pipe interface: the near
 * and far planes (and depth clamping when depth clipping is off), w
 * crossing zero, the guard band, user clip planes on the position or on
 * gl_ClipVertex, and gl_ClipDistance.
 */
#include "sw_raster_test_util.h"

#define S 64

/** A rectangle [x0, x1) x [y0, y1) as two triangles whose vertices
 * carry @p z0 on the left and @p z1 on the right, attribute red = 1
 * (and @p extra as the second attribute, if the vertex has one). */
static unsigned
rect(float *v, unsigned attrs, float x0, float y0, float x1, float y1, float z0,
     float z1, const float extra[4][4])
{
   const float c[4][3] = {
      { x0, y0, z0 }, { x1, y0, z1 }, { x1, y1, z1 }, { x0, y1, z0 }
   };
   static const unsigned idx[6] = { 0, 1, 2, 0, 2, 3 };
   unsigned stride = 4 + 4 * attrs;
   for (unsigned k = 0; k < 6; k++) {
      float *o = v + k * stride;
      const float *p = c[idx[k]];
      o[0] = p[0];
      o[1] = p[1];
      o[2] = p[2];
      o[3] = 1;
      o[4] = 1;
      o[5] = o[6] = 0;
      o[7] = 1;
      if (attrs > 1)
         memcpy(o + 8, extra[idx[k]], 4 * sizeof(float));
   }
   return 6;
}

static void
check_columns(struct rtest *rt, unsigned first, unsigned end, unsigned y)
{
   for (unsigned x = 0; x < S; x++) {
      float c[4];
      rtest_read(rt, x, y, c);
      float want = x >= first && x < end ? 1.0f : 0.0f;
      if (c[0] != want)
         fail_msg("column %u row %u: %g, expected %g", x, y, (double)c[0],
                  (double)want);
   }
}

/* z goes from -2 at x = 0 to 2 at x = 40 (w = 1): the near plane cuts at
 * x = 10 and the far one at x = 30. */
static void
near_far(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[6 * 8];
   unsigned n = rect(v, 1, 0, 0, 40, 20, -2, 2, NULL);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 10, 30, 5);

   /* clip_halfz: z >= 0 is inside, so the near cut moves to x = 20. */
   rt->rs.clip_halfz = true;
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 20, 30, 5);
   rtest_destroy(rt);
}

/* Without depth clipping everything is drawn and the depth is clamped to
 * the viewport's range. */
static void
depth_clamp(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "var system_value vec4 @gl_FragCoord location=0\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @gl_FragCoord\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = load_const 1.0\n"
                "    %3:32x4 = vec4 %2, %1.z, %2, %2\n"
                "    %4:32 = deref_var @c\n"
                "    store_deref %4, %3 write_mask=15\n"
                "}\n");
   rt->rs.depth_clip_near = rt->rs.depth_clip_far = false;
   rt->rs.depth_clamp = true;
   rtest_bind_states(rt);
   float v[6 * 8];
   unsigned n = rect(v, 1, 0, 0, 40, 20, -2, 2, NULL);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 0, 40, 5);
   float c[4];
   rtest_read(rt, 2, 5, c);
   assert_true(c[1] == 0.0f);
   rtest_read(rt, 38, 5, c);
   assert_true(c[1] == 1.0f);
   rtest_read(rt, 20, 5, c);
   /* ndc z at x = 20.5 is 0.05: window 0.525. */
   assert_true(fabsf(c[1] - 0.525f) < 1e-5f);
   rtest_destroy(rt);
}

/* One vertex behind the eye (w = -1): the visible part is the projective
 * image x >= 0, y >= 0, x <= y + 10, unbounded downward (cut by the guard
 * band and the framebuffer). */
static void
w_crossing_zero(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[3 * 8] = { 0, 0, 0, 1, 1, 0,  0, 1,  10, 0, 0, 1,
                      1, 0, 0, 1, 0, 10, 0, -1, 1,  0, 0, 1 };
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   unsigned covered = 0;
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         float px = x + 0.5f, py = y + 0.5f;
         float c[4];
         rtest_read(rt, x, y, c);
         if (fabsf(px - py - 10.0f) < 0.75f)
            continue;
         bool inside = px <= py + 10.0f;
         if (c[0] != (inside ? 1.0f : 0.0f))
            fail_msg("(%u, %u): %g", x, y, (double)c[0]);
         covered += inside;
      }
   }
   assert_true(covered > 1500);
   rtest_destroy(rt);
}

/* A triangle far larger than the guard band covers every pixel once; one
 * crossing it with a vertex near infinity too. */
static void
guard_band(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_additive(rt);
   float v[6 * 8] = {
      -1e6f, -1e6f, 0, 1, 1,     0,    0, 1, 3e6f, -1e6f, 0, 1,
      1,     0,     0, 1, -1e6f, 3e6f, 0, 1, 1,    0,     0, 1
   };
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   float *img = rtest_read_red(rt);
   for (unsigned i = 0; i < S * S; i++)
      assert_true(img[i] == 1.0f);
   free(img);

   /* Left half: x <= 32 through (32, -1e7) and (32, 1e7). */
   rtest_clear(rt, 0, 0, 0, 0);
   float w[3 * 8] = { 32, -1e7f, 0, 1, 1,     0, 0, 1, 32, 1e7f, 0, 1,
                      1,  0,     0, 1, -1e7f, 0, 0, 1, 1,  0,    0, 1 };
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, w, 3);
   for (unsigned y = 0; y < S; y += 9)
      check_columns(rt, 0, 32, y);
   rtest_destroy(rt);
}

/* User plane 0 on the position: x - 20 w >= 0. */
static void
user_planes(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   struct pipe_clip_state clip = { { { 1, 0, 0, -20 }, { 0, 1, 0, -4 } } };
   rt->ctx->set_clip_state(rt->ctx, &clip);
   float v[6 * 8];
   unsigned n = rect(v, 1, 0, 0, 40, 20, 0, 0, NULL);

   rt->rs.clip_plane_enable = 1;
   rtest_bind_states(rt);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 20, 40, 2);

   rt->rs.clip_plane_enable = 3; /* and y >= 4 */
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 0, 0, 3);
   check_columns(rt, 20, 40, 4);
   rtest_destroy(rt);
}

/* With a gl_ClipVertex output the user planes apply to it. */
static void
clip_vertex(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   const int locs[2] = { IR_VARYING_SLOT_VAR0, IR_VARYING_SLOT_CLIP_VERTEX };
   rtest_vs(rt, 2, locs);
   struct pipe_clip_state clip = { { { 1, 0, 0, -10 } } };
   rt->ctx->set_clip_state(rt->ctx, &clip);
   rt->rs.clip_plane_enable = 1;
   rtest_bind_states(rt);
   /* Clip vertex x = 40 - window x: kept where x <= 30. */
   const float cv[4][4] = {
      { 40, 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 1 }, { 40, 0, 0, 1 }
   };
   float v[6 * 12];
   unsigned n = rect(v, 2, 0, 0, 40, 20, 0, 0, cv);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 0, 30, 5);
   rtest_destroy(rt);
}

/* gl_ClipDistance[0] = x - 15 per vertex; [1] = -1 everywhere clips all
 * only when enabled. */
static void
clip_distance(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   const int locs[2] = { IR_VARYING_SLOT_VAR0, IR_VARYING_SLOT_CLIP_DIST0 };
   rtest_vs(rt, 2, locs);
   const float d[4][4] = {
      { -15, -1, 0, 0 }, { 25, -1, 0, 0 }, { 25, -1, 0, 0 }, { -15, -1, 0, 0 }
   };
   float v[6 * 12];
   unsigned n = rect(v, 2, 0, 0, 40, 20, 0, 0, d);
   rt->rs.clip_plane_enable = 1;
   rtest_bind_states(rt);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 15, 40, 5);

   rt->rs.clip_plane_enable = 3;
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
   check_columns(rt, 0, 0, 5);
   rtest_destroy(rt);
}

/* Lines are clipped by the near plane too: z from -3 at x = 0 to 1 at
 * x = 40 crosses z = -1 at x = 20. */
static void
line_near(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[2 * 8] = { 0.5f,  5.5f, -3, 1, 1, 0, 0, 1,
                      40.5f, 5.5f, 1,  1, 1, 0, 0, 1 };
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   check_columns(rt, 20, 40, 5);
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(near_far),        cmocka_unit_test(depth_clamp),
      cmocka_unit_test(w_crossing_zero), cmocka_unit_test(guard_band),
      cmocka_unit_test(user_planes),     cmocka_unit_test(clip_vertex),
      cmocka_unit_test(clip_distance),   cmocka_unit_test(line_near),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
