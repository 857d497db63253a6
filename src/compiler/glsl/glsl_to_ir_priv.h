/* SPDX-License-Identifier: MIT */

/*
 * The translation of an analysed GLSL AST into IR, shared between its
 * files:
 *
 *  - glsl_to_ir.c: the entry point, global variables, the entry
 *    function, the final validation and clean-up;
 *  - glsl_to_ir_stmt.c: statements and structured control flow (loops,
 *    switch, return, discard);
 *  - glsl_to_ir_expr.c: operators, l-values, assignments;
 *  - glsl_to_ir_value.c: values (constants, conversions, constructors,
 *    aggregate copies, matrix arithmetic);
 *  - glsl_to_ir_call.c: user function calls (inlined) and built-in calls.
 *
 * Values.  A scalar or vector is one SSA def; a matrix is one def per
 * column; an array or struct is never an SSA value: it lives in a
 * variable (the one named, or a function temporary holding a computed
 * aggregate) and is passed around as a deref to it.  Aggregates are
 * copied leaf by leaf (scalars, vectors, matrix columns) so that every
 * lowering pass (uniforms, I/O, splitting) sees plain loads and stores.
 *
 * Booleans are 1-bit defs; bool variables are loaded and stored at 1 bit
 * (the uniform lowering turns bool uniforms into 32-bit words).
 *
 * Control flow.  The IR has no call instruction, so a call is inlined at
 * its call site by translating the callee's body there (sema rejects
 * recursion, so a function is never active twice and its symbols can
 * hold the IR variables of the current inline instance).  Everything
 * that cannot be a plain IR jump is structured with IR loops and flags;
 * the jump targets of the current function form a stack (struct
 * t2i_target): a user loop, a switch (lowered to a loop that runs once)
 * or the wrapper loop of an inlined function body.
 */
#ifndef GLSL_TO_IR_PRIV_H
#define GLSL_TO_IR_PRIV_H

#include <stdbool.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "glsl_builtins.h"
#include "glsl_compiler.h"

struct u_strbuf;

/** A GLSL value (see the header comment). */
struct t2i_val {
   const struct ir_type *type;
   /** Scalar or vector: col[0]; matrix: the columns. */
   struct ir_def *col[4];
   /** Array or struct: a deref to where it lives. */
   struct ir_def *deref;
};

/**
 * Where an l-value (or any value stored somewhere) lives: a deref, and
 * for a part of a vector either a swizzle or a single component.
 */
struct t2i_ref {
   struct ir_def *deref;
   /** The type at deref (the vector for a swizzle or component). */
   const struct ir_type *type;
   /** Swizzle of the vector at deref (num_swz 0: none). */
   uint8_t swz[4];
   unsigned num_swz;
   /** One component, dynamic or constant (32-bit int), or NULL. */
   struct ir_def *comp;
};

enum t2i_target_kind {
   T2I_TARGET_LOOP,
   T2I_TARGET_SWITCH,
   /** The wrapper loop around an inlined function body. */
   T2I_TARGET_FUNCTION,
};

/** An IR loop that GLSL jumps can leave (innermost first). */
struct t2i_target {
   enum t2i_target_kind kind;
   struct t2i_target *outer;
   /** Switch: a continue of the enclosing loop was requested (lazily
    * created flag, tested after the switch). */
   struct ir_variable *cont_flag;
   /** A return went out through this loop: test the function's return
    * flag after it. */
   bool ret_through;
};

/** An inlined function instance. */
struct t2i_frame {
   struct t2i_frame *outer;
   /** Receives the return value (NULL for void). */
   struct ir_variable *retval;
   /** Set by a return that leaves nested loops (lazily created). */
   struct ir_variable *ret_flag;
   /** The wrapper loop's target, NULL when the body needs none. */
   struct t2i_target *wrapper;
   /** Jump targets outside this function (restored after it). */
   struct t2i_target *saved_targets;
};

/** A sampler parameter of an inlined function and the texture slot of
 * its argument; or a struct parameter holding samplers and the GL name
 * of its uniform argument ("s", "a[1]"), under which its sampler leaves
 * are found ("s.t"). */
struct t2i_sampler_binding {
   struct t2i_sampler_binding *next;
   const struct glsl_symbol *sym;
   unsigned slot;
   /** Struct parameters: the argument's name, NULL if it has none. */
   const char *path;
};

struct t2i {
   struct glsl_shader *shader;
   struct ir_shader *ir;
   struct u_arena *mem;
   struct ir_builder b;
   /** The innermost jump target, NULL outside loops. */
   struct t2i_target *targets;
   /** The innermost inlined function, NULL in main's own body. */
   struct t2i_frame *frame;
   struct t2i_sampler_binding *samplers;
   /** Counter for the names of temporaries. */
   unsigned num_temps;
   /** Inlining depth (bounded, in case sema let recursion through). */
   unsigned depth;
   /** Something could not be translated (already logged). */
   bool failed;
   /** A link-time translation (t2i_translate_stage()): every shader of
    * the stage, where calls of functions defined elsewhere are resolved;
    * NULL when one shader is compiled. */
   struct glsl_shader *const *stage_shaders;
   unsigned num_stage_shaders;
   /** Link-time translation: where errors go ("error: ..." lines)
    * instead of the compiled shader's log. */
   struct u_strbuf *log;
};

/* ---- glsl_to_ir.c ---- */

/** glsl_to_ir() without the optimisation (for tests). */
bool t2i_translate(struct glsl_shader *shader);

/**
 * Translates the shaders of one stage together, at link time: @p shaders
 * [0] defines main, a call of a function that its shader only declares
 * goes to the definition of the same signature in any of the @p count
 * shaders, and globals of the same name are one variable (the linker has
 * checked that they agree).  The IR (optimised as glsl_to_ir() does) is
 * made in a child arena of @p parent; the compiled shaders' IR is not
 * touched.  Returns NULL after an error, logged to @p log: a call that no
 * shader defines reached from main (after constant folding), or an
 * internal error.
 */
/** Name prefix of the outputs that mark calls of undefined functions
 * during t2i_translate_stage() (never left in its result). */
#define T2I_UNRESOLVED_PREFIX "unresolved call@"

struct ir_shader *t2i_translate_stage(struct glsl_shader *const *shaders,
                                      unsigned count, struct u_arena *parent,
                                      struct u_strbuf *log);

/** Logs "internal error: ..." once per translation and marks it failed. */
void t2i_fail(struct t2i *t, struct glsl_loc loc, const char *what);
/** Logs an error of the program (link time) once and marks it failed. */
void t2i_link_fail(struct t2i *t, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));
/** A new function temporary of @p type. */
struct ir_variable *t2i_temp(struct t2i *t, const struct ir_type *type,
                             const char *what);
/** A bool temporary that starts false (jump flags). */
struct ir_variable *t2i_flag(struct t2i *t, const char *what);
/** The IR variable of a variable symbol, created on first use for
 * globals (built-ins) and constants; NULL on failure. */
struct ir_variable *t2i_symbol_var(struct t2i *t, struct glsl_symbol *sym,
                                   struct glsl_loc loc);
/** Whether the cursor's block already ends in a jump (what follows in
 * the same statement list is unreachable and must not be emitted). */
bool t2i_block_ended(struct t2i *t);
/** Number of elements of @p type with every array level flattened. */
unsigned t2i_flat_length(const struct ir_type *type);

/* ---- glsl_to_ir_stmt.c ---- */

void t2i_stmt(struct t2i *t, struct glsl_ast_node *stmt);
/** Translates a local declaration (GLSL_AST_VARIABLE_DECL in a block). */
void t2i_local_decl(struct t2i *t, struct glsl_ast_node *decl);
/** The return of the current function: stores @p value (may be NULL) and
 * leaves the function. */
void t2i_return(struct t2i *t, struct t2i_val *value);
/** Emits "if (flag) leave" after a loop that a return went through. */
void t2i_after_target(struct t2i *t, struct t2i_target *target);

/* ---- glsl_to_ir_expr.c ---- */

/** Evaluates an expression; val.type is void for void calls. */
struct t2i_val t2i_expr(struct t2i *t, struct glsl_ast_node *node);
/** Evaluates an expression as a place (l-value, or a temporary holding
 * an r-value); false after a failure. */
bool t2i_ref(struct t2i *t, struct glsl_ast_node *node, struct t2i_ref *ref);
struct t2i_val t2i_load_ref(struct t2i *t, const struct t2i_ref *ref);
void t2i_store_ref(struct t2i *t, const struct t2i_ref *ref,
                   struct t2i_val val);
/** A boolean scalar condition. */
struct ir_def *t2i_cond(struct t2i *t, struct glsl_ast_node *node);

/* ---- glsl_to_ir_value.c ---- */

/** The value of a constant of @p type (aggregates in a read-only
 * temporary with the constant as initializer). */
struct t2i_val t2i_constant(struct t2i *t, const struct ir_type *type,
                            struct ir_constant *c);
/** The zero of @p type (driconf's glsl_zero_init), NULL for types with
 * opaque members or when out of memory. */
struct ir_constant *t2i_zero_constant(struct t2i *t,
                                      const struct ir_type *type);
/** Stores zero in @p var (glsl_zero_init) if its type has a zero. */
void t2i_store_zero(struct t2i *t, struct ir_variable *var);
/** Converts a scalar/vector def of base @p from to base @p to. */
struct ir_def *t2i_convert_def(struct t2i *t, struct ir_def *def,
                               enum ir_base_type from, enum ir_base_type to);
/** Converts a value to @p to (same shape, other base type). */
struct t2i_val t2i_convert(struct t2i *t, struct t2i_val v,
                           const struct ir_type *to);
/** A constructor call. */
struct t2i_val t2i_constructor(struct t2i *t, struct glsl_ast_node *call);
/** An initializer list for @p type. */
struct t2i_val t2i_init_list(struct t2i *t, struct glsl_ast_node *list,
                             const struct ir_type *type);
/** Stores an aggregate or any value into the place @p dst of the same
 * type (leaf by leaf for aggregates). */
void t2i_copy_to_deref(struct t2i *t, struct ir_def *dst,
                       const struct ir_type *type, struct t2i_val v);
/** Puts a value in a new temporary and returns it as a deref value
 * (captures aggregates before later side effects). */
struct t2i_val t2i_materialize(struct t2i *t, struct t2i_val v);
/** Arithmetic of matrices: op is GLSL_OP_MUL (linear algebra) or a
 * component-wise op; either side may be a scalar or vector. */
struct t2i_val t2i_matrix_binop(struct t2i *t, enum glsl_ast_op op,
                                struct t2i_val a, struct t2i_val b,
                                const struct ir_type *result);
/** Equality of any two values of one type, reduced to a bool scalar. */
struct ir_def *t2i_equal(struct t2i *t, struct t2i_val a, struct t2i_val b);
/** A def with every component the same scalar (broadcast). */
struct ir_def *t2i_broadcast(struct t2i *t, struct ir_def *scalar, unsigned n);

/* ---- glsl_to_ir_call.c ---- */

/** A call of a user or built-in function. */
struct t2i_val t2i_call(struct t2i *t, struct glsl_ast_node *call);
/** Whether two signatures take the same parameter types (the same
 * function when their names are the same). */
bool t2i_same_params(const struct glsl_function_sig *a,
                     const struct glsl_function_sig *b);
/** The texture slot of a sampler expression. */
unsigned t2i_sampler_slot(struct t2i *t, struct glsl_ast_node *node);
/** For a uniform whose type has samplers inside structs: declares one
 * uniform per sampler leaf, named as GL names it ("s.t", "a[1].t"), so
 * that each gets a texture slot of its own (t2i_sampler_slot() finds
 * them by name; the struct variable keeps the data, where samplers take
 * no bytes). */
void t2i_declare_sampler_leaves(struct t2i *t, const struct ir_variable *var);

#endif
