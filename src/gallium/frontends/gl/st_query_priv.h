/* SPDX-License-Identifier: MIT */

/*
 * The state of st_query.c, st_xfb.c and st_sync.c behind
 * st_context::query.  Query and transform feedback objects belong to one
 * context (they are not shared); sync objects are shared (st_shared).
 */
#ifndef ST_QUERY_PRIV_H
#define ST_QUERY_PRIV_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;
struct st_names;
struct st_query;
struct st_value;
struct st_xfb;

/** The query targets that can be active at once, one query each. */
enum st_query_slot {
   ST_QUERY_SAMPLES_PASSED,
   ST_QUERY_ANY_SAMPLES_PASSED,
   ST_QUERY_ANY_SAMPLES_PASSED_CONSERVATIVE,
   ST_QUERY_PRIMITIVES_GENERATED,
   ST_QUERY_XFB_PRIMITIVES_WRITTEN,
   ST_QUERY_TIME_ELAPSED,
   ST_QUERY_SLOTS,
};

struct st_query_state {
   /** Query objects by name. */
   struct st_names *queries;
   /** The active query of each slot, NULL if none. */
   struct st_query *active[ST_QUERY_SLOTS];
   /** The query of glBeginConditionalRender, NULL if not active. */
   struct st_query *condition;

   /** Transform feedback objects by name (not 0), the default object and
    * the bound one. */
   struct st_names *xfbs;
   struct st_xfb *xfb_default;
   struct st_xfb *xfb;
   /** The object whose stream-output targets the pipe has bound, NULL
    * if none. */
   struct st_xfb *pipe_xfb;
};

/* st_xfb.c */
bool st_xfb_init(struct st_context *ctx);
void st_xfb_fini(struct st_context *ctx);
/** st_query_get() for the transform feedback state. */
bool st_xfb_get(struct st_context *ctx, GLenum pname, int index,
                struct st_value *v);

#endif
