/* SPDX-License-Identifier: MIT */
#include "util/u_time.h"

#include <errno.h>
#include <time.h>

int64_t
u_time_ns(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_MONOTONIC, &ts);
   return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

double
u_time_seconds_since(int64_t start_ns)
{
   return (double)(u_time_ns() - start_ns) * 1e-9;
}

void
u_time_sleep_ns(int64_t ns)
{
   if (ns <= 0)
      return;
   struct timespec req = {
      .tv_sec = ns / 1000000000,
      .tv_nsec = ns % 1000000000,
   };
   while (nanosleep(&req, &req) != 0 && errno == EINTR)
      ;
}
