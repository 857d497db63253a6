/* SPDX-License-Identifier: MIT */

/*
 * Tests of swrast resources: the layout of every target (level offsets,
 * strides, layers, samples), rejection of invalid templates, and transfers
 * (map/unmap, buffer_subdata, texture_subdata) round-tripping data for
 * every target, compressed formats and sub-boxes.
 */
#include <stdlib.h>

#include "sw_resource.h"
#include "sw_test_util.h"

static struct pipe_resource *
create(struct sw_test *t, struct pipe_resource templ)
{
   return t->screen->resource_create(t->screen, &templ);
}

static void
layout_2d_mipmapped(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *r =
      create(t, sw_test_templ(PIPE_TEXTURE_2D, PIPE_FORMAT_R8G8B8A8_UNORM, 13,
                              5, 1, 1, 3));
   assert_non_null(r);
   const struct sw_resource *s = sw_resource(r);
   static const unsigned w[4] = { 13, 6, 3, 1 }, h[4] = { 5, 2, 1, 1 };
   size_t offset = 0;
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(s->level_width[l], w[l]);
      assert_int_equal(s->level_height[l], h[l]);
      assert_int_equal(s->level_layers[l], 1);
      assert_int_equal(s->level_offset[l], offset);
      assert_true(s->row_stride[l] >= w[l] * 4);
      assert_int_equal(s->row_stride[l] % SW_RESOURCE_ALIGN, 0);
      assert_int_equal(s->layer_stride[l], (size_t)s->row_stride[l] * h[l]);
      offset += s->layer_stride[l];
   }
   assert_int_equal(s->size, offset);
   assert_int_equal(s->nr_samples, 1);
   pipe_resource_ref(&r, NULL);
}

static void
layout_3d_layers_shrink(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *r = create(
      t, sw_test_templ(PIPE_TEXTURE_3D, PIPE_FORMAT_R16_FLOAT, 8, 4, 6, 1, 3));
   assert_non_null(r);
   const struct sw_resource *s = sw_resource(r);
   static const unsigned d[4] = { 6, 3, 1, 1 };
   for (unsigned l = 0; l < 4; l++) {
      assert_int_equal(s->level_layers[l], d[l]);
      if (l)
         assert_int_equal(s->level_offset[l],
                          s->level_offset[l - 1] +
                             s->layer_stride[l - 1] * d[l - 1]);
   }
   pipe_resource_ref(&r, NULL);
}

static void
layout_cube_and_arrays(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *cube =
      create(t, sw_test_templ(PIPE_TEXTURE_CUBE, PIPE_FORMAT_R8_UNORM, 16, 16,
                              1, 6, 4));
   assert_non_null(cube);
   assert_int_equal(sw_resource(cube)->level_layers[4], 6);
   assert_int_equal(sw_resource(cube)->level_width[4], 1);
   struct pipe_resource *ca =
      create(t, sw_test_templ(PIPE_TEXTURE_CUBE_ARRAY, PIPE_FORMAT_R8_UNORM, 4,
                              4, 1, 12, 0));
   assert_non_null(ca);
   assert_int_equal(sw_resource(ca)->level_layers[0], 12);
   struct pipe_resource *a1 =
      create(t, sw_test_templ(PIPE_TEXTURE_1D_ARRAY, PIPE_FORMAT_R32_FLOAT, 9,
                              1, 1, 5, 1));
   assert_non_null(a1);
   assert_int_equal(sw_resource(a1)->level_layers[1], 5);
   assert_int_equal(sw_resource(a1)->level_height[1], 1);
   pipe_resource_ref(&cube, NULL);
   pipe_resource_ref(&ca, NULL);
   pipe_resource_ref(&a1, NULL);
}

static void
layout_compressed_blocks(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *r = create(
      t, sw_test_templ(PIPE_TEXTURE_2D, PIPE_FORMAT_DXT5_RGBA, 10, 6, 1, 1, 3));
   assert_non_null(r);
   const struct sw_resource *s = sw_resource(r);
   assert_int_equal(s->block_width, 4);
   assert_int_equal(s->block_bytes, 16);
   /* 3 x 2 blocks of 16 bytes at level 0, one block at the 1x1 level. */
   assert_int_equal(s->row_stride[0], 48);
   assert_int_equal(s->layer_stride[0], 96);
   assert_int_equal(s->row_stride[3], 16);
   assert_int_equal(s->layer_stride[3], 16);
   /* Texel (5, 5) is in block (1, 1). */
   assert_ptr_equal(sw_resource_texel(s, 0, 0, 0, 5, 5), s->data + 48 + 16);
   pipe_resource_ref(&r, NULL);
}

static void
layout_multisample_planes(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource templ = sw_test_templ(
      PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32_FLOAT, 4, 4, 1, 3, 0);
   templ.nr_samples = 4;
   templ.bind = PIPE_BIND_RENDER_TARGET;
   struct pipe_resource *r = create(t, templ);
   assert_non_null(r);
   const struct sw_resource *s = sw_resource(r);
   assert_int_equal(s->nr_samples, 4);
   assert_int_equal(s->size, s->layer_stride[0] * 12);
   /* Sample 2 of layer 1 is plane 1 * 4 + 2. */
   assert_ptr_equal(sw_resource_texel(s, 0, 1, 2, 1, 0),
                    s->data + s->layer_stride[0] * 6 + 4);
   pipe_resource_ref(&r, NULL);
}

static void
invalid_templates_fail(void **state)
{
   struct sw_test *t = *state;
   const enum pipe_format f = PIPE_FORMAT_R8G8B8A8_UNORM;
   struct pipe_resource bad[] = {
      sw_test_templ(PIPE_TEXTURE_2D, f, 0, 4, 1, 1, 0),
      sw_test_templ(PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 3), /* 4x4 has 3 levels */
      sw_test_templ(PIPE_TEXTURE_2D, f, 4, 4, 2, 1, 0),
      sw_test_templ(PIPE_TEXTURE_1D, f, 4, 2, 1, 1, 0),
      sw_test_templ(PIPE_TEXTURE_CUBE, f, 4, 8, 1, 6, 0),
      sw_test_templ(PIPE_TEXTURE_CUBE, f, 4, 4, 1, 5, 0),
      sw_test_templ(PIPE_TEXTURE_CUBE_ARRAY, f, 4, 4, 1, 8, 0),
      sw_test_templ(PIPE_TEXTURE_RECT, f, 4, 4, 1, 1, 1),
      sw_test_templ(PIPE_TEXTURE_2D, PIPE_FORMAT_NONE, 4, 4, 1, 1, 0),
      sw_test_templ(PIPE_TEXTURE_2D, PIPE_FORMAT_COUNT, 4, 4, 1, 1, 0),
      sw_test_templ(PIPE_MAX_TEXTURE_TYPES, f, 4, 4, 1, 1, 0),
      sw_test_templ(PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 16),
      /* Too big: overflow must not wrap. */
      sw_test_templ(PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R32G32B32A32_FLOAT,
                    1u << 31, 1u << 31, 1, 1u << 31, 0),
   };
   for (unsigned i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
      assert_null(t->screen->resource_create(t->screen, &bad[i]));
   struct pipe_resource ms = sw_test_templ(PIPE_TEXTURE_2D, f, 4, 4, 1, 1, 1);
   ms.nr_samples = 4;
   assert_null(t->screen->resource_create(t->screen, &ms));
}

static void
buffer_map_and_subdata(void **state)
{
   struct sw_test *t = *state;
   uint8_t data[100];
   for (unsigned i = 0; i < 100; i++)
      data[i] = (uint8_t)(i * 7);
   struct pipe_resource *buf = sw_test_buffer(t, 100, data);
   struct pipe_box box = { 10, 0, 0, 20, 1, 1 };
   struct pipe_transfer *tr;
   uint8_t *p =
      t->ctx->buffer_map(t->ctx, buf, 0, PIPE_MAP_READ_WRITE, &box, &tr);
   assert_non_null(p);
   assert_memory_equal(p, data + 10, 20);
   p[0] = 0xaa;
   t->ctx->buffer_unmap(t->ctx, tr);
   box.x = 0;
   box.width = 100;
   p = t->ctx->buffer_map(t->ctx, buf, 0, PIPE_MAP_READ, &box, &tr);
   assert_int_equal(p[10], 0xaa);
   assert_int_equal(p[11], data[11]);
   t->ctx->buffer_unmap(t->ctx, tr);
   /* Out of range: no mapping, no write. */
   box.x = 90;
   box.width = 11;
   assert_null(t->ctx->buffer_map(t->ctx, buf, 0, PIPE_MAP_READ, &box, &tr));
   assert_null(tr);
   uint8_t junk[8] = { 0 };
   t->ctx->buffer_subdata(t->ctx, buf, PIPE_MAP_WRITE, 96, 8, junk);
   assert_int_equal(sw_resource(buf)->data[96], data[96]);
   pipe_resource_ref(&buf, NULL);
}

/** texture_subdata of a pattern into a box of (level, layers), then read
 * back through a map of the whole level; texels outside stay zero. */
static void
roundtrip(struct sw_test *t, enum pipe_texture_target target, unsigned w,
          unsigned h, unsigned d, unsigned layers, unsigned levels)
{
   const enum pipe_format f = PIPE_FORMAT_R16G16_UNORM; /* 4 bytes */
   struct pipe_resource *r =
      create(t, sw_test_templ(target, f, w, h, d, layers, levels - 1));
   assert_non_null(r);
   const struct sw_resource *s = sw_resource(r);
   for (unsigned l = 0; l < levels; l++) {
      unsigned lw = s->level_width[l], lh = s->level_height[l];
      unsigned ll = s->level_layers[l];
      struct pipe_box box = { lw > 1,
                              lh > 1,
                              ll > 1,
                              (int)lw - (lw > 1),
                              (int)lh - (lh > 1),
                              (int)ll - (ll > 1) };
      unsigned n = (unsigned)(box.width * box.height * box.depth);
      uint32_t *src = malloc(n * 4);
      for (unsigned i = 0; i < n; i++)
         src[i] = i * 2654435761u + l;
      t->ctx->texture_subdata(t->ctx, r, l, PIPE_MAP_WRITE, &box, src,
                              (unsigned)box.width * 4,
                              (unsigned)(box.width * box.height) * 4);
      struct pipe_box all = { 0, 0, 0, (int)lw, (int)lh, (int)ll };
      struct pipe_transfer *tr;
      uint8_t *p = t->ctx->texture_map(t->ctx, r, l, PIPE_MAP_READ, &all, &tr);
      assert_non_null(p);
      for (unsigned z = 0; z < ll; z++) {
         for (unsigned y = 0; y < lh; y++) {
            for (unsigned x = 0; x < lw; x++) {
               uint32_t v;
               memcpy(&v, p + z * tr->layer_stride + y * tr->stride + x * 4, 4);
               bool in = (int)x >= box.x && (int)y >= box.y && (int)z >= box.z;
               uint32_t want = 0;
               if (in) {
                  unsigned i = ((z - (unsigned)box.z) * (unsigned)box.height +
                                (y - (unsigned)box.y)) *
                                  (unsigned)box.width +
                               (x - (unsigned)box.x);
                  want = src[i];
               }
               assert_int_equal(v, want);
            }
         }
      }
      t->ctx->texture_unmap(t->ctx, tr);
      free(src);
   }
   pipe_resource_ref(&r, NULL);
}

static void
transfers_every_target(void **state)
{
   struct sw_test *t = *state;
   roundtrip(t, PIPE_TEXTURE_1D, 17, 1, 1, 1, 5);
   roundtrip(t, PIPE_TEXTURE_1D_ARRAY, 9, 1, 1, 4, 3);
   roundtrip(t, PIPE_TEXTURE_2D, 7, 11, 1, 1, 4);
   roundtrip(t, PIPE_TEXTURE_RECT, 5, 3, 1, 1, 1);
   roundtrip(t, PIPE_TEXTURE_2D_ARRAY, 6, 5, 1, 3, 2);
   roundtrip(t, PIPE_TEXTURE_3D, 5, 6, 7, 1, 3);
   roundtrip(t, PIPE_TEXTURE_CUBE, 8, 8, 1, 6, 4);
   roundtrip(t, PIPE_TEXTURE_CUBE_ARRAY, 4, 4, 1, 12, 3);
}

static void
map_writes_land_in_layout(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource *r =
      create(t, sw_test_templ(PIPE_TEXTURE_2D_ARRAY,
                              PIPE_FORMAT_R32G32B32A32_FLOAT, 8, 8, 1, 4, 2));
   struct pipe_box box = { 2, 1, 1, 2, 1, 2 };
   struct pipe_transfer *tr;
   float *p = t->ctx->texture_map(t->ctx, r, 1, PIPE_MAP_WRITE, &box, &tr);
   assert_non_null(p);
   p[4] = 1.5f; /* texel (3, 1) of layer 1 */
   ((float *)((uint8_t *)p + tr->layer_stride))[0] = 2.5f; /* (2, 1), 2 */
   t->ctx->texture_unmap(t->ctx, tr);
   const struct sw_resource *s = sw_resource(r);
   float v;
   memcpy(&v, sw_resource_texel(s, 1, 1, 0, 3, 1), 4);
   assert_true(v == 1.5f);
   memcpy(&v, sw_resource_texel(s, 1, 2, 0, 2, 1), 4);
   assert_true(v == 2.5f);
   /* Out-of-level boxes and compressed misalignment are refused. */
   struct pipe_box bad = { 3, 0, 0, 2, 1, 1 };
   assert_null(t->ctx->texture_map(t->ctx, r, 1, PIPE_MAP_READ, &bad, &tr));
   bad = (struct pipe_box){ 0, 0, 3, 1, 1, 2 };
   assert_null(t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &bad, &tr));
   assert_null(t->ctx->texture_map(t->ctx, r, 2, PIPE_MAP_READ, &box, &tr));
   pipe_resource_ref(&r, NULL);

   struct pipe_resource *c = create(
      t, sw_test_templ(PIPE_TEXTURE_2D, PIPE_FORMAT_DXT1_RGBA, 8, 8, 1, 1, 0));
   struct pipe_box mis = { 2, 0, 0, 4, 4, 1 };
   assert_null(t->ctx->texture_map(t->ctx, c, 0, PIPE_MAP_READ, &mis, &tr));
   struct pipe_box ok = { 4, 4, 0, 4, 4, 1 };
   uint8_t block[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
   t->ctx->texture_subdata(t->ctx, c, 0, PIPE_MAP_WRITE, &ok, block, 8, 8);
   assert_memory_equal(sw_resource_texel(sw_resource(c), 0, 0, 0, 4, 4), block,
                       8);
   assert_int_equal(sw_resource(c)->data[0], 0);
   pipe_resource_ref(&c, NULL);
}

static void
multisample_map_shows_sample0(void **state)
{
   struct sw_test *t = *state;
   struct pipe_resource templ =
      sw_test_templ(PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8_UNORM, 4, 4, 1, 2, 0);
   templ.nr_samples = 4;
   templ.bind = PIPE_BIND_RENDER_TARGET;
   struct pipe_resource *r = create(t, templ);
   struct sw_resource *s = sw_resource(r);
   *sw_resource_texel(s, 0, 1, 0, 2, 3) = 77;
   *sw_resource_texel(s, 0, 1, 1, 2, 3) = 88;
   struct pipe_box box = { 0, 0, 0, 4, 4, 2 };
   struct pipe_transfer *tr;
   uint8_t *p = t->ctx->texture_map(t->ctx, r, 0, PIPE_MAP_READ, &box, &tr);
   assert_int_equal(p[tr->layer_stride + 3 * tr->stride + 2], 77);
   t->ctx->texture_unmap(t->ctx, tr);
   pipe_resource_ref(&r, NULL);
}

static void
views_checked_against_resource(void **state)
{
   struct sw_test *t = *state;
   struct pipe_context *ctx = t->ctx;
   struct pipe_resource *r =
      create(t, sw_test_templ(PIPE_TEXTURE_2D_ARRAY, PIPE_FORMAT_R8G8B8A8_UNORM,
                              8, 8, 1, 4, 3));
   struct pipe_sampler_view templ = {
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .target = PIPE_TEXTURE_2D_ARRAY,
      .first_level = 1,
      .last_level = 3,
      .first_layer = 2,
      .last_layer = 3,
   };
   struct pipe_sampler_view *v = ctx->create_sampler_view(ctx, r, &templ);
   assert_non_null(v);
   assert_ptr_equal(v->resource, r);
   assert_int_equal(v->last_level, 3);
   pipe_sampler_view_ref(&v, NULL);
   /* A format of the same size is a valid view; others are not. */
   templ.format = PIPE_FORMAT_R32_UINT;
   v = ctx->create_sampler_view(ctx, r, &templ);
   assert_non_null(v);
   pipe_sampler_view_ref(&v, NULL);
   templ.format = PIPE_FORMAT_R16_UNORM;
   assert_null(ctx->create_sampler_view(ctx, r, &templ));
   templ.format = PIPE_FORMAT_R8G8B8A8_SRGB;
   templ.last_level = 4;
   assert_null(ctx->create_sampler_view(ctx, r, &templ));
   templ.last_level = 3;
   templ.last_layer = 4;
   assert_null(ctx->create_sampler_view(ctx, r, &templ));
   templ.first_layer = 3;
   templ.last_layer = 2;
   assert_null(ctx->create_sampler_view(ctx, r, &templ));

   /* Surfaces: level and layers inside, the same block size. */
   struct pipe_surface st = { .format = PIPE_FORMAT_R32_FLOAT,
                              .level = 2,
                              .first_layer = 1,
                              .last_layer = 3 };
   struct pipe_surface *s = ctx->create_surface(ctx, r, &st);
   assert_non_null(s);
   assert_int_equal(s->width, 2);
   assert_int_equal(s->height, 2);
   pipe_surface_ref(&s, NULL);
   st.format = PIPE_FORMAT_R8_UNORM;
   assert_null(ctx->create_surface(ctx, r, &st));
   st.format = PIPE_FORMAT_NONE; /* the resource's format */
   st.last_layer = 4;
   assert_null(ctx->create_surface(ctx, r, &st));

   /* Buffer views stay inside the buffer. */
   struct pipe_resource *buf = sw_test_buffer(t, 64, NULL);
   struct pipe_sampler_view bt = {
      .format = PIPE_FORMAT_R32G32B32A32_FLOAT,
      .target = PIPE_BUFFER,
      .buffer_offset = 16,
      .buffer_size = 48,
   };
   v = ctx->create_sampler_view(ctx, buf, &bt);
   assert_non_null(v);
   pipe_sampler_view_ref(&v, NULL);
   bt.buffer_size = 64;
   assert_null(ctx->create_sampler_view(ctx, buf, &bt));
   /* The view keeps its resource alive. */
   bt.buffer_size = 16;
   v = ctx->create_sampler_view(ctx, buf, &bt);
   pipe_resource_ref(&buf, NULL);
   assert_non_null(v->resource);
   assert_int_equal(v->resource->width0, 64);
   pipe_sampler_view_ref(&v, NULL);
   pipe_resource_ref(&r, NULL);
}

int
main(void)
{
   const struct CMUnitTest tests[] = {
      cmocka_unit_test_setup_teardown(layout_2d_mipmapped, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(layout_3d_layers_shrink, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(layout_cube_and_arrays, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(layout_compressed_blocks, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(layout_multisample_planes, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(invalid_templates_fail, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(buffer_map_and_subdata, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(transfers_every_target, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(map_writes_land_in_layout, sw_test_setup,
                                      sw_test_teardown),
      cmocka_unit_test_setup_teardown(views_checked_against_resource,
                                      sw_test_setup, sw_test_teardown),
      cmocka_unit_test_setup_teardown(multisample_map_shows_sample0,
                                      sw_test_setup, sw_test_teardown),
   };
   return cmocka_run_group_tests(tests, NULL, NULL);
}
