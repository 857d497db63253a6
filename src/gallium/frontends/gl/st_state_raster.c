/* SPDX-License-Identifier: MIT */

/*
 * The rasterizer's fixed state: culling, polygon mode and offset, lines,
 * points, provoking vertex, shading, stipples, multisampling, viewport,
 * scissor, hints, colour clamping and the primitive restart index
 * (st_state.h).
 */
#include <math.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "glapi_api.h"
#include "glapi_extensions.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_get.h"
#include "st_state.h"
#include "st_state_priv.h"
#include "st_vertex.h"

/* ---- rasterization ---- */

/** Writes a rasterizer enum that passed validation (nothing when it
 * does not change). */
static void
set_rasterizer_enum(struct st_context *ctx, GLenum *field, GLenum mode)
{
   if (*field == mode)
      return;
   st_flush_vertices(ctx);
   *field = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_CullFace(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      st_error(ctx, GL_INVALID_ENUM, "glCullFace(mode=%s)", st_enum_name(mode));
      return;
   }
   set_rasterizer_enum(ctx, &ctx->state.cull_face_mode, mode);
}

void
api_FrontFace(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_CW && mode != GL_CCW) {
      st_error(ctx, GL_INVALID_ENUM, "glFrontFace(mode=%s)",
               st_enum_name(mode));
      return;
   }
   set_rasterizer_enum(ctx, &ctx->state.front_face, mode);
}

void
api_PolygonMode(struct st_context *ctx, GLenum face, GLenum mode)
{
   /* The core profile removed separate front and back modes. */
   bool face_ok = face == GL_FRONT_AND_BACK ||
                  (st_is_compat(ctx) && (face == GL_FRONT || face == GL_BACK));
   if (!face_ok) {
      st_error(ctx, GL_INVALID_ENUM, "glPolygonMode(face=%s)",
               st_enum_name(face));
      return;
   }
   if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) {
      st_error(ctx, GL_INVALID_ENUM, "glPolygonMode(mode=%s)",
               st_enum_name(mode));
      return;
   }
   st_flush_vertices(ctx);
   if (face != GL_BACK)
      ctx->state.polygon_mode_front = mode;
   if (face != GL_FRONT)
      ctx->state.polygon_mode_back = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_PolygonOffset(struct st_context *ctx, GLfloat factor, GLfloat units)
{
   st_flush_vertices(ctx);
   ctx->state.polygon_offset_factor = factor;
   ctx->state.polygon_offset_units = units;
   ctx->state.polygon_offset_clamp = 0.0f;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_LineWidth(struct st_context *ctx, GLfloat width)
{
   if (!(width > 0.0f)) {
      st_error(ctx, GL_INVALID_VALUE, "glLineWidth(width=%g)", width);
      return;
   }
   /* Wide lines are deprecated: forward-compatible contexts reject them. */
   if (ctx->forward_compatible && width > 1.0f) {
      st_error(ctx, GL_INVALID_VALUE,
               "glLineWidth(width=%g): wide lines in a forward-compatible "
               "context",
               width);
      return;
   }
   if (ctx->state.line_width == width)
      return;
   st_flush_vertices(ctx);
   ctx->state.line_width = width;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_PointSize(struct st_context *ctx, GLfloat size)
{
   if (!(size > 0.0f)) {
      st_error(ctx, GL_INVALID_VALUE, "glPointSize(size=%g)", size);
      return;
   }
   if (ctx->state.point_size == size)
      return;
   st_flush_vertices(ctx);
   ctx->state.point_size = size;
   /* gl_Point.size is a built-in uniform too. */
   ctx->dirty |= ST_DIRTY_RASTERIZER | ST_DIRTY_CONSTANTS;
}

/**
 * glPointParameter*: the two pnames of st_state here, the compatibility
 * ones in st_compat.c.  @p count: the values given (1 for the scalar
 * commands).
 */
static void
point_parameter(struct st_context *ctx, GLenum pname, const GLfloat *params,
                unsigned count, const char *func)
{
   if (!params)
      return;
   switch (pname) {
   case GL_POINT_FADE_THRESHOLD_SIZE:
      if (params[0] < 0.0f) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s=%g)", func, st_enum_name(pname),
                  params[0]);
         return;
      }
      st_flush_vertices(ctx);
      ctx->state.point_fade_threshold = params[0];
      ctx->dirty |= ST_DIRTY_RASTERIZER | ST_DIRTY_CONSTANTS;
      return;
   case GL_POINT_SPRITE_COORD_ORIGIN: {
      GLenum origin = (GLenum)params[0];
      if (origin != GL_LOWER_LEFT && origin != GL_UPPER_LEFT) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s)", func, st_enum_name(pname),
                  st_enum_name(origin));
         return;
      }
      st_flush_vertices(ctx);
      ctx->state.point_sprite_coord_origin = origin;
      ctx->dirty |= ST_DIRTY_RASTERIZER;
      return;
   }
   case GL_POINT_DISTANCE_ATTENUATION:
      /* Three values: only the vector commands take it. */
      if (count < 3)
         break;
      if (st_compat_point_parameter(ctx, pname, params))
         return;
      break;
   default:
      if (st_compat_point_parameter(ctx, pname, params))
         return;
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
}

void
api_PointParameterf(struct st_context *ctx, GLenum pname, GLfloat param)
{
   point_parameter(ctx, pname, &param, 1, "glPointParameterf");
}

void
api_PointParameterfv(struct st_context *ctx, GLenum pname,
                     const GLfloat *params)
{
   point_parameter(ctx, pname, params, 3, "glPointParameterfv");
}

void
api_PointParameteri(struct st_context *ctx, GLenum pname, GLint param)
{
   GLfloat f = (GLfloat)param;
   point_parameter(ctx, pname, &f, 1, "glPointParameteri");
}

void
api_PointParameteriv(struct st_context *ctx, GLenum pname, const GLint *params)
{
   if (!params)
      return;
   /* Only GL_POINT_DISTANCE_ATTENUATION has more than one value. */
   unsigned n = pname == GL_POINT_DISTANCE_ATTENUATION ? 3 : 1;
   GLfloat f[3] = { 0 };
   for (unsigned i = 0; i < n; i++)
      f[i] = (GLfloat)params[i];
   point_parameter(ctx, pname, f, 3, "glPointParameteriv");
}

void
api_ProvokingVertex(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_FIRST_VERTEX_CONVENTION &&
       mode != GL_LAST_VERTEX_CONVENTION) {
      st_error(ctx, GL_INVALID_ENUM, "glProvokingVertex(mode=%s)",
               st_enum_name(mode));
      return;
   }
   set_rasterizer_enum(ctx, &ctx->state.provoking_vertex, mode);
}

void
api_ShadeModel(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_FLAT && mode != GL_SMOOTH) {
      st_error(ctx, GL_INVALID_ENUM, "glShadeModel(mode=%s)",
               st_enum_name(mode));
      return;
   }
   set_rasterizer_enum(ctx, &ctx->state.shade_model, mode);
}

void
api_LineStipple(struct st_context *ctx, GLint factor, GLushort pattern)
{
   st_flush_vertices(ctx);
   /* The factor is clamped to [1, 256]. */
   ctx->state.line_stipple_factor = factor < 1     ? 1
                                    : factor > 256 ? 256
                                                   : factor;
   ctx->state.line_stipple_pattern = pattern;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

/* ---- multisampling ---- */

void
api_SampleCoverage(struct st_context *ctx, GLfloat value, GLboolean invert)
{
   st_flush_vertices(ctx);
   ctx->state.sample_coverage_value = st_state_clamp01(value);
   ctx->state.sample_coverage_invert = invert != GL_FALSE;
   ctx->dirty |= ST_DIRTY_SAMPLE_MASK;
}

void
api_SampleMaski(struct st_context *ctx, GLuint maskNumber, GLbitfield mask)
{
   /* One mask word (GL_MAX_SAMPLE_MASK_WORDS). */
   if (maskNumber >= 1) {
      st_error(ctx, GL_INVALID_VALUE, "glSampleMaski(maskNumber=%u)",
               maskNumber);
      return;
   }
   st_flush_vertices(ctx);
   ctx->state.sample_mask_value = mask;
   ctx->dirty |= ST_DIRTY_SAMPLE_MASK;
}

/* ---- viewport and scissor ---- */

void
api_Viewport(struct st_context *ctx, GLint x, GLint y, GLsizei width,
             GLsizei height)
{
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glViewport(width=%d, height=%d)",
               (int)width, (int)height);
      return;
   }
   /* Sizes are clamped to GL_MAX_VIEWPORT_DIMS. */
   int max = ctx->screen->get_param(ctx->screen, PIPE_CAP_MAX_VIEWPORT_SIZE);
   GLint box[4] = { x, y, width < max ? width : max,
                    height < max ? height : max };
   if (memcmp(box, ctx->state.viewport, sizeof(box)) == 0)
      return;
   st_flush_vertices(ctx);
   memcpy(ctx->state.viewport, box, sizeof(box));
   ctx->dirty |= ST_DIRTY_VIEWPORT;
}

void
api_Scissor(struct st_context *ctx, GLint x, GLint y, GLsizei width,
            GLsizei height)
{
   if (width < 0 || height < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glScissor(width=%d, height=%d)",
               (int)width, (int)height);
      return;
   }
   GLint box[4] = { x, y, width, height };
   if (memcmp(box, ctx->state.scissor, sizeof(box)) == 0)
      return;
   st_flush_vertices(ctx);
   memcpy(ctx->state.scissor, box, sizeof(box));
   ctx->dirty |= ST_DIRTY_SCISSOR;
}

/* ---- hints, colour clamping, primitive restart ---- */

/** The hint of @p target in this context, NULL if it has none. */
GLenum *
st_state_hint_slot(struct st_context *ctx, GLenum target)
{
   struct st_state *s = &ctx->state;
   switch (target) {
   case GL_FRAGMENT_SHADER_DERIVATIVE_HINT:
      return &s->hint_fragment_shader_derivative;
   case GL_LINE_SMOOTH_HINT:
      return ctx->es ? NULL : &s->hint_line_smooth;
   case GL_POLYGON_SMOOTH_HINT:
      return ctx->es ? NULL : &s->hint_polygon_smooth;
   case GL_TEXTURE_COMPRESSION_HINT:
      return ctx->es ? NULL : &s->hint_texture_compression;
   case GL_GENERATE_MIPMAP_HINT:
      /* Removed from the core profile with GL_GENERATE_MIPMAP. */
      return ctx->core ? NULL : &s->hint_generate_mipmap;
   case GL_PERSPECTIVE_CORRECTION_HINT:
      return st_is_compat(ctx) ? &s->hint_perspective_correction : NULL;
   case GL_POINT_SMOOTH_HINT:
      return st_is_compat(ctx) ? &s->hint_point_smooth : NULL;
   case GL_FOG_HINT:
      return st_is_compat(ctx) ? &s->hint_fog : NULL;
   default:
      return NULL;
   }
}

void
api_Hint(struct st_context *ctx, GLenum target, GLenum mode)
{
   GLenum *slot = st_state_hint_slot(ctx, target);
   if (!slot) {
      st_error(ctx, GL_INVALID_ENUM, "glHint(target=%s)", st_enum_name(target));
      return;
   }
   if (mode != GL_FASTEST && mode != GL_NICEST && mode != GL_DONT_CARE) {
      st_error(ctx, GL_INVALID_ENUM, "glHint(mode=%s)", st_enum_name(mode));
      return;
   }
   *slot = mode;
}

void
api_ClampColor(struct st_context *ctx, GLenum target, GLenum clamp)
{
   struct st_state *s = &ctx->state;
   GLenum *slot = NULL;
   switch (target) {
   case GL_CLAMP_READ_COLOR:
      slot = &s->clamp_read_color;
      break;
   case GL_CLAMP_VERTEX_COLOR:
      /* Fixed-function colour clamping is compatibility state. */
      slot = st_is_compat(ctx) ? &s->clamp_vertex_color : NULL;
      break;
   case GL_CLAMP_FRAGMENT_COLOR:
      slot = st_is_compat(ctx) ? &s->clamp_fragment_color : NULL;
      break;
   default:
      break;
   }
   if (!slot) {
      st_error(ctx, GL_INVALID_ENUM, "glClampColor(target=%s)",
               st_enum_name(target));
      return;
   }
   if (clamp != GL_TRUE && clamp != GL_FALSE && clamp != GL_FIXED_ONLY) {
      st_error(ctx, GL_INVALID_ENUM, "glClampColor(clamp=%s)",
               st_enum_name(clamp));
      return;
   }
   st_flush_vertices(ctx);
   *slot = clamp;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_PrimitiveRestartIndex(struct st_context *ctx, GLuint index)
{
   if (ctx->state.primitive_restart_index == index)
      return;
   st_flush_vertices(ctx);
   ctx->state.primitive_restart_index = index;
   ctx->dirty |= ST_DIRTY_VERTEX;
}
