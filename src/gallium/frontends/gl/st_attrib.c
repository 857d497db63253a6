/* SPDX-License-Identifier: MIT */

/*
 * glPushAttrib / glPopAttrib and glPushClientAttrib / glPopClientAttrib
 * (compatibility; GL 3.0 compatibility, 6.1.14), over the savers the
 * modules define (st_attrib.h).
 *
 * An entry of a stack is the mask it was pushed with and one block
 * holding, in the order of the table below, the bytes of every saver
 * whose bit the mask has.  Pop restores them in the same order, then
 * marks every state dirty: what a restore wrote is only known to it.
 */
#include <stdlib.h>

#include "glapi_api.h"
#include "st_attrib.h"
#include "st_context.h"
#include "st_get.h"

/* Every saver, in the order of the groups of GL 2.1 table 6.3; within a
 * group the order is free (savers write disjoint state). */
static const struct st_attrib_saver *const savers[] = {
   &st_vertex_saver_current,
   &st_raster_saver_current,
   &st_state_saver_point,
   &st_compat_saver_point,
   &st_state_saver_line,
   &st_state_saver_polygon,
   &st_state_saver_polygon_stipple,
   &st_fb_saver_pixel,
   &st_raster_saver_pixel_mode,
   &st_state_saver_lighting,
   &st_compat_saver_lighting,
   &st_compat_saver_fog,
   &st_state_saver_depth,
   &st_state_saver_stencil,
   &st_state_saver_viewport,
   &st_state_saver_transform,
   &st_compat_saver_transform,
   &st_state_saver_enable,
   &st_compat_saver_enable,
   &st_eval_saver_enable,
   &st_state_saver_color,
   &st_compat_saver_color,
   &st_fb_saver_color,
   &st_raster_saver_accum,
   &st_state_saver_hint,
   &st_eval_saver_eval,
   &st_dlist_saver_list,
   &st_compat_saver_texture,
   &st_texture_saver_texture,
   &st_state_saver_scissor,
   &st_state_saver_multisample,
   /* glPushClientAttrib */
   &st_state_saver_pixel_store,
   &st_buffer_saver_pixel_store,
   &st_vertex_saver_arrays,
};

#define NUM_SAVERS (sizeof(savers) / sizeof(savers[0]))

struct stack_entry {
   GLbitfield mask;
   void *data;
};

struct attrib_stack {
   struct stack_entry entry[ST_MAX_ATTRIB_STACK_DEPTH];
   unsigned depth;
};

struct st_attrib_state {
   struct attrib_stack server, client;
};

/** Bytes of a saver's part of a block (keeps every part aligned). */
static size_t
part_size(const struct st_attrib_saver *s)
{
   return (s->size + 15) & ~(size_t)15;
}

static bool
applies(const struct st_attrib_saver *s, GLbitfield mask, bool client)
{
   return s->client == client && (s->mask & mask) != 0;
}

/** Releases the references of an entry's block and frees it. */
static void
entry_free(struct st_context *ctx, struct stack_entry *e, bool client)
{
   char *p = e->data;
   for (unsigned i = 0; i < NUM_SAVERS; i++) {
      const struct st_attrib_saver *s = savers[i];
      if (!applies(s, e->mask, client))
         continue;
      if (s->release)
         s->release(ctx, p);
      p += part_size(s);
   }
   free(e->data);
   e->data = NULL;
}

void
st_attrib_init(struct st_context *ctx)
{
   ctx->attrib = calloc(1, sizeof(*ctx->attrib));
}

void
st_attrib_fini(struct st_context *ctx)
{
   struct st_attrib_state *as = ctx->attrib;
   if (!as)
      return;
   while (as->server.depth)
      entry_free(ctx, &as->server.entry[--as->server.depth], false);
   while (as->client.depth)
      entry_free(ctx, &as->client.entry[--as->client.depth], true);
   free(as);
   ctx->attrib = NULL;
}

static void
push(struct st_context *ctx, GLbitfield mask, bool client, const char *func)
{
   if (!ctx->attrib) {
      st_out_of_memory(ctx, func);
      return;
   }
   struct attrib_stack *stack =
      client ? &ctx->attrib->client : &ctx->attrib->server;
   if (stack->depth >= ST_MAX_ATTRIB_STACK_DEPTH) {
      st_error(ctx, GL_STACK_OVERFLOW, "%s(stack full)", func);
      return;
   }
   size_t size = 0;
   for (unsigned i = 0; i < NUM_SAVERS; i++) {
      if (applies(savers[i], mask, client))
         size += part_size(savers[i]);
   }
   char *data = malloc(size ? size : 1);
   if (!data) {
      st_out_of_memory(ctx, func);
      return;
   }
   st_flush_vertices(ctx);
   char *p = data;
   for (unsigned i = 0; i < NUM_SAVERS; i++) {
      const struct st_attrib_saver *s = savers[i];
      if (!applies(s, mask, client))
         continue;
      s->save(ctx, p);
      p += part_size(s);
   }
   stack->entry[stack->depth].mask = mask;
   stack->entry[stack->depth].data = data;
   stack->depth++;
}

static void
pop(struct st_context *ctx, bool client, const char *func)
{
   struct attrib_stack *stack = !ctx->attrib ? NULL
                                : client     ? &ctx->attrib->client
                                             : &ctx->attrib->server;
   if (!stack || stack->depth == 0) {
      st_error(ctx, GL_STACK_UNDERFLOW, "%s(stack empty)", func);
      return;
   }
   st_flush_vertices(ctx);
   struct stack_entry *e = &stack->entry[--stack->depth];
   char *p = e->data;
   for (unsigned i = 0; i < NUM_SAVERS; i++) {
      const struct st_attrib_saver *s = savers[i];
      if (!applies(s, e->mask, client))
         continue;
      s->restore(ctx, p);
      p += part_size(s);
   }
   entry_free(ctx, e, client);
   ctx->dirty = ST_DIRTY_ALL;
}

void
api_PushAttrib(struct st_context *ctx, GLbitfield mask)
{
   push(ctx, mask, false, "glPushAttrib");
}

void
api_PopAttrib(struct st_context *ctx)
{
   pop(ctx, false, "glPopAttrib");
}

void
api_PushClientAttrib(struct st_context *ctx, GLbitfield mask)
{
   push(ctx, mask, true, "glPushClientAttrib");
}

void
api_PopClientAttrib(struct st_context *ctx)
{
   pop(ctx, true, "glPopClientAttrib");
}

bool
st_attrib_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   if (!st_is_compat(ctx) || index >= 0)
      return false;
   struct st_attrib_state *as = ctx->attrib;
   switch (pname) {
   case GL_ATTRIB_STACK_DEPTH:
      st_value_int(v, as ? (GLint)as->server.depth : 0);
      return true;
   case GL_CLIENT_ATTRIB_STACK_DEPTH:
      st_value_int(v, as ? (GLint)as->client.depth : 0);
      return true;
   case GL_MAX_ATTRIB_STACK_DEPTH:
   case GL_MAX_CLIENT_ATTRIB_STACK_DEPTH:
      st_value_int(v, ST_MAX_ATTRIB_STACK_DEPTH);
      return true;
   default:
      return false;
   }
}
