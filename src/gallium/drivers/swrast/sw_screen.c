/* SPDX-License-Identifier: MIT */

/*
 * The swrast screen: capabilities, format support, fences and the thread
 * pool the rasterizer's tiles run on.
 *
 * Capabilities describe what this driver does, no more: a limit here is a
 * promise the driver's code keeps (texture sizes are bounded by the level
 * arrays of struct sw_resource, the shader slot counts by
 * SW_MAX_SHADER_SLOTS...).
 *
 * Format support is derived from the generated format table: a format can
 * be rendered to if it has a pack function of its kind (float, integer,
 * depth/stencil) and is not compressed or shared-exponent; it can be
 * sampled if it can be decoded; it can be a vertex attribute if it is a
 * plain colour format with an unpack function (the only use of the
 * 64-bit float formats).  Multisampling is 4x for
 * render targets and depth buffers of 2D and 2D array targets.
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "sw_pipeline.h"
#include "sw_public.h"
#include "sw_resource.h"
#include "pipe/p_format.h"
#include "util/u_thread_pool.h"
#include "util/u_time.h"

/** Levels of the largest texture: 8192 texels. */
#define SW_MAX_TEXTURE_LEVELS 14
#define SW_MAX_TEXTURE_SIZE   (1 << (SW_MAX_TEXTURE_LEVELS - 1))
#define SW_MAX_TEXTURE_3D_LEVELS \
   10 /**< 512^3: 2048^3 texels are 8 GiB or more */
#define SW_MAX_ARRAY_LAYERS 2048

static const char *
sw_get_name(struct pipe_screen *screen)
{
   return "swrast (Indium CPU driver)";
}

static const char *
sw_get_vendor(struct pipe_screen *screen)
{
   return "Indium";
}

static int
sw_get_param(struct pipe_screen *screen, enum pipe_cap param)
{
   switch (param) {
   case PIPE_CAP_MAX_TEXTURE_2D_SIZE:
      return SW_MAX_TEXTURE_SIZE;
   case PIPE_CAP_MAX_TEXTURE_3D_LEVELS:
      return SW_MAX_TEXTURE_3D_LEVELS;
   case PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS:
      return SW_MAX_TEXTURE_LEVELS;
   case PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS:
      return SW_MAX_ARRAY_LAYERS;
   case PIPE_CAP_MAX_TEXTURE_BUFFER_SIZE:
      return 1 << 27;
   case PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_TEXTURE_MIRROR_CLAMP:
   case PIPE_CAP_TEXTURE_SWIZZLE:
   case PIPE_CAP_TEXTURE_SHADOW_MAP:
   case PIPE_CAP_SEAMLESS_CUBE_MAP:
   case PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE:
   case PIPE_CAP_CUBE_MAP_ARRAY:
   case PIPE_CAP_NPOT_TEXTURES:
   case PIPE_CAP_TEXTURE_COMPRESSED_S3TC:
   case PIPE_CAP_TEXTURE_COMPRESSED_RGTC:
   case PIPE_CAP_TEXTURE_BORDER_COLOR_INTEGER:
      return 1;
   case PIPE_CAP_MAX_TEXEL_OFFSET:
      return 7;
   case PIPE_CAP_MIN_TEXEL_OFFSET:
      return -8;
   case PIPE_CAP_MAX_TEXTURE_ANISOTROPY:
      return 1;

   case PIPE_CAP_MAX_RENDER_TARGETS:
      return PIPE_MAX_COLOR_BUFS;
   case PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS:
      return 1;
   case PIPE_CAP_MAX_VIEWPORTS:
      return 1;
   case PIPE_CAP_MAX_VIEWPORT_SIZE:
   case PIPE_CAP_MAX_FRAMEBUFFER_SIZE:
      return SW_MAX_TEXTURE_SIZE;
   case PIPE_CAP_MAX_FRAMEBUFFER_LAYERS:
      return SW_MAX_ARRAY_LAYERS;
   case PIPE_CAP_MAX_SAMPLES:
      return SW_MAX_SAMPLES;
   case PIPE_CAP_INDEP_BLEND_ENABLE:
   case PIPE_CAP_INDEP_BLEND_FUNC:
   case PIPE_CAP_LOGIC_OP:
   case PIPE_CAP_DEPTH_CLIP_DISABLE:
   case PIPE_CAP_POINT_SPRITE:
   case PIPE_CAP_POLYGON_OFFSET_CLAMP:
   case PIPE_CAP_POLYGON_MODE:
   case PIPE_CAP_TWO_SIDED_STENCIL:
   case PIPE_CAP_SRGB_FRAMEBUFFER:
   case PIPE_CAP_CLIP_HALFZ:
   case PIPE_CAP_FRAGMENT_COLOR_CLAMP:
   case PIPE_CAP_VERTEX_COLOR_CLAMP:
   case PIPE_CAP_FS_COORD_ORIGIN_UPPER_LEFT:
   case PIPE_CAP_FS_COORD_PIXEL_CENTER_HALF_INTEGER:
   case PIPE_CAP_TEXTURE_BARRIER:
   case PIPE_CAP_CONDITIONAL_RENDER:
   case PIPE_CAP_MIXED_FRAMEBUFFER_SIZES:
      return 1;
   case PIPE_CAP_MAX_CLIP_PLANES:
      return PIPE_MAX_CLIP_PLANES;
   case PIPE_CAP_DEPTH_BOUNDS_TEST:
   case PIPE_CAP_LINE_STIPPLE:
   case PIPE_CAP_POLYGON_STIPPLE:
      return 1;

   case PIPE_CAP_MAX_VERTEX_ATTRIBS:
   case PIPE_CAP_MAX_VERTEX_BUFFERS:
      return PIPE_MAX_ATTRIBS;
   case PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE:
      return 2048;
   case PIPE_CAP_MAX_VARYINGS:
      return 32;
   case PIPE_CAP_INSTANCING:
   case PIPE_CAP_START_INSTANCE:
   case PIPE_CAP_PRIMITIVE_RESTART:
   case PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX:
   case PIPE_CAP_DRAW_BASE_VERTEX:
   case PIPE_CAP_USER_VERTEX_BUFFERS:
   case PIPE_CAP_USER_INDEX_BUFFERS:
   case PIPE_CAP_USER_CONSTANT_BUFFERS:
   case PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION:
   case PIPE_CAP_PROVOKING_VERTEX_LAST:
      return 1;
   case PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS:
      return PIPE_MAX_SO_BUFFERS;
   case PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS:
      return 4;
   case PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS:
      return PIPE_MAX_SO_OUTPUTS;
   case PIPE_CAP_STREAM_OUTPUT_PAUSE_RESUME:
      return 1;
   /* Geometry shaders run on the interpreter (sw_draw_gs.c); outputs are
    * copied per emitted vertex, so these are the GL 3.2 minimums. */
   case PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES:
      return 256;
   case PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS:
      return 1024;

   case PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT:
      return 16;
   case PIPE_CAP_MAX_CONSTANT_BUFFER_SIZE:
      return 65536;
   case PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT:
      return SW_RESOURCE_ALIGN;
   case PIPE_CAP_BUFFER_MAP_PERSISTENT_COHERENT:
      return 1;

   case PIPE_CAP_OCCLUSION_QUERY:
   case PIPE_CAP_QUERY_TIMESTAMP:
   case PIPE_CAP_QUERY_TIME_ELAPSED:
   case PIPE_CAP_QUERY_SO_OVERFLOW:
      return 1;
   case PIPE_CAP_TIMER_RESOLUTION:
      return 1;

   case PIPE_CAP_GLSL_FEATURE_LEVEL:
   case PIPE_CAP_GLSL_FEATURE_LEVEL_COMPATIBILITY:
      return 330;
   case PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD:
   case PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES:
   case PIPE_CAP_VERTEX_SHADER_TEXTURE_LOD:
   case PIPE_CAP_SHADER_STENCIL_EXPORT:
      return 1;
   case PIPE_CAP_ACCELERATED:
      return 0;
   case PIPE_CAP_VIDEO_MEMORY:
      return 1024;
   case PIPE_CAP_UMA:
      return 1;
   case PIPE_CAP_COUNT:
      break;
   }
   return 0;
}

static float
sw_get_paramf(struct pipe_screen *screen, enum pipe_capf param)
{
   switch (param) {
   case PIPE_CAPF_MIN_LINE_WIDTH:
   case PIPE_CAPF_MIN_LINE_WIDTH_AA:
   case PIPE_CAPF_MIN_POINT_SIZE:
   case PIPE_CAPF_MIN_POINT_SIZE_AA:
      return 1.0f;
   case PIPE_CAPF_MAX_LINE_WIDTH:
   case PIPE_CAPF_MAX_LINE_WIDTH_AA:
      return 255.0f;
   case PIPE_CAPF_MAX_POINT_SIZE:
   case PIPE_CAPF_MAX_POINT_SIZE_AA:
      return 255.0f;
   case PIPE_CAPF_LINE_WIDTH_GRANULARITY:
   case PIPE_CAPF_POINT_SIZE_GRANULARITY:
      return 0.1f;
   case PIPE_CAPF_MAX_TEXTURE_ANISOTROPY:
      return 1.0f;
   case PIPE_CAPF_MAX_TEXTURE_LOD_BIAS:
      return 16.0f;
   case PIPE_CAPF_COUNT:
      break;
   }
   return 0.0f;
}

static int
sw_get_shader_param(struct pipe_screen *screen, enum pipe_shader_type shader,
                    enum pipe_shader_cap param)
{
   if (shader != PIPE_SHADER_VERTEX && shader != PIPE_SHADER_FRAGMENT &&
       shader != PIPE_SHADER_GEOMETRY)
      return 0;
   switch (param) {
   case PIPE_SHADER_CAP_SUPPORTED:
      return 1;
   case PIPE_SHADER_CAP_MAX_INSTRUCTIONS:
      return 1 << 20;
   case PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH:
      return 0;
   case PIPE_SHADER_CAP_MAX_INPUTS:
      /* Geometry inputs: vec4 slots per vertex, the GL 3.2 minimum; the
       * vertices of a primitive share SW_MAX_SHADER_SLOTS (6 x 16 fit). */
      return shader == PIPE_SHADER_VERTEX     ? PIPE_MAX_ATTRIBS
             : shader == PIPE_SHADER_GEOMETRY ? 16
                                              : 32;
   case PIPE_SHADER_CAP_MAX_OUTPUTS:
      return shader == PIPE_SHADER_FRAGMENT ? PIPE_MAX_COLOR_BUFS : 32 + 16;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE:
      return 65536;
   case PIPE_SHADER_CAP_MAX_CONST_BUFFERS:
      return PIPE_MAX_CONSTANT_BUFFERS;
   case PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS:
   case PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS:
      return 16;
   case PIPE_SHADER_CAP_MAX_TEMPS:
      return 4096;
   case PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR:
   case PIPE_SHADER_CAP_INDIRECT_CONST_ADDR:
   case PIPE_SHADER_CAP_INTEGERS:
   case PIPE_SHADER_CAP_FP16:
   case PIPE_SHADER_CAP_FP64:
      return 1;
   case PIPE_SHADER_CAP_COUNT:
      break;
   }
   return 0;
}

static const struct ir_compiler_options *
sw_get_compiler_options(struct pipe_screen *screen,
                        enum pipe_shader_type shader)
{
   return &sw_compiler_options;
}

/* ---------------------------------------------------------------------- */
/* Formats                                                                */
/* ---------------------------------------------------------------------- */

static bool
is_renderable(const struct u_format_desc *d)
{
   if (d->is_compressed || d->layout == U_FORMAT_LAYOUT_RGB9E5)
      return false;
   if (d->is_depth || d->is_stencil)
      return false;
   if (d->is_pure_uint)
      return d->pack_rgba_uint != NULL;
   if (d->is_pure_sint)
      return d->pack_rgba_sint != NULL;
   return d->pack_rgba_float != NULL;
}

static bool
is_depth_stencil(const struct u_format_desc *d)
{
   return (d->is_depth && d->pack_z_float) ||
          (d->is_stencil && d->pack_s_uint8);
}

static bool
is_sampleable(const struct u_format_desc *d)
{
   if (d->is_compressed)
      return true;
   if (d->is_depth || d->is_stencil)
      return d->unpack_z_float != NULL || d->unpack_s_uint8 != NULL;
   return d->unpack_rgba_float != NULL || d->unpack_rgba_uint != NULL ||
          d->unpack_rgba_sint != NULL;
}

static bool
is_vertex_format(const struct u_format_desc *d)
{
   if (d->is_compressed || d->is_depth || d->is_stencil)
      return false;
   if (d->colorspace != U_FORMAT_COLORSPACE_RGB)
      return false;
   if (d->is_pure_uint)
      return d->unpack_rgba_uint != NULL;
   if (d->is_pure_sint)
      return d->unpack_rgba_sint != NULL;
   return d->unpack_rgba_float != NULL;
}

/** Window-system buffers (the formats EGL/GLX configs use). */
static bool
is_display_format(enum pipe_format format)
{
   switch (format) {
   case PIPE_FORMAT_B8G8R8A8_UNORM:
   case PIPE_FORMAT_B8G8R8A8_SRGB:
   case PIPE_FORMAT_R8G8B8A8_UNORM:
   case PIPE_FORMAT_R8G8B8A8_SRGB:
   case PIPE_FORMAT_B5G6R5_UNORM:
      return true;
   default:
      return false;
   }
}

static bool
sw_is_format_supported(struct pipe_screen *screen, enum pipe_format format,
                       enum pipe_texture_target target, unsigned sample_count,
                       unsigned bind)
{
   if ((unsigned)target >= PIPE_MAX_TEXTURE_TYPES)
      return false;
   if (sample_count > 1) {
      if (sample_count != SW_MAX_SAMPLES)
         return false;
      if (target != PIPE_TEXTURE_2D && target != PIPE_TEXTURE_2D_ARRAY)
         return false;
      if (!(bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)))
         return false;
   }

   const unsigned buffer_binds =
      PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_INDEX_BUFFER |
      PIPE_BIND_CONSTANT_BUFFER | PIPE_BIND_STREAM_OUTPUT;
   if (target == PIPE_BUFFER) {
      if (bind & ~(buffer_binds | PIPE_BIND_SAMPLER_VIEW | PIPE_BIND_SHARED |
                   PIPE_BIND_LINEAR))
         return false;
   } else if (bind & (PIPE_BIND_INDEX_BUFFER | PIPE_BIND_CONSTANT_BUFFER |
                      PIPE_BIND_STREAM_OUTPUT)) {
      return false;
   }

   if (format == PIPE_FORMAT_NONE)
      return target == PIPE_BUFFER && !(bind & ~buffer_binds) &&
             !(bind & PIPE_BIND_VERTEX_BUFFER);

   const struct u_format_desc *d = u_format_description(format);
   if (!d)
      return false;

   /* 64-bit channels (GL's DOUBLE vertex attributes) are for vertex
    * buffers only: GL has no such texture formats, and the texel paths
    * (clears, blending) hold at most 16 bytes per texel. */
   if (d->channel[0].size == 64 &&
       (bind &
        ~(PIPE_BIND_VERTEX_BUFFER | PIPE_BIND_SHARED | PIPE_BIND_LINEAR)))
      return false;

   if ((bind & PIPE_BIND_RENDER_TARGET) && !is_renderable(d))
      return false;
   if ((bind & PIPE_BIND_BLENDABLE) &&
       (!is_renderable(d) || d->is_pure_uint || d->is_pure_sint))
      return false;
   if ((bind & PIPE_BIND_DEPTH_STENCIL) &&
       (!is_depth_stencil(d) || target == PIPE_TEXTURE_3D ||
        target == PIPE_BUFFER))
      return false;
   if ((bind & (PIPE_BIND_RENDER_TARGET | PIPE_BIND_DEPTH_STENCIL)) &&
       target == PIPE_BUFFER)
      return false;
   if (bind & PIPE_BIND_SAMPLER_VIEW) {
      if (!is_sampleable(d))
         return false;
      /* Buffer textures and 3D textures of block-compressed formats are
       * not something GL allows (S3TC is 2D-only). */
      if (d->is_compressed &&
          (target == PIPE_BUFFER || target == PIPE_TEXTURE_1D ||
           target == PIPE_TEXTURE_1D_ARRAY || target == PIPE_TEXTURE_3D))
         return false;
      if (target == PIPE_BUFFER && (d->is_depth || d->is_stencil))
         return false;
   }
   if ((bind & PIPE_BIND_VERTEX_BUFFER) && !is_vertex_format(d))
      return false;
   if ((bind & (PIPE_BIND_DISPLAY_TARGET | PIPE_BIND_SCANOUT)) &&
       !is_display_format(format))
      return false;
   if (d->is_compressed && target == PIPE_BUFFER)
      return false;
   return true;
}

/* ---------------------------------------------------------------------- */
/* Fences and time                                                        */
/* ---------------------------------------------------------------------- */

struct pipe_fence_handle *
sw_fence_create(void)
{
   struct pipe_fence_handle *f = calloc(1, sizeof(*f));
   if (f)
      pipe_reference_init(&f->reference, 1);
   return f;
}

static void
sw_fence_reference(struct pipe_screen *screen, struct pipe_fence_handle **dst,
                   struct pipe_fence_handle *src)
{
   struct pipe_fence_handle *old = *dst;
   if (pipe_reference_update(old ? &old->reference : NULL,
                             src ? &src->reference : NULL))
      free(old);
   *dst = src;
}

static bool
sw_fence_finish(struct pipe_screen *screen, struct pipe_context *ctx,
                struct pipe_fence_handle *fence, uint64_t timeout_ns)
{
   /* Every command has finished when it returns. */
   return true;
}

static uint64_t
sw_get_timestamp(struct pipe_screen *screen)
{
   return (uint64_t)u_time_ns();
}

/* ---------------------------------------------------------------------- */
/* The screen                                                             */
/* ---------------------------------------------------------------------- */

static void
sw_screen_destroy(struct pipe_screen *screen)
{
   struct sw_screen *s = sw_screen(screen);
   if (s->pool)
      u_thread_pool_destroy(s->pool);
   free(s);
}

struct pipe_screen *
sw_screen_create(void)
{
   struct sw_screen *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   s->base.destroy = sw_screen_destroy;
   s->base.get_name = sw_get_name;
   s->base.get_vendor = sw_get_vendor;
   s->base.get_param = sw_get_param;
   s->base.get_paramf = sw_get_paramf;
   s->base.get_shader_param = sw_get_shader_param;
   s->base.is_format_supported = sw_is_format_supported;
   s->base.fence_reference = sw_fence_reference;
   s->base.fence_finish = sw_fence_finish;
   s->base.get_timestamp = sw_get_timestamp;
   s->base.get_compiler_options = sw_get_compiler_options;
   s->base.context_create = sw_context_create;
   sw_init_screen_resource_functions(&s->base);

   s->num_threads = u_thread_pool_default_threads();
   if (s->num_threads < 1)
      s->num_threads = 1;
   s->pool = u_thread_pool_create(s->num_threads);
   if (!s->pool)
      goto fail;
   return &s->base;
fail:
   sw_screen_destroy(&s->base);
   return NULL;
}
