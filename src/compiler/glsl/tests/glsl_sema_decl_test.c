/* SPDX-License-Identifier: MIT */

/*
 * Tests of the declaration half of semantic analysis (glsl_sema.c,
 * glsl_symtab.c, glsl_sema_decl*.c, glsl_sema_qual.c, glsl_sema_stmt.c),
 * on source text through glsl_compile_shader().
 *
 * Most cases are rows of one table: a stage, a context (desktop or ES), a
 * shader and either success or an error whose text (and location) must
 * appear in the info log.  Each rule has a row that must fail and one
 * that must pass.  A few cases at the end check what analysis leaves in
 * the shader: the global interface, the functions, layouts, block types.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_compiler.h"

struct row {
   const char *name;
   /** 'v', 'g' or 'f'. */
   char stage;
   bool es;
   const char *src;
   /** NULL: must compile; else a text the log must contain. */
   const char *error;
};

static enum ir_stage
stage_of(char c)
{
   return c == 'v'   ? IR_STAGE_VERTEX
          : c == 'g' ? IR_STAGE_GEOMETRY
                     : IR_STAGE_FRAGMENT;
}

static struct glsl_shader *
compile(char stage, bool es, const char *src)
{
   struct glsl_compile_options o = { .es = es };
   return glsl_compile_shader(stage_of(stage), &src, 1, &o);
}

static void
run_row(void **state)
{
   const struct row *r = *state;
   struct glsl_shader *sh = compile(r->stage, r->es, r->src);
   assert_non_null(sh);
   const char *log = sh->info_log ? sh->info_log : "";
   if (!r->error) {
      if (!sh->ok)
         fprintf(stderr, "unexpected failure:\n%s\n", log);
      assert_true(sh->ok);
   } else {
      if (sh->ok || !strstr(log, r->error))
         fprintf(stderr, "expected \"%s\", log:\n%s\n", r->error, log);
      assert_false(sh->ok);
      assert_non_null(strstr(log, r->error));
   }
   glsl_shader_destroy(sh);
}

#define V    "void main() { gl_Position = vec4(0.0); }\n"
#define F    "void main() { gl_FragColor = vec4(0.0); }\n"
#define F130 "out vec4 c;\nvoid main() { c = vec4(0.0); }\n"
#define GS_HEAD                            \
   "#version 150\nlayout(triangles) in;\n" \
   "layout(triangle_strip, max_vertices = 3) out;\n"

static const struct row rows[] = {
   /* ---- Scopes and names ---- */
   { "redefinition_same_scope", 'v', false, "float x;\nint x;\n" V,
     "0:2(5): error: redefinition of 'x'" },
   { "shadowing_in_inner_scope", 'v', false,
     "float x;\nvoid main() { int x = 1; { float x = 2.0; } "
     "gl_Position = vec4(x); }\n",
     NULL },
   { "struct_and_variable_share_names", 'v', false,
     "struct S { float a; };\nfloat S;\n" V, "redefinition of 'S'" },
   { "initializer_sees_outer_variable", 'v', false,
     "void main() { float x = 1.0; { float x = x + 1.0; "
     "gl_Position = vec4(x); } }\n",
     NULL },
   { "parameter_redeclared_in_body", 'v', false,
     "float f(float a) { float a = 1.0; return a; }\n" V,
     "redefinition of 'a'" },
   { "gl_prefix_reserved", 'v', false, "float gl_x;\n" V,
     "reserved prefix gl_" },

   /* ---- Functions ---- */
   { "main_must_be_void", 'v', false, "int main() { return 0; }\n",
     "main() must be declared as void main()" },
   { "main_with_params", 'v', false, "void main(float x) { }\n",
     "main() must be declared" },
   { "function_redefined", 'v', false,
     "float f() { return 1.0; }\nfloat f() { return 2.0; }\n" V,
     "redefinition of function 'f'" },
   { "prototype_then_definition", 'v', false,
     "float f(float x);\nfloat f(float x) { return x; }\n"
     "void main() { gl_Position = vec4(f(1.0)); }\n",
     NULL },
   { "return_type_mismatch", 'v', false,
     "float f(float x);\nint f(float x) { return 1; }\n" V,
     "different return type" },
   { "param_qualifier_mismatch", 'v', false,
     "void f(in float x);\nvoid f(out float x) { x = 1.0; }\n" V,
     "redeclared as out" },
   { "overload_by_params", 'v', false,
     "float f(float x) { return x; }\nfloat f(int x) { return 1.0; }\n" V,
     NULL },
   { "builtin_hidden_in_110", 'v', false,
     "float sin(float x) { return x; }\n"
     "void main() { gl_Position = vec4(sin(1.0)); }\n",
     NULL },
   { "builtin_redeclared_in_130", 'v', false,
     "#version 130\nfloat sin(float x) { return x; }\n" V,
     "redeclaration or overload of built-in function 'sin'" },
   { "builtin_overloaded_in_es", 'v', true,
     "float sin(int x) { return 1.0; }\n" V, "built-in function 'sin'" },
   { "es100_prototype_twice", 'v', true, "int f(int a);\nint f(int a);\n" V,
     "declared twice" },
   { "function_inside_function", 'v', false,
     "void main() { float f(); gl_Position = vec4(0.0); }\n",
     "inside a function" },
   { "void_parameter", 'v', false, "void f(void x) { }\n" V,
     "parameters cannot be void" },
   { "sampler_return", 'f', false,
     "uniform sampler2D s;\nsampler2D f() { return s; }\n" F,
     "cannot return samplers" },
   { "out_array_param_110", 'v', false, "void f(out float x[2]) { }\n" V,
     "out and inout array parameters need GLSL 1.20" },
   { "out_array_param_120", 'v', false,
     "#version 120\nvoid f(out float x[2]) { x[0] = 1.0; }\n" V, NULL },

   /* ---- Types ---- */
   { "empty_struct", 'v', false, "struct S { };\n" V, "error" },
   { "duplicate_member", 'v', false, "struct S { float a; int a; };\n" V,
     "duplicate structure member 'a'" },
   { "embedded_struct", 'v', false,
     "#version 120\nstruct T { struct { float f; } s; };\n" V,
     "embedded structure definitions" },
   { "member_qualifier", 'v', false,
     "#version 120\nstruct T { invariant vec4 y; };\n" V,
     "only precision qualifiers are allowed on structure members" },
   { "struct_with_precision_member", 'f', true,
     "struct s { lowp float a; };\nvoid main() { gl_FragColor = vec4(0); }\n",
     NULL },
   { "array_size_zero", 'v', false, "float a[0];\n" V,
     "array size must be greater than zero" },
   { "array_size_not_constant", 'v', false, "uniform int n;\nfloat a[n];\n" V,
     "error" },
   { "arrays_of_arrays", 'v', false, "#version 120\nfloat a[2][3];\n" V,
     "arrays of arrays" },
   { "array_type_spec_110", 'v', false, "float[2] a;\n" V,
     "array type specifiers need GLSL 1.20" },
   { "array_type_spec_120", 'v', false, "#version 120\nfloat[2] a;\n" V, NULL },
   { "unsized_then_sized", 'v', false,
     "float a[];\nfloat a[4];\n"
     "void main() { gl_Position = vec4(a[3]); }\n",
     NULL },
   { "rect_sampler_needs_extension", 'f', false,
     "#version 120\nuniform sampler2DArray s;\n" F, "error" },
   { "rect_sampler_with_extension", 'f', false,
     "#version 120\n#extension GL_EXT_texture_array : enable\n"
     "uniform sampler2DArray s;\n" F,
     NULL },
   { "void_variable", 'v', false, "void x;\n" V,
     "variables cannot be declared void" },
   { "sampler_not_uniform", 'f', false, "sampler2D s;\n" F,
     "samplers can only be uniforms" },

   /* ---- Qualifiers ---- */
   { "attribute_in_fragment", 'f', false, "attribute vec4 a;\n" F,
     "attribute is only allowed" },
   { "attribute_bool", 'v', false, "attribute bool a;\n" V,
     "attribute variables must be of a float" },
   { "attribute_local", 'v', false,
     "void main() { attribute vec4 a; gl_Position = vec4(0.0); }\n",
     "attribute is only allowed" },
   { "varying_struct", 'v', false, "struct S { float a; };\nvarying S v;\n" V,
     "varying variables must be" },
   { "varying_int", 'v', false, "varying int v;\n" V,
     "varying variables must be" },
   { "in_global_110", 'v', false, "in vec4 a;\n" V,
     "'in' at global scope needs GLSL 1.30" },
   { "in_local_130", 'v', false,
     "#version 130\nvoid main() { in vec4 a; gl_Position = vec4(0.0); }\n",
     "only allowed at global scope" },
   { "in_global_130", 'v', false,
     "#version 130\nin vec4 a;\nvoid main() { gl_Position = a; }\n", NULL },
   { "flat_int_fragment_input", 'f', false, "#version 130\nin int i;\n" F130,
     "must be qualified flat" },
   { "flat_int_fragment_input_ok", 'f', false,
     "#version 130\nflat in int i;\n" F130, NULL },
   { "es300_int_vertex_output", 'v', true,
     "#version 300 es\nout int i;\nvoid main() { i = 1; "
     "gl_Position = vec4(0.0); }\n",
     "must be qualified flat" },
   { "smooth_on_vertex_input", 'v', false,
     "#version 130\nsmooth in float x;\n" V, "interpolation qualifier" },
   { "smooth_on_vertex_output", 'v', false,
     "#version 130\nsmooth out float x;\n" V, NULL },
   { "smooth_varying", 'f', false, "#version 130\nsmooth varying float x;\n" F,
     "interpolation qualifier" },
   { "centroid_vertex_input", 'v', false,
     "#version 130\ncentroid in vec4 x;\n" V, "centroid is only allowed" },
   { "centroid_varying_120", 'v', false,
     "#version 120\ncentroid varying vec4 x;\n" V, NULL },
   { "duplicate_qualifier", 'v', false,
     "#version 130\nflat flat out int x;\n" V, "duplicate qualifier 'flat'" },
   { "order_invariant_after_interp", 'v', false,
     "#version 130\nsmooth invariant out float x;\n" V, "out of order" },
   { "order_precision_first", 'v', false,
     "#version 130\nhighp smooth out float x;\n" V, "out of order" },
   { "order_full_ok", 'v', false,
     "#version 130\ninvariant smooth centroid out highp float x;\n" V, NULL },
   { "param_const_in_order", 'v', false,
     "#version 130\nfloat f(const in highp float x) { return x; }\n" V, NULL },
   { "param_highp_const", 'v', false,
     "#version 130\nfloat f(highp const float x) { return x; }\n" V,
     "out of order" },
   { "const_out_param", 'v', false, "void f(const out float x) { }\n" V,
     "const parameters cannot be out" },
   { "const_without_initializer", 'v', false, "const float x;\n" V,
     "must be initialized" },
   { "const_nonconstant_initializer", 'v', false,
     "uniform float u;\nconst float x = u;\n" V,
     "must be a constant expression" },
   { "uniform_initializer_110", 'v', false, "uniform float u = 1.0;\n" V,
     "uniforms can only be initialized from GLSL 1.20" },
   { "uniform_initializer_120", 'v', false,
     "#version 120\nuniform float u = 1.0;\n" V, NULL },
   { "es_global_initializer_not_constant", 'v', true,
     "float a = 1.0;\nfloat b = a;\n" V, "must be a constant expression" },
   { "desktop_global_initializer_not_constant", 'v', false,
     "float a = 1.0;\nfloat b = a;\n" V, NULL },
   { "invariant_local", 'v', false,
     "#version 120\nvoid main() { invariant vec4 x; gl_Position = x; }\n",
     "invariant is only allowed" },
   { "invariant_redeclaration_global", 'v', false,
     "#version 120\nvarying vec4 x;\ninvariant x;\ninvariant gl_Position;\n" V,
     NULL },
   { "invariant_redeclaration_local", 'v', false,
     "#version 120\nvarying vec4 x;\nvoid main() { invariant x; "
     "gl_Position = vec4(0.0); }\n",
     "invariant declarations are only" },
   { "invariant_uniform", 'v', false,
     "#version 120\ninvariant uniform vec4 x;\n" V, "invariant is only" },
   { "es300_invariant_all_fragment", 'f', true,
     "#version 300 es\n#pragma STDGL invariant(all)\nvoid main() { }\n",
     "invariant(all)" },
   { "es_invariant_front_facing", 'f', true, "invariant gl_FrontFacing;\n" F,
     "gl_FrontFacing cannot be invariant" },
   { "es_invariant_frag_coord", 'f', true, "invariant gl_FragCoord;\n" F,
     NULL },

   /* ---- GL_APPLE_clip_distance (ESSL 1.00 and 3.00 vertex shaders) ---- */
   { "es100_apple_clip_distance", 'v', true,
     "#extension GL_APPLE_clip_distance : require\n"
     "#ifndef GL_APPLE_clip_distance\n#error no macro\n#endif\n"
     "varying highp float gl_ClipDistance[2];\n"
     "void main() { gl_Position = vec4(0.0);\n"
     "   gl_ClipDistance[1] = float(gl_MaxClipDistances); }\n",
     NULL },
   { "es100_clip_distance_needs_extension", 'v', true,
     "void main() { gl_Position = vec4(0.0); gl_ClipDistance[0] = 1.0; }\n",
     "`gl_ClipDistance' undeclared" },
   { "es100_max_clip_distances_needs_extension", 'v', true,
     "void main() { gl_Position = vec4(float(gl_MaxClipDistances)); }\n",
     "`gl_MaxClipDistances' undeclared" },
   { "es300_apple_clip_distance", 'v', true,
     "#version 300 es\n#extension GL_APPLE_clip_distance : enable\n"
     "out highp float gl_ClipDistance[3];\n"
     "void main() { gl_Position = vec4(0.0); gl_ClipDistance[2] = 1.0; }\n",
     NULL },
   { "es300_apple_clip_distance_too_large", 'v', true,
     "#version 300 es\n#extension GL_APPLE_clip_distance : enable\n"
     "out highp float gl_ClipDistance[gl_MaxClipDistances + 1];\n"
     "void main() { gl_Position = vec4(0.0); }\n",
     "larger than gl_MaxClipDistances" },
   { "es300_apple_clip_distance_index", 'v', true,
     "#version 300 es\n#extension GL_APPLE_clip_distance : enable\n"
     "void main() { gl_Position = vec4(0.0); gl_ClipDistance[8] = 1.0; }\n",
     "out of range" },
   { "es_apple_clip_distance_not_in_fragment", 'f', true,
     "#extension GL_APPLE_clip_distance : enable\n"
     "precision mediump float;\n"
     "void main() { gl_FragColor = vec4(gl_ClipDistance[0]); }\n",
     "`gl_ClipDistance' undeclared" },

   /* ---- Precision ---- */
   { "es_fragment_no_default_precision", 'f', true,
     "void main() { float x = 1.0; gl_FragColor = vec4(x); }\n",
     "no precision specified" },
   { "es_fragment_default_precision", 'f', true,
     "precision mediump float;\n"
     "void main() { float x = 1.0; gl_FragColor = vec4(x); }\n",
     NULL },
   { "es_default_precision_scoped", 'f', true,
     "void main() { { precision mediump float; float x; } float y; "
     "gl_FragColor = vec4(0); }\n",
     "no precision specified" },
   { "es_vertex_has_default_float", 'v', true, "float x;\n" V, NULL },
   { "precision_on_bool", 'f', true,
     "precision mediump float;\nlowp bool b;\n" F,
     "precision qualifiers only apply" },
   { "precision_statement_bool", 'f', true, "precision mediump bool;\n" F,
     "default precision can only be set" },
   { "precision_on_struct", 'f', true,
     "precision mediump float;\nlowp struct s { float a; };\n" F, "error" },
   { "es_return_precision_mismatch", 'f', true,
     "precision mediump float;\nfloat g();\nhighp float g() { return 3.0; }\n"
     "void main() { gl_FragColor = vec4(g()); }\n",
     "different return precision" },
   { "desktop_130_precision_ok", 'f', false,
     "#version 130\nprecision highp float;\nhighp float x;\n" F, NULL },

   /* ---- Layouts ---- */
   { "location_needs_330", 'v', false,
     "#version 150\nlayout(location = 0) in vec4 a;\n" V,
     "explicit locations need GLSL 3.30" },
   { "location_330", 'v', false,
     "#version 330\nlayout(location = 2) in vec4 a;\n"
     "void main() { gl_Position = a; }\n",
     NULL },
   { "location_with_extension", 'v', false,
     "#version 140\n#extension GL_ARB_explicit_attrib_location : enable\n"
     "layout(location = 2) in vec4 a;\nvoid main() { gl_Position = a; }\n",
     NULL },
   { "location_on_vertex_output", 'v', false,
     "#version 330\nlayout(location = 0) out vec4 a;\n" V,
     "only allowed on vertex shader inputs" },
   { "unknown_layout", 'v', false, "#version 330\nlayout(foo) in vec4 a;\n" V,
     "unknown or misplaced layout qualifier 'foo'" },
   { "layout_case_insensitive", 'v', false,
     "#version 330\nlayout(LOCATION = 1) in vec4 a;\n"
     "void main() { gl_Position = a; }\n",
     NULL },
   { "std140_on_plain_uniform", 'v', false,
     "#version 140\nlayout(std140) uniform vec4 u;\n" V,
     "only allowed on uniform blocks" },
   { "index_on_fragment_output", 'f', false,
     "#version 330\nlayout(location = 0, index = 1) out vec4 c;\n"
     "void main() { c = vec4(0.0); }\n",
     NULL },
   { "index_too_large", 'f', false,
     "#version 330\nlayout(location = 0, index = 2) out vec4 c;\n"
     "void main() { c = vec4(0.0); }\n",
     "must be 0 or 1" },
   { "fragcoord_layout", 'f', false,
     "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\n"
     "out vec4 c;\nvoid main() { c = gl_FragCoord; }\n",
     NULL },
   { "fragcoord_layout_needs_150", 'f', false,
     "#version 140\nlayout(origin_upper_left) in vec4 gl_FragCoord;\n" F130,
     "needs a fragment shader with GLSL 1.50" },
   { "fragcoord_redeclared_after_use", 'f', false,
     "#version 150\nvec4 p = gl_FragCoord;\n"
     "layout(origin_upper_left) in vec4 gl_FragCoord;\n" F130,
     "redeclared after its first use" },
   { "fragcoord_conflicting_layouts", 'f', false,
     "#version 150\nlayout(origin_upper_left) in vec4 gl_FragCoord;\n"
     "layout(pixel_center_integer) in vec4 gl_FragCoord;\n" F130,
     "different layout qualifiers" },

   /* ---- Geometry shaders ---- */
   { "gs_layouts_ok", 'g', false,
     GS_HEAD "in vec4 v[];\nvoid main() { gl_Position = v[0]; "
             "EmitVertex(); }\n",
     NULL },
   { "gs_input_not_array", 'g', false, GS_HEAD "in vec4 v;\nvoid main() { }\n",
     "must be arrays" },
   { "gs_input_size_mismatch", 'g', false,
     GS_HEAD "in vec4 v[2];\nvoid main() { }\n", "does not match" },
   { "gs_input_size_before_layout", 'g', false,
     "#version 150\nin vec4 v[2];\nlayout(triangles) in;\n"
     "layout(points, max_vertices = 1) out;\nvoid main() { }\n",
     "do not match the size" },
   { "gs_input_layout_conflict", 'g', false,
     GS_HEAD "layout(lines) in;\nvoid main() { }\n",
     "conflicting geometry shader input" },
   { "gs_in_layout_with_out_prim", 'g', false,
     "#version 150\nlayout(line_strip) in;\nvoid main() { }\n",
     "unknown or misplaced layout qualifier 'line_strip'" },
   { "gs_max_vertices_conflict", 'g', false,
     GS_HEAD "layout(max_vertices = 4) out;\nvoid main() { }\n",
     "conflicting max_vertices" },
   { "gs_max_vertices_limit", 'g', false,
     "#version 150\nlayout(triangles) in;\n"
     "layout(points, max_vertices = 100000) out;\nvoid main() { }\n",
     "exceeds gl_MaxGeometryOutputVertices" },

   /* ---- Interface blocks ---- */
   { "uniform_block_140", 'v', false,
     "#version 140\nuniform B { vec4 a; mat4 m; };\n"
     "void main() { gl_Position = m * a; }\n",
     NULL },
   { "uniform_block_130", 'v', false,
     "#version 130\nuniform B { vec4 a; };\n" V, "uniform blocks need" },
   { "uniform_block_extension", 'v', false,
     "#version 130\n#extension GL_ARB_uniform_buffer_object : enable\n"
     "uniform B { vec4 a; };\nvoid main() { gl_Position = a; }\n",
     NULL },
   { "out_block_140", 'v', false, "#version 140\nout B { vec4 a; } b;\n" V,
     "out blocks need GLSL 1.50" },
   { "in_block_in_vertex", 'v', false, "#version 150\nin B { vec4 a; } b;\n" V,
     "not allowed in this stage" },
   { "block_member_wrong_storage", 'v', false,
     "#version 150\nout B { uniform vec4 a; } b;\n" V,
     "invalid storage qualifier on a member" },
   { "block_member_sampler", 'v', false,
     "#version 150\nuniform B { sampler2D s; };\n" V,
     "samplers are not allowed in interface blocks" },
   { "block_member_initializer", 'v', false,
     "#version 150\nuniform B { float f = 1.0; };\n" V, "error" },
   { "block_struct_definition", 'v', false,
     "#version 150\nout B { struct S { int a; } c; } b;\n" V,
     "structures cannot be defined inside" },
   { "block_name_reused", 'v', false,
     "#version 150\nout blk { vec4 a; } inst;\nvec4 blk;\n" V,
     "already the name of an interface block" },
   { "block_instance_conflict", 'v', false,
     "#version 150\nout b1 { vec4 a; } inst;\nout b2 { vec4 a; } inst;\n" V,
     "redefinition of 'inst'" },
   { "unnamed_block_member_conflict", 'v', false,
     "#version 150\nvec4 a;\nuniform B { vec4 a; };\n" V,
     "redefinition of 'a'" },
   { "block_flat_int_fragment", 'f', false,
     "#version 150\nin IB { int u; };\nout vec4 c;\n"
     "void main() { c = vec4(u); }\n",
     "must be qualified flat" },
   { "uniform_block_array_unsized", 'v', false,
     "#version 150\nuniform B { float a; } blocks[];\n" V,
     "array size must be specified" },
   { "std140_block_ok", 'v', false,
     "#version 140\nlayout(std140, row_major) uniform B { mat4 m; };\n"
     "void main() { gl_Position = m[0]; }\n",
     NULL },

   /* ---- Built-in redeclarations ---- */
   { "texcoord_redeclared", 'v', false,
     "varying vec4 gl_TexCoord[2];\n"
     "void main() { gl_TexCoord[1] = vec4(0.0); gl_Position = vec4(0.0); }\n",
     NULL },
   { "texcoord_wrong_type", 'v', false, "varying vec3 gl_TexCoord[2];\n" V,
     "must keep its type" },
   { "texcoord_as_uniform", 'v', false, "uniform vec4 gl_TexCoord[2];\n" V,
     "must keep its storage" },
   { "clip_distance_too_large", 'v', false,
     "#version 130\nout float gl_ClipDistance[100];\n" V,
     "larger than gl_MaxClipDistances" },
   { "position_not_redeclarable_110", 'v', false, "float gl_FrontFacing;\n" V,
     "reserved prefix" },
   { "pervertex_hides_members", 'v', false,
     "#version 150\nout gl_PerVertex { vec4 gl_Position; };\n"
     "void main() { gl_PointSize = 1.0; }\n",
     "error" },
   { "pervertex_after_use", 'v', false,
     "#version 150\nvoid f() { gl_PointSize = 1.0; }\n"
     "out gl_PerVertex { vec4 gl_Position; };\nvoid main() { }\n",
     "gl_PerVertex redeclared after 'gl_PointSize' was used" },
   { "pervertex_and_member_redeclared", 'v', false,
     "#version 150\nout float gl_ClipDistance[4];\n"
     "out gl_PerVertex { vec4 gl_Position; };\nvoid main() { }\n",
     "after one of its members" },

   { "invariant_fragment_input_150", 'f', false,
     "#version 150\nin vec4 x;\ninvariant x;\nout vec4 c;\n"
     "void main() { c = x; }\n",
     NULL },
   { "es300_invariant_input", 'f', true,
     "#version 300 es\nprecision mediump float;\ninvariant in vec4 x;\n"
     "out vec4 c;\nvoid main() { c = x; }\n",
     "invariant is only" },
   { "es100_invariant_fragcoord", 'f', true,
     "invariant gl_FragCoord;\nvoid main() { gl_FragColor = gl_FragCoord; }\n",
     NULL },
   { "attribute_uvec4_130", 'v', false,
     "#version 130\nattribute uvec4 a;\n"
     "void main() { gl_Position = vec4(a); }\n",
     NULL },
   { "gs_triangles_adjacency", 'g', false,
     "#version 150\nlayout(triangles_adjacency) in;\n"
     "layout(points, max_vertices = 1) out;\nin vec4 v[6];\n"
     "void main() { gl_Position = v[5]; EmitVertex(); }\n",
     NULL },
   { "gs_index_beyond_primitive", 'g', false,
     "#version 150\nin vec4 c[];\nvec4 f() { return c[2]; }\n"
     "layout(lines) in;\nlayout(points, max_vertices = 1) out;\n"
     "void main() { }\n",
     "beyond the input primitive" },
   { "gs_pervertex_in_redeclared", 'g', false,
     GS_HEAD
     "in gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[4]; "
     "} gl_in[];\nvoid main() { float s = 0.0; for (int i = 0; i < 3; "
     "i++) for (int j = 0; j < 4; j++) s += gl_in[i].gl_ClipDistance[j];"
     " gl_Position = vec4(s); EmitVertex(); }\n",
     NULL },
   { "gs_pervertex_in_bad_member", 'g', false,
     GS_HEAD "in gl_PerVertex { vec4 gl_Color; } gl_in[];\nvoid main() { }\n",
     "is not a member of the built-in gl_PerVertex" },
   { "gs_pervertex_in_needs_gl_in", 'g', false,
     GS_HEAD "in gl_PerVertex { vec4 gl_Position; } foo[];\nvoid main() { }\n",
     "must be redeclared as gl_in[]" },
   { "fragment_fragcolor_and_fragdata", 'f', false,
     "void main() { gl_FragColor = vec4(0.0); gl_FragData[0] = vec4(0.0); }\n",
     "cannot write both gl_FragColor and gl_FragData" },
   { "fragment_fragcolor_and_user_output", 'f', false,
     "#version 130\nout vec4 c;\n"
     "void main() { gl_FragColor = vec4(0.0); c = vec4(1.0); }\n",
     "the user-defined output 'c'" },
   { "array_redeclared_with_initializer", 'v', false,
     "#version 120\nvoid main() { float[] a; a[1] = 1.0; "
     "float[] a = float[](2.0, 1.0, 0.0); gl_Position = vec4(a[2]); }\n",
     NULL },
   { "array_redeclared_too_small", 'v', false,
     "#version 120\nfloat x[];\nvoid foo() { x[3] = 2.0; }\n"
     "float x[2];\n" V,
     "index 3 was used" },

   { "layout_value_expression_330", 'v', false,
     "#version 330\nlayout(location = 1 - 1) in vec4 a;\n"
     "void main() { gl_Position = a; }\n",
     "must be an integer literal" },
   { "index_without_location", 'f', false,
     "#version 330\nlayout(index = 0) out vec4 c;\n"
     "void main() { c = vec4(0.0); }\n",
     "needs layout(location)" },
   { "origin_upper_left_on_user_input", 'f', false,
     "#version 150\nlayout(origin_upper_left) in vec4 a;\n" F130,
     "only apply to gl_FragCoord" },
   { "sampler_rect_desktop_110", 'f', false, "uniform sampler2DRect s;\n" F,
     NULL },
   { "pervertex_in_clip_too_large", 'g', false,
     GS_HEAD "in gl_PerVertex { float gl_ClipDistance[100]; } gl_in[];\n"
             "void main() { }\n",
     "larger than gl_MaxClipDistances" },

   /* ---- Statements ---- */
   { "break_outside_loop", 'f', false, "void main() { break; }\n",
     "break outside of a loop or switch" },
   { "continue_outside_loop", 'f', false,
     "#version 130\nvoid main() { switch (1) { case 0: continue; } }\n",
     "continue outside of a loop" },
   { "discard_in_vertex", 'v', false,
     "void main() { discard; gl_Position = vec4(0.0); }\n",
     "discard is only allowed in fragment" },
   { "discard_in_fragment", 'f', false, "void main() { discard; }\n", NULL },
   { "if_condition_not_bool", 'f', false, "void main() { if (1.0) discard; }\n",
     "scalar boolean" },
   { "while_condition_bvec", 'f', false,
     "void main() { while (bvec2(true)) { } }\n", "scalar boolean" },
   { "while_condition_declaration", 'f', false,
     "#version 130\nvoid main() { int i = 0; while (bool b = i < 3) "
     "{ i++; } }\n",
     NULL },
   { "return_value_from_void", 'v', false, "void f() { return 1.0; }\n" V,
     "a void function cannot return a value" },
   { "return_missing_value", 'v', false, "float f() { return; }\n" V,
     "must return one" },
   { "return_int_as_float_110", 'v', false, "float f() { return 1; }\n" V,
     "error" },
   { "return_int_as_float_120", 'v', false,
     "#version 120\nfloat f() { return 1; }\n" V, NULL },
   { "switch_in_120", 'v', false,
     "#version 120\nvoid main() { int i = 0; if (i == 0) { } "
     "gl_Position = vec4(0.0); }\n",
     NULL },
   { "switch_float_selector", 'v', false,
     "#version 130\nvoid main() { switch (1.0) { default: break; } }\n",
     "a switch expression must be a scalar integer" },
   { "switch_duplicate_case", 'v', false,
     "#version 130\nvoid main() { switch (1) { case 1: break; case 1: "
     "break; } }\n",
     "duplicate case label 1" },
   { "switch_duplicate_default", 'v', false,
     "#version 130\nvoid main() { switch (1) { default: break; default: "
     "break; } }\n",
     "duplicate default label" },
   { "switch_case_nonconstant", 'v', false,
     "#version 130\nuniform int u;\nvoid main() { switch (1) { case u: "
     "break; } }\n",
     "error" },
   { "switch_uint_vs_int", 'v', false,
     "#version 130\nvoid main() { uint x = 1u; switch (x) { case 1: break; "
     "} }\n",
     "does not match the switch expression type" },
   { "switch_statement_before_case", 'v', false,
     "#version 130\nvoid main() { switch (1) { int x; case 1: break; } }\n",
     "statement before the first case label" },
   { "switch_empty_end", 'v', false,
     "#version 130\nvoid main() { switch (1) { case 0: } }\n",
     "must be followed by a statement" },
   { "switch_ok", 'v', false,
     "#version 130\nvoid main() { int t = 0; switch (2) { case 0: t = 1; "
     "break; case 1: case 2: t = 2; break; default: t = 3; } "
     "gl_Position = vec4(t); }\n",
     NULL },
   { "case_in_nested_loop", 'v', false,
     "#version 130\nvoid main() { switch (1) { case 0: while (true) { "
     "case 1: break; } } }\n",
     "case label outside of a switch" },

   /* ---- ESSL 1.00 Appendix A loops ---- */
   { "es100_loop_ok", 'v', true,
     "void main() { float s = 0.0; for (int i = 0; i < 4; i++) s += 1.0; "
     "gl_Position = vec4(s); }\n",
     NULL },
   { "es100_loop_no_declaration", 'v', true,
     "void main() { int i; for (i = 0; i < 4; i++) { } "
     "gl_Position = vec4(0.0); }\n",
     "must declare one loop index" },
   { "es100_loop_uniform_bound", 'v', true,
     "uniform int n;\nvoid main() { for (int i = 0; i < n; i++) { } "
     "gl_Position = vec4(0.0); }\n",
     NULL },
   { "es100_loop_condition_not_on_index", 'v', true,
     "uniform int n;\nvoid main() { for (int i = 0; n > 2; i++) { } "
     "gl_Position = vec4(0.0); }\n",
     "loop_index relop expression" },
   { "es100_loop_bad_increment", 'v', true,
     "void main() { for (int i = 0; i < 4; i *= 2) { } "
     "gl_Position = vec4(0.0); }\n",
     "increments must be" },
   { "es100_loop_index_modified", 'v', true,
     "void main() { for (int i = 0; i < 4; i++) { i = 2; } "
     "gl_Position = vec4(0.0); }\n",
     "is modified in the body" },
   { "es100_loop_index_out_param", 'v', true,
     "void f(out int x) { x = 1; }\nvoid main() { for (int i = 0; i < 4; "
     "i++) { f(i); } gl_Position = vec4(0.0); }\n",
     "is modified" },
   { "es300_loop_free_form", 'v', true,
     "#version 300 es\nuniform int n;\nvoid main() { for (int i = 0; i < n; "
     "i *= 2) { } gl_Position = vec4(0.0); }\n",
     NULL },
};

/* ---- What analysis leaves in the shader ---- */

static void
globals_in_order(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile('v', false,
              "#version 150\nuniform float u;\nin vec4 a;\nout vec4 o;\n"
              "float t;\nuniform B { vec4 bm; };\n"
              "void main() { o = a * u + bm; gl_Position = a; }\n");
   assert_true(sh->ok);
   assert_true(sh->num_globals >= 5);
   assert_string_equal(sh->globals[0]->name, "u");
   assert_int_equal(sh->globals[0]->storage, GLSL_STORAGE_UNIFORM);
   assert_string_equal(sh->globals[1]->name, "a");
   assert_int_equal(sh->globals[1]->storage, GLSL_STORAGE_IN);
   assert_string_equal(sh->globals[2]->name, "o");
   assert_int_equal(sh->globals[2]->storage, GLSL_STORAGE_OUT);
   /* The block's variable (named after the block), then gl_Position. */
   assert_string_equal(sh->globals[3]->name, "B");
   assert_int_equal(sh->globals[3]->type->base, IR_TYPE_INTERFACE);
   bool has_position = false;
   for (unsigned i = 0; i < sh->num_globals; i++) {
      assert_string_not_equal(sh->globals[i]->name, "t");
      if (strcmp(sh->globals[i]->name, "gl_Position") == 0)
         has_position = true;
   }
   assert_true(has_position);
   glsl_shader_destroy(sh);
}

static void
functions_and_signatures(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile('v', false,
              "float f(float x);\nfloat f(int x) { return 1.0; }\n"
              "float f(float x) { return x; }\n"
              "void main() { gl_Position = vec4(f(1.0) + f(1)); }\n");
   assert_true(sh->ok);
   assert_int_equal(sh->num_functions, 2);
   const struct glsl_symbol *f = sh->functions[0];
   assert_string_equal(f->name, "f");
   assert_int_equal(f->kind, GLSL_SYM_FUNCTION);
   const struct glsl_function_sig *s1 = f->sigs;
   assert_non_null(s1);
   assert_non_null(s1->next);
   assert_null(s1->next->next);
   assert_non_null(s1->definition);
   assert_non_null(s1->next->definition);
   assert_int_equal(s1->num_params, 1);
   assert_int_equal(s1->params[0]->type->base, IR_TYPE_FLOAT);
   assert_int_equal(s1->next->params[0]->type->base, IR_TYPE_INT);
   assert_string_equal(sh->functions[1]->name, "main");
   glsl_shader_destroy(sh);
}

static void
geometry_layouts(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile('g', false,
              "#version 150\nin vec4 v[];\nlayout(lines_adjacency) in;\n"
              "layout(line_strip, max_vertices = 7) out;\n"
              "void main() { gl_Position = v[3]; EmitVertex(); }\n");
   assert_true(sh->ok);
   assert_int_equal(sh->gs_input_prim, IR_PRIM_LINES_ADJACENCY);
   assert_int_equal(sh->gs_output_prim, IR_PRIM_LINE_STRIP);
   assert_int_equal(sh->gs_max_vertices, 7);
   /* The unsized input was sized by the primitive. */
   assert_string_equal(sh->globals[0]->name, "v");
   assert_int_equal(sh->globals[0]->type->length, 4);
   glsl_shader_destroy(sh);
}

static void
fragcoord_layout_fields(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile('f', false,
              "#version 110\n#extension GL_ARB_fragment_coord_conventions : "
              "enable\nin vec4 gl_FragCoord;\n" F);
   assert_true(sh->ok);
   assert_false(sh->origin_upper_left);
   glsl_shader_destroy(sh);

   sh = compile('f', false,
                "#version 150\nlayout(origin_upper_left, "
                "pixel_center_integer) in vec4 gl_FragCoord;\n" F130);
   assert_true(sh->ok);
   assert_true(sh->origin_upper_left);
   assert_true(sh->pixel_center_integer);
   glsl_shader_destroy(sh);
}

static void
uniform_block_type(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile('v', false,
              "#version 140\nlayout(std140) uniform B { float f; vec3 v; "
              "layout(row_major) mat2 m; } inst;\n"
              "void main() { gl_Position = vec4(inst.v, inst.f); }\n");
   assert_true(sh->ok);
   const struct glsl_symbol *b = sh->globals[0];
   assert_string_equal(b->name, "inst");
   const struct ir_type *t = b->type;
   assert_int_equal(t->base, IR_TYPE_INTERFACE);
   assert_string_equal(t->name, "B");
   assert_int_equal(t->packing, IR_PACKING_STD140);
   assert_int_equal(t->num_fields, 3);
   /* std140: float at 0, vec3 aligned to 16, mat2 (row-major) after. */
   assert_int_equal(t->fields[0].offset, 0);
   assert_int_equal(t->fields[1].offset, 16);
   assert_int_equal(t->fields[2].offset, 32);
   assert_true(t->fields[2].row_major);
   assert_false(t->fields[0].row_major);
   glsl_shader_destroy(sh);
}

static void
symbol_qualifiers(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile('v', false,
              "#version 330\nlayout(location = 3) in vec4 a;\n"
              "flat out int i;\ninvariant centroid out vec4 c;\n"
              "const float k = 2.0;\n"
              "void main() { i = 1; c = a * k; gl_Position = a; }\n");
   assert_true(sh->ok);
   assert_int_equal(sh->globals[0]->location, 3);
   assert_int_equal(sh->globals[1]->interp, IR_INTERP_FLAT);
   assert_true(sh->globals[1]->interp_explicit);
   assert_true(sh->globals[2]->invariant);
   assert_true(sh->globals[2]->centroid);
   glsl_shader_destroy(sh);
}

static void
many_errors_reported(void **state)
{
   (void)state;
   /* Analysis continues after an error: both are reported. */
   struct glsl_shader *sh =
      compile('v', false, "float x;\nint x;\nvoid f() { break; }\n" V);
   assert_false(sh->ok);
   assert_non_null(strstr(sh->info_log, "redefinition of 'x'"));
   assert_non_null(strstr(sh->info_log, "break outside"));
   glsl_shader_destroy(sh);
}

int
main(void)
{
   enum {
      NUM_ROWS = sizeof(rows) / sizeof(rows[0])
   };
   static const struct CMUnitTest extra[] = {
      cmocka_unit_test(globals_in_order),
      cmocka_unit_test(functions_and_signatures),
      cmocka_unit_test(geometry_layouts),
      cmocka_unit_test(fragcoord_layout_fields),
      cmocka_unit_test(uniform_block_type),
      cmocka_unit_test(symbol_qualifiers),
      cmocka_unit_test(many_errors_reported),
   };
   enum {
      NUM_EXTRA = sizeof(extra) / sizeof(extra[0])
   };
   static struct CMUnitTest tests[NUM_ROWS + NUM_EXTRA];
   for (unsigned i = 0; i < NUM_ROWS; i++) {
      tests[i] = (struct CMUnitTest){
         .name = rows[i].name,
         .test_func = run_row,
         .initial_state = (void *)&rows[i],
      };
   }
   for (unsigned i = 0; i < NUM_EXTRA; i++)
      tests[NUM_ROWS + i] = extra[i];
   return _cmocka_run_group_tests("glsl_sema_decl", tests, NUM_ROWS + NUM_EXTRA,
                                  NULL, NULL);
}
