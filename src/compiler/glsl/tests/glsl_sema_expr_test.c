/* SPDX-License-Identifier: MIT */

/*
 * Tests of the expression half of semantic analysis, on source text
 * through glsl_compile_shader().
 *
 * Most cases are rows of one table: a shader, whether it must compile,
 * and for failures a piece of the expected error message.  Each rule of
 * glsl_sema_expr*.c, glsl_sema_call.c and glsl_sema_const.c has a row
 * that must fail and one that must pass.  The remaining cases walk the
 * analysed AST and check the fields sema fills (types, folded constants,
 * inserted conversions, swizzles, field indices, call signatures).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_compiler.h"
#include "util/u_list.h"

struct row {
   const char *name;
   bool es;
   enum ir_stage stage;
   const char *src;
   bool ok;
   /** For failures: a substring of the log (NULL: any error). */
   const char *msg;
};

#define V          IR_STAGE_VERTEX
#define F          IR_STAGE_FRAGMENT
#define MAIN(body) "void main() {\n" body "\n}\n"

static const struct row rows[] = {
   /* Names. */
   { "ident_undeclared", false, V, "#version 120\n" MAIN("float x = y;"), false,
     "undeclared" },
   { "ident_declared", false, V, "#version 120\n" MAIN("float y; float x = y;"),
     true, NULL },
   { "ident_struct_name", false, V,
     "#version 120\nstruct S { float a; };\n" MAIN("float x = S;"), false,
     NULL },

   /* Unary operators. */
   { "neg_bool", false, V, "#version 120\n" MAIN("bool b = -true;"), false,
     "unary" },
   { "neg_vec", false, V, "#version 120\n" MAIN("vec2 v; vec2 w = -v;"), true,
     NULL },
   { "not_int", false, V, "#version 120\n" MAIN("bool b = !1;"), false, NULL },
   { "not_bool", false, V, "#version 120\n" MAIN("bool c; bool b = !c;"), true,
     NULL },
   { "bitnot_120", false, V, "#version 120\n" MAIN("int i = ~1;"), false,
     "1.30" },
   { "bitnot_130", false, V, "#version 130\n" MAIN("int i = ~1;"), true, NULL },
   { "bitnot_float", false, V, "#version 130\n" MAIN("float f = ~1.0;"), false,
     NULL },
   { "inc_const", false, V, "#version 120\n" MAIN("const int i = 1; i++;"),
     false, "const" },
   { "inc_local", false, V, "#version 120\n" MAIN("int i = 1; i++; --i;"), true,
     NULL },
   { "inc_rvalue", false, V, "#version 120\n" MAIN("int i, j; (i + j)++;"),
     false, "l-value" },
   { "inc_bool", false, V, "#version 120\n" MAIN("bool b; b++;"), false, NULL },

   /* Arithmetic. */
   { "add_vec_size", false, V,
     "#version 120\n" MAIN("vec2 a; vec3 b; b = a + b;"), false,
     "invalid operands" },
   { "add_vec_scalar", false, V,
     "#version 120\n" MAIN("vec2 a; vec2 b = a + 1.0; b = 2.0 * b;"), true,
     NULL },
   { "conv_110", false, V, "#version 110\n" MAIN("float f = 1.0 + 1;"), false,
     NULL },
   { "conv_120", false, V, "#version 120\n" MAIN("float f = 1.0 + 1;"), true,
     NULL },
   { "conv_es100", true, V, "#version 100\n" MAIN("float f = 1.0 + 1;"), false,
     NULL },
   { "mat_vec", false, V,
     "#version 120\n" MAIN("mat3 m; vec3 v; vec3 r = m * v;"), true, NULL },
   { "mat_vec_size", false, V, "#version 120\n" MAIN("mat3 m; vec2 v; m * v;"),
     false, NULL },
   { "vec_mat_nonsquare", false, V,
     "#version 120\n" MAIN("mat3x2 m; vec2 v; vec3 r = v * m;"), true, NULL },
   { "mat_mat_nonsquare", false, V,
     "#version 120\n" MAIN("mat2x3 a; mat3x2 b; mat3 c = a * b;"), true, NULL },
   { "mat_mat_bad", false, V,
     "#version 120\n" MAIN("mat2x3 a; mat2x3 b; a * b;"), false, NULL },
   { "mat_add_shape", false, V, "#version 120\n" MAIN("mat2 a; mat3 b; a + b;"),
     false, NULL },
   { "mat_add", false, V, "#version 120\n" MAIN("mat2 a, b; mat2 c = a + b;"),
     true, NULL },
   { "bool_add", false, V, "#version 120\n" MAIN("bool a, b; a + b;"), false,
     NULL },
   { "mod_120", false, V, "#version 120\n" MAIN("int i = 5 % 2;"), false,
     "1.30" },
   { "mod_130", false, V, "#version 130\n" MAIN("int i = 5 % 2;"), true, NULL },
   { "mod_float", false, V, "#version 130\n" MAIN("float f = 5.0 % 2.0;"),
     false, NULL },

   /* Shifts and bitwise operators. */
   { "shift_vec_scalar", false, V,
     "#version 130\n" MAIN("ivec2 v; ivec2 w = v << 1; uint u = 1u >> 2;"),
     true, NULL },
   { "shift_scalar_vec", false, V, "#version 130\n" MAIN("ivec2 v; 1 << v;"),
     false, NULL },
   { "shift_mixed_sign", false, V,
     "#version 130\n" MAIN("int i = 1 << 2u; uvec2 u = uvec2(1u) >> ivec2(1);"),
     true, NULL },
   { "bitand_mixed_sign", false, V, "#version 130\n" MAIN("int i = 1 & 2u;"),
     false, NULL },
   { "bitand_broadcast", false, V,
     "#version 130\n" MAIN("ivec3 v; ivec3 w = v & 1; w = 3 | w;"), true,
     NULL },

   /* Comparisons and logic. */
   { "less_vec", false, V, "#version 120\n" MAIN("vec2 a, b; bool c = a < b;"),
     false, NULL },
   { "less_conv", false, V, "#version 120\n" MAIN("bool c = 1 < 2.0;"), true,
     NULL },
   { "equal_array_110", false, V,
     "#version 110\nuniform float a[2], b[2];\n" MAIN("bool c = a == b;"),
     false, "arrays" },
   { "equal_array_120", false, V,
     "#version 120\nuniform float a[2], b[2];\n" MAIN("bool c = a == b;"), true,
     NULL },
   { "equal_sampler", false, F,
     "#version 120\nuniform sampler2D s, t;\n" MAIN("bool c = s == t;"), false,
     NULL },
   { "equal_vec", false, V,
     "#version 120\n" MAIN("vec3 a, b; bool c = a == b;"), true, NULL },
   { "logic_int", false, V, "#version 120\n" MAIN("bool b = 1 && true;"), false,
     NULL },
   { "logic_xor", false, V,
     "#version 120\n" MAIN("bool a, b; bool c = a ^^ b || a && b;"), true,
     NULL },

   /* ?: and the sequence operator. */
   { "cond_int", false, V, "#version 120\n" MAIN("float f = 1 ? 1.0 : 2.0;"),
     false, "condition" },
   { "cond_conv_120", false, V,
     "#version 120\n" MAIN("bool b; float f = b ? 1 : 2.0;"), true, NULL },
   { "cond_conv_110", false, V,
     "#version 110\n" MAIN("bool b; float f = b ? 1 : 2.0;"), false, NULL },
   { "cond_types", false, V,
     "#version 120\n" MAIN("bool b; vec2 x; vec3 y; b ? x : y;"), false, NULL },
   { "sequence_type", false, V, "#version 110\n" MAIN("float f = (1.0, 2);"),
     false, "cannot convert" },

   /* Swizzles and fields. */
   { "swizzle_range", false, V, "#version 120\n" MAIN("vec3 v; v.xyzw;"), false,
     NULL },
   { "swizzle_mixed", false, V, "#version 120\n" MAIN("vec3 v; v.xg;"), false,
     NULL },
   { "swizzle_long", false, V, "#version 120\n" MAIN("vec4 v; v.xxxxx;"), false,
     NULL },
   { "swizzle_scalar", false, V, "#version 120\n" MAIN("float f; f.x;"), false,
     "4.20" },
   { "swizzle_ok", false, V,
     "#version 120\n" MAIN("vec4 v; vec3 a = v.zyx; vec4 b = v.rgba + v.stpq;"),
     true, NULL },
   { "swizzle_lvalue_repeat", false, V,
     "#version 120\n" MAIN("vec4 v; v.xx = vec2(1.0);"), false, "repeats" },
   { "swizzle_lvalue", false, V,
     "#version 120\n" MAIN("vec4 v; v.yx = vec2(1.0);"), true, NULL },
   { "field_missing", false, V,
     "#version 120\nstruct S { float a; };\n" MAIN("S s; s.b;"), false,
     "no field" },
   { "field_ok", false, V,
     "#version 120\nstruct S { float a; vec2 b; };\n" MAIN("S s; float x = "
                                                           "s.a + s.b.y;"),
     true, NULL },

   /* Indexing. */
   { "index_range", false, V, "#version 120\n" MAIN("float a[3]; a[3];"), false,
     "out of range" },
   { "index_negative", false, V, "#version 120\n" MAIN("float a[3]; a[-1];"),
     false, "negative" },
   { "index_float", false, V, "#version 120\n" MAIN("float a[3]; a[1.0];"),
     false, NULL },
   { "index_scalar", false, V, "#version 120\n" MAIN("float f; f[0];"), false,
     NULL },
   { "index_matrix_range", false, V, "#version 120\n" MAIN("mat2 m; m[2];"),
     false, NULL },
   { "index_ok", false, V,
     "#version 130\n" MAIN("int i; float a[3]; mat2 m; vec3 v; float x = "
                           "a[i] + m[1][i] + v[2] + a[2u];"),
     true, NULL },
   { "implicit_size_const", false, V,
     "#version 120\nfloat a[];\n" MAIN("a[5] = 1.0; a[2] = 2.0;"), true, NULL },
   { "implicit_size_nonconst", false, V,
     "#version 120\nfloat a[];\nuniform int i;\n" MAIN("a[i] = 1.0;"), false,
     "constant" },
   { "implicit_size_length", false, V,
     "#version 120\nfloat a[];\n" MAIN("a[1] = 0.0; int n = a.length();"),
     false, NULL },
   { "clip_distance_max", false, V,
     "#version 130\n" MAIN("gl_Position = vec4(0.0);"
                           " gl_ClipDistance[gl_MaxClipDistances] = 1.0;"),
     false, NULL },
   { "clip_distance_ok", false, V,
     "#version 130\n" MAIN("gl_Position = vec4(0.0);"
                           " gl_ClipDistance[gl_MaxClipDistances - 1] = 1.0;"),
     true, NULL },
   { "gs_clip_distance_member_max", false, IR_STAGE_GEOMETRY,
     "#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 1) "
     "out;\n" MAIN("gl_Position = vec4(gl_in[0].gl_ClipDistance["
                   "gl_MaxClipDistances]); EmitVertex();"),
     false, "out of range" },
   { "gs_clip_distance_member_ok", false, IR_STAGE_GEOMETRY,
     "#version 150\nlayout(triangles) in;\nlayout(points, max_vertices = 1) "
     "out;\n" MAIN("gl_Position = vec4(gl_in[0].gl_ClipDistance["
                   "gl_MaxClipDistances - 1]); EmitVertex();"),
     true, NULL },
   { "gs_input_nonconst_index", false, IR_STAGE_GEOMETRY,
     "#version 150\nlayout(points, max_vertices = 1) out;\nin vec4 c[];\n"
     "uniform int i;\n" MAIN("gl_Position = c[i] + gl_in[i].gl_Position; "
                             "EmitVertex();"),
     true, NULL },
   { "gs_input_length_unsized", false, IR_STAGE_GEOMETRY,
     "#version 150\nlayout(points, max_vertices = 1) out;\nin vec4 c[];\n" MAIN(
        "gl_Position = vec4(c.length()); EmitVertex();"),
     false, "implicitly sized" },
   { "sampler_array_nonconst", false, F,
     "#version 130\nuniform sampler2D s[2];\nuniform int i;\n" MAIN(
        "gl_FragColor = texture(s[i], vec2(0.0));"),
     false, "sampler" },
   { "sampler_array_const", false, F,
     "#version 130\nuniform sampler2D s[2];\n" MAIN(
        "gl_FragColor = texture(s[1], vec2(0.0));"),
     true, NULL },

   /* length(). */
   { "length_ok", false, V,
     "#version 120\n" MAIN("float a[3]; float b[a.length()]; b[2] = 1.0;"),
     true, NULL },
   { "length_110", false, V, "#version 110\n" MAIN("float a[3]; a.length();"),
     false, NULL },
   { "length_vector", false, V, "#version 120\n" MAIN("vec3 v; v.length();"),
     false, "not an array" },

   /* L-values. */
   { "assign_uniform", false, V,
     "#version 120\nuniform float u;\n" MAIN("u = 1.0;"), false, "uniform" },
   { "assign_const", false, V,
     "#version 120\n" MAIN("const float c = 1.0; c = 2.0;"), false, "const" },
   { "assign_attribute", false, V,
     "#version 120\nattribute vec4 p;\n" MAIN("p = vec4(0.0);"), false,
     "input" },
   { "assign_varying_frag", false, F,
     "#version 120\nvarying vec4 v;\n" MAIN("v = vec4(0.0);"), false, NULL },
   { "assign_varying_vert", false, V,
     "#version 120\nvarying vec4 v;\n" MAIN("v = vec4(0.0);"), true, NULL },
   { "assign_fragcoord", false, F,
     "#version 120\n" MAIN("gl_FragCoord = vec4(0.0);"), false, NULL },
   { "assign_frontfacing", false, F,
     "#version 120\n" MAIN("gl_FrontFacing = true;"), false, NULL },
   { "assign_call", false, V,
     "#version 120\nfloat f() { return 1.0; }\n" MAIN("f() = 2.0;"), false,
     "l-value" },

   /* Assignments. */
   { "assign_int_float", false, V, "#version 120\n" MAIN("int i = 1.0;"), false,
     "cannot convert" },
   { "assign_float_int_110", false, V, "#version 110\n" MAIN("float f = 1;"),
     false, NULL },
   { "assign_uint_int", false, V, "#version 130\n" MAIN("int x = 5u;"), false,
     NULL },
   { "assign_float_uint", false, V, "#version 130\n" MAIN("float x = 5u;"),
     true, NULL },
   { "assign_array_110", false, V,
     "#version 110\n" MAIN("float a[2]; float b[2]; a = b;"), false, NULL },
   { "assign_array_120", false, V,
     "#version 120\n" MAIN("float a[2]; float b[2]; a = b;"), true, NULL },
   { "compound_int_float", false, V,
     "#version 120\n" MAIN("int i = 0; i += 1.0;"), false, NULL },
   { "compound_float_int", false, V,
     "#version 120\n" MAIN("float f = 0.0; f += 1; f *= 2;"), true, NULL },
   { "compound_vec_mat", false, V,
     "#version 120\n" MAIN("vec3 v; v *= mat3(1.0);"), true, NULL },
   { "compound_mat_vec", false, V,
     "#version 120\n" MAIN("mat3 m; m *= vec3(1.0);"), false, NULL },

   /* Constructors. */
   { "ctor_too_few", false, V, "#version 120\n" MAIN("vec4(1.0, 2.0);"), false,
     "too few" },
   { "ctor_too_many", false, V, "#version 120\n" MAIN("vec2(1.0, 2.0, 3.0);"),
     false, "too many" },
   { "ctor_unused_arg", false, V,
     "#version 120\n" MAIN("vec2(vec2(1.0), 1.0);"), false, "too many" },
   { "ctor_vectors", false, V,
     "#version 120\n" MAIN("vec4 a = vec4(vec3(1.0), 1.0); vec3 b = "
                           "vec3(vec4(1.0)); float c = float(vec2(1.0)); "
                           "bool d = bool(1.0); ivec2 e = ivec2(true, 2.5);"),
     true, NULL },
   { "ctor_matrix", false, V,
     "#version 120\n" MAIN("mat2 a = mat2(1.0); mat2 b = mat2(vec4(1.0)); "
                           "mat2 c = mat2(vec2(1.0), 1.0, 2.0);"),
     true, NULL },
   { "ctor_mat_from_mat_120", false, V,
     "#version 120\n" MAIN("mat3 m = mat3(mat2(1.0));"), true, NULL },
   { "ctor_mat_from_mat_110", false, V,
     "#version 110\n" MAIN("mat3 m = mat3(mat2(1.0));"), false, NULL },
   { "ctor_mat_mixed", false, V, "#version 120\n" MAIN("mat2(mat2(1.0), 1.0);"),
     false, "only argument" },
   { "ctor_empty", false, V, "#version 120\n" MAIN("vec4();"), false, NULL },
   { "ctor_sampler", false, F, "#version 120\n" MAIN("sampler2D(1);"), false,
     NULL },
   { "ctor_struct", false, V,
     "#version 120\nstruct S { float a; int b; };\n" MAIN("S s = S(1, 2);"),
     true, NULL },
   { "ctor_struct_count", false, V,
     "#version 120\nstruct S { float a; int b; };\n" MAIN("S s = S(1.0);"),
     false, NULL },
   { "ctor_struct_type", false, V,
     "#version 120\nstruct S { float a; int b; };\n" MAIN("S(1.0, 2.0);"),
     false, "cannot convert" },
   { "ctor_array_110", false, V, "#version 110\n" MAIN("float[2](1.0, 2.0);"),
     false, NULL },
   { "ctor_array_120", false, V,
     "#version 120\n" MAIN("float a[2] = float[2](1.0, 2.0); "
                           "float b[] = float[](1.0, 2.0, 3.0); b[2] = a[1];"),
     true, NULL },
   { "ctor_array_count", false, V, "#version 120\n" MAIN("float[3](1.0, 2.0);"),
     false, NULL },
   { "ctor_array_es100", true, V,
     "#version 100\n" MAIN("float a = float[2](1.0, 2.0)[0];"), false, NULL },
   { "ctor_array_es300", true, V,
     "#version 300 es\n" MAIN("float a = float[2](1.0, 2.0)[0];"), true, NULL },

   /* Calls. */
   { "call_conv_120", false, V,
     "#version 120\nfloat f(float x) { return x; }\n" MAIN("f(1);"), true,
     NULL },
   { "call_conv_110", false, V,
     "#version 110\nfloat f(float x) { return x; }\n" MAIN("f(1);"), false,
     "no matching" },
   { "call_ambiguous", false, V,
     "#version 120\nvoid f(float a, int b) {}\nvoid f(int a, float b) "
     "{}\n" MAIN("f(1, 1);"),
     false, "ambiguous" },
   { "call_exact_wins", false, V,
     "#version 120\nvoid f(float a, int b) {}\nvoid f(int a, float b) {}\n"
     "void f(int a, int b) {}\n" MAIN("f(1, 1);"),
     true, NULL },
   { "call_out_rvalue", false, V,
     "#version 120\nvoid f(out float x) { x = 1.0; }\n" MAIN("f(2.0);"), false,
     "l-value" },
   { "call_out_uniform", false, V,
     "#version 120\nuniform float u;\nvoid f(inout float x) {}\n" MAIN("f(u);"),
     false, "uniform" },
   { "call_out_ok", false, V,
     "#version 120\nvoid f(out float x) { x = 1.0; }\n" MAIN("float y; f(y);"),
     true, NULL },
   { "call_undefined", false, V, "#version 120\n" MAIN("g(1.0);"), false,
     NULL },
   { "call_variable", false, V, "#version 120\n" MAIN("float g; g(1.0);"),
     false, "not a function" },
   { "call_builtin", false, V,
     "#version 120\n" MAIN("float a = sin(1.0); float b = sin(1);"), true,
     NULL },
   { "call_builtin_110", false, V, "#version 110\n" MAIN("float b = sin(1);"),
     false, NULL },
   { "call_builtin_bad", false, V, "#version 120\n" MAIN("sin(true);"), false,
     NULL },
   { "recursion_direct", false, V,
     "#version 120\nfloat f(float x) { return f(x); }\n" MAIN("f(1.0);"), false,
     "recursi" },
   { "recursion_indirect", false, V,
     "#version 120\nfloat g(float x);\nfloat f(float x) { return g(x); }\n"
     "float g(float x) { return f(x); }\n" MAIN("f(1.0);"),
     false, "recursi" },
   { "recursion_none", false, V,
     "#version 120\nfloat g(float x);\nfloat f(float x) { return g(x) + "
     "g(x); }\nfloat g(float x) { return x; }\n" MAIN("f(1.0);"),
     true, NULL },

   /* Whole uses of implicitly sized arrays, ?: on arrays. */
   { "implicit_whole_equal", false, V,
     "#version 120\nfloat a[];\nfloat b[2];\n" MAIN("a[1] = 1.0; a == b;"),
     false, "as a whole" },
   { "implicit_whole_arg", false, V,
     "#version 120\nfloat a[];\nvoid f(float x[2]) {}\n" MAIN("a[1] = 1.0; "
                                                              "f(a);"),
     false, "as a whole" },
   { "sized_whole_arg", false, V,
     "#version 120\nfloat a[2];\nvoid f(float x[2]) {}\n" MAIN("f(a);"), true,
     NULL },
   { "cond_array_110", false, V,
     "#version 110\nuniform float a[2], b[2];\n" MAIN("bool c; float x = (c ? "
                                                      "a : b)[0];"),
     false, "arrays" },
   { "cond_array_120", false, V,
     "#version 120\nuniform float a[2], b[2];\n" MAIN("bool c; float x = (c ? "
                                                      "a : b)[0];"),
     true, NULL },

   /* Samplers and parameters as l-values. */
   { "assign_sampler", false, F,
     "#version 120\nuniform sampler2D s;\nvoid f(sampler2D t) { t = s; "
     "}\n" MAIN(""),
     false, "sampler" },
   { "assign_in_param", false, V,
     "#version 120\nvoid f(in float x) { x = 1.0; }\n" MAIN("f(2.0);"), true,
     NULL },
   { "assign_const_param", false, V,
     "#version 120\nvoid f(const in float x) { x = 1.0; }\n" MAIN("f(2.0);"),
     false, NULL },

   /* Uniform block arrays, texture offsets, void arguments. */
   { "ubo_array_nonconst", false, V,
     "#version 150\nuniform B { vec4 v; } b[2];\nuniform int i;\n" MAIN(
        "gl_Position = b[i].v;"),
     false, "uniform blocks" },
   { "ubo_array_const", false, V,
     "#version 150\nuniform B { vec4 v; } b[2];\n" MAIN(
        "gl_Position = b[1].v;"),
     true, NULL },
   { "offset_nonconst", false, F,
     "#version 130\nuniform sampler2D s;\nuniform ivec2 o;\n" MAIN(
        "gl_FragColor = textureOffset(s, vec2(0.0), o);"),
     false, "offset" },
   { "offset_const", false, F,
     "#version 130\nuniform sampler2D s;\n" MAIN(
        "gl_FragColor = textureOffset(s, vec2(0.0), ivec2(1, -1));"),
     true, NULL },
   { "ctor_void_arg", false, V,
     "#version 120\nvoid g() {}\n" MAIN("vec2 v = vec2(g());"), false, "void" },
   { "equal_struct", false, V,
     "#version 120\nstruct S { float a; vec2 b; };\n" MAIN(
        "S x, y; bool c = x == y;"),
     true, NULL },

   /* Constant expressions. */
   { "const_fold_size", false, V,
     "#version 120\n" MAIN("float a[2 + 3]; a[4] = 1.0;"), true, NULL },
   { "const_fold_size_range", false, V,
     "#version 120\n" MAIN("float a[2 + 3]; a[5] = 1.0;"), false,
     "out of range" },
   { "const_var", false, V,
     "#version 120\n" MAIN("const float c = 2.0 * 3.0; float a[int(c)]; "
                           "a[5] = 1.0;"),
     true, NULL },
   { "const_cond", false, V,
     "#version 120\n" MAIN("float a[true ? 2 : 3]; a[2] = 1.0;"), false,
     "out of range" },
   { "const_swizzle", false, V,
     "#version 120\n" MAIN("const vec3 v = vec3(1.0, 2.0, 3.0); "
                           "float a[int(v.z)]; a[2] = 1.0;"),
     true, NULL },
   { "const_matrix_index", false, V,
     "#version 120\n" MAIN("const mat2 m = mat2(1.0, 2.0, 3.0, 4.0); "
                           "float a[int(m[1][1])]; a[4] = 1.0;"),
     false, "out of range" },
   { "const_matrix_product", false, V,
     "#version 120\n" MAIN("float a[int((mat2(1.0, 2.0, 3.0, 4.0) * "
                           "vec2(1.0))[1])]; a[5] = 1.0;"),
     true, NULL },
   { "const_matrix_product_range", false, V,
     "#version 120\n" MAIN("float a[int((mat2(1.0, 2.0, 3.0, 4.0) * "
                           "vec2(1.0))[1])]; a[6] = 1.0;"),
     false, "out of range" },
   { "const_struct_field", false, V,
     "#version 120\nstruct S { int n; float f; };\n" MAIN(
        "const S s = S(3, 1.0); float a[s.n]; a[2] = 1.0;"),
     true, NULL },
   { "const_uniform", false, V,
     "#version 120\nuniform int n;\n" MAIN("float a[n];"), false, NULL },
   { "const_shift_mod", false, V,
     "#version 130\n" MAIN("float a[(1 << 3) % 5]; a[2] = 1.0;"), true, NULL },
   { "const_div_zero", false, V, "#version 130\n" MAIN("int x = 1 / 0;"), true,
     NULL },
   { "const_builtin", false, V,
     "#version 120\n" MAIN("float a[int(abs(-2.0))]; a[1] = 1.0;"), true,
     NULL },
   { "init_list", false, V, "#version 330\n" MAIN("float a[2] = {1.0, 2.0};"),
     false, "4.20" },
};

static struct glsl_shader *
compile(bool es, enum ir_stage stage, const char *src)
{
   struct glsl_compile_options o = {
      .max_version = es ? 300 : 330,
      .es = es,
      .context_profile = GLSL_PROFILE_COMPAT,
   };
   return glsl_compile_shader(stage, &src, 1, &o);
}

static void
run_row(void **state)
{
   const struct row *r = *state;
   struct glsl_shader *sh = compile(r->es, r->stage, r->src);
   assert_non_null(sh);
   const char *log = sh->info_log ? sh->info_log : "";
   if (sh->ok != r->ok || (!r->ok && r->msg && !strstr(log, r->msg)))
      fprintf(stderr, "# %s: expected %s%s%s\n# source:\n%s# log:\n%s\n",
              r->name, r->ok ? "success" : "failure", r->msg ? " with " : "",
              r->msg ? r->msg : "", r->src, log);
   assert_int_equal(sh->ok, r->ok);
   if (!r->ok && r->msg)
      assert_non_null(strstr(log, r->msg));
   glsl_shader_destroy(sh);
}

/* ---- AST field checks ---- */

static struct glsl_ast_node *
find_main_body(struct glsl_shader *sh)
{
   u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
      if (n->kind == GLSL_AST_FUNCTION && n->decl.func.body &&
          strcmp(n->decl.func.name, "main") == 0)
         return n->decl.func.body;
   }
   return NULL;
}

/* The initializer of local variable @p name in main. */
static struct glsl_ast_node *
find_init(struct glsl_shader *sh, const char *name)
{
   struct glsl_ast_node *body = find_main_body(sh);
   assert_non_null(body);
   u_list_foreach (struct glsl_ast_node, st, &body->stmt.body, link) {
      if (st->kind != GLSL_AST_DECL_STMT)
         continue;
      struct glsl_ast_node *d = st->stmt.decl;
      for (unsigned i = 0; i < d->decl.num_declarators; i++) {
         if (strcmp(d->decl.declarators[i].name, name) == 0)
            return d->decl.declarators[i].initializer;
      }
   }
   fail_msg("no variable %s in main", name);
   return NULL;
}

static struct glsl_shader *
compile_ok(const char *src)
{
   struct glsl_shader *sh = compile(false, IR_STAGE_VERTEX, src);
   assert_non_null(sh);
   if (!sh->ok)
      fprintf(stderr, "# log:\n%s\n", sh->info_log ? sh->info_log : "");
   assert_true(sh->ok);
   return sh;
}

static void
convert_inserted(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile_ok("#version 120\n" MAIN("int i; float f = 1.5 + i; "
                                       "float g = 1.5 + 2;"));
   struct glsl_ast_node *f = find_init(sh, "f");
   assert_int_equal(f->kind, GLSL_AST_BINARY);
   assert_ptr_equal(f->expr.type, ir_type_get_scalar(IR_TYPE_FLOAT));
   assert_null(f->expr.constant);
   struct glsl_ast_node *conv = f->expr.operands[1];
   assert_int_equal(conv->kind, GLSL_AST_CONVERT);
   assert_ptr_equal(conv->expr.type, ir_type_get_scalar(IR_TYPE_FLOAT));
   assert_int_equal(conv->expr.operands[0]->kind, GLSL_AST_IDENTIFIER);
   assert_ptr_equal(conv->expr.operands[0]->expr.type,
                    ir_type_get_scalar(IR_TYPE_INT));

   struct glsl_ast_node *g = find_init(sh, "g");
   assert_int_equal(g->expr.operands[1]->kind, GLSL_AST_CONVERT);
   assert_non_null(g->expr.operands[1]->expr.constant);
   assert_true(g->expr.operands[1]->expr.constant->values[0].f32 == 2.0f);
   assert_non_null(g->expr.constant);
   assert_true(g->expr.constant->values[0].f32 == 3.5f);
   glsl_shader_destroy(sh);
}

static void
initializer_convert(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile_ok("#version 120\n" MAIN("ivec2 iv; vec2 v = iv;"));
   struct glsl_ast_node *v = find_init(sh, "v");
   assert_int_equal(v->kind, GLSL_AST_CONVERT);
   assert_ptr_equal(v->expr.type, ir_type_get_vector(IR_TYPE_FLOAT, 2));
   glsl_shader_destroy(sh);
}

static void
conversions_in_calls_and_ctors(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile_ok(
      "#version 120\nstruct S { float a; vec2 b; };\nfloat f(float x) { "
      "return x; }\n" MAIN("int i; ivec2 j; bool c; float a = f(i); "
                           "S s = S(i, j); float b = c ? i : 2.0;"));
   struct glsl_ast_node *a = find_init(sh, "a");
   assert_int_equal(a->kind, GLSL_AST_CALL);
   assert_int_equal(a->call.args[0]->kind, GLSL_AST_CONVERT);
   struct glsl_ast_node *s = find_init(sh, "s");
   assert_int_equal(s->call.args[0]->kind, GLSL_AST_CONVERT);
   assert_int_equal(s->call.args[1]->kind, GLSL_AST_CONVERT);
   assert_ptr_equal(s->call.args[1]->expr.type,
                    ir_type_get_vector(IR_TYPE_FLOAT, 2));
   assert_true(ir_type_is_struct(s->expr.type));
   struct glsl_ast_node *b = find_init(sh, "b");
   assert_int_equal(b->kind, GLSL_AST_CONDITIONAL);
   assert_int_equal(b->expr.operands[1]->kind, GLSL_AST_CONVERT);
   assert_int_equal(b->expr.operands[2]->kind, GLSL_AST_FLOAT_CONSTANT);
   glsl_shader_destroy(sh);
}

static void
swizzle_fields(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile_ok("#version 120\n" MAIN("const vec4 v = vec4(1.0, 2.0, 3.0, "
                                       "4.0); vec2 s = v.wy;"));
   struct glsl_ast_node *s = find_init(sh, "s");
   assert_int_equal(s->kind, GLSL_AST_FIELD);
   assert_int_equal(s->expr.field_index, -1);
   assert_int_equal(s->expr.num_swizzle, 2);
   assert_int_equal(s->expr.swizzle[0], 3);
   assert_int_equal(s->expr.swizzle[1], 1);
   assert_ptr_equal(s->expr.type, ir_type_get_vector(IR_TYPE_FLOAT, 2));
   assert_non_null(s->expr.constant);
   assert_true(s->expr.constant->values[0].f32 == 4.0f);
   assert_true(s->expr.constant->values[1].f32 == 2.0f);
   glsl_shader_destroy(sh);
}

static void
struct_field_index(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile_ok("#version 120\nstruct S { float a; ivec3 b; };\n" MAIN(
         "S s; ivec3 x = s.b;"));
   struct glsl_ast_node *x = find_init(sh, "x");
   assert_int_equal(x->kind, GLSL_AST_FIELD);
   assert_int_equal(x->expr.field_index, 1);
   assert_ptr_equal(x->expr.type, ir_type_get_vector(IR_TYPE_INT, 3));
   glsl_shader_destroy(sh);
}

static void
matrix_product_types(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile_ok(
      "#version 120\n" MAIN("mat3x2 m; vec3 v; vec2 a = m * v; "
                            "mat2x3 n; mat2 b = m * n; vec3 c = vec2(1.0) * m;"
                            " bool d = m == m;"));
   assert_ptr_equal(find_init(sh, "a")->expr.type,
                    ir_type_get_vector(IR_TYPE_FLOAT, 2));
   assert_ptr_equal(find_init(sh, "b")->expr.type,
                    ir_type_get_matrix(IR_TYPE_FLOAT, 2, 2));
   assert_ptr_equal(find_init(sh, "c")->expr.type,
                    ir_type_get_vector(IR_TYPE_FLOAT, 3));
   assert_ptr_equal(find_init(sh, "d")->expr.type,
                    ir_type_get_scalar(IR_TYPE_BOOL));
   glsl_shader_destroy(sh);
}

static void
call_signatures(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile_ok(
      "#version 120\nint f(float x) { return 1; }\nint f(int x) { return 2; "
      "}\n" MAIN("int a = f(1); int b = f(1.0); float c = max(1.0, 2.0);"));
   struct glsl_ast_node *a = find_init(sh, "a"), *b = find_init(sh, "b");
   assert_int_equal(a->kind, GLSL_AST_CALL);
   assert_non_null(a->call.sig);
   assert_non_null(b->call.sig);
   assert_ptr_not_equal(a->call.sig, b->call.sig);
   assert_ptr_equal(a->call.sig->params[0]->type,
                    ir_type_get_scalar(IR_TYPE_INT));
   assert_ptr_equal(b->call.sig->params[0]->type,
                    ir_type_get_scalar(IR_TYPE_FLOAT));
   assert_true(a->call.sig->called);
   assert_null(a->expr.constant);
   struct glsl_ast_node *c = find_init(sh, "c");
   assert_non_null(c->call.sig);
   assert_true(c->call.sig->is_builtin);
   glsl_shader_destroy(sh);
}

static void
constructor_constants(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile_ok(
      "#version 120\n" MAIN("mat3 m = mat3(2.0); mat3 n = mat3(mat2(1.0, 2.0, "
                            "3.0, 4.0)); ivec3 i = ivec3(vec2(1.5, -2.5), "
                            "true); bvec2 b = bvec2(0.0, 3);"));
   const struct ir_constant *m = find_init(sh, "m")->expr.constant;
   assert_non_null(m);
   assert_true(m->values[0].f32 == 2.0f && m->values[1].f32 == 0.0f &&
               m->values[4].f32 == 2.0f && m->values[8].f32 == 2.0f);
   const struct ir_constant *n = find_init(sh, "n")->expr.constant;
   assert_non_null(n);
   /* Columns (1, 2, 0), (3, 4, 0), (0, 0, 1). */
   assert_true(n->values[0].f32 == 1.0f && n->values[1].f32 == 2.0f &&
               n->values[2].f32 == 0.0f && n->values[3].f32 == 3.0f &&
               n->values[4].f32 == 4.0f && n->values[8].f32 == 1.0f);
   const struct ir_constant *i = find_init(sh, "i")->expr.constant;
   assert_non_null(i);
   assert_int_equal(i->values[0].i32, 1);
   assert_int_equal(i->values[1].i32, -2);
   assert_int_equal(i->values[2].i32, 1);
   const struct ir_constant *b = find_init(sh, "b")->expr.constant;
   assert_non_null(b);
   assert_false(b->values[0].b);
   assert_true(b->values[1].b);
   glsl_shader_destroy(sh);
}

static void
integer_folding(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile_ok(
      "#version 130\n" MAIN("int a = -7 / 2; int b = 7 % 3; uint c = 1u << "
                            "31u; int d = -8 >> 1; int e = ~5 ^ 3; "
                            "bool f = 2u > 1u && !(1.0 >= 2.0);"));
   assert_int_equal(find_init(sh, "a")->expr.constant->values[0].i32, -3);
   assert_int_equal(find_init(sh, "b")->expr.constant->values[0].i32, 1);
   assert_int_equal(find_init(sh, "c")->expr.constant->values[0].u32,
                    0x80000000u);
   assert_int_equal(find_init(sh, "d")->expr.constant->values[0].i32, -4);
   assert_int_equal(find_init(sh, "e")->expr.constant->values[0].i32, ~5 ^ 3);
   assert_true(find_init(sh, "f")->expr.constant->values[0].b);
   glsl_shader_destroy(sh);
}

static void
division_by_zero_warns(void **state)
{
   (void)state;
   struct glsl_shader *sh = compile_ok("#version 130\n" MAIN("int x = 1 % 0;"));
   assert_non_null(sh->info_log);
   assert_non_null(strstr(sh->info_log, "warning"));
   assert_non_null(find_init(sh, "x")->expr.constant);
   glsl_shader_destroy(sh);
}

static void
implicit_array_grows(void **state)
{
   (void)state;
   struct glsl_shader *sh =
      compile_ok("#version 120\nfloat a[];\n" MAIN("a[3] = 1.0; a[1] = 2.0;"));
   struct glsl_symbol *sym = NULL;
   u_list_foreach (struct glsl_ast_node, n, &sh->ast->decls, link) {
      if (n->kind == GLSL_AST_VARIABLE_DECL && n->decl.num_declarators)
         sym = n->decl.declarators[0].symbol;
   }
   assert_non_null(sym);
   assert_true(ir_type_is_array(sym->type));
   assert_int_equal(sym->type->length, 4);
   glsl_shader_destroy(sh);
}

int
main(void)
{
   size_t nrows = sizeof(rows) / sizeof(rows[0]);
   static const struct CMUnitTest fixed[] = {
      cmocka_unit_test(convert_inserted),
      cmocka_unit_test(initializer_convert),
      cmocka_unit_test(conversions_in_calls_and_ctors),
      cmocka_unit_test(swizzle_fields),
      cmocka_unit_test(struct_field_index),
      cmocka_unit_test(matrix_product_types),
      cmocka_unit_test(call_signatures),
      cmocka_unit_test(constructor_constants),
      cmocka_unit_test(integer_folding),
      cmocka_unit_test(division_by_zero_warns),
      cmocka_unit_test(implicit_array_grows),
   };
   size_t nfixed = sizeof(fixed) / sizeof(fixed[0]);
   struct CMUnitTest *tests = calloc(nrows + nfixed, sizeof(*tests));
   if (!tests)
      return 1;
   for (size_t i = 0; i < nrows; i++) {
      tests[i].name = rows[i].name;
      tests[i].test_func = run_row;
      tests[i].initial_state = (void *)&rows[i];
   }
   for (size_t i = 0; i < nfixed; i++)
      tests[nrows + i] = fixed[i];
   int ret = _cmocka_run_group_tests("glsl_sema_expr", tests, nrows + nfixed,
                                     NULL, NULL);
   free(tests);
   return ret;
}
