/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_analyze_loops(): exact trip counts for the loop forms a
 * front end produces (test at the top or the bottom, either operand
 * order, inverted conditions, counting down, float and 64-bit induction
 * variables, unsigned wrap-around, several exits) and -1 where the count
 * is unknown (non-constant bound, the variable changed in an if, an exit
 * with an unknown condition, returns, continues, too many iterations).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_analysis.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

static struct ir_shader *
parse_valid(void **state, const char *text)
{
   return ir_test_parse_valid(*state, text, __FILE__, __LINE__);
}

static struct ir_function *
main_fn(struct ir_shader *s)
{
   return ir_shader_get_entrypoint(s);
}

/* The @p n-th loop of the function in program order. */
static struct ir_loop *
loop_n(struct ir_shader *s, unsigned n)
{
   ir_foreach_block (main_fn(s), b) {
      struct ir_loop *loop = ir_block_get_following_loop(b);
      if (loop && n-- == 0)
         return loop;
   }
   fail_msg("no loop %u", n);
   return NULL;
}

static struct ir_def *
def_n(struct ir_shader *s, unsigned n)
{
   ir_foreach_block (main_fn(s), b) {
      ir_foreach_instr (b, instr) {
         struct ir_def *def = ir_instr_def(instr);
         if (def && n-- == 0)
            return def;
      }
   }
   fail_msg("no def %%%u", n);
   return NULL;
}

/* Parses, analyses and returns the trip count of the first loop. */
static int
trip_count(void **state, const char *text)
{
   struct ir_shader *s = parse_valid(state, text);
   ir_analyze_loops(main_fn(s));
   assert_true(main_fn(s)->valid_metadata & IR_METADATA_LOOP_ANALYSIS);
   return loop_n(s, 0)->info.trip_count;
}

/*
 * for (i = INIT; !(CMP(i, LIMIT)); i = STEPOP(i, STEP)) with the test at
 * the top: defs %0 init, %1 limit, %2 step, %3 the phi, %4 the exit
 * condition, %5 the next value.
 */
static char *
top_loop(void **state, unsigned bits, const char *init, const char *limit,
         const char *step, const char *cmp, const char *step_op)
{
   return u_arena_asprintf(*state,
                           "shader compute\n"
                           "fn main {\n"
                           "  b0:\n"
                           "    %%0:%u = load_const %s\n"
                           "    %%1:%u = load_const %s\n"
                           "    %%2:%u = load_const %s\n"
                           "  loop {\n"
                           "    b1:\n"
                           "      %%3:%u = phi b0: %%0, b4: %%5\n"
                           "      %%4:1 = %s\n"
                           "    if %%4 {\n"
                           "      b2:\n"
                           "        break\n"
                           "    } else {\n"
                           "      b3:\n"
                           "    }\n"
                           "    b4:\n"
                           "      %%5:%u = %s %%3, %%2\n"
                           "  }\n"
                           "  b5:\n"
                           "}\n",
                           bits, init, bits, limit, bits, step, bits, cmp, bits,
                           step_op);
}

/* ---------------------------------------------------------------------- */
/* Known trip counts                                                      */
/* ---------------------------------------------------------------------- */

static void
counts_up(void **state)
{
   /* for (int i = 0; i < 10; i++) */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0", "10", "1",
                                               "ige %3, %1", "iadd")),
                    10);
   /* for (int i = 3; i < 100; i += 7): 3, 10, ..., 94 */
   assert_int_equal(trip_count(state, top_loop(state, 32, "3", "100", "7",
                                               "ige %3, %1", "iadd")),
                    14);
}

static void
zero_and_one_iterations(void **state)
{
   assert_int_equal(trip_count(state, top_loop(state, 32, "5", "5", "1",
                                               "ige %3, %1", "iadd")),
                    0);
   assert_int_equal(trip_count(state, top_loop(state, 32, "9", "5", "1",
                                               "ige %3, %1", "iadd")),
                    0);
   assert_int_equal(trip_count(state, top_loop(state, 32, "0", "1", "1",
                                               "ige %3, %1", "iadd")),
                    1);
}

static void
swapped_operands_and_equality(void **state)
{
   /* for (i = 0; i <= 10; i++): break when 10 < i. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0", "10", "1",
                                               "ilt %1, %3", "iadd")),
                    11);
   /* for (i = 0; i != 12; i += 3): break when i == 12. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0", "12", "3",
                                               "ieq %1, %3", "iadd")),
                    4);
}

static void
counts_down(void **state)
{
   /* for (int i = 10; i > 0; i--): break when 0 >= i. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "10", "0", "1",
                                               "ige %1, %3", "isub")),
                    10);
   /* Adding -2 from 7 while i >= 0: 7, 5, 3, 1. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "7", "0", "-2",
                                               "ilt %3, %1", "iadd")),
                    4);
}

static void
unsigned_wrap_around(void **state)
{
   /* 0xfffffff0, f4, f8, fc, 0 then 4 == limit. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0xfffffff0", "4",
                                               "4", "ieq %3, %1", "iadd")),
                    5);
   /* for (uint i = 0xfffffffe; i >= 2u; i++): wraps to 0 after two. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0xfffffffe", "2",
                                               "1", "ult %3, %1", "iadd")),
                    2);
   /* The same bits compared as signed: -2 < 2 at once. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0xfffffffe", "2",
                                               "1", "ilt %3, %1", "iadd")),
                    0);
}

static void
float_induction(void **state)
{
   /* for (float f = 0.0; f < 1.0; f += 0.1), rounded as float32. */
   int expected = 0;
   for (volatile float f = 0.0f; f < 1.0f; f += 0.1f)
      expected++;
   assert_int_equal(trip_count(state, top_loop(state, 32, "0.0", "1.0", "0.1",
                                               "fge %3, %1", "fadd")),
                    expected);
   /* 16-bit: the step is 0.0999755859375 and every sum is rounded to
    * half precision; the tenth sum reaches 1.0 (computed offline by
    * rounding each double-precision sum to binary16). */
   assert_int_equal(trip_count(state, top_loop(state, 16, "0.0", "1.0", "0.1",
                                               "fge %3, %1", "fadd")),
                    10);
   /* 2048 + 1 rounds back to 2048 in half precision (the spacing there is
    * 2): the loop never ends, while in float32 it runs twice. */
   assert_int_equal(trip_count(state, top_loop(state, 16, "2048.0", "2050.0",
                                               "1.0", "fge %3, %1", "fadd")),
                    -1);
   assert_int_equal(trip_count(state, top_loop(state, 32, "2048.0", "2050.0",
                                               "1.0", "fge %3, %1", "fadd")),
                    2);
   /* Halving: 1, 0.5, ... until below 2^-10. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "1.0", "0.001", "0.5",
                                               "flt %3, %1", "fmul")),
                    10);
}

static void
sixty_four_bit_induction(void **state)
{
   /* 0, 3, ..., 999 */
   assert_int_equal(trip_count(state, top_loop(state, 64, "0", "1000", "3",
                                               "ige %3, %1", "iadd")),
                    334);
}

static void
test_at_the_bottom(void **state)
{
   /* i = 0; do { i++; } while (i < 4): the break is taken in the fourth
    * run of the body, so the back edge is taken three times. */
   const char *text = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "    %1:32 = load_const 4\n"
                      "    %2:32 = load_const 1\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %3:32 = phi b0: %0, b4: %4\n"
                      "      %4:32 = iadd %3, %2\n"
                      "      %5:1 = ige %4, %1\n"
                      "    if %5 {\n"
                      "      b2:\n"
                      "        break\n"
                      "    } else {\n"
                      "      b3:\n"
                      "    }\n"
                      "    b4:\n"
                      "  }\n"
                      "  b5:\n"
                      "}\n";
   assert_int_equal(trip_count(state, text), 3);
}

static void
break_in_else_and_inot(void **state)
{
   /* while (i < 6) as `if (i < 6) {} else break`. */
   const char *else_break = "shader compute\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_const 6\n"
                            "    %2:32 = load_const 1\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:32 = phi b0: %0, b4: %5\n"
                            "      %4:1 = ilt %3, %1\n"
                            "    if %4 {\n"
                            "      b2:\n"
                            "    } else {\n"
                            "      b3:\n"
                            "        break\n"
                            "    }\n"
                            "    b4:\n"
                            "      %5:32 = iadd %3, %2\n"
                            "  }\n"
                            "  b5:\n"
                            "}\n";
   assert_int_equal(trip_count(state, else_break), 6);

   /* if (!(i < 6)) break; with a 32-bit boolean. */
   const char *inot = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "    %1:32 = load_const 6\n"
                      "    %2:32 = load_const 1\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %3:32 = phi b0: %0, b4: %6\n"
                      "      %4:32 = ilt %3, %1\n"
                      "      %5:32 = inot %4\n"
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
                      "}\n";
   struct ir_shader *s = parse_valid(state, inot);
   ir_metadata_require(main_fn(s), IR_METADATA_LOOP_ANALYSIS);
   assert_int_equal(loop_n(s, 0)->info.trip_count, 6);
   /* The instruction computing the branch condition. */
   assert_ptr_equal(loop_n(s, 0)->info.limiting_condition, def_n(s, 5)->parent);
}

/* Two exits: i < 10 at the top, i == LIMIT2 later in the body. */
static char *
two_exits(void **state, const char *second_limit)
{
   return u_arena_asprintf(*state,
                           "shader compute\n"
                           "fn main {\n"
                           "  b0:\n"
                           "    %%0:32 = load_const 0\n"
                           "    %%1:32 = load_const 10\n"
                           "    %%2:32 = load_const 1\n"
                           "    %%3:32 = %s\n"
                           "  loop {\n"
                           "    b1:\n"
                           "      %%4:32 = phi b0: %%0, b7: %%7\n"
                           "      %%5:1 = ige %%4, %%1\n"
                           "    if %%5 {\n"
                           "      b2:\n"
                           "        break\n"
                           "    } else {\n"
                           "      b3:\n"
                           "    }\n"
                           "    b4:\n"
                           "      %%6:1 = ieq %%4, %%3\n"
                           "    if %%6 {\n"
                           "      b5:\n"
                           "        break\n"
                           "    } else {\n"
                           "      b6:\n"
                           "    }\n"
                           "    b7:\n"
                           "      %%7:32 = iadd %%4, %%2\n"
                           "  }\n"
                           "  b8:\n"
                           "}\n",
                           second_limit);
}

static void
two_known_exits(void **state)
{
   struct ir_shader *s = parse_valid(state, two_exits(state, "load_const 4"));
   ir_analyze_loops(main_fn(s));
   assert_int_equal(loop_n(s, 0)->info.trip_count, 4);
   assert_ptr_equal(loop_n(s, 0)->info.limiting_condition, def_n(s, 6)->parent);

   s = parse_valid(state, two_exits(state, "load_const 40"));
   ir_analyze_loops(main_fn(s));
   assert_int_equal(loop_n(s, 0)->info.trip_count, 10);
   assert_ptr_equal(loop_n(s, 0)->info.limiting_condition, def_n(s, 5)->parent);
}

static void
nested_loops(void **state)
{
   /* for (i = 0; i < 3; i++) { for (j = 0; j < 5; j++); for (k = 0; k < i;
    * k++); } */
   const char *text = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "    %1:32 = load_const 3\n"
                      "    %2:32 = load_const 1\n"
                      "    %3:32 = load_const 5\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %4:32 = phi b0: %0, b13: %13\n"
                      "      %5:1 = ige %4, %1\n"
                      "    if %5 {\n"
                      "      b2:\n"
                      "        break\n"
                      "    } else {\n"
                      "      b3:\n"
                      "    }\n"
                      "    b4:\n"
                      "    loop {\n"
                      "      b5:\n"
                      "        %6:32 = phi b4: %0, b8: %8\n"
                      "        %7:1 = ige %6, %3\n"
                      "      if %7 {\n"
                      "        b6:\n"
                      "          break\n"
                      "      } else {\n"
                      "        b7:\n"
                      "      }\n"
                      "      b8:\n"
                      "        %8:32 = iadd %6, %2\n"
                      "    }\n"
                      "    b9:\n"
                      "    loop {\n"
                      "      b10:\n"
                      "        %9:32 = phi b9: %0, b12: %11\n"
                      "        %10:1 = ige %9, %4\n"
                      "      if %10 {\n"
                      "        b11:\n"
                      "          break\n"
                      "      } else {\n"
                      "        b14:\n"
                      "      }\n"
                      "      b12:\n"
                      "        %11:32 = iadd %9, %2\n"
                      "    }\n"
                      "    b13:\n"
                      "      %13:32 = iadd %4, %2\n"
                      "  }\n"
                      "  b15:\n"
                      "}\n";
   struct ir_shader *s = parse_valid(state, text);
   ir_analyze_loops(main_fn(s));
   assert_int_equal(loop_n(s, 0)->info.trip_count, 3);
   assert_int_equal(loop_n(s, 1)->info.trip_count, 5);
   /* Bounded by the outer induction variable: not a constant. */
   assert_int_equal(loop_n(s, 2)->info.trip_count, -1);
}

/* ---------------------------------------------------------------------- */
/* Unknown trip counts                                                    */
/* ---------------------------------------------------------------------- */

static void
non_constant_bound(void **state)
{
   const char *text = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "    %1:32 = load_uniform %0 range=4\n"
                      "    %2:32 = load_const 1\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %3:32 = phi b0: %0, b4: %5\n"
                      "      %4:1 = ige %3, %1\n"
                      "    if %4 {\n"
                      "      b2:\n"
                      "        break\n"
                      "    } else {\n"
                      "      b3:\n"
                      "    }\n"
                      "    b4:\n"
                      "      %5:32 = iadd %3, %2\n"
                      "  }\n"
                      "  b5:\n"
                      "}\n";
   struct ir_shader *s = parse_valid(state, text);
   ir_analyze_loops(main_fn(s));
   assert_int_equal(loop_n(s, 0)->info.trip_count, -1);
   assert_null(loop_n(s, 0)->info.limiting_condition);
}

static void
induction_variable_changed_in_if(void **state)
{
   const char *text = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "    %1:32 = load_const 10\n"
                      "    %2:32 = load_const 1\n"
                      "    %3:32 = load_const 2\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %4:32 = phi b0: %0, b7: %9\n"
                      "      %5:1 = ige %4, %1\n"
                      "    if %5 {\n"
                      "      b2:\n"
                      "        break\n"
                      "    } else {\n"
                      "      b3:\n"
                      "    }\n"
                      "    b4:\n"
                      "      %6:1 = load_const true\n"
                      "    if %6 {\n"
                      "      b5:\n"
                      "        %7:32 = iadd %4, %2\n"
                      "    } else {\n"
                      "      b6:\n"
                      "        %8:32 = iadd %4, %3\n"
                      "    }\n"
                      "    b7:\n"
                      "      %9:32 = phi b5: %7, b6: %8\n"
                      "  }\n"
                      "  b8:\n"
                      "}\n";
   assert_int_equal(trip_count(state, text), -1);
}

static void
exit_with_unknown_condition(void **state)
{
   assert_int_equal(
      trip_count(state, two_exits(state, "load_uniform %0 range=4")), -1);
}

static void
return_or_continue_in_loop(void **state)
{
   const char *ret = "shader compute\n"
                     "fn main {\n"
                     "  b0:\n"
                     "    %0:32 = load_const 0\n"
                     "    %1:32 = load_const 10\n"
                     "    %2:32 = load_const 1\n"
                     "  loop {\n"
                     "    b1:\n"
                     "      %3:32 = phi b0: %0, b7: %6\n"
                     "      %4:1 = ige %3, %1\n"
                     "    if %4 {\n"
                     "      b2:\n"
                     "        break\n"
                     "    } else {\n"
                     "      b3:\n"
                     "    }\n"
                     "    b4:\n"
                     "      %5:1 = load_const false\n"
                     "    if %5 {\n"
                     "      b5:\n"
                     "        return\n"
                     "    } else {\n"
                     "      b6:\n"
                     "    }\n"
                     "    b7:\n"
                     "      %6:32 = iadd %3, %2\n"
                     "  }\n"
                     "  b8:\n"
                     "}\n";
   assert_int_equal(trip_count(state, ret), -1);

   /* A continue before the increment: i stays 0 on that path. */
   const char *cont = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 0\n"
                      "    %1:32 = load_const 10\n"
                      "    %2:32 = load_const 1\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      %3:32 = phi b0: %0, b5: %3, b7: %6\n"
                      "      %4:1 = ige %3, %1\n"
                      "    if %4 {\n"
                      "      b2:\n"
                      "        break\n"
                      "    } else {\n"
                      "      b3:\n"
                      "    }\n"
                      "    b4:\n"
                      "      %5:1 = load_const false\n"
                      "    if %5 {\n"
                      "      b5:\n"
                      "        continue\n"
                      "    } else {\n"
                      "      b6:\n"
                      "    }\n"
                      "    b7:\n"
                      "      %6:32 = iadd %3, %2\n"
                      "  }\n"
                      "  b8:\n"
                      "}\n";
   assert_int_equal(trip_count(state, cont), -1);
}

static void
too_many_or_infinite_iterations(void **state)
{
   /* 100000 iterations: more than the simulation runs. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0", "100000", "1",
                                               "ige %3, %1", "iadd")),
                    -1);
   /* i += 2 from 0 never equals 7. */
   assert_int_equal(trip_count(state, top_loop(state, 32, "0", "7", "2",
                                               "ieq %3, %1", "iadd")),
                    -1);
}

static void
loop_without_exit_condition(void **state)
{
   /* An unconditional break at the end of the body: the back edge is never
    * taken. */
   const char *once = "shader compute\n"
                      "fn main {\n"
                      "  b0:\n"
                      "  loop {\n"
                      "    b1:\n"
                      "      break\n"
                      "  }\n"
                      "  b2:\n"
                      "}\n";
   assert_int_equal(trip_count(state, once), 0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(counts_up),
      cmocka_unit_test(zero_and_one_iterations),
      cmocka_unit_test(swapped_operands_and_equality),
      cmocka_unit_test(counts_down),
      cmocka_unit_test(unsigned_wrap_around),
      cmocka_unit_test(float_induction),
      cmocka_unit_test(sixty_four_bit_induction),
      cmocka_unit_test(test_at_the_bottom),
      cmocka_unit_test(break_in_else_and_inot),
      cmocka_unit_test(two_known_exits),
      cmocka_unit_test(nested_loops),
      cmocka_unit_test(non_constant_bound),
      cmocka_unit_test(induction_variable_changed_in_if),
      cmocka_unit_test(exit_with_unknown_condition),
      cmocka_unit_test(return_or_continue_in_loop),
      cmocka_unit_test(too_many_or_infinite_iterations),
      cmocka_unit_test(loop_without_exit_condition),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
