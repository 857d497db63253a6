/* SPDX-License-Identifier: MIT */

/*
 * The validator's rules for each instruction kind (the structural and SSA
 * checks are in ir_validate.c).
 *
 * ALU: sizes follow the opcode table (ir_opcodes.py).  An operand with a
 * fixed bit size (float32, uint32...) must have exactly that size; the
 * unsized operands of one class (float; int and uint together; bool) share
 * one size, which must be one the class allows (float 16/32/64, integers
 * 1/8/16/32/64, bool 1/32); the destination joins the size of its class's
 * inputs unless the opcode is a conversion or has no such input.  A source
 * reads input_sizes[i] components, or the destination's count for
 * per-component inputs, each through a swizzle that must stay inside the
 * source def.
 *
 * Intrinsics: sources have the component count of the table (0 meaning
 * num_components); registers are decl_reg defs; variable accesses go
 * through deref defs whose type matches the value.  Derefs: a chain from a
 * deref_var of a variable of the shader or of this function, each step's
 * type derived from its parent's.  Tex: the sources an opcode needs are
 * present, no kind is given twice, the coordinate matches the dimension.
 */
#include <stdio.h>

#include "compiler/ir/ir_validate_priv.h"
#include "util/u_hash.h"

/* Size classes of ALU operands. */
enum size_class {
   CLASS_FLOAT,
   CLASS_INT,
   CLASS_BOOL,
   NUM_CLASSES
};

static enum size_class
class_of(unsigned alu_type)
{
   switch (IR_ALU_TYPE_BASE(alu_type)) {
   case IR_ALU_FLOAT:
      return CLASS_FLOAT;
   case IR_ALU_BOOL:
      return CLASS_BOOL;
   default:
      return CLASS_INT;
   }
}

static const char *
type_name(unsigned alu_type)
{
   switch (IR_ALU_TYPE_BASE(alu_type)) {
   case IR_ALU_FLOAT:
      return "float";
   case IR_ALU_BOOL:
      return "bool";
   case IR_ALU_INT:
      return "int";
   default:
      return "uint";
   }
}

static bool
class_allows(enum size_class k, unsigned bits)
{
   switch (k) {
   case CLASS_FLOAT:
      return bits == 16 || bits == 32 || bits == 64;
   case CLASS_BOOL:
      return bits == 1 || bits == 32;
   default:
      return bits == 1 || bits == 8 || bits == 16 || bits == 32 || bits == 64;
   }
}

static const char *
src_what(struct ir_validate_ctx *c, const char *kind, unsigned i)
{
   return u_arena_asprintf(c->mem, "%s %u", kind, i);
}

/* ---------------------------------------------------------------------- */
/* Printability                                                           */
/* ---------------------------------------------------------------------- */

static bool
deref_printable(const struct ir_deref *d)
{
   switch (d->deref_kind) {
   case IR_DEREF_VAR:
      return d->var != NULL;
   case IR_DEREF_ARRAY:
      return d->parent.def && d->index.def;
   case IR_DEREF_STRUCT: {
      if (!d->parent.def || !d->parent.def->parent)
         return false;
      const struct ir_deref *p = ir_instr_as_deref(d->parent.def->parent);
      return p && p->type && ir_type_is_struct(p->type) &&
             d->field < p->type->num_fields;
   }
   }
   return false;
}

bool
ir_validate_instr_printable(struct ir_validate_ctx *c,
                            const struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU: {
      const struct ir_alu *alu = ir_instr_as_alu(instr);
      if (alu->op >= IR_OP_COUNT)
         return false;
      for (unsigned i = 0; i < ir_op_infos[alu->op].num_inputs; i++) {
         const struct ir_def *d = alu->src[i].src.def;
         if (!d)
            return false;
         unsigned read = ir_op_infos[alu->op].input_sizes[i];
         if (!read)
            read = alu->def.num_components;
         if (read > IR_MAX_VEC)
            return false;
         for (unsigned k = 0; k < read; k++) {
            if (alu->src[i].swizzle[k] >= IR_MAX_VEC)
               return false;
         }
      }
      return true;
   }
   case IR_INSTR_DEREF:
      return deref_printable(ir_instr_as_deref(instr));
   case IR_INSTR_INTRINSIC: {
      const struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
      if (intr->op >= IR_INTRINSIC_COUNT)
         return false;
      for (unsigned i = 0; i < ir_intrinsic_infos[intr->op].num_srcs; i++) {
         if (!intr->src[i].def)
            return false;
      }
      return true;
   }
   case IR_INSTR_TEX: {
      const struct ir_tex *tex = ir_instr_as_tex(instr);
      if (tex->op >= IR_TEX_OP_COUNT || (tex->num_srcs && !tex->src) ||
          (unsigned)tex->dim > IR_SAMPLER_DIM_MS)
         return false;
      for (unsigned i = 0; i < tex->num_srcs; i++) {
         if (!tex->src[i].src.def || tex->src[i].kind >= IR_TEX_SRC_COUNT)
            return false;
      }
      return true;
   }
   case IR_INSTR_LOAD_CONST:
      return ir_validate_def_size(
         ir_instr_as_load_const(instr)->def.bit_size,
         ir_instr_as_load_const(instr)->def.num_components);
   case IR_INSTR_UNDEF:
      return true;
   case IR_INSTR_PHI: {
      const struct ir_phi *phi = ir_instr_as_phi(instr);
      const struct u_list *l = &phi->srcs;
      do {
         if (!l->next || l->next->prev != l)
            return false;
         l = l->next;
      } while (l != &phi->srcs);
      ir_foreach_phi_src (phi, ps) {
         if (!ps->src.def || !ps->pred || ps->pred->cf.kind != IR_CF_BLOCK)
            return false;
      }
      return true;
   }
   case IR_INSTR_JUMP:
      return (unsigned)ir_instr_as_jump(instr)->jump_kind <= IR_JUMP_RETURN;
   case IR_INSTR_PARALLEL_COPY: {
      const struct ir_parallel_copy *pc = ir_instr_as_parallel_copy(instr);
      const struct u_list *l = &pc->entries;
      do {
         if (!l->next || l->next->prev != l)
            return false;
         l = l->next;
      } while (l != &pc->entries);
      u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
         if (!e->src.def || !e->dest_reg.def)
            return false;
      }
      return true;
   }
   }
   return false;
}

/* ---------------------------------------------------------------------- */
/* ALU                                                                    */
/* ---------------------------------------------------------------------- */

static bool
check_alu(struct ir_validate_ctx *c, struct ir_alu *alu)
{
   if (alu->op >= IR_OP_COUNT)
      return ir_validate_fail(c, "invalid ALU opcode %d", (int)alu->op);
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   unsigned nc = alu->def.num_components;
   if (info->output_size && nc != info->output_size)
      return ir_validate_fail(c,
                              "%s produces %u components, but its def has %u",
                              info->name, info->output_size, nc);

   unsigned class_bits[NUM_CLASSES] = { 0 };
   int class_src[NUM_CLASSES] = { -1, -1, -1 };
   for (unsigned i = 0; i < info->num_inputs; i++) {
      struct ir_alu_src *as = &alu->src[i];
      if (!ir_validate_check_src(c, &as->src, src_what(c, "source", i)))
         return false;
      const struct ir_def *sd = as->src.def;
      unsigned read = info->input_sizes[i] ? info->input_sizes[i] : nc;
      for (unsigned k = 0; k < read; k++) {
         if (as->swizzle[k] >= sd->num_components)
            return ir_validate_fail(c,
                                    "source %u: swizzle component %u reads "
                                    "component %u of a %u-component def",
                                    i, k, as->swizzle[k], sd->num_components);
      }

      unsigned type = info->input_types[i];
      unsigned fixed = IR_ALU_TYPE_BITS(type);
      if (fixed) {
         if (sd->bit_size != fixed)
            return ir_validate_fail(
               c, "source %u of %s must be %s%u, not %u-bit", i, info->name,
               type_name(type), fixed, sd->bit_size);
         continue;
      }
      enum size_class k = class_of(type);
      if (!class_allows(k, sd->bit_size))
         return ir_validate_fail(
            c, "source %u of %s: %u bits is not a valid %s size", i, info->name,
            sd->bit_size, type_name(type));
      if (class_src[k] < 0) {
         class_src[k] = (int)i;
         class_bits[k] = sd->bit_size;
      } else if (class_bits[k] != sd->bit_size) {
         return ir_validate_fail(
            c,
            "sources %d and %u of %s must have the same bit "
            "size, not %u and %u",
            class_src[k], i, info->name, class_bits[k], sd->bit_size);
      }
   }

   unsigned out_fixed = IR_ALU_TYPE_BITS(info->output_type);
   unsigned db = alu->def.bit_size;
   if (out_fixed) {
      if (db != out_fixed)
         return ir_validate_fail(c, "%s produces %u bits, but its def has %u",
                                 info->name, out_fixed, db);
      return true;
   }
   enum size_class k = class_of(info->output_type);
   if (!(info->props & IR_OP_CONVERSION) && class_src[k] >= 0) {
      if (db != class_bits[k])
         return ir_validate_fail(c,
                                 "%s: the def has %u bits but source %d has %u",
                                 info->name, db, class_src[k], class_bits[k]);
   } else if (!class_allows(k, db)) {
      return ir_validate_fail(c,
                              "%s: %u bits is not a valid %s size for the def",
                              info->name, db, type_name(info->output_type));
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Derefs                                                                 */
/* ---------------------------------------------------------------------- */

static const struct ir_deref *
src_deref(const struct ir_src *src)
{
   return src->def && src->def->parent ? ir_instr_as_deref(src->def->parent)
                                       : NULL;
}

static bool
check_deref(struct ir_validate_ctx *c, struct ir_deref *d)
{
   if (d->def.num_components != 1 || d->def.bit_size != 32)
      return ir_validate_fail(c,
                              "a deref's def must be 1 component of 32 bits, "
                              "not %u of %u",
                              d->def.num_components, d->def.bit_size);
   if (!d->type)
      return ir_validate_fail(c, "the deref has no type");

   if (d->deref_kind == IR_DEREF_VAR) {
      if (d->parent.def || d->index.def)
         return ir_validate_fail(c, "deref_var has a parent or index source");
      if (!d->var)
         return ir_validate_fail(c, "deref_var has no variable");
      if (!u_set_contains(c->shader_vars, d->var) &&
          !u_set_contains(c->locals, d->var))
         return ir_validate_fail(c,
                                 "deref_var of @%s, which is neither a shader "
                                 "variable nor a local of this function",
                                 d->var->name ? d->var->name : "(unnamed)");
      if (!ir_type_equal(d->type, d->var->type))
         return ir_validate_fail(
            c, "deref_var's type differs from the variable's");
      if (d->mode != d->var->mode)
         return ir_validate_fail(c,
                                 "deref_var's mode 0x%x differs from the "
                                 "variable's 0x%x",
                                 (unsigned)d->mode, (unsigned)d->var->mode);
      return true;
   }
   if (d->deref_kind != IR_DEREF_ARRAY && d->deref_kind != IR_DEREF_STRUCT)
      return ir_validate_fail(c, "invalid deref kind %d", (int)d->deref_kind);

   if (!ir_validate_check_src(c, &d->parent, "the parent"))
      return false;
   const struct ir_deref *p = src_deref(&d->parent);
   if (!p)
      return ir_validate_fail(c, "the parent is not a deref");
   if (!p->type)
      return ir_validate_fail(c, "the parent deref has no type");
   if (d->var != p->var || d->mode != p->mode)
      return ir_validate_fail(c, "variable or mode differs from the parent's");

   /* The chain must end at a deref_var (dominance already rules out
    * cycles, but a bound keeps this walk safe on its own). */
   const struct ir_deref *root = p;
   for (unsigned n = 0; root && root->deref_kind != IR_DEREF_VAR; n++) {
      if (n > c->fn->num_defs)
         return ir_validate_fail(c, "the deref chain is cyclic");
      root = src_deref(&root->parent);
   }
   if (!root)
      return ir_validate_fail(c,
                              "the deref chain does not start at a deref_var");

   if (d->deref_kind == IR_DEREF_ARRAY) {
      const struct ir_type *pt = p->type;
      if (!ir_type_is_array(pt) && !ir_type_is_matrix(pt) &&
          !(ir_type_is_vector_or_scalar(pt) && pt->vector_elements > 1))
         return ir_validate_fail(c,
                                 "deref_array of a type that is not an array, "
                                 "matrix or vector");
      if (!ir_type_equal(d->type, ir_type_index(pt)))
         return ir_validate_fail(
            c, "deref_array's type is not the parent's element "
               "type");
      if (!ir_validate_check_src(c, &d->index, "the index"))
         return false;
      const struct ir_def *idx = d->index.def;
      if (idx->num_components != 1 || idx->bit_size == 1)
         return ir_validate_fail(c,
                                 "the index must be a scalar integer, not %u "
                                 "components of %u bits",
                                 idx->num_components, idx->bit_size);
   } else {
      if (d->index.def)
         return ir_validate_fail(c, "deref_struct has an index source");
      if (!ir_type_is_struct(p->type))
         return ir_validate_fail(c,
                                 "deref_struct of a type that is not a struct");
      if (d->field >= p->type->num_fields)
         return ir_validate_fail(c, "field %u of a struct of %u fields",
                                 d->field, p->type->num_fields);
      if (!ir_type_equal(d->type, p->type->fields[d->field].type))
         return ir_validate_fail(
            c, "deref_struct's type is not field %u's type", d->field);
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Intrinsics                                                             */
/* ---------------------------------------------------------------------- */

/* The type behind a deref source that must be a vector or scalar. */
static bool
check_value_deref(struct ir_validate_ctx *c, struct ir_intrinsic *intr,
                  unsigned src, const struct ir_def *value, const char *name)
{
   const struct ir_deref *d = src_deref(&intr->src[src]);
   if (!d)
      return ir_validate_fail(c, "%s: source %u is not a deref", name, src);
   if (!d->type || !ir_type_is_vector_or_scalar(d->type))
      return ir_validate_fail(
         c,
         "%s through a deref whose type is not a vector or "
         "scalar",
         name);
   if (!value)
      return true;
   if (value->num_components != d->type->vector_elements)
      return ir_validate_fail(c,
                              "%s: the value has %u components, the variable "
                              "type %u",
                              name, value->num_components,
                              d->type->vector_elements);
   unsigned bits = ir_base_type_bit_size(d->type->base);
   bool ok = value->bit_size == bits ||
             (d->type->base == IR_TYPE_BOOL && value->bit_size == 32);
   if (!ok)
      return ir_validate_fail(c,
                              "%s: the value has %u bits, the variable type %u",
                              name, value->bit_size, bits);
   return true;
}

static const struct ir_intrinsic *
reg_decl(const struct ir_src *src)
{
   const struct ir_intrinsic *decl =
      src->def && src->def->parent ? ir_instr_as_intrinsic(src->def->parent)
                                   : NULL;
   return decl && decl->op == IR_INTRINSIC_DECL_REG ? decl : NULL;
}

/* A value of @p value's size read from or written to register @p reg. */
static bool
check_reg_access(struct ir_validate_ctx *c, const struct ir_src *reg,
                 const struct ir_def *value, int base, const char *name)
{
   const struct ir_intrinsic *decl = reg_decl(reg);
   if (!decl)
      return ir_validate_fail(c, "%s: the register is not a decl_reg def",
                              name);
   int nc = ir_intrinsic_num_components(decl);
   int bits = ir_intrinsic_bit_size(decl);
   if ((int)value->num_components != nc || (int)value->bit_size != bits)
      return ir_validate_fail(
         c, "%s: the value is %ux%u bits, the register %dx%d", name,
         value->num_components, value->bit_size, nc, bits);
   int elems = ir_intrinsic_num_array_elems(decl);
   if (base < 0 || (elems ? base >= elems : base != 0))
      return ir_validate_fail(c, "%s: element %d of a register of %d elements",
                              name, base, elems);
   return true;
}

static bool
check_write_mask(struct ir_validate_ctx *c, unsigned mask, unsigned nc,
                 const char *name)
{
   if ((mask >> nc) != 0)
      return ir_validate_fail(
         c, "%s: write mask 0x%x has bits beyond its %u components", name, mask,
         nc);
   return true;
}

static bool
is_bool_scalar(const struct ir_def *d)
{
   return d->num_components == 1 && (d->bit_size == 1 || d->bit_size == 32);
}

static bool
check_intrinsic(struct ir_validate_ctx *c, struct ir_intrinsic *intr)
{
   const struct ir_intrinsic_info *info = &ir_intrinsic_infos[intr->op];
   const char *name = info->name;
   bool uses_nc = info->has_dest && info->dest_components == 0;
   for (unsigned i = 0; i < info->num_srcs; i++)
      uses_nc |= info->src_components[i] == 0;
   if (uses_nc &&
       (intr->num_components < 1 || intr->num_components > IR_MAX_VEC))
      return ir_validate_fail(c, "%s: num_components is %u", name,
                              intr->num_components);

   for (unsigned i = 0; i < info->num_srcs; i++) {
      if (!ir_validate_check_src(c, &intr->src[i], src_what(c, "source", i)))
         return false;
      unsigned want = info->src_components[i] ? info->src_components[i]
                                              : intr->num_components;
      if (intr->src[i].def->num_components != want)
         return ir_validate_fail(
            c, "%s: source %u has %u components, expected %u", name, i,
            intr->src[i].def->num_components, want);
   }
   if (info->has_dest) {
      unsigned want =
         info->dest_components ? info->dest_components : intr->num_components;
      if (intr->def.num_components != want)
         return ir_validate_fail(c,
                                 "%s: the def has %u components, expected %u",
                                 name, intr->def.num_components, want);
   } else if (intr->def.num_components ||
              (intr->def.uses.next && !u_list_is_empty(&intr->def.uses))) {
      return ir_validate_fail(c,
                              "%s has no destination, but its def has %u "
                              "components or uses",
                              name, intr->def.num_components);
   }

   switch (intr->op) {
   case IR_INTRINSIC_LOAD_DEREF:
      return check_value_deref(c, intr, 0, &intr->def, name);
   case IR_INTRINSIC_STORE_DEREF:
      return check_value_deref(c, intr, 0, intr->src[1].def, name) &&
             check_write_mask(c, (unsigned)ir_intrinsic_write_mask(intr),
                              intr->num_components, name);
   case IR_INTRINSIC_COPY_DEREF: {
      const struct ir_deref *dst = src_deref(&intr->src[0]);
      const struct ir_deref *src = src_deref(&intr->src[1]);
      if (!dst || !src)
         return ir_validate_fail(c,
                                 "copy_deref of something that is not a deref");
      if (!dst->type || !src->type || !ir_type_equal(dst->type, src->type))
         return ir_validate_fail(c, "copy_deref between different types");
      return true;
   }
   case IR_INTRINSIC_STORE_OUTPUT:
      return check_write_mask(c, (unsigned)ir_intrinsic_write_mask(intr),
                              intr->num_components, name);
   case IR_INTRINSIC_DISCARD_IF:
   case IR_INTRINSIC_DEMOTE_IF:
      if (!is_bool_scalar(intr->src[0].def))
         return ir_validate_fail(
            c, "%s: the condition is not a 1- or 32-bit bool", name);
      return true;
   case IR_INTRINSIC_DECL_REG: {
      int nc = ir_intrinsic_num_components(intr);
      int bits = ir_intrinsic_bit_size(intr);
      if (!ir_validate_def_size((unsigned)bits, (unsigned)nc) || nc < 1)
         return ir_validate_fail(c, "decl_reg of %d components of %d bits", nc,
                                 bits);
      if (ir_intrinsic_num_array_elems(intr) < 0)
         return ir_validate_fail(c, "decl_reg with %d array elements",
                                 ir_intrinsic_num_array_elems(intr));
      return true;
   }
   case IR_INTRINSIC_LOAD_REG:
   case IR_INTRINSIC_LOAD_REG_INDIRECT:
      return check_reg_access(c, &intr->src[0], &intr->def,
                              ir_intrinsic_base(intr), name);
   case IR_INTRINSIC_STORE_REG:
   case IR_INTRINSIC_STORE_REG_INDIRECT:
      return check_reg_access(c, &intr->src[1], intr->src[0].def,
                              ir_intrinsic_base(intr), name) &&
             check_write_mask(c, (unsigned)ir_intrinsic_write_mask(intr),
                              intr->num_components, name);
   default:
      return true;
   }
}

/* ---------------------------------------------------------------------- */
/* Texture instructions                                                   */
/* ---------------------------------------------------------------------- */

static const char *const tex_src_names[IR_TEX_SRC_COUNT] = {
   "coord",      "projector", "bias", "lod", "min_lod",
   "comparator", "offset",    "ddx",  "ddy", "ms_index",
};

static const unsigned dim_coords[] = {
   [IR_SAMPLER_DIM_1D] = 1,   [IR_SAMPLER_DIM_2D] = 2,
   [IR_SAMPLER_DIM_3D] = 3,   [IR_SAMPLER_DIM_CUBE] = 3,
   [IR_SAMPLER_DIM_RECT] = 2, [IR_SAMPLER_DIM_BUF] = 1,
   [IR_SAMPLER_DIM_MS] = 2,
};

static bool
check_tex(struct ir_validate_ctx *c, struct ir_tex *tex)
{
   if (tex->op >= IR_TEX_OP_COUNT)
      return ir_validate_fail(c, "invalid texture opcode %d", (int)tex->op);
   if ((unsigned)tex->dim > IR_SAMPLER_DIM_MS)
      return ir_validate_fail(c, "invalid sampler dimension %d", (int)tex->dim);
   if (tex->dest_type != IR_TYPE_FLOAT && tex->dest_type != IR_TYPE_INT &&
       tex->dest_type != IR_TYPE_UINT)
      return ir_validate_fail(c, "the result type is not float, int or uint");
   if (tex->num_srcs && !tex->src)
      return ir_validate_fail(c, "%u sources but no source array",
                              tex->num_srcs);

   struct ir_tex_src *by_kind[IR_TEX_SRC_COUNT] = { NULL };
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      struct ir_tex_src *ts = &tex->src[i];
      if ((unsigned)ts->kind >= IR_TEX_SRC_COUNT)
         return ir_validate_fail(c, "source %u has invalid kind %d", i,
                                 (int)ts->kind);
      if (by_kind[ts->kind])
         return ir_validate_fail(c, "two %s sources", tex_src_names[ts->kind]);
      by_kind[ts->kind] = ts;
      if (!ir_validate_check_src(c, &ts->src,
                                 u_arena_asprintf(c->mem, "the %s source",
                                                  tex_src_names[ts->kind])))
         return false;
   }

   enum ir_tex_op op = tex->op;
   bool sampling = op == IR_TEX_OP_TEX || op == IR_TEX_OP_TXB ||
                   op == IR_TEX_OP_TXL || op == IR_TEX_OP_TXD;
   bool no_lod_dim = tex->dim == IR_SAMPLER_DIM_MS ||
                     tex->dim == IR_SAMPLER_DIM_BUF ||
                     tex->dim == IR_SAMPLER_DIM_RECT;
   struct {
      enum ir_tex_src_kind kind;
      bool required;
      bool allowed;
   } rules[] = {
      { IR_TEX_SRC_COORD, op != IR_TEX_OP_TXS && op != IR_TEX_OP_LEVELS,
        op != IR_TEX_OP_TXS && op != IR_TEX_OP_LEVELS },
      { IR_TEX_SRC_LOD,
        op == IR_TEX_OP_TXL || (op == IR_TEX_OP_TXF && !no_lod_dim),
        op == IR_TEX_OP_TXL || op == IR_TEX_OP_TXF || op == IR_TEX_OP_TXS },
      { IR_TEX_SRC_BIAS, op == IR_TEX_OP_TXB, op == IR_TEX_OP_TXB },
      { IR_TEX_SRC_DDX, op == IR_TEX_OP_TXD, op == IR_TEX_OP_TXD },
      { IR_TEX_SRC_DDY, op == IR_TEX_OP_TXD, op == IR_TEX_OP_TXD },
      { IR_TEX_SRC_COMPARATOR, sampling && tex->is_shadow,
        sampling && tex->is_shadow },
      { IR_TEX_SRC_MS_INDEX, op == IR_TEX_OP_TXF_MS, op == IR_TEX_OP_TXF_MS },
   };
   static const char *const op_names[IR_TEX_OP_COUNT] = {
      "tex", "txb", "txl", "txd", "txf", "txf_ms", "txs", "query_lod", "levels",
   };
   for (unsigned i = 0; i < sizeof(rules) / sizeof(rules[0]); i++) {
      bool present = by_kind[rules[i].kind] != NULL;
      if (rules[i].required && !present)
         return ir_validate_fail(c, "%s%s needs a %s source", op_names[op],
                                 tex->is_shadow ? " shadow" : "",
                                 tex_src_names[rules[i].kind]);
      if (!rules[i].allowed && present)
         return ir_validate_fail(c, "%s%s takes no %s source", op_names[op],
                                 tex->is_shadow ? " shadow" : "",
                                 tex_src_names[rules[i].kind]);
   }

   struct ir_tex_src *coord = by_kind[IR_TEX_SRC_COORD];
   if (coord) {
      /* textureQueryLod takes no array layer (GLSL 4.60, 8.9.1). */
      unsigned want = dim_coords[tex->dim] +
                      (tex->is_array && op != IR_TEX_OP_QUERY_LOD ? 1 : 0);
      if (tex->coord_components != want)
         return ir_validate_fail(
            c, "coord_components is %u, the dimension needs %u",
            tex->coord_components, want);
      if (coord->src.def->num_components != tex->coord_components)
         return ir_validate_fail(c,
                                 "the coordinate has %u components, "
                                 "coord_components says %u",
                                 coord->src.def->num_components,
                                 tex->coord_components);
   }
   static const enum ir_tex_src_kind scalars[] = {
      IR_TEX_SRC_PROJECTOR, IR_TEX_SRC_BIAS,       IR_TEX_SRC_LOD,
      IR_TEX_SRC_MIN_LOD,   IR_TEX_SRC_COMPARATOR, IR_TEX_SRC_MS_INDEX,
   };
   for (unsigned i = 0; i < sizeof(scalars) / sizeof(scalars[0]); i++) {
      struct ir_tex_src *ts = by_kind[scalars[i]];
      if (ts && ts->src.def->num_components != 1)
         return ir_validate_fail(c, "the %s source has %u components, not 1",
                                 tex_src_names[scalars[i]],
                                 ts->src.def->num_components);
   }
   return true;
}

/* ---------------------------------------------------------------------- */
/* Phis and parallel copies                                               */
/* ---------------------------------------------------------------------- */

static bool
check_phi(struct ir_validate_ctx *c, struct ir_phi *phi)
{
   if (!ir_validate_check_list(c, &phi->srcs, "phi sources"))
      return false;
   struct ir_validate_block *bi = c->where_block;
   unsigned mark = ++c->mark;
   unsigned n = 0;
   ir_foreach_phi_src (phi, ps) {
      struct ir_validate_block *pi =
         ps->pred ? ir_validate_block_info(c, ps->pred) : NULL;
      if (!pi)
         return ir_validate_fail(c, "phi source %u comes from %s", n,
                                 ir_validate_block_name(c, ps->pred));
      bool is_pred = false;
      for (unsigned p = 0; p < bi->num_preds; p++)
         is_pred |= bi->preds[p] == pi;
      if (!is_pred)
         return ir_validate_fail(c,
                                 "phi source from b%u, which is not a "
                                 "predecessor of the block",
                                 pi->label);
      if (pi->mark == mark)
         return ir_validate_fail(c, "two phi sources from b%u", pi->label);
      pi->mark = mark;
      const char *what =
         u_arena_asprintf(c->mem, "the phi source from b%u", pi->label);
      if (!ir_validate_check_src_at_end(c, &ps->src, what, pi))
         return false;
      if (ps->src.def->num_components != phi->def.num_components ||
          ps->src.def->bit_size != phi->def.bit_size)
         return ir_validate_fail(c, "%s is %ux%u bits, the phi %ux%u", what,
                                 ps->src.def->num_components,
                                 ps->src.def->bit_size, phi->def.num_components,
                                 phi->def.bit_size);
      n++;
   }
   for (unsigned p = 0; p < bi->num_preds; p++) {
      if (bi->preds[p]->mark != mark)
         return ir_validate_fail(c, "the phi has no source for predecessor b%u",
                                 bi->preds[p]->label);
   }
   return true;
}

static bool
check_parallel_copy(struct ir_validate_ctx *c, struct ir_parallel_copy *pc)
{
   if (!ir_validate_check_list(c, &pc->entries, "parallel copy entries"))
      return false;
   unsigned i = 0;
   u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
      if (!ir_validate_check_src(c, &e->src,
                                 src_what(c, "source of entry", i)) ||
          !ir_validate_check_src(c, &e->dest_reg,
                                 src_what(c, "destination of entry", i)))
         return false;
      if (!check_reg_access(c, &e->dest_reg, e->src.def, 0, "parallel_copy"))
         return false;
      i++;
   }
   return true;
}

bool
ir_validate_instr(struct ir_validate_ctx *c, struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
      return check_alu(c, ir_instr_as_alu(instr));
   case IR_INSTR_DEREF:
      return check_deref(c, ir_instr_as_deref(instr));
   case IR_INSTR_INTRINSIC:
      return check_intrinsic(c, ir_instr_as_intrinsic(instr));
   case IR_INSTR_TEX:
      return check_tex(c, ir_instr_as_tex(instr));
   case IR_INSTR_PHI:
      return check_phi(c, ir_instr_as_phi(instr));
   case IR_INSTR_PARALLEL_COPY:
      return check_parallel_copy(c, ir_instr_as_parallel_copy(instr));
   case IR_INSTR_LOAD_CONST:
   case IR_INSTR_UNDEF:
   case IR_INSTR_JUMP:
      /* Sizes and placement were checked with the block. */
      return true;
   }
   return ir_validate_fail(c, "invalid instruction kind %d", (int)instr->kind);
}
