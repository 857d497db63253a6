/* SPDX-License-Identifier: MIT */

/*
 * gl_ClipDistance after linking (glsl_link_clip.c): four floats a slot,
 * distance i in component i % 4 of CLIP_DIST0 + i / 4, for constant and
 * dynamic indices; the vertex stage runs in the reference interpreter.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link.h"
#include "glsl_to_ir_test_util.h"

static void
vertex_outputs_packed(void **state)
{
   (void)state;
   struct glsl_shader *sh[2];
   sh[0] = compile(IR_STAGE_VERTEX, "#version 130\n"
                                    "uniform int k;\n"
                                    "out float gl_ClipDistance[6];\n"
                                    "void main() { gl_Position = vec4(0.0);\n"
                                    "  for (int i = 0; i < 6; i++)\n"
                                    "    gl_ClipDistance[i] = float(i) + 1.0;\n"
                                    "  gl_ClipDistance[k] = 10.0; }\n");
   sh[1] =
      compile(IR_STAGE_FRAGMENT, "#version 130\n"
                                 "void main() { gl_FragColor = vec4(1.0); }\n");
   struct glsl_program *p = glsl_link_program(sh, 2, NULL);
   assert_non_null(p);
   if (!p->ok)
      fail_msg("link failed:\n%s", p->info_log);
   struct ir_shader *vs = p->stages[IR_STAGE_VERTEX];
   struct ir_variable *cd = ir_shader_find_variable(vs, "gl_ClipDistance");
   assert_non_null(cd);
   assert_int_equal(cd->location, IR_VARYING_SLOT_CLIP_DIST0);
   assert_int_equal(ir_type_slot_count(cd->type), 2);

   struct inputs in = { 0 };
   in.uniforms[0] = 4; /* k */
   struct outputs out;
   exec_ir(vs, &in, &out);
   /* Slots by location order: gl_Position 0, CLIP_DIST0 1, CLIP_DIST1 2. */
   static const float want[6] = { 1, 2, 3, 4, 10, 6 };
   for (unsigned i = 0; i < 6; i++)
      assert_float_equal(out_f(&out, 1 + i / 4, i % 4), want[i], 0);
   glsl_program_destroy(p);
   glsl_shader_destroy(sh[0]);
   glsl_shader_destroy(sh[1]);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(vertex_outputs_packed),
   };
   return cmocka_run_group_tests_name("glsl_link_clip", tests, NULL, NULL);
}
