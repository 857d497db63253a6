/* SPDX-License-Identifier: MIT */

/*
 * Queries, conditional rendering, transform feedback and sync objects:
 * occlusion counts of drawn rectangles in a 32x32 framebuffer object,
 * primitive counts, captured gl_Position values, fences, and the errors
 * of each.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#include "st_context.h"

#define SIZE 32

static const GLfloat black[4] = { 0, 0, 0, 0 };
static const GLfloat green[4] = { 0, 1, 0, 1 };

static const char *vs = "#version 330 core\n"
                        "layout(location = 0) in vec2 pos;\n"
                        "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs = "#version 330 core\n"
                        "out vec4 o;\n"
                        "void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static const char *es_vs =
   "#version 300 es\n"
   "layout(location = 0) in vec2 pos;\n"
   "void main() { gl_Position = vec4(pos, 0.5, 1.0); }\n";
static const char *es_fs = "#version 300 es\n"
                           "precision mediump float;\n"
                           "out vec4 o;\n"
                           "void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static int
setup_core(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

static int
setup_es3(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
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

/** A VAO with attribute 0 reading @p n vec2 from a new buffer. */
static GLuint
vao_with(const GLfloat *verts, unsigned n, GLuint *buf)
{
   GLuint vao;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, buf);
   glBindBuffer(GL_ARRAY_BUFFER, *buf);
   glBufferData(GL_ARRAY_BUFFER, n * 2 * sizeof(GLfloat), verts,
                GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, 0);
   glEnableVertexAttribArray(0);
   return vao;
}

/* The left half of the target as two triangles: 16x32 = 512 pixels. */
static const GLfloat left_half[] = {
   -1, -1, 0, -1, 0, 1, /**/ -1, -1, 0, 1, -1, 1,
};

static void
clear(void)
{
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

static GLuint
query_result(GLuint q)
{
   GLuint v = 12345;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
   return v;
}

static void
occlusion_counts_samples(void **state)
{
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   GLuint buf, vao = vao_with(left_half, 6, &buf);
   clear();

   GLuint q[3];
   glGenQueries(3, q);
   assert_false(glIsQuery(q[0]));
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[2]);
   assert_true(glIsQuery(q[0]));
   GLint current = 0;
   glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
   assert_int_equal(current, q[0]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndQuery(GL_SAMPLES_PASSED);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
   assert_int_equal(current, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(4, 4, green, 0.01f));
   assert_true(st_test_probe(SIZE - 4, 4, black, 0.01f));

   GLuint available = 0;
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &available);
   assert_int_equal(query_result(q[0]), SIZE * SIZE / 2);
   assert_int_equal(query_result(q[1]), 1);
   assert_int_equal(query_result(q[2]), 2);
   GLint64 r64 = 0;
   glGetQueryObjecti64v(q[0], GL_QUERY_RESULT, &r64);
   assert_int_equal(r64, SIZE * SIZE / 2);
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &available);
   assert_int_equal(available, GL_TRUE);

   /* Everything fails the depth test: no sample passes. */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_NEVER);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glEndQuery(GL_SAMPLES_PASSED);
   assert_int_equal(query_result(q[0]), 0);
   assert_int_equal(query_result(q[1]), 0);
   glDisable(GL_DEPTH_TEST);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glDeleteQueries(3, q);
   assert_false(glIsQuery(q[0]));
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static void
conditional_render(void **state)
{
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   GLuint buf, vao = vao_with(left_half, 6, &buf);
   GLuint q[2];
   glGenQueries(2, q);

   /* q[0]: nothing passed; q[1]: samples passed. */
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_NEVER);
   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndQuery(GL_SAMPLES_PASSED);
   glDisable(GL_DEPTH_TEST);
   glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndQuery(GL_SAMPLES_PASSED);

   clear();
   glBeginConditionalRender(q[0], GL_QUERY_WAIT);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndConditionalRender();
   assert_true(st_test_probe(4, 4, black, 0.01f));
   glBeginConditionalRender(q[1], GL_QUERY_WAIT);
   glDrawArrays(GL_TRIANGLES, 0, 6);
   glEndConditionalRender();
   assert_true(st_test_probe(4, 4, green, 0.01f));
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Errors. */
   glBeginConditionalRender(q[1], GL_NONE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBeginConditionalRender(12345, GL_QUERY_WAIT);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glEndConditionalRender();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBeginConditionalRender(q[1], GL_QUERY_NO_WAIT);
   glBeginConditionalRender(q[1], GL_QUERY_NO_WAIT);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glEndConditionalRender();
   GLuint prims;
   glGenQueries(1, &prims);
   glBeginQuery(GL_PRIMITIVES_GENERATED, prims);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   glBeginConditionalRender(prims, GL_QUERY_WAIT);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   glDeleteQueries(1, &prims);
   glDeleteQueries(2, q);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static void
query_errors(void **state)
{
   GLuint q[2];
   glGenQueries(-1, q);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGenQueries(2, q);

   glBeginQuery(GL_TIMESTAMP, q[0]);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBeginQuery(GL_SAMPLES_PASSED, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Not a name from glGenQueries. */
   glBeginQuery(GL_SAMPLES_PASSED, 4242);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glEndQuery(GL_SAMPLES_PASSED);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Never begun: not a query object yet. */
   GLuint v;
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT, &v);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   glBeginQuery(GL_SAMPLES_PASSED, q[0]);
   /* The same target twice, the same query for two targets. */
   glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Results of an active query. */
   glGetQueryObjectuiv(q[0], GL_QUERY_RESULT_AVAILABLE, &v);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glEndQuery(GL_SAMPLES_PASSED);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* A query keeps the target of its first use. */
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q[0]);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetQueryObjectuiv(q[0], GL_QUERY_TARGET, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint bits = 0;
   glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_COUNTER_BITS, &bits);
   assert_true(bits >= 32);
   glGetQueryiv(GL_SAMPLES_PASSED, GL_QUERY_RESULT, &bits);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetQueryiv(GL_TEXTURE_2D, GL_CURRENT_QUERY, &bits);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   /* ES 3.0's conservative target is GL 3.3's too, through
    * ARB_ES3_compatibility. */
   GLuint conservative;
   glGenQueries(1, &conservative);
   glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, conservative);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
   glDeleteQueries(1, &conservative);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Deleting an active query ends it. */
   glBeginQuery(GL_SAMPLES_PASSED, q[1]);
   glDeleteQueries(2, q);
   GLint current = -1;
   glGetQueryiv(GL_SAMPLES_PASSED, GL_CURRENT_QUERY, &current);
   assert_int_equal(current, 0);
   glDeleteQueries(-1, q);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
timer_queries(void **state)
{
   GLuint q[2];
   glGenQueries(2, q);
   glBeginQuery(GL_TIME_ELAPSED, q[0]);
   glClear(GL_COLOR_BUFFER_BIT);
   glEndQuery(GL_TIME_ELAPSED);
   glQueryCounter(q[1], GL_TIMESTAMP);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glFinish();
   GLuint available = 0;
   glGetQueryObjectuiv(q[1], GL_QUERY_RESULT_AVAILABLE, &available);
   assert_int_equal(available, GL_TRUE);
   GLuint64 stamp = 0;
   glGetQueryObjectui64v(q[1], GL_QUERY_RESULT, &stamp);
   assert_true(stamp != 0);
   GLint bits = 0;
   glGetQueryiv(GL_TIMESTAMP, GL_QUERY_COUNTER_BITS, &bits);
   assert_int_equal(bits, 64);
   GLint64 now = 0;
   glGetInteger64v(GL_TIMESTAMP, &now);
   assert_true(now != 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Errors: the target, a query of another target. */
   glQueryCounter(q[1], GL_TIME_ELAPSED);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glQueryCounter(q[0], GL_TIMESTAMP);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glQueryCounter(777, GL_TIMESTAMP);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteQueries(2, q);
}

static GLuint
xfb_program(const char *vs_source, const char *fs_source, GLenum mode)
{
   GLuint prog = glCreateProgram();
   const char *sources[2] = { vs_source, fs_source };
   const GLenum stages[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(stages[i]);
      glShaderSource(sh, 1, &sources[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   const char *varyings[] = { "gl_Position" };
   glTransformFeedbackVaryings(prog, 1, varyings, mode);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_true(ok);
   return prog;
}

static void
xfb_captures_positions(void **state)
{
   GLuint prog = xfb_program(vs, fs, GL_INTERLEAVED_ATTRIBS);
   const GLfloat tri[] = { -1, -1, 1, -1, -1, 1 };
   GLuint buf, vao = vao_with(tri, 3, &buf);

   GLuint xfb_buf;
   glGenBuffers(1, &xfb_buf);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb_buf);
   GLfloat init[32];
   for (unsigned i = 0; i < 32; i++)
      init[i] = -7.0f;
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(init), init,
                GL_STREAM_READ);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb_buf);
   GLint bound = 0;
   glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 0, &bound);
   assert_int_equal(bound, xfb_buf);

   /* No program yet. */
   glBeginTransformFeedback(GL_TRIANGLES);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUseProgram(prog);
   glBeginTransformFeedback(GL_QUADS);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   GLuint written;
   glGenQueries(1, &written);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, written);
   glBeginTransformFeedback(GL_TRIANGLES);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBeginTransformFeedback(GL_TRIANGLES);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* The draw's primitives must be triangles. */
   glDrawArrays(GL_POINTS, 0, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Bindings cannot change while active. */
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   /* The second draw appends. */
   glDrawArrays(GL_TRIANGLE_STRIP, 0, 3);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glEndTransformFeedback();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_int_equal(query_result(written), 2);

   GLfloat out[32];
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(out), out);
   for (unsigned d = 0; d < 2; d++) {
      for (unsigned v = 0; v < 3; v++) {
         const GLfloat *p = &out[(d * 3 + v) * 4];
         assert_true(p[0] == tri[v * 2] && p[1] == tri[v * 2 + 1] &&
                     p[2] == 0.0f && p[3] == 1.0f);
      }
   }
   /* Nothing past the 6 vertices. */
   assert_true(out[24] == -7.0f);

   glDeleteQueries(1, &written);
   glDeleteBuffers(1, &xfb_buf);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static const char *two_vs = "#version 330 core\n"
                            "layout(location = 0) in vec2 pos;\n"
                            "out float id;\n"
                            "void main() {\n"
                            "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                            "   id = float(gl_VertexID) + 10.0;\n"
                            "}\n";
static const char *two_fs = "#version 330 core\n"
                            "in float id;\n"
                            "out vec4 o;\n"
                            "void main() { o = vec4(id); }\n";

static void
xfb_separate_buffers_and_overflow(void **state)
{
   GLuint prog = glCreateProgram();
   const char *sources[2] = { two_vs, two_fs };
   const GLenum stages[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
   for (unsigned i = 0; i < 2; i++) {
      GLuint sh = glCreateShader(stages[i]);
      glShaderSource(sh, 1, &sources[i], NULL);
      glCompileShader(sh);
      glAttachShader(prog, sh);
      glDeleteShader(sh);
   }
   const char *varyings[] = { "id", "gl_Position" };
   glTransformFeedbackVaryings(prog, 2, varyings, GL_SEPARATE_ATTRIBS);
   glLinkProgram(prog);
   glUseProgram(prog);
   const GLfloat pts[] = { 0.5f, -0.5f, 0.25f, 0.75f, -1, 1 };
   GLuint buf, vao = vao_with(pts, 3, &buf);

   /* Buffer 0 holds two ids at offset 8 of its range; buffer 1 room for
    * two positions: the third point does not fit. */
   GLuint out[2];
   glGenBuffers(2, out);
   GLfloat fill[16];
   for (unsigned i = 0; i < 16; i++)
      fill[i] = -1.0f;
   for (unsigned i = 0; i < 2; i++) {
      glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out[i]);
      glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(fill), fill,
                   GL_STREAM_READ);
   }
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out[0], 8, 8);
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 1, out[1], 0, 32);
   GLint64 start = 0, size = 0;
   glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 0, &start);
   glGetInteger64i_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 0, &size);
   assert_true(start == 8 && size == 8);

   GLuint q[2];
   glGenQueries(2, q);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q[0]);
   glBeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q[1]);
   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 3);
   glEndTransformFeedback();
   glEndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
   glEndQuery(GL_PRIMITIVES_GENERATED);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(query_result(q[0]), 3);
   assert_int_equal(query_result(q[1]), 2);

   GLfloat got[16];
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out[0]);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
   assert_true(got[1] == -1.0f && got[2] == 10.0f && got[3] == 11.0f &&
               got[4] == -1.0f);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, out[1]);
   glGetBufferSubData(GL_TRANSFORM_FEEDBACK_BUFFER, 0, sizeof(got), got);
   const GLfloat pos[8] = { 0.5f, -0.5f, 0, 1, 0.25f, 0.75f, 0, 1 };
   assert_memory_equal(got, pos, sizeof(pos));
   assert_true(got[8] == -1.0f);

   glDeleteQueries(2, q);
   glDeleteBuffers(2, out);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static void
xfb_needs_buffers(void **state)
{
   GLuint prog = xfb_program(vs, fs, GL_SEPARATE_ATTRIBS);
   glUseProgram(prog);
   glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 0);
   glBeginTransformFeedback(GL_POINTS);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Indices go up to GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, 4. */
   GLint v;
   glGetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 4, &v);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static void
xfb_pause_resume_es3(void **state)
{
   GLuint prog = xfb_program(es_vs, es_fs, GL_INTERLEAVED_ATTRIBS);
   glUseProgram(prog);
   const GLfloat points[] = { 0.25f, 0.5f, -0.5f, 0.75f };
   GLuint buf, vao = vao_with(points, 2, &buf);

   GLuint xfb[2];
   glGenTransformFeedbacks(2, xfb);
   assert_false(glIsTransformFeedback(xfb[0]));
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
   assert_true(glIsTransformFeedback(xfb[0]));
   GLint bound = 0;
   glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &bound);
   assert_int_equal(bound, xfb[0]);

   GLuint xfb_buf;
   glGenBuffers(1, &xfb_buf);
   glBindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, xfb_buf);
   GLfloat zero[16] = { 0 };
   glBufferData(GL_TRANSFORM_FEEDBACK_BUFFER, sizeof(zero), zero,
                GL_STREAM_READ);
   glBindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb_buf, 0, sizeof(zero));

   glBeginTransformFeedback(GL_POINTS);
   glDrawArrays(GL_POINTS, 0, 1);
   glPauseTransformFeedback();
   GLboolean paused = GL_FALSE;
   glGetBooleanv(GL_TRANSFORM_FEEDBACK_PAUSED, &paused);
   assert_true(paused);
   /* Not captured while paused; another object may be bound. */
   glDrawArrays(GL_POINTS, 1, 1);
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
   glPauseTransformFeedback();
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glResumeTransformFeedback();
   glDrawArrays(GL_POINTS, 1, 1);
   /* ES 3.0: the mode must be primitiveMode exactly; no indexed draws. */
   glDrawArrays(GL_LINES, 0, 2);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   const GLubyte idx[1] = { 0 };
   glDrawElements(GL_POINTS, 1, GL_UNSIGNED_BYTE, idx);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Cannot bind another object or delete this one while active. */
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[1]);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTransformFeedbacks(1, xfb);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glEndTransformFeedback();
   assert_int_equal(glGetError(), GL_NO_ERROR);

   GLfloat *out = glMapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0,
                                   sizeof(zero), GL_MAP_READ_BIT);
   assert_non_null(out);
   const GLfloat expected[12] = { 0.25f, 0.5f, 0.5f, 1.0f, -0.5f, 0.75f,
                                  0.5f,  1.0f, 0.0f, 0.0f, 0.0f,  0.0f };
   assert_memory_equal(out, expected, sizeof(expected));
   glUnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);

   glDeleteTransformFeedbacks(2, xfb);
   assert_false(glIsTransformFeedback(xfb[0]));
   glGetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &bound);
   assert_int_equal(bound, 0);
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, xfb[0]);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindTransformFeedback(GL_TRANSFORM_FEEDBACK_BUFFER, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteBuffers(1, &xfb_buf);
   glDeleteVertexArrays(1, &vao);
   glDeleteBuffers(1, &buf);
   glDeleteProgram(prog);
}

static void
fences(void **state)
{
   GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   assert_non_null(sync);
   assert_true(glIsSync(sync));
   glFinish();
   GLint status = 0, length = -1;
   glGetSynciv(sync, GL_SYNC_STATUS, 1, &length, &status);
   assert_int_equal(status, GL_SIGNALED);
   assert_int_equal(length, 1);
   GLint type = 0;
   glGetSynciv(sync, GL_OBJECT_TYPE, 1, NULL, &type);
   assert_int_equal(type, GL_SYNC_FENCE);
   assert_int_equal(glClientWaitSync(sync, GL_SYNC_FLUSH_COMMANDS_BIT, 0),
                    GL_ALREADY_SIGNALED);
   glWaitSync(sync, 0, GL_TIMEOUT_IGNORED);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* A wait with a timeout on a fresh fence ends signalled. */
   GLsync other = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   GLenum r =
      glClientWaitSync(other, GL_SYNC_FLUSH_COMMANDS_BIT, GL_TIMEOUT_IGNORED);
   assert_true(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
   glDeleteSync(other);

   /* Errors. */
   assert_null(glFenceSync(GL_NONE, 0));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_null(glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 1));
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_int_equal(glClientWaitSync(sync, 0x2, 0), GL_WAIT_FAILED);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glWaitSync(sync, 0, 0);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetSynciv(sync, GL_SYNC_FENCE, 1, NULL, &status);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetSynciv(sync, GL_SYNC_STATUS, -1, NULL, &status);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* Not a sync object. */
   GLsync bogus = (GLsync)&status;
   assert_false(glIsSync(bogus));
   glDeleteSync(bogus);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_int_equal(glClientWaitSync(bogus, 0, 0), GL_WAIT_FAILED);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   glDeleteSync(sync);
   assert_false(glIsSync(sync));
   glDeleteSync(0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
syncs_are_shared(void **state)
{
   struct st_context *ctx = *state;
   GLsync sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   /* Left alive: the share group frees it. */
   GLsync kept = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
   assert_non_null(kept);

   struct st_context_attribs attribs = {
      .api = ST_API_OPENGL,
      .major = 3,
      .minor = 3,
      .profile = ST_PROFILE_CORE,
   };
   enum st_context_error error;
   struct st_context *other =
      st_context_create(ctx->st_screen, &attribs, ctx, &error);
   assert_non_null(other);
   assert_true(st_make_current(other, NULL, NULL));
   assert_true(glIsSync(sync));
   GLenum r = glClientWaitSync(sync, 0, GL_TIMEOUT_IGNORED);
   assert_true(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
   glDeleteSync(sync);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Query objects are not shared. */
   GLuint q;
   glGenQueries(1, &q);
   glBeginQuery(GL_SAMPLES_PASSED, q);
   glEndQuery(GL_SAMPLES_PASSED);
   assert_true(st_make_current(ctx, NULL, NULL));
   st_context_destroy(other);
   assert_false(glIsSync(sync));
   assert_false(glIsQuery(q));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
compat_arb_queries(void **state)
{
   GLuint q;
   glGenQueriesARB(1, &q);
   glBeginQueryARB(GL_SAMPLES_PASSED, q);
   glClear(GL_COLOR_BUFFER_BIT);
   glEndQueryARB(GL_SAMPLES_PASSED);
   GLuint v = 1;
   glGetQueryObjectuivARB(q, GL_QUERY_RESULT, &v);
   assert_int_equal(v, 0);
   /* GL_ARB_occlusion_query2 and GL_ARB_timer_query in GL 3.0. */
   glDeleteQueriesARB(1, &q);
   glGenQueries(1, &q);
   glBeginQuery(GL_ANY_SAMPLES_PASSED, q);
   glEndQuery(GL_ANY_SAMPLES_PASSED);
   glDeleteQueries(1, &q);
   glGenQueries(1, &q);
   glQueryCounter(q, GL_TIMESTAMP);
   glDeleteQueries(1, &q);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Conditional rendering is GL 3.0. */
   glBeginConditionalRender(q, GL_QUERY_WAIT);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
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

static void
es3_query_targets(void **state)
{
   GLuint q;
   glGenQueries(1, &q);
   glBeginQuery(GL_SAMPLES_PASSED, q);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBeginQuery(GL_PRIMITIVES_GENERATED, q);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, q);
   glEndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint bits;
   glGetQueryiv(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, GL_QUERY_COUNTER_BITS,
                &bits);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLuint v = 7;
   glGetQueryObjectuiv(q, GL_QUERY_RESULT, &v);
   assert_int_equal(v, 0);
   glDeleteQueries(1, &q);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(occlusion_counts_samples, setup_core,
                                      teardown),
      cmocka_unit_test_setup_teardown(conditional_render, setup_core, teardown),
      cmocka_unit_test_setup_teardown(query_errors, setup_core, teardown),
      cmocka_unit_test_setup_teardown(timer_queries, setup_core, teardown),
      cmocka_unit_test_setup_teardown(xfb_captures_positions, setup_core,
                                      teardown),
      cmocka_unit_test_setup_teardown(xfb_separate_buffers_and_overflow,
                                      setup_core, teardown),
      cmocka_unit_test_setup_teardown(xfb_needs_buffers, setup_core, teardown),
      cmocka_unit_test_setup_teardown(xfb_pause_resume_es3, setup_es3,
                                      teardown),
      cmocka_unit_test_setup_teardown(fences, setup_core, teardown),
      cmocka_unit_test_setup_teardown(syncs_are_shared, setup_core, teardown),
      cmocka_unit_test_setup_teardown(compat_arb_queries, setup_compat,
                                      teardown),
      cmocka_unit_test_setup_teardown(es3_query_targets, setup_es3, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
