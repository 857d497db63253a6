/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_dead_cf(): ifs with constant conditions (phis resolved,
 * nested control flow moved out, a taken side ending in a jump), code that
 * nothing reaches (after an if whose sides both jump, after a taken
 * return), loops that run once, ifs and loops without effect, what must
 * stay (side effects, used values, jumps leaving the node, loops that
 * cannot exit), and differential runs in the interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/tests/ir_opt_test_helpers.h"

static const char *const constant_false_in =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_input %0\n"
   "    %2:1 = load_const false\n"
   "  if %2 {\n"
   "    b1:\n"
   "      %3:32 = fneg %1\n"
   "      store_output %3, %0 write_mask=1\n"
   "  } else {\n"
   "    b2:\n"
   "      %4:1 = flt %1, %0\n"
   "    if %4 {\n"
   "      b3:\n"
   "        %5:32 = fabs %1\n"
   "    } else {\n"
   "      b4:\n"
   "        %6:32 = fsat %1\n"
   "    }\n"
   "    b5:\n"
   "      %7:32 = phi b3: %5, b4: %6\n"
   "      %8:32 = fadd %7, %1\n"
   "  }\n"
   "  b6:\n"
   "    %9:32 = phi b1: %3, b5: %8\n"
   "    store_output %9, %0 base=1 write_mask=1\n"
   "}\n";

/* if false: the else side, itself an if with a phi, replaces the if; the
 * phi after it takes the else side's value. */
static void
constant_false_nested(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf, constant_false_in,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:1 = load_const false\n"
             "    %3:1 = flt %1, %0\n"
             "  if %3 {\n"
             "    b1:\n"
             "      %4:32 = fabs %1\n"
             "  } else {\n"
             "    b2:\n"
             "      %5:32 = fsat %1\n"
             "  }\n"
             "  b3:\n"
             "    %6:32 = phi b1: %4, b2: %5\n"
             "    %7:32 = fadd %6, %1\n"
             "    store_output %7, %0 base=1 write_mask=1\n"
             "}\n");
}

static const char *const constant_true_break_in =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32 = load_input %0\n"
   "    %3:1 = load_const true\n"
   "  loop {\n"
   "    b1:\n"
   "      %4:32 = phi b0: %0, b7: %9\n"
   "      %5:1 = ige %4, %2\n"
   "    if %5 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %6:32 = iadd %4, %1\n"
   "    if %3 {\n"
   "      b5:\n"
   "        %7:32 = imul %6, %6\n"
   "        store_output %7, %0 write_mask=1\n"
   "        break\n"
   "    } else {\n"
   "      b6:\n"
   "        %8:32 = iadd %6, %6\n"
   "    }\n"
   "    b7:\n"
   "      %9:32 = phi b6: %8\n"
   "      %10:32 = iadd %9, %1\n"
   "      store_output %10, %0 base=1 write_mask=1\n"
   "  }\n"
   "  b8:\n"
   "    %11:32 = phi b2: %4, b5: %6\n"
   "    store_output %11, %0 base=2 write_mask=1\n"
   "}\n";

/* if true inside a loop, the taken side ending in break: what follows the
 * if in the body cannot run and goes (with the phi after the if), the
 * header phi loses the back edge, the exit phi keeps the break's value. */
static void
constant_true_break(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf, constant_true_break_in,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 1\n"
             "    %2:32 = load_input %0\n"
             "    %3:1 = load_const true\n"
             "  loop {\n"
             "    b1:\n"
             "      %4:32 = phi b0: %0\n"
             "      %5:1 = ige %4, %2\n"
             "    if %5 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "    }\n"
             "    b4:\n"
             "      %6:32 = iadd %4, %1\n"
             "      %7:32 = imul %6, %6\n"
             "      store_output %7, %0 write_mask=1\n"
             "      break\n"
             "  }\n"
             "  b5:\n"
             "    %8:32 = phi b2: %4, b4: %6\n"
             "    store_output %8, %0 base=2 write_mask=1\n"
             "}\n");
}

static const char *const loops_once_in =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_input %0\n"
   "  loop {\n"
   "    b1:\n"
   "      %2:32 = phi b0: %1\n"
   "      %3:32 = fmul %2, %2\n"
   "      break\n"
   "  }\n"
   "  b2:\n"
   "    %4:32 = phi b1: %3\n"
   "  loop {\n"
   "    b3:\n"
   "      %5:32 = phi b2: %4\n"
   "      %6:1 = flt %5, %0\n"
   "    if %6 {\n"
   "      b4:\n"
   "        %7:32 = fneg %5\n"
   "    } else {\n"
   "      b5:\n"
   "    }\n"
   "    b6:\n"
   "      %8:32 = phi b4: %7, b5: %5\n"
   "      store_output %8, %0 write_mask=1\n"
   "      break\n"
   "  }\n"
   "  b7:\n"
   "    %9:32 = phi b6: %8\n"
   "    store_output %9, %0 base=1 write_mask=1\n"
   "}\n";

/* Loops whose body ends in their only break and never continues run
 * once: `loop { ...; break }` becomes its body, with the header phis
 * taking the value from before the loop and the exit phis the value from
 * the break. */
static void
loops_running_once(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf, loops_once_in,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = fmul %1, %1\n"
             "    %3:1 = flt %2, %0\n"
             "  if %3 {\n"
             "    b1:\n"
             "      %4:32 = fneg %2\n"
             "  } else {\n"
             "    b2:\n"
             "  }\n"
             "  b3:\n"
             "    %5:32 = phi b1: %4, b2: %2\n"
             "    store_output %5, %0 write_mask=1\n"
             "    store_output %5, %0 base=1 write_mask=1\n"
             "}\n");
}

static const char *const useless_in = "shader fragment\n"
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
                                      "  }\n"
                                      "  b3:\n"
                                      "    %4:32 = phi b1: %3, b2: %1\n"
                                      "  if %2 {\n"
                                      "    b4:\n"
                                      "  } else {\n"
                                      "    b5:\n"
                                      "  }\n"
                                      "  b6:\n"
                                      "  loop {\n"
                                      "    b7:\n"
                                      "      %5:32 = phi b6: %0, b10: %7\n"
                                      "      %6:1 = fge %5, %1\n"
                                      "    if %6 {\n"
                                      "      b8:\n"
                                      "        break\n"
                                      "    } else {\n"
                                      "      b9:\n"
                                      "    }\n"
                                      "    b10:\n"
                                      "      %7:32 = fadd %5, %1\n"
                                      "  }\n"
                                      "  b11:\n"
                                      "    %8:32 = phi b8: %5\n"
                                      "    store_output %1, %0 write_mask=1\n"
                                      "}\n";

/* An if whose only result is an unused phi, an empty if and a loop whose
 * values are not used outside go. */
static void
useless_if_and_loop(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf, useless_in,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:1 = flt %1, %0\n"
             "    store_output %1, %0 write_mask=1\n"
             "}\n");
}

/* Both sides of the if jump: the rest of the loop body cannot run.  Its
 * value still feeds the header phi through the (unreachable) fall-through
 * edge, which gets an undef. */
static void
unreachable_after_if(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:1 = flt %1, %0\n"
             "  loop {\n"
             "    b1:\n"
             "      %3:32 = phi b0: %1, b3: %4, b4: %6\n"
             "      %4:32 = fadd %3, %1\n"
             "    if %2 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "        continue\n"
             "    }\n"
             "    b4:\n"
             "      %5:32 = fmul %4, %4\n"
             "      %6:32 = fadd %5, %3\n"
             "      store_output %6, %0 write_mask=1\n"
             "  }\n"
             "  b5:\n"
             "    store_output %4, %0 base=1 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = undef\n"
             "    %1:32 = load_const 0\n"
             "    %2:32 = load_input %1\n"
             "    %3:1 = flt %2, %1\n"
             "  loop {\n"
             "    b1:\n"
             "      %4:32 = phi b0: %2, b3: %5, b4: %0\n"
             "      %5:32 = fadd %4, %2\n"
             "    if %3 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "        continue\n"
             "    }\n"
             "    b4:\n"
             "  }\n"
             "  b5:\n"
             "    store_output %5, %1 base=1 write_mask=1\n"
             "}\n");
}

static const char *const taken_return_in =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_input %0\n"
   "    %2:1 = load_const true\n"
   "  if %2 {\n"
   "    b1:\n"
   "      store_output %1, %0 write_mask=1\n"
   "      return\n"
   "  } else {\n"
   "    b2:\n"
   "      %3:32 = fneg %1\n"
   "  }\n"
   "  b3:\n"
   "    %4:32 = phi b2: %3\n"
   "    store_output %4, %0 base=1 write_mask=1\n"
   "  loop {\n"
   "    b4:\n"
   "      break\n"
   "  }\n"
   "  b5:\n"
   "}\n";

/* A taken return at the top level: everything after it goes, including
 * the phi that only the other side fed. */
static void
taken_return(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf, taken_return_in,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:1 = load_const true\n"
             "    store_output %1, %0 write_mask=1\n"
             "    return\n"
             "}\n");
}

static const char *const must_stay_in =
   "shader fragment\n"
   "var shader_temp float @t\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_input %0\n"
   "    %2:1 = flt %1, %0\n"
   "  if %2 {\n"
   "    b1:\n"
   "      %3:32 = deref_var @t\n"
   "      store_deref %3, %1 write_mask=1\n"
   "  } else {\n"
   "    b2:\n"
   "  }\n"
   "  b3:\n"
   "  if %2 {\n"
   "    b4:\n"
   "      %4:32 = fneg %1\n"
   "  } else {\n"
   "    b5:\n"
   "  }\n"
   "  b6:\n"
   "    %5:32 = phi b4: %4, b5: %1\n"
   "    store_output %5, %0 write_mask=1\n"
   "  loop {\n"
   "    b7:\n"
   "    if %2 {\n"
   "      b8:\n"
   "        break\n"
   "    } else {\n"
   "      b9:\n"
   "    }\n"
   "    b10:\n"
   "    if %2 {\n"
   "      b11:\n"
   "        discard\n"
   "    } else {\n"
   "      b12:\n"
   "    }\n"
   "    b13:\n"
   "  }\n"
   "  b14:\n"
   "  loop {\n"
   "    b15:\n"
   "      %6:32 = phi b14: %0, b18: %8\n"
   "      %7:1 = fge %6, %1\n"
   "    if %7 {\n"
   "      b16:\n"
   "        break\n"
   "    } else {\n"
   "      b17:\n"
   "    }\n"
   "    b18:\n"
   "      %8:32 = fadd %6, %1\n"
   "  }\n"
   "  b19:\n"
   "    store_output %6, %0 base=1 write_mask=1\n"
   "  loop {\n"
   "    b20:\n"
   "    if %2 {\n"
   "      b21:\n"
   "        break\n"
   "    } else {\n"
   "      b22:\n"
   "    }\n"
   "    b23:\n"
   "    if %2 {\n"
   "      b24:\n"
   "        return\n"
   "    } else {\n"
   "      b25:\n"
   "    }\n"
   "    b26:\n"
   "  }\n"
   "  b27:\n"
   "  loop {\n"
   "    b28:\n"
   "      continue\n"
   "  }\n"
   "  b29:\n"
   "}\n";

/* Must not fire: an if with a store, an if whose phi is used, a loop
 * with a discard, a loop whose value is used after it, ifs whose jumps
 * leave them (break, return), a loop that returns, a loop that never
 * exits. */
static void
must_stay(void **state)
{
   OPT_CHECK_NO_PROGRESS(*state, ir_opt_dead_cf, must_stay_in);
}

static const char *const nested_in = "shader fragment\n"
                                     "fn main {\n"
                                     "  b0:\n"
                                     "    %0:32 = load_const 0\n"
                                     "    %1:32 = load_const 1\n"
                                     "    %2:32 = load_input %0\n"
                                     "  loop {\n"
                                     "    b1:\n"
                                     "      %3:32 = phi b0: %0, b9: %9\n"
                                     "      %4:1 = ige %3, %2\n"
                                     "    if %4 {\n"
                                     "      b2:\n"
                                     "        break\n"
                                     "    } else {\n"
                                     "      b3:\n"
                                     "    }\n"
                                     "    b4:\n"
                                     "    loop {\n"
                                     "      b5:\n"
                                     "        %5:32 = phi b4: %3, b8: %7\n"
                                     "        %6:1 = ige %5, %2\n"
                                     "      if %6 {\n"
                                     "        b6:\n"
                                     "          break\n"
                                     "      } else {\n"
                                     "        b7:\n"
                                     "      }\n"
                                     "      b8:\n"
                                     "        %7:32 = iadd %5, %1\n"
                                     "    }\n"
                                     "    b9:\n"
                                     "      %8:32 = phi b6: %5\n"
                                     "      %9:32 = iadd %3, %1\n"
                                     "      store_output %9, %0 write_mask=1\n"
                                     "  }\n"
                                     "  b10:\n"
                                     "  if %4 {\n"
                                     "    b11:\n"
                                     "      %10:32 = fneg %2\n"
                                     "  } else {\n"
                                     "    b12:\n"
                                     "      %11:1 = load_const false\n"
                                     "    if %11 {\n"
                                     "      b13:\n"
                                     "        return\n"
                                     "    } else {\n"
                                     "      b14:\n"
                                     "    }\n"
                                     "    b15:\n"
                                     "  }\n"
                                     "  b16:\n"
                                     "}\n";

/* Inner nodes first: a dead loop inside a live one goes; an if whose else
 * side holds `if false { return }` becomes useless once that is folded,
 * and goes in the same run. */
static void
nested(void **state)
{
   OPT_CHECK(*state, ir_opt_dead_cf, nested_in,
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
             "      store_output %5, %0 write_mask=1\n"
             "  }\n"
             "  b5:\n"
             "}\n");
}

/* Lane values that keep the loops above short whether read as integers
 * or floats: small integers (tiny positive floats), negative floats
 * (negative integers), zeros. */
static void
fill_small(opt_exec_io in, unsigned run)
{
   static const uint32_t values[2][4] = {
      { 2, 0xbf800000u, 0, 1 },
      { 3, 0x80000000u, 0xc0400000u, 0 },
   };
   for (unsigned l = 0; l < OPT_EXEC_LANES; l++)
      in[0][0][l] = values[run % 2][l];
}

/* The simplified shaders compute what the originals do (must_stay_in
 * has loops that never end, so it is not run). */
static void
differential(void **state)
{
   const char *const shaders[] = {
      constant_false_in, constant_true_break_in, loops_once_in,
      useless_in,        taken_return_in,        nested_in,
   };
   for (unsigned i = 0; i < sizeof(shaders) / sizeof(shaders[0]); i++)
      assert_true(
         OPT_DIFFERENTIAL(*state, ir_opt_dead_cf, shaders[i], fill_small, 2));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(
         constant_false_nested, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(constant_true_break, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(loops_running_once, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(useless_if_and_loop, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(unreachable_after_if, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(taken_return, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(must_stay, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(nested, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(differential, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
