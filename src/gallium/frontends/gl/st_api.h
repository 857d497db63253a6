/* SPDX-License-Identifier: MIT */

/*
 * The state tracker as the window-system frontends (EGL, GLX) see it:
 * screens, contexts, drawables, make-current, flush and entry-point
 * lookup.  Nothing here names a GL object; the GL API itself reaches the
 * state tracker through the generated entry points (glapi/).
 *
 * Threads: a context is current in at most one thread; st_make_current()
 * sets this thread's current context (thread-local).  Contexts of one
 * share group may be used from several threads at once.
 */
#ifndef ST_API_H
#define ST_API_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_format.h"

struct pipe_fence_handle;
struct pipe_resource;
struct pipe_screen;
struct st_context;

/** One per pipe screen; owns the pipe screen. */
struct st_screen;

/** Takes ownership of @p pscreen; NULL when out of memory. */
struct st_screen *st_screen_create(struct pipe_screen *pscreen);
/** Destroys the screen; every context of it must be destroyed before. */
void st_screen_destroy(struct st_screen *screen);
struct pipe_screen *st_screen_pipe(struct st_screen *screen);

enum st_api_type {
   ST_API_OPENGL,
   ST_API_OPENGL_ES,
};

enum st_profile {
   ST_PROFILE_COMPAT,
   ST_PROFILE_CORE,
};

struct st_context_attribs {
   enum st_api_type api;
   /** Requested version (0.0: the default, the highest of the profile for
    * desktop GL compatibility; ES: major 2 or 3, 1 is not supported). */
   unsigned major, minor;
   /** Desktop GL 3.2 and later only; ignored for earlier versions. */
   enum st_profile profile;
   bool forward_compatible;
   bool debug;
   bool robust_access;
   bool no_error;
};

enum st_context_error {
   ST_CONTEXT_SUCCESS,
   ST_CONTEXT_ERROR_NO_MEMORY,
   /** A version or profile this implementation does not provide. */
   ST_CONTEXT_ERROR_BAD_VERSION,
   ST_CONTEXT_ERROR_BAD_FLAG,
   /** The share context is of another API or screen. */
   ST_CONTEXT_ERROR_BAD_SHARE,
};

/**
 * Creates a context: the highest version of the profile that is at least
 * the requested one (desktop GL: 3.3 core for 3.1 and later core requests
 * and forward-compatible 3.x; the compatibility version, ST_COMPAT_VERSION,
 * otherwise; ES: 2.0 or 3.0 as asked).  @p share (or NULL) gives the
 * share group.  NULL on failure with *@p error set.
 */
struct st_context *st_context_create(struct st_screen *screen,
                                     const struct st_context_attribs *attribs,
                                     struct st_context *share,
                                     enum st_context_error *error);
/** Destroys @p ctx; if it is current in this thread, releases it first. */
void st_context_destroy(struct st_context *ctx);

/** The versions st_context_create() gives (x10: 33 is 3.3). */
#define ST_CORE_VERSION   33
#define ST_COMPAT_VERSION 30
#define ST_ES_MAX_VERSION 30

/** The buffers of a drawable. */
enum st_attachment {
   ST_ATTACHMENT_FRONT_LEFT,
   ST_ATTACHMENT_BACK_LEFT,
   ST_ATTACHMENT_DEPTH_STENCIL,
   ST_ATTACHMENT_COUNT,
};

/**
 * A window-system framebuffer (window, pbuffer, pixmap) that the frontend
 * owns.  The state tracker calls validate() before it renders to or reads
 * from it; validate() makes sure the buffers exist at the current size
 * and fills @p out with borrowed pointers (ST_ATTACHMENT_COUNT entries,
 * NULL for the ones the visual lacks).  The state tracker takes its own
 * references.
 */
struct st_drawable {
   /** The visual: formats of the colour and depth/stencil buffers
    * (PIPE_FORMAT_NONE: none), double buffering, samples (0: one). */
   enum pipe_format color_format;
   enum pipe_format depth_stencil_format;
   bool double_buffered;
   unsigned samples;
   /** Incremented by the frontend when the buffers change (resize, swap
    * of front and back); the state tracker validates again when it
    * differs from what it saw. */
   uint32_t stamp;
   bool (*validate)(struct st_drawable *drawable, unsigned *width,
                    unsigned *height,
                    struct pipe_resource *out[ST_ATTACHMENT_COUNT]);
   /** Single-buffered rendering reached the front buffer (glFlush); may
    * be NULL. */
   void (*flush_front)(struct st_drawable *drawable);
   void *priv;
};

/**
 * Makes @p ctx current in this thread with @p draw and @p read (both NULL:
 * no default framebuffer, surfaceless; GL_FRAMEBUFFER_UNDEFINED until an
 * FBO is bound).  @p ctx NULL releases the current context.  The first
 * make-current with a drawable sets the viewport and scissor to its size.
 * Returns false if a drawable cannot be validated.
 */
bool st_make_current(struct st_context *ctx, struct st_drawable *draw,
                     struct st_drawable *read);
/** This thread's current context or NULL. */
struct st_context *st_get_current(void);

/** Flushes queued vertices and rendering; with ST_FLUSH_FINISH waits for
 * it; *@p fence (if not NULL) gets a fence. */
#define ST_FLUSH_FINISH (1u << 0)
/** The back buffer is about to be presented (eglSwapBuffers). */
#define ST_FLUSH_END_OF_FRAME (1u << 1)
void st_context_flush(struct st_context *ctx, unsigned flags,
                      struct pipe_fence_handle **fence);

/** The pipe context of @p ctx: the window-system frontends map the
 * buffers they present through it, in the thread where @p ctx is current,
 * after st_context_flush(). */
struct pipe_context *st_context_pipe(struct st_context *ctx);

/** The drawable of @p ctx a swap presents: rendering queued for it is
 * flushed; the frontend then swaps and bumps the stamp. */
void st_drawable_invalidate(struct st_context *ctx,
                            struct st_drawable *drawable);

typedef void (*st_proc)(void);
/** The entry point "glFoo" of any API the state tracker knows (whether or
 * not the current context has it), NULL for unknown names. */
st_proc st_get_proc_address(const char *name);

#endif
