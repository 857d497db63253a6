/* SPDX-License-Identifier: MIT */

/* glGetMultisamplefv (GL 3.2) and a format choice that must stay
 * fixed-point. */

#include "st_test_util.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

static GLuint
multisample_fbo(GLsizei samples)
{
   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, 8, 8);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   return fbo;
}

static void
sample_positions_of_4x(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   multisample_fbo(4);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   GLint samples = 0;
   glGetIntegerv(GL_SAMPLES, &samples);
   assert_int_equal(samples, 4);

   /* The rasterizer's pattern, each sample in its own quarter. */
   const GLfloat expected[4][2] = { { 0.375f, 0.125f },
                                    { 0.875f, 0.375f },
                                    { 0.125f, 0.625f },
                                    { 0.625f, 0.875f } };
   for (GLuint i = 0; i < 4; i++) {
      GLfloat pos[2] = { -1, -1 };
      glGetMultisamplefv(GL_SAMPLE_POSITION, i, pos);
      assert_int_equal(glGetError(), GL_NO_ERROR);
      assert_true(pos[0] == expected[i][0] && pos[1] == expected[i][1]);
   }

   GLfloat pos[2] = { -1, -1 };
   glGetMultisamplefv(GL_SAMPLE_POSITION, 4, pos);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   assert_true(pos[0] == -1.0f);
   glGetMultisamplefv(GL_SAMPLES, 0, pos);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   st_test_context_destroy(ctx);
}

static void
single_sampled_has_no_sample_positions(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   assert_int_not_equal(st_test_fbo(8, 8), 0);
   GLfloat pos[2];
   glGetMultisamplefv(GL_SAMPLE_POSITION, 0, pos);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   st_test_context_destroy(ctx);
}

/* Unsized GL_DEPTH_COMPONENT with float data is a fixed-point depth
 * texture on desktop GL (it was made DEPTH_COMPONENT32F, so shadow
 * comparisons stopped clamping the reference: Piglit
 * glsl-fs-shadow2D-clamp-z). */
static void
unsized_depth_from_floats_is_fixed_point(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   assert_non_null(ctx);
   GLuint tex;
   glGenTextures(1, &tex);
   glBindTexture(GL_TEXTURE_2D, tex);
   const GLfloat depth[4] = { 0.0f, 0.25f, 0.5f, 1.0f };
   glTexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 2, 2, 0,
                GL_DEPTH_COMPONENT, GL_FLOAT, depth);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint type = 0;
   glGetTexLevelParameteriv(GL_TEXTURE_2D, 0, GL_TEXTURE_DEPTH_TYPE, &type);
   assert_int_equal(type, GL_UNSIGNED_NORMALIZED);
   st_test_context_destroy(ctx);
}

/* ES 3.0's glGetInternalformativ: the sample counts of a renderbuffer
 * format (4 on swrast), none for integer formats, and its errors. */
static void
internalformat_sample_counts(void **state)
{
   struct st_context *ctx =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   assert_non_null(ctx);
   GLint n = -1, samples[4] = { -1, -1, -1, -1 };
   glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1,
                         &n);
   glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, samples);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_int_equal(n, 1);
   assert_int_equal(samples[0], 4);
   assert_int_equal(samples[1], -1);
   glGetInternalformativ(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8,
                         GL_NUM_SAMPLE_COUNTS, 1, &n);
   assert_int_equal(n, 1);
   glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8UI, GL_NUM_SAMPLE_COUNTS, 1,
                         &n);
   assert_int_equal(n, 0);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glGetInternalformativ(GL_TEXTURE_2D, GL_RGBA8, GL_SAMPLES, 4, samples);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetInternalformativ(GL_RENDERBUFFER, GL_RGB, GL_SAMPLES, 4, samples);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_RED_BITS, 4, samples);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetInternalformativ(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, samples);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   st_test_context_destroy(ctx);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(sample_positions_of_4x),
      cmocka_unit_test(single_sampled_has_no_sample_positions),
      cmocka_unit_test(unsized_depth_from_floats_is_fixed_point),
      cmocka_unit_test(internalformat_sample_counts),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
