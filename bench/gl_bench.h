/* SPDX-License-Identifier: MIT */

/*
 * gl_bench: offscreen GL microbenchmarks through EGL and glvnd (no Indium
 * internals), shared declarations.  See gl_bench.c.
 */
#ifndef GL_BENCH_H
#define GL_BENCH_H

#include <stdbool.h>
#include <stdint.h>

#define GL_GLEXT_PROTOTYPES 1
#include <GL/glcorearb.h>

/** What a workload reports: @p work units of @p unit done in @p seconds. */
struct gl_bench_result {
   double work;      /**< e.g. pixels, triangles, programs */
   double scale;     /**< work / scale per second is the figure */
   const char *unit; /**< unit of the figure, e.g. "Mpixels/s" */
   double seconds;
   uint32_t checksum;   /**< of the framebuffer after the run */
   unsigned ok, failed; /**< compile workload: programs linked or not */
};

/** Options of one run. */
struct gl_bench_options {
   unsigned size;       /**< framebuffer width and height */
   unsigned iterations; /**< 0: the workload's default */
   const char *shaders; /**< compile workload: the shader pair file */
};

/** Seconds on a monotonic clock. */
double gl_bench_now(void);

/** Compiles and links @p vs + @p fs (GLSL text); 0 and a message on
 * stderr when that fails and @p quiet is false. */
GLuint gl_bench_program(const char *vs, const char *fs, bool quiet);

/** FNV-1a of the RGBA8 framebuffer (size x size) as glReadPixels reads it. */
uint32_t gl_bench_checksum(unsigned size);

/**
 * The compile workload: every program of @p opts->shaders, each in a
 * compatibility or a core context made current by @p use_context
 * (false: core).  Returns false when the file cannot be read.
 */
bool gl_bench_compile(const struct gl_bench_options *opts,
                      bool (*use_context)(bool compat),
                      struct gl_bench_result *res);

#endif
