/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_if_to_select(): scalar and vector phis become bcsel
 * (with the condition splatted), a phi with the same value on both sides
 * becomes that value, an empty side is fine, nested ifs flatten inside
 * out in one run (or only the inner one under a lower cost limit), an if
 * in a loop flattens while the loop's exit if stays; and the pass leaves
 * alone sides with side effects (store_output, discard), loads,
 * texturing, derivatives, jumps, nested control flow that stays, and
 * sides above the cost limit; a cost limit of 0 disables it.  Each case
 * checks the printed result, validates, checks that a second run makes no
 * progress and, where the pass fires, compares the interpreter's outputs
 * before and after.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_cf_passes_test_util.h"

static bool
run_pass(struct ir_shader *s, unsigned max_cost)
{
   return ir_opt_if_to_select(s, max_cost);
}

static const char basic_in[] = "shader fragment\n"
                               "fn main {\n"
                               "  b0:\n"
                               "    %0:32 = load_const 0\n"
                               "    %1:32 = load_input %0 base=0\n"
                               "    %2:32 = load_input %0 base=1\n"
                               "    %3:1 = flt %1, %2\n"
                               "  if %3 {\n"
                               "    b1:\n"
                               "      %4:32 = fadd %1, %2\n"
                               "  } else {\n"
                               "    b2:\n"
                               "      %5:32 = fmul %1, %2\n"
                               "  }\n"
                               "  b3:\n"
                               "    %6:32 = phi b1: %4, b2: %5\n"
                               "    %7:32 = phi b1: %4, b2: %1\n"
                               "    store_output %6, %0 base=0 write_mask=1\n"
                               "}\n";

static const char basic_out[] = "shader fragment\n"
                                "\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_input %0\n"
                                "    %2:32 = load_input %0 base=1\n"
                                "    %3:1 = flt %1, %2\n"
                                "    %4:32 = fadd %1, %2\n"
                                "    %5:32 = fmul %1, %2\n"
                                "    %6:32 = bcsel %3, %4, %5\n"
                                "    %7:32 = bcsel %3, %4, %1\n"
                                "    store_output %6, %0 write_mask=1\n"
                                "}\n";

static const char vectors_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32x4 = load_input %0 base=1\n"
   "    %3:1 = fge %1.x, %2.x\n"
   "  if %3 {\n"
   "    b1:\n"
   "      %4:32x4 = fsub %1, %2\n"
   "      %5:32x4 = load_const (1.0, 0.0, 0.0, 1.0)\n"
   "  } else {\n"
   "    b2:\n"
   "  }\n"
   "  b3:\n"
   "    %6:32x4 = phi b1: %4, b2: %2\n"
   "    %7:32x4 = phi b1: %1, b2: %1\n"
   "    %8:32x4 = phi b1: %5, b2: %1\n"
   "    %9:32x4 = fadd %6, %7\n"
   "    store_output %9, %0 write_mask=15\n"
   "    store_output %8, %0 base=1 write_mask=15\n"
   "}\n";

static const char vectors_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32x4 = load_input %0 base=1\n"
   "    %3:1 = fge %1, %2\n"
   "    %4:32x4 = fsub %1, %2\n"
   "    %5:32x4 = load_const (1.0, 0, 0, 1.0)\n"
   "    %6:32x4 = bcsel %3.xxxx, %4, %2\n"
   "    %7:32x4 = bcsel %3.xxxx, %5, %1\n"
   "    %8:32x4 = fadd %6, %1\n"
   "    store_output %8, %0 write_mask=15\n"
   "    store_output %7, %0 base=1 write_mask=15\n"
   "}\n";

static const char nested_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32x4 = load_input %0\n"
                                "    %2:1 = flt %1.x, %1.y\n"
                                "  if %2 {\n"
                                "    b1:\n"
                                "      %3:1 = flt %1.z, %1.w\n"
                                "    if %3 {\n"
                                "      b2:\n"
                                "        %4:32 = fmul %1.z, %1.x\n"
                                "    } else {\n"
                                "      b3:\n"
                                "        %5:32 = fmul %1.w, %1.y\n"
                                "    }\n"
                                "    b4:\n"
                                "      %6:32 = phi b2: %4, b3: %5\n"
                                "  } else {\n"
                                "    b5:\n"
                                "      %7:32 = fneg %1.x\n"
                                "  }\n"
                                "  b6:\n"
                                "    %8:32 = phi b4: %6, b5: %7\n"
                                "    store_output %8, %0 write_mask=1\n"
                                "}\n";

static const char nested_out[] = "shader fragment\n"
                                 "\n"
                                 "fn main {\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32x4 = load_input %0\n"
                                 "    %2:1 = flt %1, %1.y\n"
                                 "    %3:1 = flt %1.z, %1.w\n"
                                 "    %4:32 = fmul %1.z, %1\n"
                                 "    %5:32 = fmul %1.w, %1.y\n"
                                 "    %6:32 = bcsel %3, %4, %5\n"
                                 "    %7:32 = fneg %1\n"
                                 "    %8:32 = bcsel %2, %6, %7\n"
                                 "    store_output %8, %0 write_mask=1\n"
                                 "}\n";

static const char nested_inner_out[] = "shader fragment\n"
                                       "\n"
                                       "fn main {\n"
                                       "  b0:\n"
                                       "    %0:32 = load_const 0\n"
                                       "    %1:32x4 = load_input %0\n"
                                       "    %2:1 = flt %1, %1.y\n"
                                       "  if %2 {\n"
                                       "    b1:\n"
                                       "      %3:1 = flt %1.z, %1.w\n"
                                       "      %4:32 = fmul %1.z, %1\n"
                                       "      %5:32 = fmul %1.w, %1.y\n"
                                       "      %6:32 = bcsel %3, %4, %5\n"
                                       "  } else {\n"
                                       "    b2:\n"
                                       "      %7:32 = fneg %1\n"
                                       "  }\n"
                                       "  b3:\n"
                                       "    %8:32 = phi b1: %6, b2: %7\n"
                                       "    store_output %8, %0 write_mask=1\n"
                                       "}\n";

static const char in_loop_in[] = "shader fragment\n"
                                 "fn main {\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32 = load_const 1\n"
                                 "    %2:32x4 = load_input %0\n"
                                 "    %12:32 = mov %2.x\n"
                                 "  loop {\n"
                                 "    b1:\n"
                                 "      %3:32 = phi b0: %0, b6: %10\n"
                                 "      %4:32 = phi b0: %12, b6: %9\n"
                                 "      %5:32 = load_const 5\n"
                                 "      %6:1 = ige %3, %5\n"
                                 "    if %6 {\n"
                                 "      b2:\n"
                                 "        break\n"
                                 "    } else {\n"
                                 "      b3:\n"
                                 "    }\n"
                                 "    b4:\n"
                                 "      %7:1 = flt %4, %2.y\n"
                                 "    if %7 {\n"
                                 "      b5:\n"
                                 "        %8:32 = fadd %4, %2.z\n"
                                 "    } else {\n"
                                 "      b7:\n"
                                 "        %11:32 = fmul %4, %2.w\n"
                                 "    }\n"
                                 "    b6:\n"
                                 "      %9:32 = phi b5: %8, b7: %11\n"
                                 "      %10:32 = iadd %3, %1\n"
                                 "  }\n"
                                 "  b8:\n"
                                 "    store_output %4, %0 write_mask=1\n"
                                 "}\n";

static const char in_loop_out[] = "shader fragment\n"
                                  "\n"
                                  "fn main {\n"
                                  "  b0:\n"
                                  "    %0:32 = load_const 0\n"
                                  "    %1:32 = load_const 1\n"
                                  "    %2:32x4 = load_input %0\n"
                                  "    %3:32 = mov %2\n"
                                  "  loop {\n"
                                  "    b1:\n"
                                  "      %4:32 = phi b0: %0, b4: %12\n"
                                  "      %5:32 = phi b0: %3, b4: %11\n"
                                  "      %6:32 = load_const 5\n"
                                  "      %7:1 = ige %4, %6\n"
                                  "    if %7 {\n"
                                  "      b2:\n"
                                  "        break\n"
                                  "    } else {\n"
                                  "      b3:\n"
                                  "    }\n"
                                  "    b4:\n"
                                  "      %8:1 = flt %5, %2.y\n"
                                  "      %9:32 = fadd %5, %2.z\n"
                                  "      %10:32 = fmul %5, %2.w\n"
                                  "      %11:32 = bcsel %8, %9, %10\n"
                                  "      %12:32 = iadd %4, %1\n"
                                  "  }\n"
                                  "  b5:\n"
                                  "    store_output %5, %0 write_mask=1\n"
                                  "}\n";

static const char side_effects_in[] =
   "shader fragment\n"
   "var uniform sampler2D @tex binding=0\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:1 = flt %1.x, %1.y\n"
   "    %10:32x2 = mov %1.xy\n"
   "  if %2 {\n"
   "    b1:\n"
   "      store_output %1, %0 write_mask=15\n"
   "  } else {\n"
   "    b2:\n"
   "  }\n"
   "  b3:\n"
   "  if %2 {\n"
   "    b4:\n"
   "      %3:32 = load_input %0 base=1\n"
   "  } else {\n"
   "    b5:\n"
   "      %4:32 = fneg %1.x\n"
   "  }\n"
   "  b6:\n"
   "    %5:32 = phi b4: %3, b5: %4\n"
   "  if %2 {\n"
   "    b7:\n"
   "      %6:32x4 = tex tex 2d float texture=0 sampler=0 coord=%10\n"
   "  } else {\n"
   "    b8:\n"
   "  }\n"
   "  b9:\n"
   "    %7:32x4 = phi b7: %6, b8: %1\n"
   "  if %2 {\n"
   "    b10:\n"
   "      discard\n"
   "  } else {\n"
   "    b11:\n"
   "  }\n"
   "  b12:\n"
   "  if %2 {\n"
   "    b13:\n"
   "      %8:32 = ddx %5\n"
   "  } else {\n"
   "    b14:\n"
   "  }\n"
   "  b15:\n"
   "    %9:32 = phi b13: %8, b14: %5\n"
   "    store_output %7, %0 base=1 write_mask=15\n"
   "    store_output %9, %0 base=2 write_mask=1\n"
   "}\n";

static const char limits_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32x4 = load_input %0\n"
                                "    %2:1 = flt %1.x, %1.y\n"
                                "  if %2 {\n"
                                "    b1:\n"
                                "      %3:32 = fadd %1.x, %1.y\n"
                                "      %4:32 = fmul %3, %3\n"
                                "      %5:32 = fsub %4, %1.z\n"
                                "  } else {\n"
                                "    b2:\n"
                                "  }\n"
                                "  b3:\n"
                                "    %6:32 = phi b1: %5, b2: %0\n"
                                "  loop {\n"
                                "    b4:\n"
                                "      %7:1 = flt %6, %1.w\n"
                                "    if %7 {\n"
                                "      b5:\n"
                                "        break\n"
                                "    } else {\n"
                                "      b6:\n"
                                "    }\n"
                                "    b7:\n"
                                "    if %2 {\n"
                                "      b8:\n"
                                "        %8:32 = fadd %6, %6\n"
                                "        continue\n"
                                "    } else {\n"
                                "      b9:\n"
                                "    }\n"
                                "    b10:\n"
                                "  }\n"
                                "  b11:\n"
                                "  if %2 {\n"
                                "    b12:\n"
                                "      %9:1 = flt %1.z, %1.w\n"
                                "    if %9 {\n"
                                "      b13:\n"
                                "        store_output %1, %0 write_mask=15\n"
                                "    } else {\n"
                                "      b14:\n"
                                "    }\n"
                                "    b15:\n"
                                "  } else {\n"
                                "    b16:\n"
                                "  }\n"
                                "  b17:\n"
                                "    store_output %6, %0 base=1 write_mask=1\n"
                                "}\n";

static const char limits_cost3_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:1 = flt %1, %1.y\n"
   "    %3:32 = fadd %1, %1.y\n"
   "    %4:32 = fmul %3, %3\n"
   "    %5:32 = fsub %4, %1.z\n"
   "    %6:32 = bcsel %2, %5, %0\n"
   "  loop {\n"
   "    b1:\n"
   "      %7:1 = flt %6, %1.w\n"
   "    if %7 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "    if %2 {\n"
   "      b5:\n"
   "        %8:32 = fadd %6, %6\n"
   "        continue\n"
   "    } else {\n"
   "      b6:\n"
   "    }\n"
   "    b7:\n"
   "  }\n"
   "  b8:\n"
   "  if %2 {\n"
   "    b9:\n"
   "      %9:1 = flt %1.z, %1.w\n"
   "    if %9 {\n"
   "      b10:\n"
   "        store_output %1, %0 write_mask=15\n"
   "    } else {\n"
   "      b11:\n"
   "    }\n"
   "    b12:\n"
   "  } else {\n"
   "    b13:\n"
   "  }\n"
   "  b14:\n"
   "    store_output %6, %0 base=1 write_mask=1\n"
   "}\n";

/* Two scalar phis: one bcsel each; the sides' code runs before. */
static void
scalar_phis(void **state)
{
   cfp_check_pass(*state, basic_in, run_pass, 4, true, basic_out);
   cfp_check_same_results(basic_in, run_pass, 4, CFP_FLOATS);
}

/* Vector phis select with the condition splatted (.xxxx); the same def on
 * both sides needs no select; the else side is empty; constants do not
 * count toward the cost. */
static void
vector_phis(void **state)
{
   cfp_check_pass(*state, vectors_in, run_pass, 2, true, vectors_out);
   cfp_check_same_results(vectors_in, run_pass, 2, CFP_FLOATS);
}

/* The inner if flattens first, then the outer one, in a single run. */
static void
nested_ifs(void **state)
{
   cfp_check_pass(*state, nested_in, run_pass, 4, true, nested_out);
   cfp_check_same_results(nested_in, run_pass, 4, CFP_FLOATS);
}

/* With a limit of 2 the flattened inner if makes the outer then side too
 * costly (4 instructions): only the inner one goes. */
static void
nested_ifs_cost_limit(void **state)
{
   cfp_check_pass(*state, nested_in, run_pass, 2, true, nested_inner_out);
   cfp_check_same_results(nested_in, run_pass, 2, CFP_FLOATS);
}

/* An if inside a loop becomes a select; the if holding the loop's break
 * stays. */
static void
if_in_loop(void **state)
{
   cfp_check_pass(*state, in_loop_in, run_pass, 2, true, in_loop_out);
   cfp_check_same_results(in_loop_in, run_pass, 2, CFP_FLOATS);
}

/* A store, a load, a texture lookup, a discard and a derivative are
 * never speculated, whatever the cost limit. */
static void
no_side_effects_speculated(void **state)
{
   cfp_check_pass(*state, side_effects_in, run_pass, 8, false, NULL);
}

/* Three instructions above a limit of 2, a side ending in continue, and a
 * side holding an if that cannot be flattened: nothing fires. */
static void
limits_respected(void **state)
{
   cfp_check_pass(*state, limits_in, run_pass, 2, false, NULL);
}

/* Under a limit of 3 only the three-instruction side goes. */
static void
limit_reached_exactly(void **state)
{
   cfp_check_pass(*state, limits_in, run_pass, 3, true, limits_cost3_out);
}

/* A limit of 0 disables the pass. */
static void
disabled_by_zero_cost(void **state)
{
   cfp_check_pass(*state, basic_in, run_pass, 0, false, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(scalar_phis, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(vector_phis, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(nested_ifs, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         nested_ifs_cost_limit, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(if_in_loop, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_side_effects_speculated,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(limits_respected, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         limit_reached_exactly, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         disabled_by_zero_cost, ir_test_arena_setup, ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
