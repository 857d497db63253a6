/* SPDX-License-Identifier: MIT */

/*
 * glReadPixels: client formats and types (UNSIGNED_BYTE, FLOAT, BGRA,
 * packed 5_6_5), the pack state (alignment, row length, skips), clipping
 * to the framebuffer, pixel pack buffers, depth / stencil / depth-stencil
 * reads, GL_CLAMP_READ_COLOR, and the errors of GL 3.3 and ES 3.0.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 8

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

/** Fills the colour buffer: pixel (x, y) = (x * 16, y * 16, 200, 255). */
static void
fill_pattern(void)
{
   glEnable(GL_SCISSOR_TEST);
   for (int y = 0; y < SIZE; y++) {
      for (int x = 0; x < SIZE; x++) {
         glScissor(x, y, 1, 1);
         GLfloat c[4] = { x * 16 / 255.0f, y * 16 / 255.0f, 200 / 255.0f, 1 };
         glClearBufferfv(GL_COLOR, 0, c);
      }
   }
   glDisable(GL_SCISSOR_TEST);
}

static void
read_formats(void **state)
{
   fill_pattern();
   GLubyte rgba[SIZE * SIZE * 4];
   glReadPixels(0, 0, SIZE, SIZE, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   for (int y = 0; y < SIZE; y++) {
      for (int x = 0; x < SIZE; x++) {
         const GLubyte *p = &rgba[(y * SIZE + x) * 4];
         assert_int_equal(p[0], x * 16);
         assert_int_equal(p[1], y * 16);
         assert_int_equal(p[2], 200);
         assert_int_equal(p[3], 255);
      }
   }
   GLfloat f[4];
   glReadPixels(3, 5, 1, 1, GL_RGBA, GL_FLOAT, f);
   assert_true(f[0] == 48 / 255.0f && f[1] == 80 / 255.0f);
   GLubyte bgra[4];
   glReadPixels(3, 5, 1, 1, GL_BGRA, GL_UNSIGNED_BYTE, bgra);
   assert_int_equal(bgra[0], 200);
   assert_int_equal(bgra[2], 48);
   GLushort p565 = 0;
   glReadPixels(7, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, &p565);
   /* red 112/255 -> 14 of 31; blue 200/255 -> 24 of 31 */
   assert_int_equal(p565 >> 11, 14);
   assert_int_equal(p565 & 31, 24);
   GLubyte g = 0;
   glReadPixels(2, 6, 1, 1, GL_GREEN, GL_UNSIGNED_BYTE, &g);
   assert_int_equal(g, 96);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
read_pack_state(void **state)
{
   fill_pattern();
   /* RGB bytes: 3 x 9 = 27 bytes per row padded to 28 by alignment 4. */
   GLubyte buf[28 * 2 + 8];
   memset(buf, 0xee, sizeof(buf));
   glReadPixels(1, 2, 9, 2, GL_RGB, GL_UNSIGNED_BYTE, buf);
   /* Column 8 is outside the 8-wide framebuffer: left untouched. */
   assert_int_equal(buf[0], 16);
   assert_int_equal(buf[1], 32);
   assert_int_equal(buf[3 * 6], 7 * 16);
   assert_int_equal(buf[3 * 7], 0xee);
   assert_int_equal(buf[27], 0xee); /* padding */
   assert_int_equal(buf[28], 16);
   assert_int_equal(buf[29], 48);

   /* Row length 5, skip 2 pixels and 1 row, alignment 1. */
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glPixelStorei(GL_PACK_ROW_LENGTH, 5);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 2);
   glPixelStorei(GL_PACK_SKIP_ROWS, 1);
   GLubyte out[5 * 3 * 4];
   memset(out, 0xee, sizeof(out));
   glReadPixels(4, 4, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLubyte *p = &out[(1 * 5 + 2) * 4];
   assert_int_equal(p[0], 64);
   assert_int_equal(p[1], 64);
   assert_int_equal(p[4], 80);
   p = &out[(2 * 5 + 2) * 4];
   assert_int_equal(p[1], 80);
   assert_int_equal(out[0], 0xee);
   assert_int_equal(out[(1 * 5 + 4) * 4], 0xee);
   glPixelStorei(GL_PACK_ROW_LENGTH, 0);
   glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_PACK_SKIP_ROWS, 0);

   /* Entirely outside, or empty: nothing written, no error. */
   memset(out, 0xee, sizeof(out));
   glReadPixels(-4, -4, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   glReadPixels(0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(out[0], 0xee);
   /* Partly outside on the left and below. */
   glReadPixels(-1, -1, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, out);
   assert_int_equal(out[0], 0xee);
   assert_int_equal(out[12], 0);
   assert_int_equal(out[13], 0);
   assert_int_equal(out[14], 200);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
read_into_pbo(void **state)
{
   fill_pattern();
   GLuint pbo;
   glGenBuffers(1, &pbo);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glBufferData(GL_PIXEL_PACK_BUFFER, 64, NULL, GL_STREAM_READ);
   glReadPixels(2, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)16);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLubyte *p =
      glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 64, GL_MAP_READ_BIT);
   assert_non_null(p);
   assert_int_equal(p[16], 32);
   assert_int_equal(p[17], 48);
   assert_int_equal(p[20], 48);
   glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
   /* Out of the buffer's range. */
   glReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(uintptr_t)16);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
}

static void
read_depth_stencil(void **state)
{
   glClearDepth(0.5);
   glClearStencil(0x5a);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   GLfloat z = 0;
   glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z > 0.4999f && z < 0.5001f);
   GLuint zu = 0;
   glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &zu);
   assert_true(zu > 0x7ffff000u && zu < 0x80001000u);
   GLubyte s = 0;
   glReadPixels(1, 1, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 0x5a);
   GLuint ds = 0;
   glReadPixels(1, 1, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds);
   assert_int_equal(ds & 0xff, 0x5a);
   assert_true((ds >> 8) > 0x7ff000u && (ds >> 8) < 0x801000u);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* No stencil buffer to read. */
   GLuint fbo, rb[2];
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(2, rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[0]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb[0]);
   glBindRenderbuffer(GL_RENDERBUFFER, rb[1]);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 4, 4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
                             GL_RENDERBUFFER, rb[1]);
   glReadPixels(0, 0, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadPixels(0, 0, 1, 1, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, &ds);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadPixels(0, 0, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
read_clamp(void **state)
{
   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32F, SIZE, SIZE);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   static const GLfloat c[4] = { 2.0f, -1.0f, 0.5f, 1.0f };
   glClearBufferfv(GL_COLOR, 0, c);
   GLfloat f[4];
   /* GL_FIXED_ONLY (the initial value) leaves float buffers alone. */
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, f);
   assert_memory_equal(f, c, sizeof(c));
   glClampColor(GL_CLAMP_READ_COLOR, GL_TRUE);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, f);
   assert_true(f[0] == 1.0f && f[1] == 0.0f && f[2] == 0.5f);
   glClampColor(GL_CLAMP_READ_COLOR, GL_FIXED_ONLY);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
read_errors(void **state)
{
   GLubyte buf[64];
   glReadPixels(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glReadPixels(0, 0, 1, 1, GL_TEXTURE_2D, GL_UNSIGNED_BYTE, buf);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_TEXTURE_2D, buf);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glReadPixels(0, 0, 1, 1, GL_RGB, GL_UNSIGNED_SHORT_4_4_4_4, buf);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Integer formats need integer buffers. */
   glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE, buf);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadBuffer(GL_NONE);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadBuffer(GL_COLOR_ATTACHMENT0);

   /* Multisampled framebuffer objects cannot be read. */
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples > 1) {
      GLuint fbo, rb;
      glGenFramebuffers(1, &fbo);
      glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
      glGenRenderbuffers(1, &rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, max_samples, GL_RGBA8,
                                       4, 4);
      glFramebufferRenderbuffer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                GL_RENDERBUFFER, rb);
      glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, buf);
      assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   }
   /* Incomplete, then undefined (surfaceless default). */
   GLuint empty;
   glGenFramebuffers(1, &empty);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, empty);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, buf);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
}

static void
es_read_rules(void **state)
{
   fill_pattern();
   GLubyte px[4];
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(px[0], 16);
   GLfloat f[4];
   glReadPixels(1, 1, 1, 1, GL_RGBA, GL_FLOAT, f);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glReadPixels(1, 1, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLuint z;
   glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, &z);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   GLint fmt = 0, type = 0;
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &fmt);
   glGetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &type);
   assert_int_equal(fmt, GL_RGBA);
   assert_int_equal(type, GL_UNSIGNED_BYTE);

   GLuint rb;
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA32UI, SIZE, SIZE);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   static const GLuint v[4] = { 5, 6, 7, 8 };
   glClearBufferuiv(GL_COLOR, 0, v);
   GLuint got[4];
   glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_memory_equal(got, v, sizeof(v));
   glReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, got);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
}

#define CORE(t) cmocka_unit_test_setup_teardown(t, setup_core, teardown)
#define ES3(t)  cmocka_unit_test_setup_teardown(t, setup_es3, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE(read_formats),       CORE(read_pack_state), CORE(read_into_pbo),
      CORE(read_depth_stencil), CORE(read_clamp),      CORE(read_errors),
      ES3(es_read_rules),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
