/* SPDX-License-Identifier: MIT */

/*
 * Renderbuffer objects (shared by the contexts of a share group):
 * glGenRenderbuffers, glDeleteRenderbuffers, glIsRenderbuffer,
 * glBindRenderbuffer (and the EXT bind, which accepts any name),
 * glRenderbufferStorage[Multisample] and glGetRenderbufferParameteriv.
 *
 * A renderbuffer's storage is a single-level 2D pipe resource (made by
 * glRenderbufferStorage; none while the size is 0).  The driver rounds
 * sample counts up to one it supports (GL 4.6 core, 9.2.4: "at least
 * samples"); RENDERBUFFER_SAMPLES reports what was allocated.
 */
#include <stdlib.h>

#include "pipe/p_inlines.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_get.h"
#include "st_names.h"
#include "st_pixels.h"

struct st_renderbuffer *
st_renderbuffer_lookup(struct st_context *ctx, GLuint name)
{
   if (!name)
      return NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_renderbuffer *rb =
      st_names_lookup(ctx->shared->renderbuffers, name);
   mtx_unlock(&ctx->shared->mutex);
   return rb;
}

void
st_renderbuffer_reference(struct st_renderbuffer **slot,
                          struct st_renderbuffer *rb)
{
   struct st_renderbuffer *old = *slot;
   if (old == rb)
      return;
   if (rb)
      atomic_fetch_add(&rb->refcount, 1);
   if (old && atomic_fetch_sub(&old->refcount, 1) == 1) {
      pipe_resource_ref(&old->resource, NULL);
      free(old);
   }
   *slot = rb;
}

void
api_GenRenderbuffers(struct st_context *ctx, GLsizei n, GLuint *renderbuffers)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenRenderbuffers(n=%d)", n);
      return;
   }
   if (n == 0 || !renderbuffers)
      return;
   mtx_lock(&ctx->shared->mutex);
   bool ok = st_names_gen(ctx->shared->renderbuffers, n, renderbuffers);
   mtx_unlock(&ctx->shared->mutex);
   if (!ok)
      st_out_of_memory(ctx, "glGenRenderbuffers");
}

/** GL 4.6 core, 9.2.7: a deleted renderbuffer is detached from the
 * framebuffers bound in this context. */
static void
detach_renderbuffer(struct st_context *ctx, struct st_framebuffer *fb,
                    struct st_renderbuffer *rb)
{
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      if (fb->att[i].type == GL_RENDERBUFFER && fb->att[i].rb == rb) {
         st_fb_attachment_reset(ctx, &fb->att[i]);
         ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
      }
   }
}

void
api_DeleteRenderbuffers(struct st_context *ctx, GLsizei n,
                        const GLuint *renderbuffers)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteRenderbuffers(n=%d)", n);
      return;
   }
   if (!renderbuffers)
      return;
   st_flush_vertices(ctx);
   struct st_fb_state *fbs = ctx->fb;
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = renderbuffers[i];
      if (!name)
         continue;
      mtx_lock(&ctx->shared->mutex);
      struct st_renderbuffer *rb =
         st_names_lookup(ctx->shared->renderbuffers, name);
      st_names_remove(ctx->shared->renderbuffers, name);
      mtx_unlock(&ctx->shared->mutex);
      if (!rb)
         continue;
      rb->deleted = true;
      if (fbs->renderbuffer == rb)
         st_renderbuffer_reference(&fbs->renderbuffer, NULL);
      detach_renderbuffer(ctx, fbs->draw, rb);
      if (fbs->read != fbs->draw)
         detach_renderbuffer(ctx, fbs->read, rb);
      /* The name space's reference. */
      st_renderbuffer_reference(&rb, NULL);
   }
}

GLboolean
api_IsRenderbuffer(struct st_context *ctx, GLuint renderbuffer)
{
   return st_renderbuffer_lookup(ctx, renderbuffer) ? GL_TRUE : GL_FALSE;
}

static void
bind_renderbuffer(struct st_context *ctx, GLenum target, GLuint name,
                  bool any_name, const char *func)
{
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   struct st_renderbuffer *rb = NULL;
   if (name) {
      mtx_lock(&ctx->shared->mutex);
      struct st_names *names = ctx->shared->renderbuffers;
      rb = st_names_lookup(names, name);
      GLenum error = GL_NO_ERROR;
      if (!rb && !any_name && !st_names_is_used(names, name)) {
         error = GL_INVALID_OPERATION;
      } else if (!rb) {
         rb = calloc(1, sizeof(*rb));
         if (rb) {
            atomic_init(&rb->refcount, 1);
            rb->name = name;
            rb->internal_format = GL_RGBA;
            if (!st_names_insert(names, name, rb)) {
               free(rb);
               rb = NULL;
            }
         }
         if (!rb)
            error = GL_OUT_OF_MEMORY;
      }
      mtx_unlock(&ctx->shared->mutex);
      if (error == GL_INVALID_OPERATION) {
         st_error(ctx, error, "%s(renderbuffer=%u not from glGenRenderbuffers)",
                  func, name);
         return;
      }
      if (error) {
         st_out_of_memory(ctx, func);
         return;
      }
   }
   st_renderbuffer_reference(&ctx->fb->renderbuffer, rb);
}

void
api_BindRenderbuffer(struct st_context *ctx, GLenum target, GLuint renderbuffer)
{
   bind_renderbuffer(ctx, target, renderbuffer, st_is_compat(ctx),
                     "glBindRenderbuffer");
}

void
api_BindRenderbufferEXT(struct st_context *ctx, GLenum target,
                        GLuint renderbuffer)
{
   bind_renderbuffer(ctx, target, renderbuffer, true, "glBindRenderbufferEXT");
}

/** The value of limit @p pname (GL_MAX_RENDERBUFFER_SIZE...), as glGet
 * gives it. */
static GLint
limit(struct st_context *ctx, GLenum pname)
{
   struct st_value v = { .count = 0 };
   if (!st_limits_get(ctx, pname, -1, &v) || !v.count)
      return 0;
   return v.i[0];
}

/** Whether renderbuffer storage accepts @p format in this context:
 * ES takes sized formats of its own lists only. */
static bool
storage_format_ok(struct st_context *ctx, GLenum format)
{
   if (ctx->es) {
      switch (format) {
      case GL_RGB:
      case GL_RGBA:
      case GL_DEPTH_COMPONENT:
      case GL_DEPTH_STENCIL:
      case GL_STENCIL_INDEX:
      case GL_DEPTH_COMPONENT32:
      case GL_STENCIL_INDEX1:
      case GL_STENCIL_INDEX4:
      case GL_STENCIL_INDEX16:
         return false;
      case GL_DEPTH_COMPONENT32F:
      case GL_DEPTH32F_STENCIL8:
         return ctx->version >= 30;
      default:
         break;
      }
   }
   return st_fb_color_renderable(ctx, format) ||
          st_fb_depth_renderable(format) || st_fb_stencil_renderable(format);
}

/** The pipe format of renderbuffer storage of @p internal_format. */
static enum pipe_format
choose_format(struct st_context *ctx, GLenum internal_format, unsigned samples)
{
   bool color = st_fb_color_renderable(ctx, internal_format);
   unsigned bind = color ? PIPE_BIND_RENDER_TARGET : PIPE_BIND_DEPTH_STENCIL;
   if (!st_fb_depth_renderable(internal_format) &&
       st_fb_stencil_renderable(internal_format)) {
      /* Stencil-only: a stencil format if the driver has one, else the
       * stencil of a packed depth/stencil format. */
      static const enum pipe_format stencil_formats[] = {
         PIPE_FORMAT_S8_UINT,
         PIPE_FORMAT_Z24_UNORM_S8_UINT,
         PIPE_FORMAT_S8_UINT_Z24_UNORM,
         PIPE_FORMAT_Z32_FLOAT_S8X24_UINT,
      };
      for (unsigned i = 0; i < 4; i++) {
         if (ctx->screen->is_format_supported(ctx->screen, stencil_formats[i],
                                              PIPE_TEXTURE_2D, samples, bind))
            return stencil_formats[i];
      }
      return PIPE_FORMAT_NONE;
   }
   enum pipe_format format = st_choose_format(ctx, internal_format, GL_NONE,
                                              GL_NONE, PIPE_TEXTURE_2D, bind);
   if (format != PIPE_FORMAT_NONE && samples > 1 &&
       !ctx->screen->is_format_supported(ctx->screen, format, PIPE_TEXTURE_2D,
                                         samples, bind))
      return PIPE_FORMAT_NONE;
   return format;
}

/** The sample count the driver allocates for a request of @p samples
 * (0 if none is large enough). */
static unsigned
supported_samples(struct st_context *ctx, GLsizei samples)
{
   if (samples <= 1)
      return (unsigned)samples;
   int max = ctx->screen->get_param(ctx->screen, PIPE_CAP_MAX_SAMPLES);
   for (int s = samples; s <= max; s++) {
      if (ctx->screen->is_format_supported(
             ctx->screen, PIPE_FORMAT_R8G8B8A8_UNORM, PIPE_TEXTURE_2D,
             (unsigned)s, PIPE_BIND_RENDER_TARGET))
         return (unsigned)s;
   }
   return 0;
}

static void
renderbuffer_storage(struct st_context *ctx, GLenum target, GLsizei samples,
                     GLenum internal_format, GLsizei width, GLsizei height,
                     const char *func)
{
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   if (!storage_format_ok(ctx, internal_format)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(internalformat=%s)", func,
               st_enum_name(internal_format));
      return;
   }
   GLint max_size = limit(ctx, GL_MAX_RENDERBUFFER_SIZE);
   if (width < 0 || height < 0 || width > max_size || height > max_size) {
      st_error(ctx, GL_INVALID_VALUE, "%s(width=%d, height=%d)", func, width,
               height);
      return;
   }
   GLint max_samples = limit(ctx, GL_MAX_SAMPLES);
   if (samples < 0 || samples > max_samples) {
      /* ES 3.0 4.4.2.1: more than the format supports is
       * INVALID_OPERATION; GL 3.3 4.4.2.2: more than MAX_SAMPLES is
       * INVALID_VALUE. */
      st_error(ctx,
               samples > 0 && ctx->es ? GL_INVALID_OPERATION : GL_INVALID_VALUE,
               "%s(samples=%d)", func, samples);
      return;
   }
   struct st_renderbuffer *rb = ctx->fb->renderbuffer;
   if (!rb) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no renderbuffer bound)", func);
      return;
   }
   unsigned nr_samples = supported_samples(ctx, samples);
   enum pipe_format format =
      choose_format(ctx, internal_format, nr_samples > 1 ? nr_samples : 0);
   if (format == PIPE_FORMAT_NONE) {
      st_out_of_memory(ctx, func);
      return;
   }
   const struct u_format_desc *desc = u_format_description(format);
   if (samples > 0 && (desc->is_pure_uint || desc->is_pure_sint) && ctx->es) {
      /* ES 3.0 4.4.2.1: integer formats are not multisampled. */
      st_error(ctx, GL_INVALID_OPERATION, "%s(samples=%d, internalformat=%s)",
               func, samples, st_enum_name(internal_format));
      return;
   }

   struct pipe_resource *res = NULL;
   if (width > 0 && height > 0) {
      bool zs = desc->is_depth || desc->is_stencil;
      struct pipe_resource templ = {
         .target = PIPE_TEXTURE_2D,
         .format = format,
         .width0 = (unsigned)width,
         .height0 = (unsigned)height,
         .depth0 = 1,
         .array_size = 1,
         .nr_samples = nr_samples > 1 ? nr_samples : 0,
         .bind = (zs ? PIPE_BIND_DEPTH_STENCIL : PIPE_BIND_RENDER_TARGET) |
                 PIPE_BIND_SAMPLER_VIEW,
      };
      res = ctx->screen->resource_create(ctx->screen, &templ);
      if (!res) {
         st_out_of_memory(ctx, func);
         return;
      }
   }
   st_flush_vertices(ctx);
   pipe_resource_ref(&rb->resource, NULL);
   rb->resource = res;
   rb->internal_format = internal_format;
   rb->format = format;
   rb->width = width;
   rb->height = height;
   rb->samples = nr_samples > 1 ? (GLsizei)nr_samples : 0;
   /* Surfaces of the old storage are dropped when next validated. */
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

void
api_RenderbufferStorage(struct st_context *ctx, GLenum target,
                        GLenum internalformat, GLsizei width, GLsizei height)
{
   renderbuffer_storage(ctx, target, 0, internalformat, width, height,
                        "glRenderbufferStorage");
}

void
api_RenderbufferStorageMultisample(struct st_context *ctx, GLenum target,
                                   GLsizei samples, GLenum internalformat,
                                   GLsizei width, GLsizei height)
{
   renderbuffer_storage(ctx, target, samples, internalformat, width, height,
                        "glRenderbufferStorageMultisample");
}

/** Bits of channel @p c (0..3 RGBA, 4 depth, 5 stencil) of @p format. */
unsigned
st_fb_format_bits(enum pipe_format format, unsigned c)
{
   const struct u_format_desc *d = u_format_description(format);
   if (!d || format == PIPE_FORMAT_NONE)
      return 0;
   if (c >= 4) {
      if (d->colorspace != U_FORMAT_COLORSPACE_ZS)
         return 0;
      if ((c == 4 && !d->is_depth) || (c == 5 && !d->is_stencil))
         return 0;
      unsigned s = d->swizzle[c - 4];
      return s < 4 ? d->channel[s].size : 0;
   }
   if (d->colorspace == U_FORMAT_COLORSPACE_ZS)
      return 0;
   unsigned s = d->swizzle[c];
   return s < 4 ? d->channel[s].size : 0;
}

void
api_GetRenderbufferParameteriv(struct st_context *ctx, GLenum target,
                               GLenum pname, GLint *params)
{
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(target=%s)",
               st_enum_name(target));
      return;
   }
   struct st_renderbuffer *rb = ctx->fb->renderbuffer;
   GLint value;
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH:
   case GL_RENDERBUFFER_HEIGHT:
   case GL_RENDERBUFFER_INTERNAL_FORMAT:
   case GL_RENDERBUFFER_SAMPLES:
   case GL_RENDERBUFFER_RED_SIZE:
   case GL_RENDERBUFFER_GREEN_SIZE:
   case GL_RENDERBUFFER_BLUE_SIZE:
   case GL_RENDERBUFFER_ALPHA_SIZE:
   case GL_RENDERBUFFER_DEPTH_SIZE:
   case GL_RENDERBUFFER_STENCIL_SIZE:
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "glGetRenderbufferParameteriv(pname=%s)",
               st_enum_name(pname));
      return;
   }
   if (!rb) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glGetRenderbufferParameteriv(no renderbuffer bound)");
      return;
   }
   switch (pname) {
   case GL_RENDERBUFFER_WIDTH:
      value = rb->width;
      break;
   case GL_RENDERBUFFER_HEIGHT:
      value = rb->height;
      break;
   case GL_RENDERBUFFER_INTERNAL_FORMAT:
      value = (GLint)rb->internal_format;
      break;
   case GL_RENDERBUFFER_SAMPLES:
      value = rb->samples;
      break;
   case GL_RENDERBUFFER_RED_SIZE:
      value = (GLint)st_fb_format_bits(rb->format, 0);
      break;
   case GL_RENDERBUFFER_GREEN_SIZE:
      value = (GLint)st_fb_format_bits(rb->format, 1);
      break;
   case GL_RENDERBUFFER_BLUE_SIZE:
      value = (GLint)st_fb_format_bits(rb->format, 2);
      break;
   case GL_RENDERBUFFER_ALPHA_SIZE:
      value = (GLint)st_fb_format_bits(rb->format, 3);
      break;
   case GL_RENDERBUFFER_DEPTH_SIZE:
      value = (GLint)st_fb_format_bits(rb->format, 4);
      break;
   default:
      value = (GLint)st_fb_format_bits(rb->format, 5);
      break;
   }
   if (params)
      *params = value;
}

/*
 * ES 3.0 (GL 4.2's command): the sample counts a renderbuffer of
 * @p internalformat may have, highest first.  ES 3.0 has no multisampled
 * integer renderbuffers, so their list is empty.
 */
void
api_GetInternalformativ(struct st_context *ctx, GLenum target,
                        GLenum internalformat, GLenum pname, GLsizei bufSize,
                        GLint *params)
{
   if (target != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(target=%s)",
               st_enum_name(target));
      return;
   }
   if (!storage_format_ok(ctx, internalformat)) {
      st_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(internalformat=%s)",
               st_enum_name(internalformat));
      return;
   }
   if (pname != GL_SAMPLES && pname != GL_NUM_SAMPLE_COUNTS) {
      st_error(ctx, GL_INVALID_ENUM, "glGetInternalformativ(pname=%s)",
               st_enum_name(pname));
      return;
   }
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetInternalformativ(bufSize=%d)",
               bufSize);
      return;
   }
   GLint counts[16];
   GLint n = 0;
   if (!(ctx->es && st_format_is_integer(internalformat))) {
      GLint max = limit(ctx, GL_MAX_SAMPLES);
      for (GLint s = max < 16 ? max : 16; s > 1 && n < 16; s--) {
         if (supported_samples(ctx, s) == (unsigned)s &&
             choose_format(ctx, internalformat, (unsigned)s) !=
                PIPE_FORMAT_NONE)
            counts[n++] = s;
      }
   }
   if (!params)
      return;
   if (pname == GL_NUM_SAMPLE_COUNTS) {
      if (bufSize >= 1)
         params[0] = n;
      return;
   }
   for (GLint i = 0; i < n && i < bufSize; i++)
      params[i] = counts[i];
}
