/* SPDX-License-Identifier: MIT */

/*
 * The core of the IR: shaders, functions, variables, instruction
 * constructors, defs and their use lists, cursors, and inserting and
 * removing instructions.  Control-flow editing is in ir_cf.c.
 *
 * Use lists
 * ---------
 * Every struct ir_src that points at a def is linked into def->uses
 * through src->use_link, whether or not its instruction is in a block:
 * the constructors and ir_instr_set_src() link sources right away, so a
 * freshly built instruction already counts as a use.  ir_instr_remove()
 * unlinks the sources of the removed instruction but leaves src->def in
 * place; ir_instr_insert() links again every source that points at a def
 * and is not linked, so moving an instruction is remove + insert.
 * ir_src_set() keeps the linked/unlinked state of a source that already
 * pointed somewhere (a removed instruction's sources stay unlinked).
 *
 * Jumps
 * -----
 * A jump is always the last instruction of its block.  Inserting or
 * removing one changes the block's successors (ir_block_update_succs());
 * a removed edge also drops the phi sources that named the block in its
 * old successor, and an added edge gets no phi source: the caller adds
 * them (as when it adds any predecessor).
 *
 * Phis and parallel copies grow after creation, so they are allocated with
 * a hidden pointer to the shader's arena behind them (struct phi_alloc,
 * struct pc_alloc): ir_phi_add_src() has no function argument.
 */
#include <assert.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_cf_priv.h"

struct phi_alloc {
   struct ir_phi phi;
   struct u_arena *arena;
};

struct pc_alloc {
   struct ir_parallel_copy pc;
   struct u_arena *arena;
};

static struct u_arena *
fn_arena(const struct ir_function *fn)
{
   return fn->shader->arena;
}

/* ---------------------------------------------------------------------- */
/* Shaders, functions, variables                                          */
/* ---------------------------------------------------------------------- */

struct ir_shader *
ir_shader_create(struct u_arena *parent, enum ir_stage stage)
{
   struct u_arena *arena = u_arena_create(parent);
   if (!arena)
      return NULL;
   struct ir_shader *shader = u_arena_zalloc(arena, sizeof(*shader));
   if (!shader) {
      u_arena_destroy(arena);
      return NULL;
   }
   shader->arena = arena;
   shader->stage = stage;
   shader->info.round_mode = IR_ROUND_NEAREST_EVEN;
   shader->info.denorm_mode = IR_DENORM_PRESERVE;
   u_list_init(&shader->variables);
   u_list_init(&shader->functions);
   return shader;
}

void
ir_shader_destroy(struct ir_shader *shader)
{
   if (shader)
      u_arena_destroy(shader->arena);
}

struct ir_function *
ir_function_create(struct ir_shader *shader, const char *name)
{
   struct ir_function *fn = u_arena_zalloc(shader->arena, sizeof(*fn));
   if (!fn)
      return NULL;
   fn->cf.kind = IR_CF_FUNCTION;
   u_list_init(&fn->cf.link);
   fn->shader = shader;
   if (name) {
      fn->name = u_arena_strdup(shader->arena, name);
      if (!fn->name)
         return NULL;
   }
   u_list_init(&fn->body);
   u_list_init(&fn->locals);

   struct ir_block *start = ir_block_create(fn);
   struct ir_block *end = ir_block_create(fn);
   if (!start || !end)
      return NULL;
   start->cf.parent = &fn->cf;
   u_list_add_tail(&fn->body, &start->cf.link);
   end->cf.parent = &fn->cf;
   fn->end_block = end;
   ir_block_set_succs(fn, start, end, NULL);

   u_list_add_tail(&shader->functions, &fn->cf.link);
   return fn;
}

struct ir_function *
ir_shader_get_entrypoint(const struct ir_shader *shader)
{
   ir_foreach_function (shader, fn) {
      if (fn->name && strcmp(fn->name, "main") == 0)
         return fn;
   }
   if (u_list_length(&shader->functions) == 1)
      return u_list_first(&shader->functions, struct ir_function, cf.link);
   return NULL;
}

static struct ir_variable *
variable_alloc(struct u_arena *arena, enum ir_var_mode mode,
               const struct ir_type *type, const char *name)
{
   struct ir_variable *var = u_arena_zalloc(arena, sizeof(*var));
   if (!var)
      return NULL;
   if (name) {
      var->name = u_arena_strdup(arena, name);
      if (!var->name)
         return NULL;
   }
   var->type = type;
   var->mode = mode;
   var->location = -1;
   var->binding = -1;
   var->interp = IR_INTERP_SMOOTH;
   return var;
}

struct ir_variable *
ir_variable_create(struct ir_shader *shader, enum ir_var_mode mode,
                   const struct ir_type *type, const char *name)
{
   struct ir_variable *var = variable_alloc(shader->arena, mode, type, name);
   if (var)
      u_list_add_tail(&shader->variables, &var->link);
   return var;
}

struct ir_variable *
ir_local_variable_create(struct ir_function *fn, const struct ir_type *type,
                         const char *name)
{
   struct ir_variable *var =
      variable_alloc(fn_arena(fn), IR_VAR_FUNCTION_TEMP, type, name);
   if (var)
      u_list_add_tail(&fn->locals, &var->link);
   return var;
}

/* Shader-level variables first, then the locals of each function. */
struct ir_variable *
ir_shader_find_variable(const struct ir_shader *shader, const char *name)
{
   if (!name)
      return NULL;
   ir_foreach_variable (shader, var) {
      if (var->name && strcmp(var->name, name) == 0)
         return var;
   }
   ir_foreach_function (shader, fn) {
      u_list_foreach (struct ir_variable, var, &fn->locals, link) {
         if (var->name && strcmp(var->name, name) == 0)
            return var;
      }
   }
   return NULL;
}

/* ---------------------------------------------------------------------- */
/* Instruction constructors                                               */
/* ---------------------------------------------------------------------- */

static void
instr_init(struct ir_instr *instr, enum ir_instr_kind kind)
{
   u_list_init(&instr->link);
   instr->block = NULL;
   instr->kind = kind;
   instr->index = 0;
   instr->pass_flags = 0;
}

static void
src_init(struct ir_src *src, struct ir_instr *parent)
{
   src->def = NULL;
   u_list_init(&src->use_link);
   src->parent_instr = parent;
   src->is_if_condition = false;
}

void
ir_def_init(struct ir_function *fn, struct ir_instr *instr, struct ir_def *def,
            unsigned num_components, unsigned bit_size)
{
   def->parent = instr;
   u_list_init(&def->uses);
   def->index = fn->num_defs++;
   def->num_components = num_components;
   def->bit_size = bit_size;
   def->divergent = true;
}

struct ir_alu *
ir_alu_create(struct ir_function *fn, enum ir_op op)
{
   assert(op < IR_OP_COUNT);
   const struct ir_op_info *info = &ir_op_infos[op];
   struct ir_alu *alu =
      u_arena_zalloc(fn_arena(fn), sizeof(*alu) + info->num_inputs *
                                                     sizeof(struct ir_alu_src));
   if (!alu)
      return NULL;
   instr_init(&alu->instr, IR_INSTR_ALU);
   alu->op = op;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      src_init(&alu->src[i].src, &alu->instr);
      for (unsigned c = 0; c < IR_MAX_VEC; c++)
         alu->src[i].swizzle[c] = c;
   }
   /* The size is the caller's (the builder applies ir_builder.h's rules);
    * start from what the opcode fixes. */
   ir_def_init(fn, &alu->instr, &alu->def, info->output_size,
               IR_ALU_TYPE_BITS(info->output_type));
   return alu;
}

struct ir_deref *
ir_deref_create(struct ir_function *fn, enum ir_deref_kind kind)
{
   struct ir_deref *deref = u_arena_zalloc(fn_arena(fn), sizeof(*deref));
   if (!deref)
      return NULL;
   instr_init(&deref->instr, IR_INSTR_DEREF);
   deref->deref_kind = kind;
   src_init(&deref->parent, &deref->instr);
   src_init(&deref->index, &deref->instr);
   ir_def_init(fn, &deref->instr, &deref->def, 1, 32);
   return deref;
}

struct ir_intrinsic *
ir_intrinsic_create(struct ir_function *fn, enum ir_intrinsic_op op)
{
   assert(op < IR_INTRINSIC_COUNT);
   const struct ir_intrinsic_info *info = &ir_intrinsic_infos[op];
   struct ir_intrinsic *intr = u_arena_zalloc(
      fn_arena(fn), sizeof(*intr) + info->num_srcs * sizeof(struct ir_src));
   if (!intr)
      return NULL;
   instr_init(&intr->instr, IR_INSTR_INTRINSIC);
   intr->op = op;
   for (unsigned i = 0; i < info->num_srcs; i++)
      src_init(&intr->src[i], &intr->instr);
   if (info->has_dest) {
      ir_def_init(fn, &intr->instr, &intr->def, info->dest_components, 0);
   } else {
      intr->def.parent = &intr->instr;
      u_list_init(&intr->def.uses);
   }
   return intr;
}

struct ir_tex *
ir_tex_create(struct ir_function *fn, unsigned num_srcs)
{
   struct ir_tex *tex = u_arena_zalloc(fn_arena(fn), sizeof(*tex));
   if (!tex)
      return NULL;
   tex->src = u_arena_zalloc_array(fn_arena(fn), num_srcs ? num_srcs : 1,
                                   sizeof(*tex->src));
   if (!tex->src)
      return NULL;
   instr_init(&tex->instr, IR_INSTR_TEX);
   tex->op = IR_TEX_OP_TEX;
   tex->dim = IR_SAMPLER_DIM_2D;
   tex->dest_type = IR_TYPE_FLOAT;
   tex->num_srcs = num_srcs;
   for (unsigned i = 0; i < num_srcs; i++) {
      src_init(&tex->src[i].src, &tex->instr);
      tex->src[i].kind = IR_TEX_SRC_COORD;
   }
   ir_def_init(fn, &tex->instr, &tex->def, 4, 32);
   return tex;
}

struct ir_load_const *
ir_load_const_create(struct ir_function *fn, unsigned num_components,
                     unsigned bit_size)
{
   struct ir_load_const *lc = u_arena_zalloc(fn_arena(fn), sizeof(*lc));
   if (!lc)
      return NULL;
   instr_init(&lc->instr, IR_INSTR_LOAD_CONST);
   ir_def_init(fn, &lc->instr, &lc->def, num_components, bit_size);
   return lc;
}

struct ir_undef *
ir_undef_create(struct ir_function *fn, unsigned num_components,
                unsigned bit_size)
{
   struct ir_undef *undef = u_arena_zalloc(fn_arena(fn), sizeof(*undef));
   if (!undef)
      return NULL;
   instr_init(&undef->instr, IR_INSTR_UNDEF);
   ir_def_init(fn, &undef->instr, &undef->def, num_components, bit_size);
   return undef;
}

struct ir_phi *
ir_phi_create(struct ir_function *fn)
{
   struct phi_alloc *pa = u_arena_zalloc(fn_arena(fn), sizeof(*pa));
   if (!pa)
      return NULL;
   pa->arena = fn_arena(fn);
   struct ir_phi *phi = &pa->phi;
   instr_init(&phi->instr, IR_INSTR_PHI);
   u_list_init(&phi->srcs);
   ir_def_init(fn, &phi->instr, &phi->def, 0, 0);
   return phi;
}

struct ir_jump *
ir_jump_create(struct ir_function *fn, enum ir_jump_kind kind)
{
   struct ir_jump *jump = u_arena_zalloc(fn_arena(fn), sizeof(*jump));
   if (!jump)
      return NULL;
   instr_init(&jump->instr, IR_INSTR_JUMP);
   jump->jump_kind = kind;
   return jump;
}

struct ir_parallel_copy *
ir_parallel_copy_create(struct ir_function *fn)
{
   struct pc_alloc *pa = u_arena_zalloc(fn_arena(fn), sizeof(*pa));
   if (!pa)
      return NULL;
   pa->arena = fn_arena(fn);
   instr_init(&pa->pc.instr, IR_INSTR_PARALLEL_COPY);
   u_list_init(&pa->pc.entries);
   return &pa->pc;
}

struct ir_phi_src *
ir_phi_add_src(struct ir_phi *phi, struct ir_block *pred, struct ir_def *def)
{
   struct phi_alloc *pa = u_container_of(phi, struct phi_alloc, phi);
   struct ir_phi_src *psrc = u_arena_zalloc(pa->arena, sizeof(*psrc));
   if (!psrc)
      return NULL;
   psrc->pred = pred;
   src_init(&psrc->src, &phi->instr);
   ir_src_set(&psrc->src, def);
   u_list_add_tail(&phi->srcs, &psrc->link);
   return psrc;
}

struct ir_parallel_copy_entry *
ir_parallel_copy_add(struct ir_parallel_copy *pc, struct ir_def *src,
                     struct ir_def *dest_reg)
{
   struct pc_alloc *pa = u_container_of(pc, struct pc_alloc, pc);
   struct ir_parallel_copy_entry *e = u_arena_zalloc(pa->arena, sizeof(*e));
   if (!e)
      return NULL;
   src_init(&e->src, &pc->instr);
   src_init(&e->dest_reg, &pc->instr);
   ir_src_set(&e->src, src);
   ir_src_set(&e->dest_reg, dest_reg);
   u_list_add_tail(&pc->entries, &e->link);
   return e;
}

struct ir_deref *
ir_src_as_deref(const struct ir_src *src)
{
   return src->def ? ir_instr_as_deref(src->def->parent) : NULL;
}

unsigned
ir_deref_chain(struct ir_deref *leaf, struct ir_deref **chain, unsigned max)
{
   unsigned n = 0;
   for (struct ir_deref *d = leaf; d; d = ir_src_as_deref(&d->parent)) {
      if (n == max)
         return 0;
      chain[n++] = d;
      if (d->deref_kind == IR_DEREF_VAR)
         return n;
   }
   return 0;
}

struct ir_def *
ir_instr_def(const struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
      return &ir_instr_as_alu(instr)->def;
   case IR_INSTR_DEREF:
      return &ir_instr_as_deref(instr)->def;
   case IR_INSTR_INTRINSIC: {
      /* The range check lets the validator print malformed intrinsics. */
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      return (unsigned)intr->op < IR_INTRINSIC_COUNT &&
                   ir_intrinsic_infos[intr->op].has_dest
                ? &intr->def
                : NULL;
   }
   case IR_INSTR_TEX:
      return &ir_instr_as_tex(instr)->def;
   case IR_INSTR_LOAD_CONST:
      return &ir_instr_as_load_const(instr)->def;
   case IR_INSTR_UNDEF:
      return &ir_instr_as_undef(instr)->def;
   case IR_INSTR_PHI:
      return &ir_instr_as_phi(instr)->def;
   case IR_INSTR_JUMP:
   case IR_INSTR_PARALLEL_COPY:
      return NULL;
   }
   return NULL;
}

/* ---------------------------------------------------------------------- */
/* Sources and uses                                                       */
/* ---------------------------------------------------------------------- */

void
ir_src_set(struct ir_src *src, struct ir_def *def)
{
   bool link = !src->def || u_list_is_linked(&src->use_link);
   if (src->def)
      u_list_del(&src->use_link);
   src->def = def;
   if (def && link)
      u_list_add_tail(&def->uses, &src->use_link);
}

void
ir_instr_set_src(struct ir_instr *instr, struct ir_src *src, struct ir_def *def)
{
   src->parent_instr = instr;
   src->is_if_condition = false;
   ir_src_set(src, def);
}

void
ir_if_set_condition(struct ir_if *nif, struct ir_def *def)
{
   nif->condition.parent_if = nif;
   nif->condition.is_if_condition = true;
   ir_src_set(&nif->condition, def);
}

bool
ir_instr_foreach_src(struct ir_instr *instr, ir_src_cb cb, void *data)
{
   switch (instr->kind) {
   case IR_INSTR_ALU: {
      struct ir_alu *alu = ir_instr_as_alu(instr);
      for (unsigned i = 0; i < ir_op_infos[alu->op].num_inputs; i++) {
         if (!cb(&alu->src[i].src, data))
            return false;
      }
      return true;
   }
   case IR_INSTR_DEREF: {
      struct ir_deref *deref = ir_instr_as_deref(instr);
      if (deref->deref_kind != IR_DEREF_VAR && !cb(&deref->parent, data))
         return false;
      if (deref->deref_kind == IR_DEREF_ARRAY && !cb(&deref->index, data))
         return false;
      return true;
   }
   case IR_INSTR_INTRINSIC: {
      struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      for (unsigned i = 0; i < ir_intrinsic_infos[intr->op].num_srcs; i++) {
         if (!cb(&intr->src[i], data))
            return false;
      }
      return true;
   }
   case IR_INSTR_TEX: {
      struct ir_tex *tex = ir_instr_as_tex(instr);
      for (unsigned i = 0; i < tex->num_srcs; i++) {
         if (!cb(&tex->src[i].src, data))
            return false;
      }
      return true;
   }
   case IR_INSTR_PHI: {
      struct ir_phi *phi = ir_instr_as_phi(instr);
      ir_foreach_phi_src (phi, psrc) {
         if (!cb(&psrc->src, data))
            return false;
      }
      return true;
   }
   case IR_INSTR_PARALLEL_COPY: {
      struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
      u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
         if (!cb(&e->src, data) || !cb(&e->dest_reg, data))
            return false;
      }
      return true;
   }
   case IR_INSTR_LOAD_CONST:
   case IR_INSTR_UNDEF:
   case IR_INSTR_JUMP:
      return true;
   }
   return true;
}

void
ir_def_rewrite_uses(struct ir_def *def, struct ir_def *new_def)
{
   if (def == new_def)
      return;
   ir_foreach_use_safe (def, src)
      ir_src_set(src, new_def);
}

/* Whether @p instr comes after @p ref in @p ref's block. */
static bool
instr_is_after(const struct ir_instr *instr, const struct ir_instr *ref)
{
   for (const struct u_list *l = ref->link.next; l != &ref->block->instrs;
        l = l->next) {
      if (l == &instr->link)
         return true;
   }
   return false;
}

void
ir_def_rewrite_uses_after(struct ir_def *def, struct ir_def *new_def,
                          struct ir_instr *after_me)
{
   if (def == new_def)
      return;
   ir_foreach_use_safe (def, src) {
      /* An if condition is read after every instruction of its block. */
      if (!src->is_if_condition &&
          src->parent_instr->block == after_me->block &&
          !instr_is_after(src->parent_instr, after_me))
         continue;
      ir_src_set(src, new_def);
   }
}

unsigned
ir_def_components_read(const struct ir_def *def)
{
   unsigned all = (1u << def->num_components) - 1;
   unsigned mask = 0;
   ir_foreach_use (def, src) {
      if (src->is_if_condition) {
         mask |= 1;
         continue;
      }
      struct ir_alu *alu = ir_instr_as_alu(src->parent_instr);
      if (!alu) {
         mask |= all;
         continue;
      }
      struct ir_alu_src *asrc = u_container_of(src, struct ir_alu_src, src);
      unsigned i = (unsigned)(asrc - alu->src);
      unsigned n = ir_op_infos[alu->op].input_sizes[i];
      if (n == 0)
         n = alu->def.num_components;
      for (unsigned c = 0; c < n && c < IR_MAX_VEC; c++)
         mask |= 1u << asrc->swizzle[c];
   }
   return mask;
}

/* ---------------------------------------------------------------------- */
/* Cursors, insertion and removal                                         */
/* ---------------------------------------------------------------------- */

struct ir_cursor
ir_after_phis(struct ir_block *block)
{
   struct ir_instr *last_phi = NULL;
   ir_foreach_instr (block, instr) {
      if (instr->kind != IR_INSTR_PHI)
         break;
      last_phi = instr;
   }
   return last_phi ? ir_after_instr(last_phi) : ir_before_block(block);
}

struct ir_cursor
ir_before_jump(struct ir_block *block)
{
   struct ir_jump *jump = ir_block_last_jump(block);
   return jump ? ir_before_instr(&jump->instr) : ir_after_block(block);
}

struct ir_cursor
ir_before_cf_node(struct ir_cf_node *node)
{
   if (node->kind == IR_CF_BLOCK)
      return ir_before_block(ir_cf_as_block(node));
   return ir_after_block(ir_cf_as_block(ir_cf_node_prev(node)));
}

struct ir_cursor
ir_after_cf_node(struct ir_cf_node *node)
{
   if (node->kind == IR_CF_BLOCK)
      return ir_after_block(ir_cf_as_block(node));
   return ir_after_phis(ir_cf_as_block(ir_cf_node_next(node)));
}

static bool
link_src(struct ir_src *src, void *data)
{
   if (src->def && !u_list_is_linked(&src->use_link))
      u_list_add_tail(&src->def->uses, &src->use_link);
   return true;
}

static bool
unlink_src(struct ir_src *src, void *data)
{
   u_list_del(&src->use_link);
   return true;
}

void
ir_instr_unlink_srcs(struct ir_instr *instr)
{
   ir_instr_foreach_src(instr, unlink_src, NULL);
}

#ifndef NDEBUG
static struct ir_instr *
instr_at(struct ir_block *block, struct u_list *link)
{
   return link == &block->instrs ? NULL
                                 : u_container_of(link, struct ir_instr, link);
}

/* Phis first, nothing after a jump. */
static void
check_position(struct ir_instr *instr)
{
   struct ir_instr *prev = instr_at(instr->block, instr->link.prev);
   struct ir_instr *next = instr_at(instr->block, instr->link.next);
   assert(!prev || prev->kind != IR_INSTR_JUMP);
   if (instr->kind == IR_INSTR_PHI)
      assert(!prev || prev->kind == IR_INSTR_PHI);
   else
      assert(!next || next->kind != IR_INSTR_PHI);
   if (instr->kind == IR_INSTR_JUMP)
      assert(!next);
}
#endif

void
ir_instr_insert(struct ir_cursor cursor, struct ir_instr *instr)
{
   assert(!instr->block);
   struct ir_block *block;
   switch (cursor.option) {
   case IR_CURSOR_BEFORE_BLOCK:
      block = cursor.block;
      u_list_add_after(&block->instrs, &instr->link);
      break;
   case IR_CURSOR_AFTER_BLOCK:
      block = cursor.block;
      u_list_add_tail(&block->instrs, &instr->link);
      break;
   case IR_CURSOR_BEFORE_INSTR:
      block = cursor.instr->block;
      u_list_add_before(&cursor.instr->link, &instr->link);
      break;
   case IR_CURSOR_AFTER_INSTR:
   default:
      block = cursor.instr->block;
      u_list_add_after(&cursor.instr->link, &instr->link);
      break;
   }
   instr->block = block;
   ir_instr_foreach_src(instr, link_src, NULL);
#ifndef NDEBUG
   check_position(instr);
#endif

   if (instr->kind == IR_INSTR_JUMP) {
      /* Blocks of a detached ir_cf_list get their edges on reinsertion. */
      struct ir_function *fn = ir_cf_node_get_function(&block->cf);
      if (fn) {
         ir_block_update_succs(fn, block);
         ir_cf_invalidate(fn);
      }
   }
}

void
ir_instr_remove(struct ir_instr *instr)
{
   struct ir_block *block = instr->block;
   ir_instr_unlink_srcs(instr);
   assert(!ir_instr_def(instr) || !ir_def_has_uses(ir_instr_def(instr)));
   u_list_del(&instr->link);
   instr->block = NULL;

   if (instr->kind == IR_INSTR_JUMP && block) {
      struct ir_function *fn = ir_cf_node_get_function(&block->cf);
      if (fn) {
         ir_block_update_succs(fn, block);
         ir_cf_invalidate(fn);
      }
   }
}
