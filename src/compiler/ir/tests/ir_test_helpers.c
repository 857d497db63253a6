/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the IR's cmocka tests (see ir_test_helpers.h).
 *
 * The comparison walks both strings at once, treating every run of
 * whitespace as one separator, so expected texts in tests may be indented
 * and wrapped freely.  Failures go through cmocka's print_error() and
 * _fail(), so they are reported at the caller's file and line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdlib.h>

#include "compiler/ir/tests/ir_test_helpers.h"
#include "util/u_arena.h"

static bool
is_space(char c)
{
   return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
          c == '\v';
}

static const char *
skip_space(const char *s)
{
   while (is_space(*s))
      s++;
   return s;
}

bool
ir_test_text_equal(const char *a, const char *b)
{
   a = skip_space(a);
   b = skip_space(b);
   while (*a && *b) {
      if (is_space(*a) || is_space(*b)) {
         if (!is_space(*a) || !is_space(*b))
            return false;
         a = skip_space(a);
         b = skip_space(b);
         continue;
      }
      if (*a++ != *b++)
         return false;
   }
   return *skip_space(a) == '\0' && *skip_space(b) == '\0';
}

void
ir_test_assert_text(const struct ir_shader *shader, const char *expected,
                    const char *file, int line)
{
   if (!shader) {
      print_error("IR_ASSERT_TEXT: no shader\n");
      _fail(file, line);
      return;
   }
   struct u_arena *mem = u_arena_create(NULL);
   char *text = ir_shader_to_string(shader, mem);
   if (text && ir_test_text_equal(text, expected)) {
      u_arena_destroy(mem);
      return;
   }
   print_error("IR text mismatch.\n--- expected:\n%s\n--- got:\n%s\n---\n",
               expected, text ? text : "(out of memory)");
   u_arena_destroy(mem);
   _fail(file, line);
}

struct ir_shader *
ir_test_parse(struct u_arena *arena, const char *text, const char *file,
              int line)
{
   char *error = NULL;
   struct ir_shader *s = ir_parse(arena, text, &error);
   if (!s) {
      print_error("IR parse error: %s\n--- text:\n%s\n---\n",
                  error ? error : "(no message)", text);
      _fail(file, line);
   }
   return s;
}
