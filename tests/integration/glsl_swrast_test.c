/* SPDX-License-Identifier: MIT */

/*
 * GLSL to pixels: shaders compiled and linked by the front end, handed to
 * swrast as pipe shader CSOs the way the GL state tracker will (a copy of
 * each linked stage, vertex elements at the attribute locations the
 * linker chose, the default uniform block in constant buffer 0 at the
 * offsets of the uniform list), one draw, and the colour buffer read
 * back.  These tests pin down the contract between the two halves:
 * varying slots, attribute and output locations, uniform offsets,
 * sampler slots and built-in functions all have to agree for the right
 * colour to appear.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_compiler.h"
#include "glsl_link.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "sw_public.h"

#define SIZE 16

struct e2e {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   struct pipe_resource *rt;
   struct pipe_surface *surf;
   struct glsl_program *prog;
   struct glsl_shader *shaders[2];
   void *vs, *fs, *blend, *rast, *dsa, *velems;
   uint8_t uniforms[1024];
};

static int
setup(void **state)
{
   struct e2e *t = calloc(1, sizeof(*t));
   t->screen = sw_screen_create();
   assert_non_null(t->screen);
   t->ctx = t->screen->context_create(t->screen, NULL, 0);
   assert_non_null(t->ctx);
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = SIZE,
      .height0 = SIZE,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   t->rt = t->screen->resource_create(t->screen, &templ);
   assert_non_null(t->rt);
   struct pipe_surface stempl = { .format = templ.format };
   t->surf = t->ctx->create_surface(t->ctx, t->rt, &stempl);
   assert_non_null(t->surf);
   *state = t;
   return 0;
}

static int
teardown(void **state)
{
   struct e2e *t = *state;
   struct pipe_context *ctx = t->ctx;
   if (t->vs) {
      ctx->bind_vs_state(ctx, NULL);
      ctx->delete_vs_state(ctx, t->vs);
   }
   if (t->fs) {
      ctx->bind_fs_state(ctx, NULL);
      ctx->delete_fs_state(ctx, t->fs);
   }
   struct pipe_framebuffer_state fb = { 0 };
   ctx->set_framebuffer_state(ctx, &fb);
   pipe_surface_ref(&t->surf, NULL);
   pipe_resource_ref(&t->rt, NULL);
   if (t->blend)
      ctx->delete_blend_state(ctx, t->blend);
   if (t->rast)
      ctx->delete_rasterizer_state(ctx, t->rast);
   if (t->dsa)
      ctx->delete_depth_stencil_alpha_state(ctx, t->dsa);
   if (t->velems)
      ctx->delete_vertex_elements_state(ctx, t->velems);
   glsl_program_destroy(t->prog);
   for (unsigned i = 0; i < 2; i++)
      glsl_shader_destroy(t->shaders[i]);
   ctx->destroy(ctx);
   t->screen->destroy(t->screen);
   free(t);
   return 0;
}

static struct glsl_shader *
compile(enum ir_stage stage, const char *src)
{
   struct glsl_compile_options o = { .max_version = 330,
                                     .context_profile = GLSL_PROFILE_COMPAT };
   struct glsl_shader *sh = glsl_compile_shader(stage, &src, 1, &o);
   assert_non_null(sh);
   if (!sh->ok)
      fail_msg("compile failed:\n%s", sh->info_log);
   return sh;
}

/* Compiles, links and binds the program and the fixed state. */
static void
build(struct e2e *t, const char *vs, const char *fs)
{
   struct pipe_context *ctx = t->ctx;
   t->shaders[0] = compile(IR_STAGE_VERTEX, vs);
   t->shaders[1] = compile(IR_STAGE_FRAGMENT, fs);
   t->prog = glsl_link_program(t->shaders, 2, NULL);
   assert_non_null(t->prog);
   if (!t->prog->ok)
      fail_msg("link failed:\n%s", t->prog->info_log);

   struct pipe_shader_state vss = {
      .ir = ir_shader_clone(NULL, t->prog->stages[IR_STAGE_VERTEX]),
   };
   struct pipe_shader_state fss = {
      .ir = ir_shader_clone(NULL, t->prog->stages[IR_STAGE_FRAGMENT]),
   };
   t->vs = ctx->create_vs_state(ctx, &vss);
   t->fs = ctx->create_fs_state(ctx, &fss);
   assert_non_null(t->vs);
   assert_non_null(t->fs);
   ctx->bind_vs_state(ctx, t->vs);
   ctx->bind_fs_state(ctx, t->fs);

   struct pipe_blend_state blend = { 0 };
   blend.rt[0].colormask = PIPE_MASK_RGBA;
   t->blend = ctx->create_blend_state(ctx, &blend);
   ctx->bind_blend_state(ctx, t->blend);
   struct pipe_rasterizer_state rast = {
      .half_pixel_center = true,
      .depth_clip_near = true,
      .depth_clip_far = true,
      .front_ccw = true,
      .line_width = 1,
      .point_size = 1,
   };
   t->rast = ctx->create_rasterizer_state(ctx, &rast);
   ctx->bind_rasterizer_state(ctx, t->rast);
   struct pipe_depth_stencil_alpha_state dsa = { 0 };
   t->dsa = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   ctx->bind_depth_stencil_alpha_state(ctx, t->dsa);

   struct pipe_framebuffer_state fb = {
      .width = SIZE,
      .height = SIZE,
      .layers = 1,
      .nr_cbufs = 1,
      .cbufs = { t->surf },
   };
   ctx->set_framebuffer_state(ctx, &fb);
   struct pipe_viewport_state vp = {
      .scale = { SIZE / 2.0f, SIZE / 2.0f, 0.5f },
      .translate = { SIZE / 2.0f, SIZE / 2.0f, 0.5f },
   };
   ctx->set_viewport_states(ctx, 0, 1, &vp);
   union pipe_color_union black = { .f = { 0, 0, 0, 0 } };
   ctx->clear(ctx, PIPE_CLEAR_COLOR0, NULL, &black, 1.0, 0);
}

static int
attrib_location(struct e2e *t, const char *name)
{
   for (unsigned i = 0; i < t->prog->num_attributes; i++) {
      if (strcmp(t->prog->attributes[i].name, name) == 0)
         return t->prog->attributes[i].location;
   }
   fail_msg("no active attribute %s", name);
   return -1;
}

static void
set_uniform(struct e2e *t, const char *name, const void *data, unsigned bytes)
{
   int loc = glsl_program_uniform_location(t->prog, name);
   assert_true(loc >= 0);
   const struct glsl_uniform *u =
      &t->prog->uniforms[t->prog->location_uniform[loc]];
   assert_true(u->offset + bytes <= sizeof(t->uniforms));
   memcpy(t->uniforms + u->offset, data, bytes);
}

/* Draws a triangle covering the target with per-vertex attribute "pos"
 * (vec4) and, if @p extra is set, attribute @p extra (vec4 per vertex). */
static void
draw(struct e2e *t, const char *extra, const float extra_data[3][4])
{
   struct pipe_context *ctx = t->ctx;
   float verts[3][8] = { { -1, -1, 0, 1 }, { 3, -1, 0, 1 }, { -1, 3, 0, 1 } };
   if (extra) {
      for (unsigned v = 0; v < 3; v++)
         memcpy(&verts[v][4], extra_data[v], 4 * sizeof(float));
   }
   struct pipe_vertex_element elems[2] = {
      { .src_offset = 0,
        .vertex_buffer_index = 0,
        .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT },
      { .src_offset = 16,
        .vertex_buffer_index = 0,
        .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT },
   };
   /* Vertex element i feeds attribute location i. */
   struct pipe_vertex_element by_loc[PIPE_MAX_ATTRIBS];
   unsigned count = 0;
   int pos = attrib_location(t, "pos");
   int other = extra ? attrib_location(t, extra) : -1;
   for (int i = 0; i <= (pos > other ? pos : other); i++) {
      by_loc[i] = elems[i == other ? 1 : 0];
      count = (unsigned)i + 1;
   }
   t->velems = ctx->create_vertex_elements_state(ctx, count, by_loc);
   ctx->bind_vertex_elements_state(ctx, t->velems);
   struct pipe_vertex_buffer vb = { .stride = sizeof(verts[0]),
                                    .is_user_buffer = true,
                                    .buffer.user = verts };
   ctx->set_vertex_buffers(ctx, 0, 1, &vb);
   struct pipe_constant_buffer cb = {
      .buffer_size = t->prog->default_block_size,
      .user_buffer = t->uniforms,
   };
   ctx->set_constant_buffer(ctx, PIPE_SHADER_VERTEX, 0, &cb);
   ctx->set_constant_buffer(ctx, PIPE_SHADER_FRAGMENT, 0, &cb);
   struct pipe_draw_info info = { .mode = PIPE_PRIM_TRIANGLES,
                                  .instance_count = 1,
                                  .max_index = ~0u };
   struct pipe_draw_start_count_bias d = { .start = 0, .count = 3 };
   ctx->draw_vbo(ctx, &info, &d, 1);
   ctx->flush(ctx, NULL, 0);
}

static void
read_pixel(struct e2e *t, unsigned x, unsigned y, uint8_t out[4])
{
   struct pipe_box box = { (int)x, (int)y, 0, 1, 1, 1 };
   struct pipe_transfer *tr;
   void *p = t->ctx->texture_map(t->ctx, t->rt, 0, PIPE_MAP_READ, &box, &tr);
   assert_non_null(p);
   memcpy(out, p, 4);
   t->ctx->texture_unmap(t->ctx, tr);
}

static void
assert_pixel(struct e2e *t, unsigned x, unsigned y, uint8_t r, uint8_t g,
             uint8_t b, uint8_t a)
{
   uint8_t p[4];
   read_pixel(t, x, y, p);
   uint8_t want[4] = { r, g, b, a };
   for (unsigned c = 0; c < 4; c++) {
      if (abs((int)p[c] - (int)want[c]) > 1)
         fail_msg("pixel (%u, %u): %u %u %u %u, expected %u %u %u %u", x, y,
                  p[0], p[1], p[2], p[3], r, g, b, a);
   }
}

static void
constant_colour(void **state)
{
   struct e2e *t = *state;
   build(t,
         "#version 130\nin vec4 pos;\n"
         "void main() { gl_Position = pos; }\n",
         "#version 130\nout vec4 c;\n"
         "void main() { c = vec4(1.0, 0.5, 0.0, 1.0); }\n");
   draw(t, NULL, NULL);
   assert_pixel(t, 0, 0, 255, 128, 0, 255);
   assert_pixel(t, SIZE - 1, SIZE - 1, 255, 128, 0, 255);
}

static void
varying_and_uniform(void **state)
{
   struct e2e *t = *state;
   build(t,
         "#version 130\nin vec4 pos;\nin vec4 colour;\nout vec4 v;\n"
         "void main() { gl_Position = pos; v = colour; }\n",
         "#version 130\nin vec4 v;\nuniform float unused_gap;\n"
         "uniform vec4 tint;\nout vec4 c;\n"
         "void main() { c = v * tint; }\n");
   const float colours[3][4] = { { 1, 1, 1, 1 },
                                 { 1, 1, 1, 1 },
                                 { 1, 1, 1, 1 } };
   const float tint[4] = { 0.0f, 1.0f, 0.5f, 1.0f };
   set_uniform(t, "tint", tint, sizeof(tint));
   draw(t, "colour", colours);
   assert_pixel(t, 5, 5, 0, 255, 128, 255);
}

static void
gl_frag_color_and_builtins(void **state)
{
   struct e2e *t = *state;
   build(t,
         "#version 110\nattribute vec4 pos;\nvarying vec2 p;\n"
         "void main() { gl_Position = pos; p = pos.xy; }\n",
         "#version 110\nvarying vec2 p;\n"
         "void main() {\n"
         "   float d = clamp(length(vec2(3.0, 4.0)) / 10.0, 0.0, 1.0);\n"
         "   gl_FragColor = vec4(d, mix(0.0, 1.0, 0.25), step(0.5, 0.7),"
         " 1.0);\n"
         "}\n");
   draw(t, NULL, NULL);
   assert_pixel(t, 3, 7, 128, 64, 255, 255);
}

static void
control_flow_and_functions(void **state)
{
   struct e2e *t = *state;
   build(t,
         "#version 130\nin vec4 pos;\n"
         "void main() { gl_Position = pos; }\n",
         "#version 130\nout vec4 c;\n"
         "float sum(int n) {\n"
         "   float s = 0.0;\n"
         "   for (int i = 0; i < n; i++) {\n"
         "      if (i == 2) continue;\n"
         "      s += float(i);\n"
         "   }\n"
         "   return s;\n"
         "}\n"
         "void main() {\n"
         "   float s = sum(5); /* 0 + 1 + 3 + 4 */\n"
         "   c = vec4(s / 8.0, gl_FragCoord.x < 8.0 ? 1.0 : 0.0, 0.0, 1.0);\n"
         "}\n");
   draw(t, NULL, NULL);
   assert_pixel(t, 2, 2, 255, 255, 0, 255);
   assert_pixel(t, 12, 2, 255, 0, 0, 255);
}

static void
texture_lookup(void **state)
{
   struct e2e *t = *state;
   struct pipe_context *ctx = t->ctx;
   build(t,
         "#version 130\nin vec4 pos;\nout vec2 tc;\n"
         "void main() { gl_Position = pos; tc = pos.xy * 0.5 + 0.5; }\n",
         "#version 130\nuniform sampler2D unused;\nuniform sampler2D tex;\n"
         "in vec2 tc;\nout vec4 c;\n"
         "void main() { c = texture(tex, tc); }\n");
   /* A 2x2 texture: left column red, right column blue. */
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 2,
      .height0 = 2,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *tex = t->screen->resource_create(t->screen, &templ);
   const uint8_t texels[4][4] = { { 255, 0, 0, 255 },
                                  { 0, 0, 255, 255 },
                                  { 255, 0, 0, 255 },
                                  { 0, 0, 255, 255 } };
   struct pipe_box box = { 0, 0, 0, 2, 2, 1 };
   ctx->texture_subdata(ctx, tex, 0, PIPE_MAP_WRITE, &box, texels, 8, 16);
   struct pipe_sampler_view vt = {
      .format = templ.format,
      .target = PIPE_TEXTURE_2D,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   struct pipe_sampler_view *view = ctx->create_sampler_view(ctx, tex, &vt);
   struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .min_img_filter = PIPE_TEX_FILTER_NEAREST,
      .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
      .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      .normalized_coords = true,
      .max_lod = 100,
   };
   void *smp = ctx->create_sampler_state(ctx, &ss);
   /* The slot the linker reports for "tex" in the fragment stage. */
   int loc = glsl_program_uniform_location(t->prog, "tex");
   assert_true(loc >= 0);
   int slot = t->prog->uniforms[t->prog->location_uniform[loc]]
                 .texture_slot[IR_STAGE_FRAGMENT];
   assert_true(slot >= 0);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, (unsigned)slot, 1, &view);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, (unsigned)slot, 1, &smp);
   draw(t, NULL, NULL);
   assert_pixel(t, 2, 2, 255, 0, 0, 255);
   assert_pixel(t, 13, 2, 0, 0, 255, 255);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, (unsigned)slot, 1, NULL);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, (unsigned)slot, 1, NULL);
   ctx->delete_sampler_state(ctx, smp);
   pipe_sampler_view_ref(&view, NULL);
   pipe_resource_ref(&tex, NULL);
}

/* A GLSL 1.50 geometry shader between the stages: it reads gl_in[] and a
 * user input array, and emits each triangle twice (halved, moved to the
 * lower left in red and to the upper right in green, two strips). */
/* Builds the fixed state, then compiles, links and binds @p vs, @p gs and
 * @p fs; returns the geometry CSO (the caller unbinds and deletes it and
 * destroys *@p gs_shader). */
static void *
build_with_gs(struct e2e *t, const char *vs, const char *gs, const char *fs,
              struct glsl_shader **gs_shader)
{
   /* Fixed state from a trivial program, then the real one. */
   build(t, "#version 130\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
         "#version 130\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n");
   struct pipe_context *ctx = t->ctx;
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, t->vs);
   ctx->delete_fs_state(ctx, t->fs);
   glsl_program_destroy(t->prog);
   for (unsigned i = 0; i < 2; i++)
      glsl_shader_destroy(t->shaders[i]);

   struct glsl_shader *sh[3];
   sh[0] = compile(IR_STAGE_VERTEX, vs);
   sh[1] = compile(IR_STAGE_GEOMETRY, gs);
   sh[2] = compile(IR_STAGE_FRAGMENT, fs);
   t->shaders[0] = sh[0];
   t->shaders[1] = sh[2];
   *gs_shader = sh[1];
   t->prog = glsl_link_program(sh, 3, NULL);
   assert_non_null(t->prog);
   if (!t->prog->ok)
      fail_msg("link failed:\n%s", t->prog->info_log);
   struct pipe_shader_state vss = {
      .ir = ir_shader_clone(NULL, t->prog->stages[IR_STAGE_VERTEX]),
   };
   struct pipe_shader_state gss = {
      .ir = ir_shader_clone(NULL, t->prog->stages[IR_STAGE_GEOMETRY]),
   };
   struct pipe_shader_state fss = {
      .ir = ir_shader_clone(NULL, t->prog->stages[IR_STAGE_FRAGMENT]),
   };
   t->vs = ctx->create_vs_state(ctx, &vss);
   void *gso = ctx->create_gs_state(ctx, &gss);
   t->fs = ctx->create_fs_state(ctx, &fss);
   assert_non_null(t->vs);
   assert_non_null(gso);
   assert_non_null(t->fs);
   ctx->bind_vs_state(ctx, t->vs);
   ctx->bind_gs_state(ctx, gso);
   ctx->bind_fs_state(ctx, t->fs);
   return gso;
}

static void
unbind_gs(struct e2e *t, void *gso, struct glsl_shader *gs_shader)
{
   t->ctx->bind_gs_state(t->ctx, NULL);
   t->ctx->delete_gs_state(t->ctx, gso);
   glsl_shader_destroy(gs_shader);
}

static void
geometry_shader(void **state)
{
   struct e2e *t = *state;
   struct glsl_shader *gsh;
   void *gso =
      build_with_gs(t,
                    "#version 150\nin vec4 pos;\nout vec4 vcol;\n"
                    "void main() { gl_Position = pos; vcol = vec4(1.0); }\n",
                    "#version 150\nlayout(triangles) in;\n"
                    "layout(triangle_strip, max_vertices = 6) out;\n"
                    "in vec4 vcol[];\nout vec4 gcol;\n"
                    "void main() {\n"
                    "   for (int k = 0; k < 2; k++) {\n"
                    "      vec2 off = k == 0 ? vec2(-0.5) : vec2(0.5);\n"
                    "      vec4 tint = k == 0 ? vec4(1, 0, 0, 1)\n"
                    "                         : vec4(0, 1, 0, 1);\n"
                    "      for (int i = 0; i < 3; i++) {\n"
                    "         vec4 p = gl_in[i].gl_Position;\n"
                    "         gl_Position = vec4(p.xy * 0.5 + off, p.zw);\n"
                    "         gcol = vcol[i] * tint;\n"
                    "         EmitVertex();\n"
                    "      }\n"
                    "      EndPrimitive();\n"
                    "   }\n"
                    "}\n",
                    "#version 150\nin vec4 gcol;\nout vec4 c;\n"
                    "void main() { c = gcol; }\n",
                    &gsh);
   draw(t, NULL, NULL);
   assert_pixel(t, 2, 2, 255, 0, 0, 255);
   assert_pixel(t, 12, 12, 0, 255, 0, 255);
   assert_pixel(t, 3, 14, 0, 0, 0, 0);
   assert_pixel(t, 14, 3, 0, 0, 0, 0);
   unbind_gs(t, gso, gsh);
}

/* A gl_PrimitiveID the geometry shader writes is what the fragment shader
 * reads (it was the primitive's number in the draw before). */
static void
geometry_primitive_id(void **state)
{
   struct e2e *t = *state;
   struct glsl_shader *gsh;
   void *gso = build_with_gs(
      t, "#version 150\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
      "#version 150\nlayout(triangles) in;\n"
      "layout(triangle_strip, max_vertices = 3) out;\n"
      "void main() {\n"
      "   for (int i = 0; i < 3; i++) {\n"
      "      gl_Position = gl_in[i].gl_Position;\n"
      "      gl_PrimitiveID = 51;\n"
      "      EmitVertex();\n"
      "   }\n"
      "}\n",
      "#version 150\nout vec4 c;\n"
      "void main() { c = vec4(float(gl_PrimitiveID) / 255.0, 0, 0, 1); }\n",
      &gsh);
   draw(t, NULL, NULL);
   assert_pixel(t, 4, 4, 51, 0, 0, 255);
   unbind_gs(t, gso, gsh);
}

/* Dual-source blending: layout(index = 1) is the second source colour;
 * dst = src0 * src1 with factors SRC1_COLOR and ZERO. */
static void
dual_source_blend(void **state)
{
   struct e2e *t = *state;
   build(t, "#version 330\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
         "#version 330\n"
         "layout(location = 0, index = 0) out vec4 c0;\n"
         "layout(location = 0, index = 1) out vec4 c1;\n"
         "void main() { c0 = vec4(1.0); c1 = vec4(0.5, 0.25, 1.0, 1.0); }\n");
   struct pipe_blend_state blend = { 0 };
   blend.rt[0].blend_enable = true;
   blend.rt[0].rgb_func = blend.rt[0].alpha_func = PIPE_BLEND_ADD;
   blend.rt[0].rgb_src_factor = blend.rt[0].alpha_src_factor =
      PIPE_BLENDFACTOR_SRC1_COLOR;
   blend.rt[0].rgb_dst_factor = blend.rt[0].alpha_dst_factor =
      PIPE_BLENDFACTOR_ZERO;
   blend.rt[0].colormask = PIPE_MASK_RGBA;
   t->ctx->bind_blend_state(t->ctx, NULL);
   t->ctx->delete_blend_state(t->ctx, t->blend);
   t->blend = t->ctx->create_blend_state(t->ctx, &blend);
   t->ctx->bind_blend_state(t->ctx, t->blend);
   draw(t, NULL, NULL);
   assert_pixel(t, 5, 5, 128, 64, 255, 255);
}

/* 40 scalar varyings (GL 3.3 allows 64 components; the linker packs them
 * four to a slot): each arrives with its own value. */
static void
packed_varyings(void **state)
{
   struct e2e *t = *state;
   char vs[8192], fs[8192];
   int nv = snprintf(vs, sizeof(vs), "#version 130\nin vec4 pos;\n");
   int nf = snprintf(fs, sizeof(fs), "#version 130\nout vec4 c;\n");
   for (unsigned i = 0; i < 40; i++) {
      nv += snprintf(vs + nv, sizeof(vs) - (size_t)nv, "out float v%u;\n", i);
      nf += snprintf(fs + nf, sizeof(fs) - (size_t)nf, "in float v%u;\n", i);
   }
   nv += snprintf(vs + nv, sizeof(vs) - (size_t)nv,
                  "void main() {\n   gl_Position = pos;\n");
   nf += snprintf(fs + nf, sizeof(fs) - (size_t)nf,
                  "void main() {\n   float bad = 0.0;\n");
   for (unsigned i = 0; i < 40; i++) {
      nv +=
         snprintf(vs + nv, sizeof(vs) - (size_t)nv, "   v%u = %u.0;\n", i, i);
      nf += snprintf(fs + nf, sizeof(fs) - (size_t)nf,
                     "   if (abs(v%u - %u.0) > 0.01) bad += 1.0;\n", i, i);
   }
   snprintf(vs + nv, sizeof(vs) - (size_t)nv, "}\n");
   snprintf(fs + nf, sizeof(fs) - (size_t)nf,
            "   c = bad == 0.0 ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1);\n}\n");
   build(t, vs, fs);
   draw(t, NULL, NULL);
   assert_pixel(t, 6, 6, 0, 255, 0, 255);
}

/* A 1x1 RGBA8 texture of colour @p rgba bound with a nearest sampler at
 * fragment slot @p slot; the caller unbinds it and releases *@p view
 * and *@p smp. */
static void
bind_texel(struct e2e *t, unsigned slot, const uint8_t rgba[4],
           struct pipe_sampler_view **view, void **smp)
{
   struct pipe_context *ctx = t->ctx;
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 1,
      .height0 = 1,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   struct pipe_resource *tex = t->screen->resource_create(t->screen, &templ);
   assert_non_null(tex);
   struct pipe_box box = { 0, 0, 0, 1, 1, 1 };
   ctx->texture_subdata(ctx, tex, 0, PIPE_MAP_WRITE, &box, rgba, 4, 4);
   struct pipe_sampler_view vt = {
      .format = templ.format,
      .target = PIPE_TEXTURE_2D,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   *view = ctx->create_sampler_view(ctx, tex, &vt);
   pipe_resource_ref(&tex, NULL);
   struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .wrap_t = PIPE_TEX_WRAP_CLAMP_TO_EDGE,
      .min_img_filter = PIPE_TEX_FILTER_NEAREST,
      .mag_img_filter = PIPE_TEX_FILTER_NEAREST,
      .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      .normalized_coords = true,
      .max_lod = 100,
   };
   *smp = ctx->create_sampler_state(ctx, &ss);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, slot, 1, view);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, slot, 1, smp);
}

/* Two samplers and data in one struct uniform: each sampler reads the
 * texture bound at the slot the linker reports for its leaf ("s.a",
 * "s.b"), the left half of the target from one, the right from the
 * other. */
static void
struct_samplers(void **state)
{
   struct e2e *t = *state;
   struct pipe_context *ctx = t->ctx;
   build(t,
         "#version 130\nin vec4 pos;\nout vec2 tc;\n"
         "void main() { gl_Position = pos; tc = pos.xy * 0.5 + 0.5; }\n",
         "#version 130\n"
         "struct S { sampler2D a; vec4 tint; sampler2D b; };\n"
         "uniform S s;\nin vec2 tc;\nout vec4 c;\n"
         "void main() {\n"
         "   c = (tc.x < 0.5 ? texture(s.a, tc) : texture(s.b, tc)) * "
         "s.tint;\n"
         "}\n");
   const float tint[4] = { 1.0f, 1.0f, 1.0f, 1.0f };
   set_uniform(t, "s.tint", tint, sizeof(tint));
   static const char *const names[2] = { "s.a", "s.b" };
   static const uint8_t colours[2][4] = { { 255, 0, 0, 255 },
                                          { 0, 255, 0, 255 } };
   struct pipe_sampler_view *views[2];
   void *smps[2];
   unsigned slots[2];
   for (unsigned i = 0; i < 2; i++) {
      int loc = glsl_program_uniform_location(t->prog, names[i]);
      assert_true(loc >= 0);
      int slot = t->prog->uniforms[t->prog->location_uniform[loc]]
                    .texture_slot[IR_STAGE_FRAGMENT];
      assert_true(slot >= 0);
      slots[i] = (unsigned)slot;
      bind_texel(t, slots[i], colours[i], &views[i], &smps[i]);
   }
   assert_int_not_equal(slots[0], slots[1]);
   draw(t, NULL, NULL);
   assert_pixel(t, 2, 2, 255, 0, 0, 255);
   assert_pixel(t, 13, 2, 0, 255, 0, 255);
   for (unsigned i = 0; i < 2; i++) {
      ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, slots[i], 1, NULL);
      ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, slots[i], 1, NULL);
      ctx->delete_sampler_state(ctx, smps[i]);
      pipe_sampler_view_ref(&views[i], NULL);
   }
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(constant_colour),
      T(varying_and_uniform),
      T(gl_frag_color_and_builtins),
      T(control_flow_and_functions),
      T(texture_lookup),
      T(geometry_shader),
      T(geometry_primitive_id),
      T(dual_source_blend),
      T(packed_varyings),
      T(struct_samplers),
   };
   return cmocka_run_group_tests_name("glsl_swrast", tests, NULL, NULL);
}
