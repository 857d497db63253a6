/* SPDX-License-Identifier: MIT */

/*
 * driconf in the state tracker: the forced GL_VENDOR / GL_RENDERER
 * strings and the GLSL workarounds reaching glCompileShader (the
 * context's options are pointed at the test's own).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks the GL headers for the prototypes. */
#include "st_test_util.h"

#include "st_context.h"
#include "util/u_driconf.h"

static struct u_driconf conf;

static int
setup_compat(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT, false);
   if (!ctx)
      return -1;
   u_driconf_defaults(&conf);
   ctx->driconf = &conf;
   *state = ctx;
   return 0;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static void
test_strings(void **state)
{
   assert_string_equal((const char *)glGetString(GL_VENDOR), "Indium");
   const char *renderer = (const char *)glGetString(GL_RENDERER);
   assert_non_null(strstr(renderer, "Indium"));

   strcpy(conf.force_gl_vendor, "NVIDIA Corporation");
   strcpy(conf.force_gl_renderer, "Some GPU");
   assert_string_equal((const char *)glGetString(GL_VENDOR),
                       "NVIDIA Corporation");
   assert_string_equal((const char *)glGetString(GL_RENDERER), "Some GPU");
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static GLint
compiles(const char *src)
{
   GLuint sh = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLint ok = 0;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   glDeleteShader(sh);
   return ok;
}

static void
test_glsl_version(void **state)
{
   /* "uint" needs 1.30; without #version a shader is 1.10. */
   const char *src = "uniform uint u;\n"
                     "void main() { gl_FragColor = vec4(float(u)); }\n";
   assert_false(compiles(src));
   conf.force_glsl_version = 130;
   assert_true(compiles(src));
   /* A version the 3.0 context does not accept is not forced. */
   conf.force_glsl_version = 330;
   assert_false(compiles(src));
   /* Nor one that is no GLSL version. */
   conf.force_glsl_version = 125;
   assert_false(compiles(src));
}

static void
test_glsl_midshader_and_zero_init(void **state)
{
   const char *src = "uniform vec4 c;\n"
                     "#extension GL_ARB_texture_rectangle : enable\n"
                     "void main() { gl_FragColor = c; }\n";
   assert_false(compiles(src));
   conf.allow_glsl_extension_directive_midshader = true;
   assert_true(compiles(src));

   /* Zero init: a local declared in a loop starts at 0 each time. */
   conf.glsl_zero_init = true;
   GLuint fbo = st_test_fbo(4, 4);
   assert_int_not_equal(fbo, 0);
   GLuint prog = st_test_program(
      "#version 130\nin vec4 pos; void main() { gl_Position = pos; }\n",
      "#version 130\nuniform int n; out vec4 o;\n"
      "void main() { float s = 0.0;\n"
      "  for (int i = 0; i < n; i++) { float x; x += 0.25; s += x; }\n"
      "  o = vec4(s, 0.0, 0.0, 1.0); }\n");
   glUseProgram(prog);
   glUniform1i(glGetUniformLocation(prog, "n"), 2);
   static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
   GLint pos = glGetAttribLocation(prog, "pos");
   glVertexAttribPointer((GLuint)pos, 2, GL_FLOAT, GL_FALSE, 0, quad);
   glEnableVertexAttribArray((GLuint)pos);
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
   const GLfloat half[4] = { 0.5f, 0.0f, 0.0f, 1.0f };
   assert_true(st_test_probe(1, 1, half, 0.02f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(test_strings, setup_compat, teardown),
      cmocka_unit_test_setup_teardown(test_glsl_version, setup_compat,
                                      teardown),
      cmocka_unit_test_setup_teardown(test_glsl_midshader_and_zero_init,
                                      setup_compat, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
