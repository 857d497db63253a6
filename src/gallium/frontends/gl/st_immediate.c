/* SPDX-License-Identifier: MIT */

/*
 * Immediate mode (compatibility): glBegin / glEnd and glRect*.
 *
 * Between glBegin and glEnd each vertex (glVertex*, or glVertexAttrib*
 * of attribute 0) is stored with a copy of every current value:
 * ST_MAX_ATTRIB_LOCATIONS values of 16 bytes per vertex, which the draw
 * reads as one interleaved user vertex buffer (st_draw_immediate()).
 * glEnd queues the primitive and flushes it through st_vertex_flush(),
 * the same function st_flush_vertices() calls before state changes, so
 * queued vertices are always drawn with the state they were given in.
 */
#include <string.h>

#include "glapi_api.h"
#include "st_compat.h"
#include "st_context.h"
#include "st_vertex_priv.h"

#define VERTEX_BYTES (ST_MAX_ATTRIB_LOCATIONS * sizeof(union st_current))

void
st_immediate_vertex(struct st_context *ctx, const GLfloat pos[4])
{
   struct st_vertex_state *vs = ctx->vertex;
   union st_current *v = u_dynarray_grow(&vs->vertices, VERTEX_BYTES);
   if (!v) {
      st_out_of_memory(ctx, "glVertex");
      return;
   }
   memcpy(v, vs->current, VERTEX_BYTES);
   memcpy(v[0].f, pos, sizeof(v[0].f));
   memcpy(v[ST_ATTRIB_VERTEX].f, pos, sizeof(v[0].f));
}

void
st_immediate_material(struct st_context *ctx, unsigned slot, const GLfloat v[4],
                      bool emitted)
{
   struct st_vertex_state *vs = ctx->vertex;
   unsigned loc = ST_ATTRIB_MATERIAL(slot);
   memcpy(vs->current[loc].f, v, sizeof(vs->current[loc].f));
   if (!emitted)
      return;
   unsigned count = (unsigned)(vs->vertices.size / VERTEX_BYTES);
   union st_current *vert = vs->vertices.data;
   for (unsigned i = 0; i < count; i++)
      memcpy(vert[i * ST_MAX_ATTRIB_LOCATIONS + loc].f, v, sizeof(v[0]) * 4);
}

void
st_immediate_material_value(struct st_context *ctx, unsigned slot,
                            GLfloat out[4])
{
   memcpy(out, ctx->vertex->current[ST_ATTRIB_MATERIAL(slot)].f,
          4 * sizeof(GLfloat));
}

void
st_vertex_flush(struct st_context *ctx)
{
   struct st_vertex_state *vs = ctx->vertex;
   if (!vs || ctx->inside_begin_end || vs->vertices.size == 0)
      return;
   unsigned count = (unsigned)(vs->vertices.size / VERTEX_BYTES);
   /* Clear first: the draw's own state changes flush again. */
   union st_current *data = vs->vertices.data;
   vs->vertices.size = 0;
   st_draw_immediate(ctx, vs->begin_mode, data, count);
}

static bool
valid_begin_mode(GLenum mode)
{
   return mode <= GL_POLYGON;
}

void
api_Begin(struct st_context *ctx, GLenum mode)
{
   if (ctx->inside_begin_end) {
      st_error(ctx, GL_INVALID_OPERATION, "glBegin(inside glBegin/glEnd)");
      return;
   }
   if (!valid_begin_mode(mode)) {
      st_error(ctx, GL_INVALID_ENUM, "glBegin(mode=%s)", st_enum_name(mode));
      return;
   }
   st_flush_vertices(ctx);
   ctx->vertex->begin_mode = mode;
   ctx->inside_begin_end = true;
}

void
api_End(struct st_context *ctx)
{
   if (!ctx->inside_begin_end) {
      st_error(ctx, GL_INVALID_OPERATION, "glEnd(without glBegin)");
      return;
   }
   ctx->inside_begin_end = false;
   st_vertex_flush(ctx);
   if (ctx->compat)
      st_light_end_primitive(ctx);
}

/* glRect*: GL 3.0 compatibility, 2.10: a polygon of four vertices in the
 * z = 0 plane, counter-clockwise from (x1, y1). */
static void
rect(struct st_context *ctx, GLfloat x1, GLfloat y1, GLfloat x2, GLfloat y2)
{
   api_Begin(ctx, GL_POLYGON);
   if (!ctx->inside_begin_end)
      return;
   const GLfloat corners[4][4] = {
      { x1, y1, 0, 1 },
      { x2, y1, 0, 1 },
      { x2, y2, 0, 1 },
      { x1, y2, 0, 1 },
   };
   for (unsigned i = 0; i < 4; i++)
      st_immediate_vertex(ctx, corners[i]);
   api_End(ctx);
}

void
api_Rectf(struct st_context *ctx, GLfloat x1, GLfloat y1, GLfloat x2,
          GLfloat y2)
{
   rect(ctx, x1, y1, x2, y2);
}

void
api_Rectd(struct st_context *ctx, GLdouble x1, GLdouble y1, GLdouble x2,
          GLdouble y2)
{
   rect(ctx, (GLfloat)x1, (GLfloat)y1, (GLfloat)x2, (GLfloat)y2);
}

void
api_Recti(struct st_context *ctx, GLint x1, GLint y1, GLint x2, GLint y2)
{
   rect(ctx, (GLfloat)x1, (GLfloat)y1, (GLfloat)x2, (GLfloat)y2);
}

void
api_Rects(struct st_context *ctx, GLshort x1, GLshort y1, GLshort x2,
          GLshort y2)
{
   rect(ctx, x1, y1, x2, y2);
}

void
api_Rectfv(struct st_context *ctx, const GLfloat *v1, const GLfloat *v2)
{
   rect(ctx, v1[0], v1[1], v2[0], v2[1]);
}

void
api_Rectdv(struct st_context *ctx, const GLdouble *v1, const GLdouble *v2)
{
   rect(ctx, (GLfloat)v1[0], (GLfloat)v1[1], (GLfloat)v2[0], (GLfloat)v2[1]);
}

void
api_Rectiv(struct st_context *ctx, const GLint *v1, const GLint *v2)
{
   rect(ctx, (GLfloat)v1[0], (GLfloat)v1[1], (GLfloat)v2[0], (GLfloat)v2[1]);
}

void
api_Rectsv(struct st_context *ctx, const GLshort *v1, const GLshort *v2)
{
   rect(ctx, v1[0], v1[1], v2[0], v2[1]);
}
