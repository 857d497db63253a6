/* SPDX-License-Identifier: MIT */

/* Feedback mode (GL 2.1 section 5.3): the tokens and vertices of known
 * primitives for every feedback type, clipped ones, culling, polygon
 * modes, glPassThrough, overflow, and the errors and queries of
 * glRenderMode and glFeedbackBuffer. */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 100
#define BUF  256

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

/* Window-coordinate projection with z_window = (1 - z) / 2, render
 * mode, default state. */
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
   glDisable(GL_CLIP_PLANE0);
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   glShadeModel(GL_SMOOTH);
   glColor4f(1, 1, 1, 1);
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   glUseProgram(0);
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
      st_test_feedback_matches(buffer, BUF, returned, expected, count, 1e-3f));
}

/* ---- the feedback types (Piglit's gl-1.0-rendermode-feedback) ---- */

static const float vertices[] = {
   1.0, 2.0, 0.4, 1.0, 3.0, 4.0, 0.6, 1.0, 5.0, 6.0, 0.8, 1.0,
};
static const float colors[] = {
   0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.07, 0.08, 0.09, 0.10, 0.11, 0.12,
};
static const float texcoords[] = {
   101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112,
};

static GLint
feedback_triangle(GLenum type)
{
   glVertexPointer(4, GL_FLOAT, 0, vertices);
   glColorPointer(4, GL_FLOAT, 0, colors);
   glTexCoordPointer(4, GL_FLOAT, 0, texcoords);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glFeedbackBuffer(BUF, type, buffer);
   glRenderMode(GL_FEEDBACK);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   return glRenderMode(GL_RENDER);
}

static void
type_2d(void **state)
{
   (void)state;
   const GLfloat expected[] = { GL_POLYGON_TOKEN, 3, 1, 2, 3, 4, 5, 6 };
   expect_values(expected, 8, feedback_triangle(GL_2D));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
type_3d(void **state)
{
   (void)state;
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN, 3, 1, 2, 0.3f, 3, 4, 0.2f, 5, 6, 0.1f,
   };
   expect_values(expected, 11, feedback_triangle(GL_3D));
}

static void
type_3d_color(void **state)
{
   (void)state;
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN,
      3,
      1,
      2,
      0.3f,
      0.01f,
      0.02f,
      0.03f,
      0.04f,
      3,
      4,
      0.2f,
      0.05f,
      0.06f,
      0.07f,
      0.08f,
      5,
      6,
      0.1f,
      0.09f,
      0.10f,
      0.11f,
      0.12f,
   };
   expect_values(expected, 23, feedback_triangle(GL_3D_COLOR));
}

static void
type_3d_color_texture(void **state)
{
   (void)state;
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN,
      3,
      1,
      2,
      0.3f,
      0.01f,
      0.02f,
      0.03f,
      0.04f,
      101,
      102,
      103,
      104,
      3,
      4,
      0.2f,
      0.05f,
      0.06f,
      0.07f,
      0.08f,
      105,
      106,
      107,
      108,
      5,
      6,
      0.1f,
      0.09f,
      0.10f,
      0.11f,
      0.12f,
      109,
      110,
      111,
      112,
   };
   expect_values(expected, 35, feedback_triangle(GL_3D_COLOR_TEXTURE));
}

static void
type_4d_color_texture(void **state)
{
   (void)state;
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN,
      3,
      1,
      2,
      0.3f,
      1,
      0.01f,
      0.02f,
      0.03f,
      0.04f,
      101,
      102,
      103,
      104,
      3,
      4,
      0.2f,
      1,
      0.05f,
      0.06f,
      0.07f,
      0.08f,
      105,
      106,
      107,
      108,
      5,
      6,
      0.1f,
      1,
      0.09f,
      0.10f,
      0.11f,
      0.12f,
      109,
      110,
      111,
      112,
   };
   expect_values(expected, 38, feedback_triangle(GL_4D_COLOR_TEXTURE));
}

/* ---- primitives ---- */

static void
points_and_pass_through(void **state)
{
   (void)state;
   glFeedbackBuffer(BUF, GL_3D, buffer);
   glRenderMode(GL_FEEDBACK);
   glPassThrough(7.0f);
   glBegin(GL_POINTS);
   glVertex3f(10, 20, 0);
   glVertex3f(200, 20, 0); /* outside: clipped away */
   glVertex3f(30, 40, -1);
   glEnd();
   const GLfloat expected[] = {
      GL_PASS_THROUGH_TOKEN,
      7,
      GL_POINT_TOKEN,
      10,
      20,
      0.5f,
      GL_POINT_TOKEN,
      30,
      40,
      1,
   };
   expect_values(expected, 10, glRenderMode(GL_RENDER));
}

static void
line_strip_reset_tokens(void **state)
{
   (void)state;
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_LINE_STRIP);
   glVertex2f(10, 10);
   glVertex2f(20, 10);
   glVertex2f(20, 30);
   glEnd();
   glBegin(GL_LINES);
   glVertex2f(1, 2);
   glVertex2f(3, 4);
   glEnd();
   const GLfloat expected[] = {
      GL_LINE_RESET_TOKEN, 10, 10, 20, 10, GL_LINE_TOKEN, 20, 10, 20, 30,
      GL_LINE_RESET_TOKEN, 1,  2,  3,  4,
   };
   expect_values(expected, 15, glRenderMode(GL_RENDER));
}

static void
quad_is_one_polygon(void **state)
{
   (void)state;
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glRectf(10, 20, 30, 40);
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN, 4, 10, 20, 30, 20, 30, 40, 10, 40,
   };
   expect_values(expected, 10, glRenderMode(GL_RENDER));
}

static void
clipped_line(void **state)
{
   (void)state;
   glFeedbackBuffer(BUF, GL_3D_COLOR, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_LINES);
   glColor4f(0, 0, 0, 1);
   glVertex2f(-100, 50);
   glColor4f(1, 1, 1, 1);
   glVertex2f(100, 50);
   glEnd();
   /* x = 0 at t = 1/2: colour 0.5. */
   const GLfloat expected[] = {
      GL_LINE_RESET_TOKEN,
      0,
      50,
      0.5f,
      0.5f,
      0.5f,
      0.5f,
      1,
      100,
      50,
      0.5f,
      1,
      1,
      1,
      1,
   };
   expect_values(expected, 15, glRenderMode(GL_RENDER));
}

static void
clipped_triangle(void **state)
{
   (void)state;
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   /* The right corner sticks out past x = 100: clipping cuts it into a
    * quadrilateral. */
   glBegin(GL_TRIANGLES);
   glVertex2f(50, 10);
   glVertex2f(150, 50);
   glVertex2f(50, 90);
   glEnd();
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN, 4, 50, 10, 100, 30, 100, 70, 50, 90,
   };
   expect_values(expected, 10, glRenderMode(GL_RENDER));
}

static void
user_clip_plane(void **state)
{
   (void)state;
   /* Keep y <= 25. */
   const GLdouble plane[4] = { 0, -1, 0, 25 };
   glClipPlane(GL_CLIP_PLANE0, plane);
   glEnable(GL_CLIP_PLANE0);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glRectf(10, 10, 30, 40);
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN, 4, 10, 10, 30, 10, 30, 25, 10, 25,
   };
   expect_values(expected, 10, glRenderMode(GL_RENDER));
}

static void
culling_and_polygon_mode(void **state)
{
   (void)state;
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   /* Clockwise: back-facing, culled. */
   glBegin(GL_TRIANGLES);
   glVertex2f(10, 10);
   glVertex2f(10, 20);
   glVertex2f(20, 10);
   glEnd();
   glDisable(GL_CULL_FACE);
   glPolygonMode(GL_BACK, GL_POINT);
   glPolygonMode(GL_FRONT, GL_LINE);
   glBegin(GL_TRIANGLES);
   glVertex2f(10, 10);
   glVertex2f(10, 20);
   glVertex2f(20, 10);
   glVertex2f(50, 50);
   glVertex2f(60, 50);
   glVertex2f(50, 60);
   glEnd();
   const GLfloat expected[] = {
      GL_POINT_TOKEN,
      10,
      10,
      GL_POINT_TOKEN,
      10,
      20,
      GL_POINT_TOKEN,
      20,
      10,
      GL_LINE_RESET_TOKEN,
      50,
      50,
      60,
      50,
      GL_LINE_TOKEN,
      60,
      50,
      50,
      60,
      GL_LINE_TOKEN,
      50,
      60,
      50,
      50,
   };
   expect_values(expected, 24, glRenderMode(GL_RENDER));
}

static void
flat_shading(void **state)
{
   (void)state;
   glShadeModel(GL_FLAT);
   glFeedbackBuffer(BUF, GL_3D_COLOR, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_LINES);
   glColor4f(1, 0, 0, 1);
   glVertex2f(10, 10);
   glColor4f(0, 1, 0, 1);
   glVertex2f(20, 10);
   glEnd();
   /* The last vertex provokes. */
   const GLfloat expected[] = {
      GL_LINE_RESET_TOKEN, 10, 10, 0.5f, 0, 1, 0, 1, 20, 10, 0.5f, 0, 1, 0, 1,
   };
   expect_values(expected, 15, glRenderMode(GL_RENDER));
}

static void
vertex_shader(void **state)
{
   (void)state;
   GLuint prog = st_test_program(
      "#version 120\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_FrontColor = vec4(0.25, 0.5, 0.75, 1.0);\n"
      "   gl_TexCoord[0] = vec4(gl_Vertex.xy, 7.0, 1.0);\n"
      "}\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_Color; }\n");
   glUseProgram(prog);
   glFeedbackBuffer(BUF, GL_3D_COLOR_TEXTURE, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_POINTS);
   glVertex2f(10, 20);
   glEnd();
   GLint n = glRenderMode(GL_RENDER);
   glUseProgram(0);
   glDeleteProgram(prog);
   const GLfloat expected[] = {
      GL_POINT_TOKEN, 10, 20, 0.5f, 0.25f, 0.5f, 0.75f, 1, 10, 20, 7, 1,
   };
   expect_values(expected, 12, n);
}

static void
two_sided_colors(void **state)
{
   (void)state;
   GLuint prog = st_test_program(
      "#version 120\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_FrontColor = vec4(1.0, 0.0, 0.0, 1.0);\n"
      "   gl_BackColor = vec4(0.0, 1.0, 0.0, 1.0);\n"
      "}\n",
      "#version 120\n"
      "void main() { gl_FragColor = gl_Color; }\n");
   glUseProgram(prog);
   glEnable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glFeedbackBuffer(BUF, GL_3D_COLOR, buffer);
   glRenderMode(GL_FEEDBACK);
   /* Clockwise, back-facing: the back colour. */
   glBegin(GL_TRIANGLES);
   glVertex2f(10, 10);
   glVertex2f(10, 20);
   glVertex2f(20, 10);
   glEnd();
   /* Points have no back. */
   glBegin(GL_POINTS);
   glVertex2f(5, 5);
   glEnd();
   GLint n = glRenderMode(GL_RENDER);
   glDisable(GL_VERTEX_PROGRAM_TWO_SIDE);
   glUseProgram(0);
   glDeleteProgram(prog);
   const GLfloat expected[] = {
      GL_POLYGON_TOKEN,
      3,
      10,
      10,
      0.5f,
      0,
      1,
      0,
      1,
      10,
      20,
      0.5f,
      0,
      1,
      0,
      1,
      20,
      10,
      0.5f,
      0,
      1,
      0,
      1,
      GL_POINT_TOKEN,
      5,
      5,
      0.5f,
      1,
      0,
      0,
      1,
   };
   expect_values(expected, 31, n);
}

static void
clip_distance(void **state)
{
   (void)state;
   GLuint prog = st_test_program(
      "#version 130\n"
      "void main() {\n"
      "   gl_Position = gl_ModelViewProjectionMatrix * gl_Vertex;\n"
      "   gl_ClipDistance[1] = gl_Vertex.x - 20.0;\n"
      "}\n",
      "#version 130\n"
      "void main() { gl_FragColor = vec4(1.0); }\n");
   glUseProgram(prog);
   glEnable(GL_CLIP_DISTANCE1);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glBegin(GL_LINES);
   glVertex2f(10, 5);
   glVertex2f(30, 15);
   glEnd();
   GLint n = glRenderMode(GL_RENDER);
   glDisable(GL_CLIP_DISTANCE1);
   glUseProgram(0);
   glDeleteProgram(prog);
   const GLfloat expected[] = { GL_LINE_RESET_TOKEN, 20, 10, 30, 15 };
   expect_values(expected, 5, n);
}

static void
indexed_and_instanced(void **state)
{
   (void)state;
   static const GLfloat verts[] = { 0, 0, 1, 1, 2, 2, 3, 3, 4, 4 };
   static const GLubyte indices[] = { 2, 0, 2, 1 };
   glVertexPointer(2, GL_FLOAT, 0, verts);
   glEnableClientState(GL_VERTEX_ARRAY);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   /* Index order, repeats included, base vertex applied. */
   glDrawElementsBaseVertex(GL_POINTS, 4, GL_UNSIGNED_BYTE, indices, 1);
   /* Instance after instance. */
   glDrawArraysInstancedARB(GL_LINES, 3, 2, 2);
   const GLfloat expected[] = {
      GL_POINT_TOKEN,
      3,
      3,
      GL_POINT_TOKEN,
      1,
      1,
      GL_POINT_TOKEN,
      3,
      3,
      GL_POINT_TOKEN,
      2,
      2,
      GL_LINE_RESET_TOKEN,
      3,
      3,
      4,
      4,
      GL_LINE_RESET_TOKEN,
      3,
      3,
      4,
      4,
   };
   expect_values(expected, 22, glRenderMode(GL_RENDER));
}

static void
nothing_drawn(void **state)
{
   (void)state;
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glRectf(0, 0, SIZE, SIZE);
   glRenderMode(GL_RENDER);
   const GLfloat black[4] = { 0, 0, 0, 0 };
   assert_true(st_test_probe(50, 50, black, 0.0f));
   /* And in render mode the same rectangle draws. */
   glRectf(0, 0, SIZE, SIZE);
   const GLfloat white[4] = { 1, 1, 1, 1 };
   assert_true(st_test_probe(50, 50, white, 0.0f));
}

static void
overflow(void **state)
{
   (void)state;
   glFeedbackBuffer(5, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glRectf(10, 20, 30, 40);
   assert_int_equal(glRenderMode(GL_RENDER), -1);
   /* What fits was written. */
   const GLfloat expected[] = { GL_POLYGON_TOKEN, 4, 10, 20, 30 };
   for (unsigned i = 0; i < 5; i++)
      assert_true(fabsf(buffer[i] - expected[i]) < 1e-3f);
   assert_true(buffer[5] == -1.0f);
   /* Entering again starts at the beginning. */
   glFeedbackBuffer(BUF, GL_2D, buffer);
   glRenderMode(GL_FEEDBACK);
   glPassThrough(1);
   assert_int_equal(glRenderMode(GL_FEEDBACK), 2);
   assert_int_equal(glRenderMode(GL_RENDER), 0);
}

/* ---- errors and queries ---- */

static void
errors(void **state)
{
   (void)state;
   assert_int_equal(glRenderMode(GL_POINTS), 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFeedbackBuffer(-1, GL_2D, buffer);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFeedbackBuffer(BUF, GL_RGBA, buffer);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glFeedbackBuffer(BUF, GL_3D, buffer);
   glRenderMode(GL_FEEDBACK);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glFeedbackBuffer(BUF, GL_2D, buffer);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLint type;
   glGetIntegerv(GL_FEEDBACK_BUFFER_TYPE, &type);
   assert_int_equal(type, GL_3D);
   glBegin(GL_POINTS);
   glRenderMode(GL_RENDER);
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(glRenderMode(GL_RENDER), 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
feedback_without_buffer(void **state)
{
   (void)state;
   struct st_context *other =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(other);
   glRenderMode(GL_FEEDBACK);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLint mode;
   glGetIntegerv(GL_RENDER_MODE, &mode);
   assert_int_equal(mode, GL_RENDER);
   st_test_context_destroy(other);
   /* Back to the group's context. */
   st_make_current(*state, NULL, NULL);
}

static void
queries(void **state)
{
   (void)state;
   GLint v;
   glFeedbackBuffer(12, GL_3D_COLOR, buffer);
   glGetIntegerv(GL_FEEDBACK_BUFFER_SIZE, &v);
   assert_int_equal(v, 12);
   glGetIntegerv(GL_FEEDBACK_BUFFER_TYPE, &v);
   assert_int_equal(v, GL_3D_COLOR);
   void *p = NULL;
   glGetPointerv(GL_FEEDBACK_BUFFER_POINTER, &p);
   assert_ptr_equal(p, buffer);
   glRenderMode(GL_FEEDBACK);
   glGetIntegerv(GL_RENDER_MODE, &v);
   assert_int_equal(v, GL_FEEDBACK);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(type_2d, reset),
      cmocka_unit_test_setup(type_3d, reset),
      cmocka_unit_test_setup(type_3d_color, reset),
      cmocka_unit_test_setup(type_3d_color_texture, reset),
      cmocka_unit_test_setup(type_4d_color_texture, reset),
      cmocka_unit_test_setup(points_and_pass_through, reset),
      cmocka_unit_test_setup(line_strip_reset_tokens, reset),
      cmocka_unit_test_setup(quad_is_one_polygon, reset),
      cmocka_unit_test_setup(clipped_line, reset),
      cmocka_unit_test_setup(clipped_triangle, reset),
      cmocka_unit_test_setup(user_clip_plane, reset),
      cmocka_unit_test_setup(culling_and_polygon_mode, reset),
      cmocka_unit_test_setup(flat_shading, reset),
      cmocka_unit_test_setup(vertex_shader, reset),
      cmocka_unit_test_setup(two_sided_colors, reset),
      cmocka_unit_test_setup(clip_distance, reset),
      cmocka_unit_test_setup(indexed_and_instanced, reset),
      cmocka_unit_test_setup(nothing_drawn, reset),
      cmocka_unit_test_setup(overflow, reset),
      cmocka_unit_test_setup(errors, reset),
      cmocka_unit_test_setup(feedback_without_buffer, reset),
      cmocka_unit_test_setup(queries, reset),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
