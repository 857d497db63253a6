/* SPDX-License-Identifier: MIT */

/*
 * Programs in draws: a colour from a default-block uniform, from a
 * uniform buffer, from a sampler on a chosen unit; a failed relink keeps
 * drawing with the old executable; samplers of different types on one
 * unit make the draw fail; no program in a core context draws nothing;
 * a geometry shader; transform feedback of a program's varyings; a
 * program shared by two contexts; the compatibility state uniforms and
 * the fixed-function program.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks the Khronos headers for the prototypes. */
#include "st_test_util.h"

#include "st_context.h"

#define SIZE 16

struct draw_test {
   struct st_context *ctx;
   GLuint fbo, vao, vbo;
};

static int
setup(void **state)
{
   struct draw_test *t = test_calloc(1, sizeof(*t));
   t->ctx = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   if (!t->ctx)
      return -1;
   t->fbo = st_test_fbo(SIZE, SIZE);
   if (!t->fbo)
      return -1;
   /* One triangle covering the framebuffer, at attribute 0. */
   static const GLfloat tri[] = { -1, -1, 3, -1, -1, 3 };
   glGenVertexArrays(1, &t->vao);
   glBindVertexArray(t->vao);
   glGenBuffers(1, &t->vbo);
   glBindBuffer(GL_ARRAY_BUFFER, t->vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   *state = t;
   return 0;
}

static int
teardown(void **state)
{
   struct draw_test *t = *state;
   glUseProgram(0);
   st_test_context_destroy(t->ctx);
   test_free(t);
   return 0;
}

/* Links a program whose vertex shader places attribute 0 ("pos", a
 * vec2) and whose fragment shader is @p fs_body after its declarations
 * @p fs_decls, writing vec4 c. */
static GLuint
program(const char *fs_decls, const char *fs_body)
{
   char fs[2048];
   snprintf(fs, sizeof(fs),
            "#version 330\n%s\nout vec4 c;\nvoid main() { %s }\n", fs_decls,
            fs_body);
   GLuint prog = glCreateProgram();
   glBindAttribLocation(prog, 0, "pos");
   GLuint v = glCreateShader(GL_VERTEX_SHADER);
   const char *vs = "#version 330\nin vec2 pos;\nout vec2 tc;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0);"
                    " tc = pos * 0.5 + 0.5; }\n";
   glShaderSource(v, 1, &vs, NULL);
   glCompileShader(v);
   GLuint f = glCreateShader(GL_FRAGMENT_SHADER);
   const char *fsp = fs;
   glShaderSource(f, 1, &fsp, NULL);
   glCompileShader(f);
   glAttachShader(prog, v);
   glAttachShader(prog, f);
   glLinkProgram(prog);
   glDeleteShader(v);
   glDeleteShader(f);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[2048] = "";
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      fail_msg("link failed: %s", log);
   }
   glUseProgram(prog);
   return prog;
}

static void
draw(void)
{
   glDrawArrays(GL_TRIANGLES, 0, 3);
}

static void
uniform_colour(void **state)
{
   GLuint prog =
      program("uniform vec4 col; uniform float scale;", "c = col * scale;");
   glUniform4f(glGetUniformLocation(prog, "col"), 1.0f, 0.5f, 0.25f, 1.0f);
   glUniform1f(glGetUniformLocation(prog, "scale"), 1.0f);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(3, 3, (GLfloat[]){ 1, 0.5f, 0.25f, 1 }, 0.01f));
   /* A new value reaches the next draw. */
   glUniform1f(glGetUniformLocation(prog, "scale"), 0.0f);
   draw();
   assert_true(st_test_probe(9, 9, (GLfloat[]){ 0, 0, 0, 0 }, 0.01f));
   glDeleteProgram(prog);
}

static void
uniform_buffer_colour(void **state)
{
   GLuint prog = program("layout(std140) uniform Colours { vec4 a; vec4 b; };",
                         "c = a + b;");
   const GLfloat data[2][4] = { { 0.25f, 0, 0, 0.5f }, { 0, 0.75f, 0, 0.5f } };
   GLuint ubo;
   glGenBuffers(1, &ubo);
   glBindBuffer(GL_UNIFORM_BUFFER, ubo);
   glBufferData(GL_UNIFORM_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
   glBindBufferBase(GL_UNIFORM_BUFFER, 3, ubo);
   glUniformBlockBinding(prog, glGetUniformBlockIndex(prog, "Colours"), 3);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(5, 5, (GLfloat[]){ 0.25f, 0.75f, 0, 1 }, 0.01f));
   glDeleteBuffers(1, &ubo);
   glDeleteProgram(prog);
}

static void
sampler_unit(void **state)
{
   GLuint prog = program("in vec2 tc; uniform sampler2D other;"
                         " uniform sampler2D tex;",
                         "c = texture(tex, tc) + texture(other, tc) * 0.0;");
   /* 2x1: left red, right blue, on unit 3. */
   const GLubyte texels[2][4] = { { 255, 0, 0, 255 }, { 0, 0, 255, 255 } };
   GLuint tex;
   glGenTextures(1, &tex);
   glActiveTexture(GL_TEXTURE3);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texels);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glActiveTexture(GL_TEXTURE0);
   glUniform1i(glGetUniformLocation(prog, "tex"), 3);
   glUniform1i(glGetUniformLocation(prog, "other"), 5);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 1, 0, 0, 1 }, 0.01f));
   assert_true(st_test_probe(13, 8, (GLfloat[]){ 0, 0, 1, 1 }, 0.01f));
   glDeleteTextures(1, &tex);
   glDeleteProgram(prog);
}

static void
sampler_type_conflict(void **state)
{
   GLuint prog =
      program("in vec2 tc; uniform sampler2D a; uniform sampler3D b;",
              "c = texture(a, tc) + texture(b, vec3(tc, 0.0));");
   glUniform1i(glGetUniformLocation(prog, "a"), 1);
   glUniform1i(glGetUniformLocation(prog, "b"), 1);
   glValidateProgram(prog);
   GLint valid = -1;
   glGetProgramiv(prog, GL_VALIDATE_STATUS, &valid);
   assert_int_equal(valid, GL_FALSE);
   draw();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform1i(glGetUniformLocation(prog, "b"), 2);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteProgram(prog);
}

static void
failed_relink_draws_old(void **state)
{
   GLuint prog = program("uniform vec4 col;", "c = col;");
   glUniform4f(glGetUniformLocation(prog, "col"), 0, 1, 0, 1);
   GLuint bad = glCreateShader(GL_FRAGMENT_SHADER);
   const char *src = "#version 330\nvoid main() { oops(); }\n";
   glShaderSource(bad, 1, &src, NULL);
   glCompileShader(bad);
   glAttachShader(prog, bad);
   glLinkProgram(prog);
   GLint ok = 1;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_FALSE);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(8, 8, (GLfloat[]){ 0, 1, 0, 1 }, 0.01f));
   glDeleteShader(bad);
   glDeleteProgram(prog);
}

static void
no_program_draws_nothing(void **state)
{
   glUseProgram(0);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(8, 8, (GLfloat[]){ 0, 0, 0, 0 }, 0.01f));
}

static void
geometry_shader_stage(void **state)
{
   /* The geometry shader keeps only the left half of each triangle's
    * box by moving its vertices: x -> x * 0.5 - 0.5. */
   GLuint prog = glCreateProgram();
   glBindAttribLocation(prog, 0, "pos");
   const char *src[3] = {
      "#version 330\nin vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 330\nlayout(triangles) in;\n"
      "layout(triangle_strip, max_vertices = 3) out;\n"
      "uniform float shift;\nout vec4 gcol;\n"
      "void main() {\n"
      "   for (int i = 0; i < 3; i++) {\n"
      "      vec4 p = gl_in[i].gl_Position;\n"
      "      gl_Position = vec4(p.x * 0.5 + shift, p.yzw);\n"
      "      gcol = vec4(0.0, 1.0, 0.0, 1.0);\n"
      "      EmitVertex();\n"
      "   }\n"
      "}\n",
      "#version 330\nin vec4 gcol;\nout vec4 c;\n"
      "void main() { c = gcol; }\n",
   };
   const GLenum types[3] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER,
                             GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 3; i++) {
      GLuint sh = glCreateShader(types[i]);
      glShaderSource(sh, 1, &src[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   glUseProgram(prog);
   glUniform1f(glGetUniformLocation(prog, "shift"), -0.5f);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 0, 1, 0, 1 }, 0.01f));
   assert_true(st_test_probe(13, 8, (GLfloat[]){ 0, 0, 0, 0 }, 0.01f));

   /* Modes that do not give the geometry shader's input primitive
    * (triangles) fail without drawing (GL 3.2 core, 2.12.2). */
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_POINTS, 0, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawArrays(GL_LINE_STRIP, 0, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawArrays(GL_TRIANGLES_ADJACENCY, 0, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawElements(GL_POINTS, 3, GL_UNSIGNED_INT, (GLuint[]){ 0, 1, 2 });
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 0, 0, 0, 0 }, 0.01f));
   glDrawArrays(GL_TRIANGLE_FAN, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 0, 1, 0, 1 }, 0.01f));
   glDeleteProgram(prog);
}

static void
transform_feedback_capture(void **state)
{
   GLuint prog = glCreateProgram();
   glBindAttribLocation(prog, 0, "pos");
   const char *vs = "#version 330\nin vec2 pos;\nout float twice;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0);"
                    " twice = pos.x * 2.0; }\n";
   const char *fs = "#version 330\nout vec4 c;\n"
                    "void main() { c = vec4(1.0); }\n";
   const char *shaders[2] = { vs, fs };
   const GLenum types[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(types[i]);
      glShaderSource(sh, 1, &shaders[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   const char *varyings[] = { "twice", "gl_Position" };
   glTransformFeedbackVaryings(prog, 2, varyings, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   glUseProgram(prog);

   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 5 * sizeof(GLfloat), NULL,
                GL_STATIC_READ);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 3);
   glEndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLfloat out[15];
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(out), out);
   /* Per vertex: twice, then gl_Position. */
   const GLfloat want[15] = {
      -2, -1, -1, 0, 1, 6, 3, -1, 0, 1, -2, -1, 3, 0, 1
   };
   for (unsigned i = 0; i < 15; i++) {
      if (out[i] != want[i])
         fail_msg("word %u: %g, expected %g", i, out[i], want[i]);
   }
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

/* Two contexts of one share group: a program linked in one is current in
 * the other, and a relink in the first reaches the second's draws. */
static void
shared_program_relink(void **state)
{
   struct draw_test *t = *state;
   GLuint prog = program("uniform vec4 col;", "c = col;");
   glUniform4f(glGetUniformLocation(prog, "col"), 1, 0, 0, 1);

   struct st_context_attribs attribs = {
      .api = ST_API_OPENGL,
      .major = 3,
      .minor = 3,
      .profile = ST_PROFILE_CORE,
   };
   enum st_context_error error;
   struct st_context *other =
      st_context_create(t->ctx->st_screen, &attribs, t->ctx, &error);
   assert_non_null(other);
   assert_true(st_make_current(other, NULL, NULL));
   GLuint fbo = st_test_fbo(SIZE, SIZE);
   assert_true(fbo != 0);
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glBindBuffer(GL_ARRAY_BUFFER, t->vbo);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   assert_true(glIsProgram(prog));
   glUseProgram(prog);
   draw();
   assert_true(st_test_probe(4, 4, (GLfloat[]){ 1, 0, 0, 1 }, 0.01f));

   /* Relink in the first context with another fragment shader. */
   assert_true(st_make_current(t->ctx, NULL, NULL));
   GLuint attached[2];
   GLsizei n = 0;
   glGetAttachedShaders(prog, 2, &n, attached);
   assert_int_equal(n, 2);
   /* They were deleted while attached: detaching frees them. */
   for (GLsizei i = 0; i < n; i++) {
      glDetachShader(prog, attached[i]);
      assert_false(glIsShader(attached[i]));
   }
   GLuint v = glCreateShader(GL_VERTEX_SHADER);
   GLuint f = glCreateShader(GL_FRAGMENT_SHADER);
   const char *vs = "#version 330\nin vec2 pos;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   const char *fs = "#version 330\nout vec4 c;\n"
                    "void main() { c = vec4(0.0, 0.0, 1.0, 1.0); }\n";
   glShaderSource(v, 1, &vs, NULL);
   glShaderSource(f, 1, &fs, NULL);
   glCompileShader(v);
   glCompileShader(f);
   glAttachShader(prog, v);
   glAttachShader(prog, f);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);

   assert_true(st_make_current(other, NULL, NULL));
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(4, 4, (GLfloat[]){ 0, 0, 1, 1 }, 0.01f));
   /* Deleted in the first context while current in the second: the
    * name lives until the second lets go. */
   assert_true(st_make_current(t->ctx, NULL, NULL));
   glUseProgram(0);
   glDeleteProgram(prog);
   glDeleteShader(v);
   glDeleteShader(f);
   assert_true(glIsProgram(prog));
   st_context_destroy(other);
   assert_true(st_make_current(t->ctx, NULL, NULL));
   assert_false(glIsProgram(prog));
}

/* GL 3.3 links a program without a fragment shader; with rasterizer
 * discard it captures vertices, without it nothing is defined to draw. */
static void
vertex_shader_only(void **state)
{
   GLuint prog = glCreateProgram();
   glBindAttribLocation(prog, 0, "pos");
   const char *vs = "#version 330\nin vec2 pos;\n"
                    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
   GLuint sh = glCreateShader(GL_VERTEX_SHADER);
   glShaderSource(sh, 1, &vs, NULL);
   glCompileShader(sh);
   glAttachShader(prog, sh);
   glDeleteShader(sh);
   const char *varyings[] = { "gl_Position" };
   glTransformFeedbackVaryings(prog, 1, varyings, GL_INTERLEAVED_ATTRIBS);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   glUseProgram(prog);
   draw();
   assert_int_equal(glGetError(), GL_NO_ERROR);

   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, buf);
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 4 * sizeof(GLfloat), NULL,
                GL_STATIC_READ);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf);
   glEnable(GL_RASTERIZER_DISCARD);
   glBeginTransformFeedback(GL_TRIANGLES);
   draw();
   glEndTransformFeedback();
   glDisable(GL_RASTERIZER_DISCARD);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLfloat out[12];
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(out), out);
   assert_true(out[4] == 3 && out[5] == -1 && out[11] == 1);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static int
compat_setup(void **state)
{
   struct draw_test *t = test_calloc(1, sizeof(*t));
   t->ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   if (!t->ctx)
      return -1;
   t->fbo = st_test_fbo(SIZE, SIZE);
   if (!t->fbo)
      return -1;
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, SIZE, 0, SIZE, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   *state = t;
   return 0;
}

/* Two triangles covering x in [0, 8), all y, in window units. */
static void
draw_left_half(void)
{
   glBegin(GL_TRIANGLES);
   glVertex2f(0, 0);
   glVertex2f(8, 0);
   glVertex2f(8, SIZE);
   glVertex2f(0, 0);
   glVertex2f(8, SIZE);
   glVertex2f(0, SIZE);
   glEnd();
}

/* A GLSL 1.20 program reading the compatibility state: the matrices
 * place the geometry, a light's colour (an element of an array of
 * structs) and gl_DepthRange scale the colour. */
static void
compat_state_uniforms(void **state)
{
   const char *vs = "#version 120\n"
                    "void main() {\n"
                    "   gl_Position = gl_ModelViewProjectionMatrix *"
                    " gl_Vertex;\n"
                    "   gl_FrontColor = gl_Color;\n"
                    "}\n";
   const char *fs = "#version 120\n"
                    "void main() {\n"
                    "   gl_FragColor = gl_Color * gl_LightSource[1].diffuse *"
                    " gl_DepthRange.far;\n"
                    "}\n";
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   const GLfloat diffuse[4] = { 0.5f, 1, 0.25f, 1 };
   glLightfv(GL_LIGHT1, GL_DIFFUSE, diffuse);
   glColor3f(1, 1, 1);
   draw_left_half();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 0.5f, 1, 0.25f, 1 }, 0.01f));
   assert_true(st_test_probe(12, 8, (GLfloat[]){ 0, 0, 0, 0 }, 0.01f));
   /* A new modelview matrix reaches the next draw. */
   glTranslatef(8, 0, 0);
   glColor3f(0, 1, 0);
   draw_left_half();
   assert_true(st_test_probe(12, 8, (GLfloat[]){ 0, 1, 0, 1 }, 0.01f));
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 0.5f, 1, 0.25f, 1 }, 0.01f));
   glUseProgram(0);
   glDeleteProgram(prog);
}

/* Without a program, the compatibility profile draws with the
 * fixed-function program; a program replaces it and glUseProgram(0)
 * brings it back. */
static void
compat_fixed_function(void **state)
{
   glColor3f(1, 0, 0);
   draw_left_half();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(3, 3, (GLfloat[]){ 1, 0, 0, 1 }, 0.01f));
   GLuint prog = st_test_program(
      "#version 120\nvoid main() { gl_Position = ftransform(); }\n",
      "#version 120\nvoid main() { gl_FragColor = vec4(0, 0, 1, 1); }\n");
   glUseProgram(prog);
   draw_left_half();
   assert_true(st_test_probe(3, 3, (GLfloat[]){ 0, 0, 1, 1 }, 0.01f));
   glUseProgram(0);
   glColor3f(0, 1, 1);
   draw_left_half();
   assert_true(st_test_probe(3, 3, (GLfloat[]){ 0, 1, 1, 1 }, 0.01f));
   glDeleteProgram(prog);
}

static GLuint
one_stage_program(GLenum type, const char *src)
{
   GLuint sh = glCreateShader(type);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLuint prog = glCreateProgram();
   glAttachShader(prog, sh);
   glLinkProgram(prog);
   glDeleteShader(sh);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   return prog;
}

/* GL 2.0, 2.15: a program without a vertex (fragment) shader gets
 * fixed-function vertex (fragment) processing. */
static void
compat_one_stage_programs(void **state)
{
   GLuint fs_only = one_stage_program(
      GL_FRAGMENT_SHADER, "#version 110\nuniform float k;\n"
                          "void main() { gl_FragColor = gl_Color * k; }\n");
   glUseProgram(fs_only);
   glUniform1f(glGetUniformLocation(fs_only, "k"), 0.5f);
   glColor4f(1, 1, 1, 1);
   draw_left_half();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(
      st_test_probe(2, 8, (GLfloat[]){ 0.5f, 0.5f, 0.5f, 0.5f }, 0.01f));
   assert_true(st_test_probe(12, 8, (GLfloat[]){ 0, 0, 0, 0 }, 0.01f));

   GLuint vs_only = one_stage_program(
      GL_VERTEX_SHADER, "#version 110\n"
                        "void main() {\n"
                        "   gl_Position = ftransform() + vec4(1.0, 0, 0, 0);\n"
                        "   gl_FrontColor = vec4(0, 1, 0, 1);\n"
                        "}\n");
   glUseProgram(vs_only);
   draw_left_half();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(12, 8, (GLfloat[]){ 0, 1, 0, 1 }, 0.01f));

   /* No shader at all: both stages fixed-function. */
   GLuint empty = glCreateProgram();
   glLinkProgram(empty);
   glUseProgram(empty);
   glColor3f(0, 0, 1);
   draw_left_half();
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 8, (GLfloat[]){ 0, 0, 1, 1 }, 0.01f));
   glUseProgram(0);
   glDeleteProgram(empty);
   glDeleteProgram(fs_only);
   glDeleteProgram(vs_only);
}

/* ES 3.0 contexts run ESSL 1.00 and 3.00 programs. */
static void
es_programs(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_true(st_test_fbo(SIZE, SIZE) != 0);
   static const GLfloat tri[] = { -1, -1, 3, -1, -1, 3 };
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);

   const char *vs[2] = {
      "#version 100\nattribute vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
      "#version 300 es\nin vec2 pos;\n"
      "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
   };
   const char *fs[2] = {
      "#version 100\nprecision mediump float;\nuniform vec4 col;\n"
      "void main() { gl_FragColor = col; }\n",
      "#version 300 es\nprecision mediump float;\nuniform vec4 col;\n"
      "out vec4 c;\nvoid main() { c = col.bgra; }\n",
   };
   for (unsigned i = 0; i < 2; i++) {
      GLuint prog = glCreateProgram();
      glBindAttribLocation(prog, 0, "pos");
      GLuint v = glCreateShader(GL_VERTEX_SHADER);
      GLuint f = glCreateShader(GL_FRAGMENT_SHADER);
      glShaderSource(v, 1, &vs[i], NULL);
      glShaderSource(f, 1, &fs[i], NULL);
      glCompileShader(v);
      glCompileShader(f);
      glAttachShader(prog, v);
      glAttachShader(prog, f);
      /* ES: one shader of each type per program. */
      GLuint extra = glCreateShader(GL_VERTEX_SHADER);
      glAttachShader(prog, extra);
      glDeleteShader(extra);
      assert_int_equal(glGetError(), GL_INVALID_OPERATION);
      glLinkProgram(prog);
      GLint ok = 0;
      glGetProgramiv(prog, GL_LINK_STATUS, &ok);
      assert_int_equal(ok, GL_TRUE);
      glUseProgram(prog);
      glUniform4f(glGetUniformLocation(prog, "col"), 1, 0, 0.5f, 1);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      /* ES reads RGBA8 as unsigned bytes only. */
      GLubyte want[4] = { 255, 0, 128, 255 }, got[4] = { 0 };
      if (i == 1) {
         want[0] = 128;
         want[2] = 255;
      }
      glReadPixels(8, 8, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      for (unsigned c = 0; c < 4; c++)
         assert_true(abs((int)got[c] - (int)want[c]) <= 1);
      glUseProgram(0);
      glDeleteProgram(prog);
      glDeleteShader(v);
      glDeleteShader(f);
   }
   glDeleteBuffers(1, &vbo);
   st_test_context_destroy(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(uniform_colour, setup, teardown),
      cmocka_unit_test_setup_teardown(uniform_buffer_colour, setup, teardown),
      cmocka_unit_test_setup_teardown(sampler_unit, setup, teardown),
      cmocka_unit_test_setup_teardown(sampler_type_conflict, setup, teardown),
      cmocka_unit_test_setup_teardown(failed_relink_draws_old, setup, teardown),
      cmocka_unit_test_setup_teardown(no_program_draws_nothing, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(geometry_shader_stage, setup, teardown),
      cmocka_unit_test_setup_teardown(transform_feedback_capture, setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(shared_program_relink, setup, teardown),
      cmocka_unit_test_setup_teardown(vertex_shader_only, setup, teardown),
      cmocka_unit_test_setup_teardown(compat_state_uniforms, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_fixed_function, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_one_stage_programs, compat_setup,
                                      teardown),
      cmocka_unit_test(es_programs),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
