/* SPDX-License-Identifier: MIT */

/*
 * Vertex fetch and the vertex shader.
 *
 * Vertices are shaded in groups of IR_EXEC_MAX_WIDTH lanes.  For each
 * input slot of the shader (sw_shader::input_location gives the attribute,
 * which is also the vertex element index), every lane's element is read
 * from its vertex buffer at
 *
 *    buffer_offset + index * stride + src_offset
 *
 * where index is the vertex's index (bias applied) for per-vertex
 * elements and start_instance + instance / divisor for instanced ones,
 * and unpacked with u_format: floats for float inputs (pure integer
 * formats converted, GL's non-normalized integer attributes), raw
 * integers for integer inputs.  Reads beyond the end of a buffer resource
 * (and attributes with no element or no buffer) give (0, 0, 0, 1).
 *
 * The interpreter's outputs are [slot][component][lane]; they are
 * transposed into the vertex array, vertex-major, so that later stages
 * find a vertex's slots together.
 */
#include <stdlib.h>
#include <string.h>

#include "sw_context.h"
#include "sw_draw.h"
#include "sw_resource.h"
#include "compiler/ir/ir_exec.h"
#include "pipe/p_format.h"

#define W IR_EXEC_MAX_WIDTH

bool
sw_vertex_array_reserve(struct sw_vertex_array *va, unsigned num_slots,
                        unsigned more)
{
   if (va->count == 0)
      va->num_slots = num_slots;
   if (va->num_slots != num_slots)
      return false;
   uint64_t need = (uint64_t)va->count + more;
   if (need <= va->capacity)
      return true;
   uint64_t cap = va->capacity ? va->capacity : 64;
   while (cap < need)
      cap *= 2;
   uint64_t words = cap * (num_slots ? num_slots : 1) * 4;
   if (cap > UINT32_MAX || words > SIZE_MAX / 4)
      return false;
   uint32_t *data = realloc(va->data, (size_t)words * 4);
   if (!data)
      return false;
   va->data = data;
   va->capacity = (unsigned)cap;
   return true;
}

void
sw_vertex_array_fini(struct sw_vertex_array *va)
{
   free(va->data);
   memset(va, 0, sizeof(*va));
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

/** The 4 words of one attribute of one vertex. */
static void
fetch_one(const struct pipe_vertex_element *ve,
          const struct pipe_vertex_buffer *vb, const struct u_format_desc *d,
          unsigned index, enum sw_input_kind kind, uint32_t out[4])
{
   static const float deflt_f[4] = { 0, 0, 0, 1 };
   const uint8_t *base = NULL;
   uint64_t off = (uint64_t)vb->buffer_offset + (uint64_t)index * vb->stride +
                  ve->src_offset;
   if (vb->is_user_buffer) {
      if (vb->buffer.user)
         base = (const uint8_t *)vb->buffer.user + off;
   } else if (vb->buffer.resource &&
              off + d->block_bytes <= vb->buffer.resource->width0) {
      base = sw_resource(vb->buffer.resource)->data + off;
   }
   if (!base) {
      if (kind == SW_INPUT_FLOAT) {
         memcpy(out, deflt_f, 16);
      } else {
         out[0] = out[1] = out[2] = 0;
         out[3] = 1;
      }
      return;
   }
   if (d->is_pure_uint || d->is_pure_sint) {
      uint32_t v[4] = { 0, 0, 0, 1 };
      if (d->is_pure_uint)
         d->unpack_rgba_uint(base, v);
      else
         d->unpack_rgba_sint(base, (int32_t *)v);
      if (kind == SW_INPUT_FLOAT) {
         for (unsigned c = 0; c < 4; c++) {
            float f = d->is_pure_uint ? (float)v[c] : (float)(int32_t)v[c];
            memcpy(&out[c], &f, 4);
         }
      } else {
         memcpy(out, v, 16);
      }
      return;
   }
   float f[4] = { 0, 0, 0, 1 };
   if (d->unpack_rgba_float)
      d->unpack_rgba_float(base, f);
   if (kind == SW_INPUT_FLOAT) {
      memcpy(out, f, 16);
   } else {
      /* A float format feeding an integer input: undefined in GL; give
       * the converted values. */
      for (unsigned c = 0; c < 4; c++)
         out[c] = (uint32_t)(int32_t)f[c];
   }
}

/** Fills the [slot][component][lane] inputs of @p n lanes. */
static void
fetch_group(const struct sw_context *sw, const struct sw_shader *vs,
            const struct sw_fetch_info *fi, unsigned first, unsigned n,
            uint32_t *inputs)
{
   const struct sw_vertex_elements_state *ve = sw->velems;
   for (unsigned s = 0; s < vs->num_inputs; s++) {
      uint32_t *slot = inputs + (size_t)s * 4 * W;
      int loc = vs->input_location[s];
      enum sw_input_kind kind = (enum sw_input_kind)vs->input_kind[s];
      const struct pipe_vertex_element *e =
         ve && loc >= 0 && (unsigned)loc < ve->count ? &ve->elements[loc]
                                                     : NULL;
      if (e && e->edge_flag)
         e = NULL;
      const struct u_format_desc *d =
         e ? u_format_description(e->src_format) : NULL;
      if (d && (d->is_compressed || d->block_bytes == 0 ||
                e->vertex_buffer_index >= PIPE_MAX_ATTRIBS))
         d = NULL;
      for (unsigned l = 0; l < n; l++) {
         uint32_t v[4];
         if (!d) {
            static const uint32_t one_f[4] = { 0, 0, 0, 0x3f800000 };
            static const uint32_t one_i[4] = { 0, 0, 0, 1 };
            memcpy(v, kind == SW_INPUT_FLOAT ? one_f : one_i, 16);
         } else {
            unsigned index;
            if (e->instance_divisor)
               index = fi->start_instance + fi->instance / e->instance_divisor;
            else if (fi->elts)
               index = fi->elts[first + l];
            else
               index = fi->start + first + l;
            fetch_one(e, &sw->vertex_buffers[e->vertex_buffer_index], d, index,
                      kind, v);
         }
         for (unsigned c = 0; c < 4; c++)
            slot[c * W + l] = v[c];
      }
   }
}

bool
sw_draw_fetch_edge_flags(const struct sw_context *sw,
                         const struct sw_fetch_info *fi, uint8_t *out)
{
   const struct sw_vertex_elements_state *ve = sw->velems;
   const struct pipe_vertex_element *e = NULL;
   for (unsigned i = 0; ve && i < ve->count && !e; i++) {
      if (ve->elements[i].edge_flag)
         e = &ve->elements[i];
   }
   if (!e || e->vertex_buffer_index >= PIPE_MAX_ATTRIBS)
      return false;
   const struct u_format_desc *d = u_format_description(e->src_format);
   if (!d || d->is_compressed || d->block_bytes == 0)
      return false;
   const struct pipe_vertex_buffer *vb =
      &sw->vertex_buffers[e->vertex_buffer_index];
   for (unsigned i = 0; i < fi->count; i++) {
      unsigned index = fi->elts ? fi->elts[i] : fi->start + i;
      uint32_t v[4];
      fetch_one(e, vb, d, index, SW_INPUT_FLOAT, v);
      float f;
      memcpy(&f, &v[0], 4);
      out[i] = f != 0.0f;
   }
   return true;
}

bool
sw_draw_shade_vertices(struct sw_context *sw, const struct sw_fetch_info *fi,
                       struct sw_vertex_array *out)
{
   struct sw_shader *vs = sw->vs;
   if (!vs || !vs->prog)
      return false;
   if (!vs->vs_state) {
      vs->vs_state = ir_exec_state_create(vs->prog, W);
      if (!vs->vs_state)
         return false;
   }
   if (!sw_vertex_array_reserve(out, vs->num_outputs, fi->count))
      return false;

   unsigned nin = vs->num_inputs ? vs->num_inputs : 1;
   unsigned nout = vs->num_outputs ? vs->num_outputs : 1;
   uint32_t *inputs = calloc((size_t)nin * 4 * W, 4);
   uint32_t *outputs = calloc((size_t)nout * 4 * W, 4);
   if (!inputs || !outputs) {
      free(inputs);
      free(outputs);
      return false;
   }

   uint32_t vertex_id[W];
   struct ir_exec_io io = {
      .inputs = inputs,
      .num_input_slots = vs->num_inputs,
      .outputs = outputs,
      .num_output_slots = vs->num_outputs,
      .tex = fi->tex,
      .tex_data = fi->tex_data,
   };
   resolve_cbuf(&sw->constants[PIPE_SHADER_VERTEX][0], &io.uniforms,
                &io.uniform_size);
   const void *ubos[PIPE_MAX_CONSTANT_BUFFERS - 1];
   size_t ubo_sizes[PIPE_MAX_CONSTANT_BUFFERS - 1];
   for (unsigned i = 0; i + 1 < PIPE_MAX_CONSTANT_BUFFERS; i++)
      resolve_cbuf(&sw->constants[PIPE_SHADER_VERTEX][i + 1], &ubos[i],
                   &ubo_sizes[i]);
   io.ubos = ubos;
   io.ubo_sizes = ubo_sizes;
   io.num_ubos = PIPE_MAX_CONSTANT_BUFFERS - 1;
   io.sysval_lanes[IR_EXEC_SYSVAL_VERTEX_ID] = vertex_id;
   io.sysval[IR_EXEC_SYSVAL_INSTANCE_ID][0] = fi->instance;
   io.sysval[IR_EXEC_SYSVAL_BASE_VERTEX][0] = (uint32_t)fi->base_vertex;
   io.sysval[IR_EXEC_SYSVAL_BASE_INSTANCE][0] = fi->start_instance;
   ir_exec_state_set_io(vs->vs_state, &io);

   bool ok = true;
   for (unsigned first = 0; first < fi->count && ok; first += W) {
      unsigned n = fi->count - first < W ? fi->count - first : W;
      fetch_group(sw, vs, fi, first, n, inputs);
      for (unsigned l = 0; l < n; l++)
         vertex_id[l] = fi->elts ? fi->elts[first + l] : fi->start + first + l;
      memset(outputs, 0, (size_t)nout * 4 * W * 4);
      uint64_t mask = n == 64 ? ~0ull : (1ull << n) - 1;
      if (!ir_exec_run(vs->vs_state, mask, 0)) {
         ok = false;
         break;
      }
      uint32_t *dst = out->data + (size_t)out->count * vs->num_outputs * 4;
      for (unsigned l = 0; l < n; l++) {
         for (unsigned s = 0; s < vs->num_outputs; s++) {
            for (unsigned c = 0; c < 4; c++)
               *dst++ = outputs[((size_t)s * 4 + c) * W + l];
         }
      }
      out->count += n;
   }
   free(inputs);
   free(outputs);
   return ok;
}
