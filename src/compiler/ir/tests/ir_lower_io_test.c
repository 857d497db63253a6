/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_lower_io(): golden texts for slot packing of vertex
 * inputs, fragment outputs by location (dual source, depth, read-back),
 * dynamic array / matrix / struct / vector indices, system values,
 * driver locations assigned by the caller, and the cases that must not
 * change anything (geometry inputs, a shader without I/O variables); then
 * the lowered shaders run in the interpreter on inputs set slot by slot,
 * against values computed here.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "ir_backend_test_util.h"
#include "util/u_arena.h"

static void
vertex_inputs_packed_by_location(void **state)
{
   /* Located inputs are numbered densely in location order (gaps cost
    * nothing, a dvec3 takes two slots, two vec2 share location 5 in
    * different components); the input without a location comes last.
    * The z of a dvec3 is the first component of its second slot. */
   BT_CHECK_PASS(
      *state, ir_lower_io,
      "shader vertex\n"
      "var shader_in vec4 @pos location=0\n"
      "var shader_in dvec3 @d location=2\n"
      "var shader_in vec2 @hi location=5 component=2\n"
      "var shader_in vec2 @lo location=5\n"
      "var shader_in mat2 @m location=7\n"
      "var shader_in vec4 @nol\n"
      "var shader_out vec4 @gl_Position location=0\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = deref_var @pos\n"
      "    %1:32x4 = load_deref %0\n"
      "    %2:32 = deref_var @d\n"
      "    %3:32 = load_const 2\n"
      "    %4:32 = deref_array %2[%3]\n"
      "    %5:64 = load_deref %4\n"
      "    %6:32 = f2f %5\n"
      "    %7:32 = deref_var @hi\n"
      "    %8:32x2 = load_deref %7\n"
      "    %9:32 = deref_var @lo\n"
      "    %10:32x2 = load_deref %9\n"
      "    %11:32 = deref_var @m\n"
      "    %19:32 = load_const 1\n"
      "    %12:32 = deref_array %11[%19]\n"
      "    %13:32x2 = load_deref %12\n"
      "    %14:32 = deref_var @nol\n"
      "    %15:32x4 = load_deref %14\n"
      "    %16:32x4 = vec4 %6, %8.y, %10.x, %13.y\n"
      "    %17:32x4 = fadd %16, %15\n"
      "    %18:32 = deref_var @gl_Position\n"
      "    store_deref %18, %17 write_mask=15\n"
      "}\n",
      "shader vertex\n"
      "var shader_in vec4 @pos location=0\n"
      "var shader_in dvec3 @d location=2 driver_location=1\n"
      "var shader_in vec2 @hi location=5 component=2 driver_location=3\n"
      "var shader_in vec2 @lo location=5 driver_location=3\n"
      "var shader_in mat2 @m location=7 driver_location=4\n"
      "var shader_in vec4 @nol driver_location=6\n"
      "var shader_out vec4 @gl_Position location=0\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = load_const 0\n"
      "    %1:32x4 = load_input %0\n"
      "    %2:32 = load_const 2\n"
      "    %3:32 = load_const 0\n"
      "    %4:64 = load_input %3 base=2 location=3\n"
      "    %5:32 = f2f %4\n"
      "    %6:32 = load_const 0\n"
      "    %7:32x2 = load_input %6 base=3 component=2 location=5\n"
      "    %8:32 = load_const 0\n"
      "    %9:32x2 = load_input %8 base=3 location=5\n"
      "    %10:32 = load_const 1\n"
      "    %11:32 = load_const 0\n"
      "    %12:32x2 = load_input %11 base=5 location=8\n"
      "    %13:32 = load_const 0\n"
      "    %14:32x4 = load_input %13 base=6 location=-1\n"
      "    %15:32x4 = vec4 %5, %7.y, %9, %12.y\n"
      "    %16:32x4 = fadd %15, %14\n"
      "    %17:32 = load_const 0\n"
      "    store_output %16, %17 write_mask=15\n"
      "}\n");
}

static void
fragment_outputs_by_location(void **state)
{
   /* Outputs keep their location as slot, dual-source index 1 goes to
    * io_semantics, gl_FragDepth has its own location; an output read
    * back is load_output; interpolation modes go to load_input. */
   BT_CHECK_PASS(
      *state, ir_lower_io,
      "shader fragment\n"
      "var shader_in vec4 @color location=1 interp=flat\n"
      "var shader_in vec2 @uv location=4 interp=noperspective\n"
      "var shader_out vec4 @out0 location=0\n"
      "var shader_out vec4 @out1 location=0 index=1\n"
      "var shader_out float @gl_FragDepth location=8\n"
      "var shader_out vec4 @out3 location=3\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = deref_var @color\n"
      "    %1:32x4 = load_deref %0\n"
      "    %2:32 = deref_var @uv\n"
      "    %3:32x2 = load_deref %2\n"
      "    %4:32 = deref_var @out0\n"
      "    store_deref %4, %1 write_mask=15\n"
      "    %5:32 = deref_var @out1\n"
      "    store_deref %5, %1 write_mask=15\n"
      "    %6:32 = deref_var @gl_FragDepth\n"
      "    %10:32 = mov %3.y\n"
      "    store_deref %6, %10 write_mask=1\n"
      "    %7:32 = deref_var @out3\n"
      "    %8:32x4 = load_deref %7\n"
      "    %9:32x4 = fadd %8, %1\n"
      "    store_deref %7, %9 write_mask=3\n"
      "}\n",
      "shader fragment\n"
      "var shader_in vec4 @color location=1 interp=flat\n"
      "var shader_in vec2 @uv location=4 driver_location=1 "
      "interp=noperspective\n"
      "var shader_out vec4 @out0 location=0\n"
      "var shader_out vec4 @out1 location=0 index=1\n"
      "var shader_out float @gl_FragDepth location=8 driver_location=8\n"
      "var shader_out vec4 @out3 location=3 driver_location=3\n"
      "fn main {\n"
      "  b0:\n"
      "    %0:32 = load_const 0\n"
      "    %1:32x4 = load_input %0 location=1 interp_mode=1\n"
      "    %2:32 = load_const 0\n"
      "    %3:32x2 = load_input %2 base=1 location=4 interp_mode=2\n"
      "    %4:32 = load_const 0\n"
      "    store_output %1, %4 write_mask=15\n"
      "    %5:32 = load_const 0\n"
      "    store_output %1, %5 write_mask=15 io_semantics=1\n"
      "    %6:32 = mov %3.y\n"
      "    %7:32 = load_const 0\n"
      "    store_output %6, %7 base=8 write_mask=1 location=8\n"
      "    %8:32 = load_const 0\n"
      "    %9:32x4 = load_output %8 base=3 location=3\n"
      "    %10:32x4 = fadd %9, %1\n"
      "    %11:32 = load_const 0\n"
      "    store_output %10, %11 base=3 write_mask=3 location=3\n"
      "}\n");
}

static const char *const dynamic_text =
   "shader vertex\n"
   "type V = struct { vec2 a; float[3] b; }\n"
   "var shader_in vec4[3] @arr location=1\n"
   "var shader_in mat3 @m location=4\n"
   "var shader_in ivec4 @idx location=0\n"
   "var shader_out V @v location=2\n"
   "var shader_out vec4 @w location=1\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = deref_var @idx\n"
   "    %1:32x4 = load_deref %0\n"
   "    %20:32 = mov %1.x\n"
   "    %21:32 = mov %1.y\n"
   "    %22:32 = mov %1.z\n"
   "    %23:32 = mov %1.w\n"
   "    %2:32 = deref_var @arr\n"
   "    %3:32 = deref_array %2[%20]\n"
   "    %4:32x4 = load_deref %3\n"
   "    %5:32 = deref_var @m\n"
   "    %6:32 = deref_array %5[%21]\n"
   "    %7:32 = deref_array %6[%22]\n"
   "    %8:32 = load_deref %7\n"
   "    %9:32 = deref_var @v\n"
   "    %10:32 = deref_struct %9.b\n"
   "    %11:32 = deref_array %10[%23]\n"
   "    store_deref %11, %8 write_mask=1\n"
   "    %12:32 = deref_var @w\n"
   "    %13:32 = deref_array %12[%20]\n"
   "    store_deref %13, %8 write_mask=1\n"
   "    %14:32 = deref_struct %9.a\n"
   "    %24:32x2 = mov %4.zw\n"
   "    store_deref %14, %24 write_mask=3\n"
   "}\n";

static const char *const dynamic_expected =
   "shader vertex\n"
   "type V = struct { vec2 a; float[3] b; }\n"
   "var shader_in vec4[3] @arr location=1 driver_location=1\n"
   "var shader_in mat3 @m location=4 driver_location=4\n"
   "var shader_in ivec4 @idx location=0\n"
   "var shader_out V @v location=2 driver_location=1\n"
   "var shader_out vec4 @w location=1\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = load_const 0\n"
   "    %1:32x4 = load_input %0\n"
   "    %2:32 = mov %1\n"
   "    %3:32 = mov %1.y\n"
   "    %4:32 = mov %1.z\n"
   "    %5:32 = mov %1.w\n"
   "    %6:32x4 = load_input %2 base=1 location=1\n"
   "    %7:32x3 = load_input %3 base=4 location=4\n"
   "    %8:32 = mov %7.z\n"
   "    %9:32 = load_const 1\n"
   "    %10:1 = ieq %4, %9\n"
   "    %11:32 = mov %7.y\n"
   "    %12:32 = bcsel %10, %11, %8\n"
   "    %13:32 = load_const 0\n"
   "    %14:1 = ieq %4, %13\n"
   "    %15:32 = mov %7\n"
   "    %16:32 = bcsel %14, %15, %12\n"
   "    store_output %16, %5 base=2 write_mask=1 location=3\n"
   "    %17:32 = load_const 0\n"
   "    %18:1 = ieq %2, %17\n"
   "  if %18 {\n"
   "    b1:\n"
   "      %19:32 = load_const 0\n"
   "      store_output %16, %19 write_mask=1 location=1\n"
   "  } else {\n"
   "    b2:\n"
   "  }\n"
   "  b3:\n"
   "    %20:32 = load_const 1\n"
   "    %21:1 = ieq %2, %20\n"
   "  if %21 {\n"
   "    b4:\n"
   "      %22:32 = load_const 0\n"
   "      store_output %16, %22 component=1 write_mask=1 location=1\n"
   "  } else {\n"
   "    b5:\n"
   "  }\n"
   "  b6:\n"
   "    %23:32 = load_const 2\n"
   "    %24:1 = ieq %2, %23\n"
   "  if %24 {\n"
   "    b7:\n"
   "      %25:32 = load_const 0\n"
   "      store_output %16, %25 component=2 write_mask=1 location=1\n"
   "  } else {\n"
   "    b8:\n"
   "  }\n"
   "  b9:\n"
   "    %26:32 = load_const 3\n"
   "    %27:1 = ieq %2, %26\n"
   "  if %27 {\n"
   "    b10:\n"
   "      %28:32 = load_const 0\n"
   "      store_output %16, %28 component=3 write_mask=1 location=1\n"
   "  } else {\n"
   "    b11:\n"
   "  }\n"
   "  b12:\n"
   "    %29:32x2 = mov %6.zw\n"
   "    %30:32 = load_const 0\n"
   "    store_output %29, %30 base=1 write_mask=3 location=2\n"
   "}\n";

static void
dynamic_indices(void **state)
{
   /* Dynamic array, matrix column and struct member indices become the
    * offset source; a dynamic vector component is a bcsel chain for a
    * load and a chain of guarded stores for a store. */
   BT_CHECK_PASS(*state, ir_lower_io, dynamic_text, dynamic_expected);
}

static const char *const sysvals_text =
   "shader fragment\n"
   "var system_value vec4 @gl_FragCoord location=0\n"
   "var system_value bool @gl_FrontFacing location=1\n"
   "var system_value int[1] @gl_SampleMaskIn location=5\n"
   "var system_value bool @gl_HelperInvocation location=8\n"
   "var shader_out vec4 @o location=0\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = deref_var @gl_FragCoord\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = load_const 2\n"
   "    %3:32 = deref_array %0[%2]\n"
   "    %4:32 = load_deref %3\n"
   "    %5:32 = deref_var @gl_FrontFacing\n"
   "    %6:1 = load_deref %5\n"
   "    %7:32 = deref_var @gl_SampleMaskIn\n"
   "    %8:32 = load_const 0\n"
   "    %9:32 = deref_array %7[%8]\n"
   "    %10:32 = load_deref %9\n"
   "    %11:32 = i2f %10\n"
   "    %12:32 = b2f %6\n"
   "    %13:32 = deref_var @gl_HelperInvocation\n"
   "    %14:1 = load_deref %13\n"
   "    %15:32 = b2f %14\n"
   "    %16:32x4 = vec4 %4, %12, %11, %15\n"
   "    %17:32x4 = fadd %16, %1\n"
   "    %18:32 = deref_var @o\n"
   "    store_deref %18, %17 write_mask=15\n"
   "}\n";

static const char *const sysvals_expected =
   "shader fragment\n"
   "var system_value vec4 @gl_FragCoord location=0\n"
   "var system_value bool @gl_FrontFacing location=1\n"
   "var system_value int[1] @gl_SampleMaskIn location=5\n"
   "var system_value bool @gl_HelperInvocation location=8\n"
   "var shader_out vec4 @o location=0\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32x4 = load_frag_coord\n"
   "    %1:32 = load_const 2\n"
   "    %2:32x4 = load_frag_coord\n"
   "    %3:32 = mov %2.z\n"
   "    %4:1 = load_front_face\n"
   "    %5:32 = load_const 0\n"
   "    %6:32 = load_sample_mask_in\n"
   "    %7:32 = i2f %6\n"
   "    %8:32 = b2f %4\n"
   "    %9:1 = is_helper_invocation\n"
   "    %10:32 = b2f %9\n"
   "    %11:32x4 = vec4 %3, %8, %7, %10\n"
   "    %12:32x4 = fadd %11, %0\n"
   "    %13:32 = load_const 0\n"
   "    store_output %12, %13 write_mask=15\n"
   "}\n";

static void
system_values(void **state)
{
   /* System values are named by their location (enum
    * ir_system_value); a component is selected after the load and
    * gl_SampleMaskIn[0] is the whole value. */
   BT_CHECK_PASS(*state, ir_lower_io, sysvals_text, sysvals_expected);
}

static void
driver_locations_of_the_caller_are_kept(void **state)
{
   /* A non-zero driver_location means the caller assigned them. */
   BT_CHECK_PASS(*state, ir_lower_io,
                 "shader vertex\n"
                 "var shader_in vec4 @a location=3 driver_location=7\n"
                 "var shader_in vec4 @b location=4\n"
                 "var shader_out vec4 @o location=0\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = deref_var @a\n"
                 "    %1:32x4 = load_deref %0\n"
                 "    %2:32 = deref_var @b\n"
                 "    %3:32x4 = load_deref %2\n"
                 "    %4:32x4 = fadd %1, %3\n"
                 "    %5:32 = deref_var @o\n"
                 "    store_deref %5, %4 write_mask=15\n"
                 "}\n",
                 "shader vertex\n"
                 "var shader_in vec4 @a location=3 driver_location=7\n"
                 "var shader_in vec4 @b location=4\n"
                 "var shader_out vec4 @o location=0\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32x4 = load_input %0 base=7 location=3\n"
                 "    %2:32 = load_const 0\n"
                 "    %3:32x4 = load_input %2 location=4\n"
                 "    %4:32x4 = fadd %1, %3\n"
                 "    %5:32 = load_const 0\n"
                 "    store_output %4, %5 write_mask=15\n"
                 "}\n");
}

static void
geometry_inputs_are_not_lowered(void **state)
{
   /* The outer index of a geometry input is the vertex. */
   BT_CHECK_PASS(*state, ir_lower_io,
                 "shader geometry\n"
                 "var shader_in vec4[3] @v location=0\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = deref_var @v\n"
                 "    %1:32 = load_const 1\n"
                 "    %2:32 = deref_array %0[%1]\n"
                 "    %3:32x4 = load_deref %2\n"
                 "    %4:32 = load_const 0\n"
                 "    store_output %3, %4 write_mask=15\n"
                 "}\n",
                 NULL);
}

static void
nothing_to_lower(void **state)
{
   BT_CHECK_PASS(*state, ir_lower_io,
                 "shader fragment\n"
                 "fn main {\n"
                 "  b0:\n"
                 "    %0:32 = load_const 0\n"
                 "    %1:32 = load_input %0 base=2\n"
                 "    store_output %1, %0 write_mask=1\n"
                 "}\n",
                 NULL);
}

static void
system_value_names(void **state)
{
   (void)state;
   assert_int_equal(ir_system_value_from_name("gl_FragCoord"),
                    IR_SYSTEM_VALUE_FRAG_COORD);
   assert_int_equal(ir_system_value_from_name("gl_InvocationID"),
                    IR_SYSTEM_VALUE_INVOCATION_ID);
   assert_int_equal(ir_system_value_from_name("gl_Position"), -1);
   assert_int_equal(ir_system_value_from_name(NULL), -1);
   assert_int_equal(ir_system_value_intrinsic(IR_SYSTEM_VALUE_VERTEX_ID),
                    IR_INTRINSIC_LOAD_VERTEX_ID);
}

/* ---------------------------------------------------------------------- */
/* In the interpreter                                                     */
/* ---------------------------------------------------------------------- */

static uint32_t
fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static void
dynamic_indices_run(void **state)
{
   struct ir_shader *s =
      BT_CHECK_PASS(*state, ir_lower_io, dynamic_text, dynamic_expected);
   struct bt_io *io = calloc(1, sizeof(*io));
   /* Slot 0: the indices; 1-3: arr; 4-6: the columns of m. */
   for (unsigned l = 0; l < BT_WIDTH; l++) {
      unsigned x = l % 3, y = (l + 1) % 3, z = (l / 2) % 3, w = (l / 3) % 3;
      *bt_in(io, 0, 0, l) = x;
      *bt_in(io, 0, 1, l) = y;
      *bt_in(io, 0, 2, l) = z;
      *bt_in(io, 0, 3, l) = w;
      for (unsigned slot = 1; slot < 7; slot++) {
         for (unsigned c = 0; c < 4; c++)
            *bt_in(io, slot, c, l) = fbits((float)(100 * slot + 10 * c + l));
      }
   }
   bt_run(s, io);
   for (unsigned l = 0; l < BT_WIDTH; l++) {
      unsigned x = l % 3, y = (l + 1) % 3, z = (l / 2) % 3, w = (l / 3) % 3;
      uint32_t m_yz = *bt_in(io, 4 + y, z, l);
      /* @w (slot 0): only component x written. */
      for (unsigned c = 0; c < 4; c++)
         assert_int_equal(*bt_out(io, 0, c, l), c == x ? m_yz : 0xdeadbeef);
      /* @v.a (slot 1) = arr[x].zw. */
      assert_int_equal(*bt_out(io, 1, 0, l), *bt_in(io, 1 + x, 2, l));
      assert_int_equal(*bt_out(io, 1, 1, l), *bt_in(io, 1 + x, 3, l));
      assert_int_equal(*bt_out(io, 1, 2, l), 0xdeadbeef);
      /* @v.b[w] (slots 2-4). */
      for (unsigned k = 0; k < 3; k++)
         assert_int_equal(*bt_out(io, 2 + k, 0, l), k == w ? m_yz : 0xdeadbeef);
   }
   free(io);
}

static void
system_values_run(void **state)
{
   struct ir_shader *s =
      BT_CHECK_PASS(*state, ir_lower_io, sysvals_text, sysvals_expected);
   struct bt_io *io = calloc(1, sizeof(*io));
   uint32_t coord[4 * BT_WIDTH], face[BT_WIDTH], mask[BT_WIDTH];
   for (unsigned l = 0; l < BT_WIDTH; l++) {
      for (unsigned c = 0; c < 4; c++)
         coord[c * BT_WIDTH + l] = fbits((float)(l * 4 + c));
      face[l] = l & 1;
      mask[l] = 1u << l;
   }
   io->sysval_lanes[IR_EXEC_SYSVAL_FRAG_COORD] = coord;
   io->sysval_lanes[IR_EXEC_SYSVAL_FRONT_FACE] = face;
   io->sysval_lanes[IR_EXEC_SYSVAL_SAMPLE_MASK_IN] = mask;
   bt_run(s, io);
   for (unsigned l = 0; l < BT_WIDTH; l++) {
      float fc[4];
      for (unsigned c = 0; c < 4; c++)
         fc[c] = (float)(l * 4 + c);
      /* (coord.z, face, mask, helper) + coord */
      assert_int_equal(*bt_out(io, 0, 0, l), fbits(fc[2] + fc[0]));
      assert_int_equal(*bt_out(io, 0, 1, l), fbits((float)(l & 1) + fc[1]));
      assert_int_equal(*bt_out(io, 0, 2, l), fbits((float)(1u << l) + fc[2]));
      assert_int_equal(*bt_out(io, 0, 3, l), fbits(0.0f + fc[3]));
   }
   free(io);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(vertex_inputs_packed_by_location),
      cmocka_unit_test(fragment_outputs_by_location),
      cmocka_unit_test(dynamic_indices),
      cmocka_unit_test(system_values),
      cmocka_unit_test(driver_locations_of_the_caller_are_kept),
      cmocka_unit_test(geometry_inputs_are_not_lowered),
      cmocka_unit_test(nothing_to_lower),
      cmocka_unit_test(system_value_names),
      cmocka_unit_test(dynamic_indices_run),
      cmocka_unit_test(system_values_run),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
