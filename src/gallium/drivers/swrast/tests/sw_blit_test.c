/* SPDX-License-Identifier: MIT */

/*
 * Tests of resource_copy_region (bytes between formats of one block size,
 * layers, compressed blocks, samples, buffers with overlap, refusals) and
 * blit (format conversion, nearest upscaling, linear downscaling,
 * mirroring, integers, depth and stencil, multisample resolve, sRGB
 * decode, compressed sources, scissor, colour masks).
 */
#include <math.h>
#include <stdlib.h>

#include "sw_resource.h"
#include "sw_test_util.h"
#include "pipe/p_format.h"

static struct pipe_resource *
tex(struct sw_test *t, enum pipe_texture_target target, enum pipe_format f,
    unsigned w, unsigned h, unsigned layers, unsigned samples)
{
   struct pipe_resource templ = sw_test_templ(target, f, w, h, 1, layers, 0);
   templ.nr_samples = samples;
   templ.bind = PIPE_BIND_RENDER_TARGET | PIPE_BIND_SAMPLER_VIEW;
   struct pipe_resource *r = t->screen->resource_create(t->screen, &templ);
   assert_non_null(r);
   return r;
}

static void
put(struct pipe_resource *r, unsigned layer, unsigned sample, unsigned x,
    unsigned y, const void *v, unsigned bytes)
{
   memcpy(sw_resource_texel(sw_resource(r), 0, layer, sample, x, y), v, bytes);
}

static void
get(struct pipe_resource *r, unsigned layer, unsigned sample, unsigned x,
    unsigned y, void *v, unsigned bytes)
{
   memcpy(v, sw_resource_texel(sw_resource(r), 0, layer, sample, x, y), bytes);
}

static float
getf(struct pipe_resource *r, unsigned x, unsigned y)
{
   float v;
   get(r, 0, 0, x, y, &v, 4);
   return v;
}

static void
copy_region_bytes(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *src =
      tex(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM, 6, 6, 3, 0);
   struct pipe_resource *dst =
      tex(t, PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32_FLOAT, 8, 8, 2, 0);
   for (unsigned z = 0; z < 3; z++)
      for (unsigned y = 0; y < 6; y++)
         for (unsigned x = 0; x < 6; x++) {
            uint32_t v = z << 16 | y << 8 | x;
            put(src, z, 0, x, y, &v, 4);
         }
   struct pipe_box box = { 1, 2, 1, 3, 2, 2 };
   t->ctx->resource_copy_region(t->ctx, dst, 0, 4, 5, 0, src, 0, &box);
   for (unsigned z = 0; z < 2; z++)
      for (unsigned y = 0; y < 8; y++)
         for (unsigned x = 0; x < 8; x++) {
            uint32_t v, want = 0;
            get(dst, z, 0, x, y, &v, 4);
            if (x >= 4 && x < 7 && y >= 5 && y < 7)
               want = (z + 1) << 16 | (y - 3) << 8 | (x - 3);
            assert_int_equal(v, want);
         }
   /* Out of bounds and block size mismatch: nothing happens. */
   struct pipe_box big = { 0, 0, 0, 6, 6, 1 };
   t->ctx->resource_copy_region(t->ctx, dst, 0, 4, 4, 0, src, 0, &big);
   uint32_t v;
   get(dst, 0, 0, 4, 4, &v, 4);
   assert_int_equal(v, 0);
   struct pipe_resource *r8 =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8_UNORM, 8, 8, 1, 0);
   t->ctx->resource_copy_region(t->ctx, r8, 0, 0, 0, 0, src, 0, &box);
   assert_int_equal(sw_resource(r8)->data[0], 0);
   pipe_resource_ref(&r8, NULL);
   pipe_resource_ref(&src, NULL);
   pipe_resource_ref(&dst, NULL);
}

static void
copy_region_compressed_and_samples(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *a =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 8, 8, 1, 0);
   struct pipe_resource *b =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 8, 8, 1, 0);
   uint8_t block[8] = { 9, 8, 7, 6, 5, 4, 3, 2 };
   put(a, 0, 0, 4, 0, block, 8);
   struct pipe_box box = { 4, 0, 0, 4, 4, 1 };
   t->ctx->resource_copy_region(t->ctx, b, 0, 0, 4, 0, a, 0, &box);
   uint8_t got[8];
   get(b, 0, 0, 0, 4, got, 8);
   assert_memory_equal(got, block, 8);

   struct pipe_resource *ms1 =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_UINT, 4, 4, 1, 4);
   struct pipe_resource *ms2 =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_SINT, 4, 4, 1, 4);
   for (uint32_t s = 0; s < 4; s++) {
      uint32_t v = 100 + s;
      put(ms1, 0, s, 3, 3, &v, 4);
   }
   struct pipe_box all = { 0, 0, 0, 4, 4, 1 };
   t->ctx->resource_copy_region(t->ctx, ms2, 0, 0, 0, 0, ms1, 0, &all);
   for (uint32_t s = 0; s < 4; s++) {
      uint32_t v;
      get(ms2, 0, s, 3, 3, &v, 4);
      assert_int_equal(v, 100 + s);
   }
   pipe_resource_ref(&a, NULL);
   pipe_resource_ref(&b, NULL);
   pipe_resource_ref(&ms1, NULL);
   pipe_resource_ref(&ms2, NULL);
}

static void
copy_region_buffers_overlap(void **state)
{
   struct sw_test *t = *state;
   uint8_t data[32];
   for (unsigned i = 0; i < 32; i++)
      data[i] = (uint8_t)i;
   struct pipe_resource *buf = sw_test_buffer(t, 32, data);
   struct pipe_box box = { 0, 0, 0, 16, 1, 1 };
   t->ctx->resource_copy_region(t->ctx, buf, 0, 4, 0, 0, buf, 0, &box);
   const uint8_t *d = sw_resource(buf)->data;
   for (unsigned i = 0; i < 32; i++)
      assert_int_equal(d[i], i < 4 || i >= 20 ? i : i - 4);
   pipe_resource_ref(&buf, NULL);
}

static struct pipe_blit_info
blit_info(struct pipe_resource *dst, enum pipe_format df, struct pipe_box db,
          struct pipe_resource *src, enum pipe_format sf, struct pipe_box sb)
{
   struct pipe_blit_info b = {
      .dst = { .resource = dst, .level = 0, .box = db, .format = df },
      .src = { .resource = src, .level = 0, .box = sb, .format = sf },
      .mask = PIPE_MASK_RGBA,
      .filter = PIPE_TEX_FILTER_NEAREST,
   };
   return b;
}

static void
blit_converts_unorm_to_float(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *src =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 0);
   struct pipe_resource *dst =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_FLOAT, 4, 4, 1, 0);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         uint8_t v[4] = { (uint8_t)(x * 60), (uint8_t)(y * 70), 255, 51 };
         put(src, 0, 0, x, y, v, 4);
      }
   struct pipe_box box = { 0, 0, 0, 4, 4, 1 };
   struct pipe_blit_info b = blit_info(dst, PIPE_FORMAT_R32G32B32A32_FLOAT, box,
                                       src, PIPE_FORMAT_R8G8B8A8_UNORM, box);
   t->ctx->blit(t->ctx, &b);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         float v[4];
         get(dst, 0, 0, x, y, v, 16);
         assert_true(v[0] == (float)(x * 60) / 255.0f);
         assert_true(v[1] == (float)(y * 70) / 255.0f);
         assert_true(v[2] == 1.0f);
         assert_true(v[3] == 51.0f / 255.0f);
      }
   pipe_resource_ref(&src, NULL);
   pipe_resource_ref(&dst, NULL);
}

static void
blit_scaled_nearest_linear_mirror(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_R32_FLOAT;
   struct pipe_resource *src = tex(t, PIPE_TEXTURE_2D, f, 4, 2, 1, 0);
   struct pipe_resource *dst = tex(t, PIPE_TEXTURE_2D, f, 8, 4, 1, 0);
   for (unsigned y = 0; y < 2; y++)
      for (unsigned x = 0; x < 4; x++) {
         float v = (float)(y * 4 + x);
         put(src, 0, 0, x, y, &v, 4);
      }
   /* Nearest 2x upscale: each source texel covers 2x2. */
   struct pipe_blit_info b =
      blit_info(dst, f, (struct pipe_box){ 0, 0, 0, 8, 4, 1 }, src, f,
                (struct pipe_box){ 0, 0, 0, 4, 2, 1 });
   t->ctx->blit(t->ctx, &b);
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 8; x++)
         assert_true(getf(dst, x, y) == (float)((y / 2) * 4 + x / 2));

   /* Linear 2x downscale in x: pairs average exactly. */
   b = blit_info(dst, f, (struct pipe_box){ 0, 0, 0, 2, 2, 1 }, src, f,
                 (struct pipe_box){ 0, 0, 0, 4, 2, 1 });
   b.filter = PIPE_TEX_FILTER_LINEAR;
   t->ctx->blit(t->ctx, &b);
   assert_true(getf(dst, 0, 0) == 0.5f);
   assert_true(getf(dst, 1, 0) == 2.5f);
   assert_true(getf(dst, 1, 1) == 6.5f);

   /* Mirrored in x (negative source width). */
   b = blit_info(dst, f, (struct pipe_box){ 0, 0, 0, 4, 2, 1 }, src, f,
                 (struct pipe_box){ 4, 0, 0, -4, 2, 1 });
   t->ctx->blit(t->ctx, &b);
   for (unsigned x = 0; x < 4; x++)
      assert_true(getf(dst, x, 1) == (float)(4 + 3 - x));

   /* Scissor: only x in [1, 2) of row 3 changes. */
   b = blit_info(dst, f, (struct pipe_box){ 0, 2, 0, 4, 2, 1 }, src, f,
                 (struct pipe_box){ 0, 0, 0, 4, 2, 1 });
   b.scissor_enable = true;
   b.scissor = (struct pipe_scissor_state){ 1, 3, 2, 4 };
   float before = getf(dst, 0, 3);
   t->ctx->blit(t->ctx, &b);
   assert_true(getf(dst, 1, 3) == 5.0f);
   assert_true(getf(dst, 0, 3) == before);
   pipe_resource_ref(&src, NULL);
   pipe_resource_ref(&dst, NULL);
}

static void
blit_integers_and_masks(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *src =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UINT, 2, 2, 1, 0);
   struct pipe_resource *dst =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32G32B32A32_UINT, 2, 2, 1, 0);
   uint8_t v[4] = { 200, 1, 2, 3 };
   put(src, 0, 0, 1, 1, v, 4);
   uint32_t old[4] = { 7, 7, 7, 7 };
   put(dst, 0, 0, 1, 1, old, 16);
   struct pipe_box box = { 0, 0, 0, 2, 2, 1 };
   struct pipe_blit_info b = blit_info(dst, PIPE_FORMAT_R32G32B32A32_UINT, box,
                                       src, PIPE_FORMAT_R8G8B8A8_UINT, box);
   b.mask = PIPE_MASK_R | PIPE_MASK_B;
   t->ctx->blit(t->ctx, &b);
   uint32_t got[4];
   get(dst, 0, 0, 1, 1, got, 16);
   assert_int_equal(got[0], 200);
   assert_int_equal(got[1], 7);
   assert_int_equal(got[2], 2);
   assert_int_equal(got[3], 7);
   /* Integer to float is refused. */
   struct pipe_resource *fl =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R32_FLOAT, 2, 2, 1, 0);
   b = blit_info(fl, PIPE_FORMAT_R32_FLOAT, box, src, PIPE_FORMAT_R8G8B8A8_UINT,
                 box);
   t->ctx->blit(t->ctx, &b);
   assert_true(getf(fl, 1, 1) == 0.0f);
   pipe_resource_ref(&fl, NULL);
   pipe_resource_ref(&src, NULL);
   pipe_resource_ref(&dst, NULL);
}

static void
blit_depth_and_stencil(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *z32 =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z32_FLOAT, 2, 2, 1, 0);
   struct pipe_resource *zs =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_Z24_UNORM_S8_UINT, 2, 2, 1, 0);
   struct pipe_resource *s8 =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_S8_UINT, 2, 2, 1, 0);
   float z = 0.5f;
   put(z32, 0, 0, 1, 0, &z, 4);
   uint8_t st = 0x5a;
   u_format_pack_s_uint8(PIPE_FORMAT_Z24_UNORM_S8_UINT,
                         sw_resource_texel(sw_resource(zs), 0, 0, 0, 1, 0), &st,
                         1);
   struct pipe_box box = { 0, 0, 0, 2, 2, 1 };
   struct pipe_blit_info b = blit_info(zs, PIPE_FORMAT_Z24_UNORM_S8_UINT, box,
                                       z32, PIPE_FORMAT_Z32_FLOAT, box);
   b.mask = PIPE_MASK_Z;
   t->ctx->blit(t->ctx, &b);
   const uint8_t *texel = sw_resource_texel(sw_resource(zs), 0, 0, 0, 1, 0);
   float gz;
   uint8_t gs;
   u_format_unpack_z_float(PIPE_FORMAT_Z24_UNORM_S8_UINT, texel, &gz, 1);
   u_format_unpack_s_uint8(PIPE_FORMAT_Z24_UNORM_S8_UINT, texel, &gs, 1);
   assert_true(fabsf(gz - 0.5f) < 1e-6f);
   assert_int_equal(gs, 0x5a); /* depth-only blit keeps stencil */

   b = blit_info(s8, PIPE_FORMAT_S8_UINT, box, zs,
                 PIPE_FORMAT_Z24_UNORM_S8_UINT, box);
   b.mask = PIPE_MASK_S;
   t->ctx->blit(t->ctx, &b);
   assert_int_equal(*sw_resource_texel(sw_resource(s8), 0, 0, 0, 1, 0), 0x5a);
   pipe_resource_ref(&z32, NULL);
   pipe_resource_ref(&zs, NULL);
   pipe_resource_ref(&s8, NULL);
}

static void
blit_resolves_multisample(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_R32_FLOAT;
   struct pipe_resource *ms = tex(t, PIPE_TEXTURE_2D, f, 2, 2, 1, 4);
   struct pipe_resource *ss = tex(t, PIPE_TEXTURE_2D, f, 2, 2, 1, 0);
   for (unsigned s = 0; s < 4; s++) {
      float v = (float)s;
      put(ms, 0, s, 1, 1, &v, 4);
   }
   struct pipe_box box = { 0, 0, 0, 2, 2, 1 };
   struct pipe_blit_info b = blit_info(ss, f, box, ms, f, box);
   t->ctx->blit(t->ctx, &b);
   assert_true(getf(ss, 1, 1) == 1.5f);
   assert_true(getf(ss, 0, 0) == 0.0f);
   /* And back: every sample of the destination gets the value. */
   b = blit_info(ms, f, box, ss, f, box);
   t->ctx->blit(t->ctx, &b);
   for (unsigned s = 0; s < 4; s++) {
      float v;
      get(ms, 0, s, 1, 1, &v, 4);
      assert_true(v == 1.5f);
   }
   pipe_resource_ref(&ms, NULL);
   pipe_resource_ref(&ss, NULL);
}

static void
blit_srgb_and_compressed_sources(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *srgb =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_SRGB, 4, 4, 1, 0);
   struct pipe_resource *lin =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 4, 4, 1, 0);
   uint8_t v[4] = { 188, 50, 255, 128 };
   put(srgb, 0, 0, 2, 2, v, 4);
   struct pipe_box box = { 0, 0, 0, 4, 4, 1 };
   struct pipe_blit_info b = blit_info(lin, PIPE_FORMAT_R8G8B8A8_UNORM, box,
                                       srgb, PIPE_FORMAT_R8G8B8A8_SRGB, box);
   t->ctx->blit(t->ctx, &b);
   float f[4];
   uint8_t want[4], got[4];
   u_format_unpack_rgba(PIPE_FORMAT_R8G8B8A8_SRGB, v, f, 1);
   u_format_pack_rgba(PIPE_FORMAT_R8G8B8A8_UNORM, want, f, 1);
   get(lin, 0, 0, 2, 2, got, 4);
   assert_memory_equal(got, want, 4);
   assert_true(got[0] < 188); /* decoded, not copied */
   assert_int_equal(got[3], 128);

   /* A DXT1 block: the blit gives what the block decoder gives. */
   struct pipe_resource *dxt =
      tex(t, PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGB, 4, 4, 1, 0);
   uint8_t block[8] = { 0x00, 0xf8, 0x1f, 0x00, 0x1b, 0x6c, 0xb1, 0xe4 };
   put(dxt, 0, 0, 0, 0, block, 8);
   b = blit_info(lin, PIPE_FORMAT_R8G8B8A8_UNORM, box, dxt,
                 PIPE_FORMAT_DXT1_RGB, box);
   t->ctx->blit(t->ctx, &b);
   float dec[4][4][4];
   assert_true(u_format_unpack_block_rgba(PIPE_FORMAT_DXT1_RGB, block, dec));
   for (unsigned y = 0; y < 4; y++)
      for (unsigned x = 0; x < 4; x++) {
         u_format_pack_rgba(PIPE_FORMAT_R8G8B8A8_UNORM, want, dec[y][x], 1);
         get(lin, 0, 0, x, y, got, 4);
         assert_memory_equal(got, want, 4);
      }
   pipe_resource_ref(&srgb, NULL);
   pipe_resource_ref(&lin, NULL);
   pipe_resource_ref(&dxt, NULL);
}

static void
blit_layers(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_R32_FLOAT;
   struct pipe_resource *src = tex(t, PIPE_TEXTURE_2D_ARRAY, f, 2, 2, 4, 0);
   struct pipe_resource *dst = tex(t, PIPE_TEXTURE_2D_ARRAY, f, 2, 2, 2, 0);
   for (unsigned z = 0; z < 4; z++) {
      float v = (float)z;
      put(src, z, 0, 0, 0, &v, 4);
   }
   struct pipe_blit_info b =
      blit_info(dst, f, (struct pipe_box){ 0, 0, 0, 2, 2, 2 }, src, f,
                (struct pipe_box){ 0, 0, 1, 2, 2, 2 });
   t->ctx->blit(t->ctx, &b);
   float v;
   get(dst, 0, 0, 0, 0, &v, 4);
   assert_true(v == 1.0f);
   get(dst, 1, 0, 0, 0, &v, 4);
   assert_true(v == 2.0f);
   pipe_resource_ref(&src, NULL);
   pipe_resource_ref(&dst, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(copy_region_bytes, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(copy_region_compressed_and_samples,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(copy_region_buffers_overlap,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_converts_unorm_to_float,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_scaled_nearest_linear_mirror,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_integers_and_masks, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_depth_and_stencil, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_resolves_multisample, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_srgb_and_compressed_sources,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(blit_layers, sw_test_setup,
                                      sw_test_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
