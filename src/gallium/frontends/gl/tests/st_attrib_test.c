/* SPDX-License-Identifier: MIT */

/* The attribute stacks: glPushAttrib / glPopAttrib of each group and of
 * GL_ALL_ATTRIB_BITS, only the pushed groups restored, texture bindings
 * and texture object state, glPushClientAttrib / glPopClientAttrib,
 * stack depths, overflow and underflow, and drawing after a pop. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks the GL headers for the prototypes. */
#include "st_test_util.h"

#define SIZE 8

static int
setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static GLint
get_int(GLenum pname)
{
   GLint v = -12345;
   glGetIntegerv(pname, &v);
   return v;
}

static GLfloat
get_float(GLenum pname)
{
   GLfloat v[16] = { -12345 };
   glGetFloatv(pname, v);
   return v[0];
}

static void
limits_and_depths(void **state)
{
   (void)state;
   assert_int_equal(get_int(GL_MAX_ATTRIB_STACK_DEPTH), 16);
   assert_int_equal(get_int(GL_MAX_CLIENT_ATTRIB_STACK_DEPTH), 16);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 0);
   for (int i = 0; i < 16; i++)
      glPushAttrib(GL_CURRENT_BIT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 16);
   glPushAttrib(GL_CURRENT_BIT);
   assert_int_equal(glGetError(), GL_STACK_OVERFLOW);
   for (int i = 0; i < 16; i++)
      glPopAttrib();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glPopAttrib();
   assert_int_equal(glGetError(), GL_STACK_UNDERFLOW);

   for (int i = 0; i < 16; i++)
      glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
   assert_int_equal(get_int(GL_CLIENT_ATTRIB_STACK_DEPTH), 16);
   glPushClientAttrib(GL_CLIENT_PIXEL_STORE_BIT);
   assert_int_equal(glGetError(), GL_STACK_OVERFLOW);
   for (int i = 0; i < 16; i++)
      glPopClientAttrib();
   glPopClientAttrib();
   assert_int_equal(glGetError(), GL_STACK_UNDERFLOW);
   assert_int_equal(get_int(GL_CLIENT_ATTRIB_STACK_DEPTH), 0);

   /* Not between glBegin and glEnd. */
   glBegin(GL_POINTS);
   glPushAttrib(GL_ALL_ATTRIB_BITS);
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 0);
   /* An empty mask pushes an entry that restores nothing. */
   glPushAttrib(0);
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 1);
   glPopAttrib();
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Only the groups of the mask come back. */
static void
only_pushed_groups_restored(void **state)
{
   (void)state;
   glClearColor(0.25f, 0, 0, 1);
   glDepthFunc(GL_LEQUAL);
   glPushAttrib(GL_COLOR_BUFFER_BIT);
   glClearColor(0.75f, 0, 0, 1);
   glBlendFunc(GL_ONE, GL_ONE);
   glDepthFunc(GL_GREATER);
   glPopAttrib();
   assert_true(get_float(GL_COLOR_CLEAR_VALUE) == 0.25f);
   assert_int_equal(get_int(GL_BLEND_SRC), GL_ONE);
   assert_int_equal(get_int(GL_BLEND_DST), GL_ZERO);
   assert_int_equal(get_int(GL_DEPTH_FUNC), GL_GREATER);
   glDepthFunc(GL_LESS);
   glClearColor(0, 0, 0, 0);
}

static void
all_attrib_bits(void **state)
{
   (void)state;
   GLint scissor[4];
   glGetIntegerv(GL_SCISSOR_BOX, scissor);
   glPushAttrib(GL_ALL_ATTRIB_BITS);
   glColor4f(0.5f, 0.25f, 0.125f, 1);
   glPointSize(4);
   glLineWidth(3);
   glLineStipple(2, 0xf0f0);
   glPolygonMode(GL_FRONT, GL_LINE);
   glCullFace(GL_FRONT);
   GLubyte stipple[128];
   memset(stipple, 0x55, sizeof(stipple));
   glPolygonStipple(stipple);
   glShadeModel(GL_FLAT);
   const GLfloat amb[4] = { 0.5f, 0.5f, 0.5f, 1 };
   glLightfv(GL_LIGHT1, GL_AMBIENT, amb);
   glEnable(GL_LIGHTING);
   glFogf(GL_FOG_DENSITY, 0.5f);
   glEnable(GL_FOG);
   glDepthMask(GL_FALSE);
   glClearDepth(0.5);
   glStencilFunc(GL_EQUAL, 3, 0x7);
   glViewport(1, 2, 3, 4);
   glDepthRange(0.25, 0.75);
   glMatrixMode(GL_PROJECTION);
   glEnable(GL_NORMALIZE);
   glEnable(GL_CLIP_PLANE2);
   glEnable(GL_DEPTH_TEST);
   glAlphaFunc(GL_GREATER, 0.5f);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   glHint(GL_FOG_HINT, GL_NICEST);
   glListBase(7);
   glActiveTexture(GL_TEXTURE1);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_DECAL);
   glEnable(GL_TEXTURE_2D);
   glScissor(1, 1, 2, 2);
   glEnable(GL_SCISSOR_TEST);
   glSampleCoverage(0.5f, GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glPopAttrib();
   assert_int_equal(glGetError(), GL_NO_ERROR);

   GLfloat c[4];
   glGetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 1 && c[1] == 1 && c[2] == 1 && c[3] == 1);
   assert_true(get_float(GL_POINT_SIZE) == 1);
   assert_true(get_float(GL_LINE_WIDTH) == 1);
   assert_int_equal(get_int(GL_LINE_STIPPLE_REPEAT), 1);
   assert_int_equal(get_int(GL_LINE_STIPPLE_PATTERN), 0xffff);
   GLint modes[2];
   glGetIntegerv(GL_POLYGON_MODE, modes);
   assert_int_equal(modes[0], GL_FILL);
   assert_int_equal(get_int(GL_CULL_FACE_MODE), GL_BACK);
   GLubyte got[128];
   glGetPolygonStipple(got);
   assert_int_equal(got[0], 0xff);
   assert_int_equal(get_int(GL_SHADE_MODEL), GL_SMOOTH);
   GLfloat l[4];
   glGetLightfv(GL_LIGHT1, GL_AMBIENT, l);
   assert_true(l[0] == 0 && l[3] == 1);
   assert_false(glIsEnabled(GL_LIGHTING));
   assert_true(get_float(GL_FOG_DENSITY) == 1);
   assert_false(glIsEnabled(GL_FOG));
   assert_int_equal(get_int(GL_DEPTH_WRITEMASK), GL_TRUE);
   assert_true(get_float(GL_DEPTH_CLEAR_VALUE) == 1);
   assert_int_equal(get_int(GL_STENCIL_FUNC), GL_ALWAYS);
   GLint vp[4];
   glGetIntegerv(GL_VIEWPORT, vp);
   assert_int_equal(vp[0], 0);
   assert_int_equal(vp[2], SIZE);
   GLfloat dr[2];
   glGetFloatv(GL_DEPTH_RANGE, dr);
   assert_true(dr[0] == 0 && dr[1] == 1);
   assert_int_equal(get_int(GL_MATRIX_MODE), GL_MODELVIEW);
   assert_false(glIsEnabled(GL_NORMALIZE));
   assert_false(glIsEnabled(GL_CLIP_PLANE2));
   assert_false(glIsEnabled(GL_DEPTH_TEST));
   assert_int_equal(get_int(GL_ALPHA_TEST_FUNC), GL_ALWAYS);
   GLboolean mask[4];
   glGetBooleanv(GL_COLOR_WRITEMASK, mask);
   assert_true(mask[0] && mask[2]);
   assert_int_equal(get_int(GL_FOG_HINT), GL_DONT_CARE);
   assert_int_equal(get_int(GL_LIST_BASE), 0);
   assert_int_equal(get_int(GL_ACTIVE_TEXTURE), GL_TEXTURE0);
   glActiveTexture(GL_TEXTURE1);
   GLint env = 0;
   glGetTexEnviv(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, &env);
   assert_int_equal(env, GL_MODULATE);
   assert_false(glIsEnabled(GL_TEXTURE_2D));
   glActiveTexture(GL_TEXTURE0);
   glGetIntegerv(GL_SCISSOR_BOX, vp);
   assert_memory_equal(vp, scissor, sizeof(scissor));
   assert_false(glIsEnabled(GL_SCISSOR_TEST));
   assert_true(get_float(GL_SAMPLE_COVERAGE_VALUE) == 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* GL 3.0 compatibility, 6.1.14: the bindings and the state of the
 * texture objects bound at the push come back. */
static void
texture_bindings_and_objects(void **state)
{
   (void)state;
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glPushAttrib(GL_TEXTURE_BIT);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glPopAttrib();
   assert_int_equal(get_int(GL_TEXTURE_BINDING_2D), (GLint)tex[0]);
   GLint v;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   assert_int_equal(v, GL_REPEAT);
   /* tex[1] was not bound at the push: its change stays. */
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, &v);
   assert_int_equal(v, GL_NEAREST);

   /* A texture deleted while pushed does not crash the pop. */
   glPushAttrib(GL_TEXTURE_BIT);
   glDeleteTextures(2, tex);
   glPopAttrib();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindTexture(GL_TEXTURE_2D, 0);
}

static void
client_attrib(void **state)
{
   (void)state;
   static const GLfloat verts[8] = { 0 };
   glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
   glVertexPointer(2, GL_FLOAT, 0, verts);
   glEnableClientState(GL_VERTEX_ARRAY);
   GLuint buf;
   glGenBuffers(1, &buf);
   glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 8);
   glPixelStorei(GL_PACK_ROW_LENGTH, 5);
   glDisableClientState(GL_VERTEX_ARRAY);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBufferData(GL_ARRAY_BUFFER, 64, NULL, GL_STATIC_DRAW);
   glVertexPointer(3, GL_SHORT, 0, NULL);
   glBindBuffer(GL_PIXEL_UNPACK_BUFFER, buf);
   glPopClientAttrib();
   assert_int_equal(get_int(GL_UNPACK_ALIGNMENT), 2);
   assert_int_equal(get_int(GL_PACK_ROW_LENGTH), 0);
   assert_true(glIsEnabled(GL_VERTEX_ARRAY));
   assert_int_equal(get_int(GL_VERTEX_ARRAY_SIZE), 2);
   assert_int_equal(get_int(GL_VERTEX_ARRAY_TYPE), GL_FLOAT);
   assert_int_equal(get_int(GL_ARRAY_BUFFER_BINDING), 0);
   assert_int_equal(get_int(GL_PIXEL_UNPACK_BUFFER_BINDING), 0);
   void *p = NULL;
   glGetPointerv(GL_VERTEX_ARRAY_POINTER, &p);
   assert_ptr_equal(p, verts);
   /* The server stack is separate. */
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 0);
   glDisableClientState(GL_VERTEX_ARRAY);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glDeleteBuffers(1, &buf);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Drawing uses the restored state; glPushAttrib works in a list. */
static void
draw_after_pop_and_in_list(void **state)
{
   (void)state;
   static const GLfloat green[4] = { 0, 1, 0, 1 };
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glNewList(1, GL_COMPILE);
   glPushAttrib(GL_COLOR_BUFFER_BIT | GL_CURRENT_BIT);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   glColor4f(1, 0, 0, 1);
   glPopAttrib();
   glEndList();
   glColor4fv(green);
   glCallList(1);
   glRectf(-1, -1, 1, 1);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   assert_int_equal(get_int(GL_ATTRIB_STACK_DEPTH), 0);
   glDeleteLists(1, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Destroying a context with pushed entries frees them (checked by the
 * sanitizer builds). */
static void
destroy_with_pushed_entries(void **state)
{
   (void)state;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glPushAttrib(GL_ALL_ATTRIB_BITS);
   glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(ctx);
   glPushAttrib(GL_ALL_ATTRIB_BITS);
   glPushClientAttrib(GL_CLIENT_ALL_ATTRIB_BITS);
   st_test_context_destroy(ctx);
   assert_true(st_make_current(*state, NULL, NULL));
   glPopClientAttrib();
   glPopAttrib();
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(limits_and_depths),
      cmocka_unit_test(only_pushed_groups_restored),
      cmocka_unit_test(all_attrib_bits),
      cmocka_unit_test(texture_bindings_and_objects),
      cmocka_unit_test(client_attrib),
      cmocka_unit_test(draw_after_pop_and_in_list),
      cmocka_unit_test(destroy_with_pushed_entries),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
