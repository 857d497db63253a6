/* SPDX-License-Identifier: MIT */

/*
 * Integer division and modulo (idiv, udiv, irem, imod, umod) of 8, 16 and
 * 32 bits become a float reciprocal estimate refined in integer
 * arithmetic, for targets without an integer divider.  The result is
 * exact for every input, including the opcode table's rules x / 0 = 0,
 * x % 0 = 0 and INT_MIN / -1 = INT_MIN.  64-bit divisions are left alone
 * (a float reciprocal has too few bits to start from).  8- and 16-bit
 * ones are widened to 32 bits (sign- or zero-extended as the opcode reads
 * them), divided, and narrowed back.
 *
 * Unsigned core (n, d of 32 bits, d != 0):
 *
 *    e  = f2u(frcp(u2f(d)) * 4294966784.0)    ; ~2^32 / d, from below
 *    e += umul_high(e, e * -d)                 ; one Newton step
 *    q  = umul_high(n, e)                      ; q <= n / d, q >= n / d - 2
 *    r  = n - q * d
 *    if (r >= d) { q++; r -= d; }              ; twice
 *
 * Why it is exact: u2f(d), frcp and the fmul each round by at most 2^-24
 * (relative), less in total than the 2^-23 by which the scale 2^32 - 512
 * is below 2^32, so the estimate e0 never exceeds 2^32 / d (in
 * round-to-nearest and round-toward-zero alike; for d = 1 it is
 * 2^32 - 512, so the f2u never saturates).  Then d * e0 <= 2^32 and
 * e0 * -d modulo 2^32 is exactly 2^32 - d * e0 = 2^32 * eps (eps the
 * relative error of e0), so the Newton step gives e1 = e0 * (1 + eps)
 * truncated: still at most 2^32 / d, with the error squared.  So q =
 * umul_high(n, e1) is never above floor(n / d), and at most two below
 * it: this was checked for every d from 1 to 2^32 - 1 at the dividends
 * where the shortfall is largest (2^32 - 1 and the largest multiple of d
 * and its predecessor), in both rounding modes, with a C model of this
 * sequence (largest shortfall 2, e.g. n = 2^32 - 1, d = 65537).  The two
 * corrections then make q exact and r lie in [0, d).
 *
 * d == 0 (the estimate is garbage: frcp(0) = inf saturates the f2u) is
 * selected away at the end: bcsel(d == 0, 0, result).
 *
 * Signed forms divide magnitudes: iabs(INT_MIN) is INT_MIN, which read
 * unsigned is 2^31, the right magnitude.  The quotient is negated when
 * the operands' signs differ (sign bit of n ^ d): INT_MIN / -1 then
 * divides 2^31 by 1 and does not negate (INT_MIN ^ -1 >= 0), giving
 * 0x80000000 = INT_MIN as the table requires.  irem takes the sign of n;
 * imod adds d to a non-zero remainder whose sign differs from d's.
 *
 * A counterexample to a shorter sequence: without the Newton step,
 *    q = umul_high(n, e0)   with n = 0xffffffff, d = 3
 * is 0x555554ff where n / d = 0x55555555: the ~2^-23 error of e0 times
 * n ~ 2^32 leaves q 86 below, and two corrections are not enough.
 *
 * Requires: nothing.  Preserves: the CFG, block indices, dominance.
 * Invalidates: instruction indices, liveness, divergence, loop analysis.
 */
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_lower_util.h"

typedef struct ir_lower_operand operand;

/* Shorthands building 32-bit operations of @p n components. */
static struct ir_def *
op1(struct ir_builder *b, enum ir_op op, unsigned n, unsigned bits,
    struct ir_def *x)
{
   return ir_lower_build1(b, op, n, bits, ir_lower_def(x));
}

static struct ir_def *
op2(struct ir_builder *b, enum ir_op op, unsigned n, unsigned bits,
    struct ir_def *x, struct ir_def *y)
{
   return ir_lower_build2(b, op, n, bits, ir_lower_def(x), ir_lower_def(y));
}

static struct ir_def *
select3(struct ir_builder *b, unsigned n, struct ir_def *c, struct ir_def *x,
        struct ir_def *y)
{
   return ir_lower_build3(b, IR_OP_BCSEL, n, 32, ir_lower_def(c),
                          ir_lower_def(x), ir_lower_def(y));
}

static struct ir_def *
splat(struct ir_builder *b, unsigned n, uint32_t value)
{
   const unsigned swz[IR_MAX_VEC] = { 0, 0, 0, 0 };
   struct ir_def *c = ir_imm_uint(b, value);
   return n == 1 ? c : ir_swizzle(b, c, swz, n);
}

/* Unsigned 32-bit n / d for d != 0: sets *q if q is not NULL, else *r. */
static void
udivmod32(struct ir_builder *b, unsigned n, struct ir_def *num,
          struct ir_def *den, struct ir_def **q, struct ir_def **r)
{
   struct ir_def *fd = op1(b, IR_OP_U2F, n, 32, den);
   struct ir_def *rc = op1(b, IR_OP_FRCP, n, 32, fd);
   struct ir_def *scale = ir_imm_float(b, 4294966784.0f);
   struct ir_def *sc = ir_lower_build2(b, IR_OP_FMUL, n, 32, ir_lower_def(rc),
                                       ir_lower_splat(scale, 0));
   struct ir_def *e = op1(b, IR_OP_F2U, n, 32, sc);
   struct ir_def *negd = op1(b, IR_OP_INEG, n, 32, den);
   struct ir_def *err = op2(b, IR_OP_IMUL, n, 32, negd, e);
   struct ir_def *corr = op2(b, IR_OP_UMUL_HIGH, n, 32, e, err);
   e = op2(b, IR_OP_IADD, n, 32, e, corr);

   struct ir_def *quot = op2(b, IR_OP_UMUL_HIGH, n, 32, num, e);
   struct ir_def *rem =
      op2(b, IR_OP_ISUB, n, 32, num, op2(b, IR_OP_IMUL, n, 32, quot, den));
   struct ir_def *one = q ? splat(b, n, 1) : NULL;
   for (unsigned step = 0; step < 2; step++) {
      struct ir_def *big = op2(b, IR_OP_UGE, n, 1, rem, den);
      if (q)
         quot = select3(b, n, big, op2(b, IR_OP_IADD, n, 32, quot, one), quot);
      /* The quotient alone does not need the last remainder. */
      if (!q || step == 0)
         rem = select3(b, n, big, op2(b, IR_OP_ISUB, n, 32, rem, den), rem);
   }
   if (q)
      *q = quot;
   else
      *r = rem;
}

/* @p op on 32-bit @p num and @p den (any divisor). */
static struct ir_def *
lower32(struct ir_builder *b, enum ir_op op, unsigned n, struct ir_def *num,
        struct ir_def *den)
{
   bool is_signed = op == IR_OP_IDIV || op == IR_OP_IREM || op == IR_OP_IMOD;
   bool want_q = op == IR_OP_IDIV || op == IR_OP_UDIV;
   struct ir_def *zero = splat(b, n, 0);
   struct ir_def *un = num, *ud = den;
   if (is_signed) {
      un = op1(b, IR_OP_IABS, n, 32, num);
      ud = op1(b, IR_OP_IABS, n, 32, den);
   }
   struct ir_def *q = NULL, *r = NULL;
   udivmod32(b, n, un, ud, want_q ? &q : NULL, &r);

   struct ir_def *res;
   switch (op) {
   case IR_OP_UDIV:
      res = q;
      break;
   case IR_OP_UMOD:
      res = r;
      break;
   case IR_OP_IDIV: {
      struct ir_def *x = op2(b, IR_OP_IXOR, n, 32, num, den);
      struct ir_def *neg = op2(b, IR_OP_ILT, n, 1, x, zero);
      res = select3(b, n, neg, op1(b, IR_OP_INEG, n, 32, q), q);
      break;
   }
   default: {
      /* irem: the sign of the dividend. */
      struct ir_def *neg = op2(b, IR_OP_ILT, n, 1, num, zero);
      res = select3(b, n, neg, op1(b, IR_OP_INEG, n, 32, r), r);
      if (op == IR_OP_IMOD) {
         /* imod: the sign of the divisor. */
         struct ir_def *nz = op2(b, IR_OP_INE, n, 1, res, zero);
         struct ir_def *x = op2(b, IR_OP_IXOR, n, 32, res, den);
         struct ir_def *differ = op2(b, IR_OP_ILT, n, 1, x, zero);
         struct ir_def *fix = op2(b, IR_OP_IAND, n, 1, nz, differ);
         res = select3(b, n, fix, op2(b, IR_OP_IADD, n, 32, res, den), res);
      }
      break;
   }
   }
   struct ir_def *dz = op2(b, IR_OP_IEQ, n, 1, den, zero);
   return select3(b, n, dz, zero, res);
}

static bool
is_division(enum ir_op op)
{
   return op == IR_OP_IDIV || op == IR_OP_UDIV || op == IR_OP_IREM ||
          op == IR_OP_IMOD || op == IR_OP_UMOD;
}

/* @p o as a def of @p n components (a mov only if it is swizzled). */
static struct ir_def *
as_def(struct ir_builder *b, operand o, unsigned n)
{
   bool identity = o.def->num_components == n;
   for (unsigned c = 0; c < n; c++)
      identity &= o.swizzle[c] == c;
   return identity ? o.def
                   : ir_lower_build1(b, IR_OP_MOV, n, o.def->bit_size, o);
}

static struct ir_def *
lower_division(struct ir_builder *b, struct ir_alu *alu)
{
   unsigned n = alu->def.num_components, bits = alu->def.bit_size;
   operand num = ir_lower_src(alu, 0), den = ir_lower_src(alu, 1);
   if (bits == 32)
      return lower32(b, alu->op, n, as_def(b, num, n), as_def(b, den, n));
   bool is_signed =
      alu->op == IR_OP_IDIV || alu->op == IR_OP_IREM || alu->op == IR_OP_IMOD;
   enum ir_op widen = is_signed ? IR_OP_I2I : IR_OP_U2U;
   struct ir_def *wn = ir_lower_build1(b, widen, n, 32, num);
   struct ir_def *wd = ir_lower_build1(b, widen, n, 32, den);
   struct ir_def *res = lower32(b, alu->op, n, wn, wd);
   return op1(b, widen, n, bits, res);
}

bool
ir_lower_idiv(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr_safe (block, instr) {
            struct ir_alu *alu = ir_instr_as_alu(instr);
            if (!alu || !is_division(alu->op) || alu->def.bit_size == 64)
               continue;
            struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
            ir_lower_replace(alu, lower_division(&b, alu));
            fn_progress = true;
         }
      }
      if (fn_progress) {
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
         progress = true;
      }
   }
   return progress;
}
