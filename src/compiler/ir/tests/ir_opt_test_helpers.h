/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the tests of the basic optimisation passes
 * (constant folding, copy propagation, DCE, GVN, dead control flow):
 *
 *  - OPT_CHECK(pass, input, expected): parse, run the pass expecting
 *    progress, compare the printed result, validate, run the pass again
 *    expecting no progress and no change;
 *  - OPT_CHECK_NO_PROGRESS(pass, input): the pass must report no progress
 *    and leave the text as it was;
 *  - opt_test_run(): runs a shader in the reference interpreter on one
 *    quad, for differential checks (the shader reads load_input slots and
 *    writes store_output slots).
 *
 * All static inline, so each test program includes what it uses.  Include
 * after <cmocka.h>.
 */
#ifndef IR_OPT_TEST_HELPERS_H
#define IR_OPT_TEST_HELPERS_H

#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

typedef bool (*opt_pass_fn)(struct ir_shader *s);

static inline void
opt_assert_valid(struct ir_shader *s, const char *file, int line)
{
   char *err = NULL;
   if (!ir_validate(s, &err)) {
      struct u_arena *mem = u_arena_create(NULL);
      print_error("invalid IR: %s\n%s\n", err ? err : "?",
                  mem ? ir_shader_to_string(s, mem) : "");
      u_arena_destroy(mem);
      _fail(file, line);
   }
}

/* Returns the shader after the pass, for further checks. */
static inline struct ir_shader *
opt_check(struct u_arena *mem, opt_pass_fn pass, const char *input,
          const char *expected, const char *file, int line)
{
   struct ir_shader *s = ir_test_parse(mem, input, file, line);
   if (!s)
      return NULL;
   if (!pass(s)) {
      print_error("the pass reported no progress\n");
      _fail(file, line);
   }
   opt_assert_valid(s, file, line);
   ir_test_assert_text(s, expected, file, line);
   if (pass(s)) {
      print_error("a second run reported progress:\n%s\n",
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   opt_assert_valid(s, file, line);
   ir_test_assert_text(s, expected, file, line);
   return s;
}

static inline void
opt_check_no_progress(struct u_arena *mem, opt_pass_fn pass, const char *input,
                      const char *file, int line)
{
   struct ir_shader *s = ir_test_parse(mem, input, file, line);
   if (!s)
      return;
   char *before = ir_shader_to_string(s, mem);
   if (pass(s)) {
      print_error("the pass reported progress:\n%s\n",
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   opt_assert_valid(s, file, line);
   ir_test_assert_text(s, before, file, line);
}

#define OPT_CHECK(mem, pass, input, expected) \
   opt_check((mem), (pass), (input), (expected), __FILE__, __LINE__)
#define OPT_CHECK_NO_PROGRESS(mem, pass, input) \
   opt_check_no_progress((mem), (pass), (input), __FILE__, __LINE__)

/* Slots of input and output the interpreter runs get. */
#define OPT_EXEC_SLOTS 8
/* Lanes of one run (one quad). */
#define OPT_EXEC_LANES 4

/* [slot][component][lane] words. */
typedef uint32_t opt_exec_io[OPT_EXEC_SLOTS][4][OPT_EXEC_LANES];

/*
 * Runs @p s on one quad with @p inputs; fills @p outputs (zeroed first) and
 * *killed.  Returns false (with a message) if the interpreter rejects the
 * shader or the run hits the loop limit.
 */
static inline bool
opt_test_run(struct ir_shader *s, const opt_exec_io inputs, opt_exec_io outputs,
             uint64_t *killed)
{
   char *err = NULL;
   struct ir_exec_program *prog = ir_exec_program_create(NULL, s, &err);
   if (!prog) {
      print_error("ir_exec_program_create: %s\n", err ? err : "?");
      return false;
   }
   struct ir_exec_state *st = ir_exec_state_create(prog, OPT_EXEC_LANES);
   if (!st) {
      ir_exec_program_destroy(prog);
      return false;
   }
   memset(outputs, 0, sizeof(opt_exec_io));
   struct ir_exec_io io = {
      .inputs = &inputs[0][0][0],
      .num_input_slots = OPT_EXEC_SLOTS,
      .outputs = &outputs[0][0][0],
      .num_output_slots = OPT_EXEC_SLOTS,
   };
   ir_exec_state_set_io(st, &io);
   ir_exec_state_set_loop_limit(st, 100000);
   bool ok = ir_exec_run(st, (1u << OPT_EXEC_LANES) - 1, 0);
   if (killed)
      *killed = ir_exec_killed_mask(st);
   ir_exec_state_destroy(st);
   ir_exec_program_destroy(prog);
   if (!ok)
      print_error("the run hit the loop limit\n");
   return ok;
}

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

/*
 * Parses @p text twice, runs @p pass on one copy (validating it) and
 * compares both copies' outputs bit for bit on @p num_runs sets of inputs
 * made by @p fill (or random words when NULL).  Returns the pass's
 * progress.
 */
typedef void (*opt_fill_fn)(opt_exec_io inputs, unsigned run);

static inline bool
opt_differential(struct u_arena *mem, opt_pass_fn pass, const char *text,
                 opt_fill_fn fill, unsigned num_runs, const char *file,
                 int line)
{
   struct ir_shader *ref = ir_test_parse(mem, text, file, line);
   struct ir_shader *opt = ir_test_parse(mem, text, file, line);
   if (!ref || !opt)
      return false;
   bool progress = pass(opt);
   opt_assert_valid(opt, file, line);

   uint32_t seed = 0x12345678u;
   for (unsigned run = 0; run < num_runs; run++) {
      static opt_exec_io in, out_ref, out_opt;
      if (fill) {
         memset(in, 0, sizeof(in));
         fill(in, run);
      } else {
         for (unsigned i = 0; i < OPT_EXEC_SLOTS * 4 * OPT_EXEC_LANES; i++)
            (&in[0][0][0])[i] = opt_test_rand(&seed);
      }
      uint64_t killed_ref = 0, killed_opt = 0;
      if (!opt_test_run(ref, in, out_ref, &killed_ref) ||
          !opt_test_run(opt, in, out_opt, &killed_opt)) {
         _fail(file, line);
         return progress;
      }
      if (memcmp(out_ref, out_opt, sizeof(out_ref)) != 0 ||
          killed_ref != killed_opt) {
         print_error("outputs differ on run %u\n--- after the pass:\n%s\n", run,
                     ir_shader_to_string(opt, mem));
         for (unsigned sl = 0; sl < OPT_EXEC_SLOTS; sl++)
            for (unsigned c = 0; c < 4; c++)
               for (unsigned l = 0; l < OPT_EXEC_LANES; l++)
                  if (out_ref[sl][c][l] != out_opt[sl][c][l])
                     print_error("slot %u comp %u lane %u: %08x vs %08x\n", sl,
                                 c, l, out_ref[sl][c][l], out_opt[sl][c][l]);
         _fail(file, line);
         return progress;
      }
   }
   return progress;
}

#define OPT_DIFFERENTIAL(mem, pass, text, fill, runs) \
   opt_differential((mem), (pass), (text), (fill), (runs), __FILE__, __LINE__)

#endif
