/* SPDX-License-Identifier: MIT */

/*
 * CPU driver benchmarks, through the pipe interface (not tests: they
 * assert nothing and only report), on a 1024x1024 RGBA8 framebuffer:
 *
 *  1. solid fill: two triangles covering the framebuffer, a fragment
 *     shader writing its interpolated colour input;
 *  2. blended fill: the same with alpha blending (src alpha, 1 - src
 *     alpha);
 *  3. textured fill: the same sampling a 256x256 RGBA8 texture with
 *     bilinear filtering at the interpolated coordinates;
 *  4. small triangles: about 42,000 triangles of 10 pixels each per
 *     draw, covering the framebuffer.
 *
 * Each runs with 1 and 2 worker threads (INDIUM_NUM_THREADS, set before
 * the screen is created) and prints Mpixels/s (fills) or Mtriangles/s,
 * the 2-thread speed-up, and the same figures per second of CPU time of
 * the whole process: when the machine is busy with other work, equal
 * per-CPU-second figures for 1 and 2 threads still show that the second
 * thread adds no overhead.  Each figure is the best of several runs of
 * at least --seconds (default 0.3) each, so that other load on the
 * machine shows less.
 *
 *   swrast_bench [--seconds S] [--only solid|blended|textured|small]
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "compiler/ir/ir.h"
#include "pipe/p_context.h"
#include "pipe/p_inlines.h"
#include "pipe/p_screen.h"
#include "sw_public.h"
#include "util/u_time.h"

#define SIZE     1024
#define TEX_SIZE 256

enum test {
   TEST_SOLID,
   TEST_BLENDED,
   TEST_TEXTURED,
   TEST_SMALL_TRIS,
   TEST_COUNT,
};

static const char *const test_names[TEST_COUNT] = {
   "solid fill",
   "blended fill",
   "textured fill",
   "small triangles",
};
static const char *const test_keys[TEST_COUNT] = {
   "solid",
   "blended",
   "textured",
   "small",
};

struct bench {
   struct pipe_screen *screen;
   struct pipe_context *ctx;
   struct pipe_resource *cbuf, *tex;
   struct pipe_surface *csurf;
   struct pipe_sampler_view *view;
   void *rs, *blend_off, *blend_on, *dsa, *vs, *fs_color, *fs_tex, *velems;
   void *sampler;
   float *quad, *small;
   unsigned num_small;
};

static const char vs_text[] = "shader vertex\n"
                              "var shader_in vec4 @pos location=0\n"
                              "var shader_in vec4 @a location=1\n"
                              "var shader_out vec4 @gl_Position location=0\n"
                              "var shader_out vec4 @v location=32\n"
                              "fn main {\n  b0:\n"
                              "    %0:32 = deref_var @pos\n"
                              "    %1:32x4 = load_deref %0\n"
                              "    %2:32 = deref_var @gl_Position\n"
                              "    store_deref %2, %1 write_mask=15\n"
                              "    %3:32 = deref_var @a\n"
                              "    %4:32x4 = load_deref %3\n"
                              "    %5:32 = deref_var @v\n"
                              "    store_deref %5, %4 write_mask=15\n"
                              "}\n";

static const char fs_color_text[] = "shader fragment\n"
                                    "var shader_in vec4 @v location=32\n"
                                    "var shader_out vec4 @c location=0\n"
                                    "fn main {\n  b0:\n"
                                    "    %0:32 = deref_var @v\n"
                                    "    %1:32x4 = load_deref %0\n"
                                    "    %2:32 = deref_var @c\n"
                                    "    store_deref %2, %1 write_mask=15\n"
                                    "}\n";

static const char fs_tex_text[] =
   "shader fragment\n"
   "var shader_in vec4 @v location=32\n"
   "var shader_out vec4 @c location=0\n"
   "fn main {\n  b0:\n"
   "    %0:32 = deref_var @v\n"
   "    %1:32x4 = load_deref %0\n"
   "    %2:32x2 = mov %1.xy\n"
   "    %3:32x4 = tex tex 2d float texture=0 sampler=0 coord=%2\n"
   "    %4:32 = deref_var @c\n"
   "    store_deref %4, %3 write_mask=15\n"
   "}\n";

static void *
shader(struct pipe_context *ctx, const char *text, bool fragment)
{
   char *err = NULL;
   struct ir_shader *ir = ir_parse(NULL, text, &err);
   if (!ir) {
      fprintf(stderr, "swrast_bench: %s\n", err ? err : "bad shader");
      exit(1);
   }
   struct pipe_shader_state st = { .ir = ir };
   void *cso = fragment ? ctx->create_fs_state(ctx, &st)
                        : ctx->create_vs_state(ctx, &st);
   if (!cso) {
      fprintf(stderr, "swrast_bench: shader creation failed\n");
      exit(1);
   }
   return cso;
}

static float *
vertex(float *v, float x, float y, float r, float g, float b, float a)
{
   const float d[8] = { x, y, 0, 1, r, g, b, a };
   memcpy(v, d, sizeof(d));
   return v + 8;
}

static void
make_geometry(struct bench *b)
{
   /* Texture coordinates in the attribute's xy repeat the texture 4x. */
   b->quad = malloc(6 * 8 * sizeof(float));
   float *v = b->quad;
   v = vertex(v, 0, 0, 0, 0, 0.5f, 0.5f);
   v = vertex(v, SIZE, 0, 4, 0, 0.5f, 0.5f);
   v = vertex(v, SIZE, SIZE, 4, 4, 0.5f, 0.5f);
   v = vertex(v, 0, 0, 0, 0, 0.5f, 0.5f);
   v = vertex(v, SIZE, SIZE, 4, 4, 0.5f, 0.5f);
   vertex(v, 0, SIZE, 0, 4, 0.5f, 0.5f);

   /* Right triangles with legs of sqrt(20) pixels: area 10. */
   const float leg = 4.472136f, step = 5.0f;
   unsigned n = (unsigned)(SIZE / step);
   b->num_small = n * n * 3;
   b->small = malloc((size_t)b->num_small * 8 * sizeof(float));
   v = b->small;
   for (unsigned j = 0; j < n; j++) {
      for (unsigned i = 0; i < n; i++) {
         float x = i * step + 0.3f, y = j * step + 0.2f;
         float c = (float)((i + j) % 7) / 7.0f;
         v = vertex(v, x, y, c, 0.5f, 1 - c, 1);
         v = vertex(v, x + leg, y, c, 0.5f, 1 - c, 1);
         v = vertex(v, x, y + leg, c, 0.5f, 1 - c, 1);
      }
   }
}

static struct bench *
bench_create(const char *threads)
{
   setenv("INDIUM_NUM_THREADS", threads, 1);
   struct bench *b = calloc(1, sizeof(*b));
   b->screen = sw_screen_create();
   unsetenv("INDIUM_NUM_THREADS");
   if (!b->screen) {
      fprintf(stderr, "swrast_bench: no screen\n");
      exit(1);
   }
   struct pipe_context *ctx = b->ctx =
      b->screen->context_create(b->screen, NULL, 0);

   struct pipe_resource templ = {
      .target = PIPE_TEXTURE_2D,
      .format = PIPE_FORMAT_R8G8B8A8_UNORM,
      .width0 = SIZE,
      .height0 = SIZE,
      .depth0 = 1,
      .array_size = 1,
      .bind = PIPE_BIND_RENDER_TARGET,
   };
   b->cbuf = b->screen->resource_create(b->screen, &templ);
   struct pipe_surface st = { .format = templ.format };
   b->csurf = ctx->create_surface(ctx, b->cbuf, &st);
   struct pipe_framebuffer_state fb = {
      .width = SIZE,
      .height = SIZE,
      .layers = 1,
      .samples = 1,
      .nr_cbufs = 1,
      .cbufs = { b->csurf },
   };
   ctx->set_framebuffer_state(ctx, &fb);

   templ.width0 = templ.height0 = TEX_SIZE;
   templ.bind = PIPE_BIND_SAMPLER_VIEW;
   b->tex = b->screen->resource_create(b->screen, &templ);
   uint8_t *texels = malloc(TEX_SIZE * TEX_SIZE * 4);
   for (unsigned i = 0; i < TEX_SIZE * TEX_SIZE * 4; i++)
      texels[i] = (uint8_t)(i * 2654435761u >> 24);
   struct pipe_box box = { 0, 0, 0, TEX_SIZE, TEX_SIZE, 1 };
   ctx->texture_subdata(ctx, b->tex, 0, PIPE_MAP_WRITE, &box, texels,
                        TEX_SIZE * 4, TEX_SIZE * TEX_SIZE * 4);
   free(texels);
   struct pipe_sampler_view vt = {
      .format = templ.format,
      .target = PIPE_TEXTURE_2D,
      .swizzle_r = PIPE_SWIZZLE_X,
      .swizzle_g = PIPE_SWIZZLE_Y,
      .swizzle_b = PIPE_SWIZZLE_Z,
      .swizzle_a = PIPE_SWIZZLE_W,
   };
   b->view = ctx->create_sampler_view(ctx, b->tex, &vt);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &b->view);
   struct pipe_sampler_state ss = {
      .wrap_s = PIPE_TEX_WRAP_REPEAT,
      .wrap_t = PIPE_TEX_WRAP_REPEAT,
      .wrap_r = PIPE_TEX_WRAP_REPEAT,
      .min_img_filter = PIPE_TEX_FILTER_LINEAR,
      .mag_img_filter = PIPE_TEX_FILTER_LINEAR,
      .min_mip_filter = PIPE_TEX_MIPFILTER_NONE,
      .normalized_coords = true,
      .max_lod = 16,
   };
   b->sampler = ctx->create_sampler_state(ctx, &ss);
   ctx->bind_sampler_states(ctx, PIPE_SHADER_FRAGMENT, 0, 1, &b->sampler);

   struct pipe_rasterizer_state rs = {
      .front_ccw = true,
      .point_size = 1,
      .line_width = 1,
      .depth_clip_near = true,
      .depth_clip_far = true,
      .half_pixel_center = true,
   };
   b->rs = ctx->create_rasterizer_state(ctx, &rs);
   ctx->bind_rasterizer_state(ctx, b->rs);
   struct pipe_blend_state blend = { .rt[0].colormask = PIPE_MASK_RGBA };
   b->blend_off = ctx->create_blend_state(ctx, &blend);
   blend.rt[0] = (struct pipe_rt_blend_state){
      .blend_enable = true,
      .rgb_func = PIPE_BLEND_ADD,
      .rgb_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA,
      .rgb_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA,
      .alpha_func = PIPE_BLEND_ADD,
      .alpha_src_factor = PIPE_BLENDFACTOR_SRC_ALPHA,
      .alpha_dst_factor = PIPE_BLENDFACTOR_INV_SRC_ALPHA,
      .colormask = PIPE_MASK_RGBA,
   };
   b->blend_on = ctx->create_blend_state(ctx, &blend);
   struct pipe_depth_stencil_alpha_state dsa = { 0 };
   b->dsa = ctx->create_depth_stencil_alpha_state(ctx, &dsa);
   ctx->bind_depth_stencil_alpha_state(ctx, b->dsa);
   struct pipe_viewport_state vp = { { 1, 1, 0.5f }, { 0, 0, 0.5f } };
   ctx->set_viewport_states(ctx, 0, 1, &vp);
   ctx->set_sample_mask(ctx, ~0u);

   b->vs = shader(ctx, vs_text, false);
   ctx->bind_vs_state(ctx, b->vs);
   b->fs_color = shader(ctx, fs_color_text, true);
   b->fs_tex = shader(ctx, fs_tex_text, true);
   struct pipe_vertex_element ve[2] = {
      { 0, 0, 0, PIPE_FORMAT_R32G32B32A32_FLOAT },
      { 16, 0, 0, PIPE_FORMAT_R32G32B32A32_FLOAT },
   };
   b->velems = ctx->create_vertex_elements_state(ctx, 2, ve);
   ctx->bind_vertex_elements_state(ctx, b->velems);
   make_geometry(b);
   return b;
}

static void
bench_destroy(struct bench *b)
{
   struct pipe_context *ctx = b->ctx;
   ctx->bind_vs_state(ctx, NULL);
   ctx->bind_fs_state(ctx, NULL);
   ctx->delete_vs_state(ctx, b->vs);
   ctx->delete_fs_state(ctx, b->fs_color);
   ctx->delete_fs_state(ctx, b->fs_tex);
   ctx->delete_vertex_elements_state(ctx, b->velems);
   ctx->delete_rasterizer_state(ctx, b->rs);
   ctx->delete_blend_state(ctx, b->blend_off);
   ctx->delete_blend_state(ctx, b->blend_on);
   ctx->delete_depth_stencil_alpha_state(ctx, b->dsa);
   ctx->set_sampler_views(ctx, PIPE_SHADER_FRAGMENT, 0, 1, NULL);
   ctx->delete_sampler_state(ctx, b->sampler);
   pipe_sampler_view_ref(&b->view, NULL);
   struct pipe_framebuffer_state fb = { 0 };
   ctx->set_framebuffer_state(ctx, &fb);
   pipe_surface_ref(&b->csurf, NULL);
   pipe_resource_ref(&b->cbuf, NULL);
   pipe_resource_ref(&b->tex, NULL);
   ctx->destroy(ctx);
   b->screen->destroy(b->screen);
   free(b->quad);
   free(b->small);
   free(b);
}

static void
draw(struct bench *b, const float *v, unsigned n)
{
   struct pipe_vertex_buffer vb = {
      .stride = 32,
      .is_user_buffer = true,
      .buffer.user = v,
   };
   b->ctx->set_vertex_buffers(b->ctx, 0, 1, &vb);
   struct pipe_draw_info info = {
      .mode = PIPE_PRIM_TRIANGLES,
      .instance_count = 1,
      .max_index = ~0u,
   };
   struct pipe_draw_start_count_bias d = { .start = 0, .count = n };
   b->ctx->draw_vbo(b->ctx, &info, &d, 1);
}

static double
cpu_seconds(void)
{
   struct timespec ts;
   clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
   return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

struct result {
   double rate;     /**< millions of pixels or triangles per second */
   double cpu_rate; /**< the same per second of CPU time (all threads) */
};

static struct result
run(struct bench *b, enum test test, double seconds)
{
   struct pipe_context *ctx = b->ctx;
   ctx->bind_blend_state(ctx,
                         test == TEST_BLENDED ? b->blend_on : b->blend_off);
   ctx->bind_fs_state(ctx, test == TEST_TEXTURED ? b->fs_tex : b->fs_color);
   struct result best = { 0, 0 };
   for (unsigned rep = 0; rep < 3; rep++) {
      unsigned draws = 0;
      double cpu = cpu_seconds();
      int64_t start = u_time_ns();
      int64_t end = start;
      do {
         if (test == TEST_SMALL_TRIS)
            draw(b, b->small, b->num_small);
         else
            draw(b, b->quad, 6);
         draws++;
         end = u_time_ns();
      } while ((double)(end - start) * 1e-9 < seconds);
      cpu = cpu_seconds() - cpu;
      double units =
         (test == TEST_SMALL_TRIS ? b->num_small / 3.0 : (double)SIZE * SIZE) *
         draws * 1e-6;
      double rate = units / ((double)(end - start) * 1e-9);
      if (rate > best.rate) {
         best.rate = rate;
         best.cpu_rate = units / cpu;
      }
   }
   return best;
}

int
main(int argc, char **argv)
{
   double seconds = 0.3;
   unsigned only = TEST_COUNT;
   for (int i = 1; i < argc; i++) {
      if (!strcmp(argv[i], "--seconds") && i + 1 < argc) {
         seconds = atof(argv[++i]);
         continue;
      }
      if (!strcmp(argv[i], "--only") && i + 1 < argc) {
         i++;
         for (only = 0; only < TEST_COUNT; only++) {
            if (!strcmp(argv[i], test_keys[only]))
               break;
         }
         if (only < TEST_COUNT)
            continue;
      }
      fprintf(stderr, "usage: swrast_bench [--seconds S] "
                      "[--only solid|blended|textured|small]\n");
      return 1;
   }
   struct result res[2][TEST_COUNT];
   static const char *const threads[2] = { "1", "2" };
   for (unsigned t = 0; t < 2; t++) {
      struct bench *b = bench_create(threads[t]);
      for (unsigned k = 0; k < TEST_COUNT; k++) {
         if (only == TEST_COUNT || only == k)
            res[t][k] = run(b, (enum test)k, seconds);
      }
      bench_destroy(b);
   }
   printf("swrast_bench: %ux%u RGBA8, best of 3 runs of %.2f s\n", SIZE, SIZE,
          seconds);
   printf("%-16s %9s %9s %8s %9s %9s\n", "", "1 thread", "2 threads", "speedup",
          "1t/cpu-s", "2t/cpu-s");
   for (unsigned k = 0; k < TEST_COUNT; k++) {
      if (only != TEST_COUNT && only != k)
         continue;
      printf("%-16s %9.2f %9.2f %7.2fx %9.2f %9.2f  %s\n", test_names[k],
             res[0][k].rate, res[1][k].rate, res[1][k].rate / res[0][k].rate,
             res[0][k].cpu_rate, res[1][k].cpu_rate,
             k == TEST_SMALL_TRIS ? "Mtris" : "Mpix");
   }
   return 0;
}
