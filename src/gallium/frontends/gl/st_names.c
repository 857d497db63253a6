/* SPDX-License-Identifier: MIT */

/*
 * A GL name space as an open-addressing hash table from names to objects
 * (linear probing, deletion by backward shift), plus a hint where the next
 * glGen* starts looking.  A reserved name without an object maps to the
 * marker `reserved`.
 */

#include <stdint.h>
#include <stdlib.h>

#include "st_names.h"

static char reserved_marker;
#define RESERVED ((void *)&reserved_marker)

struct slot {
   GLuint name; /* 0: empty */
   void *object;
};

struct st_names {
   struct slot *slots;
   uint32_t capacity; /* a power of two */
   uint32_t count;
   GLuint next_hint;
};

static uint32_t
hash_name(GLuint name)
{
   uint32_t h = name * 0x9e3779b1u;
   return h ^ (h >> 15);
}

struct st_names *
st_names_create(void)
{
   struct st_names *names = calloc(1, sizeof(*names));
   if (!names)
      return NULL;
   names->capacity = 64;
   names->slots = calloc(names->capacity, sizeof(struct slot));
   if (!names->slots) {
      free(names);
      return NULL;
   }
   names->next_hint = 1;
   return names;
}

void
st_names_destroy(struct st_names *names)
{
   if (!names)
      return;
   free(names->slots);
   free(names);
}

static struct slot *
find(const struct st_names *names, GLuint name)
{
   uint32_t mask = names->capacity - 1;
   for (uint32_t i = hash_name(name) & mask;; i = (i + 1) & mask) {
      struct slot *s = &names->slots[i];
      if (s->name == name || s->name == 0)
         return s;
   }
}

static bool
grow(struct st_names *names)
{
   uint32_t old_capacity = names->capacity;
   struct slot *old = names->slots;
   if (old_capacity > UINT32_MAX / 4)
      return false;
   struct slot *slots = calloc(old_capacity * 2, sizeof(struct slot));
   if (!slots)
      return false;
   names->slots = slots;
   names->capacity = old_capacity * 2;
   for (uint32_t i = 0; i < old_capacity; i++) {
      if (old[i].name)
         *find(names, old[i].name) = old[i];
   }
   free(old);
   return true;
}

bool
st_names_is_used(const struct st_names *names, GLuint name)
{
   return name != 0 && find(names, name)->name == name;
}

void *
st_names_lookup(const struct st_names *names, GLuint name)
{
   if (name == 0)
      return NULL;
   struct slot *s = find(names, name);
   if (s->name != name || s->object == RESERVED)
      return NULL;
   return s->object;
}

static bool
set(struct st_names *names, GLuint name, void *object)
{
   struct slot *s = find(names, name);
   if (s->name == name) {
      s->object = object;
      return true;
   }
   /* Keep the load factor under 1/2. */
   if ((names->count + 1) * 2 > names->capacity) {
      if (!grow(names))
         return false;
      s = find(names, name);
   }
   s->name = name;
   s->object = object;
   names->count++;
   return true;
}

bool
st_names_insert(struct st_names *names, GLuint name, void *object)
{
   if (name == 0)
      return false;
   return set(names, name, object ? object : RESERVED);
}

bool
st_names_gen(struct st_names *names, GLsizei n, GLuint *out)
{
   GLsizei done = 0;
   GLuint name = names->next_hint ? names->next_hint : 1;
   while (done < n) {
      if (name == 0)
         name = 1;
      if (!st_names_is_used(names, name)) {
         if (!set(names, name, RESERVED)) {
            for (GLsizei i = 0; i < done; i++)
               st_names_remove(names, out[i]);
            return false;
         }
         out[done++] = name;
      }
      name++;
   }
   names->next_hint = name;
   return true;
}

void
st_names_remove(struct st_names *names, GLuint name)
{
   if (name == 0)
      return;
   struct slot *s = find(names, name);
   if (s->name != name)
      return;
   /* Backward-shift deletion keeps every probe chain unbroken. */
   uint32_t mask = names->capacity - 1;
   uint32_t hole = (uint32_t)(s - names->slots);
   for (uint32_t i = (hole + 1) & mask; names->slots[i].name;
        i = (i + 1) & mask) {
      uint32_t home = hash_name(names->slots[i].name) & mask;
      /* Move the entry into the hole if its home is not in (hole, i]. */
      bool between =
         hole <= i ? (home > hole && home <= i) : (home > hole || home <= i);
      if (!between) {
         names->slots[hole] = names->slots[i];
         hole = i;
      }
   }
   names->slots[hole].name = 0;
   names->slots[hole].object = NULL;
   names->count--;
}

void
st_names_foreach(struct st_names *names,
                 void (*fn)(GLuint name, void *object, void *data), void *data)
{
   for (uint32_t i = 0; i < names->capacity; i++) {
      struct slot *s = &names->slots[i];
      if (s->name && s->object != RESERVED)
         fn(s->name, s->object, data);
   }
}
