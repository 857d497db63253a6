/* SPDX-License-Identifier: MIT */

/*
 * Hierarchical arena allocator (in the spirit of ralloc), the memory model
 * of every compiler object: each arena has an optional parent, and
 * destroying an arena frees all of its allocations and, recursively, all of
 * its child arenas.  A pass that needs scratch memory creates a child arena
 * and destroys it before returning; a finished result is moved to a
 * long-lived owner with u_arena_steal().
 *
 * Allocation is a pointer bump inside chunks obtained from malloc().  Chunk
 * sizes grow geometrically, so an arena holding N bytes makes O(log N)
 * calls to malloc(); a request that is large compared with the current
 * chunk size gets a chunk of its own so that it does not waste the rest of
 * a normal chunk.  Individual allocations are never freed, except that
 * u_arena_realloc() grows or shrinks the most recent allocation in place
 * when it can.
 *
 * Every allocation is aligned to U_ARENA_ALIGN bytes.  Failure (including
 * size overflow and requests larger than PTRDIFF_MAX) returns NULL; nothing
 * here aborts.  An arena tree is not thread-safe: use one tree per thread or
 * lock around it.
 */
#ifndef U_ARENA_H
#define U_ARENA_H

#include <stdarg.h>
#include <stddef.h>

/** Alignment, in bytes, of every pointer returned by the arena. */
#define U_ARENA_ALIGN 16

struct u_arena;

/**
 * Creates an empty arena.  With a @p parent, the new arena is destroyed
 * together with the parent; with NULL it is a root that the caller must
 * destroy.  Returns NULL when out of memory.
 */
struct u_arena *u_arena_create(struct u_arena *parent);

/**
 * Frees @p a, everything allocated from it and all of its descendants, and
 * unlinks it from its parent.  Accepts NULL.  The tree is walked without
 * recursion, so arbitrarily deep trees are fine.
 */
void u_arena_destroy(struct u_arena *a);

/**
 * Returns @p size uninitialized bytes aligned to U_ARENA_ALIGN, or NULL.
 * A @p size of 0 returns a valid, distinct pointer (as if it were 1).
 */
void *u_arena_alloc(struct u_arena *a, size_t size);

/** Like u_arena_alloc(), with the memory set to zero. */
void *u_arena_zalloc(struct u_arena *a, size_t size);

/**
 * Allocates an array of @p n elements of @p size bytes; returns NULL if
 * n * size overflows.
 */
void *u_arena_alloc_array(struct u_arena *a, size_t n, size_t size);

/** Like u_arena_alloc_array(), with the memory set to zero. */
void *u_arena_zalloc_array(struct u_arena *a, size_t n, size_t size);

/**
 * Resizes @p old_ptr, an allocation of @p old_size bytes from @p a (or
 * NULL, then this is u_arena_alloc()), to @p new_size bytes, keeping the
 * first min(old_size, new_size) bytes.  The most recent allocation of the
 * arena is resized in place when its chunk has room; otherwise the data is
 * copied to a new allocation (the old one stays reserved until the arena is
 * destroyed).  Returns NULL on failure, leaving @p old_ptr untouched.
 */
void *u_arena_realloc(struct u_arena *a, void *old_ptr, size_t old_size,
                      size_t new_size);

/** Copies the NUL-terminated @p s into @p a.  NULL @p s returns NULL. */
char *u_arena_strdup(struct u_arena *a, const char *s);

/**
 * Copies at most @p n bytes of @p s (stopping at a NUL) into @p a and
 * terminates the copy.  NULL @p s returns NULL.
 */
char *u_arena_strndup(struct u_arena *a, const char *s, size_t n);

/** Formats like sprintf() into a new string allocated from @p a. */
char *u_arena_asprintf(struct u_arena *a, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/** va_list variant of u_arena_asprintf(); @p args is not consumed. */
char *u_arena_vasprintf(struct u_arena *a, const char *fmt, va_list args)
   __attribute__((format(printf, 2, 0)));

/**
 * Moves @p child, with all its allocations and descendants, under
 * @p new_parent (NULL makes it a root the caller must destroy).  The
 * new parent must not be @p child itself or one of its descendants.
 */
void u_arena_steal(struct u_arena *new_parent, struct u_arena *child);

/** The parent of @p a, or NULL for a root. */
struct u_arena *u_arena_parent(const struct u_arena *a);

/**
 * Bytes obtained from malloc() for @p a and all its descendants: chunks,
 * including unused space and chunk headers, and the arena structures
 * themselves.  Walks the subtree; meant for statistics and tests.
 */
size_t u_arena_total_size(const struct u_arena *a);

#endif
