/* SPDX-License-Identifier: MIT */

/*
 * Texture sampling (sw_tex*.c) through the interpreter's callback: real
 * textures made and filled through the pipe interface, views and samplers
 * bound on the context, then one quad sampled with a hand-made tex
 * instruction and source values, and the texels compared exactly (or to
 * the rounding of a blend where filtering is linear).
 */
#include <math.h>
#include <stdlib.h>

#include "compiler/ir/ir.h"
#include "sw_pipeline.h"
#include "sw_test_util.h"

struct tex_test {
   struct sw_test *t;
   struct ir_shader *shader;
   struct ir_tex *tex;
   struct pipe_resource *res;
   struct pipe_sampler_view *view;
   void *sampler;
   struct ir_exec_tex_args args;
   uint32_t result[4][4];
};

static int
setup(void **state)
{
   struct tex_test *x = calloc(1, sizeof(*x));
   void *inner;
   if (sw_test_setup(&inner))
      return -1;
   x->t = inner;
   x->shader = ir_shader_create(NULL, IR_STAGE_FRAGMENT);
   x->tex = ir_tex_create(ir_function_create(x->shader, "main"), 0);
   x->tex->op = IR_TEX_OP_TEX;
   x->tex->dim = IR_SAMPLER_DIM_2D;
   x->tex->dest_type = IR_TYPE_FLOAT;
   x->args.active = 0xf;
   *state = x;
   return 0;
}

static int
teardown(void **state)
{
   struct tex_test *x = *state;
   struct pipe_context *ctx = x->t->ctx;
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   if (x->sampler)
      ctx->delete_sampler_state(ctx, x->sampler);
   pipe_sampler_view_ref(&x->view, NULL);
   pipe_resource_ref(&x->res, NULL);
   ir_shader_destroy(x->shader);
   void *inner = x->t;
   sw_test_teardown(&inner);
   free(x);
   return 0;
}

static struct pipe_resource *
make(struct tex_test *x, enum pipe_texture_target target,
     enum pipe_format format, unsigned w, unsigned h, unsigned d,
     unsigned layers, unsigned last_level)
{
   struct pipe_resource templ =
      sw_test_templ(target, format, w, h, d, layers, last_level);
   x->res = x->t->screen->resource_create(x->t->screen, &templ);
   assert_non_null(x->res);
   return x->res;
}

/* Writes @p texels (w * h * depth of them, @p bytes each) to a level. */
static void
upload(struct tex_test *x, unsigned level, unsigned w, unsigned h,
       unsigned depth, const void *texels, unsigned bytes)
{
   struct pipe_box box = { 0, 0, 0, (int)w, (int)h, (int)depth };
   x->t->ctx->texture_subdata(x->t->ctx, x->res, level, PIPE_MAP_WRITE, &box,
                              texels, w * bytes, w * h * bytes);
}

static struct pipe_sampler_state
sampler(unsigned filter, unsigned mip, unsigned wrap)
{
   struct pipe_sampler_state s = {
      .wrap_s = wrap,
      .wrap_t = wrap,
      .wrap_r = wrap,
      .min_img_filter = filter,
      .mag_img_filter = filter,
      .min_mip_filter = mip,
      .normalized_coords = true,
      .max_lod = 1000.0f,
      .min_lod = -1000.0f,
   };
   return s;
}

/* Binds the resource (whole, with @p target and @p format) and @p s at
 * slot 0 of the fragment stage. */
static void
bind_view(struct tex_test *x, enum pipe_texture_target target,
          enum pipe_format format, const struct pipe_sampler_state *s,
          unsigned first_level)
{
   struct pipe_context *ctx = x->t->ctx;
   struct pipe_sampler_view templ = {
      .format = format,
      .target = target,
      .first_level = first_level,
      .last_level = x->res->last_level,
      .first_layer = 0,
      .last_layer = target == PIPE_TEXTURE_3D ? 0 : x->res->array_size - 1,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   if (target == PIPE_BUFFER) {
      templ.buffer_offset = 0;
      templ.buffer_size = x->res->width0;
   }
   pipe_sampler_view_ref(&x->view, NULL);
   x->view = ctx->create_sampler_view(ctx, x->res, &templ);
   assert_non_null(x->view);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &x->view);
   if (x->sampler)
      ctx->delete_sampler_state(ctx, x->sampler);
   x->sampler = s ? ctx->create_sampler_state(ctx, s) : NULL;
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &x->sampler);
}

static void
set_f(struct tex_test *x, enum ir_tex_src_kind k, unsigned comp,
      const float v[4])
{
   if (x->args.num_components[k] < comp + 1)
      x->args.num_components[k] = (uint8_t)(comp + 1);
   for (unsigned l = 0; l < 4; l++)
      memcpy(&x->args.src[k][comp][l], &v[l], sizeof(float));
}

static void
set_i(struct tex_test *x, enum ir_tex_src_kind k, unsigned comp,
      const int32_t v[4])
{
   if (x->args.num_components[k] < comp + 1)
      x->args.num_components[k] = (uint8_t)(comp + 1);
   for (unsigned l = 0; l < 4; l++)
      x->args.src[k][comp][l] = (uint32_t)v[l];
}

/* The same coordinate in every lane (no derivatives: magnification). */
static void
coord_all(struct tex_test *x, unsigned n, float s, float t, float r, float q)
{
   float c[4] = { s, t, r, q };
   for (unsigned i = 0; i < n; i++) {
      float v[4] = { c[i], c[i], c[i], c[i] };
      set_f(x, IR_TEX_SRC_COORD, i, v);
   }
}

static void
run(struct tex_test *x, enum pipe_shader_type stage)
{
   struct sw_tex_state *ts = sw_tex_prepare(sw_context(x->t->ctx), stage);
   assert_non_null(ts);
   sw_tex_sample_quad(ts, x->tex, &x->args, x->result);
   sw_tex_release(ts);
}

static float
rf(const struct tex_test *x, unsigned comp, unsigned lane)
{
   float f;
   memcpy(&f, &x->result[comp][lane], sizeof(f));
   return f;
}

static void
assert_rgba(const struct tex_test *x, unsigned lane, float r, float g, float b,
            float a)
{
   float want[4] = { r, g, b, a };
   for (unsigned c = 0; c < 4; c++) {
      if (fabsf(rf(x, c, lane) - want[c]) > 1e-5f)
         fail_msg("lane %u component %u: %g, expected %g", lane, c,
                  rf(x, c, lane), want[c]);
   }
}

/* A 4x1 RGBA8 row: red, green, blue, white. */
static const uint8_t row4[4][4] = { { 255, 0, 0, 255 },
                                    { 0, 255, 0, 255 },
                                    { 0, 0, 255, 255 },
                                    { 255, 255, 255, 255 } };

static void
row_texture(struct tex_test *x, unsigned filter, unsigned wrap)
{
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 1, 0);
   upload(x, 0, 4, 1, 1, row4, 4);
   struct pipe_sampler_state s = sampler(filter, PIPE_TEX_MIPFILTER_NONE, wrap);
   s.border_color.f[0] = 0.25f;
   s.border_color.f[3] = 0.5f;
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, 0);
}

static void
nearest_texel_centres(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_WRAP_REPEAT);
   float s[4] = { 0.125f, 0.375f, 0.625f, 0.875f },
         t[4] = { .5f, .5f, .5f, .5f };
   set_f(x, IR_TEX_SRC_COORD, 0, s);
   set_f(x, IR_TEX_SRC_COORD, 1, t);
   /* The lanes differ: lambda = log2(4 * 0.25) = 0, magnification. */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
   assert_rgba(x, 1, 0, 1, 0, 1);
   assert_rgba(x, 2, 0, 0, 1, 1);
   assert_rgba(x, 3, 1, 1, 1, 1);
}

static void
linear_between_texels(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   coord_all(x, 2, 0.25f, 0.5f, 0, 0); /* halfway between texels 0 and 1 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0.5f, 0.5f, 0, 1);
}

static void
wrap_repeat_and_mirror(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_WRAP_REPEAT);
   coord_all(x, 2, 1.375f, 0.5f, 0, 0); /* texel 5 -> 1 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 1, 0, 1);
   coord_all(x, 2, -0.125f, 0.5f, 0, 0); /* texel -1 -> 3 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 1, 1, 1);

   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_MIRROR_REPEAT);
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, 0);
   coord_all(x, 2, 1.375f, 0.5f, 0, 0); /* texel 5 mirrors to 2 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 0, 1, 1);
   coord_all(x, 2, -0.125f, 0.5f, 0, 0); /* texel -1 mirrors to 0 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
}

static void
clamp_to_edge_and_border(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   coord_all(x, 2, -3.0f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
   coord_all(x, 2, 7.0f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 1, 1, 1);

   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_CLAMP_TO_BORDER);
   s.border_color.f[0] = 0.25f;
   s.border_color.f[3] = 0.5f;
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, 0);
   coord_all(x, 2, -0.125f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0.25f, 0, 0, 0.5f);
   coord_all(x, 2, 0.125f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
}

static void
gl_clamp_blends_border_at_the_edge(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 1, 1, 1, 0);
   upload(x, 0, 4, 1, 1, row4, 4);
   struct pipe_sampler_state s = sampler(
      PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_WRAP_CLAMP);
   s.wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, 0);
   /* s = 1: halfway between the last texel (white) and the border (0). */
   coord_all(x, 2, 1.0f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0.5f, 0.5f, 0.5f, 0.5f);
   /* Far outside it is the border alone, not a repeat. */
   coord_all(x, 2, 9.0f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0.5f, 0.5f, 0.5f, 0.5f);
}

/* 4x4, 2x2, 1x1 levels in red, green and blue. */
static void
mip_texture(struct tex_test *x, unsigned mip, unsigned first_level)
{
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 1, 2);
   uint8_t texels[16][4];
   for (unsigned level = 0; level < 3; level++) {
      for (unsigned i = 0; i < 16; i++) {
         memset(texels[i], 0, 4);
         texels[i][level] = 255;
         texels[i][3] = 255;
      }
      upload(x, level, 4 >> level, 4 >> level, 1, texels, 4);
   }
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, mip, PIPE_TEX_WRAP_REPEAT);
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, first_level);
}

/* Quad coordinates @p step apart in s and t. */
static void
quad_coords(struct tex_test *x, float step)
{
   float s[4] = { 0.1f, 0.1f + step, 0.1f, 0.1f + step };
   float t[4] = { 0.1f, 0.1f, 0.1f + step, 0.1f + step };
   set_f(x, IR_TEX_SRC_COORD, 0, s);
   set_f(x, IR_TEX_SRC_COORD, 1, t);
}

static void
mip_level_from_derivatives(void **state)
{
   struct tex_test *x = *state;
   mip_texture(x, PIPE_TEX_MIPFILTER_NEAREST, 0);
   quad_coords(x, 0.25f); /* one texel per pixel: level 0 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
   quad_coords(x, 0.5f); /* lambda 1 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 3, 0, 1, 0, 1);
   quad_coords(x, 1.0f); /* lambda 2 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 0, 1, 1);
   quad_coords(x, 8.0f); /* beyond the last level: the last level */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 0, 1, 1);
}

static void
linear_mipmap_blends_levels(void **state)
{
   struct tex_test *x = *state;
   mip_texture(x, PIPE_TEX_MIPFILTER_LINEAR, 0);
   quad_coords(x, 0.25f * 1.41421356f); /* lambda 0.5 */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0.5f, 0.5f, 0, 1);
}

static void
bias_and_explicit_lod(void **state)
{
   struct tex_test *x = *state;
   mip_texture(x, PIPE_TEX_MIPFILTER_NEAREST, 0);
   quad_coords(x, 0.25f);
   x->tex->op = IR_TEX_OP_TXB;
   float bias[4] = { 1, 1, 2, 2 };
   set_f(x, IR_TEX_SRC_BIAS, 0, bias);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 1, 0, 1);
   assert_rgba(x, 2, 0, 0, 1, 1);

   x->tex->op = IR_TEX_OP_TXL;
   float lod[4] = { 0, 1, 2, 5 };
   set_f(x, IR_TEX_SRC_LOD, 0, lod);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
   assert_rgba(x, 1, 0, 1, 0, 1);
   assert_rgba(x, 2, 0, 0, 1, 1);
   assert_rgba(x, 3, 0, 0, 1, 1);
}

static void
lod_range_and_base_level(void **state)
{
   struct tex_test *x = *state;
   mip_texture(x, PIPE_TEX_MIPFILTER_NEAREST, 0);
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NEAREST,
              PIPE_TEX_WRAP_REPEAT);
   s.max_lod = 1.0f;
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, 0);
   x->tex->op = IR_TEX_OP_TXL;
   float lod[4] = { 2, 2, 2, 2 };
   set_f(x, IR_TEX_SRC_LOD, 0, lod);
   coord_all(x, 2, 0.5f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 1, 0, 1);

   /* A view starting at level 1: LOD 0 is level 1. */
   s.max_lod = 1000.0f;
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, &s, 1);
   float zero[4] = { 0, 0, 0, 0 };
   set_f(x, IR_TEX_SRC_LOD, 0, zero);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 1, 0, 1);
}

static void
vertex_stage_uses_lod_zero(void **state)
{
   struct tex_test *x = *state;
   mip_texture(x, PIPE_TEX_MIPFILTER_NEAREST, 0);
   struct pipe_context *ctx = x->t->ctx;
   ctx->set_sampler_views(ctx, PIPE_SHADER_VERTEX, 0, 1, &x->view);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_VERTEX, 0, 1, &x->sampler);
   quad_coords(x, 1.0f);
   run(x, PIPE_SHADER_VERTEX);
   assert_rgba(x, 0, 1, 0, 0, 1);
   ctx->set_sampler_views(ctx, PIPE_SHADER_VERTEX, 0, 1, NULL);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_VERTEX, 0, 1, NULL);
}

static void
cube_faces(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32_FLOAT, 1, 1, 1, 6, 0);
   for (unsigned f = 0; f < 6; f++) {
      float v = (float)f;
      struct pipe_box box = { 0, 0, (int)f, 1, 1, 1 };
      x->t->ctx->texture_subdata(x->t->ctx, x->res, 0, PIPE_MAP_WRITE, &box, &v,
                                 4, 4);
   }
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   bind_view(x, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32_FLOAT, &s, 0);
   x->tex->dim = IR_SAMPLER_DIM_CUBE;
   static const float dirs[6][3] = { { 1, .2f, .1f },  { -1, .3f, -.2f },
                                     { .1f, 1, .2f },  { .2f, -1, .1f },
                                     { -.1f, .3f, 1 }, { .2f, .1f, -1 } };
   for (unsigned f = 0; f < 6; f++) {
      coord_all(x, 3, dirs[f][0], dirs[f][1], dirs[f][2], 0);
      run(x, PIPE_SHADER_FRAGMENT);
      assert_rgba(x, 0, (float)f, 0, 0, 1);
   }
}

/* Linear filtering at the +X face's edge towards +Z: clamped to the face
 * without seamless cube maps, blended with the +Z face's texels with. */
static void
cube_seamless_edge(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32_FLOAT, 2, 2, 1, 6, 0);
   for (unsigned f = 0; f < 6; f++) {
      float v[4] = { (float)f, (float)f, (float)f, (float)f };
      struct pipe_box box = { 0, 0, (int)f, 2, 2, 1 };
      x->t->ctx->texture_subdata(x->t->ctx, x->res, 0, PIPE_MAP_WRITE, &box, v,
                                 8, 16);
   }
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   x->tex->dim = IR_SAMPLER_DIM_CUBE;
   /* +X face, s = 0.005: a quarter texel from the edge shared with +Z. */
   coord_all(x, 3, 1.0f, 0.0f, 0.99f, 0);
   bind_view(x, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32_FLOAT, &s, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0.0f, 0, 0, 1);
   s.seamless_cube_map = true;
   bind_view(x, PIPE_TEXTURE_CUBE, PIPE_FORMAT_R32_FLOAT, &s, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   /* 0.49 of the +Z face's texel (4) and 0.51 of +X's (0). */
   assert_true(fabsf(rf(x, 0, 0) - 1.96f) < 1e-4f);
}

static void
array_layer_rounding(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32_FLOAT, 1, 1, 1, 3, 0);
   float layers[3] = { 10, 11, 12 };
   upload(x, 0, 1, 1, 3, layers, 4);
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   bind_view(x, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32_FLOAT, &s, 0);
   x->tex->is_array = true;
   float s0[4] = { .5f, .5f, .5f, .5f };
   float layer[4] = { 1.4f, 1.6f, -3.0f, 10.0f };
   set_f(x, IR_TEX_SRC_COORD, 0, s0);
   set_f(x, IR_TEX_SRC_COORD, 1, s0);
   set_f(x, IR_TEX_SRC_COORD, 2, layer);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 11, 0, 0, 1);
   assert_rgba(x, 1, 12, 0, 0, 1);
   assert_rgba(x, 2, 10, 0, 0, 1);
   assert_rgba(x, 3, 12, 0, 0, 1);
}

static void
texture_3d_slices(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_3D, PIPE_FORMAT_R32_FLOAT, 2, 2, 2, 1, 0);
   float v[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
   upload(x, 0, 2, 2, 2, v, 4);
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   bind_view(x, PIPE_TEXTURE_3D, PIPE_FORMAT_R32_FLOAT, &s, 0);
   x->tex->dim = IR_SAMPLER_DIM_3D;
   coord_all(x, 3, 0.75f, 0.25f, 0.75f, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 5, 0, 0, 1);
   /* Linear at the centre: the mean of all eight. */
   s.min_img_filter = s.mag_img_filter = PIPE_TEX_FILTER_LINEAR;
   bind_view(x, PIPE_TEXTURE_3D, PIPE_FORMAT_R32_FLOAT, &s, 0);
   coord_all(x, 3, 0.5f, 0.5f, 0.5f, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 3.5f, 0, 0, 1);
}

static void
shadow_compare_functions(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT, 1, 1, 1, 1, 0);
   float depth = 0.5f;
   upload(x, 0, 1, 1, 1, &depth, 4);
   x->tex->is_shadow = true;
   coord_all(x, 2, 0.5f, 0.5f, 0, 0);
   float ref[4] = { 0.25f, 0.5f, 0.75f, 0.5f };
   set_f(x, IR_TEX_SRC_COMPARATOR, 0, ref);
   /* Expected results per function for references below, equal to and
    * above the texel. */
   static const uint8_t expect[8][3] = {
      { 0, 0, 0 }, { 1, 0, 0 }, { 0, 1, 0 }, { 1, 1, 0 },
      { 0, 0, 1 }, { 1, 0, 1 }, { 0, 1, 1 }, { 1, 1, 1 },
   };
   for (unsigned func = PIPE_FUNC_NEVER; func <= PIPE_FUNC_ALWAYS; func++) {
      struct pipe_sampler_state s =
         sampler(PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE,
                 PIPE_TEX_WRAP_CLAMP_TO_EDGE);
      s.compare_mode = true;
      s.compare_func = func;
      bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT, &s, 0);
      run(x, PIPE_SHADER_FRAGMENT);
      for (unsigned l = 0; l < 3; l++)
         assert_true(rf(x, 0, l) == (float)expect[func][l]);
   }
}

static void
texel_fetch_and_bounds(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_LINEAR, PIPE_TEX_WRAP_REPEAT);
   x->tex->op = IR_TEX_OP_TXF;
   int32_t xs[4] = { 2, 4, -1, 0 }, ys[4] = { 0, 0, 0, 0 };
   int32_t lod[4] = { 0, 0, 0, 1 };
   set_i(x, IR_TEX_SRC_COORD, 0, xs);
   set_i(x, IR_TEX_SRC_COORD, 1, ys);
   set_i(x, IR_TEX_SRC_LOD, 0, lod);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 0, 1, 1);
   assert_rgba(x, 1, 0, 0, 0, 0);
   assert_rgba(x, 2, 0, 0, 0, 0);
   assert_rgba(x, 3, 0, 0, 0, 0);
   /* With an offset of +1, texel 2 reads texel 3. */
   int32_t off[4] = { 1, 1, 1, 1 };
   set_i(x, IR_TEX_SRC_OFFSET, 0, off);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 1, 1, 1);
}

static void
texture_size_queries(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 8, 4, 1, 5, 2);
   bind_view(x, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, NULL, 0);
   x->tex->op = IR_TEX_OP_TXS;
   x->tex->is_array = true;
   int32_t lod[4] = { 0, 1, 2, 3 };
   set_i(x, IR_TEX_SRC_LOD, 0, lod);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_int_equal(x->result[0][0], 8);
   assert_int_equal(x->result[1][0], 4);
   assert_int_equal(x->result[2][0], 5);
   assert_int_equal(x->result[0][1], 4);
   assert_int_equal(x->result[1][1], 2);
   assert_int_equal(x->result[0][2], 2);
   assert_int_equal(x->result[1][2], 1);
   assert_int_equal(x->result[0][3], 0); /* no level 3 */
   x->tex->op = IR_TEX_OP_LEVELS;
   run(x, PIPE_SHADER_FRAGMENT);
   assert_int_equal(x->result[0][0], 3);
}

static void
texel_offsets_when_sampling(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   coord_all(x, 2, 0.125f, 0.5f, 0, 0);
   int32_t off[4] = { 2, 2, 2, 2 };
   set_i(x, IR_TEX_SRC_OFFSET, 0, off);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 0, 1, 1);
}

static void
projection_divides(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   coord_all(x, 2, 1.25f, 1.0f, 0, 0);
   float q[4] = { 2, 2, 2, 2 };
   set_f(x, IR_TEX_SRC_PROJECTOR, 0, q);
   run(x, PIPE_SHADER_FRAGMENT); /* s = 0.625: texel 2 */
   assert_rgba(x, 0, 0, 0, 1, 1);
}

static void
integer_texels_are_raw(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_UINT, 2, 1, 1, 1, 0);
   uint32_t texels[2][4] = { { 1, 2, 3, 4 }, { 0xffffffffu, 7, 8, 9 } };
   upload(x, 0, 2, 1, 1, texels, 16);
   struct pipe_sampler_state s =
      sampler(PIPE_TEX_FILTER_LINEAR, PIPE_TEX_MIPFILTER_NONE,
              PIPE_TEX_WRAP_CLAMP_TO_EDGE);
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_UINT, &s, 0);
   x->tex->dest_type = IR_TYPE_UINT;
   coord_all(x, 2, 0.75f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT); /* linear acts as nearest */
   assert_int_equal(x->result[0][0], 0xffffffffu);
   assert_int_equal(x->result[3][0], 9);
}

static void
view_swizzle(void **state)
{
   struct tex_test *x = *state;
   row_texture(x, PIPE_TEX_FILTER_NEAREST, PIPE_TEX_WRAP_REPEAT);
   struct pipe_sampler_view templ = *x->view;
   templ.swizzle_r = PIPE_SWIZZLE_Z;
   templ.swizzle_g = PIPE_SWIZZLE_1;
   templ.swizzle_b = PIPE_SWIZZLE_X;
   templ.swizzle_a = PIPE_SWIZZLE_0;
   struct pipe_sampler_view *v =
      x->t->ctx->create_sampler_view(x->t->ctx, x->res, &templ);
   pipe_sampler_view_ref(&x->view, NULL);
   x->view = v;
   x->t->ctx->set_sampler_views(x->t->ctx, PIPE_SHADER_FRAGMENT, 0, 1,
                                &x->view);
   coord_all(x, 2, 0.125f, 0.5f, 0, 0); /* red */
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 1, 1, 0);
}

static void
srgb_decodes(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SRGB, 1, 1, 1, 1, 0);
   uint8_t texel[4] = { 128, 255, 0, 128 };
   upload(x, 0, 1, 1, 1, texel, 4);
   struct pipe_sampler_state s = sampler(
      PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_WRAP_REPEAT);
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SRGB, &s, 0);
   coord_all(x, 2, 0.5f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   /* sRGB 128 is linear 0.2158605; alpha stays linear. */
   assert_true(fabsf(rf(x, 0, 0) - 0.2158605f) < 1e-4f);
   assert_true(fabsf(rf(x, 1, 0) - 1.0f) < 1e-6f);
   assert_true(fabsf(rf(x, 3, 0) - 128.0f / 255.0f) < 1e-6f);
}

static void
compressed_dxt1(void **state)
{
   struct tex_test *x = *state;
   make(x, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 4, 4, 1, 1, 0);
   /* colour0 red (0xf800) > colour1 blue: four-colour mode; indices:
    * texel (1, 0) uses colour1, the rest colour0. */
   uint8_t block[8] = { 0x00, 0xf8, 0x1f, 0x00, 0x04, 0x00, 0x00, 0x00 };
   struct pipe_box box = { 0, 0, 0, 4, 4, 1 };
   x->t->ctx->texture_subdata(x->t->ctx, x->res, 0, PIPE_MAP_WRITE, &box, block,
                              8, 8);
   struct pipe_sampler_state s = sampler(
      PIPE_TEX_FILTER_NEAREST, PIPE_TEX_MIPFILTER_NONE, PIPE_TEX_WRAP_REPEAT);
   bind_view(x, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, &s, 0);
   float sx[4] = { 0.125f, 0.375f, 0.125f, 0.875f };
   float ty[4] = { 0.125f, 0.125f, 0.375f, 0.875f };
   set_f(x, IR_TEX_SRC_COORD, 0, sx);
   set_f(x, IR_TEX_SRC_COORD, 1, ty);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1, 0, 0, 1);
   assert_rgba(x, 1, 0, 0, 1, 1);
   assert_rgba(x, 3, 1, 0, 0, 1);
}

static void
buffer_texture_fetch(void **state)
{
   struct tex_test *x = *state;
   float data[4] = { 1.5f, 2.5f, 3.5f, 4.5f };
   x->res = sw_test_buffer(x->t, sizeof(data), data);
   bind_view(x, PIPE_BUFFER, PIPE_FORMAT_R32_FLOAT, NULL, 0);
   x->tex->dim = IR_SAMPLER_DIM_BUF;
   x->tex->op = IR_TEX_OP_TXF;
   int32_t idx[4] = { 0, 3, 4, -1 };
   set_i(x, IR_TEX_SRC_COORD, 0, idx);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 1.5f, 0, 0, 1);
   assert_rgba(x, 1, 4.5f, 0, 0, 1);
   assert_rgba(x, 2, 0, 0, 0, 0);
   assert_rgba(x, 3, 0, 0, 0, 0);
   x->tex->op = IR_TEX_OP_TXS;
   run(x, PIPE_SHADER_FRAGMENT);
   assert_int_equal(x->result[0][0], 4);
}

static void
unbound_slot_gives_default(void **state)
{
   struct tex_test *x = *state;
   x->tex->texture_index = 5;
   coord_all(x, 2, 0.5f, 0.5f, 0, 0);
   run(x, PIPE_SHADER_FRAGMENT);
   assert_rgba(x, 0, 0, 0, 0, 1);
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(nearest_texel_centres),
      T(linear_between_texels),
      T(wrap_repeat_and_mirror),
      T(clamp_to_edge_and_border),
      T(gl_clamp_blends_border_at_the_edge),
      T(mip_level_from_derivatives),
      T(linear_mipmap_blends_levels),
      T(bias_and_explicit_lod),
      T(lod_range_and_base_level),
      T(vertex_stage_uses_lod_zero),
      T(cube_faces),
      T(cube_seamless_edge),
      T(array_layer_rounding),
      T(texture_3d_slices),
      T(shadow_compare_functions),
      T(texel_fetch_and_bounds),
      T(texture_size_queries),
      T(texel_offsets_when_sampling),
      T(projection_divides),
      T(integer_texels_are_raw),
      T(view_swizzle),
      T(srgb_decodes),
      T(compressed_dxt1),
      T(buffer_texture_fetch),
      T(unbound_slot_gives_default),
   };
   return cmocka_run_group_tests_name("sw_tex", tests, NULL, NULL);
}
