/* SPDX-License-Identifier: MIT */

/*
 * Tests of the interpreter (ir_exec): arithmetic, control flow with
 * divergent lanes (if, loops, break, continue, return, phis), float modes,
 * widths, states and errors.  Shaders are written in the IR's text form;
 * inputs and outputs go through the fixture of ir_exec_test_util.h.
 * Fragment-shader behaviour is in ir_exec_fragment_test.c, memory and I/O
 * in ir_exec_memory_test.c, and the opcode-by-opcode comparison with the
 * constant evaluator in ir_exec_alu_test.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>

#include "ir_exec_test_util.h"

/* ---------------------------------------------------------------------- */
/* Straight-line arithmetic                                               */
/* ---------------------------------------------------------------------- */

static void
arith_float(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x4 = load_input %0\n"
                            "  %2:32 = fadd %1.x, %1.y\n"
                            "  %3:32 = fmul %1.x, %1.y\n"
                            "  %4:32 = ffma %1.x, %1.y, %1.z\n"
                            "  %5:32 = fdiv %1.x, %1.y\n"
                            "  %6:32x4 = vec4 %2, %3, %4, %5\n"
                            "  store_output %6, %0 write_mask=15\n"
                            "  %7:32 = fmin %1.x, %1.w\n"
                            "  %8:32 = fmax %1.x, %1.w\n"
                            "  %9:32 = fsat %1.z\n"
                            "  %10:32 = ffloor %1.y\n"
                            "  %11:32x4 = vec4 %7, %8, %9, %10\n"
                            "  store_output %11, %0 base=1 write_mask=15\n"
                            "  %12:32 = fneg %1.x\n"
                            "  %13:32 = fabs %1.y\n"
                            "  %14:32 = fsqrt %1.z\n"
                            "  %15:32 = fsub %1.w, %1.x\n"
                            "  %16:32x4 = vec4 %12, %13, %14, %15\n"
                            "  store_output %16, %0 base=2 write_mask=15\n"
                            "}\n",
                            8);
   static const float x[8] = { 1.5f, -2.0f, 0.0f,     NAN,
                               3.0f, -0.0f, INFINITY, 1e30f };
   static const float y[8] = {
      2.0f, 0.5f, -4.0f, 1.0f, NAN, 2.0f, 3.0f, 1e10f
   };
   static const float z[8] = {
      0.25f, 4.0f, 9.0f, -1.0f, 2.0f, 0.5f, 1.5f, 16.0f
   };
   static const float w[8] = { NAN, 1.0f, -1.0f, 2.0f, 0.0f, 0.0f, 1.0f, 2.0f };
   for (unsigned l = 0; l < 8; l++) {
      fx_set_f(f, 0, 0, l, x[l]);
      fx_set_f(f, 0, 1, l, y[l]);
      fx_set_f(f, 0, 2, l, z[l]);
      fx_set_f(f, 0, 3, l, w[l]);
   }
   fx_run(f, 0xff, 0);

   /* Lane 0 by hand. */
   assert_true(fx_out_f(f, 0, 0, 0) == 3.5f);
   assert_true(fx_out_f(f, 0, 1, 0) == 3.0f);
   assert_true(fx_out_f(f, 0, 2, 0) == 3.25f);
   assert_true(fx_out_f(f, 0, 3, 0) == 0.75f);
   assert_true(fx_out_f(f, 1, 0, 0) == 1.5f); /* fmin(1.5, NaN) */
   assert_true(fx_out_f(f, 1, 1, 0) == 1.5f);
   assert_true(fx_out_f(f, 1, 2, 0) == 0.25f);
   assert_true(fx_out_f(f, 1, 3, 0) == 2.0f);
   /* NaN operands of fmin/fmax lose; fsat of a negative is 0. */
   assert_true(fx_out_f(f, 1, 0, 3) == 2.0f);
   assert_true(fx_out_f(f, 1, 1, 3) == 2.0f);
   assert_true(fx_out_f(f, 1, 2, 3) == 0.0f);
   assert_true(fx_out_f(f, 1, 2, 1) == 1.0f);
   /* fneg of -0 is +0 bitwise; sqrt of -1 is NaN. */
   assert_int_equal(*fx_out(f, 2, 0, 5), 0x00000000u);
   assert_true(isnan(fx_out_f(f, 2, 2, 3)));
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), ir_test_fbits(x[l] + y[l]));
      assert_int_equal(*fx_out(f, 0, 1, l), ir_test_fbits(x[l] * y[l]));
      assert_int_equal(*fx_out(f, 0, 2, l),
                       ir_test_fbits(fmaf(x[l], y[l], z[l])));
      assert_int_equal(*fx_out(f, 0, 3, l), ir_test_fbits(x[l] / y[l]));
      assert_int_equal(*fx_out(f, 2, 1, l), ir_test_fbits(fabsf(y[l])));
      assert_int_equal(*fx_out(f, 2, 3, l), ir_test_fbits(w[l] - x[l]));
   }
   fx_destroy(f);
}

static void
arith_swizzle_dot(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x4 = load_input %0\n"
                            "  %2:32x4 = fadd %1.wzyx, %1.xxyy\n"
                            "  store_output %2, %0 write_mask=15\n"
                            "  %3:32 = fdot4 %1, %1.yzwx\n"
                            "  %4:32 = fdot3 %1.xyz, %1.xyz\n"
                            "  %5:32 = fdot2 %1.ww, %1.xy\n"
                            "  %6:32x3 = vec3 %3, %4, %5\n"
                            "  store_output %6, %0 base=1 write_mask=7\n"
                            "}\n",
                            4);
   for (unsigned l = 0; l < 4; l++) {
      for (unsigned c = 0; c < 4; c++)
         fx_set_f(f, 0, c, l, (float)(l * 4 + c + 1));
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      float v[4];
      for (unsigned c = 0; c < 4; c++)
         v[c] = (float)(l * 4 + c + 1);
      assert_true(fx_out_f(f, 0, 0, l) == v[3] + v[0]);
      assert_true(fx_out_f(f, 0, 1, l) == v[2] + v[0]);
      assert_true(fx_out_f(f, 0, 2, l) == v[1] + v[1]);
      assert_true(fx_out_f(f, 0, 3, l) == v[0] + v[1]);
      assert_true(fx_out_f(f, 1, 0, l) ==
                  v[0] * v[1] + v[1] * v[2] + v[2] * v[3] + v[3] * v[0]);
      assert_true(fx_out_f(f, 1, 1, l) ==
                  v[0] * v[0] + v[1] * v[1] + v[2] * v[2]);
      assert_true(fx_out_f(f, 1, 2, l) == v[3] * v[0] + v[3] * v[1]);
   }
   fx_destroy(f);
}

static void
arith_integer(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x2 = load_input %0\n"
                            "  %2:32 = idiv %1.x, %1.y\n"
                            "  %3:32 = irem %1.x, %1.y\n"
                            "  %4:32 = imod %1.x, %1.y\n"
                            "  %5:32 = ishl %1.x, %1.y\n"
                            "  %6:32x4 = vec4 %2, %3, %4, %5\n"
                            "  store_output %6, %0 write_mask=15\n"
                            "  %7:32 = ishr %1.x, %1.y\n"
                            "  %8:32 = ushr %1.x, %1.y\n"
                            "  %9:32 = imin %1.x, %1.y\n"
                            "  %10:32 = umax %1.x, %1.y\n"
                            "  %11:32x4 = vec4 %7, %8, %9, %10\n"
                            "  store_output %11, %0 base=1 write_mask=15\n"
                            "  %12:32 = iabs %1.x\n"
                            "  %13:32 = bit_count %1.x\n"
                            "  %14:32 = ufind_msb %1.y\n"
                            "  %15:32 = imul %1.x, %1.y\n"
                            "  %16:32x4 = vec4 %12, %13, %14, %15\n"
                            "  store_output %16, %0 base=2 write_mask=15\n"
                            "}\n",
                            4);
   static const int32_t a[4] = { 7, INT_MIN, -7, INT_MIN };
   static const int32_t b[4] = { 2, -1, 0, 33 };
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = (uint32_t)a[l];
      *fx_in(f, 0, 1, l) = (uint32_t)b[l];
   }
   fx_run(f, 0xf, 0);
   static const uint32_t expect[3][4][4] = {
      /* idiv, irem, imod, ishl */
      { { 3, 1, 1, 28 },
        { 0x80000000u, 0, 0, 0 },
        { 0, 0, 0, (uint32_t)-7 },
        { (uint32_t)-65075262, (uint32_t)-2, 31, 0 } },
      /* ishr, ushr, imin, umax */
      { { 1, 1, 2, 7 },
        { 0xffffffffu, 1, 0x80000000u, 0xffffffffu },
        { (uint32_t)-7, 0xfffffff9u, (uint32_t)-7, 0xfffffff9u },
        { 0xc0000000u, 0x40000000u, 0x80000000u, 0x80000000u } },
      /* iabs, bit_count, ufind_msb(b), imul */
      { { 7, 3, 1, 14 },
        { 0x80000000u, 1, 31, 0x80000000u },
        { 7, 30, 0xffffffffu, 0 },
        { 0x80000000u, 1, 5, 0x80000000u } },
   };
   for (unsigned s = 0; s < 3; s++) {
      for (unsigned l = 0; l < 4; l++) {
         for (unsigned c = 0; c < 4; c++)
            assert_int_equal(*fx_out(f, s, c, l), expect[s][l][c]);
      }
   }
   fx_destroy(f);
}

static void
arith_conversions(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x2 = load_input %0\n"
                            "  %2:32 = f2i %1.x\n"
                            "  %3:32 = f2u %1.x\n"
                            "  %4:32 = i2f %1.y\n"
                            "  %5:32 = u2f %1.y\n"
                            "  %6:32x4 = vec4 %2, %3, %4, %5\n"
                            "  store_output %6, %0 write_mask=15\n"
                            "  %7:1 = f2b %1.x\n"
                            "  %8:32 = b2f %7\n"
                            "  %9:1 = i2b %1.y\n"
                            "  %10:32 = b2i %9\n"
                            "  %11:32x2 = vec2 %8, %10\n"
                            "  store_output %11, %0 base=1 write_mask=3\n"
                            "}\n",
                            4);
   static const float x[4] = { 3.7f, -3.7f, 1e10f, NAN };
   static const uint32_t y[4] = { (uint32_t)-5, 0xffffffffu, 0, 16777217 };
   for (unsigned l = 0; l < 4; l++) {
      fx_set_f(f, 0, 0, l, x[l]);
      *fx_in(f, 0, 1, l) = y[l];
   }
   fx_run(f, 0xf, 0);
   static const uint32_t f2i[4] = { 3, (uint32_t)-3, INT_MAX, 0 };
   static const uint32_t f2u[4] = { 3, 0, UINT_MAX, 0 };
   static const float i2f[4] = { -5.0f, -1.0f, 0.0f, 16777216.0f };
   static const float u2f[4] = { 4294967296.0f, 4294967296.0f, 0.0f,
                                 16777216.0f };
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), f2i[l]);
      assert_int_equal(*fx_out(f, 0, 1, l), f2u[l]);
      assert_true(fx_out_f(f, 0, 2, l) == i2f[l]);
      assert_true(fx_out_f(f, 0, 3, l) == u2f[l]);
      /* f2b: NaN is true; i2b: nonzero. */
      assert_true(fx_out_f(f, 1, 0, l) == 1.0f);
      assert_int_equal(*fx_out(f, 1, 1, l), y[l] != 0);
   }
   fx_destroy(f);
}

static void
arith_compare_select(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x2 = load_input %0\n"
                            "  %2:1 = flt %1.x, %1.y\n"
                            "  %3:1 = fneu %1.x, %1.y\n"
                            "  %4:32 = bcsel %2, %1.x, %1.y\n"
                            "  %5:32 = load_const 1\n"
                            "  %6:32 = load_const 2\n"
                            "  %7:32 = bcsel %3, %5, %6\n"
                            "  %8:32 = flt %1.x, %1.y\n"
                            "  %9:1 = iand %2, %3\n"
                            "  %10:32 = b2i %9\n"
                            "  %11:32x4 = vec4 %4, %7, %8, %10\n"
                            "  store_output %11, %0 write_mask=15\n"
                            "}\n",
                            4);
   static const float x[4] = { 1.0f, 2.0f, NAN, 3.0f };
   static const float y[4] = { 2.0f, 1.0f, 0.0f, 3.0f };
   for (unsigned l = 0; l < 4; l++) {
      fx_set_f(f, 0, 0, l, x[l]);
      fx_set_f(f, 0, 1, l, y[l]);
   }
   fx_run(f, 0xf, 0);
   /* min through bcsel (NaN compares false: picks y). */
   assert_true(fx_out_f(f, 0, 0, 0) == 1.0f);
   assert_true(fx_out_f(f, 0, 0, 1) == 1.0f);
   assert_true(fx_out_f(f, 0, 0, 2) == 0.0f);
   assert_true(fx_out_f(f, 0, 0, 3) == 3.0f);
   /* fneu is true on NaN. */
   static const uint32_t ne[4] = { 1, 1, 1, 2 };
   static const uint32_t lt32[4] = { 0xffffffffu, 0, 0, 0 };
   static const uint32_t both[4] = { 1, 0, 0, 0 };
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(*fx_out(f, 0, 1, l), ne[l]);
      assert_int_equal(*fx_out(f, 0, 2, l), lt32[l]);
      assert_int_equal(*fx_out(f, 0, 3, l), both[l]);
   }
   fx_destroy(f);
}

static void
arith_64bit(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:64x2 = load_input %0\n"
                            "  %2:64 = fadd %1.x, %1.y\n"
                            "  %3:64 = fmul %1.x, %1.y\n"
                            "  %4:64x2 = vec2 %2, %3\n"
                            "  store_output %4, %0 write_mask=3\n"
                            "  %5:32 = f2f %2\n"
                            "  %6:1 = flt %1.x, %1.y\n"
                            "  %7:32 = b2f %6\n"
                            "  %8:64 = f2f %5\n"
                            "  %9:64 = ffma %8, %1.x, %1.y\n"
                            "  %10:32x2 = vec2 %5, %7\n"
                            "  store_output %10, %0 base=1 write_mask=3\n"
                            "  store_output %9, %0 base=2 write_mask=1\n"
                            "}\n",
                            4);
   static const double x[4] = { 0.1, -2.5, 1e300, 3.0 };
   static const double y[4] = { 0.2, 4.0, 1e300, -3.0 };
   for (unsigned l = 0; l < 4; l++) {
      uint64_t ux, uy;
      memcpy(&ux, &x[l], 8);
      memcpy(&uy, &y[l], 8);
      *fx_in(f, 0, 0, l) = (uint32_t)ux;
      *fx_in(f, 0, 1, l) = (uint32_t)(ux >> 32);
      *fx_in(f, 0, 2, l) = (uint32_t)uy;
      *fx_in(f, 0, 3, l) = (uint32_t)(uy >> 32);
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      uint64_t sum = *fx_out(f, 0, 0, l) | (uint64_t)*fx_out(f, 0, 1, l) << 32;
      uint64_t prod = *fx_out(f, 0, 2, l) | (uint64_t)*fx_out(f, 0, 3, l) << 32;
      double s = x[l] + y[l], p = x[l] * y[l];
      uint64_t es, ep;
      memcpy(&es, &s, 8);
      memcpy(&ep, &p, 8);
      assert_true(sum == es);
      assert_true(prod == ep);
      assert_int_equal(*fx_out(f, 1, 0, l), ir_test_fbits((float)s));
      assert_true(fx_out_f(f, 1, 1, l) == (x[l] < y[l] ? 1.0f : 0.0f));
      double e = fma((double)(float)s, x[l], y[l]);
      uint64_t ee, got = *fx_out(f, 2, 0, l) | (uint64_t)*fx_out(f, 2, 1, l)
                                                  << 32;
      memcpy(&ee, &e, 8);
      assert_true(got == ee);
   }
   fx_destroy(f);
}

static void
arith_16bit_and_undef(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = load_input %0\n"
                            "  %2:16 = f2f %1\n"
                            "  %3:16 = fadd %2, %2\n"
                            "  %4:32 = f2f %3\n"
                            "  %5:16 = load_input %0 base=1\n"
                            "  %6:32 = u2u %5\n"
                            "  %7:32 = undef\n"
                            "  %8:32x3 = vec3 %4, %6, %7\n"
                            "  store_output %8, %0 write_mask=7\n"
                            "}\n",
                            4);
   static const float x[4] = { 1.0f, 0.1f, 70000.0f, -2.5f };
   for (unsigned l = 0; l < 4; l++) {
      fx_set_f(f, 0, 0, l, x[l]);
      *fx_in(f, 1, 0, l) = 0xabcd0000u | l;
   }
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xf, 0);
   assert_true(fx_out_f(f, 0, 0, 0) == 2.0f);
   /* 0.1 -> half 0x2e66 = 0.0999755859375, doubled exactly. */
   assert_true(fx_out_f(f, 0, 0, 1) == 0.199951171875f);
   assert_true(isinf(fx_out_f(f, 0, 0, 2)));
   assert_true(fx_out_f(f, 0, 0, 3) == -5.0f);
   for (unsigned l = 0; l < 4; l++) {
      /* 16-bit inputs are the low half of the word. */
      assert_int_equal(*fx_out(f, 0, 1, l), l);
      assert_int_equal(*fx_out(f, 0, 2, l), 0);
   }
   fx_destroy(f);
}

/* ---------------------------------------------------------------------- */
/* Control flow                                                           */
/* ---------------------------------------------------------------------- */

static void
if_divergent_phi(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32x2 = load_input %0\n"
                            "    %2:32 = fmul %1.x, %1.y\n"
                            "    %3:1 = flt %2, %1.x\n"
                            "  if %3 {\n"
                            "    b1:\n"
                            "      %4:32 = fadd %2, %1.x\n"
                            "  } else {\n"
                            "    b2:\n"
                            "      %5:32 = fsub %2, %1.y\n"
                            "  }\n"
                            "  b3:\n"
                            "    %6:32 = phi b1: %4, b2: %5\n"
                            "    store_output %6, %0 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++) {
      fx_set_f(f, 0, 0, l, (float)l - 3.0f);
      fx_set_f(f, 0, 1, l, 0.5f * (float)l);
   }
   fx_run(f, 0xff, 0);
   for (unsigned l = 0; l < 8; l++) {
      float x = (float)l - 3.0f, y = 0.5f * (float)l, m = x * y;
      float e = m < x ? m + x : m - y;
      assert_true(fx_out_f(f, 0, 0, l) == e);
   }
   fx_destroy(f);
}

static const char *const nested_if_text =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x2 = load_input %0\n"
   "    %2:1 = ilt %1.x, %0\n"
   "    %10:32 = load_const 10\n"
   "    %11:32 = load_const 11\n"
   "    %12:32 = load_const 12\n"
   "  if %2 {\n"
   "    b1:\n"
   "      %3:1 = ilt %1.y, %0\n"
   "    if %3 {\n"
   "      b2:\n"
   "        store_output %10, %0 base=1 write_mask=1\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %4:32 = phi b2: %10, b3: %11\n"
   "  } else {\n"
   "    b5:\n"
   "  }\n"
   "  b6:\n"
   "    %5:32 = phi b4: %4, b5: %12\n"
   "    store_output %5, %0 write_mask=1\n"
   "}\n";

static void
if_nested(void **state)
{
   (void)state;
   struct fx *f = fx_create(nested_if_text, 4);
   static const int32_t x[4] = { -1, -1, 1, 1 };
   static const int32_t y[4] = { -1, 1, -1, 1 };
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = (uint32_t)x[l];
      *fx_in(f, 0, 1, l) = (uint32_t)y[l];
   }
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xf, 0);
   static const uint32_t expect[4] = { 10, 11, 12, 12 };
   static const uint32_t stored[4] = { 10, 0xdeadbeef, 0xdeadbeef, 0xdeadbeef };
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), expect[l]);
      assert_int_equal(*fx_out(f, 1, 0, l), stored[l]);
   }
   fx_destroy(f);
}

static void
if_uniform_skips_side(void **state)
{
   (void)state;
   struct fx *f = fx_create(nested_if_text, 8);
   /* Every lane takes the outer else side: the store in the then side
    * must not happen, and lanes outside active_mask are untouched. */
   for (unsigned l = 0; l < 8; l++) {
      *fx_in(f, 0, 0, l) = 5;
      *fx_in(f, 0, 1, l) = (uint32_t)-1;
   }
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0x0f, 0);
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), l < 4 ? 12 : 0xdeadbeef);
      assert_int_equal(*fx_out(f, 1, 0, l), 0xdeadbeef);
   }
   fx_destroy(f);
}

/* sum = 1 + 2 + ... + n, i = n, per lane n. */

static const char *const trip_count_text =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_input %0\n"
   "    %2:32 = load_const 1\n"
   "  loop {\n"
   "    b1:\n"
   "      %3:32 = phi b0: %0, b4: %6\n"
   "      %4:32 = phi b0: %0, b4: %7\n"
   "      %5:1 = ige %3, %1\n"
   "    if %5 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %6:32 = iadd %3, %2\n"
   "      %7:32 = iadd %4, %6\n"
   "  }\n"
   "  b5:\n"
   "    store_output %4, %0 write_mask=1\n"
   "    store_output %3, %0 base=1 write_mask=1\n"
   "}\n";

static void
loop_per_lane_trip_count(void **state)
{
   (void)state;
   struct fx *f = fx_create(trip_count_text, 16);
   for (unsigned l = 0; l < 16; l++)
      *fx_in(f, 0, 0, l) = l == 15 ? (uint32_t)-3 : l * 3 % 11;
   fx_run(f, 0xffff, 0);
   for (unsigned l = 0; l < 16; l++) {
      int n = l == 15 ? -3 : (int)(l * 3 % 11);
      int i = n > 0 ? n : 0;
      assert_int_equal(*fx_out(f, 0, 0, l), (uint32_t)(i * (i + 1) / 2));
      assert_int_equal(*fx_out(f, 1, 0, l), (uint32_t)i);
   }
   fx_destroy(f);
}

static void
loop_continue(void **state)
{
   (void)state;
   /* Sum of the even i below n; odd i continue early. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:32 = phi b0: %0, b5: %6, b7: %6\n"
                            "      %4:32 = phi b0: %0, b5: %4, b7: %9\n"
                            "      %5:1 = ige %3, %1\n"
                            "    if %5 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "      %6:32 = iadd %3, %2\n"
                            "      %7:32 = iand %3, %2\n"
                            "      %8:1 = ine %7, %0\n"
                            "    if %8 {\n"
                            "      b5:\n"
                            "        continue\n"
                            "    } else {\n"
                            "      b6:\n"
                            "    }\n"
                            "    b7:\n"
                            "      %9:32 = iadd %4, %3\n"
                            "  }\n"
                            "  b8:\n"
                            "    store_output %4, %0 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      *fx_in(f, 0, 0, l) = l * 2 + 1;
   fx_run(f, 0xff, 0);
   for (unsigned l = 0; l < 8; l++) {
      uint32_t n = l * 2 + 1, sum = 0;
      for (uint32_t i = 0; i < n; i += 2)
         sum += i;
      assert_int_equal(*fx_out(f, 0, 0, l), sum);
   }
   fx_destroy(f);
}

static void
loop_value_escapes(void **state)
{
   (void)state;
   /* %4 and %9 are computed in every iteration and read after the loop:
    * lanes that broke early must keep their last value, even though the
    * derivative %9 would change for them while their neighbours go on. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:32 = phi b0: %0, b4: %6\n"
                            "      %4:32 = imul %3, %3\n"
                            "      %8:32 = u2f %3\n"
                            "      %9:32 = ddx_fine %8\n"
                            "      %5:1 = ige %3, %1\n"
                            "    if %5 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "      %6:32 = iadd %3, %2\n"
                            "  }\n"
                            "  b5:\n"
                            "    %7:32 = iadd %4, %2\n"
                            "    %10:32x2 = vec2 %7, %9\n"
                            "    store_output %10, %0 write_mask=3\n"
                            "}\n",
                            8);
   static const uint32_t n[8] = { 1, 3, 1, 3, 7, 6, 5, 4 };
   for (unsigned l = 0; l < 8; l++)
      *fx_in(f, 0, 0, l) = n[l];
   fx_run(f, 0xff, 0);
   /* ddx_fine when each lane left: quad 0 lanes 0 and 2 left with i = 1
    * everywhere (0); lanes 1 and 3 at i = 3 next to a stopped 1 (2). */
   static const float ddx[8] = { 0, 2, 0, 2, -1, -1, -1, -1 };
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), n[l] * n[l] + 1);
      if (l < 4)
         assert_true(fx_out_f(f, 0, 1, l) == ddx[l]);
   }
   fx_destroy(f);
}

static void
loop_nested(void **state)
{
   (void)state;
   /* count = sum over i < n of i (inner loop j < i). */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:32 = phi b0: %0, b8: %12\n"
                            "      %4:32 = phi b0: %0, b8: %8\n"
                            "      %5:1 = ige %3, %1\n"
                            "    if %5 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "    loop {\n"
                            "      b5:\n"
                            "        %6:32 = phi b4: %0, b9: %10\n"
                            "        %7:32 = phi b4: %4, b9: %11\n"
                            "        %9:1 = ige %6, %3\n"
                            "      if %9 {\n"
                            "        b6:\n"
                            "          break\n"
                            "      } else {\n"
                            "        b7:\n"
                            "      }\n"
                            "      b9:\n"
                            "        %10:32 = iadd %6, %2\n"
                            "        %11:32 = iadd %7, %2\n"
                            "    }\n"
                            "    b8:\n"
                            "      %8:32 = iadd %7, %0\n"
                            "      %12:32 = iadd %3, %2\n"
                            "  }\n"
                            "  b10:\n"
                            "    store_output %4, %0 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      *fx_in(f, 0, 0, l) = (l * 5) % 8;
   fx_run(f, 0xff, 0);
   for (unsigned l = 0; l < 8; l++) {
      uint32_t n = (l * 5) % 8;
      assert_int_equal(*fx_out(f, 0, 0, l), n * (n - 1) / 2 * (n > 0));
   }
   fx_destroy(f);
}

static void
loop_phi_swap(void **state)
{
   (void)state;
   /* a, b = b, a in each iteration: the phis read each other. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32x3 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "    %9:32 = mov %1.y\n"
                            "    %10:32 = mov %1.z\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:32 = phi b0: %9, b4: %4\n"
                            "      %4:32 = phi b0: %10, b4: %3\n"
                            "      %5:32 = phi b0: %0, b4: %7\n"
                            "      %6:1 = ige %5, %1.x\n"
                            "    if %6 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "      %7:32 = iadd %5, %2\n"
                            "  }\n"
                            "  b5:\n"
                            "    %8:32x2 = vec2 %3, %4\n"
                            "    store_output %8, %0 write_mask=3\n"
                            "}\n",
                            4);
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = l;
      *fx_in(f, 0, 1, l) = 100 + l;
      *fx_in(f, 0, 2, l) = 200 + l;
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      bool odd = l & 1;
      assert_int_equal(*fx_out(f, 0, 0, l), odd ? 200 + l : 100 + l);
      assert_int_equal(*fx_out(f, 0, 1, l), odd ? 100 + l : 200 + l);
   }
   fx_destroy(f);
}

static void
return_some_lanes(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:1 = flt %1, %0\n"
                            "    %3:32 = load_const 1.0\n"
                            "    %4:32 = load_const 2.0\n"
                            "  if %2 {\n"
                            "    b1:\n"
                            "      store_output %3, %0 write_mask=1\n"
                            "      return\n"
                            "  } else {\n"
                            "    b2:\n"
                            "  }\n"
                            "  b3:\n"
                            "    store_output %4, %0 write_mask=1\n"
                            "    store_output %4, %0 base=1 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      fx_set_f(f, 0, 0, l, (l % 3) ? 1.0f : -1.0f);
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xff, 0);
   for (unsigned l = 0; l < 8; l++) {
      bool ret = !(l % 3);
      assert_true(fx_out_f(f, 0, 0, l) == (ret ? 1.0f : 2.0f));
      assert_int_equal(*fx_out(f, 1, 0, l),
                       ret ? 0xdeadbeef : ir_test_fbits(2.0f));
   }
   assert_int_equal(ir_exec_killed_mask(f->st), 0);
   fx_destroy(f);
}

static void
return_in_loop(void **state)
{
   (void)state;
   /* i counts up; lanes return when i reaches n, the rest leave at 10. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "    %3:32 = load_const 10\n"
                            "    %4:32 = load_const 99\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %5:32 = phi b0: %0, b6: %6\n"
                            "      %6:32 = iadd %5, %2\n"
                            "      %7:1 = ieq %6, %1\n"
                            "    if %7 {\n"
                            "      b2:\n"
                            "        store_output %6, %0 write_mask=1\n"
                            "        return\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "      %8:1 = ige %6, %3\n"
                            "    if %8 {\n"
                            "      b5:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b7:\n"
                            "    }\n"
                            "    b6:\n"
                            "  }\n"
                            "  b8:\n"
                            "    store_output %4, %0 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      *fx_in(f, 0, 0, l) = l * 2 + 1;
   fx_run(f, 0xff, 0);
   for (unsigned l = 0; l < 8; l++) {
      uint32_t n = l * 2 + 1;
      assert_int_equal(*fx_out(f, 0, 0, l), n <= 10 ? n : 99);
   }
   fx_destroy(f);
}

/* ---------------------------------------------------------------------- */
/* Float modes                                                            */
/* ---------------------------------------------------------------------- */

static const char *const f2f16_body = "fn main {\n"
                                      "  %0:32 = load_const 0\n"
                                      "  %1:32 = load_input %0\n"
                                      "  %2:16 = f2f %1\n"
                                      "  %3:16 = f2f16_rtz %1\n"
                                      "  %4:16 = f2f16_rtne %1\n"
                                      "  %5:32 = u2u %2\n"
                                      "  %6:32 = u2u %3\n"
                                      "  %7:32 = u2u %4\n"
                                      "  %8:32x3 = vec3 %5, %6, %7\n"
                                      "  store_output %8, %0 write_mask=7\n"
                                      "}\n";

static void
check_f2f16(const char *info, bool default_rtz)
{
   char text[1024];
   snprintf(text, sizeof(text), "shader fragment\n%s%s", info, f2f16_body);
   struct fx *f = fx_create(text, 8);
   static const float x[6] = { 1.0f + 0.75f / 1024.0f,
                               -(1.0f + 0.75f / 1024.0f),
                               1.0f + 0.25f / 1024.0f,
                               65519.0f,
                               65520.0f,
                               1e6f };
   static const uint32_t rtne[6] = { 0x3c01, 0xbc01, 0x3c00,
                                     0x7bff, 0x7c00, 0x7c00 };
   static const uint32_t rtz[6] = { 0x3c00, 0xbc00, 0x3c00,
                                    0x7bff, 0x7bff, 0x7bff };
   for (unsigned l = 0; l < 6; l++)
      fx_set_f(f, 0, 0, l, x[l]);
   fx_run(f, 0x3f, 0);
   for (unsigned l = 0; l < 6; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), default_rtz ? rtz[l] : rtne[l]);
      assert_int_equal(*fx_out(f, 0, 1, l), rtz[l]);
      assert_int_equal(*fx_out(f, 0, 2, l), rtne[l]);
   }
   fx_destroy(f);
}

static void
rounding_f2f16(void **state)
{
   (void)state;
   check_f2f16("", false);
   check_f2f16("info round_mode=rtz\n", true);
}

static void
rounding_mode_rtz(void **state)
{
   (void)state;
   static const char *const body = "fn main {\n"
                                   "  %0:32 = load_const 0\n"
                                   "  %1:32x2 = load_input %0\n"
                                   "  %2:32 = fadd %1.x, %1.y\n"
                                   "  %3:32 = fmul %1.x, %1.x\n"
                                   "  %4:32x2 = vec2 %2, %3\n"
                                   "  store_output %4, %0 write_mask=3\n"
                                   "}\n";
   char text[512];
   for (unsigned mode = 0; mode < 2; mode++) {
      snprintf(text, sizeof(text), "shader fragment\n%s%s",
               mode ? "info round_mode=rtz\n" : "", body);
      struct fx *f = fx_create(text, 4);
      static const float x[2] = { 1.0f, -1.0f };
      float tiny = ldexpf(1.5f, -24);
      for (unsigned l = 0; l < 2; l++) {
         fx_set_f(f, 0, 0, l, x[l]);
         fx_set_f(f, 0, 1, l, x[l] * tiny);
      }
      fx_set_f(f, 0, 0, 2, 1.0f + ldexpf(1.0f, -23));
      fx_set_f(f, 0, 1, 2, 0.0f);
      fx_run(f, 0x7, 0);
      assert_int_equal(fegetround(), FE_TONEAREST);
      float up = 1.0f + ldexpf(1.0f, -23);
      assert_true(fx_out_f(f, 0, 0, 0) == (mode ? 1.0f : up));
      assert_true(fx_out_f(f, 0, 0, 1) == (mode ? -1.0f : -up));
      /* (1 + 2^-23)^2 = 1 + 2^-22 + 2^-46 rounds up only to nearest. */
      float sq = fx_out_f(f, 0, 1, 2);
      assert_true(sq ==
                  (mode ? 1.0f + ldexpf(1.0f, -22) : 1.0f + ldexpf(1.0f, -22)));
      fx_destroy(f);
   }
}

static void
denorm_flush(void **state)
{
   (void)state;
   static const char *const body = "fn main {\n"
                                   "  %0:32 = load_const 0\n"
                                   "  %1:32x2 = load_input %0\n"
                                   "  %2:32 = fmul %1.x, %1.y\n"
                                   "  %3:16 = f2f %1.x\n"
                                   "  %4:32 = u2u %3\n"
                                   "  %5:32 = fadd %1.y, %0\n"
                                   "  %6:32x3 = vec3 %2, %4, %5\n"
                                   "  store_output %6, %0 write_mask=7\n"
                                   "}\n";
   char text[512];
   for (unsigned mode = 0; mode < 2; mode++) {
      snprintf(text, sizeof(text), "shader fragment\n%s%s",
               mode ? "info denorm=flush\n" : "", body);
      struct fx *f = fx_create(text, 4);
      static const float x[2] = { 1e-5f, -1e-20f };
      static const float y[2] = { 1e-35f, 1e-20f };
      for (unsigned l = 0; l < 2; l++) {
         fx_set_f(f, 0, 0, l, x[l]);
         fx_set_f(f, 0, 1, l, y[l]);
      }
      fx_set_f(f, 0, 1, 2, ldexpf(1.0f, -130));
      fx_run(f, 0x7, 0);
      if (mode) {
         assert_int_equal(*fx_out(f, 0, 0, 0), 0x00000000u);
         assert_int_equal(*fx_out(f, 0, 0, 1), 0x80000000u);
         /* 1e-5 is a half denormal. */
         assert_int_equal(*fx_out(f, 0, 1, 0), 0x0000);
         /* A denormal input is kept, the denormal result flushed. */
         assert_int_equal(*fx_out(f, 0, 2, 2), 0);
      } else {
         assert_int_equal(*fx_out(f, 0, 0, 0), ir_test_fbits(1e-5f * 1e-35f));
         assert_int_equal(*fx_out(f, 0, 0, 1), ir_test_fbits(-1e-20f * 1e-20f));
         assert_true(fx_out_f(f, 0, 0, 0) != 0.0f);
         assert_int_equal(*fx_out(f, 0, 1, 0), 0x00a8);
         assert_true(fx_out_f(f, 0, 2, 2) == ldexpf(1.0f, -130));
      }
      fx_destroy(f);
   }
}

/* ---------------------------------------------------------------------- */
/* States, widths, limits, errors                                         */
/* ---------------------------------------------------------------------- */

static void
widths_and_partial_masks(void **state)
{
   (void)state;
   static const unsigned widths[5] = { 4, 12, 16, 32, 64 };
   for (unsigned w = 0; w < 5; w++) {
      struct fx *f = fx_create(trip_count_text, widths[w]);
      uint64_t active = 0xa5c3a5c3a5c3a5c3ull & fx_all(f);
      for (unsigned l = 0; l < f->width; l++)
         *fx_in(f, 0, 0, l) = (l * 7) % 13;
      fx_clear_out(f, 0xdeadbeef);
      fx_run(f, active, 0);
      for (unsigned l = 0; l < f->width; l++) {
         uint32_t n = (l * 7) % 13;
         assert_int_equal(*fx_out(f, 0, 0, l),
                          (active >> l) & 1 ? n * (n + 1) / 2 : 0xdeadbeef);
      }
      fx_destroy(f);
   }
}

static void
states_share_a_program(void **state)
{
   (void)state;
   struct fx *f = fx_create(trip_count_text, 4);
   struct ir_exec_state *wide = ir_exec_state_create(f->prog, 16);
   assert_non_null(wide);
   assert_null(ir_exec_state_create(f->prog, 6));
   assert_null(ir_exec_state_create(f->prog, 0));
   assert_null(ir_exec_state_create(f->prog, 68));
   uint32_t in[4 * 16] = { 0 }, out[4 * 16] = { 0 };
   for (unsigned l = 0; l < 16; l++)
      in[l] = l;
   struct ir_exec_io io = {
      .inputs = in,
      .num_input_slots = 1,
      .outputs = out,
      .num_output_slots = 1,
   };
   ir_exec_state_set_io(wide, &io);
   for (unsigned l = 0; l < 4; l++)
      *fx_in(f, 0, 0, l) = 3;
   fx_run(f, 0xf, 0);
   assert_true(ir_exec_run(wide, 0xffff, 0));
   for (unsigned l = 0; l < 16; l++)
      assert_int_equal(out[l], l * (l + 1) / 2);
   for (unsigned l = 0; l < 4; l++)
      assert_int_equal(*fx_out(f, 0, 0, l), 6);
   ir_exec_state_destroy(wide);
   fx_destroy(f);
}

static void
loop_limit(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "  loop {\n"
                            "    b1:\n"
                            "  }\n"
                            "  b2:\n"
                            "    store_output %0, %0 write_mask=1\n"
                            "}\n",
                            4);
   ir_exec_state_set_loop_limit(f->st, 100);
   assert_false(ir_exec_run(f->st, 0xf, 0));
   fx_destroy(f);
}

static void
unsupported_shaders(void **state)
{
   (void)state;
   char *error = NULL;
   struct fx *f;
   f = fx_create_or_error("shader fragment\n"
                          "var shader_in vec4 @color location=1\n"
                          "fn main {\n"
                          "  %0:32 = deref_var @color\n"
                          "  %1:32x4 = load_deref %0\n"
                          "}\n",
                          4, &error);
   assert_null(f->prog);
   assert_non_null(error);
   assert_non_null(strstr(error, "@color"));
   fx_destroy(f);
}

/* What the geometry callbacks saw: per call, the lanes and each emitting
 * lane's output 0.x at that moment. */
struct gs_log {
   struct fx *f;
   unsigned calls;
   char kind[16];
   uint64_t lanes[16];
   float value[16][4];
};

static void
gs_emit(void *data, unsigned stream, uint64_t lanes)
{
   struct gs_log *log = data;
   assert_int_equal(stream, 0);
   assert_true(log->calls < 16);
   log->kind[log->calls] = 'v';
   log->lanes[log->calls] = lanes;
   for (unsigned l = 0; l < 4; l++)
      log->value[log->calls][l] = fx_out_f(log->f, 0, 0, l);
   log->calls++;
}

static void
gs_end(void *data, unsigned stream, uint64_t lanes)
{
   struct gs_log *log = data;
   assert_true(log->calls < 16);
   log->kind[log->calls] = 'p';
   log->lanes[log->calls++] = lanes;
}

static void
geometry_emit_callbacks(void **state)
{
   (void)state;
   /* Lane l emits l vertices with x = 0, 1, ... then ends its strip. */
   struct fx *f = fx_create("shader geometry\n"
                            "info input_prim=points output_prim=points "
                            "max_vertices=4\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:32 = phi b0: %0, b4: %6\n"
                            "      %4:1 = ige %3, %1\n"
                            "    if %4 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "      %5:32 = i2f %3\n"
                            "      store_output %5, %0 write_mask=1\n"
                            "      emit_vertex\n"
                            "      %6:32 = iadd %3, %2\n"
                            "  }\n"
                            "  b5:\n"
                            "    end_primitive\n"
                            "}\n",
                            4);
   struct gs_log log = { .f = f };
   for (unsigned l = 0; l < 4; l++)
      *fx_in(f, 0, 0, l) = l;
   f->io.emit_vertex = gs_emit;
   f->io.end_primitive = gs_end;
   f->io.gs_data = &log;
   fx_run(f, 0xf, 0);
   /* Vertex 0 by lanes 1-3, vertex 1 by lanes 2-3, vertex 2 by lane 3,
    * then one end_primitive for all four lanes. */
   assert_int_equal(log.calls, 4);
   assert_int_equal(log.kind[0], 'v');
   assert_int_equal(log.lanes[0], 0xe);
   assert_true(log.value[0][1] == 0.0f && log.value[0][3] == 0.0f);
   assert_int_equal(log.lanes[1], 0xc);
   assert_true(log.value[1][2] == 1.0f && log.value[1][3] == 1.0f);
   assert_int_equal(log.lanes[2], 0x8);
   assert_true(log.value[2][3] == 2.0f);
   assert_int_equal(log.kind[3], 'p');
   assert_int_equal(log.lanes[3], 0xf);
   fx_destroy(f);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(arith_float),
      cmocka_unit_test(arith_swizzle_dot),
      cmocka_unit_test(arith_integer),
      cmocka_unit_test(arith_conversions),
      cmocka_unit_test(arith_compare_select),
      cmocka_unit_test(arith_64bit),
      cmocka_unit_test(arith_16bit_and_undef),
      cmocka_unit_test(if_divergent_phi),
      cmocka_unit_test(if_nested),
      cmocka_unit_test(if_uniform_skips_side),
      cmocka_unit_test(loop_per_lane_trip_count),
      cmocka_unit_test(loop_continue),
      cmocka_unit_test(loop_value_escapes),
      cmocka_unit_test(loop_nested),
      cmocka_unit_test(loop_phi_swap),
      cmocka_unit_test(return_some_lanes),
      cmocka_unit_test(return_in_loop),
      cmocka_unit_test(rounding_f2f16),
      cmocka_unit_test(rounding_mode_rtz),
      cmocka_unit_test(denorm_flush),
      cmocka_unit_test(widths_and_partial_masks),
      cmocka_unit_test(states_share_a_program),
      cmocka_unit_test(loop_limit),
      cmocka_unit_test(unsupported_shaders),
      cmocka_unit_test(geometry_emit_callbacks),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
