/* SPDX-License-Identifier: MIT */

/*
 * Geometry shaders of swrast on the IR interpreter.
 *
 * The input primitives of a draw (sw_draw_assemble_gs(): gl_in[] order,
 * adjacency kept) run one per lane, up to IR_EXEC_MAX_WIDTH lanes per
 * run.  Input slot s of the shader is vertex input_vertex[s] of varying
 * input_location[s] (sw_state_shader.c), read from the vertex shader's
 * outputs through its output_slot[] map (zeros when the vertex shader
 * does not write it).  gl_PrimitiveIDIn is the primitive's index in the
 * draw (per instance), gl_InvocationID is 0 (one invocation).
 *
 * emit_vertex copies each emitting lane's current outputs into that
 * lane's own list of vertices, marking the first vertex after
 * end_primitive (or the first of the lane) as the start of a strip;
 * vertices beyond max_vertices are dropped, as GL says.  Only stream 0 is
 * rasterized and written (the others are GL 4.0 and ignored).  After a
 * run the lanes are flushed in lane order, i.e. input primitive order,
 * and each strip is decomposed by sw_draw_assemble() as points, a line
 * strip or a triangle strip: so the provoking vertex and winding rules
 * of strips drawn directly apply, and the primitives for stream output
 * are made the same way in last-vertex order.  Incomplete strips give no
 * primitive.
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "sw_draw.h"
#include "sw_pipeline.h"
#include "sw_resource.h"
#include "compiler/ir/ir.h"
#include "compiler/ir/ir_exec.h"
#include "pipe/p_defines.h"

#define W IR_EXEC_MAX_WIDTH

/** The vertices one lane emitted in the current run. */
struct gs_lane {
   uint32_t *words; /**< count * num_outputs * 4 */
   uint8_t *starts; /**< 1: the vertex begins a strip */
   unsigned count, capacity;
   bool cut; /**< the next vertex begins a strip */
};

struct gs_run {
   const struct sw_shader *gs;
   const uint32_t *outputs;
   unsigned max_vertices;
   struct gs_lane lanes[W];
   bool oom;
};

static bool
lane_grow(struct gs_lane *l, unsigned num_slots)
{
   if (l->count < l->capacity)
      return true;
   unsigned cap = l->capacity ? l->capacity * 2 : 8;
   size_t words = (size_t)cap * (num_slots ? num_slots : 1) * 4;
   uint32_t *w = realloc(l->words, words * sizeof(uint32_t));
   if (!w)
      return false;
   l->words = w;
   uint8_t *s = realloc(l->starts, cap);
   if (!s)
      return false;
   l->starts = s;
   l->capacity = cap;
   return true;
}

static void
gs_emit_vertex(void *data, unsigned stream, uint64_t lanes)
{
   struct gs_run *r = data;
   if (stream != 0)
      return;
   unsigned ns = r->gs->num_outputs;
   while (lanes) {
      unsigned lane = (unsigned)__builtin_ctzll(lanes);
      lanes &= lanes - 1;
      struct gs_lane *l = &r->lanes[lane];
      if (l->count >= r->max_vertices)
         continue;
      if (!lane_grow(l, ns)) {
         r->oom = true;
         continue;
      }
      uint32_t *dst = l->words + (size_t)l->count * ns * 4;
      for (unsigned s = 0; s < ns; s++) {
         for (unsigned c = 0; c < 4; c++)
            dst[s * 4 + c] = r->outputs[((size_t)s * 4 + c) * W + lane];
      }
      l->starts[l->count] = l->count == 0 || l->cut;
      l->cut = false;
      l->count++;
   }
}

static void
gs_end_primitive(void *data, unsigned stream, uint64_t lanes)
{
   struct gs_run *r = data;
   if (stream != 0)
      return;
   while (lanes) {
      unsigned lane = (unsigned)__builtin_ctzll(lanes);
      lanes &= lanes - 1;
      r->lanes[lane].cut = true;
   }
}

/** The pipe primitive of a geometry shader's output strips. */
static unsigned
output_mode(enum ir_prim prim)
{
   switch (prim) {
   case IR_PRIM_POINTS:
      return PIPE_PRIM_POINTS;
   case IR_PRIM_LINE_STRIP:
   case IR_PRIM_LINES:
      return PIPE_PRIM_LINE_STRIP;
   default:
      return PIPE_PRIM_TRIANGLE_STRIP;
   }
}

/** Appends lane @p l's vertices to @p out and decomposes its strips. */
static bool
flush_lane(const struct gs_run *r, const struct gs_lane *l, unsigned mode,
           bool first, unsigned *idx, struct sw_gs_output *out)
{
   unsigned ns = r->gs->num_outputs;
   if (!l->count)
      return true;
   if (!sw_vertex_array_reserve(&out->verts, ns, l->count))
      return false;
   unsigned base = out->verts.count;
   memcpy(out->verts.data + (size_t)base * ns * 4, l->words,
          (size_t)l->count * ns * 4 * sizeof(uint32_t));
   out->verts.count += l->count;

   for (unsigned v = 0; v < l->count;) {
      unsigned end = v + 1;
      while (end < l->count && !l->starts[end])
         end++;
      for (unsigned k = v; k < end; k++)
         idx[k - v] = base + k;
      unsigned before = out->prims.num_prims;
      if (!sw_draw_assemble(mode, first, end - v, idx, &out->prims) ||
          !sw_draw_assemble(mode, false, end - v, idx, &out->so_prims))
         return false;
      out->num_prims += out->prims.num_prims - before;
      v = end;
   }
   return true;
}

/** A constant buffer as the interpreter wants it. */
static void
resolve_cbuf(const struct pipe_constant_buffer *cb, const void **ptr,
             size_t *size)
{
   *ptr = NULL;
   *size = 0;
   if (cb->user_buffer) {
      *ptr = cb->user_buffer;
      *size = cb->buffer_size;
   } else if (cb->buffer) {
      const struct sw_resource *res = sw_resource(cb->buffer);
      if (cb->buffer_offset >= cb->buffer->width0)
         return;
      size_t avail = cb->buffer->width0 - cb->buffer_offset;
      *ptr = res->data + cb->buffer_offset;
      *size =
         cb->buffer_size && cb->buffer_size < avail ? cb->buffer_size : avail;
   }
}

/** Fills the inputs of lanes 0 .. n - 1 from input primitives
 * first .. first + n - 1. */
static void
fill_inputs(const struct sw_shader *gs, const struct sw_shader *vs,
            const struct sw_vertex_array *vv, const struct sw_prim_list *in,
            unsigned first, unsigned n, uint32_t *inputs)
{
   for (unsigned s = 0; s < gs->num_inputs; s++) {
      int loc = gs->input_location[s];
      int v = gs->input_vertex[s];
      int src =
         loc >= 0 && loc < SW_MAX_SHADER_SLOTS ? vs->output_slot[loc] : -1;
      uint32_t *dst = inputs + (size_t)s * 4 * W;
      for (unsigned l = 0; l < n; l++) {
         unsigned vert = ~0u;
         if (v >= 0 && (unsigned)v < in->verts_per_prim)
            vert = in->indices[(size_t)(first + l) * in->verts_per_prim +
                               (unsigned)v];
         for (unsigned c = 0; c < 4; c++) {
            uint32_t word = 0;
            if (src >= 0 && vert < vv->count)
               word =
                  vv->data[((size_t)vert * vv->num_slots + (unsigned)src) * 4 +
                           c];
            dst[c * W + l] = word;
         }
      }
   }
}

bool
sw_draw_gs_run(struct sw_context *sw, const struct sw_vertex_array *vs_verts,
               const struct sw_prim_list *in, unsigned first_prim_id,
               bool flatshade_first, struct sw_gs_output *out)
{
   struct sw_shader *gs = sw->gs;
   if (!gs || !gs->prog || !sw->vs)
      return false;
   if (!gs->vs_state) {
      gs->vs_state = ir_exec_state_create(gs->prog, W);
      if (!gs->vs_state)
         return false;
   }
   unsigned max_vertices = gs->ir->info.gs.max_vertices;
   unsigned mode = output_mode(gs->ir->info.gs.output_prim);
   unsigned nin = gs->num_inputs ? gs->num_inputs : 1;
   unsigned nout = gs->num_outputs ? gs->num_outputs : 1;
   uint32_t *inputs = calloc((size_t)nin * 4 * W, 4);
   uint32_t *outputs = calloc((size_t)nout * 4 * W, 4);
   unsigned *idx = calloc(max_vertices ? max_vertices : 1, sizeof(unsigned));
   struct gs_run *r = calloc(1, sizeof(*r));
   struct sw_tex_state *ts = sw_tex_prepare(sw, PIPE_SHADER_GEOMETRY);
   bool ok = inputs && outputs && idx && r;
   if (!ok)
      goto done;
   r->gs = gs;
   r->outputs = outputs;
   r->max_vertices = max_vertices;

   uint32_t prim_id[W];
   struct ir_exec_io io = {
      .inputs = inputs,
      .num_input_slots = gs->num_inputs,
      .outputs = outputs,
      .num_output_slots = gs->num_outputs,
      .tex = ts ? sw_tex_sample_quad : NULL,
      .tex_data = ts,
      .emit_vertex = gs_emit_vertex,
      .end_primitive = gs_end_primitive,
      .gs_data = r,
   };
   resolve_cbuf(&sw->constants[PIPE_SHADER_GEOMETRY][0], &io.uniforms,
                &io.uniform_size);
   const void *ubos[PIPE_MAX_CONSTANT_BUFFERS - 1];
   size_t ubo_sizes[PIPE_MAX_CONSTANT_BUFFERS - 1];
   for (unsigned i = 0; i + 1 < PIPE_MAX_CONSTANT_BUFFERS; i++)
      resolve_cbuf(&sw->constants[PIPE_SHADER_GEOMETRY][i + 1], &ubos[i],
                   &ubo_sizes[i]);
   io.ubos = ubos;
   io.ubo_sizes = ubo_sizes;
   io.num_ubos = PIPE_MAX_CONSTANT_BUFFERS - 1;
   io.sysval_lanes[IR_EXEC_SYSVAL_PRIMITIVE_ID] = prim_id;
   ir_exec_state_set_io(gs->vs_state, &io);

   for (unsigned first = 0; first < in->num_prims && ok; first += W) {
      unsigned n = in->num_prims - first < W ? in->num_prims - first : W;
      fill_inputs(gs, sw->vs, vs_verts, in, first, n, inputs);
      for (unsigned l = 0; l < n; l++)
         prim_id[l] = first_prim_id + first + l;
      memset(outputs, 0, (size_t)nout * 4 * W * 4);
      for (unsigned l = 0; l < W; l++) {
         r->lanes[l].count = 0;
         r->lanes[l].cut = false;
      }
      uint64_t mask = n == 64 ? ~0ull : (1ull << n) - 1;
      if (!ir_exec_run(gs->vs_state, mask, 0) || r->oom) {
         ok = false;
         break;
      }
      for (unsigned l = 0; l < n && ok; l++)
         ok = flush_lane(r, &r->lanes[l], mode, flatshade_first, idx, out);
   }
done:
   if (r) {
      for (unsigned l = 0; l < W; l++) {
         free(r->lanes[l].words);
         free(r->lanes[l].starts);
      }
   }
   if (ts)
      sw_tex_release(ts);
   free(r);
   free(idx);
   free(inputs);
   free(outputs);
   return ok;
}

void
sw_gs_output_fini(struct sw_gs_output *out)
{
   sw_vertex_array_fini(&out->verts);
   sw_prim_list_fini(&out->prims);
   sw_prim_list_fini(&out->so_prims);
   out->num_prims = 0;
}
