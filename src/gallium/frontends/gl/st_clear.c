/* SPDX-License-Identifier: MIT */

/*
 * glClear and glClearBuffer{iv,uiv,fv,fi} (GL 4.6 core 17.4.3, ES 3.0
 * 4.2.3).
 *
 * A clear writes the clear value to every pixel of the draw buffers
 * inside the scissor rectangle, through the colour, depth and stencil
 * write masks; rasterizer discard makes it do nothing (GL 4.6 14.1), the
 * render condition applies (the pipe driver checks it).
 *
 * pipe_context::clear writes whole pixels.  So a buffer whose write mask
 * lets every channel through (the usual case) is cleared by the driver in
 * one call for all such buffers; a buffer with a partial colour mask, and
 * the stencil buffer under a partial stencil write mask, are cleared by
 * drawing a rectangle with that mask (st_clear_draw.c).  The depth mask is
 * all or nothing.
 */
#include <math.h>
#include <string.h>

#include "pipe/p_context.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_raster.h"
#include "st_validate.h"

/** The scissor rectangle if the scissor test is on (window y is the
 * memory row, st_fb.h), clipped to non-negative values. */
static const struct pipe_scissor_state *
clear_scissor(struct st_context *ctx, struct pipe_scissor_state *out)
{
   if (!ctx->state.scissor_test)
      return NULL;
   const GLint *s = ctx->state.scissor;
   int64_t x0 = s[0] > 0 ? s[0] : 0, y0 = s[1] > 0 ? s[1] : 0;
   int64_t x1 = (int64_t)s[0] + s[2], y1 = (int64_t)s[1] + s[3];
   if (x1 < x0)
      x1 = x0;
   if (y1 < y0)
      y1 = y0;
   out->minx = (unsigned)x0;
   out->miny = (unsigned)y0;
   out->maxx = x1 > UINT32_MAX ? UINT32_MAX : (unsigned)x1;
   out->maxy = y1 > UINT32_MAX ? UINT32_MAX : (unsigned)y1;
   return out;
}

/** The channels (PIPE_MASK_*) a surface's format stores. */
static unsigned
format_channels(enum pipe_format format)
{
   const struct u_format_desc *d = u_format_description(format);
   unsigned mask = 0;
   for (unsigned c = 0; d && c < 4; c++) {
      if (d->swizzle[c] < 4)
         mask |= 1u << c;
   }
   return mask;
}

/** Colour write mask of draw buffer @p i restricted to its channels;
 * *@p full when that is every channel. */
static unsigned
color_mask(struct st_context *ctx, unsigned i, enum pipe_format format,
           bool *full)
{
   unsigned channels = format_channels(format);
   unsigned mask = ctx->state.color_mask[i] & channels;
   *full = mask == channels;
   return mask;
}

static bool
surface_has(const struct pipe_surface *s, bool depth)
{
   const struct u_format_desc *d = s ? u_format_description(s->format) : NULL;
   return d && (depth ? d->is_depth : d->is_stencil);
}

/**
 * Clears colour draw buffers @p color_buffers (bit i: draw buffer i), and
 * depth and/or stencil, honouring the masks.  @p kind: how @p color is to
 * be read for a drawn clear.
 */
static void
clear(struct st_context *ctx, unsigned color_buffers,
      const union pipe_color_union *color, enum st_clear_kind kind, bool depth,
      double depth_value, bool stencil, GLint stencil_value)
{
   struct pipe_context *pipe = ctx->pipe;
   const struct pipe_framebuffer_state *fb = &ctx->fb->state;
   struct pipe_scissor_state scissor_state;
   const struct pipe_scissor_state *scissor =
      clear_scissor(ctx, &scissor_state);

   unsigned buffers = 0, drawn = 0;
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      struct pipe_surface *s = fb->cbufs[i];
      if (!(color_buffers & (1u << i)) || !s)
         continue;
      bool full;
      unsigned mask = color_mask(ctx, i, s->format, &full);
      if (full)
         buffers |= PIPE_CLEAR_COLOR_BUF(i);
      else if (mask)
         drawn |= 1u << i;
   }
   if (depth && ctx->state.depth_mask && surface_has(fb->zsbuf, true))
      buffers |= PIPE_CLEAR_DEPTH;
   unsigned stencil_mask = ctx->state.stencil[0].write_mask & 0xffu;
   bool draw_stencil = false;
   if (stencil && surface_has(fb->zsbuf, false)) {
      if (stencil_mask == 0xffu)
         buffers |= PIPE_CLEAR_STENCIL;
      else if (stencil_mask)
         draw_stencil = true;
   }
   if (depth_value < 0.0 || isnan(depth_value))
      depth_value = 0.0;
   if (depth_value > 1.0)
      depth_value = 1.0;
   unsigned stencil_bits = (unsigned)stencil_value & 0xffu;

   if (buffers)
      pipe->clear(pipe, buffers, scissor, color, depth_value, stencil_bits);
   for (unsigned i = 0; i < fb->nr_cbufs; i++) {
      if (drawn & (1u << i)) {
         bool full;
         unsigned mask = color_mask(ctx, i, fb->cbufs[i]->format, &full);
         st_clear_draw(ctx, scissor, (int)i, mask, color, kind, 0, 0);
      }
   }
   if (draw_stencil)
      st_clear_draw(ctx, scissor, -1, 0, NULL, kind, stencil_mask,
                    stencil_bits);
}

void
api_Clear(struct st_context *ctx, GLbitfield mask)
{
   GLbitfield allowed =
      GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT;
   if (st_is_compat(ctx))
      allowed |= GL_ACCUM_BUFFER_BIT;
   if (mask & ~allowed) {
      st_error(ctx, GL_INVALID_VALUE, "glClear(mask=0x%x)", mask);
      return;
   }
   st_flush_vertices(ctx);
   if (!st_validate_framebuffer(ctx, "glClear"))
      return;
   if (ctx->state.rasterizer_discard)
      return;
   if (mask & GL_ACCUM_BUFFER_BIT)
      st_accum_clear(ctx);
   if (!(mask & ~GL_ACCUM_BUFFER_BIT))
      return;
   union pipe_color_union color;
   enum st_clear_kind kind = ST_CLEAR_FLOAT;
   if (ctx->state.clear_color_type == GL_FLOAT) {
      memcpy(color.f, ctx->state.clear_color, sizeof(color.f));
   } else {
      memcpy(color.ui, ctx->state.clear_color_int, sizeof(color.ui));
      kind =
         ctx->state.clear_color_type == GL_INT ? ST_CLEAR_SINT : ST_CLEAR_UINT;
   }
   clear(ctx, mask & GL_COLOR_BUFFER_BIT ? 0xffu : 0, &color, kind,
         mask & GL_DEPTH_BUFFER_BIT, ctx->state.clear_depth,
         mask & GL_STENCIL_BUFFER_BIT, ctx->state.clear_stencil);
}

/**
 * The common checks of glClearBuffer*: @p buffer is one of @p allowed
 * (a 0-terminated list), @p drawbuffer in range (colour) or 0.  Validates
 * the framebuffer last.  False if nothing is to be done.
 */
static bool
clear_buffer_begin(struct st_context *ctx, GLenum buffer, GLint drawbuffer,
                   const void *value, const GLenum *allowed, const char *func)
{
   bool ok = false;
   for (unsigned i = 0; allowed[i]; i++)
      ok |= allowed[i] == buffer;
   if (!ok) {
      st_error(ctx, GL_INVALID_ENUM, "%s(buffer=%s)", func,
               st_enum_name(buffer));
      return false;
   }
   if (buffer == GL_COLOR ? drawbuffer < 0 || drawbuffer >= ST_MAX_DRAW_BUFFERS
                          : drawbuffer != 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(drawbuffer=%d)", func, drawbuffer);
      return false;
   }
   if (!value)
      return false;
   st_flush_vertices(ctx);
   if (!st_validate_framebuffer(ctx, func))
      return false;
   return !ctx->state.rasterizer_discard;
}

void
api_ClearBufferiv(struct st_context *ctx, GLenum buffer, GLint drawbuffer,
                  const GLint *value)
{
   static const GLenum allowed[] = { GL_COLOR, GL_STENCIL, 0 };
   if (!clear_buffer_begin(ctx, buffer, drawbuffer, value, allowed,
                           "glClearBufferiv"))
      return;
   union pipe_color_union color = { .i = { 0 } };
   if (buffer == GL_COLOR) {
      memcpy(color.i, value, sizeof(color.i));
      clear(ctx, 1u << drawbuffer, &color, ST_CLEAR_SINT, false, 0, false, 0);
   } else {
      clear(ctx, 0, &color, ST_CLEAR_SINT, false, 0, true, value[0]);
   }
}

void
api_ClearBufferuiv(struct st_context *ctx, GLenum buffer, GLint drawbuffer,
                   const GLuint *value)
{
   static const GLenum allowed[] = { GL_COLOR, 0 };
   if (!clear_buffer_begin(ctx, buffer, drawbuffer, value, allowed,
                           "glClearBufferuiv"))
      return;
   union pipe_color_union color;
   memcpy(color.ui, value, sizeof(color.ui));
   clear(ctx, 1u << drawbuffer, &color, ST_CLEAR_UINT, false, 0, false, 0);
}

void
api_ClearBufferfv(struct st_context *ctx, GLenum buffer, GLint drawbuffer,
                  const GLfloat *value)
{
   static const GLenum allowed[] = { GL_COLOR, GL_DEPTH, 0 };
   if (!clear_buffer_begin(ctx, buffer, drawbuffer, value, allowed,
                           "glClearBufferfv"))
      return;
   union pipe_color_union color = { .f = { 0 } };
   if (buffer == GL_COLOR) {
      memcpy(color.f, value, sizeof(color.f));
      clear(ctx, 1u << drawbuffer, &color, ST_CLEAR_FLOAT, false, 0, false, 0);
   } else {
      clear(ctx, 0, &color, ST_CLEAR_FLOAT, true, value[0], false, 0);
   }
}

void
api_ClearBufferfi(struct st_context *ctx, GLenum buffer, GLint drawbuffer,
                  GLfloat depth, GLint stencil)
{
   static const GLenum allowed[] = { GL_DEPTH_STENCIL, 0 };
   /* value is not a pointer here: pass any non-NULL one. */
   if (!clear_buffer_begin(ctx, buffer, drawbuffer, &depth, allowed,
                           "glClearBufferfi"))
      return;
   union pipe_color_union color = { .f = { 0 } };
   clear(ctx, 0, &color, ST_CLEAR_FLOAT, true, depth, true, stencil);
}
