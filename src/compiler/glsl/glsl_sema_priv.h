/* SPDX-License-Identifier: MIT */

/*
 * Semantic analysis, shared between its two halves:
 *
 *  - declarations and statements (glsl_sema.c, glsl_sema_decl*.c,
 *    glsl_sema_qual*.c, glsl_sema_stmt.c, glsl_symtab.c): scopes and the
 *    symbol table, type specifiers, qualifiers and layouts, variables,
 *    functions, interface blocks, precision, control flow rules;
 *  - expressions (glsl_sema_expr*.c, glsl_sema_call.c,
 *    glsl_sema_const.c): operators and their implicit conversions,
 *    swizzles and fields, indexing, l-values, constructors, overload
 *    resolution, constant folding.
 *
 * Errors are reported with glsl_sema_error(), which also marks the
 * shader as failed.  An expression that had an error gets the type
 * glsl_sema_error_type(); checks that see that type stay quiet, so one
 * mistake gives one message.
 */
#ifndef GLSL_SEMA_PRIV_H
#define GLSL_SEMA_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "glsl_builtins.h"
#include "glsl_compiler.h"

struct glsl_scope;
struct glsl_sema_expr_state;
struct u_hash_table;

struct glsl_sema {
   struct glsl_shader *shader;
   struct u_arena *arena;
   struct glsl_env env;
   /** The innermost scope; the outermost is the global one, built-ins
    * are looked up beyond it. */
   struct glsl_scope *scope;
   /** The function whose body is being analysed, else NULL. */
   struct glsl_function_sig *function;
   unsigned loop_depth;
   unsigned switch_depth;
   /** Built-in function signatures made so far, by name. */
   struct u_hash_table *builtin_funcs;
   /** Built-in variable symbols made so far, by name. */
   struct u_hash_table *builtin_vars;
   /** The expression half's own state (the static call graph, which
    * finds recursion as calls are analysed), made on first use: NULL
    * until then. */
   struct glsl_sema_expr_state *expr_state;
   /** Default precisions per basic type (ES), per scope, kept by the
    * declaration half. */
};

/* ---- Both halves ---- */

void glsl_sema_error(struct glsl_sema *s, struct glsl_loc loc, const char *fmt,
                     ...) __attribute__((format(printf, 3, 4)));
void glsl_sema_warning(struct glsl_sema *s, struct glsl_loc loc,
                       const char *fmt, ...)
   __attribute__((format(printf, 3, 4)));

/** The type of erroneous expressions (a static object). */
const struct ir_type *glsl_sema_error_type(void);
static inline bool
glsl_sema_is_error(const struct ir_type *t)
{
   return t == glsl_sema_error_type();
}

/** Whether the version is at least @p gl (desktop) / @p es (ES; 0 means
 * never). */
static inline bool
glsl_sema_version(const struct glsl_sema *s, unsigned gl, unsigned es)
{
   return s->env.es ? (es != 0 && s->env.version >= es) : s->env.version >= gl;
}

/* ---- Implemented by the declaration half ---- */

void glsl_sema_push_scope(struct glsl_sema *s);
void glsl_sema_pop_scope(struct glsl_sema *s);
/** Adds @p sym to the innermost scope; reports a redefinition (and
 * returns false) when the name is taken there. */
bool glsl_sema_declare(struct glsl_sema *s, struct glsl_symbol *sym);
/** The variable, type or function named @p name, innermost scope first,
 * then the built-ins (variables made on first use). */
struct glsl_symbol *glsl_sema_lookup(struct glsl_sema *s, const char *name);
/** Every signature of function @p name visible here: user ones, and the
 * built-ins unless a user declaration hides them (GLSL 1.10/1.20 allow
 * that). */
struct glsl_function_sig *glsl_sema_lookup_functions(struct glsl_sema *s,
                                                     const char *name);
/** Resolves a type specifier (built-in or struct name, inline struct,
 * array dimensions) and stores it in ts->type. */
const struct ir_type *glsl_sema_type_spec(struct glsl_sema *s,
                                          struct glsl_ast_type_spec *ts);
/** Analyses a statement. */
void glsl_sema_stmt(struct glsl_sema *s, struct glsl_ast_node *stmt);

/* ---- Implemented by the expression half ---- */

/**
 * Analyses the expression at *@p pnode (which may be replaced, to insert
 * conversions), fills its sema fields and returns its type (the error
 * type after an error).
 */
const struct ir_type *glsl_sema_expr(struct glsl_sema *s,
                                     struct glsl_ast_node **pnode);
/**
 * Converts the analysed expression at *@p pnode to @p to with the
 * implicit conversions of the version (int -> float and so on), or
 * reports "@p what: cannot convert A to B" and returns false.
 */
bool glsl_sema_convert(struct glsl_sema *s, struct glsl_ast_node **pnode,
                       const struct ir_type *to, const char *what);
/** Whether the type @p from converts implicitly to @p to here. */
bool glsl_sema_can_convert(const struct glsl_sema *s,
                           const struct ir_type *from,
                           const struct ir_type *to);
/**
 * Analyses a constant integral expression (array sizes, layout values,
 * case labels): reports an error and returns false when it is not one.
 */
bool glsl_sema_const_int(struct glsl_sema *s, struct glsl_ast_node **pnode,
                         int64_t *value);
/**
 * Analyses an initializer (expression or initializer list) for a
 * variable of type @p type; returns the type to give an implicitly sized
 * array ("float a[] = float[](...)"), or the error type.
 */
const struct ir_type *glsl_sema_initializer(struct glsl_sema *s,
                                            struct glsl_ast_node **pnode,
                                            const struct ir_type *type);
/** Reports an error and returns false when the analysed expression is
 * not an l-value (assignment targets and out / inout arguments). */
bool glsl_sema_check_lvalue(struct glsl_sema *s, struct glsl_ast_node *node,
                            const char *what);

#endif
