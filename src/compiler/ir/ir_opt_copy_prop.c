/* SPDX-License-Identifier: MIT */

/*
 * Copy propagation: uses of a copy (mov, or a vecN gathering channels of
 * one def) read the copied def directly.
 *
 * Algorithm: one walk over every source of every instruction and every if
 * condition.  For an ALU source, while the def it reads comes from
 *   - a mov: the source reads the mov's source instead, with the swizzles
 *     composed (new[c] = mov_swizzle[old[c]]), or
 *   - a vecN whose components read by this source all come from one def
 *     D: the source reads D, new[c] = swizzle of vec source old[c],
 * the source is rewritten (so chains of copies collapse in one step).
 * Only the components the instruction reads are looked at: as many as the
 * instruction has for per-component inputs, the input size for fixed-size
 * ones.  A mov and its source always have the same bit size, and so do a
 * vecN and its sources, so the rewritten source has the size it had.
 *
 * Sources that carry no swizzle (intrinsics, tex, derefs, phis, parallel
 * copy values, if conditions) are rewritten only through a full identity
 * copy: a mov or vecN whose result equals its single source def
 * component for component, with as many components.  Counterexample for
 * anything looser:
 *
 *    %1:32x2 = mov %0.yx
 *    store_output %1, %z write_mask=3
 *
 * store_output %0 would write the components in the wrong order; and
 * through `%1:32x2 = mov %0` of a vec4 %0 (identity swizzle, but
 * narrowing) it would write four components instead of two.
 *
 * The copies themselves are left for ir_opt_dce().  Exactness does not
 * matter: a copy computes nothing.
 *
 * Requires: nothing.  Preserves: the CFG, block and instruction indices,
 * dominance, loop analysis (no instruction is added or removed).
 * Invalidates: liveness (live ranges change).
 */
#include <stdbool.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"

static bool
op_is_vec(enum ir_op op)
{
   return op == IR_OP_VEC2 || op == IR_OP_VEC3 || op == IR_OP_VEC4;
}

/* Components of source @p i that @p alu reads. */
static unsigned
src_components_read(const struct ir_alu *alu, unsigned i)
{
   unsigned n = ir_op_infos[alu->op].input_sizes[i];
   if (n == 0)
      n = alu->def.num_components;
   return n > IR_MAX_VEC ? IR_MAX_VEC : n;
}

/*
 * If the @p n components @p swz of @p def are copies of components of a
 * single other def, returns that def and fills @p new_swz; else NULL.
 */
static struct ir_def *
copied_from(const struct ir_def *def, const uint8_t *swz, unsigned n,
            uint8_t *new_swz)
{
   const struct ir_alu *copy = ir_def_as_alu(def);
   if (!copy)
      return NULL;

   if (copy->op == IR_OP_MOV) {
      for (unsigned c = 0; c < n; c++)
         new_swz[c] = copy->src[0].swizzle[swz[c]];
      return copy->src[0].src.def;
   }

   if (!op_is_vec(copy->op))
      return NULL;
   struct ir_def *from = NULL;
   for (unsigned c = 0; c < n; c++) {
      const struct ir_alu_src *s = &copy->src[swz[c]];
      if (from && s->src.def != from)
         return NULL;
      from = s->src.def;
      new_swz[c] = s->swizzle[0];
   }
   return from;
}

/* The def that @p def copies whole (same components, identity swizzle),
 * or NULL. */
static struct ir_def *
identity_copy_of(const struct ir_def *def)
{
   const struct ir_alu *copy = ir_def_as_alu(def);
   if (!copy || (copy->op != IR_OP_MOV && !op_is_vec(copy->op)))
      return NULL;

   static const uint8_t identity[IR_MAX_VEC] = { 0, 1, 2, 3 };
   uint8_t swz[IR_MAX_VEC];
   struct ir_def *from = copied_from(def, identity, def->num_components, swz);
   if (!from || from->num_components != def->num_components)
      return NULL;
   for (unsigned c = 0; c < def->num_components; c++) {
      if (swz[c] != c)
         return NULL;
   }
   return from;
}

/*
 * Unreachable code is not held to dominance, so copies there may form a
 * cycle (%1 = mov %2, %2 = mov %1).  No chain of copies is longer than the
 * function has defs: a walk that goes further is in such a cycle and
 * changes nothing (else every run would move the source once more round
 * the cycle and report progress).
 */
static bool
prop_alu_src(struct ir_alu *alu, unsigned i, unsigned max_steps)
{
   struct ir_alu_src *src = &alu->src[i];
   unsigned n = src_components_read(alu, i);
   struct ir_def *def = src->src.def;
   uint8_t swz[IR_MAX_VEC], next_swz[IR_MAX_VEC];
   memcpy(swz, src->swizzle, IR_MAX_VEC);

   unsigned steps = 0;
   struct ir_def *from;
   while ((from = copied_from(def, swz, n, next_swz))) {
      if (++steps > max_steps)
         return false;
      def = from;
      memcpy(swz, next_swz, n);
   }
   if (!steps)
      return false;

   ir_src_set(&src->src, def);
   memcpy(src->swizzle, swz, n);
   /* Components not read are identity, as the constructors make them. */
   for (unsigned c = n; c < IR_MAX_VEC; c++)
      src->swizzle[c] = c;
   return true;
}

struct plain_state {
   unsigned max_steps;
   bool progress;
};

static bool
prop_plain_src(struct ir_src *src, void *data)
{
   struct plain_state *st = data;
   struct ir_def *def = src->def;
   unsigned steps = 0;
   struct ir_def *from;
   while (def && (from = identity_copy_of(def))) {
      if (++steps > st->max_steps)
         return true;
      def = from;
   }
   if (steps) {
      ir_src_set(src, def);
      st->progress = true;
   }
   return true;
}

static bool
prop_instr(struct ir_instr *instr, unsigned max_steps)
{
   struct ir_alu *alu = ir_instr_as_alu(instr);
   if (alu) {
      bool progress = false;
      for (unsigned i = 0; i < ir_op_infos[alu->op].num_inputs; i++)
         progress |= prop_alu_src(alu, i, max_steps);
      return progress;
   }

   struct plain_state st = { .max_steps = max_steps };
   struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
   if (pc) {
      /* The destinations are register handles, not values. */
      u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link)
         prop_plain_src(&e->src, &st);
      return st.progress;
   }

   ir_instr_foreach_src(instr, prop_plain_src, &st);
   return st.progress;
}

static bool
copy_prop_function(struct ir_function *fn)
{
   unsigned max_steps = fn->num_defs + 1;
   bool progress = false;
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr)
         progress |= prop_instr(instr, max_steps);
      struct ir_if *nif = ir_block_get_following_if(block);
      if (nif) {
         struct plain_state st = { .max_steps = max_steps };
         prop_plain_src(&nif->condition, &st);
         progress |= st.progress;
      }
   }
   if (progress) {
      ir_metadata_preserve(
         fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_INSTR_INDEX |
                IR_METADATA_DOMINANCE | IR_METADATA_LOOP_ANALYSIS);
   }
   return progress;
}

bool
ir_opt_copy_prop(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_function (s, fn)
      progress |= copy_prop_function(fn);
   return progress;
}
