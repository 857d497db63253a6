/* SPDX-License-Identifier: MIT */

/*
 * Liveness: which SSA defs are live at the start and end of each block
 * (ir_calc_liveness()), per-instruction queries built on it, and the
 * per-component liveness of the registers of non-SSA code
 * (ir_calc_reg_liveness()).
 *
 * SSA liveness is the standard backward dataflow problem over bitsets
 * indexed by def index:
 *
 *    live_out(B) = phi_uses(B) ∪ ⋃ live_in(S) over successors S
 *    live_in(B)  = use(B) ∪ (live_out(B) − def(B))
 *
 * use(B) holds the defs B reads before (or without) defining them,
 * including the condition of the if after B; def(B) the defs B defines,
 * phis included; phi_uses(B) the sources that phis of B's successors take
 * from the edge out of B.  So a phi's def is defined at the top of its
 * block and never live-in there, and its sources are live-out of their
 * predecessors only.  Blocks are visited in reverse program order, which
 * is close to a reverse topological order of the structured CFG, and the
 * sweep repeats until nothing changes: one sweep per loop nesting level
 * plus one.  Each block step is a few word-wise operations on sets of
 * U_BITSET_WORDS(num_defs) words; nothing rescans instructions inside the
 * fixed-point loop.
 *
 * Register liveness does the same with one 4-bit component mask per
 * register and block: a load_reg reads the components it loads; a
 * store_reg (or a parallel copy into the register) kills the components
 * of its write mask, except for array registers and indirect stores,
 * which may write another element and so kill nothing.
 *
 * Requires: nothing (renumbers defs, blocks and instructions itself).
 * Provides IR_METADATA_LIVENESS (plus the three index metadata).
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_analysis.h"
#include "util/u_bitset.h"
#include "util/u_hash.h"

/* The function's blocks in program order, end block last, and a table
 * from block index to position. */
struct block_order {
   struct ir_block **blocks;
   unsigned num_blocks;
   /** Position in blocks[] of each block index. */
   unsigned *pos_of_index;
   unsigned num_indices;
};

static bool
gather_blocks(struct ir_function *fn, struct u_arena *mem,
              struct block_order *o)
{
   unsigned n = 0, max_index = fn->end_block->index;
   bool has_end = false;
   ir_foreach_block (fn, b) {
      n++;
      has_end |= b == fn->end_block;
      if (b->index > max_index)
         max_index = b->index;
   }
   if (!has_end)
      n++;
   o->num_blocks = n;
   o->num_indices = max_index + 1;
   o->blocks = u_arena_alloc_array(mem, n, sizeof(*o->blocks));
   o->pos_of_index =
      u_arena_alloc_array(mem, o->num_indices, sizeof(*o->pos_of_index));
   if (!o->blocks || !o->pos_of_index)
      return false;
   unsigned i = 0;
   ir_foreach_block (fn, b)
      o->blocks[i++] = b;
   if (!has_end)
      o->blocks[i++] = fn->end_block;
   for (i = 0; i < n; i++)
      o->pos_of_index[o->blocks[i]->index] = i;
   return true;
}

static unsigned
block_pos(const struct block_order *o, const struct ir_block *b)
{
   return o->pos_of_index[b->index];
}

/* ---------------------------------------------------------------------- */
/* SSA liveness                                                           */
/* ---------------------------------------------------------------------- */

struct local_sets {
   uint64_t *use;
   uint64_t *def;
   /** Defs that phis of successors read on the edge from this block. */
   uint64_t *phi_uses;
};

struct gather_state {
   uint64_t *use;
   const uint64_t *def;
};

static bool
add_use(struct ir_src *src, void *data)
{
   struct gather_state *s = data;
   if (!u_bitset_test(s->def, src->def->index))
      u_bitset_set(s->use, src->def->index);
   return true;
}

static void
compute_local_sets(struct ir_block *block, const struct block_order *o,
                   struct local_sets *sets)
{
   struct local_sets *ls = &sets[block_pos(o, block)];
   struct gather_state gs = { .use = ls->use, .def = ls->def };
   ir_foreach_instr (block, instr) {
      if (instr->kind == IR_INSTR_PHI) {
         struct ir_phi *phi = ir_instr_as_phi(instr);
         ir_foreach_phi_src (phi, ps) {
            u_bitset_set(sets[block_pos(o, ps->pred)].phi_uses,
                         ps->src.def->index);
         }
      } else {
         ir_instr_foreach_src(instr, add_use, &gs);
      }
      struct ir_def *def = ir_instr_def(instr);
      if (def)
         u_bitset_set(ls->def, def->index);
   }
   struct ir_if *nif = ir_block_get_following_if(block);
   if (nif)
      add_use(&nif->condition, &gs);
}

/* A block's live_in and live_out share one allocation in the shader's
 * arena, after a header naming the block and the capacity, so that
 * recomputing liveness (passes do it again and again) reuses the storage
 * instead of growing the arena.  The owner check keeps a block that was
 * copied with another block's pointers from sharing its sets. */
struct live_storage {
   const struct ir_block *owner;
   /** Words of each set. */
   size_t words;
   /** live_in, then live_out. */
   uint64_t sets[];
};

static bool
prepare_live_sets(struct ir_block *b, unsigned words, struct u_arena *arena)
{
   if (b->live_in) {
      struct live_storage *st =
         u_container_of(b->live_in, struct live_storage, sets);
      if (st->owner == b && st->words >= words &&
          b->live_out == st->sets + st->words) {
         memset(st->sets, 0, 2 * st->words * sizeof(uint64_t));
         return true;
      }
   }
   struct live_storage *st =
      u_arena_zalloc(arena, sizeof(*st) + 2 * (size_t)words * sizeof(uint64_t));
   if (!st)
      return false;
   st->owner = b;
   st->words = words;
   b->live_in = st->sets;
   b->live_out = st->sets + words;
   return true;
}

void
ir_calc_liveness(struct ir_function *fn)
{
   ir_index_defs(fn);
   ir_index_blocks(fn);
   ir_index_instrs(fn);

   struct u_arena *mem = u_arena_create(NULL);
   if (!mem)
      return;
   struct block_order o;
   unsigned words = U_BITSET_WORDS(fn->num_defs);
   struct local_sets *sets = NULL;
   uint64_t *scratch = NULL;
   if (gather_blocks(fn, mem, &o)) {
      sets = u_arena_zalloc_array(mem, o.num_blocks, sizeof(*sets));
      scratch = u_arena_zalloc_array(mem, (size_t)o.num_blocks * 3 * words + 1,
                                     sizeof(uint64_t));
   }
   bool ok = sets && scratch;
   for (unsigned i = 0; ok && i < o.num_blocks; i++)
      ok = prepare_live_sets(o.blocks[i], words, fn->shader->arena);
   if (!ok) {
      u_arena_destroy(mem);
      return;
   }
   for (unsigned i = 0; i < o.num_blocks; i++) {
      sets[i].use = scratch + (size_t)(3 * i) * words;
      sets[i].def = scratch + (size_t)(3 * i + 1) * words;
      sets[i].phi_uses = scratch + (size_t)(3 * i + 2) * words;
   }
   for (unsigned i = 0; i < o.num_blocks; i++)
      compute_local_sets(o.blocks[i], &o, sets);

   bool changed;
   do {
      changed = false;
      for (unsigned i = o.num_blocks; i-- > 0;) {
         struct ir_block *b = o.blocks[i];
         uint64_t *lout = b->live_out, *lin = b->live_in;
         u_bitset_copy(lout, sets[i].phi_uses, words);
         for (unsigned s = 0; s < 2; s++) {
            if (b->succ[s])
               u_bitset_union(lout, b->succ[s]->live_in, words);
         }
         const uint64_t *use = sets[i].use, *def = sets[i].def;
         for (unsigned w = 0; w < words; w++) {
            uint64_t v = use[w] | (lout[w] & ~def[w]);
            changed |= v != lin[w];
            lin[w] = v;
         }
      }
   } while (changed);

   u_arena_destroy(mem);
   fn->valid_metadata |=
      IR_METADATA_LIVENESS | IR_METADATA_BLOCK_INDEX | IR_METADATA_INSTR_INDEX;
}

bool
ir_def_is_live_in(const struct ir_block *block, const struct ir_def *def)
{
   return u_bitset_test(block->live_in, def->index);
}

bool
ir_def_is_live_out(const struct ir_block *block, const struct ir_def *def)
{
   return u_bitset_test(block->live_out, def->index);
}

bool
ir_def_is_live_after_instr(const struct ir_function *fn,
                           const struct ir_def *def,
                           const struct ir_instr *instr)
{
   (void)fn;
   struct ir_block *block = instr->block;
   if (def->parent->block == block) {
      if (def->parent != instr && def->parent->index > instr->index)
         return false; /* not defined yet */
   } else if (!ir_def_is_live_in(block, def)) {
      return false;
   }
   if (ir_def_is_live_out(block, def))
      return true;

   struct ir_if *nif = ir_block_get_following_if(block);
   ir_foreach_use (def, src) {
      if (src->is_if_condition) {
         if (src->parent_if == nif)
            return true;
         continue;
      }
      const struct ir_instr *user = src->parent_instr;
      if (user->block == block && user->kind != IR_INSTR_PHI &&
          user->index > instr->index)
         return true;
   }
   return false;
}

static bool
set_live(struct ir_src *src, void *data)
{
   u_bitset_set(data, src->def->index);
   return true;
}

bool
ir_block_walk_liveness(struct ir_function *fn, struct ir_block *block,
                       ir_live_instr_cb cb, void *data)
{
   unsigned words = U_BITSET_WORDS(fn->num_defs);
   uint64_t *live = calloc(words + 1, sizeof(uint64_t));
   if (!live)
      return false;
   u_bitset_copy(live, block->live_out, words);
   struct ir_if *nif = ir_block_get_following_if(block);
   if (nif)
      set_live(&nif->condition, live);

   ir_foreach_instr_rev (block, instr) {
      cb(instr, live, data);
      struct ir_def *def = ir_instr_def(instr);
      if (def)
         u_bitset_clear(live, def->index);
      if (instr->kind != IR_INSTR_PHI)
         ir_instr_foreach_src(instr, set_live, live);
   }
   free(live);
   return true;
}

/* ---------------------------------------------------------------------- */
/* Register liveness                                                      */
/* ---------------------------------------------------------------------- */

static struct ir_intrinsic *
as_decl_reg(const struct ir_def *def)
{
   struct ir_intrinsic *intr = ir_def_as_intrinsic(def);
   return intr && intr->op == IR_INTRINSIC_DECL_REG ? intr : NULL;
}

int
ir_reg_liveness_reg_index(const struct ir_reg_liveness *rl,
                          const struct ir_def *reg)
{
   struct u_hash_entry *e = u_hash_table_search(rl->reg_map, reg);
   return e ? (int)(uintptr_t)e->data - 1 : -1;
}

/* Whether a write of @p reg may leave other elements unwritten. */
static bool
write_kills(const struct ir_def *reg, bool indirect)
{
   struct ir_intrinsic *decl = as_decl_reg(reg);
   return !indirect && decl && ir_intrinsic_num_array_elems(decl) == 0;
}

/* Upward-exposed reads (gen) and killed components of one block. */
static void
reg_local_sets(const struct ir_reg_liveness *rl, struct ir_block *block,
               uint8_t *gen, uint8_t *kill)
{
   ir_foreach_instr_rev (block, instr) {
      if (instr->kind == IR_INSTR_PARALLEL_COPY) {
         struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
         u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
            int r = ir_reg_liveness_reg_index(rl, e->dest_reg.def);
            if (r < 0 || !write_kills(e->dest_reg.def, false))
               continue;
            uint8_t w = (uint8_t)((1u << e->src.def->num_components) - 1);
            gen[r] &= (uint8_t)~w;
            kill[r] |= w;
         }
         continue;
      }
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      if (!intr)
         continue;
      switch (intr->op) {
      case IR_INTRINSIC_STORE_REG:
      case IR_INTRINSIC_STORE_REG_INDIRECT: {
         int r = ir_reg_liveness_reg_index(rl, intr->src[1].def);
         if (r < 0 ||
             !write_kills(intr->src[1].def, intr->op != IR_INTRINSIC_STORE_REG))
            break;
         uint8_t w = (uint8_t)(ir_intrinsic_write_mask(intr) & 0xf);
         gen[r] &= (uint8_t)~w;
         kill[r] |= w;
         break;
      }
      case IR_INTRINSIC_LOAD_REG:
      case IR_INTRINSIC_LOAD_REG_INDIRECT: {
         int r = ir_reg_liveness_reg_index(rl, intr->src[0].def);
         if (r >= 0)
            gen[r] |= (uint8_t)((1u << intr->def.num_components) - 1);
         break;
      }
      default:
         break;
      }
   }
}

struct ir_reg_liveness *
ir_calc_reg_liveness(struct ir_function *fn, struct u_arena *arena)
{
   if (!arena)
      arena = fn->shader->arena;
   ir_index_blocks(fn);

   struct ir_reg_liveness *rl = u_arena_zalloc(arena, sizeof(*rl));
   struct u_arena *mem = u_arena_create(NULL);
   if (!rl || !mem)
      goto fail;
   rl->fn = fn;
   rl->reg_map = u_hash_table_create_pointer(arena);
   if (!rl->reg_map)
      goto fail;

   unsigned capacity = 0;
   ir_foreach_block (fn, b) {
      ir_foreach_instr (b, instr) {
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         if (!intr || intr->op != IR_INTRINSIC_DECL_REG)
            continue;
         if (rl->num_regs == capacity) {
            unsigned ncap = capacity ? capacity * 2 : 16;
            void *regs =
               u_arena_realloc(arena, rl->regs, capacity * sizeof(*rl->regs),
                               ncap * sizeof(*rl->regs));
            if (!regs)
               goto fail;
            rl->regs = regs;
            capacity = ncap;
         }
         rl->regs[rl->num_regs++] = intr;
         if (!u_hash_table_insert(rl->reg_map, &intr->def,
                                  (void *)(uintptr_t)rl->num_regs))
            goto fail;
      }
   }

   struct block_order o;
   if (!gather_blocks(fn, mem, &o))
      goto fail;
   size_t cells = (size_t)o.num_indices * rl->num_regs;
   rl->num_blocks = o.num_indices;
   rl->live_in = u_arena_zalloc(arena, cells + 1);
   rl->live_out = u_arena_zalloc(arena, cells + 1);
   uint8_t *gen = u_arena_zalloc(mem, (size_t)o.num_blocks * rl->num_regs + 1);
   uint8_t *kill = u_arena_zalloc(mem, (size_t)o.num_blocks * rl->num_regs + 1);
   if (!rl->live_in || !rl->live_out || !gen || !kill)
      goto fail;
   unsigned nr = rl->num_regs;
   for (unsigned i = 0; i < o.num_blocks; i++)
      reg_local_sets(rl, o.blocks[i], gen + (size_t)i * nr,
                     kill + (size_t)i * nr);

   bool changed;
   do {
      changed = false;
      for (unsigned i = o.num_blocks; i-- > 0;) {
         struct ir_block *b = o.blocks[i];
         uint8_t *lout = rl->live_out + (size_t)b->index * nr;
         uint8_t *lin = rl->live_in + (size_t)b->index * nr;
         const uint8_t *g = gen + (size_t)i * nr, *k = kill + (size_t)i * nr;
         memset(lout, 0, nr);
         for (unsigned s = 0; s < 2; s++) {
            if (!b->succ[s])
               continue;
            const uint8_t *sin = rl->live_in + (size_t)b->succ[s]->index * nr;
            for (unsigned r = 0; r < nr; r++)
               lout[r] |= sin[r];
         }
         for (unsigned r = 0; r < nr; r++) {
            uint8_t v = (uint8_t)(g[r] | (lout[r] & ~k[r]));
            changed |= v != lin[r];
            lin[r] = v;
         }
      }
   } while (changed);

   u_arena_destroy(mem);
   return rl;

fail:
   u_arena_destroy(mem);
   return NULL;
}

static unsigned
reg_mask(const struct ir_reg_liveness *rl, const uint8_t *table,
         const struct ir_block *block, const struct ir_def *reg)
{
   int r = ir_reg_liveness_reg_index(rl, reg);
   if (r < 0 || block->index >= rl->num_blocks)
      return 0;
   return table[(size_t)block->index * rl->num_regs + (unsigned)r];
}

unsigned
ir_reg_live_in_mask(const struct ir_reg_liveness *rl,
                    const struct ir_block *block, const struct ir_def *reg)
{
   return reg_mask(rl, rl->live_in, block, reg);
}

unsigned
ir_reg_live_out_mask(const struct ir_reg_liveness *rl,
                     const struct ir_block *block, const struct ir_def *reg)
{
   return reg_mask(rl, rl->live_out, block, reg);
}
