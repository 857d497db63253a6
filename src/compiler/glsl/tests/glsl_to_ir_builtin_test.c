/* SPDX-License-Identifier: MIT */

/*
 * Translation to IR, built-ins: calls of built-in functions (values, out
 * parameters), texture slots of sampler arguments (arrays of samplers,
 * samplers passed to user functions), and the IR variables of built-in
 * variables (gl_FragData, compatibility attributes and state uniforms,
 * system values, geometry shader inputs).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_to_ir_test_util.h"

static void
test_builtin_values(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, -7.5f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { o = vec4(dot(a.xy, a.yz), max(a.x, a.y),\n"
       "  clamp(a.w, -1.0, 1.0), mod(a.w, 2.0)); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 8.0f, 2.0f, -1.0f, 0.5f);
}

static void
test_builtin_out_param(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.75f, -1.25f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { vec2 ip; vec2 fr = modf(a.xy, ip);\n"
       "  o = vec4(fr, ip); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 0.75f, -0.25f, 2.0f, -1.0f);
}

static void
test_sampler_slots(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 0.25f, 0.5f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "uniform sampler2D first; uniform sampler2D arr[3];\n"
       "uniform sampler2D last;\n"
       "in vec4 a; out vec4 o[2];\n"
       "vec4 fetch(sampler2D s, vec2 c) { return texture(s, c); }\n"
       "void main() { o[0] = texture(arr[2], a.xy);\n"
       "  o[1] = vec4(fetch(last, a.yx).x, fetch(arr[1], a.xy).x,\n"
       "              texture(first, a.xy).x, 0.0); }\n",
       &in, &o);
   /* first: slot 0, arr: 1..3, last: 4. */
   ASSERT_OUT4(&o, 3.0f, 0.25f, (float)IR_TEX_OP_TEX, 1.0f);
   assert_float_equal(out_f(&o, 1, 0), 4.0f, 0);
   assert_float_equal(out_f(&o, 1, 1), 2.0f, 0);
   assert_float_equal(out_f(&o, 1, 2), 0.0f, 0);
}

static void
test_frag_data(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 110\n"
       "uniform int i;\n"
       "void main() { gl_FragData[0] = vec4(1.0); gl_FragData[1] = "
       "vec4(2.0);\n"
       "  gl_FragData[i + 2] = vec4(3.0); }\n",
       &in, &o);
   assert_float_equal(out_f(&o, 0, 0), 1.0f, 0);
   assert_float_equal(out_f(&o, 1, 3), 2.0f, 0);
   assert_float_equal(out_f(&o, 2, 1), 3.0f, 0);
}

static void
test_frag_color_var(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile(IR_STAGE_FRAGMENT,
              "#version 110\n"
              "void main() { gl_FragColor = gl_Color; gl_FragDepth = 0.5; "
              "}\n");
   struct ir_variable *fc = ir_shader_find_variable(sh->ir, "gl_FragColor");
   struct ir_variable *fd = ir_shader_find_variable(sh->ir, "gl_FragDepth");
   struct ir_variable *col = ir_shader_find_variable(sh->ir, "gl_Color");
   assert_non_null(fc);
   assert_non_null(fd);
   assert_non_null(col);
   assert_int_equal(fc->mode, IR_VAR_SHADER_OUT);
   assert_int_equal(fc->location, 0);
   assert_int_equal(fd->location, IR_FRAG_RESULT_DEPTH);
   assert_int_equal(col->mode, IR_VAR_SHADER_IN);
   assert_int_equal(col->location, IR_VARYING_SLOT_COL0);
   glsl_shader_destroy(sh);
}

static void
test_compat_vertex(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile(IR_STAGE_VERTEX,
              "#version 110\n"
              "void main() { gl_Position = gl_ModelViewProjectionMatrix * "
              "gl_Vertex;\n"
              "  gl_TexCoord[1] = gl_MultiTexCoord0; gl_FrontColor = "
              "gl_Color; }\n");
   struct ir_variable *v = ir_shader_find_variable(sh->ir, "gl_Vertex");
   struct ir_variable *mvp =
      ir_shader_find_variable(sh->ir, "gl_ModelViewProjectionMatrix");
   struct ir_variable *tc = ir_shader_find_variable(sh->ir, "gl_TexCoord");
   struct ir_variable *fc = ir_shader_find_variable(sh->ir, "gl_FrontColor");
   struct ir_variable *pos = ir_shader_find_variable(sh->ir, "gl_Position");
   assert_non_null(v);
   assert_non_null(mvp);
   assert_non_null(tc);
   assert_non_null(fc);
   assert_non_null(pos);
   assert_int_equal(v->mode, IR_VAR_SHADER_IN);
   assert_int_equal(v->location, -1);
   assert_int_equal(mvp->mode, IR_VAR_UNIFORM);
   assert_int_equal(tc->mode, IR_VAR_SHADER_OUT);
   assert_int_equal(tc->location, IR_VARYING_SLOT_TEX0);
   assert_int_equal(fc->location, IR_VARYING_SLOT_COL0);
   assert_int_equal(pos->location, IR_VARYING_SLOT_POS);
   glsl_shader_destroy(sh);
}

static void
test_vertex_id(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile(IR_STAGE_VERTEX, "#version 130\n"
                               "out float id;\n"
                               "void main() { id = float(gl_VertexID);\n"
                               "  gl_Position = vec4(0.0); }\n");
   struct ir_variable *vid = ir_shader_find_variable(sh->ir, "gl_VertexID");
   assert_non_null(vid);
   assert_int_equal(vid->mode, IR_VAR_SYSTEM_VALUE);
   assert_int_equal(vid->location, IR_SYSTEM_VALUE_VERTEX_ID);
   glsl_shader_destroy(sh);
}

static void
test_geometry_shader(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile(
      IR_STAGE_GEOMETRY, "#version 150\n"
                         "layout(triangles) in;\n"
                         "layout(triangle_strip, max_vertices = 3) out;\n"
                         "in vec2 tc[]; out vec2 otc;\n"
                         "void main() { gl_Position = gl_in[0].gl_Position;\n"
                         "  otc = tc[0]; EmitVertex();\n"
                         "  gl_Position = gl_in[2].gl_Position; otc = tc[2];\n"
                         "  EmitVertex(); EndPrimitive(); }\n");
   struct ir_variable *tc = ir_shader_find_variable(sh->ir, "tc");
   assert_non_null(tc);
   assert_int_equal(tc->mode, IR_VAR_SHADER_IN);
   assert_true(ir_type_is_array(tc->type));
   assert_int_equal(tc->type->length, 3);
   assert_int_equal(sh->ir->info.gs.max_vertices, 3);
   assert_int_equal(sh->ir->info.gs.output_prim, IR_PRIM_TRIANGLE_STRIP);
   glsl_shader_destroy(sh);
}

static void
test_struct_uniform(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   /* std140: struct S { float f; vec3 v; } s @0: f @0, v @16;
    * S arr[2] @32 (stride 32). */
   setu(&in, 0, 1.0f);
   setu(&in, 4, 2.0f);
   setu(&in, 5, 3.0f);
   setu(&in, 6, 4.0f);
   setu(&in, 8, 5.0f);
   setu(&in, 16, 6.0f);
   setu(&in, 20, 7.0f);
   struct outputs o;
   run("#version 130\n"
       "struct S { float f; vec3 v; };\n"
       "uniform S s; uniform S arr[2]; out vec4 o;\n"
       "void main() { S t = arr[1]; o = vec4(s.f + s.v.z, arr[0].f, t.f, "
       "t.v.x); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 5.0f, 5.0f, 6.0f, 7.0f);
}

static void
test_ftransform_uniform_layout(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile(IR_STAGE_VERTEX, "#version 110\n"
                               "uniform vec4 u;\n"
                               "void main() { gl_Position = ftransform() + "
                               "u; }\n");
   struct ir_variable *u = ir_shader_find_variable(sh->ir, "u");
   struct ir_variable *mvp =
      ir_shader_find_variable(sh->ir, "gl_ModelViewProjectionMatrix");
   assert_non_null(u);
   assert_non_null(mvp);
   /* Distinct places in the default block. */
   assert_int_not_equal(u->driver_location, mvp->driver_location);
   glsl_shader_destroy(sh);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_builtin_values),
      cmocka_unit_test(test_builtin_out_param),
      cmocka_unit_test(test_sampler_slots),
      cmocka_unit_test(test_frag_data),
      cmocka_unit_test(test_frag_color_var),
      cmocka_unit_test(test_compat_vertex),
      cmocka_unit_test(test_vertex_id),
      cmocka_unit_test(test_geometry_shader),
      cmocka_unit_test(test_struct_uniform),
      cmocka_unit_test(test_ftransform_uniform_layout),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
