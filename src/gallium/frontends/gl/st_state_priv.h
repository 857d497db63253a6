/* SPDX-License-Identifier: MIT */

/* What the files of the simple fixed state (st_state*.c) share. */
#ifndef ST_STATE_PRIV_H
#define ST_STATE_PRIV_H

#include <stdbool.h>
#include <stdint.h>

#include "st_gl.h"

struct st_context;

/** What a capability of st_state is: a flag, or bits of a mask. */
struct st_state_cap {
   bool *flag;
   unsigned *bits;
   /** The bits glEnable writes and the one glIsEnabled reads (glIsEnabled
    * of GL_BLEND is draw buffer 0's). */
   unsigned mask, read_mask;
   uint64_t dirty;
};

/**
 * The st_state capability @p cap of this context (with @p index for the
 * indexed ones, -1 otherwise); false for capabilities of other modules
 * and of other APIs (st_state.c).
 */
bool st_state_find_cap(struct st_context *ctx, GLenum cap, int index,
                       struct st_state_cap *out, bool *bad_index);
/** Whether the capability is enabled. */
bool st_state_cap_value(const struct st_state_cap *c);

/** The hint of @p target in this context, NULL if it has none
 * (st_state_raster.c). */
GLenum *st_state_hint_slot(struct st_context *ctx, GLenum target);

static inline float
st_state_clamp01(float x)
{
   /* NaN becomes 0. */
   return x > 0.0f ? (x < 1.0f ? x : 1.0f) : 0.0f;
}

static inline double
st_state_clamp01d(double x)
{
   return x > 0.0 ? (x < 1.0 ? x : 1.0) : 0.0;
}

#endif
