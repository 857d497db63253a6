/* SPDX-License-Identifier: MIT */

/*
 * The shader IR: core types and small inline helpers.
 *
 * Shape
 * -----
 * A shader holds variables and functions (after the front end inlines
 * everything, one function, "main").  A function body is a structured
 * control-flow tree: a list of cf nodes, each a block, an if or a loop.
 * Lists always start and end with a block and never hold two blocks in a
 * row, so every if and loop has a block before and after it (the "merge"
 * block of an if, the "exit" block of a loop).  A loop body repeats until a
 * `break` jumps out; `continue` jumps back to the first block of the body.
 * Jumps may only be the last instruction of a block.  Every function has an
 * end block that is not in its body: `return` and falling off the end go
 * there.
 *
 * Values
 * ------
 * Values are SSA defs (struct ir_def) of 1 to 4 components of 1 (booleans),
 * 8, 16, 32 or 64 bits.  Defs carry no type: an opcode says how it reads
 * its sources.  Each def keeps the list of its uses (struct ir_src), so
 * replacing a value is ir_def_rewrite_uses().  Phis sit at the start of the
 * block after an if (one source per predecessor) and at the start of a
 * loop's first block (one source from before the loop, one per continue
 * edge).  After out-of-SSA, non-SSA values are registers: `decl_reg`
 * intrinsics whose def is the register handle, read with `load_reg` and
 * written with `store_reg`, so no second kind of value exists.
 *
 * Memory
 * ------
 * Everything belongs to the shader's arena; instructions are never freed
 * one by one: ir_instr_remove() unlinks them and the arena reclaims them
 * with the shader.
 *
 * Audiences: ir.h (this, the core), ir_builder.h (building), ir_passes.h
 * (pass prototypes and options), ir_exec.h (the interpreter).
 */
#ifndef IR_H
#define IR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "util/u_arena.h"
#include "util/u_list.h"
#include "compiler/ir/ir_type.h"
#include "compiler/ir/ir_opcodes.h"

#define IR_MAX_VEC         4
#define IR_MAX_CONST_INDEX 6

struct ir_shader;
struct ir_function;
struct ir_block;
struct ir_instr;
struct ir_if;
struct u_hash_table;
struct u_strbuf;

/* ---------------------------------------------------------------------- */
/* Shaders                                                                */
/* ---------------------------------------------------------------------- */

enum ir_stage {
   IR_STAGE_VERTEX,
   IR_STAGE_GEOMETRY,
   IR_STAGE_FRAGMENT,
   IR_STAGE_COMPUTE,
   IR_STAGE_COUNT,
};

/** Rounding of float results (and of f2f16 without a suffix). */
enum ir_round_mode {
   IR_ROUND_NEAREST_EVEN,
   IR_ROUND_TOWARD_ZERO,
};

/** What happens to denormal floats of 16 and 32 bits. */
enum ir_denorm_mode {
   IR_DENORM_PRESERVE,
   IR_DENORM_FLUSH_TO_ZERO,
};

enum ir_interp_mode {
   IR_INTERP_SMOOTH,
   IR_INTERP_FLAT,
   IR_INTERP_NOPERSPECTIVE,
};

enum ir_prim {
   IR_PRIM_POINTS,
   IR_PRIM_LINES,
   IR_PRIM_LINES_ADJACENCY,
   IR_PRIM_LINE_STRIP,
   IR_PRIM_TRIANGLES,
   IR_PRIM_TRIANGLES_ADJACENCY,
   IR_PRIM_TRIANGLE_STRIP,
};

struct ir_shader_info {
   const char *name;
   enum ir_round_mode round_mode;
   enum ir_denorm_mode denorm_mode;

   /** Bitmasks of the locations read/written (by ir_shader_gather_info). */
   uint64_t inputs_read;
   uint64_t outputs_written;
   /** Bytes of the default uniform block. */
   unsigned num_uniform_bytes;
   unsigned num_ubos;
   unsigned num_textures;

   struct {
      bool uses_discard;
      bool uses_demote;
      bool uses_derivatives;
      bool writes_depth;
      bool origin_upper_left;
      bool pixel_center_integer;
      bool early_fragment_tests;
   } fs;
   struct {
      enum ir_prim input_prim;
      enum ir_prim output_prim;
      unsigned vertices_in;
      unsigned max_vertices;
      unsigned invocations;
   } gs;
};

struct ir_shader {
   /** Owns everything below; freed by ir_shader_destroy(). */
   struct u_arena *arena;
   enum ir_stage stage;
   struct ir_shader_info info;
   /** struct ir_variable, in declaration order (all modes but temps of a
    * function, which live in their function). */
   struct u_list variables;
   /** struct ir_function. */
   struct u_list functions;
};

/* ---------------------------------------------------------------------- */
/* Variables                                                              */
/* ---------------------------------------------------------------------- */

enum ir_var_mode {
   IR_VAR_SHADER_IN = 1 << 0,
   IR_VAR_SHADER_OUT = 1 << 1,
   IR_VAR_UNIFORM = 1 << 2,
   IR_VAR_UBO = 1 << 3,
   IR_VAR_SYSTEM_VALUE = 1 << 4,
   /** Private to the shader, visible to every function. */
   IR_VAR_SHADER_TEMP = 1 << 5,
   /** Local to one function (in ir_function::locals). */
   IR_VAR_FUNCTION_TEMP = 1 << 6,
};

union ir_const_value {
   bool b;
   float f32;
   double f64;
   int8_t i8;
   uint8_t u8;
   int16_t i16;
   uint16_t u16;
   int32_t i32;
   uint32_t u32;
   int64_t i64;
   uint64_t u64;
};

/** A constant of a variable's type: scalars/vectors fill values[] (one per
 * component, matrices column after column); arrays and structs use
 * elements[]. */
struct ir_constant {
   union ir_const_value values[16];
   struct ir_constant **elements;
   unsigned num_elements;
};

struct ir_variable {
   struct u_list link;
   const char *name;
   const struct ir_type *type;
   enum ir_var_mode mode;

   /** API-visible location (attribute, varying slot, frag data), -1 if
    * none. */
   int location;
   /** First component within the location. */
   unsigned component;
   /** Where lowered I/O or uniforms put it (slot or byte offset). */
   unsigned driver_location;
   /** Texture/UBO binding point, -1 if none. */
   int binding;
   /** Dual-source blend index. */
   unsigned index;
   enum ir_interp_mode interp;
   /** The shader gave interp with a qualifier; otherwise the compatibility
    * profile's glShadeModel decides how colour inputs are interpolated. */
   bool interp_explicit;
   bool centroid;
   bool sample;
   bool invariant;
   /** Every computation feeding it is exact (GLSL `precise`). */
   bool precise;
   /** Read-only after initialisation (GLSL const with a non-constant
    * initialiser is not this). */
   bool read_only;
   /** Initial value, or NULL. */
   struct ir_constant *initializer;
};

/* ---------------------------------------------------------------------- */
/* Defs and sources                                                       */
/* ---------------------------------------------------------------------- */

struct ir_def {
   /** The instruction that defines it. */
   struct ir_instr *parent;
   /** struct ir_src linked through use_link. */
   struct u_list uses;
   /** Unique per function; compacted by ir_index_defs(). */
   unsigned index;
   uint8_t num_components;
   /** 1 (bool), 8, 16, 32 or 64. */
   uint8_t bit_size;
   /** Differs between lanes (by ir_analyze_divergence; true until then). */
   bool divergent;
};

/** A use of a def.  Its parent is an instruction, or an if for the
 * condition of an if. */
struct ir_src {
   struct ir_def *def;
   struct u_list use_link;
   union {
      struct ir_instr *parent_instr;
      struct ir_if *parent_if;
   };
   bool is_if_condition;
};

/* ---------------------------------------------------------------------- */
/* Instructions                                                           */
/* ---------------------------------------------------------------------- */

enum ir_instr_kind {
   IR_INSTR_ALU,
   IR_INSTR_DEREF,
   IR_INSTR_INTRINSIC,
   IR_INSTR_TEX,
   IR_INSTR_LOAD_CONST,
   IR_INSTR_UNDEF,
   IR_INSTR_PHI,
   IR_INSTR_JUMP,
   IR_INSTR_PARALLEL_COPY,
};

struct ir_instr {
   struct u_list link;
   struct ir_block *block;
   enum ir_instr_kind kind;
   /** Position in the function (by ir_index_instrs()), for liveness. */
   unsigned index;
   /** Scratch for the pass that runs; every pass initialises it. */
   uintptr_t pass_flags;
};

struct ir_alu_src {
   struct ir_src src;
   /** Component of the source def read for each component used. */
   uint8_t swizzle[IR_MAX_VEC];
};

struct ir_alu {
   struct ir_instr instr;
   enum ir_op op;
   /** Must not be changed by inexact algebra (GLSL precise/invariant). */
   bool exact;
   struct ir_def def;
   /** ir_op_infos[op].num_inputs entries. */
   struct ir_alu_src src[];
};

enum ir_deref_kind {
   IR_DEREF_VAR,
   IR_DEREF_ARRAY,
   IR_DEREF_STRUCT,
};

/** A pointer into a variable: a variable, then array/matrix indexing and
 * struct member selection.  Its def (one 32-bit component) is only ever
 * used by other derefs and by the *_deref intrinsics. */
struct ir_deref {
   struct ir_instr instr;
   enum ir_deref_kind deref_kind;
   enum ir_var_mode mode;
   const struct ir_type *type;
   /** The variable (for every kind: the root of the chain). */
   struct ir_variable *var;
   /** The deref this one indexes into (not for IR_DEREF_VAR). */
   struct ir_src parent;
   /** Array or matrix-column index (IR_DEREF_ARRAY). */
   struct ir_src index;
   /** Member index (IR_DEREF_STRUCT). */
   unsigned field;
   struct ir_def def;
};

struct ir_intrinsic {
   struct ir_instr instr;
   enum ir_intrinsic_op op;
   /** Components of the destination and of size-0 sources. */
   uint8_t num_components;
   int32_t const_index[IR_MAX_CONST_INDEX];
   struct ir_def def;
   /** ir_intrinsic_infos[op].num_srcs entries. */
   struct ir_src src[];
};

enum ir_tex_op {
   IR_TEX_OP_TEX,       /**< implicit LOD (fragment shader) */
   IR_TEX_OP_TXB,       /**< implicit LOD plus bias */
   IR_TEX_OP_TXL,       /**< explicit LOD */
   IR_TEX_OP_TXD,       /**< explicit gradients */
   IR_TEX_OP_TXF,       /**< texelFetch: integer coordinates and LOD */
   IR_TEX_OP_TXF_MS,    /**< texelFetch of a multisample texture */
   IR_TEX_OP_TXS,       /**< textureSize */
   IR_TEX_OP_QUERY_LOD, /**< textureQueryLod */
   IR_TEX_OP_LEVELS,    /**< textureQueryLevels */
   IR_TEX_OP_COUNT,
};

enum ir_tex_src_kind {
   IR_TEX_SRC_COORD,
   IR_TEX_SRC_PROJECTOR, /**< divides the coordinates (and comparator) */
   IR_TEX_SRC_BIAS,
   IR_TEX_SRC_LOD,
   IR_TEX_SRC_MIN_LOD,
   IR_TEX_SRC_COMPARATOR,
   IR_TEX_SRC_OFFSET, /**< texel offset, integer */
   IR_TEX_SRC_DDX,
   IR_TEX_SRC_DDY,
   IR_TEX_SRC_MS_INDEX,
   IR_TEX_SRC_COUNT,
};

struct ir_tex_src {
   struct ir_src src;
   enum ir_tex_src_kind kind;
};

struct ir_tex {
   struct ir_instr instr;
   enum ir_tex_op op;
   enum ir_sampler_dim dim;
   bool is_array;
   bool is_shadow;
   /** IR_TYPE_FLOAT, IR_TYPE_INT or IR_TYPE_UINT: what it returns. */
   enum ir_base_type dest_type;
   /** Components of the coordinate source, array layer included. */
   uint8_t coord_components;
   unsigned texture_index;
   unsigned sampler_index;
   struct ir_def def;
   unsigned num_srcs;
   struct ir_tex_src *src;
};

struct ir_load_const {
   struct ir_instr instr;
   struct ir_def def;
   union ir_const_value value[IR_MAX_VEC];
};

struct ir_undef {
   struct ir_instr instr;
   struct ir_def def;
};

struct ir_phi_src {
   struct u_list link;
   struct ir_block *pred;
   struct ir_src src;
};

struct ir_phi {
   struct ir_instr instr;
   /** struct ir_phi_src, one per predecessor of the block. */
   struct u_list srcs;
   struct ir_def def;
};

enum ir_jump_kind {
   IR_JUMP_BREAK,
   IR_JUMP_CONTINUE,
   IR_JUMP_RETURN,
};

struct ir_jump {
   struct ir_instr instr;
   enum ir_jump_kind jump_kind;
};

/** One copy of a parallel copy: dest receives the value of src. */
struct ir_parallel_copy_entry {
   struct u_list link;
   struct ir_src src;
   /** A register handle (decl_reg def) to write. */
   struct ir_src dest_reg;
};

/** Copies performed all at once (every source read before any write);
 * produced by out-of-SSA, removed by ir_lower_parallel_copies(). */
struct ir_parallel_copy {
   struct ir_instr instr;
   struct u_list entries;
};

/* ---------------------------------------------------------------------- */
/* Control flow                                                           */
/* ---------------------------------------------------------------------- */

enum ir_cf_kind {
   IR_CF_BLOCK,
   IR_CF_IF,
   IR_CF_LOOP,
   IR_CF_FUNCTION,
};

struct ir_cf_node {
   struct u_list link;
   enum ir_cf_kind kind;
   /** The if, loop or function whose list holds this node. */
   struct ir_cf_node *parent;
};

struct ir_block {
   struct ir_cf_node cf;
   /** struct ir_instr; phis first. */
   struct u_list instrs;
   /** Position in the function (by ir_index_blocks()). */
   unsigned index;

   /** Successors: succ[1] is NULL unless the block ends before an if (then
    * succ[0] is the then-side, succ[1] the else-side). */
   struct ir_block *succ[2];
   /** Predecessors (unordered), in the shader's arena. */
   struct ir_block **preds;
   unsigned num_preds;
   unsigned preds_capacity;

   /* Dominance (IR_METADATA_DOMINANCE). */
   struct ir_block *imm_dom;
   struct ir_block **dom_children;
   unsigned num_dom_children;
   /** Pre- and post-order numbers in the dominator tree: a dominates b iff
    * a->dom_pre <= b->dom_pre && b->dom_post <= a->dom_post. */
   unsigned dom_pre, dom_post;

   /* Liveness (IR_METADATA_LIVENESS): bitsets indexed by def index. */
   uint64_t *live_in;
   uint64_t *live_out;
};

struct ir_if {
   struct ir_cf_node cf;
   struct ir_src condition;
   /** Lists of cf nodes (each non-empty: at least one block). */
   struct u_list then_list;
   struct u_list else_list;
};

struct ir_loop_info {
   /** Iterations when the count is a compile-time constant, else -1. */
   int trip_count;
   /** The instruction that computes the exit condition, if known. */
   struct ir_instr *limiting_condition;
};

struct ir_loop {
   struct ir_cf_node cf;
   struct u_list body;
   /** Set by ir_analyze_loops() (IR_METADATA_LOOP_ANALYSIS). */
   struct ir_loop_info info;
};

enum ir_metadata {
   IR_METADATA_NONE = 0,
   IR_METADATA_BLOCK_INDEX = 1 << 0,
   IR_METADATA_INSTR_INDEX = 1 << 1,
   IR_METADATA_DOMINANCE = 1 << 2,
   IR_METADATA_LIVENESS = 1 << 3,
   IR_METADATA_LOOP_ANALYSIS = 1 << 4,
   IR_METADATA_DIVERGENCE = 1 << 5,
   IR_METADATA_ALL = ~0,
};

struct ir_function {
   struct ir_cf_node cf;
   struct ir_shader *shader;
   const char *name;
   /** struct ir_cf_node: the body. */
   struct u_list body;
   /** Where `return` and the end of the body lead; holds no
    * instructions. */
   struct ir_block *end_block;
   /** IR_VAR_FUNCTION_TEMP variables. */
   struct u_list locals;
   /** Def indices are below this. */
   unsigned num_defs;
   unsigned num_blocks;
   unsigned num_instrs;
   /** Which analyses are up to date (enum ir_metadata). */
   unsigned valid_metadata;
};

/* ---------------------------------------------------------------------- */
/* Downcasts                                                              */
/* ---------------------------------------------------------------------- */

#define IR_DEFINE_CAST(name, in_type, out_type, field, kind_field, kind) \
   static inline struct out_type *name(const struct in_type *p)          \
   {                                                                     \
      return (p && p->kind_field == kind)                                \
                ? u_container_of(p, struct out_type, field)              \
                : NULL;                                                  \
   }

IR_DEFINE_CAST(ir_instr_as_alu, ir_instr, ir_alu, instr, kind, IR_INSTR_ALU)
IR_DEFINE_CAST(ir_instr_as_deref, ir_instr, ir_deref, instr, kind,
               IR_INSTR_DEREF)
IR_DEFINE_CAST(ir_instr_as_intrinsic, ir_instr, ir_intrinsic, instr, kind,
               IR_INSTR_INTRINSIC)
IR_DEFINE_CAST(ir_instr_as_tex, ir_instr, ir_tex, instr, kind, IR_INSTR_TEX)
IR_DEFINE_CAST(ir_instr_as_load_const, ir_instr, ir_load_const, instr, kind,
               IR_INSTR_LOAD_CONST)
IR_DEFINE_CAST(ir_instr_as_undef, ir_instr, ir_undef, instr, kind,
               IR_INSTR_UNDEF)
IR_DEFINE_CAST(ir_instr_as_phi, ir_instr, ir_phi, instr, kind, IR_INSTR_PHI)
IR_DEFINE_CAST(ir_instr_as_jump, ir_instr, ir_jump, instr, kind, IR_INSTR_JUMP)
IR_DEFINE_CAST(ir_instr_as_parallel_copy, ir_instr, ir_parallel_copy, instr,
               kind, IR_INSTR_PARALLEL_COPY)
IR_DEFINE_CAST(ir_cf_as_block, ir_cf_node, ir_block, cf, kind, IR_CF_BLOCK)
IR_DEFINE_CAST(ir_cf_as_if, ir_cf_node, ir_if, cf, kind, IR_CF_IF)
IR_DEFINE_CAST(ir_cf_as_loop, ir_cf_node, ir_loop, cf, kind, IR_CF_LOOP)
IR_DEFINE_CAST(ir_cf_as_function, ir_cf_node, ir_function, cf, kind,
               IR_CF_FUNCTION)

/** The instruction defining @p def, as an ALU (NULL if it is not one). */
static inline struct ir_alu *
ir_def_as_alu(const struct ir_def *def)
{
   return ir_instr_as_alu(def->parent);
}
static inline struct ir_load_const *
ir_def_as_load_const(const struct ir_def *def)
{
   return ir_instr_as_load_const(def->parent);
}
static inline struct ir_intrinsic *
ir_def_as_intrinsic(const struct ir_def *def)
{
   return ir_instr_as_intrinsic(def->parent);
}

/* ---------------------------------------------------------------------- */
/* Creation and manipulation (ir.c, ir_cf.c)                              */
/* ---------------------------------------------------------------------- */

/** New empty shader in a new child arena of @p parent (which may be NULL).
 * Returns NULL on allocation failure. */
struct ir_shader *ir_shader_create(struct u_arena *parent, enum ir_stage stage);
/** Frees the shader and everything it owns. */
void ir_shader_destroy(struct ir_shader *shader);

struct ir_function *ir_function_create(struct ir_shader *shader,
                                       const char *name);
/** The function called "main", or the only function. */
struct ir_function *ir_shader_get_entrypoint(const struct ir_shader *shader);

struct ir_variable *ir_variable_create(struct ir_shader *shader,
                                       enum ir_var_mode mode,
                                       const struct ir_type *type,
                                       const char *name);
/** A IR_VAR_FUNCTION_TEMP variable of @p fn. */
struct ir_variable *ir_local_variable_create(struct ir_function *fn,
                                             const struct ir_type *type,
                                             const char *name);
struct ir_variable *ir_shader_find_variable(const struct ir_shader *shader,
                                            const char *name);

/* Instruction constructors: the instruction is not in any block yet; its
 * def (if any) has the given size and a fresh index.  NULL on allocation
 * failure. */
struct ir_alu *ir_alu_create(struct ir_function *fn, enum ir_op op);
struct ir_deref *ir_deref_create(struct ir_function *fn,
                                 enum ir_deref_kind kind);
struct ir_intrinsic *ir_intrinsic_create(struct ir_function *fn,
                                         enum ir_intrinsic_op op);
struct ir_tex *ir_tex_create(struct ir_function *fn, unsigned num_srcs);
struct ir_load_const *ir_load_const_create(struct ir_function *fn,
                                           unsigned num_components,
                                           unsigned bit_size);
struct ir_undef *ir_undef_create(struct ir_function *fn,
                                 unsigned num_components, unsigned bit_size);
struct ir_phi *ir_phi_create(struct ir_function *fn);
struct ir_jump *ir_jump_create(struct ir_function *fn, enum ir_jump_kind kind);
struct ir_parallel_copy *ir_parallel_copy_create(struct ir_function *fn);

/** Gives @p def its size and a fresh index in @p fn. */
void ir_def_init(struct ir_function *fn, struct ir_instr *instr,
                 struct ir_def *def, unsigned num_components,
                 unsigned bit_size);
/** Adds a source to a phi (linking the use). */
struct ir_phi_src *ir_phi_add_src(struct ir_phi *phi, struct ir_block *pred,
                                  struct ir_def *def);
/** Adds an entry to a parallel copy. */
struct ir_parallel_copy_entry *ir_parallel_copy_add(struct ir_parallel_copy *pc,
                                                    struct ir_def *src,
                                                    struct ir_def *dest_reg);

/** The deref instruction @p src reads, or NULL. */
struct ir_deref *ir_src_as_deref(const struct ir_src *src);
/** Collects the deref chain ending at @p leaf: chain[0] = @p leaf, ...,
 * chain[n - 1] = the deref_var.  Returns n, or 0 when the chain is longer
 * than @p max or does not start at a variable. */
unsigned ir_deref_chain(struct ir_deref *leaf, struct ir_deref **chain,
                        unsigned max);

/** The def an instruction defines, or NULL. */
struct ir_def *ir_instr_def(const struct ir_instr *instr);

/** Points @p src at @p def (updating use lists); @p src must already have
 * its parent set, or be set with ir_instr_set_src()/ir_if_set_condition(). */
void ir_src_set(struct ir_src *src, struct ir_def *def);
void ir_instr_set_src(struct ir_instr *instr, struct ir_src *src,
                      struct ir_def *def);
void ir_if_set_condition(struct ir_if *nif, struct ir_def *def);
/** Calls @p cb on every source of @p instr; stops early when it returns
 * false and then returns false. */
typedef bool (*ir_src_cb)(struct ir_src *src, void *data);
bool ir_instr_foreach_src(struct ir_instr *instr, ir_src_cb cb, void *data);

/** Makes every use of @p def use @p new_def instead. */
void ir_def_rewrite_uses(struct ir_def *def, struct ir_def *new_def);
/** Like ir_def_rewrite_uses(), but only uses after @p after_me in program
 * order within its block (and everything not in that block). */
void ir_def_rewrite_uses_after(struct ir_def *def, struct ir_def *new_def,
                               struct ir_instr *after_me);
static inline bool
ir_def_has_uses(const struct ir_def *def)
{
   return !u_list_is_empty(&def->uses);
}
/** Component mask of @p def read by its uses. */
unsigned ir_def_components_read(const struct ir_def *def);

/** A position at which to insert. */
enum ir_cursor_option {
   IR_CURSOR_BEFORE_BLOCK,
   IR_CURSOR_AFTER_BLOCK,
   IR_CURSOR_BEFORE_INSTR,
   IR_CURSOR_AFTER_INSTR,
};
struct ir_cursor {
   enum ir_cursor_option option;
   union {
      struct ir_block *block;
      struct ir_instr *instr;
   };
};
static inline struct ir_cursor
ir_before_block(struct ir_block *b)
{
   return (struct ir_cursor){ .option = IR_CURSOR_BEFORE_BLOCK, .block = b };
}
static inline struct ir_cursor
ir_after_block(struct ir_block *b)
{
   return (struct ir_cursor){ .option = IR_CURSOR_AFTER_BLOCK, .block = b };
}
static inline struct ir_cursor
ir_before_instr(struct ir_instr *i)
{
   return (struct ir_cursor){ .option = IR_CURSOR_BEFORE_INSTR, .instr = i };
}
static inline struct ir_cursor
ir_after_instr(struct ir_instr *i)
{
   return (struct ir_cursor){ .option = IR_CURSOR_AFTER_INSTR, .instr = i };
}
/** After the block's phis. */
struct ir_cursor ir_after_phis(struct ir_block *block);
/** Before the block's trailing jump, if any, else at its end. */
struct ir_cursor ir_before_jump(struct ir_block *block);
/** Before/after a cf node: the end of the block before it, the start of the
 * block after it. */
struct ir_cursor ir_before_cf_node(struct ir_cf_node *node);
struct ir_cursor ir_after_cf_node(struct ir_cf_node *node);

/** Inserts an unlinked instruction.  Inserting a jump updates successors
 * (and the cf invariants: what follows a jump in its block is unreachable
 * and must not exist). */
void ir_instr_insert(struct ir_cursor cursor, struct ir_instr *instr);
/** Unlinks @p instr from its block and drops its uses of other defs.  Its
 * own def must have no uses left. */
void ir_instr_remove(struct ir_instr *instr);

/** Inserts an if or loop (with its lists already filled, or empty lists
 * that get one empty block each) at @p cursor, splitting the block there. */
void ir_cf_node_insert(struct ir_cursor cursor, struct ir_cf_node *node);
struct ir_if *ir_if_create(struct ir_function *fn);
struct ir_loop *ir_loop_create(struct ir_function *fn);
struct ir_block *ir_block_create(struct ir_function *fn);

/** Removes a cf node (if or loop) and everything in it from the function,
 * merging the blocks around it.  Defs inside must have no uses outside. */
void ir_cf_node_remove(struct ir_cf_node *node);

/** A detached sequence of cf nodes (for moving code around: unrolling,
 * if-flattening). */
struct ir_cf_list {
   struct ir_function *fn;
   struct u_list list;
};
/** Moves everything between @p begin and @p end (both cursors in the same
 * cf list, begin before end) into @p out; the blocks around are joined and
 * the joined block's successors are recomputed from the tree.  When the
 * range ended in a jump, the joined block gains a fall-through edge: the
 * caller adds the phi sources for it (as for a removed jump). */
void ir_cf_extract(struct ir_cf_list *out, struct ir_cursor begin,
                   struct ir_cursor end);
/** Inserts an extracted list at @p cursor; @p list ends empty. */
void ir_cf_reinsert(struct ir_cf_list *list, struct ir_cursor cursor);
/** Deep copy of an extracted list, with defs remapped through @p remap (a
 * def → def hash table that the copy fills and reads; may be NULL). */
void ir_cf_list_clone(struct ir_cf_list *dst, struct ir_cf_list *src,
                      struct ir_cf_node *parent, struct u_hash_table *remap);
/** Drops every instruction (and use) of an extracted list. */
void ir_cf_delete(struct ir_cf_list *list);

/* Navigation. */
struct ir_block *ir_start_block(struct ir_function *fn);
struct ir_block *ir_cf_node_as_first_block(struct ir_cf_node *node);
struct ir_block *ir_cf_node_as_last_block(struct ir_cf_node *node);
struct ir_cf_node *ir_cf_node_next(struct ir_cf_node *node);
struct ir_cf_node *ir_cf_node_prev(struct ir_cf_node *node);
struct ir_block *ir_if_first_then_block(struct ir_if *nif);
struct ir_block *ir_if_last_then_block(struct ir_if *nif);
struct ir_block *ir_if_first_else_block(struct ir_if *nif);
struct ir_block *ir_if_last_else_block(struct ir_if *nif);
struct ir_block *ir_loop_first_block(struct ir_loop *loop);
struct ir_block *ir_loop_last_block(struct ir_loop *loop);
/** The innermost loop containing @p node, or NULL. */
struct ir_loop *ir_cf_node_get_loop(struct ir_cf_node *node);
struct ir_function *ir_cf_node_get_function(struct ir_cf_node *node);
/** The if that follows @p block directly, or NULL. */
struct ir_if *ir_block_get_following_if(struct ir_block *block);
struct ir_loop *ir_block_get_following_loop(struct ir_block *block);
/** The trailing jump of @p block, or NULL. */
struct ir_jump *ir_block_last_jump(struct ir_block *block);

/** Blocks in program order (then before else, loop bodies inline).
 * Iterating with a NULL start gives the first block. */
struct ir_block *ir_block_next(struct ir_function *fn, struct ir_block *b);
#define ir_foreach_block(fn, b)                          \
   for (struct ir_block *b = ir_block_next(fn, NULL); b; \
        b = ir_block_next(fn, b))
#define ir_foreach_instr(block, instr) \
   u_list_foreach (struct ir_instr, instr, &(block)->instrs, link)
#define ir_foreach_instr_safe(block, instr) \
   u_list_foreach_safe (struct ir_instr, instr, &(block)->instrs, link)
#define ir_foreach_instr_rev(block, instr) \
   u_list_foreach_rev (struct ir_instr, instr, &(block)->instrs, link)
#define ir_foreach_instr_rev_safe(block, instr) \
   u_list_foreach_rev_safe (struct ir_instr, instr, &(block)->instrs, link)
#define ir_foreach_function(shader, fn) \
   u_list_foreach (struct ir_function, fn, &(shader)->functions, cf.link)
#define ir_foreach_variable(shader, var) \
   u_list_foreach (struct ir_variable, var, &(shader)->variables, link)
#define ir_foreach_use(def, src) \
   u_list_foreach (struct ir_src, src, &(def)->uses, use_link)
#define ir_foreach_use_safe(def, src) \
   u_list_foreach_safe (struct ir_src, src, &(def)->uses, use_link)
#define ir_foreach_phi_src(phi, psrc) \
   u_list_foreach (struct ir_phi_src, psrc, &(phi)->srcs, link)

/* ---------------------------------------------------------------------- */
/* Metadata (ir_metadata.c, ir_dominance.c, ir_liveness.c, ...)           */
/* ---------------------------------------------------------------------- */

/** Computes each analysis of @p required that is not valid. */
void ir_metadata_require(struct ir_function *fn, unsigned required);
/** Marks everything but @p preserved invalid (call at the end of a pass
 * that changed something). */
void ir_metadata_preserve(struct ir_function *fn, unsigned preserved);

void ir_index_blocks(struct ir_function *fn);
void ir_index_instrs(struct ir_function *fn);
/** Renumbers defs densely in program order. */
void ir_index_defs(struct ir_function *fn);
void ir_calc_dominance(struct ir_function *fn);
bool ir_block_dominates(const struct ir_block *parent,
                        const struct ir_block *child);

/* ---------------------------------------------------------------------- */
/* Text form (ir_print.c, ir_parse.c) and validation (ir_validate.c)       */
/* ---------------------------------------------------------------------- */

/** Appends the shader's text form; parsing it gives back a shader that
 * prints identically. */
void ir_print_shader(const struct ir_shader *shader, struct u_strbuf *out);
/** The same into a new string in @p arena. */
char *ir_shader_to_string(const struct ir_shader *shader,
                          struct u_arena *arena);
void ir_print_instr(const struct ir_instr *instr, struct u_strbuf *out);

/** Parses the text form into a new shader under @p parent.  On error
 * returns NULL and, if @p error is not NULL, a message "LINE:COL: what"
 * allocated in @p parent. */
struct ir_shader *ir_parse(struct u_arena *parent, const char *text,
                           char **error);

/** A deep copy of @p shader in a new child arena of @p parent (which may
 * be NULL); NULL when out of memory. */
struct ir_shader *ir_shader_clone(struct u_arena *parent,
                                  const struct ir_shader *shader);

/** Checks every invariant of the IR; on failure returns false and, if
 * @p error is not NULL, describes the first problem (in the shader's
 * arena). */
bool ir_validate(struct ir_shader *shader, char **error);
/** In debug builds (or with IR_DEBUG=validate) validates and aborts with
 * the printed shader on failure; a no-op otherwise.  Passes' drivers call
 * it after every pass. */
void ir_validate_or_die(struct ir_shader *shader, const char *after_what);

#include "compiler/ir/ir_intrinsics_inline.h"

#endif
