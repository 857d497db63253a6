/* SPDX-License-Identifier: MIT */

/*
 * The printer of the IR's text form (the grammar is in docs/compiler-ir.md;
 * ir_parse.c reads it back): functions, control flow and instructions.
 * The header, types, variables, names and constants are in
 * ir_print_decl.c.
 *
 * The output is canonical: parsing it and printing again gives the same
 * text.  For that, nothing that passes may leave arbitrary is printed as
 * stored:
 *  - defs and blocks are numbered densely in program order per function
 *    (%0, %1, ... and b0, b1, ...), not by def->index / block->index,
 *    so a first walk over the function numbers everything (phis read defs
 *    and name blocks that come later);
 *  - every block gets its label line, empty ones included, and an if
 *    always has its else part;
 *  - phi sources are sorted by predecessor number;
 *  - swizzles that are the identity for the components read are left out;
 *  - variables, types and constants as ir_print_decl.c describes.
 *
 * The shader is const: every piece of state (numbering, names) lives in a
 * scratch arena freed before returning.  The printer never fails on
 * invalid IR (the validator prints shaders it rejects): a def or block it
 * cannot number prints as %?N / b?N with its in-memory index, which the
 * parser rejects.  Float formatting runs under the "C" locale so that a
 * host application's LC_NUMERIC cannot turn 1.5 into "1,5".
 */
#include <inttypes.h>

#include "compiler/ir/ir_text_priv.h"
#include "util/u_hash.h"
#include "util/u_strbuf.h"

/* ---------------------------------------------------------------------- */
/* Numbering                                                              */
/* ---------------------------------------------------------------------- */

struct counters {
   uintptr_t defs, blocks;
};

static void number_cf_list(struct ir_print_state *ps, const struct u_list *list,
                           struct counters *n);

static void
number_block(struct ir_print_state *ps, const struct ir_block *block,
             struct counters *n)
{
   u_hash_table_insert(ps->blocks, block, (void *)++n->blocks);
   ir_foreach_instr (block, instr) {
      const struct ir_def *def = ir_instr_def(instr);
      if (def)
         u_hash_table_insert(ps->defs, def, (void *)++n->defs);
   }
}

static void
number_cf_list(struct ir_print_state *ps, const struct u_list *list,
               struct counters *n)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK:
         number_block(ps, ir_cf_as_block(node), n);
         break;
      case IR_CF_IF: {
         const struct ir_if *nif = ir_cf_as_if(node);
         number_cf_list(ps, &nif->then_list, n);
         number_cf_list(ps, &nif->else_list, n);
         break;
      }
      case IR_CF_LOOP:
         number_cf_list(ps, &ir_cf_as_loop(node)->body, n);
         break;
      default:
         break;
      }
   }
}

static void
number_function(struct ir_print_state *ps, const struct ir_function *fn)
{
   if (!ps->mem)
      return;
   ps->defs = u_hash_table_create_pointer(ps->mem);
   ps->blocks = u_hash_table_create_pointer(ps->mem);
   if (!ps->defs || !ps->blocks) {
      ps->defs = ps->blocks = NULL;
      return;
   }
   struct counters n = { 0, 0 };
   number_cf_list(ps, &fn->body, &n);
}

static void
print_def_ref(struct ir_print_state *ps, const struct ir_def *def)
{
   if (!def) {
      u_strbuf_append(ps->out, "%?");
      return;
   }
   struct u_hash_entry *e =
      ps->defs ? u_hash_table_search(ps->defs, def) : NULL;
   if (e)
      u_strbuf_appendf(ps->out, "%%%u", (unsigned)((uintptr_t)e->data - 1));
   else
      u_strbuf_appendf(ps->out, ps->raw_numbers ? "%%%u" : "%%?%u", def->index);
}

static void
print_block_ref(struct ir_print_state *ps, const struct ir_block *block)
{
   if (!block) {
      u_strbuf_append(ps->out, "b?");
      return;
   }
   struct u_hash_entry *e =
      ps->blocks ? u_hash_table_search(ps->blocks, block) : NULL;
   if (e)
      u_strbuf_appendf(ps->out, "b%u", (unsigned)((uintptr_t)e->data - 1));
   else
      u_strbuf_appendf(ps->out, ps->raw_numbers ? "b%u" : "b?%u", block->index);
}

static unsigned
block_number(const struct ir_print_state *ps, const struct ir_block *block)
{
   struct u_hash_entry *e =
      ps->blocks && block ? u_hash_table_search(ps->blocks, block) : NULL;
   return e       ? (unsigned)((uintptr_t)e->data - 1)
          : block ? block->index
                  : UINT32_MAX;
}

/* ---------------------------------------------------------------------- */
/* Instructions                                                           */
/* ---------------------------------------------------------------------- */

static void
print_def(struct ir_print_state *ps, const struct ir_def *def)
{
   print_def_ref(ps, def);
   u_strbuf_appendf(ps->out, ":%u", def->bit_size);
   if (def->num_components != 1)
      u_strbuf_appendf(ps->out, "x%u", def->num_components);
   u_strbuf_append(ps->out, " = ");
}

static void
print_alu(struct ir_print_state *ps, const struct ir_alu *alu)
{
   if ((unsigned)alu->op >= IR_OP_COUNT) {
      u_strbuf_append(ps->out, "?");
      return;
   }
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   print_def(ps, &alu->def);
   if (alu->exact)
      u_strbuf_append(ps->out, "exact ");
   u_strbuf_append(ps->out, info->name);
   for (unsigned i = 0; i < info->num_inputs; i++) {
      const struct ir_alu_src *src = &alu->src[i];
      u_strbuf_append(ps->out, i ? ", " : " ");
      print_def_ref(ps, src->src.def);
      unsigned n =
         info->input_sizes[i] ? info->input_sizes[i] : alu->def.num_components;
      if (n > IR_MAX_VEC)
         n = IR_MAX_VEC;
      bool identity = true;
      for (unsigned c = 0; c < n; c++)
         identity &= src->swizzle[c] == c;
      if (identity)
         continue;
      u_strbuf_append_char(ps->out, '.');
      for (unsigned c = 0; c < n; c++) {
         unsigned s = src->swizzle[c];
         u_strbuf_append_char(ps->out, s < 4 ? "xyzw"[s] : '?');
      }
   }
}

static const struct ir_type *
deref_type_of(const struct ir_def *def)
{
   const struct ir_deref *d = def ? ir_instr_as_deref(def->parent) : NULL;
   return d ? d->type : NULL;
}

static void
print_deref(struct ir_print_state *ps, const struct ir_deref *d)
{
   print_def(ps, &d->def);
   switch (d->deref_kind) {
   case IR_DEREF_VAR:
      u_strbuf_append(ps->out, "deref_var @");
      u_strbuf_append(ps->out, d->var ? ir_print_var_name(ps, d->var) : "?");
      return;
   case IR_DEREF_ARRAY:
      u_strbuf_append(ps->out, "deref_array ");
      print_def_ref(ps, d->parent.def);
      u_strbuf_append_char(ps->out, '[');
      print_def_ref(ps, d->index.def);
      u_strbuf_append_char(ps->out, ']');
      return;
   case IR_DEREF_STRUCT:
      u_strbuf_append(ps->out, "deref_struct ");
      print_def_ref(ps, d->parent.def);
      u_strbuf_appendf(
         ps->out, ".%s",
         ir_print_field_name(ps, deref_type_of(d->parent.def), d->field));
      return;
   }
   u_strbuf_append(ps->out, "deref_?");
}

static void
print_intrinsic(struct ir_print_state *ps, const struct ir_intrinsic *intr)
{
   if ((unsigned)intr->op >= IR_INTRINSIC_COUNT) {
      u_strbuf_append(ps->out, "?");
      return;
   }
   const struct ir_intrinsic_info *info = &ir_intrinsic_infos[intr->op];
   if (info->has_dest)
      print_def(ps, &intr->def);
   u_strbuf_append(ps->out, info->name);
   for (unsigned i = 0; i < info->num_srcs; i++) {
      u_strbuf_append(ps->out, i ? ", " : " ");
      print_def_ref(ps, intr->src[i].def);
   }
   /* Indices in storage order, zeros left out. */
   for (unsigned slot = 0; slot < info->num_indices; slot++) {
      for (unsigned idx = 0; idx < IR_INDEX_COUNT; idx++) {
         if (info->index_slot[idx] == (int)slot && intr->const_index[slot])
            u_strbuf_appendf(ps->out, " %s=%" PRId32,
                             ir_intrinsic_index_names[idx],
                             intr->const_index[slot]);
      }
   }
}

static const char *
tex_dest_type_name(enum ir_base_type t)
{
   switch (t) {
   case IR_TYPE_FLOAT:
      return "float";
   case IR_TYPE_INT:
      return "int";
   case IR_TYPE_UINT:
      return "uint";
   default:
      return "?";
   }
}

static void
print_tex(struct ir_print_state *ps, const struct ir_tex *tex)
{
   struct u_strbuf *out = ps->out;
   print_def(ps, &tex->def);
   u_strbuf_appendf(out, "tex %s %s",
                    IR_TEXT_NAME_OR(ir_text_tex_op_names, tex->op, "?"),
                    IR_TEXT_NAME_OR(ir_text_tex_dim_names, tex->dim, "?"));
   if (tex->is_array)
      u_strbuf_append(out, " array");
   if (tex->is_shadow)
      u_strbuf_append(out, " shadow");
   u_strbuf_appendf(out, " %s texture=%u sampler=%u",
                    tex_dest_type_name(tex->dest_type), tex->texture_index,
                    tex->sampler_index);
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      u_strbuf_appendf(
         out,
         " %s=", IR_TEXT_NAME_OR(ir_text_tex_src_names, tex->src[i].kind, "?"));
      print_def_ref(ps, tex->src[i].src.def);
   }
}

static void
print_load_const(struct ir_print_state *ps, const struct ir_load_const *lc)
{
   print_def(ps, &lc->def);
   u_strbuf_append(ps->out, "load_const ");
   unsigned n = lc->def.num_components;
   if (n > IR_MAX_VEC)
      n = IR_MAX_VEC;
   if (n == 1) {
      ir_print_value(ps->out, &lc->value[0], lc->def.bit_size);
      return;
   }
   u_strbuf_append_char(ps->out, '(');
   for (unsigned i = 0; i < n; i++) {
      if (i)
         u_strbuf_append(ps->out, ", ");
      ir_print_value(ps->out, &lc->value[i], lc->def.bit_size);
   }
   u_strbuf_append_char(ps->out, ')');
}

static void
print_phi(struct ir_print_state *ps, const struct ir_phi *phi)
{
   print_def(ps, &phi->def);
   u_strbuf_append(ps->out, "phi");

   /* Sources by predecessor number: repeatedly pick the smallest one not
    * printed yet (phis have a handful of sources). */
   unsigned last = 0;
   bool first = true;
   for (;;) {
      const struct ir_phi_src *best = NULL;
      unsigned best_num = 0;
      ir_foreach_phi_src (phi, psrc) {
         unsigned num = block_number(ps, psrc->pred);
         if (!first && num <= last)
            continue;
         if (!best || num < best_num) {
            best = psrc;
            best_num = num;
         }
      }
      if (!best)
         break;
      /* Equal numbers (a broken phi) print together. */
      ir_foreach_phi_src (phi, psrc) {
         if (block_number(ps, psrc->pred) != best_num)
            continue;
         u_strbuf_append(ps->out, first ? " " : ", ");
         print_block_ref(ps, psrc->pred);
         u_strbuf_append(ps->out, ": ");
         print_def_ref(ps, psrc->src.def);
         first = false;
      }
      last = best_num;
      if (best_num == UINT32_MAX)
         break;
   }
}

static void
print_jump(struct ir_print_state *ps, const struct ir_jump *jump)
{
   switch (jump->jump_kind) {
   case IR_JUMP_BREAK:
      u_strbuf_append(ps->out, "break");
      return;
   case IR_JUMP_CONTINUE:
      u_strbuf_append(ps->out, "continue");
      return;
   case IR_JUMP_RETURN:
      u_strbuf_append(ps->out, "return");
      return;
   }
   u_strbuf_append(ps->out, "jump_?");
}

static void
print_parallel_copy(struct ir_print_state *ps,
                    const struct ir_parallel_copy *pc)
{
   u_strbuf_append(ps->out, "parallel_copy");
   bool first = true;
   u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
      u_strbuf_append(ps->out, first ? " " : ", ");
      print_def_ref(ps, e->dest_reg.def);
      u_strbuf_append(ps->out, " <- ");
      print_def_ref(ps, e->src.def);
      first = false;
   }
}

static void
print_instr(struct ir_print_state *ps, const struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
      print_alu(ps, ir_instr_as_alu(instr));
      return;
   case IR_INSTR_DEREF:
      print_deref(ps, ir_instr_as_deref(instr));
      return;
   case IR_INSTR_INTRINSIC:
      print_intrinsic(ps, ir_instr_as_intrinsic(instr));
      return;
   case IR_INSTR_TEX:
      print_tex(ps, ir_instr_as_tex(instr));
      return;
   case IR_INSTR_LOAD_CONST:
      print_load_const(ps, ir_instr_as_load_const(instr));
      return;
   case IR_INSTR_UNDEF:
      print_def(ps, &ir_instr_as_undef(instr)->def);
      u_strbuf_append(ps->out, "undef");
      return;
   case IR_INSTR_PHI:
      print_phi(ps, ir_instr_as_phi(instr));
      return;
   case IR_INSTR_JUMP:
      print_jump(ps, ir_instr_as_jump(instr));
      return;
   case IR_INSTR_PARALLEL_COPY:
      print_parallel_copy(ps, ir_instr_as_parallel_copy(instr));
      return;
   }
   u_strbuf_append(ps->out, "?");
}

/* ---------------------------------------------------------------------- */
/* Control flow and functions                                             */
/* ---------------------------------------------------------------------- */

static void
indent(struct ir_print_state *ps, unsigned depth)
{
   for (unsigned i = 0; i < depth; i++)
      u_strbuf_append(ps->out, "  ");
}

static void
print_cf_list(struct ir_print_state *ps, const struct u_list *list,
              unsigned depth)
{
   u_list_foreach (struct ir_cf_node, node, list, link) {
      switch (node->kind) {
      case IR_CF_BLOCK: {
         const struct ir_block *block = ir_cf_as_block(node);
         indent(ps, depth);
         print_block_ref(ps, block);
         u_strbuf_append(ps->out, ":\n");
         ir_foreach_instr (block, instr) {
            indent(ps, depth + 1);
            print_instr(ps, instr);
            u_strbuf_append_char(ps->out, '\n');
         }
         break;
      }
      case IR_CF_IF: {
         const struct ir_if *nif = ir_cf_as_if(node);
         indent(ps, depth);
         u_strbuf_append(ps->out, "if ");
         print_def_ref(ps, nif->condition.def);
         u_strbuf_append(ps->out, " {\n");
         print_cf_list(ps, &nif->then_list, depth + 1);
         indent(ps, depth);
         u_strbuf_append(ps->out, "} else {\n");
         print_cf_list(ps, &nif->else_list, depth + 1);
         indent(ps, depth);
         u_strbuf_append(ps->out, "}\n");
         break;
      }
      case IR_CF_LOOP:
         indent(ps, depth);
         u_strbuf_append(ps->out, "loop {\n");
         print_cf_list(ps, &ir_cf_as_loop(node)->body, depth + 1);
         indent(ps, depth);
         u_strbuf_append(ps->out, "}\n");
         break;
      default:
         break;
      }
   }
}

static void
print_function(struct ir_print_state *ps, const struct ir_function *fn)
{
   u_strbuf_appendf(ps->out, "\nfn %s {\n", fn->name ? fn->name : "_");
   u_list_foreach (struct ir_variable, var, &fn->locals, link)
      ir_print_variable(ps, var, true);
   number_function(ps, fn);
   print_cf_list(ps, &fn->body, 1);
   u_strbuf_append(ps->out, "}\n");
}

/* Names the shader's variables and declares its struct types. */

void
ir_print_shader(const struct ir_shader *shader, struct u_strbuf *out)
{
   struct ir_text_locale loc;
   ir_text_locale_enter(&loc);
   struct ir_print_state ps;
   ir_print_state_init(&ps, out);

   ir_print_name_shader(&ps, shader);
   ir_print_header(&ps, shader);
   ir_foreach_function (shader, fn) {
      ir_print_name_locals(&ps, fn);
      print_function(&ps, fn);
      ir_print_drop_locals(&ps, fn);
   }

   ir_print_state_fini(&ps);
   ir_text_locale_leave(&loc);
}

char *
ir_shader_to_string(const struct ir_shader *shader, struct u_arena *arena)
{
   struct u_strbuf b;
   u_strbuf_init(&b, arena);
   ir_print_shader(shader, &b);
   if (b.oom)
      return NULL;
   return u_strbuf_steal(&b);
}

static const struct ir_function *
instr_function(const struct ir_instr *instr)
{
   if (!instr->block)
      return NULL;
   const struct ir_cf_node *node = &instr->block->cf;
   while (node && node->kind != IR_CF_FUNCTION)
      node = node->parent;
   return node ? ir_cf_as_function(node) : NULL;
}

void
ir_print_instr(const struct ir_instr *instr, struct u_strbuf *out)
{
   struct ir_text_locale loc;
   ir_text_locale_enter(&loc);
   struct ir_print_state ps;
   ir_print_state_init(&ps, out);

   /* Inside a function, number and name as ir_print_shader() would, so
    * that messages about one instruction match the printed shader. */
   const struct ir_function *fn = instr_function(instr);
   if (fn && fn->shader) {
      ir_print_name_shader(&ps, fn->shader);
      /* The locals of earlier functions count for @_N names. */
      ir_foreach_function (fn->shader, other) {
         if (other == fn)
            break;
         ir_print_name_locals(&ps, other);
         ir_print_drop_locals(&ps, other);
      }
      ir_print_name_locals(&ps, fn);
      number_function(&ps, fn);
   } else {
      ps.raw_numbers = true;
   }
   print_instr(&ps, instr);

   ir_print_state_fini(&ps);
   ir_text_locale_leave(&loc);
}
