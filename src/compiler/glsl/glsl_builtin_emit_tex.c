/* SPDX-License-Identifier: MIT */

/*
 * Expansion of the texture lookup functions into IR tex instructions.
 *
 * The variant (glsl_builtin_tex_variants, from glsl_builtins.py) gives the
 * IR op and whether the call is projective, has an offset and a bias; the
 * sampler parameter's type gives the dimension, array and shadow flags.
 * Arguments after the sampler always come in the specification's order:
 * coordinate, then the LOD (TXL, TXF) or the gradients (TXD) or the
 * sample index (TXF_MS), then the offset, then the bias.
 *
 * The coordinate splits into the IR's sources:
 *  - the first dim + layer components are the coordinate;
 *  - projective forms divide by the last component (the projector
 *    source; the IR divides the comparator too);
 *  - shadow forms compare against a separate comparator source: the
 *    third component for sampler1DShadow (vec3 (s, unused, ref), as
 *    GLSL 1.10 defines it) and for every projective shadow form, else
 *    the component after the coordinate.
 *
 * Implicit-LOD lookups outside the fragment stage sample level 0 (GLSL
 * 1.30, 8.7: "the base texture is used" in the vertex shader), so they
 * become TXL with a zero LOD.  The result has the components of the
 * function's return type: vec4 for gvec4 and the 1.10 shadow forms, one
 * float for the 1.30 shadow forms.
 */
#include "glsl_builtin_priv.h"

static const unsigned dim_coords[] = {
   [IR_SAMPLER_DIM_1D] = 1,   [IR_SAMPLER_DIM_2D] = 2,
   [IR_SAMPLER_DIM_3D] = 3,   [IR_SAMPLER_DIM_CUBE] = 3,
   [IR_SAMPLER_DIM_RECT] = 2, [IR_SAMPLER_DIM_BUF] = 1,
   [IR_SAMPLER_DIM_MS] = 2,
};

struct tex_srcs {
   struct ir_def *def[IR_TEX_SRC_COUNT];
};

static struct ir_def *
first_components(struct ir_builder *b, struct ir_def *v, unsigned n)
{
   static const unsigned xyzw[4] = { 0, 1, 2, 3 };
   if (v->num_components == n)
      return v;
   return ir_swizzle(b, v, xyzw, n);
}

bool
glsl_builtin_emit_tex(struct ir_builder *b, struct glsl_builtin_call *call)
{
   const struct glsl_function_sig *sig = call->sig;
   unsigned op = sig->builtin_op;
   const struct glsl_builtin_tex_variant *v =
      &glsl_builtin_tex_variants[op - GLSL_BUILTIN_OP_FIRST_TEXTURE];
   if (!sig->num_params || sig->params[0]->type->base != IR_TYPE_SAMPLER)
      return false;
   const struct ir_type *st = sig->params[0]->type;
   unsigned ncoord = dim_coords[st->sampler_dim] + (st->sampler_array ? 1 : 0);
   enum ir_tex_op tex_op = v->op;
   struct tex_srcs s = { { NULL } };
   unsigned next = 1;

   if (tex_op == IR_TEX_OP_TXS) {
      if (sig->num_params > 1)
         s.def[IR_TEX_SRC_LOD] = call->args[next++][0];
   } else {
      struct ir_def *c = call->args[next++][0];
      s.def[IR_TEX_SRC_COORD] = first_components(b, c, ncoord);
      if (v->proj) {
         s.def[IR_TEX_SRC_PROJECTOR] = ir_channel(b, c, c->num_components - 1);
      }
      bool sampling = tex_op != IR_TEX_OP_TXF;
      if (sampling && st->sampler_shadow) {
         bool third = v->proj || (st->sampler_dim == IR_SAMPLER_DIM_1D &&
                                  !st->sampler_array);
         s.def[IR_TEX_SRC_COMPARATOR] = ir_channel(b, c, third ? 2 : ncoord);
      }
      if (tex_op == IR_TEX_OP_TXL) {
         s.def[IR_TEX_SRC_LOD] = call->args[next++][0];
      } else if (tex_op == IR_TEX_OP_TXD) {
         s.def[IR_TEX_SRC_DDX] = call->args[next++][0];
         s.def[IR_TEX_SRC_DDY] = call->args[next++][0];
      } else if (tex_op == IR_TEX_OP_TXF) {
         if (st->sampler_dim == IR_SAMPLER_DIM_MS) {
            tex_op = IR_TEX_OP_TXF_MS;
            s.def[IR_TEX_SRC_MS_INDEX] = call->args[next++][0];
         } else if (st->sampler_dim != IR_SAMPLER_DIM_RECT &&
                    st->sampler_dim != IR_SAMPLER_DIM_BUF) {
            s.def[IR_TEX_SRC_LOD] = call->args[next++][0];
         }
      }
      if (v->offset)
         s.def[IR_TEX_SRC_OFFSET] = call->args[next++][0];
      if (v->bias)
         s.def[IR_TEX_SRC_BIAS] = call->args[next++][0];
      /* Implicit derivatives exist only in the fragment stage. */
      if ((tex_op == IR_TEX_OP_TEX || tex_op == IR_TEX_OP_TXB) &&
          b->shader->stage != IR_STAGE_FRAGMENT) {
         tex_op = IR_TEX_OP_TXL;
         s.def[IR_TEX_SRC_BIAS] = NULL;
         s.def[IR_TEX_SRC_LOD] = ir_imm_float(b, 0.0f);
      }
   }
   if (next != sig->num_params)
      return false;

   unsigned num_srcs = 0;
   for (unsigned k = 0; k < IR_TEX_SRC_COUNT; k++) {
      if (s.def[k])
         num_srcs++;
   }
   struct ir_tex *tex = ir_tex_create(b->fn, num_srcs);
   if (!tex)
      return false;
   tex->op = tex_op;
   tex->dim = st->sampler_dim;
   tex->is_array = st->sampler_array;
   tex->is_shadow = st->sampler_shadow && tex_op != IR_TEX_OP_TXS &&
                    tex_op != IR_TEX_OP_TXF && tex_op != IR_TEX_OP_TXF_MS;
   tex->dest_type = tex_op == IR_TEX_OP_TXS ? IR_TYPE_INT : st->sampled_type;
   tex->coord_components = s.def[IR_TEX_SRC_COORD] ? ncoord : 0;
   tex->texture_index = call->texture_slot;
   tex->sampler_index = call->texture_slot;
   tex->def.num_components = sig->return_type->vector_elements;
   tex->def.bit_size = 32;
   unsigned i = 0;
   for (unsigned k = 0; k < IR_TEX_SRC_COUNT; k++) {
      if (!s.def[k])
         continue;
      tex->src[i].kind = (enum ir_tex_src_kind)k;
      ir_instr_set_src(&tex->instr, &tex->src[i].src, s.def[k]);
      i++;
   }
   ir_builder_insert(b, &tex->instr);
   call->result[0] = &tex->def;
   return true;
}

int
glsl_builtin_tex_offset_param(const struct glsl_function_sig *sig)
{
   if (!sig || !sig->is_builtin || !glsl_builtin_op_is_texture(sig->builtin_op))
      return -1;
   const struct glsl_builtin_tex_variant *v =
      &glsl_builtin_tex_variants[sig->builtin_op -
                                 GLSL_BUILTIN_OP_FIRST_TEXTURE];
   if (!v->offset)
      return -1;
   /* The offset comes last, or just before the bias. */
   int index = (int)sig->num_params - (v->bias ? 2 : 1);
   return index >= 1 ? index : -1;
}
