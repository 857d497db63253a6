/* SPDX-License-Identifier: MIT */

/* The simple state: enables, blend, depth, stencil, rasterizer, viewport,
 * hints; initial values, round trips through glGet and the errors. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

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

/** A single-valued integer state (-12345 after an error). */
static GLint
get_int(GLenum pname)
{
   GLint v = -12345;
   glGetIntegerv(pname, &v);
   return v;
}

static void
initial_values(void **state)
{
   assert_int_equal(get_int(GL_BLEND_SRC_RGB), GL_ONE);
   assert_int_equal(get_int(GL_BLEND_DST_ALPHA), GL_ZERO);
   assert_int_equal(get_int(GL_BLEND_EQUATION_RGB), GL_FUNC_ADD);
   assert_int_equal(get_int(GL_DEPTH_FUNC), GL_LESS);
   assert_int_equal(get_int(GL_STENCIL_FUNC), GL_ALWAYS);
   assert_int_equal(get_int(GL_STENCIL_BACK_FAIL), GL_KEEP);
   assert_int_equal(get_int(GL_CULL_FACE_MODE), GL_BACK);
   assert_int_equal(get_int(GL_FRONT_FACE), GL_CCW);
   assert_int_equal(get_int(GL_PROVOKING_VERTEX), GL_LAST_VERTEX_CONVENTION);
   assert_int_equal(get_int(GL_LOGIC_OP_MODE), GL_COPY);
   assert_int_equal(get_int(GL_CLAMP_READ_COLOR), GL_FIXED_ONLY);
   assert_int_equal(get_int(GL_POINT_SPRITE_COORD_ORIGIN), GL_UPPER_LEFT);
   GLint modes[2];
   glGetIntegerv(GL_POLYGON_MODE, modes);
   assert_int_equal(modes[0], GL_FILL);
   assert_int_equal(modes[1], GL_FILL);
   GLfloat range[2];
   glGetFloatv(GL_DEPTH_RANGE, range);
   assert_true(range[0] == 0.0f && range[1] == 1.0f);
   assert_true(glIsEnabled(GL_DITHER));
   assert_true(glIsEnabled(GL_MULTISAMPLE));
   assert_false(glIsEnabled(GL_DEPTH_TEST));
   assert_false(glIsEnabled(GL_BLEND));
   assert_int_equal(get_int(GL_GENERATE_MIPMAP_HINT), -12345);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(get_int(GL_FRAGMENT_SHADER_DERIVATIVE_HINT), GL_DONT_CARE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
enable_round_trips(void **state)
{
   static const GLenum caps[] = {
      GL_BLEND,
      GL_CLIP_DISTANCE0,
      GL_CLIP_DISTANCE7,
      GL_COLOR_LOGIC_OP,
      GL_CULL_FACE,
      GL_DEPTH_CLAMP,
      GL_DEPTH_TEST,
      GL_DITHER,
      GL_FRAMEBUFFER_SRGB,
      GL_LINE_SMOOTH,
      GL_MULTISAMPLE,
      GL_POLYGON_OFFSET_FILL,
      GL_POLYGON_OFFSET_LINE,
      GL_POLYGON_OFFSET_POINT,
      GL_POLYGON_SMOOTH,
      GL_PRIMITIVE_RESTART,
      GL_PROGRAM_POINT_SIZE,
      GL_RASTERIZER_DISCARD,
      GL_SAMPLE_ALPHA_TO_COVERAGE,
      GL_SAMPLE_ALPHA_TO_ONE,
      GL_SAMPLE_COVERAGE,
      GL_SAMPLE_MASK,
      GL_SCISSOR_TEST,
      GL_STENCIL_TEST,
      GL_TEXTURE_CUBE_MAP_SEAMLESS,
      GL_DEBUG_OUTPUT,
      GL_DEBUG_OUTPUT_SYNCHRONOUS,
   };
   for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
      bool initially = glIsEnabled(caps[i]);
      glEnable(caps[i]);
      assert_true(glIsEnabled(caps[i]));
      GLboolean b = GL_FALSE;
      glGetBooleanv(caps[i], &b);
      assert_int_equal(b, GL_TRUE);
      glDisable(caps[i]);
      assert_false(glIsEnabled(caps[i]));
      if (initially)
         glEnable(caps[i]);
      if (glGetError() != GL_NO_ERROR) {
         print_error("cap %#x\n", caps[i]);
         fail();
      }
   }
}

static void
enable_errors(void **state)
{
   /* Compatibility capabilities are not core's. */
   glEnable(GL_POINT_SMOOTH);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glEnable(GL_LIGHTING);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* ES 3.0's fixed restart index is, through ARB_ES3_compatibility. */
   glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX));
   glDisable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   glEnable(GL_CLIP_DISTANCE0 + 8);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_false(glIsEnabled(GL_VERTEX_ARRAY));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glEnable(GL_VERTEX_ARRAY);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Indexed enables: GL_BLEND per draw buffer, index checked. */
   glEnablei(GL_BLEND, 1);
   assert_true(glIsEnabledi(GL_BLEND, 1));
   assert_false(glIsEnabledi(GL_BLEND, 0));
   assert_false(glIsEnabled(GL_BLEND));
   glEnable(GL_BLEND);
   assert_true(glIsEnabledi(GL_BLEND, 7));
   glDisable(GL_BLEND);
   assert_false(glIsEnabledi(GL_BLEND, 1));
   glEnablei(GL_BLEND, 8);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glEnablei(GL_DEPTH_TEST, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_false(glIsEnabled(GL_DEPTH_TEST));
}

static void
blend_state(void **state)
{
   glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE,
                       GL_SRC1_ALPHA);
   assert_int_equal(get_int(GL_BLEND_SRC_RGB), GL_SRC_ALPHA);
   assert_int_equal(get_int(GL_BLEND_DST_RGB), GL_ONE_MINUS_SRC_ALPHA);
   assert_int_equal(get_int(GL_BLEND_SRC_ALPHA), GL_ONE);
   assert_int_equal(get_int(GL_BLEND_DST_ALPHA), GL_SRC1_ALPHA);

   /* An error changes nothing. */
   glBlendFunc(GL_ONE, GL_FUNC_ADD);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(get_int(GL_BLEND_SRC_RGB), GL_SRC_ALPHA);

   glBlendEquationSeparate(GL_MIN, GL_FUNC_REVERSE_SUBTRACT);
   assert_int_equal(get_int(GL_BLEND_EQUATION_RGB), GL_MIN);
   assert_int_equal(get_int(GL_BLEND_EQUATION_ALPHA), GL_FUNC_REVERSE_SUBTRACT);
   glBlendEquation(GL_ONE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glBlendColor(2.0f, 0.5f, -1.0f, 0.25f);
   GLfloat c[4];
   glGetFloatv(GL_BLEND_COLOR, c);
   assert_true(c[0] == 2.0f && c[1] == 0.5f && c[2] == -1.0f && c[3] == 0.25f);

   glLogicOp(GL_XOR);
   assert_int_equal(get_int(GL_LOGIC_OP_MODE), GL_XOR);
   glLogicOp(GL_ONE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glBlendFunc(GL_ONE, GL_ZERO);
   glBlendEquation(GL_FUNC_ADD);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
depth_stencil_state(void **state)
{
   glDepthFunc(GL_LEQUAL);
   assert_int_equal(get_int(GL_DEPTH_FUNC), GL_LEQUAL);
   glDepthFunc(GL_ZERO);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDepthMask(GL_FALSE);
   assert_int_equal(get_int(GL_DEPTH_WRITEMASK), 0);
   glDepthMask(GL_TRUE);
   glDepthRange(-1.0, 2.0);
   GLdouble range[2];
   glGetDoublev(GL_DEPTH_RANGE, range);
   assert_true(range[0] == 0.0 && range[1] == 1.0);
   glClearDepth(3.0);
   GLfloat d = 0.0f;
   glGetFloatv(GL_DEPTH_CLEAR_VALUE, &d);
   assert_true(d == 1.0f);

   glStencilFuncSeparate(GL_BACK, GL_EQUAL, 5, 0x0f);
   assert_int_equal(get_int(GL_STENCIL_BACK_FUNC), GL_EQUAL);
   assert_int_equal(get_int(GL_STENCIL_BACK_REF), 5);
   assert_int_equal(get_int(GL_STENCIL_BACK_VALUE_MASK), 0x0f);
   assert_int_equal(get_int(GL_STENCIL_FUNC), GL_ALWAYS);
   glStencilFuncSeparate(GL_FRONT_FACE, GL_EQUAL, 0, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glStencilOpSeparate(GL_FRONT, GL_ZERO, GL_INCR_WRAP, GL_INVERT);
   assert_int_equal(get_int(GL_STENCIL_FAIL), GL_ZERO);
   assert_int_equal(get_int(GL_STENCIL_PASS_DEPTH_FAIL), GL_INCR_WRAP);
   assert_int_equal(get_int(GL_STENCIL_PASS_DEPTH_PASS), GL_INVERT);
   assert_int_equal(get_int(GL_STENCIL_BACK_PASS_DEPTH_PASS), GL_KEEP);
   glStencilOp(GL_KEEP, GL_KEEP, GL_ADD);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glStencilMaskSeparate(GL_BACK, 0x3);
   assert_int_equal(get_int(GL_STENCIL_BACK_WRITEMASK), 3);
   glClearStencil(7);
   assert_int_equal(get_int(GL_STENCIL_CLEAR_VALUE), 7);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
rasterizer_state(void **state)
{
   glCullFace(GL_FRONT_AND_BACK);
   assert_int_equal(get_int(GL_CULL_FACE_MODE), GL_FRONT_AND_BACK);
   glCullFace(GL_CW);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFrontFace(GL_CW);
   assert_int_equal(get_int(GL_FRONT_FACE), GL_CW);
   glFrontFace(GL_BACK);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFrontFace(GL_CCW);

   /* Core has no separate front and back polygon modes. */
   glPolygonMode(GL_FRONT, GL_LINE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   GLint modes[2] = { 0, 0 };
   glGetIntegerv(GL_POLYGON_MODE, modes);
   assert_int_equal(modes[0], GL_LINE);
   assert_int_equal(modes[1], GL_LINE);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);

   glPolygonOffset(2.0f, 3.0f);
   GLfloat f = 0;
   glGetFloatv(GL_POLYGON_OFFSET_UNITS, &f);
   assert_true(f == 3.0f);

   glLineWidth(0.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glLineWidth(4.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glPointSize(-1.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPointSize(3.0f);
   glGetFloatv(GL_POINT_SIZE, &f);
   assert_true(f == 3.0f);

   glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   assert_int_equal(get_int(GL_POINT_SPRITE_COORD_ORIGIN), GL_LOWER_LEFT);
   glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_FRONT);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glPointParameterf(GL_POINT_FADE_THRESHOLD_SIZE, -1.0f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPointParameterf(GL_POINT_SIZE_MIN, 1.0f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
   assert_int_equal(get_int(GL_PROVOKING_VERTEX), GL_FIRST_VERTEX_CONVENTION);
   glProvokingVertex(GL_FRONT);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* swrast splits quads through the provoking vertex of either mode. */
   assert_int_equal(get_int(GL_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION), 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glPrimitiveRestartIndex(0xffff);
   assert_int_equal(get_int(GL_PRIMITIVE_RESTART_INDEX), 0xffff);

   glSampleCoverage(2.0f, GL_TRUE);
   glGetFloatv(GL_SAMPLE_COVERAGE_VALUE, &f);
   assert_true(f == 1.0f);
   assert_int_equal(get_int(GL_SAMPLE_COVERAGE_INVERT), 1);
   glSampleMaski(0, 0x5);
   GLint mask = 0;
   glGetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &mask);
   assert_int_equal(mask, 5);
   glSampleMaski(1, 0x5);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   /* Vertex and fragment colour clamping are compatibility state. */
   glClampColor(GL_CLAMP_READ_COLOR, GL_FALSE);
   assert_int_equal(get_int(GL_CLAMP_READ_COLOR), GL_FALSE);
   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClampColor(GL_CLAMP_READ_COLOR, GL_RGBA);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
}

static void
viewport_scissor_hints(void **state)
{
   glViewport(1, 2, 30, 40);
   GLint box[4];
   glGetIntegerv(GL_VIEWPORT, box);
   assert_int_equal(box[0], 1);
   assert_int_equal(box[3], 40);
   glViewport(0, 0, -1, 10);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetIntegerv(GL_VIEWPORT, box);
   assert_int_equal(box[2], 30);
   /* Sizes are clamped to the maximum. */
   GLint dims[2];
   glGetIntegerv(GL_MAX_VIEWPORT_DIMS, dims);
   glViewport(0, 0, 0x7fffffff, 0x7fffffff);
   glGetIntegerv(GL_VIEWPORT, box);
   assert_int_equal(box[2], dims[0]);
   assert_int_equal(box[3], dims[1]);

   glScissor(-5, 3, 7, 9);
   glGetIntegerv(GL_SCISSOR_BOX, box);
   assert_int_equal(box[0], -5);
   assert_int_equal(box[3], 9);
   glScissor(0, 0, 1, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   glHint(GL_LINE_SMOOTH_HINT, GL_NICEST);
   assert_int_equal(get_int(GL_LINE_SMOOTH_HINT), GL_NICEST);
   glHint(GL_LINE_SMOOTH_HINT, GL_LINE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glHint(GL_PERSPECTIVE_CORRECTION_HINT, GL_NICEST);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
compat_state(void **state)
{
   struct st_context *core = *state;
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);

   assert_int_equal(get_int(GL_SHADE_MODEL), GL_SMOOTH);
   glShadeModel(GL_FLAT);
   assert_int_equal(get_int(GL_SHADE_MODEL), GL_FLAT);
   glShadeModel(GL_LINE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glLineStipple(300, 0xf0f0);
   assert_int_equal(get_int(GL_LINE_STIPPLE_REPEAT), 256);
   assert_int_equal(get_int(GL_LINE_STIPPLE_PATTERN), 0xf0f0);

   glPolygonMode(GL_BACK, GL_POINT);
   GLint modes[2];
   glGetIntegerv(GL_POLYGON_MODE, modes);
   assert_int_equal(modes[0], GL_FILL);
   assert_int_equal(modes[1], GL_POINT);

   glEnable(GL_POINT_SMOOTH);
   assert_true(glIsEnabled(GL_POINT_SMOOTH));
   glEnable(GL_LINE_STIPPLE);
   assert_true(glIsEnabled(GL_LINE_STIPPLE));
   glEnable(GL_CLIP_PLANE5);
   assert_true(glIsEnabled(GL_CLIP_PLANE5));
   /* Client arrays through glEnable/glDisable, as Mesa takes them. */
   glEnable(GL_VERTEX_ARRAY);
   assert_true(glIsEnabled(GL_VERTEX_ARRAY));
   glDisable(GL_VERTEX_ARRAY);
   assert_false(glIsEnabled(GL_VERTEX_ARRAY));
   glEnable(GL_EDGE_FLAG_ARRAY);
   assert_true(glIsEnabled(GL_EDGE_FLAG_ARRAY));
   glDisableClientState(GL_EDGE_FLAG_ARRAY);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glClampColor(GL_CLAMP_VERTEX_COLOR, GL_FALSE);
   assert_int_equal(get_int(GL_CLAMP_VERTEX_COLOR), GL_FALSE);
   glHint(GL_PERSPECTIVE_CORRECTION_HINT, GL_NICEST);
   assert_int_equal(get_int(GL_PERSPECTIVE_CORRECTION_HINT), GL_NICEST);

   /* The stipple goes through the pixel store: rows of 4 bytes, most
    * significant bit first unless GL_UNPACK_LSB_FIRST. */
   GLubyte in[32 * 4], out[32 * 4];
   for (unsigned i = 0; i < sizeof(in); i++)
      in[i] = (GLubyte)(i * 37 + 1);
   glPolygonStipple(in);
   memset(out, 0, sizeof(out));
   glGetPolygonStipple(out);
   assert_memory_equal(in, out, sizeof(in));
   glPixelStorei(GL_PACK_LSB_FIRST, GL_TRUE);
   glGetPolygonStipple(out);
   glPixelStorei(GL_PACK_LSB_FIRST, GL_FALSE);
   for (unsigned i = 0; i < sizeof(in); i++) {
      GLubyte reversed = 0;
      for (unsigned b = 0; b < 8; b++)
         reversed |= (GLubyte)(((in[i] >> b) & 1) << (7 - b));
      assert_int_equal(out[i], reversed);
   }

   /* Primitive restart is GL 3.1. */
   glEnable(GL_PRIMITIVE_RESTART);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
   assert_true(st_make_current(core, NULL, NULL));
}

static void
es_state(void **state)
{
   struct st_context *core = *state;
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);

   glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   assert_true(glIsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX));
   glEnable(GL_COLOR_LOGIC_OP);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* GL_APPLE_clip_distance has the clip distances, up to the limit. */
   glEnable(GL_CLIP_DISTANCE0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glEnable(GL_CLIP_DISTANCE0 + 8);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* ES clamps the blend colour; SRC_ALPHA_SATURATE is a source factor. */
   glBlendColor(2.0f, -1.0f, 0.5f, 0.0f);
   GLfloat c[4];
   glGetFloatv(GL_BLEND_COLOR, c);
   assert_true(c[0] == 1.0f && c[1] == 0.0f && c[2] == 0.5f);
   glBlendFunc(GL_ONE, GL_SRC_ALPHA_SATURATE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glHint(GL_GENERATE_MIPMAP_HINT, GL_FASTEST);
   assert_int_equal(get_int(GL_GENERATE_MIPMAP_HINT), GL_FASTEST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
   assert_true(st_make_current(core, NULL, NULL));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(initial_values),
      cmocka_unit_test(enable_round_trips),
      cmocka_unit_test(enable_errors),
      cmocka_unit_test(blend_state),
      cmocka_unit_test(depth_stencil_state),
      cmocka_unit_test(rasterizer_state),
      cmocka_unit_test(viewport_scissor_hints),
      cmocka_unit_test(compat_state),
      cmocka_unit_test(es_state),
   };
   return cmocka_run_group_tests(tests, setup_core, teardown);
}
