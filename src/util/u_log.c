/* SPDX-License-Identifier: MIT */

/*
 * The log.  A message is formatted once into one buffer laid out as the
 * final line, "indium: tag: level: message\n", so that the stderr path is a
 * single write() and a sink gets a pointer into the same buffer.  Short
 * lines use a stack buffer; longer ones are allocated (and truncated only
 * if that allocation fails).
 *
 * The level is an atomic, initialised from INDIUM_LOG under pthread_once.
 * The sink pointer and its data are guarded by sink_lock, which is also
 * held during the sink call; a thread-local flag catches a sink that logs
 * or changes the sink from inside the call, which would otherwise deadlock.
 */
#include "util/u_log.h"

#include <assert.h>
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char *const level_names[] = {
   [U_LOG_ERROR] = "error",
   [U_LOG_WARN] = "warn",
   [U_LOG_INFO] = "info",
   [U_LOG_DEBUG] = "debug",
};

static pthread_once_t level_once = PTHREAD_ONCE_INIT;
static atomic_int log_level = U_LOG_WARN;

static pthread_mutex_t sink_lock = PTHREAD_MUTEX_INITIALIZER;
static u_log_sink_fn sink_fn;
static void *sink_data;
/** Set while this thread runs the sink (and holds sink_lock). */
static _Thread_local bool in_sink;

static void
write_stderr(const char *buf, size_t len)
{
   while (len > 0) {
      ssize_t n = write(STDERR_FILENO, buf, len);
      if (n < 0 && errno == EINTR)
         continue;
      if (n <= 0)
         return;
      buf += n;
      len -= (size_t)n;
   }
}

static bool
name_equals(const char *s, const char *name)
{
   for (; *name; s++, name++) {
      char c = *s >= 'A' && *s <= 'Z' ? (char)(*s - 'A' + 'a') : *s;
      if (c != *name)
         return false;
   }
   return *s == '\0';
}

bool
u_log_level_parse(const char *str, enum u_log_level *out)
{
   if (!str)
      return false;
   for (unsigned i = 0; i < sizeof(level_names) / sizeof(level_names[0]); i++) {
      if (name_equals(str, level_names[i])) {
         *out = (enum u_log_level)i;
         return true;
      }
   }
   if (name_equals(str, "warning")) {
      *out = U_LOG_WARN;
      return true;
   }
   return false;
}

static void
init_level(void)
{
   const char *env = getenv("INDIUM_LOG");
   enum u_log_level level = U_LOG_WARN;
   if (env && !u_log_level_parse(env, &level)) {
      /* u_log() would re-enter pthread_once; write directly. */
      static const char msg[] = "indium: log: warn: INDIUM_LOG should be "
                                "error, warn, info or debug; using warn\n";
      write_stderr(msg, sizeof(msg) - 1);
   }
   atomic_store_explicit(&log_level, level, memory_order_relaxed);
}

enum u_log_level
u_log_get_level(void)
{
   pthread_once(&level_once, init_level);
   return (enum u_log_level)atomic_load_explicit(&log_level,
                                                 memory_order_relaxed);
}

void
u_log_set_level(enum u_log_level level)
{
   assert(level <= U_LOG_DEBUG);
   pthread_once(&level_once, init_level);
   atomic_store_explicit(&log_level, level, memory_order_relaxed);
}

bool
u_log_enabled(enum u_log_level level)
{
   return level <= u_log_get_level();
}

const char *
u_log_level_name(enum u_log_level level)
{
   return level <= U_LOG_DEBUG ? level_names[level] : "unknown";
}

void
u_log_set_sink(u_log_sink_fn sink, void *data)
{
   /* A sink replacing itself already holds the lock. */
   if (!in_sink)
      pthread_mutex_lock(&sink_lock);
   sink_fn = sink;
   sink_data = data;
   if (!in_sink)
      pthread_mutex_unlock(&sink_lock);
}

/** Sends the line in @p buf, whose message starts at @p msg_start. */
static void
emit(enum u_log_level level, const char *tag, char *buf, size_t msg_start,
     size_t len)
{
   if (!in_sink) {
      pthread_mutex_lock(&sink_lock);
      if (sink_fn) {
         buf[len] = '\0';
         in_sink = true;
         sink_fn(level, tag, buf + msg_start, sink_data);
         in_sink = false;
         pthread_mutex_unlock(&sink_lock);
         return;
      }
      pthread_mutex_unlock(&sink_lock);
   }
   buf[len] = '\n';
   write_stderr(buf, len + 1);
}

void
u_logv(enum u_log_level level, const char *tag, const char *fmt, va_list args)
{
   if (!u_log_enabled(level))
      return;

   va_list copy;
   va_copy(copy, args);
   int msg_len = vsnprintf(NULL, 0, fmt, copy);
   va_end(copy);
   if (msg_len < 0)
      return;

   const char *lname = u_log_level_name(level);
   size_t prefix_len =
      strlen("indium: ") + (tag ? strlen(tag) + 2 : 0) + strlen(lname) + 2;

   /* Room for the line, its newline and a NUL (a sink gets a C string). */
   char stack[1024];
   char *heap = NULL;
   char *buf = stack;
   size_t size = prefix_len + (size_t)msg_len + 2;
   if (size > sizeof(stack)) {
      heap = malloc(size);
      if (heap)
         buf = heap;
      else
         size = sizeof(stack);
   }

   /* Text takes at most size - 2 bytes, leaving room for the newline or
    * NUL that emit() adds; both calls truncate if the allocation failed. */
   int n = tag ? snprintf(buf, size - 1, "indium: %s: %s: ", tag, lname)
               : snprintf(buf, size - 1, "indium: %s: ", lname);
   size_t start = n < 0 ? 0 : (size_t)n < size - 2 ? (size_t)n : size - 2;
   size_t len = start;
   n = vsnprintf(buf + start, size - 1 - start, fmt, args);
   if (n > 0)
      len += (size_t)n < size - 2 - start ? (size_t)n : size - 2 - start;
   if (len > start && buf[len - 1] == '\n')
      len--;

   emit(level, tag, buf, start, len);
   free(heap);
}

void
u_log(enum u_log_level level, const char *tag, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   u_logv(level, tag, fmt, args);
   va_end(args);
}
