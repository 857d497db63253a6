/* SPDX-License-Identifier: MIT */

/*
 * What the tests of the ALU lowering passes (lower_alu, lower_idiv,
 * lower_bool_*, alu_to_scalar, vectorize, derivatives, fmod precision)
 * add to ir_test_helpers.h.  Their passes take options through an opaque
 * @p data (lt_pass_fn is an ir_test_pass_fn); their shaders run on
 * LT_WIDTH lanes of LT_SLOTS slots.
 *
 *  - LT_CHECK(mem, pass, data, input, expected): the pass contract
 *    (ir_test_check_pass()) expecting progress, comparing with the
 *    printer's form of @p expected (so it may spell constants any way that
 *    parses to the same bits);
 *  - LT_CHECK_NO_PROGRESS(mem, pass, data, input): no progress, no change;
 *  - struct lt_runner: a shader decoded once and run on up to 64 lanes
 *    whose load_input slots hold given words (lt_word());
 *  - LT_DIFF_EXACT() / LT_DIFF(): runs a shader before and after a pass on
 *    the same inputs and requires bit-identical (or @p cmp-accepted)
 *    outputs.
 *
 * Include after <cmocka.h>.
 */
#ifndef IR_LOWER_TEST_UTIL_H
#define IR_LOWER_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

typedef ir_test_pass_fn lt_pass_fn;

/** Input and output slots of the shaders run by struct lt_runner. */
#define LT_SLOTS 8
/** Lanes of one run. */
#define LT_WIDTH 64
/** Loop iterations after which a run fails. */
#define LT_LOOP_LIMIT 100000
/** Input or output words of one run. */
#define LT_WORDS (LT_SLOTS * 4 * LT_WIDTH)

#define LT_CHECK(mem, pass, data, input, expected)                      \
   ir_test_check_pass((mem), (pass), (data), (input), true, (expected), \
                      IR_TEST_CANONICAL_EXPECTED, __FILE__, __LINE__)
#define LT_CHECK_NO_PROGRESS(mem, pass, data, input)                  \
   ir_test_check_pass((mem), (pass), (data), (input), false, NULL, 0, \
                      __FILE__, __LINE__)

/**
 * A shader decoded once and run many times: in[] holds the input words,
 * in[lt_word(slot, component, lane)], out[] the output words, which start
 * every run as 0xdeadbeef so that unwritten words show.
 */
struct lt_runner {
   struct ir_test_exec *exec;
   uint32_t in[LT_WORDS];
   uint32_t out[LT_WORDS];
   /** Lanes the last run discarded. */
   uint64_t killed;
};

/** Fails the test if the interpreter rejects @p s. */
static inline struct lt_runner *
lt_runner_create(struct ir_shader *s, const char *file, int line)
{
   struct lt_runner *r = calloc(1, sizeof(*r));
   const struct ir_exec_io io = {
      .inputs = r->in,
      .num_input_slots = LT_SLOTS,
      .outputs = r->out,
      .num_output_slots = LT_SLOTS,
   };
   r->exec = ir_test_exec_create(s, LT_WIDTH, LT_LOOP_LIMIT, &io, file, line);
   return r;
}

/** Runs lanes 0 to @p lanes - 1. */
static inline void
lt_runner_run(struct lt_runner *r, unsigned lanes, const char *file, int line)
{
   ir_test_exec_run(r->exec, ir_test_lanes(lanes), 0xdeadbeefu, file, line);
   r->killed = r->exec->killed;
}

static inline void
lt_runner_destroy(struct lt_runner *r)
{
   ir_test_exec_destroy(r->exec);
   free(r);
}

#define LT_RUNNER(s)     lt_runner_create((s), __FILE__, __LINE__)
#define LT_RUN(r, lanes) lt_runner_run((r), (lanes), __FILE__, __LINE__)

/** Index of an input/output word. */
static inline unsigned
lt_word(unsigned slot, unsigned comp, unsigned lane)
{
   return (slot * 4 + comp) * LT_WIDTH + lane;
}

/** A deterministic pseudo-random generator (xorshift64*) for tests. */
static inline uint32_t
lt_rand(uint64_t *state)
{
   uint64_t x = *state;
   x ^= x >> 12;
   x ^= x << 25;
   x ^= x >> 27;
   *state = x;
   return (uint32_t)((x * 0x2545f4914f6cdd1dull) >> 32);
}

static inline void
lt_copy_inputs(uint32_t *in, unsigned num_words, unsigned run, void *data)
{
   (void)run;
   memcpy(in, data, num_words * sizeof(*in));
}

/**
 * Differential check: runs @p text as parsed and after @p pass (which
 * must make progress) on the same inputs @p in (LT_WORDS words) and
 * compares the output words with @p cmp, or requires them to be
 * bit-identical if @p cmp is NULL; the discarded lanes must be the same.
 */
static inline void
lt_diff(const char *text, lt_pass_fn pass, const void *data, const uint32_t *in,
        unsigned lanes, ir_test_word_cmp_fn cmp, const char *file, int line)
{
   const struct ir_test_diff d = {
      .width = LT_WIDTH,
      .lanes = lanes,
      .num_slots = LT_SLOTS,
      .loop_limit = LT_LOOP_LIMIT,
      .num_runs = 1,
      .fill = lt_copy_inputs,
      .fill_data = (void *)in,
      .out_fill = 0xdeadbeefu,
      .cmp = cmp,
      .require_progress = true,
   };
   ir_test_differential(text, pass, data, &d, file, line);
}

#define LT_DIFF_EXACT(text, pass, data, in, lanes) \
   lt_diff((text), (pass), (data), (in), (lanes), NULL, __FILE__, __LINE__)
#define LT_DIFF(text, pass, data, in, lanes, cmp) \
   lt_diff((text), (pass), (data), (in), (lanes), (cmp), __FILE__, __LINE__)

#endif
