/* SPDX-License-Identifier: MIT */

/*
 * Which colour buffers are drawn and read: glDrawBuffer, glDrawBuffers,
 * glReadBuffer (GL 4.6 core 17.4.1 and 18.2.1, ES 3.0 4.2.1 and 4.3.1),
 * glInvalidate[Sub]Framebuffer (validated; the contents are kept, which
 * the specification allows), and the framebuffer module's glGet answers.
 *
 * The default framebuffer's buffers: FRONT and BACK (LEFT), no RIGHT
 * buffers (no stereo) and no AUX buffers.  A surfaceless default
 * framebuffer takes the names as if double-buffered.
 */
#include "pipe/p_context.h"
#include "pipe/p_screen.h"
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_get.h"

/** Whether @p buf is one of the default framebuffer's buffer names of
 * GL 4.6 table 17.4 (including the AUX buffers of the compatibility
 * profile), or ES's GL_BACK. */
static bool
is_window_buffer_enum(struct st_context *ctx, GLenum buf)
{
   /* ES 3.0 4.2.1 / 4.3.1: BACK is the only one. */
   if (ctx->es)
      return buf == GL_BACK;
   switch (buf) {
   case GL_FRONT_LEFT:
   case GL_FRONT_RIGHT:
   case GL_BACK_LEFT:
   case GL_BACK_RIGHT:
   case GL_FRONT:
   case GL_BACK:
   case GL_LEFT:
   case GL_RIGHT:
   case GL_FRONT_AND_BACK:
      return true;
   default:
      return st_is_compat(ctx) && buf >= GL_AUX0 && buf <= GL_AUX3;
   }
}

/** Whether @p buf is GL_COLOR_ATTACHMENTi for any i the enum has. */
static bool
is_attachment_enum(GLenum buf)
{
   return buf >= GL_COLOR_ATTACHMENT0 && buf <= GL_COLOR_ATTACHMENT31;
}

/** Whether the default framebuffer has the buffer @p buf names. */
static bool
window_has_buffer(struct st_context *ctx, GLenum buf)
{
   struct st_drawable *d = ctx->draw_drawable;
   bool db = !d || d->double_buffered;
   switch (buf) {
   case GL_BACK:
   case GL_BACK_LEFT:
      return db;
   case GL_FRONT:
   case GL_FRONT_LEFT:
   case GL_LEFT:
   case GL_FRONT_AND_BACK:
      return true;
   default:
      return false; /* RIGHT buffers, AUX buffers */
   }
}

static void
set_draw_buffers(struct st_context *ctx, struct st_framebuffer *fb, GLsizei n,
                 const GLenum *bufs)
{
   bool same = true;
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++) {
      GLenum b = (GLsizei)i < n ? bufs[i] : GL_NONE;
      same &= fb->draw_buffers[i] == b;
   }
   if (same)
      return;
   st_flush_vertices(ctx);
   for (unsigned i = 0; i < ST_MAX_DRAW_BUFFERS; i++)
      fb->draw_buffers[i] = (GLsizei)i < n ? bufs[i] : GL_NONE;
   /* Blending depends on which buffers are integer ones. */
   ctx->dirty |= ST_DIRTY_FRAMEBUFFER | ST_DIRTY_BLEND;
}

void
api_DrawBuffer(struct st_context *ctx, GLenum buf)
{
   struct st_framebuffer *fb = ctx->fb->draw;
   bool window = !fb->name;
   if (buf != GL_NONE && !is_window_buffer_enum(ctx, buf) &&
       !is_attachment_enum(buf)) {
      st_error(ctx, GL_INVALID_ENUM, "glDrawBuffer(buf=%s)", st_enum_name(buf));
      return;
   }
   if (buf != GL_NONE &&
       (window
           ? !is_window_buffer_enum(ctx, buf) || !window_has_buffer(ctx, buf)
           : !is_attachment_enum(buf) ||
                buf - GL_COLOR_ATTACHMENT0 >= ST_MAX_DRAW_BUFFERS)) {
      st_error(ctx, GL_INVALID_OPERATION, "glDrawBuffer(buf=%s)",
               st_enum_name(buf));
      return;
   }
   set_draw_buffers(ctx, fb, 1, &buf);
}

void
api_DrawBuffers(struct st_context *ctx, GLsizei n, const GLenum *bufs)
{
   struct st_framebuffer *fb = ctx->fb->draw;
   bool window = !fb->name;
   if (n < 0 || n > ST_MAX_DRAW_BUFFERS) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(n=%d)", n);
      return;
   }
   if (n > 0 && !bufs) {
      st_error(ctx, GL_INVALID_VALUE, "glDrawBuffers(bufs=NULL)");
      return;
   }
   if (ctx->es && window && n != 1) {
      /* ES 3.0 4.2.1: the default framebuffer takes one buffer. */
      st_error(ctx, GL_INVALID_OPERATION, "glDrawBuffers(n=%d)", n);
      return;
   }
   unsigned seen = 0;
   for (GLsizei i = 0; i < n; i++) {
      GLenum b = bufs[i];
      if (b == GL_NONE)
         continue;
      /* GL 4.6 17.4.1: FRONT, BACK, LEFT, RIGHT and FRONT_AND_BACK name
       * several buffers and are not allowed here (ES allows BACK). */
      bool multi = b == GL_FRONT || b == GL_LEFT || b == GL_RIGHT ||
                   b == GL_FRONT_AND_BACK || (b == GL_BACK && !ctx->es);
      if ((!is_window_buffer_enum(ctx, b) && !is_attachment_enum(b)) || multi) {
         st_error(ctx, GL_INVALID_ENUM, "glDrawBuffers(bufs[%d]=%s)", i,
                  st_enum_name(b));
         return;
      }
      bool ok;
      unsigned bit = 0;
      if (window) {
         ok = is_window_buffer_enum(ctx, b) && window_has_buffer(ctx, b) &&
              (!ctx->es || b == GL_BACK);
         bit = b == GL_BACK || b == GL_BACK_LEFT ? 1u : 2u;
      } else {
         unsigned a = b - GL_COLOR_ATTACHMENT0;
         ok = is_attachment_enum(b) && a < ST_MAX_DRAW_BUFFERS &&
              (!ctx->es || a == (unsigned)i);
         bit = 1u << (a & 31);
      }
      if (!ok || (seen & bit)) {
         st_error(ctx, GL_INVALID_OPERATION, "glDrawBuffers(bufs[%d]=%s)", i,
                  st_enum_name(b));
         return;
      }
      seen |= bit;
   }
   set_draw_buffers(ctx, fb, n, bufs);
}

void
api_ReadBuffer(struct st_context *ctx, GLenum src)
{
   struct st_framebuffer *fb = ctx->fb->read;
   bool window = !fb->name;
   if (src != GL_NONE && !is_window_buffer_enum(ctx, src) &&
       !is_attachment_enum(src)) {
      st_error(ctx, GL_INVALID_ENUM, "glReadBuffer(src=%s)", st_enum_name(src));
      return;
   }
   bool ok = true;
   if (src == GL_NONE)
      ok = true;
   else if (window)
      ok = is_window_buffer_enum(ctx, src) && window_has_buffer(ctx, src) &&
           src != GL_FRONT_AND_BACK && (!ctx->es || src == GL_BACK);
   else
      ok = is_attachment_enum(src) &&
           src - GL_COLOR_ATTACHMENT0 < ST_MAX_DRAW_BUFFERS;
   if (!ok) {
      st_error(ctx, GL_INVALID_OPERATION, "glReadBuffer(src=%s)",
               st_enum_name(src));
      return;
   }
   fb->read_buffer = src;
}

/** Checks the attachments of glInvalidate[Sub]Framebuffer. */
static bool
check_invalidate(struct st_context *ctx, GLenum target, GLsizei count,
                 const GLenum *attachments, const char *func)
{
   struct st_framebuffer *fb = st_fb_bound(ctx, target);
   if (!fb) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return false;
   }
   if (count < 0) {
      st_error(ctx, GL_INVALID_VALUE, "%s(numAttachments=%d)", func, count);
      return false;
   }
   if (count > 0 && !attachments)
      return false;
   for (GLsizei i = 0; i < count; i++) {
      GLenum a = attachments[i];
      bool ok;
      if (!fb->name) {
         ok = a == GL_COLOR || a == GL_DEPTH || a == GL_STENCIL;
      } else if (is_attachment_enum(a)) {
         if (a - GL_COLOR_ATTACHMENT0 >= ST_MAX_DRAW_BUFFERS) {
            st_error(ctx, GL_INVALID_OPERATION, "%s(attachments[%d]=%s)", func,
                     i, st_enum_name(a));
            return false;
         }
         ok = true;
      } else {
         ok = a == GL_DEPTH_ATTACHMENT || a == GL_STENCIL_ATTACHMENT ||
              a == GL_DEPTH_STENCIL_ATTACHMENT;
      }
      if (!ok) {
         st_error(ctx, GL_INVALID_ENUM, "%s(attachments[%d]=%s)", func, i,
                  st_enum_name(a));
         return false;
      }
   }
   return true;
}

void
api_InvalidateFramebuffer(struct st_context *ctx, GLenum target,
                          GLsizei numAttachments, const GLenum *attachments)
{
   check_invalidate(ctx, target, numAttachments, attachments,
                    "glInvalidateFramebuffer");
}

void
api_InvalidateSubFramebuffer(struct st_context *ctx, GLenum target,
                             GLsizei numAttachments, const GLenum *attachments,
                             GLint x, GLint y, GLsizei width, GLsizei height)
{
   (void)x;
   (void)y;
   if (!check_invalidate(ctx, target, numAttachments, attachments,
                         "glInvalidateSubFramebuffer"))
      return;
   if (width < 0 || height < 0)
      st_error(ctx, GL_INVALID_VALUE,
               "glInvalidateSubFramebuffer(width=%d, height=%d)", width,
               height);
}

/* ---------------------------------------------------------------------- */
/* glGet                                                                  */
/* ---------------------------------------------------------------------- */

/**
 * GL_IMPLEMENTATION_COLOR_READ_FORMAT / TYPE: the format and type that
 * match the read buffer's format best (glReadPixels then copies rows).
 */
static bool
color_read_format(struct st_context *ctx, GLenum *format, GLenum *type)
{
   struct pipe_resource *res;
   unsigned level, layer;
   if (!st_fb_read_source(ctx, GL_COLOR, "glGetIntegerv", &res, &level, &layer))
      return false;
   const struct u_format_desc *d = u_format_description(res->format);
   if (!d)
      return false;
   /* Packed formats read best with their packed type. */
   static const struct {
      enum pipe_format pipe;
      GLenum format, type;
   } packed[] = {
      { PIPE_FORMAT_B5G6R5_UNORM, GL_RGB, GL_UNSIGNED_SHORT_5_6_5 },
      { PIPE_FORMAT_B5G5R5A1_UNORM, GL_BGRA, GL_UNSIGNED_SHORT_1_5_5_5_REV },
      { PIPE_FORMAT_B4G4R4A4_UNORM, GL_BGRA, GL_UNSIGNED_SHORT_4_4_4_4_REV },
      { PIPE_FORMAT_R10G10B10A2_UNORM, GL_RGBA,
        GL_UNSIGNED_INT_2_10_10_10_REV },
      { PIPE_FORMAT_R10G10B10A2_UINT, GL_RGBA_INTEGER,
        GL_UNSIGNED_INT_2_10_10_10_REV },
      { PIPE_FORMAT_R11G11B10_FLOAT, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV },
      { PIPE_FORMAT_B8G8R8A8_UNORM, GL_BGRA, GL_UNSIGNED_BYTE },
      { PIPE_FORMAT_B8G8R8A8_SRGB, GL_BGRA, GL_UNSIGNED_BYTE },
   };
   for (unsigned i = 0; i < sizeof(packed) / sizeof(packed[0]); i++) {
      if (packed[i].pipe == res->format) {
         *format = packed[i].format;
         *type = packed[i].type;
         return true;
      }
   }
   bool integer = d->is_pure_uint || d->is_pure_sint;
   static const GLenum float_formats[] = { GL_RED, GL_RG, GL_RGB, GL_RGBA };
   static const GLenum int_formats[] = { GL_RED_INTEGER, GL_RG_INTEGER,
                                         GL_RGB_INTEGER, GL_RGBA_INTEGER };
   unsigned n = d->nr_channels >= 1 && d->nr_channels <= 4 ? d->nr_channels : 4;
   if (d->swizzle[0] != U_FORMAT_SWIZZLE_X ||
       d->layout != U_FORMAT_LAYOUT_ARRAY)
      n = 4; /* luminance, alpha, packed: read as RGBA */
   *format = integer ? int_formats[n - 1] : float_formats[n - 1];
   unsigned bits = d->channel[0].size;
   switch (d->channel[0].type) {
   case U_FORMAT_TYPE_UNORM:
   case U_FORMAT_TYPE_UINT:
      *type = bits == 8    ? GL_UNSIGNED_BYTE
              : bits == 16 ? GL_UNSIGNED_SHORT
                           : GL_UNSIGNED_INT;
      break;
   case U_FORMAT_TYPE_SNORM:
   case U_FORMAT_TYPE_SINT:
      *type = bits == 8 ? GL_BYTE : bits == 16 ? GL_SHORT : GL_INT;
      break;
   case U_FORMAT_TYPE_FLOAT:
      *type = bits == 16 ? GL_HALF_FLOAT : GL_FLOAT;
      break;
   default:
      *type = GL_UNSIGNED_BYTE;
      break;
   }
   if (d->layout != U_FORMAT_LAYOUT_ARRAY) {
      /* Other packed formats (R11G11B10F...): no matching packed type. */
      *format = integer ? GL_RGBA_INTEGER : GL_RGBA;
      *type = integer                                     ? GL_UNSIGNED_INT
              : d->channel[0].type == U_FORMAT_TYPE_FLOAT ? GL_FLOAT
                                                          : GL_UNSIGNED_BYTE;
   }
   return true;
}

/** Bits of component @p c of the draw framebuffer (GL_RED_BITS...). */
static unsigned
draw_bits(struct st_context *ctx, unsigned c)
{
   struct st_framebuffer *fb = ctx->fb->draw;
   if (!fb->name) {
      struct st_drawable *d = ctx->draw_drawable;
      if (!d)
         return 0;
      return st_fb_format_bits(
         c < 4 ? d->color_format : d->depth_stencil_format, c);
   }
   unsigned index = c == 4 ? ST_FB_DEPTH : c == 5 ? ST_FB_STENCIL : 0;
   if (c < 4) {
      GLenum b = fb->draw_buffers[0];
      if (b == GL_NONE || b - GL_COLOR_ATTACHMENT0 >= ST_MAX_DRAW_BUFFERS)
         return 0;
      index = b - GL_COLOR_ATTACHMENT0;
   }
   GLenum ifmt;
   enum pipe_format format;
   unsigned w, h, d, s;
   if (!st_fb_attachment_image(&fb->att[index], &ifmt, &format, &w, &h, &d, &s))
      return 0;
   return st_fb_format_bits(format, c);
}

/** Whether draw buffer 0 of the draw framebuffer is an integer one. */
static bool
draw_integer(struct st_context *ctx)
{
   struct st_framebuffer *fb = ctx->fb->draw;
   if (!fb->name)
      return false; /* window-system buffers are never integer */
   GLenum b = fb->draw_buffers[0];
   if (b == GL_NONE || b - GL_COLOR_ATTACHMENT0 >= ST_MAX_DRAW_BUFFERS)
      return false;
   GLenum ifmt;
   enum pipe_format format;
   unsigned w, h, d, s;
   if (!st_fb_attachment_image(&fb->att[b - GL_COLOR_ATTACHMENT0], &ifmt,
                               &format, &w, &h, &d, &s))
      return false;
   const struct u_format_desc *desc = u_format_description(format);
   return desc && (desc->is_pure_uint || desc->is_pure_sint);
}

bool
st_fb_get(struct st_context *ctx, GLenum pname, int index, struct st_value *v)
{
   struct st_fb_state *fbs = ctx->fb;
   bool es3 = !ctx->es || ctx->version >= 30;
   /* None of these is indexed. */
   if (index >= 0)
      return false;
   if (pname >= GL_DRAW_BUFFER0 &&
       pname < GL_DRAW_BUFFER0 + ST_MAX_DRAW_BUFFERS) {
      if (!es3)
         return false;
      st_value_enum(v, fbs->draw->draw_buffers[pname - GL_DRAW_BUFFER0]);
      return true;
   }
   switch (pname) {
   case GL_DRAW_FRAMEBUFFER_BINDING:
      st_value_int(v, (GLint)fbs->draw->name);
      return true;
   case GL_READ_FRAMEBUFFER_BINDING:
      if (!es3)
         return false;
      st_value_int(v, (GLint)fbs->read->name);
      return true;
   case GL_RENDERBUFFER_BINDING:
      st_value_int(v, fbs->renderbuffer ? (GLint)fbs->renderbuffer->name : 0);
      return true;
   case GL_DRAW_BUFFER:
      if (ctx->es)
         return false;
      st_value_enum(v, fbs->draw->draw_buffers[0]);
      return true;
   case GL_READ_BUFFER:
      if (!es3)
         return false;
      st_value_enum(v, fbs->read->read_buffer);
      return true;
   case GL_SAMPLE_BUFFERS:
   case GL_SAMPLES: {
      unsigned w, h, samples = 0;
      if (st_fb_status(ctx, fbs->draw, false) == GL_FRAMEBUFFER_COMPLETE)
         st_fb_size(ctx, fbs->draw, false, &w, &h, &samples);
      if (pname == GL_SAMPLE_BUFFERS)
         st_value_int(v, samples > 1);
      else
         st_value_int(v, samples > 1 ? (GLint)samples : 0);
      return true;
   }
   case GL_IMPLEMENTATION_COLOR_READ_FORMAT:
   case GL_IMPLEMENTATION_COLOR_READ_TYPE: {
      GLenum format, type;
      if (!color_read_format(ctx, &format, &type)) {
         v->count = 0;
         return true;
      }
      st_value_enum(v, pname == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? format
                                                                    : type);
      return true;
   }
   case GL_RGBA_INTEGER_MODE_EXT:
      /* EXT_texture_integer (compatibility profile only): whether the
       * draw framebuffer's colour buffers are integer ones; Indium asks
       * draw buffer 0, as GL_RED_BITS does. */
      if (!st_is_compat(ctx))
         return false;
      st_value_bool(v, draw_integer(ctx));
      return true;
   case GL_RED_BITS:
   case GL_GREEN_BITS:
   case GL_BLUE_BITS:
   case GL_ALPHA_BITS:
   case GL_DEPTH_BITS:
   case GL_STENCIL_BITS: {
      /* Removed from the core profile (GL 3.1 deprecation). */
      if (ctx->core)
         return false;
      static const GLenum order[] = { GL_RED_BITS,   GL_GREEN_BITS,
                                      GL_BLUE_BITS,  GL_ALPHA_BITS,
                                      GL_DEPTH_BITS, GL_STENCIL_BITS };
      unsigned c = 0;
      while (order[c] != pname)
         c++;
      st_value_int(v, (GLint)draw_bits(ctx, c));
      return true;
   }
   case GL_AUX_BUFFERS:
      /* Compatibility profile only; no config has auxiliary buffers. */
      if (ctx->core || ctx->es)
         return false;
      st_value_int(v, 0);
      return true;
   case GL_DOUBLEBUFFER:
   case GL_STEREO:
      if (ctx->es)
         return false;
      st_value_bool(v, pname == GL_DOUBLEBUFFER && !fbs->draw->name &&
                          ctx->draw_drawable &&
                          ctx->draw_drawable->double_buffered);
      return true;
   default:
      return false;
   }
}

/* GL 3.2 / ARB_texture_multisample: where sample @p index of the draw
 * framebuffer's pixels lies. */
void
api_GetMultisamplefv(struct st_context *ctx, GLenum pname, GLuint index,
                     GLfloat *val)
{
   struct st_fb_state *fbs = ctx->fb;
   if (pname != GL_SAMPLE_POSITION) {
      st_error(ctx, GL_INVALID_ENUM, "glGetMultisamplefv(pname=%s)",
               st_enum_name(pname));
      return;
   }
   unsigned w, h, samples = 0;
   if (st_fb_status(ctx, fbs->draw, false) == GL_FRAMEBUFFER_COMPLETE)
      st_fb_size(ctx, fbs->draw, false, &w, &h, &samples);
   /* GL_SAMPLES is 0 for a single-sampled framebuffer: no index is valid. */
   if (samples <= 1 || index >= samples) {
      st_error(ctx, GL_INVALID_VALUE, "glGetMultisamplefv(index=%u)", index);
      return;
   }
   if (!val)
      return;
   ctx->pipe->get_sample_position(ctx->pipe, samples, index, val);
}
