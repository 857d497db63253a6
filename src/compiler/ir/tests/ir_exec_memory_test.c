/* SPDX-License-Identifier: MIT */

/*
 * Tests of the interpreter's memory and I/O: uniforms, uniform blocks,
 * system values, indirect input/output slots, temporary variables through
 * derefs (static and dynamic indices, structs, matrices, copies,
 * initializers), and registers of non-SSA code with parallel copies.
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
uniforms(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x2 = load_uniform %0 base=4 range=8\n"
                            "  %2:32 = load_input %0\n"
                            "  %3:32 = load_uniform %2\n"
                            "  %4:32x2 = load_uniform %0 base=12\n"
                            "  %5:32x4 = vec4 %1.x, %1.y, %3, %4.x\n"
                            "  store_output %5, %0 write_mask=15\n"
                            "  store_output %4, %0 base=1 write_mask=3\n"
                            "}\n",
                            4);
   static const float u[4] = { 10.0f, 20.0f, 30.0f, 40.0f };
   f->io.uniforms = u;
   f->io.uniform_size = sizeof(u);
   static const uint32_t off[4] = { 0, 12, 16, 0xfffffffcu };
   for (unsigned l = 0; l < 4; l++)
      *fx_in(f, 0, 0, l) = off[l];
   fx_run(f, 0xf, 0);
   static const float dyn[4] = { 10.0f, 40.0f, 0.0f, 0.0f };
   for (unsigned l = 0; l < 4; l++) {
      assert_true(fx_out_f(f, 0, 0, l) == 20.0f);
      assert_true(fx_out_f(f, 0, 1, l) == 30.0f);
      assert_true(fx_out_f(f, 0, 2, l) == dyn[l]);
      assert_true(fx_out_f(f, 0, 3, l) == 40.0f);
      /* Partly out of bounds: the last component reads 0. */
      assert_true(fx_out_f(f, 1, 1, l) == 0.0f);
   }
   fx_destroy(f);
}

static void
ubo_loads(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x2 = load_input %0\n"
                            "  %2:32 = mov %1.x\n"
                            "  %3:32 = mov %1.y\n"
                            "  %4:32 = load_ubo %2, %3\n"
                            "  %5:32 = load_const 1\n"
                            "  %6:32 = load_const 4\n"
                            "  %7:32x2 = load_ubo %5, %6 range=8\n"
                            "  %8:32x3 = vec3 %4, %7.x, %7.y\n"
                            "  store_output %8, %0 write_mask=7\n"
                            "}\n",
                            8);
   static const uint32_t b0[4] = { 1, 2, 3, 4 };
   static const uint32_t b1[2] = { 5, 6 };
   const void *bufs[3] = { b0, b1, NULL };
   const size_t sizes[3] = { sizeof(b0), sizeof(b1), 64 };
   f->io.ubos = bufs;
   f->io.ubo_sizes = sizes;
   f->io.num_ubos = 3;
   static const uint32_t block[6] = { 0, 1, 2, 3, 0, 1 };
   static const uint32_t offset[6] = { 4, 4, 0, 0, 16, 0xffffffffu };
   static const uint32_t expect[6] = { 2, 6, 0, 0, 0, 0 };
   for (unsigned l = 0; l < 6; l++) {
      *fx_in(f, 0, 0, l) = block[l];
      *fx_in(f, 0, 1, l) = offset[l];
   }
   fx_run(f, 0x3f, 0);
   for (unsigned l = 0; l < 6; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), expect[l]);
      assert_int_equal(*fx_out(f, 0, 1, l), 6);
      assert_int_equal(*fx_out(f, 0, 2, l), 0);
   }
   fx_destroy(f);
}

static void
system_values(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader vertex\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = load_vertex_id\n"
                            "  %2:32 = load_instance_id\n"
                            "  %3:1 = load_front_face\n"
                            "  %4:32 = b2i %3\n"
                            "  %5:32x2 = load_sample_pos\n"
                            "  %6:32x4 = vec4 %1, %2, %4, %5.y\n"
                            "  store_output %6, %0 write_mask=15\n"
                            "}\n",
                            4);
   uint32_t vertex_ids[4] = { 10, 11, 12, 13 };
   f->io.sysval_lanes[IR_EXEC_SYSVAL_VERTEX_ID] = vertex_ids;
   f->io.sysval[IR_EXEC_SYSVAL_INSTANCE_ID][0] = 7;
   f->io.sysval[IR_EXEC_SYSVAL_FRONT_FACE][0] = 0x100;
   f->io.sysval[IR_EXEC_SYSVAL_SAMPLE_POS][1] = ir_test_fbits(0.25f);
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), 10 + l);
      assert_int_equal(*fx_out(f, 0, 1, l), 7);
      assert_int_equal(*fx_out(f, 0, 2, l), 1);
      assert_true(fx_out_f(f, 0, 3, l) == 0.25f);
   }
   fx_destroy(f);
}

static void
io_indirect_slots_and_readback(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = load_input %0\n"
                            "  %2:32 = load_const 5.0\n"
                            "  store_output %2, %1 base=1 write_mask=1\n"
                            "  %3:32 = load_output %1 base=1\n"
                            "  %4:1 = load_input %0 component=1\n"
                            "  %5:32 = b2i %4\n"
                            "  %6:32x2 = vec2 %3, %5\n"
                            "  store_output %6, %0 write_mask=3\n"
                            "}\n",
                            4);
   static const uint32_t slot[4] = { 0, 2, 9, 0xffffffffu };
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = slot[l];
      *fx_in(f, 0, 1, l) = l ? 0x100u << l : 0;
   }
   fx_clear_out(f, 0);
   fx_run(f, 0xf, 0);
   static const float back[4] = { 5.0f, 5.0f, 0.0f, 0.0f };
   for (unsigned l = 0; l < 4; l++) {
      assert_true(fx_out_f(f, 0, 0, l) == back[l]);
      assert_int_equal(*fx_out(f, 0, 1, l), l ? 1 : 0);
   }
   assert_true(fx_out_f(f, 1, 0, 0) == 5.0f);
   assert_true(fx_out_f(f, 3, 0, 1) == 5.0f);
   assert_int_equal(*fx_out(f, 1, 0, 1), 0);
   fx_destroy(f);
}

static void
variable_write_mask_and_reset(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  local vec4 @v\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32x4 = load_input %0\n"
                            "  %2:32 = deref_var @v\n"
                            "  %3:32x4 = load_deref %2\n"
                            "  store_output %3, %0 base=1 write_mask=15\n"
                            "  store_deref %2, %1 write_mask=5\n"
                            "  %4:32x4 = load_deref %2\n"
                            "  store_output %4, %0 write_mask=15\n"
                            "}\n",
                            4);
   for (unsigned run = 0; run < 2; run++) {
      for (unsigned l = 0; l < 4; l++) {
         for (unsigned c = 0; c < 4; c++)
            *fx_in(f, 0, c, l) = 100 * run + 10 * l + c + 1;
      }
      fx_run(f, 0xf, 0);
      for (unsigned l = 0; l < 4; l++) {
         uint32_t base = 100 * run + 10 * l + 1;
         assert_int_equal(*fx_out(f, 0, 0, l), base);
         assert_int_equal(*fx_out(f, 0, 1, l), 0);
         assert_int_equal(*fx_out(f, 0, 2, l), base + 2);
         assert_int_equal(*fx_out(f, 0, 3, l), 0);
         /* Each run starts from zero. */
         for (unsigned c = 0; c < 4; c++)
            assert_int_equal(*fx_out(f, 1, c, l), 0);
      }
   }
   fx_destroy(f);
}

static void
variable_dynamic_index(void **state)
{
   (void)state;
   struct fx *f =
      fx_create("shader fragment\n"
                "var shader_temp float[4] @arr init={ 1.0, 2.0, 3.0, 4.0 }\n"
                "fn main {\n"
                "  %0:32 = load_const 0\n"
                "  %1:32x2 = load_input %0\n"
                "  %2:32 = mov %1.x\n"
                "  %3:32 = mov %1.y\n"
                "  %4:32 = deref_var @arr\n"
                "  %5:32 = deref_array %4[%2]\n"
                "  %6:32 = load_deref %5\n"
                "  %7:32 = deref_array %4[%3]\n"
                "  %8:32 = load_const 10.0\n"
                "  store_deref %7, %8 write_mask=1\n"
                "  %9:32 = load_const 2\n"
                "  %10:32 = deref_array %4[%9]\n"
                "  %11:32 = load_deref %10\n"
                "  %12:32 = load_deref %5\n"
                "  %13:32x3 = vec3 %6, %11, %12\n"
                "  store_output %13, %0 write_mask=7\n"
                "}\n",
                8);
   static const int32_t i[5] = { 0, 3, 4, -1, 2 };
   static const int32_t j[5] = { 2, 1, 2, 7, 2 };
   static const float expect[5][3] = {
      { 1, 10, 1 }, { 4, 3, 4 }, { 0, 10, 0 }, { 0, 3, 0 }, { 3, 10, 10 },
   };
   for (unsigned l = 0; l < 5; l++) {
      *fx_in(f, 0, 0, l) = (uint32_t)i[l];
      *fx_in(f, 0, 1, l) = (uint32_t)j[l];
   }
   for (unsigned run = 0; run < 2; run++) {
      fx_run(f, 0x1f, 0);
      for (unsigned l = 0; l < 5; l++) {
         for (unsigned c = 0; c < 3; c++)
            assert_true(fx_out_f(f, 0, c, l) == expect[l][c]);
      }
   }
   fx_destroy(f);
}

static void
variable_struct_matrix_copy(void **state)
{
   (void)state;
   struct fx *f =
      fx_create("shader fragment\n"
                "type S = struct { vec2 a; float[3] b; }\n"
                "fn main {\n"
                "  local S @s init={ (1.0, 2.0), { 3.0, 4.0, 5.0 } }\n"
                "  local float[3] @t\n"
                "  local mat2 @m\n"
                "  %0:32 = load_const 0\n"
                "  %1:32 = load_input %0\n"
                "  %2:32 = deref_var @s\n"
                "  %3:32 = deref_struct %2.b\n"
                "  %4:32 = deref_array %3[%1]\n"
                "  %5:32 = load_deref %4\n"
                "  %6:32 = deref_struct %2.a\n"
                "  %7:32x2 = load_deref %6\n"
                "  %8:32 = deref_var @t\n"
                "  copy_deref %8, %3\n"
                "  %9:32 = deref_array %8[%1]\n"
                "  %10:32 = load_deref %9\n"
                "  %11:32x4 = vec4 %5, %7.x, %7.y, %10\n"
                "  store_output %11, %0 write_mask=15\n"
                "  %12:32 = deref_var @m\n"
                "  %13:32 = load_const 1\n"
                "  %14:32 = deref_array %12[%13]\n"
                "  store_deref %14, %7 write_mask=3\n"
                "  %15:32 = deref_array %12[%1]\n"
                "  %16:32x2 = load_deref %15\n"
                "  %17:32 = deref_array %15[%13]\n"
                "  %18:32 = load_deref %17\n"
                "  %19:32x3 = vec3 %16.x, %16.y, %18\n"
                "  store_output %19, %0 base=1 write_mask=7\n"
                "}\n",
                4);
   static const uint32_t idx[4] = { 0, 1, 2, 5 };
   for (unsigned l = 0; l < 4; l++)
      *fx_in(f, 0, 0, l) = idx[l];
   fx_run(f, 0xf, 0);
   static const float b[4] = { 3, 4, 5, 0 };
   static const float col[4][2] = { { 0, 0 }, { 1, 2 }, { 0, 0 }, { 0, 0 } };
   for (unsigned l = 0; l < 4; l++) {
      assert_true(fx_out_f(f, 0, 0, l) == b[l]);
      assert_true(fx_out_f(f, 0, 1, l) == 1.0f);
      assert_true(fx_out_f(f, 0, 2, l) == 2.0f);
      assert_true(fx_out_f(f, 0, 3, l) == b[l]);
      assert_true(fx_out_f(f, 1, 0, l) == col[l][0]);
      assert_true(fx_out_f(f, 1, 1, l) == col[l][1]);
      assert_true(fx_out_f(f, 1, 2, l) == col[l][1]);
   }
   fx_destroy(f);
}

static void
registers_write_mask(void **state)
{
   (void)state;
   struct fx *f =
      fx_create("shader fragment\n"
                "fn main {\n"
                "  b0:\n"
                "    %0:32 = load_const 0\n"
                "    %1:32 = decl_reg num_components=4 bit_size=32\n"
                "    %2:32x4 = load_input %0\n"
                "    store_reg %2, %1 write_mask=15\n"
                "    %3:1 = ilt %2.x, %0\n"
                "  if %3 {\n"
                "    b1:\n"
                "      %4:32x4 = load_const (7, 8, 9, 10)\n"
                "      store_reg %4, %1 write_mask=5\n"
                "  } else {\n"
                "    b2:\n"
                "  }\n"
                "  b3:\n"
                "    %5:32x4 = load_reg %1\n"
                "    store_output %5, %0 write_mask=15\n"
                "}\n",
                4);
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = (l & 1) ? (uint32_t)-1 : 1;
      for (unsigned c = 1; c < 4; c++)
         *fx_in(f, 0, c, l) = 10 * l + c;
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      bool taken = l & 1;
      assert_int_equal(*fx_out(f, 0, 0, l), taken ? 7 : 1);
      assert_int_equal(*fx_out(f, 0, 1, l), 10 * l + 1);
      assert_int_equal(*fx_out(f, 0, 2, l), taken ? 9 : 10 * l + 2);
      assert_int_equal(*fx_out(f, 0, 3, l), 10 * l + 3);
   }
   fx_destroy(f);
}

static void
registers_indirect(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = decl_reg num_components=1 bit_size=32 "
                            "num_array_elems=4\n"
                            "  %2:32 = load_const 100\n"
                            "  %3:32 = load_const 101\n"
                            "  %4:32 = load_const 102\n"
                            "  %5:32 = load_const 103\n"
                            "  store_reg %2, %1 write_mask=1\n"
                            "  store_reg %3, %1 base=1 write_mask=1\n"
                            "  store_reg %4, %1 base=2 write_mask=1\n"
                            "  store_reg %5, %1 base=3 write_mask=1\n"
                            "  %6:32x2 = load_input %0\n"
                            "  %7:32 = mov %6.x\n"
                            "  %8:32 = mov %6.y\n"
                            "  %9:32 = load_const 50\n"
                            "  store_reg_indirect %9, %1, %8 write_mask=1\n"
                            "  %10:32 = load_reg_indirect %1, %7 base=1\n"
                            "  %11:32 = load_reg %1 base=9\n"
                            "  %12:32x2 = vec2 %10, %11\n"
                            "  store_output %12, %0 write_mask=3\n"
                            "}\n",
                            4);
   static const uint32_t i[4] = { 0, 2, 3, 1 };
   static const uint32_t j[4] = { 1, 0, 1, 9 };
   static const uint32_t expect[4] = { 50, 103, 0, 102 };
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = i[l];
      *fx_in(f, 0, 1, l) = j[l];
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), expect[l]);
      assert_int_equal(*fx_out(f, 0, 1, l), 0);
   }
   fx_destroy(f);
}

static void
parallel_copy_swaps(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:32 = decl_reg num_components=1 bit_size=32\n"
                            "  %2:32 = decl_reg num_components=1 bit_size=32\n"
                            "  %3:32x2 = load_input %0\n"
                            "  %4:32 = mov %3.x\n"
                            "  %5:32 = mov %3.y\n"
                            "  store_reg %4, %1 write_mask=1\n"
                            "  store_reg %5, %2 write_mask=1\n"
                            "  %6:32 = load_reg %1\n"
                            "  %7:32 = load_reg %2\n"
                            "  parallel_copy %1 <- %7, %2 <- %6\n"
                            "  %8:32 = load_reg %1\n"
                            "  %9:32 = load_reg %2\n"
                            "  %10:32x2 = vec2 %8, %9\n"
                            "  store_output %10, %0 write_mask=3\n"
                            "}\n",
                            4);
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = l;
      *fx_in(f, 0, 1, l) = 100 + l;
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(*fx_out(f, 0, 0, l), 100 + l);
      assert_int_equal(*fx_out(f, 0, 1, l), l);
   }
   fx_destroy(f);
}

static void
copy_deref_dynamic(void **state)
{
   (void)state;
   /* Whole struct copies and element copies with per-lane indices on both
    * sides. */
   struct fx *f = fx_create(
      "shader fragment\n"
      "type P = struct { vec2 a; int b; }\n"
      "fn main {\n"
      "  local P[3] @src init={ { (1.0, 2.0), 3 }, { (4.0, 5.0), 6 }, "
      "{ (7.0, 8.0), 9 } }\n"
      "  local P[3] @dst\n"
      "  %0:32 = load_const 0\n"
      "  %1:32x2 = load_input %0\n"
      "  %2:32 = mov %1.x\n"
      "  %3:32 = mov %1.y\n"
      "  %4:32 = deref_var @src\n"
      "  %5:32 = deref_var @dst\n"
      "  %6:32 = deref_array %4[%2]\n"
      "  %7:32 = deref_array %5[%3]\n"
      "  copy_deref %7, %6\n"
      "  %8:32 = deref_struct %7.a\n"
      "  %9:32x2 = load_deref %8\n"
      "  %10:32 = deref_struct %7.b\n"
      "  %11:32 = load_deref %10\n"
      "  %12:32 = load_const 2\n"
      "  %13:32 = deref_array %5[%12]\n"
      "  %14:32 = deref_struct %13.b\n"
      "  %15:32 = load_deref %14\n"
      "  %16:32x4 = vec4 %9.x, %9.y, %11, %15\n"
      "  store_output %16, %0 write_mask=15\n"
      "}\n",
      4);
   static const uint32_t i[4] = { 0, 2, 5, 1 };
   static const uint32_t j[4] = { 2, 0, 2, 7 };
   for (unsigned l = 0; l < 4; l++) {
      *fx_in(f, 0, 0, l) = i[l];
      *fx_in(f, 0, 1, l) = j[l];
   }
   fx_run(f, 0xf, 0);
   /* Lane 2 copies an out-of-bounds source (zeros); lane 3 writes out of
    * bounds (nothing) and reads back out of bounds (zeros). */
   static const float a[4][2] = { { 1, 2 }, { 7, 8 }, { 0, 0 }, { 0, 0 } };
   static const uint32_t b[4] = { 3, 9, 0, 0 };
   static const uint32_t b2[4] = { 3, 0, 0, 0 };
   for (unsigned l = 0; l < 4; l++) {
      assert_true(fx_out_f(f, 0, 0, l) == a[l][0]);
      assert_true(fx_out_f(f, 0, 1, l) == a[l][1]);
      assert_int_equal(*fx_out(f, 0, 2, l), b[l]);
      assert_int_equal(*fx_out(f, 0, 3, l), b2[l]);
   }
   fx_destroy(f);
}

static void
storage_64bit(void **state)
{
   (void)state;
   struct fx *f = fx_create("shader fragment\n"
                            "fn main {\n"
                            "  local dvec2[2] @v\n"
                            "  %0:32 = load_const 0\n"
                            "  %1:64x2 = load_input %0\n"
                            "  %2:32 = load_input %0 base=2\n"
                            "  %3:32 = deref_var @v\n"
                            "  %4:32 = deref_array %3[%2]\n"
                            "  store_deref %4, %1 write_mask=2\n"
                            "  %5:32 = load_const 1\n"
                            "  %6:32 = deref_array %3[%5]\n"
                            "  %7:64x2 = load_deref %6\n"
                            "  %8:32 = decl_reg num_components=2 bit_size=64\n"
                            "  store_reg %1, %8 write_mask=3\n"
                            "  store_reg %7, %8 write_mask=2\n"
                            "  %9:64x2 = load_reg %8\n"
                            "  %10:64x2 = fadd %9, %7\n"
                            "  store_output %10, %0 write_mask=3\n"
                            "}\n",
                            4);
   static const double x[4] = { 1.5, -2.0, 1e100, 0.25 };
   static const double y[4] = { 10.0, 20.0, 30.0, 40.0 };
   static const uint32_t idx[4] = { 1, 0, 1, 3 };
   for (unsigned l = 0; l < 4; l++) {
      uint64_t ux, uy;
      memcpy(&ux, &x[l], 8);
      memcpy(&uy, &y[l], 8);
      *fx_in(f, 0, 0, l) = (uint32_t)ux;
      *fx_in(f, 0, 1, l) = (uint32_t)(ux >> 32);
      *fx_in(f, 0, 2, l) = (uint32_t)uy;
      *fx_in(f, 0, 3, l) = (uint32_t)(uy >> 32);
      *fx_in(f, 2, 0, l) = idx[l];
   }
   fx_run(f, 0xf, 0);
   for (unsigned l = 0; l < 4; l++) {
      /* v[1].y is y where the lane stored into v[1], else 0. */
      double vy = idx[l] == 1 ? y[l] : 0.0;
      double e[2] = { x[l] + 0.0, vy + vy };
      for (unsigned c = 0; c < 2; c++) {
         uint64_t got = *fx_out(f, 0, 2 * c, l) |
                        (uint64_t)*fx_out(f, 0, 2 * c + 1, l) << 32;
         uint64_t want;
         memcpy(&want, &e[c], 8);
         assert_true(got == want);
      }
   }
   fx_destroy(f);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(uniforms),
      cmocka_unit_test(ubo_loads),
      cmocka_unit_test(system_values),
      cmocka_unit_test(io_indirect_slots_and_readback),
      cmocka_unit_test(variable_write_mask_and_reset),
      cmocka_unit_test(variable_dynamic_index),
      cmocka_unit_test(variable_struct_matrix_copy),
      cmocka_unit_test(registers_write_mask),
      cmocka_unit_test(registers_indirect),
      cmocka_unit_test(parallel_copy_swaps),
      cmocka_unit_test(copy_deref_dynamic),
      cmocka_unit_test(storage_64bit),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
