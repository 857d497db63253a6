/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/u_log.h"

#define MAX_CAPTURED 8192

struct message {
   enum u_log_level level;
   char *tag;
   char *msg;
};

/** What a capturing sink saw; the sink lock serialises its calls. */
struct capture {
   unsigned count;
   struct message msgs[MAX_CAPTURED];
};

static struct capture cap;

static void
capture_sink(enum u_log_level level, const char *tag, const char *msg,
             void *data)
{
   struct capture *c = data;
   if (c->count == MAX_CAPTURED)
      return;
   struct message *m = &c->msgs[c->count++];
   m->level = level;
   m->tag = tag ? strdup(tag) : NULL;
   m->msg = strdup(msg);
}

static void
capture_reset(struct capture *c)
{
   for (unsigned i = 0; i < c->count; i++) {
      free(c->msgs[i].tag);
      free(c->msgs[i].msg);
   }
   c->count = 0;
}

/** Sends fd 2 (and fd 1, to prove it stays silent) to temporary files. */
struct redirect {
   FILE *err, *out;
   int saved_err, saved_out;
};

static void
redirect_begin(struct redirect *r)
{
   r->err = tmpfile();
   r->out = tmpfile();
   assert_non_null(r->err);
   assert_non_null(r->out);
   fflush(stdout);
   fflush(stderr);
   r->saved_err = dup(STDERR_FILENO);
   r->saved_out = dup(STDOUT_FILENO);
   dup2(fileno(r->err), STDERR_FILENO);
   dup2(fileno(r->out), STDOUT_FILENO);
}

/** Restores fds 1 and 2; returns what went to stderr (caller frees). */
static char *
redirect_end(struct redirect *r)
{
   fflush(stdout);
   fflush(stderr);
   dup2(r->saved_err, STDERR_FILENO);
   dup2(r->saved_out, STDOUT_FILENO);
   close(r->saved_err);
   close(r->saved_out);

   fseek(r->out, 0, SEEK_END);
   assert_int_equal(ftell(r->out), 0);
   fclose(r->out);

   fseek(r->err, 0, SEEK_END);
   long size = ftell(r->err);
   char *text = malloc((size_t)size + 1);
   rewind(r->err);
   assert_int_equal(fread(text, 1, (size_t)size, r->err), (size_t)size);
   text[size] = '\0';
   fclose(r->err);
   return text;
}

static int
reset(void **state)
{
   u_log_set_sink(NULL, NULL);
   u_log_set_level(U_LOG_WARN);
   capture_reset(&cap);
   return 0;
}

static void
level_from_env(void **state)
{
   /* main() set INDIUM_LOG=Info before the first call. */
   assert_int_equal(u_log_get_level(), U_LOG_INFO);
   /* Read once: changing the variable later has no effect. */
   setenv("INDIUM_LOG", "error", 1);
   assert_int_equal(u_log_get_level(), U_LOG_INFO);
}

static void
level_names(void **state)
{
   static const struct {
      const char *str;
      int want;
   } cases[] = {
      { "error", U_LOG_ERROR },
      { "WARN", U_LOG_WARN },
      { "Warning", U_LOG_WARN },
      { "info", U_LOG_INFO },
      { "debuG", U_LOG_DEBUG },
      { "", -1 },
      { "verbose", -1 },
      { "warn ", -1 },
      { "err", -1 },
      { "debugx", -1 },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      enum u_log_level level = (enum u_log_level)99;
      bool ok = u_log_level_parse(cases[i].str, &level);
      assert_int_equal(ok, cases[i].want >= 0);
      assert_int_equal(level, ok ? cases[i].want : 99);
   }
   enum u_log_level level = U_LOG_INFO;
   assert_false(u_log_level_parse(NULL, &level));
   assert_int_equal(level, U_LOG_INFO);

   assert_string_equal(u_log_level_name(U_LOG_ERROR), "error");
   assert_string_equal(u_log_level_name(U_LOG_WARN), "warn");
   assert_string_equal(u_log_level_name(U_LOG_INFO), "info");
   assert_string_equal(u_log_level_name(U_LOG_DEBUG), "debug");
}

static void
sink_receives(void **state)
{
   u_log_set_sink(capture_sink, &cap);
   u_log_warn("glsl", "x=%d %s", 5, "five");
   u_log_error(NULL, "no tag\n");
   u_log(U_LOG_WARN, "t", "two newlines\n\n");
   u_log_error("t", "%s", "");

   assert_int_equal(cap.count, 4);
   assert_int_equal(cap.msgs[0].level, U_LOG_WARN);
   assert_string_equal(cap.msgs[0].tag, "glsl");
   assert_string_equal(cap.msgs[0].msg, "x=5 five");
   assert_int_equal(cap.msgs[1].level, U_LOG_ERROR);
   assert_null(cap.msgs[1].tag);
   assert_string_equal(cap.msgs[1].msg, "no tag");
   assert_string_equal(cap.msgs[2].msg, "two newlines\n");
   assert_string_equal(cap.msgs[3].msg, "");
}

static void
level_filtering(void **state)
{
   static const enum u_log_level levels[] = {
      U_LOG_ERROR,
      U_LOG_WARN,
      U_LOG_INFO,
      U_LOG_DEBUG,
   };
   u_log_set_sink(capture_sink, &cap);
   for (unsigned set = 0; set < 4; set++) {
      u_log_set_level(levels[set]);
      assert_int_equal(u_log_get_level(), levels[set]);
      capture_reset(&cap);
      u_log_error("t", "e");
      u_log_warn("t", "w");
      u_log_info("t", "i");
      u_log_debug("t", "d");
      /* Everything at or above the set severity, in order. */
      assert_int_equal(cap.count, set + 1);
      for (unsigned i = 0; i <= set; i++) {
         assert_int_equal(cap.msgs[i].level, levels[i]);
         assert_true(u_log_enabled(levels[i]));
      }
      for (unsigned i = set + 1; i < 4; i++)
         assert_false(u_log_enabled(levels[i]));
   }
}

static void
long_message_sink(void **state)
{
   size_t n = 100 * 1000;
   char *big = malloc(n + 1);
   for (size_t i = 0; i < n; i++)
      big[i] = (char)('a' + i % 26);
   big[n] = '\0';

   u_log_set_sink(capture_sink, &cap);
   u_log_error("big", "<%s>", big);
   assert_int_equal(cap.count, 1);
   assert_int_equal(strlen(cap.msgs[0].msg), n + 2);
   assert_int_equal(cap.msgs[0].msg[0], '<');
   assert_memory_equal(cap.msgs[0].msg + 1, big, n);
   assert_int_equal(cap.msgs[0].msg[n + 1], '>');

   /* Lengths around the stack buffer size. */
   for (size_t len = 990; len < 1060; len++) {
      capture_reset(&cap);
      u_log_error("big", "%.*s", (int)len, big);
      assert_int_equal(cap.count, 1);
      assert_int_equal(strlen(cap.msgs[0].msg), len);
      assert_memory_equal(cap.msgs[0].msg, big, len);
   }
   free(big);
}

static void
stderr_format(void **state)
{
   struct redirect r;
   redirect_begin(&r);
   u_log_warn("t", "hello %s", "world");
   u_log_error(NULL, "oops\n");
   u_log_info("t", "dropped at level warn");
   u_log(U_LOG_WARN, "a longer tag", "%d", 42);
   char *text = redirect_end(&r);

   assert_string_equal(text, "indium: t: warn: hello world\n"
                             "indium: error: oops\n"
                             "indium: a longer tag: warn: 42\n");
   free(text);
}

static void
long_message_stderr(void **state)
{
   size_t n = 6000;
   char *big = malloc(n + 1);
   memset(big, 'x', n);
   big[n] = '\0';

   /* An oversized tag, too. */
   char tag[2000];
   memset(tag, 'T', sizeof(tag) - 1);
   tag[sizeof(tag) - 1] = '\0';

   struct redirect r;
   redirect_begin(&r);
   u_log_error("t", "%s", big);
   u_log_error(tag, "end");
   char *text = redirect_end(&r);

   const char *prefix = "indium: t: error: ";
   size_t plen = strlen(prefix);
   assert_true(strncmp(text, prefix, plen) == 0);
   assert_memory_equal(text + plen, big, n);
   assert_int_equal(text[plen + n], '\n');
   const char *second = text + plen + n + 1;
   assert_true(strncmp(second, "indium: TTT", 11) == 0);
   assert_int_equal(strlen(second), 8 + sizeof(tag) - 1 + 13);
   assert_string_equal(second + 8 + sizeof(tag) - 1, ": error: end\n");
   free(text);
   free(big);
}

static void
relog_sink(enum u_log_level level, const char *tag, const char *msg, void *data)
{
   /* Logging from a sink goes to stderr instead of deadlocking. */
   u_log_error("inner", "from the sink: %s", msg);
   (*(unsigned *)data)++;
}

static void
removing_sink(enum u_log_level level, const char *tag, const char *msg,
              void *data)
{
   (*(unsigned *)data)++;
   u_log_set_sink(NULL, NULL);
}

static void
sink_reentrancy(void **state)
{
   unsigned calls = 0;
   struct redirect r;
   redirect_begin(&r);
   u_log_set_sink(relog_sink, &calls);
   u_log_error("outer", "one");
   u_log_set_sink(removing_sink, &calls);
   u_log_error("outer", "two");
   u_log_error("outer", "three");
   char *text = redirect_end(&r);

   assert_int_equal(calls, 2);
   assert_string_equal(text, "indium: inner: error: from the sink: one\n"
                             "indium: outer: error: three\n");
   free(text);
}

static void
set_sink_null_restores_stderr(void **state)
{
   u_log_set_sink(capture_sink, &cap);
   u_log_set_sink(NULL, NULL);
   struct redirect r;
   redirect_begin(&r);
   u_log_warn("t", "back");
   char *text = redirect_end(&r);
   assert_string_equal(text, "indium: t: warn: back\n");
   assert_int_equal(cap.count, 0);
   free(text);
}

#define NUM_THREADS     8
#define MSGS_PER_THREAD 400

static void *
log_thread(void *arg)
{
   unsigned id = (unsigned)(uintptr_t)arg;
   for (unsigned i = 0; i < MSGS_PER_THREAD; i++)
      u_log_warn("mt", "thread %u message %u %s", id, i, "payload");
   return NULL;
}

static void
run_log_threads(void)
{
   pthread_t threads[NUM_THREADS];
   for (unsigned t = 0; t < NUM_THREADS; t++) {
      assert_int_equal(
         pthread_create(&threads[t], NULL, log_thread, (void *)(uintptr_t)t),
         0);
   }
   for (unsigned t = 0; t < NUM_THREADS; t++)
      pthread_join(threads[t], NULL);
}

static void
threads_sink(void **state)
{
   u_log_set_sink(capture_sink, &cap);
   run_log_threads();
   u_log_set_sink(NULL, NULL);

   assert_int_equal(cap.count, NUM_THREADS * MSGS_PER_THREAD);
   unsigned next[NUM_THREADS] = { 0 };
   for (unsigned i = 0; i < cap.count; i++) {
      unsigned t, m;
      char word[16];
      assert_int_equal(
         sscanf(cap.msgs[i].msg, "thread %u message %u %15s", &t, &m, word), 3);
      assert_string_equal(word, "payload");
      assert_true(t < NUM_THREADS);
      /* Each thread's messages arrive in its order. */
      assert_int_equal(m, next[t]++);
   }
}

static void
threads_stderr(void **state)
{
   struct redirect r;
   redirect_begin(&r);
   run_log_threads();
   char *text = redirect_end(&r);

   /* Every line whole: no interleaving inside a line. */
   unsigned lines = 0, next[NUM_THREADS] = { 0 };
   for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
      unsigned t, m;
      int end = 0;
      int n = sscanf(line, "indium: mt: warn: thread %u message %u payload%n",
                     &t, &m, &end);
      assert_int_equal(n, 2);
      assert_int_equal(end, strlen(line));
      assert_true(t < NUM_THREADS);
      assert_int_equal(m, next[t]++);
      lines++;
   }
   assert_int_equal(lines, NUM_THREADS * MSGS_PER_THREAD);
   free(text);
}

int
main(void)
{
   setenv("INDIUM_LOG", "Info", 1);

   const struct CMUnitTest tests[] = {
      cmocka_unit_test(level_from_env),
      cmocka_unit_test(level_names),
      cmocka_unit_test_setup_teardown(sink_receives, reset, reset),
      cmocka_unit_test_setup_teardown(level_filtering, reset, reset),
      cmocka_unit_test_setup_teardown(long_message_sink, reset, reset),
      cmocka_unit_test_setup_teardown(stderr_format, reset, reset),
      cmocka_unit_test_setup_teardown(long_message_stderr, reset, reset),
      cmocka_unit_test_setup_teardown(sink_reentrancy, reset, reset),
      cmocka_unit_test_setup_teardown(set_sink_null_restores_stderr, reset,
                                      reset),
      cmocka_unit_test_setup_teardown(threads_sink, reset, reset),
      cmocka_unit_test_setup_teardown(threads_stderr, reset, reset),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
