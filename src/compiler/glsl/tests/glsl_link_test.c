/* SPDX-License-Identifier: MIT */

/*
 * Tests of the linker on shaders given as IR text (the form the
 * translation produces: GLSL names, user locations -1 unless explicit),
 * so that each rule is checked without the rest of the front end: varying
 * matching and slots, attribute and fragment output locations, the
 * default block and uniform blocks with their GL names and locations,
 * samplers, transform feedback, and the link errors.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "compiler/ir/ir_passes_io.h"
#include "glsl_link.h"
#include "util/u_arena.h"

struct fixture {
   struct u_arena *arena;
   struct glsl_shader *shaders[4];
   unsigned count;
   struct glsl_program *prog;
};

static int
setup(void **state)
{
   struct fixture *f = calloc(1, sizeof(*f));
   f->arena = u_arena_create(NULL);
   *state = f;
   return 0;
}

static int
teardown(void **state)
{
   struct fixture *f = *state;
   glsl_program_destroy(f->prog);
   u_arena_destroy(f->arena);
   free(f);
   return 0;
}

static void
add(struct fixture *f, enum ir_stage stage, unsigned version, bool es,
    const char *text)
{
   struct glsl_shader *sh = u_arena_zalloc(f->arena, sizeof(*sh));
   char *error = NULL;
   sh->arena = f->arena;
   sh->stage = stage;
   sh->version = version;
   sh->es = es;
   sh->ok = true;
   sh->gs_input_prim = sh->gs_output_prim = sh->gs_max_vertices = -1;
   sh->ir = ir_parse(f->arena, text, &error);
   if (!sh->ir)
      fail_msg("IR does not parse: %s", error);
   f->shaders[f->count++] = sh;
}

static struct glsl_program *
link(struct fixture *f, const struct glsl_link_options *o)
{
   f->prog = glsl_link_program(f->shaders, f->count, o);
   assert_non_null(f->prog);
   return f->prog;
}

static void
assert_link_error(struct fixture *f, const struct glsl_link_options *o,
                  const char *needle)
{
   struct glsl_program *p = link(f, o);
   assert_false(p->ok);
   if (!strstr(p->info_log, needle))
      fail_msg("log \"%s\" lacks \"%s\"", p->info_log, needle);
}

static struct ir_variable *
var(struct glsl_program *p, enum ir_stage s, const char *name)
{
   struct ir_variable *v = ir_shader_find_variable(p->stages[s], name);
   if (!v)
      fail_msg("no variable %s", name);
   return v;
}

/* A vertex shader writing @pos and the named vec4 outputs from input
 * @a, and a fragment shader reading them. */
#define VS_HEAD "shader vertex\nvar shader_in vec4 @a\n"
#define VS_BODY(stores)                           \
   "fn main {\n  b0:\n    %0:32 = deref_var @a\n" \
   "    %1:32x4 = load_deref %0\n" stores "}\n"
#define STORE(n, name)                      \
   "    %" #n ":32 = deref_var @" name "\n" \
   "    store_deref %" #n ", %1 write_mask=15\n"

static const char *const fs_reads_v =
   "shader fragment\n"
   "var shader_in vec4 @v\n"
   "var shader_out vec4 @o\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @v\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32 = deref_var @o\n"
   "    store_deref %2, %1 write_mask=15\n}\n";

static void
varyings_match_by_name(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 130, false,
       VS_HEAD "var shader_out vec4 @w\nvar shader_out vec4 @v\n" VS_BODY(
          STORE(2, "w") STORE(3, "v")));
   add(f, IR_STAGE_FRAGMENT, 130, false, fs_reads_v);
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "w")->location,
                    IR_VARYING_SLOT_VAR0);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "v")->location,
                    IR_VARYING_SLOT_VAR0 + 1);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "v")->location,
                    IR_VARYING_SLOT_VAR0 + 1);
   /* The attribute and the output got location 0. */
   assert_int_equal(var(p, IR_STAGE_VERTEX, "a")->location, 0);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "o")->location, 0);
   assert_int_equal(p->num_attributes, 1);
   assert_string_equal(p->attributes[0].name, "a");
   assert_int_equal(p->num_outputs, 1);
   /* The compiled shaders were not changed. */
   assert_int_equal(ir_shader_find_variable(f->shaders[0]->ir, "v")->location,
                    -1);
}

/* 40 float varyings need packing (32 user slots): they share slots four
 * at a time, the fragment inputs follow, and an int varying (flat) does
 * not share a slot with floats. */
static void
varyings_pack_when_needed(void **state)
{
   struct fixture *f = *state;
   char vs[8192], fs[8192];
   int nv = snprintf(vs, sizeof(vs), "shader vertex\n");
   int nf = snprintf(fs, sizeof(fs), "shader fragment\n");
   for (unsigned i = 0; i < 40; i++) {
      nv += snprintf(vs + nv, sizeof(vs) - (size_t)nv,
                     "var shader_out float @v%u\n", i);
      nf += snprintf(fs + nf, sizeof(fs) - (size_t)nf,
                     "var shader_in float @v%u\n", i);
   }
   nv += snprintf(vs + nv, sizeof(vs) - (size_t)nv,
                  "var shader_out int @k interp=flat\nfn main {\n  b0:\n}\n");
   nf += snprintf(fs + nf, sizeof(fs) - (size_t)nf,
                  "var shader_in int @k interp=flat\nfn main {\n  b0:\n}\n");
   add(f, IR_STAGE_VERTEX, 130, false, vs);
   add(f, IR_STAGE_FRAGMENT, 130, false, fs);
   struct glsl_program *p = link(f, NULL);
   if (!p->ok)
      fail_msg("%s", p->info_log);
   struct ir_variable *v0 = var(p, IR_STAGE_VERTEX, "v0");
   struct ir_variable *v5 = var(p, IR_STAGE_VERTEX, "v5");
   assert_int_equal(v0->location, IR_VARYING_SLOT_VAR0);
   assert_int_equal(v0->component, 0);
   assert_int_equal(v5->location, IR_VARYING_SLOT_VAR0 + 1);
   assert_int_equal(v5->component, 1);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "v5")->location,
                    IR_VARYING_SLOT_VAR0 + 1);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "v5")->component, 1);
   /* 40 floats fill slots VAR0..VAR0+9; the int starts its own. */
   struct ir_variable *k = var(p, IR_STAGE_VERTEX, "k");
   assert_int_equal(k->location, IR_VARYING_SLOT_VAR0 + 10);
   assert_int_equal(k->component, 0);
}

static void
used_input_without_output_fails(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false, VS_HEAD VS_BODY(""));
   add(f, IR_STAGE_FRAGMENT, 120, false, fs_reads_v);
   assert_link_error(f, NULL, "`v' has no matching output");
}

static void
unused_input_without_output_links(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false, VS_HEAD VS_BODY(""));
   add(f, IR_STAGE_FRAGMENT, 120, false,
       "shader fragment\nvar shader_in vec4 @v\nfn main {\n  b0:\n}\n");
   assert_true(link(f, NULL)->ok);
}

static void
varying_type_mismatch_fails(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false,
       VS_HEAD "var shader_out vec3 @v\n"
               "fn main {\n  b0:\n    %0:32 = deref_var @a\n"
               "    %1:32x4 = load_deref %0\n    %2:32x3 = mov %1.xyz\n"
               "    %3:32 = deref_var @v\n"
               "    store_deref %3, %2 write_mask=7\n}\n");
   add(f, IR_STAGE_FRAGMENT, 120, false, fs_reads_v);
   assert_link_error(f, NULL, "`v' is vec3 in the vertex shader but vec4");
}

static const char *const vs_flat_v =
   VS_HEAD "var shader_out vec4 @v interp=flat\n" VS_BODY(STORE(2, "v"));

static void
interpolation_mismatch_fails_from_130(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 130, false, vs_flat_v);
   add(f, IR_STAGE_FRAGMENT, 130, false, fs_reads_v);
   assert_link_error(f, NULL, "different interpolation qualifiers");
}

static void
interpolation_mismatch_links_in_120(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false, vs_flat_v);
   add(f, IR_STAGE_FRAGMENT, 120, false, fs_reads_v);
   assert_true(link(f, NULL)->ok);
}

static void
missing_main_fails(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false,
       "shader vertex\nfn helper {\n  b0:\n}\nfn other {\n  b0:\n}\n");
   assert_link_error(f, NULL, "vertex shader lacks `main'");
}

static void
attribute_locations(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 330, false,
       "shader vertex\n"
       "var shader_in mat4 @m\n"
       "var shader_in vec4 @x location=1\n"
       "var shader_in vec4 @bound\n"
       "var shader_in vec4 @gl_Vertex\n"
       "fn main {\n  b0:\n"
       "    %0:32 = deref_var @m\n    %1:32 = load_const 0\n"
       "    %2:32 = deref_array %0[%1]\n    %3:32x4 = load_deref %2\n"
       "    %4:32 = deref_var @x\n    %5:32x4 = load_deref %4\n"
       "    %6:32 = deref_var @gl_Vertex\n    %7:32x4 = load_deref %6\n"
       "}\n");
   struct glsl_link_binding b = { "bound", 7, 0 };
   struct glsl_link_options o = { .attrib_bindings = &b,
                                  .num_attrib_bindings = 1 };
   struct glsl_program *p = link(f, &o);
   assert_true(p->ok);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "x")->location, 1);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "bound")->location, 7);
   /* mat4 needs 4 free slots: 0 is free but 1 is taken, so 2..5. */
   assert_int_equal(var(p, IR_STAGE_VERTEX, "m")->location, 2);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "gl_Vertex")->location,
                    GLSL_LINK_BUILTIN_ATTRIB_BASE);
   /* "bound" is not used: it is not active. */
   assert_int_equal(p->num_attributes, 3);
}

/* A shader that reads gl_Vertex leaves generic attribute 0 (its alias)
 * to it; one that does not gets 0 for its first attribute. */
static void
attribute_zero_aliases_gl_vertex(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false,
       "shader vertex\n"
       "var shader_in vec4 @c\n"
       "var shader_in vec4 @gl_Vertex\n"
       "fn main {\n  b0:\n"
       "    %0:32 = deref_var @c\n    %1:32x4 = load_deref %0\n"
       "    %2:32 = deref_var @gl_Vertex\n    %3:32x4 = load_deref %2\n"
       "}\n");
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "c")->location, 1);
}

static void
attribute_zero_without_gl_vertex(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false,
       "shader vertex\n"
       "var shader_in vec4 @c\n"
       "fn main {\n  b0:\n"
       "    %0:32 = deref_var @c\n    %1:32x4 = load_deref %0\n"
       "}\n");
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "c")->location, 0);
}

static void
too_many_attributes_fails(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 330, false,
       "shader vertex\nvar shader_in mat4[5] @m\nfn main {\n  b0:\n}\n");
   assert_link_error(f, NULL, "too many vertex attributes");
}

static void
overlapping_explicit_attributes_fail(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 330, false,
       "shader vertex\nvar shader_in mat2 @m location=3\n"
       "var shader_in vec4 @x location=4\nfn main {\n  b0:\n}\n");
   assert_link_error(f, NULL, "overlaps");
}

static const char *const fs_frag_color =
   "shader fragment\n"
   "var shader_out vec4 @gl_FragColor location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = load_const 0.5\n"
   "    %1:32x4 = vec4 %0, %0, %0, %0\n"
   "    %2:32 = deref_var @gl_FragColor\n"
   "    store_deref %2, %1 write_mask=15\n}\n";

static void
frag_color_is_broadcast(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_FRAGMENT, 110, false, fs_frag_color);
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   unsigned outputs = 0, mask = 0;
   ir_foreach_variable (p->stages[IR_STAGE_FRAGMENT], v) {
      if (v->mode == IR_VAR_SHADER_OUT) {
         outputs++;
         mask |= 1u << v->location;
      }
   }
   assert_int_equal(outputs, 8);
   assert_int_equal(mask, 0xff);
}

/* Found by the fuzzer: with a return in main, copying gl_FragColor at the
 * end of main inserted code after a jump (and would have skipped the
 * early path); each store is repeated instead. */
static void
frag_color_broadcast_with_return(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_FRAGMENT, 110, false,
       "shader fragment\n"
       "var shader_out vec4 @gl_FragColor location=0\n"
       "fn main {\n"
       "  b0:\n"
       "    %0:32 = load_const 0.5\n"
       "    %1:32x4 = vec4 %0, %0, %0, %0\n"
       "    %2:32 = deref_var @gl_FragColor\n"
       "    %3:1 = load_const true\n"
       "  if %3 {\n"
       "    b1:\n"
       "      store_deref %2, %1 write_mask=15\n"
       "      return\n"
       "  } else {\n"
       "    b2:\n"
       "  }\n"
       "  b3:\n"
       "    store_deref %2, %1 write_mask=3\n"
       "}\n");
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   unsigned stores = 0;
   ir_foreach_function (p->stages[IR_STAGE_FRAGMENT], fn) {
      ir_foreach_block (fn, b) {
         ir_foreach_instr (b, instr) {
            struct ir_intrinsic *in = ir_instr_as_intrinsic(instr);
            stores += in && in->op == IR_INTRINSIC_STORE_DEREF;
         }
      }
   }
   assert_int_equal(stores, 2 * 8);
}

static void
frag_color_and_user_output_fail(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_FRAGMENT, 130, false,
       "shader fragment\n"
       "var shader_out vec4 @gl_FragColor location=0\n"
       "var shader_out vec4 @o\n"
       "fn main {\n  b0:\n"
       "    %0:32 = load_const 0.5\n"
       "    %1:32x4 = vec4 %0, %0, %0, %0\n"
       "    %2:32 = deref_var @gl_FragColor\n"
       "    store_deref %2, %1 write_mask=15\n"
       "    %3:32 = deref_var @o\n"
       "    store_deref %3, %1 write_mask=15\n}\n");
   assert_link_error(f, NULL, "both user-defined outputs");
}

/* Declaring a user output next to gl_FragColor is fine as long as the
 * shader does not write it (GLSL 1.30, 7.2 speaks of assignments). */
static void
frag_color_and_unwritten_user_output(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_FRAGMENT, 130, false,
       "shader fragment\n"
       "var shader_out vec4 @gl_FragColor location=0\n"
       "var shader_out vec4 @o\n"
       "fn main {\n  b0:\n"
       "    %0:32 = load_const 0.5\n"
       "    %1:32x4 = vec4 %0, %0, %0, %0\n"
       "    %2:32 = deref_var @gl_FragColor\n"
       "    store_deref %2, %1 write_mask=15\n}\n");
   struct glsl_program *p = link(f, NULL);
   if (!p->ok)
      fail_msg("%s", p->info_log);
}

static void
es_outputs_need_locations(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 300, true, VS_HEAD VS_BODY(""));
   add(f, IR_STAGE_FRAGMENT, 300, true,
       "shader fragment\nvar shader_out vec4 @a location=0\n"
       "var shader_out vec4 @b\nfn main {\n  b0:\n}\n");
   assert_link_error(f, NULL, "needs a location");
}

static void
frag_outputs_bound_and_automatic(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_FRAGMENT, 330, false,
       "shader fragment\nvar shader_out vec4 @a\n"
       "var shader_out vec4 @b\nvar shader_out vec4 @c location=0\n"
       "fn main {\n  b0:\n}\n");
   struct glsl_link_binding b = { "b", 3, 0 };
   struct glsl_link_options o = { .frag_data_bindings = &b,
                                  .num_frag_data_bindings = 1 };
   struct glsl_program *p = link(f, &o);
   assert_true(p->ok);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "c")->location, 0);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "b")->location, 3);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "a")->location, 1);
}

static const char *const uniforms_vs =
   "shader vertex\n"
   "type S = struct { vec3 a; float[2] b; }\n"
   "var uniform float @f\n"
   "var uniform S @s\n"
   "var uniform vec4[3] @arr\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @f\n    %1:32 = load_deref %0\n"
   "    %2:32 = deref_var @s\n    %3:32 = deref_struct %2.a\n"
   "    %4:32x3 = load_deref %3\n"
   "    %5:32 = deref_var @arr\n    %6:32 = load_const 1\n"
   "    %7:32 = deref_array %5[%6]\n    %8:32x4 = load_deref %7\n}\n";

static void
uniform_names_and_locations(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false, uniforms_vs);
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(p->num_uniforms, 4);
   assert_string_equal(p->uniforms[0].name, "f");
   assert_string_equal(p->uniforms[1].name, "s.a");
   assert_string_equal(p->uniforms[2].name, "s.b[0]");
   assert_int_equal(p->uniforms[2].array_size, 2);
   assert_string_equal(p->uniforms[3].name, "arr[0]");
   /* std140: f at 0, s at 16 (a 16, b 32 and 48), arr at 64. */
   assert_int_equal(p->uniforms[1].offset, 16);
   assert_int_equal(p->uniforms[2].offset, 32);
   assert_int_equal(p->uniforms[2].array_stride, 16);
   assert_int_equal(p->uniforms[3].offset, 64);
   assert_int_equal(p->default_block_size, 112);
   assert_int_equal(p->num_locations, 1 + 1 + 2 + 3);
   assert_int_equal(glsl_program_uniform_location(p, "f"), 0);
   assert_int_equal(glsl_program_uniform_location(p, "s.b[1]"), 3);
   assert_int_equal(glsl_program_uniform_location(p, "arr"), 4);
   assert_int_equal(glsl_program_uniform_location(p, "arr[2]"), 6);
   assert_int_equal(glsl_program_uniform_location(p, "arr[3]"), -1);
   assert_int_equal(glsl_program_uniform_location(p, "f[0]"), -1);
   assert_int_equal(glsl_program_uniform_location(p, "s"), -1);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "arr")->driver_location, 64);
}

static void
uniforms_share_offsets_across_stages(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false,
       "shader vertex\nvar uniform vec4 @only_vs\nvar uniform float @both\n"
       "fn main {\n  b0:\n    %0:32 = deref_var @both\n"
       "    %1:32 = load_deref %0\n}\n");
   add(f, IR_STAGE_FRAGMENT, 120, false,
       "shader fragment\nvar uniform float @both\nfn main {\n  b0:\n"
       "    %0:32 = deref_var @both\n    %1:32 = load_deref %0\n}\n");
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(var(p, IR_STAGE_VERTEX, "both")->driver_location, 16);
   assert_int_equal(var(p, IR_STAGE_FRAGMENT, "both")->driver_location, 16);
   /* only_vs is never read: not active. */
   assert_int_equal(p->num_uniforms, 1);
}

static void
uniform_type_mismatch_fails(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 120, false,
       "shader vertex\nvar uniform vec4 @u\nfn main {\n  b0:\n}\n");
   add(f, IR_STAGE_FRAGMENT, 120, false,
       "shader fragment\nvar uniform vec3 @u\nfn main {\n  b0:\n}\n");
   assert_link_error(f, NULL, "uniform `u' is vec4 in one stage and vec3");
}

static void
sampler_slots_per_stage(void **state)
{
   struct fixture *f = *state;
   /* @t0 is read only by a tex instruction (translated samplers have no
    * derefs), @ts through a deref, @t2 not at all. */
   add(f, IR_STAGE_FRAGMENT, 130, false,
       "shader fragment\n"
       "var uniform sampler2D @t0\n"
       "var uniform sampler2D[2] @ts\n"
       "var uniform sampler2D @t2\n"
       "fn main {\n  b0:\n"
       "    %0:32 = load_const 0.5\n"
       "    %1:32x2 = vec2 %0, %0\n"
       "    %2:32x4 = tex tex 2d float texture=0 sampler=0 coord=%1\n"
       "    %3:32 = deref_var @ts\n}\n");
   ir_foreach_variable (f->shaders[0]->ir, v) {
      v->driver_location = strcmp(v->name, "t0") == 0   ? 0
                           : strcmp(v->name, "ts") == 0 ? 1
                                                        : 3;
   }
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(p->num_uniforms, 2);
   assert_string_equal(p->uniforms[0].name, "t0");
   assert_int_equal(p->uniforms[0].texture_slot[IR_STAGE_FRAGMENT], 0);
   assert_int_equal(p->uniforms[0].texture_slot[IR_STAGE_VERTEX], -1);
   assert_string_equal(p->uniforms[1].name, "ts[0]");
   assert_int_equal(p->uniforms[1].texture_slot[IR_STAGE_FRAGMENT], 1);
   assert_int_equal(glsl_program_uniform_location(p, "ts[1]"), 2);
   assert_int_equal(glsl_program_uniform_location(p, "t2"), -1);
   assert_int_equal(p->default_block_size, 0);
}

static void
uniform_blocks(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_FRAGMENT, 140, false,
       "shader fragment\n"
       "type B = interface std140 { vec4 x offset=0; float y offset=16; }\n"
       "type C = interface std140 { mat4 m offset=0; }\n"
       "var ubo B @B\n"
       "var ubo C @inst binding=2\n"
       "fn main {\n  b0:\n}\n");
   struct glsl_program *p = link(f, NULL);
   assert_true(p->ok);
   assert_int_equal(p->num_blocks, 2);
   assert_string_equal(p->blocks[0].name, "B");
   assert_int_equal(p->blocks[0].data_size, 32);
   assert_int_equal(p->blocks[0].num_uniforms, 2);
   assert_string_equal(p->uniforms[p->blocks[0].first_uniform].name, "x");
   assert_int_equal(p->uniforms[p->blocks[0].first_uniform + 1].offset, 16);
   assert_string_equal(p->blocks[1].name, "C");
   assert_int_equal(p->blocks[1].binding, 2);
   assert_string_equal(p->uniforms[p->blocks[1].first_uniform].name, "C.m");
   assert_int_equal(p->uniforms[p->blocks[1].first_uniform].location, -1);
   assert_int_equal(p->uniforms[p->blocks[1].first_uniform].matrix_stride, 16);
   assert_int_equal(p->num_locations, 0);
}

static void
xfb_interleaved(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 130, false,
       VS_HEAD "var shader_out vec4 @gl_Position location=0\n"
               "var shader_out vec4 @v\nvar shader_out vec2[3] @arr\n" VS_BODY(
                  STORE(2, "gl_Position") STORE(3, "v")));
   const char *names[] = { "v", "gl_Position", "arr[1]", "arr" };
   struct glsl_link_options o = { .xfb_varyings = names,
                                  .num_xfb_varyings = 4,
                                  .xfb_interleaved = true };
   struct glsl_program *p = link(f, &o);
   assert_true(p->ok);
   assert_int_equal(p->num_xfb_varyings, 4);
   assert_int_equal(p->xfb_varyings[3].size, 3);
   assert_int_equal(p->num_xfb_outputs, 1 + 1 + 1 + 3);
   assert_int_equal(p->xfb_outputs[0].slot, IR_VARYING_SLOT_VAR0);
   assert_int_equal(p->xfb_outputs[1].slot, IR_VARYING_SLOT_POS);
   assert_int_equal(p->xfb_outputs[1].dst_offset, 4);
   assert_int_equal(p->xfb_outputs[2].slot, IR_VARYING_SLOT_VAR0 + 2);
   assert_int_equal(p->xfb_outputs[2].num_components, 2);
   assert_int_equal(p->xfb_stride[0], 4 + 4 + 2 + 6);
}

static void
xfb_unknown_name_fails(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 130, false, VS_HEAD VS_BODY(""));
   const char *names[] = { "nope" };
   struct glsl_link_options o = { .xfb_varyings = names,
                                  .num_xfb_varyings = 1 };
   assert_link_error(f, &o, "`nope' is not an output");
}

static void
es_and_desktop_do_not_mix(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 100, true, VS_HEAD VS_BODY(""));
   add(f, IR_STAGE_FRAGMENT, 110, false,
       "shader fragment\nfn main {\n  b0:\n}\n");
   assert_link_error(f, NULL, "cannot link ES and desktop");
}

static void
geometry_needs_layouts(void **state)
{
   struct fixture *f = *state;
   add(f, IR_STAGE_VERTEX, 150, false, VS_HEAD VS_BODY(""));
   add(f, IR_STAGE_GEOMETRY, 150, false,
       "shader geometry\nfn main {\n  b0:\n}\n");
   assert_link_error(f, NULL, "didn't declare its input primitive");
}

static void
no_shaders_fails(void **state)
{
   struct fixture *f = *state;
   assert_link_error(f, NULL, "no shaders");
}

/* A geometry shader reading gl_in[1].gl_Position, gl_PointSize and
 * @vcol[1] (the IR the translation makes of gl_in). */
static const char *const gs_reads_gl_in =
   "shader geometry\n"
   "info input_prim=triangles output_prim=triangle_strip max_vertices=3\n"
   "type gl_PerVertex = interface { vec4 gl_Position; float gl_PointSize; "
   "float[] gl_ClipDistance; }\n"
   "var shader_in vec4[3] @vcol\n"
   "var shader_out vec4 @gcol\n"
   "var shader_out vec4 @gl_Position location=0\n"
   "var shader_in gl_PerVertex[3] @gl_in\n"
   "fn main {\n  b0:\n"
   "    %0:32 = load_const 1\n"
   "    %1:32 = deref_var @gl_in\n"
   "    %2:32 = deref_array %1[%0]\n"
   "    %3:32 = deref_struct %2.gl_Position\n"
   "    %4:32x4 = load_deref %3\n"
   "    %5:32 = deref_struct %2.gl_PointSize\n"
   "    %6:32 = load_deref %5\n"
   "    %7:32x4 = fmul %4, %6.xxxx\n"
   "    %8:32 = deref_var @gl_Position\n"
   "    store_deref %8, %7 write_mask=15\n"
   "    %9:32 = deref_var @vcol\n"
   "    %10:32 = deref_array %9[%0]\n"
   "    %11:32x4 = load_deref %10\n"
   "    %12:32 = deref_var @gcol\n"
   "    store_deref %12, %11 write_mask=15\n"
   "    emit_vertex\n"
   "}\n";

static void
add_gs(struct fixture *f, const char *text)
{
   add(f, IR_STAGE_VERTEX, 150, false,
       VS_HEAD "var shader_out vec4 @gl_Position location=0\n"
               "var shader_out vec4 @vcol\n" VS_BODY(STORE(2, "gl_Position")
                                                        STORE(3, "vcol")));
   add(f, IR_STAGE_GEOMETRY, 150, false, text);
   struct glsl_shader *gs = f->shaders[f->count - 1];
   gs->gs_input_prim = IR_PRIM_TRIANGLES;
   gs->gs_output_prim = IR_PRIM_TRIANGLE_STRIP;
   gs->gs_max_vertices = 3;
}

static void
gs_inputs_become_arrays_over_vertices(void **state)
{
   struct fixture *f = *state;
   add_gs(f, gs_reads_gl_in);
   struct glsl_program *p = link(f, NULL);
   if (!p->ok)
      fail_msg("%s", p->info_log);
   struct ir_shader *gs = p->stages[IR_STAGE_GEOMETRY];
   assert_null(ir_shader_find_variable(gs, "gl_in"));
   struct ir_variable *pos = var(p, IR_STAGE_GEOMETRY, "gl_in.gl_Position");
   assert_int_equal(pos->mode, IR_VAR_SHADER_IN);
   assert_int_equal(pos->location, IR_VARYING_SLOT_POS);
   assert_true(ir_type_is_array(pos->type));
   assert_int_equal(pos->type->length, 3);
   assert_true(pos->type->element == ir_type_get_vector(IR_TYPE_FLOAT, 4));
   struct ir_variable *psiz = var(p, IR_STAGE_GEOMETRY, "gl_in.gl_PointSize");
   assert_int_equal(psiz->location, IR_VARYING_SLOT_PSIZ);
   assert_true(psiz->type->element == ir_type_get_scalar(IR_TYPE_FLOAT));
   /* gl_ClipDistance is not read: no variable for it. */
   assert_null(ir_shader_find_variable(gs, "gl_in.gl_ClipDistance"));
   assert_int_equal(var(p, IR_STAGE_GEOMETRY, "vcol")->location,
                    IR_VARYING_SLOT_VAR0);

   /* Every shader input is reached as deref_var -> deref_array [1]. */
   unsigned loads = 0;
   ir_foreach_function (gs, fn) {
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (!d)
               continue;
            assert_int_not_equal(d->deref_kind, IR_DEREF_STRUCT);
            if (d->deref_kind == IR_DEREF_ARRAY &&
                d->var->mode == IR_VAR_SHADER_IN) {
               struct ir_deref *root = ir_src_as_deref(&d->parent);
               assert_non_null(root);
               assert_int_equal(root->deref_kind, IR_DEREF_VAR);
               loads++;
            }
         }
      }
   }
   assert_int_equal(loads, 3);
}

/* gl_in[i].gl_ClipDistance[j] (unsized in the block: the limit's 8)
 * becomes vec4[2] per vertex at CLIP_DIST0, element j component j % 4 of
 * vector j / 4. */
static void
gs_clip_distance_input_packed(void **state)
{
   struct fixture *f = *state;
   add_gs(f, "shader geometry\n"
             "type gl_PerVertex = interface { vec4 gl_Position; "
             "float gl_PointSize; float[] gl_ClipDistance; }\n"
             "var shader_out vec4 @gl_Position location=0\n"
             "var shader_in gl_PerVertex[3] @gl_in\n"
             "fn main {\n  b0:\n"
             "    %0:32 = load_const 1\n"
             "    %1:32 = deref_var @gl_in\n"
             "    %2:32 = deref_array %1[%0]\n"
             "    %3:32 = deref_struct %2.gl_ClipDistance\n"
             "    %4:32 = deref_array %3[%0]\n"
             "    %5:32 = load_deref %4\n"
             "    %6:32x4 = vec4 %5, %5, %5, %5\n"
             "    %7:32 = deref_var @gl_Position\n"
             "    store_deref %7, %6 write_mask=15\n"
             "    emit_vertex\n"
             "}\n");
   struct glsl_program *p = link(f, NULL);
   if (!p->ok)
      fail_msg("%s", p->info_log);
   struct ir_variable *cd = NULL;
   ir_foreach_variable (p->stages[IR_STAGE_GEOMETRY], var) {
      if (strcmp(var->name, "gl_in.gl_ClipDistance") == 0)
         cd = var;
   }
   assert_non_null(cd);
   assert_int_equal(cd->location, IR_VARYING_SLOT_CLIP_DIST0);
   assert_true(ir_type_is_array(cd->type));
   assert_int_equal(cd->type->length, 3);
   const struct ir_type *per_vertex = cd->type->element;
   assert_true(ir_type_is_array(per_vertex));
   assert_int_equal(per_vertex->length, 2);
   assert_true(
      ir_type_equal(per_vertex->element, ir_type_get_vector(IR_TYPE_FLOAT, 4)));
}

#define T(fn) cmocka_unit_test_setup_teardown(fn, setup, teardown)

int
main(void)
{
   const struct CMUnitTest tests[] = {
      T(varyings_match_by_name),
      T(varyings_pack_when_needed),
      T(used_input_without_output_fails),
      T(unused_input_without_output_links),
      T(varying_type_mismatch_fails),
      T(interpolation_mismatch_fails_from_130),
      T(interpolation_mismatch_links_in_120),
      T(missing_main_fails),
      T(attribute_locations),
      T(attribute_zero_aliases_gl_vertex),
      T(attribute_zero_without_gl_vertex),
      T(too_many_attributes_fails),
      T(overlapping_explicit_attributes_fail),
      T(frag_color_is_broadcast),
      T(frag_color_broadcast_with_return),
      T(frag_color_and_user_output_fail),
      T(frag_color_and_unwritten_user_output),
      T(es_outputs_need_locations),
      T(frag_outputs_bound_and_automatic),
      T(uniform_names_and_locations),
      T(uniforms_share_offsets_across_stages),
      T(uniform_type_mismatch_fails),
      T(sampler_slots_per_stage),
      T(uniform_blocks),
      T(xfb_interleaved),
      T(xfb_unknown_name_fails),
      T(es_and_desktop_do_not_mix),
      T(geometry_needs_layouts),
      T(no_shaders_fails),
      T(gs_inputs_become_arrays_over_vertices),
      T(gs_clip_distance_input_packed),
   };
   return cmocka_run_group_tests_name("glsl_link", tests, NULL, NULL);
}
