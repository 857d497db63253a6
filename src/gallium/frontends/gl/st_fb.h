/* SPDX-License-Identifier: MIT */

/*
 * Framebuffers (st_fb*.c, st_renderbuffer.c, st_clear.c, st_readpixels.c,
 * st_blit.c): framebuffer objects and their completeness rules,
 * renderbuffers, the default (window-system) framebuffer of the bound
 * drawables, glDrawBuffer[s] / glReadBuffer, glClear and glClearBuffer*
 * (masked clears are drawn), glReadPixels, glBlitFramebuffer,
 * glFramebufferTexture*, glGetFramebufferAttachmentParameteriv,
 * glCheckFramebufferStatus, glInvalidate[Sub]Framebuffer (ES 3.0).
 *
 * Coordinates: GL window y is the memory row of every image (see
 * st_texture.h), for framebuffer objects and window buffers alike.
 */
#ifndef ST_FB_H
#define ST_FB_H

#include <stdatomic.h>
#include <stdbool.h>

#include "pipe/p_format.h"
#include "st_gl.h"

struct pipe_framebuffer_state;
struct pipe_resource;
struct pipe_surface;
struct st_context;
struct st_texture_object;

/** A renderbuffer object (shared). */
struct st_renderbuffer {
   atomic_int refcount;
   GLuint name;
   bool deleted;
   GLenum internal_format;
   enum pipe_format format;
   GLsizei width, height, samples;
   struct pipe_resource *resource;
};

void st_fb_init(struct st_context *ctx);
void st_fb_fini(struct st_context *ctx);

struct st_renderbuffer *st_renderbuffer_lookup(struct st_context *ctx,
                                               GLuint name);
void st_renderbuffer_reference(struct st_renderbuffer **slot,
                               struct st_renderbuffer *rb);

/**
 * Before a draw: fills @p out with the draw framebuffer's surfaces (one
 * cbuf per draw buffer, NULL for GL_NONE) when it is complete and returns
 * true; otherwise raises GL_INVALID_FRAMEBUFFER_OPERATION naming @p func
 * and returns false.  The surfaces stay owned by the fb module.
 */
bool st_fb_validate_draw(struct st_context *ctx, const char *func,
                         struct pipe_framebuffer_state *out);

/** Whether draw buffer @p i is an integer format (blending and dithering
 * do not apply; fragment colour type must match). */
bool st_fb_draw_buffer_is_integer(struct st_context *ctx, unsigned i);

/** Whether the draw framebuffer is a window-system one (y grows upward
 * on screen: the rasterizer's bottom_edge_rule). */
bool st_fb_draw_is_window(struct st_context *ctx);

/** Whether the draw framebuffer has a depth / stencil buffer (for the
 * depth and stencil tests, which act as disabled without one). */
bool st_fb_draw_has_depth(struct st_context *ctx);
bool st_fb_draw_has_stencil(struct st_context *ctx);

/** The read framebuffer's read buffer as a resource, level and layer,
 * after checking completeness (GL_INVALID_FRAMEBUFFER_OPERATION naming
 * @p func) and that there is a read buffer (GL_INVALID_OPERATION);
 * @p which: GL_COLOR, GL_DEPTH or GL_STENCIL.  false on error. */
bool st_fb_read_source(struct st_context *ctx, GLenum which, const char *func,
                       struct pipe_resource **resource, unsigned *level,
                       unsigned *layer);

/** The drawables changed (st_make_current) or were resized: take the new
 * buffers on the next validation. */
void st_fb_drawables_changed(struct st_context *ctx);

/** Takes the drawables' buffers again if their stamp changed (calls
 * st_drawable::validate); st_validate_drawables() is this.  Also sets
 * ST_DIRTY_FRAMEBUFFER when an image attached to the draw framebuffer
 * object got new storage since the last st_fb_validate_draw(). */
void st_fb_update_drawables(struct st_context *ctx);

/** glDeleteTextures deleted @p tex: detach it from the bound draw and
 * read framebuffers (GL 4.6 core, 9.2.8).  Called by glDeleteTextures
 * (st_texture.c). */
void st_fb_texture_deleted(struct st_context *ctx,
                           struct st_texture_object *tex);

#endif
