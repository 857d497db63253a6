/* SPDX-License-Identifier: MIT */

/*
 * Creation and destruction of swrast contexts, flush and the texture
 * barrier.
 *
 * A context is a struct sw_context (sw_context.h) whose function table is
 * filled by the sw_init_*_functions() of each state group.  Commands run
 * to completion when called, so flush has nothing to submit: it only
 * hands out a signalled fence, and texture_barrier has nothing to order.
 */
#include <stdlib.h>

#include "sw_context.h"
#include "sw_draw.h"
#include "sw_raster_priv.h"
#include "sw_resource.h"

static void
sw_context_destroy(struct pipe_context *ctx)
{
   struct sw_context *sw = sw_context(ctx);
   if (!sw)
      return;
   sw_release_state(sw);
   free(sw);
}

static void
sw_flush(struct pipe_context *ctx, struct pipe_fence_handle **fence,
         unsigned flags)
{
   if (!fence)
      return;
   struct pipe_fence_handle *f = sw_fence_create();
   ctx->screen->fence_reference(ctx->screen, fence, NULL);
   /* Out of memory: no fence; callers treat NULL as "finished". */
   *fence = f;
}

static void
sw_texture_barrier(struct pipe_context *ctx, unsigned flags)
{
   /* Draws finish writing before they return. */
}

static void
sw_get_sample_position(struct pipe_context *ctx, unsigned sample_count,
                       unsigned index, float out[2])
{
   /* The rasterizer's own table (1/256 of a pixel); one sample sits at
    * the centre. */
   const uint8_t *pos = sw_sample_pos[sample_count > 1][index % SW_MAX_SAMPLES];
   out[0] = pos[0] / 256.0f;
   out[1] = pos[1] / 256.0f;
}

struct pipe_context *
sw_context_create(struct pipe_screen *screen, void *priv, unsigned flags)
{
   struct sw_context *sw = calloc(1, sizeof(*sw));
   if (!sw)
      return NULL;
   sw->base.screen = screen;
   sw->base.priv = priv;
   sw->base.destroy = sw_context_destroy;
   sw->base.flush = sw_flush;
   sw->base.texture_barrier = sw_texture_barrier;
   sw->base.get_sample_position = sw_get_sample_position;
   sw->base.draw_vbo = sw_draw_vbo;
   sw->sample_mask = ~0u;
   sw_init_context_resource_functions(&sw->base);
   sw_init_state_functions(sw);
   sw_init_shader_functions(sw);
   sw_init_clear_functions(sw);
   sw_init_blit_functions(sw);
   sw_init_query_functions(sw);
   return &sw->base;
}
