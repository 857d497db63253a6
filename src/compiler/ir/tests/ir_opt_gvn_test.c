/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_gvn(): duplicates in a block and in dominated blocks,
 * commutative operands, the scoping that keeps the two sides of an if
 * apart, what makes instructions differ (exact flag, swizzles, sizes,
 * constant bits such as -0.0 and NaN payloads), which intrinsics may merge
 * (CAN_REORDER) and which may not (loads of memory, helper state), derefs,
 * loops, and a differential run in the interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/tests/ir_opt_test_helpers.h"

/* fadd b, a is fadd a, b; ffma swaps its first two operands only. */
static void
commutative(void **state)
{
   OPT_CHECK(*state, ir_opt_gvn,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32 = fadd %1.x, %1.y\n"
             "    %3:32 = fadd %1.y, %1.x\n"
             "    %4:32 = ffma %1.x, %1.y, %2\n"
             "    %5:32 = ffma %1.y, %1.x, %3\n"
             "    %6:32 = ffma %1.x, %2, %1.y\n"
             "    %7:32 = fsub %1.x, %1.y\n"
             "    %8:32 = fsub %1.y, %1.x\n"
             "    %9:32x4 = vec4 %3, %5, %6, %8\n"
             "    %10:32x4 = vec4 %2, %4, %6, %7\n"
             "    store_output %9, %0 write_mask=15\n"
             "    store_output %10, %0 base=1 write_mask=15\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32 = fadd %1, %1.y\n"
             "    %3:32 = ffma %1, %1.y, %2\n"
             "    %4:32 = ffma %1, %2, %1.y\n"
             "    %5:32 = fsub %1, %1.y\n"
             "    %6:32 = fsub %1.y, %1\n"
             "    %7:32x4 = vec4 %2, %3, %4, %6\n"
             "    %8:32x4 = vec4 %2, %3, %4, %5\n"
             "    store_output %7, %0 write_mask=15\n"
             "    store_output %8, %0 base=1 write_mask=15\n"
             "}\n");
}

/* A value computed before an if serves both sides and the block after;
 * values computed on one side do not serve the other side or the block
 * after the if. */
static void
dominance_scopes(void **state)
{
   OPT_CHECK(*state, ir_opt_gvn,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = fmul %1, %1\n"
             "    %3:1 = flt %2, %1\n"
             "  if %3 {\n"
             "    b1:\n"
             "      %4:32 = fmul %1, %1\n"
             "      %5:32 = fadd %4, %1\n"
             "  } else {\n"
             "    b2:\n"
             "      %6:32 = fadd %2, %1\n"
             "  }\n"
             "  b3:\n"
             "    %7:32 = phi b1: %5, b2: %6\n"
             "    %8:32 = fadd %2, %1\n"
             "    %9:32 = fmul %1, %1\n"
             "    %10:32 = fadd %7, %8\n"
             "    %11:32 = fadd %10, %9\n"
             "    store_output %11, %0 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = fmul %1, %1\n"
             "    %3:1 = flt %2, %1\n"
             "  if %3 {\n"
             "    b1:\n"
             "      %4:32 = fadd %2, %1\n"
             "  } else {\n"
             "    b2:\n"
             "      %5:32 = fadd %2, %1\n"
             "  }\n"
             "  b3:\n"
             "    %6:32 = phi b1: %4, b2: %5\n"
             "    %7:32 = fadd %2, %1\n"
             "    %8:32 = fadd %6, %7\n"
             "    %9:32 = fadd %8, %2\n"
             "    store_output %9, %0 write_mask=1\n"
             "}\n");
}

/* Must not fire: instructions that differ in the exact flag, the
 * swizzle, the size, or constants that differ in bits (0.0 and -0.0, two
 * NaNs); loads of memory and helper state; tex. */
static void
no_merge(void **state)
{
   OPT_CHECK_NO_PROGRESS(*state, ir_opt_gvn,
                         "shader fragment\n"
                         "var shader_temp float @t\n"
                         "fn main {\n"
                         "  b0:\n"
                         "    %0:32 = load_const 0\n"
                         "    %1:32x4 = load_input %0\n"
                         "    %2:32 = fadd %1.x, %1.y\n"
                         "    %3:32 = exact fadd %1.x, %1.y\n"
                         "    %4:32 = fadd %1.x, %1.z\n"
                         "    %5:32x2 = fadd %1.xy, %1.yz\n"
                         "    %6:32 = load_const -0.0\n"
                         "    %7:32 = load_const 0x7fc00000\n"
                         "    %8:32 = load_const 0x7fc00001\n"
                         "    %9:1 = load_const false\n"
                         "    %10:64 = load_const 0\n"
                         "    %11:32 = load_input %0 base=1\n"
                         "    %12:32 = load_input %0 component=1\n"
                         "    %13:32 = deref_var @t\n"
                         "    %14:32 = load_deref %13\n"
                         "    store_deref %13, %2 write_mask=1\n"
                         "    %15:32 = load_deref %13\n"
                         "    %16:1 = is_helper_invocation\n"
                         "    demote\n"
                         "    %17:1 = is_helper_invocation\n"
                         "    %18:32x4 = tex tex 2d float texture=0 "
                         "sampler=0 coord=%5\n"
                         "    %19:32x4 = tex tex 2d float texture=0 "
                         "sampler=0 coord=%5\n"
                         "    %20:32 = load_output %0\n"
                         "    %21:32 = load_output %0\n"
                         "}\n");
}

/* CAN_REORDER intrinsics (inputs, uniforms, system values, derivatives)
 * and derefs merge; the loads through the derefs do not. */
static void
intrinsics_and_derefs(void **state)
{
   OPT_CHECK(*state, ir_opt_gvn,
             "shader fragment\n"
             "var shader_temp float[4] @a\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 1\n"
             "    %2:32 = load_input %0 base=2\n"
             "    %3:32 = load_input %0 base=2\n"
             "    %4:32 = load_uniform %1 base=4\n"
             "    %5:32 = load_uniform %1 base=4\n"
             "    %6:1 = load_front_face\n"
             "    %7:1 = load_front_face\n"
             "    %8:32 = ddx %2\n"
             "    %9:32 = ddx %3\n"
             "    %10:32 = deref_var @a\n"
             "    %11:32 = deref_array %10[%1]\n"
             "    %12:32 = deref_var @a\n"
             "    %13:32 = deref_array %12[%1]\n"
             "    %14:32 = load_deref %11\n"
             "    %15:32 = load_deref %13\n"
             "    %16:32x4 = vec4 %4, %5, %8, %9\n"
             "    %17:32x2 = vec2 %14, %15\n"
             "    store_output %16, %0 write_mask=15\n"
             "    store_output %17, %0 base=1 write_mask=3\n"
             "    discard_if %7\n"
             "}\n",
             "shader fragment\n"
             "var shader_temp float[4] @a\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 1\n"
             "    %2:32 = load_input %0 base=2\n"
             "    %3:32 = load_uniform %1 base=4\n"
             "    %4:1 = load_front_face\n"
             "    %5:32 = ddx %2\n"
             "    %6:32 = deref_var @a\n"
             "    %7:32 = deref_array %6[%1]\n"
             "    %8:32 = load_deref %7\n"
             "    %9:32 = load_deref %7\n"
             "    %10:32x4 = vec4 %3, %3, %5, %5\n"
             "    %11:32x2 = vec2 %8, %9\n"
             "    store_output %10, %0 write_mask=15\n"
             "    store_output %11, %0 base=1 write_mask=3\n"
             "    discard_if %4\n"
             "}\n");
}

/* Constants merge by bits whatever the literal (0 and 0.0); a value of
 * the loop header serves the body and the code after the loop, one from
 * before the loop serves the body. */
static void
constants_and_loops(void **state)
{
   OPT_CHECK(*state, ir_opt_gvn,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 0.0\n"
             "    %2:32 = load_input %1\n"
             "    %3:32 = load_const 1\n"
             "  loop {\n"
             "    b1:\n"
             "      %4:32 = phi b0: %0, b4: %8\n"
             "      %5:32 = iadd %4, %2\n"
             "      %6:1 = ige %5, %3\n"
             "    if %6 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "    }\n"
             "    b4:\n"
             "      %7:32 = load_const 1\n"
             "      %8:32 = iadd %4, %7\n"
             "  }\n"
             "  b5:\n"
             "    %9:32 = iadd %4, %2\n"
             "    store_output %9, %0 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = load_const 1\n"
             "  loop {\n"
             "    b1:\n"
             "      %3:32 = phi b0: %0, b4: %6\n"
             "      %4:32 = iadd %3, %1\n"
             "      %5:1 = ige %4, %2\n"
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
             "    store_output %4, %0 write_mask=1\n"
             "}\n");
}

/* A merge exposes another: after %3 becomes %2, fneg %3 equals fneg %2
 * (sources are compared after they were rewritten). */
static void
cascade(void **state)
{
   OPT_CHECK(*state, ir_opt_gvn,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = fmul %1, %1\n"
             "    %3:32 = fmul %1, %1\n"
             "    %4:32 = fneg %2\n"
             "    %5:32 = fneg %3\n"
             "    %6:32 = fadd %4, %5\n"
             "    store_output %6, %0 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_input %0\n"
             "    %2:32 = fmul %1, %1\n"
             "    %3:32 = fneg %2\n"
             "    %4:32 = fadd %3, %3\n"
             "    store_output %4, %0 write_mask=1\n"
             "}\n");
}

/* Merging equal values does not change what a shader computes. */
static void
differential(void **state)
{
   assert_true(OPT_DIFFERENTIAL(*state, ir_opt_gvn,
                                "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32x4 = load_input %0\n"
                                "    %2:32 = iadd %1.x, %1.y\n"
                                "    %3:1 = ult %1.z, %1.w\n"
                                "  if %3 {\n"
                                "    b1:\n"
                                "      %4:32 = iadd %1.y, %1.x\n"
                                "      %5:32 = imul %4, %2\n"
                                "  } else {\n"
                                "    b2:\n"
                                "      %6:32 = imul %2, %2\n"
                                "  }\n"
                                "  b3:\n"
                                "    %7:32 = phi b1: %5, b2: %6\n"
                                "    %8:32 = iadd %1.x, %1.y\n"
                                "    %9:32 = ixor %7, %8\n"
                                "    %10:32 = load_const 0\n"
                                "    store_output %9, %10 write_mask=1\n"
                                "}\n",
                                NULL, 8));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(commutative, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(dominance_scopes, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_merge, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         intrinsics_and_derefs, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(constants_and_loops, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(cascade, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(differential, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
