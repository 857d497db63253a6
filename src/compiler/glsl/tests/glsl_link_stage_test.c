/* SPDX-License-Identifier: MIT */

/*
 * Several shaders of one stage in one program (glsl_link_stage.c): calls
 * of functions defined in another shader, shared globals and uniforms,
 * and the link errors (no main, two mains, a function defined twice, a
 * called function nobody defines, globals that disagree).  Linked
 * fragment stages run in the reference interpreter; output 0 is checked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link.h"
#include "glsl_to_ir_test_util.h"

#define MAX_SHADERS 4

static const char *const vs_src = "#version 120\n"
                                  "void main() { gl_Position = gl_Vertex; }\n";

/* Links a vertex shader and the fragment shaders @p fs (NULL-ended). */
static struct glsl_program *
link_fs(const char *const *fs, struct glsl_shader **sh, unsigned *n)
{
   *n = 0;
   sh[(*n)++] = compile(IR_STAGE_VERTEX, vs_src);
   for (unsigned i = 0; fs[i]; i++)
      sh[(*n)++] = compile(IR_STAGE_FRAGMENT, fs[i]);
   struct glsl_program *p = glsl_link_program(sh, *n, NULL);
   assert_non_null(p);
   return p;
}

static void
destroy(struct glsl_program *p, struct glsl_shader **sh, unsigned n)
{
   glsl_program_destroy(p);
   for (unsigned i = 0; i < n; i++)
      glsl_shader_destroy(sh[i]);
}

/* Links and runs the fragment stage; output 0 must be (x, y, z, w). */
static void
run_linked(const char *const *fs, const struct inputs *in, float x, float y,
           float z, float w)
{
   static const struct inputs zero;
   struct glsl_shader *sh[MAX_SHADERS];
   unsigned n;
   struct glsl_program *p = link_fs(fs, sh, &n);
   if (!p->ok)
      fail_msg("link failed:\n%s", p->info_log);
   struct outputs out;
   exec_ir(p->stages[IR_STAGE_FRAGMENT], in ? in : &zero, &out);
   ASSERT_OUT4(&out, x, y, z, w);
   destroy(p, sh, n);
}

/* Links and expects an error whose message contains @p needle. */
static void
link_fails(const char *const *fs, const char *needle)
{
   struct glsl_shader *sh[MAX_SHADERS];
   unsigned n;
   struct glsl_program *p = link_fs(fs, sh, &n);
   assert_false(p->ok);
   if (!strstr(p->info_log, needle))
      fail_msg("expected \"%s\" in the log:\n%s", needle, p->info_log);
   destroy(p, sh, n);
}

/* main calls a function (and an overload) defined in another shader,
 * which calls back into a third one; out parameters and return values
 * cross the shaders. */
static void
functions_across_shaders(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\n"
      "float f(float x);\n"
      "float f(vec2 v);\n"
      "void g(out vec2 r);\n"
      "void main() { vec2 r; g(r);\n"
      "  gl_FragColor = vec4(f(2.0), f(vec2(3.0, 4.0)), r); }\n",
      "#version 120\n"
      "float h(float x);\n"
      "float f(float x) { return h(x) + 1.0; }\n"
      "float f(vec2 v) { return v.x * v.y; }\n",
      "#version 120\n"
      "float h(float x) { return x * 10.0; }\n"
      "void g(out vec2 r) { r = vec2(0.25, 0.5); }\n",
      NULL,
   };
   run_linked(fs, NULL, 21.0f, 12.0f, 0.25f, 0.5f);
}

/* A global and a uniform declared in two shaders are one variable each:
 * what one shader's function writes, main reads; the uniform has one
 * location and one value. */
static void
shared_globals(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   setu(&in, 0, 3.0f);
   const char *fs[] = {
      "#version 120\n"
      "float acc = 1.0;\n"
      "uniform float u;\n"
      "void bump();\n"
      "void main() { bump(); gl_FragColor = vec4(acc, u, 0.0, 1.0); }\n",
      "#version 120\n"
      "float acc = 1.0;\n"
      "uniform float u;\n"
      "void bump() { acc += u; }\n",
      NULL,
   };
   run_linked(fs, &in, 4.0f, 3.0f, 0.0f, 1.0f);

   struct glsl_shader *sh[MAX_SHADERS];
   unsigned n;
   struct glsl_program *p = link_fs(fs, sh, &n);
   assert_true(p->ok);
   unsigned named_u = 0;
   for (unsigned i = 0; i < p->num_uniforms; i++)
      named_u += strcmp(p->uniforms[i].name, "u") == 0;
   assert_int_equal(named_u, 1);
   destroy(p, sh, n);
}

/* main may sit in any shader; shaders with helpers only come first. */
static void
main_in_a_later_shader(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\n"
      "vec4 colour() { return vec4(0.0, 1.0, 0.0, 1.0); }\n",
      "#version 120\n"
      "vec4 colour();\n"
      "void main() { gl_FragColor = colour(); }\n",
      NULL,
   };
   run_linked(fs, NULL, 0.0f, 1.0f, 0.0f, 1.0f);
}

static void
no_main(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\nvec4 a() { return vec4(1.0); }\n",
      "#version 120\nvec4 b() { return vec4(2.0); }\n",
      NULL,
   };
   link_fails(fs, "lacks `main'");
}

static void
two_mains(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\nvoid main() { gl_FragColor = vec4(1.0); }\n",
      "#version 120\nvoid main() { gl_FragColor = vec4(0.0); }\n",
      NULL,
   };
   link_fails(fs, "several definitions of `main'");
}

static void
function_defined_twice(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\nfloat f();\n"
      "void main() { gl_FragColor = vec4(f()); }\n",
      "#version 120\nfloat f() { return 1.0; }\n",
      "#version 120\nfloat f() { return 2.0; }\n",
      NULL,
   };
   link_fails(fs, "duplicate definition of function `f'");
}

/* Called but defined nowhere: with one shader and with several. */
static void
function_not_defined(void **state)
{
   (void)state;
   const char *alone[] = {
      "#version 120\nfloat f();\n"
      "void main() { gl_FragColor = vec4(f()); }\n",
      NULL,
   };
   link_fails(alone, "function `f' is called but no shader");
   const char *two[] = {
      "#version 120\nfloat f(float x);\n"
      "void main() { gl_FragColor = vec4(f(1.0)); }\n",
      /* Another overload is no definition of f(float). */
      "#version 120\nfloat f(int x) { return 1.0; }\n",
      NULL,
   };
   link_fails(two, "function `f' is called but no shader");
}

/* A call of an undefined function that constant folding removes is no
 * error. */
static void
undefined_call_in_dead_code(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\nvoid never();\n"
      "void main() { gl_FragColor = vec4(0.25);\n"
      "  if (sqrt(4.0) != 2.0) never(); }\n",
      NULL,
   };
   run_linked(fs, NULL, 0.25f, 0.25f, 0.25f, 0.25f);
}

/* A prototype nobody calls needs no definition. */
static void
uncalled_prototype(void **state)
{
   (void)state;
   const char *fs[] = {
      "#version 120\nfloat unused(float x);\n"
      "void main() { gl_FragColor = vec4(0.5); }\n",
      NULL,
   };
   run_linked(fs, NULL, 0.5f, 0.5f, 0.5f, 0.5f);
}

static void
conflicting_globals(void **state)
{
   (void)state;
   const char *types[] = {
      "#version 120\nfloat g;\nvoid main() { gl_FragColor = vec4(g); }\n",
      "#version 120\nvec2 g;\nvoid f() { g = vec2(1.0); }\n",
      NULL,
   };
   link_fails(types, "global `g' is declared as float and as vec2");
   const char *inits[] = {
      "#version 120\nfloat g = 1.0;\n"
      "void main() { gl_FragColor = vec4(g); }\n",
      "#version 120\nfloat g = 2.0;\nvoid f() { g += 1.0; }\n",
      NULL,
   };
   link_fails(inits, "initialized to different values");
   const char *quals[] = {
      "#version 120\nuniform float g;\n"
      "void main() { gl_FragColor = vec4(g); }\n",
      "#version 120\nfloat g;\nvoid f() { g = 1.0; }\n",
      NULL,
   };
   link_fails(quals, "different qualifiers");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(functions_across_shaders),
      cmocka_unit_test(shared_globals),
      cmocka_unit_test(main_in_a_later_shader),
      cmocka_unit_test(no_main),
      cmocka_unit_test(two_mains),
      cmocka_unit_test(function_defined_twice),
      cmocka_unit_test(function_not_defined),
      cmocka_unit_test(undefined_call_in_dead_code),
      cmocka_unit_test(uncalled_prototype),
      cmocka_unit_test(conflicting_globals),
   };
   return cmocka_run_group_tests_name("glsl_link_stage", tests, NULL, NULL);
}
