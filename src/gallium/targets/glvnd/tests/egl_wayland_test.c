/* SPDX-License-Identifier: MIT */

/*
 * libEGL_indium's Wayland platform through Debian's libglvnd, on a
 * private headless weston (tests/programs/weston.py; a TAP skip without
 * one): displays from a wl_display and EGL_DEFAULT_DISPLAY with
 * $WAYLAND_DISPLAY, configs, window surfaces on a wl_egl_window, swaps
 * (the buffer the compositor got: wl_egl_window's attached size),
 * resizes, eglSwapInterval 1 (paced by frame callbacks) and 0, and the
 * errors of the constructors and of a window destroyed first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <wayland-client.h>
#include <wayland-egl.h>

#include "xdg-shell-client-protocol.h"

#define FOURCC_ARGB8888 0x34325241
#define FOURCC_XRGB8888 0x34325258

static struct wl_display *wl;
static struct wl_compositor *compositor;
static struct xdg_wm_base *wm_base;
static EGLDisplay dpy;

static void
global(void *data, struct wl_registry *registry, uint32_t name,
       const char *interface, uint32_t version)
{
   if (strcmp(interface, wl_compositor_interface.name) == 0)
      compositor = wl_registry_bind(registry, name, &wl_compositor_interface,
                                    version < 4 ? version : 4);
   if (strcmp(interface, xdg_wm_base_interface.name) == 0)
      wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
}

static void
global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
}

static const struct wl_registry_listener registry_listener = {
   .global = global,
   .global_remove = global_remove,
};

static void
wm_base_ping(void *data, struct xdg_wm_base *base, uint32_t serial)
{
   xdg_wm_base_pong(base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = {
   .ping = wm_base_ping,
};

/** A toplevel window: the compositor shows it and sends frame callbacks
 * (a surface without a role gets none). */
struct window {
   struct wl_surface *surface;
   struct xdg_surface *xdg_surface;
   struct xdg_toplevel *toplevel;
   bool configured;
};

static void
xdg_surface_configure(void *data, struct xdg_surface *xdg_surface,
                      uint32_t serial)
{
   struct window *window = data;
   xdg_surface_ack_configure(xdg_surface, serial);
   window->configured = true;
}

static const struct xdg_surface_listener xdg_surface_listener = {
   .configure = xdg_surface_configure,
};

static void
window_create(struct window *window)
{
   *window = (struct window){ 0 };
   window->surface = wl_compositor_create_surface(compositor);
   window->xdg_surface = xdg_wm_base_get_xdg_surface(wm_base, window->surface);
   xdg_surface_add_listener(window->xdg_surface, &xdg_surface_listener, window);
   window->toplevel = xdg_surface_get_toplevel(window->xdg_surface);
   wl_surface_commit(window->surface);
   while (!window->configured)
      assert_true(wl_display_dispatch(wl) >= 0);
}

static void
window_destroy(struct window *window)
{
   xdg_toplevel_destroy(window->toplevel);
   xdg_surface_destroy(window->xdg_surface);
   wl_surface_destroy(window->surface);
}

static int
setup(void **state)
{
   wl = wl_display_connect(NULL);
   if (!wl)
      return -1;
   struct wl_registry *registry = wl_display_get_registry(wl);
   wl_registry_add_listener(registry, &registry_listener, NULL);
   wl_display_roundtrip(wl);
   wl_registry_destroy(registry);
   if (!compositor || !wm_base)
      return -1;
   xdg_wm_base_add_listener(wm_base, &wm_base_listener, NULL);
   dpy = eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, wl, NULL);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
      return -1;
   return eglBindAPI(EGL_OPENGL_ES_API) ? 0 : -1;
}

static int
teardown(void **state)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   xdg_wm_base_destroy(wm_base);
   wl_compositor_destroy(compositor);
   wl_display_disconnect(wl);
   return 0;
}

static EGLConfig
window_config(EGLint alpha)
{
   const EGLint attribs[] = {
      EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
      EGL_ALPHA_SIZE,   alpha,          EGL_DEPTH_SIZE,      16,
      EGL_NONE,
   };
   EGLConfig config = NULL;
   EGLint n = 0;
   assert_true(eglChooseConfig(dpy, attribs, &config, 1, &n));
   assert_int_equal(n, 1);
   return config;
}

static EGLContext
create_context(EGLConfig config)
{
   const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   return ctx;
}

static double
now(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void
test_client_extensions(void **state)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   assert_non_null(ext);
   assert_non_null(strstr(ext, "EGL_KHR_platform_wayland"));
   assert_non_null(strstr(ext, "EGL_EXT_platform_wayland"));
}

static void
test_display(void **state)
{
   /* The same wl_display gives the same EGLDisplay. */
   assert_ptr_equal(eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, wl, NULL),
                    dpy);
   /* EGL_KHR_platform_wayland defines no attribute. */
   const EGLAttrib bad[] = { EGL_PLATFORM_X11_SCREEN_KHR, 0, EGL_NONE };
   assert_ptr_equal(eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, wl, bad),
                    EGL_NO_DISPLAY);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);

   /* Both shm formats, as window configs with the fourcc as visual. */
   EGLint id = 0;
   assert_true(
      eglGetConfigAttrib(dpy, window_config(8), EGL_NATIVE_VISUAL_ID, &id));
   assert_int_equal(id, FOURCC_ARGB8888);
   assert_true(
      eglGetConfigAttrib(dpy, window_config(0), EGL_NATIVE_VISUAL_ID, &id));
   assert_int_equal(id, FOURCC_XRGB8888);
}

static void
test_default_display(void **state)
{
   /* $WAYLAND_DISPLAY is set and $DISPLAY is not (weston.py). */
   EGLDisplay def = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   assert_ptr_not_equal(def, EGL_NO_DISPLAY);
   assert_true(eglInitialize(def, NULL, NULL));
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                              EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                              EGL_NONE };
   EGLint n = 0;
   assert_true(eglChooseConfig(def, attribs, NULL, 0, &n));
   assert_true(n > 0);
   assert_true(eglTerminate(def));
}

static void
test_swap_and_resize(void **state)
{
   EGLConfig config = window_config(8);
   EGLContext ctx = create_context(config);
   struct window window;
   window_create(&window);
   struct wl_egl_window *win = wl_egl_window_create(window.surface, 64, 48);
   EGLSurface surf =
      eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   /* One surface per window. */
   assert_ptr_equal(eglCreatePlatformWindowSurface(dpy, config, win, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ALLOC);

   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   EGLint w = 0, h = 0;
   assert_true(eglQuerySurface(dpy, surf, EGL_WIDTH, &w));
   assert_true(eglQuerySurface(dpy, surf, EGL_HEIGHT, &h));
   assert_int_equal(w, 64);
   assert_int_equal(h, 48);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(eglSwapBuffers(dpy, surf));
   int aw = 0, ah = 0;
   wl_egl_window_get_attached_size(win, &aw, &ah);
   assert_int_equal(aw, 64);
   assert_int_equal(ah, 48);

   /* A resize reaches the next frame's buffers. */
   wl_egl_window_resize(win, 100, 30, 0, 0);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t px[4] = { 0 };
   glReadPixels(99, 29, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(px[1], 255);
   assert_true(eglSwapBuffers(dpy, surf));
   wl_egl_window_get_attached_size(win, &aw, &ah);
   assert_int_equal(aw, 100);
   assert_int_equal(ah, 30);
   assert_true(eglQuerySurface(dpy, surf, EGL_WIDTH, &w));
   assert_int_equal(w, 100);

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   assert_true(eglDestroySurface(dpy, surf));
   /* The window is free again. */
   surf = eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   assert_true(eglDestroySurface(dpy, surf));
   wl_egl_window_destroy(win);
   window_destroy(&window);
   eglDestroyContext(dpy, ctx);
}

static void
test_swap_interval(void **state)
{
   EGLConfig config = window_config(0);
   EGLContext ctx = create_context(config);
   struct window window;
   window_create(&window);
   struct wl_egl_window *win = wl_egl_window_create(window.surface, 32, 32);
   EGLSurface surf =
      eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));

   /* Interval 1: each swap after the first waits for the frame callback
    * of the one before; weston's headless output repaints at 60 Hz. */
   assert_true(eglSwapInterval(dpy, 1));
   assert_true(eglSwapBuffers(dpy, surf));
   double start = now();
   for (int i = 0; i < 6; i++) {
      glClear(GL_COLOR_BUFFER_BIT);
      assert_true(eglSwapBuffers(dpy, surf));
   }
   assert_true(now() - start > 6 * 0.8 / 60.0);

   /* Interval 0: swaps go on without frame callbacks. */
   assert_true(eglSwapInterval(dpy, 0));
   for (int i = 0; i < 30; i++) {
      glClear(GL_COLOR_BUFFER_BIT);
      assert_true(eglSwapBuffers(dpy, surf));
   }
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   wl_egl_window_destroy(win);
   window_destroy(&window);
   eglDestroyContext(dpy, ctx);
}

static void
test_window_destroyed_first(void **state)
{
   EGLConfig config = window_config(8);
   EGLContext ctx = create_context(config);
   struct window window;
   window_create(&window);
   struct wl_egl_window *win = wl_egl_window_create(window.surface, 16, 16);
   EGLSurface surf =
      eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)win, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   wl_egl_window_destroy(win);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_false(eglSwapBuffers(dpy, surf));
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   assert_true(eglDestroySurface(dpy, surf));
   window_destroy(&window);
   eglDestroyContext(dpy, ctx);
}

static void
test_bad_windows(void **state)
{
   EGLConfig config = window_config(8);
   assert_ptr_equal(eglCreateWindowSurface(dpy, config, 0, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   assert_ptr_equal(eglCreatePlatformWindowSurface(dpy, config, NULL, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   /* No pixmaps on Wayland: no config has EGL_PIXMAP_BIT. */
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PIXMAP_BIT, EGL_NONE };
   EGLint n = 1;
   assert_true(eglChooseConfig(dpy, attribs, NULL, 0, &n));
   assert_int_equal(n, 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_client_extensions),
      cmocka_unit_test(test_display),
      cmocka_unit_test(test_default_display),
      cmocka_unit_test(test_swap_and_resize),
      cmocka_unit_test(test_swap_interval),
      cmocka_unit_test(test_window_destroyed_first),
      cmocka_unit_test(test_bad_windows),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
