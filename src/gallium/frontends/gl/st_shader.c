/* SPDX-License-Identifier: MIT */

/*
 * Shader objects: glCreateShader, glDeleteShader (deferred while
 * attached), glIsShader, glShaderSource, glCompileShader (the GLSL front
 * end), glGetShaderiv, glGetShaderInfoLog, glGetShaderSource, and the
 * ES entry points glGetShaderPrecisionFormat, glReleaseShaderCompiler
 * and glShaderBinary.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "compiler/glsl/glsl_compiler.h"
#include "glapi_api.h"
#include "glapi_extensions.h"
#include "st_context.h"
#include "st_names.h"
#include "st_program_priv.h"
#include "util/u_driconf.h"

/** More than the front end implements (glsl_supported_extensions()). */
#define ST_MAX_GLSL_EXTENSIONS 64

/* The stage of a shader type this context has, or -1. */
static int
shader_stage(struct st_context *ctx, GLenum type)
{
   switch (type) {
   case GL_VERTEX_SHADER:
      return IR_STAGE_VERTEX;
   case GL_FRAGMENT_SHADER:
      return IR_STAGE_FRAGMENT;
   case GL_GEOMETRY_SHADER:
      return st_is_desktop(ctx, 32) ? IR_STAGE_GEOMETRY : -1;
   default:
      return -1;
   }
}

GLuint
api_CreateShader(struct st_context *ctx, GLenum type)
{
   int stage = shader_stage(ctx, type);
   if (stage < 0) {
      st_error(ctx, GL_INVALID_ENUM, "glCreateShader(type=%s)",
               st_enum_name(type));
      return 0;
   }
   struct st_shader *sh = calloc(1, sizeof(*sh));
   if (!sh) {
      st_out_of_memory(ctx, "glCreateShader");
      return 0;
   }
   sh->base.kind = ST_SHOBJ_SHADER;
   sh->type = type;
   sh->stage = (enum ir_stage)stage;
   mtx_lock(&ctx->shared->mutex);
   GLuint name = 0;
   bool ok = st_names_gen(ctx->shared->shader_objects, 1, &name) &&
             st_names_insert(ctx->shared->shader_objects, name, sh);
   if (!ok && name)
      st_names_remove(ctx->shared->shader_objects, name);
   mtx_unlock(&ctx->shared->mutex);
   if (!ok) {
      free(sh);
      st_out_of_memory(ctx, "glCreateShader");
      return 0;
   }
   sh->base.name = name;
   return name;
}

void
api_DeleteShader(struct st_context *ctx, GLuint shader)
{
   if (!shader)
      return;
   struct st_shader *sh = st_shader_lookup_err(ctx, shader, "glDeleteShader");
   if (!sh)
      return;
   mtx_lock(&ctx->shared->mutex);
   if (sh->attach_count) {
      sh->delete_pending = true;
   } else {
      st_names_remove(ctx->shared->shader_objects, shader);
      st_shader_free(sh);
   }
   mtx_unlock(&ctx->shared->mutex);
}

GLboolean
api_IsShader(struct st_context *ctx, GLuint shader)
{
   struct st_shobj *obj = st_shobj_lookup(ctx, shader);
   return obj && obj->kind == ST_SHOBJ_SHADER;
}

void
api_ShaderSource(struct st_context *ctx, GLuint shader, GLsizei count,
                 const GLchar *const *string, const GLint *length)
{
   struct st_shader *sh = st_shader_lookup_err(ctx, shader, "glShaderSource");
   if (!sh)
      return;
   if (count < 0 || (count > 0 && !string)) {
      st_error(ctx, GL_INVALID_VALUE, "glShaderSource(count=%d)", count);
      return;
   }
   /* Negative lengths (or no lengths) mean NUL-terminated strings. */
   size_t total = 1;
   for (GLsizei i = 0; i < count; i++) {
      if (!string[i]) {
         st_error(ctx, GL_INVALID_VALUE, "glShaderSource(string[%d]=NULL)", i);
         return;
      }
      size_t len =
         length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      if (len > SIZE_MAX - total) {
         st_out_of_memory(ctx, "glShaderSource");
         return;
      }
      total += len;
   }
   char *source = malloc(total);
   if (!source) {
      st_out_of_memory(ctx, "glShaderSource");
      return;
   }
   size_t pos = 0;
   for (GLsizei i = 0; i < count; i++) {
      size_t len =
         length && length[i] >= 0 ? (size_t)length[i] : strlen(string[i]);
      /* A given length may cover a NUL; the source ends there. */
      memcpy(source + pos, string[i], len);
      pos += len;
   }
   source[pos] = '\0';
   free(sh->source);
   sh->source = source;
}

/* The GLSL extensions a shader may enable: those of the front end that
 * the context advertises (the #extension names are the GL ones). */
static unsigned
context_glsl_extensions(const struct st_context *ctx, const char **out,
                        unsigned max)
{
   unsigned n = 0;
   for (const char *const *e = glsl_supported_extensions(); *e; e++) {
      for (unsigned i = 0; i < ctx->num_extensions && n < max; i++) {
         if (strcmp(ctx->extensions[i], *e) == 0) {
            out[n++] = *e;
            break;
         }
      }
   }
   return n;
}

/** driconf's GLSL workarounds; a forced version the context does not
 * accept (or an ES context) leaves the default. */
static void
set_driconf_options(const struct st_context *ctx,
                    struct glsl_compile_options *opts)
{
   static const unsigned desktop_versions[] = { 110, 120, 130, 140, 150, 330 };
   unsigned forced = ctx->driconf->force_glsl_version;
   for (unsigned i = 0; i < sizeof(desktop_versions) / sizeof(unsigned); i++) {
      if (!ctx->es && forced == desktop_versions[i] &&
          forced <= ctx->glsl_version)
         opts->default_version = forced;
   }
   opts->allow_extension_midshader =
      ctx->driconf->allow_glsl_extension_directive_midshader;
   opts->zero_init = ctx->driconf->glsl_zero_init;
}

void
api_CompileShader(struct st_context *ctx, GLuint shader)
{
   struct st_shader *sh = st_shader_lookup_err(ctx, shader, "glCompileShader");
   if (!sh)
      return;
   const char *extensions[ST_MAX_GLSL_EXTENSIONS];
   struct glsl_compile_options opts = {
      .max_version = ctx->glsl_version,
      .es = ctx->es,
      .es_compat_max_version =
         !ctx->es && st_has_extension(ctx, ST_EXT_ARB_ES3_compatibility) ? 300
                                                                         : 0,
      .context_profile = ctx->es     ? GLSL_PROFILE_ES
                         : ctx->core ? GLSL_PROFILE_CORE
                                     : GLSL_PROFILE_COMPAT,
      .limits = ctx->glsl_limits,
      .extensions = extensions,
   };
   opts.num_extensions =
      context_glsl_extensions(ctx, extensions, ST_MAX_GLSL_EXTENSIONS);
   set_driconf_options(ctx, &opts);
   const char *source = sh->source ? sh->source : "";
   struct glsl_shader *compiled =
      glsl_compile_shader(sh->stage, &source, 1, &opts);
   if (!compiled) {
      st_out_of_memory(ctx, "glCompileShader");
      return;
   }
   char *log = NULL;
   if (compiled->info_log && compiled->info_log[0]) {
      log = strdup(compiled->info_log);
      if (!log) {
         glsl_shader_destroy(compiled);
         st_out_of_memory(ctx, "glCompileShader");
         return;
      }
   }
   free(sh->info_log);
   sh->info_log = log;
   sh->compile_status = compiled->ok;
   /* Programs already linked keep their executables; the next link uses
    * this compile. */
   glsl_shader_destroy(sh->compiled);
   sh->compiled = compiled->ok ? compiled : NULL;
   if (!compiled->ok)
      glsl_shader_destroy(compiled);
}

bool
st_shader_param(struct st_context *ctx, const struct st_shader *sh,
                GLenum pname, GLint *out, const char *func)
{
   switch (pname) {
   case GL_SHADER_TYPE:
      *out = (GLint)sh->type;
      return true;
   case GL_DELETE_STATUS:
      *out = sh->delete_pending;
      return true;
   case GL_COMPILE_STATUS:
      *out = sh->compile_status;
      return true;
   case GL_INFO_LOG_LENGTH:
      *out = sh->info_log ? (GLint)strlen(sh->info_log) + 1 : 0;
      return true;
   case GL_SHADER_SOURCE_LENGTH:
      *out = sh->source ? (GLint)strlen(sh->source) + 1 : 0;
      return true;
   default:
      st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
      return false;
   }
}

void
api_GetShaderiv(struct st_context *ctx, GLuint shader, GLenum pname,
                GLint *params)
{
   struct st_shader *sh = st_shader_lookup_err(ctx, shader, "glGetShaderiv");
   GLint value;
   if (sh && st_shader_param(ctx, sh, pname, &value, "glGetShaderiv") && params)
      *params = value;
}

void
api_GetShaderInfoLog(struct st_context *ctx, GLuint shader, GLsizei bufSize,
                     GLsizei *length, GLchar *infoLog)
{
   struct st_shader *sh =
      st_shader_lookup_err(ctx, shader, "glGetShaderInfoLog");
   if (!sh)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetShaderInfoLog(bufSize=%d)",
               bufSize);
      return;
   }
   st_copy_string(sh->info_log, bufSize, length, infoLog);
}

void
api_GetShaderSource(struct st_context *ctx, GLuint shader, GLsizei bufSize,
                    GLsizei *length, GLchar *source)
{
   struct st_shader *sh =
      st_shader_lookup_err(ctx, shader, "glGetShaderSource");
   if (!sh)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetShaderSource(bufSize=%d)", bufSize);
      return;
   }
   st_copy_string(sh->source, bufSize, length, source);
}

void
api_GetShaderPrecisionFormat(struct st_context *ctx, GLenum shadertype,
                             GLenum precisiontype, GLint *range,
                             GLint *precision)
{
   if (shadertype != GL_VERTEX_SHADER && shadertype != GL_FRAGMENT_SHADER) {
      st_error(ctx, GL_INVALID_ENUM,
               "glGetShaderPrecisionFormat(shadertype=%s)",
               st_enum_name(shadertype));
      return;
   }
   /* Every precision is computed as 32-bit IEEE floats and integers. */
   GLint r[2], p;
   switch (precisiontype) {
   case GL_LOW_FLOAT:
   case GL_MEDIUM_FLOAT:
   case GL_HIGH_FLOAT:
      r[0] = 127;
      r[1] = 127;
      p = 23;
      break;
   case GL_LOW_INT:
   case GL_MEDIUM_INT:
   case GL_HIGH_INT:
      r[0] = 31;
      r[1] = 30;
      p = 0;
      break;
   default:
      st_error(ctx, GL_INVALID_ENUM,
               "glGetShaderPrecisionFormat(precisiontype=%s)",
               st_enum_name(precisiontype));
      return;
   }
   if (range) {
      range[0] = r[0];
      range[1] = r[1];
   }
   if (precision)
      *precision = p;
}

void
api_ReleaseShaderCompiler(struct st_context *ctx)
{
   /* The compiler keeps no resources between compiles. */
   (void)ctx;
}

void
api_ShaderBinary(struct st_context *ctx, GLsizei count, const GLuint *shaders,
                 GLenum binaryFormat, const void *binary, GLsizei length)
{
   (void)shaders;
   (void)binary;
   if (count < 0 || length < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glShaderBinary(count=%d, length=%d)",
               count, length);
      return;
   }
   /* GL_NUM_SHADER_BINARY_FORMATS is 0: no format is valid. */
   st_error(ctx, GL_INVALID_ENUM, "glShaderBinary(binaryFormat=%s)",
            st_enum_name(binaryFormat));
}
