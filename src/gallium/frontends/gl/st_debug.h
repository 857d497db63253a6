/* SPDX-License-Identifier: MIT */

/*
 * KHR_debug inside the core module (st_debug.c): message filtering per
 * debug group, the message log, the callback, and the debug groups.
 * st_error() and st_debug_message() (st_context.h) are the senders; this
 * header is what st_context.c, st_state.c and st_get.c use besides.
 */
#ifndef ST_DEBUG_H
#define ST_DEBUG_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;
struct st_value;

/** Limits of this implementation (glGet GL_MAX_DEBUG_*). */
#define ST_MAX_DEBUG_MESSAGE_LENGTH 4096
#define ST_MAX_LABEL_LENGTH         256

/** Sets the initial KHR_debug state (output enabled in debug contexts);
 * false when out of memory. */
bool st_debug_init(struct st_context *ctx);
/** Frees the log and the filters (accepts a half-initialised context). */
void st_debug_fini(struct st_context *ctx);

/** Sends a message of explicit length (already validated) to the
 * callback or the log, if output is enabled and the filters let it
 * through. */
void st_debug_emit(struct st_context *ctx, GLenum source, GLenum type,
                   GLuint id, GLenum severity, GLsizei length,
                   const char *text);

/** glGet of the GL_DEBUG_* state and limits. */
bool st_debug_get(struct st_context *ctx, GLenum pname, int index,
                  struct st_value *v);

#endif
