/* SPDX-License-Identifier: MIT */

/*
 * The tests of the control-flow and variable passes (vars_to_ssa,
 * split_vars, flatten_arrays, if_to_select, loop_unroll) call passes with
 * one numeric argument; these wrap the shared helpers of
 * ir_test_helpers.h for them:
 *
 *  - cfp_check_pass(): the pass contract (ir_test_check_pass()) with the
 *    expected progress bool and result (NULL: unchanged);
 *  - cfp_check_same_results(): the differential check — the shader before
 *    and after the pass (which must make progress) runs in the
 *    interpreter on CFP_RUNS sets of inputs, must write some output, and
 *    its outputs must be bit-identical.
 *
 * Include after <cmocka.h>.
 */
#ifndef IR_CF_PASSES_TEST_UTIL_H
#define IR_CF_PASSES_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/tests/ir_test_helpers.h"

/** A pass with its numeric argument (ignored by passes without one). */
typedef bool (*cfp_pass_fn)(struct ir_shader *s, unsigned arg);

#define CFP_SLOTS 4
#define CFP_WIDTH 8
#define CFP_RUNS  6

/** What the inputs of a differential run hold. */
enum cfp_inputs {
   /** Floats in [-4, 4] in steps of 0.5. */
   CFP_FLOATS,
   /** Integers in [0, 15]. */
   CFP_INTS,
};

struct cfp_pass {
   cfp_pass_fn fn;
   unsigned arg;
};

static inline bool
cfp_run_pass(struct ir_shader *s, const void *data)
{
   const struct cfp_pass *p = data;
   return p->fn(s, p->arg);
}

#define CFP_PASS(pass, arg) (&(const struct cfp_pass){ (pass), (arg) })

#define cfp_check_pass(mem, input, pass, arg, progress, expected)            \
   ir_test_check_pass((mem), cfp_run_pass, CFP_PASS((pass), (arg)), (input), \
                      (progress), (expected), 0, __FILE__, __LINE__)

static inline void
cfp_fill_inputs(uint32_t *in, unsigned num_words, unsigned run, void *data)
{
   const enum cfp_inputs *kind = data;
   for (unsigned i = 0; i < num_words; i++) {
      /* A small LCG: deterministic and different per run and word. */
      uint32_t x = (run + 1) * 2654435761u ^ (i * 40503u + 12345u);
      x = x * 1103515245u + 12345u;
      x ^= x >> 13;
      in[i] = *kind == CFP_INTS
                 ? x % 16
                 : ir_test_fbits((float)((int)(x % 17) - 8) * 0.5f);
   }
}

static inline void
cfp_check_same_results_at(const char *input, cfp_pass_fn pass, unsigned arg,
                          enum cfp_inputs kind, const char *file, int line)
{
   const struct ir_test_diff d = {
      .width = CFP_WIDTH,
      .lanes = CFP_WIDTH,
      .num_slots = CFP_SLOTS,
      .loop_limit = 100000,
      .num_runs = CFP_RUNS,
      .fill = cfp_fill_inputs,
      .fill_data = &kind,
      .out_fill = 0xa5a5a5a5u,
      .require_progress = true,
      .require_output = true,
   };
   ir_test_differential(input, cfp_run_pass, CFP_PASS(pass, arg), &d, file,
                        line);
}

#define cfp_check_same_results(input, pass, arg, kind) \
   cfp_check_same_results_at((input), (pass), (arg), (kind), __FILE__, __LINE__)

#endif
