/* SPDX-License-Identifier: MIT */

/*
 * Helpers shared by the swrast tests: a screen and context per test, and
 * resource templates.
 */
#ifndef SW_TEST_UTIL_H
#define SW_TEST_UTIL_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "sw_public.h"

struct sw_test {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
};

static inline int
sw_test_setup(void **state)
{
   struct sw_test *t = calloc(1, sizeof(*t));
   if (!t)
      return -1;
   t->screen = sw_screen_create();
   if (!t->screen)
      return -1;
   t->ctx = t->screen->context_create(t->screen, NULL, 0);
   if (!t->ctx)
      return -1;
   *state = t;
   return 0;
}

static inline int
sw_test_teardown(void **state)
{
   struct sw_test *t = *state;
   t->ctx->destroy(t->ctx);
   t->screen->destroy(t->screen);
   free(t);
   return 0;
}

static inline struct pipe_resource
sw_test_templ(enum pipe_texture_target target, enum pipe_format format,
              unsigned w, unsigned h, unsigned d, unsigned layers,
              unsigned last_level)
{
   struct pipe_resource t = {
      .target = target,
      .format = format,
      .width0 = w,
      .height0 = h,
      .depth0 = d,
      .array_size = layers,
      .last_level = last_level,
      .bind = PIPE_BIND_SAMPLER_VIEW,
   };
   return t;
}

static inline struct pipe_resource *
sw_test_buffer(struct sw_test *t, unsigned size, const void *data)
{
   struct pipe_resource templ =
      sw_test_templ(PIPE_BUFFER, PIPE_FORMAT_NONE, size, 1, 1, 1, 0);
   templ.bind = PIPE_BIND_VERTEX_BUFFER;
   struct pipe_resource *r = t->screen->resource_create(t->screen, &templ);
   assert_non_null(r);
   if (data)
      t->ctx->buffer_subdata(t->ctx, r, PIPE_MAP_WRITE, 0, size, data);
   return r;
}

/** A surface of layer range [first, last] of level @p level. */
static inline struct pipe_surface *
sw_test_surface(struct sw_test *t, struct pipe_resource *r,
                enum pipe_format format, unsigned level, unsigned first,
                unsigned last)
{
   struct pipe_surface templ = {
      .format = format,
      .level = level,
      .first_layer = first,
      .last_layer = last,
   };
   struct pipe_surface *s = t->ctx->create_surface(t->ctx, r, &templ);
   assert_non_null(s);
   return s;
}

/** Reads texel (x, y) of layer z of level @p level (sample 0) into @p out
 * (@p bytes bytes) through a transfer. */
static inline void
sw_test_read_texel(struct sw_test *t, struct pipe_resource *r, unsigned level,
                   unsigned x, unsigned y, unsigned z, void *out,
                   unsigned bytes)
{
   struct pipe_box box = { (int)x, (int)y, (int)z, 1, 1, 1 };
   struct pipe_transfer *tr;
   void *p = t->ctx->texture_map(t->ctx, r, level, PIPE_MAP_READ, &box, &tr);
   assert_non_null(p);
   memcpy(out, p, bytes);
   t->ctx->texture_unmap(t->ctx, tr);
}

#endif
