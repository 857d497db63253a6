/* SPDX-License-Identifier: MIT */

/*
 * The GLX frontend's objects: displays (one per Xlib Display), their
 * per-screen configs, contexts and drawables, and the per-thread current
 * state.
 *
 * Handles: GLXContext and GLXFBConfig are pointers to struct glx_context
 * and struct glx_config (glvnd requires pointers the vendor owns); every
 * one from the application is looked up before use.  GLXWindow, GLXPixmap
 * and GLXPbuffer are XIDs taken from the client's XID range (no server
 * resource stands behind them: the server never sees GLX requests from
 * Indium); a plain X window given to glXMakeCurrent gets an implicit
 * drawable whose handle is the window's XID.
 *
 * Locking: one process-wide mutex (glx_lock()) guards the display list,
 * every display's objects and the "current in which thread" marks; it is
 * dropped around state tracker calls that take long, as in the EGL
 * frontend.  Objects destroyed while current are freed when released.
 *
 * Errors: GLX reports errors as X errors on the display
 * (glx_error_send(): the GLX extension's major opcode and error base come
 * from XQueryExtension), so that an application's X error handler sees
 * them as it would with a server-side GLX.
 */
#ifndef GLX_PRIV_H
#define GLX_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include <GL/glx.h>
#include <GL/glxext.h>
#include <X11/Xproto.h>
/* After Xproto.h: GLX's error codes and request numbers. */
#include <GL/glxproto.h>
#include <xcb/xcb.h>

#include "pipe/p_format.h"
#include "st_api.h"
#include "util/u_list.h"
#include "ws_xcb.h"

struct pipe_context;

/** An fbconfig; the visual one of the screen's TrueColor visuals of its
 * depth (glx_config.c). */
struct glx_config {
   int id;
   int screen;
   /** 0 when the screen has fewer visuals than configs: pbuffers only. */
   struct ws_xcb_visual visual;
   enum pipe_format color_format;
   enum pipe_format depth_stencil_format;
   int red, green, blue, alpha;
   int depth, stencil;
   bool double_buffered;
   int drawable_type;
};

/** At most this many configs per screen: 2 depths x 2 bufferings x 3
 * depth/stencil choices. */
#define GLX_MAX_CONFIGS 12

struct glx_screen {
   struct glx_config configs[GLX_MAX_CONFIGS];
   unsigned num_configs;
};

struct glx_display {
   struct u_list link;
   Display *dpy;
   xcb_connection_t *conn;
   /** The GLX extension as the server knows it (0: absent); errors are
    * reported with these. */
   int major_opcode, error_base;
   int num_screens;
   struct glx_screen *screens;
   /** struct glx_drawable::link */
   struct u_list drawables;
   /** Maps buffers for swaps of drawables not current in the calling
    * thread (made on first use; guarded by glx_lock()). */
   struct pipe_context *pipe;
};

struct glx_thread;

struct glx_context {
   struct u_list link;
   struct glx_display *display;
   const struct glx_config *config;
   struct st_context *st;
   int render_type;
   /** The thread it is current in, or NULL. */
   struct glx_thread *current;
   /** glXDestroyContext ran while current: freed when released. */
   bool destroyed;
};

enum glx_drawable_kind {
   GLX_KIND_WINDOW,
   GLX_KIND_PIXMAP,
   GLX_KIND_PBUFFER,
};

struct glx_drawable {
   struct u_list link;
   struct glx_display *display;
   /** The GLX handle (for implicit windows, the window). */
   GLXDrawable xid;
   /** The X window or pixmap; 0 for pbuffers. */
   xcb_drawable_t native;
   enum glx_drawable_kind kind;
   /** Made by glXMakeCurrent for a plain window. */
   bool implicit;
   const struct glx_config *config;
   /** What the state tracker renders to; priv points back here. */
   struct st_drawable base;
   /** Windows and pixmaps. */
   struct ws_xcb_drawable *ws;
   uint32_t serial;
   /** Pbuffers: the buffers (the back one only for double-buffered
    * configs; a swap exchanges them). */
   struct pipe_resource *front, *back, *depth_stencil;
   unsigned width, height;
   bool preserved_contents, largest_pbuffer;
   int swap_interval;
   unsigned long event_mask;
   /** Contexts that draw to or read from it. */
   unsigned current_count;
   bool destroyed;
};

/** Per-thread state (glx_context.c). */
struct glx_thread {
   struct glx_context *context;
   struct glx_drawable *draw, *read;
};

/* glx_display.c */
void glx_lock(void);
void glx_unlock(void);
/** The display state of @p dpy, made on first use (NULL when out of
 * memory).  Called without the lock. */
struct glx_display *glx_display_get(Display *dpy);
/** @p screen's configs, or NULL for a bad screen number. */
struct glx_screen *glx_display_screen(struct glx_display *display, int screen);
/** The process's state tracker screen (made on first use; NULL if no
 * driver loads). */
struct st_screen *glx_st_screen(void);
/**
 * Reports GLX error @p error (a GLX error code, or with @p core an X11
 * one) for request @p minor_opcode and resource @p resource, through
 * Xlib's error handling.
 */
void glx_error_send(Display *dpy, unsigned error, bool core,
                    unsigned minor_opcode, XID resource);

/* glx_config.c */
/** Fills every screen's configs from its visuals. */
void glx_config_init(struct glx_display *display);
/** The config @p handle of @p display, or NULL. */
const struct glx_config *glx_config_lookup(struct glx_display *display,
                                           GLXFBConfig handle);
/** The config of @p visual (as glXChooseVisual gave it), or NULL. */
const struct glx_config *glx_config_from_visual(struct glx_display *display,
                                                const XVisualInfo *visual);

/* glx_context.c */
struct glx_thread *glx_thread_get(void);
/** The context @p handle if it is one of ours, or NULL (lock held). */
struct glx_context *glx_context_lookup(GLXContext handle);

/* glx_drawable.c */
/** The drawable with handle @p xid, or NULL (lock held). */
struct glx_drawable *glx_drawable_lookup(struct glx_display *display,
                                         GLXDrawable xid);
/** A drawable for plain window @p win with @p config (glXMakeCurrent),
 * added to the display; NULL with *@p error set to a GLX error. */
struct glx_drawable *glx_drawable_implicit(struct glx_display *display,
                                           const struct glx_config *config,
                                           Window win, unsigned *error);
/** Frees a drawable that is not current anywhere (lock held). */
void glx_drawable_free(struct glx_drawable *draw);
/** Asks a window's size and renews the stamp if the buffers changed. */
void glx_drawable_update(struct glx_drawable *draw);
/** Whether contexts of @p ctx_config can render to @p draw. */
bool glx_drawable_compatible(const struct glx_drawable *draw,
                             const struct glx_config *ctx_config);

/* The GLX functions (glx_glvnd.c hands them to libGLX). */
XVisualInfo *glx_ChooseVisual(Display *dpy, int screen, int *attrib_list);
GLXFBConfig *glx_ChooseFBConfig(Display *dpy, int screen,
                                const int *attrib_list, int *nelements);
GLXFBConfig *glx_GetFBConfigs(Display *dpy, int screen, int *nelements);
int glx_GetFBConfigAttrib(Display *dpy, GLXFBConfig config, int attribute,
                          int *value);
XVisualInfo *glx_GetVisualFromFBConfig(Display *dpy, GLXFBConfig config);
int glx_GetConfig(Display *dpy, XVisualInfo *vis, int attrib, int *value);

GLXContext glx_CreateContext(Display *dpy, XVisualInfo *vis,
                             GLXContext share_list, Bool direct);
GLXContext glx_CreateNewContext(Display *dpy, GLXFBConfig config,
                                int render_type, GLXContext share_list,
                                Bool direct);
GLXContext glx_CreateContextAttribsARB(Display *dpy, GLXFBConfig config,
                                       GLXContext share_context, Bool direct,
                                       const int *attrib_list);
void glx_DestroyContext(Display *dpy, GLXContext ctx);
Bool glx_MakeCurrent(Display *dpy, GLXDrawable drawable, GLXContext ctx);
Bool glx_MakeContextCurrent(Display *dpy, GLXDrawable draw, GLXDrawable read,
                            GLXContext ctx);
Bool glx_IsDirect(Display *dpy, GLXContext ctx);
int glx_QueryContext(Display *dpy, GLXContext ctx, int attribute, int *value);
void glx_CopyContext(Display *dpy, GLXContext src, GLXContext dst,
                     unsigned long mask);

GLXWindow glx_CreateWindow(Display *dpy, GLXFBConfig config, Window win,
                           const int *attrib_list);
void glx_DestroyWindow(Display *dpy, GLXWindow win);
GLXPixmap glx_CreatePixmap(Display *dpy, GLXFBConfig config, Pixmap pixmap,
                           const int *attrib_list);
void glx_DestroyPixmap(Display *dpy, GLXPixmap pixmap);
GLXPixmap glx_CreateGLXPixmap(Display *dpy, XVisualInfo *vis, Pixmap pixmap);
void glx_DestroyGLXPixmap(Display *dpy, GLXPixmap pixmap);
GLXPbuffer glx_CreatePbuffer(Display *dpy, GLXFBConfig config,
                             const int *attrib_list);
void glx_DestroyPbuffer(Display *dpy, GLXPbuffer pbuf);
void glx_QueryDrawable(Display *dpy, GLXDrawable draw, int attribute,
                       unsigned int *value);
void glx_SelectEvent(Display *dpy, GLXDrawable draw, unsigned long mask);
void glx_GetSelectedEvent(Display *dpy, GLXDrawable draw, unsigned long *mask);
void glx_SwapBuffers(Display *dpy, GLXDrawable drawable);
void glx_SwapIntervalEXT(Display *dpy, GLXDrawable drawable, int interval);
int glx_SwapIntervalMESA(unsigned int interval);
int glx_GetSwapIntervalMESA(void);
int glx_SwapIntervalSGI(int interval);

const char *glx_QueryExtensionsString(Display *dpy, int screen);
const char *glx_QueryServerString(Display *dpy, int screen, int name);
const char *glx_GetClientString(Display *dpy, int name);
void glx_WaitGL(void);
void glx_WaitX(void);
void glx_UseXFont(Font font, int first, int count, int list_base);

#endif
