/* SPDX-License-Identifier: MIT */

/*
 * Conventions and entry points of the passes that prepare a shader for a
 * backend: I/O lowering (ir_lower_io.c), uniform lowering
 * (ir_lower_uniforms.c) and ir_shader_gather_info() (ir_gather_info.c).
 * The pass prototypes themselves are in ir_passes.h.
 *
 * System values.  A variable of mode IR_VAR_SYSTEM_VALUE names the value
 * it stands for with its `location` field, holding an enum
 * ir_system_value (ir_variable has no field of its own for it, and a
 * system value has no API location to conflict with).  The front end
 * finds the value of a GLSL built-in with ir_system_value_from_name().
 *
 * Fragment outputs.  A fragment shader output's `location` is its
 * colour attachment (layout(location = N), 0 .. IR_FRAG_RESULT_MAX_DATA -
 * 1; `index` = 1 for the second source of dual-source blending), or one
 * of IR_FRAG_RESULT_DEPTH / IR_FRAG_RESULT_SAMPLE_MASK for gl_FragDepth
 * and gl_SampleMask.
 */
#ifndef IR_PASSES_IO_H
#define IR_PASSES_IO_H

#include "compiler/ir/ir.h"

/** What a system-value variable stands for (its `location`). */
enum ir_system_value {
   IR_SYSTEM_VALUE_FRAG_COORD,        /**< gl_FragCoord, vec4 */
   IR_SYSTEM_VALUE_FRONT_FACE,        /**< gl_FrontFacing, bool */
   IR_SYSTEM_VALUE_POINT_COORD,       /**< gl_PointCoord, vec2 */
   IR_SYSTEM_VALUE_SAMPLE_ID,         /**< gl_SampleID, int */
   IR_SYSTEM_VALUE_SAMPLE_POS,        /**< gl_SamplePosition, vec2 */
   IR_SYSTEM_VALUE_SAMPLE_MASK_IN,    /**< gl_SampleMaskIn, int[1] */
   IR_SYSTEM_VALUE_PRIMITIVE_ID,      /**< gl_PrimitiveID, int */
   IR_SYSTEM_VALUE_LAYER_ID,          /**< gl_Layer (fragment), int */
   IR_SYSTEM_VALUE_HELPER_INVOCATION, /**< gl_HelperInvocation, bool */
   IR_SYSTEM_VALUE_VERTEX_ID,         /**< gl_VertexID, int */
   IR_SYSTEM_VALUE_INSTANCE_ID,       /**< gl_InstanceID, int */
   IR_SYSTEM_VALUE_BASE_VERTEX,       /**< gl_BaseVertex, int */
   IR_SYSTEM_VALUE_BASE_INSTANCE,     /**< gl_BaseInstance, int */
   IR_SYSTEM_VALUE_INVOCATION_ID,     /**< gl_InvocationID, int */
   IR_SYSTEM_VALUE_COUNT,
};

/**
 * Varying slots: the `location` of outputs of the vertex and geometry
 * stages and of inputs of the geometry and fragment stages.  The built-in
 * varyings have fixed slots; user varyings get IR_VARYING_SLOT_VAR0 + N
 * from the linker, the same N on both sides of an interface.
 */
enum ir_varying_slot {
   IR_VARYING_SLOT_POS,          /**< gl_Position */
   IR_VARYING_SLOT_PSIZ,         /**< gl_PointSize */
   IR_VARYING_SLOT_CLIP_DIST0,   /**< gl_ClipDistance[0..3] */
   IR_VARYING_SLOT_CLIP_DIST1,   /**< gl_ClipDistance[4..7] */
   IR_VARYING_SLOT_CLIP_VERTEX,  /**< gl_ClipVertex */
   IR_VARYING_SLOT_LAYER,        /**< gl_Layer */
   IR_VARYING_SLOT_VIEWPORT,     /**< gl_ViewportIndex */
   IR_VARYING_SLOT_PRIMITIVE_ID, /**< gl_PrimitiveID (geometry out) */
   IR_VARYING_SLOT_FOGC,         /**< gl_FogFragCoord */
   IR_VARYING_SLOT_COL0,         /**< gl_FrontColor / gl_Color (fragment) */
   IR_VARYING_SLOT_COL1,         /**< gl_FrontSecondaryColor */
   IR_VARYING_SLOT_BFC0,         /**< gl_BackColor */
   IR_VARYING_SLOT_BFC1,         /**< gl_BackSecondaryColor */
   IR_VARYING_SLOT_TEX0,         /**< gl_TexCoord[0]; TEX0 + i for i < 8 */
   IR_VARYING_SLOT_VAR0 = 32,    /**< first user varying */
   IR_VARYING_SLOT_MAX = 64,
};

/** Number of gl_TexCoord[] slots. */
#define IR_VARYING_SLOT_NUM_TEX 8

/** Colour outputs use locations 0 .. IR_FRAG_RESULT_MAX_DATA - 1. */
#define IR_FRAG_RESULT_MAX_DATA 8
/** Location of gl_FragDepth. */
#define IR_FRAG_RESULT_DEPTH IR_FRAG_RESULT_MAX_DATA
/** Location of gl_SampleMask. */
#define IR_FRAG_RESULT_SAMPLE_MASK (IR_FRAG_RESULT_MAX_DATA + 1)

/** The system value of the GLSL built-in @p name ("gl_FragCoord"...), or
 * -1 if it is not one. */
int ir_system_value_from_name(const char *name);

/** The intrinsic that loads system value @p sv. */
enum ir_intrinsic_op ir_system_value_intrinsic(enum ir_system_value sv);

/**
 * Gives the variables of @p mode (IR_VAR_SHADER_IN or IR_VAR_SHADER_OUT)
 * their driver_location (first vec4 slot), unless one of them already has
 * a non-zero driver_location (then the assignment is the caller's and is
 * kept).  See ir_lower_io.c for the rule.  Returns whether anything
 * changed.
 */
bool ir_assign_io_driver_locations(struct ir_shader *shader,
                                   enum ir_var_mode mode);

/**
 * Lays out the default uniform block: gives each uniform variable that is
 * not a sampler its byte offset in driver_location, and each sampler
 * uniform its first texture slot, unless some uniform already has a
 * non-zero driver_location.  Returns whether anything changed.  See
 * ir_lower_uniforms.c for the rules.
 */
bool ir_assign_uniform_locations(struct ir_shader *shader);

/**
 * Fills the gathered fields of shader->info from the shader as it is:
 * inputs_read / outputs_written (bit N: location N is read/written, by
 * lowered intrinsics or by variable accesses), num_uniform_bytes (end of
 * the last default-block uniform, from driver_location), num_ubos,
 * num_textures, and the fragment flags uses_discard, uses_demote,
 * uses_derivatives, writes_depth.  Other info fields are not touched.
 */
void ir_shader_gather_info(struct ir_shader *shader);

#endif
