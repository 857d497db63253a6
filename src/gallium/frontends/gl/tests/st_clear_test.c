/* SPDX-License-Identifier: MIT */

/*
 * glClear and glClearBuffer*: clear values read back from RGBA8, float
 * and integer colour buffers, depth and stencil; the scissor rectangle;
 * partial colour masks and stencil write masks (drawn clears); one draw
 * buffer of several; rasterizer discard; the errors.
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
setup_es3(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   if (!*state || !st_test_fbo(SIZE, SIZE))
      return -1;
   return 0;
}

static int
setup_compat(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT, false);
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

/** Replaces colour attachment @p i of the bound framebuffer with a new
 * renderbuffer of @p format. */
static void
color_rb(unsigned i, GLenum format)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, format, SIZE, SIZE);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i,
                             GL_RENDERBUFFER, rb);
}

static void
read_ub(GLint x, GLint y, GLubyte out[4])
{
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
}

static void
clear_rgba8(void **state)
{
   glClearColor(0.0f, 0.5f, 1.0f, 0.25f);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLubyte px[4];
   read_ub(0, 0, px);
   assert_int_equal(px[0], 0);
   assert_int_equal(px[1], 128);
   assert_int_equal(px[2], 255);
   assert_int_equal(px[3], 64);
   static const GLfloat expect[4] = { 0.0f, 0.5f, 1.0f, 0.25f };
   assert_true(st_test_probe(SIZE - 1, SIZE - 1, expect, 1.0f / 255));
   /* Clamped to [0, 1] for a normalized buffer. */
   glClearColor(-1.0f, 2.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat clamped[4] = { 0, 1, 0, 1 };
   assert_true(st_test_probe(3, 4, clamped, 0.0f));
}

static void
clear_float_and_integer(void **state)
{
   color_rb(0, GL_RGBA32F);
   glClearColor(2.5f, -1.0f, 0.125f, 100.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat f[4] = { 2.5f, -1.0f, 0.125f, 100.0f };
   assert_true(st_test_probe(5, 5, f, 0.0f));

   color_rb(0, GL_RGBA32UI);
   static const GLuint ui[4] = { 1, 70000, 0xffffffffu, 42 };
   glClearBufferuiv(GL_COLOR, 0, ui);
   GLuint got[4] = { 0 };
   glReadPixels(2, 9, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_memory_equal(got, ui, sizeof(ui));

   color_rb(0, GL_RGBA8I);
   static const GLint si[4] = { -128, 127, -5, 9 };
   glClearBufferiv(GL_COLOR, 0, si);
   GLint goti[4] = { 0 };
   glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, goti);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_memory_equal(goti, si, sizeof(si));
}

/** Colour formats cleared and read back as RGBA floats: missing
 * components read as 0 (G, B) and 1 (A); tolerance one unit of the
 * smallest channel. */
static void
clear_color_formats(void **state)
{
   static const struct {
      GLenum format;
      unsigned channels; /* 1: R, 2: RG, 3: RGB, 4: RGBA */
      float tolerance;
   } formats[] = {
      { GL_R8, 1, 1.0f / 255 },
      { GL_RG8, 2, 1.0f / 255 },
      { GL_RGB8, 3, 1.0f / 255 },
      { GL_RGBA8, 4, 1.0f / 255 },
      { GL_RGB565, 3, 1.0f / 31 },
      { GL_RGBA4, 4, 1.0f / 15 },
      { GL_RGB5_A1, 3, 1.0f / 31 },
      { GL_RGB10_A2, 3, 1.0f / 1023 },
      { GL_R16, 1, 1.0f / 65535 },
      { GL_RGBA16, 4, 1.0f / 65535 },
      { GL_R16F, 1, 1.0f / 1024 },
      { GL_RG32F, 2, 0.0f },
      { GL_RGB16F, 3, 1.0f / 1024 },
      { GL_RGBA32F, 4, 0.0f },
      { GL_R11F_G11F_B10F, 3, 1.0f / 32 },
   };
   static const GLfloat value[4] = { 0.75f, 0.5f, 0.25f, 1.0f };
   for (unsigned i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
      color_rb(0, formats[i].format);
      assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                       GL_FRAMEBUFFER_COMPLETE);
      glClearBufferfv(GL_COLOR, 0, value);
      GLfloat expect[4] = { 0, 0, 0, 1 };
      memcpy(expect, value, formats[i].channels * sizeof(GLfloat));
      if (!st_test_probe(SIZE / 2, SIZE / 2, expect, formats[i].tolerance))
         fail_msg("format 0x%x", formats[i].format);
   }
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
clear_srgb(void **state)
{
   /* sRGB buffers encode only with GL_FRAMEBUFFER_SRGB on. */
   color_rb(0, GL_SRGB8_ALPHA8);
   static const GLfloat half[4] = { 0.5f, 0.5f, 0.5f, 0.5f };
   GLubyte px[4];
   glClearBufferfv(GL_COLOR, 0, half);
   read_ub(0, 0, px);
   assert_int_equal(px[0], 128);
   glEnable(GL_FRAMEBUFFER_SRGB);
   glClearBufferfv(GL_COLOR, 0, half);
   glDisable(GL_FRAMEBUFFER_SRGB);
   read_ub(0, 0, px);
   assert_int_equal(px[0], 188); /* 0.5 encoded */
   assert_int_equal(px[3], 128); /* alpha stays linear */
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
clear_scissor(void **state)
{
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_SCISSOR_TEST);
   glScissor(4, 2, 3, 5);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   static const GLfloat red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
   assert_true(st_test_probe(4, 2, red, 0));
   assert_true(st_test_probe(6, 6, red, 0));
   assert_true(st_test_probe(7, 6, blue, 0));
   assert_true(st_test_probe(6, 7, blue, 0));
   assert_true(st_test_probe(3, 2, blue, 0));
   assert_true(st_test_probe(4, 1, blue, 0));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
clear_color_mask(void **state)
{
   glClearColor(0.2f, 0.4f, 0.6f, 0.8f);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   glClearColor(1, 1, 0, 0);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 8, SIZE);
   glClear(GL_COLOR_BUFFER_BIT);
   glDisable(GL_SCISSOR_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   static const GLfloat masked[4] = { 1.0f, 0.4f, 0.0f, 0.8f };
   static const GLfloat kept[4] = { 0.2f, 0.4f, 0.6f, 0.8f };
   assert_true(st_test_probe(0, 0, masked, 1.0f / 255));
   assert_true(st_test_probe(7, SIZE - 1, masked, 1.0f / 255));
   assert_true(st_test_probe(8, 0, kept, 1.0f / 255));
   /* The next draw-path state is the application's again. */
   glClearColor(0, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat black[4] = { 0, 0, 0, 1 };
   assert_true(st_test_probe(3, 3, black, 0));
}

static void
clear_integer_mask(void **state)
{
   color_rb(0, GL_RGBA16UI);
   static const GLuint a[4] = { 1, 2, 3, 4 }, b[4] = { 50, 60, 70, 80 };
   glClearBufferuiv(GL_COLOR, 0, a);
   glColorMask(GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
   glClearBufferuiv(GL_COLOR, 0, b);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   GLuint got[4];
   glReadPixels(1, 1, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(got[0], 1);
   assert_int_equal(got[1], 60);
   assert_int_equal(got[2], 3);
   assert_int_equal(got[3], 80);
}

static void
clear_one_draw_buffer(void **state)
{
   color_rb(1, GL_RGBA8);
   GLenum bufs[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
   glDrawBuffers(2, bufs);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat green[4] = { 0, 1, 0, 1 };
   glClearBufferfv(GL_COLOR, 1, green);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   static const GLfloat zero[4] = { 0, 0, 0, 0 };
   glReadBuffer(GL_COLOR_ATTACHMENT0);
   assert_true(st_test_probe(2, 2, zero, 0));
   glReadBuffer(GL_COLOR_ATTACHMENT1);
   assert_true(st_test_probe(2, 2, green, 0));
   /* A draw buffer of GL_NONE is not cleared, and is no error. */
   bufs[1] = GL_NONE;
   glDrawBuffers(2, bufs);
   glClearBufferfv(GL_COLOR, 1, zero);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(2, 2, green, 0));
}

static void
clear_depth_stencil(void **state)
{
   glClearDepth(0.25);
   glClearStencil(0x35);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   GLfloat z = 0;
   glReadPixels(3, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z > 0.2499f && z < 0.2501f);
   GLubyte s = 0;
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 0x35);

   /* Depth mask off: depth is kept; stencil mask 0x0f: the high bits
    * are kept (a drawn clear). */
   glDepthMask(GL_FALSE);
   glStencilMask(0x0f);
   glClearDepth(1.0);
   glClearStencil(0xca);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glDepthMask(GL_TRUE);
   glStencilMask(0xff);
   glReadPixels(3, 3, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z > 0.2499f && z < 0.2501f);
   glReadPixels(3, 3, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 0x3a);

   glClearBufferfi(GL_DEPTH_STENCIL, 0, 0.75f, 7);
   glReadPixels(15, 15, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z > 0.7499f && z < 0.7501f);
   glReadPixels(15, 15, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 7);
   GLfloat one = 2.0f; /* clamped to 1 */
   glClearBufferfv(GL_DEPTH, 0, &one);
   glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z == 1.0f);
   GLint st = 200;
   glClearBufferiv(GL_STENCIL, 0, &st);
   glReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 200);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
clear_discard_and_errors(void **state)
{
   glClearColor(0, 0, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_RASTERIZER_DISCARD);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat red[4] = { 1, 0, 0, 1 };
   glClearBufferfv(GL_COLOR, 0, red);
   glDisable(GL_RASTERIZER_DISCARD);
   static const GLfloat blue[4] = { 0, 0, 1, 1 };
   assert_true(st_test_probe(1, 1, blue, 0));
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glClear(0x1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glClear(GL_ACCUM_BUFFER_BIT); /* compatibility only */
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   GLint iv[4] = { 0 };
   GLuint uiv[4] = { 0 };
   GLfloat fv[4] = { 0 };
   glClearBufferiv(GL_DEPTH, 0, iv);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClearBufferuiv(GL_STENCIL, 0, uiv);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClearBufferfv(GL_STENCIL, 0, fv);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClearBufferfi(GL_COLOR, 0, 0.0f, 0);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClearBufferfv(GL_COLOR, 8, fv);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glClearBufferfv(GL_COLOR, -1, fv);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glClearBufferfv(GL_DEPTH, 1, fv);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glClearBufferfi(GL_DEPTH_STENCIL, 1, 0.0f, 0);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_true(st_test_probe(1, 1, blue, 0));

   /* Incomplete draw framebuffer. */
   glBindFramebuffer(GL_FRAMEBUFFER, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   glClearBufferfv(GL_COLOR, 0, fv);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
}

static void
es_clear(void **state)
{
   static const GLfloat c[4] = { 0.5f, 0.25f, 0.0f, 1.0f };
   glClearBufferfv(GL_COLOR, 0, c);
   GLubyte px[4];
   read_ub(7, 7, px);
   assert_int_equal(px[0], 128);
   assert_int_equal(px[1], 64);
   assert_int_equal(px[3], 255);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* EXT_texture_integer: glClearColorIiEXT / IuiEXT give glClear the value
 * of integer buffers; glClearColor sets a float one again;
 * GL_RGBA_INTEGER_MODE_EXT tells an integer draw buffer. */
static void
clear_color_integer_ext(void **state)
{
   GLboolean mode = GL_TRUE;
   glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   assert_false(mode);

   color_rb(0, GL_RGBA32I);
   glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   assert_true(mode);
   glClearColorIiEXT(-70000, 5, 2147483647, -1);
   glClear(GL_COLOR_BUFFER_BIT);
   GLint goti[4] = { 0 };
   glReadPixels(3, 3, 1, 1, GL_RGBA_INTEGER, GL_INT, goti);
   static const GLint si[4] = { -70000, 5, 2147483647, -1 };
   assert_memory_equal(goti, si, sizeof(si));

   color_rb(0, GL_RGBA16UI);
   glClearColorIuiEXT(65535, 0, 7, 300);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint gotu[4] = { 0 };
   glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, gotu);
   static const GLuint ui[4] = { 65535, 0, 7, 300 };
   assert_memory_equal(gotu, ui, sizeof(ui));
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* glPopAttrib restores the integer value and its kind. */
   glPushAttrib(GL_COLOR_BUFFER_BIT);
   glClearColor(0.0f, 0.0f, 0.0f, 0.0f);
   glPopAttrib();
   glClear(GL_COLOR_BUFFER_BIT);
   glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, gotu);
   assert_memory_equal(gotu, ui, sizeof(ui));

   color_rb(0, GL_RGBA8);
   glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   assert_false(mode);
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   static const GLfloat green[4] = { 0, 1, 0, 1 };
   assert_true(st_test_probe(1, 1, green, 0.0f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* The core profile has no GL_RGBA_INTEGER_MODE_EXT. */
static void
core_no_integer_mode(void **state)
{
   GLboolean mode;
   glGetBooleanv(GL_RGBA_INTEGER_MODE_EXT, &mode);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
}

#define CORE(t)   cmocka_unit_test_setup_teardown(t, setup_core, teardown)
#define ES3(t)    cmocka_unit_test_setup_teardown(t, setup_es3, teardown)
#define COMPAT(t) cmocka_unit_test_setup_teardown(t, setup_compat, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE(clear_rgba8),
      CORE(clear_float_and_integer),
      CORE(clear_color_formats),
      CORE(clear_srgb),
      CORE(clear_scissor),
      CORE(clear_color_mask),
      CORE(clear_integer_mask),
      CORE(clear_one_draw_buffer),
      CORE(clear_depth_stencil),
      CORE(clear_discard_and_errors),
      ES3(es_clear),
      COMPAT(clear_color_integer_ext),
      CORE(core_no_integer_mode),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
