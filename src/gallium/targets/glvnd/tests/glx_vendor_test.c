/* SPDX-License-Identifier: MIT */

/*
 * libGLX_indium through Debian's libglvnd, as applications see it: the
 * test links the system libGLX and libOpenGL, meson selects the vendor
 * (__GLX_VENDOR_LIBRARY_NAME=indium, the build folder on
 * LD_LIBRARY_PATH) and runs it under a private Xvfb (tests/programs/
 * xvfb.py; without Xvfb the whole program is a TAP skip).  Pixels are read
 * back from the X server with XGetImage, so presentation is checked too;
 * the same program runs once more with INDIUM_DEBUG=noshm for the
 * PutImage path.  GLX errors are X errors: an error handler records them.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xlib.h>
#include <X11/Xproto.h>
#include <X11/Xutil.h>
/* After Xproto.h: GLX error codes. */
#include <GL/glxproto.h>

static Display *dpy;
static int glx_error_base;
static int last_error;

static int
record_error(Display *d, XErrorEvent *e)
{
   last_error = e->error_code;
   return 0;
}

/** The last X error since the previous call (after a round trip), 0 for
 * none. */
static int
take_error(void)
{
   XSync(dpy, False);
   int e = last_error;
   last_error = 0;
   return e;
}

static bool
has_extension(const char *list, const char *name)
{
   size_t len = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return true;
   }
   return false;
}

static int
setup(void **state)
{
   dpy = XOpenDisplay(NULL);
   if (!dpy)
      return -1;
   XSetErrorHandler(record_error);
   int event_base;
   if (!glXQueryExtension(dpy, &glx_error_base, &event_base))
      return -1;
   return 0;
}

static int
teardown(void **state)
{
   glXMakeCurrent(dpy, None, NULL);
   XCloseDisplay(dpy);
   return 0;
}

static GLXFBConfig
choose_config(bool double_buffered, int alpha)
{
   const int attribs[] = {
      GLX_DRAWABLE_TYPE,
      GLX_WINDOW_BIT | GLX_PIXMAP_BIT | GLX_PBUFFER_BIT,
      GLX_DOUBLEBUFFER,
      double_buffered,
      GLX_RED_SIZE,
      8,
      GLX_ALPHA_SIZE,
      alpha,
      GLX_DEPTH_SIZE,
      24,
      None,
   };
   int n = 0;
   GLXFBConfig *configs =
      glXChooseFBConfig(dpy, DefaultScreen(dpy), attribs, &n);
   assert_non_null(configs);
   assert_true(n > 0);
   GLXFBConfig config = configs[0];
   XFree(configs);
   return config;
}

static Window
create_window(GLXFBConfig config, int width, int height)
{
   XVisualInfo *vis = glXGetVisualFromFBConfig(dpy, config);
   assert_non_null(vis);
   Window root = RootWindow(dpy, vis->screen);
   XSetWindowAttributes attrs = {
      .colormap = XCreateColormap(dpy, root, vis->visual, AllocNone),
      .border_pixel = 0,
   };
   Window win = XCreateWindow(dpy, root, 0, 0, (unsigned)width,
                              (unsigned)height, 0, vis->depth, InputOutput,
                              vis->visual, CWColormap | CWBorderPixel, &attrs);
   XFree(vis);
   XMapWindow(dpy, win);
   XSync(dpy, False);
   return win;
}

static GLXContext
create_context(GLXFBConfig config, int major, int minor, int profile)
{
   PFNGLXCREATECONTEXTATTRIBSARBPROC create =
      (PFNGLXCREATECONTEXTATTRIBSARBPROC)glXGetProcAddressARB(
         (const GLubyte *)"glXCreateContextAttribsARB");
   assert_non_null(create);
   const int attribs[] = {
      GLX_CONTEXT_MAJOR_VERSION_ARB,
      major,
      GLX_CONTEXT_MINOR_VERSION_ARB,
      minor,
      GLX_CONTEXT_PROFILE_MASK_ARB,
      profile,
      None,
   };
   return create(dpy, config, NULL, True, attribs);
}

/** The pixel at (x, y) of @p drawable (top-left origin) as 0xRRGGBB. */
static unsigned long
read_pixel(Drawable drawable, int x, int y)
{
   XImage *image = XGetImage(dpy, drawable, x, y, 1, 1, AllPlanes, ZPixmap);
   assert_non_null(image);
   unsigned long p = XGetPixel(image, 0, 0) & 0xffffff;
   XDestroyImage(image);
   return p;
}

static void
test_strings(void **state)
{
   const char *ext = glXQueryExtensionsString(dpy, DefaultScreen(dpy));
   assert_true(has_extension(ext, "GLX_ARB_create_context"));
   assert_true(has_extension(ext, "GLX_ARB_create_context_profile"));
   assert_true(has_extension(ext, "GLX_EXT_create_context_es2_profile"));
   assert_true(has_extension(ext, "GLX_EXT_swap_control"));
   assert_true(has_extension(ext, "GLX_MESA_swap_control"));
   assert_true(has_extension(ext, "GLX_SGI_swap_control"));
   assert_string_equal(glXGetClientString(dpy, GLX_VENDOR), "Indium");
   assert_string_equal(glXQueryServerString(dpy, 0, GLX_VERSION), "1.4");
   assert_null(glXQueryServerString(dpy, 0, 0x7777));
}

static void
test_configs(void **state)
{
   int n = 0;
   GLXFBConfig *configs = glXGetFBConfigs(dpy, DefaultScreen(dpy), &n);
   assert_non_null(configs);
   /* Depth 24 and 32, double and single, three depth/stencil choices. */
   assert_int_equal(n, 12);
   int windows = 0;
   for (int i = 0; i < n; i++) {
      int type = 0, visual = 0, depth = 0, db = -1;
      assert_int_equal(
         glXGetFBConfigAttrib(dpy, configs[i], GLX_DRAWABLE_TYPE, &type),
         Success);
      glXGetFBConfigAttrib(dpy, configs[i], GLX_VISUAL_ID, &visual);
      glXGetFBConfigAttrib(dpy, configs[i], GLX_DEPTH_SIZE, &depth);
      glXGetFBConfigAttrib(dpy, configs[i], GLX_DOUBLEBUFFER, &db);
      assert_true(depth == 0 || depth == 24);
      assert_true(db == 0 || db == 1);
      if (type & GLX_WINDOW_BIT) {
         windows++;
         XVisualInfo *vis = glXGetVisualFromFBConfig(dpy, configs[i]);
         assert_non_null(vis);
         assert_int_equal(vis->visualid, visual);
         assert_int_equal(vis->class, TrueColor);
         int value = -1;
         assert_int_equal(glXGetConfig(dpy, vis, GLX_DOUBLEBUFFER, &value),
                          Success);
         assert_int_equal(value, db);
         XFree(vis);
      }
   }
   /* Xvfb has a visual for each. */
   assert_int_equal(windows, 12);
   int value;
   assert_int_equal(glXGetFBConfigAttrib(dpy, configs[0], 0x7777, &value),
                    GLX_BAD_ATTRIBUTE);
   XFree(configs);

   /* An undefined attribute makes glXChooseFBConfig fail. */
   const int bad[] = { 0x7777, 1, None };
   assert_null(glXChooseFBConfig(dpy, 0, bad, &n));
   assert_int_equal(n, 0);
}

static void
test_choose_visual(void **state)
{
   int attribs[] = { GLX_RGBA,
                     GLX_RED_SIZE,
                     1,
                     GLX_GREEN_SIZE,
                     1,
                     GLX_BLUE_SIZE,
                     1,
                     GLX_DOUBLEBUFFER,
                     GLX_DEPTH_SIZE,
                     1,
                     None };
   XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
   assert_non_null(vis);
   int value = 0;
   assert_int_equal(glXGetConfig(dpy, vis, GLX_DOUBLEBUFFER, &value), Success);
   assert_int_equal(value, True);
   glXGetConfig(dpy, vis, GLX_DEPTH_SIZE, &value);
   assert_int_equal(value, 24);
   glXGetConfig(dpy, vis, GLX_USE_GL, &value);
   assert_int_equal(value, True);
   XFree(vis);

   /* Without GLX_DOUBLEBUFFER only single-buffered visuals. */
   int single[] = { GLX_RGBA, GLX_DEPTH_SIZE, 0, None };
   vis = glXChooseVisual(dpy, DefaultScreen(dpy), single);
   assert_non_null(vis);
   glXGetConfig(dpy, vis, GLX_DOUBLEBUFFER, &value);
   assert_int_equal(value, False);
   /* No depth asked for: none preferred. */
   glXGetConfig(dpy, vis, GLX_DEPTH_SIZE, &value);
   assert_int_equal(value, 0);
   XFree(vis);

   /* Colour index (no GLX_RGBA): none. */
   int index[] = { GLX_DOUBLEBUFFER, None };
   assert_null(glXChooseVisual(dpy, DefaultScreen(dpy), index));
}

static void
test_context_versions(void **state)
{
   GLXFBConfig config = choose_config(true, 0);
   GLXContext core =
      create_context(config, 3, 2, GLX_CONTEXT_CORE_PROFILE_BIT_ARB);
   assert_non_null(core);
   assert_int_equal(take_error(), 0);
   assert_true(glXIsDirect(dpy, core));
   int value = 0;
   assert_int_equal(glXQueryContext(dpy, core, GLX_RENDER_TYPE, &value),
                    Success);
   assert_int_equal(value, GLX_RGBA_TYPE);
   glXDestroyContext(dpy, core);

   /* GLX_ARB_create_context: a version the config cannot give. */
   assert_null(create_context(config, 4, 6, GLX_CONTEXT_CORE_PROFILE_BIT_ARB));
   assert_int_equal(take_error(), glx_error_base + GLXBadFBConfig);
   /* A version that does not exist. */
   assert_null(create_context(config, 2, 2, GLX_CONTEXT_CORE_PROFILE_BIT_ARB));
   assert_int_equal(take_error(), BadMatch);
   /* GLX_ARB_create_context_profile: no profile bit. */
   assert_null(create_context(config, 3, 2, 0));
   assert_int_equal(take_error(), glx_error_base + GLXBadProfileARB);

   /* GLX_EXT_create_context_es2_profile. */
   GLXContext es =
      create_context(config, 2, 0, GLX_CONTEXT_ES2_PROFILE_BIT_EXT);
   assert_non_null(es);
   Window win = create_window(config, 16, 16);
   assert_true(glXMakeCurrent(dpy, win, es));
   assert_non_null(strstr((const char *)glGetString(GL_VERSION), "OpenGL ES"));
   glXMakeCurrent(dpy, None, NULL);
   glXDestroyContext(dpy, es);
   XDestroyWindow(dpy, win);

   /* Indirect rendering does not exist: the context is direct. */
   XVisualInfo *vis = glXGetVisualFromFBConfig(dpy, config);
   GLXContext indirect = glXCreateContext(dpy, vis, NULL, False);
   assert_non_null(indirect);
   assert_true(glXIsDirect(dpy, indirect));
   glXDestroyContext(dpy, indirect);
   XFree(vis);
   assert_int_equal(take_error(), 0);
}

static void
clear(float r, float g, float b)
{
   glClearColor(r, g, b, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
}

static void
test_window_swap_and_resize(void **state)
{
   GLXFBConfig config = choose_config(true, 0);
   Window win = create_window(config, 64, 48);
   GLXWindow glxwin = glXCreateWindow(dpy, config, win, NULL);
   assert_int_not_equal(glxwin, None);
   /* GLX 1.4, 3.3.4: a second GLXWindow for the window is BadAlloc. */
   assert_int_equal(glXCreateWindow(dpy, config, win, NULL), None);
   assert_int_equal(take_error(), BadAlloc);

   GLXContext ctx = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
   assert_non_null(ctx);
   assert_true(glXMakeContextCurrent(dpy, glxwin, glxwin, ctx));
   assert_ptr_equal(glXGetCurrentContext(), ctx);
   assert_int_equal(glXGetCurrentDrawable(), glxwin);

   clear(1, 0, 0);
   glXSwapBuffers(dpy, glxwin);
   assert_int_equal(read_pixel(win, 0, 0), 0xff0000);
   assert_int_equal(read_pixel(win, 63, 47), 0xff0000);
   unsigned width = 0;
   glXQueryDrawable(dpy, glxwin, GLX_WIDTH, &width);
   assert_int_equal(width, 64);

   /* The window grows: the swap after it sees the size, the next frame
    * is drawn at the new size. */
   XResizeWindow(dpy, win, 100, 80);
   XSync(dpy, False);
   clear(0, 0, 1);
   glXSwapBuffers(dpy, glxwin);
   glXQueryDrawable(dpy, glxwin, GLX_WIDTH, &width);
   assert_int_equal(width, 100);
   glViewport(0, 0, 100, 80);
   clear(0, 1, 0);
   glXSwapBuffers(dpy, glxwin);
   assert_int_equal(read_pixel(win, 99, 79), 0x00ff00);
   assert_int_equal(read_pixel(win, 0, 0), 0x00ff00);

   /* GL's bottom row is the window's last one.  (The back buffer's
    * contents are undefined after a swap: draw the whole frame.) */
   clear(0, 1, 0);
   glScissor(0, 0, 100, 1);
   glEnable(GL_SCISSOR_TEST);
   clear(1, 1, 0);
   glDisable(GL_SCISSOR_TEST);
   glXSwapBuffers(dpy, glxwin);
   assert_int_equal(read_pixel(win, 50, 79), 0xffff00);
   assert_int_equal(read_pixel(win, 50, 78), 0x00ff00);

   glXMakeContextCurrent(dpy, None, None, NULL);
   glXDestroyWindow(dpy, glxwin);
   glXDestroyWindow(dpy, glxwin);
   assert_int_equal(take_error(), glx_error_base + GLXBadWindow);
   glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, win);
}

static void
test_plain_window(void **state)
{
   int attribs[] = { GLX_RGBA, GLX_DOUBLEBUFFER, None };
   XVisualInfo *vis = glXChooseVisual(dpy, DefaultScreen(dpy), attribs);
   assert_non_null(vis);
   Window root = DefaultRootWindow(dpy);
   XSetWindowAttributes attrs = {
      .colormap = XCreateColormap(dpy, root, vis->visual, AllocNone),
   };
   Window win = XCreateWindow(dpy, root, 0, 0, 32, 32, 0, vis->depth,
                              InputOutput, vis->visual, CWColormap, &attrs);
   XMapWindow(dpy, win);
   GLXContext ctx = glXCreateContext(dpy, vis, NULL, True);
   assert_non_null(ctx);
   assert_true(glXMakeCurrent(dpy, win, ctx));
   clear(0, 1, 1);
   glXSwapBuffers(dpy, win);
   assert_int_equal(read_pixel(win, 16, 16), 0x00ffff);

   /* Swap intervals are stored per drawable. */
   PFNGLXSWAPINTERVALEXTPROC swap_ext =
      (PFNGLXSWAPINTERVALEXTPROC)glXGetProcAddressARB(
         (const GLubyte *)"glXSwapIntervalEXT");
   PFNGLXGETSWAPINTERVALMESAPROC get_mesa =
      (PFNGLXGETSWAPINTERVALMESAPROC)glXGetProcAddressARB(
         (const GLubyte *)"glXGetSwapIntervalMESA");
   PFNGLXSWAPINTERVALSGIPROC swap_sgi =
      (PFNGLXSWAPINTERVALSGIPROC)glXGetProcAddressARB(
         (const GLubyte *)"glXSwapIntervalSGI");
   assert_non_null(swap_ext);
   assert_non_null(get_mesa);
   assert_non_null(swap_sgi);
   /* driconf's vblank_mode=0 (the glx_vendor_test_vblank0 run) makes
    * every interval 0. */
   const char *vblank = getenv("INDIUM_VBLANK_MODE");
   bool never = vblank && strcmp(vblank, "0") == 0;
   unsigned interval = 7;
   glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &interval);
   assert_int_equal(interval, never ? 0 : 1);
   swap_ext(dpy, win, 0);
   interval = 1;
   glXQueryDrawable(dpy, win, GLX_SWAP_INTERVAL_EXT, &interval);
   assert_int_equal(interval, 0);
   assert_int_equal(get_mesa(), 0);
   assert_int_equal(swap_sgi(2), 0);
   assert_int_equal(get_mesa(), never ? 0 : 2);
   assert_int_equal(swap_sgi(0), GLX_BAD_VALUE);
   swap_ext(dpy, win, -1);
   assert_int_equal(take_error(), BadValue);

   glXMakeCurrent(dpy, None, NULL);
   glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, win);
   XFree(vis);
}

static void
test_pixmap(void **state)
{
   GLXFBConfig config = choose_config(false, 0);
   XVisualInfo *vis = glXGetVisualFromFBConfig(dpy, config);
   Pixmap pixmap =
      XCreatePixmap(dpy, DefaultRootWindow(dpy), 20, 10, (unsigned)vis->depth);
   GLXPixmap glxpixmap = glXCreatePixmap(dpy, config, pixmap, NULL);
   assert_int_not_equal(glxpixmap, None);
   GLXContext ctx = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
   assert_true(glXMakeCurrent(dpy, glxpixmap, ctx));
   clear(0, 1, 0);
   /* Single-buffered rendering reaches the pixmap on glFlush. */
   glFlush();
   assert_int_equal(read_pixel(pixmap, 19, 9), 0x00ff00);
   glXMakeCurrent(dpy, None, NULL);
   glXDestroyPixmap(dpy, glxpixmap);
   assert_int_equal(take_error(), 0);

   /* A pixmap of another depth does not match the config. */
   Pixmap deep = XCreatePixmap(dpy, DefaultRootWindow(dpy), 4, 4, 1);
   assert_int_equal(glXCreatePixmap(dpy, config, deep, NULL), None);
   assert_int_equal(take_error(), BadMatch);
   XFreePixmap(dpy, deep);
   XFreePixmap(dpy, pixmap);
   glXDestroyContext(dpy, ctx);
   XFree(vis);
}

static void
test_pbuffer(void **state)
{
   GLXFBConfig config = choose_config(true, 8);
   const int attribs[] = { GLX_PBUFFER_WIDTH, 8, GLX_PBUFFER_HEIGHT, 4, None };
   GLXPbuffer pbuffer = glXCreatePbuffer(dpy, config, attribs);
   assert_int_not_equal(pbuffer, None);
   unsigned value = 0;
   glXQueryDrawable(dpy, pbuffer, GLX_HEIGHT, &value);
   assert_int_equal(value, 4);
   GLXContext ctx =
      create_context(config, 3, 3, GLX_CONTEXT_CORE_PROFILE_BIT_ARB);
   assert_non_null(ctx);
   assert_true(glXMakeContextCurrent(dpy, pbuffer, pbuffer, ctx));
   clear(0.0f, 0.0f, 1.0f);
   uint8_t rgba[4] = { 0 };
   glReadPixels(7, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   assert_int_equal(rgba[2], 255);
   assert_int_equal(rgba[0], 0);
   glXMakeContextCurrent(dpy, None, None, NULL);
   glXDestroyPbuffer(dpy, pbuffer);
   glXDestroyContext(dpy, ctx);

   const int huge[] = { GLX_PBUFFER_WIDTH, 100000, None };
   assert_int_equal(glXCreatePbuffer(dpy, config, huge), None);
   assert_int_equal(take_error(), BadAlloc);
}

/* ---- GLX and EGL in one process ---- */

static void *
egl_thread(void *arg)
{
   EGLDisplay edpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                           EGL_DEFAULT_DISPLAY, NULL);
   if (!eglInitialize(edpy, NULL, NULL) || !eglBindAPI(EGL_OPENGL_API))
      return NULL;
   const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_PBUFFER_BIT,
                              EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE };
   EGLConfig config;
   EGLint n = 0;
   eglChooseConfig(edpy, attribs, &config, 1, &n);
   const EGLint size[] = { EGL_WIDTH, 4, EGL_HEIGHT, 4, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(edpy, config, size);
   EGLContext ctx = eglCreateContext(edpy, config, EGL_NO_CONTEXT, NULL);
   if (!n || !surf || !ctx || !eglMakeCurrent(edpy, surf, surf, ctx))
      return NULL;
   static uint8_t rgba[4];
   clear(1, 0, 1);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   eglMakeCurrent(edpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(edpy);
   return rgba;
}

static void
test_with_egl(void **state)
{
   GLXFBConfig config = choose_config(true, 0);
   Window win = create_window(config, 8, 8);
   GLXContext ctx = glXCreateNewContext(dpy, config, GLX_RGBA_TYPE, NULL, True);
   assert_true(glXMakeCurrent(dpy, win, ctx));
   clear(1, 1, 0);
   /* Another thread renders with libEGL_indium meanwhile. */
   pthread_t thread;
   assert_int_equal(pthread_create(&thread, NULL, egl_thread, NULL), 0);
   uint8_t *rgba = NULL;
   pthread_join(thread, (void **)&rgba);
   assert_non_null(rgba);
   assert_int_equal(rgba[0], 255);
   assert_int_equal(rgba[1], 0);
   assert_int_equal(rgba[2], 255);
   /* This thread's GLX context is untouched. */
   assert_ptr_equal(glXGetCurrentContext(), ctx);
   uint8_t here[4] = { 0 };
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, here);
   assert_int_equal(here[0], 255);
   assert_int_equal(here[1], 255);
   assert_int_equal(here[2], 0);
   glXSwapBuffers(dpy, win);
   assert_int_equal(read_pixel(win, 4, 4), 0xffff00);
   glXMakeCurrent(dpy, None, NULL);
   glXDestroyContext(dpy, ctx);
   XDestroyWindow(dpy, win);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_strings),
      cmocka_unit_test(test_configs),
      cmocka_unit_test(test_choose_visual),
      cmocka_unit_test(test_context_versions),
      cmocka_unit_test(test_window_swap_and_resize),
      cmocka_unit_test(test_plain_window),
      cmocka_unit_test(test_pixmap),
      cmocka_unit_test(test_pbuffer),
      cmocka_unit_test(test_with_egl),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
