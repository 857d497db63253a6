/* SPDX-License-Identifier: MIT */

/*
 * Determinism: the same scene (hundreds of overlapping blended, depth
 * tested triangles, lines and points across tiles, on a framebuffer whose
 * size is not a multiple of the tile size) renders to identical bytes
 * with 1, 2 and 3 worker threads (INDIUM_NUM_THREADS, read when the
 * screen is created).
 */
#include "sw_raster_test_util.h"

#define W 200
#define H 150

struct rng {
   uint64_t s;
};

static float
frand(struct rng *g)
{
   g->s = g->s * 6364136223846793005ull + 1442695040888963407ull;
   return (float)((g->s >> 40) & 0xffffff) / 16777216.0f;
}

static uint8_t *
render(const char *threads)
{
   setenv("INDIUM_NUM_THREADS", threads, 1);
   struct rtest *rt = rtest_create(W, H, PIPE_FORMAT_R8G8B8A8_UNORM,
                                   PIPE_FORMAT_Z24_UNORM_S8_UINT, 1);
   unsetenv("INDIUM_NUM_THREADS");
   rt->blend.rt[0] = (struct pipe_rt_blend_state){
      .blend_enable = true,
      .rgb_func = PIPE_BLEND_ADD,
      .rgb_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA,
      .rgb_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA,
      .alpha_func = PIPE_BLEND_ADD,
      .alpha_src_factor = PIPE_BLENDFACTOR_ONE,
      .alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA,
      .colormask = PIPE_MASK_RGBA,
   };
   rt->dsa.depth.enabled = true;
   rt->dsa.depth.writemask = true;
   rt->dsa.depth.func = PIPE_FUNC_LEQUAL;
   rt->rs.line_width = 2;
   rt->rs.point_size = 5;
   rtest_bind_states(rt);

   struct rng g = { 42 };
   static float v[900 * 8];
   for (unsigned i = 0; i < 900; i++) {
      float *o = v + i * 8;
      unsigned tri = i / 3;
      float cx = frand(&g) * (W + 40) - 20, cy = frand(&g) * (H + 40) - 20;
      float size = tri % 10 == 0 ? 150.0f : 25.0f;
      o[0] = cx + (frand(&g) - 0.5f) * size;
      o[1] = cy + (frand(&g) - 0.5f) * size;
      o[2] = frand(&g) * 2.0f - 1.0f;
      o[3] = 1;
      o[4] = frand(&g);
      o[5] = frand(&g);
      o[6] = frand(&g);
      o[7] = 0.2f + 0.6f * frand(&g);
   }
   rtest_draw(rt, PIPE_PRIM_TRIANGLES, v, 900);
   rtest_draw(rt, PIPE_PRIM_LINES, v, 200);
   rtest_draw(rt, PIPE_PRIM_POINTS, v + 200 * 8, 100);

   uint8_t *img = malloc(W * H * 4);
   assert_non_null(img);
   for (unsigned y = 0; y < H; y++)
      memcpy(img + y * W * 4,
             sw_resource_texel(sw_resource(rt->cbuf), 0, 0, 0, 0, y), W * 4);
   rtest_destroy(rt);
   return img;
}

static void
same_image_any_thread_count(void **state)
{
   uint8_t *one = render("1");
   uint8_t *two = render("2");
   uint8_t *three = render("3");
   unsigned drawn = 0;
   for (unsigned i = 0; i < W * H * 4; i += 4)
      drawn += one[i + 3] != 0;
   assert_true(drawn > W * H / 2);
   assert_memory_equal(one, two, W * H * 4);
   assert_memory_equal(one, three, W * H * 4);
   free(one);
   free(two);
   free(three);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test(same_image_any_thread_count),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
