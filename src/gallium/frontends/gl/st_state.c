/* SPDX-License-Identifier: MIT */

/*
 * The simple fixed state (st_state.h): initial values and the entry
 * points that set it (glEnable..., blend, depth, stencil, rasterizer,
 * viewport, scissor, hints).  Each entry point validates everything,
 * flushes queued vertices, then writes the state and its dirty bit.
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
#include "st_vertex.h"

void
st_state_init(struct st_state *s)
{
   memset(s, 0, sizeof(*s));

   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      s->blend[i] = (struct st_blend_rt){
         .src_rgb = GL_ONE,
         .dst_rgb = GL_ZERO,
         .src_alpha = GL_ONE,
         .dst_alpha = GL_ZERO,
         .eq_rgb = GL_FUNC_ADD,
         .eq_alpha = GL_FUNC_ADD,
      };
      s->color_mask[i] = 0xf;
   }
   s->logic_op = GL_COPY;
   s->multisample = true;
   s->dither = true;

   s->depth_func = GL_LESS;
   s->depth_mask = true;
   s->depth_near = 0.0;
   s->depth_far = 1.0;

   for (unsigned i = 0; i < 2; i++) {
      s->stencil[i] = (struct st_stencil_face){
         .func = GL_ALWAYS,
         .ref = 0,
         .value_mask = ~0u,
         .write_mask = ~0u,
         .fail = GL_KEEP,
         .zfail = GL_KEEP,
         .zpass = GL_KEEP,
      };
   }

   s->clear_depth = 1.0;

   s->cull_face_mode = GL_BACK;
   s->front_face = GL_CCW;
   s->polygon_mode_front = GL_FILL;
   s->polygon_mode_back = GL_FILL;
   s->line_width = 1.0f;
   s->point_size = 1.0f;
   s->point_fade_threshold = 1.0f;
   s->point_sprite_coord_origin = GL_UPPER_LEFT;
   s->provoking_vertex = GL_LAST_VERTEX_CONVENTION;
   s->sample_coverage_value = 1.0f;
   s->sample_mask_value = ~0u;
   s->shade_model = GL_SMOOTH;
   s->line_stipple_factor = 1;
   s->line_stipple_pattern = 0xffff;
   memset(s->polygon_stipple_pattern, 0xff, sizeof(s->polygon_stipple_pattern));
   s->clamp_vertex_color = GL_TRUE;
   s->clamp_fragment_color = GL_FIXED_ONLY;
   s->clamp_read_color = GL_FIXED_ONLY;

   s->hint_line_smooth = GL_DONT_CARE;
   s->hint_polygon_smooth = GL_DONT_CARE;
   s->hint_texture_compression = GL_DONT_CARE;
   s->hint_fragment_shader_derivative = GL_DONT_CARE;
   s->hint_perspective_correction = GL_DONT_CARE;
   s->hint_point_smooth = GL_DONT_CARE;
   s->hint_fog = GL_DONT_CARE;
   s->hint_generate_mipmap = GL_DONT_CARE;

   s->pack.alignment = 4;
   s->unpack.alignment = 4;
}

/* ---- enables ---- */

/** What a capability of st_state is: a flag, or bits of a mask. */
struct cap {
   bool *flag;
   unsigned *bits;
   /** The bits glEnable writes and the one glIsEnabled reads (glIsEnabled
    * of GL_BLEND is draw buffer 0's). */
   unsigned mask, read_mask;
   uint64_t dirty;
};

/**
 * The st_state capability @p cap of this context (with @p index for the
 * indexed ones, -1 otherwise); false for capabilities of other modules
 * and of other APIs.  Raises GL_INVALID_VALUE (and sets *@p bad_index)
 * for an index out of range.
 */
static bool
find_cap(struct st_context *ctx, GLenum cap, int index, struct cap *out,
         bool *bad_index)
{
   struct st_state *s = &ctx->state;
   bool desktop = !ctx->es;
   bool compat = st_is_compat(ctx);
   *out = (struct cap){ 0 };
   *bad_index = false;

   if (cap == GL_BLEND) {
      if (index >= ST_MAX_DRAW_BUFFERS) {
         *bad_index = true;
         return true;
      }
      out->bits = &s->blend_enabled;
      out->mask = index < 0 ? (1u << ST_MAX_DRAW_BUFFERS) - 1 : 1u << index;
      out->read_mask = index < 0 ? 1u : 1u << index;
      out->dirty = ST_DIRTY_BLEND;
      return true;
   }
   /* Only GL_BLEND is indexed here. */
   if (index >= 0)
      return false;

   /* GL_CLIP_DISTANCEi_APPLE has the values of GL_CLIP_DISTANCEi. */
   bool clip_distances =
      desktop || st_has_extension(ctx, ST_EXT_APPLE_clip_distance);
   if (clip_distances && cap >= GL_CLIP_DISTANCE0 &&
       cap < GL_CLIP_DISTANCE0 + ctx->glsl_limits->max_clip_distances) {
      out->bits = &s->clip_planes_enabled;
      out->mask = 1u << (cap - GL_CLIP_DISTANCE0);
      out->read_mask = out->mask;
      out->dirty = ST_DIRTY_RASTERIZER | ST_DIRTY_CLIP;
      return true;
   }

   bool *flag = NULL;
   uint64_t dirty = ST_DIRTY_RASTERIZER;
   switch (cap) {
   case GL_CULL_FACE:
      flag = &s->cull_face;
      break;
   case GL_POLYGON_OFFSET_FILL:
      flag = &s->polygon_offset_fill;
      break;
   case GL_SCISSOR_TEST:
      flag = &s->scissor_test;
      break;
   case GL_RASTERIZER_DISCARD:
      flag = &s->rasterizer_discard;
      break;
   case GL_DEPTH_TEST:
      flag = &s->depth_test;
      dirty = ST_DIRTY_DSA;
      break;
   case GL_STENCIL_TEST:
      flag = &s->stencil_test;
      dirty = ST_DIRTY_DSA;
      break;
   case GL_DITHER:
      flag = &s->dither;
      dirty = ST_DIRTY_BLEND;
      break;
   case GL_SAMPLE_ALPHA_TO_COVERAGE:
      flag = &s->sample_alpha_to_coverage;
      dirty = ST_DIRTY_BLEND;
      break;
   case GL_SAMPLE_COVERAGE:
      flag = &s->sample_coverage;
      dirty = ST_DIRTY_SAMPLE_MASK;
      break;
   case GL_PRIMITIVE_RESTART_FIXED_INDEX:
      if (!ctx->es)
         return false;
      flag = &s->primitive_restart_fixed_index;
      dirty = ST_DIRTY_VERTEX;
      break;
   default:
      break;
   }
   if (!flag && desktop) {
      switch (cap) {
      case GL_COLOR_LOGIC_OP:
         flag = &s->color_logic_op;
         dirty = ST_DIRTY_BLEND;
         break;
      case GL_SAMPLE_ALPHA_TO_ONE:
         flag = &s->sample_alpha_to_one;
         dirty = ST_DIRTY_BLEND;
         break;
      case GL_MULTISAMPLE:
         flag = &s->multisample;
         dirty = ST_DIRTY_RASTERIZER | ST_DIRTY_BLEND | ST_DIRTY_SAMPLE_MASK;
         break;
      case GL_FRAMEBUFFER_SRGB:
         flag = &s->framebuffer_srgb;
         dirty = ST_DIRTY_FRAMEBUFFER;
         break;
      case GL_POLYGON_OFFSET_LINE:
         flag = &s->polygon_offset_line;
         break;
      case GL_POLYGON_OFFSET_POINT:
         flag = &s->polygon_offset_point;
         break;
      case GL_LINE_SMOOTH:
         flag = &s->line_smooth;
         break;
      case GL_POLYGON_SMOOTH:
         flag = &s->polygon_smooth;
         break;
      case GL_PROGRAM_POINT_SIZE:
         flag = &s->program_point_size;
         break;
      case GL_DEPTH_CLAMP:
         if (ctx->version < 32 &&
             !st_has_extension(ctx, ST_EXT_ARB_depth_clamp))
            return false;
         flag = &s->depth_clamp;
         break;
      case GL_TEXTURE_CUBE_MAP_SEAMLESS:
         if (ctx->version < 32 &&
             !st_has_extension(ctx, ST_EXT_ARB_seamless_cube_map))
            return false;
         flag = &s->texture_cube_map_seamless;
         dirty = ST_DIRTY_TEXTURES;
         break;
      case GL_SAMPLE_MASK:
         /* GL 3.2 (ARB_texture_multisample). */
         if (ctx->version < 32)
            return false;
         flag = &s->sample_mask_enabled;
         dirty = ST_DIRTY_SAMPLE_MASK;
         break;
      case GL_PRIMITIVE_RESTART:
         /* GL 3.1. */
         if (ctx->version < 31)
            return false;
         flag = &s->primitive_restart;
         dirty = ST_DIRTY_VERTEX;
         break;
      default:
         break;
      }
   }
   if (!flag && compat) {
      switch (cap) {
      case GL_POINT_SMOOTH:
         flag = &s->point_smooth;
         break;
      case GL_LINE_STIPPLE:
         flag = &s->line_stipple;
         break;
      case GL_POLYGON_STIPPLE:
         flag = &s->polygon_stipple;
         break;
      case GL_POINT_SPRITE:
         flag = &s->point_sprite;
         dirty = ST_DIRTY_RASTERIZER | ST_DIRTY_COMPAT | ST_DIRTY_PROGRAM;
         break;
      default:
         break;
      }
   }
   if (!flag)
      return false;
   out->flag = flag;
   out->dirty = dirty;
   return true;
}

static bool
cap_value(const struct cap *c)
{
   return c->flag ? *c->flag : (*c->bits & c->read_mask) != 0;
}

/** glEnable, glDisable, glEnablei, glDisablei. */
static void
set_enable(struct st_context *ctx, GLenum cap, int index, bool enable,
           const char *func)
{
   /* The KHR_debug switches are not rendering state. */
   if (index < 0 && cap == GL_DEBUG_OUTPUT) {
      ctx->debug.output_enabled = enable;
      return;
   }
   if (index < 0 && cap == GL_DEBUG_OUTPUT_SYNCHRONOUS) {
      ctx->debug.synchronous = enable;
      return;
   }

   struct cap c;
   bool bad_index;
   if (find_cap(ctx, cap, index, &c, &bad_index)) {
      if (bad_index) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s, index=%d)", func,
                  st_enum_name(cap), index);
         return;
      }
      bool same = c.flag ? *c.flag == enable
                         : (*c.bits & c.mask) == (enable ? c.mask : 0);
      if (same)
         return;
      st_flush_vertices(ctx);
      if (c.flag)
         *c.flag = enable;
      else if (enable)
         *c.bits |= c.mask;
      else
         *c.bits &= ~c.mask;
      ctx->dirty |= c.dirty;
      return;
   }
   if (st_is_compat(ctx) && st_compat_enable(ctx, cap, index, enable))
      return;
   st_error(ctx, GL_INVALID_ENUM, "%s(cap=%s)", func, st_enum_name(cap));
}

void
api_Enable(struct st_context *ctx, GLenum cap)
{
   set_enable(ctx, cap, -1, true, "glEnable");
}

void
api_Disable(struct st_context *ctx, GLenum cap)
{
   set_enable(ctx, cap, -1, false, "glDisable");
}

void
api_Enablei(struct st_context *ctx, GLenum target, GLuint index)
{
   set_enable(ctx, target, index > INT32_MAX ? INT32_MAX : (int)index, true,
              "glEnablei");
}

void
api_Disablei(struct st_context *ctx, GLenum target, GLuint index)
{
   set_enable(ctx, target, index > INT32_MAX ? INT32_MAX : (int)index, false,
              "glDisablei");
}

/** The compatibility client-state arrays: glIsEnabled knows them (their
 * state is the vertex module's, answered by its glGet). */
static bool
is_client_array(GLenum cap)
{
   switch (cap) {
   case GL_VERTEX_ARRAY:
   case GL_NORMAL_ARRAY:
   case GL_COLOR_ARRAY:
   case GL_INDEX_ARRAY:
   case GL_TEXTURE_COORD_ARRAY:
   case GL_EDGE_FLAG_ARRAY:
   case GL_FOG_COORD_ARRAY:
   case GL_SECONDARY_COLOR_ARRAY:
      return true;
   default:
      return false;
   }
}

/** glIsEnabled[i]: true with *@p out set when @p cap is known (else the
 * error was raised). */
static bool
is_enabled(struct st_context *ctx, GLenum cap, int index, bool *out,
           const char *func)
{
   if (index < 0 && cap == GL_DEBUG_OUTPUT) {
      *out = ctx->debug.output_enabled;
      return true;
   }
   if (index < 0 && cap == GL_DEBUG_OUTPUT_SYNCHRONOUS) {
      *out = ctx->debug.synchronous;
      return true;
   }
   struct cap c;
   bool bad_index;
   if (find_cap(ctx, cap, index, &c, &bad_index)) {
      if (bad_index) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s, index=%d)", func,
                  st_enum_name(cap), index);
         return false;
      }
      *out = cap_value(&c);
      return true;
   }
   if (st_is_compat(ctx)) {
      if (st_compat_is_enabled(ctx, cap, index, out))
         return true;
      struct st_value v = { 0 };
      if (index < 0 && is_client_array(cap) &&
          st_vertex_get(ctx, cap, -1, &v) && v.count) {
         *out = v.b[0] != GL_FALSE;
         return true;
      }
   }
   st_error(ctx, GL_INVALID_ENUM, "%s(cap=%s)", func, st_enum_name(cap));
   return false;
}

GLboolean
api_IsEnabled(struct st_context *ctx, GLenum cap)
{
   bool enabled = false;
   return is_enabled(ctx, cap, -1, &enabled, "glIsEnabled") && enabled;
}

GLboolean
api_IsEnabledi(struct st_context *ctx, GLenum target, GLuint index)
{
   bool enabled = false;
   return is_enabled(ctx, target, index > INT32_MAX ? INT32_MAX : (int)index,
                     &enabled, "glIsEnabledi") &&
          enabled;
}

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

static float
clamp01(float x)
{
   /* NaN becomes 0. */
   return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}

static double
clamp01d(double x)
{
   return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0;
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
         c[i] = clamp01(c[i]);
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
   n = clamp01d(n);
   f = clamp01d(f);
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
}

void
api_ClearDepth(struct st_context *ctx, GLdouble depth)
{
   ctx->state.clear_depth = clamp01d(depth);
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

/* ---- rasterization ---- */

void
api_CullFace(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_FRONT && mode != GL_BACK && mode != GL_FRONT_AND_BACK) {
      st_error(ctx, GL_INVALID_ENUM, "glCullFace(mode=%s)", st_enum_name(mode));
      return;
   }
   if (ctx->state.cull_face_mode == mode)
      return;
   st_flush_vertices(ctx);
   ctx->state.cull_face_mode = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_FrontFace(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_CW && mode != GL_CCW) {
      st_error(ctx, GL_INVALID_ENUM, "glFrontFace(mode=%s)",
               st_enum_name(mode));
      return;
   }
   if (ctx->state.front_face == mode)
      return;
   st_flush_vertices(ctx);
   ctx->state.front_face = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
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
   if (ctx->state.provoking_vertex == mode)
      return;
   st_flush_vertices(ctx);
   ctx->state.provoking_vertex = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
}

void
api_ShadeModel(struct st_context *ctx, GLenum mode)
{
   if (mode != GL_FLAT && mode != GL_SMOOTH) {
      st_error(ctx, GL_INVALID_ENUM, "glShadeModel(mode=%s)",
               st_enum_name(mode));
      return;
   }
   if (ctx->state.shade_model == mode)
      return;
   st_flush_vertices(ctx);
   ctx->state.shade_model = mode;
   ctx->dirty |= ST_DIRTY_RASTERIZER;
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
   ctx->state.sample_coverage_value = clamp01(value);
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
static GLenum *
hint_slot(struct st_context *ctx, GLenum target)
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
   GLenum *slot = hint_slot(ctx, target);
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

/* ---- glGet ---- */

static void
value_floats(struct st_value *v, enum st_value_type type, const GLfloat *f,
             unsigned n)
{
   v->type = type;
   v->count = n;
   memcpy(v->f, f, n * sizeof(*f));
}

static void
value_ints(struct st_value *v, const GLint *i, unsigned n)
{
   v->type = ST_VALUE_INT;
   v->count = n;
   memcpy(v->i, i, n * sizeof(*i));
}

/** The blend state of draw buffer @p index (-1: buffer 0). */
static bool
blend_get(struct st_context *ctx, GLenum pname, int index, struct st_value *v)
{
   bool compat_name = pname == GL_BLEND_SRC || pname == GL_BLEND_DST;
   switch (pname) {
   case GL_BLEND_SRC_RGB:
   case GL_BLEND_DST_RGB:
   case GL_BLEND_SRC_ALPHA:
   case GL_BLEND_DST_ALPHA:
   case GL_BLEND_EQUATION_RGB:
   case GL_BLEND_EQUATION_ALPHA:
      break;
   case GL_BLEND_SRC:
   case GL_BLEND_DST:
      if (!st_is_compat(ctx))
         return false;
      break;
   default:
      return false;
   }
   if (compat_name && index >= 0)
      return false;
   if (index >= ST_MAX_DRAW_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, "glGet(%s, index=%d)",
               st_enum_name(pname), index);
      return true;
   }
   const struct st_blend_rt *b = &ctx->state.blend[index < 0 ? 0 : index];
   switch (pname) {
   case GL_BLEND_SRC_RGB:
   case GL_BLEND_SRC:
      st_value_enum(v, b->src_rgb);
      break;
   case GL_BLEND_DST_RGB:
   case GL_BLEND_DST:
      st_value_enum(v, b->dst_rgb);
      break;
   case GL_BLEND_SRC_ALPHA:
      st_value_enum(v, b->src_alpha);
      break;
   case GL_BLEND_DST_ALPHA:
      st_value_enum(v, b->dst_alpha);
      break;
   case GL_BLEND_EQUATION_RGB:
      st_value_enum(v, b->eq_rgb);
      break;
   default:
      st_value_enum(v, b->eq_alpha);
      break;
   }
   return true;
}

static bool
color_mask_get(struct st_context *ctx, int index, struct st_value *v)
{
   if (index >= ST_MAX_DRAW_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, "glGet(GL_COLOR_WRITEMASK, index=%d)",
               index);
      return true;
   }
   uint8_t m = ctx->state.color_mask[index < 0 ? 0 : index];
   v->type = ST_VALUE_BOOL;
   v->count = 4;
   for (unsigned i = 0; i < 4; i++)
      v->b[i] = (m >> i) & 1;
   return true;
}

/** The stencil state of face @p f (0 front, 1 back). */
static bool
stencil_get(const struct st_stencil_face *f, GLenum pname, struct st_value *v)
{
   switch (pname) {
   case GL_STENCIL_FUNC:
   case GL_STENCIL_BACK_FUNC:
      st_value_enum(v, f->func);
      return true;
   case GL_STENCIL_REF:
   case GL_STENCIL_BACK_REF:
      st_value_int(v, f->ref);
      return true;
   /* Masks are bit patterns: all ones stays all ones. */
   case GL_STENCIL_VALUE_MASK:
   case GL_STENCIL_BACK_VALUE_MASK:
      st_value_enum(v, f->value_mask);
      return true;
   case GL_STENCIL_WRITEMASK:
   case GL_STENCIL_BACK_WRITEMASK:
      st_value_enum(v, f->write_mask);
      return true;
   case GL_STENCIL_FAIL:
   case GL_STENCIL_BACK_FAIL:
      st_value_enum(v, f->fail);
      return true;
   case GL_STENCIL_PASS_DEPTH_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
      st_value_enum(v, f->zfail);
      return true;
   case GL_STENCIL_PASS_DEPTH_PASS:
   case GL_STENCIL_BACK_PASS_DEPTH_PASS:
      st_value_enum(v, f->zpass);
      return true;
   default:
      return false;
   }
}

static bool
is_back_stencil_pname(GLenum pname)
{
   switch (pname) {
   case GL_STENCIL_BACK_FUNC:
   case GL_STENCIL_BACK_REF:
   case GL_STENCIL_BACK_VALUE_MASK:
   case GL_STENCIL_BACK_WRITEMASK:
   case GL_STENCIL_BACK_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_FAIL:
   case GL_STENCIL_BACK_PASS_DEPTH_PASS:
      return true;
   default:
      return false;
   }
}

/** The hint targets, as glGet names them. */
static bool
hint_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   GLenum *slot = hint_slot(ctx, pname);
   if (!slot)
      return false;
   st_value_enum(v, *slot);
   return true;
}

/** The compatibility-only state of st_state. */
static bool
compat_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct st_state *s = &ctx->state;
   switch (pname) {
   case GL_SHADE_MODEL:
      st_value_enum(v, s->shade_model);
      return true;
   case GL_LINE_STIPPLE_PATTERN:
      st_value_int(v, s->line_stipple_pattern);
      return true;
   case GL_LINE_STIPPLE_REPEAT:
      st_value_int(v, s->line_stipple_factor);
      return true;
   case GL_CLAMP_VERTEX_COLOR:
      st_value_enum(v, s->clamp_vertex_color);
      return true;
   case GL_CLAMP_FRAGMENT_COLOR:
      st_value_enum(v, s->clamp_fragment_color);
      return true;
   default:
      return false;
   }
}

/** The desktop-only state of st_state. */
static bool
desktop_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct st_state *s = &ctx->state;
   switch (pname) {
   case GL_LOGIC_OP_MODE:
      st_value_enum(v, s->logic_op);
      return true;
   case GL_POLYGON_MODE:
      v->type = ST_VALUE_ENUM;
      v->count = 2;
      v->i[0] = (GLint)s->polygon_mode_front;
      v->i[1] = (GLint)s->polygon_mode_back;
      return true;
   case GL_POINT_SIZE:
      st_value_float(v, s->point_size);
      return true;
   case GL_POINT_FADE_THRESHOLD_SIZE:
      st_value_float(v, s->point_fade_threshold);
      return true;
   case GL_POINT_SPRITE_COORD_ORIGIN:
      st_value_enum(v, s->point_sprite_coord_origin);
      return true;
   case GL_PROVOKING_VERTEX:
      st_value_enum(v, s->provoking_vertex);
      return true;
   case GL_CLAMP_READ_COLOR:
      st_value_enum(v, s->clamp_read_color);
      return true;
   case GL_PRIMITIVE_RESTART_INDEX:
      if (ctx->version < 31)
         return false;
      st_value_enum(v, s->primitive_restart_index);
      return true;
   default:
      return false;
   }
}

bool
st_state_get(struct st_context *ctx, GLenum pname, int index,
             struct st_value *v)
{
   const struct st_state *s = &ctx->state;

   /* Indexed state: GL_BLEND (glGetBooleani_v), the blend functions,
    * the colour masks and the sample mask. */
   if (pname == GL_COLOR_WRITEMASK)
      return color_mask_get(ctx, index, v);
   if (blend_get(ctx, pname, index, v))
      return true;
   if (pname == GL_SAMPLE_MASK_VALUE && !ctx->es) {
      if (index != 0) {
         /* Only glGetIntegeri_v knows it (one mask word). */
         if (index < 0)
            return false;
         st_error(ctx, GL_INVALID_VALUE,
                  "glGet(GL_SAMPLE_MASK_VALUE, index=%d)", index);
         return true;
      }
      st_value_enum(v, s->sample_mask_value);
      return true;
   }

   /* Every capability's state is a boolean of glGet too. */
   struct cap c;
   bool bad_index;
   if (find_cap(ctx, pname, index, &c, &bad_index)) {
      if (bad_index) {
         st_error(ctx, GL_INVALID_VALUE, "glGet(%s, index=%d)",
                  st_enum_name(pname), index);
         return true;
      }
      st_value_bool(v, cap_value(&c));
      return true;
   }
   if (index >= 0)
      return false;

   switch (pname) {
   case GL_BLEND_COLOR:
      value_floats(v, ST_VALUE_FLOAT_COLOR, s->blend_color, 4);
      return true;
   case GL_DEPTH_FUNC:
      st_value_enum(v, s->depth_func);
      return true;
   case GL_DEPTH_WRITEMASK:
      st_value_bool(v, s->depth_mask);
      return true;
   case GL_DEPTH_RANGE: {
      GLfloat r[2] = { (GLfloat)s->depth_near, (GLfloat)s->depth_far };
      value_floats(v, ST_VALUE_FLOAT_COLOR, r, 2);
      return true;
   }
   case GL_COLOR_CLEAR_VALUE:
      value_floats(v, ST_VALUE_FLOAT_COLOR, s->clear_color, 4);
      return true;
   case GL_DEPTH_CLEAR_VALUE: {
      GLfloat d = (GLfloat)s->clear_depth;
      value_floats(v, ST_VALUE_FLOAT_COLOR, &d, 1);
      return true;
   }
   case GL_STENCIL_CLEAR_VALUE:
      st_value_int(v, s->clear_stencil);
      return true;
   case GL_CULL_FACE_MODE:
      st_value_enum(v, s->cull_face_mode);
      return true;
   case GL_FRONT_FACE:
      st_value_enum(v, s->front_face);
      return true;
   case GL_POLYGON_OFFSET_FACTOR:
      st_value_float(v, s->polygon_offset_factor);
      return true;
   case GL_POLYGON_OFFSET_UNITS:
      st_value_float(v, s->polygon_offset_units);
      return true;
   case GL_LINE_WIDTH:
      st_value_float(v, s->line_width);
      return true;
   case GL_SAMPLE_COVERAGE_VALUE:
      st_value_float(v, s->sample_coverage_value);
      return true;
   case GL_SAMPLE_COVERAGE_INVERT:
      st_value_bool(v, s->sample_coverage_invert);
      return true;
   case GL_VIEWPORT:
      value_ints(v, s->viewport, 4);
      return true;
   case GL_SCISSOR_BOX:
      value_ints(v, s->scissor, 4);
      return true;
   default:
      break;
   }
   if (stencil_get(&s->stencil[is_back_stencil_pname(pname) ? 1 : 0], pname, v))
      return true;
   if (hint_get(ctx, pname, v))
      return true;
   if (!ctx->es && desktop_get(ctx, pname, v))
      return true;
   return st_is_compat(ctx) && compat_get(ctx, pname, v);
}
