/* SPDX-License-Identifier: MIT */

/*
 * The default framebuffer of a drawable: a test drawable whose
 * validate() hands out front, back and depth/stencil resources (made
 * again at a new size when the test "resizes" it and bumps the stamp).
 * Clears and reads through GL_BACK and GL_FRONT, the window's draw and
 * read buffer rules, its attachment queries and glGet values, a blit
 * from a framebuffer object to the window, and a single-buffered
 * drawable.
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

/* First: it asks the Khronos headers for the prototypes. */
#include "st_test_util.h"

#include "pipe/p_inlines.h"
#include "st_context.h"

struct test_drawable {
   struct st_drawable base;
   struct pipe_screen *screen;
   unsigned width, height;
   /** The size the resources have. */
   unsigned res_width, res_height;
   struct pipe_resource *res[ST_ATTACHMENT_COUNT];
};

static struct pipe_resource *
make_resource(struct pipe_screen *screen, enum pipe_format format, unsigned w,
              unsigned h, unsigned bind)
{
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = format,
      .width0 = w,
      .height0 = h,
      .depth0 = 1,
      .array_size = 1,
      .bind = bind,
   };
   return screen->resource_create(screen, &templ);
}

static bool
validate(struct st_drawable *drawable, unsigned *width, unsigned *height,
         struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct test_drawable *d = (struct test_drawable *)drawable;
   if (d->res_width != d->width || d->res_height != d->height) {
      for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
         pipe_resource_ref(&d->res[i], NULL);
      d->res[ST_ATTACHMENT_FRONT_LEFT] =
         make_resource(d->screen, d->base.color_format, d->width, d->height,
                       PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET);
      if (d->base.double_buffered)
         d->res[ST_ATTACHMENT_BACK_LEFT] =
            make_resource(d->screen, d->base.color_format, d->width, d->height,
                          PIPE_BIND_RENDER_TARGET | PIPE_BIND_DISPLAY_TARGET);
      d->res[ST_ATTACHMENT_DEPTH_STENCIL] =
         make_resource(d->screen, d->base.depth_stencil_format, d->width,
                       d->height, PIPE_BIND_DEPTH_STENCIL);
      d->res_width = d->width;
      d->res_height = d->height;
   }
   *width = d->width;
   *height = d->height;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      out[i] = d->res[i];
   return true;
}

struct window_test {
   struct st_context *ctx;
   struct test_drawable drawable;
};

static int
setup(void **state, bool double_buffered, unsigned samples)
{
   static struct window_test t;
   memset(&t, 0, sizeof(t));
   t.ctx =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   if (!t.ctx)
      return -1;
   t.drawable.base = (struct st_drawable){
      .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .depth_stencil_format = PIPE_FORMAT_Z24_UNORM_S8_UINT,
      .double_buffered = double_buffered,
      .samples = samples,
      .stamp = 1,
      .validate = validate,
   };
   t.drawable.screen = t.ctx->screen;
   t.drawable.width = 8;
   t.drawable.height = 6;
   if (!st_make_current(t.ctx, &t.drawable.base, &t.drawable.base))
      return -1;
   *state = &t;
   return 0;
}

static int
setup_double(void **state)
{
   return setup(state, true, 0);
}

static int
setup_single(void **state)
{
   return setup(state, false, 0);
}

/** A 4-sample window (swrast's only multisample count). */
static int
setup_multisample(void **state)
{
   return setup(state, true, 4);
}

static int
teardown(void **state)
{
   struct window_test *t = *state;
   st_test_context_destroy(t->ctx);
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      pipe_resource_ref(&t->drawable.res[i], NULL);
   return 0;
}

static const GLfloat red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 },
                     zero[4] = { 0, 0, 0, 0 };

static void
window_clear_front_back(void **state)
{
   GLint v = 0;
   glGetIntegerv(GL_DRAW_BUFFER, &v);
   assert_int_equal(v, GL_BACK);
   glGetIntegerv(GL_READ_BUFFER, &v);
   assert_int_equal(v, GL_BACK);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(st_test_probe(7, 5, red, 0));
   glReadBuffer(GL_FRONT);
   assert_true(st_test_probe(7, 5, zero, 0));
   glDrawBuffer(GL_FRONT);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(st_test_probe(0, 0, green, 0));
   glReadBuffer(GL_BACK);
   assert_true(st_test_probe(0, 0, red, 0));
   assert_int_equal(glGetError(), GL_NO_ERROR);
   /* No right buffers. */
   glReadBuffer(GL_BACK_RIGHT);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
}

static void
window_queries(void **state)
{
   GLint v = -1;
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(v, GL_FRAMEBUFFER_DEFAULT);
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
   assert_int_equal(v, 8);
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE, &v);
   assert_int_equal(v, 24);
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE, &v);
   assert_int_equal(v, 8);
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK_RIGHT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
   assert_int_equal(v, GL_NONE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glGetFramebufferAttachmentParameteriv(
      GL_FRAMEBUFFER, GL_BACK_LEFT, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   GLboolean b = GL_FALSE;
   glGetBooleanv(GL_DOUBLEBUFFER, &b);
   assert_int_equal(b, GL_TRUE);
   glGetIntegerv(GL_RED_BITS, &v);
   assert_int_equal(v, 8);
   glGetIntegerv(GL_STENCIL_BITS, &v);
   assert_int_equal(v, 8);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   assert_int_equal(v, 0);
}

static void
window_resize(void **state)
{
   struct window_test *t = *state;
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   t->drawable.width = 20;
   t->drawable.height = 10;
   t->drawable.base.stamp++;
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(st_test_probe(19, 9, green, 0));
   GLubyte px[4] = { 1, 1, 1, 1 };
   /* Outside the new size: nothing read. */
   glReadPixels(20, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
   assert_int_equal(px[0], 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
window_blit_from_fbo(void **state)
{
   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glClearColor(0, 1, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glBlitFramebuffer(0, 0, 4, 4, 2, 1, 6, 5, GL_COLOR_BUFFER_BIT, GL_NEAREST);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
   assert_true(st_test_probe(2, 1, green, 0));
   assert_true(st_test_probe(5, 4, green, 0));
   assert_true(st_test_probe(1, 1, zero, 0));
   assert_true(st_test_probe(6, 4, zero, 0));
}

static void
window_single_buffered(void **state)
{
   GLint v = 0;
   glGetIntegerv(GL_DRAW_BUFFER, &v);
   assert_int_equal(v, GL_FRONT);
   glDrawBuffer(GL_BACK);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glClearColor(1, 0, 0, 1);
   glClear(GL_COLOR_BUFFER_BIT);
   assert_true(st_test_probe(3, 3, red, 0));
   GLboolean b = GL_TRUE;
   glGetBooleanv(GL_DOUBLEBUFFER, &b);
   assert_int_equal(b, GL_FALSE);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
window_multisample_read(void **state)
{
   /* Reading a multisampled window buffer resolves it. */
   GLint v = 0;
   glGetIntegerv(GL_SAMPLES, &v);
   assert_int_equal(v, 4);
   glGetIntegerv(GL_SAMPLE_BUFFERS, &v);
   assert_int_equal(v, 1);
   glClearColor(0, 1, 0, 1);
   glClearDepth(0.5);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
   assert_true(st_test_probe(7, 5, green, 0));
   GLfloat z = 0;
   glReadPixels(1, 1, 1, 1, GL_DEPTH_COMPONENT, GL_FLOAT, &z);
   assert_true(z > 0.4999f && z < 0.5001f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* The window's accumulation buffer (st_accum.c; GL 3.0 compatibility
 * 4.2.4): load, accumulate, multiply, add and return, the scissor and
 * the colour mask on return. */
static void
window_accum(void **state)
{
   GLint bits = 0;
   glGetIntegerv(GL_ACCUM_RED_BITS, &bits);
   assert_int_equal(bits, 16);
   glClearColor(0.5f, 0.25f, 0, 1);
   glClearAccum(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT | GL_ACCUM_BUFFER_BIT);
   glAccum(GL_LOAD, 1.0f);
   glAccum(GL_ACCUM, 0.5f); /* 1.5 x the colour */
   glAccum(GL_MULT, 0.5f);  /* 0.75 x */
   glAccum(GL_ADD, 0.25f);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_FALSE);
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 4, 6);
   glAccum(GL_RETURN, 1.0f);
   glDisable(GL_SCISSOR_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   const GLfloat want[4] = { 0.625f, 0.4375f, 0.25f, 0 };
   assert_true(st_test_probe(1, 1, want, 0.01f));
   assert_true(st_test_probe(5, 1, zero, 0));
   /* glClear of the accumulation buffer to the clear value. */
   glClearAccum(0, 1, 0, 1);
   glClear(GL_ACCUM_BUFFER_BIT);
   glAccum(GL_RETURN, 1.0f);
   assert_true(st_test_probe(6, 4, green, 0.01f));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

#define DOUBLE(t) cmocka_unit_test_setup_teardown(t, setup_double, teardown)
#define SINGLE(t) cmocka_unit_test_setup_teardown(t, setup_single, teardown)
#define MULTISAMPLE(t) \
   cmocka_unit_test_setup_teardown(t, setup_multisample, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      DOUBLE(window_clear_front_back),
      DOUBLE(window_queries),
      DOUBLE(window_resize),
      DOUBLE(window_blit_from_fbo),
      SINGLE(window_single_buffered),
      MULTISAMPLE(window_multisample_read),
      DOUBLE(window_accum),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
