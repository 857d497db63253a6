/* SPDX-License-Identifier: MIT */

/*
 * String builder implementation.  Until the first append, str points to a
 * constant "" and cap is 0; the buffer is never written while cap is 0.
 */
#include "util/u_strbuf.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/u_arena.h"

/* First allocation: enough for most names and short lines at once. */
#define MIN_CAPACITY 64

void
u_strbuf_init(struct u_strbuf *b, struct u_arena *arena)
{
   b->str = (char *)"";
   b->len = 0;
   b->cap = 0;
   b->arena = arena;
   b->oom = false;
}

void
u_strbuf_fini(struct u_strbuf *b)
{
   if (!b->arena && b->cap)
      free(b->str);
   u_strbuf_init(b, b->arena);
}

/* Makes room for extra more bytes plus the terminator; on failure sets
 * oom and returns false. */
static bool
reserve(struct u_strbuf *b, size_t extra)
{
   size_t need;
   if (__builtin_add_overflow(b->len, extra, &need) ||
       __builtin_add_overflow(need, 1, &need) || need > PTRDIFF_MAX) {
      b->oom = true;
      return false;
   }
   if (need <= b->cap)
      return true;

   size_t cap = b->cap < MIN_CAPACITY ? MIN_CAPACITY : b->cap;
   while (cap < need && cap <= PTRDIFF_MAX / 2)
      cap *= 2;
   if (cap < need)
      cap = need;

   char *old = b->cap ? b->str : NULL;
   char *str;
   if (b->arena)
      str = u_arena_realloc(b->arena, old, b->len + 1, cap);
   else
      str = realloc(old, cap);
   if (!str) {
      b->oom = true;
      return false;
   }
   if (!old)
      str[0] = '\0';
   b->str = str;
   b->cap = cap;
   return true;
}

void
u_strbuf_append_len(struct u_strbuf *b, const char *s, size_t len)
{
   if (len == 0)
      return;

   /* Appending part of the buffer to itself: growing may move it. */
   uintptr_t off = (uintptr_t)s - (uintptr_t)b->str;
   bool self = b->cap && off < b->cap;

   if (!reserve(b, len))
      return;
   if (self)
      s = b->str + off;
   memmove(b->str + b->len, s, len);
   b->len += len;
   b->str[b->len] = '\0';
}

void
u_strbuf_append(struct u_strbuf *b, const char *s)
{
   u_strbuf_append_len(b, s, strlen(s));
}

void
u_strbuf_append_char(struct u_strbuf *b, char c)
{
   u_strbuf_append_len(b, &c, 1);
}

void
u_strbuf_vappendf(struct u_strbuf *b, const char *fmt, va_list args)
{
   va_list copy;
   size_t avail = b->cap - b->len;

   /* Format into the free space first; only output that does not fit
    * needs the second pass. */
   va_copy(copy, args);
   int n = vsnprintf(b->cap ? b->str + b->len : NULL, avail, fmt, copy);
   va_end(copy);
   if (n >= 0 && (size_t)n < avail) {
      b->len += (size_t)n;
      return;
   }
   if (b->cap)
      b->str[b->len] = '\0';
   if (n < 0 || !reserve(b, (size_t)n))
      return;

   va_copy(copy, args);
   vsnprintf(b->str + b->len, (size_t)n + 1, fmt, copy);
   va_end(copy);
   b->len += (size_t)n;
}

void
u_strbuf_appendf(struct u_strbuf *b, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   u_strbuf_vappendf(b, fmt, args);
   va_end(args);
}

void
u_strbuf_clear(struct u_strbuf *b)
{
   b->len = 0;
   if (b->cap)
      b->str[0] = '\0';
   b->oom = false;
}

void
u_strbuf_truncate(struct u_strbuf *b, size_t len)
{
   if (len >= b->len)
      return;
   b->len = len;
   b->str[len] = '\0';
}

char *
u_strbuf_steal(struct u_strbuf *b)
{
   char *s;
   if (!b->cap) {
      s = b->arena ? u_arena_strdup(b->arena, "") : strdup("");
   } else if (b->arena) {
      /* Gives the unused tail back when str is the arena's latest block. */
      s = u_arena_realloc(b->arena, b->str, b->len + 1, b->len + 1);
   } else {
      s = realloc(b->str, b->len + 1);
      if (!s)
         s = b->str;
   }
   u_strbuf_init(b, b->arena);
   return s;
}
