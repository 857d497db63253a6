/* SPDX-License-Identifier: MIT */

/*
 * The display: eglGetPlatformDisplay (through libEGL), eglInitialize,
 * eglTerminate and eglQueryString.
 *
 * Displays: the surfaceless one (EGL_MESA_platform_surfaceless: no window
 * system, pbuffers and framebuffer objects only), and one per native
 * display and screen of the X11 platform (EGL_KHR_platform_x11 and
 * EGL_EXT_platform_x11 with an Xlib Display, EGL_EXT_platform_xcb with an
 * xcb connection; egl_x11.c), and one per wl_display of the Wayland
 * platform (EGL_KHR_platform_wayland, EGL_EXT_platform_wayland;
 * egl_wayland.c).  Displays are never freed: an EGLDisplay
 * stays valid for the process (EGL 1.5, 3.2), and asking again for the
 * same native display gives the same handle.
 *
 * eglGetDisplay(EGL_DEFAULT_DISPLAY) picks the platform as Mesa does: the
 * one named by $EGL_PLATFORM ("x11", "wayland", "surfaceless"), else X11
 * when $DISPLAY is set, else Wayland when $WAYLAND_DISPLAY is, else
 * surfaceless.
 *
 * The pipe screen is made by the first eglInitialize and lives as long as
 * the process, so that eglTerminate followed by eglInitialize is cheap and
 * contexts that stay current past eglTerminate keep a working screen.
 */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_screen.h"

#include "egl_api.h"
#include "egl_priv.h"
#include "egl_target.h"

static struct egl_display surfaceless = {
   .platform = EGL_PLATFORM_SURFACELESS_MESA,
   .native_screen = -1,
   .contexts = { &surfaceless.contexts, &surfaceless.contexts },
   .surfaces = { &surfaceless.surfaces, &surfaceless.surfaces },
   .syncs = { &surfaceless.syncs, &surfaceless.syncs },
};

/** Every other display (egl_display::link); guarded by egl_lock(). */
static struct u_list native_displays = { &native_displays, &native_displays };

static struct st_screen *process_screen;

/* Client extensions that are not platforms (libEGL intersects these with
 * the ones it implements itself); the platform extension comes from the
 * vendor string (egl_glvnd.c). */
static const char client_extensions[] = "EGL_EXT_client_extensions "
                                        "EGL_EXT_platform_base";

static const char display_extensions[] = "EGL_EXT_create_context_robustness "
                                         "EGL_KHR_create_context "
                                         "EGL_KHR_create_context_no_error "
                                         "EGL_KHR_fence_sync "
                                         "EGL_KHR_get_all_proc_addresses "
                                         "EGL_KHR_gl_colorspace "
                                         "EGL_KHR_no_config_context "
                                         "EGL_KHR_surfaceless_context "
                                         "EGL_KHR_wait_sync";

struct egl_display *
egl_display_lookup(EGLDisplay handle)
{
   if (handle == (EGLDisplay)&surfaceless)
      return &surfaceless;
   u_list_foreach (struct egl_display, dpy, &native_displays, link) {
      if (dpy == (struct egl_display *)handle)
         return dpy;
   }
   egl_error(EGL_BAD_DISPLAY);
   return NULL;
}

struct egl_display *
egl_display_lookup_initialized(EGLDisplay handle)
{
   struct egl_display *dpy = egl_display_lookup(handle);
   if (dpy && !dpy->initialized) {
      egl_error(EGL_NOT_INITIALIZED);
      return NULL;
   }
   return dpy;
}

/** The platform of eglGetDisplay(EGL_DEFAULT_DISPLAY). */
static EGLenum
default_platform(void)
{
   const char *name = getenv("EGL_PLATFORM");
   if (name && name[0]) {
      if (strcmp(name, "x11") == 0)
         return EGL_PLATFORM_X11_KHR;
      if (strcmp(name, "surfaceless") == 0)
         return EGL_PLATFORM_SURFACELESS_MESA;
      if (strcmp(name, "wayland") == 0)
         return EGL_PLATFORM_WAYLAND_KHR;
   }
   const char *display = getenv("DISPLAY");
   if (display && display[0])
      return EGL_PLATFORM_X11_KHR;
   display = getenv("WAYLAND_DISPLAY");
   if (display && display[0])
      return EGL_PLATFORM_WAYLAND_KHR;
   return EGL_PLATFORM_SURFACELESS_MESA;
}

static const struct egl_platform *
platform_ops(EGLenum platform)
{
#ifdef HAVE_EGL_X11
   if (platform == EGL_PLATFORM_X11_KHR || platform == EGL_PLATFORM_XCB_EXT)
      return &egl_platform_x11;
#endif
#ifdef HAVE_EGL_WAYLAND
   if (platform == EGL_PLATFORM_WAYLAND_KHR)
      return &egl_platform_wayland;
#endif
   return NULL;
}

/** The display of a window-system platform for @p native and @p screen,
 * made on first use; an EGL error in *@p error otherwise. */
static struct egl_display *
native_display(EGLenum platform, void *native, const EGLAttrib *attribs,
               EGLint *error)
{
   int screen = -1;
   /* EGL_KHR_platform_wayland defines no attribute. */
   EGLAttrib screen_attrib =
      platform == EGL_PLATFORM_XCB_EXT   ? EGL_PLATFORM_XCB_SCREEN_EXT
      : platform == EGL_PLATFORM_X11_KHR ? EGL_PLATFORM_X11_SCREEN_KHR
                                         : EGL_NONE;
   for (const EGLAttrib *a = attribs; a && a[0] != EGL_NONE; a += 2) {
      if (a[0] != screen_attrib || a[1] < 0) {
         *error = EGL_BAD_ATTRIBUTE;
         return NULL;
      }
      screen = (int)a[1];
   }
   egl_lock();
   u_list_foreach (struct egl_display, dpy, &native_displays, link) {
      if (dpy->platform == platform && dpy->native == native &&
          dpy->native_screen == screen) {
         egl_unlock();
         return dpy;
      }
   }
   struct egl_display *dpy = calloc(1, sizeof(*dpy));
   if (!dpy) {
      egl_unlock();
      *error = EGL_BAD_ALLOC;
      return NULL;
   }
   dpy->platform = platform;
   dpy->ops = platform_ops(platform);
   dpy->native = native;
   dpy->native_screen = screen;
   u_list_init(&dpy->contexts);
   u_list_init(&dpy->surfaces);
   u_list_init(&dpy->syncs);
   u_list_add_tail(&native_displays, &dpy->link);
   egl_unlock();
   return dpy;
}

EGLDisplay
egl_display_get(EGLenum platform, void *native, const EGLAttrib *attribs)
{
   /* EGL_NONE: eglGetDisplay(EGL_DEFAULT_DISPLAY); libEGL never passes
    * another native display without a platform. */
   if (platform == EGL_NONE) {
      if (native != NULL) {
         egl_error(EGL_BAD_PARAMETER);
         return EGL_NO_DISPLAY;
      }
      platform = default_platform();
   }
   if (platform_ops(platform)) {
      EGLint error = EGL_SUCCESS;
      struct egl_display *dpy =
         native_display(platform, native, attribs, &error);
      if (!dpy) {
         egl_error(error);
         return EGL_NO_DISPLAY;
      }
      egl_thread_get()->error = EGL_SUCCESS;
      return (EGLDisplay)dpy;
   }
   if (platform != EGL_PLATFORM_SURFACELESS_MESA) {
      egl_error(EGL_BAD_PARAMETER);
      return EGL_NO_DISPLAY;
   }
   /* EGL_MESA_platform_surfaceless: native_display must be
    * EGL_DEFAULT_DISPLAY and no attribute is defined. */
   if (native != NULL) {
      egl_error(EGL_BAD_PARAMETER);
      return EGL_NO_DISPLAY;
   }
   if (attribs && attribs[0] != EGL_NONE) {
      egl_error(EGL_BAD_ATTRIBUTE);
      return EGL_NO_DISPLAY;
   }
   egl_thread_get()->error = EGL_SUCCESS;
   return (EGLDisplay)&surfaceless;
}

const char *
egl_display_platform_extensions(void)
{
   return "EGL_MESA_platform_surfaceless"
#ifdef HAVE_EGL_X11
          " EGL_KHR_platform_x11 EGL_EXT_platform_x11 EGL_EXT_platform_xcb"
#endif
#ifdef HAVE_EGL_WAYLAND
          " EGL_KHR_platform_wayland EGL_EXT_platform_wayland"
#endif
      ;
}

EGLBoolean
egl_Initialize(EGLDisplay handle, EGLint *major, EGLint *minor)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_FALSE;
   }
   if (!process_screen) {
      struct pipe_screen *pscreen = egl_target_create_screen();
      if (pscreen)
         process_screen = st_screen_create(pscreen);
      if (!process_screen) {
         if (pscreen)
            pscreen->destroy(pscreen);
         egl_unlock();
         return egl_error(EGL_NOT_INITIALIZED);
      }
   }
   if (!dpy->initialized) {
      dpy->screen = process_screen;
      egl_config_init(dpy);
      /* The platform connects with the lock held: eglInitialize of one
       * display is rare and short, and nothing it calls takes the lock. */
      EGLint error = dpy->ops ? dpy->ops->initialize(dpy) : EGL_SUCCESS;
      if (error != EGL_SUCCESS) {
         egl_unlock();
         return egl_error(error);
      }
      dpy->initialized = true;
   }
   egl_unlock();
   if (major)
      *major = 1;
   if (minor)
      *minor = 5;
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_Terminate(EGLDisplay handle)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_FALSE;
   }
   /* EGL 1.5, 3.2: the handles become invalid at once; objects current
    * in some thread are freed when they stop being current. */
   u_list_foreach_safe (struct egl_context, ctx, &dpy->contexts, link) {
      u_list_del(&ctx->link);
      if (ctx->current)
         ctx->destroyed = true;
      else
         egl_context_free(ctx);
   }
   u_list_foreach_safe (struct egl_surface, surf, &dpy->surfaces, link) {
      u_list_del(&surf->link);
      if (surf->current)
         surf->destroyed = true;
      else
         egl_surface_free(surf);
   }
   u_list_foreach_safe (struct egl_sync, sync, &dpy->syncs, link)
      egl_sync_free(sync);
   dpy->initialized = false;
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

const char *
egl_QueryString(EGLDisplay handle, EGLint name)
{
   if (handle == EGL_NO_DISPLAY) {
      /* EGL_EXT_client_extensions; EGL 1.5 allows EGL_VERSION too. */
      if (name == EGL_EXTENSIONS) {
         egl_thread_get()->error = EGL_SUCCESS;
         return client_extensions;
      }
      if (name == EGL_VERSION) {
         egl_thread_get()->error = EGL_SUCCESS;
         return "1.5";
      }
      egl_error(EGL_BAD_DISPLAY);
      return NULL;
   }
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   egl_unlock();
   if (!dpy)
      return NULL;

   const char *result;
   switch (name) {
   case EGL_CLIENT_APIS:
      result = "OpenGL OpenGL_ES";
      break;
   case EGL_EXTENSIONS:
      result = display_extensions;
      break;
   case EGL_VENDOR:
      result = "Indium";
      break;
   case EGL_VERSION:
      result = "1.5 Indium";
      break;
   default:
      egl_error(EGL_BAD_PARAMETER);
      return NULL;
   }
   egl_thread_get()->error = EGL_SUCCESS;
   return result;
}
