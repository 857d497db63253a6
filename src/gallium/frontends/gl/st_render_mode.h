/* SPDX-License-Identifier: MIT */

/*
 * Feedback and selection (GL 2.1 sections 5.2 and 5.3, compatibility):
 * glRenderMode, glFeedbackBuffer, glPassThrough, glSelectBuffer and the
 * name stack (glInitNames, glPushName, glPopName, glLoadName), their
 * glGet answers (st_render_mode.c), and the primitives of draws made in
 * those modes (st_render_prims.c).
 *
 * In GL_FEEDBACK and GL_SELECT a draw rasterizes nothing: st_draw.c
 * hands it to st_render_mode_draw(), which runs the vertex stage through
 * st_vertex_capture.h, then assembles, clips (view volume and user clip
 * planes), culls and applies the polygon mode in the state tracker, and
 * writes feedback tokens or records selection hits.  glBitmap,
 * glDrawPixels and glCopyPixels report themselves with
 * st_feedback_pixel_token().
 */
#ifndef ST_RENDER_MODE_H
#define ST_RENDER_MODE_H

#include <stdbool.h>

#include "st_gl.h"

struct pipe_draw_info;
struct pipe_draw_start_count_bias;
struct st_context;
struct st_value;

/** GL_MAX_NAME_STACK_DEPTH (GL 2.1 table 6.52: at least 64). */
#define ST_MAX_NAME_STACK_DEPTH 64

void st_render_mode_init(struct st_context *ctx);
void st_render_mode_fini(struct st_context *ctx);

/** GL_RENDER, GL_FEEDBACK or GL_SELECT. */
GLenum st_render_mode(const struct st_context *ctx);

/**
 * A draw in GL_FEEDBACK or GL_SELECT mode, instead of pipe draw_vbo:
 * @p info and @p draw as the draw would have sent them (its mode the GL
 * primitive), after st_validate_draw() and st_draw_setup_vertices().
 */
void st_render_mode_draw(struct st_context *ctx,
                         const struct pipe_draw_info *info,
                         const struct pipe_draw_start_count_bias *draw,
                         const char *func);

/** A vertex as feedback returns it (GL 2.1 table 5.2). */
struct st_feedback_vertex {
   /** Window x, y, z and the clip w. */
   GLfloat win[4];
   GLfloat color[4];
   /** Texture coordinates of unit 0. */
   GLfloat texcoord[4];
};

/**
 * glBitmap, glDrawPixels and glCopyPixels in feedback or selection mode,
 * when the raster position is valid: writes @p token (GL_BITMAP_TOKEN,
 * GL_DRAW_PIXEL_TOKEN or GL_COPY_PIXEL_TOKEN) and @p raster_pos to the
 * feedback buffer, or records a selection hit at its depth.  Nothing in
 * GL_RENDER.
 */
void st_feedback_pixel_token(struct st_context *ctx, GLenum token,
                             const struct st_feedback_vertex *raster_pos);

/** glRasterPos / glWindowPos in selection mode, when the raster position
 * is valid: a hit at window depth @p z (GL 2.1, 5.2).  Nothing in the
 * other modes. */
void st_select_raster_pos(struct st_context *ctx, GLfloat z);

/** Whether the fixed-function vertex stage must write gl_TexCoord[0]
 * whatever the texturing: feedback that returns texture coordinates. */
bool st_render_mode_needs_texcoord(const struct st_context *ctx);

/** glGet of GL_RENDER_MODE, GL_FEEDBACK_BUFFER_SIZE / _TYPE,
 * GL_SELECTION_BUFFER_SIZE, GL_NAME_STACK_DEPTH and
 * GL_MAX_NAME_STACK_DEPTH (st_get.h). */
bool st_render_mode_get(struct st_context *ctx, GLenum pname, int index,
                        struct st_value *v);

/** glGetPointerv of GL_FEEDBACK_BUFFER_POINTER and
 * GL_SELECTION_BUFFER_POINTER; false for other pnames. */
bool st_render_mode_get_pointer(struct st_context *ctx, GLenum pname,
                                void **value);

#endif
