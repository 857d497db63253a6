/* SPDX-License-Identifier: MIT */

/*
 * glGet*: each module answers the parameters of its own state into a
 * struct st_value; st_get.c asks the modules in turn, converts to the
 * type the entry point returns (GL 4.6 §2.2.2 "Data Conversions For State
 * Query Commands") and raises GL_INVALID_ENUM when nobody knows pname.
 *
 * A module's getter returns true when it knows @p pname for this context
 * (@p index is -1 for glGet*v and the index for glGet*i_v); it then fills
 * @p v, or raises the error itself (GL_INVALID_VALUE for a bad index) and
 * leaves v->count 0.
 */
#ifndef ST_GET_H
#define ST_GET_H

#include <stdbool.h>

#include "st_gl.h"

struct st_context;

enum st_value_type {
   ST_VALUE_INT, /**< integers; to float as is */
   ST_VALUE_INT64,
   ST_VALUE_ENUM, /**< GL enums and bitfields (never normalized) */
   ST_VALUE_BOOL,
   ST_VALUE_FLOAT, /**< floats; to int by rounding */
   ST_VALUE_DOUBLE,
   /** Colours and normalized values: to int as (2^32 - 1) c - 1) / 2. */
   ST_VALUE_FLOAT_COLOR,
};

#define ST_VALUE_MAX 16

struct st_value {
   enum st_value_type type;
   unsigned count;
   union {
      GLint i[ST_VALUE_MAX];
      GLint64 i64[ST_VALUE_MAX];
      GLboolean b[ST_VALUE_MAX];
      GLfloat f[ST_VALUE_MAX];
      GLdouble d[ST_VALUE_MAX];
   };
};

static inline void
st_value_int(struct st_value *v, GLint i)
{
   v->type = ST_VALUE_INT;
   v->count = 1;
   v->i[0] = i;
}

static inline void
st_value_enum(struct st_value *v, GLenum e)
{
   v->type = ST_VALUE_ENUM;
   v->count = 1;
   v->i[0] = (GLint)e;
}

static inline void
st_value_bool(struct st_value *v, bool b)
{
   v->type = ST_VALUE_BOOL;
   v->count = 1;
   v->b[0] = b ? GL_TRUE : GL_FALSE;
}

static inline void
st_value_float(struct st_value *v, GLfloat f)
{
   v->type = ST_VALUE_FLOAT;
   v->count = 1;
   v->f[0] = f;
}

/* The modules' getters (see the file comment). */
bool st_state_get(struct st_context *ctx, GLenum pname, int index,
                  struct st_value *v);
bool st_limits_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);
bool st_buffer_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);
bool st_vertex_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);
bool st_texture_get(struct st_context *ctx, GLenum pname, int index,
                    struct st_value *v);
bool st_fb_get(struct st_context *ctx, GLenum pname, int index,
               struct st_value *v);
bool st_program_get(struct st_context *ctx, GLenum pname, int index,
                    struct st_value *v);
bool st_compat_get(struct st_context *ctx, GLenum pname, int index,
                   struct st_value *v);
bool st_query_get(struct st_context *ctx, GLenum pname, int index,
                  struct st_value *v);

#endif
