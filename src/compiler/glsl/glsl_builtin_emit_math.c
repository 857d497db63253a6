/* SPDX-License-Identifier: MIT */

/*
 * Expansions of the built-ins the IR has no opcode for: tan, the inverse
 * trigonometric and the hyperbolic functions, determinant() and
 * inverse().  All are straight-line code (selects instead of branches), so
 * the constant folder (glsl_builtin_const_eval.c) can evaluate them.
 *
 * atan(t): t is reduced to |t| <= tan(pi/8) (t > tan(3pi/8): pi/2 +
 * atan(-1/t); t > tan(pi/8): pi/4 + atan((t - 1) / (t + 1))), then
 * atan(t) = t + t^3 P(t^2) with P a cubic fitted by weighted least squares
 * on [0, tan(pi/8)] (relative error below 6e-8, under one float ulp);
 * the sign of the argument is put back at the end.  asin(x) = 2 atan(x /
 * (1 + sqrt(1 - x^2))) and acos(x) = 2 atan(sqrt((1 - x) / (1 + x))) stay
 * accurate near +-1, where sqrt(1 - x^2) would cancel.  atan(y, x) adds
 * +-pi to atan(y / x) when x < 0 (x = 0 gives y / x = +-inf, so +-pi/2).
 *
 * The hyperbolic functions follow their definitions through exp2/log2;
 * tanh clamps its argument to +-10 first (tanh(10) rounds to 1.0f) so
 * that exp() cannot overflow into inf / inf.  Near zero, where those
 * formulas cancel (sinh(1e-5) = (e^x - e^-x) / 2 would keep only two
 * digits), sinh, tanh, asinh and atanh use their Taylor series instead.
 *
 * determinant() expands along the first column recursively (Laplace) on
 * scalar components; inverse() is the adjugate divided by the
 * determinant.  Both are exact formulas, so precision is that of the
 * float operations.
 */
#include <math.h>

#include "glsl_builtin_priv.h"

/* Weighted least-squares coefficients of (atan(t) - t) / t^3 in t^2. */
#define ATAN_C1 -0.3333302451100706f
#define ATAN_C2 0.1998087092711541f
#define ATAN_C3 -0.1391407160961367f
#define ATAN_C4 0.08177369544354296f

#define TAN_PI_8  0.41421356237309503f
#define TAN_3PI_8 2.414213562373095f

static struct ir_def *
imm(struct ir_builder *b, float f, unsigned n)
{
   return glsl_emit_imm(b, f, n);
}

static struct ir_def *
fexp(struct ir_builder *b, struct ir_def *x)
{
   return ir_fexp2(b, ir_fmul(b, x, imm(b, (float)M_LOG2E, x->num_components)));
}

static struct ir_def *
flog(struct ir_builder *b, struct ir_def *x)
{
   return ir_fmul(b, ir_flog2(b, x), imm(b, (float)M_LN2, x->num_components));
}

static struct ir_def *
atan1(struct ir_builder *b, struct ir_def *x)
{
   unsigned n = x->num_components;
   struct ir_def *ax = ir_fabs(b, x);
   struct ir_def *one = imm(b, 1.0f, n);
   struct ir_def *big = ir_flt(b, imm(b, TAN_3PI_8, n), ax);
   struct ir_def *mid = ir_flt(b, imm(b, TAN_PI_8, n), ax);
   struct ir_def *t_big = ir_fneg(b, ir_frcp(b, ax));
   struct ir_def *t_mid = ir_fdiv(b, ir_fsub(b, ax, one), ir_fadd(b, ax, one));
   struct ir_def *t = ir_bcsel(b, big, t_big, ir_bcsel(b, mid, t_mid, ax));
   struct ir_def *base =
      ir_bcsel(b, big, imm(b, (float)M_PI_2, n),
               ir_bcsel(b, mid, imm(b, (float)M_PI_4, n), imm(b, 0.0f, n)));
   struct ir_def *z = ir_fmul(b, t, t);
   struct ir_def *p =
      ir_fadd(b, ir_fmul(b, imm(b, ATAN_C4, n), z), imm(b, ATAN_C3, n));
   p = ir_fadd(b, ir_fmul(b, p, z), imm(b, ATAN_C2, n));
   p = ir_fadd(b, ir_fmul(b, p, z), imm(b, ATAN_C1, n));
   /* t + t^3 p */
   struct ir_def *r = ir_fadd(b, ir_fmul(b, ir_fmul(b, p, z), t), t);
   r = ir_fadd(b, base, r);
   return ir_fmul(b, r, ir_fsign(b, x));
}

static struct ir_def *
emit_atan2(struct ir_builder *b, struct ir_def *y, struct ir_def *x)
{
   unsigned n = y->num_components;
   struct ir_def *zero = imm(b, 0.0f, n);
   struct ir_def *r = atan1(b, ir_fdiv(b, y, x));
   struct ir_def *pi = ir_bcsel(b, ir_fge(b, y, zero), imm(b, (float)M_PI, n),
                                imm(b, (float)-M_PI, n));
   return ir_fadd(b, r, ir_bcsel(b, ir_flt(b, x, zero), pi, zero));
}

static struct ir_def *
emit_asin(struct ir_builder *b, struct ir_def *x)
{
   unsigned n = x->num_components;
   struct ir_def *one = imm(b, 1.0f, n);
   struct ir_def *c = ir_fsqrt(b, ir_fsub(b, one, ir_fmul(b, x, x)));
   struct ir_def *a = atan1(b, ir_fdiv(b, x, ir_fadd(b, one, c)));
   return ir_fmul(b, imm(b, 2.0f, n), a);
}

static struct ir_def *
emit_acos(struct ir_builder *b, struct ir_def *x)
{
   unsigned n = x->num_components;
   struct ir_def *one = imm(b, 1.0f, n);
   struct ir_def *q = ir_fdiv(b, ir_fsub(b, one, x), ir_fadd(b, one, x));
   return ir_fmul(b, imm(b, 2.0f, n), atan1(b, ir_fsqrt(b, q)));
}

/* x (c[0] + c[1] x^2 + c[2] x^4 + ...): an odd Taylor polynomial. */
static struct ir_def *
odd_series(struct ir_builder *b, struct ir_def *x, const float *c, unsigned num)
{
   unsigned n = x->num_components;
   struct ir_def *z = ir_fmul(b, x, x);
   struct ir_def *p = imm(b, c[num - 1], n);
   for (unsigned i = num - 1; i-- > 0;)
      p = ir_fadd(b, ir_fmul(b, p, z), imm(b, c[i], n));
   return ir_fmul(b, x, p);
}

/* The series where |x| < limit, the closed form elsewhere. */
static struct ir_def *
near_zero(struct ir_builder *b, struct ir_def *x, float limit,
          struct ir_def *series, struct ir_def *closed)
{
   struct ir_def *small =
      ir_flt(b, ir_fabs(b, x), imm(b, limit, x->num_components));
   return ir_bcsel(b, small, series, closed);
}

/* Taylor coefficients of the odd functions near 0; with the limits used
 * below the first omitted term is below 3e-8 of the result. */
static const float sinh_series[] = { 1.0f, 1.0f / 6, 1.0f / 120, 1.0f / 5040 };
static const float tanh_series[] = { 1.0f, -1.0f / 3, 2.0f / 15, -17.0f / 315,
                                     62.0f / 2835 };
static const float asinh_series[] = { 1.0f, -1.0f / 6, 3.0f / 40, -5.0f / 112,
                                      35.0f / 1152 };
static const float atanh_series[] = { 1.0f,     1.0f / 3, 1.0f / 5,
                                      1.0f / 7, 1.0f / 9, 1.0f / 11 };

#define SERIES(b, x, c) odd_series(b, x, c, sizeof(c) / sizeof((c)[0]))

static struct ir_def *
hyperbolic(struct ir_builder *b, unsigned op, struct ir_def *x)
{
   unsigned n = x->num_components;
   struct ir_def *half = imm(b, 0.5f, n);
   struct ir_def *one = imm(b, 1.0f, n);
   switch (op) {
   case GLSL_BUILTIN_OP_SINH:
   case GLSL_BUILTIN_OP_COSH: {
      struct ir_def *ep = fexp(b, x);
      struct ir_def *em = fexp(b, ir_fneg(b, x));
      if (op == GLSL_BUILTIN_OP_COSH)
         return ir_fmul(b, half, ir_fadd(b, ep, em));
      return near_zero(b, x, 0.5f, SERIES(b, x, sinh_series),
                       ir_fmul(b, half, ir_fsub(b, ep, em)));
   }
   case GLSL_BUILTIN_OP_TANH: {
      struct ir_def *c =
         ir_fmin(b, ir_fmax(b, x, imm(b, -10.0f, n)), imm(b, 10.0f, n));
      struct ir_def *e2 = fexp(b, ir_fmul(b, imm(b, 2.0f, n), c));
      return near_zero(b, x, 0.25f, SERIES(b, x, tanh_series),
                       ir_fdiv(b, ir_fsub(b, e2, one), ir_fadd(b, e2, one)));
   }
   case GLSL_BUILTIN_OP_ASINH: {
      /* sign(x) log(|x| + sqrt(x^2 + 1)) */
      struct ir_def *ax = ir_fabs(b, x);
      struct ir_def *r = ir_fsqrt(b, ir_fadd(b, ir_fmul(b, x, x), one));
      return near_zero(b, x, 0.25f, SERIES(b, x, asinh_series),
                       ir_fmul(b, ir_fsign(b, x), flog(b, ir_fadd(b, ax, r))));
   }
   case GLSL_BUILTIN_OP_ACOSH: {
      struct ir_def *r = ir_fsqrt(b, ir_fsub(b, ir_fmul(b, x, x), one));
      return flog(b, ir_fadd(b, x, r));
   }
   case GLSL_BUILTIN_OP_ATANH: {
      struct ir_def *q = ir_fdiv(b, ir_fadd(b, one, x), ir_fsub(b, one, x));
      return near_zero(b, x, 0.25f, SERIES(b, x, atanh_series),
                       ir_fmul(b, half, flog(b, q)));
   }
   default:
      return NULL;
   }
}

/* The determinant of the n x n submatrix of m[col][row] (scalars) made
 * of rows rows[0..n) and columns cols[0..n), expanding along the first
 * column. */
static struct ir_def *
det_rec(struct ir_builder *b, struct ir_def *m[4][4], const unsigned *rows,
        const unsigned *cols, unsigned n)
{
   if (n == 1)
      return m[cols[0]][rows[0]];
   if (n == 2) {
      return ir_fsub(b, ir_fmul(b, m[cols[0]][rows[0]], m[cols[1]][rows[1]]),
                     ir_fmul(b, m[cols[1]][rows[0]], m[cols[0]][rows[1]]));
   }
   struct ir_def *sum = NULL;
   for (unsigned k = 0; k < n; k++) {
      unsigned sub_rows[4], j = 0;
      for (unsigned r = 0; r < n; r++) {
         if (r != k)
            sub_rows[j++] = rows[r];
      }
      struct ir_def *minor = det_rec(b, m, sub_rows, cols + 1, n - 1);
      struct ir_def *t = ir_fmul(b, m[cols[0]][rows[k]], minor);
      if (!sum)
         sum = t;
      else
         sum = (k & 1) ? ir_fsub(b, sum, t) : ir_fadd(b, sum, t);
   }
   return sum;
}

static void
split_matrix(struct ir_builder *b, struct ir_def *const cols[4], unsigned n,
             struct ir_def *m[4][4])
{
   for (unsigned c = 0; c < n; c++) {
      for (unsigned r = 0; r < n; r++)
         m[c][r] = ir_channel(b, cols[c], r);
   }
}

static const unsigned identity[4] = { 0, 1, 2, 3 };

static struct ir_def *
determinant(struct ir_builder *b, struct ir_def *const cols[4], unsigned n)
{
   struct ir_def *m[4][4];
   split_matrix(b, cols, n, m);
   return det_rec(b, m, identity, identity, n);
}

/* inverse(A)[col j][row i] = (-1)^(i+j) det(A without row j and column
 * i) / det(A). */
static void
inverse(struct ir_builder *b, struct ir_def *const cols[4], unsigned n,
        struct ir_def *result[4])
{
   struct ir_def *m[4][4];
   split_matrix(b, cols, n, m);
   struct ir_def *inv_det = ir_frcp(b, det_rec(b, m, identity, identity, n));
   for (unsigned j = 0; j < n; j++) {
      struct ir_def *comps[4];
      for (unsigned i = 0; i < n; i++) {
         unsigned rows[4], cs[4], nr = 0, nc = 0;
         for (unsigned r = 0; r < n; r++) {
            if (r != j)
               rows[nr++] = r;
         }
         for (unsigned c = 0; c < n; c++) {
            if (c != i)
               cs[nc++] = c;
         }
         struct ir_def *cof = det_rec(b, m, rows, cs, n - 1);
         if ((i + j) & 1)
            cof = ir_fneg(b, cof);
         comps[i] = ir_fmul(b, cof, inv_det);
      }
      result[j] = ir_vec(b, comps, n);
   }
}

bool
glsl_builtin_emit_math(struct ir_builder *b, struct glsl_builtin_call *call)
{
   unsigned op = call->sig->builtin_op;
   struct ir_def *x = call->args[0][0];
   switch (op) {
   case GLSL_BUILTIN_OP_SIN:
      call->result[0] = ir_fsin(b, x);
      return true;
   case GLSL_BUILTIN_OP_COS:
      call->result[0] = ir_fcos(b, x);
      return true;
   case GLSL_BUILTIN_OP_TAN:
      call->result[0] = ir_fdiv(b, ir_fsin(b, x), ir_fcos(b, x));
      return true;
   case GLSL_BUILTIN_OP_ASIN:
      call->result[0] = emit_asin(b, x);
      return true;
   case GLSL_BUILTIN_OP_ACOS:
      call->result[0] = emit_acos(b, x);
      return true;
   case GLSL_BUILTIN_OP_ATAN:
      call->result[0] = atan1(b, x);
      return true;
   case GLSL_BUILTIN_OP_ATAN2:
      call->result[0] = emit_atan2(b, x, call->args[1][0]);
      return true;
   case GLSL_BUILTIN_OP_SINH:
   case GLSL_BUILTIN_OP_COSH:
   case GLSL_BUILTIN_OP_TANH:
   case GLSL_BUILTIN_OP_ASINH:
   case GLSL_BUILTIN_OP_ACOSH:
   case GLSL_BUILTIN_OP_ATANH:
      call->result[0] = hyperbolic(b, op, x);
      return true;
   case GLSL_BUILTIN_OP_DETERMINANT:
      call->result[0] = determinant(b, call->args[0],
                                    call->sig->params[0]->type->matrix_columns);
      return true;
   case GLSL_BUILTIN_OP_INVERSE:
      inverse(b, call->args[0], call->sig->params[0]->type->matrix_columns,
              call->result);
      return true;
   default:
      return false;
   }
}
