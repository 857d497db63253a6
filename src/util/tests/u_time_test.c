/* SPDX-License-Identifier: MIT */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <cmocka.h>

#include "util/u_time.h"

static void
time_is_monotonic(void **state)
{
   int64_t a = u_time_ns();
   int64_t b = u_time_ns();
   assert_true(b >= a);
}

static void
sleep_waits_at_least(void **state)
{
   int64_t start = u_time_ns();
   u_time_sleep_ns(2000000);
   assert_true(u_time_ns() - start >= 2000000);
   assert_true(u_time_seconds_since(start) >= 0.002);
}

static void
sleep_ignores_nonpositive(void **state)
{
   int64_t start = u_time_ns();
   u_time_sleep_ns(0);
   u_time_sleep_ns(-5);
   /* Generous bound: this only proves it did not sleep for "-5" as a huge
    * unsigned value. */
   assert_true(u_time_seconds_since(start) < 10.0);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(time_is_monotonic),
      cmocka_unit_test(sleep_waits_at_least),
      cmocka_unit_test(sleep_ignores_nonpositive),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
