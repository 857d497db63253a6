/* SPDX-License-Identifier: MIT */

/*
 * The builder: create an instruction, insert it at the cursor, move the
 * cursor past it.  The sizing rules of ALU destinations are in
 * ir_builder.h; this file applies them from the opcode table
 * (ir_op_infos).  A constructor that runs out of memory makes the helper
 * return NULL.
 *
 * Structured control flow is built by nesting: ir_push_if() inserts an if
 * at the cursor (splitting the current block: what followed the cursor
 * ends up after the if) and moves the cursor into the then list;
 * ir_push_else() moves it to the else list; ir_pop_if() to the start of
 * the block after the if, past its phis.  Loops are the same with one
 * list.
 */
#include <assert.h>
#include <string.h>

#include "compiler/ir/ir_builder.h"
#include "util/u_half.h"

struct ir_builder
ir_builder_at(struct ir_function *fn, struct ir_cursor cursor)
{
   return (struct ir_builder){
      .shader = fn->shader,
      .fn = fn,
      .cursor = cursor,
   };
}

struct ir_builder
ir_builder_at_end(struct ir_function *fn)
{
   return ir_builder_at(
      fn, ir_after_block(u_list_last(&fn->body, struct ir_block, cf.link)));
}

void
ir_builder_insert(struct ir_builder *b, struct ir_instr *instr)
{
   ir_instr_insert(b->cursor, instr);
   b->cursor = ir_after_instr(instr);
}

/* ---------------------------------------------------------------------- */
/* ALU                                                                    */
/* ---------------------------------------------------------------------- */

/* int and uint are one class: they share a size variable. */
static unsigned
type_class(unsigned alu_type)
{
   unsigned base = IR_ALU_TYPE_BASE(alu_type);
   return base == IR_ALU_UINT ? IR_ALU_INT : base;
}

static unsigned
alu_num_components(enum ir_op op, struct ir_def *const *srcs)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   if (info->output_size)
      return info->output_size;
   unsigned n = 1;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      if (!info->input_sizes[i] && srcs[i] && srcs[i]->num_components > n)
         n = srcs[i]->num_components;
   }
   return n;
}

static unsigned
alu_bit_size(enum ir_op op, struct ir_def *const *srcs)
{
   const struct ir_op_info *info = &ir_op_infos[op];
   unsigned out = info->output_type;
   if (IR_ALU_TYPE_BITS(out))
      return IR_ALU_TYPE_BITS(out);
   if (IR_ALU_TYPE_BASE(out) == IR_ALU_BOOL)
      return 1;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      unsigned in = info->input_types[i];
      if (!IR_ALU_TYPE_BITS(in) && type_class(in) == type_class(out) && srcs[i])
         return srcs[i]->bit_size;
   }
   /* A conversion built without its width (ir_build_alu_sized() is the
    * way to give it). */
   return 32;
}

struct ir_def *
ir_build_alu_swz(struct ir_builder *b, enum ir_op op, unsigned num_components,
                 unsigned bit_size, struct ir_def *const *srcs,
                 const uint8_t (*const *swz)[IR_MAX_VEC])
{
   const struct ir_op_info *info = &ir_op_infos[op];
   struct ir_alu *alu = ir_alu_create(b->fn, op);
   if (!alu)
      return NULL;
   alu->exact = b->exact;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      assert(srcs[i]);
      ir_instr_set_src(&alu->instr, &alu->src[i].src, srcs[i]);
      if (swz && swz[i])
         memcpy(alu->src[i].swizzle, *swz[i], IR_MAX_VEC);
   }
   alu->def.num_components =
      num_components ? num_components : alu_num_components(op, srcs);
   alu->def.bit_size = bit_size ? bit_size : alu_bit_size(op, srcs);
   ir_builder_insert(b, &alu->instr);
   return &alu->def;
}

struct ir_def *
ir_build_alu_sized(struct ir_builder *b, enum ir_op op, unsigned bit_size,
                   struct ir_def *s0, struct ir_def *s1, struct ir_def *s2,
                   struct ir_def *s3)
{
   struct ir_def *srcs[4] = { s0, s1, s2, s3 };
   return ir_build_alu_swz(b, op, 0, bit_size, srcs, NULL);
}

struct ir_def *
ir_build_alu(struct ir_builder *b, enum ir_op op, struct ir_def *s0,
             struct ir_def *s1, struct ir_def *s2, struct ir_def *s3)
{
   return ir_build_alu_sized(b, op, 0, s0, s1, s2, s3);
}

/* ---------------------------------------------------------------------- */
/* Constants                                                              */
/* ---------------------------------------------------------------------- */

struct ir_def *
ir_build_imm(struct ir_builder *b, unsigned num_components, unsigned bit_size,
             const union ir_const_value *values)
{
   assert(num_components >= 1 && num_components <= IR_MAX_VEC);
   struct ir_load_const *lc =
      ir_load_const_create(b->fn, num_components, bit_size);
   if (!lc)
      return NULL;
   memcpy(lc->value, values, num_components * sizeof(*values));
   ir_builder_insert(b, &lc->instr);
   return &lc->def;
}

/* Value @p v at @p bit_size as the low bits of a zeroed union. */
static union ir_const_value
int_value(int64_t v, unsigned bit_size)
{
   union ir_const_value c;
   memset(&c, 0, sizeof(c));
   switch (bit_size) {
   case 1:
      c.b = v & 1;
      break;
   case 8:
      c.u8 = (uint8_t)v;
      break;
   case 16:
      c.u16 = (uint16_t)v;
      break;
   case 32:
      c.u32 = (uint32_t)v;
      break;
   default:
      c.u64 = (uint64_t)v;
      break;
   }
   return c;
}

static union ir_const_value
float_value(double f, unsigned bit_size)
{
   union ir_const_value c;
   memset(&c, 0, sizeof(c));
   switch (bit_size) {
   case 16:
      c.u16 = u_float_to_half((float)f, U_ROUND_NEAREST_EVEN);
      break;
   case 32:
      c.f32 = (float)f;
      break;
   default:
      c.f64 = f;
      break;
   }
   return c;
}

struct ir_def *
ir_imm_floatN(struct ir_builder *b, double f, unsigned bit_size)
{
   union ir_const_value v = float_value(f, bit_size);
   return ir_build_imm(b, 1, bit_size, &v);
}

struct ir_def *
ir_imm_float(struct ir_builder *b, float f)
{
   return ir_imm_floatN(b, f, 32);
}

struct ir_def *
ir_imm_vec4(struct ir_builder *b, float x, float y, float z, float w)
{
   union ir_const_value v[4] = {
      float_value(x, 32),
      float_value(y, 32),
      float_value(z, 32),
      float_value(w, 32),
   };
   return ir_build_imm(b, 4, 32, v);
}

struct ir_def *
ir_imm_intN(struct ir_builder *b, int64_t i, unsigned bit_size)
{
   union ir_const_value v = int_value(i, bit_size);
   return ir_build_imm(b, 1, bit_size, &v);
}

struct ir_def *
ir_imm_int(struct ir_builder *b, int32_t i)
{
   return ir_imm_intN(b, i, 32);
}

struct ir_def *
ir_imm_uint(struct ir_builder *b, uint32_t u)
{
   return ir_imm_intN(b, u, 32);
}

struct ir_def *
ir_imm_bool(struct ir_builder *b, bool v)
{
   return ir_imm_intN(b, v, 1);
}

struct ir_def *
ir_undef(struct ir_builder *b, unsigned num_components, unsigned bit_size)
{
   struct ir_undef *u = ir_undef_create(b->fn, num_components, bit_size);
   if (!u)
      return NULL;
   ir_builder_insert(b, &u->instr);
   return &u->def;
}

/* ---------------------------------------------------------------------- */
/* Swizzles and vectors                                                   */
/* ---------------------------------------------------------------------- */

struct ir_def *
ir_swizzle(struct ir_builder *b, struct ir_def *src, const unsigned *swiz,
           unsigned num_components)
{
   assert(num_components >= 1 && num_components <= IR_MAX_VEC);
   bool identity = num_components == src->num_components;
   uint8_t swz[IR_MAX_VEC] = { 0, 1, 2, 3 };
   for (unsigned c = 0; c < num_components; c++) {
      assert(swiz[c] < src->num_components);
      swz[c] = (uint8_t)swiz[c];
      identity &= swiz[c] == c;
   }
   if (identity)
      return src;
   const uint8_t(*swzs[1])[IR_MAX_VEC] = { (const uint8_t(*)[IR_MAX_VEC]) &
                                           swz };
   return ir_build_alu_swz(b, IR_OP_MOV, num_components, src->bit_size, &src,
                           swzs);
}

struct ir_def *
ir_channel(struct ir_builder *b, struct ir_def *src, unsigned c)
{
   return ir_swizzle(b, src, &c, 1);
}

struct ir_def *
ir_vec(struct ir_builder *b, struct ir_def *const *comps,
       unsigned num_components)
{
   static const enum ir_op vec_ops[] = { IR_OP_VEC2, IR_OP_VEC3, IR_OP_VEC4 };
   assert(num_components >= 1 && num_components <= IR_MAX_VEC);
   if (num_components == 1)
      return comps[0];
   return ir_build_alu_swz(b, vec_ops[num_components - 2], num_components,
                           comps[0]->bit_size, comps, NULL);
}

struct ir_def *
ir_mov(struct ir_builder *b, struct ir_def *src)
{
   return ir_build_alu_swz(b, IR_OP_MOV, src->num_components, src->bit_size,
                           &src, NULL);
}

/* ---------------------------------------------------------------------- */
/* Intrinsics and variables                                               */
/* ---------------------------------------------------------------------- */

struct ir_intrinsic *
ir_build_intrinsic(struct ir_builder *b, enum ir_intrinsic_op op,
                   unsigned num_components, unsigned bit_size,
                   struct ir_def *const *srcs)
{
   const struct ir_intrinsic_info *info = &ir_intrinsic_infos[op];
   struct ir_intrinsic *intr = ir_intrinsic_create(b->fn, op);
   if (!intr)
      return NULL;
   intr->num_components = num_components;
   for (unsigned i = 0; srcs && i < info->num_srcs; i++) {
      if (srcs[i])
         ir_instr_set_src(&intr->instr, &intr->src[i], srcs[i]);
   }
   if (info->has_dest) {
      intr->def.num_components =
         info->dest_components ? info->dest_components : num_components;
      intr->def.bit_size = bit_size;
   }
   ir_builder_insert(b, &intr->instr);
   return intr;
}

static struct ir_deref *
def_as_deref(struct ir_def *def)
{
   return ir_instr_as_deref(def->parent);
}

struct ir_def *
ir_build_deref_var(struct ir_builder *b, struct ir_variable *var)
{
   struct ir_deref *d = ir_deref_create(b->fn, IR_DEREF_VAR);
   if (!d)
      return NULL;
   d->var = var;
   d->type = var->type;
   d->mode = var->mode;
   ir_builder_insert(b, &d->instr);
   return &d->def;
}

/* A deref of kind @p kind into @p parent, inheriting its variable. */
static struct ir_deref *
child_deref(struct ir_builder *b, enum ir_deref_kind kind,
            struct ir_def *parent)
{
   struct ir_deref *p = def_as_deref(parent);
   assert(p);
   struct ir_deref *d = ir_deref_create(b->fn, kind);
   if (!d)
      return NULL;
   d->var = p->var;
   d->mode = p->mode;
   ir_instr_set_src(&d->instr, &d->parent, parent);
   return d;
}

/* Array element, matrix column or vector component. */
struct ir_def *
ir_build_deref_array(struct ir_builder *b, struct ir_def *parent,
                     struct ir_def *index)
{
   struct ir_deref *d = child_deref(b, IR_DEREF_ARRAY, parent);
   if (!d)
      return NULL;
   d->type = ir_type_index(def_as_deref(parent)->type);
   ir_instr_set_src(&d->instr, &d->index, index);
   ir_builder_insert(b, &d->instr);
   return &d->def;
}

struct ir_def *
ir_build_deref_struct(struct ir_builder *b, struct ir_def *parent,
                      unsigned field)
{
   const struct ir_type *type = def_as_deref(parent)->type;
   assert(ir_type_is_struct(type) && field < type->num_fields);
   struct ir_deref *d = child_deref(b, IR_DEREF_STRUCT, parent);
   if (!d)
      return NULL;
   d->type = type->fields[field].type;
   d->field = field;
   ir_builder_insert(b, &d->instr);
   return &d->def;
}

/* Only scalars and vectors are loaded and stored whole. */
struct ir_def *
ir_load_deref(struct ir_builder *b, struct ir_def *deref)
{
   const struct ir_type *type = def_as_deref(deref)->type;
   assert(ir_type_is_vector_or_scalar(type));
   if (!ir_type_is_vector_or_scalar(type))
      return NULL;
   struct ir_intrinsic *intr =
      ir_build_intrinsic(b, IR_INTRINSIC_LOAD_DEREF, type->vector_elements,
                         ir_base_type_bit_size(type->base), &deref);
   return intr ? &intr->def : NULL;
}

void
ir_store_deref(struct ir_builder *b, struct ir_def *deref, struct ir_def *value,
               unsigned write_mask)
{
   struct ir_def *srcs[2] = { deref, value };
   struct ir_intrinsic *intr = ir_build_intrinsic(
      b, IR_INTRINSIC_STORE_DEREF, value->num_components, 0, srcs);
   if (intr)
      ir_intrinsic_set_write_mask(intr, (int32_t)write_mask);
}

struct ir_def *
ir_load_var(struct ir_builder *b, struct ir_variable *var)
{
   struct ir_def *deref = ir_build_deref_var(b, var);
   return deref ? ir_load_deref(b, deref) : NULL;
}

void
ir_store_var(struct ir_builder *b, struct ir_variable *var,
             struct ir_def *value, unsigned write_mask)
{
   struct ir_def *deref = ir_build_deref_var(b, var);
   if (deref)
      ir_store_deref(b, deref, value, write_mask);
}

/* ---------------------------------------------------------------------- */
/* Control flow                                                           */
/* ---------------------------------------------------------------------- */

struct ir_if *
ir_push_if(struct ir_builder *b, struct ir_def *condition)
{
   struct ir_if *nif = ir_if_create(b->fn);
   if (!nif)
      return NULL;
   ir_if_set_condition(nif, condition);
   ir_cf_node_insert(b->cursor, &nif->cf);
   b->cursor = ir_before_block(ir_if_first_then_block(nif));
   return nif;
}

void
ir_push_else(struct ir_builder *b, struct ir_if *nif)
{
   b->cursor = ir_before_block(ir_if_first_else_block(nif));
}

void
ir_pop_if(struct ir_builder *b, struct ir_if *nif)
{
   b->cursor = ir_after_cf_node(&nif->cf);
}

struct ir_loop *
ir_push_loop(struct ir_builder *b)
{
   struct ir_loop *loop = ir_loop_create(b->fn);
   if (!loop)
      return NULL;
   ir_cf_node_insert(b->cursor, &loop->cf);
   b->cursor = ir_before_block(ir_loop_first_block(loop));
   return loop;
}

void
ir_pop_loop(struct ir_builder *b, struct ir_loop *loop)
{
   b->cursor = ir_after_cf_node(&loop->cf);
}

void
ir_jump(struct ir_builder *b, enum ir_jump_kind kind)
{
   struct ir_jump *jump = ir_jump_create(b->fn, kind);
   if (jump)
      ir_builder_insert(b, &jump->instr);
}

static struct ir_block *
cursor_block(struct ir_cursor c)
{
   if (c.option == IR_CURSOR_BEFORE_BLOCK || c.option == IR_CURSOR_AFTER_BLOCK)
      return c.block;
   return c.instr->block;
}

/* Sources come from the last block of each side, as the if was built
 * (a side ending in a jump does not reach the phi: do not use this for
 * it). */
struct ir_def *
ir_if_phi(struct ir_builder *b, struct ir_def *then_def,
          struct ir_def *else_def)
{
   struct ir_block *block = cursor_block(b->cursor);
   struct ir_if *nif = ir_cf_as_if(ir_cf_node_prev(&block->cf));
   assert(nif);
   if (!nif)
      return NULL;
   struct ir_phi *phi = ir_phi_create(b->fn);
   if (!phi)
      return NULL;
   phi->def.num_components = then_def->num_components;
   phi->def.bit_size = then_def->bit_size;
   ir_phi_add_src(phi, ir_if_last_then_block(nif), then_def);
   ir_phi_add_src(phi, ir_if_last_else_block(nif), else_def);

   /* Phis go first; the cursor moves past the new phi only if it was in
    * the phi area. */
   bool in_phis = b->cursor.option == IR_CURSOR_BEFORE_BLOCK ||
                  (b->cursor.option == IR_CURSOR_AFTER_INSTR &&
                   b->cursor.instr->kind == IR_INSTR_PHI);
   ir_instr_insert(ir_after_phis(block), &phi->instr);
   if (in_phis)
      b->cursor = ir_after_instr(&phi->instr);
   return &phi->def;
}
