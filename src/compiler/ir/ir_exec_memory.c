/* SPDX-License-Identifier: MIT */

/*
 * Per-lane memory of the interpreter: temporary variables (through
 * derefs) and registers of non-SSA code.
 *
 * Both are "storage": a range of rows of the state, lane l of each row
 * belonging to lane l.  An access at a static offset copies rows; a
 * dynamic one (array index per lane) goes through a row of per-lane row
 * offsets computed by exec_op_deref_array/exec_op_deref_offset, where
 * EXEC_OOB marks an index out of bounds: such a load gives 0 and such a
 * store writes nothing.  Stores write only the running lanes (helpers
 * included: their private memory must be right for derivatives).
 */
#include <string.h>

#include "compiler/ir/ir_exec_alu.h"

/* offset = parent + (index + aux[3]) * aux[1], if index + aux[3] <
 * aux[0]; the parent is a row (src[0][0]) or the constant aux[2]. */
const struct exec_op *
exec_op_deref_array(struct ir_exec_state *st, const struct exec_op *op)
{
   uint32_t *d = exec_row(st, op->dst);
   const uint32_t *index = exec_row(st, op->src[1][0]);
   const uint32_t *parent =
      op->src[0][0] != EXEC_NO_ROW ? exec_row(st, op->src[0][0]) : NULL;
   for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
      uint32_t p = parent ? parent[l] : op->aux[2];
      uint64_t i = (uint64_t)index[l] + op->aux[3];
      d[l] = (p == EXEC_OOB || i >= op->aux[0]) ? EXEC_OOB
                                                : p + (uint32_t)i * op->aux[1];
   }
   return op + 1;
}

/* offset = parent + aux[0]. */
const struct exec_op *
exec_op_deref_offset(struct ir_exec_state *st, const struct exec_op *op)
{
   uint32_t *d = exec_row(st, op->dst);
   const uint32_t *parent = exec_row(st, op->src[0][0]);
   for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++)
      d[l] = parent[l] == EXEC_OOB ? EXEC_OOB : parent[l] + op->aux[0];
   return op + 1;
}

const struct exec_op *
exec_op_load_rows(struct ir_exec_state *st, const struct exec_op *op)
{
   unsigned wpc = exec_wpc(op->bit_size);
   for (unsigned c = 0; c < op->num_components; c++) {
      for (unsigned w = 0; w < wpc; w++) {
         exec_copy_quads(st, exec_row(st, op->dst + c * wpc + w),
                         exec_row(st, op->src[0][c] + w));
      }
   }
   return op + 1;
}

const struct exec_op *
exec_op_store_rows(struct ir_exec_state *st, const struct exec_op *op)
{
   unsigned wpc = exec_wpc(op->bit_size);
   if (!st->exec)
      return op + 1;
   for (unsigned c = 0; c < op->num_components; c++) {
      if (!(op->aux[0] & (1u << c)))
         continue;
      for (unsigned w = 0; w < wpc; w++)
         exec_copy_row_masked(st, op->src[1][c] + w, op->src[0][c] + w);
   }
   return op + 1;
}

/* Storage base row src[0][0], per-lane offsets in src[1][0]. */
const struct exec_op *
exec_op_load_indirect(struct ir_exec_state *st, const struct exec_op *op)
{
   unsigned wpc = exec_wpc(op->bit_size);
   const uint32_t *offsets = exec_row(st, op->src[1][0]);
   size_t width = st->width;
   for (unsigned r = 0; r < op->num_components * wpc; r++) {
      uint32_t *d = exec_row(st, op->dst + r);
      const uint32_t *base = exec_row(st, op->src[0][0] + r);
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
         uint32_t o = offsets[l];
         d[l] = o == EXEC_OOB ? 0 : base[(size_t)o * width + l];
      }
   }
   return op + 1;
}

/* Storage base row dst, per-lane offsets in src[1][0], values in
 * src[0][c], write mask aux[0]. */
const struct exec_op *
exec_op_store_indirect(struct ir_exec_state *st, const struct exec_op *op)
{
   unsigned wpc = exec_wpc(op->bit_size);
   const uint32_t *offsets = exec_row(st, op->src[1][0]);
   size_t width = st->width;
   for (unsigned c = 0; c < op->num_components; c++) {
      if (!(op->aux[0] & (1u << c)))
         continue;
      for (unsigned w = 0; w < wpc; w++) {
         uint32_t *base = exec_row(st, op->dst + c * wpc + w);
         const uint32_t *v = exec_row(st, op->src[0][c] + w);
         for (uint64_t m = st->exec; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint32_t o = offsets[l];
            if (o != EXEC_OOB)
               base[(size_t)o * width + l] = v[l];
         }
      }
   }
   return op + 1;
}

/*
 * copy_deref: aux[2] rows from storage src[0][0] at offset src[0][1] (a
 * row, or the constant aux[0]) to storage src[1][0] at offset src[1][1]
 * (or aux[1]).  An out-of-bounds source copies zeros.
 */
const struct exec_op *
exec_op_copy_rows(struct ir_exec_state *st, const struct exec_op *op)
{
   size_t width = st->width;
   const uint32_t *src_base = exec_row(st, op->src[0][0]);
   uint32_t *dst_base = exec_row(st, op->src[1][0]);
   const uint32_t *src_off =
      op->src[0][1] != EXEC_NO_ROW ? exec_row(st, op->src[0][1]) : NULL;
   const uint32_t *dst_off =
      op->src[1][1] != EXEC_NO_ROW ? exec_row(st, op->src[1][1]) : NULL;
   for (uint64_t m = st->exec; m; m &= m - 1) {
      unsigned l = (unsigned)__builtin_ctzll(m);
      uint32_t so = src_off ? src_off[l] : op->aux[0];
      uint32_t dof = dst_off ? dst_off[l] : op->aux[1];
      if (dof == EXEC_OOB)
         continue;
      for (uint32_t r = 0; r < op->aux[2]; r++) {
         dst_base[((size_t)dof + r) * width + l] =
            so == EXEC_OOB ? 0 : src_base[((size_t)so + r) * width + l];
      }
   }
   return op + 1;
}
