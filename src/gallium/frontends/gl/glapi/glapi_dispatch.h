/* SPDX-License-Identifier: MIT */

/* What every generated entry point does before calling its api_. */
#ifndef GLAPI_DISPATCH_H
#define GLAPI_DISPATCH_H

#include <stdbool.h>
#include <stddef.h>

#include "st_context.h"

/**
 * The current context if glFoo (@p name) may run in it, else NULL after
 * recording why: the context's API lacks glFoo (@p api_mask) or it is not
 * implemented (st_unsupported), or it is called between glBegin and glEnd
 * where it is not allowed (@p begin_end_ok; GL_INVALID_OPERATION).
 */
static inline struct st_context *
glapi_enter(unsigned api_mask, bool begin_end_ok, bool implemented,
            const char *name)
{
   struct st_context *ctx = st_current_context;
   if (!ctx)
      return NULL;
   if (!(ctx->api_bits & api_mask)) {
      st_unsupported(ctx, name);
      return NULL;
   }
   if (ctx->inside_begin_end && !begin_end_ok) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(between glBegin and glEnd)",
               name);
      return NULL;
   }
   if (!implemented) {
      st_unsupported(ctx, name);
      return NULL;
   }
   return ctx;
}

#endif
