/* SPDX-License-Identifier: MIT */

/*
 * Fixed-size bitsets stored in arrays of 64-bit words: bit i lives in word
 * i / 64 at position i % 64.  The caller owns the array (on the stack, in
 * a struct, or from an arena) and passes its length in words; size it with
 * U_BITSET_WORDS(nbits).  Used for liveness and other dataflow sets indexed
 * by SSA value or block, so the set operations report whether they changed
 * the destination.
 *
 * Bits past nbits in the last word should stay zero; the operations here
 * never set them except u_bitset_set() on such an index, and
 * u_bitset_foreach_set() ignores them.
 */
#ifndef U_BITSET_H
#define U_BITSET_H

#include <assert.h>
#include <stdbool.h>
#include <stdint.h>

/** Storage unit of a bitset. */
#define U_BITSET_WORD uint64_t
/** Bits per U_BITSET_WORD. */
#define U_BITSET_WORD_BITS 64
/** Number of words holding @p nbits bits. */
#define U_BITSET_WORDS(nbits) \
   (((nbits) + U_BITSET_WORD_BITS - 1) / U_BITSET_WORD_BITS)

/** Word mask of bit @p i within its word. */
static inline uint64_t
u_bitset_bit(unsigned i)
{
   return (uint64_t)1 << (i % U_BITSET_WORD_BITS);
}

/** Sets bit @p i. */
static inline void
u_bitset_set(uint64_t *words, unsigned i)
{
   words[i / U_BITSET_WORD_BITS] |= u_bitset_bit(i);
}

/** Clears bit @p i. */
static inline void
u_bitset_clear(uint64_t *words, unsigned i)
{
   words[i / U_BITSET_WORD_BITS] &= ~u_bitset_bit(i);
}

/** Whether bit @p i is set. */
static inline bool
u_bitset_test(const uint64_t *words, unsigned i)
{
   return (words[i / U_BITSET_WORD_BITS] & u_bitset_bit(i)) != 0;
}

/* Mask of bits [lo, hi) of one word, 0 <= lo < hi <= 64. */
static inline uint64_t
u_bitset_word_mask(unsigned lo, unsigned hi)
{
   uint64_t upto_hi = hi == 64 ? ~(uint64_t)0 : ((uint64_t)1 << hi) - 1;
   return upto_hi & ~(((uint64_t)1 << lo) - 1);
}

/** Sets bits [@p begin, @p end) (nothing if end <= begin). */
static inline void
u_bitset_set_range(uint64_t *words, unsigned begin, unsigned end)
{
   while (begin < end) {
      unsigned w = begin / U_BITSET_WORD_BITS;
      unsigned lo = begin % U_BITSET_WORD_BITS;
      unsigned hi = end - w * U_BITSET_WORD_BITS;
      if (hi > U_BITSET_WORD_BITS)
         hi = U_BITSET_WORD_BITS;
      words[w] |= u_bitset_word_mask(lo, hi);
      begin = w * U_BITSET_WORD_BITS + hi;
   }
}

/** Clears bits [@p begin, @p end) (nothing if end <= begin). */
static inline void
u_bitset_clear_range(uint64_t *words, unsigned begin, unsigned end)
{
   while (begin < end) {
      unsigned w = begin / U_BITSET_WORD_BITS;
      unsigned lo = begin % U_BITSET_WORD_BITS;
      unsigned hi = end - w * U_BITSET_WORD_BITS;
      if (hi > U_BITSET_WORD_BITS)
         hi = U_BITSET_WORD_BITS;
      words[w] &= ~u_bitset_word_mask(lo, hi);
      begin = w * U_BITSET_WORD_BITS + hi;
   }
}

/** Clears all @p nwords words. */
static inline void
u_bitset_zero(uint64_t *words, unsigned nwords)
{
   for (unsigned i = 0; i < nwords; i++)
      words[i] = 0;
}

/** dst = src. */
static inline void
u_bitset_copy(uint64_t *dst, const uint64_t *src, unsigned nwords)
{
   for (unsigned i = 0; i < nwords; i++)
      dst[i] = src[i];
}

/** Whether no bit is set. */
static inline bool
u_bitset_is_empty(const uint64_t *words, unsigned nwords)
{
   for (unsigned i = 0; i < nwords; i++) {
      if (words[i])
         return false;
   }
   return true;
}

/** Number of set bits. */
static inline unsigned
u_bitset_count(const uint64_t *words, unsigned nwords)
{
   unsigned n = 0;
   for (unsigned i = 0; i < nwords; i++)
      n += (unsigned)__builtin_popcountll(words[i]);
   return n;
}

/** Whether @p a and @p b hold the same bits. */
static inline bool
u_bitset_equal(const uint64_t *a, const uint64_t *b, unsigned nwords)
{
   for (unsigned i = 0; i < nwords; i++) {
      if (a[i] != b[i])
         return false;
   }
   return true;
}

/** dst |= src; returns whether dst changed. */
static inline bool
u_bitset_union(uint64_t *dst, const uint64_t *src, unsigned nwords)
{
   uint64_t changed = 0;
   for (unsigned i = 0; i < nwords; i++) {
      changed |= src[i] & ~dst[i];
      dst[i] |= src[i];
   }
   return changed != 0;
}

/** dst &= src; returns whether dst changed. */
static inline bool
u_bitset_intersect(uint64_t *dst, const uint64_t *src, unsigned nwords)
{
   uint64_t changed = 0;
   for (unsigned i = 0; i < nwords; i++) {
      changed |= dst[i] & ~src[i];
      dst[i] &= src[i];
   }
   return changed != 0;
}

/** dst &= ~src; returns whether dst changed. */
static inline bool
u_bitset_andnot(uint64_t *dst, const uint64_t *src, unsigned nwords)
{
   uint64_t changed = 0;
   for (unsigned i = 0; i < nwords; i++) {
      changed |= dst[i] & src[i];
      dst[i] &= ~src[i];
   }
   return changed != 0;
}

/**
 * Index of the first set bit at or after @p start, or -1 if there is none
 * (including when @p start is past the end).
 */
static inline int
u_bitset_next_set(const uint64_t *words, unsigned nwords, unsigned start)
{
   unsigned w = start / U_BITSET_WORD_BITS;
   if (w >= nwords)
      return -1;
   uint64_t bits = words[w] & ~(u_bitset_bit(start) - 1);
   for (;;) {
      if (bits)
         return (int)(w * U_BITSET_WORD_BITS + (unsigned)__builtin_ctzll(bits));
      if (++w >= nwords)
         return -1;
      bits = words[w];
   }
}

/** State of u_bitset_foreach_set(); not for direct use. */
struct u_bitset_iter {
   const uint64_t *words;
   unsigned nwords;
   /** Word being scanned and its bits not yet visited. */
   unsigned w;
   uint64_t bits;
   /** Mask of the valid bits of the last word. */
   uint64_t last_mask;
   /** Index of the current bit. */
   unsigned cur;
   bool done;
};

/* Loads word w of the iteration (masked if it is the last one). */
static inline uint64_t
u_bitset_iter_load(const struct u_bitset_iter *it, unsigned w)
{
   uint64_t bits = it->words[w];
   return w == it->nwords - 1 ? bits & it->last_mask : bits;
}

/* Moves it->cur to the lowest bit of it->bits or a later word. */
static inline void
u_bitset_iter_settle(struct u_bitset_iter *it)
{
   while (!it->bits) {
      if (++it->w >= it->nwords) {
         it->done = true;
         return;
      }
      it->bits = u_bitset_iter_load(it, it->w);
   }
   it->cur = it->w * U_BITSET_WORD_BITS + (unsigned)__builtin_ctzll(it->bits);
}

static inline struct u_bitset_iter
u_bitset_iter_begin(const uint64_t *words, unsigned nbits)
{
   struct u_bitset_iter it = {
      .words = words,
      .nwords = U_BITSET_WORDS(nbits),
      .last_mask =
         nbits % U_BITSET_WORD_BITS ? u_bitset_bit(nbits) - 1 : ~(uint64_t)0,
   };
   if (it.nwords == 0) {
      it.done = true;
      return it;
   }
   it.bits = u_bitset_iter_load(&it, 0);
   u_bitset_iter_settle(&it);
   return it;
}

static inline void
u_bitset_iter_next(struct u_bitset_iter *it)
{
   it->bits &= it->bits - 1;
   u_bitset_iter_settle(it);
}

/**
 * Loops over the set bits of the first @p nbits bits of @p words in
 * increasing order, declaring unsigned @p i.  Costs one step per set bit
 * plus one per word.  break and continue work.  Changes to the word being
 * scanned are not seen by the loop; changes to later words are.
 */
#define u_bitset_foreach_set(i, words, nbits)                                  \
   for (struct u_bitset_iter i##_iter = u_bitset_iter_begin((words), (nbits)); \
        !i##_iter.done; i##_iter.done = true)                                  \
      for (unsigned i = i##_iter.cur; !i##_iter.done;                          \
           u_bitset_iter_next(&i##_iter), i = i##_iter.cur)

#endif
