/* SPDX-License-Identifier: MIT */

/*
 * Internals of the expression half of semantic analysis, shared between
 * its files only (the declaration half sees glsl_sema_priv.h):
 *
 *  - glsl_sema_expr.c: the dispatcher, names, literals, ?:, sequences,
 *    assignments, initializers, constant integral expressions;
 *  - glsl_sema_expr_op.c: unary and binary operators;
 *  - glsl_sema_expr_access.c: fields, swizzles, indexing, length(),
 *    l-values;
 *  - glsl_sema_expr_convert.c: implicit conversions and type names;
 *  - glsl_sema_expr_ctor.c: constructors;
 *  - glsl_sema_call.c: calls, overload resolution, the recursion check;
 *  - glsl_sema_const.c: constant folding.
 *
 * Constants are struct ir_constant in the types' layout: values[] holds
 * the components of a scalar, vector or matrix (column after column) as
 * .b for bool, .i32, .u32, .f32 and .f64; arrays and structs use
 * elements[].  Every component-wise operator is folded through
 * ir_eval_alu_op(), so a folded value is exactly what the IR computes at
 * run time; only the linear-algebra products are sums written in C.
 */
#ifndef GLSL_SEMA_EXPR_PRIV_H
#define GLSL_SEMA_EXPR_PRIV_H

#include "glsl_sema_priv.h"

/* ---- glsl_sema_expr_convert.c ---- */

/** A printable name of @p t ("vec4", "float[3]", "struct S"). */
const char *sema_expr_type_name(struct glsl_sema *s, const struct ir_type *t);
/** Whether @p t is a scalar, vector or matrix of a numeric (non-bool)
 * base type. */
bool sema_expr_is_numeric(const struct ir_type *t);
/** Whether @p t is a scalar or vector of int or uint. */
bool sema_expr_is_integer(const struct ir_type *t);
/** Whether @p t is or contains a sampler. */
bool sema_expr_contains_sampler(const struct ir_type *t);
/** Whether @p t is or contains an array. */
bool sema_expr_contains_array(const struct ir_type *t);
/** @p t (a scalar, vector or matrix) with base type @p base. */
const struct ir_type *sema_expr_with_base(const struct ir_type *t,
                                          enum ir_base_type base);
/** Inserts a GLSL_AST_CONVERT to @p to above *@p pnode (folding a
 * constant operand). */
void sema_expr_insert_convert(struct glsl_sema *s, struct glsl_ast_node **pnode,
                              const struct ir_type *to);
/** A new expression node of @p kind at @p loc. */
struct glsl_ast_node *sema_expr_new_node(struct glsl_sema *s,
                                         enum glsl_ast_kind kind,
                                         struct glsl_loc loc);

/* ---- glsl_sema_expr_op.c ---- */

const struct ir_type *sema_expr_unary(struct glsl_sema *s,
                                      struct glsl_ast_node *node);
const struct ir_type *sema_expr_binary(struct glsl_sema *s,
                                       struct glsl_ast_node *node);
/**
 * Types `a op b` for a binary operator, converting the operands as the
 * version allows (CONVERT nodes above them).  With @p lhs_fixed (compound
 * assignment), operand a is never converted.  Returns the result type, or
 * the error type after reporting.
 */
const struct ir_type *
sema_expr_binary_type(struct glsl_sema *s, struct glsl_loc loc,
                      enum glsl_ast_op op, struct glsl_ast_node **pa,
                      struct glsl_ast_node **pb, bool lhs_fixed);

/* ---- glsl_sema_expr_access.c ---- */

const struct ir_type *sema_expr_field(struct glsl_sema *s,
                                      struct glsl_ast_node *node);
const struct ir_type *sema_expr_index(struct glsl_sema *s,
                                      struct glsl_ast_node *node);
const struct ir_type *sema_expr_length(struct glsl_sema *s,
                                       struct glsl_ast_node *node);

/** Reports (and returns false) when @p node names an implicitly sized
 * array, which may only be indexed with constants (GLSL 1.10, 4.1.9). */
bool sema_expr_check_whole_array(struct glsl_sema *s,
                                 const struct glsl_ast_node *node);

/* ---- glsl_sema_expr_ctor.c ---- */

/** A constructor call of @p type (args not yet analysed). */
const struct ir_type *sema_expr_constructor(struct glsl_sema *s,
                                            struct glsl_ast_node *node,
                                            const struct ir_type *type);

/* ---- glsl_sema_call.c ---- */

/** Any GLSL_AST_CALL: function calls, constructors, length(). */
const struct ir_type *sema_expr_call(struct glsl_sema *s,
                                     struct glsl_ast_node *node);

/* ---- glsl_sema_const.c ---- */

struct ir_constant *sema_const_new(struct glsl_sema *s);
/** Component @p i of a scalar/vector/matrix constant of base @p from,
 * converted to @p to (GLSL constructor conversions). */
union ir_const_value sema_const_convert_value(union ir_const_value v,
                                              enum ir_base_type from,
                                              enum ir_base_type to);
/** @p c of type @p from converted component-wise to @p to (same shape). */
struct ir_constant *sema_const_convert(struct glsl_sema *s,
                                       const struct ir_constant *c,
                                       const struct ir_type *from,
                                       const struct ir_type *to);
/** Folds a unary operator (+, -, !, ~) on @p c of type @p t. */
struct ir_constant *sema_const_unary(struct glsl_sema *s, enum glsl_ast_op op,
                                     const struct ir_type *t,
                                     const struct ir_constant *c);
/**
 * Folds a binary operator whose operand types (already converted) are
 * @p ta and @p tb and result type @p tr; NULL when the operator is not
 * foldable.  Integer division by zero warns at @p loc.
 */
struct ir_constant *
sema_const_binary(struct glsl_sema *s, struct glsl_loc loc, enum glsl_ast_op op,
                  const struct ir_type *ta, const struct ir_constant *a,
                  const struct ir_type *tb, const struct ir_constant *b,
                  const struct ir_type *tr);
/** Whether two constants of type @p t are equal (== on every
 * component, recursively). */
bool sema_const_equal(const struct ir_type *t, const struct ir_constant *a,
                      const struct ir_constant *b);
/** Element @p i of an array, column of a matrix or component of a
 * vector. */
struct ir_constant *sema_const_index(struct glsl_sema *s,
                                     const struct ir_type *t,
                                     const struct ir_constant *c, unsigned i);
/** Components @p swz[0..n) of a vector or scalar. */
struct ir_constant *sema_const_swizzle(struct glsl_sema *s,
                                       const struct ir_constant *c,
                                       const uint8_t *swz, unsigned n);

#endif
