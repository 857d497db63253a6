/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_alu(): each lowering (fmod fused and unfused, fdiv,
 * fsat, fpow, flrp, ffma) against golden text, the cases where it must
 * not fire (exact fdiv, options off, nothing to lower), lowerings feeding
 * each other (fmod -> fdiv -> rcp, flrp -> ffma -> fmul + fadd), and
 * differential runs in the interpreter: bit-identical results where the
 * lowering is exact (unfused fmod, fsat, exact flrp, ffma when there is
 * no double rounding to see), bounded error where it is not (fpow, fdiv).
 * The accuracy of the two fmod forms is ir_lower_fmod_precision_test.c.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>

#include "ir_lower_test_util.h"

static bool
run_lower_alu(struct ir_shader *s, const void *data)
{
   return ir_lower_alu(s, data);
}

#define HEADER                  \
   "shader fragment\n"          \
   "fn main {\n"                \
   "  b0:\n"                    \
   "    %0:32 = load_const 0\n" \
   "    %1:32x4 = load_input %0\n"

/* Special and ordinary float inputs for differential runs. */
static const float specials[] = {
   0.0f,    -0.0f,    1.0f,      -1.0f,  0.5f,  2.0f,     -2.5f,       1e-40f,
   -1e-40f, INFINITY, -INFINITY, NAN,    3.75f, 1e30f,    -1e30f,      0.9999f,
   1.0001f, 100.25f,  -7.125f,   1e-38f, 0.1f,  65504.0f, 123456.789f, -0.3f,
};
#define NUM_SPECIALS (sizeof(specials) / sizeof(specials[0]))

/* Fills the four components of input slot 0 of 64 lanes with specials
 * (component c of lane l: specials[(l * (c + 1) + c) % N]) or random
 * floats of moderate size. */
static void
fill_inputs(uint32_t *in, uint64_t *seed, bool random)
{
   memset(in, 0, LT_SLOTS * 4 * LT_WIDTH * sizeof(uint32_t));
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      for (unsigned c = 0; c < 4; c++) {
         float v = specials[(l * (c + 1) + c) % NUM_SPECIALS];
         if (random) {
            int32_t r = (int32_t)lt_rand(seed);
            v = (float)r / (float)(1 << (lt_rand(seed) % 24));
         }
         in[lt_word(0, c, l)] = ir_test_fbits(v);
      }
   }
}

/* Runs @p text before and after the pass on specials and random inputs,
 * requiring bit-identical outputs. */
static void
diff_exact(const char *text, const struct ir_compiler_options *o)
{
   uint32_t *in = calloc(LT_SLOTS * 4 * LT_WIDTH, sizeof(uint32_t));
   uint64_t seed = 0x1234567;
   for (unsigned round = 0; round < 16; round++) {
      fill_inputs(in, &seed, round > 0);
      LT_DIFF_EXACT(text, run_lower_alu, o, in, LT_WIDTH);
   }
   free(in);
}

/* ---------------------------------------------------------------------- */
/* fmod                                                                   */
/* ---------------------------------------------------------------------- */

static const char fmod_input[] = HEADER "    %2:32 = fmod %1.x, %1.y\n"
                                        "    %3:32 = exact fmod %1.x, %1.y\n"
                                        "    %4:32x2 = vec2 %2, %3\n"
                                        "    store_output %4, %0 write_mask=3\n"
                                        "}\n";

/* With ffma: x - y * floor(x / y) as ffma(-y, floor, x); the exact fmod
 * keeps the opcode's unfused definition. */
static void
fmod_fused(void **state)
{
   struct ir_compiler_options o = { .lower_fmod = true, .has_ffma = true };
   LT_CHECK(*state, run_lower_alu, &o, fmod_input,
            HEADER "    %2:32 = fdiv %1, %1.y\n"
                   "    %3:32 = ffloor %2\n"
                   "    %4:32 = fneg %1.y\n"
                   "    %5:32 = ffma %4, %3, %1\n"
                   "    %6:32 = exact fdiv %1, %1.y\n"
                   "    %7:32 = exact ffloor %6\n"
                   "    %8:32 = exact fmul %1.y, %7\n"
                   "    %9:32 = exact fsub %1, %8\n"
                   "    %10:32x2 = vec2 %5, %9\n"
                   "    store_output %10, %0 write_mask=3\n"
                   "}\n");
}

/* Without ffma, with fdiv lowered too: the fdiv the fmod lowering makes
 * is itself lowered (the walk revisits new instructions); the vector
 * sources keep their swizzles; the exact fdiv stays. */
static void
fmod_unfused_with_fdiv(void **state)
{
   struct ir_compiler_options o = { .lower_fmod = true, .lower_fdiv = true };
   LT_CHECK(*state, run_lower_alu, &o,
            HEADER "    %2:32x2 = fmod %1.zw, %1.yx\n"
                   "    %3:32x2 = fdiv %1.xy, %1.zz\n"
                   "    %4:32 = exact fdiv %1.x, %1.w\n"
                   "    %5:32x4 = vec4 %2.x, %2.y, %3.y, %4\n"
                   "    store_output %5, %0 write_mask=15\n"
                   "}\n",
            HEADER "    %2:32x2 = frcp %1.yx\n"
                   "    %3:32x2 = fmul %1.zw, %2\n"
                   "    %4:32x2 = ffloor %3\n"
                   "    %5:32x2 = fmul %1.yx, %4\n"
                   "    %6:32x2 = fsub %1.zw, %5\n"
                   "    %7:32x2 = frcp %1.zz\n"
                   "    %8:32x2 = fmul %1, %7\n"
                   "    %9:32 = exact fdiv %1, %1.w\n"
                   "    %10:32x4 = vec4 %6, %6.y, %8.y, %9\n"
                   "    store_output %10, %0 write_mask=15\n"
                   "}\n");
}

/* The unfused form is the opcode table's definition evaluated one
 * operation at a time: bit-identical to the interpreter's fmod. */
static void
fmod_unfused_matches_interpreter(void **state)
{
   (void)state;
   struct ir_compiler_options o = { .lower_fmod = true };
   diff_exact(HEADER "    %2:32x4 = fmod %1, %1.yzwx\n"
                     "    store_output %2, %0 write_mask=15\n"
                     "}\n",
              &o);
}

/* ---------------------------------------------------------------------- */
/* fdiv                                                                   */
/* ---------------------------------------------------------------------- */

static void
fdiv_exact_not_lowered(void **state)
{
   struct ir_compiler_options o = { .lower_fdiv = true };
   LT_CHECK_NO_PROGRESS(*state, run_lower_alu, &o,
                        HEADER "    %2:32 = exact fdiv %1.x, %1.y\n"
                               "    store_output %2, %0 write_mask=1\n"
                               "}\n");
}

/* a * rcp(b) is within 2 ulp of a / b for ordinary operands. */
static void
fdiv_close_to_division(void **state)
{
   struct ir_compiler_options o = { .lower_fdiv = true };
   struct ir_shader *s =
      LT_CHECK(*state, run_lower_alu, &o,
               HEADER "    %2:32x4 = fdiv %1, %1.wzyx\n"
                      "    store_output %2, %0 write_mask=15\n"
                      "}\n",
               HEADER "    %2:32x4 = frcp %1.wzyx\n"
                      "    %3:32x4 = fmul %1, %2\n"
                      "    store_output %3, %0 write_mask=15\n"
                      "}\n");
   struct lt_runner *r = LT_RUNNER(s);
   uint64_t seed = 99;
   for (unsigned round = 0; round < 32; round++) {
      for (unsigned i = 0; i < 4 * LT_WIDTH; i++)
         r->in[i] = ir_test_fbits((float)(int32_t)lt_rand(&seed) /
                                  (float)(1 + lt_rand(&seed) % 1000));
      LT_RUN(r, LT_WIDTH);
      for (unsigned l = 0; l < LT_WIDTH; l++) {
         for (unsigned c = 0; c < 4; c++) {
            float a = ir_test_bitsf(r->in[lt_word(0, c, l)]);
            float b = ir_test_bitsf(r->in[lt_word(0, 3 - c, l)]);
            float got = ir_test_bitsf(r->out[lt_word(0, c, l)]);
            float want = a / b;
            assert_true(fabsf(got - want) <=
                        2.0f * fabsf(nextafterf(want, INFINITY) - want));
         }
      }
   }
   lt_runner_destroy(r);
}

/* ---------------------------------------------------------------------- */
/* fsat                                                                   */
/* ---------------------------------------------------------------------- */

/* 16-bit constants for 16-bit operations; the exact flag is kept. */
static void
fsat_sizes_and_exact(void **state)
{
   struct ir_compiler_options o = { .lower_fsat = true };
   LT_CHECK(*state, run_lower_alu, &o,
            HEADER "    %2:16x4 = load_input %0 base=1\n"
                   "    %3:16x4 = fsat %2.wzyx\n"
                   "    store_output %3, %0 write_mask=15\n"
                   "    %4:32x3 = exact fsat %1.xyz\n"
                   "    store_output %4, %0 base=1 write_mask=7\n"
                   "}\n",
            HEADER "    %2:16x4 = load_input %0 base=1\n"
                   "    %3:16 = load_const 0\n"
                   "    %4:16 = load_const 1.0\n"
                   "    %5:16x4 = fmax %3.xxxx, %2.wzyx\n"
                   "    %6:16x4 = fmin %5, %4.xxxx\n"
                   "    store_output %6, %0 write_mask=15\n"
                   "    %7:32 = load_const 0\n"
                   "    %8:32 = load_const 1.0\n"
                   "    %9:32x3 = exact fmax %7.xxx, %1\n"
                   "    %10:32x3 = exact fmin %9, %8.xxx\n"
                   "    store_output %10, %0 base=1 write_mask=7\n"
                   "}\n");
}

/* NaN -> 0, -0.0 -> +0.0 (fmax orders -0.0 below +0.0), denormals kept,
 * infinities clamped: bit for bit. */
static void
fsat_matches_interpreter(void **state)
{
   (void)state;
   struct ir_compiler_options o = { .lower_fsat = true };
   diff_exact(HEADER "    %2:32x4 = fsat %1\n"
                     "    store_output %2, %0 write_mask=15\n"
                     "}\n",
              &o);
}

/* ---------------------------------------------------------------------- */
/* fpow                                                                   */
/* ---------------------------------------------------------------------- */

static void
fpow_exp2_log2(void **state)
{
   struct ir_compiler_options o = { .lower_fpow = true };
   struct ir_shader *s =
      LT_CHECK(*state, run_lower_alu, &o,
               HEADER "    %2:32x2 = fpow %1.xy, %1.zw\n"
                      "    store_output %2, %0 write_mask=3\n"
                      "}\n",
               HEADER "    %2:32x2 = flog2 %1\n"
                      "    %3:32x2 = fmul %1.zw, %2\n"
                      "    %4:32x2 = fexp2 %3\n"
                      "    store_output %4, %0 write_mask=3\n"
                      "}\n");
   /* Positive bases, moderate exponents: within 2^-16 relative of powf
    * (exp2 magnifies log2's rounding by |b * log2(a)|). */
   struct lt_runner *r = LT_RUNNER(s);
   uint64_t seed = 7;
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      for (unsigned c = 0; c < 2; c++) {
         r->in[lt_word(0, c, l)] =
            ir_test_fbits(0.01f + (float)(lt_rand(&seed) % 100000) / 1000.0f);
         r->in[lt_word(0, c + 2, l)] = ir_test_fbits(
            (float)((int)(lt_rand(&seed) % 2000) - 1000) / 250.0f);
      }
   }
   LT_RUN(r, LT_WIDTH);
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      for (unsigned c = 0; c < 2; c++) {
         float a = ir_test_bitsf(r->in[lt_word(0, c, l)]);
         float b = ir_test_bitsf(r->in[lt_word(0, c + 2, l)]);
         double want = pow(a, b);
         double got = ir_test_bitsf(r->out[lt_word(0, c, l)]);
         assert_true(fabs(got - want) <= fabs(want) * 0x1p-16);
      }
   }
   lt_runner_destroy(r);
}

/* ---------------------------------------------------------------------- */
/* flrp and ffma                                                          */
/* ---------------------------------------------------------------------- */

static const char flrp_input[] =
   HEADER "    %2:32 = flrp %1.x, %1.y, %1.z\n"
          "    %3:32 = exact flrp %1.y, %1.x, %1.w\n"
          "    %4:32x2 = vec2 %2, %3\n"
          "    store_output %4, %0 write_mask=3\n"
          "}\n";

/* a + c * (b - a); the exact flrp keeps a * (1 - c) + b * c. */
static void
flrp_plain(void **state)
{
   struct ir_compiler_options o = { .lower_flrp = true };
   LT_CHECK(*state, run_lower_alu, &o, flrp_input,
            HEADER "    %2:32 = fsub %1.y, %1\n"
                   "    %3:32 = fmul %1.z, %2\n"
                   "    %4:32 = fadd %1, %3\n"
                   "    %5:32 = load_const 1.0\n"
                   "    %6:32 = exact fsub %5, %1.w\n"
                   "    %7:32 = exact fmul %1.y, %6\n"
                   "    %8:32 = exact fmul %1, %1.w\n"
                   "    %9:32 = exact fadd %7, %8\n"
                   "    %10:32x2 = vec2 %4, %9\n"
                   "    store_output %10, %0 write_mask=3\n"
                   "}\n");
}

static void
flrp_fused(void **state)
{
   struct ir_compiler_options o = { .lower_flrp = true, .has_ffma = true };
   LT_CHECK(*state, run_lower_alu, &o,
            HEADER "    %2:32x3 = flrp %1.xyz, %1.yzw, %1.www\n"
                   "    store_output %2, %0 write_mask=7\n"
                   "}\n",
            HEADER "    %2:32x3 = fsub %1.yzw, %1\n"
                   "    %3:32x3 = ffma %1.www, %2, %1\n"
                   "    store_output %3, %0 write_mask=7\n"
                   "}\n");
}

/* has_ffma with lower_ffma: the target has no FMA after all; no ffma is
 * made (the one flrp would make is lowered again). */
static void
flrp_ffma_lowered_again(void **state)
{
   struct ir_compiler_options o = { .lower_flrp = true,
                                    .has_ffma = true,
                                    .lower_ffma = true };
   LT_CHECK(*state, run_lower_alu, &o,
            HEADER "    %2:32 = flrp %1.x, %1.y, %1.z\n"
                   "    %3:32 = ffma %1.x, %1.y, %1.z\n"
                   "    %4:32x2 = vec2 %2, %3\n"
                   "    store_output %4, %0 write_mask=3\n"
                   "}\n",
            HEADER "    %2:32 = fsub %1.y, %1\n"
                   "    %3:32 = fmul %1.z, %2\n"
                   "    %4:32 = fadd %1, %3\n"
                   "    %5:32 = fmul %1, %1.y\n"
                   "    %6:32 = fadd %5, %1.z\n"
                   "    %7:32x2 = vec2 %4, %6\n"
                   "    store_output %7, %0 write_mask=3\n"
                   "}\n");
}

/* The exact flrp's lowering is the interpreter's flrp, bit for bit. */
static void
flrp_exact_matches_interpreter(void **state)
{
   (void)state;
   struct ir_compiler_options o = { .lower_flrp = true, .has_ffma = true };
   diff_exact(HEADER "    %2:32x4 = exact flrp %1, %1.yzwx, %1.zwxy\n"
                     "    store_output %2, %0 write_mask=15\n"
                     "}\n",
              &o);
}

/* ffma of exact ones too (the target has no other way); the flag stays.
 * Products of small integers have no rounding to lose: same results. */
static void
ffma_split(void **state)
{
   struct ir_compiler_options o = { .lower_ffma = true };
   struct ir_shader *s =
      LT_CHECK(*state, run_lower_alu, &o,
               HEADER "    %2:32x2 = exact ffma %1.xy, %1.zw, %1.xx\n"
                      "    store_output %2, %0 write_mask=3\n"
                      "}\n",
               HEADER "    %2:32x2 = exact fmul %1, %1.zw\n"
                      "    %3:32x2 = exact fadd %2, %1.xx\n"
                      "    store_output %3, %0 write_mask=3\n"
                      "}\n");
   struct lt_runner *r = LT_RUNNER(s);
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      for (unsigned c = 0; c < 4; c++)
         r->in[lt_word(0, c, l)] =
            ir_test_fbits((float)(l * 7 + c * 3) - 100.0f);
   }
   LT_RUN(r, LT_WIDTH);
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      for (unsigned c = 0; c < 2; c++) {
         float a = ir_test_bitsf(r->in[lt_word(0, c, l)]);
         float b = ir_test_bitsf(r->in[lt_word(0, c + 2, l)]);
         float x = ir_test_bitsf(r->in[lt_word(0, 0, l)]);
         assert_true(ir_test_bitsf(r->out[lt_word(0, c, l)]) == fmaf(a, b, x));
      }
   }
   lt_runner_destroy(r);
}

/* ---------------------------------------------------------------------- */
/* Nothing to do                                                          */
/* ---------------------------------------------------------------------- */

static const char all_ops[] =
   HEADER "    %2:32 = fmod %1.x, %1.y\n"
          "    %3:32 = fdiv %1.x, %1.y\n"
          "    %4:32 = fsat %1.x\n"
          "    %5:32 = fpow %1.x, %1.y\n"
          "    %6:32 = flrp %1.x, %1.y, %1.z\n"
          "    %7:32 = ffma %1.x, %1.y, %1.z\n"
          "    %8:32x4 = vec4 %2, %3, %4, %5\n"
          "    %9:32x2 = vec2 %6, %7\n"
          "    store_output %8, %0 write_mask=15\n"
          "    store_output %9, %0 base=1 write_mask=3\n"
          "}\n";

/* Options off: every opcode stays; has_ffma alone lowers nothing. */
static void
options_off(void **state)
{
   struct ir_compiler_options none = { 0 };
   LT_CHECK_NO_PROGRESS(*state, run_lower_alu, &none, all_ops);
   struct ir_compiler_options ffma = { .has_ffma = true };
   LT_CHECK_NO_PROGRESS(*state, run_lower_alu, &ffma, all_ops);
}

/* Every lowering on, but no opcode to lower. */
static void
nothing_to_lower(void **state)
{
   struct ir_compiler_options all = {
      .lower_fmod = true,
      .lower_fdiv = true,
      .lower_fsat = true,
      .lower_fpow = true,
      .lower_flrp = true,
      .lower_ffma = true,
   };
   LT_CHECK_NO_PROGRESS(*state, run_lower_alu, &all,
                        HEADER "    %2:32x4 = fadd %1, %1.wzyx\n"
                               "    %3:32x4 = fmul %2, %1\n"
                               "    %4:32x4 = fmin %3, %2\n"
                               "    store_output %4, %0 write_mask=15\n"
                               "}\n");
}

/* Everything at once, in a loop and an if: the result validates and no
 * lowered opcode is left (a second run is checked by LT_CHECK's text
 * comparison through ir_test_check_rerun()). */
static void
all_in_control_flow(void **state)
{
   struct ir_compiler_options all = {
      .lower_fmod = true,
      .lower_fdiv = true,
      .lower_fsat = true,
      .lower_fpow = true,
      .lower_flrp = true,
      .lower_ffma = true,
   };
   struct ir_shader *s =
      ir_test_parse_valid(*state,
                          HEADER "    %2:1 = flt %1.x, %1.y\n"
                                 "  if %2 {\n"
                                 "    b1:\n"
                                 "      %3:32 = fmod %1.x, %1.z\n"
                                 "  } else {\n"
                                 "    b2:\n"
                                 "      %4:32 = fpow %1.y, %1.z\n"
                                 "  }\n"
                                 "  b3:\n"
                                 "    %5:32 = phi b1: %3, b2: %4\n"
                                 "    %6:32 = fsat %5\n"
                                 "    %7:32 = ffma %6, %6, %1.w\n"
                                 "    store_output %7, %0 "
                                 "write_mask=1\n"
                                 "}\n",
                          __FILE__, __LINE__);
   assert_true(ir_lower_alu(s, &all));
   IR_ASSERT_VALID(s, NULL);
   ir_foreach_function (s, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_alu *alu = ir_instr_as_alu(instr);
            if (!alu)
               continue;
            assert_true(alu->op != IR_OP_FMOD && alu->op != IR_OP_FDIV &&
                        alu->op != IR_OP_FSAT && alu->op != IR_OP_FPOW &&
                        alu->op != IR_OP_FLRP && alu->op != IR_OP_FFMA);
         }
      }
   }
   ir_test_check_rerun(*state, s, run_lower_alu, &all, __FILE__, __LINE__);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(fmod_fused, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         fmod_unfused_with_fdiv, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(fmod_unfused_matches_interpreter,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         fdiv_exact_not_lowered, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         fdiv_close_to_division, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(fsat_sizes_and_exact, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         fsat_matches_interpreter, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(fpow_exp2_log2, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(flrp_plain, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(flrp_fused, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         flrp_ffma_lowered_again, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(flrp_exact_matches_interpreter,
                                      ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(ffma_split, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(options_off, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(nothing_to_lower, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(all_in_control_flow, ir_test_arena_setup,
                                      ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
