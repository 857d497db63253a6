/* SPDX-License-Identifier: MIT */

/*
 * Implicit conversions of GLSL and the type predicates the expression
 * half shares.
 *
 * The versions differ (GLSL 1.20, 4.1.10 "Implicit Conversions"; GLSL
 * 1.30-3.30 the same section):
 *
 *   GLSL 1.10, ESSL 1.00, ESSL 3.00   none ("There are no implicit
 *                                     conversions between types")
 *   GLSL 1.20                          int -> float, ivecN -> vecN
 *   GLSL 1.30 - 3.30                   also uint -> float, uvecN -> vecN
 *                                     (int -> uint only from GLSL 4.00)
 *
 * Matrices, arrays and structs never convert implicitly.  A conversion
 * is a GLSL_AST_CONVERT node inserted above the converted expression;
 * when the operand is constant the node carries the converted constant.
 */
#include "glsl_sema_expr_priv.h"
#include "util/u_arena.h"

const char *
sema_expr_type_name(struct glsl_sema *s, const struct ir_type *t)
{
   if (glsl_sema_is_error(t))
      return "<error>";
   const char *name = NULL;
   if (ir_type_is_array(t)) {
      const char *elem = sema_expr_type_name(s, t->element);
      if (t->length == 0)
         name = u_arena_asprintf(s->arena, "%s[]", elem);
      else
         name = u_arena_asprintf(s->arena, "%s[%u]", elem, t->length);
   } else if (ir_type_is_struct(t)) {
      name = u_arena_asprintf(s->arena, "%s %s",
                              t->base == IR_TYPE_STRUCT ? "struct" : "block",
                              t->name ? t->name : "<anonymous>");
   } else {
      name = ir_type_builtin_name(t);
   }
   /* NULL after an allocation failure or for a type GLSL cannot name. */
   return name ? name : "<unknown>";
}

bool
sema_expr_is_numeric(const struct ir_type *t)
{
   if (glsl_sema_is_error(t))
      return false;
   switch (t->base) {
   case IR_TYPE_FLOAT:
   case IR_TYPE_DOUBLE:
   case IR_TYPE_INT:
   case IR_TYPE_UINT:
      return true;
   default:
      return false;
   }
}

bool
sema_expr_is_integer(const struct ir_type *t)
{
   return !glsl_sema_is_error(t) &&
          (t->base == IR_TYPE_INT || t->base == IR_TYPE_UINT) &&
          t->matrix_columns == 1;
}

bool
sema_expr_contains_sampler(const struct ir_type *t)
{
   if (ir_type_is_array(t))
      return sema_expr_contains_sampler(t->element);
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (sema_expr_contains_sampler(t->fields[i].type))
            return true;
      }
      return false;
   }
   return t->base == IR_TYPE_SAMPLER;
}

bool
sema_expr_contains_array(const struct ir_type *t)
{
   if (ir_type_is_array(t))
      return true;
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (sema_expr_contains_array(t->fields[i].type))
            return true;
      }
   }
   return false;
}

const struct ir_type *
sema_expr_with_base(const struct ir_type *t, enum ir_base_type base)
{
   if (ir_type_is_matrix(t))
      return ir_type_get_matrix(base, t->matrix_columns, t->vector_elements);
   return ir_type_get_vector(base, t->vector_elements);
}

struct glsl_ast_node *
sema_expr_new_node(struct glsl_sema *s, enum glsl_ast_kind kind,
                   struct glsl_loc loc)
{
   struct glsl_ast_node *n = u_arena_zalloc(s->arena, sizeof(*n));
   if (!n)
      return NULL;
   n->kind = kind;
   n->loc = loc;
   n->expr.field_index = -1;
   u_list_init(&n->link);
   return n;
}

void
sema_expr_insert_convert(struct glsl_sema *s, struct glsl_ast_node **pnode,
                         const struct ir_type *to)
{
   struct glsl_ast_node *child = *pnode;
   struct glsl_ast_node *conv =
      sema_expr_new_node(s, GLSL_AST_CONVERT, child->loc);
   if (!conv)
      return;
   conv->expr.operands[0] = child;
   conv->expr.type = to;
   if (child->expr.constant)
      conv->expr.constant =
         sema_const_convert(s, child->expr.constant, child->expr.type, to);
   *pnode = conv;
}

bool
glsl_sema_can_convert(const struct glsl_sema *s, const struct ir_type *from,
                      const struct ir_type *to)
{
   if (from == to || ir_type_equal(from, to))
      return true;
   if (s->env.es || s->env.version < 120)
      return false;
   if (!ir_type_is_vector_or_scalar(from) || !ir_type_is_vector_or_scalar(to))
      return false;
   if (from->vector_elements != to->vector_elements)
      return false;
   if (to->base != IR_TYPE_FLOAT)
      return false;
   return from->base == IR_TYPE_INT ||
          (from->base == IR_TYPE_UINT && s->env.version >= 130);
}

bool
glsl_sema_convert(struct glsl_sema *s, struct glsl_ast_node **pnode,
                  const struct ir_type *to, const char *what)
{
   const struct ir_type *from = (*pnode)->expr.type;
   if (glsl_sema_is_error(from) || glsl_sema_is_error(to))
      return false;
   if (from == to || ir_type_equal(from, to))
      return true;
   if (glsl_sema_can_convert(s, from, to)) {
      sema_expr_insert_convert(s, pnode, to);
      return true;
   }
   glsl_sema_error(s, (*pnode)->loc, "%s: cannot convert from `%s' to `%s'",
                   what, sema_expr_type_name(s, from),
                   sema_expr_type_name(s, to));
   return false;
}
