/* SPDX-License-Identifier: MIT */

/*
 * Merges narrow ALU operations into vec4 ones, for vec4 backends.
 *
 * Two instances E (earlier) and I (later) of the same per-component
 * opcode in one block merge into one operation C of E's plus I's
 * components when:
 *   - they have the same bit size and the same exact flag, and together
 *     at most 4 components;
 *   - for every source, both read the same def (with any swizzles: C
 *     reads E's swizzle then I's), or both read constants (C reads a new
 *     constant holding E's components then I's);
 *   - no instruction with side effects (a store, discard, barrier,
 *     register copy...) lies between them.
 * C is inserted where E was; E's uses read C's first components and I's
 * uses the following ones.  ALU sources take the new components through
 * their swizzles; other uses (intrinsics, phis, if conditions...) get a
 * mov of the right components right after C.
 *
 * Placing C at E moves I's operation up.  That is sound because the
 * sources are E's: all defined before E, so I cannot depend on E or on
 * anything between them (and it is checked anyway).  ALU operations have
 * no side effects, so the last rule is not needed for correctness; it
 * keeps the pass from moving arithmetic across the points where a
 * backend or a later pass may expect program order to matter (a store
 * of the value, a discard, a barrier).
 *
 * Each candidate is merged with the nearest earlier compatible operation
 * of the block, searching back to the block start, the first side effect
 * or SEARCH_WINDOW instructions; C is then itself a candidate, so four
 * scalars become one vec4.
 * mov (a swizzle, which copy propagation folds into its uses) and the
 * fixed-size opcodes (vecN, fdot, ball/bany, pack/unpack) are not merged.
 *
 * Counterexample for "same opcode, same block": in
 *    %3:32 = fadd %1.x, %2.x
 *    %4:32 = fadd %3, %2.y
 * merging %4 into %3's instruction would make it read its own result;
 * the sources differ (%1 against %3), so the pass keeps them apart.
 *
 * Requires: nothing.  Preserves: the CFG, block indices, dominance.
 * Invalidates: instruction indices, liveness, divergence, loop analysis.
 */
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_lower_util.h"

typedef struct ir_lower_operand operand;

/* How far back a partner is searched.  It bounds the pass to linear time
 * on long blocks; operations further apart rarely read the same defs, and
 * merging them would keep the first result alive (in a wider register)
 * across everything in between. */
#define SEARCH_WINDOW 64

static bool
is_candidate(const struct ir_alu *alu)
{
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   if (alu->op == IR_OP_MOV || info->output_size ||
       alu->def.num_components >= IR_MAX_VEC)
      return false;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (info->input_sizes[i])
         return false;
   }
   return true;
}

static bool
is_const(const struct ir_def *def)
{
   return def->parent->kind == IR_INSTR_LOAD_CONST;
}

static bool
has_side_effects(struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_INTRINSIC: {
      const struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      return !(ir_intrinsic_infos[intr->op].flags & IR_INTRINSIC_CAN_ELIMINATE);
   }
   case IR_INSTR_PARALLEL_COPY:
   case IR_INSTR_JUMP:
      return true;
   default:
      return false;
   }
}

static bool
compatible(const struct ir_alu *e, const struct ir_alu *i)
{
   if (e->op != i->op || e->exact != i->exact ||
       e->def.bit_size != i->def.bit_size ||
       e->def.num_components + i->def.num_components > IR_MAX_VEC)
      return false;
   for (unsigned s = 0; s < ir_op_infos[e->op].num_inputs; s++) {
      const struct ir_def *a = e->src[s].src.def, *b = i->src[s].src.def;
      if (b == &e->def)
         return false;
      if (a != b && !(is_const(a) && is_const(b)))
         return false;
   }
   return true;
}

/* The nearest earlier instruction of the block @p i can merge with. */
static struct ir_alu *
find_partner(struct ir_alu *i)
{
   unsigned seen = 0;
   for (struct u_list *l = i->instr.link.prev;
        l != &i->instr.block->instrs && seen < SEARCH_WINDOW;
        l = l->prev, seen++) {
      struct ir_instr *instr = u_container_of(l, struct ir_instr, link);
      if (has_side_effects(instr))
         return NULL;
      struct ir_alu *e = ir_instr_as_alu(instr);
      if (e && is_candidate(e) && compatible(e, i))
         return e;
   }
   return NULL;
}

/* A constant of @p e's then @p i's components of source @p s. */
static struct ir_def *
merged_const(struct ir_builder *b, const struct ir_alu *e,
             const struct ir_alu *i, unsigned s)
{
   union ir_const_value v[IR_MAX_VEC];
   unsigned n = 0;
   const struct ir_alu *parts[2] = { e, i };
   for (unsigned p = 0; p < 2; p++) {
      const struct ir_alu_src *as = &parts[p]->src[s];
      const struct ir_load_const *lc = ir_def_as_load_const(as->src.def);
      for (unsigned c = 0; c < parts[p]->def.num_components; c++)
         v[n++] = lc->value[as->swizzle[c]];
   }
   return ir_build_imm(b, n, e->src[s].src.def->bit_size, v);
}

/* Points the uses of @p old at components @p offset.. of @p c. */
static void
rewrite_uses(struct ir_function *fn, struct ir_def *old, struct ir_def *c,
             unsigned offset)
{
   struct ir_def *mov = NULL;
   ir_foreach_use_safe (old, src) {
      struct ir_alu *user =
         src->is_if_condition ? NULL : ir_instr_as_alu(src->parent_instr);
      if (user) {
         struct ir_alu_src *as = u_container_of(src, struct ir_alu_src, src);
         for (unsigned k = 0; k < IR_MAX_VEC; k++) {
            unsigned v = as->swizzle[k] + offset;
            as->swizzle[k] = (uint8_t)(v < c->num_components ? v : offset);
         }
         ir_src_set(src, c);
         continue;
      }
      if (!mov) {
         unsigned swz[IR_MAX_VEC];
         for (unsigned k = 0; k < old->num_components; k++)
            swz[k] = offset + k;
         struct ir_builder b = ir_builder_at(fn, ir_after_instr(c->parent));
         mov = ir_lower_build1(&b, IR_OP_MOV, old->num_components,
                               old->bit_size, ir_lower_def(c));
         struct ir_alu *m = ir_def_as_alu(mov);
         for (unsigned k = 0; k < old->num_components; k++)
            m->src[0].swizzle[k] = (uint8_t)swz[k];
      }
      ir_src_set(src, mov);
   }
}

/* Merges @p i into @p e; returns the merged instruction. */
static struct ir_alu *
merge(struct ir_function *fn, struct ir_alu *e, struct ir_alu *i)
{
   unsigned ne = e->def.num_components, ni = i->def.num_components;
   unsigned num_inputs = ir_op_infos[e->op].num_inputs;
   struct ir_builder b = ir_builder_at(fn, ir_before_instr(&e->instr));
   b.exact = e->exact;
   operand srcs[4];
   for (unsigned s = 0; s < num_inputs; s++) {
      struct ir_def *a = e->src[s].src.def;
      if (a != i->src[s].src.def) {
         srcs[s] = ir_lower_def(merged_const(&b, e, i, s));
         continue;
      }
      srcs[s].def = a;
      for (unsigned c = 0; c < ne; c++)
         srcs[s].swizzle[c] = e->src[s].swizzle[c];
      for (unsigned c = 0; c < ni; c++)
         srcs[s].swizzle[ne + c] = i->src[s].swizzle[c];
      for (unsigned c = ne + ni; c < IR_MAX_VEC; c++)
         srcs[s].swizzle[c] = 0;
   }
   struct ir_def *c = ir_lower_build(&b, e->op, ne + ni, e->def.bit_size, srcs);
   rewrite_uses(fn, &e->def, c, 0);
   rewrite_uses(fn, &i->def, c, ne);
   ir_instr_remove(&e->instr);
   ir_instr_remove(&i->instr);
   return ir_def_as_alu(c);
}

bool
ir_opt_vectorize(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_alu *alu = ir_instr_as_alu(instr);
            if (!alu || !is_candidate(alu))
               continue;
            struct ir_alu *partner = find_partner(alu);
            if (!partner)
               continue;
            merge(fn, partner, alu);
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
