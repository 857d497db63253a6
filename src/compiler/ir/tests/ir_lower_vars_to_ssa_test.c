/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_vars_to_ssa(): promotion of scalar and vector
 * temporaries in straight-line code (write masks, component derefs, an
 * undefined variable), across an if (phis at the join, an initializer as
 * the value of the untaken side), in loops (header phis, several breaks
 * with phis at the loop exit, a continue, an unreachable block), copies
 * and a shader temp of a single-function shader, the pruning of phis that
 * nothing reads, and the variables that must stay (dynamic component
 * index, arrays, a bool read at two bit sizes).  Each case checks the
 * printed result, validates, checks that a second run makes no progress
 * and, where the shader runs, compares the interpreter's outputs before
 * and after the pass.
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
   return ir_lower_vars_to_ssa(s);
}

static const char straight_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  local vec4 @v\n"
   "  local float @f\n"
   "  local int @u\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32 = deref_var @v\n"
   "    store_deref %2, %1 write_mask=15\n"
   "    %3:32x4 = load_input %0 base=1\n"
   "    store_deref %2, %3 write_mask=10\n"
   "    %4:32 = load_const 3\n"
   "    %5:32 = deref_array %2[%4]\n"
   "    %6:32 = fneg %3.z\n"
   "    store_deref %5, %6 write_mask=1\n"
   "    %7:32 = load_const 1\n"
   "    %8:32 = deref_array %2[%7]\n"
   "    %9:32 = load_deref %8\n"
   "    %10:32x4 = load_deref %2\n"
   "    %11:32 = deref_var @f\n"
   "    %12:32 = load_deref %11\n"
   "    %13:32 = fadd %9, %12\n"
   "    store_output %10, %0 write_mask=15\n"
   "    store_output %13, %0 base=1 write_mask=1\n"
   "}\n";

static const char straight_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = undef\n"
   "    %1:32 = load_const 0\n"
   "    %2:32x4 = load_input %1\n"
   "    %3:32x4 = load_input %1 base=1\n"
   "    %4:32x4 = vec4 %2, %3.y, %2.z, %3.w\n"
   "    %5:32 = load_const 3\n"
   "    %6:32 = fneg %3.z\n"
   "    %7:32x4 = vec4 %4, %4.y, %4.z, %6\n"
   "    %8:32 = load_const 1\n"
   "    %9:32 = mov %7.y\n"
   "    %10:32 = fadd %9, %0\n"
   "    store_output %7, %1 write_mask=15\n"
   "    store_output %10, %1 base=1 write_mask=1\n"
   "}\n";

static const char if_phi_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  local float @x\n"
   "  local vec4 @v init=(1.0, 2.0, 3.0, 4.0)\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_input %0 base=0\n"
   "    %2:32 = load_input %0 base=1\n"
   "    %3:1 = flt %1, %2\n"
   "    %10:32 = deref_var @x\n"
   "    store_deref %10, %1 write_mask=1\n"
   "  if %3 {\n"
   "    b1:\n"
   "      %11:32 = deref_var @x\n"
   "      store_deref %11, %2 write_mask=1\n"
   "      %12:32 = deref_var @v\n"
   "      %13:32 = load_const 2\n"
   "      %14:32 = deref_array %12[%13]\n"
   "      store_deref %14, %2 write_mask=1\n"
   "  } else {\n"
   "    b2:\n"
   "  }\n"
   "  b3:\n"
   "    %20:32 = deref_var @x\n"
   "    %21:32 = load_deref %20\n"
   "    %22:32 = deref_var @v\n"
   "    %23:32x4 = load_deref %22\n"
   "    store_output %21, %0 base=0 write_mask=1\n"
   "    store_output %23, %0 base=1 write_mask=15\n"
   "}\n";

static const char if_phi_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32x4 = load_const (1.0, 2.0, 3.0, 4.0)\n"
   "    %1:32 = load_const 0\n"
   "    %2:32 = load_input %1\n"
   "    %3:32 = load_input %1 base=1\n"
   "    %4:1 = flt %2, %3\n"
   "  if %4 {\n"
   "    b1:\n"
   "      %5:32 = load_const 2\n"
   "      %6:32x4 = vec4 %0, %0.y, %3, %0.w\n"
   "  } else {\n"
   "    b2:\n"
   "  }\n"
   "  b3:\n"
   "    %7:32 = phi b1: %3, b2: %2\n"
   "    %8:32x4 = phi b1: %6, b2: %0\n"
   "    store_output %7, %1 write_mask=1\n"
   "    store_output %8, %1 base=1 write_mask=15\n"
   "}\n";

static const char loop_in[] = "shader fragment\n"
                              "fn main {\n"
                              "  local int @i\n"
                              "  local float @sum\n"
                              "  b0:\n"
                              "    %0:32 = load_const 0\n"
                              "    %1:32 = load_input %0 base=0\n"
                              "    %2:32 = deref_var @i\n"
                              "    store_deref %2, %0 write_mask=1\n"
                              "    %3:32 = deref_var @sum\n"
                              "    %4:32 = load_const 0.0\n"
                              "    store_deref %3, %4 write_mask=1\n"
                              "  loop {\n"
                              "    b1:\n"
                              "      %5:32 = deref_var @i\n"
                              "      %6:32 = load_deref %5\n"
                              "      %7:32 = load_const 4\n"
                              "      %8:1 = ige %6, %7\n"
                              "    if %8 {\n"
                              "      b2:\n"
                              "        break\n"
                              "    } else {\n"
                              "      b3:\n"
                              "    }\n"
                              "    b4:\n"
                              "      %9:32 = deref_var @sum\n"
                              "      %10:32 = load_deref %9\n"
                              "      %11:32 = fadd %10, %1\n"
                              "      store_deref %9, %11 write_mask=1\n"
                              "      %12:32 = load_const 1\n"
                              "      %13:32 = iadd %6, %12\n"
                              "      store_deref %5, %13 write_mask=1\n"
                              "  }\n"
                              "  b5:\n"
                              "    %14:32 = deref_var @sum\n"
                              "    %15:32 = load_deref %14\n"
                              "    store_output %15, %0 base=0 write_mask=1\n"
                              "}\n";

static const char loop_out[] = "shader fragment\n"
                               "\n"
                               "fn main {\n"
                               "  b0:\n"
                               "    %0:32 = load_const 0\n"
                               "    %1:32 = load_input %0\n"
                               "    %2:32 = load_const 0\n"
                               "  loop {\n"
                               "    b1:\n"
                               "      %3:32 = phi b0: %0, b4: %9\n"
                               "      %4:32 = phi b0: %2, b4: %7\n"
                               "      %5:32 = load_const 4\n"
                               "      %6:1 = ige %3, %5\n"
                               "    if %6 {\n"
                               "      b2:\n"
                               "        break\n"
                               "    } else {\n"
                               "      b3:\n"
                               "    }\n"
                               "    b4:\n"
                               "      %7:32 = fadd %4, %1\n"
                               "      %8:32 = load_const 1\n"
                               "      %9:32 = iadd %3, %8\n"
                               "  }\n"
                               "  b5:\n"
                               "    store_output %4, %0 write_mask=1\n"
                               "}\n";

static const char loop_breaks_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  local float @acc\n"
   "  local int @i\n"
   "  local vec2 @res\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32 = deref_var @acc\n"
   "    %22:32 = mov %1.x\n"
   "    store_deref %2, %22 write_mask=1\n"
   "    %3:32 = deref_var @i\n"
   "    store_deref %3, %0 write_mask=1\n"
   "    %4:32 = deref_var @res\n"
   "  loop {\n"
   "    b1:\n"
   "      %5:32 = load_deref %3\n"
   "      %6:32 = f2i %1.y\n"
   "      %7:1 = ige %5, %6\n"
   "    if %7 {\n"
   "      b2:\n"
   "        %8:32 = load_deref %2\n"
   "        %9:32x2 = vec2 %8, %8\n"
   "        store_deref %4, %9 write_mask=3\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %10:32 = load_deref %2\n"
   "      %11:1 = flt %1.z, %10\n"
   "    if %11 {\n"
   "      b5:\n"
   "        %12:32 = fmul %10, %1.w\n"
   "        store_deref %2, %12 write_mask=1\n"
   "    } else {\n"
   "      b6:\n"
   "        %13:32 = fadd %10, %1.x\n"
   "        store_deref %2, %13 write_mask=1\n"
   "        %14:32 = load_const 6.0\n"
   "        %15:1 = flt %14, %13\n"
   "      if %15 {\n"
   "        b7:\n"
   "          %16:32x2 = vec2 %13, %13\n"
   "          store_deref %4, %16 write_mask=2\n"
   "          %17:32 = load_const 0\n"
   "          %23:32 = deref_array %4[%17]\n"
   "          store_deref %23, %14 write_mask=1\n"
   "          break\n"
   "      } else {\n"
   "        b8:\n"
   "      }\n"
   "      b9:\n"
   "    }\n"
   "    b10:\n"
   "      %18:32 = load_const 1\n"
   "      %19:32 = iadd %5, %18\n"
   "      store_deref %3, %19 write_mask=1\n"
   "  }\n"
   "  b11:\n"
   "    %20:32x2 = load_deref %4\n"
   "    %21:32 = load_deref %3\n"
   "    store_output %20, %0 write_mask=3\n"
   "    store_output %21, %0 base=1 write_mask=1\n"
   "}\n";

static const char loop_breaks_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32x2 = undef\n"
   "    %1:32 = load_const 0\n"
   "    %2:32x4 = load_input %1\n"
   "    %3:32 = mov %2\n"
   "  loop {\n"
   "    b1:\n"
   "      %4:32 = phi b0: %3, b10: %18\n"
   "      %5:32 = phi b0: %1, b10: %20\n"
   "      %6:32 = f2i %2.y\n"
   "      %7:1 = ige %5, %6\n"
   "    if %7 {\n"
   "      b2:\n"
   "        %8:32x2 = vec2 %4, %4\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %9:1 = flt %2.z, %4\n"
   "    if %9 {\n"
   "      b5:\n"
   "        %10:32 = fmul %4, %2.w\n"
   "    } else {\n"
   "      b6:\n"
   "        %11:32 = fadd %4, %2\n"
   "        %12:32 = load_const 6.0\n"
   "        %13:1 = flt %12, %11\n"
   "      if %13 {\n"
   "        b7:\n"
   "          %14:32x2 = vec2 %11, %11\n"
   "          %15:32x2 = vec2 %0, %14.y\n"
   "          %16:32 = load_const 0\n"
   "          %17:32x2 = vec2 %12, %15.y\n"
   "          break\n"
   "      } else {\n"
   "        b8:\n"
   "      }\n"
   "      b9:\n"
   "    }\n"
   "    b10:\n"
   "      %18:32 = phi b5: %10, b9: %11\n"
   "      %19:32 = load_const 1\n"
   "      %20:32 = iadd %5, %19\n"
   "  }\n"
   "  b11:\n"
   "    %21:32x2 = phi b2: %8, b7: %17\n"
   "    store_output %21, %1 write_mask=3\n"
   "    store_output %5, %1 base=1 write_mask=1\n"
   "}\n";

static const char no_fire_in[] = "shader fragment\n"
                                 "fn main {\n"
                                 "  local vec4 @d\n"
                                 "  local float[2] @a\n"
                                 "  local bool @b\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32x4 = load_input %0\n"
                                 "    %2:32 = deref_var @d\n"
                                 "    store_deref %2, %1 write_mask=15\n"
                                 "    %3:32 = f2u %1.x\n"
                                 "    %4:32 = deref_array %2[%3]\n"
                                 "    %5:32 = load_deref %4\n"
                                 "    %6:32 = deref_var @a\n"
                                 "    %7:32 = deref_array %6[%0]\n"
                                 "    store_deref %7, %5 write_mask=1\n"
                                 "    %8:32 = load_deref %7\n"
                                 "    %9:32 = deref_var @b\n"
                                 "    %10:1 = flt %5, %8\n"
                                 "    store_deref %9, %10 write_mask=1\n"
                                 "    %11:32 = load_deref %9\n"
                                 "    store_output %11, %0 write_mask=1\n"
                                 "}\n";

static const char copies_in[] = "shader fragment\n"
                                "var shader_temp vec2 @g init=(0.5, 1.5)\n"
                                "fn main {\n"
                                "  local vec2 @l\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = deref_var @l\n"
                                "    %2:32 = deref_var @g\n"
                                "    copy_deref %1, %2\n"
                                "    %3:32x2 = load_input %0\n"
                                "    store_deref %2, %3 write_mask=1\n"
                                "    %4:32x2 = load_deref %2\n"
                                "    %5:32x2 = load_deref %1\n"
                                "    %6:32x2 = fadd %4, %5\n"
                                "    store_output %6, %0 write_mask=3\n"
                                "}\n";

static const char copies_out[] = "shader fragment\n"
                                 "\n"
                                 "fn main {\n"
                                 "  b0:\n"
                                 "    %0:32x2 = load_const (0.5, 1.5)\n"
                                 "    %1:32 = load_const 0\n"
                                 "    %2:32x2 = load_input %1\n"
                                 "    %3:32x2 = vec2 %2, %0.y\n"
                                 "    %4:32x2 = fadd %3, %0\n"
                                 "    store_output %4, %1 write_mask=3\n"
                                 "}\n";

static const char unreachable_in[] = "shader fragment\n"
                                     "fn main {\n"
                                     "  local float @x\n"
                                     "  b0:\n"
                                     "    %0:32 = load_const 0\n"
                                     "    %1:32x2 = load_input %0\n"
                                     "    %2:32 = deref_var @x\n"
                                     "    %3:32 = mov %1.x\n"
                                     "    store_deref %2, %3 write_mask=1\n"
                                     "  loop {\n"
                                     "    b1:\n"
                                     "      %4:32 = load_deref %2\n"
                                     "      %12:32 = load_const 1.5\n"
                                     "      %5:32 = fadd %4, %12\n"
                                     "      store_deref %2, %5 write_mask=1\n"
                                     "      %6:32 = load_const 10.0\n"
                                     "      %7:1 = flt %6, %5\n"
                                     "    if %7 {\n"
                                     "      b2:\n"
                                     "        break\n"
                                     "    } else {\n"
                                     "      b3:\n"
                                     "        %8:32 = fmul %5, %5\n"
                                     "        store_deref %2, %8 write_mask=1\n"
                                     "        continue\n"
                                     "    }\n"
                                     "    b4:\n"
                                     "      %9:32 = load_deref %2\n"
                                     "      %10:32 = fneg %9\n"
                                     "      store_deref %2, %10 write_mask=1\n"
                                     "  }\n"
                                     "  b5:\n"
                                     "    %11:32 = load_deref %2\n"
                                     "    store_output %11, %0 write_mask=1\n"
                                     "}\n";

static const char unreachable_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = undef\n"
   "    %1:32 = load_const 0\n"
   "    %2:32x2 = load_input %1\n"
   "    %3:32 = mov %2\n"
   "  loop {\n"
   "    b1:\n"
   "      %4:32 = phi b0: %3, b3: %9, b4: %10\n"
   "      %5:32 = load_const 1.5\n"
   "      %6:32 = fadd %4, %5\n"
   "      %7:32 = load_const 10.0\n"
   "      %8:1 = flt %7, %6\n"
   "    if %8 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "        %9:32 = fmul %6, %6\n"
   "        continue\n"
   "    }\n"
   "    b4:\n"
   "      %10:32 = fneg %0\n"
   "  }\n"
   "  b5:\n"
   "    store_output %6, %1 write_mask=1\n"
   "}\n";

static const char dead_phis_in[] = "shader fragment\n"
                                   "fn main {\n"
                                   "  local float @x\n"
                                   "  local float @y\n"
                                   "  b0:\n"
                                   "    %0:32 = load_const 0\n"
                                   "    %1:32x2 = load_input %0\n"
                                   "    %2:32 = deref_var @x\n"
                                   "    %3:32 = deref_var @y\n"
                                   "    %4:1 = flt %1.x, %1.y\n"
                                   "    %8:32 = mov %1.y\n"
                                   "  if %4 {\n"
                                   "    b1:\n"
                                   "      store_deref %2, %8 write_mask=1\n"
                                   "  } else {\n"
                                   "    b2:\n"
                                   "  }\n"
                                   "  b3:\n"
                                   "  loop {\n"
                                   "    b4:\n"
                                   "      %5:32 = load_deref %3\n"
                                   "      %6:1 = flt %1.y, %5\n"
                                   "    if %6 {\n"
                                   "      b5:\n"
                                   "        break\n"
                                   "    } else {\n"
                                   "      b6:\n"
                                   "    }\n"
                                   "    b7:\n"
                                   "      %9:32 = load_const 1.0\n"
                                   "      %7:32 = fadd %5, %9\n"
                                   "      store_deref %3, %7 write_mask=1\n"
                                   "      store_deref %2, %7 write_mask=1\n"
                                   "  }\n"
                                   "  b8:\n"
                                   "    store_output %1, %0 write_mask=3\n"
                                   "}\n";

static const char dead_phis_out[] = "shader fragment\n"
                                    "\n"
                                    "fn main {\n"
                                    "  b0:\n"
                                    "    %0:32 = undef\n"
                                    "    %1:32 = load_const 0\n"
                                    "    %2:32x2 = load_input %1\n"
                                    "    %3:1 = flt %2, %2.y\n"
                                    "    %4:32 = mov %2.y\n"
                                    "  if %3 {\n"
                                    "    b1:\n"
                                    "  } else {\n"
                                    "    b2:\n"
                                    "  }\n"
                                    "  b3:\n"
                                    "  loop {\n"
                                    "    b4:\n"
                                    "      %5:32 = phi b3: %0, b7: %8\n"
                                    "      %6:1 = flt %2.y, %5\n"
                                    "    if %6 {\n"
                                    "      b5:\n"
                                    "        break\n"
                                    "    } else {\n"
                                    "      b6:\n"
                                    "    }\n"
                                    "    b7:\n"
                                    "      %7:32 = load_const 1.0\n"
                                    "      %8:32 = fadd %5, %7\n"
                                    "  }\n"
                                    "  b8:\n"
                                    "    store_output %2, %1 write_mask=3\n"
                                    "}\n";

/* Full and partial write masks, a component store and load, a variable
 * never stored (undef) and an unused one (removed). */
static void
straight_line(void **state)
{
   cfp_check_pass(*state, straight_in, run_pass, 0, true, straight_out);
   cfp_check_same_results(straight_in, run_pass, 0, CFP_FLOATS);
}

/* Stores on one side of an if: a phi per variable at the join; the
 * vector's other side is its initializer. */
static void
if_join(void **state)
{
   cfp_check_pass(*state, if_phi_in, run_pass, 0, true, if_phi_out);
   cfp_check_same_results(if_phi_in, run_pass, 0, CFP_FLOATS);
}

/* A counted loop: header phis for the counter and the sum, the value
 * after the loop is the header's. */
static void
loop_header_phis(void **state)
{
   cfp_check_pass(*state, loop_in, run_pass, 0, true, loop_out);
   cfp_check_same_results(loop_in, run_pass, 0, CFP_FLOATS);
}

/* Two breaks that store different values: a phi in the block after the
 * loop; a phi at the join of an if whose else side breaks out of a
 * nested if. */
static void
loop_with_breaks(void **state)
{
   cfp_check_pass(*state, loop_breaks_in, run_pass, 0, true, loop_breaks_out);
   cfp_check_same_results(loop_breaks_in, run_pass, 0, CFP_FLOATS);
}

/* A dynamically indexed vector, an array and a bool read at 32 bits
 * after a 1-bit store stay variables. */
static void
not_promotable(void **state)
{
   cfp_check_pass(*state, no_fire_in, run_pass, 0, false, NULL);
}

/* copy_deref between a local and a shader temp (single function): both
 * promoted, the shader temp from its initializer. */
static void
copies_and_shader_temps(void **state)
{
   cfp_check_pass(*state, copies_in, run_pass, 0, true, copies_out);
   cfp_check_same_results(copies_in, run_pass, 0, CFP_FLOATS);
}

/* The block after an if whose sides break and continue is unreachable: it
 * is renamed on its own (its load reads an undef) and still gives the
 * header phi a source. */
static void
unreachable_block(void **state)
{
   cfp_check_pass(*state, unreachable_in, run_pass, 0, true, unreachable_out);
   cfp_check_same_results(unreachable_in, run_pass, 0, CFP_FLOATS);
}

/* Stores that no load follows leave no phis (and no undef) behind. */
static void
unread_phis_removed(void **state)
{
   cfp_check_pass(*state, dead_phis_in, run_pass, 0, true, dead_phis_out);
   cfp_check_same_results(dead_phis_in, run_pass, 0, CFP_FLOATS);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(straight_line, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(if_join, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(loop_header_phis, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(loop_with_breaks, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(not_promotable, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         copies_and_shader_temps, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(unreachable_block, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(unread_phis_removed, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
