/* SPDX-License-Identifier: MIT */

/*
 * The glvnd vendor interface (glvnd/libeglabi.h): libEGL loads the vendor
 * library, calls __egl_Main, and from then on reaches the frontend
 * through the imports filled in here.
 *
 * - getProcAddress gives libEGL the EGL 1.5 functions (its static
 *   dispatch table, filled once at load) and libGLdispatch the GL
 *   functions, which are the state tracker's generated entry points.
 * - EGL calls that name a display are dispatched by libEGL to the vendor
 *   that made the display; the others (eglGetError, eglBindAPI,
 *   eglReleaseThread, eglWait*) go to the current or every vendor.
 * - libEGL's own dispatch stubs for extension functions it knows
 *   (eglCreatePlatformWindowSurfaceEXT...) look the vendor's function up
 *   with getProcAddress as well.
 * - The other EGL extension functions (EGL_KHR_fence_sync's) need
 *   dispatch functions of the vendor's: eglGetProcAddress returns those
 *   (getDispatchAddress), and they find the display's vendor and its
 *   function through libEGL's exports, at the slot libEGL assigned
 *   (setDispatchIndex).
 */
#include <string.h>

#include <glvnd/libeglabi.h>

#include "egl_api.h"
#include "egl_priv.h"

#define EGL_FUNC(name)                \
   {                                  \
      "egl" #name, (void *)egl_##name \
   }

static const struct {
   const char *name;
   void *func;
} egl_functions[] = {
   EGL_FUNC(BindAPI),
   EGL_FUNC(BindTexImage),
   EGL_FUNC(ChooseConfig),
   EGL_FUNC(ClientWaitSync),
   EGL_FUNC(CopyBuffers),
   EGL_FUNC(CreateContext),
   EGL_FUNC(CreatePbufferFromClientBuffer),
   EGL_FUNC(CreatePbufferSurface),
   EGL_FUNC(CreatePixmapSurface),
   EGL_FUNC(CreatePlatformPixmapSurface),
   EGL_FUNC(CreatePlatformPixmapSurfaceEXT),
   EGL_FUNC(CreatePlatformWindowSurface),
   EGL_FUNC(CreatePlatformWindowSurfaceEXT),
   EGL_FUNC(CreateSync),
   EGL_FUNC(CreateWindowSurface),
   EGL_FUNC(DestroyContext),
   EGL_FUNC(DestroySurface),
   EGL_FUNC(DestroySync),
   EGL_FUNC(GetConfigAttrib),
   EGL_FUNC(GetConfigs),
   EGL_FUNC(GetError),
   EGL_FUNC(GetSyncAttrib),
   EGL_FUNC(Initialize),
   EGL_FUNC(MakeCurrent),
   EGL_FUNC(QueryAPI),
   EGL_FUNC(QueryContext),
   EGL_FUNC(QueryString),
   EGL_FUNC(QuerySurface),
   EGL_FUNC(ReleaseTexImage),
   EGL_FUNC(ReleaseThread),
   EGL_FUNC(SurfaceAttrib),
   EGL_FUNC(SwapBuffers),
   EGL_FUNC(SwapInterval),
   EGL_FUNC(Terminate),
   EGL_FUNC(WaitClient),
   EGL_FUNC(WaitGL),
   EGL_FUNC(WaitNative),
   EGL_FUNC(WaitSync),
};

/* ---- extension functions dispatched by display ---- */

static const __EGLapiExports *glvnd_exports;

enum ext_function {
   EXT_CLIENT_WAIT_SYNC_KHR,
   EXT_CREATE_SYNC_KHR,
   EXT_DESTROY_SYNC_KHR,
   EXT_GET_SYNC_ATTRIB_KHR,
   EXT_WAIT_SYNC_KHR,
   EXT_COUNT,
};

/** The vendor's function @p which for @p dpy, or NULL with the error set
 * (what libEGL's own dispatch stubs do). */
static void *dispatch_fetch(EGLDisplay dpy, enum ext_function which);

static EGLint
dispatch_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
                           EGLTimeKHR timeout)
{
   PFNEGLCLIENTWAITSYNCKHRPROC f = (PFNEGLCLIENTWAITSYNCKHRPROC)dispatch_fetch(
      dpy, EXT_CLIENT_WAIT_SYNC_KHR);
   return f ? f(dpy, sync, flags, timeout) : EGL_FALSE;
}

static EGLSyncKHR
dispatch_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
   PFNEGLCREATESYNCKHRPROC f =
      (PFNEGLCREATESYNCKHRPROC)dispatch_fetch(dpy, EXT_CREATE_SYNC_KHR);
   return f ? f(dpy, type, attribs) : EGL_NO_SYNC_KHR;
}

static EGLBoolean
dispatch_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
   PFNEGLDESTROYSYNCKHRPROC f =
      (PFNEGLDESTROYSYNCKHRPROC)dispatch_fetch(dpy, EXT_DESTROY_SYNC_KHR);
   return f ? f(dpy, sync) : EGL_FALSE;
}

static EGLBoolean
dispatch_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute,
                          EGLint *value)
{
   PFNEGLGETSYNCATTRIBKHRPROC f =
      (PFNEGLGETSYNCATTRIBKHRPROC)dispatch_fetch(dpy, EXT_GET_SYNC_ATTRIB_KHR);
   return f ? f(dpy, sync, attribute, value) : EGL_FALSE;
}

static EGLint
dispatch_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   PFNEGLWAITSYNCKHRPROC f =
      (PFNEGLWAITSYNCKHRPROC)dispatch_fetch(dpy, EXT_WAIT_SYNC_KHR);
   return f ? f(dpy, sync, flags) : EGL_FALSE;
}

#define EXT_FUNC(name)                                             \
   {                                                               \
      "egl" #name, (void *)egl_##name, (void *)dispatch_##name, -1 \
   }

/** In enum ext_function order; index is libEGL's slot (-1: none yet). */
static struct {
   const char *name;
   void *func;
   void *dispatch;
   int index;
} ext_functions[EXT_COUNT] = {
   EXT_FUNC(ClientWaitSyncKHR), EXT_FUNC(CreateSyncKHR),
   EXT_FUNC(DestroySyncKHR),    EXT_FUNC(GetSyncAttribKHR),
   EXT_FUNC(WaitSyncKHR),
};

static void *
dispatch_fetch(EGLDisplay dpy, enum ext_function which)
{
   glvnd_exports->threadInit();
   __EGLvendorInfo *vendor = glvnd_exports->getVendorFromDisplay(dpy);
   int index = ext_functions[which].index;
   void *f = vendor && index >= 0
                ? (void *)glvnd_exports->fetchDispatchEntry(vendor, index)
                : NULL;
   if (!f) {
      glvnd_exports->setEGLError(EGL_BAD_DISPLAY);
      return NULL;
   }
   glvnd_exports->setLastVendor(vendor);
   return f;
}

static int
find_ext_function(const char *name)
{
   for (unsigned i = 0; i < EXT_COUNT; i++) {
      if (strcmp(name, ext_functions[i].name) == 0)
         return (int)i;
   }
   return -1;
}

static void *
glvnd_get_dispatch_address(const char *name)
{
   int i = name ? find_ext_function(name) : -1;
   return i >= 0 ? ext_functions[i].dispatch : NULL;
}

static void
glvnd_set_dispatch_index(const char *name, int index)
{
   int i = name ? find_ext_function(name) : -1;
   if (i >= 0)
      ext_functions[i].index = index;
}

static void *
glvnd_get_proc_address(const char *name)
{
   if (!name)
      return NULL;
   if (strncmp(name, "egl", 3) == 0) {
      for (unsigned i = 0; i < sizeof(egl_functions) / sizeof(egl_functions[0]);
           i++) {
         if (strcmp(name, egl_functions[i].name) == 0)
            return egl_functions[i].func;
      }
      int i = find_ext_function(name);
      return i >= 0 ? ext_functions[i].func : NULL;
   }
   return (void *)st_get_proc_address(name);
}

static EGLDisplay
glvnd_get_platform_display(EGLenum platform, void *native,
                           const EGLAttrib *attribs)
{
   return egl_display_get(platform, native, attribs);
}

static EGLBoolean
glvnd_get_supports_api(EGLenum api)
{
   return api == EGL_OPENGL_API || api == EGL_OPENGL_ES_API;
}

static const char *
glvnd_get_vendor_string(int name)
{
   if (name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS)
      return egl_display_platform_extensions();
   return NULL;
}

/* The one exported symbol; its name is libglvnd's (libeglabi.h), hence
 * the leading underscores STYLE.md otherwise forbids. */
__attribute__((visibility("default"))) EGLBoolean
__egl_Main(uint32_t version, const __EGLapiExports *exports,
           __EGLvendorInfo *vendor, __EGLapiImports *imports)
{
   if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) !=
       EGL_VENDOR_ABI_MAJOR_VERSION)
      return EGL_FALSE;
   glvnd_exports = exports;
   imports->getPlatformDisplay = glvnd_get_platform_display;
   imports->getSupportsAPI = glvnd_get_supports_api;
   imports->getVendorString = glvnd_get_vendor_string;
   imports->getProcAddress = glvnd_get_proc_address;
   imports->getDispatchAddress = glvnd_get_dispatch_address;
   imports->setDispatchIndex = glvnd_set_dispatch_index;
   return EGL_TRUE;
}
