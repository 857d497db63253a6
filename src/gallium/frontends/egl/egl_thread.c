/* SPDX-License-Identifier: MIT */

/*
 * Per-thread state, the frontend lock, eglGetError, eglBindAPI and
 * eglQueryAPI.
 *
 * EGL 1.5, 3.1: the error is per thread; every function sets it
 * (EGL_SUCCESS on success) and eglGetError returns it and resets it to
 * EGL_SUCCESS.  libEGL (glvnd) asks the vendor of the last call for it,
 * so the vendor keeps its own copy.
 */
#include <pthread.h>
#include <stdbool.h>

#include "egl_api.h"
#include "egl_priv.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* EGL 1.5, 3.7: the initial API of a thread is OpenGL ES. */
static _Thread_local struct egl_thread thread_state = {
   .error = EGL_SUCCESS,
   .api = EGL_OPENGL_ES_API,
};

/* A thread that ends with a context current releases it (EGL 1.5, 3.11
 * asks applications to call eglReleaseThread, and many do not); a
 * thread-specific key's destructor runs at pthread_exit and thread end. */
static pthread_key_t exit_key;
static pthread_once_t exit_key_once = PTHREAD_ONCE_INIT;
static bool exit_key_created;

static void
thread_exit(void *data)
{
   egl_context_release_thread(data);
}

static void
create_exit_key(void)
{
   exit_key_created = pthread_key_create(&exit_key, thread_exit) == 0;
}

void
egl_thread_watch_exit(void)
{
   pthread_once(&exit_key_once, create_exit_key);
   if (exit_key_created)
      pthread_setspecific(exit_key, &thread_state);
}

/* libEGL unloads the vendor library at exit: no destructor may point into
 * it afterwards. */
__attribute__((destructor)) static void
delete_exit_key(void)
{
   if (exit_key_created)
      pthread_key_delete(exit_key);
}

void
egl_lock(void)
{
   pthread_mutex_lock(&lock);
}

void
egl_unlock(void)
{
   pthread_mutex_unlock(&lock);
}

struct egl_thread *
egl_thread_get(void)
{
   return &thread_state;
}

EGLBoolean
egl_error(EGLint error)
{
   thread_state.error = error;
   return EGL_FALSE;
}

EGLenum
egl_current_api(void)
{
   return thread_state.api;
}

EGLint
egl_GetError(void)
{
   EGLint error = thread_state.error;
   thread_state.error = EGL_SUCCESS;
   return error;
}

EGLBoolean
egl_BindAPI(EGLenum api)
{
   if (api != EGL_OPENGL_API && api != EGL_OPENGL_ES_API)
      return egl_error(EGL_BAD_PARAMETER);
   thread_state.api = api;
   thread_state.error = EGL_SUCCESS;
   return EGL_TRUE;
}

EGLenum
egl_QueryAPI(void)
{
   thread_state.error = EGL_SUCCESS;
   return thread_state.api;
}
