/* SPDX-License-Identifier: MIT */

/*
 * The compatibility profile's fixed-function state (st_compat*.c,
 * st_matrix.c, st_light.c, st_texenv.c, st_ff*.c): matrix stacks and
 * their operations (glMatrixMode, glLoadIdentity, glLoadMatrix*,
 * glMultMatrix*, glLoadTransposeMatrix*, glPushMatrix, glPopMatrix,
 * glRotate*, glScale*, glTranslate*, glOrtho, glFrustum), glAlphaFunc,
 * glClipPlane, glTexEnv* and glTexGen*, glLight* / glLightModel* /
 * glMaterial* / glColorMaterial, glFog*, the compatibility pnames of
 * glPointParameter* (through st_state.c), the compatibility enables
 * (GL_LIGHTING, GL_TEXTURE_2D..., GL_FOG, GL_ALPHA_TEST, GL_NORMALIZE...),
 * and the fixed-function program.  glShadeModel is st_state.c's.
 *
 * The built-in state uniforms of GLSL (gl_ModelViewProjectionMatrix,
 * gl_DepthRange...) get their values from st_compat_state_uniform(); in
 * core and ES contexts only gl_DepthRange exists.
 */
#ifndef ST_COMPAT_H
#define ST_COMPAT_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct glsl_program;
struct st_context;

/* Compatibility limits (glGet GL_MAX_MODELVIEW_STACK_DEPTH, ...). */
#define ST_MAX_MODELVIEW_STACK_DEPTH  32
#define ST_MAX_PROJECTION_STACK_DEPTH 32
#define ST_MAX_TEXTURE_STACK_DEPTH    10
/** Fixed-function texture units and coordinate sets (GL_MAX_TEXTURE_UNITS,
 * GL_MAX_TEXTURE_COORDS). */
#define ST_MAX_FF_TEXTURE_UNITS 8
#define ST_MAX_LIGHTS           8

/**
 * glMaterial between glBegin and glEnd changes the material per vertex:
 * each distinct (property, face) pair of a primitive, up to
 * ST_MAX_VERTEX_MATERIALS of them, becomes a vertex attribute
 * (st_vertex_priv.h ST_ATTRIB_MATERIAL) that the fixed-function program
 * lights with instead of the material uniform.  mode 0: unused.
 */
#define ST_MAX_VERTEX_MATERIALS 3
struct st_vertex_material {
   uint16_t mode; /**< GL_AMBIENT ... GL_SHININESS, GL_AMBIENT_AND_DIFFUSE */
   uint16_t face; /**< GL_FRONT, GL_BACK, GL_FRONT_AND_BACK */
};

/** glEnd: the per-vertex materials of the primitive just drawn become
 * the current material (their last values), and stop varying. */
void st_light_end_primitive(struct st_context *ctx);

void st_compat_init(struct st_context *ctx);
void st_compat_fini(struct st_context *ctx);

/**
 * The value of the built-in uniform leaf @p name as the linker lists it
 * ("gl_ModelViewProjectionMatrix", "gl_TextureMatrix[1]",
 * "gl_LightSource[0].diffuse", "gl_DepthRange.near"...): writes its
 * floats to @p out (matrices column by column, 16 at most) and returns
 * their number; 0 for a name it does not know.
 */
unsigned st_compat_state_uniform(struct st_context *ctx, const char *name,
                                 GLfloat out[16]);

/**
 * The linked program that implements the current fixed-function state
 * (transform, colour, texturing of the enabled units), made on first use
 * for each state key and cached; NULL when out of memory.  It uses the
 * compatibility attributes and state uniforms, so st_program.c binds it
 * like an application's program.
 */
const struct glsl_program *st_compat_ff_program(struct st_context *ctx);

/** Pixel rectangles draw (st_draw_pixels.c) while @p on: the
 * fixed-function vertex stage passes clip positions, colours, texture
 * and fog coordinates through (st_ff.h, st_ff_key::window_pass). */
void st_compat_set_window_pass(struct st_context *ctx, bool on);

/** glEnable / glDisable / glIsEnabled of the compatibility capabilities
 * (@p index: the i of glEnablei, -1 otherwise); false for a capability
 * this module does not know. */
bool st_compat_enable(struct st_context *ctx, GLenum cap, int index,
                      bool enable);
bool st_compat_is_enabled(struct st_context *ctx, GLenum cap, int index,
                          bool *enabled);

/** The alpha test for the depth/stencil/alpha state: enabled, function
 * (a GL enum) and reference value. */
void st_compat_alpha_test(struct st_context *ctx, bool *enabled, GLenum *func,
                          GLfloat *ref);

/** The user clip planes in eye coordinates as glClipPlane stored them
 * (the drivers compare them with gl_ClipVertex, which the
 * fixed-function program writes), for pipe_clip_state. */
void st_compat_clip_planes(struct st_context *ctx, GLfloat planes[8][4]);

/** What the rasterizer state takes from the compatibility state. */
struct st_compat_raster {
   /** Back-facing primitives take the back colours (two-sided lighting
    * of the fixed-function program, GL_VERTEX_PROGRAM_TWO_SIDE with a
    * program): pipe_rasterizer_state::light_twoside. */
   bool light_twoside;
   /** The fixed-function program writes gl_PointSize (distance
    * attenuation): OR it into point_size_per_vertex. */
   bool point_size_per_vertex;
   /** Bit i: GL_COORD_REPLACE of texture coordinate set i, when
    * GL_POINT_SPRITE is enabled: sprite_coord_enable. */
   unsigned sprite_coord_enable;
};

/** Fills @p out for the current state (compatibility contexts; all
 * zero in others).  A change of any of it sets ST_DIRTY_RASTERIZER. */
void st_compat_rasterizer(struct st_context *ctx, struct st_compat_raster *out);

/**
 * glPointParameter{f,i}[v] of the compatibility pnames
 * (GL_POINT_SIZE_MIN, GL_POINT_SIZE_MAX, GL_POINT_DISTANCE_ATTENUATION),
 * @p params converted to floats by the caller.  Returns false for a
 * pname this module does not know; raises GL_INVALID_VALUE itself for a
 * negative size.
 */
bool st_compat_point_parameter(struct st_context *ctx, GLenum pname,
                               const GLfloat *params);

#endif
