/* SPDX-License-Identifier: MIT */

/*
 * Sampler objects (glGenSamplers, glDeleteSamplers, glIsSampler,
 * glBindSampler, glSamplerParameter*, glGetSamplerParameter*) and the
 * sampler CSOs made from sampling parameters.
 *
 * A sampler object bound to a unit replaces the sampling parameters of
 * whatever texture the unit samples (GL 4.6 core, 8.2).  CSOs are cached
 * per context by their template, so that units sharing parameters share
 * one CSO and a draw that changes nothing creates nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "st_names.h"
#include "st_texture_priv.h"
#include "util/u_hash.h"

void
st_sampler_reference(struct st_sampler_object **slot,
                     struct st_sampler_object *s)
{
   struct st_sampler_object *old = *slot;
   if (old == s)
      return;
   if (s)
      atomic_fetch_add(&s->refcount, 1);
   if (old && atomic_fetch_sub(&old->refcount, 1) == 1)
      free(old);
   *slot = s;
}

static struct st_sampler_object *
sampler_lookup(struct st_context *ctx, GLuint name)
{
   if (!name)
      return NULL;
   mtx_lock(&ctx->shared->mutex);
   struct st_sampler_object *s = st_names_lookup(ctx->shared->samplers, name);
   mtx_unlock(&ctx->shared->mutex);
   return s;
}

void
api_GenSamplers(struct st_context *ctx, GLsizei count, GLuint *samplers)
{
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGenSamplers(count=%d)", count);
      return;
   }
   if (!count || !samplers)
      return;
   /* Unlike textures, sampler objects exist as soon as they are
    * generated (GL 4.6 core, 8.2). */
   mtx_lock(&ctx->shared->mutex);
   bool ok = st_names_gen(ctx->shared->samplers, count, samplers);
   for (GLsizei i = 0; ok && i < count; i++) {
      struct st_sampler_object *s = calloc(1, sizeof(*s));
      if (!s || !st_names_insert(ctx->shared->samplers, samplers[i], s)) {
         free(s);
         for (GLsizei j = i; j < count; j++)
            st_names_remove(ctx->shared->samplers, samplers[j]);
         ok = false;
         break;
      }
      atomic_init(&s->refcount, 1);
      s->name = samplers[i];
      st_sampler_params_init(&s->params, GL_TEXTURE_2D);
   }
   mtx_unlock(&ctx->shared->mutex);
   if (!ok)
      st_out_of_memory(ctx, "glGenSamplers");
}

void
api_DeleteSamplers(struct st_context *ctx, GLsizei count,
                   const GLuint *samplers)
{
   struct st_texture_state *ts = ctx->texture;
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteSamplers(count=%d)", count);
      return;
   }
   if (!samplers)
      return;
   st_flush_vertices(ctx);
   for (GLsizei i = 0; i < count; i++) {
      if (!samplers[i])
         continue;
      mtx_lock(&ctx->shared->mutex);
      struct st_sampler_object *s =
         st_names_lookup(ctx->shared->samplers, samplers[i]);
      if (s)
         st_names_remove(ctx->shared->samplers, samplers[i]);
      mtx_unlock(&ctx->shared->mutex);
      if (!s)
         continue;
      /* GL 4.6 core, 8.2: units of this context that have it bind 0. */
      for (unsigned u = 0; u < ST_MAX_TEXTURE_UNITS; u++) {
         if (ts->sampler[u] == s)
            st_sampler_reference(&ts->sampler[u], NULL);
      }
      st_sampler_reference(&s, NULL);
      ctx->dirty |= ST_DIRTY_TEXTURES;
   }
}

GLboolean
api_IsSampler(struct st_context *ctx, GLuint sampler)
{
   return sampler_lookup(ctx, sampler) ? GL_TRUE : GL_FALSE;
}

void
api_BindSampler(struct st_context *ctx, GLuint unit, GLuint sampler)
{
   struct st_texture_state *ts = ctx->texture;
   if (unit >= ST_MAX_TEXTURE_UNITS) {
      st_error(ctx, GL_INVALID_VALUE, "glBindSampler(unit=%u)", unit);
      return;
   }
   struct st_sampler_object *s = sampler_lookup(ctx, sampler);
   if (sampler && !s) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glBindSampler(sampler=%u is not a sampler object)", sampler);
      return;
   }
   if (ts->sampler[unit] == s)
      return;
   st_flush_vertices(ctx);
   st_sampler_reference(&ts->sampler[unit], s);
   ctx->dirty |= ST_DIRTY_TEXTURES;
}

static void
sampler_parameter(struct st_context *ctx, GLuint sampler, GLenum pname,
                  const GLint *iv, const GLfloat *fv, bool integer_border,
                  const char *func)
{
   struct st_sampler_object *s = sampler_lookup(ctx, sampler);
   if (!s) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(sampler=%u)", func, sampler);
      return;
   }
   if (!iv && !fv)
      return;
   struct st_sampler_params p = s->params;
   GLenum err =
      st_sampler_param_set(ctx, &p, pname, iv, fv, integer_border, true);
   if (err != GL_NO_ERROR) {
      st_error(ctx, err, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }
   st_flush_vertices(ctx);
   s->params = p;
   ctx->dirty |= ST_DIRTY_TEXTURES;
}

/* glSamplerParameteri/f take one value: vector pnames are errors. */
static bool
single_value(struct st_context *ctx, GLenum pname, const char *func)
{
   if (pname == GL_TEXTURE_BORDER_COLOR) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return false;
   }
   return true;
}

void
api_SamplerParameteri(struct st_context *ctx, GLuint sampler, GLenum pname,
                      GLint param)
{
   if (single_value(ctx, pname, "glSamplerParameteri"))
      sampler_parameter(ctx, sampler, pname, &param, NULL, false,
                        "glSamplerParameteri");
}

void
api_SamplerParameterf(struct st_context *ctx, GLuint sampler, GLenum pname,
                      GLfloat param)
{
   if (single_value(ctx, pname, "glSamplerParameterf"))
      sampler_parameter(ctx, sampler, pname, NULL, &param, false,
                        "glSamplerParameterf");
}

void
api_SamplerParameteriv(struct st_context *ctx, GLuint sampler, GLenum pname,
                       const GLint *param)
{
   sampler_parameter(ctx, sampler, pname, param, NULL, false,
                     "glSamplerParameteriv");
}

void
api_SamplerParameterfv(struct st_context *ctx, GLuint sampler, GLenum pname,
                       const GLfloat *param)
{
   sampler_parameter(ctx, sampler, pname, NULL, param, false,
                     "glSamplerParameterfv");
}

void
api_SamplerParameterIiv(struct st_context *ctx, GLuint sampler, GLenum pname,
                        const GLint *param)
{
   sampler_parameter(ctx, sampler, pname, param, NULL, true,
                     "glSamplerParameterIiv");
}

void
api_SamplerParameterIuiv(struct st_context *ctx, GLuint sampler, GLenum pname,
                         const GLuint *param)
{
   sampler_parameter(ctx, sampler, pname, (const GLint *)param, NULL, true,
                     "glSamplerParameterIuiv");
}

static void
get_sampler_parameter(struct st_context *ctx, GLuint sampler, GLenum pname,
                      GLint *iv, GLfloat *fv, bool integer_border,
                      const char *func)
{
   struct st_sampler_object *s = sampler_lookup(ctx, sampler);
   if (!s) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(sampler=%u)", func, sampler);
      return;
   }
   GLint idummy[4];
   GLfloat fdummy[4];
   if (!iv && !fv) {
      /* Still validate pname. */
      iv = idummy;
      (void)fdummy;
   }
   if (!st_sampler_param_get(ctx, &s->params, pname, iv, fv, integer_border))
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
}

void
api_GetSamplerParameteriv(struct st_context *ctx, GLuint sampler, GLenum pname,
                          GLint *params)
{
   get_sampler_parameter(ctx, sampler, pname, params, NULL, false,
                         "glGetSamplerParameteriv");
}

void
api_GetSamplerParameterfv(struct st_context *ctx, GLuint sampler, GLenum pname,
                          GLfloat *params)
{
   get_sampler_parameter(ctx, sampler, pname, NULL, params, false,
                         "glGetSamplerParameterfv");
}

void
api_GetSamplerParameterIiv(struct st_context *ctx, GLuint sampler, GLenum pname,
                           GLint *params)
{
   get_sampler_parameter(ctx, sampler, pname, params, NULL, true,
                         "glGetSamplerParameterIiv");
}

void
api_GetSamplerParameterIuiv(struct st_context *ctx, GLuint sampler,
                            GLenum pname, GLuint *params)
{
   get_sampler_parameter(ctx, sampler, pname, (GLint *)params, NULL, true,
                         "glGetSamplerParameterIuiv");
}

/* ---- sampler CSOs ---- */

static unsigned
pipe_wrap(GLenum wrap)
{
   switch (wrap) {
   case GL_REPEAT:
      return PIPE_TEX_WRAP_REPEAT;
   case GL_CLAMP:
      return PIPE_TEX_WRAP_CLAMP;
   case GL_CLAMP_TO_BORDER:
      return PIPE_TEX_WRAP_CLAMP_TO_BORDER;
   case GL_MIRRORED_REPEAT:
      return PIPE_TEX_WRAP_MIRROR_REPEAT;
   default:
      return PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   }
}

static uint32_t
hash_state(const void *key)
{
   return u_hash_data(key, sizeof(struct pipe_sampler_state));
}

static bool
equal_state(const void *a, const void *b)
{
   return memcmp(a, b, sizeof(struct pipe_sampler_state)) == 0;
}

void *
st_sampler_cso(struct st_context *ctx, const struct st_sampler_params *p,
               bool integer, bool rect, bool seamless)
{
   struct st_texture_state *ts = ctx->texture;
   struct pipe_sampler_state s;
   /* Zeroed so that padding bytes hash and compare equal. */
   memset(&s, 0, sizeof(s));
   s.wrap_s = pipe_wrap(p->wrap_s);
   s.wrap_t = pipe_wrap(p->wrap_t);
   s.wrap_r = pipe_wrap(p->wrap_r);
   bool min_linear = p->min_filter == GL_LINEAR ||
                     p->min_filter == GL_LINEAR_MIPMAP_NEAREST ||
                     p->min_filter == GL_LINEAR_MIPMAP_LINEAR;
   s.min_img_filter =
      min_linear && !integer ? PIPE_TEX_FILTER_LINEAR : PIPE_TEX_FILTER_NEAREST;
   s.mag_img_filter = p->mag_filter == GL_LINEAR && !integer
                         ? PIPE_TEX_FILTER_LINEAR
                         : PIPE_TEX_FILTER_NEAREST;
   switch (p->min_filter) {
   case GL_NEAREST_MIPMAP_NEAREST:
   case GL_LINEAR_MIPMAP_NEAREST:
      s.min_mip_filter = PIPE_TEX_MIPFILTER_NEAREST;
      break;
   case GL_NEAREST_MIPMAP_LINEAR:
   case GL_LINEAR_MIPMAP_LINEAR:
      s.min_mip_filter =
         integer ? PIPE_TEX_MIPFILTER_NEAREST : PIPE_TEX_MIPFILTER_LINEAR;
      break;
   default:
      s.min_mip_filter = PIPE_TEX_MIPFILTER_NONE;
      break;
   }
   s.compare_mode = p->compare_mode == GL_COMPARE_REF_TO_TEXTURE;
   /* The GL compare functions are in the pipe's order (p_defines.h). */
   s.compare_func = p->compare_func - GL_NEVER;
   s.normalized_coords = !rect;
   s.seamless_cube_map = seamless || p->seamless_cube_map;
   s.lod_bias = p->lod_bias;
   s.min_lod = p->min_lod;
   s.max_lod = p->max_lod;
   memcpy(s.border_color.f, p->border_color, sizeof(s.border_color.f));
   s.max_anisotropy = 0;

   if (!ts->samplers) {
      ts->samplers = u_hash_table_create(NULL, hash_state, equal_state);
      if (!ts->samplers)
         return NULL;
   }
   struct u_hash_entry *e = u_hash_table_search(ts->samplers, &s);
   if (e)
      return e->data;
   struct pipe_sampler_state *key = malloc(sizeof(*key));
   if (!key)
      return NULL;
   *key = s;
   void *cso = ctx->pipe->create_sampler_state(ctx->pipe, &s);
   if (!cso || !u_hash_table_insert(ts->samplers, key, cso)) {
      if (cso)
         ctx->pipe->delete_sampler_state(ctx->pipe, cso);
      free(key);
      return NULL;
   }
   return cso;
}

static void
free_key(struct u_hash_entry *e)
{
   free((void *)e->key);
}

void
st_sampler_fini(struct st_context *ctx)
{
   struct st_texture_state *ts = ctx->texture;
   for (unsigned s = 0; s < PIPE_SHADER_TYPES; s++) {
      if (ts->num_views[s]) {
         ctx->pipe->set_sampler_views(ctx->pipe, s, 0, ts->num_views[s], NULL);
         ctx->pipe->bind_sampler_states(ctx->pipe, s, 0, ts->num_views[s],
                                        NULL);
      }
      for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++) {
         pipe_sampler_view_ref(&ts->views[s][i].view, NULL);
         pipe_resource_ref(&ts->views[s][i].resource, NULL);
      }
      ts->num_views[s] = 0;
   }
   if (ts->samplers) {
      for (struct u_hash_entry *e = u_hash_table_next_entry(ts->samplers, NULL);
           e; e = u_hash_table_next_entry(ts->samplers, e))
         ctx->pipe->delete_sampler_state(ctx->pipe, e->data);
      u_hash_table_destroy(ts->samplers, free_key);
      ts->samplers = NULL;
   }
}
