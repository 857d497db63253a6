/* SPDX-License-Identifier: MIT */

/* Display lists: compile and compile-and-execute, glBegin/glEnd bodies
 * and glCallList inside them, glCallLists of every type with glListBase,
 * nesting and its limit, the commands executed immediately, dereferenced
 * vertex arrays, images unpacked at compile time, deletion while
 * running, sharing, the queries and the errors of GL 3.0 compatibility
 * 5.4. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks the GL headers for the prototypes. */
#include "st_test_util.h"

#include "st_context.h"

#define SIZE 16

static const GLfloat red[4] = { 1, 0, 0, 1 };
static const GLfloat green[4] = { 0, 1, 0, 1 };
static const GLfloat blue[4] = { 0, 0, 1, 1 };
static const GLfloat black[4] = { 0, 0, 0, 0 };

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

static void
clear(void)
{
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
}

/** A quad over the whole viewport in @p color. */
static void
quad(const GLfloat *color)
{
   glColor4fv(color);
   glBegin(GL_QUADS);
   glVertex2f(-1, -1);
   glVertex2f(1, -1);
   glVertex2f(1, 1);
   glVertex2f(-1, 1);
   glEnd();
}

static void
compile_only_runs_on_call(void **state)
{
   (void)state;
   clear();
   GLuint list = glGenLists(1);
   assert_true(list != 0);
   assert_true(glIsList(list));
   glNewList(list, GL_COMPILE);
   GLint v = -1;
   glGetIntegerv(GL_LIST_INDEX, &v);
   assert_int_equal(v, (GLint)list);
   glGetIntegerv(GL_LIST_MODE, &v);
   assert_int_equal(v, GL_COMPILE);
   quad(green);
   glEndList();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetIntegerv(GL_LIST_INDEX, &v);
   assert_int_equal(v, 0);
   /* Nothing was drawn. */
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, black, 0.01f));
   glCallList(list);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   glDeleteLists(list, 1);
   assert_false(glIsList(list));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
compile_and_execute_runs_now(void **state)
{
   (void)state;
   clear();
   glNewList(5, GL_COMPILE_AND_EXECUTE);
   quad(blue);
   glEndList();
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, blue, 0.01f));
   clear();
   glCallList(5);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, blue, 0.01f));
   glDeleteLists(5, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
call_list_inside_begin_end(void **state)
{
   (void)state;
   clear();
   GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glColor4fv(green);
   glVertex2f(-1, -1);
   glVertex2f(1, -1);
   glVertex2f(1, 1);
   glVertex2f(-1, 1);
   glEndList();
   glBegin(GL_QUADS);
   glCallList(list);
   glEnd();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   glDeleteLists(list, 1);
}

/* A command not allowed between glBegin and glEnd raises its error when
 * the list runs there, not when it is compiled. */
static void
errors_are_raised_at_execution(void **state)
{
   (void)state;
   clear();
   GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glBegin(GL_POINTS);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnd();
   glBegin(12345);
   glEndList();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glCallList(list);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   /* Compile-and-execute: the error now and when called. */
   glNewList(list, GL_COMPILE_AND_EXECUTE);
   glBegin(GL_POINTS);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnd();
   glEndList();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glCallList(list);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteLists(list, 1);
}

static void
list_errors(void **state)
{
   (void)state;
   glNewList(0, GL_COMPILE);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glNewList(1, GL_RENDER);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glEndList();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glNewList(1, GL_COMPILE);
   glNewList(2, GL_COMPILE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glEndList();
   assert_int_equal(glGenLists(-1), 0u);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_int_equal(glGenLists(0), 0u);
   glDeleteLists(1, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glCallLists(-1, GL_UNSIGNED_BYTE, "");
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glCallLists(1, GL_DOUBLE, "");
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBegin(GL_POINTS);
   glNewList(3, GL_COMPILE);
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteLists(1, 1);
   GLint max = 0;
   glGetIntegerv(GL_MAX_LIST_NESTING, &max);
   assert_int_equal(max, 64);
}

/* glGenLists gives a run of unused names. */
static void
gen_lists_contiguous(void **state)
{
   (void)state;
   glNewList(2, GL_COMPILE);
   glEndList();
   GLuint first = glGenLists(3);
   assert_true(first != 0);
   for (GLuint i = 0; i < 3; i++) {
      assert_true(first + i != 2);
      assert_true(glIsList(first + i));
   }
   glDeleteLists(first, 3);
   glDeleteLists(2, 1);
   assert_false(glIsList(2));
}

/* Each list draws a quad of its own colour at its own x. */
static void
call_lists_every_type(void **state)
{
   (void)state;
   GLuint base = glGenLists(4);
   for (GLuint i = 0; i < 4; i++) {
      glNewList(base + i, GL_COMPILE);
      glColor4f((GLfloat)(i + 1) / 4, 0, 0, 1);
      glRectf(-1 + 0.5f * (GLfloat)i, -1, -0.5f + 0.5f * (GLfloat)i, 1);
      glEndList();
   }
   static const struct {
      GLenum type;
      unsigned char bytes[16];
      unsigned size;
   } forms[] = {
      { GL_UNSIGNED_BYTE, { 0, 1, 2, 3 }, 1 },
      { GL_BYTE, { 0, 1, 2, 3 }, 1 },
      { GL_2_BYTES, { 0, 0, 0, 1, 0, 2, 0, 3 }, 2 },
      { GL_3_BYTES, { 0, 0, 0, 0, 0, 1, 0, 0, 2, 0, 0, 3 }, 3 },
      { GL_4_BYTES, { 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3 }, 4 },
   };
   glListBase(base);
   for (unsigned f = 0; f < sizeof(forms) / sizeof(forms[0]); f++) {
      clear();
      glCallLists(4, forms[f].type, forms[f].bytes);
      for (unsigned i = 0; i < 4; i++) {
         GLfloat c[4] = { (GLfloat)(i + 1) / 4, 0, 0, 1 };
         assert_true(
            st_test_probe((GLint)(i * SIZE / 4 + 1), SIZE / 2, c, 0.02f));
      }
   }
   const GLushort us[2] = { 1, 3 };
   const GLuint ui[2] = { 1, 3 };
   const GLint si[2] = { 1, 3 };
   const GLshort ss[2] = { 1, 3 };
   const GLfloat fl[2] = { 1, 3 };
   const void *arrays[] = { us, ui, si, ss, fl };
   const GLenum types[] = { GL_UNSIGNED_SHORT, GL_UNSIGNED_INT, GL_INT,
                            GL_SHORT, GL_FLOAT };
   for (unsigned t = 0; t < 5; t++) {
      clear();
      glCallLists(2, types[t], arrays[t]);
      GLfloat c1[4] = { 0.5f, 0, 0, 1 }, c3[4] = { 1, 0, 0, 1 };
      assert_true(st_test_probe(SIZE / 4 + 1, SIZE / 2, c1, 0.02f));
      assert_true(st_test_probe(3 * SIZE / 4 + 1, SIZE / 2, c3, 0.02f));
      assert_true(st_test_probe(1, SIZE / 2, black, 0.01f));
   }
   GLint v;
   glGetIntegerv(GL_LIST_BASE, &v);
   assert_int_equal(v, (GLint)base);
   glListBase(0);
   glDeleteLists(base, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* A list that calls itself stops at GL_MAX_LIST_NESTING; one that
 * deletes itself finishes. */
static void
nesting_and_self_deletion(void **state)
{
   (void)state;
   glNewList(7, GL_COMPILE);
   glTranslatef(0.001f, 0, 0);
   glCallList(7);
   glEndList();
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glCallList(7);
   GLfloat m[16];
   glGetFloatv(GL_MODELVIEW_MATRIX, m);
   /* 64 levels: the translation ran 64 times. */
   assert_true(m[12] > 0.0635f && m[12] < 0.0645f);
   glLoadIdentity();

   glNewList(8, GL_COMPILE);
   glDeleteLists(8, 1); /* executed now, not compiled */
   glEndList();
   assert_true(glIsList(8));
   glNewList(8, GL_COMPILE);
   glCallList(9);
   glEndList();
   glNewList(9, GL_COMPILE);
   glDeleteLists(8, 1);
   glEndList();
   /* Not compiled: 8 is deleted now. */
   assert_false(glIsList(8));
   glNewList(8, GL_COMPILE);
   glCallList(10);
   glColor4fv(green);
   glEndList();
   glNewList(10, GL_COMPILE_AND_EXECUTE);
   glEndList();
   glDeleteLists(9, 2);
   glColor4fv(red);
   glCallList(8);
   GLfloat c[4];
   glGetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[1] == 1.0f);
   glDeleteLists(8, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Commands of 5.4.1 run while compiling and are not in the list. */
static void
immediate_commands(void **state)
{
   (void)state;
   glNewList(3, GL_COMPILE);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
   GLuint tex;
   glGenTextures(1, &tex);
   GLint v = 0;
   glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEndList();
   assert_int_equal(v, 2);
   assert_true(glIsEnabled(GL_VERTEX_ARRAY));
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   glDisableClientState(GL_VERTEX_ARRAY);
   glCallList(3);
   glGetIntegerv(GL_UNPACK_ALIGNMENT, &v);
   assert_int_equal(v, 4);
   assert_false(glIsEnabled(GL_VERTEX_ARRAY));
   glDeleteTextures(1, &tex);
   glDeleteLists(3, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* The arrays are read when glDrawArrays / glDrawElements are compiled. */
static void
arrays_dereferenced_at_compile(void **state)
{
   (void)state;
   GLfloat verts[4][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 }, { -1, 1 } };
   GLfloat colors[4][4];
   for (unsigned i = 0; i < 4; i++)
      memcpy(colors[i], green, sizeof(green));
   glVertexPointer(2, GL_FLOAT, 0, verts);
   glColorPointer(4, GL_FLOAT, 0, colors);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glNewList(4, GL_COMPILE);
   glDrawArrays(GL_QUADS, 0, 4);
   glEndList();
   static const GLubyte indices[6] = { 0, 1, 2, 0, 2, 3 };
   glNewList(5, GL_COMPILE);
   glDrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, indices);
   glEndList();
   /* Change the client memory and the state: the lists keep green. */
   for (unsigned i = 0; i < 4; i++)
      memcpy(colors[i], red, sizeof(red));
   glDisableClientState(GL_VERTEX_ARRAY);
   glDisableClientState(GL_COLOR_ARRAY);
   clear();
   glCallList(4);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   clear();
   glCallList(5);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   assert_true(st_test_probe(1, 1, green, 0.01f));
   /* A draw inside glBegin/glEnd is an error where the list runs. */
   glBegin(GL_POINTS);
   glCallList(4);
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteLists(4, 2);
}

/* glTexImage2D's pixels are read under the compile-time unpack state. */
static void
images_unpacked_at_compile(void **state)
{
   (void)state;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   /* 2x2 image: rows of 3 pixels, skip one pixel. */
   GLubyte pixels[2][3][4];
   memset(pixels, 0, sizeof(pixels));
   for (unsigned y = 0; y < 2; y++) {
      for (unsigned x = 1; x < 3; x++) {
         pixels[y][x][2] = 255;
         pixels[y][x][3] = 255;
      }
   }
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 3);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   glNewList(6, GL_COMPILE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                pixels);
   /* A proxy runs now. */
   glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glEndList();
   GLint w = 0;
   glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
   assert_int_equal(w, 4);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   memset(pixels, 0, sizeof(pixels));
   glCallList(6);
   GLint v;
   glGetIntegerv(GL_UNPACK_ROW_LENGTH, &v);
   assert_int_equal(v, 0);
   glEnable(GL_TEXTURE_2D);
   glTexEnvi(GL_TEXTURE_ENV, GL_TEXTURE_ENV_MODE, GL_REPLACE);
   clear();
   glBegin(GL_QUADS);
   glTexCoord2f(0, 0);
   glVertex2f(-1, -1);
   glTexCoord2f(1, 0);
   glVertex2f(1, -1);
   glTexCoord2f(1, 1);
   glVertex2f(1, 1);
   glTexCoord2f(0, 1);
   glVertex2f(-1, 1);
   glEnd();
   glDisable(GL_TEXTURE_2D);
   assert_true(st_test_probe(SIZE / 4, SIZE / 4, blue, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, 3 * SIZE / 4, blue, 0.01f));
   glDeleteTextures(1, &tex);
   glDeleteLists(6, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* A long list spans many blocks. */
static void
long_list(void **state)
{
   (void)state;
   glNewList(11, GL_COMPILE);
   glColor4fv(red);
   for (unsigned i = 0; i < 20000; i++)
      glTranslatef(0, 0, 0);
   GLfloat big[64 * 64 * 4] = { 0 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 64, 64, 0, GL_RGBA, GL_FLOAT, big);
   glColor4fv(green);
   glEndList();
   glCallList(11);
   GLfloat c[4];
   glGetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 0.0f && c[1] == 1.0f);
   glDeleteLists(11, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Uniforms (the GL 3.0 commands) are compiled too. */
static void
uniforms_compiled(void **state)
{
   (void)state;
   GLuint prog = st_test_program(
      "#version 130\nin vec4 pos; void main() { gl_Position = pos; }\n",
      "#version 130\nuniform uvec4 u; out vec4 c;\n"
      "void main() { c = vec4(u) / 255.0; }\n");
   glUseProgram(prog);
   GLint loc = glGetUniformLocation(prog, "u");
   const GLuint value[4] = { 0, 255, 0, 255 };
   glNewList(12, GL_COMPILE);
   glUniform4uiv(loc, 1, value);
   glEndList();
   GLuint got[4] = { 1, 1, 1, 1 };
   glGetUniformuiv(prog, loc, got);
   assert_int_equal(got[1], 0);
   glCallList(12);
   glGetUniformuiv(prog, loc, got);
   assert_int_equal(got[0], 0);
   assert_int_equal(got[1], 255);
   glUseProgram(0);
   glDeleteProgram(prog);
   glDeleteLists(12, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Lists belong to the share group. */
static void
lists_are_shared(void **state)
{
   struct st_context *ctx = *state;
   glNewList(13, GL_COMPILE);
   glColor4fv(blue);
   glEndList();
   struct st_context_attribs attribs = {
      .api = ST_API_OPENGL,
      .profile = ST_PROFILE_COMPAT,
   };
   struct st_context *other =
      st_context_create(ctx->st_screen, &attribs, ctx, NULL);
   assert_non_null(other);
   assert_true(st_make_current(other, NULL, NULL));
   assert_true(glIsList(13));
   glColor4fv(red);
   glCallList(13);
   GLfloat c[4];
   glGetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[2] == 1.0f && c[0] == 0.0f);
   assert_true(st_make_current(ctx, NULL, NULL));
   st_context_destroy(other);
   glDeleteLists(13, 1);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(compile_only_runs_on_call),
      cmocka_unit_test(compile_and_execute_runs_now),
      cmocka_unit_test(call_list_inside_begin_end),
      cmocka_unit_test(errors_are_raised_at_execution),
      cmocka_unit_test(list_errors),
      cmocka_unit_test(gen_lists_contiguous),
      cmocka_unit_test(call_lists_every_type),
      cmocka_unit_test(nesting_and_self_deletion),
      cmocka_unit_test(immediate_commands),
      cmocka_unit_test(arrays_dereferenced_at_compile),
      cmocka_unit_test(images_unpacked_at_compile),
      cmocka_unit_test(long_list),
      cmocka_unit_test(uniforms_compiled),
      cmocka_unit_test(lists_are_shared),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
