/* SPDX-License-Identifier: MIT */

/*
 * The EGL frontend's objects: the display, its configs, contexts and
 * pbuffer surfaces, and the per-thread state (last error, bound API,
 * current context).
 *
 * Locking: one process-wide mutex (egl_lock()) guards every display, its
 * object lists and the "current in which thread" marks.  Entry points
 * hold it while they look objects up and change lists or marks, and drop
 * it around state tracker and pipe calls that may take long (making
 * current, creating buffers, waiting for fences); the mutex is not
 * recursive, so nothing that holds it calls an entry point.
 *
 * Handles: EGLDisplay, EGLContext, EGLSurface and EGLSync are pointers to
 * these structs, EGLConfig a pointer into the display's config array.  Every
 * handle from the application is looked up in its display's lists before
 * use, so stale or invented handles give an EGL error, not a crash.
 */
#ifndef EGL_PRIV_H
#define EGL_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "pipe/p_format.h"
#include "st_api.h"
#include "util/u_list.h"

/** The configs of a display: every colour and depth/stencil combination
 * the pipe screen can render to (egl_config.c), and on a window system
 * the same for each of its visuals. */
#define EGL_MAX_CONFIGS 16

struct egl_config {
   EGLint id;
   enum pipe_format color_format;
   enum pipe_format depth_stencil_format;
   EGLint red, green, blue, alpha;
   EGLint depth, stencil;
   EGLint renderable_type;
   EGLint surface_type;
   /** The window system's visual (EGL_NATIVE_VISUAL_ID / _TYPE), 0 and
    * EGL_NONE without one; its depth in bits. */
   EGLint native_visual_id;
   EGLint native_visual_type;
   unsigned native_depth;
};

struct egl_display;
struct egl_surface;

/**
 * What a window-system platform adds to a display (egl_x11.c,
 * egl_wayland.c): its
 * connection, configs with native visuals, and window and pixmap
 * surfaces.  The surfaceless platform has none.  Functions that return
 * EGLint return an EGL error or EGL_SUCCESS.
 */
struct egl_platform {
   /** Connects (once) and appends the window configs to dpy->configs. */
   EGLint (*initialize)(struct egl_display *dpy);
   /** Makes surf->drawable a window (@p native: the window handle as an
    * integer) or pixmap surface; surf->config, the attributes and the
    * drawable's formats and buffering are set. */
   EGLint (*create_window)(struct egl_surface *surf, uintptr_t native);
   EGLint (*create_pixmap)(struct egl_surface *surf, uintptr_t native);
   void (*destroy_surface)(struct egl_surface *surf);
   /** Presents the back buffer of a window; rendering is flushed. */
   EGLint (*swap_buffers)(struct egl_surface *surf, struct st_context *st);
   /** eglCopyBuffers: the colour buffer into native pixmap @p native. */
   EGLint (*copy_buffers)(struct egl_surface *surf, struct st_context *st,
                          uintptr_t native);
   /** eglWaitNative: native rendering is done. */
   void (*wait_native)(struct egl_display *dpy);
};

struct egl_display {
   /** The platform it was created for (EGL_PLATFORM_SURFACELESS_MESA,
    * EGL_PLATFORM_X11_KHR, EGL_PLATFORM_XCB_EXT,
    * EGL_PLATFORM_WAYLAND_KHR). */
   EGLenum platform;
   /** NULL for the surfaceless platform. */
   const struct egl_platform *ops;
   /** What eglGetPlatformDisplay was given: the native display (NULL:
    * the default one, opened by eglInitialize) and screen (-1: the
    * default). */
   void *native;
   int native_screen;
   /** The platform's state (its connection). */
   void *platform_data;
   /** Every display but the surfaceless one: egl_display.c's list. */
   struct u_list link;
   bool initialized;
   struct st_screen *screen;
   struct egl_config configs[EGL_MAX_CONFIGS];
   unsigned num_configs;
   /** struct egl_context::link, egl_surface::link, egl_sync::link */
   struct u_list contexts;
   struct u_list surfaces;
   struct u_list syncs;
};

struct egl_thread;

struct egl_context {
   struct u_list link;
   struct egl_display *display;
   /** NULL for EGL_NO_CONFIG_KHR. */
   const struct egl_config *config;
   struct st_context *st;
   EGLenum api;
   /** The client version the context was created for (EGL_CONTEXT_*). */
   EGLint client_version;
   /** The thread it is current in, or NULL. */
   struct egl_thread *current;
   /** eglDestroyContext or eglTerminate ran while it was current: free it
    * when it stops being current. */
   bool destroyed;
};

struct egl_surface {
   struct u_list link;
   struct egl_display *display;
   const struct egl_config *config;
   /** EGL_WINDOW_BIT, EGL_PIXMAP_BIT or EGL_PBUFFER_BIT. */
   EGLint type;
   /** EGL_BACK_BUFFER or EGL_SINGLE_BUFFER. */
   EGLint render_buffer;
   /** The native window or pixmap (0 for pbuffers). */
   uintptr_t native;
   /** The platform's state of a window or pixmap surface. */
   void *platform_data;
   /** What the state tracker renders to; priv points back here. */
   struct st_drawable drawable;
   unsigned width, height;
   /** The buffers, created by the first validate(). */
   struct pipe_resource *color, *depth_stencil;
   EGLint swap_interval;
   EGLint swap_behavior;
   EGLint multisample_resolve;
   EGLenum gl_colorspace;
   EGLint largest_pbuffer;
   EGLenum texture_format, texture_target;
   EGLint mipmap_texture, mipmap_level;
   EGLint vg_alpha_format, vg_colorspace;
   /** The thread whose current context draws to or reads from it, or
    * NULL (EGL 1.5, 3.7.3: one thread at a time). */
   struct egl_thread *current;
   bool destroyed;
};

/** An EGL_SYNC_FENCE sync object (egl_sync.c). */
struct egl_sync {
   struct u_list link;
   struct egl_display *display;
   /** The fence of the flush at creation; may be NULL (nothing to wait
    * for). */
   struct pipe_fence_handle *fence;
};

/** Per-thread state (egl_thread.c). */
struct egl_thread {
   EGLint error;
   EGLenum api;
   struct egl_context *context;
   struct egl_surface *draw, *read;
};

/* egl_thread.c */
void egl_lock(void);
void egl_unlock(void);
/** This thread's state; never NULL (it is thread-local storage). */
struct egl_thread *egl_thread_get(void);
/** Records @p error as this thread's last error (eglGetError); returns
 * EGL_FALSE so that entry points can end with `return egl_error(...)`. */
EGLBoolean egl_error(EGLint error);
/** The client API bound with eglBindAPI in this thread. */
EGLenum egl_current_api(void);
/** Makes this thread release its context when it ends. */
void egl_thread_watch_exit(void);

/* egl_display.c */
/** The display for @p handle if it is one of ours (initialized or not),
 * else NULL with EGL_BAD_DISPLAY recorded. */
struct egl_display *egl_display_lookup(EGLDisplay handle);
/** As egl_display_lookup(), also requiring eglInitialize
 * (EGL_NOT_INITIALIZED otherwise). */
struct egl_display *egl_display_lookup_initialized(EGLDisplay handle);
EGLDisplay egl_display_get(EGLenum platform, void *native,
                           const EGLAttrib *attribs);

/** The platform client extensions (libEGL's vendor string). */
const char *egl_display_platform_extensions(void);

/* egl_config.c */
/** Fills dpy->configs from what the pipe screen renders to. */
void egl_config_init(struct egl_display *dpy);
/** Appends configs of @p color (with @p red... bits) for a native visual,
 * one per depth/stencil choice the screen renders to. */
void egl_config_add_native(struct egl_display *dpy, enum pipe_format color,
                           EGLint red, EGLint green, EGLint blue, EGLint alpha,
                           EGLint visual_id, EGLint visual_type, unsigned depth,
                           EGLint surface_type);
/** The config for @p handle, or NULL (no error recorded). */
const struct egl_config *egl_config_lookup(struct egl_display *dpy,
                                           EGLConfig handle);

/* egl_context.c */
struct egl_context *egl_context_lookup(struct egl_display *dpy,
                                       EGLContext handle);
/** Frees a context that is not current anywhere. */
void egl_context_free(struct egl_context *ctx);
/** Releases the context of @p thread (this thread's state), as
 * eglReleaseThread does. */
void egl_context_release_thread(struct egl_thread *thread);

/* egl_surface.c */
struct egl_surface *egl_surface_lookup(struct egl_display *dpy,
                                       EGLSurface handle);
/** Frees a surface that is not current anywhere. */
void egl_surface_free(struct egl_surface *surf);
/** Whether contexts of @p ctx_config can render to @p surf (EGL 1.5,
 * 3.7.3: the same colour and ancillary buffers). */
bool egl_surface_compatible(const struct egl_surface *surf,
                            const struct egl_config *ctx_config);

/** A new surface of @p config and @p type with the default attributes,
 * not yet in the display's list; NULL when out of memory. */
struct egl_surface *egl_surface_alloc(struct egl_display *dpy,
                                      const struct egl_config *config,
                                      EGLint type);
/** A new, unique drawable stamp (the buffers changed). */
uint32_t egl_surface_new_stamp(void);

/* egl_x11.c */
extern const struct egl_platform egl_platform_x11;

/* egl_wayland.c */
extern const struct egl_platform egl_platform_wayland;

/* egl_sync.c */
struct egl_sync *egl_sync_lookup(struct egl_display *dpy, EGLSync handle);
void egl_sync_free(struct egl_sync *sync);

#endif
