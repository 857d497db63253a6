/* SPDX-License-Identifier: MIT */

/*
 * The fixed-function program: a compatibility context without a current
 * program draws with a program that does what the fixed-function state
 * says (transform, lighting, texture coordinate generation, texture
 * environments, colour sum, fog, user clipping).  The state that changes
 * code is reduced to a key (st_ff.h); each new key gets its vertex and
 * fragment stages built as IR directly (st_ff_vs.c, st_ff_fs.c: no GLSL
 * text, no parsing), linked as shaders made of IR alone, and the linked
 * program is cached by key (hash of the key's bytes) for the context's
 * life.  Values (matrices, colours, planes) come from the built-in state
 * uniforms, so a state change that keeps the key keeps the program.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_link.h"
#include "compiler/ir/ir_passes_io.h"
#include "st_compat_priv.h"
#include "st_context.h"
#include "st_ff.h"
#include "st_ff_ir.h"
#include "st_program.h"
#include "st_render_mode.h"
#include "st_texture_priv.h"
#include "st_pixels.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

struct st_ff_cache {
   /** Owns the table and the stored keys. */
   struct u_arena *arena;
   /** struct st_ff_key * -> struct glsl_program *. */
   struct u_hash_table *programs;
   /** The program of the last lookup, to skip the hash while the state
    * stays the same from draw to draw. */
   struct st_ff_key last_key;
   struct glsl_program *last;
};

static uint32_t
key_hash(const void *key)
{
   return u_hash_data(key, sizeof(struct st_ff_key));
}

static bool
key_equal(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct st_ff_key)) == 0;
}

static enum st_ff_target
unit_target(unsigned enabled)
{
   if (enabled & ST_TEX_ENABLE_CUBE)
      return ST_FF_TEX_CUBE;
   if (enabled & ST_TEX_ENABLE_3D)
      return ST_FF_TEX_3D;
   if (enabled & ST_TEX_ENABLE_RECT)
      return ST_FF_TEX_RECT;
   if (enabled & ST_TEX_ENABLE_2D)
      return ST_FF_TEX_2D;
   if (enabled & ST_TEX_ENABLE_1D)
      return ST_FF_TEX_1D;
   return ST_FF_TEX_NONE;
}

static enum st_ff_env
env_mode(GLenum mode)
{
   switch (mode) {
   case GL_REPLACE:
      return ST_FF_ENV_REPLACE;
   case GL_DECAL:
      return ST_FF_ENV_DECAL;
   case GL_BLEND:
      return ST_FF_ENV_BLEND;
   case GL_ADD:
      return ST_FF_ENV_ADD;
   case GL_COMBINE:
      return ST_FF_ENV_COMBINE;
   default:
      return ST_FF_ENV_MODULATE;
   }
}

static enum st_ff_texgen
texgen_mode(GLenum mode)
{
   switch (mode) {
   case GL_OBJECT_LINEAR:
      return ST_FF_TEXGEN_OBJECT_LINEAR;
   case GL_SPHERE_MAP:
      return ST_FF_TEXGEN_SPHERE_MAP;
   case GL_NORMAL_MAP:
      return ST_FF_TEXGEN_NORMAL_MAP;
   case GL_REFLECTION_MAP:
      return ST_FF_TEXGEN_REFLECTION_MAP;
   default:
      return ST_FF_TEXGEN_EYE_LINEAR;
   }
}

static uint8_t
scale_shift(GLfloat scale)
{
   return scale == 4.0f ? 2 : scale == 2.0f ? 1 : 0;
}

static enum st_ff_base
base_of(GLenum base)
{
   switch (base) {
   case GL_RGBA:
      return ST_FF_BASE_RGBA;
   case GL_ALPHA:
      return ST_FF_BASE_ALPHA;
   case GL_LUMINANCE:
      return ST_FF_BASE_LUMINANCE;
   case GL_LUMINANCE_ALPHA:
      return ST_FF_BASE_LUMINANCE_ALPHA;
   case GL_INTENSITY:
      return ST_FF_BASE_INTENSITY;
   default:
      return ST_FF_BASE_RGB;
   }
}

/* The base format of the texture unit @p u samples for @p target;
 * false when that texture is incomplete, which makes fixed-function
 * texturing act as if the unit were disabled (GL 2.1, 3.8.10, texture
 * completeness; shaders sample (0, 0, 0, 1) instead). */
static bool
unit_base(struct st_context *ctx, unsigned u, enum st_ff_target target,
          enum st_ff_base *out)
{
   static const enum st_tex_target index[] = {
      [ST_FF_TEX_1D] = ST_TEX_1D,     [ST_FF_TEX_2D] = ST_TEX_2D,
      [ST_FF_TEX_3D] = ST_TEX_3D,     [ST_FF_TEX_CUBE] = ST_TEX_CUBE,
      [ST_FF_TEX_RECT] = ST_TEX_RECT,
   };
   struct st_texture_state *ts = ctx->texture;
   struct st_texture_object *tex = ts ? ts->bound[u][index[target]] : NULL;
   if (!tex)
      return false;
   const struct st_sampler_params *params =
      ts->sampler[u] ? &ts->sampler[u]->params : &tex->sampler;
   unsigned first, last;
   if (!st_texture_is_complete(ctx, tex, params, &first, &last))
      return false;
   GLenum base = st_base_format(tex->image[0][first].internal_format);
   if (base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL)
      base = tex->depth_stencil_mode;
   *out = base_of(base);
   return true;
}

static void
make_unit_key(struct st_context *ctx, unsigned u, struct st_ff_unit *k)
{
   const struct st_compat_state *cs = ctx->compat;
   k->target = unit_target(cs->texture_enabled[u]);
   enum st_ff_base base = ST_FF_BASE_RGBA;
   if (k->target != ST_FF_TEX_NONE && !unit_base(ctx, u, k->target, &base))
      k->target = ST_FF_TEX_NONE;
   k->base = (uint8_t)base;
   for (unsigned c = 0; c < 4; c++) {
      if (cs->texgen_enabled[u] & (1u << c))
         k->texgen[c] = texgen_mode(cs->texgen[u][c].mode);
   }
   if (k->target == ST_FF_TEX_NONE)
      return;

   const struct st_texenv *e = &cs->texenv[u];
   k->env = env_mode(e->mode);
   if (k->env != ST_FF_ENV_COMBINE)
      return;
   struct st_ff_combine *cb = &k->combine;
   cb->func_rgb = (uint16_t)e->combine_rgb;
   cb->func_alpha = (uint16_t)e->combine_alpha;
   for (unsigned i = 0; i < 3; i++) {
      cb->src_rgb[i] = (uint16_t)e->src_rgb[i];
      cb->src_alpha[i] = (uint16_t)e->src_alpha[i];
      cb->operand_rgb[i] = (uint16_t)e->operand_rgb[i];
      cb->operand_alpha[i] = (uint16_t)e->operand_alpha[i];
   }
   cb->rgb_shift = scale_shift(e->rgb_scale);
   cb->alpha_shift = scale_shift(e->alpha_scale);
}

/* The units whose gl_TexCoord[] the current program's fragment shader
 * declares as input when its vertex stage is the fixed-function one
 * (the linked stage has no gathered info: its input variables tell). */
static uint8_t
texcoords_read(struct st_context *ctx)
{
   const struct glsl_program *prog = st_program_current(ctx);
   if (!prog || prog->stages[IR_STAGE_VERTEX] ||
       prog->stages[IR_STAGE_GEOMETRY] || !prog->stages[IR_STAGE_FRAGMENT])
      return 0;
   unsigned mask = 0;
   ir_foreach_variable (prog->stages[IR_STAGE_FRAGMENT], var) {
      if (var->mode != IR_VAR_SHADER_IN || var->location < 0)
         continue;
      unsigned n = ir_type_is_array(var->type) ? var->type->length : 1;
      for (unsigned i = 0; i < n; i++) {
         unsigned loc = (unsigned)var->location + i;
         if (loc >= IR_VARYING_SLOT_TEX0 &&
             loc < IR_VARYING_SLOT_TEX0 + ST_MAX_FF_TEXTURE_UNITS)
            mask |= 1u << (loc - IR_VARYING_SLOT_TEX0);
      }
   }
   return (uint8_t)mask;
}

static void
make_key(struct st_context *ctx, struct st_ff_key *key)
{
   const struct st_compat_state *cs = ctx->compat;
   memset(key, 0, sizeof(*key));

   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++)
      make_unit_key(ctx, u, &key->unit[u]);

   if (cs->fog) {
      key->fog = cs->fog_mode == GL_LINEAR ? ST_FF_FOG_LINEAR
                 : cs->fog_mode == GL_EXP2 ? ST_FF_FOG_EXP2
                                           : ST_FF_FOG_EXP;
      key->fog_from_coord = cs->fog_coord_src == GL_FOG_COORD;
   }
   key->clip_vertex = ctx->state.clip_planes_enabled != 0;
   key->texcoords_read = texcoords_read(ctx);
   /* Feedback returns the texture coordinates of unit 0 (GL 2.1, 5.3),
    * texturing or not. */
   if (st_render_mode_needs_texcoord(ctx))
      key->texcoords_read |= 1u;
   key->point_attenuation = cs->point_distance_attenuation[0] != 1.0f ||
                            cs->point_distance_attenuation[1] != 0.0f ||
                            cs->point_distance_attenuation[2] != 0.0f;
   if (cs->window_pass) {
      /* Pixel rectangles: the fragments' values are the raster
       * position's; only the fragment stage applies. */
      key->window_pass = true;
      key->clip_vertex = false;
      key->point_attenuation = false;
      key->fog_from_coord = true;
      for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++)
         memset(key->unit[u].texgen, 0, sizeof(key->unit[u].texgen));
      key->color_sum = cs->color_sum;
      return;
   }

   /* GL 4.6 compat, 16.4: the secondary colour is added when COLOR_SUM
    * is enabled, and always when lighting makes a separate specular
    * colour. */
   key->lighting = cs->lighting;
   key->color_sum = cs->color_sum;
   if (!cs->lighting)
      return;
   key->two_side = cs->light_model_two_side;
   key->local_viewer = cs->light_model_local_viewer;
   key->separate_specular =
      cs->light_model_color_control == GL_SEPARATE_SPECULAR_COLOR;
   key->color_sum |= key->separate_specular;
   key->normalize = cs->normalize;
   key->rescale_normal = cs->rescale_normal && !cs->normalize;
   if (cs->color_material) {
      key->color_material_mode = (uint16_t)cs->color_material_mode;
      key->color_material_face = (uint16_t)cs->color_material_face;
   }
   memcpy(key->vertex_material, cs->vertex_material,
          sizeof(key->vertex_material));
   for (unsigned i = 0; i < ST_MAX_LIGHTS; i++) {
      if (!(cs->lights_enabled & (1u << i)))
         continue;
      key->light[i].enabled = true;
      key->light[i].positional = cs->light[i].position[3] != 0.0f;
      key->light[i].spot = cs->light[i].spot_cutoff != 180.0f;
   }
}

/* The sampler of unit i samples unit i: its uniform starts at i.  The
 * linked program is ours, so its uniform list can carry that value as
 * the initializer GLSL 1.20 itself cannot write. */
static bool
set_sampler_units(struct glsl_program *prog)
{
   for (unsigned i = 0; i < prog->num_uniforms; i++) {
      struct glsl_uniform *u = &prog->uniforms[i];
      unsigned unit;
      if (sscanf(u->name, "st_ff_sampler%u", &unit) != 1)
         continue;
      struct ir_constant *c = u_arena_zalloc(prog->arena, sizeof(*c));
      if (!c)
         return false;
      c->values[0].i32 = (int32_t)unit;
      u->initializer = c;
   }
   return true;
}

/* A compiled shader made of IR alone (glsl_link.h accepts those): the
 * GLSL 1.20 compatibility shader @p ir stands for. */
static struct glsl_shader *
wrap_shader(struct u_arena *arena, struct ir_shader *ir)
{
   struct glsl_shader *sh = u_arena_zalloc(arena, sizeof(*sh));
   if (!sh)
      return NULL;
   sh->arena = arena;
   sh->stage = ir->stage;
   sh->version = 120;
   sh->profile = GLSL_PROFILE_COMPAT;
   sh->ok = true;
   sh->info_log = "";
   sh->gs_input_prim = sh->gs_output_prim = sh->gs_max_vertices = -1;
   sh->ir = ir;
   return sh;
}

/* Builds the IR of @p key and links it; NULL when out of memory or (a
 * bug of st_ff_vs.c / st_ff_fs.c) when it does not link. */
static struct glsl_program *
build(struct st_context *ctx, const struct st_ff_key *key)
{
   struct u_arena *arena = u_arena_create(NULL);
   if (!arena)
      return NULL;
   struct glsl_program *prog = NULL;
   struct ir_shader *vs = st_ff_vs_build(key, arena, ctx->glsl_limits);
   struct ir_shader *fs = st_ff_fs_build(key, arena, ctx->glsl_limits);
   struct glsl_shader *shaders[2] = {
      vs ? wrap_shader(arena, vs) : NULL,
      fs ? wrap_shader(arena, fs) : NULL,
   };
   if (!shaders[0] || !shaders[1])
      goto done;
   for (unsigned i = 0; i < 2; i++)
      ir_assign_uniform_locations(shaders[i]->ir);

   const struct glsl_link_options link_opts = { .limits = ctx->glsl_limits };
   prog = glsl_link_program(shaders, 2, &link_opts);
   if (prog && !prog->ok) {
      st_debug_message(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, 0,
                       GL_DEBUG_SEVERITY_HIGH,
                       "fixed-function program does not link:\n%s",
                       prog->info_log);
      glsl_program_destroy(prog);
      prog = NULL;
   }
   if (prog && !set_sampler_units(prog)) {
      glsl_program_destroy(prog);
      prog = NULL;
   }

done:
   u_arena_destroy(arena);
   return prog;
}

static struct st_ff_cache *
cache_create(void)
{
   struct st_ff_cache *cache = calloc(1, sizeof(*cache));
   if (!cache)
      return NULL;
   cache->arena = u_arena_create(NULL);
   if (cache->arena)
      cache->programs = u_hash_table_create(cache->arena, key_hash, key_equal);
   if (!cache->programs) {
      u_arena_destroy(cache->arena);
      free(cache);
      return NULL;
   }
   return cache;
}

const struct glsl_program *
st_compat_ff_program(struct st_context *ctx)
{
   struct st_compat_state *cs = ctx->compat;
   if (!cs)
      return NULL;
   if (!cs->ff) {
      cs->ff = cache_create();
      if (!cs->ff)
         return NULL;
   }
   struct st_ff_cache *cache = cs->ff;

   struct st_ff_key key;
   make_key(ctx, &key);
   if (cache->last && key_equal(&key, &cache->last_key))
      return cache->last;

   struct u_hash_entry *entry = u_hash_table_search(cache->programs, &key);
   struct glsl_program *prog = entry ? entry->data : NULL;
   if (!prog) {
      struct st_ff_key *stored = u_arena_alloc(cache->arena, sizeof(key));
      if (!stored)
         return NULL;
      *stored = key;
      prog = build(ctx, &key);
      if (!prog)
         return NULL;
      if (!u_hash_table_insert(cache->programs, stored, prog)) {
         glsl_program_destroy(prog);
         return NULL;
      }
   }
   cache->last_key = key;
   cache->last = prog;
   return prog;
}

static void
destroy_program(struct u_hash_entry *entry)
{
   glsl_program_destroy(entry->data);
}

void
st_ff_fini(struct st_compat_state *cs)
{
   struct st_ff_cache *cache = cs->ff;
   if (!cache)
      return;
   u_hash_table_destroy(cache->programs, destroy_program);
   u_arena_destroy(cache->arena);
   free(cache);
   cs->ff = NULL;
}

void
st_compat_set_window_pass(struct st_context *ctx, bool on)
{
   if (!ctx->compat || ctx->compat->window_pass == on)
      return;
   ctx->compat->window_pass = on;
   ctx->dirty |= ST_DIRTY_PROGRAM | ST_DIRTY_COMPAT;
}
