/* SPDX-License-Identifier: MIT */

/*
 * Clipping, projection, face determination, culling, polygon mode and
 * polygon offset: from clip vertices to the calls of sw_setup.c.
 *
 * Each clip vertex carries its signed distance to every plane (inside
 * when >= 0): w >= epsilon (so the divide stays finite), near and far
 * (unless depth clipping is off: then fragments are clamped instead), the
 * guard band of SW_GUARD_BAND pixels around the origin in x and y (so
 * that fixed-point setup cannot overflow; inside it the rasterizer's
 * bounds do the real clipping), and the enabled user planes or
 * gl_ClipDistance values.  Outcodes (bit per plane outside) give trivial
 * accept and reject.
 *
 * Triangles are clipped as polygons (Sutherland-Hodgman, one plane at a
 * time); a new vertex interpolates every word of the two it lies between
 * at t = d0 / (d0 - d1), which is linear in clip space and so correct for
 * perspective; noperspective attributes take the new vertex's position
 * along the edge in window space instead.  Each polygon vertex keeps an
 * edge flag (the edge from it to the next is part of the source
 * primitive's boundary: starts as the primitive's edge flag, so that the
 * diagonals of split quads and polygons are not, and edges along a clip
 * plane never are) and whether it is an original vertex, for the line and
 * point polygon modes: LINE draws the flagged edges, POINT the original
 * vertices whose edge is flagged (GL 4.6 compatibility, 14.6.4).  The face comes from the signed area
 * of the clipped polygon in window space (all its w are positive, so the
 * area is reliable), counter-clockwise meaning positive area with y up as
 * the contract of front_ccw says.  Lines are clipped parametrically;
 * points are dropped when their centre is outside.
 *
 * Polygon offset (GL 4.6, 14.6.5): o = factor * max(|dz/dx|, |dz/dy|) +
 * r * units, clamped, with r the minimum resolvable difference (one step
 * of a fixed-point depth buffer, 2^(e - 23) for a float one, e the
 * exponent of the largest |z| of the polygon); it is computed once per
 * polygon and added to every fragment of it in any polygon mode.
 */
#include <math.h>
#include <string.h>

#include "sw_raster_priv.h"
#include "util/u_arena.h"

#define MAX_POLY (3 + SW_MAX_PLANES)

static unsigned
outcode(const struct sw_raster *r, const union sw_word *v)
{
   unsigned code = 0;
   unsigned mask = r->plane_mask;
   while (mask) {
      unsigned p = (unsigned)__builtin_ctz(mask);
      mask &= mask - 1;
      /* NaN distances count as outside. */
      if (!(v[4 + p].f >= 0.0f))
         code |= 1u << p;
   }
   return code;
}

/** A new vertex at @p t from @p a to @p b, on plane @p plane. */
static const union sw_word *
lerp_vertex(struct sw_raster *r, const union sw_word *a, const union sw_word *b,
            float t, unsigned plane)
{
   union sw_word *v = u_arena_alloc(r->arena, r->num_words * sizeof(*v));
   if (!v) {
      r->oom = true;
      return NULL;
   }
   unsigned n = SW_VERTEX_LAYER(r);
   for (unsigned i = 0; i < n; i++)
      v[i].f = a[i].f + t * (b[i].f - a[i].f);
   v[n] = a[n];
   v[4 + plane].f = 0.0f;

   /* Noperspective attributes are linear in window space, not in clip
    * space: the new vertex lies at s = t * wb / w of the way from a to b
    * on the screen (w its own clip w). */
   const struct sw_attr_layout *l = &r->layout;
   float s = v[3].f != 0.0f ? t * b[3].f / v[3].f : t;
   for (unsigned i = 0; i < l->num_inputs; i++) {
      if (l->interp[i] != SW_INTERP_NOPERSPECTIVE)
         continue;
      unsigned slots[2] = { i, l->back[i] };
      for (unsigned k = 0; k < (slots[1] != i ? 2u : 1u); k++) {
         unsigned w = r->attr_offset + slots[k] * 4;
         for (unsigned c = 0; c < 4; c++)
            v[w + c].f = a[w + c].f + s * (b[w + c].f - a[w + c].f);
      }
   }
   return v;
}

/** Window coordinates of a clip vertex; false if not finite. */
static bool
project(const struct sw_raster *r, const union sw_word *v,
        struct sw_setup_vertex *out)
{
   float iw = 1.0f / v[3].f;
   out->win[0] = v[0].f * iw * r->scale[0] + r->translate[0];
   out->win[1] = v[1].f * iw * r->scale[1] + r->translate[1];
   out->win[2] = v[2].f * iw * r->scale[2] + r->translate[2];
   out->win[3] = iw;
   out->v = v;
   return isfinite(out->win[0]) && isfinite(out->win[1]) &&
          isfinite(out->win[2]) && isfinite(iw);
}

struct poly {
   unsigned n;
   const union sw_word *v[MAX_POLY];
   bool edge[MAX_POLY]; /**< edge from v[i] to v[i + 1] is a boundary */
   bool orig[MAX_POLY]; /**< v[i] is a vertex of the input triangle */
};

/** Clips @p in against plane @p p into @p out. */
static void
clip_poly(struct sw_raster *r, const struct poly *in, struct poly *out,
          unsigned p)
{
   out->n = 0;
   for (unsigned i = 0; i < in->n && !r->oom; i++) {
      unsigned j = i + 1 == in->n ? 0 : i + 1;
      const union sw_word *a = in->v[i], *b = in->v[j];
      float da = a[4 + p].f, db = b[4 + p].f;
      bool ina = da >= 0.0f, inb = db >= 0.0f;
      if (ina) {
         out->v[out->n] = a;
         out->edge[out->n] = in->edge[i];
         out->orig[out->n] = in->orig[i];
         out->n++;
      }
      if (ina != inb) {
         /* Interpolate from the inside vertex so that shared edges of
          * neighbouring triangles get the same new vertex. */
         const union sw_word *v = ina ? lerp_vertex(r, a, b, da / (da - db), p)
                                      : lerp_vertex(r, b, a, db / (db - da), p);
         if (!v)
            return;
         out->v[out->n] = v;
         /* Leaving: the edge to the next output runs along the plane. */
         out->edge[out->n] = ina ? false : in->edge[i];
         out->orig[out->n] = false;
         out->n++;
      }
   }
}

static float
polygon_offset(const struct sw_raster *r, const struct sw_setup_vertex *sv,
               unsigned n)
{
   const struct pipe_rasterizer_state *rs = r->rs;
   double m = 0;
   for (unsigned i = 1; i + 1 < n; i++) {
      double x1 = sv[i].win[0] - sv[0].win[0], y1 = sv[i].win[1] - sv[0].win[1];
      double x2 = sv[i + 1].win[0] - sv[0].win[0];
      double y2 = sv[i + 1].win[1] - sv[0].win[1];
      double z1 = sv[i].win[2] - sv[0].win[2];
      double z2 = sv[i + 1].win[2] - sv[0].win[2];
      double det = x1 * y2 - x2 * y1;
      if (det == 0)
         continue;
      double dzdx = (z1 * y2 - z2 * y1) / det;
      double dzdy = (x1 * z2 - x2 * z1) / det;
      m = fmax(fabs(dzdx), fabs(dzdy));
      break;
   }
   double res = r->mrd;
   if (r->float_depth) {
      double zmax = 0;
      for (unsigned i = 0; i < n; i++)
         zmax = fmax(zmax, fabs(sv[i].win[2]));
      int e = 0;
      frexp(zmax, &e);
      res = ldexp(1.0, e - 1 - 23);
   }
   double o = m * rs->offset_scale + res * rs->offset_units;
   if (rs->offset_clamp > 0)
      o = fmin(o, rs->offset_clamp);
   else if (rs->offset_clamp < 0)
      o = fmax(o, rs->offset_clamp);
   return (float)o;
}

static float
vertex_point_size(const struct sw_raster *r, const union sw_word *v)
{
   return v[SW_VERTEX_PSIZE(r)].f;
}

void
sw_raster_triangle(struct sw_raster *r, const union sw_word *v0,
                   const union sw_word *v1, const union sw_word *v2,
                   unsigned edges, const union sw_word *provoking,
                   unsigned prim_id)
{
   unsigned c0 = outcode(r, v0), c1 = outcode(r, v1), c2 = outcode(r, v2);
   if (c0 & c1 & c2)
      return;

   struct poly polys[2];
   struct poly *p = &polys[0];
   p->n = 3;
   p->v[0] = v0;
   p->v[1] = v1;
   p->v[2] = v2;
   for (unsigned i = 0; i < 3; i++) {
      p->edge[i] = (edges >> i) & 1;
      p->orig[i] = true;
   }

   unsigned planes = c0 | c1 | c2;
   while (planes && p->n >= 3) {
      unsigned plane = (unsigned)__builtin_ctz(planes);
      planes &= planes - 1;
      struct poly *q = p == &polys[0] ? &polys[1] : &polys[0];
      clip_poly(r, p, q, plane);
      if (r->oom)
         return;
      p = q;
   }
   if (p->n < 3)
      return;

   struct sw_setup_vertex sv[MAX_POLY];
   for (unsigned i = 0; i < p->n; i++) {
      if (!project(r, p->v[i], &sv[i]))
         return;
   }

   double area = 0;
   for (unsigned i = 0; i < p->n; i++) {
      unsigned j = i + 1 == p->n ? 0 : i + 1;
      area += (double)sv[i].win[0] * sv[j].win[1] -
              (double)sv[j].win[0] * sv[i].win[1];
   }
   if (area == 0 || !isfinite(area))
      return;
   const struct pipe_rasterizer_state *rs = r->rs;
   bool front = (area > 0) == rs->front_ccw;
   if (rs->cull_face & (front ? PIPE_FACE_FRONT : PIPE_FACE_BACK))
      return;

   unsigned mode = front ? rs->fill_front : rs->fill_back;
   bool offset_on = mode == PIPE_POLYGON_MODE_FILL   ? rs->offset_tri
                    : mode == PIPE_POLYGON_MODE_LINE ? rs->offset_line
                                                     : rs->offset_point;
   float offset = offset_on ? polygon_offset(r, sv, p->n) : 0.0f;

   switch (mode) {
   case PIPE_POLYGON_MODE_FILL:
      for (unsigned i = 1; i + 1 < p->n; i++)
         sw_setup_triangle(r, &sv[0], &sv[i], &sv[i + 1], front, offset,
                           provoking, prim_id);
      break;
   case PIPE_POLYGON_MODE_LINE:
      for (unsigned i = 0; i < p->n; i++) {
         if (p->edge[i])
            sw_setup_line(r, &sv[i], &sv[i + 1 == p->n ? 0 : i + 1], front,
                          offset, provoking, prim_id, 0);
      }
      break;
   default:
      /* An original vertex keeps the flag of the edge it starts. */
      for (unsigned i = 0; i < p->n; i++) {
         if (p->orig[i] && p->edge[i])
            sw_setup_point(r, &sv[i], vertex_point_size(r, p->v[i]), front,
                           offset, provoking, prim_id);
      }
      break;
   }
}

void
sw_raster_line(struct sw_raster *r, const union sw_word *v0,
               const union sw_word *v1, const union sw_word *provoking,
               unsigned prim_id, unsigned *stipple_count)
{
   unsigned c0 = outcode(r, v0), c1 = outcode(r, v1);
   if (c0 & c1)
      return;
   const union sw_word *a = v0, *b = v1;
   if (c0 | c1) {
      float t0 = 0.0f, t1 = 1.0f;
      unsigned planes = c0 | c1;
      unsigned p0 = 0, p1 = 0;
      while (planes) {
         unsigned p = (unsigned)__builtin_ctz(planes);
         planes &= planes - 1;
         float d0 = v0[4 + p].f, d1 = v1[4 + p].f;
         if (d0 < 0.0f && !(d1 < 0.0f)) {
            float t = d0 / (d0 - d1);
            if (t > t0) {
               t0 = t;
               p0 = p;
            }
         } else if (d1 < 0.0f && !(d0 < 0.0f)) {
            float t = d0 / (d0 - d1);
            if (t < t1) {
               t1 = t;
               p1 = p;
            }
         } else if (!(d0 >= 0.0f) || !(d1 >= 0.0f)) {
            return;
         }
      }
      if (!(t0 < t1))
         return;
      if (c0)
         a = lerp_vertex(r, v0, v1, t0, p0);
      if (c1)
         b = lerp_vertex(r, v0, v1, t1, p1);
      if (!a || !b)
         return;
   }
   struct sw_setup_vertex s0, s1;
   if (project(r, a, &s0) && project(r, b, &s1))
      *stipple_count += sw_setup_line(r, &s0, &s1, true, 0.0f, provoking,
                                      prim_id, *stipple_count);
}

void
sw_raster_point(struct sw_raster *r, const union sw_word *v,
                const union sw_word *provoking, unsigned prim_id)
{
   if (outcode(r, v))
      return;
   struct sw_setup_vertex s;
   if (project(r, v, &s))
      sw_setup_point(r, &s, vertex_point_size(r, v), true, 0.0f, provoking,
                     prim_id);
}
