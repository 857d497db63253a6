/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_flatten_arrays(): arrays of arrays indexed
 * dynamically at an outer level become one-dimensional (with the
 * initializer flattened in row-major order, constant index chains folded
 * to one constant, derefs below the arrays kept), for locals and shader
 * temps; what stays: arrays indexed dynamically only at the innermost
 * level, arrays indexed only with constants, and an array whose row is
 * copied whole.  Indices are clamped in range in the shaders, since
 * out-of-bounds accesses may differ after flattening (they are undefined
 * in GLSL).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"

#include "compiler/ir/tests/ir_cf_passes_test_util.h"

static bool
run_pass(struct ir_shader *s, unsigned arg)
{
   (void)arg;
   return ir_lower_flatten_arrays(s);
}

static const char basic_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  local float[2][3] @m init={ { 1.0, 2.0, 3.0 }, { 4.0, 5.0, 6.0 } }\n"
   "  local vec2[2][2] @w\n"
   "  local float[2][3] @inner_only\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %22:32 = f2u %2.x\n"
   "    %23:32 = f2u %2.y\n"
   "    %3:32 = umin %22, %1\n"
   "    %24:32 = load_const 2\n"
   "    %4:32 = umin %23, %24\n"
   "    %5:32 = deref_var @m\n"
   "    %6:32 = deref_array %5[%3]\n"
   "    %7:32 = deref_array %6[%4]\n"
   "    %8:32 = load_deref %7\n"
   "    %9:32 = deref_array %6[%1]\n"
   "    store_deref %9, %8 write_mask=1\n"
   "    %10:32 = load_deref %9\n"
   "    %11:32 = deref_var @w\n"
   "    %12:32 = deref_array %11[%3]\n"
   "    %13:32 = deref_array %12[%0]\n"
   "    %25:32 = umin %4, %1\n"
   "    %14:32 = deref_array %13[%25]\n"
   "    store_deref %14, %10 write_mask=1\n"
   "    %15:32 = deref_array %11[%1]\n"
   "    %16:32 = deref_array %15[%1]\n"
   "    %17:32x2 = load_deref %16\n"
   "    %18:32 = deref_var @inner_only\n"
   "    %19:32 = deref_array %18[%1]\n"
   "    %20:32 = deref_array %19[%3]\n"
   "    store_deref %20, %8 write_mask=1\n"
   "    %21:32 = load_deref %20\n"
   "    store_output %17, %0 write_mask=3\n"
   "    store_output %21, %0 base=1 write_mask=1\n"
   "    store_output %10, %0 base=2 write_mask=1\n"
   "}\n";

static const char basic_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  local float[6] @m init={ 1.0, 2.0, 3.0, 4.0, 5.0, 6.0 }\n"
   "  local vec2[4] @w\n"
   "  local float[2][3] @inner_only\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %3:32 = f2u %2\n"
   "    %4:32 = f2u %2.y\n"
   "    %5:32 = umin %3, %1\n"
   "    %6:32 = load_const 2\n"
   "    %7:32 = umin %4, %6\n"
   "    %8:32 = load_const 3\n"
   "    %9:32 = imul %5, %8\n"
   "    %10:32 = iadd %9, %7\n"
   "    %11:32 = deref_var @m\n"
   "    %12:32 = deref_array %11[%10]\n"
   "    %13:32 = load_deref %12\n"
   "    %14:32 = load_const 3\n"
   "    %15:32 = imul %5, %14\n"
   "    %16:32 = iadd %15, %1\n"
   "    %17:32 = deref_var @m\n"
   "    %18:32 = deref_array %17[%16]\n"
   "    store_deref %18, %13 write_mask=1\n"
   "    %19:32 = load_deref %18\n"
   "    %20:32 = load_const 2\n"
   "    %21:32 = imul %5, %20\n"
   "    %22:32 = iadd %21, %0\n"
   "    %23:32 = deref_var @w\n"
   "    %24:32 = deref_array %23[%22]\n"
   "    %25:32 = umin %7, %1\n"
   "    %26:32 = deref_array %24[%25]\n"
   "    store_deref %26, %19 write_mask=1\n"
   "    %27:32 = load_const 3\n"
   "    %28:32 = deref_var @w\n"
   "    %29:32 = deref_array %28[%27]\n"
   "    %30:32x2 = load_deref %29\n"
   "    %31:32 = deref_var @inner_only\n"
   "    %32:32 = deref_array %31[%1]\n"
   "    %33:32 = deref_array %32[%5]\n"
   "    store_deref %33, %13 write_mask=1\n"
   "    %34:32 = load_deref %33\n"
   "    store_output %30, %0 write_mask=3\n"
   "    store_output %34, %0 base=1 write_mask=1\n"
   "    store_output %19, %0 base=2 write_mask=1\n"
   "}\n";

static const char shader_temp_in[] = "shader fragment\n"
                                     "var shader_temp int[3][2] @t\n"
                                     "fn main {\n"
                                     "  b0:\n"
                                     "    %0:32 = load_const 0\n"
                                     "    %1:32 = load_const 1\n"
                                     "    %2:32 = load_const 2\n"
                                     "    %3:32x4 = load_input %0\n"
                                     "    %4:32 = umin %3.x, %2\n"
                                     "    %5:32 = umin %3.y, %1\n"
                                     "    %6:32 = deref_var @t\n"
                                     "    %7:32 = deref_array %6[%4]\n"
                                     "    %8:32 = deref_array %7[%5]\n"
                                     "    %14:32 = mov %3.z\n"
                                     "    store_deref %8, %14 write_mask=1\n"
                                     "    %9:32 = deref_array %6[%2]\n"
                                     "    %10:32 = deref_array %9[%1]\n"
                                     "    %11:32 = load_deref %10\n"
                                     "    %12:32 = load_deref %8\n"
                                     "    %13:32x2 = vec2 %11, %12\n"
                                     "    store_output %13, %0 write_mask=3\n"
                                     "}\n";

static const char shader_temp_out[] = "shader fragment\n"
                                      "var shader_temp int[6] @t\n"
                                      "\n"
                                      "fn main {\n"
                                      "  b0:\n"
                                      "    %0:32 = load_const 0\n"
                                      "    %1:32 = load_const 1\n"
                                      "    %2:32 = load_const 2\n"
                                      "    %3:32x4 = load_input %0\n"
                                      "    %4:32 = umin %3, %2\n"
                                      "    %5:32 = umin %3.y, %1\n"
                                      "    %6:32 = load_const 2\n"
                                      "    %7:32 = imul %4, %6\n"
                                      "    %8:32 = iadd %7, %5\n"
                                      "    %9:32 = deref_var @t\n"
                                      "    %10:32 = deref_array %9[%8]\n"
                                      "    %11:32 = mov %3.z\n"
                                      "    store_deref %10, %11 write_mask=1\n"
                                      "    %12:32 = load_const 5\n"
                                      "    %13:32 = deref_var @t\n"
                                      "    %14:32 = deref_array %13[%12]\n"
                                      "    %15:32 = load_deref %14\n"
                                      "    %16:32 = load_deref %10\n"
                                      "    %17:32x2 = vec2 %15, %16\n"
                                      "    store_output %17, %0 write_mask=3\n"
                                      "}\n";

static const char no_fire_in[] = "shader fragment\n"
                                 "var shader_temp float[2][2] @rows\n"
                                 "fn main {\n"
                                 "  local float[2][2] @consts\n"
                                 "  local float[2] @row\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32 = load_const 1\n"
                                 "    %2:32x4 = load_input %0\n"
                                 "    %3:32 = f2u %2.x\n"
                                 "    %4:32 = deref_var @rows\n"
                                 "    %5:32 = deref_array %4[%3]\n"
                                 "    %6:32 = deref_var @row\n"
                                 "    copy_deref %6, %5\n"
                                 "    %7:32 = deref_var @consts\n"
                                 "    %8:32 = deref_array %7[%1]\n"
                                 "    %9:32 = deref_array %8[%0]\n"
                                 "    %10:32 = load_deref %9\n"
                                 "    %11:32 = deref_array %6[%3]\n"
                                 "    %12:32 = load_deref %11\n"
                                 "    %13:32 = fadd %10, %12\n"
                                 "    store_output %13, %0 write_mask=1\n"
                                 "}\n";

/* A float[2][3] with an initializer and a vec2[2][2] reached through a
 * component deref are flattened; a float[2][3] indexed dynamically only
 * at the inner level stays. */
static void
locals(void **state)
{
   cfp_check_pass(*state, basic_in, run_pass, 0, true, basic_out);
   cfp_check_same_results(basic_in, run_pass, 0, CFP_FLOATS);
}

static void
shader_temps(void **state)
{
   cfp_check_pass(*state, shader_temp_in, run_pass, 0, true, shader_temp_out);
   cfp_check_same_results(shader_temp_in, run_pass, 0, CFP_INTS);
}

/* A row copied whole, constant indices only: nothing to flatten. */
static void
nothing_to_flatten(void **state)
{
   cfp_check_pass(*state, no_fire_in, run_pass, 0, false, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(locals, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(shader_temps, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(nothing_to_flatten, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
