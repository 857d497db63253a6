/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_dce(): dead chains, dead cycles through loop phis, side
 * effects and if conditions as roots, removable loads, registers that are
 * only written (or read only by dead code), parallel copies, the cases
 * where nothing is dead, and a differential run in the interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/tests/ir_opt_test_helpers.h"

/* Whatever feeds no side effect goes: ALU chains, constants, undefs and
 * loads without side effects. */
static void
dead_chain(void **state)
{
   OPT_CHECK(*state, ir_opt_dce,
             "shader fragment\n"
             "var shader_temp float @t\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = load_input %0 base=1\n"
             "    %3:32 = fmul %2, %2\n"
             "    %4:32 = fadd %3, %1\n"
             "    %5:32 = undef\n"
             "    %6:32 = load_const 2.0\n"
             "    %7:32 = deref_var @t\n"
             "    %8:32 = load_deref %7\n"
             "    %9:1 = is_helper_invocation\n"
             "    %10:32 = fadd %1, %1\n"
             "    store_output %10, %0 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "var shader_temp float @t\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = fadd %1, %1\n"
             "    store_output %2, %0 write_mask=1\n"
             "}\n");
}

/* A dead accumulator in a loop: its phi and increment use each other;
 * the counter feeding the exit condition stays. */
static void
dead_loop_cycle(void **state)
{
   OPT_CHECK(*state, ir_opt_dce,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 1\n"
             "    %2:32 = load_input %0\n"
             "  loop {\n"
             "    b1:\n"
             "      %3:32 = phi b0: %0, b4: %6\n"
             "      %4:32 = phi b0: %2, b4: %7\n"
             "      %5:1 = ige %3, %2\n"
             "    if %5 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "    }\n"
             "    b4:\n"
             "      %6:32 = iadd %3, %1\n"
             "      %7:32 = imul %4, %6\n"
             "  }\n"
             "  b5:\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 1\n"
             "    %2:32 = load_input %0\n"
             "  loop {\n"
             "    b1:\n"
             "      %3:32 = phi b0: %0, b4: %5\n"
             "      %4:1 = ige %3, %2\n"
             "    if %4 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "    }\n"
             "    b4:\n"
             "      %5:32 = iadd %3, %1\n"
             "  }\n"
             "  b5:\n"
             "}\n");
}

/* An unused phi after an if goes with its sources; the if condition's
 * chain stays. */
static void
unused_phi(void **state)
{
   OPT_CHECK(*state, ir_opt_dce,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:1 = flt %1, %0\n"
             "  if %2 {\n"
             "    b1:\n"
             "      %3:32 = fneg %1\n"
             "  } else {\n"
             "    b2:\n"
             "      %4:32 = fabs %1\n"
             "  }\n"
             "  b3:\n"
             "    %5:32 = phi b1: %3, b2: %4\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:1 = flt %1, %0\n"
             "  if %2 {\n"
             "    b1:\n"
             "  } else {\n"
             "    b2:\n"
             "  }\n"
             "  b3:\n"
             "}\n");
}

/* Registers: one only written goes with its decl_reg, and so does one
 * read only by a dead load (in one run); one whose load feeds a live
 * store into an array register that is read stays with all its stores. */
static void
registers(void **state)
{
   OPT_CHECK(*state, ir_opt_dce,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = decl_reg num_components=1 bit_size=32\n"
             "    %3:32 = decl_reg num_components=1 bit_size=32\n"
             "    %4:32 = decl_reg num_components=1 bit_size=32 "
             "num_array_elems=2\n"
             "    store_reg %1, %2 write_mask=1\n"
             "    store_reg %1, %3 write_mask=1\n"
             "    %5:32 = load_reg %3\n"
             "    %6:32 = fadd %5, %5\n"
             "    store_reg %1, %4 base=1 write_mask=1\n"
             "    store_reg_indirect %6, %4, %0 write_mask=1\n"
             "    %7:32 = load_reg_indirect %4, %0\n"
             "    store_output %7, %0 write_mask=1\n"
             "    %8:32 = decl_reg num_components=1 bit_size=32\n"
             "    store_reg %7, %8 write_mask=1\n"
             "    %9:32 = load_reg %8\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = decl_reg num_components=1 bit_size=32\n"
             "    %3:32 = decl_reg num_components=1 bit_size=32 "
             "num_array_elems=2\n"
             "    store_reg %1, %2 write_mask=1\n"
             "    %4:32 = load_reg %2\n"
             "    %5:32 = fadd %4, %4\n"
             "    store_reg %1, %3 base=1 write_mask=1\n"
             "    store_reg_indirect %5, %3, %0 write_mask=1\n"
             "    %6:32 = load_reg_indirect %3, %0\n"
             "    store_output %6, %0 write_mask=1\n"
             "}\n");
}

/* Must not fire: side effects (stores, discard, barrier, demote), jumps,
 * parallel copies and if conditions keep everything they read. */
static void
side_effects_stay(void **state)
{
   OPT_CHECK_NO_PROGRESS(*state, ir_opt_dce,
                         "shader fragment\n"
                         "var shader_temp float @t\n"
                         "fn main {\n"
                         "  b0:\n"
                         "    %0:32 = load_const 0\n"
                         "    %1:32 = load_input %0\n"
                         "    %2:32 = deref_var @t\n"
                         "    store_deref %2, %1 write_mask=1\n"
                         "    %3:1 = flt %1, %0\n"
                         "    discard_if %3\n"
                         "    barrier\n"
                         "    demote\n"
                         "    %4:32 = decl_reg num_components=1 "
                         "bit_size=32\n"
                         "    parallel_copy %4 <- %1\n"
                         "  loop {\n"
                         "    b1:\n"
                         "      %5:1 = load_front_face\n"
                         "    if %5 {\n"
                         "      b2:\n"
                         "        break\n"
                         "    } else {\n"
                         "      b3:\n"
                         "        continue\n"
                         "    }\n"
                         "    b4:\n"
                         "  }\n"
                         "  b5:\n"
                         "    %6:32 = fadd %1, %1\n"
                         "    store_output %6, %0 write_mask=1\n"
                         "    return\n"
                         "}\n");
}

/* Code in a block that nothing reaches is dead like any other. */
static void
unreachable_block(void **state)
{
   OPT_CHECK(*state, ir_opt_dce,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:1 = load_front_face\n"
             "  loop {\n"
             "    b1:\n"
             "    if %1 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "        continue\n"
             "    }\n"
             "    b4:\n"
             "      %2:32 = fadd %0, %0\n"
             "  }\n"
             "  b5:\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:1 = load_front_face\n"
             "  loop {\n"
             "    b1:\n"
             "    if %0 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "        continue\n"
             "    }\n"
             "    b4:\n"
             "  }\n"
             "  b5:\n"
             "}\n");
}

/* Removing dead code does not change what a shader computes. */
static void
differential(void **state)
{
   assert_true(OPT_DIFFERENTIAL(*state, ir_opt_dce,
                                "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32 = load_input %0\n"
                                "    %3:32 = iand %2, %1\n"
                                "    %4:32 = ushr %2, %1\n"
                                "    %5:32 = umin %4, %1\n"
                                "  loop {\n"
                                "    b1:\n"
                                "      %6:32 = phi b0: %0, b4: %9\n"
                                "      %7:32 = phi b0: %2, b4: %10\n"
                                "      %8:1 = uge %6, %5\n"
                                "    if %8 {\n"
                                "      b2:\n"
                                "        break\n"
                                "    } else {\n"
                                "      b3:\n"
                                "    }\n"
                                "    b4:\n"
                                "      %9:32 = iadd %6, %1\n"
                                "      %10:32 = ixor %7, %9\n"
                                "  }\n"
                                "  b5:\n"
                                "    %11:32 = iadd %7, %3\n"
                                "    %12:32 = imul %11, %11\n"
                                "    store_output %11, %0 write_mask=1\n"
                                "}\n",
                                NULL, 8));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(dead_chain, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(dead_loop_cycle, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(unused_phi, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(registers, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(side_effects_stay, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(unreachable_block, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(differential, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
