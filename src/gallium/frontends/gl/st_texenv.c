/* SPDX-License-Identifier: MIT */

/*
 * Texture environments and texture coordinate generation of the
 * fixed-function texture units (GL 4.6 compatibility, 16.1 "Texture
 * Environments and Texture Functions" and 12.1.3 "Generating Texture
 * Coordinates"): glTexEnv* / glGetTexEnv* and glTexGen* / glGetTexGen*.
 * Both apply to the active texture unit.  The state feeds
 * gl_TextureEnvColor[], gl_EyePlane*[] and gl_ObjectPlane*[]
 * (st_compat_uniform.c) and the fixed-function program's key.
 */
#include <math.h>
#include <string.h>

#include "glapi_api.h"
#include "st_compat_priv.h"
#include "st_context.h"

void
st_texenv_init(struct st_compat_state *cs)
{
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      struct st_texenv *e = &cs->texenv[u];
      e->mode = GL_MODULATE;
      e->combine_rgb = GL_MODULATE;
      e->combine_alpha = GL_MODULATE;
      e->src_rgb[0] = e->src_alpha[0] = GL_TEXTURE;
      e->src_rgb[1] = e->src_alpha[1] = GL_PREVIOUS;
      e->src_rgb[2] = e->src_alpha[2] = GL_CONSTANT;
      e->operand_rgb[0] = e->operand_rgb[1] = GL_SRC_COLOR;
      e->operand_rgb[2] = GL_SRC_ALPHA;
      e->operand_alpha[0] = e->operand_alpha[1] = e->operand_alpha[2] =
         GL_SRC_ALPHA;
      e->rgb_scale = 1.0f;
      e->alpha_scale = 1.0f;

      for (unsigned c = 0; c < 4; c++) {
         struct st_texgen *g = &cs->texgen[u][c];
         g->mode = GL_EYE_LINEAR;
         /* S and T start as (1 0 0 0) and (0 1 0 0), R and Q as 0. */
         if (c < 2) {
            g->object_plane[c] = 1.0f;
            g->eye_plane[c] = 1.0f;
         }
      }
   }
}

/* Parameters as floats, integers or doubles (one is set). */
struct params {
   const GLfloat *f;
   const GLint *i;
   const GLdouble *d;
};

static GLfloat
param(struct params p, unsigned n)
{
   if (p.f)
      return p.f[n];
   if (p.i)
      return (GLfloat)p.i[n];
   return (GLfloat)p.d[n];
}

/* An enum given through any of the parameter types: a float that is no
 * small whole number is no enum. */
static GLenum
param_enum(struct params p)
{
   if (p.i)
      return (GLenum)p.i[0];
   GLfloat f = param(p, 0);
   return f >= 0.0f && f < 65536.0f ? (GLenum)f : GL_NONE;
}

static bool
params_null(struct params p)
{
   return !p.f && !p.i && !p.d;
}

static GLint
float_to_int(GLfloat f, bool color)
{
   double v = color ? ((4294967295.0 * f) - 1.0) / 2.0 : round(f);
   v = fmin(fmax(v, -2147483648.0), 2147483647.0);
   return isnan(f) ? 0 : (GLint)v;
}

/* ---- glTexEnv ---- */

static bool
valid_env_mode(GLenum mode)
{
   switch (mode) {
   case GL_MODULATE:
   case GL_DECAL:
   case GL_BLEND:
   case GL_REPLACE:
   case GL_ADD:
   case GL_COMBINE:
      return true;
   default:
      return false;
   }
}

static bool
valid_combine(GLenum func, bool rgb)
{
   switch (func) {
   case GL_REPLACE:
   case GL_MODULATE:
   case GL_ADD:
   case GL_ADD_SIGNED:
   case GL_INTERPOLATE:
   case GL_SUBTRACT:
      return true;
   case GL_DOT3_RGB:
   case GL_DOT3_RGBA:
      return rgb;
   default:
      return false;
   }
}

static bool
valid_source(GLenum src)
{
   switch (src) {
   case GL_TEXTURE:
   case GL_CONSTANT:
   case GL_PRIMARY_COLOR:
   case GL_PREVIOUS:
      return true;
   default:
      /* ARB_texture_env_crossbar (GL 1.4): any unit's texture. */
      return src >= GL_TEXTURE0 && src < GL_TEXTURE0 + ST_MAX_FF_TEXTURE_UNITS;
   }
}

static bool
valid_operand(GLenum op, bool rgb)
{
   switch (op) {
   case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA:
      return true;
   case GL_SRC_COLOR:
   case GL_ONE_MINUS_SRC_COLOR:
      return rgb;
   default:
      return false;
   }
}

/* What the enum-valued texture environment parameters accept. */
enum env_kind {
   MODE,
   COMBINE_RGB,
   COMBINE_ALPHA,
   SOURCE,
   OP_RGB,
   OP_ALPHA
};

/* The GLenum field of @p e that @p pname names and what its valid values
 * are; NULL for other pnames. */
static GLenum *
env_enum_field(struct st_texenv *e, GLenum pname, enum env_kind *kind)
{
   switch (pname) {
   case GL_TEXTURE_ENV_MODE:
      *kind = MODE;
      return &e->mode;
   case GL_COMBINE_RGB:
      *kind = COMBINE_RGB;
      return &e->combine_rgb;
   case GL_COMBINE_ALPHA:
      *kind = COMBINE_ALPHA;
      return &e->combine_alpha;
   case GL_SRC0_RGB:
   case GL_SRC1_RGB:
   case GL_SRC2_RGB:
      *kind = SOURCE;
      return &e->src_rgb[pname - GL_SRC0_RGB];
   case GL_SRC0_ALPHA:
   case GL_SRC1_ALPHA:
   case GL_SRC2_ALPHA:
      *kind = SOURCE;
      return &e->src_alpha[pname - GL_SRC0_ALPHA];
   case GL_OPERAND0_RGB:
   case GL_OPERAND1_RGB:
   case GL_OPERAND2_RGB:
      *kind = OP_RGB;
      return &e->operand_rgb[pname - GL_OPERAND0_RGB];
   case GL_OPERAND0_ALPHA:
   case GL_OPERAND1_ALPHA:
   case GL_OPERAND2_ALPHA:
      *kind = OP_ALPHA;
      return &e->operand_alpha[pname - GL_OPERAND0_ALPHA];
   default:
      return NULL;
   }
}

static bool
env_enum_valid(enum env_kind kind, GLenum value)
{
   switch (kind) {
   case MODE:
      return valid_env_mode(value);
   case COMBINE_RGB:
      return valid_combine(value, true);
   case COMBINE_ALPHA:
      return valid_combine(value, false);
   case SOURCE:
      return valid_source(value);
   case OP_RGB:
      return valid_operand(value, true);
   case OP_ALPHA:
      return valid_operand(value, false);
   }
   return false;
}

static void
tex_env(struct st_context *ctx, GLenum target, GLenum pname, struct params p,
        bool vector, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   bool known_target = target == GL_TEXTURE_ENV ||
                       target == GL_TEXTURE_FILTER_CONTROL ||
                       target == GL_POINT_SPRITE;
   if (!known_target) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   int unit = st_compat_unit(ctx, func);
   if (unit < 0)
      return;
   struct st_texenv *e = &cs->texenv[unit];

   if (target == GL_TEXTURE_FILTER_CONTROL || target == GL_POINT_SPRITE) {
      GLenum want =
         target == GL_POINT_SPRITE ? GL_COORD_REPLACE : GL_TEXTURE_LOD_BIAS;
      if (pname != want) {
         st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func,
                  st_enum_name(pname));
         return;
      }
      if (params_null(p))
         return;
      st_flush_vertices(ctx);
      if (target == GL_POINT_SPRITE) {
         e->coord_replace = param(p, 0) != 0.0f;
         ctx->dirty |= ST_DIRTY_RASTERIZER | ST_DIRTY_COMPAT;
      } else {
         e->lod_bias = param(p, 0);
         ctx->dirty |= ST_DIRTY_TEXTURES | ST_DIRTY_COMPAT;
      }
      return;
   }

   enum env_kind kind;
   GLenum *field = env_enum_field(e, pname, &kind);
   bool scale = pname == GL_RGB_SCALE || pname == GL_ALPHA_SCALE;
   if (!field && !scale && !(vector && pname == GL_TEXTURE_ENV_COLOR)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (params_null(p))
      return;

   if (field) {
      GLenum value = param_enum(p);
      if (!env_enum_valid(kind, value)) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s)", func, st_enum_name(pname),
                  st_enum_name(value));
         return;
      }
      if (*field == value)
         return;
      st_flush_vertices(ctx);
      *field = value;
      ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
   } else if (scale) {
      /* GL 4.6 compat, 16.1: "RGB_SCALE or ALPHA_SCALE ... not one of
       * 1.0, 2.0, or 4.0": INVALID_VALUE. */
      GLfloat s = param(p, 0);
      if (s != 1.0f && s != 2.0f && s != 4.0f) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s=%g)", func, st_enum_name(pname),
                  s);
         return;
      }
      st_flush_vertices(ctx);
      if (pname == GL_RGB_SCALE)
         e->rgb_scale = s;
      else
         e->alpha_scale = s;
      ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
   } else {
      st_flush_vertices(ctx);
      for (unsigned c = 0; c < 4; c++) {
         GLfloat v = p.i ? st_int_to_color(p.i[c]) : param(p, c);
         /* GL 4.6 compat, 16.1: the colour is clamped to [0, 1]. */
         e->color[c] = isnan(v) ? 0.0f : fminf(fmaxf(v, 0.0f), 1.0f);
      }
      ctx->dirty |= ST_DIRTY_CONSTANTS;
   }
}

void
api_TexEnvf(struct st_context *ctx, GLenum target, GLenum pname, GLfloat param_)
{
   tex_env(ctx, target, pname, (struct params){ .f = &param_ }, false,
           "glTexEnvf");
}

void
api_TexEnvi(struct st_context *ctx, GLenum target, GLenum pname, GLint param_)
{
   tex_env(ctx, target, pname, (struct params){ .i = &param_ }, false,
           "glTexEnvi");
}

void
api_TexEnvfv(struct st_context *ctx, GLenum target, GLenum pname,
             const GLfloat *params)
{
   tex_env(ctx, target, pname, (struct params){ .f = params }, true,
           "glTexEnvfv");
}

void
api_TexEnviv(struct st_context *ctx, GLenum target, GLenum pname,
             const GLint *params)
{
   tex_env(ctx, target, pname, (struct params){ .i = params }, true,
           "glTexEnviv");
}

static void
get_tex_env(struct st_context *ctx, GLenum target, GLenum pname, GLfloat *fout,
            GLint *iout, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   if (target != GL_TEXTURE_ENV && target != GL_TEXTURE_FILTER_CONTROL &&
       target != GL_POINT_SPRITE) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   int unit = st_compat_unit(ctx, func);
   if (unit < 0)
      return;
   struct st_texenv *e = &cs->texenv[unit];

   GLfloat val[4];
   unsigned n = 1;
   bool is_enum = false, color = false;
   enum env_kind kind;
   GLenum *field =
      target == GL_TEXTURE_ENV ? env_enum_field(e, pname, &kind) : NULL;
   if (field) {
      val[0] = (GLfloat)*field;
      is_enum = true;
   } else if (target == GL_TEXTURE_ENV && pname == GL_TEXTURE_ENV_COLOR) {
      memcpy(val, e->color, sizeof(e->color));
      n = 4;
      color = true;
   } else if (target == GL_TEXTURE_ENV && pname == GL_RGB_SCALE) {
      val[0] = e->rgb_scale;
   } else if (target == GL_TEXTURE_ENV && pname == GL_ALPHA_SCALE) {
      val[0] = e->alpha_scale;
   } else if (target == GL_TEXTURE_FILTER_CONTROL &&
              pname == GL_TEXTURE_LOD_BIAS) {
      val[0] = e->lod_bias;
   } else if (target == GL_POINT_SPRITE && pname == GL_COORD_REPLACE) {
      val[0] = e->coord_replace ? 1.0f : 0.0f;
   } else {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   for (unsigned c = 0; c < n; c++) {
      if (fout)
         fout[c] = val[c];
      else if (iout)
         iout[c] = is_enum ? (GLint)*field : float_to_int(val[c], color);
   }
}

void
api_GetTexEnvfv(struct st_context *ctx, GLenum target, GLenum pname,
                GLfloat *params)
{
   get_tex_env(ctx, target, pname, params, NULL, "glGetTexEnvfv");
}

void
api_GetTexEnviv(struct st_context *ctx, GLenum target, GLenum pname,
                GLint *params)
{
   get_tex_env(ctx, target, pname, NULL, params, "glGetTexEnviv");
}

/* ---- glTexGen ---- */

static int
texgen_coord(GLenum coord)
{
   switch (coord) {
   case GL_S:
      return 0;
   case GL_T:
      return 1;
   case GL_R:
      return 2;
   case GL_Q:
      return 3;
   default:
      return -1;
   }
}

/* GL 4.6 compat, 12.1.3: SPHERE_MAP for S and T only, NORMAL_MAP and
 * REFLECTION_MAP for S, T and R. */
static bool
valid_texgen_mode(GLenum mode, int coord)
{
   switch (mode) {
   case GL_OBJECT_LINEAR:
   case GL_EYE_LINEAR:
      return true;
   case GL_SPHERE_MAP:
      return coord < 2;
   case GL_NORMAL_MAP:
   case GL_REFLECTION_MAP:
      return coord < 3;
   default:
      return false;
   }
}

static void
tex_gen(struct st_context *ctx, GLenum coord, GLenum pname, struct params p,
        bool vector, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   int c = texgen_coord(coord);
   if (c < 0) {
      st_error(ctx, GL_INVALID_ENUM, "%s(coord=%s)", func, st_enum_name(coord));
      return;
   }
   bool plane = pname == GL_OBJECT_PLANE || pname == GL_EYE_PLANE;
   if (pname != GL_TEXTURE_GEN_MODE && !(vector && plane)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   int unit = st_compat_unit(ctx, func);
   if (unit < 0 || params_null(p))
      return;
   struct st_texgen *g = &cs->texgen[unit][c];

   if (pname == GL_TEXTURE_GEN_MODE) {
      GLenum mode = param_enum(p);
      if (!valid_texgen_mode(mode, c)) {
         st_error(ctx, GL_INVALID_ENUM, "%s(GL_TEXTURE_GEN_MODE=%s)", func,
                  st_enum_name(mode));
         return;
      }
      if (g->mode == mode)
         return;
      st_flush_vertices(ctx);
      g->mode = mode;
      ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
      return;
   }

   GLfloat v[4] = { param(p, 0), param(p, 1), param(p, 2), param(p, 3) };
   st_flush_vertices(ctx);
   if (pname == GL_OBJECT_PLANE) {
      memcpy(g->object_plane, v, sizeof(v));
   } else {
      /* GL 4.6 compat, 12.1.3: the eye plane is kept as p M^-1, M the
       * modelview matrix at the time of the call. */
      st_matrix_transform_plane(g->eye_plane, v,
                                st_matrix_top_inverse(&cs->modelview));
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

void
api_TexGend(struct st_context *ctx, GLenum coord, GLenum pname, GLdouble param_)
{
   tex_gen(ctx, coord, pname, (struct params){ .d = &param_ }, false,
           "glTexGend");
}

void
api_TexGenf(struct st_context *ctx, GLenum coord, GLenum pname, GLfloat param_)
{
   tex_gen(ctx, coord, pname, (struct params){ .f = &param_ }, false,
           "glTexGenf");
}

void
api_TexGeni(struct st_context *ctx, GLenum coord, GLenum pname, GLint param_)
{
   tex_gen(ctx, coord, pname, (struct params){ .i = &param_ }, false,
           "glTexGeni");
}

void
api_TexGendv(struct st_context *ctx, GLenum coord, GLenum pname,
             const GLdouble *params)
{
   tex_gen(ctx, coord, pname, (struct params){ .d = params }, true,
           "glTexGendv");
}

void
api_TexGenfv(struct st_context *ctx, GLenum coord, GLenum pname,
             const GLfloat *params)
{
   tex_gen(ctx, coord, pname, (struct params){ .f = params }, true,
           "glTexGenfv");
}

void
api_TexGeniv(struct st_context *ctx, GLenum coord, GLenum pname,
             const GLint *params)
{
   tex_gen(ctx, coord, pname, (struct params){ .i = params }, true,
           "glTexGeniv");
}

static void
get_tex_gen(struct st_context *ctx, GLenum coord, GLenum pname, GLdouble *dout,
            GLfloat *fout, GLint *iout, const char *func)
{
   int c = texgen_coord(coord);
   if (c < 0) {
      st_error(ctx, GL_INVALID_ENUM, "%s(coord=%s)", func, st_enum_name(coord));
      return;
   }
   if (pname != GL_TEXTURE_GEN_MODE && pname != GL_OBJECT_PLANE &&
       pname != GL_EYE_PLANE) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   int unit = st_compat_unit(ctx, func);
   if (unit < 0)
      return;
   const struct st_texgen *g = &ctx->compat->texgen[unit][c];

   if (pname == GL_TEXTURE_GEN_MODE) {
      if (dout)
         dout[0] = g->mode;
      else if (fout)
         fout[0] = (GLfloat)g->mode;
      else if (iout)
         iout[0] = (GLint)g->mode;
      return;
   }
   const GLfloat *v = pname == GL_OBJECT_PLANE ? g->object_plane : g->eye_plane;
   for (unsigned i = 0; i < 4; i++) {
      if (dout)
         dout[i] = v[i];
      else if (fout)
         fout[i] = v[i];
      else if (iout)
         iout[i] = float_to_int(v[i], false);
   }
}

void
api_GetTexGendv(struct st_context *ctx, GLenum coord, GLenum pname,
                GLdouble *params)
{
   get_tex_gen(ctx, coord, pname, params, NULL, NULL, "glGetTexGendv");
}

void
api_GetTexGenfv(struct st_context *ctx, GLenum coord, GLenum pname,
                GLfloat *params)
{
   get_tex_gen(ctx, coord, pname, NULL, params, NULL, "glGetTexGenfv");
}

void
api_GetTexGeniv(struct st_context *ctx, GLenum coord, GLenum pname,
                GLint *params)
{
   get_tex_gen(ctx, coord, pname, NULL, NULL, params, "glGetTexGeniv");
}
