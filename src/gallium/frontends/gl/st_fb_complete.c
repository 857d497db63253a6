/* SPDX-License-Identifier: MIT */

/*
 * Framebuffer completeness (GL 3.3 core 4.4.4, ES 3.0 4.4.4, ES 2.0
 * 4.4.5) and glCheckFramebufferStatus.
 *
 * The checks, in the order made (the specifications leave the order
 * open when several fail):
 * - the default framebuffer without a drawable: FRAMEBUFFER_UNDEFINED;
 * - attachment completeness of every attachment point (the image
 *   exists, has a non-zero size, the layer is inside it, the format is
 *   colour- / depth- / stencil-renderable for its point):
 *   INCOMPLETE_ATTACHMENT;
 * - no image at all: INCOMPLETE_MISSING_ATTACHMENT;
 * - ES 2.0 only: images of different sizes: INCOMPLETE_DIMENSIONS;
 * - desktop GL before 4.1 without GL_ARB_ES2_compatibility (which Indium
 *   has): a draw buffer or the read buffer names an empty attachment
 *   point: INCOMPLETE_DRAW_BUFFER / READ_BUFFER;
 * - sample counts (and fixed sample locations) that differ:
 *   INCOMPLETE_MULTISAMPLE;
 * - layered and non-layered attachments mixed, or layered colour
 *   attachments of different texture targets: INCOMPLETE_LAYER_TARGETS;
 * - what the pipe interface cannot do: depth and stencil attached from
 *   different images (there is one depth/stencil surface), or a format the
 *   driver cannot render to: UNSUPPORTED.
 */
#include "pipe/p_screen.h"
#include "glapi_api.h"
#include "glapi_extensions.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_texture.h"

bool
st_fb_attachment_image(const struct st_fb_attachment *att,
                       GLenum *internal_format, enum pipe_format *format,
                       unsigned *width, unsigned *height, unsigned *depth,
                       unsigned *samples)
{
   if (att->type == GL_RENDERBUFFER) {
      const struct st_renderbuffer *rb = att->rb;
      if (!rb || rb->format == PIPE_FORMAT_NONE)
         return false;
      *internal_format = rb->internal_format;
      *format = rb->format;
      *width = (unsigned)rb->width;
      *height = (unsigned)rb->height;
      *depth = 1;
      *samples = (unsigned)rb->samples;
      return true;
   }
   if (att->type != GL_TEXTURE || !att->tex)
      return false;
   const struct st_texture_image *img =
      st_texture_get_image(att->tex, att->face, att->level);
   if (!img || img->format == PIPE_FORMAT_NONE)
      return false;
   *internal_format = img->internal_format;
   *format = img->format;
   *width = (unsigned)img->width;
   *height = (unsigned)img->height;
   *depth = 1;
   if (att->layered)
      *depth =
         att->tex->target == GL_TEXTURE_CUBE_MAP ? 6u : (unsigned)img->depth;
   *samples = (unsigned)img->samples;
   return true;
}

/** Layers (3D: slices) of the attached level, for the layer check. */
static unsigned
image_layers(const struct st_fb_attachment *att)
{
   const struct st_texture_image *img =
      st_texture_get_image(att->tex, att->face, att->level);
   switch (att->tex->target) {
   case GL_TEXTURE_3D:
   case GL_TEXTURE_1D_ARRAY:
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return (unsigned)(att->tex->target == GL_TEXTURE_1D_ARRAY ? img->height
                                                                : img->depth);
   case GL_TEXTURE_CUBE_MAP:
      return att->layered ? 6u : 1u;
   default:
      return 1;
   }
}

static bool
attachment_complete(struct st_context *ctx, const struct st_fb_attachment *att,
                    unsigned index)
{
   GLenum internal_format;
   enum pipe_format format;
   unsigned w, h, d, samples;
   if (!st_fb_attachment_image(att, &internal_format, &format, &w, &h, &d,
                               &samples))
      return false;
   if (!w || !h || !d)
      return false;
   if (att->type == GL_TEXTURE && !att->layered &&
       att->layer >= image_layers(att))
      return false;
   if (index < ST_MAX_DRAW_BUFFERS)
      return st_fb_color_renderable(ctx, internal_format);
   if (index == ST_FB_DEPTH)
      return st_fb_depth_renderable(internal_format);
   return st_fb_stencil_renderable(internal_format);
}

static bool
same_image(const struct st_fb_attachment *a, const struct st_fb_attachment *b)
{
   if (a->type != b->type)
      return false;
   if (a->type == GL_RENDERBUFFER)
      return a->rb == b->rb;
   return a->tex == b->tex && a->level == b->level && a->face == b->face &&
          a->layer == b->layer && a->layered == b->layered;
}

/** Whether draw or read buffer @p buffer names an empty point. */
static bool
names_empty_point(const struct st_framebuffer *fb, GLenum buffer)
{
   if (buffer == GL_NONE)
      return false;
   unsigned i = buffer - GL_COLOR_ATTACHMENT0;
   return i >= ST_MAX_DRAW_BUFFERS || fb->att[i].type == GL_NONE;
}

static GLenum
check_multisample(struct st_context *ctx, const struct st_framebuffer *fb)
{
   int rb_samples = -1, tex_samples = -1, fixed = -1;
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      const struct st_fb_attachment *att = &fb->att[i];
      GLenum ifmt;
      enum pipe_format format;
      unsigned w, h, d, samples;
      if (!st_fb_attachment_image(att, &ifmt, &format, &w, &h, &d, &samples))
         continue;
      if (att->type == GL_RENDERBUFFER) {
         if (rb_samples >= 0 && rb_samples != (int)samples)
            return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
         rb_samples = (int)samples;
      } else {
         const struct st_texture_image *img =
            st_texture_get_image(att->tex, att->face, att->level);
         if (tex_samples >= 0 && tex_samples != (int)samples)
            return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
         if (samples > 1 && fixed >= 0 && fixed != img->fixed_sample_locations)
            return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
         tex_samples = (int)samples;
         if (samples > 1)
            fixed = img->fixed_sample_locations;
      }
   }
   if (rb_samples < 0 || tex_samples < 0)
      return GL_FRAMEBUFFER_COMPLETE;
   /* ES 3.0: a mix needs single-sampled renderbuffers; GL 3.3: the counts
    * match and the textures use fixed sample locations. */
   if (ctx->es ? rb_samples != 0 : rb_samples != tex_samples || fixed == 0)
      return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
   return GL_FRAMEBUFFER_COMPLETE;
}

static GLenum
check_layers(const struct st_framebuffer *fb)
{
   int layered = -1;
   GLenum target = GL_NONE;
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      const struct st_fb_attachment *att = &fb->att[i];
      if (att->type == GL_NONE)
         continue;
      if (layered >= 0 && layered != att->layered)
         return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
      layered = att->layered;
      if (att->layered && i < ST_MAX_DRAW_BUFFERS) {
         if (target != GL_NONE && target != att->tex->target)
            return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS;
         target = att->tex->target;
      }
   }
   return GL_FRAMEBUFFER_COMPLETE;
}

static bool
format_supported(struct st_context *ctx, const struct st_fb_attachment *att,
                 unsigned index)
{
   GLenum ifmt;
   enum pipe_format format;
   unsigned w, h, d, samples;
   st_fb_attachment_image(att, &ifmt, &format, &w, &h, &d, &samples);
   struct pipe_screen *screen = ctx->screen;
   unsigned bind = index < ST_MAX_DRAW_BUFFERS ? PIPE_BIND_RENDER_TARGET
                                               : PIPE_BIND_DEPTH_STENCIL;
   enum pipe_texture_target target = PIPE_TEXTURE_2D;
   if (att->type == GL_TEXTURE && att->tex->resource)
      target = att->tex->resource->target;
   return screen->is_format_supported(screen, format, target, samples, bind);
}

GLenum
st_fb_status(struct st_context *ctx, struct st_framebuffer *fb, bool read)
{
   if (!fb->name) {
      struct st_drawable *drawable =
         read ? ctx->read_drawable : ctx->draw_drawable;
      return drawable ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
   }

   bool any = false;
   unsigned width = 0, height = 0;
   bool same_size = true;
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      const struct st_fb_attachment *att = &fb->att[i];
      if (att->type == GL_NONE)
         continue;
      if (!attachment_complete(ctx, att, i))
         return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
      GLenum ifmt;
      enum pipe_format format;
      unsigned w, h, d, samples;
      st_fb_attachment_image(att, &ifmt, &format, &w, &h, &d, &samples);
      if (any && (w != width || h != height))
         same_size = false;
      width = w;
      height = h;
      any = true;
   }
   if (!any)
      return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
   if (ctx->es && ctx->version < 30 && !same_size)
      return GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS_EXT; /* ES 2.0 */

   /* GL 3.3 4.4.4; GL 4.1, GL_ARB_ES2_compatibility and ES dropped these
    * two (draws to an empty point are discarded, reads from one are
    * GL_INVALID_OPERATION). */
   if (!ctx->es && !st_has_extension(ctx, ST_EXT_ARB_ES2_compatibility)) {
      for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
         if (names_empty_point(fb, fb->draw_buffers[i]))
            return GL_FRAMEBUFFER_INCOMPLETE_DRAW_BUFFER;
      }
      if (names_empty_point(fb, fb->read_buffer))
         return GL_FRAMEBUFFER_INCOMPLETE_READ_BUFFER;
   }

   GLenum status = check_multisample(ctx, fb);
   if (status == GL_FRAMEBUFFER_COMPLETE)
      status = check_layers(fb);
   if (status != GL_FRAMEBUFFER_COMPLETE)
      return status;

   const struct st_fb_attachment *z = &fb->att[ST_FB_DEPTH];
   const struct st_fb_attachment *s = &fb->att[ST_FB_STENCIL];
   if (z->type != GL_NONE && s->type != GL_NONE && !same_image(z, s))
      return GL_FRAMEBUFFER_UNSUPPORTED;
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      if (fb->att[i].type != GL_NONE && !format_supported(ctx, &fb->att[i], i))
         return GL_FRAMEBUFFER_UNSUPPORTED;
   }
   return GL_FRAMEBUFFER_COMPLETE;
}

GLenum
api_CheckFramebufferStatus(struct st_context *ctx, GLenum target)
{
   struct st_framebuffer *fb = st_fb_bound(ctx, target);
   if (!fb) {
      st_error(ctx, GL_INVALID_ENUM, "glCheckFramebufferStatus(target=%s)",
               st_enum_name(target));
      return 0;
   }
   return st_fb_status(ctx, fb, target == GL_READ_FRAMEBUFFER);
}
