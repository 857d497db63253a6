/* SPDX-License-Identifier: MIT */

/*
 * Splits vector ALU operations into scalar ones, for scalar (SIMD lane)
 * backends.
 *
 * - A per-component operation of N > 1 components becomes N one-component
 *   operations, each reading component c of every source through its
 *   swizzle, and a vecN gathering them.  The exact flag is kept.
 * - Horizontal operations become sequences whose result is the same bit
 *   for bit as the opcode's definition: fdotN is
 *   ((a.x * b.x + a.y * b.y) + a.z * b.z) + ..., an fmul then one fmul and
 *   fadd per further component, left to right, each rounded (not ffma,
 *   which rounds once and would change the result); ball_fequalN /
 *   ball_iequalN are an iand of per-component feq / ieq, bany_fnequalN /
 *   bany_inequalN an ior of fneu / ine, with the boolean size of the
 *   original.
 * - vecN (its sources are already scalars), mov (a copy with a swizzle,
 *   which scalar backends read component by component anyway) and the
 *   pack/unpack operations (fixed sizes with no per-component form) stay.
 *
 * Already-scalar operations are not touched, so a second run makes no
 * progress; the vecN it makes is itself left alone.
 *
 * Counterexample for "rebuild with the same swizzle": in
 *    %2:32x2 = fadd %1.wz, %0.xx
 * the scalar for component 1 must read %1.z and %0.x, i.e. swizzle[1] of
 * each source moved to position 0, not component 1 of the sources.
 *
 * Requires: nothing.  Preserves: the CFG, block indices, dominance.
 * Invalidates: instruction indices, liveness, divergence, loop analysis.
 */
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_lower_util.h"

typedef struct ir_lower_operand operand;

/* A per-component opcode: no fixed input or output size. */
static bool
is_per_component(enum ir_op op)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   if (info->output_size)
      return false;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (info->input_sizes[i])
         return false;
   }
   return true;
}

static struct ir_def *
scalarize_per_component(struct ir_builder *b, struct ir_alu *alu)
{
   unsigned n = alu->def.num_components;
   unsigned num_inputs = ir_op_infos[alu->op].num_inputs;
   struct ir_def *comps[IR_MAX_VEC];
   for (unsigned c = 0; c < n; c++) {
      operand srcs[4];
      for (unsigned i = 0; i < num_inputs; i++)
         srcs[i] = ir_lower_chan(ir_lower_src(alu, i), c);
      comps[c] = ir_lower_build(b, alu->op, 1, alu->def.bit_size, srcs);
   }
   /* The gathering vecN computes nothing: no exact flag. */
   bool exact = b->exact;
   b->exact = false;
   struct ir_def *vec = ir_vec(b, comps, n);
   b->exact = exact;
   return vec;
}

/* fdotN, left to right with a rounding per operation. */
static struct ir_def *
scalarize_fdot(struct ir_builder *b, struct ir_alu *alu, unsigned n)
{
   unsigned bits = alu->def.bit_size;
   operand x = ir_lower_src(alu, 0), y = ir_lower_src(alu, 1);
   struct ir_def *acc = ir_lower_build2(
      b, IR_OP_FMUL, 1, bits, ir_lower_chan(x, 0), ir_lower_chan(y, 0));
   for (unsigned c = 1; c < n; c++) {
      struct ir_def *p = ir_lower_build2(
         b, IR_OP_FMUL, 1, bits, ir_lower_chan(x, c), ir_lower_chan(y, c));
      acc = ir_lower_build2(b, IR_OP_FADD, 1, bits, ir_lower_def(acc),
                            ir_lower_def(p));
   }
   return acc;
}

/* ball/bany: @p cmp per component, combined with @p combine. */
static struct ir_def *
scalarize_reduce(struct ir_builder *b, struct ir_alu *alu, unsigned n,
                 enum ir_op cmp, enum ir_op combine)
{
   unsigned bits = alu->def.bit_size;
   operand x = ir_lower_src(alu, 0), y = ir_lower_src(alu, 1);
   struct ir_def *acc = NULL;
   for (unsigned c = 0; c < n; c++) {
      struct ir_def *e = ir_lower_build2(b, cmp, 1, bits, ir_lower_chan(x, c),
                                         ir_lower_chan(y, c));
      acc = acc ? ir_lower_build2(b, combine, 1, bits, ir_lower_def(acc),
                                  ir_lower_def(e))
                : e;
   }
   return acc;
}

static struct ir_def *
scalarize(struct ir_builder *b, struct ir_alu *alu)
{
   switch (alu->op) {
   case IR_OP_FDOT2:
      return scalarize_fdot(b, alu, 2);
   case IR_OP_FDOT3:
      return scalarize_fdot(b, alu, 3);
   case IR_OP_FDOT4:
      return scalarize_fdot(b, alu, 4);
   case IR_OP_BALL_FEQUAL2:
      return scalarize_reduce(b, alu, 2, IR_OP_FEQ, IR_OP_IAND);
   case IR_OP_BALL_FEQUAL3:
      return scalarize_reduce(b, alu, 3, IR_OP_FEQ, IR_OP_IAND);
   case IR_OP_BALL_FEQUAL4:
      return scalarize_reduce(b, alu, 4, IR_OP_FEQ, IR_OP_IAND);
   case IR_OP_BALL_IEQUAL2:
      return scalarize_reduce(b, alu, 2, IR_OP_IEQ, IR_OP_IAND);
   case IR_OP_BALL_IEQUAL3:
      return scalarize_reduce(b, alu, 3, IR_OP_IEQ, IR_OP_IAND);
   case IR_OP_BALL_IEQUAL4:
      return scalarize_reduce(b, alu, 4, IR_OP_IEQ, IR_OP_IAND);
   case IR_OP_BANY_FNEQUAL2:
      return scalarize_reduce(b, alu, 2, IR_OP_FNEU, IR_OP_IOR);
   case IR_OP_BANY_FNEQUAL3:
      return scalarize_reduce(b, alu, 3, IR_OP_FNEU, IR_OP_IOR);
   case IR_OP_BANY_FNEQUAL4:
      return scalarize_reduce(b, alu, 4, IR_OP_FNEU, IR_OP_IOR);
   case IR_OP_BANY_INEQUAL2:
      return scalarize_reduce(b, alu, 2, IR_OP_INE, IR_OP_IOR);
   case IR_OP_BANY_INEQUAL3:
      return scalarize_reduce(b, alu, 3, IR_OP_INE, IR_OP_IOR);
   case IR_OP_BANY_INEQUAL4:
      return scalarize_reduce(b, alu, 4, IR_OP_INE, IR_OP_IOR);
   case IR_OP_MOV:
      return NULL;
   default:
      if (alu->def.num_components > 1 && is_per_component(alu->op))
         return scalarize_per_component(b, alu);
      return NULL;
   }
}

bool
ir_lower_alu_to_scalar(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_alu *alu = ir_instr_as_alu(instr);
            if (!alu)
               continue;
            struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
            b.exact = alu->exact;
            struct ir_def *def = scalarize(&b, alu);
            if (!def)
               continue;
            ir_lower_replace(alu, def);
            fn_progress = true;
         }
      }
      if (fn_progress) {
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
         progress = true;
      }
   }
   return progress;
}
