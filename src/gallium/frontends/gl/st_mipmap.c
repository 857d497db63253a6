/* SPDX-License-Identifier: MIT */

/*
 * glGenerateMipmap and GL_GENERATE_MIPMAP: each level below the base is
 * (re)defined with the base's format and halved size, then filled by a
 * pipe blit from the level above.  A linear blit that halves a dimension
 * samples exactly between each pair of source texels, which is the 2x2
 * box filter; integer, depth and stencil formats are copied with nearest
 * filtering (GL 4.6 core, 8.14.4 leaves the filter to the
 * implementation).  A blit takes the nearest slice in depth, so 3D
 * textures of float texels are instead averaged 2x2x2 on the CPU through
 * texture maps.
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "st_pixels.h"
#include "st_texture_priv.h"

/* Box-filters level @p level - 1 of a 3D texture into @p level; false
 * when the texels have no float form (the caller blits instead). */
static bool
average_3d(struct st_context *ctx, struct st_texture_object *tex,
           unsigned level)
{
   const struct st_texture_image *si = &tex->image[0][level - 1];
   const struct st_texture_image *di = &tex->image[0][level];
   const struct u_format_desc *d = u_format_description(di->format);
   if (!d || d->is_compressed || !d->unpack_rgba_float || !d->pack_rgba_float)
      return false;
   size_t sw = (size_t)si->width, sh = (size_t)si->height,
          sd = (size_t)si->depth;
   float *src = malloc(sw * sh * sd * 4 * sizeof(float));
   float *row = malloc((size_t)di->width * 4 * sizeof(float));
   struct pipe_transfer *st = NULL, *dt = NULL;
   size_t s_stride, s_image, d_stride, d_image;
   const uint8_t *smap =
      src && row ? st_teximage_map(ctx, tex, 0, level - 1, 0, 0, 0, si->width,
                                   si->height, si->depth, PIPE_MAP_READ, &st,
                                   &s_stride, &s_image)
                 : NULL;
   uint8_t *dmap =
      smap
         ? st_teximage_map(ctx, tex, 0, level, 0, 0, 0, di->width, di->height,
                           di->depth, PIPE_MAP_WRITE, &dt, &d_stride, &d_image)
         : NULL;
   if (dmap) {
      for (size_t z = 0; z < sd; z++)
         for (size_t y = 0; y < sh; y++)
            u_format_unpack_rgba(di->format, smap + z * s_image + y * s_stride,
                                 src + ((z * sh + y) * sw) * 4, (unsigned)sw);
      for (GLsizei z = 0; z < di->depth; z++) {
         for (GLsizei y = 0; y < di->height; y++) {
            for (GLsizei x = 0; x < di->width; x++) {
               /* The 2x2x2 texels above, clamped for dimensions of 1. */
               size_t x0 = 2 * (size_t)x, y0 = 2 * (size_t)y,
                      z0 = 2 * (size_t)z;
               size_t x1 = x0 + 1 < sw ? x0 + 1 : x0,
                      y1 = y0 + 1 < sh ? y0 + 1 : y0,
                      z1 = z0 + 1 < sd ? z0 + 1 : z0;
               const size_t xs[2] = { x0, x1 }, ys[2] = { y0, y1 },
                            zs[2] = { z0, z1 };
               float sum[4] = { 0, 0, 0, 0 };
               for (unsigned i = 0; i < 8; i++) {
                  const float *t =
                     src +
                     ((zs[i >> 2] * sh + ys[(i >> 1) & 1]) * sw + xs[i & 1]) *
                        4;
                  for (unsigned c = 0; c < 4; c++)
                     sum[c] += t[c];
               }
               for (unsigned c = 0; c < 4; c++)
                  row[4 * x + c] = sum[c] / 8.0f;
            }
            u_format_pack_rgba(di->format, dmap + z * d_image + y * d_stride,
                               row, (unsigned)di->width);
         }
      }
   }
   if (dt)
      ctx->pipe->texture_unmap(ctx->pipe, dt);
   if (st)
      ctx->pipe->texture_unmap(ctx->pipe, st);
   free(src);
   free(row);
   return dmap != NULL;
}

static void
blit_level(struct st_context *ctx, struct st_texture_object *tex, unsigned face,
           unsigned level)
{
   unsigned sl, sz, dl, dz;
   struct pipe_resource *src =
      st_texture_image_location(tex, face, level - 1, &sl, &sz);
   struct pipe_resource *dst =
      st_texture_image_location(tex, face, level, &dl, &dz);
   if (!src || !dst)
      return;
   const struct st_texture_image *si = &tex->image[face][level - 1];
   const struct st_texture_image *di = &tex->image[face][level];
   const struct u_format_desc *d = u_format_description(di->format);
   bool array1d = tex->target == GL_TEXTURE_1D_ARRAY;
   struct pipe_blit_info blit;
   memset(&blit, 0, sizeof(blit));
   blit.src.resource = src;
   blit.src.level = sl;
   blit.src.format = si->format;
   blit.src.box = (struct pipe_box){ 0,
                                     0,
                                     (int)sz,
                                     si->width,
                                     array1d ? 1 : si->height,
                                     array1d ? si->height : si->depth };
   blit.dst.resource = dst;
   blit.dst.level = dl;
   blit.dst.format = di->format;
   blit.dst.box = (struct pipe_box){ 0,
                                     0,
                                     (int)dz,
                                     di->width,
                                     array1d ? 1 : di->height,
                                     array1d ? di->height : di->depth };
   bool zs = d && (d->is_depth || d->is_stencil);
   blit.mask =
      zs ? ((d->is_depth ? PIPE_MASK_Z : 0) | (d->is_stencil ? PIPE_MASK_S : 0))
         : PIPE_MASK_RGBA;
   blit.filter = zs || st_format_is_integer(di->internal_format)
                    ? PIPE_TEX_FILTER_NEAREST
                    : PIPE_TEX_FILTER_LINEAR;
   ctx->pipe->blit(ctx->pipe, &blit);
}

void
st_mipmap_generate(struct st_context *ctx, struct st_texture_object *tex)
{
   unsigned base = (unsigned)tex->base_level;
   if (base >= ST_MAX_TEXTURE_LEVELS)
      return;
   unsigned faces = st_texture_faces(tex);
   const struct st_texture_image *b = &tex->image[0][base];
   if (b->format == PIPE_FORMAT_NONE)
      return;
   unsigned last = base;
   for (unsigned l = base + 1;
        l < ST_MAX_TEXTURE_LEVELS && (GLint)l <= tex->max_level; l++) {
      const struct st_texture_image *p = &tex->image[0][l - 1];
      bool array1d = tex->target == GL_TEXTURE_1D_ARRAY;
      bool layered = tex->target == GL_TEXTURE_2D_ARRAY;
      if (p->width == 1 && (array1d || p->height == 1) &&
          (layered || p->depth == 1))
         break;
      if (tex->immutable && l >= tex->immutable_levels)
         break;
      GLsizei w = p->width > 1 ? p->width / 2 : 1;
      GLsizei h = array1d ? p->height : (p->height > 1 ? p->height / 2 : 1);
      GLsizei d = layered ? p->depth : (p->depth > 1 ? p->depth / 2 : 1);
      for (unsigned f = 0; f < faces; f++) {
         if (!st_texture_define_image(ctx, tex, f, l, b->internal_format,
                                      b->format, w, h, d, 0, true)) {
            st_out_of_memory(ctx, "glGenerateMipmap");
            return;
         }
      }
      last = l;
   }
   st_texture_storage(ctx, tex);
   for (unsigned l = base + 1; l <= last; l++) {
      if (tex->target == GL_TEXTURE_3D &&
          !st_format_is_integer(b->internal_format) && average_3d(ctx, tex, l))
         continue;
      for (unsigned f = 0; f < faces; f++)
         blit_level(ctx, tex, f, l);
   }
   st_texture_changed(ctx, tex);
}

void
api_GenerateMipmap(struct st_context *ctx, GLenum target)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, target, &t) || t == ST_TEX_RECT ||
       t == ST_TEX_BUFFER || t == ST_TEX_2D_MS || t == ST_TEX_2D_MS_ARRAY) {
      st_error(ctx, GL_INVALID_ENUM, "glGenerateMipmap(target=%s)",
               st_enum_name(target));
      return;
   }
   struct st_texture_object *tex = ts->bound[ts->active_unit][t];
   unsigned base = (unsigned)tex->base_level;
   if (base >= ST_MAX_TEXTURE_LEVELS ||
       tex->image[0][base].format == PIPE_FORMAT_NONE) {
      /* Nothing to generate from: not an error in GL 3.3, one in ES. */
      if (ctx->es)
         st_error(ctx, GL_INVALID_OPERATION,
                  "glGenerateMipmap(no base level image)");
      return;
   }
   const struct st_texture_image *b = &tex->image[0][base];
   if (t == ST_TEX_CUBE) {
      /* GL 4.6 core, 8.14.4: the cube map must be cube complete. */
      for (unsigned f = 1; f < 6; f++) {
         const struct st_texture_image *img = &tex->image[f][base];
         if (img->format != b->format || img->width != b->width ||
             img->height != b->height ||
             img->internal_format != b->internal_format ||
             b->width != b->height) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "glGenerateMipmap(cube map not cube complete)");
            return;
         }
      }
   }
   /* ES 3.0.5, 3.8.11: only colour-renderable, filterable formats; desktop
    * GL (4.6, 8.14.4, and Mesa for every version) refuses integer and
    * packed depth/stencil formats but filters depth. */
   GLenum base_format = st_base_format(b->internal_format);
   if (st_format_is_integer(b->internal_format) ||
       base_format == GL_DEPTH_STENCIL ||
       (ctx->es && base_format == GL_DEPTH_COMPONENT)) {
      st_error(ctx, GL_INVALID_OPERATION, "glGenerateMipmap(format %s)",
               st_enum_name(b->internal_format));
      return;
   }
   if (st_format_is_compressed(b->internal_format)) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glGenerateMipmap(compressed format %s)",
               st_enum_name(b->internal_format));
      return;
   }
   st_flush_vertices(ctx);
   st_mipmap_generate(ctx, tex);
}
