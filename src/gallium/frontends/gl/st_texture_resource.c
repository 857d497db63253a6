/* SPDX-License-Identifier: MIT */

/*
 * The pipe resources behind a texture's images (the scheme is in
 * st_texture_priv.h): defining an image finds it storage, and
 * st_texture_storage() rebuilds the texture's resource around its base
 * level, moving every image that fits into it.  Also the size limits and
 * bind flags of texture resources.
 */
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_texture_priv.h"

unsigned
st_texture_max_levels(struct st_context *ctx, enum st_tex_target t)
{
   enum pipe_cap cap = t == ST_TEX_3D     ? PIPE_CAP_MAX_TEXTURE_3D_LEVELS
                       : t == ST_TEX_CUBE ? PIPE_CAP_MAX_TEXTURE_CUBE_LEVELS
                                          : PIPE_CAP_MAX_TEXTURE_2D_SIZE;
   int v = ctx->screen->get_param(ctx->screen, cap);
   if (cap == PIPE_CAP_MAX_TEXTURE_2D_SIZE) {
      unsigned levels = 0;
      while (v > 0) {
         levels++;
         v >>= 1;
      }
      v = (int)levels;
   }
   if (v > ST_MAX_TEXTURE_LEVELS)
      v = ST_MAX_TEXTURE_LEVELS;
   return v > 0 ? (unsigned)v : 1;
}

unsigned
st_texture_max_size(struct st_context *ctx, enum st_tex_target t)
{
   if (t == ST_TEX_3D || t == ST_TEX_CUBE)
      return 1u << (st_texture_max_levels(ctx, t) - 1);
   return (unsigned)ctx->screen->get_param(ctx->screen,
                                           PIPE_CAP_MAX_TEXTURE_2D_SIZE);
}

unsigned
st_texture_bind_flags(struct st_context *ctx, enum pipe_format format,
                      enum pipe_texture_target target, unsigned samples)
{
   struct pipe_screen *screen = ctx->screen;
   unsigned bind = PIPE_BIND_SAMPLER_VIEW;
   const struct u_format_desc *d = u_format_description(format);
   unsigned extra = d && (d->is_depth || d->is_stencil)
                       ? PIPE_BIND_DEPTH_STENCIL
                       : PIPE_BIND_RENDER_TARGET;
   if (screen->is_format_supported(screen, format, target, samples,
                                   bind | extra))
      return bind | extra;
   /* Multisampled resources exist only as render targets. */
   return samples > 1 ? extra : bind;
}

/* Number of layers of images of @p tex with depth @p depth. */
static unsigned
image_layers(const struct st_texture_object *tex, GLsizei height, GLsizei depth)
{
   switch (tex->target) {
   case GL_TEXTURE_1D_ARRAY:
      return (unsigned)height;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return (unsigned)depth;
   default:
      return 1;
   }
}

/* Whether image (face, level) of description @p img fits @p res. */
static bool
image_fits(const struct st_texture_object *tex, const struct pipe_resource *res,
           unsigned face, unsigned level, const struct st_texture_image *img)
{
   if (!res || level > res->last_level || res->format != img->format)
      return false;
   if ((unsigned)(img->samples > 1 ? img->samples : 0) !=
       (res->nr_samples > 1 ? res->nr_samples : 0))
      return false;
   unsigned w = pipe_minify(res->width0, level);
   unsigned h = pipe_minify(res->height0, level);
   unsigned d = pipe_minify(res->depth0, level);
   switch (tex->target) {
   case GL_TEXTURE_1D_ARRAY:
      return w == (unsigned)img->width &&
             res->array_size == (unsigned)img->height;
   case GL_TEXTURE_2D_ARRAY:
   case GL_TEXTURE_2D_MULTISAMPLE_ARRAY:
      return w == (unsigned)img->width && h == (unsigned)img->height &&
             res->array_size == (unsigned)img->depth;
   case GL_TEXTURE_3D:
      return w == (unsigned)img->width && h == (unsigned)img->height &&
             d == (unsigned)img->depth;
   case GL_TEXTURE_CUBE_MAP:
      return face < 6 && w == (unsigned)img->width &&
             h == (unsigned)img->height;
   default:
      return w == (unsigned)img->width && h == (unsigned)img->height;
   }
}

struct pipe_resource *
st_texture_image_location(struct st_texture_object *tex, unsigned face,
                          unsigned level, unsigned *res_level,
                          unsigned *res_layer)
{
   struct st_texture_image *img = &tex->image[face][level];
   *res_level = 0;
   *res_layer = 0;
   if (img->format == PIPE_FORMAT_NONE)
      return NULL;
   if (img->own)
      return img->own;
   *res_level = level;
   *res_layer = face;
   return tex->resource;
}

/* A resource for one image, or for the chain whose level @p level is
 * @p img (levels: how many levels from 0). */
static struct pipe_resource *
create_resource(struct st_context *ctx, const struct st_texture_object *tex,
                const struct st_texture_image *img, unsigned level,
                unsigned levels, bool whole_cube)
{
   struct pipe_resource templ;
   memset(&templ, 0, sizeof(templ));
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, tex->target, &t))
      return NULL;
   templ.target = st_tex_target_pipe(t);
   if (templ.target == PIPE_TEXTURE_CUBE && !whole_cube)
      templ.target = PIPE_TEXTURE_2D;
   templ.format = img->format;
   unsigned shift = level;
   templ.width0 = (unsigned)img->width << shift;
   templ.height0 = 1;
   templ.depth0 = 1;
   templ.array_size = image_layers(tex, img->height, img->depth);
   if (tex->target != GL_TEXTURE_1D && tex->target != GL_TEXTURE_1D_ARRAY)
      templ.height0 = (unsigned)img->height << shift;
   if (tex->target == GL_TEXTURE_3D)
      templ.depth0 = (unsigned)img->depth << shift;
   if (templ.target == PIPE_TEXTURE_CUBE)
      templ.array_size = 6;
   templ.last_level = levels - 1;
   templ.nr_samples = img->samples > 1 ? (unsigned)img->samples : 0;
   templ.usage = PIPE_USAGE_DEFAULT;
   templ.bind =
      st_texture_bind_flags(ctx, img->format, templ.target, templ.nr_samples);
   return ctx->screen->resource_create(ctx->screen, &templ);
}

/* Levels of a full chain whose level @p level has the size of @p img. */
static unsigned
chain_levels(const struct st_texture_object *tex,
             const struct st_texture_image *img, unsigned level)
{
   if (tex->target == GL_TEXTURE_RECTANGLE ||
       tex->target == GL_TEXTURE_2D_MULTISAMPLE ||
       tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
      return 1;
   unsigned size = (unsigned)img->width;
   if (tex->target != GL_TEXTURE_1D && tex->target != GL_TEXTURE_1D_ARRAY &&
       (unsigned)img->height > size)
      size = (unsigned)img->height;
   if (tex->target == GL_TEXTURE_3D && (unsigned)img->depth > size)
      size = (unsigned)img->depth;
   size <<= level;
   unsigned levels = 1;
   while (size > 1 && levels < ST_MAX_TEXTURE_LEVELS) {
      size >>= 1;
      levels++;
   }
   if (tex->immutable && tex->immutable_levels < levels)
      levels = tex->immutable_levels;
   return levels > level ? levels : level + 1;
}

static void
copy_image(struct st_context *ctx, struct pipe_resource *dst,
           unsigned dst_level, unsigned dst_layer, struct pipe_resource *src,
           unsigned src_level, unsigned src_layer,
           const struct st_texture_object *tex,
           const struct st_texture_image *img)
{
   struct pipe_box box = {
      .x = 0,
      .y = 0,
      .z = (int)src_layer,
      .width = img->width,
      .height = tex->target == GL_TEXTURE_1D_ARRAY ? 1 : img->height,
      .depth = tex->target == GL_TEXTURE_1D_ARRAY ? img->height
               : (tex->target == GL_TEXTURE_3D ||
                  tex->target == GL_TEXTURE_2D_ARRAY ||
                  tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY)
                  ? img->depth
                  : 1,
   };
   ctx->pipe->resource_copy_region(ctx->pipe, dst, dst_level, 0, 0, dst_layer,
                                   src, src_level, &box);
}

/*
 * Rebuilds the texture's resource as the chain of image (@p bface,
 * @p blevel), moving every image that fits into it and every other image
 * that was in the old resource into a resource of its own.
 */
static bool
rebuild(struct st_context *ctx, struct st_texture_object *tex, unsigned bface,
        unsigned blevel)
{
   const struct st_texture_image *base = &tex->image[bface][blevel];
   struct pipe_resource *res = create_resource(
      ctx, tex, base, blevel, chain_levels(tex, base, blevel), true);
   if (!res)
      return false;
   struct pipe_resource *old = tex->resource;
   unsigned faces = st_texture_faces(tex);
   bool ok = true;
   for (unsigned f = 0; f < faces; f++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         struct st_texture_image *img = &tex->image[f][l];
         if (img->format == PIPE_FORMAT_NONE)
            continue;
         struct pipe_resource *src = img->own;
         unsigned src_level = 0, src_layer = 0;
         if (!src && image_fits(tex, old, f, l, img)) {
            src = old;
            src_level = l;
            src_layer = f;
         }
         if (image_fits(tex, res, f, l, img)) {
            if (src)
               copy_image(ctx, res, l, f, src, src_level, src_layer, tex, img);
            pipe_resource_ref(&img->own, NULL);
         } else if (!img->own) {
            img->own = create_resource(ctx, tex, img, 0, 1, false);
            if (!img->own)
               ok = false;
            else if (src)
               copy_image(ctx, img->own, 0, 0, src, src_level, src_layer, tex,
                          img);
         }
      }
   }
   tex->resource = res;
   pipe_resource_ref(&old, NULL);
   st_texture_changed(ctx, tex);
   return ok;
}

/* The level the storage is built around: the base level if it has an
 * image, else the first level that has one. */
static int
storage_level(const struct st_texture_object *tex)
{
   unsigned faces = st_texture_faces(tex);
   int base = tex->base_level < ST_MAX_TEXTURE_LEVELS ? tex->base_level : -1;
   for (int pass = 0; pass < 2; pass++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++) {
         if (pass == 0 && (int)l != base)
            continue;
         for (unsigned f = 0; f < faces; f++) {
            if (tex->image[f][l].format != PIPE_FORMAT_NONE)
               return (int)l;
         }
      }
   }
   return -1;
}

struct pipe_resource *
st_texture_storage(struct st_context *ctx, struct st_texture_object *tex)
{
   if (!tex)
      return NULL;
   if (tex->target == GL_TEXTURE_BUFFER)
      return tex->buffer ? tex->buffer->resource : NULL;
   int level = storage_level(tex);
   if (level < 0)
      return NULL;
   unsigned faces = st_texture_faces(tex);
   int face = -1;
   for (unsigned f = 0; f < faces; f++) {
      const struct st_texture_image *img = &tex->image[f][level];
      if (img->format == PIPE_FORMAT_NONE)
         continue;
      if (!img->own && tex->resource)
         return tex->resource;
      if (face < 0)
         face = (int)f;
   }
   /* On failure the old resource (if any) still serves what it holds. */
   rebuild(ctx, tex, (unsigned)face, (unsigned)level);
   return tex->resource;
}

bool
st_texture_define_image(struct st_context *ctx, struct st_texture_object *tex,
                        unsigned face, unsigned level, GLenum internal_format,
                        enum pipe_format format, GLsizei width, GLsizei height,
                        GLsizei depth, GLsizei samples,
                        bool fixed_sample_locations)
{
   struct st_texture_image *img = &tex->image[face][level];
   pipe_resource_ref(&img->own, NULL);
   img->internal_format = internal_format;
   img->format = format;
   img->width = width;
   img->height = height;
   img->depth = depth;
   img->samples = samples;
   img->fixed_sample_locations = fixed_sample_locations;
   st_texture_changed(ctx, tex);
   if (image_fits(tex, tex->resource, face, level, img))
      return true;
   int base = storage_level(tex);
   if (!tex->resource || base == (int)level) {
      if (rebuild(ctx, tex, face, level))
         return true;
   } else {
      img->own = create_resource(ctx, tex, img, 0, 1, false);
      if (img->own)
         return true;
   }
   img->format = PIPE_FORMAT_NONE;
   img->internal_format = 0;
   img->width = img->height = img->depth = 0;
   return false;
}

void
st_texture_clear_image(struct st_texture_object *tex, unsigned face,
                       unsigned level)
{
   struct st_texture_image *img = &tex->image[face][level];
   pipe_resource_ref(&img->own, NULL);
   memset(img, 0, sizeof(*img));
}

void
st_texture_rendered(struct st_context *ctx, struct st_texture_object *tex)
{
   /* Rendering goes straight into the texture's resource; only the views
    * need to see the new contents, which they do (same resource). */
   (void)tex;
   ctx->dirty |= ST_DIRTY_TEXTURES;
}
