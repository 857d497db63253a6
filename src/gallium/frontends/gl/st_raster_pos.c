/* SPDX-License-Identifier: MIT */

/*
 * The raster position (GL 3.0 compatibility, 2.18): glRasterPos*,
 * glWindowPos* (GL 1.4, ARB_window_pos, MESA_window_pos' 4-component
 * forms), its glGet answers, its GL_CURRENT_BIT saver, and the module
 * state's life (st_raster.h).
 *
 * glRasterPos runs the vertex stage of the current state on one vertex
 * (st_vertex_capture_current()): the position, clipped against the view
 * volume and the enabled user clip planes, decides validity; the front
 * colours and texture coordinates become the raster colours and
 * coordinates.  What a stage leaves unwritten keeps a value derived the
 * fixed-function way (texture matrix times current coordinates).  The
 * raster distance is the eye distance, or the current fog coordinate
 * when GL_FOG_COORD_SRC is GL_FOG_COORD (2.18: "the value of the fog
 * coordinate when FOG_COORD_SRC is FOG_COORD").
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/ir/ir_passes_io.h"
#include "glapi_api.h"
#include "glsl_link.h"
#include "st_attrib.h"
#include "st_compat_priv.h"
#include "st_context.h"
#include "st_get.h"
#include "st_program.h"
#include "st_raster_priv.h"
#include "st_texture.h"
#include "st_vertex.h"
#include "st_vertex_capture.h"
#include "st_vertex_priv.h"

void
st_raster_init(struct st_context *ctx)
{
   if (!st_is_compat(ctx))
      return;
   struct st_raster_state *rs = calloc(1, sizeof(*rs));
   if (!rs)
      return;
   /* GL 3.0 compatibility, table 6.5 / 6.62: the initial values. */
   rs->pos.win[3] = 1.0f;
   rs->pos.valid = true;
   for (unsigned c = 0; c < 4; c++)
      rs->pos.color[c] = 1.0f;
   rs->pos.secondary_color[3] = 1.0f;
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++)
      rs->pos.texcoord[u][3] = 1.0f;
   for (unsigned c = 0; c < 4; c++)
      rs->mode.scale[c] = 1.0f;
   rs->mode.depth_scale = 1.0f;
   rs->mode.zoom_x = rs->mode.zoom_y = 1.0f;
   for (unsigned m = 0; m < ST_NUM_PIXEL_MAPS; m++)
      rs->maps[m].size = 1;
   ctx->raster = rs;
}

void
st_raster_fini(struct st_context *ctx)
{
   if (!ctx->raster)
      return;
   free(ctx->raster->accum);
   free(ctx->raster);
   ctx->raster = NULL;
}

/* ---- glRasterPos ---- */

static GLfloat
clamp01(GLfloat f)
{
   return f < 0.0f ? 0.0f : f > 1.0f ? 1.0f : f;
}

static void
mat_mul(const GLfloat m[16], const GLfloat v[4], GLfloat out[4])
{
   for (unsigned r = 0; r < 4; r++)
      out[r] =
         m[r] * v[0] + m[4 + r] * v[1] + m[8 + r] * v[2] + m[12 + r] * v[3];
}

/* Whether clip coordinates @p clip are inside the view volume (z only
 * without depth clamping, GL 3.2 13.5.1). */
static bool
in_view_volume(struct st_context *ctx, const GLfloat clip[4])
{
   GLfloat w = clip[3];
   if (!(clip[0] >= -w && clip[0] <= w && clip[1] >= -w && clip[1] <= w))
      return false;
   return ctx->state.depth_clamp || (clip[2] >= -w && clip[2] <= w);
}

/* Whether the enabled user clip planes keep the vertex: gl_ClipVertex
 * against the planes when the stage wrote it, else its clip distances. */
static bool
in_clip_planes(struct st_context *ctx, const struct st_vertex_capture *c,
               const GLfloat eye[4], bool have_eye)
{
   unsigned enabled = ctx->state.clip_planes_enabled;
   if (!enabled)
      return true;
   int cv = st_vertex_capture_offset(c, IR_VARYING_SLOT_CLIP_VERTEX);
   int d0 = st_vertex_capture_offset(c, IR_VARYING_SLOT_CLIP_DIST0);
   int d1 = st_vertex_capture_offset(c, IR_VARYING_SLOT_CLIP_DIST1);
   GLfloat planes[8][4];
   st_compat_clip_planes(ctx, planes);
   for (unsigned i = 0; i < ST_MAX_CLIP_DISTANCES; i++) {
      if (!(enabled & (1u << i)))
         continue;
      GLfloat d;
      const GLfloat *p = cv >= 0 ? c->data + cv : have_eye ? eye : NULL;
      int dist = i < 4 ? d0 : d1;
      if (p) {
         d = planes[i][0] * p[0] + planes[i][1] * p[1] + planes[i][2] * p[2] +
             planes[i][3] * p[3];
      } else if (dist >= 0) {
         d = c->data[dist + (int)(i % 4)];
      } else {
         continue;
      }
      if (d < 0.0f)
         return false;
   }
   return true;
}

/* Window coordinates of clip coordinates (GL 3.0 2.12.1). */
static void
to_window(struct st_context *ctx, const GLfloat clip[4], GLfloat win[4])
{
   const GLint *vp = ctx->state.viewport;
   GLfloat inv_w = clip[3] != 0.0f ? 1.0f / clip[3] : 0.0f;
   GLfloat n = (GLfloat)ctx->state.depth_near,
           f = (GLfloat)ctx->state.depth_far;
   win[0] = (GLfloat)vp[0] + (clip[0] * inv_w + 1.0f) * (GLfloat)vp[2] * 0.5f;
   win[1] = (GLfloat)vp[1] + (clip[1] * inv_w + 1.0f) * (GLfloat)vp[3] * 0.5f;
   win[2] = clamp01(n + (clip[2] * inv_w + 1.0f) * (f - n) * 0.5f);
   win[3] = clip[3];
}

static bool
clamps_vertex_color(struct st_context *ctx)
{
   return ctx->state.clamp_vertex_color == GL_TRUE;
}

static void
set_color(struct st_context *ctx, GLfloat dst[4], const GLfloat src[4])
{
   bool clamp = clamps_vertex_color(ctx);
   for (unsigned c = 0; c < 4; c++)
      dst[c] = clamp ? clamp01(src[c]) : src[c];
}

static void
raster_pos(struct st_context *ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   static const char func[] = "glRasterPos";
   struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   st_flush_vertices(ctx);
   const GLfloat obj[4] = { x, y, z, w };
   uint64_t slots =
      (1ull << IR_VARYING_SLOT_POS) | (1ull << IR_VARYING_SLOT_COL0) |
      (1ull << IR_VARYING_SLOT_COL1) | (1ull << IR_VARYING_SLOT_FOGC) |
      (1ull << IR_VARYING_SLOT_CLIP_VERTEX) |
      (1ull << IR_VARYING_SLOT_CLIP_DIST0) |
      (1ull << IR_VARYING_SLOT_CLIP_DIST1);
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++)
      slots |= 1ull << (IR_VARYING_SLOT_TEX0 + u);
   struct st_vertex_capture c;
   bool ok = st_vertex_capture_current(ctx, obj, slots, &c, func);
   int pos = ok ? st_vertex_capture_offset(&c, IR_VARYING_SLOT_POS) : -1;
   if (pos < 0) {
      rs->pos.valid = false;
      st_vertex_capture_fini(&c);
      return;
   }

   const struct glsl_program *prog = st_program_current(ctx);
   bool user_vs = prog && prog->stages[IR_STAGE_VERTEX];
   GLfloat eye[4] = { 0, 0, 0, 1 };
   if (!user_vs) {
      GLfloat mv[16];
      if (st_compat_state_uniform(ctx, "gl_ModelViewMatrix", mv) == 16)
         mat_mul(mv, obj, eye);
   }
   const GLfloat *clip = c.data + pos;
   if (!in_view_volume(ctx, clip) || !in_clip_planes(ctx, &c, eye, !user_vs)) {
      rs->pos.valid = false;
      st_vertex_capture_fini(&c);
      return;
   }
   rs->pos.valid = true;
   to_window(ctx, clip, rs->pos.win);

   GLfloat current[4];
   int col0 = st_vertex_capture_offset(&c, IR_VARYING_SLOT_COL0);
   if (col0 < 0)
      st_vertex_current_value(ctx, ST_ATTRIB_COLOR, current);
   set_color(ctx, rs->pos.color, col0 >= 0 ? c.data + col0 : current);
   int col1 = st_vertex_capture_offset(&c, IR_VARYING_SLOT_COL1);
   if (col1 < 0)
      st_vertex_current_value(ctx, ST_ATTRIB_COLOR1, current);
   set_color(ctx, rs->pos.secondary_color, col1 >= 0 ? c.data + col1 : current);

   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++) {
      int tc = st_vertex_capture_offset(&c, IR_VARYING_SLOT_TEX0 + u);
      if (tc >= 0) {
         memcpy(rs->pos.texcoord[u], c.data + tc, sizeof(rs->pos.texcoord[u]));
         continue;
      }
      st_vertex_current_value(ctx, ST_ATTRIB_TEX(u), current);
      GLfloat tm[16];
      char name[32];
      snprintf(name, sizeof(name), "gl_TextureMatrix[%u]", u);
      if (!user_vs && st_compat_state_uniform(ctx, name, tm) == 16)
         mat_mul(tm, current, rs->pos.texcoord[u]);
      else
         memcpy(rs->pos.texcoord[u], current, sizeof(current));
   }

   int fogc = st_vertex_capture_offset(&c, IR_VARYING_SLOT_FOGC);
   if (ctx->compat && ctx->compat->fog_coord_src == GL_FOG_COORD) {
      st_vertex_current_value(ctx, ST_ATTRIB_FOG, current);
      rs->pos.distance = current[0];
   } else if (!user_vs) {
      rs->pos.distance =
         sqrtf(eye[0] * eye[0] + eye[1] * eye[1] + eye[2] * eye[2]);
   } else {
      rs->pos.distance = fogc >= 0 ? fabsf(c.data[fogc]) : 0.0f;
   }
   st_vertex_capture_fini(&c);
   st_select_raster_pos(ctx, rs->pos.win[2]);
}

/* ---- glWindowPos (GL 3.0 compatibility, 2.18.1) ---- */

static void
window_pos(struct st_context *ctx, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
   struct st_raster_state *rs = ctx->raster;
   if (!rs)
      return;
   st_flush_vertices(ctx);
   GLfloat n = (GLfloat)ctx->state.depth_near,
           f = (GLfloat)ctx->state.depth_far;
   rs->pos.win[0] = x;
   rs->pos.win[1] = y;
   rs->pos.win[2] = n + clamp01(z) * (f - n);
   rs->pos.win[3] = w;
   rs->pos.valid = true;
   GLfloat current[4];
   st_vertex_current_value(ctx, ST_ATTRIB_COLOR, current);
   set_color(ctx, rs->pos.color, current);
   st_vertex_current_value(ctx, ST_ATTRIB_COLOR1, current);
   set_color(ctx, rs->pos.secondary_color, current);
   for (unsigned u = 0; u < ST_MAX_FF_TEXTURE_UNITS; u++)
      st_vertex_current_value(ctx, ST_ATTRIB_TEX(u), rs->pos.texcoord[u]);
   if (ctx->compat && ctx->compat->fog_coord_src == GL_FOG_COORD) {
      st_vertex_current_value(ctx, ST_ATTRIB_FOG, current);
      rs->pos.distance = current[0];
   } else {
      rs->pos.distance = 0.0f;
   }
   st_select_raster_pos(ctx, rs->pos.win[2]);
}

/* The 80 entry points, from one line per type and size. */
#define RASTER_ENTRIES(fn, Name, T, t)                            \
   void api_##Name##2##t(struct st_context *ctx, T x, T y)        \
   {                                                              \
      fn(ctx, (GLfloat)x, (GLfloat)y, 0.0f, 1.0f);                \
   }                                                              \
   void api_##Name##3##t(struct st_context *ctx, T x, T y, T z)   \
   {                                                              \
      fn(ctx, (GLfloat)x, (GLfloat)y, (GLfloat)z, 1.0f);          \
   }                                                              \
   void api_##Name##2##t##v(struct st_context *ctx, const T *v)   \
   {                                                              \
      fn(ctx, (GLfloat)v[0], (GLfloat)v[1], 0.0f, 1.0f);          \
   }                                                              \
   void api_##Name##3##t##v(struct st_context *ctx, const T *v)   \
   {                                                              \
      fn(ctx, (GLfloat)v[0], (GLfloat)v[1], (GLfloat)v[2], 1.0f); \
   }

#define RASTER_ENTRIES4(fn, Name, Sfx, T, t)                               \
   void api_##Name##4##t##Sfx(struct st_context *ctx, T x, T y, T z, T w)  \
   {                                                                       \
      fn(ctx, (GLfloat)x, (GLfloat)y, (GLfloat)z, (GLfloat)w);             \
   }                                                                       \
   void api_##Name##4##t##v##Sfx(struct st_context *ctx, const T *v)       \
   {                                                                       \
      fn(ctx, (GLfloat)v[0], (GLfloat)v[1], (GLfloat)v[2], (GLfloat)v[3]); \
   }

RASTER_ENTRIES(raster_pos, RasterPos, GLshort, s)
RASTER_ENTRIES(raster_pos, RasterPos, GLint, i)
RASTER_ENTRIES(raster_pos, RasterPos, GLfloat, f)
RASTER_ENTRIES(raster_pos, RasterPos, GLdouble, d)
RASTER_ENTRIES4(raster_pos, RasterPos, , GLshort, s)
RASTER_ENTRIES4(raster_pos, RasterPos, , GLint, i)
RASTER_ENTRIES4(raster_pos, RasterPos, , GLfloat, f)
RASTER_ENTRIES4(raster_pos, RasterPos, , GLdouble, d)
RASTER_ENTRIES(window_pos, WindowPos, GLshort, s)
RASTER_ENTRIES(window_pos, WindowPos, GLint, i)
RASTER_ENTRIES(window_pos, WindowPos, GLfloat, f)
RASTER_ENTRIES(window_pos, WindowPos, GLdouble, d)
RASTER_ENTRIES4(window_pos, WindowPos, MESA, GLshort, s)
RASTER_ENTRIES4(window_pos, WindowPos, MESA, GLint, i)
RASTER_ENTRIES4(window_pos, WindowPos, MESA, GLfloat, f)
RASTER_ENTRIES4(window_pos, WindowPos, MESA, GLdouble, d)

void
st_raster_feedback_vertex(struct st_context *ctx,
                          struct st_feedback_vertex *out)
{
   const struct st_raster_pos *p = &ctx->raster->pos;
   memcpy(out->win, p->win, sizeof(out->win));
   memcpy(out->color, p->color, sizeof(out->color));
   memcpy(out->texcoord, p->texcoord[0], sizeof(out->texcoord));
}

/* ---- glGet ---- */

static void
floats(struct st_value *v, enum st_value_type type, const GLfloat *f,
       unsigned n)
{
   v->type = type;
   v->count = n;
   memcpy(v->f, f, n * sizeof(GLfloat));
}

/** The raster position's answers (st_raster_get() asks). */
bool
st_raster_pos_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   const struct st_raster_pos *p = &ctx->raster->pos;
   switch (pname) {
   case GL_CURRENT_RASTER_POSITION:
      floats(v, ST_VALUE_FLOAT, p->win, 4);
      return true;
   case GL_CURRENT_RASTER_POSITION_VALID:
      st_value_bool(v, p->valid);
      return true;
   case GL_CURRENT_RASTER_DISTANCE:
      st_value_float(v, p->distance);
      return true;
   case GL_CURRENT_RASTER_COLOR:
      floats(v, ST_VALUE_FLOAT_COLOR, p->color, 4);
      return true;
   case GL_CURRENT_RASTER_SECONDARY_COLOR:
      floats(v, ST_VALUE_FLOAT_COLOR, p->secondary_color, 4);
      return true;
   case GL_CURRENT_RASTER_INDEX:
      st_value_float(v, 1.0f);
      return true;
   case GL_CURRENT_RASTER_TEXTURE_COORDS: {
      unsigned unit = st_texture_active_unit(ctx);
      if (unit >= ST_MAX_FF_TEXTURE_UNITS) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "glGet(GL_CURRENT_RASTER_TEXTURE_COORDS of unit %u)", unit);
         return true;
      }
      floats(v, ST_VALUE_FLOAT, p->texcoord[unit], 4);
      return true;
   }
   default:
      return false;
   }
}

/* ---- glPushAttrib(GL_CURRENT_BIT) ---- */

static void
save_pos(struct st_context *ctx, void *data)
{
   if (ctx->raster)
      memcpy(data, &ctx->raster->pos, sizeof(ctx->raster->pos));
}

static void
restore_pos(struct st_context *ctx, const void *data)
{
   if (ctx->raster)
      memcpy(&ctx->raster->pos, data, sizeof(ctx->raster->pos));
}

const struct st_attrib_saver st_raster_saver_current = {
   .mask = GL_CURRENT_BIT,
   .size = sizeof(struct st_raster_pos),
   .save = save_pos,
   .restore = restore_pos,
};
