/* SPDX-License-Identifier: MIT */

/*
 * Link-time rules between stages, from GLSL source: the interpolation of
 * the built-in colours, invariance, ESSL uniform precisions and the
 * invariant gl_FragCoord, gl_Position written, varyings read but never
 * written, gl_ClipVertex with gl_ClipDistance, gl_PerVertex redeclared
 * alike by the vertex and geometry shaders, interface blocks matched by
 * block name with their members,
 * unsized arrays in blocks, uniform blocks alike in every stage, and
 * uniform initializers given by one stage.  Each rule has a program that
 * must fail and one that must still link.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "glsl_link.h"

#define MAX_SHADERS 3

struct stage_src {
   enum ir_stage stage;
   const char *src;
};

/* Compiles @p n shaders (ES when @p es) and links them. */
static struct glsl_program *
link_srcs(const struct stage_src *srcs, unsigned n, bool es,
          struct glsl_shader **sh)
{
   struct glsl_compile_options o = {
      .max_version = es ? 300 : 330,
      .es = es,
      .context_profile = GLSL_PROFILE_COMPAT,
   };
   for (unsigned i = 0; i < n; i++) {
      sh[i] = glsl_compile_shader(srcs[i].stage, &srcs[i].src, 1, &o);
      assert_non_null(sh[i]);
      if (!sh[i]->ok)
         fail_msg("compile failed:\n%s\n%s", sh[i]->info_log, srcs[i].src);
   }
   struct glsl_program *p = glsl_link_program(sh, n, NULL);
   assert_non_null(p);
   return p;
}

static void
destroy(struct glsl_program *p, struct glsl_shader **sh, unsigned n)
{
   glsl_program_destroy(p);
   for (unsigned i = 0; i < n; i++)
      glsl_shader_destroy(sh[i]);
}

/* A vertex and a fragment shader must link, or fail with @p needle in
 * the log (NULL: must link). */
static struct glsl_program *
vs_fs(const char *vs, const char *fs, bool es, const char *needle,
      struct glsl_shader **sh)
{
   const struct stage_src srcs[] = { { IR_STAGE_VERTEX, vs },
                                     { IR_STAGE_FRAGMENT, fs } };
   struct glsl_program *p = link_srcs(srcs, 2, es, sh);
   if (!needle && !p->ok)
      fail_msg("link failed:\n%s", p->info_log);
   if (needle && (p->ok || !strstr(p->info_log, needle)))
      fail_msg("expected \"%s\", got: %s", needle,
               p->ok ? "success" : p->info_log);
   return p;
}

static void
expect(const char *vs, const char *fs, bool es, const char *needle)
{
   struct glsl_shader *sh[2];
   destroy(vs_fs(vs, fs, es, needle, sh), sh, 2);
}

static const char *const fs_color = "#version 130\n"
                                    "out vec4 c;\n"
                                    "void main() { c = gl_Color; }\n";

/* GLSL 1.30, 4.3.7: gl_Color and gl_FrontColor / gl_BackColor agree on
 * the written qualifier where used; "smooth" differs from nothing. */
static void
builtin_color_interpolation(void **state)
{
   (void)state;
   expect("#version 130\n"
          "void main() { gl_Position = vec4(0); gl_FrontColor = vec4(0); }\n",
          "#version 130\nflat in vec4 gl_Color;\nout vec4 c;\n"
          "void main() { c = gl_Color; }\n",
          false, "interpolation");
   expect("#version 130\nsmooth out vec4 gl_FrontColor;\n"
          "void main() { gl_Position = vec4(0); gl_FrontColor = vec4(0); }\n",
          fs_color, false, "interpolation");
   /* Two outputs of the vertex shader alone. */
   expect("#version 130\nflat out vec4 gl_BackColor;\n"
          "void main() { gl_Position = vec4(0); gl_FrontColor = vec4(0);\n"
          "  gl_BackColor = vec4(1); }\n",
          "#version 130\nout vec4 c;\nvoid main() { c = vec4(0); }\n", false,
          "interpolation");
   /* Alike, or the other side unused: links. */
   expect("#version 130\nflat out vec4 gl_FrontSecondaryColor;\n"
          "void main() { gl_Position = vec4(0);\n"
          "  gl_FrontSecondaryColor = vec4(0); }\n",
          "#version 130\nflat in vec4 gl_SecondaryColor;\nout vec4 c;\n"
          "void main() { c = gl_SecondaryColor; }\n",
          false, NULL);
   expect("#version 130\nflat out vec4 gl_BackColor;\n"
          "void main() { gl_Position = vec4(0); gl_BackColor = vec4(0); }\n",
          "#version 130\nout vec4 c;\nvoid main() { c = vec4(0); }\n", false,
          NULL);
}

/* GLSL 1.20 - 4.20: an invariant output's input is invariant too. */
static void
invariance_matches(void **state)
{
   (void)state;
   expect("#version 150\ninvariant out vec4 v;\n"
          "void main() { gl_Position = vec4(0); v = vec4(1); }\n",
          "#version 150\nin vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n",
          false, "invariant");
   expect("#version 150\ninvariant out vec4 v;\n"
          "void main() { gl_Position = vec4(0); v = vec4(1); }\n",
          "#version 150\ninvariant in vec4 v;\nout vec4 c;\n"
          "void main() { c = v; }\n",
          false, NULL);
}

/* ESSL: a uniform of both stages has one precision (defaults counted;
 * 3.00 used or not, 1.00 where both use it); an invariant gl_FragCoord
 * needs an invariant gl_Position; ESSL does not require gl_Position. */
static void
es_rules(void **state)
{
   (void)state;
   const char *vs = "#version 300 es\nprecision highp float;\n"
                    "uniform float f;\n"
                    "void main() { gl_Position = vec4(1.0); }\n";
   expect(vs,
          "#version 300 es\nprecision mediump float;\nuniform float f;\n"
          "out vec4 c;\nvoid main() { c = vec4(f); }\n",
          true, "precision");
   expect(vs,
          "#version 300 es\nprecision mediump float;\n"
          "uniform highp float f;\n"
          "out vec4 c;\nvoid main() { c = vec4(f); }\n",
          true, NULL);
   /* ESSL 1.00 compares only uniforms both stages use. */
   expect("precision highp float;\nuniform float f;\n"
          "void main() { gl_Position = vec4(1.0); }\n",
          "precision mediump float;\nuniform float f;\n"
          "void main() { gl_FragColor = vec4(f); }\n",
          true, NULL);
   expect("precision highp float;\nuniform float f;\n"
          "void main() { gl_Position = vec4(f); }\n",
          "precision mediump float;\nuniform float f;\n"
          "void main() { gl_FragColor = vec4(f); }\n",
          true, "precision");
   /* The vertex default is highp. */
   expect("#version 300 es\nuniform float f;\n"
          "void main() { gl_Position = vec4(f); }\n",
          "#version 300 es\nprecision highp float;\nuniform float f;\n"
          "out vec4 c;\nvoid main() { c = vec4(f); }\n",
          true, NULL);
   expect("void main() { }\n", "void main() { gl_FragColor = vec4(0.0); }\n",
          true, NULL);
   expect("void main() { gl_Position = vec4(0.0); }\n",
          "invariant gl_FragCoord;\n"
          "void main() { gl_FragColor = vec4(gl_FragCoord.x); }\n",
          true, "gl_FragCoord is invariant");
   expect("invariant gl_Position;\nvoid main() { gl_Position = vec4(0.0); }\n",
          "invariant gl_FragCoord;\n"
          "void main() { gl_FragColor = vec4(gl_FragCoord.x); }\n",
          true, NULL);
}

/* GLSL 1.10/1.20: gl_Position is written, a varying read by the
 * fragment shader is written by the vertex shader.  1.40 relaxes the
 * first, 1.30 the second. */
static void
writes_required(void **state)
{
   (void)state;
   const char *fs = "void main() { gl_FragColor = gl_Color; }\n";
   expect("void main() { gl_FrontColor = vec4(0.3); }\n", fs, false,
          "gl_Position");
   expect("#version 140\nout vec4 v;\nvoid main() { v = vec4(0.3); }\n",
          "#version 140\nin vec4 v;\nout vec4 c;\nvoid main() { c = v; }\n",
          false, NULL);
   expect("varying vec4 foo;\nvoid main() { gl_Position = ftransform(); }\n",
          "varying vec4 foo;\nvoid main() { gl_FragColor = foo; }\n", false,
          "never written");
   expect("#version 130\nout vec4 foo;\n"
          "void main() { gl_Position = ftransform(); }\n",
          "#version 130\nin vec4 foo;\nout vec4 c;\n"
          "void main() { c = foo; }\n",
          false, NULL);
}

/* GLSL 1.30, 7.1: gl_ClipVertex or gl_ClipDistance, not both. */
static void
clip_vertex_and_distance(void **state)
{
   (void)state;
   const char *fs = "#version 130\nout vec4 c;\nvoid main() { c = vec4(0); }\n";
   expect("#version 130\nout float gl_ClipDistance[1];\n"
          "void main() { gl_Position = vec4(0); gl_ClipVertex = vec4(0);\n"
          "  gl_ClipDistance[0] = 1.0; }\n",
          fs, false, "both gl_ClipVertex and gl_ClipDistance");
   expect("#version 130\nout float gl_ClipDistance[1];\n"
          "void main() { gl_Position = vec4(0); gl_ClipDistance[0] = 1.0; }\n",
          fs, false, NULL);
}

/* A vertex, a geometry and a fragment shader; NULL @p needle: links. */
static void
expect_vgf(const char *vs, const char *gs, const char *needle)
{
   const struct stage_src srcs[] = {
      { IR_STAGE_VERTEX, vs },
      { IR_STAGE_GEOMETRY, gs },
      { IR_STAGE_FRAGMENT, "#version 150\nout vec4 c;\n"
                           "void main() { c = vec4(1.0); }\n" },
   };
   struct glsl_shader *sh[3];
   struct glsl_program *p = link_srcs(srcs, 3, false, sh);
   if (!needle && !p->ok)
      fail_msg("link failed:\n%s", p->info_log);
   if (needle && (p->ok || !strstr(p->info_log, needle)))
      fail_msg("expected \"%s\", got: %s", needle,
               p->ok ? "success" : p->info_log);
   destroy(p, sh, 3);
}

/* GLSL 1.50, 7.1: a redeclared gl_PerVertex is redeclared alike by the
 * geometry shader that reads gl_in[]. */
static void
per_vertex_between_stages(void **state)
{
   (void)state;
   const char *vs = "#version 150\nout gl_PerVertex { vec4 gl_Position; };\n"
                    "void main() { gl_Position = vec4(0.0); }\n";
   const char *head = "#version 150\nlayout(triangles) in;\n"
                      "layout(triangle_strip, max_vertices = 3) out;\n";
   char gs[512];
   snprintf(gs, sizeof(gs),
            "%svoid main() { gl_Position = gl_in[0].gl_Position;\n"
            "  EmitVertex(); }\n",
            head);
   expect_vgf(vs, gs, "gl_PerVertex");
   snprintf(gs, sizeof(gs),
            "%sin gl_PerVertex { vec4 gl_Position; float gl_PointSize; } "
            "gl_in[];\nvoid main() { gl_Position = gl_in[0].gl_Position;\n"
            "  EmitVertex(); }\n",
            head);
   expect_vgf(vs, gs, "gl_PerVertex");
   snprintf(gs, sizeof(gs),
            "%sin gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
            "void main() { gl_Position = gl_in[0].gl_Position;\n"
            "  EmitVertex(); }\n",
            head);
   expect_vgf(vs, gs, NULL);
   /* gl_in unread: no redeclaration needed. */
   snprintf(gs, sizeof(gs),
            "%svoid main() { gl_Position = vec4(0.0); EmitVertex(); }\n", head);
   expect_vgf(vs, gs, NULL);
}

/* GLSL 1.50, 4.3.7: in/out blocks match by block name with the same
 * members in the same order; uniform blocks likewise, arrays of the same
 * size, in every stage. */
static void
interface_blocks(void **state)
{
   (void)state;
   struct glsl_shader *sh[2];
   struct glsl_program *p =
      vs_fs("#version 150\nout blk { vec4 a; vec4 b; } vs_name;\n"
            "void main() { gl_Position = vec4(0); vs_name.a = vec4(1);\n"
            "  vs_name.b = vec4(2); }\n",
            "#version 150\nin blk { vec4 a; vec4 b; } fs_name;\n"
            "out vec4 c;\nvoid main() { c = fs_name.b; }\n",
            false, NULL, sh);
   /* The input takes the output's slot. */
   int out_loc = -1, in_loc = -2;
   ir_foreach_variable (p->stages[IR_STAGE_VERTEX], v) {
      if (strcmp(v->name, "vs_name") == 0)
         out_loc = v->location;
   }
   ir_foreach_variable (p->stages[IR_STAGE_FRAGMENT], v) {
      if (strcmp(v->name, "fs_name") == 0)
         in_loc = v->location;
   }
   assert_int_equal(out_loc, in_loc);
   destroy(p, sh, 2);

   expect("#version 150\nout blk { vec4 a; vec4 b; } x;\n"
          "void main() { gl_Position = vec4(0); x.a = vec4(1); }\n",
          "#version 150\nin blk { vec4 b; vec4 a; } y;\n"
          "out vec4 c;\nvoid main() { c = y.a; }\n",
          false, "blk");
   expect("#version 150\nuniform block { vec4 a; } x;\n"
          "void main() { gl_Position = vec4(0); }\n",
          "#version 150\nuniform block { vec4 b; } y;\n"
          "out vec4 c;\nvoid main() { c = vec4(0); }\n",
          false, "uniform block `block'");
   expect("#version 150\nuniform Foo { vec4 x; } foo[3];\n"
          "void main() { gl_Position = foo[0].x; }\n",
          "#version 150\nuniform Foo { vec4 x; } bar[2];\n"
          "out vec4 c;\nvoid main() { c = bar[0].x; }\n",
          false, "uniform block `Foo'");
}

/* An unsized array in a block is sized by the indices each stage uses;
 * the stages must then agree. */
static void
unsized_block_arrays(void **state)
{
   (void)state;
   const char *vs = "#version 150\nout blk { float foo[]; } ifc;\n"
                    "void main() { ifc.foo[0] = 1.0; ifc.foo[2] = 2.0;\n"
                    "  gl_Position = vec4(0); }\n";
   struct glsl_shader *sh[2];
   struct glsl_program *p =
      vs_fs(vs,
            "#version 150\nin blk { float foo[]; } ifc;\nout vec4 c;\n"
            "void main() { c = vec4(ifc.foo[1], ifc.foo[2], 0, 1); }\n",
            false, NULL, sh);
   ir_foreach_variable (p->stages[IR_STAGE_FRAGMENT], v) {
      if (strcmp(v->name, "ifc") == 0)
         assert_int_equal(v->type->fields[0].type->length, 3);
   }
   destroy(p, sh, 2);
   expect(vs,
          "#version 150\nin blk { float foo[]; } ifc;\nout vec4 c;\n"
          "void main() { c = vec4(ifc.foo[3]); }\n",
          false, "blk");
}

/* GLSL 1.20, 4.3.5: the initializer one stage gives applies to the
 * program; an initialized uniform stays active and has a location even
 * where no code reads it; two different initializers fail. */
static void
uniform_initializers(void **state)
{
   (void)state;
   struct glsl_shader *sh[2];
   struct glsl_program *p = vs_fs("#version 120\nuniform float u = 2.5;\n"
                                  "void main() { gl_Position = vec4(0); }\n",
                                  "#version 120\nuniform float u;\n"
                                  "void main() { gl_FragColor = vec4(u); }\n",
                                  false, NULL, sh);
   int loc = glsl_program_uniform_location(p, "u");
   assert_true(loc >= 0);
   const struct glsl_uniform *u = &p->uniforms[p->location_uniform[loc]];
   assert_non_null(u->initializer);
   assert_true(u->initializer->values[0].f32 == 2.5f);
   destroy(p, sh, 2);

   p = vs_fs("#version 120\nvoid main() { gl_Position = vec4(0); }\n",
             "#version 120\nuniform float unused = 1.0;\n"
             "void main() { gl_FragColor = vec4(0); }\n",
             false, NULL, sh);
   assert_true(glsl_program_uniform_location(p, "unused") >= 0);
   destroy(p, sh, 2);

   expect("#version 120\nuniform float u = 1.0;\n"
          "void main() { gl_Position = vec4(u); }\n",
          "#version 120\nuniform float u = 2.0;\n"
          "void main() { gl_FragColor = vec4(u); }\n",
          false, "different initializers");
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(builtin_color_interpolation),
      cmocka_unit_test(invariance_matches),
      cmocka_unit_test(es_rules),
      cmocka_unit_test(writes_required),
      cmocka_unit_test(clip_vertex_and_distance),
      cmocka_unit_test(per_vertex_between_stages),
      cmocka_unit_test(interface_blocks),
      cmocka_unit_test(unsized_block_arrays),
      cmocka_unit_test(uniform_initializers),
   };
   return cmocka_run_group_tests_name("glsl_link_checks", tests, NULL, NULL);
}
