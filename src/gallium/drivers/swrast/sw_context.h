/* SPDX-License-Identifier: MIT */

/*
 * The CPU driver's screen and context objects and the state they hold.
 *
 * Every pipe_context call of swrast lands in one of the sw_*.c files of
 * this folder; bound state is kept here, as plain copies of the pipe
 * templates (the CSO structs wrap them so that derived data can be added
 * later) and referenced resources/views, so that the draw, raster,
 * fragment and sampler stages read it directly.
 *
 * Synchronization: swrast executes every command when it is called (a
 * draw returns after its last tile is written), so resources can always
 * be mapped without waiting and every fence is signalled when it is
 * created.  The screen's thread pool (used by the rasterizer) is shared by
 * the contexts; a context is used by one thread at a time.
 */
#ifndef SW_CONTEXT_H
#define SW_CONTEXT_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

struct ir_compiler_options;
struct ir_exec_program;
struct ir_exec_state;
struct ir_shader;
struct u_thread_pool;

struct sw_screen {
   struct pipe_screen base;
   /** Worker threads for tiles (INDIUM_NUM_THREADS, default: cores). */
   struct u_thread_pool *pool;
   unsigned num_threads;
};

static inline struct sw_screen *
sw_screen(struct pipe_screen *screen)
{
   return (struct sw_screen *)screen;
}

/** Every fence is signalled at creation (see the file comment). */
struct pipe_fence_handle {
   struct pipe_reference reference;
};

struct sw_blend_state {
   struct pipe_blend_state base;
};

struct sw_depth_stencil_alpha_state {
   struct pipe_depth_stencil_alpha_state base;
};

struct sw_rasterizer_state {
   struct pipe_rasterizer_state base;
};

struct sw_sampler_state {
   struct pipe_sampler_state base;
};

struct sw_vertex_elements_state {
   unsigned count;
   struct pipe_vertex_element elements[PIPE_MAX_ATTRIBS];
};

/** The fragment output location swrast gives the second colour of
 * dual-source blending (after IR_FRAG_RESULT_SAMPLE_MASK). */
#define SW_FRAG_RESULT_DUAL_SOURCE 10

/** Most vec4 slots of a shader's inputs or outputs: a geometry shader's
 * inputs are all vertices of its primitive, 6 x 16 with adjacency.  Slot
 * numbers must fit the int8_t maps below. */
#define SW_MAX_SHADER_SLOTS 112

/** How a vertex shader input slot wants its data. */
enum sw_input_kind {
   SW_INPUT_FLOAT,
   SW_INPUT_SINT,
   SW_INPUT_UINT,
};

/**
 * A shader CSO.  `ir` is the frontend's shader after lowering in place at
 * creation (ir_lower_io, ir_lower_uniforms, ir_optimize...): its inputs and
 * outputs are interpreter slots (load_input/store_output base), numbered
 * densely; the maps below translate slots to API locations.
 */
struct sw_shader {
   enum pipe_shader_type stage;
   struct ir_shader *ir;
   /** Decoded for the interpreter (every stage; geometry shaders emit
    * through the callbacks of struct ir_exec_io, sw_draw_gs.c). */
   struct ir_exec_program *prog;
   /** Interpreter state of IR_EXEC_MAX_WIDTH lanes for the vertex or
    * geometry stage, made on first use (draws run on the context's
    * thread). */
   struct ir_exec_state *vs_state;
   struct pipe_stream_output_info stream_output;

   unsigned num_inputs;  /**< input slots */
   unsigned num_outputs; /**< output slots */
   /** API location of each slot: the attribute index (VS inputs), the
    * varying slot (VS/GS outputs, GS/FS inputs) or the fragment result
    * (FS outputs); -1 if unused. */
   int input_location[SW_MAX_SHADER_SLOTS];
   int output_location[SW_MAX_SHADER_SLOTS];
   /** Interpolation of FS input slots (enum ir_interp_mode). */
   uint8_t input_interp[SW_MAX_SHADER_SLOTS];
   /** FS input slots whose interpolation the shader qualified: flat
    * shading (pipe_rasterizer_state::flatshade) leaves them alone. */
   bool input_interp_explicit[SW_MAX_SHADER_SLOTS];
   /** VS inputs: what type the shader reads. */
   uint8_t input_kind[SW_MAX_SHADER_SLOTS];
   /** The slot of each varying (enum ir_varying_slot) or fragment result
    * location; -1 if the shader does not have it. */
   int8_t input_slot[SW_MAX_SHADER_SLOTS];
   int8_t output_slot[SW_MAX_SHADER_SLOTS];
   /** Geometry shaders: the input vertex each input slot reads (inputs
    * are arrays over vertices, see pipe_shader_state: slot
    * driver_location + v * slot_count(element) + j is location + j of
    * vertex v, input_location[] holding location + j); -1 if unused. */
   int8_t input_vertex[SW_MAX_SHADER_SLOTS];
};

/** Query counters the stages add to (see sw_query.c). */
struct sw_counters {
   /** Samples that passed depth and stencil; the fragment stage adds
    * (atomically: tiles run on several threads). */
   atomic_uint_least64_t samples_passed;
   /** Primitives out of the last vertex stage (draw stage). */
   uint64_t primitives_generated;
   /** Primitives written to stream-output buffers (draw stage). */
   uint64_t primitives_emitted;
   /** Primitives that did not fit in the stream-output buffers. */
   uint64_t primitives_so_needed;
};

struct sw_context {
   struct pipe_context base;

   /* Bound CSOs (NULL: none). */
   const struct sw_blend_state *blend;
   const struct sw_depth_stencil_alpha_state *dsa;
   const struct sw_rasterizer_state *rasterizer;
   const struct sw_vertex_elements_state *velems;
   struct sw_shader *vs, *gs, *fs;
   const struct sw_sampler_state
      *samplers[PIPE_SHADER_TYPES][PIPE_MAX_SAMPLERS];

   /* Mutable state (resources and views referenced). */
   struct pipe_blend_color blend_color;
   struct pipe_stencil_ref stencil_ref;
   unsigned sample_mask;
   struct pipe_clip_state clip;
   struct pipe_constant_buffer constants[PIPE_SHADER_TYPES]
                                        [PIPE_MAX_CONSTANT_BUFFERS];
   struct pipe_framebuffer_state framebuffer;
   struct pipe_poly_stipple poly_stipple;
   struct pipe_scissor_state scissors[PIPE_MAX_VIEWPORTS];
   struct pipe_viewport_state viewports[PIPE_MAX_VIEWPORTS];
   struct pipe_sampler_view
      *sampler_views[PIPE_SHADER_TYPES][PIPE_MAX_SHADER_SAMPLER_VIEWS];
   struct pipe_vertex_buffer vertex_buffers[PIPE_MAX_ATTRIBS];

   /* Stream output. */
   unsigned num_so_targets;
   struct pipe_stream_output_target *so_targets[PIPE_MAX_SO_BUFFERS];
   /** Bytes written so far into each target (from its buffer_offset). */
   unsigned so_written[PIPE_MAX_SO_BUFFERS];

   /* Queries. */
   struct sw_counters counters;
   /** Number of active queries of each type (counting stays cheap when
    * nobody asks). */
   unsigned active_queries[PIPE_QUERY_TYPES];
   struct pipe_query *render_cond_query;
   bool render_cond_condition;
   unsigned render_cond_mode;
};

static inline struct sw_context *
sw_context(struct pipe_context *ctx)
{
   return (struct sw_context *)ctx;
}

/* sw_context.c */
struct pipe_context *sw_context_create(struct pipe_screen *screen, void *priv,
                                       unsigned flags);
/** A new fence (already signalled); NULL when out of memory. */
struct pipe_fence_handle *sw_fence_create(void);

/* sw_state.c, sw_state_shader.c */
/** The lowerings the interpreter wants (pipe_screen::get_compiler_options). */
extern const struct ir_compiler_options sw_compiler_options;
void sw_init_state_functions(struct sw_context *sw);
void sw_init_shader_functions(struct sw_context *sw);
/** Drops every binding and reference of the context (for destroy). */
void sw_release_state(struct sw_context *sw);

/* sw_clear.c, sw_blit.c */
void sw_init_clear_functions(struct sw_context *sw);
void sw_init_blit_functions(struct sw_context *sw);

/* sw_query.c */
void sw_init_query_functions(struct sw_context *sw);
/** Whether the render condition lets drawing happen now. */
bool sw_check_render_condition(struct sw_context *sw);

#endif
