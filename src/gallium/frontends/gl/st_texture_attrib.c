/* SPDX-License-Identifier: MIT */

/*
 * The texture group of the attribute stack (GL_TEXTURE_BIT; GL 2.1
 * table 6.3 and section 6.1.14): the active unit, the texture bound to
 * every target of every unit, and the state of those texture objects.
 *
 * GL 3.0 compatibility, 6.1.14: "the state of the texture objects bound
 * when the attributes were pushed is restored into those objects, and
 * the bindings are restored".  The saved bytes hold a reference to each
 * bound object, so a texture deleted meanwhile stays valid until the
 * pop, which then binds the default texture in its place (as its
 * deletion did).
 */
#include <string.h>

#include "st_attrib.h"
#include "st_context.h"
#include "st_texture_priv.h"

/** The texture-object state in the texture group. */
struct object_state {
   struct st_texture_object *tex;
   struct st_sampler_params sampler;
   GLint base_level, max_level;
   GLenum swizzle[4];
   GLenum depth_stencil_mode;
   bool generate_mipmap;
};

struct texture_data {
   unsigned active_unit;
   struct object_state bound[ST_MAX_TEXTURE_UNITS][ST_TEX_COUNT];
};

static void
save(struct st_context *ctx, void *data)
{
   const struct st_texture_state *ts = ctx->texture;
   struct texture_data *d = data;
   memset(d, 0, sizeof(*d));
   d->active_unit = ts->active_unit;
   for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++) {
      for (unsigned t = 0; t < ST_TEX_COUNT; t++) {
         struct st_texture_object *tex = ts->bound[u][t];
         struct object_state *o = &d->bound[u][t];
         if (!tex)
            continue;
         st_texture_reference(&o->tex, tex);
         o->sampler = tex->sampler;
         o->base_level = tex->base_level;
         o->max_level = tex->max_level;
         memcpy(o->swizzle, tex->swizzle, sizeof(o->swizzle));
         o->depth_stencil_mode = tex->depth_stencil_mode;
         o->generate_mipmap = tex->generate_mipmap;
      }
   }
}

static void
restore(struct st_context *ctx, const void *data)
{
   struct st_texture_state *ts = ctx->texture;
   const struct texture_data *d = data;
   ts->active_unit = d->active_unit;
   for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++) {
      for (unsigned t = 0; t < ST_TEX_COUNT; t++) {
         const struct object_state *o = &d->bound[u][t];
         struct st_texture_object *tex = o->tex;
         if (!tex)
            continue;
         /* A texture deleted since the push: its binding went back to the
          * default texture, which keeps its own state. */
         if (tex->deleted) {
            st_texture_reference(&ts->bound[u][t], ts->defaults[t]);
            continue;
         }
         tex->sampler = o->sampler;
         tex->base_level = o->base_level;
         tex->max_level = o->max_level;
         memcpy(tex->swizzle, o->swizzle, sizeof(tex->swizzle));
         tex->depth_stencil_mode = o->depth_stencil_mode;
         tex->generate_mipmap = o->generate_mipmap;
         st_texture_changed(ctx, tex);
         st_texture_reference(&ts->bound[u][t], tex);
      }
   }
}

static void
release(struct st_context *ctx, void *data)
{
   (void)ctx;
   struct texture_data *d = data;
   for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++) {
      for (unsigned t = 0; t < ST_TEX_COUNT; t++)
         st_texture_reference(&d->bound[u][t].tex, NULL);
   }
}

const struct st_attrib_saver st_texture_saver_texture = {
   .mask = GL_TEXTURE_BIT,
   .size = sizeof(struct texture_data),
   .save = save,
   .restore = restore,
   .release = release,
};
