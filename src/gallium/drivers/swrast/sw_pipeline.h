/* SPDX-License-Identifier: MIT */

/*
 * How the stages of a swrast draw hand work to each other.
 *
 *    sw_draw*.c     vertex fetch, vertex shader, stream output, primitive
 *        │          assembly (sw_draw.h)
 *        ▼ sw_raster_draw(): shaded vertices + assembled primitives
 *    sw_raster*.c   clipping, divide and viewport, culling, polygon mode
 *    sw_setup*.c    and offset, fixed-point setup, binning into tiles,
 *    sw_bin*.c      tiles rasterized on the screen's thread pool, 2x2
 *    sw_fs*.c       quads, interpolation, the fragment shader (ir_exec)
 *        │
 *        ▼ sw_fragops_*(): one quad of shaded fragments
 *    sw_fragops*.c  alpha test, depth bounds, stencil and depth tests and
 *                   writes, blending or logic op, write masks, sRGB,
 *                   stores into the colour buffers; occlusion counting
 *
 *    sw_tex*.c      texture sampling for the interpreter's callback, in
 *                   every stage (sw_tex_sample_quad())
 *
 * Determinism: a tile is processed by one thread, and within a tile
 * primitives are processed in draw order, so images do not depend on the
 * number of threads.  Everything that a tile job reads is immutable during
 * the draw (the prepared states below), everything it writes is its own
 * tile's pixels, its own counters (summed at the end) and its own
 * interpreter state.
 */
#ifndef SW_PIPELINE_H
#define SW_PIPELINE_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir_exec.h"
#include "pipe/p_state.h"
#include "sw_context.h"
#include "sw_draw.h"

/* ---------------------------------------------------------------------- */
/* Rasterizer (sw_raster*.c, sw_setup*.c, sw_bin*.c, sw_fs*.c)             */
/* ---------------------------------------------------------------------- */

/** Tiles are SW_TILE_SIZE x SW_TILE_SIZE pixels. */
#define SW_TILE_SIZE 64

/**
 * Rasterizes @p prims (indices into @p verts, the outputs of @p last,
 * the last vertex-processing stage: output_location[] gives each slot's
 * varying) with the context's bound rasterizer, viewport, scissor, clip,
 * fragment shader, samplers, constants, depth-stencil-alpha, blend state
 * and framebuffer.  Returns when every tile is written.  Adds passed
 * samples to sw->counters when an occlusion query is active.
 */
void sw_raster_draw(struct sw_context *sw, const struct sw_vertex_array *verts,
                    const struct sw_shader *last,
                    const struct sw_prim_list *prims);

/* ---------------------------------------------------------------------- */
/* Fragment operations (sw_fragops*.c)                                     */
/* ---------------------------------------------------------------------- */

/** Most samples per pixel. */
#define SW_MAX_SAMPLES 4

/**
 * Everything the fragment operations need for one draw (formats, masks,
 * factors, surfaces), prepared once from the context by
 * sw_fragops_prepare() and then only read, by every tile thread.  Private
 * to sw_fragops*.c.
 */
struct sw_fragops_state;

/** One 2x2 quad of fragments.  Pixel i of the quad is
 * (x + (i & 1), y + (i >> 1)). */
struct sw_quad {
   unsigned x, y;
   /** Layer of the colour and depth surfaces (gl_Layer). */
   unsigned layer;
   bool front_facing;
   /** Bit s of coverage[i]: sample s of pixel i is covered (and not
    * discarded); single-sampled targets use bit 0. */
   uint8_t coverage[4];
   /** Window-space depth per pixel and sample (already offset and, when
    * depth clamping is on, clamped); overwritten by a shader that writes
    * gl_FragDepth (then all samples of a pixel get that value). */
   float depth[4][SW_MAX_SAMPLES];
   /** Fragment shader colour outputs: color[rt][component][pixel], 32-bit
    * words (floats, or integers for integer render targets), and which
    * render targets the shader wrote.  For dual-source blending,
    * color1 is the index-1 output of render target 0. */
   uint32_t color[PIPE_MAX_COLOR_BUFS][4][4];
   uint32_t color1[4][4];
   uint8_t color_written;
};

/** Prepares the fragment operations of a draw with @p sw's current
 * state; NULL when out of memory. */
struct sw_fragops_state *sw_fragops_prepare(const struct sw_context *sw);
void sw_fragops_release(struct sw_fragops_state *fo);

/** Samples per pixel of the framebuffer (1 or SW_MAX_SAMPLES). */
unsigned sw_fragops_num_samples(const struct sw_fragops_state *fo);

/**
 * Whether the depth-stencil state allows testing before the fragment
 * shader (no alpha test, no alpha-to-coverage); the rasterizer also
 * checks that the shader neither discards nor writes depth.
 */
bool sw_fragops_early_depth_ok(const struct sw_fragops_state *fo);

/**
 * Alpha test (from colour output 0), depth bounds, stencil and depth
 * tests with their writes, for the covered samples of @p q: clears the
 * coverage bits of failing samples and returns the number of samples that
 * passed (for occlusion queries).  Run before the fragment shader when
 * early tests are possible (then without the alpha test, which needs the
 * colour) or after it otherwise — @p with_alpha_test says which.
 */
unsigned sw_fragops_depth_stencil(const struct sw_fragops_state *fo,
                                  struct sw_quad *q, bool with_alpha_test);

/** Blending or logic op, write masks, sRGB encoding and the stores into
 * every bound colour buffer, for the samples still covered. */
void sw_fragops_color(const struct sw_fragops_state *fo,
                      const struct sw_quad *q);

/* ---------------------------------------------------------------------- */
/* Texture sampling (sw_tex*.c)                                            */
/* ---------------------------------------------------------------------- */

/**
 * The textures of one shader stage for one draw: for each slot (the IR's
 * texture_index == sampler_index), the bound view and sampler state and
 * what is derived from them, prepared once by sw_tex_prepare() and then
 * only read, by every thread.  Implicit-LOD lookups outside the fragment
 * stage use LOD 0, as GLSL says.  Private to sw_tex*.c.
 */
struct sw_tex_state;

/** NULL when out of memory. */
struct sw_tex_state *sw_tex_prepare(const struct sw_context *sw,
                                    enum pipe_shader_type stage);
void sw_tex_release(struct sw_tex_state *ts);

/**
 * The interpreter's texture callback (ir_exec_tex_fn): @p data is a
 * const struct sw_tex_state *.  Handles every tex op of the IR for every
 * target of the bound view; slots without a view or sampler give
 * (0, 0, 0, 1) (integers: 0, 0, 0, 1).
 */
void sw_tex_sample_quad(void *data, const struct ir_tex *tex,
                        const struct ir_exec_tex_args *args,
                        uint32_t result[4][4]);

#endif
