/* SPDX-License-Identifier: MIT */

/*
 * Tests of primitive assembly (sw_draw_assemble()): every primitive type,
 * in first- and last-vertex provoking modes, against the exact index
 * lists GL's decomposition and provoking-vertex rules give (with the
 * provoking vertex moved first or last by rotation, which keeps winding);
 * incomplete primitives, vertex remapping and mixing basic types.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "sw_draw.h"
#include "pipe/p_defines.h"

static void
check(unsigned mode, bool first, unsigned n, enum sw_prim prim,
      const unsigned *want, unsigned want_count)
{
   unsigned verts[16];
   for (unsigned i = 0; i < 16; i++)
      verts[i] = i;
   struct sw_prim_list list = { 0 };
   assert_true(sw_draw_assemble(mode, first, n, verts, &list));
   if (want_count == 0) {
      assert_int_equal(list.num_prims, 0);
      sw_prim_list_fini(&list);
      return;
   }
   assert_int_equal(list.prim, prim);
   assert_int_equal(list.num_prims * list.verts_per_prim, want_count);
   for (unsigned i = 0; i < want_count; i++) {
      if (list.indices[i] != want[i])
         fail_msg("mode %u first %d: index %u is %u, want %u", mode, first, i,
                  list.indices[i], want[i]);
   }
   sw_prim_list_fini(&list);
}

#define CHECK(mode, first, n, prim, ...)                      \
   do {                                                       \
      static const unsigned want[] = { __VA_ARGS__ };         \
      check(PIPE_PRIM_##mode, first, n, SW_PRIM_##prim, want, \
            sizeof(want) / sizeof(want[0]));                  \
   } while (0)

static void
points_and_lines(void **state)
{
   CHECK(POINTS, false, 3, POINTS, 0, 1, 2);
   for (int f = 0; f < 2; f++) {
      CHECK(LINES, f, 5, LINES, 0, 1, 2, 3);
      CHECK(LINE_STRIP, f, 4, LINES, 0, 1, 1, 2, 2, 3);
      CHECK(LINE_LOOP, f, 4, LINES, 0, 1, 1, 2, 2, 3, 3, 0);
      CHECK(LINES_ADJACENCY, f, 8, LINES, 1, 2, 5, 6);
      CHECK(LINE_STRIP_ADJACENCY, f, 5, LINES, 1, 2, 2, 3);
   }
}

static void
triangles_strips_fans(void **state)
{
   for (int f = 0; f < 2; f++)
      CHECK(TRIANGLES, f, 7, TRIANGLES, 0, 1, 2, 3, 4, 5);
   /* Strips: odd triangles are (i + 1, i, i + 2); provoking i or i + 2. */
   CHECK(TRIANGLE_STRIP, false, 5, TRIANGLES, 0, 1, 2, 2, 1, 3, 2, 3, 4);
   CHECK(TRIANGLE_STRIP, true, 5, TRIANGLES, 0, 1, 2, 1, 3, 2, 2, 3, 4);
   /* Fans: provoking i + 2 (last) or i + 1 (first). */
   CHECK(TRIANGLE_FAN, false, 5, TRIANGLES, 0, 1, 2, 0, 2, 3, 0, 3, 4);
   CHECK(TRIANGLE_FAN, true, 5, TRIANGLES, 1, 2, 0, 2, 3, 0, 3, 4, 0);
}

static void
quads_and_polygons(void **state)
{
   /* Split along the diagonal through the provoking vertex (first: 4i,
    * last: 4i + 3). */
   CHECK(QUADS, true, 8, TRIANGLES, 0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7);
   CHECK(QUADS, false, 9, TRIANGLES, 0, 1, 3, 1, 2, 3, 4, 5, 7, 5, 6, 7);
   /* Quad strip quads are (2i, 2i + 1, 2i + 3, 2i + 2). */
   CHECK(QUAD_STRIP, true, 6, TRIANGLES, 0, 1, 3, 0, 3, 2, 2, 3, 5, 2, 5, 4);
   CHECK(QUAD_STRIP, false, 7, TRIANGLES, 0, 1, 3, 2, 0, 3, 2, 3, 5, 4, 2, 5);
   /* Polygons: a fan around vertex 0, which provokes in both modes. */
   CHECK(POLYGON, true, 5, TRIANGLES, 0, 1, 2, 0, 2, 3, 0, 3, 4);
   CHECK(POLYGON, false, 5, TRIANGLES, 1, 2, 0, 2, 3, 0, 3, 4, 0);
}

static void
adjacency_triangles(void **state)
{
   for (int f = 0; f < 2; f++)
      CHECK(TRIANGLES_ADJACENCY, f, 13, TRIANGLES, 0, 2, 4, 6, 8, 10);
   CHECK(TRIANGLE_STRIP_ADJACENCY, true, 8, TRIANGLES, 0, 2, 4, 2, 6, 4);
   CHECK(TRIANGLE_STRIP_ADJACENCY, false, 9, TRIANGLES, 0, 2, 4, 4, 2, 6);
   CHECK(TRIANGLE_STRIP_ADJACENCY, false, 6, TRIANGLES, 0, 2, 4);
}

static void
incomplete_primitives_dropped(void **state)
{
   check(PIPE_PRIM_TRIANGLES, false, 2, SW_PRIM_TRIANGLES, NULL, 0);
   check(PIPE_PRIM_TRIANGLE_STRIP, false, 2, SW_PRIM_TRIANGLES, NULL, 0);
   check(PIPE_PRIM_LINE_LOOP, false, 1, SW_PRIM_LINES, NULL, 0);
   check(PIPE_PRIM_QUADS, false, 3, SW_PRIM_TRIANGLES, NULL, 0);
   check(PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY, false, 5, SW_PRIM_TRIANGLES, NULL,
         0);
   check(PIPE_PRIM_POLYGON, false, 2, SW_PRIM_TRIANGLES, NULL, 0);
}

static void
runs_append_and_remap(void **state)
{
   struct sw_prim_list list = { 0 };
   unsigned a[3] = { 10, 11, 12 }, b[4] = { 20, 21, 22, 23 };
   assert_true(sw_draw_assemble(PIPE_PRIM_TRIANGLE_STRIP, false, 3, a, &list));
   assert_true(sw_draw_assemble(PIPE_PRIM_TRIANGLE_FAN, false, 4, b, &list));
   static const unsigned want[9] = { 10, 11, 12, 20, 21, 22, 20, 22, 23 };
   assert_int_equal(list.num_prims, 3);
   assert_memory_equal(list.indices, want, sizeof(want));
   /* A different basic type cannot join the list. */
   assert_false(sw_draw_assemble(PIPE_PRIM_LINES, false, 2, a, &list));
   sw_prim_list_fini(&list);

   /* Many primitives: the list grows. */
   unsigned *v = malloc(3000 * sizeof(unsigned));
   for (unsigned i = 0; i < 3000; i++)
      v[i] = i;
   assert_true(
      sw_draw_assemble(PIPE_PRIM_TRIANGLE_STRIP, true, 3000, v, &list));
   assert_int_equal(list.num_prims, 2998);
   assert_int_equal(list.indices[2997 * 3], 2997);
   sw_prim_list_fini(&list);
   free(v);
}

static void
edge_flags_mark_diagonals(void **state)
{
   unsigned v[6] = { 0, 1, 2, 3, 4, 5 };
   struct sw_prim_list list = { 0 };
   /* Quad, first-vertex: (0 1 2) has edges 0-1, 1-2; (0 2 3) has 2-3,
    * 3-0. */
   assert_true(sw_draw_assemble(PIPE_PRIM_QUADS, true, 4, v, &list));
   assert_int_equal(list.edge_flags[0], 0x3);
   assert_int_equal(list.edge_flags[1], 0x6);
   sw_prim_list_fini(&list);
   /* Quad, last-vertex: (0 1 3) has 0-1, 3-0; (1 2 3) has 1-2, 2-3. */
   assert_true(sw_draw_assemble(PIPE_PRIM_QUADS, false, 4, v, &list));
   assert_int_equal(list.edge_flags[0], 0x5);
   assert_int_equal(list.edge_flags[1], 0x3);
   sw_prim_list_fini(&list);
   /* Polygon of 5, last-vertex: rotated (1 2 0), (2 3 0), (3 4 0); the
    * flags rotate with the vertices. */
   assert_true(sw_draw_assemble(PIPE_PRIM_POLYGON, false, 5, v, &list));
   assert_int_equal(list.edge_flags[0], 0x5); /* 1-2 and 0-1 */
   assert_int_equal(list.edge_flags[1], 0x1); /* 2-3 only */
   assert_int_equal(list.edge_flags[2], 0x3); /* 3-4 and 4-0 */
   sw_prim_list_fini(&list);
   /* Strips: every edge. */
   assert_true(sw_draw_assemble(PIPE_PRIM_TRIANGLE_STRIP, true, 6, v, &list));
   for (unsigned p = 0; p < 4; p++)
      assert_int_equal(list.edge_flags[p], 0x7);
   sw_prim_list_fini(&list);
   /* Lines mark where the stipple restarts: every separate line, the
    * first of a strip or loop. */
   assert_true(sw_draw_assemble(PIPE_PRIM_LINES, true, 4, v, &list));
   assert_int_equal(list.edge_flags[0], SW_LINE_START);
   assert_int_equal(list.edge_flags[1], SW_LINE_START);
   sw_prim_list_fini(&list);
   assert_true(sw_draw_assemble(PIPE_PRIM_LINE_LOOP, true, 3, v, &list));
   assert_int_equal(list.num_prims, 3);
   assert_int_equal(list.edge_flags[0], SW_LINE_START);
   assert_int_equal(list.edge_flags[1], 0);
   assert_int_equal(list.edge_flags[2], 0);
   sw_prim_list_fini(&list);
}

/* Per-vertex edge flags clear the edges starting at unflagged vertices
 * of separate triangles, quads and polygons, not of strips. */
static void
vertex_edge_flags(void **state)
{
   unsigned v[6] = { 0, 1, 2, 3, 4, 5 };
   const uint8_t flags[6] = { 1, 0, 1, 0, 1, 1 };
   struct sw_prim_list list = { 0 };
   /* Quad, last-vertex: (0 1 3) keeps 0-1, loses 3-0; (1 2 3) loses 1-2,
    * keeps 2-3. */
   assert_true(sw_draw_assemble(PIPE_PRIM_QUADS, false, 4, v, &list));
   sw_draw_apply_edge_flags(PIPE_PRIM_QUADS, flags, &list);
   assert_int_equal(list.edge_flags[0], 0x1);
   assert_int_equal(list.edge_flags[1], 0x2);
   sw_prim_list_fini(&list);
   /* Triangles, first-vertex: (0 1 2) keeps 0-1, 2-0; (3 4 5) 4-5, 5-3. */
   assert_true(sw_draw_assemble(PIPE_PRIM_TRIANGLES, true, 6, v, &list));
   sw_draw_apply_edge_flags(PIPE_PRIM_TRIANGLES, flags, &list);
   assert_int_equal(list.edge_flags[0], 0x5);
   assert_int_equal(list.edge_flags[1], 0x6);
   sw_prim_list_fini(&list);
   assert_true(sw_draw_assemble(PIPE_PRIM_TRIANGLE_STRIP, true, 4, v, &list));
   sw_draw_apply_edge_flags(PIPE_PRIM_TRIANGLE_STRIP, flags, &list);
   assert_int_equal(list.edge_flags[0], 0x7);
   assert_int_equal(list.edge_flags[1], 0x7);
   sw_prim_list_fini(&list);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(points_and_lines),
      cmocka_unit_test(triangles_strips_fans),
      cmocka_unit_test(quads_and_polygons),
      cmocka_unit_test(adjacency_triangles),
      cmocka_unit_test(incomplete_primitives_dropped),
      cmocka_unit_test(runs_append_and_remap),
      cmocka_unit_test(edge_flags_mark_diagonals),
      cmocka_unit_test(vertex_edge_flags),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
