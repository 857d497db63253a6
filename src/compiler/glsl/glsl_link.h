/* SPDX-License-Identifier: MIT */

/*
 * The GLSL linker: turns the compiled shaders of a program into one IR
 * shader per stage with every location fixed, plus the resource lists GL
 * reports (active attributes, uniforms, uniform blocks, fragment outputs,
 * transform feedback varyings).
 *
 * What linking fixes in the IR of each stage (the contract of
 * pipe_shader_state, p_state.h):
 *  - vertex inputs: `location` = the attribute index (explicit layout,
 *    glBindAttribLocation, else the lowest free slots); the compatibility
 *    attributes gl_Vertex... get GLSL_LINK_BUILTIN_ATTRIB_BASE + their
 *    enum glsl_builtin_attrib;
 *  - outputs of the vertex and geometry stages and inputs of the geometry
 *    and fragment stages: `location` = an enum ir_varying_slot, user
 *    varyings IR_VARYING_SLOT_VAR0 + N, the same N on both sides;
 *  - fragment outputs: `location` = the colour attachment, `index` the
 *    dual-source index; gl_FragColor is copied to every colour output;
 *  - default-block uniforms: `driver_location` = byte offset in ONE
 *    program-wide block (the same offset in every stage), laid out with
 *    the std140 rules; sampler uniforms keep the per-stage texture slot
 *    the translation gave them; uniform blocks keep their per-stage
 *    block index.
 *
 * The program's arena owns the linked shaders (each in a child arena of
 * its own: a caller may take one over and destroy the rest) and the
 * lists.  The compiled shaders' IR is not changed; a stage made of
 * several shaders is translated again from their syntax trees, which
 * reuses their symbols: a compiled shader must not be linked by two
 * threads at once.
 */
#ifndef GLSL_LINK_H
#define GLSL_LINK_H

#include <stdbool.h>
#include <stdint.h>

#include "glsl_compiler.h"

/** First attribute location of the compatibility attributes. */
#define GLSL_LINK_BUILTIN_ATTRIB_BASE 16

/** A name → location binding (glBindAttribLocation,
 * glBindFragDataLocationIndexed). */
struct glsl_link_binding {
   const char *name;
   unsigned location;
   unsigned index;
};

struct glsl_link_options {
   const struct glsl_link_binding *attrib_bindings;
   unsigned num_attrib_bindings;
   const struct glsl_link_binding *frag_data_bindings;
   unsigned num_frag_data_bindings;
   /** glTransformFeedbackVaryings: names ("v", "a[2]", "gl_Position"). */
   const char *const *xfb_varyings;
   unsigned num_xfb_varyings;
   /** GL_INTERLEAVED_ATTRIBS (else separate buffers). */
   bool xfb_interleaved;
   /** NULL: glsl_limits_default(). */
   const struct glsl_limits *limits;
};

/** One active uniform as glGetActiveUniform reports it. */
struct glsl_uniform {
   /** "u", "s.a", "a[0]" (arrays of basic types end in "[0]"),
    * "b[2].c"; members of named uniform blocks are "Block.member". */
   const char *name;
   /** The element type for arrays of basic types. */
   const struct ir_type *type;
   /** Elements (1 when not an array). */
   unsigned array_size;
   /** -1 in the default block, else the program block index. */
   int block_index;
   /** Byte offset of element 0 in its block (default block included). */
   unsigned offset;
   unsigned array_stride;
   unsigned matrix_stride;
   bool row_major;
   /** First GL location (one per array element); -1 for block members. */
   int location;
   /** Samplers: the texture slot in each stage, -1 where the stage does
    * not use it; element i uses slot + i. */
   int texture_slot[IR_STAGE_COUNT];
   /** Initial value of element 0 and the following elements (from a
    * GLSL initializer or layout(binding)), or NULL for zeros. */
   const struct ir_constant *initializer;
};

/** One active uniform block. */
struct glsl_uniform_block {
   /** "B", or "B[2]" for an element of an array of blocks. */
   const char *name;
   /** Bytes of the block (std140). */
   unsigned data_size;
   /** layout(binding) or 0. */
   unsigned binding;
   /** Block index in each stage's IR (load_ubo index), -1 if unused
    * there. */
   int stage_index[IR_STAGE_COUNT];
   /** Indices into glsl_program::uniforms of its members. */
   unsigned first_uniform, num_uniforms;
};

/** An active vertex attribute or fragment output. */
struct glsl_program_io {
   const char *name;
   const struct ir_type *type;
   unsigned array_size;
   int location;
   unsigned index;
};

/** One captured component range for transform feedback. */
struct glsl_xfb_output {
   /** The varying slot (enum ir_varying_slot) and first component. */
   unsigned slot;
   unsigned component;
   unsigned num_components;
   unsigned buffer;
   /** Offset in the buffer's vertex, in 32-bit words. */
   unsigned dst_offset;
};

struct glsl_xfb_varying {
   const char *name;
   const struct ir_type *type;
   unsigned size;
};

struct glsl_program {
   struct u_arena *arena;
   bool ok;
   /** "error: ..." lines (link errors have no source location). */
   char *info_log;
   /** The linked shaders, NULL for absent stages. */
   struct ir_shader *stages[IR_STAGE_COUNT];
   unsigned version;
   bool es;

   struct glsl_uniform *uniforms;
   unsigned num_uniforms;
   /** Bytes of the default uniform block. */
   unsigned default_block_size;
   /** GL uniform locations: location L is element
    * location_element[L] of uniforms[location_uniform[L]]. */
   unsigned *location_uniform;
   unsigned *location_element;
   unsigned num_locations;

   struct glsl_uniform_block *blocks;
   unsigned num_blocks;

   struct glsl_program_io *attributes;
   unsigned num_attributes;
   struct glsl_program_io *outputs;
   unsigned num_outputs;

   struct glsl_xfb_varying *xfb_varyings;
   unsigned num_xfb_varyings;
   struct glsl_xfb_output *xfb_outputs;
   unsigned num_xfb_outputs;
   /** Stride of each buffer in 32-bit words. */
   unsigned xfb_stride[4];

   /** Geometry layouts (from the geometry shader). */
   int gs_input_prim, gs_output_prim, gs_max_vertices;
   /** Fragment: gl_FragCoord conventions; a shader writes gl_FragDepth. */
   bool origin_upper_left, pixel_center_integer;
};

/**
 * Links @p count compiled shaders.  Never returns NULL except when out of
 * memory; errors leave ok false with the reasons in info_log.
 */
struct glsl_program *glsl_link_program(struct glsl_shader *const *shaders,
                                       unsigned count,
                                       const struct glsl_link_options *opts);
void glsl_program_destroy(struct glsl_program *prog);

/** The uniform location of @p name ("a[2]", "s.b", "a" meaning "a[0]"),
 * or -1 (glGetUniformLocation). */
int glsl_program_uniform_location(const struct glsl_program *prog,
                                  const char *name);

#endif
