/* SPDX-License-Identifier: MIT */

/*
 * libEGL_indium through Debian's libglvnd, as applications see it: the
 * test links the system libEGL and libOpenGL, and meson points libEGL at
 * the build tree's vendor JSON (__EGL_VENDOR_LIBRARY_FILENAMES), so every
 * call crosses the real vendor interface.
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>

static EGLDisplay dpy;

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
   dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                               EGL_DEFAULT_DISPLAY, NULL);
   if (dpy == EGL_NO_DISPLAY)
      return -1;
   return eglInitialize(dpy, NULL, NULL) ? 0 : -1;
}

static int
teardown(void **state)
{
   eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
   eglTerminate(dpy);
   return 0;
}

/** The first config with @p depth depth bits and an alpha channel. */
static EGLConfig
rgba_config(EGLint depth)
{
   const EGLint attribs[] = {
      EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
      EGL_OPENGL_BIT,   EGL_ALPHA_SIZE,  8,
      EGL_DEPTH_SIZE,   depth,           EGL_NONE
   };
   EGLConfig config = NULL;
   EGLint n = 0;
   assert_true(eglChooseConfig(dpy, attribs, &config, 1, &n));
   assert_int_equal(n, 1);
   return config;
}

static void
test_client_extensions(void **state)
{
   const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
   assert_non_null(ext);
   assert_true(has_extension(ext, "EGL_MESA_platform_surfaceless"));
   assert_true(has_extension(ext, "EGL_EXT_platform_base"));
}

static void
test_display(void **state)
{
   EGLint major = 0, minor = 0;
   assert_true(eglInitialize(dpy, &major, &minor));
   assert_int_equal(major, 1);
   assert_int_equal(minor, 5);
   assert_string_equal(eglQueryString(dpy, EGL_VENDOR), "Indium");
   assert_string_equal(eglQueryString(dpy, EGL_CLIENT_APIS),
                       "OpenGL OpenGL_ES");
   const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
   assert_true(has_extension(ext, "EGL_KHR_create_context"));
   assert_true(has_extension(ext, "EGL_KHR_surfaceless_context"));
   assert_true(has_extension(ext, "EGL_KHR_no_config_context"));
   assert_null(eglQueryString(dpy, 0x1234));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   /* The error was read: it is reset. */
   assert_int_equal(eglGetError(), EGL_SUCCESS);

   /* The default display is the same surfaceless display. */
   assert_ptr_equal(eglGetDisplay(EGL_DEFAULT_DISPLAY), dpy);
   /* No native display or attribute is defined for surfaceless. */
   const EGLAttrib bad_attribs[] = { 0x3456, 1, EGL_NONE };
   assert_ptr_equal(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA,
                                          EGL_DEFAULT_DISPLAY, bad_attribs),
                    EGL_NO_DISPLAY);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
}

static void
test_configs(void **state)
{
   EGLint count = 0;
   assert_true(eglGetConfigs(dpy, NULL, 0, &count));
   assert_true(count >= 3);
   EGLConfig configs[16];
   EGLint n = 0;
   assert_true(eglGetConfigs(dpy, configs, 16, &n));
   assert_int_equal(n, count);
   for (EGLint i = 0; i < n; i++) {
      EGLint value = 0;
      assert_true(
         eglGetConfigAttrib(dpy, configs[i], EGL_SURFACE_TYPE, &value));
      assert_true(value & EGL_PBUFFER_BIT);
      assert_true(
         eglGetConfigAttrib(dpy, configs[i], EGL_RENDERABLE_TYPE, &value));
      assert_int_equal(value, EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT |
                                 EGL_OPENGL_ES3_BIT);
      assert_true(eglGetConfigAttrib(dpy, configs[i], EGL_CONFORMANT, &value));
      assert_int_equal(value, EGL_OPENGL_BIT | EGL_OPENGL_ES2_BIT |
                                 EGL_OPENGL_ES3_BIT);
   }

   /* The defaults ask for a window and OpenGL ES 1: nothing matches. */
   assert_true(eglChooseConfig(dpy, NULL, configs, 16, &n));
   assert_int_equal(n, 0);

   /* Depth asked for: the smallest depth, then the smallest stencil. */
   EGLConfig config = rgba_config(1);
   EGLint depth = 0, stencil = -1, alpha = 0;
   eglGetConfigAttrib(dpy, config, EGL_DEPTH_SIZE, &depth);
   eglGetConfigAttrib(dpy, config, EGL_STENCIL_SIZE, &stencil);
   eglGetConfigAttrib(dpy, config, EGL_ALPHA_SIZE, &alpha);
   assert_int_equal(depth, 24);
   assert_int_equal(stencil, 0);
   assert_int_equal(alpha, 8);

   /* Rule 3 counts only the colour bits asked for, rule 4 prefers the
    * smaller buffer: red alone picks the config without alpha. */
   const EGLint red[] = { EGL_SURFACE_TYPE,
                          EGL_PBUFFER_BIT,
                          EGL_RENDERABLE_TYPE,
                          EGL_OPENGL_ES2_BIT,
                          EGL_RED_SIZE,
                          1,
                          EGL_NONE };
   assert_true(eglChooseConfig(dpy, red, configs, 1, &n));
   assert_int_equal(n, 1);
   eglGetConfigAttrib(dpy, configs[0], EGL_ALPHA_SIZE, &alpha);
   assert_int_equal(alpha, 0);

   /* Nothing asked for: no depth first. */
   config = rgba_config(0);
   eglGetConfigAttrib(dpy, config, EGL_DEPTH_SIZE, &depth);
   assert_int_equal(depth, 0);

   /* EGL_CONFIG_ID picks one config whatever else is asked. */
   EGLint id = 0;
   eglGetConfigAttrib(dpy, config, EGL_CONFIG_ID, &id);
   const EGLint by_id[] = { EGL_CONFIG_ID, id, EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
                            EGL_NONE };
   assert_true(eglChooseConfig(dpy, by_id, configs, 16, &n));
   assert_int_equal(n, 1);
   assert_ptr_equal(configs[0], config);

   /* Errors. */
   const EGLint unknown[] = { 0x1234, 1, EGL_NONE };
   assert_false(eglChooseConfig(dpy, unknown, configs, 16, &n));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   const EGLint negative[] = { EGL_RED_SIZE, -5, EGL_NONE };
   assert_false(eglChooseConfig(dpy, negative, configs, 16, &n));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   assert_false(eglChooseConfig(dpy, NULL, configs, 16, NULL));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   EGLint value;
   assert_false(
      eglGetConfigAttrib(dpy, (EGLConfig)&value, EGL_RED_SIZE, &value));
   assert_int_equal(eglGetError(), EGL_BAD_CONFIG);
   assert_false(eglGetConfigAttrib(dpy, config, 0x1234, &value));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
}

static void
test_context_errors(void **state)
{
   assert_true(eglBindAPI(EGL_OPENGL_API));
   assert_int_equal(eglQueryAPI(), EGL_OPENGL_API);
   static const struct {
      EGLenum api;
      EGLint attribs[9];
      EGLint error;
   } cases[] = {
      { EGL_OPENGL_API,
        { EGL_CONTEXT_MAJOR_VERSION, 5, EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_API,
        { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 2,
          EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_API,
        { EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 6,
          EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_API,
        { EGL_CONTEXT_FLAGS_KHR, 0x100, EGL_NONE },
        EGL_BAD_ATTRIBUTE },
      { EGL_OPENGL_API, { 0x1234, 0, EGL_NONE }, EGL_BAD_ATTRIBUTE },
      { EGL_OPENGL_API,
        { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
          EGL_CONTEXT_OPENGL_PROFILE_MASK, 0, EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_API,
        { EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE, EGL_TRUE, EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_API,
        { EGL_CONTEXT_OPENGL_NO_ERROR_KHR, EGL_TRUE, EGL_CONTEXT_OPENGL_DEBUG,
          EGL_TRUE, EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_ES_API,
        { EGL_CONTEXT_CLIENT_VERSION, 1, EGL_NONE },
        EGL_BAD_MATCH },
      { EGL_OPENGL_ES_API,
        { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_CONTEXT_OPENGL_PROFILE_MASK,
          EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE },
        EGL_BAD_ATTRIBUTE },
      { EGL_OPENGL_ES_API,
        { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE,
          EGL_TRUE, EGL_NONE },
        EGL_BAD_ATTRIBUTE },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      eglBindAPI(cases[i].api);
      EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT,
                                        cases[i].attribs);
      if (ctx != EGL_NO_CONTEXT)
         fail_msg("case %u: a context was made", i);
      EGLint error = eglGetError();
      if (error != cases[i].error)
         fail_msg("case %u: error 0x%x, expected 0x%x", i, error,
                  cases[i].error);
   }

   eglBindAPI(EGL_OPENGL_API);
   EGLint value;
   assert_false(eglCreateContext(dpy, (EGLConfig)&value, EGL_NO_CONTEXT, NULL));
   assert_int_equal(eglGetError(), EGL_BAD_CONFIG);
   assert_false(
      eglCreateContext(dpy, EGL_NO_CONFIG_KHR, (EGLContext)&value, NULL));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
   assert_false(eglDestroyContext(dpy, (EGLContext)&value));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
   assert_false(eglBindAPI(EGL_OPENVG_API));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
}

static void
test_pbuffer(void **state)
{
   EGLConfig config = rgba_config(24);
   const EGLint attribs[] = { EGL_WIDTH, 64, EGL_HEIGHT, 32, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, attribs);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   EGLint value = 0;
   assert_true(eglQuerySurface(dpy, surf, EGL_WIDTH, &value));
   assert_int_equal(value, 64);
   assert_true(eglQuerySurface(dpy, surf, EGL_HEIGHT, &value));
   assert_int_equal(value, 32);
   assert_true(eglQuerySurface(dpy, surf, EGL_RENDER_BUFFER, &value));
   assert_int_equal(value, EGL_BACK_BUFFER);
   EGLint id = 0;
   eglGetConfigAttrib(dpy, config, EGL_CONFIG_ID, &id);
   assert_true(eglQuerySurface(dpy, surf, EGL_CONFIG_ID, &value));
   assert_int_equal(value, id);
   assert_false(eglQuerySurface(dpy, surf, 0x1234, &value));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   assert_false(
      eglSurfaceAttrib(dpy, surf, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED));
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   /* Swapping a surface that is not current. */
   assert_false(eglSwapBuffers(dpy, surf));
   assert_int_equal(eglGetError(), EGL_BAD_SURFACE);
   assert_true(eglDestroySurface(dpy, surf));
   assert_false(eglDestroySurface(dpy, surf));
   assert_int_equal(eglGetError(), EGL_BAD_SURFACE);

   const EGLint negative[] = { EGL_WIDTH, -1, EGL_NONE };
   assert_ptr_equal(eglCreatePbufferSurface(dpy, config, negative),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   const EGLint unknown[] = { EGL_RENDER_BUFFER, EGL_BACK_BUFFER, EGL_NONE };
   assert_ptr_equal(eglCreatePbufferSurface(dpy, config, unknown),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   const EGLint texture[] = { EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE };
   assert_ptr_equal(eglCreatePbufferSurface(dpy, config, texture),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   const EGLint huge[] = { EGL_WIDTH, 1 << 30, EGL_HEIGHT, 1 << 30, EGL_NONE };
   assert_ptr_equal(eglCreatePbufferSurface(dpy, config, huge), EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ALLOC);
   /* EGL_MESA_platform_surfaceless: no native window or pixmap is valid,
    * whatever the config. */
   assert_ptr_equal(eglCreateWindowSurface(dpy, config, 0, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_WINDOW);
   assert_ptr_equal(eglCreatePlatformPixmapSurface(dpy, NULL, NULL, NULL),
                    EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_NATIVE_PIXMAP);
}

/** Creates a desktop GL context (3.3 core) of @p config. */
static EGLContext
gl_context(EGLConfig config)
{
   const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION,
                              3,
                              EGL_CONTEXT_MINOR_VERSION,
                              3,
                              EGL_CONTEXT_OPENGL_PROFILE_MASK,
                              EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                              EGL_NONE };
   eglBindAPI(EGL_OPENGL_API);
   EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   return ctx;
}

static void
test_context_query(void **state)
{
   EGLConfig config = rgba_config(24);
   EGLContext ctx = gl_context(config);
   EGLint value = 0, id = 0;
   eglGetConfigAttrib(dpy, config, EGL_CONFIG_ID, &id);
   assert_true(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &value));
   assert_int_equal(value, id);
   assert_true(eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &value));
   assert_int_equal(value, EGL_OPENGL_API);
   assert_true(eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &value));
   assert_int_equal(value, EGL_NONE);
   assert_false(eglQueryContext(dpy, ctx, 0x1234, &value));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   assert_true(eglDestroyContext(dpy, ctx));

   eglBindAPI(EGL_OPENGL_ES_API);
   const EGLint es3[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
   ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, es3);
   assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
   assert_true(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &value));
   assert_int_equal(value, 0);
   assert_true(eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_TYPE, &value));
   assert_int_equal(value, EGL_OPENGL_ES_API);
   assert_true(eglQueryContext(dpy, ctx, EGL_CONTEXT_CLIENT_VERSION, &value));
   assert_int_equal(value, 3);
   assert_true(eglDestroyContext(dpy, ctx));
}

static void
test_make_current(void **state)
{
   EGLConfig config = rgba_config(24);
   EGLContext ctx = gl_context(EGL_NO_CONFIG_KHR);
   const EGLint attribs[] = { EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, attribs);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);

   /* Surfaceless. */
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_ptr_equal(eglGetCurrentContext(), ctx);
   assert_ptr_equal(eglGetCurrentSurface(EGL_DRAW), EGL_NO_SURFACE);
   /* Draw without read. */
   assert_false(eglMakeCurrent(dpy, surf, EGL_NO_SURFACE, ctx));
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);
   assert_ptr_equal(eglGetCurrentContext(), ctx);

   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
   assert_ptr_equal(eglGetCurrentSurface(EGL_DRAW), surf);
   EGLint value = 0;
   assert_true(eglQueryContext(dpy, ctx, EGL_RENDER_BUFFER, &value));
   assert_int_equal(value, EGL_BACK_BUFFER);
   assert_true(eglSwapBuffers(dpy, surf));
   assert_true(eglSwapInterval(dpy, 0));
   assert_true(eglWaitClient());
   assert_true(eglWaitNative(EGL_CORE_NATIVE_ENGINE));

   /* Destroyed while current: both live on until released. */
   assert_true(eglDestroySurface(dpy, surf));
   assert_true(eglDestroyContext(dpy, ctx));
   assert_false(eglQuerySurface(dpy, surf, EGL_WIDTH, &value));
   assert_int_equal(eglGetError(), EGL_BAD_SURFACE);
   assert_true(eglWaitGL());
   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_ptr_equal(eglGetCurrentContext(), EGL_NO_CONTEXT);

   /* Nothing current. */
   assert_false(eglSwapInterval(dpy, 1));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
   assert_false(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
}

/* ---- threads ---- */

struct thread_args {
   EGLContext ctx;
   EGLBoolean made_current;
   EGLint error;
   EGLint error_before;
};

/** Makes the context current and ends without releasing it. */
static void *
exiting_thread(void *data)
{
   struct thread_args *args = data;
   args->made_current =
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, args->ctx);
   return NULL;
}

static void *
other_thread(void *data)
{
   struct thread_args *args = data;
   /* Errors are per thread: the main thread's is not seen here. */
   args->error_before = eglGetError();
   args->made_current =
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, args->ctx);
   args->error = eglGetError();
   eglReleaseThread();
   return NULL;
}

static void
test_threads(void **state)
{
   EGLContext ctx = gl_context(EGL_NO_CONFIG_KHR);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   eglQueryString(dpy, 0x1234); /* leaves EGL_BAD_PARAMETER here */

   struct thread_args args = { .ctx = ctx };
   pthread_t thread;
   assert_int_equal(pthread_create(&thread, NULL, other_thread, &args), 0);
   pthread_join(thread, NULL);
   assert_int_equal(args.error_before, EGL_SUCCESS);
   assert_false(args.made_current);
   assert_int_equal(args.error, EGL_BAD_ACCESS);
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);

   /* Released here, it can be made current there. */
   assert_true(eglReleaseThread());
   assert_int_equal(eglQueryAPI(), EGL_OPENGL_ES_API);
   assert_int_equal(pthread_create(&thread, NULL, other_thread, &args), 0);
   pthread_join(thread, NULL);
   assert_true(args.made_current);
   assert_int_equal(args.error, EGL_SUCCESS);

   /* A thread that ends with it current gives it up. */
   assert_int_equal(pthread_create(&thread, NULL, exiting_thread, &args), 0);
   pthread_join(thread, NULL);
   assert_true(args.made_current);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroyContext(dpy, ctx));
}

static void
test_fence_sync(void **state)
{
   /* No current context. */
   assert_ptr_equal(eglCreateSync(dpy, EGL_SYNC_FENCE, NULL), EGL_NO_SYNC);
   assert_int_equal(eglGetError(), EGL_BAD_MATCH);

   EGLContext ctx = gl_context(EGL_NO_CONFIG_KHR);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   assert_ptr_equal(eglCreateSync(dpy, EGL_SYNC_CL_EVENT, NULL), EGL_NO_SYNC);
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   const EGLAttrib attribs[] = { EGL_SYNC_STATUS, EGL_SIGNALED, EGL_NONE };
   assert_ptr_equal(eglCreateSync(dpy, EGL_SYNC_FENCE, attribs), EGL_NO_SYNC);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);

   EGLSync sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
   assert_ptr_not_equal(sync, EGL_NO_SYNC);
   EGLAttrib value = 0;
   assert_true(eglGetSyncAttrib(dpy, sync, EGL_SYNC_TYPE, &value));
   assert_int_equal(value, EGL_SYNC_FENCE);
   assert_true(eglGetSyncAttrib(dpy, sync, EGL_SYNC_CONDITION, &value));
   assert_int_equal(value, EGL_SYNC_PRIOR_COMMANDS_COMPLETE);
   assert_int_equal(eglClientWaitSync(dpy, sync, 0, EGL_FOREVER),
                    EGL_CONDITION_SATISFIED);
   assert_true(eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &value));
   assert_int_equal(value, EGL_SIGNALED);
   assert_false(eglGetSyncAttrib(dpy, sync, 0x1234, &value));
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   assert_true(eglWaitSync(dpy, sync, 0));
   assert_false(eglWaitSync(dpy, sync, 1));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   assert_true(eglDestroySync(dpy, sync));
   assert_false(eglDestroySync(dpy, sync));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);

   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroyContext(dpy, ctx));
}

/** EGL_KHR_fence_sync through eglGetProcAddress: libEGL's dispatch of
 * vendor extension functions. */
static void
test_fence_sync_khr(void **state)
{
   PFNEGLCREATESYNCKHRPROC create_sync =
      (PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
   PFNEGLCLIENTWAITSYNCKHRPROC client_wait_sync =
      (PFNEGLCLIENTWAITSYNCKHRPROC)eglGetProcAddress("eglClientWaitSyncKHR");
   PFNEGLGETSYNCATTRIBKHRPROC get_sync_attrib =
      (PFNEGLGETSYNCATTRIBKHRPROC)eglGetProcAddress("eglGetSyncAttribKHR");
   PFNEGLDESTROYSYNCKHRPROC destroy_sync =
      (PFNEGLDESTROYSYNCKHRPROC)eglGetProcAddress("eglDestroySyncKHR");
   PFNEGLWAITSYNCKHRPROC wait_sync =
      (PFNEGLWAITSYNCKHRPROC)eglGetProcAddress("eglWaitSyncKHR");
   assert_non_null(create_sync);
   assert_non_null(client_wait_sync);
   assert_non_null(get_sync_attrib);
   assert_non_null(destroy_sync);
   assert_non_null(wait_sync);
   assert_true(
      has_extension(eglQueryString(dpy, EGL_EXTENSIONS), "EGL_KHR_fence_sync"));

   EGLContext ctx = gl_context(EGL_NO_CONFIG_KHR);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   const EGLint bad[] = { EGL_SYNC_CONDITION_KHR,
                          EGL_SYNC_PRIOR_COMMANDS_COMPLETE_KHR, EGL_NONE };
   assert_ptr_equal(create_sync(dpy, EGL_SYNC_FENCE_KHR, bad), EGL_NO_SYNC_KHR);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);
   EGLSyncKHR sync = create_sync(dpy, EGL_SYNC_FENCE_KHR, NULL);
   assert_ptr_not_equal(sync, EGL_NO_SYNC_KHR);
   assert_int_equal(client_wait_sync(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR,
                                     EGL_FOREVER_KHR),
                    EGL_CONDITION_SATISFIED_KHR);
   EGLint value = 0;
   assert_true(get_sync_attrib(dpy, sync, EGL_SYNC_STATUS_KHR, &value));
   assert_int_equal(value, EGL_SIGNALED_KHR);
   assert_true(wait_sync(dpy, sync, 0));
   assert_true(destroy_sync(dpy, sync));
   assert_false(destroy_sync(dpy, sync));
   assert_int_equal(eglGetError(), EGL_BAD_PARAMETER);
   /* Not a display: libEGL's dispatch reports it. */
   assert_false(destroy_sync((EGLDisplay)&value, sync));
   assert_int_equal(eglGetError(), EGL_BAD_DISPLAY);

   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroyContext(dpy, ctx));
}

/* ---- rendering ---- */

static void
test_clear_pbuffer(void **state)
{
   EGLConfig config = rgba_config(24);
   EGLContext ctx = gl_context(config);
   const EGLint attribs[] = { EGL_WIDTH, 8, EGL_HEIGHT, 4, EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, attribs);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));

   GLint viewport[4] = { 0 };
   glGetIntegerv(GL_VIEWPORT, viewport);
   assert_int_equal(viewport[2], 8);
   assert_int_equal(viewport[3], 4);
   glClearColor(1.0f, 0.5f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t pixel[4] = { 0 };
   glReadPixels(7, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(pixel[0], 255);
   assert_in_range(pixel[1], 127, 128);
   assert_int_equal(pixel[2], 0);
   assert_int_equal(pixel[3], 255);
   assert_true(eglSwapBuffers(dpy, surf));

   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroySurface(dpy, surf));
   assert_true(eglDestroyContext(dpy, ctx));
}

/** A context moved to a new pbuffer draws to the new buffers, even when
 * the new surface takes the address of a destroyed one. */
static void
test_new_pbuffer(void **state)
{
   EGLConfig config = rgba_config(24);
   EGLContext ctx = gl_context(config);
   for (EGLint size = 4; size <= 64; size *= 4) {
      const EGLint attribs[] = { EGL_WIDTH, size, EGL_HEIGHT, size, EGL_NONE };
      EGLSurface surf = eglCreatePbufferSurface(dpy, config, attribs);
      assert_true(eglMakeCurrent(dpy, surf, surf, ctx));
      glViewport(0, 0, size, size);
      glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      uint8_t pixel[4] = { 0 };
      glReadPixels(size - 1, size - 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      assert_int_equal(pixel[2], 255);
      assert_true(
         eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
      assert_true(eglDestroySurface(dpy, surf));
   }
   assert_true(eglDestroyContext(dpy, ctx));
}

static void
test_gles_pbuffer(void **state)
{
   static const EGLint versions[] = { 2, 3 };
   for (unsigned i = 0; i < 2; i++) {
      const EGLint config_attribs[] = {
         EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
         versions[i] == 2 ? EGL_OPENGL_ES2_BIT : EGL_OPENGL_ES3_BIT, EGL_NONE
      };
      EGLConfig config;
      EGLint n = 0;
      assert_true(eglChooseConfig(dpy, config_attribs, &config, 1, &n));
      assert_int_equal(n, 1);
      eglBindAPI(EGL_OPENGL_ES_API);
      const EGLint attribs[] = { EGL_CONTEXT_CLIENT_VERSION, versions[i],
                                 EGL_NONE };
      EGLContext ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
      assert_ptr_not_equal(ctx, EGL_NO_CONTEXT);
      const EGLint size[] = { EGL_WIDTH, 2, EGL_HEIGHT, 2, EGL_NONE };
      EGLSurface surf = eglCreatePbufferSurface(dpy, config, size);
      assert_true(eglMakeCurrent(dpy, surf, surf, ctx));

      /* The GL ES entry points are the same libGLdispatch ones. */
      const char *version = (const char *)glGetString(GL_VERSION);
      assert_non_null(version);
      assert_memory_equal(version, "OpenGL ES ", 10);
      glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
      glClear(GL_COLOR_BUFFER_BIT);
      uint8_t pixel[4] = { 0 };
      glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      assert_int_equal(pixel[0], 0);
      assert_int_equal(pixel[1], 255);

      assert_true(
         eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
      assert_true(eglDestroySurface(dpy, surf));
      assert_true(eglDestroyContext(dpy, ctx));
   }
}

static void
test_srgb_pbuffer(void **state)
{
   EGLConfig config = rgba_config(0);
   EGLContext ctx = gl_context(config);
   const EGLint attribs[] = { EGL_WIDTH,         4,
                              EGL_HEIGHT,        4,
                              EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB,
                              EGL_NONE };
   EGLSurface surf = eglCreatePbufferSurface(dpy, config, attribs);
   assert_ptr_not_equal(surf, EGL_NO_SURFACE);
   EGLint value = 0;
   assert_true(eglQuerySurface(dpy, surf, EGL_GL_COLORSPACE, &value));
   assert_int_equal(value, EGL_GL_COLORSPACE_SRGB);
   assert_true(eglMakeCurrent(dpy, surf, surf, ctx));

   /* With GL_FRAMEBUFFER_SRGB, 0.5 is stored encoded: 188 (0.735). */
   glEnable(GL_FRAMEBUFFER_SRGB);
   glClearColor(0.5f, 0.5f, 0.5f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   uint8_t pixel[4] = { 0 };
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pixel);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_in_range(pixel[0], 187, 189);
   GLint encoding = 0;
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING,
      &encoding);
   assert_int_equal(encoding, GL_SRGB);

   const EGLint bad[] = { EGL_GL_COLORSPACE, 0x1234, EGL_NONE };
   assert_ptr_equal(eglCreatePbufferSurface(dpy, config, bad), EGL_NO_SURFACE);
   assert_int_equal(eglGetError(), EGL_BAD_ATTRIBUTE);

   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglDestroySurface(dpy, surf));
   assert_true(eglDestroyContext(dpy, ctx));
}

static void
test_terminate_current(void **state)
{
   EGLContext ctx = gl_context(EGL_NO_CONFIG_KHR);
   assert_true(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
   /* EGL 1.5, 3.2: the handles die, the current context lives on. */
   assert_true(eglTerminate(dpy));
   EGLint value;
   assert_false(eglQueryContext(dpy, ctx, EGL_CONFIG_ID, &value));
   assert_int_equal(eglGetError(), EGL_NOT_INITIALIZED);
   GLint rb = -1;
   glGetIntegerv(GL_READ_BUFFER, &rb);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Releasing works on a terminated display. */
   assert_true(
      eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
   assert_true(eglInitialize(dpy, NULL, NULL));
   assert_false(eglDestroyContext(dpy, ctx));
   assert_int_equal(eglGetError(), EGL_BAD_CONTEXT);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_client_extensions),
      cmocka_unit_test(test_display),
      cmocka_unit_test(test_configs),
      cmocka_unit_test(test_context_errors),
      cmocka_unit_test(test_pbuffer),
      cmocka_unit_test(test_context_query),
      cmocka_unit_test(test_make_current),
      cmocka_unit_test(test_threads),
      cmocka_unit_test(test_fence_sync),
      cmocka_unit_test(test_fence_sync_khr),
      cmocka_unit_test(test_clear_pbuffer),
      cmocka_unit_test(test_new_pbuffer),
      cmocka_unit_test(test_gles_pbuffer),
      cmocka_unit_test(test_srgb_pbuffer),
      cmocka_unit_test(test_terminate_current),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
