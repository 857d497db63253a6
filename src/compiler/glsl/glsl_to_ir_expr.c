/* SPDX-License-Identifier: MIT */

/*
 * Expressions: operators, places (l-values) and assignments.
 *
 * Every expression with a value folded by sema (expr.constant) becomes a
 * constant without looking at its operands.  The rest is translated
 * bottom-up into SSA defs (t2i_val).
 *
 * Places (t2i_ref): a variable, then array elements, matrix columns and
 * struct members as a deref chain, then for a vector either a swizzle or
 * one component.  Loading a swizzle loads the vector and swizzles it;
 * storing one stores a vector arranged so that each written component
 * sits at its place, with the swizzle's components as write mask.  A
 * component with a dynamic index is read with a bcsel chain and written
 * by loading the vector, selecting each component between the old and
 * the new value and storing it whole, so that the vector stays a plain
 * variable that vars_to_ssa can promote.  An expression that is not a
 * place but is indexed or selected from (a constructor, a call's result)
 * is put in a temporary first.
 *
 * && and || evaluate their right side only when needed (an if writing a
 * temporary), unless it has no side effects: then both sides are
 * computed and combined with iand / ior.  ?: does the same with bcsel.
 */
#include <string.h>

#include "glsl_to_ir_priv.h"

static struct t2i_val
none(const struct ir_type *type)
{
   return (struct t2i_val){ .type = type ? type : ir_type_get_void() };
}

static struct t2i_val
scalar_val(const struct ir_type *type, struct ir_def *def)
{
   return (struct t2i_val){ .type = type, .col = { def } };
}

/* Whether evaluating @p n can change anything (then && / || / ?: must
 * not evaluate it unless needed). */
static bool
has_side_effects(const struct glsl_ast_node *n)
{
   if (!n)
      return false;
   if (!glsl_ast_is_expr(n))
      return true;
   if (n->expr.constant)
      return false;
   switch (n->kind) {
   case GLSL_AST_ASSIGN:
      return true;
   case GLSL_AST_UNARY:
      if (n->expr.op >= GLSL_OP_PRE_INC && n->expr.op <= GLSL_OP_POST_DEC)
         return true;
      break;
   case GLSL_AST_CALL:
      if (!n->call.type_spec && !n->call.object &&
          (!n->call.sig || !n->call.sig->is_builtin))
         return true;
      for (unsigned i = 0; i < n->call.num_args; i++) {
         if (has_side_effects(n->call.args[i]))
            return true;
      }
      /* Built-ins with out parameters write their arguments. */
      if (n->call.sig) {
         for (unsigned i = 0; i < n->call.sig->num_params; i++) {
            if (n->call.sig->params[i]->storage != GLSL_STORAGE_PARAM_IN)
               return true;
         }
      }
      return false;
   case GLSL_AST_INIT_LIST:
      for (unsigned i = 0; i < n->num_elements; i++) {
         if (has_side_effects(n->elements[i]))
            return true;
      }
      return false;
   default:
      break;
   }
   for (unsigned i = 0; i < 3; i++) {
      if (has_side_effects(n->expr.operands[i]))
         return true;
   }
   return false;
}

/* ---------------------------------------------------------------------- */
/* Places                                                                 */
/* ---------------------------------------------------------------------- */

static struct ir_def *
select_component(struct t2i *t, struct ir_def *vec, struct ir_def *idx)
{
   unsigned n = vec->num_components;
   struct ir_def *res = ir_channel(&t->b, vec, n - 1);
   for (unsigned i = n - 1; i-- > 0;) {
      struct ir_def *is_i = ir_ieq(&t->b, idx, ir_imm_int(&t->b, (int32_t)i));
      res = ir_bcsel(&t->b, is_i, ir_channel(&t->b, vec, i), res);
   }
   return res;
}

static bool
ref_is_whole(const struct t2i_ref *ref)
{
   return !ref->num_swz && !ref->comp;
}

/* Puts the value of @p ref in a temporary and makes @p ref point to it. */
static void
ref_materialize(struct t2i *t, struct t2i_ref *ref)
{
   struct t2i_val v = t2i_load_ref(t, ref);
   struct ir_variable *tmp = t2i_temp(t, v.type, "tmp");
   if (!tmp) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      return;
   }
   struct ir_def *d = ir_build_deref_var(&t->b, tmp);
   t2i_copy_to_deref(t, d, v.type, v);
   *ref = (struct t2i_ref){ .deref = d, .type = v.type };
}

static struct ir_def *
index_def(struct t2i *t, struct glsl_ast_node *index)
{
   struct t2i_val v = t2i_expr(t, index);
   return v.col[0];
}

bool
t2i_ref(struct t2i *t, struct glsl_ast_node *node, struct t2i_ref *ref)
{
   *ref = (struct t2i_ref){ 0 };
   if (t->failed)
      return false;
   switch (node->kind) {
   case GLSL_AST_IDENTIFIER: {
      struct glsl_symbol *sym = node->expr.symbol;
      if (!sym)
         break;
      if (sym->block_var) {
         struct ir_variable *bv = t2i_symbol_var(t, sym->block_var, node->loc);
         if (!bv)
            return false;
         ref->deref = ir_build_deref_struct(
            &t->b, ir_build_deref_var(&t->b, bv), (unsigned)sym->block_field);
         ref->type = sym->type;
         return true;
      }
      if (sym->constant_value && !sym->ir_var && node->expr.constant)
         break; /* a constant: through a temporary below */
      struct ir_variable *var = t2i_symbol_var(t, sym, node->loc);
      if (!var)
         return false;
      ref->deref = ir_build_deref_var(&t->b, var);
      ref->type = var->type;
      return true;
   }
   case GLSL_AST_INDEX: {
      struct glsl_ast_node *base = node->expr.operands[0];
      const struct ir_type *bt = base->expr.type;
      if (!t2i_ref(t, base, ref))
         return false;
      if (ir_type_is_vector_or_scalar(bt) && bt->vector_elements > 1) {
         if (!ref_is_whole(ref))
            ref_materialize(t, ref);
         ref->comp = index_def(t, node->expr.operands[1]);
         return ref->comp != NULL;
      }
      if (!ir_type_is_array(ref->type) && !ir_type_is_matrix(ref->type)) {
         t2i_fail(t, node->loc, "index of a non-array");
         return false;
      }
      if (!ref_is_whole(ref))
         ref_materialize(t, ref);
      struct ir_def *idx = index_def(t, node->expr.operands[1]);
      if (!idx || t->failed)
         return false;
      ref->deref = ir_build_deref_array(&t->b, ref->deref, idx);
      ref->type = ir_type_index(ref->type);
      return true;
   }
   case GLSL_AST_FIELD: {
      struct glsl_ast_node *base = node->expr.operands[0];
      if (!t2i_ref(t, base, ref))
         return false;
      if (node->expr.field_index >= 0) {
         if (!ir_type_is_struct(ref->type) ||
             (unsigned)node->expr.field_index >= ref->type->num_fields) {
            t2i_fail(t, node->loc, "member of a non-struct");
            return false;
         }
         ref->deref = ir_build_deref_struct(&t->b, ref->deref,
                                            (unsigned)node->expr.field_index);
         ref->type = ref->type->fields[node->expr.field_index].type;
         return true;
      }
      if (ref->comp)
         ref_materialize(t, ref);
      unsigned width = ref->num_swz ? ref->num_swz : ref->type->vector_elements;
      if (!ir_type_is_vector_or_scalar(ref->type) ||
          node->expr.num_swizzle < 1 || node->expr.num_swizzle > 4) {
         t2i_fail(t, node->loc, "bad swizzle");
         return false;
      }
      for (unsigned i = 0; i < node->expr.num_swizzle; i++) {
         if (node->expr.swizzle[i] >= width) {
            t2i_fail(t, node->loc, "bad swizzle");
            return false;
         }
      }
      uint8_t swz[4];
      for (unsigned i = 0; i < node->expr.num_swizzle; i++)
         swz[i] = ref->num_swz ? ref->swz[node->expr.swizzle[i]]
                               : node->expr.swizzle[i];
      memcpy(ref->swz, swz, sizeof(swz));
      ref->num_swz = node->expr.num_swizzle;
      return true;
   }
   default:
      break;
   }
   /* A value: in a temporary (aggregates are already somewhere). */
   struct t2i_val v = t2i_expr(t, node);
   if (t->failed)
      return false;
   if (v.deref) {
      ref->deref = v.deref;
      ref->type = v.type;
      return true;
   }
   v = t2i_materialize(t, v);
   if (!v.deref)
      return false;
   ref->deref = v.deref;
   ref->type = v.type;
   return true;
}

struct t2i_val
t2i_load_ref(struct t2i *t, const struct t2i_ref *ref)
{
   const struct ir_type *type = ref->type;
   if (ir_type_is_array(type) || ir_type_is_struct(type) ||
       type->base == IR_TYPE_SAMPLER)
      return (struct t2i_val){ .type = type, .deref = ref->deref };
   if (ir_type_is_matrix(type)) {
      struct t2i_val v = { .type = type };
      for (unsigned c = 0; c < type->matrix_columns; c++) {
         struct ir_def *col = ir_build_deref_array(
            &t->b, ref->deref, ir_imm_int(&t->b, (int32_t)c));
         v.col[c] = ir_load_deref(&t->b, col);
      }
      return v;
   }
   struct ir_def *vec = ir_load_deref(&t->b, ref->deref);
   if (ref->num_swz) {
      unsigned swz[4];
      for (unsigned i = 0; i < ref->num_swz; i++)
         swz[i] = ref->swz[i];
      return scalar_val(ir_type_get_vector(type->base, ref->num_swz),
                        ir_swizzle(&t->b, vec, swz, ref->num_swz));
   }
   if (ref->comp) {
      struct ir_load_const *lc = ir_def_as_load_const(ref->comp);
      struct ir_def *c = lc && lc->value[0].u32 < vec->num_components
                            ? ir_channel(&t->b, vec, lc->value[0].u32)
                            : select_component(t, vec, ref->comp);
      return scalar_val(ir_type_get_scalar(type->base), c);
   }
   return scalar_val(type, vec);
}

void
t2i_store_ref(struct t2i *t, const struct t2i_ref *ref, struct t2i_val val)
{
   const struct ir_type *type = ref->type;
   if (t->failed)
      return;
   if (!ir_type_is_vector_or_scalar(type)) {
      t2i_copy_to_deref(t, ref->deref, type, val);
      return;
   }
   unsigned n = type->vector_elements;
   struct ir_def *v = val.col[0];
   if (!v)
      return;
   if (ref->num_swz) {
      unsigned map[4] = { 0, 0, 0, 0 };
      unsigned mask = 0;
      for (unsigned i = 0; i < ref->num_swz; i++) {
         map[ref->swz[i]] = v->num_components > 1 ? i : 0;
         mask |= 1u << ref->swz[i];
      }
      ir_store_deref(&t->b, ref->deref, ir_swizzle(&t->b, v, map, n), mask);
      return;
   }
   if (ref->comp) {
      struct ir_load_const *lc = ir_def_as_load_const(ref->comp);
      if (lc) {
         unsigned k = lc->value[0].u32;
         if (k < n) {
            ir_store_deref(&t->b, ref->deref, t2i_broadcast(t, v, n), 1u << k);
         }
         return;
      }
      struct ir_def *old = ir_load_deref(&t->b, ref->deref);
      struct ir_def *comps[4];
      for (unsigned i = 0; i < n; i++) {
         struct ir_def *is_i =
            ir_ieq(&t->b, ref->comp, ir_imm_int(&t->b, (int32_t)i));
         comps[i] = ir_bcsel(&t->b, is_i, v, ir_channel(&t->b, old, i));
      }
      ir_store_deref(&t->b, ref->deref, ir_vec(&t->b, comps, n), (1u << n) - 1);
      return;
   }
   ir_store_deref(&t->b, ref->deref, v, (1u << n) - 1);
}

/* ---------------------------------------------------------------------- */
/* Operators                                                              */
/* ---------------------------------------------------------------------- */

static struct ir_def *
alu2(struct t2i *t, enum ir_op op, struct ir_def *a, struct ir_def *b)
{
   return ir_build_alu(&t->b, op, a, b, NULL, NULL);
}

/* Arithmetic of two values (also for compound assignment). */
static struct t2i_val
arith(struct t2i *t, enum glsl_ast_op op, struct t2i_val a, struct t2i_val b,
      const struct ir_type *result, struct glsl_loc loc)
{
   if (ir_type_is_matrix(a.type) || ir_type_is_matrix(b.type))
      return t2i_matrix_binop(t, op, a, b, result);
   enum ir_op irop;
   bool swap;
   if (!glsl_ast_op_ir_opcode(op, a.type->base, &irop, &swap) || swap ||
       !a.col[0] || !b.col[0]) {
      t2i_fail(t, loc, "unsupported operator");
      return none(result);
   }
   unsigned n = result->vector_elements;
   struct ir_def *x = a.col[0], *y = b.col[0];
   if (op == GLSL_OP_LSHIFT || op == GLSL_OP_RSHIFT) {
      n = x->num_components;
      y = t2i_broadcast(t, y, n);
   } else {
      x = t2i_broadcast(t, x, n);
      y = t2i_broadcast(t, y, n);
   }
   return scalar_val(result, alu2(t, irop, x, y));
}

static struct ir_def *
compare(struct t2i *t, enum glsl_ast_op op, struct t2i_val a, struct t2i_val b)
{
   if (op == GLSL_OP_EQUAL)
      return t2i_equal(t, a, b);
   enum ir_op irop;
   bool swap;
   if (!glsl_ast_op_ir_opcode(op, a.type->base, &irop, &swap))
      return ir_inot(&t->b, t2i_equal(t, a, b));
   struct ir_def *x = a.col[0], *y = b.col[0];
   return swap ? alu2(t, irop, y, x) : alu2(t, irop, x, y);
}

/* a && b, a || b with the right side evaluated only when needed. */
static struct ir_def *
logic(struct t2i *t, struct glsl_ast_node *n)
{
   bool is_and = n->expr.op == GLSL_OP_LOGIC_AND;
   struct ir_def *a = t2i_cond(t, n->expr.operands[0]);
   if (!a)
      return NULL;
   if (!has_side_effects(n->expr.operands[1])) {
      struct ir_def *b = t2i_cond(t, n->expr.operands[1]);
      if (!b)
         return NULL;
      return is_and ? ir_iand(&t->b, a, b) : ir_ior(&t->b, a, b);
   }
   struct ir_variable *res =
      t2i_temp(t, ir_type_get_scalar(IR_TYPE_BOOL), "logic");
   if (!res)
      return NULL;
   ir_store_var(&t->b, res, a, 1);
   struct ir_if *nif = ir_push_if(&t->b, is_and ? a : ir_inot(&t->b, a));
   struct ir_def *b = t2i_cond(t, n->expr.operands[1]);
   if (b)
      ir_store_var(&t->b, res, b, 1);
   ir_pop_if(&t->b, nif);
   return ir_load_var(&t->b, res);
}

static struct t2i_val
conditional(struct t2i *t, struct glsl_ast_node *n)
{
   const struct ir_type *type = n->expr.type;
   struct ir_def *c = t2i_cond(t, n->expr.operands[0]);
   if (!c)
      return none(type);
   bool simple = !ir_type_is_array(type) && !ir_type_is_struct(type) &&
                 type->base != IR_TYPE_VOID &&
                 !has_side_effects(n->expr.operands[1]) &&
                 !has_side_effects(n->expr.operands[2]);
   if (simple) {
      struct t2i_val a = t2i_expr(t, n->expr.operands[1]);
      struct t2i_val b = t2i_expr(t, n->expr.operands[2]);
      if (t->failed)
         return none(type);
      struct t2i_val r = { .type = type };
      struct ir_def *cv = t2i_broadcast(t, c, type->vector_elements);
      for (unsigned i = 0; i < type->matrix_columns; i++)
         r.col[i] = ir_bcsel(&t->b, cv, a.col[i], b.col[i]);
      return r;
   }
   struct ir_variable *tmp =
      type->base == IR_TYPE_VOID ? NULL : t2i_temp(t, type, "cond");
   struct ir_if *nif = ir_push_if(&t->b, c);
   for (unsigned side = 1; side <= 2; side++) {
      if (side == 2)
         ir_push_else(&t->b, nif);
      struct t2i_val v = t2i_expr(t, n->expr.operands[side]);
      if (tmp && !t->failed)
         t2i_copy_to_deref(t, ir_build_deref_var(&t->b, tmp), type, v);
   }
   ir_pop_if(&t->b, nif);
   if (!tmp)
      return none(type);
   struct t2i_ref ref = { .deref = ir_build_deref_var(&t->b, tmp),
                          .type = type };
   return t2i_load_ref(t, &ref);
}

/* The constant 1 in the shape of @p type (for ++ and --). */
static struct t2i_val
one_of(struct t2i *t, const struct ir_type *type)
{
   struct t2i_val v = { .type = type };
   enum ir_base_type base = type->base;
   for (unsigned c = 0; c < type->matrix_columns; c++) {
      struct ir_def *s = base == IR_TYPE_FLOAT ? ir_imm_float(&t->b, 1.0f)
                         : base == IR_TYPE_DOUBLE
                            ? ir_imm_floatN(&t->b, 1.0, 64)
                            : ir_imm_int(&t->b, 1);
      v.col[c] = t2i_broadcast(t, s, type->vector_elements);
   }
   return v;
}

static struct t2i_val
unary(struct t2i *t, struct glsl_ast_node *n)
{
   const struct ir_type *type = n->expr.type;
   enum glsl_ast_op op = n->expr.op;
   if (op >= GLSL_OP_PRE_INC && op <= GLSL_OP_POST_DEC) {
      struct t2i_ref ref;
      if (!t2i_ref(t, n->expr.operands[0], &ref))
         return none(type);
      struct t2i_val old = t2i_load_ref(t, &ref);
      bool inc = op == GLSL_OP_PRE_INC || op == GLSL_OP_POST_INC;
      struct t2i_val nv = arith(t, inc ? GLSL_OP_ADD : GLSL_OP_SUB, old,
                                one_of(t, old.type), old.type, n->loc);
      t2i_store_ref(t, &ref, nv);
      return op == GLSL_OP_PRE_INC || op == GLSL_OP_PRE_DEC ? nv : old;
   }
   struct t2i_val a = t2i_expr(t, n->expr.operands[0]);
   if (t->failed)
      return none(type);
   if (op == GLSL_OP_PLUS)
      return a;
   struct t2i_val r = { .type = type };
   bool f = type->base == IR_TYPE_FLOAT || type->base == IR_TYPE_DOUBLE;
   for (unsigned c = 0; c < type->matrix_columns; c++) {
      if (op == GLSL_OP_NEG)
         r.col[c] = f ? ir_fneg(&t->b, a.col[c]) : ir_ineg(&t->b, a.col[c]);
      else
         r.col[c] = ir_inot(&t->b, a.col[c]);
   }
   return r;
}

static struct t2i_val
binary(struct t2i *t, struct glsl_ast_node *n)
{
   const struct ir_type *type = n->expr.type;
   enum glsl_ast_op op = n->expr.op;
   if (op == GLSL_OP_LOGIC_AND || op == GLSL_OP_LOGIC_OR)
      return scalar_val(type, logic(t, n));
   struct t2i_val a = t2i_expr(t, n->expr.operands[0]);
   struct t2i_val b = t2i_expr(t, n->expr.operands[1]);
   if (t->failed)
      return none(type);
   switch (op) {
   case GLSL_OP_LESS:
   case GLSL_OP_GREATER:
   case GLSL_OP_LEQUAL:
   case GLSL_OP_GEQUAL:
   case GLSL_OP_EQUAL:
   case GLSL_OP_NEQUAL:
      return scalar_val(type, compare(t, op, a, b));
   default:
      return arith(t, op, a, b, type, n->loc);
   }
}

static struct t2i_val
assign(struct t2i *t, struct glsl_ast_node *n)
{
   struct t2i_ref ref;
   if (!t2i_ref(t, n->expr.operands[0], &ref))
      return none(n->expr.type);
   struct t2i_val v;
   if (n->expr.op == GLSL_OP_ASSIGN) {
      v = t2i_expr(t, n->expr.operands[1]);
   } else {
      struct t2i_val old = t2i_load_ref(t, &ref);
      struct t2i_val rhs = t2i_expr(t, n->expr.operands[1]);
      if (t->failed)
         return none(n->expr.type);
      v = arith(t, n->expr.op, old, rhs, old.type, n->loc);
   }
   if (t->failed)
      return none(n->expr.type);
   t2i_store_ref(t, &ref, v);
   if (v.deref) /* an aggregate: read back what was stored */
      return t2i_load_ref(t, &ref);
   return v;
}

static struct t2i_val
literal(struct t2i *t, struct glsl_ast_node *n)
{
   const struct ir_type *type = n->expr.type;
   switch (n->kind) {
   case GLSL_AST_INT_CONSTANT:
      return scalar_val(type, ir_imm_int(&t->b, n->expr.literal.i));
   case GLSL_AST_UINT_CONSTANT:
      return scalar_val(type, ir_imm_uint(&t->b, n->expr.literal.u));
   case GLSL_AST_FLOAT_CONSTANT:
      return scalar_val(type, ir_imm_float(&t->b, n->expr.literal.f));
   case GLSL_AST_DOUBLE_CONSTANT:
      return scalar_val(type, ir_imm_floatN(&t->b, n->expr.literal.d, 64));
   default:
      return scalar_val(type, ir_imm_bool(&t->b, n->expr.literal.b));
   }
}

struct t2i_val
t2i_expr(struct t2i *t, struct glsl_ast_node *n)
{
   const struct ir_type *type = n->expr.type;
   if (t->failed)
      return none(type);
   if (!type) {
      t2i_fail(t, n->loc, "expression without a type");
      return none(type);
   }
   if (n->expr.constant && type && type->base != IR_TYPE_VOID &&
       type->base != IR_TYPE_SAMPLER)
      return t2i_constant(t, type, n->expr.constant);
   switch (n->kind) {
   case GLSL_AST_INT_CONSTANT:
   case GLSL_AST_UINT_CONSTANT:
   case GLSL_AST_FLOAT_CONSTANT:
   case GLSL_AST_DOUBLE_CONSTANT:
   case GLSL_AST_BOOL_CONSTANT:
      return literal(t, n);
   case GLSL_AST_IDENTIFIER:
   case GLSL_AST_INDEX:
   case GLSL_AST_FIELD: {
      if (n->kind == GLSL_AST_FIELD && n->expr.field_index < 0 &&
          ir_type_is_vector_or_scalar(n->expr.operands[0]->expr.type) &&
          n->expr.operands[0]->kind != GLSL_AST_IDENTIFIER) {
         /* A swizzle of a computed vector: no temporary needed. */
         struct t2i_val base = t2i_expr(t, n->expr.operands[0]);
         if (t->failed || !base.col[0])
            return none(type);
         unsigned swz[4];
         for (unsigned i = 0; i < n->expr.num_swizzle && i < 4; i++) {
            swz[i] = n->expr.swizzle[i];
            if (swz[i] >= base.col[0]->num_components) {
               t2i_fail(t, n->loc, "bad swizzle");
               return none(type);
            }
         }
         if (n->expr.num_swizzle < 1 || n->expr.num_swizzle > 4) {
            t2i_fail(t, n->loc, "bad swizzle");
            return none(type);
         }
         return scalar_val(
            type, ir_swizzle(&t->b, base.col[0], swz, n->expr.num_swizzle));
      }
      struct t2i_ref ref;
      if (!t2i_ref(t, n, &ref))
         return none(type);
      return t2i_load_ref(t, &ref);
   }
   case GLSL_AST_UNARY:
      return unary(t, n);
   case GLSL_AST_BINARY:
      return binary(t, n);
   case GLSL_AST_ASSIGN:
      return assign(t, n);
   case GLSL_AST_CONDITIONAL:
      return conditional(t, n);
   case GLSL_AST_SEQUENCE:
      t2i_expr(t, n->expr.operands[0]);
      return t2i_expr(t, n->expr.operands[1]);
   case GLSL_AST_CALL:
      if (n->call.type_spec)
         return t2i_constructor(t, n);
      if (n->call.object) {
         /* length() of a sized array, when sema did not fold it. */
         const struct ir_type *ot = n->call.object->expr.type;
         unsigned len = ir_type_is_array(ot)    ? ot->length
                        : ir_type_is_matrix(ot) ? ot->matrix_columns
                                                : ot->vector_elements;
         return scalar_val(type, ir_imm_int(&t->b, (int32_t)len));
      }
      return t2i_call(t, n);
   case GLSL_AST_INIT_LIST:
      return t2i_init_list(t, n, type);
   case GLSL_AST_CONVERT:
      return t2i_convert(t, t2i_expr(t, n->expr.operands[0]), type);
   default:
      t2i_fail(t, n->loc, "unexpected expression");
      return none(type);
   }
}

struct ir_def *
t2i_cond(struct t2i *t, struct glsl_ast_node *node)
{
   struct t2i_val v = t2i_expr(t, node);
   if (t->failed)
      return NULL;
   if (!v.col[0]) {
      t2i_fail(t, node->loc, "condition without a value");
      return NULL;
   }
   return v.col[0];
}
