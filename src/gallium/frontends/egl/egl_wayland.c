/* SPDX-License-Identifier: MIT */

/*
 * The Wayland platform (EGL_KHR_platform_wayland, EGL_EXT_platform_wayland):
 * a display on a wl_display, configs for the wl_shm formats ARGB8888 and
 * XRGB8888 (every compositor has both), and window surfaces on a
 * wl_egl_window (libwayland-egl's wayland-egl-backend.h interface).
 *
 * Presentation: the state tracker renders into pipe resources (front and
 * back, exchanged at each swap as on X11, so GL_FRONT reads what was
 * shown last).  eglSwapBuffers copies the new front buffer, rows flipped,
 * into a wl_shm buffer the compositor has released, attaches it, damages
 * the whole surface and commits.  Up to EGLWL_MAX_BUFFERS shm buffers are
 * kept per surface; a swap waits for a release when all are busy.
 *
 * Swap interval 1 asks a frame callback with each commit and waits for
 * the previous one before the next commit (the compositor's pace); 0
 * neither asks nor waits.
 *
 * Events: every object of ours lives on a private event queue (one per
 * display for the registry, one per surface for its buffers and frame
 * callbacks), reached through proxy wrappers, so that waiting in
 * eglSwapBuffers never dispatches the application's events and the
 * application's dispatching never runs our listeners.
 *
 * Resizes: wl_egl_window_resize() calls back here; the surface's stamp
 * changes and the next validation makes buffers of the new size.  The
 * offset (dx, dy) goes with the next attach (wl_surface.offset from
 * wl_surface version 5 on).  When the application destroys the
 * wl_egl_window first, the surface keeps its buffers and swaps fail with
 * EGL_BAD_NATIVE_WINDOW.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>
#include <wayland-egl-backend.h>

#include "egl_priv.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

/** The DRM fourcc codes of the two formats (EGL_NATIVE_VISUAL_ID). */
#define EGLWL_FOURCC_ARGB8888 0x34325241u
#define EGLWL_FOURCC_XRGB8888 0x34325258u

#define EGLWL_MAX_BUFFERS 4

struct wl_platform_display {
   struct wl_display *wl;
   /** Connected by eglInitialize (EGL_DEFAULT_DISPLAY). */
   bool own;
   struct wl_event_queue *queue;
   struct wl_registry *registry;
   struct wl_shm *shm;
};

struct wl_shm_image {
   struct wl_buffer *buffer;
   void *data;
   size_t size;
   unsigned width, height;
   bool busy;
};

enum wl_buffer_slot {
   WL_SLOT_FRONT,
   WL_SLOT_BACK,
   WL_SLOT_DEPTH_STENCIL,
   WL_SLOT_COUNT,
};

struct wl_platform_surface {
   struct egl_surface *surf;
   struct wl_display *wl;
   /** NULL once the application destroyed it. */
   struct wl_egl_window *window;
   struct wl_event_queue *queue;
   /** Wrappers on queue of the window's wl_surface and of wl_shm. */
   struct wl_surface *surface;
   struct wl_shm *shm;
   uint32_t shm_format;
   enum pipe_format format[WL_SLOT_COUNT];
   struct pipe_resource *buf[WL_SLOT_COUNT];
   unsigned buf_width, buf_height;
   /** The offset given to the last wl_egl_window_resize(). */
   int dx, dy;
   struct wl_shm_image images[EGLWL_MAX_BUFFERS];
   struct wl_callback *frame;
};

static void
registry_global(void *data, struct wl_registry *registry, uint32_t name,
                const char *interface, uint32_t version)
{
   struct wl_platform_display *w = data;
   if (!w->shm && strcmp(interface, wl_shm_interface.name) == 0)
      w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
}

static void
registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
   .global = registry_global,
   .global_remove = registry_global_remove,
};

static void
disconnect(struct wl_platform_display *w)
{
   if (w->shm)
      wl_shm_destroy(w->shm);
   if (w->registry)
      wl_registry_destroy(w->registry);
   if (w->queue)
      wl_event_queue_destroy(w->queue);
   if (w->own && w->wl)
      wl_display_disconnect(w->wl);
   free(w);
}

/** Connects (or adopts the application's wl_display) and binds wl_shm. */
static EGLint
wl_connect(struct egl_display *dpy)
{
   struct wl_platform_display *w = calloc(1, sizeof(*w));
   if (!w)
      return EGL_BAD_ALLOC;
   w->wl = dpy->native;
   if (!w->wl) {
      w->wl = wl_display_connect(NULL);
      w->own = true;
   }
   if (!w->wl) {
      free(w);
      return EGL_NOT_INITIALIZED;
   }
   w->queue = wl_display_create_queue(w->wl);
   struct wl_display *wrapper =
      w->queue ? wl_proxy_create_wrapper(w->wl) : NULL;
   if (wrapper) {
      wl_proxy_set_queue((struct wl_proxy *)wrapper, w->queue);
      w->registry = wl_display_get_registry(wrapper);
      wl_proxy_wrapper_destroy(wrapper);
   }
   if (w->registry) {
      wl_registry_add_listener(w->registry, &registry_listener, w);
      wl_display_roundtrip_queue(w->wl, w->queue);
   }
   if (!w->shm) {
      disconnect(w);
      return EGL_NOT_INITIALIZED;
   }
   dpy->platform_data = w;
   return EGL_SUCCESS;
}

static EGLint
wl_initialize(struct egl_display *dpy)
{
   if (!dpy->platform_data) {
      EGLint error = wl_connect(dpy);
      if (error != EGL_SUCCESS)
         return error;
   }
   /* The two formats wl_shm always has, little-endian B, G, R, A bytes. */
   egl_config_add_native(dpy, PIPE_FORMAT_B8G8R8A8_UNORM, 8, 8, 8, 8,
                         (EGLint)EGLWL_FOURCC_ARGB8888, EGL_NONE, 32,
                         EGL_WINDOW_BIT | EGL_PBUFFER_BIT);
   egl_config_add_native(dpy, PIPE_FORMAT_B8G8R8A8_UNORM, 8, 8, 8, 0,
                         (EGLint)EGLWL_FOURCC_XRGB8888, EGL_NONE, 24,
                         EGL_WINDOW_BIT | EGL_PBUFFER_BIT);
   return EGL_SUCCESS;
}

static void
release_buffers(struct wl_platform_surface *ws)
{
   for (unsigned i = 0; i < WL_SLOT_COUNT; i++)
      pipe_resource_ref(&ws->buf[i], NULL);
   ws->buf_width = ws->buf_height = 0;
}

/** The size the window asks for (the last one while it is gone). */
static void
window_size(const struct wl_platform_surface *ws, unsigned *width,
            unsigned *height)
{
   if (ws->window) {
      *width = ws->window->width > 0 ? (unsigned)ws->window->width : 1;
      *height = ws->window->height > 0 ? (unsigned)ws->window->height : 1;
   } else {
      *width = ws->buf_width ? ws->buf_width : 1;
      *height = ws->buf_height ? ws->buf_height : 1;
   }
}

static bool
wl_validate(struct st_drawable *drawable, unsigned *width, unsigned *height,
            struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct egl_surface *surf = drawable->priv;
   struct wl_platform_surface *ws = surf->platform_data;
   unsigned w, h;
   window_size(ws, &w, &h);
   if (w != ws->buf_width || h != ws->buf_height) {
      release_buffers(ws);
      struct pipe_screen *screen = st_screen_pipe(surf->display->screen);
      for (unsigned i = 0; i < WL_SLOT_COUNT; i++) {
         if (ws->format[i] == PIPE_FORMAT_NONE)
            continue;
         struct pipe_resource templ = {
            .target = PIPE_TEXTURE_2D,
            .format = ws->format[i],
            .width0 = w,
            .height0 = h,
            .depth0 = 1,
            .array_size = 1,
            .usage = PIPE_USAGE_DEFAULT,
            .bind = i == WL_SLOT_DEPTH_STENCIL
                       ? PIPE_BIND_DEPTH_STENCIL
                       : PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW |
                            PIPE_BIND_DISPLAY_TARGET,
         };
         ws->buf[i] = screen->resource_create(screen, &templ);
         if (!ws->buf[i]) {
            release_buffers(ws);
            return false;
         }
      }
      ws->buf_width = w;
      ws->buf_height = h;
   }
   out[ST_ATTACHMENT_FRONT_LEFT] = ws->buf[WL_SLOT_FRONT];
   out[ST_ATTACHMENT_BACK_LEFT] = ws->buf[WL_SLOT_BACK];
   out[ST_ATTACHMENT_DEPTH_STENCIL] = ws->buf[WL_SLOT_DEPTH_STENCIL];
   *width = surf->width = w;
   *height = surf->height = h;
   return true;
}

static void
buffer_release(void *data, struct wl_buffer *buffer)
{
   struct wl_shm_image *image = data;
   image->busy = false;
}

static const struct wl_buffer_listener buffer_listener = {
   .release = buffer_release,
};

static void
image_destroy(struct wl_shm_image *image)
{
   if (image->buffer)
      wl_buffer_destroy(image->buffer);
   if (image->data)
      munmap(image->data, image->size);
   *image = (struct wl_shm_image){ 0 };
}

/** A new shm buffer of @p width x @p height in a memfd of its own. */
static bool
image_create(struct wl_platform_surface *ws, struct wl_shm_image *image,
             unsigned width, unsigned height)
{
   size_t stride = (size_t)width * 4;
   size_t size = stride * height;
   if (size > INT32_MAX)
      return false;
   int fd = memfd_create("indium-wl-shm", MFD_CLOEXEC);
   if (fd < 0)
      return false;
   int ret;
   do {
      ret = ftruncate(fd, (off_t)size);
   } while (ret < 0 && errno == EINTR);
   void *data = ret == 0
                   ? mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
                   : MAP_FAILED;
   if (data == MAP_FAILED) {
      close(fd);
      return false;
   }
   struct wl_shm_pool *pool = wl_shm_create_pool(ws->shm, fd, (int32_t)size);
   close(fd);
   image->buffer =
      wl_shm_pool_create_buffer(pool, 0, (int32_t)width, (int32_t)height,
                                (int32_t)stride, ws->shm_format);
   wl_shm_pool_destroy(pool);
   image->data = data;
   image->size = size;
   image->width = width;
   image->height = height;
   image->busy = false;
   if (!image->buffer) {
      image_destroy(image);
      return false;
   }
   wl_buffer_add_listener(image->buffer, &buffer_listener, image);
   return true;
}

/** A released shm buffer of the size, made if needed; waits for a release
 * when all are busy.  NULL when the connection fails or out of memory. */
static struct wl_shm_image *
free_image(struct wl_platform_surface *ws, unsigned width, unsigned height)
{
   for (;;) {
      struct wl_shm_image *unused = NULL;
      for (unsigned i = 0; i < EGLWL_MAX_BUFFERS; i++) {
         struct wl_shm_image *image = &ws->images[i];
         if (image->buffer && !image->busy &&
             (image->width != width || image->height != height))
            image_destroy(image);
         if (image->buffer && !image->busy)
            return image;
         if (!image->buffer && !unused)
            unused = image;
      }
      if (unused)
         return image_create(ws, unused, width, height) ? unused : NULL;
      if (wl_display_dispatch_queue(ws->wl, ws->queue) < 0)
         return NULL;
   }
}

/** Copies level 0 of @p res into @p image, top row first. */
static bool
copy_to_image(struct pipe_context *pipe, struct pipe_resource *res,
              struct wl_shm_image *image)
{
   struct pipe_box box = { 0, 0, 0, (int)image->width, (int)image->height, 1 };
   struct pipe_transfer *transfer = NULL;
   const uint8_t *map =
      pipe->texture_map(pipe, res, 0, PIPE_MAP_READ, &box, &transfer);
   if (!map)
      return false;
   size_t row = (size_t)image->width * 4;
   uint8_t *dst = image->data;
   for (unsigned y = 0; y < image->height; y++) {
      const uint8_t *src =
         map + (size_t)(image->height - 1 - y) * transfer->stride;
      memcpy(dst + (size_t)y * row, src, row);
   }
   pipe->texture_unmap(pipe, transfer);
   return true;
}

static void
frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
   struct wl_platform_surface *ws = data;
   wl_callback_destroy(callback);
   if (ws->frame == callback)
      ws->frame = NULL;
}

static const struct wl_callback_listener frame_listener = {
   .done = frame_done,
};

/** Attaches @p res's pixels to the window's surface and commits. */
static EGLint
present(struct wl_platform_surface *ws, struct pipe_context *pipe,
        struct pipe_resource *res, EGLint interval)
{
   if (!ws->window)
      return EGL_BAD_NATIVE_WINDOW;
   if (!res)
      return EGL_SUCCESS;
   /* Interval 1: the previous frame must have been shown. */
   while (interval > 0 && ws->frame) {
      if (wl_display_dispatch_queue(ws->wl, ws->queue) < 0)
         return EGL_BAD_NATIVE_WINDOW;
   }
   struct wl_shm_image *image = free_image(ws, res->width0, res->height0);
   if (!image)
      return EGL_BAD_ALLOC;
   if (!copy_to_image(pipe, res, image))
      return EGL_BAD_ALLOC;
   if (interval > 0) {
      ws->frame = wl_surface_frame(ws->surface);
      wl_callback_add_listener(ws->frame, &frame_listener, ws);
   }
   if (wl_proxy_get_version((struct wl_proxy *)ws->surface) >=
       WL_SURFACE_OFFSET_SINCE_VERSION) {
      if (ws->dx || ws->dy)
         wl_surface_offset(ws->surface, ws->dx, ws->dy);
      wl_surface_attach(ws->surface, image->buffer, 0, 0);
   } else {
      wl_surface_attach(ws->surface, image->buffer, ws->dx, ws->dy);
   }
   ws->dx = ws->dy = 0;
   if (wl_proxy_get_version((struct wl_proxy *)ws->surface) >=
       WL_SURFACE_DAMAGE_BUFFER_SINCE_VERSION)
      wl_surface_damage_buffer(ws->surface, 0, 0, INT32_MAX, INT32_MAX);
   else
      wl_surface_damage(ws->surface, 0, 0, INT32_MAX, INT32_MAX);
   wl_surface_commit(ws->surface);
   image->busy = true;
   ws->window->attached_width = (int)image->width;
   ws->window->attached_height = (int)image->height;
   return wl_display_flush(ws->wl) < 0 && errno != EAGAIN
             ? EGL_BAD_NATIVE_WINDOW
             : EGL_SUCCESS;
}

static void
wl_flush_front(struct st_drawable *drawable)
{
   struct egl_surface *surf = drawable->priv;
   struct wl_platform_surface *ws = surf->platform_data;
   struct st_context *st = st_get_current();
   if (st)
      present(ws, st_context_pipe(st), ws->buf[WL_SLOT_FRONT], 0);
}

static void
window_resized(struct wl_egl_window *window, void *data)
{
   struct egl_surface *surf = data;
   struct wl_platform_surface *ws = surf->platform_data;
   ws->dx += window->dx;
   ws->dy += window->dy;
   surf->drawable.stamp = egl_surface_new_stamp();
}

static void
window_destroyed(void *data)
{
   struct egl_surface *surf = data;
   struct wl_platform_surface *ws = surf->platform_data;
   ws->window = NULL;
}

static void
surface_free(struct wl_platform_surface *ws)
{
   release_buffers(ws);
   for (unsigned i = 0; i < EGLWL_MAX_BUFFERS; i++)
      image_destroy(&ws->images[i]);
   if (ws->frame)
      wl_callback_destroy(ws->frame);
   if (ws->surface)
      wl_proxy_wrapper_destroy(ws->surface);
   if (ws->shm)
      wl_proxy_wrapper_destroy(ws->shm);
   if (ws->queue)
      wl_event_queue_destroy(ws->queue);
   if (ws->window) {
      ws->window->driver_private = NULL;
      ws->window->resize_callback = NULL;
      ws->window->destroy_window_callback = NULL;
   }
   free(ws);
}

static EGLint
wl_create_window(struct egl_surface *surf, uintptr_t native)
{
   struct wl_platform_display *w = surf->display->platform_data;
   struct wl_egl_window *window = (struct wl_egl_window *)native;
   /* Before version 3 the first member was the wl_surface pointer; a
    * window another surface (of any display) uses is taken. */
   if (window->version < 3 || window->version > 0xffff || !window->surface)
      return EGL_BAD_NATIVE_WINDOW;
   if (window->driver_private || window->resize_callback)
      return EGL_BAD_ALLOC;
   struct wl_platform_surface *ws = calloc(1, sizeof(*ws));
   if (!ws)
      return EGL_BAD_ALLOC;
   ws->surf = surf;
   ws->wl = w->wl;
   ws->window = window;
   ws->queue = wl_display_create_queue(w->wl);
   ws->surface = ws->queue ? wl_proxy_create_wrapper(window->surface) : NULL;
   ws->shm = ws->surface ? wl_proxy_create_wrapper(w->shm) : NULL;
   if (!ws->shm) {
      surface_free(ws);
      return EGL_BAD_ALLOC;
   }
   wl_proxy_set_queue((struct wl_proxy *)ws->surface, ws->queue);
   wl_proxy_set_queue((struct wl_proxy *)ws->shm, ws->queue);
   ws->shm_format =
      surf->config->alpha ? WL_SHM_FORMAT_ARGB8888 : WL_SHM_FORMAT_XRGB8888;
   struct st_drawable *d = &surf->drawable;
   ws->format[WL_SLOT_FRONT] = d->color_format;
   ws->format[WL_SLOT_BACK] =
      d->double_buffered ? d->color_format : PIPE_FORMAT_NONE;
   ws->format[WL_SLOT_DEPTH_STENCIL] = d->depth_stencil_format;
   window_size(ws, &surf->width, &surf->height);
   window->driver_private = surf;
   window->resize_callback = window_resized;
   window->destroy_window_callback = window_destroyed;
   d->validate = wl_validate;
   d->flush_front = wl_flush_front;
   d->priv = surf;
   surf->platform_data = ws;
   return EGL_SUCCESS;
}

/* Wayland has no native pixmaps. */
static EGLint
wl_create_pixmap(struct egl_surface *surf, uintptr_t native)
{
   return EGL_BAD_NATIVE_PIXMAP;
}

static void
wl_destroy_surface(struct egl_surface *surf)
{
   surface_free(surf->platform_data);
   surf->platform_data = NULL;
}

static EGLint
wl_swap_buffers(struct egl_surface *surf, struct st_context *st)
{
   struct wl_platform_surface *ws = surf->platform_data;
   if (ws->buf[WL_SLOT_BACK]) {
      struct pipe_resource *back = ws->buf[WL_SLOT_BACK];
      ws->buf[WL_SLOT_BACK] = ws->buf[WL_SLOT_FRONT];
      ws->buf[WL_SLOT_FRONT] = back;
      surf->drawable.stamp = egl_surface_new_stamp();
   }
   return present(ws, st_context_pipe(st), ws->buf[WL_SLOT_FRONT],
                  surf->swap_interval);
}

static EGLint
wl_copy_buffers(struct egl_surface *surf, struct st_context *st,
                uintptr_t native)
{
   return EGL_BAD_NATIVE_PIXMAP;
}

static void
wl_wait_native(struct egl_display *dpy)
{
   struct wl_platform_display *w = dpy->platform_data;
   if (w)
      wl_display_roundtrip_queue(w->wl, w->queue);
}

const struct egl_platform egl_platform_wayland = {
   .initialize = wl_initialize,
   .create_window = wl_create_window,
   .create_pixmap = wl_create_pixmap,
   .destroy_surface = wl_destroy_surface,
   .swap_buffers = wl_swap_buffers,
   .copy_buffers = wl_copy_buffers,
   .wait_native = wl_wait_native,
};
