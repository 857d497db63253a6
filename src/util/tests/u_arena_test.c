/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "util/u_arena.h"

static bool
is_aligned(const void *p)
{
   return ((uintptr_t)p % U_ARENA_ALIGN) == 0;
}

static void
alloc_is_aligned_and_disjoint(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   assert_non_null(a);

   /* Sizes from 0 up to past the first chunks, each block filled with its
    * own byte; every block must still hold its pattern at the end. */
   enum {
      N = 400
   };
   unsigned char *blocks[N];
   for (size_t i = 0; i < N; i++) {
      blocks[i] = u_arena_alloc(a, i);
      assert_non_null(blocks[i]);
      assert_true(is_aligned(blocks[i]));
      memset(blocks[i], (int)(i & 0xff), i);
   }
   for (size_t i = 0; i < N; i++) {
      for (size_t j = 0; j < i; j++)
         assert_int_equal(blocks[i][j], i & 0xff);
   }
   /* Zero-sized requests still get distinct pointers. */
   assert_ptr_not_equal(u_arena_alloc(a, 0), u_arena_alloc(a, 0));
   u_arena_destroy(a);
}

static void
zalloc_zeroes(void **state)
{
   struct u_arena *a = u_arena_create(NULL);

   /* Dirty some memory first so that zeroes are not an accident of
    * fresh pages. */
   memset(u_arena_alloc(a, 300), 0xaa, 300);
   for (size_t size = 1; size < 5000; size = size * 3 + 1) {
      unsigned char *p = u_arena_zalloc(a, size);
      assert_non_null(p);
      for (size_t i = 0; i < size; i++)
         assert_int_equal(p[i], 0);
      memset(p, 0xaa, size);
   }
   uint32_t *arr = u_arena_zalloc_array(a, 1000, sizeof(uint32_t));
   assert_non_null(arr);
   for (size_t i = 0; i < 1000; i++)
      assert_int_equal(arr[i], 0);
   u_arena_destroy(a);
}

static void
overflow_returns_null(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   size_t before = u_arena_total_size(a);

   assert_null(u_arena_alloc_array(a, SIZE_MAX / 2 + 1, 2));
   assert_null(u_arena_zalloc_array(a, 2, SIZE_MAX / 2 + 1));
   assert_null(u_arena_alloc_array(a, SIZE_MAX, SIZE_MAX));
   assert_null(u_arena_alloc(a, SIZE_MAX));
   assert_null(u_arena_alloc(a, (size_t)PTRDIFF_MAX + 1));
   assert_null(u_arena_zalloc(a, SIZE_MAX - 8));
   /* Nothing was reserved for the failed requests. */
   assert_int_equal(u_arena_total_size(a), before);

   /* The arena still works, and empty arrays are valid. */
   assert_non_null(u_arena_alloc_array(a, 0, 16));
   assert_non_null(u_arena_alloc_array(a, 1000, 8));
   u_arena_destroy(a);
}

static void
large_alloc_keeps_current_chunk(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   char *small1 = u_arena_alloc(a, 16);
   size_t before = u_arena_total_size(a);

   char *big = u_arena_alloc(a, 1 << 20);
   assert_non_null(big);
   assert_true(is_aligned(big));
   memset(big, 1, 1 << 20);
   size_t after = u_arena_total_size(a);
   assert_true(after - before >= 1 << 20);
   /* A dedicated chunk: not much more than the request. */
   assert_true(after - before < (1 << 20) + 256);

   /* The next small allocation continues the chunk used before. */
   char *small2 = u_arena_alloc(a, 16);
   assert_ptr_equal(small2, small1 + 16);
   u_arena_destroy(a);
}

static void
realloc_grows_in_place_or_copies(void **state)
{
   struct u_arena *a = u_arena_create(NULL);

   /* NULL behaves as alloc. */
   char *p = u_arena_realloc(a, NULL, 0, 8);
   assert_non_null(p);
   memcpy(p, "abcdefg", 8);

   /* The latest allocation grows and shrinks in place. */
   char *q = u_arena_realloc(a, p, 8, 64);
   assert_ptr_equal(q, p);
   assert_string_equal(q, "abcdefg");
   q = u_arena_realloc(a, q, 64, 4);
   assert_ptr_equal(q, p);
   /* The shrink gave the space back to the chunk. */
   char *next = u_arena_alloc(a, 1);
   assert_ptr_equal(next, p + 16);

   /* An older allocation is copied when it grows... */
   char *r = u_arena_realloc(a, p, 4, 32);
   assert_ptr_not_equal(r, p);
   assert_memory_equal(r, "abcd", 4);
   /* ...and kept when it shrinks. */
   assert_ptr_equal(u_arena_realloc(a, p, 4, 2), p);

   /* Growing past any chunk keeps the contents. */
   char *s = u_arena_alloc(a, 100);
   for (int i = 0; i < 100; i++)
      s[i] = (char)i;
   char *t = u_arena_realloc(a, s, 100, 200000);
   assert_non_null(t);
   for (int i = 0; i < 100; i++)
      assert_int_equal(t[i], (char)i);
   memset(t + 100, 7, 200000 - 100);
   u_arena_destroy(a);
}

static char *call_vasprintf(struct u_arena *a, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

static char *
call_vasprintf(struct u_arena *a, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   char *s = u_arena_vasprintf(a, fmt, args);
   /* The va_list was not consumed: it can be used again. */
   char *again = u_arena_vasprintf(a, fmt, args);
   va_end(args);
   assert_string_equal(s, again);
   return s;
}

static void
strings(void **state)
{
   struct u_arena *a = u_arena_create(NULL);

   const char *src = "hello, world";
   char *d = u_arena_strdup(a, src);
   assert_ptr_not_equal(d, src);
   assert_string_equal(d, src);
   assert_null(u_arena_strdup(a, NULL));
   assert_null(u_arena_strndup(a, NULL, 3));

   assert_string_equal(u_arena_strndup(a, src, 5), "hello");
   assert_string_equal(u_arena_strndup(a, src, 0), "");
   assert_string_equal(u_arena_strndup(a, src, 1000), src);
   /* strndup must not read past n, even without a terminator. */
   char unterminated[3] = { 'x', 'y', 'z' };
   assert_string_equal(u_arena_strndup(a, unterminated, 3), "xyz");

   assert_string_equal(u_arena_asprintf(a, "%d-%s-%x", 42, "ab", 255),
                       "42-ab-ff");
   assert_string_equal(u_arena_asprintf(a, "%s", ""), "");
   assert_string_equal(call_vasprintf(a, "v%05.1f|%c", 2.25, 'q'), "v002.2|q");

   /* Longer than any normal chunk: takes the measuring path. */
   char *big = u_arena_asprintf(a, "<%*s>", 100000, "x");
   assert_non_null(big);
   assert_int_equal(strlen(big), 100002);
   assert_int_equal(big[0], '<');
   assert_int_equal(big[1], ' ');
   assert_int_equal(big[100000], 'x');
   assert_int_equal(big[100001], '>');
   assert_string_equal(call_vasprintf(a, "%s%s", big, "!") + 100002, "!");
   u_arena_destroy(a);
}

/* Builds a chain of depth n under parent, with allocations on each level;
 * returns the deepest arena and stores level n/2 in *middle. */
static struct u_arena *
build_chain(struct u_arena *parent, int n, struct u_arena **middle)
{
   struct u_arena *cur = parent;
   for (int i = 0; i < n; i++) {
      cur = u_arena_create(cur);
      assert_non_null(cur);
      assert_non_null(u_arena_alloc(cur, 32 + (size_t)i % 100));
      assert_non_null(u_arena_strdup(cur, "level"));
      if (i == n / 2)
         *middle = cur;
   }
   return cur;
}

static void
destroy_middle_of_deep_tree(void **state)
{
   struct u_arena *root = u_arena_create(NULL);
   char *root_data = u_arena_strdup(root, "root");

   /* Siblings around the chain that must survive. */
   struct u_arena *left = u_arena_create(root);
   char *left_data = u_arena_strdup(left, "left");
   struct u_arena *middle = NULL;
   struct u_arena *deepest = build_chain(root, 20000, &middle);
   struct u_arena *right = u_arena_create(root);
   char *right_data = u_arena_strdup(right, "right");
   assert_non_null(deepest);

   /* Wide level: many children of the middle node, each with a child. */
   for (int i = 0; i < 1000; i++) {
      struct u_arena *c = u_arena_create(middle);
      u_arena_alloc(u_arena_create(c), 64);
   }

   size_t total = u_arena_total_size(root);
   struct u_arena *above_middle = u_arena_parent(middle);
   size_t middle_total = u_arena_total_size(middle);
   assert_true(middle_total < total);

   u_arena_destroy(middle);
   assert_int_equal(u_arena_total_size(root), total - middle_total);

   /* What was outside the destroyed subtree is intact and usable. */
   assert_string_equal(root_data, "root");
   assert_string_equal(left_data, "left");
   assert_string_equal(right_data, "right");
   assert_non_null(u_arena_alloc(above_middle, 1000));
   assert_non_null(u_arena_create(above_middle));

   u_arena_destroy(root);
   u_arena_destroy(NULL);
}

static void
steal_moves_subtree(void **state)
{
   struct u_arena *temp = u_arena_create(NULL);
   struct u_arena *owner = u_arena_create(NULL);
   struct u_arena *result = u_arena_create(temp);
   struct u_arena *grandchild = u_arena_create(result);
   char *text = u_arena_strdup(result, "compiled");
   char *more = u_arena_strdup(grandchild, "metadata");
   u_arena_alloc(temp, 5000);

   size_t owner_before = u_arena_total_size(owner);
   size_t result_size = u_arena_total_size(result);
   size_t temp_before = u_arena_total_size(temp);

   u_arena_steal(owner, result);
   assert_ptr_equal(u_arena_parent(result), owner);
   assert_int_equal(u_arena_total_size(owner), owner_before + result_size);
   assert_int_equal(u_arena_total_size(temp), temp_before - result_size);

   /* Freeing the temporary context leaves the stolen result alive. */
   u_arena_destroy(temp);
   assert_string_equal(text, "compiled");
   assert_string_equal(more, "metadata");

   /* Stealing to NULL makes a root; the old owner no longer frees it. */
   u_arena_steal(NULL, grandchild);
   assert_null(u_arena_parent(grandchild));
   u_arena_destroy(owner);
   assert_string_equal(more, "metadata");
   u_arena_destroy(grandchild);
}

static void
total_size_counts_children(void **state)
{
   struct u_arena *root = u_arena_create(NULL);
   size_t empty = u_arena_total_size(root);
   assert_true(empty > 0);

   u_arena_alloc(root, 100);
   size_t one_chunk = u_arena_total_size(root);
   assert_true(one_chunk >= empty + 100);
   /* Bump allocations inside the same chunk reserve nothing more. */
   u_arena_alloc(root, 100);
   assert_int_equal(u_arena_total_size(root), one_chunk);

   struct u_arena *c1 = u_arena_create(root);
   struct u_arena *c2 = u_arena_create(c1);
   u_arena_alloc(c2, 10000);
   size_t c1_size = u_arena_total_size(c1);
   assert_true(c1_size >= 10000);
   assert_int_equal(u_arena_total_size(root), one_chunk + c1_size);

   u_arena_destroy(c2);
   assert_true(u_arena_total_size(c1) < c1_size - 10000 + 1);
   u_arena_destroy(c1);
   assert_int_equal(u_arena_total_size(root), one_chunk);
   u_arena_destroy(root);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(alloc_is_aligned_and_disjoint),
      cmocka_unit_test(zalloc_zeroes),
      cmocka_unit_test(overflow_returns_null),
      cmocka_unit_test(large_alloc_keeps_current_chunk),
      cmocka_unit_test(realloc_grows_in_place_or_copies),
      cmocka_unit_test(strings),
      cmocka_unit_test(destroy_middle_of_deep_tree),
      cmocka_unit_test(steal_moves_subtree),
      cmocka_unit_test(total_size_counts_children),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
