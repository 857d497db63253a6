/* SPDX-License-Identifier: MIT */

/*
 * Texture sampling for the IR interpreter (sw_tex_sample_quad, the
 * callback of struct ir_exec_io) and its per-draw preparation.
 *
 * For each quad the callback reads the instruction's sources lane by
 * lane: coordinates (the array layer last), the projector (dividing the
 * coordinates and the shadow reference), the reference, bias or explicit
 * LOD, gradients and offsets.  Implicit LOD (in the fragment stage) comes
 * from the differences between the quad's lanes, lane 1 minus lane 0
 * across and lane 2 minus lane 0 down, scaled to texels of the base
 * level: lambda = log2(max(|d/dx|, |d/dy|)) with each derivative the
 * length of the scaled coordinate difference (GL 4.6, 8.14.1); the
 * sampler's bias and the shader's are added and the result clamped to the
 * sampler's LOD range.  Cube maps take the derivatives of the face
 * coordinates, all lanes projected onto the face of lane 0.  Outside the
 * fragment stage, implicit LOD is 0.
 *
 * texelFetch reads one texel (out of range: zeros); textureSize and
 * textureQueryLevels read the view.  Filtering is sw_tex_filter.c's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pipe/p_format.h"
#include "sw_tex_priv.h"

struct sw_tex_state *
sw_tex_prepare(const struct sw_context *sw, enum pipe_shader_type stage)
{
   struct sw_tex_state *ts = calloc(1, sizeof(*ts));
   if (!ts)
      return NULL;
   ts->sw = sw;
   ts->stage = stage;
   ts->implicit_lod_zero = stage != PIPE_SHADER_FRAGMENT;
   for (unsigned i = 0; i < PIPE_MAX_SHADER_SAMPLER_VIEWS; i++) {
      struct sw_tex_unit *u = &ts->units[i];
      const struct pipe_sampler_view *view = sw->sampler_views[stage][i];
      if (!view || !view->resource)
         continue;
      const struct u_format_desc *desc = u_format_description(view->format);
      if (!desc || view->format == PIPE_FORMAT_NONE)
         continue;
      u->res = sw_resource(view->resource);
      u->view = view;
      u->sampler = i < PIPE_MAX_SAMPLERS && sw->samplers[stage][i]
                      ? &sw->samplers[stage][i]->base
                      : NULL;
      u->desc = desc;
      u->format = view->format;
      u->depth = desc->is_depth;
      u->stencil = desc->is_stencil && !desc->is_depth;
      u->kind = desc->is_pure_uint || u->stencil ? SW_TEX_UINT
                : desc->is_pure_sint             ? SW_TEX_SINT
                                                 : SW_TEX_FLOAT;
      unsigned last = u->res->base.last_level;
      u->first_level = view->first_level <= last ? view->first_level : last;
      u->last_level = view->last_level <= last ? view->last_level : last;
      if (u->last_level < u->first_level)
         u->last_level = u->first_level;
      u->first_layer = view->first_layer;
      u->num_layers = view->last_layer >= view->first_layer
                         ? view->last_layer - view->first_layer + 1
                         : 1;
      u->swizzle[0] = view->swizzle_r;
      u->swizzle[1] = view->swizzle_g;
      u->swizzle[2] = view->swizzle_b;
      u->swizzle[3] = view->swizzle_a;
      if (u->sampler)
         u->border = u->sampler->border_color;
   }
   return ts;
}

void
sw_tex_release(struct sw_tex_state *ts)
{
   free(ts);
}

static float
fsrc(const struct ir_exec_tex_args *a, enum ir_tex_src_kind k, unsigned c,
     unsigned lane)
{
   float f;
   memcpy(&f, &a->src[k][c][lane], sizeof(f));
   return f;
}

static int32_t
isrc(const struct ir_exec_tex_args *a, enum ir_tex_src_kind k, unsigned c,
     unsigned lane)
{
   return (int32_t)a->src[k][c][lane];
}

/* Spatial coordinates of a dimension (the array layer not included). */
static unsigned
spatial_coords(enum ir_sampler_dim dim)
{
   switch (dim) {
   case IR_SAMPLER_DIM_1D:
   case IR_SAMPLER_DIM_BUF:
      return 1;
   case IR_SAMPLER_DIM_3D:
   case IR_SAMPLER_DIM_CUBE:
      return 3;
   default:
      return 2;
   }
}

static void
default_result(const struct ir_tex *tex, uint32_t result[4][4])
{
   uint32_t one = 1;
   if (tex->dest_type == IR_TYPE_FLOAT) {
      float f = 1.0f;
      memcpy(&one, &f, sizeof(one));
   }
   for (unsigned l = 0; l < 4; l++) {
      result[0][l] = result[1][l] = result[2][l] = 0;
      result[3][l] = one;
   }
}

/* The level of detail of lane @p lane before bias and clamping. */
static float
lane_lambda(const struct sw_tex_unit *u, const struct ir_tex *tex,
            const struct ir_exec_tex_args *a, float coords[4][4], unsigned lane)
{
   unsigned n = spatial_coords(tex->dim);
   unsigned size[3] = { 1, 1, 1 };
   sw_tex_level_size(u, u->first_level, size);
   bool normalized = tex->dim != IR_SAMPLER_DIM_RECT &&
                     (!u->sampler || u->sampler->normalized_coords);
   float scale[3] = { 1, 1, 1 };
   for (unsigned i = 0; i < 3; i++)
      scale[i] = normalized ? (float)size[i] : 1.0f;

   float dx[3] = { 0, 0, 0 }, dy[3] = { 0, 0, 0 };
   if (tex->op == IR_TEX_OP_TXD) {
      for (unsigned i = 0; i < n && i < a->num_components[IR_TEX_SRC_DDX];
           i++) {
         dx[i] = fsrc(a, IR_TEX_SRC_DDX, i, lane);
         dy[i] = fsrc(a, IR_TEX_SRC_DDY, i, lane);
      }
      if (tex->dim == IR_SAMPLER_DIM_CUBE) {
         /* Gradients of a direction: project the ends onto the face. */
         float s0, t0, s1, t1, s2, t2, p1[3], p2[3];
         unsigned face = sw_tex_cube_face(coords[0][lane], coords[1][lane],
                                          coords[2][lane], &s0, &t0);
         for (unsigned i = 0; i < 3; i++) {
            p1[i] = coords[i][lane] + dx[i];
            p2[i] = coords[i][lane] + dy[i];
         }
         sw_tex_face_coords(face, p1, &s1, &t1);
         sw_tex_face_coords(face, p2, &s2, &t2);
         dx[0] = s1 - s0, dx[1] = t1 - t0, dx[2] = 0;
         dy[0] = s2 - s0, dy[1] = t2 - t0, dy[2] = 0;
      }
   } else {
      float c[3][4];
      for (unsigned l = 0; l < 4; l++) {
         for (unsigned i = 0; i < 3; i++)
            c[i][l] = i < n ? coords[i][l] : 0.0f;
      }
      if (tex->dim == IR_SAMPLER_DIM_CUBE) {
         float s, t, d[3] = { c[0][0], c[1][0], c[2][0] };
         unsigned face = sw_tex_cube_face(d[0], d[1], d[2], &s, &t);
         for (unsigned l = 0; l < 4; l++) {
            float dl[3] = { c[0][l], c[1][l], c[2][l] };
            sw_tex_face_coords(face, dl, &c[0][l], &c[1][l]);
            c[2][l] = 0;
         }
      }
      for (unsigned i = 0; i < 3; i++) {
         dx[i] = c[i][1] - c[i][0];
         dy[i] = c[i][2] - c[i][0];
      }
   }
   float lx = 0, ly = 0;
   for (unsigned i = 0; i < 3; i++) {
      lx += dx[i] * scale[i] * dx[i] * scale[i];
      ly += dy[i] * scale[i] * dy[i] * scale[i];
   }
   float rho2 = lx > ly ? lx : ly;
   if (!(rho2 > 0.0f))
      return -INFINITY;
   return 0.5f * log2f(rho2);
}

static void
sample(const struct sw_tex_state *ts, const struct sw_tex_unit *u,
       const struct ir_tex *tex, const struct ir_exec_tex_args *a,
       uint32_t result[4][4])
{
   const struct pipe_sampler_state *smp = u->sampler;
   unsigned n = spatial_coords(tex->dim);
   unsigned ncoord = a->num_components[IR_TEX_SRC_COORD];
   float coords[4][4];
   memset(coords, 0, sizeof(coords));
   for (unsigned l = 0; l < 4; l++) {
      float q = a->num_components[IR_TEX_SRC_PROJECTOR]
                   ? fsrc(a, IR_TEX_SRC_PROJECTOR, 0, l)
                   : 1.0f;
      for (unsigned c = 0; c < ncoord && c < 4; c++) {
         float v = fsrc(a, IR_TEX_SRC_COORD, c, l);
         coords[c][l] = c < n ? v / q : v;
      }
   }

   float base_lambda[4] = { 0, 0, 0, 0 };
   bool implicit = tex->op == IR_TEX_OP_TEX || tex->op == IR_TEX_OP_TXB ||
                   tex->op == IR_TEX_OP_QUERY_LOD;
   /* Implicit LOD comes from the quad's differences, the same for its
    * four lanes: computed once. */
   float quad_lambda = implicit && !ts->implicit_lod_zero
                          ? lane_lambda(u, tex, a, coords, 0)
                          : 0.0f;
   for (unsigned l = 0; l < 4; l++) {
      if (tex->op == IR_TEX_OP_TXL)
         base_lambda[l] = fsrc(a, IR_TEX_SRC_LOD, 0, l);
      else if (implicit)
         base_lambda[l] = quad_lambda;
      else if (tex->op == IR_TEX_OP_TXD)
         base_lambda[l] = lane_lambda(u, tex, a, coords, l);
   }

   for (unsigned l = 0; l < 4; l++) {
      if (!(a->active & (1u << l)))
         continue;
      float lambda = base_lambda[l] + smp->lod_bias;
      if (tex->op == IR_TEX_OP_TXB)
         lambda += fsrc(a, IR_TEX_SRC_BIAS, 0, l);
      float unclamped = lambda;
      if (lambda < smp->min_lod)
         lambda = smp->min_lod;
      if (lambda > smp->max_lod)
         lambda = smp->max_lod;
      if (a->num_components[IR_TEX_SRC_MIN_LOD]) {
         float m = fsrc(a, IR_TEX_SRC_MIN_LOD, 0, l);
         if (lambda < m)
            lambda = m;
      }
      if (tex->op == IR_TEX_OP_QUERY_LOD) {
         float levels = (float)(u->last_level - u->first_level);
         float x = smp->min_mip_filter == PIPE_TEX_MIPFILTER_NONE ? 0.0f
                   : lambda < 0                                   ? 0.0f
                   : lambda > levels                              ? levels
                                                                  : lambda;
         memcpy(&result[0][l], &x, sizeof(x));
         memcpy(&result[1][l], &unclamped, sizeof(unclamped));
         continue;
      }

      struct sw_tex_lookup lk = {
         .dim = tex->dim,
         .is_array = tex->is_array,
         .is_shadow = tex->is_shadow,
         .lambda = lambda,
      };
      for (unsigned c = 0; c < 4; c++)
         lk.coord[c] = coords[c][l];
      if (tex->is_shadow) {
         float q = a->num_components[IR_TEX_SRC_PROJECTOR]
                      ? fsrc(a, IR_TEX_SRC_PROJECTOR, 0, l)
                      : 1.0f;
         lk.ref = fsrc(a, IR_TEX_SRC_COMPARATOR, 0, l) / q;
         /* Depth formats compare against a clamped reference. */
         if (u->depth && u->format != PIPE_FORMAT_Z32_FLOAT &&
             u->format != PIPE_FORMAT_Z32_FLOAT_S8X24_UINT)
            lk.ref = fminf(fmaxf(lk.ref, 0.0f), 1.0f);
      }
      for (unsigned c = 0; c < 3 && c < a->num_components[IR_TEX_SRC_OFFSET];
           c++)
         lk.offset[c] = isrc(a, IR_TEX_SRC_OFFSET, c, l);
      uint32_t out[4];
      sw_tex_filter(u, &lk, out);
      for (unsigned c = 0; c < 4; c++)
         result[c][l] = out[c];
   }
}

static void
fetch(const struct sw_tex_unit *u, const struct ir_tex *tex,
      const struct ir_exec_tex_args *a, uint32_t result[4][4])
{
   unsigned n = spatial_coords(tex->dim);
   for (unsigned l = 0; l < 4; l++) {
      if (!(a->active & (1u << l)))
         continue;
      int lod =
         a->num_components[IR_TEX_SRC_LOD] ? isrc(a, IR_TEX_SRC_LOD, 0, l) : 0;
      uint32_t out[4] = { 0, 0, 0, 0 };
      int64_t level = (int64_t)u->first_level + lod;
      struct sw_texel_coord c = { 0, 0, 0, 0 };
      int v[4] = { 0, 0, 0, 0 };
      for (unsigned i = 0; i < 4 && i < a->num_components[IR_TEX_SRC_COORD];
           i++)
         v[i] = isrc(a, IR_TEX_SRC_COORD, i, l);
      for (unsigned i = 0; i < 3 && i < a->num_components[IR_TEX_SRC_OFFSET];
           i++)
         v[i] += isrc(a, IR_TEX_SRC_OFFSET, i, l);
      c.x = v[0];
      c.y = n > 1 ? v[1] : 0;
      bool ok = lod >= 0 && level <= u->last_level;
      if (tex->dim == IR_SAMPLER_DIM_3D) {
         c.z = v[2];
      } else if (tex->is_array) {
         ok &= v[n] >= 0 && (unsigned)v[n] < u->num_layers;
         c.z = (int)u->first_layer + v[n];
      } else {
         c.z = (int)u->first_layer;
      }
      if (tex->op == IR_TEX_OP_TXF_MS) {
         int s = isrc(a, IR_TEX_SRC_MS_INDEX, 0, l);
         ok &= s >= 0 && (unsigned)s < u->res->nr_samples;
         c.sample = s >= 0 ? (unsigned)s : 0;
      }
      if (ok && u->res->base.target != PIPE_BUFFER) {
         unsigned size[3];
         sw_tex_level_size(u, (unsigned)level, size);
         ok = c.x >= 0 && (unsigned)c.x < size[0] && c.y >= 0 &&
              (unsigned)c.y < size[1] && c.z >= 0 &&
              (tex->dim != IR_SAMPLER_DIM_3D || (unsigned)c.z < size[2]);
      }
      if (ok) {
         sw_tex_fetch(u, (unsigned)level, &c, out);
         sw_tex_swizzle(u, out);
      }
      for (unsigned i = 0; i < 4; i++)
         result[i][l] = out[i];
   }
}

static void
query_size(const struct sw_tex_unit *u, const struct ir_tex *tex,
           const struct ir_exec_tex_args *a, uint32_t result[4][4])
{
   for (unsigned l = 0; l < 4; l++) {
      uint32_t out[4] = { 0, 0, 0, 0 };
      if (tex->op == IR_TEX_OP_LEVELS) {
         out[0] = u->last_level - u->first_level + 1;
      } else if (u->res->base.target == PIPE_BUFFER) {
         out[0] = u->view->buffer_size / u->desc->block_bytes;
      } else {
         int lod = a->num_components[IR_TEX_SRC_LOD]
                      ? isrc(a, IR_TEX_SRC_LOD, 0, l)
                      : 0;
         int64_t level = (int64_t)u->first_level + lod;
         if (lod >= 0 && level <= u->last_level) {
            unsigned size[3];
            sw_tex_level_size(u, (unsigned)level, size);
            unsigned n = spatial_coords(tex->dim);
            if (tex->dim == IR_SAMPLER_DIM_CUBE)
               n = 2;
            for (unsigned i = 0; i < n; i++)
               out[i] = size[i];
            if (tex->is_array) {
               out[n] = tex->dim == IR_SAMPLER_DIM_CUBE ? u->num_layers / 6
                                                        : u->num_layers;
            }
         }
      }
      for (unsigned i = 0; i < 4; i++)
         result[i][l] = out[i];
   }
}

void
sw_tex_sample_quad(void *data, const struct ir_tex *tex,
                   const struct ir_exec_tex_args *args, uint32_t result[4][4])
{
   const struct sw_tex_state *ts = data;
   default_result(tex, result);
   if (!ts || tex->texture_index >= PIPE_MAX_SHADER_SAMPLER_VIEWS)
      return;
   const struct sw_tex_unit *u = &ts->units[tex->texture_index];
   if (!u->res)
      return;
   switch (tex->op) {
   case IR_TEX_OP_TXS:
   case IR_TEX_OP_LEVELS:
      query_size(u, tex, args, result);
      return;
   case IR_TEX_OP_TXF:
   case IR_TEX_OP_TXF_MS:
      fetch(u, tex, args, result);
      return;
   default:
      if (u->sampler && u->res->base.target != PIPE_BUFFER)
         sample(ts, u, tex, args, result);
      return;
   }
}
