/* SPDX-License-Identifier: MIT */

/*
 * The GL_ARB_shader_objects entry points that gl.xml does not alias to a
 * GL 2.0 command (glDeleteObjectARB, glGetObjectParameter{i,f}vARB,
 * glGetInfoLogARB, glGetHandleARB, glGetAttachedObjectsARB): they take
 * either kind of object, so they dispatch on it.  The handles are the
 * GL names (GLhandleARB is an unsigned int outside Apple's headers).
 *
 * Also the ES 3.0 program binary entry points, with no binary format:
 * GL_NUM_PROGRAM_BINARY_FORMATS is 0.
 */
#include <string.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_program_priv.h"

/* The object @p handle, NULL (INVALID_VALUE raised) if none. */
static struct st_shobj *
object_err(struct st_context *ctx, GLhandleARB handle, const char *func)
{
   struct st_shobj *obj = st_shobj_lookup(ctx, (GLuint)handle);
   if (!obj)
      st_error(ctx, GL_INVALID_VALUE, "%s(obj=%u)", func, (GLuint)handle);
   return obj;
}

void
api_DeleteObjectARB(struct st_context *ctx, GLhandleARB obj)
{
   if (!obj)
      return;
   struct st_shobj *o = object_err(ctx, obj, "glDeleteObjectARB");
   if (!o)
      return;
   if (o->kind == ST_SHOBJ_SHADER)
      api_DeleteShader(ctx, (GLuint)obj);
   else
      api_DeleteProgram(ctx, (GLuint)obj);
}

/* The integer value of @p pname of @p obj; false (error raised) if none. */
static bool
object_param(struct st_context *ctx, GLhandleARB obj, GLenum pname, GLint *out,
             const char *func)
{
   struct st_shobj *o = object_err(ctx, obj, func);
   if (!o)
      return false;
   if (pname == GL_OBJECT_TYPE_ARB) {
      *out = o->kind == ST_SHOBJ_SHADER ? GL_SHADER_OBJECT_ARB
                                        : GL_PROGRAM_OBJECT_ARB;
      return true;
   }
   if (o->kind == ST_SHOBJ_SHADER) {
      if (pname == GL_OBJECT_SUBTYPE_ARB)
         pname = GL_SHADER_TYPE;
      return st_shader_param(ctx, (struct st_shader *)o, pname, out, func);
   }
   return st_program_param(ctx, (struct st_program *)o, pname, out, func);
}

void
api_GetObjectParameterivARB(struct st_context *ctx, GLhandleARB obj,
                            GLenum pname, GLint *params)
{
   GLint value;
   if (object_param(ctx, obj, pname, &value, "glGetObjectParameterivARB") &&
       params)
      *params = value;
}

void
api_GetObjectParameterfvARB(struct st_context *ctx, GLhandleARB obj,
                            GLenum pname, GLfloat *params)
{
   GLint value;
   if (object_param(ctx, obj, pname, &value, "glGetObjectParameterfvARB") &&
       params)
      *params = (GLfloat)value;
}

void
api_GetInfoLogARB(struct st_context *ctx, GLhandleARB obj, GLsizei maxLength,
                  GLsizei *length, GLcharARB *infoLog)
{
   struct st_shobj *o = object_err(ctx, obj, "glGetInfoLogARB");
   if (!o)
      return;
   if (o->kind == ST_SHOBJ_SHADER)
      api_GetShaderInfoLog(ctx, (GLuint)obj, maxLength, length, infoLog);
   else
      api_GetProgramInfoLog(ctx, (GLuint)obj, maxLength, length, infoLog);
}

GLhandleARB
api_GetHandleARB(struct st_context *ctx, GLenum pname)
{
   if (pname != GL_PROGRAM_OBJECT_ARB) {
      st_error(ctx, GL_INVALID_ENUM, "glGetHandleARB(pname=%s)",
               st_enum_name(pname));
      return 0;
   }
   struct st_program *cur = ctx->program->current;
   return cur ? (GLhandleARB)cur->base.name : 0;
}

void
api_GetAttachedObjectsARB(struct st_context *ctx, GLhandleARB containerObj,
                          GLsizei maxCount, GLsizei *count, GLhandleARB *obj)
{
   /* GLhandleARB and GLuint are both unsigned int here. */
   _Static_assert(sizeof(GLhandleARB) == sizeof(GLuint),
                  "GLhandleARB is a GL name");
   api_GetAttachedShaders(ctx, (GLuint)containerObj, maxCount, count,
                          (GLuint *)obj);
}

/* ---- ES 3.0 program binaries (no formats) ---- */

void
api_GetProgramBinary(struct st_context *ctx, GLuint program, GLsizei bufSize,
                     GLsizei *length, GLenum *binaryFormat, void *binary)
{
   (void)binaryFormat;
   (void)binary;
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glGetProgramBinary");
   if (!prog)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetProgramBinary(bufSize=%d)",
               bufSize);
      return;
   }
   /* ES 3.0, 2.11.4: PROGRAM_BINARY_LENGTH is 0 without formats, so no
    * buffer is too small; a program that is not linked has no binary. */
   if (!prog->link_status) {
      st_error(ctx, GL_INVALID_OPERATION,
               "glGetProgramBinary(program %u not linked)", program);
      return;
   }
   if (length)
      *length = 0;
}

void
api_ProgramBinary(struct st_context *ctx, GLuint program, GLenum binaryFormat,
                  const void *binary, GLsizei length)
{
   (void)binary;
   (void)length;
   if (!st_program_lookup_err(ctx, program, "glProgramBinary"))
      return;
   st_error(ctx, GL_INVALID_ENUM, "glProgramBinary(binaryFormat=%s)",
            st_enum_name(binaryFormat));
}

void
api_ProgramParameteri(struct st_context *ctx, GLuint program, GLenum pname,
                      GLint value)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glProgramParameteri");
   if (!prog)
      return;
   if (pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT) {
      st_error(ctx, GL_INVALID_ENUM, "glProgramParameteri(pname=%s)",
               st_enum_name(pname));
      return;
   }
   if (value != GL_FALSE && value != GL_TRUE) {
      st_error(ctx, GL_INVALID_VALUE, "glProgramParameteri(value=%d)", value);
      return;
   }
   /* Kept for glGetProgramiv; without binary formats it changes
    * nothing else. */
   prog->binary_retrievable_hint = value == GL_TRUE;
}
