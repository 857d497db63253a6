/* SPDX-License-Identifier: MIT */

/*
 * Clears that cannot be whole-pixel writes: a colour buffer under a
 * partial colour mask, the stencil buffer under a partial stencil write
 * mask.  They are drawn: one triangle covering the framebuffer (clipped
 * by the scissor), a fragment shader that outputs the clear value from a
 * uniform, and state objects that apply the mask (blend colormask, or a
 * stencil test that always passes and replaces with the reference under
 * the write mask).
 *
 * Each colour buffer is drawn alone (the framebuffer bound for the draw
 * has just that surface as cbuf 0), so one fragment shader output of the
 * buffer's kind (float, int, uint) does.  The programs are GLSL compiled
 * once per context on first use; the state objects are cached by mask.
 * Everything bound here is flagged dirty so that the next draw binds the
 * application's state again (st_validate.h).
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_compiler.h"
#include "glsl_link.h"
#include "compiler/ir/ir.h"
#include "pipe/p_context.h"
#include "st_context.h"
#include "st_fb_priv.h"

struct clear_program {
   struct glsl_program *prog;
   void *vs, *fs;
   /** Offset of the colour uniform in constant buffer 0 and its size. */
   unsigned color_offset, block_size;
   bool failed;
};

struct st_clear_draw_state {
   struct clear_program programs[3]; /**< by enum st_clear_kind */
   void *velems;
   void *blend[16];        /**< by colour mask */
   void *rast[2];          /**< scissor off, on */
   void *dsa_color;        /**< no depth or stencil test */
   void *dsa_stencil[256]; /**< by stencil write mask */
};

static const char vs_source[] = "#version 330\n"
                                "layout(location = 0) in vec4 pos;\n"
                                "void main() { gl_Position = pos; }\n";

static const char *const fs_sources[] = {
   "#version 330\n"
   "uniform vec4 color;\n"
   "layout(location = 0) out vec4 result;\n"
   "void main() { result = color; }\n",
   "#version 330\n"
   "uniform ivec4 color;\n"
   "layout(location = 0) out ivec4 result;\n"
   "void main() { result = color; }\n",
   "#version 330\n"
   "uniform uvec4 color;\n"
   "layout(location = 0) out uvec4 result;\n"
   "void main() { result = color; }\n",
};

/** Compiles and links the program of @p kind and makes its CSOs; false
 * (remembered) if that fails. */
static bool
program_init(struct st_context *ctx, struct clear_program *p,
             enum st_clear_kind kind)
{
   if (p->fs)
      return true;
   if (p->failed)
      return false;
   p->failed = true;
   struct glsl_compile_options options = {
      .max_version = 330,
      .context_profile = GLSL_PROFILE_CORE,
   };
   const char *vs = vs_source, *fs = fs_sources[kind];
   struct glsl_shader *shaders[2] = {
      glsl_compile_shader(IR_STAGE_VERTEX, &vs, 1, &options),
      glsl_compile_shader(IR_STAGE_FRAGMENT, &fs, 1, &options),
   };
   bool ok = shaders[0] && shaders[1] && shaders[0]->ok && shaders[1]->ok;
   if (ok) {
      p->prog = glsl_link_program(shaders, 2, NULL);
      ok = p->prog && p->prog->ok;
   }
   glsl_shader_destroy(shaders[0]);
   glsl_shader_destroy(shaders[1]);
   int loc = ok ? glsl_program_uniform_location(p->prog, "color") : -1;
   if (loc < 0)
      return false;
   const struct glsl_uniform *u =
      &p->prog->uniforms[p->prog->location_uniform[loc]];
   p->color_offset = u->offset;
   p->block_size = p->prog->default_block_size;
   struct pipe_context *pipe = ctx->pipe;
   struct pipe_shader_state vss = {
      .ir = ir_shader_clone(NULL, p->prog->stages[IR_STAGE_VERTEX]),
   };
   struct pipe_shader_state fss = {
      .ir = ir_shader_clone(NULL, p->prog->stages[IR_STAGE_FRAGMENT]),
   };
   p->vs = vss.ir ? pipe->create_vs_state(pipe, &vss) : NULL;
   p->fs = fss.ir ? pipe->create_fs_state(pipe, &fss) : NULL;
   if (!p->vs || !p->fs) {
      if (p->vs)
         pipe->delete_vs_state(pipe, p->vs);
      if (p->fs)
         pipe->delete_fs_state(pipe, p->fs);
      p->vs = p->fs = NULL;
      return false;
   }
   p->failed = false;
   return true;
}

static struct st_clear_draw_state *
clear_state(struct st_context *ctx)
{
   struct st_fb_state *fbs = ctx->fb;
   if (!fbs->clear)
      fbs->clear = calloc(1, sizeof(*fbs->clear));
   return fbs->clear;
}

static void *
blend_cso(struct st_context *ctx, struct st_clear_draw_state *cs, unsigned mask)
{
   if (!cs->blend[mask]) {
      struct pipe_blend_state blend = { 0 };
      blend.rt[0].colormask = mask;
      cs->blend[mask] = ctx->pipe->create_blend_state(ctx->pipe, &blend);
   }
   return cs->blend[mask];
}

static void *
rast_cso(struct st_context *ctx, struct st_clear_draw_state *cs, bool scissor)
{
   if (!cs->rast[scissor]) {
      struct pipe_rasterizer_state rast = {
         .front_ccw = true,
         .scissor = scissor,
         .half_pixel_center = true,
         .depth_clip_near = true,
         .depth_clip_far = true,
         .multisample = true,
         .line_width = 1,
         .point_size = 1,
      };
      cs->rast[scissor] = ctx->pipe->create_rasterizer_state(ctx->pipe, &rast);
   }
   return cs->rast[scissor];
}

static void *
dsa_cso(struct st_context *ctx, struct st_clear_draw_state *cs,
        unsigned stencil_mask)
{
   void **slot = stencil_mask ? &cs->dsa_stencil[stencil_mask] : &cs->dsa_color;
   if (!*slot) {
      struct pipe_depth_stencil_alpha_state dsa = { 0 };
      if (stencil_mask) {
         dsa.stencil[0] = (struct pipe_stencil_state){
            .enabled = true,
            .func = PIPE_FUNC_ALWAYS,
            .fail_op = PIPE_STENCIL_OP_REPLACE,
            .zpass_op = PIPE_STENCIL_OP_REPLACE,
            .zfail_op = PIPE_STENCIL_OP_REPLACE,
            .valuemask = 0xff,
            .writemask = (uint8_t)stencil_mask,
         };
      }
      *slot = ctx->pipe->create_depth_stencil_alpha_state(ctx->pipe, &dsa);
   }
   return *slot;
}

void
st_clear_draw(struct st_context *ctx, const struct pipe_scissor_state *scissor,
              int color_buffer, unsigned color_mask,
              const union pipe_color_union *color, enum st_clear_kind kind,
              unsigned stencil_mask, unsigned stencil_value)
{
   struct pipe_context *pipe = ctx->pipe;
   struct st_clear_draw_state *cs = clear_state(ctx);
   if (!cs)
      return;
   struct clear_program *p = &cs->programs[color_buffer >= 0 ? kind : 0];
   if (!program_init(ctx, p, color_buffer >= 0 ? kind : ST_CLEAR_FLOAT))
      return;
   if (!cs->velems) {
      struct pipe_vertex_element ve = {
         .src_format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      };
      cs->velems = pipe->create_vertex_elements_state(pipe, 1, &ve);
   }
   void *blend = blend_cso(ctx, cs, color_buffer >= 0 ? color_mask : 0);
   void *rast = rast_cso(ctx, cs, scissor != NULL);
   void *dsa = dsa_cso(ctx, cs, color_buffer >= 0 ? 0 : stencil_mask);
   if (!cs->velems || !blend || !rast || !dsa)
      return;

   const struct pipe_framebuffer_state *bound = &ctx->fb->state;
   struct pipe_framebuffer_state fb = {
      .width = bound->width,
      .height = bound->height,
      .layers = bound->layers,
      .samples = bound->samples,
   };
   if (color_buffer >= 0) {
      fb.nr_cbufs = 1;
      fb.cbufs[0] = bound->cbufs[color_buffer];
   } else {
      fb.zsbuf = bound->zsbuf;
   }
   pipe->set_framebuffer_state(pipe, &fb);
   pipe->bind_blend_state(pipe, blend);
   pipe->bind_rasterizer_state(pipe, rast);
   pipe->bind_depth_stencil_alpha_state(pipe, dsa);
   pipe->bind_vs_state(pipe, p->vs);
   pipe->bind_gs_state(pipe, NULL);
   pipe->bind_fs_state(pipe, p->fs);
   pipe->set_stream_output_targets(pipe, 0, NULL, NULL);
   pipe->set_sample_mask(pipe, ~0u);
   struct pipe_stencil_ref ref = {
      .ref_value = { (uint8_t)stencil_value, (uint8_t)stencil_value },
   };
   pipe->set_stencil_ref(pipe, &ref);
   struct pipe_viewport_state vp = {
      .scale = { fb.width * 0.5f, fb.height * 0.5f, 0.5f },
      .translate = { fb.width * 0.5f, fb.height * 0.5f, 0.5f },
   };
   pipe->set_viewport_states(pipe, 0, 1, &vp);
   if (scissor)
      pipe->set_scissor_states(pipe, 0, 1, scissor);

   uint8_t constants[256] = { 0 };
   unsigned size =
      p->block_size <= sizeof(constants) ? p->block_size : sizeof(constants);
   if (color && p->color_offset + 16 <= size)
      memcpy(constants + p->color_offset, color, 16);
   struct pipe_constant_buffer cb = {
      .buffer_size = size,
      .user_buffer = constants,
   };
   pipe->set_constant_buffer(pipe, PIPE_SHADER_FRAGMENT, 0, &cb);

   /* One triangle whose inside covers clip space [-1, 1]^2. */
   static const float verts[3][4] = {
      { -1, -1, 0, 1 },
      { 3, -1, 0, 1 },
      { -1, 3, 0, 1 },
   };
   struct pipe_vertex_buffer vb = {
      .stride = sizeof(verts[0]),
      .is_user_buffer = true,
      .buffer.user = verts,
   };
   pipe->bind_vertex_elements_state(pipe, cs->velems);
   pipe->set_vertex_buffers(pipe, 0, 1, &vb);
   struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLES,
      .instance_count = 1,
      .max_index = ~0u,
   };
   struct pipe_draw_start_count_bias draw = { .start = 0, .count = 3 };
   pipe->draw_vbo(pipe, &info, &draw, 1);
   pipe->set_constant_buffer(pipe, PIPE_SHADER_FRAGMENT, 0, NULL);
   pipe->set_vertex_buffers(pipe, 0, 1, NULL);

   ctx->dirty |= ST_DIRTY_FRAMEBUFFER | ST_DIRTY_BLEND | ST_DIRTY_RASTERIZER |
                 ST_DIRTY_DSA | ST_DIRTY_PROGRAM | ST_DIRTY_XFB |
                 ST_DIRTY_SAMPLE_MASK | ST_DIRTY_STENCIL_REF |
                 ST_DIRTY_VIEWPORT | ST_DIRTY_SCISSOR | ST_DIRTY_CONSTANTS |
                 ST_DIRTY_VERTEX;
   /* The application's framebuffer again, for the rest of the clear. */
   pipe->set_framebuffer_state(pipe, bound);
}

void
st_clear_draw_fini(struct st_context *ctx)
{
   struct st_clear_draw_state *cs = ctx->fb ? ctx->fb->clear : NULL;
   if (!cs)
      return;
   struct pipe_context *pipe = ctx->pipe;
   /* Nothing of ours may stay bound while it is deleted. */
   pipe->bind_blend_state(pipe, NULL);
   pipe->bind_rasterizer_state(pipe, NULL);
   pipe->bind_depth_stencil_alpha_state(pipe, NULL);
   pipe->bind_vs_state(pipe, NULL);
   pipe->bind_fs_state(pipe, NULL);
   pipe->bind_vertex_elements_state(pipe, NULL);
   for (unsigned k = 0; k < 3; k++) {
      struct clear_program *p = &cs->programs[k];
      if (p->vs)
         pipe->delete_vs_state(pipe, p->vs);
      if (p->fs)
         pipe->delete_fs_state(pipe, p->fs);
      glsl_program_destroy(p->prog);
   }
   if (cs->velems)
      pipe->delete_vertex_elements_state(pipe, cs->velems);
   for (unsigned i = 0; i < 16; i++) {
      if (cs->blend[i])
         pipe->delete_blend_state(pipe, cs->blend[i]);
   }
   for (unsigned i = 0; i < 2; i++) {
      if (cs->rast[i])
         pipe->delete_rasterizer_state(pipe, cs->rast[i]);
   }
   if (cs->dsa_color)
      pipe->delete_depth_stencil_alpha_state(pipe, cs->dsa_color);
   for (unsigned i = 0; i < 256; i++) {
      if (cs->dsa_stencil[i])
         pipe->delete_depth_stencil_alpha_state(pipe, cs->dsa_stencil[i]);
   }
   free(cs);
   ctx->fb->clear = NULL;
}
