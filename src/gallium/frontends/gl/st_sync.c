/* SPDX-License-Identifier: MIT */

/*
 * Sync objects (GL 4.6 chapter 4.1, ES 3.0 5.2): a GLsync is a pointer to
 * a struct st_sync holding the pipe fence of the flush glFenceSync did.
 * The share group's set (st_shared::syncs) says which pointers are live;
 * a reference count keeps an object alive while glClientWaitSync waits on
 * it without the share group's lock, so glDeleteSync from another thread
 * only drops the set's reference.
 */

#include <stdatomic.h>
#include <stdlib.h>
#include <threads.h>

#include "glapi_api.h"
#include "pipe/p_screen.h"
#include "st_context.h"
#include "st_query.h"
#include "util/u_hash.h"

struct st_sync {
   atomic_int refcount;
   struct pipe_screen *screen;
   struct pipe_fence_handle *fence;
   /** Set once the fence was seen signalled (it stays so). */
   atomic_bool signalled;
};

static void
sync_unreference(struct st_sync *sync)
{
   if (atomic_fetch_sub(&sync->refcount, 1) != 1)
      return;
   sync->screen->fence_reference(sync->screen, &sync->fence, NULL);
   free(sync);
}

/** The live sync object @p handle with a new reference, NULL if none. */
static struct st_sync *
sync_lookup(struct st_context *ctx, GLsync handle)
{
   struct st_shared *shared = ctx->shared;
   struct st_sync *sync = NULL;
   mtx_lock(&shared->mutex);
   if (handle && u_set_contains(shared->syncs, handle)) {
      sync = (struct st_sync *)handle;
      atomic_fetch_add(&sync->refcount, 1);
   }
   mtx_unlock(&shared->mutex);
   return sync;
}

/** Waits at most @p timeout_ns for @p sync; whether it is signalled. */
static bool
sync_wait(struct st_context *ctx, struct st_sync *sync, uint64_t timeout_ns)
{
   if (atomic_load(&sync->signalled))
      return true;
   /* No fence: the flush had nothing to wait for. */
   if (!sync->fence || sync->screen->fence_finish(sync->screen, NULL,
                                                  sync->fence, timeout_ns)) {
      atomic_store(&sync->signalled, true);
      return true;
   }
   return false;
}

GLsync
api_FenceSync(struct st_context *ctx, GLenum condition, GLbitfield flags)
{
   if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
      st_error(ctx, GL_INVALID_ENUM, "glFenceSync(condition=%s)",
               st_enum_name(condition));
      return NULL;
   }
   if (flags != 0) {
      st_error(ctx, GL_INVALID_VALUE, "glFenceSync(flags=0x%x)", flags);
      return NULL;
   }
   struct st_sync *sync = calloc(1, sizeof(*sync));
   if (!sync) {
      st_out_of_memory(ctx, "glFenceSync");
      return NULL;
   }
   atomic_init(&sync->refcount, 1);
   atomic_init(&sync->signalled, false);
   sync->screen = ctx->screen;
   /* The fence covers everything issued so far, queued vertices too. */
   st_context_flush(ctx, 0, &sync->fence);

   struct st_shared *shared = ctx->shared;
   mtx_lock(&shared->mutex);
   bool added = u_set_add(shared->syncs, sync) != NULL;
   mtx_unlock(&shared->mutex);
   if (!added) {
      sync_unreference(sync);
      st_out_of_memory(ctx, "glFenceSync");
      return NULL;
   }
   return (GLsync)sync;
}

GLboolean
api_IsSync(struct st_context *ctx, GLsync sync)
{
   struct st_sync *s = sync_lookup(ctx, sync);
   if (!s)
      return GL_FALSE;
   sync_unreference(s);
   return GL_TRUE;
}

void
api_DeleteSync(struct st_context *ctx, GLsync sync)
{
   /* Deleting 0 is silently ignored. */
   if (!sync)
      return;
   struct st_shared *shared = ctx->shared;
   mtx_lock(&shared->mutex);
   bool removed = u_set_remove_key(shared->syncs, sync);
   mtx_unlock(&shared->mutex);
   if (!removed) {
      st_error(ctx, GL_INVALID_VALUE, "glDeleteSync(not a sync object)");
      return;
   }
   /* Waits in progress keep their own reference. */
   sync_unreference((struct st_sync *)sync);
}

GLenum
api_ClientWaitSync(struct st_context *ctx, GLsync sync, GLbitfield flags,
                   GLuint64 timeout)
{
   if (flags & ~GL_SYNC_FLUSH_COMMANDS_BIT) {
      st_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(flags=0x%x)", flags);
      return GL_WAIT_FAILED;
   }
   struct st_sync *s = sync_lookup(ctx, sync);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glClientWaitSync(not a sync object)");
      return GL_WAIT_FAILED;
   }
   GLenum result;
   if (sync_wait(ctx, s, 0)) {
      result = GL_ALREADY_SIGNALED;
   } else {
      /* The fence's work was submitted by glFenceSync; the flush bit
       * also submits what this context issued since. */
      if (flags & GL_SYNC_FLUSH_COMMANDS_BIT)
         st_context_flush(ctx, 0, NULL);
      result = timeout && sync_wait(ctx, s, timeout) ? GL_CONDITION_SATISFIED
                                                     : GL_TIMEOUT_EXPIRED;
   }
   sync_unreference(s);
   return result;
}

void
api_WaitSync(struct st_context *ctx, GLsync sync, GLbitfield flags,
             GLuint64 timeout)
{
   if (flags != 0) {
      st_error(ctx, GL_INVALID_VALUE, "glWaitSync(flags=0x%x)", flags);
      return;
   }
   if (timeout != GL_TIMEOUT_IGNORED) {
      st_error(ctx, GL_INVALID_VALUE, "glWaitSync(timeout=%llu)",
               (unsigned long long)timeout);
      return;
   }
   struct st_sync *s = sync_lookup(ctx, sync);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glWaitSync(not a sync object)");
      return;
   }
   /* The pipe runs this context's commands in order on the CPU; waiting
    * here is what a server-side wait amounts to.  The fence belongs to
    * submitted work, so it signals. */
   sync_wait(ctx, s, UINT64_MAX);
   sync_unreference(s);
}

void
api_GetSynciv(struct st_context *ctx, GLsync sync, GLenum pname, GLsizei count,
              GLsizei *length, GLint *values)
{
   struct st_sync *s = sync_lookup(ctx, sync);
   if (!s) {
      st_error(ctx, GL_INVALID_VALUE, "glGetSynciv(not a sync object)");
      return;
   }
   GLint value;
   switch (pname) {
   case GL_OBJECT_TYPE:
      value = GL_SYNC_FENCE;
      break;
   case GL_SYNC_CONDITION:
      value = GL_SYNC_GPU_COMMANDS_COMPLETE;
      break;
   case GL_SYNC_STATUS:
      value = sync_wait(ctx, s, 0) ? GL_SIGNALED : GL_UNSIGNALED;
      break;
   case GL_SYNC_FLAGS:
      value = 0;
      break;
   default:
      sync_unreference(s);
      st_error(ctx, GL_INVALID_ENUM, "glGetSynciv(pname=%s)",
               st_enum_name(pname));
      return;
   }
   sync_unreference(s);
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetSynciv(count=%d)", count);
      return;
   }
   GLsizei written = count > 0 && values ? 1 : 0;
   if (written)
      values[0] = value;
   if (length)
      *length = written;
}

void
st_sync_free_shared(struct u_set *syncs)
{
   u_set_foreach (syncs, entry)
      sync_unreference((struct st_sync *)entry->key);
   u_set_clear(syncs, NULL);
}
