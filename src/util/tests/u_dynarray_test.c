/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <string.h>

#include "util/u_arena.h"
#include "util/u_dynarray.h"

struct pair {
   int a;
   double b;
};

static void
append_and_index(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);
   assert_int_equal(u_dynarray_num_elements(&d, int), 0);

   /* Geometric growth: 10000 appends need only a few reallocations. */
   int capacity_changes = 0;
   size_t cap = d.capacity;
   for (int i = 0; i < 10000; i++) {
      assert_true(u_dynarray_append(&d, int, i * 3));
      if (d.capacity != cap) {
         capacity_changes++;
         assert_true(d.capacity >= 2 * cap);
         cap = d.capacity;
      }
   }
   assert_true(capacity_changes <= 12);
   assert_int_equal(u_dynarray_num_elements(&d, int), 10000);
   assert_int_equal(d.size, 10000 * sizeof(int));
   for (int i = 0; i < 10000; i++)
      assert_int_equal(*u_dynarray_element(&d, int, i), i * 3);
   assert_int_equal(*u_dynarray_last(&d, int), 9999 * 3);

   *u_dynarray_element(&d, int, 5) = -1;
   assert_int_equal(((int *)d.data)[5], -1);
   u_dynarray_fini(&d);
   assert_null(d.data);
   assert_int_equal(d.size, 0);
   assert_int_equal(d.capacity, 0);
}

static void
pop_is_lifo(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);
   for (int i = 0; i < 100; i++)
      assert_true(u_dynarray_append(&d, uint16_t, (uint16_t)i));
   size_t cap = d.capacity;
   for (int i = 99; i >= 0; i--) {
      assert_int_equal(u_dynarray_pop(&d, uint16_t), i);
      assert_int_equal(u_dynarray_num_elements(&d, uint16_t), (size_t)i);
   }
   assert_int_equal(d.capacity, cap);
   /* Popped space is reused. */
   assert_true(u_dynarray_append(&d, uint16_t, 7));
   assert_int_equal(*u_dynarray_element(&d, uint16_t, 0), 7);
   u_dynarray_fini(&d);
}

static void
foreach_visits_in_order(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);

   int n = 0;
   u_dynarray_foreach (&d, struct pair, p) {
      n++;
   }
   assert_int_equal(n, 0);

   for (int i = 0; i < 300; i++) {
      struct pair p = { i, i / 2.0 };
      assert_true(u_dynarray_append(&d, struct pair, p));
   }
   u_dynarray_foreach (&d, struct pair, p) {
      assert_int_equal(p->a, n);
      assert_true(p->b == n / 2.0);
      n++;
   }
   assert_int_equal(n, 300);

   /* After clear: no elements, capacity kept. */
   size_t cap = d.capacity;
   u_dynarray_clear(&d);
   n = 0;
   u_dynarray_foreach (&d, struct pair, p) {
      n++;
   }
   assert_int_equal(n, 0);
   assert_int_equal(d.capacity, cap);
   u_dynarray_fini(&d);
}

static void
resize_zeroes_and_keeps_capacity(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);

   assert_true(u_dynarray_resize(&d, 10));
   for (int i = 0; i < 10; i++)
      assert_int_equal(((char *)d.data)[i], 0);
   memset(d.data, 0x55, 10);

   assert_true(u_dynarray_resize(&d, 4));
   size_t cap = d.capacity;
   assert_int_equal(d.size, 4);
   assert_true(u_dynarray_resize(&d, 1000));
   assert_true(d.capacity >= 1000);
   const unsigned char *bytes = d.data;
   for (int i = 0; i < 4; i++)
      assert_int_equal(bytes[i], 0x55);
   /* The bytes dropped by the shrink come back zeroed. */
   for (int i = 4; i < 1000; i++)
      assert_int_equal(bytes[i], 0);
   assert_true(cap <= d.capacity);

   assert_true(u_dynarray_reserve(&d, 100000));
   assert_int_equal(d.size, 1000);
   assert_true(d.capacity >= 100000);
   u_dynarray_fini(&d);
}

static void
overflow_fails_cleanly(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);

   /* Even an empty request yields usable storage. */
   assert_non_null(u_dynarray_grow(&d, 0));
   assert_int_equal(d.size, 0);

   assert_true(u_dynarray_append(&d, int, 1));
   void *data = d.data;
   size_t cap = d.capacity;
   assert_null(u_dynarray_grow(&d, SIZE_MAX));
   assert_null(u_dynarray_grow(&d, SIZE_MAX - 2));
   assert_null(u_dynarray_grow(&d, (size_t)PTRDIFF_MAX));
   assert_false(u_dynarray_resize(&d, SIZE_MAX));
   assert_false(u_dynarray_reserve(&d, (size_t)PTRDIFF_MAX + 1));
   /* Unchanged by the failures. */
   assert_ptr_equal(d.data, data);
   assert_int_equal(d.capacity, cap);
   assert_int_equal(d.size, sizeof(int));
   assert_int_equal(*u_dynarray_element(&d, int, 0), 1);
   u_dynarray_fini(&d);
}

static void
grow_returns_appended_space(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);
   char *p = u_dynarray_grow(&d, 5);
   memcpy(p, "hello", 5);
   char *q = u_dynarray_grow(&d, 7);
   assert_ptr_equal(q, (char *)d.data + 5);
   memcpy(q, " world", 7);
   assert_string_equal(d.data, "hello world");
   assert_int_equal(d.size, 12);
   u_dynarray_fini(&d);
}

static void
arena_storage(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   struct u_dynarray d, e;
   u_dynarray_init(&d, a);
   u_dynarray_init(&e, a);

   /* Interleaved growth of two arrays in one arena: both keep their
    * contents whether they grow in place or get copied. */
   for (uint64_t i = 0; i < 5000; i++) {
      assert_true(u_dynarray_append(&d, uint64_t, i));
      assert_true(u_dynarray_append(&e, uint64_t, ~i));
   }
   for (uint64_t i = 0; i < 5000; i++) {
      assert_int_equal(*u_dynarray_element(&d, uint64_t, i), i);
      assert_int_equal(*u_dynarray_element(&e, uint64_t, i), ~i);
   }
   assert_true(u_arena_total_size(a) >= 2 * 5000 * sizeof(uint64_t));

   /* fini leaves the memory to the arena; the array can be reused. */
   u_dynarray_fini(&d);
   assert_null(d.data);
   assert_ptr_equal(d.arena, a);
   assert_true(u_dynarray_append(&d, uint64_t, 9));
   assert_int_equal(u_dynarray_pop(&d, uint64_t), 9);
   u_arena_destroy(a);
}

static void
append_evaluates_value_once(void **state)
{
   struct u_dynarray d;
   u_dynarray_init(&d, NULL);
   int counter = 0;
   for (int i = 0; i < 50; i++)
      assert_true(u_dynarray_append(&d, int, counter++));
   assert_int_equal(counter, 50);
   for (int i = 0; i < 50; i++)
      assert_int_equal(*u_dynarray_element(&d, int, i), i);
   u_dynarray_fini(&d);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(append_and_index),
      cmocka_unit_test(pop_is_lifo),
      cmocka_unit_test(foreach_visits_in_order),
      cmocka_unit_test(resize_zeroes_and_keeps_capacity),
      cmocka_unit_test(overflow_fails_cleanly),
      cmocka_unit_test(grow_returns_appended_space),
      cmocka_unit_test(arena_storage),
      cmocka_unit_test(append_evaluates_value_once),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
