/* SPDX-License-Identifier: MIT */

/*
 * Draw validation: state set through GL reaches the pipe driver.  Each
 * test clears a 32x32 framebuffer object, draws with a one-colour program
 * and probes pixels.
 *
 * The triangle (-1, -1), (1, -1), (1, 1) is counter-clockwise in GL and
 * covers the window pixels below the diagonal: (28, 10) is inside,
 * (10, 28) outside (and would be inside if y were flipped).
 */

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

/* First: it asks for the GL prototypes. */
#include "st_test_util.h"

#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "st_context.h"

static const char *vs_source =
   "#version 330\n"
   "layout(location = 0) in vec2 pos;\n"
   "uniform float z;\n"
   "void main() { gl_Position = vec4(pos, z, 1.0); }\n";

static const char *fs_source = "#version 330\n"
                               "uniform vec4 color;\n"
                               "out vec4 frag;\n"
                               "void main() { frag = color; }\n";

struct fixture {
   struct st_context *ctx;
   GLuint fbo, prog, vao, vbo;
   GLint color_loc, z_loc;
};

static const GLfloat triangle[] = { -1, -1, 1, -1, 1, 1 };
static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

static const GLfloat red[4] = { 1, 0, 0, 1 };
static const GLfloat green[4] = { 0, 1, 0, 1 };
static const GLfloat black[4] = { 0, 0, 0, 0 };

static int
setup(void **state)
{
   static struct fixture f;
   f.ctx = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   if (!f.ctx)
      return -1;
   f.fbo = st_test_fbo(32, 32);
   if (!f.fbo)
      return -1;
   f.prog = st_test_program(vs_source, fs_source);
   glUseProgram(f.prog);
   f.color_loc = glGetUniformLocation(f.prog, "color");
   f.z_loc = glGetUniformLocation(f.prog, "z");
   glGenVertexArrays(1, &f.vao);
   glBindVertexArray(f.vao);
   glGenBuffers(1, &f.vbo);
   glBindBuffer(GL_ARRAY_BUFFER, f.vbo);
   glEnableVertexAttribArray(0);
   *state = &f;
   return glGetError() == GL_NO_ERROR ? 0 : -1;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   st_test_context_destroy(f->ctx);
   return 0;
}

/** Restores the defaults the tests change, then clears to black with
 * depth 1 and stencil 0. */
static int
reset(void **state)
{
   glDisable(GL_CULL_FACE);
   glFrontFace(GL_CCW);
   glDisable(GL_BLEND);
   glDisable(GL_DEPTH_TEST);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_STENCIL_TEST);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   glDepthMask(GL_TRUE);
   glClearColor(0, 0, 0, 0);
   glClearDepth(1.0);
   glClearStencil(0);
   glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
   return glGetError() == GL_NO_ERROR ? 0 : -1;
}

static void
draw(struct fixture *f, const GLfloat *verts, GLsizei count,
     const GLfloat color[4], GLfloat z)
{
   glBufferData(GL_ARRAY_BUFFER, count * 2 * sizeof(GLfloat), verts,
                GL_STREAM_DRAW);
   glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
   glUniform4fv(f->color_loc, 1, color);
   glUniform1f(f->z_loc, z);
   glDrawArrays(count == 3 ? GL_TRIANGLES : GL_TRIANGLE_STRIP, 0, count);
}

static const GLfloat tolerance = 2.0f / 255.0f;

static void
triangle_lands_below_diagonal(void **state)
{
   struct fixture *f = *state;
   draw(f, triangle, 3, red, 0.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   assert_true(st_test_probe(28, 10, red, tolerance));
   assert_true(st_test_probe(10, 28, black, tolerance));
}

static void
front_face_culling(void **state)
{
   struct fixture *f = *state;
   glEnable(GL_CULL_FACE);
   glCullFace(GL_BACK);
   /* Counter-clockwise is front: drawn. */
   draw(f, triangle, 3, red, 0.0f);
   assert_true(st_test_probe(28, 10, red, tolerance));
   /* Clockwise is front: the same triangle is a back face, culled. */
   glFrontFace(GL_CW);
   draw(f, triangle, 3, green, 0.0f);
   assert_true(st_test_probe(28, 10, red, tolerance));
   /* Culling front faces draws it again. */
   glCullFace(GL_FRONT);
   draw(f, triangle, 3, green, 0.0f);
   assert_true(st_test_probe(28, 10, green, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
blending(void **state)
{
   struct fixture *f = *state;
   draw(f, quad, 4, (const GLfloat[4]){ 0, 0, 1, 1 }, 0.0f);
   glEnable(GL_BLEND);
   glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
   draw(f, quad, 4, (const GLfloat[4]){ 1, 0, 0, 0.5f }, 0.0f);
   const GLfloat expected[4] = { 0.5f, 0, 0.5f, 0.75f };
   assert_true(st_test_probe(16, 16, expected, tolerance));

   /* Colour writes masked: nothing changes in green and alpha. */
   glBlendFunc(GL_ONE, GL_ONE);
   glColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
   draw(f, quad, 4, (const GLfloat[4]){ 0.25f, 1, 0, 1 }, 0.0f);
   const GLfloat masked[4] = { 0.75f, 0, 0.5f, 0.75f };
   assert_true(st_test_probe(16, 16, masked, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
depth_test(void **state)
{
   struct fixture *f = *state;
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_LESS);
   draw(f, triangle, 3, red, 0.0f);
   /* Behind the triangle: only outside it. */
   draw(f, quad, 4, green, 0.5f);
   assert_true(st_test_probe(28, 10, red, tolerance));
   assert_true(st_test_probe(10, 28, green, tolerance));
   /* Without depth writes the nearer quad passes but leaves depth. */
   glDepthMask(GL_FALSE);
   draw(f, quad, 4, (const GLfloat[4]){ 0, 0, 1, 1 }, -0.5f);
   assert_true(
      st_test_probe(28, 10, (const GLfloat[4]){ 0, 0, 1, 1 }, tolerance));
   glDepthMask(GL_TRUE);
   draw(f, quad, 4, red, 0.25f);
   assert_true(
      st_test_probe(28, 10, (const GLfloat[4]){ 0, 0, 1, 1 }, tolerance));
   assert_true(st_test_probe(10, 28, red, tolerance));
   /* Disabled: everything passes. */
   glDisable(GL_DEPTH_TEST);
   draw(f, quad, 4, green, 1.0f);
   assert_true(st_test_probe(28, 10, green, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
scissor_test(void **state)
{
   struct fixture *f = *state;
   glEnable(GL_SCISSOR_TEST);
   glScissor(0, 0, 16, 8);
   draw(f, quad, 4, red, 0.0f);
   assert_true(st_test_probe(2, 2, red, tolerance));
   assert_true(st_test_probe(15, 7, red, tolerance));
   assert_true(st_test_probe(16, 2, black, tolerance));
   assert_true(st_test_probe(2, 8, black, tolerance));
   glDisable(GL_SCISSOR_TEST);
   draw(f, quad, 4, green, 0.0f);
   assert_true(st_test_probe(20, 20, green, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
stencil_test(void **state)
{
   struct fixture *f = *state;
   glEnable(GL_STENCIL_TEST);
   /* Mark the triangle with 1, writing no colour. */
   glStencilFunc(GL_ALWAYS, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
   glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
   draw(f, triangle, 3, red, 0.0f);
   glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
   assert_true(st_test_probe(28, 10, black, tolerance));
   /* Draw only where it is 1. */
   glStencilFunc(GL_EQUAL, 1, 0xff);
   glStencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
   draw(f, quad, 4, green, 0.0f);
   assert_true(st_test_probe(28, 10, green, tolerance));
   assert_true(st_test_probe(10, 28, black, tolerance));
   /* Back faces have their own state: CW triangles are back faces. */
   glStencilFuncSeparate(GL_BACK, GL_NEVER, 0, 0xff);
   const GLfloat cw_quad[] = { -1, -1, -1, 1, 1, -1, 1, 1 };
   draw(f, cw_quad, 4, red, 0.0f);
   assert_true(st_test_probe(28, 10, green, tolerance));
   draw(f, quad, 4, red, 0.0f);
   assert_true(st_test_probe(28, 10, red, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
viewport_maps_window_coordinates(void **state)
{
   struct fixture *f = *state;
   /* The upper-right quarter of the window. */
   glViewport(16, 16, 16, 16);
   draw(f, quad, 4, red, 0.0f);
   glViewport(0, 0, 32, 32);
   assert_true(st_test_probe(20, 20, red, tolerance));
   assert_true(st_test_probe(20, 10, black, tolerance));
   assert_true(st_test_probe(10, 20, black, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
incomplete_framebuffer(void **state)
{
   struct fixture *f = *state;
   GLuint fbo;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   draw(f, quad, 4, red, 0.0f);
   assert_int_equal(glGetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
   glBindFramebuffer(GL_FRAMEBUFFER, f->fbo);
   glDeleteFramebuffers(1, &fbo);
   draw(f, quad, 4, red, 0.0f);
   assert_true(st_test_probe(5, 5, red, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* Without a depth or stencil buffer the tests act as disabled. */
static void
tests_without_buffers(void **state)
{
   struct fixture *f = *state;
   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   glClear(GL_COLOR_BUFFER_BIT);
   glEnable(GL_DEPTH_TEST);
   glDepthFunc(GL_NEVER);
   glEnable(GL_STENCIL_TEST);
   glStencilFunc(GL_NEVER, 0, 0xff);
   draw(f, quad, 4, red, 0.0f);
   assert_true(st_test_probe(16, 16, red, tolerance));

   /* Back to the framebuffer with both: the tests apply again. */
   glBindFramebuffer(GL_FRAMEBUFFER, f->fbo);
   draw(f, quad, 4, green, 0.0f);
   assert_true(st_test_probe(16, 16, black, tolerance));
   glDepthFunc(GL_LESS);
   glStencilFunc(GL_ALWAYS, 0, 0xff);
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
sample_mask(void **state)
{
   struct fixture *f = *state;
   GLuint fbo, rb;
   glGenFramebuffers(1, &fbo);
   glBindFramebuffer(GL_FRAMEBUFFER, fbo);
   glGenRenderbuffers(1, &rb);
   glBindRenderbuffer(GL_RENDERBUFFER, rb);
   glRenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 32, 32);
   glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
                             GL_RENDERBUFFER, rb);
   assert_int_equal(glCheckFramebufferStatus(GL_FRAMEBUFFER),
                    GL_FRAMEBUFFER_COMPLETE);
   glClear(GL_COLOR_BUFFER_BIT);

   /* Two of four samples written: half the colour once resolved. */
   glEnable(GL_SAMPLE_MASK);
   glSampleMaski(0, 0x3);
   draw(f, quad, 4, (const GLfloat[4]){ 1, 1, 1, 1 }, 0.0f);
   glDisable(GL_SAMPLE_MASK);
   /* Coverage 0.25 inverted: three of four samples. */
   glEnable(GL_SAMPLE_COVERAGE);
   glSampleCoverage(0.25f, GL_TRUE);
   glScissor(16, 0, 16, 32);
   glEnable(GL_SCISSOR_TEST);
   glClear(GL_COLOR_BUFFER_BIT);
   draw(f, quad, 4, (const GLfloat[4]){ 1, 1, 1, 1 }, 0.0f);
   glDisable(GL_SCISSOR_TEST);
   glDisable(GL_SAMPLE_COVERAGE);
   glSampleCoverage(1.0f, GL_FALSE);

   glBindFramebuffer(GL_READ_FRAMEBUFFER, fbo);
   glBindFramebuffer(GL_DRAW_FRAMEBUFFER, f->fbo);
   glBlitFramebuffer(0, 0, 32, 32, 0, 0, 32, 32, GL_COLOR_BUFFER_BIT,
                     GL_NEAREST);
   glBindFramebuffer(GL_FRAMEBUFFER, f->fbo);
   assert_true(st_test_probe(8, 8, (const GLfloat[4]){ 0.5f, 0.5f, 0.5f, 0.5f },
                             tolerance));
   assert_true(st_test_probe(
      24, 8, (const GLfloat[4]){ 0.75f, 0.75f, 0.75f, 0.75f }, tolerance));
   glDeleteFramebuffers(1, &fbo);
   glDeleteRenderbuffers(1, &rb);
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

/* A window: the drawable's back buffer at the screen's size. */
struct test_drawable {
   struct st_drawable base;
   struct pipe_resource *back;
};

static bool
drawable_validate(struct st_drawable *d, unsigned *width, unsigned *height,
                  struct pipe_resource *out[ST_ATTACHMENT_COUNT])
{
   struct test_drawable *td = (struct test_drawable *)d;
   *width = td->back->width0;
   *height = td->back->height0;
   for (unsigned i = 0; i < ST_ATTACHMENT_COUNT; i++)
      out[i] = NULL;
   out[ST_ATTACHMENT_BACK_LEFT] = td->back;
   return true;
}

static void
window_framebuffer(void **state)
{
   struct fixture *f = *state;
   struct pipe_screen *screen = f->ctx->screen;
   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = 32,
      .height0 = 32,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW,
   };
   struct test_drawable d = {
      .base = { .color_format = PIPE_FORMAT_R8G8B8A8_UNORM,
                .double_buffered = true,
                .stamp = 1,
                .validate = drawable_validate },
      .back = screen->resource_create(screen, &templ),
   };
   assert_non_null(d.back);

   /* A context of the same share group, for the program. */
   struct st_context_attribs attribs = {
      .api = ST_API_OPENGL,
      .major = 3,
      .minor = 3,
      .profile = ST_PROFILE_CORE,
   };
   enum st_context_error error;
   struct st_context *ctx =
      st_context_create(f->ctx->st_screen, &attribs, f->ctx, &error);
   assert_non_null(ctx);
   assert_true(st_make_current(ctx, &d.base, &d.base));
   glUseProgram(f->prog);
   GLuint vao, vbo;
   glGenVertexArrays(1, &vao);
   glBindVertexArray(vao);
   glGenBuffers(1, &vbo);
   glBindBuffer(GL_ARRAY_BUFFER, vbo);
   glEnableVertexAttribArray(0);
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   /* The viewport is the window's; window y is up, as in an FBO. */
   draw(f, triangle, 3, red, 0.0f);
   assert_true(st_test_probe(28, 10, red, tolerance));
   assert_true(st_test_probe(10, 28, black, tolerance));
   assert_int_equal(glGetError(), GL_NO_ERROR);

   glDeleteBuffers(1, &vbo);
   glDeleteVertexArrays(1, &vao);
   st_context_destroy(ctx);
   assert_true(st_make_current(f->ctx, NULL, NULL));
   pipe_resource_ref(&d.back, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup(triangle_lands_below_diagonal, reset),
      cmocka_unit_test_setup(front_face_culling, reset),
      cmocka_unit_test_setup(blending, reset),
      cmocka_unit_test_setup(depth_test, reset),
      cmocka_unit_test_setup(scissor_test, reset),
      cmocka_unit_test_setup(stencil_test, reset),
      cmocka_unit_test_setup(viewport_maps_window_coordinates, reset),
      cmocka_unit_test_setup(incomplete_framebuffer, reset),
      cmocka_unit_test_setup(tests_without_buffers, reset),
      cmocka_unit_test_setup(sample_mask, reset),
      cmocka_unit_test(window_framebuffer),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
