/* SPDX-License-Identifier: MIT */

/*
 * Monotonic time for measuring intervals (benchmarks, timeouts, timer
 * queries).  Never the wall clock: these values only mean something when
 * subtracted from each other.
 */
#ifndef U_TIME_H
#define U_TIME_H

#include <stdint.h>

/** Nanoseconds on the monotonic clock (CLOCK_MONOTONIC). */
int64_t u_time_ns(void);

/** Seconds elapsed since @p start_ns, a value of u_time_ns(). */
double u_time_seconds_since(int64_t start_ns);

/** Sleeps for at least @p ns nanoseconds (resumes after signals). */
void u_time_sleep_ns(int64_t ns);

#endif
