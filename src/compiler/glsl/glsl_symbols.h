/* SPDX-License-Identifier: MIT */

/*
 * What names in a GLSL shader stand for: variables (and parameters),
 * functions with their overloaded signatures, struct types and interface
 * blocks.  Semantic analysis (glsl_sema*.c) creates the symbols, in the
 * compilation's arena, and links AST nodes to them; the translation to IR
 * reads them, and the linker reads the global ones through
 * glsl_shader::globals (glsl_compiler.h).
 *
 * Built-in variables and functions are symbols too: they carry a pointer
 * to their entry of the generated built-in tables (glsl_builtins.h), which
 * says what they mean in IR.
 */
#ifndef GLSL_SYMBOLS_H
#define GLSL_SYMBOLS_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir.h"
#include "glsl_ast.h"

struct glsl_builtin_var;

enum glsl_symbol_kind {
   GLSL_SYM_VARIABLE,
   GLSL_SYM_FUNCTION,
   /** A struct type name. */
   GLSL_SYM_TYPE,
   /** An interface block's name (block names have their own name space
    * in GLSL; sema keeps them apart from variables). */
   GLSL_SYM_BLOCK,
};

/** Where a variable lives. */
enum glsl_storage {
   /** A plain global or local variable. */
   GLSL_STORAGE_TEMP,
   /** "const": a compile-time constant (constant_value set) or, for a
    * const parameter or a local const with a non-constant initializer in
    * versions that allow it, a read-only value. */
   GLSL_STORAGE_CONST,
   /** Stage inputs (in, attribute, varying in the fragment stage). */
   GLSL_STORAGE_IN,
   /** Stage outputs (out, varying in the vertex stage). */
   GLSL_STORAGE_OUT,
   GLSL_STORAGE_UNIFORM,
   /** Function parameters. */
   GLSL_STORAGE_PARAM_IN,
   GLSL_STORAGE_PARAM_OUT,
   GLSL_STORAGE_PARAM_INOUT,
   /** A built-in input that is a system value (gl_FragCoord...). */
   GLSL_STORAGE_SYSTEM_VALUE,
};

struct glsl_symbol {
   enum glsl_symbol_kind kind;
   const char *name;
   /** Where it was declared (built-ins: line 0). */
   struct glsl_loc loc;
   /** Variables: the type; types: the struct; blocks: the interface. */
   const struct ir_type *type;

   /* ---- Variables ---- */
   enum glsl_storage storage;
   enum ir_interp_mode interp;
   /** The interpolation was written explicitly (flat/smooth/...). */
   bool interp_explicit;
   bool centroid;
   bool sample;
   bool invariant;
   bool precise;
   /** Declared at global scope. */
   bool is_global;
   /** Written somewhere / read somewhere (for link-time checks and
    * warnings). */
   bool assigned;
   bool used;
   enum glsl_precision precision;
   /** layout(location = N), else -1. */
   int location;
   /** layout(index = N), else -1. */
   int index;
   /** layout(binding = N), else -1. */
   int binding;
   /** For uniform blocks and their members. */
   enum ir_block_packing packing;
   bool row_major;
   /** Compile-time value of a constant variable, else NULL. */
   struct ir_constant *constant_value;
   /** The built-in's table entry, or NULL for user variables. */
   const struct glsl_builtin_var *builtin;
   /**
    * A member of an interface block declared without instance name: the
    * block's variable and the member's field index; NULL / -1 otherwise.
    * Such a member is accessed as block_var.field in IR.
    */
   struct glsl_symbol *block_var;
   int block_field;
   /** The array size was only implied so far ("float a[];"): sema fixes
    * it from the largest constant index used, as GLSL 1.10+ says. */
   bool implicitly_sized;

   /* ---- Functions ---- */
   /** The first signature; overloads follow through next. */
   struct glsl_function_sig *sigs;

   /* ---- Translation to IR (glsl_to_ir*.c) ---- */
   struct ir_variable *ir_var;
};

struct glsl_function_sig {
   /** The function's symbol (its name). */
   struct glsl_symbol *function;
   struct glsl_function_sig *next;
   struct glsl_loc loc;
   const struct ir_type *return_type;
   enum glsl_precision return_precision;
   /** Parameters (GLSL_STORAGE_PARAM_* variables), in order. */
   struct glsl_symbol **params;
   unsigned num_params;
   /** A built-in function: `builtin_op` (enum glsl_builtin_op from
    * glsl_builtins.h) says how glsl_builtin_emit() expands it. */
   bool is_builtin;
   unsigned builtin_op;
   /** The GLSL_AST_FUNCTION with the body, NULL while only declared. */
   struct glsl_ast_node *definition;
   /** Called somewhere (static use, for the link-time checks). */
   bool called;

   /* ---- Translation to IR ---- */
   struct ir_function *ir_func;
};

#endif
