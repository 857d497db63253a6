/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_algebraic(): the matcher and the rewriter.
 *
 * Hand-written cases: exactness (exact instructions,
 * preserve_float_specials, -0.0 versus 0.0), swizzle composition,
 * commutative matching, bit sizes, denormal flushing, fixed points, the
 * statistics interface.  Each runs the pass twice (progress, then none),
 * validates and compares the printed IR.
 *
 * Every rule of the table is also run on its own pattern, in the
 * interpreter, by ir_algebraic_rules_test.c; the golden files
 * tests/golden/algebraic-*.ir run through indium-ir --golden.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>

#include "compiler/ir/ir_passes_algebraic.h"
#include "compiler/ir/tests/ir_opt_test_helpers.h"

#define HEAD           \
   "shader fragment\n" \
   "fn main {\n"       \
   "  b0:\n"           \
   "    %0:32 = load_const 0\n"
#define HEAD_FLUSH       \
   "shader fragment\n"   \
   "info denorm=flush\n" \
   "fn main {\n"         \
   "  b0:\n"             \
   "    %0:32 = load_const 0\n"

static bool
algebraic(struct ir_shader *s)
{
   return ir_opt_algebraic(s);
}

static bool
algebraic_preserve(struct ir_shader *s)
{
   struct ir_algebraic_options o = { .preserve_float_specials = true };
   return ir_opt_algebraic_with_options(s, &o);
}

#define CHECK(input, expected)                        \
   do {                                               \
      struct u_arena *mem = u_arena_create(NULL);     \
      OPT_CHECK(mem, algebraic, (input), (expected)); \
      u_arena_destroy(mem);                           \
   } while (0)
#define CHECK_NO_PROGRESS(pass, input)             \
   do {                                            \
      struct u_arena *mem = u_arena_create(NULL);  \
      OPT_CHECK_NO_PROGRESS(mem, (pass), (input)); \
      u_arena_destroy(mem);                        \
   } while (0)

/* x + -0.0 is x exactly, so it applies to exact instructions too. */
static void
add_neg_zero_is_exact(void **state)
{
   CHECK(HEAD "    %1:32x4 = load_input %0\n"
              "    %2:32 = load_const -0.0\n"
              "    %3:32x4 = exact fadd %2.xxxx, %1\n"
              "    store_output %3, %0 write_mask=15\n"
              "}\n",
         HEAD "    %1:32x4 = load_input %0\n"
              "    %2:32 = load_const -0.0\n"
              "    %3:32x4 = exact fadd %2.xxxx, %1\n"
              "    store_output %1, %0 write_mask=15\n"
              "}\n");
}

/* x + 0.0 is not x for x = -0.0: only when inexact rules may apply. */
static void
add_pos_zero_is_inexact(void **state)
{
   const char *plain = HEAD "    %1:32x4 = load_input %0\n"
                            "    %2:32 = load_const 0.0\n"
                            "    %3:32x4 = fadd %1, %2.xxxx\n"
                            "    store_output %3, %0 write_mask=15\n"
                            "}\n";
   CHECK(plain, HEAD "    %1:32x4 = load_input %0\n"
                     "    %2:32 = load_const 0\n"
                     "    %3:32x4 = fadd %1, %2.xxxx\n"
                     "    store_output %1, %0 write_mask=15\n"
                     "}\n");
   CHECK_NO_PROGRESS(algebraic_preserve, plain);
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32x4 = load_input %0\n"
                                     "    %2:32 = load_const 0.0\n"
                                     "    %3:32x4 = exact fadd %1, %2.xxxx\n"
                                     "    store_output %3, %0 write_mask=15\n"
                                     "}\n");
}

/* An inexact rule must not apply through an exact inner instruction. */
static void
exact_inner_blocks_inexact_rule(void **state)
{
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32 = load_input %0\n"
                                     "    %2:32 = load_const 0.0\n"
                                     "    %3:32 = load_const 1.0\n"
                                     "    %4:32 = exact fmax %1, %2\n"
                                     "    %5:32 = fmin %4, %3\n"
                                     "    store_output %5, %0\n"
                                     "}\n");
   CHECK(HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = load_const 0.0\n"
              "    %3:32 = load_const 1.0\n"
              "    %4:32 = fmax %1, %2\n"
              "    %5:32 = fmin %4, %3\n"
              "    store_output %5, %0\n"
              "}\n",
         HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = load_const 0\n"
              "    %3:32 = load_const 1.0\n"
              "    %4:32 = fmax %1, %2\n"
              "    %5:32 = fsat %1\n"
              "    %6:32 = fmin %4, %3\n"
              "    store_output %5, %0\n"
              "}\n");
}

/* -0.0 and 0.0 are different literals, in patterns and replacements
 * (x * -0.0 gives -0.0, x * 0.0 gives 0.0 (printed 0), and -0.0 + 0.0 is
 * the 0.0 by the exact rule for x + -0.0). */
static void
signed_zero_literals(void **state)
{
   CHECK(HEAD "    %1:16x2 = load_input %0\n"
              "    %2:16 = load_const -0.0\n"
              "    %3:16 = load_const 0.0\n"
              "    %4:16x2 = fmul %1, %2.xx\n"
              "    %5:16x2 = fmul %1, %3.xx\n"
              "    %6:16x2 = fadd %4, %5\n"
              "    store_output %6, %0 write_mask=3\n"
              "}\n",
         HEAD "    %1:16x2 = load_input %0\n"
              "    %2:16 = load_const -0.0\n"
              "    %3:16 = load_const 0\n"
              "    %4:16x2 = load_const (-0.0, -0.0)\n"
              "    %5:16x2 = fmul %1, %2.xx\n"
              "    %6:16x2 = load_const (0, 0)\n"
              "    %7:16x2 = fmul %1, %3.xx\n"
              "    %8:16x2 = fadd %4, %6\n"
              "    store_output %6, %0 write_mask=3\n"
              "}\n");
}

/* Swizzles compose through nested patterns; a variable passed on with a
 * swizzle becomes a mov. */
static void
swizzles_compose(void **state)
{
   CHECK(HEAD "    %1:32x4 = load_input %0\n"
              "    %2:32x3 = fneg %1.zwx\n"
              "    %3:32x2 = fneg %2.yx\n"
              "    store_output %3, %0 write_mask=3\n"
              "}\n",
         HEAD "    %1:32x4 = load_input %0\n"
              "    %2:32x3 = fneg %1.zwx\n"
              "    %3:32x2 = mov %1.wz\n"
              "    %4:32x2 = fneg %2.yx\n"
              "    store_output %3, %0 write_mask=3\n"
              "}\n");
}

/* A variable used twice must read the same components. */
static void
repeated_variable_needs_same_swizzle(void **state)
{
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32x2 = load_input %0\n"
                                     "    %2:32x2 = isub %1, %1.yx\n"
                                     "    store_output %2, %0 write_mask=3\n"
                                     "}\n");
   CHECK(HEAD "    %1:32x2 = load_input %0\n"
              "    %2:32x2 = isub %1.yy, %1.yy\n"
              "    store_output %2, %0 write_mask=3\n"
              "}\n",
         HEAD "    %1:32x2 = load_input %0\n"
              "    %2:32x2 = load_const (0, 0)\n"
              "    %3:32x2 = isub %1.yy, %1.yy\n"
              "    store_output %2, %0 write_mask=3\n"
              "}\n");
}

/* A literal matches only if every component read equals it. */
static void
vector_constants(void **state)
{
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32x2 = load_input %0\n"
                                     "    %2:32x2 = load_const (1.0, 2.0)\n"
                                     "    %3:32x2 = fmul %1, %2\n"
                                     "    store_output %3, %0 write_mask=3\n"
                                     "}\n");
   CHECK(HEAD "    %1:32x2 = load_input %0\n"
              "    %2:32x2 = load_const (2.0, 1.0)\n"
              "    %3:32x2 = fmul %1, %2.yy\n"
              "    store_output %3, %0 write_mask=3\n"
              "}\n",
         HEAD "    %1:32x2 = load_input %0\n"
              "    %2:32x2 = load_const (2.0, 1.0)\n"
              "    %3:32x2 = fmul %1, %2.yy\n"
              "    store_output %1, %0 write_mask=3\n"
              "}\n");
}

/* Commutative opcodes match in either order (ffma: its first two). */
static void
commutative_orders(void **state)
{
   CHECK(HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = load_input %0 base=1\n"
              "    %3:32 = load_const 1.0\n"
              "    %4:32 = ffma %3, %1, %2\n"
              "    store_output %4, %0 write_mask=1\n"
              "}\n",
         HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = load_input %0 base=1\n"
              "    %3:32 = load_const 1.0\n"
              "    %4:32 = fadd %1, %2\n"
              "    %5:32 = ffma %3, %1, %2\n"
              "    store_output %4, %0 write_mask=1\n"
              "}\n");
   /* ffma's third source does not commute. */
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32 = load_input %0\n"
                                     "    %2:32 = load_input %0 base=1\n"
                                     "    %3:32 = load_const 1.0\n"
                                     "    %4:32 = ffma %1, %2, %3\n"
                                     "    store_output %4, %0 write_mask=1\n"
                                     "}\n");
}

/* Conversions to the same size fold; others only by the chain rules. */
static void
conversion_sizes(void **state)
{
   CHECK(HEAD "    %1:16 = load_input %0\n"
              "    %2:32 = u2u %1\n"
              "    %3:16 = u2u %2\n"
              "    %4:64 = i2i %1\n"
              "    %5:32 = i2i %4\n"
              "    store_output %3, %0 write_mask=1\n"
              "    store_output %5, %0 base=1 write_mask=1\n"
              "}\n",
         HEAD "    %1:16 = load_input %0\n"
              "    %2:32 = u2u %1\n"
              "    %3:16 = u2u %2\n"
              "    %4:64 = i2i %1\n"
              "    %5:32 = i2i %1\n"
              "    %6:32 = i2i %4\n"
              "    store_output %1, %0 write_mask=1\n"
              "    store_output %5, %0 base=1 write_mask=1\n"
              "}\n");
   /* Truncating first loses bits. */
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32 = load_input %0\n"
                                     "    %2:16 = u2u %1\n"
                                     "    %3:32 = u2u %2\n"
                                     "    store_output %3, %0 write_mask=1\n"
                                     "}\n");
}

/* Multiplication and division by powers of two; the shift count is
 * computed by find_lsb (constant folding finishes it). */
static void
powers_of_two(void **state)
{
   CHECK(HEAD "    %1:16x2 = load_input %0\n"
              "    %2:16x2 = load_const (4, 8)\n"
              "    %3:16x2 = imul %2, %1\n"
              "    %4:16x2 = umod %1, %2.yy\n"
              "    %5:16x2 = iadd %3, %4\n"
              "    store_output %5, %0 write_mask=3\n"
              "}\n",
         HEAD "    %1:16x2 = load_input %0\n"
              "    %2:16x2 = load_const (4, 8)\n"
              "    %3:32x2 = find_lsb %2\n"
              "    %4:16x2 = ishl %1, %3\n"
              "    %5:16x2 = imul %2, %1\n"
              "    %6:16x2 = load_const (1, 1)\n"
              "    %7:16x2 = isub %2.yy, %6\n"
              "    %8:16x2 = iand %1, %7\n"
              "    %9:16x2 = umod %1, %2.yy\n"
              "    %10:16x2 = iadd %4, %8\n"
              "    store_output %10, %0 write_mask=3\n"
              "}\n");
   /* -4 is no positive power of two for imul. */
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32 = load_input %0\n"
                                     "    %2:32 = load_const -4\n"
                                     "    %3:32 = imul %1, %2\n"
                                     "    store_output %3, %0 write_mask=1\n"
                                     "}\n");
}

/* A replacement takes the replaced def's boolean size; rules that pass a
 * boolean on as a value only hold for one-bit booleans. */
static void
boolean_sizes(void **state)
{
   CHECK(HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = ilt %1, %0\n"
              "    %3:32 = inot %2\n"
              "    store_output %3, %0 write_mask=1\n"
              "}\n",
         HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = ilt %1, %0\n"
              "    %3:32 = ige %1, %0\n"
              "    %4:32 = inot %2\n"
              "    store_output %3, %0 write_mask=1\n"
              "}\n");
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32 = load_input %0\n"
                                     "    %2:32 = load_const -1\n"
                                     "    %3:32 = bcsel %1, %2, %0\n"
                                     "    store_output %3, %0 write_mask=1\n"
                                     "}\n");
   CHECK(HEAD "    %1:1 = load_input %0\n"
              "    %2:1 = load_const true\n"
              "    %3:1 = load_const false\n"
              "    %4:1 = bcsel %1, %2, %3\n"
              "    store_output %4, %0 write_mask=1\n"
              "}\n",
         HEAD "    %1:1 = load_input %0\n"
              "    %2:1 = load_const true\n"
              "    %3:1 = load_const false\n"
              "    %4:1 = bcsel %1, %2, %3\n"
              "    store_output %1, %0 write_mask=1\n"
              "}\n");
}

/* In flush mode x * 1.0 flushes a denormal x; x * -1.0 = -x still holds
 * (fneg flushes as well). */
static void
denorm_flush(void **state)
{
   CHECK_NO_PROGRESS(algebraic,
                     HEAD_FLUSH "    %1:32 = load_input %0\n"
                                "    %2:32 = load_const 1.0\n"
                                "    %3:32 = fmul %1, %2\n"
                                "    store_output %3, %0 write_mask=1\n"
                                "}\n");
   CHECK(HEAD_FLUSH "    %1:32 = load_input %0\n"
                    "    %2:32 = load_const -1.0\n"
                    "    %3:32 = fmul %1, %2\n"
                    "    store_output %3, %0 write_mask=1\n"
                    "}\n",
         HEAD_FLUSH "    %1:32 = load_input %0\n"
                    "    %2:32 = load_const -1.0\n"
                    "    %3:32 = fneg %1\n"
                    "    %4:32 = fmul %1, %2\n"
                    "    store_output %3, %0 write_mask=1\n"
                    "}\n");
}

/* NaN-sensitive rewrites: !(a < b) is not a >= b when NaN must stay. */
static void
nan_sensitive_comparisons(void **state)
{
   const char *lt = HEAD "    %1:32 = load_input %0\n"
                         "    %2:32 = load_input %0 base=1\n"
                         "    %3:1 = flt %1, %2\n"
                         "    %4:1 = inot %3\n"
                         "    store_output %4, %0 write_mask=1\n"
                         "}\n";
   CHECK_NO_PROGRESS(algebraic_preserve, lt);
   CHECK(lt, HEAD "    %1:32 = load_input %0\n"
                  "    %2:32 = load_input %0 base=1\n"
                  "    %3:1 = flt %1, %2\n"
                  "    %4:1 = fge %1, %2\n"
                  "    %5:1 = inot %3\n"
                  "    store_output %4, %0 write_mask=1\n"
                  "}\n");
   /* feq's complement is fneu, NaN included. */
   struct u_arena *mem = u_arena_create(NULL);
   OPT_CHECK(mem, algebraic_preserve,
             HEAD "    %1:32 = load_input %0\n"
                  "    %2:32 = load_input %0 base=1\n"
                  "    %3:1 = feq %1, %2\n"
                  "    %4:1 = inot %3\n"
                  "    store_output %4, %0 write_mask=1\n"
                  "}\n",
             HEAD "    %1:32 = load_input %0\n"
                  "    %2:32 = load_input %0 base=1\n"
                  "    %3:1 = feq %1, %2\n"
                  "    %4:1 = fneu %1, %2\n"
                  "    %5:1 = inot %3\n"
                  "    store_output %4, %0 write_mask=1\n"
                  "}\n");
   u_arena_destroy(mem);
}

/* Unused instructions are left alone (that is what makes a second run
 * find nothing: the replaced originals stay until DCE). */
static void
unused_instructions_are_skipped(void **state)
{
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:32 = load_input %0\n"
                                     "    %2:32 = load_const 1.0\n"
                                     "    %3:32 = fmul %1, %2\n"
                                     "}\n");
}

/* Chains reach the fixed point in one run; an if condition is a use.
 * inot(inot(a < b)): the inner inot becomes a >= b first, so the outer
 * one is inot(a >= b), which becomes a < b. */
static void
chains_and_if_conditions(void **state)
{
   CHECK(HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = ineg %1\n"
              "    %3:32 = ineg %2\n"
              "    %4:32 = ineg %3\n"
              "    %5:32 = ineg %4\n"
              "    %6:1 = ilt %5, %0\n"
              "    %7:1 = inot %6\n"
              "    %8:1 = inot %7\n"
              "  if %8 {\n"
              "    b1:\n"
              "      store_output %5, %0 write_mask=1\n"
              "  } else {\n"
              "    b2:\n"
              "  }\n"
              "  b3:\n"
              "}\n",
         HEAD "    %1:32 = load_input %0\n"
              "    %2:32 = ineg %1\n"
              "    %3:32 = ineg %2\n"
              "    %4:32 = ineg %1\n"
              "    %5:32 = ineg %4\n"
              "    %6:1 = ilt %1, %0\n"
              "    %7:1 = ige %1, %0\n"
              "    %8:1 = inot %6\n"
              "    %9:1 = ilt %1, %0\n"
              "    %10:1 = inot %7\n"
              "  if %9 {\n"
              "    b1:\n"
              "      store_output %1, %0 write_mask=1\n"
              "  } else {\n"
              "    b2:\n"
              "  }\n"
              "  b3:\n"
              "}\n");
}

/* fdot4 with a constant whose last component read is zero drops it. */
static void
dot_product_zero_component(void **state)
{
   CHECK(HEAD "    %1:32x4 = load_input %0\n"
              "    %2:32x4 = load_const (0.0, 1.0, 2.0, 3.0)\n"
              "    %3:32 = fdot4 %2.yzwx, %1.wzyx\n"
              "    store_output %3, %0 write_mask=1\n"
              "}\n",
         HEAD "    %1:32x4 = load_input %0\n"
              "    %2:32x4 = load_const (0, 1.0, 2.0, 3.0)\n"
              "    %3:32 = fdot3 %1.wzy, %2.yzw\n"
              "    %4:32 = fdot4 %2.yzwx, %1.wzyx\n"
              "    store_output %3, %0 write_mask=1\n"
              "}\n");
}

/* pow(x, 0) = 1 builds the constant at the def's size.  It is inexact: a
 * signalling NaN gives NaN. */
static void
pow_zero_is_one(void **state)
{
   CHECK(HEAD "    %1:64x2 = load_input %0\n"
              "    %2:64 = load_const -0.0\n"
              "    %3:64x2 = fpow %1, %2.xx\n"
              "    store_output %3, %0 write_mask=3\n"
              "}\n",
         HEAD "    %1:64x2 = load_input %0\n"
              "    %2:64 = load_const -0.0\n"
              "    %3:64x2 = load_const (1.0, 1.0)\n"
              "    %4:64x2 = fpow %1, %2.xx\n"
              "    store_output %3, %0 write_mask=3\n"
              "}\n");
   CHECK_NO_PROGRESS(algebraic, HEAD "    %1:64x2 = load_input %0\n"
                                     "    %2:64 = load_const -0.0\n"
                                     "    %3:64x2 = exact fpow %1, %2.xx\n"
                                     "    store_output %3, %0 write_mask=3\n"
                                     "}\n");
}

/* The statistics interface: rule texts and per-rule counters. */
static void
rule_statistics(void **state)
{
   unsigned n = ir_opt_algebraic_num_rules();
   assert_true(n >= 60);
   assert_string_equal(ir_opt_algebraic_rule_text(0),
                       "fadd(a, -0.0) -> a [denorm_preserve]");
   assert_null(ir_opt_algebraic_rule_text(n));

   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *s = IR_PARSE(mem, HEAD "    %1:32 = load_input %0\n"
                                            "    %2:32 = load_const -0.0\n"
                                            "    %3:32 = fadd %1, %2\n"
                                            "    %4:32 = fadd %3, %2\n"
                                            "    store_output %4, %0\n"
                                            "}\n");
   uint32_t *hits = calloc(n, sizeof(*hits));
   assert_non_null(hits);
   struct ir_algebraic_options o = { .rule_hits = hits };
   assert_true(ir_opt_algebraic_with_options(s, &o));
   assert_int_equal(hits[0], 2);
   unsigned total = 0;
   for (unsigned i = 0; i < n; i++)
      total += hits[i];
   assert_int_equal(total, 2);
   free(hits);
   u_arena_destroy(mem);
}

int
main(void)
{
   static const struct CMUnitTest tests[] = {
      cmocka_unit_test(add_neg_zero_is_exact),
      cmocka_unit_test(add_pos_zero_is_inexact),
      cmocka_unit_test(exact_inner_blocks_inexact_rule),
      cmocka_unit_test(signed_zero_literals),
      cmocka_unit_test(swizzles_compose),
      cmocka_unit_test(repeated_variable_needs_same_swizzle),
      cmocka_unit_test(vector_constants),
      cmocka_unit_test(commutative_orders),
      cmocka_unit_test(conversion_sizes),
      cmocka_unit_test(powers_of_two),
      cmocka_unit_test(boolean_sizes),
      cmocka_unit_test(denorm_flush),
      cmocka_unit_test(nan_sensitive_comparisons),
      cmocka_unit_test(unused_instructions_are_skipped),
      cmocka_unit_test(chains_and_if_conditions),
      cmocka_unit_test(dot_product_zero_component),
      cmocka_unit_test(pow_zero_is_one),
      cmocka_unit_test(rule_statistics),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
