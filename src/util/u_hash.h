/* SPDX-License-Identifier: MIT */

/*
 * Hash tables and sets: struct u_hash_table maps keys to void * data,
 * struct u_set holds keys, struct u_hash_table_u64 maps 64-bit integers to
 * data.  Keys are pointers compared with a user equality function (pointer
 * identity and C strings have ready-made constructors).  NULL is not a
 * valid key.  The containers do not own their keys or data; destroy and
 * clear take an optional callback to free them.
 *
 * Algorithm: open addressing in a power-of-two array of entries, Fibonacci
 * hashing of the cached 32-bit hash to the start slot, quadratic probing
 * with triangular steps (which visits every slot of a power-of-two table).
 * Removal leaves a tombstone, so entries never move on removal, which is
 * what makes removing during iteration safe.  Before an insertion would
 * bring live entries plus tombstones above 70% of the slots, the table is
 * rebuilt at a size where the live entries fill at most half of it: this
 * grows a full table, and shrinks a table whose slots went to tombstones.
 * Only insertion of a new key rebuilds the table.
 *
 * Memory: with an arena, the container structure is allocated from it and
 * the entry array lives in a child arena that is replaced at each rebuild,
 * so a long-lived table does not accumulate dead arrays; destroying the
 * arena frees everything.  Without an arena, malloc()/free() are used and
 * the container must be destroyed.  Allocation failures return NULL (or
 * false) and leave the container unchanged.
 */
#ifndef U_HASH_H
#define U_HASH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct u_arena;

/** An entry of a u_hash_table or u_set. */
struct u_hash_entry {
   /** Cached hash of key. */
   uint32_t hash;
   /** The key (never NULL for an entry returned by the API). */
   const void *key;
   /** The data; always NULL in a u_set. */
   void *data;
};

/** Hash function of a container's keys. */
typedef uint32_t (*u_hash_fn)(const void *key);
/** Key equality of a container. */
typedef bool (*u_hash_equal_fn)(const void *a, const void *b);
/** Called on each entry by destroy and clear, e.g. to free key or data. */
typedef void (*u_hash_delete_cb)(struct u_hash_entry *entry);

/** FNV-1a hash of @p size bytes at @p data. */
uint32_t u_hash_data(const void *data, size_t size);
/** FNV-1a hash of the NUL-terminated string @p key. */
uint32_t u_hash_string(const void *key);
/** Hash of a pointer value (its address, not what it points to). */
uint32_t u_hash_pointer(const void *key);
/** Well-mixed 32-bit hash of a 64-bit integer. */
uint32_t u_hash_u64(uint64_t value);
/** Pointer identity. */
bool u_hash_pointer_equal(const void *a, const void *b);
/** strcmp() equality of two NUL-terminated strings. */
bool u_hash_string_equal(const void *a, const void *b);

struct u_hash_table;

/**
 * Creates an empty table allocated from @p arena (NULL: malloc), using
 * @p hash and @p equal on keys.  Returns NULL when out of memory.
 */
struct u_hash_table *u_hash_table_create(struct u_arena *arena, u_hash_fn hash,
                                         u_hash_equal_fn equal);

/** A table whose keys are compared by address. */
struct u_hash_table *u_hash_table_create_pointer(struct u_arena *arena);

/** A table whose keys are NUL-terminated strings compared by content. */
struct u_hash_table *u_hash_table_create_string(struct u_arena *arena);

/**
 * Calls @p delete_cb (if not NULL) on every entry, then frees the table.
 * Accepts NULL.
 */
void u_hash_table_destroy(struct u_hash_table *t, u_hash_delete_cb delete_cb);

/**
 * Calls @p delete_cb (if not NULL) on every entry and empties the table,
 * keeping its capacity.
 */
void u_hash_table_clear(struct u_hash_table *t, u_hash_delete_cb delete_cb);

/** Number of entries in @p t. */
uint32_t u_hash_table_num_entries(const struct u_hash_table *t);

/**
 * Maps @p key to @p data.  If an equal key is present, its data is
 * replaced and its key kept (the table is then not rebuilt, so this is
 * allowed while iterating).  Returns the entry, or NULL when out of memory.
 */
struct u_hash_entry *u_hash_table_insert(struct u_hash_table *t,
                                         const void *key, void *data);

/** u_hash_table_insert() with @p hash already computed for @p key. */
struct u_hash_entry *u_hash_table_insert_pre_hashed(struct u_hash_table *t,
                                                    uint32_t hash,
                                                    const void *key,
                                                    void *data);

/** The entry whose key equals @p key, or NULL. */
struct u_hash_entry *u_hash_table_search(const struct u_hash_table *t,
                                         const void *key);

/** u_hash_table_search() with @p hash already computed for @p key. */
struct u_hash_entry *
u_hash_table_search_pre_hashed(const struct u_hash_table *t, uint32_t hash,
                               const void *key);

/**
 * Removes @p entry (NULL is ignored).  Other entry pointers stay valid and
 * the table is not rebuilt, so this may be called on the current entry of
 * u_hash_table_foreach().
 */
void u_hash_table_remove(struct u_hash_table *t, struct u_hash_entry *entry);

/** Removes the entry of @p key; returns whether there was one. */
bool u_hash_table_remove_key(struct u_hash_table *t, const void *key);

/**
 * The live entry following @p entry in slot order (the first one for
 * NULL), or NULL at the end.  @p entry may have been removed meanwhile.
 */
struct u_hash_entry *u_hash_table_next_entry(const struct u_hash_table *t,
                                             const struct u_hash_entry *entry);

/**
 * Loops over the entries of @p t in unspecified order, declaring
 * struct u_hash_entry *entry.  The body may remove any entry, including
 * the current one (removed entries not yet reached are not visited), and
 * may change entry->data or re-insert an existing key; it must not insert
 * new keys, which may rebuild the table.
 */
#define u_hash_table_foreach(t, entry)                                   \
   for (struct u_hash_entry *entry = u_hash_table_next_entry((t), NULL); \
        entry != NULL; entry = u_hash_table_next_entry((t), entry))

struct u_set;

/** Creates an empty set; see u_hash_table_create(). */
struct u_set *u_set_create(struct u_arena *arena, u_hash_fn hash,
                           u_hash_equal_fn equal);

/** A set of pointers compared by address. */
struct u_set *u_set_create_pointer(struct u_arena *arena);

/** A set of NUL-terminated strings compared by content. */
struct u_set *u_set_create_string(struct u_arena *arena);

/** Calls @p delete_cb (if not NULL) on every entry and frees the set. */
void u_set_destroy(struct u_set *s, u_hash_delete_cb delete_cb);

/** Calls @p delete_cb (if not NULL) on every entry and empties the set. */
void u_set_clear(struct u_set *s, u_hash_delete_cb delete_cb);

/** Number of keys in @p s. */
uint32_t u_set_num_entries(const struct u_set *s);

/**
 * Adds @p key; if an equal key is present, the set is unchanged.  Returns
 * the key's entry, or NULL when out of memory.
 */
struct u_hash_entry *u_set_add(struct u_set *s, const void *key);

/** u_set_add() with @p hash already computed for @p key. */
struct u_hash_entry *u_set_add_pre_hashed(struct u_set *s, uint32_t hash,
                                          const void *key);

/** The entry whose key equals @p key, or NULL. */
struct u_hash_entry *u_set_search(const struct u_set *s, const void *key);

/** u_set_search() with @p hash already computed for @p key. */
struct u_hash_entry *u_set_search_pre_hashed(const struct u_set *s,
                                             uint32_t hash, const void *key);

/** Whether @p s holds a key equal to @p key. */
bool u_set_contains(const struct u_set *s, const void *key);

/** Removes @p entry (NULL is ignored); allowed during u_set_foreach(). */
void u_set_remove(struct u_set *s, struct u_hash_entry *entry);

/** Removes @p key; returns whether it was present. */
bool u_set_remove_key(struct u_set *s, const void *key);

/** See u_hash_table_next_entry(). */
struct u_hash_entry *u_set_next_entry(const struct u_set *s,
                                      const struct u_hash_entry *entry);

/** Like u_hash_table_foreach(), with the same rules on removal. */
#define u_set_foreach(s, entry)                                   \
   for (struct u_hash_entry *entry = u_set_next_entry((s), NULL); \
        entry != NULL; entry = u_set_next_entry((s), entry))

struct u_hash_table_u64;

/**
 * Creates an empty map from uint64_t keys (every value is valid, including
 * 0) to data, allocated from @p arena (NULL: malloc).
 */
struct u_hash_table_u64 *u_hash_table_u64_create(struct u_arena *arena);

/** Frees @p t (not its data).  Accepts NULL. */
void u_hash_table_u64_destroy(struct u_hash_table_u64 *t);

/** Removes every entry, keeping the capacity. */
void u_hash_table_u64_clear(struct u_hash_table_u64 *t);

/** Number of entries in @p t. */
uint32_t u_hash_table_u64_num_entries(const struct u_hash_table_u64 *t);

/**
 * Maps @p key to @p data, replacing any previous data.  Returns false when
 * out of memory.
 */
bool u_hash_table_u64_insert(struct u_hash_table_u64 *t, uint64_t key,
                             void *data);

/**
 * The data of @p key, or NULL when absent (use u_hash_table_u64_contains()
 * if NULL is a valid datum).
 */
void *u_hash_table_u64_search(const struct u_hash_table_u64 *t, uint64_t key);

/** Whether @p key is present. */
bool u_hash_table_u64_contains(const struct u_hash_table_u64 *t, uint64_t key);

/** Removes @p key; returns whether it was present. */
bool u_hash_table_u64_remove(struct u_hash_table_u64 *t, uint64_t key);

#endif
