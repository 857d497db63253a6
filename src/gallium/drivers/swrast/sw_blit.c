/* SPDX-License-Identifier: MIT */

/*
 * resource_copy_region and blit of swrast.
 *
 * resource_copy_region copies bytes: rows of blocks from one level/layer
 * range to another, every sample of multisampled resources, memmove for
 * buffers (the ranges may overlap when copying within one buffer).
 *
 * blit converts.  Each destination texel centre (dx + 0.5, dy + 0.5) maps
 * to the source point src.x + (dx + 0.5 - dst.x) * src.width / dst.width
 * (likewise y; a negative source width or height mirrors), layers map
 * nearest.  Nearest filtering takes the texel under the point, linear
 * blends the four around it, both clamped to the source level's edges.
 * Values travel as RGBA floats through u_format unpack/pack (so unorm,
 * snorm, float, sRGB and compressed sources mix freely), as integers when
 * both formats are pure integer formats, as depth floats and stencil
 * bytes for PIPE_MASK_Z and PIPE_MASK_S.  A multisampled source is
 * resolved: the average of its samples for float colours, sample 0 for
 * integers, depth and stencil.  Every sample of a multisampled
 * destination gets the value.  Partial colour masks keep the destination's
 * other channels.  Linear filtering applies to float colours only (GL
 * rejects linear blits of depth, stencil and integer formats).
 */
#include <math.h>
#include <string.h>

#include "sw_context.h"
#include "sw_resource.h"
#include "pipe/p_format.h"

/* ---------------------------------------------------------------------- */
/* resource_copy_region                                                   */
/* ---------------------------------------------------------------------- */

static bool
box_fits(const struct sw_resource *res, unsigned level, int x, int y, int z,
         int w, int h, int d)
{
   if (level > res->base.last_level || x < 0 || y < 0 || z < 0 || w < 0 ||
       h < 0 || d < 0)
      return false;
   return (uint64_t)x + (uint64_t)w <= res->level_width[level] &&
          (uint64_t)y + (uint64_t)h <= res->level_height[level] &&
          (uint64_t)z + (uint64_t)d <= res->level_layers[level];
}

static void
sw_resource_copy_region(struct pipe_context *ctx, struct pipe_resource *pdst,
                        unsigned dst_level, unsigned dstx, unsigned dsty,
                        unsigned dstz, struct pipe_resource *psrc,
                        unsigned src_level, const struct pipe_box *box)
{
   struct sw_resource *dst = sw_resource(pdst), *src = sw_resource(psrc);
   if (pdst->target == PIPE_BUFFER || psrc->target == PIPE_BUFFER) {
      if (pdst->target != psrc->target || box->x < 0 || box->width < 0 ||
          (uint64_t)box->x + (uint64_t)box->width > psrc->width0 ||
          (uint64_t)dstx + (uint64_t)box->width > pdst->width0)
         return;
      memmove(dst->data + dstx, src->data + box->x, (size_t)box->width);
      return;
   }
   if (dst->block_bytes != src->block_bytes ||
       dst->nr_samples != src->nr_samples ||
       dst->block_width != src->block_width ||
       dst->block_height != src->block_height)
      return;
   if (!box_fits(src, src_level, box->x, box->y, box->z, box->width,
                 box->height, box->depth) ||
       !box_fits(dst, dst_level, (int)dstx, (int)dsty, (int)dstz, box->width,
                 box->height, box->depth))
      return;
   unsigned bw = src->block_width, bh = src->block_height;
   if (box->x % bw || box->y % bh || dstx % bw || dsty % bh)
      return;
   size_t row_bytes =
      (size_t)(((unsigned)box->width + bw - 1) / bw) * src->block_bytes;
   unsigned rows = ((unsigned)box->height + bh - 1) / bh;
   for (int z = 0; z < box->depth; z++) {
      for (unsigned s = 0; s < src->nr_samples; s++) {
         for (unsigned r = 0; r < rows; r++) {
            const uint8_t *from =
               sw_resource_texel(src, src_level, (unsigned)(box->z + z), s,
                                 (unsigned)box->x, (unsigned)box->y + r * bh);
            uint8_t *to = sw_resource_texel(dst, dst_level, dstz + (unsigned)z,
                                            s, dstx, dsty + r * bh);
            memmove(to, from, row_bytes);
         }
      }
   }
}

/* ---------------------------------------------------------------------- */
/* blit                                                                   */
/* ---------------------------------------------------------------------- */

enum value_kind {
   KIND_FLOAT,
   KIND_UINT,
   KIND_SINT,
};

struct blit_src {
   const struct sw_resource *res;
   enum pipe_format format;
   const struct u_format_desc *desc;
   unsigned level, width, height;
};

/** Colour of source texel (x, y) of @p layer as floats or integers,
 * resolved over the samples. */
static void
fetch_color(const struct blit_src *s, unsigned layer, unsigned x, unsigned y,
            enum value_kind kind, uint32_t out[4])
{
   const struct sw_resource *res = s->res;
   unsigned samples = kind == KIND_FLOAT ? res->nr_samples : 1;
   float sum[4] = { 0, 0, 0, 0 };
   for (unsigned smp = 0; smp < samples; smp++) {
      if (kind == KIND_UINT) {
         u_format_unpack_rgba_uint(
            s->format, sw_resource_texel(res, s->level, layer, 0, x, y), out,
            1);
         return;
      }
      if (kind == KIND_SINT) {
         u_format_unpack_rgba_sint(
            s->format, sw_resource_texel(res, s->level, layer, 0, x, y),
            (int32_t *)out, 1);
         return;
      }
      float v[4] = { 0, 0, 0, 1 };
      if (s->desc->is_compressed) {
         const uint8_t *plane =
            sw_resource_texel(res, s->level, layer, smp, 0, 0);
         u_format_fetch_texel_rgba(s->format, plane, res->row_stride[s->level],
                                   x, y, v);
      } else {
         u_format_unpack_rgba(
            s->format, sw_resource_texel(res, s->level, layer, smp, x, y), v,
            1);
      }
      for (unsigned c = 0; c < 4; c++)
         sum[c] += v[c];
   }
   for (unsigned c = 0; c < 4; c++) {
      float f = sum[c] / (float)samples;
      memcpy(&out[c], &f, 4);
   }
}

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/** Source colour at point (sx, sy) in texel units. */
static void
sample_color(const struct blit_src *s, unsigned layer, float sx, float sy,
             bool linear, enum value_kind kind, uint32_t out[4])
{
   int w = (int)s->width, h = (int)s->height;
   if (!linear) {
      int x = clampi((int)floorf(sx), 0, w - 1);
      int y = clampi((int)floorf(sy), 0, h - 1);
      fetch_color(s, layer, (unsigned)x, (unsigned)y, kind, out);
      return;
   }
   float fx = sx - 0.5f, fy = sy - 0.5f;
   int x0 = (int)floorf(fx), y0 = (int)floorf(fy);
   float ax = fx - (float)x0, ay = fy - (float)y0;
   float acc[4] = { 0, 0, 0, 0 };
   for (unsigned j = 0; j < 4; j++) {
      int x = clampi(x0 + (int)(j & 1), 0, w - 1);
      int y = clampi(y0 + (int)(j >> 1), 0, h - 1);
      float wgt = ((j & 1) ? ax : 1.0f - ax) * ((j >> 1) ? ay : 1.0f - ay);
      uint32_t t[4];
      fetch_color(s, layer, (unsigned)x, (unsigned)y, KIND_FLOAT, t);
      for (unsigned c = 0; c < 4; c++) {
         float f;
         memcpy(&f, &t[c], 4);
         acc[c] += wgt * f;
      }
   }
   memcpy(out, acc, sizeof(acc));
}

static void
store_color(const struct sw_resource *res, enum pipe_format format,
            unsigned level, unsigned layer, unsigned x, unsigned y,
            enum value_kind kind, unsigned mask, const uint32_t in[4])
{
   for (unsigned smp = 0; smp < res->nr_samples; smp++) {
      uint8_t *texel = sw_resource_texel(res, level, layer, smp, x, y);
      uint32_t v[4];
      memcpy(v, in, sizeof(v));
      if ((mask & PIPE_MASK_RGBA) != PIPE_MASK_RGBA) {
         uint32_t old[4];
         if (kind == KIND_UINT)
            u_format_unpack_rgba_uint(format, texel, old, 1);
         else if (kind == KIND_SINT)
            u_format_unpack_rgba_sint(format, texel, (int32_t *)old, 1);
         else
            u_format_unpack_rgba(format, texel, (float *)old, 1);
         for (unsigned c = 0; c < 4; c++) {
            if (!(mask & (1u << c)))
               v[c] = old[c];
         }
      }
      if (kind == KIND_UINT)
         u_format_pack_rgba_uint(format, texel, v, 1);
      else if (kind == KIND_SINT)
         u_format_pack_rgba_sint(format, texel, (const int32_t *)v, 1);
      else
         u_format_pack_rgba(format, texel, (const float *)v, 1);
   }
}

static void
sw_blit(struct pipe_context *ctx, const struct pipe_blit_info *info)
{
   struct sw_context *sw = sw_context(ctx);
   if (info->render_condition_enable && !sw_check_render_condition(sw))
      return;
   if (!info->src.resource || !info->dst.resource ||
       info->src.resource->target == PIPE_BUFFER ||
       info->dst.resource->target == PIPE_BUFFER)
      return;
   const struct sw_resource *dst = sw_resource(info->dst.resource);
   struct blit_src src = {
      .res = sw_resource(info->src.resource),
      .format = info->src.format,
      .desc = u_format_description(info->src.format),
      .level = info->src.level,
   };
   const struct u_format_desc *dd = u_format_description(info->dst.format);
   if (!src.desc || !dd || dd->is_compressed ||
       src.level > src.res->base.last_level ||
       info->dst.level > dst->base.last_level)
      return;
   if (src.desc->block_bytes != src.res->block_bytes ||
       dd->block_bytes != dst->block_bytes)
      return;
   src.width = src.res->level_width[src.level];
   src.height = src.res->level_height[src.level];
   unsigned src_layers = src.res->level_layers[src.level];

   const struct pipe_box *db = &info->dst.box, *sb = &info->src.box;
   if (db->width <= 0 || db->height <= 0 || db->depth <= 0 || sb->width == 0 ||
       sb->height == 0 || sb->depth <= 0)
      return;

   /* Destination rectangle, clipped to the level and the scissor. */
   int64_t x0 = db->x, y0 = db->y;
   int64_t x1 = (int64_t)db->x + db->width, y1 = (int64_t)db->y + db->height;
   int64_t lx = dst->level_width[info->dst.level];
   int64_t ly = dst->level_height[info->dst.level];
   int64_t cx0 = x0 < 0 ? 0 : x0, cy0 = y0 < 0 ? 0 : y0;
   int64_t cx1 = x1 > lx ? lx : x1, cy1 = y1 > ly ? ly : y1;
   if (info->scissor_enable) {
      if (cx0 < info->scissor.minx)
         cx0 = info->scissor.minx;
      if (cy0 < info->scissor.miny)
         cy0 = info->scissor.miny;
      if (cx1 > info->scissor.maxx)
         cx1 = info->scissor.maxx;
      if (cy1 > info->scissor.maxy)
         cy1 = info->scissor.maxy;
   }
   if (cx0 >= cx1 || cy0 >= cy1)
      return;

   bool color = (info->mask & PIPE_MASK_RGBA) && !dd->is_depth &&
                !dd->is_stencil && !src.desc->is_depth && !src.desc->is_stencil;
   bool depth =
      (info->mask & PIPE_MASK_Z) && dd->is_depth && src.desc->is_depth;
   bool stencil =
      (info->mask & PIPE_MASK_S) && dd->is_stencil && src.desc->is_stencil;
   enum value_kind kind = KIND_FLOAT;
   if (color) {
      bool su = src.desc->is_pure_uint, ss = src.desc->is_pure_sint;
      bool du = dd->is_pure_uint, ds = dd->is_pure_sint;
      if (su && du)
         kind = KIND_UINT;
      else if (ss && ds)
         kind = KIND_SINT;
      else if (su || ss || du || ds)
         return; /* integer <-> float or uint <-> sint: undefined in GL */
   }
   bool linear =
      info->filter == PIPE_TEX_FILTER_LINEAR && color && kind == KIND_FLOAT;

   float scale_x = (float)sb->width / (float)db->width;
   float scale_y = (float)sb->height / (float)db->height;
   for (int dz = 0; dz < db->depth; dz++) {
      unsigned dlayer = (unsigned)(db->z + dz);
      int64_t sl = sb->z + (int64_t)dz * sb->depth / db->depth;
      if (dlayer >= dst->level_layers[info->dst.level] || sl < 0 ||
          sl >= src_layers)
         continue;
      unsigned slayer = (unsigned)sl;
      for (int64_t y = cy0; y < cy1; y++) {
         float sy = (float)sb->y + ((float)(y - y0) + 0.5f) * scale_y;
         for (int64_t x = cx0; x < cx1; x++) {
            float sx = (float)sb->x + ((float)(x - x0) + 0.5f) * scale_x;
            if (color) {
               uint32_t v[4];
               sample_color(&src, slayer, sx, sy, linear, kind, v);
               store_color(dst, info->dst.format, info->dst.level, dlayer,
                           (unsigned)x, (unsigned)y, kind, info->mask, v);
            }
            if (!depth && !stencil)
               continue;
            int ix = clampi((int)floorf(sx), 0, (int)src.width - 1);
            int iy = clampi((int)floorf(sy), 0, (int)src.height - 1);
            const uint8_t *from = sw_resource_texel(
               src.res, src.level, slayer, 0, (unsigned)ix, (unsigned)iy);
            float z = 0.0f;
            uint8_t s = 0;
            if (depth)
               u_format_unpack_z_float(src.format, from, &z, 1);
            if (stencil)
               u_format_unpack_s_uint8(src.format, from, &s, 1);
            for (unsigned smp = 0; smp < dst->nr_samples; smp++) {
               uint8_t *to = sw_resource_texel(dst, info->dst.level, dlayer,
                                               smp, (unsigned)x, (unsigned)y);
               if (depth)
                  u_format_pack_z_float(info->dst.format, to, &z, 1);
               if (stencil)
                  u_format_pack_s_uint8(info->dst.format, to, &s, 1);
            }
         }
      }
   }
}

void
sw_init_blit_functions(struct sw_context *sw)
{
   sw->base.resource_copy_region = sw_resource_copy_region;
   sw->base.blit = sw_blit;
}
