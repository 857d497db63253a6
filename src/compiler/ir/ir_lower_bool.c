/* SPDX-License-Identifier: MIT */

/*
 * Booleans for targets without 1-bit values.
 *
 * ir_lower_bool_to_int32: every 1-bit def becomes a 32-bit boolean, 0 for
 * false and ~0 for true, the representation the opcode table gives 32-bit
 * bools (comparisons, f2b, i2b and b2b write 0xffffffff; bool sources of
 * 32 bits are read as "!= 0").  Most instructions only change size:
 * comparisons, iand/ior/ixor/inot, mov/vecN, bcsel, phis, undefs and
 * intrinsics (load_front_face, is_helper_invocation, load_deref of a bool
 * variable, registers declared with 1 bit).  1-bit constants become
 * 0 / 0xffffffff.  What depends on the value of true changes opcode:
 * u2f(b) = 1.0 becomes b2f, u2u(b) = 1 becomes b2i, and 1-bit integer
 * arithmetic becomes the bitwise operation it is modulo 2 (iadd/isub:
 * ixor, imul: iand, ineg/iabs: mov); i2f and i2i read a 1-bit true as -1,
 * which ~0 already is.  b2b becomes a mov.
 *
 * ir_lower_bool_to_float: every 1-bit def becomes a 32-bit float, 0.0 or
 * 1.0, for targets without integers.
 *   flt/fge/feq/fneu       slt/sge/seq/sne (same NaN behaviour: only
 *                          sne is true on NaN, like fneu)
 *   f2b(x)                 sne(x, 0.0)
 *   ball_fequalN           fmul of the components of seq(a, b)
 *   bany_fnequalN          fmax of the components of sne(a, b)
 *   iand / ior / ixor      fmul / fmax / sne
 *   inot(a)                fsub(1.0, a)
 *   ieq / ine of bools     seq / sne
 *   bcsel(c, x, y)         fcsel(c, x, y) for 32-bit x, y; else (other
 *                          sizes, or integer data under denorm=flush,
 *                          which fcsel would flush) bcsel on fneu(c, 0.0)
 *                          as a 32-bit bool
 *   b2f / b2i / b2b        mov or f2f / f2i / mov, f2b or b2f
 *   u2f / u2u of a bool    mov or f2f / f2u
 *   i2f / i2i of a bool    0.0 - x, then f2f / f2i (a 1-bit true is -1)
 *   constants              0.0 / 1.0
 * Integer comparisons (ilt, ige, ult, uge, ieq, ine of integers, i2b,
 * ball_iequalN, bany_inequalN) and intrinsics that make a boolean
 * (load_front_face, is_helper_invocation, load_deref of a bool) cannot be
 * written with float operations without changing what they compute, so
 * they produce a 32-bit boolean (0 / ~0) that a b2f turns into 0.0 / 1.0;
 * a target without integers has no integer values to compare and
 * implements those few intrinsics at 32 bits.  Stores of a bool through a
 * deref convert back with f2b.
 *
 * If conditions (and discard_if/demote_if) read the 0.0 / 1.0 float
 * directly: the IR takes a 32-bit condition as true when it is not 0, and
 * for 0.0 and 1.0 that is the same test as "!= 0.0".  The only float that
 * compares equal to 0.0 but is not 0 is -0.0, and no value this pass
 * makes can be -0.0: every operation above yields +0.0 or 1.0 from +0.0
 * or 1.0 operands (x * y, max(x, y), 1.0 - x, selects and moves of such
 * values; slt and friends produce +0.0), in round-to-nearest and
 * round-toward-zero alike.  A backend may so branch on the float either
 * as bits or as a float compare with 0.0.
 *
 * Both passes walk the function in program order, so an instruction's
 * sources (except a phi's) have already been converted when it is seen;
 * pass_flags marks the instructions whose 1-bit def was converted.  Ops
 * not listed that have a 1-bit def or read a converted boolean (1-bit
 * shifts, divisions, conversions to 1-bit integers...; GLSL does not
 * produce them) are not rewritten: bool_to_int32 only resizes their def,
 * bool_to_float leaves them as they are.
 *
 * Counterexample for "just resize everything" (bool to int32):
 *    %1:1 = flt %a, %b
 *    %2:32 = u2u32 %1        ; 1 if a < b
 * after resizing %1 to 32 bits, u2u32 of 0xffffffff is 0xffffffff, not
 * 1: the conversion must become b2i.
 *
 * Requires: nothing (SSA or registers).  Preserves: the CFG, block
 * indices, dominance.  Invalidates: instruction indices, liveness,
 * divergence, loop analysis.
 */
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/ir_lower_util.h"

/* pass_flags of an instruction whose 1-bit def was converted. */
#define CONVERTED 1

static void
clear_pass_flags(struct ir_function *fn)
{
   ir_foreach_block (fn, block) {
      ir_foreach_instr (block, instr)
         instr->pass_flags = 0;
   }
}

/* Whether @p def is (or was, before this pass converted it) a 1-bit
 * boolean. */
static bool
is_bool(const struct ir_def *def)
{
   return def->bit_size == 1 || def->parent->pass_flags == CONVERTED;
}

static void
convert_def(struct ir_def *def)
{
   def->bit_size = 32;
   def->parent->pass_flags = CONVERTED;
}

/* Converts 1-bit register declarations; true if it was one. */
static bool
convert_decl_reg(struct ir_intrinsic *intr)
{
   if (intr->op != IR_INTRINSIC_DECL_REG || ir_intrinsic_bit_size(intr) != 1)
      return false;
   ir_intrinsic_set_bit_size(intr, 32);
   return true;
}

static bool
is_reg_load(const struct ir_intrinsic *intr)
{
   return intr->op == IR_INTRINSIC_LOAD_REG ||
          intr->op == IR_INTRINSIC_LOAD_REG_INDIRECT;
}

/* Constants: 1-bit values become @p t / @p f. */
static bool
convert_const(struct ir_load_const *lc, uint32_t t, uint32_t f)
{
   if (lc->def.bit_size != 1)
      return false;
   for (unsigned c = 0; c < lc->def.num_components; c++) {
      uint32_t v = lc->value[c].b ? t : f;
      lc->value[c].u64 = 0;
      lc->value[c].u32 = v;
   }
   convert_def(&lc->def);
   return true;
}

/* Phis and undefs only change size. */
static bool
convert_sized(struct ir_instr *instr)
{
   struct ir_def *def = ir_instr_def(instr);
   if (!def || def->bit_size != 1)
      return false;
   convert_def(def);
   return true;
}

/* ---------------------------------------------------------------------- */
/* Booleans to 32-bit integers                                            */
/* ---------------------------------------------------------------------- */

static bool
int32_alu(struct ir_alu *alu)
{
   bool dst1 = alu->def.bit_size == 1;
   bool src_bool = false;
   for (unsigned i = 0; i < ir_op_infos[alu->op].num_inputs; i++)
      src_bool |= is_bool(alu->src[i].src.def);
   if (!dst1 && !src_bool)
      return false;

   switch (alu->op) {
   case IR_OP_U2F:
      if (src_bool)
         alu->op = IR_OP_B2F;
      break;
   case IR_OP_U2U:
      if (src_bool)
         alu->op = IR_OP_B2I;
      break;
   case IR_OP_B2B:
      alu->op = IR_OP_MOV;
      alu->def.bit_size = 32;
      break;
   case IR_OP_IADD:
   case IR_OP_ISUB:
      if (dst1)
         alu->op = IR_OP_IXOR;
      break;
   case IR_OP_IMUL:
      if (dst1)
         alu->op = IR_OP_IAND;
      break;
   case IR_OP_INEG:
   case IR_OP_IABS:
      if (dst1)
         alu->op = IR_OP_MOV;
      break;
   default:
      break;
   }
   if (dst1)
      convert_def(&alu->def);
   return true;
}

static bool
int32_instr(struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
      return int32_alu(ir_instr_as_alu(instr));
   case IR_INSTR_LOAD_CONST:
      return convert_const(ir_instr_as_load_const(instr), 0xffffffffu, 0);
   case IR_INSTR_INTRINSIC: {
      bool progress = convert_decl_reg(ir_instr_as_intrinsic(instr));
      return convert_sized(instr) || progress;
   }
   case IR_INSTR_PHI:
   case IR_INSTR_UNDEF:
      return convert_sized(instr);
   default:
      return false;
   }
}

static bool
lower_function(struct ir_function *fn,
               bool (*lower)(struct ir_builder *b, struct ir_instr *instr))
{
   clear_pass_flags(fn);
   bool progress = false;
   ir_foreach_block (fn, block) {
      ir_foreach_instr_safe (block, instr) {
         struct ir_builder b = ir_builder_at(fn, ir_before_instr(instr));
         progress |= lower(&b, instr);
      }
   }
   if (progress)
      ir_metadata_preserve(fn, IR_METADATA_BLOCK_INDEX | IR_METADATA_DOMINANCE);
   return progress;
}

static bool
int32_lower(struct ir_builder *b, struct ir_instr *instr)
{
   (void)b;
   return int32_instr(instr);
}

bool
ir_lower_bool_to_int32(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn)
      progress |= lower_function(fn, int32_lower);
   return progress;
}

/* ---------------------------------------------------------------------- */
/* Booleans to floats                                                     */
/* ---------------------------------------------------------------------- */

/* Makes @p def a 32-bit boolean (0 / ~0) and gives its uses b2f(def)
 * instead. */
static void
bool32_then_b2f(struct ir_function *fn, struct ir_def *def)
{
   def->bit_size = 32;
   struct ir_builder b = ir_builder_at(fn, ir_after_instr(def->parent));
   struct ir_def *f = ir_lower_build1(&b, IR_OP_B2F, def->num_components, 32,
                                      ir_lower_def(def));
   ir_def_rewrite_uses(def, f);
   struct ir_alu *b2f = ir_def_as_alu(f);
   ir_instr_set_src(&b2f->instr, &b2f->src[0].src, def);
   f->parent->pass_flags = CONVERTED;
}

/* Replaces @p alu by @p def, a 32-bit float boolean (converted). */
static void
replace_float(struct ir_alu *alu, struct ir_def *def)
{
   def->parent->pass_flags = CONVERTED;
   ir_lower_replace(alu, def);
}

/* @p def (a float of any size) as a 32-bit float. */
static struct ir_def *
to_f32(struct ir_builder *b, struct ir_def *def)
{
   if (def->bit_size == 32)
      return def;
   return ir_lower_build1(b, IR_OP_F2F, def->num_components, 32,
                          ir_lower_def(def));
}

/* @p def (a 32-bit float) at @p bits bits. */
static struct ir_def *
to_fsize(struct ir_builder *b, struct ir_def *def, unsigned bits)
{
   if (bits == 32)
      return def;
   return ir_lower_build1(b, IR_OP_F2F, def->num_components, bits,
                          ir_lower_def(def));
}

/* Float comparison @p op of @p alu's sources, as a 32-bit float. */
static struct ir_def *
float_compare(struct ir_builder *b, struct ir_alu *alu, enum ir_op op)
{
   unsigned bits = alu->src[0].src.def->bit_size;
   return to_f32(b,
                 ir_lower_build2(b, op, alu->def.num_components, bits,
                                 ir_lower_src(alu, 0), ir_lower_src(alu, 1)));
}

/* ball_fequalN / bany_fnequalN: the per-component comparison @p cmp,
 * reduced with @p reduce. */
static struct ir_def *
float_reduce(struct ir_builder *b, struct ir_alu *alu, enum ir_op cmp,
             enum ir_op reduce)
{
   unsigned n = ir_op_infos[alu->op].input_sizes[0];
   unsigned bits = alu->src[0].src.def->bit_size;
   struct ir_def *v =
      to_f32(b, ir_lower_build2(b, cmp, n, bits, ir_lower_src(alu, 0),
                                ir_lower_src(alu, 1)));
   /* n is at least 2. */
   struct ir_def *acc = ir_lower_build2(b, reduce, 1, 32, ir_lower_splat(v, 0),
                                        ir_lower_splat(v, 1));
   for (unsigned c = 2; c < n; c++)
      acc = ir_lower_build2(b, reduce, 1, 32, ir_lower_def(acc),
                            ir_lower_splat(v, c));
   return acc;
}

/* The float form of a boolean-valued or boolean-reading ALU, or NULL
 * when it was changed in place (*changed is then true) or is left alone
 * (false). */
static struct ir_def *
float_alu_replacement(struct ir_builder *b, struct ir_alu *alu, bool *changed)
{
   unsigned n = alu->def.num_components;
   bool dst1 = alu->def.bit_size == 1;
   bool src_bool = is_bool(alu->src[0].src.def);
   *changed = false;

   switch (alu->op) {
   case IR_OP_FLT:
   case IR_OP_FGE:
   case IR_OP_FEQ:
   case IR_OP_FNEU: {
      if (!dst1)
         return NULL;
      enum ir_op op = alu->op == IR_OP_FLT   ? IR_OP_SLT
                      : alu->op == IR_OP_FGE ? IR_OP_SGE
                      : alu->op == IR_OP_FEQ ? IR_OP_SEQ
                                             : IR_OP_SNE;
      return float_compare(b, alu, op);
   }
   case IR_OP_F2B: {
      if (!dst1)
         return NULL;
      unsigned bits = alu->src[0].src.def->bit_size;
      return to_f32(b,
                    ir_lower_build2(b, IR_OP_SNE, n, bits, ir_lower_src(alu, 0),
                                    ir_lower_imm_float(b, 0.0, bits)));
   }
   case IR_OP_BALL_FEQUAL2:
   case IR_OP_BALL_FEQUAL3:
   case IR_OP_BALL_FEQUAL4:
      return dst1 ? float_reduce(b, alu, IR_OP_SEQ, IR_OP_FMUL) : NULL;
   case IR_OP_BANY_FNEQUAL2:
   case IR_OP_BANY_FNEQUAL3:
   case IR_OP_BANY_FNEQUAL4:
      return dst1 ? float_reduce(b, alu, IR_OP_SNE, IR_OP_FMAX) : NULL;
   case IR_OP_IEQ:
   case IR_OP_INE:
      if (!src_bool)
         return NULL;
      alu->op = alu->op == IR_OP_IEQ ? IR_OP_SEQ : IR_OP_SNE;
      break;
   case IR_OP_IAND:
   case IR_OP_IMUL:
   case IR_OP_UMIN:
   case IR_OP_IMAX:
   case IR_OP_IOR:
   case IR_OP_UMAX:
   case IR_OP_IMIN:
   case IR_OP_IXOR:
   case IR_OP_IADD:
   case IR_OP_ISUB:
      if (!dst1)
         return NULL;
      /* On 0 / 1 (1-bit true is -1 when signed, so imin is or). */
      if (alu->op == IR_OP_IAND || alu->op == IR_OP_IMUL ||
          alu->op == IR_OP_UMIN || alu->op == IR_OP_IMAX)
         alu->op = IR_OP_FMUL;
      else if (alu->op == IR_OP_IOR || alu->op == IR_OP_UMAX ||
               alu->op == IR_OP_IMIN)
         alu->op = IR_OP_FMAX;
      else
         alu->op = IR_OP_SNE;
      break;
   case IR_OP_INOT:
      if (!dst1)
         return NULL;
      return ir_lower_build2(b, IR_OP_FSUB, n, 32,
                             ir_lower_imm_float(b, 1.0, 32),
                             ir_lower_src(alu, 0));
   case IR_OP_INEG:
   case IR_OP_IABS:
   case IR_OP_MOV:
   case IR_OP_VEC2:
   case IR_OP_VEC3:
   case IR_OP_VEC4:
      if (!dst1)
         return NULL;
      if (alu->op == IR_OP_INEG || alu->op == IR_OP_IABS)
         alu->op = IR_OP_MOV;
      break;
   case IR_OP_BCSEL: {
      bool cond = is_bool(alu->src[0].src.def);
      unsigned data_bits = alu->src[1].src.def->bit_size;
      if (dst1) {
         convert_def(&alu->def);
         *changed = true;
      }
      if (!cond)
         return NULL;
      *changed = true;
      /* fcsel moves its values as floats, so under denorm=flush it would
       * flush integers that look like denormals: then only converted
       * booleans (0.0 / 1.0) may go through it. */
      bool data_bool =
         is_bool(alu->src[1].src.def) && is_bool(alu->src[2].src.def);
      if (data_bits == 32 && (data_bool || b->shader->info.denorm_mode !=
                                              IR_DENORM_FLUSH_TO_ZERO)) {
         alu->op = IR_OP_FCSEL;
         return NULL;
      }
      /* fcsel needs its condition and values of one size. */
      struct ir_def *c =
         ir_lower_build2(b, IR_OP_FNEU, n, 32, ir_lower_src(alu, 0),
                         ir_lower_imm_float(b, 0.0, 32));
      ir_instr_set_src(&alu->instr, &alu->src[0].src, c);
      for (unsigned i = 0; i < IR_MAX_VEC; i++)
         alu->src[0].swizzle[i] = (uint8_t)i;
      return NULL;
   }
   case IR_OP_B2F:
   case IR_OP_U2F:
      if (!src_bool)
         return NULL;
      alu->op = alu->def.bit_size == 32 ? IR_OP_MOV : IR_OP_F2F;
      break;
   case IR_OP_B2I:
   case IR_OP_U2U:
      if (!src_bool)
         return NULL;
      alu->op = alu->op == IR_OP_B2I ? IR_OP_F2I : IR_OP_F2U;
      break;
   case IR_OP_B2B:
      if (src_bool && dst1)
         alu->op = IR_OP_MOV;
      else if (src_bool)
         alu->op = IR_OP_F2B;
      else if (dst1)
         alu->op = IR_OP_B2F;
      else
         return NULL;
      break;
   case IR_OP_I2F:
   case IR_OP_I2I: {
      /* A 1-bit true is -1: 0.0 - x (not fneg, which makes -0.0 of
       * false). */
      if (!src_bool)
         return NULL;
      struct ir_def *neg =
         ir_lower_build2(b, IR_OP_FSUB, n, 32, ir_lower_imm_float(b, 0.0, 32),
                         ir_lower_src(alu, 0));
      if (alu->op == IR_OP_I2F)
         return to_fsize(b, neg, alu->def.bit_size);
      return ir_lower_build1(b, IR_OP_F2I, n, alu->def.bit_size,
                             ir_lower_def(neg));
   }
   default:
      return NULL;
   }
   /* Changed in place: a boolean result is now a float one. */
   if (dst1)
      convert_def(&alu->def);
   *changed = true;
   return NULL;
}

static bool
float_alu(struct ir_function *fn, struct ir_builder *b, struct ir_alu *alu)
{
   bool changed;
   struct ir_def *rep = float_alu_replacement(b, alu, &changed);
   if (rep) {
      /* Results that are not booleans (i2f, i2i of a bool) stay
       * unmarked. */
      if (alu->def.bit_size == 1)
         replace_float(alu, rep);
      else
         ir_lower_replace(alu, rep);
      return true;
   }
   if (changed)
      return true;
   /* Integer comparisons and the like: a 32-bit boolean, then b2f. */
   if (alu->def.bit_size == 1 &&
       IR_ALU_TYPE_BASE(ir_op_infos[alu->op].output_type) == IR_ALU_BOOL) {
      bool32_then_b2f(fn, &alu->def);
      return true;
   }
   return false;
}

/* A converted boolean read by an intrinsic that stores it as a boolean
 * (store_deref of a bool variable, store_output...): give it f2b(src). */
static bool
float_intrinsic_srcs(struct ir_builder *b, struct ir_intrinsic *intr)
{
   bool progress = false;
   const struct ir_intrinsic_info *info = &ir_intrinsic_infos[intr->op];
   for (unsigned i = 0; i < info->num_srcs; i++) {
      struct ir_def *s = intr->src[i].def;
      if (!is_bool(s))
         continue;
      /* Conditions read 0.0 / 1.0 directly (see the file comment) and
       * registers hold whatever their values are. */
      if (intr->op == IR_INTRINSIC_DISCARD_IF ||
          intr->op == IR_INTRINSIC_DEMOTE_IF ||
          intr->op == IR_INTRINSIC_STORE_REG ||
          intr->op == IR_INTRINSIC_STORE_REG_INDIRECT)
         continue;
      struct ir_def *bb =
         ir_lower_build1(b, IR_OP_F2B, s->num_components, 32, ir_lower_def(s));
      ir_instr_set_src(&intr->instr, &intr->src[i], bb);
      progress = true;
   }
   return progress;
}

static bool
float_intrinsic(struct ir_function *fn, struct ir_builder *b,
                struct ir_intrinsic *intr)
{
   bool progress = convert_decl_reg(intr);
   progress |= float_intrinsic_srcs(b, intr);
   if (!ir_intrinsic_infos[intr->op].has_dest || intr->def.bit_size != 1)
      return progress;
   if (is_reg_load(intr))
      convert_def(&intr->def);
   else
      bool32_then_b2f(fn, &intr->def);
   return true;
}

static struct ir_function *
builder_fn(struct ir_builder *b)
{
   return b->fn;
}

static bool
float_lower(struct ir_builder *b, struct ir_instr *instr)
{
   switch (instr->kind) {
   case IR_INSTR_ALU:
      return float_alu(builder_fn(b), b, ir_instr_as_alu(instr));
   case IR_INSTR_LOAD_CONST:
      return convert_const(ir_instr_as_load_const(instr), 0x3f800000u, 0);
   case IR_INSTR_INTRINSIC:
      return float_intrinsic(builder_fn(b), b, ir_instr_as_intrinsic(instr));
   case IR_INSTR_PHI:
   case IR_INSTR_UNDEF:
      return convert_sized(instr);
   default:
      return false;
   }
}

bool
ir_lower_bool_to_float(struct ir_shader *shader)
{
   bool progress = false;
   ir_foreach_function (shader, fn)
      progress |= lower_function(fn, float_lower);
   return progress;
}
