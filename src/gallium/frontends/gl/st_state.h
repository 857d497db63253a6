/* SPDX-License-Identifier: MIT */

/*
 * The simple fixed state of a context: what glEnable, glBlendFunc,
 * glDepthFunc, glStencilOp, glCullFace, glViewport, glPixelStore... set.
 * Values are kept as GL gives them (GL enums, floats as given, clamped
 * where the specification says the state is clamped).  st_state.c
 * implements these entry points and their glGet answers; st_validate.c
 * turns the state into pipe state objects before a draw.
 *
 * Writers set the ST_DIRTY_* bit of what they changed.
 */
#ifndef ST_STATE_H
#define ST_STATE_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

#define ST_MAX_DRAW_BUFFERS   8
#define ST_MAX_VIEWPORTS      1
#define ST_MAX_CLIP_DISTANCES 8

/* What changed since the last draw (st_context::dirty). */
#define ST_DIRTY_BLEND       (1ull << 0)
#define ST_DIRTY_DSA         (1ull << 1) /**< depth, stencil, alpha test */
#define ST_DIRTY_RASTERIZER  (1ull << 2)
#define ST_DIRTY_VIEWPORT    (1ull << 3)
#define ST_DIRTY_SCISSOR     (1ull << 4)
#define ST_DIRTY_BLEND_COLOR (1ull << 5)
#define ST_DIRTY_STENCIL_REF (1ull << 6)
#define ST_DIRTY_SAMPLE_MASK (1ull << 7)
#define ST_DIRTY_CLIP        (1ull << 8) /**< user clip planes */
#define ST_DIRTY_FRAMEBUFFER (1ull << 9)
#define ST_DIRTY_PROGRAM     (1ull << 10) /**< shaders to bind */
#define ST_DIRTY_CONSTANTS   (1ull << 11) /**< uniforms, uniform buffers */
#define ST_DIRTY_TEXTURES    (1ull << 12) /**< views and samplers */
#define ST_DIRTY_VERTEX      (1ull << 13) /**< arrays and current values */
#define ST_DIRTY_XFB         (1ull << 14)
#define ST_DIRTY_COMPAT      (1ull << 15) /**< fixed-function state */
#define ST_DIRTY_ALL         (~0ull)

struct st_pixelstore {
   GLint alignment; /**< 1, 2, 4, 8 */
   GLint row_length;
   GLint image_height;
   GLint skip_pixels;
   GLint skip_rows;
   GLint skip_images;
   bool swap_bytes;
   bool lsb_first;
};

struct st_blend_rt {
   GLenum src_rgb, dst_rgb, src_alpha, dst_alpha;
   GLenum eq_rgb, eq_alpha;
};

struct st_stencil_face {
   GLenum func;
   GLint ref;
   GLuint value_mask;
   GLuint write_mask;
   GLenum fail, zfail, zpass;
};

struct st_state {
   /* Enables.  Per draw buffer: bit i is buffer i. */
   unsigned blend_enabled;
   bool cull_face;
   bool depth_test;
   bool stencil_test;
   bool scissor_test;
   bool polygon_offset_fill, polygon_offset_line, polygon_offset_point;
   bool multisample;
   bool sample_alpha_to_coverage, sample_alpha_to_one, sample_coverage;
   bool sample_mask_enabled;
   bool dither;
   bool color_logic_op;
   bool primitive_restart;
   bool primitive_restart_fixed_index;
   /** glPrimitiveRestartIndex. */
   GLuint primitive_restart_index;
   bool program_point_size;
   bool rasterizer_discard;
   bool depth_clamp;
   bool texture_cube_map_seamless;
   bool line_smooth, polygon_smooth, point_smooth;
   bool framebuffer_srgb;
   /** GL_CLIP_DISTANCEi / GL_CLIP_PLANEi: bit i. */
   unsigned clip_planes_enabled;
   /** Compatibility enables that only the rasterizer state needs. */
   bool line_stipple, polygon_stipple, point_sprite;

   /* Blending and colour writes. */
   struct st_blend_rt blend[ST_MAX_DRAW_BUFFERS];
   GLfloat blend_color[4];
   GLenum logic_op;
   /** Bits 0..3: R, G, B, A of draw buffer i. */
   uint8_t color_mask[ST_MAX_DRAW_BUFFERS];

   /* Depth. */
   GLenum depth_func;
   bool depth_mask;
   GLdouble depth_near, depth_far;

   /* Stencil: [0] front, [1] back. */
   struct st_stencil_face stencil[2];

   /* Clear values. */
   GLfloat clear_color[4];
   /** EXT_texture_integer: glClearColorIiEXT / IuiEXT's values (their
    * bits) and which call set the clear colour last: GL_FLOAT
    * (glClearColor), GL_INT or GL_UNSIGNED_INT.  glClear writes that
    * value as it was given. */
   GLuint clear_color_int[4];
   GLenum clear_color_type;
   GLdouble clear_depth;
   GLint clear_stencil;

   /* Rasterization. */
   GLenum cull_face_mode;
   GLenum front_face;
   GLenum polygon_mode_front, polygon_mode_back;
   GLfloat polygon_offset_factor, polygon_offset_units, polygon_offset_clamp;
   GLfloat line_width;
   GLfloat point_size;
   GLfloat point_fade_threshold;
   GLenum point_sprite_coord_origin;
   GLenum provoking_vertex;
   GLfloat sample_coverage_value;
   bool sample_coverage_invert;
   GLbitfield sample_mask_value;
   GLenum shade_model;
   GLint line_stipple_factor;
   GLushort line_stipple_pattern;
   GLuint polygon_stipple_pattern[32];
   /** GL_CLAMP_VERTEX_COLOR / FRAGMENT / READ: GL_TRUE, GL_FALSE or
    * GL_FIXED_ONLY. */
   GLenum clamp_vertex_color, clamp_fragment_color, clamp_read_color;

   /* Viewport and scissor (window coordinates, y up). */
   GLint viewport[4];
   GLint scissor[4];

   /* Hints. */
   GLenum hint_line_smooth, hint_polygon_smooth, hint_texture_compression,
      hint_fragment_shader_derivative, hint_perspective_correction,
      hint_point_smooth, hint_fog, hint_generate_mipmap;

   /* Pixel store (glPixelStore). */
   struct st_pixelstore pack, unpack;
};

/** Sets @p state to the initial values of the specification (viewport
 * and scissor 0, 0, 0, 0 until a drawable is first bound). */
void st_state_init(struct st_state *state);

#endif
