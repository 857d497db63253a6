/* SPDX-License-Identifier: MIT */

/*
 * Which internal formats a framebuffer can render to: colour-renderable,
 * depth-renderable and stencil-renderable as GL 3.3 core 4.4.4 and
 * ES 3.0 4.4.4 (table 3.13) define them.  Renderbuffer storage accepts
 * exactly these formats; attachment completeness requires them.
 *
 * Desktop GL: every sized format of table 3.12 whose base format is RED,
 * RG, RGB or RGBA, except RGB9_E5 and the compressed ones, plus the
 * unsized RED, RG, RGB, RGBA; the compatibility profile adds ALPHA,
 * LUMINANCE, LUMINANCE_ALPHA and INTENSITY (ARB_framebuffer_object).  The
 * snorm formats are renderable where the driver supports them (that is
 * checked with the pipe format, GL_FRAMEBUFFER_UNSUPPORTED otherwise).
 * ES 3.0 lists its colour-renderable formats one by one (no float, snorm
 * or RGB integer formats); ES 2.0 has RGBA4, RGB5_A1, RGB565 and
 * OES_rgb8_rgba8's RGB8 and RGBA8.
 */
#include "st_context.h"
#include "st_fb_priv.h"

/* Flags of a colour format: where it is colour-renderable. */
#define CR_DESKTOP (1u << 0)
#define CR_COMPAT  (1u << 1) /**< compatibility profile only */
#define CR_ES3     (1u << 2)
#define CR_ES2     (1u << 3)

struct color_format {
   GLenum format;
   unsigned flags;
};

#define ALL (CR_DESKTOP | CR_ES3 | CR_ES2)

static const struct color_format color_formats[] = {
   /* Unsized formats: glTexImage* in every API. */
   { GL_RED, CR_DESKTOP },
   { GL_RG, CR_DESKTOP },
   { GL_RGB, ALL },
   { GL_RGBA, ALL },
   { GL_ALPHA, CR_COMPAT },
   { GL_LUMINANCE, CR_COMPAT },
   { GL_LUMINANCE_ALPHA, CR_COMPAT },
   { GL_INTENSITY, CR_COMPAT },
   /* Normalized. */
   { GL_R8, CR_DESKTOP | CR_ES3 },
   { GL_R16, CR_DESKTOP },
   { GL_RG8, CR_DESKTOP | CR_ES3 },
   { GL_RG16, CR_DESKTOP },
   { GL_R3_G3_B2, CR_DESKTOP },
   { GL_RGB4, CR_DESKTOP },
   { GL_RGB5, CR_DESKTOP },
   { GL_RGB565, ALL },
   { GL_RGB8, ALL },
   { GL_RGB10, CR_DESKTOP },
   { GL_RGB12, CR_DESKTOP },
   { GL_RGB16, CR_DESKTOP },
   { GL_RGBA2, CR_DESKTOP },
   { GL_RGBA4, ALL },
   { GL_RGB5_A1, ALL },
   { GL_RGBA8, ALL },
   { GL_RGB10_A2, CR_DESKTOP | CR_ES3 },
   { GL_RGBA12, CR_DESKTOP },
   { GL_RGBA16, CR_DESKTOP },
   { GL_SRGB8_ALPHA8, CR_DESKTOP | CR_ES3 },
   { GL_SRGB_ALPHA, CR_DESKTOP },
   { GL_R8_SNORM, CR_DESKTOP },
   { GL_R16_SNORM, CR_DESKTOP },
   { GL_RG8_SNORM, CR_DESKTOP },
   { GL_RG16_SNORM, CR_DESKTOP },
   { GL_RGB8_SNORM, CR_DESKTOP },
   { GL_RGB16_SNORM, CR_DESKTOP },
   { GL_RGBA8_SNORM, CR_DESKTOP },
   { GL_RGBA16_SNORM, CR_DESKTOP },
   { GL_ALPHA8, CR_COMPAT },
   { GL_ALPHA16, CR_COMPAT },
   { GL_LUMINANCE8, CR_COMPAT },
   { GL_LUMINANCE16, CR_COMPAT },
   { GL_LUMINANCE8_ALPHA8, CR_COMPAT },
   { GL_LUMINANCE16_ALPHA16, CR_COMPAT },
   { GL_INTENSITY8, CR_COMPAT },
   { GL_INTENSITY16, CR_COMPAT },
   /* Float. */
   { GL_R16F, CR_DESKTOP },
   { GL_RG16F, CR_DESKTOP },
   { GL_RGB16F, CR_DESKTOP },
   { GL_RGBA16F, CR_DESKTOP },
   { GL_R32F, CR_DESKTOP },
   { GL_RG32F, CR_DESKTOP },
   { GL_RGB32F, CR_DESKTOP },
   { GL_RGBA32F, CR_DESKTOP },
   { GL_R11F_G11F_B10F, CR_DESKTOP },
   /* Integer. */
   { GL_R8I, CR_DESKTOP | CR_ES3 },
   { GL_R8UI, CR_DESKTOP | CR_ES3 },
   { GL_R16I, CR_DESKTOP | CR_ES3 },
   { GL_R16UI, CR_DESKTOP | CR_ES3 },
   { GL_R32I, CR_DESKTOP | CR_ES3 },
   { GL_R32UI, CR_DESKTOP | CR_ES3 },
   { GL_RG8I, CR_DESKTOP | CR_ES3 },
   { GL_RG8UI, CR_DESKTOP | CR_ES3 },
   { GL_RG16I, CR_DESKTOP | CR_ES3 },
   { GL_RG16UI, CR_DESKTOP | CR_ES3 },
   { GL_RG32I, CR_DESKTOP | CR_ES3 },
   { GL_RG32UI, CR_DESKTOP | CR_ES3 },
   { GL_RGB8I, CR_DESKTOP },
   { GL_RGB8UI, CR_DESKTOP },
   { GL_RGB16I, CR_DESKTOP },
   { GL_RGB16UI, CR_DESKTOP },
   { GL_RGB32I, CR_DESKTOP },
   { GL_RGB32UI, CR_DESKTOP },
   { GL_RGBA8I, CR_DESKTOP | CR_ES3 },
   { GL_RGBA8UI, CR_DESKTOP | CR_ES3 },
   { GL_RGBA16I, CR_DESKTOP | CR_ES3 },
   { GL_RGBA16UI, CR_DESKTOP | CR_ES3 },
   { GL_RGBA32I, CR_DESKTOP | CR_ES3 },
   { GL_RGBA32UI, CR_DESKTOP | CR_ES3 },
   { GL_RGB10_A2UI, CR_DESKTOP | CR_ES3 },
};

bool
st_fb_color_renderable(struct st_context *ctx, GLenum internal_format)
{
   unsigned want = ctx->es             ? (ctx->version >= 30 ? CR_ES3 : CR_ES2)
                   : st_is_compat(ctx) ? CR_DESKTOP | CR_COMPAT
                                       : CR_DESKTOP;
   for (unsigned i = 0; i < sizeof(color_formats) / sizeof(color_formats[0]);
        i++) {
      if (color_formats[i].format == internal_format)
         return (color_formats[i].flags & want) != 0;
   }
   return false;
}

bool
st_fb_depth_renderable(GLenum internal_format)
{
   switch (internal_format) {
   case GL_DEPTH_COMPONENT:
   case GL_DEPTH_COMPONENT16:
   case GL_DEPTH_COMPONENT24:
   case GL_DEPTH_COMPONENT32:
   case GL_DEPTH_COMPONENT32F:
   case GL_DEPTH_STENCIL:
   case GL_DEPTH24_STENCIL8:
   case GL_DEPTH32F_STENCIL8:
      return true;
   default:
      return false;
   }
}

bool
st_fb_stencil_renderable(GLenum internal_format)
{
   switch (internal_format) {
   case GL_STENCIL_INDEX:
   case GL_STENCIL_INDEX1:
   case GL_STENCIL_INDEX4:
   case GL_STENCIL_INDEX8:
   case GL_STENCIL_INDEX16:
   case GL_DEPTH_STENCIL:
   case GL_DEPTH24_STENCIL8:
   case GL_DEPTH32F_STENCIL8:
      return true;
   default:
      return false;
   }
}
