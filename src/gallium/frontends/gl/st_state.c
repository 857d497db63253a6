/* SPDX-License-Identifier: MIT */

/*
 * The simple fixed state (st_state.h): initial values and glEnable /
 * glDisable / glIsEnabled.  The other entry points of st_state.h live in
 * st_state_fragment.c (blend, depth, stencil, clear values),
 * st_state_raster.c (rasterizer, multisampling, viewport, scissor, hints)
 * and st_state_get.c (their glGet answers).  Each entry point validates
 * everything, flushes queued vertices, then writes the state and its
 * dirty bit.
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
#include "st_eval.h"
#include "st_get.h"
#include "st_state.h"
#include "st_state_priv.h"
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
   s->clear_color_type = GL_FLOAT;

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

/**
 * The st_state capability @p cap of this context (with @p index for the
 * indexed ones, -1 otherwise); false for capabilities of other modules
 * and of other APIs.  Raises GL_INVALID_VALUE (and sets *@p bad_index)
 * for an index out of range.
 */
bool
st_state_find_cap(struct st_context *ctx, GLenum cap, int index,
                  struct st_state_cap *out, bool *bad_index)
{
   struct st_state *s = &ctx->state;
   bool desktop = !ctx->es;
   bool compat = st_is_compat(ctx);
   *out = (struct st_state_cap){ 0 };
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
      if (!ctx->es && !st_has_extension(ctx, ST_EXT_ARB_ES3_compatibility))
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

bool
st_state_cap_value(const struct st_state_cap *c)
{
   return c->flag ? *c->flag : (*c->bits & c->read_mask) != 0;
}

/** glEnable, glDisable, glEnablei, glDisablei. */
static bool is_client_array(GLenum cap);

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

   struct st_state_cap c;
   bool bad_index;
   if (st_state_find_cap(ctx, cap, index, &c, &bad_index)) {
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
   if (st_is_compat(ctx) && (st_compat_enable(ctx, cap, index, enable) ||
                             st_eval_enable(ctx, cap, index, enable)))
      return;
   /* As Mesa and the applications written against it do, a compatibility
    * context takes the client arrays' caps as glEnableClientState does
    * (core contexts have no such caps: GL_INVALID_ENUM). */
   if (st_is_compat(ctx) && index < 0 &&
       st_vertex_enable_client_state(ctx, cap, enable))
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
   struct st_state_cap c;
   bool bad_index;
   if (st_state_find_cap(ctx, cap, index, &c, &bad_index)) {
      if (bad_index) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s, index=%d)", func,
                  st_enum_name(cap), index);
         return false;
      }
      *out = st_state_cap_value(&c);
      return true;
   }
   if (st_is_compat(ctx)) {
      if (st_compat_is_enabled(ctx, cap, index, out) ||
          st_eval_is_enabled(ctx, cap, index, out))
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
