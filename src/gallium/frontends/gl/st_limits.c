/* SPDX-License-Identifier: MIT */

/*
 * Implementation limits.  Computed once per context from the pipe
 * screen (capped by the state tracker's own array sizes, ST_MAX_*), so
 * that glGet and the GLSL compiler see the same numbers and both match
 * what the driver can do.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "glapi_extensions.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_get.h"
#include "st_limits.h"
#include "st_pixels.h"
#include "st_query.h"
#include "st_texture.h"
#include "st_vertex.h"
#include "util/u_list.h"

/** Every stage's default uniform block, uniform blocks and the number
 * of bindings: the GL 3.3 minimum of 36 bindings split over 3 stages. */
#define ST_MAX_STAGE_UNIFORM_BLOCKS (ST_MAX_UNIFORM_BUFFER_BINDINGS / 3)
/** Recommended batch sizes of glDrawRangeElements (hints only). */
#define ST_MAX_ELEMENTS (1 << 20)

struct limits {
   struct glsl_limits glsl;
   GLint max_texture_size, max_3d_texture_size, max_cube_map_size;
   GLint max_array_layers, max_texture_buffer_size;
   GLint max_renderbuffer_size, max_viewport_size;
   GLint max_samples, max_integer_samples, max_color_texture_samples,
      max_depth_texture_samples;
   GLint uniform_buffer_offset_alignment;
   GLint max_xfb_buffers, max_xfb_separate_components,
      max_xfb_interleaved_components;
   GLint max_dual_source_draw_buffers;
   GLint subpixel_bits;
   GLfloat line_width[2], line_width_aa[2], line_width_granularity;
   GLfloat point_size[2], point_size_aa[2], point_size_granularity;
   GLfloat max_lod_bias;
};

static struct limits *
limits(struct st_context *ctx)
{
   return u_container_of(ctx->glsl_limits, struct limits, glsl);
}

static int
min_int(int a, int b)
{
   return a < b ? a : b;
}

/** The largest power-of-two size of @p levels mipmap levels. */
static int
size_of_levels(int levels)
{
   levels = min_int(levels, ST_MAX_TEXTURE_LEVELS);
   return levels > 0 ? 1 << (levels - 1) : 0;
}

/** The highest sample count up to the screen's maximum that @p format
 * supports for @p bind (1 when it has no multisampling). */
static int
max_format_samples(struct pipe_screen *screen, enum pipe_format format,
                   unsigned bind, int max)
{
   for (int n = max; n > 1; n--) {
      if (screen->is_format_supported(screen, format, PIPE_TEXTURE_2D, n, bind))
         return n;
   }
   return 1;
}

static void
fill_stage_limits(struct pipe_screen *screen, struct limits *l)
{
   struct glsl_limits *g = &l->glsl;
   enum pipe_shader_type stages[3] = { PIPE_SHADER_VERTEX, PIPE_SHADER_GEOMETRY,
                                       PIPE_SHADER_FRAGMENT };
   unsigned uniforms[3], blocks[3], samplers[3];
   for (unsigned i = 0; i < 3; i++) {
      int (*param)(struct pipe_screen *, enum pipe_shader_type,
                   enum pipe_shader_cap) = screen->get_shader_param;
      uniforms[i] =
         param(screen, stages[i], PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE) / 4;
      /* Constant buffer 0 is the default block. */
      int cbufs = param(screen, stages[i], PIPE_SHADER_CAP_MAX_CONST_BUFFERS);
      blocks[i] =
         cbufs > 1 ? min_int(cbufs - 1, ST_MAX_STAGE_UNIFORM_BLOCKS) : 0;
      samplers[i] =
         min_int(param(screen, stages[i], PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS),
                 param(screen, stages[i], PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS));
      samplers[i] = min_int(samplers[i], ST_MAX_TEXTURE_UNITS / 3);
   }
   g->max_vertex_uniform_components = uniforms[0];
   g->max_geometry_uniform_components = uniforms[1];
   g->max_fragment_uniform_components = uniforms[2];
   g->max_vertex_uniform_vectors = uniforms[0] / 4;
   g->max_fragment_uniform_vectors = uniforms[2] / 4;
   g->max_vertex_uniform_blocks = blocks[0];
   g->max_geometry_uniform_blocks = blocks[1];
   g->max_fragment_uniform_blocks = blocks[2];
   g->max_combined_uniform_blocks = min_int(blocks[0] + blocks[1] + blocks[2],
                                            ST_MAX_UNIFORM_BUFFER_BINDINGS);
   g->max_uniform_buffer_bindings = ST_MAX_UNIFORM_BUFFER_BINDINGS;
   g->max_vertex_texture_image_units = samplers[0];
   g->max_geometry_texture_image_units = samplers[1];
   g->max_texture_image_units = samplers[2];
   g->max_combined_texture_image_units =
      samplers[0] + samplers[1] + samplers[2];

   int vs_inputs = screen->get_shader_param(screen, PIPE_SHADER_VERTEX,
                                            PIPE_SHADER_CAP_MAX_INPUTS);
   g->max_vertex_attribs =
      min_int(min_int(vs_inputs,
                      screen->get_param(screen, PIPE_CAP_MAX_VERTEX_ATTRIBS)),
              ST_MAX_VERTEX_ATTRIBS);

   /* Varyings: the vec4 slots between stages, as many as the fragment
    * shader can read. */
   int varyings = min_int(screen->get_param(screen, PIPE_CAP_MAX_VARYINGS),
                          screen->get_shader_param(screen, PIPE_SHADER_FRAGMENT,
                                                   PIPE_SHADER_CAP_MAX_INPUTS));
   g->max_varying_components = varyings * 4;
   g->max_varying_vectors = varyings;
   g->max_vertex_output_components = varyings * 4;
   g->max_fragment_input_components = varyings * 4;
   g->max_geometry_input_components =
      screen->get_shader_param(screen, PIPE_SHADER_GEOMETRY,
                               PIPE_SHADER_CAP_MAX_INPUTS) *
      4;
   g->max_geometry_output_components = varyings * 4;
   g->max_geometry_output_vertices =
      screen->get_param(screen, PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES);
   g->max_geometry_total_output_components =
      screen->get_param(screen, PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS);
   g->min_program_texel_offset =
      screen->get_param(screen, PIPE_CAP_MIN_TEXEL_OFFSET);
   g->max_program_texel_offset =
      screen->get_param(screen, PIPE_CAP_MAX_TEXEL_OFFSET);
   g->max_uniform_block_size =
      screen->get_param(screen, PIPE_CAP_MAX_CONSTANT_BUFFER_SIZE);
}

bool
st_limits_init(struct st_context *ctx)
{
   struct limits *l = calloc(1, sizeof(*l));
   if (!l)
      return false;
   struct pipe_screen *s = ctx->screen;
   struct glsl_limits *g = &l->glsl;

   glsl_limits_default(g);
   fill_stage_limits(s, l);
   g->max_draw_buffers = min_int(s->get_param(s, PIPE_CAP_MAX_RENDER_TARGETS),
                                 ST_MAX_DRAW_BUFFERS);
   g->max_clip_distances =
      min_int(s->get_param(s, PIPE_CAP_MAX_CLIP_PLANES), ST_MAX_CLIP_DISTANCES);
   g->max_texture_units = ST_MAX_FF_TEXTURE_UNITS;
   g->max_texture_coords = ST_MAX_FF_TEXTURE_UNITS;
   g->max_lights = ST_MAX_LIGHTS;

   l->max_texture_size = min_int(s->get_param(s, PIPE_CAP_MAX_TEXTURE_2D_SIZE),
                                 size_of_levels(ST_MAX_TEXTURE_LEVELS));
   l->max_3d_texture_size =
      size_of_levels(s->get_param(s, PIPE_CAP_MAX_TEXTURE_3D_LEVELS));
   l->max_cube_map_size =
      size_of_levels(s->get_param(s, PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS));
   l->max_array_layers = s->get_param(s, PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS);
   l->max_texture_buffer_size =
      s->get_param(s, PIPE_CAP_MAX_TEXTURE_BUFFER_SIZE);
   l->max_renderbuffer_size = min_int(
      s->get_param(s, PIPE_CAP_MAX_FRAMEBUFFER_SIZE), l->max_texture_size);
   l->max_viewport_size = s->get_param(s, PIPE_CAP_MAX_VIEWPORT_SIZE);

   int samples = s->get_param(s, PIPE_CAP_MAX_SAMPLES);
   l->max_samples = samples > 1 ? samples : 0;
   l->max_color_texture_samples = max_format_samples(
      s, PIPE_FORMAT_R8G8B8A8_UNORM,
      PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW, samples);
   l->max_depth_texture_samples = max_format_samples(
      s, PIPE_FORMAT_Z24_UNORM_S8_UINT,
      PIPE_BIND_DEPTH_STENCIL | PIPE_BIND_SAMPLER_VIEW, samples);
   l->max_integer_samples = max_format_samples(
      s, PIPE_FORMAT_R32G32B32A32_UINT, PIPE_BIND_RENDER_TARGET, samples);

   l->uniform_buffer_offset_alignment =
      s->get_param(s, PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT);
   l->max_xfb_buffers = min_int(
      s->get_param(s, PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS), ST_MAX_XFB_BUFFERS);
   l->max_xfb_separate_components =
      s->get_param(s, PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS);
   l->max_xfb_interleaved_components =
      s->get_param(s, PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS);
   l->max_dual_source_draw_buffers =
      s->get_param(s, PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS);
   /* The pipe interface has no cap for it: swrast snaps vertices to
    * 1/256 pixel (SW_SUBPIXEL_BITS). */
   l->subpixel_bits = 8;

   l->line_width[0] = s->get_paramf(s, PIPE_CAPF_MIN_LINE_WIDTH);
   l->line_width[1] = s->get_paramf(s, PIPE_CAPF_MAX_LINE_WIDTH);
   l->line_width_aa[0] = s->get_paramf(s, PIPE_CAPF_MIN_LINE_WIDTH_AA);
   l->line_width_aa[1] = s->get_paramf(s, PIPE_CAPF_MAX_LINE_WIDTH_AA);
   l->line_width_granularity =
      s->get_paramf(s, PIPE_CAPF_LINE_WIDTH_GRANULARITY);
   l->point_size[0] = s->get_paramf(s, PIPE_CAPF_MIN_POINT_SIZE);
   l->point_size[1] = s->get_paramf(s, PIPE_CAPF_MAX_POINT_SIZE);
   l->point_size_aa[0] = s->get_paramf(s, PIPE_CAPF_MIN_POINT_SIZE_AA);
   l->point_size_aa[1] = s->get_paramf(s, PIPE_CAPF_MAX_POINT_SIZE_AA);
   l->point_size_granularity =
      s->get_paramf(s, PIPE_CAPF_POINT_SIZE_GRANULARITY);
   l->max_lod_bias = s->get_paramf(s, PIPE_CAPF_MAX_TEXTURE_LOD_BIAS);

   ctx->glsl_limits = g;
   return true;
}

void
st_limits_fini(struct st_context *ctx)
{
   if (ctx->glsl_limits)
      free(limits(ctx));
   ctx->glsl_limits = NULL;
}

static void
value_ints(struct st_value *v, GLint a, GLint b)
{
   v->type = ST_VALUE_INT;
   v->count = 2;
   v->i[0] = a;
   v->i[1] = b;
}

static void
value_floats(struct st_value *v, const GLfloat f[2])
{
   v->type = ST_VALUE_FLOAT;
   v->count = 2;
   v->f[0] = f[0];
   v->f[1] = f[1];
}

static void
value_int64(struct st_value *v, GLint64 i)
{
   v->type = ST_VALUE_INT64;
   v->count = 1;
   v->i64[0] = i;
}

/** The limits of desktop GL 3.2: geometry shaders and multisample
 * textures. */
static bool
gl32_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct glsl_limits *g = ctx->glsl_limits;
   const struct limits *l = limits(ctx);
   switch (pname) {
   case GL_MAX_GEOMETRY_UNIFORM_COMPONENTS:
      st_value_int(v, g->max_geometry_uniform_components);
      return true;
   case GL_MAX_GEOMETRY_UNIFORM_BLOCKS:
      st_value_int(v, g->max_geometry_uniform_blocks);
      return true;
   case GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS:
      st_value_int(v, g->max_geometry_uniform_components +
                         g->max_geometry_uniform_blocks *
                            g->max_uniform_block_size / 4);
      return true;
   case GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS:
      st_value_int(v, g->max_geometry_texture_image_units);
      return true;
   case GL_MAX_GEOMETRY_OUTPUT_VERTICES:
      st_value_int(v, g->max_geometry_output_vertices);
      return true;
   case GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
      st_value_int(v, g->max_geometry_total_output_components);
      return true;
   case GL_MAX_GEOMETRY_INPUT_COMPONENTS:
      st_value_int(v, g->max_geometry_input_components);
      return true;
   case GL_MAX_GEOMETRY_OUTPUT_COMPONENTS:
      st_value_int(v, g->max_geometry_output_components);
      return true;
   case GL_MAX_COLOR_TEXTURE_SAMPLES:
      st_value_int(v, l->max_color_texture_samples);
      return true;
   case GL_MAX_DEPTH_TEXTURE_SAMPLES:
      st_value_int(v, l->max_depth_texture_samples);
      return true;
   case GL_MAX_INTEGER_SAMPLES:
      st_value_int(v, l->max_integer_samples);
      return true;
   case GL_MAX_SAMPLE_MASK_WORDS:
      st_value_int(v, 1);
      return true;
   default:
      return false;
   }
}

/** The limits of desktop GL up to 3.1 (and the extensions of the
 * compatibility context). */
static bool
desktop_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct glsl_limits *g = ctx->glsl_limits;
   const struct limits *l = limits(ctx);
   switch (pname) {
   case GL_MAX_DUAL_SOURCE_DRAW_BUFFERS:
      st_value_int(v, l->max_dual_source_draw_buffers);
      return true;
   case GL_MAX_TEXTURE_BUFFER_SIZE:
      st_value_int(v, l->max_texture_buffer_size);
      return true;
   case GL_MAX_RECTANGLE_TEXTURE_SIZE:
      st_value_int(v, l->max_texture_size);
      return true;
   case GL_MAX_CLIP_DISTANCES:
      st_value_int(v, g->max_clip_distances);
      return true;
   case GL_SMOOTH_LINE_WIDTH_RANGE:
      value_floats(v, l->line_width_aa);
      return true;
   case GL_SMOOTH_LINE_WIDTH_GRANULARITY:
      st_value_float(v, l->line_width_granularity);
      return true;
   case GL_POINT_SIZE_RANGE:
      value_floats(v, l->point_size_aa);
      return true;
   case GL_POINT_SIZE_GRANULARITY:
      st_value_float(v, l->point_size_granularity);
      return true;
   default:
      return false;
   }
}

/** The compatibility profile's limits (st_compat.c answers those of
 * the fixed-function state: lights, texture units, matrix stacks). */
static bool
compat_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct limits *l = limits(ctx);
   switch (pname) {
   case GL_ALIASED_POINT_SIZE_RANGE:
      value_floats(v, l->point_size);
      return true;
   default:
      return false;
   }
}

/**
 * The general-purpose compressed formats that GL_COMPRESSED_TEXTURE_FORMATS
 * lists: ES 3.0's ETC2 / EAC formats and ETC1 (ES 2.0 too) where the
 * context accepts them and the screen samples them.  Desktop GL lists
 * no other: RGTC is special-purpose by its specification, and S3TC is
 * not advertised.
 */
static const GLenum es_compressed_formats[] = {
   GL_COMPRESSED_R11_EAC,
   GL_COMPRESSED_SIGNED_R11_EAC,
   GL_COMPRESSED_RG11_EAC,
   GL_COMPRESSED_SIGNED_RG11_EAC,
   GL_COMPRESSED_RGB8_ETC2,
   GL_COMPRESSED_SRGB8_ETC2,
   GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
   GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
   GL_COMPRESSED_RGBA8_ETC2_EAC,
   GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC,
   /* OES_compressed_ETC1_RGB8_texture, ES 2.0 and 3.0. */
   GL_ETC1_RGB8_OES,
};

static bool
compressed_formats_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   if (pname != GL_NUM_COMPRESSED_TEXTURE_FORMATS &&
       pname != GL_COMPRESSED_TEXTURE_FORMATS)
      return false;
   unsigned n = 0;
   GLint formats[ST_VALUE_MAX];
   /* ARB_ES3_compatibility makes ETC2 / EAC general-purpose formats of
    * desktop GL too (GL 4.3 lists them); the format table leaves ETC1
    * to ES. */
   bool listed = ctx->es || st_has_extension(ctx, ST_EXT_ARB_ES3_compatibility);
   unsigned candidates =
      listed ? sizeof(es_compressed_formats) / sizeof(es_compressed_formats[0])
             : 0;
   for (unsigned i = 0; i < candidates; i++) {
      GLenum f = es_compressed_formats[i];
      if (st_choose_format(ctx, f, GL_NONE, GL_NONE, PIPE_TEXTURE_2D,
                           PIPE_BIND_SAMPLER_VIEW) != PIPE_FORMAT_NONE)
         formats[n++] = (GLint)f;
   }
   if (pname == GL_NUM_COMPRESSED_TEXTURE_FORMATS) {
      st_value_int(v, (GLint)n);
      return true;
   }
   /* An empty list: the query succeeds and writes nothing. */
   v->type = ST_VALUE_ENUM;
   v->count = n;
   memcpy(v->i, formats, n * sizeof(formats[0]));
   return true;
}

/** The ES 2.0 queries GL_ARB_ES2_compatibility brings to desktop GL. */
static bool
es2_compat_pname(GLenum pname)
{
   switch (pname) {
   case GL_NUM_SHADER_BINARY_FORMATS:
   case GL_MAX_VERTEX_UNIFORM_VECTORS:
   case GL_MAX_FRAGMENT_UNIFORM_VECTORS:
   case GL_MAX_VARYING_VECTORS:
   case GL_SHADER_COMPILER:
      return true;
   default:
      return false;
   }
}

/** The limits ES 3.0 names in its own way. */
static bool
es_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct glsl_limits *g = ctx->glsl_limits;
   const struct limits *l = limits(ctx);
   switch (pname) {
   case GL_ALIASED_POINT_SIZE_RANGE:
      value_floats(v, l->point_size);
      return true;
   case GL_MAX_ELEMENT_INDEX:
      /* Indices are 32 bits wide, all of them usable. */
      value_int64(v, (GLint64)UINT32_MAX);
      return true;
   /* Neither shader nor program binaries are supported. */
   case GL_NUM_SHADER_BINARY_FORMATS:
   case GL_NUM_PROGRAM_BINARY_FORMATS:
      st_value_int(v, 0);
      return true;
   case GL_MAX_VERTEX_UNIFORM_VECTORS:
      st_value_int(v, g->max_vertex_uniform_vectors);
      return true;
   case GL_MAX_FRAGMENT_UNIFORM_VECTORS:
      st_value_int(v, g->max_fragment_uniform_vectors);
      return true;
   case GL_MAX_VARYING_VECTORS:
      st_value_int(v, g->max_varying_vectors);
      return true;
   case GL_SHADER_COMPILER:
      st_value_bool(v, true);
      return true;
   case GL_MAX_CLIP_DISTANCES: /* = GL_MAX_CLIP_DISTANCES_APPLE */
      if (!st_has_extension(ctx, ST_EXT_APPLE_clip_distance))
         return false;
      st_value_int(v, g->max_clip_distances);
      return true;
   default:
      return false;
   }
}

bool
st_limits_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   if (index >= 0)
      return false;
   const struct glsl_limits *g = ctx->glsl_limits;
   const struct limits *l = limits(ctx);

   switch (pname) {
   case GL_MAX_TEXTURE_SIZE:
      st_value_int(v, l->max_texture_size);
      return true;
   case GL_MAX_3D_TEXTURE_SIZE:
      st_value_int(v, l->max_3d_texture_size);
      return true;
   case GL_MAX_CUBE_MAP_TEXTURE_SIZE:
      st_value_int(v, l->max_cube_map_size);
      return true;
   case GL_MAX_ARRAY_TEXTURE_LAYERS:
      st_value_int(v, l->max_array_layers);
      return true;
   case GL_MAX_TEXTURE_LOD_BIAS:
      st_value_float(v, l->max_lod_bias);
      return true;
   case GL_MAX_RENDERBUFFER_SIZE:
      st_value_int(v, l->max_renderbuffer_size);
      return true;
   case GL_MAX_VIEWPORT_DIMS:
      value_ints(v, l->max_viewport_size, l->max_viewport_size);
      return true;
   case GL_MAX_SAMPLES:
      st_value_int(v, l->max_samples);
      return true;
   case GL_MAX_DRAW_BUFFERS:
   case GL_MAX_COLOR_ATTACHMENTS:
      st_value_int(v, g->max_draw_buffers);
      return true;
   case GL_SUBPIXEL_BITS:
      st_value_int(v, l->subpixel_bits);
      return true;
   case GL_ALIASED_LINE_WIDTH_RANGE:
      value_floats(v, l->line_width);
      return true;
   case GL_MAX_ELEMENTS_VERTICES:
   case GL_MAX_ELEMENTS_INDICES:
      st_value_int(v, ST_MAX_ELEMENTS);
      return true;
   case GL_MAX_SERVER_WAIT_TIMEOUT:
      /* Commands run in order on one queue: glWaitSync never has to
       * wait, so no timeout is too long (0 would claim it cannot wait
       * at all; Piglit's gl-3.2-get-integer-64v wants a positive value). */
      value_int64(v, INT64_MAX);
      return true;

   case GL_MAX_VERTEX_ATTRIBS:
      st_value_int(v, g->max_vertex_attribs);
      return true;
   case GL_MAX_TEXTURE_IMAGE_UNITS:
      st_value_int(v, g->max_texture_image_units);
      return true;
   case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS:
      st_value_int(v, g->max_vertex_texture_image_units);
      return true;
   case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS:
      st_value_int(v, g->max_combined_texture_image_units);
      return true;
   case GL_MAX_VERTEX_UNIFORM_COMPONENTS:
      st_value_int(v, g->max_vertex_uniform_components);
      return true;
   case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS:
      st_value_int(v, g->max_fragment_uniform_components);
      return true;
   case GL_MAX_VARYING_COMPONENTS:
      st_value_int(v, g->max_varying_components);
      return true;
   case GL_MAX_VERTEX_OUTPUT_COMPONENTS:
   case GL_MAX_FRAGMENT_INPUT_COMPONENTS:
      /* GL 3.2 and ES 3.0. */
      if (!ctx->es && ctx->version < 32)
         return false;
      st_value_int(v, pname == GL_MAX_VERTEX_OUTPUT_COMPONENTS
                         ? g->max_vertex_output_components
                         : g->max_fragment_input_components);
      return true;
   case GL_MAX_VERTEX_UNIFORM_BLOCKS:
      st_value_int(v, g->max_vertex_uniform_blocks);
      return true;
   case GL_MAX_FRAGMENT_UNIFORM_BLOCKS:
      st_value_int(v, g->max_fragment_uniform_blocks);
      return true;
   case GL_MAX_COMBINED_UNIFORM_BLOCKS:
      st_value_int(v, g->max_combined_uniform_blocks);
      return true;
   case GL_MAX_UNIFORM_BUFFER_BINDINGS:
      st_value_int(v, g->max_uniform_buffer_bindings);
      return true;
   case GL_MAX_UNIFORM_BLOCK_SIZE:
      st_value_int(v, g->max_uniform_block_size);
      return true;
   case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT:
      st_value_int(v, l->uniform_buffer_offset_alignment);
      return true;
   case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
      st_value_int(v, g->max_vertex_uniform_components +
                         g->max_vertex_uniform_blocks *
                            g->max_uniform_block_size / 4);
      return true;
   case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
      st_value_int(v, g->max_fragment_uniform_components +
                         g->max_fragment_uniform_blocks *
                            g->max_uniform_block_size / 4);
      return true;
   case GL_MIN_PROGRAM_TEXEL_OFFSET:
      st_value_int(v, g->min_program_texel_offset);
      return true;
   case GL_MAX_PROGRAM_TEXEL_OFFSET:
      st_value_int(v, g->max_program_texel_offset);
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS:
      st_value_int(v, l->max_xfb_buffers);
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
      st_value_int(v, l->max_xfb_separate_components);
      return true;
   case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
      st_value_int(v, l->max_xfb_interleaved_components);
      return true;
   default:
      break;
   }

   if (compressed_formats_get(ctx, pname, v))
      return true;
   if (pname == GL_MAX_ELEMENT_INDEX && !ctx->es &&
       st_has_extension(ctx, ST_EXT_ARB_ES3_compatibility))
      return es_get(ctx, pname, v);
   if (!ctx->es && st_has_extension(ctx, ST_EXT_ARB_ES2_compatibility) &&
       es2_compat_pname(pname))
      return es_get(ctx, pname, v);
   if (ctx->es)
      return es_get(ctx, pname, v);
   if (desktop_get(ctx, pname, v))
      return true;
   if (ctx->version >= 32 && gl32_get(ctx, pname, v))
      return true;
   return st_is_compat(ctx) && compat_get(ctx, pname, v);
}
