/* SPDX-License-Identifier: MIT */

/*
 * EGL 1.5 fence sync objects (3.8.1): eglCreateSync, eglDestroySync,
 * eglClientWaitSync, eglWaitSync and eglGetSyncAttrib, and the same as
 * EGL_KHR_fence_sync and EGL_KHR_wait_sync have them (EGLint attributes
 * and values; otherwise the same objects and errors).
 *
 * A fence is the pipe fence of a flush of the current context: creating
 * one flushes (so EGL_SYNC_FLUSH_COMMANDS_BIT has nothing left to do),
 * and waiting is the screen's fence_finish.  eglWaitSync makes the
 * context's later commands wait for the fence; a context's commands
 * already run in submission order, and the fence belongs to a flush that
 * was submitted before them, so there is nothing to insert.
 */
#include <stdlib.h>

#include "pipe/p_screen.h"

#include "egl_api.h"
#include "egl_priv.h"

struct egl_sync *
egl_sync_lookup(struct egl_display *dpy, EGLSync handle)
{
   u_list_foreach (struct egl_sync, sync, &dpy->syncs, link) {
      if (sync == (struct egl_sync *)handle)
         return sync;
   }
   return NULL;
}

void
egl_sync_free(struct egl_sync *sync)
{
   struct pipe_screen *pscreen = st_screen_pipe(sync->display->screen);
   u_list_del(&sync->link);
   pscreen->fence_reference(pscreen, &sync->fence, NULL);
   free(sync);
}

/** The calling thread's context if it is current on @p dpy with the
 * bound API, else NULL (EGL_BAD_MATCH for the fence functions). */
static struct egl_context *
current_context(struct egl_display *dpy)
{
   struct egl_context *ctx = egl_thread_get()->context;
   if (!ctx || ctx->display != dpy || ctx->api != egl_current_api())
      return NULL;
   return ctx;
}

EGLSync
egl_CreateSync(EGLDisplay handle, EGLenum type, const EGLAttrib *attrib_list)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   egl_unlock();
   if (!dpy)
      return EGL_NO_SYNC;
   EGLint error = EGL_SUCCESS;
   struct egl_context *ctx = current_context(dpy);
   if (type != EGL_SYNC_FENCE)
      error = EGL_BAD_PARAMETER;
   else if (attrib_list && attrib_list[0] != EGL_NONE)
      error = EGL_BAD_ATTRIBUTE;
   else if (!ctx)
      error = EGL_BAD_MATCH;
   struct egl_sync *sync = NULL;
   if (error == EGL_SUCCESS) {
      sync = calloc(1, sizeof(*sync));
      if (!sync)
         error = EGL_BAD_ALLOC;
   }
   if (error != EGL_SUCCESS) {
      egl_error(error);
      return EGL_NO_SYNC;
   }
   u_list_init(&sync->link);
   sync->display = dpy;
   st_context_flush(ctx->st, 0, &sync->fence);

   egl_lock();
   u_list_add_tail(&dpy->syncs, &sync->link);
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return (EGLSync)sync;
}

EGLBoolean
egl_DestroySync(EGLDisplay handle, EGLSync sync_handle)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_sync *sync = dpy ? egl_sync_lookup(dpy, sync_handle) : NULL;
   if (sync)
      egl_sync_free(sync);
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   if (!sync)
      return egl_error(EGL_BAD_PARAMETER);
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/** Whether @p sync is signalled after waiting up to @p timeout ns; the
 * wait happens outside the lock on a reference of the fence. */
static bool
sync_wait(struct egl_display *dpy, struct egl_sync *sync, uint64_t timeout)
{
   struct pipe_screen *pscreen = st_screen_pipe(dpy->screen);
   struct pipe_fence_handle *fence = NULL;
   pscreen->fence_reference(pscreen, &fence, sync->fence);
   egl_unlock();
   /* A flush that made no fence had nothing to wait for. */
   bool signalled =
      !fence || pscreen->fence_finish(pscreen, NULL, fence, timeout);
   pscreen->fence_reference(pscreen, &fence, NULL);
   egl_lock();
   return signalled;
}

EGLint
egl_ClientWaitSync(EGLDisplay handle, EGLSync sync_handle, EGLint flags,
                   EGLTime timeout)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_sync *sync = dpy ? egl_sync_lookup(dpy, sync_handle) : NULL;
   if (!dpy || !sync) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_PARAMETER) : EGL_FALSE;
   }
   /* EGL_FOREVER is UINT64_MAX, the fence's "no limit" too. */
   bool signalled = sync_wait(dpy, sync, timeout);
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return signalled ? EGL_CONDITION_SATISFIED : EGL_TIMEOUT_EXPIRED;
}

EGLBoolean
egl_WaitSync(EGLDisplay handle, EGLSync sync_handle, EGLint flags)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_sync *sync = dpy ? egl_sync_lookup(dpy, sync_handle) : NULL;
   egl_unlock();
   if (!dpy)
      return EGL_FALSE;
   if (!sync || flags != 0)
      return egl_error(EGL_BAD_PARAMETER);
   if (!current_context(dpy))
      return egl_error(EGL_BAD_MATCH);
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_GetSyncAttrib(EGLDisplay handle, EGLSync sync_handle, EGLint attribute,
                  EGLAttrib *value)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_sync *sync = dpy ? egl_sync_lookup(dpy, sync_handle) : NULL;
   if (!dpy || !sync) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_PARAMETER) : EGL_FALSE;
   }
   EGLAttrib result;
   switch (attribute) {
   case EGL_SYNC_TYPE:
      result = EGL_SYNC_FENCE;
      break;
   case EGL_SYNC_CONDITION:
      result = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
      break;
   case EGL_SYNC_STATUS:
      result = sync_wait(dpy, sync, 0) ? EGL_SIGNALED : EGL_UNSIGNALED;
      break;
   default:
      egl_unlock();
      return egl_error(EGL_BAD_ATTRIBUTE);
   }
   egl_unlock();
   if (!value)
      return egl_error(EGL_BAD_PARAMETER);
   *value = result;
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/* ---- EGL_KHR_fence_sync, EGL_KHR_wait_sync ---- */

EGLSyncKHR
egl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attrib_list)
{
   /* A fence takes no attribute: any is EGL_BAD_ATTRIBUTE, which
    * egl_CreateSync reports for the first one. */
   EGLAttrib attribs[3] = { EGL_NONE, 0, EGL_NONE };
   if (attrib_list && attrib_list[0] != EGL_NONE) {
      attribs[0] = attrib_list[0];
      attribs[1] = attrib_list[1];
   }
   return egl_CreateSync(dpy, type, attribs);
}

EGLBoolean
egl_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
   return egl_DestroySync(dpy, sync);
}

EGLint
egl_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
                      EGLTimeKHR timeout)
{
   return egl_ClientWaitSync(dpy, sync, flags, timeout);
}

EGLint
egl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
   return egl_WaitSync(dpy, sync, flags);
}

EGLBoolean
egl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute,
                     EGLint *value)
{
   EGLAttrib result;
   if (!egl_GetSyncAttrib(dpy, sync, attribute, value ? &result : NULL))
      return EGL_FALSE;
   *value = (EGLint)result;
   return EGL_TRUE;
}
