/* SPDX-License-Identifier: MIT */
#include "compiler/ir/ir_passes.h"

/*
 * Chooses the form of each derivative intrinsic the driver has
 * (options->lower_derivatives, IR_LOWER_DERIVATIVE_* in
 * ir_passes.h).
 *
 * Forms: unqualified (ddx, ddy: the implementation's choice), fine and
 * coarse.  Each form is mapped to a target form:
 *   unqualified -> fine     with UNQUALIFIED_TO_FINE
 *   unqualified -> coarse   with UNQUALIFIED_TO_COARSE (if both are set,
 *                           fine wins: it is the more precise one)
 *   fine -> coarse          with FINE (the driver has no fine derivative)
 *   coarse -> fine          with COARSE (no coarse derivative)
 * and the mapping is followed until it stops; if it comes back to where
 * it started (FINE and COARSE together: the driver has neither), the
 * result is the unqualified form, which is then the driver's only one.
 *
 * Which replacements keep the meaning:
 *   - unqualified to either: exact; GLSL lets the implementation choose.
 *   - coarse to fine: exact; GLSL 4.60 8.14.1: a coarse derivative "will
 *     possibly, but not necessarily, include the value of p for the
 *     current fragment", computed in "fewer unique locations" than a fine
 *     one, so a fine derivative is a valid coarse one.
 *   - fine to coarse: an approximation.  A fine derivative cannot be
 *     built from coarse ones: ddx_coarse and ddy_coarse read only three
 *     lanes of the quad (top-left, top-right, bottom-left), so no
 *     combination of them sees the bottom-right value that ddx_fine needs
 *     in the bottom row.  A driver setting FINE must not claim
 *     GL_ARB_derivative_control's fine functions; the pass does what it
 *     can for shaders that use them anyway.
 *   - fine or coarse to unqualified (neither available): as exact as the
 *     driver's only derivative.
 *
 * The intrinsics change opcode in place (same sources, destination and
 * flags), so uses need no rewriting.
 *
 * Requires: nothing.  Preserves: everything (no instruction is added or
 * removed).
 */

enum form {
   FORM_UNQUALIFIED,
   FORM_FINE,
   FORM_COARSE,
};

/* One step of the mapping for @p flags. */
static enum form
step(enum form f, unsigned flags)
{
   switch (f) {
   case FORM_UNQUALIFIED:
      if (flags & IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_FINE)
         return FORM_FINE;
      if (flags & IR_LOWER_DERIVATIVE_UNQUALIFIED_TO_COARSE)
         return FORM_COARSE;
      return f;
   case FORM_FINE:
      return (flags & IR_LOWER_DERIVATIVE_FINE) ? FORM_COARSE : f;
   default:
      return (flags & IR_LOWER_DERIVATIVE_COARSE) ? FORM_FINE : f;
   }
}

/* Where @p f ends: the fixed point of step(), or the unqualified form if
 * the steps cycle. */
static enum form
target_form(enum form f, unsigned flags)
{
   enum form cur = f;
   for (unsigned i = 0; i < 3; i++) {
      enum form next = step(cur, flags);
      if (next == cur)
         return cur;
      cur = next;
   }
   return FORM_UNQUALIFIED;
}

static const enum ir_intrinsic_op ops[2][3] = {
   { IR_INTRINSIC_DDX, IR_INTRINSIC_DDX_FINE, IR_INTRINSIC_DDX_COARSE },
   { IR_INTRINSIC_DDY, IR_INTRINSIC_DDY_FINE, IR_INTRINSIC_DDY_COARSE },
};

/* Axis and form of a derivative intrinsic; false for other intrinsics. */
static bool
classify(enum ir_intrinsic_op op, unsigned *axis, enum form *f)
{
   for (unsigned a = 0; a < 2; a++) {
      for (unsigned k = 0; k < 3; k++) {
         if (ops[a][k] == op) {
            *axis = a;
            *f = (enum form)k;
            return true;
         }
      }
   }
   return false;
}

bool
ir_lower_derivatives(struct ir_shader *shader,
                     const struct ir_compiler_options *options)
{
   unsigned flags = options->lower_derivatives;
   if (!flags)
      return false;
   bool progress = false;
   ir_foreach_function (shader, fn) {
      bool fn_progress = false;
      ir_foreach_block (fn, block) {
         ir_foreach_instr (block, instr) {
            struct ir_intrinsic *intr = ir_instr_as_intrinsic(instr);
            unsigned axis;
            enum form f;
            if (!intr || !classify(intr->op, &axis, &f))
               continue;
            enum form t = target_form(f, flags);
            if (t == f)
               continue;
            intr->op = ops[axis][t];
            fn_progress = true;
         }
      }
      /* Nothing to invalidate: the instructions, their defs and the CFG
       * are the same. */
      if (fn_progress)
         ir_metadata_preserve(fn, IR_METADATA_ALL);
      progress |= fn_progress;
   }
   return progress;
}
