/* SPDX-License-Identifier: MIT */

/*
 * Decoding a shader into the interpreter's operations: structured control
 * flow, phis and values (instructions are in ir_exec_decode_instr.c and
 * ir_exec_decode_memory.c, row allocation in ir_exec_decode_rows.c).
 *
 * Control flow becomes mask operations and jumps:
 *
 *    if %c { A } else { B }       IF c, slot  -> ELSE when no lane takes A
 *                                 A
 *                                 ELSE slot   -> ENDIF when no lane takes B
 *                                 B
 *                                 ENDIF slot  -> region end when no lane left
 *
 *    loop { A }                   LOOP_BEGIN slot -> region end when empty
 *                                 A
 *                                 LOOP_END slot   -> back to A while lanes
 *                                                    continue
 *
 * IF saves the else lanes in its stack slot, ELSE swaps in the lanes that
 * finished A, ENDIF merges both; a loop keeps the lanes that broke and the
 * lanes that continued in two slots.  break/continue/return take the
 * running lanes out and jump to the end of the current region (the ELSE,
 * ENDIF or LOOP_END that may bring lanes back), since nothing before it
 * runs.
 *
 * Phis are resolved on the edges: before a block's jump or at its end,
 * the sources of the successor's phis for this predecessor are copied into
 * the phis in the running lanes (all read before any is written when a phi
 * is the source of another).  The first block of a then or else list has
 * the block before the if as only predecessor; its phis are copied at its
 * start, under the side's mask.
 *
 * Values written without a mask (everything but phis, stores and
 * registers) are only read by the lanes that wrote them in the same loop
 * iteration, except when the read is after the loop: lanes that left the
 * loop must keep their value while the others iterate.  Recomputing it
 * for them usually gives the same bits, but not when it depends on other
 * lanes (a derivative, a texture's implicit LOD, helper state).  Those
 * defs ("escaping") are written into a temporary and copied under the
 * mask.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_exec_decode.h"
#include "util/u_hash.h"

bool
exec_decode_fail(struct exec_decoder *d, const char *fmt, ...)
{
   if (!d->failed && d->error) {
      va_list args;
      va_start(args, fmt);
      *d->error = u_arena_vasprintf(d->prog->arena, fmt, args);
      va_end(args);
   }
   d->failed = true;
   return false;
}

unsigned
exec_emit(struct exec_decoder *d, exec_fn fn)
{
   struct exec_op op;
   memset(&op, 0, sizeof(op));
   op.fn = fn;
   op.dst = EXEC_NO_ROW;
   for (unsigned i = 0; i < 4; i++) {
      for (unsigned c = 0; c < 4; c++)
         op.src[i][c] = EXEC_NO_ROW;
   }
   unsigned idx = exec_num_ops(d);
   if (!u_dynarray_append(&d->ops, struct exec_op, op)) {
      exec_decode_fail(d, "out of memory");
      return EXEC_DUMMY_OP;
   }
   return idx;
}

int
exec_new_value(struct exec_decoder *d, unsigned rows, enum value_kind kind)
{
   struct exec_value v = {
      .vbase = (uint32_t)(d->vrow_value.size / sizeof(uint32_t)),
      .rows = rows,
      .kind = kind,
      .start = -1,
      .end = -1,
   };
   int idx = (int)(d->values.size / sizeof(struct exec_value));
   if (!u_dynarray_append(&d->values, struct exec_value, v)) {
      exec_decode_fail(d, "out of memory");
      return -1;
   }
   for (unsigned r = 0; r < rows; r++) {
      if (!u_dynarray_append(&d->vrow_value, uint32_t, (uint32_t)idx)) {
         exec_decode_fail(d, "out of memory");
         return -1;
      }
   }
   return idx;
}

void
exec_note_read(struct exec_decoder *d, int v, unsigned pos)
{
   struct exec_value *val = exec_value_at(d, v);
   if (val->end < (int32_t)pos)
      val->end = (int32_t)pos;
}

void
exec_note_write(struct exec_decoder *d, int v, unsigned pos)
{
   struct exec_value *val = exec_value_at(d, v);
   if (val->start < 0 || val->start > (int32_t)pos)
      val->start = (int32_t)pos;
   if (val->end < (int32_t)pos)
      val->end = (int32_t)pos;
}

void
exec_data_row(struct exec_decoder *d, uint32_t *row)
{
   if (*row != EXEC_NO_ROW &&
       !u_dynarray_append(&d->data_rows, uint32_t *, row))
      exec_decode_fail(d, "out of memory");
}

uint32_t
exec_read_row(struct exec_decoder *d, unsigned pos, struct ir_def *def,
              unsigned comp)
{
   if (def->index >= d->num_defs) {
      exec_decode_fail(d, "def %%%u has an index beyond the function's",
                       def->index);
      return EXEC_NO_ROW;
   }
   struct exec_def_info *info = exec_def(d, def);
   if (info->kind != DEF_VALUE || info->value < 0) {
      exec_decode_fail(d,
                       "def %%%u is used before it is defined or as a "
                       "value it is not",
                       def->index);
      return EXEC_NO_ROW;
   }
   exec_note_read(d, info->value, pos);
   return exec_value_at(d, info->value)->vbase + comp * exec_wpc(def->bit_size);
}

uint32_t
exec_write_rows(struct exec_decoder *d, unsigned pos, struct ir_def *def)
{
   struct exec_def_info *info = exec_def(d, def);
   unsigned rows = def->num_components * exec_wpc(def->bit_size);
   info->kind = DEF_VALUE;
   if (info->value < 0)
      info->value = exec_new_value(d, rows, VAL_INTERVAL);
   int v = info->value;
   if (info->escapes) {
      info->temp_value = exec_new_value(d, rows, VAL_INTERVAL);
      v = info->temp_value;
   }
   if (v < 0)
      return EXEC_NO_ROW;
   exec_note_write(d, v, pos);
   return exec_value_at(d, v)->vbase;
}

void
exec_finish_def(struct exec_decoder *d, struct ir_def *def)
{
   struct exec_def_info *info = exec_def(d, def);
   if (!info->escapes || info->temp_value < 0 || d->failed)
      return;
   unsigned idx = exec_emit(d, exec_op_masked_copy);
   struct exec_op *op = exec_op_at(d, idx);
   exec_note_read(d, info->temp_value, idx);
   exec_note_write(d, info->value, idx);
   op->src[0][0] = exec_value_at(d, info->temp_value)->vbase;
   op->dst = exec_value_at(d, info->value)->vbase;
   op->aux[0] = exec_value_at(d, info->value)->rows;
}

/* ---------------------------------------------------------------------- */
/* Escape analysis                                                        */
/* ---------------------------------------------------------------------- */

static struct ir_loop *
innermost_loop(struct ir_cf_node *node)
{
   for (struct ir_cf_node *n = node->parent; n; n = n->parent) {
      if (n->kind == IR_CF_LOOP)
         return ir_cf_as_loop(n);
      if (n->kind == IR_CF_FUNCTION)
         break;
   }
   return NULL;
}

static bool
cf_inside(struct ir_cf_node *node, struct ir_loop *loop)
{
   for (struct ir_cf_node *n = node; n; n = n->parent) {
      if (n == &loop->cf)
         return true;
      if (n->kind == IR_CF_FUNCTION)
         break;
   }
   return false;
}

/** A use of @p def located at @p where (the block or if that reads it). */
static void
note_use(struct exec_decoder *d, struct ir_def *def, struct ir_cf_node *where)
{
   if (!def || def->index >= d->num_defs)
      return;
   struct exec_def_info *info = exec_def(d, def);
   if (info->loop && !cf_inside(where, info->loop))
      info->escapes = true;
}

static bool
scan_use_cb(struct ir_src *src, void *data)
{
   struct exec_decoder *d = data;
   struct ir_instr *instr = src->parent_instr;
   struct ir_cf_node *where = &instr->block->cf;
   if (instr->kind == IR_INSTR_PHI) {
      struct ir_phi_src *ps = u_container_of(src, struct ir_phi_src, src);
      where = &ps->pred->cf;
   }
   note_use(d, src->def, where);
   return true;
}

/** Whether the instruction writes its def without a mask. */
static bool
writes_unmasked(const struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_PHI:
   case IR_INSTR_LOAD_CONST:
   case IR_INSTR_UNDEF:
      return false;
   case IR_INSTR_INTRINSIC:
      return ir_instr_as_intrinsic(instr)->op != IR_INTRINSIC_DECL_REG;
   default:
      return true;
   }
}

static void scan_cf_list(struct exec_decoder *d, struct u_list *list);

static void
scan_block(struct exec_decoder *d, struct ir_block *block)
{
   ir_foreach_instr (block, instr) {
      struct ir_def *def = ir_instr_def(instr);
      if (def && def->index < d->num_defs && writes_unmasked(instr))
         exec_def(d, def)->loop = innermost_loop(&block->cf);
   }
}

static void
scan_uses_cf_list(struct exec_decoder *d, struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         ir_foreach_instr (ir_cf_as_block(node), instr)
            ir_instr_foreach_src(instr, scan_use_cb, d);
         break;
      case IR_CF_IF: {
         struct ir_if *nif = ir_cf_as_if(node);
         note_use(d, nif->condition.def, node);
         scan_uses_cf_list(d, &nif->then_list);
         scan_uses_cf_list(d, &nif->else_list);
         break;
      }
      case IR_CF_LOOP:
         scan_uses_cf_list(d, &ir_cf_as_loop(node)->body);
         break;
      default:
         break;
      }
   }
}

static void
scan_cf_list(struct exec_decoder *d, struct u_list *list)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         scan_block(d, ir_cf_as_block(node));
         break;
      case IR_CF_IF:
         scan_cf_list(d, &ir_cf_as_if(node)->then_list);
         scan_cf_list(d, &ir_cf_as_if(node)->else_list);
         break;
      case IR_CF_LOOP:
         scan_cf_list(d, &ir_cf_as_loop(node)->body);
         break;
      default:
         break;
      }
   }
}

/* ---------------------------------------------------------------------- */
/* Control flow                                                           */
/* ---------------------------------------------------------------------- */

static struct ir_block *
first_block(struct u_list *list)
{
   if (u_list_is_empty(list))
      return NULL;
   return ir_cf_as_block(u_list_first(list, struct ir_cf_node, link));
}

/** The node after @p node in its list, NULL at the end of @p list. */
static struct ir_cf_node *
next_node(struct ir_cf_node *node, struct u_list *list)
{
   if (node->link.next == list)
      return NULL;
   return u_container_of(node->link.next, struct ir_cf_node, link);
}

/** Copies the phis of @p succ fed by @p pred, in the running lanes. */
static void
emit_edge_copies(struct exec_decoder *d, struct ir_block *pred,
                 struct ir_block *succ)
{
   if (!succ)
      return;
   unsigned rows = 0;
   ir_foreach_instr (succ, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      ir_foreach_phi_src (phi, ps) {
         if (ps->pred == pred)
            rows += phi->def.num_components * exec_wpc(phi->def.bit_size);
      }
   }
   if (!rows)
      return;

   struct exec_copy_list *list = u_arena_zalloc(
      d->prog->arena, sizeof(*list) + (size_t)rows * sizeof(struct exec_copy));
   if (!list) {
      exec_decode_fail(d, "out of memory");
      return;
   }
   unsigned idx = exec_emit(d, exec_op_phi_copy);
   unsigned n = 0;
   ir_foreach_instr (succ, instr) {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      if (!phi)
         break;
      ir_foreach_phi_src (phi, ps) {
         if (ps->pred != pred)
            continue;
         struct exec_def_info *info = exec_def(d, &phi->def);
         unsigned wpc = exec_wpc(phi->def.bit_size);
         if (info->value < 0) {
            info->kind = DEF_VALUE;
            info->value =
               exec_new_value(d, phi->def.num_components * wpc, VAL_INTERVAL);
            if (info->value < 0)
               return;
         }
         if (ps->src.def->bit_size != phi->def.bit_size ||
             ps->src.def->num_components < phi->def.num_components) {
            exec_decode_fail(d, "phi %%%u: source of another size",
                             phi->def.index);
            return;
         }
         if (n + phi->def.num_components * wpc > rows) {
            exec_decode_fail(d, "phi %%%u: two sources from one block",
                             phi->def.index);
            return;
         }
         exec_note_write(d, info->value, idx);
         uint32_t dst = exec_value_at(d, info->value)->vbase;
         for (unsigned c = 0; c < phi->def.num_components; c++) {
            for (unsigned w = 0; w < wpc; w++) {
               list->copies[n].src = exec_read_row(d, idx, ps->src.def, c) + w;
               list->copies[n].dst = dst + c * wpc + w;
               n++;
            }
         }
      }
   }
   list->num = n;
   /* A phi that is the source of another phi of the block: read all
    * sources first. */
   for (unsigned i = 0; i < n && !list->parallel; i++) {
      uint32_t sv =
         *u_dynarray_element(&d->vrow_value, uint32_t, list->copies[i].src);
      for (unsigned j = 0; j < n; j++) {
         if (*u_dynarray_element(&d->vrow_value, uint32_t,
                                 list->copies[j].dst) == sv) {
            list->parallel = true;
            break;
         }
      }
   }
   list->scratch = EXEC_NO_ROW;
   if (list->parallel) {
      if (n > d->scratch_rows)
         d->scratch_rows = n;
      /* Patched to the scratch value's first row after emission. */
      list->scratch = 0;
   }
   for (unsigned i = 0; i < n; i++) {
      exec_data_row(d, &list->copies[i].src);
      exec_data_row(d, &list->copies[i].dst);
   }
   exec_op_at(d, idx)->data = list;
}

static void
add_skip_patch(struct exec_decoder *d, unsigned op_idx)
{
   if (!u_dynarray_append(&d->region->skip_patches, unsigned, op_idx))
      exec_decode_fail(d, "out of memory");
}

static void
close_region(struct exec_decoder *d, struct exec_region *r, unsigned end_op)
{
   unsigned n = (unsigned)(r->skip_patches.size / sizeof(unsigned));
   for (unsigned i = 0; i < n; i++) {
      unsigned at = *u_dynarray_element(&r->skip_patches, unsigned, i);
      exec_op_at(d, at)->skip_index = end_op;
   }
}

static void
open_region(struct exec_decoder *d, struct exec_region *r)
{
   r->parent = d->region;
   u_dynarray_init(&r->skip_patches, d->mem);
   d->region = r;
}

static void emit_cf_list(struct exec_decoder *d, struct u_list *list,
                         struct ir_block *fallthrough);

/** Emits @p block; @p fallthrough is where it goes without a jump (NULL
 * before an if, or at the end of the function). */
static void
emit_block(struct exec_decoder *d, struct ir_block *block,
           struct ir_block *fallthrough)
{
   struct ir_jump *jump = NULL;
   ir_foreach_instr (block, instr) {
      if (d->failed)
         return;
      switch (instr->kind) {
      case IR_INSTR_PHI:
         break;
      case IR_INSTR_JUMP:
         jump = ir_instr_as_jump(instr);
         break;
      default:
         exec_decode_instr(d, instr);
         break;
      }
   }
   if (!jump) {
      emit_edge_copies(d, block, fallthrough);
      return;
   }

   unsigned idx;
   switch (jump->jump_kind) {
   case IR_JUMP_BREAK:
   case IR_JUMP_CONTINUE: {
      if (!d->loop) {
         exec_decode_fail(d, "break or continue outside a loop");
         return;
      }
      bool is_break = jump->jump_kind == IR_JUMP_BREAK;
      struct ir_block *target =
         is_break ? d->loop->exit_block : first_block(&d->loop->loop->body);
      emit_edge_copies(d, block, target);
      idx = exec_emit(d, is_break ? exec_op_break : exec_op_continue);
      exec_op_at(d, idx)->aux[0] = d->loop->slot + (is_break ? 0 : 1);
      break;
   }
   case IR_JUMP_RETURN:
      idx = exec_emit(d, exec_op_return);
      break;
   default:
      exec_decode_fail(d, "unknown jump");
      return;
   }
   add_skip_patch(d, idx);
}

static void
push_stack(struct exec_decoder *d, unsigned slots)
{
   d->stack_depth += slots;
   if (d->stack_depth > d->max_stack_depth)
      d->max_stack_depth = d->stack_depth;
}

static void
emit_if(struct exec_decoder *d, struct ir_if *nif, struct ir_block *pred,
        struct ir_block *merge)
{
   unsigned slot = d->stack_depth;
   push_stack(d, 1);

   unsigned idx_if = exec_emit(d, exec_op_if);
   exec_op_at(d, idx_if)->aux[0] = slot;
   exec_op_at(d, idx_if)->src[0][0] =
      exec_read_row(d, idx_if, nif->condition.def, 0);

   struct exec_region then_region;
   open_region(d, &then_region);
   emit_edge_copies(d, pred, first_block(&nif->then_list));
   emit_cf_list(d, &nif->then_list, merge);
   unsigned idx_else = exec_emit(d, exec_op_else);
   exec_op_at(d, idx_else)->aux[0] = slot;
   exec_op_at(d, idx_if)->target_index = idx_else;
   close_region(d, &then_region, idx_else);
   d->region = then_region.parent;

   struct exec_region else_region;
   open_region(d, &else_region);
   emit_edge_copies(d, pred, first_block(&nif->else_list));
   emit_cf_list(d, &nif->else_list, merge);
   unsigned idx_endif = exec_emit(d, exec_op_endif);
   exec_op_at(d, idx_endif)->aux[0] = slot;
   exec_op_at(d, idx_else)->target_index = idx_endif;
   close_region(d, &else_region, idx_endif);
   d->region = else_region.parent;
   add_skip_patch(d, idx_endif);

   d->stack_depth -= 1;
}

static void
emit_loop(struct exec_decoder *d, struct ir_loop *loop, struct ir_block *exit)
{
   unsigned slot = d->stack_depth;
   push_stack(d, 2);

   unsigned idx_begin = exec_emit(d, exec_op_loop_begin);
   exec_op_at(d, idx_begin)->aux[0] = slot;
   add_skip_patch(d, idx_begin);

   struct exec_loop_ctx ctx = {
      .parent = d->loop,
      .loop = loop,
      .exit_block = exit,
      .slot = slot,
   };
   d->loop = &ctx;
   struct exec_region body;
   open_region(d, &body);
   emit_cf_list(d, &loop->body, first_block(&loop->body));
   unsigned idx_end = exec_emit(d, exec_op_loop_end);
   exec_op_at(d, idx_end)->aux[0] = slot;
   exec_op_at(d, idx_end)->target_index = idx_begin + 1;
   close_region(d, &body, idx_end);
   d->region = body.parent;
   d->loop = ctx.parent;
   add_skip_patch(d, idx_end);

   int32_t range[2] = { (int32_t)idx_begin, (int32_t)idx_end };
   if (!u_dynarray_append(&d->loop_ranges, int32_t, range[0]) ||
       !u_dynarray_append(&d->loop_ranges, int32_t, range[1]))
      exec_decode_fail(d, "out of memory");

   d->stack_depth -= 2;
}

static void
emit_cf_list(struct exec_decoder *d, struct u_list *list,
             struct ir_block *fallthrough)
{
   struct ir_block *prev = NULL;
   u_list_foreach (struct ir_cf_node, node, list, link) {
      if (d->failed)
         return;
      struct ir_cf_node *next = next_node(node, list);
      switch (node->kind) {
      case IR_CF_BLOCK: {
         struct ir_block *succ = fallthrough;
         if (next && next->kind == IR_CF_LOOP)
            succ = first_block(&ir_cf_as_loop(next)->body);
         else if (next && next->kind == IR_CF_BLOCK)
            succ = ir_cf_as_block(next);
         else if (next)
            succ = NULL;
         prev = ir_cf_as_block(node);
         emit_block(d, prev, succ);
         break;
      }
      case IR_CF_IF:
         if (!prev || !next || next->kind != IR_CF_BLOCK) {
            exec_decode_fail(d, "if without a block before and after it");
            return;
         }
         emit_if(d, ir_cf_as_if(node), prev, ir_cf_as_block(next));
         break;
      case IR_CF_LOOP:
         if (!next || next->kind != IR_CF_BLOCK) {
            exec_decode_fail(d, "loop without a block after it");
            return;
         }
         emit_loop(d, ir_cf_as_loop(node), ir_cf_as_block(next));
         break;
      default:
         exec_decode_fail(d, "unexpected control-flow node");
         return;
      }
   }
}

bool
exec_decode(struct ir_exec_program *prog, char **error)
{
   struct exec_decoder d;
   memset(&d, 0, sizeof(d));
   d.prog = prog;
   d.error = error;
   d.mem = u_arena_create(NULL);
   if (!d.mem)
      return exec_decode_fail(&d, "out of memory");

   d.fn = ir_shader_get_entrypoint(prog->shader);
   if (!d.fn) {
      exec_decode_fail(&d, "the shader has no entry point");
      goto done;
   }
   u_dynarray_init(&d.ops, d.mem);
   u_dynarray_init(&d.values, d.mem);
   u_dynarray_init(&d.vrow_value, d.mem);
   u_dynarray_init(&d.const_inits, d.mem);
   u_dynarray_init(&d.var_inits, d.mem);
   u_dynarray_init(&d.data_rows, d.mem);
   u_dynarray_init(&d.loop_ranges, d.mem);
   d.vars = u_hash_table_create_pointer(d.mem);
   d.num_defs = d.fn->num_defs;
   d.defs =
      u_arena_zalloc_array(d.mem, d.num_defs ? d.num_defs : 1, sizeof(*d.defs));
   if (!d.vars || !d.defs) {
      exec_decode_fail(&d, "out of memory");
      goto done;
   }
   for (unsigned i = 0; i < d.num_defs; i++) {
      d.defs[i].value = -1;
      d.defs[i].temp_value = -1;
      d.defs[i].storage = -1;
   }
   d.zero_value = exec_new_value(&d, EXEC_ZERO_ROWS, VAL_ZERO);
   d.scratch_value = -1;

   scan_cf_list(&d, &d.fn->body);
   scan_uses_cf_list(&d, &d.fn->body);

   struct exec_region root;
   open_region(&d, &root);
   emit_cf_list(&d, &d.fn->body, NULL);
   unsigned end = exec_emit(&d, exec_op_end);
   close_region(&d, &root, end);
   d.region = NULL;

   if (!d.failed)
      exec_decode_finish(&d);
done:
   u_arena_destroy(d.mem);
   return !d.failed;
}
