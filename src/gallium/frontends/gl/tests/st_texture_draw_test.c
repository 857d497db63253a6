/* SPDX-License-Identifier: MIT */

/* Textures sampled by draws: filters, sampler objects, completeness,
 * base-format and GL_TEXTURE_SWIZZLE swizzles, integer and depth
 * textures, cube maps, mipmap levels. */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 8

struct draw_state {
   struct st_context *ctx;
   GLuint vao, vbo;
};

static struct draw_state ds;

static int
setup_ctx(enum st_api_type api, unsigned major, unsigned minor,
          enum st_profile profile)
{
   ds.ctx = st_test_context_create(api, major, minor, profile, false);
   if (!ds.ctx || !st_test_fbo(SIZE, SIZE))
      return -1;
   /* One triangle covering the framebuffer; tc = pos * 0.5 + 0.5. */
   static const float tri[] = { -1, -1, 3, -1, -1, 3 };
   glGenVertexArrays(1, &ds.vao);
   glBindVertexArray(ds.vao);
   glGenBuffers(1, &ds.vbo);
   glBindBuffer(GL_ARRAY_BUFFER, ds.vbo);
   glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glEnableVertexAttribArray(0);
   return glGetError() == GL_NO_ERROR ? 0 : -1;
}

static int
core_setup(void **state)
{
   return setup_ctx(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE);
}

static int
compat_setup(void **state)
{
   return setup_ctx(ST_API_OPENGL, 3, 0, ST_PROFILE_COMPAT);
}

static int
teardown(void **state)
{
   st_test_context_destroy(ds.ctx);
   memset(&ds, 0, sizeof(ds));
   return 0;
}

static const char *vs330 =
   "#version 330\n"
   "layout(location = 0) in vec2 pos;\n"
   "out vec2 tc;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); tc = pos * 0.5 + 0.5; }\n";

static const char *vs130 =
   "#version 130\n"
   "in vec2 pos;\n"
   "out vec2 tc;\n"
   "void main() { gl_Position = vec4(pos, 0.0, 1.0); tc = pos * 0.5 + 0.5; }\n";

static void
draw_with(const char *vs, const char *fs)
{
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   glClearColor(0.5f, 0.5f, 0.5f, 0.5f);
   glClear(GL_COLOR_BUFFER_BIT);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glUseProgram(0);
   glDeleteProgram(prog);
}

static const char *fs_sample = "#version 330\n"
                               "uniform sampler2D tex;\n"
                               "in vec2 tc;\n"
                               "out vec4 color;\n"
                               "void main() { color = texture(tex, tc); }\n";

/* A 2x2 RGBA8 texture: red, green / blue, white (row 0 first). */
static GLuint
quad_texture(void)
{
   static const uint8_t px[2][2][4] = {
      { { 255, 0, 0, 255 }, { 0, 255, 0, 255 } },
      { { 0, 0, 255, 255 }, { 255, 255, 255, 255 } }
   };
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                px);
   return tex;
}

static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 },
                   blue[4] = { 0, 0, 1, 1 }, white[4] = { 1, 1, 1, 1 },
                   black[4] = { 0, 0, 0, 1 };

static void
sample_nearest(void **state)
{
   GLuint tex = quad_texture();
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   draw_with(vs330, fs_sample);
   assert_true(st_test_probe(1, 1, red, 0.01f));
   assert_true(st_test_probe(6, 1, green, 0.01f));
   assert_true(st_test_probe(1, 6, blue, 0.01f));
   assert_true(st_test_probe(6, 6, white, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
sample_linear_middle(void **state)
{
   GLuint tex = quad_texture();
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
   draw_with(vs330, fs_sample);
   /* Pixel (1, 1) samples at tc 0.1875: texel-space 0.375, all red. */
   assert_true(st_test_probe(0, 0, red, 0.01f));
   /* The centre of the framebuffer blends all four texels. */
   float got[4];
   st_test_read_pixel(4, 4, got);
   assert_true(got[0] > 0.2f && got[1] > 0.2f && got[2] > 0.2f);
   glDeleteTextures(1, &tex);
}

static void
incomplete_is_black(void **state)
{
   /* The default minification filter needs mipmaps: incomplete. */
   GLuint tex = quad_texture();
   draw_with(vs330, fs_sample);
   assert_true(st_test_probe(1, 1, black, 0.01f));
   assert_true(st_test_probe(6, 6, black, 0.01f));

   /* A sampler object with a non-mipmap filter makes it complete. */
   GLuint s;
   glGenSamplers(1, &s);
   glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glBindSampler(0, s);
   draw_with(vs330, fs_sample);
   assert_true(st_test_probe(1, 1, red, 0.01f));
   glBindSampler(0, 0);
   glDeleteSamplers(1, &s);

   /* Mipmaps complete it too. */
   glGenerateMipmap(GL_TEXTURE_2D);
   draw_with(vs330, fs_sample);
   float got[4];
   st_test_read_pixel(4, 4, got);
   assert_true(got[3] > 0.99f && got[0] > 0.1f);
   glDeleteTextures(1, &tex);
}

static void
sampler_object_overrides_filter(void **state)
{
   GLuint tex = quad_texture();
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   GLuint s;
   glGenSamplers(1, &s);
   glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glSamplerParameteri(s, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glBindSampler(0, s);
   draw_with(vs330, fs_sample);
   /* Nearest: the pixel left of the centre is pure red or blue-ish
    * texels, never a blend. */
   assert_true(st_test_probe(3, 3, red, 0.01f));
   assert_true(st_test_probe(4, 4, white, 0.01f));
   glBindSampler(0, 0);
   glDeleteSamplers(1, &s);
   glDeleteTextures(1, &tex);
}

static void
swizzles(void **state)
{
   GLuint tex = quad_texture();
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const GLint swz[4] = { GL_ZERO, GL_RED, GL_ONE, GL_ALPHA };
   glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swz);
   draw_with(vs330, fs_sample);
   const float expect[4] = { 0, 1, 1, 1 };
   assert_true(st_test_probe(1, 1, expect, 0.01f));
   glDeleteTextures(1, &tex);

   /* A one-channel texture reads (r, 0, 0, 1). */
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const uint8_t r = 128;
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, &r);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   draw_with(vs330, fs_sample);
   const float half_red[4] = { 128 / 255.0f, 0, 0, 1 };
   assert_true(st_test_probe(3, 3, half_red, 0.01f));

   /* RGB texture: alpha is 1. */
   const uint8_t rgb[3] = { 10, 20, 30 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGB8, 1, 1, 0, GL_RGB, GL_UNSIGNED_BYTE,
                rgb);
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
   draw_with(vs330, fs_sample);
   const float rgb1[4] = { 10 / 255.0f, 20 / 255.0f, 30 / 255.0f, 1 };
   assert_true(st_test_probe(3, 3, rgb1, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
integer_texel_fetch(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const GLuint v[4] = { 3, 200, 7, 1 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, 1, 1, 0, GL_RGBA_INTEGER,
                GL_UNSIGNED_INT, v);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   const char *fs = "#version 330\n"
                    "uniform usampler2D tex;\n"
                    "out vec4 color;\n"
                    "void main() {\n"
                    "   uvec4 t = texelFetch(tex, ivec2(0), 0);\n"
                    "   color = vec4(t) / 255.0;\n"
                    "}\n";
   draw_with(vs330, fs);
   const float expect[4] = { 3 / 255.0f, 200 / 255.0f, 7 / 255.0f, 1 / 255.0f };
   assert_true(st_test_probe(2, 2, expect, 0.01f));

   /* Linear filtering makes an integer texture incomplete. */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
   const char *fs2 = "#version 330\n"
                     "uniform usampler2D tex;\n"
                     "in vec2 tc;\n"
                     "out vec4 color;\n"
                     "void main() { color = vec4(texture(tex, tc)); }\n";
   draw_with(vs330, fs2);
   assert_true(st_test_probe(2, 2, black, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
depth_texture_reads_red(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const float d = 0.25f;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   draw_with(vs330, fs_sample);
   const float expect[4] = { 0.25f, 0, 0, 1 };
   assert_true(st_test_probe(2, 2, expect, 0.01f));

   /* Shadow comparison: 0.5 <= 0.25 fails, 0.2 <= 0.25 passes. */
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                   GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
   const char *fs = "#version 330\n"
                    "uniform sampler2DShadow tex;\n"
                    "in vec2 tc;\n"
                    "out vec4 color;\n"
                    "void main() {\n"
                    "   float ref = tc.x < 0.5 ? 0.5 : 0.2;\n"
                    "   color = vec4(texture(tex, vec3(tc, ref)));\n"
                    "}\n";
   draw_with(vs330, fs);
   const float zero[4] = { 0, 0, 0, 0 }, one[4] = { 1, 1, 1, 1 };
   assert_true(st_test_probe(1, 4, zero, 0.01f));
   assert_true(st_test_probe(6, 4, one, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
cube_map_faces(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_CUBE_MAP, tex);
   for (unsigned f = 0; f < 6; f++) {
      const uint8_t c[4] = { (uint8_t)(40 * f), 0, 0, 255 };
      glTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 1, 1, 0,
                   GL_RGBA, GL_UNSIGNED_BYTE, c);
   }
   glTexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   const char *fs = "#version 330\n"
                    "uniform samplerCube tex;\n"
                    "out vec4 color;\n"
                    "void main() { color = texture(tex, vec3(0, 0, -1)); }\n";
   draw_with(vs330, fs);
   /* -Z is face 5. */
   const float expect[4] = { 200 / 255.0f, 0, 0, 1 };
   assert_true(st_test_probe(3, 3, expect, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
base_level_selects_image(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const uint8_t lvl0[2][2][4] = { { { 255, 0, 0, 255 }, { 255, 0, 0, 255 } },
                                   { { 255, 0, 0, 255 }, { 255, 0, 0, 255 } } };
   const uint8_t lvl1[4] = { 0, 255, 0, 255 };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                lvl0);
   glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                lvl1);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 1);
   draw_with(vs330, fs_sample);
   assert_true(st_test_probe(3, 3, green, 0.01f));
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
   draw_with(vs330, fs_sample);
   assert_true(st_test_probe(3, 3, red, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
compat_luminance_swizzle(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const uint8_t la[2] = { 51, 204 };
   glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 1, 1, 0,
                GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, la);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   const char *fs = "#version 130\n"
                    "uniform sampler2D tex;\n"
                    "in vec2 tc;\n"
                    "void main() { gl_FragColor = texture(tex, tc); }\n";
   draw_with(vs130, fs);
   const float expect[4] = { 0.2f, 0.2f, 0.2f, 0.8f };
   assert_true(st_test_probe(3, 3, expect, 0.01f));

   const uint8_t a = 102;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 1, 1, 0, GL_ALPHA, GL_UNSIGNED_BYTE,
                &a);
   draw_with(vs130, fs);
   const float alpha[4] = { 0, 0, 0, 0.4f };
   assert_true(st_test_probe(3, 3, alpha, 0.01f));

   /* Depth textures read as luminance by default here. */
   const float d = 0.5f;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   draw_with(vs130, fs);
   const float lum[4] = { 0.5f, 0.5f, 0.5f, 1 };
   assert_true(st_test_probe(3, 3, lum, 0.01f));
   glPixelStorei(GL_UNPACK_ALIGNMENT, 4);

   /* A 2x2 depth checker read as intensity. */
   const float checker[2][2] = { { 0, 1 }, { 1, 0 } };
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_INTENSITY);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 2, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, checker);
   draw_with(vs130, fs);
   const float one[4] = { 1, 1, 1, 1 };
   assert_true(st_test_probe(6, 1, one, 0.01f));
   const float zero[4] = { 0, 0, 0, 0 };
   assert_true(st_test_probe(1, 1, zero, 0.01f));
   assert_true(st_test_probe(1, 6, one, 0.01f));
   glDeleteTextures(1, &tex);
}

/* GLSL 1.30 shadow lookups return the comparison alone: the depth
 * texture mode (here alpha, which would move it out of red) does not
 * apply; GLSL 1.10's shadow2D() follows it. */
static void
compat_shadow_ignores_depth_mode(void **state)
{
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const float d = 0.25f;
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 1, 1, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, &d);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   glTexParameteri(GL_TEXTURE_2D, GL_DEPTH_TEXTURE_MODE, GL_ALPHA);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE,
                   GL_COMPARE_REF_TO_TEXTURE);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_GREATER);
   const char *fs = "#version 130\n"
                    "uniform sampler2DShadow tex;\n"
                    "in vec2 tc;\n"
                    "void main() {\n"
                    "   float s = texture(tex, vec3(tc, 0.5));\n"
                    "   gl_FragColor = vec4(s, 0.25, 0.25, 0.25);\n"
                    "}\n";
   draw_with(vs130, fs);
   const float pass[4] = { 1, 0.25f, 0.25f, 0.25f };
   assert_true(st_test_probe(3, 3, pass, 0.01f));

   const char *vs110 = "#version 110\n"
                       "attribute vec2 pos;\n"
                       "varying vec2 tc;\n"
                       "void main() { gl_Position = vec4(pos, 0.0, 1.0); tc = "
                       "pos * 0.5 + 0.5; }\n";
   const char *fs110 = "#version 110\n"
                       "uniform sampler2DShadow tex;\n"
                       "varying vec2 tc;\n"
                       "void main() {\n"
                       "   gl_FragColor = shadow2D(tex, vec3(tc, 0.5));\n"
                       "}\n";
   draw_with(vs110, fs110);
   const float alpha[4] = { 0, 0, 0, 1 };
   assert_true(st_test_probe(3, 3, alpha, 0.01f));
   glDeleteTextures(1, &tex);
}

static void
copy_tex_image_from_framebuffer(void **state)
{
   glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 4, 4, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   uint8_t back[4][4][4];
   glGetTexImage(GL_TEXTURE_2D, 0, GL_RGBA, GL_UNSIGNED_BYTE, back);
   const uint8_t g[4] = { 0, 255, 0, 255 };
   assert_memory_equal(back[3][3], g, 4);
   glCopyTexSubImage2D(GL_TEXTURE_2D, 0, 3, 3, 0, 0, 2, 2);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteTextures(1, &tex);
}

static void
array_and_buffer_textures(void **state)
{
   /* A 2D array of two 1x1 layers. */
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D_ARRAY, tex);
   const uint8_t layers[2][4] = { { 255, 0, 0, 255 }, { 0, 0, 255, 255 } };
   glTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 1, 1, 2, 0, GL_RGBA,
                GL_UNSIGNED_BYTE, layers);
   glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   const char *fs = "#version 330\n"
                    "uniform sampler2DArray tex;\n"
                    "in vec2 tc;\n"
                    "out vec4 color;\n"
                    "void main() { color = texture(tex, vec3(tc, 1.0)); }\n";
   draw_with(vs330, fs);
   assert_true(st_test_probe(3, 3, blue, 0.01f));
   glDeleteTextures(1, &tex);

   /* A buffer texture read with texelFetch. */
   const float texels[8] = { 0, 0, 0, 0, 0.25f, 0.5f, 0.75f, 1.0f };
   GLuint buf;
   glGenBuffers(1, &buf);
   glBindBuffer(GL_TEXTURE_BUFFER, buf);
   glBufferData(GL_TEXTURE_BUFFER, sizeof(texels), texels, GL_STATIC_DRAW);
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_BUFFER, tex);
   glTexBuffer(GL_TEXTURE_BUFFER, GL_RGBA32F, buf);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   const char *fsb = "#version 330\n"
                     "uniform samplerBuffer tex;\n"
                     "out vec4 color;\n"
                     "void main() { color = texelFetch(tex, 1); }\n";
   draw_with(vs330, fsb);
   assert_true(st_test_probe(3, 3, texels + 4, 0.01f));
   glTexBuffer(GL_TEXTURE_BUFFER, GL_RGB8, buf);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteTextures(1, &tex);
   glDeleteBuffers(1, &buf);
}

static void
render_to_texture_then_sample(void **state)
{
   GLuint fbo0 = 0;
   glGetIntegerv(GL_DRAW_FRAMEBUFFER_BINDING, (GLint *)&fbo0);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                NULL);
   glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
                          tex, 0);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo0);
   glViewport(0, 0, SIZE, SIZE);
   draw_with(vs330, fs_sample);
   assert_true(st_test_probe(3, 3, blue, 0.01f));
   /* Deleting the texture detaches it from the bound framebuffer. */
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glDeleteTextures(1, &tex);
   GLint type = -1;
   glGetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                                         GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE,
                                         &type);
   assert_int_equal(type, GL_NONE);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo0);
   glDeleteFramebuffers(1, &fbo);
}

static void
vertex_shader_sampling(void **state)
{
   GLuint tex[2];
   glGenTextures(2, tex);
   for (unsigned i = 0; i < 2; i++) {
      glActiveTexture(GL_TEXTURE0 + i);
      glBindTexture(GL_TEXTURE_2D, tex[i]);
      const uint8_t c[4] = { (uint8_t)(100 * i + 50), 0, 0, 255 };
      glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA,
                   GL_UNSIGNED_BYTE, c);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
   }
   glActiveTexture(GL_TEXTURE0);
   const char *vs = "#version 330\n"
                    "layout(location = 0) in vec2 pos;\n"
                    "uniform sampler2D vtex[2];\n"
                    "out vec4 vc;\n"
                    "void main() {\n"
                    "   gl_Position = vec4(pos, 0.0, 1.0);\n"
                    "   vc = textureLod(vtex[1], vec2(0.5), 0.0);\n"
                    "}\n";
   const char *fs = "#version 330\n"
                    "in vec4 vc;\n"
                    "out vec4 color;\n"
                    "void main() { color = vc; }\n";
   GLuint prog = st_test_program(vs, fs);
   glUseProgram(prog);
   GLint units[2] = { 0, 1 };
   glUniform1iv(glGetUniformLocation(prog, "vtex"), 2, units);
   glDrawArrays(GL_TRIANGLES, 0, 3);
   const float expect[4] = { 150 / 255.0f, 0, 0, 1 };
   assert_true(st_test_probe(3, 3, expect, 0.01f));
   glUseProgram(0);
   glDeleteProgram(prog);
   glDeleteTextures(2, tex);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(sample_nearest, core_setup, teardown),
      cmocka_unit_test_setup_teardown(sample_linear_middle, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(incomplete_is_black, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(sampler_object_overrides_filter,
                                      core_setup, teardown),
      cmocka_unit_test_setup_teardown(swizzles, core_setup, teardown),
      cmocka_unit_test_setup_teardown(integer_texel_fetch, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(depth_texture_reads_red, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(cube_map_faces, core_setup, teardown),
      cmocka_unit_test_setup_teardown(base_level_selects_image, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(copy_tex_image_from_framebuffer,
                                      core_setup, teardown),
      cmocka_unit_test_setup_teardown(array_and_buffer_textures, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(vertex_shader_sampling, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(render_to_texture_then_sample, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_luminance_swizzle, compat_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(compat_shadow_ignores_depth_mode,
                                      compat_setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
