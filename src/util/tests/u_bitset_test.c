/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <stdint.h>
#include <string.h>

#include "util/u_bitset.h"

#define MAX_BITS  260
#define MAX_WORDS U_BITSET_WORDS(MAX_BITS)

/* Sizes around word boundaries. */
static const unsigned sizes[] = { 1, 2, 63, 64, 65, 127, 128, 129, 200, 256 };

static uint64_t
rand_next(uint64_t *s)
{
   *s ^= *s << 13;
   *s ^= *s >> 7;
   *s ^= *s << 17;
   return *s;
}

static void
check_matches(const uint64_t *words, const bool *ref, unsigned nbits)
{
   unsigned count = 0;
   for (unsigned i = 0; i < nbits; i++) {
      assert_int_equal(u_bitset_test(words, i), ref[i]);
      count += ref[i];
   }
   /* Nothing leaked past the last bit. */
   for (unsigned i = nbits; i < U_BITSET_WORDS(nbits) * 64; i++)
      assert_false(u_bitset_test(words, i));
   assert_int_equal(u_bitset_count(words, U_BITSET_WORDS(nbits)), count);
   assert_int_equal(u_bitset_is_empty(words, U_BITSET_WORDS(nbits)),
                    count == 0);
}

static void
word_count(void **state)
{
   assert_int_equal(U_BITSET_WORDS(0), 0);
   assert_int_equal(U_BITSET_WORDS(1), 1);
   assert_int_equal(U_BITSET_WORDS(64), 1);
   assert_int_equal(U_BITSET_WORDS(65), 2);
   assert_int_equal(U_BITSET_WORDS(128), 2);
   assert_int_equal(U_BITSET_WORDS(129), 3);
   assert_int_equal(sizeof(U_BITSET_WORD) * 8, U_BITSET_WORD_BITS);
}

static void
set_clear_at_word_edges(void **state)
{
   static const unsigned edges[] = { 0, 1, 62, 63, 64, 65, 126, 127, 128, 129 };
   for (unsigned e = 0; e < sizeof(edges) / sizeof(edges[0]); e++) {
      uint64_t w[3];
      bool ref[192] = { false };
      u_bitset_zero(w, 3);
      unsigned i = edges[e];
      u_bitset_set(w, i);
      ref[i] = true;
      check_matches(w, ref, 192);
      assert_int_equal(u_bitset_next_set(w, 3, 0), i);
      assert_int_equal(u_bitset_next_set(w, 3, i), i);
      assert_int_equal(u_bitset_next_set(w, 3, i + 1), -1);
      /* Setting twice and clearing a neighbour change nothing. */
      u_bitset_set(w, i);
      u_bitset_clear(w, i + 1);
      if (i)
         u_bitset_clear(w, i - 1);
      check_matches(w, ref, 192);
      u_bitset_clear(w, i);
      assert_true(u_bitset_is_empty(w, 3));
   }
}

static void
ranges_match_reference(void **state)
{
   enum {
      NBITS = 200
   };
   for (unsigned begin = 0; begin <= NBITS; begin++) {
      for (unsigned end = begin; end <= NBITS; end += 1 + end % 7) {
         uint64_t w[U_BITSET_WORDS(NBITS)];
         bool ref[NBITS];

         u_bitset_zero(w, U_BITSET_WORDS(NBITS));
         u_bitset_set_range(w, begin, end);
         for (unsigned i = 0; i < NBITS; i++)
            ref[i] = i >= begin && i < end;
         check_matches(w, ref, NBITS);

         u_bitset_zero(w, U_BITSET_WORDS(NBITS));
         u_bitset_set_range(w, 0, NBITS);
         u_bitset_clear_range(w, begin, end);
         for (unsigned i = 0; i < NBITS; i++)
            ref[i] = !(i >= begin && i < end);
         check_matches(w, ref, NBITS);
      }
   }
   /* Empty and reversed ranges do nothing. */
   uint64_t w[2] = { 0, 0 };
   u_bitset_set_range(w, 70, 70);
   u_bitset_set_range(w, 80, 10);
   assert_true(u_bitset_is_empty(w, 2));
}

static void
random_ops_match_reference(void **state)
{
   uint64_t seed = 0x1234567887654321ull;
   for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
      unsigned nbits = sizes[s];
      unsigned nwords = U_BITSET_WORDS(nbits);
      uint64_t a[MAX_WORDS], b[MAX_WORDS];
      bool ra[MAX_BITS], rb[MAX_BITS];

      for (int round = 0; round < 300; round++) {
         u_bitset_zero(a, nwords);
         u_bitset_zero(b, nwords);
         /* Sparse, dense or in between. */
         unsigned density = (unsigned)(rand_next(&seed) % 4);
         for (unsigned i = 0; i < nbits; i++) {
            ra[i] = rand_next(&seed) % 4 < density;
            rb[i] = rand_next(&seed) % 4 < density;
            if (ra[i])
               u_bitset_set(a, i);
            if (rb[i])
               u_bitset_set(b, i);
         }
         check_matches(a, ra, nbits);

         uint64_t c[MAX_WORDS];
         u_bitset_copy(c, a, nwords);
         assert_true(u_bitset_equal(c, a, nwords));
         bool same = memcmp(ra, rb, nbits * sizeof(bool)) == 0;
         assert_int_equal(u_bitset_equal(a, b, nwords), same);

         bool rc[MAX_BITS];
         bool changed = false;
         unsigned op = (unsigned)(rand_next(&seed) % 3);
         for (unsigned i = 0; i < nbits; i++) {
            bool v = op == 0   ? ra[i] || rb[i]
                     : op == 1 ? ra[i] && rb[i]
                               : ra[i] && !rb[i];
            changed |= v != ra[i];
            rc[i] = v;
         }
         bool reported = op == 0   ? u_bitset_union(c, b, nwords)
                         : op == 1 ? u_bitset_intersect(c, b, nwords)
                                   : u_bitset_andnot(c, b, nwords);
         assert_int_equal(reported, changed);
         check_matches(c, rc, nbits);
         /* A second application is a no-op and says so. */
         reported = op == 0   ? u_bitset_union(c, b, nwords)
                    : op == 1 ? u_bitset_intersect(c, b, nwords)
                              : u_bitset_andnot(c, b, nwords);
         assert_false(reported);
      }
   }
}

static void
next_set_matches_reference(void **state)
{
   uint64_t seed = 99;
   for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
      unsigned nbits = sizes[s];
      unsigned nwords = U_BITSET_WORDS(nbits);
      uint64_t w[MAX_WORDS];
      bool ref[MAX_BITS];
      u_bitset_zero(w, nwords);
      for (unsigned i = 0; i < nbits; i++) {
         ref[i] = rand_next(&seed) % 5 == 0;
         if (ref[i])
            u_bitset_set(w, i);
      }
      for (unsigned start = 0; start < nbits; start++) {
         int expect = -1;
         for (unsigned i = start; i < nbits; i++) {
            if (ref[i]) {
               expect = (int)i;
               break;
            }
         }
         assert_int_equal(u_bitset_next_set(w, nwords, start), expect);
      }
   }
   uint64_t empty[3] = { 0, 0, 0 };
   assert_int_equal(u_bitset_next_set(empty, 3, 0), -1);

   /* Starting past the storage finds nothing. */
   uint64_t full[2] = { ~(uint64_t)0, ~(uint64_t)0 };
   assert_int_equal(u_bitset_next_set(full, 2, 127), 127);
   assert_int_equal(u_bitset_next_set(full, 2, 128), -1);
   assert_int_equal(u_bitset_next_set(full, 2, 5000), -1);
}

static void
foreach_order_and_completeness(void **state)
{
   uint64_t seed = 7;
   for (unsigned s = 0; s < sizeof(sizes) / sizeof(sizes[0]); s++) {
      unsigned nbits = sizes[s];
      unsigned nwords = U_BITSET_WORDS(nbits);
      for (int round = 0; round < 50; round++) {
         uint64_t w[MAX_WORDS];
         bool ref[MAX_BITS];
         u_bitset_zero(w, nwords);
         unsigned expected = 0;
         for (unsigned i = 0; i < nbits; i++) {
            /* Round 0: all bits; round 1: none. */
            ref[i] = round == 0 || (round > 1 && rand_next(&seed) % 3 == 0);
            if (ref[i]) {
               u_bitset_set(w, i);
               expected++;
            }
         }
         unsigned n = 0;
         int prev = -1;
         u_bitset_foreach_set (i, w, nbits) {
            assert_true((int)i > prev);
            assert_true(i < nbits);
            assert_true(ref[i]);
            prev = (int)i;
            n++;
         }
         assert_int_equal(n, expected);
      }
   }

   /* Bits of the last word past nbits are not visited. */
   uint64_t w[2] = { 0, ~(uint64_t)0 };
   unsigned n = 0;
   u_bitset_foreach_set (i, w, 70) {
      assert_true(i >= 64 && i < 70);
      n++;
   }
   assert_int_equal(n, 6);

   /* Zero bits: no iteration, no access. */
   u_bitset_foreach_set (i, (const uint64_t *)NULL, 0) {
      (void)i;
      fail();
   }
}

static void
foreach_break_and_continue(void **state)
{
   uint64_t w[3] = { 0 };
   static const unsigned bits[] = { 3, 63, 64, 100, 150, 191 };
   for (unsigned k = 0; k < 6; k++)
      u_bitset_set(w, bits[k]);

   unsigned seen[6] = { 0 }, n = 0;
   u_bitset_foreach_set (i, w, 192) {
      if (i == 63)
         continue;
      if (i == 150)
         break;
      seen[n++] = i;
   }
   assert_int_equal(n, 3);
   assert_int_equal(seen[0], 3);
   assert_int_equal(seen[1], 64);
   assert_int_equal(seen[2], 100);

   /* Nested loops over the same set. */
   unsigned pairs = 0;
   u_bitset_foreach_set (i, w, 192) {
      u_bitset_foreach_set (j, w, 192) {
         if (j > i)
            pairs++;
      }
   }
   assert_int_equal(pairs, 15);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(word_count),
      cmocka_unit_test(set_clear_at_word_edges),
      cmocka_unit_test(ranges_match_reference),
      cmocka_unit_test(random_ops_match_reference),
      cmocka_unit_test(next_set_matches_reference),
      cmocka_unit_test(foreach_order_and_completeness),
      cmocka_unit_test(foreach_break_and_continue),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
