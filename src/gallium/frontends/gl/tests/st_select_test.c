/* SPDX-License-Identifier: MIT */

/* Selection mode (GL 2.1 section 5.2): hit records with the name stack
 * and the depth range scaled to 2^32 - 1, hits that ignore the
 * per-fragment tests, clipping and culling, overflow, and the name
 * stack's errors and queries. */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 100
#define BUF  64

static GLuint buffer[BUF];

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

static int
reset(void **state)
{
   (void)state;
   glRenderMode(GL_RENDER);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, SIZE, 0, SIZE, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glDisable(GL_CULL_FACE);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_ALPHA_TEST);
   glDisable(GL_STENCIL_TEST);
   memset(buffer, 0, sizeof(buffer));
   while (glGetError() != GL_NO_ERROR)
      ;
   return 0;
}

/* The window depth of object z under reset()'s projection, scaled. */
static GLuint
scaled(double z)
{
   return (GLuint)llround((1.0 - z) * 0.5 * 4294967295.0);
}

static void
expect_depth(GLuint got, GLuint expected)
{
   /* Float window depths are good to about 2^-24 of the range. */
   double diff = fabs((double)got - (double)expected) / 4294967295.0;
   if (diff > 1e-6) {
      print_error("depth %u, expected %u\n", got, expected);
      fail();
   }
}

static void
rect_z(float z, float x0, float y0, float x1, float y1)
{
   glBegin(GL_QUADS);
   glVertex3f(x0, y0, z);
   glVertex3f(x1, y0, z);
   glVertex3f(x1, y1, z);
   glVertex3f(x0, y1, z);
   glEnd();
}

/* Piglit's select test: names pushed, popped and loaded around
 * rectangles, one of them off screen, with every per-fragment test set
 * to fail. */
static void
hit_records(void **state)
{
   (void)state;
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_NEVER);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_NEVER, 0, 0);
   glEnable(GL_ALPHA_TEST);
   glAlphaFunc(GL_NEVER, 0);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 0, 0);

   glSelectBuffer(BUF, buffer);
   glRenderMode(GL_SELECT);
   glInitNames();
   glPushName(0);
   glPushName(1);
   rect_z(0.8f, 10, 30, 50, 50);
   glPushName(2);
   rect_z(0.5f, 40, 5, 65, 35);
   rect_z(0.4f, 10, 75, 35, 85);
   glPopName();
   glPushName(3);
   rect_z(0.3f, 250, 45, 280, 65); /* off screen: no hit */
   glLoadName(4);
   rect_z(0.2f, 50, 45, 80, 65);
   assert_int_equal(glRenderMode(GL_RENDER), 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Record 1: names 0 1, z 0.8. */
   assert_int_equal(buffer[0], 2);
   expect_depth(buffer[1], scaled(0.8));
   expect_depth(buffer[2], scaled(0.8));
   assert_int_equal(buffer[3], 0);
   assert_int_equal(buffer[4], 1);
   /* Record 2: names 0 1 2, z from 0.5 (nearest... the smaller depth is
    * the larger z) to 0.4. */
   assert_int_equal(buffer[5], 3);
   expect_depth(buffer[6], scaled(0.5));
   expect_depth(buffer[7], scaled(0.4));
   assert_int_equal(buffer[8], 0);
   assert_int_equal(buffer[9], 1);
   assert_int_equal(buffer[10], 2);
   /* Record 3: names 0 1 4, z 0.2. */
   assert_int_equal(buffer[11], 3);
   expect_depth(buffer[12], scaled(0.2));
   expect_depth(buffer[13], scaled(0.2));
   assert_int_equal(buffer[14], 0);
   assert_int_equal(buffer[15], 1);
   assert_int_equal(buffer[16], 4);
   assert_int_equal(buffer[17], 0);
}

static void
clipped_depth_range(void **state)
{
   (void)state;
   glSelectBuffer(BUF, buffer);
   glRenderMode(GL_SELECT);
   glPushName(9);
   /* A line from z = 3 (beyond the near plane) to z = -0.5: clipped at
    * z = 1, so the hit's depths are 0 and 0.75. */
   glBegin(GL_LINES);
   glVertex3f(10, 10, 3);
   glVertex3f(20, 10, -0.5f);
   glEnd();
   assert_int_equal(glRenderMode(GL_RENDER), 1);
   assert_int_equal(buffer[0], 1);
   expect_depth(buffer[1], 0);
   expect_depth(buffer[2], scaled(-0.5));
   assert_int_equal(buffer[3], 9);
}

static void
culled_polygon_no_hit(void **state)
{
   (void)state;
   glEnable(GL_CULL_FACE);
   glCullFace(GL_FRONT);
   glSelectBuffer(BUF, buffer);
   glRenderMode(GL_SELECT);
   glPushName(1);
   glRectf(10, 10, 20, 20); /* counter-clockwise: front, culled */
   glPushName(2);
   glRectf(20, 10, 10, 20); /* clockwise: back, kept */
   assert_int_equal(glRenderMode(GL_RENDER), 1);
   assert_int_equal(buffer[0], 2);
   assert_int_equal(buffer[3], 1);
   assert_int_equal(buffer[4], 2);
}

static void
draw_arrays_and_elements(void **state)
{
   (void)state;
   static const GLfloat verts[] = { 10, 10, 20, 10, 20, 20, 150, 150 };
   static const GLubyte indices[] = { 0, 1, 2, 3, 3, 3 };
   glVertexPointer(2, GL_FLOAT, 0, verts);
   glEnableClientState(GL_VERTEX_ARRAY);
   glSelectBuffer(BUF, buffer);
   glRenderMode(GL_SELECT);
   glPushName(5);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glLoadName(6);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, indices);
   /* A degenerate triangle off screen: no hit. */
   glLoadName(7);
   glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, indices + 3);
   glDisableClientState(GL_VERTEX_ARRAY);
   assert_int_equal(glRenderMode(GL_RENDER), 2);
   assert_int_equal(buffer[0], 1);
   assert_int_equal(buffer[3], 5);
   assert_int_equal(buffer[4], 1);
   assert_int_equal(buffer[7], 6);
   assert_int_equal(buffer[8], 0);
}

static void
overflow(void **state)
{
   (void)state;
   glSelectBuffer(6, buffer);
   glRenderMode(GL_SELECT);
   glPushName(1);
   glPushName(2);
   glRectf(10, 10, 20, 20);
   glPopName();
   glRectf(10, 10, 20, 20);
   /* Records of 5 and 4 words in 6: the second does not fit. */
   assert_int_equal(glRenderMode(GL_RENDER), -1);
   assert_int_equal(buffer[0], 2);
   assert_int_equal(buffer[3], 1);
   assert_int_equal(buffer[4], 2);
   assert_int_equal(buffer[5], 1);
   assert_int_equal(buffer[6], 0);
}

static void
name_stack_errors(void **state)
{
   (void)state;
   GLint v;
   /* Outside selection mode the name stack commands do nothing. */
   glPushName(3);
   glPopName();
   glPopName();
   glLoadName(1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetIntegerv(GL_NAME_STACK_DEPTH, &v);
   assert_int_equal(v, 0);

   glSelectBuffer(BUF, buffer);
   glRenderMode(GL_SELECT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glSelectBuffer(BUF, buffer);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glLoadName(1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glPopName();
   assert_int_equal(glGetError(), GL_STACK_UNDERFLOW);
   glGetIntegerv(GL_MAX_NAME_STACK_DEPTH, &v);
   assert_int_equal(v, 64);
   for (GLint i = 0; i < v; i++)
      glPushName((GLuint)i);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glPushName(99);
   assert_int_equal(glGetError(), GL_STACK_OVERFLOW);
   GLint depth;
   glGetIntegerv(GL_NAME_STACK_DEPTH, &depth);
   assert_int_equal(depth, 64);
   glInitNames();
   glGetIntegerv(GL_NAME_STACK_DEPTH, &depth);
   assert_int_equal(depth, 0);
   assert_int_equal(glRenderMode(GL_RENDER), 0);

   glSelectBuffer(-1, buffer);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glSelectBuffer(7, buffer);
   glGetIntegerv(GL_SELECTION_BUFFER_SIZE, &v);
   assert_int_equal(v, 7);
   void *p = NULL;
   glGetPointerv(GL_SELECTION_BUFFER_POINTER, &p);
   assert_ptr_equal(p, buffer);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(hit_records, reset),
      cmocka_unit_test_setup(clipped_depth_range, reset),
      cmocka_unit_test_setup(culled_polygon_no_hit, reset),
      cmocka_unit_test_setup(draw_arrays_and_elements, reset),
      cmocka_unit_test_setup(overflow, reset),
      cmocka_unit_test_setup(name_stack_errors, reset),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
