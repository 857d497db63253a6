/* SPDX-License-Identifier: MIT */

/* glGet answers for the simple fixed state (st_get.h, st_state.h). */
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
   GLenum *slot = st_state_hint_slot(ctx, pname);
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
   case GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
      st_value_bool(v,
                    ctx->screen->get_param(
                       ctx->screen,
                       PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION) != 0);
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
   struct st_state_cap c;
   bool bad_index;
   if (st_state_find_cap(ctx, pname, index, &c, &bad_index)) {
      if (bad_index) {
         st_error(ctx, GL_INVALID_VALUE, "glGet(%s, index=%d)",
                  st_enum_name(pname), index);
         return true;
      }
      st_value_bool(v, st_state_cap_value(&c));
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
