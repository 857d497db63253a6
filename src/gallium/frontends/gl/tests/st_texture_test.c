/* SPDX-License-Identifier: MIT */

/* Textures: objects and bindings, image uploads and read-backs with
 * pixel store state and PBOs, proxies, parameters, sampler objects,
 * storage, mipmap generation, compressed images, errors. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

static int
core_setup(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
compat_setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT, false);
   return *state ? 0 : -1;
}

static int
es_setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static GLuint
new_texture(GLenum target)
{
   GLuint tex = 0;
   glGenTextures(1, &tex);
   glBindTexture(target, tex);
   return tex;
}

/* ---- objects ---- */

static void
objects_and_bindings(void **state)
{
   GLuint tex[2];
   glGenTextures(2, tex);
   assert_false(glIsTexture(tex[0]));
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   assert_true(glIsTexture(tex[0]));
   GLint bound = 0;
   glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
   assert_int_equal(bound, (GLint)tex[0]);

   /* The target is fixed at the first bind. */
   glBindTexture(GL_TEXTURE_3D, tex[0]);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Core: names must come from glGenTextures. */
   glBindTexture(GL_TEXTURE_2D, 4242);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindTexture(0x1234, tex[1]);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   glActiveTexture(GL_TEXTURE3);
   GLint active = 0;
   glGetIntegerv(GL_ACTIVE_TEXTURE, &active);
   assert_int_equal(active, GL_TEXTURE3);
   glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
   assert_int_equal(bound, 0);
   glActiveTexture(GL_TEXTURE0 + 1000);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glActiveTexture(GL_TEXTURE0);

   /* Deleting unbinds. */
   glDeleteTextures(2, tex);
   glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
   assert_int_equal(bound, 0);
   assert_false(glIsTexture(tex[0]));
   glDeleteTextures(-1, tex);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
}

/* ---- uploads and read-backs ---- */

static void
rgba8_round_trip(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   uint8_t pixels[2][3][4];
   for (unsigned i = 0; i < sizeof(pixels); i++)
      ((uint8_t *)pixels)[i] = (uint8_t)(i * 7 + 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 3, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                pixels);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   uint8_t back[2][3][4];
   memset(back, 0, sizeof(back));
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back, pixels, sizeof(pixels));

   /* As BGRA floats. */
   float f[2][3][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_BGRA, GL_FLOAT, f);
   assert_float_equal(f[1][2][0], pixels[1][2][2] / 255.0f, 1e-6);
   assert_float_equal(f[1][2][2], pixels[1][2][0] / 255.0f, 1e-6);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteTextures(1, &tex);
}

static void
pixel_store_upload(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   /* A 4x3 RGB source image; upload its 2x2 part at (1, 1). */
   uint8_t src[3][4][3];
   for (unsigned y = 0; y < 3; y++)
      for (unsigned x = 0; x < 4; x++)
         for (unsigned c = 0; c < 3; c++)
            src[y][x][c] = (uint8_t)(100 * c + 10 * y + x);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 4);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE,
                src);
   glPixelStorei(GL_UNPACK_ROW_LENGTH, 0);
   glPixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
   glPixelStorei(GL_UNPACK_SKIP_ROWS, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Read back with pack alignment 8: rows of 2 RGBA bytes pad to 8. */
   glPixelStorei(GL_PACK_ALIGNMENT, 8);
   uint8_t back[2][8];
   memset(back, 0xcc, sizeof(back));
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGB, GL_UNSIGNED_BYTE, back);
   assert_int_equal(back[0][0], src[1][1][0]);
   assert_int_equal(back[0][3], src[1][2][0]);
   assert_int_equal(back[0][5], src[1][2][2]);
   assert_int_equal(back[0][6], 0xcc);
   assert_int_equal(back[1][0], src[2][1][0]);
   assert_int_equal(back[1][4], src[2][2][1]);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   glDeleteTextures(1, &tex);
}

static void
sub_image_and_formats(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   const uint16_t red565 = 31u << 11;
   glPixelStorei(GL_UNPACK_ALIGNMENT, 2);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 2, 3, 1, 1, GL_RGB,
                   GL_UNSIGNED_SHORT_5_6_5, &red565);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t back[4][4][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   const uint8_t red[4] = { 255, 0, 0, 255 };
   assert_memory_equal(back[3][2], red, 4);
   /* Outside the image. */
   glTexSubImage2D(GL_TEXTURE_2D, 0, 3, 3, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                   back);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* Integer data into a normalized texture. */
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA_INTEGER,
                   GL_UNSIGNED_BYTE, back);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   /* Integer texture round trip. */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RG32I, 1, 1, 0, GL_RG_INTEGER, GL_INT,
                (const GLint[]){ -5, 70000 });
   GLint ints[2] = { 0, 0 };
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RG_INTEGER, GL_INT, ints);
   assert_int_equal(ints[0], -5);
   assert_int_equal(ints[1], 70000);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Float texture keeps values outside [0, 1]. */
   const float hdr[4] = { 2.5f, -1.0f, 0.25f, 1.0f };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT, hdr);
   float fback[4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, fback);
   assert_memory_equal(fback, hdr, sizeof(hdr));
   glDeleteTextures(1, &tex);
}

static void
pbo_upload(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   const uint8_t data[8] = { 0, 0, 0, 0, 9, 8, 7, 6 };
   GLuint pbo;
   glGenBuffers(1, &pbo);
   glBindBuffer(GL_PIXEL_UNPACK_BUFFER, pbo);
   glBufferData(GL_PIXEL_UNPACK_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                (const void *)(uintptr_t)4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Past the end of the buffer. */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                (const void *)(uintptr_t)4);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindBuffer(GL_PIXEL_UNPACK_BUFFER, 0);
   uint8_t back[4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back, data + 4, 4);

   /* Pack into a buffer. */
   glBindBuffer(GL_PIXEL_PACK_BUFFER, pbo);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_BGRA, GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t mem[4] = { 0 };
   glGetBufferSubData(GL_PIXEL_PACK_BUFFER, 0, 4, mem);
   assert_int_equal(mem[0], 7);
   assert_int_equal(mem[2], 9);
   glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
   glDeleteBuffers(1, &pbo);
   glDeleteTextures(1, &tex);
}

static void
image_errors(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   uint8_t px[4] = { 0 };
   glTexImage2D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexImage2D(GL_TEXTURE_2D, 99, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGB,
                GL_UNSIGNED_SHORT_4_4_4_4, px);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 1, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 1, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 1, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA8, 2, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   /* GL 3.3 core, 3.8.3: depth formats take depth or depth/stencil
    * data, mixed either way. */
   static const GLenum mixed[][3] = {
      { GL_DEPTH_COMPONENT16, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8 },
      { GL_DEPTH_COMPONENT32F, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8 },
      { GL_DEPTH24_STENCIL8, GL_DEPTH_COMPONENT, GL_FLOAT },
      { GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8 },
   };
   for (unsigned i = 0; i < 4; i++) {
      const GLuint zs = 0xffffff00u;
      glTexImage2D(GL_TEXTURE_2D, 0, mixed[i][0], 1, 1, 0, mixed[i][1],
                   mixed[i][2], &zs);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      glTexImage1D(GL_TEXTURE_1D, 0, mixed[i][0], 1, 0, mixed[i][1],
                   mixed[i][2], NULL);
      assert_int_equal(glGetError(), GL_NO_ERROR);
   }
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 1, 1, 0,
                GL_STENCIL_INDEX, GL_INT, NULL);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Sub-image of a level without an image. */
   glTexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTextures(1, &tex);
}

static void
proxy_and_level_queries(void **state)
{
   GLint w = -1;
   glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, 64, 32, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
   assert_int_equal(w, 64);
   GLint max = 0;
   glGetIntegerv(GL_MAX_TEXTURE_SIZE, &max);
   glTexImage2D(GL_PROXY_TEXTURE_2D, 0, GL_RGBA8, max * 2, 1, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetTexLevelParameteriv(GL_PROXY_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &w);
   assert_int_equal(w, 0);

   GLuint tex = new_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 8, 4, 0, GL_RGB, GL_UNSIGNED_BYTE,
                NULL);
   GLint v = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_HEIGHT, &v);
   assert_int_equal(v, 4);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &v);
   assert_int_equal(v, GL_RGB565);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_GREEN_SIZE, &v);
   assert_int_equal(v, 6);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   assert_int_equal(v, 0);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_TYPE, &v);
   assert_int_equal(v, GL_UNSIGNED_NORMALIZED);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 0);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE,
                            &v);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTextures(1, &tex);
}

/* ---- parameters and sampler objects ---- */

static void
texture_parameters(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   GLint v = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST_MIPMAP_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_BORDER);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
   assert_int_equal(v, GL_CLAMP_TO_BORDER);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER,
                   GL_LINEAR_MIPMAP_LINEAR);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   const GLint swz[4] = { GL_ALPHA, GL_ONE, GL_ZERO, GL_RED };
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
   GLint back[4];
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, back);
   assert_memory_equal(back, swz, sizeof(swz));
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, &v);
   assert_int_equal(v, GL_ONE);

   const GLfloat border[4] = { 0.25f, 0.5f, 0.75f, 1.0f };
   glTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, border);
   GLfloat fb[4];
   glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, fb);
   assert_memory_equal(fb, border, sizeof(border));
   const GLuint ub[4] = { 1, 2, 3, 4000000000u };
   glTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, ub);
   GLuint ubb[4];
   glGetTexParameterIuiv(GL_TEXTURE_2D, GL_TEXTURE_BORDER_COLOR, ubb);
   assert_memory_equal(ubb, ub, sizeof(ub));

   glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, 2.5f);
   GLfloat lod = 0;
   glGetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, &lod);
   assert_true(lod == 2.5f);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   assert_int_equal(v, GL_FALSE);
   glDeleteTextures(1, &tex);

   GLuint rect = new_texture(GL_TEXTURE_RECTANGLE);
   glTexParameteri(GL_TEXTURE_RECTANGLE, GL_TEXTURE_WRAP_S, GL_REPEAT);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetTexParameteriv(GL_TEXTURE_RECTANGLE, GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_LINEAR);
   glDeleteTextures(1, &rect);
}

static void
sampler_objects(void **state)
{
   GLuint s[2];
   glGenSamplers(2, s);
   assert_true(glIsSampler(s[0]));
   glSamplerParameteri(s[0], GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   GLint v = 0;
   glGetSamplerParameteriv(s[0], GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST);
   glGetSamplerParameteriv(s[1], GL_TEXTURE_MIN_FILTER, &v);
   assert_int_equal(v, GL_NEAREST_MIPMAP_LINEAR);
   glSamplerParameteri(s[0], GL_TEXTURE_BASE_LEVEL, 1);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glSamplerParameteri(4242, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   glBindSampler(2, s[0]);
   glActiveTexture(GL_TEXTURE2);
   glGetIntegerv(GL_SAMPLER_BINDING, &v);
   assert_int_equal(v, (GLint)s[0]);
   glBindSampler(2, 4242);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindSampler(100000, s[0]);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteSamplers(2, s);
   glGetIntegerv(GL_SAMPLER_BINDING, &v);
   assert_int_equal(v, 0);
   assert_false(glIsSampler(s[0]));
   glActiveTexture(GL_TEXTURE0);
}

/* ---- storage, mipmaps, compressed ---- */

static void
immutable_storage(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   glTexStorage2D(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint v = 0;
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
   assert_int_equal(v, GL_TRUE);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
   assert_int_equal(v, 4);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 3, GL_TEXTURE_WIDTH, &v);
   assert_int_equal(v, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   const uint8_t px[4] = { 1, 2, 3, 4 };
   glTexSubImage2D(GL_TEXTURE_2D, 3, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   uint8_t back[4];
   glGetTexImage(GL_TEXTURE_2D, 3, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back, px, 4);
   glDeleteTextures(1, &tex);

   tex = new_texture(GL_TEXTURE_2D);
   glTexStorage2D(GL_TEXTURE_2D, 5, GL_RGBA8, 8, 8);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 8, 8);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteTextures(1, &tex);
}

static void
generate_mipmap_averages(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   /* 2x2 texels of 0 and 200 in red: level 1 is their mean. */
   const uint8_t px[2][2][4] = { { { 0, 0, 0, 255 }, { 200, 0, 0, 255 } },
                                 { { 200, 0, 0, 255 }, { 0, 0, 0, 255 } } };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   glGenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint w = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w);
   assert_int_equal(w, 1);
   uint8_t back[4];
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_in_range(back[0], 99, 101);
   assert_int_equal(back[3], 255);
   glGenerateMipmap(GL_TEXTURE_RECTANGLE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteTextures(1, &tex);
}

/* Desktop GL: integer and packed depth/stencil images cannot be mipmapped
 * (GL_INVALID_OPERATION, image untouched); depth-only ones can. */
static void
generate_mipmap_refused_formats(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0,
                GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLint w = -1;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 1, GL_TEXTURE_WIDTH, &w);
   assert_int_equal(w, 0);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA_INTEGER,
                GL_UNSIGNED_BYTE, NULL);
   glGenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 4, 4, 0,
                GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, NULL);
   glGenerateMipmap(GL_TEXTURE_2D);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteTextures(1, &tex);
}

static void
compressed_rgtc(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   /* One RGTC1 block: endpoints 255 and 0, every index 0 (red = 1). */
   const uint8_t block[8] = { 255, 0, 0, 0, 0, 0, 0, 0 };
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0,
                          sizeof(block), block);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint v = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED, &v);
   assert_int_equal(v, GL_TRUE);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_COMPRESSED_IMAGE_SIZE,
                            &v);
   assert_int_equal(v, 8);
   uint8_t back[8];
   glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   assert_memory_equal(back, block, sizeof(block));
   float texel[4 * 16];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, texel);
   assert_float_equal(texel[0], 1.0f, 1e-6);
   assert_float_equal(texel[4 * 15 + 3], 1.0f, 1e-6);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RED_RGTC1, 4, 4, 0, 7,
                          block);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, 8, block);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);

   /* Uncompressed data for RGTC is compressed by the GL: a 5x3 image
    * (partial blocks) of two channels, within the error of 8 levels
    * between the block's extremes. */
   float rg[3][5][2];
   for (unsigned y = 0; y < 3; y++)
      for (unsigned x = 0; x < 5; x++) {
         rg[y][x][0] = x / 4.0f;
         rg[y][x][1] = -0.5f + y * 0.5f;
      }
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_RG_RGTC2, 5, 3, 0, GL_RG,
                GL_FLOAT, rg);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   float rg_back[3][5][2];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RG, GL_FLOAT, rg_back);
   for (unsigned y = 0; y < 3; y++)
      for (unsigned x = 0; x < 5; x++)
         for (unsigned c = 0; c < 2; c++)
            assert_float_equal(rg_back[y][x][c], rg[y][x][c], 0.08);
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RG, GL_FLOAT, rg);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTextures(1, &tex);
}

static void
three_d_and_arrays(void **state)
{
   /* A 2x1x2 3D image taken from a client image of height 2 after one
    * skipped image. */
   GLuint tex = new_texture(GL_TEXTURE_3D);
   uint8_t src[3][2][2][4];
   for (unsigned i = 0; i < sizeof(src); i++)
      ((uint8_t *)src)[i] = (uint8_t)i;
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 2);
   glPixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
   glTexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 1, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, src);
   glPixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
   glPixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t back[2][1][2][4];
   glGetTexImage(GL_TEXTURE_3D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back[0][0], src[1][0], 8);
   assert_memory_equal(back[1][0], src[2][0], 8);
   glDeleteTextures(1, &tex);

   /* A 1D array: the rows of a 2D upload are its layers. */
   tex = new_texture(GL_TEXTURE_1D_ARRAY);
   const uint8_t rows[3][4] = { { 1, 2, 3, 4 },
                                { 5, 6, 7, 8 },
                                { 9, 10, 11, 12 } };
   glTexImage2D(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA8, 1, 3, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, rows);
   const uint8_t row1[4] = { 50, 60, 70, 80 };
   glTexSubImage2D(GL_TEXTURE_1D_ARRAY, 0, 0, 1, 1, 1, GL_RGBA,
                   GL_UNSIGNED_BYTE, row1);
   uint8_t got[3][4];
   glGetTexImage(GL_TEXTURE_1D_ARRAY, 0, GL_RGBA, GL_UNSIGNED_BYTE, got);
   assert_memory_equal(got[0], rows[0], 4);
   assert_memory_equal(got[1], row1, 4);
   assert_memory_equal(got[2], rows[2], 4);
   GLint v = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_1D_ARRAY, 0, GL_TEXTURE_HEIGHT, &v);
   assert_int_equal(v, 3);
   glDeleteTextures(1, &tex);

   /* 1D. */
   tex = new_texture(GL_TEXTURE_1D);
   glTexImage1D(GL_TEXTURE_1D, 0, GL_RGBA8, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                rows);
   uint8_t one[2][4];
   glGetTexImage(GL_TEXTURE_1D, 0, GL_RGBA, GL_UNSIGNED_BYTE, one);
   assert_memory_equal(one, rows, 8);
   glDeleteTextures(1, &tex);
}

static void
respecified_base_keeps_other_levels(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   const uint8_t l1[4] = { 11, 22, 33, 44 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                l1);
   /* Level 0 grows: level 1 no longer fits the mipmap chain but keeps
    * its texels. */
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   uint8_t back[4];
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, back);
   assert_memory_equal(back, l1, 4);
   /* A level 1 of the new size fits again. */
   uint8_t l1b[4][4][4];
   memset(l1b, 7, sizeof(l1b));
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                l1b);
   uint8_t back4[4][4][4];
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, back4);
   assert_memory_equal(back4, l1b, sizeof(l1b));
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteTextures(1, &tex);
}

static void
multisample_textures(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D_MULTISAMPLE);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 2, GL_RGBA8, 4, 4,
                           GL_TRUE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint samples = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_SAMPLES,
                            &samples);
   assert_true(samples >= 2);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4,
                           GL_TRUE);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glTexImage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 1000, GL_RGBA8, 4, 4,
                           GL_TRUE);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexImage2DMultisample(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4, GL_TRUE);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glTexParameteri(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER,
                   GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteTextures(1, &tex);
}

/* ---- ES ---- */

static void
es_format_combinations(void **state)
{
   GLuint tex = new_texture(GL_TEXTURE_2D);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
                GL_UNSIGNED_SHORT_4_4_4_4, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGB, GL_UNSIGNED_BYTE,
                NULL);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 1, 1, 0, GL_LUMINANCE,
                GL_UNSIGNED_BYTE, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glTexImage2D(GL_TEXTURE_1D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteTextures(1, &tex);
}

/* ---- compatibility ---- */

static void
compat_luminance_and_names(void **state)
{
   /* Compatibility: any name binds. */
   glBindTexture(GL_TEXTURE_2D, 777);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const uint8_t l[2] = { 10, 250 };
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE8, 2, 1, 0, GL_LUMINANCE,
                GL_UNSIGNED_BYTE, l);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint v = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &v);
   assert_int_equal(v, 8);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   assert_int_equal(v, 0);
   uint8_t back[2];
   glPixelStorei(GL_PACK_ALIGNMENT, 1);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE, back);
   glPixelStorei(GL_PACK_ALIGNMENT, 4);
   assert_memory_equal(back, l, 2);
   /* As RGBA: (L, 0, 0, 1). */
   uint8_t rgba[2][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
   const uint8_t l1[4] = { 250, 0, 0, 255 };
   assert_memory_equal(rgba[1], l1, 4);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_INTENSITY);
   glGetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, &v);
   assert_int_equal(v, GL_INTENSITY);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* EXT_texture_integer alpha: stored as red, read back as alpha. */
   const uint8_t ai[2] = { 3, 250 };
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA8UI_EXT, 2, 1, 0, GL_ALPHA_INTEGER,
                GL_UNSIGNED_BYTE, ai);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &v);
   assert_int_equal(v, 8);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_RED_SIZE, &v);
   assert_int_equal(v, 0);
   GLuint ai_back[2] = { 0, 0 };
   glGetTexImage(GL_TEXTURE_2D, 0, GL_ALPHA_INTEGER, GL_UNSIGNED_INT, ai_back);
   assert_int_equal(ai_back[0], 3);
   assert_int_equal(ai_back[1], 250);
   /* Other client formats go through RGBA: the alpha comes from A and
    * reads back as (0, 0, 0, A); luminance-alpha as (L, 0, 0, A) and
    * intensity as (I, 0, 0, 1). */
   const GLint rgba_in[2][4] = { { 1, 2, 3, -4 }, { -5, 6, 7, 8 } };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA32I_EXT, 2, 1, 0, GL_RGBA_INTEGER,
                GL_INT, rgba_in);
   GLint rgba_out[2][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_INT, rgba_out);
   const GLint alpha_out[2][4] = { { 0, 0, 0, -4 }, { 0, 0, 0, 8 } };
   assert_memory_equal(rgba_out, alpha_out, sizeof(alpha_out));
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA16I_EXT, 2, 1, 0,
                GL_RGBA_INTEGER, GL_INT, rgba_in);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_INT, rgba_out);
   const GLint la_out[2][4] = { { 1, 0, 0, -4 }, { -5, 0, 0, 8 } };
   assert_memory_equal(rgba_out, la_out, sizeof(la_out));
   GLint l_out[2] = { 0, 0 };
   glGetTexImage(GL_TEXTURE_2D, 0, GL_LUMINANCE_INTEGER_EXT, GL_INT, l_out);
   assert_int_equal(l_out[0], 1);
   assert_int_equal(l_out[1], -5);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_INTENSITY8UI_EXT, 2, 1, 0, GL_RGBA_INTEGER,
                GL_INT, rgba_in);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA_INTEGER, GL_INT, rgba_out);
   const GLint i_out[2][4] = { { 1, 0, 0, 1 }, { 0, 0, 0, 1 } };
   assert_memory_equal(rgba_out, i_out, sizeof(i_out));
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* GL_GENERATE_MIPMAP fills the levels when the base changes. */
   glTexParameteri(GL_TEXTURE_2D, GL_GENERATE_MIPMAP, GL_TRUE);
   const uint8_t px[2][2][4] = { { { 0, 0, 0, 0 }, { 200, 0, 0, 0 } },
                                 { { 200, 0, 0, 0 }, { 0, 0, 0, 0 } } };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   uint8_t lvl1[4];
   glGetTexImage(GL_TEXTURE_2D, 1, GL_RGBA, GL_UNSIGNED_BYTE, lvl1);
   assert_in_range(lvl1[0], 99, 101);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLuint name = 777;
   glDeleteTextures(1, &name);
}

/* ARB_texture_float: the luminance, alpha and intensity float formats
 * keep values outside [0, 1] and report float components; the core
 * profile does not have them. */
static void
compat_legacy_float_formats(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const GLfloat v[2] = { 2.5f, -0.75f };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA16F_ARB, 2, 1, 0, GL_ALPHA, GL_FLOAT,
                v);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint i;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_TYPE, &i);
   assert_int_equal(i, GL_FLOAT);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_ALPHA_SIZE, &i);
   assert_int_equal(i, 16);
   GLfloat rgba[2][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, rgba);
   const GLfloat alpha[2][4] = { { 0, 0, 0, 2.5f }, { 0, 0, 0, -0.75f } };
   assert_memory_equal(rgba, alpha, sizeof(alpha));

   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA32F_ARB, 1, 1, 0,
                GL_LUMINANCE_ALPHA, GL_FLOAT, v);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_TYPE, &i);
   assert_int_equal(i, GL_FLOAT);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_LUMINANCE_SIZE, &i);
   assert_int_equal(i, 32);
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_FLOAT, rgba);
   const GLfloat la[4] = { 2.5f, 0, 0, -0.75f };
   assert_memory_equal(rgba[0], la, sizeof(la));

   glTexImage2D(GL_TEXTURE_2D, 0, GL_INTENSITY32F_ARB, 1, 1, 0, GL_RED,
                GL_FLOAT, v);
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTENSITY_TYPE, &i);
   assert_int_equal(i, GL_FLOAT);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteTextures(1, &tex);
}

static void
core_no_legacy_float_formats(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE32F_ARB, 1, 1, 0, GL_RED,
                GL_FLOAT, NULL);
   assert_int_not_equal(glGetError(), GL_NO_ERROR);
   glDeleteTextures(1, &tex);
}

/* glAreTexturesResident / glPrioritizeTextures: everything is resident
 * (GL 3.0 compatibility, 3.9.15), names are checked. */
static void
residence_and_priorities(void **state)
{
   (void)state;
   GLuint tex[2];
   glGenTextures(2, tex);
   glBindTexture(GL_TEXTURE_2D, tex[0]);
   glBindTexture(GL_TEXTURE_2D, tex[1]);
   GLboolean res[2] = { 7, 7 };
   assert_int_equal(glAreTexturesResident(2, tex, res), GL_TRUE);
   assert_int_equal(res[0], 7);
   const GLfloat prio[2] = { 0.5f, 2.0f };
   glPrioritizeTextures(2, tex, prio);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const GLuint bad[2] = { tex[0], 0 };
   assert_int_equal(glAreTexturesResident(2, bad, res), GL_FALSE);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glAreTexturesResident(-1, tex, res);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glPrioritizeTextures(-1, tex, prio);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteTextures(2, tex);
}

int
main(void)
{
   const struct CMUnitTest core[] = {
      cmocka_unit_test_setup_teardown(objects_and_bindings, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(rgba8_round_trip, core_setup, teardown),
      cmocka_unit_test_setup_teardown(pixel_store_upload, core_setup, teardown),
      cmocka_unit_test_setup_teardown(sub_image_and_formats, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(pbo_upload, core_setup, teardown),
      cmocka_unit_test_setup_teardown(image_errors, core_setup, teardown),
      cmocka_unit_test_setup_teardown(proxy_and_level_queries, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(texture_parameters, core_setup, teardown),
      cmocka_unit_test_setup_teardown(sampler_objects, core_setup, teardown),
      cmocka_unit_test_setup_teardown(immutable_storage, core_setup, teardown),
      cmocka_unit_test_setup_teardown(generate_mipmap_averages, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(generate_mipmap_refused_formats,
                                      core_setup, teardown),
      cmocka_unit_test_setup_teardown(compressed_rgtc, core_setup, teardown),
      cmocka_unit_test_setup_teardown(three_d_and_arrays, core_setup, teardown),
      cmocka_unit_test_setup_teardown(respecified_base_keeps_other_levels,
                                      core_setup, teardown),
      cmocka_unit_test_setup_teardown(multisample_textures, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(es_format_combinations, es_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_luminance_and_names, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(residence_and_priorities, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_legacy_float_formats, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(core_no_legacy_float_formats, core_setup,
                                      teardown),
   };
   return cmocka_run_group_tests(core, NULL, NULL);
}
