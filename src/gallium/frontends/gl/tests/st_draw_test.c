/* SPDX-License-Identifier: MIT */

/*
 * Draws: vertex array objects, arrays from buffers, indexed draws with a
 * base vertex, instancing with divisors, primitive restart, the draw
 * errors; in a compatibility context client arrays, glBegin/glEnd and
 * glRect with a program reading gl_Vertex and gl_Color.  Pixels of a
 * 32x32 framebuffer object are probed.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 32
/** GL_MAX_VERTEX_ATTRIBS of the state tracker. */
#define ST_TEST_MAX_ATTRIBS 16

static const GLfloat red[4] = { 1, 0, 0, 1 };
static const GLfloat green[4] = { 0, 1, 0, 1 };
static const GLfloat blue[4] = { 0, 0, 1, 1 };
static const GLfloat black[4] = { 0, 0, 0, 0 };

static const char *core_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 1) in vec4 color;\n"
   "layout(location = 2) in vec2 offset;\n"
   "out vec4 c;\n"
   "void main() { gl_Position = vec4(pos + offset, 0.0, 1.0); c = color; }\n";
static const char *core_fs = "#version 330 core\n"
                             "in vec4 c;\n"
                             "out vec4 o;\n"
                             "void main() { o = c; }\n";

static const char *compat_vs =
   "#version 120\n"
   "varying vec4 c;\n"
   "void main() { gl_Position = gl_Vertex; c = gl_Color; }\n";
static const char *compat_fs = "#version 120\n"
                               "varying vec4 c;\n"
                               "void main() { gl_FragColor = c; }\n";

static int
setup_core(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

static int
setup_compat(void **state)
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

/** A VAO with a buffer of @p size bytes of @p data bound to
 * GL_ARRAY_BUFFER; returns the VAO, *@p buf the buffer. */
static GLuint
vao_with_buffer(const void *data, GLsizeiptr size, GLuint *buf)
{
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, buf);
   glBindBuffer(GL_ARRAY_BUFFER, *buf);
   glBufferData(GL_ARRAY_BUFFER, size, data, GL_STATIC_DRAW);
   return vao;
}

static void
vao_state_is_per_vao(void **state)
{
   GLuint vaos[2], buf;
   glGenVertexArrays(2, vaos);
   assert_false(glIsVertexArray(vaos[0]));
   glBindVertexArray(vaos[0]);
   assert_true(glIsVertexArray(vaos[0]));
   glGenBuffers(1, &buf);
   glBindBuffer(GL_ARRAY_BUFFER, buf);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, buf);
   glVertexAttribPointer(3, 2, GL_SHORT, GL_TRUE, 12, (void *)8);
   glEnableVertexAttribArray(3);
   glVertexAttribDivisor(3, 2);

   glBindVertexArray(vaos[1]);
   GLint v = -1;
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, 0);
   glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   /* The array binding is not VAO state. */
   glGetIntegerv(GL_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);

   glBindVertexArray(vaos[0]);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &v);
   assert_int_equal(v, 1);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_SIZE, &v);
   assert_int_equal(v, 2);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_TYPE, &v);
   assert_int_equal(v, GL_SHORT);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_NORMALIZED, &v);
   assert_int_equal(v, 1);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_STRIDE, &v);
   assert_int_equal(v, 12);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_DIVISOR, &v);
   assert_int_equal(v, 2);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);
   glGetIntegerv(GL_ELEMENT_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, (GLint)buf);
   glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &v);
   assert_int_equal(v, (GLint)vaos[0]);
   void *p = NULL;
   glGetVertexAttribPointerv(3, GL_VERTEX_ATTRIB_ARRAY_POINTER, &p);
   assert_ptr_equal(p, (void *)8);

   /* Deleting the bound VAO binds 0; deleting a buffer clears the bound
    * VAO's bindings. */
   glDeleteBuffers(1, &buf);
   glGetVertexAttribiv(3, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &v);
   assert_int_equal(v, 0);
   glDeleteVertexArrays(2, vaos);
   glGetIntegerv(GL_VERTEX_ARRAY_BINDING, &v);
   assert_int_equal(v, 0);
   assert_false(glIsVertexArray(vaos[0]));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
vertex_attrib_errors(void **state)
{
   /* Core: no pointers and no draws with VAO 0. */
   glBindVertexArray(0);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindVertexArray(12345);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glEnableVertexAttribArray(0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glVertexAttribDivisor(0, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   /* No buffer bound with a non-NULL pointer. */
   glBindBuffer(GL_ARRAY_BUFFER, 0);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, (void *)16);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glVertexAttribPointer(ST_TEST_MAX_ATTRIBS, 4, GL_FLOAT, GL_FALSE, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glVertexAttribPointer(0, 5, GL_FLOAT, GL_FALSE, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glVertexAttribPointer(0, 4, GL_RGBA, GL_FALSE, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, -4, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glVertexAttribPointer(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glVertexAttribPointer(0, GL_BGRA, GL_UNSIGNED_BYTE, GL_FALSE, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glVertexAttribIPointer(0, 4, GL_FLOAT, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetVertexAttribiv(0, GL_TEXTURE_2D, NULL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Current values. */
   glVertexAttrib4f(5, 1, 2, 3, 4);
   GLfloat f[4];
   glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == 1 && f[1] == 2 && f[2] == 3 && f[3] == 4);
   glVertexAttrib2f(5, 7, 8);
   glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == 7 && f[1] == 8 && f[2] == 0 && f[3] == 1);
   glVertexAttrib4Nub(5, 255, 0, 51, 255);
   glGetVertexAttribfv(5, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == 1.0f && f[1] == 0.0f && f[2] == 0.2f && f[3] == 1.0f);
   glVertexAttribI4i(6, -1, 2, -3, 4);
   GLint iv[4];
   glGetVertexAttribIiv(6, GL_CURRENT_VERTEX_ATTRIB, iv);
   assert_true(iv[0] == -1 && iv[1] == 2 && iv[2] == -3 && iv[3] == 4);
   glVertexAttrib4f(ST_TEST_MAX_ATTRIBS, 0, 0, 0, 0);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteVertexArrays(1, &vao);
}

static void
triangle_from_vbo(void **state)
{
   GLuint prog = st_test_program(core_vs, core_fs);
   glUseProgram(prog);
   /* Interleaved position and colour covering the whole target. */
   const GLfloat verts[] = {
      -1, -1, 0, 1, 0, 1, /**/ 3, -1, 0, 1, 0, 1, /**/ -1, 3, 0, 1, 0, 1,
   };
   GLuint buf;
   GLuint vao = vao_with_buffer(verts, sizeof(verts), &buf);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), 0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat),
                         (void *)(2 * sizeof(GLfloat)));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glVertexAttrib2f(2, 0, 0);
   clear();
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   assert_true(st_test_probe(1, SIZE - 2, green, 0.01f));

   /* The colour from the current value once its array is disabled. */
   glDisableVertexAttribArray(1);
   glVertexAttrib4f(1, 0, 0, 1, 1);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, blue, 0.01f));

   /* Errors. */
   glDrawArrays(GL_QUADS, 0, 4);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDrawArrays(GL_TRIANGLES, 0, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDrawArraysInstanced(GL_TRIANGLES, 0, 3, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDrawElements(GL_TRIANGLES, 3, GL_FLOAT, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glMapBufferRange(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT);
   glEnableVertexAttribArray(1);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUnmapBuffer(GL_ARRAY_BUFFER);
   /* Core has no client index arrays. */
   const GLubyte idx[3] = { 0, 1, 2 };
   glDrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, idx);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

/* Two quads of four vertices each, left half red and right half green,
 * as position (2 floats) + colour (4 floats). */
static const GLfloat two_quads[] = {
   -1, -1, 1,       0, 0, 1, /**/ 0, -1, 1, 0,  0,      1, 0, 1, 1,      0,
   0,  1,  /**/ -1, 1, 1, 0, 0,      1,  0, -1, 0,      1, 0, 1, /**/ 1, -1,
   0,  1,  0,       1, 1, 1, 0,      1,  0, 1,  /**/ 0, 1, 0, 1, 0,      1,
};

static GLuint
two_quads_vao(GLuint *buf)
{
   GLuint vao = vao_with_buffer(two_quads, sizeof(two_quads), buf);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat), 0);
   glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * sizeof(GLfloat),
                         (void *)(2 * sizeof(GLfloat)));
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glVertexAttrib2f(2, 0, 0);
   return vao;
}

static void
indexed_base_vertex(void **state)
{
   GLuint prog = st_test_program(core_vs, core_fs);
   glUseProgram(prog);
   GLuint buf, ibo;
   GLuint vao = two_quads_vao(&buf);
   /* The indices of one quad; base vertex 4 picks the second one.  Two
    * bytes of padding test an offset that is not a multiple of the index
    * size too. */
   const GLushort idx[] = { 0, 0, 1, 2, 0, 2, 3 };
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);

   clear();
   glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT,
                            (void *)sizeof(GLushort), 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 4, SIZE / 2, black, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, green, 0.01f));

   clear();
   glDrawRangeElements(GL_TRIANGLES, 0, 3, 6, GL_UNSIGNED_SHORT,
                       (void *)sizeof(GLushort));
   assert_true(st_test_probe(SIZE / 4, SIZE / 2, red, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, black, 0.01f));
   glDrawRangeElements(GL_TRIANGLES, 3, 0, 6, GL_UNSIGNED_SHORT, 0);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   /* An unaligned offset: bytes 1.. read as shorts. */
   const GLubyte bytes[13] = { 0xff, 0, 0, 1, 0, 2, 0, 0, 0, 2, 0, 3, 0 };
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(bytes), bytes, GL_STATIC_DRAW);
   clear();
   glDrawElementsBaseVertex(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)1, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, green, 0.01f));

   glDeleteVertexArrays(1, &vao);
   GLuint bufs[2] = { buf, ibo };
   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
}

static void
instanced_divisor(void **state)
{
   GLuint prog = st_test_program(core_vs, core_fs);
   glUseProgram(prog);
   GLuint buf;
   /* The left quad drawn twice: instance 1 is moved right by 1. */
   GLuint vao = two_quads_vao(&buf);
   GLuint obuf;
   const GLfloat offsets[] = { 0, 0, 1, 0 };
   glGenBuffers(1, &obuf);
   glBindBuffer(GL_ARRAY_BUFFER, obuf);
   glBufferData(GL_ARRAY_BUFFER, sizeof(offsets), offsets, GL_STATIC_DRAW);
   glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(2);
   glVertexAttribDivisor(2, 1);
   const GLubyte idx[] = { 0, 1, 2, 0, 2, 3 };
   GLuint ibo;
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);

   clear();
   glDrawElementsInstanced(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, 0, 2);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 4, SIZE / 2, red, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, red, 0.01f));

   clear();
   glDrawArraysInstanced(GL_TRIANGLE_FAN, 4, 4, 1);
   assert_true(st_test_probe(SIZE / 4, SIZE / 2, black, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, green, 0.01f));

   glDeleteVertexArrays(1, &vao);
   GLuint bufs[3] = { buf, obuf, ibo };
   glDeleteBuffers(3, bufs);
   glDeleteProgram(prog);
}

static void
primitive_restart(void **state)
{
   GLuint prog = st_test_program(core_vs, core_fs);
   glUseProgram(prog);
   GLuint buf, ibo;
   GLuint vao = two_quads_vao(&buf);
   /* Two strips separated by the restart index; without restart the
    * strip would also cover the gap between the quads' edges. */
   const GLuint idx[] = { 0, 1, 3, 2, 0xffff, 4, 5, 7, 6 };
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glEnable(GL_PRIMITIVE_RESTART);
   glPrimitiveRestartIndex(0xffff);
   clear();
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_INT, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 4, SIZE / 2, red, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, green, 0.01f));
   /* Without restart, the triangle of vertices 3, 2 and the restart
    * index (read as (0, 0)) would cover this pixel after the quad. */
   assert_true(st_test_probe(12, 27, red, 0.01f));
   glDisable(GL_PRIMITIVE_RESTART);

   glDeleteVertexArrays(1, &vao);
   GLuint bufs[2] = { buf, ibo };
   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
}

static void
multi_draw(void **state)
{
   GLuint prog = st_test_program(core_vs, core_fs);
   glUseProgram(prog);
   GLuint buf;
   GLuint vao = two_quads_vao(&buf);
   const GLint first[2] = { 0, 4 };
   const GLsizei count[2] = { 4, 4 };
   clear();
   glMultiDrawArrays(GL_TRIANGLE_FAN, first, count, 2);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 4, SIZE / 2, red, 0.01f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, green, 0.01f));
   const GLsizei bad[2] = { 4, -1 };
   glMultiDrawArrays(GL_TRIANGLE_FAN, first, bad, 2);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static const char *es3_vs =
   "#version 300 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 1) in vec4 color;\n"
   "out vec4 c;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); c = color; }\n";
static const char *es3_fs = "#version 300 es\n"
                            "precision mediump float;\n"
                            "in vec4 c;\n"
                            "out vec4 o;\n"
                            "void main() { o = c; }\n";

static int
setup_es3(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

/** Whether the pixel is @p rgba (8-bit reads: ES reads normalized
 * formats as GL_UNSIGNED_BYTE only). */
static bool
probe_ub(GLint x, GLint y, const GLubyte rgba[4])
{
   GLubyte got[4] = { 1, 2, 3, 4 };
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   if (memcmp(got, rgba, 4) == 0)
      return true;
   print_error("probe at (%d, %d): expected %u %u %u %u, got %u %u %u %u\n", x,
               y, rgba[0], rgba[1], rgba[2], rgba[3], got[0], got[1], got[2],
               got[3]);
   return false;
}

static void
es3_fixed_index_restart(void **state)
{
   GLuint prog = st_test_program(es3_vs, es3_fs);
   glUseProgram(prog);
   GLuint buf, ibo;
   GLuint vao = two_quads_vao(&buf);
   /* The fixed restart index of unsigned bytes is 255. */
   const GLubyte idx[] = { 4, 5, 7, 6, 255, 0, 1, 3, 2 };
   glGenBuffers(1, &ibo);
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, ibo);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glEnable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
   clear();
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_BYTE, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   static const GLubyte r8[4] = { 255, 0, 0, 255 };
   static const GLubyte g8[4] = { 0, 255, 0, 255 };
   assert_true(probe_ub(SIZE / 4, SIZE / 2, r8));
   assert_true(probe_ub(3 * SIZE / 4, SIZE / 2, g8));
   /* Without restart the triangle of vertices 7, 6 and index 255 (read
    * as (0, 0)) would cover this pixel after the right quad. */
   assert_true(probe_ub(19, 27, g8));

   /* Client indices work in ES; quads do not exist. */
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
   clear();
   glDrawElements(GL_TRIANGLE_STRIP, 9, GL_UNSIGNED_BYTE, idx);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(probe_ub(SIZE / 4, SIZE / 2, r8));
   glDrawArrays(GL_QUADS, 0, 4);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glDeleteVertexArrays(1, &vao);
   GLuint bufs[2] = { buf, ibo };
   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
}

static void
compat_client_arrays(void **state)
{
   GLuint prog = st_test_program(compat_vs, compat_fs);
   glUseProgram(prog);
   /* Client memory, interleaved through two pointers. */
   const GLfloat verts[] = {
      -1, -1, 0, 0, 1, /**/ 3, -1, 0, 0, 1, /**/ -1, 3, 0, 0, 1,
   };
   glVertexPointer(2, GL_FLOAT, 5 * sizeof(GLfloat), verts);
   glColorPointer(3, GL_FLOAT, 5 * sizeof(GLfloat), verts + 2);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   assert_true(glIsEnabled(GL_COLOR_ARRAY));
   clear();
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, blue, 0.01f));
   void *p = NULL;
   glGetPointerv(GL_COLOR_ARRAY_POINTER, &p);
   assert_ptr_equal(p, verts + 2);

   /* Client indices, quads, and the current colour. */
   glDisableClientState(GL_COLOR_ARRAY);
   glColor4ub(255, 0, 0, 255);
   const GLfloat quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   glVertexPointer(2, GL_FLOAT, 0, quad);
   const GLubyte idx[] = { 0, 1, 2, 3 };
   clear();
   glDrawElements(GL_QUADS, 4, GL_UNSIGNED_BYTE, idx);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 2, red, 0.01f));
   assert_true(st_test_probe(SIZE - 2, SIZE - 2, red, 0.01f));
   glDisableClientState(GL_VERTEX_ARRAY);

   glVertexPointer(5, GL_FLOAT, 0, quad);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glEnableClientState(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void
compat_begin_end(void **state)
{
   GLuint prog = st_test_program(compat_vs, compat_fs);
   glUseProgram(prog);
   clear();
   glBegin(GL_QUADS);
   glColor3f(0, 1, 0);
   glVertex2f(-1, -1);
   glVertex2f(0, -1);
   glColor3ub(0, 0, 255);
   glVertex2f(0, 1);
   glVertex2f(-1, 1);
   glEnd();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Flat enough in the corners to test the vertex colours. */
   assert_true(st_test_probe(0, 0, green, 0.05f));
   assert_true(st_test_probe(SIZE / 2 - 1, SIZE - 1, blue, 0.05f));
   assert_true(st_test_probe(3 * SIZE / 4, SIZE / 2, black, 0.01f));
   GLfloat c[4];
   glGetFloatv(GL_CURRENT_COLOR, c);
   assert_true(c[0] == 0 && c[1] == 0 && c[2] == 1 && c[3] == 1);

   /* glVertexAttrib(0) provokes a vertex like glVertex. */
   clear();
   glColor3f(1, 0, 0);
   glBegin(GL_TRIANGLES);
   glVertexAttrib2f(0, 0, -1);
   glVertexAttrib2f(0, 1, -1);
   glVertexAttrib2f(0, 1, 1);
   glEnd();
   assert_true(st_test_probe(SIZE - 2, SIZE / 4, red, 0.01f));

   clear();
   glColor3f(0, 0, 1);
   glRectf(0, 0, 1, 1);
   assert_true(st_test_probe(3 * SIZE / 4, 3 * SIZE / 4, blue, 0.01f));
   assert_true(st_test_probe(SIZE / 4, SIZE / 4, black, 0.01f));

   /* Errors. */
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBegin(GL_TRIANGLES + 100);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBegin(GL_POINTS);
   glBegin(GL_POINTS);
   glEnd();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void
compat_fixed_function(void **state)
{
   /* No program: the fixed-function program reads gl_Vertex and
    * gl_Color the same way. */
   clear();
   glColor3f(0, 1, 0);
   glBegin(GL_TRIANGLE_STRIP);
   glVertex2f(-1, -1);
   glVertex2f(1, -1);
   glVertex2f(-1, 1);
   glVertex2f(1, 1);
   glEnd();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   const GLshort quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };
   const GLubyte colors[] = { 255, 0, 0, 255, 255, 0, 0, 255,
                              255, 0, 0, 255, 255, 0, 0, 255 };
   glVertexPointer(2, GL_SHORT, 0, quad);
   glColorPointer(4, GL_UNSIGNED_BYTE, 0, colors);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_COLOR_ARRAY);
   glDrawArrays(GL_POLYGON, 0, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, red, 0.01f));
}

/* Edge flags in polygon mode LINE: glEdgeFlag between glBegin and glEnd
 * and glEdgeFlagPointer; an edge starting at a vertex flagged false is
 * not drawn.  The square's corners are pixel centres 4 and 27. */
static void
compat_edge_flags(void **state)
{
   const GLfloat lo = 4.5f / 16 - 1, hi = 27.5f / 16 - 1;
   const GLfloat square[] = { lo, lo, hi, lo, hi, hi, lo, hi };
   const GLboolean flags[] = { GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE };
   glPolygonMode(GL_FRONT_AND_BACK, GL_LINE);
   glColor3f(0, 1, 0);
   for (unsigned pass = 0; pass < 2; pass++) {
      clear();
      if (pass == 0) {
         glBegin(GL_QUADS);
         for (unsigned i = 0; i < 4; i++) {
            glEdgeFlag(flags[i]);
            glVertex2fv(square + 2 * i);
         }
         glEnd();
      } else {
         glVertexPointer(2, GL_FLOAT, 0, square);
         glEdgeFlagPointer(0, flags);
         glEnableClientState(GL_VERTEX_ARRAY);
         glEnableClientState(GL_EDGE_FLAG_ARRAY);
         glDrawArrays(GL_POLYGON, 0, 4);
         glDisableClientState(GL_EDGE_FLAG_ARRAY);
         glDisableClientState(GL_VERTEX_ARRAY);
      }
      assert_int_equal(glGetError(), GL_NO_ERROR);
      assert_true(st_test_probe(16, 4, green, 0.01f));
      assert_true(st_test_probe(16, 27, green, 0.01f));
      assert_true(st_test_probe(27, 16, black, 0.01f));
      assert_true(st_test_probe(4, 16, black, 0.01f));
   }
   GLboolean current = GL_TRUE;
   glGetBooleanv(GL_EDGE_FLAG, &current);
   assert_int_equal(current, GL_FALSE);

   /* Polygon mode FILL ignores them. */
   glPolygonMode(GL_FRONT_AND_BACK, GL_FILL);
   clear();
   glRectf(lo, lo, hi, hi);
   assert_true(st_test_probe(16, 16, green, 0.01f));
   glEdgeFlag(GL_TRUE);
}

/* gl_PointCoord of a point covering the target: t grows upward with
 * GL_LOWER_LEFT and downward with GL_UPPER_LEFT (GL 4.6, 14.4). */
static void
point_coord_origin(void **state)
{
   static const char *vs = "#version 330 core\n"
                           "void main() { gl_Position = vec4(0, 0, 0, 1); }\n";
   static const char *fs =
      "#version 330 core\n"
      "out vec4 o;\n"
      "void main() { o = vec4(gl_PointCoord, 0.0, 1.0); }\n";
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glPointSize(SIZE);
   const GLfloat lo = 0.5f / SIZE, hi = 1.0f - 0.5f / SIZE;
   for (unsigned lower = 0; lower < 2; lower++) {
      glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN,
                        lower ? GL_LOWER_LEFT : GL_UPPER_LEFT);
      clear();
      glDrawArrays(GL_POINTS, 0, 1);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      const GLfloat bottom[4] = { lo, lower ? lo : hi, 0, 1 };
      const GLfloat top[4] = { hi, lower ? hi : lo, 0, 1 };
      assert_true(st_test_probe(0, 0, bottom, 0.01f));
      assert_true(st_test_probe(SIZE - 1, SIZE - 1, top, 0.01f));
   }
   glDeleteVertexArrays(1, &vao);
   glUseProgram(0);
   glDeleteProgram(prog);
}

/** Whether the context lists extension @p name. */
static bool
has_extension(const char *name)
{
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
      if (e && strcmp(e, name) == 0)
         return true;
   }
   return false;
}

/* GL_ARB_point_sprite (compatibility only): GL_COORD_REPLACE gives
 * texture coordinate 0 the sprite coordinate, lower-left origin here. */
static void
compat_point_sprite(void **state)
{
   assert_true(has_extension("GL_ARB_point_sprite"));
   glEnable(GL_POINT_SPRITE);
   glTexEnvi(GL_POINT_SPRITE, GL_COORD_REPLACE, GL_TRUE);
   glPointParameteri(GL_POINT_SPRITE_COORD_ORIGIN, GL_LOWER_LEFT);
   glPointSize(SIZE);
   GLuint prog = st_test_program(
      "#version 120\nvoid main() { gl_Position = gl_Vertex; }\n",
      "#version 120\n"
      "void main() { gl_FragColor = vec4(gl_TexCoord[0].xy, 0, 1); }\n");
   glUseProgram(prog);
   clear();
   glBegin(GL_POINTS);
   glVertex2f(0, 0);
   glEnd();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLfloat lo = 0.5f / SIZE, hi = 1.0f - 0.5f / SIZE;
   const GLfloat bottom[4] = { lo, lo, 0, 1 }, top[4] = { hi, hi, 0, 1 };
   assert_true(st_test_probe(0, 0, bottom, 0.01f));
   assert_true(st_test_probe(SIZE - 1, SIZE - 1, top, 0.01f));
   glUseProgram(0);
   glDeleteProgram(prog);
   glDisable(GL_POINT_SPRITE);
}

#define CORE_TEST(t) cmocka_unit_test_setup_teardown(t, setup_core, teardown)
#define COMPAT_TEST(t) \
   cmocka_unit_test_setup_teardown(t, setup_compat, teardown)
#define ES3_TEST(t) cmocka_unit_test_setup_teardown(t, setup_es3, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE_TEST(vao_state_is_per_vao),
      CORE_TEST(vertex_attrib_errors),
      CORE_TEST(triangle_from_vbo),
      CORE_TEST(indexed_base_vertex),
      CORE_TEST(instanced_divisor),
      CORE_TEST(primitive_restart),
      CORE_TEST(multi_draw),
      CORE_TEST(point_coord_origin),
      ES3_TEST(es3_fixed_index_restart),
      COMPAT_TEST(compat_client_arrays),
      COMPAT_TEST(compat_begin_end),
      COMPAT_TEST(compat_fixed_function),
      COMPAT_TEST(compat_edge_flags),
      COMPAT_TEST(compat_point_sprite),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
