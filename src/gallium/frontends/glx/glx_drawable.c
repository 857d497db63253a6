/* SPDX-License-Identifier: MIT */

/*
 * Drawables: glXCreateWindow, glXCreatePixmap, glXCreateGLXPixmap,
 * glXCreatePbuffer and their destructors, implicit drawables for plain
 * windows, glXQueryDrawable, glXSelectEvent, glXGetSelectedEvent,
 * glXSwapBuffers and the swap-interval extensions (GLX_EXT_swap_control,
 * GLX_MESA_swap_control, GLX_SGI_swap_control).
 *
 * Windows and pixmaps keep their buffers in the xcb winsys (ws_xcb.h),
 * which presents them and follows resizes; a window is double-buffered
 * when its config is, a pixmap is always single-buffered (what is drawn
 * reaches the pixmap on glFlush, glFinish and glXWaitGL).  Pbuffers own
 * their buffers, made at creation: front, back for double-buffered
 * configs (swapped by exchange, like windows), depth/stencil.
 *
 * Swap intervals are stored and reported; presentation is not tied to
 * the vertical retrace (Xvfb has none), so they do not slow swaps.
 */
#include <stdlib.h>

#include "glx_priv.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"
#include "util/u_driconf.h"

#define MAX_PBUFFER_SIZE 8192
/** GLX_EXT_swap_control's GLX_MAX_SWAP_INTERVAL_EXT. */
#define MAX_SWAP_INTERVAL 1000

/* Every drawable gets stamps no other had (as in the EGL frontend). */
static uint32_t last_stamp;

static uint32_t
new_stamp(void)
{
   return __atomic_add_fetch(&last_stamp, 1, __ATOMIC_RELAXED);
}

struct glx_drawable *
glx_drawable_lookup(struct glx_display *display, GLXDrawable xid)
{
   if (!display || xid == None)
      return NULL;
   u_list_foreach (struct glx_drawable, draw, &display->drawables, link) {
      if (draw->xid == xid && !draw->destroyed)
         return draw;
   }
   return NULL;
}

void
glx_drawable_free(struct glx_drawable *draw)
{
   u_list_del(&draw->link);
   ws_xcb_drawable_destroy(draw->ws);
   pipe_resource_ref(&draw->front, NULL);
   pipe_resource_ref(&draw->back, NULL);
   pipe_resource_ref(&draw->depth_stencil, NULL);
   free(draw);
}

bool
glx_drawable_compatible(const struct glx_drawable *draw,
                        const struct glx_config *ctx_config)
{
   return draw->config->color_format == ctx_config->color_format &&
          draw->config->depth_stencil_format ==
             ctx_config->depth_stencil_format;
}

/** Renews the stamp when the winsys has other buffers (swap, resize). */
static void
sync_stamp(struct glx_drawable *draw)
{
   if (!draw->ws)
      return;
   uint32_t serial = ws_xcb_drawable_serial(draw->ws);
   if (serial != draw->serial) {
      draw->serial = serial;
      draw->base.stamp = new_stamp();
   }
}

void
glx_drawable_update(struct glx_drawable *draw)
{
   if (draw->ws && ws_xcb_drawable_update_size(draw->ws))
      sync_stamp(draw);
}

static bool
native_validate(struct st_drawable *base, unsigned *width, unsigned *height,
                struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct glx_drawable *draw = base->priv;
   struct pipe_resource *bufs[WS_XCB_BUFFER_COUNT];
   if (!draw->ws || !ws_xcb_drawable_buffers(draw->ws, width, height, bufs))
      return false;
   out[ST_ATTACHMENT_FRONT_LEFT] = bufs[WS_XCB_FRONT];
   out[ST_ATTACHMENT_BACK_LEFT] = bufs[WS_XCB_BACK];
   out[ST_ATTACHMENT_DEPTH_STENCIL] = bufs[WS_XCB_DEPTH_STENCIL];
   draw->width = *width;
   draw->height = *height;
   return true;
}

static void
native_flush_front(struct st_drawable *base)
{
   struct glx_drawable *draw = base->priv;
   struct st_context *st = st_get_current();
   if (draw->ws && st &&
       ws_xcb_drawable_present_front(draw->ws, st_context_pipe(st)))
      glx_drawable_update(draw);
}

static bool
pbuffer_validate(struct st_drawable *base, unsigned *width, unsigned *height,
                 struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct glx_drawable *draw = base->priv;
   *width = draw->width;
   *height = draw->height;
   out[ST_ATTACHMENT_FRONT_LEFT] = draw->front;
   out[ST_ATTACHMENT_BACK_LEFT] = draw->back;
   out[ST_ATTACHMENT_DEPTH_STENCIL] = draw->depth_stencil;
   return true;
}

static struct glx_drawable *
drawable_new(struct glx_display *display, const struct glx_config *config,
             enum glx_drawable_kind kind, xcb_drawable_t native)
{
   struct glx_drawable *draw = calloc(1, sizeof(*draw));
   if (!draw)
      return NULL;
   u_list_init(&draw->link);
   draw->display = display;
   draw->config = config;
   draw->kind = kind;
   draw->native = native;
   draw->swap_interval = (int)u_driconf_default_swap_interval(u_driconf_get());
   draw->preserved_contents = true;
   draw->base = (struct st_drawable){
      .color_format = config->color_format,
      .depth_stencil_format = config->depth_stencil_format,
      .double_buffered = kind != GLX_KIND_PIXMAP && config->double_buffered,
      .stamp = new_stamp(),
      .validate = kind == GLX_KIND_PBUFFER ? pbuffer_validate : native_validate,
      .flush_front = kind == GLX_KIND_PBUFFER ? NULL : native_flush_front,
      .priv = draw,
   };
   return draw;
}

/** Checks @p native against @p config (its depth, for windows a visual
 * the winsys can present to) and makes its winsys side; a GLX error code
 * (*@p core for X11 ones) or Success. */
static unsigned
attach_native(struct glx_display *display, struct glx_drawable *draw,
              bool *core)
{
   bool window = draw->kind == GLX_KIND_WINDOW;
   *core = true;
   uint8_t depth;
   if (!ws_xcb_get_geometry(display->conn, draw->native, NULL, NULL, &depth))
      return window ? BadWindow : BadPixmap;
   struct ws_xcb_visual visual = draw->config->visual;
   if (window) {
      xcb_get_window_attributes_reply_t *attrs =
         xcb_get_window_attributes_reply(
            display->conn,
            xcb_get_window_attributes(display->conn, draw->native), NULL);
      if (!attrs)
         return BadWindow;
      bool found = ws_xcb_visual_find(display->conn, draw->config->screen,
                                      attrs->visual, 0, &visual);
      free(attrs);
      if (!found)
         return BadMatch;
   }
   if (!visual.id || depth != visual.depth ||
       depth != draw->config->visual.depth)
      return BadMatch;
   struct st_screen *st = glx_st_screen();
   if (!st)
      return BadAlloc;
   draw->ws = ws_xcb_drawable_create(
      st_screen_pipe(st), display->conn, draw->native, &visual,
      draw->config->color_format, draw->config->depth_stencil_format,
      draw->base.double_buffered);
   if (!draw->ws)
      return BadAlloc;
   draw->serial = ws_xcb_drawable_serial(draw->ws);
   ws_xcb_drawable_size(draw->ws, &draw->width, &draw->height);
   return Success;
}

struct glx_drawable *
glx_drawable_implicit(struct glx_display *display,
                      const struct glx_config *config, Window win,
                      unsigned *error)
{
   struct glx_drawable *draw =
      drawable_new(display, config, GLX_KIND_WINDOW, (xcb_drawable_t)win);
   if (!draw) {
      *error = BadAlloc;
      return NULL;
   }
   draw->xid = win;
   draw->implicit = true;
   bool core;
   unsigned e = attach_native(display, draw, &core);
   if (e != Success) {
      glx_drawable_free(draw);
      /* GLX 1.4, 3.3.7: not a window or GLX drawable: GLXBadDrawable. */
      *error = e == BadMatch ? BadMatch : GLXBadDrawable;
      return NULL;
   }
   glx_lock();
   /* Another thread may have made one meanwhile. */
   struct glx_drawable *other = glx_drawable_lookup(display, win);
   if (other) {
      glx_unlock();
      glx_drawable_free(draw);
      return other;
   }
   u_list_add_tail(&display->drawables, &draw->link);
   glx_unlock();
   return draw;
}

/** glXCreateWindow, glXCreatePixmap and glXCreateGLXPixmap. */
static GLXDrawable
create_native(Display *dpy, struct glx_display *display,
              const struct glx_config *config, enum glx_drawable_kind kind,
              XID native, unsigned minor_opcode)
{
   if (!config) {
      glx_error_send(dpy, GLXBadFBConfig, false, minor_opcode, 0);
      return None;
   }
   int bit = kind == GLX_KIND_WINDOW ? GLX_WINDOW_BIT : GLX_PIXMAP_BIT;
   if (!(config->drawable_type & bit)) {
      glx_error_send(dpy, BadMatch, true, minor_opcode, native);
      return None;
   }
   glx_lock();
   bool taken = false;
   u_list_foreach (struct glx_drawable, other, &display->drawables, link) {
      if (!other->implicit && !other->destroyed && other->native == native &&
          other->kind == GLX_KIND_WINDOW)
         taken = true;
   }
   glx_unlock();
   /* GLX 1.4, 3.3.4: "If there is already a GLXFBConfig associated with
    * win (as a result of a previous glXCreateWindow call), then a
    * BadAlloc error is generated."  A pixmap may have several GLX
    * pixmaps (nothing forbids it; Piglit's glx-pixmap-multi). */
   if (taken && kind == GLX_KIND_WINDOW) {
      glx_error_send(dpy, BadAlloc, true, minor_opcode, native);
      return None;
   }
   struct glx_drawable *draw =
      drawable_new(display, config, kind, (xcb_drawable_t)native);
   if (!draw) {
      glx_error_send(dpy, BadAlloc, true, minor_opcode, native);
      return None;
   }
   bool core;
   unsigned error = attach_native(display, draw, &core);
   if (error != Success) {
      glx_drawable_free(draw);
      glx_error_send(dpy, error, core, minor_opcode, native);
      return None;
   }
   draw->xid = xcb_generate_id(display->conn);
   glx_lock();
   u_list_add_tail(&display->drawables, &draw->link);
   glx_unlock();
   return draw->xid;
}

GLXWindow
glx_CreateWindow(Display *dpy, GLXFBConfig config, Window win,
                 const int *attrib_list)
{
   /* GLX 1.4, 3.3.4: attrib_list is unused. */
   struct glx_display *display = glx_display_get(dpy);
   return create_native(dpy, display, glx_config_lookup(display, config),
                        GLX_KIND_WINDOW, win, X_GLXCreateWindow);
}

GLXPixmap
glx_CreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap,
                 const int *attrib_list)
{
   struct glx_display *display = glx_display_get(dpy);
   return create_native(dpy, display, glx_config_lookup(display, config),
                        GLX_KIND_PIXMAP, pixmap, X_GLXCreatePixmap);
}

GLXPixmap
glx_CreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap)
{
   struct glx_display *display = glx_display_get(dpy);
   const struct glx_config *config =
      display && vis ? glx_config_from_visual(display, vis) : NULL;
   if (!config) {
      glx_error_send(dpy, BadValue, true, X_GLXCreateGLXPixmap,
                     vis ? vis->visualid : 0);
      return None;
   }
   return create_native(dpy, display, config, GLX_KIND_PIXMAP, pixmap,
                        X_GLXCreateGLXPixmap);
}

static struct pipe_resource *
pbuffer_buffer(struct pipe_screen *pscreen, enum pipe_format format,
               unsigned width, unsigned height, unsigned bind)
{
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = width ? width : 1,
      .height0 = height ? height : 1,
      .depth0 = 1,
      .array_size = 1,
      .usage = PIPE_USAGE_DEFAULT,
      .bind = bind,
   };
   return pscreen->resource_create(pscreen, &templ);
}

GLXPbuffer
glx_CreatePbuffer(Display *dpy, GLXFBConfig handle, const int *attrib_list)
{
   struct glx_display *display = glx_display_get(dpy);
   const struct glx_config *config = glx_config_lookup(display, handle);
   if (!config) {
      glx_error_send(dpy, GLXBadFBConfig, false, X_GLXCreatePbuffer, 0);
      return None;
   }
   if (!(config->drawable_type & GLX_PBUFFER_BIT)) {
      glx_error_send(dpy, BadMatch, true, X_GLXCreatePbuffer, 0);
      return None;
   }
   int width = 0, height = 0;
   bool preserved = true, largest = false;
   for (const int *a = attrib_list; a && a[0] != None; a += 2) {
      switch (a[0]) {
      case GLX_PBUFFER_WIDTH:
         width = a[1];
         break;
      case GLX_PBUFFER_HEIGHT:
         height = a[1];
         break;
      case GLX_PRESERVED_CONTENTS:
         preserved = a[1] != 0;
         break;
      case GLX_LARGEST_PBUFFER:
         largest = a[1] != 0;
         break;
      default:
         glx_error_send(dpy, BadValue, true, X_GLXCreatePbuffer, 0);
         return None;
      }
   }
   if (width < 0 || height < 0) {
      glx_error_send(dpy, BadValue, true, X_GLXCreatePbuffer, 0);
      return None;
   }
   /* GLX 1.4, 3.3.6: too large is BadAlloc unless the largest available
    * is asked for. */
   if (width > MAX_PBUFFER_SIZE || height > MAX_PBUFFER_SIZE) {
      if (!largest) {
         glx_error_send(dpy, BadAlloc, true, X_GLXCreatePbuffer, 0);
         return None;
      }
      width = width < MAX_PBUFFER_SIZE ? width : MAX_PBUFFER_SIZE;
      height = height < MAX_PBUFFER_SIZE ? height : MAX_PBUFFER_SIZE;
   }
   struct st_screen *st = glx_st_screen();
   struct glx_drawable *draw =
      st ? drawable_new(display, config, GLX_KIND_PBUFFER, 0) : NULL;
   if (!draw) {
      glx_error_send(dpy, BadAlloc, true, X_GLXCreatePbuffer, 0);
      return None;
   }
   struct pipe_screen *pscreen = st_screen_pipe(st);
   draw->width = (unsigned)width;
   draw->height = (unsigned)height;
   draw->preserved_contents = preserved;
   draw->largest_pbuffer = largest;
   const unsigned color_bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
   draw->front = pbuffer_buffer(pscreen, config->color_format, draw->width,
                                draw->height, color_bind);
   if (config->double_buffered)
      draw->back = pbuffer_buffer(pscreen, config->color_format, draw->width,
                                  draw->height, color_bind);
   if (config->depth_stencil_format != PIPE_FORMAT_NONE)
      draw->depth_stencil =
         pbuffer_buffer(pscreen, config->depth_stencil_format, draw->width,
                        draw->height, PIPE_BIND_DEPTH_STENCIL);
   if (!draw->front || (config->double_buffered && !draw->back) ||
       (config->depth_stencil_format != PIPE_FORMAT_NONE &&
        !draw->depth_stencil)) {
      glx_drawable_free(draw);
      glx_error_send(dpy, BadAlloc, true, X_GLXCreatePbuffer, 0);
      return None;
   }
   draw->xid = xcb_generate_id(display->conn);
   glx_lock();
   u_list_add_tail(&display->drawables, &draw->link);
   glx_unlock();
   return draw->xid;
}

/** The destructors: @p xid must name a drawable of @p kind. */
static void
destroy_drawable(Display *dpy, GLXDrawable xid, enum glx_drawable_kind kind,
                 unsigned error, unsigned minor_opcode)
{
   struct glx_display *display = glx_display_get(dpy);
   glx_lock();
   struct glx_drawable *draw = glx_drawable_lookup(display, xid);
   if (!draw || draw->kind != kind || draw->implicit) {
      glx_unlock();
      glx_error_send(dpy, error, false, minor_opcode, xid);
      return;
   }
   /* Destroying the X window destroyed the GLX window with it (GLX
    * windows are not reference counted; Piglit's glx-window-life):
    * what is left goes, and the handle was no longer valid. */
   bool gone =
      kind == GLX_KIND_WINDOW &&
      !ws_xcb_get_geometry(display->conn, draw->native, NULL, NULL, NULL);
   /* GLX 1.4, 3.3.4: a current drawable goes when it is released. */
   if (draw->current_count)
      draw->destroyed = true;
   else
      glx_drawable_free(draw);
   glx_unlock();
   if (gone)
      glx_error_send(dpy, error, false, minor_opcode, xid);
}

void
glx_DestroyWindow(Display *dpy, GLXWindow win)
{
   destroy_drawable(dpy, win, GLX_KIND_WINDOW, GLXBadWindow,
                    X_GLXDestroyWindow);
}

void
glx_DestroyPixmap(Display *dpy, GLXPixmap pixmap)
{
   destroy_drawable(dpy, pixmap, GLX_KIND_PIXMAP, GLXBadPixmap,
                    X_GLXDestroyPixmap);
}

void
glx_DestroyGLXPixmap(Display *dpy, GLXPixmap pixmap)
{
   destroy_drawable(dpy, pixmap, GLX_KIND_PIXMAP, GLXBadPixmap,
                    X_GLXDestroyGLXPixmap);
}

void
glx_DestroyPbuffer(Display *dpy, GLXPbuffer pbuf)
{
   destroy_drawable(dpy, pbuf, GLX_KIND_PBUFFER, GLXBadPbuffer,
                    X_GLXDestroyPbuffer);
}

/** The drawable for a query on @p xid (a plain window that was made
 * current counts); NULL after reporting GLXBadDrawable. */
static struct glx_drawable *
query_target(Display *dpy, GLXDrawable xid, unsigned minor_opcode)
{
   struct glx_display *display = glx_display_get(dpy);
   glx_lock();
   struct glx_drawable *draw = glx_drawable_lookup(display, xid);
   glx_unlock();
   if (!draw)
      glx_error_send(dpy, GLXBadDrawable, false, minor_opcode, xid);
   return draw;
}

void
glx_QueryDrawable(Display *dpy, GLXDrawable xid, int attribute,
                  unsigned int *value)
{
   struct glx_drawable *draw =
      query_target(dpy, xid, X_GLXGetDrawableAttributes);
   if (!draw || !value)
      return;
   switch (attribute) {
   case GLX_WIDTH:
   case GLX_HEIGHT:
      if (draw->ws)
         ws_xcb_drawable_size(draw->ws, &draw->width, &draw->height);
      *value = attribute == GLX_WIDTH ? draw->width : draw->height;
      break;
   case GLX_PRESERVED_CONTENTS:
      *value = draw->preserved_contents;
      break;
   case GLX_LARGEST_PBUFFER:
      *value = draw->largest_pbuffer;
      break;
   case GLX_FBCONFIG_ID:
      *value = (unsigned)draw->config->id;
      break;
   case GLX_SWAP_INTERVAL_EXT:
      *value = (unsigned)draw->swap_interval;
      break;
   case GLX_MAX_SWAP_INTERVAL_EXT:
      *value = MAX_SWAP_INTERVAL;
      break;
   case GLX_TEXTURE_FORMAT_EXT:
      *value = GLX_TEXTURE_FORMAT_NONE_EXT;
      break;
   default:
      /* GLX 1.4, 3.3.6: "If attribute is not one of the attributes listed
       * above, a BadValue error is generated." */
      glx_error_send(dpy, BadValue, true, X_GLXGetDrawableAttributes, xid);
      break;
   }
}

void
glx_SelectEvent(Display *dpy, GLXDrawable xid, unsigned long mask)
{
   struct glx_drawable *draw =
      query_target(dpy, xid, X_GLXChangeDrawableAttributes);
   /* Pbuffer contents are never clobbered: no event is ever sent. */
   if (draw)
      draw->event_mask = mask;
}

void
glx_GetSelectedEvent(Display *dpy, GLXDrawable xid, unsigned long *mask)
{
   struct glx_drawable *draw =
      query_target(dpy, xid, X_GLXGetDrawableAttributes);
   if (draw && mask)
      *mask = draw->event_mask;
}

/** A pipe context to map @p draw's buffers with when no context of this
 * thread draws to it (made once per display). */
static struct pipe_context *
display_pipe(struct glx_display *display)
{
   glx_lock();
   if (!display->pipe) {
      struct st_screen *st = glx_st_screen();
      struct pipe_screen *pscreen = st ? st_screen_pipe(st) : NULL;
      if (pscreen)
         display->pipe = pscreen->context_create(pscreen, NULL, 0);
   }
   struct pipe_context *pipe = display->pipe;
   glx_unlock();
   return pipe;
}

void
glx_SwapBuffers(Display *dpy, GLXDrawable xid)
{
   struct glx_drawable *draw = query_target(dpy, xid, X_GLXSwapBuffers);
   if (!draw)
      return;
   struct glx_thread *thread = glx_thread_get();
   bool current = thread->context && thread->draw == draw;
   /* GLX 1.4, 3.3.10: an implicit glFlush for the calling thread's
    * drawable; nothing else for pixmaps and single-buffered drawables. */
   if (!draw->base.double_buffered) {
      if (current)
         st_context_flush(thread->context->st, 0, NULL);
      return;
   }
   /* A double-buffered pbuffer swaps too (what GL_FRONT reads). */
   if (draw->kind == GLX_KIND_PBUFFER) {
      if (current)
         st_drawable_invalidate(thread->context->st, &draw->base);
      glx_lock();
      struct pipe_resource *back = draw->back;
      draw->back = draw->front;
      draw->front = back;
      draw->base.stamp = new_stamp();
      glx_unlock();
      return;
   }
   if (current) {
      st_drawable_invalidate(thread->context->st, &draw->base);
      ws_xcb_drawable_swap(draw->ws, st_context_pipe(thread->context->st));
   } else {
      struct pipe_context *pipe = display_pipe(draw->display);
      if (pipe) {
         glx_lock();
         ws_xcb_drawable_swap(draw->ws, pipe);
         glx_unlock();
      }
   }
   sync_stamp(draw);
}

/** @p interval (not negative) clamped to MAX_SWAP_INTERVAL, then to what
 * driconf's vblank_mode allows. */
static int
driconf_interval(int interval)
{
   int clamped = interval < MAX_SWAP_INTERVAL ? interval : MAX_SWAP_INTERVAL;
   return (int)u_driconf_swap_interval(u_driconf_get(), (unsigned)clamped);
}

void
glx_SwapIntervalEXT(Display *dpy, GLXDrawable xid, int interval)
{
   /* GLX_EXT_swap_control: "If <interval> is negative, BadValue". */
   if (interval < 0) {
      glx_error_send(dpy, BadValue, true, X_GLXVendorPrivate, xid);
      return;
   }
   struct glx_drawable *draw = query_target(dpy, xid, X_GLXVendorPrivate);
   if (draw)
      draw->swap_interval = driconf_interval(interval);
}

int
glx_SwapIntervalMESA(unsigned int interval)
{
   struct glx_thread *thread = glx_thread_get();
   /* GLX_MESA_swap_control: GLX_BAD_CONTEXT without a current context. */
   if (!thread->context)
      return GLX_BAD_CONTEXT;
   if (interval > MAX_SWAP_INTERVAL)
      return GLX_BAD_VALUE;
   if (thread->draw)
      thread->draw->swap_interval = driconf_interval((int)interval);
   return 0;
}

int
glx_GetSwapIntervalMESA(void)
{
   struct glx_thread *thread = glx_thread_get();
   return thread->draw ? thread->draw->swap_interval : 0;
}

int
glx_SwapIntervalSGI(int interval)
{
   struct glx_thread *thread = glx_thread_get();
   /* GLX_SGI_swap_control: 0 and below are GLX_BAD_VALUE. */
   if (interval <= 0)
      return GLX_BAD_VALUE;
   if (!thread->context)
      return GLX_BAD_CONTEXT;
   if (thread->draw)
      thread->draw->swap_interval = driconf_interval(interval);
   return 0;
}
