/* SPDX-License-Identifier: MIT */

/*
 * Draw validation (st_validate.c): turns the GL state into pipe state
 * before a draw.  st_validate_draw() takes the drawables' new buffers,
 * validates the framebuffer (st_fb_validate_draw), the program
 * (st_program_validate: shaders, constants, textures) and transform
 * feedback (st_xfb_validate_draw), and binds the blend, depth/stencil/
 * alpha and rasterizer CSOs (cached by template), viewport, scissor,
 * blend colour, stencil reference, sample mask and clip planes that
 * changed (st_context::dirty).  The caller (st_draw.c) binds vertex
 * elements and buffers itself.
 */
#ifndef ST_VALIDATE_H
#define ST_VALIDATE_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;

void st_validate_init(struct st_context *ctx);
void st_validate_fini(struct st_context *ctx);

/** Returns false when the draw must not happen (after raising the error
 * the specification asks for, if any, naming @p func). */
bool st_validate_draw(struct st_context *ctx, GLenum mode, const char *func);

/*
 * Pipe state that another module binds itself (a clear drawn as a quad,
 * a blit, mipmap generation) is not known here: such a module sets the
 * ST_DIRTY_* bits of what it bound, and validation binds those again
 * even when the GL state did not change.
 */

/**
 * Binds the framebuffer only (clears, blits): takes the drawables' new buffers
 * and st_fb_validate_draw(); false (error raised) if incomplete.
 */
bool st_validate_framebuffer(struct st_context *ctx, const char *func);

/**
 * Binds a rasterizer state that discards every primitive (a module
 * running the vertex stage for its outputs only, st_vertex_capture.c);
 * the next draw binds the GL state's again.  False (out of memory
 * raised, naming @p func) if it cannot be made.
 */
bool st_validate_bind_discard_rasterizer(struct st_context *ctx,
                                         const char *func);

#endif
