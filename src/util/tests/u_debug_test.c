/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/u_debug.h"
#include "util/u_log.h"

#define ENV "INDIUM_TEST_DEBUG"

static const struct u_debug_flag table[] = {
   { "alpha", 0x1, "the first flag" },
   { "beta", 0x2, "the second flag" },
   { "nocache", 0x4, "no cache" },
   { "high", 1ull << 40, "a flag above 32 bits" },
   { "top", 1ull << 63, NULL },
   { NULL, 0, NULL },
};

#define ALL_FLAGS (0x7ull | 1ull << 40 | 1ull << 63)

static void
parse_names(void **state)
{
   assert_int_equal(u_debug_parse_flags("alpha", table), 0x1);
   assert_int_equal(u_debug_parse_flags("beta", table), 0x2);
   assert_int_equal(u_debug_parse_flags("alpha,beta", table), 0x3);
   assert_int_equal(u_debug_parse_flags("beta,alpha,beta", table), 0x3);
   assert_int_equal(u_debug_parse_flags("nocache", table), 0x4);
}

static void
parse_separators_and_space(void **state)
{
   assert_int_equal(u_debug_parse_flags("alpha beta", table), 0x3);
   assert_int_equal(u_debug_parse_flags("alpha:beta", table), 0x3);
   assert_int_equal(u_debug_parse_flags("alpha;beta", table), 0x3);
   assert_int_equal(
      u_debug_parse_flags("  alpha ,, ;beta\t\nnocache , ", table), 0x7);
   /* A name is the whole token: no prefix or substring matches. */
   assert_int_equal(u_debug_parse_flags("alph,alphax,a,bet a", table), 0);
}

static void
parse_case(void **state)
{
   assert_int_equal(u_debug_parse_flags("ALPHA,Beta,NoCache", table), 0x7);
   assert_int_equal(u_debug_parse_flags("aLL", table), ALL_FLAGS);
}

static void
parse_all(void **state)
{
   assert_int_equal(u_debug_parse_flags("all", table), ALL_FLAGS);
   assert_int_equal(u_debug_parse_flags("alpha,all,bogus", table), ALL_FLAGS);

   /* A table may define "all" itself; then it is an ordinary flag. */
   static const struct u_debug_flag own_all[] = {
      { "x", 0x1, NULL },
      { "all", 0x10, NULL },
      { NULL, 0, NULL },
   };
   assert_int_equal(u_debug_parse_flags("all", own_all), 0x10);
}

static void
parse_high_bits(void **state)
{
   assert_true(u_debug_parse_flags("high", table) == 1ull << 40);
   assert_true(u_debug_parse_flags("top", table) == 1ull << 63);
   assert_true(u_debug_parse_flags("high,top,alpha", table) ==
               (1ull << 40 | 1ull << 63 | 1));
}

static void
parse_empty(void **state)
{
   struct u_debug_parse_info info;
   memset(&info, 0xff, sizeof(info));
   assert_int_equal(u_debug_parse_flags_ex(NULL, table, &info), 0);
   assert_int_equal(info.num_unknown, 0);
   assert_false(info.help);
   assert_string_equal(info.unknown, "");

   assert_int_equal(u_debug_parse_flags_ex("", table, &info), 0);
   assert_int_equal(info.num_unknown, 0);
   assert_int_equal(u_debug_parse_flags_ex(" ,;: \t", table, &info), 0);
   assert_int_equal(info.num_unknown, 0);
   assert_string_equal(info.unknown, "");

   static const struct u_debug_flag empty[] = { { NULL, 0, NULL } };
   assert_int_equal(u_debug_parse_flags("all,alpha", empty), 0);
}

static void
parse_unknown(void **state)
{
   struct u_debug_parse_info info;
   assert_int_equal(
      u_debug_parse_flags_ex("alpha,bogus beta;zzz", table, &info), 0x3);
   assert_int_equal(info.num_unknown, 2);
   assert_string_equal(info.unknown, "bogus,zzz");
   assert_false(info.help);

   /* The names are reported as written. */
   assert_int_equal(u_debug_parse_flags_ex("Bogus", table, &info), 0);
   assert_string_equal(info.unknown, "Bogus");

   /* NULL info is allowed. */
   assert_int_equal(u_debug_parse_flags_ex("bogus,beta", table, NULL), 0x2);
}

static void
parse_unknown_overflow(void **state)
{
   /* 40 unknown names of 20 characters: far more than the buffer. */
   char str[40 * 21 + sizeof("beta")] = "";
   for (int i = 0; i < 40; i++) {
      char name[32];
      snprintf(name, sizeof(name), "unknown_name_%07d,", i);
      strcat(str, name);
   }
   strcat(str, "beta");

   struct u_debug_parse_info info;
   assert_int_equal(u_debug_parse_flags_ex(str, table, &info), 0x2);
   assert_int_equal(info.num_unknown, 40);
   size_t len = strlen(info.unknown);
   assert_true(len < sizeof(info.unknown));
   /* Whole names only: 12 of them fit in 255 characters with commas. */
   assert_int_equal(len, 12 * 20 + 11);
   assert_true(strncmp(info.unknown, "unknown_name_0000000,", 21) == 0);
   assert_int_equal(info.unknown[len - 1], '1');
}

static void
parse_help(void **state)
{
   struct u_debug_parse_info info;
   assert_int_equal(u_debug_parse_flags_ex("help", table, &info), 0);
   assert_true(info.help);
   assert_int_equal(info.num_unknown, 0);
   assert_int_equal(u_debug_parse_flags_ex("beta,HELP", table, &info), 0x2);
   assert_true(info.help);
}

static char *
read_all(FILE *f)
{
   static char buf[4096];
   rewind(f);
   size_t n = fread(buf, 1, sizeof(buf) - 1, f);
   buf[n] = '\0';
   return buf;
}

static void
print_flags(void **state)
{
   FILE *f = tmpfile();
   assert_non_null(f);
   u_debug_print_flags(f, ENV, table);
   assert_string_equal(read_all(f), ENV ": flags, separated by commas:\n"
                                        "  alpha    the first flag\n"
                                        "  beta     the second flag\n"
                                        "  nocache  no cache\n"
                                        "  high     a flag above 32 bits\n"
                                        "  top\n"
                                        "  all      every flag above\n"
                                        "  help     print this list\n");
   fclose(f);
}

struct captured {
   unsigned count;
   enum u_log_level level;
   char msg[512];
};

static void
capture(enum u_log_level level, const char *tag, const char *msg, void *data)
{
   struct captured *c = data;
   c->count++;
   c->level = level;
   snprintf(c->msg, sizeof(c->msg), "%s", msg);
}

static void
get_flags(void **state)
{
   struct captured log = { 0 };
   u_log_set_sink(capture, &log);

   unsetenv(ENV);
   assert_int_equal(u_debug_get_flags(ENV, table), 0);
   setenv(ENV, "beta,high", 1);
   assert_true(u_debug_get_flags(ENV, table) == (0x2 | 1ull << 40));
   assert_int_equal(log.count, 0);

   /* Unknown names: the known ones still count, and a warning names the
    * others. */
   setenv(ENV, "bogus,alpha,zzz", 1);
   assert_int_equal(u_debug_get_flags(ENV, table), 0x1);
   assert_int_equal(log.count, 1);
   assert_int_equal(log.level, U_LOG_WARN);
   assert_non_null(strstr(log.msg, ENV));
   assert_non_null(strstr(log.msg, "bogus,zzz"));

   u_log_set_sink(NULL, NULL);
   unsetenv(ENV);
}

static void
get_flags_help(void **state)
{
   /* "help" lists the flags on stderr. */
   FILE *f = tmpfile();
   assert_non_null(f);
   fflush(stderr);
   int saved = dup(STDERR_FILENO);
   dup2(fileno(f), STDERR_FILENO);

   setenv(ENV, "help,nocache", 1);
   uint64_t flags = u_debug_get_flags(ENV, table);

   fflush(stderr);
   dup2(saved, STDERR_FILENO);
   close(saved);
   unsetenv(ENV);

   assert_int_equal(flags, 0x4);
   const char *out = read_all(f);
   assert_non_null(strstr(out, "  nocache  no cache\n"));
   assert_non_null(strstr(out, "  all      every flag above\n"));
   fclose(f);
}

static void
get_bool(void **state)
{
   static const struct {
      const char *value;
      int want; /* -1: the default */
   } cases[] = {
      { "1", 1 },   { "0", 0 },  { "true", 1 },    { "FALSE", 0 }, { "Yes", 1 },
      { "no", 0 },  { "ON", 1 }, { "oFf", 0 },     { " on\t", 1 }, { "", -1 },
      { "  ", -1 }, { "2", -1 }, { "truex", -1 },  { "y", -1 },    { "-1", -1 },
      { "10", -1 }, { "o", -1 }, { "yes no", -1 },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      setenv(ENV, cases[i].value, 1);
      for (int dflt = 0; dflt < 2; dflt++) {
         bool want = cases[i].want < 0 ? dflt : cases[i].want;
         if (u_debug_get_bool(ENV, dflt) != want)
            fail_msg("'%s' with default %d", cases[i].value, dflt);
      }
   }
   unsetenv(ENV);
   assert_true(u_debug_get_bool(ENV, true));
   assert_false(u_debug_get_bool(ENV, false));
}

static void
get_int(void **state)
{
   static const struct {
      const char *value;
      long want;
      bool valid;
   } cases[] = {
      { "42", 42, true },
      { "-42", -42, true },
      { "+7", 7, true },
      { "0", 0, true },
      { "-0", 0, true },
      { "0x1f", 31, true },
      { "0X1F", 31, true },
      { "-0x10", -16, true },
      { "010", 10, true },
      { " 12 ", 12, true },
      { "", 0, false },
      { " ", 0, false },
      { "12abc", 0, false },
      { "abc", 0, false },
      { "0x", 0, false },
      { "0xg", 0, false },
      { "1 2", 0, false },
      { "--1", 0, false },
      { "- 1", 0, false },
      { "+", 0, false },
      { "1.5", 0, false },
      { "1e3", 0, false },
      { "99999999999999999999999", 0, false },
      { "0x10000000000000000", 0, false },
   };
   for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
      setenv(ENV, cases[i].value, 1);
      long got = u_debug_get_int(ENV, -12345);
      long want = cases[i].valid ? cases[i].want : -12345;
      if (got != want)
         fail_msg("'%s': got %ld, want %ld", cases[i].value, got, want);
   }

   /* The edges of long, whatever its size. */
   char buf[64];
   snprintf(buf, sizeof(buf), "%ld", LONG_MAX);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == LONG_MAX);
   snprintf(buf, sizeof(buf), "%ld", LONG_MIN);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == LONG_MIN);
   snprintf(buf, sizeof(buf), "%#lx", LONG_MAX);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == LONG_MAX);
   snprintf(buf, sizeof(buf), "-%#lx", (unsigned long)LONG_MAX + 1);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == LONG_MIN);
   /* One past each end. */
   snprintf(buf, sizeof(buf), "%lu", (unsigned long)LONG_MAX + 1);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == 5);
   snprintf(buf, sizeof(buf), "-%lu", (unsigned long)LONG_MAX + 2);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == 5);
   snprintf(buf, sizeof(buf), "%#lx", (unsigned long)LONG_MAX + 1);
   setenv(ENV, buf, 1);
   assert_true(u_debug_get_int(ENV, 5) == 5);

   unsetenv(ENV);
   assert_int_equal(u_debug_get_int(ENV, 77), 77);
}

static void
parse_value_helpers(void **state)
{
   bool b = true;
   assert_false(u_debug_parse_bool(NULL, &b));
   assert_false(u_debug_parse_bool("maybe", &b));
   assert_true(b);
   assert_true(u_debug_parse_bool("off", &b));
   assert_false(b);

   long v = 3;
   assert_false(u_debug_parse_int(NULL, &v));
   assert_false(u_debug_parse_int("x", &v));
   assert_int_equal(v, 3);
   assert_true(u_debug_parse_int("0x7fffffff", &v));
   assert_int_equal(v, 0x7fffffff);
}

static void
get_string(void **state)
{
   unsetenv(ENV);
   assert_string_equal(u_debug_get_string(ENV, "dflt"), "dflt");
   assert_null(u_debug_get_string(ENV, NULL));
   setenv(ENV, "", 1);
   assert_string_equal(u_debug_get_string(ENV, "dflt"), "");
   setenv(ENV, "/tmp/x y", 1);
   assert_string_equal(u_debug_get_string(ENV, "dflt"), "/tmp/x y");
   unsetenv(ENV);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(parse_names),
      cmocka_unit_test(parse_separators_and_space),
      cmocka_unit_test(parse_case),
      cmocka_unit_test(parse_all),
      cmocka_unit_test(parse_high_bits),
      cmocka_unit_test(parse_empty),
      cmocka_unit_test(parse_unknown),
      cmocka_unit_test(parse_unknown_overflow),
      cmocka_unit_test(parse_help),
      cmocka_unit_test(print_flags),
      cmocka_unit_test(get_flags),
      cmocka_unit_test(get_flags_help),
      cmocka_unit_test(get_bool),
      cmocka_unit_test(get_int),
      cmocka_unit_test(parse_value_helpers),
      cmocka_unit_test(get_string),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
