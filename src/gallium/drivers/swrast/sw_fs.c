/* SPDX-License-Identifier: MIT */

/*
 * One tile job: the primitives of the tile's bin, in draw order, become
 * 2x2 quads of fragments, shaded SW_FS_QUADS (16) quads at a time by the
 * interpreter, then handed to the fragment operations.
 *
 * Coverage.  The primitive's bounds inside the tile are walked in 8x8
 * blocks, each first classified against the edges: outside one edge (the
 * block is skipped), inside all (its quads are covered without per-sample
 * tests) or partial.  In partial blocks the edge functions are evaluated
 * at each sample point (the pixel centre, or the four standard positions
 * with 4x multisampling) in exact integer arithmetic.  Line stipple and
 * polygon stipple (filled triangles only) then remove pixels.  A quad with any covered sample joins the
 * batch; its uncovered pixels run as helper lanes so that derivatives of
 * the covered ones are right.  Depth is interpolated per sample.
 *
 * Batches may mix primitives.  That keeps the 64 lanes full with small
 * triangles and is still in order: at a flush the quads pass early depth
 * and stencil (when allowed) one after the other in draw order, the
 * shader runs on the survivors (it reads nothing the earlier quads of the
 * batch write), then late tests and colour writes again go in order.  So a
 * quad sees the depth and colour of every earlier quad exactly as if each
 * were processed alone.
 *
 * Interpolation (per lane, at the pixel centre): the screen-linear
 * barycentrics l1, l2 come from the primitive's planes; perspective
 * correction weighs them with each vertex's 1/w (l_i / w_i normalised),
 * which also gives gl_FragCoord.w.  A smooth value is a0 + p1 * (a1 - a0)
 * + p2 * (a2 - a0), exact when the three values are equal; flat inputs
 * copy the provoking vertex's words; point sprites replace the enabled
 * TEXi inputs with gl_PointCoord.
 *
 * Everything here is per thread (struct sw_fs_thread, created the first
 * time a thread index runs a tile of the draw): the interpreter state,
 * the lane arrays, the batch and the occlusion counter.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sw_raster_priv.h"

struct sw_fs_thread {
   struct ir_exec_state *exec;
   struct ir_exec_io io;
   uint32_t *inputs;
   uint32_t *outputs;
   uint32_t frag_coord[4][IR_EXEC_MAX_WIDTH];
   uint32_t front_face[4][IR_EXEC_MAX_WIDTH];
   uint32_t point_coord[4][IR_EXEC_MAX_WIDTH];
   uint32_t prim_id[4][IR_EXEC_MAX_WIDTH];
   uint32_t layer[4][IR_EXEC_MAX_WIDTH];
   uint32_t sample_mask[4][IR_EXEC_MAX_WIDTH];
   unsigned count;
   struct sw_quad quads[SW_FS_QUADS];
   const struct sw_setup_prim *prims[SW_FS_QUADS];
   uint64_t passed;
};

#define LANES IR_EXEC_MAX_WIDTH

bool
sw_fs_init(struct sw_raster *r)
{
   struct u_thread_pool *pool = sw_screen(r->sw->base.screen)->pool;
   unsigned n = u_thread_pool_num_threads(pool);
   r->num_threads = n ? n : 1;
   r->threads = calloc(r->num_threads, sizeof(*r->threads));
   return r->threads != NULL;
}

static void
thread_destroy(struct sw_fs_thread *t)
{
   if (t->exec)
      ir_exec_state_destroy(t->exec);
   free(t->inputs);
   free(t->outputs);
   free(t);
}

void
sw_fs_fini(struct sw_raster *r)
{
   if (!r->threads)
      return;
   uint64_t passed = 0;
   for (unsigned i = 0; i < r->num_threads; i++) {
      struct sw_fs_thread *t = r->threads[i];
      if (!t)
         continue;
      passed += t->passed;
      thread_destroy(t);
   }
   free(r->threads);
   r->threads = NULL;

   const unsigned *q = r->sw->active_queries;
   if (q[PIPE_QUERY_OCCLUSION_COUNTER] || q[PIPE_QUERY_OCCLUSION_PREDICATE] ||
       q[PIPE_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE])
      atomic_fetch_add(&r->sw->counters.samples_passed, passed);
}

static struct sw_fs_thread *
get_thread(struct sw_raster *r, unsigned index)
{
   if (index >= r->num_threads)
      return NULL;
   if (r->threads[index])
      return r->threads[index];
   struct sw_fs_thread *t = calloc(1, sizeof(*t));
   if (!t)
      return NULL;
   const struct sw_shader *fs = r->fs;
   if (fs) {
      size_t in = (size_t)(fs->num_inputs ? fs->num_inputs : 1) * 4 * LANES;
      size_t out = (size_t)(fs->num_outputs ? fs->num_outputs : 1) * 4 * LANES;
      t->inputs = calloc(in, sizeof(uint32_t));
      t->outputs = calloc(out, sizeof(uint32_t));
      t->exec = fs->prog ? ir_exec_state_create(fs->prog, LANES) : NULL;
      if (!t->inputs || !t->outputs || !t->exec) {
         thread_destroy(t);
         return NULL;
      }
      t->io = r->io_template;
      t->io.inputs = t->inputs;
      t->io.num_input_slots = fs->num_inputs;
      t->io.outputs = t->outputs;
      t->io.num_output_slots = fs->num_outputs;
      t->io.sysval_lanes[IR_EXEC_SYSVAL_FRAG_COORD] = &t->frag_coord[0][0];
      t->io.sysval_lanes[IR_EXEC_SYSVAL_FRONT_FACE] = &t->front_face[0][0];
      t->io.sysval_lanes[IR_EXEC_SYSVAL_POINT_COORD] = &t->point_coord[0][0];
      t->io.sysval_lanes[IR_EXEC_SYSVAL_PRIMITIVE_ID] = &t->prim_id[0][0];
      t->io.sysval_lanes[IR_EXEC_SYSVAL_LAYER_ID] = &t->layer[0][0];
      t->io.sysval_lanes[IR_EXEC_SYSVAL_SAMPLE_MASK_IN] = &t->sample_mask[0][0];
      /* One sample is shaded per pixel, at the centre. */
      t->io.sysval[IR_EXEC_SYSVAL_SAMPLE_POS][0] = 0x3f000000u; /* 0.5 */
      t->io.sysval[IR_EXEC_SYSVAL_SAMPLE_POS][1] = 0x3f000000u;
      ir_exec_state_set_io(t->exec, &t->io);
   }
   r->threads[index] = t;
   return t;
}

static uint32_t
fbits(float f)
{
   union sw_word w = { .f = f };
   return w.u;
}

static float
bitsf(uint32_t u)
{
   union sw_word w = { .u = u };
   return w.f;
}

static float
plane(const float *p, float dx, float dy)
{
   return p[0] + p[1] * dx + p[2] * dy;
}

/** Writes a + p1 * (b - a) + p2 * (c - a) for the 4 lanes at @p out
 * (LANES words apart per component) for the 4 components of a slot. */
static void
blend_slot(uint32_t *out, const union sw_word *a, const union sw_word *b,
           const union sw_word *c, const float p1[4], const float p2[4])
{
   for (unsigned comp = 0; comp < 4; comp++) {
      float a0 = a[comp].f, d1 = b[comp].f - a0, d2 = c[comp].f - a0;
      float v[4];
      for (unsigned i = 0; i < 4; i++)
         v[i] = a0 + p1[i] * d1 + p2[i] * d2;
      memcpy(out + comp * LANES, v, sizeof(v));
   }
}

/**
 * Fills the lanes of quad @p k of the batch.  The four lanes are computed
 * side by side (arrays of 4, which the compiler turns into vector
 * operations), and each attribute is read once per quad.
 */
static void
interpolate_quad(const struct sw_raster *r, struct sw_fs_thread *t, unsigned k)
{
   const struct sw_setup_prim *p = t->prims[k];
   const struct sw_quad *q = &t->quads[k];
   const struct sw_attr_layout *l = &r->layout;
   /* gl_FragCoord.xy: the pixel centre, or its corner with
    * pixel_center_integer (and with integer pixel centres). */
   float centre =
      r->rs->half_pixel_center && !r->fs->ir->info.fs.pixel_center_integer
         ? 0.5f
         : 0.0f;
   bool point = p->kind == SW_PRIM_KIND_POINT;
   unsigned lane = 4 * k;

   float dx[4], dy[4], l1[4], l2[4], p1[4], p2[4], z[4], sum[4];
   float fx = (float)q->x, fy = (float)q->y;
   for (unsigned i = 0; i < 4; i++) {
      dx[i] = fx + (float)(i & 1u) + 0.5f - p->ox;
      dy[i] = fy + (float)(i >> 1) + 0.5f - p->oy;
   }
   for (unsigned i = 0; i < 4; i++) {
      l1[i] = p->l1[0] + p->l1[1] * dx[i] + p->l1[2] * dy[i];
      l2[i] = p->l2[0] + p->l2[1] * dx[i] + p->l2[2] * dy[i];
      z[i] = p->z[0] + p->z[1] * dx[i] + p->z[2] * dy[i];
   }
   for (unsigned i = 0; i < 4; i++) {
      float w0 = (1.0f - l1[i] - l2[i]) * p->invw[0];
      float w1 = l1[i] * p->invw[1], w2 = l2[i] * p->invw[2];
      sum[i] = w0 + w1 + w2;
      float inv = 1.0f / sum[i];
      p1[i] = w1 * inv;
      p2[i] = w2 * inv;
   }
   if (r->depth_clamp) {
      for (unsigned i = 0; i < 4; i++)
         z[i] = fminf(fmaxf(z[i], r->zmin), r->zmax);
   }

   float ps[4] = { 0, 0, 0, 0 }, pt[4] = { 0, 0, 0, 0 };
   if (point) {
      for (unsigned i = 0; i < 4; i++) {
         ps[i] = plane(p->pcs, dx[i], dy[i]);
         pt[i] = plane(p->pct, dx[i], dy[i]);
      }
   }
   for (unsigned i = 0; i < 4; i++) {
      t->frag_coord[0][lane + i] = fbits(fx + (float)(i & 1u) + centre);
      t->frag_coord[1][lane + i] = fbits(fy + (float)(i >> 1) + centre);
      t->frag_coord[2][lane + i] = fbits(z[i]);
      t->frag_coord[3][lane + i] = fbits(sum[i]);
      t->front_face[0][lane + i] = p->front;
      t->prim_id[0][lane + i] = p->prim_id;
      t->layer[0][lane + i] = p->layer;
      t->sample_mask[0][lane + i] = q->coverage[i];
      t->point_coord[0][lane + i] = fbits(ps[i]);
      t->point_coord[1][lane + i] = fbits(pt[i]);
   }

   for (unsigned j = 0; j < l->num_inputs; j++) {
      unsigned a = (p->front ? j : l->back[j]) * 4;
      uint32_t *in = t->inputs + (size_t)j * 4 * LANES + lane;
      if (point && ((l->sprite >> j) & 1)) {
         for (unsigned i = 0; i < 4; i++) {
            in[i] = fbits(ps[i]);
            in[LANES + i] = fbits(pt[i]);
            in[2 * LANES + i] = 0;
            in[3 * LANES + i] = fbits(1.0f);
         }
         continue;
      }
      switch (l->interp[j]) {
      case SW_INTERP_FLAT:
         for (unsigned c = 0; c < 4; c++) {
            for (unsigned i = 0; i < 4; i++)
               in[c * LANES + i] = p->flat[a + c].u;
         }
         break;
      case SW_INTERP_NOPERSPECTIVE:
         blend_slot(in, p->attr[0] + a, p->attr[1] + a, p->attr[2] + a, l1, l2);
         break;
      default:
         blend_slot(in, p->attr[0] + a, p->attr[1] + a, p->attr[2] + a, p1, p2);
         break;
      }
   }
}

static bool
quad_live(const struct sw_quad *q)
{
   return (q->coverage[0] | q->coverage[1] | q->coverage[2] | q->coverage[3]) !=
          0;
}

/** Reads the shader's depth and colour outputs for quad @p k. */
static void
read_outputs(const struct sw_raster *r, struct sw_fs_thread *t, unsigned k,
             uint64_t killed)
{
   struct sw_quad *q = &t->quads[k];
   for (unsigned i = 0; i < 4; i++) {
      if ((killed >> (4 * k + i)) & 1)
         q->coverage[i] = 0;
   }
   if (r->depth_output >= 0) {
      const uint32_t *o = t->outputs + (size_t)r->depth_output * 4 * LANES;
      for (unsigned i = 0; i < 4; i++) {
         float z = bitsf(o[4 * k + i]);
         if (r->depth_clamp)
            z = fminf(fmaxf(z, r->zmin), r->zmax);
         else if (!r->float_depth)
            z = fminf(fmaxf(z, 0.0f), 1.0f);
         for (unsigned s = 0; s < SW_MAX_SAMPLES; s++)
            q->depth[i][s] = z;
      }
   }
   for (unsigned i = 0; i < r->num_colors; i++) {
      const uint32_t *o =
         t->outputs + (size_t)r->color_slot[i] * 4 * LANES + 4 * k;
      uint32_t(*dst)[4] = q->color[r->color_rt[i]];
      for (unsigned c = 0; c < 4; c++)
         memcpy(dst[c], o + c * LANES, 4 * sizeof(uint32_t));
   }
   if (r->color1_output >= 0) {
      const uint32_t *o =
         t->outputs + (size_t)r->color1_output * 4 * LANES + 4 * k;
      for (unsigned c = 0; c < 4; c++)
         memcpy(q->color1[c], o + c * LANES, 4 * sizeof(uint32_t));
   }
   q->color_written = r->color_mask;
}

/** Tests, shades and writes the batch (see the file comment). */
static void
flush(struct sw_raster *r, struct sw_fs_thread *t)
{
   unsigned n = t->count;
   t->count = 0;
   if (!n)
      return;

   if (r->early_depth) {
      unsigned m = 0;
      for (unsigned k = 0; k < n; k++) {
         t->passed += sw_fragops_depth_stencil(r->fo, &t->quads[k], false);
         if (!quad_live(&t->quads[k]))
            continue;
         if (m != k) {
            t->quads[m] = t->quads[k];
            t->prims[m] = t->prims[k];
         }
         m++;
      }
      n = m;
   }

   uint64_t killed = 0;
   if (t->exec && n) {
      uint64_t active = 0, helper = 0;
      for (unsigned k = 0; k < n; k++) {
         interpolate_quad(r, t, k);
         for (unsigned i = 0; i < 4; i++) {
            uint64_t bit = 1ull << (4 * k + i);
            if (t->quads[k].coverage[i])
               active |= bit;
            else
               helper |= bit;
         }
      }
      if (!ir_exec_run(t->exec, active, helper))
         killed = ~0ull;
      else
         killed = ir_exec_killed_mask(t->exec);
   }

   for (unsigned k = 0; k < n; k++) {
      struct sw_quad *q = &t->quads[k];
      if (t->exec)
         read_outputs(r, t, k, killed);
      if (!r->early_depth)
         t->passed += sw_fragops_depth_stencil(r->fo, q, true);
      if (quad_live(q))
         sw_fragops_color(r->fo, q);
   }
}

/** Whether the line stipple keeps pixel (@p px, @p py) of @p p. */
static bool
stipple_keeps(const struct sw_setup_prim *p, int px, int py)
{
   float c = (p->stipple_y_major ? (float)py : (float)px) + 0.5f;
   unsigned k =
      (unsigned)floorf(fabsf(c - p->stipple_origin)) + p->stipple_start;
   return (p->stipple_pattern >> ((k / p->stipple_factor) & 15u)) & 1u;
}

/**
 * Coverage of the quad at (@p x, @p y) (even); false if empty.  With
 * @p full, every sample inside the primitive's bounds is known to be
 * covered (the block test said so) and only the bounds and the stipple
 * are checked.
 */
static bool
quad_coverage(const struct sw_raster *r, const struct sw_setup_prim *p, int x,
              int y, bool full, uint8_t coverage[4])
{
   const uint8_t(*pos)[2] = r->sample_pos;
   const uint8_t all = (uint8_t)((1u << r->num_samples) - 1);
   int64_t base[4];
   int64_t X0 = (int64_t)x * SW_SUBPIXEL_ONE, Y0 = (int64_t)y * SW_SUBPIXEL_ONE;
   if (!full) {
      for (unsigned e = 0; e < p->num_edges; e++)
         base[e] = p->a[e] * X0 + p->b[e] * Y0 + p->c[e];
   }

   bool any = false;
   for (unsigned i = 0; i < 4; i++) {
      int px = x + (int)(i & 1u), py = y + (int)(i >> 1);
      coverage[i] = 0;
      if (px < p->minx || px >= p->maxx || py < p->miny || py >= p->maxy)
         continue;
      uint8_t mask = all;
      if (!full) {
         int64_t ox = (int64_t)(i & 1u) * SW_SUBPIXEL_ONE;
         int64_t oy = (int64_t)(i >> 1) * SW_SUBPIXEL_ONE;
         mask = 0;
         for (unsigned s = 0; s < r->num_samples; s++) {
            int64_t sx = ox + pos[s][0], sy = oy + pos[s][1];
            bool in = true;
            for (unsigned e = 0; e < p->num_edges && in; e++)
               in = base[e] + p->a[e] * sx + p->b[e] * sy >= 0;
            mask |= (uint8_t)(in << s);
         }
      }
      if (mask && p->stipple && !stipple_keeps(p, px, py))
         mask = 0;
      if (mask && r->poly_stipple && p->kind == SW_PRIM_KIND_TRI &&
          !((r->poly_stipple[py & 31] >> (31 - (px & 31))) & 1u))
         mask = 0;
      coverage[i] = mask;
      any |= mask != 0;
   }
   return any;
}

enum block_class {
   BLOCK_OUT,
   BLOCK_PARTIAL,
   BLOCK_FULL,
};

/** Side of the blocks classified at once (a multiple of 2). */
#define BLOCK 8

/**
 * Whether every sample point of the pixels [x, x + BLOCK) x [y, y + BLOCK)
 * is inside every edge of @p p (FULL), outside one of them (OUT), or
 * neither.  Sample points lie in the closed pixel squares, so each edge
 * function is bounded by its values at the block's corners.
 */
static enum block_class
classify_block(const struct sw_setup_prim *p, int x, int y)
{
   int64_t X0 = (int64_t)x * SW_SUBPIXEL_ONE, Y0 = (int64_t)y * SW_SUBPIXEL_ONE;
   int64_t X1 = X0 + BLOCK * SW_SUBPIXEL_ONE, Y1 = Y0 + BLOCK * SW_SUBPIXEL_ONE;
   bool full = true;
   for (unsigned e = 0; e < p->num_edges; e++) {
      int64_t a = p->a[e], b = p->b[e], c = p->c[e];
      int64_t lo = a * (a > 0 ? X0 : X1) + b * (b > 0 ? Y0 : Y1) + c;
      int64_t hi = a * (a > 0 ? X1 : X0) + b * (b > 0 ? Y1 : Y0) + c;
      if (hi < 0)
         return BLOCK_OUT;
      full &= lo >= 0;
   }
   return full ? BLOCK_FULL : BLOCK_PARTIAL;
}

/** Depth at every sample of quad @p q (only the depth buffer reads it).
 * Sample offsets are multiples of 1/256 and positions stay far below
 * 2^15, so the sums below are exact and the order does not matter. */
static void
quad_depth(const struct sw_raster *r, const struct sw_setup_prim *p,
           struct sw_quad *q)
{
   if (!r->sw->framebuffer.zsbuf)
      return;
   const uint8_t(*pos)[2] = r->sample_pos;
   float bx = (float)q->x - p->ox, by = (float)q->y - p->oy;
   for (unsigned s = 0; s < r->num_samples; s++) {
      float sx = bx + pos[s][0] * (1.0f / SW_SUBPIXEL_ONE);
      float sy = by + pos[s][1] * (1.0f / SW_SUBPIXEL_ONE);
      float z[4];
      for (unsigned i = 0; i < 4; i++)
         z[i] = p->z[0] + p->z[1] * (sx + (float)(i & 1u)) +
                p->z[2] * (sy + (float)(i >> 1));
      if (r->depth_clamp) {
         for (unsigned i = 0; i < 4; i++)
            z[i] = fminf(fmaxf(z[i], r->zmin), r->zmax);
      }
      for (unsigned i = 0; i < 4; i++)
         q->depth[i][s] = z[i];
   }
}

void
sw_fs_tile(struct sw_raster *r, unsigned thread_index, unsigned tx, unsigned ty,
           const struct u_dynarray *bin)
{
   struct sw_fs_thread *t = get_thread(r, thread_index);
   if (!t)
      return;
   t->count = 0;
   int tx0 = (int)(tx * SW_TILE_SIZE), ty0 = (int)(ty * SW_TILE_SIZE);
   const struct sw_setup_prim *const *prims = bin->data;
   size_t n = bin->size / sizeof(*prims);
   for (size_t k = 0; k < n; k++) {
      const struct sw_setup_prim *p = prims[k];
      int x0 = (p->minx > tx0 ? p->minx : tx0) & ~1;
      int y0 = (p->miny > ty0 ? p->miny : ty0) & ~1;
      int x1 = p->maxx < tx0 + SW_TILE_SIZE ? p->maxx : tx0 + SW_TILE_SIZE;
      int y1 = p->maxy < ty0 + SW_TILE_SIZE ? p->maxy : ty0 + SW_TILE_SIZE;
      for (int by = y0 & ~(BLOCK - 1); by < y1; by += BLOCK) {
         for (int bx = x0 & ~(BLOCK - 1); bx < x1; bx += BLOCK) {
            enum block_class bc = classify_block(p, bx, by);
            if (bc == BLOCK_OUT)
               continue;
            int qy0 = by > y0 ? by : y0, qx0 = bx > x0 ? bx : x0;
            int qy1 = by + BLOCK < y1 ? by + BLOCK : y1;
            int qx1 = bx + BLOCK < x1 ? bx + BLOCK : x1;
            for (int y = qy0; y < qy1; y += 2) {
               for (int x = qx0; x < qx1; x += 2) {
                  struct sw_quad *q = &t->quads[t->count];
                  if (!quad_coverage(r, p, x, y, bc == BLOCK_FULL, q->coverage))
                     continue;
                  q->x = (unsigned)x;
                  q->y = (unsigned)y;
                  q->layer = p->layer;
                  q->front_facing = p->front;
                  q->color_written = 0;
                  quad_depth(r, p, q);
                  t->prims[t->count] = p;
                  if (++t->count == SW_FS_QUADS)
                     flush(r, t);
               }
            }
         }
      }
   }
   flush(r, t);
}
