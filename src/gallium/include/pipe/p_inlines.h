/* SPDX-License-Identifier: MIT */

/*
 * Reference helpers of the pipe interface, one idiom for every counted
 * object: pipe_X_ref(&slot, new) retains @p new, releases what the slot
 * held (destroying it on its last reference) and stores @p new;
 * pipe_X_ref(&slot, NULL) drops the slot's reference.
 */
#ifndef P_INLINES_H
#define P_INLINES_H

#include <stddef.h>

#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "pipe/p_state.h"

static inline void
pipe_resource_ref(struct pipe_resource **slot, struct pipe_resource *res)
{
   struct pipe_resource *old = *slot;
   if (pipe_reference_update(old ? &old->reference : NULL,
                             res ? &res->reference : NULL))
      old->screen->resource_destroy(old->screen, old);
   *slot = res;
}

static inline void
pipe_surface_ref(struct pipe_surface **slot, struct pipe_surface *surf)
{
   struct pipe_surface *old = *slot;
   if (pipe_reference_update(old ? &old->reference : NULL,
                             surf ? &surf->reference : NULL))
      old->context->surface_destroy(old->context, old);
   *slot = surf;
}

static inline void
pipe_sampler_view_ref(struct pipe_sampler_view **slot,
                      struct pipe_sampler_view *view)
{
   struct pipe_sampler_view *old = *slot;
   if (pipe_reference_update(old ? &old->reference : NULL,
                             view ? &view->reference : NULL))
      old->context->sampler_view_destroy(old->context, old);
   *slot = view;
}

static inline void
pipe_so_target_ref(struct pipe_stream_output_target **slot,
                   struct pipe_stream_output_target *target)
{
   struct pipe_stream_output_target *old = *slot;
   if (pipe_reference_update(old ? &old->reference : NULL,
                             target ? &target->reference : NULL))
      old->context->stream_output_target_destroy(old->context, old);
   *slot = target;
}

/** Size of level @p level of a dimension of size @p size0. */
static inline unsigned
pipe_minify(unsigned size0, unsigned level)
{
   unsigned s = level < 32 ? size0 >> level : 0;
   return s ? s : 1;
}

#endif
