/* SPDX-License-Identifier: MIT */

/*
 * Program queries: glGetProgramiv (every GL 3.3 / ES 3.0 pname),
 * glGetProgramInfoLog, glGetAttachedShaders and GL_CURRENT_PROGRAM with
 * the ES shader compiler and binary format counts.
 */
#include <string.h>

#include "glapi_api.h"
#include "st_context.h"
#include "st_get.h"
#include "st_program_priv.h"

static GLint
max_name_length(const char *const *names, size_t stride, unsigned n)
{
   GLint max = 0;
   for (unsigned i = 0; i < n; i++) {
      const char *name =
         *(const char *const *)((const char *)names + i * stride);
      GLint len = (GLint)strlen(name) + 1;
      if (len > max)
         max = len;
   }
   return max;
}

static GLint
count_attached(const struct st_program *prog)
{
   return (GLint)(prog->attached.size / sizeof(struct st_shader *));
}

bool
st_program_param(struct st_context *ctx, struct st_program *prog, GLenum pname,
                 GLint *out, const char *func)
{
   const struct glsl_program *p = prog->exec ? prog->exec->prog : NULL;
   bool ubo = !ctx->es || ctx->version >= 30;
   bool xfb = !ctx->es || ctx->version >= 30;
   switch (pname) {
   case GL_DELETE_STATUS:
      *out = prog->delete_pending;
      return true;
   case GL_LINK_STATUS:
      *out = prog->link_status;
      return true;
   case GL_VALIDATE_STATUS:
      *out = prog->validate_status;
      return true;
   case GL_INFO_LOG_LENGTH:
      *out = prog->info_log ? (GLint)strlen(prog->info_log) + 1 : 0;
      return true;
   case GL_ATTACHED_SHADERS:
      *out = count_attached(prog);
      return true;
   case GL_ACTIVE_ATTRIBUTES:
      *out = p ? (GLint)p->num_attributes : 0;
      return true;
   case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
      *out = p ? max_name_length(&p->attributes[0].name,
                                 sizeof(p->attributes[0]), p->num_attributes)
               : 0;
      return true;
   case GL_ACTIVE_UNIFORMS:
      *out = p ? (GLint)p->num_uniforms : 0;
      return true;
   case GL_ACTIVE_UNIFORM_MAX_LENGTH:
      *out = p ? max_name_length(&p->uniforms[0].name, sizeof(p->uniforms[0]),
                                 p->num_uniforms)
               : 0;
      return true;
   case GL_ACTIVE_UNIFORM_BLOCKS:
      if (!ubo)
         break;
      *out = p ? (GLint)p->num_blocks : 0;
      return true;
   case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH:
      if (!ubo)
         break;
      *out = p ? max_name_length(&p->blocks[0].name, sizeof(p->blocks[0]),
                                 p->num_blocks)
               : 0;
      return true;
   case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
      if (!xfb)
         break;
      *out = (GLint)(prog->exec ? prog->exec->xfb_mode : prog->xfb_mode);
      return true;
   case GL_TRANSFORM_FEEDBACK_VARYINGS:
      if (!xfb)
         break;
      *out = p ? (GLint)p->num_xfb_varyings : 0;
      return true;
   case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH:
      if (!xfb)
         break;
      *out =
         p ? max_name_length(&p->xfb_varyings[0].name,
                             sizeof(p->xfb_varyings[0]), p->num_xfb_varyings)
           : 0;
      return true;
   case GL_GEOMETRY_VERTICES_OUT:
   case GL_GEOMETRY_INPUT_TYPE:
   case GL_GEOMETRY_OUTPUT_TYPE: {
      if (!st_is_desktop(ctx, 32))
         break;
      /* GL 3.2, 6.1.10: INVALID_OPERATION without a linked geometry
       * shader. */
      if (!p || !p->stages[IR_STAGE_GEOMETRY]) {
         st_error(ctx, GL_INVALID_OPERATION,
                  "%s(%s: no geometry shader linked)", func,
                  st_enum_name(pname));
         return false;
      }
      static const GLenum prims[] = {
         [IR_PRIM_POINTS] = GL_POINTS,
         [IR_PRIM_LINES] = GL_LINES,
         [IR_PRIM_LINES_ADJACENCY] = GL_LINES_ADJACENCY,
         [IR_PRIM_LINE_STRIP] = GL_LINE_STRIP,
         [IR_PRIM_TRIANGLES] = GL_TRIANGLES,
         [IR_PRIM_TRIANGLES_ADJACENCY] = GL_TRIANGLES_ADJACENCY,
         [IR_PRIM_TRIANGLE_STRIP] = GL_TRIANGLE_STRIP,
      };
      if (pname == GL_GEOMETRY_VERTICES_OUT)
         *out = p->gs_max_vertices;
      else if (pname == GL_GEOMETRY_INPUT_TYPE)
         *out = (GLint)prims[p->gs_input_prim];
      else
         *out = (GLint)prims[p->gs_output_prim];
      return true;
   }
   case GL_PROGRAM_BINARY_LENGTH:
      if (!ctx->es)
         break;
      /* No program binary formats (GL_NUM_PROGRAM_BINARY_FORMATS 0). */
      *out = 0;
      return true;
   case GL_PROGRAM_BINARY_RETRIEVABLE_HINT:
      if (!ctx->es)
         break;
      *out = prog->binary_retrievable_hint;
      return true;
   default:
      break;
   }
   st_error(ctx, GL_INVALID_ENUM, "%s(pname=%s)", func, st_enum_name(pname));
   return false;
}

void
api_GetProgramiv(struct st_context *ctx, GLuint program, GLenum pname,
                 GLint *params)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glGetProgramiv");
   if (!prog)
      return;
   GLint value;
   if (st_program_param(ctx, prog, pname, &value, "glGetProgramiv") && params)
      *params = value;
}

void
api_GetProgramInfoLog(struct st_context *ctx, GLuint program, GLsizei bufSize,
                      GLsizei *length, GLchar *infoLog)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glGetProgramInfoLog");
   if (!prog)
      return;
   if (bufSize < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetProgramInfoLog(bufSize=%d)",
               bufSize);
      return;
   }
   st_copy_string(prog->info_log, bufSize, length, infoLog);
}

void
api_GetAttachedShaders(struct st_context *ctx, GLuint program, GLsizei maxCount,
                       GLsizei *count, GLuint *shaders)
{
   struct st_program *prog =
      st_program_lookup_err(ctx, program, "glGetAttachedShaders");
   if (!prog)
      return;
   if (maxCount < 0) {
      st_error(ctx, GL_INVALID_VALUE, "glGetAttachedShaders(maxCount=%d)",
               maxCount);
      return;
   }
   struct st_shader **attached = prog->attached.data;
   GLsizei n = count_attached(prog);
   if (n > maxCount)
      n = maxCount;
   for (GLsizei i = 0; shaders && i < n; i++)
      shaders[i] = attached[i]->base.name;
   if (count)
      *count = shaders ? n : 0;
}

/* ---- glGet ---- */

bool
st_program_get(struct st_context *ctx, GLenum pname, int index,
               struct st_value *v)
{
   if (index >= 0)
      return false;
   switch (pname) {
   case GL_CURRENT_PROGRAM:
      st_value_int(v, ctx->program->current
                         ? (GLint)ctx->program->current->base.name
                         : 0);
      return true;
   case GL_SHADER_COMPILER:
      if (!ctx->es)
         return false;
      st_value_bool(v, true);
      return true;
   case GL_NUM_SHADER_BINARY_FORMATS:
      if (!ctx->es)
         return false;
      st_value_int(v, 0);
      return true;
   case GL_NUM_PROGRAM_BINARY_FORMATS:
      if (!ctx->es)
         return false;
      st_value_int(v, 0);
      return true;
   default:
      return false;
   }
}
