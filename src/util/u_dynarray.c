/* SPDX-License-Identifier: MIT */

/*
 * Storage management of struct u_dynarray; the element accessors are
 * inline in the header.
 */
#include "util/u_dynarray.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_arena.h"

/* Smallest allocation: avoids a string of tiny reallocations for the
 * first few appends. */
#define MIN_CAPACITY 64

void
u_dynarray_init(struct u_dynarray *d, struct u_arena *arena)
{
   d->data = NULL;
   d->size = 0;
   d->capacity = 0;
   d->arena = arena;
}

void
u_dynarray_fini(struct u_dynarray *d)
{
   if (!d->arena)
      free(d->data);
   u_dynarray_init(d, d->arena);
}

bool
u_dynarray_reserve(struct u_dynarray *d, size_t capacity)
{
   if (capacity <= d->capacity)
      return true;
   if (capacity > PTRDIFF_MAX)
      return false;

   /* Geometric growth, unless the request itself is larger. */
   size_t cap = d->capacity < MIN_CAPACITY ? MIN_CAPACITY : d->capacity;
   while (cap < capacity && cap <= PTRDIFF_MAX / 2)
      cap *= 2;
   if (cap < capacity)
      cap = capacity;

   void *data;
   if (d->arena)
      data = u_arena_realloc(d->arena, d->data, d->size, cap);
   else
      data = realloc(d->data, cap);
   if (!data)
      return false;
   d->data = data;
   d->capacity = cap;
   return true;
}

void *
u_dynarray_grow(struct u_dynarray *d, size_t bytes)
{
   size_t size;
   if (__builtin_add_overflow(d->size, bytes, &size))
      return NULL;
   /* Even an empty request needs storage to point into. */
   if (!u_dynarray_reserve(d, size ? size : 1))
      return NULL;
   void *p = (char *)d->data + d->size;
   d->size = size;
   return p;
}

bool
u_dynarray_resize(struct u_dynarray *d, size_t bytes)
{
   if (bytes <= d->size) {
      d->size = bytes;
      return true;
   }
   size_t old = d->size;
   if (!u_dynarray_grow(d, bytes - old))
      return false;
   memset((char *)d->data + old, 0, bytes - old);
   return true;
}
