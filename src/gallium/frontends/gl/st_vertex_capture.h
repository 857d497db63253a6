/* SPDX-License-Identifier: MIT */

/*
 * Vertex capture (st_vertex_capture.c): the vertex stage of the current
 * state run on the vertices of a draw for its outputs, nothing drawn.
 * Feedback and selection (st_render_mode*.c) clip and emit what it gives
 * in the state tracker; a raster position from a vertex shader can use
 * st_vertex_capture_current().
 *
 * The outputs are asked for by varying slot (bit i of a mask: enum
 * ir_varying_slot i, compiler/ir/ir_passes_io.h); a vertex holds four
 * floats per slot captured, in slot order.  A slot the vertex shader
 * does not write is not captured (st_vertex_capture_offset() is -1).
 */
#ifndef ST_VERTEX_CAPTURE_H
#define ST_VERTEX_CAPTURE_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct pipe_draw_info;
struct pipe_draw_start_count_bias;
struct st_context;

/** The captured outputs of a draw's vertices. */
struct st_vertex_capture {
   /** The slots captured: those asked for that the shader writes. */
   uint64_t slots;
   /** Floats per vertex: 4 per slot captured. */
   unsigned stride;
   unsigned num_vertices;
   /** num_vertices * stride floats (malloc'd), NULL when none. */
   float *data;
};

/** Where slot @p slot starts in a captured vertex (in floats), -1 when
 * it was not captured. */
static inline int
st_vertex_capture_offset(const struct st_vertex_capture *c, unsigned slot)
{
   if (slot >= 64 || !(c->slots & (1ull << slot)))
      return -1;
   uint64_t below = c->slots & ((1ull << slot) - 1);
   return 4 * __builtin_popcountll(below);
}

/**
 * Runs the vertex stage bound for a draw (after st_validate_draw() or
 * st_program_validate(), and st_draw_setup_vertices()) on the vertices
 * of @p info / @p draw (as for pipe draw_vbo; the mode is ignored) and
 * captures @p slots of each, rasterizing nothing.  The vertices come in
 * draw order: each index position (restart indices left out) or vertex
 * number, instance after instance.  Transform feedback captures nothing
 * meanwhile.  False (out of memory raised, naming @p func) on failure;
 * call st_vertex_capture_fini() in every case.
 */
bool st_vertex_capture_draw(struct st_context *ctx,
                            const struct pipe_draw_info *info,
                            const struct pipe_draw_start_count_bias *draw,
                            uint64_t slots, struct st_vertex_capture *out,
                            const char *func);

/**
 * The vertex stage of the current state (program or fixed function) on
 * one vertex made of the current attribute values with position @p pos
 * (what glRasterPos transforms).  False when there is no vertex stage
 * to run or on failure (out of memory raised, naming @p func).
 */
bool st_vertex_capture_current(struct st_context *ctx, const GLfloat pos[4],
                               uint64_t slots, struct st_vertex_capture *out,
                               const char *func);

/** Frees what a capture holds. */
void st_vertex_capture_fini(struct st_vertex_capture *c);

#endif
