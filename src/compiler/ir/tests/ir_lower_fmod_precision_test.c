/* SPDX-License-Identifier: MIT */

/*
 * Accuracy of ir_lower_alu()'s fmod lowering, in the interpreter, in
 * float32, on six pairs whose inputs (rounded to float32) are:
 *   mod(-1.951171875, 1.998046875)    mod(121.57, 13.29)
 *   mod(3769.12, 321.99)              mod(3769.12, 1321.99)
 *   mod(-987654.125, 123456.984375)   mod(987654.125, 123456.984375)
 *
 * The exact result is x - y * floor(x / y) computed in double from the
 * same float32 x and y: for these pairs x / y is not within double
 * rounding of an integer (checked below), y * floor(x / y) has at most
 * 24 + 4 significant bits and x - y * floor(x / y) is then exact in
 * double.
 *
 *  - Fused form (has_ffma): ffma(-y, floor(x / y), x).  floor(x / y) is
 *    right for these pairs (float32 x / y does not round across an
 *    integer), so the ffma computes the exact value with one rounding:
 *    it must equal the exact result rounded to float32, for all six.
 *  - Unfused form: fsub(x, fmul(y, floor(x / y))), one rounding per
 *    operation.  It must equal that expression evaluated in C with the
 *    same float32 roundings, x - fl(y * f) with f = floor(fl(x / y)), and
 *    be within half an ulp of the exact (double) value of x - fl(y * f):
 *    only the product's rounding separates it from the exact result.
 *  - For comparison, the form y * fract(x / y) (run in the interpreter
 *    too) is printed as a TAP diagnostic with its error against the exact
 *    result: fract keeps the rounding error of x / y, scaled by y; for
 *    the last two pairs it is about 0.016.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "ir_lower_test_util.h"

#define NUM_PAIRS 6

static const double pairs[NUM_PAIRS][2] = {
   { -1.951171875, 1.998046875 },
   { 121.57, 13.29 },
   { 3769.12, 321.99 },
   { 3769.12, 1321.99 },
   { -987654.125, 123456.984375 },
   { 987654.125, 123456.984375 },
};

static const char fmod_shader[] = "shader fragment\n"
                                  "fn main {\n"
                                  "  b0:\n"
                                  "    %0:32 = load_const 0\n"
                                  "    %1:32x2 = load_input %0\n"
                                  "    %2:32 = fmod %1.x, %1.y\n"
                                  "    store_output %2, %0 write_mask=1\n"
                                  "}\n";

/* y * fract(x / y), the form the lowering avoids. */
static const char fract_shader[] = "shader fragment\n"
                                   "fn main {\n"
                                   "  b0:\n"
                                   "    %0:32 = load_const 0\n"
                                   "    %1:32x2 = load_input %0\n"
                                   "    %2:32 = fdiv %1.x, %1.y\n"
                                   "    %3:32 = ffract %2\n"
                                   "    %4:32 = fmul %1.y, %3\n"
                                   "    store_output %4, %0 write_mask=1\n"
                                   "}\n";

static float
in_x(unsigned i)
{
   return (float)pairs[i][0];
}

static float
in_y(unsigned i)
{
   return (float)pairs[i][1];
}

/* The exact mod of the float32 inputs of pair @p i. */
static double
exact_mod(unsigned i)
{
   double x = in_x(i), y = in_y(i);
   double q = x / y;
   /* Not within double rounding of an integer, so floor(q) is right. */
   assert_true(fabs(q - nearbyint(q)) > 1e-9);
   return x - y * floor(q);
}

/* Runs @p text (lowered with @p o if not NULL) on the six pairs, one per
 * lane. */
static void
run_pairs(const char *text, const struct ir_compiler_options *o,
          float out[NUM_PAIRS])
{
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = ir_test_parse_valid(mem, text, __FILE__, __LINE__);
   if (o) {
      assert_true(ir_lower_alu(s, o));
      IR_ASSERT_VALID(s, NULL);
   }
   struct lt_runner *r = LT_RUNNER(s);
   for (unsigned i = 0; i < NUM_PAIRS; i++) {
      r->in[lt_word(0, 0, i)] = ir_test_fbits(in_x(i));
      r->in[lt_word(0, 1, i)] = ir_test_fbits(in_y(i));
   }
   LT_RUN(r, 8);
   for (unsigned i = 0; i < NUM_PAIRS; i++)
      out[i] = ir_test_bitsf(r->out[lt_word(0, 0, i)]);
   lt_runner_destroy(r);
   u_arena_destroy(mem);
}

/* Half an ulp of @p v (float32). */
static double
half_ulp(float v)
{
   float a = fabsf(v);
   return 0.5 * ((double)nextafterf(a, INFINITY) - (double)a);
}

static void
fused_is_correctly_rounded(void **state)
{
   (void)state;
   struct ir_compiler_options o = { .lower_fmod = true, .has_ffma = true };
   float fused[NUM_PAIRS];
   run_pairs(fmod_shader, &o, fused);
   for (unsigned i = 0; i < NUM_PAIRS; i++) {
      double exact = exact_mod(i);
      printf("# mod(%.9g, %.9g): fused %.9g, exact %.17g\n", in_x(i), in_y(i),
             fused[i], exact);
      assert_true(ir_test_fbits(fused[i]) == ir_test_fbits((float)exact));
   }
   fflush(stdout);
}

static void
unfused_rounds_once_per_operation(void **state)
{
   (void)state;
   struct ir_compiler_options o = { .lower_fmod = true };
   float unfused[NUM_PAIRS];
   run_pairs(fmod_shader, &o, unfused);
   for (unsigned i = 0; i < NUM_PAIRS; i++) {
      volatile float x = in_x(i), y = in_y(i);
      volatile float q = x / y;
      volatile float f = floorf(q);
      volatile float p = y * f;
      volatile float want = x - p;
      /* The exact value of x - fl(y * f). */
      double value = (double)x - (double)p;
      printf("# mod(%.9g, %.9g): unfused %.9g, x - fl(y * floor) %.17g, "
             "exact %.17g\n",
             (float)x, (float)y, unfused[i], value, exact_mod(i));
      assert_true(ir_test_fbits(unfused[i]) == ir_test_fbits(want));
      assert_true(fabs((double)unfused[i] - value) <= half_ulp(unfused[i]));
   }
   fflush(stdout);
}

static void
fract_form_error(void **state)
{
   (void)state;
   float fr[NUM_PAIRS];
   run_pairs(fract_shader, NULL, fr);
   for (unsigned i = 0; i < NUM_PAIRS; i++) {
      double err = (double)fr[i] - exact_mod(i);
      printf("# mod(%.9g, %.9g): y * fract(x / y) = %.9g, error %.9g\n",
             in_x(i), in_y(i), fr[i], err);
      /* The reason the lowering avoids this form. */
      if (i >= 4)
         assert_true(fabs(err) > 0.015);
   }
   fflush(stdout);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(fused_is_correctly_rounded),
      cmocka_unit_test(unfused_rounds_once_per_operation),
      cmocka_unit_test(fract_form_error),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
