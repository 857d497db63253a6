/* SPDX-License-Identifier: MIT */

/*
 * Semantic analysis of expressions: the entry points of the expression
 * half (glsl_sema_expr, glsl_sema_const_int, glsl_sema_initializer) and
 * the expression kinds that need no file of their own: names, literals,
 * ?:, the sequence operator and assignments.
 *
 * The walk is bottom-up: every operand is analysed first, then the node
 * gets its type (glsl_ast_expr::type, never NULL afterwards) and, when it
 * is a constant expression, its folded value (glsl_ast_expr::constant).
 * A node whose operand has the error type takes the error type without a
 * message of its own, so one mistake gives one message.  Conversions are
 * GLSL_AST_CONVERT nodes put above the converted operand, which is why
 * operands are passed by the address of their parent's pointer.
 */
#include <assert.h>

#include "glsl_sema_expr_priv.h"

static const struct ir_type *
error_type(void)
{
   return glsl_sema_error_type();
}

static const struct ir_type *
identifier(struct glsl_sema *s, struct glsl_ast_node *node)
{
   const char *name = node->expr.name;
   struct glsl_symbol *sym = glsl_sema_lookup(s, name);
   if (!sym) {
      glsl_sema_error(s, node->loc, "`%s' undeclared", name);
      return error_type();
   }
   switch (sym->kind) {
   case GLSL_SYM_VARIABLE:
      break;
   case GLSL_SYM_TYPE:
      glsl_sema_error(s, node->loc, "`%s' is a type name, not a value", name);
      return error_type();
   case GLSL_SYM_FUNCTION:
      glsl_sema_error(s, node->loc, "`%s' is a function, not a value", name);
      return error_type();
   case GLSL_SYM_BLOCK:
      glsl_sema_error(s, node->loc,
                      "`%s' is an interface block name, not a value", name);
      return error_type();
   }
   node->expr.symbol = sym;
   sym->used = true;
   if (!sym->type || glsl_sema_is_error(sym->type))
      return error_type();
   if (sym->storage == GLSL_STORAGE_CONST) {
      if (!sym->constant_value && sym->builtin &&
          sym->builtin->kind == GLSL_BUILTIN_CONSTANT)
         sym->constant_value =
            glsl_builtin_var_constant(sym->builtin, &s->env, s->arena);
      node->expr.constant = sym->constant_value;
   }
   return sym->type;
}

static const struct ir_type *
literal(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct ir_constant *c = sema_const_new(s);
   const struct ir_type *t;
   if (!c)
      return error_type();
   switch (node->kind) {
   case GLSL_AST_INT_CONSTANT:
      c->values[0].i32 = node->expr.literal.i;
      t = ir_type_get_scalar(IR_TYPE_INT);
      break;
   case GLSL_AST_UINT_CONSTANT:
      c->values[0].u32 = node->expr.literal.u;
      t = ir_type_get_scalar(IR_TYPE_UINT);
      break;
   case GLSL_AST_FLOAT_CONSTANT:
      c->values[0].f32 = node->expr.literal.f;
      t = ir_type_get_scalar(IR_TYPE_FLOAT);
      break;
   case GLSL_AST_DOUBLE_CONSTANT:
      c->values[0].f64 = node->expr.literal.d;
      t = ir_type_get_scalar(IR_TYPE_DOUBLE);
      break;
   default:
      c->values[0].b = node->expr.literal.b;
      t = ir_type_get_scalar(IR_TYPE_BOOL);
      break;
   }
   node->expr.constant = c;
   return t;
}

static bool
is_bool_scalar(const struct ir_type *t)
{
   return ir_type_is_scalar(t) && t->base == IR_TYPE_BOOL;
}

/* GLSL 1.20, 5.8: "The second and third expressions can be any type, as
 * long their types match, or there is a conversion in section 4.1.10
 * that can be applied to one of the expressions to make their types
 * match." */
static const struct ir_type *
conditional(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_node **ops = node->expr.operands;
   const struct ir_type *ct = glsl_sema_expr(s, &ops[0]);
   const struct ir_type *t1 = glsl_sema_expr(s, &ops[1]);
   const struct ir_type *t2 = glsl_sema_expr(s, &ops[2]);
   bool ok = true;
   if (!glsl_sema_is_error(ct) && !is_bool_scalar(ct)) {
      glsl_sema_error(s, ops[0]->loc,
                      "the condition of `?:' must be a scalar bool, not `%s'",
                      sema_expr_type_name(s, ct));
      ok = false;
   }
   if (glsl_sema_is_error(ct) || glsl_sema_is_error(t1) ||
       glsl_sema_is_error(t2) || !ok)
      return error_type();
   if (!ir_type_equal(t1, t2)) {
      if (glsl_sema_can_convert(s, t1, t2)) {
         sema_expr_insert_convert(s, &ops[1], t2);
         t1 = t2;
      } else if (glsl_sema_can_convert(s, t2, t1)) {
         sema_expr_insert_convert(s, &ops[2], t1);
      } else {
         glsl_sema_error(s, node->loc,
                         "the second and third operands of `?:' must have "
                         "the same type (`%s' and `%s')",
                         sema_expr_type_name(s, t1),
                         sema_expr_type_name(s, t2));
         return error_type();
      }
   }
   if (ir_type_is_array(t1) && !glsl_sema_version(s, 120, 300)) {
      glsl_sema_error(s, node->loc,
                      "`?:' on arrays requires GLSL 1.20 or ESSL 3.00");
      return error_type();
   }
   if (ops[0]->expr.constant && ops[1]->expr.constant && ops[2]->expr.constant)
      node->expr.constant = ops[0]->expr.constant->values[0].b
                               ? ops[1]->expr.constant
                               : ops[2]->expr.constant;
   return t1;
}

static const struct ir_type *
sequence(struct glsl_sema *s, struct glsl_ast_node *node)
{
   const struct ir_type *a = glsl_sema_expr(s, &node->expr.operands[0]);
   const struct ir_type *b = glsl_sema_expr(s, &node->expr.operands[1]);
   if (glsl_sema_is_error(a) || glsl_sema_is_error(b))
      return error_type();
   /* ESSL 1.00 folds a sequence of constants like any operator (Piglit's
    * glsl-es-1.00 const-initializer/from-sequence); ESSL 3.00 excludes the
    * sequence operator from constant expressions, and desktop GLSL's
    * grammar never allows it in one (constant_expression is a
    * conditional_expression). */
   if (s->env.es && s->env.version < 300 &&
       node->expr.operands[0]->expr.constant)
      node->expr.constant = node->expr.operands[1]->expr.constant;
   return b;
}

static const struct ir_type *
assign(struct glsl_sema *s, struct glsl_ast_node *node)
{
   struct glsl_ast_node **ops = node->expr.operands;
   const struct ir_type *lt = glsl_sema_expr(s, &ops[0]);
   const struct ir_type *rt = glsl_sema_expr(s, &ops[1]);
   if (glsl_sema_is_error(lt) || glsl_sema_is_error(rt))
      return error_type();
   if (!glsl_sema_check_lvalue(s, ops[0], "assignment"))
      return error_type();

   if (node->expr.op == GLSL_OP_ASSIGN) {
      if (ir_type_is_array(lt) && !glsl_sema_version(s, 120, 300)) {
         glsl_sema_error(s, node->loc,
                         "assignment of a whole array "
                         "requires GLSL 1.20 or ESSL 3.00");
         return error_type();
      }
      if (sema_expr_contains_sampler(lt)) {
         glsl_sema_error(s, node->loc, "samplers cannot be assigned");
         return error_type();
      }
      if (!sema_expr_check_whole_array(s, ops[1]) ||
          !glsl_sema_convert(s, &ops[1], lt, "assignment"))
         return error_type();
      return lt;
   }

   const struct ir_type *t = sema_expr_binary_type(s, node->loc, node->expr.op,
                                                   &ops[0], &ops[1], true);
   if (glsl_sema_is_error(t))
      return error_type();
   if (!ir_type_equal(t, lt)) {
      glsl_sema_error(s, node->loc,
                      "`%s=': the result `%s' cannot be assigned to `%s'",
                      glsl_ast_op_name(node->expr.op),
                      sema_expr_type_name(s, t), sema_expr_type_name(s, lt));
      return error_type();
   }
   return lt;
}

const struct ir_type *
glsl_sema_expr(struct glsl_sema *s, struct glsl_ast_node **pnode)
{
   struct glsl_ast_node *node = *pnode;
   const struct ir_type *t;
   /* Made by the analysis itself: already analysed. */
   if (node->kind == GLSL_AST_CONVERT)
      return node->expr.type;
   node->expr.constant = NULL;
   switch (node->kind) {
   case GLSL_AST_IDENTIFIER:
      t = identifier(s, node);
      break;
   case GLSL_AST_INT_CONSTANT:
   case GLSL_AST_UINT_CONSTANT:
   case GLSL_AST_FLOAT_CONSTANT:
   case GLSL_AST_DOUBLE_CONSTANT:
   case GLSL_AST_BOOL_CONSTANT:
      t = literal(s, node);
      break;
   case GLSL_AST_UNARY:
      t = sema_expr_unary(s, node);
      break;
   case GLSL_AST_BINARY:
      t = sema_expr_binary(s, node);
      break;
   case GLSL_AST_ASSIGN:
      t = assign(s, node);
      break;
   case GLSL_AST_CONDITIONAL:
      t = conditional(s, node);
      break;
   case GLSL_AST_SEQUENCE:
      t = sequence(s, node);
      break;
   case GLSL_AST_INDEX:
      t = sema_expr_index(s, node);
      break;
   case GLSL_AST_FIELD:
      t = sema_expr_field(s, node);
      break;
   case GLSL_AST_CALL:
      t = sema_expr_call(s, node);
      break;
   case GLSL_AST_INIT_LIST:
      glsl_sema_error(s, node->loc,
                      "initializer lists require GLSL 4.20 or ESSL 3.10");
      t = error_type();
      break;
   default:
      assert(!"statement or declaration where an expression belongs");
      t = error_type();
      break;
   }
   if (!t)
      t = error_type();
   if (glsl_sema_is_error(t))
      node->expr.constant = NULL;
   node->expr.type = t;
   return t;
}

bool
glsl_sema_const_int(struct glsl_sema *s, struct glsl_ast_node **pnode,
                    int64_t *value)
{
   const struct ir_type *t = glsl_sema_expr(s, pnode);
   if (glsl_sema_is_error(t))
      return false;
   struct glsl_ast_node *node = *pnode;
   if (!ir_type_is_scalar(t) ||
       (t->base != IR_TYPE_INT && t->base != IR_TYPE_UINT)) {
      glsl_sema_error(s, node->loc,
                      "an integral expression is required, not `%s'",
                      sema_expr_type_name(s, t));
      return false;
   }
   if (!node->expr.constant) {
      glsl_sema_error(s, node->loc,
                      "the expression must be a constant expression");
      return false;
   }
   *value = t->base == IR_TYPE_INT
               ? (int64_t)node->expr.constant->values[0].i32
               : (int64_t)node->expr.constant->values[0].u32;
   return true;
}

const struct ir_type *
glsl_sema_initializer(struct glsl_sema *s, struct glsl_ast_node **pnode,
                      const struct ir_type *type)
{
   const struct ir_type *it = glsl_sema_expr(s, pnode);
   if (glsl_sema_is_error(it) || glsl_sema_is_error(type))
      return error_type();
   struct glsl_ast_node *node = *pnode;
   if (!sema_expr_check_whole_array(s, node))
      return error_type();
   if (ir_type_is_array(type) && !glsl_sema_version(s, 120, 300)) {
      glsl_sema_error(s, node->loc,
                      "array initializers require GLSL 1.20 or ESSL 3.00");
      return error_type();
   }
   if (sema_expr_contains_sampler(type)) {
      glsl_sema_error(s, node->loc, "samplers cannot be initialized");
      return error_type();
   }
   /* "float a[] = float[](1.0, 2.0);" sizes the declared array. */
   if (ir_type_is_array(type) && type->length == 0 && ir_type_is_array(it) &&
       it->length != 0 && ir_type_equal(type->element, it->element))
      return it;
   if (!glsl_sema_convert(s, pnode, type, "initializer"))
      return error_type();
   return type;
}
