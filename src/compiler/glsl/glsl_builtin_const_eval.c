/* SPDX-License-Identifier: MIT */

/*
 * Constant folding of built-in function calls.
 *
 * Folding must give what the shader would compute at run time, so it does
 * not reimplement the functions: it expands the call with
 * glsl_builtin_emit() into a scratch IR function whose arguments are
 * load_const instructions, then evaluates that straight-line code with
 * the IR's own constant evaluator (ir_eval_alu_op, the code the
 * interpreter and ir_opt_constant_fold use), in the IR's default float
 * mode (round to nearest even, denormals kept).  Whatever is not pure
 * arithmetic -- texture lookups, derivatives, noise (which would fold to
 * the 0 it returns, but GLSL does not make noise constant), geometry
 * functions, ftransform(), functions with out parameters -- is not
 * folded and gives NULL.
 *
 * The scratch shader lives in a child arena of the caller's and is freed
 * before returning; only the resulting ir_constant stays.
 */
#include <string.h>

#include "compiler/ir/ir_constant_eval.h"
#include "glsl_builtin_priv.h"
#include "util/u_arena.h"

static bool
foldable(const struct glsl_function_sig *sig)
{
   switch (sig->builtin_op) {
   case GLSL_BUILTIN_OP_FTRANSFORM:
   case GLSL_BUILTIN_OP_NOISE1:
   case GLSL_BUILTIN_OP_NOISE2:
   case GLSL_BUILTIN_OP_NOISE3:
   case GLSL_BUILTIN_OP_NOISE4:
   case GLSL_BUILTIN_OP_EMITVERTEX:
   case GLSL_BUILTIN_OP_ENDPRIMITIVE:
   case GLSL_BUILTIN_OP_DFDX:
   case GLSL_BUILTIN_OP_DFDY:
   case GLSL_BUILTIN_OP_FWIDTH:
   case GLSL_BUILTIN_OP_DFDXFINE:
   case GLSL_BUILTIN_OP_DFDYFINE:
   case GLSL_BUILTIN_OP_DFDXCOARSE:
   case GLSL_BUILTIN_OP_DFDYCOARSE:
   case GLSL_BUILTIN_OP_FWIDTHFINE:
   case GLSL_BUILTIN_OP_FWIDTHCOARSE:
      return false;
   default:
      break;
   }
   if (glsl_builtin_op_is_texture(sig->builtin_op) ||
       sig->return_type->base == IR_TYPE_VOID)
      return false;
   for (unsigned i = 0; i < sig->num_params; i++) {
      const struct glsl_symbol *p = sig->params[i];
      if (p->storage != GLSL_STORAGE_PARAM_IN ||
          !(ir_type_is_vector_or_scalar(p->type) || ir_type_is_matrix(p->type)))
         return false;
   }
   return ir_type_is_vector_or_scalar(sig->return_type) ||
          ir_type_is_matrix(sig->return_type);
}

/* Values of the scratch function's defs, by def index. */
struct eval_state {
   union ir_const_value (*values)[IR_MAX_VEC];
   unsigned num_defs;
};

static bool
eval_alu(struct eval_state *es, const struct ir_alu *alu)
{
   static const struct ir_eval_mode mode = { IR_ROUND_NEAREST_EVEN,
                                             IR_DENORM_PRESERVE };
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   union ir_const_value vals[4][IR_MAX_VEC];
   const union ir_const_value *srcs[4] = { NULL, NULL, NULL, NULL };
   unsigned bits[4] = { 0, 0, 0, 0 };
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const struct ir_def *def = alu->src[i].src.def;
      if (def->index >= es->num_defs)
         return false;
      unsigned n =
         info->input_sizes[i] ? info->input_sizes[i] : alu->def.num_components;
      memset(vals[i], 0, sizeof(vals[i]));
      for (unsigned c = 0; c < n && c < IR_MAX_VEC; c++) {
         unsigned swz = alu->src[i].swizzle[c];
         if (swz >= def->num_components)
            return false;
         vals[i][c] = es->values[def->index][swz];
      }
      srcs[i] = vals[i];
      bits[i] = def->bit_size;
   }
   if (alu->def.index >= es->num_defs)
      return false;
   return ir_eval_alu_op(alu->op, alu->def.num_components, alu->def.bit_size,
                         bits, srcs, es->values[alu->def.index], &mode);
}

/* Evaluates every instruction of the (single-block) function. */
static bool
eval_function(struct eval_state *es, struct ir_function *fn)
{
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         switch (instr->kind) {
         case IR_INSTR_LOAD_CONST: {
            const struct ir_load_const *lc = ir_instr_as_load_const(instr);
            if (lc->def.index >= es->num_defs)
               return false;
            memcpy(es->values[lc->def.index], lc->value, sizeof(lc->value));
            break;
         }
         case IR_INSTR_ALU:
            if (!eval_alu(es, ir_instr_as_alu(instr)))
               return false;
            break;
         default:
            return false;
         }
      }
   }
   return true;
}

static struct ir_def *
load_column(struct ir_builder *b, const struct ir_type *t,
            const struct ir_constant *c, unsigned col)
{
   unsigned rows = t->vector_elements;
   unsigned bits = t->base == IR_TYPE_BOOL ? 1 : 32;
   union ir_const_value v[IR_MAX_VEC];
   memset(v, 0, sizeof(v));
   for (unsigned r = 0; r < rows; r++) {
      if (t->base == IR_TYPE_BOOL)
         v[r].b = c->values[col * rows + r].b;
      else
         v[r].u32 = c->values[col * rows + r].u32;
   }
   return ir_build_imm(b, rows, bits, v);
}

struct ir_constant *
glsl_builtin_const_eval(const struct glsl_function_sig *sig,
                        struct ir_constant *const *args, struct u_arena *arena)
{
   if (!sig || !sig->is_builtin || !arena || !foldable(sig))
      return NULL;
   for (unsigned i = 0; i < sig->num_params; i++) {
      if (!args || !args[i])
         return NULL;
   }

   struct u_arena *scratch = u_arena_create(arena);
   if (!scratch)
      return NULL;
   struct ir_constant *result = NULL;
   struct ir_shader *shader = ir_shader_create(scratch, IR_STAGE_VERTEX);
   struct ir_function *fn = shader ? ir_function_create(shader, "fold") : NULL;
   if (!fn)
      goto done;
   struct ir_builder b = ir_builder_at_end(fn);
   struct glsl_builtin_call call;
   memset(&call, 0, sizeof(call));
   call.sig = sig;
   for (unsigned i = 0; i < sig->num_params; i++) {
      const struct ir_type *t = sig->params[i]->type;
      for (unsigned c = 0; c < t->matrix_columns; c++) {
         call.args[i][c] = load_column(&b, t, args[i], c);
         if (!call.args[i][c])
            goto done;
      }
   }
   if (!glsl_builtin_emit(&b, &call))
      goto done;

   struct eval_state es = { .num_defs = fn->num_defs };
   es.values = u_arena_zalloc_array(scratch, fn->num_defs ? fn->num_defs : 1,
                                    sizeof(*es.values));
   if (!es.values || !eval_function(&es, fn))
      goto done;

   const struct ir_type *rt = sig->return_type;
   struct ir_constant *value = u_arena_zalloc(arena, sizeof(*value));
   if (!value)
      goto done;
   for (unsigned c = 0; c < rt->matrix_columns; c++) {
      const struct ir_def *d = call.result[c];
      if (!d || d->index >= es.num_defs ||
          d->num_components != rt->vector_elements)
         goto done;
      for (unsigned r = 0; r < rt->vector_elements; r++) {
         union ir_const_value v = es.values[d->index][r];
         if (rt->base == IR_TYPE_BOOL) {
            /* 1-bit booleans live in .b; 32-bit ones are 0 / ~0. */
            bool bv = d->bit_size == 1 ? v.b : v.u32 != 0;
            memset(&v, 0, sizeof(v));
            v.b = bv;
         }
         value->values[c * rt->vector_elements + r] = v;
      }
   }
   result = value;
done:
   u_arena_destroy(scratch);
   return result;
}
