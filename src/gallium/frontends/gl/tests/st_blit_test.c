/* SPDX-License-Identifier: MIT */

/*
 * glBlitFramebuffer: copies with scaling (nearest and linear), mirroring
 * on either axis, the scissor, depth and stencil, a multisample resolve,
 * and every error of GL 3.3.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#define SIZE 8

struct fbos {
   GLuint src, dst;
};

static int
setup_core(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

/** A framebuffer with a colour renderbuffer of @p color and, if not
 * GL_NONE, a depth/stencil one of @p zs; @p samples 0: single-sampled. */
static GLuint
make_fbo(GLenum color, GLenum zs, GLsizei w, GLsizei h, GLsizei samples)
{
   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, color, w, h);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   if (zs != GL_NONE) {
      glGenRenderbuffers(1, &rb);
      glBindRenderbuffer(GL_RENDERBUFFER, rb);
      glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, zs, w, h);
      glFramebufferRenderbuffer(GL_FRAMEBUFFER,
                                zs == GL_DEPTH24_STENCIL8
                                   ? GL_DEPTH_STENCIL_ATTACHMENT
                                   : GL_DEPTH_ATTACHMENT,
                                GL_RENDERBUFFER, rb);
   }
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   return fbo;
}

/** Colours the quadrants of a @p w x @p h framebuffer: red bottom-left,
 * green bottom-right, blue top-left, white top-right. */
static void
quadrants(GLsizei w, GLsizei h)
{
   static const GLfloat c[4][4] = {
      { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 1, 1 }
   };
   glEnable(GL_SCISSOR_TEST);
   for (unsigned q = 0; q < 4; q++) {
      glScissor((q & 1) * w / 2, (q >> 1) * h / 2, w / 2, h / 2);
      glClearBufferfv(GL_COLOR, 0, c[q]);
   }
   glDisable(GL_SCISSOR_TEST);
}

static const GLfloat red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 },
                     blue[4] = { 0, 0, 1, 1 }, white[4] = { 1, 1, 1, 1 },
                     black[4] = { 0, 0, 0, 0 };

static void
blit_scaled(void **state)
{
   GLuint src = make_fbo(GL_RGBA8, GL_NONE, 4, 4, 0);
   quadrants(4, 4);
   GLuint dst = make_fbo(GL_RGBA8, GL_NONE, SIZE, SIZE, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBlitFramebuffer(0, 0, 4, 4, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   assert_true(st_test_probe(0, 0, red, 0));
   assert_true(st_test_probe(3, 3, red, 0));
   assert_true(st_test_probe(4, 3, green, 0));
   assert_true(st_test_probe(3, 4, blue, 0));
   assert_true(st_test_probe(7, 7, white, 0));
}

static void
blit_mirrored(void **state)
{
   GLuint src = make_fbo(GL_RGBA8, GL_NONE, SIZE, SIZE, 0);
   quadrants(SIZE, SIZE);
   GLuint dst = make_fbo(GL_RGBA8, GL_NONE, SIZE, SIZE, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   /* Mirrored in x by the destination, in y by the source. */
   glBlitFramebuffer(0, SIZE, SIZE, 0, SIZE, 0, 0, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   assert_true(st_test_probe(0, 0, white, 0));
   assert_true(st_test_probe(7, 0, blue, 0));
   assert_true(st_test_probe(0, 7, green, 0));
   assert_true(st_test_probe(7, 7, red, 0));
   /* Both mirrored: no mirroring. */
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBlitFramebuffer(SIZE, 0, 0, SIZE, SIZE, 0, 0, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   assert_true(st_test_probe(0, 0, red, 0));
   assert_true(st_test_probe(7, 0, green, 0));
}

static void
blit_linear_and_scissor(void **state)
{
   GLuint src = make_fbo(GL_RGBA32F, GL_NONE, 2, 1, 0);
   static const GLfloat a[4] = { 0, 0, 0, 1 }, b[4] = { 1, 1, 1, 1 };
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 1, 1);
   glClearBufferfv(GL_COLOR, 0, a);
   glScissor(1, 0, 1, 1);
   glClearBufferfv(GL_COLOR, 0, b);
   glDisable(GL_SCISSOR_TEST);
   GLuint dst = make_fbo(GL_RGBA32F, GL_NONE, 4, 1, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBlitFramebuffer(0, 0, 2, 1, 0, 0, 4, 1, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   GLfloat px[4][4];
   glReadPixels(0, 0, 4, 1, GL_RGBA, GL_FLOAT, px);
   /* Centres 0.25, 0.75, 1.25, 1.75 of the source: 0, 0.25, 0.75, 1. */
   assert_true(px[0][0] == 0.0f);
   assert_true(px[1][0] > 0.24f && px[1][0] < 0.26f);
   assert_true(px[2][0] > 0.74f && px[2][0] < 0.76f);
   assert_true(px[3][0] == 1.0f);

   /* The scissor limits the destination. */
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst);
   glClearBufferfv(GL_COLOR, 0, black);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glEnable(GL_SCISSOR_TEST);
   glScissor(1, 0, 2, 1);
   glBlitFramebuffer(1, 0, 2, 1, 0, 0, 4, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   glDisable(GL_SCISSOR_TEST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   glReadPixels(0, 0, 4, 1, GL_RGBA, GL_FLOAT, px);
   assert_true(px[0][0] == 0.0f && px[1][0] == 1.0f && px[2][0] == 1.0f &&
               px[3][0] == 0.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
blit_depth_stencil(void **state)
{
   GLuint src = make_fbo(GL_RGBA8, GL_DEPTH24_STENCIL8, SIZE, SIZE, 0);
   glClearDepth(0.25);
   glClearStencil(9);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   GLuint dst = make_fbo(GL_RGBA8, GL_DEPTH24_STENCIL8, SIZE, SIZE, 0);
   glClearDepth(1.0);
   glClearStencil(0);
   glClear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_DEPTH_BUFFER_BIT,
                     GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   GLfloat z = 0;
   glReadPixels(2, 2, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z > 0.2499f && z < 0.2501f);
   GLubyte s = 1;
   glReadPixels(2, 2, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_STENCIL_BUFFER_BIT,
                     GL_NEAREST);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   glReadPixels(2, 2, 1, 1, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, &s);
   assert_int_equal(s, 9);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
blit_resolve(void **state)
{
   GLint max_samples = 0;
   glGetIntegerv(GL_MAX_SAMPLES, &max_samples);
   if (max_samples < 2)
      skip();
   GLuint ms = make_fbo(GL_RGBA8, GL_NONE, SIZE, SIZE, max_samples);
   static const GLfloat c[4] = { 0.0f, 0.5f, 1.0f, 1.0f };
   glClearBufferfv(GL_COLOR, 0, c);
   GLuint dst = make_fbo(GL_RGBA8, GL_NONE, SIZE, SIZE, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, ms);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* A resolve must not scale; a multisampled destination is an error. */
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE / 2, SIZE,
                     GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, ms);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, dst);
   glBlitFramebuffer(0, 0, SIZE, SIZE, 0, 0, SIZE, SIZE, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   assert_true(st_test_probe(4, 4, c, 1.0f / 255));
}

static void
blit_errors(void **state)
{
   GLuint src = make_fbo(GL_RGBA8, GL_DEPTH24_STENCIL8, SIZE, SIZE, 0);
   GLuint dst = make_fbo(GL_RGBA8, GL_DEPTH_COMPONENT32F, SIZE, SIZE, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, 0x1, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT,
                     GL_LINEAR_MIPMAP_LINEAR);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_LINEAR);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Depth formats differ. */
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_DEPTH_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* The destination has no stencil: silently skipped. */
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Integer and normalized colour buffers; integer with LINEAR. */
   GLuint isrc = make_fbo(GL_RGBA8UI, GL_NONE, SIZE, SIZE, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, isrc);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, dst);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   GLuint idst = make_fbo(GL_RGBA16UI, GL_NONE, SIZE, SIZE, 0);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, isrc);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_LINEAR);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   (void)idst;

   /* Incomplete read or draw framebuffer. */
   GLuint empty;
   glGenFramebuffers(1, &empty);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, empty);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, src);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, empty);
   glBlitFramebuffer(0, 0, 1, 1, 0, 0, 1, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
}

#define CORE(t) cmocka_unit_test_setup_teardown(t, setup_core, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      CORE(blit_scaled),
      CORE(blit_mirrored),
      CORE(blit_linear_and_scissor),
      CORE(blit_depth_stencil),
      CORE(blit_resolve),
      CORE(blit_errors),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
