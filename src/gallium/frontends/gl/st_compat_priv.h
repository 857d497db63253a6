/* SPDX-License-Identifier: MIT */

/*
 * The compatibility module's own state (struct st_compat_state), shared
 * by its files: st_compat.c (enables, glGet, fog, alpha test, clip
 * planes, points), st_matrix.c (matrix stacks), st_light.c (lights and
 * materials), st_texenv.c (texture environments and coordinate
 * generation), st_compat_uniform.c (the built-in state uniforms) and
 * st_ff*.c (the fixed-function program).
 *
 * Matrices are column-major float[16] as GL gives them (element (row r,
 * column c) is m[c * 4 + r]).  Positions and planes are stored as the
 * specification says they are kept: in eye coordinates, transformed at
 * the time of the call.
 */
#ifndef ST_COMPAT_PRIV_H
#define ST_COMPAT_PRIV_H

#include <stdbool.h>

#include "st_compat.h"
#include "st_get.h"
#include "st_gl.h"
#include "st_state.h"

struct st_ff_cache;

/** A matrix and its inverse, computed on first use. */
struct st_matrix {
   GLfloat m[16];
   GLfloat inv[16];
   bool inv_valid;
};

/** Deepest stack of all (GL_MODELVIEW). */
#define ST_MATRIX_STACK_MAX ST_MAX_MODELVIEW_STACK_DEPTH

struct st_matrix_stack {
   struct st_matrix entry[ST_MATRIX_STACK_MAX];
   /** Index of the current (top) matrix: the stack depth minus one. */
   unsigned top;
   unsigned max_depth;
};

struct st_light {
   GLfloat ambient[4], diffuse[4], specular[4];
   /** Eye coordinates (transformed by the modelview matrix). */
   GLfloat position[4];
   GLfloat spot_direction[3];
   GLfloat spot_exponent, spot_cutoff;
   GLfloat constant_attenuation, linear_attenuation, quadratic_attenuation;
};

struct st_material {
   GLfloat emission[4], ambient[4], diffuse[4], specular[4];
   GLfloat shininess;
   GLfloat color_indexes[3];
};

/** glTexEnv state of one texture unit. */
struct st_texenv {
   GLenum mode;
   GLfloat color[4];
   GLenum combine_rgb, combine_alpha;
   GLenum src_rgb[3], src_alpha[3];
   GLenum operand_rgb[3], operand_alpha[3];
   GLfloat rgb_scale, alpha_scale;
   /** GL_TEXTURE_FILTER_CONTROL / GL_TEXTURE_LOD_BIAS. */
   GLfloat lod_bias;
   /** GL_POINT_SPRITE / GL_COORD_REPLACE. */
   bool coord_replace;
};

/** glTexGen state of one coordinate (S, T, R or Q) of one unit. */
struct st_texgen {
   GLenum mode;
   GLfloat object_plane[4];
   /** Eye coordinates (transformed by the inverse modelview matrix). */
   GLfloat eye_plane[4];
};

/* Bits of st_compat_state::texture_enabled[unit]. */
#define ST_TEX_ENABLE_1D   (1u << 0)
#define ST_TEX_ENABLE_2D   (1u << 1)
#define ST_TEX_ENABLE_3D   (1u << 2)
#define ST_TEX_ENABLE_CUBE (1u << 3)
#define ST_TEX_ENABLE_RECT (1u << 4)

struct st_compat_state {
   /* Matrices (st_matrix.c). */
   GLenum matrix_mode;
   struct st_matrix_stack modelview, projection;
   struct st_matrix_stack texture[ST_MAX_FF_TEXTURE_UNITS];

   /* Lighting (st_light.c). */
   struct st_light light[ST_MAX_LIGHTS];
   /** [0] front, [1] back. */
   struct st_material material[2];
   /** The per-vertex materials of the current glBegin/glEnd. */
   struct st_vertex_material vertex_material[ST_MAX_VERTEX_MATERIALS];
   GLfloat light_model_ambient[4];
   bool light_model_local_viewer, light_model_two_side;
   GLenum light_model_color_control;
   GLenum color_material_face, color_material_mode;

   /* Texture environments and coordinate generation (st_texenv.c). */
   struct st_texenv texenv[ST_MAX_FF_TEXTURE_UNITS];
   /** [unit][S, T, R, Q]. */
   struct st_texgen texgen[ST_MAX_FF_TEXTURE_UNITS][4];

   /* Fog. */
   GLenum fog_mode;
   GLfloat fog_density, fog_start, fog_end, fog_index;
   GLfloat fog_color[4];
   GLenum fog_coord_src;

   /* Alpha test. */
   GLenum alpha_func;
   GLfloat alpha_ref; /**< clamped to [0, 1] */

   /** glClipPlane equations in eye coordinates. */
   GLfloat clip_plane[ST_MAX_CLIP_DISTANCES][4];

   /* Points: the sizes clamp, the distance attenuation coefficients. */
   GLfloat point_size_min, point_size_max;
   GLfloat point_distance_attenuation[3];

   /* Enables. */
   bool lighting;
   unsigned lights_enabled; /**< bit i: GL_LIGHTi */
   bool color_material;
   bool normalize, rescale_normal;
   bool fog;
   bool alpha_test;
   bool color_sum;
   bool vertex_program_two_side;
   /** ST_TEX_ENABLE_* per unit. */
   unsigned texture_enabled[ST_MAX_FF_TEXTURE_UNITS];
   /** Bits 0..3: GL_TEXTURE_GEN_S, T, R, Q per unit. */
   unsigned texgen_enabled[ST_MAX_FF_TEXTURE_UNITS];

   /** While pixel rectangles draw: the fixed-function vertex stage
    * passes its inputs through (st_ff_key::window_pass). */
   bool window_pass;

   /** The fixed-function programs made so far (st_ff.c). */
   struct st_ff_cache *ff;
};

/* ---- st_matrix.c ---- */

void st_matrix_init(struct st_compat_state *cs);
/** The current matrix of the stack; its inverse computed if needed. */
const GLfloat *st_matrix_top(struct st_matrix_stack *stack);
const GLfloat *st_matrix_top_inverse(struct st_matrix_stack *stack);
/** out = a * b (column-major 4x4; out may alias neither). */
void st_matrix_mul(GLfloat out[16], const GLfloat a[16], const GLfloat b[16]);
/** out = m * v (column vector). */
void st_matrix_transform(GLfloat out[4], const GLfloat m[16],
                         const GLfloat v[4]);
/** out = p * m (row vector: a plane transformed by the inverse of a
 * transform is p * m^-1). */
void st_matrix_transform_plane(GLfloat out[4], const GLfloat p[4],
                               const GLfloat m[16]);
void st_matrix_transpose(GLfloat out[16], const GLfloat m[16]);
/** The general 4x4 inverse; false (and the identity) if singular. */
bool st_matrix_invert(GLfloat out[16], const GLfloat m[16]);
bool st_matrix_get(struct st_context *ctx, GLenum pname, struct st_value *v);

/* ---- st_light.c ---- */

void st_light_init(struct st_compat_state *cs);
bool st_light_get(struct st_context *ctx, GLenum pname, struct st_value *v);
/** The material of @p face (0 front, 1 back) as lighting sees it: the
 * stored one with the parameter GL_COLOR_MATERIAL tracks replaced by the
 * current colour while it is enabled. */
void st_light_material(struct st_context *ctx, unsigned face,
                       struct st_material *out);
/** Stores the tracked colour into the material, before tracking stops
 * or changes. */
void st_light_latch_color_material(struct st_context *ctx);

/* ---- st_texenv.c ---- */

void st_texenv_init(struct st_compat_state *cs);
/** The unit the per-unit compatibility state of @p func applies to, or
 * -1 after raising GL_INVALID_OPERATION when the active unit has no
 * fixed-function state. */
int st_compat_unit(struct st_context *ctx, const char *func);

/* ---- st_ff.c ---- */

void st_ff_fini(struct st_compat_state *cs);

/* ---- helpers ---- */

/** An integer colour component to float (GL 4.6 compat, table 2.2:
 * c = (2i + 1) / (2^32 - 1)). */
static inline GLfloat
st_int_to_color(GLint i)
{
   return (GLfloat)((2.0 * (double)i + 1.0) / 4294967295.0);
}

/** Sets @p v to @p n floats of @p f. */
static inline void
st_value_floats(struct st_value *v, const GLfloat *f, unsigned n)
{
   v->type = ST_VALUE_FLOAT;
   v->count = n;
   for (unsigned i = 0; i < n; i++)
      v->f[i] = f[i];
}

static inline void
st_value_color(struct st_value *v, const GLfloat *f)
{
   st_value_floats(v, f, 4);
   v->type = ST_VALUE_FLOAT_COLOR;
}

#endif
