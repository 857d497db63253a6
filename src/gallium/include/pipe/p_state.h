/* SPDX-License-Identifier: MIT */

/*
 * State structures of the pipe interface: resources and the views of them
 * (surfaces, sampler views, stream-output targets, transfers), the
 * templates of constant state objects (blend, depth/stencil/alpha,
 * rasterizer, sampler, vertex elements, shaders) and the mutable state
 * given to pipe_context's set_* functions and draw_vbo.
 *
 * Templates are read during the create call only: a driver copies what it
 * needs and the caller may free or reuse the template right away.  State
 * given to set_* is likewise copied; the resources, surfaces, views and
 * targets it points to are referenced by the driver
 * (pipe_resource_ref() and friends, p_inlines.h) for as long as they stay
 * bound.
 *
 * Reference counts: resources, surfaces, sampler views and stream-output
 * targets start with one reference owned by their creator.  The last
 * pipe_*_ref(&slot, NULL) calls the destroy hook (screen->resource_destroy,
 * context->surface_destroy...), so a resource lives until no view and no
 * binding uses it.  Counts are atomic: resources are shared between the
 * contexts of a screen.
 *
 * Coordinates: boxes, scissors and blits are in texels of the level they
 * name, y down from the first row of the image in memory.  For 3D textures
 * box z is the slice; for array and cube textures z is the layer (a cube
 * face is layer face, a cube array's face f of cube c is layer 6 * c + f).
 *
 * The shader contract
 * -------------------
 * struct pipe_shader_state carries a shader as the IR (compiler/ir): the
 * frontend hands over a linked, valid struct ir_shader that the driver
 * then owns; the driver frees it with ir_shader_destroy() when the shader
 * CSO is deleted (or right away if create fails).  Its variables are
 * already given their locations:
 *
 * - vertex shader inputs (IR_VAR_SHADER_IN): `location` is the generic
 *   attribute index, which is also the index of the vertex element that
 *   feeds it (pipe_vertex_element array index);
 * - outputs of the vertex and geometry stages and inputs of the geometry
 *   and fragment stages: `location` is an enum ir_varying_slot value
 *   (IR_VARYING_SLOT_POS, PSIZ, CLIP_DIST0/1, CLIP_VERTEX, LAYER,
 *   VIEWPORT, PRIMITIVE_ID, FOGC, COL0/1, BFC0/1, TEX0..7, VAR0 + n;
 *   compiler/ir/ir_passes_io.h);
 * - geometry shader inputs are arrays over the input vertices of a plain
 *   type (T[N], N = vertices of the input primitive), each with the
 *   `location` of T (element v, slot j of T is varying location + j of
 *   input vertex v, gl_in[] order); there is no gl_in block any more: the
 *   GLSL linker turns gl_in[i].gl_Position into
 *   `vec4[N] @gl_in.gl_Position location=IR_VARYING_SLOT_POS` (and
 *   gl_PointSize into PSIZ..., glsl_link_gs.c);
 * - fragment outputs: the colour attachment index (index = 1 for the
 *   second source of dual-source blending), or IR_FRAG_RESULT_DEPTH /
 *   IR_FRAG_RESULT_SAMPLE_MASK;
 * - system values (IR_VAR_SYSTEM_VALUE): `location` is an enum
 *   ir_system_value;
 * - default-block uniforms: driver_location is the byte offset in
 *   constant buffer 0 (set_constant_buffer(shader, 0, ...)), with the
 *   std140-like layout ir_assign_uniform_locations() chose; sampler
 *   uniforms: driver_location is the texture and sampler slot (the index
 *   of set_sampler_views and bind_sampler_states);
 * - uniform block i (load_ubo with index i after lowering) reads constant
 *   buffer i + 1.
 *
 * Stream output (transform feedback) is described by
 * pipe_shader_state::stream_output of the last vertex-processing stage.
 */
#ifndef P_STATE_H
#define P_STATE_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_defines.h"
#include "pipe/p_format.h"

struct ir_shader;
struct pipe_context;
struct pipe_screen;

/** A reference count; see p_inlines.h for the helpers. */
struct pipe_reference {
   atomic_int count;
};

static inline void
pipe_reference_init(struct pipe_reference *ref, int count)
{
   atomic_init(&ref->count, count);
}

/**
 * Moves a reference from @p old_ref to @p new_ref (either may be NULL):
 * takes a reference on @p new_ref, drops one on @p old_ref, and returns
 * true if @p old_ref lost its last reference (the caller then destroys
 * the object).
 */
static inline bool
pipe_reference_update(struct pipe_reference *old_ref,
                      struct pipe_reference *new_ref)
{
   if (old_ref == new_ref)
      return false;
   if (new_ref)
      atomic_fetch_add(&new_ref->count, 1);
   return old_ref && atomic_fetch_sub(&old_ref->count, 1) == 1;
}

/** A 3D region: z is the slice or layer (see the file comment). */
struct pipe_box {
   int x, y, z;
   /** In blits, a negative source width or height mirrors. */
   int width, height, depth;
};

/**
 * A buffer or a texture.  Textures: width0/height0/depth0 are the size of
 * level 0 (height0 = depth0 = 1 for 1D, depth0 = 1 but for 3D);
 * array_size is the number of layers (6 for a cube, 6 * n for a cube
 * array, 1 for non-array targets); last_level is the last mip level.
 * Buffers: width0 is the size in bytes, format PIPE_FORMAT_NONE or R8_UNORM
 * (ignored), everything else 1 / 0.
 */
struct pipe_resource {
   struct pipe_reference reference;
   struct pipe_screen *screen;
   enum pipe_texture_target target;
   enum pipe_format format;
   unsigned width0;
   unsigned height0;
   unsigned depth0;
   unsigned array_size;
   unsigned last_level;
   /** 0 or 1: single-sampled; otherwise the samples per pixel. */
   unsigned nr_samples;
   /** enum pipe_resource_usage */
   unsigned usage;
   /** PIPE_BIND_* */
   unsigned bind;
   /** PIPE_RESOURCE_FLAG_* */
   unsigned flags;
};

/** A render target or depth/stencil view: one level, a range of layers. */
struct pipe_surface {
   struct pipe_reference reference;
   struct pipe_context *context;
   struct pipe_resource *resource;
   enum pipe_format format;
   /** Size of the level (set by create_surface). */
   unsigned width, height;
   unsigned level;
   unsigned first_layer, last_layer;
};

/** A texture as a shader samples it. */
struct pipe_sampler_view {
   struct pipe_reference reference;
   struct pipe_context *context;
   struct pipe_resource *resource;
   /** May differ from the resource's format (views, sRGB decode off). */
   enum pipe_format format;
   /** The sampling target (a 2D array view of a cube...). */
   enum pipe_texture_target target;
   /** Textures: the levels (GL base/max level) and layers seen. */
   unsigned first_level, last_level;
   unsigned first_layer, last_layer;
   /** Buffer textures: bytes of the buffer seen. */
   unsigned buffer_offset, buffer_size;
   /** enum pipe_swizzle for each result component. */
   unsigned char swizzle_r, swizzle_g, swizzle_b, swizzle_a;
};

union pipe_color_union {
   float f[4];
   int i[4];
   unsigned ui[4];
};

struct pipe_sampler_state {
   unsigned wrap_s, wrap_t, wrap_r; /**< enum pipe_tex_wrap */
   unsigned min_img_filter;         /**< enum pipe_tex_filter */
   unsigned min_mip_filter;         /**< enum pipe_tex_mipfilter */
   unsigned mag_img_filter;         /**< enum pipe_tex_filter */
   bool compare_mode;               /**< shadow comparison on */
   unsigned compare_func;           /**< enum pipe_compare_func */
   bool normalized_coords;          /**< false: texel coordinates */
   bool seamless_cube_map;
   float lod_bias;
   float min_lod, max_lod;              /**< relative to the view's level 0 */
   union pipe_color_union border_color; /**< f for float formats */
   unsigned max_anisotropy;             /**< 0 or 1: off */
};

struct pipe_rt_blend_state {
   bool blend_enable;
   unsigned rgb_func;       /**< enum pipe_blend_func */
   unsigned rgb_src_factor; /**< enum pipe_blendfactor */
   unsigned rgb_dst_factor;
   unsigned alpha_func;
   unsigned alpha_src_factor;
   unsigned alpha_dst_factor;
   unsigned colormask; /**< PIPE_MASK_RGBA bits */
};

struct pipe_blend_state {
   /** false: rt[0] applies to every render target. */
   bool independent_blend_enable;
   bool logicop_enable;   /**< replaces blending (integer/unorm targets) */
   unsigned logicop_func; /**< enum pipe_logicop */
   bool dither;
   bool alpha_to_coverage;
   bool alpha_to_one;
   struct pipe_rt_blend_state rt[PIPE_MAX_COLOR_BUFS];
};

struct pipe_blend_color {
   float color[4];
};

struct pipe_depth_state {
   bool enabled;
   bool writemask;
   unsigned func; /**< enum pipe_compare_func */
   bool bounds_test;
   float bounds_min, bounds_max;
};

struct pipe_stencil_state {
   bool enabled;
   unsigned func;     /**< enum pipe_compare_func */
   unsigned fail_op;  /**< enum pipe_stencil_op */
   unsigned zpass_op; /**< both tests pass */
   unsigned zfail_op; /**< stencil passes, depth fails */
   uint8_t valuemask;
   uint8_t writemask;
};

struct pipe_alpha_state {
   bool enabled;
   unsigned func; /**< enum pipe_compare_func */
   float ref_value;
};

struct pipe_depth_stencil_alpha_state {
   struct pipe_depth_state depth;
   /** [0] front faces; [1] back faces, used if its `enabled` is set
    * (otherwise [0] applies to both). */
   struct pipe_stencil_state stencil[2];
   struct pipe_alpha_state alpha;
};

struct pipe_stencil_ref {
   uint8_t ref_value[2]; /**< front, back */
};

struct pipe_rasterizer_state {
   bool flatshade;
   /** Provoking vertex: true first (GL's default is last: false). */
   bool flatshade_first;
   bool light_twoside;
   bool clamp_vertex_color;
   bool clamp_fragment_color;
   /** Counter-clockwise triangles (in window space, y up) are front. */
   bool front_ccw;
   unsigned cull_face;  /**< PIPE_FACE_* */
   unsigned fill_front; /**< enum pipe_polygon_mode */
   unsigned fill_back;
   bool offset_point, offset_line, offset_tri;
   float offset_units;
   float offset_scale;
   float offset_clamp; /**< 0: no clamp */
   bool scissor;
   bool poly_smooth;
   bool poly_stipple_enable;
   bool point_smooth;
   /** Bit i: TEXi (IR_VARYING_SLOT_TEX0 + i) is replaced by the point
    * sprite coordinate on points. */
   unsigned sprite_coord_enable;
   unsigned sprite_coord_mode; /**< enum pipe_sprite_coord_mode */
   /** Points are rasterized as squares (GL point sprites, core points). */
   bool point_quad_rasterization;
   /** gl_PointSize from the shader; otherwise point_size. */
   bool point_size_per_vertex;
   float point_size;
   float line_width;
   bool line_smooth;
   bool line_stipple_enable;
   unsigned line_stipple_factor; /**< 1..256 */
   uint16_t line_stipple_pattern;
   bool line_last_pixel;
   bool multisample;
   bool depth_clip_near;
   bool depth_clip_far;
   bool depth_clamp;
   /** Clip x and y only to the driver's guard band, not to the viewport
    * (false for GL: triangles and lines leave no fragment outside the
    * viewport).  For tests that give window coordinates as clip
    * coordinates under an identity viewport. */
   bool no_viewport_clip;
   /** Pixel centers at (x + 0.5, y + 0.5) (always true for GL). */
   bool half_pixel_center;
   /** The framebuffer's y grows upward (window system buffers): the
    * top-left rule becomes bottom-left. */
   bool bottom_edge_rule;
   /** Clip space z is [0, 1] rather than [-1, 1]. */
   bool clip_halfz;
   /** Bit i: user clip plane / gl_ClipDistance[i] enabled. */
   unsigned clip_plane_enable;
   bool rasterizer_discard;
};

struct pipe_poly_stipple {
   uint32_t stipple[32];
};

/** User clip planes (fixed function / gl_ClipVertex), in clip space. */
struct pipe_clip_state {
   float ucp[PIPE_MAX_CLIP_PLANES][4];
};

/** window = ndc * scale + translate. */
struct pipe_viewport_state {
   float scale[3];
   float translate[3];
};

/** Pixels minx <= x < maxx, miny <= y < maxy pass. */
struct pipe_scissor_state {
   unsigned minx, miny, maxx, maxy;
};

struct pipe_framebuffer_state {
   unsigned width, height;
   unsigned layers;
   unsigned samples;
   unsigned nr_cbufs;
   /** Entries may be NULL (unused draw buffers). */
   struct pipe_surface *cbufs[PIPE_MAX_COLOR_BUFS];
   struct pipe_surface *zsbuf;
};

struct pipe_vertex_buffer {
   /** Bytes between vertices (0: every vertex reads the same data). */
   unsigned stride;
   bool is_user_buffer;
   union {
      struct pipe_resource *resource;
      const void *user; /**< valid until the draw returns */
   } buffer;
   unsigned buffer_offset;
};

/**
 * One vertex attribute.  Pure integer formats (*_UINT, *_SINT) feed the
 * shader's integer inputs unchanged; when the input they feed is a float
 * input, the driver converts the integers to floats (GL's non-normalized
 * integer attributes, glVertexAttribPointer with GL_INT and normalized
 * false).
 */
struct pipe_vertex_element {
   unsigned src_offset; /**< bytes from the vertex's start */
   unsigned vertex_buffer_index;
   /** 0: per vertex; n: advances every n instances. */
   unsigned instance_divisor;
   enum pipe_format src_format;
   /** Not a shader input: the first component is the vertex's edge flag
    * (zero: the polygon edge that starts at the vertex is no boundary
    * edge; only separate triangles, quads and polygons use it).  At
    * most one element has it, at an index no shader input reads. */
   bool edge_flag;
};

/** A constant buffer: a resource or user memory (then buffer is NULL). */
struct pipe_constant_buffer {
   struct pipe_resource *buffer;
   unsigned buffer_offset;
   unsigned buffer_size;
   /** Valid until replaced or until the draws using it return. */
   const void *user_buffer;
};

/** Where transform feedback writes: a range of a buffer. */
struct pipe_stream_output_target {
   struct pipe_reference reference;
   struct pipe_context *context;
   struct pipe_resource *buffer;
   unsigned buffer_offset;
   unsigned buffer_size;
};

struct pipe_stream_output {
   /** Varying slot (enum ir_varying_slot) of the output captured. */
   unsigned register_index;
   unsigned start_component; /**< 0..3 */
   unsigned num_components;  /**< 1..4 */
   unsigned output_buffer;   /**< 0..PIPE_MAX_SO_BUFFERS - 1 */
   unsigned dst_offset;      /**< in 32-bit words within a vertex */
   unsigned stream;          /**< geometry shader stream */
};

struct pipe_stream_output_info {
   unsigned num_outputs;
   /** Bytes / 4 between vertices in each buffer. */
   unsigned stride[PIPE_MAX_SO_BUFFERS];
   struct pipe_stream_output output[PIPE_MAX_SO_OUTPUTS];
};

/** See the file comment for the contract on `ir` (geometry shaders:
 * every input is an array over the input vertices with its varying
 * location). */
struct pipe_shader_state {
   struct ir_shader *ir;
   struct pipe_stream_output_info stream_output;
};

/**
 * A draw.  The vertices of draw i are draws[i].start .. start + count - 1:
 * vertex numbers without indices, positions in the index buffer (in
 * indices, not bytes) with indices.  The vertex fetched is index +
 * index_bias (GL base vertex); primitive restart compares the index as
 * stored, before the bias is added.  Instances start_instance ..
 * start_instance + instance_count - 1 (gl_InstanceID counts from 0);
 * a draw that is not instanced has instance_count 1.
 */
struct pipe_draw_info {
   /** 0: no index buffer; 1, 2 or 4 bytes per index. */
   unsigned index_size;
   unsigned mode; /**< enum pipe_prim_type */
   bool primitive_restart;
   bool has_user_indices;
   unsigned restart_index;
   unsigned start_instance;
   unsigned instance_count;
   /** Bounds of the (unbiased) indices, if known; else 0 and ~0. */
   unsigned min_index, max_index;
   union {
      struct pipe_resource *resource;
      const void *user;
   } index;
};

struct pipe_draw_start_count_bias {
   unsigned start;
   unsigned count;
   int index_bias;
};

union pipe_query_result {
   bool b;
   uint64_t u64;
   struct {
      uint64_t num_primitives_written;
      uint64_t primitives_storage_needed;
   } so_statistics;
};

struct pipe_blit_info {
   struct {
      struct pipe_resource *resource;
      unsigned level;
      struct pipe_box box;
      enum pipe_format format;
   } dst, src;
   /** PIPE_MASK_RGBA, PIPE_MASK_Z, PIPE_MASK_S bits. */
   unsigned mask;
   unsigned filter; /**< enum pipe_tex_filter */
   bool scissor_enable;
   struct pipe_scissor_state scissor; /**< in dst coordinates */
   bool render_condition_enable;
};

/** A mapped region (see pipe_context::buffer_map / texture_map). */
struct pipe_transfer {
   struct pipe_resource *resource;
   unsigned level;
   unsigned usage; /**< PIPE_MAP_* */
   struct pipe_box box;
   /** Bytes between rows (of blocks) and between layers or slices of the
    * mapping. */
   unsigned stride;
   unsigned layer_stride;
};

#endif
