/* SPDX-License-Identifier: MIT */

/*
 * Framebuffer objects: the module state, glGenFramebuffers,
 * glDeleteFramebuffers, glIsFramebuffer and glBindFramebuffer (and the
 * EXT_framebuffer_object bind, which gl.xml does not alias because it
 * accepts names that glGenFramebuffers did not give).
 *
 * Framebuffer objects are per context (st_fb_priv.h).  glGenFramebuffers
 * only reserves names; the object is made on first bind (GL 4.6 core,
 * 9.2: "the first time a framebuffer name is bound ... a new framebuffer
 * object is created").
 */
#include <stdlib.h>

#include "pipe/p_inlines.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_names.h"
#include "st_texture.h"

void
st_fb_attachment_reset(struct st_context *ctx, struct st_fb_attachment *att)
{
   (void)ctx;
   st_renderbuffer_reference(&att->rb, NULL);
   st_texture_reference(&att->tex, NULL);
   pipe_surface_ref(&att->surface, NULL);
   *att = (struct st_fb_attachment){ .type = GL_NONE };
}

static void
framebuffer_init(struct st_framebuffer *fb, GLuint name)
{
   *fb = (struct st_framebuffer){ .name = name };
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++)
      fb->att[i].type = GL_NONE;
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++)
      fb->draw_buffers[i] = GL_NONE;
   /* GL 4.6 core, 17.4.1 / 18.2.1: a new framebuffer object draws to and
    * reads from colour attachment 0; the default framebuffer uses the
    * back buffer if there is one (st_fb_drawables_changed decides). */
   fb->draw_buffers[0] = name ? GL_COLOR_ATTACHMENT0 : GL_BACK;
   fb->read_buffer = name ? GL_COLOR_ATTACHMENT0 : GL_BACK;
}

static void
framebuffer_release(struct st_context *ctx, struct st_framebuffer *fb)
{
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++)
      st_fb_attachment_reset(ctx, &fb->att[i]);
}

void
st_fb_init(struct st_context *ctx)
{
   struct st_fb_state *fbs = calloc(1, sizeof(*fbs));
   if (!fbs)
      return;
   fbs->names = st_names_create();
   if (!fbs->names) {
      free(fbs);
      return;
   }
   framebuffer_init(&fbs->window, 0);
   fbs->draw = fbs->read = &fbs->window;
   ctx->fb = fbs;
}

static void
free_framebuffer_cb(GLuint name, void *object, void *data)
{
   (void)name;
   framebuffer_release(data, object);
   free(object);
}

/** Drops the name space's reference of a renderbuffer. */
static void
release_renderbuffer_cb(GLuint name, void *object, void *data)
{
   (void)name;
   (void)data;
   struct st_renderbuffer *rb = object;
   st_renderbuffer_reference(&rb, NULL);
}

void
st_fb_fini(struct st_context *ctx)
{
   struct st_fb_state *fbs = ctx->fb;
   if (!fbs)
      return;
   st_clear_draw_fini(ctx);
   st_names_foreach(fbs->names, free_framebuffer_cb, ctx);
   st_names_destroy(fbs->names);
   framebuffer_release(ctx, &fbs->window);
   st_renderbuffer_reference(&fbs->renderbuffer, NULL);
   st_fb_release_surfaces(ctx);
   /* The last context of the share group frees the renderbuffers
    * (st_context.c: the group is still referenced by this context). */
   if (atomic_load(&ctx->shared->refcount) == 1)
      st_names_foreach(ctx->shared->renderbuffers, release_renderbuffer_cb,
                       NULL);
   free(fbs);
   ctx->fb = NULL;
}

struct st_framebuffer *
st_fb_bound(struct st_context *ctx, GLenum target)
{
   /* ES 2.0 has one binding point only. */
   if (ctx->es && ctx->version < 30 && target != GL_FRAMEBUFFER)
      return NULL;
   switch (target) {
   case GL_FRAMEBUFFER:
   case GL_DRAW_FRAMEBUFFER:
      return ctx->fb->draw;
   case GL_READ_FRAMEBUFFER:
      return ctx->fb->read;
   default:
      return NULL;
   }
}

void
api_GenFramebuffers(struct st_context *ctx, GLsizei n, GLuint *framebuffers)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenFramebuffers(n=%d)", n);
      return;
   }
   if (n == 0 || !framebuffers)
      return;
   if (!st_names_gen(ctx->fb->names, n, framebuffers))
      st_out_of_memory(ctx, "glGenFramebuffers");
}

void
api_DeleteFramebuffers(struct st_context *ctx, GLsizei n,
                       const GLuint *framebuffers)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteFramebuffers(n=%d)", n);
      return;
   }
   if (!framebuffers)
      return;
   struct st_fb_state *fbs = ctx->fb;
   for (GLsizei i = 0; i < n; i++) {
      GLuint name = framebuffers[i];
      if (!name || !st_names_is_used(fbs->names, name))
         continue;
      struct st_framebuffer *fb = st_names_lookup(fbs->names, name);
      if (fb) {
         /* GL 4.6 core, 9.2: deleting a bound framebuffer binds 0. */
         if (fb == fbs->draw || fb == fbs->read) {
            st_flush_vertices(ctx);
            ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
         }
         if (fb == fbs->draw)
            fbs->draw = &fbs->window;
         if (fb == fbs->read)
            fbs->read = &fbs->window;
         framebuffer_release(ctx, fb);
         free(fb);
      }
      st_names_remove(fbs->names, name);
   }
}

GLboolean
api_IsFramebuffer(struct st_context *ctx, GLuint framebuffer)
{
   return framebuffer && st_names_lookup(ctx->fb->names, framebuffer)
             ? GL_TRUE
             : GL_FALSE;
}

/** @p any_name: names not from glGenFramebuffers create objects too. */
static void
bind_framebuffer(struct st_context *ctx, GLenum target, GLuint name,
                 bool any_name, const char *func)
{
   struct st_fb_state *fbs = ctx->fb;
   if (!st_fb_bound(ctx, target)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   struct st_framebuffer *fb = &fbs->window;
   if (name) {
      fb = st_names_lookup(fbs->names, name);
      if (!fb) {
         if (!any_name && !st_names_is_used(fbs->names, name)) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(framebuffer=%u not from glGenFramebuffers)", func,
                     name);
            return;
         }
         fb = malloc(sizeof(*fb));
         if (!fb) {
            st_out_of_memory(ctx, func);
            return;
         }
         framebuffer_init(fb, name);
         if (!st_names_insert(fbs->names, name, fb)) {
            free(fb);
            st_out_of_memory(ctx, func);
            return;
         }
      }
   }
   bool draw = target != GL_READ_FRAMEBUFFER;
   bool read = target != GL_DRAW_FRAMEBUFFER;
   if ((!draw || fbs->draw == fb) && (!read || fbs->read == fb))
      return;
   st_flush_vertices(ctx);
   if (draw) {
      fbs->draw = fb;
      ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
   }
   if (read)
      fbs->read = fb;
}

void
api_BindFramebuffer(struct st_context *ctx, GLenum target, GLuint framebuffer)
{
   bind_framebuffer(ctx, target, framebuffer, st_is_compat(ctx),
                    "glBindFramebuffer");
}

void
api_BindFramebufferEXT(struct st_context *ctx, GLenum target,
                       GLuint framebuffer)
{
   bind_framebuffer(ctx, target, framebuffer, true, "glBindFramebufferEXT");
}
