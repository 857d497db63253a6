/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_derivatives(): the form each of the six derivative
 * intrinsics ends as for every combination of the IR_LOWER_DERIVATIVE_*
 * bits (a table computed by hand from the rules in
 * ir_lower_derivatives.c), golden text for one combination, no progress
 * without bits or without derivatives, and runs in the interpreter:
 * coarse to fine keeps the results on values that vary linearly across
 * the quad, and fine to coarse (an approximation) changes them on values
 * that do not.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"

#include "ir_lower_test_util.h"

static bool
run_derivatives(struct ir_shader *s, const void *data)
{
   return ir_lower_derivatives(s, data);
}

#define UNQ_FINE   IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_FINE
#define UNQ_COARSE IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_COARSE
#define NO_FINE    IR_LOWER_DERIVATIVE_FINE
#define NO_COARSE  IR_LOWER_DERIVATIVE_COARSE

static const char six[] = "shader fragment\n"
                          "fn main {\n"
                          "  b0:\n"
                          "    %0:32 = load_const 0\n"
                          "    %1:32x4 = load_input %0\n"
                          "    %2:32x4 = ddx %1\n"
                          "    %3:32x4 = ddx_fine %1\n"
                          "    %4:32x4 = ddx_coarse %1\n"
                          "    %5:32x4 = ddy %1\n"
                          "    %6:32x4 = ddy_fine %1\n"
                          "    %7:32x4 = ddy_coarse %1\n"
                          "    store_output %2, %0 write_mask=15\n"
                          "    store_output %3, %0 base=1 write_mask=15\n"
                          "    store_output %4, %0 base=2 write_mask=15\n"
                          "    store_output %5, %0 base=3 write_mask=15\n"
                          "    store_output %6, %0 base=4 write_mask=15\n"
                          "    store_output %7, %0 base=5 write_mask=15\n"
                          "}\n";

enum {
   U,
   F,
   C
};

/* What ddx/ddx_fine/ddx_coarse (and the ddy ones) become. */
static const struct {
   unsigned flags;
   uint8_t forms[3];
} table[] = {
   { 0, { U, F, C } },
   { UNQ_FINE, { F, F, C } },
   { UNQ_COARSE, { C, F, C } },
   { UNQ_FINE | UNQ_COARSE, { F, F, C } },
   { NO_FINE, { U, C, C } },
   { NO_COARSE, { U, F, F } },
   { NO_FINE | NO_COARSE, { U, U, U } },
   { UNQ_FINE | NO_FINE, { C, C, C } },
   { UNQ_COARSE | NO_COARSE, { F, F, F } },
   { UNQ_FINE | NO_COARSE, { F, F, F } },
   { UNQ_COARSE | NO_FINE, { C, C, C } },
   { UNQ_FINE | NO_FINE | NO_COARSE, { U, U, U } },
   { UNQ_COARSE | NO_FINE | NO_COARSE, { U, U, U } },
};

static const enum ir_intrinsic_op ops[2][3] = {
   { IR_INTRINSIC_DDX, IR_INTRINSIC_DDX_FINE, IR_INTRINSIC_DDX_COARSE },
   { IR_INTRINSIC_DDY, IR_INTRINSIC_DDY_FINE, IR_INTRINSIC_DDY_COARSE },
};

static void
every_combination(void **state)
{
   for (unsigned t = 0; t < sizeof(table) / sizeof(table[0]); t++) {
      struct ir_compiler_options o = { .lower_derivatives = table[t].flags };
      struct ir_shader *s =
         ir_test_parse_valid(*state, six, __FILE__, __LINE__);
      bool changes = false;
      for (unsigned k = 0; k < 3; k++)
         changes |= table[t].forms[k] != k;
      assert_int_equal(ir_lower_derivatives(s, &o), changes);
      IR_ASSERT_VALID(s, NULL);
      unsigned i = 0;
      ir_foreach_function (s, fn) {
         ir_foreach_block (fn, block) {
            ir_foreach_instr (block, instr) {
               struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
               if (!intr || intr->op == IR_INTRINSIC_LOAD_INPUT ||
                   intr->op == IR_INTRINSIC_STORE_OUTPUT)
                  continue;
               unsigned axis = i / 3, form = i % 3;
               if (intr->op != ops[axis][table[t].forms[form]])
                  fail_msg("flags 0x%x: derivative %u is %s", table[t].flags, i,
                           ir_intrinsic_infos[intr->op].name);
               i++;
            }
         }
      }
      assert_int_equal(i, 6);
      ir_test_check_rerun(*state, s, run_derivatives, &o, __FILE__, __LINE__);
   }
}

static void
golden_fine_preferred(void **state)
{
   struct ir_compiler_options o = { .lower_derivatives = UNQ_FINE | NO_COARSE };
   LT_CHECK(*state, run_derivatives, &o, six,
            "shader fragment\n"
            "fn main {\n"
            "  b0:\n"
            "    %0:32 = load_const 0\n"
            "    %1:32x4 = load_input %0\n"
            "    %2:32x4 = ddx_fine %1\n"
            "    %3:32x4 = ddx_fine %1\n"
            "    %4:32x4 = ddx_fine %1\n"
            "    %5:32x4 = ddy_fine %1\n"
            "    %6:32x4 = ddy_fine %1\n"
            "    %7:32x4 = ddy_fine %1\n"
            "    store_output %2, %0 write_mask=15\n"
            "    store_output %3, %0 base=1 write_mask=15\n"
            "    store_output %4, %0 base=2 write_mask=15\n"
            "    store_output %5, %0 base=3 write_mask=15\n"
            "    store_output %6, %0 base=4 write_mask=15\n"
            "    store_output %7, %0 base=5 write_mask=15\n"
            "}\n");
}

static void
no_progress(void **state)
{
   struct ir_compiler_options none = { 0 };
   LT_CHECK_NO_PROGRESS(*state, run_derivatives, &none, six);
   struct ir_compiler_options all = { .lower_derivatives =
                                         UNQ_FINE | NO_FINE | NO_COARSE };
   LT_CHECK_NO_PROGRESS(*state, run_derivatives, &all,
                        "shader fragment\n"
                        "fn main {\n"
                        "  b0:\n"
                        "    %0:32 = load_const 0\n"
                        "    %1:32x4 = load_input %0\n"
                        "    %2:32x4 = fmul %1, %1\n"
                        "    store_output %2, %0 write_mask=15\n"
                        "}\n");
}

/* Lane l of quad q at pixel (x, y) = (2q + (l & 1), l >> 1) holds
 * a + b * x + c * y (linear) or that plus x * y * d (not linear). */
static void
quad_inputs(uint32_t *in, bool linear)
{
   memset(in, 0, LT_SLOTS * 4 * LT_WIDTH * sizeof(uint32_t));
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      float x = (float)(2 * (l / 4) + (l & 1)), y = (float)((l >> 1) & 1);
      for (unsigned c = 0; c < 4; c++) {
         float v = (float)c + (float)(c + 1) * x - 2.0f * y;
         if (!linear)
            v += x * y * (float)(c + 3) + (float)(l % 7);
         in[lt_word(0, c, l)] = ir_test_fbits(v);
      }
   }
}

/* Coarse to fine is exact on linear values (and allowed by GLSL on any
 * value); fine to coarse changes what the bottom-right lanes see. */
static void
interpreter(void **state)
{
   (void)state;
   uint32_t *in = calloc(LT_SLOTS * 4 * LT_WIDTH, sizeof(uint32_t));
   struct ir_compiler_options to_fine = { .lower_derivatives =
                                             NO_COARSE | UNQ_FINE };
   quad_inputs(in, true);
   LT_DIFF_EXACT(six, run_derivatives, &to_fine, in, LT_WIDTH);

   /* Fine to coarse on values that are not linear: outputs differ. */
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *a = ir_test_parse_valid(mem, six, __FILE__, __LINE__);
   struct ir_shader *b = ir_test_parse_valid(mem, six, __FILE__, __LINE__);
   struct ir_compiler_options to_coarse = { .lower_derivatives = NO_FINE };
   assert_true(ir_lower_derivatives(b, &to_coarse));
   struct lt_runner *ra = LT_RUNNER(a), *rb = LT_RUNNER(b);
   quad_inputs(ra->in, false);
   quad_inputs(rb->in, false);
   LT_RUN(ra, LT_WIDTH);
   LT_RUN(rb, LT_WIDTH);
   unsigned differ = 0;
   for (unsigned l = 0; l < LT_WIDTH; l++) {
      /* ddx_fine (slot 1) became coarse; ddx (slot 0) did not change. */
      assert_int_equal(ra->out[lt_word(0, 0, l)], rb->out[lt_word(0, 0, l)]);
      differ += ra->out[lt_word(1, 0, l)] != rb->out[lt_word(1, 0, l)];
   }
   assert_true(differ > 0);
   lt_runner_destroy(ra);
   lt_runner_destroy(rb);
   u_arena_destroy(mem);
   free(in);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(every_combination, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         golden_fine_preferred, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_progress, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test(interpreter),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
