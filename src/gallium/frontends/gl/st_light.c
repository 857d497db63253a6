/* SPDX-License-Identifier: MIT */

/*
 * Lighting state (GL 4.6 compatibility, 12.2.1 - 12.2.3): glLight*,
 * glLightModel*, glMaterial*, glColorMaterial and their queries.  The
 * state feeds the built-in uniforms gl_LightSource[], gl_FrontMaterial,
 * gl_LightModel and the products (st_compat_uniform.c) and the
 * fixed-function program.
 *
 * Light positions and spot directions are transformed to eye
 * coordinates by the modelview matrix current at the time of the call,
 * as the specification keeps them.
 */
#include <math.h>
#include <string.h>

#include "compiler/glsl/glsl_builtins.h"
#include "compiler/glsl/glsl_link.h"
#include "glapi_api.h"
#include "st_compat_priv.h"
#include "st_context.h"
#include "st_vertex.h"

static const GLfloat black[4] = { 0, 0, 0, 1 };
static const GLfloat white[4] = { 1, 1, 1, 1 };

static void
set4(GLfloat dst[4], GLfloat a, GLfloat b, GLfloat c, GLfloat d)
{
   dst[0] = a;
   dst[1] = b;
   dst[2] = c;
   dst[3] = d;
}

void
st_light_init(struct st_compat_state *cs)
{
   /* GL 4.6 compat, table 23.x (lighting): GL_LIGHT0 is white, the
    * others black. */
   for (unsigned i = 0; i < ST_MAX_LIGHTS; i++) {
      struct st_light *l = &cs->light[i];
      memcpy(l->ambient, black, sizeof(black));
      memcpy(l->diffuse, i == 0 ? white : black, sizeof(white));
      memcpy(l->specular, i == 0 ? white : black, sizeof(white));
      set4(l->position, 0, 0, 1, 0);
      l->spot_direction[0] = 0;
      l->spot_direction[1] = 0;
      l->spot_direction[2] = -1;
      l->spot_exponent = 0;
      l->spot_cutoff = 180;
      l->constant_attenuation = 1;
      l->linear_attenuation = 0;
      l->quadratic_attenuation = 0;
   }
   for (unsigned f = 0; f < 2; f++) {
      struct st_material *m = &cs->material[f];
      set4(m->ambient, 0.2f, 0.2f, 0.2f, 1);
      set4(m->diffuse, 0.8f, 0.8f, 0.8f, 1);
      memcpy(m->specular, black, sizeof(black));
      memcpy(m->emission, black, sizeof(black));
      m->shininess = 0;
      m->color_indexes[0] = 0;
      m->color_indexes[1] = 1;
      m->color_indexes[2] = 1;
   }
   set4(cs->light_model_ambient, 0.2f, 0.2f, 0.2f, 1);
   cs->light_model_color_control = GL_SINGLE_COLOR;
   cs->color_material_face = GL_FRONT_AND_BACK;
   cs->color_material_mode = GL_AMBIENT_AND_DIFFUSE;
}

/* Parameters given as floats or as integers: colours of the integer
 * commands are normalized (GL 4.6 compat, 12.2.2), everything else is
 * converted as is. */
struct params {
   const GLfloat *f;
   const GLint *i;
};

static GLfloat
param(struct params p, unsigned n)
{
   return p.f ? p.f[n] : (GLfloat)p.i[n];
}

static void
param_color(GLfloat dst[4], struct params p)
{
   for (unsigned c = 0; c < 4; c++)
      dst[c] = p.f ? p.f[c] : st_int_to_color(p.i[c]);
}

static bool
params_null(struct params p)
{
   return !p.f && !p.i;
}

/* Float to GLint for the integer queries: colours the way GL 4.6, 2.2.2
 * converts them, other values rounded (clamped to the GLint range). */
static GLint
color_to_int(GLfloat c)
{
   double v = ((4294967295.0 * c) - 1.0) / 2.0;
   v = fmin(fmax(v, -2147483648.0), 2147483647.0);
   return (GLint)v;
}

static GLint
float_to_int(GLfloat f)
{
   double v = fmin(fmax(round(f), -2147483648.0), 2147483647.0);
   return isnan(f) ? 0 : (GLint)v;
}

/* ---- glLight ---- */

static bool
light_pname_is_scalar(GLenum pname)
{
   switch (pname) {
   case GL_SPOT_EXPONENT:
   case GL_SPOT_CUTOFF:
   case GL_CONSTANT_ATTENUATION:
   case GL_LINEAR_ATTENUATION:
   case GL_QUADRATIC_ATTENUATION:
      return true;
   default:
      return false;
   }
}

static bool
light_pname_is_vector(GLenum pname)
{
   switch (pname) {
   case GL_AMBIENT:
   case GL_DIFFUSE:
   case GL_SPECULAR:
   case GL_POSITION:
   case GL_SPOT_DIRECTION:
      return true;
   default:
      return false;
   }
}

static void
light(struct st_context *ctx, GLenum which, GLenum pname, struct params p,
      bool vector, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   if (which < GL_LIGHT0 || which >= GL_LIGHT0 + ST_MAX_LIGHTS) {
      st_error(ctx, GL_INVALID_ENUM, "%s(light=%s)", func, st_enum_name(which));
      return;
   }
   if (!light_pname_is_scalar(pname) &&
       !(vector && light_pname_is_vector(pname))) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (params_null(p))
      return;

   struct st_light *l = &cs->light[which - GL_LIGHT0];
   GLfloat f = param(p, 0);
   /* GL 4.6 compat, 12.2.2: exponent in [0, 128], cutoff in [0, 90] or
    * 180, attenuations not negative. */
   switch (pname) {
   case GL_SPOT_EXPONENT:
      if (!(f >= 0.0f && f <= 128.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "%s(GL_SPOT_EXPONENT=%g)", func, f);
         return;
      }
      break;
   case GL_SPOT_CUTOFF:
      if (!((f >= 0.0f && f <= 90.0f) || f == 180.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "%s(GL_SPOT_CUTOFF=%g)", func, f);
         return;
      }
      break;
   case GL_CONSTANT_ATTENUATION:
   case GL_LINEAR_ATTENUATION:
   case GL_QUADRATIC_ATTENUATION:
      if (!(f >= 0.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s=%g)", func, st_enum_name(pname),
                  f);
         return;
      }
      break;
   default:
      break;
   }

   st_flush_vertices(ctx);
   switch (pname) {
   case GL_AMBIENT:
      param_color(l->ambient, p);
      break;
   case GL_DIFFUSE:
      param_color(l->diffuse, p);
      break;
   case GL_SPECULAR:
      param_color(l->specular, p);
      break;
   case GL_POSITION: {
      GLfloat pos[4] = { param(p, 0), param(p, 1), param(p, 2), param(p, 3) };
      st_matrix_transform(l->position, st_matrix_top(&cs->modelview), pos);
      /* Directional or not decides the program's lighting code. */
      ctx->dirty |= ST_DIRTY_PROGRAM | ST_DIRTY_COMPAT;
      break;
   }
   case GL_SPOT_DIRECTION: {
      /* A direction: transformed by the upper 3x3 of the modelview. */
      GLfloat dir[4] = { param(p, 0), param(p, 1), param(p, 2), 0.0f };
      GLfloat eye[4];
      st_matrix_transform(eye, st_matrix_top(&cs->modelview), dir);
      memcpy(l->spot_direction, eye, sizeof(l->spot_direction));
      break;
   }
   case GL_SPOT_EXPONENT:
      l->spot_exponent = f;
      break;
   case GL_SPOT_CUTOFF:
      l->spot_cutoff = f;
      ctx->dirty |= ST_DIRTY_PROGRAM | ST_DIRTY_COMPAT;
      break;
   case GL_CONSTANT_ATTENUATION:
      l->constant_attenuation = f;
      break;
   case GL_LINEAR_ATTENUATION:
      l->linear_attenuation = f;
      break;
   case GL_QUADRATIC_ATTENUATION:
      l->quadratic_attenuation = f;
      break;
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

void
api_Lightf(struct st_context *ctx, GLenum light_, GLenum pname, GLfloat p)
{
   light(ctx, light_, pname, (struct params){ .f = &p }, false, "glLightf");
}

void
api_Lighti(struct st_context *ctx, GLenum light_, GLenum pname, GLint p)
{
   light(ctx, light_, pname, (struct params){ .i = &p }, false, "glLighti");
}

void
api_Lightfv(struct st_context *ctx, GLenum light_, GLenum pname,
            const GLfloat *params)
{
   light(ctx, light_, pname, (struct params){ .f = params }, true, "glLightfv");
}

void
api_Lightiv(struct st_context *ctx, GLenum light_, GLenum pname,
            const GLint *params)
{
   light(ctx, light_, pname, (struct params){ .i = params }, true, "glLightiv");
}

/* The value of a light parameter: @p n floats, @p color if they are a
 * colour; false for an unknown pname. */
static bool
light_value(const struct st_light *l, GLenum pname, GLfloat out[4], unsigned *n,
            bool *color)
{
   const GLfloat *src;
   *color = false;
   *n = 1;
   switch (pname) {
   case GL_AMBIENT:
      src = l->ambient;
      *color = true;
      *n = 4;
      break;
   case GL_DIFFUSE:
      src = l->diffuse;
      *color = true;
      *n = 4;
      break;
   case GL_SPECULAR:
      src = l->specular;
      *color = true;
      *n = 4;
      break;
   case GL_POSITION:
      src = l->position;
      *n = 4;
      break;
   case GL_SPOT_DIRECTION:
      src = l->spot_direction;
      *n = 3;
      break;
   case GL_SPOT_EXPONENT:
      src = &l->spot_exponent;
      break;
   case GL_SPOT_CUTOFF:
      src = &l->spot_cutoff;
      break;
   case GL_CONSTANT_ATTENUATION:
      src = &l->constant_attenuation;
      break;
   case GL_LINEAR_ATTENUATION:
      src = &l->linear_attenuation;
      break;
   case GL_QUADRATIC_ATTENUATION:
      src = &l->quadratic_attenuation;
      break;
   default:
      return false;
   }
   memcpy(out, src, *n * sizeof(GLfloat));
   return true;
}

static void
get_light(struct st_context *ctx, GLenum which, GLenum pname, GLfloat *fout,
          GLint *iout, const char *func)
{
   if (which < GL_LIGHT0 || which >= GL_LIGHT0 + ST_MAX_LIGHTS) {
      st_error(ctx, GL_INVALID_ENUM, "%s(light=%s)", func, st_enum_name(which));
      return;
   }
   GLfloat val[4];
   unsigned n;
   bool color;
   if (!light_value(&ctx->compat->light[which - GL_LIGHT0], pname, val, &n,
                    &color)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   for (unsigned c = 0; c < n; c++) {
      if (fout)
         fout[c] = val[c];
      else if (iout)
         iout[c] = color ? color_to_int(val[c]) : float_to_int(val[c]);
   }
}

void
api_GetLightfv(struct st_context *ctx, GLenum light_, GLenum pname,
               GLfloat *params)
{
   get_light(ctx, light_, pname, params, NULL, "glGetLightfv");
}

void
api_GetLightiv(struct st_context *ctx, GLenum light_, GLenum pname,
               GLint *params)
{
   get_light(ctx, light_, pname, NULL, params, "glGetLightiv");
}

/* ---- glLightModel ---- */

static void
light_model(struct st_context *ctx, GLenum pname, struct params p, bool vector,
            const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   bool scalar = pname == GL_LIGHT_MODEL_LOCAL_VIEWER ||
                 pname == GL_LIGHT_MODEL_TWO_SIDE ||
                 pname == GL_LIGHT_MODEL_COLOR_CONTROL;
   if (!scalar && !(vector && pname == GL_LIGHT_MODEL_AMBIENT)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (params_null(p))
      return;

   GLfloat f = param(p, 0);
   if (pname == GL_LIGHT_MODEL_COLOR_CONTROL) {
      GLenum e = p.i ? (GLenum)p.i[0]
                     : (f >= 0.0f && f < 65536.0f ? (GLenum)f : GL_NONE);
      if (e != GL_SINGLE_COLOR && e != GL_SEPARATE_SPECULAR_COLOR) {
         st_error(ctx, GL_INVALID_ENUM, "%s(GL_LIGHT_MODEL_COLOR_CONTROL=%s)",
                  func, st_enum_name(e));
         return;
      }
      st_flush_vertices(ctx);
      cs->light_model_color_control = e;
   } else if (pname == GL_LIGHT_MODEL_AMBIENT) {
      st_flush_vertices(ctx);
      param_color(cs->light_model_ambient, p);
   } else if (pname == GL_LIGHT_MODEL_LOCAL_VIEWER) {
      st_flush_vertices(ctx);
      cs->light_model_local_viewer = f != 0.0f;
   } else {
      st_flush_vertices(ctx);
      cs->light_model_two_side = f != 0.0f;
      ctx->dirty |= ST_DIRTY_RASTERIZER;
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS | ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
}

void
api_LightModelf(struct st_context *ctx, GLenum pname, GLfloat p)
{
   light_model(ctx, pname, (struct params){ .f = &p }, false, "glLightModelf");
}

void
api_LightModeli(struct st_context *ctx, GLenum pname, GLint p)
{
   light_model(ctx, pname, (struct params){ .i = &p }, false, "glLightModeli");
}

void
api_LightModelfv(struct st_context *ctx, GLenum pname, const GLfloat *params)
{
   light_model(ctx, pname, (struct params){ .f = params }, true,
               "glLightModelfv");
}

void
api_LightModeliv(struct st_context *ctx, GLenum pname, const GLint *params)
{
   light_model(ctx, pname, (struct params){ .i = params }, true,
               "glLightModeliv");
}

/* ---- glMaterial ---- */

static bool
valid_face(GLenum face)
{
   return face == GL_FRONT || face == GL_BACK || face == GL_FRONT_AND_BACK;
}

/* Writes @p v (a colour, or the shininess in v[0], or the colour
 * indexes) to property @p pname of the materials of @p face. */
static void
store_material(struct st_compat_state *cs, GLenum face, GLenum pname,
               const GLfloat v[4])
{
   for (unsigned f = 0; f < 2; f++) {
      if ((f == 0 && face == GL_BACK) || (f == 1 && face == GL_FRONT))
         continue;
      struct st_material *m = &cs->material[f];
      switch (pname) {
      case GL_AMBIENT:
         memcpy(m->ambient, v, sizeof(m->ambient));
         break;
      case GL_DIFFUSE:
         memcpy(m->diffuse, v, sizeof(m->diffuse));
         break;
      case GL_SPECULAR:
         memcpy(m->specular, v, sizeof(m->specular));
         break;
      case GL_EMISSION:
         memcpy(m->emission, v, sizeof(m->emission));
         break;
      case GL_AMBIENT_AND_DIFFUSE:
         memcpy(m->ambient, v, sizeof(m->ambient));
         memcpy(m->diffuse, v, sizeof(m->diffuse));
         break;
      case GL_SHININESS:
         m->shininess = v[0];
         break;
      case GL_COLOR_INDEXES:
         memcpy(m->color_indexes, v, sizeof(m->color_indexes));
         break;
      }
   }
}

/* The value property @p pname of material @p m has (as store_material()
 * takes it). */
static void
material_value(const struct st_material *m, GLenum pname, GLfloat out[4])
{
   static const GLfloat zero[4] = { 0, 0, 0, 0 };
   const GLfloat *src = pname == GL_DIFFUSE     ? m->diffuse
                        : pname == GL_SPECULAR  ? m->specular
                        : pname == GL_EMISSION  ? m->emission
                        : pname == GL_SHININESS ? zero
                                                : m->ambient;
   memcpy(out, src, 4 * sizeof(GLfloat));
   if (pname == GL_SHININESS)
      out[0] = m->shininess;
}

/*
 * glMaterial between glBegin and glEnd: the property varies per vertex
 * (GL 4.6 compat, 12.2.3 lets glMaterial change the material of the
 * vertices that follow inside glBegin/glEnd), through the per-vertex material attribute of its
 * (property, face) pair (st_compat.h).  The vertices emitted before the
 * first change keep the material the primitive began with; glEnd makes
 * the last values current (st_light_end_primitive()).  False when every
 * attribute is taken by other pairs: the change then applies to the whole
 * primitive.
 */
static bool
vertex_material(struct st_context *ctx, GLenum face, GLenum pname,
                const GLfloat value[4])
{
   struct st_compat_state *cs = ctx->compat;
   unsigned slot = ST_MAX_VERTEX_MATERIALS;
   for (unsigned i = 0; i < ST_MAX_VERTEX_MATERIALS; i++) {
      const struct st_vertex_material *vm = &cs->vertex_material[i];
      if (vm->mode == pname && vm->face == face) {
         st_immediate_material(ctx, i, value, false);
         return true;
      }
      if (!vm->mode && slot == ST_MAX_VERTEX_MATERIALS)
         slot = i;
   }
   if (slot == ST_MAX_VERTEX_MATERIALS)
      return false;
   GLfloat old[4];
   material_value(&cs->material[face == GL_BACK ? 1 : 0], pname, old);
   st_immediate_material(ctx, slot, old, true);
   st_immediate_material(ctx, slot, value, false);
   cs->vertex_material[slot] = (struct st_vertex_material){
      .mode = (uint16_t)pname,
      .face = (uint16_t)face,
   };
   ctx->dirty |= ST_DIRTY_PROGRAM;
   return true;
}

static void
material(struct st_context *ctx, GLenum face, GLenum pname, struct params p,
         bool vector, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   if (!valid_face(face)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(face=%s)", func, st_enum_name(face));
      return;
   }
   bool known;
   switch (pname) {
   case GL_SHININESS:
      known = true;
      break;
   case GL_AMBIENT:
   case GL_DIFFUSE:
   case GL_SPECULAR:
   case GL_EMISSION:
   case GL_AMBIENT_AND_DIFFUSE:
   case GL_COLOR_INDEXES:
      known = vector;
      break;
   default:
      known = false;
      break;
   }
   if (!known) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (params_null(p))
      return;
   if (pname == GL_SHININESS) {
      GLfloat s = param(p, 0);
      if (!(s >= 0.0f && s <= 128.0f)) {
         st_error(ctx, GL_INVALID_VALUE, "%s(GL_SHININESS=%g)", func, s);
         return;
      }
   }

   GLfloat value[4] = { param(p, 0), 0, 0, 0 };
   if (pname == GL_COLOR_INDEXES)
      value[1] = param(p, 1), value[2] = param(p, 2);
   else if (pname != GL_SHININESS)
      param_color(value, p);
   if (ctx->inside_begin_end && pname != GL_COLOR_INDEXES &&
       vertex_material(ctx, face, pname, value))
      return;
   st_flush_vertices(ctx);
   store_material(cs, face, pname, value);
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

void
st_light_end_primitive(struct st_context *ctx)
{
   struct st_compat_state *cs = ctx->compat;
   for (unsigned i = 0; i < ST_MAX_VERTEX_MATERIALS; i++) {
      struct st_vertex_material *vm = &cs->vertex_material[i];
      if (!vm->mode)
         continue;
      GLfloat v[4];
      st_immediate_material_value(ctx, i, v);
      store_material(cs, vm->face, vm->mode, v);
      vm->mode = vm->face = 0;
      ctx->dirty |= ST_DIRTY_CONSTANTS | ST_DIRTY_PROGRAM;
   }
}

void
api_Materialf(struct st_context *ctx, GLenum face, GLenum pname, GLfloat p)
{
   material(ctx, face, pname, (struct params){ .f = &p }, false, "glMaterialf");
}

void
api_Materiali(struct st_context *ctx, GLenum face, GLenum pname, GLint p)
{
   material(ctx, face, pname, (struct params){ .i = &p }, false, "glMateriali");
}

void
api_Materialfv(struct st_context *ctx, GLenum face, GLenum pname,
               const GLfloat *params)
{
   material(ctx, face, pname, (struct params){ .f = params }, true,
            "glMaterialfv");
}

void
api_Materialiv(struct st_context *ctx, GLenum face, GLenum pname,
               const GLint *params)
{
   material(ctx, face, pname, (struct params){ .i = params }, true,
            "glMaterialiv");
}

static void
get_material(struct st_context *ctx, GLenum face, GLenum pname, GLfloat *fout,
             GLint *iout, const char *func)
{
   if (face != GL_FRONT && face != GL_BACK) {
      st_error(ctx, GL_INVALID_ENUM, "%s(face=%s)", func, st_enum_name(face));
      return;
   }
   struct st_material material;
   st_light_material(ctx, face == GL_BACK, &material);
   const struct st_material *m = &material;
   const GLfloat *src;
   unsigned n = 4;
   bool color = true;
   switch (pname) {
   case GL_AMBIENT:
      src = m->ambient;
      break;
   case GL_DIFFUSE:
      src = m->diffuse;
      break;
   case GL_SPECULAR:
      src = m->specular;
      break;
   case GL_EMISSION:
      src = m->emission;
      break;
   case GL_SHININESS:
      src = &m->shininess;
      n = 1;
      color = false;
      break;
   case GL_COLOR_INDEXES:
      src = m->color_indexes;
      n = 3;
      color = false;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   for (unsigned c = 0; c < n; c++) {
      if (fout)
         fout[c] = src[c];
      else if (iout)
         iout[c] = color ? color_to_int(src[c]) : float_to_int(src[c]);
   }
}

void
api_GetMaterialfv(struct st_context *ctx, GLenum face, GLenum pname,
                  GLfloat *params)
{
   get_material(ctx, face, pname, params, NULL, "glGetMaterialfv");
}

void
api_GetMaterialiv(struct st_context *ctx, GLenum face, GLenum pname,
                  GLint *params)
{
   get_material(ctx, face, pname, NULL, params, "glGetMaterialiv");
}

/* ---- colour material ---- */

void
st_light_material(struct st_context *ctx, unsigned face,
                  struct st_material *out)
{
   const struct st_compat_state *cs = ctx->compat;
   *out = cs->material[face];
   GLenum f = cs->color_material_face;
   if (!cs->color_material ||
       !(f == GL_FRONT_AND_BACK || f == (face ? GL_BACK : GL_FRONT)))
      return;

   /* GL 4.6 compat, 12.2.3: while COLOR_MATERIAL is enabled, the
    * material parameter it names tracks the current colour. */
   GLfloat color[4];
   st_vertex_current_value(
      ctx, GLSL_LINK_BUILTIN_ATTRIB_BASE + GLSL_ATTRIB_COLOR, color);
   switch (cs->color_material_mode) {
   case GL_EMISSION:
      memcpy(out->emission, color, sizeof(color));
      break;
   case GL_AMBIENT:
      memcpy(out->ambient, color, sizeof(color));
      break;
   case GL_DIFFUSE:
      memcpy(out->diffuse, color, sizeof(color));
      break;
   case GL_SPECULAR:
      memcpy(out->specular, color, sizeof(color));
      break;
   default: /* GL_AMBIENT_AND_DIFFUSE */
      memcpy(out->ambient, color, sizeof(color));
      memcpy(out->diffuse, color, sizeof(color));
      break;
   }
}

void
st_light_latch_color_material(struct st_context *ctx)
{
   struct st_compat_state *cs = ctx->compat;
   for (unsigned face = 0; face < 2; face++)
      st_light_material(ctx, face, &cs->material[face]);
}

void
api_ColorMaterial(struct st_context *ctx, GLenum face, GLenum mode)
{
   struct st_compat_state *cs = ctx->compat;
   if (!valid_face(face)) {
      st_error(ctx, GL_INVALID_ENUM, "glColorMaterial(face=%s)",
               st_enum_name(face));
      return;
   }
   switch (mode) {
   case GL_EMISSION:
   case GL_AMBIENT:
   case GL_DIFFUSE:
   case GL_SPECULAR:
   case GL_AMBIENT_AND_DIFFUSE:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glColorMaterial(mode=%s)",
               st_enum_name(mode));
      return;
   }
   if (cs->color_material_face == face && cs->color_material_mode == mode)
      return;
   st_flush_vertices(ctx);
   /* The parameters tracked so far keep the colour they had. */
   st_light_latch_color_material(ctx);
   cs->color_material_face = face;
   cs->color_material_mode = mode;
   ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
}

bool
st_light_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   struct st_compat_state *cs = ctx->compat;
   switch (pname) {
   case GL_LIGHT_MODEL_AMBIENT:
      st_value_color(v, cs->light_model_ambient);
      return true;
   case GL_LIGHT_MODEL_LOCAL_VIEWER:
      st_value_bool(v, cs->light_model_local_viewer);
      return true;
   case GL_LIGHT_MODEL_TWO_SIDE:
      st_value_bool(v, cs->light_model_two_side);
      return true;
   case GL_LIGHT_MODEL_COLOR_CONTROL:
      st_value_enum(v, cs->light_model_color_control);
      return true;
   case GL_COLOR_MATERIAL_FACE:
      st_value_enum(v, cs->color_material_face);
      return true;
   case GL_COLOR_MATERIAL_PARAMETER:
      st_value_enum(v, cs->color_material_mode);
      return true;
   default:
      return false;
   }
}
