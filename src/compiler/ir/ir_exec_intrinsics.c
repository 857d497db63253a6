/* SPDX-License-Identifier: MIT */

/*
 * Intrinsics of the interpreter: shader inputs and outputs, uniforms and
 * uniform blocks, system values, discard/demote and helper lanes,
 * derivatives and textures.
 *
 * Inputs and outputs are [slot][component][lane] arrays of words (see
 * ir_exec.h); component k of a load at base B and first component C is
 * 32-bit component C + k (C + 2k and C + 2k + 1 for 64-bit values), slots
 * following on.  Every access outside the arrays or buffers reads 0 or
 * writes nothing.
 */
#include <string.h>

#include "compiler/ir/ir_exec_alu.h"

/** Makes the word @p w of a value of @p bits bits canonical (booleans 0 or
 * 1, smaller sizes zero-extended). */
static inline uint32_t
canonical(uint32_t w, unsigned bits)
{
   switch (bits) {
   case 1:
      return w != 0;
   case 8:
      return w & 0xff;
   case 16:
      return w & 0xffff;
   default:
      return w;
   }
}

/* ---------------------------------------------------------------------- */
/* Inputs and outputs                                                     */
/* ---------------------------------------------------------------------- */

/** Word row @p k (32-bit component index from the first component) of
 * slot array @p arr, or NULL beyond it. */
static inline const uint32_t *
io_row(const uint32_t *arr, unsigned num_slots, unsigned width, uint64_t slot,
       unsigned k)
{
   slot += k / 4;
   if (!arr || slot >= num_slots)
      return NULL;
   return arr + ((size_t)slot * 4 + k % 4) * width;
}

static const struct exec_op *
load_io(struct ir_exec_state *st, const struct exec_op *op, const uint32_t *arr,
        unsigned num_slots)
{
   unsigned wpc = exec_wpc(op->bit_size);
   unsigned words = op->num_components * wpc;
   size_t lo = EXEC_LANE_LO, hi = EXEC_LANE_HI;
   if (op->src[0][0] == EXEC_NO_ROW) {
      /* The same slot for every lane. */
      for (unsigned k = 0; k < words; k++) {
         uint32_t *d = exec_row(st, op->dst + k);
         const uint32_t *src =
            io_row(arr, num_slots, st->width, op->aux[0], op->aux[1] + k);
         if (!src) {
            memset(d + lo, 0, (hi - lo) * sizeof(uint32_t));
         } else if (op->bit_size >= 32) {
            exec_copy_quads(st, d, src);
         } else {
            for (size_t l = lo; l < hi; l++)
               d[l] = canonical(src[l], op->bit_size);
         }
      }
      return op + 1;
   }
   const uint32_t *off = exec_row(st, op->src[0][0]);
   for (unsigned k = 0; k < words; k++) {
      uint32_t *d = exec_row(st, op->dst + k);
      unsigned comp = op->aux[1] + k;
      for (size_t l = lo; l < hi; l++) {
         uint64_t slot = (uint64_t)op->aux[0] + off[l];
         const uint32_t *src = io_row(arr, num_slots, st->width, slot, comp);
         d[l] = src ? canonical(src[l], op->bit_size) : 0;
      }
   }
   return op + 1;
}

const struct exec_op *
exec_op_load_input(struct ir_exec_state *st, const struct exec_op *op)
{
   return load_io(st, op, st->io->inputs, st->io->num_input_slots);
}

const struct exec_op *
exec_op_load_output(struct ir_exec_state *st, const struct exec_op *op)
{
   return load_io(st, op, st->io->outputs, st->io->num_output_slots);
}

/** Copies @p src to @p dst in the lanes of @p mask (quads qlo..qhi). */
static void
copy_lanes_masked(const struct ir_exec_state *st, uint32_t *dst,
                  const uint32_t *src, uint64_t mask)
{
   for (unsigned q = st->qlo; q < st->qhi; q++) {
      unsigned m = (unsigned)(mask >> (4 * q)) & 0xf;
      if (m == 0xf) {
         memcpy(dst + 4 * q, src + 4 * q, 4 * sizeof(uint32_t));
      } else if (m) {
         for (unsigned i = 0; i < 4; i++) {
            if (m & (1u << i))
               dst[4 * q + i] = src[4 * q + i];
         }
      }
   }
}

const struct exec_op *
exec_op_store_output(struct ir_exec_state *st, const struct exec_op *op)
{
   const struct ir_exec_io *io = st->io;
   uint64_t mask = exec_live_mask(st);
   if (!mask || !io->outputs)
      return op + 1;
   unsigned wpc = exec_wpc(op->bit_size);
   const uint32_t *off =
      op->src[1][0] != EXEC_NO_ROW ? exec_row(st, op->src[1][0]) : NULL;
   for (unsigned c = 0; c < op->num_components; c++) {
      if (!(op->aux[2] & (1u << c)))
         continue;
      for (unsigned w = 0; w < wpc; w++) {
         const uint32_t *v = exec_row(st, op->src[0][c] + w);
         unsigned comp = op->aux[1] + c * wpc + w;
         if (!off) {
            uint32_t *dst = (uint32_t *)io_row(
               io->outputs, io->num_output_slots, st->width, op->aux[0], comp);
            if (dst)
               copy_lanes_masked(st, dst, v, mask);
            continue;
         }
         for (uint64_t m = mask; m; m &= m - 1) {
            unsigned l = (unsigned)__builtin_ctzll(m);
            uint64_t slot = (uint64_t)op->aux[0] + off[l];
            uint32_t *dst = (uint32_t *)io_row(
               io->outputs, io->num_output_slots, st->width, slot, comp);
            if (dst)
               dst[l] = v[l];
         }
      }
   }
   return op + 1;
}

/* ---------------------------------------------------------------------- */
/* Uniforms                                                               */
/* ---------------------------------------------------------------------- */

/** Reads @p bits bits at byte @p offset of a buffer of @p size bytes as a
 * value's words (0 outside it). */
static inline void
read_buffer(const void *buf, size_t size, uint64_t offset, unsigned bits,
            uint32_t words[2])
{
   unsigned bytes = bits == 64 ? 8 : bits == 16 ? 2 : bits == 8 ? 1 : 4;
   words[0] = words[1] = 0;
   if (!buf || offset > size || size - offset < bytes)
      return;
   const uint8_t *p = (const uint8_t *)buf + offset;
   switch (bytes) {
   case 1:
      words[0] = p[0];
      break;
   case 2: {
      uint16_t v;
      memcpy(&v, p, sizeof(v));
      words[0] = v;
      break;
   }
   case 4:
      memcpy(&words[0], p, 4);
      words[0] = canonical(words[0], bits);
      break;
   default: {
      uint64_t v;
      memcpy(&v, p, sizeof(v));
      words[0] = (uint32_t)v;
      words[1] = (uint32_t)(v >> 32);
      break;
   }
   }
}

/** Loads from per-lane buffers and offsets (@p block_row, @p offset_row
 * may be NO_ROW: then aux[0] and aux[1] are the block and offset). */
static const struct exec_op *
load_buffer(struct ir_exec_state *st, const struct exec_op *op, bool ubo)
{
   const struct ir_exec_io *io = st->io;
   unsigned wpc = exec_wpc(op->bit_size);
   unsigned stride = op->bit_size == 1 ? 4 : op->bit_size / 8;
   uint32_t block_row = ubo ? op->src[0][0] : EXEC_NO_ROW;
   uint32_t offset_row = ubo ? op->src[1][0] : op->src[0][0];
   uint32_t block_base = ubo ? op->aux[0] : 0;
   uint32_t offset_base = ubo ? op->aux[1] : op->aux[0];
   const uint32_t *blocks =
      block_row != EXEC_NO_ROW ? exec_row(st, block_row) : NULL;
   const uint32_t *offsets =
      offset_row != EXEC_NO_ROW ? exec_row(st, offset_row) : NULL;
   uint32_t *dst[8];
   for (unsigned r = 0; r < op->num_components * wpc; r++)
      dst[r] = exec_row(st, op->dst + r);

   for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
      const void *buf = io->uniforms;
      size_t size = io->uniform_size;
      if (ubo) {
         uint64_t block = (uint64_t)block_base + (blocks ? blocks[l] : 0);
         buf = NULL;
         size = 0;
         if (io->ubos && block < io->num_ubos) {
            buf = io->ubos[block];
            size = io->ubo_sizes ? io->ubo_sizes[block] : 0;
         }
      }
      uint64_t offset = (uint64_t)offset_base + (offsets ? offsets[l] : 0);
      for (unsigned c = 0; c < op->num_components; c++) {
         uint32_t words[2];
         read_buffer(buf, size, offset + (uint64_t)c * stride, op->bit_size,
                     words);
         for (unsigned w = 0; w < wpc; w++)
            dst[c * wpc + w][l] = words[w];
      }
      if (!blocks && !offsets) {
         /* Uniform address: the first lane's words serve all. */
         for (unsigned r = 0; r < op->num_components * wpc; r++) {
            for (size_t k = l + 1; k < EXEC_LANE_HI; k++)
               dst[r][k] = dst[r][l];
         }
         break;
      }
   }
   return op + 1;
}

const struct exec_op *
exec_op_load_uniform(struct ir_exec_state *st, const struct exec_op *op)
{
   return load_buffer(st, op, false);
}

const struct exec_op *
exec_op_load_ubo(struct ir_exec_state *st, const struct exec_op *op)
{
   return load_buffer(st, op, true);
}

/* ---------------------------------------------------------------------- */
/* System values, helpers, discard                                        */
/* ---------------------------------------------------------------------- */

const struct exec_op *
exec_op_sysval(struct ir_exec_state *st, const struct exec_op *op)
{
   const struct ir_exec_io *io = st->io;
   unsigned v = op->aux[0];
   unsigned wpc = exec_wpc(op->bit_size);
   bool is_bool = v == IR_EXEC_SYSVAL_FRONT_FACE;
   for (unsigned k = 0; k < op->num_components * wpc && k < 4; k++) {
      uint32_t *d = exec_row(st, op->dst + k);
      const uint32_t *lanes = io->sysval_lanes[v]
                                 ? io->sysval_lanes[v] + (size_t)k * st->width
                                 : NULL;
      for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++) {
         uint32_t w = lanes ? lanes[l] : io->sysval[v][k];
         if (is_bool && op->bit_size == 32)
            w = w ? 0xffffffffu : 0;
         d[l] = canonical(w, op->bit_size);
      }
   }
   return op + 1;
}

/* Geometry shaders: the callbacks see the lanes still running. */
const struct exec_op *
exec_op_emit_vertex(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t mask = exec_live_mask(st);
   if (mask && st->io->emit_vertex)
      st->io->emit_vertex(st->io->gs_data, op->aux[0], mask);
   return op + 1;
}

const struct exec_op *
exec_op_end_primitive(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t mask = exec_live_mask(st);
   if (mask && st->io->end_primitive)
      st->io->end_primitive(st->io->gs_data, op->aux[0], mask);
   return op + 1;
}

const struct exec_op *
exec_op_is_helper(struct ir_exec_state *st, const struct exec_op *op)
{
   uint32_t *d = exec_row(st, op->dst);
   uint32_t t = op->bit_size == 1 ? 1u : 0xffffffffu;
   for (size_t l = EXEC_LANE_LO; l < EXEC_LANE_HI; l++)
      d[l] = (st->helper >> l) & 1 ? t : 0;
   return op + 1;
}

const struct exec_op *
exec_op_discard(struct ir_exec_state *st, const struct exec_op *op)
{
   uint64_t mask = op->src[0][0] != EXEC_NO_ROW
                      ? exec_row_true_mask(st, op->src[0][0])
                      : st->exec;
   if (!mask)
      return op + 1;
   if (op->aux[0])
      st->killed |= mask;
   else
      st->demoted |= mask;
   st->helper |= mask;
   exec_update_dead(st);
   return op + 1;
}

const struct exec_op *
exec_op_zero(struct ir_exec_state *st, const struct exec_op *op)
{
   unsigned rows = op->num_components * exec_wpc(op->bit_size);
   for (unsigned r = 0; r < rows; r++) {
      memset(exec_row(st, op->dst + r) + EXEC_LANE_LO, 0,
             (EXEC_LANE_HI - EXEC_LANE_LO) * sizeof(uint32_t));
   }
   return op + 1;
}

/* ---------------------------------------------------------------------- */
/* Derivatives                                                            */
/* ---------------------------------------------------------------------- */

enum deriv_kind {
   DDX_FINE,
   DDY_FINE,
   DDX_COARSE,
   DDY_COARSE,
};

/* For lane i of a quad, the lanes whose difference v[hi] - v[lo] it
 * gets. */
static const uint8_t deriv_lanes[4][4][2] = {
   [DDX_FINE] = { { 1, 0 }, { 1, 0 }, { 3, 2 }, { 3, 2 } },
   [DDY_FINE] = { { 2, 0 }, { 3, 1 }, { 2, 0 }, { 3, 1 } },
   [DDX_COARSE] = { { 1, 0 }, { 1, 0 }, { 1, 0 }, { 1, 0 } },
   [DDY_COARSE] = { { 2, 0 }, { 2, 0 }, { 2, 0 }, { 2, 0 } },
};

static inline const struct exec_op *
deriv(struct ir_exec_state *st, const struct exec_op *op, enum deriv_kind kind)
{
   const struct ir_eval_mode *mode = &st->prog->mode;
   bool ftz = mode->denorm == IR_DENORM_FLUSH_TO_ZERO;
   unsigned wpc = exec_wpc(op->bit_size);
   for (unsigned c = 0; c < op->num_components; c++) {
      uint32_t *dlo = exec_row(st, op->dst + c * wpc);
      uint32_t *dhi = wpc == 2 ? exec_row(st, op->dst + c * wpc + 1) : dlo;
      const uint32_t *slo = exec_row(st, op->src[0][c]);
      const uint32_t *shi = wpc == 2 ? exec_row(st, op->src[0][c] + 1) : slo;
      for (size_t q = EXEC_LANE_LO; q < EXEC_LANE_HI; q += 4) {
         uint32_t out_lo[4], out_hi[4];
         for (unsigned i = 0; i < 4; i++) {
            size_t hi = q + deriv_lanes[kind][i][0];
            size_t lo = q + deriv_lanes[kind][i][1];
            if (op->bit_size == 64) {
               double r = exec_ld_f64(slo, shi, hi) - exec_ld_f64(slo, shi, lo);
               uint64_t u;
               memcpy(&u, &r, sizeof(u));
               out_lo[i] = (uint32_t)u;
               out_hi[i] = (uint32_t)(u >> 32);
            } else if (op->bit_size == 16) {
               float r = u_half_to_float((uint16_t)slo[hi]) -
                         u_half_to_float((uint16_t)slo[lo]);
               out_lo[i] = ir_eval_f16(r, mode->round, mode);
            } else {
               float a, b;
               memcpy(&a, &slo[hi], sizeof(a));
               memcpy(&b, &slo[lo], sizeof(b));
               float r = a - b;
               if (ftz)
                  r = exec_ftz_f32(r);
               memcpy(&out_lo[i], &r, sizeof(r));
            }
         }
         for (unsigned i = 0; i < 4; i++) {
            dlo[q + i] = out_lo[i];
            if (wpc == 2)
               dhi[q + i] = out_hi[i];
         }
      }
   }
   return op + 1;
}

#define DERIV_FN(name, kind)                                   \
   static const struct exec_op *name(struct ir_exec_state *st, \
                                     const struct exec_op *op) \
   {                                                           \
      return deriv(st, op, kind);                              \
   }

DERIV_FN(exec_op_ddx_fine, DDX_FINE)
DERIV_FN(exec_op_ddy_fine, DDY_FINE)
DERIV_FN(exec_op_ddx_coarse, DDX_COARSE)
DERIV_FN(exec_op_ddy_coarse, DDY_COARSE)

exec_fn
exec_deriv_select(enum ir_intrinsic_op op, unsigned bit_size)
{
   if (bit_size != 16 && bit_size != 32 && bit_size != 64)
      return NULL;
   switch (op) {
   case IR_INTRINSIC_DDX:
   case IR_INTRINSIC_DDX_FINE:
      return exec_op_ddx_fine;
   case IR_INTRINSIC_DDY:
   case IR_INTRINSIC_DDY_FINE:
      return exec_op_ddy_fine;
   case IR_INTRINSIC_DDX_COARSE:
      return exec_op_ddx_coarse;
   case IR_INTRINSIC_DDY_COARSE:
      return exec_op_ddy_coarse;
   default:
      return NULL;
   }
}

/* ---------------------------------------------------------------------- */
/* Textures                                                               */
/* ---------------------------------------------------------------------- */

const struct exec_op *
exec_op_tex(struct ir_exec_state *st, const struct exec_op *op)
{
   const struct exec_tex_data *data = op->data;
   const struct ir_exec_io *io = st->io;
   struct ir_exec_tex_args args;
   memset(&args, 0, sizeof(args));
   memcpy(args.num_components, data->num_components,
          sizeof(args.num_components));
   uint32_t *dst[4];
   for (unsigned c = 0; c < op->num_components; c++)
      dst[c] = exec_row(st, op->dst + c);

   for (unsigned q = st->qlo; q < st->qhi; q++) {
      unsigned active = (unsigned)(st->exec >> (4 * q)) & 0xf;
      if (!active)
         continue;
      args.quad = q;
      args.active = (uint8_t)active;
      args.helper = (uint8_t)((st->helper >> (4 * q)) & 0xf);
      for (unsigned k = 0; k < IR_TEX_SRC_COUNT; k++) {
         for (unsigned c = 0; c < data->num_components[k]; c++) {
            const uint32_t *row = exec_row(st, data->rows[k][c]);
            memcpy(args.src[k][c], row + 4 * q, 4 * sizeof(uint32_t));
         }
      }
      uint32_t result[4][4];
      memset(result, 0, sizeof(result));
      if (io->tex)
         io->tex(io->tex_data, data->tex, &args, result);
      for (unsigned c = 0; c < op->num_components; c++) {
         for (unsigned i = 0; i < 4; i++)
            dst[c][4 * q + i] = canonical(result[c][i], op->bit_size);
      }
   }
   return op + 1;
}
