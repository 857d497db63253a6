/* SPDX-License-Identifier: MIT */

/*
 * Values: constants, conversions, constructors and initializer lists,
 * aggregate copies, matrix arithmetic and equality.
 *
 * Constructors (GLSL 4.60, 5.4): a vector or scalar from one scalar
 * repeats it; otherwise the components of the arguments (matrices column
 * after column) fill the result in order, each converted to the result's
 * base type (int -> float is i2f, float -> bool is f2b, and so on), and
 * the surplus is dropped.  A matrix from one scalar has it on the
 * diagonal and 0 elsewhere; a matrix from one matrix takes the
 * overlapping part and the identity's elsewhere.  Arrays and structs are
 * built in a temporary, element by element.
 *
 * Matrices are columns: m * v is the sum of the columns scaled by v's
 * components, v * m has v . column_j as component j, m * n is m * (each
 * column of n).  Products are fmul and fadd in the order of the sums (no
 * fused multiply-add, so that results do not depend on the backend).
 * Equality of aggregates compares every leaf and ands the results.
 */
#include "glsl_to_ir_priv.h"

static struct t2i_val
none(const struct ir_type *type)
{
   return (struct t2i_val){ .type = type };
}

struct ir_def *
t2i_broadcast(struct t2i *t, struct ir_def *scalar, unsigned n)
{
   if (scalar->num_components == n)
      return scalar;
   static const unsigned zero[4] = { 0, 0, 0, 0 };
   return ir_swizzle(&t->b, scalar, zero, n);
}

/* ---------------------------------------------------------------------- */
/* Constants                                                              */
/* ---------------------------------------------------------------------- */

struct t2i_val
t2i_constant(struct t2i *t, const struct ir_type *type, struct ir_constant *c)
{
   struct t2i_val v = { .type = type };
   if (ir_type_is_array(type) || ir_type_is_struct(type)) {
      struct ir_variable *var = t2i_temp(t, type, "const");
      if (!var) {
         t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
         return v;
      }
      var->initializer = c;
      var->read_only = true;
      v.deref = ir_build_deref_var(&t->b, var);
      return v;
   }
   unsigned rows = type->vector_elements;
   unsigned bits = ir_base_type_bit_size(type->base);
   for (unsigned col = 0; col < type->matrix_columns; col++)
      v.col[col] = ir_build_imm(&t->b, rows, bits, &c->values[col * rows]);
   return v;
}

struct ir_constant *
t2i_zero_constant(struct t2i *t, const struct ir_type *type)
{
   if (!ir_type_is_array(type) && !ir_type_is_struct(type) &&
       !ir_type_is_vector_or_scalar(type) && !ir_type_is_matrix(type))
      return NULL;
   struct ir_constant *c = u_arena_zalloc(t->ir->arena, sizeof(*c));
   if (!c)
      return NULL;
   unsigned n = ir_type_is_array(type)    ? type->length
                : ir_type_is_struct(type) ? type->num_fields
                                          : 0;
   if (n == 0)
      return ir_type_is_array(type) || ir_type_is_struct(type) ? NULL : c;
   c->elements = u_arena_zalloc_array(t->ir->arena, n, sizeof(*c->elements));
   if (!c->elements)
      return NULL;
   c->num_elements = n;
   struct ir_constant *shared = NULL;
   for (unsigned i = 0; i < n; i++) {
      /* Array elements share one zero. */
      if (ir_type_is_array(type)) {
         if (!shared)
            shared = t2i_zero_constant(t, type->element);
         c->elements[i] = shared;
      } else {
         c->elements[i] = t2i_zero_constant(t, type->fields[i].type);
      }
      if (!c->elements[i])
         return NULL;
   }
   return c;
}

void
t2i_store_zero(struct t2i *t, struct ir_variable *var)
{
   struct ir_constant *zero = t2i_zero_constant(t, var->type);
   if (!zero)
      return;
   struct t2i_val v = t2i_constant(t, var->type, zero);
   if (!t->failed)
      t2i_copy_to_deref(t, ir_build_deref_var(&t->b, var), var->type, v);
}

/* ---------------------------------------------------------------------- */
/* Conversions                                                            */
/* ---------------------------------------------------------------------- */

static bool
is_float_base(enum ir_base_type b)
{
   return b == IR_TYPE_FLOAT || b == IR_TYPE_DOUBLE || b == IR_TYPE_FLOAT16;
}

struct ir_def *
t2i_convert_def(struct t2i *t, struct ir_def *def, enum ir_base_type from,
                enum ir_base_type to)
{
   struct ir_builder *b = &t->b;
   if (from == to || !def)
      return def;
   unsigned bits = ir_base_type_bit_size(to);
   if (to == IR_TYPE_BOOL)
      return is_float_base(from) ? ir_f2b(b, def, 1) : ir_i2b(b, def, 1);
   if (is_float_base(to)) {
      if (from == IR_TYPE_BOOL)
         return ir_b2f(b, def, bits);
      if (is_float_base(from))
         return ir_f2f(b, def, bits);
      if (from == IR_TYPE_INT || from == IR_TYPE_INT16 || from == IR_TYPE_INT64)
         return ir_i2f(b, def, bits);
      return ir_u2f(b, def, bits);
   }
   /* Integers. */
   bool to_signed =
      to == IR_TYPE_INT || to == IR_TYPE_INT16 || to == IR_TYPE_INT64;
   if (from == IR_TYPE_BOOL)
      return ir_b2i(b, def, bits);
   if (is_float_base(from))
      return to_signed ? ir_f2i(b, def, bits) : ir_f2u(b, def, bits);
   if (ir_base_type_bit_size(from) == bits)
      return def; /* int <-> uint: the same bits */
   bool from_signed =
      from == IR_TYPE_INT || from == IR_TYPE_INT16 || from == IR_TYPE_INT64;
   return from_signed ? ir_i2i(b, def, bits) : ir_u2u(b, def, bits);
}

struct t2i_val
t2i_convert(struct t2i *t, struct t2i_val v, const struct ir_type *to)
{
   if (t->failed || !v.type || ir_type_equal(v.type, to))
      return v;
   if (!ir_type_is_vector_or_scalar(v.type) && !ir_type_is_matrix(v.type)) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "conversion of an aggregate");
      return none(to);
   }
   struct t2i_val r = { .type = to };
   for (unsigned c = 0; c < v.type->matrix_columns && c < 4; c++)
      r.col[c] = t2i_convert_def(t, v.col[c], v.type->base, to->base);
   return r;
}

/* ---------------------------------------------------------------------- */
/* Aggregates                                                             */
/* ---------------------------------------------------------------------- */

void
t2i_copy_to_deref(struct t2i *t, struct ir_def *dst, const struct ir_type *type,
                  struct t2i_val v)
{
   if (t->failed)
      return;
   if (ir_type_is_vector_or_scalar(type)) {
      if (v.col[0])
         ir_store_deref(&t->b, dst, v.col[0],
                        (1u << type->vector_elements) - 1);
      return;
   }
   if (ir_type_is_matrix(type)) {
      for (unsigned c = 0; c < type->matrix_columns; c++) {
         struct ir_def *col =
            ir_build_deref_array(&t->b, dst, ir_imm_int(&t->b, (int32_t)c));
         if (v.col[c])
            ir_store_deref(&t->b, col, v.col[c],
                           (1u << type->vector_elements) - 1);
      }
      return;
   }
   if (!v.deref) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "aggregate without storage");
      return;
   }
   if (v.deref == dst)
      return;
   unsigned n = ir_type_is_array(type) ? type->length : type->num_fields;
   for (unsigned i = 0; i < n && !t->failed; i++) {
      struct t2i_ref src, d;
      const struct ir_type *et =
         ir_type_is_array(type) ? type->element : type->fields[i].type;
      if (et->base == IR_TYPE_SAMPLER)
         continue; /* samplers are not values */
      if (ir_type_is_array(type)) {
         src = (struct t2i_ref){
            .deref = ir_build_deref_array(&t->b, v.deref,
                                          ir_imm_int(&t->b, (int32_t)i)),
            .type = type->element,
         };
         d = (struct t2i_ref){
            .deref =
               ir_build_deref_array(&t->b, dst, ir_imm_int(&t->b, (int32_t)i)),
            .type = type->element,
         };
      } else {
         src = (struct t2i_ref){
            .deref = ir_build_deref_struct(&t->b, v.deref, i),
            .type = type->fields[i].type,
         };
         d = (struct t2i_ref){
            .deref = ir_build_deref_struct(&t->b, dst, i),
            .type = type->fields[i].type,
         };
      }
      t2i_copy_to_deref(t, d.deref, d.type, t2i_load_ref(t, &src));
   }
}

struct t2i_val
t2i_materialize(struct t2i *t, struct t2i_val v)
{
   struct ir_variable *tmp = t2i_temp(t, v.type, "tmp");
   if (!tmp) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      return none(v.type);
   }
   t2i_copy_to_deref(t, ir_build_deref_var(&t->b, tmp), v.type, v);
   return (struct t2i_val){ .type = v.type,
                            .deref = ir_build_deref_var(&t->b, tmp) };
}

/* ---------------------------------------------------------------------- */
/* Constructors                                                           */
/* ---------------------------------------------------------------------- */

/* Builds an array or struct of @p type from @p n element values. */
static struct t2i_val
build_aggregate(struct t2i *t, const struct ir_type *type,
                struct t2i_val *elems, unsigned n)
{
   struct ir_variable *tmp = t2i_temp(t, type, "ctor");
   if (!tmp) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "out of memory");
      return none(type);
   }
   for (unsigned i = 0; i < n && !t->failed; i++) {
      const struct ir_type *et;
      struct ir_def *d = ir_build_deref_var(&t->b, tmp);
      if (ir_type_is_array(type)) {
         if (i >= type->length)
            break;
         et = type->element;
         d = ir_build_deref_array(&t->b, d, ir_imm_int(&t->b, (int32_t)i));
      } else {
         if (i >= type->num_fields)
            break;
         et = type->fields[i].type;
         d = ir_build_deref_struct(&t->b, d, i);
      }
      struct t2i_val e = elems[i];
      if (ir_type_is_vector_or_scalar(et) || ir_type_is_matrix(et))
         e = t2i_convert(t, e, et);
      t2i_copy_to_deref(t, d, et, e);
   }
   return (struct t2i_val){ .type = type,
                            .deref = ir_build_deref_var(&t->b, tmp) };
}

/* A scalar, vector or matrix of @p type from the values @p args. */
static struct t2i_val
build_numeric(struct t2i *t, const struct ir_type *type, struct t2i_val *args,
              unsigned num_args)
{
   struct t2i_val r = { .type = type };
   unsigned rows = type->vector_elements, cols = type->matrix_columns;
   enum ir_base_type base = type->base;
   unsigned bits = ir_base_type_bit_size(base);
   if (num_args == 0 || !args[0].type || !args[0].col[0]) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "constructor argument");
      return r;
   }

   if (num_args == 1 && ir_type_is_scalar(args[0].type)) {
      struct ir_def *s =
         t2i_convert_def(t, args[0].col[0], args[0].type->base, base);
      if (cols == 1) {
         r.col[0] = t2i_broadcast(t, s, rows);
         return r;
      }
      struct ir_def *zero = ir_imm_floatN(&t->b, 0.0, bits);
      for (unsigned c = 0; c < cols; c++) {
         struct ir_def *comps[4];
         for (unsigned i = 0; i < rows; i++)
            comps[i] = i == c ? s : zero;
         r.col[c] = ir_vec(&t->b, comps, rows);
      }
      return r;
   }
   if (num_args == 1 && cols > 1 && ir_type_is_matrix(args[0].type)) {
      const struct ir_type *st = args[0].type;
      struct ir_def *zero = ir_imm_floatN(&t->b, 0.0, bits);
      struct ir_def *one = ir_imm_floatN(&t->b, 1.0, bits);
      for (unsigned c = 0; c < cols; c++) {
         struct ir_def *comps[4];
         struct ir_def *src =
            c < st->matrix_columns
               ? t2i_convert_def(t, args[0].col[c], st->base, base)
               : NULL;
         for (unsigned i = 0; i < rows; i++) {
            if (src && i < st->vector_elements)
               comps[i] = ir_channel(&t->b, src, i);
            else
               comps[i] = i == c ? one : zero;
         }
         r.col[c] = ir_vec(&t->b, comps, rows);
      }
      return r;
   }

   for (unsigned a = 0; a < num_args; a++) {
      if (!args[a].type || !args[a].col[0]) {
         t2i_fail(t, (struct glsl_loc){ 0 }, "constructor argument");
         return r;
      }
   }

   /* Components in order, converted. */
   struct ir_def *comps[16];
   unsigned n = 0, need = rows * cols;
   for (unsigned a = 0; a < num_args && n < need; a++) {
      const struct ir_type *at = args[a].type;
      if (!ir_type_is_vector_or_scalar(at) && !ir_type_is_matrix(at)) {
         t2i_fail(t, (struct glsl_loc){ 0 }, "constructor argument");
         return r;
      }
      for (unsigned c = 0; c < at->matrix_columns && n < need; c++) {
         struct ir_def *col =
            t2i_convert_def(t, args[a].col[c], at->base, base);
         for (unsigned i = 0; i < at->vector_elements && n < need; i++)
            comps[n++] = ir_channel(&t->b, col, i);
      }
   }
   if (n < need) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "too few constructor components");
      return r;
   }
   for (unsigned c = 0; c < cols; c++)
      r.col[c] = ir_vec(&t->b, &comps[c * rows], rows);
   return r;
}

struct t2i_val
t2i_constructor(struct t2i *t, struct glsl_ast_node *call)
{
   const struct ir_type *type = call->expr.type;
   unsigned n = call->call.num_args;
   struct t2i_val *args = u_arena_alloc_array(t->mem, n ? n : 1, sizeof(*args));
   if (!args) {
      t2i_fail(t, call->loc, "out of memory");
      return none(type);
   }
   for (unsigned i = 0; i < n && !t->failed; i++) {
      args[i] = t2i_expr(t, call->call.args[i]);
      /* An aggregate argument is copied now: later arguments may change
       * what it names. */
      if (args[i].deref && i + 1 < n)
         args[i] = t2i_materialize(t, args[i]);
   }
   if (t->failed)
      return none(type);
   if (ir_type_is_array(type) || ir_type_is_struct(type))
      return build_aggregate(t, type, args, n);
   return build_numeric(t, type, args, n);
}

struct t2i_val
t2i_init_list(struct t2i *t, struct glsl_ast_node *list,
              const struct ir_type *type)
{
   unsigned n = list->num_elements;
   struct t2i_val *elems =
      u_arena_alloc_array(t->mem, n ? n : 1, sizeof(*elems));
   if (!elems) {
      t2i_fail(t, list->loc, "out of memory");
      return none(type);
   }
   for (unsigned i = 0; i < n && !t->failed; i++) {
      const struct ir_type *et =
         ir_type_is_array(type) ? type->element
         : ir_type_is_struct(type) && i < type->num_fields
            ? type->fields[i].type
            : ir_type_index(type);
      struct glsl_ast_node *e = list->elements[i];
      elems[i] = e->kind == GLSL_AST_INIT_LIST ? t2i_init_list(t, e, et)
                                               : t2i_expr(t, e);
      if (elems[i].deref)
         elems[i] = t2i_materialize(t, elems[i]);
   }
   if (t->failed)
      return none(type);
   if (ir_type_is_array(type) || ir_type_is_struct(type))
      return build_aggregate(t, type, elems, n);
   return build_numeric(t, type, elems, n);
}

/* ---------------------------------------------------------------------- */
/* Matrices                                                               */
/* ---------------------------------------------------------------------- */

/* Sum over k of cols[k] * s.k (m * v). */
static struct ir_def *
mat_times_vec(struct t2i *t, struct ir_def *const *cols, unsigned num_cols,
              struct ir_def *v)
{
   struct ir_def *sum = NULL;
   for (unsigned k = 0; k < num_cols; k++) {
      struct ir_def *s =
         t2i_broadcast(t, ir_channel(&t->b, v, k), cols[k]->num_components);
      struct ir_def *p = ir_fmul(&t->b, cols[k], s);
      sum = sum ? ir_fadd(&t->b, sum, p) : p;
   }
   return sum;
}

static struct ir_def *
dot(struct t2i *t, struct ir_def *a, struct ir_def *b)
{
   struct ir_def *sum = NULL;
   for (unsigned i = 0; i < a->num_components; i++) {
      struct ir_def *p =
         ir_fmul(&t->b, ir_channel(&t->b, a, i), ir_channel(&t->b, b, i));
      sum = sum ? ir_fadd(&t->b, sum, p) : p;
   }
   return sum;
}

struct t2i_val
t2i_matrix_binop(struct t2i *t, enum glsl_ast_op op, struct t2i_val a,
                 struct t2i_val b, const struct ir_type *result)
{
   struct t2i_val r = { .type = result };
   bool am = ir_type_is_matrix(a.type), bm = ir_type_is_matrix(b.type);
   bool as = ir_type_is_scalar(a.type), bs = ir_type_is_scalar(b.type);
   if (op == GLSL_OP_MUL && !as && !bs) {
      if (am && bm) {
         for (unsigned j = 0; j < b.type->matrix_columns; j++)
            r.col[j] =
               mat_times_vec(t, a.col, a.type->matrix_columns, b.col[j]);
      } else if (am) {
         r.col[0] = mat_times_vec(t, a.col, a.type->matrix_columns, b.col[0]);
      } else {
         struct ir_def *comps[4];
         for (unsigned j = 0; j < b.type->matrix_columns; j++)
            comps[j] = dot(t, a.col[0], b.col[j]);
         r.col[0] = ir_vec(&t->b, comps, b.type->matrix_columns);
      }
      return r;
   }
   /* Component-wise, a scalar applying to every component. */
   enum ir_op irop;
   switch (op) {
   case GLSL_OP_ADD:
      irop = IR_OP_FADD;
      break;
   case GLSL_OP_SUB:
      irop = IR_OP_FSUB;
      break;
   case GLSL_OP_MUL:
      irop = IR_OP_FMUL;
      break;
   case GLSL_OP_DIV:
      irop = IR_OP_FDIV;
      break;
   default:
      t2i_fail(t, (struct glsl_loc){ 0 }, "unsupported matrix operator");
      return r;
   }
   unsigned rows = result->vector_elements;
   for (unsigned c = 0; c < result->matrix_columns; c++) {
      struct ir_def *x = am ? a.col[c] : t2i_broadcast(t, a.col[0], rows);
      struct ir_def *y = bm ? b.col[c] : t2i_broadcast(t, b.col[0], rows);
      r.col[c] = ir_build_alu(&t->b, irop, x, y, NULL, NULL);
   }
   return r;
}

/* ---------------------------------------------------------------------- */
/* Equality                                                               */
/* ---------------------------------------------------------------------- */

static struct ir_def *
vec_equal(struct t2i *t, struct ir_def *a, struct ir_def *b,
          enum ir_base_type base)
{
   static const enum ir_op fall[] = { IR_OP_FEQ, IR_OP_BALL_FEQUAL2,
                                      IR_OP_BALL_FEQUAL3, IR_OP_BALL_FEQUAL4 };
   static const enum ir_op iall[] = { IR_OP_IEQ, IR_OP_BALL_IEQUAL2,
                                      IR_OP_BALL_IEQUAL3, IR_OP_BALL_IEQUAL4 };
   unsigned n = a->num_components;
   enum ir_op op = is_float_base(base) ? fall[n - 1] : iall[n - 1];
   return ir_build_alu(&t->b, op, a, b, NULL, NULL);
}

struct ir_def *
t2i_equal(struct t2i *t, struct t2i_val a, struct t2i_val b)
{
   const struct ir_type *type = a.type;
   if (t->failed)
      return NULL;
   if (ir_type_is_vector_or_scalar(type) || ir_type_is_matrix(type)) {
      struct ir_def *res = NULL;
      for (unsigned c = 0; c < type->matrix_columns; c++) {
         struct ir_def *e = vec_equal(t, a.col[c], b.col[c], type->base);
         res = res ? ir_iand(&t->b, res, e) : e;
      }
      return res;
   }
   if (!a.deref || !b.deref) {
      t2i_fail(t, (struct glsl_loc){ 0 }, "comparison of aggregates");
      return NULL;
   }
   unsigned n = ir_type_is_array(type) ? type->length : type->num_fields;
   struct ir_def *res = ir_imm_bool(&t->b, true);
   for (unsigned i = 0; i < n && !t->failed; i++) {
      struct t2i_ref ra, rb;
      if (ir_type_is_array(type)) {
         ra = (struct t2i_ref){
            .deref = ir_build_deref_array(&t->b, a.deref,
                                          ir_imm_int(&t->b, (int32_t)i)),
            .type = type->element,
         };
         rb = (struct t2i_ref){
            .deref = ir_build_deref_array(&t->b, b.deref,
                                          ir_imm_int(&t->b, (int32_t)i)),
            .type = type->element,
         };
      } else {
         ra =
            (struct t2i_ref){ .deref = ir_build_deref_struct(&t->b, a.deref, i),
                              .type = type->fields[i].type };
         rb =
            (struct t2i_ref){ .deref = ir_build_deref_struct(&t->b, b.deref, i),
                              .type = type->fields[i].type };
      }
      struct ir_def *e =
         t2i_equal(t, t2i_load_ref(t, &ra), t2i_load_ref(t, &rb));
      if (e)
         res = ir_iand(&t->b, res, e);
   }
   return res;
}
