/* SPDX-License-Identifier: MIT */

/*
 * Translation to IR, control flow and functions: if, loops with break
 * and continue (the increment of a for loop must still run), switch with
 * fall-through, default and continue, early returns in main and in
 * inlined functions (also from inside loops and switches), discard,
 * in/out/inout parameters, the IR variables made for the shader's
 * interface, and the vertex stage.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_to_ir_test_util.h"

static void
test_if_nested(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, -1.0f, 2.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { o = vec4(0.0);\n"
       "  if (a.x > 0.0) { if (a.y > 0.0) o.x = 1.0; else o.x = 2.0; }\n"
       "  else o.x = 3.0;\n"
       "  if (a.z > 1.0) o.y = 5.0; else if (a.z > 0.0) o.y = 6.0;\n"
       "  if (a.w != 0.0) o.z = 1.0; o.w = 4.0; }\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 5.0f, 0.0f, 4.0f);
}

static void
test_for_sum(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 5.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float s = 0.0; int n = int(a.x);\n"
       "  for (int i = 0; i < n; i++) s += float(i);\n"
       "  int k = 0; for (;;) { if (++k >= 3) break; }\n"
       "  o = vec4(s, float(k), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 10.0f, 3.0f, 0.0f, 0.0f);
}

static void
test_while_break(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 100.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float x = 1.0; int n = 0;\n"
       "  while (x < a.x) { x *= 2.0; n++; if (n == 5) break; }\n"
       "  o = vec4(x, float(n), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 32.0f, 5.0f, 0.0f, 0.0f);
}

static void
test_do_while(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 0.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int n = 0; do { n++; } while (float(n) < a.x);\n"
       "  int m = 0; do { m += 2; } while (m < 7);\n"
       "  o = vec4(float(n), float(m), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, 8.0f, 0.0f, 0.0f);
}

static void
test_for_continue(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 10.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int s = 0; int iters = 0;\n"
       "  for (int i = 0; i < int(a.x); i++) { iters++;\n"
       "    if (i % 2 == 0) continue; s += i; }\n"
       "  o = vec4(float(s), float(iters), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 25.0f, 10.0f, 0.0f, 0.0f);
}

static void
test_do_while_continue(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 6.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int i = 0; int s = 0;\n"
       "  do { i++; if (i == 2) continue; s += i; } while (i < int(a.x));\n"
       "  o = vec4(float(s), float(i), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 19.0f, 6.0f, 0.0f, 0.0f);
}

static void
test_nested_loops(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 4.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int n = int(a.x); int c = 0;\n"
       "  for (int i = 0; i < n; i++) {\n"
       "    for (int j = 0; j < n; j++) { if (j > i) break; c++; }\n"
       "    if (i == 2) continue; c += 100; }\n"
       "  o = vec4(float(c), 0.0, 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 310.0f, 0.0f, 0.0f, 0.0f);
}

static void
test_while_decl_condition(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 3.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float x = a.x; int n = 0;\n"
       "  while (bool more = x > 0.0) { x -= 1.0; n++; }\n"
       "  o = vec4(float(n), x, 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 3.0f, 0.0f, 0.0f, 0.0f);
}

static const char *switch_src = "#version 130\n"
                                "in vec4 a; out vec4 o;\n"
                                "void main() { int s = 0;\n"
                                "  switch (int(a.x)) {\n"
                                "  case 1: s += 1;\n"
                                "  case 2: s += 10; break;\n"
                                "  default: s += 100;\n"
                                "  case 3: s += 1000; break;\n"
                                "  case 4: s += 10000;\n"
                                "  }\n"
                                "  o = vec4(float(s), 0.0, 0.0, 0.0); }\n";

static float
switch_result(float sel)
{
   struct inputs in = { 0 };
   set4(in.in[0], sel, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run(switch_src, &in, &o);
   return out_f(&o, 0, 0);
}

static void
test_switch_fallthrough(void **state)
{
   (void)state;
   assert_float_equal(switch_result(1.0f), 11.0f, 0);
   assert_float_equal(switch_result(2.0f), 10.0f, 0);
   assert_float_equal(switch_result(3.0f), 1000.0f, 0);
   assert_float_equal(switch_result(4.0f), 10000.0f, 0);
   assert_float_equal(switch_result(7.0f), 1100.0f, 0);
}

static void
test_switch_continue_in_loop(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 5.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int s = 0; int after = 0;\n"
       "  for (int i = 0; i < int(a.x); i++) {\n"
       "    switch (i) { case 1: continue; case 3: s += 100; break;\n"
       "                 default: s += 1; }\n"
       "    after++; }\n"
       "  o = vec4(float(s), float(after), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 103.0f, 4.0f, 0.0f, 0.0f);
}

static void
test_return_in_main(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { o = vec4(1.0);\n"
       "  for (int i = 0; i < 10; i++) { if (float(i) >= a.x) return;\n"
       "    o.x += 1.0; }\n"
       "  o = vec4(5.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 1.0f, 1.0f, 1.0f);
}

static void
test_discard(void **state)
{
   (void)state;
   struct outputs o;
   run("#version 130\n"
       "out vec4 o;\n"
       "void main() { o = vec4(1.0);\n"
       "  if (gl_FragCoord.x > 1.0) discard;\n"
       "  o = vec4(2.0); }\n",
       NULL, &o);
   /* Lanes 1 and 3 are x = 1.5. */
   assert_int_equal(o.killed, 0xa);
   assert_float_equal(out_f(&o, 0, 0), 2.0f, 0);
}

static void
test_function_early_return(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], -2.0f, 3.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "float f(float x) { if (x < 0.0) return -x; x *= 10.0; return x; }\n"
       "void main() { o = vec4(f(a.x), f(a.y), f(a.x) + f(a.y), 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 30.0f, 32.0f, 0.0f);
}

static void
test_function_return_in_loop(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 3.0f, 20.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "int first(int limit, int stop) {\n"
       "  for (int i = 0; i < limit; i++) {\n"
       "    for (int j = 0; j < 2; j++) {\n"
       "      switch (i) { case 5: if (j == 1) return i * 10 + j; }\n"
       "    }\n"
       "    if (i == stop) return -i;\n"
       "  }\n"
       "  return 99; }\n"
       "void main() { int n = 0;\n"
       "  for (int k = 0; k < 2; k++) n += first(int(a.y), int(a.x));\n"
       "  o = vec4(float(n), float(first(int(a.y), 100)),\n"
       "           float(first(2, 100)), 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, -6.0f, 51.0f, 99.0f, 0.0f);
}

static void
test_out_inout_params(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 3.0f, 0.0f, 0.0f);
   struct outputs o;
   run(
      "#version 130\n"
      "in vec4 a; out vec4 o;\n"
      "void f(in float x, out float y, inout vec2 z) {\n"
      "  y = x * 2.0; z = z.yx + x; x = 100.0; }\n"
      "void main() { float p = a.x; float q = 7.0; vec4 v = vec4(a.xy, 0, 0);\n"
      "  f(p, q, v.zy); f(p, v.x, v.zw);\n"
      "  o = vec4(p, q, v.y, v.w); }\n",
      &in, &o);
   /* First call: q = 4, v.zy = (0, 3).yx + 2 = (5, 2).
    * Second: v.x = 4, v.zw = (5, 0).yx + 2 = (2, 7). */
   ASSERT_OUT4(&o, 2.0f, 4.0f, 2.0f, 7.0f);
}

static void
test_out_param_conversion(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 3.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "int twice(int x) { return 2 * x; }\n"
       "void main() { int i = int(a.y); float f = float(twice(i));\n"
       "  o = vec4(f, float(twice(int(a.x))), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 6.0f, 4.0f, 0.0f, 0.0f);
}

static void
test_array_param_copy(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "struct S { float v[3]; };\n"
       "float sum(float v[3]) { float s = 0.0; for (int i = 0; i < 3; i++)\n"
       "  { s += v[i]; v[i] = 0.0; } return s; }\n"
       "S make(float k) { S s; s.v = float[3](k, k + 1.0, k + 2.0); return "
       "s; }\n"
       "void main() { float v[3] = float[3](a.x, a.y, a.z);\n"
       "  float s = sum(v); S t = make(a.z);\n"
       "  o = vec4(s, v[2], sum(t.v), t.v[0]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 6.0f, 3.0f, 12.0f, 3.0f);
}

static void
test_nested_calls(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "float g(float x, float y) { return x * 10.0 + y; }\n"
       "float h(float x) { return g(x, x + 1.0); }\n"
       "void main() { o = vec4(g(a.x, g(a.y, a.x)), h(a.y), 0.0, 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 31.0f, 23.0f, 0.0f, 0.0f);
}

static void
test_interface_variables(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile(IR_STAGE_FRAGMENT,
              "#version 130\n"
              "flat in int fi; centroid in vec2 cv; noperspective in float "
              "np;\n"
              "uniform sampler2D tex[3]; uniform sampler2D t2;\n"
              "uniform float u; out vec4 o;\n"
              "void main() { o = vec4(float(fi), cv, np + u) + "
              "gl_FragCoord; }\n");
   struct ir_variable *fi = ir_shader_find_variable(sh->ir, "fi");
   struct ir_variable *cv = ir_shader_find_variable(sh->ir, "cv");
   struct ir_variable *np = ir_shader_find_variable(sh->ir, "np");
   struct ir_variable *t2 = ir_shader_find_variable(sh->ir, "t2");
   struct ir_variable *u = ir_shader_find_variable(sh->ir, "u");
   struct ir_variable *fc = ir_shader_find_variable(sh->ir, "gl_FragCoord");
   assert_non_null(fi);
   assert_non_null(cv);
   assert_non_null(np);
   assert_non_null(t2);
   assert_non_null(u);
   assert_non_null(fc);
   assert_int_equal(fi->mode, IR_VAR_SHADER_IN);
   assert_int_equal(fi->interp, IR_INTERP_FLAT);
   assert_int_equal(fi->location, -1);
   assert_true(cv->centroid);
   assert_int_equal(np->interp, IR_INTERP_NOPERSPECTIVE);
   assert_int_equal(u->mode, IR_VAR_UNIFORM);
   assert_int_equal(t2->mode, IR_VAR_UNIFORM);
   assert_int_equal(t2->driver_location, 3); /* after tex[0..2] */
   assert_int_equal(fc->mode, IR_VAR_SYSTEM_VALUE);
   assert_int_equal(fc->location, IR_SYSTEM_VALUE_FRAG_COORD);
   glsl_shader_destroy(sh);
}

static void
test_explicit_locations(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile(
      IR_STAGE_FRAGMENT, "#version 330\n"
                         "layout(location = 1) out vec4 o;\n"
                         "layout(location = 0, index = 1) out vec4 o2;\n"
                         "layout(std140) uniform Blk { mat4 m; vec4 v; } blk;\n"
                         "void main() { o = blk.m * blk.v; o2 = blk.v; }\n");
   struct ir_variable *o = ir_shader_find_variable(sh->ir, "o");
   struct ir_variable *o2 = ir_shader_find_variable(sh->ir, "o2");
   struct ir_variable *blk = ir_shader_find_variable(sh->ir, "blk");
   assert_non_null(o);
   assert_non_null(o2);
   assert_non_null(blk);
   assert_int_equal(o->location, 1);
   assert_int_equal(o2->location, 0);
   assert_int_equal(o2->index, 1);
   assert_int_equal(blk->mode, IR_VAR_UBO);
   assert_int_equal(blk->type->base, IR_TYPE_INTERFACE);
   assert_int_equal(blk->type->fields[1].offset, 64);
   glsl_shader_destroy(sh);

   sh = compile(IR_STAGE_VERTEX, "#version 330\n"
                                 "layout(location = 2) in vec4 c;\n"
                                 "void main() { gl_Position = c; }\n");
   struct ir_variable *c = ir_shader_find_variable(sh->ir, "c");
   assert_non_null(c);
   assert_int_equal(c->mode, IR_VAR_SHADER_IN);
   assert_int_equal(c->location, 2);
   glsl_shader_destroy(sh);
}

static void
test_vertex_outputs(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 1.0f);
   struct outputs o;
   run_stage(IR_STAGE_VERTEX,
             "#version 130\n"
             "in vec4 pos; out vec2 tc;\n"
             "void main() { gl_Position = pos * 2.0; tc = pos.yx; }\n",
             &in, &o);
   /* gl_Position has slot POS (0), so it packs first. */
   ASSERT_OUT4(&o, 2.0f, 4.0f, 6.0f, 2.0f);
   assert_float_equal(out_f(&o, 1, 0), 2.0f, 0);
   assert_float_equal(out_f(&o, 1, 1), 1.0f, 0);

   struct glsl_shader *sh =
      compile(IR_STAGE_VERTEX, "#version 130\n"
                               "void main() { gl_Position = vec4(0.0); }\n");
   struct ir_variable *p = ir_shader_find_variable(sh->ir, "gl_Position");
   assert_non_null(p);
   assert_int_equal(p->mode, IR_VAR_SHADER_OUT);
   assert_int_equal(p->location, IR_VARYING_SLOT_POS);
   glsl_shader_destroy(sh);
}

static void
test_discard_in_function(void **state)
{
   (void)state;
   struct outputs o;
   run("#version 130\n"
       "out vec4 o;\n"
       "void kill_right(float x) { if (x > 1.0) discard; }\n"
       "void main() { o = vec4(1.0); kill_right(gl_FragCoord.y);\n"
       "  o = vec4(3.0); }\n",
       NULL, &o);
   /* Lanes 2 and 3 are y = 1.5. */
   assert_int_equal(o.killed, 0xc);
   assert_float_equal(out_f(&o, 0, 0), 3.0f, 0);
}

static void
test_void_function_return(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 4.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "float acc = 0.0;\n"
       "void add_until(float limit) {\n"
       "  for (float x = 1.0; ; x += 1.0) { if (x > limit) return;\n"
       "    acc += x; }\n"
       "}\n"
       "void main() { add_until(a.x); add_until(2.0); o = vec4(acc); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 13.0f, 13.0f, 13.0f, 13.0f);
}

static void
test_function_defined_elsewhere(void **state)
{
   (void)state;
   /* Defined in another shader of the stage: the call compiles (linking
    * resolves it) and gives undefined values here. */
   struct glsl_shader *sh =
      compile(IR_STAGE_FRAGMENT, "#version 130\n"
                                 "out vec4 o;\n"
                                 "vec4 color(float x);\n"
                                 "void main() { o = color(1.0); }\n");
   assert_non_null(sh->ir);
   assert_non_null(ir_shader_get_entrypoint(sh->ir));
   char *err = NULL;
   assert_true(ir_validate(sh->ir, &err));
   glsl_shader_destroy(sh);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_if_nested),
      cmocka_unit_test(test_for_sum),
      cmocka_unit_test(test_while_break),
      cmocka_unit_test(test_do_while),
      cmocka_unit_test(test_for_continue),
      cmocka_unit_test(test_do_while_continue),
      cmocka_unit_test(test_nested_loops),
      cmocka_unit_test(test_while_decl_condition),
      cmocka_unit_test(test_switch_fallthrough),
      cmocka_unit_test(test_switch_continue_in_loop),
      cmocka_unit_test(test_return_in_main),
      cmocka_unit_test(test_discard),
      cmocka_unit_test(test_function_early_return),
      cmocka_unit_test(test_function_return_in_loop),
      cmocka_unit_test(test_out_inout_params),
      cmocka_unit_test(test_out_param_conversion),
      cmocka_unit_test(test_array_param_copy),
      cmocka_unit_test(test_nested_calls),
      cmocka_unit_test(test_discard_in_function),
      cmocka_unit_test(test_void_function_return),
      cmocka_unit_test(test_function_defined_elsewhere),
      cmocka_unit_test(test_interface_variables),
      cmocka_unit_test(test_explicit_locations),
      cmocka_unit_test(test_vertex_outputs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
