/* SPDX-License-Identifier: MIT */

/*
 * Sequentialise parallel copies into load_reg / store_reg / mov.
 *
 * A parallel copy (made by ir_convert_from_ssa()) writes several registers
 * at once: every source is read before any destination is written.  A
 * source is either a plain SSA value or a *register read*: a direct
 * load_reg of register S (element e) that sits earlier in the same block
 * with no write to S between it and the copy.  Out-of-SSA puts such loads
 * right before the copy, so that "r0 <- r1, r1 <- r0" (a swap of two phi
 * registers) reads as
 *
 *    %a:32 = load_reg %r1
 *    %b:32 = load_reg %r0
 *    parallel_copy %r0 <- %a, %r1 <- %b
 *
 * The obvious lowering, one store_reg per entry reusing the loads above,
 *
 *    store_reg %a, %r0
 *    store_reg %b, %r1      # %b was loaded from %r0 before it changed
 *
 * is right for the interpreter (a load_reg def is a snapshot) but keeps %b
 * alive across a write of the register it was read from, so a backend that
 * gives each load_reg def the storage of its register (the point of
 * coalescing) would copy the new value.  This pass therefore treats
 * register reads as locations and produces "register-trivial" code: every
 * load_reg it emits is used once, by the instruction right after it, and
 * no register is read after being overwritten.  The result is correct both
 * with snapshot semantics and with register semantics.
 *
 * Algorithm (Boissinot et al., "Revisiting Out-of-SSA Translation for
 * Correctness, Code Quality, and Efficiency", CGO 2009, algorithm 1): pred
 * maps each destination to its source location, loc maps each source
 * location to where its original value currently is.  A destination is
 * ready when no pending copy still needs its original value; ready copies
 * are emitted (a chain d <- c <- b <- a comes out d, c, b), and after each
 * one the source's value is also found in the destination just written,
 * which may free the source register.  When only cycles are left, one
 * member of a cycle is saved in a temporary SSA value
 * (`%t = mov (load_reg r)`) and the cycle unwinds as a chain ending with a
 * store of %t.  Each copy costs one store_reg (plus one load_reg for a
 * register source); each cycle one extra mov.  Self copies (r <- load_reg
 * r) vanish.  Lookups are linear in the number of entries, which is the
 * number of phis of one block.
 *
 * An entry list with the same destination twice is not a meaningful
 * parallel copy; the last such entry wins.
 *
 * Requires: nothing.  Preserves: CFG, block indices, dominance.  The
 * register reads that fed a copy and have no other use are removed with
 * it (they are part of the copy being lowered).
 */
#include <assert.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"

/** A place a value can be read from: a register element or an SSA value
 * (a plain source, or a temporary made to break a cycle). */
struct location {
   struct ir_def *reg; /**< decl_reg def, or NULL for a value */
   int base;           /**< register element */
   struct ir_def *value;
};

struct sequencer {
   struct ir_builder b;
   struct location *locs;
   unsigned num_locs;
   /** Per location: source of the copy into it (-1: none). */
   int *pred;
   /** Per location: where its original value is now (-1: not needed). */
   int *loc;
   /** Work lists of location numbers. */
   int *ready, *todo;
   unsigned num_ready, num_todo;
};

static int
find_or_add_location(struct sequencer *s, struct ir_def *reg, int base,
                     struct ir_def *value)
{
   for (unsigned i = 0; i < s->num_locs; i++) {
      const struct location *l = &s->locs[i];
      if (reg ? (l->reg == reg && l->base == base) : l->value == value)
         return (int)i;
   }
   s->locs[s->num_locs] =
      (struct location){ .reg = reg, .base = base, .value = value };
   s->pred[s->num_locs] = -1;
   s->loc[s->num_locs] = -1;
   return (int)s->num_locs++;
}

static bool
writes_reg(struct ir_instr *instr, const struct ir_def *reg)
{
   struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
   if (intr && (intr->op == IR_INTRINSIC_STORE_REG ||
                intr->op == IR_INTRINSIC_STORE_REG_INDIRECT))
      return intr->src[1].def == reg;
   struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
   if (pc) {
      u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
         if (e->dest_reg.def == reg)
            return true;
      }
   }
   return false;
}

/* The load_reg behind @p src if it reads its register at @p pc (same
 * block, earlier, no write to the register in between), else NULL. */
static struct ir_intrinsic *
register_read(struct ir_parallel_copy *pc, struct ir_def *src)
{
   struct ir_intrinsic *ld = ir_def_as_intrinsic(src);
   if (!ld || ld->op != IR_INTRINSIC_LOAD_REG ||
       ld->instr.block != pc->instr.block)
      return NULL;
   struct ir_def *reg = ld->src[0].def;
   for (struct u_list *l = ld->instr.link.next; l != &pc->instr.link;
        l = l->next) {
      if (l == &pc->instr.block->instrs)
         return NULL; /* the load comes after the copy */
      if (writes_reg(u_container_of(l, struct ir_instr, link), reg))
         return NULL;
   }
   return ld;
}

static struct ir_def *
build_load_reg(struct ir_builder *b, struct ir_def *reg, int base)
{
   struct ir_intrinsic *decl = ir_def_as_intrinsic(reg);
   struct ir_intrinsic *ld = ir_build_intrinsic(
      b, IR_INTRINSIC_LOAD_REG, (unsigned)ir_intrinsic_num_components(decl),
      (unsigned)ir_intrinsic_bit_size(decl), &reg);
   if (!ld)
      return NULL;
   ir_intrinsic_set_base(ld, base);
   return &ld->def;
}

static void
build_store_reg(struct ir_builder *b, struct ir_def *reg, int base,
                struct ir_def *value)
{
   struct ir_def *srcs[2] = { value, reg };
   struct ir_intrinsic *st = ir_build_intrinsic(b, IR_INTRINSIC_STORE_REG,
                                                value->num_components, 0, srcs);
   if (!st)
      return;
   ir_intrinsic_set_base(st, base);
   ir_intrinsic_set_write_mask(st, (1 << value->num_components) - 1);
}

/* The value of location @p l, read right here. */
static struct ir_def *
read_location(struct sequencer *s, int l)
{
   const struct location *loc = &s->locs[l];
   return loc->reg ? build_load_reg(&s->b, loc->reg, loc->base) : loc->value;
}

static void
emit_copy(struct sequencer *s, int from, int to)
{
   struct ir_def *value = read_location(s, from);
   if (value)
      build_store_reg(&s->b, s->locs[to].reg, s->locs[to].base, value);
}

static void
sequentialize(struct sequencer *s)
{
   while (s->num_todo) {
      while (s->num_ready) {
         int b = s->ready[--s->num_ready];
         int a = s->pred[b];
         int c = s->loc[a];
         emit_copy(s, c, b);
         s->loc[a] = b;
         /* a's original value is now safe in b: a may be overwritten. */
         if (a == c && s->pred[a] >= 0)
            s->ready[s->num_ready++] = a;
      }
      int b = s->todo[--s->num_todo];
      if (s->loc[b] == b) {
         /* Only cycles are left and b is in one: save b in a temporary
          * and let the cycle unwind as a chain. */
         struct ir_def *saved = read_location(s, b);
         struct ir_def *tmp =
            saved ? ir_build_alu_swz(&s->b, IR_OP_MOV, saved->num_components,
                                     saved->bit_size, &saved, NULL)
                  : NULL;
         if (!tmp)
            return;
         s->loc[b] = find_or_add_location(s, NULL, 0, tmp);
         s->ready[s->num_ready++] = b;
      }
   }
}

static bool
lower_parallel_copy(struct ir_function *fn, struct ir_parallel_copy *pc,
                    struct u_arena *mem)
{
   unsigned n = 0;
   u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link)
      n++;

   /* Each entry adds at most two locations, each cycle one temporary. */
   unsigned max_locs = 3 * n + 1;
   struct sequencer s = {
      .b = ir_builder_at(fn, ir_before_instr(&pc->instr)),
      .locs = u_arena_alloc_array(mem, max_locs, sizeof(struct location)),
      .pred = u_arena_alloc_array(mem, max_locs, sizeof(int)),
      .loc = u_arena_alloc_array(mem, max_locs, sizeof(int)),
      .ready = u_arena_alloc_array(mem, max_locs, sizeof(int)),
      .todo = u_arena_alloc_array(mem, max_locs, sizeof(int)),
   };
   struct ir_intrinsic **reads =
      u_arena_alloc_array(mem, n + 1, sizeof(*reads));
   if (!s.locs || !s.pred || !s.loc || !s.ready || !s.todo || !reads)
      return false;

   unsigned num_reads = 0;
   u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
      int dst = find_or_add_location(&s, e->dest_reg.def, 0, NULL);
      struct ir_intrinsic *rd = register_read(pc, e->src.def);
      int src;
      if (rd) {
         reads[num_reads++] = rd;
         src = find_or_add_location(&s, rd->src[0].def, ir_intrinsic_base(rd),
                                    NULL);
      } else {
         src = find_or_add_location(&s, NULL, 0, e->src.def);
      }
      if (src == dst) {
         s.pred[dst] = -1; /* a self copy (after an earlier entry: undone) */
         continue;
      }
      s.pred[dst] = src;
   }
   /* Sources hold their own value; destinations nobody reads are ready.
    * The work lists are filled so that entries come out in order where
    * the copies do not constrain it. */
   for (unsigned l = 0; l < s.num_locs; l++) {
      if (s.pred[l] >= 0)
         s.loc[s.pred[l]] = s.pred[l];
   }
   for (int l = (int)s.num_locs - 1; l >= 0; l--) {
      if (s.pred[l] < 0)
         continue;
      s.todo[s.num_todo++] = l;
      if (s.loc[l] < 0)
         s.ready[s.num_ready++] = l;
   }
   sequentialize(&s);

   ir_instr_remove(&pc->instr);
   for (unsigned i = 0; i < num_reads; i++) {
      if (reads[i]->instr.block && !ir_def_has_uses(&reads[i]->def))
         ir_instr_remove(&reads[i]->instr);
   }
   return true;
}

bool
ir_lower_parallel_copies(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn) {
      struct u_arena *mem = u_arena_create(NULL);
      if (!mem)
         return progress;
      bool fn_progress = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
            if (pc)
               fn_progress |= lower_parallel_copy(fn, pc, mem);
         }
      }
      u_arena_destroy(mem);
      if (fn_progress)
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
      progress |= fn_progress;
   }
   return progress;
}
