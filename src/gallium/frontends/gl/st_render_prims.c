/* SPDX-License-Identifier: MIT */

/*
 * The primitives of a draw in feedback or selection mode (GL 2.1
 * sections 2.14, 3.5, 5.2 and 5.3), done in the state tracker on the
 * vertices st_vertex_capture.h gives: assembly, flat shading, clipping
 * against the view volume and the enabled user clip planes, the divide
 * and the viewport, facing, culling and the polygon mode; then feedback
 * tokens, or selection hits at the window z of the vertices left.
 *
 * Assembly keeps quads, quad strips and polygons whole: each is one
 * polygon, clipped as one (the view volume is convex, so a convex
 * polygon stays one) and fed back as one GL_POLYGON_TOKEN.  Triangle
 * strips alternate their vertex order so that every triangle keeps the
 * strip's orientation.  Line segments of GL_LINES, the first of a strip
 * or loop and the first edge of a polygon drawn as lines reset the
 * stipple: they are GL_LINE_RESET_TOKEN.
 *
 * Clipping interpolates whole vertices (position, colours, texture
 * coordinates, user clip distances) linearly in clip coordinates, with
 * the plane distances of each vertex: w + x, w - x, w + y, w - y,
 * w + z and w - z (not the last two with depth clamping), then the user
 * planes: gl_ClipDistance when the vertex shader writes it, else the
 * plane (in eye coordinates) dotted with gl_ClipVertex, or with the
 * position when that is not written either.
 */
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_passes_io.h"
#include "pipe/p_context.h"
#include "pipe/p_defines.h"
#include "pipe/p_state.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_render_mode_priv.h"
#include "st_vertex_capture.h"

#define MAX_USER_PLANES 8
/** View volume planes (6) and user planes. */
#define NUM_PLANES (6 + MAX_USER_PLANES)

/** A vertex of a primitive: only floats, so that clipping interpolates
 * it as an array. */
struct prim_vertex {
   float clip[4];
   float color[4];
   float back_color[4];
   float texcoord[4];
   /** User clip distances of the enabled planes (inside: >= 0). */
   float dist[MAX_USER_PLANES];
};

#define VERTEX_FLOATS (sizeof(struct prim_vertex) / sizeof(float))

/** The state a draw's primitives are processed with. */
struct prims {
   struct st_render_mode_state *rm;
   struct prim_vertex *verts;
   /** Planes to clip against (bit p: plane p of plane_distance()). */
   unsigned planes;
   float scale[3], translate[3];
   bool flat, first_vertex, two_side;
   bool cull_front, cull_back, front_ccw;
   GLenum fill_front, fill_back;
   /** Polygon clipping buffers of scratch_size vertices each. */
   struct prim_vertex *scratch[2];
   unsigned scratch_size;
   bool out_of_memory;
};

static float
plane_distance(const struct prim_vertex *v, unsigned plane)
{
   const float *c = v->clip;
   switch (plane) {
   case 0:
      return c[3] + c[0];
   case 1:
      return c[3] - c[0];
   case 2:
      return c[3] + c[1];
   case 3:
      return c[3] - c[1];
   case 4:
      return c[3] + c[2];
   case 5:
      return c[3] - c[2];
   default:
      return v->dist[plane - 6];
   }
}

static void
lerp(struct prim_vertex *out, const struct prim_vertex *a,
     const struct prim_vertex *b, float t)
{
   const float *fa = (const float *)a, *fb = (const float *)b;
   float *fo = (float *)out;
   for (unsigned i = 0; i < VERTEX_FLOATS; i++)
      fo[i] = fa[i] + t * (fb[i] - fa[i]);
}

/* ---- emission ---- */

/** The window coordinates and attributes of @p v as feedback gives
 * them; @p back: the back colour. */
static void
to_window(const struct prims *p, const struct prim_vertex *v, bool back,
          struct st_feedback_vertex *out)
{
   float w = v->clip[3] != 0.0f ? v->clip[3] : 1e-30f;
   for (unsigned i = 0; i < 3; i++)
      out->win[i] = v->clip[i] / w * p->scale[i] + p->translate[i];
   out->win[3] = v->clip[3];
   memcpy(out->color, back ? v->back_color : v->color, sizeof(out->color));
   memcpy(out->texcoord, v->texcoord, sizeof(out->texcoord));
}

static void
emit_vertex(const struct prims *p, const struct prim_vertex *v, bool back)
{
   struct st_feedback_vertex fv;
   to_window(p, v, back, &fv);
   if (p->rm->mode == GL_SELECT)
      st_select_hit(p->rm, fv.win[2]);
   else
      st_feedback_vertex(p->rm, &fv);
}

static void
emit_token(const struct prims *p, GLenum token)
{
   if (p->rm->mode == GL_FEEDBACK)
      st_feedback_value(p->rm, (GLfloat)token);
}

/* ---- points and lines ---- */

static void
point(struct prims *p, const struct prim_vertex *v)
{
   for (unsigned plane = 0; plane < NUM_PLANES; plane++) {
      if ((p->planes & (1u << plane)) && plane_distance(v, plane) < 0.0f)
         return;
   }
   emit_token(p, GL_POINT_TOKEN);
   emit_vertex(p, v, false);
}

/** The segment @p a - @p b clipped (parametrically: the part where every
 * plane distance is >= 0). */
static void
line(struct prims *p, const struct prim_vertex *a, const struct prim_vertex *b,
     bool reset)
{
   float t0 = 0.0f, t1 = 1.0f;
   for (unsigned plane = 0; plane < NUM_PLANES; plane++) {
      if (!(p->planes & (1u << plane)))
         continue;
      float da = plane_distance(a, plane), db = plane_distance(b, plane);
      if (da < 0.0f && db < 0.0f)
         return;
      if (da < 0.0f) {
         float t = da / (da - db);
         t0 = t > t0 ? t : t0;
      } else if (db < 0.0f) {
         float t = da / (da - db);
         t1 = t < t1 ? t : t1;
      }
      if (t0 > t1)
         return;
   }
   struct prim_vertex ca, cb;
   lerp(&ca, a, b, t0);
   lerp(&cb, a, b, t1);
   emit_token(p, reset ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN);
   emit_vertex(p, &ca, false);
   emit_vertex(p, &cb, false);
}

/** Copies the provoking vertex's colours to @p v (flat shading). */
static void
flatten(struct prim_vertex *v, const struct prim_vertex *provoking)
{
   memcpy(v->color, provoking->color, sizeof(v->color));
   memcpy(v->back_color, provoking->back_color, sizeof(v->back_color));
}

static void
segment(struct prims *p, unsigned a, unsigned b, bool reset)
{
   struct prim_vertex va = p->verts[a], vb = p->verts[b];
   if (p->flat) {
      const struct prim_vertex *pv = p->first_vertex ? &va : &vb;
      flatten(&va, pv);
      flatten(&vb, pv);
   }
   line(p, &va, &vb, reset);
}

/* ---- polygons ---- */

static bool
reserve_scratch(struct prims *p, unsigned n)
{
   if (n <= p->scratch_size)
      return true;
   for (unsigned i = 0; i < 2; i++) {
      struct prim_vertex *grown =
         realloc(p->scratch[i], (size_t)n * sizeof(struct prim_vertex));
      if (!grown) {
         p->out_of_memory = true;
         return false;
      }
      p->scratch[i] = grown;
   }
   p->scratch_size = n;
   return true;
}

/** Clips the polygon in scratch[0] (n vertices) against one plane
 * (Sutherland-Hodgman) into scratch[1], then swaps them; returns the new
 * count, at most 2n (n + 1 for a convex polygon). */
static unsigned
clip_polygon_plane(struct prims *p, unsigned n, unsigned plane)
{
   const struct prim_vertex *in = p->scratch[0];
   struct prim_vertex *out = p->scratch[1];
   unsigned m = 0;
   for (unsigned i = 0; i < n; i++) {
      const struct prim_vertex *a = &in[i], *b = &in[(i + 1) % n];
      float da = plane_distance(a, plane), db = plane_distance(b, plane);
      if (da >= 0.0f)
         out[m++] = *a;
      if ((da >= 0.0f) != (db >= 0.0f))
         lerp(&out[m++], a, b, da / (da - db));
   }
   p->scratch[1] = p->scratch[0];
   p->scratch[0] = out;
   return m;
}

/** Twice the signed area of the polygon in window coordinates (GL 2.1,
 * 3.5.1). */
static float
window_area(const struct st_feedback_vertex *w, unsigned n)
{
   float a = 0.0f;
   for (unsigned i = 0; i < n; i++) {
      const float *u = w[i].win, *v = w[(i + 1) % n].win;
      a += u[0] * v[1] - v[0] * u[1];
   }
   return a;
}

/** The polygon of scratch[0], @p n vertices, flat shaded already. */
static void
polygon_clipped(struct prims *p, unsigned n)
{
   for (unsigned plane = 0; plane < NUM_PLANES && n >= 3; plane++) {
      if (!(p->planes & (1u << plane)))
         continue;
      if (!reserve_scratch(p, 2 * n))
         return;
      n = clip_polygon_plane(p, n, plane);
   }
   if (n < 3)
      return;
   const struct prim_vertex *v = p->scratch[0];
   /* Facing from the window coordinates; the vertices go to the second
    * scratch buffer, free now (a vertex has more floats than a window
    * vertex). */
   _Static_assert(sizeof(struct st_feedback_vertex) <=
                     sizeof(struct prim_vertex),
                  "window vertices fit in the scratch buffer");
   struct st_feedback_vertex *w = (struct st_feedback_vertex *)p->scratch[1];
   for (unsigned i = 0; i < n; i++)
      to_window(p, &v[i], false, &w[i]);
   float area = window_area(w, n);
   bool front = p->front_ccw ? area > 0.0f : area < 0.0f;
   if (front ? p->cull_front : p->cull_back)
      return;
   bool back = !front && p->two_side;
   GLenum fill = front ? p->fill_front : p->fill_back;
   if (fill == GL_POINT) {
      for (unsigned i = 0; i < n; i++) {
         emit_token(p, GL_POINT_TOKEN);
         emit_vertex(p, &v[i], back);
      }
   } else if (fill == GL_LINE) {
      for (unsigned i = 0; i < n; i++) {
         emit_token(p, i == 0 ? GL_LINE_RESET_TOKEN : GL_LINE_TOKEN);
         emit_vertex(p, &v[i], back);
         emit_vertex(p, &v[(i + 1) % n], back);
      }
   } else {
      emit_token(p, GL_POLYGON_TOKEN);
      if (p->rm->mode == GL_FEEDBACK)
         st_feedback_value(p->rm, (GLfloat)n);
      for (unsigned i = 0; i < n; i++)
         emit_vertex(p, &v[i], back);
   }
}

/**
 * The polygon of the @p n vertices @p idx (indices into p->verts);
 * @p provoking: the index (into idx) of its provoking vertex.
 */
static void
polygon(struct prims *p, const unsigned *idx, unsigned n, unsigned provoking)
{
   if (n < 3 || !reserve_scratch(p, 2 * n))
      return;
   for (unsigned i = 0; i < n; i++)
      p->scratch[0][i] = p->verts[idx[i]];
   if (p->flat) {
      struct prim_vertex pv = p->verts[idx[provoking]];
      for (unsigned i = 0; i < n; i++)
         flatten(&p->scratch[0][i], &pv);
   }
   polygon_clipped(p, n);
}

static void
triangle(struct prims *p, unsigned a, unsigned b, unsigned c,
         unsigned provoking)
{
   const unsigned idx[3] = { a, b, c };
   polygon(p, idx, 3, provoking);
}

/* ---- assembly ---- */

/** Assembles the @p n vertices first .. first + n - 1 of p->verts as
 * primitives of @p mode (GL 2.1, 2.6.1; provoking vertices: table 2.12
 * and ARB_provoking_vertex). */
static void
assemble(struct prims *p, GLenum mode, unsigned first, unsigned n)
{
   unsigned f = first;
   bool fv = p->first_vertex;
   switch (mode) {
   case GL_POINTS:
      for (unsigned i = 0; i < n; i++)
         point(p, &p->verts[f + i]);
      break;
   case GL_LINES:
      for (unsigned i = 0; i + 1 < n; i += 2)
         segment(p, f + i, f + i + 1, true);
      break;
   case GL_LINE_STRIP:
   case GL_LINE_LOOP:
      for (unsigned i = 0; i + 1 < n; i++)
         segment(p, f + i, f + i + 1, i == 0);
      if (mode == GL_LINE_LOOP && n >= 2)
         segment(p, f + n - 1, f, false);
      break;
   case GL_TRIANGLES:
      for (unsigned i = 0; i + 2 < n; i += 3)
         triangle(p, f + i, f + i + 1, f + i + 2, fv ? 0 : 2);
      break;
   case GL_TRIANGLE_STRIP:
      for (unsigned i = 0; i + 2 < n; i++) {
         /* Odd triangles swap their first two vertices to keep the
          * orientation; the provoking vertex stays vertex i (first) or
          * i + 2 (last). */
         if (i & 1)
            triangle(p, f + i + 1, f + i, f + i + 2, fv ? 1 : 2);
         else
            triangle(p, f + i, f + i + 1, f + i + 2, fv ? 0 : 2);
      }
      break;
   case GL_TRIANGLE_FAN:
      for (unsigned i = 1; i + 1 < n; i++)
         triangle(p, f, f + i, f + i + 1, fv ? 1 : 2);
      break;
   case GL_QUADS:
      for (unsigned i = 0; i + 3 < n; i += 4) {
         const unsigned idx[4] = { f + i, f + i + 1, f + i + 2, f + i + 3 };
         polygon(p, idx, 4, fv ? 0 : 3);
      }
      break;
   case GL_QUAD_STRIP:
      for (unsigned i = 0; i + 3 < n; i += 2) {
         const unsigned idx[4] = { f + i, f + i + 1, f + i + 3, f + i + 2 };
         polygon(p, idx, 4, fv ? 0 : 2);
      }
      break;
   case GL_POLYGON: {
      if (n < 3)
         break;
      unsigned *idx = malloc((size_t)n * sizeof(unsigned));
      if (!idx) {
         p->out_of_memory = true;
         break;
      }
      for (unsigned i = 0; i < n; i++)
         idx[i] = f + i;
      /* GL 2.1 table 2.12: a polygon's provoking vertex is its first. */
      polygon(p, idx, n, 0);
      free(idx);
      break;
   }
   default:
      /* Adjacency primitives need GL 3.2. */
      break;
   }
}

/* ---- the draw ---- */

static void
vec4_or(float out[4], const struct st_vertex_capture *c, const float *v,
        unsigned slot, const float fallback[4])
{
   int o = st_vertex_capture_offset(c, slot);
   memcpy(out, o >= 0 ? v + o : fallback, 4 * sizeof(float));
}

static float
clamp01(float x)
{
   return x > 1.0f ? 1.0f : x >= 0.0f ? x : 0.0f;
}

/** The captured vertices as prim_vertex. */
static void
convert_vertices(struct st_context *ctx, const struct st_vertex_capture *c,
                 struct prim_vertex *out)
{
   static const float zero[4] = { 0, 0, 0, 0 };
   static const float black[4] = { 0, 0, 0, 1 };
   GLfloat ucp[MAX_USER_PLANES][4];
   st_compat_clip_planes(ctx, ucp);
   unsigned enabled = ctx->state.clip_planes_enabled & 0xffu;
   int dist[2] = { st_vertex_capture_offset(c, IR_VARYING_SLOT_CLIP_DIST0),
                   st_vertex_capture_offset(c, IR_VARYING_SLOT_CLIP_DIST1) };
   bool clamp = ctx->state.clamp_vertex_color != GL_FALSE;
   for (unsigned i = 0; i < c->num_vertices; i++) {
      const float *v = c->data + (size_t)i * c->stride;
      struct prim_vertex *pv = &out[i];
      memset(pv, 0, sizeof(*pv));
      vec4_or(pv->clip, c, v, IR_VARYING_SLOT_POS, zero);
      vec4_or(pv->color, c, v, IR_VARYING_SLOT_COL0, black);
      vec4_or(pv->back_color, c, v, IR_VARYING_SLOT_BFC0, pv->color);
      vec4_or(pv->texcoord, c, v, IR_VARYING_SLOT_TEX0, black);
      if (clamp) {
         for (unsigned k = 0; k < 4; k++) {
            pv->color[k] = clamp01(pv->color[k]);
            pv->back_color[k] = clamp01(pv->back_color[k]);
         }
      }
      float q[4];
      vec4_or(q, c, v, IR_VARYING_SLOT_CLIP_VERTEX, pv->clip);
      for (unsigned p = 0; p < MAX_USER_PLANES; p++) {
         if (!(enabled & (1u << p)))
            continue;
         if (dist[0] >= 0 || dist[1] >= 0) {
            int o = dist[p / 4];
            pv->dist[p] = o >= 0 ? v[o + (int)(p % 4)] : 0.0f;
         } else {
            pv->dist[p] = ucp[p][0] * q[0] + ucp[p][1] * q[1] +
                          ucp[p][2] * q[2] + ucp[p][3] * q[3];
         }
      }
   }
}

static void
prims_init(struct st_context *ctx, struct prims *p)
{
   const struct st_state *s = &ctx->state;
   memset(p, 0, sizeof(*p));
   p->rm = ctx->render_mode;
   p->planes = 0xfu | (s->depth_clamp ? 0u : 0x30u) |
               ((s->clip_planes_enabled & 0xffu) << 6);
   float half_w = (float)s->viewport[2] * 0.5f;
   float half_h = (float)s->viewport[3] * 0.5f;
   float n = (float)s->depth_near, f = (float)s->depth_far;
   p->scale[0] = half_w;
   p->scale[1] = half_h;
   p->scale[2] = (f - n) * 0.5f;
   p->translate[0] = (float)s->viewport[0] + half_w;
   p->translate[1] = (float)s->viewport[1] + half_h;
   p->translate[2] = (n + f) * 0.5f;
   p->flat = s->shade_model == GL_FLAT;
   p->first_vertex = s->provoking_vertex == GL_FIRST_VERTEX_CONVENTION;
   struct st_compat_raster cr;
   st_compat_rasterizer(ctx, &cr);
   p->two_side = cr.light_twoside;
   if (s->cull_face) {
      p->cull_front = s->cull_face_mode != GL_BACK;
      p->cull_back = s->cull_face_mode != GL_FRONT;
   }
   p->front_ccw = s->front_face == GL_CCW;
   p->fill_front = s->polygon_mode_front;
   p->fill_back = s->polygon_mode_back;
}

/**
 * The length of each run of vertices of one instance (restart indices
 * split runs and draw nothing) into @p runs (draw->count entries at
 * most); returns the number of runs, 0 if the indices cannot be read.
 */
static unsigned
vertex_runs(struct st_context *ctx, const struct pipe_draw_info *info,
            const struct pipe_draw_start_count_bias *draw, unsigned *runs)
{
   if (!info->index_size || !info->primitive_restart) {
      runs[0] = draw->count;
      return 1;
   }
   size_t size = info->index_size;
   size_t first = (size_t)draw->start * size;
   size_t count = draw->count;
   struct pipe_transfer *transfer = NULL;
   const uint8_t *indices;
   if (info->has_user_indices) {
      indices = (const uint8_t *)info->index.user + first;
   } else {
      size_t width = info->index.resource->width0;
      if (first >= width)
         return 0;
      if (count > (width - first) / size)
         count = (width - first) / size;
      struct pipe_box box = {
         .x = (int)first,
         .width = (int)(count * size),
         .height = 1,
         .depth = 1,
      };
      indices = ctx->pipe->buffer_map(ctx->pipe, info->index.resource, 0,
                                      PIPE_MAP_READ, &box, &transfer);
      if (!indices)
         return 0;
   }
   unsigned num_runs = 0, len = 0;
   for (size_t i = 0; i < count; i++) {
      uint32_t idx;
      if (size == 1) {
         idx = indices[i];
      } else if (size == 2) {
         uint16_t v;
         memcpy(&v, indices + 2 * i, 2);
         idx = v;
      } else {
         memcpy(&idx, indices + 4 * i, 4);
      }
      if (idx == info->restart_index) {
         if (len)
            runs[num_runs++] = len;
         len = 0;
      } else {
         len++;
      }
   }
   if (len)
      runs[num_runs++] = len;
   if (transfer)
      ctx->pipe->buffer_unmap(ctx->pipe, transfer);
   return num_runs;
}

void
st_render_mode_draw(struct st_context *ctx, const struct pipe_draw_info *info,
                    const struct pipe_draw_start_count_bias *draw,
                    const char *func)
{
   struct st_render_mode_state *rm = ctx->render_mode;
   if (!rm || rm->mode == GL_RENDER || draw->count == 0)
      return;
   uint64_t slots = (1ull << IR_VARYING_SLOT_POS) |
                    (1ull << IR_VARYING_SLOT_CLIP_VERTEX) |
                    (1ull << IR_VARYING_SLOT_CLIP_DIST0) |
                    (1ull << IR_VARYING_SLOT_CLIP_DIST1);
   if (rm->mode == GL_FEEDBACK)
      slots |= (1ull << IR_VARYING_SLOT_COL0) | (1ull << IR_VARYING_SLOT_BFC0) |
               (1ull << IR_VARYING_SLOT_TEX0);
   struct st_vertex_capture c;
   if (!st_vertex_capture_draw(ctx, info, draw, slots, &c, func)) {
      st_vertex_capture_fini(&c);
      return;
   }
   struct prims p;
   prims_init(ctx, &p);
   unsigned *runs = malloc((size_t)draw->count * sizeof(unsigned));
   p.verts = c.num_vertices
                ? malloc((size_t)c.num_vertices * sizeof(struct prim_vertex))
                : NULL;
   if (!runs || (c.num_vertices && !p.verts)) {
      p.out_of_memory = true;
   } else if (c.num_vertices) {
      convert_vertices(ctx, &c, p.verts);
      unsigned num_runs = vertex_runs(ctx, info, draw, runs);
      unsigned base = 0;
      for (unsigned inst = 0; inst < info->instance_count; inst++) {
         for (unsigned r = 0; r < num_runs; r++) {
            unsigned n = runs[r];
            if (n > c.num_vertices - base)
               n = c.num_vertices - base;
            assemble(&p, info->mode, base, n);
            base += n;
         }
      }
   }
   if (p.out_of_memory)
      st_out_of_memory(ctx, func);
   free(runs);
   free(p.verts);
   free(p.scratch[0]);
   free(p.scratch[1]);
   st_vertex_capture_fini(&c);
}
