/* SPDX-License-Identifier: MIT */

/*
 * The fixed-function program's key: everything of the compatibility
 * state that changes the program's code (values that only change
 * uniforms are not in it).  Keys are compared and hashed as bytes, so a
 * key is always zeroed before it is filled.
 *
 * st_ff.c makes the key from the context and caches one linked program
 * per key; st_ff_vs.c and st_ff_fs.c build the IR of a key.
 */
#ifndef ST_FF_H
#define ST_FF_H

#include <stdbool.h>
#include <stdint.h>

#include "st_compat.h"

/** What a texture unit samples (the enable of highest priority, GL 4.6
 * compat, 16.1: cube map, 3D, rectangle, 2D, 1D). */
enum st_ff_target {
   ST_FF_TEX_NONE,
   ST_FF_TEX_1D,
   ST_FF_TEX_2D,
   ST_FF_TEX_3D,
   ST_FF_TEX_CUBE,
   ST_FF_TEX_RECT,
};

enum st_ff_env {
   ST_FF_ENV_MODULATE,
   ST_FF_ENV_REPLACE,
   ST_FF_ENV_DECAL,
   ST_FF_ENV_BLEND,
   ST_FF_ENV_ADD,
   ST_FF_ENV_COMBINE,
};

/** The base format of a unit's texture, as far as table 16.1 of GL 4.6
 * compat tells the formats apart (RG and RED sample like RGB). */
enum st_ff_base {
   ST_FF_BASE_RGBA,
   ST_FF_BASE_RGB,
   ST_FF_BASE_ALPHA,
   ST_FF_BASE_LUMINANCE,
   ST_FF_BASE_LUMINANCE_ALPHA,
   ST_FF_BASE_INTENSITY,
};

enum st_ff_texgen {
   ST_FF_TEXGEN_OFF,
   ST_FF_TEXGEN_OBJECT_LINEAR,
   ST_FF_TEXGEN_EYE_LINEAR,
   ST_FF_TEXGEN_SPHERE_MAP,
   ST_FF_TEXGEN_NORMAL_MAP,
   ST_FF_TEXGEN_REFLECTION_MAP,
};

enum st_ff_fog {
   ST_FF_FOG_OFF,
   ST_FF_FOG_LINEAR,
   ST_FF_FOG_EXP,
   ST_FF_FOG_EXP2,
};

/** GL_COMBINE state of a unit, as GL enums (16-bit: all fit). */
struct st_ff_combine {
   uint16_t func_rgb, func_alpha;
   uint16_t src_rgb[3], src_alpha[3];
   uint16_t operand_rgb[3], operand_alpha[3];
   uint8_t rgb_shift, alpha_shift; /**< scale 1, 2, 4 as 0, 1, 2 */
};

struct st_ff_unit {
   uint8_t target;               /**< enum st_ff_target */
   uint8_t env;                  /**< enum st_ff_env */
   uint8_t base;                 /**< enum st_ff_base */
   uint8_t texgen[4];            /**< enum st_ff_texgen of S, T, R, Q */
   struct st_ff_combine combine; /**< ST_FF_ENV_COMBINE only */
};

/** Per light: how its direction and attenuation are computed. */
struct st_ff_light {
   bool enabled;
   bool positional; /**< position.w != 0 */
   bool spot;       /**< spot cutoff != 180 */
};

struct st_ff_key {
   struct st_ff_unit unit[ST_MAX_FF_TEXTURE_UNITS];
   uint8_t fog;            /**< enum st_ff_fog */
   bool fog_from_coord;    /**< GL_FOG_COORD_SRC is GL_FOG_COORD */
   bool color_sum;         /**< add the secondary colour */
   bool clip_vertex;       /**< some user clip plane is enabled */
   bool point_attenuation; /**< distance attenuation is not (1, 0, 0) */
   /** Units whose gl_TexCoord[] the vertex stage writes although they
    * sample nothing: those an application fragment shader reads after
    * fixed-function vertex processing. */
   uint8_t texcoords_read;

   /** Pixel rectangles (glDrawPixels, glBitmap, glCopyPixels): the
    * vertex stage passes gl_Vertex (clip coordinates), the colours, the
    * texture coordinates and the fog coordinate through unchanged. */
   bool window_pass;

   bool lighting;
   bool two_side;
   bool local_viewer;
   bool separate_specular;
   bool normalize, rescale_normal;
   /** GL_COLOR_MATERIAL: the tracked mode and face, 0 when off. */
   uint16_t color_material_mode, color_material_face;
   /** The material properties that vary per vertex, read from the
    * attributes ST_ATTRIB_MATERIAL(i) (st_compat.h). */
   struct st_vertex_material vertex_material[ST_MAX_VERTEX_MATERIALS];
   struct st_ff_light light[ST_MAX_LIGHTS];
};

#endif
