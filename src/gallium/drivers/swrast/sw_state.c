/* SPDX-License-Identifier: MIT */

/*
 * Constant state objects (blend, depth/stencil/alpha, rasterizer, sampler,
 * vertex elements), mutable state (set_*) and views (sampler views,
 * surfaces, stream-output targets) of swrast.
 *
 * CSOs are copies of their templates; binding stores the pointer in
 * struct sw_context.  Mutable state is copied into the context; every
 * resource, surface, view and target it points to is referenced for as
 * long as it is bound, and sw_release_state() drops all of it when the
 * context goes away.  Shaders live in sw_state_shader.c.
 *
 * Views are checked against their resource at creation (levels, layers,
 * byte ranges, a format of the same block size), so that the stages that
 * read through them never leave the resource's memory.
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "sw_resource.h"
#include "pipe/p_format.h"
#include "pipe/p_inlines.h"

/* ---------------------------------------------------------------------- */
/* CSOs                                                                   */
/* ---------------------------------------------------------------------- */

static void *
copy_state(const void *templ, size_t size)
{
   void *cso = malloc(size);
   if (cso)
      memcpy(cso, templ, size);
   return cso;
}

static void
sw_delete_state(struct pipe_context *ctx, void *cso)
{
   free(cso);
}

static void *
sw_create_blend_state(struct pipe_context *ctx,
                      const struct pipe_blend_state *templ)
{
   struct sw_blend_state *b = calloc(1, sizeof(*b));
   if (!b)
      return NULL;
   b->base = *templ;
   /* Without independent blending rt[0] applies to every target: store
    * it that way so that the fragment stage indexes rt[] directly. */
   if (!templ->independent_blend_enable) {
      for (unsigned i = 1; i < PIPE_MAX_COLOR_BUFS; i++)
         b->base.rt[i] = templ->rt[0];
   }
   return b;
}

static void
sw_bind_blend_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->blend = cso;
}

static void *
sw_create_dsa_state(struct pipe_context *ctx,
                    const struct pipe_depth_stencil_alpha_state *templ)
{
   struct sw_depth_stencil_alpha_state *d = calloc(1, sizeof(*d));
   if (!d)
      return NULL;
   d->base = *templ;
   /* A disabled back face uses the front state (one-sided stencil). */
   if (!templ->stencil[1].enabled)
      d->base.stencil[1] = templ->stencil[0];
   return d;
}

static void
sw_bind_dsa_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->dsa = cso;
}

static void *
sw_create_rasterizer_state(struct pipe_context *ctx,
                           const struct pipe_rasterizer_state *templ)
{
   return copy_state(templ, sizeof(struct sw_rasterizer_state));
}

static void
sw_bind_rasterizer_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->rasterizer = cso;
}

static void *
sw_create_sampler_state(struct pipe_context *ctx,
                        const struct pipe_sampler_state *templ)
{
   return copy_state(templ, sizeof(struct sw_sampler_state));
}

static void
sw_bind_sampler_states(struct pipe_context *ctx, enum pipe_shader_type shader,
                       unsigned start, unsigned count, void **states)
{
   struct sw_context *sw = sw_context(ctx);
   if ((unsigned)shader >= PIPE_SHADER_TYPES || start >= PIPE_MAX_SAMPLERS)
      return;
   if (count > PIPE_MAX_SAMPLERS - start)
      count = PIPE_MAX_SAMPLERS - start;
   for (unsigned i = 0; i < count; i++)
      sw->samplers[shader][start + i] = states ? states[i] : NULL;
}

static void *
sw_create_vertex_elements_state(struct pipe_context *ctx, unsigned count,
                                const struct pipe_vertex_element *elements)
{
   if (count > PIPE_MAX_ATTRIBS)
      return NULL;
   struct sw_vertex_elements_state *v = calloc(1, sizeof(*v));
   if (!v)
      return NULL;
   v->count = count;
   if (count)
      memcpy(v->elements, elements, count * sizeof(*elements));
   return v;
}

static void
sw_bind_vertex_elements_state(struct pipe_context *ctx, void *cso)
{
   sw_context(ctx)->velems = cso;
}

/* ---------------------------------------------------------------------- */
/* Mutable state                                                          */
/* ---------------------------------------------------------------------- */

static void
sw_set_blend_color(struct pipe_context *ctx,
                   const struct pipe_blend_color *color)
{
   sw_context(ctx)->blend_color = *color;
}

static void
sw_set_stencil_ref(struct pipe_context *ctx, const struct pipe_stencil_ref *ref)
{
   sw_context(ctx)->stencil_ref = *ref;
}

static void
sw_set_sample_mask(struct pipe_context *ctx, unsigned mask)
{
   sw_context(ctx)->sample_mask = mask;
}

static void
sw_set_clip_state(struct pipe_context *ctx, const struct pipe_clip_state *clip)
{
   sw_context(ctx)->clip = *clip;
}

static void
sw_set_constant_buffer(struct pipe_context *ctx, enum pipe_shader_type shader,
                       unsigned index, const struct pipe_constant_buffer *cb)
{
   struct sw_context *sw = sw_context(ctx);
   if ((unsigned)shader >= PIPE_SHADER_TYPES ||
       index >= PIPE_MAX_CONSTANT_BUFFERS)
      return;
   struct pipe_constant_buffer *slot = &sw->constants[shader][index];
   struct pipe_resource *buf = cb ? cb->buffer : NULL;
   pipe_resource_ref(&slot->buffer, buf);
   if (cb) {
      slot->buffer_offset = cb->buffer_offset;
      slot->buffer_size = cb->buffer_size;
      slot->user_buffer = cb->user_buffer;
   } else {
      slot->buffer_offset = slot->buffer_size = 0;
      slot->user_buffer = NULL;
   }
}

static void
sw_set_framebuffer_state(struct pipe_context *ctx,
                         const struct pipe_framebuffer_state *fb)
{
   struct sw_context *sw = sw_context(ctx);
   struct pipe_framebuffer_state *cur = &sw->framebuffer;
   unsigned nr =
      fb->nr_cbufs < PIPE_MAX_COLOR_BUFS ? fb->nr_cbufs : PIPE_MAX_COLOR_BUFS;
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_surface_ref(&cur->cbufs[i], i < nr ? fb->cbufs[i] : NULL);
   pipe_surface_ref(&cur->zsbuf, fb->zsbuf);
   cur->width = fb->width;
   cur->height = fb->height;
   cur->layers = fb->layers;
   cur->samples = fb->samples;
   cur->nr_cbufs = nr;
}

static void
sw_set_polygon_stipple(struct pipe_context *ctx,
                       const struct pipe_poly_stipple *stipple)
{
   sw_context(ctx)->poly_stipple = *stipple;
}

static void
sw_set_scissor_states(struct pipe_context *ctx, unsigned start, unsigned num,
                      const struct pipe_scissor_state *scissors)
{
   struct sw_context *sw = sw_context(ctx);
   for (unsigned i = 0; i < num && start + i < PIPE_MAX_VIEWPORTS; i++)
      sw->scissors[start + i] = scissors[i];
}

static void
sw_set_viewport_states(struct pipe_context *ctx, unsigned start, unsigned num,
                       const struct pipe_viewport_state *viewports)
{
   struct sw_context *sw = sw_context(ctx);
   for (unsigned i = 0; i < num && start + i < PIPE_MAX_VIEWPORTS; i++)
      sw->viewports[start + i] = viewports[i];
}

static void
sw_set_sampler_views(struct pipe_context *ctx, enum pipe_shader_type shader,
                     unsigned start, unsigned count,
                     struct pipe_sampler_view **views)
{
   struct sw_context *sw = sw_context(ctx);
   if ((unsigned)shader >= PIPE_SHADER_TYPES ||
       start >= PIPE_MAX_SHADER_SAMPLER_VIEWS)
      return;
   if (count > PIPE_MAX_SHADER_SAMPLER_VIEWS - start)
      count = PIPE_MAX_SHADER_SAMPLER_VIEWS - start;
   for (unsigned i = 0; i < count; i++)
      pipe_sampler_view_ref(&sw->sampler_views[shader][start + i],
                            views ? views[i] : NULL);
}

static void
sw_set_vertex_buffers(struct pipe_context *ctx, unsigned start, unsigned count,
                      const struct pipe_vertex_buffer *buffers)
{
   struct sw_context *sw = sw_context(ctx);
   if (start >= PIPE_MAX_ATTRIBS)
      return;
   if (count > PIPE_MAX_ATTRIBS - start)
      count = PIPE_MAX_ATTRIBS - start;
   for (unsigned i = 0; i < count; i++) {
      struct pipe_vertex_buffer *slot = &sw->vertex_buffers[start + i];
      if (!slot->is_user_buffer)
         pipe_resource_ref(&slot->buffer.resource, NULL);
      memset(slot, 0, sizeof(*slot));
      if (!buffers)
         continue;
      slot->stride = buffers[i].stride;
      slot->buffer_offset = buffers[i].buffer_offset;
      slot->is_user_buffer = buffers[i].is_user_buffer;
      if (slot->is_user_buffer)
         slot->buffer.user = buffers[i].buffer.user;
      else
         pipe_resource_ref(&slot->buffer.resource, buffers[i].buffer.resource);
   }
}

/* ---------------------------------------------------------------------- */
/* Views                                                                  */
/* ---------------------------------------------------------------------- */

/** Whether a view may read @p res as @p format: same block size and
 * bytes (GL's view classes are the frontend's business). */
static bool
view_format_ok(const struct pipe_resource *res, enum pipe_format format)
{
   const struct u_format_desc *v = u_format_description(format);
   if (res->target == PIPE_BUFFER)
      return v && format != PIPE_FORMAT_NONE && !v->is_compressed;
   const struct sw_resource *s = sw_resource((struct pipe_resource *)res);
   return v && format != PIPE_FORMAT_NONE && v->block_bytes == s->block_bytes &&
          v->block_width == s->block_width &&
          v->block_height == s->block_height;
}

/** Whether the view's levels, layers or byte range lie in @p res, so
 * that the sampler never reads outside the resource. */
static bool
view_range_ok(const struct pipe_resource *res,
              const struct pipe_sampler_view *t)
{
   if (res->target == PIPE_BUFFER)
      return (uint64_t)t->buffer_offset + t->buffer_size <= res->width0;
   if (t->first_level > t->last_level || t->last_level > res->last_level)
      return false;
   const struct sw_resource *s = sw_resource((struct pipe_resource *)res);
   /* 3D textures have no layers to choose: slices come with the level. */
   if (res->target == PIPE_TEXTURE_3D)
      return true;
   return t->first_layer <= t->last_layer && t->last_layer < s->level_layers[0];
}

static struct pipe_sampler_view *
sw_create_sampler_view(struct pipe_context *ctx, struct pipe_resource *res,
                       const struct pipe_sampler_view *templ)
{
   if (!res || !view_format_ok(res, templ->format) ||
       !view_range_ok(res, templ))
      return NULL;
   struct pipe_sampler_view *v = calloc(1, sizeof(*v));
   if (!v)
      return NULL;
   *v = *templ;
   pipe_reference_init(&v->reference, 1);
   v->context = ctx;
   v->resource = NULL;
   pipe_resource_ref(&v->resource, res);
   return v;
}

static void
sw_sampler_view_destroy(struct pipe_context *ctx,
                        struct pipe_sampler_view *view)
{
   pipe_resource_ref(&view->resource, NULL);
   free(view);
}

static struct pipe_surface *
sw_create_surface(struct pipe_context *ctx, struct pipe_resource *res,
                  const struct pipe_surface *templ)
{
   if (!res || res->target == PIPE_BUFFER || templ->level > res->last_level)
      return NULL;
   const struct sw_resource *sres = sw_resource(res);
   if (templ->first_layer > templ->last_layer ||
       templ->last_layer >= sres->level_layers[templ->level])
      return NULL;
   if (templ->format != PIPE_FORMAT_NONE && !view_format_ok(res, templ->format))
      return NULL;
   struct pipe_surface *s = calloc(1, sizeof(*s));
   if (!s)
      return NULL;
   pipe_reference_init(&s->reference, 1);
   s->context = ctx;
   pipe_resource_ref(&s->resource, res);
   s->format = templ->format != PIPE_FORMAT_NONE ? templ->format : res->format;
   s->level = templ->level;
   s->first_layer = templ->first_layer;
   s->last_layer = templ->last_layer;
   s->width = sres->level_width[templ->level];
   s->height = sres->level_height[templ->level];
   return s;
}

static void
sw_surface_destroy(struct pipe_context *ctx, struct pipe_surface *surf)
{
   pipe_resource_ref(&surf->resource, NULL);
   free(surf);
}

static struct pipe_stream_output_target *
sw_create_so_target(struct pipe_context *ctx, struct pipe_resource *buffer,
                    unsigned offset, unsigned size)
{
   if (!buffer || buffer->target != PIPE_BUFFER ||
       (uint64_t)offset + size > buffer->width0)
      return NULL;
   struct pipe_stream_output_target *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   pipe_reference_init(&t->reference, 1);
   t->context = ctx;
   pipe_resource_ref(&t->buffer, buffer);
   t->buffer_offset = offset;
   t->buffer_size = size;
   return t;
}

static void
sw_so_target_destroy(struct pipe_context *ctx,
                     struct pipe_stream_output_target *t)
{
   pipe_resource_ref(&t->buffer, NULL);
   free(t);
}

static void
sw_set_so_targets(struct pipe_context *ctx, unsigned num,
                  struct pipe_stream_output_target **targets,
                  const unsigned *offsets)
{
   struct sw_context *sw = sw_context(ctx);
   if (num > PIPE_MAX_SO_BUFFERS)
      num = PIPE_MAX_SO_BUFFERS;
   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++) {
      struct pipe_stream_output_target *t = i < num ? targets[i] : NULL;
      /* (unsigned)-1 resumes: keep what the same target already holds. */
      bool append = t && offsets && offsets[i] == ~0u;
      if (!append || sw->so_targets[i] != t)
         sw->so_written[i] = 0;
      if (t && !append && offsets)
         sw->so_written[i] = offsets[i];
      pipe_so_target_ref(&sw->so_targets[i], t);
   }
   sw->num_so_targets = num;
}

/* ---------------------------------------------------------------------- */

void
sw_release_state(struct sw_context *sw)
{
   struct pipe_context *ctx = &sw->base;
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++)
         pipe_resource_ref(&sw->constants[s][i].buffer, NULL);
      for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++)
         pipe_sampler_view_ref(&sw->sampler_views[s][i], NULL);
   }
   for (unsigned i = 0; i < PIPE_MAX_COLOR_BUFS; i++)
      pipe_surface_ref(&sw->framebuffer.cbufs[i], NULL);
   pipe_surface_ref(&sw->framebuffer.zsbuf, NULL);
   sw_set_vertex_buffers(ctx, 0, PIPE_MAX_ATTRIBS, NULL);
   for (unsigned i = 0; i < PIPE_MAX_SO_BUFFERS; i++)
      pipe_so_target_ref(&sw->so_targets[i], NULL);
}

void
sw_init_state_functions(struct sw_context *sw)
{
   struct pipe_context *ctx = &sw->base;
   ctx->create_blend_state = sw_create_blend_state;
   ctx->bind_blend_state = sw_bind_blend_state;
   ctx->delete_blend_state = sw_delete_state;
   ctx->create_depth_stencil_alpha_state = sw_create_dsa_state;
   ctx->bind_depth_stencil_alpha_state = sw_bind_dsa_state;
   ctx->delete_depth_stencil_alpha_state = sw_delete_state;
   ctx->create_rasterizer_state = sw_create_rasterizer_state;
   ctx->bind_rasterizer_state = sw_bind_rasterizer_state;
   ctx->delete_rasterizer_state = sw_delete_state;
   ctx->create_sampler_state = sw_create_sampler_state;
   ctx->bind_sampler_states = sw_bind_sampler_states;
   ctx->delete_sampler_state = sw_delete_state;
   ctx->create_vertex_elements_state = sw_create_vertex_elements_state;
   ctx->bind_vertex_elements_state = sw_bind_vertex_elements_state;
   ctx->delete_vertex_elements_state = sw_delete_state;

   ctx->set_blend_color = sw_set_blend_color;
   ctx->set_stencil_ref = sw_set_stencil_ref;
   ctx->set_sample_mask = sw_set_sample_mask;
   ctx->set_clip_state = sw_set_clip_state;
   ctx->set_constant_buffer = sw_set_constant_buffer;
   ctx->set_framebuffer_state = sw_set_framebuffer_state;
   ctx->set_polygon_stipple = sw_set_polygon_stipple;
   ctx->set_scissor_states = sw_set_scissor_states;
   ctx->set_viewport_states = sw_set_viewport_states;
   ctx->set_sampler_views = sw_set_sampler_views;
   ctx->set_vertex_buffers = sw_set_vertex_buffers;

   ctx->create_sampler_view = sw_create_sampler_view;
   ctx->sampler_view_destroy = sw_sampler_view_destroy;
   ctx->create_surface = sw_create_surface;
   ctx->surface_destroy = sw_surface_destroy;
   ctx->create_stream_output_target = sw_create_so_target;
   ctx->stream_output_target_destroy = sw_so_target_destroy;
   ctx->set_stream_output_targets = sw_set_so_targets;
}
