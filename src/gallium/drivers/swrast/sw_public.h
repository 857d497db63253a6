/* SPDX-License-Identifier: MIT */

/*
 * The CPU driver's one public entry point: targets and tests create the
 * screen here and reach everything else through the pipe interface.
 */
#ifndef SW_PUBLIC_H
#define SW_PUBLIC_H

struct pipe_screen;

/**
 * Creates a swrast screen; NULL when out of memory.  Its thread pool has
 * INDIUM_NUM_THREADS workers (default: the number of cores).
 */
struct pipe_screen *sw_screen_create(void);

#endif
