/* SPDX-License-Identifier: MIT */

/*
 * Tests of the interpreter's fragment-shader behaviour: discard, demote,
 * helper lanes, coarse and fine derivatives, and the texture callback.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <fenv.h>
#include <float.h>
#include <limits.h>
#include <math.h>

#include "ir_exec_test_util.h"

static void
discard_some_lanes(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = load_input %0\n"
                            "  store_output %1, %0 write_mask=1\n"
                            "  %2:1 = flt %1, %0\n"
                            "  discard_if %2\n"
                            "  store_output %1, %0 base=1 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      fx_set_f(f, 0, 0, l, (l & 2) ? -1.0f : 1.0f);
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xff, 0);
   assert_int_equal(ir_exec_killed_mask(f->st), 0xcc);
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(*fx_out(f, 1, 0, l),
                       (l & 2) ? 0xdeadbeef : ir_test_fbits(1.0f));
   }
   /* A second run starts with no lane killed. */
   for (unsigned l = 0; l < 8; l++)
      fx_set_f(f, 0, 0, l, 1.0f);
   fx_run(f, 0xff, 0);
   assert_int_equal(ir_exec_killed_mask(f->st), 0);
   fx_destroy(f);
}

static void
discard_keeps_quad_derivatives(void **state)
{
   (void)state;
   /* Lane 0 discards in a branch; lane 1's derivative after it still
    * sees lane 0's value computed after the discard. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:1 = flt %1, %0\n"
                            "  if %2 {\n"
                            "    b1:\n"
                            "      discard\n"
                            "  } else {\n"
                            "    b2:\n"
                            "  }\n"
                            "  b3:\n"
                            "    %3:32 = fmul %1, %1\n"
                            "    %4:32 = ddx_fine %3\n"
                            "    store_output %4, %0 write_mask=1\n"
                            "}\n",
                            4);
   static const float x[4] = { -3.0f, 2.0f, 5.0f, 1.0f };
   for (unsigned l = 0; l < 4; l++)
      fx_set_f(f, 0, 0, l, x[l]);
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xf, 0);
   assert_int_equal(ir_exec_killed_mask(f->st), 0x1);
   assert_int_equal(*fx_out(f, 0, 0, 0), 0xdeadbeef);
   assert_true(fx_out_f(f, 0, 0, 1) == 4.0f - 9.0f);
   assert_true(fx_out_f(f, 0, 0, 2) == 1.0f - 25.0f);
   assert_true(fx_out_f(f, 0, 0, 3) == 1.0f - 25.0f);
   fx_destroy(f);
}

static void
discard_ends_loop(void **state)
{
   (void)state;
   /* Lanes with x < 1 only leave the loop by discard. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1.0\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %3:1 = flt %1, %2\n"
                            "      discard_if %3\n"
                            "      %4:1 = fge %1, %2\n"
                            "    if %4 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "  }\n"
                            "  b5:\n"
                            "    store_output %1, %0 write_mask=1\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      fx_set_f(f, 0, 0, l, (l == 0 || l == 5) ? 0.5f : 2.0f);
   fx_clear_out(f, 0xdeadbeef);
   ir_exec_state_set_loop_limit(f->st, 1000);
   fx_run(f, 0xff, 0);
   assert_int_equal(ir_exec_killed_mask(f->st), 0x21);
   for (unsigned l = 0; l < 8; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l),
                       (l == 0 || l == 5) ? 0xdeadbeef : ir_test_fbits(2.0f));
   }
   fx_destroy(f);
}

static void
demote_and_is_helper(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = load_input %0\n"
                            "  %2:1 = flt %1, %0\n"
                            "  demote_if %2\n"
                            "  %3:1 = is_helper_invocation\n"
                            "  %4:32 = b2f %3\n"
                            "  %5:32 = ddx_fine %4\n"
                            "  store_output %5, %0 write_mask=1\n"
                            "  store_output %4, %0 base=1 write_mask=1\n"
                            "}\n",
                            4);
   static const float x[4] = { -1.0f, 1.0f, 1.0f, 1.0f };
   for (unsigned l = 0; l < 4; l++)
      fx_set_f(f, 0, 0, l, x[l]);
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xf, 0);
   /* Lane 0 is a helper now: no outputs, reported as killed; lane 1 sees
    * its is_helper_invocation through the derivative. */
   assert_int_equal(ir_exec_killed_mask(f->st), 0x1);
   assert_int_equal(*fx_out(f, 0, 0, 0), 0xdeadbeef);
   assert_int_equal(*fx_out(f, 1, 0, 0), 0xdeadbeef);
   assert_true(fx_out_f(f, 0, 0, 1) == -1.0f);
   assert_true(fx_out_f(f, 0, 0, 2) == 0.0f);
   assert_true(fx_out_f(f, 0, 0, 3) == 0.0f);
   for (unsigned l = 1; l < 4; l++)
      assert_true(fx_out_f(f, 1, 0, l) == 0.0f);
   fx_destroy(f);
}

static void
helper_lanes(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = load_input %0\n"
                            "  %2:32 = ddx_fine %1\n"
                            "  %3:1 = is_helper_invocation\n"
                            "  %4:32 = b2i %3\n"
                            "  %5:32x3 = vec3 %1, %2, %4\n"
                            "  store_output %5, %0 write_mask=7\n"
                            "}\n",
                            8);
   for (unsigned l = 0; l < 8; l++)
      fx_set_f(f, 0, 0, l, (float)(l * l));
   fx_clear_out(f, 0xdeadbeef);
   /* Lanes 0 and 2 are helpers of quad 0; quad 1 is fully covered. */
   fx_run(f, 0xfa, 0x05);
   assert_int_equal(ir_exec_killed_mask(f->st), 0);
   for (unsigned l = 0; l < 8; l++) {
      if (l == 0 || l == 2) {
         for (unsigned c = 0; c < 3; c++)
            assert_int_equal(*fx_out(f, 0, c, l), 0xdeadbeef);
         continue;
      }
      unsigned left = l & ~1u;
      assert_true(fx_out_f(f, 0, 0, l) == (float)(l * l));
      assert_true(fx_out_f(f, 0, 1, l) ==
                  (float)((left + 1) * (left + 1)) - (float)(left * left));
      assert_int_equal(*fx_out(f, 0, 2, l), 0);
   }
   fx_destroy(f);
}

static void
set_quad_coords(struct fx *f, uint32_t *coords)
{
   /* Lane 4q+i at (2q + (i & 1), i >> 1). */
   for (unsigned l = 0; l < f->width; l++) {
      float x = (float)(2 * (l / 4) + (l & 1)), y = (float)((l >> 1) & 1);
      coords[0 * f->width + l] = ir_test_fbits(x);
      coords[1 * f->width + l] = ir_test_fbits(y);
      coords[2 * f->width + l] = ir_test_fbits(0.5f);
      coords[3 * f->width + l] = ir_test_fbits(1.0f);
   }
   f->io.sysval_lanes[IR_EXEC_SYSVAL_FRAG_COORD] = coords;
}

static void
derivatives_fine_coarse(void **state)
{
   (void)state;
   /* v = x*x + 3*y*x on the quad at (0,0) (1,0) (0,1) (1,1): v = 0, 1,
    * 0, 4. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x4 = load_frag_coord\n"
                            "  %2:32 = load_const 3.0\n"
                            "  %3:32 = fmul %1.x, %1.x\n"
                            "  %4:32 = fmul %2, %1.y\n"
                            "  %5:32 = ffma %4, %1.x, %3\n"
                            "  %6:32 = ddx_fine %5\n"
                            "  %7:32 = ddx_coarse %5\n"
                            "  %8:32 = ddy_fine %5\n"
                            "  %9:32 = ddy_coarse %5\n"
                            "  %10:32x4 = vec4 %6, %7, %8, %9\n"
                            "  store_output %10, %0 write_mask=15\n"
                            "  %11:32 = ddx %5\n"
                            "  %12:32 = ddy %5\n"
                            "  %13:32x3 = vec3 %5, %11, %12\n"
                            "  store_output %13, %0 base=1 write_mask=7\n"
                            "}\n",
                            4);
   uint32_t coords[4 * 4];
   set_quad_coords(f, coords);
   fx_run(f, 0xf, 0);
   static const float v[4] = { 0, 1, 0, 4 };
   static const float ddx_fine[4] = { 1, 1, 4, 4 };
   static const float ddy_fine[4] = { 0, 3, 0, 3 };
   for (unsigned l = 0; l < 4; l++) {
      assert_true(fx_out_f(f, 1, 0, l) == v[l]);
      assert_true(fx_out_f(f, 0, 0, l) == ddx_fine[l]);
      assert_true(fx_out_f(f, 0, 1, l) == 1.0f);
      assert_true(fx_out_f(f, 0, 2, l) == ddy_fine[l]);
      assert_true(fx_out_f(f, 0, 3, l) == 0.0f);
      /* The plain forms are the fine ones. */
      assert_true(fx_out_f(f, 1, 1, l) == ddx_fine[l]);
      assert_true(fx_out_f(f, 1, 2, l) == ddy_fine[l]);
   }
   fx_destroy(f);
}

static void
derivatives_16_64(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x4 = load_frag_coord\n"
                            "  %2:64 = f2f %1.x\n"
                            "  %3:64 = f2f %1.y\n"
                            "  %4:64 = fmul %2, %3\n"
                            "  %5:64 = fadd %4, %2\n"
                            "  %6:64 = ddx_fine %5\n"
                            "  %7:64 = ddy_coarse %5\n"
                            "  %8:32 = f2f %6\n"
                            "  %9:32 = f2f %7\n"
                            "  %10:16 = f2f %1.y\n"
                            "  %11:16 = fmul %10, %10\n"
                            "  %12:16 = ddy_fine %11\n"
                            "  %13:32 = f2f %12\n"
                            "  %14:32x3 = vec3 %8, %9, %13\n"
                            "  store_output %14, %0 write_mask=7\n"
                            "}\n",
                            8);
   uint32_t coords[4 * 8];
   set_quad_coords(f, coords);
   fx_run(f, 0xff, 0);
   for (unsigned l = 0; l < 8; l++) {
      /* v = x*y + x: ddx_fine = y + 1 per row; ddy_coarse = x(top-left). */
      float y = (float)((l >> 1) & 1);
      float x0 = (float)(2 * (l / 4));
      assert_true(fx_out_f(f, 0, 0, l) == y + 1.0f);
      assert_true(fx_out_f(f, 0, 1, l) == x0);
      assert_true(fx_out_f(f, 0, 2, l) == 1.0f);
   }
   fx_destroy(f);
}

struct tex_log {
   unsigned calls;
   unsigned quads[16];
   uint8_t active[16];
   float coords[16][2][4];
   unsigned texture_index;
};

static void
fake_tex(void *data, const struct ir_tex *tex,
         const struct ir_exec_tex_args *args, uint32_t result[4][4])
{
   struct tex_log *log = data;
   unsigned n = log->calls++;
   assert_true(n < 16);
   log->quads[n] = args->quad;
   log->active[n] = args->active;
   log->texture_index = tex->texture_index;
   assert_int_equal(args->num_components[IR_TEX_SRC_COORD], 2);
   assert_int_equal(args->num_components[IR_TEX_SRC_BIAS], 0);
   for (unsigned c = 0; c < 2; c++) {
      for (unsigned i = 0; i < 4; i++)
         log->coords[n][c][i] =
            ir_test_bitsf(args->src[IR_TEX_SRC_COORD][c][i]);
   }
   for (unsigned c = 0; c < 4; c++) {
      for (unsigned i = 0; i < 4; i++) {
         float s = ir_test_bitsf(args->src[IR_TEX_SRC_COORD][0][i]);
         result[c][i] = ir_test_fbits(s * 10.0f + (float)c);
      }
   }
}

static void
texture_callback(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32x2 = load_input %0\n"
                            "    %2:32 = load_input %0 base=1\n"
                            "    %3:1 = ieq %2, %0\n"
                            "  if %3 {\n"
                            "    b1:\n"
                            "      %4:32x4 = tex tex 2d float texture=3 "
                            "sampler=1 coord=%1\n"
                            "      store_output %4, %0 write_mask=15\n"
                            "  } else {\n"
                            "    b2:\n"
                            "  }\n"
                            "  b3:\n"
                            "}\n",
                            16);
   struct tex_log log;
   memset(&log, 0, sizeof(log));
   f->io.tex = fake_tex;
   f->io.tex_data = &log;
   for (unsigned l = 0; l < 16; l++) {
      fx_set_f(f, 0, 0, l, (float)l);
      fx_set_f(f, 0, 1, l, (float)l + 0.5f);
      /* Lanes 5 and 6 skip the texture; quad 3 is not active. */
      *fx_in(f, 1, 0, l) = (l == 5 || l == 6);
   }
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0x0fff, 0);
   assert_int_equal(log.calls, 3);
   assert_int_equal(log.texture_index, 3);
   static const uint8_t active[3] = { 0xf, 0x9, 0xf };
   for (unsigned n = 0; n < 3; n++) {
      assert_int_equal(log.quads[n], n);
      assert_int_equal(log.active[n], active[n]);
      for (unsigned i = 0; i < 4; i++) {
         assert_true(log.coords[n][0][i] == (float)(4 * n + i));
         assert_true(log.coords[n][1][i] == (float)(4 * n + i) + 0.5f);
      }
   }
   for (unsigned l = 0; l < 16; l++) {
      bool sampled = l < 12 && l != 5 && l != 6;
      for (unsigned c = 0; c < 4; c++) {
         assert_int_equal(*fx_out(f, 0, c, l),
                          sampled ? ir_test_fbits((float)l * 10.0f + (float)c)
                                  : 0xdeadbeef);
      }
   }
   fx_destroy(f);
}

static void
texture_sources_and_no_callback(void **state)
{
   (void)state;
   static const char *const text =
      "shader fragment\n"
      "fn main {\n"
      "  %0:32 = load_const 0\n"
      "  %1:32x3 = load_input %0\n"
      "  %2:32 = load_const 0.5\n"
      "  %3:16x4 = tex txb 2d array float texture=0 sampler=0 coord=%1 "
      "bias=%2\n"
      "  %4:32x4 = u2u %3\n"
      "  store_output %4, %0 write_mask=15\n"
      "}\n";
   struct fx *f = fx_create(text, 4);
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xf, 0);
   /* Without a callback, textures read zero. */
   for (unsigned l = 0; l < 4; l++) {
      for (unsigned c = 0; c < 4; c++)
         assert_int_equal(*fx_out(f, 0, c, l), 0);
   }
   fx_destroy(f);
}

static void
demote_in_loop(void **state)
{
   (void)state;
   /* A lane demoted in the first iteration keeps iterating as a helper:
    * its quad neighbour's derivative of the counter stays 0. */
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  b0:\n"
                            "    %0:32 = load_const 0\n"
                            "    %1:32 = load_input %0\n"
                            "    %2:32 = load_const 1\n"
                            "    %3:32 = load_const 4\n"
                            "  loop {\n"
                            "    b1:\n"
                            "      %4:32 = phi b0: %0, b4: %7\n"
                            "      %5:1 = ieq %1, %2\n"
                            "      demote_if %5\n"
                            "      %6:1 = ige %4, %3\n"
                            "    if %6 {\n"
                            "      b2:\n"
                            "        break\n"
                            "    } else {\n"
                            "      b3:\n"
                            "    }\n"
                            "    b4:\n"
                            "      %7:32 = iadd %4, %2\n"
                            "  }\n"
                            "  b5:\n"
                            "    %8:32 = u2f %4\n"
                            "    %9:32 = ddx_fine %8\n"
                            "    %10:32x2 = vec2 %8, %9\n"
                            "    store_output %10, %0 write_mask=3\n"
                            "}\n",
                            4);
   for (unsigned l = 0; l < 4; l++)
      *fx_in(f, 0, 0, l) = l == 0;
   fx_clear_out(f, 0xdeadbeef);
   fx_run(f, 0xf, 0);
   assert_int_equal(ir_exec_killed_mask(f->st), 0x1);
   assert_int_equal(*fx_out(f, 0, 0, 0), 0xdeadbeef);
   for (unsigned l = 1; l < 4; l++) {
      assert_true(fx_out_f(f, 0, 0, l) == 4.0f);
      assert_true(fx_out_f(f, 0, 1, l) == 0.0f);
   }
   fx_destroy(f);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(discard_some_lanes),
      cmocka_unit_test(discard_keeps_quad_derivatives),
      cmocka_unit_test(discard_ends_loop),
      cmocka_unit_test(demote_and_is_helper),
      cmocka_unit_test(helper_lanes),
      cmocka_unit_test(derivatives_fine_coarse),
      cmocka_unit_test(derivatives_16_64),
      cmocka_unit_test(texture_callback),
      cmocka_unit_test(texture_sources_and_no_callback),
      cmocka_unit_test(demote_in_loop),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
