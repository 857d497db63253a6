/* SPDX-License-Identifier: MIT */

/*
 * Evaluation (GL 2.1 section 5.1): glEvalCoord*, glEvalPoint*,
 * glMapGrid* and glEvalMesh*.
 *
 * A map of order n is the Bernstein polynomial of degree n - 1 over its
 * control points, at u' = (u - u1) / (u2 - u1) (and v' likewise).  The
 * basis comes from the degree-raising recurrence b_i <- (1 - t) b_i +
 * t b_(i-1), whose last step also gives the derivative: d b_i / dt =
 * (n - 1) (b'_(i-1) - b'_i) over the basis b' of one degree less.
 *
 * With GL_AUTO_NORMAL, a two-dimensional vertex map gives the normal
 * dp/du x dp/dv (for GL_MAP2_VERTEX_4 of p = (x, y, z) / w), normalized;
 * otherwise GL_MAP2_NORMAL gives it when enabled.  The texture map used
 * is the enabled one with the most coordinates.
 *
 * The meshes are the loops of GL 2.1 section 5.1 over glEvalCoord2 (or
 * 1) of i du + u1, with the grid's last point exactly u2 (and v2).
 */
#include <math.h>
#include <string.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_eval_priv.h"
#include "st_vertex_priv.h"

/** Fills @p b (and @p db if not NULL) with the Bernstein basis of
 * degree order - 1 at @p t and its derivative. */
static void
basis(GLint order, float t, float b[ST_MAX_EVAL_ORDER],
      float db[ST_MAX_EVAL_ORDER])
{
   float s = 1.0f - t;
   b[0] = 1.0f;
   for (GLint deg = 1; deg < order; deg++) {
      if (deg == order - 1 && db) {
         for (GLint i = 0; i <= deg; i++) {
            float lo = i > 0 ? b[i - 1] : 0.0f;
            float hi = i < deg ? b[i] : 0.0f;
            db[i] = (float)deg * (lo - hi);
         }
      }
      b[deg] = t * b[deg - 1];
      for (GLint i = deg - 1; i > 0; i--)
         b[i] = s * b[i] + t * b[i - 1];
      b[0] = s * b[0];
   }
   if (order == 1 && db)
      db[0] = 0.0f;
}

static void
eval1(const struct st_eval_map1 *m, unsigned k, float u, float out[4])
{
   float b[ST_MAX_EVAL_ORDER];
   basis(m->order, (u - m->u1) / (m->u2 - m->u1), b, NULL);
   for (unsigned c = 0; c < k; c++) {
      float sum = 0.0f;
      for (GLint i = 0; i < m->order; i++)
         sum += b[i] * m->points[(size_t)i * k + c];
      out[c] = sum;
   }
}

/** The value of a 2D map at (u, v), and with @p du / @p dv its partial
 * derivatives in u and v. */
static void
eval2(const struct st_eval_map2 *m, unsigned k, float u, float v, float out[4],
      float du[4], float dv[4])
{
   float bu[ST_MAX_EVAL_ORDER], bv[ST_MAX_EVAL_ORDER];
   float dbu[ST_MAX_EVAL_ORDER], dbv[ST_MAX_EVAL_ORDER];
   float su = 1.0f / (m->u2 - m->u1), sv = 1.0f / (m->v2 - m->v1);
   bool deriv = du != NULL;
   basis(m->uorder, (u - m->u1) * su, bu, deriv ? dbu : NULL);
   basis(m->vorder, (v - m->v1) * sv, bv, deriv ? dbv : NULL);
   for (unsigned c = 0; c < k; c++) {
      float sum = 0.0f, su_sum = 0.0f, sv_sum = 0.0f;
      for (GLint i = 0; i < m->uorder; i++) {
         for (GLint j = 0; j < m->vorder; j++) {
            float p = m->points[((size_t)i * m->vorder + j) * k + c];
            sum += bu[i] * bv[j] * p;
            if (deriv) {
               su_sum += dbu[i] * bv[j] * p;
               sv_sum += bu[i] * dbv[j] * p;
            }
         }
      }
      out[c] = sum;
      if (deriv) {
         du[c] = su_sum * su;
         dv[c] = sv_sum * sv;
      }
   }
}

/** The vertex map to use among those enabled in @p enabled: 4 wins over
 * 3 (GL 2.1, 5.1); -1 if none. */
static int
vertex_map(unsigned enabled)
{
   if (enabled & (1u << ST_EVAL_VERTEX_4))
      return ST_EVAL_VERTEX_4;
   if (enabled & (1u << ST_EVAL_VERTEX_3))
      return ST_EVAL_VERTEX_3;
   return -1;
}

/** The texture map with the most coordinates among those enabled; -1 if
 * none. */
static int
texture_map(unsigned enabled)
{
   for (int i = ST_EVAL_TEXTURE_COORD_4; i >= ST_EVAL_TEXTURE_COORD_1; i--) {
      if (enabled & (1u << i))
         return i;
   }
   return -1;
}

/** What an evaluation gives a vertex; has_* false for the attributes no
 * enabled map gives. */
struct eval_vertex {
   float pos[4];
   float color[4], normal[4], texcoord[4];
   bool has_color, has_normal, has_texcoord;
};

static void
widen(float v[4], unsigned k, const float defaults[4])
{
   for (unsigned c = k; c < 4; c++)
      v[c] = defaults[c];
}

static const float point_defaults[4] = { 0, 0, 0, 1 };

/**
 * Issues the evaluated vertex: the attributes given by maps become the
 * current values for this vertex only (GL 2.1, 5.1: the current values
 * are not changed by an evaluation), then glVertex.
 */
static void
emit(struct st_context *ctx, const struct eval_vertex *ev)
{
   static const unsigned locations[3] = { ST_ATTRIB_COLOR, ST_ATTRIB_NORMAL,
                                          ST_ATTRIB_TEX(0) };
   const bool given[3] = { ev->has_color, ev->has_normal, ev->has_texcoord };
   const float *values[3] = { ev->color, ev->normal, ev->texcoord };
   GLfloat saved[3][4];
   for (unsigned i = 0; i < 3; i++) {
      if (!given[i])
         continue;
      st_vertex_current_value(ctx, locations[i], saved[i]);
      st_vertex_set_current(ctx, locations[i], ST_CURRENT_FLOAT, values[i]);
   }
   st_vertex_set_current(ctx, ST_ATTRIB_VERTEX, ST_CURRENT_FLOAT, ev->pos);
   for (unsigned i = 0; i < 3; i++) {
      if (given[i])
         st_vertex_set_current(ctx, locations[i], ST_CURRENT_FLOAT, saved[i]);
   }
}

static void
eval_coord1(struct st_context *ctx, float u)
{
   const struct st_eval_state *es = ctx->eval;
   if (!es)
      return;
   unsigned enabled = es->attrib.map1_enabled;
   int vi = vertex_map(enabled);
   if (vi < 0)
      return;
   struct eval_vertex ev = { 0 };
   eval1(&es->map1[vi], st_eval_map_size(vi), u, ev.pos);
   widen(ev.pos, st_eval_map_size(vi), point_defaults);
   if (enabled & (1u << ST_EVAL_COLOR_4)) {
      eval1(&es->map1[ST_EVAL_COLOR_4], 4, u, ev.color);
      ev.has_color = true;
   }
   if (enabled & (1u << ST_EVAL_NORMAL)) {
      eval1(&es->map1[ST_EVAL_NORMAL], 3, u, ev.normal);
      ev.normal[3] = 1.0f;
      ev.has_normal = true;
   }
   int ti = texture_map(enabled);
   if (ti >= 0) {
      eval1(&es->map1[ti], st_eval_map_size(ti), u, ev.texcoord);
      widen(ev.texcoord, st_eval_map_size(ti), point_defaults);
      ev.has_texcoord = true;
   }
   emit(ctx, &ev);
}

static void
cross_normalized(const float a[3], const float b[3], float out[4])
{
   float n[3] = {
      a[1] * b[2] - a[2] * b[1],
      a[2] * b[0] - a[0] * b[2],
      a[0] * b[1] - a[1] * b[0],
   };
   float len = sqrtf(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
   float scale = len > 0.0f ? 1.0f / len : 0.0f;
   for (unsigned c = 0; c < 3; c++)
      out[c] = n[c] * scale;
   out[3] = 1.0f;
}

/** The derivative of (x, y, z) / w from those of x, y, z, w. */
static void
projected_derivative(const float p[4], const float d[4], float out[3])
{
   float w = p[3] != 0.0f ? p[3] : 1e-30f;
   for (unsigned c = 0; c < 3; c++)
      out[c] = (d[c] * w - p[c] * d[3]) / (w * w);
}

static void
eval_coord2(struct st_context *ctx, float u, float v)
{
   const struct st_eval_state *es = ctx->eval;
   if (!es)
      return;
   unsigned enabled = es->attrib.map2_enabled;
   int vi = vertex_map(enabled);
   if (vi < 0)
      return;
   struct eval_vertex ev = { 0 };
   unsigned k = st_eval_map_size(vi);
   if (es->attrib.auto_normal) {
      float du[4], dv[4];
      eval2(&es->map2[vi], k, u, v, ev.pos, du, dv);
      if (k == 4) {
         float pu[3], pv[3];
         projected_derivative(ev.pos, du, pu);
         projected_derivative(ev.pos, dv, pv);
         cross_normalized(pu, pv, ev.normal);
      } else {
         cross_normalized(du, dv, ev.normal);
      }
      ev.has_normal = true;
   } else {
      eval2(&es->map2[vi], k, u, v, ev.pos, NULL, NULL);
      if (enabled & (1u << ST_EVAL_NORMAL)) {
         eval2(&es->map2[ST_EVAL_NORMAL], 3, u, v, ev.normal, NULL, NULL);
         ev.normal[3] = 1.0f;
         ev.has_normal = true;
      }
   }
   widen(ev.pos, k, point_defaults);
   if (enabled & (1u << ST_EVAL_COLOR_4)) {
      eval2(&es->map2[ST_EVAL_COLOR_4], 4, u, v, ev.color, NULL, NULL);
      ev.has_color = true;
   }
   int ti = texture_map(enabled);
   if (ti >= 0) {
      eval2(&es->map2[ti], st_eval_map_size(ti), u, v, ev.texcoord, NULL, NULL);
      widen(ev.texcoord, st_eval_map_size(ti), point_defaults);
      ev.has_texcoord = true;
   }
   emit(ctx, &ev);
}

void
api_EvalCoord1f(struct st_context *ctx, GLfloat u)
{
   eval_coord1(ctx, u);
}

void
api_EvalCoord1d(struct st_context *ctx, GLdouble u)
{
   eval_coord1(ctx, (float)u);
}

void
api_EvalCoord1fv(struct st_context *ctx, const GLfloat *u)
{
   eval_coord1(ctx, u[0]);
}

void
api_EvalCoord1dv(struct st_context *ctx, const GLdouble *u)
{
   eval_coord1(ctx, (float)u[0]);
}

void
api_EvalCoord2f(struct st_context *ctx, GLfloat u, GLfloat v)
{
   eval_coord2(ctx, u, v);
}

void
api_EvalCoord2d(struct st_context *ctx, GLdouble u, GLdouble v)
{
   eval_coord2(ctx, (float)u, (float)v);
}

void
api_EvalCoord2fv(struct st_context *ctx, const GLfloat *u)
{
   eval_coord2(ctx, u[0], u[1]);
}

void
api_EvalCoord2dv(struct st_context *ctx, const GLdouble *u)
{
   eval_coord2(ctx, (float)u[0], (float)u[1]);
}

/* ---- grids ---- */

static void
map_grid1(struct st_context *ctx, GLint un, GLfloat u1, GLfloat u2,
          const char *func)
{
   if (un <= 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(un=%d)", func, un);
      return;
   }
   struct st_eval_state *es = ctx->eval;
   if (!es) {
      st_out_of_memory(ctx, func);
      return;
   }
   st_flush_vertices(ctx);
   es->attrib.grid1_n = un;
   es->attrib.grid1_u[0] = u1;
   es->attrib.grid1_u[1] = u2;
}

static void
map_grid2(struct st_context *ctx, GLint un, GLfloat u1, GLfloat u2, GLint vn,
          GLfloat v1, GLfloat v2, const char *func)
{
   if (un <= 0 || vn <= 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(un=%d, vn=%d)", func, un, vn);
      return;
   }
   struct st_eval_state *es = ctx->eval;
   if (!es) {
      st_out_of_memory(ctx, func);
      return;
   }
   st_flush_vertices(ctx);
   struct st_eval_attrib *a = &es->attrib;
   a->grid2_n[0] = un;
   a->grid2_n[1] = vn;
   a->grid2_u[0] = u1;
   a->grid2_u[1] = u2;
   a->grid2_v[0] = v1;
   a->grid2_v[1] = v2;
}

void
api_MapGrid1f(struct st_context *ctx, GLint un, GLfloat u1, GLfloat u2)
{
   map_grid1(ctx, un, u1, u2, "glMapGrid1f");
}

void
api_MapGrid1d(struct st_context *ctx, GLint un, GLdouble u1, GLdouble u2)
{
   map_grid1(ctx, un, (GLfloat)u1, (GLfloat)u2, "glMapGrid1d");
}

void
api_MapGrid2f(struct st_context *ctx, GLint un, GLfloat u1, GLfloat u2,
              GLint vn, GLfloat v1, GLfloat v2)
{
   map_grid2(ctx, un, u1, u2, vn, v1, v2, "glMapGrid2f");
}

void
api_MapGrid2d(struct st_context *ctx, GLint un, GLdouble u1, GLdouble u2,
              GLint vn, GLdouble v1, GLdouble v2)
{
   map_grid2(ctx, un, (GLfloat)u1, (GLfloat)u2, vn, (GLfloat)v1, (GLfloat)v2,
             "glMapGrid2d");
}

/** Grid point @p i of @p n on [a, b]: i (b - a) / n + a, and exactly b
 * for i = n (GL 2.1, 5.1). */
static float
grid_point(GLint i, GLint n, float a, float b)
{
   if (i == n)
      return b;
   return (float)i * ((b - a) / (float)n) + a;
}

static void
eval_point1(struct st_context *ctx, GLint i)
{
   const struct st_eval_attrib *a = &ctx->eval->attrib;
   eval_coord1(ctx, grid_point(i, a->grid1_n, a->grid1_u[0], a->grid1_u[1]));
}

static void
eval_point2(struct st_context *ctx, GLint i, GLint j)
{
   const struct st_eval_attrib *a = &ctx->eval->attrib;
   eval_coord2(ctx, grid_point(i, a->grid2_n[0], a->grid2_u[0], a->grid2_u[1]),
               grid_point(j, a->grid2_n[1], a->grid2_v[0], a->grid2_v[1]));
}

void
api_EvalPoint1(struct st_context *ctx, GLint i)
{
   if (ctx->eval)
      eval_point1(ctx, i);
}

void
api_EvalPoint2(struct st_context *ctx, GLint i, GLint j)
{
   if (ctx->eval)
      eval_point2(ctx, i, j);
}

void
api_EvalMesh1(struct st_context *ctx, GLenum mode, GLint i1, GLint i2)
{
   if (mode != GL_POINT && mode != GL_LINE) {
      st_error(ctx, GL_INVALID_ENUM, "glEvalMesh1(mode=%s)",
               st_enum_name(mode));
      return;
   }
   if (!ctx->eval)
      return;
   api_Begin(ctx, mode == GL_POINT ? GL_POINTS : GL_LINE_STRIP);
   for (GLint i = i1; i <= i2; i++)
      eval_point1(ctx, i);
   api_End(ctx);
}

void
api_EvalMesh2(struct st_context *ctx, GLenum mode, GLint i1, GLint i2, GLint j1,
              GLint j2)
{
   if (mode != GL_POINT && mode != GL_LINE && mode != GL_FILL) {
      st_error(ctx, GL_INVALID_ENUM, "glEvalMesh2(mode=%s)",
               st_enum_name(mode));
      return;
   }
   if (!ctx->eval)
      return;
   switch (mode) {
   case GL_FILL:
      for (GLint i = i1; i < i2; i++) {
         api_Begin(ctx, GL_QUAD_STRIP);
         for (GLint j = j1; j <= j2; j++) {
            eval_point2(ctx, i, j);
            eval_point2(ctx, i + 1, j);
         }
         api_End(ctx);
      }
      break;
   case GL_LINE:
      for (GLint i = i1; i <= i2; i++) {
         api_Begin(ctx, GL_LINE_STRIP);
         for (GLint j = j1; j <= j2; j++)
            eval_point2(ctx, i, j);
         api_End(ctx);
      }
      for (GLint j = j1; j <= j2; j++) {
         api_Begin(ctx, GL_LINE_STRIP);
         for (GLint i = i1; i <= i2; i++)
            eval_point2(ctx, i, j);
         api_End(ctx);
      }
      break;
   default:
      api_Begin(ctx, GL_POINTS);
      for (GLint i = i1; i <= i2; i++) {
         for (GLint j = j1; j <= j2; j++)
            eval_point2(ctx, i, j);
      }
      api_End(ctx);
      break;
   }
}
