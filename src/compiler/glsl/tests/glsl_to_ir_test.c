/* SPDX-License-Identifier: MIT */

/*
 * Translation to IR, expressions: arithmetic, conversions, swizzles,
 * vector and matrix operations, constructors, comparisons and logic,
 * increments and assignments, arrays, structs, uniforms and built-in
 * variables.  Each shader runs in the interpreter (glsl_to_ir_test_util.h)
 * and its outputs are checked.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_to_ir_test_util.h"

static void
test_float_arith(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.5f, 2.0f, 3.0f, 8.0f);
   set4(in.in[1], 0.5f, 4.0f, 1.0f, 2.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; in vec4 b; out vec4 o;\n"
       "void main() { o = vec4(a.x + b.y, a.y * b.w, a.z - b.z, a.w / b.w) - "
       "b * 0.0 + -(-a) * 0.0; }\n",
       &in, &o);
   ASSERT_OUT4(&o, 5.5f, 4.0f, 2.0f, 4.0f);
}

static void
test_int_arith(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 7.9f, -7.5f, 3.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int i = int(a.x); int j = int(a.y); int k = int(a.z);\n"
       "  o = vec4(float(i * k), float(i / 2), float(i % k), float(-j + i));\n"
       "}\n",
       &in, &o);
   ASSERT_OUT4(&o, 21.0f, 3.0f, 1.0f, 14.0f);
}

static void
test_uint_bits(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 12.0f, 10.0f, 2.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { uint x = uint(a.x); uint y = uint(a.y); int s = "
       "int(a.z);\n"
       "  o = vec4(float(x & y), float(x | y), float(x ^ y),\n"
       "           float((x << s) + (y >> 1u)));\n"
       "}\n",
       &in, &o);
   ASSERT_OUT4(&o, 8.0f, 14.0f, 6.0f, 53.0f);
}

static void
test_int_shift_negative(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], -16.0f, 2.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int x = int(a.x); ivec2 v = ivec2(x, 8) >> int(a.y);\n"
       "  o = vec4(v, ~x, (-x) % 5); }\n",
       &in, &o);
   ASSERT_OUT4(&o, -4.0f, 2.0f, 15.0f, 1.0f);
}

static void
test_swizzle_read(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { o = a.wzyx.yxwz + vec4(a.xx, a.y, 0.0).rgba * 0.0; }\n",
       &in, &o);
   ASSERT_OUT4(&o, 3.0f, 4.0f, 1.0f, 2.0f);
}

static void
test_swizzle_store(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { vec4 v = vec4(0.0); v.zx = a.xy; v.y = a.w;\n"
       "  v.wy.y += 10.0; o = v; }\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 14.0f, 1.0f, 0.0f);
}

static void
test_swizzle_store_output(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { o = vec4(9.0); o.yw = a.xz; }\n",
       &in, &o);
   ASSERT_OUT4(&o, 9.0f, 1.0f, 9.0f, 3.0f);
}

static void
test_dynamic_component(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   set4(in.in[1], 2.0f, 1.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; in vec4 idx; out vec4 o;\n"
       "void main() { int i = int(idx.x); int j = int(idx.y);\n"
       "  vec4 v = a; v[j] = 7.0; o = vec4(a[i], v[j], v[1 + i - 2], "
       "v.yz[j]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 3.0f, 7.0f, 7.0f, 3.0f);
}

static void
test_mat_vec(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   set4(in.in[1], 1.0f, 10.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; in vec4 b; out vec4 o;\n"
       "void main() { mat2 m = mat2(a.x, a.y, a.z, a.w);\n"
       "  o = vec4(m * b.xy, b.xy * m); }\n",
       &in, &o);
   /* m = [1 3; 2 4] (columns (1,2), (3,4)). */
   ASSERT_OUT4(&o, 31.0f, 42.0f, 21.0f, 43.0f);
}

static void
test_mat_mat(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   set4(in.in[1], 5.0f, 6.0f, 7.0f, 8.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; in vec4 b; out vec4 o;\n"
       "void main() { mat2 m = mat2(a); mat2 n = mat2(b.xy, b.zw);\n"
       "  mat2 p = m * n; o = vec4(p[0], p[1]); }\n",
       &in, &o);
   /* [1 3; 2 4] * [5 7; 6 8] = [23 31; 34 46]. */
   ASSERT_OUT4(&o, 23.0f, 34.0f, 31.0f, 46.0f);
}

static void
test_mat_nonsquare(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   set4(in.in[1], 1.0f, 1.0f, 1.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; in vec4 b; out vec4 o;\n"
       "void main() { mat3x2 m = mat3x2(a.xy, a.zw, a.xw);\n"
       "  vec2 r = m * b.xyz; vec3 s = b.xy * m; o = vec4(r, s.z + s.x, s.y); "
       "}\n",
       &in, &o);
   /* columns (1,2) (3,4) (1,4): r = (5, 10); s = (3, 7, 5). */
   ASSERT_OUT4(&o, 5.0f, 10.0f, 8.0f, 7.0f);
}

static void
test_mat_ctor_identity(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 3.0f, 4.0f, 5.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { mat3 m = mat3(mat2(a)); mat2 d = mat2(a.x);\n"
       "  o = vec4(m[2], d[1].y) + vec4(m[0].z, m[1].x, d[0].y, m[1][1]);\n"
       "}\n",
       &in, &o);
   /* m = columns (2,3,0) (4,5,0) (0,0,1). */
   ASSERT_OUT4(&o, 0.0f, 4.0f, 1.0f, 7.0f);
}

static void
test_mat_componentwise(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { mat2 m = mat2(a); mat2 n = m + m * 2.0 - 1.0;\n"
       "  n /= 2.0; o = vec4(n[0], -n[1]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, 2.5f, -4.0f, -5.5f);
}

static void
test_mat_dynamic_column(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   set4(in.in[1], 1.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; in vec4 b; out vec4 o;\n"
       "void main() { int i = int(b.x); mat2 m = mat2(a);\n"
       "  m[i][i - 1] = 9.0; o = vec4(m[i], m[0]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 9.0f, 4.0f, 1.0f, 2.0f);
}

static void
test_mat_equal(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { mat2 m = mat2(a); mat2 n = mat2(a.xy, a.z, 5.0);\n"
       "  o = vec4(m == n, m != n, m == mat2(a), a.xy == a.xy); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 0.0f, 1.0f, 1.0f, 1.0f);
}

static void
test_constructors(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.5f, -2.0f, 0.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o[2];\n"
       "void main() { ivec3 i = ivec3(a); bvec2 b = bvec2(a.zw);\n"
       "  vec3 f = vec3(a.x); uvec2 u = uvec2(a.wx);\n"
       "  o[0] = vec4(vec2(i.xy), b);\n"
       "  o[1] = vec4(f.z, float(u.x + u.y), float(bool(a.y)), "
       "float(int(b.y)));\n"
       "}\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, -2.0f, 0.0f, 1.0f);
   assert_float_equal(out_f(&o, 1, 0), 1.5f, 0);
   assert_float_equal(out_f(&o, 1, 1), 5.0f, 0);
   assert_float_equal(out_f(&o, 1, 2), 1.0f, 0);
   assert_float_equal(out_f(&o, 1, 3), 1.0f, 0);
}

static void
test_ctor_flatten(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { mat2 m = mat2(a); vec3 v = vec3(m);\n"
       "  o = vec4(vec2(a.w, v), v.z + 10.0, float(ivec4(a + 0.5).w)); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 4.0f, 1.0f, 13.0f, 4.0f);
}

static void
test_comparisons(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, -3.0f, 2.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int i = int(a.z); uint u = uint(a.y);\n"
       "  o = vec4(a.x < a.y, a.y <= a.w, i > -3 || u >= 3u, a.x >= a.y);\n"
       "}\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, 1.0f, 0.0f, 0.0f);
}

static void
test_logic_short_circuit(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, -1.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "float n = 0.0;\n"
       "bool bump() { n += 1.0; return true; }\n"
       "void main() { bool x = a.x > 0.0 && bump();\n"
       "  bool y = a.y > 0.0 && bump();\n"
       "  bool z = a.x > 0.0 || bump();\n"
       "  bool w = a.y > 0.0 || bump();\n"
       "  o = vec4(n, float(x) + 2.0 * float(y), float(z), float(w ^^ z)); "
       "}\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 1.0f, 1.0f, 0.0f);
}

static void
test_conditional(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, -1.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "float n = 0.0;\n"
       "float bump(float v) { n += v; return v; }\n"
       "void main() { float x = a.x > 0.0 ? bump(1.0) : bump(10.0);\n"
       "  float y = a.y > 0.0 ? bump(100.0) : bump(1000.0);\n"
       "  vec2 s = a.x > 0.0 ? a.xy : a.yx;\n"
       "  o = vec4(n, x + y, s); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 1001.0f, 1001.0f, 1.0f, -1.0f);
}

static void
test_inc_dec(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 5.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { int i = int(a.x); int j = i++; int k = ++i;\n"
       "  float f = a.x; float g = f--; vec2 v = a.xx; --v;\n"
       "  o = vec4(float(j * 100 + k * 10 + i), g - f, v.x, v.y); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 577.0f, 1.0f, 4.0f, 4.0f);
}

static void
test_compound_assign(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 3.0f, 4.0f, 5.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { vec4 v = a; v += 1.0; v *= a; v.x -= 1.0;\n"
       "  int i = int(a.w); i %= 3; i <<= 2; i |= 1;\n"
       "  v.w /= 2.0; o = vec4(v.xyz, float(i)); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 5.0f, 12.0f, 20.0f, 9.0f);
}

static void
test_sequence_and_assign_value(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 3.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float x; float y = (x = a.x, x + a.y);\n"
       "  float z; float w = (z = a.y) * 2.0; o = vec4(x, y, z, w); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 5.0f, 3.0f, 6.0f);
}

static void
test_arrays(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 1.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float f[4]; int i = int(a.x);\n"
       "  for (int k = 0; k < 4; k++) f[k] = float(k * k);\n"
       "  f[i] += 10.0; float g[4] = f; g[0] = 7.0;\n"
       "  o = vec4(f[i], f[int(a.y)], g[0] + f[0], float(g.length())); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 14.0f, 1.0f, 7.0f, 4.0f);
}

static void
test_array_ctor_and_equal(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float f[3] = float[3](a.x, a.y, a.z);\n"
       "  float g[3] = float[](a.x, a.y, a.z); bool e1 = f == g;\n"
       "  g[1] = 0.0; o = vec4(e1, f == g, f[2], g[1]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, 0.0f, 3.0f, 0.0f);
}

static void
test_const_array_dynamic(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 2.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "const float t[4] = float[4](10.0, 20.0, 30.0, 40.0);\n"
       "void main() { int i = int(a.x); const vec2 c = vec2(1.0, 2.0);\n"
       "  o = vec4(t[i], t[i + 1], c[i - 1], t[0]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 30.0f, 40.0f, 2.0f, 10.0f);
}

static void
test_structs(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 3.0f, 4.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "struct S { float x; vec2 v; int arr[2]; };\n"
       "void main() { S s = S(a.x, a.yz, int[2](5, 6));\n"
       "  S t = s; t.v.y = 9.0; t.arr[1] = 7; bool eq = s == t;\n"
       "  S u[2]; u[0] = t; u[1] = s; u[1].x += 1.0;\n"
       "  o = vec4(u[1].x, u[0].v.y, float(u[0].arr[1] + s.arr[0]), eq); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 2.0f, 9.0f, 12.0f, 0.0f);
}

static void
test_uniforms(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   /* std140: float f @0, vec4 v @16, mat2 m @32 (columns 16 apart),
    * float arr[2] @64 (stride 16), int i @96. */
   setu(&in, 0, 2.0f);
   for (unsigned c = 0; c < 4; c++)
      setu(&in, 4 + c, (float)(c + 1));
   setu(&in, 8, 1.0f);
   setu(&in, 9, 2.0f);
   setu(&in, 12, 3.0f);
   setu(&in, 13, 4.0f);
   setu(&in, 16, 10.0f);
   setu(&in, 20, 20.0f);
   in.uniforms[24] = 1;
   struct outputs o;
   run("#version 130\n"
       "uniform float f; uniform vec4 v; uniform mat2 m;\n"
       "uniform float arr[2]; uniform int i; out vec4 o;\n"
       "void main() { vec2 r = m * v.xy; o = vec4(f * v.w, r.y, arr[i], "
       "arr[0] + float(i)); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 8.0f, 10.0f, 20.0f, 11.0f);
}

static void
test_uniform_block(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   /* std140: vec4 a @0, float b @16, vec2 c @24. */
   for (unsigned c = 0; c < 4; c++)
      in.ubo[c] = fbits((float)(c + 1));
   in.ubo[4] = fbits(5.0f);
   in.ubo[6] = fbits(6.0f);
   in.ubo[7] = fbits(7.0f);
   struct outputs o;
   run("#version 140\n"
       "uniform B { vec4 a; float b; vec2 c; };\n"
       "uniform N { float x; } n;\n"
       "out vec4 o;\n"
       "void main() { o = vec4(a.w, b, c.y, c.x + n.x * 0.0); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 4.0f, 5.0f, 7.0f, 6.0f);
}

static void
test_global_initializers(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   setu(&in, 0, 3.0f);
   struct outputs o;
   run("#version 130\n"
       "uniform float u; out vec4 o;\n"
       "float g = u * 2.0; float h = 5.0; vec2 k = vec2(g, h);\n"
       "void main() { h += 1.0; o = vec4(g, h, k); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 6.0f, 6.0f, 6.0f, 5.0f);
}

static void
test_frag_coord_and_frag_color(void **state)
{
   (void)state;
   struct outputs o;
   run("#version 110\n"
       "void main() { gl_FragColor = vec4(gl_FragCoord.xy, 0.0, 1.0); }\n",
       NULL, &o);
   for (unsigned l = 0; l < 4; l++) {
      float x, y;
      memcpy(&x, &o.w[0][0][l], 4);
      memcpy(&y, &o.w[0][1][l], 4);
      assert_float_equal(x, (float)(l & 1) + 0.5f, 0);
      assert_float_equal(y, (float)(l >> 1) + 0.5f, 0);
   }
}

static void
test_shadowing_initializer(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 3.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { float x = a.x; { float x = x + 1.0; o.x = x; }\n"
       "  o.yzw = vec3(x); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 4.0f, 3.0f, 3.0f, 3.0f);
}

static void
test_bool_uniforms_and_vars(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   /* std140: bool b @0, bvec2 bv @8, float f @16. */
   in.uniforms[0] = 1;
   in.uniforms[2] = 0;
   in.uniforms[3] = 7;
   setu(&in, 4, 2.0f);
   struct outputs o;
   run("#version 130\n"
       "uniform bool b; uniform bvec2 bv; uniform float f; out vec4 o;\n"
       "void main() { bool arr[3] = bool[3](b, bv.x, bv.y);\n"
       "  bool n = !arr[1]; o = vec4(float(arr[0]), float(n), "
       "float(any(bv)),\n"
       "  b ? f : -f); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, 1.0f, 1.0f, 2.0f);
}

static void
test_implicit_conversions(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 3.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 120\n"
       "float half_of(float x) { return x / 2.0; }\n"
       "void main() { int i = int(gl_FragCoord.x) + 2; float f = i;\n"
       "  vec2 v = ivec2(i, 2 * i); gl_FragColor = vec4(half_of(i), f, v); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 1.0f, 2.0f, 2.0f, 4.0f);
}

static void
test_inc_lvalues(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], 1.0f, 2.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "void main() { vec4 v = a; v.yx++; int arr[3] = int[3](0, 0, 0);\n"
       "  int i = 0; arr[i++] += 5; arr[i++]++; mat2 m = mat2(1.0);\n"
       "  m[i - 1]++;\n"
       "  o = vec4(v.x + v.y, float(arr[0] * 10 + arr[1]), float(i), "
       "m[1].y); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 5.0f, 51.0f, 2.0f, 2.0f);
}

static void
test_conditional_aggregates(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   set4(in.in[0], -1.0f, 0.0f, 0.0f, 0.0f);
   struct outputs o;
   run("#version 130\n"
       "in vec4 a; out vec4 o;\n"
       "struct S { float x; vec2 y; };\n"
       "void main() { S p = S(1.0, vec2(2.0)); S q = S(3.0, a.xy);\n"
       "  S r = a.x > 0.0 ? p : q; float k[2] = a.x < 0.0 ? float[2](5.0, "
       "6.0)\n"
       "  : float[2](a.x, a.y); mat2 m = a.x > 0.0 ? mat2(1.0) : mat2(a);\n"
       "  o = vec4(r.x, r.y.x, k[1], m[0][0]); }\n",
       &in, &o);
   ASSERT_OUT4(&o, 3.0f, -1.0f, 6.0f, -1.0f);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_float_arith),
      cmocka_unit_test(test_int_arith),
      cmocka_unit_test(test_uint_bits),
      cmocka_unit_test(test_int_shift_negative),
      cmocka_unit_test(test_swizzle_read),
      cmocka_unit_test(test_swizzle_store),
      cmocka_unit_test(test_swizzle_store_output),
      cmocka_unit_test(test_dynamic_component),
      cmocka_unit_test(test_mat_vec),
      cmocka_unit_test(test_mat_mat),
      cmocka_unit_test(test_mat_nonsquare),
      cmocka_unit_test(test_mat_ctor_identity),
      cmocka_unit_test(test_mat_componentwise),
      cmocka_unit_test(test_mat_dynamic_column),
      cmocka_unit_test(test_mat_equal),
      cmocka_unit_test(test_constructors),
      cmocka_unit_test(test_ctor_flatten),
      cmocka_unit_test(test_comparisons),
      cmocka_unit_test(test_logic_short_circuit),
      cmocka_unit_test(test_conditional),
      cmocka_unit_test(test_inc_dec),
      cmocka_unit_test(test_compound_assign),
      cmocka_unit_test(test_sequence_and_assign_value),
      cmocka_unit_test(test_arrays),
      cmocka_unit_test(test_array_ctor_and_equal),
      cmocka_unit_test(test_const_array_dynamic),
      cmocka_unit_test(test_structs),
      cmocka_unit_test(test_uniforms),
      cmocka_unit_test(test_uniform_block),
      cmocka_unit_test(test_global_initializers),
      cmocka_unit_test(test_frag_coord_and_frag_color),
      cmocka_unit_test(test_shadowing_initializer),
      cmocka_unit_test(test_bool_uniforms_and_vars),
      cmocka_unit_test(test_implicit_conversions),
      cmocka_unit_test(test_inc_lvalues),
      cmocka_unit_test(test_conditional_aggregates),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
