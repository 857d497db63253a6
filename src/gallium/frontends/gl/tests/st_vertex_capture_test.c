/* SPDX-License-Identifier: MIT */

/* The vertex-capture module (st_vertex_capture.h) on its own: one vertex
 * of current values through a program's vertex shader and through the
 * fixed-function one, the slots it captures (written ones only), and the
 * hooks other modules call in feedback and selection mode
 * (st_feedback_pixel_token, st_select_raster_pos). */

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

#include "compiler/ir/ir_passes_io.h"
#include "st_render_mode.h"
#include "st_vertex_capture.h"

static int
setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL, 0, 0, ST_PROFILE_COMPAT, false);
   if (!*state || !st_test_fbo(16, 16))
      return -1;
   return 0;
}

static int
teardown(void **state)
{
   st_test_context_destroy(*state);
   return 0;
}

static void
expect_vec4(const float *got, float x, float y, float z, float w)
{
   const float want[4] = { x, y, z, w };
   for (unsigned i = 0; i < 4; i++) {
      if (!(fabsf(got[i] - want[i]) <= 1e-5f)) {
         print_error("component %u = %g, expected %g\n", i, got[i], want[i]);
         fail();
      }
   }
}

static const uint64_t pos_col_tex =
   (1ull << IR_VARYING_SLOT_POS) | (1ull << IR_VARYING_SLOT_COL0) |
   (1ull << IR_VARYING_SLOT_TEX0) | (1ull << IR_VARYING_SLOT_CLIP_VERTEX);

static void
program_vertex(void **state)
{
   struct st_context *ctx = *state;
   GLuint prog = st_test_program("#version 120\n"
                                 "void main() {\n"
                                 "   gl_Position = gl_Vertex * 2.0;\n"
                                 "   gl_FrontColor = gl_Color * 0.5;\n"
                                 "}\n",
                                 "#version 120\n"
                                 "void main() { gl_FragColor = gl_Color; }\n");
   glUseProgram(prog);
   glColor4f(1, 0.5f, 0.25f, 1);
   const GLfloat pos[4] = { 1, 2, 3, 1 };
   struct st_vertex_capture c;
   assert_true(st_vertex_capture_current(ctx, pos, pos_col_tex, &c, "test"));
   assert_int_equal(c.num_vertices, 1);
   /* The shader writes no texture coordinates nor clip vertex. */
   assert_int_equal(c.slots, (1ull << IR_VARYING_SLOT_POS) |
                                (1ull << IR_VARYING_SLOT_COL0));
   assert_int_equal(c.stride, 8);
   assert_int_equal(st_vertex_capture_offset(&c, IR_VARYING_SLOT_TEX0), -1);
   int p = st_vertex_capture_offset(&c, IR_VARYING_SLOT_POS);
   int col = st_vertex_capture_offset(&c, IR_VARYING_SLOT_COL0);
   assert_true(p >= 0 && col >= 0);
   expect_vec4(c.data + p, 2, 4, 6, 2);
   expect_vec4(c.data + col, 0.5f, 0.25f, 0.125f, 0.5f);
   st_vertex_capture_fini(&c);
   glUseProgram(0);
   glDeleteProgram(prog);

   /* Drawing afterwards still works (the pipe state was put back). */
   glClearColor(0, 0, 0, 0);
   glClear(GL_COLOR_BUFFER_BIT);
   glMatrixMode(GL_PROJECTION);
   glLoadIdentity();
   glOrtho(0, 16, 0, 16, -1, 1);
   glColor4f(1, 1, 1, 1);
   glRectf(0, 0, 16, 16);
   const GLfloat white[4] = { 1, 1, 1, 1 };
   assert_true(st_test_probe(8, 8, white, 0.0f));
   glLoadIdentity();
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
fixed_function_vertex(void **state)
{
   struct st_context *ctx = *state;
   glMatrixMode(GL_MODELVIEW);
   glLoadIdentity();
   glTranslatef(1, 0, 0);
   glColor4f(0.25f, 0.5f, 0.75f, 1);
   const GLfloat pos[4] = { 1, 2, 0, 1 };
   struct st_vertex_capture c;
   assert_true(st_vertex_capture_current(ctx, pos, pos_col_tex, &c, "test"));
   assert_int_equal(c.num_vertices, 1);
   int p = st_vertex_capture_offset(&c, IR_VARYING_SLOT_POS);
   int col = st_vertex_capture_offset(&c, IR_VARYING_SLOT_COL0);
   assert_true(p >= 0 && col >= 0);
   expect_vec4(c.data + p, 2, 2, 0, 1);
   expect_vec4(c.data + col, 0.25f, 0.5f, 0.75f, 1);
   st_vertex_capture_fini(&c);
   glLoadIdentity();
   assert_int_equal(glGetError(), GL_NO_ERROR);
}

static void
pixel_token_and_raster_pos(void **state)
{
   struct st_context *ctx = *state;
   GLfloat fb[32];
   for (unsigned i = 0; i < 32; i++)
      fb[i] = -1;
   const struct st_feedback_vertex rp = {
      .win = { 3, 4, 0.25f, 1 },
      .color = { 1, 0, 0, 1 },
      .texcoord = { 0, 0, 0, 1 },
   };
   /* Nothing in render mode. */
   st_feedback_pixel_token(ctx, GL_BITMAP_TOKEN, &rp);
   glFeedbackBuffer(32, GL_3D, fb);
   glRenderMode(GL_FEEDBACK);
   st_feedback_pixel_token(ctx, GL_DRAW_PIXEL_TOKEN, &rp);
   assert_int_equal(glRenderMode(GL_RENDER), 4);
   assert_true(fb[0] == GL_DRAW_PIXEL_TOKEN && fb[1] == 3 && fb[2] == 4 &&
               fb[3] == 0.25f);

   GLuint sb[8] = { 0 };
   glSelectBuffer(8, sb);
   glRenderMode(GL_SELECT);
   glPushName(4);
   st_select_raster_pos(ctx, 0.5f);
   st_feedback_pixel_token(ctx, GL_COPY_PIXEL_TOKEN, &rp);
   assert_int_equal(glRenderMode(GL_RENDER), 1);
   assert_int_equal(sb[0], 1);
   assert_int_equal(sb[1], 1073741824u); /* 0.25 * (2^32 - 1), rounded */
   assert_int_equal(sb[2], 2147483648u); /* 0.5 * (2^32 - 1), rounded */
   assert_int_equal(sb[3], 4);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(program_vertex),
      cmocka_unit_test(fixed_function_vertex),
      cmocka_unit_test(pixel_token_and_raster_pos),
   };
   return cmocka_run_group_tests(tests, setup, teardown);
}
