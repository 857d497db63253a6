/* SPDX-License-Identifier: MIT */

/* glGet*: the conversions of GL 4.6 section 2.2.2, errors, limits. */

#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "st_test_util.h"

static int
setup_core(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static void
float_state_as_boolean(void **state)
{
   GLboolean b[4] = { GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE };
   glGetBooleanv(GL_LINE_WIDTH, b);
   assert_int_equal(b[0], GL_TRUE);
   glClearDepth(0.0);
   glGetBooleanv(GL_DEPTH_CLEAR_VALUE, b);
   assert_int_equal(b[0], GL_FALSE);
   glClearColor(0.0f, 0.25f, 0.0f, -1.0f);
   glGetBooleanv(GL_COLOR_CLEAR_VALUE, b);
   assert_int_equal(b[0], GL_FALSE);
   assert_int_equal(b[1], GL_TRUE);
   assert_int_equal(b[2], GL_FALSE);
   assert_int_equal(b[3], GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
colour_as_integer(void **state)
{
   /* Colours map [-1, 1] to the whole integer range. */
   glClearColor(1.0f, 0.0f, -1.0f, 0.5f);
   GLint c[4];
   glGetIntegerv(GL_COLOR_CLEAR_VALUE, c);
   assert_int_equal(c[0], INT_MAX);
   assert_int_equal(c[1], 0);
   assert_int_equal(c[2], INT_MIN);
   assert_in_range(c[3], 1073741822, 1073741824);

   GLint64 c64[4];
   glGetInteger64v(GL_COLOR_CLEAR_VALUE, c64);
   assert_true(c64[0] == INT64_MAX);
   assert_true(c64[1] == 0);

   /* Out-of-range colours are kept, and clamped by the conversion. */
   glClearColor(2.0f, 0.0f, 0.0f, 0.0f);
   GLfloat f[4];
   glGetFloatv(GL_COLOR_CLEAR_VALUE, f);
   assert_true(f[0] == 2.0f);
   glGetIntegerv(GL_COLOR_CLEAR_VALUE, c);
   assert_int_equal(c[0], INT_MAX);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
float_as_integer_rounds(void **state)
{
   glLineWidth(2.6f);
   GLint i = 0;
   glGetIntegerv(GL_LINE_WIDTH, &i);
   assert_int_equal(i, 3);
   glLineWidth(1.4f);
   glGetIntegerv(GL_LINE_WIDTH, &i);
   assert_int_equal(i, 1);
   glLineWidth(1.0f);
   GLdouble d = 0.0;
   glGetDoublev(GL_LINE_WIDTH, &d);
   assert_true(d == 1.0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
enums_are_not_normalized(void **state)
{
   glDepthFunc(GL_GEQUAL);
   GLfloat f = 0.0f;
   glGetFloatv(GL_DEPTH_FUNC, &f);
   assert_true(f == (GLfloat)GL_GEQUAL);
   GLint i = 0;
   glGetIntegerv(GL_DEPTH_FUNC, &i);
   assert_int_equal(i, GL_GEQUAL);
   glDepthFunc(GL_LESS);

   /* Bit masks stay bit patterns. */
   glStencilMask(0xffffffffu);
   glGetIntegerv(GL_STENCIL_WRITEMASK, &i);
   assert_int_equal((GLuint)i, 0xffffffffu);
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_DEPTH_WRITEMASK, &b);
   assert_int_equal(b, GL_TRUE);
   glGetIntegerv(GL_DEPTH_WRITEMASK, &i);
   assert_int_equal(i, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
unknown_pname_and_null(void **state)
{
   GLint i = 1234;
   glGetIntegerv(0x1234, &i);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(i, 1234);
   /* Compatibility-only state is unknown in core. */
   glGetIntegerv(GL_SHADE_MODEL, &i);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetIntegerv(GL_MAX_LIGHTS, &i);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* NULL writes nothing and does not crash. */
   glGetIntegerv(GL_VIEWPORT, NULL);
   glGetFloatv(GL_COLOR_CLEAR_VALUE, NULL);
   glGetBooleani_v(GL_COLOR_WRITEMASK, 0, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
indexed(void **state)
{
   glColorMaski(1, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   GLboolean m[4];
   glGetBooleani_v(GL_COLOR_WRITEMASK, 1, m);
   assert_int_equal(m[0], GL_TRUE);
   assert_int_equal(m[1], GL_FALSE);
   assert_int_equal(m[2], GL_TRUE);
   assert_int_equal(m[3], GL_FALSE);
   glGetBooleani_v(GL_COLOR_WRITEMASK, 0, m);
   assert_int_equal(m[1], GL_TRUE);
   GLint i[4];
   glGetIntegeri_v(GL_COLOR_WRITEMASK, 1, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(i[1], 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glGetBooleani_v(GL_COLOR_WRITEMASK, 8, m);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetIntegeri_v(GL_DEPTH_FUNC, 0, i);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
}

static void
limits_are_plausible(void **state)
{
   /* At least the GL 3.3 minimums, and consistent with each other. */
   static const struct {
      GLenum pname;
      GLint min;
   } mins[] = {
      { GL_MAX_TEXTURE_SIZE, 1024 },
      { GL_MAX_3D_TEXTURE_SIZE, 256 },
      { GL_MAX_CUBE_MAP_TEXTURE_SIZE, 1024 },
      { GL_MAX_ARRAY_TEXTURE_LAYERS, 256 },
      { GL_MAX_TEXTURE_IMAGE_UNITS, 16 },
      { GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 16 },
      { GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 48 },
      { GL_MAX_VERTEX_ATTRIBS, 16 },
      { GL_MAX_VERTEX_UNIFORM_COMPONENTS, 1024 },
      { GL_MAX_FRAGMENT_UNIFORM_COMPONENTS, 1024 },
      { GL_MAX_VERTEX_UNIFORM_BLOCKS, 12 },
      { GL_MAX_FRAGMENT_UNIFORM_BLOCKS, 12 },
      { GL_MAX_COMBINED_UNIFORM_BLOCKS, 36 },
      { GL_MAX_UNIFORM_BUFFER_BINDINGS, 36 },
      { GL_MAX_UNIFORM_BLOCK_SIZE, 16384 },
      { GL_MAX_VARYING_COMPONENTS, 60 },
      { GL_MAX_VERTEX_OUTPUT_COMPONENTS, 64 },
      { GL_MAX_FRAGMENT_INPUT_COMPONENTS, 128 },
      { GL_MAX_GEOMETRY_INPUT_COMPONENTS, 64 },
      { GL_MAX_GEOMETRY_OUTPUT_VERTICES, 256 },
      { GL_MAX_DRAW_BUFFERS, 8 },
      { GL_MAX_COLOR_ATTACHMENTS, 8 },
      { GL_MAX_RENDERBUFFER_SIZE, 1024 },
      { GL_MAX_SAMPLES, 4 },
      { GL_MAX_CLIP_DISTANCES, 8 },
      { GL_MAX_PROGRAM_TEXEL_OFFSET, 7 },
      { GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4 },
      { GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS, 4 },
      { GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, 64 },
      { GL_MAX_DUAL_SOURCE_DRAW_BUFFERS, 1 },
      { GL_SUBPIXEL_BITS, 4 },
      { GL_MAX_ELEMENTS_VERTICES, 1 },
      { GL_MAX_DEBUG_MESSAGE_LENGTH, 1 },
   };
   for (unsigned k = 0; k < sizeof(mins) / sizeof(mins[0]); k++) {
      GLint v = -1;
      glGetIntegerv(mins[k].pname, &v);
      if (v < mins[k].min) {
         print_error("%#x: %d < %d\n", mins[k].pname, v, mins[k].min);
         fail();
      }
   }
   /* And no more than can really be allocated: the largest 3D texture of
    * four bytes a texel stays within 512 MiB (2048^3 would be 32 GiB). */
   GLint max3d = 0;
   glGetIntegerv(GL_MAX_3D_TEXTURE_SIZE, &max3d);
   assert_true((int64_t)max3d * max3d * max3d * 4 <= 512ll << 20);
   GLint min_offset = 0, dims[2] = { 0, 0 }, size = 0;
   glGetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET, &min_offset);
   assert_true(min_offset <= -8);
   glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
   glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &size);
   assert_true(dims[0] >= size && dims[1] >= size);
   GLfloat range[2] = { 0, 0 };
   glGetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
   assert_true(range[0] <= 1.0f && range[1] >= 1.0f);
   glGetFloatv(GL_POINT_SIZE_RANGE, range);
   assert_true(range[0] <= 1.0f && range[1] >= 1.0f);
   /* The general-purpose compressed formats of core: ETC2 / EAC
    * (ARB_ES3_compatibility), not ETC1. */
   GLint n = -1, formats[16];
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   assert_int_equal(n, 10);
   glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, formats);
   assert_int_equal(formats[0], GL_COMPRESSED_R11_EAC);
   for (GLint i = 0; i < n; i++)
      assert_int_not_equal(formats[i], 0x8D64 /* GL_ETC1_RGB8_OES */);
   GLint64 timeout = -1;
   glGetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &timeout);
   assert_true(timeout == INT64_MAX);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
compat_and_es_limits(void **state)
{
   struct st_context *core = *state;
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   GLint v = 0;
   glGetIntegerv(GL_MAX_TEXTURE_UNITS, &v);
   assert_true(v >= 2);
   glGetIntegerv(GL_MAX_LIGHTS, &v);
   assert_true(v >= 8);
   glGetIntegerv(GL_MAX_CLIP_PLANES, &v);
   assert_true(v >= 6);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);

   ctx = st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   glGetIntegerv(GL_MAX_VERTEX_UNIFORM_VECTORS, &v);
   assert_true(v >= 256);
   glGetIntegerv(GL_MAX_VARYING_VECTORS, &v);
   assert_true(v >= 15);
   GLint64 max_index = 0;
   glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max_index);
   assert_true(max_index >= (1 << 24) - 1);
   GLboolean compiler = GL_FALSE;
   glGetBooleanv(GL_SHADER_COMPILER, &compiler);
   assert_int_equal(compiler, GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Geometry shaders are not ES 3.0. */
   glGetIntegerv(GL_MAX_GEOMETRY_OUTPUT_VERTICES, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   st_test_context_destroy(ctx);

   assert_true(st_make_current(core, NULL, NULL));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(float_state_as_boolean),
      cmocka_unit_test(colour_as_integer),
      cmocka_unit_test(float_as_integer_rounds),
      cmocka_unit_test(enums_are_not_normalized),
      cmocka_unit_test(unknown_pname_and_null),
      cmocka_unit_test(indexed),
      cmocka_unit_test(limits_are_plausible),
      cmocka_unit_test(compat_and_es_limits),
   };
   return cmocka_run_group_tests(tests, setup_core, teardown);
}
