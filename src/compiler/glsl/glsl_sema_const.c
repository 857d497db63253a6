/* SPDX-License-Identifier: MIT */

/*
 * Constant folding of GLSL operators for semantic analysis.
 *
 * GLSL 1.10+ (4.3.3 / 5.10) makes an expression constant when its
 * operands are constants and its operator is not an assignment, a
 * sequence or a call of a user function; the analysis folds such an
 * expression into glsl_ast_expr::constant.  Every scalar operation goes
 * through ir_eval_alu_op() one component at a time, so the folded value
 * is bit-for-bit what the IR instruction computes at run time (integer
 * division by zero gives 0, shifts are masked, float to int conversions
 * saturate as ir_f2i says).  Only the linear-algebra products are written
 * here, as sums of fmul/fadd in index order, the order the translation to
 * IR emits them in.
 *
 * Constants use the layout of glsl_sema_expr_priv.h: values[] for
 * scalars, vectors and matrices (columns in order), elements[] for arrays
 * and structs.
 */
#include <assert.h>
#include <string.h>

#include "compiler/ir/ir_constant_eval.h"
#include "glsl_sema_expr_priv.h"
#include "util/u_arena.h"

struct ir_constant *
sema_const_new(struct glsl_sema *s)
{
   return u_arena_zalloc(s->arena, sizeof(struct ir_constant));
}

static unsigned
base_bits(enum ir_base_type base)
{
   return ir_base_type_bit_size(base);
}

/* Evaluates one component of a one- or two-operand ALU op; returns false
 * when the op rejects the bit sizes (a broken invariant of the caller). */
static bool
eval1(enum ir_op op, unsigned dst_bits, unsigned nsrc, const unsigned *bits,
      const union ir_const_value *a, const union ir_const_value *b,
      union ir_const_value *dst)
{
   const union ir_const_value *src[2] = { a, b };
   const struct ir_eval_mode mode = { IR_ROUND_NEAREST_EVEN,
                                      IR_DENORM_PRESERVE };
   (void)nsrc;
   return ir_eval_alu_op(op, 1, dst_bits, bits, src, dst, &mode);
}

union ir_const_value
sema_const_convert_value(union ir_const_value v, enum ir_base_type from,
                         enum ir_base_type to)
{
   union ir_const_value out;
   memset(&out, 0, sizeof(out));
   if (from == to)
      return v;

   enum ir_op op;
   bool is_float_from = from == IR_TYPE_FLOAT || from == IR_TYPE_DOUBLE;
   switch (to) {
   case IR_TYPE_FLOAT:
   case IR_TYPE_DOUBLE:
      op = is_float_from          ? IR_OP_F2F
           : from == IR_TYPE_INT  ? IR_OP_I2F
           : from == IR_TYPE_UINT ? IR_OP_U2F
                                  : IR_OP_B2F;
      break;
   case IR_TYPE_INT:
      op = is_float_from          ? IR_OP_F2I
           : from == IR_TYPE_BOOL ? IR_OP_B2I
                                  : IR_OP_MOV;
      break;
   case IR_TYPE_UINT:
      op = is_float_from          ? IR_OP_F2U
           : from == IR_TYPE_BOOL ? IR_OP_B2I
                                  : IR_OP_MOV;
      break;
   case IR_TYPE_BOOL:
      op = is_float_from ? IR_OP_F2B : IR_OP_I2B;
      break;
   default:
      return v;
   }
   unsigned bits[1] = { base_bits(from) };
   if (!eval1(op, base_bits(to), 1, bits, &v, NULL, &out))
      assert(!"conversion the IR cannot evaluate");
   return out;
}

struct ir_constant *
sema_const_convert(struct glsl_sema *s, const struct ir_constant *c,
                   const struct ir_type *from, const struct ir_type *to)
{
   struct ir_constant *r = sema_const_new(s);
   if (!r)
      return NULL;
   unsigned n = from->vector_elements * from->matrix_columns;
   for (unsigned i = 0; i < n && i < 16; i++)
      r->values[i] =
         sema_const_convert_value(c->values[i], from->base, to->base);
   return r;
}

struct ir_constant *
sema_const_unary(struct glsl_sema *s, enum glsl_ast_op op,
                 const struct ir_type *t, const struct ir_constant *c)
{
   if (!ir_type_is_vector_or_scalar(t) && !ir_type_is_matrix(t))
      return NULL;
   bool is_float = t->base == IR_TYPE_FLOAT || t->base == IR_TYPE_DOUBLE;
   enum ir_op ir_op;
   switch (op) {
   case GLSL_OP_PLUS:
      ir_op = IR_OP_MOV;
      break;
   case GLSL_OP_NEG:
      ir_op = is_float ? IR_OP_FNEG : IR_OP_INEG;
      break;
   case GLSL_OP_LOGIC_NOT:
   case GLSL_OP_BIT_NOT:
      ir_op = IR_OP_INOT;
      break;
   default:
      return NULL;
   }
   struct ir_constant *r = sema_const_new(s);
   if (!r)
      return NULL;
   unsigned bits[1] = { base_bits(t->base) };
   unsigned n = t->vector_elements * t->matrix_columns;
   for (unsigned i = 0; i < n; i++) {
      if (!eval1(ir_op, bits[0], 1, bits, &c->values[i], NULL, &r->values[i]))
         return NULL;
   }
   return r;
}

/* Matrix and vector products (GLSL 1.10, 5.11): column c of the result
 * of A (k columns) times B is sum over j of B[c][j] * column j of A. */
static struct ir_constant *
fold_linear_product(struct glsl_sema *s, const struct ir_type *ta,
                    const struct ir_constant *a, const struct ir_type *tb,
                    const struct ir_constant *b)
{
   struct ir_constant *r = sema_const_new(s);
   if (!r)
      return NULL;
   /* A vector on the left is a row (1 x n); on the right a column. */
   unsigned a_rows = ir_type_is_matrix(ta) ? ta->vector_elements : 1;
   unsigned a_cols =
      ir_type_is_matrix(ta) ? ta->matrix_columns : ta->vector_elements;
   unsigned b_cols = ir_type_is_matrix(tb) ? tb->matrix_columns : 1;
   for (unsigned c = 0; c < b_cols; c++) {
      for (unsigned row = 0; row < a_rows; row++) {
         float sum = 0.0f;
         for (unsigned j = 0; j < a_cols; j++) {
            float prod =
               a->values[j * a_rows + row].f32 * b->values[c * a_cols + j].f32;
            sum = j == 0 ? prod : sum + prod;
         }
         r->values[c * a_rows + row].f32 = sum;
      }
   }
   return r;
}

struct ir_constant *
sema_const_binary(struct glsl_sema *s, struct glsl_loc loc, enum glsl_ast_op op,
                  const struct ir_type *ta, const struct ir_constant *a,
                  const struct ir_type *tb, const struct ir_constant *b,
                  const struct ir_type *tr)
{
   if (op == GLSL_OP_EQUAL || op == GLSL_OP_NEQUAL) {
      struct ir_constant *r = sema_const_new(s);
      if (r)
         r->values[0].b = sema_const_equal(ta, a, b) == (op == GLSL_OP_EQUAL);
      return r;
   }
   if (op == GLSL_OP_MUL && (ir_type_is_matrix(ta) || ir_type_is_matrix(tb)) &&
       !ir_type_is_scalar(ta) && !ir_type_is_scalar(tb))
      return fold_linear_product(s, ta, a, tb, b);

   enum ir_op ir_op;
   bool swap;
   if (!glsl_ast_op_ir_opcode(op, ta->base, &ir_op, &swap))
      return NULL;
   struct ir_constant *r = sema_const_new(s);
   if (!r)
      return NULL;

   bool shift = op == GLSL_OP_LSHIFT || op == GLSL_OP_RSHIFT;
   unsigned na = ta->vector_elements * ta->matrix_columns;
   unsigned nb = tb->vector_elements * tb->matrix_columns;
   unsigned n = ir_type_is_scalar(tr)
                   ? (na > nb ? na : nb)
                   : tr->vector_elements * tr->matrix_columns;
   if (op >= GLSL_OP_LESS && op <= GLSL_OP_GEQUAL)
      n = 1;
   unsigned dst_bits = base_bits(tr->base);
   bool warned = false;
   for (unsigned i = 0; i < n; i++) {
      union ir_const_value va = a->values[na == 1 ? 0 : i];
      union ir_const_value vb = b->values[nb == 1 ? 0 : i];
      bool is_int = ta->base == IR_TYPE_INT || ta->base == IR_TYPE_UINT;
      if (is_int && (op == GLSL_OP_DIV || op == GLSL_OP_MOD) && vb.u32 == 0 &&
          !warned) {
         glsl_sema_warning(s, loc,
                           "division by zero in a constant expression "
                           "(the result is undefined)");
         warned = true;
      }
      /* The IR takes a 32-bit unsigned shift count. */
      unsigned bits[2] = { base_bits(ta->base),
                           shift ? 32 : base_bits(tb->base) };
      const union ir_const_value *x = swap ? &vb : &va;
      const union ir_const_value *y = swap ? &va : &vb;
      if (!eval1(ir_op, dst_bits, 2, bits, x, y, &r->values[i]))
         return NULL;
   }
   return r;
}

bool
sema_const_equal(const struct ir_type *t, const struct ir_constant *a,
                 const struct ir_constant *b)
{
   if (ir_type_is_array(t)) {
      for (unsigned i = 0; i < t->length; i++) {
         if (!sema_const_equal(t->element, a->elements[i], b->elements[i]))
            return false;
      }
      return true;
   }
   if (ir_type_is_struct(t)) {
      for (unsigned i = 0; i < t->num_fields; i++) {
         if (!sema_const_equal(t->fields[i].type, a->elements[i],
                               b->elements[i]))
            return false;
      }
      return true;
   }
   unsigned n = t->vector_elements * t->matrix_columns;
   for (unsigned i = 0; i < n; i++) {
      switch (t->base) {
      case IR_TYPE_BOOL:
         if (a->values[i].b != b->values[i].b)
            return false;
         break;
      case IR_TYPE_FLOAT:
         if (!(a->values[i].f32 == b->values[i].f32))
            return false;
         break;
      case IR_TYPE_DOUBLE:
         if (!(a->values[i].f64 == b->values[i].f64))
            return false;
         break;
      default:
         if (a->values[i].u32 != b->values[i].u32)
            return false;
         break;
      }
   }
   return true;
}

struct ir_constant *
sema_const_index(struct glsl_sema *s, const struct ir_type *t,
                 const struct ir_constant *c, unsigned i)
{
   if (ir_type_is_array(t) || ir_type_is_struct(t))
      return i < c->num_elements ? c->elements[i] : NULL;
   struct ir_constant *r = sema_const_new(s);
   if (!r)
      return NULL;
   if (ir_type_is_matrix(t)) {
      unsigned rows = t->vector_elements;
      for (unsigned j = 0; j < rows; j++)
         r->values[j] = c->values[i * rows + j];
   } else {
      r->values[0] = c->values[i];
   }
   return r;
}

struct ir_constant *
sema_const_swizzle(struct glsl_sema *s, const struct ir_constant *c,
                   const uint8_t *swz, unsigned n)
{
   struct ir_constant *r = sema_const_new(s);
   if (!r)
      return NULL;
   for (unsigned i = 0; i < n; i++)
      r->values[i] = c->values[swz[i]];
   return r;
}
