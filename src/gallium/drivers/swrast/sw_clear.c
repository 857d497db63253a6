/* SPDX-License-Identifier: MIT */

/*
 * Clears of swrast: pipe_context::clear (the bound framebuffer, optionally
 * scissored), clear_render_target and clear_depth_stencil (a rectangle of
 * a surface).
 *
 * A colour clear packs the clear value once with the format's pack
 * function (floats for normalized and float formats, integers for pure
 * integer formats, as pipe_color_union holds them) and copies the packed
 * texel over the rectangle of every layer and every sample of the surface.
 * Depth and stencil clears do the same when they replace the whole texel
 * (both aspects cleared, or a format with only one); clearing one aspect
 * of a combined format packs texel by texel with the format's z or s
 * function, which keeps the other aspect's bits.
 */
#include <string.h>

#include "sw_context.h"
#include "sw_resource.h"
#include "pipe/p_format.h"

/** A rectangle clipped to a surface. */
struct rect {
   unsigned x0, y0, x1, y1;
};

static bool
clip_rect(const struct pipe_surface *surf, unsigned x, unsigned y, unsigned w,
          unsigned h, struct rect *r)
{
   r->x0 = x < surf->width ? x : surf->width;
   r->y0 = y < surf->height ? y : surf->height;
   uint64_t x1 = (uint64_t)x + w, y1 = (uint64_t)y + h;
   r->x1 = x1 < surf->width ? (unsigned)x1 : surf->width;
   r->y1 = y1 < surf->height ? (unsigned)y1 : surf->height;
   return r->x0 < r->x1 && r->y0 < r->y1;
}

/** Copies the packed @p texel over @p r of every layer and sample. */
static void
fill_texel(const struct pipe_surface *surf, const struct rect *r,
           const uint8_t *texel, unsigned bytes)
{
   const struct sw_resource *res = sw_resource(surf->resource);
   for (unsigned z = surf->first_layer; z <= surf->last_layer; z++) {
      for (unsigned s = 0; s < res->nr_samples; s++) {
         for (unsigned y = r->y0; y < r->y1; y++) {
            uint8_t *row = sw_resource_texel(res, surf->level, z, s, r->x0, y);
            for (unsigned x = r->x0; x < r->x1; x++, row += bytes)
               memcpy(row, texel, bytes);
         }
      }
   }
}

static void
clear_color_rect(struct pipe_surface *surf, const union pipe_color_union *color,
                 const struct rect *r)
{
   const struct u_format_desc *d = u_format_description(surf->format);
   if (!d || d->is_compressed || d->block_bytes > 16 ||
       d->block_bytes != sw_resource(surf->resource)->block_bytes)
      return;
   uint8_t texel[16] = { 0 };
   bool ok;
   if (d->is_pure_uint)
      ok = u_format_pack_rgba_uint(surf->format, texel, color->ui, 1);
   else if (d->is_pure_sint)
      ok = u_format_pack_rgba_sint(surf->format, texel, color->i, 1);
   else
      ok = u_format_pack_rgba(surf->format, texel, color->f, 1);
   if (ok)
      fill_texel(surf, r, texel, d->block_bytes);
}

static void
clear_zs_rect(struct pipe_surface *surf, unsigned flags, double depth,
              unsigned stencil, const struct rect *r)
{
   const struct u_format_desc *d = u_format_description(surf->format);
   if (!d || !(d->is_depth || d->is_stencil) || d->block_bytes > 16)
      return;
   bool do_z = (flags & PIPE_CLEAR_DEPTH) && d->is_depth;
   bool do_s = (flags & PIPE_CLEAR_STENCIL) && d->is_stencil;
   if (!do_z && !do_s)
      return;
   float z = (float)depth;
   uint8_t s = (uint8_t)stencil;

   /* Whole texels replaced: pack once. */
   if (do_z == d->is_depth && do_s == d->is_stencil) {
      uint8_t texel[16] = { 0 };
      if (do_z)
         u_format_pack_z_float(surf->format, texel, &z, 1);
      if (do_s)
         u_format_pack_s_uint8(surf->format, texel, &s, 1);
      fill_texel(surf, r, texel, d->block_bytes);
      return;
   }

   const struct sw_resource *res = sw_resource(surf->resource);
   for (unsigned l = surf->first_layer; l <= surf->last_layer; l++) {
      for (unsigned smp = 0; smp < res->nr_samples; smp++) {
         for (unsigned y = r->y0; y < r->y1; y++) {
            uint8_t *row =
               sw_resource_texel(res, surf->level, l, smp, r->x0, y);
            for (unsigned x = r->x0; x < r->x1; x++, row += d->block_bytes) {
               if (do_z)
                  u_format_pack_z_float(surf->format, row, &z, 1);
               else
                  u_format_pack_s_uint8(surf->format, row, &s, 1);
            }
         }
      }
   }
}

static void
sw_clear(struct pipe_context *ctx, unsigned buffers,
         const struct pipe_scissor_state *scissor,
         const union pipe_color_union *color, double depth, unsigned stencil)
{
   struct sw_context *sw = sw_context(ctx);
   if (!sw_check_render_condition(sw))
      return;
   const struct pipe_framebuffer_state *fb = &sw->framebuffer;
   unsigned x = 0, y = 0, w = ~0u, h = ~0u;
   if (scissor) {
      if (scissor->maxx <= scissor->minx || scissor->maxy <= scissor->miny)
         return;
      x = scissor->minx;
      y = scissor->miny;
      w = scissor->maxx - scissor->minx;
      h = scissor->maxy - scissor->miny;
   }
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      struct pipe_surface *surf = fb->cbufs[i];
      struct rect r;
      if ((buffers & PIPE_CLEAR_COLOR_BUF(i)) && surf && color &&
          clip_rect(surf, x, y, w, h, &r))
         clear_color_rect(surf, color, &r);
   }
   struct rect r;
   if ((buffers & PIPE_CLEAR_DEPTHSTENCIL) && fb->zsbuf &&
       clip_rect(fb->zsbuf, x, y, w, h, &r))
      clear_zs_rect(fb->zsbuf, buffers, depth, stencil, &r);
}

static void
sw_clear_render_target(struct pipe_context *ctx, struct pipe_surface *dst,
                       const union pipe_color_union *color, unsigned dstx,
                       unsigned dsty, unsigned width, unsigned height)
{
   struct rect r;
   if (dst && color && clip_rect(dst, dstx, dsty, width, height, &r))
      clear_color_rect(dst, color, &r);
}

static void
sw_clear_depth_stencil(struct pipe_context *ctx, struct pipe_surface *dst,
                       unsigned clear_flags, double depth, unsigned stencil,
                       unsigned dstx, unsigned dsty, unsigned width,
                       unsigned height)
{
   struct rect r;
   if (dst && clip_rect(dst, dstx, dsty, width, height, &r))
      clear_zs_rect(dst, clear_flags, depth, stencil, &r);
}

void
sw_init_clear_functions(struct sw_context *sw)
{
   sw->base.clear = sw_clear;
   sw->base.clear_render_target = sw_clear_render_target;
   sw->base.clear_depth_stencil = sw_clear_depth_stencil;
}
