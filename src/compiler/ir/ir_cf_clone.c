/* SPDX-License-Identifier: MIT */

/*
 * Deep copy of a detached cf list (ir_cf_list_clone()), for loop unrolling
 * and code duplication.
 *
 * The copy is made in two passes.  First the tree is copied in program
 * order, each new block, if and loop getting the same place in the copy,
 * each instruction its counterpart; every def and block of the source is
 * entered in the remap table (def -> def, block -> block).  A source other
 * than a phi source is mapped as soon as it is copied: its def dominates
 * it, and in structured control flow a dominator comes first in program
 * order.  Phi sources may read defs defined later (a loop header's phi
 * reads the value of the previous iteration), so they are added in the
 * second pass, together with the CFG edges between blocks of the copy.
 *
 * Anything not in the table -- defs and blocks outside the source list --
 * stays as it is, so the copy still reads the values it read before; a
 * caller may seed the table to substitute values (unrolling maps a loop
 * header's phis to the values of the previous iteration).  The copy has no
 * edge to blocks outside it; ir_cf_reinsert() makes them.
 */
#include <assert.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_cf_priv.h"
#include "util/u_hash.h"

static struct u_arena *
fn_arena(const struct ir_function *fn)
{
   return fn->shader->arena;
}

/* A cloned phi whose sources are added once every def exists (phis may
 * read defs that come later in program order). */
struct pending_phi {
   struct pending_phi *next;
   struct ir_phi *phi;
   const struct ir_phi *orig;
};

struct clone_state {
   struct ir_function *fn;
   struct u_arena *scratch;
   /* Defs and blocks of the source mapped to the copy's. */
   struct u_hash_table *remap;
   /* The blocks of the copy (edges are only made between them). */
   struct u_set *new_blocks;
   struct pending_phi *phis;
   bool failed;
};

static void *
remap(struct clone_state *s, void *p)
{
   if (!p)
      return NULL;
   struct u_hash_entry *e = u_hash_table_search(s->remap, p);
   return e ? e->data : p;
}

static void
clone_src(struct clone_state *s, struct ir_instr *instr, struct ir_src *dst,
          const struct ir_src *src)
{
   ir_instr_set_src(instr, dst, remap(s, src->def));
}

static void
copy_def_size(struct ir_def *dst, const struct ir_def *src)
{
   dst->num_components = src->num_components;
   dst->bit_size = src->bit_size;
   dst->divergent = src->divergent;
}

static struct ir_instr *
clone_alu(struct clone_state *s, const struct ir_alu *alu)
{
   struct ir_alu *n = ir_alu_create(s->fn, alu->op);
   if (!n)
      return NULL;
   n->exact = alu->exact;
   copy_def_size(&n->def, &alu->def);
   for (unsigned i = 0; i < ir_op_infos[alu->op].num_inputs; i++) {
      memcpy(n->src[i].swizzle, alu->src[i].swizzle, IR_MAX_VEC);
      clone_src(s, &n->instr, &n->src[i].src, &alu->src[i].src);
   }
   return &n->instr;
}

static struct ir_instr *
clone_deref(struct clone_state *s, const struct ir_deref *deref)
{
   struct ir_deref *n = ir_deref_create(s->fn, deref->deref_kind);
   if (!n)
      return NULL;
   n->mode = deref->mode;
   n->type = deref->type;
   n->var = deref->var;
   n->field = deref->field;
   copy_def_size(&n->def, &deref->def);
   if (deref->deref_kind != IR_DEREF_VAR)
      clone_src(s, &n->instr, &n->parent, &deref->parent);
   if (deref->deref_kind == IR_DEREF_ARRAY)
      clone_src(s, &n->instr, &n->index, &deref->index);
   return &n->instr;
}

static struct ir_instr *
clone_intrinsic(struct clone_state *s, const struct ir_intrinsic *intr)
{
   struct ir_intrinsic *n = ir_intrinsic_create(s->fn, intr->op);
   if (!n)
      return NULL;
   n->num_components = intr->num_components;
   memcpy(n->const_index, intr->const_index, sizeof(n->const_index));
   if (ir_intrinsic_infos[intr->op].has_dest)
      copy_def_size(&n->def, &intr->def);
   for (unsigned i = 0; i < ir_intrinsic_infos[intr->op].num_srcs; i++)
      clone_src(s, &n->instr, &n->src[i], &intr->src[i]);
   return &n->instr;
}

static struct ir_instr *
clone_tex(struct clone_state *s, const struct ir_tex *tex)
{
   struct ir_tex *n = ir_tex_create(s->fn, tex->num_srcs);
   if (!n)
      return NULL;
   n->op = tex->op;
   n->dim = tex->dim;
   n->is_array = tex->is_array;
   n->is_shadow = tex->is_shadow;
   n->dest_type = tex->dest_type;
   n->coord_components = tex->coord_components;
   n->texture_index = tex->texture_index;
   n->sampler_index = tex->sampler_index;
   copy_def_size(&n->def, &tex->def);
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      n->src[i].kind = tex->src[i].kind;
      clone_src(s, &n->instr, &n->src[i].src, &tex->src[i].src);
   }
   return &n->instr;
}

static struct ir_instr *
clone_instr(struct clone_state *s, struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
      return clone_alu(s, ir_instr_as_alu(instr));
   case IR_INSTR_DEREF:
      return clone_deref(s, ir_instr_as_deref(instr));
   case IR_INSTR_INTRINSIC:
      return clone_intrinsic(s, ir_instr_as_intrinsic(instr));
   case IR_INSTR_TEX:
      return clone_tex(s, ir_instr_as_tex(instr));
   case IR_INSTR_LOAD_CONST: {
      struct ir_load_const *lc = ir_instr_as_load_const(instr);
      struct ir_load_const *n =
         ir_load_const_create(s->fn, lc->def.num_components, lc->def.bit_size);
      if (!n)
         return NULL;
      memcpy(n->value, lc->value, sizeof(n->value));
      return &n->instr;
   }
   case IR_INSTR_UNDEF: {
      struct ir_undef *u = ir_instr_as_undef(instr);
      struct ir_undef *n =
         ir_undef_create(s->fn, u->def.num_components, u->def.bit_size);
      return n ? &n->instr : NULL;
   }
   case IR_INSTR_PHI: {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      struct ir_phi *n = ir_phi_create(s->fn);
      struct pending_phi *p = u_arena_alloc(s->scratch, sizeof(*p));
      if (!n || !p)
         return NULL;
      copy_def_size(&n->def, &phi->def);
      p->phi = n;
      p->orig = phi;
      p->next = s->phis;
      s->phis = p;
      return &n->instr;
   }
   case IR_INSTR_JUMP: {
      struct ir_jump *n =
         ir_jump_create(s->fn, ir_instr_as_jump(instr)->jump_kind);
      return n ? &n->instr : NULL;
   }
   case IR_INSTR_PARALLEL_COPY: {
      struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
      struct ir_parallel_copy *n = ir_parallel_copy_create(s->fn);
      if (!n)
         return NULL;
      u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
         if (!ir_parallel_copy_add(n, remap(s, e->src.def),
                                   remap(s, e->dest_reg.def)))
            return NULL;
      }
      return &n->instr;
   }
   }
   return NULL;
}

static void clone_list(struct clone_state *s, struct ir_cf_node *parent,
                       struct u_list *dst, struct u_list *src);

static void
clone_block(struct clone_state *s, struct ir_cf_node *parent,
            struct u_list *dst, struct ir_block *block)
{
   struct ir_block *nb = ir_block_create(s->fn);
   if (!nb || !u_hash_table_insert(s->remap, block, nb) ||
       !u_set_add(s->new_blocks, nb)) {
      s->failed = true;
      return;
   }
   nb->cf.parent = parent;
   u_list_add_tail(dst, &nb->cf.link);
   ir_foreach_instr (block, instr) {
      struct ir_instr *ni = clone_instr(s, instr);
      if (!ni) {
         s->failed = true;
         return;
      }
      u_list_add_tail(&nb->instrs, &ni->link);
      ni->block = nb;
      struct ir_def *def = ir_instr_def(instr);
      if (def && !u_hash_table_insert(s->remap, def, ir_instr_def(ni))) {
         s->failed = true;
         return;
      }
   }
}

static void
clone_node(struct clone_state *s, struct ir_cf_node *parent, struct u_list *dst,
           struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK:
      clone_block(s, parent, dst, ir_cf_as_block(node));
      break;
   case IR_CF_IF: {
      struct ir_if *nif = ir_cf_as_if(node);
      struct ir_if *n = ir_if_alloc(s->fn);
      if (!n) {
         s->failed = true;
         return;
      }
      n->cf.parent = parent;
      u_list_add_tail(dst, &n->cf.link);
      ir_if_set_condition(n, remap(s, nif->condition.def));
      clone_list(s, &n->cf, &n->then_list, &nif->then_list);
      clone_list(s, &n->cf, &n->else_list, &nif->else_list);
      break;
   }
   case IR_CF_LOOP: {
      struct ir_loop *n = ir_loop_alloc(s->fn);
      if (!n) {
         s->failed = true;
         return;
      }
      n->cf.parent = parent;
      u_list_add_tail(dst, &n->cf.link);
      clone_list(s, &n->cf, &n->body, &ir_cf_as_loop(node)->body);
      break;
   }
   case IR_CF_FUNCTION:
      break;
   }
}

static void
clone_list(struct clone_state *s, struct ir_cf_node *parent, struct u_list *dst,
           struct u_list *src)
{
   u_list_foreach (struct ir_cf_node, node, src, link) {
      if (s->failed)
         return;
      clone_node(s, parent, dst, node);
   }
}

static void clone_edges_list(struct clone_state *s, struct u_list *src);

static void
clone_edges_node(struct clone_state *s, struct ir_cf_node *node)
{
   switch (node->kind) {
   case IR_CF_BLOCK: {
      struct ir_block *b = ir_cf_as_block(node);
      struct ir_block *s_new[2] = { NULL, NULL };
      for (unsigned i = 0; i < 2; i++) {
         struct ir_block *t = remap(s, b->succ[i]);
         if (t && u_set_contains(s->new_blocks, t))
            s_new[i] = t;
      }
      ir_block_set_succs(s->fn, remap(s, b), s_new[0], s_new[1]);
      break;
   }
   case IR_CF_IF:
      clone_edges_list(s, &ir_cf_as_if(node)->then_list);
      clone_edges_list(s, &ir_cf_as_if(node)->else_list);
      break;
   case IR_CF_LOOP:
      clone_edges_list(s, &ir_cf_as_loop(node)->body);
      break;
   case IR_CF_FUNCTION:
      break;
   }
}

static void
clone_edges_list(struct clone_state *s, struct u_list *src)
{
   u_list_foreach (struct ir_cf_node, node, src, link)
      clone_edges_node(s, node);
}

void
ir_cf_list_clone(struct ir_cf_list *dst, struct ir_cf_list *src,
                 struct ir_cf_node *parent, struct u_hash_table *remap_table)
{
   /* Detached top-level nodes have no parent (see the file comment);
    * @p parent is accepted for call sites that know where the copy goes
    * and is ignored. */
   (void)parent;
   dst->fn = src->fn;
   u_list_init(&dst->list);
   if (u_list_is_empty(&src->list))
      return;

   struct clone_state s = { .fn = src->fn };
   s.scratch = u_arena_create(fn_arena(src->fn));
   if (!s.scratch)
      return;
   s.remap = remap_table ? remap_table : u_hash_table_create_pointer(s.scratch);
   s.new_blocks = u_set_create_pointer(s.scratch);
   if (!s.remap || !s.new_blocks) {
      u_arena_destroy(s.scratch);
      return;
   }

   clone_list(&s, NULL, &dst->list, &src->list);
   assert(!s.failed);
   if (!s.failed) {
      for (struct pending_phi *p = s.phis; p; p = p->next) {
         ir_foreach_phi_src (p->orig, psrc) {
            ir_phi_add_src(p->phi, remap(&s, psrc->pred),
                           remap(&s, psrc->src.def));
         }
      }
      clone_edges_list(&s, &src->list);
   }
   u_arena_destroy(s.scratch);
}
