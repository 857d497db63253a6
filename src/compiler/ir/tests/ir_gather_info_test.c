/* SPDX-License-Identifier: MIT */

/*
 * Tests of ir_shader_gather_info(): locations read and written through
 * lowered intrinsics (constant and dynamic offsets) and through variable
 * derefs, uniform bytes, blocks and texture slots, the fragment flags
 * (discard, demote, derivatives from ddx and implicit-LOD texturing,
 * depth writes), that stale values are reset, and that a shader gathers
 * the same information before and after ir_lower_io() and
 * ir_lower_uniforms().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

static void
lowered_fragment_shader(void **state)
{
   struct ir_shader *s = IR_PARSE(
      *state, "shader fragment\n"
              "var shader_in vec4 @a location=1\n"
              "var shader_in vec4[4] @arr location=3\n"
              "type B = interface std140 { vec4 v offset=0; }\n"
              "var uniform vec4 @u driver_location=32\n"
              "var ubo B[2] @blocks driver_location=1\n"
              "fn main {\n"
              "  b0:\n"
              "    %0:32 = load_const 0\n"
              "    %1:32x4 = load_input %0 location=1\n"
              "    %2:32 = f2u %1\n"
              /* arr[1 + dynamic]: locations 4 to 6 */
              "    %3:32x4 = load_input %2 base=2 location=4\n"
              "    %4:32 = load_const 1\n"
              "    %5:32x4 = load_input %4 base=1 location=9\n"
              "    %11:32 = mov %1.x\n"
              "    %6:32 = ddx_fine %11\n"
              "    %7:1 = flt %6, %1.y\n"
              "    discard_if %7\n"
              "    store_output %3, %0 location=2 write_mask=15\n"
              "    %8:32 = mov %1.x\n"
              "    store_output %8, %0 base=8 location=8 write_mask=1\n"
              "    %9:32x2 = mov %5.xy\n"
              "    %10:32x4 = tex txl 2d float texture=3 sampler=1 coord=%9 "
              "lod=%6\n"
              "    store_output %10, %0 location=0 write_mask=15\n"
              "}\n");
   s->info.num_textures = 99; /* stale values are reset */
   s->info.fs.uses_demote = true;
   ir_shader_gather_info(s);
   assert_int_equal(s->info.inputs_read,
                    (1u << 1) | (1u << 4) | (1u << 5) | (1u << 6) | (1u << 10));
   assert_int_equal(s->info.outputs_written,
                    (1u << 0) | (1u << 2) | (1u << IR_FRAG_RESULT_DEPTH));
   assert_true(s->info.fs.writes_depth);
   assert_true(s->info.fs.uses_discard);
   assert_false(s->info.fs.uses_demote);
   assert_true(s->info.fs.uses_derivatives);
   assert_int_equal(s->info.num_textures, 4);
   assert_int_equal(s->info.num_uniform_bytes, 48);
   assert_int_equal(s->info.num_ubos, 3); /* blocks 1 and 2 */
}

static void
implicit_lod_and_demote(void **state)
{
   struct ir_shader *s =
      IR_PARSE(*state, "shader fragment\n"
                       "fn main {\n"
                       "  b0:\n"
                       "    %0:32 = load_const 0\n"
                       "    %1:32x2 = load_input %0\n"
                       "    demote\n"
                       "    %2:32x4 = tex tex 2d float texture=0 sampler=0 "
                       "coord=%1\n"
                       "    store_output %2, %0 write_mask=15\n"
                       "}\n");
   ir_shader_gather_info(s);
   assert_true(s->info.fs.uses_demote);
   assert_false(s->info.fs.uses_discard);
   assert_true(s->info.fs.uses_derivatives);
   assert_false(s->info.fs.writes_depth);
   assert_int_equal(s->info.num_textures, 1);
   /* An omitted location index is location 0. */
   assert_int_equal(s->info.inputs_read, 1u);
}

static void
vertex_texture_fetch_has_no_derivatives(void **state)
{
   struct ir_shader *s =
      IR_PARSE(*state, "shader vertex\n"
                       "fn main {\n"
                       "  b0:\n"
                       "    %0:32 = load_const 0\n"
                       "    %1:32x2 = load_input %0 location=0\n"
                       "    %2:32 = mov %1.x\n"
                       "    %3:32x4 = tex txl 2d float texture=1 sampler=1 "
                       "coord=%1 lod=%2\n"
                       "    store_output %3, %0 location=8 write_mask=15\n"
                       "}\n");
   ir_shader_gather_info(s);
   assert_false(s->info.fs.uses_derivatives);
   /* Location 8 of a vertex shader is an ordinary output. */
   assert_false(s->info.fs.writes_depth);
   assert_int_equal(s->info.outputs_written, 1u << 8);
   assert_int_equal(s->info.inputs_read, 1u);
   assert_int_equal(s->info.num_textures, 2);
}

static const char *const variables_text =
   "shader fragment\n"
   "type B = interface std140 { vec4 v offset=0; }\n"
   "var shader_in vec4 @a location=1\n"
   "var shader_in mat2 @m location=5\n"
   "var shader_in vec4 @unused location=7\n"
   "var shader_out vec4 @o location=0\n"
   "var shader_out float @depth location=8\n"
   "var uniform float @f\n"
   "var uniform vec3 @g\n"
   "var uniform sampler2D @t\n"
   "var ubo B @blk\n"
   "fn main {\n"
   "  b0:\n"
   "    %0:32 = deref_var @a\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = deref_var @m\n"
   "    %3:32 = load_const 1\n"
   "    %4:32 = deref_array %2[%3]\n"
   "    %5:32x2 = load_deref %4\n"
   "    %6:32 = deref_var @g\n"
   "    %7:32x3 = load_deref %6\n"
   "    %8:32 = deref_var @blk\n"
   "    %9:32 = deref_struct %8.v\n"
   "    %10:32x4 = load_deref %9\n"
   "    %11:32x4 = vec4 %5.x, %5.y, %7.x, %10.w\n"
   "    %12:32x4 = fadd %1, %11\n"
   "    %13:32 = deref_var @o\n"
   "    store_deref %13, %12 write_mask=15\n"
   "    %14:32 = deref_var @depth\n"
   "    %15:32 = mov %12.x\n"
   "    store_deref %14, %15 write_mask=1\n"
   "}\n";

static void
variables_before_and_after_lowering(void **state)
{
   struct ir_shader *s = IR_PARSE(*state, variables_text);
   assert_true(ir_assign_uniform_locations(s));
   ir_shader_gather_info(s);
   struct ir_shader_info before = s->info;
   /* Through derefs a variable counts as a whole: both columns of m. */
   assert_int_equal(before.inputs_read, (1u << 1) | (1u << 5) | (1u << 6));
   assert_int_equal(before.outputs_written, 1u | (1u << IR_FRAG_RESULT_DEPTH));
   assert_true(before.fs.writes_depth);
   assert_int_equal(before.num_uniform_bytes, 28); /* g: 12 bytes at 16 */
   assert_int_equal(before.num_ubos, 1);
   assert_int_equal(before.num_textures, 0);

   assert_true(ir_lower_io(s));
   assert_true(ir_lower_uniforms(s));
   ir_shader_gather_info(s);
   /* Lowered, only the column that is read counts. */
   assert_int_equal(s->info.inputs_read, (1u << 1) | (1u << 6));
   assert_int_equal(s->info.outputs_written, before.outputs_written);
   assert_true(s->info.fs.writes_depth);
   assert_int_equal(s->info.num_uniform_bytes, before.num_uniform_bytes);
   assert_int_equal(s->info.num_ubos, before.num_ubos);
   assert_int_equal(s->info.num_textures, 0);
}

static void
copies_and_loads_of_outputs(void **state)
{
   struct ir_shader *s =
      IR_PARSE(*state, "shader vertex\n"
                       "var shader_in vec4[2] @i location=2\n"
                       "var shader_out vec4[2] @o location=4\n"
                       "fn main {\n"
                       "  b0:\n"
                       "    %0:32 = deref_var @o\n"
                       "    %1:32 = deref_var @i\n"
                       "    copy_deref %0, %1\n"
                       "    %2:32 = load_const 0\n"
                       "    %3:32x4 = load_output %2 base=0 location=9\n"
                       "}\n");
   ir_shader_gather_info(s);
   assert_int_equal(s->info.inputs_read, (1u << 2) | (1u << 3));
   assert_int_equal(s->info.outputs_written, (1u << 4) | (1u << 5));
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(lowered_fragment_shader),
      cmocka_unit_test(implicit_lod_and_demote),
      cmocka_unit_test(vertex_texture_fetch_has_no_derivatives),
      cmocka_unit_test(variables_before_and_after_lowering),
      cmocka_unit_test(copies_and_loads_of_outputs),
   };
   return cmocka_run_group_tests(tests, ir_test_arena_setup,
                                 ir_test_arena_teardown);
}
