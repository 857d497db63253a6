/* SPDX-License-Identifier: MIT */

/*
 * Open-addressing hash table (see u_hash.h for the algorithm), and the set
 * and 64-bit-key map built on it.
 *
 * Slot states: key == NULL is an empty slot (ends a probe sequence),
 * key == DELETED_KEY is a tombstone (skipped by searches, reused by
 * insertions), anything else is a live entry.  Invariant: live entries
 * plus tombstones never exceed max_load < size, so every probe sequence
 * reaches an empty slot.
 *
 * A u_set is a table whose data stay NULL.  A u_hash_table_u64 is a table
 * keyed by pointers to nodes holding the 64-bit key by value; removed nodes
 * go to a free list, so their memory is reused rather than leaked.
 */
#include "util/u_hash.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_arena.h"

/* The address of this object is the tombstone key; no caller can hold a
 * pointer to it. */
static const char deleted_marker;
#define DELETED_KEY ((const void *)&deleted_marker)

/* 8 slots: small sets (a few uses, a few predecessors) are common. */
#define MIN_SIZE_LOG2 3
/* Entries are indexed with uint32_t; 2^31 slots is far beyond any use. */
#define MAX_SIZE_LOG2 31

struct u_hash_table {
   struct u_hash_entry *entries;
   /** Number of slots, 1 << size_log2. */
   uint32_t size;
   uint32_t size_log2;
   /** Rebuild before live entries + tombstones would exceed this. */
   uint32_t max_load;
   uint32_t num_entries;
   uint32_t num_deleted;
   u_hash_fn hash;
   u_hash_equal_fn equal;
   /** Allocator of the container, or NULL for malloc(). */
   struct u_arena *arena;
   /** With an arena: the child arena holding entries. */
   struct u_arena *storage;
};

struct u_set {
   struct u_hash_table table;
};

struct u64_node {
   uint64_t key;
   void *data;
   struct u64_node *next_free;
};

struct u_hash_table_u64 {
   struct u_hash_table table;
   /** Where nodes are allocated (a child of the creator's arena). */
   struct u_arena *nodes;
   struct u64_node *free_nodes;
};

uint32_t
u_hash_data(const void *data, size_t size)
{
   const unsigned char *p = data;
   uint32_t h = 2166136261u;
   for (size_t i = 0; i < size; i++) {
      h ^= p[i];
      h *= 16777619u;
   }
   return h;
}

uint32_t
u_hash_string(const void *key)
{
   const unsigned char *p = key;
   uint32_t h = 2166136261u;
   for (; *p; p++) {
      h ^= *p;
      h *= 16777619u;
   }
   return h;
}

uint32_t
u_hash_u64(uint64_t v)
{
   /* The MurmurHash3 64-bit finalizer: every input bit affects every
    * output bit. */
   v ^= v >> 33;
   v *= 0xff51afd7ed558ccdull;
   v ^= v >> 33;
   v *= 0xc4ceb9fe1a85ec53ull;
   v ^= v >> 33;
   return (uint32_t)v;
}

uint32_t
u_hash_pointer(const void *key)
{
   return u_hash_u64((uintptr_t)key);
}

bool
u_hash_pointer_equal(const void *a, const void *b)
{
   return a == b;
}

bool
u_hash_string_equal(const void *a, const void *b)
{
   return strcmp(a, b) == 0;
}

/* ----- table core ------------------------------------------------------ */

static bool
is_live(const struct u_hash_entry *e)
{
   return e->key != NULL && e->key != DELETED_KEY;
}

/* First probe slot: Fibonacci hashing takes the high bits of hash times
 * 2^32 / phi, so that weak hashes (aligned pointers, small integers) still
 * spread over the table. */
static uint32_t
start_slot(const struct u_hash_table *t, uint32_t hash)
{
   return (hash * 2654435769u) >> (32 - t->size_log2);
}

static bool
alloc_entries(struct u_hash_table *t, uint32_t size_log2)
{
   uint32_t size = (uint32_t)1 << size_log2;
   struct u_hash_entry *entries;
   struct u_arena *storage = NULL;

   if (t->arena) {
      storage = u_arena_create(t->arena);
      if (!storage)
         return false;
      entries = u_arena_zalloc_array(storage, size, sizeof(*entries));
      if (!entries) {
         u_arena_destroy(storage);
         return false;
      }
   } else {
      entries = calloc(size, sizeof(*entries));
      if (!entries)
         return false;
   }

   t->entries = entries;
   t->storage = storage;
   t->size = size;
   t->size_log2 = size_log2;
   /* 70%: quadratic probing stays short below it (see file header). */
   t->max_load = (uint32_t)((uint64_t)size * 7 / 10);
   t->num_entries = 0;
   t->num_deleted = 0;
   return true;
}

static void
free_entries(struct u_hash_table *t)
{
   if (t->arena)
      u_arena_destroy(t->storage);
   else
      free(t->entries);
   t->entries = NULL;
   t->storage = NULL;
}

static bool
table_init(struct u_hash_table *t, struct u_arena *arena, u_hash_fn hash,
           u_hash_equal_fn equal)
{
   t->hash = hash;
   t->equal = equal;
   t->arena = arena;
   return alloc_entries(t, MIN_SIZE_LOG2);
}

/* Allocates a zeroed container structure of the given size. */
static void *
alloc_container(struct u_arena *arena, size_t size)
{
   return arena ? u_arena_zalloc(arena, size) : calloc(1, size);
}

static void
free_container(struct u_arena *arena, void *p)
{
   if (!arena)
      free(p);
}

/* Slot where a key of this hash would be inserted, assuming it is absent:
 * the first empty slot or tombstone of its probe sequence. */
static struct u_hash_entry *
find_free_slot(const struct u_hash_table *t, uint32_t hash)
{
   uint32_t mask = t->size - 1;
   uint32_t idx = start_slot(t, hash);
   for (uint32_t i = 1;; i++) {
      struct u_hash_entry *e = &t->entries[idx];
      if (!is_live(e))
         return e;
      idx = (idx + i) & mask;
   }
}

/* Rebuilds the table so that num_entries + 1 live entries fill at most
 * half of it, dropping the tombstones. */
static bool
rehash(struct u_hash_table *t)
{
   uint32_t size_log2 = MIN_SIZE_LOG2;
   uint64_t want = 2 * ((uint64_t)t->num_entries + 1);
   while (((uint64_t)1 << size_log2) < want) {
      if (size_log2 == MAX_SIZE_LOG2)
         return false;
      size_log2++;
   }

   struct u_hash_table old = *t;
   if (!alloc_entries(t, size_log2))
      return false;

   for (uint32_t i = 0; i < old.size; i++) {
      struct u_hash_entry *e = &old.entries[i];
      if (is_live(e))
         *find_free_slot(t, e->hash) = *e;
   }
   t->num_entries = old.num_entries;
   free_entries(&old);
   return true;
}

static struct u_hash_entry *
table_search(const struct u_hash_table *t, uint32_t hash, const void *key)
{
   assert(key != NULL);
   uint32_t mask = t->size - 1;
   uint32_t idx = start_slot(t, hash);
   for (uint32_t i = 1;; i++) {
      struct u_hash_entry *e = &t->entries[idx];
      if (e->key == NULL)
         return NULL;
      if (e->key != DELETED_KEY && e->hash == hash && t->equal(key, e->key))
         return e;
      idx = (idx + i) & mask;
   }
}

static struct u_hash_entry *
table_insert(struct u_hash_table *t, uint32_t hash, const void *key, void *data)
{
   assert(key != NULL && key != DELETED_KEY);
   uint32_t mask = t->size - 1;
   uint32_t idx = start_slot(t, hash);
   struct u_hash_entry *slot = NULL;

   for (uint32_t i = 1;; i++) {
      struct u_hash_entry *e = &t->entries[idx];
      if (e->key == NULL) {
         if (!slot)
            slot = e;
         break;
      }
      if (e->key == DELETED_KEY) {
         if (!slot)
            slot = e;
      } else if (e->hash == hash && t->equal(key, e->key)) {
         e->data = data;
         return e;
      }
      idx = (idx + i) & mask;
   }

   if (slot->key == DELETED_KEY) {
      /* Reusing a tombstone does not change the occupancy. */
      t->num_deleted--;
   } else if (t->num_entries + t->num_deleted + 1 > t->max_load) {
      if (!rehash(t))
         return NULL;
      slot = find_free_slot(t, hash);
   }

   slot->hash = hash;
   slot->key = key;
   slot->data = data;
   t->num_entries++;
   return slot;
}

static void
table_remove(struct u_hash_table *t, struct u_hash_entry *e)
{
   assert(e >= t->entries && e < t->entries + t->size && is_live(e));
   e->key = DELETED_KEY;
   e->data = NULL;
   t->num_entries--;
   t->num_deleted++;
}

static void
table_delete_all(struct u_hash_table *t, u_hash_delete_cb delete_cb)
{
   if (!delete_cb)
      return;
   for (uint32_t i = 0; i < t->size; i++) {
      if (is_live(&t->entries[i]))
         delete_cb(&t->entries[i]);
   }
}

static void
table_clear(struct u_hash_table *t, u_hash_delete_cb delete_cb)
{
   table_delete_all(t, delete_cb);
   memset(t->entries, 0, (size_t)t->size * sizeof(*t->entries));
   t->num_entries = 0;
   t->num_deleted = 0;
}

static struct u_hash_entry *
table_next(const struct u_hash_table *t, const struct u_hash_entry *e)
{
   uint32_t i = e ? (uint32_t)(e - t->entries) + 1 : 0;
   for (; i < t->size; i++) {
      if (is_live(&t->entries[i]))
         return &t->entries[i];
   }
   return NULL;
}

/* ----- u_hash_table ---------------------------------------------------- */

struct u_hash_table *
u_hash_table_create(struct u_arena *arena, u_hash_fn hash,
                    u_hash_equal_fn equal)
{
   struct u_hash_table *t = alloc_container(arena, sizeof(*t));
   if (!t)
      return NULL;
   if (!table_init(t, arena, hash, equal)) {
      free_container(arena, t);
      return NULL;
   }
   return t;
}

struct u_hash_table *
u_hash_table_create_pointer(struct u_arena *arena)
{
   return u_hash_table_create(arena, u_hash_pointer, u_hash_pointer_equal);
}

struct u_hash_table *
u_hash_table_create_string(struct u_arena *arena)
{
   return u_hash_table_create(arena, u_hash_string, u_hash_string_equal);
}

void
u_hash_table_destroy(struct u_hash_table *t, u_hash_delete_cb delete_cb)
{
   if (!t)
      return;
   table_delete_all(t, delete_cb);
   free_entries(t);
   free_container(t->arena, t);
}

void
u_hash_table_clear(struct u_hash_table *t, u_hash_delete_cb delete_cb)
{
   table_clear(t, delete_cb);
}

uint32_t
u_hash_table_num_entries(const struct u_hash_table *t)
{
   return t->num_entries;
}

struct u_hash_entry *
u_hash_table_insert_pre_hashed(struct u_hash_table *t, uint32_t hash,
                               const void *key, void *data)
{
   assert(hash == t->hash(key));
   return table_insert(t, hash, key, data);
}

struct u_hash_entry *
u_hash_table_insert(struct u_hash_table *t, const void *key, void *data)
{
   return table_insert(t, t->hash(key), key, data);
}

struct u_hash_entry *
u_hash_table_search_pre_hashed(const struct u_hash_table *t, uint32_t hash,
                               const void *key)
{
   assert(hash == t->hash(key));
   return table_search(t, hash, key);
}

struct u_hash_entry *
u_hash_table_search(const struct u_hash_table *t, const void *key)
{
   return table_search(t, t->hash(key), key);
}

void
u_hash_table_remove(struct u_hash_table *t, struct u_hash_entry *entry)
{
   if (entry)
      table_remove(t, entry);
}

bool
u_hash_table_remove_key(struct u_hash_table *t, const void *key)
{
   struct u_hash_entry *e = u_hash_table_search(t, key);
   if (!e)
      return false;
   table_remove(t, e);
   return true;
}

struct u_hash_entry *
u_hash_table_next_entry(const struct u_hash_table *t,
                        const struct u_hash_entry *entry)
{
   return table_next(t, entry);
}

/* ----- u_set ----------------------------------------------------------- */

struct u_set *
u_set_create(struct u_arena *arena, u_hash_fn hash, u_hash_equal_fn equal)
{
   struct u_set *s = alloc_container(arena, sizeof(*s));
   if (!s)
      return NULL;
   if (!table_init(&s->table, arena, hash, equal)) {
      free_container(arena, s);
      return NULL;
   }
   return s;
}

struct u_set *
u_set_create_pointer(struct u_arena *arena)
{
   return u_set_create(arena, u_hash_pointer, u_hash_pointer_equal);
}

struct u_set *
u_set_create_string(struct u_arena *arena)
{
   return u_set_create(arena, u_hash_string, u_hash_string_equal);
}

void
u_set_destroy(struct u_set *s, u_hash_delete_cb delete_cb)
{
   if (!s)
      return;
   table_delete_all(&s->table, delete_cb);
   free_entries(&s->table);
   free_container(s->table.arena, s);
}

void
u_set_clear(struct u_set *s, u_hash_delete_cb delete_cb)
{
   table_clear(&s->table, delete_cb);
}

uint32_t
u_set_num_entries(const struct u_set *s)
{
   return s->table.num_entries;
}

struct u_hash_entry *
u_set_add_pre_hashed(struct u_set *s, uint32_t hash, const void *key)
{
   assert(hash == s->table.hash(key));
   return table_insert(&s->table, hash, key, NULL);
}

struct u_hash_entry *
u_set_add(struct u_set *s, const void *key)
{
   return table_insert(&s->table, s->table.hash(key), key, NULL);
}

struct u_hash_entry *
u_set_search_pre_hashed(const struct u_set *s, uint32_t hash, const void *key)
{
   assert(hash == s->table.hash(key));
   return table_search(&s->table, hash, key);
}

struct u_hash_entry *
u_set_search(const struct u_set *s, const void *key)
{
   return table_search(&s->table, s->table.hash(key), key);
}

bool
u_set_contains(const struct u_set *s, const void *key)
{
   return u_set_search(s, key) != NULL;
}

void
u_set_remove(struct u_set *s, struct u_hash_entry *entry)
{
   if (entry)
      table_remove(&s->table, entry);
}

bool
u_set_remove_key(struct u_set *s, const void *key)
{
   struct u_hash_entry *e = u_set_search(s, key);
   if (!e)
      return false;
   table_remove(&s->table, e);
   return true;
}

struct u_hash_entry *
u_set_next_entry(const struct u_set *s, const struct u_hash_entry *entry)
{
   return table_next(&s->table, entry);
}

/* ----- u_hash_table_u64 ------------------------------------------------ */

static uint32_t
node_key_hash(const void *key)
{
   return u_hash_u64(*(const uint64_t *)key);
}

static bool
node_key_equal(const void *a, const void *b)
{
   return *(const uint64_t *)a == *(const uint64_t *)b;
}

struct u_hash_table_u64 *
u_hash_table_u64_create(struct u_arena *arena)
{
   struct u_hash_table_u64 *t = alloc_container(arena, sizeof(*t));
   if (!t)
      return NULL;
   t->nodes = u_arena_create(arena);
   if (!t->nodes) {
      free_container(arena, t);
      return NULL;
   }
   if (!table_init(&t->table, arena, node_key_hash, node_key_equal)) {
      u_arena_destroy(t->nodes);
      free_container(arena, t);
      return NULL;
   }
   return t;
}

void
u_hash_table_u64_destroy(struct u_hash_table_u64 *t)
{
   if (!t)
      return;
   free_entries(&t->table);
   u_arena_destroy(t->nodes);
   free_container(t->table.arena, t);
}

static void
free_node(struct u_hash_table_u64 *t, struct u64_node *node)
{
   node->next_free = t->free_nodes;
   t->free_nodes = node;
}

void
u_hash_table_u64_clear(struct u_hash_table_u64 *t)
{
   u_hash_table_foreach (&t->table, e) {
      free_node(t, e->data);
   }
   table_clear(&t->table, NULL);
}

uint32_t
u_hash_table_u64_num_entries(const struct u_hash_table_u64 *t)
{
   return t->table.num_entries;
}

bool
u_hash_table_u64_insert(struct u_hash_table_u64 *t, uint64_t key, void *data)
{
   uint32_t hash = u_hash_u64(key);
   struct u_hash_entry *e = table_search(&t->table, hash, &key);
   if (e) {
      struct u64_node *node = e->data;
      node->data = data;
      return true;
   }

   struct u64_node *node = t->free_nodes;
   if (node)
      t->free_nodes = node->next_free;
   else
      node = u_arena_alloc(t->nodes, sizeof(*node));
   if (!node)
      return false;
   node->key = key;
   node->data = data;
   if (!table_insert(&t->table, hash, &node->key, node)) {
      free_node(t, node);
      return false;
   }
   return true;
}

static struct u64_node *
u64_search(const struct u_hash_table_u64 *t, uint64_t key)
{
   struct u_hash_entry *e = table_search(&t->table, u_hash_u64(key), &key);
   return e ? e->data : NULL;
}

void *
u_hash_table_u64_search(const struct u_hash_table_u64 *t, uint64_t key)
{
   struct u64_node *node = u64_search(t, key);
   return node ? node->data : NULL;
}

bool
u_hash_table_u64_contains(const struct u_hash_table_u64 *t, uint64_t key)
{
   return u64_search(t, key) != NULL;
}

bool
u_hash_table_u64_remove(struct u_hash_table_u64 *t, uint64_t key)
{
   struct u_hash_entry *e = table_search(&t->table, u_hash_u64(key), &key);
   if (!e)
      return false;
   free_node(t, e->data);
   table_remove(&t->table, e);
   return true;
}
