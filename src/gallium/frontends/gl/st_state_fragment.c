/* SPDX-License-Identifier: MIT */

/*
 * The per-fragment fixed state: blending, colour masks, logic op, depth,
 * stencil and the clear values (st_state.h).
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

/* ---- blending ---- */

static bool
is_blend_factor(const struct st_context *ctx, GLenum f, bool dst)
{
   switch (f) {
   case GL_ZERO:
   case GL_ONE:
   case GL_SRC_COLOR:
   case GL_ONE_MINUS_SRC_COLOR:
   case GL_DST_COLOR:
   case GL_ONE_MINUS_DST_COLOR:
   case GL_SRC_ALPHA:
   case GL_ONE_MINUS_SRC_ALPHA:
   case GL_DST_ALPHA:
   case GL_ONE_MINUS_DST_ALPHA:
   case GL_CONSTANT_COLOR:
   case GL_ONE_MINUS_CONSTANT_COLOR:
   case GL_CONSTANT_ALPHA:
   case GL_ONE_MINUS_CONSTANT_ALPHA:
      return true;
   case GL_SRC_ALPHA_SATURATE:
      /* Only a source factor in ES 3.0. */
      return !dst || !ctx->es;
   case GL_SRC1_COLOR:
   case GL_ONE_MINUS_SRC1_COLOR:
   case GL_SRC1_ALPHA:
   case GL_ONE_MINUS_SRC1_ALPHA:
      /* Dual-source blending: GL 3.3 and ARB_blend_func_extended. */
      return !ctx->es;
   default:
      return false;
   }
}

static bool
is_blend_equation(GLenum mode)
{
   switch (mode) {
   case GL_FUNC_ADD:
   case GL_FUNC_SUBTRACT:
   case GL_FUNC_REVERSE_SUBTRACT:
   case GL_MIN:
   case GL_MAX:
      return true;
   default:
      return false;
   }
}

/**
 * The draw buffers @p buf names for an indexed blend command (all of
 * them for -1) as [*first, *end); false after GL_INVALID_VALUE.
 */
static bool
buffer_range(struct st_context *ctx, GLint64 buf, unsigned *first,
             unsigned *end, const char *func)
{
   if (buf < 0) {
      *first = 0;
      *end = ST_MAX_DRAW_BUFFERS;
      return true;
   }
   if (buf >= ST_MAX_DRAW_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, "%s(buf=%lld)", func, (long long)buf);
      return false;
   }
   *first = (unsigned)buf;
   *end = *first + 1;
   return true;
}

static void
blend_func(struct st_context *ctx, GLint64 buf, GLenum src_rgb, GLenum dst_rgb,
           GLenum src_alpha, GLenum dst_alpha, const char *func)
{
   const GLenum factors[4] = { src_rgb, dst_rgb, src_alpha, dst_alpha };
   static const char *const names[4] = { "srcRGB", "dstRGB", "srcAlpha",
                                         "dstAlpha" };
   for (unsigned i = 0; i < 4; i++) {
      if (!is_blend_factor(ctx, factors[i], i & 1)) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s)", func, names[i],
                  st_enum_name(factors[i]));
         return;
      }
   }
   unsigned first, end;
   if (!buffer_range(ctx, buf, &first, &end, func))
      return;
   st_flush_vertices(ctx);
   for (unsigned i = first; i < end; i++) {
      struct st_blend_rt *b = &ctx->state.blend[i];
      b->src_rgb = src_rgb;
      b->dst_rgb = dst_rgb;
      b->src_alpha = src_alpha;
      b->dst_alpha = dst_alpha;
   }
   ctx->dirty |= ST_DIRTY_BLEND;
}

void
api_BlendFunc(struct st_context *ctx, GLenum sfactor, GLenum dfactor)
{
   blend_func(ctx, -1, sfactor, dfactor, sfactor, dfactor, "glBlendFunc");
}

void
api_BlendFuncSeparate(struct st_context *ctx, GLenum sfactorRGB,
                      GLenum dfactorRGB, GLenum sfactorAlpha,
                      GLenum dfactorAlpha)
{
   blend_func(ctx, -1, sfactorRGB, dfactorRGB, sfactorAlpha, dfactorAlpha,
              "glBlendFuncSeparate");
}

void
api_BlendFunci(struct st_context *ctx, GLuint buf, GLenum src, GLenum dst)
{
   blend_func(ctx, buf, src, dst, src, dst, "glBlendFunci");
}

void
api_BlendFuncSeparatei(struct st_context *ctx, GLuint buf, GLenum srcRGB,
                       GLenum dstRGB, GLenum srcAlpha, GLenum dstAlpha)
{
   blend_func(ctx, buf, srcRGB, dstRGB, srcAlpha, dstAlpha,
              "glBlendFuncSeparatei");
}

static void
blend_equation(struct st_context *ctx, GLint64 buf, GLenum rgb, GLenum alpha,
               const char *func)
{
   if (!is_blend_equation(rgb)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(modeRGB=%s)", func, st_enum_name(rgb));
      return;
   }
   if (!is_blend_equation(alpha)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(modeAlpha=%s)", func,
               st_enum_name(alpha));
      return;
   }
   unsigned first, end;
   if (!buffer_range(ctx, buf, &first, &end, func))
      return;
   st_flush_vertices(ctx);
   for (unsigned i = first; i < end; i++) {
      ctx->state.blend[i].eq_rgb = rgb;
      ctx->state.blend[i].eq_alpha = alpha;
   }
   ctx->dirty |= ST_DIRTY_BLEND;
}

void
api_BlendEquation(struct st_context *ctx, GLenum mode)
{
   blend_equation(ctx, -1, mode, mode, "glBlendEquation");
}

void
api_BlendEquationSeparate(struct st_context *ctx, GLenum modeRGB,
                          GLenum modeAlpha)
{
   blend_equation(ctx, -1, modeRGB, modeAlpha, "glBlendEquationSeparate");
}

void
api_BlendEquationi(struct st_context *ctx, GLuint buf, GLenum mode)
{
   blend_equation(ctx, buf, mode, mode, "glBlendEquationi");
}

void
api_BlendEquationSeparatei(struct st_context *ctx, GLuint buf, GLenum modeRGB,
                           GLenum modeAlpha)
{
   blend_equation(ctx, buf, modeRGB, modeAlpha, "glBlendEquationSeparatei");
}

void
api_BlendColor(struct st_context *ctx, GLfloat red, GLfloat green, GLfloat blue,
               GLfloat alpha)
{
   GLfloat c[4] = { red, green, blue, alpha };
   /* Desktop GL 3.0 keeps it unclamped (float colour buffers); ES 3.0
    * clamps it. */
   if (ctx->es) {
      for (unsigned i = 0; i < 4; i++)
         c[i] = st_state_clamp01(c[i]);
   }
   if (memcmp(c, ctx->state.blend_color, sizeof(c)) == 0)
      return;
   st_flush_vertices(ctx);
   memcpy(ctx->state.blend_color, c, sizeof(c));
   ctx->dirty |= ST_DIRTY_BLEND_COLOR;
}

static void
color_mask(struct st_context *ctx, GLint64 buf, GLboolean r, GLboolean g,
           GLboolean b, GLboolean a, const char *func)
{
   unsigned first, end;
   if (!buffer_range(ctx, buf, &first, &end, func))
      return;
   uint8_t mask = (r ? 1 : 0) | (g ? 2 : 0) | (b ? 4 : 0) | (a ? 8 : 0);
   st_flush_vertices(ctx);
   for (unsigned i = first; i < end; i++)
      ctx->state.color_mask[i] = mask;
   ctx->dirty |= ST_DIRTY_BLEND;
}

void
api_ColorMask(struct st_context *ctx, GLboolean red, GLboolean green,
              GLboolean blue, GLboolean alpha)
{
   color_mask(ctx, -1, red, green, blue, alpha, "glColorMask");
}

void
api_ColorMaski(struct st_context *ctx, GLuint index, GLboolean r, GLboolean g,
               GLboolean b, GLboolean a)
{
   color_mask(ctx, index, r, g, b, a, "glColorMaski");
}

void
api_LogicOp(struct st_context *ctx, GLenum opcode)
{
   if (opcode < GL_CLEAR || opcode > GL_SET) {
      st_error(ctx, GL_INVALID_ENUM, "glLogicOp(opcode=%s)",
               st_enum_name(opcode));
      return;
   }
   if (ctx->state.logic_op == opcode)
      return;
   st_flush_vertices(ctx);
   ctx->state.logic_op = opcode;
   ctx->dirty |= ST_DIRTY_BLEND;
}

/* ---- depth ---- */

static bool
is_compare_func(GLenum func)
{
   return func >= GL_NEVER && func <= GL_ALWAYS;
}

void
api_DepthFunc(struct st_context *ctx, GLenum func)
{
   if (!is_compare_func(func)) {
      st_error(ctx, GL_INVALID_ENUM, "glDepthFunc(func=%s)",
               st_enum_name(func));
      return;
   }
   if (ctx->state.depth_func == func)
      return;
   st_flush_vertices(ctx);
   ctx->state.depth_func = func;
   ctx->dirty |= ST_DIRTY_DSA;
}

void
api_DepthMask(struct st_context *ctx, GLboolean flag)
{
   bool mask = flag != GL_FALSE;
   if (ctx->state.depth_mask == mask)
      return;
   st_flush_vertices(ctx);
   ctx->state.depth_mask = mask;
   ctx->dirty |= ST_DIRTY_DSA;
}

void
api_DepthRange(struct st_context *ctx, GLdouble n, GLdouble f)
{
   n = st_state_clamp01d(n);
   f = st_state_clamp01d(f);
   if (ctx->state.depth_near == n && ctx->state.depth_far == f)
      return;
   st_flush_vertices(ctx);
   ctx->state.depth_near = n;
   ctx->state.depth_far = f;
   /* gl_DepthRange is a built-in uniform too. */
   ctx->dirty |= ST_DIRTY_VIEWPORT | ST_DIRTY_CONSTANTS;
}

void
api_DepthRangef(struct st_context *ctx, GLfloat n, GLfloat f)
{
   api_DepthRange(ctx, n, f);
}

/* ---- clear values ---- */

void
api_ClearColor(struct st_context *ctx, GLfloat red, GLfloat green, GLfloat blue,
               GLfloat alpha)
{
   /* Kept unclamped: clears of fixed-point buffers clamp. */
   GLfloat *c = ctx->state.clear_color;
   c[0] = red;
   c[1] = green;
   c[2] = blue;
   c[3] = alpha;
   ctx->state.clear_color_type = GL_FLOAT;
}

/* EXT_texture_integer: "ClearColorIiEXT and ClearColorIuiEXT ... set the
 * clear color for integer color buffers"; clearing an integer buffer to a
 * glClearColor value, or a fixed-point or float one to these, is
 * undefined: glClear writes the last value set as it was given. */
static void
clear_color_int(struct st_context *ctx, GLenum type, GLuint r, GLuint g,
                GLuint b, GLuint a)
{
   GLuint *c = ctx->state.clear_color_int;
   c[0] = r;
   c[1] = g;
   c[2] = b;
   c[3] = a;
   ctx->state.clear_color_type = type;
}

void
api_ClearColorIiEXT(struct st_context *ctx, GLint red, GLint green, GLint blue,
                    GLint alpha)
{
   clear_color_int(ctx, GL_INT, (GLuint)red, (GLuint)green, (GLuint)blue,
                   (GLuint)alpha);
}

void
api_ClearColorIuiEXT(struct st_context *ctx, GLuint red, GLuint green,
                     GLuint blue, GLuint alpha)
{
   clear_color_int(ctx, GL_UNSIGNED_INT, red, green, blue, alpha);
}

void
api_ClearDepth(struct st_context *ctx, GLdouble depth)
{
   ctx->state.clear_depth = st_state_clamp01d(depth);
}

void
api_ClearDepthf(struct st_context *ctx, GLfloat d)
{
   api_ClearDepth(ctx, d);
}

void
api_ClearStencil(struct st_context *ctx, GLint s)
{
   ctx->state.clear_stencil = s;
}

/* ---- stencil ---- */

/** The faces [*first, *end) of @p face (st_state::stencil); false after
 * GL_INVALID_ENUM. */
static bool
stencil_faces(struct st_context *ctx, GLenum face, unsigned *first,
              unsigned *end, const char *func)
{
   switch (face) {
   case GL_FRONT:
      *first = 0;
      *end = 1;
      return true;
   case GL_BACK:
      *first = 1;
      *end = 2;
      return true;
   case GL_FRONT_AND_BACK:
      *first = 0;
      *end = 2;
      return true;
   default:
      st_error(ctx, GL_INVALID_ENUM, "%s(face=%s)", func, st_enum_name(face));
      return false;
   }
}

static void
stencil_func(struct st_context *ctx, GLenum face, GLenum func, GLint ref,
             GLuint mask, const char *name)
{
   unsigned first, end;
   if (!stencil_faces(ctx, face, &first, &end, name))
      return;
   if (!is_compare_func(func)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(func=%s)", name, st_enum_name(func));
      return;
   }
   st_flush_vertices(ctx);
   for (unsigned i = first; i < end; i++) {
      struct st_stencil_face *f = &ctx->state.stencil[i];
      f->func = func;
      f->ref = ref;
      f->value_mask = mask;
   }
   ctx->dirty |= ST_DIRTY_DSA | ST_DIRTY_STENCIL_REF;
}

void
api_StencilFunc(struct st_context *ctx, GLenum func, GLint ref, GLuint mask)
{
   stencil_func(ctx, GL_FRONT_AND_BACK, func, ref, mask, "glStencilFunc");
}

void
api_StencilFuncSeparate(struct st_context *ctx, GLenum face, GLenum func,
                        GLint ref, GLuint mask)
{
   stencil_func(ctx, face, func, ref, mask, "glStencilFuncSeparate");
}

static bool
is_stencil_op(GLenum op)
{
   switch (op) {
   case GL_KEEP:
   case GL_ZERO:
   case GL_REPLACE:
   case GL_INCR:
   case GL_DECR:
   case GL_INVERT:
   case GL_INCR_WRAP:
   case GL_DECR_WRAP:
      return true;
   default:
      return false;
   }
}

static void
stencil_op(struct st_context *ctx, GLenum face, GLenum sfail, GLenum dpfail,
           GLenum dppass, const char *func)
{
   unsigned first, end;
   if (!stencil_faces(ctx, face, &first, &end, func))
      return;
   const GLenum ops[3] = { sfail, dpfail, dppass };
   static const char *const names[3] = { "sfail", "dpfail", "dppass" };
   for (unsigned i = 0; i < 3; i++) {
      if (!is_stencil_op(ops[i])) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s)", func, names[i],
                  st_enum_name(ops[i]));
         return;
      }
   }
   st_flush_vertices(ctx);
   for (unsigned i = first; i < end; i++) {
      struct st_stencil_face *f = &ctx->state.stencil[i];
      f->fail = sfail;
      f->zfail = dpfail;
      f->zpass = dppass;
   }
   ctx->dirty |= ST_DIRTY_DSA;
}

void
api_StencilOp(struct st_context *ctx, GLenum fail, GLenum zfail, GLenum zpass)
{
   stencil_op(ctx, GL_FRONT_AND_BACK, fail, zfail, zpass, "glStencilOp");
}

void
api_StencilOpSeparate(struct st_context *ctx, GLenum face, GLenum sfail,
                      GLenum dpfail, GLenum dppass)
{
   stencil_op(ctx, face, sfail, dpfail, dppass, "glStencilOpSeparate");
}

static void
stencil_mask(struct st_context *ctx, GLenum face, GLuint mask, const char *func)
{
   unsigned first, end;
   if (!stencil_faces(ctx, face, &first, &end, func))
      return;
   st_flush_vertices(ctx);
   for (unsigned i = first; i < end; i++)
      ctx->state.stencil[i].write_mask = mask;
   ctx->dirty |= ST_DIRTY_DSA;
}

void
api_StencilMask(struct st_context *ctx, GLuint mask)
{
   stencil_mask(ctx, GL_FRONT_AND_BACK, mask, "glStencilMask");
}

void
api_StencilMaskSeparate(struct st_context *ctx, GLenum face, GLuint mask)
{
   stencil_mask(ctx, face, mask, "glStencilMaskSeparate");
}
