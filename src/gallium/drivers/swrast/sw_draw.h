/* SPDX-License-Identifier: MIT */

/*
 * The front half of a draw: vertex fetch, the vertex shader on the IR
 * interpreter, stream output and primitive assembly (sw_draw*.c).
 *
 * Vertex fetch reads each vertex element through u_format unpack (float,
 * or integer for pure integer formats feeding integer inputs), with
 * instance divisors, base vertex (index_bias), 1/2/4-byte indices from a
 * buffer or user memory and primitive restart.  Fetched vertices are
 * shaded in groups of IR_EXEC_MAX_WIDTH lanes; the results form a vertex
 * array of num_outputs vec4 slots per vertex (struct sw_vertex_array).
 *
 * Primitive assembly turns the draw's primitive type into a list of
 * points, lines or triangles (indices into the vertex array); strips,
 * fans, loops, quads and polygons are decomposed so that the provoking
 * vertex of every decomposed primitive is the one GL names for the
 * original primitive: with flatshade_first, it is the first vertex of
 * each output primitive; otherwise the last.  Adjacency primitives drop
 * their adjacent vertices, unless a geometry shader is bound: then
 * sw_draw_assemble_gs() makes its input primitives (every vertex, in
 * gl_in[] order) and sw_draw_gs_run() (sw_draw_gs.c) runs it, producing
 * a new vertex array and primitive list for stream output and the
 * rasterizer.
 */
#ifndef SW_DRAW_H
#define SW_DRAW_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir_exec.h"
#include "pipe/p_state.h"

struct sw_context;
struct sw_shader;

/** Shaded vertices: vertex v, slot s, component c is
 * data[(v * num_slots + s) * 4 + c] (32-bit words). */
struct sw_vertex_array {
   uint32_t *data;
   unsigned num_slots;
   unsigned count;
   unsigned capacity;
};

/** Basic primitives after assembly. */
enum sw_prim {
   SW_PRIM_POINTS,
   SW_PRIM_LINES,
   SW_PRIM_TRIANGLES,
};

/**
 * Assembled primitives: num_prims * verts_per_prim indices into the vertex
 * array, with the provoking vertex moved to the position the rasterizer
 * expects (first or last of each primitive, as rasterizer->flatshade_first
 * says).
 *
 * Triangles also have edge_flags[p] (num_prims entries): bit k set means
 * the edge from vertex k to vertex (k + 1) % 3 of triangle p is an edge
 * of the source primitive, clear means it is a diagonal made by splitting
 * a quad or polygon (polygon mode LINE/POINT must not draw it).  Every
 * edge of a triangle, strip or fan triangle is set.
 */
struct sw_prim_list {
   enum sw_prim prim;
   unsigned verts_per_prim;
   unsigned num_prims;
   unsigned *indices;
   /** Triangles: bit k, the edge from vertex k to k + 1 is a boundary
    * edge.  Lines: SW_LINE_START.  NULL for points (and lines or
    * triangles made elsewhere: every line starts, every edge counts). */
   uint8_t *edge_flags;
   /** Primitives the arrays have room for. */
   unsigned capacity;
};

/** edge_flags of a line: the first of a strip or loop (or a separate
 * line), where the line stipple pattern restarts. */
#define SW_LINE_START 1u

/** pipe_context::draw_vbo of swrast. */
void sw_draw_vbo(struct pipe_context *ctx, const struct pipe_draw_info *info,
                 const struct pipe_draw_start_count_bias *draws,
                 unsigned num_draws);

/** What sw_draw_shade_vertices() fetches. */
struct sw_fetch_info {
   /** Vertex indices as fetched (index_bias applied), or NULL for
    * start .. start + count - 1. */
   const unsigned *elts;
   unsigned start;
   unsigned count;
   /** gl_InstanceID (from 0); the instanced attributes read element
    * start_instance + instance / divisor. */
   unsigned instance;
   unsigned start_instance;
   /** gl_BaseVertex. */
   int base_vertex;
   /** Texture sampling for the vertex shader (NULL: zeros). */
   ir_exec_tex_fn tex;
   void *tex_data;
};

/**
 * Fetches the vertices @p fi names and runs the bound vertex shader on
 * them, appending count vertices of vs->num_outputs slots to @p out
 * (whose num_slots must be vs->num_outputs, or 0 when empty).  False when
 * out of memory, when no vertex shader is bound or when it failed.
 */
bool sw_draw_shade_vertices(struct sw_context *sw,
                            const struct sw_fetch_info *fi,
                            struct sw_vertex_array *out);

/**
 * The edge flags of the vertices @p fi names (the vertex element with
 * pipe_vertex_element::edge_flag): out[i] for the i-th, 0 or 1.  False
 * (and @p out untouched) when no element carries them.
 */
bool sw_draw_fetch_edge_flags(const struct sw_context *sw,
                              const struct sw_fetch_info *fi, uint8_t *out);

/**
 * Applies per-vertex edge flags to the triangles assembled from a draw
 * of type @p mode: the edge starting at a vertex whose flags[] entry (by
 * vertex array index) is 0 stops being a boundary edge.  Only separate
 * triangles, quads and polygons have edge flags (GL 4.6 compatibility,
 * 10.1.17); other types are left alone.
 */
void sw_draw_apply_edge_flags(unsigned mode, const uint8_t *flags,
                              struct sw_prim_list *list);

/**
 * Primitive assembly of @p count vertices (0 .. count - 1 of the draw's
 * shaded vertex array, restart already split out) of type @p mode into
 * @p list (appended).  False when out of memory.
 */
bool sw_draw_assemble(unsigned mode, bool flatshade_first, unsigned count,
                      const unsigned *verts, struct sw_prim_list *list);

/**
 * The input primitives of a geometry shader: @p count vertices of type
 * @p mode appended to @p list as primitives of 1, 2, 3, 4 (line
 * adjacency) or 6 (triangle adjacency) vertices in the order of gl_in[]
 * (GL 4.6 section 11.3.1).  list->prim is the basic primitive (lines for
 * line adjacency...), verts_per_prim the vertex count.  Quads and
 * polygons give nothing.  False when out of memory.
 */
bool sw_draw_assemble_gs(unsigned mode, unsigned count, const unsigned *verts,
                         struct sw_prim_list *list);

/** What sw_draw_gs_run() makes. */
struct sw_gs_output {
   /** The emitted vertices: gs->num_outputs slots each. */
   struct sw_vertex_array verts;
   /** Output primitives for the rasterizer (provoking vertex placed as
    * flatshade_first says) and, in last-vertex order, for stream
    * output. */
   struct sw_prim_list prims;
   struct sw_prim_list so_prims;
   /** Output primitives (what PRIMITIVES_GENERATED counts). */
   uint64_t num_prims;
};

/**
 * Runs the bound geometry shader on the input primitives @p in (from
 * sw_draw_assemble_gs(), indices into @p vs_verts, the vertex shader's
 * outputs), one lane per primitive, gl_PrimitiveIDIn counting from
 * @p first_prim_id.  Output strips are decomposed into @p out in input
 * primitive order, then emission order.  False when out of memory or when
 * the shader failed.
 */
bool sw_draw_gs_run(struct sw_context *sw,
                    const struct sw_vertex_array *vs_verts,
                    const struct sw_prim_list *in, unsigned first_prim_id,
                    bool flatshade_first, struct sw_gs_output *out);
void sw_gs_output_fini(struct sw_gs_output *out);

/** Makes room for @p more vertices of @p num_slots slots (an empty array
 * takes that slot count; a different one fails); false when out of
 * memory or too large. */
bool sw_vertex_array_reserve(struct sw_vertex_array *va, unsigned num_slots,
                             unsigned more);
void sw_vertex_array_fini(struct sw_vertex_array *va);
void sw_prim_list_fini(struct sw_prim_list *list);

#endif
