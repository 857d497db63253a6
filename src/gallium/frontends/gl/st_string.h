/* SPDX-License-Identifier: MIT */

/*
 * glGetString / glGetStringi (st_string.c) and the version queries that
 * go with them (GL_MAJOR_VERSION, GL_NUM_EXTENSIONS, GL_CONTEXT_FLAGS,
 * GL_CONTEXT_PROFILE_MASK) for st_get.c.
 */
#ifndef ST_STRING_H
#define ST_STRING_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;
struct st_value;

#define ST_DRIVER_VERSION "0.1.0"

bool st_string_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);

#endif
