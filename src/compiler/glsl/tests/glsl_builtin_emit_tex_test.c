/* SPDX-License-Identifier: MIT */

/*
 * Tests of glsl_builtin_emit() for the texture functions and the other
 * calls that make more than ALU code: the tex instruction each call makes
 * (op, dimension, flags, sources), how the coordinate splits into
 * coordinate, projector and comparator (checked through a texture
 * callback that returns the sources it was given), implicit LOD outside
 * the fragment stage, EmitVertex/EndPrimitive and ftransform().
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "glsl_builtin_exec_util.h"

/* ---- Textures ---- */

static struct ir_def *
first_n(struct h *h, struct ir_def *v, unsigned n)
{
   static const unsigned xyzw[4] = { 0, 1, 2, 3 };
   return ir_swizzle(&h->b, v, xyzw, n);
}

/* A texture call with its texture slot; returns the call. */
static struct glsl_builtin_call *
tex_call(struct h *h, unsigned slot, const char *name, const char *params,
         struct ir_def *const *args, unsigned num_args)
{
   const struct glsl_function_sig *sig =
      test_find_sig(h->mem, &h->env, name, params);
   if (!sig)
      fprintf(stderr, "no %s(%s)\n", name, params);
   assert_non_null(sig);
   struct glsl_builtin_call *c = u_arena_zalloc(h->mem, sizeof(*c));
   c->sig = sig;
   c->texture_slot = slot;
   for (unsigned i = 1; i < sig->num_params; i++) {
      assert_true(i - 1 < num_args);
      c->args[i][0] = args[i - 1];
   }
   assert_int_equal(sig->num_params - 1, num_args);
   assert_true(glsl_builtin_emit(&h->b, c));
   struct ir_tex *t = ir_instr_as_tex(c->result[0]->parent);
   assert_non_null(t);
   assert_int_equal(t->texture_index, slot);
   assert_int_equal(t->sampler_index, slot);
   return c;
}

static struct ir_tex *
tex_of(struct glsl_builtin_call *c)
{
   return ir_instr_as_tex(c->result[0]->parent);
}

static bool
has_src(const struct ir_tex *t, enum ir_tex_src_kind kind)
{
   for (unsigned i = 0; i < t->num_srcs; i++) {
      if (t->src[i].kind == kind)
         return true;
   }
   return false;
}

/* The callback returns, for texture slot i, component c: source
 * kind[i][c], component comp[i][c] of lane 0's quad. */
struct echo {
   enum ir_tex_src_kind kind[8][4];
   unsigned comp[8][4];
};

static void
echo_tex(void *data, const struct ir_tex *tex,
         const struct ir_exec_tex_args *args, uint32_t result[4][4])
{
   const struct echo *e = data;
   for (unsigned c = 0; c < 4; c++) {
      enum ir_tex_src_kind k = e->kind[tex->texture_index][c];
      unsigned comp = e->comp[tex->texture_index][c];
      for (unsigned l = 0; l < 4; l++) {
         result[c][l] = comp < args->num_components[k] ? args->src[k][comp][l]
                                                       : 0xdeadbeefu;
      }
   }
}

static void
texture_coordinate_split(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 130, false);
   struct ir_def *p = in(h, 0, 4);
   struct ir_def *bias = in(h, 1, 1);
   struct ir_def *off = ir_f2i(&h->b, in(h, 2, 2), 32);
   struct echo e;
   memset(&e, 0, sizeof(e));

   /* textureProj(sampler2DShadow, P): coord P.xy, comparator P.z,
    * projector P.w. */
   unsigned o0 = out(
      h,
      tex_call(h, 0, "textureProj", "sampler2DShadow,vec4", &p, 1)->result[0]);
   e.kind[0][0] = IR_TEX_SRC_PROJECTOR;
   unsigned o1 = out(
      h,
      tex_call(h, 1, "textureProj", "sampler2DShadow,vec4", &p, 1)->result[0]);
   e.kind[1][0] = IR_TEX_SRC_COMPARATOR;
   /* shadow1D(sampler1DShadow, (s, unused, ref)): a vec4 result. */
   struct ir_def *p3 = first_n(h, p, 3);
   struct glsl_builtin_call *s1 =
      tex_call(h, 2, "shadow1D", "sampler1DShadow,vec3", &p3, 1);
   assert_int_equal(s1->result[0]->num_components, 4);
   assert_int_equal(tex_of(s1)->coord_components, 1);
   unsigned o2 = out(h, s1->result[0]);
   e.kind[2][0] = IR_TEX_SRC_COORD;
   e.kind[2][1] = IR_TEX_SRC_COMPARATOR;
   /* texture(samplerCubeShadow, P): the comparator is P.w. */
   struct glsl_builtin_call *cube =
      tex_call(h, 3, "texture", "samplerCubeShadow,vec4", &p, 1);
   assert_int_equal(cube->result[0]->num_components, 1);
   unsigned o3 = out(h, cube->result[0]);
   e.kind[3][0] = IR_TEX_SRC_COMPARATOR;
   /* textureOffset(sampler2D, P.xy, offset, bias). */
   struct ir_def *a4[3] = { first_n(h, p, 2), off, bias };
   struct glsl_builtin_call *ob =
      tex_call(h, 4, "textureOffset", "sampler2D,vec2,ivec2,float", a4, 3);
   assert_int_equal(tex_of(ob)->op, IR_TEX_OP_TXB);
   unsigned o4 = out(h, ob->result[0]);
   e.kind[4][0] = IR_TEX_SRC_COORD;
   e.comp[4][0] = 1;
   e.kind[4][1] = IR_TEX_SRC_OFFSET;
   e.comp[4][1] = 1;
   e.kind[4][2] = IR_TEX_SRC_BIAS;
   /* textureProjLod(sampler2D, P.xyz, lod): projector P.z. */
   struct ir_def *a5[2] = { p3, bias };
   struct glsl_builtin_call *pl =
      tex_call(h, 5, "textureProjLod", "sampler2D,vec3,float", a5, 2);
   assert_int_equal(tex_of(pl)->op, IR_TEX_OP_TXL);
   unsigned o5 = out(h, pl->result[0]);
   e.kind[5][0] = IR_TEX_SRC_PROJECTOR;
   e.kind[5][1] = IR_TEX_SRC_LOD;

   set_in(h, 0, 0, 8.0f, 0, 0, 0);
   set_in(h, 0, 1, 2.0f, 0, 0, 0);
   set_in(h, 0, 2, 6.0f, 0, 0, 0);
   set_in(h, 0, 3, 4.0f, 0, 0, 0);
   set_in(h, 1, 0, 1.5f, 0, 0, 0);
   set_in(h, 2, 1, 3.0f, 0, 0, 0);
   run_tex(h, echo_tex, &e);
   assert_float_equal(outf(h, o0, 0, 0), 4.0f, 0);
   assert_float_equal(outf(h, o1, 0, 0), 6.0f, 0);
   assert_float_equal(outf(h, o2, 0, 0), 8.0f, 0);
   assert_float_equal(outf(h, o2, 1, 0), 6.0f, 0);
   assert_float_equal(outf(h, o3, 0, 0), 4.0f, 0);
   assert_float_equal(outf(h, o4, 0, 0), 2.0f, 0);
   assert_int_equal(h->out[o4][1][0], 3);
   assert_float_equal(outf(h, o4, 2, 0), 1.5f, 0);
   assert_float_equal(outf(h, o5, 0, 0), 6.0f, 0);
   assert_float_equal(outf(h, o5, 1, 0), 1.5f, 0);
   h_destroy(h);
}

static void
texture_ops_and_flags(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_FRAGMENT, 150, false);
   struct ir_def *p = in(h, 0, 4);
   struct ir_def *ip = ir_f2i(&h->b, p, 32);
   struct ir_def *i1 = ir_channel(&h->b, ip, 3);

   struct ir_def *ms[2] = { first_n(h, ip, 2), i1 };
   struct ir_tex *t =
      tex_of(tex_call(h, 0, "texelFetch", "usampler2DMS,ivec2,int", ms, 2));
   assert_int_equal(t->op, IR_TEX_OP_TXF_MS);
   assert_true(has_src(t, IR_TEX_SRC_MS_INDEX));
   assert_false(has_src(t, IR_TEX_SRC_LOD));
   assert_int_equal(t->dest_type, IR_TYPE_UINT);

   t =
      tex_of(tex_call(h, 1, "textureSize", "sampler2DArrayShadow,int", &i1, 1));
   assert_int_equal(t->op, IR_TEX_OP_TXS);
   assert_int_equal(t->dest_type, IR_TYPE_INT);
   assert_int_equal(t->def.num_components, 3);
   assert_true(t->is_array);

   t = tex_of(tex_call(h, 2, "texelFetch", "isamplerBuffer,int", &i1, 1));
   assert_int_equal(t->op, IR_TEX_OP_TXF);
   assert_int_equal(t->dim, IR_SAMPLER_DIM_BUF);
   assert_false(has_src(t, IR_TEX_SRC_LOD));

   struct ir_def *p3 = first_n(h, p, 3);
   struct ir_def *grad[3] = { p3, p3, p3 };
   t = tex_of(
      tex_call(h, 3, "textureGrad", "samplerCube,vec3,vec3,vec3", grad, 3));
   assert_int_equal(t->op, IR_TEX_OP_TXD);
   assert_true(has_src(t, IR_TEX_SRC_DDX) && has_src(t, IR_TEX_SRC_DDY));
   assert_int_equal(t->dim, IR_SAMPLER_DIM_CUBE);

   struct ir_def *fetch[2] = { first_n(h, ip, 3), i1 };
   t = tex_of(
      tex_call(h, 4, "texelFetch", "isampler2DArray,ivec3,int", fetch, 2));
   assert_int_equal(t->coord_components, 3);
   assert_true(has_src(t, IR_TEX_SRC_LOD));
   assert_false(t->is_shadow);

   struct ir_def *rect = first_n(h, p, 2);
   t = tex_of(tex_call(h, 5, "texture", "sampler2DRect,vec2", &rect, 1));
   assert_int_equal(t->dim, IR_SAMPLER_DIM_RECT);
   assert_int_equal(t->op, IR_TEX_OP_TEX);

   IR_ASSERT_VALID_SHADER(h);
   h_destroy(h);
}

static void
texture_in_vertex_uses_level_zero(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_VERTEX, 130, false);
   struct ir_def *p = first_n(h, in(h, 0, 4), 2);
   struct ir_tex *t =
      tex_of(tex_call(h, 0, "texture", "sampler2D,vec2", &p, 1));
   assert_int_equal(t->op, IR_TEX_OP_TXL);
   assert_true(has_src(t, IR_TEX_SRC_LOD));
   IR_ASSERT_VALID_SHADER(h);
   h_destroy(h);
}

static void
geometry_and_ftransform(void **state)
{
   (void)state;
   struct h *h = h_create(IR_STAGE_GEOMETRY, 150, false);
   struct glsl_builtin_call *c = call(h, "EmitVertex", "", NULL, 0);
   assert_null(c->result[0]);
   call(h, "EndPrimitive", "", NULL, 0);
   unsigned n = 0;
   ir_foreach_block (h->fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         if (intr && (intr->op == IR_INTRINSIC_EMIT_VERTEX ||
                      intr->op == IR_INTRINSIC_END_PRIMITIVE))
            n++;
      }
   }
   assert_int_equal(n, 2);
   h_destroy(h);

   h = h_create(IR_STAGE_VERTEX, 110, false);
   c = call(h, "ftransform", "", NULL, 0);
   assert_int_equal(c->result[0]->num_components, 4);
   struct ir_variable *mvp =
      ir_shader_find_variable(h->s, "gl_ModelViewProjectionMatrix");
   assert_non_null(mvp);
   assert_int_equal(mvp->mode, IR_VAR_UNIFORM);
   assert_non_null(ir_shader_find_variable(h->s, "gl_Vertex"));
   /* A second call reuses the variables. */
   call(h, "ftransform", "", NULL, 0);
   unsigned vars = 0;
   ir_foreach_variable (h->s, v)
      vars++;
   assert_int_equal(vars, 2);
   IR_ASSERT_VALID_SHADER(h);
   h_destroy(h);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(texture_coordinate_split),
      cmocka_unit_test(texture_ops_and_flags),
      cmocka_unit_test(texture_in_vertex_uses_level_zero),
      cmocka_unit_test(geometry_and_ftransform),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
