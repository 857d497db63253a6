/* SPDX-License-Identifier: MIT */

/*
 * Options of ir_opt_algebraic() that ir_passes.h does not declare yet (to
 * be merged into it), and the statistics interface of its rule table.
 *
 * ir_opt_algebraic(s) is ir_opt_algebraic_with_options(s, NULL): every
 * rule of ir_opt_algebraic.py may apply, the inexact ones included (GLSL
 * does not promise NaNs, infinities or the sign of zero).  A shader that
 * must keep them (SPIR-V float controls, an "everything precise" debug
 * mode) runs the pass with preserve_float_specials.
 */
#ifndef IR_PASSES_ALGEBRAIC_H
#define IR_PASSES_ALGEBRAIC_H

#include <stdint.h>

#include "compiler/ir/ir_passes.h"

struct ir_algebraic_options {
   /** Only exact rules apply: NaNs, infinities and signed zeros must come
    * out as the original computation gives them.  (Instructions marked
    * exact get this treatment whatever this says.) */
   bool preserve_float_specials;
   /** If not NULL, rule_hits[i] is incremented each time rule i of the
    * table rewrites an instruction (ir_opt_algebraic_num_rules()
    * entries). */
   uint32_t *rule_hits;
};

/** ir_opt_algebraic() with @p options (NULL: the defaults, all zero). */
bool ir_opt_algebraic_with_options(struct ir_shader *s,
                                   const struct ir_algebraic_options *options);

/** Number of rules in the table (ir_opt_algebraic.py). */
unsigned ir_opt_algebraic_num_rules(void);

/** Rule @p rule as text ("fadd(a, -0.0) -> a [denorm_preserve]"), or NULL
 * past the end of the table. */
const char *ir_opt_algebraic_rule_text(unsigned rule);

#endif
