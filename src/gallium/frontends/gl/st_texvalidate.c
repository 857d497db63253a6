/* SPDX-License-Identifier: MIT */

/*
 * Texture completeness (GL 4.6 core, 8.17) and the sampler views and
 * sampler states a draw binds (st_texture_validate).
 *
 * Each slot of a stage samples a unit with a target; the unit's texture
 * of that target becomes a view (levels from the base level to the last
 * complete level, the swizzle that gives the base format's components
 * (table 15.1) composed with GL_TEXTURE_SWIZZLE_*) and a sampler CSO
 * (the unit's sampler object, else the texture's own parameters).  An
 * incomplete texture samples as a 1x1 texture of (0, 0, 0, 1).  Views
 * are cached per stage and slot by their template and resource.
 */
#include <string.h>

#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_pixels.h"
#include "st_texture_priv.h"

static bool
filter_needs_mipmaps(GLenum min_filter)
{
   return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

/* Levels a texture would have below @p img at @p level (the largest
 * dimension halves down to 1). */
static unsigned
levels_below(const struct st_texture_object *tex,
             const struct st_texture_image *img)
{
   unsigned size = (unsigned)img->width;
   if (tex->target != GL_TEXTURE_1D && tex->target != GL_TEXTURE_1D_ARRAY &&
       (unsigned)img->height > size)
      size = (unsigned)img->height;
   if (tex->target == GL_TEXTURE_3D && (unsigned)img->depth > size)
      size = (unsigned)img->depth;
   unsigned n = 0;
   while (size > 1) {
      size >>= 1;
      n++;
   }
   return n;
}

static bool
same_shape(const struct st_texture_object *tex,
           const struct st_texture_image *base, unsigned dl,
           const struct st_texture_image *img)
{
   unsigned w = pipe_minify((unsigned)base->width, dl);
   unsigned h = tex->target == GL_TEXTURE_1D_ARRAY
                   ? (unsigned)base->height
                   : pipe_minify((unsigned)base->height, dl);
   unsigned d = tex->target == GL_TEXTURE_3D
                   ? pipe_minify((unsigned)base->depth, dl)
                   : (unsigned)base->depth;
   return img->format == base->format &&
          img->internal_format == base->internal_format && !img->own &&
          (unsigned)img->width == w && (unsigned)img->height == h &&
          (unsigned)img->depth == d;
}

bool
st_texture_is_complete(struct st_context *ctx, struct st_texture_object *tex,
                       const struct st_sampler_params *params,
                       unsigned *first_level, unsigned *last_level)
{
   GLint base = tex->base_level, max = tex->max_level;
   if (tex->immutable) {
      /* GL 4.6 core, 8.17: immutable textures clamp the levels. */
      GLint top = (GLint)tex->immutable_levels - 1;
      base = base > top ? top : base;
      max = max < base ? base : max > top ? top : max;
   }
   if (base >= ST_MAX_TEXTURE_LEVELS || base < 0)
      return false;
   if (!st_texture_storage(ctx, tex))
      return false;
   unsigned faces = st_texture_faces(tex);
   const struct st_texture_image *b = &tex->image[0][base];
   if (b->format == PIPE_FORMAT_NONE || b->width <= 0 || b->own)
      return false;
   for (unsigned f = 1; f < faces; f++) {
      /* Cube completeness: square faces of one size and format. */
      if (!same_shape(tex, b, 0, &tex->image[f][base]) || b->width != b->height)
         return false;
   }
   bool integer = st_format_is_integer(b->internal_format);
   if (integer && (params->mag_filter != GL_NEAREST ||
                   (params->min_filter != GL_NEAREST &&
                    params->min_filter != GL_NEAREST_MIPMAP_NEAREST)))
      return false;

   *first_level = (unsigned)base;
   *last_level = (unsigned)base;
   bool ms = tex->target == GL_TEXTURE_2D_MULTISAMPLE ||
             tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY;
   if (ms || tex->target == GL_TEXTURE_RECTANGLE ||
       !filter_needs_mipmaps(params->min_filter))
      return true;
   if (base > max)
      return false;
   unsigned q = (unsigned)base + levels_below(tex, b);
   if (q > (unsigned)max)
      q = (unsigned)max;
   if (q >= ST_MAX_TEXTURE_LEVELS)
      q = ST_MAX_TEXTURE_LEVELS - 1;
   for (unsigned l = (unsigned)base + 1; l <= q; l++) {
      for (unsigned f = 0; f < faces; f++) {
         if (!same_shape(tex, b, l - (unsigned)base, &tex->image[f][l]))
            return false;
      }
   }
   *last_level = q;
   return true;
}

/* ---- swizzles ---- */

static unsigned char
swizzle_from_gl(GLenum e, const unsigned char base[4])
{
   switch (e) {
   case GL_RED:
      return base[0];
   case GL_GREEN:
      return base[1];
   case GL_BLUE:
      return base[2];
   case GL_ALPHA:
      return base[3];
   case GL_ZERO:
      return PIPE_SWIZZLE_0;
   default:
      return PIPE_SWIZZLE_1;
   }
}

/* What each component of a texel of @p base_format reads, given texels
 * whose pipe format already decodes luminance, alpha and intensity;
 * @p compare_only: a shadow sampler whose result is the comparison
 * alone. */
static void
base_swizzle(struct st_context *ctx, const struct st_texture_object *tex,
             GLenum base_format, enum pipe_format format, bool compare_only,
             unsigned char out[4])
{
   static const unsigned char identity[4] = { PIPE_SWIZZLE_X, PIPE_SWIZZLE_Y,
                                              PIPE_SWIZZLE_Z, PIPE_SWIZZLE_W };
   memcpy(out, identity, 4);
   if (st_format_legacy_channel(format, base_format, 0) != -2) {
      /* Red/green storage of a luminance, alpha or intensity image. */
      for (unsigned c = 0; c < 4; c++) {
         int ch = st_format_legacy_channel(format, base_format, c);
         out[c] = ch >= 0  ? (unsigned char)(PIPE_SWIZZLE_X + ch)
                  : c == 3 ? PIPE_SWIZZLE_1
                           : PIPE_SWIZZLE_0;
      }
      return;
   }
   switch (base_format) {
   case GL_RED:
      out[1] = out[2] = PIPE_SWIZZLE_0;
      out[3] = PIPE_SWIZZLE_1;
      break;
   case GL_RG:
      out[2] = PIPE_SWIZZLE_0;
      out[3] = PIPE_SWIZZLE_1;
      break;
   case GL_RGB:
      out[3] = PIPE_SWIZZLE_1;
      break;
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_STENCIL: {
      /* Core GL: depth reads as red (D, 0, 0, 1); the compatibility
       * profile follows GL_DEPTH_TEXTURE_MODE; ES as luminance. */
      GLenum mode = compare_only        ? GL_RED
                    : st_is_compat(ctx) ? tex->depth_stencil_mode
                    : ctx->es           ? GL_LUMINANCE
                                        : GL_RED;
      unsigned char x = PIPE_SWIZZLE_X, z = PIPE_SWIZZLE_0,
                    one = PIPE_SWIZZLE_1;
      switch (mode) {
      case GL_LUMINANCE:
         out[0] = out[1] = out[2] = x;
         out[3] = one;
         break;
      case GL_INTENSITY:
         out[0] = out[1] = out[2] = out[3] = x;
         break;
      case GL_ALPHA:
         out[0] = out[1] = out[2] = z;
         out[3] = x;
         break;
      default:
         out[0] = x;
         out[1] = out[2] = z;
         out[3] = one;
         break;
      }
      break;
   }
   case GL_STENCIL_INDEX:
      out[1] = out[2] = PIPE_SWIZZLE_0;
      out[3] = PIPE_SWIZZLE_1;
      break;
   default:
      break;
   }
}

/* ---- incomplete textures ---- */

static struct pipe_resource *
incomplete_texture(struct st_context *ctx, enum st_tex_target t)
{
   struct st_texture_state *ts = ctx->texture;
   if (ts->incomplete[t])
      return ts->incomplete[t];
   struct pipe_resource templ;
   memset(&templ, 0, sizeof(templ));
   templ.target = st_tex_target_pipe(t);
   templ.format = PIPE_FORMAT_R8G8B8A8_UNORM;
   templ.width0 = templ.height0 = templ.depth0 = 1;
   templ.array_size = templ.target == PIPE_TEXTURE_CUBE ? 6 : 1;
   templ.bind = PIPE_BIND_SAMPLER_VIEW;
   if (templ.target == PIPE_BUFFER) {
      templ.format = PIPE_FORMAT_NONE;
      templ.width0 = 16;
   }
   struct pipe_resource *res =
      ctx->screen->resource_create(ctx->screen, &templ);
   if (!res)
      return NULL;
   static const uint8_t black[6][16] = { { 0, 0, 0, 255 }, { 0, 0, 0, 255 },
                                         { 0, 0, 0, 255 }, { 0, 0, 0, 255 },
                                         { 0, 0, 0, 255 }, { 0, 0, 0, 255 } };
   if (templ.target == PIPE_BUFFER) {
      ctx->pipe->buffer_subdata(ctx->pipe, res, PIPE_MAP_WRITE, 0, 4, black[0]);
   } else {
      struct pipe_box box = { 0, 0, 0, 1, 1, (int)templ.array_size };
      ctx->pipe->texture_subdata(ctx->pipe, res, 0, PIPE_MAP_WRITE, &box, black,
                                 4, 16);
   }
   ts->incomplete[t] = res;
   return res;
}

/* ---- views ---- */

static enum st_tex_target
target_of(GLenum target)
{
   for (unsigned t = 0; t < ST_TEX_COUNT; t++) {
      if (st_tex_target_gl(t) == target)
         return t;
   }
   return ST_TEX_2D;
}

/* The view template of @p tex's sampling, NULL resource if incomplete. */
static struct pipe_resource *
view_template(struct st_context *ctx, struct st_texture_object *tex,
              enum st_tex_target t, const struct st_sampler_params *params,
              bool compare_only, struct pipe_sampler_view *v, bool *integer)
{
   memset(v, 0, sizeof(*v));
   v->target = st_tex_target_pipe(t);
   *integer = false;
   if (t == ST_TEX_BUFFER) {
      const struct st_texture_image *img = &tex->image[0][0];
      struct st_buffer *buf = tex->buffer;
      if (!buf || !buf->resource || img->format == PIPE_FORMAT_NONE)
         return NULL;
      GLsizeiptr size =
         tex->buffer_size ? tex->buffer_size : buf->size - tex->buffer_offset;
      if (tex->buffer_offset + size > buf->size)
         size =
            buf->size > tex->buffer_offset ? buf->size - tex->buffer_offset : 0;
      unsigned bytes = u_format_get_blocksize(img->format);
      /* Whole texels only (GL 4.6 core, 8.9). */
      size -= bytes ? size % bytes : 0;
      if (size <= 0)
         return NULL;
      v->format = img->format;
      v->buffer_offset = (unsigned)tex->buffer_offset;
      v->buffer_size = (unsigned)size;
      v->swizzle_r = PIPE_SWIZZLE_X;
      v->swizzle_g = PIPE_SWIZZLE_Y;
      v->swizzle_b = PIPE_SWIZZLE_Z;
      v->swizzle_a = PIPE_SWIZZLE_W;
      unsigned char sw[4];
      base_swizzle(ctx, tex, st_base_format(img->internal_format), img->format,
                   false, sw);
      v->swizzle_r = sw[0];
      v->swizzle_g = sw[1];
      v->swizzle_b = sw[2];
      v->swizzle_a = sw[3];
      *integer = st_format_is_integer(img->internal_format);
      return buf->resource;
   }
   unsigned first, last;
   if (!st_texture_is_complete(ctx, tex, params, &first, &last))
      return NULL;
   struct pipe_resource *res = tex->resource;
   const struct st_texture_image *img = &tex->image[0][first];
   v->format = img->format;
   v->first_level = first;
   v->last_level = last;
   v->first_layer = 0;
   v->last_layer = res->target == PIPE_TEXTURE_3D ? 0 : res->array_size - 1;
   unsigned char base[4];
   base_swizzle(ctx, tex, st_base_format(img->internal_format), img->format,
                compare_only, base);
   v->swizzle_r = swizzle_from_gl(tex->swizzle[0], base);
   v->swizzle_g = swizzle_from_gl(tex->swizzle[1], base);
   v->swizzle_b = swizzle_from_gl(tex->swizzle[2], base);
   v->swizzle_a = swizzle_from_gl(tex->swizzle[3], base);
   *integer = st_format_is_integer(img->internal_format);
   return res;
}

static struct pipe_sampler_view *
cached_view(struct st_context *ctx, struct st_view_cache *c,
            struct pipe_resource *res, const struct pipe_sampler_view *templ)
{
   if (c->view && c->resource == res &&
       memcmp(&c->templ, templ, sizeof(*templ)) == 0)
      return c->view;
   pipe_sampler_view_ref(&c->view, NULL);
   pipe_resource_ref(&c->resource, res);
   c->templ = *templ;
   c->view = ctx->pipe->create_sampler_view(ctx->pipe, res, templ);
   return c->view;
}

void
st_texture_validate(struct st_context *ctx, unsigned shader, const int *units,
                    const GLenum *targets, unsigned num_slots)
{
   st_texture_validate_shadow(ctx, shader, units, targets, 0, num_slots);
}

void
st_texture_validate_shadow(struct st_context *ctx, unsigned shader,
                           const int *units, const GLenum *targets,
                           uint32_t compare_only, unsigned num_slots)
{
   struct st_texture_state *ts = ctx->texture;
   if (shader >= PIPE_SHADER_TYPES)
      return;
   if (num_slots > PIPE_MAX_SHADER_SAMPLER_VIEWS)
      num_slots = PIPE_MAX_SHADER_SAMPLER_VIEWS;
   if (num_slots > PIPE_MAX_SAMPLERS)
      num_slots = PIPE_MAX_SAMPLERS;
   struct pipe_sampler_view *views[PIPE_MAX_SHADER_SAMPLER_VIEWS] = { 0 };
   void *samplers[PIPE_MAX_SAMPLERS] = { 0 };

   for (unsigned i = 0; i < num_slots; i++) {
      struct st_view_cache *c = &ts->views[shader][i];
      int unit = units[i];
      if (unit < 0 || unit >= ST_MAX_TEXTURE_UNITS)
         continue;
      enum st_tex_target t = target_of(targets[i]);
      struct st_texture_object *tex = ts->bound[unit][t];
      const struct st_sampler_params *params =
         ts->sampler[unit] ? &ts->sampler[unit]->params : &tex->sampler;
      struct pipe_sampler_view templ;
      bool integer;
      struct pipe_resource *res = view_template(
         ctx, tex, t, params, (compare_only >> i) & 1, &templ, &integer);
      if (!res) {
         if (t == ST_TEX_2D_MS || t == ST_TEX_2D_MS_ARRAY) {
            /* No multisampled 1x1 texture: an unbound view samples as
             * (0, 0, 0, 1) in swrast. */
            pipe_sampler_view_ref(&c->view, NULL);
            pipe_resource_ref(&c->resource, NULL);
            continue;
         }
         res = incomplete_texture(ctx, t);
         if (!res)
            continue;
         memset(&templ, 0, sizeof(templ));
         templ.target = res->target;
         templ.format = PIPE_FORMAT_R8G8B8A8_UNORM;
         templ.last_layer = res->array_size - 1;
         templ.buffer_size = res->target == PIPE_BUFFER ? 16 : 0;
         templ.swizzle_r = PIPE_SWIZZLE_X;
         templ.swizzle_g = PIPE_SWIZZLE_Y;
         templ.swizzle_b = PIPE_SWIZZLE_Z;
         templ.swizzle_a = PIPE_SWIZZLE_W;
         integer = false;
      }
      views[i] = cached_view(ctx, c, res, &templ);
      samplers[i] = st_sampler_cso(ctx, params, integer, t == ST_TEX_RECT,
                                   ctx->state.texture_cube_map_seamless);
   }
   unsigned count =
      num_slots > ts->num_views[shader] ? num_slots : ts->num_views[shader];
   for (unsigned i = num_slots; i < count; i++) {
      pipe_sampler_view_ref(&ts->views[shader][i].view, NULL);
      pipe_resource_ref(&ts->views[shader][i].resource, NULL);
   }
   if (count) {
      ctx->pipe->set_sampler_views(ctx->pipe, shader, 0, count, views);
      ctx->pipe->bind_sampler_states(ctx->pipe, shader, 0, count, samplers);
   }
   ts->num_views[shader] = num_slots;
}
