/* SPDX-License-Identifier: MIT */

/*
 * Promotion of scalar and vector temporaries to SSA values (classic SSA
 * construction: Cytron, Ferrante, Rosen, Wegman and Zadeck, "Efficiently
 * Computing Static Single Assignment Form and the Control Dependence
 * Graph", 1991).
 *
 * Candidates: the function's IR_VAR_FUNCTION_TEMP variables, and the
 * IR_VAR_SHADER_TEMP ones when the shader has a single function, whose
 * type is a scalar or a vector and which are only reached directly: every
 * deref of the variable is its deref_var or a component of it
 * (deref_array with a constant index in range), used only by load_deref,
 * store_deref and copy_deref.  All loads and stores must agree on the bit
 * size (a bool variable may be accessed at 1 or 32 bits, but not both).
 * Aggregates are left to ir_lower_split_vars(), which turns arrays indexed
 * with constants and structs into such variables.
 *
 * Algorithm, per function:
 *  1. Copies (copy_deref) that touch a promoted variable become a
 *     load_deref and a store_deref.
 *  2. Dominance frontiers from the dominator tree (ir_calc_dominance):
 *     for each join block, walk up from each predecessor to the join's
 *     immediate dominator.  A phi of the variable goes at every block of
 *     the iterated dominance frontier of the blocks that store to it (the
 *     end block excluded: nothing reads there).
 *  3. Renaming, in preorder of the dominator tree with a stack of current
 *     values per variable: a phi of the variable pushes its def; a load is
 *     replaced by the current value (a component load by a mov of that
 *     channel); a store pushes the stored value, or for a partial write
 *     mask (or a component store) a vecN taking each component from the
 *     new or the old value; at the end of a block, the phis of the
 *     variable in its successors get the current value as their source for
 *     this predecessor.  Before any store the value is the initializer (a
 *     load_const) or an undef, created at the top of the start block.
 *     Unreachable blocks are renamed on their own, starting from that
 *     initial value.
 *  4. The loads, stores and derefs of the promoted variables are removed
 *     (that is this pass's job: the variables go too), and so are the
 *     placed phis that no other instruction reads (directly or through
 *     other placed phis): the phis go in wherever a store reaches a join,
 *     whether or not a load follows.
 *
 * Why renaming follows the dominator tree rather than program order: in
 *
 *    store @x, %a
 *    loop {
 *      b1: %p = phi b0: %a, b3: %q
 *          (load @x here reads %p)
 *      ...
 *      b3: store @x, %q
 *    }
 *
 * the phi's source for the back edge is only known once b3 is renamed,
 * and the value current at the end of b3 (%q) is not the one current at
 * the end of the loop in program order when stores sit in nested ifs.
 *
 * Requires: nothing (computes dominance).  Preserves: the CFG and
 * dominance.  Invalidates: instruction indices, liveness.  The movs and
 * vecs it creates are left for ir_opt_copy_prop().
 */
#include <assert.h>
#include <limits.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"

/* A variable being considered for promotion. */
struct pvar {
   struct ir_variable *var;
   /** Still promotable. */
   bool ok;
   unsigned num_components;
   /** Bit size of its loads and stores (0 until one is seen). */
   unsigned bit_size;
   /** Stack of current values (struct ir_def *). */
   struct u_dynarray stack;
   /** The value before any store (created on first use). */
   struct ir_def *initial;
};

struct ssa_state {
   struct ir_function *fn;
   struct u_arena *mem;
   /** ir_variable → struct pvar. */
   struct u_hash_table *vars;
   /** struct pvar *, the candidates. */
   struct u_dynarray pvars;
   /** Every block by index, the end block last. */
   struct ir_block **blocks;
   unsigned num_blocks;
   /** Dominance frontier of each block (struct ir_block * arrays). */
   struct u_dynarray *df;
   /** struct ir_phi *, the phis this pass placed. */
   struct u_dynarray phis;
   /** Undo log of the renaming: the pvar of each push. */
   struct u_dynarray pushes;
};

/* Phis placed for a variable carry its pvar in pass_flags; every other
 * instruction has 0. */
static struct pvar *
phi_pvar(const struct ir_phi *phi)
{
   return (struct pvar *)phi->instr.pass_flags;
}

static struct ir_deref *
def_deref(const struct ir_def *def)
{
   return def && def->parent ? ir_instr_as_deref(def->parent) : NULL;
}

/* The candidate a deref reaches, or NULL. */
static struct pvar *
deref_pvar(struct ssa_state *st, const struct ir_deref *deref)
{
   if (!deref)
      return NULL;
   struct u_hash_entry *e = u_hash_table_search(st->vars, deref->var);
   return e ? e->data : NULL;
}

/* The value of a constant scalar index; false if it is not one. */
static bool
const_index(const struct ir_def *index, uint64_t *out)
{
   const struct ir_load_const *lc = ir_def_as_load_const(index);
   if (!lc || index->num_components != 1)
      return false;
   switch (index->bit_size) {
   case 8:
      *out = lc->value[0].u8;
      return true;
   case 16:
      *out = lc->value[0].u16;
      return true;
   case 32:
      *out = lc->value[0].u32;
      return true;
   case 64:
      *out = lc->value[0].u64;
      return true;
   default:
      return false;
   }
}

/* The component a deref selects (a constant in range, checked before
 * promotion), or -1 for the whole variable. */
static int
deref_component(const struct ir_deref *deref)
{
   if (deref->deref_kind != IR_DEREF_ARRAY)
      return -1;
   uint64_t c = 0;
   bool is_const = const_index(deref->index.def, &c);
   assert(is_const && c < IR_MAX_VEC);
   (void)is_const;
   return (int)c;
}

/* ---------------------------------------------------------------------- */
/* Candidates                                                             */
/* ---------------------------------------------------------------------- */

static bool
add_candidate(struct ssa_state *st, struct ir_variable *var)
{
   if (!ir_type_is_vector_or_scalar(var->type))
      return true;
   struct pvar *pv = u_arena_zalloc(st->mem, sizeof(*pv));
   if (!pv)
      return false;
   pv->var = var;
   pv->ok = true;
   pv->num_components = var->type->vector_elements;
   u_dynarray_init(&pv->stack, st->mem);
   return u_hash_table_insert(st->vars, var, pv) &&
          u_dynarray_append(&st->pvars, struct pvar *, pv);
}

/* Records the bit size of one access; false on a mismatch. */
static bool
note_bit_size(struct pvar *pv, unsigned bits)
{
   if (pv->bit_size && pv->bit_size != bits)
      return false;
   pv->bit_size = bits;
   return true;
}

/* Whether @p index is a constant selecting one of @p num_components. */
static bool
index_in_range(const struct ir_def *index, unsigned num_components)
{
   uint64_t v;
   return const_index(index, &v) && v < num_components;
}

/* Checks one use of a deref of @p pv (@p is_var: the deref_var). */
static bool
use_is_promotable(struct pvar *pv, struct ir_src *src, bool is_var)
{
   if (src->is_if_condition)
      return false;
   struct ir_instr *user = src->parent_instr;
   struct ir_deref *child = ir_instr_as_deref(user);
   if (child) {
      return is_var && child->deref_kind == IR_DEREF_ARRAY &&
             src == &child->parent &&
             index_in_range(child->index.def, pv->num_components);
   }
   struct ir_intrinsic *intr = ir_instr_as_intrinsic(user);
   if (!intr)
      return false;
   switch (intr->op) {
   case IR_INTRINSIC_LOAD_DEREF:
      return note_bit_size(pv, intr->def.bit_size);
   case IR_INTRINSIC_STORE_DEREF:
      return src == &intr->src[0] &&
             note_bit_size(pv, intr->src[1].def->bit_size);
   case IR_INTRINSIC_COPY_DEREF:
      /* Becomes a load and a store of the variable's own size. */
      return note_bit_size(
         pv, ir_base_type_bit_size(def_deref(src->def)->type->base));
   default:
      return false;
   }
}

static void
check_deref(struct ssa_state *st, struct ir_deref *deref)
{
   struct pvar *pv = deref_pvar(st, deref);
   if (!pv || !pv->ok)
      return;
   if (deref->deref_kind == IR_DEREF_STRUCT) {
      pv->ok = false;
      return;
   }
   if (deref->deref_kind == IR_DEREF_ARRAY) {
      /* Only components of the deref_var, checked from its side; deeper
       * chains cannot exist on a vector. */
      if (def_deref(deref->parent.def)->deref_kind != IR_DEREF_VAR) {
         pv->ok = false;
         return;
      }
   }
   ir_foreach_use (&deref->def, src) {
      if (!use_is_promotable(pv, src, deref->deref_kind == IR_DEREF_VAR)) {
         pv->ok = false;
         return;
      }
   }
}

static void
find_promotable(struct ssa_state *st)
{
   ir_foreach_block (st->fn, block) {
      ir_foreach_instr (block, instr) {
         instr->pass_flags = 0;
         struct ir_deref *deref = ir_instr_as_deref(instr);
         if (deref)
            check_deref(st, deref);
      }
   }
   /* A bool initializer is a 1-bit constant: read at 32 bits it would need
    * the lowered encoding, which is not this pass's to choose. */
   u_dynarray_foreach (&st->pvars, struct pvar *, pvp) {
      struct pvar *pv = *pvp;
      if (pv->var->initializer && pv->var->type->base == IR_TYPE_BOOL &&
          pv->bit_size == 32)
         pv->ok = false;
      if (!pv->bit_size)
         pv->bit_size = ir_base_type_bit_size(pv->var->type->base);
   }
}

/* The candidate @p src (a deref source) reaches if it is promoted. */
static struct pvar *
promoted(struct ssa_state *st, const struct ir_src *src)
{
   struct pvar *pv = deref_pvar(st, def_deref(src->def));
   return pv && pv->ok ? pv : NULL;
}

/* ---------------------------------------------------------------------- */
/* Copies                                                                 */
/* ---------------------------------------------------------------------- */

static bool
lower_copies(struct ssa_state *st)
{
   ir_foreach_block (st->fn, block) {
      ir_foreach_instr_safe (block, instr) {
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         if (!intr || intr->op != IR_INTRINSIC_COPY_DEREF ||
             (!promoted(st, &intr->src[0]) && !promoted(st, &intr->src[1])))
            continue;
         struct ir_builder b = ir_builder_at(st->fn, ir_before_instr(instr));
         struct ir_def *dst = intr->src[0].def;
         const struct ir_type *t = def_deref(dst)->type;
         struct ir_def *value = ir_load_deref(&b, intr->src[1].def);
         if (!value)
            return false;
         ir_store_deref(&b, dst, value, (1u << t->vector_elements) - 1);
         ir_instr_remove(instr);
      }
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Phi placement                                                          */
/* ---------------------------------------------------------------------- */

static bool
reachable(const struct ir_block *b)
{
   return b->dom_pre != UINT_MAX;
}

static bool
compute_frontiers(struct ssa_state *st)
{
   struct ir_function *fn = st->fn;
   st->num_blocks = fn->num_blocks + 1;
   st->blocks =
      u_arena_alloc_array(st->mem, st->num_blocks, sizeof(*st->blocks));
   st->df = u_arena_alloc_array(st->mem, st->num_blocks, sizeof(*st->df));
   if (!st->blocks || !st->df)
      return false;
   ir_foreach_block (fn, block)
      st->blocks[block->index] = block;
   st->blocks[fn->end_block->index] = fn->end_block;
   for (unsigned i = 0; i < st->num_blocks; i++)
      u_dynarray_init(&st->df[i], st->mem);

   for (unsigned i = 0; i < st->num_blocks; i++) {
      struct ir_block *b = st->blocks[i];
      if (b->num_preds < 2 || !reachable(b))
         continue;
      for (unsigned p = 0; p < b->num_preds; p++) {
         struct ir_block *runner = b->preds[p];
         if (!reachable(runner))
            continue;
         while (runner && runner != b->imm_dom) {
            struct u_dynarray *df = &st->df[runner->index];
            if (!df->size || *u_dynarray_last(df, struct ir_block *) != b) {
               if (!u_dynarray_append(df, struct ir_block *, b))
                  return false;
            }
            runner = runner->imm_dom;
         }
      }
   }
   return true;
}

/* Places the phis of @p pv; @p stamp marks blocks done for this variable
 * (in @p has_phi and @p queued, indexed by block). */
static bool
place_phis(struct ssa_state *st, struct pvar *pv, unsigned stamp,
           unsigned *has_phi, unsigned *queued, struct u_dynarray *work)
{
   u_dynarray_clear(work);
   for (unsigned i = 0; i < st->num_blocks; i++) {
      struct ir_block *b = st->blocks[i];
      if (!reachable(b))
         continue;
      ir_foreach_instr (b, instr) {
         struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
         if (intr && intr->op == IR_INTRINSIC_STORE_DEREF &&
             promoted(st, &intr->src[0]) == pv) {
            queued[i] = stamp;
            if (!u_dynarray_append(work, struct ir_block *, b))
               return false;
            break;
         }
      }
   }

   while (work->size) {
      struct ir_block *b = u_dynarray_pop(work, struct ir_block *);
      u_dynarray_foreach (&st->df[b->index], struct ir_block *, fp) {
         struct ir_block *f = *fp;
         if (has_phi[f->index] == stamp || f == st->fn->end_block)
            continue;
         has_phi[f->index] = stamp;
         struct ir_phi *phi = ir_phi_create(st->fn);
         if (!phi || !u_dynarray_append(&st->phis, struct ir_phi *, phi))
            return false;
         phi->def.num_components = (uint8_t)pv->num_components;
         phi->def.bit_size = (uint8_t)pv->bit_size;
         phi->instr.pass_flags = (uintptr_t)pv;
         ir_instr_insert(ir_after_phis(f), &phi->instr);
         if (queued[f->index] != stamp) {
            queued[f->index] = stamp;
            if (!u_dynarray_append(work, struct ir_block *, f))
               return false;
         }
      }
   }
   return true;
}

static bool
place_all_phis(struct ssa_state *st)
{
   unsigned *has_phi =
      u_arena_zalloc_array(st->mem, st->num_blocks, sizeof(*has_phi));
   unsigned *queued =
      u_arena_zalloc_array(st->mem, st->num_blocks, sizeof(*queued));
   if (!has_phi || !queued)
      return false;
   struct u_dynarray work;
   u_dynarray_init(&work, st->mem);
   unsigned stamp = 0;
   u_dynarray_foreach (&st->pvars, struct pvar *, pvp) {
      if ((*pvp)->ok && !place_phis(st, *pvp, ++stamp, has_phi, queued, &work))
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Renaming                                                               */
/* ---------------------------------------------------------------------- */

static struct ir_def *
initial_value(struct ssa_state *st, struct pvar *pv)
{
   if (pv->initial)
      return pv->initial;
   struct ir_builder b =
      ir_builder_at(st->fn, ir_before_block(ir_start_block(st->fn)));
   const struct ir_constant *init = pv->var->initializer;
   if (init) {
      pv->initial =
         ir_build_imm(&b, pv->num_components, pv->bit_size, init->values);
   } else {
      pv->initial = ir_undef(&b, pv->num_components, pv->bit_size);
   }
   return pv->initial;
}

static struct ir_def *
current(struct ssa_state *st, struct pvar *pv)
{
   if (pv->stack.size)
      return *u_dynarray_last(&pv->stack, struct ir_def *);
   return initial_value(st, pv);
}

static bool
push(struct ssa_state *st, struct pvar *pv, struct ir_def *def)
{
   return def && u_dynarray_append(&pv->stack, struct ir_def *, def) &&
          u_dynarray_append(&st->pushes, struct pvar *, pv);
}

/* Pops the values pushed since the undo log had @p size bytes. */
static void
pop_to(struct ssa_state *st, size_t size)
{
   while (st->pushes.size > size) {
      struct pvar *pv = u_dynarray_pop(&st->pushes, struct pvar *);
      (void)u_dynarray_pop(&pv->stack, struct ir_def *);
   }
}

static bool
rename_load(struct ssa_state *st, struct ir_intrinsic *load, struct pvar *pv)
{
   struct ir_def *value = current(st, pv);
   int comp = deref_component(def_deref(load->src[0].def));
   if (comp >= 0) {
      struct ir_builder b =
         ir_builder_at(st->fn, ir_before_instr(&load->instr));
      value = ir_channel(&b, value, (unsigned)comp);
      if (!value)
         return false;
   }
   ir_def_rewrite_uses(&load->def, value);
   ir_instr_remove(&load->instr);
   return true;
}

static bool
rename_store(struct ssa_state *st, struct ir_intrinsic *store, struct pvar *pv)
{
   unsigned n = pv->num_components;
   struct ir_def *value = store->src[1].def;
   int comp = deref_component(def_deref(store->src[0].def));
   unsigned mask = (unsigned)ir_intrinsic_write_mask(store);
   /* Component c of the result comes from value.x for a component store,
    * from value.c under the write mask, else from the old value. */
   uint8_t from_new[IR_MAX_VEC] = { 0 };
   uint8_t swz[IR_MAX_VEC][IR_MAX_VEC];
   bool any = false, all = true;
   for (unsigned c = 0; c < n; c++) {
      bool written =
         comp >= 0 ? (mask & 1) && (unsigned)comp == c : (mask >> c) & 1;
      from_new[c] = written;
      any |= written;
      all &= written;
      memset(swz[c], comp >= 0 && written ? 0 : (int)c, IR_MAX_VEC);
   }

   struct ir_def *result = NULL;
   if (all) {
      result = value;
   } else if (any) {
      struct ir_builder b =
         ir_builder_at(st->fn, ir_before_instr(&store->instr));
      struct ir_def *old = current(st, pv);
      struct ir_def *srcs[IR_MAX_VEC];
      const uint8_t(*swzs[IR_MAX_VEC])[IR_MAX_VEC];
      for (unsigned c = 0; c < n; c++) {
         srcs[c] = from_new[c] ? value : old;
         swzs[c] = &swz[c];
      }
      static const enum ir_op vec_ops[] = { IR_OP_VEC2, IR_OP_VEC3,
                                            IR_OP_VEC4 };
      assert(n >= 2);
      result =
         ir_build_alu_swz(&b, vec_ops[n - 2], n, pv->bit_size, srcs, swzs);
   }
   ir_instr_remove(&store->instr);
   return !any || push(st, pv, result);
}

/* Adds this block's current values to the placed phis of its successors
 * (unreachable blocks too: every predecessor needs a source). */
static bool
fill_successor_phis(struct ssa_state *st, struct ir_block *block)
{
   for (unsigned i = 0; i < 2; i++) {
      struct ir_block *succ = block->succ[i];
      if (!succ)
         continue;
      ir_foreach_instr (succ, instr) {
         struct ir_phi *phi = ir_instr_as_phi(instr);
         if (!phi)
            break;
         struct pvar *pv = phi_pvar(phi);
         if (pv && !ir_phi_add_src(phi, block, current(st, pv)))
            return false;
      }
   }
   return true;
}

static bool
rename_block(struct ssa_state *st, struct ir_block *block)
{
   ir_foreach_instr_safe (block, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (phi) {
         if (phi_pvar(phi) && !push(st, phi_pvar(phi), &phi->def))
            return false;
         continue;
      }
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      if (!intr)
         continue;
      struct pvar *pv;
      if (intr->op == IR_INTRINSIC_LOAD_DEREF &&
          (pv = promoted(st, &intr->src[0]))) {
         if (!rename_load(st, intr, pv))
            return false;
      } else if (intr->op == IR_INTRINSIC_STORE_DEREF &&
                 (pv = promoted(st, &intr->src[0]))) {
         if (!rename_store(st, intr, pv))
            return false;
      }
   }
   return fill_successor_phis(st, block);
}

static bool
rename_all(struct ssa_state *st)
{
   u_dynarray_init(&st->pushes, st->mem);
   struct frame {
      struct ir_block *block;
      unsigned next_child;
      size_t pushes;
   };
   struct frame *stack =
      u_arena_alloc_array(st->mem, st->num_blocks, sizeof(*stack));
   if (!stack)
      return false;

   unsigned sp = 0;
   stack[sp++] = (struct frame){ ir_start_block(st->fn), 0, 0 };
   if (!rename_block(st, stack[0].block))
      return false;
   while (sp) {
      struct frame *top = &stack[sp - 1];
      if (top->next_child < top->block->num_dom_children) {
         struct ir_block *child = top->block->dom_children[top->next_child++];
         stack[sp++] = (struct frame){ child, 0, st->pushes.size };
         if (!rename_block(st, child))
            return false;
         continue;
      }
      pop_to(st, top->pushes);
      sp--;
   }

   /* Unreachable blocks, each on its own. */
   for (unsigned i = 0; i < st->num_blocks; i++) {
      struct ir_block *b = st->blocks[i];
      if (reachable(b))
         continue;
      if (!rename_block(st, b))
         return false;
      pop_to(st, 0);
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Clean-up                                                               */
/* ---------------------------------------------------------------------- */

/* Removes the derefs of promoted variables (children first) and the
 * variables. */
static bool
remove_derefs(struct ssa_state *st)
{
   struct u_dynarray dead;
   u_dynarray_init(&dead, st->mem);
   ir_foreach_block (st->fn, block) {
      ir_foreach_instr (block, instr) {
         struct ir_deref *deref = ir_instr_as_deref(instr);
         struct pvar *pv = deref_pvar(st, deref);
         if (pv && pv->ok &&
             !u_dynarray_append(&dead, struct ir_instr *, instr))
            return false;
      }
   }
   while (dead.size)
      ir_instr_remove(u_dynarray_pop(&dead, struct ir_instr *));
   u_dynarray_foreach (&st->pvars, struct pvar *, pvp) {
      if ((*pvp)->ok)
         u_list_del(&(*pvp)->var->link);
   }
   return true;
}

static bool
mark_live_phi(struct ir_src *src, void *data)
{
   struct u_dynarray *work = data;
   struct ir_phi *phi = ir_instr_as_phi(src->def->parent);
   if (phi && phi_pvar(phi) && phi->instr.pass_flags != 1) {
      /* pass_flags 1: reached; the pvar is no longer needed. */
      phi->instr.pass_flags = 1;
      return u_dynarray_append(work, struct ir_phi *, phi);
   }
   return true;
}

/* Removes the placed phis nothing reads (mark from the other uses, sweep
 * the rest). */
static bool
remove_dead_phis(struct ssa_state *st)
{
   struct u_dynarray work;
   u_dynarray_init(&work, st->mem);
   u_dynarray_foreach (&st->phis, struct ir_phi *, pp) {
      struct ir_phi *phi = *pp;
      ir_foreach_use (&phi->def, src) {
         bool from_placed =
            !src->is_if_condition && src->parent_instr->kind == IR_INSTR_PHI &&
            ir_instr_as_phi(src->parent_instr)->instr.pass_flags;
         if (!from_placed && !mark_live_phi(src, &work))
            return false;
      }
   }
   while (work.size) {
      struct ir_phi *phi = u_dynarray_pop(&work, struct ir_phi *);
      if (!ir_instr_foreach_src(&phi->instr, mark_live_phi, &work))
         return false;
   }

   u_dynarray_foreach (&st->phis, struct ir_phi *, pp) {
      struct ir_phi *phi = *pp;
      if (phi->instr.pass_flags == 1)
         continue;
      ir_foreach_phi_src (phi, psrc)
         ir_src_set(&psrc->src, NULL);
   }
   u_dynarray_foreach (&st->phis, struct ir_phi *, pp) {
      struct ir_phi *phi = *pp;
      if (phi->instr.pass_flags != 1)
         ir_instr_remove(&phi->instr);
      phi->instr.pass_flags = 0;
   }
   /* Initial values only the removed phis read. */
   u_dynarray_foreach (&st->pvars, struct pvar *, pvp) {
      struct ir_def *init = (*pvp)->initial;
      if (init && !ir_def_has_uses(init))
         ir_instr_remove(init->parent);
   }
   return true;
}

/* ---------------------------------------------------------------------- */

static bool
promote_function(struct ssa_state *st, bool *progress)
{
   find_promotable(st);
   bool any = false;
   u_dynarray_foreach (&st->pvars, struct pvar *, pvp)
      any |= (*pvp)->ok;
   if (!any)
      return true;

   *progress = true;
   if (!lower_copies(st))
      return false;
   ir_metadata_require(st->fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
   return compute_frontiers(st) && place_all_phis(st) && rename_all(st) &&
          remove_derefs(st) && remove_dead_phis(st);
}

bool
ir_lower_vars_to_ssa(struct ir_shader *s)
{
   unsigned num_functions = u_list_length(&s->functions);
   bool progress = false;
   ir_foreach_function (s, fn) {
      struct ssa_state st = { .fn = fn };
      st.mem = u_arena_create(s->arena);
      if (!st.mem)
         return progress;
      st.vars = u_hash_table_create_pointer(st.mem);
      u_dynarray_init(&st.pvars, st.mem);
      u_dynarray_init(&st.phis, st.mem);
      bool ok = st.vars != NULL;
      u_list_foreach (struct ir_variable, var, &fn->locals, link) {
         if (ok)
            ok = add_candidate(&st, var);
      }
      if (num_functions == 1) {
         ir_foreach_variable (s, var) {
            if (ok && var->mode == IR_VAR_SHADER_TEMP)
               ok = add_candidate(&st, var);
         }
      }
      bool fn_progress = false;
      /* Out of memory in the analysis changes nothing; later, the function
       * may be left half rewritten. */
      if (ok)
         promote_function(&st, &fn_progress);
      if (fn_progress) {
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
         progress = true;
      }
      u_arena_destroy(st.mem);
   }
   return progress;
}
