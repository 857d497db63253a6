/* SPDX-License-Identifier: MIT */

/*
 * The glvnd vendor interface (glvnd/libglxabi.h): libGLX loads
 * libGLX_indium.so.0, calls __glx_Main, and from then on reaches the
 * frontend through the imports filled in here.
 *
 * - getProcAddress gives libGLX the GLX 1.4 functions (its static
 *   dispatch table, filled at load) and the extension functions (looked
 *   up by the dispatch functions below), and libGLdispatch the GL
 *   functions, which are the state tracker's generated entry points.
 * - GLX extension functions need dispatch functions of the vendor's
 *   (getDispatchAddress): they find the vendor that owns the config,
 *   drawable or current context, fetch its function from libGLX's
 *   dynamic table at the slot libGLX assigned (setDispatchIndex), and
 *   record new contexts' vendor, which libGLX does itself only for the
 *   1.4 functions.
 */
#include <string.h>

#include <glvnd/libglxabi.h>

#include "glx_priv.h"

#define GLX_FUNC(name)                \
   {                                  \
      "glX" #name, (void *)glx_##name \
   }

static const struct {
   const char *name;
   void *func;
} glx_functions[] = {
   GLX_FUNC(ChooseFBConfig),
   GLX_FUNC(ChooseVisual),
   GLX_FUNC(CopyContext),
   GLX_FUNC(CreateContext),
   GLX_FUNC(CreateContextAttribsARB),
   GLX_FUNC(CreateGLXPixmap),
   GLX_FUNC(CreateNewContext),
   GLX_FUNC(CreatePbuffer),
   GLX_FUNC(CreatePixmap),
   GLX_FUNC(CreateWindow),
   GLX_FUNC(DestroyContext),
   GLX_FUNC(DestroyGLXPixmap),
   GLX_FUNC(DestroyPbuffer),
   GLX_FUNC(DestroyPixmap),
   GLX_FUNC(DestroyWindow),
   GLX_FUNC(GetClientString),
   GLX_FUNC(GetConfig),
   GLX_FUNC(GetFBConfigAttrib),
   GLX_FUNC(GetFBConfigs),
   GLX_FUNC(GetSelectedEvent),
   GLX_FUNC(GetSwapIntervalMESA),
   GLX_FUNC(GetVisualFromFBConfig),
   GLX_FUNC(IsDirect),
   GLX_FUNC(MakeContextCurrent),
   GLX_FUNC(MakeCurrent),
   GLX_FUNC(QueryContext),
   GLX_FUNC(QueryDrawable),
   GLX_FUNC(QueryExtensionsString),
   GLX_FUNC(QueryServerString),
   GLX_FUNC(SelectEvent),
   GLX_FUNC(SwapBuffers),
   GLX_FUNC(SwapIntervalEXT),
   GLX_FUNC(SwapIntervalMESA),
   GLX_FUNC(SwapIntervalSGI),
   GLX_FUNC(UseXFont),
   GLX_FUNC(WaitGL),
   GLX_FUNC(WaitX),
};

/* ---- extension functions ---- */

static const __GLXapiExports *glvnd_exports;

enum ext_function {
   EXT_CREATE_CONTEXT_ATTRIBS_ARB,
   EXT_GET_SWAP_INTERVAL_MESA,
   EXT_SWAP_INTERVAL_EXT,
   EXT_SWAP_INTERVAL_MESA,
   EXT_SWAP_INTERVAL_SGI,
   EXT_COUNT,
};

/** libGLX's slot of each (-1: not assigned yet). */
static int ext_index[EXT_COUNT] = { -1, -1, -1, -1, -1 };

/** The function @p which of @p vendor, or NULL. */
static void *
fetch(__GLXvendorInfo *vendor, enum ext_function which)
{
   if (!vendor || ext_index[which] < 0)
      return NULL;
   return (void *)glvnd_exports->fetchDispatchEntry(vendor, ext_index[which]);
}

static GLXContext
dispatch_CreateContextAttribsARB(Display *dpy, GLXFBConfig config,
                                 GLXContext share, Bool direct,
                                 const int *attribs)
{
   __GLXvendorInfo *vendor =
      config ? glvnd_exports->vendorFromFBConfig(dpy, config) : NULL;
   PFNGLXCREATECONTEXTATTRIBSARBPROC f =
      (PFNGLXCREATECONTEXTATTRIBSARBPROC)fetch(vendor,
                                               EXT_CREATE_CONTEXT_ATTRIBS_ARB);
   if (!f) {
      /* GLX_ARB_create_context: an invalid config. */
      glx_error_send(dpy, GLXBadFBConfig, false, X_GLXCreateContextAttribsARB,
                     0);
      return NULL;
   }
   GLXContext ctx = f(dpy, config, share, direct, attribs);
   if (ctx && glvnd_exports->addVendorContextMapping(dpy, ctx, vendor) != 0) {
      glx_DestroyContext(dpy, ctx);
      return NULL;
   }
   return ctx;
}

static void
dispatch_SwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval)
{
   __GLXvendorInfo *vendor =
      drawable ? glvnd_exports->vendorFromDrawable(dpy, drawable) : NULL;
   PFNGLXSWAPINTERVALEXTPROC f =
      (PFNGLXSWAPINTERVALEXTPROC)fetch(vendor, EXT_SWAP_INTERVAL_EXT);
   if (f)
      f(dpy, drawable, interval);
   else
      glx_error_send(dpy, GLXBadDrawable, false, X_GLXVendorPrivate, drawable);
}

static int
dispatch_SwapIntervalMESA(unsigned int interval)
{
   PFNGLXSWAPINTERVALMESAPROC f = (PFNGLXSWAPINTERVALMESAPROC)fetch(
      glvnd_exports->getCurrentDynDispatch(), EXT_SWAP_INTERVAL_MESA);
   return f ? f(interval) : GLX_BAD_CONTEXT;
}

static int
dispatch_GetSwapIntervalMESA(void)
{
   PFNGLXGETSWAPINTERVALMESAPROC f = (PFNGLXGETSWAPINTERVALMESAPROC)fetch(
      glvnd_exports->getCurrentDynDispatch(), EXT_GET_SWAP_INTERVAL_MESA);
   return f ? f() : 0;
}

static int
dispatch_SwapIntervalSGI(int interval)
{
   PFNGLXSWAPINTERVALSGIPROC f = (PFNGLXSWAPINTERVALSGIPROC)fetch(
      glvnd_exports->getCurrentDynDispatch(), EXT_SWAP_INTERVAL_SGI);
   return f ? f(interval) : GLX_BAD_CONTEXT;
}

/** In enum ext_function order. */
static const struct {
   const char *name;
   void *dispatch;
} ext_functions[EXT_COUNT] = {
   { "glXCreateContextAttribsARB", (void *)dispatch_CreateContextAttribsARB },
   { "glXGetSwapIntervalMESA", (void *)dispatch_GetSwapIntervalMESA },
   { "glXSwapIntervalEXT", (void *)dispatch_SwapIntervalEXT },
   { "glXSwapIntervalMESA", (void *)dispatch_SwapIntervalMESA },
   { "glXSwapIntervalSGI", (void *)dispatch_SwapIntervalSGI },
};

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
glvnd_get_dispatch_address(const GLubyte *name)
{
   int i = name ? find_ext_function((const char *)name) : -1;
   return i >= 0 ? ext_functions[i].dispatch : NULL;
}

static void
glvnd_set_dispatch_index(const GLubyte *name, int index)
{
   int i = name ? find_ext_function((const char *)name) : -1;
   if (i >= 0)
      ext_index[i] = index;
}

static void *
glvnd_get_proc_address(const GLubyte *procName)
{
   const char *name = (const char *)procName;
   if (!name)
      return NULL;
   if (strncmp(name, "glX", 3) == 0) {
      for (unsigned i = 0; i < sizeof(glx_functions) / sizeof(glx_functions[0]);
           i++) {
         if (strcmp(name, glx_functions[i].name) == 0)
            return glx_functions[i].func;
      }
      return NULL;
   }
   return (void *)st_get_proc_address(name);
}

static Bool
glvnd_is_screen_supported(Display *dpy, int screen)
{
   struct glx_screen *s = glx_display_screen(glx_display_get(dpy), screen);
   return s && s->num_configs > 0;
}

/* The one exported symbol; its name is libglvnd's (libglxabi.h), hence
 * the leading underscores STYLE.md otherwise forbids. */
__attribute__((visibility("default"))) Bool
__glx_Main(uint32_t version, const __GLXapiExports *exports,
           __GLXvendorInfo *vendor, __GLXapiImports *imports)
{
   if (GLX_VENDOR_ABI_GET_MAJOR_VERSION(version) !=
       GLX_VENDOR_ABI_MAJOR_VERSION)
      return False;
   glvnd_exports = exports;
   imports->isScreenSupported = glvnd_is_screen_supported;
   imports->getProcAddress = glvnd_get_proc_address;
   imports->getDispatchAddress = glvnd_get_dispatch_address;
   imports->setDispatchIndex = glvnd_set_dispatch_index;
   return True;
}
