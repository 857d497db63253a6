/* SPDX-License-Identifier: MIT */

/*
 * Tests of geometry shaders in swrast, through the pipe interface: GS
 * written as IR text (built by the small generator below: read vertex k
 * of the inputs, offset a position, emit, end the primitive), drawn with
 * the rasterizer test harness (the pass-through vertex shader sends
 * attribute 1 to VAR0, which the fragment shader writes as the colour)
 * and observed through pixels, stream output and the primitive queries:
 * pass-through, several primitives per input, point expansion,
 * EndPrimitive, the max_vertices cap, gl_PrimitiveIDIn, the vertex order
 * of adjacency primitives and PRIMITIVES_GENERATED.
 */
#include "sw_raster_test_util.h"

#define FMT PIPE_FORMAT_R32G32B32A32_FLOAT

/* ---------------------------------------------------------------------- */
/* A generator of geometry shaders in IR text                             */
/* ---------------------------------------------------------------------- */

/* Inputs: @ipos (position, location POS) and @icol (VAR0) per vertex,
 * gl_PrimitiveIDIn; outputs gl_Position and @ocol (VAR0). */
struct gsb {
   char text[16384];
   int len;
   unsigned next;
};

static void __attribute__((format(printf, 2, 3)))
gsb_add(struct gsb *g, const char *fmt, ...)
{
   va_list ap;
   va_start(ap, fmt);
   g->len +=
      vsnprintf(g->text + g->len, sizeof(g->text) - (size_t)g->len, fmt, ap);
   va_end(ap);
   assert_true(g->len < (int)sizeof(g->text));
}

static void
gsb_begin(struct gsb *g, const char *in, const char *out, unsigned vin,
          unsigned max)
{
   g->len = 0;
   g->next = 0;
   gsb_add(g,
           "shader geometry\n"
           "info input_prim=%s output_prim=%s vertices_in=%u "
           "max_vertices=%u\n"
           "var shader_in vec4[%u] @ipos location=%d\n"
           "var shader_in vec4[%u] @icol location=%d\n"
           "var system_value int @gl_PrimitiveIDIn location=%d\n"
           "var shader_out vec4 @gl_Position location=%d\n"
           "var shader_out vec4 @ocol location=%d\n"
           "fn main {\n  b0:\n",
           in, out, vin, max, vin, IR_VARYING_SLOT_POS, vin,
           IR_VARYING_SLOT_VAR0, IR_SYSTEM_VALUE_PRIMITIVE_ID,
           IR_VARYING_SLOT_POS, IR_VARYING_SLOT_VAR0);
}

static unsigned
gsb_float(struct gsb *g, float f)
{
   gsb_add(g, "    %%%u:32 = load_const %.1f\n", g->next, (double)f);
   return g->next++;
}

/** Vertex @p k of input @p var ("ipos" or "icol"). */
static unsigned
gsb_input(struct gsb *g, const char *var, unsigned k)
{
   unsigned n = g->next;
   gsb_add(g,
           "    %%%u:32 = load_const %u\n"
           "    %%%u:32 = deref_var @%s\n"
           "    %%%u:32 = deref_array %%%u[%%%u]\n"
           "    %%%u:32x4 = load_deref %%%u\n",
           n, k, n + 1, var, n + 2, n + 1, n, n + 3, n + 2);
   g->next += 4;
   return n + 3;
}

/** @p v + (dx, dy, 0, 0). */
static unsigned
gsb_offset(struct gsb *g, unsigned v, float dx, float dy)
{
   unsigned x = gsb_float(g, dx), y = gsb_float(g, dy), z = gsb_float(g, 0);
   unsigned n = g->next;
   gsb_add(g,
           "    %%%u:32x4 = vec4 %%%u, %%%u, %%%u, %%%u\n"
           "    %%%u:32x4 = fadd %%%u, %%%u\n",
           n, x, y, z, z, n + 1, v, n);
   g->next += 2;
   return n + 1;
}

/** (float(gl_PrimitiveIDIn), v.x, 0, 1). */
static unsigned
gsb_prim_id_color(struct gsb *g, unsigned v)
{
   unsigned z = gsb_float(g, 0), o = gsb_float(g, 1);
   unsigned n = g->next;
   gsb_add(g,
           "    %%%u:32 = deref_var @gl_PrimitiveIDIn\n"
           "    %%%u:32 = load_deref %%%u\n"
           "    %%%u:32 = i2f %%%u\n"
           "    %%%u:32x4 = vec4 %%%u, %%%u.x, %%%u, %%%u\n",
           n, n + 1, n, n + 2, n + 1, n + 3, n + 2, v, z, o);
   g->next += 4;
   return n + 3;
}

/** (x, 0, 0, 1). */
static unsigned
gsb_const_color(struct gsb *g, float x)
{
   unsigned a = gsb_float(g, x), z = gsb_float(g, 0), o = gsb_float(g, 1);
   gsb_add(g, "    %%%u:32x4 = vec4 %%%u, %%%u, %%%u, %%%u\n", g->next, a, z, z,
           o);
   return g->next++;
}

static void
gsb_emit(struct gsb *g, unsigned pos, unsigned col)
{
   unsigned n = g->next;
   gsb_add(g,
           "    %%%u:32 = deref_var @gl_Position\n"
           "    store_deref %%%u, %%%u write_mask=15\n"
           "    %%%u:32 = deref_var @ocol\n"
           "    store_deref %%%u, %%%u write_mask=15\n"
           "    emit_vertex\n",
           n, n, pos, n + 1, n + 1, col);
   g->next += 2;
}

static void
gsb_end_primitive(struct gsb *g)
{
   gsb_add(g, "    end_primitive\n");
}

/** Creates and binds the shader (with stream output @p so, or none). */
static void *
gsb_bind(struct gsb *g, struct rtest *rt,
         const struct pipe_stream_output_info *so)
{
   gsb_add(g, "}\n");
   char *err = NULL;
   struct ir_shader *ir = ir_parse(NULL, g->text, &err);
   if (!ir)
      fail_msg("gs: %s\n%s", err ? err : "?", g->text);
   struct pipe_shader_state st = { .ir = ir };
   if (so)
      st.stream_output = *so;
   void *cso = rt->ctx->create_gs_state(rt->ctx, &st);
   assert_non_null(cso);
   rt->ctx->bind_gs_state(rt->ctx, cso);
   return cso;
}

static void
gs_unbind(struct rtest *rt, void *cso)
{
   rt->ctx->bind_gs_state(rt->ctx, NULL);
   rt->ctx->delete_gs_state(rt->ctx, cso);
}

/** Pass-through of input vertices 0 .. n - 1 with an offset, as one
 * strip. */
static void
gsb_copy(struct gsb *g, unsigned n, float dx, float dy)
{
   for (unsigned k = 0; k < n; k++) {
      unsigned p = gsb_offset(g, gsb_input(g, "ipos", k), dx, dy);
      gsb_emit(g, p, gsb_input(g, "icol", k));
   }
}

static struct rtest *
make(void)
{
   return rtest_create(32, 32, FMT, PIPE_FORMAT_NONE, 1);
}

static void
expect_color(struct rtest *rt, unsigned x, unsigned y, float r, float gr)
{
   float c[4];
   rtest_read(rt, x, y, c);
   if (c[0] != r || c[1] != gr)
      fail_msg("pixel (%u, %u) is (%g, %g), expected (%g, %g)", x, y,
               (double)c[0], (double)c[1], (double)r, (double)gr);
}

static struct pipe_query *
begin_generated(struct rtest *rt)
{
   struct pipe_query *q =
      rt->ctx->create_query(rt->ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   assert_non_null(q);
   rt->ctx->begin_query(rt->ctx, q);
   return q;
}

static uint64_t
end_query(struct rtest *rt, struct pipe_query *q)
{
   union pipe_query_result r;
   rt->ctx->end_query(rt->ctx, q);
   assert_true(rt->ctx->get_query_result(rt->ctx, q, true, &r));
   rt->ctx->destroy_query(rt->ctx, q);
   return r.u64;
}

/* One triangle: (2, 2), (20, 2), (2, 20) with colour (1, 0.5, 0, 1). */
static const float tri[] = {
   2, 2,    0, 1, 1, 0.5f, 0, 1, 20, 2,    0, 1,
   1, 0.5f, 0, 1, 2, 20,   0, 1, 1,  0.5f, 0, 1,
};

/* ---------------------------------------------------------------------- */
/* Tests                                                                  */
/* ---------------------------------------------------------------------- */

static void
screen_caps(void **state)
{
   (void)state;
   struct rtest *rt = make();
   struct pipe_screen *s = rt->screen;
   assert_int_equal(
      s->get_shader_param(s, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_SUPPORTED),
      1);
   assert_int_equal(s->get_param(s, PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES),
                    256);
   assert_int_equal(
      s->get_param(s, PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS), 1024);
   rtest_destroy(rt);
}

/* The reported limit holds with adjacency: 16 vec4 inputs per vertex on
 * triangles_adjacency (96 input slots) make a shader. */
static void
adjacency_input_limit(void **state)
{
   (void)state;
   struct rtest *rt = make();
   struct pipe_screen *s = rt->screen;
   int max =
      s->get_shader_param(s, PIPE_SHADER_GEOMETRY, PIPE_SHADER_CAP_MAX_INPUTS);
   assert_int_equal(max, 16);
   struct gsb g;
   g.len = 0;
   g.next = 0;
   gsb_add(&g, "shader geometry\n"
               "info input_prim=triangles_adjacency output_prim=points "
               "vertices_in=6 max_vertices=1\n");
   for (int i = 0; i < max; i++)
      gsb_add(&g, "var shader_in vec4[6] @in%d location=%d\n", i,
              i == 0 ? IR_VARYING_SLOT_POS : IR_VARYING_SLOT_VAR0 + i - 1);
   gsb_add(&g,
           "var shader_out vec4 @gl_Position location=%d\n"
           "fn main {\n  b0:\n",
           IR_VARYING_SLOT_POS);
   unsigned last = gsb_input(&g, "in15", 5);
   gsb_add(&g,
           "    %%%u:32 = deref_var @gl_Position\n"
           "    store_deref %%%u, %%%u write_mask=15\n"
           "    emit_vertex\n",
           g.next, g.next, last);
   g.next++;
   void *gs = gsb_bind(&g, rt, NULL);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* A pass-through GS draws exactly what the draw without it draws. */
static void
passthrough(void **state)
{
   (void)state;
   struct rtest *rt = make();
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, tri, 3);
   float *ref = rtest_read_red(rt);
   rtest_clear(rt, 0, 0, 0, 0);

   struct gsb g;
   gsb_begin(&g, "triangles", "triangle_strip", 3, 3);
   gsb_copy(&g, 3, 0, 0);
   void *gs = gsb_bind(&g, rt, NULL);
   struct pipe_query *q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, tri, 3);
   assert_int_equal(end_query(rt, q), 1);
   float *img = rtest_read_red(rt);
   unsigned covered = 0;
   for (unsigned i = 0; i < 32 * 32; i++) {
      assert_true(img[i] == ref[i]);
      covered += img[i] == 1.0f;
   }
   assert_true(covered > 100);
   expect_color(rt, 4, 4, 1, 0.5f);
   free(ref);
   free(img);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* Two triangles per input triangle: the original and a copy 16 pixels to
 * the right, as two strips. */
static void
two_triangles(void **state)
{
   (void)state;
   struct rtest *rt = make();
   static const float small[] = {
      2, 2,    0, 1, 1, 0.5f, 0, 1, 10, 2,    0, 1,
      1, 0.5f, 0, 1, 2, 10,   0, 1, 1,  0.5f, 0, 1,
   };
   struct gsb g;
   gsb_begin(&g, "triangles", "triangle_strip", 3, 6);
   gsb_copy(&g, 3, 0, 0);
   gsb_end_primitive(&g);
   gsb_copy(&g, 3, 16, 0);
   void *gs = gsb_bind(&g, rt, NULL);
   struct pipe_query *q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, small, 3);
   assert_int_equal(end_query(rt, q), 2);
   expect_color(rt, 3, 3, 1, 0.5f);
   expect_color(rt, 19, 3, 1, 0.5f);
   expect_color(rt, 12, 3, 0, 0);
   expect_color(rt, 3, 20, 0, 0);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* Points become 4x4 squares (4-vertex triangle strips). */
static void
points_to_quads(void **state)
{
   (void)state;
   struct rtest *rt = make();
   static const float pts[] = {
      8, 8, 0, 1, 1, 0, 0, 1, 24, 24, 0, 1, 0, 1, 0, 1,
   };
   struct gsb g;
   gsb_begin(&g, "points", "triangle_strip", 1, 4);
   static const float d[4][2] = { { -2, -2 }, { 2, -2 }, { -2, 2 }, { 2, 2 } };
   for (unsigned k = 0; k < 4; k++) {
      unsigned p = gsb_offset(&g, gsb_input(&g, "ipos", 0), d[k][0], d[k][1]);
      gsb_emit(&g, p, gsb_input(&g, "icol", 0));
   }
   void *gs = gsb_bind(&g, rt, NULL);
   struct pipe_query *q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_POINTS, pts, 2);
   assert_int_equal(end_query(rt, q), 4);
   float *img = rtest_read_red(rt);
   unsigned red = 0;
   for (unsigned i = 0; i < 32 * 32; i++)
      red += img[i] == 1.0f;
   assert_int_equal(red, 16);
   free(img);
   expect_color(rt, 6, 6, 1, 0);
   expect_color(rt, 9, 9, 1, 0);
   expect_color(rt, 5, 6, 0, 0);
   expect_color(rt, 10, 9, 0, 0);
   expect_color(rt, 22, 22, 0, 1);
   expect_color(rt, 25, 25, 0, 1);
   expect_color(rt, 26, 25, 0, 0);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* From one point: a = (2, 2), b = (12, 2), c = (2, 12), d = (12, 12),
 * e = (20, 20) relative to the point at the origin, with or without
 * EndPrimitive after c, max_vertices as given. */
static void *
strip_gs(struct rtest *rt, bool cut, unsigned max)
{
   static const float v[5][2] = {
      { 2, 2 }, { 12, 2 }, { 2, 12 }, { 12, 12 }, { 20, 20 }
   };
   struct gsb g;
   gsb_begin(&g, "points", "triangle_strip", 1, max);
   for (unsigned k = 0; k < 5; k++) {
      unsigned p = gsb_offset(&g, gsb_input(&g, "ipos", 0), v[k][0], v[k][1]);
      gsb_emit(&g, p, gsb_input(&g, "icol", 0));
      if (k == 2 && cut)
         gsb_end_primitive(&g);
   }
   return gsb_bind(&g, rt, NULL);
}

static const float origin[] = { 0, 0, 0, 1, 1, 0, 0, 1 };

static void
end_primitive_splits(void **state)
{
   (void)state;
   struct rtest *rt = make();
   /* Without EndPrimitive: one strip of 5 vertices, 3 triangles. */
   void *gs = strip_gs(rt, false, 5);
   struct pipe_query *q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_POINTS, origin, 1);
   assert_int_equal(end_query(rt, q), 3);
   expect_color(rt, 4, 4, 1, 0);
   expect_color(rt, 10, 10, 1, 0);
   gs_unbind(rt, gs);

   /* With it: abc, then d and e alone make nothing. */
   rtest_clear(rt, 0, 0, 0, 0);
   gs = strip_gs(rt, true, 5);
   q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_POINTS, origin, 1);
   assert_int_equal(end_query(rt, q), 1);
   expect_color(rt, 4, 4, 1, 0);
   expect_color(rt, 10, 10, 0, 0);
   expect_color(rt, 14, 15, 0, 0);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* Vertices beyond max_vertices are dropped. */
static void
max_vertices_cap(void **state)
{
   (void)state;
   struct rtest *rt = make();
   void *gs = strip_gs(rt, false, 3);
   struct pipe_query *q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_POINTS, origin, 1);
   assert_int_equal(end_query(rt, q), 1);
   expect_color(rt, 4, 4, 1, 0);
   expect_color(rt, 10, 10, 0, 0);
   gs_unbind(rt, gs);

   gs = strip_gs(rt, false, 4);
   q = begin_generated(rt);
   rtest_draw(rt, PIPE_PRIM_POINTS, origin, 1);
   assert_int_equal(end_query(rt, q), 2);
   expect_color(rt, 10, 10, 1, 0);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* Stream output capturing VAR0 (4 floats per vertex). */
struct so {
   struct pipe_resource *buf;
   struct pipe_stream_output_target *target;
};

static const struct pipe_stream_output_info so_var0 = {
   .num_outputs = 1,
   .stride = { 4 },
   .output = { { .register_index = IR_VARYING_SLOT_VAR0,
                 .num_components = 4 } },
};

static struct so
bind_so(struct rtest *rt, unsigned bytes)
{
   struct so s;
   struct pipe_resource templ = {
      .target = PIPE_BUFFER,
      .width0 = bytes,
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_STREAM_OUTPUT,
   };
   s.buf = rt->screen->resource_create(rt->screen, &templ);
   assert_non_null(s.buf);
   s.target = rt->ctx->create_stream_output_target(rt->ctx, s.buf, 0, bytes);
   assert_non_null(s.target);
   unsigned off = 0;
   rt->ctx->set_stream_output_targets(rt->ctx, 1, &s.target, &off);
   return s;
}

static void
unbind_so(struct rtest *rt, struct so *s)
{
   rt->ctx->set_stream_output_targets(rt->ctx, 0, NULL, NULL);
   pipe_so_target_ref(&s->target, NULL);
   pipe_resource_ref(&s->buf, NULL);
}

static const float *
so_vec4(const struct so *s, unsigned v)
{
   return (const float *)(sw_resource(s->buf)->data + v * 16);
}

/* gl_PrimitiveIDIn counts the draw's primitives, from 0 in each instance;
 * stream output writes the GS outputs. */
static void
primitive_id_and_stream_out(void **state)
{
   (void)state;
   struct rtest *rt = make();
   struct so s = bind_so(rt, 1024);
   struct gsb g;
   gsb_begin(&g, "points", "points", 1, 1);
   unsigned p = gsb_input(&g, "ipos", 0);
   gsb_emit(&g, p, gsb_prim_id_color(&g, p));
   void *gs = gsb_bind(&g, rt, &so_var0);

   struct pipe_query *emitted =
      rt->ctx->create_query(rt->ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
   rt->ctx->begin_query(rt->ctx, emitted);
   static const float pts[] = {
      3.5f, 1.5f, 0, 1, 0,    0,    0, 0, 5.5f, 1.5f, 0, 1,
      0,    0,    0, 0, 7.5f, 1.5f, 0, 1, 0,    0,    0, 0,
   };
   struct pipe_vertex_buffer vb = {
      .stride = 32,
      .is_user_buffer = true,
      .buffer.user = pts,
   };
   rt->ctx->set_vertex_buffers(rt->ctx, 0, 1, &vb);
   struct pipe_draw_info info = { .mode = PIPE_PRIM_POINTS,
                                  .instance_count = 2,
                                  .max_index = ~0u };
   struct pipe_draw_start_count_bias draw = { .start = 0, .count = 3 };
   rt->ctx->draw_vbo(rt->ctx, &info, &draw, 1);
   assert_int_equal(end_query(rt, emitted), 6);
   for (unsigned i = 0; i < 6; i++) {
      const float *v = so_vec4(&s, i);
      assert_true(v[0] == (float)(i % 3));
      assert_true(v[1] == 3.5f + 2.0f * (float)(i % 3));
      assert_true(v[3] == 1.0f);
   }
   /* The points were rasterized with the GS outputs too. */
   expect_color(rt, 3, 1, 0, 3.5f);
   expect_color(rt, 7, 1, 2, 7.5f);
   gs_unbind(rt, gs);
   unbind_so(rt, &s);
   rtest_destroy(rt);
}

/* Each input vertex k of an adjacency primitive goes out as a point with
 * its colour (whose x is the vertex's index in the draw). */
static void
check_adjacency(struct rtest *rt, unsigned mode, const char *in_prim,
                unsigned vin, unsigned count, const unsigned *expect,
                unsigned num_expect)
{
   struct so s = bind_so(rt, 1024);
   struct gsb g;
   gsb_begin(&g, in_prim, "points", vin, vin);
   for (unsigned k = 0; k < vin; k++)
      gsb_emit(&g, gsb_input(&g, "ipos", k), gsb_input(&g, "icol", k));
   void *gs = gsb_bind(&g, rt, &so_var0);
   float data[16 * 8];
   for (unsigned i = 0; i < 16; i++) {
      float v[8] = { (float)i, 30, 0, 1, (float)i, 0, 0, 1 };
      memcpy(data + i * 8, v, sizeof(v));
   }
   struct pipe_query *q = begin_generated(rt);
   rtest_draw(rt, mode, data, count);
   assert_int_equal(end_query(rt, q), num_expect);
   for (unsigned i = 0; i < num_expect; i++) {
      if (so_vec4(&s, i)[0] != (float)expect[i])
         fail_msg("vertex %u is %g, expected %u", i, (double)so_vec4(&s, i)[0],
                  expect[i]);
   }
   gs_unbind(rt, gs);
   unbind_so(rt, &s);
}

static void
adjacency_order(void **state)
{
   (void)state;
   struct rtest *rt = make();
   static const unsigned tris[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11 };
   check_adjacency(rt, PIPE_PRIM_TRIANGLES_ADJACENCY, "triangles_adjacency", 6,
                   12, tris, 12);
   /* GL 4.6 table 10.1: the first and the last (odd) triangle of a
    * strip of 8 vertices. */
   static const unsigned strip[] = { 0, 1, 2, 6, 4, 3, 4, 0, 2, 5, 6, 7 };
   check_adjacency(rt, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
                   "triangles_adjacency", 6, 8, strip, 12);
   /* A strip of 12 vertices: first, odd, even (whose first adjacent
    * vertex is the one before the previous triangle's) and last odd
    * triangle. */
   static const unsigned strip4[] = { 0, 1, 2, 6,  4, 3, 4, 0, 2, 5, 6,  8,
                                      4, 2, 6, 10, 8, 7, 8, 4, 6, 9, 10, 11 };
   check_adjacency(rt, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
                   "triangles_adjacency", 6, 12, strip4, 24);
   /* A strip of one triangle. */
   static const unsigned one[] = { 0, 1, 2, 5, 4, 3 };
   check_adjacency(rt, PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
                   "triangles_adjacency", 6, 6, one, 6);
   static const unsigned lines[] = { 0, 1, 2, 3, 1, 2, 3, 4 };
   check_adjacency(rt, PIPE_PRIM_LINE_STRIP_ADJACENCY, "lines_adjacency", 4, 5,
                   lines, 8);
   check_adjacency(rt, PIPE_PRIM_LINES_ADJACENCY, "lines_adjacency", 4, 9, tris,
                   8);
   rtest_destroy(rt);
}

/* A GS on triangles with adjacency drawing the triangle of vertices 0, 2,
 * 4 (what the draw without a GS would show). */
static void
adjacency_draw(void **state)
{
   (void)state;
   struct rtest *rt = make();
   float data[6 * 8];
   static const float pos[6][2] = { { 2, 2 },   { 0, 0 },  { 20, 2 },
                                    { 31, 31 }, { 2, 20 }, { 0, 31 } };
   for (unsigned i = 0; i < 6; i++) {
      float v[8] = { pos[i][0], pos[i][1], 0, 1, 1, (float)i, 0, 1 };
      memcpy(data + i * 8, v, sizeof(v));
   }
   struct gsb g;
   gsb_begin(&g, "triangles_adjacency", "triangle_strip", 6, 3);
   for (unsigned k = 0; k < 6; k += 2)
      gsb_emit(&g, gsb_input(&g, "ipos", k), gsb_input(&g, "icol", k));
   void *gs = gsb_bind(&g, rt, NULL);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES_ADJACENCY, data, 6);
   /* Interpolated green is between the colours of vertices 0, 2, 4. */
   float c[4];
   rtest_read(rt, 3, 3, c);
   assert_true(c[0] == 1.0f && c[1] >= 0.0f && c[1] <= 4.0f);
   expect_color(rt, 25, 25, 0, 0);
   expect_color(rt, 1, 25, 0, 0);
   gs_unbind(rt, gs);
   rtest_destroy(rt);
}

/* Input primitives of the other modes: triangle strips keep the winding
 * of odd triangles by swapping their first two vertices. */
static void
input_order(void **state)
{
   (void)state;
   struct rtest *rt = make();
   static const unsigned strip[] = { 0, 1, 2, 2, 1, 3, 2, 3, 4 };
   check_adjacency(rt, PIPE_PRIM_TRIANGLE_STRIP, "triangles", 3, 5, strip, 9);
   static const unsigned fan[] = { 0, 1, 2, 0, 2, 3 };
   check_adjacency(rt, PIPE_PRIM_TRIANGLE_FAN, "triangles", 3, 4, fan, 6);
   static const unsigned loop[] = { 0, 1, 1, 2, 2, 0 };
   check_adjacency(rt, PIPE_PRIM_LINE_LOOP, "lines", 2, 3, loop, 6);
   static const unsigned lstrip[] = { 0, 1, 1, 2 };
   check_adjacency(rt, PIPE_PRIM_LINE_STRIP, "lines", 2, 3, lstrip, 4);
   rtest_destroy(rt);
}

/* Output strips are decomposed like strips drawn directly: stream output
 * gets lines (0, 1), (1, 2), (2, 3) and triangles (0, 1, 2), (2, 1, 3)
 * (GL's order for strips written to transform feedback). */
static void
output_strips(void **state)
{
   (void)state;
   struct rtest *rt = make();
   static const char *const prims[2] = { "line_strip", "triangle_strip" };
   static const unsigned lines[] = { 0, 1, 1, 2, 2, 3 };
   static const unsigned tris[] = { 0, 1, 2, 2, 1, 3 };
   const unsigned *expect[2] = { lines, tris };
   for (unsigned k = 0; k < 2; k++) {
      struct so s = bind_so(rt, 1024);
      struct gsb g;
      gsb_begin(&g, "points", prims[k], 1, 4);
      static const float d[4][2] = {
         { 2, 2 }, { 12, 2 }, { 2, 12 }, { 12, 12 }
      };
      for (unsigned v = 0; v < 4; v++) {
         unsigned p =
            gsb_offset(&g, gsb_input(&g, "ipos", 0), d[v][0], d[v][1]);
         gsb_emit(&g, p, gsb_const_color(&g, (float)v));
      }
      void *gs = gsb_bind(&g, rt, &so_var0);
      struct pipe_query *q = begin_generated(rt);
      rtest_draw(rt, PIPE_PRIM_POINTS, origin, 1);
      assert_int_equal(end_query(rt, q), k == 0 ? 3 : 2);
      for (unsigned i = 0; i < 6; i++)
         assert_true(so_vec4(&s, i)[0] == (float)expect[k][i]);
      gs_unbind(rt, gs);
      unbind_so(rt, &s);
   }
   /* The triangles were drawn: the square [2, 12)^2 is filled. */
   float c[4];
   rtest_read(rt, 7, 4, c);
   assert_true(c[3] == 1.0f && c[0] > 0.0f && c[0] < 3.0f);
   rtest_read(rt, 11, 10, c);
   assert_true(c[3] == 1.0f);
   rtest_read(rt, 13, 13, c);
   assert_true(c[3] == 0.0f);
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(screen_caps),
      cmocka_unit_test(adjacency_input_limit),
      cmocka_unit_test(passthrough),
      cmocka_unit_test(two_triangles),
      cmocka_unit_test(points_to_quads),
      cmocka_unit_test(end_primitive_splits),
      cmocka_unit_test(max_vertices_cap),
      cmocka_unit_test(primitive_id_and_stream_out),
      cmocka_unit_test(adjacency_order),
      cmocka_unit_test(adjacency_draw),
      cmocka_unit_test(input_order),
      cmocka_unit_test(output_strips),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
