/* SPDX-License-Identifier: MIT */

/*
 * Texture objects and texture units: glGenTextures, glDeleteTextures,
 * glIsTexture, glBindTexture, glActiveTexture, the binding queries, and
 * the image storage of a texture (see st_texture_priv.h for the scheme).
 *
 * Texture objects live in the share group's name table, which holds one
 * reference; every binding holds another.  The default textures (name 0)
 * belong to the context, one per target, bound on every unit that has
 * no other texture.
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_fb.h"
#include "st_get.h"
#include "st_names.h"
#include "st_pixels.h"
#include "st_texture_priv.h"
#include "util/u_hash.h"

static const struct {
   GLenum gl;
   enum pipe_texture_target pipe;
} targets[ST_TEX_COUNT] = {
   [ST_TEX_1D] = { GL_TEXTURE_1D, PIPE_TEXTURE_1D },
   [ST_TEX_2D] = { GL_TEXTURE_2D, PIPE_TEXTURE_2D },
   [ST_TEX_3D] = { GL_TEXTURE_3D, PIPE_TEXTURE_3D },
   [ST_TEX_CUBE] = { GL_TEXTURE_CUBE_MAP, PIPE_TEXTURE_CUBE },
   [ST_TEX_RECT] = { GL_TEXTURE_RECTANGLE, PIPE_TEXTURE_RECT },
   [ST_TEX_1D_ARRAY] = { GL_TEXTURE_1D_ARRAY, PIPE_TEXTURE_1D_ARRAY },
   [ST_TEX_2D_ARRAY] = { GL_TEXTURE_2D_ARRAY, PIPE_TEXTURE_2D_ARRAY },
   [ST_TEX_BUFFER] = { GL_TEXTURE_BUFFER, PIPE_BUFFER },
   [ST_TEX_2D_MS] = { GL_TEXTURE_2D_MULTISAMPLE, PIPE_TEXTURE_2D },
   [ST_TEX_2D_MS_ARRAY] = { GL_TEXTURE_2D_MULTISAMPLE_ARRAY,
                            PIPE_TEXTURE_2D_ARRAY },
};

GLenum
st_tex_target_gl(enum st_tex_target t)
{
   return targets[t].gl;
}

enum pipe_texture_target
st_tex_target_pipe(enum st_tex_target t)
{
   return targets[t].pipe;
}

bool
st_tex_target_index(struct st_context *ctx, GLenum target,
                    enum st_tex_target *out)
{
   for (unsigned i = 0; i < ST_TEX_COUNT; i++) {
      if (targets[i].gl != target)
         continue;
      bool ok;
      switch ((enum st_tex_target)i) {
      case ST_TEX_2D:
      case ST_TEX_CUBE:
         ok = true;
         break;
      case ST_TEX_3D:
      case ST_TEX_2D_ARRAY:
         ok = !ctx->es || ctx->version >= 30;
         break;
      case ST_TEX_1D:
      case ST_TEX_1D_ARRAY:
      case ST_TEX_RECT:
         ok = !ctx->es;
         break;
      case ST_TEX_BUFFER:
         ok = st_is_desktop(ctx, 31);
         break;
      default:
         ok = st_is_desktop(ctx, 32);
         break;
      }
      if (!ok)
         return false;
      *out = (enum st_tex_target)i;
      return true;
   }
   return false;
}

bool
st_tex_proxy_index(struct st_context *ctx, GLenum target,
                   enum st_tex_target *out)
{
   static const GLenum proxies[ST_TEX_COUNT] = {
      [ST_TEX_1D] = GL_PROXY_TEXTURE_1D,
      [ST_TEX_2D] = GL_PROXY_TEXTURE_2D,
      [ST_TEX_3D] = GL_PROXY_TEXTURE_3D,
      [ST_TEX_CUBE] = GL_PROXY_TEXTURE_CUBE_MAP,
      [ST_TEX_RECT] = GL_PROXY_TEXTURE_RECTANGLE,
      [ST_TEX_1D_ARRAY] = GL_PROXY_TEXTURE_1D_ARRAY,
      [ST_TEX_2D_ARRAY] = GL_PROXY_TEXTURE_2D_ARRAY,
      [ST_TEX_2D_MS] = GL_PROXY_TEXTURE_2D_MULTISAMPLE,
      [ST_TEX_2D_MS_ARRAY] = GL_PROXY_TEXTURE_2D_MULTISAMPLE_ARRAY,
   };
   if (ctx->es || !target)
      return false;
   for (unsigned i = 0; i < ST_TEX_COUNT; i++) {
      if (proxies[i] == target)
         return st_tex_target_index(ctx, targets[i].gl, out);
   }
   return false;
}

/* ---- objects ---- */

void
st_sampler_params_init(struct st_sampler_params *p, GLenum target)
{
   bool rect = target == GL_TEXTURE_RECTANGLE;
   p->min_filter = rect ? GL_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
   p->mag_filter = GL_LINEAR;
   p->wrap_s = p->wrap_t = p->wrap_r = rect ? GL_CLAMP_TO_EDGE : GL_REPEAT;
   p->min_lod = -1000.0f;
   p->max_lod = 1000.0f;
   p->lod_bias = 0.0f;
   p->compare_mode = GL_NONE;
   p->compare_func = GL_LEQUAL;
   memset(p->border_color, 0, sizeof(p->border_color));
   p->max_anisotropy = 1.0f;
   p->seamless_cube_map = false;
}

struct st_texture_object *
st_texture_create(GLuint name, GLenum target)
{
   struct st_texture_object *tex = calloc(1, sizeof(*tex));
   if (!tex)
      return NULL;
   atomic_init(&tex->refcount, 1);
   tex->name = name;
   tex->target = target;
   st_sampler_params_init(&tex->sampler, target);
   tex->base_level = 0;
   tex->max_level = 1000;
   tex->swizzle[0] = GL_RED;
   tex->swizzle[1] = GL_GREEN;
   tex->swizzle[2] = GL_BLUE;
   tex->swizzle[3] = GL_ALPHA;
   tex->depth_stencil_mode = GL_LUMINANCE;
   return tex;
}

static void
texture_destroy(struct st_texture_object *tex)
{
   for (unsigned f = 0; f < 6; f++) {
      for (unsigned l = 0; l < ST_MAX_TEXTURE_LEVELS; l++)
         pipe_resource_ref(&tex->image[f][l].own, NULL);
   }
   pipe_resource_ref(&tex->resource, NULL);
   st_buffer_reference(&tex->buffer, NULL);
   free(tex);
}

void
st_texture_reference(struct st_texture_object **slot,
                     struct st_texture_object *tex)
{
   struct st_texture_object *old = *slot;
   if (old == tex)
      return;
   if (tex)
      atomic_fetch_add(&tex->refcount, 1);
   if (old && atomic_fetch_sub(&old->refcount, 1) == 1)
      texture_destroy(old);
   *slot = tex;
}

struct st_texture_object *
st_texture_lookup(struct st_context *ctx, GLuint name)
{
   if (!name)
      return NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_texture_object *tex = st_names_lookup(ctx->shared->textures, name);
   mtx_unlock(&ctx->shared->mutex);
   return tex;
}

unsigned
st_texture_faces(const struct st_texture_object *tex)
{
   return tex->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
}

const struct st_texture_image *
st_texture_get_image(const struct st_texture_object *tex, unsigned face,
                     unsigned level)
{
   if (!tex || face >= 6 || level >= ST_MAX_TEXTURE_LEVELS)
      return NULL;
   return &tex->image[face][level];
}

void
st_texture_changed(struct st_context *ctx, struct st_texture_object *tex)
{
   (void)tex;
   ctx->dirty |= ST_DIRTY_TEXTURES;
}

/* ---- init / fini ---- */

void
st_texture_init(struct st_context *ctx)
{
   struct st_texture_state *ts = calloc(1, sizeof(*ts));
   ctx->texture = ts;
   if (!ts)
      return;
   for (unsigned t = 0; t < ST_TEX_COUNT; t++) {
      ts->defaults[t] = st_texture_create(0, targets[t].gl);
      ts->proxies[t] = st_texture_create(0, targets[t].gl);
      for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++)
         st_texture_reference(&ts->bound[u][t], ts->defaults[t]);
   }
}

static void
release_shared_texture(GLuint name, void *object, void *data)
{
   (void)name;
   (void)data;
   struct st_texture_object *tex = object;
   st_texture_reference(&tex, NULL);
}

static void
release_shared_sampler(GLuint name, void *object, void *data)
{
   (void)name;
   (void)data;
   struct st_sampler_object *s = object;
   st_sampler_reference(&s, NULL);
}

void
st_texture_fini(struct st_context *ctx)
{
   struct st_texture_state *ts = ctx->texture;
   if (!ts)
      return;
   st_sampler_fini(ctx);
   for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++) {
      for (unsigned t = 0; t < ST_TEX_COUNT; t++)
         st_texture_reference(&ts->bound[u][t], NULL);
      st_sampler_reference(&ts->sampler[u], NULL);
   }
   for (unsigned t = 0; t < ST_TEX_COUNT; t++) {
      st_texture_reference(&ts->defaults[t], NULL);
      st_texture_reference(&ts->proxies[t], NULL);
      pipe_resource_ref(&ts->incomplete[t], NULL);
   }
   /* The last context of the share group frees the shared objects. */
   if (atomic_load(&ctx->shared->refcount) == 1) {
      st_names_foreach(ctx->shared->textures, release_shared_texture, NULL);
      st_names_foreach(ctx->shared->samplers, release_shared_sampler, NULL);
   }
   free(ts);
   ctx->texture = NULL;
}

/* ---- units and bindings ---- */

unsigned
st_texture_active_unit(struct st_context *ctx)
{
   return ctx->texture ? ctx->texture->active_unit : 0;
}

void
api_ActiveTexture(struct st_context *ctx, GLenum texture)
{
   struct st_texture_state *ts = ctx->texture;
   if (texture < GL_TEXTURE0 || texture - GL_TEXTURE0 >= ST_MAX_TEXTURE_UNITS) {
      st_error(ctx, GL_INVALID_ENUM, "glActiveTexture(texture=%s)",
               st_enum_name(texture));
      return;
   }
   if (ts->active_unit == texture - GL_TEXTURE0)
      return;
   st_flush_vertices(ctx);
   ts->active_unit = texture - GL_TEXTURE0;
   ctx->dirty |= ST_DIRTY_COMPAT;
}

void
api_GenTextures(struct st_context *ctx, GLsizei n, GLuint *textures)
{
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenTextures(n=%d)", n);
      return;
   }
   if (!n || !textures)
      return;
   mtx_lock(&ctx->shared->mutex);
   bool ok = st_names_gen(ctx->shared->textures, n, textures);
   mtx_unlock(&ctx->shared->mutex);
   if (!ok)
      st_out_of_memory(ctx, "glGenTextures");
}

GLboolean
api_IsTexture(struct st_context *ctx, GLuint texture)
{
   struct st_texture_object *tex = st_texture_lookup(ctx, texture);
   return tex && tex->target ? GL_TRUE : GL_FALSE;
}

/* GL 3.0 compatibility, 3.9.15 "Texture Objects": residence is a hint;
 * nothing is ever swapped out, so every texture is resident and
 * priorities change nothing. */
GLboolean
api_AreTexturesResident(struct st_context *ctx, GLsizei n,
                        const GLuint *textures, GLboolean *residences)
{
   (void)residences;
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glAreTexturesResident(n=%d)", n);
      return GL_FALSE;
   }
   /* "An INVALID_VALUE error is generated if any of the names in textures
    * is zero or does not name a texture."  All resident: residences is
    * left unchanged. */
   for (GLsizei i = 0; i < n; i++) {
      if (!api_IsTexture(ctx, textures[i])) {
         st_error(ctx, GL_INVALID_VALUE,
                  "glAreTexturesResident(textures[%d]=%u)", i, textures[i]);
         return GL_FALSE;
      }
   }
   return GL_TRUE;
}

void
api_PrioritizeTextures(struct st_context *ctx, GLsizei n,
                       const GLuint *textures, const GLfloat *priorities)
{
   (void)textures;
   (void)priorities;
   if (n < 0)
      st_error(ctx, GL_INVALID_VALUE, "glPrioritizeTextures(n=%d)", n);
}

void
api_BindTexture(struct st_context *ctx, GLenum target, GLuint texture)
{
   struct st_texture_state *ts = ctx->texture;
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, target, &t)) {
      st_error(ctx, GL_INVALID_ENUM, "glBindTexture(target=%s)",
               st_enum_name(target));
      return;
   }
   struct st_texture_object *tex = ts->defaults[t];
   if (texture) {
      mtx_lock(&ctx->shared->mutex);
      tex = st_names_lookup(ctx->shared->textures, texture);
      if (!tex) {
         /* GL 4.6 core, 8.1: names must come from glGenTextures in the
          * core profile; compatibility and ES create the object for any
          * unused name. */
         if (ctx->core && !st_names_is_used(ctx->shared->textures, texture)) {
            mtx_unlock(&ctx->shared->mutex);
            st_error(ctx, GL_INVALID_OPERATION,
                     "glBindTexture(texture=%u not from glGenTextures)",
                     texture);
            return;
         }
         tex = st_texture_create(texture, target);
         if (!tex || !st_names_insert(ctx->shared->textures, texture, tex)) {
            mtx_unlock(&ctx->shared->mutex);
            free(tex);
            st_out_of_memory(ctx, "glBindTexture");
            return;
         }
      }
      mtx_unlock(&ctx->shared->mutex);
      if (tex->target == 0) {
         tex->target = target;
         st_sampler_params_init(&tex->sampler, target);
      } else if (tex->target != target) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glBindTexture(texture %u is a %s, not a %s)", texture,
                  st_enum_name(tex->target), st_enum_name(target));
         return;
      }
   }
   if (ts->bound[ts->active_unit][t] == tex)
      return;
   st_flush_vertices(ctx);
   st_texture_reference(&ts->bound[ts->active_unit][t], tex);
   ctx->dirty |= ST_DIRTY_TEXTURES;
}

void
api_DeleteTextures(struct st_context *ctx, GLsizei n, const GLuint *textures)
{
   struct st_texture_state *ts = ctx->texture;
   if (n < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteTextures(n=%d)", n);
      return;
   }
   if (!textures)
      return;
   st_flush_vertices(ctx);
   for (GLsizei i = 0; i < n; i++) {
      if (!textures[i])
         continue;
      mtx_lock(&ctx->shared->mutex);
      struct st_texture_object *tex =
         st_names_lookup(ctx->shared->textures, textures[i]);
      st_names_remove(ctx->shared->textures, textures[i]);
      mtx_unlock(&ctx->shared->mutex);
      if (!tex)
         continue;
      tex->deleted = true;
      /* GL 4.6 core, 8.1: bindings of this context revert to the default
       * texture; framebuffer attachments of the bound framebuffers are
       * detached (9.2.8). */
      for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++) {
         for (unsigned t = 0; t < ST_TEX_COUNT; t++) {
            if (ts->bound[u][t] == tex)
               st_texture_reference(&ts->bound[u][t], ts->defaults[t]);
         }
      }
      st_fb_texture_deleted(ctx, tex);
      st_texture_reference(&tex, NULL);
      ctx->dirty |= ST_DIRTY_TEXTURES;
   }
}

/* ---- lookup of the bound texture ---- */

struct st_texture_object *
st_texture_for_target(struct st_context *ctx, GLenum target, bool faces,
                      unsigned *face, const char *func)
{
   struct st_texture_state *ts = ctx->texture;
   if (face)
      *face = 0;
   if (faces && target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X &&
       target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
      if (face)
         *face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
      return ts->bound[ts->active_unit][ST_TEX_CUBE];
   }
   enum st_tex_target t;
   if (!st_tex_target_index(ctx, target, &t)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return NULL;
   }
   return ts->bound[ts->active_unit][t];
}

/* ---- glGet ---- */

bool
st_texture_get(struct st_context *ctx, GLenum pname, int index,
               struct st_value *v)
{
   struct st_texture_state *ts = ctx->texture;
   (void)index;
   if (st_pixels_get(ctx, pname, v))
      return true;
   if (pname == GL_ACTIVE_TEXTURE) {
      st_value_enum(v, GL_TEXTURE0 + ts->active_unit);
      return true;
   }
   static const struct {
      GLenum pname;
      enum st_tex_target target;
   } bindings[] = {
      { GL_TEXTURE_BINDING_1D, ST_TEX_1D },
      { GL_TEXTURE_BINDING_2D, ST_TEX_2D },
      { GL_TEXTURE_BINDING_3D, ST_TEX_3D },
      { GL_TEXTURE_BINDING_CUBE_MAP, ST_TEX_CUBE },
      { GL_TEXTURE_BINDING_RECTANGLE, ST_TEX_RECT },
      { GL_TEXTURE_BINDING_1D_ARRAY, ST_TEX_1D_ARRAY },
      { GL_TEXTURE_BINDING_2D_ARRAY, ST_TEX_2D_ARRAY },
      { GL_TEXTURE_BINDING_BUFFER, ST_TEX_BUFFER },
      { GL_TEXTURE_BINDING_2D_MULTISAMPLE, ST_TEX_2D_MS },
      { GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY, ST_TEX_2D_MS_ARRAY },
   };
   for (unsigned i = 0; i < sizeof(bindings) / sizeof(bindings[0]); i++) {
      if (bindings[i].pname != pname)
         continue;
      enum st_tex_target t;
      if (!st_tex_target_index(ctx, targets[bindings[i].target].gl, &t))
         return false;
      st_value_int(v, (GLint)ts->bound[ts->active_unit][t]->name);
      return true;
   }
   if (pname == GL_SAMPLER_BINDING) {
      struct st_sampler_object *s = ts->sampler[ts->active_unit];
      st_value_int(v, s ? (GLint)s->name : 0);
      return true;
   }
   if (pname == GL_TEXTURE_BUFFER_DATA_STORE_BINDING &&
       st_is_desktop(ctx, 31)) {
      /* GL 3.3 core, table 6.20: the buffer of the active unit's buffer
       * texture. */
      struct st_buffer *b = ts->bound[ts->active_unit][ST_TEX_BUFFER]->buffer;
      st_value_int(v, b ? (GLint)b->name : 0);
      return true;
   }
   if (pname == GL_TEXTURE_BUFFER && st_is_desktop(ctx, 31)) {
      struct st_buffer *b = st_buffer_bound(ctx, GL_TEXTURE_BUFFER);
      st_value_int(v, b ? (GLint)b->name : 0);
      return true;
   }
   return false;
}
