/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_split_vars(): struct members, arrays indexed with
 * constants (with initializers, arrays of arrays), matrix columns; what
 * stays whole (a dynamically indexed array or matrix, an out-of-bounds
 * constant index, non-temporaries, vectors); copy_deref expansion between
 * a shader temp and locals; and the pipeline split_vars + vars_to_ssa on a
 * struct updated in a loop.  Each case checks the printed result,
 * validates, checks that a second run makes no progress and, where the
 * shader runs, compares the interpreter's outputs before and after.
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
   return ir_lower_split_vars(s);
}

static bool
run_split_then_ssa(struct ir_shader *s, unsigned arg)
{
   (void)arg;
   bool progress = ir_lower_split_vars(s);
   progress |= ir_lower_vars_to_ssa(s);
   return progress;
}

static const char members_in[] =
   "shader fragment\n"
   "type S = struct { vec4 a; float[2] b; mat2 m; }\n"
   "fn main {\n"
   "  local S @s\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %3:32 = deref_var @s\n"
   "    %4:32 = deref_struct %3.a\n"
   "    store_deref %4, %2 write_mask=15\n"
   "    %5:32 = deref_struct %3.b\n"
   "    %6:32 = deref_array %5[%1]\n"
   "    %7:32 = fadd %2.x, %2.y\n"
   "    store_deref %6, %7 write_mask=1\n"
   "    %8:32 = deref_struct %3.m\n"
   "    %9:32 = deref_array %8[%0]\n"
   "    %10:32x2 = fmul %2.zw, %2.xy\n"
   "    store_deref %9, %10 write_mask=3\n"
   "    %11:32 = deref_array %9[%1]\n"
   "    %12:32 = load_deref %11\n"
   "    %13:32x4 = load_deref %4\n"
   "    %14:32 = load_deref %6\n"
   "    %15:32 = fadd %12, %14\n"
   "    store_output %13, %0 write_mask=15\n"
   "    store_output %15, %0 base=1 write_mask=1\n"
   "}\n";

static const char members_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  local vec4 @s.a\n"
   "  local float @s.b.1\n"
   "  local vec2 @s.m.0\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %3:32 = deref_var @s.a\n"
   "    store_deref %3, %2 write_mask=15\n"
   "    %4:32 = deref_var @s.b.1\n"
   "    %5:32 = fadd %2, %2.y\n"
   "    store_deref %4, %5 write_mask=1\n"
   "    %6:32 = deref_var @s.m.0\n"
   "    %7:32x2 = fmul %2.zw, %2\n"
   "    store_deref %6, %7 write_mask=3\n"
   "    %8:32 = deref_array %6[%1]\n"
   "    %9:32 = load_deref %8\n"
   "    %10:32x4 = load_deref %3\n"
   "    %11:32 = load_deref %4\n"
   "    %12:32 = fadd %9, %11\n"
   "    store_output %10, %0 write_mask=15\n"
   "    store_output %12, %0 base=1 write_mask=1\n"
   "}\n";

static const char arrays_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  local float[3] @c init={ 1.0, 2.0, 3.0 }\n"
                                "  local float[2][3] @aa\n"
                                "  local vec2[4] @kept\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32 = load_const 2\n"
                                "    %3:32x4 = load_input %0\n"
                                "    %4:32 = deref_var @c\n"
                                "    %5:32 = deref_array %4[%2]\n"
                                "    %6:32 = load_deref %5\n"
                                "    %7:32 = deref_var @aa\n"
                                "    %8:32 = deref_array %7[%1]\n"
                                "    %9:32 = deref_array %8[%2]\n"
                                "    store_deref %9, %6 write_mask=1\n"
                                "    %10:32 = deref_array %7[%0]\n"
                                "    %11:32 = f2u %3.x\n"
                                "    %12:32 = deref_array %10[%11]\n"
                                "    %22:32 = mov %3.z\n"
                                "    store_deref %12, %22 write_mask=1\n"
                                "    %13:32 = deref_array %10[%1]\n"
                                "    %14:32 = load_deref %13\n"
                                "    %15:32 = load_deref %9\n"
                                "    %16:32 = deref_var @kept\n"
                                "    %17:32 = f2u %3.y\n"
                                "    %18:32 = deref_array %16[%17]\n"
                                "    %19:32x2 = vec2 %14, %15\n"
                                "    store_deref %18, %19 write_mask=3\n"
                                "    %20:32 = deref_array %16[%1]\n"
                                "    %21:32x2 = load_deref %20\n"
                                "    store_output %21, %0 write_mask=3\n"
                                "    store_output %6, %0 base=1 write_mask=1\n"
                                "}\n";

static const char arrays_out[] = "shader fragment\n"
                                 "\n"
                                 "fn main {\n"
                                 "  local float @c.2 init=3.0\n"
                                 "  local float[3] @aa.0\n"
                                 "  local float @aa.1.2\n"
                                 "  local vec2[4] @kept\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32 = load_const 1\n"
                                 "    %2:32 = load_const 2\n"
                                 "    %3:32x4 = load_input %0\n"
                                 "    %4:32 = deref_var @c.2\n"
                                 "    %5:32 = load_deref %4\n"
                                 "    %6:32 = deref_var @aa.1.2\n"
                                 "    store_deref %6, %5 write_mask=1\n"
                                 "    %7:32 = deref_var @aa.0\n"
                                 "    %8:32 = f2u %3\n"
                                 "    %9:32 = deref_array %7[%8]\n"
                                 "    %10:32 = mov %3.z\n"
                                 "    store_deref %9, %10 write_mask=1\n"
                                 "    %11:32 = deref_array %7[%1]\n"
                                 "    %12:32 = load_deref %11\n"
                                 "    %13:32 = load_deref %6\n"
                                 "    %14:32 = deref_var @kept\n"
                                 "    %15:32 = f2u %3.y\n"
                                 "    %16:32 = deref_array %14[%15]\n"
                                 "    %17:32x2 = vec2 %12, %13\n"
                                 "    store_deref %16, %17 write_mask=3\n"
                                 "    %18:32 = deref_array %14[%1]\n"
                                 "    %19:32x2 = load_deref %18\n"
                                 "    store_output %19, %0 write_mask=3\n"
                                 "    store_output %5, %0 base=1 write_mask=1\n"
                                 "}\n";

static const char copies_in[] = "shader fragment\n"
                                "type S = struct { vec2 a; float[2] b; }\n"
                                "var shader_temp S @g\n"
                                "fn main {\n"
                                "  local S @t\n"
                                "  local float[2] @d\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32x4 = load_input %0\n"
                                "    %3:32 = deref_var @g\n"
                                "    %4:32 = deref_struct %3.a\n"
                                "    %15:32x2 = mov %2.xy\n"
                                "    store_deref %4, %15 write_mask=3\n"
                                "    %5:32 = deref_struct %3.b\n"
                                "    %6:32 = deref_array %5[%1]\n"
                                "    %16:32 = mov %2.z\n"
                                "    store_deref %6, %16 write_mask=1\n"
                                "    %7:32 = deref_var @t\n"
                                "    copy_deref %7, %3\n"
                                "    %8:32 = deref_var @d\n"
                                "    %9:32 = deref_struct %7.b\n"
                                "    copy_deref %8, %9\n"
                                "    %10:32 = f2u %2.w\n"
                                "    %11:32 = deref_array %8[%10]\n"
                                "    %12:32 = load_deref %11\n"
                                "    %13:32 = deref_struct %7.a\n"
                                "    %14:32x2 = load_deref %13\n"
                                "    store_output %14, %0 write_mask=3\n"
                                "    store_output %12, %0 base=1 write_mask=1\n"
                                "}\n";

static const char copies_out[] =
   "shader fragment\n"
   "var shader_temp vec2 @g.a\n"
   "var shader_temp float @g.b.0\n"
   "var shader_temp float @g.b.1\n"
   "\n"
   "fn main {\n"
   "  local vec2 @t.a\n"
   "  local float @t.b.0\n"
   "  local float @t.b.1\n"
   "  local float[2] @d\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %3:32 = deref_var @g.a\n"
   "    %4:32x2 = mov %2\n"
   "    store_deref %3, %4 write_mask=3\n"
   "    %5:32 = deref_var @g.b.1\n"
   "    %6:32 = mov %2.z\n"
   "    store_deref %5, %6 write_mask=1\n"
   "    %7:32 = deref_var @t.a\n"
   "    %8:32 = deref_var @g.a\n"
   "    copy_deref %7, %8\n"
   "    %9:32 = load_const 0\n"
   "    %10:32 = deref_var @t.b.0\n"
   "    %11:32 = load_const 0\n"
   "    %12:32 = deref_var @g.b.0\n"
   "    copy_deref %10, %12\n"
   "    %13:32 = load_const 1\n"
   "    %14:32 = deref_var @t.b.1\n"
   "    %15:32 = load_const 1\n"
   "    %16:32 = deref_var @g.b.1\n"
   "    copy_deref %14, %16\n"
   "    %17:32 = deref_var @d\n"
   "    %18:32 = load_const 0\n"
   "    %19:32 = deref_array %17[%18]\n"
   "    %20:32 = load_const 0\n"
   "    %21:32 = deref_var @t.b.0\n"
   "    copy_deref %19, %21\n"
   "    %22:32 = load_const 1\n"
   "    %23:32 = deref_array %17[%22]\n"
   "    %24:32 = load_const 1\n"
   "    %25:32 = deref_var @t.b.1\n"
   "    copy_deref %23, %25\n"
   "    %26:32 = f2u %2.w\n"
   "    %27:32 = deref_array %17[%26]\n"
   "    %28:32 = load_deref %27\n"
   "    %29:32 = deref_var @t.a\n"
   "    %30:32x2 = load_deref %29\n"
   "    store_output %30, %0 write_mask=3\n"
   "    store_output %28, %0 base=1 write_mask=1\n"
   "}\n";

static const char matrix_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  local mat2 @m init=(1.0, 2.0, 3.0, 4.0)\n"
                                "  local mat2 @dm\n"
                                "  local float[2] @oob\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32x4 = load_input %0\n"
                                "    %3:32 = deref_var @m\n"
                                "    %4:32 = deref_array %3[%1]\n"
                                "    %5:32x2 = load_deref %4\n"
                                "    %6:32 = deref_var @dm\n"
                                "    %7:32 = f2u %2.x\n"
                                "    %8:32 = deref_array %6[%7]\n"
                                "    %9:32x2 = mov %2.zw\n"
                                "    store_deref %8, %9 write_mask=3\n"
                                "    %10:32 = deref_array %6[%0]\n"
                                "    %11:32x2 = load_deref %10\n"
                                "    %12:32 = deref_var @oob\n"
                                "    %13:32 = load_const 2\n"
                                "    %14:32 = deref_array %12[%13]\n"
                                "    %15:32 = mov %2.y\n"
                                "    store_deref %14, %15 write_mask=1\n"
                                "    %16:32 = load_deref %14\n"
                                "    %17:32x2 = fadd %5, %11\n"
                                "    store_output %17, %0 write_mask=3\n"
                                "    store_output %16, %0 base=1 write_mask=1\n"
                                "}\n";

static const char matrix_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  local vec2 @m.1 init=(3.0, 4.0)\n"
   "  local mat2 @dm\n"
   "  local float[2] @oob\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %3:32 = deref_var @m.1\n"
   "    %4:32x2 = load_deref %3\n"
   "    %5:32 = deref_var @dm\n"
   "    %6:32 = f2u %2\n"
   "    %7:32 = deref_array %5[%6]\n"
   "    %8:32x2 = mov %2.zw\n"
   "    store_deref %7, %8 write_mask=3\n"
   "    %9:32 = deref_array %5[%0]\n"
   "    %10:32x2 = load_deref %9\n"
   "    %11:32 = deref_var @oob\n"
   "    %12:32 = load_const 2\n"
   "    %13:32 = deref_array %11[%12]\n"
   "    %14:32 = mov %2.y\n"
   "    store_deref %13, %14 write_mask=1\n"
   "    %15:32 = load_deref %13\n"
   "    %16:32x2 = fadd %4, %10\n"
   "    store_output %16, %0 write_mask=3\n"
   "    store_output %15, %0 base=1 write_mask=1\n"
   "}\n";

static const char no_fire_in[] = "shader fragment\n"
                                 "type S = struct { vec4 a; float b; }\n"
                                 "var shader_temp float[2] @dyn\n"
                                 "var uniform S @u location=0\n"
                                 "fn main {\n"
                                 "  local vec4 @v\n"
                                 "  local float[4] @w\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32x4 = load_input %0\n"
                                 "    %2:32 = deref_var @v\n"
                                 "    store_deref %2, %1 write_mask=15\n"
                                 "    %3:32 = deref_var @dyn\n"
                                 "    %4:32 = f2u %1.x\n"
                                 "    %5:32 = deref_array %3[%4]\n"
                                 "    %6:32 = load_deref %5\n"
                                 "    %7:32 = deref_var @u\n"
                                 "    %8:32 = deref_struct %7.b\n"
                                 "    %9:32 = load_deref %8\n"
                                 "    %10:32 = deref_var @w\n"
                                 "    %11:32 = deref_array %10[%4]\n"
                                 "    store_deref %11, %9 write_mask=1\n"
                                 "    store_output %6, %0 write_mask=1\n"
                                 "}\n";

static const char pipeline_in[] =
   "shader fragment\n"
   "type P = struct { float sum; int n; vec2[2] hist; }\n"
   "fn main {\n"
   "  local P @p\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32x4 = load_input %0\n"
   "    %3:32 = deref_var @p\n"
   "    %4:32 = deref_struct %3.sum\n"
   "    %5:32 = deref_struct %3.n\n"
   "    %6:32 = deref_struct %3.hist\n"
   "    %7:32 = deref_array %6[%0]\n"
   "    %8:32 = deref_array %6[%1]\n"
   "    %24:32 = mov %2.x\n"
   "    store_deref %4, %24 write_mask=1\n"
   "    store_deref %5, %0 write_mask=1\n"
   "  loop {\n"
   "    b1:\n"
   "      %9:32 = load_deref %5\n"
   "      %10:32 = load_const 3\n"
   "      %11:1 = ige %9, %10\n"
   "    if %11 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %12:32 = load_deref %4\n"
   "      %13:32 = fmul %12, %2.y\n"
   "      %14:1 = flt %13, %2.z\n"
   "    if %14 {\n"
   "      b5:\n"
   "        store_deref %4, %13 write_mask=1\n"
   "        %15:32x2 = vec2 %12, %13\n"
   "        store_deref %7, %15 write_mask=3\n"
   "    } else {\n"
   "      b6:\n"
   "        %16:32 = fadd %12, %2.w\n"
   "        store_deref %4, %16 write_mask=1\n"
   "        %17:32x2 = load_deref %7\n"
   "        store_deref %8, %17 write_mask=3\n"
   "        %18:32 = deref_array %7[%1]\n"
   "        store_deref %18, %16 write_mask=1\n"
   "    }\n"
   "    b7:\n"
   "      %19:32 = iadd %9, %1\n"
   "      store_deref %5, %19 write_mask=1\n"
   "  }\n"
   "  b8:\n"
   "    %20:32 = load_deref %4\n"
   "    %21:32x2 = load_deref %7\n"
   "    %22:32x2 = load_deref %8\n"
   "    %23:32x4 = vec4 %21.x, %21.y, %22.x, %22.y\n"
   "    store_output %23, %0 write_mask=15\n"
   "    store_output %20, %0 base=1 write_mask=1\n"
   "}\n";

static const char pipeline_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32x2 = undef\n"
   "    %1:32x2 = undef\n"
   "    %2:32 = load_const 0\n"
   "    %3:32 = load_const 1\n"
   "    %4:32x4 = load_input %2\n"
   "    %5:32 = mov %4\n"
   "  loop {\n"
   "    b1:\n"
   "      %6:32 = phi b0: %5, b7: %17\n"
   "      %7:32 = phi b0: %2, b7: %20\n"
   "      %8:32x2 = phi b0: %1, b7: %18\n"
   "      %9:32x2 = phi b0: %0, b7: %19\n"
   "      %10:32 = load_const 3\n"
   "      %11:1 = ige %7, %10\n"
   "    if %11 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %12:32 = fmul %6, %4.y\n"
   "      %13:1 = flt %12, %4.z\n"
   "    if %13 {\n"
   "      b5:\n"
   "        %14:32x2 = vec2 %6, %12\n"
   "    } else {\n"
   "      b6:\n"
   "        %15:32 = fadd %6, %4.w\n"
   "        %16:32x2 = vec2 %8, %15\n"
   "    }\n"
   "    b7:\n"
   "      %17:32 = phi b5: %12, b6: %15\n"
   "      %18:32x2 = phi b5: %14, b6: %16\n"
   "      %19:32x2 = phi b5: %9, b6: %8\n"
   "      %20:32 = iadd %7, %3\n"
   "  }\n"
   "  b8:\n"
   "    %21:32x4 = vec4 %8, %8.y, %9, %9.y\n"
   "    store_output %21, %2 write_mask=15\n"
   "    store_output %6, %2 base=1 write_mask=1\n"
   "}\n";

/* A struct of a vector, an array and a matrix: one variable per member,
 * element and column reached; elements never reached get none. */
static void
struct_members(void **state)
{
   cfp_check_pass(*state, members_in, run_pass, 0, true, members_out);
   cfp_check_same_results(members_in, run_pass, 0, CFP_FLOATS);
}

/* Constant-indexed arrays split (initializer elements follow), an array
 * of arrays split at the outer level only where an inner index is
 * dynamic, and a dynamically indexed array of vectors kept. */
static void
arrays(void **state)
{
   cfp_check_pass(*state, arrays_in, run_pass, 0, true, arrays_out);
   cfp_check_same_results(arrays_in, run_pass, 0, CFP_FLOATS);
}

/* copy_derefs between split variables (a shader temp and a local) become
 * one copy per leaf; a copy into a kept array copies element by
 * element. */
static void
copies(void **state)
{
   cfp_check_pass(*state, copies_in, run_pass, 0, true, copies_out);
   cfp_check_same_results(copies_in, run_pass, 0, CFP_FLOATS);
}

/* A matrix read by constant column becomes a column vector (with its part
 * of the initializer); one indexed dynamically stays, and so does an
 * array accessed out of bounds (the access must keep reading 0). */
static void
matrices_and_out_of_bounds(void **state)
{
   cfp_check_pass(*state, matrix_in, run_pass, 0, true, matrix_out);
   cfp_check_same_results(matrix_in, run_pass, 0, CFP_FLOATS);
}

/* Nothing to split: a vector, dynamically indexed arrays, a uniform
 * struct. */
static void
nothing_to_split(void **state)
{
   cfp_check_pass(*state, no_fire_in, run_pass, 0, false, NULL);
}

/* A struct updated in a loop and an if, then promoted to SSA. */
static void
split_then_promote(void **state)
{
   cfp_check_pass(*state, pipeline_in, run_split_then_ssa, 0, true,
                  pipeline_out);
   cfp_check_same_results(pipeline_in, run_split_then_ssa, 0, CFP_FLOATS);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(struct_members, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(arrays, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(copies, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(matrices_and_out_of_bounds,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(nothing_to_split, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(split_then_promote, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
