/* SPDX-License-Identifier: MIT */

/*
 * Tests of glsl_builtin_const_eval(): folded values against C references
 * (including vectors with scalar arguments, matrices, booleans and
 * integers), folding agreeing bit for bit with the same call run in the
 * interpreter on non-constant inputs, and the calls that must not fold.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_exec.h"
#include "glsl_builtin_test_util.h"

static int
setup(void **state)
{
   *state = u_arena_create(NULL);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   u_arena_destroy(*state);
   return 0;
}

static struct ir_constant *
cf(void **state, float x, float y, float z, float w)
{
   struct ir_constant *c = u_arena_zalloc(*state, sizeof(*c));
   c->values[0].f32 = x;
   c->values[1].f32 = y;
   c->values[2].f32 = z;
   c->values[3].f32 = w;
   return c;
}

static struct ir_constant *
ci(void **state, int32_t x, int32_t y, int32_t z)
{
   struct ir_constant *c = u_arena_zalloc(*state, sizeof(*c));
   c->values[0].i32 = x;
   c->values[1].i32 = y;
   c->values[2].i32 = z;
   return c;
}

/* Folds name(params) in GLSL 1.50 fragment (extensions for the
 * bit-encoding and packing functions enabled). */
static struct ir_constant *
fold(void **state, const char *name, const char *params, struct ir_constant *a0,
     struct ir_constant *a1, struct ir_constant *a2)
{
   struct glsl_env env = test_env(150, false, IR_STAGE_FRAGMENT,
                                  "GL_ARB_shader_bit_encoding "
                                  "GL_ARB_shading_language_packing");
   const struct glsl_function_sig *sig =
      test_find_sig(*state, &env, name, params);
   if (!sig)
      fprintf(stderr, "no %s(%s)\n", name, params);
   assert_non_null(sig);
   struct ir_constant *args[3] = { a0, a1, a2 };
   return glsl_builtin_const_eval(sig, args, *state);
}

static void
float_functions(void **state)
{
   struct ir_constant *c =
      fold(state, "mod", "float,float", cf(state, -5.5f, 0, 0, 0),
           cf(state, 3.0f, 0, 0, 0), NULL);
   assert_non_null(c);
   assert_float_equal(c->values[0].f32, 0.5f, 0);
   c = fold(state, "acosh", "float", cf(state, 1e10f, 0, 0, 0), NULL, NULL);
   assert_float_equal(c->values[0].f32, 23.718998f, 23.718998f * 1e-6f);
   c = fold(state, "atan", "float", cf(state, 1e10f, 0, 0, 0), NULL, NULL);
   assert_float_equal(c->values[0].f32, (float)M_PI_2, 1e-7);
   c = fold(state, "atan", "float,float", cf(state, -1.0f, 0, 0, 0),
            cf(state, -1.0f, 0, 0, 0), NULL);
   assert_float_equal(c->values[0].f32, (float)(-3.0 * M_PI / 4.0), 1e-6);
   c = fold(state, "smoothstep", "float,float,vec2", cf(state, 0, 0, 0, 0),
            cf(state, 2.0f, 0, 0, 0), cf(state, 1.0f, -1.0f, 0, 0));
   assert_float_equal(c->values[0].f32, 0.5f, 0);
   assert_float_equal(c->values[1].f32, 0.0f, 0);
}

static void
vector_with_scalar(void **state)
{
   struct ir_constant *c =
      fold(state, "clamp", "vec3,float,float", cf(state, -3.0f, 0.25f, 9.0f, 0),
           cf(state, 0.0f, 0, 0, 0), cf(state, 1.0f, 0, 0, 0));
   assert_float_equal(c->values[0].f32, 0.0f, 0);
   assert_float_equal(c->values[1].f32, 0.25f, 0);
   assert_float_equal(c->values[2].f32, 1.0f, 0);
   c = fold(state, "distance", "vec2,vec2", cf(state, 0, 0, 0, 0),
            cf(state, 3.0f, 4.0f, 0, 0), NULL);
   assert_float_equal(c->values[0].f32, 5.0f, 0);
   c = fold(state, "cross", "vec3,vec3", cf(state, 1, 0, 0, 0),
            cf(state, 0, 1, 0, 0), NULL);
   assert_float_equal(c->values[2].f32, 1.0f, 0);
}

static void
integer_functions(void **state)
{
   struct ir_constant *c =
      fold(state, "abs", "ivec2", ci(state, -7, 3, 0), NULL, NULL);
   assert_int_equal(c->values[0].i32, 7);
   assert_int_equal(c->values[1].i32, 3);
   c = fold(state, "clamp", "ivec3,int,int", ci(state, -9, 2, 50),
            ci(state, -1, 0, 0), ci(state, 10, 0, 0));
   assert_int_equal(c->values[0].i32, -1);
   assert_int_equal(c->values[1].i32, 2);
   assert_int_equal(c->values[2].i32, 10);
   /* uint min compares unsigned: 0xffffffff is the largest. */
   c = fold(state, "min", "uint,uint", ci(state, -1, 0, 0), ci(state, 5, 0, 0),
            NULL);
   assert_int_equal(c->values[0].u32, 5);
   c = fold(state, "sign", "int", ci(state, -12, 0, 0), NULL, NULL);
   assert_int_equal(c->values[0].i32, -1);
}

static void
boolean_results(void **state)
{
   struct ir_constant *c =
      fold(state, "lessThan", "vec3,vec3", cf(state, 1, 5, 2, 0),
           cf(state, 2, 5, 1, 0), NULL);
   assert_true(c->values[0].b);
   assert_false(c->values[1].b);
   assert_false(c->values[2].b);
   struct ir_constant *any = fold(state, "any", "bvec3", c, NULL, NULL);
   assert_true(any->values[0].b);
   struct ir_constant *all = fold(state, "all", "bvec3", c, NULL, NULL);
   assert_false(all->values[0].b);
   struct ir_constant *not = fold(state, "not", "bvec3", c, NULL, NULL);
   assert_false(not ->values[0].b);
   assert_true(not ->values[2].b);
   c = fold(state, "isnan", "vec2", cf(state, NAN, 1.0f, 0, 0), NULL, NULL);
   assert_true(c->values[0].b);
   assert_false(c->values[1].b);
   /* mix(x, y, bvec) selects per component. */
   struct ir_constant *sel = u_arena_zalloc(*state, sizeof(*sel));
   sel->values[1].b = true;
   c = fold(state, "mix", "vec2,vec2,bvec2", cf(state, 1, 2, 0, 0),
            cf(state, 10, 20, 0, 0), sel);
   assert_float_equal(c->values[0].f32, 1.0f, 0);
   assert_float_equal(c->values[1].f32, 20.0f, 0);
}

static void
matrices(void **state)
{
   /* mat2 columns (4, 2) (7, 6): determinant 4 * 6 - 7 * 2 = 10. */
   struct ir_constant *m = cf(state, 4, 2, 7, 6);
   struct ir_constant *c = fold(state, "determinant", "mat2", m, NULL, NULL);
   assert_float_equal(c->values[0].f32, 10.0f, 0);
   c = fold(state, "inverse", "mat2", m, NULL, NULL);
   assert_float_equal(c->values[0].f32, 0.6f, 1e-7);
   assert_float_equal(c->values[1].f32, -0.2f, 1e-7);
   assert_float_equal(c->values[2].f32, -0.7f, 1e-7);
   assert_float_equal(c->values[3].f32, 0.4f, 1e-7);
   /* transpose(mat2x3) is a mat3x2: element [c][r] = m[r][c]. */
   struct ir_constant *m23 = u_arena_zalloc(*state, sizeof(*m23));
   for (unsigned i = 0; i < 6; i++)
      m23->values[i].f32 = (float)i;
   c = fold(state, "transpose", "mat2x3", m23, NULL, NULL);
   /* m23 column 0 = (0, 1, 2), column 1 = (3, 4, 5); the transpose's
    * column 1 = (1, 4). */
   assert_float_equal(c->values[2].f32, 1.0f, 0);
   assert_float_equal(c->values[3].f32, 4.0f, 0);
   c = fold(state, "outerProduct", "vec2,vec3", cf(state, 1, 2, 0, 0),
            cf(state, 10, 20, 30, 0), NULL);
   /* mat3x2: column j = c * r[j]; column 2 = (30, 60). */
   assert_float_equal(c->values[4].f32, 30.0f, 0);
   assert_float_equal(c->values[5].f32, 60.0f, 0);
}

static void
bit_encoding_and_packing(void **state)
{
   struct ir_constant *c = fold(state, "floatBitsToInt", "float",
                                cf(state, 1.0f, 0, 0, 0), NULL, NULL);
   assert_int_equal(c->values[0].i32, 0x3f800000);
   c = fold(state, "intBitsToFloat", "int",
            ci(state, (int32_t)0xc0000000, 0, 0), NULL, NULL);
   assert_float_equal(c->values[0].f32, -2.0f, 0);
   c = fold(state, "packHalf2x16", "vec2", cf(state, 1.0f, -2.0f, 0, 0), NULL,
            NULL);
   assert_int_equal(c->values[0].u32, 0xc0003c00u);
}

static void
not_folded(void **state)
{
   struct glsl_env env = test_env(130, false, IR_STAGE_FRAGMENT, NULL);
   struct ir_constant *x = cf(state, 0.5f, 0.5f, 0.5f, 0.5f);
   struct ir_constant *args[3] = { x, x, x };
   const char *const cases[][2] = {
      { "modf", "float,float" },
      { "dFdx", "float" },
      { "fwidth", "vec2" },
      { "noise1", "float" },
   };
   for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      const struct glsl_function_sig *sig =
         test_find_sig(*state, &env, cases[i][0], cases[i][1]);
      assert_non_null(sig);
      assert_null(glsl_builtin_const_eval(sig, args, *state));
   }
   const struct glsl_function_sig *tex =
      test_find_sig(*state, &env, "texture", "sampler2D,vec2");
   struct ir_constant *targs[2] = { x, x };
   assert_null(glsl_builtin_const_eval(tex, targs, *state));
   /* A missing argument folds nothing. */
   const struct glsl_function_sig *sin =
      test_find_sig(*state, &env, "sin", "float");
   struct ir_constant *none[1] = { NULL };
   assert_null(glsl_builtin_const_eval(sin, none, *state));
   assert_non_null(glsl_builtin_const_eval(sin, args, *state));
}

/* The folded value of f(x) has the bits the interpreter computes for the
 * same call on an input. */
static void
agrees_with_run_time(void **state)
{
   static const char *const funcs[] = { "sin",   "cos",   "tan",    "asin",
                                        "acos",  "atan",  "sinh",   "tanh",
                                        "exp",   "log",   "sqrt",   "fract",
                                        "atanh", "asinh", "degrees" };
   static const float xs[4] = { 0.3f, -0.7f, 0.05f, 0.999f };
   struct glsl_env env = test_env(130, false, IR_STAGE_FRAGMENT, NULL);
   for (unsigned f = 0; f < sizeof(funcs) / sizeof(funcs[0]); f++) {
      struct u_arena *mem = u_arena_create(NULL);
      struct ir_shader *s = ir_shader_create(mem, IR_STAGE_FRAGMENT);
      struct ir_function *fn = ir_function_create(s, "main");
      struct ir_builder b = ir_builder_at_end(fn);
      struct ir_def *zero = ir_imm_int(&b, 0);
      struct ir_intrinsic *ld =
         ir_build_intrinsic(&b, IR_INTRINSIC_LOAD_INPUT, 1, 32, &zero);
      const struct glsl_function_sig *sig =
         test_find_sig(mem, &env, funcs[f], "float");
      assert_non_null(sig);
      struct glsl_builtin_call c;
      memset(&c, 0, sizeof(c));
      c.sig = sig;
      c.args[0][0] = &ld->def;
      assert_true(glsl_builtin_emit(&b, &c));
      struct ir_def *srcs[2] = { c.result[0], zero };
      struct ir_intrinsic *st =
         ir_build_intrinsic(&b, IR_INTRINSIC_STORE_OUTPUT, 1, 32, srcs);
      ir_intrinsic_set_write_mask(st, 1);

      uint32_t in[4 * 4] = { 0 }, out[4 * 4] = { 0 };
      memcpy(in, xs, sizeof(xs));
      struct ir_exec_program *prog = ir_exec_program_create(mem, s, NULL);
      assert_non_null(prog);
      struct ir_exec_state *es = ir_exec_state_create(prog, 4);
      struct ir_exec_io io = { .inputs = in,
                               .num_input_slots = 1,
                               .outputs = out,
                               .num_output_slots = 1 };
      ir_exec_state_set_io(es, &io);
      assert_true(ir_exec_run(es, 0xf, 0));
      for (unsigned l = 0; l < 4; l++) {
         struct ir_constant *x = cf(state, xs[l], 0, 0, 0);
         struct ir_constant *v = glsl_builtin_const_eval(sig, &x, *state);
         assert_non_null(v);
         if (v->values[0].u32 != out[l]) {
            fprintf(stderr, "%s(%g): folded %08x, run %08x\n", funcs[f], xs[l],
                    v->values[0].u32, out[l]);
            fail();
         }
      }
      ir_exec_state_destroy(es);
      u_arena_destroy(mem);
   }
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(float_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(vector_with_scalar, setup, teardown),
      cmocka_unit_test_setup_teardown(integer_functions, setup, teardown),
      cmocka_unit_test_setup_teardown(boolean_results, setup, teardown),
      cmocka_unit_test_setup_teardown(matrices, setup, teardown),
      cmocka_unit_test_setup_teardown(bit_encoding_and_packing, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(not_folded, setup, teardown),
      cmocka_unit_test_setup_teardown(agrees_with_run_time, setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
