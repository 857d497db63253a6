/* SPDX-License-Identifier: MIT */

/*
 * The compile options behind driconf's GLSL workarounds: the default
 * version of shaders without #version (force_glsl_version), #extension
 * after the first declaration (allow_glsl_extension_directive_midshader)
 * and zero-initialised variables (glsl_zero_init).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "glsl_to_ir_test_util.h"

static struct glsl_shader *
try_compile(const char *src, const struct glsl_compile_options *extra)
{
   struct glsl_compile_options o = {
      .max_version = 330,
      .context_profile = GLSL_PROFILE_COMPAT,
   };
   if (extra) {
      o.default_version = extra->default_version;
      o.allow_extension_midshader = extra->allow_extension_midshader;
      o.zero_init = extra->zero_init;
   }
   struct glsl_shader *sh = glsl_compile_shader(IR_STAGE_FRAGMENT, &src, 1, &o);
   assert_non_null(sh);
   return sh;
}

static void
test_default_version(void **state)
{
   /* "uint" is a keyword from 1.30. */
   const char *src = "uniform uint u;\n"
                     "void main() { gl_FragColor = vec4(float(u)); }\n";
   struct glsl_shader *sh = try_compile(src, NULL);
   assert_false(sh->ok);
   assert_int_equal(sh->version, 110);
   glsl_shader_destroy(sh);

   struct glsl_compile_options forced = { .default_version = 130 };
   sh = try_compile(src, &forced);
   assert_true(sh->ok);
   assert_int_equal(sh->version, 130);
   glsl_shader_destroy(sh);

   /* An explicit #version wins. */
   sh = try_compile("#version 120\nuniform uint u;\nvoid main() {}\n", &forced);
   assert_false(sh->ok);
   assert_int_equal(sh->version, 120);
   glsl_shader_destroy(sh);
}

static void
test_extension_midshader(void **state)
{
   const char *src = "uniform vec4 c;\n"
                     "#extension GL_ARB_texture_rectangle : enable\n"
                     "void main() { gl_FragColor = c; }\n";
   struct glsl_shader *sh = try_compile(src, NULL);
   assert_false(sh->ok);
   assert_non_null(strstr(sh->info_log, "middle of a shader"));
   glsl_shader_destroy(sh);

   struct glsl_compile_options allow = { .allow_extension_midshader = true };
   sh = try_compile(src, &allow);
   assert_true(sh->ok);
   glsl_shader_destroy(sh);

   /* Before any code, with other directives and comments around, it is
    * always fine. */
   sh = try_compile("#version 120\n// comment\n#define X 1\n"
                    "#extension GL_ARB_texture_rectangle : enable\n"
                    "void main() {}\n",
                    NULL);
   assert_true(sh->ok);
   glsl_shader_destroy(sh);
}

/* A local declared in a loop body without an initializer: zeroed at
 * each declaration, it counts 1 each time; otherwise (the interpreter
 * keeps the variable) it would carry over. */
static void
test_zero_init_local(void **state)
{
   const char *src = "#version 130\n"
                     "in vec4 a; out vec4 o;\n"
                     "void main() { float s = 0.0;\n"
                     "  for (int i = 0; i < int(a.x); i++) {\n"
                     "    float x; x += 1.0; s += x; }\n"
                     "  o = vec4(s, 0.0, 0.0, 0.0); }\n";
   struct inputs in = { 0 };
   in.in[0][0] = 3.0f;
   struct glsl_compile_options zero = { .zero_init = true };
   struct outputs out;
   run_stage_opts(IR_STAGE_FRAGMENT, src, &zero, &in, &out);
   assert_true(out_f(&out, 0, 0) == 3.0f);
}

static void
test_zero_init_aggregates(void **state)
{
   /* Structs, arrays, matrices, globals and outputs all get zero. */
   const char *src = "#version 130\n"
                     "in vec4 a; out vec4 o; out vec4 p;\n"
                     "struct S { float f; ivec2 v[2]; };\n"
                     "float g;\n"
                     "void main() { S s; mat2 m; bool b; float arr[3];\n"
                     "  for (int i = 0; i < int(a.x); i++) {\n"
                     "    S t; t.f += 1.0; s.f += t.f; g += 1.0; }\n"
                     "  o = vec4(s.f + float(s.v[1].y) + m[1][1] + arr[2],\n"
                     "           b ? 5.0 : 1.0, g, p.x); }\n";
   struct inputs in = { 0 };
   in.in[0][0] = 2.0f;
   struct glsl_compile_options zero = { .zero_init = true };
   struct outputs out;
   run_stage_opts(IR_STAGE_FRAGMENT, src, &zero, &in, &out);
   assert_true(out_f(&out, 0, 0) == 2.0f);
   assert_true(out_f(&out, 0, 1) == 1.0f);
   assert_true(out_f(&out, 0, 2) == 2.0f);
   assert_true(out_f(&out, 0, 3) == 0.0f);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_default_version),
      cmocka_unit_test(test_extension_midshader),
      cmocka_unit_test(test_zero_init_local),
      cmocka_unit_test(test_zero_init_aggregates),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
