/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_arena.h"
#include "util/u_strbuf.h"

/* The invariants every operation must keep. */
static void
check_valid(const struct u_strbuf *b)
{
   assert_non_null(b->str);
   assert_int_equal(strlen(b->str), b->len);
   assert_true(b->cap == 0 || b->len < b->cap);
}

static void
append_basics(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);
   check_valid(&b);
   assert_string_equal(b.str, "");

   u_strbuf_append(&b, "vec");
   u_strbuf_append_char(&b, '4');
   u_strbuf_append_len(&b, " foo(bar)", 4);
   u_strbuf_append(&b, "");
   u_strbuf_append_len(&b, NULL, 0);
   check_valid(&b);
   assert_string_equal(b.str, "vec4 foo");

   /* Embedded NUL bytes are copied but end the C string. */
   u_strbuf_append_len(&b, "a\0b", 3);
   assert_int_equal(b.len, 11);
   assert_memory_equal(b.str + 8, "a\0b", 4);
   assert_false(b.oom);
   u_strbuf_fini(&b);
   check_valid(&b);
   assert_int_equal(b.cap, 0);
}

static void vappendf_wrapper(struct u_strbuf *b, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

static void
vappendf_wrapper(struct u_strbuf *b, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   u_strbuf_vappendf(b, fmt, args);
   /* Not consumed: formatting again gives the same text. */
   u_strbuf_vappendf(b, fmt, args);
   va_end(args);
}

static void
formats(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);
   u_strbuf_appendf(&b, "%d %s %x %5.2f %% %c|%-4s|", -12, "ok", 0xbeef,
                    3.14159, 'z', "ab");
   check_valid(&b);
   assert_string_equal(b.str, "-12 ok beef  3.14 % z|ab  |");
   u_strbuf_appendf(&b, "%s", "");
   assert_string_equal(b.str, "-12 ok beef  3.14 % z|ab  |");

   u_strbuf_clear(&b);
   vappendf_wrapper(&b, "[%u:%s]", 7u, "x");
   assert_string_equal(b.str, "[7:x][7:x]");

   /* Many small formatted appends crossing capacity boundaries. */
   u_strbuf_clear(&b);
   for (int i = 0; i < 1000; i++)
      u_strbuf_appendf(&b, "%d,", i % 10);
   check_valid(&b);
   assert_int_equal(b.len, 2000);
   for (int i = 0; i < 1000; i++) {
      assert_int_equal(b.str[2 * i], '0' + i % 10);
      assert_int_equal(b.str[2 * i + 1], ',');
   }
   u_strbuf_fini(&b);
}

static void
long_appends(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);

   /* One formatted append far larger than the free space. */
   u_strbuf_append(&b, "<");
   u_strbuf_appendf(&b, "%*d>", 100000, 42);
   check_valid(&b);
   assert_int_equal(b.len, 100002);
   assert_int_equal(b.str[1], ' ');
   assert_string_equal(b.str + 99999, "42>");

   /* Repeated appends past 64 KiB, with appendf and plain append. */
   u_strbuf_clear(&b);
   char chunk[1000];
   memset(chunk, 'q', sizeof(chunk) - 1);
   chunk[sizeof(chunk) - 1] = '\0';
   for (int i = 0; i < 100; i++) {
      u_strbuf_appendf(&b, "%s#%03d", chunk, i);
      u_strbuf_append(&b, chunk);
   }
   check_valid(&b);
   assert_int_equal(b.len, 100 * (999 + 4 + 999));
   assert_memory_equal(b.str + 999, "#000", 4);
   assert_memory_equal(b.str + 99 * 2002 + 999, "#099", 4);
   assert_false(b.oom);
   u_strbuf_fini(&b);
}

static void
truncate_and_clear(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);
   u_strbuf_truncate(&b, 0);
   u_strbuf_truncate(&b, 10);
   assert_string_equal(b.str, "");

   u_strbuf_append(&b, "hello world");
   u_strbuf_truncate(&b, 100);
   assert_string_equal(b.str, "hello world");
   u_strbuf_truncate(&b, 5);
   check_valid(&b);
   assert_string_equal(b.str, "hello");
   u_strbuf_append(&b, "!");
   assert_string_equal(b.str, "hello!");
   u_strbuf_truncate(&b, 0);
   assert_string_equal(b.str, "");
   assert_int_equal(b.len, 0);

   u_strbuf_append(&b, "again");
   size_t cap = b.cap;
   u_strbuf_clear(&b);
   check_valid(&b);
   assert_string_equal(b.str, "");
   assert_int_equal(b.cap, cap);
   u_strbuf_fini(&b);
}

static void
steal(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);

   /* An untouched buffer still hands out an owned "". */
   char *s = u_strbuf_steal(&b);
   assert_non_null(s);
   assert_string_equal(s, "");
   free(s);

   u_strbuf_appendf(&b, "shader_%d", 3);
   s = u_strbuf_steal(&b);
   assert_string_equal(s, "shader_3");
   check_valid(&b);
   assert_int_equal(b.len, 0);
   assert_int_equal(b.cap, 0);

   /* The buffer is reusable and independent of the stolen string. */
   u_strbuf_append(&b, "next");
   assert_string_equal(s, "shader_3");
   assert_string_equal(b.str, "next");
   free(s);
   u_strbuf_fini(&b);

   /* Arena mode: the stolen string lives until the arena is destroyed. */
   struct u_arena *a = u_arena_create(NULL);
   u_strbuf_init(&b, a);
   s = u_strbuf_steal(&b);
   assert_string_equal(s, "");
   u_strbuf_append(&b, "in arena");
   char *t = u_strbuf_steal(&b);
   u_strbuf_append(&b, "other");
   u_strbuf_fini(&b);
   assert_string_equal(t, "in arena");
   u_arena_destroy(a);
}

static void
oom_keeps_string_valid(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);
   u_strbuf_append(&b, "keep");

   /* Lengths that cannot be allocated fail without reading the source. */
   u_strbuf_append_len(&b, "x", SIZE_MAX);
   assert_true(b.oom);
   check_valid(&b);
   assert_string_equal(b.str, "keep");
   u_strbuf_append_len(&b, "x", (size_t)PTRDIFF_MAX);
   assert_string_equal(b.str, "keep");

   /* oom is sticky across successful appends, reset by clear. */
   u_strbuf_append(&b, "!");
   assert_string_equal(b.str, "keep!");
   assert_true(b.oom);
   u_strbuf_clear(&b);
   assert_false(b.oom);
   u_strbuf_fini(&b);

   /* Also from an empty, never allocated buffer. */
   u_strbuf_init(&b, NULL);
   u_strbuf_append_len(&b, "x", SIZE_MAX - 1);
   assert_true(b.oom);
   check_valid(&b);
   assert_string_equal(b.str, "");
   u_strbuf_fini(&b);
}

static void
append_own_contents(void **state)
{
   struct u_strbuf b;
   u_strbuf_init(&b, NULL);
   u_strbuf_append(&b, "ab");
   /* Doubling the string repeatedly forces reallocation while the source
    * points into the buffer itself. */
   for (int i = 0; i < 12; i++)
      u_strbuf_append_len(&b, b.str, b.len);
   check_valid(&b);
   assert_int_equal(b.len, 2 << 12);
   for (size_t i = 0; i < b.len; i++)
      assert_int_equal(b.str[i], i % 2 ? 'b' : 'a');
   u_strbuf_fini(&b);
}

static void
arena_growth(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   struct u_strbuf b1, b2;
   u_strbuf_init(&b1, a);
   u_strbuf_init(&b2, a);

   /* Two builders growing alternately in one arena. */
   for (int i = 0; i < 5000; i++) {
      u_strbuf_appendf(&b1, "%c", 'a' + i % 26);
      u_strbuf_append_char(&b2, (char)('A' + i % 26));
      u_arena_alloc(a, 8);
   }
   check_valid(&b1);
   check_valid(&b2);
   for (int i = 0; i < 5000; i++) {
      assert_int_equal(b1.str[i], 'a' + i % 26);
      assert_int_equal(b2.str[i], 'A' + i % 26);
   }
   u_strbuf_fini(&b1);
   u_strbuf_fini(&b2);
   u_arena_destroy(a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(append_basics),
      cmocka_unit_test(formats),
      cmocka_unit_test(long_appends),
      cmocka_unit_test(truncate_and_clear),
      cmocka_unit_test(steal),
      cmocka_unit_test(oom_keeps_string_valid),
      cmocka_unit_test(append_own_contents),
      cmocka_unit_test(arena_growth),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
