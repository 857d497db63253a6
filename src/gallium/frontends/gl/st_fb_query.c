/* SPDX-License-Identifier: MIT */

/*
 * glGetFramebufferAttachmentParameteriv (GL 3.3 core 6.1.13, ES 3.0
 * 6.1.13).
 *
 * The object type decides which pnames are valid: every type answers
 * OBJECT_TYPE; NONE answers OBJECT_NAME (0) and nothing else
 * (INVALID_OPERATION; ES 2.0: INVALID_ENUM); the default framebuffer's
 * buffers (FRAMEBUFFER_DEFAULT) answer the sizes, COMPONENT_TYPE and
 * COLOR_ENCODING; renderbuffers add OBJECT_NAME; textures add the
 * TEXTURE_* pnames.
 */
#include "glapi_api.h"
#include "st_context.h"
#include "st_fb_priv.h"
#include "st_texture.h"

/** What one attachment point (or window buffer) holds for the query. */
struct attachment_info {
   GLenum type;
   const struct st_fb_attachment *att;
   enum pipe_format format;
   /** Which point: colour, or ST_FB_DEPTH / ST_FB_STENCIL. */
   unsigned index;
};

/** The default framebuffer's buffer @p attachment; false after raising
 * INVALID_ENUM for a name that is not one of its buffers. */
static bool
window_info(struct st_context *ctx, GLenum target, GLenum attachment,
            struct attachment_info *info)
{
   struct st_drawable *d =
      target == GL_READ_FRAMEBUFFER ? ctx->read_drawable : ctx->draw_drawable;
   enum pipe_format color = d ? d->color_format : PIPE_FORMAT_NONE;
   enum pipe_format zs = d ? d->depth_stencil_format : PIPE_FORMAT_NONE;
   bool db = d && d->double_buffered;
   info->type = GL_NONE;
   info->format = PIPE_FORMAT_NONE;
   info->index = 0;
   switch (attachment) {
   case GL_BACK:
      if (!ctx->es)
         return false;
      /* fallthrough */
   case GL_BACK_LEFT:
      if (db)
         info->format = color;
      break;
   case GL_FRONT_LEFT:
      if (ctx->es)
         return false;
      info->format = color;
      break;
   case GL_FRONT_RIGHT:
   case GL_BACK_RIGHT:
      if (ctx->es)
         return false;
      break;
   case GL_DEPTH:
      info->index = ST_FB_DEPTH;
      if (st_fb_format_bits(zs, 4))
         info->format = zs;
      break;
   case GL_STENCIL:
      info->index = ST_FB_STENCIL;
      if (st_fb_format_bits(zs, 5))
         info->format = zs;
      break;
   default:
      return false;
   }
   if (info->format != PIPE_FORMAT_NONE)
      info->type = GL_FRAMEBUFFER_DEFAULT;
   return true;
}

static GLint
component_type(enum pipe_format format, unsigned index)
{
   const struct u_format_desc *d = u_format_description(format);
   if (!d)
      return GL_NONE;
   if (index == ST_FB_STENCIL)
      return GL_UNSIGNED_INT;
   unsigned ch = index == ST_FB_DEPTH ? d->swizzle[0] : 0;
   if (index != ST_FB_DEPTH) {
      /* The first channel that feeds a colour component (A8: alpha). */
      for (unsigned c = 0; c < 4; c++) {
         if (d->swizzle[c] < 4) {
            ch = d->swizzle[c];
            break;
         }
      }
   }
   if (ch >= 4)
      return GL_NONE;
   switch (d->channel[ch].type) {
   case U_FORMAT_TYPE_UNORM:
      return GL_UNSIGNED_NORMALIZED;
   case U_FORMAT_TYPE_SNORM:
      return GL_SIGNED_NORMALIZED;
   case U_FORMAT_TYPE_UINT:
      return GL_UNSIGNED_INT;
   case U_FORMAT_TYPE_SINT:
      return GL_INT;
   case U_FORMAT_TYPE_FLOAT:
      return GL_FLOAT;
   default:
      return GL_NONE;
   }
}

void
api_GetFramebufferAttachmentParameteriv(struct st_context *ctx, GLenum target,
                                        GLenum attachment, GLenum pname,
                                        GLint *params)
{
   const char *func = "glGetFramebufferAttachmentParameteriv";
   struct st_framebuffer *fb = st_fb_bound(ctx, target);
   if (!fb) {
      st_error(ctx, GL_INVALID_ENUM, "%s(target=%s)", func,
               st_enum_name(target));
      return;
   }
   struct attachment_info info = { .type = GL_NONE };
   bool depth_stencil = attachment == GL_DEPTH_STENCIL_ATTACHMENT;
   if (!fb->name) {
      if (!window_info(ctx, target, attachment, &info)) {
         st_error(ctx, GL_INVALID_ENUM, "%s(attachment=%s)", func,
                  st_enum_name(attachment));
         return;
      }
   } else {
      unsigned index;
      if (attachment >= GL_COLOR_ATTACHMENT0 &&
          attachment <= GL_COLOR_ATTACHMENT31) {
         index = attachment - GL_COLOR_ATTACHMENT0;
         if (index >= ST_MAX_DRAW_BUFFERS) {
            st_error(ctx, GL_INVALID_OPERATION, "%s(attachment=%s)", func,
                     st_enum_name(attachment));
            return;
         }
      } else if (attachment == GL_DEPTH_ATTACHMENT) {
         index = ST_FB_DEPTH;
      } else if (attachment == GL_STENCIL_ATTACHMENT) {
         index = ST_FB_STENCIL;
      } else if (depth_stencil && (!ctx->es || ctx->version >= 30)) {
         const struct st_fb_attachment *z = &fb->att[ST_FB_DEPTH];
         const struct st_fb_attachment *s = &fb->att[ST_FB_STENCIL];
         if (z->type != s->type || z->rb != s->rb || z->tex != s->tex ||
             z->level != s->level || z->face != s->face ||
             z->layer != s->layer) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(depth and stencil attachments differ)", func);
            return;
         }
         index = ST_FB_DEPTH;
      } else {
         st_error(ctx, GL_INVALID_ENUM, "%s(attachment=%s)", func,
                  st_enum_name(attachment));
         return;
      }
      info.att = &fb->att[index];
      info.type = info.att->type;
      info.index = index;
      GLenum ifmt;
      unsigned w, h, d, s;
      if (!st_fb_attachment_image(info.att, &ifmt, &info.format, &w, &h, &d,
                                  &s))
         info.format = PIPE_FORMAT_NONE;
   }

   bool texture_pname = false;
   switch (pname) {
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE:
   case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
   case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
   case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
   case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING:
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
   case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
      texture_pname = true;
      break;
   case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
      if (ctx->es) {
         st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func,
                  st_enum_name(pname));
         return;
      }
      texture_pname = true;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return;
   }

   GLint value = 0;
   if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE) {
      value = (GLint)info.type;
   } else if (info.type == GL_NONE) {
      if (pname != GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME) {
         st_error(ctx,
                  ctx->es && ctx->version < 30 ? GL_INVALID_ENUM
                                               : GL_INVALID_OPERATION,
                  "%s(pname=%s of an empty attachment)", func,
                  st_enum_name(pname));
         return;
      }
   } else if ((texture_pname && info.type != GL_TEXTURE) ||
              (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME &&
               info.type == GL_FRAMEBUFFER_DEFAULT)) {
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s of %s)", func,
               st_enum_name(pname), st_enum_name(info.type));
      return;
   } else {
      const struct st_fb_attachment *att = info.att;
      switch (pname) {
      case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
         value = (GLint)(att->type == GL_RENDERBUFFER ? att->rb->name
                                                      : att->tex->name);
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
         value = (GLint)att->level;
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
         value = att->tex->target == GL_TEXTURE_CUBE_MAP && !att->layered
                    ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + att->face)
                    : 0;
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER:
         value = (GLint)att->layer;
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_LAYERED:
         value = att->layered;
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
      case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
      case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
      case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
         value = (GLint)st_fb_format_bits(
            info.format, pname - GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE);
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
         value = (GLint)st_fb_format_bits(info.format, 4);
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
         value = (GLint)st_fb_format_bits(info.format, 5);
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
         /* GL 4.6 9.2.3: no single answer for both aspects. */
         if (depth_stencil) {
            st_error(ctx, GL_INVALID_OPERATION,
                     "%s(COMPONENT_TYPE of DEPTH_STENCIL_ATTACHMENT)", func);
            return;
         }
         value = component_type(info.format, info.index);
         break;
      case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: {
         const struct u_format_desc *d = u_format_description(info.format);
         value = d && d->colorspace == U_FORMAT_COLORSPACE_SRGB ? GL_SRGB
                                                                : GL_LINEAR;
         break;
      }
      default:
         break;
      }
   }
   if (params)
      *params = value;
}
