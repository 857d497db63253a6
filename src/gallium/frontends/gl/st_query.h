/* SPDX-License-Identifier: MIT */

/*
 * Queries, transform feedback and sync objects (st_query.c, st_xfb.c,
 * st_sync.c): glGenQueries / glBeginQuery / glEndQuery / glGetQuery* for
 * GL_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED[_CONSERVATIVE],
 * GL_PRIMITIVES_GENERATED, GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
 * GL_TIME_ELAPSED and glQueryCounter(GL_TIMESTAMP); conditional rendering
 * (glBeginConditionalRender); transform feedback objects
 * (glGenTransformFeedbacks, glBindTransformFeedback, glBeginTransformFeedback,
 * glPause / glResume / glEndTransformFeedback, glBindBufferBase / Range on
 * GL_TRANSFORM_FEEDBACK_BUFFER);
 * sync objects (glFenceSync, glClientWaitSync, glWaitSync, glGetSynciv,
 * glDeleteSync, glIsSync); glFlush and glFinish live in st_context.c.
 */
#ifndef ST_QUERY_H
#define ST_QUERY_H

#include <stdbool.h>

#include "st_gl.h"

struct st_buffer;
struct st_buffer_binding;
struct st_context;

#define ST_MAX_XFB_BUFFERS 4

void st_query_init(struct st_context *ctx);
void st_query_fini(struct st_context *ctx);

/**
 * Before a draw of @p mode: while transform feedback is active (and not
 * paused), checks that @p mode matches the primitive mode given to
 * glBeginTransformFeedback (GL_INVALID_OPERATION naming @p func
 * otherwise) and binds the stream-output targets; returns false on
 * error.  Not active: unbinds them and returns true.
 */
bool st_xfb_validate_draw(struct st_context *ctx, GLenum mode,
                          const char *func);

/**
 * Unbinds the stream-output targets of transform feedback, for a module
 * that binds its own (st_vertex_capture.c); the next draw's
 * st_xfb_validate_draw() binds them again, resuming where capture
 * stopped.
 */
void st_xfb_unbind_targets(struct st_context *ctx);

/** Whether transform feedback is active (paused or not). */
bool st_xfb_is_active(struct st_context *ctx);

/** The GL_TRANSFORM_FEEDBACK_BUFFER indexed binding @p index of the
 * bound transform feedback object. */
const struct st_buffer_binding *st_xfb_binding(struct st_context *ctx,
                                               unsigned index);

/** glBindBufferBase / Range with GL_TRANSFORM_FEEDBACK_BUFFER (called by
 * st_buffer.c after its common checks; NULL buffer unbinds). */
void st_xfb_bind_buffer(struct st_context *ctx, unsigned index,
                        struct st_buffer *buffer, GLintptr offset,
                        GLsizeiptr size);

struct u_set;

/** Drops the set's reference of every sync object in @p syncs
 * (st_shared::syncs) and empties it, when the share group ends; call
 * before u_set_destroy(). */
void st_sync_free_shared(struct u_set *syncs);

#endif
