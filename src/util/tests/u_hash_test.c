/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_arena.h"
#include "util/u_hash.h"

/* Deterministic xorshift generator, so failures reproduce. */
static uint64_t
rand_next(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

/* Keys of the pointer tables: addresses inside this array. */
#define NKEYS 1000
static const char key_storage[NKEYS];
#define KEY(i)       ((const void *)&key_storage[(i)])
#define KEY_INDEX(p) ((size_t)((const char *)(p)-key_storage))

static uint32_t
constant_hash(const void *key)
{
   return 42;
}

static void
hash_functions(void **state)
{
   /* FNV-1a reference values. */
   assert_int_equal(u_hash_string(""), 2166136261u);
   assert_int_equal(u_hash_string("a"), 0xe40c292cu);
   assert_int_equal(u_hash_string("foobar"), 0xbf9cf968u);
   assert_int_equal(u_hash_data("foobar", 6), u_hash_string("foobar"));
   assert_int_equal(u_hash_data(NULL, 0), 2166136261u);

   char a[] = "same", b[] = "same";
   assert_true(u_hash_string_equal(a, b));
   assert_false(u_hash_pointer_equal(a, b));
   assert_true(u_hash_pointer_equal(a, a));
   assert_false(u_hash_string_equal(a, "Same"));

   /* Neighbouring integers and aligned pointers get unrelated hashes. */
   assert_int_not_equal(u_hash_u64(0), u_hash_u64(1));
   assert_int_not_equal(u_hash_u64(1), u_hash_u64((uint64_t)1 << 32));
   assert_int_not_equal(u_hash_pointer(KEY(0)), u_hash_pointer(KEY(16)));
   int low_bits_equal = 0;
   for (uint64_t i = 0; i < 1000; i++) {
      if ((u_hash_u64(i * 16) & 0xff) == (u_hash_u64(i * 16 + 16) & 0xff))
         low_bits_equal++;
   }
   assert_true(low_bits_equal < 20);
}

static int deleted_count;

static void
count_delete(struct u_hash_entry *entry)
{
   deleted_count++;
   free(entry->data);
}

static void
pointer_table_basics(void **state)
{
   struct u_hash_table *t = u_hash_table_create_pointer(NULL);
   assert_non_null(t);
   assert_int_equal(u_hash_table_num_entries(t), 0);
   assert_null(u_hash_table_search(t, KEY(1)));
   assert_null(u_hash_table_next_entry(t, NULL));

   int x = 1, y = 2;
   struct u_hash_entry *e = u_hash_table_insert(t, KEY(1), &x);
   assert_non_null(e);
   assert_ptr_equal(e->key, KEY(1));
   assert_ptr_equal(e->data, &x);
   assert_int_equal(e->hash, u_hash_pointer(KEY(1)));
   assert_ptr_equal(u_hash_table_search(t, KEY(1)), e);

   /* Re-inserting replaces the data in the same entry. */
   assert_ptr_equal(u_hash_table_insert(t, KEY(1), &y), e);
   assert_ptr_equal(e->data, &y);
   assert_int_equal(u_hash_table_num_entries(t), 1);

   assert_false(u_hash_table_remove_key(t, KEY(2)));
   assert_true(u_hash_table_remove_key(t, KEY(1)));
   assert_false(u_hash_table_remove_key(t, KEY(1)));
   assert_null(u_hash_table_search(t, KEY(1)));
   assert_int_equal(u_hash_table_num_entries(t), 0);
   u_hash_table_remove(t, NULL);

   /* Pre-hashed variants agree with the plain ones. */
   uint32_t h = u_hash_pointer(KEY(7));
   e = u_hash_table_insert_pre_hashed(t, h, KEY(7), &x);
   assert_ptr_equal(u_hash_table_search(t, KEY(7)), e);
   assert_ptr_equal(u_hash_table_search_pre_hashed(t, h, KEY(7)), e);

   /* clear and destroy call the callback once per live entry. */
   for (int i = 0; i < 10; i++)
      u_hash_table_insert(t, KEY(i), malloc(4));
   free(u_hash_table_search(t, KEY(3))->data);
   u_hash_table_remove_key(t, KEY(3));
   deleted_count = 0;
   u_hash_table_clear(t, count_delete);
   assert_int_equal(deleted_count, 9);
   assert_int_equal(u_hash_table_num_entries(t), 0);
   assert_null(u_hash_table_next_entry(t, NULL));
   for (int i = 0; i < 5; i++)
      u_hash_table_insert(t, KEY(i), malloc(4));
   deleted_count = 0;
   u_hash_table_destroy(t, count_delete);
   assert_int_equal(deleted_count, 5);
   u_hash_table_destroy(NULL, NULL);
}

static void
string_table_compares_contents(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   struct u_hash_table *t = u_hash_table_create_string(a);

   char *k1 = u_arena_strdup(a, "gl_Position");
   char *k2 = u_arena_strdup(a, "gl_Position");
   int d1, d2;
   struct u_hash_entry *e = u_hash_table_insert(t, k1, &d1);
   assert_ptr_equal(u_hash_table_search(t, k2), e);
   assert_ptr_equal(u_hash_table_search(t, "gl_Position"), e);
   assert_null(u_hash_table_search(t, "gl_position"));

   /* An equal key replaces the data but keeps the stored key. */
   assert_ptr_equal(u_hash_table_insert(t, k2, &d2), e);
   assert_ptr_equal(e->key, k1);
   assert_ptr_equal(e->data, &d2);

   char name[32];
   for (int i = 0; i < 2000; i++) {
      snprintf(name, sizeof(name), "var%d", i);
      assert_non_null(u_hash_table_insert(t, u_arena_strdup(a, name),
                                          (void *)(uintptr_t)(i + 1)));
   }
   assert_int_equal(u_hash_table_num_entries(t), 2001);
   for (int i = 0; i < 2000; i++) {
      snprintf(name, sizeof(name), "var%d", i);
      struct u_hash_entry *f = u_hash_table_search(t, name);
      assert_non_null(f);
      assert_int_equal((uintptr_t)f->data, i + 1);
   }
   /* The arena owns everything: no destroy needed. */
   u_arena_destroy(a);
}

/* Random inserts, removals and searches, checked against an array. */
static void
random_ops_match_reference(void **state)
{
   struct u_hash_table *t = u_hash_table_create_pointer(NULL);
   void *ref[NKEYS] = { 0 };
   size_t ref_count = 0;
   uint64_t seed = 0x9e3779b97f4a7c15ull;

   for (int step = 0; step < 200000; step++) {
      uint64_t r = rand_next(&seed);
      size_t k = (size_t)(r % NKEYS);
      void *data = (void *)(uintptr_t)(r | 1);
      switch ((r >> 32) % 3) {
      case 0:
         assert_non_null(u_hash_table_insert(t, KEY(k), data));
         ref_count += ref[k] == NULL;
         ref[k] = data;
         break;
      case 1:
         assert_int_equal(u_hash_table_remove_key(t, KEY(k)), ref[k] != NULL);
         ref_count -= ref[k] != NULL;
         ref[k] = NULL;
         break;
      default: {
         struct u_hash_entry *e = u_hash_table_search(t, KEY(k));
         assert_ptr_equal(e ? e->data : NULL, ref[k]);
         break;
      }
      }
      assert_int_equal(u_hash_table_num_entries(t), ref_count);

      if (step % 10000 == 0) {
         /* Iteration sees each live key exactly once. */
         bool seen[NKEYS] = { false };
         size_t n = 0;
         u_hash_table_foreach (t, e) {
            size_t i = KEY_INDEX(e->key);
            assert_false(seen[i]);
            seen[i] = true;
            assert_ptr_equal(e->data, ref[i]);
            n++;
         }
         assert_int_equal(n, ref_count);
      }
   }
   u_hash_table_destroy(t, NULL);
}

static void
collisions(void **state)
{
   struct u_hash_table *t =
      u_hash_table_create(NULL, constant_hash, u_hash_pointer_equal);
   enum {
      N = 500
   };

   for (size_t i = 0; i < N; i++)
      assert_non_null(u_hash_table_insert(t, KEY(i), (void *)(i + 1)));
   assert_int_equal(u_hash_table_num_entries(t), N);
   for (size_t i = 0; i < N; i++)
      assert_ptr_equal(u_hash_table_search(t, KEY(i))->data, (void *)(i + 1));
   assert_null(u_hash_table_search(t, KEY(N)));

   /* Removing every other key leaves tombstones in the one probe chain;
    * the others must still be found past them. */
   for (size_t i = 0; i < N; i += 2)
      assert_true(u_hash_table_remove_key(t, KEY(i)));
   for (size_t i = 0; i < N; i++) {
      struct u_hash_entry *e = u_hash_table_search(t, KEY(i));
      if (i % 2)
         assert_ptr_equal(e->data, (void *)(i + 1));
      else
         assert_null(e);
   }
   /* Re-inserting reuses tombstones and does not duplicate keys. */
   for (size_t i = 0; i < N; i++)
      u_hash_table_insert(t, KEY(i), (void *)(i + 2));
   assert_int_equal(u_hash_table_num_entries(t), N);
   for (size_t i = 0; i < N; i++)
      assert_ptr_equal(u_hash_table_search(t, KEY(i))->data, (void *)(i + 2));
   u_hash_table_destroy(t, NULL);
}

static void
remove_during_foreach(void **state)
{
   struct u_hash_table *t = u_hash_table_create_pointer(NULL);
   for (size_t i = 0; i < NKEYS; i++)
      u_hash_table_insert(t, KEY(i), NULL);

   /* Remove the current entry whenever its key is even, update the data
    * of the others. */
   int visits[NKEYS] = { 0 };
   u_hash_table_foreach (t, e) {
      size_t i = KEY_INDEX(e->key);
      visits[i]++;
      if (i % 2 == 0)
         u_hash_table_remove(t, e);
      else
         e->data = (void *)i;
   }
   for (size_t i = 0; i < NKEYS; i++)
      assert_int_equal(visits[i], 1);
   assert_int_equal(u_hash_table_num_entries(t), NKEYS / 2);
   for (size_t i = 0; i < NKEYS; i++) {
      struct u_hash_entry *e = u_hash_table_search(t, KEY(i));
      assert_true(i % 2 ? e && e->data == (void *)i : e == NULL);
   }

   /* Removing other entries, ahead of the iteration, is allowed too. */
   size_t n = 0;
   u_hash_table_foreach (t, e) {
      n++;
      u_hash_table_remove(t, e);
      struct u_hash_entry *other = u_hash_table_next_entry(t, e);
      if (other)
         u_hash_table_remove(t, other);
   }
   assert_int_equal(u_hash_table_num_entries(t), 0);
   assert_int_equal(n, NKEYS / 4);
   u_hash_table_destroy(t, NULL);
}

static void
grow_to_100k(void **state)
{
   enum {
      N = 100000
   };
   char *keys = malloc(N);
   struct u_hash_table *t = u_hash_table_create_pointer(NULL);

   for (size_t i = 0; i < N; i++)
      assert_non_null(u_hash_table_insert(t, keys + i, (void *)(i + 1)));
   assert_int_equal(u_hash_table_num_entries(t), N);
   for (size_t i = 0; i < N; i++)
      assert_ptr_equal(u_hash_table_search(t, keys + i)->data, (void *)(i + 1));

   for (size_t i = 0; i < N; i++)
      assert_true(u_hash_table_remove_key(t, keys + i));
   assert_int_equal(u_hash_table_num_entries(t), 0);
   assert_null(u_hash_table_next_entry(t, NULL));

   /* The table full of tombstones is rebuilt as keys come back. */
   for (size_t i = 0; i < N; i += 3)
      assert_non_null(u_hash_table_insert(t, keys + i, NULL));
   assert_int_equal(u_hash_table_num_entries(t), (N + 2) / 3);
   assert_non_null(u_hash_table_search(t, keys + 3));
   assert_null(u_hash_table_search(t, keys + 4));
   u_hash_table_destroy(t, NULL);
   free(keys);
}

/* Insert/remove churn with a small live population must not grow the
 * table: rebuilds drop tombstones and shrink it. */
static void
churn_stays_bounded(void **state)
{
   struct u_arena *a = u_arena_create(NULL);
   struct u_hash_table *t =
      u_hash_table_create(a, u_hash_pointer, u_hash_pointer_equal);
   char *keys = malloc(100000);

   for (size_t i = 0; i < 5000; i++)
      u_hash_table_insert(t, keys + i, NULL);
   size_t big = u_arena_total_size(a);
   for (size_t i = 0; i < 5000 - 8; i++)
      u_hash_table_remove_key(t, keys + i);

   for (size_t i = 5000; i < 100000; i++) {
      assert_non_null(u_hash_table_insert(t, keys + i, NULL));
      assert_true(u_hash_table_remove_key(t, keys + i - 1));
   }
   assert_int_equal(u_hash_table_num_entries(t), 8);
   size_t small = u_arena_total_size(a);
   assert_true(small < big / 8);
   u_arena_destroy(a);
   free(keys);
}

static void
sets(void **state)
{
   struct u_set *s = u_set_create_pointer(NULL);
   for (size_t i = 0; i < NKEYS; i++)
      assert_non_null(u_set_add(s, KEY(i)));
   /* Adding again changes nothing. */
   struct u_hash_entry *e = u_set_add(s, KEY(5));
   assert_ptr_equal(e, u_set_search(s, KEY(5)));
   assert_null(e->data);
   assert_int_equal(u_set_num_entries(s), NKEYS);

   for (size_t i = 0; i < NKEYS; i += 3)
      assert_true(u_set_remove_key(s, KEY(i)));
   assert_false(u_set_remove_key(s, KEY(0)));
   for (size_t i = 0; i < NKEYS; i++)
      assert_int_equal(u_set_contains(s, KEY(i)), i % 3 != 0);

   size_t n = 0;
   u_set_foreach (s, entry) {
      assert_true(KEY_INDEX(entry->key) % 3 != 0);
      u_set_remove(s, entry);
      n++;
   }
   assert_int_equal(n, NKEYS - (NKEYS + 2) / 3);
   assert_int_equal(u_set_num_entries(s), 0);
   u_set_remove(s, NULL);

   uint32_t h = u_hash_pointer(KEY(9));
   e = u_set_add_pre_hashed(s, h, KEY(9));
   assert_ptr_equal(u_set_search_pre_hashed(s, h, KEY(9)), e);
   u_set_clear(s, NULL);
   assert_false(u_set_contains(s, KEY(9)));
   u_set_destroy(s, NULL);

   /* String set with forced collisions. */
   struct u_arena *a = u_arena_create(NULL);
   struct u_set *names = u_set_create(a, constant_hash, u_hash_string_equal);
   assert_non_null(u_set_add(names, "x"));
   assert_non_null(u_set_add(names, "y"));
   assert_non_null(u_set_add(names, "x"));
   assert_int_equal(u_set_num_entries(names), 2);
   char y[] = "y";
   assert_true(u_set_contains(names, y));
   assert_false(u_set_contains(names, "z"));
   struct u_set *strs = u_set_create_string(a);
   assert_non_null(u_set_add(strs, "abc"));
   assert_true(u_set_contains(strs, "abc"));
   u_set_destroy(names, NULL);
   u_arena_destroy(a);
}

static void
u64_table(void **state)
{
   struct u_hash_table_u64 *t = u_hash_table_u64_create(NULL);
   int d[4];

   /* Keys that a pointer-sized or 32-bit table would confuse. */
   assert_true(u_hash_table_u64_insert(t, 0, &d[0]));
   assert_true(u_hash_table_u64_insert(t, 1, &d[1]));
   assert_true(u_hash_table_u64_insert(t, ((uint64_t)1 << 32) | 1, &d[2]));
   assert_true(u_hash_table_u64_insert(t, UINT64_MAX, &d[3]));
   assert_int_equal(u_hash_table_u64_num_entries(t), 4);
   assert_ptr_equal(u_hash_table_u64_search(t, 0), &d[0]);
   assert_ptr_equal(u_hash_table_u64_search(t, 1), &d[1]);
   assert_ptr_equal(u_hash_table_u64_search(t, ((uint64_t)1 << 32) | 1), &d[2]);
   assert_ptr_equal(u_hash_table_u64_search(t, UINT64_MAX), &d[3]);
   assert_null(u_hash_table_u64_search(t, 2));

   /* Replace, NULL data, removal. */
   assert_true(u_hash_table_u64_insert(t, 1, NULL));
   assert_int_equal(u_hash_table_u64_num_entries(t), 4);
   assert_null(u_hash_table_u64_search(t, 1));
   assert_true(u_hash_table_u64_contains(t, 1));
   assert_true(u_hash_table_u64_remove(t, 1));
   assert_false(u_hash_table_u64_contains(t, 1));
   assert_false(u_hash_table_u64_remove(t, 1));
   assert_int_equal(u_hash_table_u64_num_entries(t), 3);

   u_hash_table_u64_clear(t);
   assert_int_equal(u_hash_table_u64_num_entries(t), 0);
   assert_false(u_hash_table_u64_contains(t, 0));

   /* Random operations against a reference over a sparse key space. */
   enum {
      NREF = 512
   };
   uint64_t ref_key[NREF];
   void *ref_data[NREF];
   bool ref_live[NREF] = { false };
   uint64_t seed = 12345;
   for (int i = 0; i < NREF; i++)
      ref_key[i] = rand_next(&seed) << (i % 40);
   for (int step = 0; step < 100000; step++) {
      uint64_t r = rand_next(&seed);
      int i = (int)(r % NREF);
      if (r & (1 << 20)) {
         void *data = (void *)(uintptr_t)(step + 1);
         assert_true(u_hash_table_u64_insert(t, ref_key[i], data));
         ref_data[i] = data;
         ref_live[i] = true;
      } else {
         assert_int_equal(u_hash_table_u64_remove(t, ref_key[i]), ref_live[i]);
         ref_live[i] = false;
      }
      int j = (int)((r >> 32) % NREF);
      assert_ptr_equal(u_hash_table_u64_search(t, ref_key[j]),
                       ref_live[j] ? ref_data[j] : NULL);
   }
   u_hash_table_u64_destroy(t);
   u_hash_table_u64_destroy(NULL);

   /* Arena-backed: freed with the arena. */
   struct u_arena *a = u_arena_create(NULL);
   t = u_hash_table_u64_create(a);
   for (uint64_t k = 0; k < 1000; k++)
      assert_true(u_hash_table_u64_insert(t, k * 0x100000001ull, &d[0]));
   assert_int_equal(u_hash_table_u64_num_entries(t), 1000);
   u_arena_destroy(a);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(hash_functions),
      cmocka_unit_test(pointer_table_basics),
      cmocka_unit_test(string_table_compares_contents),
      cmocka_unit_test(random_ops_match_reference),
      cmocka_unit_test(collisions),
      cmocka_unit_test(remove_during_foreach),
      cmocka_unit_test(grow_to_100k),
      cmocka_unit_test(churn_stays_bounded),
      cmocka_unit_test(sets),
      cmocka_unit_test(u64_table),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
