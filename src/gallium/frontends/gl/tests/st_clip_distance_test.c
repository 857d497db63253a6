/* SPDX-License-Identifier: MIT */

/*
 * GL_APPLE_clip_distance in ES 2.0 and 3.0 contexts: the extension
 * string, GL_MAX_CLIP_DISTANCES_APPLE, the GL_CLIP_DISTANCEi_APPLE
 * enables (and their errors), and draws clipped by gl_ClipDistance[]
 * written by ESSL 1.00 and 3.00 vertex shaders.  A desktop core context
 * does not list the extension.
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

/* The desktop headers lack the ES names; the values are GL 3.0's. */
#ifndef GL_MAX_CLIP_DISTANCES_APPLE
#define GL_MAX_CLIP_DISTANCES_APPLE 0x0D32
#endif
#ifndef GL_CLIP_DISTANCE0_APPLE
#define GL_CLIP_DISTANCE0_APPLE 0x3000
#endif

#define SIZE 16

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

/* The ES 2.0 extension string is one space-separated list. */
static bool
es2_has_extension(const char *name)
{
   const char *list = (const char *)glGetString(GL_EXTENSIONS);
   size_t len = strlen(name);
   for (const char *p = list; p && (p = strstr(p, name)); p += len) {
      if ((p == list || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
         return true;
   }
   return false;
}

static void
es2_limit_and_enables(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL_ES, 2, 0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_true(es2_has_extension("GL_APPLE_clip_distance"));

   GLint max = 0;
   glGetIntegerv(GL_MAX_CLIP_DISTANCES_APPLE, &max);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(max >= 8);

   GLenum last = GL_CLIP_DISTANCE0_APPLE + (GLenum)max - 1;
   assert_false(glIsEnabled(GL_CLIP_DISTANCE0_APPLE + 1));
   glEnable(GL_CLIP_DISTANCE0_APPLE + 1);
   glEnable(last);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(glIsEnabled(GL_CLIP_DISTANCE0_APPLE + 1));
   assert_true(glIsEnabled(last));
   assert_false(glIsEnabled(GL_CLIP_DISTANCE0_APPLE));
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_CLIP_DISTANCE0_APPLE + 1, &b);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(b, GL_TRUE);
   glDisable(GL_CLIP_DISTANCE0_APPLE + 1);
   assert_false(glIsEnabled(GL_CLIP_DISTANCE0_APPLE + 1));

   /* One past the last plane is no capability at all. */
   glEnable(last + 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_false(glIsEnabled(last + 1));
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   assert_true(glIsEnabled(last));
   st_test_context_destroy(ctx);
}

/* Compiles @p src as a vertex shader; returns the compile status. */
static bool
compiles(const char *src)
{
   GLuint sh = glCreateShader(GL_VERTEX_SHADER);
   glShaderSource(sh, 1, &src, NULL);
   glCompileShader(sh);
   GLint ok = 0;
   glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
   glDeleteShader(sh);
   return ok == GL_TRUE;
}

static void
es3_shader_needs_extension(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_true(has_extension("GL_APPLE_clip_distance"));
   static const char with[] =
      "#version 300 es\n#extension GL_APPLE_clip_distance : enable\n"
      "out highp float gl_ClipDistance[2];\n"
      "void main() { gl_Position = vec4(0.0);\n"
      "   gl_ClipDistance[gl_MaxClipDistances - 7] = 1.0; }\n";
   static const char without[] =
      "#version 300 es\n"
      "void main() { gl_Position = vec4(0.0); gl_ClipDistance[0] = 1.0; }\n";
   static const char too_big[] =
      "#version 300 es\n#extension GL_APPLE_clip_distance : enable\n"
      "out highp float gl_ClipDistance[2];\n"
      "void main() { gl_Position = vec4(0.0); gl_ClipDistance[2] = 1.0; }\n";
   assert_true(compiles(with));
   assert_false(compiles(without));
   assert_false(compiles(too_big));
   assert_int_equal(glGetError(), GL_NO_ERROR);
   st_test_context_destroy(ctx);
}

/*
 * A triangle covering the framebuffer, with gl_ClipDistance[1] = x (the
 * left half is outside plane 1) and gl_ClipDistance[0] = 1: with plane 1
 * enabled only the right half is drawn; with no plane enabled, all.
 */
/* ES reads RGBA8 back as unsigned bytes only. */
static void
probe(GLint x, GLint y, GLubyte r, GLubyte g)
{
   GLubyte got[4] = { 0 };
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   if (got[0] != r || got[1] != g || got[2] != 0 || got[3] != 255)
      fprintf(stderr, "probe at (%d, %d): got %u %u %u %u\n", x, y, got[0],
              got[1], got[2], got[3]);
   assert_int_equal(got[0], r);
   assert_int_equal(got[1], g);
}

static void
draw_clipped(unsigned es_major, const char *vs, const char *fs)
{
   struct st_context *ctx = st_test_context_create(ST_API_OPENGL_ES, es_major,
                                                   0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_true(st_test_fbo(SIZE, SIZE) != 0);
   static const GLfloat tri[] = { -1, -1, 3, -1, -1, 3 };
   GLuint vbo;
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);

   GLuint prog = glCreateProgram();
   glBindAttribLocation(prog, 0, "pos");
   GLuint v = glCreateShader(GL_VERTEX_SHADER);
   GLuint f = glCreateShader(GL_FRAGMENT_SHADER);
   glShaderSource(v, 1, &vs, NULL);
   glShaderSource(f, 1, (const char *[]){ fs }, NULL);
   glCompileShader(v);
   glCompileShader(f);
   glAttachShader(prog, v);
   glAttachShader(prog, f);
   glLinkProgram(prog);
   GLint ok = 0;
   glGetProgramiv(prog, GL_LINK_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   glUseProgram(prog);

   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_CLIP_DISTANCE0_APPLE + 1);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   probe(2, 8, 255, 0);
   probe(SIZE - 3, 8, 0, 255);

   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_CLIP_DISTANCE0_APPLE + 1);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   probe(2, 8, 0, 255);
   probe(SIZE - 3, 8, 0, 255);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glDeleteProgram(prog);
   glDeleteShader(v);
   glDeleteShader(f);
   glDeleteBuffers(1, &vbo);
   st_test_context_destroy(ctx);
}

static void
es2_draw_clipped(void **state)
{
   draw_clipped(2,
                "#extension GL_APPLE_clip_distance : require\n"
                "attribute vec2 pos;\n"
                "void main() {\n"
                "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                "   gl_ClipDistance[0] = 1.0;\n"
                "   gl_ClipDistance[1] = pos.x;\n"
                "}\n",
                "precision mediump float;\n"
                "void main() { gl_FragColor = vec4(0, 1, 0, 1); }\n");
}

static void
es3_draw_clipped(void **state)
{
   draw_clipped(3,
                "#version 300 es\n"
                "#extension GL_APPLE_clip_distance : enable\n"
                "in vec2 pos;\n"
                "out highp float gl_ClipDistance[2];\n"
                "void main() {\n"
                "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                "   gl_ClipDistance[0] = 1.0;\n"
                "   gl_ClipDistance[1] = pos.x;\n"
                "}\n",
                "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
                "void main() { c = vec4(0, 1, 0, 1); }\n");
}

/* Desktop GL has clip distances in core: no APPLE extension there. */
static void
desktop_does_not_list(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_false(has_extension("GL_APPLE_clip_distance"));
   st_test_context_destroy(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(es2_limit_and_enables),
      cmocka_unit_test(es3_shader_needs_extension),
      cmocka_unit_test(es2_draw_clipped),
      cmocka_unit_test(es3_draw_clipped),
      cmocka_unit_test(desktop_does_not_list),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
