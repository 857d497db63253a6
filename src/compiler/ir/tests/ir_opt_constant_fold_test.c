/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_opt_constant_fold(): folding of scalars, vectors through
 * swizzles and fixed-size opcodes, booleans at 1 and 32 bits, every bit
 * size, the shader's rounding and denormal modes, and the cases that must
 * not fold.  A differential test folds many opcodes on special values
 * (zeros, infinities, NaN, denormals, extremes) under every float mode
 * and checks that the folded shader computes in the interpreter exactly
 * what the original one does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fenv.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir_builder.h"
#include "compiler/ir/tests/ir_opt_test_helpers.h"
#include "util/u_strbuf.h"

/* A chain folds in one run; the folded instructions are gone, their
 * constant sources stay for DCE. */
static void
scalar_chain(void **state)
{
   OPT_CHECK(*state, ir_opt_constant_fold,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 1.0\n"
             "    %1:32 = load_const 2.0\n"
             "    %2:32 = fadd %0, %1\n"
             "    %3:32 = load_const 4.0\n"
             "    %4:32 = fmul %2, %3\n"
             "    %5:32 = load_const 0\n"
             "    store_output %4, %5 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 1.0\n"
             "    %1:32 = load_const 2.0\n"
             "    %2:32 = load_const 3.0\n"
             "    %3:32 = load_const 4.0\n"
             "    %4:32 = load_const 12.0\n"
             "    %5:32 = load_const 0\n"
             "    store_output %4, %5 write_mask=1\n"
             "}\n");
}

/* Swizzles pick the components; fixed-size inputs (fdot4, vec3) read
 * their own sizes. */
static void
swizzles_and_vectors(void **state)
{
   OPT_CHECK(*state, ir_opt_constant_fold,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32x4 = load_const (0.5, 1.0, 1.5, 2.0)\n"
             "    %1:32x4 = fsub %0.wzyx, %0\n"
             "    %2:32 = fdot4 %0, %0.wzyx\n"
             "    %3:32x3 = vec3 %2, %0.y, %1.w\n"
             "    %4:32 = load_const 0\n"
             "    store_output %3, %4 write_mask=7\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32x4 = load_const (0.5, 1.0, 1.5, 2.0)\n"
             "    %1:32x4 = load_const (1.5, 0.5, -0.5, -1.5)\n"
             "    %2:32 = load_const 5.0\n"
             "    %3:32x3 = load_const (5.0, 1.0, -1.5)\n"
             "    %4:32 = load_const 0\n"
             "    store_output %3, %4 write_mask=7\n"
             "}\n");
}

/* Comparisons give the boolean size the def asks for: 1-bit true/false or
 * 32-bit 0 / ~0; bcsel reads a constant boolean. */
static void
booleans(void **state)
{
   OPT_CHECK(*state, ir_opt_constant_fold,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 1.0\n"
             "    %1:32 = load_const 2.0\n"
             "    %2:1 = flt %0, %1\n"
             "    %3:32 = flt %0, %1\n"
             "    %4:32 = fge %0, %1\n"
             "    %5:32 = bcsel %2, %0, %1\n"
             "    %6:1 = ine %3, %4\n"
             "    %7:32 = load_const 0\n"
             "    store_output %5, %7 write_mask=1\n"
             "    discard_if %6\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 1.0\n"
             "    %1:32 = load_const 2.0\n"
             "    %2:1 = load_const true\n"
             "    %3:32 = load_const -1\n"
             "    %4:32 = load_const 0\n"
             "    %5:32 = load_const 1.0\n"
             "    %6:1 = load_const true\n"
             "    %7:32 = load_const 0\n"
             "    store_output %5, %7 write_mask=1\n"
             "    discard_if %6\n"
             "}\n");
}

/* 8-bit integers wrap, 16-bit floats round to nearest even (f2f16_rtne)
 * or toward zero (f2f16_rtz), 64-bit floats and integers fold. */
static void
bit_sizes(void **state)
{
   OPT_CHECK(*state, ir_opt_constant_fold,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:8 = load_const 200\n"
             "    %1:8 = load_const 100\n"
             "    %2:8 = iadd %0, %1\n"
             "    %3:32 = load_const 0.6\n"
             "    %4:16 = f2f16_rtne %3\n"
             "    %5:16 = f2f16_rtz %3\n"
             "    %6:64 = load_const 0.5\n"
             "    %7:64 = fadd %6, %6\n"
             "    %8:64 = i2i %1\n"
             "    %9:32 = load_const 0\n"
             "    store_output %2, %9 write_mask=1\n"
             "    store_output %4, %9 base=1 write_mask=1\n"
             "    store_output %5, %9 base=2 write_mask=1\n"
             "    store_output %7, %9 base=3 write_mask=1\n"
             "    store_output %8, %9 base=4 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:8 = load_const -56\n"
             "    %1:8 = load_const 100\n"
             "    %2:8 = load_const 44\n"
             "    %3:32 = load_const 0.6\n"
             "    %4:16 = load_const 0.6\n"
             "    %5:16 = load_const 0.5996\n"
             "    %6:64 = load_const 0.5\n"
             "    %7:64 = load_const 1.0\n"
             "    %8:64 = load_const 100\n"
             "    %9:32 = load_const 0\n"
             "    store_output %2, %9 write_mask=1\n"
             "    store_output %4, %9 base=1 write_mask=1\n"
             "    store_output %5, %9 base=2 write_mask=1\n"
             "    store_output %7, %9 base=3 write_mask=1\n"
             "    store_output %8, %9 base=4 write_mask=1\n"
             "}\n");
}

/* info round_mode=rtz: 1/3 rounds down (0x3eaaaaaa, not 0x3eaaaaab), and
 * the host's rounding mode is back to nearest afterwards. */
static void
round_toward_zero(void **state)
{
   const char *in = "shader fragment\n"
                    "info round_mode=rtz\n"
                    "fn main {\n"
                    "  b0:\n"
                    "    %0:32 = load_const 1.0\n"
                    "    %1:32 = load_const 3.0\n"
                    "    %2:32 = fdiv %0, %1\n"
                    "    %3:32 = load_const 0\n"
                    "    store_output %2, %3 write_mask=1\n"
                    "}\n";
   struct ir_shader *s = OPT_CHECK(*state, ir_opt_constant_fold, in,
                                   "shader fragment\n"
                                   "info round_mode=rtz\n"
                                   "fn main {\n"
                                   "  b0:\n"
                                   "    %0:32 = load_const 1.0\n"
                                   "    %1:32 = load_const 3.0\n"
                                   "    %2:32 = load_const 0.3333333\n"
                                   "    %3:32 = load_const 0\n"
                                   "    store_output %2, %3 write_mask=1\n"
                                   "}\n");
   assert_int_equal(fegetround(), FE_TONEAREST);
   struct ir_function *fn = ir_shader_get_entrypoint(s);
   struct ir_block *b = ir_start_block(fn);
   struct ir_instr *third = u_list_first(&b->instrs, struct ir_instr, link);
   for (int i = 0; i < 2; i++)
      third = u_container_of(third->link.next, struct ir_instr, link);
   assert_int_equal(ir_instr_as_load_const(third)->value[0].u32, 0x3eaaaaaa);

   /* The same shader with the default mode rounds to nearest. */
   struct ir_shader *rtne = IR_PARSE(*state, in);
   rtne->info.round_mode = IR_ROUND_NEAREST_EVEN;
   assert_true(ir_opt_constant_fold(rtne));
   b = ir_start_block(ir_shader_get_entrypoint(rtne));
   third = u_list_first(&b->instrs, struct ir_instr, link);
   for (int i = 0; i < 2; i++)
      third = u_container_of(third->link.next, struct ir_instr, link);
   assert_int_equal(ir_instr_as_load_const(third)->value[0].u32, 0x3eaaaaab);
}

/* denorm=flush: a denormal product becomes a zero of its sign; with the
 * default mode it stays (printed as raw bits). */
static void
denormals(void **state)
{
   const char *body = "fn main {\n"
                      "  b0:\n"
                      "    %0:32 = load_const 1e-20\n"
                      "    %1:32 = load_const -1e-20\n"
                      "    %2:32x2 = vec2 %0, %1\n"
                      "    %3:32x2 = fmul %2, %0.xx\n"
                      "    %4:32 = load_const 0\n"
                      "    store_output %3, %4 write_mask=3\n"
                      "}\n";
   struct u_strbuf in;
   u_strbuf_init(&in, *state);
   u_strbuf_appendf(&in, "shader fragment\ninfo denorm=flush\n%s", body);
   OPT_CHECK(*state, ir_opt_constant_fold, in.str,
             "shader fragment\n"
             "info denorm=flush\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 1e-20\n"
             "    %1:32 = load_const -1e-20\n"
             "    %2:32x2 = load_const (1e-20, -1e-20)\n"
             "    %3:32x2 = load_const (0, -0.0)\n"
             "    %4:32 = load_const 0\n"
             "    store_output %3, %4 write_mask=3\n"
             "}\n");

   u_strbuf_init(&in, *state);
   u_strbuf_appendf(&in, "shader fragment\n%s", body);
   OPT_CHECK(*state, ir_opt_constant_fold, in.str,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const 1e-20\n"
             "    %1:32 = load_const -1e-20\n"
             "    %2:32x2 = load_const (1e-20, -1e-20)\n"
             "    %3:32x2 = load_const (0x000116c2, 0x800116c2)\n"
             "    %4:32 = load_const 0\n"
             "    store_output %3, %4 write_mask=3\n"
             "}\n");
}

/* -0.0 survives (-0 + -0 = -0), a NaN operand loses in fmin, an exact
 * instruction folds too. */
static void
signed_zero_nan_exact(void **state)
{
   OPT_CHECK(*state, ir_opt_constant_fold,
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const -0.0\n"
             "    %1:32 = exact fadd %0, %0\n"
             "    %2:32 = load_const 0x7fc00000\n"
             "    %3:32 = load_const 1.0\n"
             "    %4:32 = fmin %2, %3\n"
             "    %5:32 = load_const 0\n"
             "    store_output %1, %5 write_mask=1\n"
             "    store_output %4, %5 base=1 write_mask=1\n"
             "}\n",
             "shader fragment\n"
             "fn main {\n"
             "  b0:\n"
             "    %0:32 = load_const -0.0\n"
             "    %1:32 = load_const -0.0\n"
             "    %2:32 = load_const 0x7fc00000\n"
             "    %3:32 = load_const 1.0\n"
             "    %4:32 = load_const 1.0\n"
             "    %5:32 = load_const 0\n"
             "    store_output %1, %5 write_mask=1\n"
             "    store_output %4, %5 base=1 write_mask=1\n"
             "}\n");
}

/* A source that is not a load_const (an input, an undef, a phi) stops
 * folding. */
static void
no_fold_non_constant(void **state)
{
   OPT_CHECK_NO_PROGRESS(*state, ir_opt_constant_fold,
                         "shader fragment\n"
                         "fn main {\n"
                         "  b0:\n"
                         "    %0:32 = load_const 0\n"
                         "    %1:32 = load_input %0\n"
                         "    %2:32 = fadd %1, %0\n"
                         "    %3:32 = undef\n"
                         "    %4:32 = fmul %3, %0\n"
                         "    %5:1 = load_const true\n"
                         "  if %5 {\n"
                         "    b1:\n"
                         "  } else {\n"
                         "    b2:\n"
                         "  }\n"
                         "  b3:\n"
                         "    %6:32 = phi b1: %0, b2: %0\n"
                         "    %7:32 = fadd %6, %0\n"
                         "    store_output %2, %0 write_mask=1\n"
                         "    store_output %4, %0 base=1 write_mask=1\n"
                         "    store_output %7, %0 base=2 write_mask=1\n"
                         "}\n");
}

/* A size the evaluator does not accept (an 8-bit float add, built
 * directly since the validator rejects it) is left alone. */
static void
no_fold_unsupported_size(void **state)
{
   struct ir_shader *s = ir_shader_create(*state, IR_STAGE_FRAGMENT);
   struct ir_function *fn = ir_function_create(s, "main");
   struct ir_builder b = ir_builder_at_end(fn);
   struct ir_def *c = ir_imm_intN(&b, 3, 8);
   struct ir_def *sum = ir_build_alu(&b, IR_OP_FADD, c, c, NULL, NULL);
   assert_int_equal(sum->bit_size, 8);
   assert_false(ir_opt_constant_fold(s));
   assert_non_null(ir_def_as_alu(sum));
   assert_int_equal(fegetround(), FE_TONEAREST);
}

/* ---------------------------------------------------------------------- */
/* Differential: folding equals the interpreter                           */
/* ---------------------------------------------------------------------- */

static const uint32_t special32[] = {
   0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000,
   0x7fc00000, 0x00000001, 0x807fffff, 0x3eaaaaab, 0x4b000001, 0x7f7fffff,
   0x40490fdb, 0xc2c80000, 0x00800000, 0x3effffff,
};
#define NUM_SPECIAL (sizeof(special32) / sizeof(special32[0]))

struct fold_op {
   const char *name;
   unsigned num_srcs;
   /* Destination bit size: 32, or 1 for comparisons. */
   unsigned dst_bits;
};

static const struct fold_op fold_ops[] = {
   { "fadd", 2, 32 },        { "fsub", 2, 32 },   { "fmul", 2, 32 },
   { "fdiv", 2, 32 },        { "fmin", 2, 32 },   { "fmax", 2, 32 },
   { "fmod", 2, 32 },        { "frem", 2, 32 },   { "fpow", 2, 32 },
   { "flt", 2, 1 },          { "fge", 2, 1 },     { "feq", 2, 1 },
   { "fneu", 2, 1 },         { "ffma", 3, 32 },   { "flrp", 3, 32 },
   { "fsqrt", 1, 32 },       { "frsq", 1, 32 },   { "frcp", 1, 32 },
   { "fsign", 1, 32 },       { "ffract", 1, 32 }, { "fsat", 1, 32 },
   { "fround_even", 1, 32 }, { "fexp2", 1, 32 },  { "flog2", 1, 32 },
   { "f2i", 1, 32 },         { "f2u", 1, 32 },    { "f2b", 1, 1 },
   { "i2f", 1, 32 },         { "u2f", 1, 32 },    { "iadd", 2, 32 },
   { "imul", 2, 32 },        { "idiv", 2, 32 },   { "irem", 2, 32 },
   { "imod", 2, 32 },        { "udiv", 2, 32 },   { "ishl", 2, 32 },
   { "ishr", 2, 32 },        { "ushr", 2, 32 },   { "imax", 2, 32 },
   { "umin", 2, 32 },        { "ilt", 2, 1 },     { "ufind_msb", 1, 32 },
   { "bit_count", 1, 32 },
};

/* One shader per opcode and mode: operand tuples from the special values
 * (all pairs for binary ops, a diagonal walk for ternary ones), each
 * result to its own output component. */
static void
fold_matches_interpreter(void **state)
{
   static const char *const modes[] = {
      "",
      "info round_mode=rtz\n",
      "info denorm=flush\n",
      "info round_mode=rtz denorm=flush\n",
   };
   unsigned shaders = 0;
   for (unsigned m = 0; m < 4; m++) {
      for (unsigned o = 0; o < sizeof(fold_ops) / sizeof(fold_ops[0]); o++) {
         const struct fold_op *op = &fold_ops[o];
         unsigned tuples =
            op->num_srcs == 1 ? NUM_SPECIAL : NUM_SPECIAL * NUM_SPECIAL;
         for (unsigned first = 0; first < tuples; first += OPT_EXEC_SLOTS * 4) {
            struct u_arena *mem = u_arena_create(NULL);
            struct u_strbuf t;
            u_strbuf_init(&t, mem);
            u_strbuf_appendf(&t, "shader fragment\n%sfn main {\n  b0:\n",
                             modes[m]);
            u_strbuf_appendf(&t, "    %%0:32 = load_const 0\n");
            unsigned def = 1;
            for (unsigned k = 0; k < OPT_EXEC_SLOTS * 4 && first + k < tuples;
                 k++) {
               unsigned tuple = first + k;
               unsigned srcs[3];
               uint32_t vals[3];
               for (unsigned i = 0; i < op->num_srcs; i++) {
                  unsigned v = i == 0   ? tuple % NUM_SPECIAL
                               : i == 1 ? tuple / NUM_SPECIAL % NUM_SPECIAL
                                        : (tuple * 7 + 3) % NUM_SPECIAL;
                  vals[i] = special32[v];
               }
               for (unsigned i = 0; i < op->num_srcs; i++) {
                  u_strbuf_appendf(&t, "    %%%u:32 = load_const 0x%08x\n", def,
                                   vals[i]);
                  srcs[i] = def++;
               }
               unsigned res = def++;
               u_strbuf_appendf(&t, "    %%%u:%u = %s", res, op->dst_bits,
                                op->name);
               for (unsigned i = 0; i < op->num_srcs; i++)
                  u_strbuf_appendf(&t, "%s %%%u", i ? "," : "", srcs[i]);
               u_strbuf_appendf(&t,
                                "\n    store_output %%%u, %%0 base=%u "
                                "component=%u write_mask=1\n",
                                res, k / 4, k % 4);
            }
            u_strbuf_appendf(&t, "}\n");
            assert_true(
               OPT_DIFFERENTIAL(mem, ir_opt_constant_fold, t.str, NULL, 1));
            u_arena_destroy(mem);
            shaders++;
         }
      }
   }
   assert_true(shaders > 100);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(scalar_chain, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(swizzles_and_vectors, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(booleans, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(bit_sizes, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(round_toward_zero, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(denormals, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         signed_zero_nan_exact, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(no_fold_non_constant, ir_test_arena_setup,
                                      ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         no_fold_unsupported_size, ir_test_arena_setup, ir_test_arena_teardown),
      cmocka_unit_test_setup_teardown(
         fold_matches_interpreter, ir_test_arena_setup, ir_test_arena_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
