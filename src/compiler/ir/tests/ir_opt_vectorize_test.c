/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_vectorize(): four scalars into a vec4, constants
 * merged into a vector constant, uses that are not ALU sources (an if
 * condition, an output store) getting a mov; and where it must not merge:
 * dependent operations, different sources, exact against inexact,
 * different bit sizes, a side effect in between, different blocks, movs
 * and vecN, already full vectors.  Differential runs in the interpreter
 * check that the merged shader computes the same bits.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "ir_lower_test_util.h"

static bool
run_vectorize(struct ir_shader *s, const void *data)
{
   (void)data;
   return ir_opt_vectorize(s);
}

#define HEADER                  \
   "shader fragment\n"          \
   "fn main {\n"                \
   "  b0:\n"                    \
   "    %0:32 = load_const 0\n" \
   "    %1:32x4 = load_input %0\n"

static void
diff_runs(const char *text)
{
   uint32_t *in = calloc(LT_SLOTS * 4 * LT_WIDTH, sizeof(uint32_t));
   uint64_t seed = 3;
   for (unsigned round = 0; round < 8; round++) {
      for (unsigned i = 0; i < 2 * 4 * LT_WIDTH; i++) {
         float v = (float)(int32_t)lt_rand(&seed) /
                   (float)(1 + lt_rand(&seed) % 65536);
         in[i] =
            round == 0 && i % 5 == 0 ? ir_test_fbits(NAN) : ir_test_fbits(v);
      }
      LT_DIFF_EXACT(text, run_vectorize, NULL, in, LT_WIDTH);
   }
   free(in);
}

/* Four scalar fmuls of the same two defs: one vec4, the vecN reads its
 * components back (copy propagation will fold the swizzles). */
static void
four_scalars(void **state)
{
   static const char text[] = HEADER "    %2:32 = fmul %1.x, %1.w\n"
                                     "    %3:32 = fmul %1.y, %1.z\n"
                                     "    %4:32 = fmul %1.z, %1.y\n"
                                     "    %5:32 = fmul %1.w, %1.x\n"
                                     "    %6:32x4 = vec4 %5, %4, %3, %2\n"
                                     "    store_output %6, %0 write_mask=15\n"
                                     "}\n";
   LT_CHECK(*state, run_vectorize, NULL, text,
            HEADER "    %2:32x4 = fmul %1, %1.wzyx\n"
                   "    %3:32x4 = vec4 %2.w, %2.z, %2.y, %2\n"
                   "    store_output %3, %0 write_mask=15\n"
                   "}\n");
   diff_runs(text);
}

/* Constant sources merge into one vector constant; a vec2 and a scalar
 * make a vec3. */
static void
constants_and_widths(void **state)
{
   static const char text[] = HEADER "    %2:32 = load_const 2.0\n"
                                     "    %3:32x2 = load_const (3.0, 4.0)\n"
                                     "    %4:32 = fmul %1.x, %2\n"
                                     "    %5:32x2 = fmul %1.yz, %3.yx\n"
                                     "    %6:32x3 = fadd %4.xxx, %1.xyz\n"
                                     "    %7:32x3 = fmax %6, %5.xxy\n"
                                     "    store_output %7, %0 write_mask=7\n"
                                     "}\n";
   LT_CHECK(*state, run_vectorize, NULL, text,
            HEADER "    %2:32 = load_const 2.0\n"
                   "    %3:32x2 = load_const (3.0, 4.0)\n"
                   "    %4:32x3 = load_const (2.0, 4.0, 3.0)\n"
                   "    %5:32x3 = fmul %1, %4\n"
                   "    %6:32x3 = fadd %5.xxx, %1\n"
                   "    %7:32x3 = fmax %6, %5.yyz\n"
                   "    store_output %7, %0 write_mask=7\n"
                   "}\n");
   diff_runs(text);
}

/* What stays apart: %4 reads %3 (and so has other sources); %5 is
 * 16-bit; %7 is exact but %6 is not (the two exact ones merge); the if
 * condition is a use that needs a mov; the block after the if starts
 * afresh. */
static void
mixed_rules(void **state)
{
   static const char text[] =
      HEADER "    %2:16x2 = load_input %0 base=1\n"
             "    %3:32 = fadd %1.x, %1.y\n"
             "    %4:32 = fadd %3, %1.y\n"
             "    %5:16 = fadd %2.x, %2.y\n"
             "    %6:32 = fadd %1.z, %1.y\n"
             "    %7:32 = exact fadd %1.w, %1.y\n"
             "    %8:1 = flt %1.x, %1.y\n"
             "    %9:32 = exact fadd %1.x, %1.y\n"
             "    %10:1 = flt %1.z, %1.w\n"
             "    %11:32x4 = vec4 %4, %6, %7, %9\n"
             "    store_output %11, %0 write_mask=15\n"
             "    store_output %5, %0 base=1 write_mask=1\n"
             "  if %8 {\n"
             "    b1:\n"
             "      %12:32 = fadd %1.y, %1.y\n"
             "  } else {\n"
             "    b2:\n"
             "      %13:32 = fadd %1.w, %1.y\n"
             "  }\n"
             "  b3:\n"
             "    %14:32 = phi b1: %12, b2: %13\n"
             "    %15:32 = fadd %1.w, %1.y\n"
             "    %16:32 = bcsel %10, %14, %15\n"
             "    store_output %16, %0 base=2 write_mask=1\n"
             "}\n";
   LT_CHECK(*state, run_vectorize, NULL, text,
            HEADER "    %2:16x2 = load_input %0 base=1\n"
                   "    %3:32x2 = fadd %1.xz, %1.yy\n"
                   "    %4:32 = fadd %3, %1.y\n"
                   "    %5:16 = fadd %2, %2.y\n"
                   "    %6:32x2 = exact fadd %1.wx, %1.yy\n"
                   "    %7:1x2 = flt %1.xz, %1.yw\n"
                   "    %8:1 = mov %7\n"
                   "    %9:32x4 = vec4 %4, %3.y, %6, %6.y\n"
                   "    store_output %9, %0 write_mask=15\n"
                   "    store_output %5, %0 base=1 write_mask=1\n"
                   "  if %8 {\n"
                   "    b1:\n"
                   "      %10:32 = fadd %1.y, %1.y\n"
                   "  } else {\n"
                   "    b2:\n"
                   "      %11:32 = fadd %1.w, %1.y\n"
                   "  }\n"
                   "  b3:\n"
                   "    %12:32 = phi b1: %10, b2: %11\n"
                   "    %13:32 = fadd %1.w, %1.y\n"
                   "    %14:32 = bcsel %7.y, %12, %13\n"
                   "    store_output %14, %0 base=2 write_mask=1\n"
                   "}\n");
   diff_runs(text);
}

/* A store between two candidates keeps them apart; a store that reads
 * one of them gets a mov. */
static void
side_effect_between(void **state)
{
   LT_CHECK_NO_PROGRESS(*state, run_vectorize, NULL,
                        HEADER "    %2:32 = fadd %1.x, %1.y\n"
                               "    store_output %2, %0 write_mask=1\n"
                               "    %3:32 = fadd %1.z, %1.w\n"
                               "    store_output %3, %0 base=1 "
                               "write_mask=1\n"
                               "}\n");
   static const char text[] = HEADER "    %2:32 = fadd %1.x, %1.y\n"
                                     "    %3:32 = fadd %1.z, %1.w\n"
                                     "    store_output %3, %0 write_mask=1\n"
                                     "    store_output %2, %0 base=1 "
                                     "write_mask=1\n"
                                     "}\n";
   LT_CHECK(*state, run_vectorize, NULL, text,
            HEADER "    %2:32x2 = fadd %1.xz, %1.yw\n"
                   "    %3:32 = mov %2.y\n"
                   "    %4:32 = mov %2\n"
                   "    store_output %3, %0 write_mask=1\n"
                   "    store_output %4, %0 base=1 write_mask=1\n"
                   "}\n");
   diff_runs(text);
}

/* Nothing to merge: one source differs (and the second reads the
 * first), movs and vecN are not candidates, a full vec4 has no room. */
static void
no_progress(void **state)
{
   LT_CHECK_NO_PROGRESS(*state, run_vectorize, NULL,
                        HEADER "    %2:32 = fadd %1.x, %1.y\n"
                               "    %3:32 = fadd %2, %1.y\n"
                               "    %4:32 = mov %1.z\n"
                               "    %5:32 = mov %1.w\n"
                               "    %6:32x4 = fmul %1, %1\n"
                               "    %7:32 = fmul %1.x, %1.x\n"
                               "    %8:32x4 = vec4 %3, %4, %5, %7\n"
                               "    %9:32x4 = vec4 %2, %2, %2, %2\n"
                               "    %10:32x4 = fadd %8, %9\n"
                               "    %11:32x4 = fadd %10, %6\n"
                               "    store_output %11, %0 write_mask=15\n"
                               "}\n");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(four_scalars, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(constants_and_widths, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(mixed_rules, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(side_effect_between, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_progress, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
