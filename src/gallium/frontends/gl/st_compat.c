/* SPDX-License-Identifier: MIT */

/*
 * The compatibility profile's fixed-function state: its creation, the
 * compatibility capabilities of glEnable / glDisable / glIsEnabled, glGet
 * of the module's state (asking st_matrix.c, st_light.c and st_texenv.c
 * for theirs), and the small state groups that need no file of their
 * own: glAlphaFunc, glClipPlane, glFog and the compatibility point
 * parameters.
 *
 * Everything here exists in compatibility contexts only; core and ES
 * contexts keep the state (st_compat_state_uniform answers gl_DepthRange
 * everywhere) but never reach these entry points.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_screen.h"
#include "st_compat_priv.h"
#include "st_context.h"
#include "st_program.h"
#include "st_texture.h"

void
st_compat_init(struct st_context *ctx)
{
   struct st_compat_state *cs = calloc(1, sizeof(*cs));
   ctx->compat = cs;
   if (!cs)
      return;

   st_matrix_init(cs);
   st_light_init(cs);
   st_texenv_init(cs);

   cs->fog_mode = GL_EXP;
   cs->fog_density = 1.0f;
   cs->fog_start = 0.0f;
   cs->fog_end = 1.0f;
   cs->fog_coord_src = GL_FRAGMENT_DEPTH;

   cs->alpha_func = GL_ALWAYS;
   cs->alpha_ref = 0.0f;

   /* GL 4.6 compat, table 23.13: POINT_SIZE_MAX starts at the largest of
    * the aliased and antialiased point size ranges. */
   float max_size = 1.0f;
   if (ctx->screen && ctx->screen->get_paramf) {
      max_size = fmaxf(
         ctx->screen->get_paramf(ctx->screen, PIPE_CAPF_MAX_POINT_SIZE),
         ctx->screen->get_paramf(ctx->screen, PIPE_CAPF_MAX_POINT_SIZE_AA));
   }
   cs->point_size_min = 0.0f;
   cs->point_size_max = fmaxf(max_size, 1.0f);
   cs->point_distance_attenuation[0] = 1.0f;
}

void
st_compat_fini(struct st_context *ctx)
{
   if (!ctx->compat)
      return;
   st_ff_fini(ctx->compat);
   free(ctx->compat);
   ctx->compat = NULL;
}

int
st_compat_unit(struct st_context *ctx, const char *func)
{
   unsigned unit = st_texture_active_unit(ctx);
   if (unit >= ST_MAX_FF_TEXTURE_UNITS) {
      st_error(ctx, GL_INVALID_OPERATION,
               "%s(active texture unit %u has no fixed-function state)", func,
               unit);
      return -1;
   }
   return (int)unit;
}

static unsigned
texture_enable_bit(GLenum cap)
{
   switch (cap) {
   case GL_TEXTURE_1D:
      return ST_TEX_ENABLE_1D;
   case GL_TEXTURE_2D:
      return ST_TEX_ENABLE_2D;
   case GL_TEXTURE_3D:
      return ST_TEX_ENABLE_3D;
   case GL_TEXTURE_CUBE_MAP:
      return ST_TEX_ENABLE_CUBE;
   case GL_TEXTURE_RECTANGLE:
      return ST_TEX_ENABLE_RECT;
   default:
      return 0;
   }
}

static unsigned
texgen_enable_bit(GLenum cap)
{
   switch (cap) {
   case GL_TEXTURE_GEN_S:
      return 1u << 0;
   case GL_TEXTURE_GEN_T:
      return 1u << 1;
   case GL_TEXTURE_GEN_R:
      return 1u << 2;
   case GL_TEXTURE_GEN_Q:
      return 1u << 3;
   default:
      return 0;
   }
}

/* The bool of a capability that is one flag, NULL for the others. */
static bool *
enable_flag(struct st_compat_state *cs, GLenum cap)
{
   switch (cap) {
   case GL_LIGHTING:
      return &cs->lighting;
   case GL_COLOR_MATERIAL:
      return &cs->color_material;
   case GL_NORMALIZE:
      return &cs->normalize;
   case GL_RESCALE_NORMAL:
      return &cs->rescale_normal;
   case GL_FOG:
      return &cs->fog;
   case GL_ALPHA_TEST:
      return &cs->alpha_test;
   case GL_COLOR_SUM:
      return &cs->color_sum;
   case GL_VERTEX_PROGRAM_TWO_SIDE:
      return &cs->vertex_program_two_side;
   default:
      return NULL;
   }
}

/* The bit set that holds a per-light or per-unit capability and its
 * bit, or false for a capability that is not one of them (or, after
 * raising GL_INVALID_OPERATION, a unit without fixed-function state:
 * *mask is then 0). */
static bool
enable_bit(struct st_context *ctx, GLenum cap, unsigned **set, unsigned *mask,
           const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   if (cap >= GL_LIGHT0 && cap < GL_LIGHT0 + ST_MAX_LIGHTS) {
      *set = &cs->lights_enabled;
      *mask = 1u << (cap - GL_LIGHT0);
      return true;
   }
   unsigned tex = texture_enable_bit(cap), gen = texgen_enable_bit(cap);
   if (!tex && !gen)
      return false;
   int unit = st_compat_unit(ctx, func);
   *mask = 0;
   if (unit < 0)
      return true;
   *set = tex ? &cs->texture_enabled[unit] : &cs->texgen_enabled[unit];
   *mask = tex ? tex : gen;
   return true;
}

bool
st_compat_enable(struct st_context *ctx, GLenum cap, int index, bool enable)
{
   struct st_compat_state *cs = ctx->compat;
   /* None of these capabilities is indexed: glEnablei of them is the
    * caller's GL_INVALID_ENUM. */
   if (!st_is_compat(ctx) || index >= 0)
      return false;

   const char *func = enable ? "glEnable" : "glDisable";
   bool *flag = enable_flag(cs, cap);
   if (flag) {
      if (*flag == enable)
         return true;
      st_flush_vertices(ctx);
      if (cap == GL_COLOR_MATERIAL && !enable)
         st_light_latch_color_material(ctx);
      *flag = enable;
      /* Lighting and GL_VERTEX_PROGRAM_TWO_SIDE decide two-sided colour
       * selection, a rasterizer state (st_compat_rasterizer). */
      ctx->dirty |= cap == GL_ALPHA_TEST ? ST_DIRTY_DSA
                                         : ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM |
                                              ST_DIRTY_RASTERIZER;
      return true;
   }

   unsigned *set, mask;
   if (!enable_bit(ctx, cap, &set, &mask, func))
      return false;
   if (!mask || ((*set & mask) != 0) == enable)
      return true;
   st_flush_vertices(ctx);
   if (enable)
      *set |= mask;
   else
      *set &= ~mask;
   /* The enabled texture targets decide what the units sample. */
   ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM | ST_DIRTY_TEXTURES;
   return true;
}

bool
st_compat_is_enabled(struct st_context *ctx, GLenum cap, int index,
                     bool *enabled)
{
   struct st_compat_state *cs = ctx->compat;
   if (!st_is_compat(ctx) || index >= 0)
      return false;

   bool *flag = enable_flag(cs, cap);
   if (flag) {
      *enabled = *flag;
      return true;
   }
   unsigned *set, mask;
   if (!enable_bit(ctx, cap, &set, &mask, "glIsEnabled"))
      return false;
   *enabled = mask && (*set & mask) != 0;
   return true;
}

void
st_compat_alpha_test(struct st_context *ctx, bool *enabled, GLenum *func,
                     GLfloat *ref)
{
   struct st_compat_state *cs = ctx->compat;
   *enabled = st_is_compat(ctx) && cs->alpha_test;
   *func = cs->alpha_func;
   *ref = cs->alpha_ref;
}

void
st_compat_clip_planes(struct st_context *ctx, GLfloat planes[8][4])
{
   memcpy(planes, ctx->compat->clip_plane, sizeof(ctx->compat->clip_plane));
}

void
api_AlphaFunc(struct st_context *ctx, GLenum func, GLfloat ref)
{
   struct st_compat_state *cs = ctx->compat;
   if (func < GL_NEVER || func > GL_ALWAYS) {
      st_error(ctx, GL_INVALID_ENUM, "glAlphaFunc(func=%s)",
               st_enum_name(func));
      return;
   }
   /* GL 4.6 compat, 17.3.4: ref is clamped to [0, 1]. */
   GLfloat clamped = fminf(fmaxf(ref, 0.0f), 1.0f);
   if (isnan(ref))
      clamped = 0.0f;
   if (cs->alpha_func == func && cs->alpha_ref == clamped)
      return;
   st_flush_vertices(ctx);
   cs->alpha_func = func;
   cs->alpha_ref = clamped;
   ctx->dirty |= ST_DIRTY_DSA;
}

/* ---- clip planes ---- */

static int
clip_plane_index(GLenum plane)
{
   if (plane < GL_CLIP_PLANE0 ||
       plane >= GL_CLIP_PLANE0 + ST_MAX_CLIP_DISTANCES)
      return -1;
   return (int)(plane - GL_CLIP_PLANE0);
}

void
api_ClipPlane(struct st_context *ctx, GLenum plane, const GLdouble *equation)
{
   int i = clip_plane_index(plane);
   if (i < 0) {
      st_error(ctx, GL_INVALID_ENUM, "glClipPlane(plane=%s)",
               st_enum_name(plane));
      return;
   }
   if (!equation)
      return;
   /* GL 4.6 compat, 13.7: the plane is kept in eye coordinates,
    * (p1 p2 p3 p4) M^-1 with M the modelview matrix at the time of the
    * call. */
   struct st_compat_state *cs = ctx->compat;
   GLfloat p[4] = { (GLfloat)equation[0], (GLfloat)equation[1],
                    (GLfloat)equation[2], (GLfloat)equation[3] };
   st_flush_vertices(ctx);
   st_matrix_transform_plane(cs->clip_plane[i], p,
                             st_matrix_top_inverse(&cs->modelview));
   ctx->dirty |= ST_DIRTY_CLIP | ST_DIRTY_CONSTANTS;
}

void
api_GetClipPlane(struct st_context *ctx, GLenum plane, GLdouble *equation)
{
   int i = clip_plane_index(plane);
   if (i < 0) {
      st_error(ctx, GL_INVALID_ENUM, "glGetClipPlane(plane=%s)",
               st_enum_name(plane));
      return;
   }
   if (!equation)
      return;
   for (unsigned c = 0; c < 4; c++)
      equation[c] = ctx->compat->clip_plane[i][c];
}

/* ---- fog ---- */

static bool
fog_pname_is_scalar(GLenum pname)
{
   switch (pname) {
   case GL_FOG_MODE:
   case GL_FOG_DENSITY:
   case GL_FOG_START:
   case GL_FOG_END:
   case GL_FOG_INDEX:
   case GL_FOG_COORD_SRC:
      return true;
   default:
      return false;
   }
}

/* glFog with the parameters as floats (enums as their float value,
 * @p is_int: FOG_COLOR given as normalized integers in @p ints). */
static void
fog(struct st_context *ctx, GLenum pname, const GLfloat *params,
    const GLint *ints, bool vector, const char *func)
{
   struct st_compat_state *cs = ctx->compat;
   if (!(fog_pname_is_scalar(pname) || (vector && pname == GL_FOG_COLOR))) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (!params && !ints)
      return;
   GLfloat f = ints ? (GLfloat)ints[0] : params[0];
   /* An enum given as a float: anything that is not a small whole
    * number is no enum (and must not reach an undefined conversion). */
   GLenum e = GL_NONE;
   if (ints)
      e = (GLenum)ints[0];
   else if (f >= 0.0f && f < 65536.0f)
      e = (GLenum)f;

   switch (pname) {
   case GL_FOG_MODE:
      if (e != GL_LINEAR && e != GL_EXP && e != GL_EXP2) {
         st_error(ctx, GL_INVALID_ENUM, "%s(GL_FOG_MODE=%s)", func,
                  st_enum_name(e));
         return;
      }
      st_flush_vertices(ctx);
      cs->fog_mode = e;
      ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
      return;
   case GL_FOG_COORD_SRC:
      if (e != GL_FOG_COORD && e != GL_FRAGMENT_DEPTH) {
         st_error(ctx, GL_INVALID_ENUM, "%s(GL_FOG_COORD_SRC=%s)", func,
                  st_enum_name(e));
         return;
      }
      st_flush_vertices(ctx);
      cs->fog_coord_src = e;
      ctx->dirty |= ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
      return;
   case GL_FOG_DENSITY:
      if (f < 0.0f) {
         st_error(ctx, GL_INVALID_VALUE, "%s(GL_FOG_DENSITY=%g)", func, f);
         return;
      }
      st_flush_vertices(ctx);
      cs->fog_density = f;
      break;
   case GL_FOG_START:
      st_flush_vertices(ctx);
      cs->fog_start = f;
      break;
   case GL_FOG_END:
      st_flush_vertices(ctx);
      cs->fog_end = f;
      break;
   case GL_FOG_INDEX:
      st_flush_vertices(ctx);
      cs->fog_index = f;
      break;
   case GL_FOG_COLOR:
      st_flush_vertices(ctx);
      for (unsigned c = 0; c < 4; c++)
         cs->fog_color[c] = ints ? st_int_to_color(ints[c]) : params[c];
      break;
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS;
}

void
api_Fogf(struct st_context *ctx, GLenum pname, GLfloat param)
{
   fog(ctx, pname, &param, NULL, false, "glFogf");
}

void
api_Fogi(struct st_context *ctx, GLenum pname, GLint param)
{
   fog(ctx, pname, NULL, &param, false, "glFogi");
}

void
api_Fogfv(struct st_context *ctx, GLenum pname, const GLfloat *params)
{
   fog(ctx, pname, params, NULL, true, "glFogfv");
}

void
api_Fogiv(struct st_context *ctx, GLenum pname, const GLint *params)
{
   fog(ctx, pname, NULL, params, true, "glFogiv");
}

/* ---- points ---- */

bool
st_compat_point_parameter(struct st_context *ctx, GLenum pname,
                          const GLfloat *params)
{
   struct st_compat_state *cs = ctx->compat;
   if (!st_is_compat(ctx))
      return false;
   switch (pname) {
   case GL_POINT_SIZE_MIN:
   case GL_POINT_SIZE_MAX:
      if (params[0] < 0.0f) {
         st_error(ctx, GL_INVALID_VALUE, "glPointParameter(%s=%g)",
                  st_enum_name(pname), params[0]);
         return true;
      }
      st_flush_vertices(ctx);
      if (pname == GL_POINT_SIZE_MIN)
         cs->point_size_min = params[0];
      else
         cs->point_size_max = params[0];
      break;
   case GL_POINT_DISTANCE_ATTENUATION:
      st_flush_vertices(ctx);
      memcpy(cs->point_distance_attenuation, params,
             sizeof(cs->point_distance_attenuation));
      break;
   default:
      return false;
   }
   ctx->dirty |= ST_DIRTY_CONSTANTS | ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM |
                 ST_DIRTY_RASTERIZER;
   return true;
}

void
st_compat_rasterizer(struct st_context *ctx, struct st_compat_raster *out)
{
   struct st_compat_state *cs = ctx->compat;
   memset(out, 0, sizeof(*out));
   if (!st_is_compat(ctx) || !cs)
      return;
   /* GL 4.6 compat, 12.2.1 and 11.1.3.8: the fixed-function program
    * lights both faces when LIGHT_MODEL_TWO_SIDE is on; a program's
    * back colours are used when VERTEX_PROGRAM_TWO_SIDE is enabled. */
   bool ff = st_program_current(ctx) == NULL;
   out->light_twoside = ff ? cs->lighting && cs->light_model_two_side
                           : cs->vertex_program_two_side;
   out->point_size_per_vertex =
      ff && (cs->point_distance_attenuation[0] != 1.0f ||
             cs->point_distance_attenuation[1] != 0.0f ||
             cs->point_distance_attenuation[2] != 0.0f);
   if (ctx->state.point_sprite) {
      for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
         if (cs->texenv[u].coord_replace)
            out->sprite_coord_enable |= 1u << u;
      }
   }
}

/* ---- glGet ---- */

static bool
compat_get_own(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   struct st_compat_state *cs = ctx->compat;
   switch (pname) {
   case GL_ALPHA_TEST_FUNC:
      st_value_enum(v, cs->alpha_func);
      return true;
   case GL_ALPHA_TEST_REF:
      st_value_floats(v, &cs->alpha_ref, 1);
      v->type = ST_VALUE_FLOAT_COLOR;
      return true;
   case GL_FOG_MODE:
      st_value_enum(v, cs->fog_mode);
      return true;
   case GL_FOG_COORD_SRC:
      st_value_enum(v, cs->fog_coord_src);
      return true;
   case GL_FOG_DENSITY:
      st_value_float(v, cs->fog_density);
      return true;
   case GL_FOG_START:
      st_value_float(v, cs->fog_start);
      return true;
   case GL_FOG_END:
      st_value_float(v, cs->fog_end);
      return true;
   case GL_FOG_INDEX:
      st_value_float(v, cs->fog_index);
      return true;
   case GL_FOG_COLOR:
      st_value_color(v, cs->fog_color);
      return true;
   case GL_POINT_SIZE_MIN:
      st_value_float(v, cs->point_size_min);
      return true;
   case GL_POINT_SIZE_MAX:
      st_value_float(v, cs->point_size_max);
      return true;
   case GL_POINT_DISTANCE_ATTENUATION:
      st_value_floats(v, cs->point_distance_attenuation, 3);
      return true;
   case GL_MAX_CLIP_PLANES:
      st_value_int(v, ST_MAX_CLIP_DISTANCES);
      return true;
   case GL_MAX_LIGHTS:
      st_value_int(v, ST_MAX_LIGHTS);
      return true;
   case GL_MAX_TEXTURE_UNITS:
   case GL_MAX_TEXTURE_COORDS:
      st_value_int(v, ST_MAX_FF_TEXTURE_UNITS);
      return true;
   default:
      return false;
   }
}

bool
st_compat_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   if (!st_is_compat(ctx) || index >= 0)
      return false;
   if (compat_get_own(ctx, pname, v) || st_matrix_get(ctx, pname, v) ||
       st_light_get(ctx, pname, v))
      return true;

   /* Capabilities are state variables too (GL 4.6 compat, table 23.x:
    * glGetBooleanv(GL_LIGHTING)...). */
   bool enabled;
   if (st_compat_is_enabled(ctx, pname, -1, &enabled)) {
      st_value_bool(v, enabled);
      return true;
   }
   return false;
}
