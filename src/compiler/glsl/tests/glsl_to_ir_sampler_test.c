/* SPDX-License-Identifier: MIT */

/*
 * Samplers inside structs: every sampler leaf of a uniform struct (or
 * array of structs) has a texture slot of its own, texture calls on
 * "s.t" and "arr[1].t" name that slot, and the linker lists each leaf
 * with that same slot and a GL location.
 *
 * The shaders run in the reference interpreter with a texture callback
 * that returns the slot it was asked for (fake_tex()), so each output
 * component is the slot a texture call used.  Slots follow declaration
 * order: a struct uniform's sampler leaves come right after it, in the
 * order the linker lists the leaves.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "glsl_link.h"
#include "glsl_to_ir_test_util.h"

/* Two samplers and data in one struct, next to a plain sampler. */
static void
struct_with_two_samplers(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   struct outputs out;
   setu(&in, 0, 7.0f);
   run("#version 330\n"
       "struct S { vec4 c; sampler2D a; sampler2D b; };\n"
       "uniform S s;\n"
       "uniform sampler2D plain;\n"
       "out vec4 o;\n"
       "void main() { vec2 uv = gl_FragCoord.xy;\n"
       "  o = vec4(texture(s.a, uv).x, texture(s.b, uv).x,\n"
       "           texture(plain, uv).x, s.c.x); }\n",
       &in, &out);
   ASSERT_OUT4(&out, 0.0f, 1.0f, 2.0f, 7.0f);
}

/* An array of such structs: leaves arr[0].a, arr[0].b, arr[1].a, ... */
static void
array_of_structs(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   struct outputs out;
   /* arr[1].c: elements are 16 bytes (samplers take none). */
   setu(&in, 5, 3.0f);
   run("#version 330\n"
       "struct S { sampler2D a; vec4 c; sampler2D b; };\n"
       "uniform S arr[2];\n"
       "out vec4 o;\n"
       "void main() { vec2 uv = gl_FragCoord.xy;\n"
       "  o = vec4(texture(arr[1].a, uv).x, texelFetch(arr[1].b,\n"
       "           ivec2(0), 0).x, texture(arr[0].b, uv).x, arr[1].c.y); }\n",
       &in, &out);
   ASSERT_OUT4(&out, 2.0f, 3.0f, 1.0f, 3.0f);
}

/* Nested structs, a sampler array member, and a struct member passed to
 * a function's sampler parameter; a struct of samplers only. */
static void
nested_and_arrays(void **state)
{
   (void)state;
   struct outputs out;
   run("#version 330\n"
       "struct T { sampler2D ts[2]; };\n"
       "struct S { T t; sampler2D x; };\n"
       "uniform sampler2D first;\n"
       "uniform S s;\n"
       "out vec4 o;\n"
       "vec4 f(sampler2D q, vec2 c) { return texture(q, c); }\n"
       "void main() { vec2 uv = gl_FragCoord.xy;\n"
       "  o = vec4(texture(s.t.ts[1], uv).x, f(s.x, uv).x,\n"
       "           texture(s.t.ts[0], uv).x, texture(first, uv).x); }\n",
       NULL, &out);
   ASSERT_OUT4(&out, 2.0f, 3.0f, 1.0f, 0.0f);
}

/* A struct holding samplers passed whole to a function (and on to
 * another): each member read through the parameter uses its own slot.
 * (Optimised only: the raw translation keeps the parameter's struct
 * temporary, whose sampler members the interpreter cannot hold; the
 * optimiser splits it and drops them.) */
static void
struct_parameter(void **state)
{
   (void)state;
   struct inputs in = { 0 };
   struct outputs out;
   setu(&in, 4, 6.0f);
   struct glsl_shader *sh = compile(
      IR_STAGE_FRAGMENT,
      "#version 330\n"
      "struct S { vec4 c; sampler2D a; sampler2D b; };\n"
      "uniform sampler2D plain;\n"
      "uniform S arr[2];\n"
      "out vec4 o;\n"
      "float g(S p, vec2 uv) { return texture(p.b, uv).x; }\n"
      "vec4 f(S s, vec2 uv) {\n"
      "  return vec4(texture(s.a, uv).x, texture(s.b, uv).x, g(s, uv),\n"
      "              s.c.x); }\n"
      "void main() { o = f(arr[1], gl_FragCoord.xy)\n"
      "                  + 0.0 * texture(plain, vec2(0)); }\n");
   exec_ir(sh->ir, &in, &out);
   glsl_shader_destroy(sh);
   /* plain 0, arr[0].a 1, arr[0].b 2, arr[1].a 3, arr[1].b 4; arr[1].c
    * is words 4-7 of the block (samplers take none). */
   ASSERT_OUT4(&out, 3.0f, 4.0f, 4.0f, 6.0f);
}

static const struct glsl_uniform *
find_uniform(const struct glsl_program *p, const char *name)
{
   int loc = glsl_program_uniform_location(p, name);
   if (loc < 0)
      return NULL;
   return &p->uniforms[p->location_uniform[loc]];
}

/* The linker lists each leaf once with the slot the code uses. */
/* A sampler array indexed by a loop counter (no constant): every element
 * reads its own slot (first is slot 0, a[0..3] slots 1..4). */
static void
dynamically_indexed_sampler_array(void **state)
{
   (void)state;
   struct outputs out;
   run("#version 120\n"
       "uniform sampler2D first;\n"
       "uniform sampler2D a[4];\n"
       "void main() { vec2 uv = gl_FragCoord.xy; vec4 v = vec4(0.0);\n"
       "  for (int i = 0; i < 4; i++) {\n"
       "    if (i == 2) v.x = texture2D(a[i], uv).x;\n"
       "    if (i == 0) v.y = texture2D(a[i], uv).x;\n"
       "    if (i == 3) v.w = texture2D(a[i], uv).x;\n"
       "  }\n"
       "  v.z = texture2D(first, uv).x;\n"
       "  gl_FragColor = v; }\n",
       NULL, &out);
   ASSERT_OUT4(&out, 3.0f, 1.0f, 0.0f, 4.0f);
}

static void
linker_reports_leaf_slots(void **state)
{
   (void)state;
   struct glsl_shader *sh[2];
   sh[0] = compile(IR_STAGE_VERTEX, "#version 330\nin vec4 pos;\n"
                                    "void main() { gl_Position = pos; }\n");
   sh[1] = compile(IR_STAGE_FRAGMENT,
                   "#version 330\n"
                   "struct S { vec4 c; sampler2D a; sampler2D b; };\n"
                   "uniform S arr[2];\n"
                   "uniform S s;\n"
                   "out vec4 o;\n"
                   "void main() { vec2 uv = gl_FragCoord.xy;\n"
                   "  o = texture(arr[1].b, uv) + texture(s.a, uv) +\n"
                   "      texture(s.b, uv) * s.c; }\n");
   struct glsl_program *p = glsl_link_program(sh, 2, NULL);
   assert_non_null(p);
   if (!p->ok)
      fail_msg("link failed:\n%s", p->info_log);
   /* Leaves: arr[0].a 0, arr[0].b 1, arr[1].a 2, arr[1].b 3, s.a 4,
    * s.b 5. */
   static const struct {
      const char *name;
      int slot;
   } leaves[] = { { "arr[1].b", 3 }, { "s.a", 4 }, { "s.b", 5 } };
   for (unsigned i = 0; i < 3; i++) {
      const struct glsl_uniform *u = find_uniform(p, leaves[i].name);
      assert_non_null(u);
      assert_string_equal(u->name, leaves[i].name);
      assert_int_equal(u->texture_slot[IR_STAGE_FRAGMENT], leaves[i].slot);
      assert_int_equal(u->texture_slot[IR_STAGE_VERTEX], -1);
   }
   const struct glsl_uniform *c = find_uniform(p, "s.c");
   assert_non_null(c);
   assert_int_equal(c->texture_slot[IR_STAGE_FRAGMENT], -1);
   /* The leaf variables are no uniforms of their own: each name once. */
   unsigned named_sb = 0;
   for (unsigned i = 0; i < p->num_uniforms; i++)
      named_sb += strcmp(p->uniforms[i].name, "s.b") == 0;
   assert_int_equal(named_sb, 1);
   glsl_program_destroy(p);
   glsl_shader_destroy(sh[0]);
   glsl_shader_destroy(sh[1]);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(struct_with_two_samplers),
      cmocka_unit_test(array_of_structs),
      cmocka_unit_test(nested_and_arrays),
      cmocka_unit_test(struct_parameter),
      cmocka_unit_test(dynamically_indexed_sampler_array),
      cmocka_unit_test(linker_reports_leaf_slots),
   };
   return cmocka_run_group_tests_name("glsl_to_ir_sampler", tests, NULL, NULL);
}
