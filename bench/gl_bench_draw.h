/* SPDX-License-Identifier: MIT */

/*
 * gl_bench's drawing workloads (gl_bench_draw.c).
 */
#ifndef GL_BENCH_DRAW_H
#define GL_BENCH_DRAW_H

#include "gl_bench.h"

struct gl_bench_scene;

/** One drawing workload. */
struct gl_bench_workload {
   const char *name;
   const char *unit;
   /** Timed iterations when --iterations is not given. */
   unsigned iterations;
   /** Makes the GL objects; the work of one iteration goes to *work. */
   bool (*setup)(struct gl_bench_scene *s, double *work);
   /** One iteration, number @p i (draw, clear or read). */
   void (*iterate)(struct gl_bench_scene *s, unsigned i);
};

extern const struct gl_bench_workload gl_bench_workloads[];
extern const unsigned gl_bench_num_workloads;

/** Runs @p w in the current context (framebuffer, warm-up, timing). */
bool gl_bench_draw_run(const struct gl_bench_workload *w,
                       const struct gl_bench_options *opts,
                       struct gl_bench_result *res);

#endif
