/* SPDX-License-Identifier: MIT */

/*
 * Internals of the framebuffer module (st_fb*.c, st_renderbuffer.c,
 * st_clear*.c, st_readpixels.c, st_blit.c): framebuffer objects, their
 * attachments and the default framebuffer of the bound drawables.
 *
 * Framebuffer objects are per context (GL 4.6 core, 5.1.2: framebuffer
 * objects are container objects, not shared); renderbuffers and textures
 * they attach are shared and referenced by the attachment.  Name 0 is
 * st_fb_state::window, whose images come from the drawables: draw_win for
 * drawing (ctx->draw_drawable) and read_win for reading
 * (ctx->read_drawable).
 *
 * Completeness is computed when asked (st_fb_status): it depends on
 * texture images that the texture module changes without telling us, and
 * it costs a walk over ten attachments.
 */
#ifndef ST_FB_PRIV_H
#define ST_FB_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_state.h"
#include "st_api.h"
#include "st_fb.h"
#include "st_state.h"

struct st_names;
struct st_texture_object;

/** Attachment points: colour 0..7, then depth and stencil. */
#define ST_FB_DEPTH           ST_MAX_DRAW_BUFFERS
#define ST_FB_STENCIL         (ST_MAX_DRAW_BUFFERS + 1)
#define ST_FB_NUM_ATTACHMENTS (ST_MAX_DRAW_BUFFERS + 2)

struct st_fb_attachment {
   /** GL_NONE, GL_RENDERBUFFER or GL_TEXTURE. */
   GLenum type;
   struct st_renderbuffer *rb;
   struct st_texture_object *tex;
   unsigned level;
   /** Cube map face (0..5) of a cube texture. */
   unsigned face;
   /** Layer of an array texture or slice of a 3D texture. */
   unsigned layer;
   /** glFramebufferTexture of a 3D, array or cube texture: every layer. */
   bool layered;
   /** Cached view for rendering (st_fb_surface.c). */
   struct pipe_surface *surface;
};

struct st_framebuffer {
   /** 0 for the default framebuffer. */
   GLuint name;
   struct st_fb_attachment att[ST_FB_NUM_ATTACHMENTS];
   /** glDrawBuffers: GL_NONE, GL_COLOR_ATTACHMENTi or a window buffer. */
   GLenum draw_buffers[ST_MAX_DRAW_BUFFERS];
   GLenum read_buffer;
};

/** The buffers of one drawable as last validated. */
struct st_fb_window {
   struct st_drawable *drawable;
   uint32_t stamp;
   bool valid;
   unsigned width, height;
   struct pipe_resource *res[ST_ATTACHMENT_COUNT];
   struct pipe_surface *surf[ST_ATTACHMENT_COUNT];
};

struct st_fb_state {
   /** Framebuffer object names of this context. */
   struct st_names *names;
   struct st_framebuffer window;
   struct st_framebuffer *draw, *read;
   /** GL_RENDERBUFFER binding. */
   struct st_renderbuffer *renderbuffer;
   struct st_fb_window draw_win, read_win;
   /** The window's draw/read buffers were set from the first drawable. */
   bool window_buffers_initialized;
   /** What st_fb_validate_draw last gave (owned references). */
   struct pipe_framebuffer_state state;
   /** The shaders and state objects of drawn clears (st_clear_draw.c). */
   struct st_clear_draw_state *clear;
};

/* ---- st_fb.c ---- */

/** The framebuffer bound to @p target (GL_FRAMEBUFFER and
 * GL_DRAW_FRAMEBUFFER: draw), NULL for an invalid target (no error). */
struct st_framebuffer *st_fb_bound(struct st_context *ctx, GLenum target);

/** Drops everything @p att holds and empties it. */
void st_fb_attachment_reset(struct st_context *ctx,
                            struct st_fb_attachment *att);

/* ---- st_fb_complete.c ---- */

/** GL_FRAMEBUFFER_COMPLETE or the reason @p fb is not complete; @p read:
 * the default framebuffer is the read drawable's. */
GLenum st_fb_status(struct st_context *ctx, struct st_framebuffer *fb,
                    bool read);

/** The internal format, size and samples of the image @p att names, false
 * if it has none.  @p depth: layers of a layered attachment, else 1. */
bool st_fb_attachment_image(const struct st_fb_attachment *att,
                            GLenum *internal_format, enum pipe_format *format,
                            unsigned *width, unsigned *height, unsigned *depth,
                            unsigned *samples);

/* ---- st_fb_surface.c ---- */

/** Drops cached surfaces and window buffers. */
void st_fb_release_surfaces(struct st_context *ctx);

/** The format @p format is rendered and read as: sRGB formats encode and
 * decode only with GL_FRAMEBUFFER_SRGB on (GL 4.6 17.3.7; ES always). */
enum pipe_format st_fb_render_format(struct st_context *ctx,
                                     enum pipe_format format);

/** The read framebuffer's read buffer (@p which GL_COLOR), depth or
 * stencil buffer like st_fb_read_source() but without completeness
 * check or error; false when there is none. */
bool st_fb_read_image(struct st_context *ctx, GLenum which,
                      struct pipe_resource **resource, unsigned *level,
                      unsigned *layer);

/** A single-sampled copy of level 0 / @p layer of multisampled @p res
 * (st_readpixels.c); NULL when out of memory. */
struct pipe_resource *st_fb_resolve_copy(struct st_context *ctx,
                                         struct pipe_resource *res,
                                         unsigned layer);

/** The size of the framebuffer's render area (the intersection of the
 * attachments' sizes) and its samples; false without any image. */
bool st_fb_size(struct st_context *ctx, struct st_framebuffer *fb, bool read,
                unsigned *width, unsigned *height, unsigned *samples);

/* ---- st_clear_draw.c ---- */

/** How a clear value is read: glClear and glClearBufferfv give floats,
 * glClearBufferiv / uiv integers. */
enum st_clear_kind {
   ST_CLEAR_FLOAT,
   ST_CLEAR_SINT,
   ST_CLEAR_UINT,
};

/**
 * Clears by drawing a rectangle over the bound framebuffer (inside
 * @p scissor if not NULL): colour draw buffer @p color_buffer (-1: none)
 * with the channels of @p color_mask (PIPE_MASK_*), or, with
 * @p stencil_mask not 0, the stencil bits of @p stencil_mask to
 * @p stencil_value.  Binds its own pipe state and sets the dirty bits of
 * everything it bound.
 */
void st_clear_draw(struct st_context *ctx,
                   const struct pipe_scissor_state *scissor, int color_buffer,
                   unsigned color_mask, const union pipe_color_union *color,
                   enum st_clear_kind kind, unsigned stencil_mask,
                   unsigned stencil_value);
/** Frees the clear program and state objects. */
void st_clear_draw_fini(struct st_context *ctx);

/* ---- st_renderbuffer.c ---- */

/** Bits of component @p c (0..3: R, G, B, A; 4: depth; 5: stencil) of
 * @p format, 0 if it has none. */
unsigned st_fb_format_bits(enum pipe_format format, unsigned c);

/* ---- st_fb_formats.c ---- */

/** Whether @p internal_format is colour-, depth- or stencil-renderable
 * in this context (GL 3.3 4.4.4, ES 3.0 table 3.13). */
bool st_fb_color_renderable(struct st_context *ctx, GLenum internal_format);
bool st_fb_depth_renderable(GLenum internal_format);
bool st_fb_stencil_renderable(GLenum internal_format);

#endif
