/* SPDX-License-Identifier: MIT */

/*
 * The tests of the basic optimisation passes (constant folding, copy
 * propagation, DCE, GVN, dead control flow, algebraic) call passes without
 * arguments; these wrap the shared helpers of ir_test_helpers.h for them:
 *
 *  - OPT_CHECK(mem, pass, input, expected): the pass contract
 *    (ir_test_check_pass()) expecting progress;
 *  - OPT_CHECK_NO_PROGRESS(mem, pass, input): the pass must report no
 *    progress and leave the text as it was;
 *  - OPT_DIFFERENTIAL(mem, pass, text, fill, runs): runs the shader before
 *    and after the pass on one quad (OPT_EXEC_SLOTS load_input and
 *    store_output slots) on @p runs sets of inputs made by @p fill, or
 *    random words when it is NULL; returns the pass's progress.
 *
 * Include after <cmocka.h>.
 */
#ifndef IR_OPT_TEST_HELPERS_H
#define IR_OPT_TEST_HELPERS_H

#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

typedef bool (*opt_pass_fn)(struct ir_shader *s);

#define OPT_PASS(pass) (&(const struct ir_test_plain_pass){ (pass) })

#define OPT_CHECK(mem, pass, input, expected)                                 \
   ir_test_check_pass((mem), ir_test_run_plain_pass, OPT_PASS(pass), (input), \
                      true, (expected), 0, __FILE__, __LINE__)
#define OPT_CHECK_NO_PROGRESS(mem, pass, input)                               \
   ir_test_check_pass((mem), ir_test_run_plain_pass, OPT_PASS(pass), (input), \
                      false, NULL, 0, __FILE__, __LINE__)

/* Slots of input and output the interpreter runs get. */
#define OPT_EXEC_SLOTS 8
/* Lanes of one run (one quad). */
#define OPT_EXEC_LANES 4

/* [slot][component][lane] words. */
typedef uint32_t opt_exec_io[OPT_EXEC_SLOTS][4][OPT_EXEC_LANES];

/* A small deterministic generator for test inputs (xorshift32). */
static inline uint32_t
opt_test_rand(uint32_t *state)
{
   uint32_t x = *state;
   x ^= x << 13;
   x ^= x >> 17;
   x ^= x << 5;
   *state = x;
   return x;
}

/* Fills the inputs of one run (zeroed first). */
typedef void (*opt_fill_fn)(opt_exec_io inputs, unsigned run);

struct opt_fill {
   opt_fill_fn fill;
   uint32_t seed;
};

static inline void
opt_fill_inputs(uint32_t *in, unsigned num_words, unsigned run, void *data)
{
   struct opt_fill *f = data;
   if (f->fill) {
      f->fill((uint32_t(*)[4][OPT_EXEC_LANES])in, run);
      return;
   }
   for (unsigned i = 0; i < num_words; i++)
      in[i] = opt_test_rand(&f->seed);
}

static inline bool
opt_differential(opt_pass_fn pass, const char *text, opt_fill_fn fill,
                 unsigned num_runs, const char *file, int line)
{
   struct opt_fill f = { fill, 0x12345678u };
   const struct ir_test_diff d = {
      .width = OPT_EXEC_LANES,
      .lanes = OPT_EXEC_LANES,
      .num_slots = OPT_EXEC_SLOTS,
      .loop_limit = 100000,
      .num_runs = num_runs,
      .fill = opt_fill_inputs,
      .fill_data = &f,
   };
   return ir_test_differential(text, ir_test_run_plain_pass, OPT_PASS(pass), &d,
                               file, line);
}

#define OPT_DIFFERENTIAL(mem, pass, text, fill, runs) \
   ((void)(mem),                                      \
    opt_differential((pass), (text), (fill), (runs), __FILE__, __LINE__))

#endif
