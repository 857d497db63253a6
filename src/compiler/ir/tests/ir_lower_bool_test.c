/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_bool_to_int32() and ir_lower_bool_to_float():
 * golden text for comparisons, logic, constants, selects, conversions,
 * an intrinsic with a boolean result, ifs, loops with boolean phis, a
 * bool variable and discard_if; the cases where nothing changes (no
 * booleans, 32-bit booleans already); and differential runs in the
 * interpreter (outputs and discarded lanes bit-identical before and after
 * each pass, on special and random inputs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "ir_lower_test_util.h"

static bool
run_int32(struct ir_shader *s, const void *data)
{
   (void)data;
   return ir_lower_bool_to_int32(s);
}

static bool
run_float(struct ir_shader *s, const void *data)
{
   (void)data;
   return ir_lower_bool_to_float(s);
}

#define HEADER                  \
   "shader fragment\n"          \
   "fn main {\n"                \
   "  b0:\n"                    \
   "    %0:32 = load_const 0\n" \
   "    %1:32x4 = load_input %0\n"

/* Comparisons, logic, a constant, a select, conversions, ieq of bools,
 * an intrinsic, an if and a phi. */
static const char mixed[] =
   HEADER "    %2:1x2 = flt %1.xy, %1.zw\n"
          "    %3:1 = load_const true\n"
          "    %4:1 = iand %2.x, %3\n"
          "    %5:1 = inot %2.y\n"
          "    %6:1 = ixor %4, %5\n"
          "    %7:1 = ior %6, %2.x\n"
          "    %8:32 = bcsel %7, %1.x, %1.w\n"
          "    %9:32 = b2f %6\n"
          "    %10:32 = u2u %5\n"
          "    %11:1 = ilt %1.x, %1.y\n"
          "    %12:1 = f2b %1.z\n"
          "    %13:1 = ieq %11, %12\n"
          "    %14:32 = b2i %13\n"
          "    %15:32x4 = vec4 %8, %9, %10, %14\n"
          "    store_output %15, %0 write_mask=15\n"
          "  if %7 {\n"
          "    b1:\n"
          "      %16:1 = load_front_face\n"
          "  } else {\n"
          "    b2:\n"
          "      %17:1 = fneu %1.x, %1.x\n"
          "  }\n"
          "  b3:\n"
          "    %18:1 = phi b1: %16, b2: %17\n"
          "    %19:32 = b2f %18\n"
          "    store_output %19, %0 base=1 write_mask=1\n"
          "}\n";

/* 1-bit integer arithmetic and conversions from bools. */
static const char arith[] = HEADER "    %2:1 = flt %1.x, %1.y\n"
                                   "    %3:1 = fge %1.z, %1.w\n"
                                   "    %4:1 = iadd %2, %3\n"
                                   "    %5:1 = imul %2, %3\n"
                                   "    %6:1 = ineg %4\n"
                                   "    %7:32 = u2f %5\n"
                                   "    %8:32 = i2f %6\n"
                                   "    %9:32 = i2i %2\n"
                                   "    %10:32 = b2b %3\n"
                                   "    %11:1 = b2b %10\n"
                                   "    %12:32 = b2i %11\n"
                                   "    %13:32x4 = vec4 %7, %8, %9, %12\n"
                                   "    store_output %13, %0 write_mask=15\n"
                                   "}\n";

/* A loop with a boolean phi, a bool variable, discard_if. */
static const char loop[] = HEADER "    %2:1 = load_const false\n"
                                  "    %3:32 = deref_var @flag\n"
                                  "    %4:1 = fge %1.x, %1.y\n"
                                  "    store_deref %3, %4 write_mask=1\n"
                                  "    %5:32 = load_const 1.0\n"
                                  "  loop {\n"
                                  "    b1:\n"
                                  "      %6:1 = phi b0: %2, b4: %11\n"
                                  "      %7:32 = phi b0: %0, b4: %12\n"
                                  "      %8:1 = fge %7, %1.z\n"
                                  "    if %8 {\n"
                                  "      b2:\n"
                                  "        break\n"
                                  "    } else {\n"
                                  "      b3:\n"
                                  "    }\n"
                                  "    b4:\n"
                                  "      %9:1 = load_deref %3\n"
                                  "      %10:1 = flt %7, %1.w\n"
                                  "      %11:1 = bcsel %10, %9, %6\n"
                                  "      %12:32 = fadd %7, %5\n"
                                  "      continue\n"
                                  "  }\n"
                                  "  b5:\n"
                                  "    %13:32 = b2f %6\n"
                                  "    %14:32x2 = vec2 %13, %7\n"
                                  "    store_output %14, %0 write_mask=3\n"
                                  "    %15:1 = inot %6\n"
                                  "    discard_if %15\n"
                                  "}\n";

/* The loop without the variable, for differential runs: the interpreter
 * does not run 32-bit accesses to bool variables yet (the validator
 * allows them). */
static const char loop_diff[] = HEADER "    %2:1 = load_const false\n"
                                       "    %3:32 = load_const 1.0\n"
                                       "  loop {\n"
                                       "    b1:\n"
                                       "      %4:1 = phi b0: %2, b4: %9\n"
                                       "      %5:32 = phi b0: %0, b4: %10\n"
                                       "      %6:1 = fge %5, %1.z\n"
                                       "    if %6 {\n"
                                       "      b2:\n"
                                       "        break\n"
                                       "    } else {\n"
                                       "      b3:\n"
                                       "    }\n"
                                       "    b4:\n"
                                       "      %7:1 = fge %1.x, %1.y\n"
                                       "      %8:1 = flt %5, %1.w\n"
                                       "      %9:1 = bcsel %8, %7, %4\n"
                                       "      %10:32 = fadd %5, %3\n"
                                       "      continue\n"
                                       "  }\n"
                                       "  b5:\n"
                                       "    %11:32 = b2f %4\n"
                                       "    %12:32x2 = vec2 %11, %5\n"
                                       "    store_output %12, %0 write_mask=3\n"
                                       "    %13:1 = inot %4\n"
                                       "    discard_if %13\n"
                                       "}\n";

/* The loop shader with its local variable declared. */
static const char *
loop_text(struct u_arena *mem)
{
   /* Insert "local bool @flag" after "fn main {". */
   const char *at = strstr(loop, "fn main {\n") + strlen("fn main {\n");
   return u_arena_asprintf(mem, "%.*s  local bool @flag\n%s", (int)(at - loop),
                           loop, at);
}

/* Inputs: specials and random floats in slot 0, but the loop shaders'
 * trip count (z) stays small and finite. */
static void
diff_runs(const char *text, lt_pass_fn pass)
{
   static const float specials[] = { 0.0f, -0.0f, 1.0f,     -1.0f,
                                     2.5f, NAN,   INFINITY, -INFINITY,
                                     3.0f, 0.5f,  -2.0f,    1e-40f };
   uint32_t *in = calloc(LT_SLOTS * 4 * LT_WIDTH, sizeof(uint32_t));
   uint64_t seed = 42;
   for (unsigned round = 0; round < 8; round++) {
      for (unsigned l = 0; l < LT_WIDTH; l++) {
         for (unsigned c = 0; c < 4; c++) {
            float v = round == 0 && c != 2
                         ? specials[(l + c * 5) % 12]
                         : (float)(int)(lt_rand(&seed) % 9) - 4.0f;
            in[lt_word(0, c, l)] = ir_test_fbits(v);
         }
      }
      LT_DIFF_EXACT(text, pass, NULL, in, LT_WIDTH);
   }
   free(in);
}

/* ---------------------------------------------------------------------- */
/* To 32-bit integers                                                     */
/* ---------------------------------------------------------------------- */

static void
int32_mixed(void **state)
{
   LT_CHECK(*state, run_int32, NULL, mixed,
            HEADER "    %2:32x2 = flt %1, %1.zw\n"
                   "    %3:32 = load_const -1\n"
                   "    %4:32 = iand %2, %3\n"
                   "    %5:32 = inot %2.y\n"
                   "    %6:32 = ixor %4, %5\n"
                   "    %7:32 = ior %6, %2\n"
                   "    %8:32 = bcsel %7, %1, %1.w\n"
                   "    %9:32 = b2f %6\n"
                   "    %10:32 = b2i %5\n"
                   "    %11:32 = ilt %1, %1.y\n"
                   "    %12:32 = f2b %1.z\n"
                   "    %13:32 = ieq %11, %12\n"
                   "    %14:32 = b2i %13\n"
                   "    %15:32x4 = vec4 %8, %9, %10, %14\n"
                   "    store_output %15, %0 write_mask=15\n"
                   "  if %7 {\n"
                   "    b1:\n"
                   "      %16:32 = load_front_face\n"
                   "  } else {\n"
                   "    b2:\n"
                   "      %17:32 = fneu %1, %1\n"
                   "  }\n"
                   "  b3:\n"
                   "    %18:32 = phi b1: %16, b2: %17\n"
                   "    %19:32 = b2f %18\n"
                   "    store_output %19, %0 base=1 write_mask=1\n"
                   "}\n");
   diff_runs(mixed, run_int32);
}

/* iadd/isub are xor, imul is and, ineg is a copy on 1 bit; u2f of true is
 * 1.0 (b2f), i2f and i2i read true as -1, which ~0 is. */
static void
int32_arith(void **state)
{
   LT_CHECK(*state, run_int32, NULL, arith,
            HEADER "    %2:32 = flt %1, %1.y\n"
                   "    %3:32 = fge %1.z, %1.w\n"
                   "    %4:32 = ixor %2, %3\n"
                   "    %5:32 = iand %2, %3\n"
                   "    %6:32 = mov %4\n"
                   "    %7:32 = b2f %5\n"
                   "    %8:32 = i2f %6\n"
                   "    %9:32 = i2i %2\n"
                   "    %10:32 = mov %3\n"
                   "    %11:32 = mov %10\n"
                   "    %12:32 = b2i %11\n"
                   "    %13:32x4 = vec4 %7, %8, %9, %12\n"
                   "    store_output %13, %0 write_mask=15\n"
                   "}\n");
   diff_runs(arith, run_int32);
}

static void
int32_loop(void **state)
{
   const char *text = loop_text(*state);
   LT_CHECK(*state, run_int32, NULL, text,
            "shader fragment\n"
            "fn main {\n"
            "  local bool @flag\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x4 = load_input %0\n"
            "    %2:32 = load_const 0\n"
            "    %3:32 = deref_var @flag\n"
            "    %4:32 = fge %1, %1.y\n"
            "    store_deref %3, %4 write_mask=1\n"
            "    %5:32 = load_const 1.0\n"
            "  loop {\n"
            "    b1:\n"
            "      %6:32 = phi b0: %2, b4: %11\n"
            "      %7:32 = phi b0: %0, b4: %12\n"
            "      %8:32 = fge %7, %1.z\n"
            "    if %8 {\n"
            "      b2:\n"
            "        break\n"
            "    } else {\n"
            "      b3:\n"
            "    }\n"
            "    b4:\n"
            "      %9:32 = load_deref %3\n"
            "      %10:32 = flt %7, %1.w\n"
            "      %11:32 = bcsel %10, %9, %6\n"
            "      %12:32 = fadd %7, %5\n"
            "      continue\n"
            "  }\n"
            "  b5:\n"
            "    %13:32 = b2f %6\n"
            "    %14:32x2 = vec2 %13, %7\n"
            "    store_output %14, %0 write_mask=3\n"
            "    %15:32 = inot %6\n"
            "    discard_if %15\n"
            "}\n");
   diff_runs(loop_diff, run_int32);
}

/* Registers of one bit become 32-bit registers. */
static void
int32_registers(void **state)
{
   LT_CHECK(*state, run_int32, NULL,
            HEADER "    %2:32 = decl_reg num_components=1 bit_size=1\n"
                   "    %3:1 = flt %1.x, %1.y\n"
                   "    store_reg %3, %2 write_mask=1\n"
                   "    %4:1 = load_reg %2\n"
                   "    %5:32 = bcsel %4, %1.z, %1.w\n"
                   "    store_output %5, %0 write_mask=1\n"
                   "}\n",
            HEADER "    %2:32 = decl_reg num_components=1 bit_size=32\n"
                   "    %3:32 = flt %1, %1.y\n"
                   "    store_reg %3, %2 write_mask=1\n"
                   "    %4:32 = load_reg %2\n"
                   "    %5:32 = bcsel %4, %1.z, %1.w\n"
                   "    store_output %5, %0 write_mask=1\n"
                   "}\n");
}

/* No 1-bit values: 32-bit booleans are already what the pass makes. */
static void
int32_no_progress(void **state)
{
   LT_CHECK_NO_PROGRESS(*state, run_int32, NULL,
                        HEADER "    %2:32 = flt %1.x, %1.y\n"
                               "    %3:32 = bcsel %2, %1.z, %1.w\n"
                               "    %4:32 = b2f %2\n"
                               "    %5:32x2 = vec2 %3, %4\n"
                               "    store_output %5, %0 write_mask=3\n"
                               "}\n");
}

/* ---------------------------------------------------------------------- */
/* To floats                                                              */
/* ---------------------------------------------------------------------- */

/* Integer comparisons and the front-face intrinsic make a 32-bit bool
 * turned into 0.0 / 1.0 by b2f; the if reads the float. */
static void
float_mixed(void **state)
{
   LT_CHECK(*state, run_float, NULL, mixed,
            HEADER "    %2:32x2 = slt %1, %1.zw\n"
                   "    %3:32 = load_const 1.0\n"
                   "    %4:32 = fmul %2, %3\n"
                   "    %5:32 = load_const 1.0\n"
                   "    %6:32 = fsub %5, %2.y\n"
                   "    %7:32 = sne %4, %6\n"
                   "    %8:32 = fmax %7, %2\n"
                   "    %9:32 = fcsel %8, %1, %1.w\n"
                   "    %10:32 = mov %7\n"
                   "    %11:32 = f2u %6\n"
                   "    %12:32 = ilt %1, %1.y\n"
                   "    %13:32 = b2f %12\n"
                   "    %14:32 = load_const 0\n"
                   "    %15:32 = sne %1.z, %14\n"
                   "    %16:32 = seq %13, %15\n"
                   "    %17:32 = f2i %16\n"
                   "    %18:32x4 = vec4 %9, %10, %11, %17\n"
                   "    store_output %18, %0 write_mask=15\n"
                   "  if %8 {\n"
                   "    b1:\n"
                   "      %19:32 = load_front_face\n"
                   "      %20:32 = b2f %19\n"
                   "  } else {\n"
                   "    b2:\n"
                   "      %21:32 = sne %1, %1\n"
                   "  }\n"
                   "  b3:\n"
                   "    %22:32 = phi b1: %20, b2: %21\n"
                   "    %23:32 = mov %22\n"
                   "    store_output %23, %0 base=1 write_mask=1\n"
                   "}\n");
   diff_runs(mixed, run_float);
}

/* iadd/isub: sne, imul: fmul, ineg: mov, u2f: mov, i2f: 0.0 - x (fneg
 * would make -0.0 of false), i2i: f2i of that; b2b to a 32-bit bool is
 * f2b, b2b from one is b2f. */
static void
float_arith(void **state)
{
   LT_CHECK(*state, run_float, NULL, arith,
            HEADER "    %2:32 = slt %1, %1.y\n"
                   "    %3:32 = sge %1.z, %1.w\n"
                   "    %4:32 = sne %2, %3\n"
                   "    %5:32 = fmul %2, %3\n"
                   "    %6:32 = mov %4\n"
                   "    %7:32 = mov %5\n"
                   "    %8:32 = load_const 0\n"
                   "    %9:32 = fsub %8, %6\n"
                   "    %10:32 = load_const 0\n"
                   "    %11:32 = fsub %10, %2\n"
                   "    %12:32 = f2i %11\n"
                   "    %13:32 = f2b %3\n"
                   "    %14:32 = b2f %13\n"
                   "    %15:32 = f2i %14\n"
                   "    %16:32x4 = vec4 %7, %9, %12, %15\n"
                   "    store_output %16, %0 write_mask=15\n"
                   "}\n");
   diff_runs(arith, run_float);
}

/* The bool variable keeps 32-bit booleans: f2b before the store, b2f
 * after the load; the phi, select and discard condition are floats. */
static void
float_loop(void **state)
{
   const char *text = loop_text(*state);
   LT_CHECK(*state, run_float, NULL, text,
            "shader fragment\n"
            "fn main {\n"
            "  local bool @flag\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x4 = load_input %0\n"
            "    %2:32 = load_const 0\n"
            "    %3:32 = deref_var @flag\n"
            "    %4:32 = sge %1, %1.y\n"
            "    %5:32 = f2b %4\n"
            "    store_deref %3, %5 write_mask=1\n"
            "    %6:32 = load_const 1.0\n"
            "  loop {\n"
            "    b1:\n"
            "      %7:32 = phi b0: %2, b4: %13\n"
            "      %8:32 = phi b0: %0, b4: %14\n"
            "      %9:32 = sge %8, %1.z\n"
            "    if %9 {\n"
            "      b2:\n"
            "        break\n"
            "    } else {\n"
            "      b3:\n"
            "    }\n"
            "    b4:\n"
            "      %10:32 = load_deref %3\n"
            "      %11:32 = b2f %10\n"
            "      %12:32 = slt %8, %1.w\n"
            "      %13:32 = fcsel %12, %11, %7\n"
            "      %14:32 = fadd %8, %6\n"
            "      continue\n"
            "  }\n"
            "  b5:\n"
            "    %15:32 = mov %7\n"
            "    %16:32x2 = vec2 %15, %8\n"
            "    store_output %16, %0 write_mask=3\n"
            "    %17:32 = load_const 1.0\n"
            "    %18:32 = fsub %17, %7\n"
            "    discard_if %18\n"
            "}\n");
   diff_runs(loop_diff, run_float);
}

/* ball/bany: per-component seq/sne reduced with fmul/fmax; 16-bit
 * comparisons are converted to 32 bits; integer ones go through b2f. */
static void
float_reductions(void **state)
{
   static const char text[] = HEADER "    %2:1 = ball_fequal3 %1.xyz, %1.yzw\n"
                                     "    %3:1 = bany_fnequal2 %1.xy, %1.zz\n"
                                     "    %4:16x2 = load_input %0 base=1\n"
                                     "    %5:1 = flt %4.x, %4.y\n"
                                     "    %6:1 = ball_iequal2 %1.xy, %1.zw\n"
                                     "    %7:32 = b2f %2\n"
                                     "    %8:32 = b2f %3\n"
                                     "    %9:32 = b2f %5\n"
                                     "    %10:32 = b2f %6\n"
                                     "    %11:32x4 = vec4 %7, %8, %9, %10\n"
                                     "    store_output %11, %0 write_mask=15\n"
                                     "}\n";
   LT_CHECK(*state, run_float, NULL, text,
            HEADER "    %2:32x3 = seq %1, %1.yzw\n"
                   "    %3:32 = fmul %2, %2.y\n"
                   "    %4:32 = fmul %3, %2.z\n"
                   "    %5:32x2 = sne %1, %1.zz\n"
                   "    %6:32 = fmax %5, %5.y\n"
                   "    %7:16x2 = load_input %0 base=1\n"
                   "    %8:16 = slt %7, %7.y\n"
                   "    %9:32 = f2f %8\n"
                   "    %10:32 = ball_iequal2 %1, %1.zw\n"
                   "    %11:32 = b2f %10\n"
                   "    %12:32 = mov %4\n"
                   "    %13:32 = mov %6\n"
                   "    %14:32 = mov %9\n"
                   "    %15:32 = mov %11\n"
                   "    %16:32x4 = vec4 %12, %13, %14, %15\n"
                   "    store_output %16, %0 write_mask=15\n"
                   "}\n");
   diff_runs(text, run_float);
}

/* bcsel of 16-bit data: fcsel needs one size, so the condition becomes
 * a 32-bit bool; under denorm=flush, integer data keep bcsel too (fcsel
 * would flush values that look like denormals), boolean data do not. */
static void
float_bcsel_sizes(void **state)
{
   LT_CHECK(*state, run_float, NULL,
            "shader fragment\n"
            "info denorm=flush\n"
            "fn main {\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x4 = load_input %0\n"
            "    %2:16x2 = load_input %0 base=1\n"
            "    %3:1 = flt %1.x, %1.y\n"
            "    %4:16 = bcsel %3, %2.x, %2.y\n"
            "    %5:32 = bcsel %3, %1.z, %1.w\n"
            "    %6:1 = fge %1.z, %1.w\n"
            "    %7:1 = bcsel %3, %6, %3\n"
            "    %8:32 = b2f %7\n"
            "    %9:32x2 = vec2 %5, %8\n"
            "    store_output %4, %0 write_mask=1\n"
            "    store_output %9, %0 base=1 write_mask=3\n"
            "}\n",
            "shader fragment\n"
            "info denorm=flush\n"
            "fn main {\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x4 = load_input %0\n"
            "    %2:16x2 = load_input %0 base=1\n"
            "    %3:32 = slt %1, %1.y\n"
            "    %4:32 = load_const 0\n"
            "    %5:32 = fneu %3, %4\n"
            "    %6:16 = bcsel %5, %2, %2.y\n"
            "    %7:32 = load_const 0\n"
            "    %8:32 = fneu %3, %7\n"
            "    %9:32 = bcsel %8, %1.z, %1.w\n"
            "    %10:32 = sge %1.z, %1.w\n"
            "    %11:32 = fcsel %3, %10, %3\n"
            "    %12:32 = mov %11\n"
            "    %13:32x2 = vec2 %9, %12\n"
            "    store_output %6, %0 write_mask=1\n"
            "    store_output %13, %0 base=1 write_mask=3\n"
            "}\n");
}

static void
float_no_progress(void **state)
{
   LT_CHECK_NO_PROGRESS(*state, run_float, NULL,
                        HEADER "    %2:32 = slt %1.x, %1.y\n"
                               "    %3:32 = fcsel %2, %1.z, %1.w\n"
                               "    %4:32 = flt %1.x, %1.w\n"
                               "    %5:32 = b2f %4\n"
                               "    %6:32x2 = vec2 %3, %5\n"
                               "    store_output %6, %0 write_mask=3\n"
                               "}\n");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(int32_mixed, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(int32_arith, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(int32_loop, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(int32_registers, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(int32_no_progress, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(float_mixed, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(float_arith, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(float_loop, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(float_reductions, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(float_bcsel_sizes, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(float_no_progress, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
