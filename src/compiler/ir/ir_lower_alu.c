/* SPDX-License-Identifier: MIT */

/*
 * ALU lowerings a driver selects through struct ir_compiler_options:
 * each replaces one opcode by a sequence of simpler ones the target has.
 *
 *   lower_fmod   fmod(x, y) = x - y * floor(x / y), as
 *                  ffma(-y, floor(x / y), x)                 (has_ffma)
 *                  fsub(x, fmul(y, ffloor(fdiv(x, y))))     (otherwise,
 *                  and for exact fmods: this is the opcode's definition,
 *                  one rounding per operation, which the fused form is
 *                  more accurate than but not bit-identical to)
 *   lower_fdiv   a / b = a * frcp(b)   (inexact: not on exact fdivs)
 *   lower_fsat   fsat(x) = fmin(fmax(0.0, x), 1.0)
 *   lower_fpow   pow(a, b) = exp2(b * log2(a))
 *   lower_flrp   mix(a, b, c) = a + c * (b - a), or ffma(c, b - a, a)
 *                (has_ffma); exact flrps keep the opcode's definition
 *                a * (1 - c) + b * c
 *   lower_ffma   ffma(a, b, c) = fadd(fmul(a, b), c)
 *
 * Each lowering is a static function below with the reasoning behind its
 * form.  The new instructions take the exact flag of the one they replace,
 * read its sources with its swizzles and are inserted right before it;
 * the original is removed (it is the thing the target cannot execute).
 *
 * Lowerings feed each other (fmod makes an fdiv that lower_fdiv rewrites;
 * flrp with has_ffma makes an ffma that lower_ffma rewrites), so after a
 * replacement the walk resumes at the first new instruction instead of
 * after it; every lowering makes only opcodes that are lowered into
 * something else or not at all, so this ends.  lower_ffma wins over
 * has_ffma: an ffma is never made when the target lacks it.
 *
 * Why fmod is not y * fract(x / y): the two are equal in exact arithmetic,
 * but fract(x / y) keeps the rounding error of x / y (relative 2^-24) and
 * the multiplication by y scales it to the magnitude of y, not of the
 * result.  With x = 987654.125, y = 123456.984375:
 *    %q = fdiv %x, %y       ; 7.99998569 (rounded)
 *    %f = ffract %q         ; 0.99998569
 *    %r = fmul %y, %f       ; 123455.219, exact result 123455.234375
 * an error of 0.0156 (two ulps of the result), while x - y * floor(x / y)
 * only depends on floor(x / y), which is exact unless x / y rounds across
 * an integer; with ffma the result is then correctly rounded.
 *
 * fsat and NaN: fmax(0.0, NaN) is 0.0 (IEEE maxNum: a NaN operand loses)
 * and fmin(0.0, 1.0) is 0.0, as fsat(NaN) = 0 requires.  Signed zeros:
 * the opcode table orders -0.0 below +0.0 in fmin/fmax, so fmax(0.0,
 * -0.0) is +0.0 and fsat(-0.0) = +0.0 is kept; the lowering is exact.  A
 * target whose max instruction may return -0.0 there gives -0.0, which
 * GLSL's clamp() allows.
 *
 * fdiv: a * rcp(b) differs from a correctly rounded a / b by up to about
 * 1.5 ulp (two roundings, plus frcp's own error on hardware), and
 * a * rcp(b) overflows to inf or underflows to 0 where a / b does not
 * (b near the largest float: rcp(b) is denormal).  So exact fdivs are
 * kept: a driver without any divide instruction must lower them itself.
 *
 * ffma: fadd(fmul(a, b), c) rounds twice, so it is not an ffma; it is
 * applied to exact ffmas too, since a target without FMA has no other
 * way to compute them (the exact flag stays on the new instructions).
 *
 * Requires: nothing (any CFG, SSA or not).  Preserves: the CFG, block
 * indices, dominance.  Invalidates: instruction indices, liveness,
 * divergence and loop analysis (new defs).
 */
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_lower_util.h"

typedef struct ir_lower_operand operand;

static bool
use_ffma(const struct ir_compiler_options *o)
{
   return o->has_ffma && !o->lower_ffma;
}

/* Components and bit size of @p alu's result, for building. */
#define NC(alu)   ((alu)->def.num_components)
#define BITS(alu) ((alu)->def.bit_size)

/* x - y * floor(x / y); see the file comment for why not y * fract(x/y).
 * The fused form is correctly rounded whenever floor(x / y) is right;
 * exact fmods keep the table's unfused definition bit for bit. */
static struct ir_def *
lower_fmod(struct ir_builder *b, struct ir_alu *alu,
           const struct ir_compiler_options *o)
{
   unsigned n = NC(alu), bits = BITS(alu);
   operand x = ir_lower_src(alu, 0), y = ir_lower_src(alu, 1);
   struct ir_def *q = ir_lower_build2(b, IR_OP_FDIV, n, bits, x, y);
   struct ir_def *f =
      ir_lower_build1(b, IR_OP_FFLOOR, n, bits, ir_lower_def(q));
   if (use_ffma(o) && !alu->exact) {
      struct ir_def *ny = ir_lower_build1(b, IR_OP_FNEG, n, bits, y);
      return ir_lower_build3(b, IR_OP_FFMA, n, bits, ir_lower_def(ny),
                             ir_lower_def(f), x);
   }
   struct ir_def *p =
      ir_lower_build2(b, IR_OP_FMUL, n, bits, y, ir_lower_def(f));
   return ir_lower_build2(b, IR_OP_FSUB, n, bits, x, ir_lower_def(p));
}

/* a * rcp(b); only for inexact fdivs (see the file comment). */
static struct ir_def *
lower_fdiv(struct ir_builder *b, struct ir_alu *alu)
{
   if (alu->exact)
      return NULL;
   unsigned n = NC(alu), bits = BITS(alu);
   struct ir_def *r =
      ir_lower_build1(b, IR_OP_FRCP, n, bits, ir_lower_src(alu, 1));
   return ir_lower_build2(b, IR_OP_FMUL, n, bits, ir_lower_src(alu, 0),
                          ir_lower_def(r));
}

/* fmin(fmax(0.0, x), 1.0): NaN gives 0 through maxNum. */
static struct ir_def *
lower_fsat(struct ir_builder *b, struct ir_alu *alu)
{
   unsigned n = NC(alu), bits = BITS(alu);
   operand zero = ir_lower_imm_float(b, 0.0, bits);
   operand one = ir_lower_imm_float(b, 1.0, bits);
   struct ir_def *lo =
      ir_lower_build2(b, IR_OP_FMAX, n, bits, zero, ir_lower_src(alu, 0));
   return ir_lower_build2(b, IR_OP_FMIN, n, bits, ir_lower_def(lo), one);
}

/* exp2(b * log2(a)).  Like pow() for a > 0; GLSL leaves a < 0 and
 * a == 0 with b <= 0 undefined. */
static struct ir_def *
lower_fpow(struct ir_builder *b, struct ir_alu *alu)
{
   unsigned n = NC(alu), bits = BITS(alu);
   struct ir_def *l =
      ir_lower_build1(b, IR_OP_FLOG2, n, bits, ir_lower_src(alu, 0));
   struct ir_def *m = ir_lower_build2(b, IR_OP_FMUL, n, bits,
                                      ir_lower_src(alu, 1), ir_lower_def(l));
   return ir_lower_build1(b, IR_OP_FEXP2, n, bits, ir_lower_def(m));
}

/* mix(a, b, c).  Inexact: a + c * (b - a) (three operations, or two with
 * ffma).  Exact: the opcode's own definition a * (1 - c) + b * c, which
 * also gives exactly a at c = 0 and exactly b at c = 1. */
static struct ir_def *
lower_flrp(struct ir_builder *b, struct ir_alu *alu,
           const struct ir_compiler_options *o)
{
   unsigned n = NC(alu), bits = BITS(alu);
   operand a = ir_lower_src(alu, 0), bb = ir_lower_src(alu, 1);
   operand c = ir_lower_src(alu, 2);
   if (alu->exact) {
      operand one = ir_lower_imm_float(b, 1.0, bits);
      struct ir_def *omc = ir_lower_build2(b, IR_OP_FSUB, n, bits, one, c);
      struct ir_def *l =
         ir_lower_build2(b, IR_OP_FMUL, n, bits, a, ir_lower_def(omc));
      struct ir_def *r = ir_lower_build2(b, IR_OP_FMUL, n, bits, bb, c);
      return ir_lower_build2(b, IR_OP_FADD, n, bits, ir_lower_def(l),
                             ir_lower_def(r));
   }
   struct ir_def *d = ir_lower_build2(b, IR_OP_FSUB, n, bits, bb, a);
   if (use_ffma(o))
      return ir_lower_build3(b, IR_OP_FFMA, n, bits, c, ir_lower_def(d), a);
   struct ir_def *m =
      ir_lower_build2(b, IR_OP_FMUL, n, bits, c, ir_lower_def(d));
   return ir_lower_build2(b, IR_OP_FADD, n, bits, a, ir_lower_def(m));
}

/* fadd(fmul(a, b), c): two roundings instead of one. */
static struct ir_def *
lower_ffma(struct ir_builder *b, struct ir_alu *alu)
{
   unsigned n = NC(alu), bits = BITS(alu);
   struct ir_def *m = ir_lower_build2(
      b, IR_OP_FMUL, n, bits, ir_lower_src(alu, 0), ir_lower_src(alu, 1));
   return ir_lower_build2(b, IR_OP_FADD, n, bits, ir_lower_def(m),
                          ir_lower_src(alu, 2));
}

/* The replacement of @p alu built at @p b, or NULL to keep it. */
static struct ir_def *
lower_one(struct ir_builder *b, struct ir_alu *alu,
          const struct ir_compiler_options *o)
{
   switch (alu->op) {
   case IR_OP_FMOD:
      return o->lower_fmod ? lower_fmod(b, alu, o) : NULL;
   case IR_OP_FDIV:
      return o->lower_fdiv ? lower_fdiv(b, alu) : NULL;
   case IR_OP_FSAT:
      return o->lower_fsat ? lower_fsat(b, alu) : NULL;
   case IR_OP_FPOW:
      return o->lower_fpow ? lower_fpow(b, alu) : NULL;
   case IR_OP_FLRP:
      return o->lower_flrp ? lower_flrp(b, alu, o) : NULL;
   case IR_OP_FFMA:
      return o->lower_ffma ? lower_ffma(b, alu) : NULL;
   default:
      return NULL;
   }
}

static bool
lower_block(struct ir_function *fn, struct ir_block *block,
            const struct ir_compiler_options *o)
{
   bool progress = false;
   struct u_list *l = block->instrs.next;
   while (l != &block->instrs) {
      struct ir_instr *instr = u_container_of(l, struct ir_instr, link);
      struct ir_alu *alu = ir_instr_as_alu(instr);
      if (!alu) {
         l = l->next;
         continue;
      }
      struct u_list *prev = l->prev;
      struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
      b.exact = alu->exact;
      struct ir_def *def = lower_one(&b, alu, o);
      if (!def) {
         /* Nothing was built (lowerings decline before building). */
         l = l->next;
         continue;
      }
      ir_lower_replace(alu, def);
      progress = true;
      /* Revisit what was just built: it may need lowering itself. */
      l = prev->next;
   }
   return progress;
}

bool
ir_lower_alu(struct ir_shader *shader, const struct ir_compiler_options *o)
{
   bool progress = false;
   ir_foreach_function (shader, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block)
         fn_progress |= lower_block(fn, block, o);
      if (fn_progress) {
         ir_metadata_preserve(fn,
                              IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
         progress = true;
      }
   }
   return progress;
}
