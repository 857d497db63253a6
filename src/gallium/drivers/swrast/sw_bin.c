/* SPDX-License-Identifier: MIT */

/*
 * Binning: each setup primitive is appended to the list of every
 * SW_TILE_SIZE x SW_TILE_SIZE tile it may cover, in draw order, on the
 * thread that issued the draw.  Then every non-empty tile becomes one job
 * on the screen's thread pool.
 *
 * A tile inside the primitive's bounding box is skipped when one edge
 * function is negative over the whole tile: the edge is evaluated at the
 * tile corner where it is largest (sample points are within the tile's
 * pixels, so the corner of the pixel square bounds them all).  Long thin
 * diagonal triangles thus do not land in every tile of their box.
 *
 * Nothing is shared between tile jobs but read-only data: each job writes
 * its own tile's pixels with the per-thread state of its thread index
 * (sw_fs.c), which is why the images do not depend on the thread count.
 */
#include <stdlib.h>

#include "sw_raster_priv.h"
#include "util/u_arena.h"

struct tile_job {
   struct sw_raster *r;
   unsigned tx, ty;
   const struct u_dynarray *bin;
};

bool
sw_bin_init(struct sw_raster *r)
{
   const struct pipe_framebuffer_state *fb = &r->sw->framebuffer;
   r->tiles_x = (fb->width + SW_TILE_SIZE - 1) / SW_TILE_SIZE;
   r->tiles_y = (fb->height + SW_TILE_SIZE - 1) / SW_TILE_SIZE;
   r->bins = calloc((size_t)r->tiles_x * r->tiles_y, sizeof(*r->bins));
   if (!r->bins)
      return false;
   for (unsigned i = 0; i < r->tiles_x * r->tiles_y; i++)
      u_dynarray_init(&r->bins[i], NULL);
   return true;
}

void
sw_bin_fini(struct sw_raster *r)
{
   if (!r->bins)
      return;
   for (unsigned i = 0; i < r->tiles_x * r->tiles_y; i++)
      u_dynarray_fini(&r->bins[i]);
   free(r->bins);
   r->bins = NULL;
}

/** Whether edge @p e of @p p is negative over the whole pixel rectangle
 * [x0, x1) x [y0, y1). */
static bool
edge_rejects(const struct sw_setup_prim *p, unsigned e, int x0, int y0, int x1,
             int y1)
{
   int64_t X = (int64_t)(p->a[e] > 0 ? x1 : x0) * SW_SUBPIXEL_ONE;
   int64_t Y = (int64_t)(p->b[e] > 0 ? y1 : y0) * SW_SUBPIXEL_ONE;
   return p->a[e] * X + p->b[e] * Y + p->c[e] < 0;
}

void
sw_bin_prim(struct sw_raster *r, const struct sw_setup_prim *p)
{
   unsigned tx0 = (unsigned)p->minx / SW_TILE_SIZE;
   unsigned ty0 = (unsigned)p->miny / SW_TILE_SIZE;
   unsigned tx1 = (unsigned)(p->maxx - 1) / SW_TILE_SIZE;
   unsigned ty1 = (unsigned)(p->maxy - 1) / SW_TILE_SIZE;
   bool test = tx0 != tx1 || ty0 != ty1;
   for (unsigned ty = ty0; ty <= ty1; ty++) {
      for (unsigned tx = tx0; tx <= tx1; tx++) {
         if (test) {
            int x0 = (int)(tx * SW_TILE_SIZE), y0 = (int)(ty * SW_TILE_SIZE);
            bool out = false;
            for (unsigned e = 0; e < p->num_edges && !out; e++)
               out = edge_rejects(p, e, x0, y0, x0 + SW_TILE_SIZE,
                                  y0 + SW_TILE_SIZE);
            if (out)
               continue;
         }
         struct u_dynarray *bin = &r->bins[ty * r->tiles_x + tx];
         const struct sw_setup_prim **slot = u_dynarray_grow(bin, sizeof(p));
         if (!slot) {
            r->oom = true;
            return;
         }
         *slot = p;
      }
   }
   r->num_prims++;
}

static void
run_tile(void *data, unsigned thread_index)
{
   struct tile_job *job = data;
   sw_fs_tile(job->r, thread_index, job->tx, job->ty, job->bin);
}

void
sw_bin_run(struct sw_raster *r)
{
   unsigned n = r->tiles_x * r->tiles_y;
   struct tile_job *jobs = calloc(n, sizeof(*jobs));
   if (!jobs)
      return;
   struct u_thread_pool *pool = sw_screen(r->sw->base.screen)->pool;
   struct u_job_batch batch;
   u_job_batch_init(&batch, pool);
   unsigned next = 0;
   bool inline_rest = false;
   for (unsigned t = 0; t < n; t++) {
      if (!r->bins[t].size)
         continue;
      struct tile_job *job = &jobs[next++];
      job->r = r;
      job->tx = t % r->tiles_x;
      job->ty = t / r->tiles_x;
      job->bin = &r->bins[t];
      if (!inline_rest &&
          u_thread_pool_submit_batch(pool, &batch, run_tile, job))
         continue;
      /* The queue could not grow: finish what is queued, then run the
       * remaining tiles here with thread index 0, which no job uses any
       * more. */
      if (!inline_rest)
         u_job_batch_wait(&batch);
      inline_rest = true;
      run_tile(job, 0);
   }
   u_job_batch_wait(&batch);
   free(jobs);
}
