/* SPDX-License-Identifier: MIT */

/*
 * String builder for printers, info logs and generated names.  The string
 * is always NUL-terminated, so b.str can be read at any time.  Storage
 * comes from an arena (growth then uses u_arena_realloc(), in place when
 * possible) or from malloc()/free(); capacity doubles as the string grows.
 *
 * Out-of-memory handling: an append that cannot get memory does nothing
 * but set b.oom, which stays set until the buffer is cleared; the string
 * keeps its previous contents, so callers may append freely and check oom
 * once at the end.
 */
#ifndef U_STRBUF_H
#define U_STRBUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

struct u_arena;

struct u_strbuf {
   /** The NUL-terminated string (a constant "" until the first append). */
   char *str;
   /** Length in bytes: strlen(str) unless NULs were appended. */
   size_t len;
   /** Bytes allocated for str, including the NUL; 0 if none yet. */
   size_t cap;
   /** Owner of str, or NULL for malloc()/free(). */
   struct u_arena *arena;
   /** Set when an append failed for lack of memory. */
   bool oom;
};

/** Initializes @p b to "", allocating from @p arena (NULL: malloc). */
void u_strbuf_init(struct u_strbuf *b, struct u_arena *arena);

/** Frees the storage (malloc mode) and leaves @p b empty and reusable. */
void u_strbuf_fini(struct u_strbuf *b);

/**
 * Appends the first @p len bytes of @p s (which need no terminator).
 * @p s may point into the buffer's own string.
 */
void u_strbuf_append_len(struct u_strbuf *b, const char *s, size_t len);

/** Appends the NUL-terminated @p s. */
void u_strbuf_append(struct u_strbuf *b, const char *s);

/** Appends the character @p c. */
void u_strbuf_append_char(struct u_strbuf *b, char c);

/**
 * Appends printf-style formatted text.  The arguments must not point into
 * the buffer's own string.
 */
void u_strbuf_appendf(struct u_strbuf *b, const char *fmt, ...)
   __attribute__((format(printf, 2, 3)));

/** va_list variant of u_strbuf_appendf(); @p args is not consumed. */
void u_strbuf_vappendf(struct u_strbuf *b, const char *fmt, va_list args)
   __attribute__((format(printf, 2, 0)));

/** Empties the string (keeping the capacity) and resets oom. */
void u_strbuf_clear(struct u_strbuf *b);

/** Shortens the string to @p len bytes; longer lengths change nothing. */
void u_strbuf_truncate(struct u_strbuf *b, size_t len);

/**
 * Returns the string and leaves @p b empty.  In malloc mode the caller
 * must free() the result; in arena mode it stays in the arena.  Returns
 * NULL only if an empty buffer cannot allocate its "" copy.
 */
char *u_strbuf_steal(struct u_strbuf *b);

#endif
