/* SPDX-License-Identifier: MIT */

/*
 * libEGL_indium's X11 platform through Debian's libglvnd, under a private
 * Xvfb (tests/programs/xvfb.py; a TAP skip without one): displays from an
 * Xlib Display, an xcb connection and EGL_DEFAULT_DISPLAY with $DISPLAY,
 * window and pixmap surfaces, swaps (pixels read back with XGetImage),
 * resizes, eglSwapInterval, eglCopyBuffers and the errors of the
 * surface constructors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

static Display *xdpy;
static EGLDisplay dpy;

static int
setup(void **state)
{
   xdpy = XOpenDisplay(NULL);
   if (!xdpy)
      return -1;
   dpy = eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, NULL);
   if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
      return -1;
   return eglBindAPI(EGL_OPENGL_ES_API) ? 0 : -1;
}

static int
teardown(void **state)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   XCloseDisplay(xdpy);
   return 0;
}

static EGLConfig
window_config(EGLint alpha)
{
   const EGLint attribs[] = {
      EGL_SURFACE_TYPE,
      EGL_WINDOW_BIT | EGL_PIXMAP_BIT,
      EGL_RENDERABLE_TYPE,
      EGL_OPENGL_ES2_BIT,
      EGL_ALPHA_SIZE,
      alpha,
      EGL_DEPTH_SIZE,
      24,
      EGL_NONE,
   };
   EGLConfig config = NULL;
   EGLint n = 0;
   assert_true(eglChooseConfig(dpy, attribs, &config, 1, &n));
   assert_int_equal(n, 1);
   return config;
}

static Window
create_window(EGLConfig config, int width, int height)
{
   EGLint id = 0;
   assert_true(eglGetConfigAttrib(dpy, config, EGL_NATIVE_VISUAL_ID, &id));
   XVisualInfo templ = { .visualid = (VisualID)id };
   int n = 0;
   XVisualInfo *vis = XGetVisualInfo(xdpy, VisualIDMask, &templ, &n);
   assert_non_null(vis);
   Window root = RootWindow(xdpy, vis->screen);
   XSetWindowAttributes attrs = {
      .colormap = XCreateColormap(xdpy, root, vis->visual, AllocNone),
      .border_pixel = 0,
   };
   Window win = XCreateWindow(xdpy, root, 0, 0, (unsigned)width,
                              (unsigned)height, 0, vis->depth, InputOutput,
                              vis->visual, CWColormap | CWBorderPixel, &attrs);
   XFree(vis);
   XMapWindow(xdpy, win);
   XSync(xdpy, False);
   return win;
}

static EGLContext
create_context(EGLConfig config)
{
   const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   return ctx;
}

static unsigned long
read_pixel(Drawable drawable, int x, int y)
{
   XImage *image = XGetImage(xdpy, drawable, x, y, 1, 1, AllPlanes, ZPixmap);
   assert_non_null(image);
   unsigned long p = XGetPixel(image, 0, 0) & 0xffffff;
   XDestroyImage(image);
   return p;
}

static void
clear(float r, float g, float b)
{
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
test_configs(void **state)
{
   EGLint n = 0;
   assert_true(eglGetConfigs(dpy, NULL, 0, &n));
   EGLConfig configs[32];
   assert_true(eglGetConfigs(dpy, configs, 32, &n));
   int windows = 0;
   for (EGLint i = 0; i < n; i++) {
      EGLint type = 0, id = 0, visual_type = 0;
      eglGetConfigAttrib(dpy, configs[i], EGL_SURFACE_TYPE, &type);
      eglGetConfigAttrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID, &id);
      eglGetConfigAttrib(dpy, configs[i], EGL_NATIVE_VISUAL_TYPE, &visual_type);
      if (type & EGL_WINDOW_BIT) {
         windows++;
         assert_int_not_equal(id, 0);
         assert_int_equal(visual_type, TrueColor);
      } else {
         assert_int_equal(id, 0);
      }
   }
   /* Depth 24 and 32 visuals, three depth/stencil choices each. */
   assert_int_equal(windows, 6);
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   assert_non_null(strstr(ext, "EGL_KHR_platform_x11"));
   assert_non_null(strstr(ext, "EGL_EXT_platform_x11"));
}

static void
test_window(void **state)
{
   EGLConfig config = window_config(0);
   Window win = create_window(config, 40, 30);
   EGLSurface surf = eglCreateWindowSurface(dpy, config, win, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   /* EGL 1.5, 3.5.1: one surface per window. */
   assert_ptr_equal(eglCreateWindowSurface(dpy, config, win, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ALLOC);
   EGLint value = 0;
   assert_true(eglQuerySurface(dpy, surf, EGL_WIDTH, &value));
   assert_int_equal(value, 40);
   assert_true(eglQuerySurface(dpy, surf, EGL_RENDER_BUFFER, &value));
   assert_int_equal(value, EGL_BACK_BUFFER);

   EGLContext ctx = create_context(config);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   assert_true(eglSwapInterval(dpy, 0));
   clear(1, 0, 0);
   assert_true(eglSwapBuffers(dpy, surf));
   assert_int_equal(read_pixel(win, 39, 29), 0xff0000);

   /* A resize is seen by the swap after it. */
   XResizeWindow(xdpy, win, 70, 50);
   XSync(xdpy, False);
   clear(0, 1, 0);
   assert_true(eglSwapBuffers(dpy, surf));
   assert_true(eglQuerySurface(dpy, surf, EGL_HEIGHT, &value));
   assert_int_equal(value, 50);
   glViewport(0, 0, 70, 50);
   clear(0, 0, 1);
   assert_true(eglSwapBuffers(dpy, surf));
   assert_int_equal(read_pixel(win, 69, 49), 0x0000ff);

   /* eglCopyBuffers: the colour buffer into a pixmap of its size. */
   Pixmap pixmap = XCreatePixmap(xdpy, win, 70, 50, 24);
   clear(1, 1, 1);
   assert_true(eglCopyBuffers(dpy, surf, (EGLNativePixmapType)pixmap));
   assert_int_equal(read_pixel(pixmap, 10, 10), 0xffffff);
   Pixmap small = XCreatePixmap(xdpy, win, 7, 5, 24);
   assert_false(eglCopyBuffers(dpy, surf, (EGLNativePixmapType)small));
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   XFreePixmap(xdpy, small);
   XFreePixmap(xdpy, pixmap);

   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   assert_true(eglDestroySurface(dpy, surf));
   eglDestroyContext(dpy, ctx);
   XDestroyWindow(xdpy, win);
}

static void
test_platform_window_and_errors(void **state)
{
   EGLConfig config = window_config(8);
   Window win = create_window(config, 16, 16);
   /* EGL_KHR_platform_x11: a pointer to the Window. */
   EGLSurface surf = eglCreatePlatformWindowSurface(dpy, config, &win, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   EGLContext ctx = create_context(config);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   clear(0, 1, 1);
   assert_true(eglSwapBuffers(dpy, surf));
   assert_int_equal(read_pixel(win, 8, 8), 0x00ffff);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);

   /* A window of another depth than the config's visual. */
   EGLConfig deep = window_config(0);
   EGLint depth24_alpha = -1;
   eglGetConfigAttrib(dpy, deep, EGL_ALPHA_SIZE, &depth24_alpha);
   assert_int_equal(depth24_alpha, 0);
   assert_ptr_equal(eglCreateWindowSurface(dpy, deep, win, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   XDestroyWindow(xdpy, win);

   /* Not a window. */
   assert_ptr_equal(eglCreateWindowSurface(dpy, config, 0x7fffff, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   const EGLint bad[] = { EGL_WIDTH, 4, EGL_NONE };
   Window other = create_window(config, 4, 4);
   assert_ptr_equal(eglCreateWindowSurface(dpy, config, other, bad),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   XDestroyWindow(xdpy, other);
}

static void
test_pixmap(void **state)
{
   EGLConfig config = window_config(0);
   Pixmap pixmap = XCreatePixmap(xdpy, DefaultRootWindow(xdpy), 12, 6, 24);
   EGLSurface surf =
      eglCreatePixmapSurface(dpy, config, (EGLNativePixmapType)pixmap, NULL);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   EGLint value = 0;
   assert_true(eglQuerySurface(dpy, surf, EGL_RENDER_BUFFER, &value));
   assert_int_equal(value, EGL_SINGLE_BUFFER);
   EGLContext ctx = create_context(config);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   clear(1, 0, 1);
   glFlush();
   assert_int_equal(read_pixel(pixmap, 11, 5), 0xff00ff);
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglDestroySurface(dpy, surf);
   eglDestroyContext(dpy, ctx);
   XFreePixmap(xdpy, pixmap);
}

static void
test_other_displays(void **state)
{
   /* EGL_DEFAULT_DISPLAY with $DISPLAY set is the X11 platform's, not
    * the surfaceless one. */
   EGLDisplay def = eglGetDisplay(EGL_DEFAULT_DISPLAY);
   EGLDisplay surfaceless = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                                  EGL_DEFAULT_DISPLAY, NULL);
   assert_ptr_not_equal(def, EGL_NO_DISPLAY);
   assert_ptr_not_equal(def, surfaceless);
   assert_true(eglInitialize(def, NULL, NULL));
   EGLint n = 0;
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                              EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
                              EGL_NONE };
   assert_true(eglChooseConfig(def, attribs, NULL, 0, &n));
   assert_true(n > 0);
   eglTerminate(def);

   /* The same native display gives the same EGLDisplay. */
   assert_ptr_equal(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, xdpy, NULL),
                    dpy);
   /* eglGetDisplay recognises an Xlib Display. */
   assert_ptr_equal(eglGetDisplay((EGLNativeDisplayType)xdpy), dpy);

   /* EGL_EXT_platform_xcb with a screen. */
   const EGLAttrib screen[] = { EGL_PLATFORM_XCB_SCREEN_EXT, 0, EGL_NONE };
   EGLDisplay xcb = eglGetPlatformDisplay(EGL_PLATFORM_XCB_EXT,
                                          XGetXCBConnection(xdpy), screen);
   assert_ptr_not_equal(xcb, EGL_NO_DISPLAY);
   assert_true(eglInitialize(xcb, NULL, NULL));
   assert_true(eglChooseConfig(xcb, attribs, NULL, 0, &n));
   assert_true(n > 0);
   eglTerminate(xcb);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_configs),
      cmocka_unit_test(test_window),
      cmocka_unit_test(test_platform_window_and_errors),
      cmocka_unit_test(test_pixmap),
      cmocka_unit_test(test_other_displays),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
