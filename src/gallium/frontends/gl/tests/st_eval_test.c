/* SPDX-License-Identifier: MIT */

/* Evaluators (GL 2.1 section 5.1): the vertices glEvalCoord, glEvalPoint
 * and glEvalMesh make (seen through feedback mode), their colours,
 * texture coordinates and normals (automatic or mapped), the current
 * values they leave alone, the pixels of a mesh, glGetMap and the
 * errors and queries. */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 32
#define BUF  512

static GLfloat buffer[BUF];

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

static const GLenum maps[] = {
   GL_MAP1_VERTEX_3,        GL_MAP1_VERTEX_4,        GL_MAP1_COLOR_4,
   GL_MAP1_NORMAL,          GL_MAP1_TEXTURE_COORD_1, GL_MAP1_TEXTURE_COORD_2,
   GL_MAP1_TEXTURE_COORD_4, GL_MAP2_VERTEX_3,        GL_MAP2_VERTEX_4,
   GL_MAP2_COLOR_4,         GL_MAP2_NORMAL,          GL_MAP2_TEXTURE_COORD_2,
   GL_AUTO_NORMAL,
};

static int
reset(void **state)
{
   (void)state;
   glRenderMode(GL_RENDER);
   for (unsigned i = 0; i < sizeof(maps) / sizeof(maps[0]); i++)
      glDisable(maps[i]);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, SIZE, 0, SIZE, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glColor4f(1, 1, 1, 1);
   glUseProgram(0);
   glActiveTexture(GL_TEXTURE0);
   for (unsigned i = 0; i < BUF; i++)
      buffer[i] = -1.0f;
   while (glGetError() != GL_NO_ERROR)
      ;
   return 0;
}

static void
expect_values(const GLfloat *expected, GLint count, GLint returned)
{
   assert_true(
      st_test_feedback_matches(buffer, BUF, returned, expected, count, 1e-4f));
}

/* A line from (0, 0) to (8, 16) over u in [0, 2], colour from black to
 * white. */
static void
linear_map1(void)
{
   static const GLfloat line[] = { 0, 0, 0, 8, 16, 0 };
   static const GLfloat colors[] = { 0, 0, 0, 0, 1, 1, 1, 1 };
   glMap1f(GL_MAP1_VERTEX_3, 0, 2, 3, 2, line);
   glMap1f(GL_MAP1_COLOR_4, 0, 2, 4, 2, colors);
   glEnable(GL_MAP1_VERTEX_3);
   glEnable(GL_MAP1_COLOR_4);
}

static void
mesh1_points(void **state)
{
   (void)state;
   linear_map1();
   glMapGrid1f(4, 0, 2);
   glFeedbackBuffer(BUF, GL_3D_COLOR, buffer);
   glRenderMode(GL_FEEDBACK);
   glEvalMesh1(GL_POINT, 1, 3);
   const GLfloat expected[] = {
      GL_POINT_TOKEN, 2, 4,  0.5f, 0.25f, 0.25f, 0.25f, 0.25f,
      GL_POINT_TOKEN, 4, 8,  0.5f, 0.5f,  0.5f,  0.5f,  0.5f,
      GL_POINT_TOKEN, 6, 12, 0.5f, 0.75f, 0.75f, 0.75f, 0.75f,
   };
   expect_values(expected, 24, glRenderMode(GL_RENDER));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
mesh1_line_and_eval_point(void **state)
{
   (void)state;
   linear_map1();
   glMapGrid1d(2, 0, 2);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glEvalMesh1(GL_LINE, 0, 2);
   glBegin(GL_POINTS);
   glEvalPoint1(1);
   glEnd();
   const GLfloat expected[] = {
      GL_LINE_RESET_TOKEN, 0, 0, 4, 8, GL_LINE_TOKEN, 4, 8, 8, 16,
      GL_POINT_TOKEN,      4, 8,
   };
   expect_values(expected, 13, glRenderMode(GL_RENDER));
}

static void
quadratic_bezier(void **state)
{
   (void)state;
   /* Control points (0, 0), (8, 16), (16, 0): at u' = 1/2 the curve is
    * at (8, 8), at u' = 1/4 at (4, 6). */
   static const GLdouble curve[] = { 0, 0, 0, 1, 8, 16, 0, 1, 16, 0, 0, 1 };
   glMap1d(GL_MAP1_VERTEX_4, 10, 20, 4, 3, curve);
   glEnable(GL_MAP1_VERTEX_4);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_POINTS);
   glEvalCoord1f(15);
   glEvalCoord1d(12.5);
   glEnd();
   const GLfloat expected[] = { GL_POINT_TOKEN, 8, 8, GL_POINT_TOKEN, 4, 6 };
   expect_values(expected, 6, glRenderMode(GL_RENDER));
}

static void
texture_map_and_current_values(void **state)
{
   (void)state;
   linear_map1();
   static const GLfloat st[] = { 0, 1, 1, 0 };
   glMap1f(GL_MAP1_TEXTURE_COORD_2, 0, 2, 2, 2, st);
   glEnable(GL_MAP1_TEXTURE_COORD_2);
   /* The one-coordinate map loses to the two-coordinate one. */
   static const GLfloat s[] = { 5, 5 };
   glMap1f(GL_MAP1_TEXTURE_COORD_1, 0, 2, 1, 2, s);
   glEnable(GL_MAP1_TEXTURE_COORD_1);
   glColor4f(0.1f, 0.2f, 0.3f, 0.4f);
   glTexCoord4f(7, 7, 7, 7);
   glFeedbackBuffer(BUF, GL_3D_COLOR_TEXTURE, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_POINTS);
   glEvalCoord1f(1);
   glVertex2f(1, 1);
   glEnd();
   const GLfloat expected[] = {
      GL_POINT_TOKEN, 4, 8, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0.5f, 0, 1,
      GL_POINT_TOKEN, 1, 1, 0.5f, 0.1f, 0.2f, 0.3f, 0.4f, 7,    7,    7, 7,
   };
   expect_values(expected, 24, glRenderMode(GL_RENDER));
   GLfloat color[4];
   glGetFloatv(GL_CURRENT_COLOR, color);
   assert_true(fabsf(color[0] - 0.1f) < 1e-6f &&
               fabsf(color[3] - 0.4f) < 1e-6f);
}

/* A flat patch over the framebuffer: u along x, v along y. */
static void
plane_map2(void)
{
   static const GLfloat patch[] = {
      0, 0, 0, 0, SIZE, 0, SIZE, 0, 0, SIZE, SIZE, 0,
   };
   glMap2f(GL_MAP2_VERTEX_3, 0, 1, 6, 2, 0, 1, 3, 2, patch);
   glEnable(GL_MAP2_VERTEX_3);
}

static void
mesh2_fill(void **state)
{
   (void)state;
   plane_map2();
   glMapGrid2f(2, 0, 1, 2, 0, 1);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glEvalMesh2(GL_FILL, 0, 2, 0, 1);
   /* Strips i = 0 and 1, one quad each (j = 0..1). */
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN, 4, 0,  0, 16, 0, 16, 16, 0,  16,
      GL_POLYGON_TOKEN, 4, 16, 0, 32, 0, 32, 16, 16, 16,
   };
   expect_values(expected, 20, glRenderMode(GL_RENDER));

   /* Drawn: the lower half of the framebuffer. */
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glColor4f(0, 1, 0, 1);
   glEvalMesh2(GL_FILL, 0, 2, 0, 1);
   const GLfloat green[4] = { 0, 1, 0, 1 }, black[4] = { 0, 0, 0, 0 };
   assert_true(st_test_probe(4, 4, green, 0.0f));
   assert_true(st_test_probe(28, 12, green, 0.0f));
   assert_true(st_test_probe(4, 20, black, 0.0f));
}

static void
mesh2_line_and_point(void **state)
{
   (void)state;
   plane_map2();
   glMapGrid2d(1, 0, 1, 1, 0, 1);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glEvalMesh2(GL_LINE, 0, 1, 0, 1);
   /* Lines along v for i = 0, 1, then along u for j = 0, 1. */
   const GLfloat lines[] = {
      GL_LINE_RESET_TOKEN, 0,    0,    0,    SIZE,
      GL_LINE_RESET_TOKEN, SIZE, 0,    SIZE, SIZE,
      GL_LINE_RESET_TOKEN, 0,    0,    SIZE, 0,
      GL_LINE_RESET_TOKEN, 0,    SIZE, SIZE, SIZE,
   };
   expect_values(lines, 20, glRenderMode(GL_RENDER));
   glRenderMode(GL_FEEDBACK);
   glEvalMesh2(GL_POINT, 1, 1, 0, 1);
   const GLfloat points[] = { GL_POINT_TOKEN, SIZE, 0,
                              GL_POINT_TOKEN, SIZE, SIZE };
   expect_values(points, 6, glRenderMode(GL_RENDER));
}

/* Normals seen as colours: n * 0.5 + 0.5. */
static GLuint
normal_program(void)
{
   return st_test_program(
      "#version 120\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_FrontColor = vec4(gl_Normal * 0.5 + 0.5, 1.0);\n"
      "}\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_Color; }\n");
}

static void
normals(void **state)
{
   (void)state;
   GLuint prog = normal_program();
   glUseProgram(prog);
   plane_map2();
   glNormal3f(1, 0, 0);
   glFeedbackBuffer(BUF, GL_3D_COLOR, buffer);
   glRenderMode(GL_FEEDBACK);
   /* Automatic: dp/du x dp/dv = x x y = +z. */
   glEnable(GL_AUTO_NORMAL);
   glBegin(GL_POINTS);
   glEvalCoord2f(0.5f, 0.5f);
   glEnd();
   /* Mapped: the normal map's (0, -1, 0). */
   glDisable(GL_AUTO_NORMAL);
   static const GLfloat n[] = { 0, -1, 0, 0, -1, 0, 0, -1, 0, 0, -1, 0 };
   glMap2f(GL_MAP2_NORMAL, 0, 1, 6, 2, 0, 1, 3, 2, n);
   glEnable(GL_MAP2_NORMAL);
   glBegin(GL_POINTS);
   glEvalCoord2f(0.5f, 0.5f);
   glEnd();
   /* Neither: the current normal. */
   glDisable(GL_MAP2_NORMAL);
   glBegin(GL_POINTS);
   glEvalCoord2f(0.5f, 0.5f);
   glEnd();
   GLint count = glRenderMode(GL_RENDER);
   glUseProgram(0);
   glDeleteProgram(prog);
   const GLfloat expected[] = {
      GL_POINT_TOKEN, 16, 16, 0.5f, 0.5f, 0.5f, 1,    1,
      GL_POINT_TOKEN, 16, 16, 0.5f, 0.5f, 0,    0.5f, 1,
      GL_POINT_TOKEN, 16, 16, 0.5f, 1,    0.5f, 0.5f, 1,
   };
   expect_values(expected, 24, count);
   GLfloat cur[4];
   glGetFloatv(GL_CURRENT_NORMAL, cur);
   assert_true(cur[0] == 1 && cur[1] == 0 && cur[2] == 0);
}

static void
no_vertex_map_no_vertex(void **state)
{
   (void)state;
   static const GLfloat colors[] = { 0, 0, 0, 0, 1, 1, 1, 1 };
   glMap1f(GL_MAP1_COLOR_4, 0, 1, 4, 2, colors);
   glEnable(GL_MAP1_COLOR_4);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_POINTS);
   glEvalCoord1f(0.5f);
   glEnd();
   assert_int_equal(glRenderMode(GL_RENDER), 0);
}

static void
get_map(void **state)
{
   (void)state;
   GLfloat f[16];
   GLint i[16];
   GLdouble d[16];
   /* Initial state. */
   glGetMapfv(GL_MAP2_COLOR_4, GL_COEFF, f);
   assert_true(f[0] == 1 && f[1] == 1 && f[2] == 1 && f[3] == 1);
   glGetMapfv(GL_MAP1_INDEX, GL_COEFF, f);
   assert_true(f[0] == 1);
   glGetMapiv(GL_MAP2_VERTEX_4, GL_ORDER, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(i[1], 1);
   glGetMapdv(GL_MAP1_NORMAL, GL_DOMAIN, d);
   assert_true(d[0] == 0 && d[1] == 1);

   static const GLfloat pts[] = { 1.4f, 2.6f, 9, 9, -3.5f, 4, 9, 9 };
   glMap1f(GL_MAP1_TEXTURE_COORD_2, -1, 3, 4, 2, pts);
   glGetMapfv(GL_MAP1_TEXTURE_COORD_2, GL_COEFF, f);
   assert_true(f[0] == 1.4f && f[1] == 2.6f && f[2] == -3.5f && f[3] == 4);
   glGetMapiv(GL_MAP1_TEXTURE_COORD_2, GL_COEFF, i);
   assert_int_equal(i[0], 1);
   assert_int_equal(i[1], 3);
   assert_int_equal(i[2], -4);
   glGetMapiv(GL_MAP1_TEXTURE_COORD_2, GL_DOMAIN, i);
   assert_int_equal(i[0], -1);
   assert_int_equal(i[1], 3);

   /* Two-dimensional: u-major, tightly packed. */
   static const GLfloat p2[] = { 1, 2, 3, 4, 5, 6 }; /* uorder 3, vorder 2 */
   glMap2f(GL_MAP2_TEXTURE_COORD_1, 0, 1, 2, 3, 5, 6, 1, 2, p2);
   glGetMapfv(GL_MAP2_TEXTURE_COORD_1, GL_ORDER, f);
   assert_true(f[0] == 3 && f[1] == 2);
   glGetMapfv(GL_MAP2_TEXTURE_COORD_1, GL_DOMAIN, f);
   assert_true(f[0] == 0 && f[1] == 1 && f[2] == 5 && f[3] == 6);
   glGetMapfv(GL_MAP2_TEXTURE_COORD_1, GL_COEFF, f);
   for (unsigned k = 0; k < 6; k++)
      assert_true(f[k] == p2[k]);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
errors(void **state)
{
   (void)state;
   static const GLfloat p[64] = { 0 };
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 3, p);
   glMap1f(GL_MAP2_VERTEX_3, 0, 1, 3, 2, p);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glMap1f(GL_MAP1_VERTEX_3, 1, 1, 3, 2, p);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 2, 2, p);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 0, p);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 31, p);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMap2f(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 0, 4, 2, p);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMap2f(GL_MAP2_COLOR_4, 0, 1, 4, 2, 0, 1, 3, 2, p);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glActiveTexture(GL_TEXTURE1);
   glMap1f(GL_MAP1_VERTEX_3, 0, 1, 3, 2, p);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glActiveTexture(GL_TEXTURE0);
   GLint order;
   glGetMapiv(GL_MAP1_VERTEX_3, GL_ORDER, &order);
   assert_int_equal(order, 3);
   glGetMapiv(GL_MAP1_VERTEX_3, GL_TEXTURE_2D, &order);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetMapiv(GL_TEXTURE_2D, GL_ORDER, &order);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glMapGrid1f(0, 0, 1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glMapGrid2f(1, 0, 1, -1, 0, 1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glEvalMesh1(GL_FILL, 0, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glEvalMesh2(GL_POINTS, 0, 1, 0, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBegin(GL_POINTS);
   glEvalMesh1(GL_POINT, 0, 1);
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
}

static void
enables_and_queries(void **state)
{
   (void)state;
   assert_false(glIsEnabled(GL_MAP1_VERTEX_3));
   glEnable(GL_MAP1_VERTEX_3);
   glEnable(GL_AUTO_NORMAL);
   assert_true(glIsEnabled(GL_MAP1_VERTEX_3));
   assert_true(glIsEnabled(GL_AUTO_NORMAL));
   assert_false(glIsEnabled(GL_MAP2_VERTEX_3));
   GLboolean b;
   glGetBooleanv(GL_MAP1_VERTEX_3, &b);
   assert_true(b);
   GLint v[2];
   glGetIntegerv(GL_MAX_EVAL_ORDER, v);
   assert_true(v[0] >= 8);
   glMapGrid2f(3, 0.5f, 1, 7, -2, 2);
   glGetIntegerv(GL_MAP2_GRID_SEGMENTS, v);
   assert_int_equal(v[0], 3);
   assert_int_equal(v[1], 7);
   GLfloat dom[4];
   glGetFloatv(GL_MAP2_GRID_DOMAIN, dom);
   assert_true(dom[0] == 0.5f && dom[1] == 1 && dom[2] == -2 && dom[3] == 2);
   glMapGrid1f(5, 2, 4);
   glGetIntegerv(GL_MAP1_GRID_SEGMENTS, v);
   assert_int_equal(v[0], 5);
   glGetFloatv(GL_MAP1_GRID_DOMAIN, dom);
   assert_true(dom[0] == 2 && dom[1] == 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(mesh1_points, reset),
      cmocka_unit_test_setup(mesh1_line_and_eval_point, reset),
      cmocka_unit_test_setup(quadratic_bezier, reset),
      cmocka_unit_test_setup(texture_map_and_current_values, reset),
      cmocka_unit_test_setup(mesh2_fill, reset),
      cmocka_unit_test_setup(mesh2_line_and_point, reset),
      cmocka_unit_test_setup(normals, reset),
      cmocka_unit_test_setup(no_vertex_map_no_vertex, reset),
      cmocka_unit_test_setup(get_map, reset),
      cmocka_unit_test_setup(errors, reset),
      cmocka_unit_test_setup(enables_and_queries, reset),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
