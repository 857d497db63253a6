/* SPDX-License-Identifier: MIT */

/*
 * Primitive tests of the rasterizer, through the pipe interface: culling,
 * polygon modes, polygon offset, points (sizes, per-vertex size,
 * gl_PointCoord, sprite coordinates), lines (the pixels of thin and wide
 * lines, strips without double hits, stipple) and the scissor.
 */
#include "sw_raster_test_util.h"

#define S 64

/** A vertex: window position (z, w = 1) and red = 1. */
static float *
put(float *v, float x, float y, float z)
{
   const float d[8] = { x, y, z, 1, 1, 0, 0, 1 };
   memcpy(v, d, sizeof(d));
   return v + 8;
}

static unsigned
count_red(struct rtest *rt, unsigned x0, unsigned y0, unsigned x1, unsigned y1)
{
   unsigned n = 0;
   for (unsigned y = y0; y < y1; y++) {
      for (unsigned x = x0; x < x1; x++) {
         float c[4];
         rtest_read(rt, x, y, c);
         n += c[0] != 0.0f;
      }
   }
   return n;
}

static float
red(struct rtest *rt, unsigned x, unsigned y)
{
   float c[4];
   rtest_read(rt, x, y, c);
   return c[0];
}

/* A counter-clockwise (y up) triangle on the left, a clockwise one on the
 * right. */
static unsigned
two_windings(float *v)
{
   float *o = v;
   o = put(o, 2, 2, 0);
   o = put(o, 30, 2, 0);
   o = put(o, 2, 30, 0);
   o = put(o, 34, 2, 0);
   o = put(o, 34, 30, 0);
   o = put(o, 62, 2, 0);
   return 6;
}

static void
culling(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[6 * 8];
   unsigned n = two_windings(v);
   static const struct {
      unsigned cull;
      bool front_ccw;
      bool left, right;
   } cases[] = {
      { PIPE_FACE_NONE, true, true, true },
      { PIPE_FACE_FRONT, true, false, true },
      { PIPE_FACE_BACK, true, true, false },
      { PIPE_FACE_FRONT_AND_BACK, true, false, false },
      { PIPE_FACE_FRONT, false, true, false },
      { PIPE_FACE_BACK, false, false, true },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      rt->rs.cull_face = cases[i].cull;
      rt->rs.front_ccw = cases[i].front_ccw;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, n);
      assert_true(red(rt, 6, 6) == (cases[i].left ? 1.0f : 0.0f));
      assert_true(red(rt, 38, 6) == (cases[i].right ? 1.0f : 0.0f));
   }
   rtest_destroy(rt);
}

/* Line mode draws the three edges, point mode the three vertices; each
 * face has its own mode. */
static void
polygon_modes(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[3 * 8], *o = v;
   o = put(o, 10.5f, 10.5f, 0);
   o = put(o, 50.5f, 10.5f, 0);
   put(o, 10.5f, 50.5f, 0);
   /* Counter-clockwise with y up: a back face with front_ccw off. */
   rt->rs.front_ccw = false;
   rt->rs.fill_back = PIPE_POLYGON_MODE_LINE;
   rtest_bind_states(rt);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   assert_true(red(rt, 20, 20) == 0.0f);
   assert_true(red(rt, 30, 10) == 1.0f); /* top edge */
   assert_true(red(rt, 10, 30) == 1.0f); /* left edge */
   assert_true(red(rt, 30, 30) == 1.0f); /* hypotenuse */
   assert_true(count_red(rt, 0, 0, S, S) < 130);

   rt->rs.fill_back = PIPE_POLYGON_MODE_POINT;
   rt->rs.point_size = 3;
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   assert_true(count_red(rt, 0, 0, S, S) == 27);
   assert_true(red(rt, 50, 10) == 1.0f && red(rt, 30, 10) == 0.0f);

   /* The front mode does not apply to back faces. */
   rt->rs.fill_back = PIPE_POLYGON_MODE_FILL;
   rt->rs.fill_front = PIPE_POLYGON_MODE_POINT;
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   assert_true(red(rt, 20, 20) == 1.0f);
   rtest_destroy(rt);
}

static const char fs_depth_to_red[] =
   "shader fragment\n"
   "var system_value vec4 @gl_FragCoord location=0\n"
   "var shader_out vec4 @c location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @gl_FragCoord\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = load_const 1.0\n"
   "    %3:32x4 = vec4 %1.z, %2, %2, %2\n"
   "    %4:32 = deref_var @c\n"
   "    store_deref %4, %3 write_mask=15\n"
   "}\n";

/* Window depth slope 0.005 per pixel in x: offset = factor * 0.005 +
 * units / 65535 (16-bit depth buffer), clamped. */
static void
polygon_offset(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z16_UNORM, 1);
   rtest_fs(rt, fs_depth_to_red);
   float v[3 * 8], *o = v;
   o = put(o, 0, 0, 0);
   o = put(o, 64, 0, 0.64f);
   put(o, 0, 64, 0);
   static const struct {
      bool on;
      float scale, units, clamp;
      double expect;
   } cases[] = {
      { false, 2, 3, 0, 0 },
      { true, 2, 0, 0, 0.01 },
      { true, 0, 4, 0, 4.0 / 65535.0 },
      { true, 2, 4, 0.005f, 0.005 },
      { true, -1, 0, -0.001f, -0.001 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      rt->rs.offset_tri = cases[i].on;
      rt->rs.offset_scale = cases[i].scale;
      rt->rs.offset_units = cases[i].units;
      rt->rs.offset_clamp = cases[i].clamp;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
      /* ndc z at (10.5, 5.5) = 0.105: window 0.5525. */
      double got = red(rt, 10, 5) - 0.5525;
      if (fabs(got - cases[i].expect) > 2e-6)
         fail_msg("case %u: offset %g, expected %g", i, got, cases[i].expect);
   }
   rtest_destroy(rt);

   /* A float depth buffer: r = 2^(e - 23) with e the exponent of the
    * largest depth of the triangle (0.42: e = -2), half of what a 24-bit
    * buffer would give. */
   rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                     PIPE_FORMAT_Z32_FLOAT, 1);
   rtest_fs(rt, fs_depth_to_red);
   rt->rs.offset_tri = true;
   rt->rs.offset_units = 1000;
   rtest_bind_states(rt);
   o = v;
   o = put(o, 0, 0, -0.8f);
   o = put(o, 64, 0, -0.16f);
   put(o, 0, 64, -0.8f);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   double got = red(rt, 10, 5) - 0.1525;
   assert_true(fabs(got - 1000.0 / 33554432.0) < 2e-6);
   rtest_destroy(rt);
}

/* One unit of offset resolves in a 24-bit buffer wherever the depth
 * is: a second pass of the same quad at z = 0.5 (and just below 1) with
 * units 1 fails GL_LEQUAL. */
static void
polygon_offset_resolves(void **state)
{
   struct rtest *rt = rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT,
                                   PIPE_FORMAT_Z24_UNORM_S8_UINT, 1);
   rtest_fs(rt, fs_depth_to_red);
   rt->dsa.depth.enabled = true;
   rt->dsa.depth.writemask = true;
   rt->dsa.depth.func = PIPE_FUNC_LEQUAL;
   const float depths[] = { 0.0f, 0.99f };
   for (unsigned d = 0; d < 2; d++) {
      float v[3 * 8], *o = v;
      o = put(o, -1, -1, depths[d]);
      o = put(o, 200, -1, depths[d]);
      put(o, -1, 200, depths[d]);
      rt->rs.offset_tri = false;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
      float first = red(rt, 10, 10);
      rt->rs.offset_tri = true;
      rt->rs.offset_units = 1;
      rtest_bind_states(rt);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
      assert_true(red(rt, 10, 10) == first);
   }
   rtest_destroy(rt);
}

static void
point_pixels(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[8];
   static const struct {
      float x, y, size;
      unsigned x0, y0, n;
   } cases[] = {
      { 5.5f, 5.5f, 1, 5, 5, 1 },     { 10.5f, 10.5f, 3, 9, 9, 3 },
      { 20.0f, 20.0f, 2, 19, 19, 2 }, { 30.2f, 30.7f, 1, 30, 30, 1 },
      { 40.0f, 40.0f, 4, 38, 38, 4 }, { 50.5f, 50.5f, 0.25f, 50, 50, 1 },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      rt->rs.point_size = cases[i].size;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      put(v, cases[i].x, cases[i].y, 0);
      rtest_draw(rt, PIPE_PRIM_POINTS, v, 1);
      unsigned n = cases[i].n;
      assert_int_equal(count_red(rt, 0, 0, S, S), n * n);
      assert_int_equal(count_red(rt, cases[i].x0, cases[i].y0, cases[i].x0 + n,
                                 cases[i].y0 + n),
                       n * n);
   }
   rtest_destroy(rt);
}

/* gl_PointSize from the vertex shader. */
static void
point_size_per_vertex(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   const int locs[2] = { IR_VARYING_SLOT_VAR0, IR_VARYING_SLOT_PSIZ };
   rtest_vs(rt, 2, locs);
   rt->rs.point_size_per_vertex = true;
   rtest_bind_states(rt);
   float v[2 * 12] = { 10.5f, 10.5f, 0, 1, 1, 0, 0, 1, 5, 0, 0, 0,
                       40.5f, 40.5f, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0 };
   rtest_draw(rt, PIPE_PRIM_POINTS, v, 2);
   assert_int_equal(count_red(rt, 0, 0, S, S), 25 + 1);
   assert_int_equal(count_red(rt, 8, 8, 13, 13), 25);
   rtest_destroy(rt);
}

static const char fs_point_coord[] =
   "shader fragment\n"
   "var system_value vec2 @gl_PointCoord location=2\n"
   "var shader_out vec4 @c location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @gl_PointCoord\n"
   "    %1:32x2 = load_deref %0\n"
   "    %2:32 = load_const 1.0\n"
   "    %3:32x4 = vec4 %1.x, %1.y, %2, %2\n"
   "    %4:32 = deref_var @c\n"
   "    store_deref %4, %3 write_mask=15\n"
   "}\n";

static const char fs_tex0[] = "shader fragment\n"
                              "var shader_in vec4 @t location=13\n"
                              "var shader_out vec4 @c location=0\n"
                              "fn main {\n  b0:\n"
                              "    %0:32 = deref_var @t\n"
                              "    %1:32x4 = load_deref %0\n"
                              "    %2:32 = deref_var @c\n"
                              "    store_deref %2, %1 write_mask=15\n"
                              "}\n";

/* gl_PointCoord across a point of size 4 at (30, 30), both origins, and
 * TEX0 replaced by it with sprite_coord_enable. */
static void
point_coord(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rt->rs.point_size = 4;
   rt->rs.point_quad_rasterization = true;
   float v[8];
   put(v, 30, 30, 0);
   for (unsigned mode = 0; mode < 3; mode++) {
      if (mode < 2) {
         rtest_fs(rt, fs_point_coord);
         rt->rs.sprite_coord_mode =
            mode ? PIPE_SPRITE_COORD_LOWER_LEFT : PIPE_SPRITE_COORD_UPPER_LEFT;
      } else {
         const int locs[1] = { IR_VARYING_SLOT_TEX0 };
         rtest_vs(rt, 1, locs);
         rtest_fs(rt, fs_tex0);
         rt->rs.sprite_coord_mode = PIPE_SPRITE_COORD_UPPER_LEFT;
         rt->rs.sprite_coord_enable = 1;
      }
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_POINTS, v, 1);
      for (unsigned y = 28; y < 32; y++) {
         for (unsigned x = 28; x < 32; x++) {
            float c[4];
            rtest_read(rt, x, y, c);
            float s = 0.5f + (x + 0.5f - 30.0f) / 4.0f;
            float t = 0.5f + (y + 0.5f - 30.0f) / 4.0f;
            if (mode == 1)
               t = 1.0f - t;
            assert_true(c[0] == s);
            assert_true(c[1] == t);
            if (mode == 2)
               assert_true(c[2] == 0.0f && c[3] == 1.0f);
         }
      }
   }
   rtest_destroy(rt);
}

/* Horizontal lines between pixel centres: the first pixel is drawn, the
 * last is not; wide lines cover `width` rows. */
static void
line_pixels(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[2 * 8];
   put(v, 0.5f, 5.5f, 0);
   put(v + 8, 10.5f, 5.5f, 0);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   assert_int_equal(count_red(rt, 0, 0, S, S), 10);
   assert_int_equal(count_red(rt, 0, 5, 10, 6), 10);

   rtest_clear(rt, 0, 0, 0, 0);
   put(v, 10.5f, 5.5f, 0);
   put(v + 8, 0.5f, 5.5f, 0);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   assert_int_equal(count_red(rt, 1, 5, 11, 6), 10);

   rt->rs.line_last_pixel = true;
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   assert_int_equal(count_red(rt, 0, 5, 11, 6), 11);

   rt->rs.line_last_pixel = false;
   rt->rs.line_width = 3;
   rtest_bind_states(rt);
   rtest_clear(rt, 0, 0, 0, 0);
   put(v, 0.5f, 10.5f, 0);
   put(v + 8, 20.5f, 10.5f, 0);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   assert_int_equal(count_red(rt, 0, 0, S, S), 60);
   assert_int_equal(count_red(rt, 0, 9, 20, 12), 60);

   /* Vertical (y-major) wide line: 3 columns. */
   rtest_clear(rt, 0, 0, 0, 0);
   put(v, 30.5f, 2.5f, 0);
   put(v + 8, 30.5f, 12.5f, 0);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   assert_int_equal(count_red(rt, 29, 2, 32, 12), 30);
   assert_int_equal(count_red(rt, 0, 0, S, S), 30);
   rtest_destroy(rt);
}

/* An x-major diagonal has one pixel per column; a strip of x-major
 * segments covers its joints once. */
static void
line_strip_once(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_additive(rt);
   float v[5 * 8], *o = v;
   o = put(o, 0.5f, 0.5f, 0);
   o = put(o, 20.3f, 9.7f, 0);
   o = put(o, 40.6f, 3.1f, 0);
   o = put(o, 52.2f, 20.9f - 10.0f, 0);
   put(o, 63.5f, 30.0f, 0);
   rtest_draw(rt, PIPE_PRIM_LINE_STRIP, v, 4);
   float *img = rtest_read_red(rt);
   for (unsigned x = 0; x < S; x++) {
      unsigned n = 0;
      for (unsigned y = 0; y < S; y++) {
         assert_true(img[y * S + x] == 0.0f || img[y * S + x] == 1.0f);
         n += img[y * S + x] != 0.0f;
      }
      /* Columns 0 .. 51 (the strip spans x in [0.5, 52.2)). */
      assert_int_equal(n, x < 52 ? 1 : 0);
   }
   free(img);
   rtest_destroy(rt);
}

static void
line_stipple(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rt->rs.line_stipple_enable = true;
   float v[2 * 8];
   put(v, 0.5f, 5.5f, 0);
   put(v + 8, 48.5f, 5.5f, 0);
   for (unsigned factor = 1; factor <= 2; factor++) {
      rt->rs.line_stipple_pattern = 0x00ff;
      rt->rs.line_stipple_factor = factor;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
      for (unsigned x = 0; x < 48; x++) {
         bool on = ((x / factor) & 15) < 8;
         assert_true(red(rt, x, 5) == (on ? 1.0f : 0.0f));
      }
   }
   rtest_destroy(rt);
}

/* Polygon stipple: row y % 32 of the pattern, bit 31 - x % 32, masks
 * filled triangles; lines and points are not stippled. */
/* A line strip continues the stipple pattern from one segment to the
 * next; a new strip (a separate draw) restarts it. */
static void
line_stipple_strip(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rt->rs.line_stipple_enable = true;
   rt->rs.line_stipple_pattern = 0x00ff;
   rt->rs.line_stipple_factor = 1;
   rtest_bind_states(rt);
   float v[3 * 8], *o = v;
   o = put(o, 0.5f, 5.5f, 0);
   o = put(o, 10.5f, 5.5f, 0);
   put(o, 10.5f, 45.5f, 0);
   for (unsigned strip = 0; strip < 2; strip++) {
      rtest_clear(rt, 0, 0, 0, 0);
      if (strip) {
         rtest_draw(rt, PIPE_PRIM_LINE_STRIP, v, 3);
      } else {
         rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
         rtest_draw(rt, PIPE_PRIM_LINES, v + 8, 2);
      }
      for (unsigned x = 0; x < 10; x++)
         assert_true(red(rt, x, 5) == (((x & 15) < 8) ? 1.0f : 0.0f));
      for (unsigned j = 0; j < 40; j++) {
         unsigned k = strip ? 10 + j : j;
         assert_true(red(rt, 10, 5 + j) == (((k & 15) < 8) ? 1.0f : 0.0f));
      }
   }
   rtest_destroy(rt);
}

/* Without no_viewport_clip, triangles and lines leave nothing outside
 * the viewport (the left half here) though the guard band keeps them. */
static void
viewport_clip(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rt->rs.no_viewport_clip = false;
   rt->vp = (struct pipe_viewport_state){
      .scale = { S / 4, S / 2, 0.5f },
      .translate = { S / 4, S / 2, 0.5f },
   };
   rtest_bind_states(rt);
   float v[3 * 8], *o = v;
   o = put(o, -1, -1, 0);
   o = put(o, 3, -1, 0);
   put(o, -1, 3, 0);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   assert_int_equal(count_red(rt, 0, 0, S / 2, S), S / 2 * S);
   assert_int_equal(count_red(rt, S / 2, 0, S, S), 0);

   o = put(v, -0.5f, 0.1f, 0);
   put(o, 2.5f, 0.1f, 0);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 2);
   assert_int_equal(count_red(rt, S / 2, 0, S, S), 0);
   assert_true(count_red(rt, 0, 0, S / 2, S) >= S / 4);
   rtest_destroy(rt);
}

static void
polygon_stipple(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   struct pipe_poly_stipple st;
   for (unsigned y = 0; y < 32; y++)
      st.stipple[y] = (y & 1) ? 0xf0f0f0f0u : 0x80000001u;
   rt->ctx->set_polygon_stipple(rt->ctx, &st);
   rt->rs.poly_stipple_enable = true;
   rtest_bind_states(rt);
   float v[3 * 8], *o = v;
   o = put(o, -1, -1, 0);
   o = put(o, 200, -1, 0);
   put(o, -1, 200, 0);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   for (unsigned y = 0; y < S; y++) {
      for (unsigned x = 0; x < S; x++) {
         bool on = (st.stipple[y % 32] >> (31 - x % 32)) & 1u;
         assert_true(red(rt, x, y) == (on ? 1.0f : 0.0f));
      }
   }

   /* Polygon mode LINE: the outline is drawn whole. */
   rt->rs.fill_front = PIPE_POLYGON_MODE_LINE;
   rt->rs.fill_back = PIPE_POLYGON_MODE_LINE;
   rtest_bind_states(rt);
   o = put(v, 2.5f, 2.5f, 0);
   o = put(o, 40.5f, 2.5f, 0);
   put(o, 2.5f, 40.5f, 0);
   rtest_clear(rt, 0, 0, 0, 0);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
   assert_int_equal(count_red(rt, 3, 2, 40, 3), 37);
   rtest_destroy(rt);
}

static void
scissor(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   struct pipe_scissor_state sc = { 10, 5, 30, 25 };
   rt->ctx->set_scissor_states(rt->ctx, 0, 1, &sc);
   float v[6 * 8], *o = v;
   o = put(o, -1, -1, 0);
   o = put(o, 200, -1, 0);
   put(o, -1, 200, 0);
   for (unsigned on = 0; on < 2; on++) {
      rt->rs.scissor = on;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 3);
      if (on) {
         assert_int_equal(count_red(rt, 0, 0, S, S), 20 * 20);
         assert_int_equal(count_red(rt, 10, 5, 30, 25), 20 * 20);
      } else {
         assert_int_equal(count_red(rt, 0, 0, S, S), S * S);
      }
   }
   rtest_destroy(rt);
}

/* A square quad and a pentagon (a fan around its first vertex): the
 * vertices at pixel centres, both faces in @p mode. */
static unsigned
split_polygons(float *v, bool pentagon)
{
   float *o = v;
   o = put(o, 10.5f, 10.5f, 0);
   o = put(o, 50.5f, 10.5f, 0);
   o = put(o, 50.5f, 50.5f, 0);
   if (pentagon)
      o = put(o, 30.5f, 60.5f, 0);
   put(o, 10.5f, 50.5f, 0);
   return pentagon ? 5 : 4;
}

/* Polygon mode LINE draws the outline of quads and polygons, not the
 * diagonals they are split along (edge flags, GL 4.6 compatibility
 * 14.6.4), whichever vertex is provoking. */
static void
edge_flags_line(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[5 * 8];
   rt->rs.fill_front = PIPE_POLYGON_MODE_LINE;
   rt->rs.fill_back = PIPE_POLYGON_MODE_LINE;
   for (unsigned first = 0; first < 2; first++) {
      rt->rs.flatshade_first = first;
      rtest_bind_states(rt);

      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_QUADS, v, split_polygons(v, false));
      /* Both diagonals cross the middle pixel. */
      assert_true(red(rt, 30, 30) == 0.0f);
      assert_true(red(rt, 20, 20) == 0.0f && red(rt, 40, 40) == 0.0f);
      assert_true(red(rt, 40, 20) == 0.0f && red(rt, 20, 40) == 0.0f);
      assert_true(red(rt, 30, 10) == 1.0f && red(rt, 50, 30) == 1.0f);
      assert_true(red(rt, 30, 50) == 1.0f && red(rt, 10, 30) == 1.0f);

      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_POLYGON, v, split_polygons(v, true));
      /* The diagonals 0-2 and 0-3 of the fan. */
      assert_true(red(rt, 30, 30) == 0.0f && red(rt, 20, 35) == 0.0f);
      assert_true(red(rt, 30, 10) == 1.0f && red(rt, 50, 30) == 1.0f);
      assert_true(red(rt, 10, 30) == 1.0f);
   }
   rtest_destroy(rt);
}

/* Polygon mode POINT draws each vertex of a quad or polygon once: only as
 * the start of a flagged edge (additive blending counts the hits). */
static void
edge_flags_point(void **state)
{
   struct rtest *rt =
      rtest_create(S, S, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   float v[5 * 8];
   rt->rs.fill_front = PIPE_POLYGON_MODE_POINT;
   rt->rs.fill_back = PIPE_POLYGON_MODE_POINT;
   rt->rs.point_size = 1;
   for (unsigned first = 0; first < 2; first++) {
      rt->rs.flatshade_first = first;
      rtest_additive(rt);
      for (unsigned pentagon = 0; pentagon < 2; pentagon++) {
         unsigned n = split_polygons(v, pentagon);
         rtest_clear(rt, 0, 0, 0, 0);
         rtest_draw(rt, pentagon ? PIPE_PRIM_POLYGON : PIPE_PRIM_QUADS, v, n);
         assert_int_equal(count_red(rt, 0, 0, S, S), n);
         for (unsigned i = 0; i < n; i++)
            assert_true(red(rt, (unsigned)v[i * 8], (unsigned)v[i * 8 + 1]) ==
                        1.0f);
      }
   }
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(culling),
      cmocka_unit_test(polygon_modes),
      cmocka_unit_test(polygon_offset),
      cmocka_unit_test(polygon_offset_resolves),
      cmocka_unit_test(point_pixels),
      cmocka_unit_test(point_size_per_vertex),
      cmocka_unit_test(point_coord),
      cmocka_unit_test(line_pixels),
      cmocka_unit_test(line_strip_once),
      cmocka_unit_test(line_stipple),
      cmocka_unit_test(line_stipple_strip),
      cmocka_unit_test(viewport_clip),
      cmocka_unit_test(polygon_stipple),
      cmocka_unit_test(scissor),
      cmocka_unit_test(edge_flags_line),
      cmocka_unit_test(edge_flags_point),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
