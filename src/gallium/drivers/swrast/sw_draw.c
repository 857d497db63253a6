/* SPDX-License-Identifier: MIT */

/*
 * draw_vbo of swrast: the front half of the pipeline (sw_draw.h) and the
 * hand-off to the rasterizer (sw_raster_draw(), sw_pipeline.h).
 *
 * For each draw and each instance: the index list is read (1, 2 or 4
 * bytes per index, from a buffer or user memory; indices beyond the end of
 * the index buffer end the draw) and split at the restart index into
 * runs; the vertices of all runs are fetched and shaded into one vertex
 * array (sw_draw_fetch.c); each run is assembled into points, lines or
 * triangles (sw_draw_assemble.c); stream output writes the assembled
 * primitives; then, unless rasterizer_discard is set, the rasterizer draws
 * them.  A vertex whose index repeats in a draw is shaded once per
 * instance (dedupe(), a post-transform cache).
 *
 * Stream output follows GL 4.6 section 13.3: strips, loops and fans are
 * written as independent primitives with the vertex order of the
 * last-vertex convention ((i, i + 1, i + 2) and (i + 1, i, i + 2) for
 * strips); a primitive is written only if it fits in every buffer the
 * outputs use, else it counts as not written (primitives_so_needed) and
 * nothing more is written.
 *
 * With a geometry shader bound, the runs are assembled into its input
 * primitives instead (sw_draw_assemble_gs()), the shader runs on them
 * (sw_draw_gs.c) and its output vertices and primitives go to stream
 * output, PRIMITIVES_GENERATED and the rasterizer, the geometry shader
 * being the last vertex stage.
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "sw_draw.h"
#include "sw_pipeline.h"
#include "sw_resource.h"
#include "pipe/p_defines.h"

/** Reads the @p count indices of @p draw into @p elts (bias applied),
 * writing the end of each run into @p run_ends.  Returns the number of
 * vertices kept; *@p num_runs gets the number of runs. */
static unsigned
read_indices(const struct pipe_draw_info *info,
             const struct pipe_draw_start_count_bias *draw, unsigned *elts,
             unsigned *run_ends, unsigned *num_runs)
{
   const uint8_t *base;
   uint64_t avail;
   if (info->has_user_indices) {
      base = info->index.user;
      avail = (uint64_t)draw->start + draw->count;
   } else {
      if (!info->index.resource)
         return *num_runs = 0;
      base = sw_resource(info->index.resource)->data;
      avail = info->index.resource->width0 / info->index_size;
   }
   *num_runs = 0;
   if (!base || draw->start >= avail)
      return 0;
   uint64_t end = (uint64_t)draw->start + draw->count;
   if (end > avail)
      end = avail;
   unsigned n = 0;
   for (uint64_t i = draw->start; i < end; i++) {
      unsigned idx;
      if (info->index_size == 1) {
         idx = base[i];
      } else if (info->index_size == 2) {
         uint16_t v;
         memcpy(&v, base + i * 2, 2);
         idx = v;
      } else {
         uint32_t v;
         memcpy(&v, base + i * 4, 4);
         idx = v;
      }
      if (info->primitive_restart && idx == info->restart_index) {
         if (*num_runs == 0 || run_ends[*num_runs - 1] != n)
            run_ends[(*num_runs)++] = n;
         continue;
      }
      elts[n++] = idx + (unsigned)draw->index_bias;
   }
   if (*num_runs == 0 || run_ends[*num_runs - 1] != n)
      run_ends[(*num_runs)++] = n;
   return n;
}

/**
 * The post-transform cache: rewrites @p elts (n indices) in place into
 * the list of distinct indices, in first-use order, and fills seq[i] with
 * the position of elts[i] in that list.  Returns the number of distinct
 * indices.  Only done when the indices span a range not much larger than
 * their count (a dense map); otherwise every index is shaded.
 */
static unsigned
dedupe(unsigned *elts, unsigned n, unsigned *seq)
{
   unsigned lo = elts[0], hi = elts[0];
   for (unsigned i = 1; i < n; i++) {
      lo = elts[i] < lo ? elts[i] : lo;
      hi = elts[i] > hi ? elts[i] : hi;
   }
   uint64_t range = (uint64_t)hi - lo + 1;
   unsigned *map = range <= 4 * (uint64_t)n + 64
                      ? malloc((size_t)range * sizeof(unsigned))
                      : NULL;
   if (!map) {
      for (unsigned i = 0; i < n; i++)
         seq[i] = i;
      return n;
   }
   memset(map, 0xff, (size_t)range * sizeof(unsigned));
   unsigned count = 0;
   for (unsigned i = 0; i < n; i++) {
      unsigned *slot = &map[elts[i] - lo];
      if (*slot == ~0u) {
         *slot = count;
         elts[count++] = elts[i];
      }
      seq[i] = *slot;
   }
   free(map);
   return count;
}

/** Writes @p prims of @p verts to the bound stream-output targets. */
static void
stream_out(struct sw_context *sw, const struct sw_shader *vs,
           const struct sw_vertex_array *verts,
           const struct sw_prim_list *prims)
{
   const struct pipe_stream_output_info *so = &vs->stream_output;
   unsigned used = 0;
   for (unsigned o = 0; o < so->num_outputs; o++)
      used |= 1u << so->output[o].output_buffer;
   for (unsigned p = 0; p < prims->num_prims; p++) {
      bool fits = true;
      for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++) {
         if (!(used & (1u << b)))
            continue;
         const struct pipe_stream_output_target *t = sw->so_targets[b];
         uint64_t need = (uint64_t)prims->verts_per_prim * so->stride[b] * 4;
         if (!t || sw->so_written[b] + need > t->buffer_size)
            fits = false;
      }
      if (!fits) {
         sw->counters.primitives_so_needed += prims->num_prims - p;
         return;
      }
      for (unsigned k = 0; k < prims->verts_per_prim; k++) {
         unsigned v = prims->indices[p * prims->verts_per_prim + k];
         const uint32_t *src = verts->data + (size_t)v * verts->num_slots * 4;
         for (unsigned o = 0; o < so->num_outputs; o++) {
            const struct pipe_stream_output *out = &so->output[o];
            const struct pipe_stream_output_target *t =
               sw->so_targets[out->output_buffer];
            int slot = out->register_index < SW_MAX_SHADER_SLOTS
                          ? vs->output_slot[out->register_index]
                          : -1;
            uint8_t *dst = sw_resource(t->buffer)->data + t->buffer_offset +
                           sw->so_written[out->output_buffer] +
                           out->dst_offset * 4;
            for (unsigned c = 0; c < out->num_components; c++) {
               unsigned comp = out->start_component + c;
               uint32_t word =
                  slot >= 0 && comp < 4 ? src[(unsigned)slot * 4 + comp] : 0;
               memcpy(dst + c * 4, &word, 4);
            }
         }
         for (unsigned b = 0; b < PIPE_MAX_SO_BUFFERS; b++) {
            if (used & (1u << b))
               sw->so_written[b] += so->stride[b] * 4;
         }
      }
      sw->counters.primitives_emitted++;
   }
}

/**
 * The number of primitives GL counts for @p n vertices of @p mode (what
 * PRIMITIVES_GENERATED reports): a quad or polygon counts once, however
 * many triangles it became.
 */
static unsigned
gl_prim_count(unsigned mode, unsigned n)
{
   switch (mode) {
   case PIPE_PRIM_POINTS:
      return n;
   case PIPE_PRIM_LINES:
      return n / 2;
   case PIPE_PRIM_LINE_STRIP:
      return n >= 2 ? n - 1 : 0;
   case PIPE_PRIM_LINE_LOOP:
      return n >= 2 ? n : 0;
   case PIPE_PRIM_TRIANGLES:
      return n / 3;
   case PIPE_PRIM_TRIANGLE_STRIP:
   case PIPE_PRIM_TRIANGLE_FAN:
      return n >= 3 ? n - 2 : 0;
   case PIPE_PRIM_QUADS:
      return n / 4;
   case PIPE_PRIM_QUAD_STRIP:
      return n >= 4 ? (n - 2) / 2 : 0;
   case PIPE_PRIM_POLYGON:
      return n >= 3 ? 1 : 0;
   case PIPE_PRIM_LINES_ADJACENCY:
      return n / 4;
   case PIPE_PRIM_LINE_STRIP_ADJACENCY:
      return n >= 4 ? n - 3 : 0;
   case PIPE_PRIM_TRIANGLES_ADJACENCY:
      return n / 6;
   case PIPE_PRIM_TRIANGLE_STRIP_ADJACENCY:
      return n >= 6 ? (n - 4) / 2 : 0;
   default:
      return 0;
   }
}

/** Assembles the runs of one instance into @p list. */
static bool
assemble_runs(unsigned mode, bool first, const unsigned *run_ends,
              unsigned num_runs, unsigned *seq, struct sw_prim_list *list)
{
   unsigned begin = 0;
   for (unsigned r = 0; r < num_runs; r++) {
      if (!sw_draw_assemble(mode, first, run_ends[r] - begin, seq + begin,
                            list))
         return false;
      begin = run_ends[r];
   }
   return true;
}

/** The geometry stage of one instance: @p verts are the vertex
 * shader's outputs. */
static void
draw_gs(struct sw_context *sw, const struct pipe_draw_info *info,
        const struct sw_vertex_array *verts, const unsigned *run_ends,
        unsigned num_runs, unsigned *seq)
{
   const struct pipe_rasterizer_state *rs =
      sw->rasterizer ? &sw->rasterizer->base : NULL;
   struct sw_prim_list in = { 0 };
   struct sw_gs_output out = { 0 };
   bool ok = true;
   for (unsigned r = 0, begin = 0; r < num_runs && ok; begin = run_ends[r++])
      ok =
         sw_draw_assemble_gs(info->mode, run_ends[r] - begin, seq + begin, &in);
   if (ok && in.num_prims &&
       sw_draw_gs_run(sw, verts, &in, 0, rs && rs->flatshade_first, &out)) {
      sw->counters.primitives_generated += out.num_prims;
      if (sw->num_so_targets && sw->gs->stream_output.num_outputs)
         stream_out(sw, sw->gs, &out.verts, &out.so_prims);
      if (rs && !rs->rasterizer_discard && out.prims.num_prims && sw->fs)
         sw_raster_draw(sw, &out.verts, sw->gs, &out.prims);
   }
   sw_prim_list_fini(&in);
   sw_gs_output_fini(&out);
}

static void
draw_instance(struct sw_context *sw, const struct pipe_draw_info *info,
              const struct pipe_draw_start_count_bias *draw,
              const struct sw_fetch_info *fi, const unsigned *run_ends,
              unsigned num_runs, unsigned *seq)
{
   struct sw_vertex_array verts = { 0 };
   struct sw_prim_list prims = { 0 };
   const struct pipe_rasterizer_state *rs =
      sw->rasterizer ? &sw->rasterizer->base : NULL;
   bool first = rs && rs->flatshade_first;

   if (!sw_draw_shade_vertices(sw, fi, &verts))
      goto done;
   if (sw->gs && sw->gs->prog) {
      draw_gs(sw, info, &verts, run_ends, num_runs, seq);
      goto done;
   }
   if (!assemble_runs(info->mode, first, run_ends, num_runs, seq, &prims))
      goto done;
   if (rs && (rs->fill_front != PIPE_POLYGON_MODE_FILL ||
              rs->fill_back != PIPE_POLYGON_MODE_FILL)) {
      uint8_t *flags = malloc(fi->count ? fi->count : 1);
      if (flags && sw_draw_fetch_edge_flags(sw, fi, flags))
         sw_draw_apply_edge_flags(info->mode, flags, &prims);
      free(flags);
   }
   for (unsigned r = 0, begin = 0; r < num_runs; begin = run_ends[r++])
      sw->counters.primitives_generated +=
         gl_prim_count(info->mode, run_ends[r] - begin);

   if (sw->num_so_targets && sw->vs->stream_output.num_outputs) {
      struct sw_prim_list so_prims = { 0 };
      if (assemble_runs(info->mode, false, run_ends, num_runs, seq, &so_prims))
         stream_out(sw, sw->vs, &verts, &so_prims);
      sw_prim_list_fini(&so_prims);
   }
   if (rs && !rs->rasterizer_discard && prims.num_prims && sw->fs)
      sw_raster_draw(sw, &verts, sw->vs, &prims);
done:
   sw_vertex_array_fini(&verts);
   sw_prim_list_fini(&prims);
}

void
sw_draw_vbo(struct pipe_context *ctx, const struct pipe_draw_info *info,
            const struct pipe_draw_start_count_bias *draws, unsigned num_draws)
{
   struct sw_context *sw = sw_context(ctx);
   if (!sw->vs || !sw->vs->prog || !sw_check_render_condition(sw))
      return;
   if (info->index_size != 0 && info->index_size != 1 &&
       info->index_size != 2 && info->index_size != 4)
      return;

   struct sw_tex_state *ts = sw_tex_prepare(sw, PIPE_SHADER_VERTEX);
   for (unsigned d = 0; d < num_draws; d++) {
      const struct pipe_draw_start_count_bias *draw = &draws[d];
      if (draw->count == 0)
         continue;
      unsigned *elts = NULL, *run_ends = NULL, num_runs = 1, n = draw->count;
      unsigned *seq = malloc((size_t)draw->count * sizeof(unsigned));
      if (info->index_size) {
         elts = malloc((size_t)draw->count * sizeof(unsigned));
         run_ends = malloc(((size_t)draw->count + 1) * sizeof(unsigned));
         if (elts && run_ends)
            n = read_indices(info, draw, elts, run_ends, &num_runs);
      } else {
         run_ends = malloc(sizeof(unsigned));
         if (run_ends)
            run_ends[0] = n;
      }
      if (seq && run_ends && (elts || !info->index_size) && n) {
         unsigned shaded = elts ? dedupe(elts, n, seq) : n;
         if (!elts) {
            for (unsigned i = 0; i < n; i++)
               seq[i] = i;
         }
         struct sw_fetch_info fi = {
            .elts = elts,
            .start = draw->start,
            .count = shaded,
            .start_instance = info->start_instance,
            .base_vertex =
               info->index_size ? draw->index_bias : (int)draw->start,
            .tex = ts ? sw_tex_sample_quad : NULL,
            .tex_data = ts,
         };
         for (unsigned inst = 0; inst < info->instance_count; inst++) {
            fi.instance = inst;
            draw_instance(sw, info, draw, &fi, run_ends, num_runs, seq);
         }
      }
      free(seq);
      free(elts);
      free(run_ends);
   }
   if (ts)
      sw_tex_release(ts);
}
