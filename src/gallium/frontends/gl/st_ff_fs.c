/* SPDX-License-Identifier: MIT */

/*
 * The fixed-function fragment stage of a key (st_ff.h) built as IR
 * (GL 4.6 compatibility, chapter 16): each enabled unit samples its
 * texture (projectively, s/q, t/q, r/q, as fixed-function texturing
 * does; cube maps by s, t, r), then the units' environment functions
 * apply in order (table 16.1 for REPLACE, MODULATE, DECAL, BLEND, ADD,
 * by the texture's base format in the key, tables 16.2 - 16.4 for
 * COMBINE with the crossbar sources GL_TEXTUREn and DOT3), the colour
 * sum (16.4) and fog (16.5).  Alpha test and the rest of the
 * per-fragment operations follow in the pipe driver.
 *
 * The sampler of unit u is the uniform "st_ff_sampler<u>" in texture
 * slot u.
 */
#include <stdio.h>

#include "st_ff.h"
#include "st_ff_ir.h"
#include "st_gl.h"

struct fs {
   struct st_ff_ir f;
   const struct st_ff_key *key;
   struct ir_def *tex[ST_MAX_FF_TEXTURE_UNITS];
   struct ir_def *primary; /**< gl_Color */
   struct ir_def *c;       /**< the colour so far (Cp) */
};

static bool
unit_enabled(const struct st_ff_key *key, unsigned u)
{
   return key->unit[u].target != ST_FF_TEX_NONE;
}

static const struct {
   enum ir_sampler_dim dim;
   unsigned coords;
   bool project;
} targets[] = {
   [ST_FF_TEX_1D] = { IR_SAMPLER_DIM_1D, 1, true },
   [ST_FF_TEX_2D] = { IR_SAMPLER_DIM_2D, 2, true },
   [ST_FF_TEX_3D] = { IR_SAMPLER_DIM_3D, 3, true },
   [ST_FF_TEX_CUBE] = { IR_SAMPLER_DIM_CUBE, 3, false },
   [ST_FF_TEX_RECT] = { IR_SAMPLER_DIM_RECT, 2, true },
};

static struct ir_def *
sample(struct fs *s, unsigned u)
{
   struct st_ff_ir *f = &s->f;
   struct ir_builder *b = &f->b;
   enum st_ff_target t = s->key->unit[u].target;
   char name[32];
   snprintf(name, sizeof(name), "st_ff_sampler%u", u);
   struct ir_variable *var = ir_variable_create(
      f->shader, IR_VAR_UNIFORM,
      ir_type_get_sampler(targets[t].dim, false, false, IR_TYPE_FLOAT), name);
   if (!var)
      return NULL;
   var->location = -1;
   var->driver_location = u;
   var->read_only = true;

   struct ir_def *tc = st_ff_ir_load_elem(f, "gl_TexCoord", u);
   static const unsigned xyz[3] = { 0, 1, 2 };
   struct ir_def *coord = ir_swizzle(b, tc, xyz, targets[t].coords);
   struct ir_tex *tex = ir_tex_create(b->fn, targets[t].project ? 2 : 1);
   if (!tex)
      return NULL;
   tex->op = IR_TEX_OP_TEX;
   tex->dim = targets[t].dim;
   tex->dest_type = IR_TYPE_FLOAT;
   tex->coord_components = (uint8_t)targets[t].coords;
   tex->texture_index = u;
   tex->sampler_index = u;
   tex->def.num_components = 4;
   tex->def.bit_size = 32;
   tex->src[0].kind = IR_TEX_SRC_COORD;
   ir_instr_set_src(&tex->instr, &tex->src[0].src, coord);
   if (targets[t].project) {
      tex->src[1].kind = IR_TEX_SRC_PROJECTOR;
      ir_instr_set_src(&tex->instr, &tex->src[1].src, ir_channel(b, tc, 3));
   }
   ir_builder_insert(b, &tex->instr);
   return &tex->def;
}

/* ---- GL_COMBINE ---- */

/* A COMBINE source as a vec4 (GL 4.6 compat, table 16.3). */
static struct ir_def *
combine_source(struct fs *s, unsigned u, GLenum src)
{
   struct st_ff_ir *f = &s->f;
   switch (src) {
   case GL_TEXTURE:
      return s->tex[u];
   case GL_CONSTANT:
      return st_ff_ir_load_elem(f, "gl_TextureEnvColor", u);
   case GL_PRIMARY_COLOR:
      return s->primary;
   case GL_PREVIOUS:
      return s->c;
   default: {
      /* GL_TEXTUREn: the texture of unit n; of a disabled unit the
       * result is undefined, and white is as good as any. */
      unsigned n = src - GL_TEXTURE0;
      if (n < ST_MAX_FF_TEXTURE_UNITS && s->tex[n])
         return s->tex[n];
      return st_ff_ir_fconst(f, 1.0f, 4);
   }
   }
}

/* Argument i of the COMBINE function: a vec3 (rgb) or a scalar. */
static struct ir_def *
combine_arg(struct fs *s, unsigned u, unsigned i, bool rgb)
{
   struct st_ff_ir *f = &s->f;
   struct ir_builder *b = &f->b;
   const struct st_ff_combine *cb = &s->key->unit[u].combine;
   GLenum op = rgb ? cb->operand_rgb[i] : cb->operand_alpha[i];
   bool one_minus =
      op == GL_ONE_MINUS_SRC_COLOR || op == GL_ONE_MINUS_SRC_ALPHA;
   bool color = op == GL_SRC_COLOR || op == GL_ONE_MINUS_SRC_COLOR;
   struct ir_def *src =
      combine_source(s, u, rgb ? cb->src_rgb[i] : cb->src_alpha[i]);
   unsigned n = rgb ? 3 : 1;
   struct ir_def *a = color ? st_ff_ir_swz(f, src, "xyz")
                            : st_ff_ir_splat(f, ir_channel(b, src, 3), n);
   if (one_minus)
      a = ir_fsub(b, st_ff_ir_fconst(f, 1.0f, n), a);
   return a;
}

static unsigned
func_args(GLenum func)
{
   switch (func) {
   case GL_REPLACE:
      return 1;
   case GL_INTERPOLATE:
      return 3;
   default:
      return 2;
   }
}

/* The COMBINE function of table 16.2 over @p a (n components). */
static struct ir_def *
combine_func(struct fs *s, GLenum func, struct ir_def *const *a, unsigned n)
{
   struct st_ff_ir *f = &s->f;
   struct ir_builder *b = &f->b;
   switch (func) {
   case GL_REPLACE:
      return a[0];
   case GL_MODULATE:
      return ir_fmul(b, a[0], a[1]);
   case GL_ADD:
      return ir_fadd(b, a[0], a[1]);
   case GL_ADD_SIGNED:
      return ir_fsub(b, ir_fadd(b, a[0], a[1]), st_ff_ir_fconst(f, 0.5f, n));
   case GL_INTERPOLATE:
      return ir_fadd(
         b, ir_fmul(b, a[0], a[2]),
         ir_fmul(b, a[1], ir_fsub(b, st_ff_ir_fconst(f, 1.0f, n), a[2])));
   case GL_SUBTRACT:
      return ir_fsub(b, a[0], a[1]);
   default: { /* DOT3_RGB, DOT3_RGBA: rgb arguments only */
      struct ir_def *half = st_ff_ir_fconst(f, 0.5f, 3);
      struct ir_def *d =
         st_ff_ir_dot3(f, ir_fsub(b, a[0], half), ir_fsub(b, a[1], half));
      return st_ff_ir_splat(f, ir_fmul(b, ir_imm_float(b, 4.0f), d), n);
   }
   }
}

static struct ir_def *
combine(struct fs *s, unsigned u)
{
   struct st_ff_ir *f = &s->f;
   struct ir_builder *b = &f->b;
   const struct st_ff_combine *cb = &s->key->unit[u].combine;
   bool dot3_rgba = cb->func_rgb == GL_DOT3_RGBA;
   struct ir_def *argc[3], *arga[3];
   for (unsigned i = 0; i < func_args(cb->func_rgb); i++)
      argc[i] = combine_arg(s, u, i, true);
   struct ir_def *rgb = combine_func(s, cb->func_rgb, argc, 3);
   struct ir_def *a;
   float rgb_scale = (float)(1u << cb->rgb_shift);
   float a_scale = (float)(1u << cb->alpha_shift);
   if (dot3_rgba) {
      /* DOT3_RGBA writes its result to alpha too; the alpha function is
       * not used. */
      a = ir_channel(b, rgb, 0);
      a_scale = rgb_scale;
   } else {
      for (unsigned i = 0; i < func_args(cb->func_alpha); i++)
         arga[i] = combine_arg(s, u, i, false);
      a = combine_func(s, cb->func_alpha, arga, 1);
   }
   rgb = ir_fmul(b, rgb, st_ff_ir_fconst(f, rgb_scale, 3));
   a = ir_fmul(b, a, ir_imm_float(b, a_scale));
   return ir_fsat(b, st_ff_ir_rgb_a(f, rgb, a));
}

/* GL 4.6 compat, table 16.1: c is Cp/Ap, t Cs/As as sampled (ALPHA as
 * (0, 0, 0, A), LUMINANCE (L, L, L, 1), INTENSITY (I, I, I, I), RGB
 * (R, G, B, 1)); the rows of a format without colour keep Cp, those
 * without alpha keep Ap, and INTENSITY blends and adds its alpha. */
static struct ir_def *
environment(struct fs *s, unsigned u)
{
   struct st_ff_ir *f = &s->f;
   struct ir_builder *b = &f->b;
   const struct st_ff_unit *unit = &s->key->unit[u];
   enum st_ff_base base = unit->base;
   bool has_rgb = base != ST_FF_BASE_ALPHA;
   bool has_alpha = base == ST_FF_BASE_ALPHA || base == ST_FF_BASE_RGBA ||
                    base == ST_FF_BASE_LUMINANCE_ALPHA ||
                    base == ST_FF_BASE_INTENSITY;
   bool intensity = base == ST_FF_BASE_INTENSITY;
   struct ir_def *c = s->c, *t = s->tex[u];
   struct ir_def *ta = ir_channel(b, t, 3), *ca = ir_channel(b, c, 3);
   struct ir_def *crgb = st_ff_ir_swz(f, c, "xyz");
   struct ir_def *trgb = st_ff_ir_swz(f, t, "xyz");
   struct ir_def *rgb = crgb, *a = ca;
   switch ((enum st_ff_env)unit->env) {
   case ST_FF_ENV_REPLACE:
      rgb = has_rgb ? trgb : crgb;
      a = has_alpha ? ta : ca;
      break;
   case ST_FF_ENV_MODULATE:
      rgb = has_rgb ? ir_fmul(b, crgb, trgb) : crgb;
      a = has_alpha ? ir_fmul(b, ca, ta) : ca;
      break;
   case ST_FF_ENV_DECAL:
      /* Undefined for the formats without colour; Cp is as good. */
      if (has_rgb)
         rgb = ir_flrp(b, crgb, trgb, st_ff_ir_splat(f, ta, 3));
      break;
   case ST_FF_ENV_BLEND: {
      struct ir_def *env = st_ff_ir_load_elem(f, "gl_TextureEnvColor", u);
      if (has_rgb)
         rgb = ir_flrp(b, crgb, st_ff_ir_swz(f, env, "xyz"), trgb);
      if (intensity)
         a = ir_flrp(b, ca, ir_channel(b, env, 3), ta);
      else if (has_alpha)
         a = ir_fmul(b, ca, ta);
      break;
   }
   case ST_FF_ENV_ADD:
      if (has_rgb)
         rgb = ir_fsat(b, ir_fadd(b, crgb, trgb));
      if (intensity)
         a = ir_fsat(b, ir_fadd(b, ca, ta));
      else if (has_alpha)
         a = ir_fmul(b, ca, ta);
      break;
   case ST_FF_ENV_COMBINE:
      return combine(s, u);
   }
   return st_ff_ir_rgb_a(f, rgb, a);
}

static struct ir_def *
fog(struct fs *s, struct ir_def *c)
{
   struct st_ff_ir *f = &s->f;
   struct ir_builder *b = &f->b;
   struct ir_def *z = st_ff_ir_load(f, "gl_FogFragCoord");
   struct ir_def *factor;
   /* GL 4.6 compat, 16.5, equations 16.6 - 16.8; e^x is 2^(x log2 e). */
   switch ((enum st_ff_fog)s->key->fog) {
   case ST_FF_FOG_LINEAR:
      factor =
         ir_fmul(b, ir_fsub(b, st_ff_ir_load_field(f, "gl_Fog", -1, "end"), z),
                 st_ff_ir_load_field(f, "gl_Fog", -1, "scale"));
      break;
   case ST_FF_FOG_EXP: {
      struct ir_def *d =
         ir_fmul(b, st_ff_ir_load_field(f, "gl_Fog", -1, "density"), z);
      factor = ir_fexp2(b, ir_fmul(b, d, ir_imm_float(b, -1.44269504f)));
      break;
   }
   default: {
      struct ir_def *d =
         ir_fmul(b, st_ff_ir_load_field(f, "gl_Fog", -1, "density"), z);
      factor = ir_fexp2(
         b, ir_fmul(b, ir_fmul(b, d, d), ir_imm_float(b, -1.44269504f)));
      break;
   }
   }
   factor = st_ff_ir_splat(f, ir_fsat(b, factor), 3);
   struct ir_def *fog_rgb =
      st_ff_ir_swz(f, st_ff_ir_load_field(f, "gl_Fog", -1, "color"), "xyz");
   return st_ff_ir_rgb_a(f,
                         ir_flrp(b, fog_rgb, st_ff_ir_swz(f, c, "xyz"), factor),
                         ir_channel(b, c, 3));
}

struct ir_shader *
st_ff_fs_build(const struct st_ff_key *key, struct u_arena *parent,
               const struct glsl_limits *limits)
{
   struct fs s = { .key = key };
   struct st_ff_ir *f = &s.f;
   if (!st_ff_ir_init(f, parent, IR_STAGE_FRAGMENT, limits))
      return NULL;
   struct ir_builder *b = &f->b;

   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (unit_enabled(key, u)) {
         s.tex[u] = sample(&s, u);
         if (!s.tex[u])
            return NULL;
      }
   }
   s.primary = st_ff_ir_load(f, "gl_Color");
   s.c = s.primary;
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      if (unit_enabled(key, u))
         s.c = environment(&s, u);
   }
   if (key->color_sum) {
      struct ir_def *c2 = st_ff_ir_load(f, "gl_SecondaryColor");
      s.c = st_ff_ir_rgb_a(f,
                           ir_fsat(b, ir_fadd(b, st_ff_ir_swz(f, s.c, "xyz"),
                                              st_ff_ir_swz(f, c2, "xyz"))),
                           ir_channel(b, s.c, 3));
   }
   if (key->fog)
      s.c = fog(&s, s.c);
   st_ff_ir_store(f, "gl_FragColor", -1, s.c);
   return f->shader;
}
