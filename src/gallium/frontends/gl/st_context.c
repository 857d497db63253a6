/* SPDX-License-Identifier: MIT */

/*
 * Screens, contexts, share groups, make-current and flushes (st_api.h),
 * plus glFlush and glFinish.
 *
 * A context is built in a fixed order: share group, pipe context, simple
 * state, limits, extensions, then the modules (st_buffer_init ...
 * st_validate_init), which may read everything before them.  Destruction
 * runs the modules' finis in reverse while the share group is still
 * referenced, so a module's fini sees shared->refcount == 1 when its
 * context is the last of the group and may free the shared objects then.
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "compiler/glsl/glsl_compiler.h"
#include "glapi_extensions.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "st_buffer.h"
#include "st_attrib.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_debug.h"
#include "st_dlist.h"
#include "st_eval.h"
#include "st_raster.h"
#include "st_fb.h"
#include "st_label.h"
#include "st_limits.h"
#include "st_names.h"
#include "st_program.h"
#include "st_query.h"
#include "st_render_mode.h"
#include "st_texture.h"
#include "st_validate.h"
#include "st_vertex.h"
#include "util/u_driconf.h"
#include "util/u_hash.h"

struct st_screen {
   struct pipe_screen *pipe;
};

thread_local struct st_context *st_current_context;

struct st_screen *
st_screen_create(struct pipe_screen *pscreen)
{
   struct st_screen *screen = calloc(1, sizeof(*screen));
   if (!screen)
      return NULL;
   screen->pipe = pscreen;
   return screen;
}

void
st_screen_destroy(struct st_screen *screen)
{
   if (!screen)
      return;
   screen->pipe->destroy(screen->pipe);
   free(screen);
}

struct pipe_screen *
st_screen_pipe(struct st_screen *screen)
{
   return screen->pipe;
}

/* ---- share groups ---- */

static void
shared_destroy(struct st_shared *shared)
{
   /* The modules free their shared objects in their finis when the
    * last context goes, except buffers and syncs, freed here. */
   if (shared->buffers)
      st_buffer_free_shared(shared->buffers);
   st_names_destroy(shared->buffers);
   st_names_destroy(shared->textures);
   st_names_destroy(shared->renderbuffers);
   st_names_destroy(shared->samplers);
   st_names_destroy(shared->shader_objects);
   if (shared->lists)
      st_dlist_free_shared(shared->lists);
   st_names_destroy(shared->lists);
   if (shared->syncs) {
      st_sync_free_shared(shared->syncs);
      u_set_destroy(shared->syncs, NULL);
   }
   st_label_table_destroy(shared->labels);
   mtx_destroy(&shared->mutex);
   free(shared);
}

static struct st_shared *
shared_create(void)
{
   struct st_shared *shared = calloc(1, sizeof(*shared));
   if (!shared)
      return NULL;
   if (mtx_init(&shared->mutex, mtx_plain) != thrd_success) {
      free(shared);
      return NULL;
   }
   atomic_init(&shared->refcount, 1);
   shared->buffers = st_names_create();
   shared->textures = st_names_create();
   shared->renderbuffers = st_names_create();
   shared->samplers = st_names_create();
   shared->shader_objects = st_names_create();
   shared->lists = st_names_create();
   shared->syncs = u_set_create_pointer(NULL);
   shared->labels = st_label_table_create();
   if (!shared->buffers || !shared->textures || !shared->renderbuffers ||
       !shared->samplers || !shared->shader_objects || !shared->lists ||
       !shared->syncs || !shared->labels) {
      shared_destroy(shared);
      return NULL;
   }
   return shared;
}

static void
shared_unreference(struct st_shared *shared)
{
   if (shared && atomic_fetch_sub(&shared->refcount, 1) == 1)
      shared_destroy(shared);
}

/* ---- versions ---- */

/**
 * Picks the version, API bits and GLSL version for @p attribs (see
 * st_api.h); false for what this implementation does not provide.
 */
static bool
choose_version(struct st_context *ctx, const struct st_context_attribs *a)
{
   unsigned requested = a->major * 10 + a->minor;

   if (a->api == ST_API_OPENGL_ES) {
      /* ES 1.x is not provided; ES 2.0 is satisfied by ES 3.0, which is
       * backward compatible with it. */
      if (a->major < 2 || requested > ST_ES_MAX_VERSION)
         return false;
      ctx->es = true;
      ctx->version = ST_ES_MAX_VERSION;
      ctx->api_bits = ST_API_BIT_ES2 | ST_API_BIT_ES3;
      ctx->glsl_version = 300;
      return true;
   }

   if (a->api != ST_API_OPENGL || requested > ST_CORE_VERSION)
      return false;
   /* Profiles exist from 3.2; a 3.1 request is satisfied by a core
    * context (no ARB_compatibility), as are forward-compatible 3.x
    * requests, which remove what core removes. */
   bool core = (requested >= 32 && a->profile == ST_PROFILE_CORE) ||
               requested == 31 || (a->forward_compatible && requested >= 30);
   if (core) {
      ctx->core = true;
      ctx->forward_compatible = a->forward_compatible;
      ctx->version = ST_CORE_VERSION;
      ctx->api_bits = ST_API_BIT_CORE;
      ctx->glsl_version = 330;
      return true;
   }
   if (requested > ST_COMPAT_VERSION)
      return false;
   ctx->version = ST_COMPAT_VERSION;
   ctx->api_bits = ST_API_BIT_COMPAT;
   ctx->glsl_version = 130;
   return true;
}

/* ---- contexts ---- */

static void
context_free(struct st_context *ctx)
{
   st_label_table_destroy(ctx->labels);
   st_limits_fini(ctx);
   st_debug_fini(ctx);
   /* Shared objects may still hold state of this pipe context when this
    * is the group's last context: free them first. */
   shared_unreference(ctx->shared);
   if (ctx->pipe)
      ctx->pipe->destroy(ctx->pipe);
   free(ctx);
}

struct st_context *
st_context_create(struct st_screen *screen,
                  const struct st_context_attribs *attribs,
                  struct st_context *share, enum st_context_error *error)
{
   enum st_context_error dummy;
   if (!error)
      error = &dummy;

   if (share && (share->st_screen != screen ||
                 share->es != (attribs->api == ST_API_OPENGL_ES))) {
      *error = ST_CONTEXT_ERROR_BAD_SHARE;
      return NULL;
   }

   struct st_context *ctx = calloc(1, sizeof(*ctx));
   if (!ctx) {
      *error = ST_CONTEXT_ERROR_NO_MEMORY;
      return NULL;
   }
   ctx->st_screen = screen;
   ctx->screen = screen->pipe;
   ctx->debug_context = attribs->debug;
   ctx->no_error = attribs->no_error;
   ctx->error = GL_NO_ERROR;
   ctx->driconf = u_driconf_get();

   if (!choose_version(ctx, attribs)) {
      free(ctx);
      *error = ST_CONTEXT_ERROR_BAD_VERSION;
      return NULL;
   }
   /* KHR_no_error and debug contexts contradict each other (the error
    * messages are what a debug context is for); robust buffer access is
    * not implemented (no ARB_robustness). */
   if ((attribs->no_error && attribs->debug) || attribs->robust_access) {
      free(ctx);
      *error = ST_CONTEXT_ERROR_BAD_FLAG;
      return NULL;
   }

   if (share) {
      ctx->shared = share->shared;
      atomic_fetch_add(&ctx->shared->refcount, 1);
   } else {
      ctx->shared = shared_create();
      if (!ctx->shared)
         goto no_memory;
   }

   ctx->pipe = ctx->screen->context_create(ctx->screen, ctx, 0);
   if (!ctx->pipe)
      goto no_memory;

   st_state_init(&ctx->state);
   ctx->dirty = ST_DIRTY_ALL;
   ctx->labels = st_label_table_create();
   if (!ctx->labels || !st_debug_init(ctx) || !st_limits_init(ctx))
      goto no_memory;
   glapi_init_extensions(ctx);

   st_buffer_init(ctx);
   st_vertex_init(ctx);
   st_texture_init(ctx);
   st_fb_init(ctx);
   st_program_init(ctx);
   st_compat_init(ctx);
   st_query_init(ctx);
   st_render_mode_init(ctx);
   st_eval_init(ctx);
   st_raster_init(ctx);
   st_dlist_init(ctx);
   st_attrib_init(ctx);
   st_validate_init(ctx);

   *error = ST_CONTEXT_SUCCESS;
   return ctx;

no_memory:
   context_free(ctx);
   *error = ST_CONTEXT_ERROR_NO_MEMORY;
   return NULL;
}

void
st_context_destroy(struct st_context *ctx)
{
   if (!ctx)
      return;
   if (st_current_context == ctx)
      st_make_current(NULL, NULL, NULL);

   /* Queued work may still read what the modules are about to free. */
   ctx->pipe->flush(ctx->pipe, NULL, 0);

   /* The current context is the one the modules' finis work on (their
    * deletions may go through paths that look it up). */
   struct st_context *prev = st_current_context;
   st_current_context = ctx;
   st_validate_fini(ctx);
   st_attrib_fini(ctx);
   st_dlist_fini(ctx);
   st_raster_fini(ctx);
   st_eval_fini(ctx);
   st_render_mode_fini(ctx);
   st_query_fini(ctx);
   st_compat_fini(ctx);
   st_program_fini(ctx);
   st_fb_fini(ctx);
   st_texture_fini(ctx);
   st_vertex_fini(ctx);
   st_buffer_fini(ctx);
   st_current_context = prev;

   context_free(ctx);
}

/* ---- make current ---- */

/** The size of @p drawable's buffers now, validating it; false if the
 * frontend cannot provide them. */
static bool
drawable_size(struct st_drawable *drawable, unsigned *width, unsigned *height)
{
   struct pipe_resource *res[ST_ATTACHMENT_COUNT] = { 0 };
   return drawable->validate(drawable, width, height, res);
}

bool
st_make_current(struct st_context *ctx, struct st_drawable *draw,
                struct st_drawable *read)
{
   struct st_context *old = st_current_context;

   if (old && old != ctx) {
      /* The outgoing context's queued commands must reach its drawables
       * before another context renders to them. */
      st_flush_vertices(old);
      old->pipe->flush(old->pipe, NULL, 0);
   }
   if (!ctx) {
      st_current_context = NULL;
      return true;
   }
   if (!read)
      read = draw;

   unsigned width = 0, height = 0;
   if (draw && !drawable_size(draw, &width, &height))
      return false;

   if (ctx->draw_drawable != draw || ctx->read_drawable != read) {
      ctx->draw_drawable = draw;
      ctx->read_drawable = read;
      /* Stamps the drawables never have: validate on the next use. */
      ctx->draw_stamp = draw ? draw->stamp - 1 : 0;
      ctx->read_stamp = read ? read->stamp - 1 : 0;
      st_fb_drawables_changed(ctx);
      ctx->dirty |= ST_DIRTY_FRAMEBUFFER;
   }

   /* GL: the viewport and scissor start as the size of the first
    * drawable the context is made current with. */
   if (draw && !ctx->viewport_initialized) {
      ctx->viewport_initialized = true;
      GLint box[4] = { 0, 0, (GLint)width, (GLint)height };
      memcpy(ctx->state.viewport, box, sizeof(box));
      memcpy(ctx->state.scissor, box, sizeof(box));
      ctx->dirty |= ST_DIRTY_VIEWPORT | ST_DIRTY_SCISSOR;
   }

   st_current_context = ctx;
   return true;
}

struct st_context *
st_get_current(void)
{
   return st_current_context;
}

/* ---- flushes ---- */

void
st_flush_vertices(struct st_context *ctx)
{
   if (ctx->vertex)
      st_vertex_flush(ctx);
}

void
st_context_flush(struct st_context *ctx, unsigned flags,
                 struct pipe_fence_handle **fence)
{
   st_flush_vertices(ctx);
   struct pipe_fence_handle *local = NULL;
   bool finish = (flags & ST_FLUSH_FINISH) != 0;
   unsigned pipe_flags =
      (flags & ST_FLUSH_END_OF_FRAME) ? PIPE_FLUSH_END_OF_FRAME : 0;
   ctx->pipe->flush(ctx->pipe, (fence || finish) ? &local : NULL, pipe_flags);
   if (finish && local)
      ctx->screen->fence_finish(ctx->screen, ctx->pipe, local, UINT64_MAX);
   if (fence)
      *fence = local;
   else if (local)
      ctx->screen->fence_reference(ctx->screen, &local, NULL);
}

struct pipe_context *
st_context_pipe(struct st_context *ctx)
{
   return ctx->pipe;
}

void
st_drawable_invalidate(struct st_context *ctx, struct st_drawable *drawable)
{
   if (ctx->draw_drawable == drawable || ctx->read_drawable == drawable)
      st_context_flush(ctx, ST_FLUSH_END_OF_FRAME, NULL);
}

void
api_Flush(struct st_context *ctx)
{
   st_context_flush(ctx, 0, NULL);
   /* Single-buffered rendering becomes visible on glFlush. */
   struct st_drawable *draw = ctx->draw_drawable;
   if (draw && !draw->double_buffered && draw->flush_front)
      draw->flush_front(draw);
}

void
api_Finish(struct st_context *ctx)
{
   st_context_flush(ctx, ST_FLUSH_FINISH, NULL);
   struct st_drawable *draw = ctx->draw_drawable;
   if (draw && !draw->double_buffered && draw->flush_front)
      draw->flush_front(draw);
}
