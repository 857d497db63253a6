/* SPDX-License-Identifier: MIT */

/*
 * Primitive assembly: every GL primitive type to lists of points, lines or
 * triangles, keeping the provoking vertex.
 *
 * The provoking vertex of each source primitive is the one GL 4.6
 * (compatibility), table 13.2 names: for primitive i (from 1) of
 *
 *    type               first-vertex mode   last-vertex mode
 *    lines              2i - 1              2i
 *    line strip/loop    i                   i + 1 (loop closing: n, 1)
 *    triangles          3i - 2              3i
 *    triangle strip     i                   i + 2
 *    triangle fan       i + 1               i + 2
 *    quads              4i - 3              4i
 *    quad strip         2i - 1              2i + 2
 *    polygon            1                   1
 *    lines adj.         4i - 2              4i - 1
 *    line strip adj.    i + 1               i + 2
 *    triangles adj.     6i - 5              6i - 1
 *    tri strip adj.     2i - 1              2i + 3
 *
 * Quads use the provoking-vertex convention (the screen reports
 * PIPE_CAP_QUADS_FOLLOW_PROVOKING_VERTEX_CONVENTION).
 *
 * Output triangles list the provoking vertex first (flatshade_first) or
 * last, by rotating the triangle's vertices, which keeps its winding.
 * Quads and polygons are split along a diagonal through the provoking
 * vertex so that both halves have it (a polygon is a fan around its
 * first vertex); the diagonals are marked in edge_flags so that polygon
 * mode LINE draws only the source primitive's edges (for lines, the
 * flag SW_LINE_START marks where the line stipple restarts); the per-vertex edge
 * flags of a draw (sw_draw_apply_edge_flags()) then clear the edges that
 * start at unflagged vertices.  Lines and points
 * keep their order: their provoking
 * vertex is already first or last.  Triangle strips alternate winding: the
 * odd triangles of a strip are (i + 1, i, i + 2) so that all are wound
 * like the first.  Incomplete primitives at the end are dropped.
 *
 * With a geometry shader bound, sw_draw_assemble_gs() makes the shader's
 * input primitives instead: every vertex in the order GL 4.6 section
 * 11.3.1 gives gl_in[] (adjacent vertices kept, nothing rotated for the
 * provoking vertex: the shader's outputs get it later).
 */
#include <stdlib.h>
#include <string.h>

#include "sw_draw.h"
#include "pipe/p_defines.h"

struct assembler {
   struct sw_prim_list *list;
   const unsigned *v;
   bool first;
   bool ok;
};

static bool
grow(struct sw_prim_list *list)
{
   if (list->num_prims < list->capacity)
      return true;
   uint64_t cap = list->capacity ? (uint64_t)list->capacity * 2 : 64;
   if (cap * list->verts_per_prim > UINT32_MAX ||
       cap * list->verts_per_prim > SIZE_MAX / sizeof(unsigned))
      return false;
   unsigned *p =
      realloc(list->indices, (size_t)cap * list->verts_per_prim * sizeof(*p));
   if (!p)
      return false;
   list->indices = p;
   if (list->prim != SW_PRIM_POINTS) {
      uint8_t *e = realloc(list->edge_flags, (size_t)cap);
      if (!e)
         return false;
      list->edge_flags = e;
   }
   list->capacity = (unsigned)cap;
   return true;
}

static void
emit(struct assembler *a, const unsigned *vi, unsigned n, unsigned edges)
{
   if (!a->ok || !grow(a->list)) {
      a->ok = false;
      return;
   }
   unsigned *dst = a->list->indices + (size_t)a->list->num_prims * n;
   for (unsigned i = 0; i < n; i++)
      dst[i] = a->v[vi[i]];
   if (a->list->edge_flags)
      a->list->edge_flags[a->list->num_prims] = (uint8_t)edges;
   a->list->num_prims++;
}

static void
point(struct assembler *a, unsigned i)
{
   emit(a, &i, 1, 0);
}

/** Line (i0, i1); @p start: the first line of a strip or loop, or a
 * separate line (SW_LINE_START: the line stipple restarts). */
static void
line(struct assembler *a, unsigned i0, unsigned i1, bool start)
{
   unsigned vi[2] = { i0, i1 };
   emit(a, vi, 2, start ? SW_LINE_START : 0);
}

#define ALL_EDGES 7u

/**
 * Triangle (i0, i1, i2) in winding order with provoking vertex @p p (one
 * of them), rotated to the position the rasterizer expects.  @p edges:
 * bit k for the edge from the k-th to the next vertex, before rotation.
 */
static void
tri_edges(struct assembler *a, unsigned i0, unsigned i1, unsigned i2,
          unsigned p, unsigned edges)
{
   unsigned vi[3] = { i0, i1, i2 };
   unsigned want = a->first ? 0 : 2;
   unsigned at = p == i0 ? 0 : p == i1 ? 1 : 2;
   unsigned shift = (want + 3 - at) % 3;
   unsigned r[3], e = 0;
   for (unsigned k = 0; k < 3; k++) {
      r[(k + shift) % 3] = vi[k];
      if (edges & (1u << k))
         e |= 1u << ((k + shift) % 3);
   }
   emit(a, r, 3, e);
}

static void
tri(struct assembler *a, unsigned i0, unsigned i1, unsigned i2, unsigned p)
{
   tri_edges(a, i0, i1, i2, p, ALL_EDGES);
}

/** Quad (i0..i3) in winding order with provoking vertex @p p: split
 * along the diagonal through @p p; the diagonal is no edge. */
static void
quad(struct assembler *a, unsigned i0, unsigned i1, unsigned i2, unsigned i3,
     unsigned p)
{
   if (p == i0 || p == i2) {
      tri_edges(a, i0, i1, i2, p, 0x3);
      tri_edges(a, i0, i2, i3, p, 0x6);
   } else {
      tri_edges(a, i0, i1, i3, p, 0x5);
      tri_edges(a, i1, i2, i3, p, 0x3);
   }
}

static enum sw_prim
basic_prim(unsigned mode)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      return SW_PRIM_POINTS;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_LOOP:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINES_ADJACENCY:
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      return SW_PRIM_LINES;
   default:
      return SW_PRIM_TRIANGLES;
   }
}

bool
sw_draw_assemble(unsigned mode, bool flatshade_first, unsigned n,
                 const unsigned *verts, struct sw_prim_list *list)
{
   if (mode >= PIPE_PRIM_MAX)
      return true;
   enum sw_prim prim = basic_prim(mode);
   if (list->num_prims == 0) {
      /* Arrays sized for another kind of primitive start over. */
      if (list->capacity && list->prim != prim) {
         free(list->indices);
         free(list->edge_flags);
         list->indices = NULL;
         list->edge_flags = NULL;
         list->capacity = 0;
      }
      list->prim = prim;
      list->verts_per_prim = prim == SW_PRIM_POINTS  ? 1
                             : prim == SW_PRIM_LINES ? 2
                                                     : 3;
   }
   if (list->prim != prim)
      return false;

   struct assembler a = {
      .list = list,
      .v = verts,
      .first = flatshade_first,
      .ok = true,
   };
   bool f = flatshade_first;
   switch (mode) {
   case PIPE_PRIM_POINTS:
      for (unsigned i = 0; i < n; i++)
         point(&a, i);
      break;
   case PIPE_PRIM_LINES:
      for (unsigned i = 0; i + 1 < n; i += 2)
         line(&a, i, i + 1, true);
      break;
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      for (unsigned i = 0; i + 1 < n; i++)
         line(&a, i, i + 1, i == 0);
      if (mode == PIPE_PRIM_LINE_LOOP && n >= 2)
         line(&a, n - 1, 0, n == 2);
      break;
   case PIPE_PRIM_TRIANGLES:
      for (unsigned i = 0; i + 2 < n; i += 3)
         tri(&a, i, i + 1, i + 2, f ? i : i + 2);
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      for (unsigned i = 0; i + 2 < n; i++) {
         unsigned p = f ? i : i + 2;
         if (i & 1)
            tri(&a, i + 1, i, i + 2, p);
         else
            tri(&a, i, i + 1, i + 2, p);
      }
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      for (unsigned i = 1; i + 1 < n; i++)
         tri(&a, 0, i, i + 1, f ? i : i + 1);
      break;
   case PIPE_PRIM_QUADS:
      for (unsigned i = 0; i + 3 < n; i += 4)
         quad(&a, i, i + 1, i + 2, i + 3, f ? i : i + 3);
      break;
   case PIPE_PRIM_QUAD_STRIP:
      for (unsigned i = 0; i + 3 < n; i += 2)
         quad(&a, i, i + 1, i + 3, i + 2, f ? i : i + 3);
      break;
   case PIPE_PRIM_POLYGON:
      /* A fan around vertex 0: edge i -> i + 1 is always the polygon's,
       * 0 -> i only for the first and i + 1 -> 0 only for the last. */
      for (unsigned i = 1; i + 1 < n; i++) {
         unsigned e = 0x2 | (i == 1 ? 0x1 : 0) | (i + 2 == n ? 0x4 : 0);
         tri_edges(&a, 0, i, i + 1, 0, e);
      }
      break;
   case PIPE_PRIM_LINES_ADJACENCY:
      for (unsigned i = 0; i + 3 < n; i += 4)
         line(&a, i + 1, i + 2, true);
      break;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      for (unsigned i = 0; i + 3 < n; i++)
         line(&a, i + 1, i + 2, i == 0);
      break;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      for (unsigned i = 0; i + 5 < n; i += 6)
         tri(&a, i, i + 2, i + 4, f ? i : i + 4);
      break;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      for (unsigned j = 0; n >= 6 && j < (n - 4) / 2; j++) {
         unsigned p = f ? 2 * j : 2 * j + 4;
         if (j & 1)
            tri(&a, 2 * j + 2, 2 * j, 2 * j + 4, p);
         else
            tri(&a, 2 * j, 2 * j + 2, 2 * j + 4, p);
      }
      break;
   default:
      break;
   }
   return a.ok;
}

void
sw_draw_apply_edge_flags(unsigned mode, const uint8_t *flags,
                         struct sw_prim_list *list)
{
   if (mode != PIPE_PRIM_TRIANGLES && mode != PIPE_PRIM_QUADS &&
       mode != PIPE_PRIM_POLYGON)
      return;
   if (list->prim != SW_PRIM_TRIANGLES || !list->edge_flags)
      return;
   /* Rotation for the provoking vertex and the splitting of quads and
    * polygons keep each source edge starting at its own vertex, so bit k
    * (the edge from vertex k to k + 1) goes with vertex k's flag. */
   for (unsigned p = 0; p < list->num_prims; p++) {
      const unsigned *v = list->indices + (size_t)p * 3;
      for (unsigned k = 0; k < 3; k++) {
         if (!flags[v[k]])
            list->edge_flags[p] &= (uint8_t) ~(1u << k);
      }
   }
}

void
sw_prim_list_fini(struct sw_prim_list *list)
{
   free(list->indices);
   free(list->edge_flags);
   memset(list, 0, sizeof(*list));
}

/** Vertices of each geometry shader input primitive for @p mode. */
static unsigned
gs_verts_per_prim(unsigned mode)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      return 1;
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      return 2;
   case PIPE_PRIM_LINES_ADJACENCY:
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      return 4;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      return 6;
   default:
      return 3;
   }
}

/** Triangle j of a triangle strip with adjacency of @p n vertices in
 * gl_in[] order (GL 4.6 table 10.1, 0-based): the triangle's vertices
 * at 0, 2, 4 and the adjacent ones of its edges at 1, 3, 5. */
static void
strip_adj_tri(unsigned j, unsigned n, unsigned out[6])
{
   unsigned last = (n - 4) / 2 - 1;
   if (last == 0) {
      unsigned only[6] = { 0, 1, 2, 5, 4, 3 };
      memcpy(out, only, sizeof(only));
      return;
   }
   unsigned i = 2 * j;
   if (j == 0) {
      unsigned first[6] = { 0, 1, 2, 6, 4, 3 };
      memcpy(out, first, sizeof(first));
   } else if (j & 1) {
      out[0] = i + 2;
      out[1] = i - 2;
      out[2] = i;
      out[3] = i + 3;
      out[4] = i + 4;
      out[5] = j == last ? i + 5 : i + 6;
   } else {
      out[0] = i;
      out[1] = i - 2;
      out[2] = i + 2;
      out[3] = j == last ? i + 5 : i + 6;
      out[4] = i + 4;
      out[5] = i + 3;
   }
}

bool
sw_draw_assemble_gs(unsigned mode, unsigned n, const unsigned *verts,
                    struct sw_prim_list *list)
{
   if (mode >= PIPE_PRIM_MAX)
      return true;
   unsigned vpp = gs_verts_per_prim(mode);
   if (list->num_prims == 0) {
      if (list->capacity && list->verts_per_prim != vpp) {
         free(list->indices);
         free(list->edge_flags);
         list->indices = NULL;
         list->edge_flags = NULL;
         list->capacity = 0;
      }
      list->prim = basic_prim(mode);
      list->verts_per_prim = vpp;
   }
   if (list->verts_per_prim != vpp)
      return false;

   struct assembler a = { .list = list, .v = verts, .ok = true };
   unsigned vi[6];
   switch (mode) {
   case PIPE_PRIM_POINTS:
   case PIPE_PRIM_LINES:
   case PIPE_PRIM_TRIANGLES:
   case PIPE_PRIM_LINES_ADJACENCY:
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      for (unsigned i = 0; i + vpp <= n; i += vpp) {
         for (unsigned k = 0; k < vpp; k++)
            vi[k] = i + k;
         emit(&a, vi, vpp, ALL_EDGES);
      }
      break;
   case PIPE_PRIM_LINE_STRIP:
   case PIPE_PRIM_LINE_LOOP:
      for (unsigned i = 0; i + 1 < n; i++)
         line(&a, i, i + 1, i == 0);
      if (mode == PIPE_PRIM_LINE_LOOP && n >= 2)
         line(&a, n - 1, 0, n == 2);
      break;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      for (unsigned i = 0; i + 3 < n; i++) {
         for (unsigned k = 0; k < 4; k++)
            vi[k] = i + k;
         emit(&a, vi, 4, 0);
      }
      break;
   case PIPE_PRIM_TRIANGLE_STRIP:
      /* Odd triangles swap their first two vertices (same winding). */
      for (unsigned i = 0; i + 2 < n; i++) {
         vi[0] = i & 1 ? i + 1 : i;
         vi[1] = i & 1 ? i : i + 1;
         vi[2] = i + 2;
         emit(&a, vi, 3, ALL_EDGES);
      }
      break;
   case PIPE_PRIM_TRIANGLE_FAN:
      for (unsigned i = 1; i + 1 < n; i++) {
         vi[0] = 0;
         vi[1] = i;
         vi[2] = i + 1;
         emit(&a, vi, 3, ALL_EDGES);
      }
      break;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      for (unsigned j = 0; n >= 6 && j < (n - 4) / 2; j++) {
         strip_adj_tri(j, n, vi);
         emit(&a, vi, 6, ALL_EDGES);
      }
      break;
   default:
      /* Quads and polygons cannot feed a geometry shader. */
      break;
   }
   return a.ok;
}
