/* SPDX-License-Identifier: MIT */

/*
 * Decoding one instruction into interpreter operations (see
 * ir_exec_decode.h for values and rows).
 *
 * - ALU: one operation; the handler is chosen once (exec_alu_select()),
 *   with the row of every swizzled source component precomputed.
 * - undef emits nothing: it reads rows that are always zero.
 * - Intrinsics and textures: one operation each; a constant offset or
 *   block index is folded into the operation.
 * - Constants, variables, derefs and registers: ir_exec_decode_memory.c.
 */
#include <string.h>

#include "compiler/ir/ir_exec_decode.h"

/* ---------------------------------------------------------------------- */
/* ALU                                                                    */
/* ---------------------------------------------------------------------- */

static bool
decode_alu(struct exec_decoder *d, struct ir_alu *alu)
{
   const struct ir_op_info *info = &ir_op_infos[alu->op];
   unsigned n = alu->def.num_components;
   if (n < 1 || n > 4)
      return exec_decode_fail(d, "%s: bad component count", info->name);

   /* The constant evaluator tells which bit sizes the opcode accepts. */
   unsigned src_bits[4] = { 0 };
   static const union ir_const_value zeros[4];
   const union ir_const_value *srcs[4] = { zeros, zeros, zeros, zeros };
   union ir_const_value out[4];
   for (unsigned i = 0; i < info->num_inputs; i++)
      src_bits[i] = alu->src[i].src.def->bit_size;
   if (!ir_eval_alu_op(alu->op, n, alu->def.bit_size, src_bits, srcs, out,
                       &d->prog->mode))
      return exec_decode_fail(d, "%s: unsupported bit sizes", info->name);

   unsigned idx = exec_emit(d, exec_alu_select(alu, &d->prog->mode));
   struct exec_op *op = exec_op_at(d, idx);
   op->alu_op = (uint16_t)alu->op;
   op->num_components = (uint8_t)n;
   op->bit_size = alu->def.bit_size;
   op->num_srcs = info->num_inputs;
   for (unsigned i = 0; i < info->num_inputs; i++) {
      struct ir_def *src = alu->src[i].src.def;
      unsigned comps = info->input_sizes[i] ? info->input_sizes[i] : n;
      op = exec_op_at(d, idx);
      op->src_bits[i] = src->bit_size;
      op->src_comps[i] = (uint8_t)comps;
      for (unsigned c = 0; c < comps; c++) {
         unsigned swz = alu->src[i].swizzle[c];
         if (swz >= src->num_components)
            return exec_decode_fail(d, "%s: swizzle beyond the source",
                                    info->name);
         uint32_t row = exec_read_row(d, idx, src, swz);
         exec_op_at(d, idx)->src[i][c] = row;
      }
   }
   uint32_t dst = exec_write_rows(d, idx, &alu->def);
   exec_op_at(d, idx)->dst = dst;
   exec_finish_def(d, &alu->def);
   return !d->failed;
}

/* ---------------------------------------------------------------------- */
/* Intrinsics                                                             */
/* ---------------------------------------------------------------------- */

static int
sysval_of(enum ir_intrinsic_op op)
{
   switch (op) {
   case IR_INTRINSIC_LOAD_FRAG_COORD:
      return IR_EXEC_SYSVAL_FRAG_COORD;
   case IR_INTRINSIC_LOAD_FRONT_FACE:
      return IR_EXEC_SYSVAL_FRONT_FACE;
   case IR_INTRINSIC_LOAD_POINT_COORD:
      return IR_EXEC_SYSVAL_POINT_COORD;
   case IR_INTRINSIC_LOAD_SAMPLE_ID:
      return IR_EXEC_SYSVAL_SAMPLE_ID;
   case IR_INTRINSIC_LOAD_SAMPLE_POS:
      return IR_EXEC_SYSVAL_SAMPLE_POS;
   case IR_INTRINSIC_LOAD_SAMPLE_MASK_IN:
      return IR_EXEC_SYSVAL_SAMPLE_MASK_IN;
   case IR_INTRINSIC_LOAD_PRIMITIVE_ID:
      return IR_EXEC_SYSVAL_PRIMITIVE_ID;
   case IR_INTRINSIC_LOAD_LAYER_ID:
      return IR_EXEC_SYSVAL_LAYER_ID;
   case IR_INTRINSIC_LOAD_VERTEX_ID:
      return IR_EXEC_SYSVAL_VERTEX_ID;
   case IR_INTRINSIC_LOAD_INSTANCE_ID:
      return IR_EXEC_SYSVAL_INSTANCE_ID;
   case IR_INTRINSIC_LOAD_BASE_VERTEX:
      return IR_EXEC_SYSVAL_BASE_VERTEX;
   case IR_INTRINSIC_LOAD_BASE_INSTANCE:
      return IR_EXEC_SYSVAL_BASE_INSTANCE;
   case IR_INTRINSIC_LOAD_INVOCATION_ID:
      return IR_EXEC_SYSVAL_INVOCATION_ID;
   default:
      return -1;
   }
}

/** Emits an operation producing @p intr's def; @p fn does the work. */
static unsigned
emit_def_op(struct exec_decoder *d, struct ir_intrinsic *intr, exec_fn fn)
{
   unsigned idx = exec_emit(d, fn);
   struct exec_op *op = exec_op_at(d, idx);
   op->num_components = intr->def.num_components;
   op->bit_size = intr->def.bit_size;
   return idx;
}

static void
finish_def_op(struct exec_decoder *d, unsigned idx, struct ir_def *def)
{
   uint32_t dst = exec_write_rows(d, idx, def);
   exec_op_at(d, idx)->dst = dst;
   exec_finish_def(d, def);
}

/** A source that is folded when constant: returns its row, or NO_ROW and
 * adds the constant to *@p add. */
static uint32_t
folded_src(struct exec_decoder *d, unsigned idx, struct ir_def *def,
           uint32_t *add)
{
   uint64_t c;
   if (exec_def_const_uint(def, &c)) {
      *add += (uint32_t)c;
      return EXEC_NO_ROW;
   }
   return exec_read_row(d, idx, def, 0);
}

static bool
decode_io(struct exec_decoder *d, struct ir_intrinsic *intr)
{
   unsigned idx;
   switch (intr->op) {
   case IR_INTRINSIC_LOAD_INPUT:
   case IR_INTRINSIC_LOAD_OUTPUT: {
      idx =
         emit_def_op(d, intr,
                     intr->op == IR_INTRINSIC_LOAD_INPUT ? exec_op_load_input
                                                         : exec_op_load_output);
      uint32_t base = (uint32_t)ir_intrinsic_base(intr);
      uint32_t row = folded_src(d, idx, intr->src[0].def, &base);
      struct exec_op *op = exec_op_at(d, idx);
      op->src[0][0] = row;
      op->aux[0] = base;
      op->aux[1] = (uint32_t)ir_intrinsic_component(intr);
      finish_def_op(d, idx, &intr->def);
      return !d->failed;
   }
   case IR_INTRINSIC_STORE_OUTPUT: {
      struct ir_def *value = intr->src[0].def;
      unsigned n = intr->num_components;
      if (n < 1 || n > 4 || value->num_components < n)
         return exec_decode_fail(d, "store_output: bad component count");
      idx = exec_emit(d, exec_op_store_output);
      uint32_t base = (uint32_t)ir_intrinsic_base(intr);
      uint32_t row = folded_src(d, idx, intr->src[1].def, &base);
      struct exec_op *op = exec_op_at(d, idx);
      op->src[1][0] = row;
      op->aux[0] = base;
      op->aux[1] = (uint32_t)ir_intrinsic_component(intr);
      op->aux[2] = (uint32_t)ir_intrinsic_write_mask(intr);
      op->num_components = (uint8_t)n;
      op->bit_size = value->bit_size;
      for (unsigned c = 0; c < n; c++) {
         row = exec_read_row(d, idx, value, c);
         exec_op_at(d, idx)->src[0][c] = row;
      }
      return !d->failed;
   }
   case IR_INTRINSIC_LOAD_UNIFORM: {
      idx = emit_def_op(d, intr, exec_op_load_uniform);
      uint32_t base = (uint32_t)ir_intrinsic_base(intr);
      uint32_t row = folded_src(d, idx, intr->src[0].def, &base);
      exec_op_at(d, idx)->src[0][0] = row;
      exec_op_at(d, idx)->aux[0] = base;
      finish_def_op(d, idx, &intr->def);
      return !d->failed;
   }
   case IR_INTRINSIC_LOAD_UBO: {
      idx = emit_def_op(d, intr, exec_op_load_ubo);
      uint32_t block = 0, offset = 0;
      uint32_t block_row = folded_src(d, idx, intr->src[0].def, &block);
      uint32_t offset_row = folded_src(d, idx, intr->src[1].def, &offset);
      struct exec_op *op = exec_op_at(d, idx);
      op->src[0][0] = block_row;
      op->src[1][0] = offset_row;
      op->aux[0] = block;
      op->aux[1] = offset;
      finish_def_op(d, idx, &intr->def);
      return !d->failed;
   }
   default:
      return exec_decode_fail(d, "unexpected I/O intrinsic");
   }
}

static bool
decode_intrinsic(struct exec_decoder *d, struct ir_intrinsic *intr)
{
   const char *name = ir_intrinsic_infos[intr->op].name;
   int sysval = sysval_of(intr->op);
   if (sysval >= 0) {
      unsigned idx = emit_def_op(d, intr, exec_op_sysval);
      exec_op_at(d, idx)->aux[0] = (uint32_t)sysval;
      finish_def_op(d, idx, &intr->def);
      return !d->failed;
   }

   switch (intr->op) {
   case IR_INTRINSIC_LOAD_DEREF:
   case IR_INTRINSIC_STORE_DEREF:
      return exec_decode_deref_access(d, intr);
   case IR_INTRINSIC_COPY_DEREF:
      return exec_decode_copy_deref(d, intr);

   case IR_INTRINSIC_DECL_REG:
      return exec_decode_decl_reg(d, intr);
   case IR_INTRINSIC_LOAD_REG:
   case IR_INTRINSIC_LOAD_REG_INDIRECT:
   case IR_INTRINSIC_STORE_REG:
   case IR_INTRINSIC_STORE_REG_INDIRECT:
      return exec_decode_reg_access(d, intr);

   case IR_INTRINSIC_LOAD_INPUT:
   case IR_INTRINSIC_LOAD_OUTPUT:
   case IR_INTRINSIC_STORE_OUTPUT:
   case IR_INTRINSIC_LOAD_UNIFORM:
   case IR_INTRINSIC_LOAD_UBO:
      return decode_io(d, intr);

   case IR_INTRINSIC_DISCARD:
   case IR_INTRINSIC_DISCARD_IF:
   case IR_INTRINSIC_DEMOTE:
   case IR_INTRINSIC_DEMOTE_IF: {
      bool kill = intr->op == IR_INTRINSIC_DISCARD ||
                  intr->op == IR_INTRINSIC_DISCARD_IF;
      bool cond = intr->op == IR_INTRINSIC_DISCARD_IF ||
                  intr->op == IR_INTRINSIC_DEMOTE_IF;
      unsigned idx = exec_emit(d, exec_op_discard);
      exec_op_at(d, idx)->aux[0] = kill;
      if (cond) {
         uint32_t row = exec_read_row(d, idx, intr->src[0].def, 0);
         exec_op_at(d, idx)->src[0][0] = row;
      }
      return !d->failed;
   }
   case IR_INTRINSIC_IS_HELPER_INVOCATION: {
      unsigned idx = emit_def_op(d, intr, exec_op_is_helper);
      finish_def_op(d, idx, &intr->def);
      return !d->failed;
   }

   case IR_INTRINSIC_DDX:
   case IR_INTRINSIC_DDY:
   case IR_INTRINSIC_DDX_FINE:
   case IR_INTRINSIC_DDY_FINE:
   case IR_INTRINSIC_DDX_COARSE:
   case IR_INTRINSIC_DDY_COARSE: {
      exec_fn fn = exec_deriv_select(intr->op, intr->def.bit_size);
      struct ir_def *src = intr->src[0].def;
      if (!fn || src->bit_size != intr->def.bit_size ||
          src->num_components < intr->def.num_components)
         return exec_decode_fail(d, "%s: unsupported size", name);
      unsigned idx = emit_def_op(d, intr, fn);
      for (unsigned c = 0; c < intr->def.num_components; c++) {
         uint32_t row = exec_read_row(d, idx, src, c);
         exec_op_at(d, idx)->src[0][c] = row;
      }
      finish_def_op(d, idx, &intr->def);
      return !d->failed;
   }

   case IR_INTRINSIC_BARRIER:
   case IR_INTRINSIC_MEMORY_BARRIER:
      /* A group runs in lock step. */
      return true;

   case IR_INTRINSIC_EMIT_VERTEX:
   case IR_INTRINSIC_END_PRIMITIVE: {
      unsigned idx = exec_emit(d, intr->op == IR_INTRINSIC_EMIT_VERTEX
                                     ? exec_op_emit_vertex
                                     : exec_op_end_primitive);
      exec_op_at(d, idx)->aux[0] = (uint32_t)ir_intrinsic_stream(intr);
      return !d->failed;
   }

   default:
      return exec_decode_fail(d, "unsupported intrinsic %s", name);
   }
}

/* ---------------------------------------------------------------------- */
/* Textures                                                               */
/* ---------------------------------------------------------------------- */

static bool
decode_tex(struct exec_decoder *d, struct ir_tex *tex)
{
   if (tex->def.num_components > 4 || tex->def.bit_size == 64)
      return exec_decode_fail(d, "tex: unsupported destination size");
   struct exec_tex_data *data =
      u_arena_zalloc(d->prog->arena, sizeof(struct exec_tex_data));
   if (!data)
      return exec_decode_fail(d, "out of memory");
   data->tex = tex;
   unsigned idx = exec_emit(d, exec_op_tex);
   for (unsigned i = 0; i < tex->num_srcs; i++) {
      struct ir_def *src = tex->src[i].src.def;
      enum ir_tex_src_kind kind = tex->src[i].kind;
      if (kind >= IR_TEX_SRC_COUNT || src->bit_size == 64 ||
          data->num_components[kind])
         return exec_decode_fail(d, "tex: unsupported source");
      data->num_components[kind] = src->num_components;
      for (unsigned c = 0; c < src->num_components; c++) {
         data->rows[kind][c] = exec_read_row(d, idx, src, c);
         exec_data_row(d, &data->rows[kind][c]);
      }
   }
   struct exec_op *op = exec_op_at(d, idx);
   op->data = data;
   op->num_components = tex->def.num_components;
   op->bit_size = tex->def.bit_size;
   uint32_t dst = exec_write_rows(d, idx, &tex->def);
   exec_op_at(d, idx)->dst = dst;
   exec_finish_def(d, &tex->def);
   return !d->failed;
}

bool
exec_decode_instr(struct exec_decoder *d, struct ir_instr *instr)
{
   struct ir_def *def = ir_instr_def(instr);
   if (def && def->index >= d->num_defs)
      return exec_decode_fail(d,
                              "def %%%u has an index beyond the "
                              "function's",
                              def->index);
   if (def &&
       (def->num_components < 1 || def->num_components > 4 ||
        (def->bit_size != 1 && def->bit_size != 8 && def->bit_size != 16 &&
         def->bit_size != 32 && def->bit_size != 64)))
      return exec_decode_fail(d, "def %%%u: unsupported size", def->index);

   switch (instr->kind) {
   case IR_INSTR_ALU:
      return decode_alu(d, ir_instr_as_alu(instr));
   case IR_INSTR_DEREF:
      return exec_decode_deref(d, ir_instr_as_deref(instr));
   case IR_INSTR_INTRINSIC:
      return decode_intrinsic(d, ir_instr_as_intrinsic(instr));
   case IR_INSTR_TEX:
      return decode_tex(d, ir_instr_as_tex(instr));
   case IR_INSTR_LOAD_CONST:
      return exec_decode_load_const(d, ir_instr_as_load_const(instr));
   case IR_INSTR_UNDEF: {
      struct exec_def_info *info = exec_def(d, def);
      info->kind = DEF_VALUE;
      info->value = d->zero_value;
      return true;
   }
   case IR_INSTR_PARALLEL_COPY:
      return exec_decode_parallel_copy(d, ir_instr_as_parallel_copy(instr));
   default:
      return exec_decode_fail(d, "unexpected instruction");
   }
}
