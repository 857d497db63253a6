/* SPDX-License-Identifier: MIT */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <cmocka.h>

#include "st_test_util.h"
#include "sw_public.h"

static struct st_screen *test_screen;

struct st_context *
st_test_context_create(enum st_api_type api, unsigned major, unsigned minor,
                       enum st_profile profile, bool debug)
{
   if (!test_screen) {
      struct pipe_screen *pscreen = sw_screen_create();
      if (!pscreen)
         return NULL;
      test_screen = st_screen_create(pscreen);
      if (!test_screen)
         return NULL;
   }
   struct st_context_attribs attribs = {
      .api = api,
      .major = major,
      .minor = minor,
      .profile = profile,
      .debug = debug,
   };
   enum st_context_error error;
   struct st_context *ctx =
      st_context_create(test_screen, &attribs, NULL, &error);
   if (!ctx)
      return NULL;
   if (!st_make_current(ctx, NULL, NULL)) {
      st_context_destroy(ctx);
      return NULL;
   }
   return ctx;
}

void
st_test_context_destroy(struct st_context *ctx)
{
   st_make_current(NULL, NULL, NULL);
   st_context_destroy(ctx);
}

GLuint
st_test_fbo(GLsizei width, GLsizei height)
{
   GLuint fbo, rb[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, width, height);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   glViewport(0, 0, width, height);
   if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
      return 0;
   return fbo;
}

void
st_test_read_pixel(GLint x, GLint y, GLfloat out[4])
{
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_FLOAT, out);
}

bool
st_test_probe(GLint x, GLint y, const GLfloat expected[4], GLfloat tolerance)
{
   GLfloat got[4] = { -1, -1, -1, -1 };
   st_test_read_pixel(x, y, got);
   for (unsigned i = 0; i < 4; i++) {
      if (!(fabsf(got[i] - expected[i]) <= tolerance)) {
         print_error("probe at (%d, %d): expected (%g, %g, %g, %g), "
                     "got (%g, %g, %g, %g)\n",
                     x, y, expected[0], expected[1], expected[2], expected[3],
                     got[0], got[1], got[2], got[3]);
         return false;
      }
   }
   return true;
}

bool
st_test_feedback_matches(const GLfloat *got, GLint size, GLint returned,
                         const GLfloat *expected, GLint count,
                         GLfloat tolerance)
{
   if (returned != count) {
      print_error("glRenderMode returned %d, expected %d\n", returned, count);
      for (GLint i = 0; i < returned && i < size; i++)
         print_error("  [%d] %g\n", i, got[i]);
      return false;
   }
   for (GLint i = 0; i < count; i++) {
      if (!(fabsf(got[i] - expected[i]) <= tolerance)) {
         print_error("value %d = %g, expected %g\n", i, got[i], expected[i]);
         return false;
      }
   }
   return true;
}

static GLuint
compile(GLenum stage, const char *source)
{
   GLuint shader = glCreateShader(stage);
   glShaderSource(shader, 1, &source, NULL);
   glCompileShader(shader);
   GLint ok = 0;
   glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      glGetShaderInfoLog(shader, sizeof(log), NULL, log);
      print_error("compile failed:\n%s\n", log);
      fail();
   }
   return shader;
}

GLuint
st_test_program(const char *vs, const char *fs)
{
   GLuint prog = glCreateProgram();
   GLuint v = compile(GL_VERTEX_SHADER, vs);
   GLuint f = compile(GL_FRAGMENT_SHADER, fs);
   glAttachShader(prog, v);
   glAttachShader(prog, f);
   glLinkProgram(prog);
   glDeleteShader(v);
   glDeleteShader(f);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   if (!ok) {
      char log[4096] = "";
      glGetProgramInfoLog(prog, sizeof(log), NULL, log);
      print_error("link failed:\n%s\n", log);
      fail();
   }
   return prog;
}
