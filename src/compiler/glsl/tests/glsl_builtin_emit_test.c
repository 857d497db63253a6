/* SPDX-License-Identifier: MIT */

/*
 * Tests of glsl_builtin_emit(): each case expands calls of built-ins on
 * shader inputs, runs the shader in the reference interpreter on one quad
 * (four lanes, four different argument values) and compares the outputs
 * with C's <math.h> (exact where the IR has the operation, within the
 * stated error where the expansion approximates), for a sample of every
 * family.  Texture functions: glsl_builtin_emit_tex_test.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_builtin_exec_util.h"

/* |got - want| <= abs_err + rel_err * |want| (NaN only equals NaN). */
static void
check_close(float got, double want, double abs_err, double rel_err,
            const char *what, float arg)
{
   if (isnan(want) && isnan(got))
      return;
   /* Results are floats: a value beyond the float range is infinity. */
   if (isinf((float)want) && got == (float)want)
      return;
   double err = fabs((double)got - want);
   if (!(err <= abs_err + rel_err * fabs(want))) {
      fprintf(stderr, "%s(%.9g) = %.9g, want %.9g\n", what, arg, got, want);
      fail();
   }
}

/* Runs the unary float function @p name on each of @p num values (four
 * lanes at a time) and compares with @p ref. */
static void
check_unary(const char *name, double (*ref)(double), const float *vals,
            unsigned num, double abs_err, double rel_err)
{
   for (unsigned i = 0; i < num; i += LANES) {
      struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
      struct ir_def *x = in(h, 0, 1);
      unsigned slot = call_out(h, name, "float", &x, 1);
      float v[LANES];
      for (unsigned l = 0; l < LANES; l++)
         v[l] = vals[i + l < num ? i + l : i];
      set_in(h, 0, 0, v[0], v[1], v[2], v[3]);
      run(h);
      for (unsigned l = 0; l < LANES; l++)
         check_close(outf(h, slot, 0, l), ref(v[l]), abs_err, rel_err, name,
                     v[l]);
      h_destroy(h);
   }
}

#define N(a) (sizeof(a) / sizeof((a)[0]))

static double
ref_tan(double x)
{
   return tan(x);
}

static void
trigonometry(void **state)
{
   (void)state;
   static const float v[] = {
      0.0f, 0.5f, -1.0f, 2.0f, 3.0f, -0.25f, 1.2f, 10.0f
   };
   check_unary("sin", sin, v, N(v), 1e-7, 0);
   check_unary("cos", cos, v, N(v), 1e-7, 0);
   check_unary("tan", ref_tan, v, N(v), 1e-6, 1e-6);
}

static void
inverse_trigonometry(void **state)
{
   (void)state;
   float v[41];
   for (unsigned i = 0; i < N(v); i++)
      v[i] = -1.0f + (float)i / 20.0f;
   check_unary("asin", asin, v, N(v), 4e-7, 1e-6);
   check_unary("acos", acos, v, N(v), 4e-7, 1e-6);
   static const float w[] = { 0.0f,     1e-10f,    -1e-5f, 0.3f,  0.41f, 0.42f,
                              -1.0f,    2.4f,      2.42f,  -7.5f, 1e5f,  -1e10f,
                              INFINITY, -INFINITY, 0.999f, 1.001f };
   check_unary("atan", atan, w, N(w), 0, 4e-7);
}

static void
atan_two_arguments(void **state)
{
   (void)state;
   static const float ys[] = {
      1.0f, 1.0f, -1.0f, -1.0f, 0.5f, -3.0f, 2.0f, 0.0f
   };
   static const float xs[] = { 1.0f, -1.0f, -1.0f,  1.0f,
                               0.0f, 0.0f,  -1e-3f, 2.0f };
   for (unsigned i = 0; i < N(ys); i += LANES) {
      struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
      struct ir_def *args[2] = { in(h, 0, 1), in(h, 1, 1) };
      unsigned slot = call_out(h, "atan", "float,float", args, 2);
      set_in(h, 0, 0, ys[i], ys[i + 1], ys[i + 2], ys[i + 3]);
      set_in(h, 1, 0, xs[i], xs[i + 1], xs[i + 2], xs[i + 3]);
      run(h);
      for (unsigned l = 0; l < LANES; l++)
         check_close(outf(h, slot, 0, l), atan2(ys[i + l], xs[i + l]), 1e-6,
                     1e-6, "atan2", ys[i + l]);
      h_destroy(h);
   }
}

static void
hyperbolic(void **state)
{
   (void)state;
   static const float v[] = { 0.0f, 0.5f,  -1.0f, 2.0f,
                              5.0f, -3.0f, 20.0f, -60.0f };
   /* exp(x) through exp2(x log2(e)) loses up to about 2|x| ulp, within
    * GLSL's (3 + 2|x|) ulp. */
   check_unary("sinh", sinh, v, N(v), 1e-6, 1e-5);
   check_unary("cosh", cosh, v, N(v), 1e-6, 1e-5);
   check_unary("tanh", tanh, v, N(v), 1e-6, 1e-6);
   check_unary("asinh", asinh, v, N(v), 1e-6, 1e-6);
   static const float a[] = {
      1.0f, 1.1f, 2.0f, 11.0f, 1e4f, 3.5f, 100.0f, 1.5f
   };
   check_unary("acosh", acosh, a, N(a), 1e-6, 1e-6);
   static const float t[] = { 0.0f,   0.5f, -0.5f, 0.9f,
                              -0.99f, 0.1f, 0.25f, -0.75f };
   check_unary("atanh", atanh, t, N(t), 1e-6, 1e-6);
   /* Near zero the closed forms cancel; the results stay relative-exact. */
   static const float small[] = { 1e-5f, -3e-3f, 0.2f,   -0.3f,
                                  0.24f, 0.26f,  -0.49f, 0.51f };
   check_unary("sinh", sinh, small, N(small), 0, 4e-7);
   check_unary("tanh", tanh, small, N(small), 0, 4e-7);
   check_unary("asinh", asinh, small, N(small), 0, 4e-7);
   check_unary("atanh", atanh, small, N(small), 0, 4e-7);
}

static double
ref_exp2(double x)
{
   return exp2(x);
}

static double
ref_inversesqrt(double x)
{
   return 1.0 / sqrt(x);
}

static double
ref_radians(double x)
{
   return x * M_PI / 180.0;
}

static void
exponential(void **state)
{
   (void)state;
   static const float v[] = { 0.5f,  1.0f, 2.0f,  10.0f,
                              0.01f, 3.0f, 7.25f, 100.0f };
   check_unary("exp", exp, v, N(v), 0, 1e-5);
   check_unary("log", log, v, N(v), 1e-7, 1e-6);
   /* Single IR operations: within one float ulp of the exact value. */
   check_unary("exp2", ref_exp2, v, N(v), 0, 1.2e-7);
   check_unary("log2", log2, v, N(v), 0, 1.2e-7);
   check_unary("sqrt", sqrt, v, N(v), 0, 1.2e-7);
   check_unary("inversesqrt", ref_inversesqrt, v, N(v), 0, 1.2e-7);
   check_unary("radians", ref_radians, v, N(v), 0, 1.2e-7);
}

static void
common_functions(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *x = in(h, 0, 1);
   struct ir_def *y = in(h, 1, 1);
   struct ir_def *xy[2] = { x, y };
   unsigned mod = call_out(h, "mod", "float,float", xy, 2);
   unsigned fract = call_out(h, "fract", "float", &x, 1);
   struct glsl_builtin_call *c = call(h, "modf", "float,float", &x, 1);
   unsigned modf_r = out(h, c->result[0]);
   unsigned modf_i = out(h, c->out_values[1][0]);
   unsigned round = call_out(h, "round", "float", &x, 1);
   unsigned sign = call_out(h, "sign", "float", &x, 1);
   unsigned trunc = call_out(h, "trunc", "float", &x, 1);
   set_in(h, 0, 0, 5.5f, -5.5f, 2.5f, -0.25f);
   set_in(h, 1, 0, 3.0f, 3.0f, -2.0f, 1.0f);
   run(h);
   /* mod(x, y) = x - y floor(x / y): the sign of y. */
   assert_float_equal(outf(h, mod, 0, 0), 2.5f, 0);
   assert_float_equal(outf(h, mod, 0, 1), 0.5f, 0);
   assert_float_equal(outf(h, mod, 0, 2), -1.5f, 0);
   assert_float_equal(outf(h, fract, 0, 1), 0.5f, 0);
   assert_float_equal(outf(h, modf_r, 0, 1), -0.5f, 0);
   assert_float_equal(outf(h, modf_i, 0, 1), -5.0f, 0);
   /* round() goes to even here. */
   assert_float_equal(outf(h, round, 0, 0), 6.0f, 0);
   assert_float_equal(outf(h, round, 0, 2), 2.0f, 0);
   assert_float_equal(outf(h, sign, 0, 3), -1.0f, 0);
   assert_float_equal(outf(h, trunc, 0, 1), -5.0f, 0);
   h_destroy(h);
}

static void
min_max_clamp_broadcast(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *v = in(h, 0, 3);
   struct ir_def *lo = in(h, 1, 1);
   struct ir_def *hi = in(h, 2, 1);
   struct ir_def *args[3] = { v, lo, hi };
   unsigned clamp = call_out(h, "clamp", "vec3,float,float", args, 3);
   unsigned mx = call_out(h, "max", "vec3,float", args, 2);
   struct ir_def *iv = ir_f2i(&h->b, v, 32);
   struct ir_def *ilo = ir_f2i(&h->b, lo, 32);
   struct ir_def *ihi = ir_f2i(&h->b, hi, 32);
   struct ir_def *iargs[3] = { iv, ilo, ihi };
   unsigned iclamp = call_out(h, "clamp", "ivec3,int,int", iargs, 3);
   set_in(h, 0, 0, -5.0f, 0, 0, 0);
   set_in(h, 0, 1, 0.5f, 0, 0, 0);
   set_in(h, 0, 2, 7.0f, 0, 0, 0);
   set_in(h, 1, 0, -1.0f, 0, 0, 0);
   set_in(h, 2, 0, 2.0f, 0, 0, 0);
   run(h);
   assert_float_equal(outf(h, clamp, 0, 0), -1.0f, 0);
   assert_float_equal(outf(h, clamp, 1, 0), 0.5f, 0);
   assert_float_equal(outf(h, clamp, 2, 0), 2.0f, 0);
   assert_float_equal(outf(h, mx, 0, 0), -1.0f, 0);
   assert_float_equal(outf(h, mx, 2, 0), 7.0f, 0);
   assert_int_equal((int32_t)h->out[iclamp][0][0], -1);
   assert_int_equal((int32_t)h->out[iclamp][1][0], 0);
   assert_int_equal((int32_t)h->out[iclamp][2][0], 2);
   h_destroy(h);
}

static void
mix_step_smoothstep(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *x = in(h, 0, 2);
   struct ir_def *y = in(h, 1, 2);
   struct ir_def *a = in(h, 2, 1);
   struct ir_def *margs[3] = { x, y, a };
   unsigned mix = call_out(h, "mix", "vec2,vec2,float", margs, 3);
   struct ir_def *sel = ir_flt(&h->b, x, y);
   struct ir_def *bargs[3] = { x, y, sel };
   unsigned bmix = call_out(h, "mix", "vec2,vec2,bvec2", bargs, 3);
   struct ir_def *sargs[2] = { a, x };
   unsigned step = call_out(h, "step", "float,vec2", sargs, 2);
   struct ir_def *ssargs[3] = { ir_imm_float(&h->b, 0.0f),
                                ir_imm_float(&h->b, 2.0f), x };
   unsigned ss = call_out(h, "smoothstep", "float,float,vec2", ssargs, 3);
   set_in(h, 0, 0, 1.0f, 0, 0, 0);
   set_in(h, 0, 1, 4.0f, 0, 0, 0);
   set_in(h, 1, 0, 3.0f, 0, 0, 0);
   set_in(h, 1, 1, 2.0f, 0, 0, 0);
   set_in(h, 2, 0, 0.25f, 0, 0, 0);
   run(h);
   assert_float_equal(outf(h, mix, 0, 0), 1.5f, 0);
   assert_float_equal(outf(h, mix, 1, 0), 3.5f, 0);
   /* mix(x, y, bvec): y where true (x < y), x elsewhere. */
   assert_float_equal(outf(h, bmix, 0, 0), 3.0f, 0);
   assert_float_equal(outf(h, bmix, 1, 0), 4.0f, 0);
   assert_float_equal(outf(h, step, 0, 0), 1.0f, 0);
   assert_float_equal(outf(h, ss, 0, 0), 0.5f, 0);
   assert_float_equal(outf(h, ss, 1, 0), 1.0f, 0);
   h_destroy(h);
}

static void
isnan_isinf_bitcast(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 330, false);
   struct ir_def *x = in(h, 0, 1);
   unsigned nan = call_out(h, "isnan", "float", &x, 1);
   unsigned inf = call_out(h, "isinf", "float", &x, 1);
   unsigned bits = call_out(h, "floatBitsToUint", "float", &x, 1);
   struct ir_def *u = ir_imm_uint(&h->b, 0x40490fdbu);
   unsigned back = call_out(h, "uintBitsToFloat", "uint", &u, 1);
   set_in(h, 0, 0, NAN, INFINITY, -INFINITY, 1.0f);
   run(h);
   assert_int_equal(h->out[nan][0][0], 1);
   assert_int_equal(h->out[nan][0][1], 0);
   assert_int_equal(h->out[inf][0][1], 1);
   assert_int_equal(h->out[inf][0][2], 1);
   assert_int_equal(h->out[inf][0][3], 0);
   assert_int_equal(h->out[bits][0][3], 0x3f800000u);
   assert_int_equal(h->out[back][0][0], 0x40490fdbu);
   h_destroy(h);
}

static void
geometric(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *p = in(h, 0, 3);
   struct ir_def *q = in(h, 1, 3);
   struct ir_def *pq[2] = { p, q };
   unsigned len = call_out(h, "length", "vec3", &p, 1);
   unsigned dist = call_out(h, "distance", "vec3,vec3", pq, 2);
   unsigned dot = call_out(h, "dot", "vec3,vec3", pq, 2);
   unsigned cross = call_out(h, "cross", "vec3,vec3", pq, 2);
   unsigned norm = call_out(h, "normalize", "vec3", &p, 1);
   struct ir_def *ff[3] = { p, q, q };
   unsigned face = call_out(h, "faceforward", "vec3,vec3,vec3", ff, 3);
   unsigned refl = call_out(h, "reflect", "vec3,vec3", pq, 2);
   set_in(h, 0, 0, 3.0f, 0, 0, 0);
   set_in(h, 0, 1, 0.0f, 0, 0, 0);
   set_in(h, 0, 2, 4.0f, 0, 0, 0);
   set_in(h, 1, 0, 0.0f, 0, 0, 0);
   set_in(h, 1, 1, 1.0f, 0, 0, 0);
   set_in(h, 1, 2, 0.0f, 0, 0, 0);
   run(h);
   assert_float_equal(outf(h, len, 0, 0), 5.0f, 0);
   check_close(outf(h, dist, 0, 0), sqrt(26.0), 0, 1e-7, "distance", 0);
   assert_float_equal(outf(h, dot, 0, 0), 0.0f, 0);
   /* (3,0,4) x (0,1,0) = (-4, 0, 3) */
   assert_float_equal(outf(h, cross, 0, 0), -4.0f, 0);
   assert_float_equal(outf(h, cross, 1, 0), 0.0f, 0);
   assert_float_equal(outf(h, cross, 2, 0), 3.0f, 0);
   check_close(outf(h, norm, 0, 0), 0.6, 0, 1e-6, "normalize", 3.0f);
   check_close(outf(h, norm, 2, 0), 0.8, 0, 1e-6, "normalize", 4.0f);
   /* dot(q, q) = 1 > 0: -N. */
   assert_float_equal(outf(h, face, 0, 0), -3.0f, 0);
   /* reflect(p, q) = p - 2 (q.p) q = p. */
   assert_float_equal(outf(h, refl, 2, 0), 4.0f, 0);
   h_destroy(h);
}

static void
refraction(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *i = in(h, 0, 2);
   struct ir_def *n = in(h, 1, 2);
   struct ir_def *eta = in(h, 2, 1);
   struct ir_def *args[3] = { i, n, eta };
   unsigned r = call_out(h, "refract", "vec2,vec2,float", args, 3);
   /* Lane 0: straight through at eta 1; lane 1: total internal
    * reflection (k < 0) gives 0. */
   set_in(h, 0, 0, 0.0f, 0.9f, 0, 0);
   set_in(h, 0, 1, -1.0f, -0.1f, 0, 0);
   set_in(h, 1, 0, 0.0f, 0.0f, 0, 0);
   set_in(h, 1, 1, 1.0f, 1.0f, 0, 0);
   set_in(h, 2, 0, 1.0f, 2.0f, 0, 0);
   run(h);
   assert_float_equal(outf(h, r, 0, 0), 0.0f, 1e-7);
   assert_float_equal(outf(h, r, 1, 0), -1.0f, 1e-6);
   assert_float_equal(outf(h, r, 0, 1), 0.0f, 0);
   assert_float_equal(outf(h, r, 1, 1), 0.0f, 0);
   h_destroy(h);
}

/* Columns of an n x n input matrix in slots 0..n-1. */
static void
matrix_inverse_n(unsigned n)
{
   static const char *const names[] = { NULL, NULL, "mat2", "mat3", "mat4" };
   static const float m[4][4] = {
      { 4, 1, 2, 0.5f }, { -1, 3, 0, 1 }, { 2, 0.5f, 5, -2 }, { 1, 2, -1, 6 }
   };
   struct h *h = h_create(IR_STAGE_FRAGMENT, 150, false);
   struct ir_def *cols[4];
   for (unsigned c = 0; c < n; c++) {
      cols[c] = in(h, c, n);
      for (unsigned r = 0; r < n; r++)
         set_in(h, c, r, m[c][r], 0, 0, 0);
   }
   struct glsl_builtin_call *inv = call(h, "inverse", names[n], cols, n);
   unsigned first = h->next_out;
   for (unsigned c = 0; c < n; c++)
      out(h, inv->result[c]);
   unsigned det = call_out(h, "determinant", names[n], cols, n);
   run(h);
   /* M * inverse(M) = I, column by column. */
   for (unsigned c = 0; c < n; c++) {
      for (unsigned r = 0; r < n; r++) {
         double s = 0;
         for (unsigned k = 0; k < n; k++)
            s += m[k][r] * outf(h, first + c, k, 0);
         check_close((float)s, r == c ? 1.0 : 0.0, 1e-5, 0, "inverse", 0);
      }
   }
   double want = n == 2 ? 4.0 * 3 - (-1.0) * 1 : 0;
   if (n == 2)
      check_close(outf(h, det, 0, 0), want, 0, 1e-7, "determinant", 2);
   else
      assert_true(fabsf(outf(h, det, 0, 0)) > 1.0f);
   h_destroy(h);
}

static void
matrix_functions(void **state)
{
   (void)state;
   matrix_inverse_n(2);
   matrix_inverse_n(3);
   matrix_inverse_n(4);

   struct h *h = h_create(IR_STAGE_FRAGMENT, 150, false);
   struct ir_def *c = in(h, 0, 3);
   struct ir_def *r = in(h, 1, 2);
   struct ir_def *cr[2] = { c, r };
   struct glsl_builtin_call *op = call(h, "outerProduct", "vec3,vec2", cr, 2);
   unsigned o0 = out(h, op->result[0]);
   unsigned o1 = out(h, op->result[1]);
   struct glsl_builtin_call *t = call(h, "transpose", "mat2x3", op->result, 2);
   unsigned t2 = out(h, t->result[2]);
   set_in(h, 0, 0, 1, 0, 0, 0);
   set_in(h, 0, 1, 2, 0, 0, 0);
   set_in(h, 0, 2, 3, 0, 0, 0);
   set_in(h, 1, 0, 10, 0, 0, 0);
   set_in(h, 1, 1, 100, 0, 0, 0);
   run(h);
   assert_float_equal(outf(h, o0, 2, 0), 30.0f, 0);
   assert_float_equal(outf(h, o1, 1, 0), 200.0f, 0);
   /* transpose: column 2 is row 2 of the outer product: (30, 300). */
   assert_float_equal(outf(h, t2, 0, 0), 30.0f, 0);
   assert_float_equal(outf(h, t2, 1, 0), 300.0f, 0);
   h_destroy(h);
}

static void
vector_relational(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *a = in(h, 0, 2);
   struct ir_def *b = in(h, 1, 2);
   struct ir_def *ab[2] = { a, b };
   unsigned lt = call_out(h, "lessThan", "vec2,vec2", ab, 2);
   unsigned ge = call_out(h, "greaterThanEqual", "vec2,vec2", ab, 2);
   unsigned le = call_out(h, "lessThanEqual", "vec2,vec2", ab, 2);
   struct ir_def *ua = ir_f2u(&h->b, a, 32);
   struct ir_def *ub = ir_f2u(&h->b, b, 32);
   struct ir_def *uab[2] = { ua, ub };
   unsigned ugt = call_out(h, "greaterThan", "uvec2,uvec2", uab, 2);
   struct glsl_builtin_call *eq = call(h, "equal", "vec2,vec2", ab, 2);
   unsigned eqs = out(h, eq->result[0]);
   unsigned any = call_out(h, "any", "bvec2", &eq->result[0], 1);
   unsigned all = call_out(h, "all", "bvec2", &eq->result[0], 1);
   unsigned not = call_out(h, "not", "bvec2", &eq->result[0], 1);
   set_in(h, 0, 0, 1.0f, 0, 0, 0);
   set_in(h, 0, 1, 5.0f, 0, 0, 0);
   set_in(h, 1, 0, 1.0f, 0, 0, 0);
   set_in(h, 1, 1, 3.0f, 0, 0, 0);
   run(h);
   assert_int_equal(h->out[lt][0][0], 0);
   assert_int_equal(h->out[lt][1][0], 0);
   assert_int_equal(h->out[ge][0][0], 1);
   assert_int_equal(h->out[le][0][0], 1);
   assert_int_equal(h->out[le][1][0], 0);
   assert_int_equal(h->out[ugt][1][0], 1);
   assert_int_equal(h->out[eqs][0][0], 1);
   assert_int_equal(h->out[eqs][1][0], 0);
   assert_int_equal(h->out[any][0][0], 1);
   assert_int_equal(h->out[all][0][0], 0);
   assert_int_equal(h->out[not ][1][0], 1);
   h_destroy(h);
}

static void
derivatives(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 330, false);
   struct ir_def *x = in(h, 0, 1);
   unsigned dx = call_out(h, "dFdx", "float", &x, 1);
   unsigned dy = call_out(h, "dFdyFine", "float", &x, 1);
   unsigned fw = call_out(h, "fwidthCoarse", "float", &x, 1);
   /* Quad: 0 1 / 2 3 -> v = 1, 3 / 10, 20. */
   set_in(h, 0, 0, 1.0f, 3.0f, 10.0f, 20.0f);
   run(h);
   assert_float_equal(outf(h, dx, 0, 0), 2.0f, 0);
   assert_float_equal(outf(h, dx, 0, 2), 10.0f, 0);
   assert_float_equal(outf(h, dy, 0, 1), 17.0f, 0);
   /* Coarse: 2 + 9 everywhere. */
   assert_float_equal(outf(h, fw, 0, 3), 11.0f, 0);
   h_destroy(h);
}

static void
noise_is_zero(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_VERTEX, 110, false);
   struct ir_def *x = in(h, 0, 2);
   unsigned n = call_out(h, "noise3", "vec2", &x, 1);
   set_in(h, 0, 0, 0.3f, 1, 2, 3);
   h->out[n][2][0] = 123;
   run(h);
   assert_int_equal(h->out[n][2][0], 0);
   h_destroy(h);
}

static void
unsupported_calls_fail(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   const struct glsl_function_sig *sig =
      test_find_sig(h->mem, &h->env, "sin", "float");
   struct glsl_builtin_call c;
   memset(&c, 0, sizeof(c));
   c.sig = sig;
   /* A missing argument is refused, not dereferenced. */
   assert_false(glsl_builtin_emit(&h->b, &c));
   assert_false(glsl_builtin_emit(&h->b, NULL));
   h_destroy(h);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(trigonometry),
      cmocka_unit_test(inverse_trigonometry),
      cmocka_unit_test(atan_two_arguments),
      cmocka_unit_test(hyperbolic),
      cmocka_unit_test(exponential),
      cmocka_unit_test(common_functions),
      cmocka_unit_test(min_max_clamp_broadcast),
      cmocka_unit_test(mix_step_smoothstep),
      cmocka_unit_test(isnan_isinf_bitcast),
      cmocka_unit_test(geometric),
      cmocka_unit_test(refraction),
      cmocka_unit_test(matrix_functions),
      cmocka_unit_test(vector_relational),
      cmocka_unit_test(derivatives),
      cmocka_unit_test(noise_is_zero),
      cmocka_unit_test(unsupported_calls_fail),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
