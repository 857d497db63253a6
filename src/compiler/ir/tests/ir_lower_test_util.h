/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the tests of the ALU lowering passes (lower_alu,
 * lower_idiv, lower_bool_*, alu_to_scalar, vectorize, derivatives).
 *
 *  - LT_CHECK(pass, data, input, expected): parse and validate @p input,
 *    run the pass expecting progress, compare the printed result with
 *    @p expected as the printer prints it (whitespace-insensitive, so the
 *    expectation may spell constants any way that parses to the same
 *    bits), validate, run the pass again expecting no progress and no
 *    change.  Returns the shader.
 *  - LT_CHECK_NO_PROGRESS(pass, data, input): the pass must report no
 *    progress and leave the printed text as it was.
 *  - struct lt_runner: a shader decoded once for the reference
 *    interpreter and run on up to 64 lanes whose load_input slots hold
 *    given 32-bit words, giving the store_output words;
 *  - LT_DIFF_EXACT(): runs a shader before and after a pass on the same
 *    inputs and requires bit-identical outputs.
 *
 * Passes are called through lt_pass_fn with an opaque @p data (the
 * options of the passes that take them).  All static inline.  Include
 * after <cmocka.h>.
 */
#ifndef IR_LOWER_TEST_UTIL_H
#define IR_LOWER_TEST_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "compiler/ir/ir_passes.h"
#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

typedef bool (*lt_pass_fn)(struct ir_shader *s, const void *data);

/** Input and output slots of the shaders run by struct lt_runner. */
#define LT_SLOTS 8
/** Lanes of one run. */
#define LT_WIDTH 64
/** Loop iterations after which a run fails. */
#define LT_LOOP_LIMIT 100000

static inline void
lt_assert_valid(struct ir_shader *s, const char *file, int line)
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

static inline struct ir_shader *
lt_parse(struct u_arena *mem, const char *text, const char *file, int line)
{
   struct ir_shader *s = ir_test_parse(mem, text, file, line);
   lt_assert_valid(s, file, line);
   return s;
}

/* A second run must make no progress and leave the text alone. */
static inline void
lt_check_idempotent(struct u_arena *mem, struct ir_shader *s, lt_pass_fn pass,
                    const void *data, const char *file, int line)
{
   char *before = ir_shader_to_string(s, mem);
   if (pass(s, data)) {
      print_error("a second run reported progress:\n%s\n",
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   ir_test_assert_text(s, before, file, line);
}

static inline struct ir_shader *
lt_check(struct u_arena *mem, lt_pass_fn pass, const void *data,
         const char *input, const char *expected, const char *file, int line)
{
   struct ir_shader *s = lt_parse(mem, input, file, line);
   if (!pass(s, data)) {
      print_error("the pass reported no progress on:\n%s\n", input);
      _fail(file, line);
   }
   lt_assert_valid(s, file, line);
   /* Compare with the printer's form of the expectation, so that it may
    * spell constants and number defs any way the parser accepts. */
   struct ir_shader *want = ir_test_parse(mem, expected, file, line);
   ir_test_assert_text(s, want ? ir_shader_to_string(want, mem) : expected,
                       file, line);
   lt_check_idempotent(mem, s, pass, data, file, line);
   return s;
}

static inline struct ir_shader *
lt_check_no_progress(struct u_arena *mem, lt_pass_fn pass, const void *data,
                     const char *input, const char *file, int line)
{
   struct ir_shader *s = lt_parse(mem, input, file, line);
   char *before = ir_shader_to_string(s, mem);
   if (pass(s, data)) {
      print_error("the pass reported progress:\n%s\n",
                  ir_shader_to_string(s, mem));
      _fail(file, line);
   }
   ir_test_assert_text(s, before, file, line);
   return s;
}

#define LT_CHECK(mem, pass, data, input, expected) \
   lt_check((mem), (pass), (data), (input), (expected), __FILE__, __LINE__)
#define LT_CHECK_NO_PROGRESS(mem, pass, data, input) \
   lt_check_no_progress((mem), (pass), (data), (input), __FILE__, __LINE__)

/**
 * A shader decoded once and run many times: in[] holds the input words,
 * in[(slot * 4 + component) * LT_WIDTH + lane] (see lt_word()), out[]
 * the output words, which start every run as 0xdeadbeef so that unwritten
 * words show.
 */
struct lt_runner {
   struct u_arena *mem;
   struct ir_exec_program *prog;
   struct ir_exec_state *st;
   struct ir_exec_io io;
   uint32_t in[LT_SLOTS * 4 * LT_WIDTH];
   uint32_t out[LT_SLOTS * 4 * LT_WIDTH];
   /** Lanes the last run discarded. */
   uint64_t killed;
};

/** Fails the test if the interpreter rejects @p s. */
static inline struct lt_runner *
lt_runner_create(struct ir_shader *s, const char *file, int line)
{
   struct lt_runner *r = calloc(1, sizeof(*r));
   r->mem = u_arena_create(NULL);
   char *err = NULL;
   r->prog = ir_exec_program_create(r->mem, s, &err);
   if (!r->prog) {
      print_error("the interpreter rejects the shader: %s\n%s\n",
                  err ? err : "?", ir_shader_to_string(s, r->mem));
      _fail(file, line);
   }
   r->st = ir_exec_state_create(r->prog, LT_WIDTH);
   /* A shader that does not end fails the test instead of hanging it. */
   ir_exec_state_set_loop_limit(r->st, LT_LOOP_LIMIT);
   r->io.inputs = r->in;
   r->io.num_input_slots = LT_SLOTS;
   r->io.outputs = r->out;
   r->io.num_output_slots = LT_SLOTS;
   ir_exec_state_set_io(r->st, &r->io);
   return r;
}

/** Runs lanes 0 to @p lanes - 1. */
static inline void
lt_runner_run(struct lt_runner *r, unsigned lanes, const char *file, int line)
{
   for (unsigned i = 0; i < LT_SLOTS * 4 * LT_WIDTH; i++)
      r->out[i] = 0xdeadbeefu;
   uint64_t mask = lanes >= 64 ? ~0ull : (1ull << lanes) - 1;
   if (!ir_exec_run(r->st, mask, 0)) {
      print_error("the run did not finish\n");
      _fail(file, line);
   }
   r->killed = ir_exec_killed_mask(r->st);
}

static inline void
lt_runner_destroy(struct lt_runner *r)
{
   ir_exec_state_destroy(r->st);
   u_arena_destroy(r->mem);
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

static inline uint32_t
lt_fbits(float f)
{
   uint32_t u;
   memcpy(&u, &f, sizeof(u));
   return u;
}

static inline float
lt_bitsf(uint32_t u)
{
   float f;
   memcpy(&f, &u, sizeof(f));
   return f;
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

/** Whether output word @p after is acceptable for @p before. */
typedef bool (*lt_word_cmp_fn)(uint32_t before, uint32_t after);

/**
 * Differential check: runs @p text as parsed and after @p pass (which
 * must make progress) on the same inputs @p in (LT_SLOTS * 4 * LT_WIDTH
 * words) and compares the output words with @p cmp, or requires them to
 * be bit-identical if @p cmp is NULL; the discarded lanes must be the
 * same.
 */
static inline void
lt_diff(const char *text, lt_pass_fn pass, const void *data, const uint32_t *in,
        unsigned lanes, lt_word_cmp_fn cmp, const char *file, int line)
{
   struct u_arena *mem = u_arena_create(NULL);
   struct ir_shader *a = lt_parse(mem, text, file, line);
   struct ir_shader *b = lt_parse(mem, text, file, line);
   if (!pass(b, data)) {
      print_error("the pass made no progress on:\n%s\n", text);
      _fail(file, line);
   }
   lt_assert_valid(b, file, line);
   struct lt_runner *ra = lt_runner_create(a, file, line);
   struct lt_runner *rb = lt_runner_create(b, file, line);
   memcpy(ra->in, in, sizeof(ra->in));
   memcpy(rb->in, in, sizeof(rb->in));
   lt_runner_run(ra, lanes, file, line);
   lt_runner_run(rb, lanes, file, line);
   if (ra->killed != rb->killed) {
      print_error("discarded lanes 0x%016llx before, 0x%016llx after\n%s\n",
                  (unsigned long long)ra->killed,
                  (unsigned long long)rb->killed, ir_shader_to_string(b, mem));
      _fail(file, line);
   }
   for (unsigned w = 0; w < LT_SLOTS * 4 * LT_WIDTH; w++) {
      if (cmp ? cmp(ra->out[w], rb->out[w]) : ra->out[w] == rb->out[w])
         continue;
      unsigned lane = w % LT_WIDTH, sc = w / LT_WIDTH;
      print_error("output slot %u component %u lane %u: 0x%08x before, "
                  "0x%08x after the pass (lane inputs 0x%08x 0x%08x "
                  "0x%08x 0x%08x)\n%s\n",
                  sc / 4, sc % 4, lane, ra->out[w], rb->out[w],
                  in[lt_word(0, 0, lane)], in[lt_word(0, 1, lane)],
                  in[lt_word(0, 2, lane)], in[lt_word(0, 3, lane)],
                  ir_shader_to_string(b, mem));
      _fail(file, line);
      break;
   }
   lt_runner_destroy(ra);
   lt_runner_destroy(rb);
   u_arena_destroy(mem);
}

#define LT_DIFF_EXACT(text, pass, data, in, lanes) \
   lt_diff((text), (pass), (data), (in), (lanes), NULL, __FILE__, __LINE__)
#define LT_DIFF(text, pass, data, in, lanes, cmp) \
   lt_diff((text), (pass), (data), (in), (lanes), (cmp), __FILE__, __LINE__)

#endif
