/* SPDX-License-Identifier: MIT */

/*
 * The reference interpreter of the IR ("ir_exec").
 *
 * It defines what a shader computes: every backend (the CPU driver's JIT,
 * the hardware compilers on their simulators) is tested against it, and the
 * CPU driver uses it as its first shader engine.  So it is exact (ALU
 * results are bit-identical to the constant evaluator, ir_eval_alu_op()) and
 * it is built for speed: the entry function is decoded once into a flat
 * array of operations, and each operation then works on all lanes of a
 * group at once.
 *
 * Programs and states
 * -------------------
 * ir_exec_program_create() decodes a shader into an immutable program;
 * any number of execution states (one per thread) may run it at the same
 * time.  A state holds the per-lane storage of one group of lanes: its
 * width is a multiple of 4 up to IR_EXEC_MAX_WIDTH, fixed at creation.
 * Lanes come in 2x2 quads: lane 4q+0 is the quad's top-left pixel, 4q+1
 * top-right, 4q+2 bottom-left, 4q+3 bottom-right.
 *
 * Lanes
 * -----
 * ir_exec_run() takes the lanes to run (active_mask) and the helper lanes
 * (helper_mask: lanes outside the primitive that run only so that their
 * quad neighbours get derivatives).  Helper lanes execute everything but
 * never write outputs; is_helper_invocation is true in them.  A lane in
 * both masks is a helper.  Every quad that has an active lane should have
 * its other lanes active or helpers: derivatives read all four lanes.
 *
 * Control flow runs with an execution mask: both sides of a divergent if
 * run, each with its lanes (a side with no lane is skipped); a loop repeats
 * until no lane is left in it; break, continue and return take lanes out
 * until the loop's exit, the loop's next iteration and the end of the
 * shader.
 *
 * - discard kills the lane: it is reported by ir_exec_killed_mask() and
 *   has no side effect any more.  So that its quad neighbours keep well
 *   defined derivatives, a killed lane goes on running as a helper until no
 *   lane of its quad is left that is neither a helper nor killed; then the
 *   whole quad stops.  A loop in which only killed lanes would iterate
 *   again ends for them (so a loop that only discard ends terminates).
 * - demote turns the lane into a helper (GLSL demote): it keeps running,
 *   writes nothing, and is reported by ir_exec_killed_mask() too (its
 *   fragment is discarded).
 * - A quad whose lanes are all helpers, killed or finished stops.
 *
 * Semantics of operations
 * -----------------------
 * ALU results are those of ir_eval_alu_op() with the shader's rounding and
 * denormal modes (shader->info): in particular NaN behaviour follows the
 * opcode table (fmin/fmax are IEEE minNum/maxNum: a NaN operand loses;
 * comparisons other than fneu are false on NaN; f2i/f2u saturate and give
 * 0 for NaN; integer division by zero gives 0).  With round_mode rtz the
 * interpreter sets the floating-point environment to round toward zero
 * during ir_exec_run() and restores it; with denorm flush, 16- and 32-bit
 * float results that are denormal become zero of the same sign (inputs are
 * not flushed, like the constant evaluator).
 *
 * Two things are not defined, exactly as in the constant evaluator (whose
 * own results depend on how the C compiler orders operands): which NaN an
 * operation with NaN operands returns (only that it is a NaN), and the
 * sign of a zero that fmin/fmax return for +0 and -0.  Everything else is
 * bit-exact.
 *
 * Derivatives: ddx_coarse/ddy_coarse give one value per quad: v(top-right)
 * - v(top-left) and v(bottom-left) - v(top-left).  ddx_fine is v(1) - v(0)
 * in the top row and v(3) - v(2) in the bottom row; ddy_fine is v(2) -
 * v(0) in the left column and v(3) - v(1) in the right column.  The plain
 * ddx/ddy are the fine ones.  The subtraction is an fsub of the value's bit
 * size (16, 32 or 64) with the shader's float modes.  In non-uniform
 * control flow a neighbour that does not run the derivative contributes
 * whatever its lane holds (GLSL leaves this undefined).
 *
 * Memory: variables of mode IR_VAR_FUNCTION_TEMP and IR_VAR_SHADER_TEMP
 * are per lane; they start with their initializer, or zero, at each run.
 * Dynamic array indices out of bounds read 0 and drop writes.  Registers
 * (decl_reg) start at zero at each run; indirect accesses out of bounds
 * behave the same way.  Uniform and UBO loads out of bounds read 0.
 * Undefined values (undef) read as 0.
 *
 * Inputs and outputs
 * ------------------
 * Shader inputs and outputs are arrays of 32-bit words indexed
 * [slot][component][lane] (slot = base + offset of load_input /
 * store_output, component 0..3, lane 0..width-1).  A 64-bit component uses
 * two consecutive components (low word first); 8- and 16-bit values use
 * the low bits of a word; booleans read as "word != 0" and are written as
 * 0 or 1.  Reads of slots beyond num_input_slots give 0 and writes beyond
 * num_output_slots are dropped.  store_output writes only the components
 * of its write mask, only in lanes that are running and not helpers.
 *
 * Textures are sampled by a callback, called once per quad that has a
 * running lane, with all sources of the four lanes so that it can compute
 * implicit LODs from the quad.
 *
 * Speed
 * -----
 * Decoding turns structured control flow into mask operations and jumps,
 * gives every value rows of per-lane storage (shared between values whose
 * lifetimes do not overlap), precomputes the row of every swizzled source
 * component and picks one handler per instruction (specialised loops over
 * quads for the common 32-bit operations, the constant evaluator lane by
 * lane for the rest).  A run then calls one handler per operation, each
 * working on the quads between the lowest and the highest running lane.
 *
 * Limits: one function (the entry point; calls are inlined earlier);
 * shader_in, shader_out, uniform and ubo variables reached through derefs
 * (lower I/O first) are rejected by ir_exec_program_create().  Geometry
 * shaders emit vertices through the callbacks of struct ir_exec_io.  Barriers do nothing:
 * a group runs in lock step.
 */
#ifndef IR_EXEC_H
#define IR_EXEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "compiler/ir/ir.h"

/** Most lanes of one group (the execution masks are 64-bit words). */
#define IR_EXEC_MAX_WIDTH 64

struct ir_exec_program;
struct ir_exec_state;

/** System values, each given per lane or as one value for the group. */
enum ir_exec_sysval {
   IR_EXEC_SYSVAL_FRAG_COORD,     /**< 4 floats: gl_FragCoord */
   IR_EXEC_SYSVAL_FRONT_FACE,     /**< 1 word, nonzero: front facing */
   IR_EXEC_SYSVAL_POINT_COORD,    /**< 2 floats */
   IR_EXEC_SYSVAL_SAMPLE_ID,      /**< 1 int */
   IR_EXEC_SYSVAL_SAMPLE_POS,     /**< 2 floats */
   IR_EXEC_SYSVAL_SAMPLE_MASK_IN, /**< 1 int */
   IR_EXEC_SYSVAL_PRIMITIVE_ID,   /**< 1 int */
   IR_EXEC_SYSVAL_LAYER_ID,       /**< 1 int */
   IR_EXEC_SYSVAL_VERTEX_ID,      /**< 1 int */
   IR_EXEC_SYSVAL_INSTANCE_ID,    /**< 1 int */
   IR_EXEC_SYSVAL_BASE_VERTEX,    /**< 1 int */
   IR_EXEC_SYSVAL_BASE_INSTANCE,  /**< 1 int */
   IR_EXEC_SYSVAL_INVOCATION_ID,  /**< 1 int */
   IR_EXEC_SYSVAL_COUNT,
};

/** What the texture callback gets for one quad. */
struct ir_exec_tex_args {
   /** The quad: lanes 4 * quad to 4 * quad + 3. */
   unsigned quad;
   /** Bit i: lane 4 * quad + i is running (helpers included).  Results of
    * other lanes are ignored; their sources are whatever the lane holds. */
   uint8_t active;
   /** Bit i: lane 4 * quad + i is a helper (or killed) lane. */
   uint8_t helper;
   /** Components of each source kind (enum ir_tex_src_kind), 0 if the
    * instruction has no such source. */
   uint8_t num_components[IR_TEX_SRC_COUNT];
   /** Source values: src[kind][component][lane of the quad], 32-bit words
    * (floats or integers as the instruction uses them). */
   uint32_t src[IR_TEX_SRC_COUNT][4][4];
};

/**
 * Samples for one quad: writes result[component][lane of the quad] (32-bit
 * words; a 16-bit destination uses the low bits) for the destination's
 * components.  @p tex is the instruction (op, dimension, texture and
 * sampler indices...).
 */
typedef void (*ir_exec_tex_fn)(void *data, const struct ir_tex *tex,
                               const struct ir_exec_tex_args *args,
                               uint32_t result[4][4]);

/** Where a run reads its inputs and writes its outputs.  The caller keeps
 * it (and everything it points to) alive while runs use it. */
struct ir_exec_io {
   /** [slot][component][lane] words, num_input_slots * 4 * width. */
   const uint32_t *inputs;
   unsigned num_input_slots;
   /** [slot][component][lane] words, num_output_slots * 4 * width.  Only
    * the written components change. */
   uint32_t *outputs;
   unsigned num_output_slots;

   /** The default uniform block (load_uniform: byte offsets). */
   const void *uniforms;
   size_t uniform_size;
   /** Uniform blocks (load_ubo): buffer i has ubo_sizes[i] bytes; NULL
    * buffers and indices >= num_ubos read 0. */
   const void *const *ubos;
   const size_t *ubo_sizes;
   unsigned num_ubos;

   /** Per-lane system values: sysval_lanes[v] points to [component][lane]
    * words, or is NULL to use sysval[v] for every lane. */
   const uint32_t *sysval_lanes[IR_EXEC_SYSVAL_COUNT];
   uint32_t sysval[IR_EXEC_SYSVAL_COUNT][4];

   /** Texture sampling; NULL gives zeros. */
   ir_exec_tex_fn tex;
   void *tex_data;

   /**
    * Geometry shaders: called by emit_vertex (EmitStreamVertex) with the
    * lanes that emit, while `outputs` holds each lane's current outputs,
    * which the callback copies (GLSL leaves the outputs undefined after
    * EmitVertex, so the shader writes them again for the next vertex);
    * and by end_primitive with the lanes that end their primitive.
    * NULL callbacks make both do nothing.
    */
   void (*emit_vertex)(void *data, unsigned stream, uint64_t lanes);
   void (*end_primitive)(void *data, unsigned stream, uint64_t lanes);
   void *gs_data;
};

/**
 * Decodes the entry function of @p shader into a program allocated in a
 * new child arena of @p parent (which may be NULL: then free it with
 * ir_exec_program_destroy()).  Returns NULL and, if @p error is not NULL,
 * a message in @p parent's arena (or a static string when @p parent is
 * NULL) if the shader uses something the interpreter does not support.
 * The shader must outlive the program (the texture callback gets its
 * instructions) and must not change while the program exists.
 */
struct ir_exec_program *ir_exec_program_create(struct u_arena *parent,
                                               struct ir_shader *shader,
                                               char **error);
/** Frees the program; its states must be destroyed first. */
void ir_exec_program_destroy(struct ir_exec_program *prog);

/** Number of operations and of lane rows (32-bit words per lane) the
 * program uses; for statistics and tests. */
unsigned ir_exec_program_num_ops(const struct ir_exec_program *prog);
unsigned ir_exec_program_num_rows(const struct ir_exec_program *prog);

/**
 * Creates the storage to run @p prog on groups of @p width lanes (a
 * multiple of 4, at most IR_EXEC_MAX_WIDTH).  Returns NULL on a bad width
 * or when out of memory.  A state is used by one thread at a time.
 */
struct ir_exec_state *ir_exec_state_create(const struct ir_exec_program *prog,
                                           unsigned width);
void ir_exec_state_destroy(struct ir_exec_state *st);

/** Sets what the next runs read and write (the pointer is kept). */
void ir_exec_state_set_io(struct ir_exec_state *st,
                          const struct ir_exec_io *io);

/**
 * Makes a run stop (and fail) after @p max loop iterations in total,
 * counting each iteration of each loop once; 0, the default, is no limit.
 * A guard against shaders that never end.
 */
void ir_exec_state_set_loop_limit(struct ir_exec_state *st, uint64_t max);

/**
 * Runs the program on the lanes of @p active_mask plus the helper lanes of
 * @p helper_mask (bit i is lane i).  Returns false if the run stopped on
 * the loop limit (the outputs are then incomplete).
 */
bool ir_exec_run(struct ir_exec_state *st, uint64_t active_mask,
                 uint64_t helper_mask);

/** Lanes of the last run that executed discard. */
uint64_t ir_exec_killed_mask(const struct ir_exec_state *st);

#endif
