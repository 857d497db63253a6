/* SPDX-License-Identifier: MIT */

/*
 * Display lists (compatibility; GL 3.0 compatibility, 5.4): glNewList,
 * glEndList, glCallList, glCallLists, glListBase, glGenLists,
 * glDeleteLists, glIsList and their glGet state (st_dlist.c).
 *
 * While a list is being compiled (st_context::list_mode), the generated
 * entry points of the commands a list can hold record them through their
 * save functions (glapi/glapi_dlist.py, st_dlist_draw.c); the others run
 * as usual.  Lists live in the share group (st_shared::lists).
 */
#ifndef ST_DLIST_H
#define ST_DLIST_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;
struct st_names;
struct st_value;

/** GL_MAX_LIST_NESTING. */
#define ST_MAX_LIST_NESTING 64

void st_dlist_init(struct st_context *ctx);
void st_dlist_fini(struct st_context *ctx);

/** Frees every list of @p lists (st_shared::lists) when the share group
 * ends; call before st_names_destroy(). */
void st_dlist_free_shared(struct st_names *lists);

/** glGet of GL_LIST_INDEX, GL_LIST_MODE, GL_LIST_BASE and
 * GL_MAX_LIST_NESTING; false for other pnames. */
bool st_dlist_get(struct st_context *ctx, GLenum pname, int index,
                  struct st_value *v);

#endif
