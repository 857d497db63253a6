/* SPDX-License-Identifier: MIT */

/*
 * Constructors (GLSL 1.20, 5.4; ESSL 3.00, 5.4).
 *
 * Scalars, vectors and matrices take scalars, vectors and matrices of any
 * numeric or bool base type, converted component by component as the
 * scalar constructors do (bool(x) is x != 0, int(float) truncates...):
 *
 *  - one scalar argument fills a vector, or a matrix's diagonal;
 *  - one matrix argument to a matrix (GLSL 1.20+, ESSL) copies the
 *    overlapping part and takes the identity elsewhere; a matrix among
 *    other arguments of a matrix constructor is an error;
 *  - otherwise the arguments' components are consumed in order: too few
 *    in total is an error, and so is an argument none of whose
 *    components is used ("too many arguments").
 *
 * Structs take one argument per member and arrays ("float[3](...)",
 * "float[](...)", GLSL 1.20 / ESSL 3.00) one per element; those arguments
 * convert only implicitly, as in an assignment.  Samplers and void cannot
 * be constructed.  Constructors of constants are constants.
 */
#include "glsl_sema_expr_priv.h"
#include "util/u_arena.h"

static unsigned
components(const struct ir_type *t)
{
   return t->vector_elements * t->matrix_columns;
}

static bool
all_constant(const struct glsl_ast_node *node)
{
   for (unsigned i = 0; i < node->call.num_args; i++) {
      if (!node->call.args[i]->expr.constant)
         return false;
   }
   return true;
}

/* Constants of an array or struct constructor: one element per
 * argument. */
static void
fold_aggregate(struct glsl_sema *s, struct glsl_ast_node *node)
{
   if (!all_constant(node))
      return;
   struct ir_constant *c = sema_const_new(s);
   if (!c)
      return;
   c->num_elements = node->call.num_args;
   c->elements = u_arena_zalloc_array(s->arena, c->num_elements,
                                      sizeof(struct ir_constant *));
   if (!c->elements)
      return;
   for (unsigned i = 0; i < c->num_elements; i++)
      c->elements[i] = node->call.args[i]->expr.constant;
   node->expr.constant = c;
}

static const struct ir_type *
array_ctor(struct glsl_sema *s, struct glsl_ast_node *node,
           const struct ir_type *type)
{
   if (!glsl_sema_version(s, 120, 300)) {
      glsl_sema_error(s, node->loc,
                      "array constructors require GLSL 1.20 or ESSL 3.00");
      return glsl_sema_error_type();
   }
   unsigned n = node->call.num_args;
   if (type->length == 0) {
      type = ir_type_array(s->arena, type->element, n);
      if (!type)
         return glsl_sema_error_type();
   } else if (type->length != n) {
      glsl_sema_error(s, node->loc,
                      "array constructor of `%s' has %u arguments",
                      sema_expr_type_name(s, type), n);
      return glsl_sema_error_type();
   }
   bool ok = true;
   for (unsigned i = 0; i < n; i++)
      ok &= glsl_sema_convert(s, &node->call.args[i], type->element,
                              "array constructor argument");
   if (!ok)
      return glsl_sema_error_type();
   fold_aggregate(s, node);
   return type;
}

static const struct ir_type *
struct_ctor(struct glsl_sema *s, struct glsl_ast_node *node,
            const struct ir_type *type)
{
   unsigned n = node->call.num_args;
   if (n != type->num_fields) {
      glsl_sema_error(s, node->loc,
                      "constructor of `%s' takes %u arguments, not %u",
                      sema_expr_type_name(s, type), type->num_fields, n);
      return glsl_sema_error_type();
   }
   bool ok = true;
   for (unsigned i = 0; i < n; i++)
      ok &= glsl_sema_convert(s, &node->call.args[i], type->fields[i].type,
                              "struct constructor argument");
   if (!ok)
      return glsl_sema_error_type();
   fold_aggregate(s, node);
   return type;
}

static union ir_const_value
float_value(enum ir_base_type base, float f)
{
   union ir_const_value v;
   v.u64 = 0;
   if (base == IR_TYPE_DOUBLE)
      v.f64 = f;
   else
      v.f32 = f;
   return v;
}

/* The value of a scalar, vector or matrix constructor with constant
 * arguments. */
static void
fold_basic(struct glsl_sema *s, struct glsl_ast_node *node,
           const struct ir_type *type)
{
   if (!all_constant(node))
      return;
   struct ir_constant *c = sema_const_new(s);
   if (!c)
      return;
   struct glsl_ast_node **args = node->call.args;
   const struct ir_type *t0 = args[0]->expr.type;
   const struct ir_constant *c0 = args[0]->expr.constant;
   enum ir_base_type to = type->base;
   unsigned rows = type->vector_elements, cols = type->matrix_columns;

   if (node->call.num_args == 1 && ir_type_is_scalar(t0)) {
      union ir_const_value v =
         sema_const_convert_value(c0->values[0], t0->base, to);
      for (unsigned col = 0; col < cols; col++) {
         for (unsigned r = 0; r < rows; r++) {
            bool fill = cols == 1 || r == col;
            c->values[col * rows + r] = fill ? v : float_value(to, 0.0f);
         }
      }
   } else if (node->call.num_args == 1 && ir_type_is_matrix(t0) &&
              ir_type_is_matrix(type)) {
      for (unsigned col = 0; col < cols; col++) {
         for (unsigned r = 0; r < rows; r++) {
            union ir_const_value v;
            if (col < t0->matrix_columns && r < t0->vector_elements)
               v = sema_const_convert_value(
                  c0->values[col * t0->vector_elements + r], t0->base, to);
            else
               v = float_value(to, r == col ? 1.0f : 0.0f);
            c->values[col * rows + r] = v;
         }
      }
   } else {
      unsigned k = 0, need = rows * cols;
      for (unsigned i = 0; i < node->call.num_args && k < need; i++) {
         const struct ir_type *t = args[i]->expr.type;
         for (unsigned j = 0; j < components(t) && k < need; j++)
            c->values[k++] = sema_const_convert_value(
               args[i]->expr.constant->values[j], t->base, to);
      }
   }
   node->expr.constant = c;
}

static const struct ir_type *
basic_ctor(struct glsl_sema *s, struct glsl_ast_node *node,
           const struct ir_type *type)
{
   struct glsl_ast_node **args = node->call.args;
   unsigned n = node->call.num_args;
   const char *name = sema_expr_type_name(s, type);
   bool has_matrix = false;
   for (unsigned i = 0; i < n; i++) {
      const struct ir_type *t = args[i]->expr.type;
      if (!ir_type_is_vector_or_scalar(t) && !ir_type_is_matrix(t)) {
         glsl_sema_error(s, args[i]->loc,
                         "argument %u of the constructor of `%s' has type "
                         "`%s'; only scalars, vectors and matrices convert",
                         i + 1, name, sema_expr_type_name(s, t));
         return glsl_sema_error_type();
      }
      has_matrix |= ir_type_is_matrix(t);
   }

   if (n == 1 && ir_type_is_scalar(args[0]->expr.type)) {
      fold_basic(s, node, type);
      return type;
   }
   if (ir_type_is_matrix(type) && has_matrix) {
      if (n != 1) {
         glsl_sema_error(s, node->loc,
                         "a matrix argument to the constructor of `%s' must "
                         "be its only argument",
                         name);
         return glsl_sema_error_type();
      }
      if (!glsl_sema_version(s, 120, 100)) {
         glsl_sema_error(s, node->loc,
                         "constructing a matrix from a matrix "
                         "requires GLSL 1.20");
         return glsl_sema_error_type();
      }
      fold_basic(s, node, type);
      return type;
   }

   unsigned need = components(type), have = 0;
   for (unsigned i = 0; i < n; i++) {
      if (have >= need) {
         glsl_sema_error(s, args[i]->loc,
                         "too many arguments to the constructor of `%s'", name);
         return glsl_sema_error_type();
      }
      have += components(args[i]->expr.type);
   }
   if (have < need) {
      glsl_sema_error(s, node->loc,
                      "too few components (%u of %u) for the constructor of "
                      "`%s'",
                      have, need, name);
      return glsl_sema_error_type();
   }
   fold_basic(s, node, type);
   return type;
}

const struct ir_type *
sema_expr_constructor(struct glsl_sema *s, struct glsl_ast_node *node,
                      const struct ir_type *type)
{
   bool failed = false;
   for (unsigned i = 0; i < node->call.num_args; i++) {
      const struct ir_type *t = glsl_sema_expr(s, &node->call.args[i]);
      failed |= glsl_sema_is_error(t);
   }
   if (failed || glsl_sema_is_error(type))
      return glsl_sema_error_type();

   const struct ir_type *leaf = type;
   while (ir_type_is_array(leaf))
      leaf = leaf->element;
   if (leaf->base == IR_TYPE_VOID || leaf->base == IR_TYPE_INTERFACE ||
       sema_expr_contains_sampler(leaf)) {
      glsl_sema_error(s, node->loc, "`%s' cannot be constructed",
                      sema_expr_type_name(s, type));
      return glsl_sema_error_type();
   }
   if (node->call.num_args == 0) {
      glsl_sema_error(s, node->loc, "the constructor of `%s' needs arguments",
                      sema_expr_type_name(s, type));
      return glsl_sema_error_type();
   }
   for (unsigned i = 0; i < node->call.num_args; i++) {
      if (!sema_expr_check_whole_array(s, node->call.args[i]))
         return glsl_sema_error_type();
      if (node->call.args[i]->expr.type->base == IR_TYPE_VOID) {
         glsl_sema_error(s, node->call.args[i]->loc,
                         "a void value cannot be a constructor argument");
         return glsl_sema_error_type();
      }
   }
   if (ir_type_is_array(type))
      return array_ctor(s, node, type);
   if (ir_type_is_struct(type))
      return struct_ctor(s, node, type);
   return basic_ctor(s, node, type);
}
