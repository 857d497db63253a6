/* SPDX-License-Identifier: MIT */

/*
 * Private state of the rasterizer (sw_raster*.c, sw_setup.c, sw_bin.c,
 * sw_fs.c): what one sw_raster_draw() prepares, the vertices it clips and
 * the setup primitives it bins into tiles.
 *
 * Flow of one draw
 * ----------------
 *   sw_raster.c        prepares a struct sw_raster (viewport, bounds,
 *                      the attribute layout), converts the shaded
 *                      vertices into clip vertices, walks the primitives
 *   sw_raster_clip.c   clips them (homogeneous Sutherland-Hodgman against
 *                      w > 0, near/far, the guard band and the user planes),
 *                      decides the face, culls, applies the polygon mode
 *                      and the polygon offset
 *   sw_setup.c         turns triangles, lines and points into struct
 *                      sw_setup_prim: fixed-point edge functions with the
 *                      fill rule folded in, interpolation planes
 *   sw_bin.c           appends each of them to the bins of the tiles it
 *                      touches, in draw order, then runs one job per
 *                      non-empty tile on the screen's thread pool
 *   sw_fs.c            a tile job: coverage of 2x2 quads, early depth,
 *                      attribute interpolation, the fragment shader on 16
 *                      quads at a time, late depth, colour
 *
 * Vertices
 * --------
 * A clip vertex is an array of 32-bit words (union sw_word): the clip
 * position (4 floats), the signed distance to every clip plane of the draw
 * (SW_CLIP_* fixed planes then the user planes; inside when >= 0), then
 * the attributes the fragment shader reads, as vec4 slots in the layout of
 * struct sw_attr_layout.  Everything is interpolated linearly in clip space
 * when clipping creates a vertex, except noperspective inputs (linearly in
 * window space; sw_raster_clip.c) (the integer words of flat inputs become
 * meaningless, but flat inputs are read from the original provoking
 * vertex, never from a clipped one).
 */
#ifndef SW_RASTER_PRIV_H
#define SW_RASTER_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "sw_pipeline.h"
#include "util/u_dynarray.h"
#include "util/u_thread_pool.h"

struct u_arena;

/** Subpixel precision of setup: positions are snapped to 1/256 pixel. */
#define SW_SUBPIXEL_BITS 8
#define SW_SUBPIXEL_ONE  (1 << SW_SUBPIXEL_BITS)

/**
 * Half-width of the guard band in window pixels: primitives are clipped
 * only where they leave [-SW_GUARD_BAND, SW_GUARD_BAND].  With 8 subpixel
 * bits positions stay below 2^22 in magnitude, so edge-function products
 * stay below 2^47 and fit 64-bit integers with a wide margin.
 */
#define SW_GUARD_BAND 16384.0f

/** Smallest clip w kept (clipping against w >= this keeps the divide
 * finite); far smaller than any sensible near plane. */
#define SW_W_EPSILON 1e-7f

/** Fixed clip planes, in the order of a vertex's distances. */
enum sw_clip_plane {
   SW_CLIP_W,      /**< w >= epsilon */
   SW_CLIP_NEAR,   /**< z >= -w, or z >= 0 with clip_halfz */
   SW_CLIP_FAR,    /**< z <= w */
   SW_CLIP_LEFT,   /**< guard band, window x >= -G */
   SW_CLIP_RIGHT,  /**< window x <= G */
   SW_CLIP_TOP,    /**< window y >= -G */
   SW_CLIP_BOTTOM, /**< window y <= G */
   SW_CLIP_USER0,  /**< user plane i is SW_CLIP_USER0 + i */
};
#define SW_MAX_PLANES (SW_CLIP_USER0 + PIPE_MAX_CLIP_PLANES)

/** Quads of one fragment shader run (64 lanes). */
#define SW_FS_QUADS (IR_EXEC_MAX_WIDTH / 4)

/** A 32-bit word of a vertex: a float, or the bits of an integer. */
union sw_word {
   float f;
   uint32_t u;
};

/** How a fragment shader input slot is interpolated. */
enum sw_interp {
   SW_INTERP_SMOOTH,
   SW_INTERP_NOPERSPECTIVE,
   SW_INTERP_FLAT,
};

/**
 * Where the attributes of a clip vertex come from.  Attribute slot i <
 * num_inputs is fragment shader input slot i (front faces); slots from
 * num_inputs on hold the back colours of two-sided lighting.
 */
struct sw_attr_layout {
   unsigned num_inputs;
   unsigned num_slots;
   /** Output slot of the last stage feeding attribute slot i, or
    * SW_ATTR_ZERO / SW_ATTR_COLOR_DEFAULT. */
   int src[2 * SW_MAX_SHADER_SLOTS];
   /** Attribute slot an input reads on back faces (== i without
    * two-sided colours). */
   uint8_t back[SW_MAX_SHADER_SLOTS];
   uint8_t interp[SW_MAX_SHADER_SLOTS]; /**< enum sw_interp */
   /** Bit i: input i is replaced by the sprite coordinate on points. */
   uint64_t sprite;
};
#define SW_ATTR_ZERO          (-1)
#define SW_ATTR_COLOR_DEFAULT (-2)

enum sw_prim_kind {
   SW_PRIM_KIND_TRI,
   SW_PRIM_KIND_LINE,
   SW_PRIM_KIND_POINT,
};

/**
 * A primitive ready for rasterization (immutable once binned).
 *
 * Coverage: sample point (X, Y) in 1/256 pixels is inside when, for each
 * edge e, a[e] * X + b[e] * Y + c[e] >= 0; the fill rule is folded into
 * c (an edge that must not own its boundary has c lowered by one).
 *
 * Interpolation: planes p[0] + p[1] * dx + p[2] * dy with (dx, dy) the
 * sample point in pixels minus (ox, oy).  l1 and l2 are the screen-linear
 * barycentric weights of vertices 1 and 2 (vertex 0 has 1 - l1 - l2);
 * lines use l1 = position along the line and l2 = 0, points zero for both.
 */
struct sw_setup_prim {
   int64_t a[4], b[4], c[4];
   uint8_t num_edges;
   uint8_t kind; /**< enum sw_prim_kind */
   bool front;
   /** Line stipple: pixels whose stipple bit is 0 are not covered. */
   bool stipple;
   uint8_t stipple_y_major;
   uint16_t stipple_pattern;
   unsigned stipple_factor;
   float stipple_origin;   /**< major-axis coordinate of the line start */
   unsigned stipple_start; /**< stipple counter at the line start */
   /** Pixel bounds, [minx, maxx) x [miny, maxy), inside the draw bounds. */
   int minx, miny, maxx, maxy;
   float ox, oy;
   float l1[3], l2[3];
   /** Window depth with the polygon offset added. */
   float z[3];
   /** Point sprite coordinate (points only). */
   float pcs[3], pct[3];
   float invw[3];
   /** Attribute words of the three vertices and of the provoking vertex
    * (flat inputs). */
   const union sw_word *attr[3];
   const union sw_word *flat;
   unsigned layer;
   unsigned prim_id;
};

/** Per-thread state of the tile jobs (sw_fs.c). */
struct sw_fs_thread;

/** Everything one draw prepares; read-only while tiles run. */
struct sw_raster {
   struct sw_context *sw;
   const struct pipe_rasterizer_state *rs;
   const struct sw_shader *last;
   const struct sw_shader *fs;
   const struct sw_vertex_array *verts;
   struct u_arena *arena; /**< setup primitives and clipped vertices */

   /* Clipping. */
   unsigned num_planes;  /**< fixed planes + user planes */
   unsigned plane_mask;  /**< planes clipped against */
   unsigned num_words;   /**< words of a clip vertex */
   unsigned attr_offset; /**< first attribute word of a clip vertex */
   struct sw_attr_layout layout;
   /** Converted vertices of the draw, num_words each. */
   union sw_word *cverts;

   /* Window transform and bounds. */
   float scale[3], translate[3];
   float zmin, zmax; /**< depth range of the viewport */
   bool depth_clamp;
   int bounds[4]; /**< minx, miny, maxx, maxy (scissor and fb) */
   /** bounds within the viewport: what clipping to the view volume in x
    * and y leaves of triangles and lines (points are kept whole when
    * their centre is inside). */
   int vp_bounds[4];
   unsigned num_samples;
   /** Sample positions of the draw: the standard ones, or all at the
    * pixel centre when multisampling is off (then a covered centre
    * covers every sample, as GL 4.6, 14.3.1 says). */
   const uint8_t (*sample_pos)[2];
   /** Polygon stipple (row y % 32, bit 31 - x % 32 keeps pixel (x, y)
    * of a filled triangle), or NULL when disabled. */
   const uint32_t *poly_stipple;
   /** Minimum resolvable depth difference (0: float depth buffer). */
   double mrd;
   bool float_depth;

   /* Per-vertex outputs of the last stage. */
   int psize_slot, layer_slot;
   unsigned num_layers;

   /* Binning. */
   unsigned tiles_x, tiles_y;
   struct u_dynarray *bins; /**< const struct sw_setup_prim * per tile */
   unsigned num_prims;
   bool oom;

   /* Fragment stage. */
   struct sw_fragops_state *fo;
   struct sw_tex_state *tex;
   bool early_depth;
   struct ir_exec_io io_template;
   const void *ubos[PIPE_MAX_CONSTANT_BUFFERS];
   size_t ubo_sizes[PIPE_MAX_CONSTANT_BUFFERS];
   int depth_output;  /**< FS output slot or -1 */
   int color1_output; /**< dual-source second colour's slot or -1 */
   /** The colour outputs: render target color_rt[i] from FS output slot
    * color_slot[i], for i < num_colors. */
   unsigned num_colors;
   uint8_t color_rt[PIPE_MAX_COLOR_BUFS];
   uint8_t color_slot[PIPE_MAX_COLOR_BUFS];
   uint8_t color_mask; /**< bit rt: written */
   struct sw_fs_thread **threads;
   unsigned num_threads;
};

/** Sample positions in 1/256 pixel of single-sampled (index 0) and 4x
 * (index 1) framebuffers. */
extern const uint8_t sw_sample_pos[2][SW_MAX_SAMPLES][2];

/** Words of a clip vertex after its attributes: point size, layer. */
#define SW_VERTEX_PSIZE(r) ((r)->num_words - 2)
#define SW_VERTEX_LAYER(r) ((r)->num_words - 1)

/* sw_raster_clip.c */
void sw_raster_point(struct sw_raster *r, const union sw_word *v,
                     const union sw_word *provoking, unsigned prim_id);
/** @p stipple_count: the line stipple counter at the line's start,
 * advanced by the fragments it covers along its major axis (strips and
 * loops continue the pattern, GL 4.6 compatibility, 14.5.2.2). */
void sw_raster_line(struct sw_raster *r, const union sw_word *v0,
                    const union sw_word *v1, const union sw_word *provoking,
                    unsigned prim_id, unsigned *stipple_count);
/** @p edges: bit k set when the edge from vertex k to vertex (k + 1) % 3
 * is an edge of the source primitive (struct sw_prim_list::edge_flags);
 * polygon mode LINE draws only those edges and polygon mode POINT only
 * the vertices starting one (GL 4.6 compatibility, 14.6.4). */
void sw_raster_triangle(struct sw_raster *r, const union sw_word *v0,
                        const union sw_word *v1, const union sw_word *v2,
                        unsigned edges, const union sw_word *provoking,
                        unsigned prim_id);

/* sw_setup.c: window-space vertices (x, y, z, 1/w) with their clip
 * vertices (for the attributes).  @p offset is added to the depth. */
struct sw_setup_vertex {
   float win[4];
   const union sw_word *v;
};
void sw_setup_triangle(struct sw_raster *r, const struct sw_setup_vertex *v0,
                       const struct sw_setup_vertex *v1,
                       const struct sw_setup_vertex *v2, bool front,
                       float offset, const union sw_word *provoking,
                       unsigned prim_id);
/** @p stipple_start: the stipple counter at v0; returns the fragments
 * the line covers along its major axis (what the counter advances). */
unsigned sw_setup_line(struct sw_raster *r, const struct sw_setup_vertex *v0,
                       const struct sw_setup_vertex *v1, bool front,
                       float offset, const union sw_word *provoking,
                       unsigned prim_id, unsigned stipple_start);
void sw_setup_point(struct sw_raster *r, const struct sw_setup_vertex *v,
                    float size, bool front, float offset,
                    const union sw_word *provoking, unsigned prim_id);

/* sw_bin.c */
bool sw_bin_init(struct sw_raster *r);
void sw_bin_prim(struct sw_raster *r, const struct sw_setup_prim *p);
/** Runs every non-empty tile on the pool and waits for them. */
void sw_bin_run(struct sw_raster *r);
void sw_bin_fini(struct sw_raster *r);

/* sw_fs.c */
bool sw_fs_init(struct sw_raster *r);
/** Rasterizes and shades the primitives of one tile; @p thread_index
 * selects the per-thread state. */
void sw_fs_tile(struct sw_raster *r, unsigned thread_index, unsigned tx,
                unsigned ty, const struct u_dynarray *bin);
/** Frees the per-thread states and adds their counters to the context. */
void sw_fs_fini(struct sw_raster *r);

#endif
