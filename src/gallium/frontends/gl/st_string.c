/* SPDX-License-Identifier: MIT */

/*
 * glGetString, glGetStringi and the version / flags queries.  The
 * extension list is made by the generated glapi code at context creation
 * (glapi_init_extensions) into ctx->extensions; this file only serves it.
 */
#include "glapi_api.h"
#include "pipe/p_screen.h"
#include "st_context.h"
#include "st_get.h"
#include "st_string.h"
#include "util/u_driconf.h"

static const char *
version_string(const struct st_context *ctx)
{
   if (ctx->es)
      return "OpenGL ES 3.0 Indium " ST_DRIVER_VERSION;
   if (ctx->core)
      return "3.3 (Core Profile) Indium " ST_DRIVER_VERSION;
   return "3.0 Indium " ST_DRIVER_VERSION;
}

static const char *
glsl_version_string(const struct st_context *ctx)
{
   if (ctx->es)
      return "OpenGL ES GLSL ES 3.00";
   return ctx->core ? "3.30" : "1.30";
}

const GLubyte *
api_GetString(struct st_context *ctx, GLenum name)
{
   const char *s = NULL;
   switch (name) {
   case GL_VENDOR:
      s = ctx->driconf->force_gl_vendor[0] ? ctx->driconf->force_gl_vendor
                                           : "Indium";
      break;
   case GL_RENDERER:
      s = ctx->driconf->force_gl_renderer[0]
             ? ctx->driconf->force_gl_renderer
             : ctx->screen->get_name(ctx->screen);
      break;
   case GL_VERSION:
      s = version_string(ctx);
      break;
   case GL_SHADING_LANGUAGE_VERSION:
      s = glsl_version_string(ctx);
      break;
   case GL_EXTENSIONS:
      /* Core profiles list extensions with glGetStringi only. */
      if (!ctx->core)
         s = ctx->extensions_string ? ctx->extensions_string : "";
      break;
   default:
      break;
   }
   if (!s) {
      st_error(ctx, GL_INVALID_ENUM, "glGetString(name=%s)",
               st_enum_name(name));
      return NULL;
   }
   return (const GLubyte *)s;
}

const GLubyte *
api_GetStringi(struct st_context *ctx, GLenum name, GLuint index)
{
   if (name != GL_EXTENSIONS) {
      st_error(ctx, GL_INVALID_ENUM, "glGetStringi(name=%s)",
               st_enum_name(name));
      return NULL;
   }
   if (index >= ctx->num_extensions) {
      st_error(ctx, GL_INVALID_VALUE, "glGetStringi(index=%u): %u extensions",
               index, ctx->num_extensions);
      return NULL;
   }
   return (const GLubyte *)ctx->extensions[index];
}

bool
st_string_get(struct st_context *ctx, GLenum pname, int index,
              struct st_value *v)
{
   if (index >= 0)
      return false;
   switch (pname) {
   case GL_MAJOR_VERSION:
      st_value_int(v, (GLint)ctx->version / 10);
      return true;
   case GL_MINOR_VERSION:
      st_value_int(v, (GLint)ctx->version % 10);
      return true;
   case GL_NUM_EXTENSIONS:
      st_value_int(v, (GLint)ctx->num_extensions);
      return true;
   case GL_CONTEXT_FLAGS: {
      /* ES 3.0 has it through KHR_debug (GL_CONTEXT_FLAG_DEBUG_BIT). */
      GLbitfield flags = 0;
      if (ctx->forward_compatible)
         flags |= GL_CONTEXT_FLAG_FORWARD_COMPATIBLE_BIT;
      if (ctx->debug_context)
         flags |= GL_CONTEXT_FLAG_DEBUG_BIT;
      if (ctx->no_error)
         flags |= GL_CONTEXT_FLAG_NO_ERROR_BIT;
      st_value_enum(v, flags);
      return true;
   }
   case GL_CONTEXT_PROFILE_MASK:
      if (!st_is_desktop(ctx, 32))
         return false;
      st_value_enum(v, ctx->core ? GL_CONTEXT_CORE_PROFILE_BIT
                                 : GL_CONTEXT_COMPATIBILITY_PROFILE_BIT);
      return true;
   default:
      return false;
   }
}
