/* SPDX-License-Identifier: MIT */

/*
 * Harness of the rasterizer tests: a screen and context, one colour
 * buffer (and optionally a depth/stencil buffer) of w x h pixels, the
 * viewport set so that clip-space (x, y) with w = 1 are window
 * coordinates (pixel (i, j) covers [i, i + 1) x [j, j + 1), centre at
 * +0.5) and z in [-1, 1] maps to [0, 1], state templates that tests edit
 * and rebind, a pass-through vertex shader (position from attribute 0,
 * attribute i + 1 to the output location the test names) and fragment
 * shaders in IR text.  Vertices are arrays of floats: the position, then
 * one vec4 per extra attribute.
 */
#ifndef SW_RASTER_TEST_UTIL_H
#define SW_RASTER_TEST_UTIL_H

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes_io.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "sw_public.h"
#include "sw_resource.h"
#include "u_format.h"

#define RT_MAX_ATTRS 4

struct rtest {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   unsigned w, h, samples;
   enum pipe_format cformat, zsformat;
   struct pipe_resource *cbuf, *zsbuf;
   struct pipe_surface *csurf, *zssurf;
   /* Templates: edit, then rtest_bind_states(). */
   struct pipe_rasterizer_state rs;
   struct pipe_blend_state blend;
   struct pipe_depth_stencil_alpha_state dsa;
   struct pipe_viewport_state vp;
   void *rs_cso, *blend_cso, *dsa_cso, *vs, *fs, *velems;
   unsigned num_attrs;
};

static inline void
rtest_bind_states(struct rtest *rt)
{
   struct pipe_context *ctx = rt->ctx;
   if (rt->rs_cso)
      ctx->delete_rasterizer_state(ctx, rt->rs_cso);
   if (rt->blend_cso)
      ctx->delete_blend_state(ctx, rt->blend_cso);
   if (rt->dsa_cso)
      ctx->delete_depth_stencil_alpha_state(ctx, rt->dsa_cso);
   rt->rs_cso = ctx->create_rasterizer_state(ctx, &rt->rs);
   rt->blend_cso = ctx->create_blend_state(ctx, &rt->blend);
   rt->dsa_cso = ctx->create_depth_stencil_alpha_state(ctx, &rt->dsa);
   assert_non_null(rt->rs_cso);
   assert_non_null(rt->blend_cso);
   assert_non_null(rt->dsa_cso);
   ctx->bind_rasterizer_state(ctx, rt->rs_cso);
   ctx->bind_blend_state(ctx, rt->blend_cso);
   ctx->bind_depth_stencil_alpha_state(ctx, rt->dsa_cso);
   ctx->set_viewport_states(ctx, 0, 1, &rt->vp);
}

/** Vertex shader: attribute i + 1 goes to output location locs[i]. */
static inline void
rtest_vs(struct rtest *rt, unsigned n, const int *locs)
{
   char text[4096];
   int len = snprintf(text, sizeof(text),
                      "shader vertex\n"
                      "var shader_in vec4 @pos location=0\n"
                      "var shader_out vec4 @gl_Position location=0\n");
   for (unsigned i = 0; i < n; i++)
      len += snprintf(text + len, sizeof(text) - (size_t)len,
                      "var shader_in vec4 @a%u location=%u\n"
                      "var shader_out vec4 @o%u location=%d\n",
                      i, i + 1, i, locs[i]);
   len += snprintf(text + len, sizeof(text) - (size_t)len,
                   "fn main {\n  b0:\n"
                   "    %%0:32 = deref_var @pos\n"
                   "    %%1:32x4 = load_deref %%0\n"
                   "    %%2:32 = deref_var @gl_Position\n"
                   "    store_deref %%2, %%1 write_mask=15\n");
   for (unsigned i = 0; i < n; i++)
      len += snprintf(text + len, sizeof(text) - (size_t)len,
                      "    %%%u:32 = deref_var @a%u\n"
                      "    %%%u:32x4 = load_deref %%%u\n"
                      "    %%%u:32 = deref_var @o%u\n"
                      "    store_deref %%%u, %%%u write_mask=15\n",
                      10 + 4 * i, i, 11 + 4 * i, 10 + 4 * i, 12 + 4 * i, i,
                      12 + 4 * i, 11 + 4 * i);
   snprintf(text + len, sizeof(text) - (size_t)len, "}\n");

   char *err = NULL;
   struct ir_shader *ir = ir_parse(NULL, text, &err);
   if (!ir)
      fail_msg("vs: %s\n%s", err ? err : "?", text);
   struct pipe_shader_state st = { .ir = ir };
   struct pipe_context *ctx = rt->ctx;
   if (rt->vs)
      ctx->delete_vs_state(ctx, rt->vs);
   rt->vs = ctx->create_vs_state(ctx, &st);
   assert_non_null(rt->vs);
   ctx->bind_vs_state(ctx, rt->vs);

   struct pipe_vertex_element ve[1 + RT_MAX_ATTRS];
   for (unsigned i = 0; i <= n; i++) {
      ve[i] = (struct pipe_vertex_element){
         .src_offset = 16 * i,
         .vertex_buffer_index = 0,
         .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      };
   }
   if (rt->velems)
      ctx->delete_vertex_elements_state(ctx, rt->velems);
   rt->velems = ctx->create_vertex_elements_state(ctx, n + 1, ve);
   assert_non_null(rt->velems);
   ctx->bind_vertex_elements_state(ctx, rt->velems);
   rt->num_attrs = n;
}

static inline void
rtest_fs(struct rtest *rt, const char *text)
{
   char *err = NULL;
   struct ir_shader *ir = ir_parse(NULL, text, &err);
   if (!ir)
      fail_msg("fs: %s\n%s", err ? err : "?", text);
   struct pipe_shader_state st = { .ir = ir };
   struct pipe_context *ctx = rt->ctx;
   if (rt->fs)
      ctx->delete_fs_state(ctx, rt->fs);
   rt->fs = ctx->create_fs_state(ctx, &st);
   assert_non_null(rt->fs);
   ctx->bind_fs_state(ctx, rt->fs);
}

/** A fragment shader writing input VAR0 to colour 0. */
static const char rtest_fs_var0[] = "shader fragment\n"
                                    "var shader_in vec4 @v location=32\n"
                                    "var shader_out vec4 @c location=0\n"
                                    "fn main {\n  b0:\n"
                                    "    %0:32 = deref_var @v\n"
                                    "    %1:32x4 = load_deref %0\n"
                                    "    %2:32 = deref_var @c\n"
                                    "    store_deref %2, %1 write_mask=15\n"
                                    "}\n";

static inline void
rtest_framebuffer(struct rtest *rt)
{
   struct pipe_framebuffer_state fb = {
      .width = rt->w,
      .height = rt->h,
      .layers = 1,
      .samples = rt->samples > 1 ? rt->samples : 1,
      .nr_cbufs = 1,
      .cbufs = { rt->csurf },
      .zsbuf = rt->zssurf,
   };
   rt->ctx->set_framebuffer_state(rt->ctx, &fb);
}

static inline struct rtest *
rtest_create(unsigned w, unsigned h, enum pipe_format cformat,
             enum pipe_format zsformat, unsigned samples)
{
   struct rtest *rt = calloc(1, sizeof(*rt));
   assert_non_null(rt);
   rt->screen = sw_screen_create();
   assert_non_null(rt->screen);
   rt->ctx = rt->screen->context_create(rt->screen, NULL, 0);
   assert_non_null(rt->ctx);
   rt->w = w;
   rt->h = h;
   rt->samples = samples;
   rt->cformat = cformat;
   rt->zsformat = zsformat;

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = cformat,
      .width0 = w,
      .height0 = h,
      .depth0 = 1,
      .array_size = 1,
      .nr_samples = samples > 1 ? samples : 0,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   rt->cbuf = rt->screen->resource_create(rt->screen, &templ);
   assert_non_null(rt->cbuf);
   struct pipe_surface st = { .format = cformat };
   rt->csurf = rt->ctx->create_surface(rt->ctx, rt->cbuf, &st);
   assert_non_null(rt->csurf);
   if (zsformat != PIPE_FORMAT_NONE) {
      templ.format = zsformat;
      templ.bind = PIPE_BIND_DEPTH_STENCIL;
      rt->zsbuf = rt->screen->resource_create(rt->screen, &templ);
      assert_non_null(rt->zsbuf);
      st.format = zsformat;
      rt->zssurf = rt->ctx->create_surface(rt->ctx, rt->zsbuf, &st);
      assert_non_null(rt->zssurf);
   }
   rtest_framebuffer(rt);

   rt->rs = (struct pipe_rasterizer_state){
      .front_ccw = true,
      .cull_face = PIPE_FACE_NONE,
      .fill_front = PIPE_POLYGON_MODE_FILL,
      .fill_back = PIPE_POLYGON_MODE_FILL,
      .point_size = 1.0f,
      .line_width = 1.0f,
      .depth_clip_near = true,
      .depth_clip_far = true,
      .half_pixel_center = true,
      .multisample = samples > 1,
      /* Window coordinates are the clip coordinates (see above). */
      .no_viewport_clip = true,
   };
   rt->blend.rt[0].colormask = PIPE_MASK_RGBA;
   rt->vp = (struct pipe_viewport_state){
      .scale = { 1.0f, 1.0f, 0.5f },
      .translate = { 0.0f, 0.0f, 0.5f },
   };
   rtest_bind_states(rt);
   rt->ctx->set_sample_mask(rt->ctx, ~0u);
   static const int var0 = IR_VARYING_SLOT_VAR0;
   rtest_vs(rt, 1, &var0);
   rtest_fs(rt, rtest_fs_var0);

   union pipe_color_union black = { { 0, 0, 0, 0 } };
   rt->ctx->clear(
      rt->ctx, PIPE_CLEAR_COLOR0 | (rt->zssurf ? PIPE_CLEAR_DEPTHSTENCIL : 0),
      NULL, &black, 1.0, 0);
   return rt;
}

static inline void
rtest_destroy(struct rtest *rt)
{
   struct pipe_context *ctx = rt->ctx;
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, rt->vs);
   ctx->delete_fs_state(ctx, rt->fs);
   ctx->delete_vertex_elements_state(ctx, rt->velems);
   ctx->delete_rasterizer_state(ctx, rt->rs_cso);
   ctx->delete_blend_state(ctx, rt->blend_cso);
   ctx->delete_depth_stencil_alpha_state(ctx, rt->dsa_cso);
   struct pipe_framebuffer_state fb = { 0 };
   ctx->set_framebuffer_state(ctx, &fb);
   pipe_surface_ref(&rt->csurf, NULL);
   pipe_surface_ref(&rt->zssurf, NULL);
   pipe_resource_ref(&rt->cbuf, NULL);
   pipe_resource_ref(&rt->zsbuf, NULL);
   ctx->destroy(ctx);
   rt->screen->destroy(rt->screen);
   free(rt);
}

/** Draws @p n vertices of @p data ((1 + num_attrs) vec4 each). */
static inline void
rtest_draw(struct rtest *rt, unsigned mode, const float *data, unsigned n)
{
   struct pipe_vertex_buffer vb = {
      .stride = 16 * (1 + rt->num_attrs),
      .is_user_buffer = true,
      .buffer.user = data,
   };
   rt->ctx->set_vertex_buffers(rt->ctx, 0, 1, &vb);
   struct pipe_draw_info info = {
      .mode = mode,
      .instance_count = 1,
      .max_index = ~0u,
   };
   struct pipe_draw_start_count_bias draw = { .start = 0, .count = n };
   rt->ctx->draw_vbo(rt->ctx, &info, &draw, 1);
}

/** Colour of pixel (x, y), sample @p s, as floats (read from the
 * resource's memory, sw_resource.h). */
static inline void
rtest_read_sample(struct rtest *rt, unsigned x, unsigned y, unsigned s,
                  float out[4])
{
   const struct u_format_desc *d = u_format_description(rt->cformat);
   d->unpack_rgba_float(sw_resource_texel(sw_resource(rt->cbuf), 0, 0, s, x, y),
                        out);
}

static inline void
rtest_read(struct rtest *rt, unsigned x, unsigned y, float out[4])
{
   rtest_read_sample(rt, x, y, 0, out);
}

/** Red channel of every pixel, row after row (free() it). */
static inline float *
rtest_read_red(struct rtest *rt)
{
   float *img = calloc((size_t)rt->w * rt->h, sizeof(float));
   assert_non_null(img);
   for (unsigned y = 0; y < rt->h; y++) {
      for (unsigned x = 0; x < rt->w; x++) {
         float c[4];
         rtest_read(rt, x, y, c);
         img[y * rt->w + x] = c[0];
      }
   }
   return img;
}

static inline void
rtest_clear(struct rtest *rt, float r, float g, float b, float a)
{
   union pipe_color_union c = { { r, g, b, a } };
   rt->ctx->clear(
      rt->ctx, PIPE_CLEAR_COLOR0 | (rt->zssurf ? PIPE_CLEAR_DEPTHSTENCIL : 0),
      NULL, &c, 1.0, 0);
}

/** Additive blending: every covered fragment adds its colour. */
static inline void
rtest_additive(struct rtest *rt)
{
   rt->blend.rt[0] = (struct pipe_rt_blend_state){
      .blend_enable = true,
      .rgb_func = PIPE_BLEND_ADD,
      .rgb_src_factor = PIPE_BLENDFACTOR_ONE,
      .rgb_dst_factor = PIPE_BLENDFACTOR_ONE,
      .alpha_func = PIPE_BLEND_ADD,
      .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
      .alpha_dst_factor = PIPE_BLENDFACTOR_ONE,
      .colormask = PIPE_MASK_RGBA,
   };
   rtest_bind_states(rt);
}

#endif
