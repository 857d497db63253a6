/* SPDX-License-Identifier: MIT */

/*
 * The vertex module's parts of the attribute stacks: the current values
 * (GL_CURRENT_BIT: every attribute's current value and the edge flag)
 * and the client vertex-array state (GL_CLIENT_VERTEX_ARRAY_BIT of
 * glPushClientAttrib: the bound vertex array object and its arrays, the
 * client active texture, the GL_ARRAY_BUFFER binding).
 *
 * A vertex array object is not reference counted: the saved bytes keep
 * the bound object's name, and the pop binds that name again if it still
 * names an object (else object 0) before restoring the arrays into it.
 */
#include <string.h>

#include "st_attrib.h"
#include "st_buffer.h"
#include "st_context.h"
#include "st_names.h"
#include "st_vertex_priv.h"

/* ---- GL_CURRENT_BIT ---- */

struct current_data {
   union st_current current[ST_MAX_ATTRIB_LOCATIONS];
   uint8_t kind[ST_MAX_ATTRIB_LOCATIONS];
};

static void
save_current(struct st_context *ctx, void *data)
{
   const struct st_vertex_state *vs = ctx->vertex;
   struct current_data *d = data;
   memcpy(d->current, vs->current, sizeof(d->current));
   memcpy(d->kind, vs->current_kind, sizeof(d->kind));
}

static void
restore_current(struct st_context *ctx, const void *data)
{
   struct st_vertex_state *vs = ctx->vertex;
   const struct current_data *d = data;
   memcpy(vs->current, d->current, sizeof(d->current));
   memcpy(vs->current_kind, d->kind, sizeof(d->kind));
}

const struct st_attrib_saver st_vertex_saver_current = {
   .mask = GL_CURRENT_BIT,
   .size = sizeof(struct current_data),
   .save = save_current,
   .restore = restore_current,
};

/* ---- GL_CLIENT_VERTEX_ARRAY_BIT ---- */

struct arrays_data {
   GLuint vao_name;
   struct st_array arrays[ST_MAX_ATTRIB_LOCATIONS];
   struct st_array edge_flag;
   struct st_buffer *element_buffer;
   struct st_buffer *array_buffer;
   unsigned client_active_texture;
};

/** Copies @p src to @p dst with references (dst's are dropped). */
static void
copy_array(struct st_array *dst, const struct st_array *src)
{
   struct st_buffer *buf = dst->buffer;
   *dst = *src;
   dst->buffer = buf;
   st_buffer_reference(&dst->buffer, src->buffer);
}

static void
save_arrays(struct st_context *ctx, void *data)
{
   const struct st_vertex_state *vs = ctx->vertex;
   const struct st_vao *vao = vs->vao;
   struct arrays_data *d = data;
   memset(d, 0, sizeof(*d));
   d->vao_name = vao->name;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++)
      copy_array(&d->arrays[i], &vao->arrays[i]);
   copy_array(&d->edge_flag, &vao->edge_flag);
   st_buffer_reference(&d->element_buffer, vao->element_buffer);
   st_buffer_reference(&d->array_buffer, st_buffer_bound(ctx, GL_ARRAY_BUFFER));
   d->client_active_texture = vs->client_active_texture;
}

static void
restore_arrays(struct st_context *ctx, const void *data)
{
   struct st_vertex_state *vs = ctx->vertex;
   const struct arrays_data *d = data;
   struct st_vao *vao =
      d->vao_name ? st_names_lookup(vs->vaos, d->vao_name) : vs->default_vao;
   if (!vao)
      vao = vs->default_vao;
   vs->vao = vao;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++)
      copy_array(&vao->arrays[i], &d->arrays[i]);
   copy_array(&vao->edge_flag, &d->edge_flag);
   st_buffer_reference(&vao->element_buffer, d->element_buffer);
   /* The binding gets its own reference; release drops the saved one. */
   struct st_buffer *ref = NULL;
   st_buffer_reference(&ref, d->array_buffer);
   struct st_buffer *old = st_buffer_swap_binding(ctx, GL_ARRAY_BUFFER, ref);
   st_buffer_reference(&old, NULL);
   vs->client_active_texture = d->client_active_texture;
}

static void
release_arrays(struct st_context *ctx, void *data)
{
   (void)ctx;
   struct arrays_data *d = data;
   for (unsigned i = 0; i < ST_MAX_ATTRIB_LOCATIONS; i++)
      st_buffer_reference(&d->arrays[i].buffer, NULL);
   st_buffer_reference(&d->edge_flag.buffer, NULL);
   st_buffer_reference(&d->element_buffer, NULL);
   st_buffer_reference(&d->array_buffer, NULL);
}

const struct st_attrib_saver st_vertex_saver_arrays = {
   .mask = GL_CLIENT_VERTEX_ARRAY_BIT,
   .client = true,
   .size = sizeof(struct arrays_data),
   .save = save_arrays,
   .restore = restore_arrays,
   .release = release_arrays,
};
