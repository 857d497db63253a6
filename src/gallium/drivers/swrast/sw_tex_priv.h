/* SPDX-License-Identifier: MIT */

/*
 * Internals of texture sampling (sw_tex*.c):
 *
 *    sw_tex.c         prepare/release, the interpreter callback: per-lane
 *                     coordinates, projection, LOD, texelFetch and size
 *                     queries
 *    sw_tex_filter.c  wrap modes, cube faces, nearest/linear/mipmap
 *                     filtering, shadow comparison
 *    sw_tex_fetch.c   one texel of a level in any format, border colours
 *
 * A struct sw_tex_unit is everything one slot needs, derived once per draw
 * from the bound view and sampler; it is only read while sampling.
 */
#ifndef SW_TEX_PRIV_H
#define SW_TEX_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "sw_pipeline.h"
#include "sw_resource.h"

struct u_format_desc;

/** What texels hold: floats (normalized, float, depth) or integers. */
enum sw_tex_kind {
   SW_TEX_FLOAT,
   SW_TEX_UINT,
   SW_TEX_SINT,
};

struct sw_tex_unit {
   /** NULL: nothing bound (samples give 0, 0, 0, 1). */
   const struct sw_resource *res;
   const struct pipe_sampler_view *view;
   /** NULL when no sampler is bound (texelFetch still works). */
   const struct pipe_sampler_state *sampler;
   const struct u_format_desc *desc;
   enum pipe_format format;
   enum sw_tex_kind kind;
   /** Depth (or stencil) texels: the value goes to .r. */
   bool depth;
   bool stencil;
   /** Levels of the resource the view sees, absolute. */
   unsigned first_level, last_level;
   /** Layers the view sees (arrays, cube faces), absolute. */
   unsigned first_layer, num_layers;
   /** The view's swizzle (enum pipe_swizzle). */
   uint8_t swizzle[4];
   /** The border colour as the texels of this format would give it. */
   union pipe_color_union border;
};

struct sw_tex_state {
   const struct sw_context *sw;
   enum pipe_shader_type stage;
   bool implicit_lod_zero;
   struct sw_tex_unit units[PIPE_MAX_SHADER_SAMPLER_VIEWS];
};

/** Integer coordinates of one texel: x, y and the layer (array layer,
 * cube face with its array offset, or 3D slice), plus the sample. */
struct sw_texel_coord {
   int x, y, z;
   unsigned sample;
};

/**
 * Reads texel @p c of absolute level @p level into @p out (floats, or
 * integer bits for integer formats), before the view's swizzle.  A
 * coordinate outside the level (negative included) reads the border
 * colour.
 */
void sw_tex_fetch(const struct sw_tex_unit *u, unsigned level,
                  const struct sw_texel_coord *c, uint32_t out[4]);

/** Applies the view's swizzle to @p v in place (0 and 1 in the texels'
 * kind). */
void sw_tex_swizzle(const struct sw_tex_unit *u, uint32_t v[4]);

/** Width, height and depth (3D slices) of absolute level @p level. */
void sw_tex_level_size(const struct sw_tex_unit *u, unsigned level,
                       unsigned size[3]);

/**
 * One filtered lookup for one lane: @p coord are the (normalized or
 * texel) coordinates with the array layer last, already projected,
 * @p lambda the level of detail (log2 of the scale), @p ref the depth
 * reference of a shadow lookup, @p offset texel offsets.  The result goes
 * to @p out (floats, or integers for integer formats), swizzled.
 */
struct sw_tex_lookup {
   enum ir_sampler_dim dim;
   bool is_array;
   bool is_shadow;
   float coord[4];
   float lambda;
   float ref;
   int offset[3];
};
void sw_tex_filter(const struct sw_tex_unit *u, const struct sw_tex_lookup *lk,
                   uint32_t out[4]);

/** Cube face (enum pipe_cube_face) and face coordinates in [0, 1] of
 * direction (@p x, @p y, @p z). */
unsigned sw_tex_cube_face(float x, float y, float z, float *s, float *t);
/** Coordinates in [0, 1] of direction @p d projected onto cube face
 * @p face (also when it is not the direction's major face, for the
 * derivatives of a quad straddling faces). */
void sw_tex_face_coords(unsigned face, const float d[3], float *s, float *t);

#endif
