/* SPDX-License-Identifier: MIT */

/*
 * Textures defined all at once: glTexStorage1D/2D/3D (immutable
 * storage, GL 4.6 core 8.19), glTexImage2DMultisample and
 * glTexImage3DMultisample (8.8), and buffer textures (glTexBuffer, 8.9).
 */
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_pixels.h"
#include "st_texture_priv.h"

/* Unsized and generic compressed formats, which glTexStorage rejects. */
static bool
is_unsized(GLenum f)
{
   switch (f) {
   case 1:
   case 2:
   case 3:
   case 4:
   case GL_RED:
   case GL_RG:
   case GL_RGB:
   case GL_RGBA:
   case GL_ALPHA:
   case GL_LUMINANCE:
   case GL_LUMINANCE_ALPHA:
   case GL_INTENSITY:
   case GL_SRGB:
   case GL_SRGB_ALPHA:
   case GL_SLUMINANCE:
   case GL_SLUMINANCE_ALPHA:
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL:
   case GL_COMPRESSED_RED:
   case GL_COMPRESSED_RG:
   case GL_COMPRESSED_RGB:
   case GL_COMPRESSED_RGBA:
   case GL_COMPRESSED_SRGB:
   case GL_COMPRESSED_SRGB_ALPHA:
   case GL_COMPRESSED_ALPHA:
   case GL_COMPRESSED_LUMINANCE:
   case GL_COMPRESSED_LUMINANCE_ALPHA:
   case GL_COMPRESSED_INTENSITY:
   case GL_COMPRESSED_SLUMINANCE:
   case GL_COMPRESSED_SLUMINANCE_ALPHA:
      return true;
   default:
      return false;
   }
}

static void
tex_storage(struct st_context *ctx, unsigned dims, GLenum target,
            GLsizei levels, GLenum internal_format, GLsizei width,
            GLsizei height, GLsizei depth, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   bool proxy;
   unsigned face;
   if (!st_teximage_target(ctx, dims, target, true, &t, &proxy, &face) ||
       face != 0 ||
       (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
        target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)) {
      /* glTexStorage2D takes the cube map target, not its faces. */
      if (dims != 2 || target != GL_TEXTURE_CUBE_MAP ||
          !st_tex_target_index(ctx, target, &t)) {
         st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
                  st_enum_name(target));
         return;
      }
      proxy = false;
   }
   if (!st_format_is_valid(ctx, internal_format) ||
       is_unsized(internal_format)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(internalformat=%s)", func,
               st_enum_name(internal_format));
      return;
   }
   if (dims < 2)
      height = 1;
   if (dims < 3)
      depth = 1;
   if (levels < 1 || width < 1 || height < 1 || depth < 1) {
      st_error(ctx, GL_INVALID_VALUE, "%s(levels=%d, size=%dx%dx%d)", func,
               levels, width, height, depth);
      return;
   }
   GLenum err = st_teximage_check_size(ctx, t, 0, width, height, depth, 0);
   if (err != GL_NO_ERROR && !proxy) {
      st_error(ctx, err, "%s(size=%dx%dx%d)", func, width, height, depth);
      return;
   }
   /* GL 4.6 core, 8.19: at most log2(largest dimension) + 1 levels. */
   unsigned size = (unsigned)width;
   if (t != ST_TEX_1D_ARRAY && (unsigned)height > size)
      size = (unsigned)height;
   if (t == ST_TEX_3D && (unsigned)depth > size)
      size = (unsigned)depth;
   unsigned max_levels = 1;
   while (size >>= 1)
      max_levels++;
   if (t == ST_TEX_RECT)
      max_levels = 1;
   if ((unsigned)levels > max_levels) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(levels=%d, at most %u)", func,
               levels, max_levels);
      return;
   }
   enum pipe_format pformat =
      st_choose_format(ctx, internal_format, GL_NONE, GL_NONE,
                       st_tex_target_pipe(t), PIPE_BIND_SAMPLER_VIEW);
   GLenum base = st_base_format(internal_format);
   if ((base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL) &&
       t == ST_TEX_3D) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(%s for %s)", func,
               st_enum_name(internal_format), st_enum_name(target));
      return;
   }
   if (st_format_is_compressed(internal_format) &&
       (t == ST_TEX_1D || t == ST_TEX_1D_ARRAY || t == ST_TEX_3D ||
        t == ST_TEX_RECT)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(%s for %s)", func,
               st_enum_name(internal_format), st_enum_name(target));
      return;
   }
   struct st_texture_object *tex =
      proxy ? ts->proxies[t] : ts->bound[ts->active_unit][t];
   if (!proxy && (tex->immutable || tex->name == 0)) {
      /* ARB_texture_storage: the default texture cannot be immutable. */
      st_error(ctx, GL_INVALID_OPERATION, "%s(%s)", func,
               tex->immutable ? "texture already immutable"
                              : "default texture");
      return;
   }
   unsigned faces = t == ST_TEX_CUBE ? 6 : 1;
   if (proxy) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         for (unsigned f = 0; f < faces; f++) {
            st_texture_clear_image(tex, f, l);
            if (err != GL_NO_ERROR || pformat == PIPE_FORMAT_NONE ||
                l >= (unsigned)levels)
               continue;
            struct st_texture_image *img = &tex->image[f][l];
            img->internal_format = internal_format;
            img->format = pformat;
            img->width = width > 1 ? width >> l : 1;
            img->height =
               t == ST_TEX_1D_ARRAY ? height : (height >> l ? height >> l : 1);
            img->depth = t == ST_TEX_3D ? (depth >> l ? depth >> l : 1) : depth;
            if (!img->width)
               img->width = 1;
         }
      }
      return;
   }
   if (pformat == PIPE_FORMAT_NONE) {
      st_error(ctx, GL_INVALID_ENUM, "%s(internalformat=%s unsupported)", func,
               st_enum_name(internal_format));
      return;
   }
   st_flush_vertices(ctx);
   for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
      for (unsigned f = 0; f < 6; f++)
         st_texture_clear_image(tex, f, l);
   }
   tex->immutable = true;
   tex->immutable_levels = (GLuint)levels;
   for (unsigned l = 0; l < (unsigned)levels; l++) {
      GLsizei w = width >> l ? width >> l : 1;
      GLsizei h =
         t == ST_TEX_1D_ARRAY ? height : (height >> l ? height >> l : 1);
      GLsizei d = t == ST_TEX_3D ? (depth >> l ? depth >> l : 1) : depth;
      for (unsigned f = 0; f < faces; f++) {
         if (!st_texture_define_image(ctx, tex, f, l, internal_format, pformat,
                                      w, h, d, 0, true)) {
            st_out_of_memory(ctx, func);
            return;
         }
      }
   }
   st_texture_changed(ctx, tex);
}

void
api_TexStorage1D(struct st_context *ctx, GLenum target, GLsizei levels,
                 GLenum internalformat, GLsizei width)
{
   tex_storage(ctx, 1, target, levels, internalformat, width, 1, 1,
               "glTexStorage1D");
}

void
api_TexStorage2D(struct st_context *ctx, GLenum target, GLsizei levels,
                 GLenum internalformat, GLsizei width, GLsizei height)
{
   tex_storage(ctx, 2, target, levels, internalformat, width, height, 1,
               "glTexStorage2D");
}

void
api_TexStorage3D(struct st_context *ctx, GLenum target, GLsizei levels,
                 GLenum internalformat, GLsizei width, GLsizei height,
                 GLsizei depth)
{
   tex_storage(ctx, 3, target, levels, internalformat, width, height, depth,
               "glTexStorage3D");
}

/* ---- multisample textures ---- */

static void
tex_image_multisample(struct st_context *ctx, bool array, GLenum target,
                      GLsizei samples, GLenum internal_format, GLsizei width,
                      GLsizei height, GLsizei depth,
                      GLboolean fixed_sample_locations, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   bool proxy = st_tex_proxy_index(ctx, target, &t);
   if (!proxy && !st_tex_target_index(ctx, target, &t))
      t = ST_TEX_COUNT;
   if (t != (array ? ST_TEX_2D_MS_ARRAY : ST_TEX_2D_MS)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   GLenum base = st_base_format(internal_format);
   bool zs = base == GL_DEPTH_COMPONENT || base == GL_DEPTH_STENCIL ||
             base == GL_STENCIL_INDEX;
   unsigned bind = zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET;
   enum pipe_format pformat = st_choose_format(
      ctx, internal_format, GL_NONE, GL_NONE, st_tex_target_pipe(t), bind);
   if (pformat == PIPE_FORMAT_NONE || is_unsized(internal_format) ||
       st_format_is_compressed(internal_format) || base == GL_LUMINANCE ||
       base == GL_ALPHA || base == GL_LUMINANCE_ALPHA || base == GL_INTENSITY) {
      st_error(ctx, GL_INVALID_ENUM, "%s(internalformat=%s not renderable)",
               func, st_enum_name(internal_format));
      return;
   }
   if (samples < 1) {
      st_error(ctx, GL_INVALID_VALUE, "%s(samples=%d)", func, samples);
      return;
   }
   if (!array)
      depth = 1;
   GLenum err = st_teximage_check_size(ctx, t, 0, width, height, depth, 0);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(size=%dx%dx%d)", func, width, height, depth);
      return;
   }
   int max_samples = ctx->screen->get_param(ctx->screen, PIPE_CAP_MAX_SAMPLES);
   if (samples > max_samples) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(samples=%d, at most %d)", func,
               samples, max_samples);
      return;
   }
   /* The screen's only multisample count at or above the request. */
   unsigned actual = (unsigned)max_samples;
   for (unsigned s = (unsigned)samples; s <= (unsigned)max_samples; s++) {
      if (s > 1 && ctx->screen->is_format_supported(
                      ctx->screen, pformat, st_tex_target_pipe(t), s, bind)) {
         actual = s;
         break;
      }
   }
   struct st_texture_object *tex =
      proxy ? ts->proxies[t] : ts->bound[ts->active_unit][t];
   if (proxy) {
      st_texture_clear_image(tex, 0, 0);
      struct st_texture_image *img = &tex->image[0][0];
      img->internal_format = internal_format;
      img->format = pformat;
      img->width = width;
      img->height = height;
      img->depth = depth;
      img->samples = (GLsizei)actual;
      img->fixed_sample_locations = fixed_sample_locations;
      return;
   }
   if (tex->immutable) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(immutable texture)", func);
      return;
   }
   st_flush_vertices(ctx);
   if (!width || !height || !depth) {
      st_texture_clear_image(tex, 0, 0);
   } else if (!st_texture_define_image(ctx, tex, 0, 0, internal_format, pformat,
                                       width, height, depth, (GLsizei)actual,
                                       fixed_sample_locations)) {
      st_out_of_memory(ctx, func);
   }
   st_texture_changed(ctx, tex);
}

void
api_TexImage2DMultisample(struct st_context *ctx, GLenum target,
                          GLsizei samples, GLenum internalformat, GLsizei width,
                          GLsizei height, GLboolean fixedsamplelocations)
{
   tex_image_multisample(ctx, false, target, samples, internalformat, width,
                         height, 1, fixedsamplelocations,
                         "glTexImage2DMultisample");
}

void
api_TexImage3DMultisample(struct st_context *ctx, GLenum target,
                          GLsizei samples, GLenum internalformat, GLsizei width,
                          GLsizei height, GLsizei depth,
                          GLboolean fixedsamplelocations)
{
   tex_image_multisample(ctx, true, target, samples, internalformat, width,
                         height, depth, fixedsamplelocations,
                         "glTexImage3DMultisample");
}

/* ---- buffer textures ---- */

/* GL 3.3 core, table 3.15: the internal formats of buffer textures. */
static bool
is_buffer_format(GLenum f)
{
   switch (f) {
   case GL_R8:
   case GL_R16:
   case GL_R16F:
   case GL_R32F:
   case GL_R8I:
   case GL_R16I:
   case GL_R32I:
   case GL_R8UI:
   case GL_R16UI:
   case GL_R32UI:
   case GL_RG8:
   case GL_RG16:
   case GL_RG16F:
   case GL_RG32F:
   case GL_RG8I:
   case GL_RG16I:
   case GL_RG32I:
   case GL_RG8UI:
   case GL_RG16UI:
   case GL_RG32UI:
   case GL_RGBA8:
   case GL_RGBA16:
   case GL_RGBA16F:
   case GL_RGBA32F:
   case GL_RGBA8I:
   case GL_RGBA16I:
   case GL_RGBA32I:
   case GL_RGBA8UI:
   case GL_RGBA16UI:
   case GL_RGBA32UI:
      return true;
   default:
      return false;
   }
}

void
api_TexBuffer(struct st_context *ctx, GLenum target, GLenum internalformat,
              GLuint buffer)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, target, &t) || t != ST_TEX_BUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "glTexBuffer(target=%s)",
               st_enum_name(target));
      return;
   }
   if (!is_buffer_format(internalformat)) {
      st_error(ctx, GL_INVALID_ENUM, "glTexBuffer(internalformat=%s)",
               st_enum_name(internalformat));
      return;
   }
   struct st_buffer *buf = st_buffer_lookup(ctx, buffer);
   if (buffer && !buf) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glTexBuffer(buffer=%u is not a buffer object)", buffer);
      return;
   }
   enum pipe_format pformat =
      st_choose_format(ctx, internalformat, GL_NONE, GL_NONE, PIPE_BUFFER,
                       PIPE_BIND_SAMPLER_VIEW);
   struct st_texture_object *tex = ts->bound[ts->active_unit][t];
   st_flush_vertices(ctx);
   st_buffer_reference(&tex->buffer, buf);
   tex->buffer_internal_format = internalformat;
   tex->buffer_offset = 0;
   tex->buffer_size = 0;
   struct st_texture_image *img = &tex->image[0][0];
   img->internal_format = internalformat;
   img->format = buf ? pformat : PIPE_FORMAT_NONE;
   img->width = buf && pformat != PIPE_FORMAT_NONE
                   ? (GLsizei)(buf->size / u_format_get_blocksize(pformat))
                   : 0;
   img->height = img->depth = buf ? 1 : 0;
   st_texture_changed(ctx, tex);
}
