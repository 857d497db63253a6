/* SPDX-License-Identifier: MIT */

/*
 * Out of SSA: phis become registers written by parallel copies.
 *
 * Each phi gets a register (decl_reg, at the top of the start block).  At
 * the end of each predecessor, before its jump, one parallel copy writes
 * the registers of that edge's phi sources; at the top of the phi's block
 * a load_reg replaces the phi.  Copies are parallel, so phis that read
 * each other (a swap in a loop header) need no care here:
 * ir_lower_parallel_copies() orders them later.
 *
 * Coalescing.  A phi and the values it merges form a web; the values of a
 * web share the phi's register when no two of them interfere, so most
 * copies disappear: `a1 = phi(a0, a2); a2 = a1 + 1` becomes one register
 * written right after each def.  Webs start as one phi each and are merged
 * greedily, phi by phi in program order, with each phi source's web (only
 * results of ALU, intrinsic, tex and phi instructions: constants are
 * cheaper to rematerialise in the copy and undefs need no copy at all),
 * when no member of one interferes with a member of the other.  Two values
 * interfere (Budimlić et al. / Boissinot et al.) when the one whose
 * definition dominates the other's is live right after that other
 * definition.  A phi is defined at the top of its block and its sources
 * are used at the end of the predecessors (that is how ir_calc_liveness()
 * counts them), which matches the copies: a value read by a copy may share
 * the register the same copy writes, since the copy reads before it
 * writes.  Two phis of one block are always treated as interfering (both
 * are written by the same copies).  The pairwise check is quadratic in the
 * size of the two webs; webs are small in practice.
 *
 * Sharing the phi's register with every source (the obvious algorithm)
 * is wrong when a source is live together with the phi, the "lost copy"
 * problem:
 *
 *    loop {
 *      b1: %x = phi b0: %0, b4: %x2
 *          %x2 = iadd %x, %1
 *          %c:1 = uge %x2, %n
 *        if %c { b2: break } else { b3: }
 *      b4:
 *    }
 *    b5: store_output %x, ...
 *
 * With %x2 written to %x's register, the exit would see %x2.  Here %x is
 * live after %x2's definition, so they interfere and b4 gets a copy.
 *
 * Why coalescing is safe: let v be in the web of register R.  R is written
 * (1) right after the definition of each non-phi member and (2) by the
 * copies at the end of the predecessors of each phi member's block.  At
 * (1) no other member is live (they would interfere).  At (2), a member m
 * live after the copy would be live into the phi's block, so its
 * definition dominates the phi and it is live at the phi's definition:
 * interference again.  So R holds v wherever v is live, and a backend may
 * give every member (and every load_reg of R) the storage of R.
 *
 * Output, for a web with register R:
 *   - phi p:        `%p' = load_reg R` after the (removed) phis of its
 *                   block, replacing every use of p;
 *   - other member: `store_reg v, R` right after v's definition (v keeps
 *                   its SSA uses);
 *   - copy entries: for the phis of block B and each predecessor P, the
 *                   sources that are not in the phi's web: a value in a
 *                   register's web is read as `load_reg` of that register
 *                   right before the copy (so that the copy sees register
 *                   to register moves), anything else is used directly.
 *
 * Critical edges.  Copies at the end of a predecessor are only right if
 * the predecessor has one successor (otherwise they would also run on the
 * other edge).  In the structured CFG no edge into a block with phis is
 * critical: the only blocks with two successors are those before an if,
 * and their successors, the first blocks of the then and else lists, have
 * that block as their only predecessor.  Phis live in the blocks after an
 * if (predecessors: the last then/else blocks, or blocks ending with a
 * jump, each with one successor) and in loop headers (predecessors: the
 * block before the loop and the blocks that continue, by `continue` or by
 * falling off the end of the body, again with one successor each; a
 * one-block body that falls through is its own predecessor and gets the
 * copy at its end, after everything that reads the phi).  A phi whose
 * predecessor had two successors would be ill-formed IR; the pass asserts
 * against it.
 *
 * Requires: SSA (computes liveness and dominance itself).  Preserves: CFG,
 * block indices, dominance.  Invalidates: liveness, instruction indices.
 * Unused phis get no load; the loads of phis that only fed other phis
 * are left dead for ir_opt_dce().
 */
#include <assert.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_analysis.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"

struct from_ssa {
   struct ir_function *fn;
   struct u_arena *mem;
   unsigned num_defs;
   /** Def of each index (indices are dense after liveness). */
   struct ir_def **defs;
   /** Union-find parent of each def index. */
   unsigned *parent;
   /** Next member of the same web, in a circular list. */
   unsigned *next;
   /** Register of each web root (NULL until made; only webs with phis). */
   struct ir_def **reg;
   /** Builder placing decl_regs in order at the top of the function. */
   struct ir_builder decls;
};

static unsigned
web_root(struct from_ssa *c, unsigned i)
{
   while (c->parent[i] != i) {
      c->parent[i] = c->parent[c->parent[i]];
      i = c->parent[i];
   }
   return i;
}

static bool
is_phi(const struct ir_def *def)
{
   return def->parent->kind == IR_INSTR_PHI;
}

/* Whether @p v is live right after the definition of @p d, where v's
 * definition comes first (dominates d's). */
static bool
live_at_def(struct from_ssa *c, const struct ir_def *v, const struct ir_def *d)
{
   if (is_phi(d))
      return ir_def_is_live_in(d->parent->block, v);
   return ir_def_is_live_after_instr(c->fn, v, d->parent);
}

static bool
defs_interfere(struct from_ssa *c, const struct ir_def *a,
               const struct ir_def *b)
{
   if (a == b)
      return false;
   const struct ir_instr *ia = a->parent, *ib = b->parent;
   bool a_first;
   if (ia->block == ib->block) {
      if (is_phi(a) && is_phi(b))
         return true;
      a_first = is_phi(a) || (!is_phi(b) && ia->index < ib->index);
   } else if (ir_block_dominates(ia->block, ib->block)) {
      a_first = true;
   } else if (ir_block_dominates(ib->block, ia->block)) {
      a_first = false;
   } else {
      return false; /* never live at the same time in strict SSA */
   }
   return a_first ? live_at_def(c, a, b) : live_at_def(c, b, a);
}

static bool
webs_interfere(struct from_ssa *c, unsigned r1, unsigned r2)
{
   unsigned i = r1;
   do {
      unsigned j = r2;
      do {
         if (defs_interfere(c, c->defs[i], c->defs[j]))
            return true;
         j = c->next[j];
      } while (j != r2);
      i = c->next[i];
   } while (i != r1);
   return false;
}

static void
web_union(struct from_ssa *c, unsigned r1, unsigned r2)
{
   c->parent[r2] = r1;
   unsigned n1 = c->next[r1];
   c->next[r1] = c->next[r2];
   c->next[r2] = n1;
}

static bool
can_coalesce(const struct ir_def *def)
{
   switch (def->parent->kind) {
   case IR_INSTR_ALU:
   case IR_INSTR_TEX:
   case IR_INSTR_PHI:
      return true;
   case IR_INSTR_INTRINSIC:
      return ir_instr_as_intrinsic(def->parent)->op != IR_INTRINSIC_DECL_REG;
   default:
      return false;
   }
}

static void
coalesce_phi(struct from_ssa *c, struct ir_phi *phi)
{
   ir_foreach_phi_src (phi, ps) {
      struct ir_def *src = ps->src.def;
      if (!can_coalesce(src))
         continue;
      unsigned r1 = web_root(c, phi->def.index);
      unsigned r2 = web_root(c, src->index);
      if (r1 != r2 && !webs_interfere(c, r1, r2))
         web_union(c, r1, r2);
   }
}

/* The register of @p def's web, or NULL if the web has no phi. */
static struct ir_def *
web_reg(struct from_ssa *c, const struct ir_def *def)
{
   if (def->index >= c->num_defs || c->defs[def->index] != def)
      return NULL;
   return c->reg[web_root(c, def->index)];
}

static struct ir_def *
make_reg(struct from_ssa *c, const struct ir_def *like)
{
   struct ir_intrinsic *decl =
      ir_build_intrinsic(&c->decls, IR_INTRINSIC_DECL_REG, 1, 32, NULL);
   if (!decl)
      return NULL;
   ir_intrinsic_set_num_components(decl, like->num_components);
   ir_intrinsic_set_bit_size(decl, like->bit_size);
   ir_intrinsic_set_num_array_elems(decl, 0);
   return &decl->def;
}

static struct ir_def *
build_load_reg(struct ir_builder *b, struct ir_def *reg,
               const struct ir_def *like)
{
   struct ir_intrinsic *ld = ir_build_intrinsic(
      b, IR_INTRINSIC_LOAD_REG, like->num_components, like->bit_size, &reg);
   return ld ? &ld->def : NULL;
}

static void
build_store_reg(struct ir_builder *b, struct ir_def *reg, struct ir_def *value)
{
   struct ir_def *srcs[2] = { value, reg };
   struct ir_intrinsic *st = ir_build_intrinsic(b, IR_INTRINSIC_STORE_REG,
                                                value->num_components, 0, srcs);
   if (st)
      ir_intrinsic_set_write_mask(st, (1 << value->num_components) - 1);
}

static struct ir_phi_src *
phi_src_from(struct ir_phi *phi, const struct ir_block *pred)
{
   ir_foreach_phi_src (phi, ps) {
      if (ps->pred == pred)
         return ps;
   }
   return NULL;
}

/* The copy at the end of @p pred for the phis of @p block. */
static void
emit_copy(struct from_ssa *c, struct ir_block *block, struct ir_block *pred)
{
   assert(!pred->succ[1]); /* no critical edges in the structured CFG */
   struct ir_builder b = ir_builder_at(c->fn, ir_before_jump(pred));
   struct ir_parallel_copy *pc = NULL;
   /* One register read per source register. */
   unsigned num_phis = 0;
   ir_foreach_instr (block, instr) {
      if (instr->kind != IR_INSTR_PHI)
         break;
      num_phis++;
   }
   struct ir_def **read_reg =
      u_arena_alloc_array(c->mem, num_phis, sizeof(*read_reg));
   struct ir_def **read_val =
      u_arena_alloc_array(c->mem, num_phis, sizeof(*read_val));
   if (!read_reg || !read_val)
      return;
   unsigned num_reads = 0;

   ir_foreach_instr (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      struct ir_phi_src *ps = phi_src_from(phi, pred);
      if (!ps || ps->src.def->parent->kind == IR_INSTR_UNDEF)
         continue;
      struct ir_def *src = ps->src.def;
      struct ir_def *dst_reg = web_reg(c, &phi->def);
      struct ir_def *src_reg = web_reg(c, src);
      if (src_reg == dst_reg)
         continue; /* coalesced: the register already holds it */
      if (src_reg) {
         struct ir_def *val = NULL;
         for (unsigned i = 0; i < num_reads; i++) {
            if (read_reg[i] == src_reg)
               val = read_val[i];
         }
         if (!val) {
            val = build_load_reg(&b, src_reg, src);
            if (!val)
               return;
            read_reg[num_reads] = src_reg;
            read_val[num_reads++] = val;
         }
         src = val;
      }
      if (!pc) {
         pc = ir_parallel_copy_create(c->fn);
         if (!pc)
            return;
      }
      ir_parallel_copy_add(pc, src, dst_reg);
   }
   if (pc)
      ir_builder_insert(&b, &pc->instr);
}

static bool
init_webs(struct from_ssa *c)
{
   unsigned n = c->fn->num_defs;
   c->num_defs = n;
   c->defs = u_arena_zalloc_array(c->mem, n + 1, sizeof(*c->defs));
   c->parent = u_arena_alloc_array(c->mem, n + 1, sizeof(*c->parent));
   c->next = u_arena_alloc_array(c->mem, n + 1, sizeof(*c->next));
   c->reg = u_arena_zalloc_array(c->mem, n + 1, sizeof(*c->reg));
   if (!c->defs || !c->parent || !c->next || !c->reg)
      return false;
   for (unsigned i = 0; i < n; i++)
      c->parent[i] = c->next[i] = i;
   ir_foreach_block (c->fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_def *def = ir_instr_def(instr);
         if (def && def->index < n)
            c->defs[def->index] = def;
      }
   }
   return true;
}

static bool
from_ssa_function(struct ir_function *fn, struct u_arena *mem)
{
   bool has_phis = false;
   ir_foreach_block (fn, block) {
      struct ir_instr *first =
         u_list_is_empty(&block->instrs)
            ? NULL
            : u_container_of(block->instrs.next, struct ir_instr, link);
      has_phis |= first && first->kind == IR_INSTR_PHI;
   }
   if (!has_phis)
      return false;

   ir_metadata_require(fn, IR_METADATA_DOMINANCE | IR_METADATA_LIVENESS);
   struct from_ssa c = {
      .fn = fn,
      .mem = mem,
      .decls = ir_builder_at(fn, ir_before_block(ir_start_block(fn))),
   };
   if (!init_webs(&c))
      return false;

   /* 1. Coalesce, phi by phi in program order. */
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_phi *phi = ir_instr_as_phi(instr);
         if (!phi)
            break;
         coalesce_phi(&c, phi);
      }
   }

   /* 2. One register per web that holds a phi, in program order. */
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_phi *phi = ir_instr_as_phi(instr);
         if (!phi)
            break;
         unsigned root = web_root(&c, phi->def.index);
         if (!c.reg[root])
            c.reg[root] = make_reg(&c, &phi->def);
         if (!c.reg[root])
            return true;
      }
   }

   /* 3. Non-phi members are written to their register where defined. */
   for (unsigned i = 0; i < c.num_defs; i++) {
      struct ir_def *def = c.defs[i];
      struct ir_def *reg = def ? web_reg(&c, def) : NULL;
      if (!reg || is_phi(def))
         continue;
      struct ir_builder b = ir_builder_at(fn, ir_after_instr(def->parent));
      build_store_reg(&b, reg, def);
   }

   /* 4. The copies at the end of each predecessor of a block with phis. */
   ir_foreach_block (fn, block) {
      struct ir_instr *first =
         u_list_is_empty(&block->instrs)
            ? NULL
            : u_container_of(block->instrs.next, struct ir_instr, link);
      if (!first || first->kind != IR_INSTR_PHI)
         continue;
      for (unsigned p = 0; p < block->num_preds; p++)
         emit_copy(&c, block, block->preds[p]);
   }

   /* 5. Phis become loads of their register. */
   ir_foreach_block (fn, block) {
      struct ir_builder b = ir_builder_at(fn, ir_after_phis(block));
      ir_foreach_instr (block, instr) {
         struct ir_phi *phi = ir_instr_as_phi(instr);
         if (!phi)
            break;
         if (!ir_def_has_uses(&phi->def))
            continue;
         struct ir_def *ld =
            build_load_reg(&b, web_reg(&c, &phi->def), &phi->def);
         if (ld)
            ir_def_rewrite_uses(&phi->def, ld);
      }
   }
   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         if (instr->kind != IR_INSTR_PHI)
            break;
         if (!ir_def_has_uses(ir_instr_def(instr)))
            ir_instr_remove(instr);
      }
   }
   return true;
}

bool
ir_convert_from_ssa(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn) {
      struct u_arena *mem = u_arena_create(NULL);
      if (!mem)
         return progress;
      if (from_ssa_function(fn, mem)) {
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
         progress = true;
      }
      u_arena_destroy(mem);
   }
   return progress;
}
