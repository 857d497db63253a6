/* SPDX-License-Identifier: MIT */

/*
 * The parser of functions: locals, blocks, control flow and instructions
 * (see ir_parse.c for the overall design).
 *
 * Control flow is built as the lines come: the current block starts as the
 * function's start block; "if %c {" and "loop {" insert the construct
 * after the current block (ir_cf_node_insert() splits off an empty block
 * after it) and continue in its first block; "} else {" moves to the first
 * else block; "}" continues in the block after the construct.  A label
 * line "bN:" names the current block and must come before any of its
 * instructions; labels only serve phi sources, so a block may go without
 * one.  The successors and predecessors come from the core as nodes and
 * jumps are inserted.
 *
 * Defs are numbered by the text (%N) and looked up per function.  A def
 * must be defined before it is used, except by phis: phi sources may name
 * later defs and later blocks (a loop header phi reads a value computed in
 * the loop body), so they are recorded while parsing and added when the
 * function's closing brace is reached, when every def and label is known
 * and every edge exists.
 */
#include <string.h>

#include "compiler/ir/ir_parse_priv.h"
#include "util/u_arena.h"
#include "util/u_hash.h"

/* Deeper nesting of ifs and loops is refused, so that recursive walks of
 * the tree (the printer's, the validator's) stay within the stack. */
#define MAX_CF_DEPTH 256

struct open_cf {
   struct ir_cf_node *node;
   bool in_else;
};

struct pending_phi_src {
   struct ir_phi *phi;
   struct ir_token label;
   struct ir_token def;
};

struct fn_parser {
   struct ir_parser *p;
   struct ir_function *fn;
   /** %N -> struct ir_def. */
   struct u_hash_table_u64 *defs;
   /** N of bN -> struct ir_block. */
   struct u_hash_table_u64 *labels;
   /** name -> local struct ir_variable. */
   struct u_hash_table *locals;
   /** struct open_cf: the ifs and loops being parsed, innermost last. */
   struct u_dynarray stack;
   unsigned loop_depth;
   /** struct pending_phi_src. */
   struct u_dynarray phi_srcs;

   /* The block instructions go to, and what it holds so far. */
   struct ir_block *block;
   bool block_labeled;
   bool block_has_instrs;
   bool block_has_non_phi;
   bool block_ended;
};

static void
enter_block(struct fn_parser *fp, struct ir_block *block)
{
   fp->block = block;
   fp->block_labeled = false;
   fp->block_has_instrs = false;
   fp->block_has_non_phi = false;
   fp->block_ended = false;
}

static bool
oom(struct fn_parser *fp, const struct ir_token *t)
{
   return ir_parse_fail(fp->p, t, "out of memory");
}

/* ---------------------------------------------------------------------- */
/* Defs                                                                   */
/* ---------------------------------------------------------------------- */

static bool
lookup_def(struct fn_parser *fp, const struct ir_token *t, struct ir_def **def)
{
   if (t->kind != IR_TOK_DEF)
      return ir_parse_fail(fp->p, t, "expected %%N");
   *def = u_hash_table_u64_search(fp->defs, t->num);
   if (!*def)
      return ir_parse_fail(fp->p, t, "undefined def %%%u", (unsigned)t->num);
   return true;
}

static bool
parse_src(struct fn_parser *fp, struct ir_def **def)
{
   return lookup_def(fp, ir_parse_next(fp->p), def);
}

/* Inserts @p instr at the end of the current block and records @p def (if
 * any) as %N of @p dt.  check_insert() has vetted the position. */
static bool
insert(struct fn_parser *fp, struct ir_instr *instr, const struct ir_token *dt,
       struct ir_def *def)
{
   if (!ir_parse_expect_eol(fp->p))
      return false;
   if (def && !u_hash_table_u64_insert(fp->defs, dt->num, def))
      return oom(fp, dt);
   ir_instr_insert(ir_after_block(fp->block), instr);
   fp->block_has_instrs = true;
   if (instr->kind != IR_INSTR_PHI)
      fp->block_has_non_phi = true;
   if (instr->kind == IR_INSTR_JUMP)
      fp->block_ended = true;
   return true;
}

/* Whether an instruction may go at the end of the current block. */
static bool
check_insert(struct fn_parser *fp, const struct ir_token *t, bool is_phi)
{
   if (fp->block_ended)
      return ir_parse_fail(fp->p, t, "instruction after a jump");
   if (is_phi && fp->block_has_non_phi)
      return ir_parse_fail(fp->p, t, "phi after a non-phi instruction");
   return true;
}

/* ---------------------------------------------------------------------- */
/* Instructions                                                           */
/* ---------------------------------------------------------------------- */

struct dest {
   const struct ir_token *tok;
   unsigned bit_size;
   unsigned num_components;
};

static bool
is_float_type_size(unsigned bits)
{
   return bits == 16 || bits == 32 || bits == 64;
}

/* Whether the annotated size of @p d fits what @p op produces. */
static bool
check_alu_dest(struct fn_parser *fp, enum ir_op op, const struct dest *d)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   unsigned base = IR_ALU_TYPE_BASE(info->output_type);
   unsigned bits = IR_ALU_TYPE_BITS(info->output_type);
   if (info->output_size && d->num_components != info->output_size)
      return ir_parse_fail(fp->p, d->tok, "%s gives %u component%s", info->name,
                           info->output_size,
                           info->output_size == 1 ? "" : "s");
   if (bits && d->bit_size != bits)
      return ir_parse_fail(fp->p, d->tok, "%s gives %u-bit results", info->name,
                           bits);
   if (!bits && base == IR_ALU_FLOAT && !is_float_type_size(d->bit_size))
      return ir_parse_fail(fp->p, d->tok, "%s gives 16, 32 or 64-bit results",
                           info->name);
   if (!bits && base == IR_ALU_BOOL && d->bit_size != 1 && d->bit_size != 32)
      return ir_parse_fail(fp->p, d->tok, "%s gives 1 or 32-bit results",
                           info->name);
   return true;
}

/* %D:S = [exact] OP SRC[.swiz], ... */
static bool
parse_alu(struct fn_parser *fp, const struct dest *d,
          const struct ir_token *opt, enum ir_op op, bool exact)
{
   struct ir_parser *p = fp->p;
   const struct ir_op_info *info = &ir_op_infos[op];
   if (!check_alu_dest(fp, op, d))
      return false;

   struct ir_def *srcs[4];
   uint8_t swizzles[4][IR_MAX_VEC];
   unsigned n = 0;
   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      if (n && !ir_parse_expect_punct(p, ','))
         return false;
      struct ir_token *st = ir_parse_peek(p);
      if (n == info->num_inputs)
         return ir_parse_fail(p, st, "%s takes %u sources", info->name,
                              info->num_inputs);
      if (!parse_src(fp, &srcs[n]))
         return false;
      unsigned read =
         info->input_sizes[n] ? info->input_sizes[n] : d->num_components;
      for (unsigned c = 0; c < IR_MAX_VEC; c++)
         swizzles[n][c] = (uint8_t)c;
      struct ir_token *sw = ir_parse_peek(p);
      if (sw->kind == IR_TOK_WORD && sw->text[0] == '.') {
         ir_parse_next(p);
         if (sw->len - 1 != read)
            return ir_parse_fail(p, sw, "swizzle needs %u components", read);
         for (unsigned c = 0; c < read; c++) {
            const char *pos = memchr("xyzw", sw->text[1 + c], 4);
            if (!pos)
               return ir_parse_fail(p, sw, "bad swizzle");
            swizzles[n][c] = (uint8_t)(pos - "xyzw");
            if (swizzles[n][c] >= srcs[n]->num_components)
               return ir_parse_fail(p, sw, "swizzle out of range");
         }
      } else if (read > srcs[n]->num_components) {
         return ir_parse_fail(p, st, "source has only %u components",
                              srcs[n]->num_components);
      }
      n++;
   }
   if (n != info->num_inputs)
      return ir_parse_fail(p, ir_parse_peek(p), "%s takes %u sources",
                           info->name, info->num_inputs);

   struct ir_alu *alu = ir_alu_create(fp->fn, op);
   if (!alu)
      return oom(fp, opt);
   alu->def.num_components = (uint8_t)d->num_components;
   alu->def.bit_size = (uint8_t)d->bit_size;
   alu->exact = exact;
   for (unsigned i = 0; i < n; i++) {
      ir_instr_set_src(&alu->instr, &alu->src[i].src, srcs[i]);
      memcpy(alu->src[i].swizzle, swizzles[i], IR_MAX_VEC);
   }
   return insert(fp, &alu->instr, d->tok, &alu->def);
}

/* [%D:S =] NAME SRC, ... INDEX=VALUE ... */
static bool
parse_intrinsic(struct fn_parser *fp, const struct dest *d,
                const struct ir_token *nt, enum ir_intrinsic_op op)
{
   struct ir_parser *p = fp->p;
   const struct ir_intrinsic_info *info = &ir_intrinsic_infos[op];
   if (info->has_dest && !d)
      return ir_parse_fail(p, nt, "%s needs a destination", info->name);
   if (!info->has_dest && d)
      return ir_parse_fail(p, d->tok, "%s has no destination", info->name);
   if (d && info->dest_components && d->num_components != info->dest_components)
      return ir_parse_fail(p, d->tok, "%s gives %u component%s", info->name,
                           info->dest_components,
                           info->dest_components == 1 ? "" : "s");

   struct ir_def *srcs[4];
   unsigned n = 0;
   if (ir_parse_peek(p)->kind == IR_TOK_DEF) {
      do {
         struct ir_token *st = ir_parse_peek(p);
         if (n == info->num_srcs)
            return ir_parse_fail(p, st, "%s takes %u sources", info->name,
                                 info->num_srcs);
         if (!parse_src(fp, &srcs[n]))
            return false;
         n++;
      } while (ir_parse_accept_punct(p, ','));
   }
   if (n != info->num_srcs)
      return ir_parse_fail(p, ir_parse_peek(p), "%s takes %u sources",
                           info->name, info->num_srcs);

   int32_t indices[IR_MAX_CONST_INDEX] = { 0 };
   bool seen[IR_INDEX_COUNT] = { false };
   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      struct ir_token *it = ir_parse_next(p);
      char *name = it->kind == IR_TOK_WORD ? ir_parse_tok_str(p, it) : NULL;
      if (!name)
         return ir_parse_fail(p, it, "expected an index name");
      enum ir_intrinsic_index idx = ir_intrinsic_index_from_name(name);
      if (idx == IR_INDEX_COUNT)
         return ir_parse_fail(p, it, "unknown index '%s'", name);
      if (info->index_slot[idx] < 0)
         return ir_parse_fail(p, it, "%s has no index '%s'", info->name, name);
      if (seen[idx])
         return ir_parse_fail(p, it, "duplicate index '%s'", name);
      seen[idx] = true;
      if (!ir_parse_expect_punct(p, '=') ||
          !ir_parse_int32(p, ir_parse_next(p), &indices[info->index_slot[idx]]))
         return false;
   }

   struct ir_intrinsic *intr = ir_intrinsic_create(fp->fn, op);
   if (!intr)
      return oom(fp, nt);
   /* num_components: the destination's, else that of the first source
    * sized by it. */
   unsigned nc = 0;
   if (d) {
      nc = d->num_components;
      intr->def.num_components = (uint8_t)d->num_components;
      intr->def.bit_size = (uint8_t)d->bit_size;
   } else {
      for (unsigned i = 0; i < n && !nc; i++) {
         if (info->src_components[i] == 0)
            nc = srcs[i]->num_components;
      }
   }
   intr->num_components = (uint8_t)nc;
   memcpy(intr->const_index, indices, sizeof(indices));
   for (unsigned i = 0; i < n; i++)
      ir_instr_set_src(&intr->instr, &intr->src[i], srcs[i]);
   return insert(fp, &intr->instr, d ? d->tok : nt, d ? &intr->def : NULL);
}

static int
find_name(const struct ir_token *t, const char *const *names, unsigned count)
{
   for (unsigned i = 0; i < count; i++) {
      if (names[i] && ir_parse_tok_is(t, names[i]))
         return (int)i;
   }
   return -1;
}

#define FIND_NAME(t, table) \
   find_name((t), (table), sizeof(table) / sizeof((table)[0]))

struct tex_src_text {
   enum ir_tex_src_kind kind;
   struct ir_def *def;
};

/* %D:S = tex OP DIM [array] [shadow] TYPE texture=N sampler=N KIND=%N ... */
static bool
parse_tex(struct fn_parser *fp, const struct dest *d, const struct ir_token *kw)
{
   struct ir_parser *p = fp->p;
   struct ir_token *ot = ir_parse_next(p);
   int op = FIND_NAME(ot, ir_text_tex_op_names);
   if (op < 0)
      return ir_parse_fail(p, ot, "unknown texture operation");
   struct ir_token *dt = ir_parse_next(p);
   int dim = FIND_NAME(dt, ir_text_tex_dim_names);
   if (dim < 0)
      return ir_parse_fail(p, dt, "unknown sampler dimension");
   bool is_array = ir_parse_accept_word(p, "array");
   bool is_shadow = ir_parse_accept_word(p, "shadow");
   struct ir_token *tt = ir_parse_next(p);
   enum ir_base_type dest_type;
   if (ir_parse_tok_is(tt, "float"))
      dest_type = IR_TYPE_FLOAT;
   else if (ir_parse_tok_is(tt, "int"))
      dest_type = IR_TYPE_INT;
   else if (ir_parse_tok_is(tt, "uint"))
      dest_type = IR_TYPE_UINT;
   else
      return ir_parse_fail(p, tt, "expected float, int or uint");

   unsigned texture = 0, sampler = 0;
   struct u_dynarray srcs;
   u_dynarray_init(&srcs, p->mem);
   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      struct ir_token *kt = ir_parse_next(p);
      uint64_t v;
      if (ir_parse_tok_is(kt, "texture") || ir_parse_tok_is(kt, "sampler")) {
         if (!ir_parse_expect_punct(p, '=') ||
             !ir_parse_uint(p, ir_parse_next(p), UINT32_MAX, &v))
            return false;
         *(ir_parse_tok_is(kt, "texture") ? &texture : &sampler) = (unsigned)v;
         continue;
      }
      int kind = FIND_NAME(kt, ir_text_tex_src_names);
      if (kind < 0)
         return ir_parse_fail(p, kt, "unknown texture source");
      struct tex_src_text s = { (enum ir_tex_src_kind)kind, NULL };
      if (!ir_parse_expect_punct(p, '=') || !parse_src(fp, &s.def))
         return false;
      if (!u_dynarray_append(&srcs, struct tex_src_text, s))
         return oom(fp, kt);
   }

   unsigned n = (unsigned)u_dynarray_num_elements(&srcs, struct tex_src_text);
   struct ir_tex *tex = ir_tex_create(fp->fn, n);
   if (!tex)
      return oom(fp, kw);
   tex->op = (enum ir_tex_op)op;
   tex->dim = (enum ir_sampler_dim)dim;
   tex->is_array = is_array;
   tex->is_shadow = is_shadow;
   tex->dest_type = dest_type;
   tex->texture_index = texture;
   tex->sampler_index = sampler;
   tex->coord_components = 0;
   tex->def.num_components = (uint8_t)d->num_components;
   tex->def.bit_size = (uint8_t)d->bit_size;
   for (unsigned i = 0; i < n; i++) {
      const struct tex_src_text *s =
         u_dynarray_element(&srcs, struct tex_src_text, i);
      tex->src[i].kind = s->kind;
      ir_instr_set_src(&tex->instr, &tex->src[i].src, s->def);
      if (s->kind == IR_TEX_SRC_COORD)
         tex->coord_components = s->def->num_components;
   }
   return insert(fp, &tex->instr, d->tok, &tex->def);
}

static bool
parse_load_const(struct fn_parser *fp, const struct dest *d,
                 const struct ir_token *kw)
{
   struct ir_parser *p = fp->p;
   union ir_const_value values[IR_MAX_VEC];
   unsigned n = d->num_components;
   if (ir_parse_accept_punct(p, '(')) {
      for (unsigned i = 0; i < n; i++) {
         if (ir_parse_tok_is_punct(ir_parse_peek(p), ')'))
            return ir_parse_fail(p, ir_parse_peek(p), "expected %u value%s", n,
                                 n == 1 ? "" : "s");
         if (i && !ir_parse_expect_punct(p, ','))
            return false;
         if (!ir_parse_value(p, ir_parse_next(p), d->bit_size, &values[i]))
            return false;
      }
      if (ir_parse_tok_is_punct(ir_parse_peek(p), ','))
         return ir_parse_fail(p, ir_parse_peek(p), "expected %u value%s", n,
                              n == 1 ? "" : "s");
      if (!ir_parse_expect_punct(p, ')'))
         return false;
   } else {
      if (n != 1)
         return ir_parse_fail(p, ir_parse_peek(p), "expected (%u values)", n);
      if (!ir_parse_value(p, ir_parse_next(p), d->bit_size, &values[0]))
         return false;
   }
   struct ir_load_const *lc =
      ir_load_const_create(fp->fn, d->num_components, d->bit_size);
   if (!lc)
      return oom(fp, kw);
   memcpy(lc->value, values, n * sizeof(values[0]));
   return insert(fp, &lc->instr, d->tok, &lc->def);
}

static struct ir_variable *
find_variable(struct fn_parser *fp, const char *name)
{
   struct u_hash_entry *e = u_hash_table_search(fp->locals, name);
   if (!e)
      e = u_hash_table_search(fp->p->vars, name);
   return e ? e->data : NULL;
}

/* The deref that @p def is, or NULL after reporting an error at @p t. */
static struct ir_deref *
parent_deref(struct fn_parser *fp, const struct ir_token *t, struct ir_def *def)
{
   struct ir_deref *d = ir_instr_as_deref(def->parent);
   if (!d)
      ir_parse_fail(fp->p, t, "not a deref");
   return d;
}

static bool
parse_deref(struct fn_parser *fp, const struct dest *d,
            const struct ir_token *kw, enum ir_deref_kind kind)
{
   struct ir_parser *p = fp->p;
   if (d->bit_size != 32 || d->num_components != 1)
      return ir_parse_fail(p, d->tok, "a deref is a 32-bit scalar");

   struct ir_variable *var;
   const struct ir_type *type;
   struct ir_def *parent = NULL, *index = NULL;
   unsigned field = 0;
   if (kind == IR_DEREF_VAR) {
      struct ir_token *vt = ir_parse_next(p);
      if (vt->kind != IR_TOK_VAR)
         return ir_parse_fail(p, vt, "expected @name");
      char *name = ir_parse_tok_str(p, vt);
      if (!name)
         return oom(fp, vt);
      var = find_variable(fp, name);
      if (!var)
         return ir_parse_fail(p, vt, "unknown variable @%s", name);
      type = var->type;
   } else {
      struct ir_token *pt = ir_parse_peek(p);
      if (!parse_src(fp, &parent))
         return false;
      struct ir_deref *pd = parent_deref(fp, pt, parent);
      if (!pd)
         return false;
      var = pd->var;
      if (kind == IR_DEREF_ARRAY) {
         type = ir_type_index(pd->type);
         if (!type)
            return ir_parse_fail(p, pt, "cannot index this deref");
         if (!ir_parse_expect_punct(p, '[') || !parse_src(fp, &index) ||
             !ir_parse_expect_punct(p, ']'))
            return false;
      } else {
         struct ir_token *ft = ir_parse_next(p);
         if (ft->kind != IR_TOK_WORD || ft->text[0] != '.' || ft->len < 2)
            return ir_parse_fail(p, ft, "expected .field");
         if (!ir_type_is_struct(pd->type))
            return ir_parse_fail(p, pt, "not a struct deref");
         while (field < pd->type->num_fields) {
            const char *fname = pd->type->fields[field].name;
            if (fname && strlen(fname) == ft->len - 1 &&
                memcmp(fname, ft->text + 1, ft->len - 1) == 0)
               break;
            field++;
         }
         if (field == pd->type->num_fields)
            return ir_parse_fail(p, ft, "unknown field '%.*s'",
                                 (int)ft->len - 1, ft->text + 1);
         type = pd->type->fields[field].type;
      }
   }

   struct ir_deref *deref = ir_deref_create(fp->fn, kind);
   if (!deref)
      return oom(fp, kw);
   deref->var = var;
   deref->mode = var->mode;
   deref->type = type;
   deref->field = field;
   if (parent)
      ir_instr_set_src(&deref->instr, &deref->parent, parent);
   if (index)
      ir_instr_set_src(&deref->instr, &deref->index, index);
   return insert(fp, &deref->instr, d->tok, &deref->def);
}

/* Whether @p t is a label "bN"; the number in *num. */
static bool
label_number(const struct ir_token *t, uint64_t *num)
{
   if (t->kind != IR_TOK_WORD || t->len < 2 || t->text[0] != 'b')
      return false;
   uint64_t v = 0;
   for (unsigned i = 1; i < t->len; i++) {
      if (t->text[i] < '0' || t->text[i] > '9')
         return false;
      v = v * 10 + (uint64_t)(t->text[i] - '0');
      if (v > UINT32_MAX)
         return false;
   }
   *num = v;
   return true;
}

/* phi bK: %N, ... -- the sources are added by finish_function(). */
static bool
parse_phi(struct fn_parser *fp, const struct dest *d, const struct ir_token *kw)
{
   struct ir_parser *p = fp->p;
   struct ir_phi *phi = ir_phi_create(fp->fn);
   if (!phi)
      return oom(fp, kw);
   phi->def.num_components = (uint8_t)d->num_components;
   phi->def.bit_size = (uint8_t)d->bit_size;
   bool first = true;
   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      if (!first && !ir_parse_expect_punct(p, ','))
         return false;
      first = false;
      struct pending_phi_src s = { .phi = phi };
      s.label = *ir_parse_next(p);
      uint64_t num;
      if (!label_number(&s.label, &num))
         return ir_parse_fail(p, &s.label, "expected a block label");
      if (!ir_parse_expect_punct(p, ':'))
         return false;
      s.def = *ir_parse_next(p);
      if (s.def.kind != IR_TOK_DEF)
         return ir_parse_fail(p, &s.def, "expected %%N");
      if (!u_dynarray_append(&fp->phi_srcs, struct pending_phi_src, s))
         return oom(fp, kw);
   }
   return insert(fp, &phi->instr, d->tok, &phi->def);
}

/* %D:S = ... */
static bool
parse_def_instr(struct fn_parser *fp)
{
   struct ir_parser *p = fp->p;
   struct dest d = { .tok = ir_parse_next(p) };
   if (u_hash_table_u64_search(fp->defs, d.tok->num))
      return ir_parse_fail(p, d.tok, "duplicate def %%%u",
                           (unsigned)d.tok->num);
   if (!ir_parse_expect_punct(p, ':') ||
       !ir_parse_def_size(p, ir_parse_next(p), &d.bit_size,
                          &d.num_components) ||
       !ir_parse_expect_punct(p, '='))
      return false;

   struct ir_token *kw = ir_parse_next(p);
   if (!check_insert(fp, kw, ir_parse_tok_is(kw, "phi")))
      return false;
   if (ir_parse_tok_is(kw, "load_const"))
      return parse_load_const(fp, &d, kw);
   if (ir_parse_tok_is(kw, "undef")) {
      struct ir_undef *u =
         ir_undef_create(fp->fn, d.num_components, d.bit_size);
      return u ? insert(fp, &u->instr, d.tok, &u->def) : oom(fp, kw);
   }
   if (ir_parse_tok_is(kw, "phi"))
      return parse_phi(fp, &d, kw);
   if (ir_parse_tok_is(kw, "deref_var"))
      return parse_deref(fp, &d, kw, IR_DEREF_VAR);
   if (ir_parse_tok_is(kw, "deref_array"))
      return parse_deref(fp, &d, kw, IR_DEREF_ARRAY);
   if (ir_parse_tok_is(kw, "deref_struct"))
      return parse_deref(fp, &d, kw, IR_DEREF_STRUCT);
   if (ir_parse_tok_is(kw, "tex"))
      return parse_tex(fp, &d, kw);

   bool exact = ir_parse_tok_is(kw, "exact");
   if (exact)
      kw = ir_parse_next(p);
   char *name = kw->kind == IR_TOK_WORD ? ir_parse_tok_str(p, kw) : NULL;
   if (!name)
      return ir_parse_fail(p, kw, "expected an opcode");
   enum ir_op op = ir_op_from_name(name);
   if (op != IR_OP_COUNT)
      return parse_alu(fp, &d, kw, op, exact);
   enum ir_intrinsic_op iop = ir_intrinsic_from_name(name);
   if (iop != IR_INTRINSIC_COUNT && !exact)
      return parse_intrinsic(fp, &d, kw, iop);
   return ir_parse_fail(p, kw, "unknown opcode '%s'", name);
}

/* parallel_copy %R <- %S, ... */
static bool
parse_parallel_copy(struct fn_parser *fp, const struct ir_token *kw)
{
   struct ir_parser *p = fp->p;
   struct ir_parallel_copy *pc = ir_parallel_copy_create(fp->fn);
   if (!pc)
      return oom(fp, kw);
   bool first = true;
   while (ir_parse_peek(p)->kind != IR_TOK_EOL) {
      struct ir_def *dest, *src;
      if ((!first && !ir_parse_expect_punct(p, ',')) || !parse_src(fp, &dest) ||
          !ir_parse_expect_punct(p, '<') || !parse_src(fp, &src))
         return false;
      first = false;
      if (!ir_parallel_copy_add(pc, src, dest))
         return oom(fp, kw);
   }
   return insert(fp, &pc->instr, kw, NULL);
}

static bool
parse_jump(struct fn_parser *fp, const struct ir_token *kw,
           enum ir_jump_kind kind)
{
   if (kind != IR_JUMP_RETURN && fp->loop_depth == 0)
      return ir_parse_fail(fp->p, kw, "%s outside a loop",
                           kind == IR_JUMP_BREAK ? "break" : "continue");
   struct ir_jump *jump = ir_jump_create(fp->fn, kind);
   return jump ? insert(fp, &jump->instr, kw, NULL) : oom(fp, kw);
}

/* ---------------------------------------------------------------------- */
/* Control flow                                                           */
/* ---------------------------------------------------------------------- */

static bool
push_cf(struct fn_parser *fp, const struct ir_token *kw,
        struct ir_cf_node *node)
{
   if (u_dynarray_num_elements(&fp->stack, struct open_cf) >= MAX_CF_DEPTH)
      return ir_parse_fail(fp->p, kw, "control flow nested too deeply");
   struct open_cf o = { node, false };
   if (!u_dynarray_append(&fp->stack, struct open_cf, o))
      return oom(fp, kw);
   ir_cf_node_insert(ir_after_block(fp->block), node);
   return true;
}

static bool
parse_if(struct fn_parser *fp, const struct ir_token *kw)
{
   struct ir_parser *p = fp->p;
   struct ir_def *cond;
   if (!parse_src(fp, &cond) || !ir_parse_expect_punct(p, '{') ||
       !ir_parse_expect_eol(p))
      return false;
   struct ir_if *nif = ir_if_create(fp->fn);
   if (!nif)
      return oom(fp, kw);
   ir_if_set_condition(nif, cond);
   if (!push_cf(fp, kw, &nif->cf))
      return false;
   enter_block(fp, ir_if_first_then_block(nif));
   return true;
}

static bool
parse_loop(struct fn_parser *fp, const struct ir_token *kw)
{
   struct ir_parser *p = fp->p;
   if (!ir_parse_expect_punct(p, '{') || !ir_parse_expect_eol(p))
      return false;
   struct ir_loop *loop = ir_loop_create(fp->fn);
   if (!loop)
      return oom(fp, kw);
   if (!push_cf(fp, kw, &loop->cf))
      return false;
   fp->loop_depth++;
   enter_block(fp, ir_loop_first_block(loop));
   return true;
}

/* "}" or "} else {"; sets *done at the function's closing brace. */
static bool
parse_close(struct fn_parser *fp, const struct ir_token *kw, bool *done)
{
   struct ir_parser *p = fp->p;
   bool is_else = ir_parse_accept_word(p, "else");
   if (is_else && !ir_parse_expect_punct(p, '{'))
      return false;
   if (!ir_parse_expect_eol(p))
      return false;

   unsigned depth =
      (unsigned)u_dynarray_num_elements(&fp->stack, struct open_cf);
   if (depth == 0) {
      if (is_else)
         return ir_parse_fail(p, kw, "'else' without 'if'");
      *done = true;
      return true;
   }
   struct open_cf *top =
      u_dynarray_element(&fp->stack, struct open_cf, depth - 1);
   struct ir_if *nif = ir_cf_as_if(top->node);
   if (is_else) {
      if (!nif || top->in_else)
         return ir_parse_fail(p, kw, "'else' without 'if'");
      top->in_else = true;
      enter_block(fp, ir_if_first_else_block(nif));
      return true;
   }
   if (!nif)
      fp->loop_depth--;
   struct ir_cf_node *node = top->node;
   u_dynarray_pop_ptr(&fp->stack, sizeof(struct open_cf));
   enter_block(fp, ir_cf_as_block(ir_cf_node_next(node)));
   return true;
}

/* bN: */
static bool
parse_label(struct fn_parser *fp, const struct ir_token *t, uint64_t num)
{
   struct ir_parser *p = fp->p;
   ir_parse_next(p);
   ir_parse_next(p);
   if (!ir_parse_expect_eol(p))
      return false;
   if (u_hash_table_u64_contains(fp->labels, num))
      return ir_parse_fail(p, t, "duplicate label b%u", (unsigned)num);
   if (fp->block_labeled || fp->block_has_instrs)
      return ir_parse_fail(p, t, "label in the middle of a block");
   if (!u_hash_table_u64_insert(fp->labels, num, fp->block))
      return oom(fp, t);
   fp->block_labeled = true;
   return true;
}

static bool
parse_local(struct fn_parser *fp)
{
   struct ir_parser *p = fp->p;
   const struct ir_type *type;
   if (!ir_parse_type(p, &type))
      return false;
   struct ir_token *nt = ir_parse_next(p);
   if (nt->kind != IR_TOK_VAR)
      return ir_parse_fail(p, nt, "expected @name");
   char *name = ir_parse_tok_str(p, nt);
   if (!name)
      return oom(fp, nt);
   if (u_hash_table_search(fp->locals, name))
      return ir_parse_fail(p, nt, "duplicate variable @%s", name);
   struct ir_variable *var = ir_local_variable_create(fp->fn, type, name);
   if (!var || !u_hash_table_insert(fp->locals, var->name, var))
      return oom(fp, nt);
   return ir_parse_var_attrs(p, var);
}

/* One line of a function body; *done at its closing brace. */
static bool
parse_body_line(struct fn_parser *fp, bool *done)
{
   struct ir_parser *p = fp->p;
   struct ir_token *t = ir_parse_peek(p);
   uint64_t num;

   if (t->kind == IR_TOK_DEF)
      return parse_def_instr(fp);
   if (ir_parse_tok_is_punct(t, '}')) {
      ir_parse_next(p);
      return parse_close(fp, t, done);
   }
   if (t->kind != IR_TOK_WORD)
      return ir_parse_fail(p, t, "expected an instruction");
   if (label_number(t, &num) && ir_parse_tok_is_punct(t + 1, ':'))
      return parse_label(fp, t, num);

   ir_parse_next(p);
   if (ir_parse_tok_is(t, "local"))
      return parse_local(fp);
   if (ir_parse_tok_is(t, "if"))
      return parse_if(fp, t);
   if (ir_parse_tok_is(t, "loop"))
      return parse_loop(fp, t);
   if (!check_insert(fp, t, false))
      return false;
   if (ir_parse_tok_is(t, "break"))
      return parse_jump(fp, t, IR_JUMP_BREAK);
   if (ir_parse_tok_is(t, "continue"))
      return parse_jump(fp, t, IR_JUMP_CONTINUE);
   if (ir_parse_tok_is(t, "return"))
      return parse_jump(fp, t, IR_JUMP_RETURN);
   if (ir_parse_tok_is(t, "parallel_copy"))
      return parse_parallel_copy(fp, t);

   char *name = ir_parse_tok_str(p, t);
   if (!name)
      return oom(fp, t);
   enum ir_intrinsic_op iop = ir_intrinsic_from_name(name);
   if (iop != IR_INTRINSIC_COUNT)
      return parse_intrinsic(fp, NULL, t, iop);
   if (ir_op_from_name(name) != IR_OP_COUNT)
      return ir_parse_fail(p, t, "%s needs a destination", name);
   return ir_parse_fail(p, t, "unknown instruction '%s'", name);
}

/* Adds the phi sources now that every def, label and edge exists. */
static bool
finish_function(struct fn_parser *fp)
{
   u_dynarray_foreach (&fp->phi_srcs, struct pending_phi_src, s) {
      uint64_t num = 0;
      label_number(&s->label, &num);
      struct ir_block *pred = u_hash_table_u64_search(fp->labels, num);
      if (!pred)
         return ir_parse_fail(fp->p, &s->label, "unknown block b%u",
                              (unsigned)num);
      struct ir_def *def;
      if (!lookup_def(fp, &s->def, &def))
         return false;
      if (!ir_phi_add_src(s->phi, pred, def))
         return oom(fp, &s->def);
   }
   return true;
}

bool
ir_parse_function(struct ir_parser *p)
{
   struct ir_token *nt = ir_parse_next(p);
   if (nt->kind != IR_TOK_WORD)
      return ir_parse_fail(p, nt, "expected a function name");
   char *name = ir_parse_tok_str(p, nt);
   if (!name)
      return ir_parse_fail(p, nt, "out of memory");
   if (u_hash_table_search(p->fns, name))
      return ir_parse_fail(p, nt, "duplicate function '%s'", name);
   if (!ir_parse_expect_punct(p, '{') || !ir_parse_expect_eol(p))
      return false;

   struct fn_parser fp = { .p = p };
   fp.fn = ir_function_create(p->shader, name);
   fp.defs = u_hash_table_u64_create(p->mem);
   fp.labels = u_hash_table_u64_create(p->mem);
   fp.locals = u_hash_table_create_string(p->mem);
   if (!fp.fn || !fp.defs || !fp.labels || !fp.locals ||
       !u_hash_table_insert(p->fns, name, fp.fn))
      return ir_parse_fail(p, nt, "out of memory");
   u_dynarray_init(&fp.stack, p->mem);
   u_dynarray_init(&fp.phi_srcs, p->mem);
   enter_block(&fp, ir_start_block(fp.fn));

   bool done = false;
   while (!done) {
      if (!ir_parse_lex_line(p)) {
         if (p->failed)
            return false;
         struct ir_token end = {
            .line = p->line,
            .col = (unsigned)(p->pos - p->line_start) + 1,
         };
         return ir_parse_fail(p, &end, "unexpected end of text: missing '}'");
      }
      if (!parse_body_line(&fp, &done))
         return false;
   }
   return finish_function(&fp);
}
