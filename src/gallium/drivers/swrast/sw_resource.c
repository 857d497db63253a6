/* SPDX-License-Identifier: MIT */

/*
 * Resource creation and transfers of swrast.
 *
 * sw_resource_layout() validates a template and computes the layout that
 * sw_resource.h describes: for each level, the size in texels, the row
 * stride (blocks of a row, rounded up to SW_RESOURCE_ALIGN bytes), the
 * plane stride (rows of blocks times the row stride) and the number of
 * layers, levels following each other.  Sizes are computed in 64 bits and
 * rejected when they would not fit in memory, so that a hostile template
 * cannot make the arithmetic wrap.
 *
 * Transfers map the resource's own memory: swrast finishes every command
 * before it returns, so there is nothing to wait for and no staging copy.
 * A mapping of a multisampled texture shows sample 0 of each layer (its
 * layer_stride steps over the other samples).
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "sw_resource.h"
#include "pipe/p_inlines.h"

/** Upper bound of a resource's size (the address space is not the limit:
 * what malloc can give is; this keeps the 64-bit arithmetic exact). */
#define SW_MAX_RESOURCE_BYTES ((uint64_t)1 << 40)

static uint64_t
align64(uint64_t v, uint64_t a)
{
   return (v + a - 1) / a * a;
}

static unsigned
minify(unsigned size, unsigned level)
{
   unsigned s = size >> level;
   return s ? s : 1;
}

/** Whether the template's dimensions fit its target. */
static bool
check_dimensions(const struct pipe_resource *t)
{
   if (t->width0 == 0 || t->height0 == 0 || t->depth0 == 0 ||
       t->array_size == 0)
      return false;
   if (t->last_level >= PIPE_MAX_TEXTURE_LEVELS)
      return false;
   switch (t->target) {
   case PIPE_BUFFER:
      return t->height0 == 1 && t->depth0 == 1 && t->array_size == 1 &&
             t->last_level == 0 && t->nr_samples <= 1;
   case PIPE_TEXTURE_1D:
      return t->height0 == 1 && t->depth0 == 1 && t->array_size == 1;
   case PIPE_TEXTURE_1D_ARRAY:
      return t->height0 == 1 && t->depth0 == 1;
   case PIPE_TEXTURE_2D:
      return t->depth0 == 1 && t->array_size == 1;
   case PIPE_TEXTURE_RECT:
      return t->depth0 == 1 && t->array_size == 1 && t->last_level == 0;
   case PIPE_TEXTURE_2D_ARRAY:
      return t->depth0 == 1;
   case PIPE_TEXTURE_3D:
      return t->array_size == 1 && t->nr_samples <= 1;
   case PIPE_TEXTURE_CUBE:
      return t->width0 == t->height0 && t->depth0 == 1 && t->array_size == 6 &&
             t->nr_samples <= 1;
   case PIPE_TEXTURE_CUBE_ARRAY:
      return t->width0 == t->height0 && t->depth0 == 1 &&
             t->array_size % 6 == 0 && t->nr_samples <= 1;
   default:
      return false;
   }
}

bool
sw_resource_layout(struct sw_resource *res)
{
   const struct pipe_resource *t = &res->base;
   if (!check_dimensions(t))
      return false;
   res->nr_samples = t->nr_samples > 1 ? t->nr_samples : 1;
   if (res->nr_samples > 1 && t->last_level != 0)
      return false;

   if (t->target == PIPE_BUFFER) {
      res->block_width = res->block_height = res->block_bytes = 1;
      res->level_width[0] = t->width0;
      res->level_height[0] = 1;
      res->level_layers[0] = 1;
      res->row_stride[0] = (unsigned)align64(t->width0, SW_RESOURCE_ALIGN);
      res->layer_stride[0] = res->row_stride[0];
      res->size = res->row_stride[0];
      return true;
   }

   const struct u_format_desc *d = u_format_description(t->format);
   if (!d || t->format == PIPE_FORMAT_NONE || d->block_bytes == 0)
      return false;
   /* A level below 1x1x1 does not exist. */
   unsigned max_dim = t->width0;
   if (t->height0 > max_dim)
      max_dim = t->height0;
   if (t->target == PIPE_TEXTURE_3D && t->depth0 > max_dim)
      max_dim = t->depth0;
   if (t->last_level > 0 && (max_dim >> t->last_level) == 0)
      return false;

   res->block_width = d->block_width;
   res->block_height = d->block_height;
   res->block_bytes = d->block_bytes;

   uint64_t offset = 0;
   for (unsigned l = 0; l <= t->last_level; l++) {
      unsigned w = minify(t->width0, l);
      unsigned h = minify(t->height0, l);
      unsigned layers =
         t->target == PIPE_TEXTURE_3D ? minify(t->depth0, l) : t->array_size;
      uint64_t bx = (w + d->block_width - 1) / d->block_width;
      uint64_t by = (h + d->block_height - 1) / d->block_height;
      uint64_t row = align64(bx * d->block_bytes, SW_RESOURCE_ALIGN);
      uint64_t plane = row * by;
      uint64_t level_size = plane * layers * res->nr_samples;
      if (row > UINT32_MAX || level_size > SW_MAX_RESOURCE_BYTES ||
          offset + level_size > SW_MAX_RESOURCE_BYTES)
         return false;
      res->level_width[l] = w;
      res->level_height[l] = h;
      res->level_layers[l] = layers;
      res->level_offset[l] = (size_t)offset;
      res->row_stride[l] = (unsigned)row;
      res->layer_stride[l] = (size_t)plane;
      offset += level_size;
   }
   if ((uint64_t)(size_t)offset != offset)
      return false;
   res->size = (size_t)offset;
   return true;
}

static struct pipe_resource *
sw_resource_create(struct pipe_screen *screen,
                   const struct pipe_resource *templ)
{
   struct sw_resource *res = calloc(1, sizeof(*res));
   if (!res)
      return NULL;
   res->base = *templ;
   res->base.screen = screen;
   pipe_reference_init(&res->base.reference, 1);
   if (!sw_resource_layout(res)) {
      free(res);
      return NULL;
   }
   /* At least one byte so that an empty-looking resource still has an
    * address. */
   res->data = calloc(1, res->size ? res->size : 1);
   if (!res->data) {
      free(res);
      return NULL;
   }
   return &res->base;
}

static void
sw_resource_destroy(struct pipe_screen *screen, struct pipe_resource *pres)
{
   struct sw_resource *res = sw_resource(pres);
   free(res->data);
   free(res);
}

void
sw_init_screen_resource_functions(struct pipe_screen *screen)
{
   screen->resource_create = sw_resource_create;
   screen->resource_destroy = sw_resource_destroy;
}

/* ---------------------------------------------------------------------- */
/* Transfers                                                              */
/* ---------------------------------------------------------------------- */

/** Whether @p box lies inside level @p level and on block boundaries. */
static bool
box_in_level(const struct sw_resource *res, unsigned level,
             const struct pipe_box *box)
{
   if (level > res->base.last_level)
      return false;
   if (box->x < 0 || box->y < 0 || box->z < 0 || box->width < 0 ||
       box->height < 0 || box->depth < 0)
      return false;
   uint64_t w = res->level_width[level], h = res->level_height[level];
   uint64_t layers = res->level_layers[level];
   if ((uint64_t)box->x + (uint64_t)box->width > w ||
       (uint64_t)box->y + (uint64_t)box->height > h ||
       (uint64_t)box->z + (uint64_t)box->depth > layers)
      return false;
   /* Compressed formats: whole blocks, except at the level's edge. */
   if (box->x % res->block_width || box->y % res->block_height)
      return false;
   return true;
}

static void *
sw_texture_map(struct pipe_context *ctx, struct pipe_resource *pres,
               unsigned level, unsigned usage, const struct pipe_box *box,
               struct pipe_transfer **out)
{
   struct sw_resource *res = sw_resource(pres);
   *out = NULL;
   if (pres->target == PIPE_BUFFER) {
      if (level != 0 || box->x < 0 || box->width < 0 ||
          (uint64_t)box->x + (uint64_t)box->width > pres->width0)
         return NULL;
   } else if (!box_in_level(res, level, box)) {
      return NULL;
   }
   struct pipe_transfer *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   pipe_resource_ref(&t->resource, pres);
   t->level = level;
   t->usage = usage;
   t->box = *box;
   if (pres->target == PIPE_BUFFER) {
      t->stride = 0;
      t->layer_stride = 0;
      *out = t;
      return res->data + box->x;
   }
   t->stride = res->row_stride[level];
   t->layer_stride = (unsigned)(res->layer_stride[level] * res->nr_samples);
   *out = t;
   return sw_resource_texel(res, level, (unsigned)box->z, 0, (unsigned)box->x,
                            (unsigned)box->y);
}

static void
sw_transfer_unmap(struct pipe_context *ctx, struct pipe_transfer *t)
{
   if (!t)
      return;
   pipe_resource_ref(&t->resource, NULL);
   free(t);
}

static void
sw_transfer_flush_region(struct pipe_context *ctx, struct pipe_transfer *t,
                         const struct pipe_box *box)
{
   /* The mapping is the resource's memory: nothing to copy. */
}

static void
sw_buffer_subdata(struct pipe_context *ctx, struct pipe_resource *pres,
                  unsigned usage, unsigned offset, unsigned size,
                  const void *data)
{
   struct sw_resource *res = sw_resource(pres);
   if (pres->target != PIPE_BUFFER || (uint64_t)offset + size > pres->width0 ||
       !data)
      return;
   memcpy(res->data + offset, data, size);
}

static void
sw_texture_subdata(struct pipe_context *ctx, struct pipe_resource *pres,
                   unsigned level, unsigned usage, const struct pipe_box *box,
                   const void *data, unsigned stride, unsigned layer_stride)
{
   struct sw_resource *res = sw_resource(pres);
   if (pres->target == PIPE_BUFFER) {
      if (box->x >= 0 && box->width >= 0)
         sw_buffer_subdata(ctx, pres, usage, (unsigned)box->x,
                           (unsigned)box->width, data);
      return;
   }
   if (!data || !box_in_level(res, level, box))
      return;
   unsigned bw = res->block_width, bh = res->block_height;
   size_t row_bytes =
      (size_t)((unsigned)box->width + bw - 1) / bw * res->block_bytes;
   unsigned rows = ((unsigned)box->height + bh - 1) / bh;
   const uint8_t *src_layer = data;
   for (int z = 0; z < box->depth; z++) {
      const uint8_t *src = src_layer;
      for (unsigned r = 0; r < rows; r++) {
         uint8_t *dst =
            sw_resource_texel(res, level, (unsigned)(box->z + z), 0,
                              (unsigned)box->x, (unsigned)box->y + r * bh);
         memcpy(dst, src, row_bytes);
         src += stride;
      }
      src_layer += layer_stride;
   }
}

void
sw_init_context_resource_functions(struct pipe_context *ctx)
{
   ctx->buffer_map = sw_texture_map;
   ctx->texture_map = sw_texture_map;
   ctx->buffer_unmap = sw_transfer_unmap;
   ctx->texture_unmap = sw_transfer_unmap;
   ctx->transfer_flush_region = sw_transfer_flush_region;
   ctx->buffer_subdata = sw_buffer_subdata;
   ctx->texture_subdata = sw_texture_subdata;
}
