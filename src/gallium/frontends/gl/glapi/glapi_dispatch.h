/* SPDX-License-Identifier: MIT */

/* What every generated entry point does before calling its api_. */
#ifndef GLAPI_DISPATCH_H
#define GLAPI_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "st_context.h"

/**
 * The current context if glFoo (@p name) exists in it, else NULL after
 * recording why: the context's API lacks glFoo (@p api_mask) or it is not
 * implemented (st_unsupported; GL_INVALID_OPERATION).
 */
static inline struct st_context *
glapi_current(unsigned api_mask, bool implemented, const char *name)
{
   struct st_context *ctx = st_current_context;
   if (!ctx)
      return NULL;
   if (!(ctx->api_bits & api_mask) || !implemented) {
      st_unsupported(ctx, name);
      return NULL;
   }
   return ctx;
}

/**
 * Whether glFoo (@p name) may run now: false after GL_INVALID_OPERATION
 * when it is called between glBegin and glEnd where it is not allowed
 * (@p begin_end_ok).
 */
static inline bool
glapi_begin_end_ok(struct st_context *ctx, bool begin_end_ok, const char *name)
{
   if (ctx->inside_begin_end && !begin_end_ok) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(between glBegin and glEnd)",
               name);
      return false;
   }
   return true;
}

/**
 * glapi_current() and glapi_begin_end_ok() in one, for the entry points
 * that display lists do not record.  (Those they record call the save
 * function between the two checks: a command compiled between glBegin
 * and glEnd raises its error when the list is executed.)
 */
static inline struct st_context *
glapi_enter(unsigned api_mask, bool begin_end_ok, bool implemented,
            const char *name)
{
   struct st_context *ctx = glapi_current(api_mask, implemented, name);
   if (!ctx || !glapi_begin_end_ok(ctx, begin_end_ok, name))
      return NULL;
   return ctx;
}

#endif
