/* SPDX-License-Identifier: MIT */

/*
 * glGet{Boolean,Integer,Integer64,Float,Double}[i_]v: asks the modules
 * in turn for pname (st_get.h) and converts the answer to the type of
 * the entry point as GL 4.6 section 2.2.2 says:
 *
 *  - to boolean: zero is GL_FALSE, anything else GL_TRUE;
 *  - floats to integers: rounded to the nearest, clamped to the range;
 *  - colours and other normalized floats to integers: c clamped to
 *    [-1, 1] maps to ((2^b - 1) c - 1) / 2 (b = 32 or 64);
 *  - enums and bitfields: their value, never normalized;
 *  - booleans to numbers: 0 or 1.
 */
#include <limits.h>
#include <math.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_attrib.h"
#include "st_debug.h"
#include "st_dlist.h"
#include "st_eval.h"
#include "st_raster.h"
#include "st_get.h"
#include "st_render_mode.h"
#include "st_string.h"

typedef bool (*getter)(struct st_context *ctx, GLenum pname, int index,
                       struct st_value *v);

/* The core's own getters first; the order decides nothing else since a
 * pname belongs to one module. */
static const getter getters[] = {
   st_state_get,   st_debug_get,  st_string_get,  st_limits_get,
   st_buffer_get,  st_vertex_get, st_texture_get, st_fb_get,
   st_program_get, st_compat_get, st_query_get,   st_render_mode_get,
   st_eval_get,    st_dlist_get,  st_attrib_get,  st_raster_get,
};

/**
 * Fills @p v for @p pname; false (nothing to write) if nobody knows it
 * (GL_INVALID_ENUM raised here) or its module raised an error.
 */
static bool
get_value(struct st_context *ctx, const char *func, GLenum pname, int index,
          struct st_value *v)
{
   v->count = 0;
   for (unsigned i = 0; i < sizeof(getters) / sizeof(getters[0]); i++) {
      if (getters[i](ctx, pname, index, v))
         return v->count > 0;
   }
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
   return false;
}

/** Index of an indexed query: large ones stay out of every range. */
static int
index_of(GLuint index)
{
   return index > INT_MAX ? INT_MAX : (int)index;
}

static double
clamp_double(double x, double lo, double hi)
{
   return x < lo ? lo : x > hi ? hi : x;
}

static GLint64
color_to_int(double c, int bits)
{
   c = clamp_double(c, -1.0, 1.0);
   if (bits == 32)
      return (GLint64)rint((4294967295.0 * c - 1.0) / 2.0);
   /* 2^64 - 1 is not a double: scale by the largest int64 instead, to
    * the same precision. */
   double r = rint(c * 9223372036854775807.0);
   return r >= 9223372036854775807.0 ? INT64_MAX : (GLint64)r;
}

static GLint64
float_to_int(double f, int bits)
{
   double lo = bits == 32 ? (double)INT_MIN : -9223372036854775808.0;
   double hi = bits == 32 ? (double)INT_MAX : 9223372036854775807.0;
   if (isnan(f))
      return 0;
   double r = round(clamp_double(f, lo, hi));
   if (bits == 64 && r >= 9223372036854775807.0)
      return INT64_MAX;
   return (GLint64)r;
}

/** Element @p i of @p v as a 32- or 64-bit integer. */
static GLint64
as_int(const struct st_value *v, unsigned i, int bits)
{
   switch (v->type) {
   case ST_VALUE_INT:
   case ST_VALUE_ENUM:
      return v->i[i];
   case ST_VALUE_INT64:
      if (bits == 32)
         return v->i64[i] > INT_MAX   ? INT_MAX
                : v->i64[i] < INT_MIN ? INT_MIN
                                      : v->i64[i];
      return v->i64[i];
   case ST_VALUE_BOOL:
      return v->b[i] ? 1 : 0;
   case ST_VALUE_FLOAT:
      return float_to_int(v->f[i], bits);
   case ST_VALUE_DOUBLE:
      return float_to_int(v->d[i], bits);
   case ST_VALUE_FLOAT_COLOR:
      return color_to_int(v->f[i], bits);
   }
   return 0;
}

static GLdouble
as_double(const struct st_value *v, unsigned i)
{
   switch (v->type) {
   case ST_VALUE_INT:
      return v->i[i];
   case ST_VALUE_ENUM:
      /* Enums are unsigned values. */
      return (GLuint)v->i[i];
   case ST_VALUE_INT64:
      return (GLdouble)v->i64[i];
   case ST_VALUE_BOOL:
      return v->b[i] ? 1.0 : 0.0;
   case ST_VALUE_FLOAT:
   case ST_VALUE_FLOAT_COLOR:
      return v->f[i];
   case ST_VALUE_DOUBLE:
      return v->d[i];
   }
   return 0.0;
}

static GLboolean
as_bool(const struct st_value *v, unsigned i)
{
   switch (v->type) {
   case ST_VALUE_INT:
   case ST_VALUE_ENUM:
      return v->i[i] != 0;
   case ST_VALUE_INT64:
      return v->i64[i] != 0;
   case ST_VALUE_BOOL:
      return v->b[i];
   case ST_VALUE_FLOAT:
   case ST_VALUE_FLOAT_COLOR:
      return v->f[i] != 0.0f;
   case ST_VALUE_DOUBLE:
      return v->d[i] != 0.0;
   }
   return GL_FALSE;
}

static void
get_booleans(struct st_context *ctx, const char *func, GLenum pname, int index,
             GLboolean *data)
{
   struct st_value v;
   if (!get_value(ctx, func, pname, index, &v) || !data)
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = as_bool(&v, i);
}

static void
get_integers(struct st_context *ctx, const char *func, GLenum pname, int index,
             GLint *data)
{
   struct st_value v;
   if (!get_value(ctx, func, pname, index, &v) || !data)
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = (GLint)as_int(&v, i, 32);
}

static void
get_integers64(struct st_context *ctx, const char *func, GLenum pname,
               int index, GLint64 *data)
{
   struct st_value v;
   if (!get_value(ctx, func, pname, index, &v) || !data)
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = as_int(&v, i, 64);
}

void
api_GetBooleanv(struct st_context *ctx, GLenum pname, GLboolean *data)
{
   get_booleans(ctx, "glGetBooleanv", pname, -1, data);
}

void
api_GetIntegerv(struct st_context *ctx, GLenum pname, GLint *data)
{
   get_integers(ctx, "glGetIntegerv", pname, -1, data);
}

void
api_GetInteger64v(struct st_context *ctx, GLenum pname, GLint64 *data)
{
   get_integers64(ctx, "glGetInteger64v", pname, -1, data);
}

void
api_GetFloatv(struct st_context *ctx, GLenum pname, GLfloat *data)
{
   struct st_value v;
   if (!get_value(ctx, "glGetFloatv", pname, -1, &v) || !data)
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = (GLfloat)as_double(&v, i);
}

void
api_GetDoublev(struct st_context *ctx, GLenum pname, GLdouble *data)
{
   struct st_value v;
   if (!get_value(ctx, "glGetDoublev", pname, -1, &v) || !data)
      return;
   for (unsigned i = 0; i < v.count; i++)
      data[i] = as_double(&v, i);
}

void
api_GetBooleani_v(struct st_context *ctx, GLenum target, GLuint index,
                  GLboolean *data)
{
   get_booleans(ctx, "glGetBooleani_v", target, index_of(index), data);
}

void
api_GetIntegeri_v(struct st_context *ctx, GLenum target, GLuint index,
                  GLint *data)
{
   get_integers(ctx, "glGetIntegeri_v", target, index_of(index), data);
}

void
api_GetInteger64i_v(struct st_context *ctx, GLenum target, GLuint index,
                    GLint64 *data)
{
   get_integers64(ctx, "glGetInteger64i_v", target, index_of(index), data);
}
