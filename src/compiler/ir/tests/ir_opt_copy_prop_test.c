/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_copy_prop(): swizzle composition through chains of movs,
 * vecN gathering channels of one def, which non-ALU uses (intrinsics,
 * phis, if conditions, deref indices) may read through a copy and which
 * may not (swizzled or narrowing copies), and a differential run in the
 * interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/tests/ir_opt_test_helpers.h"

/* mov of mov: the use reads the original with the swizzles composed;
 * the movs stay for DCE. */
static void
mov_chain(void **state)
{
   OPT_CHECK(*state, ir_opt_copy_prop,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = mov %1.wzyx\n"
             "    %3:32x2 = mov %2.yx\n"
             "    %4:32x2 = fadd %3, %3.yy\n"
             "    store_output %4, %0 write_mask=3\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = mov %1.wzyx\n"
             "    %3:32x2 = mov %1.zw\n"
             "    %4:32x2 = fadd %1.zw, %1.ww\n"
             "    store_output %4, %0 write_mask=3\n"
             "}\n");
}

/* A vecN is a copy for the components a use reads when they all come
 * from one def; a use mixing two defs keeps the vec. */
static void
vec_gather(void **state)
{
   OPT_CHECK(*state, ir_opt_copy_prop,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = load_input %0 base=1\n"
             "    %3:32x3 = vec3 %1.z, %2.x, %1.y\n"
             "    %4:32x2 = fmul %3.xz, %3.zx\n"
             "    %5:32 = fneg %3.y\n"
             "    %6:32x2 = fmul %3.xy, %3.xy\n"
             "    store_output %4, %0 write_mask=3\n"
             "    store_output %5, %0 base=1 write_mask=1\n"
             "    store_output %6, %0 base=2 write_mask=3\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = load_input %0 base=1\n"
             "    %3:32x3 = vec3 %1.z, %2, %1.y\n"
             "    %4:32x2 = fmul %1.zy, %1.yz\n"
             "    %5:32 = fneg %2\n"
             "    %6:32x2 = fmul %3, %3\n"
             "    store_output %4, %0 write_mask=3\n"
             "    store_output %5, %0 base=1 write_mask=1\n"
             "    store_output %6, %0 base=2 write_mask=3\n"
             "}\n");
}

/* Identity copies (a plain mov, a vec4 of x, y, z, w) are seen through by
 * intrinsics, phis, if conditions and deref indices. */
static void
identity_copy_non_alu_uses(void **state)
{
   OPT_CHECK(*state, ir_opt_copy_prop,
             "shader fragment\n"
             "var shader_temp float[4] @a\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = vec4 %1.x, %1.y, %1.z, %1.w\n"
             "    %3:32x4 = mov %2\n"
             "    %4:1 = load_input %0 base=2\n"
             "    %5:1 = mov %4\n"
             "    %6:32 = load_input %0 base=3\n"
             "    %7:32 = mov %6\n"
             "    %8:32 = deref_var @a\n"
             "    %9:32 = deref_array %8[%7]\n"
             "    store_deref %9, %7 write_mask=1\n"
             "  if %5 {\n"
             "    b1:\n"
             "  } else {\n"
             "    b2:\n"
             "  }\n"
             "  b3:\n"
             "    %10:32x4 = phi b1: %3, b2: %1\n"
             "    store_output %10, %0 write_mask=15\n"
             "}\n",
             "shader fragment\n"
             "var shader_temp float[4] @a\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = vec4 %1, %1.y, %1.z, %1.w\n"
             "    %3:32x4 = mov %1\n"
             "    %4:1 = load_input %0 base=2\n"
             "    %5:1 = mov %4\n"
             "    %6:32 = load_input %0 base=3\n"
             "    %7:32 = mov %6\n"
             "    %8:32 = deref_var @a\n"
             "    %9:32 = deref_array %8[%6]\n"
             "    store_deref %9, %6 write_mask=1\n"
             "  if %4 {\n"
             "    b1:\n"
             "  } else {\n"
             "    b2:\n"
             "  }\n"
             "  b3:\n"
             "    %10:32x4 = phi b1: %1, b2: %1\n"
             "    store_output %10, %0 write_mask=15\n"
             "}\n");
}

/* Must not fire: a swizzled copy or a narrowing copy used by an intrinsic
 * or a phi (no swizzle there), and ALU uses of non-copies. */
static void
no_prop_through_swizzled_copy(void **state)
{
   OPT_CHECK_NO_PROGRESS(*state, ir_opt_copy_prop,
                         "shader fragment\n"
                         "fn main {\n"
                         "  b0:\n"
                         "    %0:32 = load_const 0\n"
                         "    %1:32x4 = load_input %0\n"
                         "    %2:32x4 = mov %1.yxzw\n"
                         "    store_output %2, %0 write_mask=15\n"
                         "    %3:32x2 = mov %1.xy\n"
                         "    store_output %3, %0 base=1 write_mask=3\n"
                         "    %4:32x2 = vec2 %1.x, %0\n"
                         "    %5:32x2 = fadd %4, %4\n"
                         "    store_output %5, %0 base=2 write_mask=3\n"
                         "    %6:1 = load_input %0 base=3\n"
                         "  if %6 {\n"
                         "    b1:\n"
                         "  } else {\n"
                         "    b2:\n"
                         "  }\n"
                         "  b3:\n"
                         "    %7:32x2 = phi b1: %3, b2: %4\n"
                         "    %8:32x2 = fneg %7\n"
                         "    store_output %8, %0 base=4 write_mask=3\n"
                         "}\n");
}

/* A loop: the back-edge value is a copy of the phi's increment. */
static void
copy_in_loop(void **state)
{
   OPT_CHECK(*state, ir_opt_copy_prop,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32 = load_const 1\n"
             "    %2:32 = load_input %0\n"
             "  loop {\n"
             "    b1:\n"
             "      %3:32 = phi b0: %0, b4: %6\n"
             "      %4:1 = ige %3, %2\n"
             "    if %4 {\n"
             "      b2:\n"
             "        break\n"
             "    } else {\n"
             "      b3:\n"
             "    }\n"
             "    b4:\n"
             "      %5:32 = iadd %3, %1\n"
             "      %6:32 = mov %5\n"
             "      %7:32 = mov %6\n"
             "      store_output %7, %0 write_mask=1\n"
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
             "      %6:32 = mov %5\n"
             "      %7:32 = mov %5\n"
             "      store_output %5, %0 write_mask=1\n"
             "  }\n"
             "  b5:\n"
             "}\n");
}

/* Fixed-size inputs read their own size: fdot3 of a vec4 copy reads
 * three components; copy_prop of a 64-bit mov keeps its size. */
static void
fixed_size_inputs(void **state)
{
   OPT_CHECK(*state, ir_opt_copy_prop,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = mov %1.wzyx\n"
             "    %3:32 = fdot3 %2, %2.yzw\n"
             "    %4:64x2 = load_input %0 base=1\n"
             "    %5:64x2 = mov %4.yx\n"
             "    %6:64 = fadd %5.x, %5.y\n"
             "    store_output %3, %0 write_mask=1\n"
             "    store_output %6, %0 base=2 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 0\n"
             "    %1:32x4 = load_input %0\n"
             "    %2:32x4 = mov %1.wzyx\n"
             "    %3:32 = fdot3 %1.wzy, %1.zyx\n"
             "    %4:64x2 = load_input %0 base=1\n"
             "    %5:64x2 = mov %4.yx\n"
             "    %6:64 = fadd %4.y, %4\n"
             "    store_output %3, %0 write_mask=1\n"
             "    store_output %6, %0 base=2 write_mask=1\n"
             "}\n");
}

/* The pass only rewrites reads: the result computes the same outputs. */
static void
differential(void **state)
{
   assert_true(OPT_DIFFERENTIAL(*state, ir_opt_copy_prop,
                                "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32x4 = load_input %0\n"
                                "    %2:32x4 = load_input %0 base=1\n"
                                "    %3:32x4 = mov %1.wzyx\n"
                                "    %4:32x3 = vec3 %3.x, %2.y, %3.z\n"
                                "    %5:32x3 = mov %4.zxy\n"
                                "    %6:32x3 = iadd %5, %4.yyx\n"
                                "    %7:32x2 = vec2 %5.y, %3.x\n"
                                "    %8:32x2 = ixor %7, %6.zx\n"
                                "    %9:32x4 = vec4 %8.x, %8.y, %6.z, %5.x\n"
                                "    %10:32x4 = mov %9\n"
                                "    store_output %10, %0 write_mask=15\n"
                                "    store_output %6, %0 base=1 "
                                "write_mask=7\n"
                                "}\n",
                                NULL, 8));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(mov_chain, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(vec_gather, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(identity_copy_non_alu_uses,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_prop_through_swizzled_copy,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(copy_in_loop, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(fixed_size_inputs, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(differential, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
