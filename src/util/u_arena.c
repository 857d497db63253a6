/* SPDX-License-Identifier: MIT */

/*
 * Arena implementation.  Each arena keeps a list of chunks; the head chunk
 * is the one bump allocation uses.  Dedicated chunks for large requests are
 * linked after the head so that the head's free space stays usable.  The
 * tree is kept with parent / first-child / sibling links, and destroy and
 * total_size walk it iteratively, so depth costs no stack.
 */
#include "util/u_arena.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Normal chunk sizes start small, so that the many short-lived scratch
 * arenas of a compiler stay cheap, and double up to a size where malloc()
 * overhead no longer matters.
 */
#define FIRST_CHUNK_SIZE 512
#define MAX_CHUNK_SIZE   (64 * 1024)

struct chunk {
   struct chunk *next;
   /** Usable bytes starting at base. */
   size_t size;
   /** Bytes of base handed out (the end of the last allocation). */
   size_t used;
   /** First U_ARENA_ALIGN-aligned byte of bytes[]. */
   char *base;
   char bytes[];
};

struct u_arena {
   struct u_arena *parent;
   struct u_arena *first_child;
   /** Siblings: the other children of parent. */
   struct u_arena *prev;
   struct u_arena *next;
   /** Chunk list; the head is the bump-allocation chunk. */
   struct chunk *chunks;
   /** Most recent bump allocation in the head chunk (for realloc). */
   char *last;
   /** Size of the next normal chunk. */
   size_t next_chunk_size;
   /** Bytes malloc()ed for this arena alone (struct and chunks). */
   size_t total;
};

/* Larger requests could not be represented in a chunk without overflowing
 * size arithmetic or pointer differences. */
#define MAX_REQUEST ((size_t)PTRDIFF_MAX - sizeof(struct chunk) - U_ARENA_ALIGN)

static size_t
align_up(size_t v)
{
   return (v + U_ARENA_ALIGN - 1) & ~(size_t)(U_ARENA_ALIGN - 1);
}

static struct chunk *
chunk_create(struct u_arena *a, size_t size)
{
   size_t bytes = sizeof(struct chunk) + U_ARENA_ALIGN - 1 + size;
   struct chunk *c = malloc(bytes);
   if (!c)
      return NULL;
   c->next = NULL;
   c->size = size;
   c->used = 0;
   c->base = (char *)(((uintptr_t)c->bytes + U_ARENA_ALIGN - 1) &
                      ~(uintptr_t)(U_ARENA_ALIGN - 1));
   a->total += bytes;
   return c;
}

static void
link_child(struct u_arena *parent, struct u_arena *child)
{
   child->parent = parent;
   child->prev = NULL;
   child->next = NULL;
   if (!parent)
      return;
   child->next = parent->first_child;
   if (parent->first_child)
      parent->first_child->prev = child;
   parent->first_child = child;
}

static void
unlink_child(struct u_arena *child)
{
   if (child->prev)
      child->prev->next = child->next;
   else if (child->parent)
      child->parent->first_child = child->next;
   if (child->next)
      child->next->prev = child->prev;
   child->parent = NULL;
   child->prev = NULL;
   child->next = NULL;
}

struct u_arena *
u_arena_create(struct u_arena *parent)
{
   struct u_arena *a = calloc(1, sizeof(*a));
   if (!a)
      return NULL;
   a->next_chunk_size = FIRST_CHUNK_SIZE;
   a->total = sizeof(*a);
   link_child(parent, a);
   return a;
}

static void
free_arena(struct u_arena *a)
{
   struct chunk *c = a->chunks;
   while (c) {
      struct chunk *next = c->next;
      free(c);
      c = next;
   }
   free(a);
}

void
u_arena_destroy(struct u_arena *a)
{
   if (!a)
      return;
   unlink_child(a);

   /* Post-order walk: descend to a leaf, free it (it is the first child of
    * its parent), then continue from the parent. */
   struct u_arena *node = a;
   for (;;) {
      while (node->first_child)
         node = node->first_child;
      if (node == a) {
         free_arena(node);
         return;
      }
      struct u_arena *parent = node->parent;
      parent->first_child = node->next;
      if (node->next)
         node->next->prev = NULL;
      free_arena(node);
      node = parent;
   }
}

void *
u_arena_alloc(struct u_arena *a, size_t size)
{
   if (size == 0)
      size = 1;
   if (size > MAX_REQUEST)
      return NULL;

   struct chunk *head = a->chunks;
   if (head) {
      size_t off = align_up(head->used);
      if (off <= head->size && size <= head->size - off) {
         head->used = off + size;
         a->last = head->base + off;
         return a->last;
      }
   }

   if (size > a->next_chunk_size / 4) {
      /* Dedicated chunk, behind the head so the head keeps its space. */
      struct chunk *c = chunk_create(a, size);
      if (!c)
         return NULL;
      c->used = size;
      if (head) {
         c->next = head->next;
         head->next = c;
      } else {
         a->chunks = c;
         a->last = c->base;
      }
      return c->base;
   }

   struct chunk *c = chunk_create(a, a->next_chunk_size);
   if (!c)
      return NULL;
   if (a->next_chunk_size < MAX_CHUNK_SIZE)
      a->next_chunk_size *= 2;
   c->next = head;
   a->chunks = c;
   c->used = size;
   a->last = c->base;
   return c->base;
}

void *
u_arena_zalloc(struct u_arena *a, size_t size)
{
   void *p = u_arena_alloc(a, size);
   if (p)
      memset(p, 0, size);
   return p;
}

void *
u_arena_alloc_array(struct u_arena *a, size_t n, size_t size)
{
   size_t bytes;
   if (__builtin_mul_overflow(n, size, &bytes))
      return NULL;
   return u_arena_alloc(a, bytes);
}

void *
u_arena_zalloc_array(struct u_arena *a, size_t n, size_t size)
{
   size_t bytes;
   if (__builtin_mul_overflow(n, size, &bytes))
      return NULL;
   return u_arena_zalloc(a, bytes);
}

void *
u_arena_realloc(struct u_arena *a, void *old_ptr, size_t old_size,
                size_t new_size)
{
   if (!old_ptr)
      return u_arena_alloc(a, new_size);
   if (new_size == 0)
      new_size = 1;

   struct chunk *head = a->chunks;
   if (old_ptr == a->last && head) {
      size_t off = (size_t)((char *)old_ptr - head->base);
      if (new_size <= head->size - off) {
         head->used = off + new_size;
         return old_ptr;
      }
   } else if (new_size <= old_size) {
      return old_ptr;
   }

   void *p = u_arena_alloc(a, new_size);
   if (!p)
      return NULL;
   memcpy(p, old_ptr, old_size < new_size ? old_size : new_size);
   return p;
}

char *
u_arena_strndup(struct u_arena *a, const char *s, size_t n)
{
   if (!s)
      return NULL;
   size_t len = strnlen(s, n);
   char *p = u_arena_alloc(a, len + 1);
   if (!p)
      return NULL;
   memcpy(p, s, len);
   p[len] = '\0';
   return p;
}

char *
u_arena_strdup(struct u_arena *a, const char *s)
{
   if (!s)
      return NULL;
   return u_arena_strndup(a, s, strlen(s));
}

char *
u_arena_vasprintf(struct u_arena *a, const char *fmt, va_list args)
{
   va_list copy;
   int n;

   /* Try to format straight into the free space of the head chunk; most
    * strings fit, which saves the measuring pass. */
   struct chunk *head = a->chunks;
   if (head) {
      size_t off = align_up(head->used);
      if (off < head->size) {
         size_t avail = head->size - off;
         va_copy(copy, args);
         n = vsnprintf(head->base + off, avail, fmt, copy);
         va_end(copy);
         if (n < 0)
            return NULL;
         if ((size_t)n < avail) {
            head->used = off + (size_t)n + 1;
            a->last = head->base + off;
            return a->last;
         }
      }
   }

   va_copy(copy, args);
   n = vsnprintf(NULL, 0, fmt, copy);
   va_end(copy);
   if (n < 0)
      return NULL;

   char *p = u_arena_alloc(a, (size_t)n + 1);
   if (!p)
      return NULL;
   va_copy(copy, args);
   vsnprintf(p, (size_t)n + 1, fmt, copy);
   va_end(copy);
   return p;
}

char *
u_arena_asprintf(struct u_arena *a, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   char *p = u_arena_vasprintf(a, fmt, args);
   va_end(args);
   return p;
}

void
u_arena_steal(struct u_arena *new_parent, struct u_arena *child)
{
#ifndef NDEBUG
   for (const struct u_arena *p = new_parent; p; p = p->parent)
      assert(p != child && "u_arena_steal would create a cycle");
#endif
   unlink_child(child);
   link_child(new_parent, child);
}

struct u_arena *
u_arena_parent(const struct u_arena *a)
{
   return a->parent;
}

size_t
u_arena_total_size(const struct u_arena *a)
{
   size_t sum = 0;
   const struct u_arena *node = a;

   /* Pre-order walk of the subtree rooted at a. */
   for (;;) {
      sum += node->total;
      if (node->first_child) {
         node = node->first_child;
         continue;
      }
      while (node != a && !node->next)
         node = node->parent;
      if (node == a)
         return sum;
      node = node->next;
   }
}
