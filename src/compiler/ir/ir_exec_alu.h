/* SPDX-License-Identifier: MIT */

/*
 * Building blocks of the interpreter's ALU handlers (ir_exec_alu*.c).
 *
 * A handler loops over the destination's components and, inside, over the
 * quads (or lanes) from qlo to qhi, reading source rows through the
 * precomputed rows of each swizzled component.  Each expression must give
 * exactly what the constant evaluator's expression gives for that opcode
 * and bit size (same operations in the same order, same library calls);
 * the differential test (ir_exec_alu_test.c) checks it bit for bit.
 *
 *   EXEC_Vn: n sources, whole quads at once with GCC vector types
 *            (exec_v4f, exec_v4u, exec_v4i); for operations that map to
 *            plain vector arithmetic, comparisons and bit operations.
 *   EXEC_Sn: n sources, element by element (library calls, division,
 *            ...), written so that the compiler may still vectorise.
 *   EXEC_Dn: n 64-bit float sources, lane by lane (split rows).
 *
 * Float results get a second variant, name##_ftz, that flushes denormal
 * results to zero (ir_eval_f32()).
 */
#ifndef IR_EXEC_ALU_H
#define IR_EXEC_ALU_H

#include <string.h>

#include "compiler/ir/ir_exec_priv.h"

#define EXEC_ALU_FN(name)                                      \
   static const struct exec_op *name(struct ir_exec_state *st, \
                                     const struct exec_op *op)

#define EXEC_LANE_LO ((size_t)st->qlo * 4)
#define EXEC_LANE_HI ((size_t)st->qhi * 4)

static inline exec_v4u
exec_ftz_v4(exec_v4u u)
{
   exec_v4u denorm = (exec_v4u)((u & 0x7f800000u) == 0);
   return u & ~(denorm & 0x7fffffffu);
}

static inline float
exec_ftz_f32(float x)
{
   uint32_t u;
   memcpy(&u, &x, sizeof(u));
   if (!(u & 0x7f800000u))
      u &= 0x80000000u;
   memcpy(&x, &u, sizeof(u));
   return x;
}

static inline double
exec_ld_f64(const uint32_t *lo, const uint32_t *hi, size_t l)
{
   uint64_t u = lo[l] | (uint64_t)hi[l] << 32;
   double d;
   memcpy(&d, &u, sizeof(d));
   return d;
}

static inline void
exec_st_f64(uint32_t *lo, uint32_t *hi, size_t l, double d)
{
   uint64_t u;
   memcpy(&u, &d, sizeof(u));
   lo[l] = (uint32_t)u;
   hi[l] = (uint32_t)(u >> 32);
}

/* -- Whole quads ------------------------------------------------------- */

#define EXEC_V1(name, TA, expr)                                             \
   EXEC_ALU_FN(name)                                                        \
   {                                                                        \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {                \
         exec_v4u *restrict d_ = (exec_v4u *)exec_row(st, op->dst + c_);    \
         const TA *restrict pa_ = (const TA *)exec_row(st, op->src[0][c_]); \
         for (unsigned q_ = st->qlo; q_ < st->qhi; q_++) {                  \
            const TA a = pa_[q_];                                           \
            d_[q_] = (exec_v4u)(expr);                                      \
         }                                                                  \
      }                                                                     \
      return op + 1;                                                        \
   }

#define EXEC_V2(name, TA, TB, expr)                                         \
   EXEC_ALU_FN(name)                                                        \
   {                                                                        \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {                \
         exec_v4u *restrict d_ = (exec_v4u *)exec_row(st, op->dst + c_);    \
         const TA *restrict pa_ = (const TA *)exec_row(st, op->src[0][c_]); \
         const TB *restrict pb_ = (const TB *)exec_row(st, op->src[1][c_]); \
         for (unsigned q_ = st->qlo; q_ < st->qhi; q_++) {                  \
            const TA a = pa_[q_];                                           \
            const TB b = pb_[q_];                                           \
            d_[q_] = (exec_v4u)(expr);                                      \
         }                                                                  \
      }                                                                     \
      return op + 1;                                                        \
   }

#define EXEC_V3(name, TA, TB, TC, expr)                                     \
   EXEC_ALU_FN(name)                                                        \
   {                                                                        \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {                \
         exec_v4u *restrict d_ = (exec_v4u *)exec_row(st, op->dst + c_);    \
         const TA *restrict pa_ = (const TA *)exec_row(st, op->src[0][c_]); \
         const TB *restrict pb_ = (const TB *)exec_row(st, op->src[1][c_]); \
         const TC *restrict pc_ = (const TC *)exec_row(st, op->src[2][c_]); \
         for (unsigned q_ = st->qlo; q_ < st->qhi; q_++) {                  \
            const TA a = pa_[q_];                                           \
            const TB b = pb_[q_];                                           \
            const TC c = pc_[q_];                                           \
            d_[q_] = (exec_v4u)(expr);                                      \
         }                                                                  \
      }                                                                     \
      return op + 1;                                                        \
   }

/* Float results: plain and flushing variants. */
#define EXEC_V1F(name, TA, expr) \
   EXEC_V1(name, TA, expr)       \
   EXEC_V1(name##_ftz, TA, exec_ftz_v4((exec_v4u)(expr)))
#define EXEC_V2F(name, TA, TB, expr) \
   EXEC_V2(name, TA, TB, expr)       \
   EXEC_V2(name##_ftz, TA, TB, exec_ftz_v4((exec_v4u)(expr)))
#define EXEC_V3F(name, TA, TB, TC, expr) \
   EXEC_V3(name, TA, TB, TC, expr)       \
   EXEC_V3(name##_ftz, TA, TB, TC, exec_ftz_v4((exec_v4u)(expr)))

/* Boolean results: 1-bit (0/1) and 32-bit (0/~0) variants of an
 * expression giving a vector comparison (-1/0). */
#define EXEC_V2B(name, TA, TB, expr)               \
   EXEC_V2(name##_b1, TA, TB, (exec_v4u)(expr)&1u) \
   EXEC_V2(name##_b32, TA, TB, expr)

/* -- Lane by lane ------------------------------------------------------ */

/* The lane loops run over quads with an inner loop of 4 so that the
 * compiler can turn them into vector code where the operation allows. */
#define EXEC_S1(name, TA, TD, expr)                                           \
   EXEC_ALU_FN(name)                                                          \
   {                                                                          \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {                  \
         TD *restrict d_ = (TD *)exec_row(st, op->dst + c_) + EXEC_LANE_LO;   \
         const TA *restrict pa_ =                                             \
            (const TA *)exec_row(st, op->src[0][c_]) + EXEC_LANE_LO;          \
         for (unsigned q_ = st->qlo; q_ < st->qhi; q_++, d_ += 4, pa_ += 4) { \
            for (unsigned k_ = 0; k_ < 4; k_++) {                             \
               const TA a = pa_[k_];                                          \
               d_[k_] = (expr);                                               \
            }                                                                 \
         }                                                                    \
      }                                                                       \
      return op + 1;                                                          \
   }

#define EXEC_S2(name, TA, TB, TD, expr)                                     \
   EXEC_ALU_FN(name)                                                        \
   {                                                                        \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {                \
         TD *restrict d_ = (TD *)exec_row(st, op->dst + c_) + EXEC_LANE_LO; \
         const TA *restrict pa_ =                                           \
            (const TA *)exec_row(st, op->src[0][c_]) + EXEC_LANE_LO;        \
         const TB *restrict pb_ =                                           \
            (const TB *)exec_row(st, op->src[1][c_]) + EXEC_LANE_LO;        \
         for (unsigned q_ = st->qlo; q_ < st->qhi;                          \
              q_++, d_ += 4, pa_ += 4, pb_ += 4) {                          \
            for (unsigned k_ = 0; k_ < 4; k_++) {                           \
               const TA a = pa_[k_];                                        \
               const TB b = pb_[k_];                                        \
               d_[k_] = (expr);                                             \
            }                                                               \
         }                                                                  \
      }                                                                     \
      return op + 1;                                                        \
   }

#define EXEC_S3(name, TA, TB, TC, TD, expr)                                 \
   EXEC_ALU_FN(name)                                                        \
   {                                                                        \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {                \
         TD *restrict d_ = (TD *)exec_row(st, op->dst + c_) + EXEC_LANE_LO; \
         const TA *restrict pa_ =                                           \
            (const TA *)exec_row(st, op->src[0][c_]) + EXEC_LANE_LO;        \
         const TB *restrict pb_ =                                           \
            (const TB *)exec_row(st, op->src[1][c_]) + EXEC_LANE_LO;        \
         const TC *restrict pc_ =                                           \
            (const TC *)exec_row(st, op->src[2][c_]) + EXEC_LANE_LO;        \
         for (unsigned q_ = st->qlo; q_ < st->qhi;                          \
              q_++, d_ += 4, pa_ += 4, pb_ += 4, pc_ += 4) {                \
            for (unsigned k_ = 0; k_ < 4; k_++) {                           \
               const TA a = pa_[k_];                                        \
               const TB b = pb_[k_];                                        \
               const TC c = pc_[k_];                                        \
               d_[k_] = (expr);                                             \
            }                                                               \
         }                                                                  \
      }                                                                     \
      return op + 1;                                                        \
   }

#define EXEC_S1F(name, TA, expr)     \
   EXEC_S1(name, TA, exec_f32, expr) \
   EXEC_S1(name##_ftz, TA, exec_f32, exec_ftz_f32(expr))
#define EXEC_S2F(name, TA, TB, expr)     \
   EXEC_S2(name, TA, TB, exec_f32, expr) \
   EXEC_S2(name##_ftz, TA, TB, exec_f32, exec_ftz_f32(expr))
#define EXEC_S3F(name, TA, TB, TC, expr)     \
   EXEC_S3(name, TA, TB, TC, exec_f32, expr) \
   EXEC_S3(name##_ftz, TA, TB, TC, exec_f32, exec_ftz_f32(expr))

/* -- 64-bit floats (low and high words in consecutive rows) ------------ */

#define EXEC_D_ROWS(i, var)                                          \
   const uint32_t *restrict var##lo_ = exec_row(st, op->src[i][c_]); \
   const uint32_t *restrict var##hi_ = exec_row(st, op->src[i][c_] + 1)

#define EXEC_D_DST                                           \
   uint32_t *restrict dlo_ = exec_row(st, op->dst + 2 * c_); \
   uint32_t *restrict dhi_ = exec_row(st, op->dst + 2 * c_ + 1)

#define EXEC_D1(name, expr)                                        \
   EXEC_ALU_FN(name)                                               \
   {                                                               \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {       \
         EXEC_D_DST;                                               \
         EXEC_D_ROWS(0, a);                                        \
         for (size_t l_ = EXEC_LANE_LO; l_ < EXEC_LANE_HI; l_++) { \
            const double a = exec_ld_f64(alo_, ahi_, l_);          \
            exec_st_f64(dlo_, dhi_, l_, (expr));                   \
         }                                                         \
      }                                                            \
      return op + 1;                                               \
   }

#define EXEC_D2(name, expr)                                        \
   EXEC_ALU_FN(name)                                               \
   {                                                               \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {       \
         EXEC_D_DST;                                               \
         EXEC_D_ROWS(0, a);                                        \
         EXEC_D_ROWS(1, b);                                        \
         for (size_t l_ = EXEC_LANE_LO; l_ < EXEC_LANE_HI; l_++) { \
            const double a = exec_ld_f64(alo_, ahi_, l_);          \
            const double b = exec_ld_f64(blo_, bhi_, l_);          \
            exec_st_f64(dlo_, dhi_, l_, (expr));                   \
         }                                                         \
      }                                                            \
      return op + 1;                                               \
   }

#define EXEC_D3(name, expr)                                        \
   EXEC_ALU_FN(name)                                               \
   {                                                               \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {       \
         EXEC_D_DST;                                               \
         EXEC_D_ROWS(0, a);                                        \
         EXEC_D_ROWS(1, b);                                        \
         EXEC_D_ROWS(2, c);                                        \
         for (size_t l_ = EXEC_LANE_LO; l_ < EXEC_LANE_HI; l_++) { \
            const double a = exec_ld_f64(alo_, ahi_, l_);          \
            const double b = exec_ld_f64(blo_, bhi_, l_);          \
            const double c = exec_ld_f64(clo_, chi_, l_);          \
            exec_st_f64(dlo_, dhi_, l_, (expr));                   \
         }                                                         \
      }                                                            \
      return op + 1;                                               \
   }

/** 64-bit float comparison with a 1-bit (0/1) or 32-bit (0/~0) result. */
#define EXEC_D2B(name, expr)                                       \
   EXEC_ALU_FN(name)                                               \
   {                                                               \
      uint32_t t_ = op->bit_size == 1 ? 1u : 0xffffffffu;          \
      for (unsigned c_ = 0; c_ < op->num_components; c_++) {       \
         uint32_t *restrict d_ = exec_row(st, op->dst + c_);       \
         EXEC_D_ROWS(0, a);                                        \
         EXEC_D_ROWS(1, b);                                        \
         for (size_t l_ = EXEC_LANE_LO; l_ < EXEC_LANE_HI; l_++) { \
            const double a = exec_ld_f64(alo_, ahi_, l_);          \
            const double b = exec_ld_f64(blo_, bhi_, l_);          \
            d_[l_] = (expr) ? t_ : 0;                              \
         }                                                         \
      }                                                            \
      return op + 1;                                               \
   }

/** Handlers of integer operations and conversions (ir_exec_alu_int.c), or
 * NULL. */
exec_fn exec_alu_select_int(const struct ir_alu *alu,
                            const struct ir_eval_mode *mode);

/** Sizes of an ALU instruction, for the selection functions. */
static inline unsigned
exec_alu_src_bits(const struct ir_alu *alu, unsigned i)
{
   return i < ir_op_infos[alu->op].num_inputs ? alu->src[i].src.def->bit_size
                                              : 0;
}

/** Whether the destination and every source have @p bits bits. */
static inline bool
exec_alu_all_bits(const struct ir_alu *alu, unsigned bits)
{
   if (alu->def.bit_size != bits)
      return false;
   for (unsigned i = 0; i < ir_op_infos[alu->op].num_inputs; i++) {
      if (alu->src[i].src.def->bit_size != bits)
         return false;
   }
   return true;
}

#endif
