/* SPDX-License-Identifier: MIT */

/*
 * Implementation limits (st_limits.c): the pipe screen's answers where
 * it has them, the state tracker's own limits otherwise.  One source for
 * glGet (st_limits_get, st_get.h) and for the GLSL compiler
 * (ctx->glsl_limits).
 */
#ifndef ST_LIMITS_H
#define ST_LIMITS_H

#include <stdbool.h>

struct st_context;

/** Fills ctx->glsl_limits; false when out of memory. */
bool st_limits_init(struct st_context *ctx);
/** Frees ctx->glsl_limits (accepts a half-initialised context). */
void st_limits_fini(struct st_context *ctx);

#endif
