/* SPDX-License-Identifier: MIT */

/* ETC1 / ETC2 / EAC textures in ES contexts: the advertised formats,
 * uploads that the sampler decodes (texelFetch into an RGBA8
 * framebuffer), sub-image updates on block boundaries and the errors of
 * ES 3.0 section 3.8.6 and OES_compressed_ETC1_RGB8_texture; ETC2 in a
 * core context through ARB_ES3_compatibility. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 8

static struct st_context *ctx;

static int
setup_es3(void **state)
{
   (void)state;
   ctx = st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   return ctx && st_test_fbo(SIZE, SIZE) ? 0 : -1;
}

static int
teardown(void **state)
{
   (void)state;
   st_test_context_destroy(ctx);
   ctx = NULL;
   return 0;
}

/* Individual mode, bases (A, 5, 0) and (3, C, F), table 0, every index 0:
 * (172, 87, 2) left of x = 2, (53, 206, 255) right of it. */
static const uint8_t individual[8] = { 0xa3, 0x5c, 0x0f, 0x00, 0, 0, 0, 0 };
/* T mode: row 0 holds the paint colours (187, 68, 136), (49, 255, 151),
 * (17, 238, 119), (0, 206, 87); every other texel the first. */
static const uint8_t t_mode[8] = { 0xf3, 0x48, 0x1e, 0x7b,
                                   0x11, 0x00, 0x10, 0x10 };
/* EAC alpha: base 100, multiplier 3, table 13, index 0: 100 - 3. */
static const uint8_t alpha97[8] = { 100, 0x3d, 0, 0, 0, 0, 0, 0 };
/* Signed R11: base -100, multiplier 2, table 3, index 0: -832 / 1023. */
static const uint8_t r11_neg[8] = { 0x9c, 0x23, 0, 0, 0, 0, 0, 0 };

/* Draws texelFetch(tex, gl_FragCoord.xy) * scale + bias of the bound
 * 2D texture into the framebuffer. */
static void
draw_texels(float scale, float bias)
{
   static const char *vs = "#version 300 es\n"
                           "layout(location = 0) in vec2 pos;\n"
                           "void main() { gl_Position = vec4(pos, 0, 1); }\n";
   static const char *fs =
      "#version 300 es\n"
      "precision highp float;\n"
      "uniform highp sampler2D tex;\n"
      "uniform vec2 sb;\n"
      "out vec4 color;\n"
      "void main() {\n"
      "   color = texelFetch(tex, ivec2(gl_FragCoord.xy), 0) * sb.x + sb.y;\n"
      "}\n";
   GLuint prog = st_test_program(vs, fs);
   assert_int_not_equal(prog, 0);
   glUseProgram(prog);
   glUniform2f(glGetUniformLocation(prog, "sb"), scale, bias);
   static const float tri[] = { -1, -1, 3, -1, -1, 3 };
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   glDeleteBuffers(1, &vbo);
   glDeleteVertexArrays(1, &vao);
   glDeleteProgram(prog);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Pixel (x, y) within @p tol of each code. */
static void
expect_near(GLint x, GLint y, int r, int g, int b, int a, int tol)
{
   uint8_t p[4];
   glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
   assert_in_range(p[0], r - tol, r + tol);
   assert_in_range(p[1], g - tol, g + tol);
   assert_in_range(p[2], b - tol, b + tol);
   assert_in_range(p[3], a - tol, a + tol);
}

static void
expect_pixel(GLint x, GLint y, int r, int g, int b, int a)
{
   expect_near(x, y, r, g, b, a, 0);
}

static GLuint
new_texture(void)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   return tex;
}

static bool
listed(GLenum format)
{
   GLint n = 0, list[32];
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   assert_in_range(n, 0, 32);
   glGetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
   for (GLint i = 0; i < n; i++) {
      if (list[i] == (GLint)format)
         return true;
   }
   return false;
}

static void
es3_formats_listed(void **state)
{
   (void)state;
   GLint n = 0;
   glGetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
   assert_int_equal(n, 11);
   assert_true(listed(GL_COMPRESSED_RGB8_ETC2));
   assert_true(listed(GL_COMPRESSED_SIGNED_RG11_EAC));
   assert_true(listed(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC));
   assert_true(listed(GL_ETC1_RGB8_OES));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
es3_etc2_sampled(void **state)
{
   (void)state;
   GLuint tex = new_texture();
   /* 8x4: the individual block, then the T block. */
   uint8_t data[16];
   memcpy(data, individual, 8);
   memcpy(data + 8, t_mode, 8);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4, 0,
                          sizeof(data), data);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   draw_texels(1.0f, 0.0f);
   expect_pixel(0, 0, 172, 87, 2, 255);
   expect_pixel(3, 3, 53, 206, 255, 255);
   expect_pixel(4, 0, 187, 68, 136, 255);
   expect_pixel(5, 0, 49, 255, 151, 255);
   expect_pixel(7, 0, 0, 206, 87, 255);
   expect_pixel(7, 1, 187, 68, 136, 255);

   /* Replace the second block with the first. */
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 0, 4, 4,
                             GL_COMPRESSED_RGB8_ETC2, 8, individual);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   draw_texels(1.0f, 0.0f);
   expect_pixel(4, 0, 172, 87, 2, 255);
   expect_pixel(7, 0, 53, 206, 255, 255);
   glDeleteTextures(1, &tex);
}

static void
es3_eac_sampled(void **state)
{
   (void)state;
   GLuint tex = new_texture();
   uint8_t rgba[16];
   memcpy(rgba, alpha97, 8);
   memcpy(rgba + 8, individual, 8);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4,
                          0, sizeof(rgba), rgba);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   draw_texels(1.0f, 0.0f);
   expect_pixel(0, 0, 172, 87, 2, 97);

   /* Signed R11 -832 / 1023 * 0.5 + 0.5 = 0.0934: code 24; G, B = 0
    * give 0.5, A = 1 gives 1. */
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SIGNED_R11_EAC, 4, 4,
                          0, sizeof(r11_neg), r11_neg);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   draw_texels(0.5f, 0.5f);
   expect_near(2, 1, 24, 128, 128, 255, 1);

   /* Immutable storage, then the blocks. */
   GLuint tex2 = new_texture();
   glTexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_R11_EAC, 4, 4);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                             GL_COMPRESSED_R11_EAC, 8, r11_neg);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Unsigned 0x9c: (1248 + 4 - 32) / 2047 = 0.596: code 152. */
   draw_texels(1.0f, 0.0f);
   expect_pixel(1, 2, 152, 0, 0, 255);
   glDeleteTextures(1, &tex2);
   glDeleteTextures(1, &tex);
}

static void
es3_errors(void **state)
{
   (void)state;
   GLuint tex = new_texture();
   /* The size must match the blocks exactly. */
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 7,
                          individual);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4, 0,
                          16, NULL);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* Sub-images start on blocks and end on one or at the edge. */
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4,
                             GL_COMPRESSED_RGB8_ETC2, 8, individual);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 4,
                             GL_COMPRESSED_RGB8_ETC2, 8, individual);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Another format than the image's. */
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4,
                             GL_COMPRESSED_SRGB8_ETC2, 8, individual);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Uncompressed data for an ETC2 image. */
   uint8_t rgba[4 * 4 * 4] = { 0 };
   glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE,
                   rgba);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTextures(1, &tex);

   /* 2D arrays take ETC2 blocks, 3D textures do not. */
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   uint8_t two[16];
   memcpy(two, individual, 8);
   memcpy(two + 8, t_mode, 8);
   glCompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4,
                          2, 0, sizeof(two), two);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLuint tex3d;
   glGenTextures(1, &tex3d);
   glBindTexture(GL_TEXTURE_3D, tex3d);
   glCompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 2, 0,
                          sizeof(two), two);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTextures(1, &tex3d);
   glDeleteTextures(1, &tex);
}

static void
etc1(void **state)
{
   (void)state;
   const char *ext = (const char *)glGetString(GL_EXTENSIONS);
   assert_non_null(strstr(ext, "GL_OES_compressed_ETC1_RGB8_texture"));

   GLuint tex = new_texture();
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_ETC1_RGB8_OES, 4, 4, 0, 8,
                          individual);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   draw_texels(1.0f, 0.0f);
   expect_pixel(1, 3, 172, 87, 2, 255);
   expect_pixel(2, 0, 53, 206, 255, 255);
   /* ETC1 images are replaced whole, never in parts. */
   glCompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_ETC1_RGB8_OES, 8,
                             individual);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteTextures(1, &tex);
}

static int
setup_core(void **state)
{
   (void)state;
   ctx = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return ctx && st_test_fbo(SIZE, SIZE) ? 0 : -1;
}

/* ARB_ES3_compatibility in a core context: ETC2 blocks kept as given
 * (glGetCompressedTexImage), ESSL 1.00 / 3.00 shaders, MAX_ELEMENT_INDEX. */
static void
core_es3_compatibility(void **state)
{
   (void)state;
   const char *ext = NULL;
   GLint n = 0;
   glGetIntegerv(GL_NUM_EXTENSIONS, &n);
   for (GLint i = 0; i < n; i++) {
      const char *e = (const char *)glGetStringi(GL_EXTENSIONS, (GLuint)i);
      if (!strcmp(e, "GL_ARB_ES3_compatibility"))
         ext = e;
   }
   assert_non_null(ext);

   GLuint tex = new_texture();
   uint8_t data[16];
   memcpy(data, individual, 8);
   memcpy(data + 8, t_mode, 8);
   glCompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 4, 0,
                          sizeof(data), data);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t back[16] = { 0 };
   glGetCompressedTexImage(GL_TEXTURE_2D, 0, back);
   assert_memory_equal(back, data, sizeof(data));
   /* ESSL 3.00 sampling it. */
   draw_texels(1.0f, 0.0f);
   expect_pixel(6, 0, 17, 238, 119, 255);
   /* The decoded texels, for glGetTexImage. */
   uint8_t texels[4][8][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
   assert_int_equal(texels[0][5][0], 49);
   assert_int_equal(texels[2][1][1], 87);
   glDeleteTextures(1, &tex);

   GLuint vs = glCreateShader(GL_VERTEX_SHADER);
   const char *src = "#version 100\n"
                     "attribute vec4 p;\n"
                     "void main() { gl_Position = p; }\n";
   glShaderSource(vs, 1, &src, NULL);
   glCompileShader(vs);
   GLint ok = 0;
   glGetShaderiv(vs, GL_COMPILE_STATUS, &ok);
   assert_int_equal(ok, GL_TRUE);
   glDeleteShader(vs);

   GLint64 max = 0;
   glGetInteger64v(GL_MAX_ELEMENT_INDEX, &max);
   assert_true(max >= (1 << 24) - 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

#define ES3_TEST(f) cmocka_unit_test_setup_teardown(f, setup_es3, teardown)

int
main(void)
{
   /* ES 2.0 requests get the ES 3.0 context too (st_context.c). */
   const struct CMUnitTest tests[] = {
      ES3_TEST(es3_formats_listed),
      ES3_TEST(es3_etc2_sampled),
      ES3_TEST(es3_eac_sampled),
      ES3_TEST(es3_errors),
      ES3_TEST(etc1),
      cmocka_unit_test_setup_teardown(core_es3_compatibility, setup_core,
                                      teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
