/* SPDX-License-Identifier: MIT */

/*
 * glTexParameter*, glGetTexParameter*, glGetTexLevelParameter*, and the
 * sampling-parameter rules that sampler objects share
 * (st_sampler_param_set / st_sampler_param_get).
 *
 * Every value arrives as integers (the i, iv, Ii, Iui forms) or floats
 * (f, fv); enums given as floats are truncated, floats given as integers
 * converted, and border colours given with glTexParameteriv are
 * normalized integers (GL 4.6 core, 8.10: "converted to floating-point
 * as described in section 2.3.5").
 */
#include <math.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_screen.h"
#include "st_pixels.h"
#include "st_texture_priv.h"

static GLint
value_int(const GLint *iv, const GLfloat *fv, unsigned i)
{
   if (iv)
      return iv[i];
   float f = fv[i];
   if (f != f)
      return 0;
   if (f >= 2147483647.0f)
      return INT32_MAX;
   if (f <= -2147483648.0f)
      return INT32_MIN;
   return (GLint)f;
}

static GLfloat
value_float(const GLint *iv, const GLfloat *fv, unsigned i)
{
   return iv ? (GLfloat)iv[i] : fv[i];
}

static bool
is_wrap(struct st_context *ctx, GLenum e)
{
   switch (e) {
   case GL_REPEAT:
   case GL_CLAMP_TO_EDGE:
   case GL_MIRRORED_REPEAT:
      return true;
   case GL_CLAMP_TO_BORDER:
      return !ctx->es;
   case GL_CLAMP:
      return st_is_compat(ctx);
   default:
      return false;
   }
}

static bool
is_compare_func(GLenum e)
{
   return e >= GL_NEVER && e <= GL_ALWAYS;
}

GLenum
st_sampler_param_set(struct st_context *ctx, struct st_sampler_params *p,
                     GLenum pname, const GLint *iv, const GLfloat *fv,
                     bool integer_border, bool sampler_object)
{
   (void)sampler_object;
   GLenum e = (GLenum)value_int(iv, fv, 0);
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR && e != GL_NEAREST_MIPMAP_NEAREST &&
          e != GL_LINEAR_MIPMAP_NEAREST && e != GL_NEAREST_MIPMAP_LINEAR &&
          e != GL_LINEAR_MIPMAP_LINEAR)
         return GL_INVALID_ENUM;
      p->min_filter = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_MAG_FILTER:
      if (e != GL_NEAREST && e != GL_LINEAR)
         return GL_INVALID_ENUM;
      p->mag_filter = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
      if (!is_wrap(ctx, e))
         return GL_INVALID_ENUM;
      if (pname == GL_TEXTURE_WRAP_S)
         p->wrap_s = e;
      else if (pname == GL_TEXTURE_WRAP_T)
         p->wrap_t = e;
      else
         p->wrap_r = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_MIN_LOD:
      p->min_lod = value_float(iv, fv, 0);
      return GL_NO_ERROR;
   case GL_TEXTURE_MAX_LOD:
      p->max_lod = value_float(iv, fv, 0);
      return GL_NO_ERROR;
   case GL_TEXTURE_LOD_BIAS:
      if (ctx->es)
         return GL_INVALID_ENUM;
      p->lod_bias = value_float(iv, fv, 0);
      return GL_NO_ERROR;
   case GL_TEXTURE_COMPARE_MODE:
      if (e != GL_NONE && e != GL_COMPARE_REF_TO_TEXTURE)
         return GL_INVALID_ENUM;
      p->compare_mode = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_COMPARE_FUNC:
      if (!is_compare_func(e))
         return GL_INVALID_ENUM;
      p->compare_func = e;
      return GL_NO_ERROR;
   case GL_TEXTURE_BORDER_COLOR:
      if (ctx->es)
         return GL_INVALID_ENUM;
      for (unsigned i = 0; i < 4; i++) {
         if (integer_border) {
            memcpy(&p->border_color[i], &iv[i], sizeof(GLint));
         } else if (iv) {
            double v = iv[i] / 2147483647.0;
            p->border_color[i] = (GLfloat)(v < -1.0 ? -1.0 : v);
         } else {
            p->border_color[i] = fv[i];
         }
      }
      return GL_NO_ERROR;
   default:
      return GL_INVALID_ENUM;
   }
}

bool
st_sampler_param_get(struct st_context *ctx, const struct st_sampler_params *p,
                     GLenum pname, GLint *iv, GLfloat *fv, bool integer_border)
{
   GLint e;
   GLfloat f;
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
      e = (GLint)p->min_filter;
      break;
   case GL_TEXTURE_MAG_FILTER:
      e = (GLint)p->mag_filter;
      break;
   case GL_TEXTURE_WRAP_S:
      e = (GLint)p->wrap_s;
      break;
   case GL_TEXTURE_WRAP_T:
      e = (GLint)p->wrap_t;
      break;
   case GL_TEXTURE_WRAP_R:
      e = (GLint)p->wrap_r;
      break;
   case GL_TEXTURE_COMPARE_MODE:
      e = (GLint)p->compare_mode;
      break;
   case GL_TEXTURE_COMPARE_FUNC:
      e = (GLint)p->compare_func;
      break;
   case GL_TEXTURE_MIN_LOD:
      f = p->min_lod;
      goto as_float;
   case GL_TEXTURE_MAX_LOD:
      f = p->max_lod;
      goto as_float;
   case GL_TEXTURE_LOD_BIAS:
      if (ctx->es)
         return false;
      f = p->lod_bias;
      goto as_float;
   case GL_TEXTURE_BORDER_COLOR:
      if (ctx->es)
         return false;
      for (unsigned i = 0; i < 4; i++) {
         if (integer_border)
            memcpy(&iv[i], &p->border_color[i], sizeof(GLint));
         else if (iv)
            /* GL 4.6 core, 2.2.2: colours to integers as normalized. */
            iv[i] = (GLint)llround(
               fmax(fmin((double)p->border_color[i], 1.0), -1.0) *
               2147483647.0);
         else
            fv[i] = p->border_color[i];
      }
      return true;
   default:
      return false;
   }
   if (iv)
      iv[0] = e;
   else
      fv[0] = (GLfloat)e;
   return true;
as_float:
   if (iv)
      iv[0] = (GLint)lroundf(f);
   else
      fv[0] = f;
   return true;
}

/* ---- glTexParameter ---- */

static bool
is_swizzle(GLenum e)
{
   return e == GL_RED || e == GL_GREEN || e == GL_BLUE || e == GL_ALPHA ||
          e == GL_ZERO || e == GL_ONE;
}

static bool
is_sampler_pname(GLenum pname)
{
   switch (pname) {
   case GL_TEXTURE_MIN_FILTER:
   case GL_TEXTURE_MAG_FILTER:
   case GL_TEXTURE_WRAP_S:
   case GL_TEXTURE_WRAP_T:
   case GL_TEXTURE_WRAP_R:
   case GL_TEXTURE_MIN_LOD:
   case GL_TEXTURE_MAX_LOD:
   case GL_TEXTURE_LOD_BIAS:
   case GL_TEXTURE_COMPARE_MODE:
   case GL_TEXTURE_COMPARE_FUNC:
   case GL_TEXTURE_BORDER_COLOR:
      return true;
   default:
      return false;
   }
}

/* Number of values glTexParameter*v reads for @p pname. */
static unsigned
param_count(GLenum pname)
{
   return pname == GL_TEXTURE_BORDER_COLOR || pname == GL_TEXTURE_SWIZZLE_RGBA
             ? 4
             : 1;
}

static void
tex_parameter(struct st_context *ctx, GLenum target, GLenum pname,
              const GLint *iv, const GLfloat *fv, bool integer_border,
              const char *func)
{
   struct st_texture_object *tex =
      st_texture_for_target(ctx, target, false, NULL, func);
   if (!tex)
      return;
   if (!iv && !fv)
      return;
   bool ms = target == GL_TEXTURE_2D_MULTISAMPLE ||
             target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   bool rect = target == GL_TEXTURE_RECTANGLE;
   if (target == GL_TEXTURE_BUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   GLint i0 = value_int(iv, fv, 0);
   GLenum e0 = (GLenum)i0;

   if (is_sampler_pname(pname)) {
      /* GL 4.6 core, 8.10: multisample textures have no sampler state;
       * rectangle textures only non-mipmapped filters and clamping. */
      if (ms) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s of a multisample texture)", func,
                  st_enum_name(pname));
         return;
      }
      if (rect && ((pname == GL_TEXTURE_MIN_FILTER && e0 != GL_NEAREST &&
                    e0 != GL_LINEAR) ||
                   ((pname == GL_TEXTURE_WRAP_S || pname == GL_TEXTURE_WRAP_T ||
                     pname == GL_TEXTURE_WRAP_R) &&
                    (e0 == GL_REPEAT || e0 == GL_MIRRORED_REPEAT)))) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s for a rectangle texture)",
                  func, st_enum_name(pname), st_enum_name(e0));
         return;
      }
      struct st_sampler_params p = tex->sampler;
      GLenum err =
         st_sampler_param_set(ctx, &p, pname, iv, fv, integer_border, false);
      if (err != GL_NO_ERROR) {
         st_error(ctx, err, "%s(%s=%s)", func, st_enum_name(pname),
                  st_enum_name(e0));
         return;
      }
      st_flush_vertices(ctx);
      tex->sampler = p;
      st_texture_changed(ctx, tex);
      return;
   }

   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
   case GL_TEXTURE_MAX_LEVEL:
      if (i0 < 0) {
         st_error(ctx, GL_INVALID_VALUE, "%s(%s=%d)", func, st_enum_name(pname),
                  i0);
         return;
      }
      if ((ms || rect) && pname == GL_TEXTURE_BASE_LEVEL && i0 != 0) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(%s=%d for %s)", func,
                  st_enum_name(pname), i0, st_enum_name(target));
         return;
      }
      if (tex->immutable) {
         /* GL 4.6 core, 8.10: immutable textures clamp the base level to
          * [0, levels - 1] and the max level to [base, levels - 1]. */
         GLint top = (GLint)tex->immutable_levels - 1;
         GLint low = pname == GL_TEXTURE_BASE_LEVEL ? 0 : tex->base_level;
         i0 = i0 < low ? low : i0 > top ? top : i0;
      }
      st_flush_vertices(ctx);
      if (pname == GL_TEXTURE_BASE_LEVEL)
         tex->base_level = i0;
      else
         tex->max_level = i0;
      st_texture_changed(ctx, tex);
      return;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
   case GL_TEXTURE_SWIZZLE_RGBA: {
      bool all = pname == GL_TEXTURE_SWIZZLE_RGBA;
      if (all && ctx->es)
         break;
      GLenum sw[4];
      for (unsigned i = 0; i < (all ? 4u : 1u); i++) {
         sw[i] = (GLenum)value_int(iv, fv, i);
         if (!is_swizzle(sw[i])) {
            st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s)", func,
                     st_enum_name(pname), st_enum_name(sw[i]));
            return;
         }
      }
      st_flush_vertices(ctx);
      if (all)
         memcpy(tex->swizzle, sw, sizeof(sw));
      else
         tex->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = sw[0];
      st_texture_changed(ctx, tex);
      return;
   }
   case GL_DEPTH_TEXTURE_MODE:
      if (!st_is_compat(ctx))
         break;
      if (e0 != GL_LUMINANCE && e0 != GL_INTENSITY && e0 != GL_ALPHA &&
          e0 != GL_RED) {
         st_error(ctx, GL_INVALID_ENUM, "%s(%s=%s)", func, st_enum_name(pname),
                  st_enum_name(e0));
         return;
      }
      st_flush_vertices(ctx);
      tex->depth_stencil_mode = e0;
      st_texture_changed(ctx, tex);
      return;
   case GL_GENERATE_MIPMAP:
      if (!st_is_compat(ctx))
         break;
      tex->generate_mipmap = i0 != 0;
      return;
   case GL_TEXTURE_PRIORITY:
      /* A residency hint of the compatibility profile; nothing is ever
       * swapped out, so it is accepted and ignored. */
      if (!st_is_compat(ctx))
         break;
      return;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
}

void
api_TexParameteri(struct st_context *ctx, GLenum target, GLenum pname,
                  GLint param)
{
   if (param_count(pname) != 1) {
      st_error(ctx, GL_INVALID_ENUM, "glTexParameteri(pname=%s)",
               st_enum_name(pname));
      return;
   }
   tex_parameter(ctx, target, pname, &param, NULL, false, "glTexParameteri");
}

void
api_TexParameterf(struct st_context *ctx, GLenum target, GLenum pname,
                  GLfloat param)
{
   if (param_count(pname) != 1) {
      st_error(ctx, GL_INVALID_ENUM, "glTexParameterf(pname=%s)",
               st_enum_name(pname));
      return;
   }
   tex_parameter(ctx, target, pname, NULL, &param, false, "glTexParameterf");
}

void
api_TexParameteriv(struct st_context *ctx, GLenum target, GLenum pname,
                   const GLint *params)
{
   tex_parameter(ctx, target, pname, params, NULL, false, "glTexParameteriv");
}

void
api_TexParameterfv(struct st_context *ctx, GLenum target, GLenum pname,
                   const GLfloat *params)
{
   tex_parameter(ctx, target, pname, NULL, params, false, "glTexParameterfv");
}

void
api_TexParameterIiv(struct st_context *ctx, GLenum target, GLenum pname,
                    const GLint *params)
{
   tex_parameter(ctx, target, pname, params, NULL, true, "glTexParameterIiv");
}

void
api_TexParameterIuiv(struct st_context *ctx, GLenum target, GLenum pname,
                     const GLuint *params)
{
   tex_parameter(ctx, target, pname, (const GLint *)params, NULL, true,
                 "glTexParameterIuiv");
}

/* ---- glGetTexParameter ---- */

static void
get_tex_parameter(struct st_context *ctx, GLenum target, GLenum pname,
                  GLint *iv, GLfloat *fv, bool integer_border, const char *func)
{
   struct st_texture_object *tex =
      st_texture_for_target(ctx, target, false, NULL, func);
   if (!tex)
      return;
   if (target == GL_TEXTURE_BUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   if (!iv && !fv)
      return;
   if (st_sampler_param_get(ctx, &tex->sampler, pname, iv, fv, integer_border))
      return;

   GLint values[4];
   unsigned n = 1;
   bool is_float = false;
   GLfloat fvalue = 0;
   switch (pname) {
   case GL_TEXTURE_BASE_LEVEL:
      values[0] = tex->base_level;
      break;
   case GL_TEXTURE_MAX_LEVEL:
      values[0] = tex->max_level;
      break;
   case GL_TEXTURE_SWIZZLE_R:
   case GL_TEXTURE_SWIZZLE_G:
   case GL_TEXTURE_SWIZZLE_B:
   case GL_TEXTURE_SWIZZLE_A:
      values[0] = (GLint)tex->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
      break;
   case GL_TEXTURE_SWIZZLE_RGBA:
      if (ctx->es)
         goto bad;
      for (unsigned i = 0; i < 4; i++)
         values[i] = (GLint)tex->swizzle[i];
      n = 4;
      break;
   case GL_TEXTURE_IMMUTABLE_FORMAT:
      values[0] = tex->immutable;
      break;
   case GL_TEXTURE_IMMUTABLE_LEVELS:
      values[0] = (GLint)tex->immutable_levels;
      break;
   case GL_DEPTH_TEXTURE_MODE:
      if (!st_is_compat(ctx))
         goto bad;
      values[0] = (GLint)tex->depth_stencil_mode;
      break;
   case GL_GENERATE_MIPMAP:
      if (!st_is_compat(ctx))
         goto bad;
      values[0] = tex->generate_mipmap;
      break;
   case GL_TEXTURE_PRIORITY:
      if (!st_is_compat(ctx))
         goto bad;
      is_float = true;
      fvalue = 1.0f;
      break;
   case GL_TEXTURE_RESIDENT:
      if (!st_is_compat(ctx))
         goto bad;
      values[0] = GL_TRUE;
      break;
   default:
      goto bad;
   }
   for (unsigned i = 0; i < n; i++) {
      if (is_float) {
         if (iv)
            iv[i] = (GLint)lroundf(fvalue);
         else
            fv[i] = fvalue;
      } else if (iv) {
         iv[i] = values[i];
      } else {
         fv[i] = (GLfloat)values[i];
      }
   }
   return;
bad:
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
}

void
api_GetTexParameteriv(struct st_context *ctx, GLenum target, GLenum pname,
                      GLint *params)
{
   get_tex_parameter(ctx, target, pname, params, NULL, false,
                     "glGetTexParameteriv");
}

void
api_GetTexParameterfv(struct st_context *ctx, GLenum target, GLenum pname,
                      GLfloat *params)
{
   get_tex_parameter(ctx, target, pname, NULL, params, false,
                     "glGetTexParameterfv");
}

void
api_GetTexParameterIiv(struct st_context *ctx, GLenum target, GLenum pname,
                       GLint *params)
{
   get_tex_parameter(ctx, target, pname, params, NULL, true,
                     "glGetTexParameterIiv");
}

void
api_GetTexParameterIuiv(struct st_context *ctx, GLenum target, GLenum pname,
                        GLuint *params)
{
   get_tex_parameter(ctx, target, pname, (GLint *)params, NULL, true,
                     "glGetTexParameterIuiv");
}

/* ---- glGetTexLevelParameter ---- */

static bool
level_parameter(struct st_context *ctx, const struct st_texture_object *tex,
                const struct st_texture_image *img, GLenum pname, GLint *out,
                const char *func)
{
   bool defined = img->format != PIPE_FORMAT_NONE;
   GLenum base = defined ? st_base_format(img->internal_format) : 0;
   const struct u_format_desc *d =
      defined ? u_format_description(img->format) : NULL;
   switch (pname) {
   case GL_TEXTURE_WIDTH:
      *out = img->width;
      return true;
   case GL_TEXTURE_HEIGHT:
      *out = img->height;
      return true;
   case GL_TEXTURE_DEPTH:
      *out = img->depth;
      return true;
   case GL_TEXTURE_INTERNAL_FORMAT:
      *out = defined ? (GLint)img->internal_format
                     : (st_is_compat(ctx) ? 1 : GL_RGBA);
      return true;
   case GL_TEXTURE_BORDER:
      if (!st_is_compat(ctx))
         return false;
      *out = 0;
      return true;
   case GL_TEXTURE_RED_SIZE:
   case GL_TEXTURE_GREEN_SIZE:
   case GL_TEXTURE_BLUE_SIZE:
   case GL_TEXTURE_ALPHA_SIZE: {
      static const GLenum comp[] = { GL_RED, GL_GREEN, GL_BLUE, GL_ALPHA };
      *out = (GLint)st_format_component_bits(img->format, base,
                                             comp[pname - GL_TEXTURE_RED_SIZE]);
      return true;
   }
   case GL_TEXTURE_LUMINANCE_SIZE:
   case GL_TEXTURE_INTENSITY_SIZE:
      if (!st_is_compat(ctx))
         return false;
      *out = (GLint)st_format_component_bits(
         img->format, base,
         pname == GL_TEXTURE_LUMINANCE_SIZE ? GL_LUMINANCE : GL_INTENSITY);
      return true;
   case GL_TEXTURE_DEPTH_SIZE:
      *out =
         (GLint)st_format_component_bits(img->format, base, GL_DEPTH_COMPONENT);
      return true;
   case GL_TEXTURE_STENCIL_SIZE:
      *out = base == GL_DEPTH_STENCIL || base == GL_STENCIL_INDEX
                ? (GLint)st_format_component_bits(img->format, base,
                                                  GL_STENCIL_INDEX)
                : 0;
      return true;
   case GL_TEXTURE_SHARED_SIZE:
      *out = d && d->layout == U_FORMAT_LAYOUT_RGB9E5 ? 5 : 0;
      return true;
   case GL_TEXTURE_RED_TYPE:
   case GL_TEXTURE_GREEN_TYPE:
   case GL_TEXTURE_BLUE_TYPE:
   case GL_TEXTURE_ALPHA_TYPE:
   case GL_TEXTURE_LUMINANCE_TYPE:
   case GL_TEXTURE_INTENSITY_TYPE:
   case GL_TEXTURE_DEPTH_TYPE: {
      static const GLenum comp[] = {
         GL_RED,       GL_GREEN,     GL_BLUE,           GL_ALPHA,
         GL_LUMINANCE, GL_INTENSITY, GL_DEPTH_COMPONENT
      };
      GLenum c = comp[pname - GL_TEXTURE_RED_TYPE];
      if ((c == GL_LUMINANCE || c == GL_INTENSITY) && !st_is_compat(ctx))
         return false;
      /* Luminance and intensity are read from the first channel. */
      GLenum channel = c == GL_LUMINANCE || c == GL_INTENSITY ? GL_RED : c;
      *out = st_format_component_bits(img->format, base, c)
                ? (GLint)st_format_component_type(img->format, channel)
                : GL_NONE;
      return true;
   }
   case GL_TEXTURE_COMPRESSED:
      *out = defined && d && d->is_compressed;
      return true;
   case GL_TEXTURE_COMPRESSED_IMAGE_SIZE:
      if (!defined || !d || !d->is_compressed) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(GL_TEXTURE_COMPRESSED_IMAGE_SIZE of an uncompressed "
                  "image)",
                  func);
         *out = 0;
         return true;
      }
      {
         unsigned bw = (unsigned)(img->width + 3) / 4;
         unsigned bh = (unsigned)(img->height + 3) / 4;
         unsigned layers =
            tex->target == GL_TEXTURE_1D_ARRAY ? 1 : (unsigned)img->depth;
         *out = (GLint)(bw * bh * layers * d->block_bytes);
      }
      return true;
   case GL_TEXTURE_SAMPLES:
      *out = img->samples;
      return true;
   case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS:
      *out = defined ? img->fixed_sample_locations : GL_TRUE;
      return true;
   default:
      return false;
   }
}

static void
get_tex_level_parameter(struct st_context *ctx, GLenum target, GLint level,
                        GLenum pname, GLint *iv, GLfloat *fv, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   struct st_texture_object *tex;
   unsigned face = 0;
   enum st_tex_target t;
   if (st_tex_proxy_index(ctx, target, &t)) {
      tex = ts->proxies[t];
   } else if (target == GL_TEXTURE_CUBE_MAP || target == GL_TEXTURE_BUFFER ||
              (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
               target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z && ctx->es)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   } else {
      tex = st_texture_for_target(ctx, target, true, &face, func);
      if (!tex)
         return;
      if (!st_tex_target_index(ctx, tex->target, &t))
         t = ST_TEX_2D;
   }
   if (level < 0 || (unsigned)level >= st_texture_max_levels(ctx, t)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   const struct st_texture_image *img = &tex->image[face][level];
   GLint value = 0;
   if (!level_parameter(ctx, tex, img, pname, &value, func)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   if (iv)
      *iv = value;
   else if (fv)
      *fv = (GLfloat)value;
}

void
api_GetTexLevelParameteriv(struct st_context *ctx, GLenum target, GLint level,
                           GLenum pname, GLint *params)
{
   get_tex_level_parameter(ctx, target, level, pname, params, NULL,
                           "glGetTexLevelParameteriv");
}

void
api_GetTexLevelParameterfv(struct st_context *ctx, GLenum target, GLint level,
                           GLenum pname, GLfloat *params)
{
   get_tex_level_parameter(ctx, target, level, pname, NULL, params,
                           "glGetTexLevelParameterfv");
}
