/* SPDX-License-Identifier: MIT */

/*
 * Global value numbering (dominator-based common subexpression
 * elimination): an instruction that computes the same value as one in a
 * dominating position is replaced by it.
 *
 * Algorithm: a depth-first walk of the dominator tree with a scoped hash
 * table of the instructions seen on the path from the start block.  In
 * each block, in order, an eligible instruction is looked up; if an equal
 * one is in the table (so it dominates this one), the instruction's uses
 * are rewritten to it and the instruction is removed; otherwise it is
 * added.  When the walk leaves a block, the instructions it added are
 * taken out again, so siblings in the dominator tree (the two sides of an
 * if) never share values.  Instructions are compared after their sources
 * are final: a source's def dominates it, so it was visited (and, if it
 * was a duplicate, replaced) before.
 *
 * Equal means: same kind and
 *  - ALU: same opcode, same exact flag, same destination size, and each
 *    source the same def with the same swizzle on the components read;
 *    for commutative opcodes the first two sources may be swapped
 *    (fadd a, b == fadd b, a; ffma a, b, c == ffma b, a, c);
 *  - load_const: same size and the same bits in every component (so 0.0
 *    and -0.0, or two NaNs of different payloads, stay apart);
 *  - deref: same kind, variable, parent, index and field;
 *  - intrinsic: only those flagged CAN_REORDER (their result depends on
 *    their sources and indices alone): same op, size, sources and
 *    constant indices.
 * Never merged: load_deref and other loads of mutable memory (not
 * CAN_REORDER: a store may come between them), intrinsics with side
 * effects, tex (left to a later pass: its result may depend on implicit
 * derivatives of the control flow it sits in), phis, undefs.
 *
 * Counterexample for a walk in program order with one table for the whole
 * function:
 *
 *    if %c { b1: %1 = fadd %a, %b } else { b2: %2 = fadd %a, %b }
 *
 * replacing %2 by %1 would use %1 where it is not defined; the dominator
 * tree scoping forbids it.
 *
 * Requires: dominance (computed if missing).  Preserves: the CFG, block
 * indices, dominance.  Invalidates: instruction indices, liveness, loop
 * analysis.
 */
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"
#include "util/u_arena.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"

/* ---------------------------------------------------------------------- */
/* Hashing and equality                                                   */
/* ---------------------------------------------------------------------- */

static uint32_t
mix(uint32_t h, uint32_t v)
{
   /* FNV-1a on the four bytes of v. */
   for (unsigned i = 0; i < 4; i++) {
      h ^= (v >> (8 * i)) & 0xff;
      h *= 0x01000193u;
   }
   return h;
}

static uint32_t
mix_ptr(uint32_t h, const void *p)
{
   return mix(h, u_hash_pointer(p));
}

static unsigned
alu_src_read(const struct ir_alu *alu, unsigned i)
{
   unsigned n = ir_op_infos[alu->op].input_sizes[i];
   return n ? n : alu->def.num_components;
}

static uint32_t
hash_alu_src(const struct ir_alu *alu, unsigned i)
{
   uint32_t h = mix_ptr(0x811c9dc5u, alu->src[i].src.def);
   for (unsigned c = 0; c < alu_src_read(alu, i); c++)
      h = mix(h, alu->src[i].swizzle[c]);
   return h;
}

static bool
is_commutative(const struct ir_alu *alu)
{
   return (ir_op_infos[alu->op].props & IR_OP_COMMUTATIVE) &&
          ir_op_infos[alu->op].num_inputs >= 2;
}

static uint32_t
hash_alu(uint32_t h, const struct ir_alu *alu)
{
   h = mix(h, alu->op);
   h = mix(h, alu->exact);
   h = mix(h, alu->def.num_components);
   h = mix(h, alu->def.bit_size);
   unsigned first = 0;
   if (is_commutative(alu)) {
      /* Order-independent for the first two sources. */
      h = mix(h, hash_alu_src(alu, 0) + hash_alu_src(alu, 1));
      first = 2;
   }
   for (unsigned i = first; i < ir_op_infos[alu->op].num_inputs; i++)
      h = mix(h, hash_alu_src(alu, i));
   return h;
}

/* The value bits of a component of a @p bit_size constant. */
static uint64_t
const_bits(const union ir_const_value *v, unsigned bit_size)
{
   switch (bit_size) {
   case 1:
      return v->b;
   case 8:
      return v->u8;
   case 16:
      return v->u16;
   case 32:
      return v->u32;
   default:
      return v->u64;
   }
}

static uint32_t
hash_load_const(uint32_t h, const struct ir_load_const *lc)
{
   h = mix(h, lc->def.num_components);
   h = mix(h, lc->def.bit_size);
   for (unsigned c = 0; c < lc->def.num_components; c++)
      h = mix(h, u_hash_u64(const_bits(&lc->value[c], lc->def.bit_size)));
   return h;
}

static uint32_t
hash_deref(uint32_t h, const struct ir_deref *deref)
{
   h = mix(h, deref->deref_kind);
   h = mix_ptr(h, deref->var);
   if (deref->deref_kind != IR_DEREF_VAR)
      h = mix_ptr(h, deref->parent.def);
   if (deref->deref_kind == IR_DEREF_ARRAY)
      h = mix_ptr(h, deref->index.def);
   if (deref->deref_kind == IR_DEREF_STRUCT)
      h = mix(h, deref->field);
   return h;
}

static uint32_t
hash_intrinsic(uint32_t h, const struct ir_intrinsic *intr)
{
   h = mix(h, intr->op);
   h = mix(h, intr->num_components);
   h = mix(h, intr->def.num_components);
   h = mix(h, intr->def.bit_size);
   for (unsigned i = 0; i < IR_MAX_CONST_INDEX; i++)
      h = mix(h, (uint32_t)intr->const_index[i]);
   for (unsigned i = 0; i < ir_intrinsic_infos[intr->op].num_srcs; i++)
      h = mix_ptr(h, intr->src[i].def);
   return h;
}

static uint32_t
hash_instr(const void *key)
{
   const struct ir_instr *instr = key;
   uint32_t h = mix(0x811c9dc5u, instr->kind);
   switch (instr->kind) {
   case IR_INSTR_ALU:
      return hash_alu(h, ir_instr_as_alu(instr));
   case IR_INSTR_LOAD_CONST:
      return hash_load_const(h, ir_instr_as_load_const(instr));
   case IR_INSTR_DEREF:
      return hash_deref(h, ir_instr_as_deref(instr));
   case IR_INSTR_INTRINSIC:
      return hash_intrinsic(h, ir_instr_as_intrinsic(instr));
   default:
      return h;
   }
}

static bool
alu_src_equal(const struct ir_alu *a, unsigned ia, const struct ir_alu *b,
              unsigned ib)
{
   if (a->src[ia].src.def != b->src[ib].src.def)
      return false;
   /* Inputs ia and ib have the same read size: either both per
    * component, or both are the first two of a commutative op. */
   for (unsigned c = 0; c < alu_src_read(a, ia); c++) {
      if (a->src[ia].swizzle[c] != b->src[ib].swizzle[c])
         return false;
   }
   return true;
}

static bool
alu_equal(const struct ir_alu *a, const struct ir_alu *b)
{
   if (a->op != b->op || a->exact != b->exact ||
       a->def.num_components != b->def.num_components ||
       a->def.bit_size != b->def.bit_size)
      return false;
   unsigned n = ir_op_infos[a->op].num_inputs;
   for (unsigned i = 2; i < n; i++) {
      if (!alu_src_equal(a, i, b, i))
         return false;
   }
   unsigned first = n < 2 ? n : 2;
   bool same = true;
   for (unsigned i = 0; i < first; i++)
      same = same && alu_src_equal(a, i, b, i);
   if (same)
      return true;
   return is_commutative(a) && alu_src_equal(a, 0, b, 1) &&
          alu_src_equal(a, 1, b, 0);
}

static bool
load_const_equal(const struct ir_load_const *a, const struct ir_load_const *b)
{
   if (a->def.num_components != b->def.num_components ||
       a->def.bit_size != b->def.bit_size)
      return false;
   for (unsigned c = 0; c < a->def.num_components; c++) {
      if (const_bits(&a->value[c], a->def.bit_size) !=
          const_bits(&b->value[c], b->def.bit_size))
         return false;
   }
   return true;
}

static bool
deref_equal(const struct ir_deref *a, const struct ir_deref *b)
{
   if (a->deref_kind != b->deref_kind || a->var != b->var)
      return false;
   switch (a->deref_kind) {
   case IR_DEREF_VAR:
      return true;
   case IR_DEREF_ARRAY:
      return a->parent.def == b->parent.def && a->index.def == b->index.def;
   case IR_DEREF_STRUCT:
      return a->parent.def == b->parent.def && a->field == b->field;
   }
   return false;
}

static bool
intrinsic_equal(const struct ir_intrinsic *a, const struct ir_intrinsic *b)
{
   if (a->op != b->op || a->num_components != b->num_components ||
       a->def.num_components != b->def.num_components ||
       a->def.bit_size != b->def.bit_size ||
       memcmp(a->const_index, b->const_index, sizeof(a->const_index)) != 0)
      return false;
   for (unsigned i = 0; i < ir_intrinsic_infos[a->op].num_srcs; i++) {
      if (a->src[i].def != b->src[i].def)
         return false;
   }
   return true;
}

static bool
instr_equal(const void *ka, const void *kb)
{
   const struct ir_instr *a = ka, *b = kb;
   if (a->kind != b->kind)
      return false;
   switch (a->kind) {
   case IR_INSTR_ALU:
      return alu_equal(ir_instr_as_alu(a), ir_instr_as_alu(b));
   case IR_INSTR_LOAD_CONST:
      return load_const_equal(ir_instr_as_load_const(a),
                              ir_instr_as_load_const(b));
   case IR_INSTR_DEREF:
      return deref_equal(ir_instr_as_deref(a), ir_instr_as_deref(b));
   case IR_INSTR_INTRINSIC:
      return intrinsic_equal(ir_instr_as_intrinsic(a),
                             ir_instr_as_intrinsic(b));
   default:
      return a == b;
   }
}

static bool
is_eligible(const struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
   case IR_INSTR_LOAD_CONST:
   case IR_INSTR_DEREF:
      return true;
   case IR_INSTR_INTRINSIC: {
      const struct ir_intrinsic_info *info =
         &ir_intrinsic_infos[ir_instr_as_intrinsic(instr)->op];
      return info->has_dest && (info->flags & IR_INTRINSIC_CAN_REORDER);
   }
   default:
      return false;
   }
}

/* ---------------------------------------------------------------------- */
/* The walk                                                               */
/* ---------------------------------------------------------------------- */

struct gvn_state {
   struct u_hash_table *table;
   /* Instructions added to the table, innermost block last. */
   struct u_dynarray added;
   bool progress;
};

static void
visit_block(struct gvn_state *st, struct ir_block *block)
{
   ir_foreach_instr_safe (block, instr) {
      if (!is_eligible(instr))
         continue;
      struct u_hash_entry *e = u_hash_table_search(st->table, instr);
      if (e) {
         struct ir_instr *dom = (struct ir_instr *)e->key;
         ir_def_rewrite_uses(ir_instr_def(instr), ir_instr_def(dom));
         ir_instr_remove(instr);
         st->progress = true;
         continue;
      }
      /* Out of memory only loses the chance to merge later copies. */
      if (!u_dynarray_append(&st->added, struct ir_instr *, instr))
         continue;
      if (!u_hash_table_insert(st->table, instr, NULL))
         (void)u_dynarray_pop(&st->added, struct ir_instr *);
   }
}

static void
leave_block(struct gvn_state *st, size_t mark)
{
   while (u_dynarray_num_elements(&st->added, struct ir_instr *) > mark) {
      struct ir_instr *instr = u_dynarray_pop(&st->added, struct ir_instr *);
      u_hash_table_remove_key(st->table, instr);
   }
}

static bool
gvn_function(struct ir_function *fn)
{
   ir_metadata_require(fn, IR_METADATA_DOMINANCE);

   struct u_arena *scratch = u_arena_create(fn->shader->arena);
   if (!scratch)
      return false;
   struct gvn_state st = { .progress = false };
   st.table = u_hash_table_create(scratch, hash_instr, instr_equal);
   u_dynarray_init(&st.added, scratch);

   /* Depth-first over the dominator tree without recursion. */
   struct frame {
      struct ir_block *block;
      unsigned next_child;
      size_t mark;
   };
   struct u_dynarray stack;
   u_dynarray_init(&stack, scratch);
   struct ir_block *start = ir_start_block(fn);
   bool ok = st.table != NULL;
   if (ok) {
      struct frame f = {
         start, 0, u_dynarray_num_elements(&st.added, struct ir_instr *)
      };
      ok = u_dynarray_append(&stack, struct frame, f);
      if (ok)
         visit_block(&st, start);
   }
   while (ok && stack.size) {
      struct frame *top = u_dynarray_last(&stack, struct frame);
      if (top->next_child < top->block->num_dom_children) {
         struct ir_block *child = top->block->dom_children[top->next_child++];
         struct frame f = {
            child, 0, u_dynarray_num_elements(&st.added, struct ir_instr *)
         };
         /* Out of memory: stop; what was merged so far is correct. */
         if (!u_dynarray_append(&stack, struct frame, f))
            break;
         visit_block(&st, child);
         continue;
      }
      leave_block(&st, top->mark);
      (void)u_dynarray_pop(&stack, struct frame);
   }
   u_arena_destroy(scratch);

   if (st.progress)
      ir_metadata_preserve(fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
   return st.progress;
}

bool
ir_opt_gvn(struct ir_shader *s)
{
   bool progress = false;
   ir_foreach_function (s, fn)
      progress |= gvn_function(fn);
   return progress;
}
