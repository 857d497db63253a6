/* SPDX-License-Identifier: MIT */

/*
 * Enumerations of the pipe interface: primitive types, texture targets,
 * shader stages, bind and usage flags, sampler, depth/stencil, blend and
 * rasterizer state values, clear and map flags, query types and the
 * capabilities a screen reports.
 *
 * Drivers never see GL enums: the GL state tracker translates each GL
 * value into one of these.  Where the order of a list matters to a
 * driver (the compare functions), it is the GL order so that a driver can
 * compute with the values (PIPE_FUNC_LESS | PIPE_FUNC_EQUAL ==
 * PIPE_FUNC_LEQUAL: bit 0 "pass if less", bit 1 "pass if equal", bit 2
 * "pass if greater").  The logic ops likewise are truth tables: bit
 * (2 * s + d) of the value is the result for source bit s and destination
 * bit d (see PIPE_LOGICOP_*).
 */
#ifndef P_DEFINES_H
#define P_DEFINES_H

/** Primitive types of draw_vbo. */
enum pipe_prim_type {
   PIPE_PRIM_POINTS,
   PIPE_PRIM_LINES,
   PIPE_PRIM_LINE_LOOP,
   PIPE_PRIM_LINE_STRIP,
   PIPE_PRIM_TRIANGLES,
   PIPE_PRIM_TRIANGLE_STRIP,
   PIPE_PRIM_TRIANGLE_FAN,
   PIPE_PRIM_QUADS,
   PIPE_PRIM_QUAD_STRIP,
   PIPE_PRIM_POLYGON,
   PIPE_PRIM_LINES_ADJACENCY,
   PIPE_PRIM_LINE_STRIP_ADJACENCY,
   PIPE_PRIM_TRIANGLES_ADJACENCY,
   PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY,
   PIPE_PRIM_MAX,
};

/** What a resource is. */
enum pipe_texture_target {
   PIPE_BUFFER,
   PIPE_TEXTURE_1D,
   PIPE_TEXTURE_2D,
   PIPE_TEXTURE_3D,
   PIPE_TEXTURE_CUBE,
   /** Unnormalized coordinates, one level. */
   PIPE_TEXTURE_RECT,
   PIPE_TEXTURE_1D_ARRAY,
   PIPE_TEXTURE_2D_ARRAY,
   PIPE_TEXTURE_CUBE_ARRAY,
   PIPE_MAX_TEXTURE_TYPES,
};

/** Cube faces in layer order (GL's +X, -X, +Y, -Y, +Z, -Z). */
enum pipe_cube_face {
   PIPE_CUBE_POS_X,
   PIPE_CUBE_NEG_X,
   PIPE_CUBE_POS_Y,
   PIPE_CUBE_NEG_Y,
   PIPE_CUBE_POS_Z,
   PIPE_CUBE_NEG_Z,
   PIPE_CUBE_FACES,
};

enum pipe_shader_type {
   PIPE_SHADER_VERTEX,
   PIPE_SHADER_GEOMETRY,
   PIPE_SHADER_FRAGMENT,
   PIPE_SHADER_TYPES,
};

/** Interface limits (array sizes in the state structs). */
#define PIPE_MAX_COLOR_BUFS           8
#define PIPE_MAX_ATTRIBS              32
#define PIPE_MAX_CONSTANT_BUFFERS     16
#define PIPE_MAX_SAMPLERS             32
#define PIPE_MAX_SHADER_SAMPLER_VIEWS 32
#define PIPE_MAX_VIEWPORTS            16
#define PIPE_MAX_CLIP_PLANES          8
#define PIPE_MAX_SO_BUFFERS           4
#define PIPE_MAX_SO_OUTPUTS           64
#define PIPE_MAX_TEXTURE_LEVELS       16

/** Resource bind flags: how a resource may be used (several may be set). */
#define PIPE_BIND_DEPTH_STENCIL   (1u << 0)
#define PIPE_BIND_RENDER_TARGET   (1u << 1)
#define PIPE_BIND_BLENDABLE       (1u << 2)
#define PIPE_BIND_SAMPLER_VIEW    (1u << 3)
#define PIPE_BIND_VERTEX_BUFFER   (1u << 4)
#define PIPE_BIND_INDEX_BUFFER    (1u << 5)
#define PIPE_BIND_CONSTANT_BUFFER (1u << 6)
#define PIPE_BIND_STREAM_OUTPUT   (1u << 7)
/** Shown on screen (a window system buffer). */
#define PIPE_BIND_DISPLAY_TARGET (1u << 8)
/** The front/back buffers of a window or pbuffer. */
#define PIPE_BIND_SCANOUT (1u << 9)
#define PIPE_BIND_SHARED  (1u << 10)
/** Mapped often for reading by the CPU (pixel pack buffers). */
#define PIPE_BIND_LINEAR (1u << 11)

/** Resource usage hints (GL buffer usage, translated). */
enum pipe_resource_usage {
   PIPE_USAGE_DEFAULT,   /**< fast GPU access */
   PIPE_USAGE_IMMUTABLE, /**< written once at creation */
   PIPE_USAGE_DYNAMIC,   /**< written often by the CPU, used several times */
   PIPE_USAGE_STREAM,    /**< written once by the CPU, used once */
   PIPE_USAGE_STAGING,   /**< for CPU reads back */
};

/** pipe_resource::flags */
#define PIPE_RESOURCE_FLAG_MAP_PERSISTENT (1u << 0)
#define PIPE_RESOURCE_FLAG_MAP_COHERENT   (1u << 1)

/** Texture wrap modes. */
enum pipe_tex_wrap {
   PIPE_TEX_WRAP_REPEAT,
   /** GL_CLAMP: the compatibility profile's clamp to [0, 1] in coordinates
    * (so linear filtering blends with the border at the edge). */
   PIPE_TEX_WRAP_CLAMP,
   PIPE_TEX_WRAP_CLAMP_TO_EDGE,
   PIPE_TEX_WRAP_CLAMP_TO_BORDER,
   PIPE_TEX_WRAP_MIRROR_REPEAT,
   PIPE_TEX_WRAP_MIRROR_CLAMP,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
   PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER,
};

enum pipe_tex_filter {
   PIPE_TEX_FILTER_NEAREST,
   PIPE_TEX_FILTER_LINEAR,
};

enum pipe_tex_mipfilter {
   PIPE_TEX_MIPFILTER_NEAREST,
   PIPE_TEX_MIPFILTER_LINEAR,
   /** Level base_level only. */
   PIPE_TEX_MIPFILTER_NONE,
};

/** pipe_sampler_state::compare_mode */
enum pipe_tex_compare {
   PIPE_TEX_COMPARE_NONE,
   PIPE_TEX_COMPARE_R_TO_TEXTURE,
};

/** Compare functions (depth, stencil, alpha, shadow samplers), in GL order:
 * bit 0 passes "less", bit 1 "equal", bit 2 "greater". */
enum pipe_compare_func {
   PIPE_FUNC_NEVER,
   PIPE_FUNC_LESS,
   PIPE_FUNC_EQUAL,
   PIPE_FUNC_LEQUAL,
   PIPE_FUNC_GREATER,
   PIPE_FUNC_NOTEQUAL,
   PIPE_FUNC_GEQUAL,
   PIPE_FUNC_ALWAYS,
};

enum pipe_stencil_op {
   PIPE_STENCIL_OP_KEEP,
   PIPE_STENCIL_OP_ZERO,
   PIPE_STENCIL_OP_REPLACE,
   /** Saturating. */
   PIPE_STENCIL_OP_INCR,
   PIPE_STENCIL_OP_DECR,
   PIPE_STENCIL_OP_INCR_WRAP,
   PIPE_STENCIL_OP_DECR_WRAP,
   PIPE_STENCIL_OP_INVERT,
};

enum pipe_blend_func {
   PIPE_BLEND_ADD,
   PIPE_BLEND_SUBTRACT,         /**< src - dst */
   PIPE_BLEND_REVERSE_SUBTRACT, /**< dst - src */
   PIPE_BLEND_MIN,              /**< factors ignored */
   PIPE_BLEND_MAX,              /**< factors ignored */
};

enum pipe_blendfactor {
   PIPE_BLENDFACTOR_ONE,
   PIPE_BLENDFACTOR_SRC_COLOR,
   PIPE_BLENDFACTOR_SRC_ALPHA,
   PIPE_BLENDFACTOR_DST_ALPHA,
   PIPE_BLENDFACTOR_DST_COLOR,
   PIPE_BLENDFACTOR_SRC_ALPHA_SATURATE,
   PIPE_BLENDFACTOR_CONST_COLOR,
   PIPE_BLENDFACTOR_CONST_ALPHA,
   PIPE_BLENDFACTOR_SRC1_COLOR,
   PIPE_BLENDFACTOR_SRC1_ALPHA,
   PIPE_BLENDFACTOR_ZERO,
   PIPE_BLENDFACTOR_INV_SRC_COLOR,
   PIPE_BLENDFACTOR_INV_SRC_ALPHA,
   PIPE_BLENDFACTOR_INV_DST_ALPHA,
   PIPE_BLENDFACTOR_INV_DST_COLOR,
   PIPE_BLENDFACTOR_INV_CONST_COLOR,
   PIPE_BLENDFACTOR_INV_CONST_ALPHA,
   PIPE_BLENDFACTOR_INV_SRC1_COLOR,
   PIPE_BLENDFACTOR_INV_SRC1_ALPHA,
};

/**
 * Logic ops as 4-bit truth tables: for source bit s and destination bit d
 * the result is bit (s * 2 + d) of the value.  So CLEAR = 0, AND = 8
 * (only s = d = 1), COPY = 12 (s), SET = 15.  GL's enum order differs.
 */
enum pipe_logicop {
   PIPE_LOGICOP_CLEAR = 0x0,
   PIPE_LOGICOP_NOR = 0x1,
   PIPE_LOGICOP_AND_INVERTED = 0x2, /**< ~s & d */
   PIPE_LOGICOP_COPY_INVERTED = 0x3,
   PIPE_LOGICOP_AND_REVERSE = 0x4, /**< s & ~d */
   PIPE_LOGICOP_INVERT = 0x5,      /**< ~d */
   PIPE_LOGICOP_XOR = 0x6,
   PIPE_LOGICOP_NAND = 0x7,
   PIPE_LOGICOP_AND = 0x8,
   PIPE_LOGICOP_EQUIV = 0x9,
   PIPE_LOGICOP_NOOP = 0xa,        /**< d */
   PIPE_LOGICOP_OR_INVERTED = 0xb, /**< ~s | d */
   PIPE_LOGICOP_COPY = 0xc,
   PIPE_LOGICOP_OR_REVERSE = 0xd, /**< s | ~d */
   PIPE_LOGICOP_OR = 0xe,
   PIPE_LOGICOP_SET = 0xf,
};

/** Colour write masks and blit masks. */
#define PIPE_MASK_R    0x1u
#define PIPE_MASK_G    0x2u
#define PIPE_MASK_B    0x4u
#define PIPE_MASK_A    0x8u
#define PIPE_MASK_RGBA 0xfu
#define PIPE_MASK_Z    0x10u
#define PIPE_MASK_S    0x20u
#define PIPE_MASK_ZS   0x30u

/** Sampler view swizzles. */
enum pipe_swizzle {
   PIPE_SWIZZLE_X,
   PIPE_SWIZZLE_Y,
   PIPE_SWIZZLE_Z,
   PIPE_SWIZZLE_W,
   PIPE_SWIZZLE_0,
   PIPE_SWIZZLE_1,
};

/** Buffers of pipe_context::clear. */
#define PIPE_CLEAR_DEPTH        (1u << 0)
#define PIPE_CLEAR_STENCIL      (1u << 1)
#define PIPE_CLEAR_DEPTHSTENCIL (PIPE_CLEAR_DEPTH | PIPE_CLEAR_STENCIL)
#define PIPE_CLEAR_COLOR0       (1u << 2)
#define PIPE_CLEAR_COLOR_BUF(i) (PIPE_CLEAR_COLOR0 << (i))
#define PIPE_CLEAR_COLOR1       PIPE_CLEAR_COLOR_BUF(1)
#define PIPE_CLEAR_COLOR2       PIPE_CLEAR_COLOR_BUF(2)
#define PIPE_CLEAR_COLOR3       PIPE_CLEAR_COLOR_BUF(3)
#define PIPE_CLEAR_COLOR4       PIPE_CLEAR_COLOR_BUF(4)
#define PIPE_CLEAR_COLOR5       PIPE_CLEAR_COLOR_BUF(5)
#define PIPE_CLEAR_COLOR6       PIPE_CLEAR_COLOR_BUF(6)
#define PIPE_CLEAR_COLOR7       PIPE_CLEAR_COLOR_BUF(7)
#define PIPE_CLEAR_COLOR        (0xffu << 2) /**< every colour buffer */

/** Transfer (map) flags. */
#define PIPE_MAP_READ       (1u << 0)
#define PIPE_MAP_WRITE      (1u << 1)
#define PIPE_MAP_READ_WRITE (PIPE_MAP_READ | PIPE_MAP_WRITE)
/** The mapped range's old contents may be discarded. */
#define PIPE_MAP_DISCARD_RANGE (1u << 2)
/** The whole resource's old contents may be discarded. */
#define PIPE_MAP_DISCARD_WHOLE_RESOURCE (1u << 3)
/** Do not wait for pending rendering that uses the resource. */
#define PIPE_MAP_UNSYNCHRONIZED (1u << 4)
/** Written ranges are announced with transfer_flush_region. */
#define PIPE_MAP_FLUSH_EXPLICIT (1u << 5)
/** Fail (return NULL) instead of waiting. */
#define PIPE_MAP_DONTBLOCK  (1u << 6)
#define PIPE_MAP_PERSISTENT (1u << 7)
#define PIPE_MAP_COHERENT   (1u << 8)

/** pipe_context::flush flags */
#define PIPE_FLUSH_END_OF_FRAME (1u << 0)
#define PIPE_FLUSH_DEFERRED     (1u << 1)

/** Query types. */
enum pipe_query_type {
   /** Samples that passed the depth and stencil tests (u64). */
   PIPE_QUERY_OCCLUSION_COUNTER,
   /** Whether any sample passed (b). */
   PIPE_QUERY_OCCLUSION_PREDICATE,
   /** Same, the implementation may be conservative (b). */
   PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE,
   /** Nanoseconds at end_query (u64); no begin_query. */
   PIPE_QUERY_TIMESTAMP,
   /** Nanoseconds between begin and end (u64). */
   PIPE_QUERY_TIME_ELAPSED,
   /** Primitives out of the last vertex-processing stage (u64). */
   PIPE_QUERY_PRIMITIVES_GENERATED,
   /** Primitives written to the stream-output buffers (u64). */
   PIPE_QUERY_PRIMITIVES_EMITTED,
   /** Both stream-output counts (so_statistics). */
   PIPE_QUERY_SO_STATISTICS,
   /** Whether stream output of stream `index` overflowed (b). */
   PIPE_QUERY_SO_OVERFLOW_PREDICATE,
   /** Same for any stream (b). */
   PIPE_QUERY_SO_OVERFLOW_ANY_PREDICATE,
   /** Whether all previous commands finished (b); no begin_query. */
   PIPE_QUERY_GPU_FINISHED,
   PIPE_QUERY_TYPES,
};

/** pipe_context::render_condition modes. */
enum pipe_render_cond_flag {
   PIPE_RENDER_COND_WAIT,
   PIPE_RENDER_COND_NO_WAIT,
   PIPE_RENDER_COND_BY_REGION_WAIT,
   PIPE_RENDER_COND_BY_REGION_NO_WAIT,
};

enum pipe_polygon_mode {
   PIPE_POLYGON_MODE_FILL,
   PIPE_POLYGON_MODE_LINE,
   PIPE_POLYGON_MODE_POINT,
};

/** Faces (cull_face); a bit mask. */
#define PIPE_FACE_NONE           0u
#define PIPE_FACE_FRONT          1u
#define PIPE_FACE_BACK           2u
#define PIPE_FACE_FRONT_AND_BACK (PIPE_FACE_FRONT | PIPE_FACE_BACK)

/** pipe_rasterizer_state::sprite_coord_mode: where (0, 0) is. */
enum pipe_sprite_coord_mode {
   PIPE_SPRITE_COORD_UPPER_LEFT,
   PIPE_SPRITE_COORD_LOWER_LEFT,
};

/** pipe_screen::get_name and friends return static strings. */

/**
 * Integer capabilities and limits (pipe_screen::get_param).  Booleans are 0
 * or 1.  A driver returns 0 for a capability it does not know.
 */
enum pipe_cap {
   /* Textures. */
   PIPE_CAP_MAX_TEXTURE_2D_SIZE,      /**< width/height of 1D/2D textures */
   PIPE_CAP_MAX_TEXTURE_3D_LEVELS,    /**< levels: log2(max size) + 1 */
   PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS,  /**< levels of cube maps */
   PIPE_CAP_MAX_TEXTURE_ARRAY_LAYERS, /**< layers of array textures */
   PIPE_CAP_MAX_TEXTURE_BUFFER_SIZE,  /**< texels of buffer textures */
   PIPE_CAP_TEXTURE_BUFFER_OFFSET_ALIGNMENT, /**< bytes */
   PIPE_CAP_TEXTURE_MIRROR_CLAMP,            /**< MIRROR_CLAMP* wraps */
   PIPE_CAP_TEXTURE_SWIZZLE,
   PIPE_CAP_TEXTURE_SHADOW_MAP,
   PIPE_CAP_SEAMLESS_CUBE_MAP,
   PIPE_CAP_SEAMLESS_CUBE_MAP_PER_TEXTURE,
   PIPE_CAP_CUBE_MAP_ARRAY,
   PIPE_CAP_NPOT_TEXTURES,
   PIPE_CAP_MAX_TEXEL_OFFSET, /**< textureOffset: most positive offset */
   PIPE_CAP_MIN_TEXEL_OFFSET, /**< most negative offset (negative) */
   PIPE_CAP_TEXTURE_COMPRESSED_S3TC,
   PIPE_CAP_TEXTURE_COMPRESSED_RGTC,
   PIPE_CAP_MAX_TEXTURE_ANISOTROPY,       /**< 1 if no anisotropic filtering */
   PIPE_CAP_TEXTURE_BORDER_COLOR_INTEGER, /**< integer borders honoured */

   /* Framebuffer and rasterization. */
   PIPE_CAP_MAX_RENDER_TARGETS,
   PIPE_CAP_MAX_DUAL_SOURCE_RENDER_TARGETS, /**< 0: no dual-source blend */
   PIPE_CAP_MAX_VIEWPORTS,
   PIPE_CAP_MAX_VIEWPORT_SIZE, /**< width and height of a viewport */
   PIPE_CAP_MAX_FRAMEBUFFER_SIZE,
   PIPE_CAP_MAX_FRAMEBUFFER_LAYERS,
   PIPE_CAP_MAX_SAMPLES, /**< highest supported sample count (1: none) */
   PIPE_CAP_INDEP_BLEND_ENABLE,
   PIPE_CAP_INDEP_BLEND_FUNC,
   PIPE_CAP_LOGIC_OP,
   PIPE_CAP_DEPTH_CLIP_DISABLE, /**< depth_clip_near/far may be false */
   PIPE_CAP_DEPTH_BOUNDS_TEST,
   PIPE_CAP_POINT_SPRITE,
   PIPE_CAP_POLYGON_OFFSET_CLAMP,
   PIPE_CAP_POLYGON_MODE,
   PIPE_CAP_LINE_STIPPLE,
   PIPE_CAP_POLYGON_STIPPLE,
   PIPE_CAP_TWO_SIDED_STENCIL,
   PIPE_CAP_SRGB_FRAMEBUFFER,
   PIPE_CAP_MAX_CLIP_PLANES,
   PIPE_CAP_CLIP_HALFZ,
   PIPE_CAP_FRAGMENT_COLOR_CLAMP,
   PIPE_CAP_VERTEX_COLOR_CLAMP,
   PIPE_CAP_FS_COORD_ORIGIN_UPPER_LEFT,
   PIPE_CAP_FS_COORD_PIXEL_CENTER_HALF_INTEGER,
   PIPE_CAP_TEXTURE_BARRIER,
   PIPE_CAP_CONDITIONAL_RENDER,
   PIPE_CAP_MIXED_FRAMEBUFFER_SIZES,

   /* Vertex processing and draws. */
   PIPE_CAP_MAX_VERTEX_ATTRIBS,
   PIPE_CAP_MAX_VERTEX_BUFFERS,
   PIPE_CAP_MAX_VERTEX_ATTRIB_STRIDE,
   PIPE_CAP_MAX_VARYINGS, /**< vec4 slots between stages */
   PIPE_CAP_INSTANCING,   /**< instance_count and divisors */
   PIPE_CAP_START_INSTANCE,
   PIPE_CAP_PRIMITIVE_RESTART,
   PIPE_CAP_PRIMITIVE_RESTART_FIXED_INDEX,
   PIPE_CAP_DRAW_BASE_VERTEX,
   PIPE_CAP_USER_VERTEX_BUFFERS,
   PIPE_CAP_USER_INDEX_BUFFERS,
   PIPE_CAP_USER_CONSTANT_BUFFERS,
   PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION,
   PIPE_CAP_PROVOKING_VERTEX_LAST, /**< flatshade_first = false works */
   PIPE_CAP_MAX_STREAM_OUTPUT_BUFFERS,
   PIPE_CAP_MAX_STREAM_OUTPUT_SEPARATE_COMPONENTS,
   PIPE_CAP_MAX_STREAM_OUTPUT_INTERLEAVED_COMPONENTS,
   PIPE_CAP_STREAM_OUTPUT_PAUSE_RESUME,
   PIPE_CAP_MAX_GEOMETRY_OUTPUT_VERTICES,
   PIPE_CAP_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS,

   /* Buffers. */
   PIPE_CAP_CONSTANT_BUFFER_OFFSET_ALIGNMENT, /**< bytes */
   PIPE_CAP_MAX_CONSTANT_BUFFER_SIZE,         /**< bytes, per UBO */
   PIPE_CAP_MIN_MAP_BUFFER_ALIGNMENT,         /**< bytes */
   PIPE_CAP_BUFFER_MAP_PERSISTENT_COHERENT,

   /* Queries. */
   PIPE_CAP_OCCLUSION_QUERY,
   PIPE_CAP_QUERY_TIMESTAMP,
   PIPE_CAP_QUERY_TIME_ELAPSED,
   PIPE_CAP_QUERY_SO_OVERFLOW,
   PIPE_CAP_TIMER_RESOLUTION, /**< nanoseconds per tick */

   /* Shading language and misc. */
   PIPE_CAP_GLSL_FEATURE_LEVEL, /**< 330 for GLSL 3.30 */
   PIPE_CAP_GLSL_FEATURE_LEVEL_COMPATIBILITY,
   PIPE_CAP_FRAGMENT_SHADER_TEXTURE_LOD,
   PIPE_CAP_FRAGMENT_SHADER_DERIVATIVES,
   PIPE_CAP_VERTEX_SHADER_TEXTURE_LOD,
   PIPE_CAP_SHADER_STENCIL_EXPORT,
   PIPE_CAP_ACCELERATED,  /**< 0 for a CPU driver */
   PIPE_CAP_VIDEO_MEMORY, /**< megabytes */
   PIPE_CAP_UMA,
   PIPE_CAP_COUNT,
};

/** Float capabilities (pipe_screen::get_paramf). */
enum pipe_capf {
   PIPE_CAPF_MIN_LINE_WIDTH,
   PIPE_CAPF_MAX_LINE_WIDTH,
   PIPE_CAPF_MIN_LINE_WIDTH_AA,
   PIPE_CAPF_MAX_LINE_WIDTH_AA,
   PIPE_CAPF_LINE_WIDTH_GRANULARITY,
   PIPE_CAPF_MIN_POINT_SIZE,
   PIPE_CAPF_MAX_POINT_SIZE,
   PIPE_CAPF_MIN_POINT_SIZE_AA,
   PIPE_CAPF_MAX_POINT_SIZE_AA,
   PIPE_CAPF_POINT_SIZE_GRANULARITY,
   PIPE_CAPF_MAX_TEXTURE_ANISOTROPY,
   PIPE_CAPF_MAX_TEXTURE_LOD_BIAS,
   PIPE_CAPF_COUNT,
};

/** Per-stage limits (pipe_screen::get_shader_param). */
enum pipe_shader_cap {
   PIPE_SHADER_CAP_SUPPORTED, /**< the stage exists at all */
   PIPE_SHADER_CAP_MAX_INSTRUCTIONS,
   PIPE_SHADER_CAP_MAX_CONTROL_FLOW_DEPTH, /**< 0: unlimited */
   PIPE_SHADER_CAP_MAX_INPUTS,             /**< vec4 slots */
   PIPE_SHADER_CAP_MAX_OUTPUTS,            /**< vec4 slots */
   PIPE_SHADER_CAP_MAX_CONST_BUFFER0_SIZE, /**< bytes of default uniforms */
   PIPE_SHADER_CAP_MAX_CONST_BUFFERS,      /**< including buffer 0 */
   PIPE_SHADER_CAP_MAX_TEXTURE_SAMPLERS,
   PIPE_SHADER_CAP_MAX_SAMPLER_VIEWS,
   PIPE_SHADER_CAP_MAX_TEMPS,
   PIPE_SHADER_CAP_INDIRECT_INPUT_ADDR,
   PIPE_SHADER_CAP_INDIRECT_OUTPUT_ADDR,
   PIPE_SHADER_CAP_INDIRECT_TEMP_ADDR,
   PIPE_SHADER_CAP_INDIRECT_CONST_ADDR,
   PIPE_SHADER_CAP_INTEGERS,
   PIPE_SHADER_CAP_FP16,
   PIPE_SHADER_CAP_FP64,
   PIPE_SHADER_CAP_COUNT,
};

#endif
