/* SPDX-License-Identifier: MIT */

/*
 * Evaluator maps (GL 2.1 section 5.1): glMap1{f,d}, glMap2{f,d},
 * glGetMap{f,d,i}v, the map and GL_AUTO_NORMAL enables and the glGet
 * answers of the evaluator state.
 *
 * Control points are copied at glMap time into floats, tightly packed
 * (the strides only say where the application's points are), and
 * glGetMap returns them in that order.  Each map starts as order 1 on
 * [0, 1] with the control point of GL 2.1 table 6.44's initial value.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "st_attrib.h"
#include "st_context.h"
#include "st_eval_priv.h"
#include "st_get.h"
#include "st_texture.h"

/** Floats per control point, by map index (GL 2.1 table 5.1). */
static const uint8_t map_sizes[ST_EVAL_NUM_MAPS] = {
   [ST_EVAL_COLOR_4] = 4,         [ST_EVAL_INDEX] = 1,
   [ST_EVAL_NORMAL] = 3,          [ST_EVAL_TEXTURE_COORD_1] = 1,
   [ST_EVAL_TEXTURE_COORD_2] = 2, [ST_EVAL_TEXTURE_COORD_3] = 3,
   [ST_EVAL_TEXTURE_COORD_4] = 4, [ST_EVAL_VERTEX_3] = 3,
   [ST_EVAL_VERTEX_4] = 4,
};

/** The initial control point of each map. */
static const GLfloat initial_points[ST_EVAL_NUM_MAPS][4] = {
   [ST_EVAL_COLOR_4] = { 1, 1, 1, 1 },
   [ST_EVAL_INDEX] = { 1 },
   [ST_EVAL_NORMAL] = { 0, 0, 1 },
   [ST_EVAL_TEXTURE_COORD_1] = { 0 },
   [ST_EVAL_TEXTURE_COORD_2] = { 0, 0 },
   [ST_EVAL_TEXTURE_COORD_3] = { 0, 0, 0 },
   [ST_EVAL_TEXTURE_COORD_4] = { 0, 0, 0, 1 },
   [ST_EVAL_VERTEX_3] = { 0, 0, 0 },
   [ST_EVAL_VERTEX_4] = { 0, 0, 0, 1 },
};

unsigned
st_eval_map_size(unsigned index)
{
   return map_sizes[index];
}

void
st_eval_init(struct st_context *ctx)
{
   struct st_eval_state *es = calloc(1, sizeof(*es));
   if (!es)
      return;
   for (unsigned i = 0; i < ST_EVAL_NUM_MAPS; i++) {
      size_t bytes = map_sizes[i] * sizeof(GLfloat);
      es->map1[i] = (struct st_eval_map1){ .u2 = 1, .order = 1 };
      es->map2[i] = (struct st_eval_map2){
         .u2 = 1,
         .v2 = 1,
         .uorder = 1,
         .vorder = 1,
      };
      es->map1[i].points = malloc(bytes);
      es->map2[i].points = malloc(bytes);
      if (!es->map1[i].points || !es->map2[i].points) {
         ctx->eval = es;
         st_eval_fini(ctx);
         return;
      }
      memcpy(es->map1[i].points, initial_points[i], bytes);
      memcpy(es->map2[i].points, initial_points[i], bytes);
   }
   es->attrib.grid1_n = 1;
   es->attrib.grid1_u[1] = 1;
   es->attrib.grid2_n[0] = es->attrib.grid2_n[1] = 1;
   es->attrib.grid2_u[1] = es->attrib.grid2_v[1] = 1;
   ctx->eval = es;
}

void
st_eval_fini(struct st_context *ctx)
{
   struct st_eval_state *es = ctx->eval;
   if (!es)
      return;
   for (unsigned i = 0; i < ST_EVAL_NUM_MAPS; i++) {
      free(es->map1[i].points);
      free(es->map2[i].points);
   }
   free(es);
   ctx->eval = NULL;
}

/* ---- glMap ---- */

/** The map index of a GL_MAP1_* (@p base GL_MAP1_COLOR_4) or GL_MAP2_*
 * target, -1 for another value. */
static int
map_index(GLenum target, GLenum base)
{
   return target >= base && target < base + ST_EVAL_NUM_MAPS
             ? (int)(target - base)
             : -1;
}

/** The checks glMap1 and glMap2 share after their own: the active
 * texture unit (GL 2.1, 5.1: maps are loaded for unit 0 only). */
static bool
check_unit(struct st_context *ctx, const char *func)
{
   if (st_texture_active_unit(ctx) != 0) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(active texture is not unit 0)",
               func);
      return false;
   }
   if (!ctx->eval) {
      st_out_of_memory(ctx, func);
      return false;
   }
   return true;
}

/** Copies order control points of k values, @p stride apart, as floats
 * (float or double source). */
static void
copy_points(GLfloat *dst, const void *src, bool dbl, GLint count, GLint stride,
            unsigned k)
{
   for (GLint i = 0; i < count; i++) {
      for (unsigned c = 0; c < k; c++) {
         size_t at = (size_t)i * (size_t)stride + c;
         dst[(size_t)i * k + c] = dbl ? (GLfloat)((const GLdouble *)src)[at]
                                      : ((const GLfloat *)src)[at];
      }
   }
}

static void
map1(struct st_context *ctx, GLenum target, GLfloat u1, GLfloat u2,
     GLint stride, GLint order, const void *points, bool dbl, const char *func)
{
   int index = map_index(target, GL_MAP1_COLOR_4);
   if (index < 0) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   unsigned k = map_sizes[index];
   /* GL 2.1, 5.1: "the error INVALID_VALUE is generated if u1 = u2,
    * stride < k, or order < 1 or > MAX_EVAL_ORDER". */
   if (u1 == u2 || stride < (GLint)k || order < 1 ||
       order > ST_MAX_EVAL_ORDER) {
      st_error(ctx, GL_INVALID_VALUE, "%s(u1=%g, u2=%g, stride=%d, order=%d)",
               func, (double)u1, (double)u2, stride, order);
      return;
   }
   if (!check_unit(ctx, func))
      return;
   if (!points)
      return;
   GLfloat *copy = malloc((size_t)order * k * sizeof(GLfloat));
   if (!copy) {
      st_out_of_memory(ctx, func);
      return;
   }
   copy_points(copy, points, dbl, order, stride, k);
   st_flush_vertices(ctx);
   struct st_eval_map1 *m = &ctx->eval->map1[index];
   free(m->points);
   *m = (struct st_eval_map1){
      .u1 = u1,
      .u2 = u2,
      .order = order,
      .points = copy,
   };
}

void
api_Map1f(struct st_context *ctx, GLenum target, GLfloat u1, GLfloat u2,
          GLint stride, GLint order, const GLfloat *points)
{
   map1(ctx, target, u1, u2, stride, order, points, false, "glMap1f");
}

void
api_Map1d(struct st_context *ctx, GLenum target, GLdouble u1, GLdouble u2,
          GLint stride, GLint order, const GLdouble *points)
{
   map1(ctx, target, (GLfloat)u1, (GLfloat)u2, stride, order, points, true,
        "glMap1d");
}

/** The parameters of glMap2 past the target. */
struct map2_params {
   GLfloat u1, u2;
   GLint ustride, uorder;
   GLfloat v1, v2;
   GLint vstride, vorder;
};

static void
map2(struct st_context *ctx, GLenum target, const struct map2_params *p,
     const void *points, bool dbl, const char *func)
{
   int index = map_index(target, GL_MAP2_COLOR_4);
   if (index < 0) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   GLint k = map_sizes[index];
   if (p->u1 == p->u2 || p->v1 == p->v2 || p->ustride < k || p->vstride < k ||
       p->uorder < 1 || p->uorder > ST_MAX_EVAL_ORDER || p->vorder < 1 ||
       p->vorder > ST_MAX_EVAL_ORDER) {
      st_error(ctx, GL_INVALID_VALUE,
               "%s(u=[%g, %g], ustride=%d, uorder=%d, v=[%g, %g], "
               "vstride=%d, vorder=%d)",
               func, (double)p->u1, (double)p->u2, p->ustride, p->uorder,
               (double)p->v1, (double)p->v2, p->vstride, p->vorder);
      return;
   }
   if (!check_unit(ctx, func))
      return;
   if (!points)
      return;
   size_t n = (size_t)p->uorder * (size_t)p->vorder;
   GLfloat *copy = malloc(n * (size_t)k * sizeof(GLfloat));
   if (!copy) {
      st_out_of_memory(ctx, func);
      return;
   }
   size_t elem = dbl ? sizeof(GLdouble) : sizeof(GLfloat);
   for (GLint i = 0; i < p->uorder; i++) {
      const char *row = (const char *)points + (size_t)i * p->ustride * elem;
      copy_points(copy + (size_t)i * p->vorder * k, row, dbl, p->vorder,
                  p->vstride, (unsigned)k);
   }
   st_flush_vertices(ctx);
   struct st_eval_map2 *m = &ctx->eval->map2[index];
   free(m->points);
   *m = (struct st_eval_map2){
      .u1 = p->u1,
      .u2 = p->u2,
      .v1 = p->v1,
      .v2 = p->v2,
      .uorder = p->uorder,
      .vorder = p->vorder,
      .points = copy,
   };
}

void
api_Map2f(struct st_context *ctx, GLenum target, GLfloat u1, GLfloat u2,
          GLint ustride, GLint uorder, GLfloat v1, GLfloat v2, GLint vstride,
          GLint vorder, const GLfloat *points)
{
   const struct map2_params p = { u1, u2, ustride, uorder,
                                  v1, v2, vstride, vorder };
   map2(ctx, target, &p, points, false, "glMap2f");
}

void
api_Map2d(struct st_context *ctx, GLenum target, GLdouble u1, GLdouble u2,
          GLint ustride, GLint uorder, GLdouble v1, GLdouble v2, GLint vstride,
          GLint vorder, const GLdouble *points)
{
   const struct map2_params p = {
      (GLfloat)u1, (GLfloat)u2, ustride, uorder,
      (GLfloat)v1, (GLfloat)v2, vstride, vorder,
   };
   map2(ctx, target, &p, points, true, "glMap2d");
}

/* ---- glGetMap ---- */

enum out_type {
   OUT_FLOAT,
   OUT_DOUBLE,
   OUT_INT
};

static void
put(void *out, enum out_type type, unsigned i, double value)
{
   switch (type) {
   case OUT_FLOAT:
      ((GLfloat *)out)[i] = (GLfloat)value;
      break;
   case OUT_DOUBLE:
      ((GLdouble *)out)[i] = value;
      break;
   case OUT_INT: {
      /* GL 2.1, 6.1.2: floating-point to integer by rounding. */
      double r = round(value);
      ((GLint *)out)[i] = r >= 2147483647.0    ? 2147483647
                          : r <= -2147483648.0 ? (GLint)-2147483647 - 1
                                               : (GLint)r;
      break;
   }
   }
}

static void
get_map(struct st_context *ctx, GLenum target, GLenum query, void *out,
        enum out_type type, const char *func)
{
   int i1 = map_index(target, GL_MAP1_COLOR_4);
   int i2 = map_index(target, GL_MAP2_COLOR_4);
   if (i1 < 0 && i2 < 0) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   if (query != GL_COEFF && query != GL_ORDER && query != GL_DOMAIN) {
      st_error(ctx, GL_INVALID_ENUM, "%s(query=%s)", func, st_enum_name(query));
      return;
   }
   const struct st_eval_state *es = ctx->eval;
   if (!es) {
      st_out_of_memory(ctx, func);
      return;
   }
   if (!out)
      return;
   if (i1 >= 0) {
      const struct st_eval_map1 *m = &es->map1[i1];
      if (query == GL_ORDER) {
         put(out, type, 0, m->order);
      } else if (query == GL_DOMAIN) {
         put(out, type, 0, m->u1);
         put(out, type, 1, m->u2);
      } else {
         unsigned n = (unsigned)m->order * map_sizes[i1];
         for (unsigned i = 0; i < n; i++)
            put(out, type, i, m->points[i]);
      }
      return;
   }
   const struct st_eval_map2 *m = &es->map2[i2];
   if (query == GL_ORDER) {
      put(out, type, 0, m->uorder);
      put(out, type, 1, m->vorder);
   } else if (query == GL_DOMAIN) {
      put(out, type, 0, m->u1);
      put(out, type, 1, m->u2);
      put(out, type, 2, m->v1);
      put(out, type, 3, m->v2);
   } else {
      unsigned n = (unsigned)m->uorder * (unsigned)m->vorder * map_sizes[i2];
      for (unsigned i = 0; i < n; i++)
         put(out, type, i, m->points[i]);
   }
}

void
api_GetMapfv(struct st_context *ctx, GLenum target, GLenum query, GLfloat *v)
{
   get_map(ctx, target, query, v, OUT_FLOAT, "glGetMapfv");
}

void
api_GetMapdv(struct st_context *ctx, GLenum target, GLenum query, GLdouble *v)
{
   get_map(ctx, target, query, v, OUT_DOUBLE, "glGetMapdv");
}

void
api_GetMapiv(struct st_context *ctx, GLenum target, GLenum query, GLint *v)
{
   get_map(ctx, target, query, v, OUT_INT, "glGetMapiv");
}

/* ---- enables ---- */

/** The enable bit of @p cap in *@p bits, or a pointer to the
 * GL_AUTO_NORMAL flag; false for another capability. */
static bool
find_cap(struct st_eval_state *es, GLenum cap, uint16_t **bits, uint16_t *mask,
         bool **flag)
{
   int i1 = map_index(cap, GL_MAP1_COLOR_4);
   int i2 = map_index(cap, GL_MAP2_COLOR_4);
   *bits = NULL;
   *flag = NULL;
   if (i1 >= 0) {
      *bits = &es->attrib.map1_enabled;
      *mask = (uint16_t)(1u << i1);
   } else if (i2 >= 0) {
      *bits = &es->attrib.map2_enabled;
      *mask = (uint16_t)(1u << i2);
   } else if (cap == GL_AUTO_NORMAL) {
      *flag = &es->attrib.auto_normal;
   } else {
      return false;
   }
   return true;
}

bool
st_eval_enable(struct st_context *ctx, GLenum cap, int index, bool enable)
{
   struct st_eval_state *es = ctx->eval;
   uint16_t *bits, mask;
   bool *flag;
   if (!st_is_compat(ctx) || index >= 0 || !es ||
       !find_cap(es, cap, &bits, &mask, &flag))
      return false;
   st_flush_vertices(ctx);
   if (flag)
      *flag = enable;
   else if (enable)
      *bits |= mask;
   else
      *bits &= (uint16_t)~mask;
   return true;
}

bool
st_eval_is_enabled(struct st_context *ctx, GLenum cap, int index, bool *enabled)
{
   struct st_eval_state *es = ctx->eval;
   uint16_t *bits, mask;
   bool *flag;
   if (!st_is_compat(ctx) || index >= 0 || !es ||
       !find_cap(es, cap, &bits, &mask, &flag))
      return false;
   *enabled = flag ? *flag : (*bits & mask) != 0;
   return true;
}

/* ---- glGet ---- */

bool
st_eval_get(struct st_context *ctx, GLenum pname, int index, struct st_value *v)
{
   struct st_eval_state *es = ctx->eval;
   if (!st_is_compat(ctx) || index >= 0 || !es)
      return false;
   const struct st_eval_attrib *a = &es->attrib;
   bool enabled;
   if (st_eval_is_enabled(ctx, pname, index, &enabled)) {
      st_value_bool(v, enabled);
      return true;
   }
   switch (pname) {
   case GL_MAX_EVAL_ORDER:
      st_value_int(v, ST_MAX_EVAL_ORDER);
      return true;
   case GL_MAP1_GRID_SEGMENTS:
      st_value_int(v, a->grid1_n);
      return true;
   case GL_MAP2_GRID_SEGMENTS:
      st_value_int(v, a->grid2_n[0]);
      v->i[1] = a->grid2_n[1];
      v->count = 2;
      return true;
   case GL_MAP1_GRID_DOMAIN:
      st_value_float(v, a->grid1_u[0]);
      v->f[1] = a->grid1_u[1];
      v->count = 2;
      return true;
   case GL_MAP2_GRID_DOMAIN:
      st_value_float(v, a->grid2_u[0]);
      v->f[1] = a->grid2_u[1];
      v->f[2] = a->grid2_v[0];
      v->f[3] = a->grid2_v[1];
      v->count = 4;
      return true;
   default:
      return false;
   }
}

/* glPushAttrib(GL_EVAL_BIT) saves the enables, the grids and
 * GL_AUTO_NORMAL (GL 2.1 table 6.44); GL_ENABLE_BIT the enables and
 * GL_AUTO_NORMAL again (table 6.21).  The maps themselves are in no
 * group. */
static void
save_eval(struct st_context *ctx, void *data)
{
   if (ctx->eval)
      *(struct st_eval_attrib *)data = ctx->eval->attrib;
}

static void
restore_eval(struct st_context *ctx, const void *data)
{
   if (!ctx->eval)
      return;
   st_flush_vertices(ctx);
   ctx->eval->attrib = *(const struct st_eval_attrib *)data;
}

const struct st_attrib_saver st_eval_saver_eval = {
   .mask = GL_EVAL_BIT,
   .size = sizeof(struct st_eval_attrib),
   .save = save_eval,
   .restore = restore_eval,
};

static void
restore_enables(struct st_context *ctx, const void *data)
{
   const struct st_eval_attrib *in = data;
   if (!ctx->eval)
      return;
   st_flush_vertices(ctx);
   ctx->eval->attrib.map1_enabled = in->map1_enabled;
   ctx->eval->attrib.map2_enabled = in->map2_enabled;
   ctx->eval->attrib.auto_normal = in->auto_normal;
}

const struct st_attrib_saver st_eval_saver_enable = {
   .mask = GL_ENABLE_BIT,
   .size = sizeof(struct st_eval_attrib),
   .save = save_eval,
   .restore = restore_enables,
};
