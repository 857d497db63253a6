/* SPDX-License-Identifier: MIT */

/*
 * Decoding the interpreter's memory: constants, temporary variables and
 * derefs into them, registers of non-SSA code and parallel copies (see
 * ir_exec_decode.h for values and rows).
 *
 * - load_const emits nothing: its rows are filled when a state is
 *   created.
 * - A variable gets storage rows: each scalar component of its type,
 *   flattened (arrays element after element, structs field after field,
 *   matrices column after column), takes one row (two for 64 bits).
 *   Initializers become rows written at the start of each run.
 * - Derefs with constant indices are resolved here to a row offset in the
 *   variable; a dynamic index emits an operation computing per-lane
 *   offsets (EXEC_OOB when out of bounds), which loads and stores then
 *   follow.  A constant index out of bounds makes the deref statically
 *   out of bounds (loads give 0, stores vanish).
 * - Registers (decl_reg) are storage like variables; their indirect
 *   accesses reuse the deref offset operation.
 */
#include <string.h>

#include "compiler/ir/ir_exec_decode.h"
#include "util/u_hash.h"

unsigned
exec_type_rows(const struct ir_type *t)
{
   switch (t->base) {
   case IR_TYPE_ARRAY: {
      unsigned elem = exec_type_rows(t->element);
      if (!elem || !t->length || t->length > (1u << 20) / elem)
         return 0;
      return elem * t->length;
   }
   case IR_TYPE_STRUCT: {
      unsigned rows = 0;
      for (unsigned i = 0; i < t->num_fields; i++) {
         unsigned f = exec_type_rows(t->fields[i].type);
         if (!f)
            return 0;
         rows += f;
      }
      return rows;
   }
   default: {
      unsigned bits = ir_base_type_bit_size(t->base);
      if (!bits)
         return 0;
      return t->vector_elements * t->matrix_columns * exec_wpc(bits);
   }
   }
}

bool
exec_def_const_uint(const struct ir_def *def, uint64_t *value)
{
   struct ir_load_const *lc = ir_def_as_load_const(def);
   if (!lc)
      return false;
   switch (def->bit_size) {
   case 1:
      *value = lc->value[0].b;
      return true;
   case 8:
      *value = lc->value[0].u8;
      return true;
   case 16:
      *value = lc->value[0].u16;
      return true;
   case 32:
      *value = lc->value[0].u32;
      return true;
   default:
      *value = lc->value[0].u64;
      return true;
   }
}

/** The words of one constant component. */
static void
const_words(const union ir_const_value *v, unsigned bits, uint32_t *words)
{
   switch (bits) {
   case 1:
      words[0] = v->b ? 1 : 0;
      break;
   case 8:
      words[0] = v->u8;
      break;
   case 16:
      words[0] = v->u16;
      break;
   case 32:
      words[0] = v->u32;
      break;
   default:
      words[0] = (uint32_t)v->u64;
      words[1] = (uint32_t)(v->u64 >> 32);
      break;
   }
}

static bool
add_init(struct exec_decoder *d, struct u_dynarray *inits, uint32_t row,
         uint32_t value)
{
   struct exec_row_init init = { .row = row, .value = value };
   if (!value && inits == &d->var_inits)
      return true; /* storage is zeroed anyway */
   if (!u_dynarray_append(inits, struct exec_row_init, init))
      return exec_decode_fail(d, "out of memory");
   return true;
}

/* ---------------------------------------------------------------------- */
/* Constants, variables                                                   */
/* ---------------------------------------------------------------------- */

bool
exec_decode_load_const(struct exec_decoder *d, struct ir_load_const *lc)
{
   struct ir_def *def = &lc->def;
   unsigned wpc = exec_wpc(def->bit_size);
   int v = exec_new_value(d, def->num_components * wpc, VAL_CONST);
   if (v < 0)
      return false;
   struct exec_def_info *info = exec_def(d, def);
   info->kind = DEF_VALUE;
   info->value = v;
   uint32_t base = exec_value_at(d, v)->vbase;
   for (unsigned c = 0; c < def->num_components; c++) {
      uint32_t words[2] = { 0, 0 };
      const_words(&lc->value[c], def->bit_size, words);
      for (unsigned w = 0; w < wpc; w++) {
         if (!add_init(d, &d->const_inits, base + c * wpc + w, words[w]))
            return false;
      }
   }
   return true;
}

static bool
init_storage(struct exec_decoder *d, uint32_t row, const struct ir_type *t,
             const struct ir_constant *init)
{
   if (!init)
      return true;
   switch (t->base) {
   case IR_TYPE_ARRAY: {
      unsigned stride = exec_type_rows(t->element);
      for (unsigned i = 0; i < t->length && i < init->num_elements; i++) {
         if (!init_storage(d, row + i * stride, t->element, init->elements[i]))
            return false;
      }
      return true;
   }
   case IR_TYPE_STRUCT:
      for (unsigned i = 0; i < t->num_fields && i < init->num_elements; i++) {
         if (!init_storage(d, row, t->fields[i].type, init->elements[i]))
            return false;
         row += exec_type_rows(t->fields[i].type);
      }
      return true;
   default: {
      unsigned bits = ir_base_type_bit_size(t->base);
      unsigned wpc = exec_wpc(bits);
      unsigned n = t->vector_elements * t->matrix_columns;
      for (unsigned k = 0; k < n && k < 16; k++) {
         uint32_t words[2] = { 0, 0 };
         const_words(&init->values[k], bits, words);
         for (unsigned w = 0; w < wpc; w++) {
            if (!add_init(d, &d->var_inits, row + k * wpc + w, words[w]))
               return false;
         }
      }
      return true;
   }
   }
}

/** The storage value of a temporary variable (created on first use). */
static int
var_storage(struct exec_decoder *d, struct ir_variable *var)
{
   struct u_hash_entry *e = u_hash_table_search(d->vars, var);
   if (e)
      return (int)(uintptr_t)e->data - 1;
   if (var->mode != IR_VAR_FUNCTION_TEMP && var->mode != IR_VAR_SHADER_TEMP) {
      exec_decode_fail(d,
                       "variable @%s: only temporaries can be accessed "
                       "through derefs (lower I/O and uniforms first)",
                       var->name ? var->name : "");
      return -1;
   }
   unsigned rows = exec_type_rows(var->type);
   if (!rows) {
      exec_decode_fail(d, "variable @%s: unsupported type",
                       var->name ? var->name : "");
      return -1;
   }
   int v = exec_new_value(d, rows, VAL_STORAGE);
   if (v < 0)
      return -1;
   if (!u_hash_table_insert(d->vars, var, (void *)(uintptr_t)(v + 1))) {
      exec_decode_fail(d, "out of memory");
      return -1;
   }
   if (!init_storage(d, exec_value_at(d, v)->vbase, var->type,
                     var->initializer))
      return -1;
   return v;
}

/* ---------------------------------------------------------------------- */
/* Derefs and registers                                                   */
/* ---------------------------------------------------------------------- */

static struct exec_def_info *
deref_info(struct exec_decoder *d, struct ir_def *def)
{
   if (def->index >= d->num_defs || exec_def(d, def)->kind != DEF_DEREF) {
      exec_decode_fail(d, "%%%u is not a deref", def->index);
      return NULL;
   }
   return exec_def(d, def);
}

/** A one-row value of per-lane offsets written by operation @p idx. */
static uint32_t
new_offsets(struct exec_decoder *d, unsigned idx, int *value)
{
   *value = exec_new_value(d, 1, VAL_INTERVAL);
   if (*value < 0)
      return EXEC_NO_ROW;
   exec_note_write(d, *value, idx);
   return exec_value_at(d, *value)->vbase;
}

/** Row of the per-lane offsets of a dynamic deref, read at @p pos. */
static uint32_t
read_offsets(struct exec_decoder *d, unsigned pos,
             const struct exec_def_info *info)
{
   exec_note_read(d, info->value, pos);
   return exec_value_at(d, info->value)->vbase;
}

/**
 * Offsets of element (@p index + @p add) of an array of @p length
 * elements of @p stride rows, from @p parent (static when not dynamic).
 * Fills @p out (kind, dynamic, oob, static_off, value).
 */
static void
decode_index(struct exec_decoder *d, const struct exec_def_info *parent,
             struct ir_def *index, unsigned add, unsigned length,
             unsigned stride, struct exec_def_info *out)
{
   uint64_t cidx;
   out->kind = DEF_DEREF;
   out->oob = parent->oob;
   if (out->oob)
      return;
   if (exec_def_const_uint(index, &cidx)) {
      cidx += add;
      if (cidx >= length) {
         out->oob = true;
         return;
      }
      if (!parent->dynamic) {
         out->static_off = parent->static_off + (uint32_t)cidx * stride;
         return;
      }
      unsigned idx = exec_emit(d, exec_op_deref_offset);
      struct exec_op *op = exec_op_at(d, idx);
      op->src[0][0] = read_offsets(d, idx, parent);
      op->aux[0] = (uint32_t)cidx * stride;
      out->dynamic = true;
      op->dst = new_offsets(d, idx, &out->value);
      return;
   }
   unsigned idx = exec_emit(d, exec_op_deref_array);
   struct exec_op *op = exec_op_at(d, idx);
   if (parent->dynamic)
      op->src[0][0] = read_offsets(d, idx, parent);
   op->src[1][0] = exec_read_row(d, idx, index, 0);
   op->aux[0] = length;
   op->aux[1] = stride;
   op->aux[2] = parent->dynamic ? 0 : parent->static_off;
   op->aux[3] = add;
   out->dynamic = true;
   op->dst = new_offsets(d, idx, &out->value);
}

bool
exec_decode_deref(struct exec_decoder *d, struct ir_deref *deref)
{
   struct exec_def_info *info = exec_def(d, &deref->def);
   if (deref->deref_kind == IR_DEREF_VAR) {
      info->storage = var_storage(d, deref->var);
      if (info->storage < 0)
         return false;
      info->kind = DEF_DEREF;
      info->var = deref->var;
      info->type = deref->var->type;
      info->static_off = 0;
      return true;
   }

   struct exec_def_info *parent = deref_info(d, deref->parent.def);
   if (!parent)
      return false;
   const struct ir_type *t = parent->type;
   info->var = parent->var;
   info->storage = parent->storage;

   if (deref->deref_kind == IR_DEREF_STRUCT) {
      if (!ir_type_is_struct(t) || deref->field >= t->num_fields)
         return exec_decode_fail(d, "deref_struct of a non-struct");
      unsigned off = 0;
      for (unsigned i = 0; i < deref->field; i++)
         off += exec_type_rows(t->fields[i].type);
      info->type = t->fields[deref->field].type;
      info->kind = DEF_DEREF;
      info->oob = parent->oob;
      if (!parent->dynamic || parent->oob) {
         info->static_off = parent->static_off + off;
         return true;
      }
      unsigned idx = exec_emit(d, exec_op_deref_offset);
      struct exec_op *op = exec_op_at(d, idx);
      op->src[0][0] = read_offsets(d, idx, parent);
      op->aux[0] = off;
      info->dynamic = true;
      op->dst = new_offsets(d, idx, &info->value);
      return true;
   }

   const struct ir_type *elem;
   unsigned length;
   if (ir_type_is_array(t)) {
      elem = t->element;
      length = t->length;
   } else if (ir_type_is_matrix(t)) {
      elem = ir_type_get_vector(t->base, t->vector_elements);
      length = t->matrix_columns;
   } else if (ir_type_is_vector_or_scalar(t)) {
      elem = ir_type_get_scalar(t->base);
      length = t->vector_elements;
   } else {
      return exec_decode_fail(d, "deref_array of a non-array");
   }
   if (!elem)
      return exec_decode_fail(d, "deref_array: unsupported element type");
   info->type = elem;
   decode_index(d, parent, deref->index.def, 0, length, exec_type_rows(elem),
                info);
   return !d->failed;
}

/**
 * Emits a load of @p n components of @p bits bits from storage value
 * @p storage at a static offset, per-lane offsets (@p offsets_row) or
 * out of bounds.
 */
static bool
emit_storage_load(struct exec_decoder *d, struct ir_def *def, int storage,
                  bool oob, bool dynamic, uint32_t static_off,
                  int offsets_value)
{
   unsigned wpc = exec_wpc(def->bit_size);
   uint32_t base = exec_value_at(d, storage)->vbase;
   unsigned idx;
   if (oob) {
      idx = exec_emit(d, exec_op_zero);
   } else if (dynamic) {
      idx = exec_emit(d, exec_op_load_indirect);
      struct exec_op *op = exec_op_at(d, idx);
      op->src[0][0] = base;
      exec_note_read(d, offsets_value, idx);
      op->src[1][0] = exec_value_at(d, offsets_value)->vbase;
   } else {
      idx = exec_emit(d, exec_op_load_rows);
      struct exec_op *op = exec_op_at(d, idx);
      for (unsigned c = 0; c < def->num_components; c++)
         op->src[0][c] = base + static_off + c * wpc;
   }
   struct exec_op *op = exec_op_at(d, idx);
   op->num_components = def->num_components;
   op->bit_size = def->bit_size;
   op->dst = exec_write_rows(d, idx, def);
   exec_finish_def(d, def);
   return !d->failed;
}

/** The store counterpart: @p value's first @p n components under
 * @p write_mask. */
static bool
emit_storage_store(struct exec_decoder *d, struct ir_def *value, unsigned n,
                   unsigned write_mask, int storage, bool oob, bool dynamic,
                   uint32_t static_off, int offsets_value)
{
   if (oob)
      return true;
   if (value->num_components < n)
      return exec_decode_fail(d,
                              "store of %u components from a %u-component "
                              "value",
                              n, value->num_components);
   unsigned wpc = exec_wpc(value->bit_size);
   uint32_t base = exec_value_at(d, storage)->vbase;
   unsigned idx =
      exec_emit(d, dynamic ? exec_op_store_indirect : exec_op_store_rows);
   struct exec_op *op = exec_op_at(d, idx);
   op->num_components = (uint8_t)n;
   op->bit_size = value->bit_size;
   op->aux[0] = write_mask;
   for (unsigned c = 0; c < n; c++) {
      op->src[0][c] = exec_read_row(d, idx, value, c);
      op = exec_op_at(d, idx);
      if (!dynamic)
         op->src[1][c] = base + static_off + c * wpc;
   }
   if (dynamic) {
      op->dst = base;
      exec_note_read(d, offsets_value, idx);
      op->src[1][0] = exec_value_at(d, offsets_value)->vbase;
   }
   return !d->failed;
}

static bool
check_deref_access(struct exec_decoder *d, const struct exec_def_info *info,
                   unsigned n, unsigned bits)
{
   const struct ir_type *t = info->type;
   if (!ir_type_is_vector_or_scalar(t) || t->vector_elements != n ||
       ir_base_type_bit_size(t->base) != bits)
      return exec_decode_fail(d,
                              "deref access of %u x %u bits to a variable "
                              "part of another type",
                              n, bits);
   return true;
}

bool
exec_decode_deref_access(struct exec_decoder *d, struct ir_intrinsic *intr)
{
   struct exec_def_info *info = deref_info(d, intr->src[0].def);
   if (!info)
      return false;
   if (intr->op == IR_INTRINSIC_LOAD_DEREF) {
      if (!check_deref_access(d, info, intr->def.num_components,
                              intr->def.bit_size))
         return false;
      return emit_storage_load(d, &intr->def, info->storage, info->oob,
                               info->dynamic, info->static_off, info->value);
   }
   struct ir_def *value = intr->src[1].def;
   if (!check_deref_access(d, info, intr->num_components, value->bit_size))
      return false;
   return emit_storage_store(
      d, value, intr->num_components, (unsigned)ir_intrinsic_write_mask(intr),
      info->storage, info->oob, info->dynamic, info->static_off, info->value);
}

bool
exec_decode_copy_deref(struct exec_decoder *d, struct ir_intrinsic *intr)
{
   struct exec_def_info *dst = deref_info(d, intr->src[0].def);
   struct exec_def_info *src = deref_info(d, intr->src[1].def);
   if (!dst || !src)
      return false;
   unsigned rows = exec_type_rows(dst->type);
   if (!rows || rows != exec_type_rows(src->type))
      return exec_decode_fail(d, "copy_deref between different types");
   if (dst->oob)
      return true;
   unsigned idx = exec_emit(d, exec_op_copy_rows);
   struct exec_op *op = exec_op_at(d, idx);
   op->src[0][0] = exec_value_at(d, src->storage)->vbase;
   op->src[1][0] = exec_value_at(d, dst->storage)->vbase;
   op->aux[0] = src->oob ? EXEC_OOB : src->static_off;
   op->aux[1] = dst->static_off;
   op->aux[2] = rows;
   if (src->dynamic && !src->oob)
      op->src[0][1] = read_offsets(d, idx, src);
   op = exec_op_at(d, idx);
   if (dst->dynamic)
      op->src[1][1] = read_offsets(d, idx, dst);
   return !d->failed;
}

bool
exec_decode_decl_reg(struct exec_decoder *d, struct ir_intrinsic *intr)
{
   int comps = ir_intrinsic_num_components(intr);
   int bits = ir_intrinsic_bit_size(intr);
   int elems = ir_intrinsic_num_array_elems(intr);
   if (comps < 1 || comps > 4 || elems < 0 || elems > (1 << 16) ||
       (bits != 1 && bits != 8 && bits != 16 && bits != 32 && bits != 64))
      return exec_decode_fail(d, "decl_reg: bad size");
   struct exec_def_info *info = exec_def(d, &intr->def);
   info->kind = DEF_REG;
   info->reg_elems = elems ? (unsigned)elems : 1;
   info->reg_stride = (unsigned)comps * exec_wpc((unsigned)bits);
   info->value =
      exec_new_value(d, info->reg_elems * info->reg_stride, VAL_STORAGE);
   return info->value >= 0;
}

static struct exec_def_info *
reg_info(struct exec_decoder *d, struct ir_def *def)
{
   if (def->index >= d->num_defs || exec_def(d, def)->kind != DEF_REG) {
      exec_decode_fail(d, "%%%u is not a register", def->index);
      return NULL;
   }
   return exec_def(d, def);
}

bool
exec_decode_reg_access(struct exec_decoder *d, struct ir_intrinsic *intr)
{
   bool is_load = intr->op == IR_INTRINSIC_LOAD_REG ||
                  intr->op == IR_INTRINSIC_LOAD_REG_INDIRECT;
   bool indirect = intr->op == IR_INTRINSIC_LOAD_REG_INDIRECT ||
                   intr->op == IR_INTRINSIC_STORE_REG_INDIRECT;
   struct ir_def *reg_def = intr->src[is_load ? 0 : 1].def;
   struct exec_def_info *reg = reg_info(d, reg_def);
   if (!reg)
      return false;
   int base = ir_intrinsic_base(intr);
   if (base < 0)
      return exec_decode_fail(d, "register access with a negative base");

   struct exec_def_info where = { .kind = DEF_DEREF, .value = -1 };
   if (indirect) {
      struct exec_def_info whole = { .kind = DEF_DEREF };
      decode_index(d, &whole, intr->src[is_load ? 1 : 2].def, (unsigned)base,
                   reg->reg_elems, reg->reg_stride, &where);
   } else if ((unsigned)base >= reg->reg_elems) {
      where.oob = true;
   } else {
      where.static_off = (unsigned)base * reg->reg_stride;
   }
   if (d->failed)
      return false;

   if (is_load) {
      if (intr->def.num_components * exec_wpc(intr->def.bit_size) >
          reg->reg_stride)
         return exec_decode_fail(d, "load_reg larger than the register");
      return emit_storage_load(d, &intr->def, reg->value, where.oob,
                               where.dynamic, where.static_off, where.value);
   }
   struct ir_def *value = intr->src[0].def;
   unsigned n = intr->num_components;
   if (n * exec_wpc(value->bit_size) > reg->reg_stride)
      return exec_decode_fail(d, "store_reg larger than the register");
   return emit_storage_store(
      d, value, n, (unsigned)ir_intrinsic_write_mask(intr), reg->value,
      where.oob, where.dynamic, where.static_off, where.value);
}

bool
exec_decode_parallel_copy(struct exec_decoder *d, struct ir_parallel_copy *pc)
{
   unsigned rows = 0;
   u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link)
      rows += e->src.def->num_components * exec_wpc(e->src.def->bit_size);
   if (!rows)
      return true;
   struct exec_copy_list *list = u_arena_zalloc(
      d->prog->arena, sizeof(*list) + rows * sizeof(struct exec_copy));
   if (!list)
      return exec_decode_fail(d, "out of memory");
   unsigned idx = exec_emit(d, exec_op_phi_copy);
   unsigned n = 0;
   u_list_foreach (struct ir_parallel_copy_entry, e, &pc->entries, link) {
      struct exec_def_info *reg = reg_info(d, e->dest_reg.def);
      if (!reg)
         return false;
      unsigned wpc = exec_wpc(e->src.def->bit_size);
      unsigned comps = e->src.def->num_components;
      if (comps * wpc > reg->reg_stride)
         return exec_decode_fail(d, "parallel_copy into a smaller register");
      uint32_t base = exec_value_at(d, reg->value)->vbase;
      for (unsigned c = 0; c < comps; c++) {
         for (unsigned w = 0; w < wpc; w++) {
            list->copies[n].src = exec_read_row(d, idx, e->src.def, c) + w;
            list->copies[n].dst = base + c * wpc + w;
            exec_data_row(d, &list->copies[n].src);
            exec_data_row(d, &list->copies[n].dst);
            n++;
         }
      }
   }
   list->num = n;
   list->scratch = EXEC_NO_ROW;
   exec_op_at(d, idx)->data = list;
   return !d->failed;
}
