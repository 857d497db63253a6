/* SPDX-License-Identifier: MIT */

/*
 * Uniforms: set/get round trips of every basic type, arrays (partial
 * writes, clipping at the end), structs, matrices (transpose), booleans,
 * samplers and initializers; the glUniform* errors; the active uniform
 * queries (names, sizes, types, offsets); uniform blocks.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "st_test_util.h"

static int
core_setup(void **state)
{
   *state = st_test_context_create(ST_API_OPENGL, 3, 3, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
es_setup(void **state)
{
   *state =
      st_test_context_create(ST_API_OPENGL_ES, 3, 0, ST_PROFILE_CORE, false);
   return *state ? 0 : -1;
}

static int
teardown(void **state)
{
   glUseProgram(0);
   st_test_context_destroy(*state);
   return 0;
}

static const char *vs_plain = "#version 330\nin vec4 pos;\n"
                              "void main() { gl_Position = pos; }\n";

/* A fragment shader using every uniform it declares (so all are
 * active): @p decls are the declarations, @p use an expression of type
 * float over them. */
static GLuint
program_with(const char *decls, const char *use)
{
   char fs[4096];
   snprintf(fs, sizeof(fs),
            "#version 330\n%s\nout vec4 c;\n"
            "void main() { c = vec4(%s); }\n",
            decls, use);
   GLuint prog = st_test_program(vs_plain, fs);
   glUseProgram(prog);
   return prog;
}

static GLint
loc(GLuint prog, const char *name)
{
   GLint l = glGetUniformLocation(prog, name);
   if (l < 0)
      fail_msg("no location for %s", name);
   return l;
}

static void
assert_floats(const GLfloat *got, const GLfloat *want, unsigned n)
{
   for (unsigned i = 0; i < n; i++) {
      if (got[i] != want[i])
         fail_msg("component %u: got %g, expected %g", i, got[i], want[i]);
   }
}

static void
basic_types_round_trip(void **state)
{
   GLuint prog = program_with(
      "uniform float f; uniform vec2 v2; uniform vec3 v3; uniform vec4 v4;\n"
      "uniform int i; uniform ivec3 iv3; uniform uint u; uniform uvec2 uv2;\n"
      "uniform bool b; uniform bvec4 bv4;",
      "f + v2.y + v3.z + v4.w + float(i + iv3.x) + float(u + uv2.y) +"
      " float(b) + float(bv4.w)");
   glUniform1f(loc(prog, "f"), 1.5f);
   glUniform2f(loc(prog, "v2"), 1, 2);
   const GLfloat v3[] = { 3, 4, 5 };
   glUniform3fv(loc(prog, "v3"), 1, v3);
   glUniform4f(loc(prog, "v4"), 6, 7, 8, 9);
   glUniform1i(loc(prog, "i"), -7);
   glUniform3i(loc(prog, "iv3"), 1, -2, 3);
   glUniform1ui(loc(prog, "u"), 4000000000u);
   glUniform2ui(loc(prog, "uv2"), 5, 6);
   glUniform1i(loc(prog, "b"), 42);
   glUniform4f(loc(prog, "bv4"), 0.0f, 0.5f, -1.0f, 0.0f);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   GLfloat f[4];
   GLint i[4];
   GLuint u[4];
   glGetUniformfv(prog, loc(prog, "f"), f);
   assert_true(f[0] == 1.5f);
   glGetUniformfv(prog, loc(prog, "v2"), f);
   assert_floats(f, (GLfloat[]){ 1, 2 }, 2);
   glGetUniformfv(prog, loc(prog, "v3"), f);
   assert_floats(f, v3, 3);
   glGetUniformfv(prog, loc(prog, "v4"), f);
   assert_floats(f, (GLfloat[]){ 6, 7, 8, 9 }, 4);
   glGetUniformiv(prog, loc(prog, "i"), i);
   assert_int_equal(i[0], -7);
   glGetUniformiv(prog, loc(prog, "iv3"), i);
   assert_int_equal(i[1], -2);
   glGetUniformuiv(prog, loc(prog, "u"), u);
   assert_true(u[0] == 4000000000u);
   glGetUniformuiv(prog, loc(prog, "uv2"), u);
   assert_int_equal(u[1], 6);
   /* Booleans read back as 0 / 1 whatever was written. */
   glGetUniformiv(prog, loc(prog, "b"), i);
   assert_int_equal(i[0], 1);
   glGetUniformiv(prog, loc(prog, "bv4"), i);
   assert_int_equal(i[0], 0);
   assert_int_equal(i[1], 1);
   assert_int_equal(i[2], 1);
   assert_int_equal(i[3], 0);
   glGetUniformfv(prog, loc(prog, "bv4"), f);
   assert_floats(f, (GLfloat[]){ 0, 1, 1, 0 }, 4);
   /* Floats read as integers round. */
   glGetUniformiv(prog, loc(prog, "v4"), i);
   assert_int_equal(i[3], 9);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glDeleteProgram(prog);
}

static void
matrices_and_transpose(void **state)
{
   GLuint prog = program_with("uniform mat2 m2; uniform mat3 m3;"
                              " uniform mat2x4 m24; uniform mat4x3 m43;",
                              "m2[1][1] + m3[2][2] + m24[1][3] + m43[3][2]");
   const GLfloat m3[9] = { 1, 2, 3, 4, 5, 6, 7, 8, 9 };
   glUniformMatrix3fv(loc(prog, "m3"), 1, GL_FALSE, m3);
   GLfloat got[16];
   glGetUniformfv(prog, loc(prog, "m3"), got);
   assert_floats(got, m3, 9);
   /* Transposed input: rows given, columns stored. */
   glUniformMatrix3fv(loc(prog, "m3"), 1, GL_TRUE, m3);
   glGetUniformfv(prog, loc(prog, "m3"), got);
   assert_floats(got, (GLfloat[]){ 1, 4, 7, 2, 5, 8, 3, 6, 9 }, 9);

   /* 2 columns of 4 rows; transposed input is 4 rows of 2. */
   const GLfloat rows[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   glUniformMatrix2x4fv(loc(prog, "m24"), 1, GL_TRUE, rows);
   glGetUniformfv(prog, loc(prog, "m24"), got);
   assert_floats(got, (GLfloat[]){ 1, 3, 5, 7, 2, 4, 6, 8 }, 8);
   const GLfloat m43[12] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 };
   glUniformMatrix4x3fv(loc(prog, "m43"), 1, GL_FALSE, m43);
   glGetUniformfv(prog, loc(prog, "m43"), got);
   assert_floats(got, m43, 12);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* Wrong shape or a vector command on a matrix. */
   glUniformMatrix2fv(loc(prog, "m3"), 1, GL_FALSE, m3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniformMatrix4x2fv(loc(prog, "m24"), 1, GL_FALSE, m3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform4fv(loc(prog, "m2"), 1, m3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteProgram(prog);
}

static void
arrays_and_structs(void **state)
{
   GLuint prog = program_with(
      "uniform float a[4]; uniform vec3 va[2];\n"
      "struct S { float x; ivec2 y; }; uniform S s; uniform S sa[2];",
      "a[0] + a[3] + va[1].z + s.x + float(s.y.y) + sa[1].x");
   GLint a0 = loc(prog, "a");
   assert_int_equal(loc(prog, "a[0]"), a0);
   assert_int_equal(loc(prog, "a[2]"), a0 + 2);
   assert_int_equal(glGetUniformLocation(prog, "a[4]"), -1);
   const GLfloat vals[6] = { 10, 11, 12, 13, 14, 15 };
   /* Writing 6 from element 2 keeps the 2 that fit. */
   glUniform1fv(loc(prog, "a[2]"), 6, vals);
   glUniform1fv(a0, 1, vals + 5);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLfloat f[3];
   glGetUniformfv(prog, a0, f);
   assert_true(f[0] == 15);
   glGetUniformfv(prog, a0 + 1, f);
   assert_true(f[0] == 0);
   glGetUniformfv(prog, a0 + 2, f);
   assert_true(f[0] == 10);
   glGetUniformfv(prog, a0 + 3, f);
   assert_true(f[0] == 11);

   glUniform3fv(loc(prog, "va"), 2, vals);
   glGetUniformfv(prog, loc(prog, "va[1]"), f);
   assert_floats(f, vals + 3, 3);

   glUniform1f(loc(prog, "s.x"), 2.5f);
   glUniform2i(loc(prog, "s.y"), 3, 4);
   glUniform1f(loc(prog, "sa[1].x"), 7);
   GLint i[2];
   glGetUniformiv(prog, loc(prog, "s.y"), i);
   assert_int_equal(i[1], 4);
   glGetUniformfv(prog, loc(prog, "s.x"), f);
   assert_true(f[0] == 2.5f);
   glGetUniformfv(prog, loc(prog, "sa[1].x"), f);
   assert_true(f[0] == 7);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   /* count > 1 on a non-array. */
   glUniform1fv(loc(prog, "s.x"), 2, vals);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteProgram(prog);
}

static void
initializers(void **state)
{
   GLuint prog = program_with("uniform float f = 2.5;"
                              " uniform vec2 v = vec2(3.0, -1.0);"
                              " uniform float z;",
                              "f + v.x + z");
   GLfloat got[2];
   glGetUniformfv(prog, loc(prog, "f"), got);
   assert_true(got[0] == 2.5f);
   glGetUniformfv(prog, loc(prog, "v"), got);
   assert_floats(got, (GLfloat[]){ 3, -1 }, 2);
   glGetUniformfv(prog, loc(prog, "z"), got);
   assert_true(got[0] == 0);
   glDeleteProgram(prog);

   /* Structs and arrays of structs are initialized leaf by leaf. */
   prog = program_with("struct S { int i; vec2 v[2]; };\n"
                       "uniform S s[2] = S[2](S(3, vec2[2](vec2(1.0), "
                       "vec2(2.0, 4.0))), S(5, vec2[2](vec2(6.0), "
                       "vec2(7.0))));",
                       "float(s[0].i) + s[1].v[1].y");
   GLint i = 0;
   glGetUniformiv(prog, loc(prog, "s[1].i"), &i);
   assert_int_equal(i, 5);
   glGetUniformfv(prog, loc(prog, "s[0].v[1]"), got);
   assert_floats(got, (GLfloat[]){ 2, 4 }, 2);
   glGetUniformfv(prog, loc(prog, "s[1].v[1]"), got);
   assert_floats(got, (GLfloat[]){ 7, 7 }, 2);
   glDeleteProgram(prog);
}

static void
uniform_errors(void **state)
{
   GLuint prog = program_with("uniform vec2 v; uniform int i;"
                              " uniform sampler2D tex; uniform uint u;",
                              "v.x + float(i) + texture(tex, v).x +"
                              " float(u)");
   GLint lv = loc(prog, "v"), li = loc(prog, "i");
   GLint lt = loc(prog, "tex"), lu = loc(prog, "u");
   glUniform3f(lv, 1, 2, 3);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform2i(lv, 1, 2);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform1f(li, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform1i(lu, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform1ui(li, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   /* Samplers: only glUniform1i[v], with a valid unit. */
   glUniform1f(lt, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform1i(lt, 100000);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glUniform1i(lt, 3);
   GLint unit = -1;
   glGetUniformiv(prog, lt, &unit);
   assert_int_equal(unit, 3);
   /* -1 is ignored; other bad locations are errors. */
   glUniform1f(-1, 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   glUniform1f(1000, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform1f(-2, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glUniform2fv(lv, -1, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   GLfloat f[4];
   glGetUniformfv(prog, 1000, f);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glGetUniformfv(prog + 100, lv, f);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);

   /* A location of a bigger program is not one of this one. */
   GLuint small = program_with("uniform float only;", "only");
   glUniform1f(lu > lv ? lu : lv, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);

   glUseProgram(0);
   glUniform1f(lv, 1);
   assert_int_equal(glGetError(), GL_INVALID_OPERATION);
   glDeleteProgram(small);
   glDeleteProgram(prog);
}

static void
active_uniform_queries(void **state)
{
   GLuint prog = program_with(
      "uniform vec4 arr[3]; uniform sampler2DShadow sh;"
      " uniform usampler2DArray ua; uniform mat3x2 m;",
      "arr[2].x + texture(sh, vec3(0.5)) + float(texture(ua, vec3(0.5)).x)"
      " + m[0][0]");
   GLint n = 0;
   glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
   assert_int_equal(n, 4);
   bool seen[4] = { false };
   for (GLuint i = 0; i < (GLuint)n; i++) {
      char name[32];
      GLsizei len = 0;
      GLint size = 0;
      GLenum type = 0;
      glGetActiveUniform(prog, i, sizeof(name), &len, &size, &type, name);
      assert_int_equal(len, strlen(name));
      GLint offset = 0, stride = 0, block = 0, name_len = 0;
      glGetActiveUniformsiv(prog, 1, &i, GL_UNIFORM_OFFSET, &offset);
      glGetActiveUniformsiv(prog, 1, &i, GL_UNIFORM_ARRAY_STRIDE, &stride);
      glGetActiveUniformsiv(prog, 1, &i, GL_UNIFORM_BLOCK_INDEX, &block);
      glGetActiveUniformsiv(prog, 1, &i, GL_UNIFORM_NAME_LENGTH, &name_len);
      assert_int_equal(offset, -1);
      assert_int_equal(stride, -1);
      assert_int_equal(block, -1);
      assert_int_equal(name_len, len + 1);
      char again[32];
      glGetActiveUniformName(prog, i, sizeof(again), NULL, again);
      assert_string_equal(again, name);
      if (strcmp(name, "arr[0]") == 0) {
         seen[0] = true;
         assert_int_equal(size, 3);
         assert_int_equal(type, GL_FLOAT_VEC4);
      } else if (strcmp(name, "sh") == 0) {
         seen[1] = true;
         assert_int_equal(type, GL_SAMPLER_2D_SHADOW);
      } else if (strcmp(name, "ua") == 0) {
         seen[2] = true;
         assert_int_equal(type, GL_UNSIGNED_INT_SAMPLER_2D_ARRAY);
      } else {
         assert_string_equal(name, "m");
         seen[3] = true;
         assert_int_equal(type, GL_FLOAT_MAT3x2);
         assert_int_equal(size, 1);
      }
   }
   assert_true(seen[0] && seen[1] && seen[2] && seen[3]);

   const char *names[] = { "arr", "arr[0]", "m", "nothing", "arr[1]" };
   GLuint idx[5];
   glGetUniformIndices(prog, 5, names, idx);
   assert_true(idx[0] != GL_INVALID_INDEX);
   assert_int_equal(idx[0], idx[1]);
   assert_true(idx[2] != GL_INVALID_INDEX);
   assert_int_equal(idx[3], GL_INVALID_INDEX);
   assert_int_equal(idx[4], GL_INVALID_INDEX);
   GLint sizes[2];
   GLuint two[2] = { idx[0], idx[2] };
   glGetActiveUniformsiv(prog, 2, two, GL_UNIFORM_SIZE, sizes);
   assert_int_equal(sizes[0], 3);
   assert_int_equal(sizes[1], 1);
   assert_int_equal(glGetError(), GL_NO_ERROR);

   GLuint bad = (GLuint)n;
   glGetActiveUniformsiv(prog, 1, &bad, GL_UNIFORM_SIZE, sizes);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetActiveUniformsiv(prog, 1, two, GL_TEXTURE_2D, sizes);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glGetActiveUniform(prog, bad, 8, NULL, NULL, NULL, NULL);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glDeleteProgram(prog);
}

static void
uniform_blocks(void **state)
{
   GLuint prog = program_with(
      "layout(std140) uniform Light { vec3 dir; float power;"
      " mat4 xf; float w[2]; } light;\n"
      "uniform Other { vec4 o; };",
      "light.dir.x + light.power + light.xf[3][3] + light.w[1] + o.w");
   GLint n = 0;
   glGetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCKS, &n);
   assert_int_equal(n, 2);
   GLint max_len = 0;
   glGetProgramiv(prog, GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH, &max_len);
   assert_int_equal(max_len, (GLint)sizeof("Light"));
   GLuint bl = glGetUniformBlockIndex(prog, "Light");
   GLuint bo = glGetUniformBlockIndex(prog, "Other");
   assert_true(bl != GL_INVALID_INDEX && bo != GL_INVALID_INDEX);
   assert_int_equal(glGetUniformBlockIndex(prog, "light"), GL_INVALID_INDEX);

   GLint v = 0;
   glGetActiveUniformBlockiv(prog, bl, GL_UNIFORM_BLOCK_DATA_SIZE, &v);
   /* vec3 + float = 16, mat4 = 64, float[2] = 2 * 16. */
   assert_int_equal(v, 112);
   glGetActiveUniformBlockiv(prog, bl, GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, &v);
   assert_int_equal(v, 4);
   GLint members[4];
   glGetActiveUniformBlockiv(prog, bl, GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES,
                             members);
   glGetActiveUniformBlockiv(
      prog, bl, GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, &v);
   assert_int_equal(v, GL_TRUE);
   glGetActiveUniformBlockiv(prog, bl,
                             GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER, &v);
   assert_int_equal(v, GL_FALSE);
   char name[16];
   glGetActiveUniformBlockName(prog, bl, sizeof(name), NULL, name);
   assert_string_equal(name, "Light");

   /* Member layout, by name. */
   const char *mnames[] = { "Light.dir", "Light.power", "Light.xf", "Light.w" };
   GLuint midx[4];
   glGetUniformIndices(prog, 4, mnames, midx);
   for (unsigned i = 0; i < 4; i++)
      assert_true(midx[i] != GL_INVALID_INDEX);
   GLint offsets[4], strides[4], mstrides[4], blocks[4];
   glGetActiveUniformsiv(prog, 4, midx, GL_UNIFORM_OFFSET, offsets);
   glGetActiveUniformsiv(prog, 4, midx, GL_UNIFORM_ARRAY_STRIDE, strides);
   glGetActiveUniformsiv(prog, 4, midx, GL_UNIFORM_MATRIX_STRIDE, mstrides);
   glGetActiveUniformsiv(prog, 4, midx, GL_UNIFORM_BLOCK_INDEX, blocks);
   assert_int_equal(offsets[0], 0);
   assert_int_equal(offsets[1], 12);
   assert_int_equal(offsets[2], 16);
   assert_int_equal(offsets[3], 80);
   assert_int_equal(strides[0], 0);
   assert_int_equal(strides[3], 16);
   assert_int_equal(mstrides[2], 16);
   assert_int_equal(mstrides[0], 0);
   assert_int_equal(blocks[0], (GLint)bl);
   bool listed = false;
   for (unsigned i = 0; i < 4; i++)
      listed |= members[i] == (GLint)midx[3];
   assert_true(listed);

   /* Bindings. */
   glGetActiveUniformBlockiv(prog, bo, GL_UNIFORM_BLOCK_BINDING, &v);
   assert_int_equal(v, 0);
   glUniformBlockBinding(prog, bo, 7);
   glGetActiveUniformBlockiv(prog, bo, GL_UNIFORM_BLOCK_BINDING, &v);
   assert_int_equal(v, 7);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLint max_bindings = 0;
   glGetIntegerv(GL_MAX_UNIFORM_BUFFER_BINDINGS, &max_bindings);
   glUniformBlockBinding(prog, bo, (GLuint)max_bindings);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glUniformBlockBinding(prog, 2, 0);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetActiveUniformBlockiv(prog, 2, GL_UNIFORM_BLOCK_BINDING, &v);
   assert_int_equal(glGetError(), GL_INVALID_VALUE);
   glGetActiveUniformBlockiv(prog, bo, GL_TEXTURE_2D, &v);
   assert_int_equal(glGetError(), GL_INVALID_ENUM);
   glDeleteProgram(prog);
}

static void
es2_style_transpose(void **state)
{
   /* ES 3.0 allows transpose = GL_TRUE (ES 2.0 did not). */
   GLuint prog =
      st_test_program("#version 300 es\nin vec4 pos;\nuniform mat2 m;\n"
                      "void main() { gl_Position = pos * m[0][1]; }\n",
                      "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
                      "void main() { c = vec4(1.0); }\n");
   glUseProgram(prog);
   const GLfloat m[4] = { 1, 2, 3, 4 };
   glUniformMatrix2fv(glGetUniformLocation(prog, "m"), 1, GL_TRUE, m);
   assert_int_equal(glGetError(), GL_NO_ERROR);
   GLfloat got[4];
   glGetUniformfv(prog, glGetUniformLocation(prog, "m"), got);
   assert_floats(got, (GLfloat[]){ 1, 3, 2, 4 }, 4);
   glDeleteProgram(prog);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(basic_types_round_trip, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(matrices_and_transpose, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(arrays_and_structs, core_setup, teardown),
      cmocka_unit_test_setup_teardown(initializers, core_setup, teardown),
      cmocka_unit_test_setup_teardown(uniform_errors, core_setup, teardown),
      cmocka_unit_test_setup_teardown(active_uniform_queries, core_setup,
                                      teardown),
      cmocka_unit_test_setup_teardown(uniform_blocks, core_setup, teardown),
      cmocka_unit_test_setup_teardown(es2_style_transpose, es_setup, teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
