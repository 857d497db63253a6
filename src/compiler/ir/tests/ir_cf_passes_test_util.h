/* SPDX-License-Identifier: MIT */

/*
 * Shared fixture of the tests of the control-flow and variable passes
 * (vars_to_ssa, split_vars, if_to_select, loop_unroll):
 *
 *  - cfp_check_pass(): parse, validate, run the pass, check the progress
 *    bool and the printed result, validate, run the pass again expecting
 *    no progress;
 *  - cfp_check_same_results(): the differential check — the shader before
 *    and after the pass runs in the interpreter on several sets of inputs
 *    and its outputs must be bit-identical.
 *
 * Static inline functions so that each test program, built from one
 * source file, takes what it uses.  Include after <cmocka.h>.
 */
#ifndef IR_CF_PASSES_TEST_UTIL_H
#define IR_CF_PASSES_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

/** A pass with its numeric argument (ignored by passes without one). */
typedef bool (*cfp_pass_fn)(struct ir_shader *s, unsigned arg);

#define CFP_SLOTS 4
#define CFP_WIDTH 8
#define CFP_RUNS  6
#define CFP_WORDS (CFP_SLOTS * 4 * CFP_WIDTH)

/** What the inputs of a differential run hold. */
enum cfp_inputs {
   /** Floats in [-4, 4] in steps of 0.5. */
   CFP_FLOATS,
   /** Integers in [0, 15]. */
   CFP_INTS,
};

static inline void
cfp_assert_valid(struct ir_shader *s, const char *when)
{
   char *error = NULL;
   if (!ir_validate(s, &error)) {
      struct u_arena *mem = u_arena_create(NULL);
      fail_msg("invalid IR %s: %s\n%s", when, error ? error : "?",
               ir_shader_to_string(s, mem));
      u_arena_destroy(mem);
   }
}

/**
 * Parses @p input, runs @p pass, asserts its progress is @p progress and
 * the result prints as @p expected (the input itself when @p expected is
 * NULL), validates, and runs the pass again expecting no progress.
 * Returns the shader (in @p mem).
 */
static inline struct ir_shader *
cfp_check_pass_at(struct u_arena *mem, const char *input, cfp_pass_fn pass,
                  unsigned arg, bool progress, const char *expected,
                  const char *file, int line)
{
   struct ir_shader *s = ir_test_parse(mem, input, file, line);
   cfp_assert_valid(s, "in the input");
   const char *before = ir_shader_to_string(s, mem);
   bool p = pass(s, arg);
   cfp_assert_valid(s, "after the pass");
   if (p != progress) {
      print_error("progress %d, expected %d; got:\n%s\n", p, progress,
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   ir_test_assert_text(s, expected ? expected : before, file, line);
   if (pass(s, arg)) {
      print_error("a second run made progress:\n%s\n",
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   cfp_assert_valid(s, "after the second run");
   return s;
}

#define cfp_check_pass(mem, input, pass, arg, progress, expected)           \
   cfp_check_pass_at((mem), (input), (pass), (arg), (progress), (expected), \
                     __FILE__, __LINE__)

static inline uint32_t
cfp_input_word(enum cfp_inputs kind, unsigned run, unsigned i)
{
   /* A small LCG: deterministic and different per run and word. */
   uint32_t x = (run + 1) * 2654435761u ^ (i * 40503u + 12345u);
   x = x * 1103515245u + 12345u;
   x ^= x >> 13;
   if (kind == CFP_INTS)
      return x % 16;
   float f = (float)((int)(x % 17) - 8) * 0.5f;
   uint32_t bits;
   memcpy(&bits, &f, sizeof(bits));
   return bits;
}

/* Runs @p s on CFP_RUNS input sets, writing the outputs of run r to
 * out[r * CFP_WORDS...]. */
static inline void
cfp_run(struct ir_shader *s, enum cfp_inputs kind, uint32_t *out)
{
   struct u_arena *mem = u_arena_create(NULL);
   char *error = NULL;
   struct ir_exec_program *prog = ir_exec_program_create(mem, s, &error);
   if (!prog)
      fail_msg("the interpreter refuses the shader: %s", error ? error : "?");
   struct ir_exec_state *st = ir_exec_state_create(prog, CFP_WIDTH);
   assert_non_null(st);
   ir_exec_state_set_loop_limit(st, 100000);
   static uint32_t in[CFP_WORDS];
   struct ir_exec_io io = { 0 };
   io.inputs = in;
   io.num_input_slots = CFP_SLOTS;
   io.num_output_slots = CFP_SLOTS;
   ir_exec_state_set_io(st, &io);
   for (unsigned r = 0; r < CFP_RUNS; r++) {
      for (unsigned i = 0; i < CFP_WORDS; i++)
         in[i] = cfp_input_word(kind, r, i);
      uint32_t *o = out + r * CFP_WORDS;
      memset(o, 0xa5, CFP_WORDS * sizeof(*o));
      io.outputs = o;
      assert_true(ir_exec_run(st, (1ull << CFP_WIDTH) - 1, 0));
   }
   ir_exec_state_destroy(st);
   u_arena_destroy(mem);
}

/**
 * Differential check: @p input before and after @p pass (which must make
 * progress) gives the same outputs on CFP_RUNS sets of @p kind inputs.
 */
static inline void
cfp_check_same_results_at(const char *input, cfp_pass_fn pass, unsigned arg,
                          enum cfp_inputs kind, const char *file, int line)
{
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *before = ir_test_parse(mem, input, file, line);
   struct ir_shader *after = ir_test_parse(mem, input, file, line);
   if (!pass(after, arg)) {
      print_error("the pass made no progress\n");
      _fail(file, line);
   }
   cfp_assert_valid(after, "after the pass");
   static uint32_t out_before[CFP_RUNS * CFP_WORDS];
   static uint32_t out_after[CFP_RUNS * CFP_WORDS];
   cfp_run(before, kind, out_before);
   cfp_run(after, kind, out_after);
   bool written = false;
   for (unsigned i = 0; i < CFP_RUNS * CFP_WORDS; i++)
      written |= out_before[i] != 0xa5a5a5a5u;
   if (!written) {
      print_error("the shader writes no output: the check is vacuous\n");
      _fail(file, line);
   }
   for (unsigned i = 0; i < CFP_RUNS * CFP_WORDS; i++) {
      if (out_before[i] != out_after[i]) {
         unsigned r = i / CFP_WORDS, w = i % CFP_WORDS;
         print_error("run %u, slot %u, component %u, lane %u: 0x%08x "
                     "before, 0x%08x after; after:\n%s\n",
                     r, w / (4 * CFP_WIDTH), w / CFP_WIDTH % 4, w % CFP_WIDTH,
                     out_before[i], out_after[i],
                     ir_shader_to_string(after, mem));
         u_arena_destroy(mem);
         _fail(file, line);
         return;
      }
   }
   u_arena_destroy(mem);
}

#define cfp_check_same_results(input, pass, arg, kind) \
   cfp_check_same_results_at((input), (pass), (arg), (kind), __FILE__, __LINE__)

#endif
