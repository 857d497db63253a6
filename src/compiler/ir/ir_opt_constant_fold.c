/* SPDX-License-Identifier: MIT */

/*
 * Constant folding: an ALU instruction whose sources are all load_const
 * is replaced by a load_const of its value.
 *
 * Algorithm: one walk over the function in program order.  For each ALU
 * instruction whose sources are all load_const, gather each source's
 * components through its swizzle (as many as the instruction reads: its
 * own component count for per-component inputs, the input size for
 * fixed-size ones) and evaluate the opcode with ir_eval_alu_op() — the
 * generated evaluator the interpreter also uses, so folding never changes
 * what a shader computes.  The value is computed under the shader's float
 * controls (info.round_mode, info.denorm_mode); for round-toward-zero the
 * host's rounding mode is set with fesetround() around the evaluation and
 * restored after it, as ir_exec_run() does.  Booleans come out at the
 * destination's bit size (1-bit true/false, or 32-bit 0/~0), which the
 * evaluator takes from the def.  The new load_const goes right before
 * the instruction, takes over its uses, and the folded instruction is
 * removed (replacing it is the pass's job; the source constants, if now
 * unused, are left for ir_opt_dce()).  Because the walk is in program
 * order, a chain of foldable instructions folds in one run.
 *
 * Not folded: anything ir_eval_alu_op() refuses (a bit size the opcode
 * does not accept) — the instruction is left as it is, since the pass has
 * no other definition of its value.  Exact instructions are folded: the
 * evaluator computes the IEEE result of the one operation, which is what
 * exact asks for.
 *
 * Requires: nothing.  Preserves: the CFG, block indices and dominance
 * (no control flow changes).  Invalidates: instruction indices, liveness
 * and loop analysis (its limiting_condition may be a folded
 * instruction).
 */
#include <assert.h>
#include <fenv.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_constant_eval.h"
#include "compiler/ir/ir_passes.h"

/* Evaluates @p alu into @p out (num_components values); false if a
 * source is not constant or the evaluator refuses the sizes. */
static bool
eval_alu(const struct ir_alu *alu, const struct ir_eval_mode *mode,
         union ir_const_value *out)
{
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   union ir_const_value vals[4][IR_MAX_VEC];
   const union ir_const_value *srcs[4] = { NULL, NULL, NULL, NULL };
   unsigned bits[4] = { 0, 0, 0, 0 };

   for (unsigned i = 0; i < info->num_inputs; i++) {
      const struct ir_def *def = alu->src[i].src.def;
      const struct ir_load_const *lc = ir_def_as_load_const(def);
      if (!lc)
         return false;
      unsigned n =
         info->input_sizes[i] ? info->input_sizes[i] : alu->def.num_components;
      memset(vals[i], 0, sizeof(vals[i]));
      for (unsigned c = 0; c < n && c < IR_MAX_VEC; c++) {
         unsigned swz = alu->src[i].swizzle[c];
         if (swz >= def->num_components)
            return false;
         vals[i][c] = lc->value[swz];
      }
      srcs[i] = vals[i];
      bits[i] = def->bit_size;
   }

   if (mode->round != IR_ROUND_TOWARD_ZERO)
      return ir_eval_alu_op(alu->op, alu->def.num_components, alu->def.bit_size,
                            bits, srcs, out, mode);

   int saved = fegetround();
   fesetround(FE_TOWARDZERO);
   bool ok = ir_eval_alu_op(alu->op, alu->def.num_components, alu->def.bit_size,
                            bits, srcs, out, mode);
   fesetround(saved);
   return ok;
}

static bool
fold_alu(struct ir_function *fn, struct ir_alu *alu,
         const struct ir_eval_mode *mode)
{
   union ir_const_value value[IR_MAX_VEC];
   memset(value, 0, sizeof(value));
   if (alu->def.num_components < 1 || alu->def.num_components > IR_MAX_VEC ||
       !eval_alu(alu, mode, value))
      return false;

   struct ir_load_const *lc =
      ir_load_const_create(fn, alu->def.num_components, alu->def.bit_size);
   if (!lc)
      return false;
   memcpy(lc->value, value, sizeof(lc->value));
   ir_instr_insert(ir_before_instr(&alu->instr), &lc->instr);
   ir_def_rewrite_uses(&alu->def, &lc->def);
   ir_instr_remove(&alu->instr);
   return true;
}

static bool
fold_function(struct ir_function *fn, const struct ir_eval_mode *mode)
{
   bool progress = false;
   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         struct ir_alu *alu = ir_instr_as_alu(instr);
         if (alu)
            progress |= fold_alu(fn, alu, mode);
      }
   }
   if (progress) {
      ir_metadata_preserve(fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
   }
   return progress;
}

bool
ir_opt_constant_fold(struct ir_shader *s)
{
   const struct ir_eval_mode mode = {
      .round = s->info.round_mode,
      .denorm = s->info.denorm_mode,
   };
   bool progress = false;
   ir_foreach_function (s, fn)
      progress |= fold_function(fn, &mode);
   return progress;
}
