/* SPDX-License-Identifier: MIT */

/*
 * sw_raster_draw(): the back half of a draw (see sw_pipeline.h and the
 * flow in sw_raster_priv.h).
 *
 * This file prepares what every later step only reads: the viewport
 * transform, the pixel bounds (framebuffer and scissor), which clip planes
 * are active, the attribute layout (which output of the last vertex stage
 * feeds each fragment shader input, with the defaults for missing colours
 * and the back colours of two-sided lighting), the minimum resolvable
 * depth difference for polygon offset, and the fragment stage's inputs
 * (constant buffers, textures, fragment operations).  Then it converts the
 * shaded vertices into clip vertices (clip position, plane distances,
 * attributes) once each, and hands each primitive to the clipper, which
 * feeds setup and binning.  Binning happens on the calling thread in draw
 * order; the tiles then run on the thread pool.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_passes_io.h"
#include "sw_raster_priv.h"
#include "sw_resource.h"
#include "u_format.h"
#include "util/u_arena.h"

const uint8_t sw_sample_pos[2][SW_MAX_SAMPLES][2] = {
   { { 128, 128 }, { 128, 128 }, { 128, 128 }, { 128, 128 } },
   /* The standard 4x pattern: (0.375, 0.125), (0.875, 0.375),
    * (0.125, 0.625), (0.625, 0.875). */
   { { 96, 32 }, { 224, 96 }, { 32, 160 }, { 160, 224 } },
};

static int
last_slot(const struct sw_shader *last, unsigned varying)
{
   if (varying >= SW_MAX_SHADER_SLOTS)
      return -1;
   return last->output_slot[varying];
}

/** Fills the attribute layout from the fragment shader's inputs. */
static void
build_layout(struct sw_raster *r)
{
   struct sw_attr_layout *l = &r->layout;
   const struct pipe_rasterizer_state *rs = r->rs;
   unsigned n = r->fs ? r->fs->num_inputs : 0;
   l->num_inputs = n;
   l->num_slots = n;
   l->sprite = 0;
   for (unsigned i = 0; i < n; i++) {
      int loc = r->fs->input_location[i];
      bool color = loc == IR_VARYING_SLOT_COL0 || loc == IR_VARYING_SLOT_COL1;
      int src = loc >= 0 ? last_slot(r->last, (unsigned)loc) : -1;
      if (src < 0)
         src = color ? SW_ATTR_COLOR_DEFAULT : SW_ATTR_ZERO;
      l->src[i] = src;
      l->back[i] = (uint8_t)i;

      switch (r->fs->input_interp[i]) {
      case IR_INTERP_FLAT:
         l->interp[i] = SW_INTERP_FLAT;
         break;
      case IR_INTERP_NOPERSPECTIVE:
         l->interp[i] = SW_INTERP_NOPERSPECTIVE;
         break;
      default:
         l->interp[i] = SW_INTERP_SMOOTH;
         break;
      }
      /* The compatibility profile's glShadeModel(GL_FLAT) flattens the
       * colours whose interpolation the shader did not qualify (a
       * qualifier on gl_Color or gl_SecondaryColor wins). */
      if (rs->flatshade && color && !r->fs->input_interp_explicit[i])
         l->interp[i] = SW_INTERP_FLAT;

      if (loc >= IR_VARYING_SLOT_TEX0 &&
          loc < IR_VARYING_SLOT_TEX0 + IR_VARYING_SLOT_NUM_TEX &&
          (rs->sprite_coord_enable >> (loc - IR_VARYING_SLOT_TEX0)) & 1)
         l->sprite |= 1ull << i;

      if (color && rs->light_twoside) {
         int back = last_slot(r->last, (unsigned)loc - IR_VARYING_SLOT_COL0 +
                                          IR_VARYING_SLOT_BFC0);
         if (back >= 0) {
            l->back[i] = (uint8_t)l->num_slots;
            l->src[l->num_slots++] = back;
         }
      }
   }
}

static float
out_word(const struct sw_raster *r, unsigned v, int slot, unsigned c)
{
   union sw_word w;
   w.u = r->verts
            ->data[((size_t)v * r->verts->num_slots + (unsigned)slot) * 4 + c];
   return w.f;
}

/** Whether output slot @p src of the last stage is a colour that
 * clamp_vertex_color clamps to [0, 1] (the compatibility profile's
 * GL_CLAMP_VERTEX_COLOR: front and back, primary and secondary). */
static bool
is_clamped_color(const struct sw_raster *r, int src)
{
   if (!r->rs->clamp_vertex_color || src >= SW_MAX_SHADER_SLOTS)
      return false;
   int loc = r->last->output_location[src];
   return loc == IR_VARYING_SLOT_COL0 || loc == IR_VARYING_SLOT_COL1 ||
          loc == IR_VARYING_SLOT_BFC0 || loc == IR_VARYING_SLOT_BFC1;
}

/** Converts vertex @p v of the vertex array into a clip vertex. */
static void
convert_vertex(struct sw_raster *r, unsigned v, union sw_word *out)
{
   const struct sw_shader *last = r->last;
   int pos = last_slot(last, IR_VARYING_SLOT_POS);
   float p[4] = { 0, 0, 0, 0 };
   if (pos >= 0 && (unsigned)pos < r->verts->num_slots) {
      for (unsigned c = 0; c < 4; c++)
         p[c] = out_word(r, v, pos, c);
   }
   for (unsigned c = 0; c < 4; c++)
      out[c].f = p[c];

   float *d = &out[4].f;
   const float g = SW_GUARD_BAND;
   d[SW_CLIP_W] = p[3] - SW_W_EPSILON;
   d[SW_CLIP_NEAR] = r->rs->clip_halfz ? p[2] : p[2] + p[3];
   d[SW_CLIP_FAR] = p[3] - p[2];
   d[SW_CLIP_LEFT] = r->scale[0] * p[0] + (r->translate[0] + g) * p[3];
   d[SW_CLIP_RIGHT] = -r->scale[0] * p[0] + (g - r->translate[0]) * p[3];
   d[SW_CLIP_TOP] = r->scale[1] * p[1] + (r->translate[1] + g) * p[3];
   d[SW_CLIP_BOTTOM] = -r->scale[1] * p[1] + (g - r->translate[1]) * p[3];

   unsigned enable = r->rs->clip_plane_enable & 0xffu;
   if (enable) {
      int cd[2] = { last_slot(last, IR_VARYING_SLOT_CLIP_DIST0),
                    last_slot(last, IR_VARYING_SLOT_CLIP_DIST1) };
      int cv = last_slot(last, IR_VARYING_SLOT_CLIP_VERTEX);
      float q[4];
      memcpy(q, p, sizeof(q));
      if (cv >= 0) {
         for (unsigned c = 0; c < 4; c++)
            q[c] = out_word(r, v, cv, c);
      }
      for (unsigned i = 0; i < PIPE_MAX_CLIP_PLANES; i++) {
         float dist = 0;
         if (!((enable >> i) & 1)) {
            dist = 0;
         } else if (cd[0] >= 0 || cd[1] >= 0) {
            int s = cd[i / 4];
            dist = s >= 0 ? out_word(r, v, s, i % 4) : 0;
         } else {
            const float *u = r->sw->clip.ucp[i];
            dist = u[0] * q[0] + u[1] * q[1] + u[2] * q[2] + u[3] * q[3];
         }
         d[SW_CLIP_USER0 + i] = dist;
      }
   }

   union sw_word *a = out + r->attr_offset;
   for (unsigned s = 0; s < r->layout.num_slots; s++) {
      int src = r->layout.src[s];
      bool clamp = src >= 0 && is_clamped_color(r, src);
      for (unsigned c = 0; c < 4; c++) {
         union sw_word w = { .u = 0 };
         if (src >= 0 && (unsigned)src < r->verts->num_slots)
            w.u =
               r->verts
                  ->data[((size_t)v * r->verts->num_slots + (unsigned)src) * 4 +
                         c];
         else if (src == SW_ATTR_COLOR_DEFAULT && c == 3)
            w.f = 1.0f;
         /* fminf/fmaxf also turn NaN into 0 here. */
         if (clamp)
            w.f = fminf(fmaxf(w.f, 0.0f), 1.0f);
         a[s * 4 + c] = w;
      }
   }
}

/** The minimum resolvable difference of the depth buffer's format
 * (GL 4.6, 14.6.5): one step of a fixed-point buffer of up to 23 bits,
 * 2^-23 for deeper ones; float buffers depend on each primitive's
 * largest depth (r->float_depth). */
static void
depth_resolution(struct sw_raster *r)
{
   const struct pipe_surface *zs = r->sw->framebuffer.zsbuf;
   r->float_depth = false;
   r->mrd = 1.0 / 16777215.0;
   if (!zs)
      return;
   const struct u_format_desc *desc = u_format_description(zs->format);
   if (!desc || !desc->is_depth)
      return;
   for (unsigned c = 0; c < desc->nr_channels; c++) {
      const struct u_format_channel *ch = &desc->channel[c];
      if (desc->swizzle[0] != (enum u_format_swizzle)c)
         continue;
      if (ch->type == U_FORMAT_TYPE_FLOAT)
         r->float_depth = true;
      else if (ch->size > 0 && ch->size < 32)
         r->mrd = 1.0 / (double)((1u << ch->size) - 1);
      else
         r->mrd = 1.0 / 4294967295.0;
   }
   /* Depth is interpolated in float before it is converted: just below
    * 1.0 one float step (2^-24) is less than one step of a 24-bit buffer,
    * so an offset of one step may round away.  Two float steps always
    * resolve. */
   if (!r->float_depth && r->mrd < 0x1p-23)
      r->mrd = 0x1p-23;
}

static void
prepare_window(struct sw_raster *r)
{
   const struct pipe_viewport_state *vp = &r->sw->viewports[0];
   const struct pipe_rasterizer_state *rs = r->rs;
   memcpy(r->scale, vp->scale, sizeof(r->scale));
   memcpy(r->translate, vp->translate, sizeof(r->translate));
   float n =
      rs->clip_halfz ? vp->translate[2] : vp->translate[2] - vp->scale[2];
   float f = vp->translate[2] + vp->scale[2];
   r->zmin = fminf(n, f);
   r->zmax = fmaxf(n, f);
   r->depth_clamp =
      rs->depth_clamp || !rs->depth_clip_near || !rs->depth_clip_far;

   const struct pipe_framebuffer_state *fb = &r->sw->framebuffer;
   r->bounds[0] = 0;
   r->bounds[1] = 0;
   r->bounds[2] = (int)fb->width;
   r->bounds[3] = (int)fb->height;
   if (rs->scissor) {
      const struct pipe_scissor_state *s = &r->sw->scissors[0];
      if ((int)s->minx > r->bounds[0])
         r->bounds[0] = (int)s->minx;
      if ((int)s->miny > r->bounds[1])
         r->bounds[1] = (int)s->miny;
      if ((int)s->maxx < r->bounds[2])
         r->bounds[2] = (int)s->maxx;
      if ((int)s->maxy < r->bounds[3])
         r->bounds[3] = (int)s->maxy;
   }
   r->num_layers = fb->layers ? fb->layers : 1;
   r->poly_stipple =
      rs->poly_stipple_enable ? r->sw->poly_stipple.stipple : NULL;
   float vx0 = vp->translate[0] - fabsf(vp->scale[0]);
   float vx1 = vp->translate[0] + fabsf(vp->scale[0]);
   float vy0 = vp->translate[1] - fabsf(vp->scale[1]);
   float vy1 = vp->translate[1] + fabsf(vp->scale[1]);
   const float vmin[2] = { vx0, vy0 }, vmax[2] = { vx1, vy1 };
   for (unsigned a = 0; a < 2 && rs->no_viewport_clip; a++) {
      r->vp_bounds[a] = r->bounds[a];
      r->vp_bounds[a + 2] = r->bounds[a + 2];
   }
   for (unsigned a = 0; a < 2 && !rs->no_viewport_clip; a++) {
      /* Within the framebuffer bounds (NaN leaves them). */
      double lo = r->bounds[a], hi = r->bounds[a + 2];
      double v0 = floor(vmin[a]), v1 = ceil(vmax[a]);
      lo = v0 > lo ? v0 : lo;
      hi = v1 < hi ? v1 : hi;
      r->vp_bounds[a] = (int)lo;
      r->vp_bounds[a + 2] = hi > lo ? (int)hi : (int)lo;
   }

   r->plane_mask = (1u << SW_CLIP_W) | (1u << SW_CLIP_LEFT) |
                   (1u << SW_CLIP_RIGHT) | (1u << SW_CLIP_TOP) |
                   (1u << SW_CLIP_BOTTOM);
   if (rs->depth_clip_near)
      r->plane_mask |= 1u << SW_CLIP_NEAR;
   if (rs->depth_clip_far)
      r->plane_mask |= 1u << SW_CLIP_FAR;
   r->plane_mask |= (rs->clip_plane_enable & 0xffu) << SW_CLIP_USER0;
   r->num_planes = SW_MAX_PLANES;
}

/** The constant buffers, textures and output slots of the fragment
 * shader; false when out of memory. */
static bool
prepare_fragment(struct sw_raster *r)
{
   r->fo = sw_fragops_prepare(r->sw);
   if (!r->fo)
      return false;
   r->num_samples = sw_fragops_num_samples(r->fo) > 1 ? SW_MAX_SAMPLES : 1;
   r->sample_pos = sw_sample_pos[r->num_samples > 1 && r->rs->multisample];

   const struct sw_shader *fs = r->fs;
   bool discards =
      fs && (fs->ir->info.fs.uses_discard || fs->ir->info.fs.uses_demote);
   bool writes_depth = fs && fs->ir->info.fs.writes_depth;
   r->early_depth = sw_fragops_early_depth_ok(r->fo) &&
                    ((!discards && !writes_depth) ||
                     (fs && fs->ir->info.fs.early_fragment_tests));

   r->depth_output = -1;
   r->color1_output = -1;
   if (!fs)
      return true;
   for (unsigned s = 0; s < fs->num_outputs; s++) {
      int loc = fs->output_location[s];
      if (loc >= 0 && loc < PIPE_MAX_COLOR_BUFS &&
          !((r->color_mask >> loc) & 1)) {
         r->color_rt[r->num_colors] = (uint8_t)loc;
         r->color_slot[r->num_colors++] = (uint8_t)s;
         r->color_mask |= (uint8_t)(1u << loc);
      } else if (loc == IR_FRAG_RESULT_DEPTH) {
         r->depth_output = (int)s;
      } else if (loc == SW_FRAG_RESULT_DUAL_SOURCE) {
         r->color1_output = (int)s;
      }
   }

   struct ir_exec_io *io = &r->io_template;
   memset(io, 0, sizeof(*io));
   const struct pipe_constant_buffer *cb =
      r->sw->constants[PIPE_SHADER_FRAGMENT];
   for (unsigned i = 0; i < PIPE_MAX_CONSTANT_BUFFERS; i++) {
      const uint8_t *data = cb[i].user_buffer;
      if (cb[i].buffer)
         data = sw_resource(cb[i].buffer)->data;
      if (data)
         data += cb[i].buffer_offset;
      size_t size = data ? cb[i].buffer_size : 0;
      if (i == 0) {
         io->uniforms = data;
         io->uniform_size = size;
      } else {
         r->ubos[i - 1] = data;
         r->ubo_sizes[i - 1] = size;
      }
   }
   io->ubos = r->ubos;
   io->ubo_sizes = r->ubo_sizes;
   io->num_ubos = PIPE_MAX_CONSTANT_BUFFERS - 1;
   if (!fs->ir->info.num_textures)
      return true;
   r->tex = sw_tex_prepare(r->sw, PIPE_SHADER_FRAGMENT);
   if (!r->tex)
      return false;
   io->tex = sw_tex_sample_quad;
   io->tex_data = r->tex;
   return true;
}

static void
release(struct sw_raster *r)
{
   sw_fs_fini(r);
   sw_bin_fini(r);
   if (r->tex)
      sw_tex_release(r->tex);
   if (r->fo)
      sw_fragops_release(r->fo);
   free(r->cverts);
   u_arena_destroy(r->arena);
}

static const union sw_word *
cvert(const struct sw_raster *r, unsigned index)
{
   return r->cverts + (size_t)index * r->num_words;
}

void
sw_raster_draw(struct sw_context *sw, const struct sw_vertex_array *verts,
               const struct sw_shader *last, const struct sw_prim_list *prims)
{
   if (!sw->rasterizer || !last || sw->rasterizer->base.rasterizer_discard)
      return;
   if (!prims->num_prims || !verts->count || !sw->framebuffer.width ||
       !sw->framebuffer.height)
      return;

   struct sw_raster r = {
      .sw = sw,
      .rs = &sw->rasterizer->base,
      .last = last,
      .fs = sw->fs,
      .verts = verts,
   };
   prepare_window(&r);
   if (r.bounds[0] >= r.bounds[2] || r.bounds[1] >= r.bounds[3])
      return;
   build_layout(&r);
   depth_resolution(&r);
   r.psize_slot = last_slot(last, IR_VARYING_SLOT_PSIZ);
   r.layer_slot = last_slot(last, IR_VARYING_SLOT_LAYER);
   r.attr_offset = 4 + r.num_planes;
   r.num_words = r.attr_offset + r.layout.num_slots * 4 + 2;

   r.arena = u_arena_create(NULL);
   r.cverts = calloc((size_t)verts->count * r.num_words, sizeof(*r.cverts));
   if (!r.arena || !r.cverts || !prepare_fragment(&r) || !sw_bin_init(&r) ||
       !sw_fs_init(&r)) {
      release(&r);
      return;
   }

   /* The two words after the attributes keep the point size and the
    * layer. */
   for (unsigned v = 0; v < verts->count; v++) {
      union sw_word *out = r.cverts + (size_t)v * r.num_words;
      convert_vertex(&r, v, out);
      float size = r.rs->point_size;
      if (r.rs->point_size_per_vertex && r.psize_slot >= 0)
         size = out_word(&r, v, r.psize_slot, 0);
      out[SW_VERTEX_PSIZE(&r)].f = size;
      out[SW_VERTEX_LAYER(&r)].u =
         r.layer_slot >= 0 ? verts->data[((size_t)v * verts->num_slots +
                                          (unsigned)r.layer_slot) *
                                         4]
                           : 0;
   }

   const unsigned *idx = prims->indices;
   int prim_id_slot = last->output_slot[IR_VARYING_SLOT_PRIMITIVE_ID];
   if (prim_id_slot >= (int)verts->num_slots)
      prim_id_slot = -1;
   /* Line stipple counter: fragments of the strip drawn so far. */
   unsigned stipple_count = 0;
   for (unsigned p = 0; p < prims->num_prims && !r.oom; p++) {
      const unsigned *i = idx + (size_t)p * prims->verts_per_prim;
      bool bad = false;
      for (unsigned k = 0; k < prims->verts_per_prim; k++)
         bad |= i[k] >= verts->count;
      if (bad)
         continue;
      unsigned pv = r.rs->flatshade_first ? i[0] : i[prims->verts_per_prim - 1];
      /* gl_PrimitiveID: what a geometry shader wrote on the provoking
       * vertex, else the primitive's number in the draw. */
      unsigned prim_id = p;
      if (prim_id_slot >= 0)
         prim_id =
            verts
               ->data[((size_t)pv * verts->num_slots + (unsigned)prim_id_slot) *
                      4];
      switch (prims->prim) {
      case SW_PRIM_POINTS:
         sw_raster_point(&r, cvert(&r, i[0]), cvert(&r, pv), prim_id);
         break;
      case SW_PRIM_LINES:
         if (!prims->edge_flags || (prims->edge_flags[p] & SW_LINE_START))
            stipple_count = 0;
         sw_raster_line(&r, cvert(&r, i[0]), cvert(&r, i[1]), cvert(&r, pv),
                        prim_id, &stipple_count);
         break;
      case SW_PRIM_TRIANGLES:
         sw_raster_triangle(&r, cvert(&r, i[0]), cvert(&r, i[1]),
                            cvert(&r, i[2]),
                            prims->edge_flags ? prims->edge_flags[p] : 0x7u,
                            cvert(&r, pv), prim_id);
         break;
      }
   }

   if (!r.oom)
      sw_bin_run(&r);
   release(&r);
}
