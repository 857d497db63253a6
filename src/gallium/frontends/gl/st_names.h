/* SPDX-License-Identifier: MIT */

/*
 * A GL name space: GLuint names mapped to objects.  glGen* reserves names
 * (st_names_gen) without objects; the object is created on first bind
 * (st_names_insert).  Name 0 is never handed out.  Not thread-safe by
 * itself: shared name spaces are used under st_shared::mutex.
 */
#ifndef ST_NAMES_H
#define ST_NAMES_H

#include <stdbool.h>

#include "st_gl.h"

struct st_names;

struct st_names *st_names_create(void);
/** Frees the table (not the objects; see st_names_foreach first). */
void st_names_destroy(struct st_names *names);

/** Reserves @p n unused names, in increasing order, into @p out; false
 * when out of memory (nothing reserved). */
bool st_names_gen(struct st_names *names, GLsizei n, GLuint *out);
/** Whether @p name is reserved or has an object. */
bool st_names_is_used(const struct st_names *names, GLuint name);
/** The object of @p name or NULL (also for reserved names without an
 * object). */
void *st_names_lookup(const struct st_names *names, GLuint name);
/** Sets the object of @p name (reserving it); false when out of memory. */
bool st_names_insert(struct st_names *names, GLuint name, void *object);
/** Frees @p name (reserved or with an object). */
void st_names_remove(struct st_names *names, GLuint name);

/** Calls @p fn for every name with an object. */
void st_names_foreach(struct st_names *names,
                      void (*fn)(GLuint name, void *object, void *data),
                      void *data);

#endif
