/* SPDX-License-Identifier: MIT */

/*
 * The X11 platform (EGL_KHR_platform_x11, EGL_EXT_platform_x11,
 * EGL_EXT_platform_xcb): the connection of a display, configs for the
 * screen's TrueColor visuals of depth 24 and 32, and window and pixmap
 * surfaces whose buffers the xcb winsys keeps and presents (ws_xcb.h).
 *
 * Connections: an Xlib Display from the application is used through its
 * xcb connection (XGetXCBConnection), so that Xlib's queued requests go
 * out before ours; EGL_DEFAULT_DISPLAY opens $DISPLAY at eglInitialize
 * and keeps it for the process, like the display itself.
 *
 * Window surfaces are double-buffered unless EGL_RENDER_BUFFER is
 * EGL_SINGLE_BUFFER; pixmap surfaces are single-buffered.  Front-buffer
 * rendering reaches the drawable when the state tracker flushes it
 * (glFlush, glFinish: st_drawable::flush_front).  A window's size is
 * asked after each swap; a new size makes new buffers (the drawable's
 * stamp changes) before the next frame.
 */
#include <stdlib.h>

#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>

#include "egl_priv.h"
#include "pipe/p_inlines.h"
#include "ws_xcb.h"

struct x11_display {
   /** NULL on the XCB platform. */
   Display *xdpy;
   xcb_connection_t *conn;
   int screen;
};

struct x11_surface {
   struct ws_xcb_drawable *ws;
   /** The winsys serial the drawable's stamp was last made for. */
   uint32_t serial;
};

/** Opens or adopts the display's connection; an EGL error. */
static EGLint
x11_connect(struct egl_display *dpy)
{
   struct x11_display *x = calloc(1, sizeof(*x));
   if (!x)
      return EGL_BAD_ALLOC;
   int default_screen = 0;
   if (dpy->platform == EGL_PLATFORM_XCB_EXT) {
      x->conn = dpy->native;
      if (!x->conn) {
         x->conn = xcb_connect(NULL, &default_screen);
         if (xcb_connection_has_error(x->conn)) {
            xcb_disconnect(x->conn);
            free(x);
            return EGL_NOT_INITIALIZED;
         }
      }
   } else {
      x->xdpy = dpy->native ? dpy->native : XOpenDisplay(NULL);
      if (!x->xdpy) {
         free(x);
         return EGL_NOT_INITIALIZED;
      }
      x->conn = XGetXCBConnection(x->xdpy);
      default_screen = DefaultScreen(x->xdpy);
   }
   x->screen = dpy->native_screen >= 0 ? dpy->native_screen : default_screen;
   dpy->platform_data = x;
   return EGL_SUCCESS;
}

static EGLint
x11_initialize(struct egl_display *dpy)
{
   if (!dpy->platform_data) {
      EGLint error = x11_connect(dpy);
      if (error != EGL_SUCCESS)
         return error;
   }
   struct x11_display *x = dpy->platform_data;
   if (!ws_xcb_screen(x->conn, x->screen))
      return EGL_NOT_INITIALIZED;
   static const uint8_t depths[] = { 24, 32 };
   for (unsigned i = 0; i < 2; i++) {
      struct ws_xcb_visual v;
      if (!ws_xcb_visual_find(x->conn, x->screen, 0, depths[i], &v))
         continue;
      egl_config_add_native(dpy, PIPE_FORMAT_B8G8R8A8_UNORM, 8, 8, 8,
                            depths[i] == 32 ? 8 : 0, (EGLint)v.id,
                            XCB_VISUAL_CLASS_TRUE_COLOR, depths[i],
                            EGL_WINDOW_BIT | EGL_PIXMAP_BIT | EGL_PBUFFER_BIT);
   }
   return EGL_SUCCESS;
}

static bool
x11_validate(struct st_drawable *drawable, unsigned *width, unsigned *height,
             struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct egl_surface *surf = drawable->priv;
   struct x11_surface *xs = surf->platform_data;
   struct pipe_resource *bufs[WS_XCB_BUFFER_COUNT];
   if (!ws_xcb_drawable_buffers(xs->ws, width, height, bufs))
      return false;
   out[ST_ATTACHMENT_FRONT_LEFT] = bufs[WS_XCB_FRONT];
   out[ST_ATTACHMENT_BACK_LEFT] = bufs[WS_XCB_BACK];
   out[ST_ATTACHMENT_DEPTH_STENCIL] = bufs[WS_XCB_DEPTH_STENCIL];
   surf->width = *width;
   surf->height = *height;
   return true;
}

/** A new stamp when the winsys has new buffers (swap, resize). */
static void
sync_stamp(struct egl_surface *surf)
{
   struct x11_surface *xs = surf->platform_data;
   uint32_t serial = ws_xcb_drawable_serial(xs->ws);
   if (serial != xs->serial) {
      xs->serial = serial;
      surf->drawable.stamp = egl_surface_new_stamp();
   }
   ws_xcb_drawable_size(xs->ws, &surf->width, &surf->height);
}

static void
x11_flush_front(struct st_drawable *drawable)
{
   struct egl_surface *surf = drawable->priv;
   struct x11_surface *xs = surf->platform_data;
   struct st_context *st = st_get_current();
   if (st && ws_xcb_drawable_present_front(xs->ws, st_context_pipe(st)))
      ws_xcb_drawable_update_size(xs->ws);
   sync_stamp(surf);
}

/** The visual of @p drawable if its depth is the config's (windows: its
 * own visual; pixmaps: the config's); an EGL error otherwise. */
static EGLint
drawable_visual(struct x11_display *x, const struct egl_config *config,
                xcb_drawable_t drawable, bool window, EGLint bad_native,
                struct ws_xcb_visual *out)
{
   uint8_t depth;
   if (!ws_xcb_get_geometry(x->conn, drawable, NULL, NULL, &depth))
      return bad_native;
   xcb_visualid_t id = (xcb_visualid_t)config->native_visual_id;
   if (window) {
      xcb_get_window_attributes_reply_t *attrs =
         xcb_get_window_attributes_reply(
            x->conn, xcb_get_window_attributes(x->conn, drawable), NULL);
      if (!attrs)
         return bad_native;
      id = attrs->visual;
      free(attrs);
   }
   /* EGL 1.5, 3.5.1 / 3.5.4: "If the attributes of win do not correspond
    * to config, then an EGL_BAD_MATCH error is generated." */
   if (depth != config->native_depth ||
       !ws_xcb_visual_find(x->conn, x->screen, id, 0, out))
      return EGL_BAD_MATCH;
   return EGL_SUCCESS;
}

static EGLint
create_surface(struct egl_surface *surf, uintptr_t native, bool window)
{
   struct egl_display *dpy = surf->display;
   struct x11_display *x = dpy->platform_data;
   if (native > UINT32_MAX)
      return window ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP;
   struct ws_xcb_visual visual;
   EGLint error = drawable_visual(
      x, surf->config, (xcb_drawable_t)native, window,
      window ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_NATIVE_PIXMAP, &visual);
   if (error != EGL_SUCCESS)
      return error;
   struct x11_surface *xs = calloc(1, sizeof(*xs));
   if (!xs)
      return EGL_BAD_ALLOC;
   struct st_drawable *d = &surf->drawable;
   xs->ws = ws_xcb_drawable_create(
      st_screen_pipe(dpy->screen), x->conn, (xcb_drawable_t)native, &visual,
      d->color_format, d->depth_stencil_format, d->double_buffered);
   if (!xs->ws) {
      free(xs);
      return EGL_BAD_ALLOC;
   }
   xs->serial = ws_xcb_drawable_serial(xs->ws);
   ws_xcb_drawable_size(xs->ws, &surf->width, &surf->height);
   d->validate = x11_validate;
   d->flush_front = x11_flush_front;
   d->priv = surf;
   surf->platform_data = xs;
   return EGL_SUCCESS;
}

static EGLint
x11_create_window(struct egl_surface *surf, uintptr_t native)
{
   return create_surface(surf, native, true);
}

static EGLint
x11_create_pixmap(struct egl_surface *surf, uintptr_t native)
{
   return create_surface(surf, native, false);
}

static void
x11_destroy_surface(struct egl_surface *surf)
{
   struct x11_surface *xs = surf->platform_data;
   ws_xcb_drawable_destroy(xs->ws);
   free(xs);
   surf->platform_data = NULL;
}

static EGLint
x11_swap_buffers(struct egl_surface *surf, struct st_context *st)
{
   struct x11_surface *xs = surf->platform_data;
   bool ok = ws_xcb_drawable_swap(xs->ws, st_context_pipe(st));
   sync_stamp(surf);
   return ok ? EGL_SUCCESS : EGL_BAD_NATIVE_WINDOW;
}

static EGLint
x11_copy_buffers(struct egl_surface *surf, struct st_context *st,
                 uintptr_t native)
{
   struct x11_display *x = surf->display->platform_data;
   struct x11_surface *xs = surf->platform_data;
   if (!xs || native == 0 || native > UINT32_MAX)
      return EGL_BAD_NATIVE_PIXMAP;
   unsigned width, height;
   uint8_t depth;
   if (!ws_xcb_get_geometry(x->conn, (xcb_drawable_t)native, &width, &height,
                            &depth))
      return EGL_BAD_NATIVE_PIXMAP;
   unsigned w, h;
   struct pipe_resource *bufs[WS_XCB_BUFFER_COUNT];
   if (!ws_xcb_drawable_buffers(xs->ws, &w, &h, bufs))
      return EGL_BAD_ALLOC;
   /* EGL 1.5, 3.10.3: the pixmap must match the surface's size and the
    * config's depth. */
   struct ws_xcb_visual visual;
   if (width != w || height != h || depth != surf->config->native_depth ||
       !ws_xcb_visual_find(x->conn, x->screen,
                           (xcb_visualid_t)surf->config->native_visual_id, 0,
                           &visual))
      return EGL_BAD_MATCH;
   struct ws_xcb_image *image =
      ws_xcb_image_create(x->conn, (xcb_drawable_t)native, &visual);
   if (!image)
      return EGL_BAD_ALLOC;
   struct pipe_resource *src =
      bufs[WS_XCB_BACK] ? bufs[WS_XCB_BACK] : bufs[WS_XCB_FRONT];
   bool ok = ws_xcb_image_put(image, st_context_pipe(st), src);
   ws_xcb_image_sync(image);
   ws_xcb_image_destroy(image);
   return ok ? EGL_SUCCESS : EGL_BAD_ALLOC;
}

static void
x11_wait_native(struct egl_display *dpy)
{
   struct x11_display *x = dpy->platform_data;
   if (!x)
      return;
   if (x->xdpy) {
      XSync(x->xdpy, False);
   } else {
      free(xcb_get_input_focus_reply(x->conn, xcb_get_input_focus(x->conn),
                                     NULL));
   }
}

const struct egl_platform egl_platform_x11 = {
   .initialize = x11_initialize,
   .create_window = x11_create_window,
   .create_pixmap = x11_create_pixmap,
   .destroy_surface = x11_destroy_surface,
   .swap_buffers = x11_swap_buffers,
   .copy_buffers = x11_copy_buffers,
   .wait_native = x11_wait_native,
};
