/* SPDX-License-Identifier: MIT */

/*
 * Setup: window-space triangles, lines and points become struct sw_setup_prim
 * (sw_raster_priv.h), then go to the bins.
 *
 * Coverage is exact integer arithmetic.  Positions are snapped to 1/256
 * pixel (SW_SUBPIXEL_BITS); a primitive is a convex polygon of 3 or 4
 * edges, oriented so that the edge function
 *
 *    E(X, Y) = (x1 - x0) * (Y - y0) - (y1 - y0) * (X - x0)
 *
 * of each edge (x0, y0) -> (x1, y1) is positive inside.  A sample exactly
 * on an edge belongs to the primitive only if the edge is a top or left
 * edge (y down, as rows are stored): with this orientation a left edge
 * has dy < 0 and a top edge dy == 0, dx > 0.  bottom_edge_rule (window
 * systems whose y grows upward) swaps top for bottom (dy == 0, dx < 0).
 * The rule is folded into the constant term: an edge that does not own
 * its boundary gets c - 1, so "inside" is always E >= 0.  Two triangles
 * sharing an edge see it with opposite directions, so exactly one owns
 * each sample on it: every pixel of a mesh is covered once.  Magnitudes
 * stay below 2^47 inside the guard band (sw_raster_priv.h).
 *
 * Lines are parallelograms (GL 4.6, 14.5.2.1, wide lines: an x-major
 * line covers a column of `width` pixels centred on it at each x, a
 * y-major one a row): the ends are cut perpendicular to the major axis;
 * the start owns its boundary and the end does not (unless
 * line_last_pixel), so the segments of a strip meet without gaps or
 * overlap.  Points are axis-aligned squares of the point size centred on
 * the vertex, under the same fill rule.
 *
 * Interpolation planes are computed in double and stored in float
 * relative to the pixel (ox, oy) of the primitive's top-left bound, so
 * that evaluation stays accurate far from the origin.
 */
#include <math.h>

#include "sw_raster_priv.h"
#include "util/u_arena.h"

/** Largest point size and line width (what sw_screen.c reports). */
#define SW_MAX_POINT_LINE_SIZE 255.0f

static int64_t
snap(float v)
{
   return (int64_t)llrintf(v * (float)SW_SUBPIXEL_ONE);
}

static bool
owns_edge(const struct sw_raster *r, int64_t dx, int64_t dy)
{
   if (dy < 0)
      return true;
   return dy == 0 && (r->rs->bottom_edge_rule ? dx < 0 : dx > 0);
}

static int64_t
max64(int64_t a, int64_t b)
{
   return a > b ? a : b;
}

static int64_t
min64(int64_t a, int64_t b)
{
   return a < b ? a : b;
}

/**
 * Edges of the convex polygon @p n corners (X, Y) (positively oriented),
 * and its pixel bounds.  own[e] is 1 or 0 to force whether edge e (from
 * corner e to e + 1) owns its boundary, -1 for the fill rule.  Returns a
 * new primitive, or NULL if it covers no pixel inside the bounds or
 * memory ran out.
 */
static struct sw_setup_prim *
setup_edges(struct sw_raster *r, unsigned n, const int64_t *X, const int64_t *Y,
            const int8_t *own, bool in_viewport)
{
   const int *bounds = in_viewport ? r->vp_bounds : r->bounds;
   int64_t minX = X[0], maxX = X[0], minY = Y[0], maxY = Y[0];
   for (unsigned i = 1; i < n; i++) {
      minX = min64(minX, X[i]);
      maxX = max64(maxX, X[i]);
      minY = min64(minY, Y[i]);
      maxY = max64(maxY, Y[i]);
   }
   const int64_t half = SW_SUBPIXEL_ONE / 2;
   /* Pixel px has its centre at px * 256 + 128; (v >> 8) is floor. */
   int64_t minx = (minX - half + SW_SUBPIXEL_ONE - 1) >> SW_SUBPIXEL_BITS;
   int64_t maxx = ((maxX - half) >> SW_SUBPIXEL_BITS) + 1;
   int64_t miny = (minY - half + SW_SUBPIXEL_ONE - 1) >> SW_SUBPIXEL_BITS;
   int64_t maxy = ((maxY - half) >> SW_SUBPIXEL_BITS) + 1;
   if (r->num_samples > 1) {
      /* Samples lie within the pixel, anywhere from 1/8 to 7/8. */
      minx = (minX - SW_SUBPIXEL_ONE + 1) >> SW_SUBPIXEL_BITS;
      maxx = (maxX >> SW_SUBPIXEL_BITS) + 1;
      miny = (minY - SW_SUBPIXEL_ONE + 1) >> SW_SUBPIXEL_BITS;
      maxy = (maxY >> SW_SUBPIXEL_BITS) + 1;
   }
   minx = max64(minx, bounds[0]);
   miny = max64(miny, bounds[1]);
   maxx = min64(maxx, bounds[2]);
   maxy = min64(maxy, bounds[3]);
   if (minx >= maxx || miny >= maxy)
      return NULL;

   struct sw_setup_prim *p = u_arena_zalloc(r->arena, sizeof(*p));
   if (!p) {
      r->oom = true;
      return NULL;
   }
   p->minx = (int)minx;
   p->miny = (int)miny;
   p->maxx = (int)maxx;
   p->maxy = (int)maxy;
   p->ox = (float)minx;
   p->oy = (float)miny;
   p->num_edges = (uint8_t)n;
   for (unsigned e = 0; e < n; e++) {
      unsigned f = e + 1 == n ? 0 : e + 1;
      int64_t dx = X[f] - X[e], dy = Y[f] - Y[e];
      bool owns = own && own[e] >= 0 ? own[e] : owns_edge(r, dx, dy);
      p->a[e] = -dy;
      p->b[e] = dx;
      p->c[e] = dy * X[e] - dx * Y[e] - (owns ? 0 : 1);
   }
   return p;
}

static void
finish(struct sw_raster *r, struct sw_setup_prim *p, bool front,
       const union sw_word *provoking, unsigned prim_id)
{
   p->front = front;
   p->flat = provoking + r->attr_offset;
   unsigned layer = provoking[SW_VERTEX_LAYER(r)].u;
   p->layer = layer < r->num_layers ? layer : 0;
   p->prim_id = prim_id;
   sw_bin_prim(r, p);
}

void
sw_setup_triangle(struct sw_raster *r, const struct sw_setup_vertex *v0,
                  const struct sw_setup_vertex *v1,
                  const struct sw_setup_vertex *v2, bool front, float offset,
                  const union sw_word *provoking, unsigned prim_id)
{
   const struct sw_setup_vertex *s[3] = { v0, v1, v2 };
   int64_t X[3], Y[3];
   for (unsigned i = 0; i < 3; i++) {
      X[i] = snap(s[i]->win[0]);
      Y[i] = snap(s[i]->win[1]);
   }
   int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
   if (area == 0)
      return;
   if (area < 0) {
      const struct sw_setup_vertex *t = s[1];
      s[1] = s[2];
      s[2] = t;
      int64_t tx = X[1], ty = Y[1];
      X[1] = X[2];
      Y[1] = Y[2];
      X[2] = tx;
      Y[2] = ty;
      area = -area;
   }
   struct sw_setup_prim *p = setup_edges(r, 3, X, Y, NULL, true);
   if (!p)
      return;
   p->kind = SW_PRIM_KIND_TRI;

   /* l1 is edge 2 (v2 -> v0, opposite v1) over the area, l2 edge 0;
    * evaluated without the fill-rule bias. */
   int64_t OX = (int64_t)p->minx * SW_SUBPIXEL_ONE;
   int64_t OY = (int64_t)p->miny * SW_SUBPIXEL_ONE;
   int64_t e2 = (X[0] - X[2]) * (OY - Y[2]) - (Y[0] - Y[2]) * (OX - X[2]);
   int64_t e0 = (X[1] - X[0]) * (OY - Y[0]) - (Y[1] - Y[0]) * (OX - X[0]);
   double inv = 1.0 / (double)area;
   double l1[3] = { (double)e2 * inv,
                    (double)(Y[2] - Y[0]) * SW_SUBPIXEL_ONE * inv,
                    (double)(X[0] - X[2]) * SW_SUBPIXEL_ONE * inv };
   double l2[3] = { (double)e0 * inv,
                    (double)(Y[0] - Y[1]) * SW_SUBPIXEL_ONE * inv,
                    (double)(X[1] - X[0]) * SW_SUBPIXEL_ONE * inv };
   double z0 = s[0]->win[2];
   double dz1 = (double)s[1]->win[2] - z0, dz2 = (double)s[2]->win[2] - z0;
   for (unsigned k = 0; k < 3; k++) {
      p->l1[k] = (float)l1[k];
      p->l2[k] = (float)l2[k];
      p->z[k] = (float)(l1[k] * dz1 + l2[k] * dz2 + (k ? 0.0 : z0 + offset));
   }
   for (unsigned i = 0; i < 3; i++) {
      p->invw[i] = s[i]->win[3];
      p->attr[i] = s[i]->v + r->attr_offset;
   }
   finish(r, p, front, provoking, prim_id);
}

/** Pixel centres (c + 0.5) from @p a (included) to @p b (excluded). */
static unsigned
centres_between(float a, float b)
{
   double n =
      a < b ? ceil(b - 0.5) - ceil(a - 0.5) : floor(a - 0.5) - floor(b - 0.5);
   return n > 0 && n < 4294967295.0 ? (unsigned)n : 0;
}

unsigned
sw_setup_line(struct sw_raster *r, const struct sw_setup_vertex *v0,
              const struct sw_setup_vertex *v1, bool front, float offset,
              const union sw_word *provoking, unsigned prim_id,
              unsigned stipple_start)
{
   const struct pipe_rasterizer_state *rs = r->rs;
   double x0 = v0->win[0], y0 = v0->win[1];
   double dx = (double)v1->win[0] - x0, dy = (double)v1->win[1] - y0;
   double len2 = dx * dx + dy * dy;
   if (len2 == 0)
      return 0;
   /* Widths are rounded and clamped to the range the screen reports
    * (PIPE_CAPF_MAX_LINE_WIDTH), which also keeps setup in range. */
   float width = roundf(rs->line_width);
   if (!(width >= 1.0f))
      width = 1.0f;
   if (width > SW_MAX_POINT_LINE_SIZE)
      width = SW_MAX_POINT_LINE_SIZE;
   bool y_major = fabs(dy) > fabs(dx);
   unsigned count = y_major ? centres_between(v0->win[1], v1->win[1])
                            : centres_between(v0->win[0], v1->win[0]);
   float hx = y_major ? width * 0.5f : 0.0f;
   float hy = y_major ? 0.0f : width * 0.5f;

   /* Corners: start - h, end - h, end + h, start + h. */
   int64_t X[4] = { snap(v0->win[0] - hx), snap(v1->win[0] - hx),
                    snap(v1->win[0] + hx), snap(v0->win[0] + hx) };
   int64_t Y[4] = { snap(v0->win[1] - hy), snap(v1->win[1] - hy),
                    snap(v1->win[1] + hy), snap(v0->win[1] + hy) };
   /* Edge 1 is the end cap, edge 3 the start cap. */
   int8_t own[4] = { -1, rs->line_last_pixel ? 1 : 0, -1, 1 };
   int64_t area = (X[1] - X[0]) * (Y[2] - Y[0]) - (Y[1] - Y[0]) * (X[2] - X[0]);
   if (area == 0)
      return count;
   if (area < 0) {
      /* Reverse: corners 0 3 2 1; the caps become edges 0 and 2. */
      int64_t t = X[1];
      X[1] = X[3];
      X[3] = t;
      t = Y[1];
      Y[1] = Y[3];
      Y[3] = t;
      own[0] = 1;
      own[1] = -1;
      own[2] = rs->line_last_pixel ? 1 : 0;
      own[3] = -1;
   }
   struct sw_setup_prim *p = setup_edges(r, 4, X, Y, own, true);
   if (!p)
      return count;
   p->kind = SW_PRIM_KIND_LINE;

   double ox = p->ox, oy = p->oy;
   double l1[3] = { ((ox - x0) * dx + (oy - y0) * dy) / len2, dx / len2,
                    dy / len2 };
   double z0 = v0->win[2], dz = (double)v1->win[2] - z0;
   for (unsigned k = 0; k < 3; k++) {
      p->l1[k] = (float)l1[k];
      p->l2[k] = 0.0f;
      p->z[k] = (float)(l1[k] * dz + (k ? 0.0 : z0 + offset));
   }
   p->invw[0] = v0->win[3];
   p->invw[1] = p->invw[2] = v1->win[3];
   p->attr[0] = v0->v + r->attr_offset;
   p->attr[1] = p->attr[2] = v1->v + r->attr_offset;

   if (rs->line_stipple_enable) {
      p->stipple = true;
      p->stipple_y_major = y_major;
      p->stipple_pattern = rs->line_stipple_pattern;
      p->stipple_factor = rs->line_stipple_factor ? rs->line_stipple_factor : 1;
      p->stipple_origin = y_major ? v0->win[1] : v0->win[0];
      p->stipple_start = stipple_start;
   }
   finish(r, p, front, provoking, prim_id);
   return count;
}

void
sw_setup_point(struct sw_raster *r, const struct sw_setup_vertex *v, float size,
               bool front, float offset, const union sw_word *provoking,
               unsigned prim_id)
{
   const struct pipe_rasterizer_state *rs = r->rs;
   /* GL clamps the size to the supported range (PIPE_CAPF_*_POINT_SIZE). */
   if (!(size >= 1.0f))
      size = 1.0f;
   if (size > SW_MAX_POINT_LINE_SIZE)
      size = SW_MAX_POINT_LINE_SIZE;
   float x = v->win[0], y = v->win[1], h = size * 0.5f;
   int64_t X[4] = { snap(x - h), snap(x + h), snap(x + h), snap(x - h) };
   int64_t Y[4] = { snap(y - h), snap(y - h), snap(y + h), snap(y + h) };
   struct sw_setup_prim *p = setup_edges(r, 4, X, Y, NULL, false);
   if (!p)
      return;
   p->kind = SW_PRIM_KIND_POINT;
   p->z[0] = v->win[2] + offset;
   for (unsigned i = 0; i < 3; i++) {
      p->invw[i] = v->win[3];
      p->attr[i] = v->v + r->attr_offset;
   }
   /* gl_PointCoord: (0, 0) at the upper-left corner (or lower-left). */
   float inv = 1.0f / size;
   p->pcs[0] = 0.5f + (p->ox - x) * inv;
   p->pcs[1] = inv;
   if (rs->sprite_coord_mode == PIPE_SPRITE_COORD_LOWER_LEFT) {
      p->pct[0] = 0.5f - (p->oy - y) * inv;
      p->pct[2] = -inv;
   } else {
      p->pct[0] = 0.5f + (p->oy - y) * inv;
      p->pct[2] = inv;
   }
   finish(r, p, front, provoking, prim_id);
}
