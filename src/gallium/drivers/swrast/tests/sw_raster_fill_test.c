/* SPDX-License-Identifier: MIT */

/*
 * Fill-rule tests of the rasterizer, through the pipe interface: meshes of
 * triangles sharing edges, drawn with additive blending into a float
 * target, must cover every pixel exactly once (GL 4.6, 14.6.1: "... a
 * fragment is produced for exactly one of two polygons that share an
 * edge through its centre"); samples exactly on edges follow the top-left
 * rule (or bottom-left with bottom_edge_rule).
 */
#include "sw_raster_test_util.h"

#define W 150
#define H 100

struct rng {
   uint64_t s;
};

static unsigned
rnd(struct rng *g, unsigned n)
{
   g->s = g->s * 6364136223846793005ull + 1442695040888963407ull;
   return (unsigned)(g->s >> 33) % n;
}

/** Appends one vertex (position, then colour red = 1). */
static float *
put(float *v, float x, float y)
{
   const float d[8] = { x, y, 0, 1, 1, 0, 0, 0 };
   memcpy(v, d, sizeof(d));
   return v + 8;
}

/**
 * A jittered grid of gx x gy cells beyond the framebuffer, each cell split
 * along a random diagonal, random winding.  With @p centres, coordinates
 * are pixel centres (many edges pass exactly through sample points), else
 * random multiples of 1/256.
 */
static unsigned
mesh(float *out, uint64_t seed, unsigned gx, unsigned gy, bool centres)
{
   struct rng g = { seed };
   float px[40][40], py[40][40];
   float cw = (W + 8.0f) / gx, ch = (H + 8.0f) / gy;
   for (unsigned j = 0; j <= gy; j++) {
      for (unsigned i = 0; i <= gx; i++) {
         float x = -4.0f + i * cw, y = -4.0f + j * ch;
         if (i > 0 && i < gx && j > 0 && j < gy) {
            x += ((float)rnd(&g, 1000) / 1000.0f - 0.5f) * cw * 0.6f;
            y += ((float)rnd(&g, 1000) / 1000.0f - 0.5f) * ch * 0.6f;
         }
         if (centres) {
            x = floorf(x) + 0.5f;
            y = floorf(y) + 0.5f;
         } else {
            x = roundf(x * 256.0f) / 256.0f;
            y = roundf(y * 256.0f) / 256.0f;
         }
         px[j][i] = x;
         py[j][i] = y;
      }
   }
   float *v = out;
   for (unsigned j = 0; j < gy; j++) {
      for (unsigned i = 0; i < gx; i++) {
         unsigned c[4][2] = {
            { i, j }, { i + 1, j }, { i + 1, j + 1 }, { i, j + 1 }
         };
         static const unsigned tris[2][2][3] = { { { 0, 1, 2 }, { 0, 2, 3 } },
                                                 { { 0, 1, 3 }, { 1, 2, 3 } } };
         const unsigned(*tri)[3] = tris[rnd(&g, 2)];
         for (unsigned t = 0; t < 2; t++) {
            bool flip = rnd(&g, 2);
            for (unsigned k = 0; k < 3; k++) {
               unsigned kk = flip ? 2 - k : k;
               unsigned *p = c[tri[t][kk]];
               v = put(v, px[p[1]][p[0]], py[p[1]][p[0]]);
            }
         }
      }
   }
   return (unsigned)(v - out) / 8;
}

static void
check_once(struct rtest *rt, const char *what)
{
   float *img = rtest_read_red(rt);
   for (unsigned y = 0; y < rt->h; y++) {
      for (unsigned x = 0; x < rt->w; x++) {
         if (img[y * rt->w + x] != 1.0f)
            fail_msg("%s: pixel (%u, %u) covered %g times", what, x, y,
                     (double)img[y * rt->w + x]);
      }
   }
   free(img);
}

static void
random_meshes(bool bottom_rule)
{
   static float verts[40 * 40 * 6 * 8];
   struct rtest *rt =
      rtest_create(W, H, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rt->rs.bottom_edge_rule = bottom_rule;
   rtest_additive(rt);
   for (unsigned seed = 1; seed <= 6; seed++) {
      unsigned gx = 3 + seed * 5, gy = 2 + seed * 4;
      for (unsigned centres = 0; centres < 2; centres++) {
         rtest_clear(rt, 0, 0, 0, 0);
         unsigned n = mesh(verts, seed * 77 + centres, gx, gy, centres);
         rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, n);
         char what[64];
         snprintf(what, sizeof(what), "seed %u centres %u", seed, centres);
         check_once(rt, what);
      }
   }
   rtest_destroy(rt);
}

static void
mesh_covers_once(void **state)
{
   random_meshes(false);
}

static void
mesh_covers_once_bottom_rule(void **state)
{
   random_meshes(true);
}

/* A fan around a pixel centre with its rim on random subpixel positions:
 * every pixel at most once, the disc inside the rim exactly once. */
static void
fan_covers_once(void **state)
{
   struct rtest *rt =
      rtest_create(64, 64, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_additive(rt);
   float verts[40 * 8], *v = verts;
   struct rng g = { 5 };
   v = put(v, 30.5f, 30.5f);
   float first[2] = { 0, 0 };
   for (unsigned i = 0; i < 33; i++) {
      float a = (float)i * 6.2831853f / 32.0f;
      float r = 20.0f + (float)rnd(&g, 256) / 64.0f;
      float x = 30.5f + r * cosf(a), y = 30.5f + r * sinf(a);
      if (i == 0) {
         first[0] = x;
         first[1] = y;
      }
      if (i == 32) {
         x = first[0];
         y = first[1];
      }
      v = put(v, x, y);
   }
   rtest_draw(rt, PIPE_PRIM_TRIANGLE_FAN, verts, 34);
   float *img = rtest_read_red(rt);
   for (unsigned y = 0; y < 64; y++) {
      for (unsigned x = 0; x < 64; x++) {
         float c = img[y * 64 + x];
         float dx = (float)x + 0.5f - 30.5f, dy = (float)y + 0.5f - 30.5f;
         assert_true(c == 0.0f || c == 1.0f);
         if (dx * dx + dy * dy < 18.0f * 18.0f)
            assert_true(c == 1.0f);
         if (dx * dx + dy * dy > 24.5f * 24.5f)
            assert_true(c == 0.0f);
      }
   }
   free(img);
   rtest_destroy(rt);
}

/* A rectangle with its corners on pixel centres: the top and left edges
 * own their pixels, the bottom and right ones do not (bottom-left with
 * bottom_edge_rule). */
static void
top_left_on_centres(void **state)
{
   struct rtest *rt =
      rtest_create(16, 16, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_additive(rt);
   float verts[6 * 8], *v = verts;
   v = put(v, 2.5f, 2.5f);
   v = put(v, 6.5f, 2.5f);
   v = put(v, 6.5f, 5.5f);
   v = put(v, 2.5f, 2.5f);
   v = put(v, 6.5f, 5.5f);
   v = put(v, 2.5f, 5.5f);
   for (unsigned bottom = 0; bottom < 2; bottom++) {
      rt->rs.bottom_edge_rule = bottom;
      rtest_bind_states(rt);
      rtest_clear(rt, 0, 0, 0, 0);
      rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 6);
      float *img = rtest_read_red(rt);
      for (unsigned y = 0; y < 16; y++) {
         for (unsigned x = 0; x < 16; x++) {
            bool in =
               x >= 2 && x < 6 && (bottom ? y >= 3 && y <= 5 : y >= 2 && y < 5);
            if (img[y * 16 + x] != (in ? 1.0f : 0.0f))
               fail_msg("bottom %u: pixel (%u, %u) = %g", bottom, x, y,
                        (double)img[y * 16 + x]);
         }
      }
      free(img);
   }
   rtest_destroy(rt);
}

/* A thin sliver between pixel centres covers nothing; a triangle whose
 * only covered sample is on its top edge covers exactly that pixel. */
static void
sliver_and_single_sample(void **state)
{
   struct rtest *rt =
      rtest_create(16, 16, PIPE_FORMAT_R32G32B32A32_FLOAT, PIPE_FORMAT_NONE, 1);
   rtest_additive(rt);
   float verts[6 * 8], *v = verts;
   v = put(v, 1.6f, 1.0f);
   v = put(v, 1.9f, 1.0f);
   v = put(v, 1.7f, 9.0f);
   v = put(v, 4.5f, 4.5f);
   v = put(v, 4.9f, 4.5f);
   v = put(v, 4.6f, 4.9f);
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, verts, 6);
   float *img = rtest_read_red(rt);
   for (unsigned i = 0; i < 256; i++)
      assert_true(img[i] == (i == 4 * 16 + 4 ? 1.0f : 0.0f));
   free(img);
   rtest_destroy(rt);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(mesh_covers_once),
      cmocka_unit_test(mesh_covers_once_bottom_rule),
      cmocka_unit_test(fan_covers_once),
      cmocka_unit_test(top_left_on_centres),
      cmocka_unit_test(sliver_and_single_sample),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
