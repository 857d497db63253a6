/* SPDX-License-Identifier: MIT */

/*
 * The accumulation buffer (GL 3.0 compatibility, 4.2.4): glAccum,
 * glClearAccum, its part of glClear, the GL_ACCUM_*_BITS answers and the
 * GL_ACCUM_BUFFER_BIT saver.
 *
 * The pipe has no accumulation buffers: the state tracker keeps one for
 * the window-system framebuffer, RGBA floats of its size (made, or
 * remade after a resize, when first used; contents are undefined after
 * a resize anyway).  Framebuffer objects have none (GL 3.0 4.4.1:
 * "there is no accumulation buffer" for them), so glAccum raises
 * GL_INVALID_OPERATION then, and GL_ACCUM_*_BITS are 0.  Floats hold
 * more than the 16 signed bits per component GL_ACCUM_*_BITS reports.
 *
 * All operations act inside the scissor box when the scissor test is
 * enabled.  GL_RETURN writes to every draw buffer under the colour
 * masks, with no other fragment operation (4.2.4).
 */
#include <stdlib.h>
#include <string.h>

#include "glapi_api.h"
#include "pipe/p_context.h"
#include "st_attrib.h"
#include "st_context.h"
#include "st_fb.h"
#include "st_fb_priv.h"
#include "st_get.h"
#include "st_pixels.h"
#include "st_raster_priv.h"

/** Bits per component GL_ACCUM_*_BITS reports for the window's buffer. */
#define ACCUM_BITS 16

static GLfloat
clampf(GLfloat f, GLfloat lo, GLfloat hi)
{
   return f < lo ? lo : f > hi ? hi : f;
}

void
api_ClearAccum(struct st_context *ctx, GLfloat red, GLfloat green, GLfloat blue,
               GLfloat alpha)
{
   if (!ctx->raster)
      return;
   st_flush_vertices(ctx);
   GLfloat *c = ctx->raster->accum_clear;
   c[0] = clampf(red, -1.0f, 1.0f);
   c[1] = clampf(green, -1.0f, 1.0f);
   c[2] = clampf(blue, -1.0f, 1.0f);
   c[3] = clampf(alpha, -1.0f, 1.0f);
}

/* The accumulation buffer of the draw framebuffer sized to it, and the
 * rectangle operations act on; NULL when there is none. */
static GLfloat *
accum_buffer(struct st_context *ctx, int rect[4])
{
   struct st_raster_state *rs = ctx->raster;
   unsigned w, h, samples;
   if (!rs || !st_fb_draw_is_window(ctx) ||
       !st_fb_size(ctx, ctx->fb->draw, false, &w, &h, &samples) || !w || !h)
      return NULL;
   if (!rs->accum || rs->accum_width != w || rs->accum_height != h) {
      GLfloat *grown = calloc((size_t)w * h, 4 * sizeof(GLfloat));
      if (!grown)
         return NULL;
      free(rs->accum);
      rs->accum = grown;
      rs->accum_width = w;
      rs->accum_height = h;
   }
   int64_t x0 = 0, y0 = 0, x1 = w, y1 = h;
   if (ctx->state.scissor_test) {
      const GLint *sc = ctx->state.scissor;
      if (sc[0] > x0)
         x0 = sc[0];
      if (sc[1] > y0)
         y0 = sc[1];
      if ((int64_t)sc[0] + sc[2] < x1)
         x1 = (int64_t)sc[0] + sc[2];
      if ((int64_t)sc[1] + sc[3] < y1)
         y1 = (int64_t)sc[1] + sc[3];
   }
   rect[0] = (int)x0;
   rect[1] = (int)y0;
   rect[2] = x1 > x0 ? (int)(x1 - x0) : 0;
   rect[3] = y1 > y0 ? (int)(y1 - y0) : 0;
   return rs->accum;
}

void
st_accum_clear(struct st_context *ctx)
{
   int r[4];
   GLfloat *acc = accum_buffer(ctx, r);
   if (!acc)
      return;
   const GLfloat *c = ctx->raster->accum_clear;
   for (int j = 0; j < r[3]; j++) {
      GLfloat *row = acc + 4 * ((size_t)(r[1] + j) * ctx->raster->accum_width +
                                (size_t)r[0]);
      for (int i = 0; i < r[2]; i++)
         memcpy(row + 4 * i, c, 4 * sizeof(GLfloat));
   }
}

/* GL_RETURN into colour buffer @p surf under colour mask @p mask. */
static void
return_to(struct st_context *ctx, struct pipe_surface *surf, unsigned mask,
          const GLfloat *acc, const int r[4], GLfloat value)
{
   int x1 = r[0] + r[2] < (int)surf->width ? r[0] + r[2] : (int)surf->width;
   int y1 = r[1] + r[3] < (int)surf->height ? r[1] + r[3] : (int)surf->height;
   if (x1 <= r[0] || y1 <= r[1] || !mask)
      return;
   struct pipe_box box = {
      .x = r[0],
      .y = r[1],
      .z = (int)surf->first_layer,
      .width = x1 - r[0],
      .height = y1 - r[1],
      .depth = 1,
   };
   size_t n = (size_t)box.width * (size_t)box.height;
   GLfloat *rgba = malloc(n * 4 * sizeof(GLfloat));
   if (!rgba) {
      st_out_of_memory(ctx, "glAccum");
      return;
   }
   struct pipe_transfer *t;
   uint8_t *map = ctx->pipe->texture_map(ctx->pipe, surf->resource, surf->level,
                                         PIPE_MAP_READ_WRITE, &box, &t);
   if (!map) {
      free(rgba);
      st_out_of_memory(ctx, "glAccum");
      return;
   }
   const struct st_pixelstore store = { .alignment = 1 };
   bool ok =
      st_pixels_pack(&store, GL_RGBA, GL_FLOAT, rgba, box.width, box.height, 1,
                     surf->format, map, t->stride, t->layer_stride, false);
   for (int j = 0; ok && j < box.height; j++) {
      const GLfloat *src =
         acc +
         4 * ((size_t)(box.y + j) * ctx->raster->accum_width + (size_t)box.x);
      GLfloat *dst = rgba + (size_t)j * box.width * 4;
      for (int i = 0; i < 4 * box.width; i++) {
         if (mask & (1u << (i % 4)))
            dst[i] = clampf(value * src[i], 0.0f, 1.0f);
      }
   }
   if (ok)
      st_pixels_unpack(&store, GL_RGBA, GL_FLOAT, rgba, box.width, box.height,
                       1, surf->format, map, t->stride, t->layer_stride);
   ctx->pipe->texture_unmap(ctx->pipe, t);
   free(rgba);
}

void
api_Accum(struct st_context *ctx, GLenum op, GLfloat value)
{
   static const char func[] = "glAccum";
   if (!ctx->raster)
      return;
   if (op != GL_ACCUM && op != GL_LOAD && op != GL_RETURN && op != GL_MULT &&
       op != GL_ADD) {
      st_error(ctx, GL_INVALID_ENUM, "%s(op=%s)", func, st_enum_name(op));
      return;
   }
   st_flush_vertices(ctx);
   struct pipe_framebuffer_state fbs;
   if (!st_fb_validate_draw(ctx, func, &fbs))
      return;
   int r[4];
   GLfloat *acc = accum_buffer(ctx, r);
   if (!acc) {
      st_error(ctx, GL_INVALID_OPERATION, "%s(no accumulation buffer)", func);
      return;
   }
   if (!r[2] || !r[3])
      return;
   size_t width = ctx->raster->accum_width;
   if (op == GL_ADD || op == GL_MULT) {
      for (int j = 0; j < r[3]; j++) {
         GLfloat *row = acc + 4 * ((size_t)(r[1] + j) * width + (size_t)r[0]);
         for (int i = 0; i < 4 * r[2]; i++)
            row[i] = op == GL_ADD ? row[i] + value : row[i] * value;
      }
      return;
   }
   if (op == GL_RETURN) {
      for (unsigned b = 0; b < fbs.nr_cbufs; b++) {
         if (fbs.cbufs[b])
            return_to(ctx, fbs.cbufs[b], ctx->state.color_mask[b], acc, r,
                      value);
      }
      return;
   }
   /* GL_ACCUM and GL_LOAD read the read buffer. */
   size_t n = (size_t)r[2] * (size_t)r[3];
   GLfloat *rgba = malloc(n * 4 * sizeof(GLfloat));
   bool *inside = malloc(n);
   if (!rgba || !inside) {
      st_out_of_memory(ctx, func);
   } else if (st_raster_read_rect(ctx, GL_COLOR, r[0], r[1], r[2], r[3], rgba,
                                  inside, func)) {
      for (int j = 0; j < r[3]; j++) {
         GLfloat *row = acc + 4 * ((size_t)(r[1] + j) * width + (size_t)r[0]);
         const GLfloat *src = rgba + (size_t)j * r[2] * 4;
         for (int i = 0; i < 4 * r[2]; i++)
            row[i] = op == GL_LOAD ? value * src[i] : row[i] + value * src[i];
      }
   }
   free(rgba);
   free(inside);
}

/** GL_ACCUM_*_BITS (st_raster_get() asks). */
bool
st_accum_get(struct st_context *ctx, GLenum pname, struct st_value *v)
{
   switch (pname) {
   case GL_ACCUM_RED_BITS:
   case GL_ACCUM_GREEN_BITS:
   case GL_ACCUM_BLUE_BITS:
   case GL_ACCUM_ALPHA_BITS:
      st_value_int(v, st_fb_draw_is_window(ctx) ? ACCUM_BITS : 0);
      return true;
   default:
      return false;
   }
}

/* ---- glPushAttrib(GL_ACCUM_BUFFER_BIT) ---- */

static void
save_accum(struct st_context *ctx, void *data)
{
   if (ctx->raster)
      memcpy(data, ctx->raster->accum_clear, sizeof(ctx->raster->accum_clear));
}

static void
restore_accum(struct st_context *ctx, const void *data)
{
   if (ctx->raster)
      memcpy(ctx->raster->accum_clear, data, sizeof(ctx->raster->accum_clear));
}

const struct st_attrib_saver st_raster_saver_accum = {
   .mask = GL_ACCUM_BUFFER_BIT,
   .size = sizeof(GLfloat[4]),
   .save = save_accum,
   .restore = restore_accum,
};
