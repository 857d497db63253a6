/* SPDX-License-Identifier: MIT */

/* The compatibility matrix stacks: operations against hand-computed
 * matrices, push/pop, per-unit texture matrices and the errors. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

static int
setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

/* Compares the matrix of @p pname (column-major) with @p expected. */
static void
check_matrix(GLenum pname, const GLfloat expected[16])
{
   GLfloat m[16];
   memset(m, 0xff, sizeof(m));
   glGetFloatv(pname, m);
   for (unsigned i = 0; i < 16; i++) {
      if (m[i] < expected[i] - 1e-5f || m[i] > expected[i] + 1e-5f) {
         print_error("element %u (column %u row %u): %g, expected %g\n", i,
                     i / 4, i % 4, m[i], expected[i]);
         fail();
      }
   }
}

static const GLfloat identity[16] = {
   1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
};

static void
defaults(void **state)
{
   GLint v = 0;
   glGetIntegerv(GL_MATRIX_MODE, &v);
   assert_int_equal(v, GL_MODELVIEW);
   check_matrix(GL_MODELVIEW_MATRIX, identity);
   check_matrix(GL_PROJECTION_MATRIX, identity);
   check_matrix(GL_TEXTURE_MATRIX, identity);
   glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &v);
   assert_int_equal(v, 1);
   glGetIntegerv(GL_MAX_MODELVIEW_STACK_DEPTH, &v);
   assert_true(v >= 32);
   glGetIntegerv(GL_MAX_PROJECTION_STACK_DEPTH, &v);
   assert_true(v >= 2);
   glGetIntegerv(GL_MAX_TEXTURE_STACK_DEPTH, &v);
   assert_true(v >= 2);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
translate_rotate(void **state)
{
   glLoadIdentity();
   glTranslatef(1, 2, 3);
   glRotatef(90, 0, 0, 2); /* the axis is normalized */
   /* T * Rz(90): x -> y, y -> -x. */
   const GLfloat expected[16] = {
      0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 1, 2, 3, 1,
   };
   check_matrix(GL_MODELVIEW_MATRIX, expected);

   const GLfloat transposed[16] = {
      0, -1, 0, 1, 1, 0, 0, 2, 0, 0, 1, 3, 0, 0, 0, 1,
   };
   check_matrix(GL_TRANSPOSE_MODELVIEW_MATRIX, transposed);

   GLdouble d[16];
   glGetDoublev(GL_MODELVIEW_MATRIX, d);
   assert_true(d[4] == -1.0 && d[13] == 2.0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
rotate_zero_axis_keeps_matrix(void **state)
{
   glLoadIdentity();
   glScalef(2, 3, 4);
   glRotated(45, 0, 0, 0);
   const GLfloat expected[16] = {
      2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 4, 0, 0, 0, 0, 1,
   };
   check_matrix(GL_MODELVIEW_MATRIX, expected);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
ortho_and_frustum(void **state)
{
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, 4, 0, 2, -1, 1);
   const GLfloat ortho[16] = {
      0.5f, 0, 0, 0, 0, 1, 0, 0, 0, 0, -1, 0, -1, -1, 0, 1,
   };
   check_matrix(GL_PROJECTION_MATRIX, ortho);

   glLoadIdentity();
   glFrustum(-1, 1, -2, 2, 1, 3);
   const GLfloat frustum[16] = {
      1, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, -2, -1, 0, 0, -3, 0,
   };
   check_matrix(GL_PROJECTION_MATRIX, frustum);

   /* Errors leave the matrix alone. */
   glOrtho(1, 1, 0, 1, 0, 1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFrustum(-1, 1, -1, 1, 0, 1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFrustum(-1, 1, -1, 1, 1, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFrustum(-1, 1, -1, 1, 2, 2);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   check_matrix(GL_PROJECTION_MATRIX, frustum);
   glMatrixMode(GL_MODELVIEW);
}

static void
load_and_mult(void **state)
{
   const GLfloat m[16] = {
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
   };
   glLoadMatrixf(m);
   check_matrix(GL_MODELVIEW_MATRIX, m);

   /* M * translate(1, 0, 0): the last column gains the first. */
   glTranslatef(1, 0, 0);
   const GLfloat mt[16] = {
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14, 16, 18, 20,
   };
   check_matrix(GL_MODELVIEW_MATRIX, mt);

   const GLdouble md[16] = {
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
   };
   glLoadTransposeMatrixd(md);
   const GLfloat t[16] = {
      1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 4, 8, 12, 16,
   };
   check_matrix(GL_MODELVIEW_MATRIX, t);

   glLoadIdentity();
   glMultTransposeMatrixf(m);
   check_matrix(GL_MODELVIEW_MATRIX, t);
   glLoadIdentity();
   glMultMatrixd(md);
   check_matrix(GL_MODELVIEW_MATRIX, m);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
push_pop(void **state)
{
   GLint max = 0, depth = 0;
   glLoadIdentity();
   glPushMatrix();
   glScalef(2, 2, 2);
   glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
   assert_int_equal(depth, 2);
   glPopMatrix();
   check_matrix(GL_MODELVIEW_MATRIX, identity);

   glPopMatrix();
   assert_int_equal(glGetError(), GL_STACK_UNDERFLOW);

   glGetIntegerv(GL_MAX_MODELVIEW_STACK_DEPTH, &max);
   for (GLint i = 1; i < max; i++)
      glPushMatrix();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glPushMatrix();
   assert_int_equal(glGetError(), GL_STACK_OVERFLOW);
   glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
   assert_int_equal(depth, max);
   for (GLint i = 1; i < max; i++)
      glPopMatrix();
   glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
   assert_int_equal(depth, 1);

   /* The projection stack is a stack of its own. */
   glMatrixMode(GL_PROJECTION);
   glPushMatrix();
   glGetIntegerv(GL_PROJECTION_STACK_DEPTH, &depth);
   assert_int_equal(depth, 2);
   glGetIntegerv(GL_MODELVIEW_STACK_DEPTH, &depth);
   assert_int_equal(depth, 1);
   glPopMatrix();
   glMatrixMode(GL_MODELVIEW);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
texture_matrix_per_unit(void **state)
{
   glActiveTexture(GL_TEXTURE1);
   glMatrixMode(GL_TEXTURE);
   glLoadIdentity();
   glScalef(2, 2, 2);
   const GLfloat scaled[16] = {
      2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1,
   };
   check_matrix(GL_TEXTURE_MATRIX, scaled);
   glActiveTexture(GL_TEXTURE0);
   check_matrix(GL_TEXTURE_MATRIX, identity);

   /* A unit beyond GL_MAX_TEXTURE_COORDS has no texture matrix. */
   GLint coords = 0, units = 0;
   glGetIntegerv(GL_MAX_TEXTURE_COORDS, &coords);
   glGetIntegerv(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, &units);
   if (units > coords) {
      glActiveTexture(GL_TEXTURE0 + coords);
      glLoadIdentity();
      assert_int_equal(glGetError(), GL_INVALID_OPERATION);
      glActiveTexture(GL_TEXTURE0);
   }
   glMatrixMode(GL_MODELVIEW);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
bad_matrix_mode(void **state)
{
   glMatrixMode(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint v = 0;
   glGetIntegerv(GL_MATRIX_MODE, &v);
   assert_int_equal(v, GL_MODELVIEW);
}

static void
core_has_no_matrices(void **state)
{
   struct st_context *core =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(core);
   glLoadIdentity();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLfloat m[16];
   glGetFloatv(GL_MODELVIEW_MATRIX, m);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   st_test_context_destroy(core);
   /* Back to the test's compatibility context. */
   assert_true(st_make_current(*state, NULL, NULL));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(defaults),
      cmocka_unit_test(translate_rotate),
      cmocka_unit_test(rotate_zero_axis_keeps_matrix),
      cmocka_unit_test(ortho_and_frustum),
      cmocka_unit_test(load_and_mult),
      cmocka_unit_test(push_pop),
      cmocka_unit_test(texture_matrix_per_unit),
      cmocka_unit_test(bad_matrix_mode),
      cmocka_unit_test(core_has_no_matrices),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
