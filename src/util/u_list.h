/* SPDX-License-Identifier: MIT */

/*
 * Intrusive circular doubly linked lists.
 *
 * A list head and a list element are the same struct: a head is a link whose
 * neighbours are the first and last elements; an empty head points at
 * itself.  Elements embed a `struct u_list` and are found back with
 * u_container_of().  Nothing here allocates.
 */
#ifndef U_LIST_H
#define U_LIST_H

#include <stdbool.h>
#include <stddef.h>

struct u_list {
   struct u_list *prev;
   struct u_list *next;
};

#define u_container_of(ptr, type, member) \
   ((type *)((char *)(ptr)-offsetof(type, member)))

/** Makes @p l an empty list (or an unlinked element). */
static inline void
u_list_init(struct u_list *l)
{
   l->prev = l;
   l->next = l;
}

static inline bool
u_list_is_empty(const struct u_list *l)
{
   return l->next == l;
}

/** Whether @p item is linked into some list (after u_list_init()). */
static inline bool
u_list_is_linked(const struct u_list *item)
{
   return item->next != item;
}

/** Inserts @p item right after @p where (at the front if @p where is the head). */
static inline void
u_list_add_after(struct u_list *where, struct u_list *item)
{
   item->prev = where;
   item->next = where->next;
   where->next->prev = item;
   where->next = item;
}

/** Inserts @p item right before @p where (at the back if @p where is the head). */
static inline void
u_list_add_before(struct u_list *where, struct u_list *item)
{
   u_list_add_after(where->prev, item);
}

static inline void
u_list_add_tail(struct u_list *head, struct u_list *item)
{
   u_list_add_before(head, item);
}

/** Unlinks @p item; it becomes an empty, unlinked element. */
static inline void
u_list_del(struct u_list *item)
{
   item->prev->next = item->next;
   item->next->prev = item->prev;
   u_list_init(item);
}

static inline unsigned
u_list_length(const struct u_list *head)
{
   unsigned n = 0;
   for (const struct u_list *l = head->next; l != head; l = l->next)
      n++;
   return n;
}

/** Moves every element of @p src to the end of @p dst; @p src ends empty. */
static inline void
u_list_splice_tail(struct u_list *dst, struct u_list *src)
{
   if (u_list_is_empty(src))
      return;
   src->next->prev = dst->prev;
   dst->prev->next = src->next;
   src->prev->next = dst;
   dst->prev = src->prev;
   u_list_init(src);
}

#define u_list_first(head, type, member) \
   u_container_of((head)->next, type, member)
#define u_list_last(head, type, member) \
   u_container_of((head)->prev, type, member)

/** Iterates over the elements of @p head; @p it is a `type *`. */
#define u_list_foreach(type, it, head, member)                 \
   for (type *it = u_container_of((head)->next, type, member); \
        &it->member != (head);                                 \
        it = u_container_of(it->member.next, type, member))

/** Like u_list_foreach(), but the current element may be unlinked. */
#define u_list_foreach_safe(type, it, head, member)                      \
   for (type *it = u_container_of((head)->next, type, member),           \
             *it##_next = u_container_of(it->member.next, type, member); \
        &it->member != (head); it = it##_next,                           \
             it##_next = u_container_of(it##_next->member.next, type, member))

#define u_list_foreach_rev(type, it, head, member)             \
   for (type *it = u_container_of((head)->prev, type, member); \
        &it->member != (head);                                 \
        it = u_container_of(it->member.prev, type, member))

#define u_list_foreach_rev_safe(type, it, head, member)                  \
   for (type *it = u_container_of((head)->prev, type, member),           \
             *it##_prev = u_container_of(it->member.prev, type, member); \
        &it->member != (head); it = it##_prev,                           \
             it##_prev = u_container_of(it##_prev->member.prev, type, member))

#endif
