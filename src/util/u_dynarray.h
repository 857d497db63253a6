/* SPDX-License-Identifier: MIT */

/*
 * Growable array of bytes, used as a vector of one element type through
 * the typed macros below.  The storage comes from an arena (then it lives
 * until the arena is destroyed, and growth uses u_arena_realloc(), which
 * extends in place when the array was the arena's latest allocation) or,
 * without an arena, from malloc()/free().
 *
 * Capacity grows geometrically (doubling, from at least 64 bytes), so
 * appending N elements costs O(N) copies in total.  Growth failures and
 * size overflows are reported (NULL or false) and leave the array as it
 * was.  Element pointers are invalidated by any call that grows the array.
 *
 * Keep one element type per array: elements are stored back to back, and
 * the storage is only aligned for the type when every element has the same
 * size.  The macros may evaluate their array argument more than once.
 */
#ifndef U_DYNARRAY_H
#define U_DYNARRAY_H

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>

struct u_arena;

struct u_dynarray {
   /** The elements; NULL while nothing was ever allocated. */
   void *data;
   /** Bytes in use. */
   size_t size;
   /** Bytes allocated. */
   size_t capacity;
   /** Owner of data, or NULL for malloc()/free(). */
   struct u_arena *arena;
};

/** Initializes an empty array allocating from @p arena (NULL: malloc). */
void u_dynarray_init(struct u_dynarray *d, struct u_arena *arena);

/**
 * Frees the storage (malloc mode; arena storage stays in the arena) and
 * leaves @p d empty, ready for reuse with the same allocator.
 */
void u_dynarray_fini(struct u_dynarray *d);

/**
 * Appends @p bytes uninitialized bytes and returns a pointer to them, or
 * NULL (array unchanged) when out of memory or when the size would
 * overflow.
 */
void *u_dynarray_grow(struct u_dynarray *d, size_t bytes);

/**
 * Makes sure that @p capacity bytes are allocated without changing the
 * size.  Returns false when out of memory.
 */
bool u_dynarray_reserve(struct u_dynarray *d, size_t capacity);

/**
 * Sets the size to @p bytes.  Shrinking keeps the capacity; bytes added by
 * growing are zeroed.  Returns false (array unchanged) when out of memory.
 */
bool u_dynarray_resize(struct u_dynarray *d, size_t bytes);

/** Drops all elements, keeping the capacity. */
static inline void
u_dynarray_clear(struct u_dynarray *d)
{
   d->size = 0;
}

/** One past the last byte in use (data itself while empty). */
static inline void *
u_dynarray_end(const struct u_dynarray *d)
{
   return d->size ? (char *)d->data + d->size : d->data;
}

/** Pointer to element @p i of size @p elem_size; asserts it exists. */
static inline void *
u_dynarray_element_ptr(const struct u_dynarray *d, size_t elem_size, size_t i)
{
   assert(i < d->size / elem_size);
   return (char *)d->data + i * elem_size;
}

/** Removes the last element of size @p elem_size and returns a pointer to
 * it, valid until the array grows again. */
static inline void *
u_dynarray_pop_ptr(struct u_dynarray *d, size_t elem_size)
{
   assert(d->size >= elem_size);
   d->size -= elem_size;
   return (char *)d->data + d->size;
}

/**
 * Appends @p value of @p type; evaluates to true, or to false when out of
 * memory.  @p value is evaluated only when the space was obtained.
 */
#define u_dynarray_append(d, type, value)         \
   (u_dynarray_grow((d), sizeof(type)) != NULL && \
    ((*((type *)u_dynarray_end(d) - 1) = (value)), true))

/** Pointer to element @p i, viewing the array as @p type elements. */
#define u_dynarray_element(d, type, i) \
   ((type *)u_dynarray_element_ptr((d), sizeof(type), (i)))

/** Number of @p type elements in the array. */
#define u_dynarray_num_elements(d, type) ((d)->size / sizeof(type))

/** Removes the last @p type element and evaluates to its value. */
#define u_dynarray_pop(d, type) (*(type *)u_dynarray_pop_ptr((d), sizeof(type)))

/** Pointer to the last @p type element; the array must not be empty. */
#define u_dynarray_last(d, type) ((type *)u_dynarray_end(d) - 1)

/**
 * Loops with @p ptr (declared by the macro as type *) over every element
 * in order.  The body must not grow the array.
 */
#define u_dynarray_foreach(d, type, ptr) \
   for (type *ptr = (type *)(d)->data; ptr < (type *)u_dynarray_end(d); ptr++)

#endif
