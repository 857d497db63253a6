/* SPDX-License-Identifier: MIT */

/*
 * Strings and the synchronisation functions: glXQueryExtensionsString,
 * glXQueryServerString, glXGetClientString, glXWaitGL, glXWaitX and
 * glXUseXFont.  (glXQueryExtension and glXQueryVersion are libGLX's: they
 * ask the server, and the GLX version Indium implements is the 1.4 of
 * the strings here.)
 *
 * Nothing reaches the server, so the "server" strings are Indium's too.
 */
#include <X11/Xlib.h>

#include "glx_priv.h"
#include "util/u_log.h"

static const char extensions[] = "GLX_ARB_create_context "
                                 "GLX_ARB_create_context_no_error "
                                 "GLX_ARB_create_context_profile "
                                 "GLX_ARB_get_proc_address "
                                 "GLX_EXT_create_context_es2_profile "
                                 "GLX_EXT_create_context_es_profile "
                                 "GLX_EXT_swap_control "
                                 "GLX_EXT_visual_info "
                                 "GLX_MESA_swap_control "
                                 "GLX_SGI_swap_control";

/** The GLX_VENDOR, GLX_VERSION and GLX_EXTENSIONS strings, or NULL. */
static const char *
glx_string(int name)
{
   switch (name) {
   case GLX_VENDOR:
      return "Indium";
   case GLX_VERSION:
      return "1.4";
   case GLX_EXTENSIONS:
      return extensions;
   default:
      return NULL;
   }
}

const char *
glx_QueryExtensionsString(Display *dpy, int screen)
{
   return glx_display_screen(glx_display_get(dpy), screen) ? extensions : NULL;
}

const char *
glx_QueryServerString(Display *dpy, int screen, int name)
{
   if (!glx_display_screen(glx_display_get(dpy), screen))
      return NULL;
   return glx_string(name);
}

const char *
glx_GetClientString(Display *dpy, int name)
{
   return glx_string(name);
}

void
glx_WaitGL(void)
{
   /* GLX 1.4, 3.3.9: GL rendering is done before X rendering that
    * follows; glFinish also puts single-buffered rendering into the
    * drawable. */
   if (!glx_thread_get()->context)
      return;
   void (*finish)(void) = (void (*)(void))st_get_proc_address("glFinish");
   if (finish)
      finish();
}

void
glx_WaitX(void)
{
   /* GLX 1.4, 3.3.9: X rendering is done before GL rendering that
    * follows: a round trip. */
   struct glx_context *ctx = glx_thread_get()->context;
   if (ctx && ctx->display)
      XSync(ctx->display->dpy, False);
}

void
glx_UseXFont(Font font, int first, int count, int list_base)
{
   /* TODO(#8): bitmaps of the font's glyphs in display lists (needs
    * glBitmap and display lists, issue 7). */
   if (glx_thread_get()->context)
      u_log_warn("glx",
                 "glXUseXFont: not implemented, the %d display lists from "
                 "%d stay empty",
                 count, list_base);
}
