/* SPDX-License-Identifier: MIT */

/*
 * Lower loads of uniform variables (default block and uniform blocks) to
 * load_uniform / load_ubo with byte offsets.
 *
 *    var uniform vec4[4] @v             %0:32 = load_const 16
 *    %1:32 = deref_var @v               %1:32 = imul %i, %0
 *    %2:32 = deref_array %1[%i]    →    %2:32x4 = load_uniform %1 base=32
 *    %3:32x4 = load_deref %2                                range=64
 *    (@v at byte 32)
 *
 * Layout (ir_assign_uniform_locations()).  The default block is laid out
 * with the std140 rules (GL 4.6 core, 7.6.2.2) in declaration order: each
 * uniform that is not a sampler starts at the next multiple of its std140
 * base alignment (ir_type_std140_align()) after the previous one's end
 * (ir_type_std140_size()), and its driver_location is that byte offset.
 * So a float after a vec3 packs into the vec3's fourth component, and a
 * struct or array starts and ends on 16 bytes.  std140 rather than a
 * tighter packing because it is what uniform blocks use, so one set of
 * offset rules serves both and the state tracker can copy std140 data as
 * it is.  Uniform blocks (mode IR_VAR_UBO, interface types whose fields
 * carry their std140 offsets) get block indices: driver_location is the
 * first index, in declaration order, an array of blocks taking one per
 * element.  Sampler uniforms get texture slots the same way.  As with
 * I/O, the assignment is done only when every variable of the kind has
 * driver_location 0 (anything else means the caller assigned them).
 *
 * Block indices and texture slots are not GL binding points: in GL the
 * binding of a block or sampler is run-time state (glUniformBlockBinding,
 * glUniform1i), so the shader names its own slots and the driver maps
 * slots to bindings at draw time (initially the variables' `binding`).
 * A tex instruction cannot point at a sampler variable (ir_tex has no
 * deref source), so texture_index / sampler_index already are those
 * slots and this pass leaves tex instructions alone.
 *
 * Accesses.  A deref chain gives a byte offset: struct members add their
 * offset (the interface field's `offset`, else the std140 one), array
 * elements index * stride (the std140 array stride: the element size
 * rounded up to its alignment rounded up to 16), matrix columns index *
 * column stride, vector components index * component size; the constant
 * parts go to `base` (load_uniform) or into the offset source (load_ubo,
 * which has no base), the dynamic parts become imul/iadd.  For load_ubo
 * the block index is the variable's driver_location plus the (possibly
 * dynamic) index into an array of blocks.  A row_major member (UBO fields
 * only) stores each row as a vector: a column is then read one component
 * at a time (components a row stride apart) and put together with vecN.
 * Booleans are 32-bit words in memory (0 false, anything else true): they
 * are loaded as 32-bit values and compared with 0.
 *
 * range: for load_uniform, the bytes from `base` to the end of the
 * variable; for load_ubo, the size of the block.
 *
 * The derefs of uniforms and blocks that become unused are removed here,
 * as in ir_lower_io(): no pass can use them and the interpreter rejects
 * them.  Stores to uniforms do not exist.
 *
 * Requires: nothing.  Preserves: CFG (block indices, dominance).
 */
#include <assert.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_builder.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_passes_io.h"

static unsigned
align_up(unsigned v, unsigned a)
{
   return a ? (v + a - 1) / a * a : v;
}

static bool
is_sampler_type(const struct ir_type *t)
{
   while (ir_type_is_array(t))
      t = t->element;
   return t->base == IR_TYPE_SAMPLER;
}

/** Elements of a (possibly multi-dimensional) array, 1 for a non-array. */
static unsigned
flat_length(const struct ir_type *t)
{
   unsigned n = 1;
   while (ir_type_is_array(t)) {
      n *= t->length;
      t = t->element;
   }
   return n;
}

/* ---------------------------------------------------------------------- */
/* Layout                                                                 */
/* ---------------------------------------------------------------------- */

static bool
set_location(struct ir_variable *var, unsigned dl)
{
   bool changed = var->driver_location != dl;
   var->driver_location = dl;
   return changed;
}

/* Whether every variable of the kind has driver_location 0. */
static bool
unassigned(struct ir_shader *shader, enum ir_var_mode mode, int samplers)
{
   ir_foreach_variable (shader, var) {
      if (var->mode == mode &&
          (samplers < 0 || is_sampler_type(var->type) == (samplers > 0)) &&
          var->driver_location != 0)
         return false;
   }
   return true;
}

bool
ir_assign_uniform_locations(struct ir_shader *shader)
{
   bool changed = false;
   if (unassigned(shader, IR_VAR_UNIFORM, 0)) {
      unsigned offset = 0;
      ir_foreach_variable (shader, var) {
         if (var->mode != IR_VAR_UNIFORM || is_sampler_type(var->type))
            continue;
         offset = align_up(offset, ir_type_std140_align(var->type, false));
         changed |= set_location(var, offset);
         offset += ir_type_std140_size(var->type, false);
      }
   }
   if (unassigned(shader, IR_VAR_UNIFORM, 1)) {
      unsigned slot = 0;
      ir_foreach_variable (shader, var) {
         if (var->mode != IR_VAR_UNIFORM || !is_sampler_type(var->type))
            continue;
         changed |= set_location(var, slot);
         slot += flat_length(var->type);
      }
   }
   if (unassigned(shader, IR_VAR_UBO, -1)) {
      unsigned index = 0;
      ir_foreach_variable (shader, var) {
         if (var->mode != IR_VAR_UBO)
            continue;
         changed |= set_location(var, index);
         index += flat_length(var->type);
      }
   }
   return changed;
}

/* ---------------------------------------------------------------------- */
/* Accesses                                                               */
/* ---------------------------------------------------------------------- */

/** A value in memory, as a deref chain describes it. */
struct uni_access {
   struct ir_variable *var;
   unsigned const_off;
   struct ir_def *dyn_off;
   /** Block (UBO): index after the variable's first block. */
   unsigned const_block;
   struct ir_def *dyn_block;
   /** The leaf's type and the bytes between its components. */
   const struct ir_type *type;
   unsigned comp_stride;
};

static unsigned
component_size(const struct ir_type *t)
{
   unsigned bits = ir_base_type_bit_size(t->base);
   return bits == 1 ? 4 : bits / 8;
}

/* Offset of member @p f of @p t: its explicit offset, else std140. */
static unsigned
field_offset(const struct ir_type *t, unsigned f)
{
   if (t->fields[f].offset >= 0)
      return (unsigned)t->fields[f].offset;
   unsigned offset = 0;
   for (unsigned i = 0;; i++) {
      const struct ir_struct_field *fi = &t->fields[i];
      offset =
         fi->offset >= 0
            ? (unsigned)fi->offset
            : align_up(offset, ir_type_std140_align(fi->type, fi->row_major));
      if (i == f)
         return offset;
      offset += ir_type_std140_size(fi->type, fi->row_major);
   }
}

static bool
const_index(const struct ir_def *def, unsigned *value)
{
   struct ir_load_const *lc = ir_def_as_load_const(def);
   if (!lc)
      return false;
   switch (def->bit_size) {
   case 8:
      *value = lc->value[0].u8;
      break;
   case 16:
      *value = lc->value[0].u16;
      break;
   case 64:
      *value = (unsigned)lc->value[0].u64;
      break;
   default:
      *value = lc->value[0].u32;
      break;
   }
   return true;
}

/* *dyn += idx * stride (without a builder only marks *dyn non-NULL). */
static void
add_dynamic(struct ir_builder *b, struct ir_def **dyn, struct ir_def *idx,
            unsigned stride)
{
   if (!b) {
      *dyn = idx;
      return;
   }
   if (idx->bit_size != 32)
      idx = ir_build_alu_sized(b, IR_OP_U2U, 32, idx, NULL, NULL, NULL);
   if (stride != 1)
      idx = ir_build_alu(b, IR_OP_IMUL, idx, ir_imm_int(b, (int32_t)stride),
                         NULL, NULL);
   *dyn = *dyn ? ir_build_alu(b, IR_OP_IADD, *dyn, idx, NULL, NULL) : idx;
}

/* Adds index @p d (constant or dynamic) times @p stride to the offset or
 * block index. */
static void
add_index(struct ir_builder *b, struct ir_deref *d, unsigned stride,
          unsigned *const_part, struct ir_def **dyn_part)
{
   unsigned k;
   if (const_index(d->index.def, &k))
      *const_part += k * stride;
   else
      add_dynamic(b, dyn_part, d->index.def, stride);
}

/* Walks the chain ending at @p leaf (see ir_lower_io.c: with @p b NULL it
 * only checks). */
static bool
resolve_access(struct ir_builder *b, struct ir_deref *leaf,
               struct uni_access *acc)
{
   struct ir_deref *chain[64];
   unsigned n = ir_deref_chain(leaf, chain, 64);
   if (!n)
      return false;
   *acc = (struct uni_access){ .var = chain[n - 1]->var };
   const struct ir_type *type = acc->var->type;
   bool row_major = false;
   /* In a row-major matrix column: the stride between its components. */
   unsigned column_stride = 0;
   unsigned i = n - 1;

   if (acc->var->mode == IR_VAR_UBO) {
      /* Indices into an array of blocks select the block. */
      for (; i > 0 && ir_type_is_array(type); i--) {
         struct ir_deref *d = chain[i - 1];
         if (d->deref_kind != IR_DEREF_ARRAY)
            return false;
         type = type->element;
         add_index(b, d, flat_length(type), &acc->const_block, &acc->dyn_block);
      }
      if (!ir_type_is_struct(type))
         return false;
   }

   for (; i-- > 0;) {
      struct ir_deref *d = chain[i];
      if (column_stride)
         return false; /* only a component may follow, handled below */
      if (d->deref_kind == IR_DEREF_STRUCT) {
         if (!ir_type_is_struct(type) || d->field >= type->num_fields)
            return false;
         acc->const_off += field_offset(type, d->field);
         row_major = type->fields[d->field].row_major;
         type = type->fields[d->field].type;
      } else if (ir_type_is_array(type)) {
         add_index(b, d, ir_type_std140_array_stride(type->element, row_major),
                   &acc->const_off, &acc->dyn_off);
         type = type->element;
      } else if (ir_type_is_matrix(type)) {
         const struct ir_type *col = ir_type_column(type);
         unsigned comp = component_size(type);
         if (row_major) {
            /* Rows are vectors of matrix_columns components. */
            const struct ir_type *row =
               ir_type_get_vector(type->base, type->matrix_columns);
            add_index(b, d, comp, &acc->const_off, &acc->dyn_off);
            column_stride = ir_type_std140_array_stride(row, false);
         } else {
            add_index(b, d, ir_type_std140_array_stride(col, false),
                      &acc->const_off, &acc->dyn_off);
         }
         type = col;
         if (column_stride && i > 0) {
            /* A component of the row-major column. */
            struct ir_deref *c = chain[--i];
            if (c->deref_kind != IR_DEREF_ARRAY)
               return false;
            add_index(b, c, column_stride, &acc->const_off, &acc->dyn_off);
            type = ir_type_index(type);
            column_stride = 0;
         }
      } else if (ir_type_is_vector_or_scalar(type) &&
                 type->vector_elements > 1 && d->deref_kind == IR_DEREF_ARRAY) {
         add_index(b, d, component_size(type), &acc->const_off, &acc->dyn_off);
         type = ir_type_index(type);
      } else {
         return false;
      }
   }
   if (!ir_type_is_vector_or_scalar(type))
      return false;
   acc->type = type;
   acc->comp_stride = column_stride ? column_stride : component_size(type);
   return true;
}

/* Bytes of the block (UBO) or of the variable from @p base (default). */
static unsigned
load_range(const struct uni_access *acc, unsigned base)
{
   const struct ir_type *t = acc->var->type;
   if (acc->var->mode == IR_VAR_UBO) {
      while (ir_type_is_array(t))
         t = t->element;
      return ir_type_std140_size(t, false);
   }
   unsigned size = acc->var->driver_location + ir_type_std140_size(t, false);
   return size > base ? size - base : 0;
}

/* Loads @p n components of @p bits bits at constant offset @p extra past
 * the access. */
static struct ir_def *
build_memory_load(struct ir_builder *b, const struct uni_access *acc,
                  unsigned n, unsigned bits, unsigned extra)
{
   struct ir_intrinsic *ld;
   unsigned off = acc->const_off + extra;
   if (acc->var->mode == IR_VAR_UBO) {
      struct ir_def *block =
         ir_imm_int(b, (int32_t)(acc->var->driver_location + acc->const_block));
      if (acc->dyn_block)
         block = ir_build_alu(b, IR_OP_IADD, block, acc->dyn_block, NULL, NULL);
      struct ir_def *offset = acc->dyn_off;
      if (!offset)
         offset = ir_imm_int(b, (int32_t)off);
      else if (off)
         offset = ir_build_alu(b, IR_OP_IADD, offset,
                               ir_imm_int(b, (int32_t)off), NULL, NULL);
      struct ir_def *srcs[2] = { block, offset };
      ld = ir_build_intrinsic(b, IR_INTRINSIC_LOAD_UBO, n, bits, srcs);
      if (ld)
         ir_intrinsic_set_range(ld, (int32_t)load_range(acc, 0));
   } else {
      struct ir_def *offset = acc->dyn_off ? acc->dyn_off : ir_imm_int(b, 0);
      unsigned base = acc->var->driver_location + off;
      ld = ir_build_intrinsic(b, IR_INTRINSIC_LOAD_UNIFORM, n, bits, &offset);
      if (ld) {
         ir_intrinsic_set_base(ld, (int32_t)base);
         ir_intrinsic_set_range(ld, (int32_t)load_range(acc, base));
      }
   }
   return ld ? &ld->def : NULL;
}

static bool
lower_load(struct ir_function *fn, struct ir_intrinsic *intr)
{
   struct ir_deref *leaf = ir_src_as_deref(&intr->src[0]);
   if (!leaf || !leaf->var ||
       (leaf->var->mode != IR_VAR_UNIFORM && leaf->var->mode != IR_VAR_UBO) ||
       is_sampler_type(leaf->var->type))
      return false;
   struct uni_access acc;
   if (!resolve_access(NULL, leaf, &acc))
      return false;
   struct ir_builder b = ir_builder_at(fn, ir_before_instr(&intr->instr));
   resolve_access(&b, leaf, &acc);

   unsigned n = intr->def.num_components;
   bool is_bool = acc.type->base == IR_TYPE_BOOL;
   unsigned bits = is_bool ? 32 : intr->def.bit_size;
   struct ir_def *value;
   if (acc.comp_stride == component_size(acc.type)) {
      value = build_memory_load(&b, &acc, n, bits, 0);
   } else {
      struct ir_def *comps[IR_MAX_VEC];
      for (unsigned c = 0; c < n; c++) {
         comps[c] = build_memory_load(&b, &acc, 1, bits, c * acc.comp_stride);
         if (!comps[c])
            return false;
      }
      value = n == 1 ? comps[0] : ir_vec(&b, comps, n);
   }
   if (value && is_bool) {
      static const union ir_const_value zeros[IR_MAX_VEC];
      value = ir_build_alu(&b, IR_OP_INE, value, ir_build_imm(&b, n, 32, zeros),
                           NULL, NULL);
      if (value && intr->def.bit_size != 1)
         value = ir_build_alu_sized(&b, IR_OP_B2B, intr->def.bit_size, value,
                                    NULL, NULL, NULL);
   }
   if (!value)
      return false;
   ir_def_rewrite_uses(&intr->def, value);
   ir_instr_remove(&intr->instr);
   return true;
}

static bool
is_memory_mode(const struct ir_variable *var)
{
   return (var->mode == IR_VAR_UNIFORM && !is_sampler_type(var->type)) ||
          var->mode == IR_VAR_UBO;
}

static bool
remove_dead_derefs(struct ir_function *fn)
{
   bool removed, any = false;
   do {
      removed = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_rev_safe (block, instr) {
            struct ir_deref *d = ir_instr_as_deref(instr);
            if (d && d->var && is_memory_mode(d->var) &&
                !ir_def_has_uses(&d->def)) {
               ir_instr_remove(instr);
               removed = true;
            }
         }
      }
      any |= removed;
   } while (removed);
   return any;
}

bool
ir_lower_uniforms(struct ir_shader *shader)
{
   bool progress = ir_assign_uniform_locations(shader);
   ir_foreach_function (shader, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
            if (intr && intr->op == IR_INTRINSIC_LOAD_DEREF)
               fn_progress |= lower_load(fn, intr);
         }
      }
      fn_progress |= remove_dead_derefs(fn);
      if (fn_progress)
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
      progress |= fn_progress;
   }
   return progress;
}
