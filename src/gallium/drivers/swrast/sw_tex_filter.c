/* SPDX-License-Identifier: MIT */

/*
 * Filtered texture lookups for one lane (GL 4.6 core, 8.13-8.14):
 *
 *  - the level of detail chooses magnification (lambda <= 0) or
 *    minification and, with a mipmap filter, one level (nearest: the
 *    level of lambda rounded) or two levels blended by the fraction of
 *    lambda (linear), always within the view's levels;
 *  - each coordinate is scaled to texels (unless unnormalized) and
 *    wrapped: for nearest filtering one texel index, for linear two
 *    indices and a weight; indices the border modes leave outside the
 *    level read the border colour;
 *  - shadow lookups compare each texel with the reference before
 *    filtering, so linear filtering gives the fraction that passed.
 *
 * Cube maps select a face by the major axis of the direction (sw_tex_
 * cube_face) and then sample the face as a 2D layer: clamped to its edges,
 * or with seamless cube maps reading the texels past an edge from the
 * neighbouring face (cube_neighbour()).  Integer
 * formats are never filtered: a linear filter reads them as nearest, as
 * GL leaves that undefined and everyone does.
 */
#include <math.h>
#include <string.h>

#include "sw_tex_priv.h"

/* Per face (enum pipe_cube_face): the major axis, the axes of s and t and
 * their signs (GL 4.6 table 8.19). */
static const struct {
   uint8_t axis, sc, tc;
   int8_t ssign, tsign;
} cube_axes[6] = {
   { 0, 2, 1, -1, -1 }, { 0, 2, 1, 1, -1 }, { 1, 0, 2, 1, 1 },
   { 1, 0, 2, 1, -1 },  { 2, 0, 1, 1, -1 }, { 2, 0, 1, -1, -1 },
};

void
sw_tex_face_coords(unsigned face, const float d[3], float *s, float *t)
{
   float ma = fabsf(d[cube_axes[face].axis]);
   if (ma == 0.0f)
      ma = 1.0f;
   *s =
      0.5f * ((float)cube_axes[face].ssign * d[cube_axes[face].sc] / ma + 1.0f);
   *t =
      0.5f * ((float)cube_axes[face].tsign * d[cube_axes[face].tc] / ma + 1.0f);
}

unsigned
sw_tex_cube_face(float x, float y, float z, float *s, float *t)
{
   float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
   unsigned face;
   if (ax >= ay && ax >= az)
      face = x >= 0 ? PIPE_CUBE_POS_X : PIPE_CUBE_NEG_X;
   else if (ay >= az)
      face = y >= 0 ? PIPE_CUBE_POS_Y : PIPE_CUBE_NEG_Y;
   else
      face = z >= 0 ? PIPE_CUBE_POS_Z : PIPE_CUBE_NEG_Z;
   const float d[3] = { x, y, z };
   sw_tex_face_coords(face, d, s, t);
   return face;
}

/* i mod n in [0, n). */
static int
wrap_repeat(int i, int n)
{
   int m = i % n;
   return m < 0 ? m + n : m;
}

/* The mirrored repeat of texel index i over size n. */
static int
wrap_mirror(int i, int n)
{
   if (i < 0)
      i = -1 - i;
   int m = i % (2 * n);
   return m < n ? m : 2 * n - 1 - m;
}

static int
clampi(int v, int lo, int hi)
{
   return v < lo ? lo : v > hi ? hi : v;
}

/* The texel coordinate u of normalized s (or s itself when
 * unnormalized), after the clamp that GL_CLAMP-like modes apply first. */
static float
texel_coord(float s, int size, unsigned wrap, bool normalized)
{
   switch (wrap) {
   case PIPE_TEX_WRAP_MIRROR_CLAMP:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_BORDER:
      s = fabsf(s);
      break;
   default:
      break;
   }
   float u = normalized ? s * (float)size : s;
   if (!isfinite(u))
      return 0.0f;
   /* Reduce the periodic modes to one period and bound the others, so
    * that texel indices stay far from integer overflow. */
   if (normalized && wrap == PIPE_TEX_WRAP_REPEAT)
      return u - floorf(u / (float)size) * (float)size;
   if (normalized && wrap == PIPE_TEX_WRAP_MIRROR_REPEAT)
      return u - floorf(u / (2.0f * (float)size)) * (2.0f * (float)size);
   if (wrap == PIPE_TEX_WRAP_CLAMP || wrap == PIPE_TEX_WRAP_MIRROR_CLAMP)
      return fminf(fmaxf(u, 0.0f), (float)size);
   return fminf(fmaxf(u, -2.0f), (float)size + 2.0f);
}

/* Final index of texel i: wrapped into [0, size) or, for the border
 * modes, left outside (the fetch then reads the border). */
static int
wrap_index(int i, int size, unsigned wrap, bool normalized)
{
   if (!normalized) {
      /* Rectangle textures clamp whatever the mode says (the border
       * modes keep their border). */
      if (wrap == PIPE_TEX_WRAP_CLAMP_TO_BORDER || wrap == PIPE_TEX_WRAP_CLAMP)
         return i;
      return clampi(i, 0, size - 1);
   }
   switch (wrap) {
   case PIPE_TEX_WRAP_REPEAT:
      return wrap_repeat(i, size);
   case PIPE_TEX_WRAP_MIRROR_REPEAT:
      return wrap_mirror(i, size);
   case PIPE_TEX_WRAP_CLAMP_TO_EDGE:
   case PIPE_TEX_WRAP_MIRROR_CLAMP_TO_EDGE:
      return clampi(i, 0, size - 1);
   default:
      /* CLAMP, CLAMP_TO_BORDER and their mirrored forms: outside means
       * border (CLAMP reaches it only when linear filtering straddles
       * the edge). */
      return i;
   }
}

static bool
compare(unsigned func, float ref, float d)
{
   unsigned bit = ref < d ? 1 : ref == d ? 2 : ref > d ? 4 : 0;
   return (func & bit) != 0;
}

struct level_sample {
   const struct sw_tex_unit *u;
   const struct sw_tex_lookup *lk;
   unsigned level;
   bool linear;
   unsigned layer;
   /** Cube maps: the face sampled (part of layer) and whether filtering
    * crosses into the neighbouring faces. */
   int face;
   bool seamless;
};

/*
 * Seamless cube maps: a texel (x, y) just outside face @p face (linear
 * filtering at an edge) is the texel of the neighbouring face that the
 * same direction hits.  The texel's centre is turned back into a direction
 * (the face's major axis at distance 1, its s and t axes scaled to
 * [-1, 1]) and projected again; a corner texel, outside in both
 * coordinates, lands on one of the two other faces, which is as good as
 * GL's average of the three.  Returns the new face and texel.
 */
static int
cube_neighbour(int face, int size, int *x, int *y)
{
   float sc = 2.0f * ((float)*x + 0.5f) / (float)size - 1.0f;
   float tc = 2.0f * ((float)*y + 0.5f) / (float)size - 1.0f;
   float d[3];
   d[cube_axes[face].axis] = (face & 1) ? -1.0f : 1.0f;
   d[cube_axes[face].sc] = (float)cube_axes[face].ssign * sc;
   d[cube_axes[face].tc] = (float)cube_axes[face].tsign * tc;
   float s, t;
   int nf = (int)sw_tex_cube_face(d[0], d[1], d[2], &s, &t);
   *x = clampi((int)floorf(s * (float)size), 0, size - 1);
   *y = clampi((int)floorf(t * (float)size), 0, size - 1);
   return nf;
}

/* Reads a texel, turning depth into a comparison result for shadow
 * lookups. */
static void
read_texel(const struct level_sample *ls, int x, int y, int z, uint32_t out[4])
{
   if (ls->seamless) {
      unsigned size[3];
      sw_tex_level_size(ls->u, ls->level, size);
      int n = (int)size[0];
      if (x < 0 || y < 0 || x >= n || y >= n) {
         int nf = cube_neighbour(ls->face, n, &x, &y);
         z += nf - ls->face;
      }
   }
   struct sw_texel_coord c = { x, y, z, 0 };
   sw_tex_fetch(ls->u, ls->level, &c, out);
   if (ls->lk->is_shadow && ls->u->sampler && ls->u->sampler->compare_mode) {
      float d;
      memcpy(&d, &out[0], sizeof(d));
      float r =
         compare(ls->u->sampler->compare_func, ls->lk->ref, d) ? 1.0f : 0.0f;
      for (unsigned i = 0; i < 3; i++)
         memcpy(&out[i], &r, sizeof(r));
      float one = 1.0f;
      memcpy(&out[3], &one, sizeof(one));
   }
}

/* Samples one level with the chosen filter into float or integer out. */
static void
sample_level(const struct level_sample *ls, uint32_t out[4])
{
   const struct sw_tex_unit *u = ls->u;
   const struct sw_tex_lookup *lk = ls->lk;
   const struct pipe_sampler_state *smp = u->sampler;
   unsigned size[3];
   sw_tex_level_size(u, ls->level, size);

   /* Dimensions sampled in x, y, z (3D only); the layer is fixed. */
   unsigned dims = 1;
   switch (lk->dim) {
   case IR_SAMPLER_DIM_1D:
      dims = 1;
      break;
   case IR_SAMPLER_DIM_3D:
      dims = 3;
      break;
   default:
      dims = 2;
      break;
   }
   bool normalized = lk->dim != IR_SAMPLER_DIM_RECT && smp->normalized_coords;
   unsigned wraps[3] = { smp->wrap_s, smp->wrap_t, smp->wrap_r };
   if (lk->dim == IR_SAMPLER_DIM_CUBE) {
      /* Seamless filtering reads past the edge (read_texel() finds the
       * neighbouring face); otherwise each face clamps to its edges. */
      wraps[0] = wraps[1] = ls->seamless ? PIPE_TEX_WRAP_CLAMP_TO_BORDER
                                         : PIPE_TEX_WRAP_CLAMP_TO_EDGE;
   }

   int i0[3] = { 0, 0, (int)ls->layer }, i1[3] = { 0, 0, (int)ls->layer };
   float w[3] = { 0, 0, 0 };
   bool linear = ls->linear && u->kind == SW_TEX_FLOAT;
   for (unsigned d = 0; d < dims; d++) {
      int n = (int)size[d];
      float uc = texel_coord(lk->coord[d], n, wraps[d], normalized);
      if (linear) {
         float f = uc - 0.5f + (float)lk->offset[d];
         float fl = floorf(f);
         w[d] = f - fl;
         int a = (int)fl;
         i0[d] = wrap_index(a, n, wraps[d], normalized);
         i1[d] = wrap_index(a + 1, n, wraps[d], normalized);
      } else {
         /* GL_CLAMP at s = 1 must stay on the last texel. */
         int a = (int)floorf(uc) + lk->offset[d];
         if ((wraps[d] == PIPE_TEX_WRAP_CLAMP ||
              wraps[d] == PIPE_TEX_WRAP_MIRROR_CLAMP) &&
             a >= n)
            a = n - 1;
         i0[d] = wrap_index(a, n, wraps[d], normalized);
      }
   }
   if (dims < 3 && lk->dim != IR_SAMPLER_DIM_3D) {
      i0[2] = i1[2] = (int)ls->layer;
   }

   if (!linear) {
      read_texel(ls, i0[0], dims > 1 ? i0[1] : 0, i0[2], out);
      return;
   }
   float acc[4] = { 0, 0, 0, 0 };
   unsigned corners = 1u << dims;
   for (unsigned k = 0; k < corners; k++) {
      float weight = 1.0f;
      int c[3] = { i0[0], dims > 1 ? i0[1] : 0, i0[2] };
      for (unsigned d = 0; d < dims; d++) {
         if (k & (1u << d)) {
            c[d] = i1[d];
            weight *= w[d];
         } else {
            weight *= 1.0f - w[d];
         }
      }
      if (weight == 0.0f)
         continue;
      uint32_t t[4];
      read_texel(ls, c[0], c[1], c[2], t);
      for (unsigned ch = 0; ch < 4; ch++) {
         float v;
         memcpy(&v, &t[ch], sizeof(v));
         acc[ch] += weight * v;
      }
   }
   memcpy(out, acc, sizeof(acc));
}

void
sw_tex_filter(const struct sw_tex_unit *u, const struct sw_tex_lookup *lk,
              uint32_t out[4])
{
   const struct pipe_sampler_state *smp = u->sampler;
   struct sw_tex_lookup local = *lk;
   struct level_sample ls = { .u = u, .lk = &local };

   /* Layer: the array coordinate rounded and clamped, or the cube face. */
   unsigned layer = u->first_layer;
   unsigned ncoord = lk->dim == IR_SAMPLER_DIM_1D     ? 1
                     : lk->dim == IR_SAMPLER_DIM_3D   ? 3
                     : lk->dim == IR_SAMPLER_DIM_CUBE ? 3
                                                      : 2;
   if (lk->dim == IR_SAMPLER_DIM_CUBE) {
      float s, t;
      unsigned face =
         sw_tex_cube_face(lk->coord[0], lk->coord[1], lk->coord[2], &s, &t);
      local.coord[0] = s;
      local.coord[1] = t;
      unsigned cube = 0;
      if (lk->is_array) {
         float a = floorf(lk->coord[3] + 0.5f);
         unsigned cubes = u->num_layers / 6;
         cube = a < 0               ? 0
                : a >= (float)cubes ? (cubes ? cubes - 1 : 0)
                                    : (unsigned)a;
      }
      layer += 6 * cube + face;
      ls.face = (int)face;
      ls.seamless = smp->seamless_cube_map;
   } else if (lk->is_array) {
      float a = floorf(lk->coord[ncoord] + 0.5f);
      unsigned n = u->num_layers;
      layer += a < 0 ? 0 : a >= (float)n ? (n ? n - 1 : 0) : (unsigned)a;
   }
   ls.layer = layer;

   /* Level selection. */
   float lambda = lk->lambda;
   bool minify = lambda > 0.0f;
   unsigned filter = minify ? smp->min_img_filter : smp->mag_img_filter;
   ls.linear = filter == PIPE_TEX_FILTER_LINEAR;
   unsigned base = u->first_level, top = u->last_level;
   if (lk->dim == IR_SAMPLER_DIM_RECT)
      top = base;

   if (!minify || smp->min_mip_filter == PIPE_TEX_MIPFILTER_NONE ||
       top == base) {
      ls.level = base;
      sample_level(&ls, out);
   } else if (smp->min_mip_filter == PIPE_TEX_MIPFILTER_NEAREST) {
      /* Level d = ceil(lambda + 0.5) - 1 above the base (8.14.3). */
      float d = ceilf(lambda + 0.5f) - 1.0f;
      float maxd = (float)(top - base);
      ls.level = base + (unsigned)(d < 0 ? 0 : d > maxd ? maxd : d);
      sample_level(&ls, out);
   } else {
      float maxd = (float)(top - base);
      if (lambda >= maxd) {
         ls.level = top;
         sample_level(&ls, out);
      } else {
         unsigned d = (unsigned)floorf(lambda);
         float frac = lambda - (float)d;
         uint32_t a[4], b[4];
         ls.level = base + d;
         sample_level(&ls, a);
         ls.level = base + d + 1;
         sample_level(&ls, b);
         for (unsigned ch = 0; ch < 4; ch++) {
            float fa, fb;
            memcpy(&fa, &a[ch], sizeof(fa));
            memcpy(&fb, &b[ch], sizeof(fb));
            float r = (1.0f - frac) * fa + frac * fb;
            memcpy(&out[ch], &r, sizeof(r));
         }
         if (u->kind != SW_TEX_FLOAT)
            memcpy(out, a, sizeof(a));
      }
   }
   sw_tex_swizzle(u, out);
}
