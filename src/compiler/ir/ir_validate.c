/* SPDX-License-Identifier: MIT */

/*
 * The IR validator: checks every invariant of a shader that ir.h states and
 * reports the first violation, naming the function, the block (by the label
 * bN the printer gives it: its position in program order) and the
 * instruction (printed with ir_print_instr()).
 *
 * It trusts nothing it checks: the expected successors, predecessors and
 * dominators are recomputed here from the cf tree alone, lists are walked
 * with their links verified (so a corrupted list is reported instead of
 * looping forever), and defs are looked up through a table indexed by def
 * index that this file builds.  It changes nothing in the shader: no
 * metadata is recomputed, no index renumbered.
 *
 * Per function, in order (each phase relies on the ones before):
 *  1. cf tree: list links, shape (lists start and end with a block, no two
 *     blocks in a row, if/loop lists non-empty), parent pointers; blocks
 *     get their program-order labels; instructions: block pointers, kinds,
 *     phis first, jumps last, break/continue inside a loop; defs: sizes and
 *     unique indices below fn->num_defs.
 *  2. CFG: each block's succ[] and preds[] equal the ones the structure
 *     implies (jump targets, then/else entries, loop back edges, the end
 *     block).
 *  3. Dominance over that CFG (Cooper, Harvey and Kennedy's iterative
 *     algorithm on reverse postorder).  Uses in unreachable blocks are not
 *     checked against dominance (every block vacuously dominates them).
 *  4. Use lists are read into a set, then every instruction and if
 *     condition is checked: each source's def belongs to this function,
 *     dominates the use (for a phi: the end of the predecessor), and is in
 *     its def's use list; then the kind-specific rules in
 *     ir_validate_instr.c.
 *  5. Every use-list entry is a source found in phase 4 (no stale uses).
 *
 * ir_validate_or_die() is the debugging hook passes' drivers call; it is
 * the only place that prints and aborts, and only when validation is on.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_validate_priv.h"
#include "util/u_debug.h"
#include "util/u_dynarray.h"
#include "util/u_hash.h"
#include "util/u_strbuf.h"

/* ---------------------------------------------------------------------- */
/* Reporting                                                              */
/* ---------------------------------------------------------------------- */

static const char *
fn_name(const struct ir_function *fn)
{
   return fn->name ? fn->name : "(unnamed)";
}

const char *
ir_validate_block_name(struct ir_validate_ctx *c, const struct ir_block *b)
{
   if (!b)
      return "(null)";
   struct ir_validate_block *bi = ir_validate_block_info(c, b);
   if (!bi)
      return "a block that is not in this function";
   if (bi->is_end)
      return "the end block";
   return u_arena_asprintf(c->mem, "b%u", bi->label);
}

bool
ir_validate_fail(struct ir_validate_ctx *c, const char *fmt, ...)
{
   if (c->failed)
      return false;
   c->failed = true;

   struct u_strbuf sb;
   u_strbuf_init(&sb, c->mem);
   if (c->fn)
      u_strbuf_appendf(&sb, "function %s", fn_name(c->fn));
   else
      u_strbuf_append(&sb, "shader");
   if (c->where_if && c->where_block) {
      u_strbuf_appendf(&sb, ", if after block b%u", c->where_block->label);
   } else if (c->where_block) {
      if (c->where_block->is_end)
         u_strbuf_append(&sb, ", end block");
      else
         u_strbuf_appendf(&sb, ", block b%u", c->where_block->label);
   }
   if (c->where_instr) {
      if (c->instr_printable) {
         struct u_strbuf ib;
         u_strbuf_init(&ib, c->mem);
         ir_print_instr(c->where_instr, &ib);
         /* Keep the message on one line. */
         while (ib.len &&
                (ib.str[ib.len - 1] == '\n' || ib.str[ib.len - 1] == ' '))
            u_strbuf_truncate(&ib, ib.len - 1);
         u_strbuf_appendf(&sb, ", instruction \"%s\"", ib.str);
      } else {
         u_strbuf_appendf(&sb, ", instruction #%u of the block", c->where_pos);
      }
   }
   u_strbuf_append(&sb, ": ");

   va_list args;
   va_start(args, fmt);
   u_strbuf_vappendf(&sb, fmt, args);
   va_end(args);

   c->error = sb.oom ? NULL : sb.str;
   return false;
}

/* ---------------------------------------------------------------------- */
/* Lists and lookups                                                      */
/* ---------------------------------------------------------------------- */

bool
ir_validate_check_list(struct ir_validate_ctx *c, const struct u_list *head,
                       const char *what)
{
   /* If every visited link's neighbour points back at it, the walk
    * returns to the head: the first node visited twice would need two
    * different prev pointers. */
   const struct u_list *l = head;
   do {
      if (!l->next || !l->prev || l->next->prev != l)
         return ir_validate_fail(c, "%s: broken list links", what);
      l = l->next;
   } while (l != head);
   return true;
}

struct ir_validate_block *
ir_validate_block_info(struct ir_validate_ctx *c, const struct ir_block *b)
{
   struct u_hash_entry *e = u_hash_table_search(c->block_map, b);
   return e ? e->data : NULL;
}

struct ir_validate_def *
ir_validate_def_info(struct ir_validate_ctx *c, const struct ir_def *def)
{
   if (def->index >= c->fn->num_defs || c->def_by_index[def->index] != def)
      return NULL;
   return &c->defs[def->index];
}

/* ---------------------------------------------------------------------- */
/* Phase 1: the cf tree                                                   */
/* ---------------------------------------------------------------------- */

/* Where control goes from the blocks of one cf list. */
struct list_targets {
   /** Falling off the end of the list. */
   struct ir_block *end;
   /** The innermost loop, its first block and the block after it. */
   struct ir_loop *loop;
   struct ir_block *loop_first;
   struct ir_block *loop_next;
};

static struct ir_validate_block *
add_block(struct ir_validate_ctx *c, struct ir_block *block, bool is_end)
{
   if (u_hash_table_search(c->block_map, block)) {
      ir_validate_fail(c, "a block appears twice in the function");
      return NULL;
   }
   struct ir_validate_block *bi = u_arena_zalloc(c->mem, sizeof(*bi));
   if (!bi || !u_hash_table_insert(c->block_map, block, bi) ||
       !u_dynarray_append(&c->block_list, struct ir_validate_block *, bi)) {
      ir_validate_fail(c, "out of memory while validating");
      return NULL;
   }
   bi->block = block;
   bi->is_end = is_end;
   bi->label = is_end ? 0 : c->num_labels++;
   bi->rpo = -1;
   return bi;
}

static bool
register_def(struct ir_validate_ctx *c, struct ir_instr *instr,
             struct ir_def *def, struct ir_validate_block *bi, unsigned pos)
{
   if (def->parent != instr)
      return ir_validate_fail(c, "the def's parent is not this instruction");
   if (!ir_validate_def_size(def->bit_size, def->num_components))
      return ir_validate_fail(c, "invalid def size: %u components of %u bits",
                              def->num_components, def->bit_size);
   if (def->index >= c->fn->num_defs)
      return ir_validate_fail(c,
                              "def index %u is not below the function's "
                              "num_defs (%u)",
                              def->index, c->fn->num_defs);
   if (c->def_by_index[def->index])
      return ir_validate_fail(c, "def index %u is used by two defs",
                              def->index);
   c->def_by_index[def->index] = def;
   c->defs[def->index] = (struct ir_validate_def){ .block = bi, .pos = pos };
   return true;
}

static bool
walk_block(struct ir_validate_ctx *c, struct ir_block *block,
           const struct list_targets *t, struct ir_cf_node *next)
{
   struct ir_validate_block *bi = add_block(c, block, false);
   if (!bi)
      return false;
   c->where_block = bi;
   bi->loop = t->loop;
   bi->next_node = next;
   bi->list_end = t->end;
   bi->loop_first = t->loop_first;
   bi->loop_next = t->loop_next;
   bi->following_if = next ? ir_cf_as_if(next) : NULL;

   if (!ir_validate_check_list(c, &block->instrs, "instruction list"))
      return false;

   bool seen_non_phi = false;
   unsigned pos = 0;
   ir_foreach_instr (block, instr) {
      c->where_instr = instr;
      c->where_pos = pos;
      c->instr_printable = false;
      if ((unsigned)instr->kind > IR_INSTR_PARALLEL_COPY)
         return ir_validate_fail(c, "invalid instruction kind %d",
                                 (int)instr->kind);
      if (instr->kind == IR_INSTR_INTRINSIC &&
          ir_instr_as_intrinsic(instr)->op >= IR_INTRINSIC_COUNT)
         return ir_validate_fail(c, "invalid intrinsic %d",
                                 (int)ir_instr_as_intrinsic(instr)->op);
      c->instr_printable = ir_validate_instr_printable(c, instr);
      if (instr->kind == IR_INSTR_PHI) {
         if (seen_non_phi)
            return ir_validate_fail(c, "phi after a non-phi instruction");
      } else {
         seen_non_phi = true;
      }
      if (instr->kind == IR_INSTR_JUMP) {
         struct ir_jump *jump = ir_instr_as_jump(instr);
         if (instr->link.next != &block->instrs)
            return ir_validate_fail(c,
                                    "jump is not the last instruction of its "
                                    "block");
         if ((unsigned)jump->jump_kind > IR_JUMP_RETURN)
            return ir_validate_fail(c, "invalid jump kind %d",
                                    (int)jump->jump_kind);
         if (jump->jump_kind != IR_JUMP_RETURN && !t->loop)
            return ir_validate_fail(
               c, "%s outside of a loop",
               jump->jump_kind == IR_JUMP_BREAK ? "break" : "continue");
         bi->jump = jump;
      }
      struct ir_def *def = ir_instr_def(instr);
      if (def && !register_def(c, instr, def, bi, pos))
         return false;
      pos++;
   }
   c->where_instr = NULL;
   return true;
}

static bool walk_cf_list(struct ir_validate_ctx *c, struct u_list *head,
                         struct ir_cf_node *parent, const char *what,
                         const struct list_targets *t);

static bool
walk_if(struct ir_validate_ctx *c, struct ir_if *nif, struct ir_block *after,
        const struct list_targets *outer)
{
   struct list_targets t = *outer;
   t.end = after;
   unsigned before = c->num_labels - 1;
   char *what =
      u_arena_asprintf(c->mem, "then-list of the if after b%u", before);
   if (!walk_cf_list(c, &nif->then_list, &nif->cf, what, &t))
      return false;
   what = u_arena_asprintf(c->mem, "else-list of the if after b%u", before);
   return walk_cf_list(c, &nif->else_list, &nif->cf, what, &t);
}

static bool
walk_loop(struct ir_validate_ctx *c, struct ir_loop *loop,
          struct ir_block *after)
{
   struct list_targets t = {
      .loop = loop,
      .loop_next = after,
      .loop_first = u_list_is_empty(&loop->body)
                       ? NULL
                       : ir_cf_as_block(
                            u_list_first(&loop->body, struct ir_cf_node, link)),
   };
   t.end = t.loop_first;
   char *what =
      u_arena_asprintf(c->mem, "body of the loop after b%u", c->num_labels - 1);
   return walk_cf_list(c, &loop->body, &loop->cf, what, &t);
}

/* Checks the shape of one list, then walks its nodes in program order. */
static bool
walk_cf_list(struct ir_validate_ctx *c, struct u_list *head,
             struct ir_cf_node *parent, const char *what,
             const struct list_targets *t)
{
   c->where_block = NULL;
   c->where_instr = NULL;
   if (!ir_validate_check_list(c, head, what))
      return false;
   if (u_list_is_empty(head))
      return ir_validate_fail(c, "%s is empty", what);

   const struct ir_cf_node *prev = NULL;
   u_list_foreach (struct ir_cf_node, node, head, link) {
      if (node->parent != parent)
         return ir_validate_fail(
            c, "a node of the %s has a wrong parent pointer", what);
      switch (node->kind) {
      case IR_CF_BLOCK:
         if (prev && prev->kind == IR_CF_BLOCK)
            return ir_validate_fail(c, "%s holds two blocks in a row", what);
         break;
      case IR_CF_IF:
      case IR_CF_LOOP:
         if (!prev)
            return ir_validate_fail(c, "%s does not start with a block", what);
         if (prev->kind != IR_CF_BLOCK)
            return ir_validate_fail(
               c, "%s holds %s right after %s (no block between)", what,
               node->kind == IR_CF_IF ? "an if" : "a loop",
               prev->kind == IR_CF_IF ? "an if" : "a loop");
         break;
      default:
         return ir_validate_fail(c, "%s holds a node of invalid kind %d", what,
                                 (int)node->kind);
      }
      prev = node;
   }
   if (prev->kind != IR_CF_BLOCK)
      return ir_validate_fail(c, "%s does not end with a block", what);

   u_list_foreach (struct ir_cf_node, node, head, link) {
      struct ir_cf_node *next =
         node->link.next == head
            ? NULL
            : u_container_of(node->link.next, struct ir_cf_node, link);
      bool ok = true;
      switch (node->kind) {
      case IR_CF_BLOCK:
         ok = walk_block(c, ir_cf_as_block(node), t, next);
         break;
      case IR_CF_IF:
         ok = walk_if(c, ir_cf_as_if(node), ir_cf_as_block(next), t);
         break;
      case IR_CF_LOOP:
         ok = walk_loop(c, ir_cf_as_loop(node), ir_cf_as_block(next));
         break;
      default:
         break;
      }
      if (!ok)
         return false;
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Phase 2: successors and predecessors                                   */
/* ---------------------------------------------------------------------- */

static struct ir_block *
first_block(struct u_list *list)
{
   return ir_cf_as_block(u_list_first(list, struct ir_cf_node, link));
}

static void
compute_expected_succs(struct ir_validate_ctx *c, struct ir_validate_block *bi)
{
   if (bi->is_end)
      return;
   if (bi->jump) {
      switch (bi->jump->jump_kind) {
      case IR_JUMP_BREAK:
         bi->succ[0] = bi->loop_next;
         break;
      case IR_JUMP_CONTINUE:
         bi->succ[0] = bi->loop_first;
         break;
      case IR_JUMP_RETURN:
         bi->succ[0] = c->fn->end_block;
         break;
      }
   } else if (bi->next_node && bi->next_node->kind == IR_CF_IF) {
      struct ir_if *nif = ir_cf_as_if(bi->next_node);
      bi->succ[0] = first_block(&nif->then_list);
      bi->succ[1] = first_block(&nif->else_list);
   } else if (bi->next_node && bi->next_node->kind == IR_CF_LOOP) {
      bi->succ[0] = first_block(&ir_cf_as_loop(bi->next_node)->body);
   } else {
      bi->succ[0] = bi->list_end;
   }
}

static bool
build_expected_preds(struct ir_validate_ctx *c)
{
   unsigned n = c->num_blocks;
   for (unsigned i = 0; i < n; i++) {
      for (unsigned s = 0; s < 2; s++) {
         if (c->blocks[i]->succ[s])
            ir_validate_block_info(c, c->blocks[i]->succ[s])->num_preds++;
      }
   }
   for (unsigned i = 0; i < n; i++) {
      struct ir_validate_block *bi = c->blocks[i];
      bi->preds =
         u_arena_alloc_array(c->mem, bi->num_preds + 1, sizeof(*bi->preds));
      if (!bi->preds)
         return ir_validate_fail(c, "out of memory while validating");
      bi->num_preds = 0;
   }
   for (unsigned i = 0; i < n; i++) {
      for (unsigned s = 0; s < 2; s++) {
         if (c->blocks[i]->succ[s]) {
            struct ir_validate_block *succ =
               ir_validate_block_info(c, c->blocks[i]->succ[s]);
            succ->preds[succ->num_preds++] = c->blocks[i];
         }
      }
   }
   return true;
}

static bool
check_cfg_edges(struct ir_validate_ctx *c, struct ir_validate_block *bi)
{
   struct ir_block *b = bi->block;
   c->where_block = bi;
   c->where_instr = NULL;
   for (unsigned s = 0; s < 2; s++) {
      if (b->succ[s] != bi->succ[s])
         return ir_validate_fail(
            c, "successor %u is %s, expected %s", s,
            ir_validate_block_name(c, b->succ[s]),
            bi->succ[s] ? ir_validate_block_name(c, bi->succ[s]) : "none");
   }

   if (b->num_preds && !b->preds)
      return ir_validate_fail(c, "%u predecessors but no predecessor array",
                              b->num_preds);
   if (b->num_preds > b->preds_capacity)
      return ir_validate_fail(c, "%u predecessors exceed the capacity %u",
                              b->num_preds, b->preds_capacity);
   unsigned mark = ++c->mark;
   for (unsigned i = 0; i < b->num_preds; i++) {
      struct ir_validate_block *pi =
         b->preds[i] ? ir_validate_block_info(c, b->preds[i]) : NULL;
      if (!pi)
         return ir_validate_fail(c, "predecessor %u is %s", i,
                                 ir_validate_block_name(c, b->preds[i]));
      if (pi->mark == mark)
         return ir_validate_fail(c, "predecessor %s is listed twice",
                                 ir_validate_block_name(c, b->preds[i]));
      pi->mark = mark;
      if (pi->succ[0] != b && pi->succ[1] != b)
         return ir_validate_fail(c,
                                 "%s is listed as a predecessor but control "
                                 "does not flow from it to here",
                                 ir_validate_block_name(c, b->preds[i]));
   }
   for (unsigned i = 0; i < bi->num_preds; i++) {
      if (bi->preds[i]->mark != mark)
         return ir_validate_fail(
            c, "predecessor %s is missing",
            ir_validate_block_name(c, bi->preds[i]->block));
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Phase 3: dominance                                                     */
/* ---------------------------------------------------------------------- */

static struct ir_validate_block *
intersect(struct ir_validate_block *a, struct ir_validate_block *b)
{
   while (a != b) {
      while (a->rpo > b->rpo)
         a = a->idom;
      while (b->rpo > a->rpo)
         b = b->idom;
   }
   return a;
}

static bool
compute_dominance(struct ir_validate_ctx *c)
{
   unsigned n = c->num_blocks;
   struct ir_validate_block **order =
      u_arena_alloc_array(c->mem, n, sizeof(*order));
   struct ir_validate_block **stack =
      u_arena_alloc_array(c->mem, n, sizeof(*stack));
   unsigned *next_succ = u_arena_zalloc_array(c->mem, n, sizeof(*next_succ));
   if (!order || !stack || !next_succ)
      return ir_validate_fail(c, "out of memory while validating");
   for (unsigned i = 0; i < n; i++)
      c->blocks[i]->dfs = i;

   /* Depth-first postorder from the start block (blocks[0]). */
   unsigned num_post = 0, sp = 0;
   struct ir_validate_block *start = c->blocks[0];
   start->rpo = 0; /* visited */
   stack[sp++] = start;
   while (sp) {
      struct ir_validate_block *bi = stack[sp - 1];
      unsigned *ns = &next_succ[bi->dfs];
      if (*ns < 2) {
         struct ir_block *s = bi->succ[(*ns)++];
         struct ir_validate_block *si = s ? ir_validate_block_info(c, s) : NULL;
         if (si && si->rpo < 0) {
            si->rpo = 0;
            stack[sp++] = si;
         }
         continue;
      }
      order[num_post++] = bi;
      sp--;
   }
   /* Reverse postorder numbers; order[] becomes RPO. */
   for (unsigned i = 0; i < num_post / 2; i++) {
      struct ir_validate_block *tmp = order[i];
      order[i] = order[num_post - 1 - i];
      order[num_post - 1 - i] = tmp;
   }
   for (unsigned i = 0; i < num_post; i++)
      order[i]->rpo = (int)i;

   start->idom = start;
   bool changed = true;
   while (changed) {
      changed = false;
      for (unsigned i = 1; i < num_post; i++) {
         struct ir_validate_block *bi = order[i];
         struct ir_validate_block *new_idom = NULL;
         for (unsigned p = 0; p < bi->num_preds; p++) {
            struct ir_validate_block *pi = bi->preds[p];
            if (pi->rpo < 0 || !pi->idom)
               continue;
            new_idom = new_idom ? intersect(pi, new_idom) : pi;
         }
         if (new_idom != bi->idom) {
            bi->idom = new_idom;
            changed = true;
         }
      }
   }

   /* Dominator tree and its pre/post numbering. */
   for (unsigned i = num_post; i-- > 1;) {
      struct ir_validate_block *bi = order[i];
      bi->next_sibling = bi->idom->first_child;
      bi->idom->first_child = bi;
   }
   unsigned counter = 0;
   sp = 0;
   stack[sp++] = start;
   start->dom_pre = counter++;
   start->dom_iter = start->first_child;
   while (sp) {
      struct ir_validate_block *bi = stack[sp - 1];
      struct ir_validate_block *child = bi->dom_iter;
      if (child) {
         bi->dom_iter = child->next_sibling;
         child->dom_pre = counter++;
         child->dom_iter = child->first_child;
         stack[sp++] = child;
      } else {
         bi->dom_post = counter++;
         sp--;
      }
   }
   return true;
}

bool
ir_validate_dominates(const struct ir_validate_block *a,
                      const struct ir_validate_block *b)
{
   return a->dom_pre <= b->dom_pre && b->dom_post <= a->dom_post;
}

/* ---------------------------------------------------------------------- */
/* Phases 4 and 5: sources and use lists                                  */
/* ---------------------------------------------------------------------- */

static bool
read_use_lists(struct ir_validate_ctx *c)
{
   c->where_block = NULL;
   for (unsigned i = 0; i < c->fn->num_defs; i++) {
      struct ir_def *def = c->def_by_index[i];
      if (!def)
         continue;
      c->where_block = c->defs[i].block;
      c->where_instr = def->parent;
      c->where_pos = c->defs[i].pos;
      c->instr_printable = ir_validate_instr_printable(c, def->parent);
      if (!ir_validate_check_list(c, &def->uses, "use list of the def"))
         return false;
      ir_foreach_use (def, src) {
         if (src->def != def)
            return ir_validate_fail(c, "the use list of the def holds a source "
                                       "that reads another def");
         if (!u_set_add(c->listed, src))
            return ir_validate_fail(c, "out of memory while validating");
      }
   }
   c->where_block = NULL;
   c->where_instr = NULL;
   return true;
}

static bool
check_stale_uses(struct ir_validate_ctx *c)
{
   for (unsigned i = 0; i < c->fn->num_defs; i++) {
      struct ir_def *def = c->def_by_index[i];
      if (!def)
         continue;
      ir_foreach_use (def, src) {
         if (!u_set_contains(c->srcs, src)) {
            c->where_block = c->defs[i].block;
            c->where_instr = def->parent;
            c->where_pos = c->defs[i].pos;
            c->instr_printable = ir_validate_instr_printable(c, def->parent);
            return ir_validate_fail(c,
                                    "the use list of the def holds a stale use "
                                    "(not a source of any instruction or if)");
         }
      }
   }
   return true;
}

/* The common checks of a source used at the end of @p use_block (phi
 * sources, if conditions: @p pos is UINT_MAX) or at instruction @p pos. */
static bool
check_src_at(struct ir_validate_ctx *c, struct ir_src *src, const char *what,
             struct ir_validate_block *use_block, unsigned pos)
{
   if (!src->def)
      return ir_validate_fail(c, "%s has no def", what);
   struct ir_validate_def *di = ir_validate_def_info(c, src->def);
   if (!di)
      return ir_validate_fail(c,
                              "%s reads a def that is not defined in this "
                              "function (removed, or from another function)",
                              what);
   if (!u_set_contains(c->listed, src))
      return ir_validate_fail(c, "%s is not in the use list of its def", what);
   if (u_set_contains(c->srcs, src))
      return ir_validate_fail(c, "%s is used twice (shared ir_src)", what);
   if (!u_set_add(c->srcs, src))
      return ir_validate_fail(c, "out of memory while validating");

   if (use_block->rpo < 0)
      return true; /* unreachable: nothing to dominate */
   if (di->block == use_block) {
      if (di->pos >= pos)
         return ir_validate_fail(c,
                                 "%s is defined after its use in the same "
                                 "block (def index %u)",
                                 what, src->def->index);
   } else if (di->block->rpo < 0 ||
              !ir_validate_dominates(di->block, use_block)) {
      return ir_validate_fail(
         c,
         "%s: its def (index %u, in b%u) does not dominate "
         "the use",
         what, src->def->index, di->block->label);
   }
   return true;
}

bool
ir_validate_check_src(struct ir_validate_ctx *c, struct ir_src *src,
                      const char *what)
{
   if (src->is_if_condition || src->parent_instr != c->where_instr)
      return ir_validate_fail(c, "%s: its parent is not this instruction",
                              what);
   return check_src_at(c, src, what, c->where_block, c->where_pos);
}

bool
ir_validate_check_src_at_end(struct ir_validate_ctx *c, struct ir_src *src,
                             const char *what, struct ir_validate_block *pred)
{
   if (src->is_if_condition || src->parent_instr != c->where_instr)
      return ir_validate_fail(c, "%s: its parent is not this instruction",
                              what);
   return check_src_at(c, src, what, pred, UINT32_MAX);
}

static bool
check_if_condition(struct ir_validate_ctx *c, struct ir_validate_block *bi,
                   struct ir_if *nif)
{
   c->where_block = bi;
   c->where_if = nif;
   c->where_instr = NULL;
   struct ir_src *src = &nif->condition;
   if (!src->is_if_condition || src->parent_if != nif)
      return ir_validate_fail(c, "the condition's parent is not this if");
   if (!check_src_at(c, src, "the condition", bi, UINT32_MAX))
      return false;
   if (src->def->num_components != 1 ||
       (src->def->bit_size != 1 && src->def->bit_size != 32))
      return ir_validate_fail(
         c,
         "the condition must be a 1-component boolean of 1 "
         "or 32 bits, not %u components of %u bits",
         src->def->num_components, src->def->bit_size);
   c->where_if = NULL;
   return true;
}

static bool
check_instrs(struct ir_validate_ctx *c)
{
   for (unsigned i = 0; i < c->num_blocks; i++) {
      struct ir_validate_block *bi = c->blocks[i];
      if (bi->is_end)
         continue;
      c->where_block = bi;
      unsigned pos = 0;
      ir_foreach_instr (bi->block, instr) {
         c->where_instr = instr;
         c->where_pos = pos++;
         c->instr_printable = ir_validate_instr_printable(c, instr);
         /* Checked here rather than with the structure, so that the message
          * can name any block of the function. */
         if (instr->block != bi->block)
            return ir_validate_fail(c, "the instruction's block pointer is %s",
                                    ir_validate_block_name(c, instr->block));
         if (!ir_validate_instr(c, instr))
            return false;
      }
      c->where_instr = NULL;
      if (bi->following_if && !check_if_condition(c, bi, bi->following_if))
         return false;
   }
   c->where_block = NULL;
   return true;
}

/* ---------------------------------------------------------------------- */
/* Functions and the shader                                               */
/* ---------------------------------------------------------------------- */

static bool
check_variable(struct ir_validate_ctx *c, const struct ir_variable *var,
               bool local)
{
   const char *name = var->name ? var->name : "(unnamed)";
   if (!var->type)
      return ir_validate_fail(c, "variable @%s has no type", name);
   if (local && var->mode != IR_VAR_FUNCTION_TEMP)
      return ir_validate_fail(c,
                              "local variable @%s has mode 0x%x, not "
                              "function_temp",
                              name, (unsigned)var->mode);
   if (!local) {
      unsigned m = (unsigned)var->mode;
      if (m == 0 || (m & (m - 1)) || m >= IR_VAR_FUNCTION_TEMP)
         return ir_validate_fail(c, "shader variable @%s has invalid mode 0x%x",
                                 name, m);
   }
   return true;
}

static bool
validate_function(struct ir_validate_ctx *c, struct ir_function *fn)
{
   c->fn = fn;
   c->where_block = NULL;
   c->where_instr = NULL;
   c->where_if = NULL;
   c->num_labels = 0;
   c->mark = 0;
   c->block_map = u_hash_table_create_pointer(c->mem);
   c->listed = u_set_create_pointer(c->mem);
   c->srcs = u_set_create_pointer(c->mem);
   c->locals = u_set_create_pointer(c->mem);
   u_dynarray_init(&c->block_list, c->mem);
   c->def_by_index =
      u_arena_zalloc_array(c->mem, fn->num_defs + 1, sizeof(*c->def_by_index));
   c->defs = u_arena_zalloc_array(c->mem, fn->num_defs + 1, sizeof(*c->defs));
   if (!c->block_map || !c->listed || !c->srcs || !c->locals ||
       !c->def_by_index || !c->defs)
      return ir_validate_fail(c, "out of memory while validating");

   if (fn->cf.kind != IR_CF_FUNCTION)
      return ir_validate_fail(c, "the function's cf node kind is %d",
                              (int)fn->cf.kind);
   if (fn->shader != c->shader)
      return ir_validate_fail(c, "the function's shader pointer is wrong");
   if (!ir_validate_check_list(c, &fn->locals, "list of locals"))
      return false;
   u_list_foreach (struct ir_variable, var, &fn->locals, link) {
      if (!check_variable(c, var, true))
         return false;
      if (!u_set_add(c->locals, var))
         return ir_validate_fail(c, "out of memory while validating");
   }
   if (!fn->end_block || fn->end_block->cf.kind != IR_CF_BLOCK)
      return ir_validate_fail(c, "the function has no end block");

   struct list_targets t = { .end = fn->end_block };
   if (!walk_cf_list(c, &fn->body, &fn->cf, "function body", &t))
      return false;

   struct ir_validate_block *end = add_block(c, fn->end_block, true);
   if (!end)
      return false;
   c->where_block = end;
   if (!ir_validate_check_list(c, &fn->end_block->instrs, "instruction list"))
      return false;
   if (!u_list_is_empty(&fn->end_block->instrs))
      return ir_validate_fail(c, "the end block holds instructions");

   c->blocks = c->block_list.data;
   c->num_blocks = (unsigned)(c->block_list.size / sizeof(*c->blocks));
   for (unsigned i = 0; i < c->num_blocks; i++)
      compute_expected_succs(c, c->blocks[i]);
   if (!build_expected_preds(c))
      return false;
   for (unsigned i = 0; i < c->num_blocks; i++) {
      if (!check_cfg_edges(c, c->blocks[i]))
         return false;
   }
   c->where_block = NULL;
   if (!compute_dominance(c))
      return false;

   return read_use_lists(c) && check_instrs(c) && check_stale_uses(c);
}

bool
ir_validate(struct ir_shader *shader, char **error)
{
   struct ir_validate_ctx c = { .shader = shader };
   c.mem = u_arena_create(NULL);
   if (!c.mem) {
      if (error)
         *error = u_arena_strdup(shader->arena, "out of memory");
      return false;
   }

   c.shader_vars = u_set_create_pointer(c.mem);
   if (!c.shader_vars) {
      ir_validate_fail(&c, "out of memory while validating");
   } else if (ir_validate_check_list(&c, &shader->variables, "variable list") &&
              ir_validate_check_list(&c, &shader->functions, "function list")) {
      ir_foreach_variable (shader, var) {
         if (!check_variable(&c, var, false))
            break;
         if (!u_set_add(c.shader_vars, var)) {
            ir_validate_fail(&c, "out of memory while validating");
            break;
         }
      }
      if (!c.failed) {
         ir_foreach_function (shader, fn) {
            if (!validate_function(&c, fn))
               break;
         }
      }
   }

   bool ok = !c.failed;
   if (!ok && error) {
      *error =
         u_arena_strdup(shader->arena, c.error ? c.error : "out of memory");
   }
   u_arena_destroy(c.mem);
   return ok;
}

/* On in debug builds; IR_DEBUG=validate turns it on in release builds
 * (other names in IR_DEBUG belong to other tools and are ignored). */
static bool
validation_enabled(void)
{
   static const struct u_debug_flag flags[] = {
      { "validate", 1, "validate the IR after every pass" },
      { NULL, 0, NULL },
   };
#ifdef NDEBUG
   const bool debug_build = false;
#else
   const bool debug_build = true;
#endif
   return debug_build ||
          (u_debug_parse_flags(u_debug_get_string("IR_DEBUG", NULL), flags) &
           1) != 0;
}

void
ir_validate_or_die(struct ir_shader *shader, const char *after_what)
{
   if (!validation_enabled())
      return;
   char *error = NULL;
   if (ir_validate(shader, &error))
      return;

   fprintf(stderr, "IR validation failed after %s:\n  %s\n\n",
           after_what ? after_what : "(unknown)",
           error ? error : "(no message)");
   fflush(stderr);
   struct u_strbuf sb;
   u_strbuf_init(&sb, NULL);
   ir_print_shader(shader, &sb);
   fputs(sb.str, stderr);
   fflush(stderr);
   u_strbuf_fini(&sb);
   abort();
}
