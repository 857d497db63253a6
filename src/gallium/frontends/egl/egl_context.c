/* SPDX-License-Identifier: MIT */

/*
 * Contexts: eglCreateContext (EGL 1.5, 3.7.1, with EGL_KHR_create_context,
 * EGL_KHR_create_context_no_error, EGL_EXT_create_context_robustness and
 * EGL_KHR_no_config_context), eglDestroyContext, eglMakeCurrent (with
 * EGL_KHR_surfaceless_context), eglQueryContext, eglWait* and
 * eglReleaseThread.
 *
 * libEGL keeps what eglGetCurrentContext/Surface/Display return; this
 * file keeps the same per thread (egl_thread) to enforce "current in one
 * thread at a time" and to free objects destroyed while current.
 */
#include <stdlib.h>

#include "egl_api.h"
#include "egl_priv.h"

struct egl_context *
egl_context_lookup(struct egl_display *dpy, EGLContext handle)
{
   u_list_foreach (struct egl_context, ctx, &dpy->contexts, link) {
      if (ctx == (struct egl_context *)handle)
         return ctx;
   }
   return NULL;
}

void
egl_context_free(struct egl_context *ctx)
{
   u_list_del(&ctx->link);
   if (ctx->st)
      st_context_destroy(ctx->st);
   free(ctx);
}

/** What eglCreateContext's attribute list asks for. */
struct context_request {
   EGLint major, minor;
   EGLint profile_mask;
   bool debug, forward_compatible, robust, no_error;
   EGLint reset_strategy;
};

static bool
valid_gl_version(EGLint major, EGLint minor)
{
   static const EGLint max_minor[] = { -1, 5, 1, 3, 6 };
   return major >= 1 && major <= 4 && minor >= 0 && minor <= max_minor[major];
}

/** Parses @p attrib_list for a context of @p api; an EGL error or
 * EGL_SUCCESS. */
static EGLint
parse_context_attribs(EGLenum api, const EGLint *attrib_list,
                      struct context_request *req)
{
   const bool gl = api == EGL_OPENGL_API;
   *req = (struct context_request){
      .major = 1,
      .profile_mask = EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
      .reset_strategy = EGL_NO_RESET_NOTIFICATION,
   };
   for (const EGLint *a = attrib_list; a && a[0] != EGL_NONE; a += 2) {
      EGLint value = a[1];
      switch (a[0]) {
      case EGL_CONTEXT_MAJOR_VERSION: /* = EGL_CONTEXT_CLIENT_VERSION */
         req->major = value;
         break;
      case EGL_CONTEXT_MINOR_VERSION:
         req->minor = value;
         break;
      case EGL_CONTEXT_FLAGS_KHR:
         if (value & ~(EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR |
                       EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
                       EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR))
            return EGL_BAD_ATTRIBUTE;
         /* EGL_KHR_create_context: forward compatibility is an OpenGL
          * notion. */
         if (!gl && (value & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR))
            return EGL_BAD_ATTRIBUTE;
         req->debug = value & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
         req->forward_compatible =
            value & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR;
         req->robust = value & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
         break;
      case EGL_CONTEXT_OPENGL_PROFILE_MASK:
         if (!gl)
            return EGL_BAD_ATTRIBUTE;
         req->profile_mask = value;
         break;
      case EGL_CONTEXT_OPENGL_DEBUG:
         req->debug = value == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE:
         if (!gl)
            return EGL_BAD_ATTRIBUTE;
         req->forward_compatible = value == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
      case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
         req->robust = value == EGL_TRUE;
         break;
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
      case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
         if (value != EGL_NO_RESET_NOTIFICATION &&
             value != EGL_LOSE_CONTEXT_ON_RESET)
            return EGL_BAD_ATTRIBUTE;
         req->reset_strategy = value;
         break;
      case EGL_CONTEXT_OPENGL_NO_ERROR_KHR:
         req->no_error = value == EGL_TRUE;
         break;
      default:
         return EGL_BAD_ATTRIBUTE;
      }
   }

   if (gl) {
      if (!valid_gl_version(req->major, req->minor))
         return EGL_BAD_MATCH;
      /* EGL_KHR_create_context: forward-compatible contexts start at 3.0;
       * from 3.2 on the profile mask must name exactly one profile. */
      if (req->forward_compatible && req->major < 3)
         return EGL_BAD_MATCH;
      if ((req->major > 3 || (req->major == 3 && req->minor >= 2)) &&
          req->profile_mask != EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT &&
          req->profile_mask != EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT)
         return EGL_BAD_MATCH;
   } else if (req->major != 2 && req->major != 3) {
      /* OpenGL ES 1.x is not provided; no other major version exists. */
      return EGL_BAD_MATCH;
   }
   /* Contexts are never lost, so there is no reset to report. */
   if (req->reset_strategy != EGL_NO_RESET_NOTIFICATION)
      return EGL_BAD_MATCH;
   /* EGL_KHR_create_context_no_error. */
   if (req->no_error && (req->debug || req->robust))
      return EGL_BAD_MATCH;
   return EGL_SUCCESS;
}

static EGLint
st_error_to_egl(enum st_context_error error)
{
   switch (error) {
   case ST_CONTEXT_ERROR_NO_MEMORY:
      return EGL_BAD_ALLOC;
   case ST_CONTEXT_ERROR_BAD_SHARE:
      return EGL_BAD_CONTEXT;
   default:
      return EGL_BAD_MATCH;
   }
}

EGLContext
egl_CreateContext(EGLDisplay handle, EGLConfig config_handle,
                  EGLContext share_handle, const EGLint *attrib_list)
{
   EGLenum api = egl_current_api();
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_NO_CONTEXT;
   }
   const struct egl_config *config = NULL;
   if (config_handle != EGL_NO_CONFIG_KHR) {
      config = egl_config_lookup(dpy, config_handle);
      if (!config || (api == EGL_OPENGL_API &&
                      !(config->renderable_type & EGL_OPENGL_BIT))) {
         egl_unlock();
         egl_error(EGL_BAD_CONFIG);
         return EGL_NO_CONTEXT;
      }
   }
   struct egl_context *share = NULL;
   if (share_handle != EGL_NO_CONTEXT) {
      share = egl_context_lookup(dpy, share_handle);
      if (!share || share->api != api) {
         egl_unlock();
         egl_error(EGL_BAD_CONTEXT);
         return EGL_NO_CONTEXT;
      }
   }

   struct context_request req;
   EGLint error = parse_context_attribs(api, attrib_list, &req);
   if (error == EGL_SUCCESS && config && api == EGL_OPENGL_ES_API &&
       !(config->renderable_type &
         (req.major == 2 ? EGL_OPENGL_ES2_BIT : EGL_OPENGL_ES3_BIT)))
      error = EGL_BAD_MATCH;
   struct egl_context *ctx = NULL;
   if (error == EGL_SUCCESS) {
      ctx = calloc(1, sizeof(*ctx));
      if (!ctx)
         error = EGL_BAD_ALLOC;
   }
   if (error != EGL_SUCCESS) {
      egl_unlock();
      egl_error(error);
      return EGL_NO_CONTEXT;
   }

   /* A 3.1 request has no profile; the core profile is the 3.x that
    * does not bring back what 3.1 removed. */
   bool gl_core = api == EGL_OPENGL_API &&
                  ((req.major == 3 && req.minor == 1) ||
                   ((req.major > 3 || (req.major == 3 && req.minor >= 2)) &&
                    req.profile_mask == EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT));
   struct st_context_attribs attribs = {
      .api = api == EGL_OPENGL_API ? ST_API_OPENGL : ST_API_OPENGL_ES,
      .major = (unsigned)req.major,
      .minor = (unsigned)req.minor,
      .profile = gl_core ? ST_PROFILE_CORE : ST_PROFILE_COMPAT,
      .forward_compatible = req.forward_compatible,
      .debug = req.debug,
      .robust_access = req.robust,
      .no_error = req.no_error,
   };
   enum st_context_error st_error = ST_CONTEXT_SUCCESS;
   ctx->st = st_context_create(dpy->screen, &attribs, share ? share->st : NULL,
                               &st_error);
   if (!ctx->st) {
      egl_unlock();
      free(ctx);
      egl_error(st_error_to_egl(st_error));
      return EGL_NO_CONTEXT;
   }
   ctx->display = dpy;
   ctx->config = config;
   ctx->api = api;
   ctx->client_version = req.major;
   u_list_add_tail(&dpy->contexts, &ctx->link);
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return (EGLContext)ctx;
}

EGLBoolean
egl_DestroyContext(EGLDisplay handle, EGLContext context)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_context *ctx = dpy ? egl_context_lookup(dpy, context) : NULL;
   if (!dpy || !ctx) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_CONTEXT) : EGL_FALSE;
   }
   /* EGL 1.5, 3.7.2: a current context is destroyed when released. */
   u_list_del(&ctx->link);
   if (ctx->current)
      ctx->destroyed = true;
   else
      egl_context_free(ctx);
   egl_unlock();
   egl_thread_get()->error = EGL_SUCCESS;
   return EGL_TRUE;
}

/** Drops this thread's current context and surfaces from the books,
 * freeing those destroyed while current.  Called with the lock held,
 * after the state tracker has switched away from them. */
static void
unbind_current(struct egl_thread *thread)
{
   struct egl_context *ctx = thread->context;
   struct egl_surface *surfaces[2] = { thread->draw, thread->read };
   thread->context = NULL;
   thread->draw = thread->read = NULL;
   if (ctx) {
      ctx->current = NULL;
      if (ctx->destroyed)
         egl_context_free(ctx);
   }
   for (unsigned i = 0; i < 2; i++) {
      struct egl_surface *surf = surfaces[i];
      if (!surf || (i == 1 && surf == surfaces[0]))
         continue;
      surf->current = NULL;
      if (surf->destroyed)
         egl_surface_free(surf);
   }
}

void
egl_context_release_thread(struct egl_thread *thread)
{
   if (!thread->context)
      return;
   st_make_current(NULL, NULL, NULL);
   egl_lock();
   unbind_current(thread);
   egl_unlock();
}

/** Looks up eglMakeCurrent's surfaces; an EGL error or EGL_SUCCESS. */
static EGLint
lookup_surfaces(struct egl_display *dpy, struct egl_context *ctx,
                EGLSurface draw_handle, EGLSurface read_handle,
                struct egl_thread *thread, struct egl_surface **draw,
                struct egl_surface **read)
{
   *draw = *read = NULL;
   /* EGL_KHR_surfaceless_context: both or neither. */
   if ((draw_handle == EGL_NO_SURFACE) != (read_handle == EGL_NO_SURFACE))
      return EGL_BAD_MATCH;
   if (draw_handle == EGL_NO_SURFACE)
      return EGL_SUCCESS;
   *draw = egl_surface_lookup(dpy, draw_handle);
   *read = egl_surface_lookup(dpy, read_handle);
   if (!*draw || !*read)
      return EGL_BAD_SURFACE;
   if (!egl_surface_compatible(*draw, ctx->config) ||
       !egl_surface_compatible(*read, ctx->config))
      return EGL_BAD_MATCH;
   if (((*draw)->current && (*draw)->current != thread) ||
       ((*read)->current && (*read)->current != thread))
      return EGL_BAD_ACCESS;
   return EGL_SUCCESS;
}

EGLBoolean
egl_MakeCurrent(EGLDisplay handle, EGLSurface draw_handle,
                EGLSurface read_handle, EGLContext context)
{
   struct egl_thread *thread = egl_thread_get();
   egl_lock();
   struct egl_display *dpy = egl_display_lookup(handle);
   if (!dpy) {
      egl_unlock();
      return EGL_FALSE;
   }
   /* EGL 1.5, 3.7.3: releasing works on a terminated display too. */
   if (context == EGL_NO_CONTEXT) {
      egl_unlock();
      if (draw_handle != EGL_NO_SURFACE || read_handle != EGL_NO_SURFACE)
         return egl_error(EGL_BAD_MATCH);
      egl_context_release_thread(thread);
      thread->error = EGL_SUCCESS;
      return EGL_TRUE;
   }
   if (!dpy->initialized) {
      egl_unlock();
      return egl_error(EGL_NOT_INITIALIZED);
   }
   struct egl_context *ctx = egl_context_lookup(dpy, context);
   if (!ctx) {
      egl_unlock();
      return egl_error(EGL_BAD_CONTEXT);
   }
   struct egl_surface *draw, *read;
   EGLint error =
      lookup_surfaces(dpy, ctx, draw_handle, read_handle, thread, &draw, &read);
   if (error == EGL_SUCCESS && ctx->current && ctx->current != thread)
      error = EGL_BAD_ACCESS;
   if (error != EGL_SUCCESS) {
      egl_unlock();
      return egl_error(error);
   }
   /* Mark them now so that no other thread takes them while the state
    * tracker switches outside the lock. */
   struct egl_context *old_ctx = thread->context;
   struct egl_surface *old_draw = thread->draw, *old_read = thread->read;
   ctx->current = thread;
   if (draw)
      draw->current = read->current = thread;
   egl_unlock();

   if (!st_make_current(ctx->st, draw ? &draw->drawable : NULL,
                        read ? &read->drawable : NULL)) {
      egl_lock();
      /* The old context stays current (EGL 1.5, 3.7.3). */
      if (ctx != old_ctx)
         ctx->current = NULL;
      if (draw && draw != old_draw && draw != old_read)
         draw->current = NULL;
      if (read && read != old_draw && read != old_read)
         read->current = NULL;
      egl_unlock();
      return egl_error(EGL_BAD_ALLOC);
   }

   egl_lock();
   /* Release the books of what this thread had, except what stays. */
   if (old_ctx && old_ctx != ctx) {
      old_ctx->current = NULL;
      if (old_ctx->destroyed)
         egl_context_free(old_ctx);
   }
   struct egl_surface *olds[2] = { old_draw,
                                   old_read != old_draw ? old_read : NULL };
   for (unsigned i = 0; i < 2; i++) {
      struct egl_surface *surf = olds[i];
      if (!surf || surf == draw || surf == read)
         continue;
      surf->current = NULL;
      if (surf->destroyed)
         egl_surface_free(surf);
   }
   thread->context = ctx;
   thread->draw = draw;
   thread->read = read;
   egl_unlock();
   egl_thread_watch_exit();
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_QueryContext(EGLDisplay handle, EGLContext context, EGLint attribute,
                 EGLint *value)
{
   egl_lock();
   struct egl_display *dpy = egl_display_lookup_initialized(handle);
   struct egl_context *ctx = dpy ? egl_context_lookup(dpy, context) : NULL;
   if (!dpy || !ctx) {
      egl_unlock();
      return dpy ? egl_error(EGL_BAD_CONTEXT) : EGL_FALSE;
   }
   EGLint result;
   switch (attribute) {
   case EGL_CONFIG_ID:
      /* EGL_KHR_no_config_context: zero without a config. */
      result = ctx->config ? ctx->config->id : 0;
      break;
   case EGL_CONTEXT_CLIENT_TYPE:
      result = (EGLint)ctx->api;
      break;
   case EGL_CONTEXT_CLIENT_VERSION:
      result = ctx->client_version;
      break;
   case EGL_RENDER_BUFFER:
      /* The draw surface's; EGL_NONE when surfaceless or not current. */
      result = ctx->current && ctx->current->draw
                  ? ctx->current->draw->render_buffer
                  : EGL_NONE;
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

EGLBoolean
egl_WaitClient(void)
{
   struct egl_thread *thread = egl_thread_get();
   /* EGL 1.5, 3.8: no effect without a current context. */
   if (thread->context)
      st_context_flush(thread->context->st, ST_FLUSH_FINISH, NULL);
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_WaitGL(void)
{
   return egl_WaitClient();
}

EGLBoolean
egl_WaitNative(EGLint engine)
{
   if (engine != EGL_CORE_NATIVE_ENGINE)
      return egl_error(EGL_BAD_PARAMETER);
   /* EGL 1.5, 3.8: native rendering to the current surfaces is done
    * before GL rendering continues (nothing renders natively on the
    * surfaceless platform). */
   struct egl_thread *thread = egl_thread_get();
   if (thread->context && thread->context->display->ops)
      thread->context->display->ops->wait_native(thread->context->display);
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLBoolean
egl_ReleaseThread(void)
{
   struct egl_thread *thread = egl_thread_get();
   egl_context_release_thread(thread);
   /* EGL 1.5, 3.11: back to the state of a new thread. */
   thread->api = EGL_OPENGL_ES_API;
   thread->error = EGL_SUCCESS;
   return EGL_TRUE;
}
