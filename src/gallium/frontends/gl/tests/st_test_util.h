/* SPDX-License-Identifier: MIT */

/*
 * Helpers of the state tracker tests: a context over swrast made current
 * without a drawable, and an RGBA8 + depth24/stencil8 framebuffer object
 * to draw into.  Tests call the GL entry points directly (the generated
 * stubs of glapi/ have the Khronos names).
 */
#ifndef ST_TEST_UTIL_H
#define ST_TEST_UTIL_H

#include <stdbool.h>

/* The entry points' prototypes, from the Khronos headers. */
#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include "st_api.h"
#include "st_gl.h"

/** Creates a context of @p api / @p major.@p minor / @p profile (plus
 * the debug flag if @p debug) and makes it current; NULL on failure. */
struct st_context *st_test_context_create(enum st_api_type api, unsigned major,
                                          unsigned minor,
                                          enum st_profile profile, bool debug);
/** Releases and destroys the context and its screen. */
void st_test_context_destroy(struct st_context *ctx);

/** Creates and binds a @p width x @p height framebuffer object with an
 * RGBA8 colour and a DEPTH24_STENCIL8 renderbuffer, sets the viewport;
 * returns the framebuffer name (0 if incomplete). */
GLuint st_test_fbo(GLsizei width, GLsizei height);

/** glReadPixels of one pixel as RGBA floats. */
void st_test_read_pixel(GLint x, GLint y, GLfloat out[4]);

/** Whether every component of the pixel is within @p tolerance of
 * @p expected; prints the difference when not. */
bool st_test_probe(GLint x, GLint y, const GLfloat expected[4],
                   GLfloat tolerance);

/**
 * Whether a feedback buffer holds what is expected: @p returned (what
 * glRenderMode gave) equals @p count and each of the first @p count
 * values of @p got (@p size values) is within @p tolerance of
 * @p expected; prints the buffer or the first difference when not.
 */
bool st_test_feedback_matches(const GLfloat *got, GLint size, GLint returned,
                              const GLfloat *expected, GLint count,
                              GLfloat tolerance);

/** Compiles and links a program from vertex and fragment sources,
 * failing the test (cmocka) with the info log on error. */
GLuint st_test_program(const char *vs, const char *fs);

#endif
