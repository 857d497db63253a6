/* SPDX-License-Identifier: MIT */

/*
 * The generated dispatch: entry-point lookup, enum names, the API and
 * glBegin/glEnd checks of the stubs, and the advertised extensions.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks for the prototypes of <GL/glext.h>. */
#include "st_test_util.h"

#include "glapi.h"
#include "glapi_extensions.h"
#include "st_context.h"

static void
proc_address(void **state)
{
   assert_ptr_equal(st_get_proc_address("glClear"), (st_proc)glClear);
   /* An alias has its own entry point. */
   assert_non_null(st_get_proc_address("glBindBufferARB"));
   assert_ptr_not_equal(st_get_proc_address("glBindBufferARB"),
                        st_get_proc_address("glBindBuffer"));
   /* ES-only names the system headers lack are found by name too. */
   assert_non_null(st_get_proc_address("glBindVertexArrayOES"));
   assert_null(st_get_proc_address("glNotAThing"));
   assert_null(st_get_proc_address("glClea"));
   assert_null(st_get_proc_address(""));
   assert_null(st_get_proc_address(NULL));
   /* GL 4.x is not an API of Indium. */
   assert_null(st_get_proc_address("glDispatchCompute"));
}

static void
api_masks(void **state)
{
   assert_int_equal(glapi_api_mask("glBegin"), ST_API_BIT_COMPAT);
   assert_int_equal(glapi_api_mask("glClear"),
                    ST_API_BIT_COMPAT | ST_API_BIT_CORE | ST_API_BIT_ES2);
   /* Core 3.0 and ES 3.0; GL_ARB_vertex_array_object in 3.0. */
   assert_int_equal(glapi_api_mask("glGenVertexArrays"),
                    ST_API_BIT_COMPAT | ST_API_BIT_CORE | ST_API_BIT_ES3);
   /* ES 2.0 has GL_OES_vertex_array_object. */
   assert_int_equal(glapi_api_mask("glGenVertexArraysOES"),
                    ST_API_BIT_ES2 | ST_API_BIT_ES3);
   /* The core profile removes the old shader-object entry points. */
   assert_int_equal(glapi_api_mask("glCreateShaderObjectARB"),
                    ST_API_BIT_COMPAT);
   assert_int_equal(glapi_api_mask("glNotAThing"), 0);
   assert_false(glapi_is_implemented("glNotAThing"));
}

static void
table_is_sorted(void **state)
{
   for (unsigned i = 1; i < glapi_num_commands; i++)
      assert_true(strcmp(glapi_commands[i - 1].name, glapi_commands[i].name) <
                  0);
   for (unsigned i = 1; i < glapi_num_enums; i++)
      assert_true(glapi_enums[i - 1].value < glapi_enums[i].value);
}

static void
enum_names(void **state)
{
   assert_string_equal(st_enum_name(GL_TEXTURE_2D), "GL_TEXTURE_2D");
   assert_string_equal(st_enum_name(GL_ARRAY_BUFFER), "GL_ARRAY_BUFFER");
   assert_string_equal(st_enum_name(GL_FRAMEBUFFER), "GL_FRAMEBUFFER");
   assert_string_equal(st_enum_name(GL_INVALID_ENUM), "GL_INVALID_ENUM");
   assert_string_equal(st_enum_name(0), "GL_NONE");
   assert_string_equal(st_enum_name(0x1234), "0x1234");
   assert_string_equal(st_enum_name(0xdeadbeef), "0xdeadbeef");
}

/* Whether the space-separated @p list has the word @p name. */
static bool
has_word(const char *list, const char *name)
{
   size_t n = strlen(name);
   for (const char *p = strstr(list, name); p; p = strstr(p + 1, name)) {
      if ((p == list || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
         return true;
   }
   return false;
}

/* The lists glapi_init_extensions() gives a context of @p api_bits. */
static void
check_extensions(unsigned api_bits, enum glapi_api api)
{
   struct st_context ctx = { .api_bits = api_bits };
   glapi_init_extensions(&ctx);
   assert_non_null(ctx.extensions_string);
   size_t length = 0;
   for (unsigned i = 0; i < ctx.num_extensions; i++)
      length += strlen(ctx.extensions[i]) + 1;
   assert_int_equal(strlen(ctx.extensions_string),
                    ctx.num_extensions ? length - 1 : 0);

   for (unsigned e = 0; e < ST_EXT_COUNT; e++) {
      const struct glapi_extension *ext = &glapi_extensions[e];
      bool listed = false;
      for (unsigned i = 0; i < ctx.num_extensions; i++)
         listed |= strcmp(ctx.extensions[i], ext->name) == 0;
      assert_int_equal(st_has_extension(&ctx, e), listed);
      assert_int_equal(has_word(ctx.extensions_string, ext->name), listed);
      if (!ext->commands[api]) {
         assert_false(listed);
         continue;
      }
      /* Advertised exactly when every command is implemented. */
      bool complete = true;
      for (unsigned i = 0; i < ext->num_commands[api]; i++)
         complete &= ext->commands[api][i] != NULL;
      assert_int_equal(listed, complete);
   }
   assert_false(st_has_extension(&ctx, ST_EXT_COUNT));
}

static void
extensions(void **state)
{
   check_extensions(ST_API_BIT_COMPAT, GLAPI_COMPAT);
   check_extensions(ST_API_BIT_CORE, GLAPI_CORE);
   check_extensions(ST_API_BIT_ES2, GLAPI_ES2);
   check_extensions(ST_API_BIT_ES2 | ST_API_BIT_ES3, GLAPI_ES3);

   struct st_context ctx = { .api_bits = ST_API_BIT_CORE };
   glapi_init_extensions(&ctx);
   assert_false(st_has_extension(&ctx, ST_EXT_ARB_shader_objects));
   assert_false(has_word(ctx.extensions_string, "GL_ARB_shader_objects"));
   assert_false(st_has_extension(&ctx, ST_EXT_OES_element_index_uint));
}

static void
no_context(void **state)
{
   assert_null(st_get_current());
   /* Without a context the entry points do nothing. */
   assert_int_equal(glGetError(), 0);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_null(glGetString(GL_VERSION));
}

static void
begin_in_core_profile(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   glBegin(GL_TRIANGLES);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Not begun: glVertex3f is not in the core profile either. */
   glVertex3f(0.0f, 0.0f, 0.0f);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

static void
gl_only_command_in_es(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLint mode[2] = { 0, 0 };
   glGetIntegerv(GL_POLYGON_MODE, mode);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* Compatibility-only commands are not in ES either. */
   glBegin(GL_POINTS);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

static void
commands_between_begin_and_end(void **state)
{
   if (!glapi_is_implemented("glBegin") || !glapi_is_implemented("glEnd"))
      skip();
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(ctx);
   GLuint tex = 0;
   glBegin(GL_POINTS);
   /* Allowed between glBegin and glEnd. */
   glColor4f(1.0f, 0.0f, 0.0f, 1.0f);
   glVertex2f(0.0f, 0.0f);
   /* Not allowed: recorded, and nothing happens. */
   glGenTextures(1, &tex);
   /* glGetError is not allowed either: it records GL_INVALID_OPERATION
    * (already pending) and returns 0. */
   assert_int_equal(glGetError(), 0);
   glEnd();
   assert_int_equal(tex, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

/* A GLSL-only extension the compiler implements is advertised, and a
 * shader that requires it compiles (the arb_derivative_control Piglit
 * tests skipped while it was not listed). */
static void
derivative_control_in_core(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   GLint n = 0;
   bool found = false;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *name = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
      if (name && strcmp(name, "GL_ARB_derivative_control") == 0)
         found = true;
   }
   assert_true(found);
   GLuint prog = st_test_program(
      "#version 150\nin vec4 p;\nvoid main() { gl_Position = p; }\n",
      "#version 150\n#extension GL_ARB_derivative_control : require\n"
      "out vec4 c;\nvoid main() {\n"
      "   c = vec4(dFdxFine(gl_FragCoord.x), dFdyCoarse(gl_FragCoord.y), 0, "
      "1);\n"
      "}\n");
   assert_int_not_equal(prog, 0);
   st_test_context_destroy(ctx);
}

/* Whether the current context lists @p ext in glGetStringi. */
static bool
listed(const char *ext)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *name = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
      if (name && strcmp(name, ext) == 0)
         return true;
   }
   return false;
}

/* The compatibility profile's extensions of GL 1.x - 3.0 features that
 * Piglit asks for by name (issue 7); the core profile lists none of them. */
static void
compat_feature_extensions(void **state)
{
   static const char *const names[] = {
      "GL_EXT_texture_integer",
      "GL_ARB_texture_float",
      "GL_EXT_abgr",
      "GL_EXT_bgra",
      "GL_ARB_texture_env_combine",
      "GL_ARB_texture_env_crossbar",
      "GL_ARB_texture_env_dot3",
      "GL_ARB_draw_buffers",
      "GL_EXT_draw_buffers2",
      "GL_EXT_blend_minmax",
      "GL_EXT_framebuffer_blit",
      "GL_EXT_texture_shared_exponent",
   };
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(ctx);
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      assert_true(listed(names[i]));
   /* EXT_draw_buffers2's commands are GL 3.0's indexed ones. */
   glColorMaskIndexedEXT(0, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   GLboolean mask[4];
   glGetBooleanIndexedvEXT(GL_COLOR_WRITEMASK, 0, mask);
   assert_true(mask[0] && !mask[1] && mask[2] && !mask[3]);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
      assert_false(listed(names[i]));
   st_test_context_destroy(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(proc_address),
      cmocka_unit_test(api_masks),
      cmocka_unit_test(table_is_sorted),
      cmocka_unit_test(enum_names),
      cmocka_unit_test(extensions),
      cmocka_unit_test(no_context),
      cmocka_unit_test(begin_in_core_profile),
      cmocka_unit_test(gl_only_command_in_es),
      cmocka_unit_test(commands_between_begin_and_end),
      cmocka_unit_test(derivative_control_in_core),
      cmocka_unit_test(compat_feature_extensions),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
