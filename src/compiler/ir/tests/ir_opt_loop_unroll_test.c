/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_loop_unroll(): counted loops with the exit test at the
 * top and at the bottom, header phis that swap (each iteration must read
 * the previous iteration's values all at once), a loop with code on both
 * sides of its exit if, nested control flow and a trailing continue,
 * nested loops whose inner trip count depends on the outer counter
 * (known once the outer loop is unrolled), a loop that never repeats
 * (trip count 0) and `loop { ...; break }`; the instruction limit at its
 * boundary; and loops that must stay (unknown count, a second break, a
 * continue that skips code, a return); and the pipeline that turns a loop
 * over a local array into straight-line code.  Each case checks the printed
 * result, validates, checks that a second run makes no progress and, when
 * the pass fires, compares the interpreter's outputs before and after.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_cf_passes_test_util.h"

static bool
run_pass(struct ir_shader *s, unsigned max_instructions)
{
   return ir_opt_loop_unroll(s, max_instructions);
}

/* The passes a driver runs on a GLSL loop over locals and a constant
 * array: promote, unroll, fold the array indices, split the array,
 * promote it, flatten the ifs, clean up. */
static bool
run_pipeline(struct ir_shader *s, unsigned arg)
{
   (void)arg;
   bool progress = ir_lower_vars_to_ssa(s);
   progress |= ir_opt_loop_unroll(s, 200);
   progress |= ir_opt_constant_fold(s);
   progress |= ir_lower_split_vars(s);
   progress |= ir_lower_vars_to_ssa(s);
   progress |= ir_opt_if_to_select(s, 4);
   progress |= ir_opt_copy_prop(s);
   progress |= ir_opt_dce(s);
   return progress;
}

static const char top_in[] = "shader fragment\n"
                             "fn main {\n"
                             "  b0:\n"
                             "    %0:32 = load_const 0\n"
                             "    %1:32 = load_const 1\n"
                             "    %2:32 = load_const 3\n"
                             "    %3:32x4 = load_input %0\n"
                             "    %4:32 = mov %3.x\n"
                             "  loop {\n"
                             "    b1:\n"
                             "      %5:32 = phi b0: %0, b4: %9\n"
                             "      %6:32 = phi b0: %4, b4: %8\n"
                             "      %7:1 = ige %5, %2\n"
                             "    if %7 {\n"
                             "      b2:\n"
                             "        break\n"
                             "    } else {\n"
                             "      b3:\n"
                             "    }\n"
                             "    b4:\n"
                             "      %8:32 = fadd %6, %3.y\n"
                             "      %9:32 = iadd %5, %1\n"
                             "  }\n"
                             "  b5:\n"
                             "    store_output %6, %0 write_mask=1\n"
                             "    store_output %5, %0 base=1 write_mask=1\n"
                             "}\n";

static const char top_out[] = "shader fragment\n"
                              "\n"
                              "fn main {\n"
                              "  b0:\n"
                              "    %0:32 = load_const 0\n"
                              "    %1:32 = load_const 1\n"
                              "    %2:32 = load_const 3\n"
                              "    %3:32x4 = load_input %0\n"
                              "    %4:32 = mov %3\n"
                              "    %5:1 = ige %0, %2\n"
                              "    %6:32 = fadd %4, %3.y\n"
                              "    %7:32 = iadd %0, %1\n"
                              "    %8:1 = ige %7, %2\n"
                              "    %9:32 = fadd %6, %3.y\n"
                              "    %10:32 = iadd %7, %1\n"
                              "    %11:1 = ige %10, %2\n"
                              "    %12:32 = fadd %9, %3.y\n"
                              "    %13:32 = iadd %10, %1\n"
                              "    %14:1 = ige %13, %2\n"
                              "    store_output %12, %0 write_mask=1\n"
                              "    store_output %13, %0 base=1 write_mask=1\n"
                              "}\n";

static const char bottom_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32 = load_const 2\n"
                                "    %3:32x4 = load_input %0\n"
                                "    %4:32 = mov %3.x\n"
                                "  loop {\n"
                                "    b1:\n"
                                "      %5:32 = phi b0: %0, b4: %8\n"
                                "      %6:32 = phi b0: %4, b4: %7\n"
                                "      %7:32 = fmul %6, %3.y\n"
                                "      %8:32 = iadd %5, %1\n"
                                "      %9:1 = ige %8, %2\n"
                                "    if %9 {\n"
                                "      b2:\n"
                                "        break\n"
                                "    } else {\n"
                                "      b3:\n"
                                "    }\n"
                                "    b4:\n"
                                "  }\n"
                                "  b5:\n"
                                "    store_output %7, %0 write_mask=1\n"
                                "    store_output %8, %0 base=1 write_mask=1\n"
                                "}\n";

static const char bottom_out[] = "shader fragment\n"
                                 "\n"
                                 "fn main {\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32 = load_const 1\n"
                                 "    %2:32 = load_const 2\n"
                                 "    %3:32x4 = load_input %0\n"
                                 "    %4:32 = mov %3\n"
                                 "    %5:32 = fmul %4, %3.y\n"
                                 "    %6:32 = iadd %0, %1\n"
                                 "    %7:1 = ige %6, %2\n"
                                 "    %8:32 = fmul %5, %3.y\n"
                                 "    %9:32 = iadd %6, %1\n"
                                 "    %10:1 = ige %9, %2\n"
                                 "    store_output %8, %0 write_mask=1\n"
                                 "    store_output %9, %0 base=1 write_mask=1\n"
                                 "}\n";

static const char swap_in[] = "shader fragment\n"
                              "fn main {\n"
                              "  b0:\n"
                              "    %0:32 = load_const 0\n"
                              "    %1:32 = load_const 1\n"
                              "    %2:32 = load_const 3\n"
                              "    %3:32x4 = load_input %0\n"
                              "    %4:32 = mov %3.x\n"
                              "    %5:32 = mov %3.y\n"
                              "  loop {\n"
                              "    b1:\n"
                              "      %6:32 = phi b0: %0, b4: %10\n"
                              "      %7:32 = phi b0: %4, b4: %8\n"
                              "      %8:32 = phi b0: %5, b4: %9\n"
                              "      %11:1 = ige %6, %2\n"
                              "    if %11 {\n"
                              "      b2:\n"
                              "        break\n"
                              "    } else {\n"
                              "      b3:\n"
                              "    }\n"
                              "    b4:\n"
                              "      %9:32 = fadd %7, %8\n"
                              "      %10:32 = iadd %6, %1\n"
                              "  }\n"
                              "  b5:\n"
                              "    store_output %7, %0 write_mask=1\n"
                              "    store_output %8, %0 base=1 write_mask=1\n"
                              "}\n";

static const char swap_out[] = "shader fragment\n"
                               "\n"
                               "fn main {\n"
                               "  b0:\n"
                               "    %0:32 = load_const 0\n"
                               "    %1:32 = load_const 1\n"
                               "    %2:32 = load_const 3\n"
                               "    %3:32x4 = load_input %0\n"
                               "    %4:32 = mov %3\n"
                               "    %5:32 = mov %3.y\n"
                               "    %6:1 = ige %0, %2\n"
                               "    %7:32 = fadd %4, %5\n"
                               "    %8:32 = iadd %0, %1\n"
                               "    %9:1 = ige %8, %2\n"
                               "    %10:32 = fadd %5, %7\n"
                               "    %11:32 = iadd %8, %1\n"
                               "    %12:1 = ige %11, %2\n"
                               "    %13:32 = fadd %7, %10\n"
                               "    %14:32 = iadd %11, %1\n"
                               "    %15:1 = ige %14, %2\n"
                               "    store_output %10, %0 write_mask=1\n"
                               "    store_output %13, %0 base=1 write_mask=1\n"
                               "}\n";

static const char shapes_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32 = load_const 4\n"
                                "    %3:32x4 = load_input %0\n"
                                "    %4:32 = mov %3.x\n"
                                "  loop {\n"
                                "    b1:\n"
                                "      %5:32 = phi b0: %0, b9: %14\n"
                                "      %6:32 = phi b0: %4, b9: %13\n"
                                "      %7:1 = flt %6, %3.y\n"
                                "    if %7 {\n"
                                "      b2:\n"
                                "        %8:32 = fadd %6, %3.z\n"
                                "    } else {\n"
                                "      b3:\n"
                                "        %9:32 = fsub %6, %3.z\n"
                                "    }\n"
                                "    b4:\n"
                                "      %10:32 = phi b2: %8, b3: %9\n"
                                "      %11:1 = ige %5, %2\n"
                                "    if %11 {\n"
                                "      b5:\n"
                                "        %12:32 = fmul %10, %3.w\n"
                                "        break\n"
                                "    } else {\n"
                                "      b6:\n"
                                "        %15:1 = flt %10, %0\n"
                                "      if %15 {\n"
                                "        b7:\n"
                                "          %16:32 = fneg %10\n"
                                "      } else {\n"
                                "        b8:\n"
                                "      }\n"
                                "      b10:\n"
                                "        %17:32 = phi b7: %16, b8: %10\n"
                                "    }\n"
                                "    b9:\n"
                                "      %18:32 = phi b10: %17\n"
                                "      %13:32 = fadd %18, %1\n"
                                "      %14:32 = iadd %5, %1\n"
                                "      continue\n"
                                "  }\n"
                                "  b11:\n"
                                "    %19:32 = phi b5: %12\n"
                                "    store_output %19, %0 write_mask=1\n"
                                "    store_output %10, %0 base=1 write_mask=1\n"
                                "}\n";

static const char shapes_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32 = load_const 4\n"
   "    %3:32x4 = load_input %0\n"
   "    %4:32 = mov %3\n"
   "    %5:1 = flt %4, %3.y\n"
   "  if %5 {\n"
   "    b1:\n"
   "      %6:32 = fadd %4, %3.z\n"
   "  } else {\n"
   "    b2:\n"
   "      %7:32 = fsub %4, %3.z\n"
   "  }\n"
   "  b3:\n"
   "    %8:32 = phi b1: %6, b2: %7\n"
   "    %9:1 = ige %0, %2\n"
   "    %10:1 = flt %8, %0\n"
   "  if %10 {\n"
   "    b4:\n"
   "      %11:32 = fneg %8\n"
   "  } else {\n"
   "    b5:\n"
   "  }\n"
   "  b6:\n"
   "    %12:32 = phi b4: %11, b5: %8\n"
   "    %13:32 = fadd %12, %1\n"
   "    %14:32 = iadd %0, %1\n"
   "    %15:1 = flt %13, %3.y\n"
   "  if %15 {\n"
   "    b7:\n"
   "      %16:32 = fadd %13, %3.z\n"
   "  } else {\n"
   "    b8:\n"
   "      %17:32 = fsub %13, %3.z\n"
   "  }\n"
   "  b9:\n"
   "    %18:32 = phi b7: %16, b8: %17\n"
   "    %19:1 = ige %14, %2\n"
   "    %20:1 = flt %18, %0\n"
   "  if %20 {\n"
   "    b10:\n"
   "      %21:32 = fneg %18\n"
   "  } else {\n"
   "    b11:\n"
   "  }\n"
   "  b12:\n"
   "    %22:32 = phi b10: %21, b11: %18\n"
   "    %23:32 = fadd %22, %1\n"
   "    %24:32 = iadd %14, %1\n"
   "    %25:1 = flt %23, %3.y\n"
   "  if %25 {\n"
   "    b13:\n"
   "      %26:32 = fadd %23, %3.z\n"
   "  } else {\n"
   "    b14:\n"
   "      %27:32 = fsub %23, %3.z\n"
   "  }\n"
   "  b15:\n"
   "    %28:32 = phi b13: %26, b14: %27\n"
   "    %29:1 = ige %24, %2\n"
   "    %30:1 = flt %28, %0\n"
   "  if %30 {\n"
   "    b16:\n"
   "      %31:32 = fneg %28\n"
   "  } else {\n"
   "    b17:\n"
   "  }\n"
   "  b18:\n"
   "    %32:32 = phi b16: %31, b17: %28\n"
   "    %33:32 = fadd %32, %1\n"
   "    %34:32 = iadd %24, %1\n"
   "    %35:1 = flt %33, %3.y\n"
   "  if %35 {\n"
   "    b19:\n"
   "      %36:32 = fadd %33, %3.z\n"
   "  } else {\n"
   "    b20:\n"
   "      %37:32 = fsub %33, %3.z\n"
   "  }\n"
   "  b21:\n"
   "    %38:32 = phi b19: %36, b20: %37\n"
   "    %39:1 = ige %34, %2\n"
   "    %40:1 = flt %38, %0\n"
   "  if %40 {\n"
   "    b22:\n"
   "      %41:32 = fneg %38\n"
   "  } else {\n"
   "    b23:\n"
   "  }\n"
   "  b24:\n"
   "    %42:32 = phi b22: %41, b23: %38\n"
   "    %43:32 = fadd %42, %1\n"
   "    %44:32 = iadd %34, %1\n"
   "    %45:1 = flt %43, %3.y\n"
   "  if %45 {\n"
   "    b25:\n"
   "      %46:32 = fadd %43, %3.z\n"
   "  } else {\n"
   "    b26:\n"
   "      %47:32 = fsub %43, %3.z\n"
   "  }\n"
   "  b27:\n"
   "    %48:32 = phi b25: %46, b26: %47\n"
   "    %49:1 = ige %44, %2\n"
   "    %50:32 = fmul %48, %3.w\n"
   "    store_output %50, %0 write_mask=1\n"
   "    store_output %48, %0 base=1 write_mask=1\n"
   "}\n";

static const char nested_in[] = "shader fragment\n"
                                "fn main {\n"
                                "  b0:\n"
                                "    %0:32 = load_const 0\n"
                                "    %1:32 = load_const 1\n"
                                "    %2:32 = load_const 3\n"
                                "    %3:32x4 = load_input %0\n"
                                "    %4:32 = mov %3.x\n"
                                "  loop {\n"
                                "    b1:\n"
                                "      %5:32 = phi b0: %0, b9: %15\n"
                                "      %6:32 = phi b0: %4, b9: %10\n"
                                "      %7:1 = ige %5, %2\n"
                                "    if %7 {\n"
                                "      b2:\n"
                                "        break\n"
                                "    } else {\n"
                                "      b3:\n"
                                "    }\n"
                                "    b4:\n"
                                "    loop {\n"
                                "      b5:\n"
                                "        %8:32 = phi b4: %0, b8: %12\n"
                                "        %10:32 = phi b4: %6, b8: %11\n"
                                "        %9:1 = ige %8, %5\n"
                                "      if %9 {\n"
                                "        b6:\n"
                                "          break\n"
                                "      } else {\n"
                                "        b7:\n"
                                "      }\n"
                                "      b8:\n"
                                "        %11:32 = fadd %10, %3.y\n"
                                "        %12:32 = iadd %8, %1\n"
                                "    }\n"
                                "    b9:\n"
                                "      %15:32 = iadd %5, %1\n"
                                "  }\n"
                                "  b10:\n"
                                "    store_output %6, %0 write_mask=1\n"
                                "}\n";

static const char nested_out[] = "shader fragment\n"
                                 "\n"
                                 "fn main {\n"
                                 "  b0:\n"
                                 "    %0:32 = load_const 0\n"
                                 "    %1:32 = load_const 1\n"
                                 "    %2:32 = load_const 3\n"
                                 "    %3:32x4 = load_input %0\n"
                                 "    %4:32 = mov %3\n"
                                 "    %5:1 = ige %0, %2\n"
                                 "    %6:1 = ige %0, %0\n"
                                 "    %7:32 = iadd %0, %1\n"
                                 "    %8:1 = ige %7, %2\n"
                                 "    %9:1 = ige %0, %7\n"
                                 "    %10:32 = fadd %4, %3.y\n"
                                 "    %11:32 = iadd %0, %1\n"
                                 "    %12:1 = ige %11, %7\n"
                                 "    %13:32 = iadd %7, %1\n"
                                 "    %14:1 = ige %13, %2\n"
                                 "    %15:1 = ige %0, %13\n"
                                 "    %16:32 = fadd %10, %3.y\n"
                                 "    %17:32 = iadd %0, %1\n"
                                 "    %18:1 = ige %17, %13\n"
                                 "    %19:32 = fadd %16, %3.y\n"
                                 "    %20:32 = iadd %17, %1\n"
                                 "    %21:1 = ige %20, %13\n"
                                 "    %22:32 = iadd %13, %1\n"
                                 "    %23:1 = ige %22, %2\n"
                                 "    store_output %19, %0 write_mask=1\n"
                                 "}\n";

static const char zero_trip_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 5\n"
   "    %1:32 = load_const 1\n"
   "    %2:32 = load_const 3\n"
   "    %3:32x4 = load_input %0\n"
   "  loop {\n"
   "    b1:\n"
   "      %5:32 = phi b0: %0, b4: %9\n"
   "      %6:32 = fmul %3.x, %3.y\n"
   "      %7:1 = ilt %5, %2\n"
   "    if %7 {\n"
   "      b2:\n"
   "    } else {\n"
   "      b3:\n"
   "        %10:32 = fadd %6, %3.z\n"
   "        break\n"
   "    }\n"
   "    b4:\n"
   "      store_output %6, %1 write_mask=1\n"
   "      %9:32 = iadd %5, %1\n"
   "  }\n"
   "  b5:\n"
   "    %11:32 = phi b3: %10\n"
   "    store_output %11, %1 base=1 write_mask=1\n"
   "}\n";

static const char zero_trip_out[] =
   "shader fragment\n"
   "\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 5\n"
   "    %1:32 = load_const 1\n"
   "    %2:32 = load_const 3\n"
   "    %3:32x4 = load_input %0\n"
   "    %4:32 = fmul %3, %3.y\n"
   "    %5:1 = ilt %0, %2\n"
   "    %6:32 = fadd %4, %3.z\n"
   "    store_output %6, %1 base=1 write_mask=1\n"
   "}\n";

static const char once_in[] = "shader fragment\n"
                              "fn main {\n"
                              "  b0:\n"
                              "    %0:32 = load_const 0\n"
                              "    %1:32x4 = load_input %0\n"
                              "  loop {\n"
                              "    b1:\n"
                              "      %2:32 = phi b0: %0\n"
                              "      %3:1 = flt %1.x, %1.y\n"
                              "    if %3 {\n"
                              "      b2:\n"
                              "        %4:32 = fadd %1.x, %1.z\n"
                              "    } else {\n"
                              "      b3:\n"
                              "        %5:32 = fmul %1.x, %1.z\n"
                              "    }\n"
                              "    b4:\n"
                              "      %6:32 = phi b2: %4, b3: %5\n"
                              "      break\n"
                              "  }\n"
                              "  b5:\n"
                              "    %7:32 = phi b4: %6\n"
                              "    store_output %7, %2 write_mask=1\n"
                              "}\n";

static const char once_out[] = "shader fragment\n"
                               "\n"
                               "fn main {\n"
                               "  b0:\n"
                               "    %0:32 = load_const 0\n"
                               "    %1:32x4 = load_input %0\n"
                               "    %2:1 = flt %1, %1.y\n"
                               "  if %2 {\n"
                               "    b1:\n"
                               "      %3:32 = fadd %1, %1.z\n"
                               "  } else {\n"
                               "    b2:\n"
                               "      %4:32 = fmul %1, %1.z\n"
                               "  }\n"
                               "  b3:\n"
                               "    %5:32 = phi b1: %3, b2: %4\n"
                               "    store_output %5, %0 write_mask=1\n"
                               "}\n";

static const char cost_in[] = "shader fragment\n"
                              "fn main {\n"
                              "  b0:\n"
                              "    %0:32 = load_const 0\n"
                              "    %1:32 = load_const 1\n"
                              "    %2:32 = load_const 4\n"
                              "    %3:32x4 = load_input %0\n"
                              "  loop {\n"
                              "    b30:\n"
                              "      %19:32 = phi b0: %0, b33: %20\n"
                              "      %21:1 = ige %19, %2\n"
                              "    if %21 {\n"
                              "      b31:\n"
                              "        break\n"
                              "    } else {\n"
                              "      b32:\n"
                              "    }\n"
                              "    b33:\n"
                              "      %20:32 = iadd %19, %1\n"
                              "      %22:32 = fmul %3.x, %3.y\n"
                              "      %23:32 = fmul %22, %3.y\n"
                              "      %24:32 = fmul %23, %3.y\n"
                              "      store_output %24, %0 base=1 write_mask=1\n"
                              "  }\n"
                              "  b34:\n"
                              "}\n";

static const char cost_out[] = "shader fragment\n"
                               "\n"
                               "fn main {\n"
                               "  b0:\n"
                               "    %0:32 = load_const 0\n"
                               "    %1:32 = load_const 1\n"
                               "    %2:32 = load_const 4\n"
                               "    %3:32x4 = load_input %0\n"
                               "    %4:1 = ige %0, %2\n"
                               "    %5:32 = iadd %0, %1\n"
                               "    %6:32 = fmul %3, %3.y\n"
                               "    %7:32 = fmul %6, %3.y\n"
                               "    %8:32 = fmul %7, %3.y\n"
                               "    store_output %8, %0 base=1 write_mask=1\n"
                               "    %9:1 = ige %5, %2\n"
                               "    %10:32 = iadd %5, %1\n"
                               "    %11:32 = fmul %3, %3.y\n"
                               "    %12:32 = fmul %11, %3.y\n"
                               "    %13:32 = fmul %12, %3.y\n"
                               "    store_output %13, %0 base=1 write_mask=1\n"
                               "    %14:1 = ige %10, %2\n"
                               "    %15:32 = iadd %10, %1\n"
                               "    %16:32 = fmul %3, %3.y\n"
                               "    %17:32 = fmul %16, %3.y\n"
                               "    %18:32 = fmul %17, %3.y\n"
                               "    store_output %18, %0 base=1 write_mask=1\n"
                               "    %19:1 = ige %15, %2\n"
                               "    %20:32 = iadd %15, %1\n"
                               "    %21:32 = fmul %3, %3.y\n"
                               "    %22:32 = fmul %21, %3.y\n"
                               "    %23:32 = fmul %22, %3.y\n"
                               "    store_output %23, %0 base=1 write_mask=1\n"
                               "    %24:1 = ige %20, %2\n"
                               "}\n";

static const char no_fire_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32 = load_const 4\n"
   "    %3:32x4 = load_input %0\n"
   "    %4:32 = f2i %3.x\n"
   "  loop {\n"
   "    b1:\n"
   "      %5:32 = phi b0: %0, b4: %6\n"
   "      %7:1 = ige %5, %4\n"
   "    if %7 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %6:32 = iadd %5, %1\n"
   "  }\n"
   "  b5:\n"
   "  loop {\n"
   "    b6:\n"
   "      %8:32 = phi b5: %0, b11: %9\n"
   "      %10:1 = ige %8, %2\n"
   "    if %10 {\n"
   "      b7:\n"
   "        break\n"
   "    } else {\n"
   "      b8:\n"
   "    }\n"
   "    b9:\n"
   "      %11:1 = flt %3.y, %3.z\n"
   "    if %11 {\n"
   "      b10:\n"
   "        break\n"
   "    } else {\n"
   "      b12:\n"
   "    }\n"
   "    b11:\n"
   "      %9:32 = iadd %8, %1\n"
   "  }\n"
   "  b13:\n"
   "  loop {\n"
   "    b14:\n"
   "      %12:32 = phi b13: %0, b19: %13, b17: %13\n"
   "      %14:1 = ige %12, %2\n"
   "    if %14 {\n"
   "      b15:\n"
   "        break\n"
   "    } else {\n"
   "      b16:\n"
   "    }\n"
   "    b20:\n"
   "      %13:32 = iadd %12, %1\n"
   "      %15:1 = flt %3.w, %3.z\n"
   "    if %15 {\n"
   "      b17:\n"
   "        continue\n"
   "    } else {\n"
   "      b18:\n"
   "    }\n"
   "    b19:\n"
   "      store_output %13, %0 write_mask=1\n"
   "  }\n"
   "  b21:\n"
   "  loop {\n"
   "    b22:\n"
   "      %16:32 = phi b21: %0, b26: %17\n"
   "      %18:1 = ige %16, %2\n"
   "    if %18 {\n"
   "      b23:\n"
   "        break\n"
   "    } else {\n"
   "      b24:\n"
   "    }\n"
   "    b25:\n"
   "      %25:1 = flt %3.y, %3.x\n"
   "    if %25 {\n"
   "      b27:\n"
   "        return\n"
   "    } else {\n"
   "      b28:\n"
   "    }\n"
   "    b26:\n"
   "      %17:32 = iadd %16, %1\n"
   "  }\n"
   "  b34:\n"
   "}\n";

static const char pipeline_in[] =
   "shader fragment\n"
   "fn main {\n"
   "  local int @i\n"
   "  local vec2 @acc\n"
   "  local float[3] @w init={ 0.5, 0.25, 2.0 }\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32 = load_const 1\n"
   "    %2:32 = load_const 3\n"
   "    %3:32x4 = load_input %0\n"
   "    %4:32 = deref_var @i\n"
   "    store_deref %4, %0 write_mask=1\n"
   "    %5:32 = deref_var @acc\n"
   "    %6:32x2 = mov %3.xy\n"
   "    store_deref %5, %6 write_mask=3\n"
   "    %7:32 = deref_var @w\n"
   "  loop {\n"
   "    b1:\n"
   "      %8:32 = load_deref %4\n"
   "      %9:1 = ige %8, %2\n"
   "    if %9 {\n"
   "      b2:\n"
   "        break\n"
   "    } else {\n"
   "      b3:\n"
   "    }\n"
   "    b4:\n"
   "      %10:32 = deref_array %7[%8]\n"
   "      %11:32 = load_deref %10\n"
   "      %12:32x2 = load_deref %5\n"
   "      %13:1 = flt %12.x, %3.z\n"
   "    if %13 {\n"
   "      b5:\n"
   "        %14:32 = fmul %12.x, %11\n"
   "        %15:32x2 = vec2 %14, %14\n"
   "        store_deref %5, %15 write_mask=1\n"
   "    } else {\n"
   "      b6:\n"
   "        %16:32 = fadd %12.y, %11\n"
   "        %17:32x2 = vec2 %16, %16\n"
   "        store_deref %5, %17 write_mask=2\n"
   "    }\n"
   "    b7:\n"
   "      %18:32 = iadd %8, %1\n"
   "      store_deref %4, %18 write_mask=1\n"
   "  }\n"
   "  b8:\n"
   "    %19:32x2 = load_deref %5\n"
   "    store_output %19, %0 write_mask=3\n"
   "}\n";

static const char pipeline_out[] = "shader fragment\n"
                                   "\n"
                                   "fn main {\n"
                                   "  b0:\n"
                                   "    %0:32 = load_const 2.0\n"
                                   "    %1:32 = load_const 0.25\n"
                                   "    %2:32 = load_const 0.5\n"
                                   "    %3:32 = load_const 0\n"
                                   "    %4:32x4 = load_input %3\n"
                                   "    %5:1 = flt %4, %4.z\n"
                                   "    %6:32 = fmul %4, %2\n"
                                   "    %7:32x2 = vec2 %6, %4.y\n"
                                   "    %8:32 = fadd %4.y, %2\n"
                                   "    %9:32x2 = vec2 %4, %8\n"
                                   "    %10:32x2 = bcsel %5.xx, %7, %9\n"
                                   "    %11:1 = flt %10, %4.z\n"
                                   "    %12:32 = fmul %10, %1\n"
                                   "    %13:32x2 = vec2 %12, %10.y\n"
                                   "    %14:32 = fadd %10.y, %1\n"
                                   "    %15:32x2 = vec2 %10, %14\n"
                                   "    %16:32x2 = bcsel %11.xx, %13, %15\n"
                                   "    %17:1 = flt %16, %4.z\n"
                                   "    %18:32 = fmul %16, %0\n"
                                   "    %19:32x2 = vec2 %18, %16.y\n"
                                   "    %20:32 = fadd %16.y, %0\n"
                                   "    %21:32x2 = vec2 %16, %20\n"
                                   "    %22:32x2 = bcsel %17.xx, %19, %21\n"
                                   "    store_output %22, %3 write_mask=3\n"
                                   "}\n";

/* for (i = 0; i < 3; i++) s += y: three copies and the header once more;
 * the values after the loop are the last header's. */
static void
test_at_top(void **state)
{
   cfp_check_pass(*state, top_in, run_pass, 64, true, top_out);
   cfp_check_same_results(top_in, run_pass, 64, CFP_FLOATS);
}

/* do { s *= y; i++; } while (i < 2): two copies of the body, no extra
 * header. */
static void
test_at_bottom(void **state)
{
   cfp_check_pass(*state, bottom_in, run_pass, 64, true, bottom_out);
   cfp_check_same_results(bottom_in, run_pass, 64, CFP_FLOATS);
}

/* (a, b) = (b, a + b): the back-edge value of a is the phi b. */
static void
swapping_phis(void **state)
{
   cfp_check_pass(*state, swap_in, run_pass, 64, true, swap_out);
   cfp_check_same_results(swap_in, run_pass, 64, CFP_FLOATS);
}

/* An if before the exit, code on the break side (used after the loop
 * through a phi of the exit block), an if on the continue side and a
 * continue ending the body. */
static void
code_around_the_exit(void **state)
{
   cfp_check_pass(*state, shapes_in, run_pass, 200, true, shapes_out);
   cfp_check_same_results(shapes_in, run_pass, 200, CFP_FLOATS);
}

/* for (i < 3) for (j < i): the inner count is only known once the outer
 * loop is unrolled; everything unrolls in one run. */
static void
nested_loops(void **state)
{
   cfp_check_pass(*state, nested_in, run_pass, 64, true, nested_out);
   cfp_check_same_results(nested_in, run_pass, 64, CFP_FLOATS);
}

/* i = 5; while (i < 3) ...: the loop goes, what runs before its first
 * exit stays (with the break side's code). */
static void
zero_trips(void **state)
{
   cfp_check_pass(*state, zero_trip_in, run_pass, 64, true, zero_trip_out);
   cfp_check_same_results(zero_trip_in, run_pass, 64, CFP_FLOATS);
}

/* loop { ...; break } runs once: its body replaces it. */
static void
unconditional_break(void **state)
{
   cfp_check_pass(*state, once_in, run_pass, 64, true, once_out);
   cfp_check_same_results(once_in, run_pass, 64, CFP_FLOATS);
}

/* 4 iterations of 8 instructions: unrolled under a limit of 32, not
 * under 31. */
static void
instruction_limit(void **state)
{
   cfp_check_pass(*state, cost_in, run_pass, 31, false, NULL);
   cfp_check_pass(*state, cost_in, run_pass, 32, true, cost_out);
   cfp_check_same_results(cost_in, run_pass, 32, CFP_FLOATS);
}

/* An input-dependent count, a second break, a continue before the end of
 * the body and a return keep their loops. */
static void
not_unrollable(void **state)
{
   cfp_check_pass(*state, no_fire_in, run_pass, 1000, false, NULL);
}

/* vars_to_ssa, unroll, fold, split_vars, vars_to_ssa, select: a loop
 * over a local array with an if inside becomes straight-line selects. */
static void
pipeline(void **state)
{
   cfp_check_pass(*state, pipeline_in, run_pipeline, 0, true, pipeline_out);
   cfp_check_same_results(pipeline_in, run_pipeline, 0, CFP_FLOATS);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_at_top, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(test_at_bottom, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(swapping_phis, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(code_around_the_exit, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(nested_loops, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(zero_trips, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(unconditional_break, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(instruction_limit, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(not_unrollable, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(pipeline, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
