/* SPDX-License-Identifier: MIT */

/*
 * Shared scaffolding of the fragment-operation tests
 * (sw_fragops_*_test.c): a hand-built struct sw_context whose framebuffer
 * points at surfaces of resources created through a swrast screen, and
 * helpers to build quads and read texels back.
 *
 * The context is not a real pipe_context (no sw_context_create()): the
 * tests set the CSO pointers and the framebuffer fields directly, and the
 * surfaces are plain structs that are not reference counted, which is all
 * sw_fragops_prepare() reads.
 */
#ifndef SW_FRAGOPS_TEST_H
#define SW_FRAGOPS_TEST_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "sw_context.h"
#include "sw_pipeline.h"
#include "sw_public.h"
#include "sw_resource.h"
#include "u_format_convert.h"

struct fo_env {
   struct pipe_screen *screen;
   struct sw_context sw;
   struct sw_blend_state blend;
   struct sw_depth_stencil_alpha_state dsa;
   struct sw_rasterizer_state rast;
   struct pipe_surface cbufs[PIPE_MAX_COLOR_BUFS];
   struct pipe_surface zs;
   struct pipe_resource *res[PIPE_MAX_COLOR_BUFS];
   struct pipe_resource *zs_res;
   /** The test's parameter (cmocka's initial state). */
   uintptr_t param;
};

static struct pipe_screen *fo_screen;

static inline int
fo_group_setup(void **state)
{
   fo_screen = sw_screen_create();
   return fo_screen ? 0 : -1;
}

static inline int
fo_group_teardown(void **state)
{
   fo_screen->destroy(fo_screen);
   return 0;
}

static inline int
fo_setup(void **state)
{
   struct fo_env *e = calloc(1, sizeof(*e));
   if (!e)
      return -1;
   e->param = (uintptr_t)*state;
   e->screen = fo_screen;
   e->sw.blend = &e->blend;
   e->sw.dsa = &e->dsa;
   e->sw.rasterizer = &e->rast;
   e->sw.sample_mask = ~0u;
   e->rast.base.multisample = true;
   e->rast.base.half_pixel_center = true;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      e->blend.base.rt[i].colormask = PIPE_MASK_RGBA;
   *state = e;
   return 0;
}

static inline int
fo_teardown(void **state)
{
   struct fo_env *e = *state;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_resource_ref(&e->res[i], NULL);
   pipe_resource_ref(&e->zs_res, NULL);
   free(e);
   return 0;
}

static inline struct pipe_resource *
fo_resource(struct fo_env *e, enum pipe_format format, unsigned w, unsigned h,
            unsigned layers, unsigned samples, unsigned bind)
{
   struct pipe_resource templ = {
      .target = layers > 1 ? PIPE_TEXTURE_2D_ARRAY : PIPE_TEXTURE_2D,
      .format = format,
      .width0 = w,
      .height0 = h,
      .depth0 = 1,
      .array_size = layers,
      .nr_samples = samples,
      .bind = bind,
   };
   struct pipe_resource *r = e->screen->resource_create(e->screen, &templ);
   assert_non_null(r);
   return r;
}

static inline void
fo_init_surface(struct pipe_surface *s, struct pipe_resource *r,
                enum pipe_format format)
{
   memset(s, 0, sizeof(*s));
   s->resource = r;
   s->format = format;
   s->width = r->width0;
   s->height = r->height0;
   s->last_layer = r->array_size - 1;
}

/** Binds a new w x h colour buffer as cbufs[i]. */
static inline struct pipe_resource *
fo_add_cbuf(struct fo_env *e, unsigned i, enum pipe_format format, unsigned w,
            unsigned h, unsigned layers, unsigned samples)
{
   pipe_resource_ref(&e->res[i], NULL);
   e->res[i] =
      fo_resource(e, format, w, h, layers, samples, PIPE_BIND_RENDER_TARGET);
   fo_init_surface(&e->cbufs[i], e->res[i], format);
   e->sw.framebuffer.cbufs[i] = &e->cbufs[i];
   if (e->sw.framebuffer.nr_cbufs <= i)
      e->sw.framebuffer.nr_cbufs = i + 1;
   e->sw.framebuffer.width = w;
   e->sw.framebuffer.height = h;
   return e->res[i];
}

static inline struct pipe_resource *
fo_set_zs(struct fo_env *e, enum pipe_format format, unsigned w, unsigned h,
          unsigned layers, unsigned samples)
{
   pipe_resource_ref(&e->zs_res, NULL);
   e->zs_res =
      fo_resource(e, format, w, h, layers, samples, PIPE_BIND_DEPTH_STENCIL);
   fo_init_surface(&e->zs, e->zs_res, format);
   e->sw.framebuffer.zsbuf = &e->zs;
   e->sw.framebuffer.width = w;
   e->sw.framebuffer.height = h;
   return e->zs_res;
}

static inline uint8_t *
fo_texel(struct pipe_resource *r, unsigned layer, unsigned sample, unsigned x,
         unsigned y)
{
   return sw_resource_texel(sw_resource(r), 0, layer, sample, x, y);
}

static inline struct sw_fragops_state *
fo_prepare(struct fo_env *e)
{
   struct sw_fragops_state *fo = sw_fragops_prepare(&e->sw);
   assert_non_null(fo);
   return fo;
}

/** A quad at (@p x, @p y) with every pixel covered by @p cov, depth 0,
 * colours 0 and every render target written. */
static inline void
fo_quad(struct sw_quad *q, unsigned x, unsigned y, uint8_t cov)
{
   memset(q, 0, sizeof(*q));
   q->x = x;
   q->y = y;
   q->front_facing = true;
   q->color_written = 0xff;
   for (unsigned i = 0; i < 4; i++)
      q->coverage[i] = cov;
}

static inline void
fo_quad_depth(struct sw_quad *q, unsigned pixel, float z)
{
   for (unsigned s = 0; s < SW_MAX_SAMPLES; s++)
      q->depth[pixel][s] = z;
}

static inline void
fo_quad_color(struct sw_quad *q, unsigned rt, unsigned pixel, float r, float g,
              float b, float a)
{
   const float c[4] = { r, g, b, a };
   for (unsigned k = 0; k < 4; k++)
      q->color[rt][k][pixel] = u_format_float_to_bits(c[k]);
}

static inline void
fo_quad_icolor(struct sw_quad *q, unsigned rt, unsigned pixel, uint32_t r,
               uint32_t g, uint32_t b, uint32_t a)
{
   q->color[rt][0][pixel] = r;
   q->color[rt][1][pixel] = g;
   q->color[rt][2][pixel] = b;
   q->color[rt][3][pixel] = a;
}

#define FO_TEST(fn) cmocka_unit_test_setup_teardown(fn, fo_setup, fo_teardown)
/** Test @p fn named @p name, run with e->param = @p p. */
#define FO_TEST_P(name, fn, p)                                \
   {                                                          \
      name, fn, fo_setup, fo_teardown, (void *)(uintptr_t)(p) \
   }

#endif
