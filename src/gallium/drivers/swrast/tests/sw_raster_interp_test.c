/* SPDX-License-Identifier: MIT */

/*
 * Interpolation tests of the rasterizer, through the pipe interface:
 * perspective-correct against noperspective values (GL 4.6, 14.6.1,
 * equations 14.8 and 14.9), flat shading with the provoking vertex first
 * or last, two-sided colours, the defaults of inputs the vertex shader
 * does not write, gl_FragCoord and gl_FrontFacing.
 */
#include "sw_raster_test_util.h"

#define S 64

static float *
put(float *v, const float *pos, const float *attr, unsigned n)
{
   memcpy(v, pos, 4 * sizeof(float));
   memcpy(v + 4, attr, 4 * n * sizeof(float));
   return v + 4 + 4 * n;
}

/* Window positions and clip w of the test triangle. */
static const double tri_xy[3][2] = { { 2, 2 }, { 60, 6 }, { 9, 61 } };
static const double tri_w[3] = { 1.0, 4.0, 2.0 };

/** Draws the test triangle with vertex i's attribute the unit vector i
 * (alpha 1), so the colour is the interpolation weights. */
static void
draw_weights_triangle(struct rtest *rt)
{
   float verts[3 * 8], *v = verts;
   for (unsigned i = 0; i < 3; i++) {
      float w = (float)tri_w[i];
      float pos[4] = { (float)tri_xy[i][0] * w, (float)tri_xy[i][1] * w,
                       0.25f * w, w };
      float attr[4] = { i == 0, i == 1, i == 2, 1 };
      v = put(v, pos, attr, 1);
   }
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 3);
}

/** Screen-space barycentrics of the test triangle at (x, y). */
static void
screen_weights(double x, double y, double l[3])
{
   const double(*p)[2] = tri_xy;
   double area = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) -
                 (p[2][0] - p[0][0]) * (p[1][1] - p[0][1]);
   l[1] = ((x - p[0][0]) * (p[2][1] - p[0][1]) -
           (p[2][0] - p[0][0]) * (y - p[0][1])) /
          area;
   l[2] = ((p[1][0] - p[0][0]) * (y - p[0][1]) -
           (x - p[0][0]) * (p[1][1] - p[0][1])) /
          area;
   l[0] = 1.0 - l[1] - l[2];
}

/** Checks the interpolated weights of the pixels inside the test
 * triangle whose centre is right of window x @p min_x. */
static void
check_weights(struct rtest *rt, bool perspective, double min_x)
{
   unsigned checked = 0;
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         double l[3];
         screen_weights(x + 0.5, y + 0.5, l);
         if (l[0] < 0.02 || l[1] < 0.02 || l[2] < 0.02 || x + 0.5 < min_x)
            continue;
         double e[3], sum = 0;
         for (unsigned i = 0; i < 3; i++) {
            e[i] = perspective ? l[i] / tri_w[i] : l[i];
            sum += e[i];
         }
         float c[4];
         rtest_read(rt, x, y, c);
         assert_true(c[3] == 1.0f);
         for (unsigned i = 0; i < 3; i++) {
            if (fabs(c[i] - e[i] / sum) > 2e-4)
               fail_msg("(%u, %u) weight %u: %g, expected %g", x, y, i,
                        (double)c[i], e[i] / sum);
         }
         checked++;
      }
   }
   assert_true(checked > 300);
}

static const char fs_noperspective[] =
   "shader fragment\n"
   "var shader_in vec4 @v location=32 interp=noperspective\n"
   "var shader_out vec4 @c location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @v\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = deref_var @c\n"
   "    store_deref %2, %1 write_mask=15\n"
   "}\n";

static void
perspective_correct(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   draw_weights_triangle(rt);
   check_weights(rt, true, 0);
   rtest_destroy(rt);
}

static void
noperspective(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, fs_noperspective);
   draw_weights_triangle(rt);
   check_weights(rt, false, 0);
   rtest_destroy(rt);
}

/* Clipping must not bend either kind of interpolation: a user plane
 * (window x >= 20) cuts the test triangle, whose vertices have different
 * w; the vertices clipping makes must carry the values that perspective
 * and noperspective interpolation of the whole triangle give there. */
static void
clipped_interpolation(void **state)
{
   for (unsigned persp = 0; persp < 2; persp++) {
      struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                      PIPE_FORMAT_NONE, 1);
      if (!persp)
         rtest_fs(rt, fs_noperspective);
      struct pipe_clip_state clip = { .ucp = { { 1, 0, 0, -20 } } };
      rt->ctx->set_clip_state(rt->ctx, &clip);
      rt->rs.clip_plane_enable = 1;
      rtest_bind_states(rt);
      draw_weights_triangle(rt);
      check_weights(rt, persp, 20.5);
      /* Left of the plane nothing is drawn. */
      float c[4];
      rtest_read(rt, 10, 10, c);
      assert_true(c[3] == 0.0f);
      rtest_destroy(rt);
   }
}

/* gl_FragCoord: the pixel centre, the window depth and the interpolated
 * 1/w (screen-linear). */
static void
frag_coord(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "var system_value vec4 @gl_FragCoord location=0\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @gl_FragCoord\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = deref_var @c\n"
                "    store_deref %2, %1 write_mask=15\n"
                "}\n");
   draw_weights_triangle(rt);
   unsigned checked = 0;
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         double l[3];
         screen_weights(x + 0.5, y + 0.5, l);
         if (l[0] < 0.02 || l[1] < 0.02 || l[2] < 0.02)
            continue;
         float c[4];
         rtest_read(rt, x, y, c);
         double invw = l[0] / tri_w[0] + l[1] / tri_w[1] + l[2] / tri_w[2];
         assert_true(c[0] == x + 0.5f);
         assert_true(c[1] == y + 0.5f);
         /* z = 0.25 in NDC everywhere: window depth 0.625. */
         assert_true(fabs(c[2] - 0.625) < 1e-6);
         assert_true(fabs(c[3] - invw) < 1e-5);
         checked++;
      }
   }
   assert_true(checked > 500);
   rtest_destroy(rt);
}

static const char fs_flat[] = "shader fragment\n"
                              "var shader_in vec4 @v location=32 interp=flat\n"
                              "var shader_out vec4 @c location=0\n"
                              "fn main {\n  b0:\n"
                              "    %0:32 = deref_var @v\n"
                              "    %1:32x4 = load_deref %0\n"
                              "    %2:32 = deref_var @c\n"
                              "    store_deref %2, %1 write_mask=15\n"
                              "}\n";

/* A strip of two triangles: (v0 v1 v2) and (v1 v2 v3); the provoking
 * vertex is the last of each (v2, v3), or the first (v0, v1) with
 * flatshade_first. */
static void
flat_provoking_vertex(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, fs_flat);
   const float xy[4][2] = { { 0, 0 }, { 0, 40 }, { 40, 0 }, { 40, 40 } };
   float verts[4 * 8], *v = verts;
   for (unsigned i = 0; i < 4; i++) {
      float pos[4] = { xy[i][0], xy[i][1], 0, 1 };
      float attr[4] = { 0.125f * (i + 1), 0, 0, 1 };
      v = put(v, pos, attr, 1);
   }
   for (unsigned first = 0; first < 2; first++) {
      rt->rs.flatshade_first = first;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLE_STRIP, verts, 4);
      float a[4], b[4];
      rtest_read(rt, 5, 5, a);   /* first triangle */
      rtest_read(rt, 35, 35, b); /* second triangle */
      assert_true(a[0] == (first ? 0.125f : 0.375f));
      assert_true(b[0] == (first ? 0.25f : 0.5f));
   }
   rtest_destroy(rt);
}

/* glShadeModel(GL_FLAT) flattens smooth colour inputs too. */
static void
flatshade_colors(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   const int locs[1] = { IR_VARYING_SLOT_COL0 };
   rtest_vs(rt, 1, locs);
   rtest_fs(rt, "shader fragment\n"
                "var shader_in vec4 @v location=9\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @v\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = deref_var @c\n"
                "    store_deref %2, %1 write_mask=15\n"
                "}\n");
   rt->rs.flatshade = true;
   rtest_bind_states(rt);
   float verts[3 * 8], *v = verts;
   const float xy[3][2] = { { 0, 0 }, { 50, 0 }, { 0, 50 } };
   for (unsigned i = 0; i < 3; i++) {
      float pos[4] = { xy[i][0], xy[i][1], 0, 1 };
      float attr[4] = { 0.25f * i, 1, 0, 1 };
      v = put(v, pos, attr, 1);
   }
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 3);
   for (unsigned y = 1; y < 30; y += 7) {
      float c[4];
      rtest_read(rt, 10, y, c);
      assert_true(c[0] == 0.5f);
   }
   rtest_destroy(rt);
}

/* A colour input whose interpolation the shader qualified keeps it under
 * glShadeModel(GL_FLAT) (interp_explicit, interp=smooth in the text). */
static void
flatshade_qualified_colors(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   const int locs[1] = { IR_VARYING_SLOT_COL0 };
   rtest_vs(rt, 1, locs);
   char *err = NULL;
   struct ir_shader *ir = ir_parse(NULL,
                                   "shader fragment\n"
                                   "var shader_in vec4 @v location=9\n"
                                   "var shader_out vec4 @c location=0\n"
                                   "fn main {\n  b0:\n"
                                   "    %0:32 = deref_var @v\n"
                                   "    %1:32x4 = load_deref %0\n"
                                   "    %2:32 = deref_var @c\n"
                                   "    store_deref %2, %1 write_mask=15\n"
                                   "}\n",
                                   &err);
   assert_non_null(ir);
   ir_foreach_variable (ir, var) {
      if (var->mode == IR_VAR_SHADER_IN)
         var->interp_explicit = true;
   }
   /* Replace the default fragment shader rtest_create() bound. */
   rt->ctx->bind_fs_state(rt->ctx, NULL);
   rt->ctx->delete_fs_state(rt->ctx, rt->fs);
   struct pipe_shader_state st = { .ir = ir };
   rt->fs = rt->ctx->create_fs_state(rt->ctx, &st);
   assert_non_null(rt->fs);
   rt->ctx->bind_fs_state(rt->ctx, rt->fs);
   rt->rs.flatshade = true;
   rtest_bind_states(rt);
   float verts[3 * 8], *v = verts;
   const float xy[3][2] = { { 0, 0 }, { 50, 0 }, { 0, 50 } };
   for (unsigned i = 0; i < 3; i++) {
      float pos[4] = { xy[i][0], xy[i][1], 0, 1 };
      float attr[4] = { 0.25f * i, 1, 0, 1 };
      v = put(v, pos, attr, 1);
   }
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 3);
   /* Smooth: 0.25 * l1 + 0.5 * l2 at the pixel centre. */
   for (unsigned y = 1; y < 30; y += 7) {
      float c[4];
      rtest_read(rt, 10, y, c);
      double expect = 0.25 * 10.5 / 50 + 0.5 * (y + 0.5) / 50;
      assert_true(fabs(c[0] - expect) < 1e-4);
   }
   rtest_destroy(rt);
}

/* clamp_vertex_color clamps the colours of the last vertex stage to
 * [0, 1] before rasterization, and nothing else. */
static void
clamp_vertex_color(void **state)
{
   for (unsigned clamp = 0; clamp < 2; clamp++) {
      struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                      PIPE_FORMAT_NONE, 1);
      const int locs[2] = { IR_VARYING_SLOT_COL1, IR_VARYING_SLOT_VAR0 };
      rtest_vs(rt, 2, locs);
      rtest_fs(rt, "shader fragment\n"
                   "var shader_in vec4 @col location=10\n"
                   "var shader_in vec4 @v location=32\n"
                   "var shader_out vec4 @c location=0\n"
                   "fn main {\n  b0:\n"
                   "    %0:32 = deref_var @col\n"
                   "    %1:32x4 = load_deref %0\n"
                   "    %2:32 = deref_var @v\n"
                   "    %3:32x4 = load_deref %2\n"
                   "    %4:32x4 = fadd %1, %3\n"
                   "    %5:32 = deref_var @c\n"
                   "    store_deref %5, %4 write_mask=15\n"
                   "}\n");
      rt->rs.clamp_vertex_color = clamp;
      rtest_bind_states(rt);
      float verts[3 * 12], *v = verts;
      const float xy[3][2] = { { 0, 0 }, { 40, 0 }, { 0, 40 } };
      for (unsigned i = 0; i < 3; i++) {
         float pos[4] = { xy[i][0], xy[i][1], 0, 1 };
         float attr[8] = { 2, -1, 0.5f, 1.5f, 4, 4, 4, 4 };
         v = put(v, pos, attr, 2);
      }
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 3);
      float c[4];
      rtest_read(rt, 5, 5, c);
      if (clamp)
         assert_true(c[0] == 5.0f && c[1] == 4.0f && c[2] == 4.5f &&
                     c[3] == 5.0f);
      else
         assert_true(c[0] == 6.0f && c[1] == 3.0f && c[2] == 4.5f &&
                     c[3] == 5.5f);
      rtest_destroy(rt);
   }
}

/* Two-sided lighting: back faces read BFC0 in place of COL0; without it
 * both faces read COL0. */
static void
two_sided_colors(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   const int locs[2] = { IR_VARYING_SLOT_COL0, IR_VARYING_SLOT_BFC0 };
   rtest_vs(rt, 2, locs);
   rtest_fs(rt, "shader fragment\n"
                "var shader_in vec4 @v location=9\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @v\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = deref_var @c\n"
                "    store_deref %2, %1 write_mask=15\n"
                "}\n");
   /* Counter-clockwise with y up (positive area) on the left, clockwise
    * on the right. */
   const float xy[6][2] = { { 2, 2 },  { 30, 2 },  { 2, 30 },
                            { 34, 2 }, { 34, 30 }, { 62, 2 } };
   float verts[6 * 12], *v = verts;
   for (unsigned i = 0; i < 6; i++) {
      float pos[4] = { xy[i][0], xy[i][1], 0, 1 };
      float attr[8] = { 1, 0, 0, 1, 0, 1, 0, 1 };
      v = put(v, pos, attr, 2);
   }
   for (unsigned twoside = 0; twoside < 2; twoside++) {
      rt->rs.light_twoside = twoside;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 6);
      float a[4], b[4];
      rtest_read(rt, 6, 6, a);
      rtest_read(rt, 38, 6, b);
      assert_true(a[0] == 1.0f && a[1] == 0.0f);
      if (twoside)
         assert_true(b[0] == 0.0f && b[1] == 1.0f);
      else
         assert_true(b[0] == 1.0f && b[1] == 0.0f);
   }
   rtest_destroy(rt);
}

/* gl_FrontFacing follows front_ccw. */
static void
front_facing(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "var system_value bool @gl_FrontFacing location=1\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @gl_FrontFacing\n"
                "    %1:1 = load_deref %0\n"
                "    %2:32 = b2f %1\n"
                "    %3:32 = load_const 1.0\n"
                "    %4:32x4 = vec4 %2, %3, %2, %3\n"
                "    %5:32 = deref_var @c\n"
                "    store_deref %5, %4 write_mask=15\n"
                "}\n");
   const float xy[6][2] = { { 2, 2 },  { 30, 2 },  { 2, 30 },
                            { 34, 2 }, { 34, 30 }, { 62, 2 } };
   float verts[6 * 8], *v = verts;
   for (unsigned i = 0; i < 6; i++) {
      float pos[4] = { xy[i][0], xy[i][1], 0, 1 };
      float attr[4] = { 0, 0, 0, 0 };
      v = put(v, pos, attr, 1);
   }
   for (unsigned ccw = 0; ccw < 2; ccw++) {
      rt->rs.front_ccw = ccw;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 6);
      float a[4], b[4];
      rtest_read(rt, 6, 6, a);
      rtest_read(rt, 38, 6, b);
      assert_true(a[1] == 1.0f && b[1] == 1.0f);
      assert_true(a[0] == (ccw ? 1.0f : 0.0f));
      assert_true(b[0] == (ccw ? 0.0f : 1.0f));
   }
   rtest_destroy(rt);
}

/* Inputs the vertex shader does not write: colours read (0, 0, 0, 1),
 * other varyings 0. */
static void
unwritten_inputs(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_fs(rt, "shader fragment\n"
                "var shader_in vec4 @col location=9\n"
                "var shader_in vec4 @v location=40\n"
                "var shader_out vec4 @c location=0\n"
                "fn main {\n  b0:\n"
                "    %0:32 = deref_var @col\n"
                "    %1:32x4 = load_deref %0\n"
                "    %2:32 = deref_var @v\n"
                "    %3:32x4 = load_deref %2\n"
                "    %4:32x4 = fadd %1, %3\n"
                "    %5:32 = load_const 0.5\n"
                "    %6:32x4 = fadd %4, %5.xxxx\n"
                "    %7:32 = deref_var @c\n"
                "    store_deref %7, %6 write_mask=15\n"
                "}\n");
   float verts[3 * 8] = { 0, 0, 0, 1, 9, 9,  9, 9, 40, 0, 0, 1,
                          9, 9, 9, 9, 0, 40, 0, 1, 9,  9, 9, 9 };
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 3);
   float c[4];
   rtest_read(rt, 5, 5, c);
   assert_true(c[0] == 0.5f && c[1] == 0.5f && c[2] == 0.5f && c[3] == 1.5f);
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(perspective_correct),
      cmocka_unit_test(noperspective),
      cmocka_unit_test(clipped_interpolation),
      cmocka_unit_test(frag_coord),
      cmocka_unit_test(flat_provoking_vertex),
      cmocka_unit_test(flatshade_colors),
      cmocka_unit_test(flatshade_qualified_colors),
      cmocka_unit_test(clamp_vertex_color),
      cmocka_unit_test(two_sided_colors),
      cmocka_unit_test(front_facing),
      cmocka_unit_test(unwritten_inputs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
