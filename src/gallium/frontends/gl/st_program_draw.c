/* SPDX-License-Identifier: MIT */

/*
 * The program's part of a draw (st_program_validate): shader CSOs, the
 * default uniform block with the compatibility state uniforms filled in,
 * uniform buffers and sampler units.
 *
 * CSOs are per context (a pipe CSO belongs to one pipe context) while
 * executables are shared, so each context keeps a small cache of
 * executable -> CSOs, holding a reference to each executable it has CSOs
 * for; the least recently used entry is evicted when the cache is full.
 * The fixed-function programs come from st_compat_ff_program() and are
 * wrapped in executables of this context (by glsl_program pointer), which
 * live until st_program_fini: st_compat.c keeps each program until its
 * own fini, so the pointers are never reused in between.
 *
 * Stages.  A compatibility program without a vertex (or fragment)
 * shader gets fixed-function vertex (or fragment) processing (GL 2.0,
 * 2.15): that stage comes from the fixed-function program, whose outputs
 * and inputs are the built-in varyings (gl_FrontColor, gl_TexCoord[]...)
 * at the same fixed slots as the application's.  Each stage then takes
 * its CSO, default block, uniform blocks and samplers from its own
 * executable.
 *
 * Constant buffer 0 of each stage is a per-context copy of its
 * executable's default block with the "gl_" state uniforms written over
 * it, made for every draw: the state they come from (matrices,
 * lights...) changes without telling this module, and the copy keeps the
 * shared executable's bytes free of per-context values.
 */
#include <stdlib.h>
#include <string.h>

#include "pipe/p_context.h"
#include "st_buffer.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_program_priv.h"
#include "st_texture.h"
#include "util/u_hash.h"

static const enum pipe_shader_type pipe_stage[] = {
   [IR_STAGE_VERTEX] = PIPE_SHADER_VERTEX,
   [IR_STAGE_GEOMETRY] = PIPE_SHADER_GEOMETRY,
   [IR_STAGE_FRAGMENT] = PIPE_SHADER_FRAGMENT,
};

#define NUM_GFX_STAGES 3

static void
delete_csos(struct st_context *ctx, struct st_cso_entry *e)
{
   struct pipe_context *pipe = ctx->pipe;
   if (e->cso[IR_STAGE_VERTEX])
      pipe->delete_vs_state(pipe, e->cso[IR_STAGE_VERTEX]);
   if (e->cso[IR_STAGE_GEOMETRY])
      pipe->delete_gs_state(pipe, e->cso[IR_STAGE_GEOMETRY]);
   if (e->cso[IR_STAGE_FRAGMENT])
      pipe->delete_fs_state(pipe, e->cso[IR_STAGE_FRAGMENT]);
   if (e->capture_vs)
      pipe->delete_vs_state(pipe, e->capture_vs);
   st_executable_reference(&e->exec, NULL);
   memset(e, 0, sizeof(*e));
}

void
st_program_draw_fini(struct st_context *ctx)
{
   struct st_program_state *ps = ctx->program;
   struct pipe_context *pipe = ctx->pipe;
   if (pipe) {
      pipe->bind_vs_state(pipe, NULL);
      pipe->bind_gs_state(pipe, NULL);
      pipe->bind_fs_state(pipe, NULL);
      for (unsigned s = 0; s < NUM_GFX_STAGES; s++)
         pipe->set_constant_buffer(pipe, pipe_stage[s], 0, NULL);
   }
   for (unsigned i = 0; i < ST_CSO_CACHE_SIZE; i++) {
      if (ps->cache[i].exec)
         delete_csos(ctx, &ps->cache[i]);
   }
   memset(ps->bound, 0, sizeof(ps->bound));
}

static bool
is_bound(const struct st_program_state *ps, const struct st_cso_entry *e)
{
   for (unsigned s = 0; s < NUM_GFX_STAGES; s++) {
      if (ps->bound[s] == e)
         return true;
   }
   return false;
}

/* The stage whose outputs transform feedback captures. */
static unsigned
last_vertex_stage(const struct glsl_program *prog)
{
   return prog->stages[IR_STAGE_GEOMETRY] ? IR_STAGE_GEOMETRY : IR_STAGE_VERTEX;
}

static bool
create_csos(struct st_context *ctx, struct st_executable *exec,
            struct st_cso_entry *e)
{
   struct pipe_context *pipe = ctx->pipe;
   const struct glsl_program *prog = exec->prog;
   for (unsigned s = 0; s < NUM_GFX_STAGES; s++) {
      if (!prog->stages[s])
         continue;
      /* The driver owns (and frees) the copy, even when create fails. */
      struct pipe_shader_state state = {
         .ir = ir_shader_clone(NULL, prog->stages[s]),
      };
      if (!state.ir)
         return false;
      if (s == last_vertex_stage(prog))
         state.stream_output = exec->so;
      if (s == IR_STAGE_VERTEX)
         e->cso[s] = pipe->create_vs_state(pipe, &state);
      else if (s == IR_STAGE_GEOMETRY)
         e->cso[s] = pipe->create_gs_state(pipe, &state);
      else
         e->cso[s] = pipe->create_fs_state(pipe, &state);
      if (!e->cso[s])
         return false;
   }
   st_executable_reference(&e->exec, exec);
   return true;
}

/* The cache entry of @p exec, made (evicting the least recently used
 * entry not bound) if needed; NULL when out of memory. */
static struct st_cso_entry *
cso_entry(struct st_context *ctx, struct st_executable *exec)
{
   struct st_program_state *ps = ctx->program;
   struct st_cso_entry *victim = NULL;
   for (unsigned i = 0; i < ST_CSO_CACHE_SIZE; i++) {
      struct st_cso_entry *e = &ps->cache[i];
      if (e->exec == exec)
         return e;
      if (is_bound(ps, e))
         continue;
      if (!victim ||
          (victim->exec && (!e->exec || e->last_use < victim->last_use)))
         victim = e;
   }
   if (victim->exec)
      delete_csos(ctx, victim);
   if (!create_csos(ctx, exec, victim)) {
      delete_csos(ctx, victim);
      return NULL;
   }
   return victim;
}

/* The fixed-function program's samplers without an initializer sample
 * the unit their name ends with (st_program.h). */
static void
ff_sampler_units(struct st_executable *exec)
{
   const struct glsl_program *prog = exec->prog;
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &prog->uniforms[i];
      if (u->type->base != IR_TYPE_SAMPLER || u->initializer || u->location < 0)
         continue;
      const char *end = u->name + strlen(u->name);
      if (u->array_size > 1)
         end -= 3; /* "[0]" */
      const char *digits = end;
      while (digits > u->name && digits[-1] >= '0' && digits[-1] <= '9')
         digits--;
      if (digits == end)
         continue;
      int unit = atoi(digits);
      for (unsigned e = 0; e < u->array_size; e++)
         exec->sampler_units[u->location + (int)e] = unit + (int)e;
   }
}

/* The executable of the fixed-function program for the current state. */
static struct st_executable *
ff_executable(struct st_context *ctx)
{
   struct st_program_state *ps = ctx->program;
   const struct glsl_program *prog = st_compat_ff_program(ctx);
   if (!prog || !ps->ff_execs)
      return NULL;
   struct u_hash_entry *he = u_hash_table_search(ps->ff_execs, prog);
   if (he)
      return he->data;
   /* The program stays st_compat.c's (owns = false). */
   struct st_executable *exec = st_executable_create(
      (struct glsl_program *)prog, false, GL_INTERLEAVED_ATTRIBS);
   if (!exec)
      return NULL;
   ff_sampler_units(exec);
   if (!u_hash_table_insert(ps->ff_execs, prog, exec)) {
      st_executable_reference(&exec, NULL);
      return NULL;
   }
   return exec;
}

/* Uploads constant buffer 0 of stage @p s from @p exec. */
static bool
upload_constants(struct st_context *ctx, unsigned s,
                 const struct st_executable *exec)
{
   struct st_program_state *ps = ctx->program;
   struct pipe_context *pipe = ctx->pipe;
   unsigned size = exec->prog->default_block_size;
   if (!size) {
      pipe->set_constant_buffer(pipe, pipe_stage[s], 0, NULL);
      return true;
   }
   if (size > ps->constants_size[s]) {
      uint8_t *grown = realloc(ps->constants[s], size);
      if (!grown)
         return false;
      ps->constants[s] = grown;
      ps->constants_size[s] = size;
   }
   uint8_t *data = ps->constants[s];
   memcpy(data, exec->data, size);
   for (unsigned i = 0; i < exec->num_state_uniforms; i++) {
      const struct st_state_uniform *su = &exec->state_uniforms[i];
      GLfloat values[16];
      unsigned n = st_compat_state_uniform(ctx, su->name, values);
      for (unsigned c = 0; c < su->columns; c++) {
         for (unsigned r = 0; r < su->rows; r++) {
            unsigned k = c * su->rows + r;
            unsigned off = su->offset + c * su->matrix_stride + r * 4;
            if (k < n && off + 4 <= size)
               memcpy(data + off, &values[k], 4);
         }
      }
   }
   struct pipe_constant_buffer cb = {
      .buffer_size = size,
      .user_buffer = data,
   };
   pipe->set_constant_buffer(pipe, pipe_stage[s], 0, &cb);
   return true;
}

/* Binds the buffers of the uniform blocks stage @p s of @p exec reads;
 * false (error raised) when one is mapped (GL 3.3, 2.9.3). */
static bool
bind_uniform_buffers(struct st_context *ctx, unsigned s,
                     const struct st_executable *exec, const char *func)
{
   struct pipe_context *pipe = ctx->pipe;
   const struct glsl_program *prog = exec->prog;
   for (unsigned b = 0; b < prog->num_blocks; b++) {
      const struct glsl_uniform_block *block = &prog->blocks[b];
      int index = block->stage_index[s];
      if (index < 0 || index + 1 >= PIPE_MAX_CONSTANT_BUFFERS)
         continue;
      const struct st_buffer_binding *bb =
         exec->block_bindings[b] < ST_MAX_UNIFORM_BUFFER_BINDINGS
            ? st_buffer_uniform_binding(ctx, exec->block_bindings[b])
            : NULL;
      struct pipe_constant_buffer cb = { 0 };
      if (bb && bb->buffer && bb->buffer->resource) {
         if (st_buffer_is_mapped(bb->buffer)) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(uniform block %s uses a mapped buffer)", func,
                     block->name);
            return false;
         }
         GLsizeiptr size = bb->buffer->size;
         GLintptr offset = bb->offset < size ? bb->offset : size;
         GLsizeiptr avail = size - offset;
         cb.buffer = bb->buffer->resource;
         cb.buffer_offset = (unsigned)offset;
         cb.buffer_size =
            (unsigned)(bb->size && bb->size < avail ? bb->size : avail);
      }
      pipe->set_constant_buffer(pipe, pipe_stage[s], (unsigned)index + 1,
                                cb.buffer ? &cb : NULL);
   }
   return true;
}

/* Tells the texture module which unit and target each texture slot of
 * stage @p s samples (@p exec NULL: the stage samples nothing). */
static void
bind_textures(struct st_context *ctx, unsigned s,
              const struct st_executable *exec)
{
   int units[PIPE_MAX_SAMPLERS];
   GLenum targets[PIPE_MAX_SAMPLERS];
   uint32_t compare_only = 0;
   unsigned n = exec ? exec->num_texture_slots[s] : 0;
   if (n > PIPE_MAX_SAMPLERS)
      n = PIPE_MAX_SAMPLERS;
   for (unsigned i = 0; i < n; i++) {
      units[i] = -1;
      targets[i] = GL_TEXTURE_2D;
   }
   for (unsigned i = 0; n && i < exec->prog->num_uniforms; i++) {
      const struct glsl_uniform *u = &exec->prog->uniforms[i];
      if (u->type->base != IR_TYPE_SAMPLER || u->texture_slot[s] < 0)
         continue;
      for (unsigned e = 0; e < u->array_size; e++) {
         unsigned slot = (unsigned)u->texture_slot[s] + e;
         if (slot >= n)
            break;
         units[slot] = exec->sampler_units[u->location + (int)e];
         targets[slot] = st_sampler_target(u->type);
         /* GLSL 1.30 made shadow lookups return the comparison as a
          * float; before, shadow2D() gave a vec4 following the depth
          * texture mode. */
         if (u->type->sampler_shadow && exec->prog->version >= 130)
            compare_only |= 1u << slot;
      }
   }
   st_texture_validate_shadow(ctx, pipe_stage[s], units, targets, compare_only,
                              n);
}

/* Chooses the executable of each stage for a draw; false (error raised
 * if any) when nothing is drawn. */
static bool
stage_executables(struct st_context *ctx, const char *func,
                  struct st_executable *stage_exec[NUM_GFX_STAGES])
{
   struct st_executable *exec = st_program_current_exec(ctx);
   const struct glsl_program *p = exec ? exec->prog : NULL;
   bool complete =
      p && p->stages[IR_STAGE_VERTEX] && p->stages[IR_STAGE_FRAGMENT];
   struct st_executable *ff = NULL;
   if (!complete && st_is_compat(ctx)) {
      ff = ff_executable(ctx);
      if (!ff) {
         st_out_of_memory(ctx, func);
         return false;
      }
   }
   if (exec) {
      const char *problem = st_program_draw_problem(exec);
      if (problem) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(%s)", func, problem);
         return false;
      }
   }
   for (unsigned s = 0; s < NUM_GFX_STAGES; s++)
      stage_exec[s] = p && p->stages[s] ? exec : NULL;
   if (ff && !stage_exec[IR_STAGE_GEOMETRY]) {
      if (!stage_exec[IR_STAGE_VERTEX])
         stage_exec[IR_STAGE_VERTEX] = ff;
      if (!stage_exec[IR_STAGE_FRAGMENT])
         stage_exec[IR_STAGE_FRAGMENT] = ff;
   }
   /* Without a vertex shader there is nothing to draw with (core and
    * ES: GL 3.3 leaves the results undefined); without a fragment
    * shader the pipe draws no colour (transform feedback, depth). */
   return stage_exec[IR_STAGE_VERTEX] != NULL;
}

bool
st_program_validate(struct st_context *ctx, const char *func)
{
   struct st_program_state *ps = ctx->program;
   struct pipe_context *pipe = ctx->pipe;
   struct st_executable *stage_exec[NUM_GFX_STAGES];
   if (!stage_executables(ctx, func, stage_exec))
      return false;

   struct st_cso_entry *entry[NUM_GFX_STAGES] = { NULL };
   for (unsigned s = 0; s < NUM_GFX_STAGES; s++) {
      struct st_executable *exec = stage_exec[s];
      if (!exec)
         continue;
      for (unsigned t = 0; t < s && !entry[s]; t++) {
         if (stage_exec[t] == exec)
            entry[s] = entry[t];
      }
      if (!entry[s])
         entry[s] = ps->bound[s] && ps->bound[s]->exec == exec
                       ? ps->bound[s]
                       : cso_entry(ctx, exec);
      if (!entry[s]) {
         st_out_of_memory(ctx, func);
         return false;
      }
      entry[s]->last_use = ++ps->use_clock;
   }
   bool rebind = (ctx->dirty & ST_DIRTY_PROGRAM) != 0;
   if (rebind || entry[IR_STAGE_VERTEX] != ps->bound[IR_STAGE_VERTEX])
      pipe->bind_vs_state(pipe, entry[IR_STAGE_VERTEX]->cso[IR_STAGE_VERTEX]);
   if (rebind || entry[IR_STAGE_GEOMETRY] != ps->bound[IR_STAGE_GEOMETRY])
      pipe->bind_gs_state(pipe,
                          entry[IR_STAGE_GEOMETRY]
                             ? entry[IR_STAGE_GEOMETRY]->cso[IR_STAGE_GEOMETRY]
                             : NULL);
   if (rebind || entry[IR_STAGE_FRAGMENT] != ps->bound[IR_STAGE_FRAGMENT])
      pipe->bind_fs_state(pipe,
                          entry[IR_STAGE_FRAGMENT]
                             ? entry[IR_STAGE_FRAGMENT]->cso[IR_STAGE_FRAGMENT]
                             : NULL);
   memcpy(ps->bound, entry, sizeof(entry));

   for (unsigned s = 0; s < NUM_GFX_STAGES; s++) {
      bind_textures(ctx, s, stage_exec[s]);
      if (!stage_exec[s])
         continue;
      if (!upload_constants(ctx, s, stage_exec[s])) {
         st_out_of_memory(ctx, func);
         return false;
      }
      if (!bind_uniform_buffers(ctx, s, stage_exec[s], func))
         return false;
   }
   return true;
}

/* The executable of stage @p s in the last st_program_validate(). */
static const struct st_executable *
draw_exec(struct st_context *ctx, unsigned s)
{
   struct st_program_state *ps = ctx->program;
   return ps->bound[s] ? ps->bound[s]->exec : NULL;
}

uint32_t
st_program_vs_inputs(struct st_context *ctx)
{
   const struct st_executable *exec = draw_exec(ctx, IR_STAGE_VERTEX);
   return exec ? exec->vs_inputs : 0;
}

enum st_attrib_kind
st_program_vs_input_kind(struct st_context *ctx, unsigned location)
{
   const struct st_executable *exec = draw_exec(ctx, IR_STAGE_VERTEX);
   if (!exec || location >= ST_MAX_ATTRIB_LOCATIONS)
      return ST_ATTRIB_FLOAT;
   return (enum st_attrib_kind)exec->vs_input_kind[location];
}

const struct pipe_stream_output_info *
st_program_xfb_info(struct st_context *ctx, unsigned *num_buffers)
{
   /* The geometry stage, when there is one, has the vertex stage's
    * executable. */
   const struct st_executable *exec = draw_exec(ctx, IR_STAGE_VERTEX);
   if (!exec || !exec->so.num_outputs) {
      if (num_buffers)
         *num_buffers = 0;
      return NULL;
   }
   if (num_buffers)
      *num_buffers = exec->num_so_buffers;
   return &exec->so;
}

GLenum
st_program_output_primitive(struct st_context *ctx, GLenum mode)
{
   const struct st_executable *exec = st_program_current_exec(ctx);
   if (exec && exec->prog->stages[IR_STAGE_GEOMETRY]) {
      switch (exec->prog->gs_output_prim) {
      case IR_PRIM_POINTS:
         return GL_POINTS;
      case IR_PRIM_LINES:
      case IR_PRIM_LINE_STRIP:
      case IR_PRIM_LINES_ADJACENCY:
         return GL_LINES;
      default:
         return GL_TRIANGLES;
      }
   }
   switch (mode) {
   case GL_POINTS:
      return GL_POINTS;
   case GL_LINES:
   case GL_LINE_LOOP:
   case GL_LINE_STRIP:
   case GL_LINES_ADJACENCY:
   case GL_LINE_STRIP_ADJACENCY:
      return GL_LINES;
   default:
      return GL_TRIANGLES;
   }
}

bool
st_program_gs_accepts_mode(struct st_context *ctx, GLenum mode)
{
   const struct st_executable *exec = st_program_current_exec(ctx);
   if (!exec || !exec->prog->stages[IR_STAGE_GEOMETRY])
      return true;
   switch (exec->prog->gs_input_prim) {
   case IR_PRIM_POINTS:
      return mode == GL_POINTS;
   case IR_PRIM_LINES:
      return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP;
   case IR_PRIM_LINES_ADJACENCY:
      return mode == GL_LINES_ADJACENCY || mode == GL_LINE_STRIP_ADJACENCY;
   case IR_PRIM_TRIANGLES:
      return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP ||
             mode == GL_TRIANGLE_FAN;
   case IR_PRIM_TRIANGLES_ADJACENCY:
      return mode == GL_TRIANGLES_ADJACENCY ||
             mode == GL_TRIANGLE_STRIP_ADJACENCY;
   default:
      return true;
   }
}

const struct glsl_program *
st_program_current(struct st_context *ctx)
{
   const struct st_executable *exec = st_program_current_exec(ctx);
   return exec ? exec->prog : NULL;
}
