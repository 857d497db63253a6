/* SPDX-License-Identifier: MIT */

/*
 * Vertex formats and attribute values: arrays of normalized, BGRA,
 * packed and integer types reach the shader with the right values;
 * glVertexAttribP*; the compatibility glInterleavedArrays, texture
 * coordinate arrays of glClientActiveTexture, glArrayElement and the
 * client array queries.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 16

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

/* One triangle covering the target at location 0; the colour from
 * location 1, as float or (ivec4 / 255) integer input. */
static const char *float_vs =
   "#version 330 core\n"
   "layout(location = 0) in vec2 pos;\n"
   "layout(location = 1) in vec4 color;\n"
   "out vec4 c;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); c = color; }\n";
static const char *int_vs = "#version 330 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "layout(location = 1) in ivec4 color;\n"
                            "out vec4 c;\n"
                            "void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
                            "              c = vec4(color) / 255.0; }\n";
static const char *fs = "#version 330 core\n"
                        "in vec4 c;\n"
                        "out vec4 o;\n"
                        "void main() { o = c; }\n";

static const GLfloat big_triangle[] = { -1, -1, 3, -1, -1, 3 };

/** Draws the big triangle with colour array @p data (3 vertices) of the
 * given layout and probes the centre for @p expected. */
static void
draw_color_array(const char *vs, const void *data, GLsizeiptr size, GLint comps,
                 GLenum type, GLboolean normalized, bool integer,
                 const GLfloat expected[4])
{
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   GLuint vao, bufs[2];
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(2, bufs);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(big_triangle), big_triangle,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ARRAY_BUFFER, size, data, GL_STATIC_DRAW);
   if (integer)
      glVertexAttribIPointer(1, comps, type, 0, 0);
   else
      glVertexAttribPointer(1, comps, type, normalized, 0, 0);
   glEnableVertexAttribArray(1);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, expected, 0.01f));
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(2, bufs);
   glDeleteProgram(prog);
}

static void
normalized_bytes(void **state)
{
   const GLubyte c[3][4] = { { 255, 0, 51, 255 },
                             { 255, 0, 51, 255 },
                             { 255, 0, 51, 255 } };
   const GLfloat want[4] = { 1, 0, 0.2f, 1 };
   draw_color_array(float_vs, c, sizeof(c), 4, GL_UNSIGNED_BYTE, GL_TRUE, false,
                    want);
}

static void
bgra_bytes(void **state)
{
   /* B, G, R, A in memory. */
   const GLubyte c[3][4] = { { 255, 0, 0, 255 },
                             { 255, 0, 0, 255 },
                             { 255, 0, 0, 255 } };
   const GLfloat want[4] = { 0, 0, 1, 1 };
   draw_color_array(float_vs, c, sizeof(c), GL_BGRA, GL_UNSIGNED_BYTE, GL_TRUE,
                    false, want);
}

static void
packed_2_10_10_10(void **state)
{
   /* x = 1023 (1.0), y = 0, z = 511 (~0.5), w = 3 (1.0). */
   const GLuint v = 1023u | (0u << 10) | (511u << 20) | (3u << 30);
   const GLuint c[3] = { v, v, v };
   const GLfloat want[4] = { 1, 0, 511.0f / 1023.0f, 1 };
   draw_color_array(float_vs, c, sizeof(c), 4, GL_UNSIGNED_INT_2_10_10_10_REV,
                    GL_TRUE, false, want);
}

static void
unnormalized_shorts(void **state)
{
   /* Integers converted to floats as they are. */
   const GLshort c[3][2] = { { 1, 0 }, { 1, 0 }, { 1, 0 } };
   const GLfloat want[4] = { 1, 0, 0, 1 };
   draw_color_array(float_vs, c, sizeof(c), 2, GL_SHORT, GL_FALSE, false, want);
}

static void
integer_attribute(void **state)
{
   const GLint c[3][4] = { { 0, 255, 0, 255 },
                           { 0, 255, 0, 255 },
                           { 0, 255, 0, 255 } };
   const GLfloat want[4] = { 0, 1, 0, 1 };
   draw_color_array(int_vs, c, sizeof(c), 4, GL_INT, GL_FALSE, true, want);
   GLint iv[4];
   glVertexAttribI4i(1, 255, 0, 255, 255);
   glGetVertexAttribIiv(1, GL_CURRENT_VERTEX_ATTRIB, iv);
   assert_true(iv[0] == 255 && iv[1] == 0 && iv[2] == 255);
}

static void
packed_current_values(void **state)
{
   GLfloat f[4];
   /* x = -1 (all ones), y = 511, z = -512, w = 1. */
   const GLuint v = 0x3ffu | (511u << 10) | (512u << 20) | (1u << 30);
   glVertexAttribP4ui(2, GL_INT_2_10_10_10_REV, GL_FALSE, v);
   glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == -1 && f[1] == 511 && f[2] == -512 && f[3] == 1);
   glVertexAttribP4ui(2, GL_INT_2_10_10_10_REV, GL_TRUE, v);
   glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[1] == 1 && f[2] == -1);
   glVertexAttribP2ui(2, GL_UNSIGNED_INT_2_10_10_10_REV, GL_TRUE, 1023);
   glGetVertexAttribfv(2, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_true(f[0] == 1 && f[1] == 0 && f[2] == 0 && f[3] == 1);
   glVertexAttribP1ui(2, GL_FLOAT, GL_FALSE, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

static void
normalized_ints(void **state)
{
   /* No pipe format: converted.  Indexed with a base vertex, so the
    * converted range comes from the indices. */
   GLuint prog = st_test_program(float_vs, fs);
   glUseProgram(prog);
   GLuint vao, bufs[3];
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(3, bufs);
   const GLfloat pos[] = { 9, 9, 9, 9, -1, -1, 3, -1, -1, 3 };
   glBindBuffer(GL_ARRAY_BUFFER, bufs[0]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(pos), pos, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   const GLint c[5][4] = { { 0 },
                           { 0 },
                           { INT32_MAX, 0, INT32_MIN, INT32_MAX },
                           { INT32_MAX, 0, INT32_MIN, INT32_MAX },
                           { INT32_MAX, 0, INT32_MIN, INT32_MAX } };
   glBindBuffer(GL_ARRAY_BUFFER, bufs[1]);
   glBufferData(GL_ARRAY_BUFFER, sizeof(c), c, GL_STATIC_DRAW);
   glVertexAttribPointer(1, 4, GL_INT, GL_TRUE, 0, 0);
   glEnableVertexAttribArray(1);
   const GLubyte idx[] = { 0, 1, 2 };
   glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, bufs[2]);
   glBufferData(GL_ELEMENT_ARRAY_BUFFER, sizeof(idx), idx, GL_STATIC_DRAW);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawElementsBaseVertex(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, 0, 2);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Blue is -1, which the unorm target clamps to 0. */
   const GLfloat want[4] = { 1, 0, 0, 1 };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, want, 0.01f));
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(3, bufs);
   glDeleteProgram(prog);
}

static int
setup_es2(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 2, 0, ST_PROFILE_CORE, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

static void
es2_fixed_client_arrays(void **state)
{
   static const char *vs = "#version 100\n"
                           "attribute vec4 pos;\n"
                           "attribute vec4 color;\n"
                           "varying vec4 c;\n"
                           "void main() { gl_Position = pos; c = color; }\n";
   static const char *es_fs = "#version 100\n"
                              "precision mediump float;\n"
                              "varying vec4 c;\n"
                              "void main() { gl_FragColor = c; }\n";
   GLuint prog = glCreateProgram();
   GLuint shaders[2] = { glCreateShader(GL_VERTEX_SHADER),
                         glCreateShader(GL_FRAGMENT_SHADER) };
   glShaderSource(shaders[0], 1, &vs, NULL);
   glShaderSource(shaders[1], 1, &es_fs, NULL);
   for (unsigned i = 0; i < 2; i++) {
      glCompileShader(shaders[i]);
      glAttachShader(prog, shaders[i]);
   }
   glBindAttribLocation(prog, 0, "pos");
   glBindAttribLocation(prog, 1, "color");
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_true(ok);
   glUseProgram(prog);
   /* 16.16 fixed point from client memory; VAO 0 in ES. */
   const GLfixed pos[] = {
      -65536, -65536, 3 * 65536, -65536, -65536, 3 * 65536
   };
   const GLfixed color[] = { 0, 65536, 0, 0, 65536, 0, 0, 65536, 0 };
   glVertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, pos);
   glVertexAttribPointer(1, 3, GL_FIXED, GL_FALSE, 0, color);
   glEnableVertexAttribArray(0);
   glEnableVertexAttribArray(1);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLubyte got[4] = { 0 };
   glReadPixels(SIZE / 2, SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   assert_int_equal(got[0], 0);
   assert_int_equal(got[1], 255);
   assert_int_equal(got[2], 0);
   assert_int_equal(got[3], 255);
   glVertexAttribPointer(1, 3, GL_FIXED, GL_FALSE, -1, color);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   for (unsigned i = 0; i < 2; i++)
      glDeleteShader(shaders[i]);
   glDeleteProgram(prog);
}

static const char *compat_vs = "#version 120\n"
                               "varying vec4 c;\n"
                               "void main() { gl_Position = gl_Vertex; c = "
                               "gl_Color + gl_MultiTexCoord1; }\n";
static const char *compat_fs = "#version 120\n"
                               "varying vec4 c;\n"
                               "void main() { gl_FragColor = c; }\n";

static void
interleaved_and_tex_units(void **state)
{
   GLuint prog = st_test_program(compat_vs, compat_fs);
   glUseProgram(prog);
   /* GL_C4UB_V2F: four colour bytes then two floats. */
   struct {
      GLubyte c[4];
      GLfloat v[2];
   } verts[3] = {
      { { 255, 0, 0, 255 }, { -1, -1 } },
      { { 255, 0, 0, 255 }, { 3, -1 } },
      { { 255, 0, 0, 255 }, { -1, 3 } },
   };
   glInterleavedArrays(GL_C4UB_V2F, sizeof(verts[0]), verts);
   assert_true(glIsEnabled(GL_COLOR_ARRAY));
   assert_true(glIsEnabled(GL_VERTEX_ARRAY));
   assert_false(glIsEnabled(GL_NORMAL_ARRAY));
   GLint v = 0;
   glGetIntegerv(GL_COLOR_ARRAY_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_BYTE);
   glGetIntegerv(GL_VERTEX_ARRAY_STRIDE, &v);
   assert_int_equal(v, (GLint)sizeof(verts[0]));

   /* Texture coordinates of unit 1 add blue. */
   const GLfloat tc[3][4] = { { 0, 0, 1, 0 }, { 0, 0, 1, 0 }, { 0, 0, 1, 0 } };
   glClientActiveTexture(GL_TEXTURE1);
   glTexCoordPointer(4, GL_FLOAT, 0, tc);
   glEnableClientState(GL_TEXTURE_COORD_ARRAY);
   glGetIntegerv(GL_CLIENT_ACTIVE_TEXTURE, &v);
   assert_int_equal(v, GL_TEXTURE1);
   void *p = NULL;
   glGetPointerv(GL_TEXTURE_COORD_ARRAY_POINTER, &p);
   assert_ptr_equal(p, tc);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLfloat magenta[4] = { 1, 0, 1, 1 };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, magenta, 0.01f));
   /* Unit 0's array is a different one. */
   glClientActiveTexture(GL_TEXTURE0);
   assert_false(glIsEnabled(GL_TEXTURE_COORD_ARRAY));
   glClientActiveTexture(GL_TEXTURE0 + 100);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* glArrayElement inside glBegin/glEnd takes the same arrays. */
   glClientActiveTexture(GL_TEXTURE1);
   glDisableClientState(GL_TEXTURE_COORD_ARRAY);
   glMultiTexCoord4f(GL_TEXTURE1, 0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glBegin(GL_TRIANGLES);
   glArrayElement(0);
   glArrayElement(1);
   glArrayElement(2);
   glEnd();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLfloat red[4] = { 1, 0, 0, 1 };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, red, 0.01f));
   glInterleavedArrays(GL_RGBA, 0, verts);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void
compat_current_values(void **state)
{
   GLfloat f[4];
   glGetFloatv(GL_CURRENT_COLOR, f);
   assert_true(f[0] == 1 && f[1] == 1 && f[2] == 1 && f[3] == 1);
   glGetFloatv(GL_CURRENT_NORMAL, f);
   assert_true(f[0] == 0 && f[1] == 0 && f[2] == 1);
   glColor4s(32767, 0, -32768, 0);
   glGetFloatv(GL_CURRENT_COLOR, f);
   assert_true(f[0] == 1 && f[1] == 0 && f[2] == -1 && f[3] == 0);
   glNormal3b(127, -128, 0);
   glGetFloatv(GL_CURRENT_NORMAL, f);
   assert_true(f[0] == 1 && f[1] == -1 && f[2] == 0);
   glActiveTexture(GL_TEXTURE2);
   glMultiTexCoord2f(GL_TEXTURE2, 5, 6);
   glGetFloatv(GL_CURRENT_TEXTURE_COORDS, f);
   assert_true(f[0] == 5 && f[1] == 6 && f[2] == 0 && f[3] == 1);
   glActiveTexture(GL_TEXTURE0);
   glMultiTexCoord2f(GL_TEXTURE0 + 99, 5, 6);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* Attribute 0 is the vertex: its current value cannot be queried. */
   glGetVertexAttribfv(0, GL_CURRENT_VERTEX_ATTRIB, f);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
}

static void
compat_attribute_locations(void **state)
{
   /* Each compatibility array reaches its built-in attribute. */
   static const char *vs =
      "#version 120\n"
      "varying vec4 c;\n"
      "void main() { gl_Position = gl_Vertex;\n"
      "   c = vec4(gl_SecondaryColor.r, gl_Normal.y, gl_FogCoord,\n"
      "            gl_MultiTexCoord3.w); }\n";
   GLuint prog = st_test_program(vs, compat_fs);
   glUseProgram(prog);
   const GLfloat pos[] = { -1, -1, 3, -1, -1, 3 };
   const GLubyte color1[] = { 255, 0, 0, 255, 0, 0, 255, 0, 0 };
   const GLshort normal[] = { 0, 32767, 0, 0, 32767, 0, 0, 32767, 0 };
   const GLfloat fog[] = { 0.5f, 0.5f, 0.5f };
   glVertexPointer(2, GL_FLOAT, 0, pos);
   glSecondaryColorPointer(3, GL_UNSIGNED_BYTE, 0, color1);
   glNormalPointer(GL_SHORT, 0, normal);
   glFogCoordPointer(GL_FLOAT, 0, fog);
   glEnableClientState(GL_VERTEX_ARRAY);
   glEnableClientState(GL_SECONDARY_COLOR_ARRAY);
   glEnableClientState(GL_NORMAL_ARRAY);
   glEnableClientState(GL_FOG_COORD_ARRAY);
   glMultiTexCoord4f(GL_TEXTURE3, 0, 0, 0, 0.25f);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLfloat want[4] = { 1, 1, 0.5f, 0.25f };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, want, 0.01f));
   GLint v = 0;
   glGetIntegerv(GL_NORMAL_ARRAY_TYPE, &v);
   assert_int_equal(v, GL_SHORT);
   glGetIntegerv(GL_SECONDARY_COLOR_ARRAY_SIZE, &v);
   assert_int_equal(v, 3);
   glSecondaryColorPointer(4, GL_UNSIGNED_BYTE, 0, color1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glFogCoordPointer(GL_INT, 0, fog);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glUseProgram(0);
   glDeleteProgram(prog);
}

/* Compatibility: glEnable/glDisable of a client-state cap work as
 * glEnableClientState/glDisableClientState. */
static void
compat_enable_client_caps(void **state)
{
   static const GLenum caps[] = {
      GL_VERTEX_ARRAY,          GL_NORMAL_ARRAY,        GL_COLOR_ARRAY,
      GL_SECONDARY_COLOR_ARRAY, GL_TEXTURE_COORD_ARRAY, GL_FOG_COORD_ARRAY,
      GL_EDGE_FLAG_ARRAY,
   };
   for (unsigned i = 0; i < sizeof(caps) / sizeof(caps[0]); i++) {
      glEnable(caps[i]);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      assert_true(glIsEnabled(caps[i]));
      glDisable(caps[i]);
      assert_false(glIsEnabled(caps[i]));
      glEnableClientState(caps[i]);
      assert_true(glIsEnabled(caps[i]));
      glDisable(caps[i]);
      assert_false(glIsEnabled(caps[i]));
   }
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* The array enabled so is drawn from. */
   const GLfloat pos[] = { -1, -1, 3, -1, -1, 3 };
   const GLfloat color[] = { 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1 };
   glVertexPointer(2, GL_FLOAT, 0, pos);
   glColorPointer(4, GL_FLOAT, 0, color);
   glEnable(GL_VERTEX_ARRAY);
   glEnable(GL_COLOR_ARRAY);
   glColor4f(1, 0, 0, 1);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   const GLfloat green[4] = { 0, 1, 0, 1 };
   assert_true(st_test_probe(SIZE / 2, SIZE / 2, green, 0.01f));
   glDisable(GL_VERTEX_ARRAY);
   glDisable(GL_COLOR_ARRAY);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Core contexts have no client-state caps. */
static void
core_enable_client_cap_is_an_error(void **state)
{
   glEnable(GL_VERTEX_ARRAY);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDisable(GL_COLOR_ARRAY);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

#define CORE_TEST(t) cmocka_unit_test_setup_teardown(t, setup_core, teardown)
#define COMPAT_TEST(t) \
   cmocka_unit_test_setup_teardown(t, setup_compat, teardown)
#define ES2_TEST(t) cmocka_unit_test_setup_teardown(t, setup_es2, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE_TEST(normalized_bytes),
      CORE_TEST(core_enable_client_cap_is_an_error),
      COMPAT_TEST(compat_enable_client_caps),
      CORE_TEST(bgra_bytes),
      CORE_TEST(packed_2_10_10_10),
      CORE_TEST(unnormalized_shorts),
      CORE_TEST(integer_attribute),
      CORE_TEST(packed_current_values),
      CORE_TEST(normalized_ints),
      ES2_TEST(es2_fixed_client_arrays),
      COMPAT_TEST(interleaved_and_tex_units),
      COMPAT_TEST(compat_current_values),
      COMPAT_TEST(compat_attribute_locations),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
