/* SPDX-License-Identifier: MIT */

/*
 * Tests of the front half of swrast draws: vertex fetch of float,
 * normalized, integer (scaled and pure) and double formats, instance divisors,
 * out-of-bounds reads, uniforms and system values through a vertex shader
 * written as IR text, then whole draws observed through stream output:
 * 1/2/4-byte indices from buffers and user memory, base vertex, primitive
 * restart, instancing, strip decomposition order, overflow and the
 * primitive queries.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "sw_context.h"
#include "sw_draw.h"
#include "sw_resource.h"
#include "sw_test_util.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes_io.h"

/* Outputs: position = pos + offset (uniform), col = color, ival =
 * (iattr.x, iattr.y, gl_VertexID, gl_InstanceID), fval = scaled. */
static const char vs_text[] =
   "shader vertex\n"
   "var shader_in vec4 @pos location=0\n"
   "var shader_in vec4 @color location=1\n"
   "var shader_in ivec4 @iattr location=2\n"
   "var shader_in vec4 @scaled location=3\n"
   "var system_value int @gl_VertexID location=9\n"
   "var system_value int @gl_InstanceID location=10\n"
   "var uniform vec4 @offset\n"
   "var shader_out vec4 @gl_Position location=0\n"
   "var shader_out vec4 @col location=32\n"
   "var shader_out ivec4 @ival location=33\n"
   "var shader_out vec4 @fval location=34\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = deref_var @pos\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = deref_var @offset\n"
   "    %3:32x4 = load_deref %2\n"
   "    %4:32x4 = fadd %1, %3\n"
   "    %5:32 = deref_var @gl_Position\n"
   "    store_deref %5, %4 write_mask=15\n"
   "    %6:32 = deref_var @color\n"
   "    %7:32x4 = load_deref %6\n"
   "    %8:32 = deref_var @col\n"
   "    store_deref %8, %7 write_mask=15\n"
   "    %9:32 = deref_var @iattr\n"
   "    %10:32x4 = load_deref %9\n"
   "    %11:32 = deref_var @gl_VertexID\n"
   "    %12:32 = load_deref %11\n"
   "    %13:32 = deref_var @gl_InstanceID\n"
   "    %14:32 = load_deref %13\n"
   "    %15:32x4 = vec4 %10.x, %10.y, %12, %14\n"
   "    %16:32 = deref_var @ival\n"
   "    store_deref %16, %15 write_mask=15\n"
   "    %17:32 = deref_var @scaled\n"
   "    %18:32x4 = load_deref %17\n"
   "    %19:32 = deref_var @fval\n"
   "    store_deref %19, %18 write_mask=15\n"
   "}\n";

struct fixture {
   struct sw_test base;
   void *vs;
   void *velems;
   void *rs;
   struct pipe_resource *vbuf;
   float offset[4];
};

/* Vertex i of the buffer: pos (i, 10 + i, 0, 1) as floats at 0, color as
 * RGBA8 unorm (i * 10, 255, 0, 51) at 16, iattr as R16G16_SINT (-i, 2i)
 * at 20, scaled as R8G8B8A8_UINT (i, 200, 3, 4) at 24; stride 28. */
#define NVERTS 16
#define STRIDE 28

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   void *base = &f->base;
   if (sw_test_setup(&base) != 0)
      return -1;
   f->base = *(struct sw_test *)base;
   free(base);
   struct pipe_context *ctx = f->base.ctx;

   char *err = NULL;
   struct ir_shader *ir = ir_parse(NULL, vs_text, &err);
   if (!ir) {
      fprintf(stderr, "%s\n", err ? err : "parse error");
      return -1;
   }
   struct pipe_shader_state ss = { .ir = ir };
   ss.stream_output.num_outputs = 2;
   ss.stream_output.stride[0] = 6;
   ss.stream_output.output[0] = (struct pipe_stream_output){
      .register_index = IR_VARYING_SLOT_POS,
      .num_components = 2,
   };
   ss.stream_output.output[1] = (struct pipe_stream_output){
      .register_index = IR_VARYING_SLOT_VAR0 + 1,
      .num_components = 4,
      .dst_offset = 2,
   };
   f->vs = ctx->create_vs_state(ctx, &ss);
   if (!f->vs)
      return -1;
   ctx->bind_vs_state(ctx, f->vs);

   uint8_t data[NVERTS * STRIDE];
   for (unsigned i = 0; i < NVERTS; i++) {
      uint8_t *v = data + i * STRIDE;
      float pos[4] = { (float)i, 10.0f + (float)i, 0, 1 };
      memcpy(v, pos, 16);
      uint8_t color[4] = { (uint8_t)(i * 10), 255, 0, 51 };
      memcpy(v + 16, color, 4);
      int16_t ia[2] = { (int16_t)-i, (int16_t)(2 * i) };
      memcpy(v + 20, ia, 4);
      uint8_t sc[4] = { (uint8_t)i, 200, 3, 4 };
      memcpy(v + 24, sc, 4);
   }
   f->vbuf = sw_test_buffer(&f->base, sizeof(data), data);
   struct pipe_vertex_buffer vb = {
      .stride = STRIDE,
      .buffer.resource = f->vbuf,
   };
   ctx->set_vertex_buffers(ctx, 0, 1, &vb);
   struct pipe_vertex_element ve[4] = {
      { 0, 0, 0, PIPE_FORMAT_R32G32B32A32_FLOAT },
      { 16, 0, 0, PIPE_FORMAT_R8G8B8A8_UNORM },
      { 20, 0, 0, PIPE_FORMAT_R16G16_SINT },
      { 24, 0, 0, PIPE_FORMAT_R8G8B8A8_UINT },
   };
   f->velems = ctx->create_vertex_elements_state(ctx, 4, ve);
   ctx->bind_vertex_elements_state(ctx, f->velems);
   f->offset[0] = 0.5f;
   struct pipe_constant_buffer cb = {
      .user_buffer = f->offset,
      .buffer_size = sizeof(f->offset),
   };
   ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 0, &cb);
   struct pipe_rasterizer_state rs = { .half_pixel_center = true };
   f->rs = ctx->create_rasterizer_state(ctx, &rs);
   ctx->bind_rasterizer_state(ctx, f->rs);
   *state = f;
   return 0;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   ctx->bind_vs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, f->vs);
   ctx->bind_vertex_elements_state(ctx, NULL);
   ctx->delete_vertex_elements_state(ctx, f->velems);
   ctx->bind_rasterizer_state(ctx, NULL);
   ctx->delete_rasterizer_state(ctx, f->rs);
   pipe_resource_ref(&f->vbuf, NULL);
   ctx->destroy(ctx);
   f->base.screen->destroy(f->base.screen);
   free(f);
   return 0;
}

static float
word_f(uint32_t w)
{
   float f;
   memcpy(&f, &w, 4);
   return f;
}

/** Slot of varying @p loc in the shaded vertex array. */
static const uint32_t *
slot(struct sw_context *sw, const struct sw_vertex_array *va, unsigned v,
     unsigned loc)
{
   int s = sw->vs->output_slot[loc];
   assert_true(s >= 0);
   return va->data + ((size_t)v * va->num_slots + (unsigned)s) * 4;
}

static void
fetch_formats_and_sysvals(void **state)
{
   struct fixture *f = *state;
   struct sw_context *sw = sw_context(f->base.ctx);
   unsigned elts[3] = { 5, 0, 9 };
   struct sw_fetch_info fi = { .elts = elts, .count = 3, .instance = 2 };
   struct sw_vertex_array va = { 0 };
   assert_true(sw_draw_shade_vertices(sw, &fi, &va));
   assert_int_equal(va.count, 3);
   for (unsigned k = 0; k < 3; k++) {
      unsigned i = elts[k];
      const uint32_t *p = slot(sw, &va, k, IR_VARYING_SLOT_POS);
      assert_true(word_f(p[0]) == (float)i + 0.5f);
      assert_true(word_f(p[1]) == 10.0f + (float)i);
      assert_true(word_f(p[3]) == 1.0f);
      const uint32_t *c = slot(sw, &va, k, IR_VARYING_SLOT_VAR0);
      assert_true(word_f(c[0]) == (float)(i * 10) / 255.0f);
      assert_true(word_f(c[1]) == 1.0f);
      assert_true(word_f(c[3]) == 51.0f / 255.0f);
      const uint32_t *iv = slot(sw, &va, k, IR_VARYING_SLOT_VAR0 + 1);
      assert_int_equal((int32_t)iv[0], -(int)i);
      assert_int_equal((int32_t)iv[1], 2 * (int)i);
      assert_int_equal(iv[2], i); /* gl_VertexID */
      assert_int_equal(iv[3], 2); /* gl_InstanceID */
      /* Pure integer format into a float input: converted (scaled). */
      const uint32_t *sc = slot(sw, &va, k, IR_VARYING_SLOT_VAR0 + 2);
      assert_true(word_f(sc[0]) == (float)i);
      assert_true(word_f(sc[1]) == 200.0f);
      assert_true(word_f(sc[3]) == 4.0f);
   }
   sw_vertex_array_fini(&va);
}

static void
fetch_many_vertices_in_groups(void **state)
{
   struct fixture *f = *state;
   struct sw_context *sw = sw_context(f->base.ctx);
   /* 150 vertices: three interpreter groups; a zero stride makes every
    * vertex read element 0 of the attribute. */
   struct pipe_vertex_buffer vb = { .stride = 0, .buffer.resource = f->vbuf };
   f->base.ctx->set_vertex_buffers(f->base.ctx, 1, 1, &vb);
   struct pipe_vertex_element ve[4] = {
      { 0, 0, 0, PIPE_FORMAT_R32G32B32A32_FLOAT },
      { STRIDE + 16, 1, 0, PIPE_FORMAT_R8G8B8A8_UNORM },
      { 20, 0, 0, PIPE_FORMAT_R16G16_SINT },
      { 24, 0, 0, PIPE_FORMAT_R8G8B8A8_UINT },
   };
   void *velems = f->base.ctx->create_vertex_elements_state(f->base.ctx, 4, ve);
   f->base.ctx->bind_vertex_elements_state(f->base.ctx, velems);
   unsigned *elts = malloc(150 * sizeof(unsigned));
   for (unsigned i = 0; i < 150; i++)
      elts[i] = i % NVERTS;
   struct sw_fetch_info fi = { .elts = elts, .count = 150 };
   struct sw_vertex_array va = { 0 };
   assert_true(sw_draw_shade_vertices(sw, &fi, &va));
   assert_int_equal(va.count, 150);
   for (unsigned k = 0; k < 150; k++) {
      assert_true(word_f(slot(sw, &va, k, IR_VARYING_SLOT_POS)[0]) ==
                  (float)(k % NVERTS) + 0.5f);
      assert_true(word_f(slot(sw, &va, k, IR_VARYING_SLOT_VAR0)[0]) ==
                  10.0f / 255.0f);
   }
   sw_vertex_array_fini(&va);
   free(elts);
   f->base.ctx->bind_vertex_elements_state(f->base.ctx, f->velems);
   f->base.ctx->delete_vertex_elements_state(f->base.ctx, velems);
}

static void
fetch_divisor_and_out_of_bounds(void **state)
{
   struct fixture *f = *state;
   struct sw_context *sw = sw_context(f->base.ctx);
   struct pipe_vertex_element ve[4] = {
      { 0, 0, 0, PIPE_FORMAT_R32G32B32A32_FLOAT },
      { 16, 0, 3, PIPE_FORMAT_R8G8B8A8_UNORM }, /* per 3 instances */
      { 20, 0, 0, PIPE_FORMAT_R16G16_SINT },
      { 24, 0, 0, PIPE_FORMAT_R8G8B8A8_UINT },
   };
   void *velems = f->base.ctx->create_vertex_elements_state(f->base.ctx, 4, ve);
   f->base.ctx->bind_vertex_elements_state(f->base.ctx, velems);
   /* Vertex 100 is beyond the buffer: (0, 0, 0, 1) (+ offset). */
   unsigned elts[2] = { 1, 100 };
   struct sw_fetch_info fi = {
      .elts = elts, .count = 2, .instance = 7, .start_instance = 2
   };
   struct sw_vertex_array va = { 0 };
   assert_true(sw_draw_shade_vertices(sw, &fi, &va));
   for (unsigned k = 0; k < 2; k++) {
      /* Element 2 + 7 / 3 = 4 for both vertices. */
      assert_true(word_f(slot(sw, &va, k, IR_VARYING_SLOT_VAR0)[0]) ==
                  40.0f / 255.0f);
   }
   const uint32_t *p = slot(sw, &va, 1, IR_VARYING_SLOT_POS);
   assert_true(word_f(p[0]) == 0.5f && word_f(p[1]) == 0.0f &&
               word_f(p[3]) == 1.0f);
   const uint32_t *iv = slot(sw, &va, 1, IR_VARYING_SLOT_VAR0 + 1);
   assert_int_equal(iv[0], 0);
   assert_int_equal(iv[2], 100);
   sw_vertex_array_fini(&va);
   f->base.ctx->bind_vertex_elements_state(f->base.ctx, f->velems);
   f->base.ctx->delete_vertex_elements_state(f->base.ctx, velems);
}

/* GL 3.3 DOUBLE attributes: positions as R64G64_FLOAT from a second
 * buffer, each double rounded to the nearest float on fetch (too large
 * gives infinity), z and w from the format's swizzle (0, 1). */
static void
fetch_doubles(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   struct pipe_screen *screen = f->base.screen;
   struct sw_context *sw = sw_context(ctx);
   assert_true(screen->is_format_supported(screen, PIPE_FORMAT_R64G64_FLOAT,
                                           PIPE_BUFFER, 0,
                                           PIPE_BIND_VERTEX_BUFFER));
   assert_false(
      screen->is_format_supported(screen, PIPE_FORMAT_R64G64B64A64_FLOAT,
                                  PIPE_TEXTURE_2D, 0, PIPE_BIND_RENDER_TARGET));
   assert_false(screen->is_format_supported(screen, PIPE_FORMAT_R64_FLOAT,
                                            PIPE_TEXTURE_2D, 0,
                                            PIPE_BIND_SAMPLER_VIEW));

   const double data[3][2] = {
      { 1.5, -2.25 },
      { 1.0 + ldexp(1, -30), 1e300 },
      { 0.25, -8.0 },
   };
   struct pipe_resource *buf = sw_test_buffer(&f->base, sizeof(data), data);
   struct pipe_vertex_buffer vb = { .stride = 16, .buffer.resource = buf };
   ctx->set_vertex_buffers(ctx, 1, 1, &vb);
   pipe_resource_ref(&buf, NULL);
   struct pipe_vertex_element ve[4] = {
      { 0, 1, 0, PIPE_FORMAT_R64G64_FLOAT },
      { 16, 0, 0, PIPE_FORMAT_R8G8B8A8_UNORM },
      { 20, 0, 0, PIPE_FORMAT_R16G16_SINT },
      { 24, 0, 0, PIPE_FORMAT_R8G8B8A8_UINT },
   };
   void *velems = ctx->create_vertex_elements_state(ctx, 4, ve);
   ctx->bind_vertex_elements_state(ctx, velems);

   unsigned elts[3] = { 2, 0, 1 };
   struct sw_fetch_info fi = { .elts = elts, .count = 3 };
   struct sw_vertex_array va = { 0 };
   assert_true(sw_draw_shade_vertices(sw, &fi, &va));
   /* x + 0.5 from the offset uniform. */
   static const float want[3][2] = { { 0.75f, -8.0f },
                                     { 2.0f, -2.25f },
                                     { 1.5f, INFINITY } };
   for (unsigned k = 0; k < 3; k++) {
      const uint32_t *p = slot(sw, &va, k, IR_VARYING_SLOT_POS);
      assert_true(word_f(p[0]) == want[k][0]);
      assert_true(word_f(p[1]) == want[k][1]);
      assert_true(word_f(p[2]) == 0.0f && word_f(p[3]) == 1.0f);
   }
   sw_vertex_array_fini(&va);
   ctx->set_vertex_buffers(ctx, 1, 1, NULL);
   ctx->bind_vertex_elements_state(ctx, f->velems);
   ctx->delete_vertex_elements_state(ctx, velems);
}

/* ---------------------------------------------------------------------- */
/* Whole draws through stream output                                      */
/* ---------------------------------------------------------------------- */

struct so {
   struct pipe_resource *buf;
   struct pipe_stream_output_target *target;
};

static struct so
bind_so(struct fixture *f, unsigned bytes)
{
   struct pipe_context *ctx = f->base.ctx;
   struct so s;
   s.buf = sw_test_buffer(&f->base, bytes, NULL);
   s.target = ctx->create_stream_output_target(ctx, s.buf, 0, bytes);
   assert_non_null(s.target);
   unsigned off = 0;
   ctx->set_stream_output_targets(ctx, 1, &s.target, &off);
   return s;
}

static void
unbind_so(struct fixture *f, struct so *s)
{
   f->base.ctx->set_stream_output_targets(f->base.ctx, 0, NULL, NULL);
   pipe_so_target_ref(&s->target, NULL);
   pipe_resource_ref(&s->buf, NULL);
}

/** Vertex @p v of the captured stream: 6 words (pos.xy, ival). */
static void
expect_vertex(const struct so *s, unsigned v, unsigned index, unsigned instance)
{
   const uint8_t *p = sw_resource(s->buf)->data + v * 24;
   float xy[2];
   int32_t iv[4];
   memcpy(xy, p, 8);
   memcpy(iv, p + 8, 16);
   if (xy[0] != (float)index + 0.5f || iv[2] != (int32_t)index ||
       iv[3] != (int32_t)instance || iv[0] != -(int32_t)index)
      fail_msg("vertex %u: got x %g id %d inst %d, want index %u inst %u", v,
               (double)xy[0], iv[2], iv[3], index, instance);
}

static void
draw_arrays_triangles(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   struct so s = bind_so(f, 1024);
   struct pipe_draw_info info = { .mode = PIPE_PRIM_TRIANGLES,
                                  .instance_count = 1 };
   struct pipe_draw_start_count_bias d = { .start = 3, .count = 7 };
   ctx->draw_vbo(ctx, &info, &d, 1);
   for (unsigned v = 0; v < 6; v++)
      expect_vertex(&s, v, 3 + v, 0);
   assert_int_equal(sw_context(ctx)->so_written[0], 6 * 24);
   unbind_so(f, &s);
}

static void
draw_elements_sizes_bias_restart(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   for (unsigned size = 1; size <= 4; size *= 2) {
      for (unsigned user = 0; user < 2; user++) {
         struct so s = bind_so(f, 1024);
         /* Strip 0 1 2 3 | restart | 4 5 6, bias 2. */
         const uint32_t idx[8] = { 0, 1, 2, 3, 0xffffffffu >> (32 - size * 8),
                                   4, 5, 6 };
         uint8_t raw[32];
         for (unsigned i = 0; i < 8; i++)
            memcpy(raw + i * size, &idx[i], size);
         struct pipe_resource *ib = NULL;
         struct pipe_draw_info info = {
            .mode = PIPE_PRIM_TRIANGLE_STRIP,
            .index_size = size,
            .primitive_restart = true,
            .restart_index = idx[4],
            .instance_count = 1,
            .has_user_indices = user,
            .max_index = ~0u,
         };
         if (user) {
            info.index.user = raw;
         } else {
            /* Two leading junk indices: start = 2. */
            uint8_t with_lead[40] = { 0 };
            memcpy(with_lead + 2 * size, raw, 8 * size);
            ib = sw_test_buffer(&f->base, 10 * size, with_lead);
            info.index.resource = ib;
         }
         struct pipe_draw_start_count_bias d = { .start = user ? 0 : 2,
                                                 .count = 8,
                                                 .index_bias = 2 };
         ctx->draw_vbo(ctx, &info, &d, 1);
         /* Strip triangles: (0 1 2) (2 1 3) then (4 5 6), +2. */
         static const unsigned want[9] = { 2, 3, 4, 4, 3, 5, 6, 7, 8 };
         for (unsigned v = 0; v < 9; v++)
            expect_vertex(&s, v, want[v], 0);
         assert_int_equal(sw_context(ctx)->so_written[0], 9 * 24);
         pipe_resource_ref(&ib, NULL);
         unbind_so(f, &s);
      }
   }
}

static void
draw_elements_repeated_and_sparse(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   for (unsigned sparse = 0; sparse < 2; sparse++) {
      struct so s = bind_so(f, 1024);
      /* Repeated indices are shaded once and still come out in order; a
       * far index (beyond the buffer: position 0) skips the cache. */
      const uint32_t idx[9] = { 3, 1, 2, 2, 1, 3, 7, sparse ? 900000 : 5, 3 };
      struct pipe_draw_info info = {
         .mode = PIPE_PRIM_TRIANGLES,
         .index_size = 4,
         .instance_count = 1,
         .has_user_indices = true,
         .index.user = idx,
      };
      struct pipe_draw_start_count_bias d = { .start = 0, .count = 9 };
      ctx->draw_vbo(ctx, &info, &d, 1);
      for (unsigned v = 0; v < 9; v++) {
         if (idx[v] == 900000) {
            const uint8_t *p = sw_resource(s.buf)->data + v * 24;
            float x;
            int32_t id;
            memcpy(&x, p, 4);
            memcpy(&id, p + 16, 4);
            assert_true(x == 0.5f);
            assert_int_equal(id, 900000);
            continue;
         }
         expect_vertex(&s, v, idx[v], 0);
      }
      unbind_so(f, &s);
   }
}

static void
draw_instanced_and_queries(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   struct so s = bind_so(f, 1024);
   struct pipe_query *gen =
      ctx->create_query(ctx, PIPE_QUERY_PRIMITIVES_GENERATED, 0);
   struct pipe_query *emit =
      ctx->create_query(ctx, PIPE_QUERY_PRIMITIVES_EMITTED, 0);
   ctx->begin_query(ctx, gen);
   ctx->begin_query(ctx, emit);
   struct pipe_draw_info info = { .mode = PIPE_PRIM_LINES,
                                  .instance_count = 3 };
   struct pipe_draw_start_count_bias d = { .start = 0, .count = 4 };
   ctx->draw_vbo(ctx, &info, &d, 1);
   ctx->end_query(ctx, gen);
   ctx->end_query(ctx, emit);
   for (unsigned inst = 0; inst < 3; inst++)
      for (unsigned v = 0; v < 4; v++)
         expect_vertex(&s, inst * 4 + v, v, inst);
   union pipe_query_result r;
   assert_true(ctx->get_query_result(ctx, gen, true, &r));
   assert_int_equal(r.u64, 6);
   assert_true(ctx->get_query_result(ctx, emit, true, &r));
   assert_int_equal(r.u64, 6);
   /* A draw outside the queries does not count. */
   ctx->draw_vbo(ctx, &info, &d, 1);
   assert_true(ctx->get_query_result(ctx, gen, true, &r));
   assert_int_equal(r.u64, 6);
   /* Quads and polygons count as one primitive each. */
   info.instance_count = 1;
   struct pipe_draw_start_count_bias d9 = { .start = 0, .count = 9 };
   static const unsigned modes[3] = { PIPE_PRIM_QUADS, PIPE_PRIM_QUAD_STRIP,
                                      PIPE_PRIM_POLYGON };
   static const unsigned counts[3] = { 2, 3, 1 };
   for (unsigned m = 0; m < 3; m++) {
      info.mode = modes[m];
      ctx->begin_query(ctx, gen);
      ctx->draw_vbo(ctx, &info, &d9, 1);
      ctx->end_query(ctx, gen);
      assert_true(ctx->get_query_result(ctx, gen, true, &r));
      assert_int_equal(r.u64, counts[m]);
   }
   ctx->destroy_query(ctx, gen);
   ctx->destroy_query(ctx, emit);
   unbind_so(f, &s);
}

static void
stream_output_overflow(void **state)
{
   struct fixture *f = *state;
   struct pipe_context *ctx = f->base.ctx;
   /* Room for 2 triangles and a bit: the third does not fit. */
   struct so s = bind_so(f, 24 * 7);
   struct pipe_query *ovf =
      ctx->create_query(ctx, PIPE_QUERY_SO_OVERFLOW_PREDICATE, 0);
   struct pipe_query *stats =
      ctx->create_query(ctx, PIPE_QUERY_SO_STATISTICS, 0);
   ctx->begin_query(ctx, ovf);
   ctx->begin_query(ctx, stats);
   struct pipe_draw_info info = { .mode = PIPE_PRIM_TRIANGLE_FAN,
                                  .instance_count = 1 };
   struct pipe_draw_start_count_bias d = { .start = 0, .count = 6 };
   ctx->draw_vbo(ctx, &info, &d, 1);
   ctx->end_query(ctx, ovf);
   ctx->end_query(ctx, stats);
   /* Fan triangles in stream order: (0 1 2) (0 2 3). */
   static const unsigned want[6] = { 0, 1, 2, 0, 2, 3 };
   for (unsigned v = 0; v < 6; v++)
      expect_vertex(&s, v, want[v], 0);
   assert_int_equal(sw_context(ctx)->so_written[0], 6 * 24);
   union pipe_query_result r;
   ctx->get_query_result(ctx, ovf, true, &r);
   assert_true(r.b);
   ctx->get_query_result(ctx, stats, true, &r);
   assert_int_equal(r.so_statistics.num_primitives_written, 2);
   assert_int_equal(r.so_statistics.primitives_storage_needed, 4);
   /* Resuming (offset -1) appends after what is there. */
   unsigned resume = ~0u;
   ctx->set_stream_output_targets(ctx, 1, &s.target, &resume);
   assert_int_equal(sw_context(ctx)->so_written[0], 6 * 24);
   ctx->destroy_query(ctx, ovf);
   ctx->destroy_query(ctx, stats);
   unbind_so(f, &s);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(fetch_formats_and_sysvals, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(fetch_many_vertices_in_groups, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(fetch_divisor_and_out_of_bounds, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(fetch_doubles, setup, teardown),
      cmocka_unit_test_setup_teardown(draw_arrays_triangles, setup, teardown),
      cmocka_unit_test_setup_teardown(draw_elements_sizes_bias_restart, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(draw_elements_repeated_and_sparse, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(draw_instanced_and_queries, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(stream_output_overflow, setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
