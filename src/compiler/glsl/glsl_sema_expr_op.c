/* SPDX-License-Identifier: MIT */

/*
 * Types of GLSL's unary and binary operators (GLSL 1.30, 5.9 and ESSL
 * 3.00, 5.9; the older versions lack %, ~, shifts and bitwise ops).
 *
 * A binary operator first gives its operands one base type with the
 * implicit conversions of the version (glsl_sema_can_convert: int ->
 * float from GLSL 1.20), then checks the shapes:
 *
 *   arithmetic + - * / %   scalar op anything, anything op scalar,
 *                          vectors of one size, matrices of one shape;
 *                          for *, also the linear-algebra products
 *                          matrix * vector, vector * matrix and matrix *
 *                          matrix with matching inner sizes;
 *   shifts << >>           integer scalar or vector on the left; a scalar
 *                          or a vector of the left's size on the right;
 *                          int and uint mix; the result is the left type;
 *   bitwise & | ^          integers of one base type, scalar broadcast;
 *   relational < > <= >=   int, uint or float scalars, result bool;
 *   == !=                  any one type but samplers (arrays from GLSL
 *                          1.20 / ESSL 3.00), result bool;
 *   && || ^^               bool scalars.
 *
 * Operators on constant operands fold (glsl_sema_const.c).
 */
#include <assert.h>

#include "glsl_sema_expr_priv.h"

static bool
is_bool_scalar(const struct ir_type *t)
{
   return ir_type_is_scalar(t) && t->base == IR_TYPE_BOOL;
}

static const struct ir_type *
bad_operands(struct glsl_sema *s, struct glsl_loc loc, enum glsl_ast_op op,
             const struct ir_type *ta, const struct ir_type *tb)
{
   glsl_sema_error(s, loc, "invalid operands to binary `%s' (`%s' and `%s')",
                   glsl_ast_op_name(op), sema_expr_type_name(s, ta),
                   sema_expr_type_name(s, tb));
   return glsl_sema_error_type();
}

static bool
require_version(struct glsl_sema *s, struct glsl_loc loc, enum glsl_ast_op op,
                bool binary)
{
   if (glsl_sema_version(s, 130, 300))
      return true;
   glsl_sema_error(s, loc, "%s operator `%s' requires GLSL 1.30 or ESSL 3.00",
                   binary ? "binary" : "unary", glsl_ast_op_name(op));
   return false;
}

/* Converts one operand so that both have the same base type; never the
 * left one when @p lhs_fixed. */
static bool
match_bases(struct glsl_sema *s, struct glsl_ast_node **pa,
            struct glsl_ast_node **pb, bool lhs_fixed)
{
   const struct ir_type *ta = (*pa)->expr.type;
   const struct ir_type *tb = (*pb)->expr.type;
   if (ta->base == tb->base)
      return true;
   if (!lhs_fixed && !ir_type_is_matrix(ta)) {
      const struct ir_type *to = sema_expr_with_base(ta, tb->base);
      if (to && glsl_sema_can_convert(s, ta, to)) {
         sema_expr_insert_convert(s, pa, to);
         return true;
      }
   }
   if (!ir_type_is_matrix(tb)) {
      const struct ir_type *to = sema_expr_with_base(tb, ta->base);
      if (to && glsl_sema_can_convert(s, tb, to)) {
         sema_expr_insert_convert(s, pb, to);
         return true;
      }
   }
   return false;
}

static const struct ir_type *
arithmetic_type(struct glsl_sema *s, struct glsl_loc loc, enum glsl_ast_op op,
                const struct ir_type *ta, const struct ir_type *tb)
{
   if (ir_type_is_scalar(ta))
      return tb;
   if (ir_type_is_scalar(tb))
      return ta;
   bool ma = ir_type_is_matrix(ta), mb = ir_type_is_matrix(tb);
   if (!ma && !mb) {
      if (ta->vector_elements == tb->vector_elements)
         return ta;
      return bad_operands(s, loc, op, ta, tb);
   }
   if (op != GLSL_OP_MUL) {
      if (ir_type_equal(ta, tb))
         return ta;
      return bad_operands(s, loc, op, ta, tb);
   }
   /* GLSL 1.10, 5.11: linear-algebra multiplication. */
   if (ma && mb) {
      if (ta->matrix_columns == tb->vector_elements)
         return ir_type_get_matrix(ta->base, tb->matrix_columns,
                                   ta->vector_elements);
   } else if (ma) {
      if (ta->matrix_columns == tb->vector_elements)
         return ir_type_get_vector(ta->base, ta->vector_elements);
   } else if (ta->vector_elements == tb->vector_elements) {
      return ir_type_get_vector(ta->base, tb->matrix_columns);
   }
   return bad_operands(s, loc, op, ta, tb);
}

const struct ir_type *
sema_expr_binary_type(struct glsl_sema *s, struct glsl_loc loc,
                      enum glsl_ast_op op, struct glsl_ast_node **pa,
                      struct glsl_ast_node **pb, bool lhs_fixed)
{
   const struct ir_type *ta = (*pa)->expr.type;
   const struct ir_type *tb = (*pb)->expr.type;
   const struct ir_type *bool_type = ir_type_get_scalar(IR_TYPE_BOOL);
   if (glsl_sema_is_error(ta) || glsl_sema_is_error(tb))
      return glsl_sema_error_type();

   switch (op) {
   case GLSL_OP_LOGIC_AND:
   case GLSL_OP_LOGIC_OR:
   case GLSL_OP_LOGIC_XOR:
      if (!is_bool_scalar(ta) || !is_bool_scalar(tb))
         return bad_operands(s, loc, op, ta, tb);
      return bool_type;

   case GLSL_OP_EQUAL:
   case GLSL_OP_NEQUAL:
      if (!sema_expr_check_whole_array(s, *pa) ||
          !sema_expr_check_whole_array(s, *pb))
         return glsl_sema_error_type();
      if (ta->base == IR_TYPE_VOID || tb->base == IR_TYPE_VOID ||
          sema_expr_contains_sampler(ta) || sema_expr_contains_sampler(tb))
         return bad_operands(s, loc, op, ta, tb);
      if ((sema_expr_contains_array(ta) || sema_expr_contains_array(tb)) &&
          !glsl_sema_version(s, 120, 300)) {
         glsl_sema_error(s, loc,
                         "arrays cannot be compared before GLSL "
                         "1.20 and ESSL 3.00");
         return glsl_sema_error_type();
      }
      if (!ir_type_equal(ta, tb)) {
         if (!lhs_fixed && glsl_sema_can_convert(s, ta, tb))
            sema_expr_insert_convert(s, pa, tb);
         else if (glsl_sema_can_convert(s, tb, ta))
            sema_expr_insert_convert(s, pb, ta);
         else
            return bad_operands(s, loc, op, ta, tb);
      }
      return bool_type;

   case GLSL_OP_LESS:
   case GLSL_OP_GREATER:
   case GLSL_OP_LEQUAL:
   case GLSL_OP_GEQUAL:
      if (!ir_type_is_scalar(ta) || !ir_type_is_scalar(tb) ||
          !sema_expr_is_numeric(ta) || !sema_expr_is_numeric(tb) ||
          !match_bases(s, pa, pb, lhs_fixed))
         return bad_operands(s, loc, op, ta, tb);
      return bool_type;

   case GLSL_OP_LSHIFT:
   case GLSL_OP_RSHIFT:
      if (!require_version(s, loc, op, true))
         return glsl_sema_error_type();
      if (!sema_expr_is_integer(ta) || !sema_expr_is_integer(tb))
         return bad_operands(s, loc, op, ta, tb);
      if (!ir_type_is_scalar(tb) &&
          (ir_type_is_scalar(ta) || ta->vector_elements != tb->vector_elements))
         return bad_operands(s, loc, op, ta, tb);
      return ta;

   case GLSL_OP_BIT_AND:
   case GLSL_OP_BIT_OR:
   case GLSL_OP_BIT_XOR:
   case GLSL_OP_MOD:
      if (!require_version(s, loc, op, true))
         return glsl_sema_error_type();
      if (!sema_expr_is_integer(ta) || !sema_expr_is_integer(tb) ||
          !match_bases(s, pa, pb, lhs_fixed))
         return bad_operands(s, loc, op, ta, tb);
      return arithmetic_type(s, loc, op, (*pa)->expr.type, (*pb)->expr.type);

   case GLSL_OP_ADD:
   case GLSL_OP_SUB:
   case GLSL_OP_MUL:
   case GLSL_OP_DIV:
      if (!sema_expr_is_numeric(ta) || !sema_expr_is_numeric(tb) ||
          !match_bases(s, pa, pb, lhs_fixed))
         return bad_operands(s, loc, op, ta, tb);
      return arithmetic_type(s, loc, op, (*pa)->expr.type, (*pb)->expr.type);

   default:
      assert(!"not a binary operator");
      return glsl_sema_error_type();
   }
}

const struct ir_type *
sema_expr_binary(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_node **ops = node->expr.operands;
   const struct ir_type *ta = glsl_sema_expr(s, &ops[0]);
   const struct ir_type *tb = glsl_sema_expr(s, &ops[1]);
   if (glsl_sema_is_error(ta) || glsl_sema_is_error(tb))
      return glsl_sema_error_type();
   const struct ir_type *t = sema_expr_binary_type(s, node->loc, node->expr.op,
                                                   &ops[0], &ops[1], false);
   if (!glsl_sema_is_error(t) && ops[0]->expr.constant && ops[1]->expr.constant)
      node->expr.constant = sema_const_binary(
         s, node->loc, node->expr.op, ops[0]->expr.type, ops[0]->expr.constant,
         ops[1]->expr.type, ops[1]->expr.constant, t);
   return t;
}

const struct ir_type *
sema_expr_unary(struct glsl_sema *s, struct glsl_ast_node *node)
{
   enum glsl_ast_op op = node->expr.op;
   struct glsl_ast_node **pa = &node->expr.operands[0];
   const struct ir_type *t = glsl_sema_expr(s, pa);
   if (glsl_sema_is_error(t))
      return t;

   switch (op) {
   case GLSL_OP_PLUS:
   case GLSL_OP_NEG:
      if (!sema_expr_is_numeric(t))
         goto bad;
      break;
   case GLSL_OP_LOGIC_NOT:
      if (!is_bool_scalar(t))
         goto bad;
      break;
   case GLSL_OP_BIT_NOT:
      if (!require_version(s, node->loc, op, false))
         return glsl_sema_error_type();
      if (!sema_expr_is_integer(t))
         goto bad;
      break;
   case GLSL_OP_PRE_INC:
   case GLSL_OP_PRE_DEC:
   case GLSL_OP_POST_INC:
   case GLSL_OP_POST_DEC:
      if (!sema_expr_is_numeric(t))
         goto bad;
      if (!glsl_sema_check_lvalue(s, *pa, glsl_ast_op_name(op)))
         return glsl_sema_error_type();
      return t;
   default:
      assert(!"not a unary operator");
      return glsl_sema_error_type();
   }
   if ((*pa)->expr.constant)
      node->expr.constant = sema_const_unary(s, op, t, (*pa)->expr.constant);
   return t;

bad:
   glsl_sema_error(s, node->loc, "invalid operand to unary `%s' (`%s')",
                   glsl_ast_op_name(op), sema_expr_type_name(s, t));
   return glsl_sema_error_type();
}
