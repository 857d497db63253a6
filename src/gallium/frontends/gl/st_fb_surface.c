/* SPDX-License-Identifier: MIT */

/*
 * From framebuffers to pipe surfaces: the default framebuffer's buffers
 * (validated from the drawables when their stamp changes), the cached
 * surfaces of attachments, the pipe_framebuffer_state of a draw
 * (st_fb_validate_draw), the read source of copies and the small
 * questions draw validation asks (integer buffers, depth and stencil
 * present, window or not).
 *
 * Surfaces are made on first use and kept until the image under them
 * changes: an attachment's surface is remade when the resource (new
 * renderbuffer storage, re-created texture storage) or the format (sRGB
 * writes switched) differs from the cached one.
 *
 * Texture attachments render where the texture module keeps the image
 * (st_texture_image_location: the texture's resource, or a resource of
 * the image's own), at the attachment's layer or slice.
 */
#include "pipe/p_inlines.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_texture.h"
#include "st_texture_priv.h"

/* ---------------------------------------------------------------------- */
/* Formats                                                                */
/* ---------------------------------------------------------------------- */

/** The format to render @p format with: sRGB formats encode only with
 * GL_FRAMEBUFFER_SRGB enabled (GL 4.6 core, 17.3.7); ES always encodes. */
enum pipe_format
st_fb_render_format(struct st_context *ctx, enum pipe_format format)
{
   if (ctx->es || ctx->state.framebuffer_srgb)
      return format;
   static const enum pipe_format linear[][2] = {
      { PIPE_FORMAT_R8G8B8A8_SRGB, PIPE_FORMAT_R8G8B8A8_UNORM },
      { PIPE_FORMAT_B8G8R8A8_SRGB, PIPE_FORMAT_B8G8R8A8_UNORM },
      { PIPE_FORMAT_R8G8B8_SRGB, PIPE_FORMAT_R8G8B8_UNORM },
      { PIPE_FORMAT_L8_SRGB, PIPE_FORMAT_L8_UNORM },
      { PIPE_FORMAT_L8A8_SRGB, PIPE_FORMAT_L8A8_UNORM },
   };
   for (unsigned i = 0; i < sizeof(linear) / sizeof(linear[0]); i++) {
      if (linear[i][0] == format)
         return linear[i][1];
   }
   return format;
}

/** (Re)makes *@p slot as a surface of @p res unless it already is one
 * with the same format, level and layers. */
static struct pipe_surface *
cached_surface(struct st_context *ctx, struct pipe_surface **slot,
               struct pipe_resource *res, enum pipe_format format,
               unsigned level, unsigned first_layer, unsigned last_layer)
{
   struct pipe_surface *s = *slot;
   if (s && s->resource == res && s->format == format && s->level == level &&
       s->first_layer == first_layer && s->last_layer == last_layer)
      return s;
   pipe_surface_ref(slot, NULL);
   if (!res)
      return NULL;
   struct pipe_surface templ = {
      .format = format,
      .level = level,
      .first_layer = first_layer,
      .last_layer = last_layer,
   };
   *slot = ctx->pipe->create_surface(ctx->pipe, res, &templ);
   return *slot;
}

/* ---------------------------------------------------------------------- */
/* The default framebuffer                                                */
/* ---------------------------------------------------------------------- */

static int
window_buffer(const struct st_fb_window *win, GLenum buffer)
{
   bool db = win->drawable && win->drawable->double_buffered;
   switch (buffer) {
   case GL_BACK:
   case GL_BACK_LEFT:
      return db ? ST_ATTACHMENT_BACK_LEFT : -1;
   case GL_FRONT:
   case GL_FRONT_LEFT:
      return ST_ATTACHMENT_FRONT_LEFT;
   case GL_LEFT:
   case GL_FRONT_AND_BACK:
      /* Both buffers are named; rendering goes to the one drawn to. */
      return db ? ST_ATTACHMENT_BACK_LEFT : ST_ATTACHMENT_FRONT_LEFT;
   default:
      return -1;
   }
}

static void
window_release(struct st_fb_window *win)
{
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++) {
      pipe_surface_ref(&win->surf[i], NULL);
      pipe_resource_ref(&win->res[i], NULL);
   }
   win->valid = false;
   win->width = win->height = 0;
}

static void
window_update(struct st_context *ctx, struct st_fb_window *win,
              struct st_drawable *drawable)
{
   if (!drawable) {
      window_release(win);
      win->drawable = NULL;
      return;
   }
   if (win->valid && win->drawable == drawable && win->stamp == drawable->stamp)
      return;
   struct pipe_resource *res[ST_ATTACHMENT_COUNT] = { NULL };
   unsigned w = 0, h = 0;
   uint32_t stamp = drawable->stamp;
   window_release(win);
   win->drawable = drawable;
   if (!drawable->validate(drawable, &w, &h, res))
      return;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_ref(&win->res[i], res[i]);
   win->width = w;
   win->height = h;
   win->stamp = stamp;
   win->valid = true;
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

void
st_fb_drawables_changed(struct st_context *ctx)
{
   struct st_fb_state *fbs = ctx->fb;
   fbs->draw_win.valid = false;
   fbs->read_win.valid = false;
   if (!fbs->window_buffers_initialized && ctx->draw_drawable) {
      /* GL 4.6 core, 17.4.1 / 18.2.1: the default framebuffer starts on
       * the back buffer if there is one, else on the front buffer. */
      bool db = ctx->draw_drawable->double_buffered;
      fbs->window.draw_buffers[0] = db ? GL_BACK : GL_FRONT;
      bool read_db =
         ctx->read_drawable ? ctx->read_drawable->double_buffered : db;
      fbs->window.read_buffer = read_db ? GL_BACK : GL_FRONT;
      fbs->window_buffers_initialized = true;
   }
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

static struct st_fb_window *
window_of(struct st_context *ctx, bool read)
{
   struct st_fb_window *win = read ? &ctx->fb->read_win : &ctx->fb->draw_win;
   window_update(ctx, win, read ? ctx->read_drawable : ctx->draw_drawable);
   return win;
}

static struct pipe_surface *
window_surface(struct st_context *ctx, struct st_fb_window *win, int index)
{
   if (index < 0 || !win->res[index])
      return NULL;
   return cached_surface(ctx, &win->surf[index], win->res[index],
                         st_fb_render_format(ctx, win->res[index]->format), 0,
                         0, 0);
}

/* ---------------------------------------------------------------------- */
/* Attachments                                                            */
/* ---------------------------------------------------------------------- */

/** The resource, level and layers an attachment renders to. */
static struct pipe_resource *
attachment_target(struct st_context *ctx, const struct st_fb_attachment *att,
                  unsigned *level, unsigned *first, unsigned *last)
{
   *level = *first = *last = 0;
   if (att->type == GL_RENDERBUFFER)
      return att->rb ? att->rb->resource : NULL;
   if (att->type != GL_TEXTURE || !att->tex)
      return NULL;
   GLenum ifmt;
   enum pipe_format format;
   unsigned w, h, d, samples;
   if (!st_fb_attachment_image(att, &ifmt, &format, &w, &h, &d, &samples))
      return NULL;
   /* Storage first, so that the image lands in the texture's resource
    * when it fits there. */
   st_texture_storage(ctx, att->tex);
   unsigned base_layer;
   struct pipe_resource *res = st_texture_image_location(
      att->tex, att->face, att->level, level, &base_layer);
   if (!res)
      return NULL;
   if (att->layered) {
      *first = base_layer;
      *last = base_layer + (d ? d - 1 : 0);
   } else {
      *first = *last = base_layer + att->layer;
   }
   return res;
}

static struct pipe_surface *
attachment_surface(struct st_context *ctx, struct st_framebuffer *fb, bool read,
                   unsigned index)
{
   if (!fb->name) {
      if (index != ST_FB_DEPTH && index != ST_FB_STENCIL)
         return NULL;
      struct st_fb_window *win = window_of(ctx, read);
      return window_surface(ctx, win, ST_ATTACHMENT_DEPTH_STENCIL);
   }
   struct st_fb_attachment *att = &fb->att[index];
   unsigned level, first, last;
   struct pipe_resource *res =
      attachment_target(ctx, att, &level, &first, &last);
   if (!res) {
      pipe_surface_ref(&att->surface, NULL);
      return NULL;
   }
   return cached_surface(ctx, &att->surface, res,
                         st_fb_render_format(ctx, res->format), level, first,
                         last);
}

static struct pipe_surface *
color_surface(struct st_context *ctx, struct st_framebuffer *fb, bool read,
              GLenum buffer)
{
   if (!fb->name) {
      struct st_fb_window *win = window_of(ctx, read);
      return window_surface(ctx, win, window_buffer(win, buffer));
   }
   unsigned i = buffer - GL_COLOR_ATTACHMENT0;
   if (buffer == GL_NONE || i >= ST_MAX_DRAW_BUFFERS)
      return NULL;
   return attachment_surface(ctx, fb, read, i);
}

void
st_fb_release_surfaces(struct st_context *ctx)
{
   struct st_fb_state *fbs = ctx->fb;
   window_release(&fbs->draw_win);
   window_release(&fbs->read_win);
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_surface_ref(&fbs->state.cbufs[i], NULL);
   pipe_surface_ref(&fbs->state.zsbuf, NULL);
}

/** Whether the bound draw framebuffer object's surfaces differ from
 * those last validated (the texture module re-created an attached
 * image's storage, glTexImage redefined it...).  The cached surfaces are
 * remade only when their image changed, so this costs a walk over the
 * draw buffers when nothing did. */
static bool
draw_surfaces_changed(struct st_context *ctx)
{
   struct st_fb_state *fbs = ctx->fb;
   struct st_framebuffer *fb = fbs->draw;
   if (!fb->name)
      return false;
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      struct pipe_surface *s =
         color_surface(ctx, fb, false, fb->draw_buffers[i]);
      if (s != fbs->state.cbufs[i])
         return true;
   }
   struct pipe_surface *zs = attachment_surface(ctx, fb, false, ST_FB_DEPTH);
   if (!zs)
      zs = attachment_surface(ctx, fb, false, ST_FB_STENCIL);
   return zs != fbs->state.zsbuf;
}

void
st_fb_update_drawables(struct st_context *ctx)
{
   struct st_fb_state *fbs = ctx->fb;
   window_update(ctx, &fbs->draw_win, ctx->draw_drawable);
   window_update(ctx, &fbs->read_win, ctx->read_drawable);
   if (!(ctx->dirty & ST_DIRTY_FRAMEBUFFER) && draw_surfaces_changed(ctx))
      ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
}

bool
st_fb_size(struct st_context *ctx, struct st_framebuffer *fb, bool read,
           unsigned *width, unsigned *height, unsigned *samples)
{
   if (!fb->name) {
      struct st_fb_window *win = window_of(ctx, read);
      *width = win->width;
      *height = win->height;
      *samples = win->drawable ? win->drawable->samples : 0;
      return win->valid;
   }
   bool any = false;
   *width = *height = *samples = 0;
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      GLenum ifmt;
      enum pipe_format format;
      unsigned w, h, d, s;
      if (!st_fb_attachment_image(&fb->att[i], &ifmt, &format, &w, &h, &d, &s))
         continue;
      /* Rendering is limited to the area every image covers. */
      if (!any || w < *width)
         *width = w;
      if (!any || h < *height)
         *height = h;
      *samples = s;
      any = true;
   }
   return any;
}

/* ---------------------------------------------------------------------- */
/* Draws                                                                  */
/* ---------------------------------------------------------------------- */

static unsigned
layer_count(struct st_framebuffer *fb)
{
   unsigned layers = 0;
   for (unsigned i = 0; i < ST_FB_NUM_ATTACHMENTS; i++) {
      GLenum ifmt;
      enum pipe_format format;
      unsigned w, h, d, s;
      if (!fb->att[i].layered ||
          !st_fb_attachment_image(&fb->att[i], &ifmt, &format, &w, &h, &d, &s))
         continue;
      if (!layers || d < layers)
         layers = d;
   }
   return layers;
}

bool
st_fb_validate_draw(struct st_context *ctx, const char *func,
                    struct pipe_framebuffer_state *out)
{
   struct st_fb_state *fbs = ctx->fb;
   struct st_framebuffer *fb = fbs->draw;
   GLenum status = st_fb_status(ctx, fb, false);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
               "%s(draw framebuffer incomplete: %s)", func,
               st_enum_name(status));
      return false;
   }
   struct pipe_framebuffer_state state = { 0 };
   st_fb_size(ctx, fb, false, &state.width, &state.height, &state.samples);
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      state.cbufs[i] = color_surface(ctx, fb, false, fb->draw_buffers[i]);
      if (state.cbufs[i])
         state.nr_cbufs = i + 1;
   }
   state.zsbuf = attachment_surface(ctx, fb, false, ST_FB_DEPTH);
   if (!state.zsbuf)
      state.zsbuf = attachment_surface(ctx, fb, false, ST_FB_STENCIL);
   if (fb->name)
      state.layers = layer_count(fb);

   /* Keep references: the surfaces cached in attachments may be remade
    * while the pipe context still has these bound. */
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_surface_ref(&fbs->state.cbufs[i], state.cbufs[i]);
   pipe_surface_ref(&fbs->state.zsbuf, state.zsbuf);
   fbs->state.width = state.width;
   fbs->state.height = state.height;
   fbs->state.layers = state.layers;
   fbs->state.samples = state.samples;
   fbs->state.nr_cbufs = state.nr_cbufs;
   *out = fbs->state;
   return true;
}

/** The pipe format of draw buffer @p i, NONE without one. */
static enum pipe_format
draw_buffer_format(struct st_context *ctx, unsigned i)
{
   struct st_framebuffer *fb = ctx->fb->draw;
   if (i >= ST_MAX_DRAW_BUFFERS)
      return PIPE_FORMAT_NONE;
   GLenum buffer = fb->draw_buffers[i];
   if (!fb->name) {
      if (buffer == GL_NONE || !ctx->draw_drawable)
         return PIPE_FORMAT_NONE;
      return ctx->draw_drawable->color_format;
   }
   unsigned a = buffer - GL_COLOR_ATTACHMENT0;
   GLenum ifmt;
   enum pipe_format format;
   unsigned w, h, d, s;
   if (buffer == GL_NONE || a >= ST_MAX_DRAW_BUFFERS ||
       !st_fb_attachment_image(&fb->att[a], &ifmt, &format, &w, &h, &d, &s))
      return PIPE_FORMAT_NONE;
   return format;
}

bool
st_fb_draw_buffer_is_integer(struct st_context *ctx, unsigned i)
{
   const struct u_format_desc *d =
      u_format_description(draw_buffer_format(ctx, i));
   return d && (d->is_pure_uint || d->is_pure_sint);
}

bool
st_fb_draw_is_window(struct st_context *ctx)
{
   return ctx->fb->draw->name == 0;
}

/** The format of the draw framebuffer's depth (@p index ST_FB_DEPTH) or
 * stencil attachment. */
static enum pipe_format
draw_zs_format(struct st_context *ctx, unsigned index)
{
   struct st_framebuffer *fb = ctx->fb->draw;
   if (!fb->name)
      return ctx->draw_drawable ? ctx->draw_drawable->depth_stencil_format
                                : PIPE_FORMAT_NONE;
   GLenum ifmt;
   enum pipe_format format;
   unsigned w, h, d, s;
   if (!st_fb_attachment_image(&fb->att[index], &ifmt, &format, &w, &h, &d, &s))
      return PIPE_FORMAT_NONE;
   return format;
}

bool
st_fb_draw_has_depth(struct st_context *ctx)
{
   const struct u_format_desc *d =
      u_format_description(draw_zs_format(ctx, ST_FB_DEPTH));
   return d && d->is_depth;
}

bool
st_fb_draw_has_stencil(struct st_context *ctx)
{
   const struct u_format_desc *d =
      u_format_description(draw_zs_format(ctx, ST_FB_STENCIL));
   return d && d->is_stencil;
}

/* ---------------------------------------------------------------------- */
/* Reads                                                                  */
/* ---------------------------------------------------------------------- */

bool
st_fb_read_image(struct st_context *ctx, GLenum which,
                 struct pipe_resource **resource, unsigned *level,
                 unsigned *layer)
{
   struct st_framebuffer *fb = ctx->fb->read;
   struct pipe_resource *res = NULL;
   unsigned lvl = 0, first = 0, last = 0;
   if (!fb->name) {
      struct st_fb_window *win = window_of(ctx, true);
      int index = which == GL_COLOR ? window_buffer(win, fb->read_buffer)
                                    : ST_ATTACHMENT_DEPTH_STENCIL;
      res = index >= 0 ? win->res[index] : NULL;
      if (res && which != GL_COLOR) {
         const struct u_format_desc *d = u_format_description(res->format);
         if (!d || (which == GL_DEPTH ? !d->is_depth : !d->is_stencil))
            res = NULL;
      }
   } else {
      unsigned index = which == GL_DEPTH ? ST_FB_DEPTH
                       : which == GL_STENCIL
                          ? ST_FB_STENCIL
                          : fb->read_buffer - GL_COLOR_ATTACHMENT0;
      if (which != GL_COLOR || fb->read_buffer != GL_NONE) {
         if (index < ST_FB_NUM_ATTACHMENTS)
            res = attachment_target(ctx, &fb->att[index], &lvl, &first, &last);
      }
   }
   *resource = res;
   *level = lvl;
   *layer = first;
   return res != NULL;
}

bool
st_fb_read_source(struct st_context *ctx, GLenum which, const char *func,
                  struct pipe_resource **resource, unsigned *level,
                  unsigned *layer)
{
   GLenum status = st_fb_status(ctx, ctx->fb->read, true);
   if (status != GL_FRAMEBUFFER_COMPLETE) {
      st_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION,
               "%s(read framebuffer incomplete: %s)", func,
               st_enum_name(status));
      return false;
   }
   if (!st_fb_read_image(ctx, which, resource, level, layer)) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no %s buffer to read)", func,
               which == GL_COLOR   ? "colour"
               : which == GL_DEPTH ? "depth"
                                   : "stencil");
      return false;
   }
   return true;
}
