/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the IR's cmocka tests: comparing IR text
 * whitespace-insensitively and parsing test inputs, failing the current
 * test with both texts printed when something does not match.
 *
 * Include after <cmocka.h>.  Link with the ir_test_helpers library
 * (tests/meson.build does that for every IR test program).
 */
#ifndef IR_TEST_HELPERS_H
#define IR_TEST_HELPERS_H

#include <stdbool.h>

#include "compiler/ir/ir.h"

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

/** Asserts that @p shader prints as @p expected (whitespace-insensitive). */
#define IR_ASSERT_TEXT(shader, expected) \
   ir_test_assert_text((shader), (expected), __FILE__, __LINE__)

/** Parses IR text, failing the test on a parse error. */
#define IR_PARSE(arena, text) ir_test_parse((arena), (text), __FILE__, __LINE__)

#endif
