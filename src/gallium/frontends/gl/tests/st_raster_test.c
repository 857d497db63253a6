/* SPDX-License-Identifier: MIT */

/* Pixel rectangles (GL 3.0 compatibility 2.18, 3.7, 3.8, 4.2.4, 4.3.3):
 * the raster position from glRasterPos and glWindowPos, glBitmap,
 * glDrawPixels (colour with zoom and the transfer operations, depth,
 * stencil), glCopyPixels, the pixel maps, glAccum's errors, the
 * attribute groups and the errors. */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 32

static const GLfloat black[4] = { 0, 0, 0, 0 };
static const GLfloat red[4] = { 1, 0, 0, 1 };
static const GLfloat green[4] = { 0, 1, 0, 1 };

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

static int
reset(void **state)
{
   (void)state;
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, SIZE, 0, SIZE, -1, 1);
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glColor4f(1, 1, 1, 1);
   glPixelZoom(1, 1);
   glPixelTransferf(GL_RED_SCALE, 1);
   glPixelTransferf(GL_BLUE_BIAS, 0);
   glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_STENCIL_TEST);
   glDisable(GL_SCISSOR_TEST);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   return 0;
}

static void
expect_floats(const GLfloat *got, const GLfloat *want, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (!(fabsf(got[i] - want[i]) <= 1e-4f)) {
         print_error("value %u = %g, expected %g\n", i, got[i], want[i]);
         fail();
      }
   }
}

static void
bitmap_draws_raster_color(void **state)
{
   (void)state;
   /* Two rows: 0b10100000 and 0b01000000 (most significant bit first). */
   static const GLubyte bits[2] = { 0xa0, 0x40 };
   glColor4fv(green);
   glRasterPos2i(4, 6);
   glBitmap(3, 2, 0, 0, 5, 1, bits);
   assert_true(st_test_probe(4, 6, green, 0.01f));
   assert_true(st_test_probe(5, 6, black, 0.01f));
   assert_true(st_test_probe(6, 6, green, 0.01f));
   assert_true(st_test_probe(5, 7, green, 0.01f));
   assert_true(st_test_probe(4, 7, black, 0.01f));
   /* The raster position moved by (5, 1). */
   GLfloat pos[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   const GLfloat want[4] = { 9, 7, 0.5f, 1 };
   expect_floats(pos, want, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
bitmap_floor_has_slack(void **state)
{
   (void)state;
   /* A raster position a transform leaves just under an integer is
    * that integer (3.99999 starts the bitmap at column 4). */
   static const GLubyte bits[1] = { 0x80 };
   glColor4fv(green);
   glWindowPos2f(3.99999f, 2.0f);
   glBitmap(1, 1, 0, 0, 0, 0, bits);
   assert_true(st_test_probe(4, 2, green, 0.01f));
   assert_true(st_test_probe(3, 2, black, 0.01f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
raster_pos_transform_and_validity(void **state)
{
   (void)state;
   glTranslatef(2, 3, 0);
   glColor4f(0.25f, 0.5f, 0.75f, 1);
   glTexCoord4f(1, 2, 3, 4);
   glRasterPos2f(4, 5);
   GLfloat v[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   expect_floats(v, (const GLfloat[]){ 6, 8, 0.5f, 1 }, 4);
   glGetFloatv(GL_CURRENT_RASTER_COLOR, v);
   expect_floats(v, (const GLfloat[]){ 0.25f, 0.5f, 0.75f, 1 }, 4);
   glGetFloatv(GL_CURRENT_RASTER_TEXTURE_COORDS, v);
   expect_floats(v, (const GLfloat[]){ 1, 2, 3, 4 }, 4);
   GLboolean valid;
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_true(valid);

   /* Outside the view volume: invalid, and glBitmap neither draws nor
    * moves it. */
   glRasterPos2f(-10, 5);
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_false(valid);
   static const GLubyte bits[1] = { 0xff };
   glBitmap(8, 1, 0, 0, 1, 1, bits);
   glWindowPos2i(1, 1);
   glGetBooleanv(GL_CURRENT_RASTER_POSITION_VALID, &valid);
   assert_true(valid);
   assert_true(st_test_probe(0, 8, black, 0.0f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
window_pos_takes_window_coordinates(void **state)
{
   (void)state;
   glTranslatef(7, 7, 0);
   glColor4fv(red);
   glWindowPos3f(5, 6, 0.25f);
   GLfloat v[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   expect_floats(v, (const GLfloat[]){ 5, 6, 0.25f, 1 }, 4);
   glGetFloatv(GL_CURRENT_RASTER_COLOR, v);
   expect_floats(v, red, 4);
   glWindowPos4fMESA(1, 2, 0.5f, 3);
   glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   expect_floats(v, (const GLfloat[]){ 1, 2, 0.5f, 3 }, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
draw_pixels_zoom(void **state)
{
   (void)state;
   const GLfloat image[2 * 2 * 4] = { 1, 0, 0, 1, 0, 1, 0, 1,
                                      0, 0, 1, 1, 1, 1, 1, 1 };
   const GLfloat blue[4] = { 0, 0, 1, 1 }, white[4] = { 1, 1, 1, 1 };
   glWindowPos2i(4, 4);
   glPixelZoom(2, 3);
   glDrawPixels(2, 2, GL_RGBA, GL_FLOAT, image);
   assert_true(st_test_probe(4, 4, red, 0.01f));
   assert_true(st_test_probe(5, 6, red, 0.01f));
   assert_true(st_test_probe(6, 4, green, 0.01f));
   assert_true(st_test_probe(7, 6, green, 0.01f));
   assert_true(st_test_probe(4, 7, blue, 0.01f));
   assert_true(st_test_probe(7, 9, white, 0.01f));
   assert_true(st_test_probe(8, 4, black, 0.0f));
   assert_true(st_test_probe(4, 10, black, 0.0f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
draw_pixels_transfer(void **state)
{
   (void)state;
   const GLubyte image[4] = { 255, 255, 0, 255 };
   glPixelTransferf(GL_RED_SCALE, 0.5f);
   glPixelTransferf(GL_BLUE_BIAS, 0.25f);
   glWindowPos2i(1, 1);
   glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, image);
   /* The reads below would apply them too. */
   glPixelTransferf(GL_RED_SCALE, 1);
   glPixelTransferf(GL_BLUE_BIAS, 0);
   assert_true(
      st_test_probe(1, 1, (const GLfloat[]){ 0.5f, 1, 0.25f, 1 }, 0.01f));
   /* GL_MAP_COLOR: green through G_TO_G, a two-entry map. */
   const GLfloat map[2] = { 0.75f, 0.125f };
   glPixelMapfv(GL_PIXEL_MAP_G_TO_G, 2, map);
   glPixelTransferi(GL_MAP_COLOR, GL_TRUE);
   glDrawPixels(1, 1, GL_RGBA, GL_UNSIGNED_BYTE, image);
   glPixelTransferi(GL_MAP_COLOR, GL_FALSE);
   GLfloat c[4];
   st_test_read_pixel(1, 1, c);
   assert_true(fabsf(c[1] - 0.125f) < 0.01f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
draw_pixels_fog(void **state)
{
   (void)state;
   /* The fragments take the raster distance as fog coordinate: the
    * fixed-function fragment stage applies. */
   glFogi(GL_FOG_COORD_SRC, GL_FOG_COORD);
   glFogi(GL_FOG_MODE, GL_LINEAR);
   glFogf(GL_FOG_START, 0);
   glFogf(GL_FOG_END, 2);
   glFogfv(GL_FOG_COLOR, black);
   glFogCoordf(1.0f);
   glWindowPos2i(2, 2);
   glEnable(GL_FOG);
   glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, red);
   glDisable(GL_FOG);
   glFogi(GL_FOG_COORD_SRC, GL_FRAGMENT_DEPTH);
   /* f = (end - c) / (end - start) = 0.5; fog leaves alpha alone. */
   assert_true(st_test_probe(2, 2, (const GLfloat[]){ 0.5f, 0, 0, 1 }, 0.02f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
draw_pixels_depth_and_stencil(void **state)
{
   (void)state;
   const GLfloat z[2] = { 0.25f, 0.75f };
   glWindowPos2i(3, 3);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_ALWAYS);
   glDrawPixels(2, 1, GL_DEPTH_COMPONENT, GL_FLOAT, z);
   glDepthFunc(GL_LESS);
   glDisable(GL_DEPTH_TEST);
   GLfloat got[2];
   glReadPixels(3, 3, 2, 1, GL_DEPTH_COMPONENT, GL_FLOAT, got);
   assert_true(fabsf(got[0] - 0.25f) < 1e-3f && fabsf(got[1] - 0.75f) < 1e-3f);

   const GLubyte s[2] = { 0x5a, 0xff };
   glStencilMask(0x0f);
   glDrawPixels(2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
   glStencilMask(0xff);
   GLubyte sg[2];
   glReadPixels(3, 3, 2, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, sg);
   assert_int_equal(sg[0], 0x0a);
   assert_int_equal(sg[1], 0x0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
copy_pixels_color(void **state)
{
   (void)state;
   const GLfloat image[2 * 4] = { 1, 0, 0, 1, 0, 1, 0, 1 };
   glWindowPos2i(1, 1);
   glDrawPixels(2, 1, GL_RGBA, GL_FLOAT, image);
   glWindowPos2i(10, 12);
   glCopyPixels(1, 1, 2, 1, GL_COLOR);
   assert_true(st_test_probe(10, 12, red, 0.01f));
   assert_true(st_test_probe(11, 12, green, 0.01f));
   glCopyPixels(0, 0, 1, 1, GL_RED);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glCopyPixels(0, 0, -1, 1, GL_COLOR);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
}

static void
pixel_maps(void **state)
{
   (void)state;
   const GLuint idx[4] = { 3, 2, 1, 0 };
   glPixelMapuiv(GL_PIXEL_MAP_I_TO_I, 4, idx);
   GLint size;
   glGetIntegerv(GL_PIXEL_MAP_I_TO_I_SIZE, &size);
   assert_int_equal(size, 4);
   GLuint back[4];
   glGetPixelMapuiv(GL_PIXEL_MAP_I_TO_I, back);
   assert_memory_equal(back, idx, sizeof(idx));
   /* Colour maps clamp to [0, 1]. */
   const GLfloat f[2] = { -1, 2 };
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 2, f);
   GLfloat fb[2];
   glGetPixelMapfv(GL_PIXEL_MAP_R_TO_R, fb);
   assert_true(fb[0] == 0 && fb[1] == 1);
   GLushort us[2];
   glGetPixelMapusv(GL_PIXEL_MAP_R_TO_R, us);
   assert_true(us[0] == 0 && us[1] == 0xffff);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glPixelMapuiv(GL_PIXEL_MAP_I_TO_I, 3, idx);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 0, f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPixelMapfv(GL_TEXTURE_2D, 1, f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glPixelTransferf(GL_TEXTURE_2D, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLint max;
   glGetIntegerv(GL_MAX_PIXEL_MAP_TABLE, &max);
   assert_true(max >= 32);
   glPixelMapfv(GL_PIXEL_MAP_R_TO_R, 1, f);
}

static void
accum_without_buffer(void **state)
{
   (void)state;
   /* Framebuffer objects have no accumulation buffer. */
   GLint bits;
   glGetIntegerv(GL_ACCUM_RED_BITS, &bits);
   assert_int_equal(bits, 0);
   glAccum(GL_ACCUM, 1.0f);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glAccum(GL_TEXTURE_2D, 1.0f);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glClearAccum(2, -3, 0.5f, 0);
   GLfloat v[4];
   glGetFloatv(GL_ACCUM_CLEAR_VALUE, v);
   expect_floats(v, (const GLfloat[]){ 1, -1, 0.5f, 0 }, 4);
   glClear(GL_ACCUM_BUFFER_BIT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
attribute_groups(void **state)
{
   (void)state;
   glWindowPos2i(3, 4);
   glPixelZoom(1, 1);
   glClearAccum(0, 0, 0, 0);
   glPushAttrib(GL_CURRENT_BIT | GL_PIXEL_MODE_BIT | GL_ACCUM_BUFFER_BIT);
   glWindowPos2i(9, 9);
   glPixelZoom(2, -1);
   glPixelTransferi(GL_INDEX_SHIFT, 3);
   glClearAccum(1, 1, 1, 1);
   glPopAttrib();
   GLfloat v[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   assert_true(v[0] == 3 && v[1] == 4);
   glGetFloatv(GL_ZOOM_X, v);
   glGetFloatv(GL_ZOOM_Y, v + 1);
   assert_true(v[0] == 1 && v[1] == 1);
   GLint shift;
   glGetIntegerv(GL_INDEX_SHIFT, &shift);
   assert_int_equal(shift, 0);
   glGetFloatv(GL_ACCUM_CLEAR_VALUE, v);
   expect_floats(v, black, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
feedback_tokens_and_errors(void **state)
{
   (void)state;
   GLfloat fb[64];
   glFeedbackBuffer(64, GL_2D, fb);
   glRenderMode(GL_FEEDBACK);
   glWindowPos2i(5, 6);
   glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, red);
   GLint n = glRenderMode(GL_RENDER);
   assert_int_equal(n, 3);
   assert_true(fb[0] == GL_DRAW_PIXEL_TOKEN && fb[1] == 5 && fb[2] == 6);
   assert_true(st_test_probe(5, 6, black, 0.0f));

   glDrawPixels(-1, 1, GL_RGBA, GL_FLOAT, red);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDrawPixels(1, 1, GL_RGBA, GL_TEXTURE_2D, red);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDrawPixels(1, 1, GL_RGBA_INTEGER, GL_INT, red);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* GL 4.6 core, table 8.8: 5_6_5 and 3_3_2 are RGB only. */
   glDrawPixels(1, 1, GL_BGR, GL_UNSIGNED_SHORT_5_6_5, red);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDrawPixels(1, 1, GL_BGR, GL_UNSIGNED_BYTE_3_3_2, red);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBitmap(-1, 1, 0, 0, 0, 0, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* A NULL bitmap only moves the raster position. */
   glBitmap(0, 0, 0, 0, 2, 3, NULL);
   GLfloat v[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, v);
   assert_true(v[0] == 7 && v[1] == 9);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
color_index_images(void **state)
{
   (void)state;
   /* Index 1 is red, 0 is blue, through the I_TO_* maps (sizes 2). */
   const GLfloat r[2] = { 0, 1 }, g[2] = { 0, 0 }, b[2] = { 1, 0 },
                 a[2] = { 1, 1 };
   glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, r);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, g);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, b);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, a);
   const GLfloat blue[4] = { 0, 0, 1, 1 };
   static const GLubyte bits[1] = { 0x40 };
   glWindowPos2i(2, 2);
   glDrawPixels(3, 1, GL_COLOR_INDEX, GL_BITMAP, bits);
   assert_true(st_test_probe(2, 2, blue, 0.01f));
   assert_true(st_test_probe(3, 2, red, 0.01f));
   assert_true(st_test_probe(4, 2, blue, 0.01f));
   /* Index shift: 1 << 1 = 2, masked by the size (2) to 0. */
   const GLubyte one = 1;
   glPixelTransferi(GL_INDEX_SHIFT, 1);
   glDrawPixels(1, 1, GL_COLOR_INDEX, GL_UNSIGNED_BYTE, &one);
   glPixelTransferi(GL_INDEX_SHIFT, 0);
   assert_true(st_test_probe(2, 2, blue, 0.01f));
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Maps read by indices need a power-of-two size. */
   glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 3, (const GLfloat[]){ 0, 0, 0 });
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDrawPixels(1, 1, GL_COLOR_INDEX, GL_UNSIGNED_INT_8_8_8_8, &one);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   for (GLenum m = GL_PIXEL_MAP_I_TO_R; m <= GL_PIXEL_MAP_I_TO_A; m++)
      glPixelMapfv(m, 1, g);
}

static void
tex_image_transfer(void **state)
{
   (void)state;
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const GLubyte texel[4] = { 255, 255, 255, 255 };
   glPixelTransferf(GL_GREEN_SCALE, 0.5f);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                texel);
   glPixelTransferf(GL_GREEN_SCALE, 1.0f);
   GLubyte got[4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   assert_int_equal(got[0], 255);
   assert_true(got[1] >= 127 && got[1] <= 128);
   /* glGetTexImage applies them too (6.1.4, "as for ReadPixels"). */
   glPixelTransferf(GL_RED_BIAS, -0.25f);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   glPixelTransferf(GL_RED_BIAS, 0.0f);
   assert_true(got[0] >= 191 && got[0] <= 192);

   /* A colour index image through the maps: index 1 to (1, 0, 0, 1). */
   const GLfloat r[2] = { 0, 1 }, z[2] = { 0, 0 }, o[2] = { 1, 1 };
   glPixelMapfv(GL_PIXEL_MAP_I_TO_R, 2, r);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_G, 2, z);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_B, 2, z);
   glPixelMapfv(GL_PIXEL_MAP_I_TO_A, 2, o);
   static const GLubyte bits[1] = { 0x80 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_COLOR_INDEX, GL_BITMAP,
                bits);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   assert_true(got[0] == 255 && got[1] == 0 && got[2] == 0 && got[3] == 255);
   for (GLenum m = GL_PIXEL_MAP_I_TO_R; m <= GL_PIXEL_MAP_I_TO_A; m++)
      glPixelMapfv(m, 1, z);
   glDeleteTextures(1, &tex);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
read_pixels_transfer(void **state)
{
   (void)state;
   glClearColor(1, 1, 1, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glPixelTransferf(GL_RED_SCALE, 0.5f);
   glPixelTransferf(GL_BLUE_BIAS, -1.0f);
   GLubyte got[4];
   glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);
   glPixelTransferf(GL_RED_SCALE, 1.0f);
   glPixelTransferf(GL_BLUE_BIAS, 0.0f);
   assert_true(got[0] >= 127 && got[0] <= 128);
   assert_true(got[1] == 255 && got[2] == 0 && got[3] == 255);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
display_lists(void **state)
{
   (void)state;
   /* The image and bitmap are read at compile time: changing them or
    * the unpack state afterwards changes nothing. */
   GLfloat image[4] = { 1, 0, 0, 1 };
   GLubyte bits[1] = { 0x80 };
   GLuint list = glGenLists(1);
   glNewList(list, GL_COMPILE);
   glWindowPos2i(6, 7);
   glDrawPixels(1, 1, GL_RGBA, GL_FLOAT, image);
   glPixelZoom(2, 2);
   glColor4fv(green);
   glWindowPos2i(9, 9);
   glBitmap(1, 1, 0, 0, 1, 0, bits);
   glEndList();
   image[0] = 0;
   bits[0] = 0;
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 5);
   assert_true(st_test_probe(6, 7, black, 0.0f));
   glCallList(list);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   assert_true(st_test_probe(6, 7, red, 0.01f));
   /* glBitmap ignores the zoom. */
   assert_true(st_test_probe(9, 9, green, 0.01f));
   assert_true(st_test_probe(10, 10, black, 0.0f));
   GLfloat zoom;
   glGetFloatv(GL_ZOOM_X, &zoom);
   assert_true(zoom == 2);
   GLfloat pos[4];
   glGetFloatv(GL_CURRENT_RASTER_POSITION, pos);
   assert_true(pos[0] == 10 && pos[1] == 9);
   glDeleteLists(list, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(bitmap_draws_raster_color, reset),
      cmocka_unit_test_setup(bitmap_floor_has_slack, reset),
      cmocka_unit_test_setup(raster_pos_transform_and_validity, reset),
      cmocka_unit_test_setup(window_pos_takes_window_coordinates, reset),
      cmocka_unit_test_setup(draw_pixels_zoom, reset),
      cmocka_unit_test_setup(draw_pixels_transfer, reset),
      cmocka_unit_test_setup(draw_pixels_fog, reset),
      cmocka_unit_test_setup(draw_pixels_depth_and_stencil, reset),
      cmocka_unit_test_setup(copy_pixels_color, reset),
      cmocka_unit_test_setup(pixel_maps, reset),
      cmocka_unit_test_setup(accum_without_buffer, reset),
      cmocka_unit_test_setup(attribute_groups, reset),
      cmocka_unit_test_setup(feedback_tokens_and_errors, reset),
      cmocka_unit_test_setup(color_index_images, reset),
      cmocka_unit_test_setup(tex_image_transfer, reset),
      cmocka_unit_test_setup(read_pixels_transfer, reset),
      cmocka_unit_test_setup(display_lists, reset),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
