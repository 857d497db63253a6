/* SPDX-License-Identifier: MIT */

/*
 * GL errors: the sticky first error, glGetError, and the KHR_debug
 * message that accompanies every error (st_debug.c delivers it).
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <threads.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_debug.h"
#include "util/u_debug.h"
#include "util/u_hash.h"
#include "util/u_log.h"

#define LOG_TAG "gl"

static const struct u_debug_flag debug_flags[] = {
   { "gl", 1, "print every KHR_debug message (errors included) to stderr" },
   { NULL, 0, NULL },
};

static once_flag env_once = ONCE_FLAG_INIT;
static bool print_messages;

static void
read_env(void)
{
   /* Other parts read their own flags from the same variable: parse
    * without warning about names that are theirs. */
   const char *env = u_debug_get_string("INDIUM_DEBUG", NULL);
   print_messages = (u_debug_parse_flags(env, debug_flags) & 1) != 0;
}

/** Formats and sends one message; printed too with INDIUM_DEBUG=gl. */
static void
send_message(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
             GLenum severity, const char *fmt, va_list args)
{
   call_once(&env_once, read_env);
   /* Errors are frequent in some applications: format only for a
    * reader. */
   if (!print_messages && !ctx->debug.output_enabled)
      return;
   char text[ST_MAX_DEBUG_MESSAGE_LENGTH];
   int n = vsnprintf(text, sizeof(text), fmt, args);
   if (n < 0)
      return;
   GLsizei length = n < (int)sizeof(text) ? n : (GLsizei)sizeof(text) - 1;

   if (print_messages)
      u_log_warn(LOG_TAG, "%s", text);
   st_debug_emit(ctx, source, type, id, severity, length, text);
}

void
st_error(struct st_context *ctx, GLenum error, const char *fmt, ...)
{
   if (ctx->error == GL_NO_ERROR)
      ctx->error = error;
   va_list args;
   va_start(args, fmt);
   /* The error code is the message id: stable, and lets a filter
    * silence one kind of error. */
   send_message(ctx, GL_DEBUG_SOURCE_API, GL_DEBUG_TYPE_ERROR, error,
                GL_DEBUG_SEVERITY_HIGH, fmt, args);
   va_end(args);
}

void
st_out_of_memory(struct st_context *ctx, const char *func)
{
   st_error(ctx, GL_OUT_OF_MEMORY, "%s: out of memory", func);
}

void
st_debug_message(struct st_context *ctx, GLenum source, GLenum type, GLuint id,
                 GLenum severity, const char *fmt, ...)
{
   va_list args;
   va_start(args, fmt);
   send_message(ctx, source, type, id, severity, fmt, args);
   va_end(args);
}

/* st_unsupported() prints each name once per process: the set of names
 * printed, under its own lock (contexts of several threads). */
static once_flag unsupported_once = ONCE_FLAG_INIT;
static mtx_t unsupported_mutex;
static struct u_set *unsupported_names;

static void
unsupported_init(void)
{
   mtx_init(&unsupported_mutex, mtx_plain);
   unsupported_names = u_set_create_string(NULL);
}

void
st_unsupported(struct st_context *ctx, const char *func)
{
   call_once(&unsupported_once, unsupported_init);
   mtx_lock(&unsupported_mutex);
   bool first = unsupported_names && !u_set_contains(unsupported_names, func);
   if (first)
      u_set_add(unsupported_names, func);
   mtx_unlock(&unsupported_mutex);
   if (first)
      u_log_info(LOG_TAG, "%s is not supported by this context", func);
   st_error(ctx, GL_INVALID_OPERATION, "%s: not supported by this context",
            func);
}

GLenum
api_GetError(struct st_context *ctx)
{
   GLenum error = ctx->error;
   ctx->error = GL_NO_ERROR;
   return error;
}
