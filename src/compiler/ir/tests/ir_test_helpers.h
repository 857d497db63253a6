/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the IR's cmocka tests:
 *
 *  - text: comparing IR text whitespace-insensitively (IR_ASSERT_TEXT)
 *    and parsing test inputs (IR_PARSE, IR_PARSE_VALID);
 *  - fixtures: an arena per test (ir_test_arena_setup/teardown);
 *  - validation: IR_ASSERT_VALID;
 *  - the pass contract: ir_test_check_pass() parses and validates an
 *    input, runs a pass, checks its progress, the printed result and
 *    validation, and that a second run makes no progress and no change;
 *  - the interpreter: struct ir_test_exec runs a shader in ir_exec on
 *    given inputs, uniforms and system values (struct ir_exec_io), and
 *    ir_test_differential() runs a shader before and after a pass on the
 *    same inputs and compares the outputs and the discarded lanes.
 *
 * Input and output words are [slot][component][lane]: word
 * (slot * 4 + component) * width + lane.
 *
 * Every check fails the current test at the caller's file and line, with
 * the texts involved printed.  Include after <cmocka.h>.  Link with the
 * ir_test_helpers library (tests/meson.build does that for every IR test
 * program).
 */
#ifndef IR_TEST_HELPERS_H
#define IR_TEST_HELPERS_H

#include <stdbool.h>
#include <stdint.h>

#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"

/* ---- text --------------------------------------------------------- */

/**
 * Whether @p a and @p b are the same IR text up to whitespace: runs of
 * spaces, tabs and newlines compare equal to a single space, and
 * whitespace at either end is ignored.  Comments are not special.
 */
bool ir_test_text_equal(const char *a, const char *b);

/** Fails the test (at @p file:@p line) unless @p shader prints as
 * @p expected up to whitespace; prints both texts on failure. */
void ir_test_assert_text(const struct ir_shader *shader, const char *expected,
                         const char *file, int line);

/** Parses @p text into a shader under @p arena, failing the test (with the
 * parser's message and the text) if it does not parse. */
struct ir_shader *ir_test_parse(struct u_arena *arena, const char *text,
                                const char *file, int line);

/** ir_test_parse(), then ir_test_assert_valid(). */
struct ir_shader *ir_test_parse_valid(struct u_arena *arena, const char *text,
                                      const char *file, int line);

/** Asserts that @p shader prints as @p expected (whitespace-insensitive). */
#define IR_ASSERT_TEXT(shader, expected) \
   ir_test_assert_text((shader), (expected), __FILE__, __LINE__)

/** Parses IR text, failing the test on a parse error. */
#define IR_PARSE(arena, text) ir_test_parse((arena), (text), __FILE__, __LINE__)

/** Parses IR text, failing the test on a parse or validation error. */
#define IR_PARSE_VALID(arena, text) \
   ir_test_parse_valid((arena), (text), __FILE__, __LINE__)

/* ---- fixtures and small utilities ---------------------------------- */

/** cmocka setup: *state becomes a fresh arena. */
int ir_test_arena_setup(void **state);

/** cmocka teardown: destroys the arena of ir_test_arena_setup(). */
int ir_test_arena_teardown(void **state);

/** A test with a fresh arena in *state. */
#define IR_ARENA_TEST(t)                                   \
   cmocka_unit_test_setup_teardown(t, ir_test_arena_setup, \
                                   ir_test_arena_teardown)

/** The bits of a float, and the float of some bits. */
uint32_t ir_test_fbits(float f);
float ir_test_bitsf(uint32_t u);

/* ---- validation ----------------------------------------------------- */

/** Fails the test unless @p shader validates; prints @p when (NULL for
 * nothing), the validator's message and the shader. */
void ir_test_assert_valid(struct ir_shader *shader, const char *when,
                          const char *file, int line);

#define IR_ASSERT_VALID(shader, when) \
   ir_test_assert_valid((shader), (when), __FILE__, __LINE__)

/* ---- the pass contract ---------------------------------------------- */

/** A pass with opaque arguments (options, a numeric limit...). */
typedef bool (*ir_test_pass_fn)(struct ir_shader *s, const void *data);

/** ir_test_pass_fn for a pass without arguments: @p data points to a
 * struct ir_test_plain_pass. */
struct ir_test_plain_pass {
   bool (*fn)(struct ir_shader *s);
};
bool ir_test_run_plain_pass(struct ir_shader *s, const void *data);

/** Compare the result with the printer's form of the expectation (parsed
 * and printed again), so that it may spell constants and number defs any
 * way the parser accepts. */
#define IR_TEST_CANONICAL_EXPECTED (1u << 0)

/**
 * The pass contract.  Parses @p input and validates it, runs @p pass,
 * fails unless its progress is @p progress, validates, compares the
 * printed result with @p expected (the input as printed when @p expected
 * is NULL), then checks the second run with ir_test_check_rerun().
 * @p flags: IR_TEST_*.  Returns the shader (in @p mem).
 */
struct ir_shader *ir_test_check_pass(struct u_arena *mem, ir_test_pass_fn pass,
                                     const void *data, const char *input,
                                     bool progress, const char *expected,
                                     unsigned flags, const char *file,
                                     int line);

/** A second run of @p pass on @p s must report no progress, leave the
 * printed text as it was and leave the shader valid. */
void ir_test_check_rerun(struct u_arena *mem, struct ir_shader *s,
                         ir_test_pass_fn pass, const void *data,
                         const char *file, int line);

/* ---- the interpreter ------------------------------------------------ */

/** A shader decoded once for ir_exec and run any number of times. */
struct ir_test_exec {
   struct u_arena *mem;
   struct ir_exec_program *prog;
   struct ir_exec_state *st;
   unsigned width;
   /** What the runs read and write; change it between runs at will. */
   struct ir_exec_io io;
   /** Lanes the last run discarded. */
   uint64_t killed;
};

/** Decodes @p s for @p width lanes with the buffers of @p io (NULL for
 * none) and a loop limit; fails the test if the interpreter rejects the
 * shader.  Free with ir_test_exec_destroy(). */
struct ir_test_exec *ir_test_exec_create(struct ir_shader *s, unsigned width,
                                         uint64_t loop_limit,
                                         const struct ir_exec_io *io,
                                         const char *file, int line);

/** Fills every output word with @p out_fill (to see what was written),
 * runs lanes @p active and records the discarded lanes; fails the test if
 * the run does not finish. */
void ir_test_exec_run(struct ir_test_exec *e, uint64_t active,
                      uint32_t out_fill, const char *file, int line);

void ir_test_exec_destroy(struct ir_test_exec *e);

/** The mask of lanes 0 to @p lanes - 1. */
uint64_t ir_test_lanes(unsigned lanes);

/** Fills the @p num_words input words of run @p run. */
typedef void (*ir_test_fill_fn)(uint32_t *in, unsigned num_words, unsigned run,
                                void *data);

/** Whether output word @p after is acceptable for @p before. */
typedef bool (*ir_test_word_cmp_fn)(uint32_t before, uint32_t after);

/** How ir_test_differential() runs a shader. */
struct ir_test_diff {
   /** Lanes of the state, lanes run, and input and output slots. */
   unsigned width, lanes, num_slots;
   uint64_t loop_limit;
   /** Runs, each on inputs that @p fill writes over zeros. */
   unsigned num_runs;
   ir_test_fill_fn fill;
   void *fill_data;
   /** What the output words hold before every run. */
   uint32_t out_fill;
   /** NULL: outputs must be bit-identical. */
   ir_test_word_cmp_fn cmp;
   /** The pass must make progress. */
   bool require_progress;
   /** The shader must write some output (else the check is vacuous). */
   bool require_output;
};

/**
 * Differential check: parses and validates @p text twice, runs @p pass on
 * one copy (validating the result) and runs both copies as @p d says;
 * the outputs must agree word for word and the discarded lanes must be
 * the same.  Returns the pass's progress.
 */
bool ir_test_differential(const char *text, ir_test_pass_fn pass,
                          const void *data, const struct ir_test_diff *d,
                          const char *file, int line);

#endif
