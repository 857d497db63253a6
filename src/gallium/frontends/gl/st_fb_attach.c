/* SPDX-License-Identifier: MIT */

/*
 * Attaching images to framebuffer objects: glFramebufferRenderbuffer,
 * glFramebufferTexture, glFramebufferTexture1D/2D/3D,
 * glFramebufferTextureLayer (GL 3.3 core 4.4.2, ES 3.0 4.4.2), and what a
 * deleted texture leaves behind (st_fb_texture_deleted).
 *
 * Every entry point checks its parameters in the specification's order of
 * kinds (INVALID_ENUM for enums outside the lists, INVALID_OPERATION for
 * the default framebuffer and names that are not objects, INVALID_VALUE
 * for levels and layers out of range) before the attachment changes.
 * DEPTH_STENCIL_ATTACHMENT sets both the depth and the stencil point.
 */
#include "pipe/p_screen.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_texture.h"

/**
 * The framebuffer object of @p target and the attachment point(s) of
 * @p attachment: [first, last] (depth..stencil for DEPTH_STENCIL).  False
 * after raising the error.
 */
static bool
lookup_point(struct st_context *ctx, GLenum target, GLenum attachment,
             const char *func, struct st_framebuffer **fb, unsigned *first,
             unsigned *last)
{
   *fb = st_fb_bound(ctx, target);
   if (!*fb) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return false;
   }
   if (attachment >= GL_COLOR_ATTACHMENT0 &&
       attachment <= GL_COLOR_ATTACHMENT31) {
      unsigned i = attachment - GL_COLOR_ATTACHMENT0;
      if (i >= ST_MAX_DRAW_BUFFERS) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(attachment=%s)", func,
                  st_enum_name(attachment));
         return false;
      }
      *first = *last = i;
   } else if (attachment == GL_DEPTH_ATTACHMENT) {
      *first = *last = ST_FB_DEPTH;
   } else if (attachment == GL_STENCIL_ATTACHMENT) {
      *first = *last = ST_FB_STENCIL;
   } else if (attachment == GL_DEPTH_STENCIL_ATTACHMENT &&
              (!ctx->es || ctx->version >= 30)) {
      *first = ST_FB_DEPTH;
      *last = ST_FB_STENCIL;
   } else {
      st_error(ctx, GL_INVALID_ENUM, "%s(attachment=%s)", func,
               st_enum_name(attachment));
      return false;
   }
   if (!(*fb)->name) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(default framebuffer bound)",
               func);
      return false;
   }
   return true;
}

/** Replaces points [first, last] of @p fb with @p att (references are
 * taken per point). */
static void
set_attachment(struct st_context *ctx, struct st_framebuffer *fb,
               unsigned first, unsigned last,
               const struct st_fb_attachment *att)
{
   st_flush_vertices(ctx);
   for (unsigned i = first; i <= last; i++) {
      struct st_fb_attachment *dst = &fb->att[i];
      st_fb_attachment_reset(ctx, dst);
      dst->type = att->type;
      st_renderbuffer_reference(&dst->rb, att->rb);
      st_texture_reference(&dst->tex, att->tex);
      dst->level = att->level;
      dst->face = att->face;
      dst->layer = att->layer;
      dst->layered = att->layered;
   }
   if (fb == ctx->fb->draw)
      ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

void
api_FramebufferRenderbuffer(struct st_context *ctx, GLenum target,
                            GLenum attachment, GLenum renderbuffertarget,
                            GLuint renderbuffer)
{
   const char *func = "glFramebufferRenderbuffer";
   struct st_framebuffer *fb;
   unsigned first, last;
   if (!lookup_point(ctx, target, attachment, func, &fb, &first, &last))
      return;
   if (renderbuffertarget != GL_RENDERBUFFER) {
      st_error(ctx, GL_INVALID_ENUM, "%s(renderbuffertarget=%s)", func,
               st_enum_name(renderbuffertarget));
      return;
   }
   struct st_fb_attachment att = { .type = GL_NONE };
   if (renderbuffer) {
      att.rb = st_renderbuffer_lookup(ctx, renderbuffer);
      if (!att.rb) {
         st_error(ctx, GL_INVALID_OPERATION, "%s(renderbuffer=%u)", func,
                  renderbuffer);
         return;
      }
      att.type = GL_RENDERBUFFER;
   }
   set_attachment(ctx, fb, first, last, &att);
}

/* ---------------------------------------------------------------------- */
/* Textures                                                               */
/* ---------------------------------------------------------------------- */

/** Highest mipmap level of a texture of @p target. */
static int
max_level(struct st_context *ctx, GLenum target)
{
   struct pipe_screen *screen = ctx->screen;
   switch (target) {
   case GL_TEXTURE_RECTANGLE:
   case GL_TEXTURE_2D_MULTISAMPLE:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return 0;
   case GL_TEXTURE_3D:
      return screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_3D_LEVELS) - 1;
   case GL_TEXTURE_CUBE_MAP:
      return screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS) - 1;
   default:
      return ST_MAX_TEXTURE_LEVELS - 1;
   }
}

enum tex_call {
   TEX_ANY, /**< glFramebufferTexture: layered for 3D, arrays, cube */
   TEX_1D,
   TEX_2D,
   TEX_3D,
   TEX_LAYER,
};

/** Whether @p textarget is an enum the call accepts at all. */
static bool
textarget_enum_ok(struct st_context *ctx, enum tex_call call, GLenum t)
{
   bool cube_face = t >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
                    t <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z;
   switch (call) {
   case TEX_1D:
      return t == GL_TEXTURE_1D;
   case TEX_2D:
      if (ctx->es)
         return t == GL_TEXTURE_2D || cube_face;
      return t == GL_TEXTURE_2D || t == GL_TEXTURE_RECTANGLE || cube_face ||
             t == GL_TEXTURE_2D_MULTISAMPLE;
   case TEX_3D:
      return t == GL_TEXTURE_3D;
   default:
      return true;
   }
}

/** The texture target the textarget of the call implies. */
static GLenum
textarget_object_target(GLenum t)
{
   if (t >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       t <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z)
      return GL_TEXTURE_CUBE_MAP;
   return t;
}

static bool
is_layer_target(GLenum target)
{
   return target == GL_TEXTURE_3D || target == GL_TEXTURE_1D_ARRAY ||
          target == GL_TEXTURE_2D_ARRAY ||
          target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
}

static void
framebuffer_texture(struct st_context *ctx, enum tex_call call, GLenum target,
                    GLenum attachment, GLenum textarget, GLuint texture,
                    GLint level, GLint layer, const char *func)
{
   struct st_framebuffer *fb;
   unsigned first, last;
   if (!lookup_point(ctx, target, attachment, func, &fb, &first, &last))
      return;
   if (texture && !textarget_enum_ok(ctx, call, textarget)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(textarget=%s)", func,
               st_enum_name(textarget));
      return;
   }
   struct st_fb_attachment att = { .type = GL_NONE };
   if (!texture) {
      set_attachment(ctx, fb, first, last, &att);
      return;
   }
   struct st_texture_object *tex = st_texture_lookup(ctx, texture);
   if (!tex || !tex->target) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(texture=%u is not a texture)",
               func, texture);
      return;
   }
   bool target_ok;
   switch (call) {
   case TEX_LAYER:
      target_ok = is_layer_target(tex->target) ||
                  (tex->target == GL_TEXTURE_CUBE_MAP_ARRAY && !ctx->es);
      break;
   case TEX_ANY:
      target_ok = tex->target != GL_TEXTURE_BUFFER;
      break;
   default:
      target_ok = tex->target == textarget_object_target(textarget);
      break;
   }
   if (!target_ok) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(texture target %s)", func,
               st_enum_name(tex->target));
      return;
   }
   if (level < 0 || level > max_level(ctx, tex->target)) {
      st_error(ctx, GL_INVALID_VALUE, "%s(level=%d)", func, level);
      return;
   }
   if (call == TEX_3D || call == TEX_LAYER) {
      struct pipe_screen *screen = ctx->screen;
      int max_layers =
         tex->target == GL_TEXTURE_3D
            ? 1 << (screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_3D_LEVELS) -
                    1)
            : screen->get_param(screen, PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS);
      if (layer < 0 || layer >= max_layers) {
         st_error(ctx, GL_INVALID_VALUE, "%s(layer=%d)", func, layer);
         return;
      }
   }

   att.type = GL_TEXTURE;
   att.tex = tex;
   att.level = (unsigned)level;
   if (call == TEX_2D && tex->target == GL_TEXTURE_CUBE_MAP)
      att.face = textarget - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
   if (call == TEX_3D || call == TEX_LAYER)
      att.layer = (unsigned)layer;
   if (call == TEX_ANY)
      att.layered = is_layer_target(tex->target) ||
                    tex->target == GL_TEXTURE_CUBE_MAP ||
                    tex->target == GL_TEXTURE_CUBE_MAP_ARRAY;
   set_attachment(ctx, fb, first, last, &att);
}

void
api_FramebufferTexture(struct st_context *ctx, GLenum target, GLenum attachment,
                       GLuint texture, GLint level)
{
   framebuffer_texture(ctx, TEX_ANY, target, attachment, GL_NONE, texture,
                       level, 0, "glFramebufferTexture");
}

void
api_FramebufferTexture1D(struct st_context *ctx, GLenum target,
                         GLenum attachment, GLenum textarget, GLuint texture,
                         GLint level)
{
   framebuffer_texture(ctx, TEX_1D, target, attachment, textarget, texture,
                       level, 0, "glFramebufferTexture1D");
}

void
api_FramebufferTexture2D(struct st_context *ctx, GLenum target,
                         GLenum attachment, GLenum textarget, GLuint texture,
                         GLint level)
{
   framebuffer_texture(ctx, TEX_2D, target, attachment, textarget, texture,
                       level, 0, "glFramebufferTexture2D");
}

void
api_FramebufferTexture3D(struct st_context *ctx, GLenum target,
                         GLenum attachment, GLenum textarget, GLuint texture,
                         GLint level, GLint zoffset)
{
   framebuffer_texture(ctx, TEX_3D, target, attachment, textarget, texture,
                       level, zoffset, "glFramebufferTexture3D");
}

void
api_FramebufferTextureLayer(struct st_context *ctx, GLenum target,
                            GLenum attachment, GLuint texture, GLint level,
                            GLint layer)
{
   framebuffer_texture(ctx, TEX_LAYER, target, attachment, GL_NONE, texture,
                       level, layer, "glFramebufferTextureLayer");
}

static void
detach_texture(struct st_context *ctx, struct st_framebuffer *fb,
               struct st_texture_object *tex)
{
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      if (fb->att[i].type == GL_TEXTURE && fb->att[i].tex == tex) {
         st_fb_attachment_reset(ctx, &fb->att[i]);
         if (fb == ctx->fb->draw)
            ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
      }
   }
}

void
st_fb_texture_deleted(struct st_context *ctx, struct st_texture_object *tex)
{
   struct st_fb_state *fbs = ctx->fb;
   if (!fbs || !tex)
      return;
   st_flush_vertices(ctx);
   detach_texture(ctx, fbs->draw, tex);
   if (fbs->read != fbs->draw)
      detach_texture(ctx, fbs->read, tex);
}
